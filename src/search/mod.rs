//! Site search: one Pagefind index per language, built at build time and
//! searched in the browser with no server (accent-insensitive, stemmed for
//! en/fr/es, `search/?q=word` as a shareable URL).
//!
//! The site calls [`build_indexes`] once with every page it wants findable
//! ([`SearchPage`]: rendered content, not the templated page) and copies the
//! theme's `static/search.js` and `static/search.css`; the theme's
//! `templates/search.html` and `templates/search-box.html` are the browser
//! side's markup. This module knows nothing of templates or the content tree.

mod error;
mod index;
mod page;

pub use error::SearchError;
pub use index::{build_indexes, LanguageIndex, SearchStats, BUNDLE_DIR};
pub use page::{PageKind, SearchPage};
