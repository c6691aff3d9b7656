//! Hostile content of our own (issue 19, item 5; not in the text):
//! symlinks out of the content and in loops, an output folder of `/` or a
//! home folder, a billion-laughs alias bomb in `config.yaml`, a Pug
//! `include` of a file outside the content, huge and looping variant
//! definitions. Each builds or fails with a message; nothing leaks, hangs
//! or crashes.

use std::path::{Path, PathBuf};

use fenpress::site::{build, check_site, BuildOptions};

const SECRET: &str = "TOP-SECRET-7f3a";

fn content_with_page(root: &Path, page: &str) -> PathBuf {
    let content = root.join("content");
    std::fs::create_dir_all(content.join("rules/Chess")).unwrap();
    std::fs::write(content.join("rules/Chess/en.md"), page).unwrap();
    content
}

/// Every output file's bytes, as text.
fn output_text(out: &Path) -> String {
    walkdir::WalkDir::new(out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| String::from_utf8_lossy(&std::fs::read(e.path()).unwrap()).into_owned())
        .collect()
}

fn build_to(
    content: &Path,
    out: &Path,
) -> Result<fenpress::site::BuildReport, fenpress::site::SiteError> {
    build(&BuildOptions {
        content: content.to_path_buf(),
        out: out.to_path_buf(),
        strict: false,
    })
}

/// An image that is a symlink to a file outside the content was copied
/// into the output (a pull request could publish `~/.ssh/id_rsa`); a
/// symlink loop of folders in the content hangs nothing.
#[cfg(unix)]
#[test]
fn symlinks_out_of_the_content_are_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let secret = dir.path().join("secret.png");
    std::fs::write(&secret, SECRET).unwrap();
    let content = content_with_page(
        dir.path(),
        "# Chess\n\n![leak](leak.png)\n\n![abs](/leak2.png)\n",
    );
    std::os::unix::fs::symlink(&secret, content.join("rules/Chess/leak.png")).unwrap();
    std::os::unix::fs::symlink(&secret, content.join("leak2.png")).unwrap();
    // Loops: a folder linking to its parent, a link to itself.
    std::os::unix::fs::symlink(&content, content.join("rules/Chess/loop")).unwrap();
    std::os::unix::fs::symlink(content.join("rules/Self"), content.join("rules/Self")).unwrap();
    // A page that is a symlink to a page outside.
    let outside = dir.path().join("outside.md");
    std::fs::write(&outside, format!("# Out\n\n{SECRET}\n")).unwrap();
    std::fs::create_dir_all(content.join("pages/out")).unwrap();
    std::os::unix::fs::symlink(&outside, content.join("pages/out/en.md")).unwrap();
    // A symlink inside the content to a file inside it is still fine.
    std::fs::write(content.join("rules/Chess/real.png"), "PNG").unwrap();

    let out = dir.path().join("public");
    let report = build_to(&content, &out).expect("builds");
    let missing = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "missing-image")
        .count();
    assert_eq!(missing, 2, "{:#?}", report.diagnostics);
    assert!(out.join("en/rules/Chess/index.html").is_file());
    assert!(
        !output_text(&out).contains(SECRET),
        "the secret was published"
    );
    let checked = check_site(&content).unwrap();
    assert_eq!(
        checked
            .diagnostics
            .iter()
            .filter(|d| d.code == "missing-image")
            .count(),
        2
    );
}

/// `--out /` holds the content: refused. A home folder of a user's files
/// is no output fenpress wrote: refused, nothing deleted.
#[test]
fn the_root_or_a_home_folder_is_no_output() {
    let dir = tempfile::tempdir().unwrap();
    let content = content_with_page(dir.path(), "# Chess\n");
    let Err(err) = build_to(&content, Path::new("/")) else {
        panic!("`/` is refused");
    };
    assert!(err.to_string().contains("content"), "{err}");
    let home = dir.path().join("home");
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::write(home.join(".ssh/id_rsa"), SECRET).unwrap();
    std::fs::write(home.join("notes.txt"), "mine").unwrap();
    let Err(err) = build_to(&content, &home) else {
        panic!("a home folder is refused");
    };
    assert!(err.to_string().contains("did not write"), "{err}");
    assert!(home.join(".ssh/id_rsa").is_file() && home.join("notes.txt").is_file());
}

/// A billion-laughs alias bomb in `config.yaml`: refused or read within
/// bounds, never expanded to a billion strings.
#[test]
fn a_yaml_alias_bomb_in_the_config_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let content = content_with_page(dir.path(), "# Chess\n");
    let mut bomb = String::from(
        "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n",
    );
    for (prev, name) in ["a", "b", "c", "d", "e", "f", "g", "h"]
        .iter()
        .zip(["b", "c", "d", "e", "f", "g", "h", "i"])
    {
        bomb.push_str(&format!("{name}: &{name} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n"));
    }
    bomb.push_str("title: *i\n");
    std::fs::write(content.join("config.yaml"), &bomb).unwrap();
    let checked = check_site(&content).unwrap();
    assert!(
        checked.diagnostics.iter().any(|d| d.code == "config"),
        "{:#?}",
        checked.diagnostics
    );
    assert!(build_to(&content, &dir.path().join("public")).is_err());
}

/// Pug's `include` is not supported: an error at its line, and the file it
/// names (outside the content) is never read into the output.
#[test]
fn a_pug_include_outside_the_content_reads_nothing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("secret.txt"), SECRET).unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(content.join("rules/Chess")).unwrap();
    std::fs::write(
        content.join("rules/Chess/en.pug"),
        "p Chess\ninclude ../../../secret.txt\ninclude /etc/passwd\n",
    )
    .unwrap();
    let checked = check_site(&content).unwrap();
    let found: Vec<_> = checked
        .diagnostics
        .iter()
        .map(|d| (d.code, d.line))
        .collect();
    assert_eq!(found, [("pug-unsupported", 2), ("pug-unsupported", 3)]);
    let out = dir.path().join("public");
    let report = build_to(&content, &out).unwrap();
    assert!(report.count(fenpress::diagnostic::Severity::Error) > 0);
    assert!(!out.exists() || !output_text(&out).contains(SECRET));
}

/// A site's own variant definition that is huge (a 1,000 x 1,000 board,
/// 26 pieces of long Betza strings) or whose Betza loops (a zero step
/// ridden forever, an unbounded rider on a wrapping board) is refused or
/// played within bounds.
#[test]
fn huge_and_looping_variant_definitions_are_bounded() {
    use fenpress_rules::definition::compile_definition;
    use fenpress_rules::{legal, MoveList, Rules};
    let piece =
        |letter: char, betza: &str| format!("  - {{ letter: {letter}, betza: \"{betza}\" }}\n");
    let mut cases = Vec::new();
    cases.push(format!(
        "name: Huge\nboard: 1000x1000\npieces:\n{}  - {{ letter: k, betza: K, royal: true }}\nstart: 4k995/1000/1000 w 0\n",
        piece('q', "Q")
    ));
    cases.push(format!(
        "name: Many\nboard: 8x8\npieces:\n{}  - {{ letter: k, betza: K, royal: true }}\nstart: 4k3/8/8/8/8/8/8/4K3 w 0\n",
        ('a'..='j').map(|c| piece(c, &"QNCZAD(3,2)(4,1)".repeat(40))).collect::<String>()
    ));
    for betza in [
        "(0,0)",
        "R0",
        "W99999",
        "(0,0)0",
        "pR",
        "ppppR",
        "[WW][WW][WW]",
        "gQ",
        "(255,255)",
    ] {
        cases.push(format!(
            "name: Loop\nboard: 8x8\npieces:\n{}  - {{ letter: k, betza: K, royal: true }}\nstart: 4k3/8/8/8/3X4/8/8/4K3 w 0\n",
            piece('x', betza)
        ));
    }
    for text in &cases {
        if let Ok(compiled) = compile_definition(text, "variants/Hostile.yaml") {
            let rules: &dyn Rules = &compiled;
            let mut pos = rules.start_position();
            let mut moves = MoveList::new();
            legal::legal_moves(rules, &mut pos, &mut moves);
            assert!(moves.len() < 1_000_000, "{text}");
        }
    }
}

/// A page source, a theme file or a piece file that is a symbolic link or
/// a FIFO, and a theme file over the cap, are left out of the site with a
/// `skipped-file` warning from `check` and `build` alike; they were
/// dropped unsaid (issue 41).
#[cfg(unix)]
#[test]
fn skipped_files_are_warnings_in_check_and_build() {
    let dir = tempfile::tempdir().unwrap();
    let content = content_with_page(dir.path(), "# Chess\n");
    std::fs::write(
        content.join("config.yaml"),
        "title: T\ntheme: plain\npieces: { folder: pieces, svg: inline }\n",
    )
    .unwrap();
    let theme = dir.path().join("themes/plain");
    for (file, text) in [
        ("templates/page.html", "PAGE {{ page.title }}"),
        ("templates/rules_index.html", "INDEX"),
        ("templates/home.html", "HOME"),
        ("templates/root.html", "ROOT"),
        ("templates/404.html", "404"),
        ("static/x.css", "x"),
    ] {
        std::fs::create_dir_all(theme.join(file).parent().unwrap()).unwrap();
        std::fs::write(theme.join(file), text).unwrap();
    }
    let outside = dir.path().join("outside.txt");
    std::fs::write(&outside, SECRET).unwrap();
    std::os::unix::fs::symlink(&outside, theme.join("static/linked.css")).unwrap();
    // Sparse: over the 64 MiB cap without taking the disk.
    std::fs::File::create(theme.join("static/huge.woff2"))
        .unwrap()
        .set_len((64 << 20) + 1)
        .unwrap();
    std::fs::create_dir_all(content.join("pieces")).unwrap();
    std::os::unix::fs::symlink(&outside, content.join("pieces/wk.svg")).unwrap();
    std::fs::create_dir_all(content.join("pages/linked")).unwrap();
    std::os::unix::fs::symlink(&outside, content.join("pages/linked/en.md")).unwrap();
    std::fs::create_dir_all(content.join("pages/fifo")).unwrap();
    let fifo = content.join("pages/fifo/en.md");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let with_fifo = made.is_ok_and(|s| s.success());

    let mut expected = vec![
        content.join("pages/linked/en.md"),
        content.join("pieces/wk.svg"),
        theme.join("static/huge.woff2"),
        theme.join("static/linked.css"),
    ];
    if with_fifo {
        expected.push(fifo);
    }
    expected.sort();
    let skipped = |diagnostics: &[fenpress::diagnostic::Diagnostic]| {
        let mut files: Vec<PathBuf> = diagnostics
            .iter()
            .filter(|d| d.code == "skipped-file")
            .inspect(|d| assert_eq!(d.severity, fenpress::diagnostic::Severity::Warning))
            .map(|d| d.file.clone())
            .collect();
        files.sort();
        files
    };
    // Folders resolved (the temporary folder may be a link), files not.
    let canon = |files: Vec<PathBuf>| -> Vec<PathBuf> {
        files
            .iter()
            .map(|p| {
                p.parent()
                    .unwrap()
                    .canonicalize()
                    .unwrap()
                    .join(p.file_name().unwrap())
            })
            .collect()
    };
    let expected = canon(expected);
    let checked = check_site(&content).expect("check runs");
    assert_eq!(canon(skipped(&checked.diagnostics)), expected);
    let out = dir.path().join("public");
    let built = build_to(&content, &out).expect("builds");
    assert_eq!(canon(skipped(&built.diagnostics)), expected);
    assert!(out.join("static/x.css").is_file());
    assert!(!out.join("static/huge.woff2").exists());
    assert!(!output_text(&out).contains(SECRET));
}
