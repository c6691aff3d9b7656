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
//!    `templates/search-box.html` in every page's layout. Both take `lang`
//!    and `root` (the path from the page to the site root, ending in `/`,
//!    relative like `../../` so the site works under any sub-path);
//!    `search.html` also takes `static_root` (default `root ~ "static/"`),
//!    `search-box.html` takes `search_url` (default
//!    `root ~ lang ~ "/search/"`). The page's `<html lang>` should be `lang`.
//! 3. Copy `static/search.js` and `static/search.css` of the theme to
//!    `static_root`.
//!
//! A server (`fenpress serve`) must send `.js` files as `text/javascript`:
//! `search.js` loads `pagefind.js` as an ES module.

mod error;
mod index;
mod page;

pub use error::SearchError;
pub use index::{build_indexes, LanguageIndex, SearchStats, BUNDLE_DIR};
pub use page::{PageKind, SearchPage};
