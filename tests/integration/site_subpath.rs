//! A site published below a path (the pages of a GitHub repository live at
//! `https://<user>.github.io/<repository>/`): built with that `base_url`,
//! no link, stylesheet, script, search result or preview image points
//! outside the path. And a page opened from the disk says to use `serve`.

use std::path::Path;

use fenpress::site::{build, BuildOptions};

const BASE: &str = "https://user.github.io/repo/";

/// The starter site with `base_url` set to [`BASE`], and French pages so
/// that the language links are there too; built into `out`.
fn build_for_subpath(dir: &Path) -> std::path::PathBuf {
    let site = dir.join("site");
    fenpress::cmd::init::init(&site).unwrap();
    let config = std::fs::read_to_string(site.join("config.yaml")).unwrap();
    let config = config
        .replace(
            "base_url: http://localhost:1111/",
            &format!("base_url: {BASE}"),
        )
        .replace("languages: [en]", "languages: [en, fr]");
    assert!(config.contains(BASE));
    std::fs::write(site.join("config.yaml"), config).unwrap();
    std::fs::write(
        site.join("pages/home/fr.md"),
        "---\ntitle: Mes variantes\n---\nBienvenue. Voir les [règles](/fr/rules/).\n",
    )
    .unwrap();
    std::fs::create_dir_all(site.join("pages/about")).unwrap();
    std::fs::write(site.join("pages/about/en.md"), "About this site.\n").unwrap();
    let out = dir.join("public");
    let report = build(&BuildOptions {
        content: site,
        out: out.clone(),
        strict: false,
    })
    .unwrap();
    assert!(report.written, "{:?}", report.diagnostics);
    out
}

/// Every URL an HTML file names: attribute values (href, src, action,
/// content, srcset and data-*) and `url(...)` in inline styles.
fn html_urls(html: &str) -> Vec<String> {
    let mut urls = Vec::new();
    for attr in [
        "href=\"",
        "src=\"",
        "action=\"",
        "content=\"",
        "srcset=\"",
        "data-bundle=\"",
    ] {
        for (at, _) in html.match_indices(attr) {
            let value = &html[at + attr.len()..];
            let value = &value[..value.find('"').unwrap_or(value.len())];
            urls.extend(
                value
                    .split(", ")
                    .map(|v| v.split(' ').next().unwrap_or("").to_string()),
            );
        }
    }
    urls.extend(css_urls(html));
    urls
}

fn css_urls(css: &str) -> Vec<String> {
    css.match_indices("url(")
        .map(|(at, _)| {
            let rest = &css[at + 4..];
            rest[..rest.find(')').unwrap_or(rest.len())]
                .trim_matches(|c| c == '"' || c == '\'')
                .to_string()
        })
        .collect()
}

/// Whether `url` stays on the site below its path: relative, a fragment,
/// `/repo/...`, the site's own absolute URL, another site, or data.
fn stays_below_the_path(url: &str) -> bool {
    if let Some(path) = url.strip_prefix('/') {
        return !path.starts_with('/') && url.starts_with("/repo/");
    }
    if let Some(rest) = url.strip_prefix("https://user.github.io") {
        return rest.starts_with("/repo/");
    }
    true
}

#[test]
fn every_link_asset_index_and_preview_stays_below_the_subpath() {
    let dir = tempfile::tempdir().unwrap();
    let out = build_for_subpath(dir.path());
    let mut seen = 0;
    let mut wrong = Vec::new();
    let mut og_images = 0;
    for entry in walkdir::WalkDir::new(&out) {
        let entry = entry.unwrap();
        let path = entry.path();
        let rel = path
            .strip_prefix(&out)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let urls = match ext {
            "html" => {
                let html = std::fs::read_to_string(path).unwrap();
                og_images += html.matches("property=\"og:image\"").count();
                html_urls(&html)
            }
            "css" => css_urls(&std::fs::read_to_string(path).unwrap()),
            // fenpress's scripts: a string literal that starts a path from
            // the root (`"/x`, `'/x`, `` `/x ``) would skip the subpath.
            // pagefind/ holds the search engine pagefind writes, whose
            // "/pagefind/" default is replaced by the bundle's own path
            // (its baseUrl, set by static/search.js).
            "js" if !rel.starts_with("pagefind/") => {
                let js = std::fs::read_to_string(path).unwrap();
                ["\"/", "'/", "`/"]
                    .iter()
                    .flat_map(|q| js.match_indices(q).map(|(at, _)| &js[at + 1..]))
                    .filter(|rest| rest[1..].starts_with(|c: char| c.is_ascii_alphabetic()))
                    .map(|rest| {
                        rest[..rest.find(['"', '\'', '`']).unwrap_or(rest.len())].to_string()
                    })
                    .collect()
            }
            "xml" | "txt" => {
                let text = std::fs::read_to_string(path).unwrap();
                text.match_indices("http")
                    .map(|(at, _)| {
                        let rest = &text[at..];
                        rest[..rest.find(['<', '"', ' ', '\n']).unwrap_or(rest.len())].to_string()
                    })
                    .filter(|u| u.contains("user.github.io"))
                    .collect()
            }
            _ => continue,
        };
        for url in urls {
            seen += 1;
            if !stays_below_the_path(&url) {
                wrong.push(format!("{rel}: {url}"));
            }
        }
    }
    assert!(wrong.is_empty(), "outside /repo/:\n{}", wrong.join("\n"));
    assert!(seen > 100, "only {seen} URLs seen");
    assert!(og_images >= 2, "rules pages have preview images");
    // The sitemap lists pages under the subpath.
    let sitemap = std::fs::read_to_string(out.join("sitemap.xml")).unwrap();
    assert!(sitemap.contains("<loc>https://user.github.io/repo/en/rules/Chess/</loc>"));
}

#[test]
fn the_search_index_resolves_below_the_subpath() {
    let dir = tempfile::tempdir().unwrap();
    let out = build_for_subpath(dir.path());
    // The search page loads its index from below the subpath...
    let search = std::fs::read_to_string(out.join("en/search/index.html")).unwrap();
    assert!(
        search.contains("data-bundle=\"/repo/pagefind/en/\""),
        "{search}"
    );
    // ...and search.js gives pagefind the folder holding pagefind/ as the
    // base of every result: /repo/.
    let script = std::fs::read_to_string(out.join("static/search.js")).unwrap();
    assert!(
        script.contains("baseUrl"),
        "search.js sets pagefind's baseUrl"
    );
    // Each result's URL, put below /repo/, is a page of the output.
    let mut pages = 0;
    for entry in walkdir::WalkDir::new(out.join("pagefind/en/fragment")) {
        let entry = entry.unwrap();
        if !entry.file_type().is_file() {
            continue;
        }
        let unpacked = std::process::Command::new("gzip")
            .arg("-dc")
            .arg(entry.path())
            .output()
            .expect("gzip runs");
        let text = String::from_utf8_lossy(&unpacked.stdout);
        let json = text.trim_start_matches("pagefind_dcd");
        let fragment: serde_json::Value = serde_json::from_str(json).unwrap();
        let url = fragment["url"].as_str().unwrap();
        assert!(url.starts_with('/') && !url.starts_with("/repo/"), "{url}");
        assert!(
            out.join(url.trim_start_matches('/'))
                .join("index.html")
                .is_file(),
            "a search result {url} is no page"
        );
        pages += 1;
    }
    assert!(pages >= 4, "{pages} pages indexed");
}

#[test]
fn a_page_opened_from_the_disk_says_to_use_serve_and_the_stylesheet_hides_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = build_for_subpath(dir.path());
    for (page, words) in [
        ("en/index.html", "fenpress serve"),
        ("fr/index.html", "Lancez « fenpress serve »"),
        ("index.html", "fenpress serve"),
    ] {
        let html = std::fs::read_to_string(out.join(page)).unwrap();
        let notice = html
            .split("<p class=\"fp-file-notice\"")
            .nth(1)
            .unwrap_or_else(|| panic!("{page} has no notice"));
        assert!(
            notice.split("</p>").next().unwrap().contains(words),
            "{page}"
        );
        // No script shows or hides it: the stylesheet, which a page opened
        // from the disk cannot load (its link is from the site root).
        assert!(
            html.contains("href=\"/repo/static/fenpress.css\""),
            "{page}"
        );
    }
    let css = std::fs::read_to_string(out.join("static/fenpress.css")).unwrap();
    let rule = css.split(".fp-file-notice {").nth(1).unwrap();
    assert!(rule.split('}').next().unwrap().contains("display: none"));
}

#[test]
fn the_header_speaks_the_page_s_language() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    fenpress::cmd::init::init(&site).unwrap();
    std::fs::write(
        site.join("config.yaml"),
        "title: {en: My variants, fr: Mes variantes, es: Mis variantes}\nlanguages: [en, fr, es]\n",
    )
    .unwrap();
    for lang in ["en", "fr", "es"] {
        std::fs::write(site.join(format!("pages/home/{lang}.md")), "Hello.\n").unwrap();
        std::fs::create_dir_all(site.join("pages/about")).unwrap();
        // A page with no title of its own, as vchess's about pages are.
        std::fs::write(site.join(format!("pages/about/{lang}.md")), "Text.\n").unwrap();
    }
    let out = dir.path().join("public");
    let report = build(&BuildOptions {
        content: site,
        out: out.clone(),
        strict: false,
    })
    .unwrap();
    assert!(report.written);
    for (lang, title, about, rules) in [
        ("en", "My variants", "About", "Rules"),
        ("fr", "Mes variantes", "À propos", "Règles"),
        ("es", "Mis variantes", "Acerca de", "Reglas"),
    ] {
        let html = std::fs::read_to_string(out.join(format!("{lang}/index.html"))).unwrap();
        let header = html
            .split("<header")
            .nth(1)
            .unwrap()
            .split("</header>")
            .next()
            .unwrap();
        assert!(
            header.contains(&format!(">{title}</a>")),
            "{lang}: {header}"
        );
        assert!(
            header.contains(&format!(">{about}</a>")),
            "{lang}: {header}"
        );
        assert!(
            header.contains(&format!(">{rules}</a>")),
            "{lang}: {header}"
        );
        if lang != "en" {
            assert!(
                !header.contains(">About<") && !header.contains("My variants"),
                "{lang}: {header}"
            );
        }
    }
}
