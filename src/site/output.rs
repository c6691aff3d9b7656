//! Write step: the in-memory site goes to a staging folder beside `--out`,
//! which then replaces `--out` in two renames. A build that fails before the
//! swap leaves the old output as it was.
//!
//! The output a swap replaces is not deleted: it is kept beside `--out` as
//! the spare (`.<name>.fenpress-spare`) and becomes the next build's staging
//! folder, in which only files whose bytes changed are written and stale
//! ones deleted. Deleting and rewriting every file was most of a rebuild on
//! a slow disk (1.4 s of 2 s for the corpus); a background delete would
//! only move that disk work onto the next build, while the spare makes an
//! unchanged rebuild write nothing. The old output still stays in place
//! until the new one is complete, at the cost of a second copy on disk.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::error::SiteError;
use super::render::Output;

/// The file every output folder fenpress writes holds, so that a later
/// build knows the folder is its own to replace. A non-empty folder
/// without it holds someone's files: fenpress refuses to take it over.
pub const MARKER: &str = ".fenpress-output";

/// Write `output` and swap it into `out`. `protected` are folders the swap
/// must never delete: the site folder first (an output may lie beside its
/// sources, as `public/` does), then the theme folder.
pub fn write_atomically(output: &Output, out: &Path, protected: &[&Path]) -> Result<(), SiteError> {
    stage(output, out, protected)?.swap()
}

/// A complete new output written beside the old one, not yet in place.
#[derive(Debug)]
pub struct Staged {
    out: PathBuf,
    out_abs: PathBuf,
    tmp: PathBuf,
    old: PathBuf,
    spare: PathBuf,
}

/// Write `output` into a temporary folder beside `out`.
pub fn stage(output: &Output, out: &Path, protected: &[&Path]) -> Result<Staged, SiteError> {
    let staged = open_staging(out, protected)?;
    if let Err(err) = write_tree(output, &staged.tmp) {
        let _ = std::fs::remove_dir_all(&staged.tmp);
        return Err(staged.disk_full(err));
    }
    Ok(staged)
}

/// The staging folder beside `out`, taken from the spare when there is one.
fn open_staging(out: &Path, protected: &[&Path]) -> Result<Staged, SiteError> {
    let out_abs = absolute(out);
    check_output_folder(out, &out_abs, protected)?;
    let (parent, name) = parent_and_name(&out_abs);
    std::fs::create_dir_all(&parent).map_err(|source| SiteError::Write {
        path: parent.clone(),
        source,
    })?;
    remove_abandoned(&parent, &name);
    let pid = std::process::id();
    let tmp = parent.join(format!(".{name}.fenpress-new-{pid}"));
    let old = parent.join(format!(".{name}.fenpress-old-{pid}"));
    let spare = parent.join(format!(".{name}.fenpress-spare"));
    let _ = std::fs::remove_dir_all(&tmp);
    // Taking the spare is one rename, so two builds never share it.
    let _ = std::fs::rename(&spare, &tmp);
    std::fs::create_dir_all(&tmp).map_err(|source| SiteError::Write {
        path: tmp.clone(),
        source,
    })?;
    Ok(Staged {
        out: out.to_path_buf(),
        out_abs,
        tmp,
        old,
        spare,
    })
}

/// A staging folder that `build` fills while it renders: each page is
/// written as soon as it is made and dropped, only its path kept, so a
/// site's pages are never all in memory at once (489 MB at 10x the corpus
/// when they were). [`Streaming::finish`] writes what the [`Output`] still
/// holds, removes what an earlier build left there, and gives the
/// [`Staged`] output to swap in; [`Streaming::abandon`] gives the folder
/// back as the spare when the build fails.
#[derive(Debug)]
pub struct Streaming {
    staged: Staged,
    written: std::sync::Mutex<BTreeSet<String>>,
}

impl Streaming {
    /// Checks `out` as [`stage`] does and takes its staging folder.
    pub fn open(out: &Path, protected: &[&Path]) -> Result<Streaming, SiteError> {
        Ok(Streaming {
            staged: open_staging(out, protected)?,
            written: Default::default(),
        })
    }

    /// Writes one output file (`path` below the output root) now.
    pub fn put(&self, path: &str, bytes: &[u8]) -> Result<(), SiteError> {
        put_file(&self.staged.tmp, path, bytes).map_err(|e| self.staged.disk_full(e))?;
        self.written
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(path.to_string());
        Ok(())
    }

    /// The paths written so far, sorted.
    pub fn written(&self) -> BTreeSet<String> {
        self.written
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Writes the files `output` holds, deletes every other file that
    /// was not written through [`Streaming::put`], and the marker.
    pub fn finish(self, output: &Output) -> Result<Staged, SiteError> {
        let Streaming { staged, written } = self;
        let written = written.into_inner().unwrap_or_else(|e| e.into_inner());
        let dir = staged.tmp.as_path();
        let result = write_held(output, dir).and_then(|()| {
            remove_unwanted(dir, &|k| {
                written.contains(k) || output.files.contains_key(k) || output.copies.contains_key(k)
            });
            write_marker(dir)
        });
        if let Err(err) = result {
            let _ = std::fs::remove_dir_all(dir);
            return Err(staged.disk_full(err));
        }
        Ok(staged)
    }

    /// A build that failed after rendering: the folder goes back as the
    /// spare (what it holds is reconciled by the next build), the output
    /// is left as it was.
    pub fn abandon(self) {
        if std::fs::rename(&self.staged.tmp, &self.staged.spare).is_err() {
            let _ = std::fs::remove_dir_all(&self.staged.tmp);
        }
    }

    /// [`Streaming::abandon`] for a build that failed with `err`: when the
    /// disk is full the folder is deleted instead of kept as the spare, so
    /// that its space is free again and the next build recovers by itself
    /// (a full spare made every later build fail until it was deleted by
    /// hand).
    pub fn abandon_after(self, err: &SiteError) {
        if err.is_disk_full() {
            let _ = std::fs::remove_dir_all(&self.staged.tmp);
        } else {
            self.abandon();
        }
    }
}

/// Writes `bytes` at `path` below `dir` unless it already holds them. A
/// reused spare may hold a file where this path needs a folder (or a
/// folder where it needs a file): that is cleared away and the write tried
/// again.
fn put_file(dir: &Path, path: &str, bytes: &[u8]) -> Result<(), SiteError> {
    let target = dir.join(path);
    let attempt = || -> std::io::Result<()> {
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        write_if_changed(&target, bytes)
    };
    attempt()
        .or_else(|_| {
            clear_way(dir, &target);
            attempt()
        })
        .map_err(|source| SiteError::Write {
            path: target.clone(),
            source,
        })
}

/// Removes the files standing where `target`'s folders must go, and a
/// folder standing where `target` must go.
fn clear_way(dir: &Path, target: &Path) {
    for ancestor in target.ancestors().skip(1) {
        if ancestor == dir || !ancestor.starts_with(dir) {
            break;
        }
        if ancestor.is_file() {
            let _ = std::fs::remove_file(ancestor);
        }
    }
    if target.is_dir() {
        let _ = std::fs::remove_dir_all(target);
    }
}

impl Staged {
    /// The folder that becomes the output at the swap.
    pub fn folder(&self) -> &Path {
        &self.tmp
    }

    /// `err` as [`SiteError::DiskFull`] (naming the output) when it is a
    /// write that failed for want of space.
    fn disk_full(&self, err: SiteError) -> SiteError {
        match err {
            SiteError::Write { path, source } if super::error::is_disk_full(&source) => {
                SiteError::DiskFull {
                    path,
                    out: self.out.clone(),
                }
            }
            err => err,
        }
    }

    /// Put the new output in place with two renames; the old one becomes
    /// the spare.
    pub fn swap(self) -> Result<(), SiteError> {
        let Staged {
            out,
            out_abs,
            tmp,
            old,
            spare,
        } = self;
        let out = out.as_path();
        let had_old = out_abs.exists();
        if had_old {
            std::fs::rename(&out_abs, &old).map_err(|source| {
                let _ = std::fs::remove_dir_all(&tmp);
                SiteError::Write {
                    path: out.to_path_buf(),
                    source,
                }
            })?;
        }
        if let Err(source) = std::fs::rename(&tmp, &out_abs) {
            if had_old {
                let _ = std::fs::rename(&old, &out_abs);
            }
            let _ = std::fs::remove_dir_all(&tmp);
            return Err(SiteError::Write {
                path: out.to_path_buf(),
                source,
            });
        }
        if had_old && std::fs::rename(&old, &spare).is_err() {
            // Another build left a spare meanwhile: this one is not needed.
            let _ = std::fs::remove_dir_all(&old);
        }
        Ok(())
    }
}

/// Refuses an output folder that holds the sources (or sits inside them),
/// and an existing folder that fenpress did not write.
fn check_output_folder(out: &Path, out_abs: &Path, protected: &[&Path]) -> Result<(), SiteError> {
    for (i, keep) in protected.iter().enumerate() {
        let keep_abs = absolute(keep);
        // The first protected folder is the site folder, whose `public/`
        // may hold the output; the others (the theme) may hold none.
        let site_folder = i == 0;
        if keep_abs.starts_with(out_abs) {
            return Err(SiteError::UnsafeOutput {
                out: out.to_path_buf(),
                holds: keep.to_path_buf(),
            });
        }
        if out_abs.starts_with(&keep_abs)
            && !(site_folder && beside_the_sources(&keep_abs, out_abs))
        {
            return Err(SiteError::OutputInsideSource {
                out: out.to_path_buf(),
                inside: keep.to_path_buf(),
            });
        }
    }
    if out.exists() && !out.is_dir() {
        return Err(SiteError::Write {
            path: out.to_path_buf(),
            source: std::io::Error::other("the output path exists and is not a folder"),
        });
    }
    // Only the marker says a folder is fenpress's: a folder of the user's
    // that happens to hold a sitemap.xml and a 404.html is still theirs.
    if out.is_dir() && !out.join(MARKER).is_file() {
        let first = std::fs::read_dir(out)
            .map_err(|source| SiteError::Write {
                path: out.to_path_buf(),
                source,
            })?
            .flatten()
            .map(|e| e.path())
            .min();
        if let Some(example) = first {
            return Err(SiteError::ForeignOutput {
                out: out.to_path_buf(),
                example,
            });
        }
    }
    Ok(())
}

/// The folders of a site that fenpress reads: an output may not lie in one.
pub const SOURCE_FOLDERS: &[&str] = &["rules", "pages", "puzzles", "variants", "static", "themes"];

/// Whether `out_abs`, inside the site folder `root_abs`, lies beside the
/// sources rather than among them: `public/` in the site folder is the
/// usual output (the starter's README builds there), and fenpress reads
/// no page from it, while `rules/public/` would be read as a variant's
/// pages. Hidden folders (`.git/`) are never an output either.
fn beside_the_sources(root_abs: &Path, out_abs: &Path) -> bool {
    let Ok(below) = out_abs.strip_prefix(root_abs) else {
        return false;
    };
    let Some(first) = below.components().next() else {
        return false;
    };
    let first = first.as_os_str().to_string_lossy();
    !first.starts_with('.') && !SOURCE_FOLDERS.contains(&first.as_ref())
}

/// Deletes the staging folders of builds that were killed before their
/// swap (`.<name>.fenpress-new-<pid>` / `-old-<pid>` of a process that is
/// gone): without this they would stay beside the output for good.
fn remove_abandoned(parent: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    let prefixes = [
        format!(".{name}.fenpress-new-"),
        format!(".{name}.fenpress-old-"),
    ];
    for entry in entries.flatten() {
        let file = entry.file_name();
        let file = file.to_string_lossy();
        let Some(pid) = prefixes.iter().find_map(|p| file.strip_prefix(p.as_str())) else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else {
            continue;
        };
        if pid != std::process::id() && !process_alive(pid) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Whether a process runs (on Linux, where `/proc` says so; elsewhere a
/// folder is assumed to be another build's and left alone).
fn process_alive(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.is_dir() || proc.join(pid.to_string()).exists()
}

/// Make `dir` hold exactly `output`: stale files and folders go, files
/// whose bytes are already right are left alone, the others are written.
fn write_tree(output: &Output, dir: &Path) -> Result<(), SiteError> {
    if dir.is_dir() {
        remove_unwanted(dir, &|k| {
            output.files.contains_key(k) || output.copies.contains_key(k)
        });
    }
    let mut folders: Vec<PathBuf> = output
        .files
        .keys()
        .chain(output.copies.keys())
        .filter_map(|f| dir.join(f).parent().map(Path::to_path_buf))
        .collect();
    folders.push(dir.to_path_buf());
    folders.sort();
    folders.dedup();
    for folder in &folders {
        std::fs::create_dir_all(folder).map_err(|source| SiteError::Write {
            path: folder.clone(),
            source,
        })?;
    }
    write_held(output, dir)?;
    write_marker(dir)
}

/// Writes every file `output` holds and copies its images into `dir`.
fn write_held(output: &Output, dir: &Path) -> Result<(), SiteError> {
    output
        .files
        .par_iter()
        .try_for_each(|(path, bytes)| put_file(dir, path, bytes))?;
    output
        .copies
        .par_iter()
        .try_for_each(|(path, source_file)| {
            let bytes = std::fs::read(source_file).map_err(|source| SiteError::Write {
                path: dir.join(path),
                source,
            })?;
            put_file(dir, path, &bytes)
        })
}

fn write_marker(dir: &Path) -> Result<(), SiteError> {
    let marker = dir.join(MARKER);
    write_if_changed(
        &marker,
        b"This folder was written by fenpress build, which replaces it whole.\n",
    )
    .map_err(|source| SiteError::Write {
        path: marker,
        source,
    })
}

fn write_if_changed(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    match std::fs::read(target) {
        Ok(old) if old == bytes => Ok(()),
        _ => {
            #[cfg(test)]
            tests::disk_full_now(target, bytes)?;
            std::fs::write(target, bytes)
        }
    }
}

/// Deletes from a reused staging folder every file that `wanted` (given
/// its `/`-separated path below `dir`) does not keep, but the marker, then
/// the folders left empty (deepest first).
fn remove_unwanted(dir: &Path, wanted: &dyn Fn(&str) -> bool) {
    let mut folders = Vec::new();
    for entry in walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .flatten()
    {
        let path = entry.path();
        if entry.file_type().is_dir() {
            folders.push(path.to_path_buf());
            continue;
        }
        let key = path
            .strip_prefix(dir)
            .ok()
            .map(|p| p.to_string_lossy().replace(std::path::MAIN_SEPARATOR, "/"));
        if !key.as_deref().is_some_and(|k| k == MARKER || wanted(k)) {
            let _ = std::fs::remove_file(path);
        }
    }
    for folder in folders.iter().rev() {
        let _ = std::fs::remove_dir(folder); // only succeeds when empty
    }
}

/// The folder an output folder stands in and its name, where fenpress keeps
/// its hidden siblings (`.<name>.fenpress-spare`, `.<name>.fenpress-cache`).
pub(crate) fn parent_and_name(out: &Path) -> (PathBuf, String) {
    let out_abs = absolute(out);
    let parent = out_abs
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let name = out_abs
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "public".into());
    (parent, name)
}

/// An absolute, normalised path, whether or not it exists yet.
fn absolute(path: &Path) -> PathBuf {
    if let Ok(p) = path.canonicalize() {
        return p;
    }
    let base = std::env::current_dir().unwrap_or_default().join(path);
    match (
        base.parent().and_then(|p| p.canonicalize().ok()),
        base.file_name(),
    ) {
        (Some(parent), Some(name)) => parent.join(name),
        _ => base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::cell::Cell;

    thread_local! {
        /// Writes of this thread that succeed before the disk is "full".
        static WRITES_LEFT: Cell<Option<usize>> = const { Cell::new(None) };
    }

    /// A full disk, simulated for the tests of this thread: once the
    /// writes allowed are spent, a write leaves half its bytes (as a full
    /// disk does) and fails with ENOSPC.
    pub(super) fn disk_full_now(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
        let Some(left) = WRITES_LEFT.get() else {
            return Ok(());
        };
        if left > 0 {
            WRITES_LEFT.set(Some(left - 1));
            return Ok(());
        }
        std::fs::write(target, &bytes[..bytes.len() / 2])?;
        Err(std::io::Error::from_raw_os_error(28))
    }

    /// Issue 41: a build that fills the disk says what to delete, leaves
    /// the output as it was and no spare behind (a full spare made every
    /// later build fail until it was deleted by hand); the next build
    /// recovers by itself, also from a spare left half-written.
    #[cfg(unix)]
    #[test]
    fn a_full_disk_leaves_no_spare_and_the_next_build_recovers() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        let mut site = Output::default();
        for i in 0..8 {
            site.files
                .insert(format!("p{i}/index.html"), format!("page {i}").into_bytes());
        }
        write_atomically(&site, &out, &[]).unwrap();
        // Change every page, so a rebuild writes each one.
        for bytes in site.files.values_mut() {
            bytes.extend_from_slice(b" (edited)");
        }

        let sink = Streaming::open(&out, &[]).unwrap();
        WRITES_LEFT.set(Some(3));
        let err = site
            .files
            .iter()
            .try_for_each(|(path, bytes)| sink.put(path, bytes))
            .expect_err("the disk fills");
        WRITES_LEFT.set(None);
        assert!(matches!(err, SiteError::DiskFull { .. }), "{err:?}");
        let message = err.to_string();
        assert!(message.contains("disk is full"), "{message}");
        assert!(message.contains(&out.display().to_string()), "{message}");
        assert!(message.contains("Free space"), "{message}");
        sink.abandon_after(&err);
        let mut left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(left, ["public"], "no spare, no staging folder is left");
        assert_eq!(std::fs::read(out.join("p0/index.html")).unwrap(), b"page 0");

        // A spare a crashed build left half-written, with a stray file.
        let spare = dir.path().join(".public.fenpress-spare");
        std::fs::create_dir_all(spare.join("p1")).unwrap();
        std::fs::write(spare.join("p1/index.html"), b"pa").unwrap();
        std::fs::write(spare.join("stray.html"), b"x").unwrap();
        let sink = Streaming::open(&out, &[]).unwrap();
        for (path, bytes) in &site.files {
            sink.put(path, bytes).unwrap();
        }
        sink.finish(&Output::default()).unwrap().swap().unwrap();
        for (path, bytes) in &site.files {
            assert_eq!(&std::fs::read(out.join(path)).unwrap(), bytes);
        }
        assert!(!out.join("stray.html").exists());
    }

    #[test]
    fn refuses_to_replace_a_folder_holding_the_content() {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        std::fs::create_dir(&content).unwrap();
        let err = write_atomically(&Output::default(), dir.path(), &[&content]).unwrap_err();
        assert!(matches!(err, SiteError::UnsafeOutput { .. }));
        assert!(content.is_dir());
    }

    #[test]
    fn refuses_an_output_folder_inside_the_content() {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        std::fs::create_dir_all(content.join("rules")).unwrap();
        std::fs::write(content.join("rules/page.md"), "mine").unwrap();
        let out = content.join("rules");
        let err = write_atomically(&Output::default(), &out, &[&content]).unwrap_err();
        assert!(matches!(err, SiteError::OutputInsideSource { .. }), "{err}");
        assert_eq!(
            std::fs::read_to_string(out.join("page.md")).unwrap(),
            "mine"
        );
    }

    #[test]
    fn takes_public_in_the_site_folder_but_no_source_folder() {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("site");
        std::fs::create_dir_all(content.join("rules")).unwrap();
        let mut output = Output::default();
        output.files.insert("index.html".into(), b"home".to_vec());
        let public = content.join("public");
        write_atomically(&output, &public, &[&content]).unwrap();
        assert!(public.join(MARKER).is_file());
        // And again: the marker says it is fenpress's.
        write_atomically(&output, &public, &[&content]).unwrap();
        for inside in ["rules/public", "static/out", "themes/x", ".git/out", "."] {
            let out = content.join(inside);
            let err = write_atomically(&output, &out, &[&content]).unwrap_err();
            assert!(
                matches!(
                    err,
                    SiteError::OutputInsideSource { .. } | SiteError::UnsafeOutput { .. }
                ),
                "{inside}: {err}"
            );
        }
    }

    #[test]
    fn a_sitemap_and_a_404_page_do_not_make_a_folder_fenpress_s() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("mine");
        std::fs::create_dir(&out).unwrap();
        for file in ["sitemap.xml", "404.html", "notes.txt"] {
            std::fs::write(out.join(file), "mine").unwrap();
        }
        let err = write_atomically(&Output::default(), &out, &[]).unwrap_err();
        assert!(matches!(err, SiteError::ForeignOutput { .. }), "{err}");
        assert_eq!(
            std::fs::read_to_string(out.join("notes.txt")).unwrap(),
            "mine"
        );
    }

    #[test]
    fn refuses_a_folder_it_did_not_write_but_takes_an_empty_one() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("photos");
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("holiday.jpg"), "mine").unwrap();
        let err = write_atomically(&Output::default(), &out, &[]).unwrap_err();
        assert!(matches!(err, SiteError::ForeignOutput { .. }), "{err}");
        assert!(err.to_string().contains("holiday.jpg"), "{err}");
        assert_eq!(
            std::fs::read_to_string(out.join("holiday.jpg")).unwrap(),
            "mine"
        );
        let empty = dir.path().join("empty");
        std::fs::create_dir(&empty).unwrap();
        write_atomically(&Output::default(), &empty, &[]).unwrap();
        assert!(empty.join(MARKER).is_file());
        // Its own output, marked, is replaced by the next build.
        write_atomically(&Output::default(), &empty, &[]).unwrap();
    }

    #[test]
    fn removes_staging_folders_of_killed_builds() {
        let dir = tempfile::tempdir().unwrap();
        // No process has pid 4294967: the build that made these is gone.
        let dead = dir.path().join(".public.fenpress-new-4294967");
        let dead_old = dir.path().join(".public.fenpress-old-4294967");
        let other = dir.path().join(".other.fenpress-new-4294967");
        for d in [&dead, &dead_old, &other] {
            std::fs::create_dir(d).unwrap();
        }
        write_atomically(&Output::default(), &dir.path().join("public"), &[]).unwrap();
        assert!(!dead.exists() && !dead_old.exists());
        assert!(
            other.exists(),
            "another output's staging folder is not ours"
        );
    }

    #[test]
    fn swaps_the_new_tree_in() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("stale.html"), "old").unwrap();
        std::fs::write(out.join(MARKER), "").unwrap();
        let mut output = Output::default();
        output.files.insert("a/index.html".into(), b"new".to_vec());
        write_atomically(&output, &out, &[]).unwrap();
        assert_eq!(
            std::fs::read_to_string(out.join("a/index.html")).unwrap(),
            "new"
        );
        assert!(!out.join("stale.html").exists());
        // The old output is kept as the spare, nothing else.
        let mut left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(left, [".public.fenpress-spare", "public"]);
    }

    #[test]
    fn the_spare_is_reused_and_ends_exactly_as_the_output() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        let mut first = Output::default();
        first.files.insert("a/index.html".into(), b"one".to_vec());
        first.files.insert("b/index.html".into(), b"gone".to_vec());
        first
            .files
            .insert("c".into(), b"a file, then a folder".to_vec());
        write_atomically(&first, &out, &[]).unwrap();
        write_atomically(&first, &out, &[]).unwrap();
        // The spare now holds `first`; the third build reuses it.
        let mut third = Output::default();
        third.files.insert("a/index.html".into(), b"two".to_vec());
        third
            .files
            .insert("c/index.html".into(), b"folder".to_vec());
        write_atomically(&third, &out, &[]).unwrap();
        let files: Vec<_> = walkdir::WalkDir::new(&out)
            .into_iter()
            .map(|e| e.unwrap())
            .filter(|e| e.file_type().is_file())
            .map(|e| e.path().strip_prefix(&out).unwrap().to_path_buf())
            .collect();
        assert_eq!(files.len(), 3, "{files:?}"); // and the marker
        assert!(!out.join("b").exists());
        assert_eq!(std::fs::read(out.join("a/index.html")).unwrap(), b"two");
        assert_eq!(std::fs::read(out.join("c/index.html")).unwrap(), b"folder");
    }

    #[test]
    fn a_streaming_build_writes_as_it_goes_and_ends_exactly_as_the_output() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        let mut first = Output::default();
        first.files.insert("a/index.html".into(), b"one".to_vec());
        first.files.insert("b/index.html".into(), b"gone".to_vec());
        first
            .files
            .insert("c".into(), b"a file, then a folder".to_vec());
        first
            .files
            .insert("d/index.html".into(), b"a folder, then a file".to_vec());
        write_atomically(&first, &out, &[]).unwrap();
        write_atomically(&first, &out, &[]).unwrap();
        // The spare holds `first`; this build streams into it.
        let sink = Streaming::open(&out, &[]).unwrap();
        sink.put("a/index.html", b"two").unwrap();
        sink.put("c/index.html", b"folder").unwrap();
        sink.put("d", b"file").unwrap();
        assert_eq!(sink.written().len(), 3);
        // Until the swap the output is the old one.
        assert_eq!(std::fs::read(out.join("a/index.html")).unwrap(), b"one");
        let mut held = Output::default();
        held.files.insert("e/index.html".into(), b"held".to_vec());
        sink.finish(&held).unwrap().swap().unwrap();
        let mut files: Vec<_> = walkdir::WalkDir::new(&out)
            .into_iter()
            .map(|e| e.unwrap())
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                e.path()
                    .strip_prefix(&out)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        files.sort();
        assert_eq!(
            files,
            [MARKER, "a/index.html", "c/index.html", "d", "e/index.html"]
        );
        assert_eq!(std::fs::read(out.join("a/index.html")).unwrap(), b"two");
        assert_eq!(std::fs::read(out.join("d")).unwrap(), b"file");
    }

    #[test]
    fn an_abandoned_streaming_build_leaves_the_output_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        let mut first = Output::default();
        first.files.insert("a/index.html".into(), b"one".to_vec());
        write_atomically(&first, &out, &[]).unwrap();
        let sink = Streaming::open(&out, &[]).unwrap();
        sink.put("a/index.html", b"two").unwrap();
        sink.abandon();
        assert_eq!(std::fs::read(out.join("a/index.html")).unwrap(), b"one");
        let mut left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(left, [".public.fenpress-spare", "public"]);
    }
}
