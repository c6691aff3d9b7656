//! `fenpress build` as a flat list of timed steps over an in-memory site:
//! load → verify (`fenpress check`'s verification) → render → write.
//! Nothing is written unless every step succeeded without errors; a
//! diagram that fails verification is marked in its page and is not a
//! build failure, unless `--strict`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::config::Config;
use super::error::SiteError;
use super::load::load;
use super::output::stage;
use super::render::render_site;
use super::theme::load_theme;
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

/// Build the site. `Err` means the build could not run (no content folder,
/// broken theme, unwritable output); errors in the sources are in the
/// report, and then nothing is written.
pub fn build(options: &BuildOptions) -> Result<BuildReport, SiteError> {
    let root = &options.content;
    if !root.is_dir() {
        return Err(SiteError::ContentMissing(root.clone()));
    }
    let mut report = BuildReport::default();
    let t = &mut report.timings;

    let mut loaded = timed(t, "load", || load(root));
    let found: Vec<String> = loaded
        .pages
        .iter()
        .map(|p| p.page.lang.clone())
        .filter(|l| !l.is_empty())
        .collect();
    let config = timed(t, "config", || Config::load(root, &found))?;
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
    // Verification, as `fenpress check` does it; failed diagrams are
    // recorded on their pages for the render step to mark.
    let (verified, _) = timed(t, "verify", || {
        crate::check::verify_for_build(&mut loaded.pages)
    });
    let invalid_diagrams: usize = loaded.pages.iter().map(|p| p.invalid.len()).sum();
    let mut rendered = timed(t, "render", || {
        render_site(&config, root, &loaded.pages, &theme)
    })?;

    let mut diagnostics = loaded.diagnostics;
    diagnostics.extend(rendered.diagnostics);
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
    if options.strict {
        for d in &mut diagnostics {
            if d.severity == Severity::Warning {
                d.severity = Severity::Error;
            }
        }
    }
    diagnostics.sort_by(|a, b| {
        (&a.file, a.line, a.column, a.code).cmp(&(&b.file, b.line, b.column, b.code))
    });
    report.diagnostics = diagnostics;
    report.invalid_diagrams = invalid_diagrams;
    report.pages = loaded.pages.len();
    report.diagrams = rendered.diagrams;
    report.files = rendered.output.files.len() + rendered.output.copies.len();

    if report.count(Severity::Error) == verify_errors {
        // Search: the per-language indexes join the output, so they are
        // staged and swapped in with the rest of the site.
        timed(&mut report.timings, "search", || {
            super::search::add_indexes(&rendered.search, &mut rendered.output)
        })?;
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
