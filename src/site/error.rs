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
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}
