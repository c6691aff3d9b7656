//! `check` reads `config.yaml` as `build` does (issue 19, item 4): what
//! `build` refuses there fails `check` too, at the file's line and column.

use fenpress::site::{build, check_site, BuildOptions};

fn site_with_config(config: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(content.join("pages/about")).unwrap();
    std::fs::write(content.join("pages/about/en.md"), "# About\n").unwrap();
    std::fs::write(content.join("config.yaml"), config).unwrap();
    dir
}

#[test]
fn check_fails_on_every_config_build_refuses() {
    for (config, line) in [
        ("title: A\ncolour: red\n", 2),
        ("base_url: javascript:alert(1)\n", 1),
        ("title: A\npuzzles: {proof_budget_ms: soon}\n", 2),
        ("languages: [en\n", 1),
        ("languages: [1, 2]\n", 1),
    ] {
        let dir = site_with_config(config);
        let content = dir.path().join("content");
        let built = build(&BuildOptions {
            content: content.clone(),
            out: dir.path().join("public"),
            strict: false,
        });
        assert!(built.is_err(), "build refuses {config:?}");
        let checked = check_site(&content).unwrap();
        let errors: Vec<_> = checked
            .diagnostics
            .iter()
            .filter(|d| d.code == "config")
            .collect();
        assert_eq!(errors.len(), 1, "{config:?}: {:#?}", checked.diagnostics);
        assert!(errors[0].file.ends_with("config.yaml"), "{:?}", errors[0]);
        assert_eq!(errors[0].line, line, "{config:?}: {:?}", errors[0]);
        assert!(checked.summary.errors > 0, "{config:?}");
    }
    let dir = site_with_config("title: Fine\n");
    let checked = check_site(&dir.path().join("content")).unwrap();
    assert!(checked.diagnostics.is_empty(), "{:#?}", checked.diagnostics);
}

/// A puzzle's `lang` names an output folder: `../../X` is refused at load,
/// at the puzzle file's line (before: only the search step failed, without
/// the file, and `check` blamed nothing).
#[test]
fn a_puzzle_language_that_is_a_path_is_an_error_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(content.join("puzzles/Chess")).unwrap();
    std::fs::write(
        content.join("puzzles/Chess/b.md"),
        "---\nlang: ../../X\nfen: 6k1/5ppp/8/8/8/8/8/R5K1 w - -\ngoal: mate in 1\nsolution: 1.Ra8#\n---\n",
    )
    .unwrap();
    let checked = check_site(&content).unwrap();
    let found: Vec<_> = checked
        .diagnostics
        .iter()
        .map(|d| (d.file.ends_with("b.md"), d.line, d.code))
        .collect();
    assert_eq!(
        found,
        [(true, 2, "front-matter")],
        "{:#?}",
        checked.diagnostics
    );
}
