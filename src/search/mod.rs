//! Site search: one Pagefind index per language, built at build time and
//! searched in the browser with no server (accent-insensitive, stemmed for
//! en/fr/es, `search/?q=word` as a shareable URL). This module knows nothing
//! of templates or the content tree.
//!
//! # What the site does
//!
//! 1. Call [`build_indexes`] once per build with every page that should be
//!    found (rules pages, the other pages, puzzles) as [`SearchPage`]s: the
//!    page's *rendered content* (not the templated page, so menus and the
//!    search box never match), its title, variant, kind and, for a rules
//!    page, its pieces' names in the page's language ([`SearchPage::terms`]).
//!    Headings in the content should carry `id`s: results then link to the
//!    section that matched. Nothing else needs a Pagefind attribute: the
//!    document Pagefind indexes is made here (see
//!    [`SearchPage`]'s `indexed_document`), with `data-pagefind-body`,
//!    `data-pagefind-meta` (`title`, `variant`, `kind`) and
//!    `data-pagefind-weight` (title 10, terms 9, above Pagefind's `h1` = 7).
//!    It writes `<out>/pagefind/<lang>/`.
//! 2. Write one search page per language at `/<lang>/search/index.html`
//!    whose main content is `templates/search.html`, and include
//!    `templates/search-box.html` in every other page's layout (the search
//!    page's own form takes its place there), and once per language on a
//!    language chooser. Both take `lang`, `t` (the language's interface
//!    words, `crate::site::strings::strings(lang)`: its `search` part is
//!    what they and `search.js` show) and `root` (the path from the page to
//!    the site root, ending in `/`, relative like `../../` so the site works
//!    under any sub-path); `search.html` also takes `static_root`
//!    (default `root ~ "static/"`) and `lang_name` (the language's own name,
//!    shown with each result), `search-box.html` takes `search_url` (default
//!    `root ~ lang ~ "/search/"`). The page's `<html lang>` should be `lang`.
//! 3. Copy `static/search.js` and `static/search.css` of the theme to
//!    `static_root`; `search.css` styles the search page only, the box is
//!    styled with the site (the default theme's `fenpress.css`).
//!
//! A server (`fenpress serve`) must send `.js` files as `text/javascript`:
//! `search.js` loads `pagefind.js` as an ES module.

mod error;
mod html;
mod index;
mod page;
mod terms;

pub use error::SearchError;
pub use html::indexable_html;
pub use index::{
    build_bundles, build_bundles_from, build_bundles_from_batches, build_bundles_into,
    build_indexes, build_indexes_in_parts, BundleFile, Bundles, LanguageIndex, SearchStats,
    BUNDLE_DIR, PAGES_PER_BUNDLE, PARTS_FILE,
};
pub use page::{PageKind, SearchPage};
pub use terms::piece_terms;

/// Output paths that changed, with the files of a language's search bundle
/// (`pagefind/fr/...`) replaced by that language's search page
/// (`fr/search/index.html`), the only page that uses them: what a live
/// reload must refresh. Order kept, duplicates dropped.
pub fn changed_search_pages(keys: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(keys.len());
    for key in keys {
        let key = match key
            .strip_prefix(BUNDLE_DIR)
            .and_then(|rest| rest.strip_prefix('/'))
            .and_then(|rest| rest.split_once('/'))
        {
            Some((lang, _)) => format!("{lang}/search/index.html"),
            None => key.clone(),
        };
        if !out.contains(&key) {
            out.push(key);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn bundle_changes_reload_the_search_page() {
        let keys: Vec<String> = [
            "en/rules/Alpha/index.html",
            "pagefind/en/pagefind.js",
            "pagefind/en/index/en_1.pf_index",
            "pagefind/fr/fragment/fr_2.pf_fragment",
            "static/x.css",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            super::changed_search_pages(&keys),
            [
                "en/rules/Alpha/index.html",
                "en/search/index.html",
                "fr/search/index.html",
                "static/x.css"
            ]
        );
    }
}
