//! What the server serves: an immutable copy of one good build's output,
//! swapped whole after the next good build. Unchanged files are shared
//! between snapshots, so a swap copies only what a rebuild changed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use axum::body::Bytes;

use crate::site::incremental::Site;

#[derive(Debug, Default)]
pub struct Snapshot {
    /// The rebuild that produced it (0: nothing built yet).
    pub build: u64,
    /// Output path below the root → contents.
    pub files: BTreeMap<String, Bytes>,
}

/// The files `keys` as they are in `site` now, applied over `old`; returns
/// the new snapshot and the keys whose contents really changed. Images are
/// read from disk here, and only from inside `roots` (canonical folders):
/// an image that is a symlink out of the content is left out.
pub fn next(
    old: &Snapshot,
    site: &Site,
    keys: &BTreeSet<String>,
    build: u64,
    roots: &[PathBuf],
) -> (Snapshot, Vec<String>) {
    let output = site.output();
    let mut files = old.files.clone();
    let mut changed = Vec::new();
    for key in keys {
        let now: Option<Bytes> = match (output.files.get(key), output.copies.get(key)) {
            (Some(bytes), _) => Some(match old.files.get(key) {
                Some(same) if same.as_ref() == bytes.as_slice() => same.clone(),
                _ => Bytes::copy_from_slice(bytes),
            }),
            (None, Some(source)) => read_inside(source, roots).map(Bytes::from),
            (None, None) => None,
        };
        let before = files.get(key);
        if before.map(|b| b.as_ref()) != now.as_ref().map(|b| b.as_ref()) {
            changed.push(key.clone());
        }
        match now {
            Some(bytes) => files.insert(key.clone(), bytes),
            None => files.remove(key),
        };
    }
    (Snapshot { build, files }, changed)
}

/// A file's bytes, if it resolves (symlinks followed) inside one of `roots`.
fn read_inside(path: &Path, roots: &[PathBuf]) -> Option<Vec<u8>> {
    let real = path.canonicalize().ok()?;
    if !roots.iter().any(|r| real.starts_with(r)) {
        eprintln!(
            "fenpress serve: not serving {}: it leads outside the content folder",
            path.display()
        );
        return None;
    }
    std::fs::read(real).ok()
}
