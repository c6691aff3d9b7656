//! Local preview: build the site in memory, serve it over HTTP on
//! 127.0.0.1, watch the content, theme and config, and push reloads (or the
//! build's errors, as an overlay) to the open pages over one event stream.
//! The built site on disk is never touched.

pub mod error;
pub mod events;
pub mod guard;
mod http;
pub mod limits;
mod reindex;
pub mod route;
pub mod server;
mod snapshot;
pub mod watch;

pub use error::ServeError;
pub use events::EVENTS_PATH;
pub use reindex::ReindexHook;
pub use server::{ServeOptions, Server};
