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

/// An unknown key, top-level or below a known one, is a warning naming the
/// nearest key, in both `check` and `build` (before: a hard error, no
/// suggestion), and the site still builds.
#[test]
fn an_unknown_config_key_is_a_warning_naming_the_nearest() {
    let dir = site_with_config(
        "titel: A\nlanguages: [en]\ncolour: red\npuzzles:\n  proof_budget_msec: 5000\n",
    );
    let content = dir.path().join("content");
    let checked = check_site(&content).unwrap();
    let found: Vec<_> = checked
        .diagnostics
        .iter()
        .map(|d| (d.code, d.line, d.hint.clone().unwrap_or_default()))
        .collect();
    assert_eq!(found.len(), 3, "{:#?}", checked.diagnostics);
    assert_eq!((found[0].0, found[0].1), ("unknown-config-key", 1));
    assert!(found[0].2.contains("`title`"), "{found:?}");
    assert_eq!((found[1].0, found[1].1), ("unknown-config-key", 3));
    assert!(found[1].2.contains("base_url"), "{found:?}");
    assert_eq!((found[2].0, found[2].1), ("unknown-config-key", 5));
    assert!(found[2].2.contains("`proof_budget_ms`"), "{found:?}");
    assert_eq!(checked.summary.errors, 0);
    let built = build(&BuildOptions {
        content,
        out: dir.path().join("public"),
        strict: false,
    })
    .expect("builds with warnings");
    let codes: Vec<_> = built.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["unknown-config-key"; 3]);
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

/// A puzzle file named `...md` (slug `..`) replaced the puzzle index; a
/// page folder named `CON` cannot be written on Windows. Both are errors
/// at load, in `check` as in `build`, and nothing is written for them.
#[test]
fn page_names_that_are_paths_or_devices_are_errors_at_load() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(content.join("puzzles/Chess")).unwrap();
    std::fs::create_dir_all(content.join("pages/CON")).unwrap();
    std::fs::create_dir_all(content.join("pages/about")).unwrap();
    std::fs::write(content.join("pages/about/en.md"), "# About\n").unwrap();
    std::fs::write(content.join("pages/CON/en.md"), "# Con\n").unwrap();
    std::fs::write(
        content.join("puzzles/Chess/...md"),
        "---\nfen: 6k1/5ppp/8/8/8/8/8/R5K1 w - -\ngoal: mate in 1\nsolution: 1.Ra8#\n---\n",
    )
    .unwrap();
    let checked = check_site(&content).unwrap();
    let mut found: Vec<_> = checked
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.code,
                d.file.file_name().unwrap().to_string_lossy().into_owned(),
            )
        })
        .collect();
    found.sort();
    assert_eq!(
        found,
        [
            ("bad-name", "...md".to_string()),
            ("bad-name", "en.md".to_string())
        ],
        "{:#?}",
        checked.diagnostics
    );
    let out = dir.path().join("public");
    let built = build(&BuildOptions {
        content,
        out: out.clone(),
        strict: false,
    })
    .unwrap();
    let codes: Vec<_> = built.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        ["bad-name", "bad-name"],
        "build refuses what check reports"
    );
    assert!(!out.exists(), "nothing is written");
}
