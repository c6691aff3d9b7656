//! The site: load the content tree into memory, verify, render, write.

pub mod build;
pub mod config;
pub mod error;
pub mod images;
pub mod incremental;
pub mod load;
pub mod output;
pub mod page;
pub mod render;
pub mod search;
pub mod strings;
pub mod theme;

use std::path::PathBuf;

mod convert;
pub use build::{build, BuildOptions, BuildReport};
pub use convert::convert_command;
pub use error::SiteError;

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
    /// Print the time each build step took.
    #[arg(long, short)]
    pub verbose: bool,
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

/// Build, print every diagnostic and a summary line; exit 1 when the
/// sources have errors (the output is then left untouched).
pub fn build_command(args: &BuildArgs) -> anyhow::Result<u8> {
    let report = build(&BuildOptions {
        content: args.content.clone(),
        out: args.out.clone(),
        strict: args.strict,
    })?;
    // The same printer as `fenpress check` (source line, caret, hint).
    let sources = crate::check::report::sources_of(&report.diagnostics);
    eprint!(
        "{}",
        crate::check::report::human(&report.diagnostics, &sources)
    );
    if args.verbose {
        for (step, took) in &report.timings {
            eprintln!("  {step:<8} {:>8.1} ms", took.as_secs_f64() * 1000.0);
        }
    }
    eprintln!("{}", report.summary());
    Ok(if report.written { 0 } else { 1 })
}
