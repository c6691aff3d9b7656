//! Links a page writes (`a(href="...")` in Pug, `[text](url)` and
//! `<a href="...">` in Markdown) and the ids it offers to links, found in
//! the source text at load so that `check` can report a broken one at its
//! own file:line:col without reading the file again.

use std::sync::LazyLock;

use memchr::memmem::Finder;

use crate::model::{LinkRef, Loc, SourceFormat};

/// The patterns the scans look for in every line, each searcher built once.
static HREF: LazyLock<[(char, Finder<'static>); 2]> =
    LazyLock::new(|| [('"', Finder::new("href=\"")), ('\'', Finder::new("href='"))]);
static LINK_TARGET: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new("]("));
static ID_KEYS: LazyLock<[(usize, char, Finder<'static>); 4]> = LazyLock::new(|| {
    ["id=\"", "id='", "name=\"", "name='"].map(|key| {
        let quote = if key.ends_with('"') { '"' } else { '\'' };
        (key.len(), quote, Finder::new(key))
    })
});

/// Every link of a source, in order (images excluded: see `images.rs`).
/// Lines inside fenced code blocks of a Markdown source are not read.
pub fn find_links(text: &str, format: &SourceFormat) -> Vec<LinkRef> {
    let mut links = Vec::new();
    let mut in_fence = false;
    // A needle the whole text lacks is not looked for line by line.
    let href_in_text = HREF
        .each_ref()
        .map(|(_, f)| f.find(text.as_bytes()).is_some());
    let target_in_text = LINK_TARGET.find(text.as_bytes()).is_some();
    for (i, line) in text.lines().enumerate() {
        if *format == SourceFormat::Markdown {
            let t = line.trim_start();
            if t.starts_with("```") || t.starts_with("~~~") {
                in_fence = !in_fence;
                continue;
            }
            if in_fence {
                continue;
            }
        }
        let mut push = |byte: usize, url: &str| {
            links.push(LinkRef {
                url: url.to_string(),
                at: Loc {
                    line: i + 1,
                    column: line[..byte].chars().count() + 1,
                },
            });
        };
        for ((quote, finder), _) in HREF.iter().zip(href_in_text).filter(|(_, found)| *found) {
            for at in finder.find_iter(line.as_bytes()) {
                // `<link href>` and SVG `<use href>` are no reader's links
                // but an SVG `href="#id"` is still checked against the ids.
                let start = at + "href=\"".len();
                let quote = *quote;
                if let Some(len) = line[start..].find(quote) {
                    push(start, &line[start..start + len]);
                }
            }
        }
        let targets = target_in_text.then(|| LINK_TARGET.find_iter(line.as_bytes()));
        for at in targets.into_iter().flatten() {
            if is_image(&line[..at]) {
                continue;
            }
            let start = at + 2;
            let len = line[start..].find([')', ' ']).unwrap_or(line.len() - start);
            let url = &line[start..start + len];
            let (url, start) = match url.strip_prefix('<') {
                Some(inner) => (inner.trim_end_matches('>'), start + 1),
                None => (url, start),
            };
            push(start, url);
        }
    }
    links
}

/// Whether the `[` that opens the link text ending at `before`'s end is
/// an image's `![`.
fn is_image(before: &str) -> bool {
    let mut depth = 0usize;
    for (i, c) in before.char_indices().rev() {
        match c {
            ']' => depth += 1,
            '[' if depth == 0 => return before[..i].ends_with('!'),
            '[' => depth -= 1,
            _ => {}
        }
    }
    false
}

/// The ids written in a source: `id="x"`, `name="x"` (HTML, Pug, SVG) and
/// Pug's `tag#x` shorthand. Headings' ids come from the Markdown (see
/// `markdown::heading_ids`).
pub fn source_ids(text: &str, format: &SourceFormat) -> Vec<String> {
    let mut ids = Vec::new();
    // A key the whole text lacks is not looked for line by line.
    let keys_in_text = ID_KEYS
        .each_ref()
        .map(|(_, _, f)| f.find(text.as_bytes()).is_some());
    for line in text.lines() {
        let keys = ID_KEYS.iter().zip(keys_in_text);
        for ((key_len, quote, finder), _) in keys.filter(|(_, found)| *found) {
            let quote = *quote;
            for at in finder.find_iter(line.as_bytes()) {
                // `data-id=` or `grid=` are other attributes.
                let prev = line[..at].chars().last();
                if prev.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_') {
                    continue;
                }
                let start = at + key_len;
                if let Some(len) = line[start..].find(quote) {
                    ids.push(line[start..start + len].to_string());
                }
            }
        }
        if *format == SourceFormat::Pug {
            let t = line.trim_start();
            let tag_end = t
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '_'))
                .unwrap_or(t.len());
            if let Some(rest) = t[tag_end..].strip_prefix('#') {
                let id: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                    .collect();
                if !id.is_empty() {
                    ids.push(id);
                }
            }
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_pug_html_and_markdown_links_not_images() {
        let text = "p\n  a(href=\"/#/variants/Orda\") Orda\nSee [the rules](../Chess/#moves \"t\") and ![x](a.png) or [![i](b.png)](c/)\n```\n[no](code)\n```\n";
        let links = find_links(text, &SourceFormat::Markdown);
        let found: Vec<(&str, usize, usize)> = links
            .iter()
            .map(|l| (l.url.as_str(), l.at.line, l.at.column))
            .collect();
        assert_eq!(
            found,
            [
                ("/#/variants/Orda", 2, 11),
                ("../Chess/#moves", 3, 17),
                ("c/", 3, 71)
            ]
        );
    }

    #[test]
    fn ids_from_attributes_and_pug_shorthand() {
        let text = "div#board\nh3#rules.x Rules\np(id=\"a\" data-id=\"no\")\n<stop id='g'/>\n";
        assert_eq!(
            source_ids(text, &SourceFormat::Pug),
            ["board", "rules", "a", "g"]
        );
    }
}
