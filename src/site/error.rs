//! What stops a build outright: the environment (a missing content folder,
//! an unwritable output, a broken theme), as opposed to problems in the
//! sources, which are [`crate::diagnostic::Diagnostic`]s gathered all at once.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("content folder {0} does not exist or is not a folder")]
    ContentMissing(PathBuf),
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}:{line}:{column}: invalid config: {message}")]
    Config {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("theme `{name}` not found (looked in {looked_in})")]
    ThemeMissing { name: String, looked_in: PathBuf },
    #[error("template {name}: {message}")]
    Template { name: String, message: String },
    #[error("refusing to write into {out}: it holds {holds}, which the swap would delete")]
    UnsafeOutput { out: PathBuf, holds: PathBuf },
    #[error("refusing to write into {out}: it is inside {inside}, among files fenpress reads or the next build would delete; choose a folder beside the sources (the default is public/ in the site folder) or outside it")]
    OutputInsideSource { out: PathBuf, inside: PathBuf },
    #[error("refusing to write into {out}: the folder holds files fenpress did not write ({example}); empty it, or choose another output folder")]
    ForeignOutput { out: PathBuf, example: PathBuf },
    #[error("search index: {0}")]
    Search(#[from] crate::search::SearchError),
    #[error("{0}")]
    Pieces(#[from] crate::diagram::pieces::PieceSetError),
    #[error("the disk is full: cannot write {path}. A build writes a complete copy of the site beside {out} before it replaces the old one, so the disk needs room for both; the unfinished copy was deleted. Free space on that disk (delete {out} itself if you can do without the previous output until the build) and build again")]
    DiskFull { path: PathBuf, out: PathBuf },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl SiteError {
    /// Whether this is a write that failed for want of space (a full disk
    /// or an exhausted quota).
    pub fn is_disk_full(&self) -> bool {
        match self {
            SiteError::DiskFull { .. } => true,
            SiteError::Write { source, .. } => is_disk_full(source),
            _ => false,
        }
    }
}

/// ENOSPC and EDQUOT, whatever the platform calls them.
pub fn is_disk_full(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded
    ) || (cfg!(unix) && matches!(e.raw_os_error(), Some(28 | 122)))
}
