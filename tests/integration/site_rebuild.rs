//! The build cache beside the output (issue 44): a rebuild redoes what a
//! change touched and nothing else, and its output is byte for byte a
//! clean build's of the same sources.

use std::path::{Path, PathBuf};

use crate::common::Site;
use fenpress::site::cache::CacheStats;
use fenpress::site::{build, BuildOptions};

/// Two languages, a variant of the site's own with its pages and a
/// diagram, pieces named in its definition, chess pages, an about page.
fn site() -> Site {
    Site::new()
        .file("config.yaml", "title: Rebuilt\nbase_url: https://example.org/\n")
        .file("variants/Skyriders.yaml", SKYRIDERS)
        .file(
            "rules/Skyriders/en.md",
            "---\ntitle: Skyriders\n---\nKnights ride.\n\n```diagram\nfen: 4k3/8/8/8/8/8/8/N3K3\nmoves: [Na1-c2]\n```\n",
        )
        .file("rules/Skyriders/fr.md", "Les cavaliers chevauchent.\n")
        .file(
            "rules/Chess/en.md",
            "---\ntitle: Chess\n---\nPlain chess.\n\n```diagram\nfen: 4k3/8/8/8/8/8/8/4K3\nmoves: [Ke1-e2]\n```\n",
        )
        .file("rules/Chess/fr.md", "Les échecs.\n")
        .file("rules/Orda/en.md", "---\ntitle: Orda\n---\nHorde text.\n")
        .file(
            "pages/about/en.md",
            "---\ntitle: About us\n---\nWho we are.\n\n```diagram\nvariant: Skyriders\nfen: 4k3/8/8/8/8/8/8/N3K3\n```\n",
        )
        .file("pages/about/fr.md", "Qui nous sommes.\n")
}

const SKYRIDERS: &str = "board: 8x8
pieces:
  - { letter: p, betza: fmWfcF, pawn: true, en: pawn, fr: pion, es: peón }
  - { letter: n, betza: NN, en: nightrider, fr: noctambule, es: nocturno }
  - { letter: b, betza: B, en: bishop, fr: fou, es: alfil }
  - { letter: r, betza: R, en: rook, fr: tour, es: torre }
  - { letter: q, betza: Q, en: queen, fr: dame, es: dama }
  - { letter: k, betza: K, royal: true, en: king, fr: roi, es: rey }
start: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -
promotion:
  pieces: [q, r, b, n]
";

/// Pages of [`site`].
const PAGES: usize = 7;

/// Builds `site` into its output folder (the cache's) and says what the
/// cache reused.
#[track_caller]
fn rebuild(site: &Site) -> CacheStats {
    let report = build(&BuildOptions {
        content: site.content(),
        out: site.out(),
        strict: false,
    })
    .expect("the build runs");
    assert!(report.written, "build failed: {:?}", report.diagnostics);
    report
        .cache
        .expect("a build that wrote its output has cache stats")
}

/// Every file below `dir` with its bytes, sorted by path.
fn files_of(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).expect("below").to_path_buf();
            (rel, std::fs::read(e.path()).expect("read output"))
        })
        .collect();
    files.sort();
    files
}

/// A clean build of `site`'s sources into a fresh folder: its files.
fn clean_build(site: &Site) -> Vec<(PathBuf, Vec<u8>)> {
    let fresh = tempfile::tempdir().expect("temp dir");
    let out = fresh.path().join("public");
    let report = build(&BuildOptions {
        content: site.content(),
        out: out.clone(),
        strict: false,
    })
    .expect("the build runs");
    assert!(
        report.written,
        "clean build failed: {:?}",
        report.diagnostics
    );
    let stats = report.cache.expect("stats");
    assert_eq!(
        stats.verified_reused + stats.rendered_reused,
        0,
        "{stats:?}"
    );
    files_of(&out)
}

/// The output equals a clean build's, file for file, byte for byte.
#[track_caller]
fn assert_as_clean(site: &Site) {
    let rebuilt = files_of(&site.out());
    let clean = clean_build(site);
    let paths = |f: &[(PathBuf, Vec<u8>)]| f.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>();
    assert_eq!(paths(&rebuilt), paths(&clean), "the same files");
    for ((path, a), (_, b)) in rebuilt.iter().zip(&clean) {
        assert!(a == b, "{} differs from a clean build's", path.display());
    }
}

fn edit(site: &Site, path: &str, from: &str, to: &str) {
    let file = site.content().join(path);
    let text = std::fs::read_to_string(&file).expect("read source");
    assert!(text.contains(from), "{path} holds `{from}`");
    std::fs::write(&file, text.replace(from, to)).expect("write source");
}

#[test]
fn a_clean_build_is_the_same_twice_and_a_second_build_reuses_everything() {
    let site = site();
    let first = rebuild(&site);
    assert_eq!(first.verified, PAGES, "{first:?}");
    assert_eq!(first.rendered, PAGES, "{first:?}");
    assert_eq!(first.indexed, ["en", "fr"]);
    // Two clean builds into fresh folders are byte-identical, and so is
    // the cached output.
    assert_eq!(clean_build(&site), clean_build(&site));
    assert_as_clean(&site);
    let second = rebuild(&site);
    assert_eq!(
        second,
        CacheStats {
            verified: 0,
            verified_reused: PAGES,
            rendered: 0,
            rendered_reused: PAGES,
            indexed: Vec::new(),
            indexed_reused: vec!["en".into(), "fr".into()],
        }
    );
    assert_as_clean(&site);
    // The cache lives beside the output, never in it.
    let cache = site.out().with_file_name(".public.fenpress-cache");
    assert!(cache.join("manifest.json").is_file());
    assert!(!files_of(&site.out())
        .iter()
        .any(|(p, _)| p.to_string_lossy().contains("manifest")));
}

#[test]
fn one_page_changed_is_the_only_page_verified_rendered_and_its_language_indexed() {
    let site = site();
    rebuild(&site);
    edit(
        &site,
        "rules/Chess/en.md",
        "Plain chess.",
        "Plain chess, edited.",
    );
    let stats = rebuild(&site);
    // The home page (the theme's own here) is rendered every time, but
    // a home page of the content is not among these pages.
    assert_eq!((stats.verified, stats.verified_reused), (1, PAGES - 1));
    assert_eq!((stats.rendered, stats.rendered_reused), (1, PAGES - 1));
    assert_eq!(stats.indexed, ["en"]);
    assert_eq!(stats.indexed_reused, ["fr"]);
    let page = std::fs::read_to_string(site.out().join("en/rules/Chess/index.html")).unwrap();
    assert!(page.contains("Plain chess, edited."));
    assert_as_clean(&site);
}

#[test]
fn a_changed_title_renders_every_page_that_may_show_it() {
    let site = site();
    rebuild(&site);
    // Prev/next links and indexes show titles: every page is rendered,
    // only the edited one verified.
    edit(&site, "rules/Orda/en.md", "title: Orda", "title: The Horde");
    let stats = rebuild(&site);
    assert_eq!(stats.verified, 1, "{stats:?}");
    assert_eq!(stats.rendered, PAGES, "{stats:?}");
    assert_as_clean(&site);
}

/// `fenpress build -v` of `site` into `out`: its `cache:` line. A variant
/// definition is registered once per process, so a build after a changed
/// definition runs in a process of its own.
fn cli_build(site: &Site, out: &Path) -> String {
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .arg("build")
        .arg("-v")
        .arg("--content")
        .arg(site.content())
        .arg("--out")
        .arg(out)
        .output()
        .expect("fenpress runs");
    let said = String::from_utf8_lossy(&run.stderr).into_owned();
    assert!(run.status.success(), "{said}");
    said.lines()
        .find_map(|l| l.trim().strip_prefix("cache: "))
        .unwrap_or_else(|| panic!("no cache line in {said}"))
        .to_string()
}

#[test]
fn a_changed_variant_definition_verifies_and_renders_its_pages_again() {
    let site = site();
    let out = site.out();
    cli_build(&site, &out);
    assert_eq!(
        cli_build(&site, &out),
        "verified 0 pages (7 reused), rendered 0 (7 reused), indexed none (en, fr reused)"
    );
    // The nightrider becomes a knight that moves as one: the page's move
    // is still legal, its pieces' names (search terms) change.
    edit(
        &site,
        "variants/Skyriders.yaml",
        "betza: NN, en: nightrider",
        "betza: N, en: night knight",
    );
    let said = cli_build(&site, &out);
    // The two pages of the variant (its folder's) and the page with a
    // diagram of it are verified and rendered again (a definition draws
    // its boards, names its pieces); the others, which name chess or
    // Orda, are not.
    assert!(
        said.starts_with("verified 3 pages (4 reused), rendered 3 (4 reused), indexed en"),
        "{said}"
    );
    let fresh = tempfile::tempdir().unwrap();
    let clean = fresh.path().join("public");
    cli_build(&site, &clean);
    assert_eq!(files_of(&out), files_of(&clean));
}

#[test]
fn a_changed_config_renders_every_page_and_verifies_none() {
    let site = site();
    rebuild(&site);
    edit(
        &site,
        "config.yaml",
        "title: Rebuilt",
        "title: Rebuilt again",
    );
    let stats = rebuild(&site);
    assert_eq!((stats.verified, stats.verified_reused), (0, PAGES));
    assert_eq!(stats.rendered, PAGES, "{stats:?}");
    let page = std::fs::read_to_string(site.out().join("en/rules/Orda/index.html")).unwrap();
    assert!(page.contains("Rebuilt again"));
    assert_as_clean(&site);
}

#[test]
fn a_changed_theme_renders_every_page_and_verifies_none() {
    let site = site()
        .file("config.yaml", "title: Rebuilt\ntheme: plain\n")
        .outside("themes/plain/templates/page.html", "PLAIN {{ page.title }}")
        .outside("themes/plain/templates/rules_index.html", "INDEX")
        .outside("themes/plain/templates/home.html", "HOME")
        .outside("themes/plain/templates/root.html", "ROOT")
        .outside("themes/plain/templates/404.html", "404");
    rebuild(&site);
    let template = site.content().join("../themes/plain/templates/page.html");
    std::fs::write(&template, "PLAINER {{ page.title }}").unwrap();
    let stats = rebuild(&site);
    assert_eq!((stats.verified, stats.verified_reused), (0, PAGES));
    assert_eq!(stats.rendered, PAGES, "{stats:?}");
    let page = std::fs::read_to_string(site.out().join("en/rules/Orda/index.html")).unwrap();
    assert_eq!(page, "PLAINER Orda");
    assert_as_clean(&site);
}

#[test]
fn a_manifest_of_another_fenpress_binary_is_not_used() {
    let site = site();
    rebuild(&site);
    let manifest = site
        .out()
        .with_file_name(".public.fenpress-cache")
        .join("manifest.json");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["binary"] = "0.0.1-another-build".into();
    std::fs::write(&manifest, json.to_string()).unwrap();
    let stats = rebuild(&site);
    assert_eq!(
        (stats.verified, stats.rendered),
        (PAGES, PAGES),
        "{stats:?}"
    );
    assert_eq!(stats.indexed, ["en", "fr"]);
    assert_as_clean(&site);
}

#[test]
fn a_page_removed_from_the_output_by_hand_is_rendered_again() {
    let site = site();
    rebuild(&site);
    std::fs::remove_file(site.out().join("en/rules/Orda/index.html")).unwrap();
    let stats = rebuild(&site);
    assert_eq!(stats.rendered, 1, "{stats:?}");
    assert_as_clean(&site);
}

#[test]
fn the_findings_of_reused_pages_are_a_clean_build_s() {
    // A variant fenpress does not know, its board drawn as far as it goes:
    // verification's warning, with its span, reported from the cache.
    let site = site().file(
        "rules/Unknownia/en.md",
        "---\ntitle: Unknownia\n---\nText.\n\n```diagram\nfen: 4k3/8/8/8/8/8/8/4K3/9\n```\n",
    );
    let options = BuildOptions {
        content: site.content(),
        out: site.out(),
        strict: false,
    };
    let first = build(&options).expect("the build runs");
    assert!(
        first.diagnostics.iter().any(|d| d.code == "fen-malformed"),
        "{:?}",
        first.diagnostics
    );
    edit(
        &site,
        "rules/Chess/en.md",
        "Plain chess.",
        "Plain chess, edited.",
    );
    let second = build(&options).expect("the build runs");
    let stats = second.cache.clone().expect("stats");
    assert_eq!(stats.verified, 1, "{stats:?}");
    let fresh = tempfile::tempdir().unwrap();
    let clean = build(&BuildOptions {
        out: fresh.path().join("public"),
        ..options
    })
    .expect("the build runs");
    assert_eq!(second.diagnostics, clean.diagnostics);
    let spans = |r: &fenpress::site::BuildReport| -> Vec<usize> {
        r.diagnostics.iter().map(|d| d.span).collect()
    };
    assert_eq!(spans(&second), spans(&clean));
    assert_eq!(second.statuses, clean.statuses);
    assert_as_clean(&site);
}

/// Two builds of one output at once: the manifest a build writes after
/// its swap names the folder it swapped in, so an output another build
/// swapped in meanwhile (here: the folder replaced by a copy) is not
/// taken for the one it describes.
#[test]
fn a_manifest_describes_only_the_folder_its_build_swapped_in() {
    let site = site();
    rebuild(&site);
    let out = site.out();
    let moved = out.with_file_name("moved");
    std::fs::rename(&out, &moved).unwrap();
    for (path, bytes) in files_of(&moved) {
        let target = out.join(path);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::write(target, bytes).unwrap();
    }
    let stats = rebuild(&site);
    assert_eq!(
        (stats.verified, stats.rendered),
        (PAGES, PAGES),
        "{stats:?}"
    );
    assert_as_clean(&site);
    // And the manifest written now describes the output again.
    let stats = rebuild(&site);
    assert_eq!((stats.verified, stats.rendered), (0, 0), "{stats:?}");
}
