//! The content layer: walks a content folder, reads every source file once,
//! converts Pug to Markdown, and reads each page's diagrams into records of
//! the shared model (`crate::model`). It knows nothing of verification or
//! rendering: it imports neither `check` nor `site`.

pub mod image_file;
pub mod images;
pub mod input;
pub mod links;
pub mod load;
pub mod records;
pub mod safety;

pub use load::{load, load_files, load_variants, Loaded};
