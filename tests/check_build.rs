//! `fenpress build` runs `check`'s verification: it reports the findings,
//! still writes the site when diagrams fail (unless `--strict`), and marks
//! each failed diagram in its page with the reason on hover.

use std::path::Path;

use fenpress::diagnostic::Severity;
use fenpress::site::{build, BuildOptions};

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

#[test]
fn failed_diagrams_are_marked_and_the_site_is_written() {
    let out = tempfile::tempdir().unwrap();
    let report = build_fixture("bad", out.path(), false);
    assert!(report.written, "{:#?}", report.diagnostics);
    let errors: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.code)
        .collect();
    assert!(errors.contains(&"claim-illegal") && errors.contains(&"pair-illegal"));
    assert_eq!(report.invalid_diagrams, 9);
    let page = |p: &str| std::fs::read_to_string(out.path().join("site").join(p)).unwrap();
    let chess = page("en/rules/Chess960/index.html");
    assert_eq!(chess.matches("class=\"fp-diagram fp-invalid\"").count(), 7);
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
fn strict_makes_a_failed_diagram_a_build_failure() {
    let out = tempfile::tempdir().unwrap();
    let report = build_fixture("bad", out.path(), true);
    assert!(!report.written);
    assert!(!out.path().join("site").exists());
}
