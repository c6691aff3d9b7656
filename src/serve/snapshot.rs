//! What the server serves: an immutable copy of one good build's output,
//! swapped whole after the next good build. Unchanged files are shared
//! between snapshots, so a swap copies only what a rebuild changed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::body::Bytes;

use crate::site::incremental::Site;

#[derive(Debug, Default)]
pub struct Snapshot {
    /// The rebuild that produced it (0: nothing built yet).
    pub build: u64,
    /// Output path below the root → contents.
    pub files: BTreeMap<String, Bytes>,
    /// A page's output path → its diagram blocks' statuses, in order:
    /// shown over the page to the author, never written into a build.
    pub statuses: Arc<BTreeMap<String, Vec<DiagramStatus>>>,
}

/// One diagram block's status as the page's script reads it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DiagramStatus {
    /// `proved`, `board`, `failed`, `unchecked` or `unreadable`.
    pub status: &'static str,
    /// The status as `build --verbose` words it (`fully verified`).
    pub word: &'static str,
    /// Why it failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl DiagramStatus {
    pub fn of(status: &crate::model::Status) -> DiagramStatus {
        use crate::model::Status;
        let (name, reason) = match status {
            Status::Proved => ("proved", None),
            Status::BoardOnly => ("board", None),
            Status::Failed(why) => ("failed", Some(why.clone())),
            Status::Unchecked => ("unchecked", None),
            Status::Unreadable => ("unreadable", None),
        };
        DiagramStatus {
            status: name,
            word: status.word(),
            reason,
        }
    }
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
    let statuses: BTreeMap<String, Vec<DiagramStatus>> = site
        .statuses()
        .into_iter()
        .map(|(key, list)| (key, list.iter().map(DiagramStatus::of).collect()))
        .collect();
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
        // A page whose diagrams' statuses changed reloads to show them,
        // even when its HTML did not change.
        if before.map(|b| b.as_ref()) != now.as_ref().map(|b| b.as_ref())
            || old.statuses.get(key) != statuses.get(key)
        {
            changed.push(key.clone());
        }
        match now {
            Some(bytes) => files.insert(key.clone(), bytes),
            None => files.remove(key),
        };
    }
    let snapshot = Snapshot {
        build,
        files,
        statuses: Arc::new(statuses),
    };
    (snapshot, changed)
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

/// `old` with its search bundles (every file under `prefix`, `pagefind/`)
/// replaced by `bundle`; returns the new snapshot (same build) and the
/// keys whose contents changed or that are gone.
pub fn with_bundles(
    old: &Snapshot,
    prefix: &str,
    bundle: Vec<(String, Vec<u8>)>,
) -> (Snapshot, Vec<String>) {
    let mut files = old.files.clone();
    let stale: Vec<String> = files
        .range(prefix.to_string()..)
        .take_while(|(key, _)| key.starts_with(prefix))
        .map(|(key, _)| key.clone())
        .collect();
    for key in &stale {
        files.remove(key);
    }
    let mut changed = Vec::new();
    for (key, bytes) in bundle {
        let now = match old.files.get(&key) {
            Some(same) if same.as_ref() == bytes.as_slice() => same.clone(),
            _ => {
                changed.push(key.clone());
                Bytes::from(bytes)
            }
        };
        files.insert(key, now);
    }
    changed.extend(stale.into_iter().filter(|key| !files.contains_key(key)));
    let snapshot = Snapshot {
        build: old.build,
        files,
        statuses: old.statuses.clone(),
    };
    (snapshot, changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundles_replace_the_old_ones_whole() {
        let file = |s: &str| Bytes::from(s.to_string());
        let old = Snapshot {
            build: 7,
            files: BTreeMap::from([
                ("en/index.html".to_string(), file("home")),
                ("pagefind/en/kept.pf".to_string(), file("same")),
                ("pagefind/en/old.pf".to_string(), file("gone")),
                ("pagefind/en/pagefind.js".to_string(), file("v1")),
                ("pagefindex.html".to_string(), file("not a bundle")),
            ]),
            statuses: Default::default(),
        };
        let bundle = vec![
            ("pagefind/en/kept.pf".to_string(), b"same".to_vec()),
            ("pagefind/en/new.pf".to_string(), b"new".to_vec()),
            ("pagefind/en/pagefind.js".to_string(), b"v2".to_vec()),
        ];
        let (new, mut changed) = with_bundles(&old, "pagefind/", bundle);
        changed.sort();
        assert_eq!(
            changed,
            [
                "pagefind/en/new.pf",
                "pagefind/en/old.pf",
                "pagefind/en/pagefind.js"
            ]
        );
        assert_eq!(new.build, 7);
        let keys: Vec<&str> = new.files.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "en/index.html",
                "pagefind/en/kept.pf",
                "pagefind/en/new.pf",
                "pagefind/en/pagefind.js",
                "pagefindex.html"
            ]
        );
        assert_eq!(new.files["pagefind/en/pagefind.js"].as_ref(), b"v2");
    }
}
