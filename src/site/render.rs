//! Render step: every page's Markdown to HTML with its diagrams drawn, then
//! through the theme's templates; plus the indexes, home pages, 404 and
//! sitemap. Pages render in parallel; the result is an in-memory [`Output`]
//! whose sorted maps make the written site byte-identical run after run.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;

use rayon::prelude::*;
use serde::Serialize;

use super::cache::{search_hash, BuildCache, RenderedPage};
use super::config::Config;
use super::error::SiteError;
use super::output::Streaming;
use super::strings::{language_name, Strings};
use super::theme::{error_chain, Theme};
use crate::content::images::ImageAsset;
use fenpress_rules::registry::Registry;

use crate::diagram::pieces::PieceSet;
use crate::diagram::spec::BoardSpec;
use crate::diagram::svg::{draw_diagram, draw_standalone, escape, Painter, Pair, SymbolSheet};
use crate::markdown::{self, DiagramBlock};
use crate::model::{LoadedPage, Page, PageKind, Status};
use crate::words::words_for;

/// The site as files, before writing: path below the root → bytes, and
/// images to copy (target path → source file).
#[derive(Debug, Default)]
pub struct Output {
    pub files: BTreeMap<String, Vec<u8>>,
    pub copies: BTreeMap<String, PathBuf>,
    /// og:image PNGs still to rasterise (path → SVG): see
    /// [`Output::rasterise_og_images`].
    pub og_images: BTreeMap<String, String>,
    /// Files already written to the staging folder of a streaming build
    /// (see [`Streaming`]): listed in the sitemap and counted, not held.
    pub written: BTreeSet<String>,
}

impl Output {
    /// An image a page uses: drawn (its SVG), else copied from its source.
    fn add_asset(&mut self, asset: ImageAsset) {
        match asset.drawn {
            Some(svg) => {
                self.files.insert(asset.target, svg.into_bytes());
            }
            None => {
                self.copies.insert(asset.target, asset.source);
            }
        }
    }

    /// Turn the pending og:image SVGs into PNG files (see [`og_pngs`]).
    pub fn rasterise_og_images(&mut self, previous: Option<&std::path::Path>) {
        let pngs = og_pngs(std::mem::take(&mut self.og_images), previous);
        self.files.extend(pngs);
    }

    /// How many files the output has, held or written.
    pub fn file_count(&self) -> usize {
        self.files.len() + self.written.len() + self.copies.len()
    }
}

/// The og:image PNGs of `jobs` (path → SVG). Rasterising is most of a clean
/// corpus build's CPU time (≈4 ms each), so a PNG's name carries a hash of
/// its SVG and one that `previous` (the output being replaced) or the cache
/// folder (see [`og_cache_dir`]) already holds under that name is reused
/// instead of drawn again; a PNG drawn is saved to the cache.
pub fn og_pngs(
    jobs: BTreeMap<String, String>,
    previous: Option<&std::path::Path>,
) -> Vec<(String, Vec<u8>)> {
    use rayon::prelude::*;
    let cache = og_cache_dir();
    jobs.into_par_iter()
        .filter_map(|(path, svg)| {
            let old = previous.and_then(|dir| std::fs::read(dir.join(&path)).ok());
            let cached = || {
                let file = cache.as_ref()?.join(path.strip_prefix("og/")?);
                std::fs::read(file).ok()
            };
            let drawn = || {
                let png = crate::diagram::raster::png(&svg, OG_IMAGE_WIDTH).ok()?;
                if let Some(dir) = &cache {
                    if let Some(name) = path.strip_prefix("og/") {
                        // A cache that cannot be written only costs time later.
                        let _ = std::fs::create_dir_all(dir)
                            .and_then(|()| write_atomically(&dir.join(name), &png));
                    }
                }
                Some(png)
            };
            old.or_else(cached).or_else(drawn).map(|png| (path, png))
        })
        .collect()
}

/// Where og:image PNGs are kept across builds (they are named by a hash of
/// what they draw, so an entry never goes stale): `$FENPRESS_CACHE/og`, or
/// `$XDG_CACHE_HOME/fenpress/og`, or `~/.cache/fenpress/og`;
/// `FENPRESS_CACHE=off` (or empty) turns the cache off.
pub fn og_cache_dir() -> Option<PathBuf> {
    let base = match std::env::var_os("FENPRESS_CACHE") {
        Some(v) if v.is_empty() || v == "off" => return None,
        Some(v) => PathBuf::from(v),
        None => match std::env::var_os("XDG_CACHE_HOME") {
            Some(x) if !x.is_empty() => PathBuf::from(x).join("fenpress"),
            _ => PathBuf::from(std::env::var_os("HOME")?).join(".cache/fenpress"),
        },
    };
    Some(base.join("og"))
}

/// Writes `bytes` to a temporary name beside `path`, then renames it: a
/// build running at the same time never reads half a PNG. The name is the
/// writer's own (process and a per-process count), so two builds in one
/// process drawing the same board never write one temporary file at once.
fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = path.with_extension(format!("tmp{}-{n}", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut file| std::io::Write::write_all(&mut file, bytes))
        .and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// The og:image path of a board that draws as `svg`. The name is a hash of
/// the drawing and the folder is shared by the whole site, so the pages of
/// one variant in three languages (which mostly open on the same board) get
/// one PNG: the corpus's 456 rules pages need 157.
fn og_image_path(svg: &str) -> String {
    // FNV-1a: stable across runs and Rust versions, unlike `DefaultHasher`.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in svg.bytes().chain(OG_IMAGE_WIDTH.to_le_bytes()) {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("og/{hash:016x}.png")
}

/// What rendering made (it finds nothing: every finding comes from the
/// load and verify steps).
#[derive(Debug, Default)]
pub struct Rendered {
    pub output: Output,
    pub diagrams: usize,
    /// The rendered pages as the search index sees them (see `search.rs`).
    pub search: Vec<crate::search::SearchPage>,
}

#[derive(Serialize)]
struct SiteCtx<'a> {
    title: &'a str,
    base_url: &'a str,
    base_path: &'a str,
}

#[derive(Serialize, Clone)]
struct Link {
    title: String,
    url: String,
}

#[derive(Serialize, Clone)]
pub(super) struct Alternate {
    pub(super) lang: String,
    /// The language's own name (`Français`).
    pub(super) name: String,
    pub(super) url: String,
    pub(super) permalink: String,
}

#[derive(Serialize)]
struct PageCtx<'a> {
    title: &'a str,
    kind: &'static str,
    variant: Option<&'a str>,
    content: &'a str,
    prev: Option<Link>,
    next: Option<Link>,
    /// Absolute URL of the page's preview image (its first diagram).
    og_image: Option<String>,
}

/// A puzzle page and its difficulty (from its proof).
struct PuzzleRef<'a> {
    loaded: &'a LoadedPage,
    difficulty: u8,
}

/// Width of the `og:image` PNG of a rules page's first diagram.
const OG_IMAGE_WIDTH: u32 = 400;

/// The shared part of every template's context.
#[derive(Serialize)]
struct Frame<'a> {
    site: SiteCtx<'a>,
    /// The interface words, the config's `words:` laid over ours.
    t: serde_json::Value,
    nav: Vec<Link>,
    /// The page in every language it exists in (itself included), for the
    /// language switcher and `hreflang` links; only pages that are written.
    alternates: Vec<Alternate>,
    /// The `hreflang="x-default"` page, one of `alternates`' (see
    /// [`x_default`]); none for a page in one language.
    x_default: Option<String>,
    canonical: Option<String>,
}

/// The page of a group of translations that readers of no listed language
/// get: the site's first language's, else the first one (alternates are in
/// site language order). Always one of the group, so that the `hreflang`
/// links of a group point at each other and nowhere else. The home pages
/// are the exception: theirs is the root's language chooser, which links
/// them all.
fn x_default(alternates: &[Alternate], first_language: Option<&str>) -> Option<String> {
    if alternates.len() < 2 {
        return None;
    }
    alternates
        .iter()
        .find(|a| Some(a.lang.as_str()) == first_language)
        .or(alternates.first())
        .map(|a| a.permalink.clone())
}

/// Render the whole site. Template failures stop the build (the theme is
/// broken); problems in pages are diagnostics.
pub fn render_site(
    config: &Config,
    root: &std::path::Path,
    pages: &[LoadedPage],
    registry: &Registry,
    theme: &Theme,
) -> Result<Rendered, SiteError> {
    render_pages(config, root, pages, registry, theme, &|_| true)
}

/// [`render_site`] writing each content page into `sink` as soon as it is
/// rendered (`build`): the pages' bytes are not held, only their paths
/// (in [`Output::written`]).
#[allow(clippy::too_many_arguments)]
pub fn render_site_streaming(
    config: &Config,
    root: &std::path::Path,
    pages: &[LoadedPage],
    registry: &Registry,
    theme: &Theme,
    sink: &Streaming,
    search: Option<&SearchBatches>,
    cache: &BuildCache,
) -> Result<Rendered, SiteError> {
    render_pages_into(
        config,
        root,
        pages,
        registry,
        theme,
        &|_| true,
        Around::Everything,
        Streams {
            files: Some(sink),
            search,
            cache: Some(cache),
        },
    )
}

/// Where a render hands each language's search pages as soon as that
/// language is rendered (its code, its pages in page order), instead of
/// keeping them in [`Rendered::search`]: the build indexes a language
/// while the next one is rendered.
pub type SearchBatches = std::sync::mpsc::Sender<(String, Vec<crate::search::SearchPage>)>;

/// What every page's template context shares, computed once per render:
/// URLs, languages, translations, the rules pages per language and each
/// language's navigation.
struct SiteFrame<'a> {
    config: &'a Config,
    theme: &'a Theme,
    pages: &'a [LoadedPage],
    base_path: String,
    /// Every language with a page or in the config, config order first.
    languages: Vec<String>,
    /// Translations of each page, in site language order.
    translations: BTreeMap<(PageKind, &'a str, &'a str), Vec<&'a Page>>,
    /// Rules pages per language, alphabetical by variant: indexes, prev/next.
    rules_by_lang: BTreeMap<&'a str, Vec<&'a Page>>,
    /// Where each rules page is in its language's list (prev/next without
    /// a search of the list per page, which grew as the square of the site).
    rules_place: HashMap<(&'a str, (PageKind, &'a str, &'a str)), usize>,
    /// Puzzle pages per language, easiest first (then by variant and
    /// title): the puzzle index's order and the next-puzzle flow's.
    puzzles_by_lang: BTreeMap<&'a str, Vec<PuzzleRef<'a>>>,
    /// Where each puzzle page is in its language's list.
    puzzle_place: HashMap<(&'a str, (PageKind, &'a str, &'a str)), usize>,
    /// Navigation depends on the language only: built once per language.
    navs: BTreeMap<String, Vec<Link>>,
}

impl<'a> SiteFrame<'a> {
    fn new(config: &'a Config, theme: &'a Theme, pages: &'a [LoadedPage]) -> SiteFrame<'a> {
        let mut languages = config.languages.clone();
        for p in pages {
            if !languages.contains(&p.page.lang) {
                languages.push(p.page.lang.clone());
            }
        }
        let mut translations: BTreeMap<(PageKind, &str, &str), Vec<&Page>> = BTreeMap::new();
        for p in pages {
            translations.entry(p.page.key()).or_default().push(&p.page);
        }
        for list in translations.values_mut() {
            list.sort_by_key(|p| languages.iter().position(|l| *l == p.lang));
        }
        let mut rules_by_lang: BTreeMap<&str, Vec<&Page>> = BTreeMap::new();
        for p in pages.iter().filter(|p| p.page.kind == PageKind::Rules) {
            rules_by_lang.entry(&p.page.lang).or_default().push(&p.page);
        }
        // Each name lowered once, not at every comparison: `serve` makes
        // this frame again after every edit.
        for list in rules_by_lang.values_mut() {
            list.sort_by_cached_key(|p| (p.name.to_lowercase(), p.name.clone()));
        }
        // The first place of a key, as a search of the list would find it.
        let mut rules_place = HashMap::new();
        for (lang, list) in &rules_by_lang {
            for (i, p) in list.iter().enumerate() {
                rules_place.entry((*lang, p.key())).or_insert(i);
            }
        }
        let mut puzzles_by_lang: BTreeMap<&str, Vec<PuzzleRef>> = BTreeMap::new();
        for p in pages.iter().filter(|p| p.page.kind == PageKind::Puzzle) {
            puzzles_by_lang
                .entry(&p.page.lang)
                .or_default()
                .push(PuzzleRef {
                    loaded: p,
                    difficulty: p.puzzle.as_ref().map_or(1, |proof| proof.difficulty()),
                });
        }
        for list in puzzles_by_lang.values_mut() {
            list.sort_by_cached_key(|p| {
                (
                    p.difficulty,
                    p.loaded.page.name.to_lowercase(),
                    p.loaded.page.title.clone(),
                    p.loaded.page.slug.clone(),
                )
            });
        }
        let mut puzzle_place = HashMap::new();
        for (lang, list) in &puzzles_by_lang {
            for (i, p) in list.iter().enumerate() {
                puzzle_place
                    .entry((*lang, p.loaded.page.key()))
                    .or_insert(i);
            }
        }
        let mut frame = SiteFrame {
            config,
            theme,
            pages,
            base_path: config.base_path(),
            languages,
            translations,
            rules_by_lang,
            rules_place,
            puzzles_by_lang,
            puzzle_place,
            navs: BTreeMap::new(),
        };
        frame.navs = frame
            .languages
            .iter()
            .map(|l| (l.clone(), frame.nav_of(l)))
            .collect();
        frame
    }

    /// The URL of `path`, a folder or file the site writes (percent-encoded:
    /// see [`crate::model::url_path`]).
    fn url(&self, path: &str) -> String {
        format!("{}{}", self.base_path, crate::model::url_path(path))
    }

    fn permalink(&self, path: &str) -> String {
        format!("{}{}", self.config.base_url, crate::model::url_path(path))
    }

    fn has_puzzles(&self, lang: &str) -> bool {
        self.puzzles_by_lang.contains_key(lang)
    }

    /// The puzzle to offer after `page` (a puzzle): the next of its variant
    /// in its language's order, else the next of any variant.
    fn next_puzzle(&self, page: &Page) -> Option<Link> {
        let list = self.puzzles_by_lang.get(page.lang.as_str())?;
        let i = *self.puzzle_place.get(&(page.lang.as_str(), page.key()))?;
        let after = list.get(i + 1..)?;
        let next = after
            .iter()
            .find(|p| p.loaded.page.name == page.name)
            .or(after.first())?;
        Some(Link {
            title: next.loaded.page.title.clone(),
            url: self.url(&next.loaded.page.path()),
        })
    }

    /// The header's menu: the config's for the language, else the rules
    /// index, the puzzles and the `about` page. Never every page: the
    /// header is on every page, so a list of all would grow the site as
    /// the square of its pages.
    fn nav_of(&self, lang: &str) -> Vec<Link> {
        if let Some(items) = self.config.menu.as_ref().and_then(|m| m.get(lang)) {
            return items
                .iter()
                .map(|item| Link {
                    title: item.title.clone(),
                    // The author's URL, as written (already a URL).
                    url: match item.url.strip_prefix('/') {
                        Some(rest) => format!("{}{rest}", self.base_path),
                        None => item.url.clone(),
                    },
                })
                .collect();
        }
        let t = super::strings::words(lang, &self.config.words);
        let mut nav = vec![Link {
            title: t["rules"].as_str().unwrap_or("Rules").to_string(),
            url: self.url(&format!("{lang}/rules/")),
        }];
        if self.has_puzzles(lang) {
            nav.push(Link {
                title: t["puzzle"]["puzzles"]
                    .as_str()
                    .unwrap_or("Puzzles")
                    .to_string(),
                url: self.url(&format!("{lang}/puzzles/")),
            });
        }
        nav.extend(
            self.pages
                .iter()
                .filter(|p| {
                    p.page.kind == PageKind::Page && p.page.lang == lang && p.page.name == "about"
                })
                .map(|p| Link {
                    // A page without a title of its own is titled by its
                    // folder, `About`: in the language's word instead.
                    title: if p.page.title == "About" {
                        t["about"].as_str().unwrap_or("About").to_string()
                    } else {
                        p.page.title.clone()
                    },
                    url: self.url(&p.page.path()),
                }),
        );
        nav
    }

    /// The page in every language it exists in.
    fn alternates_of(&self, page: &Page) -> Vec<Alternate> {
        self.translations[&page.key()]
            .iter()
            .map(|t| Alternate {
                lang: t.lang.clone(),
                name: language_name(&t.lang),
                url: self.url(&t.path()),
                permalink: self.permalink(&t.path()),
            })
            .collect()
    }

    /// Alternates of one URL path per language, for the languages given.
    fn alternates_at(&self, langs: &[String], path: &dyn Fn(&str) -> String) -> Vec<Alternate> {
        langs
            .iter()
            .map(|l| Alternate {
                lang: l.clone(),
                name: language_name(l),
                url: self.url(&path(l)),
                permalink: self.permalink(&path(l)),
            })
            .collect()
    }

    /// The template context every page starts from.
    fn context(
        &self,
        lang: &str,
        alternates: Vec<Alternate>,
        canonical: Option<String>,
    ) -> tera::Context {
        let frame = Frame {
            site: SiteCtx {
                title: self.config.title_of(lang),
                base_url: &self.config.base_url,
                base_path: &self.base_path,
            },
            t: super::strings::words(lang, &self.config.words),
            nav: self.navs.get(lang).cloned().unwrap_or_default(),
            x_default: x_default(&alternates, self.languages.first().map(String::as_str)),
            alternates,
            canonical,
        };
        let mut ctx = tera::Context::from_serialize(&frame).unwrap_or_default();
        ctx.insert("lang", lang);
        ctx.insert("lang_name", &language_name(lang));
        ctx
    }

    fn render(&self, template: &str, ctx: &tera::Context) -> Result<Vec<u8>, SiteError> {
        self.theme
            .tera
            .render(template, ctx)
            .map(String::into_bytes)
            .map_err(|e| SiteError::Template {
                name: template.to_string(),
                message: error_chain(&e),
            })
    }
}

/// [`render_site`] for the pages `wanted` picks (incremental rebuilds, see
/// `incremental.rs`); home pages, indexes, root, 404 and static files are
/// always rendered. The sitemap then lists only what was rendered.
pub fn render_pages(
    config: &Config,
    root: &std::path::Path,
    pages: &[LoadedPage],
    registry: &Registry,
    theme: &Theme,
    wanted: &(dyn Fn(&Page) -> bool + Sync),
) -> Result<Rendered, SiteError> {
    render_pages_into(
        config,
        root,
        pages,
        registry,
        theme,
        wanted,
        Around::Everything,
        Streams::default(),
    )
}

/// The pages `wanted` picks after an edit that kept every page's title
/// (`serve`, see `incremental.rs`), and nothing around them that the edit
/// cannot change: the indexes list titles and URLs only, so only a
/// language whose home page is wanted gets its home and indexes again; the
/// root, 404, search pages, theme files and sitemap are left out.
pub fn render_edited_pages(
    config: &Config,
    root: &std::path::Path,
    pages: &[LoadedPage],
    registry: &Registry,
    theme: &Theme,
    wanted: &(dyn Fn(&Page) -> bool + Sync),
) -> Result<Rendered, SiteError> {
    render_pages_into(
        config,
        root,
        pages,
        registry,
        theme,
        wanted,
        Around::WantedHomes,
        Streams::default(),
    )
}

/// Where a render hands what it makes as it goes, instead of holding it:
/// each content page's file (`build` writes it into its staging folder)
/// and each language's search pages (`build` indexes them meanwhile).
#[derive(Default, Clone, Copy)]
struct Streams<'a> {
    files: Option<&'a Streaming>,
    search: Option<&'a SearchBatches>,
    /// The build's cache: pages and search bundles it still holds are
    /// taken from the previous output instead of made again.
    cache: Option<&'a BuildCache>,
}

/// What a render draws besides the content pages it wants.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Around {
    /// Every home page, index, search page, root, 404, theme file, sitemap.
    Everything,
    /// The home page and indexes of a language whose home page is wanted.
    WantedHomes,
}

/// [`render_pages`], each content page written into `sink` when given.
#[allow(clippy::too_many_arguments)]
fn render_pages_into(
    config: &Config,
    root: &std::path::Path,
    pages: &[LoadedPage],
    registry: &Registry,
    theme: &Theme,
    wanted: &(dyn Fn(&Page) -> bool + Sync),
    around: Around,
    streams: Streams,
) -> Result<Rendered, SiteError> {
    let Streams {
        files: sink,
        search,
        cache,
    } = streams;
    let folder_set = match &config.pieces {
        Some(p) => Some(PieceSet::from_folder(&p.folder, p.svg)?),
        None => None,
    };
    let pieces = folder_set
        .as_ref()
        .unwrap_or_else(|| PieceSet::default_set());
    let site = SiteFrame::new(config, theme, pages);
    let piece_url = format!("{}static/pieces/", site.base_path);
    let painter = Painter::page(registry, pieces, &piece_url);

    let og_images = std::sync::Mutex::new(BTreeMap::new());
    let render_one = |loaded: &LoadedPage| -> Result<Option<PageResult>, SiteError> {
        let page = &loaded.page;
        let home_anyway = is_home(page) && around == Around::Everything;
        if !home_anyway && !wanted(page) {
            return Ok(None);
        }
        let mut result = match cache {
            Some(cache) => cached_or_rendered(cache, &site, root, loaded, &painter, pieces)?,
            None => render_content_page(&site, root, loaded, &painter, pieces)?,
        };
        // Pages of one board share its og:image: one SVG is kept per
        // drawing, not one per page until every page is rendered.
        if let Some((path, svg)) = result.og.take() {
            og_images
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .entry(path)
                .or_insert(svg);
        }
        if let Some(sink) = sink {
            if let Some((path, bytes)) = result.file.take() {
                sink.put(&path, &bytes)?;
                result.streamed = Some(path);
            }
        }
        Ok(Some(result))
    };
    // Search bundles of languages the cache still holds (see below).
    let mut reused_bundles = Vec::new();
    // Pages, in parallel; `collect` keeps their order.
    let results: Vec<Result<Option<PageResult>, SiteError>> = match search {
        None => pages.par_iter().map(render_one).collect(),
        Some(batches) => {
            // One language after another (each in parallel), its search
            // pages handed over as soon as it is done.
            let mut by_lang: BTreeMap<String, Vec<usize>> = BTreeMap::new();
            for (i, loaded) in pages.iter().enumerate() {
                by_lang
                    .entry(loaded.page.lang.to_ascii_lowercase())
                    .or_default()
                    .push(i);
            }
            let mut slots: Vec<Option<Result<Option<PageResult>, SiteError>>> =
                pages.iter().map(|_| None).collect();
            for (lang, indices) in by_lang {
                let mut group: Vec<_> =
                    indices.par_iter().map(|&i| render_one(&pages[i])).collect();
                let batch = match (cache, sink) {
                    (Some(cache), Some(sink)) => {
                        let again = |n: usize| {
                            render_content_page(&site, root, &pages[indices[n]], &painter, pieces)
                                .map(|r| r.search)
                        };
                        let reused = LanguageBundle {
                            cache,
                            sink,
                            pages_per_bundle: config.pages_per_bundle,
                            reused: &mut reused_bundles,
                        };
                        reused.batch(&lang, &mut group, &again)?
                    }
                    _ => Some(
                        group
                            .iter_mut()
                            .filter_map(|r| r.as_mut().ok()?.as_mut()?.search.take())
                            .collect(),
                    ),
                };
                for (&i, result) in indices.iter().zip(group) {
                    slots[i] = Some(result);
                }
                // An indexer that stopped has its error reported by the
                // build when it is joined; the render goes on regardless.
                if let Some(batch) = batch {
                    let _ = batches.send((lang, batch));
                }
            }
            slots.into_iter().map(|r| r.unwrap_or(Ok(None))).collect()
        }
    };

    let mut rendered = Rendered::default();
    rendered.output.written.extend(reused_bundles);
    rendered.output.og_images = og_images.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut home_content: BTreeMap<&str, (String, String)> = BTreeMap::new();
    for (loaded, result) in pages.iter().zip(results) {
        let Some(result) = result? else {
            continue;
        };
        rendered.diagrams += result.diagrams;
        rendered.search.extend(result.search);
        for asset in result.assets {
            rendered.output.add_asset(asset);
        }
        match (result.file, result.streamed) {
            (Some((path, bytes)), _) => {
                rendered.output.files.insert(path, bytes);
            }
            (None, Some(path)) => {
                rendered.output.written.insert(path);
            }
            (None, None) => {
                home_content.insert(&loaded.page.lang, (loaded.page.title.clone(), result.html));
            }
        }
    }
    for lang in &site.languages {
        let home = home_content.get(lang.as_str());
        if around == Around::Everything || home.is_some() {
            render_language_pages(&site, lang, home, &mut rendered)?;
        }
    }
    if around == Around::Everything {
        render_site_pages(&site, &mut rendered)?;
    }
    Ok(rendered)
}

/// A content page from the cache when its key still holds (its file read
/// back from the previous output), else rendered and kept for the next
/// build.
fn cached_or_rendered(
    cache: &BuildCache,
    site: &SiteFrame,
    root: &std::path::Path,
    loaded: &LoadedPage,
    painter: &Painter,
    pieces: &PieceSet,
) -> Result<PageResult, SiteError> {
    let key = cache.render_key(loaded);
    if let Some((entry, bytes)) = key.as_ref().and_then(|k| cache.rendered(loaded, k)) {
        let mut assets: Vec<ImageAsset> = (entry.copies.iter())
            .map(|(target, source)| ImageAsset {
                source: source.clone(),
                target: target.clone(),
                drawn: None,
            })
            .collect();
        assets.extend(check_images(root, loaded));
        let result = PageResult {
            diagrams: entry.diagrams,
            sheet_copies: entry.copies.len(),
            assets,
            file: Some((entry.file.clone(), bytes)),
            // Its PNG is in the previous output (`cache.rendered` made
            // sure), where `og_pngs` takes it from: no SVG is needed.
            og: entry.og.clone().map(|path| (path, String::new())),
            search_hash: Some(entry.search.clone()),
            ..PageResult::default()
        };
        cache.keep_rendered(loaded, Some(entry), true);
        return Ok(result);
    }
    let mut result = render_content_page(site, root, loaded, painter, pieces)?;
    result.search_hash = result.search.as_ref().map(search_hash);
    let entry = match (key, &result.file, &result.search_hash) {
        (Some(key), Some((file, _)), Some(search)) => Some(RenderedPage {
            key,
            file: file.clone(),
            diagrams: result.diagrams,
            copies: (result.assets[..result.sheet_copies].iter())
                .map(|a| (a.target.clone(), a.source.clone()))
                .collect(),
            og: result.og.as_ref().map(|(path, _)| path.clone()),
            search: search.clone(),
        }),
        _ => None,
    };
    cache.keep_rendered(loaded, entry, false);
    Ok(result)
}

/// One language's search pages for the indexer, with the build's cache:
/// none when its bundle can be taken from the previous output as it is
/// (its pages' search text unchanged, in the same order), else every page
/// of it, those the cache gave taken from the cache's copy of the
/// language's search pages (or rendered again for it).
struct LanguageBundle<'a, 'b> {
    cache: &'a BuildCache,
    sink: &'a Streaming,
    pages_per_bundle: usize,
    /// The output paths of the bundles taken as they were.
    reused: &'b mut Vec<String>,
}

/// A language's pages, rendered or taken from the cache, in page order.
type LanguageResults = [Result<Option<PageResult>, SiteError>];

impl LanguageBundle<'_, '_> {
    fn batch(
        self,
        lang: &str,
        results: &mut LanguageResults,
        again: &dyn Fn(usize) -> Result<Option<crate::search::SearchPage>, SiteError>,
    ) -> Result<Option<Vec<crate::search::SearchPage>>, SiteError> {
        let pages: Vec<&PageResult> = results
            .iter()
            .filter_map(|r| r.as_ref().ok()?.as_ref())
            .collect();
        let hashes: Vec<&str> = pages
            .iter()
            .filter_map(|r| r.search_hash.as_deref())
            .collect();
        // A page that failed fails the render: nothing is reused then.
        let complete = results.iter().all(|r| r.is_ok()) && hashes.len() == pages.len();
        let key = self.cache.language_key(self.pages_per_bundle, &hashes);
        if complete {
            if let Some(files) = self.cache.reuse_language(lang, &key) {
                for (path, bytes) in files {
                    self.sink.put(&path, &bytes)?;
                    self.reused.push(path);
                }
                return Ok(None);
            }
        }
        let from_cache = pages.iter().any(|r| r.search.is_none());
        let stored = if from_cache {
            self.cache.stored_search_pages(lang)
        } else {
            Default::default()
        };
        let mut batch = Vec::with_capacity(results.len());
        for (n, result) in results.iter_mut().enumerate() {
            let Ok(Some(r)) = result else {
                continue;
            };
            match r.search.take() {
                Some(page) => batch.push(page),
                None => match r.search_hash.as_ref().and_then(|h| stored.get(h)) {
                    Some(page) => batch.push(page.clone()),
                    None => batch.extend(again(n)?),
                },
            }
        }
        if complete {
            self.cache.keep_language(lang, key, batch.clone());
        }
        Ok(Some(batch))
    }
}

fn is_home(page: &Page) -> bool {
    page.kind == PageKind::Page && page.name == "home"
}

/// One content page (rules, page, puzzle): its body with diagrams, its
/// og:image, images, and its file through `page.html` or `puzzle.html`. A
/// home page's body is returned without a file: it goes into the
/// language's home page.
fn render_content_page(
    site: &SiteFrame,
    root: &std::path::Path,
    loaded: &LoadedPage,
    painter: &Painter,
    pieces: &PieceSet,
) -> Result<PageResult, SiteError> {
    let page = &loaded.page;
    // Text alternatives in the page's language.
    let words = words_for(&page.lang, &site.config.words);
    let painter = painter.with_words(&words.diagram);
    let mut result = render_body(loaded, &painter, &site.base_path, site.config.show_failures);
    result.search = Some(super::search::search_page(
        painter.registry,
        page,
        &result.html,
    ));
    let og_image = match (&page.kind, result.first.take()) {
        (PageKind::Rules, Some((variant, board))) if site.config.og_images => {
            let drawing = draw_standalone(painter.registry, &variant, &board, pieces, false);
            let path = og_image_path(&drawing.svg);
            let url = site.permalink(&path);
            result.og = Some((path, drawing.svg));
            Some(url)
        }
        _ => None,
    };
    result.assets.extend(check_images(root, loaded));
    if is_home(page) {
        return Ok(result);
    }
    let (prev, next) = match page.kind {
        PageKind::Rules => {
            let list = &site.rules_by_lang[page.lang.as_str()];
            let i = site
                .rules_place
                .get(&(page.lang.as_str(), page.key()))
                .copied()
                .unwrap_or(0);
            let link = |p: &&Page| Link {
                title: p.title.clone(),
                url: site.url(&p.path()),
            };
            (
                i.checked_sub(1).and_then(|j| list.get(j)).map(link),
                list.get(i + 1).map(link),
            )
        }
        _ => (None, None),
    };
    let mut ctx = site.context(
        &page.lang,
        site.alternates_of(page),
        Some(site.permalink(&page.path())),
    );
    ctx.insert(
        "page",
        &PageCtx {
            title: &page.title,
            kind: match page.kind {
                PageKind::Rules => "rules",
                PageKind::Page => "page",
                PageKind::Puzzle => "puzzle",
            },
            variant: page.variant.as_deref(),
            content: &result.html,
            prev,
            next,
            og_image,
        },
    );
    // Puzzles: proved by the verify step, drawn here in the page's words.
    let template = match (&page.kind, &loaded.puzzle) {
        (PageKind::Puzzle, puzzle) => {
            let (widget, goal) = puzzle
                .as_ref()
                .map(|p| p.draw(painter.registry, &words))
                .unwrap_or_default();
            let difficulty = puzzle.as_ref().map_or(1, |p| p.difficulty());
            ctx.insert(
                "puzzle",
                &PuzzleCtx {
                    widget: &widget,
                    goal: &goal,
                    id: page.path(),
                    difficulty,
                    difficulty_text: difficulty_text(&words.puzzle, difficulty),
                    next: site.next_puzzle(page),
                    index_url: site.url(&format!("{}/puzzles/", page.lang)),
                },
            );
            "puzzle.html"
        }
        _ => "page.html",
    };
    let file = site.render(template, &ctx)?;
    result.file = Some((format!("{}index.html", page.path()), file));
    // Only a home page's body is used again (inside its language's home).
    result.html = String::new();
    Ok(result)
}

/// Per language: the rules index, the puzzle index (for a language with
/// puzzles) and the home page (with the home page's body, if written).
fn render_language_pages(
    site: &SiteFrame,
    lang: &str,
    home: Option<&(String, String)>,
    rendered: &mut Rendered,
) -> Result<(), SiteError> {
    let files = &mut rendered.output.files;
    let rules = site.rules_by_lang.get(lang).cloned().unwrap_or_default();
    let variants: Vec<Link> = rules
        .iter()
        .map(|p| Link {
            title: p.title.clone(),
            url: site.url(&p.path()),
        })
        .collect();
    let rules_index_alts = site.alternates_at(&site.languages, &|l| format!("{l}/rules/"));
    let mut ctx = site.context(
        lang,
        rules_index_alts,
        Some(site.permalink(&format!("{lang}/rules/"))),
    );
    ctx.insert("variants", &variants);
    files.insert(
        format!("{lang}/rules/index.html"),
        site.render("rules_index.html", &ctx)?,
    );

    // The puzzles index, when the language has puzzles.
    if site.has_puzzles(lang) {
        let words = words_for(lang, &site.config.words);
        let (entries, variants, goals) = puzzle_entries(site, lang, &words.puzzle);
        let puzzle_langs: Vec<String> = site
            .languages
            .iter()
            .filter(|l| site.has_puzzles(l))
            .cloned()
            .collect();
        let alts = site.alternates_at(&puzzle_langs, &|l| format!("{l}/puzzles/"));
        let mut ctx = site.context(
            lang,
            alts,
            Some(site.permalink(&format!("{lang}/puzzles/"))),
        );
        ctx.insert("puzzles", &entries);
        ctx.insert("puzzle_variants", &variants);
        ctx.insert("puzzle_goals", &goals);
        ctx.insert("difficulty_max", &crate::puzzle::difficulty::MAX);
        ctx.insert("puzzles_title", &words.puzzle.puzzles);
        files.insert(
            format!("{lang}/puzzles/index.html"),
            site.render("puzzle_index.html", &ctx)?,
        );
    }

    let all_langs = site.alternates_at(&site.languages, &|l| format!("{l}/"));
    let several = all_langs.len() > 1;
    let mut ctx = site.context(lang, all_langs, Some(site.permalink(&format!("{lang}/"))));
    // The homes' x-default is the root's language chooser, which links
    // every home (see `x_default`).
    if several {
        ctx.insert("x_default", &site.config.base_url);
    }
    if let Some((title, html)) = home {
        ctx.insert(
            "page",
            &PageCtx {
                title,
                kind: "page",
                variant: None,
                content: html,
                prev: None,
                next: None,
                og_image: None,
            },
        );
    }
    ctx.insert("rules_url", &site.url(&format!("{lang}/rules/")));
    ctx.insert("variants_count", &variants.len());
    files.insert(
        format!("{lang}/index.html"),
        site.render("home.html", &ctx)?,
    );
    Ok(())
}

/// The pages of the whole site: search pages, the root (a language
/// chooser, or a redirect when there is one language), 404, the theme's
/// static files and the sitemap.
fn render_site_pages(site: &SiteFrame, rendered: &mut Rendered) -> Result<(), SiteError> {
    // A content page may take a language's search page's place.
    let content_paths: std::collections::BTreeSet<String> =
        site.pages.iter().map(|p| p.page.path()).collect();
    super::search::render_search_pages(
        site.theme,
        &site.languages,
        &|path| content_paths.contains(path),
        &mut rendered.output,
        &|lang, alternates, canonical| site.context(lang, alternates, canonical),
        &|path| site.url(path),
        &|path| site.permalink(path),
    )?;

    let languages = &site.languages;
    let files = &mut rendered.output.files;
    let default_lang = languages.first().map_or("en", String::as_str);
    let all_langs = site.alternates_at(languages, &|l| format!("{l}/"));
    let mut ctx = site.context(default_lang, all_langs, None);
    // The root's search boxes speak their own languages.
    let strings_of: BTreeMap<&str, Strings> = languages
        .iter()
        .map(|l| (l.as_str(), words_for(l, &site.config.words)))
        .collect();
    ctx.insert("strings_of", &strings_of);
    ctx.insert(
        "redirect",
        &(languages.len() == 1).then(|| site.url(&format!("{default_lang}/"))),
    );
    files.insert("index.html".into(), site.render("root.html", &ctx)?);
    let ctx = site.context(default_lang, Vec::new(), None);
    files.insert("404.html".into(), site.render("404.html", &ctx)?);

    for (path, bytes) in &site.theme.static_files {
        files.insert(format!("static/{path}"), bytes.clone());
    }
    let paths: BTreeSet<&String> = files.keys().chain(&rendered.output.written).collect();
    let sitemap = sitemap(&site.config.base_url, paths.into_iter());
    files.insert("sitemap.xml".into(), sitemap.into_bytes());
    Ok(())
}

/// What `puzzle.html` gets besides `page`.
#[derive(Serialize)]
struct PuzzleCtx<'a> {
    widget: &'a str,
    goal: &'a str,
    /// The page's path: the key of its solved state in the browser.
    id: String,
    difficulty: u8,
    difficulty_text: String,
    next: Option<Link>,
    index_url: String,
}

/// "difficulty 2 of 5" in the page's words.
fn difficulty_text(t: &crate::words::PuzzleWords, difficulty: u8) -> String {
    t.difficulty
        .replace("{n}", &difficulty.to_string())
        .replace("{max}", &crate::puzzle::difficulty::MAX.to_string())
}

/// One puzzle of a language's puzzle index.
#[derive(Serialize)]
struct PuzzleEntry {
    title: String,
    url: String,
    /// The page's path: the key of its solved state in the browser.
    id: String,
    variant: String,
    /// The goal as the filter knows it (`mate-2`, `win-3`, `study`) and in
    /// the page's words.
    goal_key: String,
    goal: String,
    difficulty: u8,
    difficulty_text: String,
}

/// The index's goal filter: each goal its puzzles have, shortest first.
#[derive(Serialize)]
struct GoalChoice {
    key: String,
    label: String,
}

/// The goal of a puzzle for the index: its filter key and its words.
fn goal_choice(t: &crate::words::PuzzleWords, goal: crate::puzzle::Goal) -> GoalChoice {
    use crate::puzzle::Goal;
    let (key, label) = match goal {
        Goal::Mate(n) => (
            format!("mate-{n}"),
            t.mate_in.replace("{n}", &n.to_string()),
        ),
        Goal::Win(n) => (format!("win-{n}"), t.win_in.replace("{n}", &n.to_string())),
        Goal::Line { only: false } => ("best".to_string(), t.find_best.to_string()),
        Goal::Line { only: true } => ("only".to_string(), t.find_only.to_string()),
    };
    GoalChoice { key, label }
}

/// The puzzles of `lang` in the index's order (easiest first), with the
/// variants and goals they have, for the index's filters.
fn puzzle_entries(
    site: &SiteFrame,
    lang: &str,
    t: &crate::words::PuzzleWords,
) -> (Vec<PuzzleEntry>, Vec<String>, Vec<GoalChoice>) {
    let list = site
        .puzzles_by_lang
        .get(lang)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let mut variants: Vec<String> = Vec::new();
    let mut goals: Vec<(crate::puzzle::Goal, GoalChoice)> = Vec::new();
    let entries = list
        .iter()
        .map(|p| {
            let page = &p.loaded.page;
            let goal = p.loaded.puzzle.as_ref().map(|proof| proof.puzzle.goal);
            let choice = goal.map_or(
                GoalChoice {
                    key: String::new(),
                    label: String::new(),
                },
                |g| goal_choice(t, g),
            );
            if !variants.contains(&page.name) {
                variants.push(page.name.clone());
            }
            if let Some(g) = goal {
                if !goals.iter().any(|(_, c)| c.key == choice.key) {
                    goals.push((g, goal_choice(t, g)));
                }
            }
            PuzzleEntry {
                title: page.title.clone(),
                url: site.url(&page.path()),
                id: page.path(),
                variant: page.name.clone(),
                goal_key: choice.key,
                goal: choice.label,
                difficulty: p.difficulty,
                difficulty_text: difficulty_text(t, p.difficulty),
            }
        })
        .collect();
    variants.sort_by_cached_key(|v| (v.to_lowercase(), v.clone()));
    // Mates, then wins, then studies; shortest first.
    goals.sort_by_key(|(g, _)| match *g {
        crate::puzzle::Goal::Mate(n) => (0, n),
        crate::puzzle::Goal::Win(n) => (1, n),
        crate::puzzle::Goal::Line { only } => (2, u32::from(only)),
    });
    (
        entries,
        variants,
        goals.into_iter().map(|(_, c)| c).collect(),
    )
}

#[derive(Default)]
struct PageResult {
    html: String,
    diagrams: usize,
    assets: Vec<ImageAsset>,
    file: Option<(String, Vec<u8>)>,
    /// The path of the file when it was written as it was rendered.
    streamed: Option<String>,
    /// The first diagram's variant and board (for the page's `og:image`).
    first: Option<(String, BoardSpec)>,
    /// The og:image: its path and the SVG to rasterise.
    og: Option<(String, String)>,
    search: Option<crate::search::SearchPage>,
    /// The hash of `search` (of the page's search page as last indexed,
    /// for a page the cache gave): a build with a cache only.
    search_hash: Option<String>,
    /// How many of `assets` (the first) are piece images its diagrams use.
    sheet_copies: usize,
}

/// Markdown to HTML, each ```diagram block drawn as SVG from its record
/// (read once by the content layer). A block that does not parse shows as
/// an error box (the load step reported it). A malformed board is drawn as
/// far as it goes (verification reported it: render only draws). A diagram that failed verification is
/// marked for readers only when the site asks (`diagrams.show_failures`):
/// the author sees the verdicts in `build`'s output and in `serve`.
fn render_body(
    loaded: &LoadedPage,
    painter: &Painter,
    base_path: &str,
    show_failures: bool,
) -> PageResult {
    let page = &loaded.page;
    let mut diagrams = 0;
    let mut sheet = SymbolSheet::default();
    let mut first = None;
    let variant = page.variant.as_deref().unwrap_or("Chess");
    let mut draw = |block: &DiagramBlock| -> String {
        let Some(record) = loaded.diagrams.get(block.index) else {
            return String::new();
        };
        let spec = match &record.spec {
            Ok(spec) => spec,
            Err(err) => {
                return format!(
                    "<div class=\"fp-diagram-error\" role=\"alert\">Diagram error: {}</div>",
                    escape(&err.message)
                )
            }
        };
        // Only a pair verification linked is drawn as before and after.
        let pair = if record.verdict.as_ref().is_some_and(|v| v.pair_linked) {
            Pair::BeforeAfter
        } else {
            Pair::SideBySide
        };
        // A fully verified board carries its legal moves for the reader.
        let explore = match record.verdict.as_ref() {
            Some(v) if record.status() == Status::Proved => v.explore.as_slice(),
            _ => &[],
        };
        let drawing = draw_diagram(variant, spec, pair, explore, painter, &mut sheet);
        if first.is_none() {
            let v = spec.variant.as_deref().unwrap_or(variant);
            first = Some((v.to_string(), spec.board.clone()));
        }
        diagrams += 1 + usize::from(spec.after.is_some());
        let verdict = record.verdict.as_ref();
        // Verification (`build`'s verify step) failed: marked, if the site
        // shows failures to its readers.
        match verdict.and_then(|v| v.failure.as_deref()) {
            Some(why) if show_failures => super::mark::mark_invalid(&drawing.html, why),
            _ => drawing.html,
        }
    };
    let body = markdown::render_below(&page.markdown, base_path, &mut draw);
    // The page's piece symbols, once, before its diagrams.
    let mut html = sheet.html();
    html.push_str(&body);
    let assets: Vec<ImageAsset> = sheet
        .copies
        .into_iter()
        .map(|(rel, source)| ImageAsset {
            source,
            target: format!("static/pieces/{rel}"),
            drawn: None,
        })
        .collect();
    PageResult {
        html,
        diagrams,
        sheet_copies: assets.len(),
        assets,
        first,
        ..PageResult::default()
    }
}

/// The images found, copied into the output at their URL (the missing
/// ones were reported by the load step).
fn check_images(root: &std::path::Path, loaded: &LoadedPage) -> Vec<ImageAsset> {
    crate::content::images::check_page(root, loaded).0
}

/// `sitemap.xml`: every HTML page but 404, absolute, sorted.
fn sitemap<'a>(base_url: &str, files: impl Iterator<Item = &'a String>) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for file in files {
        let Some(dir) = file.strip_suffix("index.html") else {
            continue;
        };
        xml.push_str(&format!(
            "  <url><loc>{}</loc></url>\n",
            escape(&format!("{base_url}{}", crate::model::url_path(dir)))
        ));
    }
    xml.push_str("</urlset>\n");
    xml
}
