//! Building the per-language Pagefind bundles and writing them out.

use std::borrow::Borrow;
use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::path::{Component, Path, PathBuf};
use std::time::{Duration, Instant};

use pagefind::api::PagefindIndex;
use pagefind::options::PagefindServiceConfig;

use super::{SearchError, SearchPage};

/// The folder of the output that holds the search bundles, one sub-folder per
/// language: `pagefind/<lang>/pagefind.js` is what a search page loads.
pub const BUNDLE_DIR: &str = "pagefind";

/// Files of Pagefind's bundle that fenpress does not use: its ready-made
/// search UIs (fenpress has its own `search.js`), its highlighting script,
/// its playground, and its web worker (`search.js` runs Pagefind with
/// `noWorker`: the worker would be a second download of the engine for an
/// index this small). Leaving them out keeps third-party UI code out of the
/// site.
const UNUSED_BUNDLE_FILES: &[&str] = &[
    "pagefind-ui.",
    "pagefind-modular-ui.",
    "pagefind-component-ui.",
    "pagefind-highlight.",
    "pagefind-worker.js",
    "playground",
];

/// The entry file `pagefind.js` reads first: per language, its meta index
/// and the WebAssembly module to load.
const ENTRY_FILE: &str = "pagefind-entry.json";

/// The engine without a stemmer, which `pagefind.js` loads for a language
/// whose entry names no WebAssembly module of its own. Pagefind writes it
/// into every bundle; a bundle whose languages all have their own is better
/// off without it.
const GENERIC_WASM_FILE: &str = "wasm.unknown.pagefind";

/// The most pages one Pagefind bundle holds unless the site says otherwise
/// (`search.pages_per_bundle`): a language with more is split into parts
/// that `search.js` merges. Pagefind's build holds about 60 KB per page of
/// the vchess corpus, so a part of 4,000 pages peaks near 250 MB, and the
/// corpus (about 175 pages per language) is one part even at ten times
/// its size.
pub const PAGES_PER_BUNDLE: usize = 4_000;

/// The file of `pagefind/<lang>/` that lists its further parts
/// (`{"parts":["part-2/"]}`, relative to the folder; empty for one part).
pub const PARTS_FILE: &str = "fenpress-parts.json";

/// A bundle file: its path below the output root and its contents.
pub type BundleFile = (String, Vec<u8>);

/// What [`build_indexes`] did, per language.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// One entry per language, sorted by language code.
    pub languages: Vec<LanguageIndex>,
    /// Wall time of the whole step.
    pub elapsed: Duration,
}

/// One language's bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanguageIndex {
    pub lang: String,
    /// Pages indexed (a page with no words is left out by Pagefind).
    pub pages: usize,
    /// Words indexed, over all pages.
    pub words: u64,
    /// The bundle folder, relative to the output folder: `pagefind/fr`.
    pub bundle: PathBuf,
    /// Pagefind bundles the language's pages are split into (see
    /// [`PAGES_PER_BUNDLE`]).
    pub parts: usize,
    /// Files written and their total size in bytes.
    pub files: usize,
    pub bytes: u64,
}

/// Builds one search index per language over `pages` and writes the bundles
/// to `<out_dir>/pagefind/<lang>/`, replacing whatever `<out_dir>/pagefind/`
/// held (its file names are content hashes: old ones would only pile up).
///
/// The browser side is `themes/default/static/search.js`, which loads
/// `pagefind/<lang>/pagefind.js` for the language of the search page.
///
/// ```no_run
/// use fenpress::search::{build_indexes, PageKind, SearchPage};
/// let pages = vec![SearchPage {
///     url: "/en/rules/Orda/".into(),
///     lang: "en".into(),
///     title: "Orda".into(),
///     variant: Some("Orda".into()),
///     kind: PageKind::Rules,
///     terms: vec!["Kheshig".into(), "Yurt".into()],
///     html: "<h2 id=\"pieces\">Pieces</h2><p>The kheshig moves…</p>".into(),
/// }];
/// let stats = build_indexes(&pages, std::path::Path::new("public"))?;
/// assert_eq!(stats.languages[0].lang, "en");
/// # Ok::<(), fenpress::search::SearchError>(())
/// ```
pub fn build_indexes(pages: &[SearchPage], out_dir: &Path) -> Result<SearchStats, SearchError> {
    build_indexes_in_parts(pages, out_dir, PAGES_PER_BUNDLE)
}

/// [`build_indexes`] with a language's pages split into bundles of at most
/// `pages_per_bundle` pages.
pub fn build_indexes_in_parts(
    pages: &[SearchPage],
    out_dir: &Path,
    pages_per_bundle: usize,
) -> Result<SearchStats, SearchError> {
    let started = Instant::now();
    let bundles = build_bundles(pages, pages_per_bundle)?;

    let bundles_root = out_dir.join(BUNDLE_DIR);
    if bundles_root.exists() {
        fs::remove_dir_all(&bundles_root).map_err(|source| SearchError::Write {
            path: bundles_root.clone(),
            source,
        })?;
    }
    for (rel, contents) in &bundles.files {
        let path = out_dir.join(rel);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|source| SearchError::Write {
                path: parent.to_path_buf(),
                source,
            })?;
        }
        fs::write(&path, contents).map_err(|source| SearchError::Write {
            path: path.clone(),
            source,
        })?;
    }
    Ok(SearchStats {
        elapsed: started.elapsed(),
        ..bundles.stats
    })
}

/// The search bundles in memory, for a site that writes its output itself
/// (`fenpress build` stages them with the rest of the site, `fenpress
/// serve` serves them from memory).
#[derive(Debug, Clone, Default)]
pub struct Bundles {
    /// Path below the output root (`pagefind/fr/pagefind.js`, always `/`
    /// separated) → contents, sorted by path.
    pub files: Vec<(String, Vec<u8>)>,
    pub stats: SearchStats,
}

/// [`build_indexes`] without the writing: every file of every language's
/// bundle, with its path below the output root; a language's bundle is
/// split into parts of at most `pages_per_bundle` pages.
pub fn build_bundles(
    pages: &[SearchPage],
    pages_per_bundle: usize,
) -> Result<Bundles, SearchError> {
    bundles_of(pages.iter(), pages_per_bundle)
}

/// [`build_bundles`] taking the pages: each page's text is dropped as soon
/// as Pagefind has read it, so the index is not built beside a second copy
/// of every page (a build's pages are not needed after the index). Pages
/// shared with their owner (`Arc<SearchPage>`, as `serve` hands them to its
/// re-index thread) are only released.
pub fn build_bundles_from<P: Borrow<SearchPage> + Send>(
    pages: Vec<P>,
    pages_per_bundle: usize,
) -> Result<Bundles, SearchError> {
    bundles_of(pages.into_iter(), pages_per_bundle)
}

fn bundles_of<P: Borrow<SearchPage> + Send>(
    pages: impl Iterator<Item = P>,
    pages_per_bundle: usize,
) -> Result<Bundles, SearchError> {
    let mut files = Vec::new();
    let stats = bundles_each(pages, pages_per_bundle, &mut |lang_files| {
        files.extend(lang_files);
        Ok::<_, SearchError>(())
    })?;
    files.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(Bundles { files, stats })
}

/// [`build_bundles_from`] handing each part's bundle files to `put` as
/// soon as that part is built (a build writes them out then), so no part's
/// files are held while the next one is indexed, nor all of them until the
/// write step.
pub fn build_bundles_into<E: From<SearchError> + Send>(
    pages: Vec<SearchPage>,
    pages_per_bundle: usize,
    put: &mut (dyn FnMut(Vec<BundleFile>) -> Result<(), E> + Send),
) -> Result<SearchStats, E> {
    bundles_each(pages.into_iter(), pages_per_bundle, put)
}

fn bundles_each<P: Borrow<SearchPage> + Send, E: From<SearchError> + Send>(
    pages: impl Iterator<Item = P>,
    pages_per_bundle: usize,
    put: &mut (dyn FnMut(Vec<BundleFile>) -> Result<(), E> + Send),
) -> Result<SearchStats, E> {
    let started = Instant::now();
    let by_lang = group_by_language(pages)?;
    let languages = by_lang.len();
    index_languages(
        by_lang.into_iter().map(Ok),
        languages,
        pages_per_bundle,
        put,
        started,
    )
}

/// [`build_bundles_into`] fed one language at a time, as the render step
/// finishes each (`build`): a language is indexed while the next one is
/// rendered. Each batch is one language's pages in page order (the order
/// [`build_bundles_into`] would index them in), so the files are the same.
/// `languages` is how many batches to expect (it sizes the workers).
pub fn build_bundles_from_batches<E: From<SearchError> + Send>(
    batches: impl Iterator<Item = (String, Vec<SearchPage>)> + Send,
    languages: usize,
    pages_per_bundle: usize,
    put: &mut (dyn FnMut(Vec<BundleFile>) -> Result<(), E> + Send),
) -> Result<SearchStats, E> {
    let started = Instant::now();
    let mut seen = HashSet::new();
    // A language with no page gets no bundle, as in `build_bundles_into`.
    let checked = batches
        .filter(|(_, pages)| !pages.is_empty())
        .map(move |(lang, pages)| {
            let key = lang.to_ascii_lowercase();
            let mut by_lang = group_by_language(pages.into_iter())?;
            if !seen.insert(key.clone()) {
                return Err(SearchError::MixedBatch { lang });
            }
            match (by_lang.len(), by_lang.remove(&key)) {
                (1, Some(pages)) => Ok((key, pages)),
                _ => Err(SearchError::MixedBatch { lang }),
            }
        });
    index_languages(checked, languages, pages_per_bundle, put, started)
}

/// Indexes each language of `batches` (language → its pages), several
/// side by side; the stats are sorted by language code.
fn index_languages<P: Borrow<SearchPage> + Send, E: From<SearchError> + Send>(
    batches: impl Iterator<Item = Result<(String, Vec<P>), SearchError>> + Send,
    languages: usize,
    pages_per_bundle: usize,
    put: &mut (dyn FnMut(Vec<BundleFile>) -> Result<(), E> + Send),
    started: Instant,
) -> Result<SearchStats, E> {
    // Languages are indexed side by side: each is its own Pagefind index,
    // and the search step was half of a clean build's wall time with one
    // language at a time. Up to four at once even on two cores, so that
    // three languages end together instead of the third running alone.
    // Each holds its current part in memory while Pagefind builds it, so
    // the memory bound is one part per worker (`pages_per_bundle` bounds a
    // part).
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let workers = cores.max(4).min(languages).max(1);
    let queue = std::sync::Mutex::new(batches);
    let failed = std::sync::atomic::AtomicBool::new(false);
    let put = std::sync::Mutex::new(put);
    let work = || -> Result<Vec<LanguageIndex>, E> {
        let mut done = Vec::new();
        loop {
            if failed.load(std::sync::atomic::Ordering::Relaxed) {
                return Ok(done);
            }
            // A poisoned lock means another worker panicked: its panic is
            // resumed when the scope joins, so this one just stops.
            let Some(next) = queue.lock().ok().and_then(|mut q| q.next()) else {
                return Ok(done);
            };
            let mut put_part = |files: Vec<BundleFile>| match put.lock() {
                Ok(mut put) => put(files),
                Err(_) => Ok(()),
            };
            let stats = next.map_err(E::from).and_then(|(lang, pages)| {
                build_language(&lang, pages, pages_per_bundle, &mut put_part)
            });
            match stats {
                Ok(stats) => done.push(stats),
                Err(e) => {
                    // The other workers stop after their current language.
                    failed.store(true, std::sync::atomic::Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
    };
    let results: Vec<Result<Vec<LanguageIndex>, E>> = std::thread::scope(|scope| {
        let others: Vec<_> = (1..workers).map(|_| scope.spawn(work)).collect();
        let mut results = vec![work()];
        for worker in others {
            results.push(
                worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        results
    });
    let mut languages = Vec::new();
    for result in results {
        languages.extend(result?);
    }
    languages.sort_by(|a, b| a.lang.cmp(&b.lang));
    Ok(SearchStats {
        languages,
        elapsed: started.elapsed(),
    })
}

/// Checks every page and groups them by language, keeping the given order.
fn group_by_language<P: Borrow<SearchPage>>(
    pages: impl Iterator<Item = P>,
) -> Result<BTreeMap<String, Vec<P>>, SearchError> {
    let mut by_lang: BTreeMap<String, Vec<P>> = BTreeMap::new();
    let mut seen: HashSet<(String, String)> = HashSet::new();
    for held in pages {
        let page = held.borrow();
        let lang = page.lang.to_ascii_lowercase();
        if !is_language_code(&page.lang) {
            return Err(SearchError::InvalidLanguage {
                url: page.url.clone(),
                lang: page.lang.clone(),
            });
        }
        if !page.url.starts_with('/') {
            return Err(SearchError::InvalidUrl {
                url: page.url.clone(),
            });
        }
        if !seen.insert((lang.clone(), page.url.clone())) {
            return Err(SearchError::DuplicateUrl {
                url: page.url.clone(),
                lang: page.lang.clone(),
            });
        }
        by_lang.entry(lang).or_default().push(held);
    }
    Ok(by_lang)
}

/// `en`, `fr`, `pt-br`: letters, digits and inner hyphens, nothing that could
/// climb out of the bundle folder.
fn is_language_code(lang: &str) -> bool {
    !lang.is_empty()
        && lang.len() <= 35
        && lang
            .split('-')
            .all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// Splits a language's pages into parts of at most `pages_per_bundle`
/// (as even as can be) and builds each part's bundle: the first at
/// `pagefind/<lang>/`, part `k` at `pagefind/<lang>/part-<k>/`, with
/// [`PARTS_FILE`] listing the further parts for `search.js` to merge.
/// Pagefind holds every page of a bundle twice while it builds it (its
/// pages and a copy), so the part size bounds the index step's memory.
fn build_language<P: Borrow<SearchPage>, E: From<SearchError>>(
    lang: &str,
    pages: Vec<P>,
    pages_per_bundle: usize,
    put: &mut dyn FnMut(Vec<BundleFile>) -> Result<(), E>,
) -> Result<LanguageIndex, E> {
    let page_count = pages.len();
    let parts = page_count.div_ceil(pages_per_bundle.max(1)).max(1);
    let part_size = page_count.div_ceil(parts).max(1);
    let bundle = Path::new(BUNDLE_DIR).join(lang);
    let (mut words, mut files_written, mut bytes) = (0u64, 0usize, 0u64);
    let mut further = Vec::with_capacity(parts - 1);
    let mut pages = pages.into_iter();
    for part in 1..=parts {
        let folder = if part == 1 {
            format!("{BUNDLE_DIR}/{lang}/")
        } else {
            further.push(format!("part-{part}/"));
            format!("{BUNDLE_DIR}/{lang}/part-{part}/")
        };
        let (part_words, files) = build_part(lang, pages.by_ref().take(part_size))?;
        words += part_words;
        let mut out = bundle_files(lang, &folder, files, part == 1)?;
        if part == parts {
            let manifest = serde_json::json!({ "parts": further }).to_string();
            out.push((
                format!("{BUNDLE_DIR}/{lang}/{PARTS_FILE}"),
                manifest.into_bytes(),
            ));
        }
        files_written += out.len();
        bytes += out.iter().map(|(_, b)| b.len() as u64).sum::<u64>();
        put(out)?;
        // What Pagefind freed is given back before the next part grows.
        crate::memory::release_freed();
    }
    Ok(LanguageIndex {
        lang: lang.to_string(),
        pages: page_count,
        words,
        bundle,
        parts,
        files: files_written,
        bytes,
    })
}

/// One Pagefind index over `pages`: its word count and its files.
fn build_part<P: Borrow<SearchPage>>(
    lang: &str,
    pages: impl Iterator<Item = P>,
) -> Result<(u64, Vec<pagefind::api::SyntheticFile>), SearchError> {
    let pagefind_error = |context: String| {
        let lang = lang.to_string();
        move |error: anyhow::Error| SearchError::Pagefind {
            lang,
            context,
            source: error.into(),
        }
    };
    // Pagefind's API is async; a one-thread runtime is all it needs (its
    // page parsing runs on the runtime's blocking pool).
    //
    // Never on a rayon worker: Pagefind's own rayon work makes the worker
    // wait inside the runtime, and a waiting worker steals other jobs —
    // another build's index (two builds in one process: `serve`, tests)
    // would enter a second runtime on that thread and panic. Callers run
    // the index on a thread of their own (see `site::build`).
    debug_assert!(
        rayon::current_thread_index().is_none(),
        "a search index is built on a rayon worker"
    );
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .map_err(SearchError::Runtime)?;
    runtime.block_on(async {
        let config = PagefindServiceConfig::builder()
            .force_language(lang.to_string())
            .keep_index_url(true)
            .build();
        let mut index =
            PagefindIndex::new(Some(config)).map_err(pagefind_error("configuration".into()))?;
        let mut words = 0u64;
        // Each page (when owned) is dropped once Pagefind has read it.
        for held in pages {
            let page = held.borrow();
            let indexed = index
                .add_html_file(None, Some(page.url.clone()), page.indexed_document())
                .await
                .map_err(pagefind_error(format!("page {}", page.url)))?;
            words += u64::from(indexed.page_word_count);
        }
        let files = index
            .get_files()
            .await
            .map_err(pagefind_error("building the index".into()))?;
        Ok::<_, SearchError>((words, files))
    })
}

/// A part's files under `folder` (`pagefind/fr/` or `pagefind/fr/part-2/`),
/// without what fenpress does not use. A further part keeps only its index:
/// `search.js` merges it into the first part's instance, which brings the
/// engine (`pagefind.js` and the WebAssembly module).
fn bundle_files(
    lang: &str,
    folder: &str,
    files: Vec<pagefind::api::SyntheticFile>,
    first: bool,
) -> Result<Vec<BundleFile>, SearchError> {
    let generic_wasm_needed = first && needs_generic_wasm(&files);
    let mut out = Vec::with_capacity(files.len());
    for file in files {
        let name = file.filename.to_string_lossy();
        let engine = name == "pagefind.js" || name.starts_with("wasm.");
        if UNUSED_BUNDLE_FILES.iter().any(|p| name.starts_with(p))
            || (name == GENERIC_WASM_FILE && !generic_wasm_needed)
            || (engine && !first)
        {
            continue;
        }
        let parts: Option<Vec<String>> = file
            .filename
            .components()
            .map(|c| match c {
                Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
                _ => None,
            })
            .collect();
        let Some(parts) = parts.filter(|p| !p.is_empty()) else {
            return Err(SearchError::UnsafeBundlePath {
                lang: lang.to_string(),
                path: file.filename,
            });
        };
        out.push((format!("{folder}{}", parts.join("/")), file.contents));
    }
    Ok(out)
}

/// Whether `pagefind.js` could ask for [`GENERIC_WASM_FILE`]: it loads
/// `wasm.<entry's wasm>.pagefind`, or the generic one when a language's
/// entry names none (Pagefind has no stemmer for it) or names a file the
/// bundle lacks. An entry that does not read as expected keeps it too.
fn needs_generic_wasm(files: &[pagefind::api::SyntheticFile]) -> bool {
    let names: HashSet<String> = files
        .iter()
        .map(|f| f.filename.to_string_lossy().into_owned())
        .collect();
    let Some(entry) = files
        .iter()
        .find(|f| f.filename.as_os_str() == ENTRY_FILE)
        .and_then(|f| serde_json::from_slice::<serde_json::Value>(&f.contents).ok())
    else {
        return true;
    };
    let Some(languages) = entry["languages"].as_object().filter(|l| !l.is_empty()) else {
        return true;
    };
    languages
        .values()
        .any(|language| match language["wasm"].as_str() {
            Some(wasm) => !names.contains(&format!("wasm.{wasm}.pagefind")),
            None => true,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_codes() {
        for ok in ["en", "fr", "es", "pt-br", "zh-Hans"] {
            assert!(is_language_code(ok), "{ok}");
        }
        for bad in ["", "..", "en/../x", "-en", "en-", "e n", "fr_FR"] {
            assert!(!is_language_code(bad), "{bad}");
        }
    }

    fn file(name: &str, contents: &str) -> pagefind::api::SyntheticFile {
        pagefind::api::SyntheticFile {
            filename: PathBuf::from(name),
            contents: contents.as_bytes().to_vec(),
        }
    }

    #[test]
    fn generic_wasm_only_for_a_language_without_its_own() {
        let entry = |wasm: &str| {
            file(
                ENTRY_FILE,
                &format!(
                    r#"{{"version":"1.6.0","languages":{{"fr":{{"hash":"fr_1","wasm":{wasm},"page_count":3}}}}}}"#
                ),
            )
        };
        let own = file("wasm.fr.pagefind", "");
        let generic = file(GENERIC_WASM_FILE, "");
        // Stemmed French: the entry names wasm.fr, which is there.
        assert!(!needs_generic_wasm(&[entry("\"fr\""), own, generic]));
        // No stemmer: pagefind.js falls back to the generic engine.
        let generic = file(GENERIC_WASM_FILE, "");
        assert!(needs_generic_wasm(&[entry("null"), generic]));
        // Named but missing, or an entry we cannot read: keep it.
        let generic = file(GENERIC_WASM_FILE, "");
        assert!(needs_generic_wasm(&[entry("\"fr\""), generic]));
        assert!(needs_generic_wasm(&[file(ENTRY_FILE, "{")]));
        assert!(needs_generic_wasm(&[]));
    }
}
