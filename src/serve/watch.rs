//! Watching the content and theme folders, and the debouncer that turns an
//! editor's way of saving (write in place; write a temp file and rename it
//! over, as vim and VS Code do; delete and create; bursts of saves) into one
//! batch of changed paths, hence one rebuild.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use notify::{EventKind, RecursiveMode, Watcher as _};

use super::error::ServeError;

/// What the rebuild thread waits for.
#[derive(Debug)]
pub enum Signal {
    /// Paths the file system reported changed.
    Changed(Vec<PathBuf>),
    Stop,
}

/// Quiet time that ends a batch: editors' multi-step saves take a few ms.
pub const QUIET: Duration = Duration::from_millis(30);
/// A batch never waits longer than this for quiet.
pub const MAX_WAIT: Duration = Duration::from_millis(1000);

/// A notify watcher feeding `signals`.
pub struct FolderWatcher {
    watcher: notify::RecommendedWatcher,
    watched: Vec<PathBuf>,
}

impl FolderWatcher {
    pub fn new(signals: Sender<Signal>) -> Result<FolderWatcher, ServeError> {
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let Ok(event) = event else { return };
            // Reads (ours included) are not changes.
            if matches!(event.kind, EventKind::Access(_)) {
                return;
            }
            let _ = signals.send(Signal::Changed(event.paths));
        })
        .map_err(|source| ServeError::Watch {
            path: PathBuf::new(),
            source,
        })?;
        Ok(FolderWatcher {
            watcher,
            watched: Vec::new(),
        })
    }

    /// Watch `folder` and everything below it (once).
    pub fn watch(&mut self, folder: &Path) -> Result<(), ServeError> {
        if self.watched.iter().any(|w| w == folder) {
            return Ok(());
        }
        self.watcher
            .watch(folder, RecursiveMode::Recursive)
            .map_err(|source| ServeError::Watch {
                path: folder.to_path_buf(),
                source,
            })?;
        self.watched.push(folder.to_path_buf());
        Ok(())
    }
}

/// Wait for the next batch of changes: the first change, then more until
/// `quiet` ([`QUIET`] by default) passes without one (or [`MAX_WAIT`] in
/// all). Files that editors
/// use on the side (swap, backup and temp files) are dropped; `None` means
/// stop.
pub fn next_batch(signals: &Receiver<Signal>, quiet: Duration) -> Option<BTreeSet<PathBuf>> {
    loop {
        let mut batch = BTreeSet::new();
        match signals.recv() {
            Ok(Signal::Changed(paths)) => add(&mut batch, paths),
            Ok(Signal::Stop) | Err(_) => return None,
        }
        let deadline = Instant::now() + MAX_WAIT;
        loop {
            let now = Instant::now();
            let wait = quiet.min(deadline.saturating_duration_since(now));
            if wait.is_zero() {
                break;
            }
            match signals.recv_timeout(wait) {
                Ok(Signal::Changed(paths)) => add(&mut batch, paths),
                Ok(Signal::Stop) | Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) => break,
            }
        }
        if !batch.is_empty() {
            return Some(batch);
        }
    }
}

fn add(batch: &mut BTreeSet<PathBuf>, paths: Vec<PathBuf>) {
    batch.extend(paths.into_iter().filter(|p| !is_editor_scratch(p)));
}

/// Swap, backup and temp files of editors, and hidden files: `.en.pug.swp`,
/// `en.pug~`, vim's `4913` probe, `#en.pug#`, `en.pug.tmp`,
/// `en.pug___jb_tmp___`. (Hidden folders are the caller's: only it knows
/// where the watched tree starts.)
pub fn is_editor_scratch(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return true;
    };
    name.starts_with('.')
        || name.ends_with('~')
        || name.starts_with('#')
        || name.bytes().all(|b| b.is_ascii_digit())
        || [
            ".swp",
            ".swx",
            ".swo",
            ".tmp",
            ".crswap",
            "___jb_tmp___",
            "___jb_old___",
        ]
        .iter()
        .any(|ext| name.ends_with(ext))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scratch_files_are_ignored() {
        for p in [
            "c/rules/X/.en.pug.swp",
            "c/rules/X/en.pug~",
            "c/rules/X/4913",
            "c/rules/X/#en.pug#",
            "c/rules/X/en.pug.tmp",
        ] {
            assert!(is_editor_scratch(Path::new(p)), "{p}");
        }
        for p in ["c/rules/X/en.pug", "c/config.yaml", "../c/rules/X/en.md"] {
            assert!(!is_editor_scratch(Path::new(p)), "{p}");
        }
    }

    #[test]
    fn a_burst_is_one_batch() {
        let (tx, rx) = std::sync::mpsc::channel();
        let page = PathBuf::from("c/rules/X/en.pug");
        for _ in 0..5 {
            tx.send(Signal::Changed(vec![page.clone()])).unwrap();
            tx.send(Signal::Changed(vec![PathBuf::from("c/rules/X/en.pug~")]))
                .unwrap();
        }
        tx.send(Signal::Changed(vec![PathBuf::from(
            "c/rules/X/.en.pug.swp",
        )]))
        .unwrap();
        let batch = next_batch(&rx, QUIET).unwrap();
        assert_eq!(batch.into_iter().collect::<Vec<_>>(), vec![page]);
        tx.send(Signal::Stop).unwrap();
        assert!(next_batch(&rx, QUIET).is_none());
    }
}
