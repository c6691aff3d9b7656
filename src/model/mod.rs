//! The content model both halves of the pipeline share: a page, its
//! diagrams as records (spec, source positions, verdict) and the one
//! source-location type. The content layer fills it, `check` verifies it,
//! `site` renders it; this module imports none of them.

pub mod diagram;
mod loc;
pub mod page;

pub use diagram::{
    BlockAt, BoardWritten, CaptionText, CaptionWritten, DiagramRecord, Status, Verdict, Written,
};
pub use loc::Loc;
pub use page::{url_path, ImageRef, LinkRef, LoadedPage, Page, PageKind, SourceFormat};
