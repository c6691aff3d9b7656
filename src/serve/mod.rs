//! Local preview: build, serve over HTTP on 127.0.0.1, watch, live reload.

use std::path::PathBuf;

/// `fenpress serve`
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    #[arg(long, default_value_t = 1111)]
    pub port: u16,
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: String,
    /// Open the site in a browser.
    #[arg(long)]
    pub open: bool,
}

pub fn serve_command(_args: &ServeArgs) -> anyhow::Result<u8> {
    anyhow::bail!("serve is not implemented yet")
}
