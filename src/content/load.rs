//! Load step: walk the content tree, read every page source once, convert
//! Pug to Markdown in memory, read front matter and the diagram records.
//! Problems in one file become diagnostics and never stop the other files
//! from loading.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fenpress_rules::registry::Registry;
use rayon::prelude::*;
use serde::Deserialize;
use walkdir::WalkDir;

use super::images::find_images;
use super::records::{pug_records, records};
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{DiagramRecord, LoadedPage, Page, PageKind, SourceFormat};

/// The pages that loaded, sorted by (kind, name, slug, lang), every finding
/// made while loading, and the text of every file read (those that did not
/// load included), for the printers' source lines; and the variants the
/// site sees, its own definitions among them (only the built-in ones after
/// [`load_files`], which reads pages only).
#[derive(Debug, Default)]
pub struct Loaded {
    pub pages: Vec<LoadedPage>,
    pub diagnostics: Vec<Diagnostic>,
    pub sources: BTreeMap<PathBuf, Arc<str>>,
    pub registry: Registry,
}

/// What loading one file gave: the page (if it loaded), its findings, its
/// text (if it could be read).
type FileLoad = (Option<LoadedPage>, Vec<Diagnostic>, Option<Arc<str>>);

/// One source file the layout recognises, before reading.
struct SourceFile {
    kind: PageKind,
    name: String,
    slug: String,
    lang: Option<String>,
    path: PathBuf,
    format: SourceFormat,
}

#[derive(Deserialize, Default)]
struct FrontMatter {
    title: Option<String>,
    variant: Option<String>,
    lang: Option<String>,
}

/// Load every page of the content folder `root`. Puzzles that name no
/// language get an empty `lang`, for the build to fill in from the config.
pub fn load(root: &Path) -> Loaded {
    let (files, mut diagnostics) = walk(root, Folders::All);
    let mut sources = BTreeMap::new();
    // Definitions first: the pages' diagrams are checked with them.
    let registry = load_variants(root, &mut diagnostics, &mut sources);
    let results: Vec<FileLoad> = files.par_iter().map(load_file).collect();
    let mut pages = Vec::new();
    for ((page, diags, text), file) in results.into_iter().zip(&files) {
        pages.extend(page);
        diagnostics.extend(diags);
        if let Some(text) = text {
            sources.insert(file.path.clone(), text);
        }
    }
    pages.sort_by(|a, b| {
        (a.page.key(), &a.page.lang, &a.page.source).cmp(&(
            b.page.key(),
            &b.page.lang,
            &b.page.source,
        ))
    });
    // `en.pug` beside `en.md`: two sources for one page.
    pages.dedup_by(|later, kept| {
        let same = later.page.key() == kept.page.key() && later.page.lang == kept.page.lang;
        if same {
            diagnostics.push(Diagnostic::new(
                Severity::Error,
                "duplicate-page",
                later.page.source.clone(),
                1,
                1,
                format!(
                    "a second source for the page of {}",
                    kept.page.source.display()
                ),
            ));
        }
        same
    });
    Loaded {
        pages,
        diagnostics,
        sources,
        registry,
    }
}

/// Load only the page sources among `paths` (incremental rebuilds, see
/// `incremental.rs`); paths that are not page sources are left out.
/// Puzzles that name no language get `default_lang`.
pub fn load_files(root: &Path, paths: &[PathBuf], default_lang: &str) -> Loaded {
    // Only the folders of `paths` are read: at 10x the corpus, reading all
    // 1,730 rules folders was a third of an edit's rebuild.
    let (files, _) = walk(root, Folders::Of(paths));
    let wanted: Vec<&SourceFile> = files.iter().filter(|f| paths.contains(&f.path)).collect();
    let results: Vec<FileLoad> = wanted.par_iter().map(|f| load_file(f)).collect();
    let mut loaded = Loaded::default();
    for ((page, diags, text), file) in results.into_iter().zip(&wanted) {
        loaded.pages.extend(page);
        loaded.diagnostics.extend(diags);
        if let Some(text) = text {
            loaded.sources.insert(file.path.clone(), text);
        }
    }
    for p in &mut loaded.pages {
        if p.page.lang.is_empty() {
            p.page.lang = default_lang.to_string();
        }
    }
    loaded
}

/// Reads the site's own variant definitions, `variants/<Name>.yaml`: the
/// registry the site is checked and drawn with (the built-in variants plus
/// these). A bad one is an error at its line and column, and its pages are
/// then checked as an unknown variant's.
pub fn load_variants(
    root: &Path,
    diagnostics: &mut Vec<Diagnostic>,
    sources: &mut BTreeMap<PathBuf, Arc<str>>,
) -> Registry {
    let mut registry = Registry::builtin();
    let dir = root.join("variants");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return registry;
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml" || e == "yml"))
        .collect();
    files.sort();
    for path in files {
        let text = match super::input::read_text(&path, super::input::MAX_CONFIG_BYTES) {
            Ok(t) => t,
            Err(e) => {
                diagnostics.push(Diagnostic::new(
                    Severity::Error,
                    "variant-definition",
                    path.clone(),
                    1,
                    1,
                    format!("cannot read the variant definition: {e}"),
                ));
                continue;
            }
        };
        let shown = path.display().to_string();
        if let Err(e) = registry.define(&shown, &text) {
            diagnostics.push(Diagnostic::new(
                Severity::Error,
                "variant-definition",
                path.clone(),
                e.line.max(1) as usize,
                e.col.max(1) as usize,
                format!("{}; {}", e.kind, e.kind.hint()),
            ));
        }
        sources.insert(path, Arc::from(text));
    }
    registry
}

/// Which `<V>`/`<name>` folders of a section [`walk`] reads.
#[derive(Clone, Copy)]
enum Folders<'a> {
    All,
    /// Those holding one of these files.
    Of(&'a [PathBuf]),
}

impl Folders<'_> {
    /// The files of the folders of the section folder `dir`, by name.
    fn entries(self, dir: &Path) -> Box<dyn Iterator<Item = walkdir::Result<walkdir::DirEntry>>> {
        let files = |folder: &Path| {
            WalkDir::new(folder)
                .min_depth(1)
                .max_depth(1)
                .sort_by_file_name()
        };
        match self {
            Folders::All => Box::new(
                WalkDir::new(dir)
                    .min_depth(2)
                    .max_depth(2)
                    .sort_by_file_name()
                    .into_iter(),
            ),
            Folders::Of(paths) => {
                let mut folders: Vec<PathBuf> = paths
                    .iter()
                    .filter_map(|p| p.parent())
                    .filter(|folder| folder.parent() == Some(dir))
                    .map(Path::to_path_buf)
                    .collect();
                folders.sort();
                folders.dedup();
                Box::new(folders.into_iter().flat_map(move |f| files(&f)))
            }
        }
    }
}

/// Find the page sources: `rules/<V>/<lang>.pug|md`, `pages/<name>/<lang>.pug|md`,
/// `puzzles/<V>/<slug>.md`. Other files (images, piece sets) are not pages.
fn walk(root: &Path, folders: Folders) -> (Vec<SourceFile>, Vec<Diagnostic>) {
    let mut files = Vec::new();
    let mut diagnostics = Vec::new();
    for section in ["rules", "pages", "puzzles"] {
        let dir = root.join(section);
        if !dir.is_dir() {
            continue;
        }
        let walker = folders.entries(&dir);
        for entry in walker {
            let entry = match entry {
                Ok(e) => e,
                Err(err) => {
                    let path = err
                        .path()
                        .map(Path::to_path_buf)
                        .unwrap_or_else(|| dir.clone());
                    diagnostics.push(Diagnostic::new(
                        Severity::Error,
                        "read",
                        path,
                        1,
                        1,
                        err.to_string(),
                    ));
                    continue;
                }
            };
            if !entry.file_type().is_file() {
                let is_source = matches!(
                    entry.path().extension().and_then(|s| s.to_str()),
                    Some("pug" | "md")
                );
                if is_source {
                    diagnostics
                        .extend(super::input::skipped_entry(entry.path(), entry.file_type()));
                }
                continue;
            }
            let path = entry.path().to_path_buf();
            let format = match path.extension().and_then(|s| s.to_str()) {
                Some("pug") => SourceFormat::Pug,
                Some("md") => SourceFormat::Markdown,
                _ => continue,
            };
            // A page's folder and file name make its URL: a name that is
            // not UTF-8 cannot be written in one (it was skipped unsaid).
            let (Some(stem), Some(name)) = (
                path.file_stem()
                    .and_then(|s| s.to_str())
                    .map(str::to_string),
                path.parent()
                    .and_then(Path::file_name)
                    .and_then(|s| s.to_str())
                    .map(str::to_string),
            ) else {
                diagnostics.push(
                    Diagnostic::new(
                        Severity::Error,
                        "bad-name",
                        &path,
                        1,
                        1,
                        "this file's name or folder is not UTF-8 text: it cannot be written in a URL",
                    )
                    .with_hint("rename it with letters, digits, `-` and `_`"),
                );
                continue;
            };
            let stem = stem.as_str();
            // Both name output folders and files: `...md` was a puzzle
            // slug `..` that replaced the puzzle index.
            let slug_part = (section == "puzzles").then_some(stem);
            if let Some(why) = [Some(name.as_str()), slug_part]
                .into_iter()
                .flatten()
                .find_map(unsafe_name)
            {
                diagnostics.push(
                    Diagnostic::new(
                        Severity::Error,
                        "bad-name",
                        &path,
                        1,
                        1,
                        format!("this file's name or folder cannot name a page: {why}"),
                    )
                    .with_hint("rename it with letters, digits, `-` and `_`"),
                );
                continue;
            }
            let file = match section {
                "puzzles" if format == SourceFormat::Markdown => SourceFile {
                    kind: PageKind::Puzzle,
                    name,
                    slug: stem.to_string(),
                    lang: None,
                    path,
                    format,
                },
                "puzzles" => continue,
                _ if is_language(stem) => SourceFile {
                    kind: if section == "rules" {
                        PageKind::Rules
                    } else {
                        PageKind::Page
                    },
                    name,
                    slug: String::new(),
                    lang: Some(stem.to_string()),
                    path,
                    format,
                },
                _ => {
                    diagnostics.push(Diagnostic::new(
                        Severity::Warning,
                        "not-a-page",
                        path,
                        1,
                        1,
                        format!("`{stem}` is not a language code: a page is `{section}/<name>/<lang>.pug|md`"),
                    ));
                    continue;
                }
            };
            files.push(file);
        }
    }
    diagnostics.extend(case_collisions(&mut files));
    (files, diagnostics)
}

/// Pages whose output folders differ only in case (`rules/Foo` and
/// `rules/foo`): one folder on macOS and Windows, where one would replace
/// the other. The first in path order is kept; each other is an error.
fn case_collisions(files: &mut Vec<SourceFile>) -> Vec<Diagnostic> {
    type Key = (PageKind, String, String, Option<String>);
    // The first file of each key, with its exact name and slug.
    let mut seen: std::collections::HashMap<Key, (PathBuf, String, String)> =
        std::collections::HashMap::new();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    let mut found = Vec::new();
    files.retain(|f| {
        let key = (
            f.kind,
            f.name.to_lowercase(),
            f.slug.to_lowercase(),
            f.lang.clone(),
        );
        match seen.get(&key) {
            Some((first, name, slug)) if *name != f.name || *slug != f.slug => {
                found.push(
                    Diagnostic::new(
                        Severity::Error,
                        "bad-name",
                        &f.path,
                        1,
                        1,
                        format!(
                            "this page's folder or name differs only in case from `{}`: they are one folder on macOS and Windows",
                            first.display()
                        ),
                    )
                    .with_hint("rename one of them"),
                );
                false
            }
            Some(_) => true,
            None => {
                seen.insert(key, (f.path.clone(), f.name.clone(), f.slug.clone()));
                true
            }
        }
    });
    found
}

/// Why `name` (a variant, page or puzzle name, each an output folder or
/// file) cannot be one: it could leave its folder (`..`, separators), hide
/// (a leading dot), or be refused by some file systems (Windows device
/// names, reserved characters, control characters).
pub fn unsafe_name(name: &str) -> Option<String> {
    if name.is_empty() {
        return Some("it is empty".into());
    }
    if name.starts_with('.') {
        return Some(format!("`{name}` starts with a dot"));
    }
    if let Some(c) = name.chars().find(|&c| {
        c.is_control()
            || is_invisible(c)
            || c.is_whitespace()
            || matches!(
                c,
                '/' | '\\' | '<' | '>' | ':' | '"' | '|' | '?' | '*' | '#' | '%'
            )
    }) {
        return Some(format!(
            "`{}` holds the character {c:?}",
            name.escape_debug()
        ));
    }
    let base = name
        .split('.')
        .next()
        .unwrap_or(name)
        .trim_end()
        .to_ascii_uppercase();
    let device = matches!(base.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || (base.len() == 4
            && (base.starts_with("COM") || base.starts_with("LPT"))
            && base.as_bytes()[3].is_ascii_digit());
    if device {
        return Some(format!("`{name}` is a device name on Windows"));
    }
    if name.ends_with(['.', ' ']) {
        return Some(format!("`{name}` ends with a dot or a space"));
    }
    None
}

/// Zero-width and direction-changing characters: a name holding one reads
/// as another name (`Chess` with a right-to-left override).
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
}

/// `en`, `fr`, `pt-BR`: two or three lowercase letters, an optional region.
pub(crate) fn is_language(stem: &str) -> bool {
    let (lang, region) = stem.split_once('-').unwrap_or((stem, "AA"));
    (2..=3).contains(&lang.len())
        && lang.bytes().all(|b| b.is_ascii_lowercase())
        && (2..=8).contains(&region.len())
        && region.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn load_file(file: &SourceFile) -> FileLoad {
    let text: Arc<str> = match read_text(&file.path) {
        Ok(t) => t.into(),
        Err(d) => return (None, vec![*d], None),
    };
    let (page, diagnostics) = read_page(file, &text);
    (page, diagnostics, Some(text))
}

/// The rules page of `variant` in `lang` whose source (at `path`, Pug or
/// Markdown by its extension) reads `text`: what loading that file yields,
/// without the file system (the fuzz targets run it on made-up pages).
pub fn read_source(
    path: &Path,
    variant: &str,
    lang: &str,
    text: &str,
) -> (Option<LoadedPage>, Vec<Diagnostic>) {
    let pug = path.extension().is_some_and(|e| e == "pug");
    let file = SourceFile {
        kind: PageKind::Rules,
        name: variant.to_string(),
        slug: String::new(),
        lang: Some(lang.to_string()),
        path: path.to_path_buf(),
        format: if pug {
            SourceFormat::Pug
        } else {
            SourceFormat::Markdown
        },
    };
    read_page(&file, &Arc::from(text))
}

/// The page of a file whose text is `text`, with its diagram records.
fn read_page(file: &SourceFile, text: &Arc<str>) -> (Option<LoadedPage>, Vec<Diagnostic>) {
    let mut diagnostics = super::safety::scan(&file.path, text, file.format == SourceFormat::Pug);
    let mut origins = Vec::new();
    let mut written = None;
    let mut page = Page {
        kind: file.kind,
        name: file.name.clone(),
        variant: matches!(file.kind, PageKind::Rules | PageKind::Puzzle).then(|| file.name.clone()),
        slug: file.slug.clone(),
        lang: file.lang.clone().unwrap_or_default(),
        source: file.path.clone(),
        format: file.format.clone(),
        title: String::new(),
        markdown: String::new(),
        line_offset: 0,
        front_matter: None,
    };
    let mut title = None;
    match file.format {
        SourceFormat::Pug => match fenpress_pug::convert(text) {
            Ok(converted) => {
                for w in &converted.warnings {
                    diagnostics.push(pug_diagnostic(&file.path, w));
                }
                page.markdown = converted.markdown;
                origins = converted.diagrams;
                written = converted.outline;
            }
            Err(errors) => {
                diagnostics.extend(errors.iter().map(|e| pug_diagnostic(&file.path, e)));
                return (None, diagnostics);
            }
        },
        SourceFormat::Markdown => {
            let (front, body, offset) = match split_front_matter(text) {
                Ok(parts) => parts,
                Err(line) => {
                    diagnostics.push(Diagnostic::new(
                        Severity::Error,
                        "front-matter",
                        &file.path,
                        line,
                        1,
                        "front matter opened with `---` is never closed by a `---` line",
                    ));
                    return (None, diagnostics);
                }
            };
            if let Some(yaml) = front {
                page.front_matter = Some(yaml.to_string());
                match serde_saphyr::from_str::<Option<FrontMatter>>(yaml) {
                    Ok(fm) => {
                        let fm = fm.unwrap_or_default();
                        title = fm.title.filter(|t| !t.trim().is_empty());
                        if let Some(v) = fm.variant.filter(|v| !v.trim().is_empty()) {
                            page.variant = Some(v);
                        }
                        if let (Some(lang), PageKind::Puzzle) = (fm.lang, file.kind) {
                            // The language names an output folder: `../../X`
                            // failed only at the search step, without the file.
                            if is_language(&lang) {
                                // `mate.fr.md` beside `mate.md`, as compose
                                // writes them: the French page of that
                                // puzzle, at its slug, not another puzzle
                                // named `mate.fr`.
                                let own = format!(".{lang}");
                                if let Some(base) = page.slug.strip_suffix(&own) {
                                    if !base.is_empty() {
                                        page.slug = base.to_string();
                                    }
                                }
                                page.lang = lang;
                            } else {
                                let line = yaml.lines().position(|l| l.starts_with("lang"));
                                diagnostics.push(Diagnostic::new(
                                    Severity::Error,
                                    "front-matter",
                                    &file.path,
                                    line.map_or(1, |i| i + 2),
                                    1,
                                    format!("`{lang}` is not a language code (two or three lowercase letters and an optional region: en, fr, pt-BR)"),
                                ));
                                return (None, diagnostics);
                            }
                        }
                    }
                    Err(e) => {
                        let (line, column) = e
                            .location()
                            .map(|l| (l.line() as usize, l.column() as usize))
                            .unwrap_or((1, 1));
                        let reason = e.to_string();
                        diagnostics.push(Diagnostic::new(
                            Severity::Error,
                            "front-matter",
                            &file.path,
                            line + 1,
                            column,
                            format!(
                                "invalid front matter: {}",
                                reason.lines().next().unwrap_or("")
                            ),
                        ));
                        return (None, diagnostics);
                    }
                }
            }
            page.markdown = body.to_string();
            page.line_offset = offset;
        }
    }
    page.title = title.unwrap_or_else(|| default_title(&page));
    let images = find_images(text);
    let links = super::links::find_links(text, &page.format);
    let (mut anchors, diagrams) = headings_and_diagrams(&page, written, &origins, text);
    anchors.extend(super::links::source_ids(text, &page.format));
    // A block that does not parse is one error, at its place, whatever
    // reads the page next (verification counts it as unreadable, the
    // renderer shows an error box).
    for d in &diagrams {
        if let Err(err) = &d.spec {
            let at = d.at.locate((err.line, err.column), 0);
            let mut diag = Diagnostic::new(
                Severity::Error,
                "diagram-spec",
                &page.source,
                at.line,
                at.column,
                err.message.clone(),
            );
            if let Some(v) = &page.variant {
                diag = diag.with_variant(v.clone());
            }
            diagnostics.push(diag);
        }
    }
    (
        Some(LoadedPage {
            page,
            text: text.clone(),
            images,
            links,
            anchors,
            diagrams,
            puzzle: None,
        }),
        diagnostics,
    )
}

/// The heading ids and the diagram records of `page`. A Pug page's writer
/// hands over its own blocks and headings (`written`); other pages, and a
/// Pug page whose Markdown the writer cannot vouch for, are parsed.
fn headings_and_diagrams(
    page: &Page,
    written: Option<fenpress_pug::WrittenOutline>,
    origins: &[fenpress_pug::DiagramOrigin],
    text: &str,
) -> (Vec<String>, Vec<DiagramRecord>) {
    match written {
        Some(written) => (
            crate::markdown::heading_ids_of_lines(&written.headings),
            pug_records(&written.diagrams, text),
        ),
        None => {
            let outline = crate::markdown::outline(&page.markdown);
            let diagrams = records(page, origins, text, outline.blocks);
            (outline.heading_ids, diagrams)
        }
    }
}

/// Front matter or, for vchess pages that have none, the variant name, or
/// the page folder capitalised.
fn default_title(page: &Page) -> String {
    match page.kind {
        PageKind::Rules => page.name.clone(),
        PageKind::Puzzle => format!("{} — {}", page.name, page.slug),
        PageKind::Page => {
            let mut chars = page.name.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        }
    }
}

/// Read a source as UTF-8; a bad byte is reported at its line and column.
/// The largest page source read, in bytes: the biggest corpus page is far
/// below it, and a larger file (a pasted dump, a hostile pull request)
/// would cost every later step time and memory in proportion.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

fn read_text(path: &Path) -> Result<String, Box<Diagnostic>> {
    // Checked before reading, so a huge file is never loaded at all.
    if let Ok(meta) = std::fs::metadata(path) {
        if meta.len() > MAX_FILE_BYTES {
            return Err(Box::new(
                Diagnostic::new(
                    Severity::Error,
                    "too-large",
                    path,
                    1,
                    1,
                    format!(
                        "the file is {} bytes, more than the limit of {} MB",
                        meta.len(),
                        MAX_FILE_BYTES / (1024 * 1024)
                    ),
                )
                .with_hint("split the page, or move data out of it"),
            ));
        }
    }
    // A regular file only, never past the cap (a file can grow or be
    // swapped for a FIFO or a link after the look above).
    let bytes = super::input::read_bytes(path, MAX_FILE_BYTES).map_err(|e| {
        Box::new(Diagnostic::new(
            Severity::Error,
            "read",
            path,
            1,
            1,
            e.to_string(),
        ))
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // Valid up to here by construction.
        let before = std::str::from_utf8(valid).unwrap_or_default();
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Box::new(Diagnostic::new(
            Severity::Error,
            "encoding",
            path,
            line,
            column,
            "the file is not UTF-8 text (save it as UTF-8)",
        ))
    })
}

/// Split `---\n<yaml>\n---\n<body>`: (yaml, body, lines before the body).
/// `Err(line)` when the front matter is never closed.
fn split_front_matter(text: &str) -> Result<(Option<&str>, &str, usize), usize> {
    let Some(rest) = text
        .strip_prefix("---\n")
        .or_else(|| text.strip_prefix("---\r\n"))
    else {
        return Ok((None, text, 0));
    };
    let mut offset = 0;
    for (i, line) in rest.split_inclusive('\n').enumerate() {
        if line.trim_end() == "---" {
            let yaml = &rest[..offset];
            let body = &rest[offset + line.len()..];
            return Ok((Some(yaml), body, i + 2));
        }
        offset += line.len();
    }
    Err(1)
}

fn pug_diagnostic(path: &Path, d: &fenpress_pug::PugDiagnostic) -> Diagnostic {
    let severity = match d.level {
        fenpress_pug::Level::Warning => Severity::Warning,
        fenpress_pug::Level::Error => Severity::Error,
    };
    let diag = Diagnostic::new(
        severity,
        d.code,
        path,
        d.pos.line.max(1),
        d.pos.column.max(1),
        d.message.clone(),
    );
    match &d.hint {
        Some(h) => diag.with_hint(h.clone()),
        None => diag,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_files_reads_only_the_pages_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for v in ["Alpha", "Beta", "Gamma"] {
            std::fs::create_dir_all(root.join("rules").join(v)).unwrap();
            std::fs::write(root.join("rules").join(v).join("en.md"), format!("# {v}\n")).unwrap();
        }
        // Beside the folders, not a page.
        std::fs::write(root.join("rules/notes.md"), "# Notes\n").unwrap();
        let names = |loaded: &Loaded| -> Vec<String> {
            loaded.pages.iter().map(|p| p.page.name.clone()).collect()
        };
        assert_eq!(names(&load(root)), ["Alpha", "Beta", "Gamma"]);
        let beta = root.join("rules/Beta/en.md");
        let loaded = load_files(root, std::slice::from_ref(&beta), "en");
        assert_eq!(names(&loaded), ["Beta"]);
        assert_eq!(loaded.pages[0].page.source, beta);
        assert!(load_files(root, &[root.join("rules/notes.md")], "en")
            .pages
            .is_empty());
    }

    #[test]
    fn a_file_over_the_size_limit_is_one_error_at_its_start() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("en.md");
        let line = "a".repeat(1023) + "\n";
        std::fs::write(&path, line.repeat(4 * 1024 + 1)).unwrap();
        let err = read_text(&path).unwrap_err();
        assert_eq!((err.code, err.line, err.column), ("too-large", 1, 1));
        assert!(err.message.contains("4 MB"), "{}", err.message);
        std::fs::write(&path, line.repeat(4 * 1024)).unwrap();
        assert!(read_text(&path).is_ok(), "exactly 4 MB is allowed");
    }

    #[test]
    fn names_that_cannot_name_a_page() {
        for bad in [
            "",
            "..",
            ".",
            ".hidden",
            "a/b",
            "a\\b",
            "CON",
            "con",
            "Nul.txt",
            "COM1",
            "lpt9",
            "a:b",
            "x?",
            "a\u{0}b",
            "Ch\u{202E}ess",
            "zero\u{200B}width",
            "dot.",
            "space ",
        ] {
            assert!(unsafe_name(bad).is_some(), "{bad:?}");
        }
        for good in [
            "Chess",
            "Chess960",
            "back-rank",
            "mate_2",
            "Échecs",
            "象棋",
            "Console",
            "COM",
        ] {
            assert_eq!(unsafe_name(good), None, "{good:?}");
        }
    }

    #[test]
    fn front_matter_splits_and_counts_lines() {
        let (fm, body, offset) = split_front_matter("---\ntitle: X\n---\nbody\n").unwrap();
        assert_eq!((fm, body, offset), (Some("title: X\n"), "body\n", 3));
        assert_eq!(split_front_matter("no\n").unwrap(), (None, "no\n", 0));
        assert_eq!(split_front_matter("---\ntitle: X\n"), Err(1));
    }

    #[test]
    fn languages_look_like_codes() {
        assert!(is_language("en") && is_language("pt-BR") && is_language("ast"));
        assert!(!is_language("README") && !is_language("notes") && !is_language("e"));
    }

    #[test]
    fn bad_utf8_is_located() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.md");
        std::fs::write(&path, b"ok\nab\xffcd\n").unwrap();
        let d = read_text(&path).unwrap_err();
        assert_eq!((d.line, d.column, d.code), (2, 3, "encoding"));
    }
}
