//! What can go wrong while building the search indexes.

use std::path::PathBuf;

/// An error of [`build_indexes`](super::build_indexes). Each variant names the
/// page or file it is about.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// A language code that is not a plain BCP 47-like tag (`en`, `pt-br`):
    /// it names a folder of the output, so it must be safe as a path segment.
    #[error("page {url}: language {lang:?} is not a language code like \"en\" or \"pt-br\"")]
    InvalidLanguage { url: String, lang: String },

    /// A page URL that is not an absolute path from the site root.
    #[error("page URL {url:?} must be a path from the site root, starting with \"/\"")]
    InvalidUrl { url: String },

    /// Two pages of one language with the same URL: the second would silently
    /// replace the first in the index.
    #[error("two {lang} pages have the URL {url}")]
    DuplicateUrl { url: String, lang: String },

    /// A batch of [`build_bundles_from_batches`](super::build_bundles_from_batches)
    /// holding pages of another language than its own, or a language given
    /// in two batches (the second would overwrite the first's bundle).
    #[error("search index: the pages handed over as language {lang} are not all of it")]
    MixedBatch { lang: String },

    /// The async runtime Pagefind runs on could not start.
    #[error("could not start the search indexer's runtime: {0}")]
    Runtime(#[source] std::io::Error),

    /// Pagefind refused a page or failed to build a language's index.
    #[error("search index ({lang}): {context}: {source}")]
    Pagefind {
        lang: String,
        context: String,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },

    /// Pagefind produced a file name that would land outside the bundle folder.
    #[error("search index ({lang}): refusing to write {path:?} outside the bundle folder")]
    UnsafeBundlePath { lang: String, path: PathBuf },

    /// Writing a bundle file failed.
    #[error("could not write {path}: {source}")]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}
