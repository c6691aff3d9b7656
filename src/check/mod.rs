//! Verification: every diagram's board, marks and claimed moves, every
//! puzzle, checked against the rules core; plus the perft/moves commands.

use std::path::PathBuf;

mod rules_cli;
pub use rules_cli::{moves_command, perft_command};

/// `fenpress check`
#[derive(clap::Args, Debug, Clone)]
pub struct CheckArgs {
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    #[arg(long, value_enum, default_value = "human")]
    pub format: OutputFormat,
    /// `--deny warnings` makes warnings fail the check.
    #[arg(long)]
    pub deny: Option<String>,
}

#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    Human,
    Json,
    Github,
}

/// `fenpress perft VARIANT FEN DEPTH [--divide]`
#[derive(clap::Args, Debug, Clone)]
pub struct PerftArgs {
    pub variant: String,
    /// A FEN in the variant's format, or `start`.
    pub fen: String,
    pub depth: u32,
    #[arg(long)]
    pub divide: bool,
    /// Variant options, e.g. `pacoplay`.
    #[arg(long)]
    pub option: Vec<String>,
}

/// `fenpress moves VARIANT FEN`
#[derive(clap::Args, Debug, Clone)]
pub struct MovesArgs {
    pub variant: String,
    pub fen: String,
    #[arg(long)]
    pub option: Vec<String>,
}

pub fn check_command(_args: &CheckArgs) -> anyhow::Result<u8> {
    anyhow::bail!("check is not implemented yet")
}
