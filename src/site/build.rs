//! `fenpress build` as a flat list of timed steps over an in-memory site:
//! load (`content`) → verify (`check`) → render → write; and `check_site`,
//! the load-and-verify half with nothing written.
//! Nothing is written unless every step succeeded without errors: a
//! diagram that fails verification is an error like any other, unless the
//! site's baseline lists it (see [`super::baseline`]).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::baseline::{Baseline, BaselineChoice};
use super::cache::BuildCache;
use super::config::Config;
use super::error::SiteError;
use super::output::{stage, Streaming};
use super::render::{og_pngs, render_site, render_site_streaming, Rendered};
use super::theme::{load_theme, Theme};
use crate::check::{
    verify_site_reusing, CheckError, CheckReport, NoReuse, Purpose, Reuse, Summary,
};
use crate::content::images::{check_page, link_target_exists};
use crate::content::{load, Loaded};
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{LoadedPage, Status};
use fenpress_rules::registry::Registry;

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
    /// Diagrams that failed verification.
    pub invalid_diagrams: usize,
    /// Each diagram block's status, in file order: the file, the line of
    /// its board, the verdict (`--verbose` lists them).
    pub statuses: Vec<(PathBuf, usize, Status)>,
    /// Findings the site's baseline lists: reported, not failing.
    pub baselined: Vec<Diagnostic>,
    /// The baseline read, if any.
    pub baseline: Option<PathBuf>,
    /// The text of each file that has a diagnostic, for the caret lines
    /// (as read by the load step: no file is read again).
    pub sources: HashMap<PathBuf, String>,
    /// What the build took from its cache and what it redid (a build
    /// that wrote its output).
    pub cache: Option<super::cache::CacheStats>,
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

    /// `699 diagram blocks (495 fully verified, 168 board checked, 36
    /// failed)`: each
    /// block by its status (a block may draw two boards: before, after).
    pub fn status_words(&self) -> String {
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for (_, _, status) in &self.statuses {
            match counts.iter_mut().find(|(w, _)| *w == status.word()) {
                Some((_, n)) => *n += 1,
                None => counts.push((status.word(), 1)),
            }
        }
        let order = [
            "fully verified",
            "board checked",
            "failed",
            "unchecked",
            "unreadable",
        ];
        let parts: Vec<String> = order
            .iter()
            .filter_map(|w| counts.iter().find(|(c, _)| c == w))
            .map(|(w, n)| format!("{n} {w}"))
            .collect();
        let blocks = plural(self.statuses.len(), "diagram block");
        if parts.is_empty() {
            blocks
        } else {
            format!("{blocks} ({})", parts.join(", "))
        }
    }

    /// `built 525 pages, 699 diagram blocks (495 fully verified, 168 board
    /// checked, 36 failed) (927 boards drawn), 1 600 files: 0 errors, ...`
    pub fn summary(&self) -> String {
        let (errors, warnings) = (self.count(Severity::Error), self.count(Severity::Warning));
        let total: Duration = self.timings.iter().map(|(_, d)| *d).sum();
        let verb = if self.written {
            "built"
        } else {
            "build failed:"
        };
        let baselined = baselined_words(self.baselined.len(), self.baseline.as_deref());
        format!(
            "{verb} {} pages, {} ({} drawn), {} files in {:.2}s: {errors} error{}, {warnings} warning{}{baselined}",
            self.pages,
            self.status_words(),
            plural(self.diagrams, "board"),
            self.files,
            total.as_secs_f64(),
            if errors == 1 { "" } else { "s" },
            if warnings == 1 { "" } else { "s" },
        )
    }
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// `, 76 baselined (in fenpress-baseline.yaml)`, or nothing.
pub fn baselined_words(count: usize, baseline: Option<&Path>) -> String {
    match baseline {
        Some(path) if count > 0 => format!(
            ", {count} baselined (known in {}, not failing)",
            path.display()
        ),
        _ => String::new(),
    }
}

/// Reads the baseline `choice` names; a broken one is a finding.
fn read_baseline(
    root: &Path,
    choice: &BaselineChoice,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Baseline> {
    Baseline::read(root, choice).unwrap_or_else(|d| {
        diagnostics.push(*d);
        None
    })
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

/// What a run is for: the same steps serve each (load → verify, then for
/// build and serve render → write), and the mode decides only what a
/// broken config is (a finding for `check`, which still verifies with the
/// defaults; the end of the run for `build` and `serve`) and whether the
/// base URL is the local one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Check,
    Build,
    Serve,
}

/// The site after the steps every mode runs: loaded, its config read once,
/// every finding made. `loaded.diagnostics` holds the load step's findings
/// (files, front matter, config words, links, images); `diagrams` and
/// `puzzles` verification's (verdicts are stored on the diagram records,
/// for the render step to draw).
pub(super) struct Verified {
    pub loaded: Loaded,
    /// `None` only in [`Mode::Check`], when `config.yaml` was refused (the
    /// finding is among the load step's).
    pub config: Option<Config>,
    pub diagrams: Vec<Diagnostic>,
    pub puzzles: Vec<Diagnostic>,
    /// External links, for `check --external`.
    pub external: crate::check::links::ExternalLinks,
    pub summary: Summary,
}

/// Load and verify: the steps `check`, `build` and `serve` share, each
/// timed into `t`. Every finding of a run is made here; render only draws.
pub(super) fn load_and_verify(
    root: &Path,
    mode: Mode,
    base_url: Option<&str>,
    cache: Option<&mut BuildCache>,
    t: &mut Vec<(&'static str, Duration)>,
) -> Result<Verified, SiteError> {
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
    let config = match timed(t, "config", || Config::load(root, &found)) {
        Ok(mut config) => {
            if let Some(url) = base_url {
                config.base_url = url.to_string();
            }
            loaded.diagnostics.extend(config.word_warnings(root));
            loaded.diagnostics.extend(piece_diagnostics(&config));
            loaded
                .diagnostics
                .extend(super::theme::skipped_files(root, &config.theme));
            Some(config)
        }
        Err(e) if mode == Mode::Check => {
            loaded.diagnostics.push(config_finding(root, e));
            None
        }
        Err(e) => return Err(e),
    };
    // Pages that name no language (puzzles may not) get the site's first,
    // so their links resolve as built.
    let default_lang = config
        .as_ref()
        .and_then(|c| c.languages.first().cloned())
        .unwrap_or_else(|| "en".into());
    for p in &mut loaded.pages {
        if p.page.lang.is_empty() {
            p.page.lang = default_lang.clone();
        }
    }
    let (links, external) = timed(t, "links", || page_findings(root, &loaded.pages, &|_| true));
    loaded.diagnostics.extend(links);
    // `check` draws nothing: it asks verification for findings only.
    let purpose = match mode {
        Mode::Check => Purpose::Findings,
        Mode::Build | Mode::Serve => Purpose::Drawing,
    };
    // A build reuses the verdicts its cache still holds (see `cache`).
    let reuse: &dyn Reuse = match cache {
        Some(cache) => {
            cache.read_definitions(root, &loaded.sources);
            cache
        }
        None => &NoReuse,
    };
    let checked = timed(t, "verify", || {
        verify_site_reusing(&loaded.registry, &mut loaded.pages, purpose, reuse)
    });
    Ok(Verified {
        loaded,
        config,
        diagrams: checked.diagrams,
        puzzles: checked.puzzles,
        external,
        summary: checked.summary,
    })
}

/// The links and images of the pages `only` accepts, judged against every
/// page of the site: the whole site's in the shared steps, the edited
/// pages' after an edit in `serve`.
pub(super) fn page_findings(
    root: &Path,
    pages: &[crate::model::LoadedPage],
    only: &dyn Fn(&crate::model::Page) -> bool,
) -> (Vec<Diagnostic>, crate::check::links::ExternalLinks) {
    let (mut findings, external) =
        crate::check::links::check_links_of(pages, only, &|page, path| {
            link_target_exists(root, page, path)
        });
    for p in pages.iter().filter(|p| only(&p.page)) {
        findings.extend(check_page(root, p).1);
    }
    (findings, external)
}

/// What `config.yaml` refuses, as an error at its line and column.
fn config_finding(root: &Path, e: SiteError) -> Diagnostic {
    match e {
        SiteError::Config {
            path,
            line,
            column,
            message,
        } => Diagnostic::new(Severity::Error, "config", path, line, column, message),
        e => Diagnostic::new(
            Severity::Error,
            "config",
            root.join("config.yaml"),
            1,
            1,
            e.to_string(),
        ),
    }
}

/// What `build` and `serve` render from: the shared steps' site, its
/// config and theme.
pub(super) struct Prepared {
    pub loaded: Loaded,
    pub config: Config,
    pub theme: Theme,
    pub verified: Vec<Diagnostic>,
    pub puzzles: Vec<Diagnostic>,
}

/// The shared steps, then the theme. `base_url` replaces the config's
/// (serve: the local address).
pub(super) fn prepare(
    root: &Path,
    serve: bool,
    base_url: Option<&str>,
    cache: Option<&mut BuildCache>,
    t: &mut Vec<(&'static str, Duration)>,
) -> Result<Prepared, SiteError> {
    let mode = if serve { Mode::Serve } else { Mode::Build };
    let verified = load_and_verify(root, mode, base_url, cache, t)?;
    // Outside `Mode::Check` a refused config ended the run above.
    let config = verified
        .config
        .expect("load_and_verify returns a config outside Mode::Check");
    let theme = timed(t, "theme", || load_theme(root, &config.theme))?;
    Ok(Prepared {
        loaded: verified.loaded,
        config,
        theme,
        verified: verified.diagrams,
        puzzles: verified.puzzles,
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
    /// The baseline of known findings (default: the site's, if any).
    pub baseline: BaselineChoice,
}

/// [`check_site`] with options: the shared steps in [`Mode::Check`] (the
/// same findings as `build`), and with `external` the web addresses the
/// pages link to.
pub fn check_site_with(content: &Path, options: &CheckOptions) -> Result<CheckReport, CheckError> {
    let verified = match load_and_verify(content, Mode::Check, None, None, &mut Vec::new()) {
        Ok(v) => v,
        Err(_) => return Err(CheckError::ContentMissing(content.to_path_buf())),
    };
    let mut diagnostics = verified.loaded.diagnostics;
    if let Some(ext) = &options.external {
        diagnostics.extend(super::external::check_external(&verified.external, ext));
    }
    diagnostics.extend(verified.diagrams);
    diagnostics.extend(verified.puzzles);
    let sources_read = &verified.loaded.sources;
    let mut baseline = read_baseline(content, &options.baseline, &mut diagnostics);
    let mut baselined = Vec::new();
    if let Some(b) = &mut baseline {
        baselined = b.take(&mut diagnostics, sources_read);
        diagnostics.extend(b.stale());
    }
    settle(&mut diagnostics, false);
    settle(&mut baselined, false);
    let mut summary: Summary = verified.summary;
    summary.count(&diagnostics);
    summary.baselined = baselined.len();
    let mut sources = sources_of(&diagnostics, sources_read);
    sources.extend(sources_of(&baselined, sources_read));
    Ok(CheckReport {
        sources,
        diagnostics,
        summary,
        baselined,
        baseline: baseline.map(|b| b.path().to_path_buf()),
    })
}

/// Lists as baselined every finding of `report` the baseline at `path`
/// names (after `check --write-baseline` wrote it: all of them).
pub fn apply_baseline(
    report: &mut CheckReport,
    root: &Path,
    path: &Path,
) -> Result<(), Box<Diagnostic>> {
    let choice = BaselineChoice::At(path.to_path_buf());
    let Some(mut baseline) = Baseline::read(root, &choice)? else {
        return Ok(());
    };
    let taken = baseline.take(&mut report.diagnostics, &report.sources);
    report.diagnostics.extend(baseline.stale());
    report.baselined.extend(taken);
    settle(&mut report.diagnostics, false);
    settle(&mut report.baselined, false);
    report.summary.recount(&report.diagnostics);
    report.summary.baselined = report.baselined.len();
    report.baseline = Some(path.to_path_buf());
    Ok(())
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
            .skipped
            .into_iter()
            .map(|(path, why)| {
                let message = format!("the piece file `{}` {why}: it is left out", path.display());
                crate::content::input::skipped_file(&path, message)
            })
            .chain(set.findings.into_iter().map(|f| {
                Diagnostic::new(
                    Severity::Warning,
                    "unsafe-svg",
                    f.path,
                    f.line,
                    f.column,
                    f.message,
                )
                .with_hint("it is left out of the site; write the piece without it")
            }))
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
    build_with(options, &BaselineChoice::Site)
}

/// [`build`] with the baseline `baseline` names: the findings it lists
/// are reported as baselined and fail nothing.
pub fn build_with(
    options: &BuildOptions,
    baseline: &BaselineChoice,
) -> Result<BuildReport, SiteError> {
    let root = &options.content;
    let mut report = BuildReport::default();
    let t = &mut report.timings;
    let mut cache = BuildCache::open(&options.out);
    let Prepared {
        mut loaded,
        config,
        theme,
        verified,
        puzzles,
    } = prepare(root, false, None, Some(&mut cache), t)?;
    let statuses: Vec<(PathBuf, usize, Status)> = loaded
        .pages
        .iter()
        .flat_map(|p| {
            p.diagrams.iter().map(|d| {
                (
                    p.page.source.clone(),
                    d.at.locate((1, 1), 0).line,
                    d.status(),
                )
            })
        })
        .collect();
    let invalid_diagrams = statuses
        .iter()
        .filter(|(_, _, s)| matches!(s, Status::Failed(_)))
        .count();
    let mut protected = vec![root.as_path()];
    if let Some(folder) = &theme.folder {
        protected.push(folder);
    }
    let mut diagnostics = std::mem::take(&mut loaded.diagnostics);
    diagnostics.extend(puzzles);
    diagnostics.extend(verified);
    let mut baseline = read_baseline(root, baseline, &mut diagnostics);
    settle(&mut diagnostics, options.strict);
    let mut baselined = match &mut baseline {
        Some(b) => b.take(&mut diagnostics, &loaded.sources),
        None => Vec::new(),
    };
    let errors_so_far = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    // An output folder that cannot be taken is reported by `stage` as
    // before: the build then holds its pages in memory. With errors
    // already found nothing is staged: the build will write nothing.
    let streaming = (errors_so_far == 0)
        .then(|| Streaming::open(&options.out, &protected).ok())
        .flatten();
    cache.prepare_render(root, &config, &theme, &loaded.pages);
    let (rendered, pngs, search) = render_and_index(
        &config,
        root,
        &loaded.pages,
        &loaded.registry,
        &theme,
        streaming.as_ref().map(|sink| (sink, &cache)),
        &options.out,
        t,
    );
    let rendered = match rendered {
        Ok(r) => r,
        Err(e) => {
            if let Some(sink) = streaming {
                sink.abandon_after(&e);
            }
            return Err(e);
        }
    };
    if let Some(b) = &baseline {
        diagnostics.extend(b.stale());
    }
    settle(&mut diagnostics, options.strict);
    settle(&mut baselined, false);
    report.sources = sources_of(&diagnostics, &loaded.sources);
    report
        .sources
        .extend(sources_of(&baselined, &loaded.sources));
    report.diagnostics = diagnostics;
    report.baselined = baselined;
    report.baseline = baseline.map(|b| b.path().to_path_buf());
    report.invalid_diagrams = invalid_diagrams;
    report.statuses = statuses;
    report.pages = loaded.pages.len();
    report.diagrams = rendered.diagrams;
    report.files = rendered.output.file_count();
    // Everything the index and the write need is in `rendered` now.
    drop(loaded.pages);
    drop(loaded.sources);
    crate::memory::release_freed();

    if report.count(Severity::Error) > 0 {
        if let Some(sink) = streaming {
            sink.abandon();
        }
        return Ok(report);
    }
    let written = finish(
        rendered,
        pngs,
        search,
        streaming,
        &cache,
        options,
        &protected,
        &config,
        &mut report,
    )?;
    report.files = written;
    report.cache = Some(cache.stats());
    cache.save();
    report.written = true;
    Ok(report)
}

/// The end of a build whose sources had no error: the search index (when
/// the render did not stream it), the og:image PNGs, the write and the
/// swap, with the cache's manifest dropped before it (see `cache`).
/// Returns how many files the output has.
#[allow(clippy::too_many_arguments)]
fn finish(
    mut rendered: Rendered,
    mut pngs: Vec<(String, Vec<u8>)>,
    search: Option<Result<Vec<String>, SiteError>>,
    streaming: Option<Streaming>,
    cache: &BuildCache,
    options: &BuildOptions,
    protected: &[&Path],
    config: &Config,
    report: &mut BuildReport,
) -> Result<usize, SiteError> {
    // Search: the per-language indexes join the output, so they are
    // staged and swapped in with the rest of the site. Without a staging
    // folder (the output could not be taken: `stage` reports why) the
    // pages are held, and so is the index, built now.
    let search = match search {
        Some(indexed) => indexed.map(|written| {
            cache.indexed_files(&written);
            rendered.output.written.extend(written)
        }),
        None => timed(&mut report.timings, "search", || {
            let pages = std::mem::take(&mut rendered.search);
            super::search::add_indexes(pages, config.pages_per_bundle, &mut rendered.output)
                .map(|_| ())
        }),
    };
    if let Err(e) = search {
        if let Some(sink) = streaming {
            sink.abandon_after(&e);
        }
        return Err(e);
    }
    if streaming.is_none() {
        pngs = og_pngs(
            std::mem::take(&mut rendered.output.og_images),
            Some(&options.out),
        );
    }
    rendered.output.files.extend(pngs);
    let files = rendered.output.file_count();
    let t = &mut report.timings;
    let staged = timed(t, "write", || match streaming {
        Some(sink) => sink.finish(&rendered.output),
        None => stage(&rendered.output, &options.out, protected),
    })?;
    cache.forget(staged.folder());
    timed(t, "swap", || staged.swap())?;
    Ok(files)
}

/// What [`render_and_index`] made: the render, the og:image PNGs drawn
/// and, for a staged build, the index's written paths.
type RenderedAndIndexed = (
    Result<Rendered, SiteError>,
    Vec<(String, Vec<u8>)>,
    Option<Result<Vec<String>, SiteError>>,
);

/// The render step of `build`. With the output staged (no error so far),
/// each language is indexed while the next one is rendered, and the
/// og:image PNGs are drawn on the pool once the render is done. Pagefind
/// indexes on threads of its own, never rayon workers (see
/// `search::index`). Without a staging folder only the render is done.
#[allow(clippy::too_many_arguments)]
fn render_and_index(
    config: &Config,
    root: &Path,
    pages: &[LoadedPage],
    registry: &Registry,
    theme: &Theme,
    streaming: Option<(&Streaming, &BuildCache)>,
    out_dir: &Path,
    t: &mut Vec<(&'static str, Duration)>,
) -> RenderedAndIndexed {
    let pages_per_bundle = config.pages_per_bundle;
    let languages = config.languages.len();
    std::thread::scope(|scope| {
        let (batches, indexer) = match streaming {
            Some((sink, _)) => {
                let (batches, received) = std::sync::mpsc::channel();
                let indexer = scope.spawn(move || {
                    super::search::write_indexes_from(received, languages, pages_per_bundle, sink)
                });
                (Some(batches), Some(indexer))
            }
            None => (None, None),
        };
        let mut rendered = timed(t, "render", || match streaming {
            Some((sink, cache)) => render_site_streaming(
                config,
                root,
                pages,
                registry,
                theme,
                sink,
                batches.as_ref(),
                cache,
            ),
            None => render_site(config, root, pages, registry, theme),
        });
        // The indexer ends after the last language it was given.
        drop(batches);
        timed(t, "search + og images", || {
            let pngs = match (&mut rendered, &indexer) {
                (Ok(r), Some(_)) => og_pngs(std::mem::take(&mut r.output.og_images), Some(out_dir)),
                _ => Vec::new(),
            };
            let search = indexer.map(|i| {
                i.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            });
            (rendered, pngs, search)
        })
    })
}
