//! The build cache: what a build of `--out` verified, rendered and indexed,
//! kept beside the output in `.<name>.fenpress-cache/` (a hidden sibling,
//! like the spare: never inside the output, so never published), so that
//! a rebuild after one page changed redoes that page only.
//!
//! Everything is keyed by hashes of what it depends on:
//! - a page's **verdicts and findings** by the fenpress binary (rules core
//!   included), the definitions of the variants it names (the site's
//!   `variants/<Name>.yaml`, each self-contained and registered under its
//!   own name), the verification's purpose and the page itself (its text
//!   and every field the load step gave it);
//! - a page's **rendered file** by that key, the config file, the theme's
//!   files, the piece folder, the site folder and the site's skeleton
//!   (every page's kind, name, language, title and URL, and each puzzle's
//!   difficulty: what indexes, menus, translations and prev/next links
//!   show of other pages). Its bytes are the previous output's file, read
//!   back only when the key matches;
//! - a language's **search bundle** by the search text of its pages, in
//!   order: an unchanged language's bundle files are taken from the
//!   previous output, a changed one is indexed again (Pagefind's API adds
//!   pages to a new index only, so a language is indexed whole);
//! - og:image PNGs are named by a hash of what they draw, and the render
//!   step already takes them from the previous output.
//!
//! Verdicts are kept per page rather than per diagram block: a block's
//! findings carry its lines in the page, which any edit above it moves,
//! and re-verifying the few blocks of an edited page costs milliseconds.
//!
//! Puzzle pages are proved and rendered every time: a proof runs against
//! the site's clock (`puzzles.total_proof_budget_ms`), so its result is not
//! a function of the page alone. Home pages are rendered every time (their
//! body goes into the language's home).
//!
//! The cache describes the output in place: its manifest is deleted before
//! a build swaps a new output in and written after, so a build killed in
//! between leaves no manifest and the next build starts cold. The
//! binary's identity is its version, size and modification time: any new
//! build of fenpress starts cold.

use std::collections::{BTreeMap, HashMap};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use super::config::Config;
use super::output::MARKER;
use crate::check::{PageCheck, Purpose, Reuse};
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{LoadedPage, PageKind, Verdict};
use crate::search::SearchPage;

/// The manifest's format: a manifest of another format is ignored.
const FORMAT: u32 = 1;
const MANIFEST: &str = "manifest.json";

/// A hash of what an entry depends on: two SipHash lanes (128 bits), as
/// hex. `DefaultHasher` may change between Rust releases, which is safe
/// here: a new binary starts with an empty cache anyway.
struct Keyer(DefaultHasher, DefaultHasher);

impl Keyer {
    fn new(domain: &str) -> Keyer {
        let mut second = DefaultHasher::new();
        second.write_u8(0x5a);
        let mut k = Keyer(DefaultHasher::new(), second);
        domain.hash(&mut k);
        k
    }

    fn key(&self) -> String {
        format!("{:016x}{:016x}", self.0.finish(), self.1.finish())
    }
}

impl Hasher for Keyer {
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
        self.1.write(bytes);
    }
    fn finish(&self) -> u64 {
        self.0.finish()
    }
}

/// What a build of this output left: read at the start of the next one.
#[derive(Serialize, Deserialize, Default)]
struct Manifest {
    format: u32,
    binary: String,
    /// The output folder it describes (absolute).
    out: PathBuf,
    /// That folder's identity (device and inode, where there are such),
    /// taken before the swap: if another build swapped its own output in
    /// after this one, the folder is not the one described.
    folder: Option<(u64, u64)>,
    /// By page source.
    verified: BTreeMap<PathBuf, VerifiedPage>,
    rendered: BTreeMap<PathBuf, RenderedPage>,
    /// By language code (lowercase).
    indexed: BTreeMap<String, IndexedLanguage>,
}

#[derive(Serialize, Deserialize, Clone)]
struct VerifiedPage {
    key: String,
    verdicts: Vec<Verdict>,
    findings: Vec<StoredDiagnostic>,
    unreadable: usize,
}

/// A [`Diagnostic`] as stored (its code is interned again when read).
#[derive(Serialize, Deserialize, Clone)]
struct StoredDiagnostic {
    severity: Severity,
    code: String,
    file: PathBuf,
    line: usize,
    column: usize,
    span: usize,
    variant: Option<String>,
    message: String,
    hint: Option<String>,
}

impl StoredDiagnostic {
    fn of(d: &Diagnostic) -> StoredDiagnostic {
        StoredDiagnostic {
            severity: d.severity,
            code: d.code.to_string(),
            file: d.file.clone(),
            line: d.line,
            column: d.column,
            span: d.span,
            variant: d.variant.clone(),
            message: d.message.clone(),
            hint: d.hint.clone(),
        }
    }

    fn diagnostic(&self) -> Diagnostic {
        let mut d = Diagnostic::new(
            self.severity,
            intern(&self.code),
            self.file.clone(),
            self.line,
            self.column,
            self.message.clone(),
        )
        .with_span(self.span);
        d.variant = self.variant.clone();
        d.hint = self.hint.clone();
        d
    }
}

/// A finding's code as the `&'static str` a [`Diagnostic`] holds: each
/// distinct code is leaked once per process, and there are a few dozen.
fn intern(code: &str) -> &'static str {
    static CODES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
    let mut codes = CODES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(known) = codes.iter().find(|c| **c == code) {
        return known;
    }
    let leaked: &'static str = Box::leak(code.to_string().into_boxed_str());
    codes.push(leaked);
    leaked
}

/// A content page as the previous build rendered it.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct RenderedPage {
    pub key: String,
    /// Its file below the output root.
    pub file: String,
    /// Boards drawn.
    pub diagrams: usize,
    /// The piece images its diagrams use: (output path, source file).
    pub copies: Vec<(String, PathBuf)>,
    /// Its og:image's path below the output root.
    pub og: Option<String>,
    /// The hash of its search page ([`search_hash`]).
    pub search: String,
}

#[derive(Serialize, Deserialize, Clone)]
struct IndexedLanguage {
    key: String,
    /// The bundle's files below the output root.
    files: Vec<String>,
}

/// What a build took from the cache and what it redid, for `build -v` and
/// the tests.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct CacheStats {
    /// Pages verified / whose verification was reused.
    pub verified: usize,
    pub verified_reused: usize,
    /// Content pages rendered / whose file was reused.
    pub rendered: usize,
    pub rendered_reused: usize,
    /// Languages indexed / whose bundle was reused.
    pub indexed: Vec<String>,
    pub indexed_reused: Vec<String>,
}

impl CacheStats {
    /// `cache: verified 1 page (524 reused), rendered 1 (520 reused),
    /// indexed en (fr, es reused)`
    pub fn words(&self) -> String {
        format!(
            "cache: verified {} page{} ({} reused), rendered {} ({} reused), indexed {} ({} reused)",
            self.verified,
            if self.verified == 1 { "" } else { "s" },
            self.verified_reused,
            self.rendered,
            self.rendered_reused,
            list_or_none(&self.indexed),
            list_or_none(&self.indexed_reused),
        )
    }
}

fn list_or_none(list: &[String]) -> String {
    if list.is_empty() {
        "none".into()
    } else {
        list.join(", ")
    }
}

/// The cache of one build of one output folder.
pub struct BuildCache {
    dir: PathBuf,
    /// The output being replaced, whose files the cache's entries name.
    previous: PathBuf,
    binary: String,
    old: Manifest,
    new: Mutex<Manifest>,
    /// Each of the site's variant definitions by the name it defines
    /// (lowercase): the hash of its text.
    definitions: BTreeMap<String, String>,
    /// Each page's verification key, by source and purpose (drawing).
    #[allow(clippy::type_complexity)]
    verify_keys: Mutex<HashMap<(PathBuf, bool), (std::sync::Arc<str>, String)>>,
    /// Hash of everything every page's render depends on (set by
    /// [`BuildCache::prepare_render`]).
    render_base: String,
    /// Each language's search pages as last indexed, when that language
    /// is indexed again (written beside the manifest after the swap).
    search_pages: Mutex<BTreeMap<String, Vec<SearchPage>>>,
    verified: AtomicUsize,
    verified_reused: AtomicUsize,
    rendered: AtomicUsize,
    rendered_reused: AtomicUsize,
    languages: Mutex<(Vec<String>, Vec<String>)>,
}

/// `.<name>.fenpress-cache` beside the output folder `out`.
pub fn cache_dir(out: &Path) -> PathBuf {
    let (parent, name) = super::output::parent_and_name(out);
    parent.join(format!(".{name}.fenpress-cache"))
}

fn absolute(path: &Path) -> PathBuf {
    path.canonicalize()
        .unwrap_or_else(|_| std::env::current_dir().unwrap_or_default().join(path))
}

/// The running binary: its version, size and modification time.
fn binary_key() -> String {
    let meta = std::env::current_exe().and_then(|p| p.metadata());
    let (len, modified) = match &meta {
        Ok(m) => (
            m.len(),
            m.modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos()),
        ),
        Err(_) => (0, 0),
    };
    format!("{}-{len}-{modified}", env!("CARGO_PKG_VERSION"))
}

impl BuildCache {
    /// The cache of the output folder `out`, as the last build that
    /// replaced it left it (empty when there is none, when it was made by
    /// another fenpress, or when `out` is not a fenpress output).
    pub fn open(out: &Path) -> BuildCache {
        let mut cache = BuildCache::in_memory();
        cache.dir = cache_dir(out);
        cache.previous = absolute(out);
        let (binary, previous) = (&cache.binary, &cache.previous);
        cache.old = std::fs::read(cache.dir.join(MANIFEST))
            .ok()
            .and_then(|bytes| serde_json::from_slice::<Manifest>(&bytes).ok())
            .filter(|m| m.format == FORMAT && &m.binary == binary && &m.out == previous)
            .filter(|m| m.folder == folder_identity(previous))
            .filter(|_| previous.join(MARKER).is_file())
            .unwrap_or_default();
        cache.new.get_mut().unwrap_or_else(|e| e.into_inner()).out = cache.previous.clone();
        cache
    }

    /// A cache with no folder, for `serve`, which keeps its output in
    /// memory: only verdicts are kept, from one build of the site to the
    /// next (see [`BuildCache::carried_over`]).
    pub fn in_memory() -> BuildCache {
        let binary = binary_key();
        BuildCache {
            dir: PathBuf::new(),
            previous: PathBuf::new(),
            old: Manifest::default(),
            new: Mutex::new(Manifest {
                format: FORMAT,
                binary: binary.clone(),
                ..Manifest::default()
            }),
            binary,
            definitions: BTreeMap::new(),
            verify_keys: Mutex::default(),
            render_base: String::new(),
            search_pages: Mutex::default(),
            verified: AtomicUsize::new(0),
            verified_reused: AtomicUsize::new(0),
            rendered: AtomicUsize::new(0),
            rendered_reused: AtomicUsize::new(0),
            languages: Mutex::default(),
        }
    }

    /// The verdicts this cache holds (those it was given and those it
    /// kept since), for the next build of an in-memory site; its counts
    /// start again.
    pub fn carried_over(self) -> BuildCache {
        let mut next = BuildCache::in_memory();
        let mut held = self.old.verified;
        let kept = self.new.into_inner().unwrap_or_else(|e| e.into_inner());
        held.extend(kept.verified);
        next.old.verified = held;
        next
    }

    /// Hashes each of the site's variant definitions (`variants/*.yaml`
    /// of `root`, as the load step read them into `sources`), by the name
    /// it defines (the file's): before verification. A definition is
    /// self-contained and registered under its name only, so a page
    /// depends on the definitions of the variants it names.
    pub fn read_definitions(
        &mut self,
        root: &Path,
        sources: &BTreeMap<PathBuf, std::sync::Arc<str>>,
    ) {
        let folder = root.join("variants");
        self.definitions = (sources.iter())
            .filter(|(p, _)| p.starts_with(&folder))
            .map(|(path, text)| {
                let shown = path.display().to_string();
                let name = fenpress_rules::definition::name_from_file(&shown).to_lowercase();
                let mut k = Keyer::new("definition");
                path.hash(&mut k);
                text.hash(&mut k);
                (name, k.key())
            })
            .collect();
    }

    /// The definitions of the variants `lp` names (its own, else chess,
    /// which a site may define too, and each diagram's), by name.
    fn definitions_of(&self, lp: &LoadedPage) -> Vec<(String, Option<&String>)> {
        let own = lp.page.variant.as_deref().unwrap_or("Chess");
        let mut names: Vec<String> = std::iter::once(own)
            .chain((lp.diagrams.iter()).filter_map(|r| r.spec.as_ref().ok()?.variant.as_deref()))
            .map(str::to_lowercase)
            .collect();
        names.sort();
        names.dedup();
        names
            .into_iter()
            .map(|name| {
                let definition = self.definitions.get(&name);
                (name, definition)
            })
            .collect()
    }

    /// What a page's verification depends on (see the module's notes),
    /// made once per page and purpose (verify and render both ask for it,
    /// and it hashes the page's whole text).
    fn verify_key(&self, lp: &LoadedPage, purpose: Purpose) -> String {
        let drawing = matches!(purpose, Purpose::Drawing);
        let held = (lp.page.source.clone(), drawing);
        let mut keys = self.verify_keys.lock().unwrap_or_else(|e| e.into_inner());
        // The same text, not only the same file: `serve` keeps its cache
        // across edits, and an edited page is loaded into a new text (the
        // one held here stays alive, so its address is never reused).
        match keys.get(&held) {
            Some((text, key)) if std::sync::Arc::ptr_eq(text, &lp.text) => return key.clone(),
            _ => {}
        }
        drop(keys);
        let key = self.make_verify_key(lp, drawing);
        keys = self.verify_keys.lock().unwrap_or_else(|e| e.into_inner());
        keys.insert(held, (lp.text.clone(), key.clone()));
        key
    }

    /// The page's kind, names, language, place and text: its Markdown
    /// (and so its diagram blocks) is made from the text by this binary.
    fn make_verify_key(&self, lp: &LoadedPage, drawing: bool) -> String {
        let mut k = Keyer::new("verify");
        self.binary.hash(&mut k);
        self.definitions_of(lp).hash(&mut k);
        drawing.hash(&mut k);
        let p = &lp.page;
        p.kind.hash(&mut k);
        p.name.hash(&mut k);
        p.variant.hash(&mut k);
        p.slug.hash(&mut k);
        p.lang.hash(&mut k);
        p.source.hash(&mut k);
        p.format.hash(&mut k);
        p.title.hash(&mut k);
        p.line_offset.hash(&mut k);
        p.front_matter.hash(&mut k);
        lp.text.hash(&mut k);
        k.key()
    }

    /// Hashes what every page's render depends on besides itself: the
    /// config file (and the base URL in force), the theme's files, the
    /// piece folder, the site folder and the site's skeleton. Before the
    /// render step.
    pub fn prepare_render(
        &mut self,
        root: &Path,
        config: &Config,
        theme: &super::theme::Theme,
        pages: &[LoadedPage],
    ) {
        let mut k = Keyer::new("render");
        self.binary.hash(&mut k);
        // A page's own variants' definitions are in its verification key
        // (see `render_key`), which its render key includes.
        absolute(root).hash(&mut k);
        std::fs::read(root.join("config.yaml")).ok().hash(&mut k);
        config.base_url.hash(&mut k);
        config.languages.hash(&mut k);
        if let Some(folder) = &theme.folder {
            hash_folder(folder, true, &mut k);
        }
        if let Some(pieces) = &config.pieces {
            // The piece art by name, size and time: hashing 6 MB of SVG
            // at every build would cost more than it saves.
            hash_folder(&pieces.folder, false, &mut k);
        }
        for lp in pages {
            let p = &lp.page;
            (p.kind, &p.name, &p.slug, &p.lang, &p.variant, &p.title).hash(&mut k);
            p.source.hash(&mut k);
            lp.puzzle
                .as_ref()
                .map(|proof| proof.difficulty())
                .hash(&mut k);
        }
        self.render_base = k.key();
    }

    /// What `lp`'s rendered file depends on; `None` for a page that is
    /// always rendered (a puzzle, a home page).
    pub fn render_key(&self, lp: &LoadedPage) -> Option<String> {
        let p = &lp.page;
        if p.kind == PageKind::Puzzle || (p.kind == PageKind::Page && p.name == "home") {
            return None;
        }
        let mut k = Keyer::new("page");
        self.render_base.hash(&mut k);
        self.verify_key(lp, Purpose::Drawing).hash(&mut k);
        Some(k.key())
    }

    /// The previous render of `lp` if `key` still holds and its files are
    /// still in the output, with the file's bytes.
    pub fn rendered(&self, lp: &LoadedPage, key: &str) -> Option<(RenderedPage, Vec<u8>)> {
        let entry = self.old.rendered.get(&lp.page.source)?;
        if entry.key != key {
            return None;
        }
        if let Some(og) = &entry.og {
            if !self.previous.join(og).is_file() {
                return None;
            }
        }
        let bytes = std::fs::read(self.previous.join(&entry.file)).ok()?;
        Some((entry.clone(), bytes))
    }

    /// Keeps a page's render (or the reuse of one) for the next build.
    /// `entry` is `None` for a page the cache does not keep.
    pub fn keep_rendered(&self, lp: &LoadedPage, entry: Option<RenderedPage>, reused: bool) {
        let counter = if reused {
            &self.rendered_reused
        } else {
            &self.rendered
        };
        counter.fetch_add(1, Ordering::Relaxed);
        if let Some(entry) = entry {
            self.new
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .rendered
                .insert(lp.page.source.clone(), entry);
        }
    }

    /// A language's search key from its pages' search hashes, in order.
    pub fn language_key(&self, pages_per_bundle: usize, hashes: &[&str]) -> String {
        let mut k = Keyer::new("language");
        self.binary.hash(&mut k);
        pages_per_bundle.hash(&mut k);
        hashes.hash(&mut k);
        k.key()
    }

    /// The files of `lang`'s bundle as the previous build wrote them, with
    /// their bytes, when its key still holds.
    pub fn reuse_language(&self, lang: &str, key: &str) -> Option<Vec<(String, Vec<u8>)>> {
        let entry = self.old.indexed.get(lang).filter(|e| e.key == key)?;
        let files = entry
            .files
            .iter()
            .map(|f| {
                std::fs::read(self.previous.join(f))
                    .ok()
                    .map(|b| (f.clone(), b))
            })
            .collect::<Option<Vec<_>>>()?;
        self.new
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .indexed
            .insert(lang.to_string(), entry.clone());
        self.languages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .1
            .push(lang.to_string());
        Some(files)
    }

    /// The search pages `lang` had when last indexed, by their hash.
    pub fn stored_search_pages(&self, lang: &str) -> HashMap<String, SearchPage> {
        let file = self.dir.join(format!("search-{lang}.json"));
        let pages: Vec<SearchPage> = std::fs::read(file)
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default();
        if !self.old.indexed.contains_key(lang) {
            return HashMap::new();
        }
        pages.into_iter().map(|p| (search_hash(&p), p)).collect()
    }

    /// `lang` is indexed again over `pages` under `key`: kept for the
    /// next build (its files are named by [`BuildCache::indexed_files`]).
    pub fn keep_language(&self, lang: &str, key: String, pages: Vec<SearchPage>) {
        self.new
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .indexed
            .insert(
                lang.to_string(),
                IndexedLanguage {
                    key,
                    files: Vec::new(),
                },
            );
        self.search_pages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(lang.to_string(), pages);
        self.languages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .0
            .push(lang.to_string());
    }

    /// The files the indexer wrote, given to the languages indexed again.
    pub fn indexed_files(&self, written: &[String]) {
        let mut new = self.new.lock().unwrap_or_else(|e| e.into_inner());
        let indexed_again = self.search_pages.lock().unwrap_or_else(|e| e.into_inner());
        for lang in indexed_again.keys() {
            let prefix = format!("{}/{lang}/", crate::search::BUNDLE_DIR);
            if let Some(entry) = new.indexed.get_mut(lang) {
                entry.files = written
                    .iter()
                    .filter(|f| f.starts_with(&prefix))
                    .cloned()
                    .collect();
            }
        }
    }

    /// What this build took from the cache and redid.
    pub fn stats(&self) -> CacheStats {
        let (mut indexed, mut indexed_reused) = self
            .languages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        indexed.sort();
        indexed_reused.sort();
        CacheStats {
            verified: self.verified.load(Ordering::Relaxed),
            verified_reused: self.verified_reused.load(Ordering::Relaxed),
            rendered: self.rendered.load(Ordering::Relaxed),
            rendered_reused: self.rendered_reused.load(Ordering::Relaxed),
            indexed,
            indexed_reused,
        }
    }

    /// Before the swap of `staged` (the folder about to become the
    /// output): the manifest no longer describes the output, and the next
    /// one describes that folder.
    pub fn forget(&self, staged: &Path) {
        let _ = std::fs::remove_file(self.dir.join(MANIFEST));
        self.new.lock().unwrap_or_else(|e| e.into_inner()).folder = folder_identity(staged);
    }

    /// After the swap: the manifest of the new output, and the search
    /// pages of the languages indexed again. A cache that cannot be
    /// written only costs the next build time.
    pub fn save(self) {
        let _ = std::fs::create_dir_all(&self.dir);
        let pages = self
            .search_pages
            .into_inner()
            .unwrap_or_else(|e| e.into_inner());
        for (lang, list) in pages {
            if let Ok(bytes) = serde_json::to_vec(&list) {
                let _ = write_atomically(&self.dir.join(format!("search-{lang}.json")), &bytes);
            }
        }
        let new = self.new.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Ok(bytes) = serde_json::to_vec(&new) {
            let _ = write_atomically(&self.dir.join(MANIFEST), &bytes);
        }
    }
}

impl Reuse for BuildCache {
    fn reuse(&self, lp: &mut LoadedPage, purpose: Purpose) -> Option<PageCheck> {
        if lp.page.kind == PageKind::Puzzle {
            return None;
        }
        let entry = self.old.verified.get(&lp.page.source)?;
        if entry.key != self.verify_key(lp, purpose) {
            return None;
        }
        // The verdicts go to the records verification would have judged:
        // those that parse and were found in the source.
        let judged: Vec<usize> = (lp.diagrams.iter().enumerate())
            .filter(|(_, r)| r.spec.is_ok() && r.written.is_some())
            .map(|(i, _)| i)
            .collect();
        if judged.len() != entry.verdicts.len() {
            return None;
        }
        for (&i, verdict) in judged.iter().zip(&entry.verdicts) {
            lp.diagrams[i].verdict = Some(verdict.clone());
        }
        self.verified_reused.fetch_add(1, Ordering::Relaxed);
        self.new
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .verified
            .insert(lp.page.source.clone(), entry.clone());
        Some(PageCheck {
            findings: entry
                .findings
                .iter()
                .map(StoredDiagnostic::diagnostic)
                .collect(),
            puzzle: Vec::new(),
            verdicts: entry.verdicts.clone(),
            unreadable: entry.unreadable,
            is_puzzle: false,
        })
    }

    fn keep(&self, lp: &LoadedPage, purpose: Purpose, checked: &PageCheck) {
        self.verified.fetch_add(1, Ordering::Relaxed);
        if lp.page.kind == PageKind::Puzzle {
            return;
        }
        let entry = VerifiedPage {
            key: self.verify_key(lp, purpose),
            verdicts: checked.verdicts.clone(),
            findings: checked.findings.iter().map(StoredDiagnostic::of).collect(),
            unreadable: checked.unreadable,
        };
        self.new
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .verified
            .insert(lp.page.source.clone(), entry);
    }
}

/// A folder's device and inode (kept by a rename), where the system has
/// them.
fn folder_identity(folder: &Path) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(folder).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = folder;
        None
    }
}

/// The hash of a page as the search index sees it.
pub fn search_hash(page: &SearchPage) -> String {
    let mut k = Keyer::new("search");
    page.hash(&mut k);
    k.key()
}

/// Every file below `folder` by path, and by its bytes (`contents`) or its
/// size and modification time.
fn hash_folder(folder: &Path, contents: bool, k: &mut Keyer) {
    folder.hash(k);
    for entry in walkdir::WalkDir::new(folder)
        .sort_by_file_name()
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
    {
        entry.path().hash(k);
        if contents {
            std::fs::read(entry.path()).ok().hash(k);
        } else if let Ok(meta) = entry.metadata() {
            meta.len().hash(k);
            meta.modified().ok().hash(k);
        }
    }
}

fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each page's verification key, by the end of its source path, for
    /// the site folder `root` as it is now (its definitions are read as
    /// the load step would hand them over, without registering them).
    fn keys(root: &Path) -> BTreeMap<String, String> {
        let mut loaded = crate::content::load(root);
        for entry in std::fs::read_dir(root.join("variants")).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            loaded.sources.insert(path, std::sync::Arc::from(text));
        }
        let mut cache = BuildCache::in_memory();
        cache.read_definitions(root, &loaded.sources);
        (loaded.pages.iter())
            .map(|lp| {
                let name = lp.page.source.strip_prefix(root).unwrap();
                (name.display().to_string(), cache.make_verify_key(lp, true))
            })
            .collect()
    }

    /// A page's key follows its own text and the definitions of the
    /// variants it names (its own, each diagram's), and no other.
    #[test]
    fn a_verification_key_depends_on_the_page_and_its_variants_definitions() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let write = |path: &str, text: &str| {
            let file = root.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, text).unwrap();
        };
        write("variants/Cachealfa.yaml", "board: 8x8 # one\n");
        write("variants/Cachebravo.yaml", "board: 8x8 # one\n");
        write("rules/Cachealfa/en.md", "# Alfa\n\nText.\n");
        write(
            "rules/Chess/en.md",
            "# Chess\n\n```diagram\nvariant: Cachebravo\nfen: 4k3/8/8/8/8/8/8/4K3\n```\n",
        );
        write("rules/Orda/en.md", "# Orda\n\nText.\n");
        let (alfa, chess, orda) = (
            "rules/Cachealfa/en.md",
            "rules/Chess/en.md",
            "rules/Orda/en.md",
        );
        let first = keys(root);
        assert_eq!(first.len(), 3, "{first:?}");
        assert_eq!(keys(root), first, "the same site, the same keys");

        write("variants/Cachebravo.yaml", "board: 8x8 # two\n");
        let second = keys(root);
        assert_eq!(second[alfa], first[alfa]);
        assert_ne!(second[chess], first[chess], "its diagram's variant");
        assert_eq!(second[orda], first[orda]);

        write("variants/Cachealfa.yaml", "board: 8x8 # two\n");
        let third = keys(root);
        assert_ne!(third[alfa], second[alfa], "its own variant");
        assert_eq!(third[chess], second[chess]);

        write("rules/Orda/en.md", "# Orda\n\nOther text.\n");
        let fourth = keys(root);
        assert_ne!(fourth[orda], third[orda], "its text");
        assert_eq!(fourth[alfa], third[alfa]);

        // A definition of chess reaches the pages that name no variant.
        write("pages/about/en.md", "About.\n");
        let before = keys(root);
        write("variants/Chess.yaml", "board: 8x8\n");
        let after = keys(root);
        assert_ne!(after["pages/about/en.md"], before["pages/about/en.md"]);
        assert_eq!(after[orda], before[orda]);
    }

    /// A finding read back from the cache is the finding kept: code
    /// (interned again), span, variant, hint.
    #[test]
    fn a_stored_finding_reads_back_the_same() {
        let d = Diagnostic::new(
            Severity::Warning,
            "fen-malformed",
            PathBuf::from("rules/X/en.md"),
            7,
            3,
            "the board is malformed".to_string(),
        )
        .with_span(5)
        .with_variant("X")
        .with_hint("fix it");
        let json = serde_json::to_string(&StoredDiagnostic::of(&d)).unwrap();
        let back: StoredDiagnostic = serde_json::from_str(&json).unwrap();
        let read = back.diagnostic();
        assert_eq!(read, d);
        assert_eq!(read.span, 5);
    }
}
