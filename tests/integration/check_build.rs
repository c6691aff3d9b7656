//! `fenpress build` runs `check`'s verification: it reports the findings,
//! writes nothing when a diagram fails (unless the site's baseline declares
//! the failure), and marks each failed diagram it writes in its page with
//! the reason on hover.

use fenpress_rules::registry::BUILTIN;
use std::path::Path;

use crate::common::Site;

use fenpress::diagnostic::Severity;
use fenpress::site::baseline::{self, BaselineChoice};
use fenpress::site::{build, build_with, check_site_with, BuildOptions, CheckOptions};

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/check")
        .join(name)
}

fn build_fixture(name: &str, out: &Path, strict: bool) -> fenpress::site::BuildReport {
    build(&BuildOptions {
        content: fixture(name),
        out: out.join("site"),
        strict,
    })
    .expect("the build runs")
}

/// A baseline in `dir` declaring every finding `check` makes on `content`
/// today, as `fenpress check --write-baseline` writes it.
fn baseline_of(content: &Path, dir: &Path) -> BaselineChoice {
    let report = check_site_with(
        content,
        &CheckOptions {
            baseline: BaselineChoice::Ignore,
            ..CheckOptions::default()
        },
    )
    .unwrap();
    let path = dir.join("baseline.yaml");
    baseline::write(&path, content, &report.diagnostics, &report.sources).unwrap();
    BaselineChoice::At(path)
}

fn build_with_baseline(content: &Path, out: &Path) -> fenpress::site::BuildReport {
    build_with(
        &BuildOptions {
            content: content.to_path_buf(),
            out: out.join("site"),
            strict: false,
        },
        &baseline_of(content, out),
    )
    .expect("the build runs")
}

#[test]
fn failed_diagrams_are_marked_when_the_baseline_declares_them_and_the_site_asks() {
    // Readers see no badge unless the site asks for it.
    let plain = tempfile::tempdir().unwrap();
    let report = build_with_baseline(&fixture("bad"), plain.path());
    assert!(report.written, "{:#?}", report.diagnostics);
    assert_eq!(report.invalid_diagrams, 16);
    let chess =
        std::fs::read_to_string(plain.path().join("site/en/rules/Chess960/index.html")).unwrap();
    assert!(!chess.contains("fp-invalid"), "{chess}");

    let out = tempfile::tempdir().unwrap();
    let content = out.path().join("content");
    for e in walkdir::WalkDir::new(fixture("bad"))
        .into_iter()
        .filter_map(Result::ok)
    {
        let to = content.join(e.path().strip_prefix(fixture("bad")).unwrap());
        if e.file_type().is_dir() {
            std::fs::create_dir_all(&to).unwrap();
        } else {
            std::fs::copy(e.path(), &to).unwrap();
        }
    }
    std::fs::write(
        content.join("config.yaml"),
        "diagrams:\n  show_failures: true\n",
    )
    .unwrap();
    let report = build_with_baseline(&content, out.path());
    assert!(report.written, "{:#?}", report.diagnostics);
    assert!(report
        .diagnostics
        .iter()
        .all(|d| d.severity != Severity::Error));
    let errors: Vec<_> = report
        .baselined
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.code)
        .collect();
    assert!(errors.contains(&"claim-illegal") && errors.contains(&"pair-illegal"));
    assert_eq!(report.invalid_diagrams, 16);
    let page = |p: &str| std::fs::read_to_string(out.path().join("site").join(p)).unwrap();
    let chess = page("en/rules/Chess960/index.html");
    assert_eq!(chess.matches("class=\"fp-diagram fp-invalid\"").count(), 11);
    assert!(chess.contains(
        "title=\"Not verified: Bxe7 is claimed legal but is illegal: it would leave the king in check, attacked by the rook on a8\""
    ));
    assert!(chess.contains("fp-invalid-badge"));
    // A Markdown page: the block's `fen:` position finds its diagram.
    let paco = page("en/rules/Pacosako/index.html");
    assert_eq!(paco.matches("fp-invalid\"").count(), 1, "{paco}");
    let css = page("static/fenpress.css");
    assert!(css.contains(".fp-diagram.fp-invalid") && css.contains(".fp-invalid-badge"));
}

#[test]
fn a_clean_site_has_no_mark() {
    let out = tempfile::tempdir().unwrap();
    let report = build_fixture("clean", out.path(), false);
    assert!(report.written);
    assert_eq!(report.invalid_diagrams, 0);
}

#[test]
fn a_failed_diagram_is_a_build_failure() {
    for strict in [false, true] {
        let out = tempfile::tempdir().unwrap();
        let report = build_fixture("bad", out.path(), strict);
        assert!(!report.written);
        assert!(
            report.summary().starts_with("build failed:"),
            "{}",
            report.summary()
        );
        assert!(!out.path().join("site").exists());
    }
}

/// A malformed board is one finding: check's precise one (`fen-row-width`
/// at the row), not also the renderer's `fen-malformed`; the diagram is
/// still drawn and marked. Where verification cannot check the board (a
/// variant fenpress does not know), the renderer's warning stays.
#[test]
fn a_malformed_board_is_reported_once() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    for (variant, fen) in [
        ("Chess", "4k3/8/8/8/8/8/PPPPPPP/4K3"),
        ("Nosuch", "4k3/8/8/8/8/8/PPPPPPP/4K3"),
    ] {
        std::fs::create_dir_all(content.join("rules").join(variant)).unwrap();
        std::fs::write(
            content.join("rules").join(variant).join("en.md"),
            format!("Text.\n\n```diagram\nfen: {fen}\n```\n"),
        )
        .unwrap();
    }
    std::fs::write(
        content.join("config.yaml"),
        "diagrams: {show_failures: true}\n",
    )
    .unwrap();
    let report = build_with_baseline(&content, dir.path());
    let codes = |variant: &str| -> Vec<&str> {
        report
            .baselined
            .iter()
            .chain(&report.diagnostics)
            .filter(|d| d.file.ends_with(format!("{variant}/en.md")))
            .map(|d| d.code)
            .collect()
    };
    assert_eq!(codes("Chess"), ["fen-row-width"], "{report:#?}");
    assert!(codes("Nosuch").contains(&"fen-malformed"), "{report:#?}");
    assert!(report.written);
    let page = std::fs::read_to_string(dir.path().join("site/en/rules/Chess/index.html")).unwrap();
    assert!(page.contains("fp-invalid"), "{page}");
    assert!(page.contains("<svg"), "still drawn: {page}");

    // The Pug fixture's row-width error is not doubled either.
    let out = tempfile::tempdir().unwrap();
    let report = build_fixture("bad", out.path(), false);
    assert!(!report.written);
    assert!(report.diagnostics.iter().any(|d| d.code == "fen-row-width"));
    assert!(
        !report.diagnostics.iter().any(|d| d.code == "fen-malformed"),
        "{:#?}",
        report.diagnostics
    );
}

/// Every finding comes from the shared load and verify steps: `check` and
/// `build` report the same findings on every fixture site and, when
/// `../shared` is there, on the corpus.
#[test]
fn check_and_build_report_the_same_findings() {
    let mut sites: Vec<std::path::PathBuf> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check"))
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
    sites.sort();
    assert!(sites.len() >= 5, "{sites:?}");
    match crate::common::corpus() {
        Some(corpus) => sites.push(corpus),
        None => println!("corpus part skipped: ../shared not found"),
    }
    for site in sites {
        let checked = check_site_with(
            &site,
            &CheckOptions {
                baseline: BaselineChoice::Ignore,
                ..CheckOptions::default()
            },
        )
        .unwrap();
        let out = tempfile::tempdir().unwrap();
        let built = build_with(
            &BuildOptions {
                content: site.clone(),
                out: out.path().join("site"),
                strict: false,
            },
            &BaselineChoice::Ignore,
        )
        .unwrap();
        assert_eq!(
            checked.diagnostics,
            built.diagnostics,
            "{}: check and build differ",
            site.display()
        );
    }
}

/// A key a diagram block does not have is reported by `check`, where it
/// is written, as by `build`.
#[test]
fn check_reports_an_unknown_key_in_a_diagram_block() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(content.join("rules/Chess")).unwrap();
    std::fs::write(
        content.join("rules/Chess/en.md"),
        "Text.\n\n```diagram\nfen: 4k3/8/8/8/8/8/8/4K3\ncolour: red\n```\n",
    )
    .unwrap();
    let checked = fenpress::site::check_site(&content).unwrap();
    let key: Vec<_> = checked
        .diagnostics
        .iter()
        .filter(|d| d.code == "diagram-key")
        .map(|d| (d.line, d.message.as_str()))
        .collect();
    assert_eq!(
        key,
        [(5, "unknown diagram key `colour` (ignored)")],
        "{:#?}",
        checked.diagnostics
    );
}

/// `check` asks verification for its findings only; `build` also for how to
/// draw (a pair a move apart, the moves a reader explores). Both purposes
/// give the same findings and statuses; only the drawing's answers differ.
#[test]
fn check_skips_what_only_a_drawing_needs() {
    use fenpress::check::{verify_page, Purpose};
    let text = "```diagram\nfen: 4k3/8/8/8/8/8/4P3/4K3\nafter: {fen: 4k3/8/8/8/4P3/8/8/4K3}\n```\n\n```diagram\nfen: 4k3/8/8/8/8/8/4P3/4K3\nmarks: [e3, e4]\n```\n";
    let path = Path::new("rules/Chess/en.md");
    let run = |purpose| {
        let (page, _) = fenpress::content::load::read_source(path, "Chess", "en", text);
        let mut page = page.expect("the page loads");
        let checked = verify_page(&BUILTIN, &mut page, purpose);
        (checked, page.diagrams)
    };
    let (found, checked) = run(Purpose::Findings);
    let (drawn_found, drawn) = run(Purpose::Drawing);
    assert_eq!(found.findings, drawn_found.findings);
    assert_eq!(found.verdicts.len(), 2);
    for (c, d) in checked.iter().zip(&drawn) {
        assert_eq!(c.status(), d.status());
        let c = c.verdict.as_ref().unwrap();
        assert!(!c.pair_linked && c.explore.iter().all(String::is_empty));
    }
    let pair = drawn[0].verdict.as_ref().unwrap();
    assert!(pair.pair_linked, "e2-e4 links the pair");
    assert!(pair.explore[0].contains("e2:e3,e4"), "{:?}", pair.explore);
    let marked = drawn[1].verdict.as_ref().unwrap();
    assert!(marked.explore[0].contains("e1:"), "{:?}", marked.explore);
}

/// One record per block: the spec says what a Pug diagram is and `written`
/// only where each part is (a position per mark, in the spec's order); a
/// block whose spec does not parse is unreadable, with one finding and no
/// verdict, in a Pug page as in a Markdown one.
#[test]
fn a_pug_diagram_is_one_record_and_a_bad_one_is_unreadable() {
    use fenpress::check::{verify_page, Purpose};
    let text = "p\n  | fen:4k3/8/8/8/8/8/4P3/4K3 e3,e4:\np\n  | fen:4k3/8/8/8/8/8/8/4K3 e4,q9x:\n";
    let (page, load_findings) =
        fenpress::content::load::read_source(Path::new("rules/Chess/en.pug"), "Chess", "en", text);
    let mut page = page.expect("the page loads");
    let good = &page.diagrams[0];
    let spec = good.spec.as_ref().expect("the first block parses");
    let written = good.written.as_ref().expect("its parts are found");
    assert_eq!(spec.board.marks.len(), written.boards[0].marks.len());
    let columns: Vec<usize> = written.boards[0].marks.iter().map(|l| l.column).collect();
    assert_eq!(columns, [31, 34], "each mark at its place on line 2");
    assert!(written.boards[0].marks.iter().all(|l| l.line == 2));
    let bad = &page.diagrams[1];
    assert!(bad.spec.is_err() && bad.written.is_none());
    assert_eq!(
        load_findings
            .iter()
            .filter(|d| d.code == "diagram-spec")
            .count(),
        1
    );
    let checked = verify_page(&BUILTIN, &mut page, Purpose::Findings);
    assert_eq!(checked.unreadable, 1);
    assert_eq!(checked.verdicts.len(), 1);
    assert_eq!(
        page.diagrams[0].status(),
        fenpress::model::Status::Proved,
        "{:?}",
        checked.findings
    );
}

/// Two sites checked in one process, each defining `Tiny` its own way (a
/// wazir, a ferz): each is checked with its own definition, and the second
/// does not change what the first sees (issue 35: the registry is the
/// site's, not the process's).
#[test]
fn two_sites_in_one_process_each_see_their_own_variant() {
    let tiny = |betza: &str| {
        format!(
            "board: 5x5\npieces:\n  - {{ letter: k, betza: K, royal: true }}\n  - {{ letter: w, betza: {betza} }}\nstart: k4/5/5/5/W3K w 0\n"
        )
    };
    let page =
        "---\ntitle: Tiny\n---\nOne step.\n\n```diagram\nfen: k4/5/5/5/W3K\nmoves: [Wa1-a2]\n```\n";
    let site = |betza: &str| {
        Site::new()
            .file(
                "config.yaml",
                "title: Tiny\nbase_url: https://example.org/\n",
            )
            .file("variants/Tiny.yaml", &tiny(betza))
            .file("rules/Tiny/en.md", page)
    };
    let (wazir, ferz) = (site("W"), site("F"));
    let errors = |site: &Site| {
        let checked = fenpress::site::check_site(&site.content()).unwrap();
        let errors: Vec<String> = checked
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| format!("{}: {}", d.code, d.message))
            .collect();
        errors
    };
    assert_eq!(errors(&wazir), Vec::<String>::new());
    let refused = errors(&ferz);
    assert!(
        refused.iter().any(|e| e.contains("a1") && e.contains("a2")),
        "a ferz does not step a1-a2: {refused:#?}"
    );
    assert_eq!(
        errors(&wazir),
        Vec::<String>::new(),
        "the ferz site's definition leaked"
    );
}
