//! Language links across a whole built site: every page that exists in
//! several languages (rules, other pages, home, the variant index, the
//! puzzle index, the search page) has a switcher and `hreflang` alternates;
//! every link of either kind leads to a page that was written, in the
//! language it claims, and the pages of a group of translations list the
//! same alternates, each other and themselves included (reciprocal).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::common::{self, Site};

const BASE_URL: &str = "https://example.org/v/";
const BASE_PATH: &str = "/v/";

fn puzzle(lang: &str, title: &str) -> String {
    format!(
        "---\ntitle: {title}\nlang: {lang}\ngoal: mate in 1\nfen: 6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1\nsolution: 1.Nf7#\n---\nText.\n"
    )
}

/// English and French: a variant in both, one in each alone; an about page
/// in both, a FAQ in English only; a home text in English only.
fn two_languages() -> Site {
    Site::new()
        .file(
            "config.yaml",
            &format!("title: Two languages\nlanguages: [en, fr]\nbase_url: {BASE_URL}\n"),
        )
        .file("rules/Orda/en.md", "Horde.\n")
        .file("rules/Orda/fr.md", "Horde.\n")
        .file("rules/Chess/en.md", "Chess.\n")
        .file("rules/Alice/fr.md", "Alice.\n")
        .file("pages/about/en.md", "About.\n")
        .file("pages/about/fr.md", "À propos.\n")
        .file("pages/faq/en.md", "Questions.\n")
        .file("pages/home/en.md", "Welcome.\n")
}

/// One HTML page of the output, read for its language links.
struct Page {
    /// Below the output folder: `fr/rules/index.html`.
    file: String,
    /// `<html lang>`.
    lang: String,
    /// `hreflang` → `href` of its `<link rel="alternate">`s.
    alternates: BTreeMap<String, String>,
    switcher: Option<Switcher>,
}

/// A page's language switcher.
struct Switcher {
    /// (`hreflang`, `href`) of each link.
    links: Vec<(String, String)>,
    /// Whether it marks the page's own language as the current one.
    marks_current: bool,
}

/// The `name="..."` attribute of an HTML start tag.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    tag[start..].split('"').next()
}

/// The start tags `<name ...>` in `html`.
fn tags<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    html.match_indices(&format!("<{name} "))
        .filter_map(|(at, _)| html[at..].find('>').map(|end| &html[at..=at + end]))
        .collect()
}

fn read_page(out: &Path, file: &str) -> Page {
    let html = common::read(out, file);
    let lang = tags(&html, "html")
        .first()
        .and_then(|t| attribute(t, "lang"))
        .unwrap_or_else(|| panic!("{file}: no <html lang>"))
        .to_string();
    let mut alternates = BTreeMap::new();
    for tag in tags(&html, "link") {
        if attribute(tag, "rel") != Some("alternate") {
            continue;
        }
        let (Some(hreflang), Some(href)) = (attribute(tag, "hreflang"), attribute(tag, "href"))
        else {
            panic!("{file}: alternate without hreflang or href: {tag}");
        };
        let again = alternates.insert(hreflang.to_string(), href.to_string());
        assert!(again.is_none(), "{file}: two alternates for {hreflang}");
    }
    let switcher = html.find("<nav class=\"languages\"").map(|at| {
        let nav = &html[at..at + html[at..].find("</nav>").expect("</nav>")];
        let links = tags(nav, "a")
            .into_iter()
            .map(|a| {
                let hreflang = attribute(a, "hreflang").unwrap_or_else(|| panic!("{file}: {a}"));
                let href = attribute(a, "href").unwrap_or_else(|| panic!("{file}: {a}"));
                (hreflang.to_string(), href.to_string())
            })
            .collect();
        Switcher {
            links,
            marks_current: nav.contains("aria-current=\"page\""),
        }
    });
    Page {
        file: file.to_string(),
        lang,
        alternates,
        switcher,
    }
}

/// The output file a URL path below the site root serves (`fr/rules/` →
/// `fr/rules/index.html`).
fn file_of(path: &str) -> String {
    if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    }
}

/// The absolute URL of an output file (`fr/rules/index.html` →
/// `https://example.org/v/fr/rules/`).
fn permalink_of(file: &str) -> String {
    format!(
        "{BASE_URL}{}",
        file.strip_suffix("index.html").unwrap_or(file)
    )
}

/// Every HTML page of the output but the search bundles'.
fn html_pages(out: &Path) -> BTreeMap<String, Page> {
    walkdir::WalkDir::new(out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .map(|e| {
            let rel = e.path().strip_prefix(out).expect("below out");
            rel.to_string_lossy().replace('\\', "/")
        })
        .filter(|f| !f.starts_with("pagefind/"))
        .map(|f| (f.clone(), read_page(out, &f)))
        .collect()
}

/// The checks of this module on every page of a built site; returns the
/// pages for further assertions.
#[track_caller]
fn check_language_links(site: &Site) -> BTreeMap<String, Page> {
    site.build().ok();
    let out = site.out();
    let pages = html_pages(&out);
    assert!(pages.len() > 10, "{:?}", pages.keys());
    for page in pages.values() {
        let file = &page.file;
        // Switcher links: written pages, in the language they name.
        if let Some(Switcher {
            links,
            marks_current,
        }) = &page.switcher
        {
            assert!(
                marks_current,
                "{file}: the switcher marks no current language"
            );
            for (hreflang, href) in links {
                let path = href
                    .strip_prefix(BASE_PATH)
                    .unwrap_or_else(|| panic!("{file}: switcher link {href} outside the site"));
                let target = pages.get(&file_of(path)).unwrap_or_else(|| {
                    panic!("{file}: switcher link {href} leads to no page of the output")
                });
                assert_eq!(&target.lang, hreflang, "{file}: switcher link {href}");
                assert_ne!(&target.file, file, "{file}: links itself as {hreflang}");
            }
            // The switcher offers what the alternates list, and only that.
            let mut offered: BTreeSet<&str> = links.iter().map(|(l, _)| l.as_str()).collect();
            offered.insert(&page.lang);
            let listed: BTreeSet<&str> = page
                .alternates
                .keys()
                .map(String::as_str)
                .filter(|l| *l != "x-default")
                .collect();
            assert_eq!(offered, listed, "{file}: switcher and hreflang differ");
        }
        if page.alternates.is_empty() {
            continue;
        }
        // A page in several languages in the site's layout has a switcher
        // (the root's chooser is its own list).
        let languages = page.alternates.keys().filter(|l| *l != "x-default").count();
        if file != "index.html" {
            assert_eq!(
                page.switcher.is_some(),
                languages > 1,
                "{file}: {} alternates, switcher {}",
                languages,
                page.switcher.is_some()
            );
        }
        // Alternates: absolute URLs of written pages in the language they
        // name, listing the same alternates (so each other and themselves).
        assert!(
            page.alternates.values().any(|h| *h == permalink_of(file)),
            "{file}: its alternates leave it out: {:?}",
            page.alternates
        );
        for (hreflang, href) in &page.alternates {
            let path = href
                .strip_prefix(BASE_URL)
                .unwrap_or_else(|| panic!("{file}: alternate {href} outside the site"));
            let target = pages.get(&file_of(path)).unwrap_or_else(|| {
                panic!("{file}: alternate {hreflang} {href} leads to no page of the output")
            });
            if hreflang != "x-default" {
                assert_eq!(&target.lang, hreflang, "{file}: alternate {href}");
            }
            assert_eq!(
                target.alternates, page.alternates,
                "{file} and {} do not list each other alike",
                target.file
            );
        }
    }
    pages
}

fn switcher_langs(pages: &BTreeMap<String, Page>, file: &str) -> Vec<String> {
    let page = pages
        .get(file)
        .unwrap_or_else(|| panic!("{file} not written"));
    page.switcher
        .as_ref()
        .map(|s| s.links.iter().map(|(l, _)| l.clone()).collect())
        .unwrap_or_default()
}

#[test]
fn every_language_link_resolves_and_alternates_are_reciprocal() {
    let site = two_languages()
        .file("puzzles/Chess/smothered.md", &puzzle("en", "Smothered"))
        .file("puzzles/Chess/etouffe.md", &puzzle("fr", "Étouffé"));
    let pages = check_language_links(&site);
    // Every kind of page that exists in both languages offers the other.
    for (en, fr) in [
        ("en/index.html", "fr/index.html"),
        ("en/rules/index.html", "fr/rules/index.html"),
        ("en/rules/Orda/index.html", "fr/rules/Orda/index.html"),
        ("en/about/index.html", "fr/about/index.html"),
        ("en/puzzles/index.html", "fr/puzzles/index.html"),
        ("en/search/index.html", "fr/search/index.html"),
    ] {
        assert_eq!(switcher_langs(&pages, en), ["fr"], "{en}");
        assert_eq!(switcher_langs(&pages, fr), ["en"], "{fr}");
    }
    // Pages in one language offer none.
    for file in [
        "en/rules/Chess/index.html",
        "fr/rules/Alice/index.html",
        "en/faq/index.html",
        "en/puzzles/Chess/smothered/index.html",
        "404.html",
    ] {
        assert!(pages[file].switcher.is_none(), "{file}");
    }
    // x-default: the English page of a group, the root for the homes.
    assert_eq!(
        pages["fr/puzzles/index.html"].alternates["x-default"],
        format!("{BASE_URL}en/puzzles/")
    );
    assert_eq!(pages["fr/index.html"].alternates["x-default"], BASE_URL);
}

/// `compose --lang en,fr` writes `<slug>.md` and `<slug>.fr.md` (with
/// `lang: fr`): one puzzle in two languages, at one slug, each page
/// offering the other, not a second puzzle named `<slug>.fr`.
#[test]
fn a_puzzle_and_its_lang_suffixed_file_are_translations() {
    let site = two_languages()
        .file("puzzles/Chess/smothered.md", &puzzle("en", "Smothered"))
        .file("puzzles/Chess/smothered.fr.md", &puzzle("fr", "Étouffé"))
        // A suffix that is not the file's language stays in the slug.
        .file("puzzles/Chess/mate.de.md", &puzzle("fr", "Mat"));
    let pages = check_language_links(&site);
    assert_eq!(
        switcher_langs(&pages, "en/puzzles/Chess/smothered/index.html"),
        ["fr"]
    );
    assert_eq!(
        switcher_langs(&pages, "fr/puzzles/Chess/smothered/index.html"),
        ["en"]
    );
    assert!(!pages.contains_key("fr/puzzles/Chess/smothered.fr/index.html"));
    assert!(pages.contains_key("fr/puzzles/Chess/mate.de/index.html"));
}

/// Only English has puzzles, and a French content page takes the French
/// search page's place: neither English page may point at a French one.
#[test]
fn links_leave_out_pages_a_language_lacks() {
    let site = two_languages()
        .file("puzzles/Chess/smothered.md", &puzzle("en", "Smothered"))
        .file("pages/search/fr.md", "Cherchez ailleurs.\n");
    let pages = check_language_links(&site);
    assert!(!pages.contains_key("fr/puzzles/index.html"));
    assert!(pages["en/puzzles/index.html"].switcher.is_none());
    assert!(!pages["en/puzzles/index.html"].alternates.contains_key("fr"));
    assert!(pages["en/search/index.html"].switcher.is_none());
    assert!(!pages["en/search/index.html"].alternates.contains_key("fr"));
    // The French page there is the content page.
    assert!(common::read(&site.out(), "fr/search/index.html").contains("Cherchez ailleurs."));
}

/// With one language there is nothing to switch to, and the root (a
/// redirect) claims no alternates.
#[test]
fn one_language_has_no_language_links() {
    let site = Site::new()
        .file(
            "config.yaml",
            &format!("languages: [en]\nbase_url: {BASE_URL}\n"),
        )
        .file("rules/Orda/en.md", "Horde.\n")
        .file("puzzles/Chess/smothered.md", &puzzle("en", "Smothered"));
    site.build().ok();
    let pages = html_pages(&site.out());
    for page in pages.values() {
        assert!(page.switcher.is_none(), "{}", page.file);
        assert!(
            !page.alternates.contains_key("x-default"),
            "{}: {:?}",
            page.file,
            page.alternates
        );
    }
    assert!(pages["index.html"].alternates.is_empty());
}
