//! Themes: tera templates and static files from `themes/<name>/` beside the
//! content folder, or the default theme built into the binary so fenpress
//! works on any content folder (the vchess corpus has no theme).

use std::path::{Path, PathBuf};

use tera::Tera;
use walkdir::WalkDir;

use super::error::SiteError;

/// The default theme, embedded file by file. A unit test checks this list
/// against `themes/default/` so a new theme file is not forgotten.
const EMBEDDED_DEFAULT: &[(&str, &[u8])] = &[
    (
        "templates/base.html",
        include_bytes!("../../themes/default/templates/base.html"),
    ),
    (
        "templates/page.html",
        include_bytes!("../../themes/default/templates/page.html"),
    ),
    (
        "templates/rules_index.html",
        include_bytes!("../../themes/default/templates/rules_index.html"),
    ),
    (
        "templates/home.html",
        include_bytes!("../../themes/default/templates/home.html"),
    ),
    (
        "templates/root.html",
        include_bytes!("../../themes/default/templates/root.html"),
    ),
    (
        "templates/404.html",
        include_bytes!("../../themes/default/templates/404.html"),
    ),
    (
        "static/fenpress.css",
        include_bytes!("../../themes/default/static/fenpress.css"),
    ),
    (
        "static/theme.js",
        include_bytes!("../../themes/default/static/theme.js"),
    ),
    (
        "static/explore.js",
        include_bytes!("../../themes/default/static/explore.js"),
    ),
    // Puzzles (owned by `puzzle`).
    (
        "templates/puzzle.html",
        include_bytes!("../../themes/default/templates/puzzle.html"),
    ),
    (
        "templates/puzzle_index.html",
        include_bytes!("../../themes/default/templates/puzzle_index.html"),
    ),
    (
        "static/puzzle.js",
        include_bytes!("../../themes/default/static/puzzle.js"),
    ),
    (
        "static/puzzle-index.js",
        include_bytes!("../../themes/default/static/puzzle-index.js"),
    ),
    (
        "static/puzzle.css",
        include_bytes!("../../themes/default/static/puzzle.css"),
    ),
    // Search (src/search): the search page body, the box, their script and style.
    (
        "templates/search.html",
        include_bytes!("../../themes/default/templates/search.html"),
    ),
    (
        "templates/search_page.html",
        include_bytes!("../../themes/default/templates/search_page.html"),
    ),
    (
        "templates/search-box.html",
        include_bytes!("../../themes/default/templates/search-box.html"),
    ),
    (
        "static/search.js",
        include_bytes!("../../themes/default/static/search.js"),
    ),
    (
        "static/search.css",
        include_bytes!("../../themes/default/static/search.css"),
    ),
];

pub struct Theme {
    pub tera: Tera,
    /// Files under `static/`, as (path below `static/`, bytes), sorted.
    pub static_files: Vec<(String, Vec<u8>)>,
    /// The theme folder on disk, or `None` for the embedded default.
    pub folder: Option<PathBuf>,
}

/// Find the theme `name` for the content folder `content`: on disk in
/// `<content>/../themes/<name>/`, else (for `default`) the embedded copy.
pub fn load_theme(content: &Path, name: &str) -> Result<Theme, SiteError> {
    let folder = theme_folder(content, name);
    if folder.join("templates").is_dir() {
        return from_folder(&folder);
    }
    if name == "default" {
        let files = EMBEDDED_DEFAULT
            .iter()
            .map(|(p, b)| (p.to_string(), b.to_vec()))
            .collect();
        return from_files(files, None);
    }
    Err(SiteError::ThemeMissing {
        name: name.to_string(),
        looked_in: folder,
    })
}

/// Where the theme `name` of the content folder `content` is on disk.
fn theme_folder(content: &Path, name: &str) -> PathBuf {
    let parent = content
        .canonicalize()
        .ok()
        .and_then(|c| c.parent().map(Path::to_path_buf))
        .unwrap_or_else(|| content.join(".."));
    parent.join("themes").join(name)
}

/// The theme's files that [`load_theme`] leaves out, each a `skipped-file`
/// warning: symbolic links, FIFOs and devices, files over the cap. The
/// shared steps report them, so `check` says what `build` leaves out.
pub fn skipped_files(content: &Path, name: &str) -> Vec<crate::diagnostic::Diagnostic> {
    let folder = theme_folder(content, name);
    if !folder.join("templates").is_dir() {
        return Vec::new();
    }
    let mut skipped = Vec::new();
    for entry in WalkDir::new(&folder)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
    {
        let path = entry.path();
        if let Some(d) = crate::content::input::skipped_entry(path, entry.file_type()) {
            skipped.push(d);
        } else if entry.file_type().is_file()
            && entry
                .metadata()
                .is_ok_and(|m| m.len() > MAX_THEME_FILE_BYTES)
        {
            skipped.push(crate::content::input::skipped_file(
                path,
                format!(
                    "`{}` is larger than a theme file may be ({} MiB): it is left out of the site",
                    path.display(),
                    MAX_THEME_FILE_BYTES >> 20
                ),
            ));
        }
    }
    skipped
}

/// The cap of one theme file (its fonts and images).
const MAX_THEME_FILE_BYTES: u64 = 64 << 20;

fn from_folder(folder: &Path) -> Result<Theme, SiteError> {
    let mut files = Vec::new();
    for entry in WalkDir::new(folder).sort_by_file_name() {
        let entry = entry.map_err(|e| SiteError::Read {
            path: e
                .path()
                .map(Path::to_path_buf)
                .unwrap_or_else(|| folder.to_path_buf()),
            source: e
                .into_io_error()
                .unwrap_or_else(|| std::io::Error::other("file system loop")),
        })?;
        if !entry.file_type().is_file() {
            continue;
        }
        let Ok(rel) = entry.path().strip_prefix(folder) else {
            continue;
        };
        let rel = rel.to_string_lossy().replace('\\', "/");
        // A regular file of at most the cap (a theme's fonts and images);
        // a bigger one is left out, reported by `skipped_files`.
        let bytes = match crate::content::input::read_bytes(entry.path(), MAX_THEME_FILE_BYTES) {
            Ok(bytes) => bytes,
            Err(crate::content::input::InputError::TooLarge { .. }) => continue,
            Err(e) => {
                return Err(SiteError::Read {
                    path: entry.path().to_path_buf(),
                    source: std::io::Error::other(e.to_string()),
                })
            }
        };
        files.push((rel, bytes));
    }
    from_files(files, Some(folder.to_path_buf()))
}

fn from_files(files: Vec<(String, Vec<u8>)>, folder: Option<PathBuf>) -> Result<Theme, SiteError> {
    let mut templates = Vec::new();
    let mut static_files = Vec::new();
    for (path, bytes) in files {
        if let Some(name) = path.strip_prefix("templates/") {
            let text = String::from_utf8(bytes).map_err(|_| SiteError::Template {
                name: name.to_string(),
                message: "not UTF-8 text".into(),
            })?;
            templates.push((name.to_string(), text));
        } else if let Some(rest) = path.strip_prefix("static/") {
            static_files.push((rest.to_string(), bytes));
        }
    }
    let mut tera = Tera::default();
    // Tera's default also escapes `/`, which turns every URL into `&#x2F;`
    // soup; quotes, `<`, `>` and `&` are what HTML needs escaped.
    tera.set_escape_fn(crate::diagram::svg::escape);
    tera.add_raw_templates(templates.iter().map(|(n, t)| (n.as_str(), t.as_str())))
        .map_err(|e| SiteError::Template {
            name: "(theme)".into(),
            message: error_chain(&e),
        })?;
    static_files.sort();
    Ok(Theme {
        tera,
        static_files,
        folder,
    })
}

/// A tera error with its causes on one line (tera hides the useful part in
/// `source()`).
pub fn error_chain(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_default_lists_every_theme_file() {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/default");
        let mut on_disk: Vec<String> = WalkDir::new(&folder)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            // The piece set is embedded by `diagram::pieces` (build.rs).
            .filter(|e| !e.path().starts_with(folder.join("pieces")))
            .map(|e| {
                e.path()
                    .strip_prefix(&folder)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/")
            })
            .collect();
        on_disk.sort();
        let mut embedded: Vec<String> = EMBEDDED_DEFAULT
            .iter()
            .map(|(p, _)| p.to_string())
            .collect();
        embedded.sort();
        assert_eq!(on_disk, embedded);
    }

    /// A template that picks words by `lang == "fr"` keeps them out of
    /// `strings.rs`, where a language's words and its English fallback are.
    #[test]
    fn default_templates_take_their_words_from_strings() {
        for (path, bytes) in EMBEDDED_DEFAULT {
            let Some(name) = path.strip_prefix("templates/") else {
                continue;
            };
            let text = std::str::from_utf8(bytes).unwrap();
            let compact: String = text.split_whitespace().collect();
            assert!(
                !compact.contains("lang==\"") && !compact.contains("lang!=\""),
                "{name} chooses words by language: put them in src/site/strings.rs"
            );
        }
    }

    #[test]
    fn content_without_theme_uses_the_embedded_one() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("content")).unwrap();
        let theme = load_theme(&dir.path().join("content"), "default").unwrap();
        assert!(theme.folder.is_none());
        assert!(theme.tera.get_template_names().any(|n| n == "page.html"));
        assert!(matches!(
            load_theme(&dir.path().join("content"), "fancy"),
            Err(SiteError::ThemeMissing { .. })
        ));
    }
}
