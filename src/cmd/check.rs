//! `fenpress check`: verifies every diagram and puzzle of a site, writes
//! nothing, prints the findings in the chosen format and a summary line.

use std::path::PathBuf;

use std::time::Duration;

use super::site::SiteArgs;
use super::ui::Ui;
use crate::diagnostic::Diagnostic;
use crate::report;
use crate::site::baseline::{self, BaselineChoice};
use crate::site::external::ExternalOptions;
use crate::site::{apply_baseline, check_site_with, CheckOptions};

/// `fenpress check`
#[derive(clap::Args, Debug, Clone)]
pub struct CheckArgs {
    #[command(flatten)]
    pub site: SiteArgs,
    /// How findings are printed: human (with the source line), json (one
    /// array), github (workflow annotations on the lines of a pull request).
    #[arg(long, value_enum, default_value = "human")]
    pub format: OutputFormat,
    /// `--deny warnings` makes warnings fail the check.
    #[arg(long)]
    pub deny: Option<String>,
    /// Check links to other sites too (HEAD requests, a few at a time).
    #[arg(long)]
    pub external: bool,
    /// Where `--external` keeps its answers between runs.
    #[arg(long, default_value = ".fenpress/external-links.json")]
    pub external_cache: PathBuf,
    /// Requests `--external` makes at once.
    #[arg(long, default_value_t = 8)]
    pub external_jobs: usize,
    /// Seconds `--external` may take in all (one request: at most 10).
    #[arg(long, default_value_t = 60)]
    pub external_budget: u64,
    /// The baseline of known findings, which are reported and do not fail
    /// the check. Default: fenpress-baseline.yaml in the site, if any.
    #[arg(long, value_name = "PATH")]
    pub baseline: Option<PathBuf>,
    /// Write every current error and warning to the baseline (the
    /// `--baseline` file, else fenpress-baseline.yaml in the site), so
    /// that they no longer fail `check` or `build`; new findings still do.
    #[arg(long)]
    pub write_baseline: bool,
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
pub fn run(args: &CheckArgs, ui: &Ui) -> anyhow::Result<u8> {
    let deny_warnings = match args.deny.as_deref() {
        None => false,
        Some("warnings") => true,
        Some(other) => return Err(BadDeny(other.to_string()).into()),
    };
    let content = args.site.folder()?;
    let started = std::time::Instant::now();
    let options = CheckOptions {
        external: args.external.then(|| ExternalOptions {
            concurrency: args.external_jobs.max(1),
            budget: Duration::from_secs(args.external_budget),
            timeout: Duration::from_secs(args.external_budget.clamp(1, 10)),
            cache: Some(args.external_cache.clone()),
            ..ExternalOptions::default()
        }),
        baseline: match (&args.baseline, args.write_baseline) {
            (_, true) => BaselineChoice::Ignore,
            (Some(path), false) => BaselineChoice::At(path.clone()),
            (None, false) => BaselineChoice::Site,
        },
    };
    let mut report = ui.with_progress("checking…", || check_site_with(&content, &options))?;
    if args.write_baseline {
        let path = args
            .baseline
            .clone()
            .unwrap_or_else(|| content.join(baseline::DEFAULT_FILE));
        let written = baseline::write(&path, &content, &report.diagnostics, &report.sources)
            .map_err(|e| anyhow::anyhow!("cannot write the baseline {}: {e}", path.display()))?;
        if let Err(d) = apply_baseline(&mut report, &content, &path) {
            report.diagnostics.push(*d);
            report.summary.recount(&report.diagnostics);
        }
        eprintln!(
            "wrote {written} finding{} to {}",
            if written == 1 { "" } else { "s" },
            path.display()
        );
    }
    let text = match args.format {
        OutputFormat::Human => report::human_with(
            &report.diagnostics,
            &report.sources,
            (!ui.verbose).then_some(report::SHOWN_PER_KIND),
            ui.colour_out,
        ),
        OutputFormat::Json => report::json(&report.diagnostics) + "\n",
        OutputFormat::Github => report::github(&report.diagnostics),
    };
    print!("{text}");
    if args.format == OutputFormat::Human {
        print_baselined(
            &report.baselined,
            &report.sources,
            report.baseline.as_deref(),
            ui,
        );
    }
    if !ui.quiet {
        eprintln!(
            "{} in {:.2}s",
            report.summary.line(),
            started.elapsed().as_secs_f64()
        );
    }
    let s = &report.summary;
    Ok(u8::from(s.errors > 0 || (deny_warnings && s.warnings > 0)))
}

/// The baselined findings: one line saying how many, or with `--verbose`
/// each of them under that line.
pub(super) fn print_baselined(
    baselined: &[Diagnostic],
    sources: &std::collections::HashMap<PathBuf, String>,
    baseline: Option<&std::path::Path>,
    ui: &Ui,
) {
    let (Some(path), false) = (baseline, baselined.is_empty()) else {
        return;
    };
    let n = baselined.len();
    if ui.verbose {
        eprintln!(
            "{n} baselined finding{} (known in {}, not failing):\n",
            if n == 1 { "" } else { "s" },
            path.display()
        );
        eprint!(
            "{}",
            report::human_with(baselined, sources, None, ui.colour_err)
        );
    } else if !ui.quiet {
        eprintln!(
            "{n} baselined finding{} not shown (known in {}; `--verbose` lists them)",
            if n == 1 { "" } else { "s" },
            path.display()
        );
    }
}
