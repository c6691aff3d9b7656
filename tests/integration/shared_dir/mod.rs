//! Where the test data lives, for the tests and benches of the root crate:
//! `$FENPRESS_SHARED`, else `../shared` beside the workspace. Included with
//! `#[path]` so that every test and bench looks in the same place.

use std::path::{Path, PathBuf};

/// The vchess corpus folder, if it is there.
pub fn vchess() -> Option<PathBuf> {
    let shared = std::env::var_os("FENPRESS_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let corpus = shared.join("corpus").join("vchess");
    corpus.join("rules").is_dir().then_some(corpus)
}
