//! `fenpress check`: verifies every diagram and puzzle of a site, writes
//! nothing, prints the findings in the chosen format and a summary line.

use std::path::PathBuf;

use crate::report;
use crate::site::check_site;

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
    /// Show every finding (by default at most 20 of each kind, then a count).
    #[arg(long, short)]
    pub verbose: bool,
}

#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    Human,
    Json,
    Github,
}

/// A `check` argument the command does not understand (exit code 2).
#[derive(Debug, thiserror::Error)]
#[error("`--deny {0}`: only `--deny warnings` is known")]
pub struct BadDeny(pub String);

/// Exit 1 on errors (or warnings with `--deny warnings`), 0 otherwise, 2
/// when it could not run.
pub fn run(args: &CheckArgs) -> anyhow::Result<u8> {
    let deny_warnings = match args.deny.as_deref() {
        None => false,
        Some("warnings") => true,
        Some(other) => return Err(BadDeny(other.to_string()).into()),
    };
    let started = std::time::Instant::now();
    let report = check_site(&args.content)?;
    let text = match args.format {
        OutputFormat::Human => report::human_summarised(
            &report.diagnostics,
            &report.sources,
            (!args.verbose).then_some(report::SHOWN_PER_KIND),
        ),
        OutputFormat::Json => report::json(&report.diagnostics) + "\n",
        OutputFormat::Github => report::github(&report.diagnostics),
    };
    print!("{text}");
    eprintln!(
        "{} in {:.2}s",
        report.summary.line(),
        started.elapsed().as_secs_f64()
    );
    let s = &report.summary;
    Ok(u8::from(s.errors > 0 || (deny_warnings && s.warnings > 0)))
}
