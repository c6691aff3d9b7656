//! `fenpress build` as a flat list of timed steps over an in-memory site:
//! load (`content`) → verify (`check`) → render → write; and `check_site`,
//! the load-and-verify half with nothing written.
//! Nothing is written unless every step succeeded without errors; a
//! diagram that fails verification is marked in its page and is not a
//! build failure, unless `--strict`.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::config::Config;
use super::error::SiteError;
use super::output::stage;
use super::render::{og_pngs, render_site};
use super::theme::{load_theme, Theme};
use crate::check::{verify_site, CheckError, CheckReport, Summary};
use crate::content::{load, Loaded};
use crate::diagnostic::{Diagnostic, Severity};

#[derive(Debug, Clone)]
pub struct BuildOptions {
    pub content: PathBuf,
    pub out: PathBuf,
    /// Warnings count as errors.
    pub strict: bool,
}

/// What a build did: its findings, how long each step took, and whether the
/// output was replaced.
#[derive(Debug, Default)]
pub struct BuildReport {
    /// Sorted by file, line, column.
    pub diagnostics: Vec<Diagnostic>,
    pub timings: Vec<(&'static str, Duration)>,
    pub pages: usize,
    pub diagrams: usize,
    pub files: usize,
    pub written: bool,
    /// Diagrams that failed verification (marked in their pages).
    pub invalid_diagrams: usize,
    /// The text of each file that has a diagnostic, for the caret lines
    /// (as read by the load step: no file is read again).
    pub sources: HashMap<PathBuf, String>,
}

/// The text of each file `diagnostics` blame, from what the load step read.
pub fn sources_of(
    diagnostics: &[Diagnostic],
    read: &BTreeMap<PathBuf, Arc<str>>,
) -> HashMap<PathBuf, String> {
    // One copy per file, however many findings blame it.
    let mut sources = HashMap::new();
    for d in diagnostics {
        if !sources.contains_key(&d.file) {
            if let Some(text) = read.get(&d.file) {
                sources.insert(d.file.clone(), text.to_string());
            }
        }
    }
    sources
}

impl BuildReport {
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// `built 525 pages, 927 diagrams, 1 600 files: 0 errors, 140 warnings`
    pub fn summary(&self) -> String {
        let (errors, warnings) = (self.count(Severity::Error), self.count(Severity::Warning));
        let total: Duration = self.timings.iter().map(|(_, d)| *d).sum();
        let verb = if self.written {
            "built"
        } else {
            "build failed:"
        };
        let invalid = match self.invalid_diagrams {
            0 => String::new(),
            1 => " (1 diagram failed verification, marked in its page)".into(),
            n => format!(" ({n} diagrams failed verification, marked in their pages)"),
        };
        format!(
            "{verb} {} pages, {} diagrams, {} files in {:.2}s: {errors} error{}, {warnings} warning{}{invalid}",
            self.pages,
            self.diagrams,
            self.files,
            total.as_secs_f64(),
            if errors == 1 { "" } else { "s" },
            if warnings == 1 { "" } else { "s" },
        )
    }
}

fn timed<T>(
    timings: &mut Vec<(&'static str, Duration)>,
    step: &'static str,
    f: impl FnOnce() -> T,
) -> T {
    let start = Instant::now();
    let value = f();
    timings.push((step, start.elapsed()));
    value
}

/// What `build` and `serve` do before rendering: the site loaded, its
/// config and theme, and verification's findings (verdicts are stored on
/// the diagram records for the render step to mark failed diagrams).
pub(super) struct Prepared {
    pub loaded: Loaded,
    pub config: Config,
    pub theme: Theme,
    /// Findings about diagrams (a failure fails the build only if strict).
    pub verified: Vec<Diagnostic>,
    /// Findings of puzzles (an error fails the build).
    pub puzzles: Vec<Diagnostic>,
}

/// Load, config, theme and verify, each step timed into `t`. `base_url`
/// replaces the config's (serve: the local address).
pub(super) fn prepare(
    root: &Path,
    base_url: Option<&str>,
    t: &mut Vec<(&'static str, Duration)>,
) -> Result<Prepared, SiteError> {
    if !root.is_dir() {
        return Err(SiteError::ContentMissing(root.to_path_buf()));
    }
    let mut loaded = timed(t, "load", || load(root));
    let found: Vec<String> = loaded
        .pages
        .iter()
        .map(|p| p.page.lang.clone())
        .filter(|l| !l.is_empty())
        .collect();
    let mut config = timed(t, "config", || Config::load(root, &found))?;
    if let Some(url) = base_url {
        config.base_url = url.to_string();
    }
    let theme = timed(t, "theme", || load_theme(root, &config.theme))?;
    let default_lang = config
        .languages
        .first()
        .cloned()
        .unwrap_or_else(|| "en".into());
    for p in &mut loaded.pages {
        if p.page.lang.is_empty() {
            p.page.lang = default_lang.clone();
        }
    }
    // Verification, as `fenpress check` does it.
    let checked = timed(t, "verify", || verify_site(&mut loaded.pages));
    Ok(Prepared {
        loaded,
        config,
        theme,
        verified: checked.diagrams,
        puzzles: checked.puzzles,
    })
}

/// Loads the site under `content` and verifies every diagram and puzzle:
/// `fenpress check`, which writes nothing.
pub fn check_site(content: &Path) -> Result<CheckReport, CheckError> {
    if !content.is_dir() {
        return Err(CheckError::ContentMissing(content.to_path_buf()));
    }
    let mut loaded = load(content);
    let checked = verify_site(&mut loaded.pages);
    let mut diagnostics = loaded.diagnostics;
    diagnostics.extend(checked.diagrams);
    diagnostics.extend(checked.puzzles);
    diagnostics.sort_by(|a, b| {
        (&a.file, a.line, a.column, a.code).cmp(&(&b.file, b.line, b.column, b.code))
    });
    let mut summary: Summary = checked.summary;
    summary.count(&diagnostics);
    Ok(CheckReport {
        sources: sources_of(&diagnostics, &loaded.sources),
        diagnostics,
        summary,
    })
}

/// Sorts findings by file, line, column, code; under `strict` warnings
/// become errors.
pub(super) fn settle(diagnostics: &mut [Diagnostic], strict: bool) {
    if strict {
        for d in diagnostics.iter_mut() {
            if d.severity == Severity::Warning {
                d.severity = Severity::Error;
            }
        }
    }
    diagnostics.sort_by(|a, b| {
        (&a.file, a.line, a.column, a.code).cmp(&(&b.file, b.line, b.column, b.code))
    });
}

/// Build the site. `Err` means the build could not run (no content folder,
/// broken theme, unwritable output); errors in the sources are in the
/// report, and then nothing is written.
pub fn build(options: &BuildOptions) -> Result<BuildReport, SiteError> {
    let root = &options.content;
    let mut report = BuildReport::default();
    let t = &mut report.timings;
    let Prepared {
        loaded,
        config,
        theme,
        verified,
        puzzles,
    } = prepare(root, None, t)?;
    let invalid_diagrams = loaded
        .pages
        .iter()
        .flat_map(|p| &p.diagrams)
        .filter(|d| d.verdict.as_ref().is_some_and(|v| v.failure.is_some()))
        .count();
    let mut rendered = timed(t, "render", || {
        render_site(&config, root, &loaded.pages, &theme)
    })?;
    let mut diagnostics = loaded.diagnostics;
    diagnostics.extend(rendered.diagnostics);
    diagnostics.extend(puzzles);
    // A diagram that fails verification is no build failure (it is marked
    // in its page) unless `--strict`.
    let verify_errors = if options.strict {
        0
    } else {
        verified
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    };
    diagnostics.extend(verified);
    settle(&mut diagnostics, options.strict);
    report.sources = sources_of(&diagnostics, &loaded.sources);
    report.diagnostics = diagnostics;
    report.invalid_diagrams = invalid_diagrams;
    report.pages = loaded.pages.len();
    report.diagrams = rendered.diagrams;
    report.files = rendered.output.files.len() + rendered.output.copies.len();

    if report.count(Severity::Error) == verify_errors {
        // Search: the per-language indexes join the output, so they are
        // staged and swapped in with the rest of the site. Pagefind indexes
        // on one thread: the og:image PNGs are drawn on the others meanwhile.
        let og_jobs = std::mem::take(&mut rendered.output.og_images);
        let (pngs, search) = timed(&mut report.timings, "search + og images", || {
            rayon::join(
                || og_pngs(og_jobs, Some(&options.out)),
                || super::search::add_indexes(&rendered.search, &mut rendered.output),
            )
        });
        search?;
        rendered.output.files.extend(pngs);
        report.files = rendered.output.files.len() + rendered.output.copies.len();
        let mut protected = vec![root.as_path()];
        if let Some(folder) = &theme.folder {
            protected.push(folder);
        }
        let t = &mut report.timings;
        let staged = timed(t, "write", || {
            stage(&rendered.output, &options.out, &protected)
        })?;
        timed(t, "swap", || staged.swap())?;
        report.written = true;
    }
    Ok(report)
}
