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
use super::output::{stage, Streaming};
use super::render::{og_pngs, render_site, render_site_streaming};
use super::theme::{load_theme, Theme};
use crate::check::links::check_links;
use crate::check::{verify_site, CheckError, CheckReport, Summary};
use crate::content::images::{check_page, link_target_exists};
use crate::content::{load, Loaded};
use crate::diagnostic::{Diagnostic, Severity};
use crate::words::Overrides;

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
    super::memory::before();
    let start = Instant::now();
    let value = f();
    timings.push((step, start.elapsed()));
    super::memory::after(step);
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
    loaded.diagnostics.extend(config.word_warnings(root));
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
    let (links, _external) = timed(t, "links", || {
        check_links(&loaded.pages, &|page, path| {
            link_target_exists(root, page, path)
        })
    });
    loaded.diagnostics.extend(links);
    // Verification, as `fenpress check` does it.
    let checked = timed(t, "verify", || {
        verify_site(&mut loaded.pages, &config.words)
    });
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
    check_site_with(content, &CheckOptions::default())
}

/// What `check` does besides the default.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// Check external links too (`--external`).
    pub external: Option<super::external::ExternalOptions>,
}

/// [`check_site`] with options: the links of every page, the images, and
/// with `external` the web addresses the pages link to.
pub fn check_site_with(content: &Path, options: &CheckOptions) -> Result<CheckReport, CheckError> {
    if !content.is_dir() {
        return Err(CheckError::ContentMissing(content.to_path_buf()));
    }
    let mut loaded = load(content);
    // The config as `build` reads it (issue 19: `check` passed what `build`
    // refused), before verifying: it sets the puzzles' proof budget.
    let (config_error, words) = config_diagnostic(content, &loaded);
    default_languages(content, &mut loaded);
    let checked = verify_site(&mut loaded.pages, &words);
    let mut diagnostics = loaded.diagnostics;
    diagnostics.extend(config_error);
    let (links, external) = check_links(&loaded.pages, &|page, path| {
        link_target_exists(content, page, path)
    });
    diagnostics.extend(links);
    for p in &loaded.pages {
        diagnostics.extend(check_page(content, p).1);
    }
    if let Some(ext) = &options.external {
        diagnostics.extend(super::external::check_external(&external, ext));
    }
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

/// `config.yaml` read as `build` reads it: what `build` refuses in it, as
/// an error at its line and column, if any, and its interface words.
fn config_diagnostic(content: &Path, loaded: &Loaded) -> (Vec<Diagnostic>, Overrides) {
    let found: Vec<String> = loaded
        .pages
        .iter()
        .map(|p| p.page.lang.clone())
        .filter(|l| !l.is_empty())
        .collect();
    let error = match Config::load(content, &found) {
        Ok(config) => return (piece_diagnostics(&config), config.words),
        Err(SiteError::Config {
            path,
            line,
            column,
            message,
        }) => Some(Diagnostic::new(
            Severity::Error,
            "config",
            path,
            line,
            column,
            message,
        )),
        Err(e) => Some(Diagnostic::new(
            Severity::Error,
            "config",
            content.join("config.yaml"),
            1,
            1,
            e.to_string(),
        )),
    };
    (error.into_iter().collect(), Overrides::new())
}

/// What the config's piece set held that is dropped from the art or
/// refused (`unsafe-svg`: script, handlers, outside references), as
/// `build` reads the set.
fn piece_diagnostics(config: &Config) -> Vec<Diagnostic> {
    let Some(pieces) = &config.pieces else {
        return Vec::new();
    };
    match crate::diagram::pieces::PieceSet::from_folder(&pieces.folder, pieces.svg) {
        Ok(set) => set
            .findings
            .into_iter()
            .map(|f| {
                Diagnostic::new(
                    Severity::Warning,
                    "unsafe-svg",
                    f.path,
                    f.line,
                    f.column,
                    f.message,
                )
                .with_hint("it is left out of the site; write the piece without it")
            })
            .collect(),
        Err(e) => vec![Diagnostic::new(
            Severity::Error,
            "config",
            pieces.folder.clone(),
            1,
            1,
            e.to_string(),
        )],
    }
}

/// Pages that name no language (puzzles may not) get the site's first,
/// as the build gives them, so their links resolve as built.
fn default_languages(content: &Path, loaded: &mut Loaded) {
    let found: Vec<String> = loaded
        .pages
        .iter()
        .map(|p| p.page.lang.clone())
        .filter(|l| !l.is_empty())
        .collect();
    let config = Config::load(content, &found).ok();
    if let Some(c) = &config {
        loaded.diagnostics.extend(c.word_warnings(content));
    }
    let first = config
        .and_then(|c| c.languages.first().cloned())
        .unwrap_or_else(|| "en".into());
    for p in &mut loaded.pages {
        if p.page.lang.is_empty() {
            p.page.lang = first.clone();
        }
    }
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
///
/// Memory: when nothing before rendering failed, each page is written to
/// the staging folder as it is rendered (see [`Streaming`]) and the loaded
/// pages are dropped before the search index is built, which takes the
/// indexed text page by page; the output only replaces `--out` at the swap.
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
    let mut protected = vec![root.as_path()];
    if let Some(folder) = &theme.folder {
        protected.push(folder);
    }
    let errors_so_far = [&loaded.diagnostics, &puzzles, &verified]
        .into_iter()
        .flatten()
        .filter(|d| {
            d.severity == Severity::Error || (options.strict && d.severity == Severity::Warning)
        })
        .count();
    // An output folder that cannot be taken is reported by `stage` as
    // before: the build then holds its pages in memory.
    let streaming = (errors_so_far == verify_errors)
        .then(|| Streaming::open(&options.out, &protected).ok())
        .flatten();
    let rendered = timed(t, "render", || match &streaming {
        Some(sink) => render_site_streaming(&config, root, &loaded.pages, &theme, sink),
        None => render_site(&config, root, &loaded.pages, &theme),
    });
    let mut rendered = match rendered {
        Ok(r) => r,
        Err(e) => {
            if let Some(sink) = streaming {
                sink.abandon();
            }
            return Err(e);
        }
    };
    let mut diagnostics = loaded.diagnostics;
    diagnostics.extend(std::mem::take(&mut rendered.diagnostics));
    diagnostics.extend(puzzles);
    diagnostics.extend(verified);
    settle(&mut diagnostics, options.strict);
    report.sources = sources_of(&diagnostics, &loaded.sources);
    report.diagnostics = diagnostics;
    report.invalid_diagrams = invalid_diagrams;
    report.pages = loaded.pages.len();
    report.diagrams = rendered.diagrams;
    report.files = rendered.output.file_count();
    // Everything the index and the write need is in `rendered` now.
    drop(loaded.pages);
    drop(loaded.sources);
    crate::memory::release_freed();

    if report.count(Severity::Error) != verify_errors {
        if let Some(sink) = streaming {
            sink.abandon();
        }
        return Ok(report);
    }
    // Search: the per-language indexes join the output, so they are
    // staged and swapped in with the rest of the site. Pagefind indexes
    // on one thread: the og:image PNGs are drawn on the others meanwhile.
    let og_jobs = std::mem::take(&mut rendered.output.og_images);
    let search_pages = std::mem::take(&mut rendered.search);
    let (pngs, search) = timed(&mut report.timings, "search + og images", || {
        rayon::join(
            || og_pngs(og_jobs, Some(&options.out)),
            || match &streaming {
                Some(sink) => super::search::write_indexes(
                    search_pages,
                    config.pages_per_bundle,
                    sink,
                    &mut rendered.output,
                ),
                None => super::search::add_indexes(
                    search_pages,
                    config.pages_per_bundle,
                    &mut rendered.output,
                ),
            },
        )
    });
    if let Err(e) = search {
        if let Some(sink) = streaming {
            sink.abandon();
        }
        return Err(e);
    }
    rendered.output.files.extend(pngs);
    report.files = rendered.output.file_count();
    let t = &mut report.timings;
    let staged = timed(t, "write", || match streaming {
        Some(sink) => sink.finish(&rendered.output),
        None => stage(&rendered.output, &options.out, &protected),
    })?;
    timed(t, "swap", || staged.swap())?;
    report.written = true;
    Ok(report)
}
