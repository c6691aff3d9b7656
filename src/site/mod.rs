//! The site: the pipeline over the content model (load with `content`,
//! verify with `check`, render, write), the HTML it makes (pages, the marks
//! of failed diagrams, `convert`'s output) and the in-memory site `serve`
//! keeps.

pub mod annotate;
pub mod baseline;
pub mod build;
pub mod cache;
pub mod config;
pub mod error;
pub mod external;
pub mod incremental;
pub mod mark;
mod memory;
pub mod output;
pub mod render;
pub mod search;
pub mod strings;
pub mod theme;

pub mod convert;
pub use build::{
    apply_baseline, build, build_with, check_site, check_site_with, BuildOptions, BuildReport,
    CheckOptions,
};
pub use error::SiteError;
