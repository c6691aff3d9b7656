//! `fenpress serve`: the local preview until Ctrl-C.

use super::site::SiteArgs;
use crate::serve::{ServeError, ServeOptions, Server};

/// `fenpress serve`
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    #[command(flatten)]
    pub site: SiteArgs,
    /// The port to listen on.
    #[arg(long, default_value_t = 1111)]
    pub port: u16,
    /// The address to listen on: 127.0.0.1 (this machine only), or e.g.
    /// 0.0.0.0 to let other machines of the network see the preview.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: String,
    /// Open the site in a browser.
    #[arg(long)]
    pub open: bool,
    /// Treat warnings (missing images, repaired Pug) as errors.
    #[arg(long)]
    pub strict: bool,
}

/// Serve until Ctrl-C. Errors in the sources never stop it; a busy port or
/// a missing content folder does (exit 2).
pub fn run(args: &ServeArgs) -> anyhow::Result<u8> {
    let bind = args
        .bind
        .parse()
        .map_err(|_| ServeError::BadAddress(args.bind.clone()))?;
    let content = args.site.folder()?;
    let server = Server::start(ServeOptions {
        content: content.clone(),
        bind,
        port: args.port,
        strict: args.strict,
        log: true,
        quiet: crate::serve::watch::QUIET,
        before_reindex: None,
    })?;
    let url = server.url();
    server.wait_for_ctrl_c(|| {
        eprintln!(
            "fenpress serve: serving {} at {url} (Ctrl-C to stop)",
            content.display()
        );
        if args.open {
            open_browser(&url);
        }
    })?;
    eprintln!("fenpress serve: stopping");
    server.stop();
    Ok(0)
}

/// Best effort: the platform's opener, no error if there is none.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(err) = std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        eprintln!("fenpress serve: cannot open a browser ({opener}: {err}); open {url}");
    }
}
