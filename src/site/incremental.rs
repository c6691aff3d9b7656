//! The site kept in memory between builds, for `fenpress serve`: built once
//! in full, then rebuilt from the paths that changed. An edit to an existing
//! page that keeps its title re-renders that page (and, for a home page,
//! its language's indexes): no index lists more than titles and URLs.
//! Anything else (config, theme, a page added, removed or retitled,
//! an image) rebuilds everything. Nothing here writes to disk.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::build::{page_findings, prepare, settle, sources_of, Prepared};
use super::cache::{BuildCache, CacheStats};
use super::config::Config;
use super::error::SiteError;
use super::render::{render_edited_pages, render_site, Output};
use super::theme::Theme;
use crate::content::load_files;
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{LoadedPage, Page};
use crate::search::SearchPage;
use fenpress_rules::registry::Registry;

/// How to build the in-memory site.
#[derive(Debug, Clone)]
pub struct SiteOptions {
    pub content: PathBuf,
    /// Warnings count as errors.
    pub strict: bool,
    /// Replaces the config's `base_url` (serve: the local address), so the
    /// site's links point at the preview.
    pub base_url: Option<String>,
}

/// What a rebuild did to the output.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Changed {
    /// Everything was rebuilt.
    pub full: bool,
    /// Output paths (below the site root) the rebuild produced; some may be
    /// byte-identical to what they were.
    pub rendered: Vec<String>,
    /// Output paths that no longer exist.
    pub removed: Vec<String>,
}

/// The site in memory: sources loaded, output rendered.
pub struct Site {
    options: SiteOptions,
    config: Config,
    theme: Theme,
    pages: Vec<LoadedPage>,
    load_diagnostics: Vec<Diagnostic>,
    /// Findings of verification: shown in serve's overlay; a failed
    /// diagram does not keep the preview from updating.
    verify_diagnostics: Vec<Diagnostic>,
    /// Findings of puzzles (made by the verify step): an error fails the
    /// build.
    puzzle_diagnostics: Vec<Diagnostic>,
    /// The text of every content file read, for the overlay's source lines.
    sources: BTreeMap<PathBuf, Arc<str>>,
    output: Output,
    /// Every page as the search index saw it, by URL: an edit re-indexes
    /// with the edited pages replaced (see `search.rs`). Shared, so that an
    /// edit copies no page's text and a re-index elsewhere
    /// ([`Site::take_search_backlog`]) holds them without a copy.
    search: BTreeMap<String, Arc<SearchPage>>,
    /// Pages were edited since the index was last built.
    search_stale: bool,
    /// Every page's verdicts by what they depend on (the build's cache,
    /// held in memory): a rebuild of the whole site after a change of the
    /// config, the theme or the set of pages verifies only the pages whose
    /// text or variant definitions changed.
    verdicts: BuildCache,
    /// The variants the site sees, its own definitions among them: read
    /// again with the whole site when a definition changes.
    registry: Registry,
}

impl Site {
    /// Load and render the whole site. `Err` when the build cannot run (see
    /// [`super::build`]); problems in the sources are [`Site::diagnostics`].
    pub fn build(options: SiteOptions) -> Result<Site, SiteError> {
        Site::build_reusing(options, BuildCache::in_memory())
    }

    /// [`Site::build`] taking the verdicts `verdicts` still holds.
    fn build_reusing(options: SiteOptions, mut verdicts: BuildCache) -> Result<Site, SiteError> {
        let root = &options.content;
        // The steps of `build::build` (verification included), without the
        // write.
        let Prepared {
            loaded,
            config,
            theme,
            verified,
            puzzles,
        } = prepare(
            root,
            true,
            options.base_url.as_deref(),
            Some(&mut verdicts),
            &mut Vec::new(),
        )?;
        let mut rendered = render_site(&config, root, &loaded.pages, &loaded.registry, &theme)?;
        rendered.output.rasterise_og_images(None);
        // serve keeps the search pages to re-index after edits.
        let bundles = crate::search::build_bundles(&rendered.search, config.pages_per_bundle)?;
        super::search::put_bundles(bundles, &mut rendered.output);
        let search = rendered
            .search
            .into_iter()
            .map(|p| (p.url.clone(), Arc::new(p)))
            .collect();
        Ok(Site {
            search,
            search_stale: false,
            verdicts,
            options,
            config,
            theme,
            pages: loaded.pages,
            load_diagnostics: loaded.diagnostics,
            verify_diagnostics: verified,
            puzzle_diagnostics: puzzles,
            sources: loaded.sources,
            registry: loaded.registry,
            output: rendered.output,
        })
    }

    /// Bring the site up to date after `paths` (files or folders of the
    /// content or theme, as the watcher saw them) changed. On `Err` the site
    /// is left as it was.
    pub fn rebuild_changed(&mut self, paths: &[PathBuf]) -> Result<Changed, SiteError> {
        let mut changed = self.rebuild_changed_deferring_search(paths)?;
        let search = self.refresh_search()?;
        changed.rendered.extend(search.rendered);
        changed.removed.extend(search.removed);
        Ok(changed)
    }

    /// [`Site::rebuild_changed`], except that after an edit of existing
    /// pages the search index is left stale until [`Site::refresh_search`]:
    /// re-indexing is the slowest step of an edit (about 0.25 s on the
    /// vchess corpus), so `serve` reloads the edited page first.
    pub fn rebuild_changed_deferring_search(
        &mut self,
        paths: &[PathBuf],
    ) -> Result<Changed, SiteError> {
        if let Some(changed) = self.rebuild_pages(paths)? {
            return Ok(changed);
        }
        let verdicts = std::mem::replace(&mut self.verdicts, BuildCache::in_memory());
        let fresh = Site::build_reusing(self.options.clone(), verdicts.carried_over())?;
        let old = std::mem::replace(self, fresh);
        let keys = |o: &Output| -> BTreeSet<String> {
            o.files.keys().chain(o.copies.keys()).cloned().collect()
        };
        let (before, after) = (keys(&old.output), keys(&self.output));
        Ok(Changed {
            full: true,
            removed: before.difference(&after).cloned().collect(),
            rendered: after.into_iter().collect(),
        })
    }

    /// The incremental path: `None` when the change is not a plain edit of
    /// existing pages and everything must be rebuilt.
    fn rebuild_pages(&mut self, paths: &[PathBuf]) -> Result<Option<Changed>, SiteError> {
        let known = |p: &PathBuf| self.pages.iter().any(|l| &l.page.source == p);
        if paths.is_empty() || !paths.iter().all(known) {
            return Ok(None);
        }
        let root = self.options.content.clone();
        let default_lang = self.config.languages.first().map_or("en", String::as_str);
        let mut loaded = load_files(&root, paths, default_lang);
        if loaded.pages.len() != paths.len() {
            return Ok(None); // a page no longer loads, or is gone
        }
        // Every file reads as the site last read it: nothing to do. An
        // editor's save can reach the watcher in two parts (a busy machine
        // delays the second past the quiet time); the second is no edit.
        let unchanged = paths.iter().all(|path| {
            matches!(
                (loaded.sources.get(path), self.sources.get(path)),
                (Some(new), Some(old)) if new == old
            )
        });
        if unchanged {
            return Ok(Some(Changed::default()));
        }
        let same_place = |new: &Page| {
            self.pages.iter().any(|old| {
                old.page.source == new.source
                    && old.page.key() == new.key()
                    && old.page.lang == new.lang
                    && old.page.title == new.title
            })
        };
        if !loaded.pages.iter().all(|l| same_place(&l.page)) {
            return Ok(None); // titles show in indexes, nav and neighbours
        }

        // The edited pages are verified again (the others did not change).
        let checked = crate::check::verify_site_reusing(
            &self.registry,
            &mut loaded.pages,
            crate::check::Purpose::Drawing,
            &self.verdicts,
        );
        // The edited pages take their places (no copy of the site's pages:
        // at 10x the corpus that copy was most of an edit's time); the old
        // ones go back if the render fails.
        let mut replaced = Vec::with_capacity(loaded.pages.len());
        for new in loaded.pages {
            if let Some(i) = self
                .pages
                .iter()
                .position(|l| l.page.source == new.page.source)
            {
                replaced.push((i, std::mem::replace(&mut self.pages[i], new)));
            }
        }
        let rendered = render_edited_pages(
            &self.config,
            &root,
            &self.pages,
            &self.registry,
            &self.theme,
            &|p| paths.contains(&p.source),
        );
        let mut rendered = match rendered {
            Ok(rendered) => rendered,
            Err(err) => {
                for (i, old) in replaced {
                    self.pages[i] = old;
                }
                return Err(err);
            }
        };
        // An og:image is named by a hash of its board: one the output holds
        // is the same picture, not drawn again.
        let output = &self.output;
        rendered
            .output
            .og_images
            .retain(|path, _| !output.files.contains_key(path));
        rendered.output.rasterise_og_images(None);
        // The edited pages' new text, for the index (rebuilt by
        // `refresh_search`).
        for page in rendered.search {
            self.search.insert(page.url.clone(), Arc::new(page));
        }

        // The findings of the pages loaded again are replaced, their links
        // and images judged again against the whole site, as the shared
        // steps judge them.
        let (links, _) = page_findings(&root, &self.pages, &|p| paths.contains(&p.source));
        self.load_diagnostics.retain(|d| !paths.contains(&d.file));
        self.load_diagnostics.extend(loaded.diagnostics);
        self.load_diagnostics.extend(links);
        self.verify_diagnostics.retain(|d| !paths.contains(&d.file));
        self.verify_diagnostics.extend(checked.diagrams);
        self.puzzle_diagnostics.retain(|d| !paths.contains(&d.file));
        self.puzzle_diagnostics.extend(checked.puzzles);
        self.sources.extend(loaded.sources);

        let mut changed = Changed::default();
        // The sitemap of a partial render lists only what it rendered; the
        // set of pages did not change, so the old one stands.
        for (path, bytes) in rendered.output.files {
            if path != "sitemap.xml" {
                changed.rendered.push(path.clone());
                self.output.files.insert(path, bytes);
            }
        }
        for (path, source) in rendered.output.copies {
            changed.rendered.push(path.clone());
            self.output.copies.insert(path, source);
        }
        self.search_stale = true;
        Ok(Some(changed))
    }

    /// Whether page edits left the search index behind the pages (see
    /// [`Site::rebuild_changed_deferring_search`]).
    pub fn search_stale(&self) -> bool {
        self.search_stale
    }

    /// Rebuild the search index after page edits, and say which bundle
    /// files changed.
    pub fn refresh_search(&mut self) -> Result<Changed, SiteError> {
        let mut changed = Changed::default();
        if !self.search_stale {
            return Ok(changed);
        }
        let listed: Vec<Arc<SearchPage>> = self.search.values().cloned().collect();
        let bundles = crate::search::build_bundles_from(listed, self.config.pages_per_bundle)?;
        let (written, removed) = super::search::put_bundles(bundles, &mut self.output);
        changed.rendered = written;
        changed.removed = removed;
        self.search_stale = false;
        Ok(changed)
    }

    /// For a caller that indexes elsewhere (`serve`'s re-index thread):
    /// the pages to index when edits left the index behind, and the index
    /// counted as caught up. The bundle files of [`Site::output`] stay as
    /// they were; the caller serves the ones it builds.
    pub fn take_search_backlog(&mut self) -> Option<Vec<Arc<SearchPage>>> {
        if !self.search_stale {
            return None;
        }
        self.search_stale = false;
        Some(self.search.values().cloned().collect())
    }

    /// What the last build of the whole site took from the verdicts of
    /// the one before, and what page edits verified since.
    pub fn cache_stats(&self) -> CacheStats {
        self.verdicts.stats()
    }

    /// The most pages of a language in one search bundle (the config's).
    pub fn pages_per_bundle(&self) -> usize {
        self.config.pages_per_bundle
    }

    /// The rendered site.
    pub fn output(&self) -> &Output {
        &self.output
    }

    /// Each page's diagram blocks' statuses, in the page's order, by the
    /// page's output key (`en/rules/Chess/index.html`): what `serve` shows
    /// the author over each diagram.
    pub fn statuses(&self) -> BTreeMap<String, Vec<crate::model::Status>> {
        self.pages
            .iter()
            .filter(|p| !p.diagrams.is_empty())
            .map(|p| {
                (
                    format!("{}index.html", p.page.path()),
                    p.diagrams.iter().map(|d| d.status()).collect(),
                )
            })
            .collect()
    }

    /// Every finding, sorted by file, line, column; warnings are errors
    /// under `strict`.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let mut all: Vec<Diagnostic> = self
            .load_diagnostics
            .iter()
            .chain(&self.verify_diagnostics)
            .chain(&self.puzzle_diagnostics)
            .cloned()
            .collect();
        settle(&mut all, self.options.strict);
        all
    }

    /// The errors, sorted as in [`Site::diagnostics`], and how many warnings
    /// there are: what `serve` shows after every edit, without copying and
    /// sorting every warning (8,730 of them at 10x the corpus).
    pub fn errors_and_warnings(&self) -> (Vec<Diagnostic>, usize) {
        let strict = self.options.strict;
        let mut errors = Vec::new();
        let mut warnings = 0;
        for d in self
            .load_diagnostics
            .iter()
            .chain(&self.verify_diagnostics)
            .chain(&self.puzzle_diagnostics)
        {
            match d.severity {
                Severity::Error => errors.push(d.clone()),
                Severity::Warning if strict => errors.push(d.clone()),
                Severity::Warning => warnings += 1,
                Severity::Note => {}
            }
        }
        settle(&mut errors, strict);
        (errors, warnings)
    }

    /// Whether the site has errors that make `build` write nothing: any
    /// error under `strict`, else any outside verification (a diagram that
    /// fails verification is only shown failed over its diagram).
    pub fn has_errors(&self) -> bool {
        let error = |d: &Diagnostic| d.severity == Severity::Error;
        if self.options.strict {
            return self.diagnostics().iter().any(error);
        }
        self.load_diagnostics
            .iter()
            .chain(&self.puzzle_diagnostics)
            .any(error)
    }

    /// The text of each file `diagnostics` blame, as the build read it.
    pub fn sources_of(&self, diagnostics: &[Diagnostic]) -> HashMap<PathBuf, String> {
        sources_of(diagnostics, &self.sources)
    }

    pub fn pages(&self) -> usize {
        self.pages.len()
    }

    /// The theme folder on disk, to watch; `None` for the embedded theme.
    pub fn theme_folder(&self) -> Option<&Path> {
        self.theme.folder.as_deref()
    }

    pub fn content(&self) -> &Path {
        &self.options.content
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let c = dir.path().join("content");
        for v in ["Alpha", "Beta", "Gamma"] {
            std::fs::create_dir_all(c.join("rules").join(v)).unwrap();
            std::fs::write(
                c.join("rules").join(v).join("en.md"),
                format!("# {v}\n\nThe rules of {v}.\n"),
            )
            .unwrap();
        }
        dir
    }

    /// The two outputs hold the same files, byte for byte (the paths that
    /// differ are named).
    fn assert_same_files(full: &Site, incremental: &Site) {
        let (a, b) = (&full.output().files, &incremental.output().files);
        let differ: Vec<&String> = a
            .keys()
            .chain(b.keys())
            .filter(|k| a.get(*k) != b.get(*k))
            .collect();
        assert!(differ.is_empty(), "differ from a full build: {differ:?}");
    }

    fn options(dir: &tempfile::TempDir) -> SiteOptions {
        SiteOptions {
            content: dir.path().join("content"),
            strict: false,
            base_url: Some("http://127.0.0.1:1/".into()),
        }
    }

    #[test]
    fn a_page_edit_renders_that_page_only() {
        let dir = fixture();
        let mut site = Site::build(options(&dir)).unwrap();
        let source = dir.path().join("content/rules/Beta/en.md");
        std::fs::write(&source, "# Beta\n\nNew rules of Beta.\n").unwrap();
        let changed = site.rebuild_changed(std::slice::from_ref(&source)).unwrap();
        assert!(!changed.full);
        assert!(changed
            .rendered
            .contains(&"en/rules/Beta/index.html".into()));
        // Its title did not change: no index did.
        assert!(!changed.rendered.contains(&"en/rules/index.html".into()));
        assert!(!changed
            .rendered
            .contains(&"en/rules/Alpha/index.html".into()));
        // The index was rebuilt with the new text.
        assert!(changed
            .rendered
            .iter()
            .any(|p| p.starts_with("pagefind/en/")));
        assert!(site.output().files.contains_key("en/search/index.html"));
        let html = &site.output().files["en/rules/Beta/index.html"];
        assert!(String::from_utf8_lossy(html).contains("New rules of Beta."));
        // The incremental result equals a full build.
        let full = Site::build(options(&dir)).unwrap();
        assert_same_files(&full, &site);
    }

    /// An edit in `serve` runs the same steps as a full build: the edited
    /// page's broken link is still reported (it was dropped before), a
    /// fixed one no longer is, and the findings equal a full build's.
    #[test]
    fn an_edit_keeps_the_pages_link_findings() {
        let dir = fixture();
        let source = dir.path().join("content/rules/Beta/en.md");
        std::fs::write(&source, "# Beta\n\nSee [nowhere](/en/rules/Nowhere/).\n").unwrap();
        let mut site = Site::build(options(&dir)).unwrap();
        let broken = |site: &Site| {
            site.diagnostics()
                .iter()
                .filter(|d| d.code == "broken-link" && d.file == source)
                .count()
        };
        assert_eq!(broken(&site), 1, "{:#?}", site.diagnostics());
        std::fs::write(
            &source,
            "# Beta\n\nStill [nowhere](/en/rules/Nowhere/), edited.\n",
        )
        .unwrap();
        let changed = site.rebuild_changed(std::slice::from_ref(&source)).unwrap();
        assert!(!changed.full);
        assert_eq!(broken(&site), 1, "{:#?}", site.diagnostics());
        let full = Site::build(options(&dir)).unwrap();
        assert_eq!(full.diagnostics(), site.diagnostics());
        std::fs::write(&source, "# Beta\n\nSee [Alpha](/en/rules/Alpha/).\n").unwrap();
        site.rebuild_changed(std::slice::from_ref(&source)).unwrap();
        assert_eq!(broken(&site), 0, "{:#?}", site.diagnostics());
    }

    #[test]
    fn a_home_page_edit_renders_its_home_and_indexes() {
        let dir = fixture();
        let home = dir.path().join("content/pages/home/en.md");
        std::fs::create_dir_all(home.parent().unwrap()).unwrap();
        std::fs::write(&home, "---\ntitle: Home\n---\nWelcome.\n").unwrap();
        let mut site = Site::build(options(&dir)).unwrap();
        std::fs::write(&home, "---\ntitle: Home\n---\nWelcome back.\n").unwrap();
        let changed = site.rebuild_changed(std::slice::from_ref(&home)).unwrap();
        assert!(!changed.full);
        assert!(changed.rendered.contains(&"en/index.html".into()));
        assert!(changed.rendered.contains(&"en/rules/index.html".into()));
        assert!(!changed
            .rendered
            .contains(&"en/rules/Alpha/index.html".into()));
        let html = &site.output().files["en/index.html"];
        assert!(String::from_utf8_lossy(html).contains("Welcome back."));
        // The search bundle is left out: its bytes follow the order pages
        // are added, by URL after an edit (the home page's `/en/` first),
        // in the order of the content tree in a full build.
        let full = Site::build(options(&dir)).unwrap();
        let pages = |site: &Site| -> BTreeMap<String, Vec<u8>> {
            let files = &site.output().files;
            let pages = files.iter().filter(|(k, _)| !k.starts_with("pagefind/"));
            pages.map(|(k, v)| (k.clone(), v.clone())).collect()
        };
        assert_eq!(pages(&full), pages(&site));
    }

    #[test]
    fn deleting_a_page_rebuilds_all_and_removes_it() {
        let dir = fixture();
        let mut site = Site::build(options(&dir)).unwrap();
        let source = dir.path().join("content/rules/Gamma/en.md");
        std::fs::remove_file(&source).unwrap();
        let changed = site.rebuild_changed(&[source]).unwrap();
        assert!(changed.full);
        // The page, and the search bundle files whose content hash changed.
        let (bundle, pages): (Vec<_>, Vec<_>) = changed
            .removed
            .iter()
            .partition(|p| p.starts_with("pagefind/"));
        assert_eq!(pages, ["en/rules/Gamma/index.html"]);
        assert!(!bundle.is_empty());
        assert!(!site
            .output()
            .files
            .contains_key("en/rules/Gamma/index.html"));
    }

    /// A change that rebuilds the whole site (here: a page added) verifies
    /// only the pages whose verdicts the site does not hold yet: the new
    /// one, and one edited since the last full build. The output and the
    /// findings are a fresh build's.
    #[test]
    fn a_full_rebuild_verifies_only_new_and_changed_pages() {
        let dir = fixture();
        let mut site = Site::build(options(&dir)).unwrap();
        let first = site.cache_stats();
        assert_eq!((first.verified, first.verified_reused), (3, 0));
        let alpha = dir.path().join("content/rules/Alpha/en.md");
        std::fs::write(&alpha, "# Alpha\n\nEdited.\n").unwrap();
        let changed = site.rebuild_changed(std::slice::from_ref(&alpha)).unwrap();
        assert!(!changed.full);
        let delta = dir.path().join("content/rules/Delta/en.md");
        std::fs::create_dir_all(delta.parent().unwrap()).unwrap();
        std::fs::write(&delta, "# Delta\n\nNew.\n").unwrap();
        let changed = site.rebuild_changed(&[delta]).unwrap();
        assert!(changed.full);
        let stats = site.cache_stats();
        // Delta is new; Alpha's edit was verified by the edit, kept.
        assert_eq!((stats.verified, stats.verified_reused), (1, 3), "{stats:?}");
        let fresh = Site::build(options(&dir)).unwrap();
        assert_same_files(&fresh, &site);
        assert_eq!(fresh.diagnostics(), site.diagnostics());
    }

    /// `serve` verifies as `build` does: a failed diagram is a finding
    /// (shown in the overlay; no badge for readers unless the site asks),
    /// the site is still served, and fixing the page clears it.
    #[test]
    fn serve_verifies_diagrams_and_reports_the_failed_ones() {
        let dir = fixture();
        std::fs::create_dir_all(dir.path().join("content/rules/Chess")).unwrap();
        let chess = dir.path().join("content/rules/Chess/en.md");
        let page = |fen: &str, moves: &str| {
            format!("# Chess\n\nText.\n\n```diagram\nfen: {fen}\nmoves: [{moves}]\n```\n")
        };
        std::fs::write(&chess, page("4k3/8/8/8/8/8/8/4K3", "Kd2")).unwrap();
        let mut site = Site::build(options(&dir)).unwrap();
        assert!(site.diagnostics().is_empty(), "{:#?}", site.diagnostics());
        let html = |site: &Site| {
            String::from_utf8_lossy(&site.output().files["en/rules/Chess/index.html"]).into_owned()
        };
        assert!(!html(&site).contains("fp-invalid"));

        // A claimed move that is illegal: an error, the diagram marked.
        std::fs::write(&chess, page("4k3/8/8/8/8/8/8/4K3", "Ke5")).unwrap();
        let changed = site.rebuild_changed(std::slice::from_ref(&chess)).unwrap();
        assert!(!changed.full);
        let errors: Vec<_> = site
            .diagnostics()
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert_eq!(errors[0].file, chess);
        assert!(
            !site.has_errors(),
            "a failed diagram does not block the site"
        );
        // The author sees the finding (serve's overlay); the page shows
        // readers no badge unless `diagrams.show_failures` asks.
        assert!(!html(&site).contains("fp-invalid"));
        // The same as a full build.
        let full = Site::build(options(&dir)).unwrap();
        assert_same_files(&full, &site);
        assert_eq!(full.diagnostics(), site.diagnostics());

        // A malformed board: check's finding only (one per fault).
        std::fs::write(&chess, page("4k3/8/8/8/8/8/PPPPPPP/4K3", "Kd2")).unwrap();
        site.rebuild_changed(std::slice::from_ref(&chess)).unwrap();
        let codes: Vec<_> = site.diagnostics().iter().map(|d| d.code).collect();
        assert_eq!(codes, ["fen-row-width"]);

        // Fixed: no finding, no mark; other pages untouched.
        std::fs::write(&chess, page("4k3/8/8/8/8/8/8/4K3", "Kd2")).unwrap();
        site.rebuild_changed(std::slice::from_ref(&chess)).unwrap();
        assert!(site.diagnostics().is_empty(), "{:#?}", site.diagnostics());
        assert!(!html(&site).contains("fp-invalid"));
    }
}
