//! The site: load the content tree into memory, verify, render, write.

use std::path::PathBuf;

mod convert;
pub use convert::convert_command;

/// `fenpress build`
#[derive(clap::Args, Debug, Clone)]
pub struct BuildArgs {
    /// Content folder (config.yaml, rules/, pages/, puzzles/).
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    /// Output folder, replaced only when the build succeeds.
    #[arg(long, default_value = "public")]
    pub out: PathBuf,
    /// Treat warnings (missing images, repaired Pug) as errors.
    #[arg(long)]
    pub strict: bool,
}

/// `fenpress convert`
#[derive(clap::Args, Debug, Clone)]
pub struct ConvertArgs {
    /// Pug files to convert.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "markdown")]
    pub to: ConvertTo,
}

#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConvertTo {
    Markdown,
    Html,
}

pub fn build_command(_args: &BuildArgs) -> anyhow::Result<u8> {
    anyhow::bail!("build is not implemented yet")
}
