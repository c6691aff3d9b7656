//! What stops `fenpress serve` from starting or running. Problems in the
//! sources never do: they show in the pages as an overlay.

use std::net::SocketAddr;

use crate::site::SiteError;

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("{addr} is already in use: another server runs there; pick a free port with --port (e.g. --port {suggested})")]
    PortInUse { addr: SocketAddr, suggested: u16 },
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error("`{0}` is not an IP address to bind to (e.g. 127.0.0.1 or ::1)")]
    BadAddress(String),
    #[error(transparent)]
    Site(#[from] SiteError),
    #[error("cannot watch {path} for changes: {source}")]
    Watch {
        path: std::path::PathBuf,
        #[source]
        source: notify::Error,
    },
    #[error("cannot start the server runtime: {0}")]
    Runtime(#[source] std::io::Error),
}
