//! `fenpress build`: builds the site and prints every finding and a
//! summary line.

use std::path::PathBuf;

use crate::site::{build, BuildOptions};

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
    /// Print the time each build step took, and every finding (by default
    /// at most 20 of each kind, then a count).
    #[arg(long, short)]
    pub verbose: bool,
}

/// Exit 1 when the sources have errors (the output is then left untouched).
pub fn run(args: &BuildArgs) -> anyhow::Result<u8> {
    let report = build(&BuildOptions {
        content: args.content.clone(),
        out: args.out.clone(),
        strict: args.strict,
    })?;
    // The same printer as `fenpress check` (source line, caret, hint).
    eprint!(
        "{}",
        crate::report::human_summarised(
            &report.diagnostics,
            &report.sources,
            (!args.verbose).then_some(crate::report::SHOWN_PER_KIND),
        )
    );
    if args.verbose {
        for (step, took) in &report.timings {
            eprintln!("  {step:<8} {:>8.1} ms", took.as_secs_f64() * 1000.0);
        }
    }
    eprintln!("{}", report.summary());
    Ok(if report.written { 0 } else { 1 })
}
