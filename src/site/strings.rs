//! The words the default templates print: the one table lives in
//! [`crate::words`] (site, search, puzzle and diagram words); this module
//! keeps the site's names for it.

pub use crate::words::{language_name, strings, word_keys, words, SearchStrings, Strings};
