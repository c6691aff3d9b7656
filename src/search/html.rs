//! What of a page's rendered content goes into the index: the text and its
//! headings, not the diagrams' SVG markup nor scripts (a puzzle's data).

/// Elements dropped whole, content included.
const DROPPED: &[&str] = &["svg", "script", "style", "template"];

/// The most bytes of one page's HTML handed to the index: Pagefind holds
/// about 95 times what it is given while it indexes a bundle (five pages
/// of 4 MB peaked at 1.9 GB), so the text of a page past this is left out
/// of the search (never out of the page). Far above a rules page's text.
pub const MAX_INDEXED_BYTES: usize = 256 << 10;

/// `html` without its `<svg>`, `<script>`, `<style>` and `<template>`
/// elements (nested ones included), cut to [`MAX_INDEXED_BYTES`] before
/// a tag. Everything else is kept as written: headings keep their `id`s,
/// figure captions their text.
pub fn indexable_html(html: &str) -> String {
    let mut out = without_dropped(html);
    if out.len() > MAX_INDEXED_BYTES {
        let mut cut = MAX_INDEXED_BYTES;
        while !out.is_char_boundary(cut) {
            cut -= 1;
        }
        // Before the last tag that starts below the cap, so no tag is cut.
        if let Some(lt) = out[..cut].rfind('<') {
            cut = lt;
        }
        out.truncate(cut);
    }
    out
}

fn without_dropped(html: &str) -> String {
    let bytes = html.as_bytes();
    let mut out = String::with_capacity(html.len());
    let mut kept_from = 0;
    let mut i = 0;
    while let Some(offset) = html[i..].find('<') {
        let start = i + offset;
        let Some(tag) = DROPPED.iter().find(|t| opens(bytes, start, t)) else {
            i = start + 1;
            continue;
        };
        out.push_str(&html[kept_from..start]);
        let end = element_end(html, start, tag);
        kept_from = end;
        i = end;
    }
    out.push_str(&html[kept_from..]);
    out
}

/// Whether an opening tag `<name` (followed by `>`, `/` or a space) is at `at`.
fn opens(bytes: &[u8], at: usize, name: &str) -> bool {
    let after = at + 1 + name.len();
    bytes.len() > after
        && bytes[at + 1..after].eq_ignore_ascii_case(name.as_bytes())
        && matches!(bytes[after], b'>' | b'/' | b' ' | b'\t' | b'\n' | b'\r')
}

/// Where the element opened at `start` ends (after its closing tag, nested
/// elements of the same name counted); the end of `html` if never closed.
fn element_end(html: &str, start: usize, name: &str) -> usize {
    let bytes = html.as_bytes();
    // `<svg ... />`: self-closed.
    let open_end = html[start..]
        .find('>')
        .map_or(html.len(), |o| start + o + 1);
    if html[start..open_end].ends_with("/>") {
        return open_end;
    }
    let mut depth = 1;
    let mut i = open_end;
    while let Some(offset) = html[i..].find('<') {
        let at = i + offset;
        if opens(bytes, at, name) {
            let end = html[at..].find('>').map_or(html.len(), |o| at + o + 1);
            if !html[at..end].ends_with("/>") {
                depth += 1;
            }
            i = end;
        } else if bytes.get(at + 1) == Some(&b'/') && opens_close(bytes, at, name) {
            depth -= 1;
            let end = html[at..].find('>').map_or(html.len(), |o| at + o + 1);
            if depth == 0 {
                return end;
            }
            i = end;
        } else {
            i = at + 1;
        }
    }
    html.len()
}

/// Whether `</name` followed by `>` or a space is at `at`.
fn opens_close(bytes: &[u8], at: usize, name: &str) -> bool {
    let after = at + 2 + name.len();
    bytes.len() >= after
        && bytes[at + 2..after].eq_ignore_ascii_case(name.as_bytes())
        && matches!(
            bytes.get(after),
            None | Some(b'>' | b' ' | b'\t' | b'\n' | b'\r')
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_svg_and_scripts_keeps_text_and_ids() {
        let html = "<svg hidden><symbol id=\"p\"><path d=\"M0\"/></symbol></svg>\
            <h2 id=\"moves\">Moves</h2><figure><SVG viewBox=\"0 0 8 8\"><title>Board</title>\
            <svg><rect/></svg><use href=\"#p\"/></SVG><figcaption>The kheshig</figcaption></figure>\
            <p>Text <svgx>kept</svgx></p><script type=\"application/json\">{\"fen\":1}</script>\
            <style>p{}</style><svg/><p>end</p>";
        assert_eq!(
            indexable_html(html),
            "<h2 id=\"moves\">Moves</h2><figure><figcaption>The kheshig</figcaption></figure>\
             <p>Text <svgx>kept</svgx></p><p>end</p>"
        );
    }

    #[test]
    fn unclosed_element_drops_the_rest() {
        assert_eq!(indexable_html("<p>a</p><script>x"), "<p>a</p>");
        assert_eq!(indexable_html("a < b"), "a < b");
    }

    /// Issue 41: what one page gives the index is bounded, whatever the
    /// page's size, and cut before a tag.
    #[test]
    fn a_page_gives_the_index_at_most_the_cap() {
        let page = "<p>Ein Bauer zieht.</p>".repeat(200_000);
        let indexed = indexable_html(&page);
        assert!(indexed.len() <= MAX_INDEXED_BYTES, "{}", indexed.len());
        assert!(indexed.len() > MAX_INDEXED_BYTES - 32);
        assert!(
            indexed.ends_with("</p>"),
            "{}",
            &indexed[indexed.len() - 20..]
        );
        let small = "<p>é</p>".repeat(10);
        assert_eq!(indexable_html(&small), small);
    }
}
