//! Safe output by construction: a site whose Markdown and Pug pages are full
//! of script, event handlers and `javascript:`/`vbscript:`/`data:` URLs
//! builds into an output with none of them, and `check` reports each one at
//! its line and column (`unsafe-html`, `unsafe-url`).

use std::path::Path;

use fenpress::site::{build, check_site, BuildOptions};

/// Every payload names `PWNED`, so any of them that survived is found in
/// the output whatever shape it took. (Pug's `script.` block is kept as
/// escaped text by the converter, hence its inert payload; it is still
/// reported.)
const MARKDOWN: &str = r#"# Hostile

<script>alert("PWNED")</script>

<img src="x.png" onerror="alert('PWNED')">

[click](javascript:alert('PWNED'))

<a href="vbscript:msgbox('PWNED')">vb</a>

![pic](data:image/svg+xml;base64,PWNED)

<div onmouseover="PWNED()">hover</div> <SCRIPT src="//evil/PWNED.js"></SCRIPT>

<iframe src="javascript:PWNED()"></iframe>
"#;

const PUG: &str = r#"p
  | Hostile pug
  a(href="javascript:alert('PWNED')") link
  a(href="vbscript:PWNED" onclick="PWNED()") vb
  img(src="data:text/html,PWNED" onload="PWNED()")
script.
  alert("inert")
"#;

fn site(root: &Path) -> std::path::PathBuf {
    let content = root.join("content");
    std::fs::create_dir_all(content.join("pages/hostile")).unwrap();
    std::fs::create_dir_all(content.join("pages/pughostile")).unwrap();
    std::fs::write(content.join("pages/hostile/en.md"), MARKDOWN).unwrap();
    std::fs::write(content.join("pages/pughostile/en.pug"), PUG).unwrap();
    content
}

/// Lowercased HTML of every output file, by path.
/// The text files a browser reads as markup, script or style (not PNGs or
/// Pagefind's compressed index: their bytes can spell anything, and the scan
/// failed once in a parallel run while passing alone).
const SCANNED: &[&str] = &[
    "html", "htm", "js", "mjs", "css", "svg", "xml", "json", "txt",
];

fn outputs(out: &Path) -> Vec<(String, String)> {
    walkdir::WalkDir::new(out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter(|e| {
            e.path()
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| SCANNED.contains(&x))
        })
        .filter_map(|e| {
            let text = std::fs::read(e.path()).ok()?;
            Some((
                e.path().display().to_string(),
                String::from_utf8_lossy(&text).to_ascii_lowercase(),
            ))
        })
        .collect()
}

#[test]
fn no_script_handler_or_unsafe_url_reaches_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let content = site(dir.path());
    let out = dir.path().join("public");
    let report = build(&BuildOptions {
        content: content.clone(),
        out: out.clone(),
        strict: false,
    })
    .expect("the hostile site builds");
    assert!(report.written);
    let files = outputs(&out);
    assert!(files
        .iter()
        .any(|(p, t)| p.contains("hostile") && t.contains("hostile")));
    for (path, text) in &files {
        assert!(
            !text.contains("pwned"),
            "{path}: a payload reached the output"
        );
        for scheme in ["javascript:", "vbscript:", "data:text", "data:image/svg"] {
            // As a URL (after a quote, `=` or `(`), not the theme's prose.
            for (i, _) in text.match_indices(scheme) {
                let before = text[..i].trim_end().chars().next_back();
                assert!(
                    !matches!(before, Some('"' | '\'' | '=' | '(')),
                    "{path}: a {scheme} URL: {}",
                    &text[i.saturating_sub(60)..(i + 40).min(text.len())]
                );
            }
        }
        // ` on<name>=` as an attribute: the theme itself writes none.
        let bytes = text.as_bytes();
        for (i, _) in text.match_indices(" on") {
            let name: String = text[i + 3..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase())
                .collect();
            let next = bytes.get(i + 3 + name.len()).copied();
            assert!(
                name.len() < 3 || next != Some(b'='),
                "{path}: an event handler `on{name}=`"
            );
        }
    }
}

#[test]
fn check_reports_each_unsafe_construct_where_it_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let content = site(dir.path());
    let report = check_site(&content).expect("check runs");
    let mut got: Vec<(String, &str, usize, usize)> = report
        .diagnostics
        .iter()
        .filter(|d| d.code.starts_with("unsafe-"))
        .map(|d| {
            let file = d.file.file_name().unwrap().to_string_lossy().to_string();
            let folder = d.file.parent().unwrap().file_name().unwrap();
            (
                format!("{}/{file}", folder.to_string_lossy()),
                d.code,
                d.line,
                d.column,
            )
        })
        .collect();
    got.sort();
    let want = [
        ("hostile/en.md", "unsafe-html", 3, 1),
        ("hostile/en.md", "unsafe-html", 5, 18),
        ("hostile/en.md", "unsafe-html", 13, 6),
        ("hostile/en.md", "unsafe-html", 13, 40),
        ("hostile/en.md", "unsafe-url", 7, 9),
        ("hostile/en.md", "unsafe-url", 9, 10),
        ("hostile/en.md", "unsafe-url", 11, 8),
        ("hostile/en.md", "unsafe-url", 15, 14),
        ("pughostile/en.pug", "unsafe-html", 4, 27),
        ("pughostile/en.pug", "unsafe-html", 5, 34),
        ("pughostile/en.pug", "unsafe-html", 6, 1),
        ("pughostile/en.pug", "unsafe-url", 3, 11),
        ("pughostile/en.pug", "unsafe-url", 4, 11),
        ("pughostile/en.pug", "unsafe-url", 5, 12),
    ];
    let want: Vec<(String, &str, usize, usize)> = want
        .iter()
        .map(|(f, c, l, col)| (f.to_string(), *c, *l, *col))
        .collect();
    assert_eq!(got, want);
    assert!(report
        .diagnostics
        .iter()
        .filter(|d| d.code.starts_with("unsafe-"))
        .all(|d| d.severity == fenpress::diagnostic::Severity::Warning));
}

#[test]
fn strict_build_refuses_unsafe_html_and_base_url_must_be_http() {
    let dir = tempfile::tempdir().unwrap();
    let content = site(dir.path());
    let out = dir.path().join("public");
    let strict = build(&BuildOptions {
        content: content.clone(),
        out: out.clone(),
        strict: true,
    });
    assert!(
        !matches!(strict, Ok(ref r) if r.written),
        "--strict wrote a hostile site"
    );

    std::fs::write(
        content.join("config.yaml"),
        "title: T\nbase_url: \"javascript:alert(1)//\"\n",
    )
    .unwrap();
    let err = build(&BuildOptions {
        content,
        out,
        strict: false,
    })
    .expect_err("a javascript: base_url is refused");
    let text = err.to_string();
    assert!(text.contains("base_url") && text.contains("http"), "{text}");
}
