//! Elements nested past a depth, flattened before the sanitiser parses the
//! HTML: html5ever's tree builder walks the stack of open elements for
//! each new one (a `<p>` in button scope, the active formatting
//! elements), so 100,000 nested `<div>` took 36 s. Under the cap every
//! walk is bounded, and the whole step is linear in the page's size.
//!
//! The scan reads tags as the HTML tokenizer does (quoted attribute values,
//! comments, raw-text elements) and keeps a stack of the open elements
//! that nest: not void elements (`<br>`), not those whose end tag may be
//! left out (`<p>`, `<li>`, `<td>`: a parser closes them itself), and not
//! `<x/>` inside `<svg>` or `<math>`. A start tag that would open an
//! element past the cap is left out, and so is the end tag that closes it;
//! the text between stays. The sanitiser runs after, so what this leaves
//! is made safe like any other input.

use std::borrow::Cow;

/// Elements nested deeper than this are flattened into their parent at
/// this depth (pages written by hand nest a few dozen at most).
pub const MAX_ELEMENT_DEPTH: usize = 128;

/// `html` with start tags past `max` open elements removed, and the end
/// tags that would close them; `html` itself when nothing is that deep.
pub fn flatten_deep(html: &str, max: usize) -> Cow<'_, str> {
    let bytes = html.as_bytes();
    let mut open: Vec<String> = Vec::new();
    // Elements left out past the cap that are still open.
    let mut dropped = 0usize;
    let mut foreign = 0usize;
    let mut out: Option<String> = None;
    // Bytes of `html` copied to `out` so far (when out is Some).
    let mut copied = 0usize;
    let mut i = 0usize;
    while let Some(lt) = memchr(b'<', bytes, i) {
        let Some(tag) = read_tag(bytes, lt) else {
            i = lt + 1;
            continue;
        };
        let mut drop_it = false;
        match &tag.kind {
            Kind::Skip => {}
            Kind::Start { name, self_closing } => {
                let leaf = VOID.contains(&name.as_str())
                    || OPTIONAL_END.contains(&name.as_str())
                    || (*self_closing && foreign > 0);
                if !leaf {
                    if dropped > 0 || open.len() >= max {
                        dropped += 1;
                        drop_it = true;
                    } else {
                        if is_foreign(name) {
                            foreign += 1;
                        }
                        open.push(name.clone());
                    }
                }
            }
            Kind::End { name } => {
                if dropped > 0 && !OPTIONAL_END.contains(&name.as_str()) {
                    dropped -= 1;
                    drop_it = true;
                } else if let Some(at) = open.iter().rposition(|n| n == name) {
                    // As a parser does: the end tag closes what is open
                    // inside the element too.
                    for closed in open.drain(at..) {
                        if is_foreign(&closed) {
                            foreign -= 1;
                        }
                    }
                }
            }
        }
        if drop_it {
            let o = out.get_or_insert_with(|| String::with_capacity(html.len()));
            o.push_str(&html[copied..lt]);
            copied = tag.end;
        }
        i = tag.end;
        if let Kind::Start { name, .. } = &tag.kind {
            // Raw text: no tags inside until its end tag.
            if RAW_TEXT.contains(&name.as_str()) {
                i = raw_text_end(bytes, i, name);
            } else if name == "plaintext" {
                break;
            }
        }
    }
    match out {
        None => Cow::Borrowed(html),
        Some(mut o) => {
            o.push_str(&html[copied..]);
            Cow::Owned(o)
        }
    }
}

fn is_foreign(name: &str) -> bool {
    name == "svg" || name == "math"
}

const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta", "param",
    "source", "track", "wbr", "basefont", "bgsound", "frame",
];

const OPTIONAL_END: &[&str] = &[
    "p", "li", "dt", "dd", "option", "optgroup", "rb", "rp", "rt", "rtc", "tr", "td", "th",
    "thead", "tbody", "tfoot", "colgroup", "caption", "html", "head", "body",
];

const RAW_TEXT: &[&str] = &[
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
];

enum Kind {
    Start {
        name: String,
        self_closing: bool,
    },
    End {
        name: String,
    },
    /// A comment, a doctype, a processing instruction.
    Skip,
}

struct Tag {
    kind: Kind,
    /// The byte after the tag's `>` (or the end of the text).
    end: usize,
}

/// The tag starting at `bytes[lt] == b'<'`, or None when that `<` is text.
fn read_tag(bytes: &[u8], lt: usize) -> Option<Tag> {
    let rest = &bytes[lt + 1..];
    if rest.starts_with(b"!--") {
        let end = find(bytes, lt + 4, b"-->").map_or(bytes.len(), |at| at + 3);
        return Some(Tag {
            kind: Kind::Skip,
            end,
        });
    }
    match rest.first() {
        Some(b'!' | b'?') => {
            let end = memchr(b'>', bytes, lt + 1).map_or(bytes.len(), |at| at + 1);
            Some(Tag {
                kind: Kind::Skip,
                end,
            })
        }
        Some(b'/') if rest.get(1).is_some_and(u8::is_ascii_alphabetic) => {
            let (name, after) = tag_name(bytes, lt + 2);
            let end = memchr(b'>', bytes, after).map_or(bytes.len(), |at| at + 1);
            Some(Tag {
                kind: Kind::End { name },
                end,
            })
        }
        Some(c) if c.is_ascii_alphabetic() => {
            let (name, after) = tag_name(bytes, lt + 1);
            let (end, self_closing) = start_tag_end(bytes, after);
            Some(Tag {
                kind: Kind::Start { name, self_closing },
                end,
            })
        }
        _ => None,
    }
}

/// A tag's name, lower case, and the byte after it.
fn tag_name(bytes: &[u8], from: usize) -> (String, usize) {
    let mut end = from;
    while end < bytes.len() && !matches!(bytes[end], b'\t' | b'\n' | b'\x0c' | b' ' | b'/' | b'>') {
        end += 1;
    }
    let name = String::from_utf8_lossy(&bytes[from..end]).to_ascii_lowercase();
    (name, end)
}

/// The byte after a start tag's `>` (quoted attribute values may hold
/// `>`), and whether it ends with `/>`.
fn start_tag_end(bytes: &[u8], mut i: usize) -> (usize, bool) {
    let mut last = 0u8;
    while i < bytes.len() {
        match bytes[i] {
            b'>' => return (i + 1, last == b'/'),
            // A quote opens a value only after `=` (and spaces).
            q @ (b'"' | b'\'') if last == b'=' => {
                i = memchr(q, bytes, i + 1).unwrap_or(bytes.len());
                last = q;
            }
            b' ' | b'\t' | b'\n' | b'\x0c' if last == b'=' => {}
            c => last = c,
        }
        i += 1;
    }
    (bytes.len(), false)
}

/// The position of the raw-text element `name`'s end tag after `from`
/// (case-insensitive), or the end of the text.
fn raw_text_end(bytes: &[u8], mut from: usize, name: &str) -> usize {
    while let Some(lt) = find(bytes, from, b"</") {
        let after = lt + 2;
        let candidate = bytes.get(after..after + name.len());
        if candidate.is_some_and(|c| c.eq_ignore_ascii_case(name.as_bytes())) {
            return lt;
        }
        from = after;
    }
    bytes.len()
}

fn memchr(needle: u8, bytes: &[u8], from: usize) -> Option<usize> {
    bytes
        .get(from..)?
        .iter()
        .position(|b| *b == needle)
        .map(|at| from + at)
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    let hay = bytes.get(from..)?;
    hay.windows(needle.len())
        .position(|w| w == needle)
        .map(|at| from + at)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The deepest nesting of elements in sanitised HTML (which closes
    /// every element it opens, and writes no void element with an end tag).
    fn depth(html: &str) -> usize {
        let (mut depth, mut deepest) = (0usize, 0usize);
        let mut rest = html;
        while let Some(at) = rest.find('<') {
            rest = &rest[at + 1..];
            if rest.starts_with('/') {
                depth = depth.saturating_sub(1);
            } else if !rest.starts_with("br") && !rest.starts_with("img") && !rest.starts_with("hr")
            {
                depth += 1;
                deepest = deepest.max(depth);
            }
        }
        deepest
    }

    #[test]
    fn deep_divs_are_flattened_at_the_cap_and_their_text_kept() {
        let page = format!(
            "{}deep text{}",
            "<div>".repeat(2_000),
            "</div>".repeat(2_000)
        );
        let html = crate::markdown::render(&page, &mut |_| String::new());
        assert!(html.contains("deep text"));
        let d = depth(&html);
        assert!(d <= MAX_ELEMENT_DEPTH + 2, "nested {d} deep");
    }

    #[test]
    fn deep_lists_and_formatting_are_capped_too() {
        // A list's items are not counted (a parser closes an item when the
        // next one starts), so a list in a list nests two elements a level.
        for (page, cap) in [
            ("- ".repeat(1_000) + "x", 2 * MAX_ELEMENT_DEPTH),
            ("<b>".repeat(2_000) + "x", MAX_ELEMENT_DEPTH),
            ("<div/>".repeat(2_000) + "x", MAX_ELEMENT_DEPTH),
            // A table level is five elements once rendered: the scrolling
            // box the theme wraps each table in, `table`, `tbody`, `tr`, `td`.
            ("<table><tr><td>".repeat(1_000) + "x", 5 * MAX_ELEMENT_DEPTH),
        ] {
            let html = crate::markdown::render(&page, &mut |_| String::new());
            let d = depth(&html);
            assert!(d <= cap + 2, "nested {d} deep: {}", &page[..20]);
        }
    }

    #[test]
    fn html_under_the_cap_is_left_alone() {
        let html = "<div class=\"a>b\"><p>x<br><svg><path d=\"M0\"/><g/></svg></p><!-- <div> --><script>if (a<b) {}</script></div>";
        assert!(matches!(flatten_deep(html, 4), Cow::Borrowed(_)));
        // Many siblings, unclosed paragraphs and list items do not nest.
        let siblings = "<div></div><p>a<li>b".repeat(1_000);
        assert!(matches!(flatten_deep(&siblings, 4), Cow::Borrowed(_)));
    }

    #[test]
    fn elements_past_the_cap_and_their_end_tags_are_left_out() {
        let html = "<div><span><em>x</em></span></div><i>after</i>";
        assert_eq!(
            flatten_deep(html, 2),
            "<div><span>x</span></div><i>after</i>"
        );
    }
}
