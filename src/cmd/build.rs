//! `fenpress build`: builds the site and prints every finding and a
//! summary line.

use std::path::PathBuf;

use super::site::SiteArgs;
use super::ui::Ui;
use crate::site::baseline::BaselineChoice;
use crate::site::{build_with, BuildOptions};

/// `fenpress build`
#[derive(clap::Args, Debug, Clone)]
pub struct BuildArgs {
    #[command(flatten)]
    pub site: SiteArgs,
    /// Output folder, replaced only when the build succeeds; fenpress
    /// replaces only a folder it wrote itself (it holds `.fenpress-output`)
    /// or an empty one. Default: public/ in the site folder.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Treat warnings (missing images, repaired Pug) as errors.
    #[arg(long)]
    pub strict: bool,
    /// The baseline of known findings, which are reported and do not fail
    /// the build. Default: fenpress-baseline.yaml in the site, if any
    /// (`fenpress check --write-baseline` writes it).
    #[arg(long, value_name = "PATH")]
    pub baseline: Option<PathBuf>,
}

/// Exit 1 when the sources have errors not in the baseline (the output
/// is then left untouched).
pub fn run(args: &BuildArgs, ui: &Ui) -> anyhow::Result<u8> {
    let content = args.site.folder()?;
    let out = args.out.clone().unwrap_or_else(|| content.join("public"));
    let baseline = match &args.baseline {
        Some(path) => BaselineChoice::At(path.clone()),
        None => BaselineChoice::Site,
    };
    let report = ui.with_progress("building…", || {
        build_with(
            &BuildOptions {
                content,
                out,
                strict: args.strict,
            },
            &baseline,
        )
    })?;
    // The same printer as `fenpress check` (source line, caret, hint).
    eprint!(
        "{}",
        crate::report::human_with(
            &report.diagnostics,
            &report.sources,
            (!ui.verbose).then_some(crate::report::SHOWN_PER_KIND),
            ui.colour_err,
        )
    );
    super::check::print_baselined(
        &report.baselined,
        &report.sources,
        report.baseline.as_deref(),
        ui,
    );
    if ui.verbose {
        eprintln!("diagram blocks:");
        for (file, line, status) in &report.statuses {
            match status {
                crate::model::Status::Failed(why) => {
                    eprintln!("  {}:{line}: failed: {why}", file.display())
                }
                other => eprintln!("  {}:{line}: {}", file.display(), other.word()),
            }
        }
        for (step, took) in &report.timings {
            eprintln!("  {step:<8} {:>8.1} ms", took.as_secs_f64() * 1000.0);
        }
        if let Some(cache) = &report.cache {
            eprintln!("  {}", cache.words());
        }
    }
    if !ui.quiet {
        eprintln!("{}", report.summary());
    }
    Ok(if report.written { 0 } else { 1 })
}
