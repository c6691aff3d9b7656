//! Helpers shared by the Pug integration tests: finding `../shared`, listing
//! the corpus, and the "visible text" of an HTML fragment.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// `$FENPRESS_SHARED`, else `../shared` beside the workspace; `None` (and the
/// test prints "skipped") when the corpus is not there.
pub fn shared() -> Option<PathBuf> {
    // `shared/corpus/vchess` → `shared`.
    shared_dir::vchess().and_then(|c| c.parent()?.parent().map(Path::to_path_buf))
}

use crate::shared_dir;

pub fn pug_files(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let p = entry.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "pug") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

const BLOCK_TAGS: &[&str] = &[
    "p",
    "div",
    "li",
    "ul",
    "ol",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "figure",
    "figcaption",
    "table",
    "tr",
    "td",
    "th",
    "thead",
    "tbody",
    "blockquote",
    "br",
    "hr",
    "pre",
];

/// What a reader sees: `fen:...:` strings removed (vchess draws them),
/// tags and comments stripped (block tags separate words, as a browser
/// lays them out), entities decoded, ASCII whitespace collapsed. A `<` that
/// starts no tag is text, as in a browser.
pub fn visible_text(html: &str) -> String {
    let mut no_fen = String::new();
    let mut from = 0;
    for m in fenpress_pug::diagram::find_all(html) {
        no_fen.push_str(&html[from..m.start]);
        from = m.end;
    }
    no_fen.push_str(&html[from..]);
    let s = no_fen.as_str();
    let mut text = String::new();
    let mut i = 0;
    while i < s.len() {
        let rest = &s[i..];
        if let Some(after) = rest.strip_prefix("<!--") {
            i += 4 + after.find("-->").map_or(after.len(), |e| e + 3);
            continue;
        }
        let mut cs = rest.chars();
        let c = cs.next().unwrap_or(' ');
        if c == '<'
            && cs
                .next()
                .is_some_and(|n| n.is_ascii_alphabetic() || n == '/' || n == '!')
        {
            let end = rest.find('>').map_or(rest.len(), |e| e + 1);
            let name: String = rest[1..end]
                .trim_start_matches('/')
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect::<String>()
                .to_ascii_lowercase();
            if BLOCK_TAGS.contains(&name.as_str()) {
                text.push(' ');
            }
            i += end;
            continue;
        }
        text.push(c);
        i += c.len_utf8();
    }
    fenpress_pug::entity::decode(&text)
        .split(|c: char| c.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Our HTML of a page through Markdown, diagrams shown as their caption only.
pub fn html_via_markdown(markdown: &str) -> String {
    fenpress::markdown::render(markdown, &mut |block| {
        let caption = block
            .yaml
            .lines()
            .find_map(|l| l.strip_prefix("caption: "))
            .and_then(|c| serde_json::from_str::<String>(c).ok())
            .map(|c| fenpress::markdown::render_inline(&c))
            .unwrap_or_default();
        format!("<figure><figcaption>{caption}</figcaption></figure>\n")
    })
}
