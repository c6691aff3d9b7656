//! The vchess corpus for the search tests: where it is, and — until the site
//! build lands — a rough reading of its Pug sources into search pages (text
//! and headings only), enough to measure the index and the downloads of a
//! query on the real amount of text.

use std::fs;
use std::path::{Path, PathBuf};

use fenpress::search::{PageKind, SearchPage};

/// `$FENPRESS_SHARED/corpus/vchess`, or `../shared/corpus/vchess` beside the
/// workspace.
pub fn vchess() -> Option<PathBuf> {
    shared_dir::vchess()
}

use crate::shared_dir;

/// Every `rules/<Variant>/<lang>.pug` and `pages/<name>/<lang>.pug`.
pub fn pages_from_pug_sources(corpus: &Path) -> Vec<SearchPage> {
    let mut pages = Vec::new();
    for (folder, kind) in [("rules", PageKind::Rules), ("pages", PageKind::Page)] {
        let Ok(entries) = fs::read_dir(corpus.join(folder)) else {
            continue;
        };
        let mut names: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        names.sort();
        for dir in names {
            let name = dir
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            for lang in ["en", "es", "fr"] {
                let Ok(source) = fs::read_to_string(dir.join(format!("{lang}.pug"))) else {
                    continue;
                };
                pages.push(SearchPage {
                    url: format!("/{lang}/{folder}/{name}/"),
                    lang: lang.into(),
                    title: name.clone(),
                    variant: (kind == PageKind::Rules).then(|| name.clone()),
                    kind,
                    terms: Vec::new(),
                    html: rough_html(&source),
                });
            }
        }
    }
    pages
}

/// Pug lines to paragraphs and headings: the text of `| text` lines and of
/// `tag(attrs) text` lines, diagrams (`fen:...:`) and attributes dropped.
fn rough_html(source: &str) -> String {
    let mut html = String::new();
    for line in source.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let (tag, text) = match line.strip_prefix('|') {
            Some(text) => ("p", text.trim()),
            None => {
                let end = line.find([' ', '(']).unwrap_or(line.len());
                let tag = line[..end].split(['.', '#']).next().unwrap_or("");
                let mut rest = &line[end..];
                if rest.starts_with('(') {
                    rest = rest.find(')').map(|i| &rest[i + 1..]).unwrap_or("");
                }
                (tag, rest.trim())
            }
        };
        let text = strip_diagrams(text);
        let text = text.trim();
        if text.is_empty() || matches!(tag, "img" | "script" | "style" | "include") {
            continue;
        }
        let text = fenpress_escape(text);
        match tag {
            "h2" | "h3" | "h4" => {
                let id: String = text
                    .to_lowercase()
                    .chars()
                    .map(|c| if c.is_alphanumeric() { c } else { '-' })
                    .collect();
                html.push_str(&format!("<h3 id=\"{id}\">{text}</h3>\n"));
            }
            _ => html.push_str(&format!("<p>{text}</p>\n")),
        }
    }
    html
}

fn strip_diagrams(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("fen:") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 4..];
        rest = after.find(':').map(|i| &after[i + 1..]).unwrap_or("");
    }
    out.push_str(rest);
    out
}

fn fenpress_escape(text: &str) -> String {
    text.replace('<', "&lt;").replace('>', "&gt;")
}
