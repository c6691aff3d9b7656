//! Markdown to HTML with pulldown-cmark; ```diagram blocks are handed to the
//! diagram step instead of being printed as code.

mod nesting;

pub use nesting::MAX_ELEMENT_DEPTH;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// A ```diagram fenced block found in a Markdown source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramBlock<'a> {
    /// The YAML inside the fence.
    pub yaml: &'a str,
    /// 1-based line of the first YAML line in the Markdown source.
    pub line: usize,
    /// Index of this block among the page's diagram blocks (0-based).
    pub index: usize,
}

/// A ```diagram block's YAML and place, owned (see [`diagram_blocks`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnedBlock {
    pub yaml: String,
    /// 1-based line of the first YAML line in the Markdown source.
    pub line: usize,
    /// Index among the page's diagram blocks, as [`render`] numbers them.
    pub index: usize,
}

/// What the content layer needs of a page's Markdown, from one parse:
/// its diagram blocks and the ids of its headings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outline {
    /// Every ```diagram block, found exactly as [`render`] finds them
    /// (same parser, same numbering).
    pub blocks: Vec<OwnedBlock>,
    /// Every heading's id, as [`render`] writes them (see
    /// [`heading_ids`]).
    pub heading_ids: Vec<String>,
}

/// The diagram blocks and heading ids of `markdown` in one pass of the
/// parser (the content layer reads each page once, and a second parse was
/// a tenth of `check`'s time).
pub fn outline(markdown: &str) -> Outline {
    let mut blocks = Vec::new();
    let mut headings: Vec<Event> = Vec::new();
    let mut in_heading = false;
    let mut lines = LineCounter::new(markdown);
    let mut diagram: Option<(usize, String)> = None;
    for (event, range) in Parser::new_ext(markdown, options()).into_offset_iter() {
        match (&mut diagram, event) {
            (None, Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))))
                if info.split_whitespace().next() == Some("diagram") =>
            {
                let fence_line = lines.line_of(range.start);
                diagram = Some((fence_line + 1, String::new()));
            }
            (Some((_, yaml)), Event::Text(text)) => yaml.push_str(&text),
            (Some(_), Event::End(TagEnd::CodeBlock)) => {
                if let Some((line, yaml)) = diagram.take() {
                    let index = blocks.len();
                    blocks.push(OwnedBlock { yaml, line, index });
                }
            }
            (None, e @ Event::Start(Tag::Heading { .. })) => {
                in_heading = true;
                headings.push(e);
            }
            (None, e @ Event::End(TagEnd::Heading(_))) => {
                in_heading = false;
                headings.push(e);
            }
            (None, e @ (Event::Text(_) | Event::Code(_))) if in_heading => headings.push(e),
            _ => {}
        }
    }
    add_heading_ids(&mut headings);
    let heading_ids = headings
        .into_iter()
        .filter_map(|e| match e {
            Event::Start(Tag::Heading { id: Some(id), .. }) => Some(id.to_string()),
            _ => None,
        })
        .collect();
    Outline {
        blocks,
        heading_ids,
    }
}

/// The ids [`render`] gives headings written as `lines` (each one ATX
/// heading line, `## Title {.class}`, in page order), without parsing the
/// page around them: what the Pug writer hands over for its headings. Each
/// line is read alone by the same parser, which reads a heading's text the
/// same wherever it stands (the writer escapes what could make a link
/// reference), and the ids are made unique over the page as [`outline`]
/// makes them.
pub fn heading_ids_of_lines(lines: &[String]) -> Vec<String> {
    let mut events: Vec<Event> = Vec::new();
    for line in lines {
        let mut in_heading = false;
        for event in Parser::new_ext(line, options()) {
            match event {
                e @ Event::Start(Tag::Heading { .. }) => {
                    in_heading = true;
                    events.push(e);
                }
                e @ Event::End(TagEnd::Heading(_)) => {
                    in_heading = false;
                    events.push(e);
                }
                e @ (Event::Text(_) | Event::Code(_)) if in_heading => events.push(e),
                _ => {}
            }
        }
    }
    add_heading_ids(&mut events);
    events
        .into_iter()
        .filter_map(|e| match e {
            Event::Start(Tag::Heading { id: Some(id), .. }) => Some(id.to_string()),
            _ => None,
        })
        .collect()
}

/// Every ```diagram block of `markdown` (see [`outline`]).
pub fn diagram_blocks(markdown: &str) -> Vec<OwnedBlock> {
    outline(markdown).blocks
}

/// The Markdown dialect of fenpress pages: CommonMark, GFM tables, and
/// `{#id .class}` heading attributes (how converted Pug keeps classes).
pub fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_HEADING_ATTRIBUTES
}

/// Render Markdown (CommonMark + GFM tables) to an HTML fragment; each
/// diagram block is replaced by what `render_diagram` returns (raw HTML).
pub fn render(markdown: &str, render_diagram: &mut dyn FnMut(&DiagramBlock) -> String) -> String {
    render_below(markdown, "/", render_diagram)
}

/// [`render`] for a site published below `base_path` (`/repo/`): a link or
/// image the author wrote from the site root (`/en/rules/`, which link
/// checking reads as a page of the site) is written below that path.
pub fn render_below(
    markdown: &str,
    base_path: &str,
    render_diagram: &mut dyn FnMut(&DiagramBlock) -> String,
) -> String {
    let mut events: Vec<Event> = Vec::new();
    // Inside a diagram block: its first line and the YAML collected so far.
    let mut diagram: Option<(usize, String)> = None;
    let mut index = 0;
    let mut diagrams: Vec<String> = Vec::new();
    let mut lines = LineCounter::new(markdown);
    let mut quote_depth = 0usize;
    for (event, range) in Parser::new_ext(markdown, options()).into_offset_iter() {
        match (&mut diagram, event) {
            (None, Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))))
                if info.split_whitespace().next() == Some("diagram") =>
            {
                let fence_line = lines.line_of(range.start);
                diagram = Some((fence_line + 1, String::new()));
            }
            (Some((_, yaml)), Event::Text(text)) => yaml.push_str(&text),
            (Some((line, yaml)), Event::End(TagEnd::CodeBlock)) => {
                let html = render_diagram(&DiagramBlock {
                    yaml,
                    line: *line,
                    index,
                });
                // Our own diagram HTML (inline SVG) skips the sanitiser: a
                // placeholder stands in for it and is swapped back after.
                diagrams.push(html);
                events.push(Event::Text(placeholder(index).into()));
                index += 1;
                diagram = None;
            }
            (Some(_), _) => {}
            // Quotes nested past a depth are flattened: the sanitiser's
            // HTML parser walks the open elements for each new one, so a
            // page of 100 KB of `>` took a minute.
            (None, Event::Start(Tag::BlockQuote(kind))) => {
                quote_depth += 1;
                if quote_depth <= MAX_QUOTE_DEPTH {
                    events.push(Event::Start(Tag::BlockQuote(kind)));
                }
            }
            (None, Event::End(TagEnd::BlockQuote(kind))) => {
                if quote_depth <= MAX_QUOTE_DEPTH {
                    events.push(Event::End(TagEnd::BlockQuote(kind)));
                }
                quote_depth = quote_depth.saturating_sub(1);
            }
            (None, event) => events.push(event),
        }
    }
    add_heading_ids(&mut events);
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    let html = rebase_root_links(&scroll_tables(&sanitise(&html)), base_path);
    swap_placeholders(&html, &diagrams)
}

/// Each table of sanitised HTML inside a box that scrolls sideways, so a
/// table wider than a phone scrolls there instead of widening the page;
/// the box takes focus, so a keyboard can scroll it too.
fn scroll_tables(html: &str) -> String {
    if !html.contains("<table") {
        return html.to_string();
    }
    let mut out = String::with_capacity(html.len() + 64);
    let mut rest = html;
    while let Some(at) = rest.find("<table") {
        let opens = matches!(rest.as_bytes().get(at + 6), Some(b'>' | b' '));
        out.push_str(&rest[..at]);
        if opens {
            out.push_str("<div class=\"fp-table\" tabindex=\"0\">");
        }
        out.push_str("<table");
        rest = &rest[at + 6..];
    }
    out.push_str(rest);
    out.replace("</table>", "</table></div>")
}

/// `href="/x"` and `src="/x"` of sanitised HTML (which quotes every
/// attribute with `"`) written as `href="<base_path>x"`; `//host` links,
/// relative ones and fragments are left alone.
pub fn rebase_root_links(html: &str, base_path: &str) -> String {
    if base_path == "/" {
        return html.to_string();
    }
    let mut out = String::with_capacity(html.len() + 64);
    let mut rest = html;
    while let Some(at) = rest.find("=\"/") {
        let (before, after) = rest.split_at(at + 2);
        out.push_str(before);
        let attribute_ok = before.ends_with(" href=\"") || before.ends_with(" src=\"");
        if attribute_ok && !after[1..].starts_with('/') {
            out.push_str(base_path);
            rest = &after[1..];
        } else {
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// `html` with each diagram's placeholder replaced by its HTML, in one
/// pass (a `replacen` per diagram made a page of 4,000 diagrams take
/// 25 s). Each diagram is placed once, at its placeholder's first
/// occurrence: a placeholder typed by the author can at worst move one of
/// our own diagrams, never repeat one or place anything else.
fn swap_placeholders(html: &str, diagrams: &[String]) -> String {
    if diagrams.is_empty() {
        return html.to_string();
    }
    const MARK: char = '\u{E000}';
    const PREFIX: &str = "fp-diagram-";
    let extra: usize = diagrams.iter().map(String::len).sum();
    let mut out = String::with_capacity(html.len() + extra);
    let mut placed = vec![false; diagrams.len()];
    let mut rest = html;
    while let Some(open) = rest.find(MARK) {
        let after = &rest[open + MARK.len_utf8()..];
        let index = after
            .strip_prefix(PREFIX)
            .and_then(|tail| {
                let close = tail.find(MARK)?;
                let n: usize = tail[..close].parse().ok()?;
                Some((n, PREFIX.len() + close + MARK.len_utf8()))
            })
            .filter(|(n, _)| *n < diagrams.len() && !placed[*n]);
        match index {
            Some((n, len)) => {
                out.push_str(&rest[..open]);
                out.push_str(&diagrams[n]);
                placed[n] = true;
                rest = &after[len..];
            }
            None => {
                out.push_str(&rest[..open + MARK.len_utf8()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Block quotes nested deeper than this are drawn at this depth.
const MAX_QUOTE_DEPTH: usize = 16;

/// The 1-based line of byte offsets met in increasing order: each call
/// counts only the newlines since the previous one (counting from the start
/// for every block made a page of many diagrams quadratic).
struct LineCounter<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
}

impl<'a> LineCounter<'a> {
    fn new(text: &'a str) -> Self {
        LineCounter {
            text,
            offset: 0,
            line: 1,
        }
    }

    fn line_of(&mut self, offset: usize) -> usize {
        if offset < self.offset {
            // Not expected (events come in source order): count afresh.
            self.offset = 0;
            self.line = 1;
        }
        let end = offset.min(self.text.len());
        self.line += self.text.as_bytes()[self.offset..end]
            .iter()
            .filter(|b| **b == b'\n')
            .count();
        self.offset = end;
        self.line
    }
}

/// The text that holds the place of the `i`-th diagram through the
/// sanitiser (private-use characters, which HTML escaping leaves alone).
fn placeholder(i: usize) -> String {
    format!("\u{E000}fp-diagram-{i}\u{E000}")
}

/// Safe output by construction: every page's HTML (raw HTML in Markdown,
/// attributes written in Pug, links and images) goes through ammonia's
/// allowlist, so no `<script>`, event-handler attribute or
/// `javascript:`/`vbscript:`/`data:` URL reaches a reader. Classes, ids and
/// table alignment stay; `rel` is left as written. An image keeps the size
/// its page gives it (`style="width:60px"`, vchess's way) and nothing else
/// of its `style`. Elements nested deeper than [`MAX_ELEMENT_DEPTH`] are
/// flattened first (see `nesting.rs`: the HTML parser's time grows with
/// the depth).
pub fn sanitise(html: &str) -> String {
    use std::sync::OnceLock;
    static CLEANER: OnceLock<ammonia::Builder<'static>> = OnceLock::new();
    CLEANER
        .get_or_init(|| {
            let mut b = ammonia::Builder::default();
            b.add_generic_attributes(["class", "id", "dir"])
                .add_tag_attributes("td", ["style"])
                .add_tag_attributes("th", ["style"])
                .add_tag_attributes("a", ["name"])
                .add_tag_attributes("img", ["loading", "style"])
                .attribute_filter(|element, attribute, value| match (element, attribute) {
                    ("img", "style") => image_size_style(value).map(Into::into),
                    _ => Some(value.into()),
                })
                .link_rel(None);
            b
        })
        .clean(&nesting::flatten_deep(html, MAX_ELEMENT_DEPTH))
        .to_string()
}

/// The size declarations of an image's `style` (`width`, `height`,
/// `max-width`, a number in `px`, `%`, `em` or `rem`), written again from
/// what was read; `None` when none is left. Anything else (a position, a
/// background, a URL) could cover the page or fetch from elsewhere.
fn image_size_style(style: &str) -> Option<String> {
    let kept: Vec<String> = style
        .split(';')
        .filter_map(|declaration| {
            let (property, value) = declaration.split_once(':')?;
            let property = property.trim().to_ascii_lowercase();
            if !matches!(property.as_str(), "width" | "height" | "max-width") {
                return None;
            }
            let value = value.trim().to_ascii_lowercase();
            let unit_at = value.find(|c: char| !(c.is_ascii_digit() || c == '.'))?;
            let (number, unit) = value.split_at(unit_at);
            let number: f64 = number.parse().ok()?;
            matches!(unit, "px" | "%" | "em" | "rem").then(|| format!("{property}:{number}{unit}"))
        })
        .collect();
    (!kept.is_empty()).then(|| kept.join(";"))
}

/// The ids [`render`] gives the headings of `markdown`, in order: what a
/// link's `#anchor` may name (link checking reads them at load).
pub fn heading_ids(markdown: &str) -> Vec<String> {
    outline(markdown).heading_ids
}

/// Gives every heading without an `{#id}` one made from its text
/// (`Pièces de la Horde` → `pieces-de-la-horde`), unique in the page
/// (`-2`, `-3` after a repeat), so that a page's sections can be linked to
/// (search results do). The ids depend only on the page's own headings.
fn add_heading_ids(events: &mut [Event]) {
    let mut taken: std::collections::HashSet<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Start(Tag::Heading { id: Some(id), .. }) => Some(id.to_string()),
            _ => None,
        })
        .collect();
    let mut i = 0;
    while i < events.len() {
        if let Event::Start(Tag::Heading { id: None, .. }) = &events[i] {
            let mut text = String::new();
            for e in &events[i + 1..] {
                match e {
                    Event::End(TagEnd::Heading(_)) => break,
                    Event::Text(t) | Event::Code(t) => text.push_str(t),
                    _ => {}
                }
            }
            let base = slug(&text);
            let mut id = base.clone();
            let mut n = 2;
            while !taken.insert(id.clone()) {
                id = format!("{base}-{n}");
                n += 1;
            }
            if let Event::Start(Tag::Heading { id: slot, .. }) = &mut events[i] {
                *slot = Some(id.into());
            }
        }
        i += 1;
    }
}

/// A heading's text as an id: lower case, Latin accents dropped, anything
/// but letters and digits a single `-`; `section` when nothing is left.
pub fn slug(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut dash = false;
    for c in text.chars().flat_map(char::to_lowercase) {
        let folded: &str = match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => "a",
            'ç' => "c",
            'è' | 'é' | 'ê' | 'ë' => "e",
            'ì' | 'í' | 'î' | 'ï' => "i",
            'ñ' => "n",
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => "o",
            'ù' | 'ú' | 'û' | 'ü' => "u",
            'ý' | 'ÿ' => "y",
            'œ' => "oe",
            'æ' => "ae",
            'ß' => "ss",
            _ => "",
        };
        if !folded.is_empty() || c.is_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            if folded.is_empty() {
                out.push(c);
            } else {
                out.push_str(folded);
            }
        } else {
            dash = true;
        }
    }
    if out.is_empty() {
        out.push_str("section");
    }
    out
}

/// Render Markdown inline text (a diagram caption) to HTML without the
/// paragraph around it.
pub fn render_inline(markdown: &str) -> String {
    let html = render(markdown, &mut |_| String::new());
    let trimmed = html.trim_end();
    trimmed
        .strip_prefix("<p>")
        .and_then(|s| s.strip_suffix("</p>"))
        .unwrap_or(trimmed)
        .to_string()
}

/// The text a reader reads in Markdown inline text (a diagram caption):
/// escapes undone, emphasis and links dropped to their words, entities
/// decoded. What a caption's claims are read from.
pub fn inline_plain_text(markdown: &str) -> String {
    use pulldown_cmark::{Event, Parser};
    let mut out = String::new();
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Text(t) | Event::Code(t) => out.push_str(&t),
            Event::SoftBreak | Event::HardBreak => out.push(' '),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_scroll_in_their_own_box() {
        assert_eq!(
            scroll_tables("<p>a</p><table><tr><td>x</td></tr></table><table class=\"t\"></table>"),
            "<p>a</p><div class=\"fp-table\" tabindex=\"0\"><table><tr><td>x</td></tr></table></div><div class=\"fp-table\" tabindex=\"0\"><table class=\"t\"></table></div>"
        );
        assert_eq!(
            scroll_tables("<p>&lt;table&gt;</p>"),
            "<p>&lt;table&gt;</p>"
        );
        let html = render("| a | b |\n|---|---|\n| 1 | 2 |\n", &mut |_| String::new());
        assert!(
            html.contains("<div class=\"fp-table\" tabindex=\"0\"><table>"),
            "{html}"
        );
    }

    #[test]
    fn an_image_keeps_its_size_and_nothing_else_of_its_style() {
        assert_eq!(
            sanitise("<img src=\"/a.png\" style=\"width:60px\">"),
            "<img src=\"/a.png\" style=\"width:60px\">"
        );
        assert_eq!(
            sanitise("<img src=\"/a.png\" style=\"position:fixed; WIDTH: 75% ;top:0\">"),
            "<img src=\"/a.png\" style=\"width:75%\">"
        );
        assert_eq!(
            sanitise("<img src=\"/a.png\" style=\"background:url(//x.org/a); width:calc(1px)\">"),
            "<img src=\"/a.png\">"
        );
        // Other elements keep no style (table cells keep their alignment).
        assert_eq!(sanitise("<p style=\"width:60px\">x</p>"), "<p>x</p>");
    }

    #[test]
    fn diagram_blocks_go_to_the_callback_with_their_line() {
        let md = "# T\n\ntext\n\n```diagram\nfen: 8/8\nmarks: [a1]\n```\n\n```rust\nfn x() {}\n```\n\n- item\n\n  ```diagram\n  fen: k/K\n  ```\n";
        let mut seen = Vec::new();
        let html = render(md, &mut |b| {
            seen.push((b.yaml.to_string(), b.line, b.index));
            format!("<figure data-i=\"{}\"></figure>", b.index)
        });
        assert_eq!(
            seen,
            vec![
                ("fen: 8/8\nmarks: [a1]\n".to_string(), 6, 0),
                ("fen: k/K\n".to_string(), 17, 1)
            ]
        );
        assert!(html.contains("<figure data-i=\"0\"></figure>"));
        assert!(html.contains("<code class=\"language-rust\">"));
        assert!(!html.contains("fen:"));
    }

    #[test]
    fn tables_and_heading_classes() {
        let html = render(
            "## Title {.stageDelimiter}\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n",
            &mut |_| String::new(),
        );
        assert!(
            html.contains("<h2 id=\"title\" class=\"stageDelimiter\">Title</h2>"),
            "{html}"
        );
        assert!(html.contains("<td>1</td>"), "{html}");
    }

    #[test]
    fn headings_get_stable_unique_ids() {
        let html = render(
            "## Pièces de la Horde\n\n### Moves\n\n### Moves\n\n## Mine {#moves-2}\n\n## « ? »\n\n## `Œuvre` d'art\n",
            &mut |_| String::new(),
        );
        assert!(html.contains("<h2 id=\"pieces-de-la-horde\">"), "{html}");
        assert!(html.contains("<h3 id=\"moves\">Moves</h3>"), "{html}");
        assert!(html.contains("<h3 id=\"moves-3\">Moves</h3>"), "{html}");
        assert!(html.contains("<h2 id=\"moves-2\">Mine</h2>"), "{html}");
        assert!(html.contains("<h2 id=\"section\">"), "{html}");
        assert!(html.contains("<h2 id=\"oeuvre-d-art\">"), "{html}");
    }

    #[test]
    fn heading_ids_are_the_rendered_ones() {
        let md = "## Pièces\n\n### Moves\n\n### Moves\n\n## Mine {#moves-2}\n";
        assert_eq!(heading_ids(md), ["pieces", "moves", "moves-3", "moves-2"]);
    }

    #[test]
    fn heading_lines_read_alone_get_the_ids_of_the_page() {
        let lines = [
            "## Pièces",
            "### Moves",
            "### Moves",
            "## Mine {#moves-2}",
            "## `Œuvre` [d'art](x) \\# 2 {.c}",
        ]
        .map(String::from);
        let page = lines.join("\n\ntext\n\n");
        assert_eq!(heading_ids_of_lines(&lines), heading_ids(&page));
        assert_eq!(heading_ids_of_lines(&lines)[4], "oeuvre-d-art-2");
    }

    #[test]
    fn root_links_are_written_below_the_site_path() {
        let html = render_below(
            "[rules](/en/rules/) [web](//x.org/) [here](#a) [near](../b/) ![i](/img/b.png)\n\n<a href=\"/raw/\">raw</a>\n",
            "/repo/",
            &mut |_| String::new(),
        );
        assert!(html.contains(r#"href="/repo/en/rules/""#), "{html}");
        assert!(html.contains(r#"src="/repo/img/b.png""#), "{html}");
        assert!(html.contains(r#"href="/repo/raw/""#), "{html}");
        assert!(html.contains(r#"href="//x.org/""#), "{html}");
        assert!(html.contains(r##"href="#a""##), "{html}");
        assert!(html.contains(r#"href="../b/""#), "{html}");
        // At the root, nothing changes.
        let plain = render("[rules](/en/rules/)", &mut |_| String::new());
        assert!(plain.contains(r#"href="/en/rules/""#), "{plain}");
    }

    #[test]
    fn each_diagram_is_placed_once_where_its_placeholder_is() {
        let md = "a\n\n```diagram\nfen: 8\n```\n\nb \u{E000}fp-diagram-1\u{E000} \u{E000}fp-diagram-0\u{E000}\n\n```diagram\nfen: 8\n```\n";
        let html = render(md, &mut |b| format!("<i>D{}</i>", b.index));
        assert_eq!(html.matches("<i>D0</i>").count(), 1, "{html}");
        assert_eq!(html.matches("<i>D1</i>").count(), 1, "{html}");
        // The first diagram stays where it is; the author's copy of the
        // second's placeholder takes it, and the rest is left as text.
        assert!(html.starts_with("<p>a</p>\n<i>D0</i>"), "{html}");
        assert!(
            html.contains("<p>b <i>D1</i> \u{E000}fp-diagram-0\u{E000}</p>"),
            "{html}"
        );
        let odd = swap_placeholders(
            "\u{E000}\u{E000}fp-diagram-\u{E000}fp-diagram-9\u{E000}",
            &["x".into()],
        );
        assert_eq!(
            odd,
            "\u{E000}\u{E000}fp-diagram-\u{E000}fp-diagram-9\u{E000}"
        );
    }

    #[test]
    fn deep_quotes_are_flattened() {
        let html = render(&format!("{}deep\n", ">".repeat(500)), &mut |_| {
            String::new()
        });
        assert_eq!(
            html.matches("<blockquote>").count(),
            MAX_QUOTE_DEPTH,
            "{html}"
        );
        assert_eq!(html.matches("</blockquote>").count(), MAX_QUOTE_DEPTH);
        assert!(html.contains("deep"));
        let two = render("> a\n>> b\n", &mut |_| String::new());
        assert_eq!(two.matches("<blockquote>").count(), 2, "{two}");
    }

    #[test]
    fn inline_caption() {
        assert_eq!(render_inline("1.Qa5 *wins*"), "1.Qa5 <em>wins</em>");
    }
}
