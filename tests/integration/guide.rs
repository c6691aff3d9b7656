//! The user guide (`docs/guide/`) is a fenpress site: it checks with every
//! warning denied, each of its diagrams fully verified, and builds with no
//! warning.

use std::path::Path;
use std::process::Command;

fn guide() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/guide")
}

/// The ```diagram blocks written in the guide's pages.
fn diagram_blocks() -> usize {
    walkdir::WalkDir::new(guide())
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.path().extension().is_some_and(|x| x == "md"))
        .map(|e| {
            std::fs::read_to_string(e.path())
                .unwrap()
                .lines()
                .filter(|l| l.trim() == "```diagram")
                .count()
        })
        .sum()
}

#[test]
fn the_guide_checks_clean_with_every_diagram_fully_verified() {
    let blocks = diagram_blocks();
    assert!(blocks >= 8, "{blocks} diagrams");
    let out = Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .args(["check", "--deny", "warnings"])
        .arg(guide())
        .output()
        .unwrap();
    let said =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains(&format!(
            "checked {blocks} diagram blocks: {blocks} fully verified"
        )),
        "{said}"
    );
    assert!(said.contains("0 errors, 0 warnings"), "{said}");
}

#[test]
fn the_guide_builds_with_no_warning() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let out = Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .arg("build")
        .arg(guide())
        .arg("--out")
        .arg(&site)
        .arg("--strict")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("0 errors, 0 warnings"), "{said}");
    for page in [
        "first-site",
        "diagrams",
        "writing-puzzles",
        "own-variant",
        "publishing",
    ] {
        assert!(
            site.join(format!("en/{page}/index.html")).is_file(),
            "{page}"
        );
    }
    assert!(site.join("en/puzzles/Chess/back-rank/index.html").is_file());
}
