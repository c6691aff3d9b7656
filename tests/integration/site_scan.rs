//! The output scan of issue 19 (item 3, "done when"): every built fixture
//! site, the embedded and starter sites, and (from `site_corpus`) the
//! vchess corpus hold no script but the theme's own files, no event
//! handler attribute and no `javascript:`/`vbscript:`/`data:` URL.

use std::path::{Path, PathBuf};

use fenpress::site::{build, BuildOptions};

/// What in the text files of `out` could run script: each problem as
/// `file: what, near ...`. The theme's scripts are `<script src=...>` of
/// its own `static/` files; data is `<script type="application/json">`.
pub fn script_in_output(out: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    for entry in walkdir::WalkDir::new(out)
        .into_iter()
        .filter_map(Result::ok)
    {
        let path = entry.path();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !entry.file_type().is_file() || !matches!(ext, "html" | "svg" | "xml" | "xhtml") {
            continue;
        }
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes).to_ascii_lowercase();
        let mut flag = |i: usize, what: &str| {
            let from = text.floor_char_boundary(i.saturating_sub(40));
            let to = text.floor_char_boundary((i + 60).min(text.len()));
            problems.push(format!(
                "{}: {what}, near `{}`",
                path.display(),
                &text[from..to]
            ));
        };
        for (i, _) in text.match_indices("<script") {
            let tag_end = text[i..].find('>').map_or(text.len(), |e| i + e);
            let tag = &text[i..tag_end];
            let theme_file =
                tag.contains(" src=\"") && tag.contains("static/") && !tag.contains("://");
            let data = tag.contains("type=\"application/json\"");
            if !theme_file && !data {
                flag(i, "a script");
            }
        }
        for scheme in [
            "javascript:",
            "vbscript:",
            "data:text/html",
            "data:image/svg",
            "data:application",
        ] {
            for (i, _) in text.match_indices(scheme) {
                // As a URL (after a quote, `=` or `(`), not in prose.
                let before = text[..i].trim_end().chars().next_back();
                if matches!(before, Some('"' | '\'' | '=' | '(')) {
                    flag(i, scheme);
                }
            }
        }
        // The library's tokenizer-level scan: forbidden elements, srcdoc,
        // <meta http-equiv>, entity-spelled script URLs.
        for f in fenpress::unsafe_markup::find(&text, &super::site_safety::theme_tag) {
            flag(f.at, &f.what);
        }
        // ` on<name>=` as an attribute (the theme writes none).
        for (i, _) in text.match_indices(" on") {
            let name: String = text[i + 3..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase())
                .collect();
            let next = text[i + 3 + name.len()..].trim_start().chars().next();
            if name.len() >= 3 && next == Some('=') && text[..i].rfind('<') > text[..i].rfind('>') {
                flag(i, "an event handler");
            }
        }
    }
    problems
}

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn no_fixture_site_builds_script_into_its_output() {
    let mut sites: Vec<PathBuf> = std::fs::read_dir(workspace().join("tests/fixtures/check"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    sites.sort();
    sites.push(workspace().join("content"));
    sites.push(workspace().join("starter"));
    let dir = tempfile::tempdir().unwrap();
    let mut scanned = Vec::new();
    for (n, site) in sites.iter().enumerate() {
        let out = dir.path().join(format!("out{n}"));
        let Ok(report) = build(&BuildOptions {
            content: site.clone(),
            out: out.clone(),
            strict: false,
        }) else {
            continue;
        };
        if !report.written {
            continue;
        }
        let problems = script_in_output(&out);
        assert!(
            problems.is_empty(),
            "{}:\n{}",
            site.display(),
            problems.join("\n")
        );
        scanned.push(site.file_name().unwrap().to_string_lossy().into_owned());
    }
    // The embedded and starter sites and most fixtures build (the `bad`
    // one may not): the scan saw real outputs.
    assert!(scanned.contains(&"content".to_string()), "{scanned:?}");
    assert!(scanned.contains(&"starter".to_string()), "{scanned:?}");
    assert!(scanned.len() >= 4, "{scanned:?}");
}

#[test]
fn the_scan_finds_what_it_looks_for() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path();
    std::fs::write(
        out.join("a.html"),
        "<p>fine: javascript: in prose, one=two</p><script src=\"/static/theme.js\"></script>\
         <script type=\"application/json\">{}</script>",
    )
    .unwrap();
    assert_eq!(script_in_output(out), Vec::<String>::new());
    for bad in [
        "<script>alert(1)</script>",
        "<SCRIPT src=\"https://evil/static/x.js\"></SCRIPT>",
        "<a href=\"javascript:x()\">",
        "<img src=x onerror =\"a()\">",
        "<iframe src='data:text/html,x'>",
    ] {
        std::fs::write(out.join("a.html"), bad).unwrap();
        assert!(!script_in_output(out).is_empty(), "{bad}");
    }
}
