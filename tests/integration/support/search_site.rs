//! Writes a small static site the way the theme does: every page with the
//! search box, one search page per language, the theme's static files, and
//! the search bundles from `build_indexes`.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use fenpress::search::{build_indexes_in_parts, SearchPage, SearchStats, PAGES_PER_BUNDLE};
use fenpress::site::strings::{language_name, strings};

const THEME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/themes/default");

fn templates() -> tera::Tera {
    let mut tera = tera::Tera::default();
    for name in ["search.html", "search-box.html"] {
        let path = Path::new(THEME).join("templates").join(name);
        let text = fs::read_to_string(&path).expect("theme template");
        tera.add_raw_template(name, &text).expect("template parses");
    }
    tera
}

/// `../` once per folder of `url` (`/fr/rules/Orda/` → `../../../`).
fn root_of(url: &str) -> String {
    "../".repeat(
        url.trim_matches('/')
            .split('/')
            .filter(|s| !s.is_empty())
            .count(),
    )
}

fn layout(lang: &str, title: &str, box_html: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <title>{title}</title><link rel=\"icon\" href=\"data:,\"></head>\n\
         <body><header>{box_html}</header>\n<main>{body}</main></body></html>\n"
    )
}

pub fn write_site(dir: &Path, pages: &[SearchPage]) -> SearchStats {
    write_site_in_parts(dir, pages, PAGES_PER_BUNDLE)
}

/// [`write_site`] with each language's index split into bundles of at most
/// `pages_per_bundle` pages (as `search.pages_per_bundle` does).
pub fn write_site_in_parts(
    dir: &Path,
    pages: &[SearchPage],
    pages_per_bundle: usize,
) -> SearchStats {
    let tera = templates();
    let render = |name: &str, lang: &str, root: &str| {
        let mut context = tera::Context::new();
        context.insert("lang", lang);
        context.insert("root", root);
        // The language's interface words, as the site's render step gives them.
        context.insert("t", &strings(lang));
        context.insert("lang_name", &language_name(lang));
        tera.render(name, &context).expect("template renders")
    };

    let static_dir = dir.join("static");
    fs::create_dir_all(&static_dir).expect("static dir");
    for name in ["search.js", "search.css"] {
        fs::copy(
            Path::new(THEME).join("static").join(name),
            static_dir.join(name),
        )
        .expect("copy static file");
    }

    for page in pages {
        let root = root_of(&page.url);
        let body = format!("<h1>{}</h1>\n{}", page.title, page.html);
        let html = layout(
            &page.lang,
            &page.title,
            &render("search-box.html", &page.lang, &root),
            &body,
        );
        let folder = dir.join(page.url.trim_start_matches('/'));
        fs::create_dir_all(&folder).expect("page folder");
        fs::write(folder.join("index.html"), html).expect("write page");
    }

    let languages: BTreeSet<&str> = pages.iter().map(|p| p.lang.as_str()).collect();
    for lang in languages {
        let root = "../../";
        // As in the theme, the search page's own form replaces the box.
        let html = layout(lang, "Search", "", &render("search.html", lang, root));
        let folder = dir.join(lang).join("search");
        fs::create_dir_all(&folder).expect("search folder");
        fs::write(folder.join("index.html"), html).expect("write search page");
    }

    build_indexes_in_parts(pages, dir, pages_per_bundle).expect("search indexes")
}
