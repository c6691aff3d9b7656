//! Write step: the in-memory site goes to a temporary folder beside `--out`,
//! which then replaces `--out` in two renames. A build that fails before the
//! swap leaves the old output as it was.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::error::SiteError;
use super::render::Output;

/// Write `output` and swap it into `out`. `protected` are folders the swap
/// must never delete (the content and theme folders).
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
}

/// Write `output` into a temporary folder beside `out`.
pub fn stage(output: &Output, out: &Path, protected: &[&Path]) -> Result<Staged, SiteError> {
    let out_abs = absolute(out);
    for keep in protected {
        let keep_abs = absolute(keep);
        if keep_abs.starts_with(&out_abs) {
            return Err(SiteError::UnsafeOutput {
                out: out.to_path_buf(),
                holds: keep.to_path_buf(),
            });
        }
    }
    if out.exists() && !out.is_dir() {
        return Err(SiteError::Write {
            path: out.to_path_buf(),
            source: std::io::Error::other("the output path exists and is not a folder"),
        });
    }
    let parent = out_abs
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let name = out_abs
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "public".into());
    std::fs::create_dir_all(&parent).map_err(|source| SiteError::Write {
        path: parent.clone(),
        source,
    })?;
    let pid = std::process::id();
    let tmp = parent.join(format!(".{name}.fenpress-new-{pid}"));
    let old = parent.join(format!(".{name}.fenpress-old-{pid}"));
    let _ = std::fs::remove_dir_all(&tmp);
    if let Err(err) = write_tree(output, &tmp) {
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(err);
    }
    Ok(Staged {
        out: out.to_path_buf(),
        out_abs,
        tmp,
        old,
    })
}

impl Staged {
    /// Put the new output in place with two renames, then delete the old.
    pub fn swap(self) -> Result<(), SiteError> {
        let Staged {
            out,
            out_abs,
            tmp,
            old,
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
        if had_old {
            let _ = std::fs::remove_dir_all(&old);
        }
        Ok(())
    }
}

fn write_tree(output: &Output, dir: &Path) -> Result<(), SiteError> {
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
    output.files.par_iter().try_for_each(|(path, bytes)| {
        let target = dir.join(path);
        std::fs::write(&target, bytes).map_err(|source| SiteError::Write {
            path: target,
            source,
        })
    })?;
    output
        .copies
        .par_iter()
        .try_for_each(|(path, source_file)| {
            let target = dir.join(path);
            std::fs::copy(source_file, &target)
                .map(|_| ())
                .map_err(|source| SiteError::Write {
                    path: target,
                    source,
                })
        })
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
    fn swaps_the_new_tree_in() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("stale.html"), "old").unwrap();
        let mut output = Output::default();
        output.files.insert("a/index.html".into(), b"new".to_vec());
        write_atomically(&output, &out, &[]).unwrap();
        assert_eq!(
            std::fs::read_to_string(out.join("a/index.html")).unwrap(),
            "new"
        );
        assert!(!out.join("stale.html").exists());
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1);
    }
}
