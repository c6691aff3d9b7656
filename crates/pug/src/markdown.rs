//! Syntax tree → Markdown (CommonMark + GFM tables + heading attributes).
//! Each `fen:` string becomes a ```diagram block of YAML; what Markdown
//! cannot say (classes, styles, spans) is written as inline HTML, so the
//! visible text of the page never changes.
//!
//! Choices: `p.boxed` (the page's summary box) becomes a blockquote — the
//! corpus has no other blockquote, so the theme styles `blockquote` as the
//! box; `span.italic`/`p.italic` become `*emphasis*`; `br` stays `<br>`.

use std::borrow::Cow;

use crate::ast::{Element, Node, Text, TextKind};
use crate::diagram::{self, FenMatch};
use crate::escape::{is_punctuation, InlineWriter};
use crate::html;
use crate::{
    entity, BoardFields, DiagramFields, DiagramOrigin, Level, Loc, PugDiagnostic, WrittenOutline,
};

const INLINE: &[&str] = &[
    "a", "abbr", "b", "br", "code", "em", "i", "img", "s", "small", "span", "strong", "sub", "sup",
    "u",
];

/// The Markdown of a page and what was found while writing it.
#[derive(Debug, Default)]
pub struct Written {
    pub markdown: String,
    pub diagrams: Vec<DiagramOrigin>,
    /// The diagram blocks and headings written, when they are exactly
    /// those a CommonMark reader finds in `markdown`.
    pub outline: Option<WrittenOutline>,
    pub warnings: Vec<PugDiagnostic>,
}

pub fn write(nodes: &[Node]) -> Written {
    let mut w = Writer::default();
    let blocks = w.blocks(nodes);
    let mut markdown = blocks.join("\n\n");
    if !markdown.is_empty() {
        markdown.push('\n');
    }
    let exact = !w.inexact && outline_is_exact(&markdown, w.fields.len(), w.headings.len());
    Written {
        markdown,
        diagrams: w.diagrams,
        outline: exact.then_some(WrittenOutline {
            diagrams: w.fields,
            headings: w.headings,
        }),
        warnings: w.warnings,
    }
}

/// Whether a CommonMark reader of `markdown` finds exactly the `diagrams`
/// ```diagram blocks and the `headings` headings the writer wrote, and no
/// other. Text is escaped where it could open a block, so a line that
/// could (read past the list and quote markers before it) comes from raw
/// HTML: a fence or a `#` line the writer did not write, a `~~~` fence or
/// a setext underline. Any such line sends the reader back to parsing.
/// The writer itself notes where one of its blocks may be swallowed by an
/// HTML block (`Writer::inexact`).
pub fn outline_is_exact(markdown: &str, diagrams: usize, headings: usize) -> bool {
    let mut fences = 0;
    let mut hashes = 0;
    for line in markdown.lines() {
        let content = past_container_markers(line);
        if content.starts_with("```") {
            fences += 1;
        } else if content.starts_with('#') {
            hashes += 1;
        } else if content.starts_with("~~~")
            || (!content.is_empty() && content.bytes().all(|b| matches!(b, b'=' | b'-' | b' ')))
        {
            return false;
        }
    }
    fences == 2 * diagrams && hashes == headings
}

/// `line` past its indentation and the block quote (`>`) and list item
/// (`-`, `1.`) markers that open it.
fn past_container_markers(line: &str) -> &str {
    let mut rest = line;
    loop {
        let trimmed = rest.trim_start_matches(' ');
        if let Some(after) = trimmed.strip_prefix('>') {
            rest = after;
        } else if let Some(after) = trimmed.strip_prefix("- ") {
            rest = after;
        } else if trimmed == "-" {
            return "";
        } else {
            let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
            match trimmed[digits..].strip_prefix(". ") {
                Some(after) if digits > 0 => rest = after,
                _ => return trimmed,
            }
        }
    }
}

fn is_inline(node: &Node) -> bool {
    match node {
        Node::Text(_) | Node::Comment(_) => true,
        Node::Element(e) => INLINE.contains(&e.name.as_str()),
    }
}

/// What follows an inline node in the Markdown source, for emphasis rules.
#[derive(Debug, Clone, Copy)]
enum Follow {
    End,
    Char(char),
    Unknown,
}

fn follow_of<'a>(rest: impl IntoIterator<Item = &'a Node>, outer: Follow) -> Follow {
    for node in rest {
        match node {
            Node::Text(t) => {
                if let Some(c) = entity::first_char(&t.raw) {
                    return Follow::Char(if c == '\u{a0}' { '&' } else { c });
                }
            }
            // Links, images, emphasis and inline HTML all start with punctuation.
            Node::Element(_) | Node::Comment(_) => return Follow::Char('<'),
        }
    }
    outer
}

fn is_diagram_div(e: &Element) -> bool {
    e.name == "div" && (e.has_class("diagram") || e.has_class("diagrama"))
}

fn is_blank(node: &Node) -> bool {
    matches!(node, Node::Text(t) if t.raw.trim().is_empty())
}

fn comment_html(text: &str) -> String {
    format!("<!--{}-->", text.replace("--", "- -"))
}

/// HTML for a Markdown HTML block: a blank line would end the block early.
fn html_block(nodes: &[Node]) -> String {
    let mut s = html::render(nodes);
    while s.contains("\n\n") {
        s = s.replace("\n\n", "\n");
    }
    s
}

fn prefix_lines(text: &str, first: &str, rest: &str) -> String {
    let mut out = String::new();
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let p = if k == 0 { first } else { rest };
        if line.is_empty() {
            out.push_str(p.trim_end());
        } else {
            out.push_str(p);
            out.push_str(line);
        }
    }
    out
}

#[derive(Default)]
struct Writer {
    diagrams: Vec<DiagramOrigin>,
    /// What each diagram block says (parallel to `diagrams`).
    fields: Vec<DiagramFields>,
    /// Each heading's Markdown line.
    headings: Vec<String>,
    /// Some block was written where an HTML block may swallow it (inside
    /// `<pre>`, `<script>`, `<style>`, `<textarea>`, or joined without a
    /// blank line after raw HTML in a list item): `fields` and `headings`
    /// may not be what a Markdown reader finds.
    inexact: bool,
    warnings: Vec<PugDiagnostic>,
}

/// Tags whose HTML block runs to their closing tag, blank lines included
/// (CommonMark's HTML block start condition 1).
const RAW_TEXT_TAGS: &[&str] = &["pre", "script", "style", "textarea"];

/// A diagram found in a figure: its `fen:` string and where it came from.
struct FoundFen<'a> {
    fen: FenMatch,
    pos: Loc,
    element: &'a Element,
}

impl Writer {
    fn warn(&mut self, pos: Loc, code: &'static str, message: String) {
        self.warnings.push(PugDiagnostic {
            level: Level::Warning,
            code,
            pos,
            message,
            hint: None,
        });
    }

    /// Markdown blocks for `nodes` in block context.
    fn blocks(&mut self, nodes: &[Node]) -> Vec<String> {
        self.blocks_styled(nodes, false)
    }

    fn blocks_styled(&mut self, nodes: &[Node], italic: bool) -> Vec<String> {
        let mut out = Vec::new();
        let mut run: Vec<&Node> = Vec::new();
        for node in nodes {
            if is_inline(node) {
                run.push(node);
            } else {
                self.paragraphs(std::mem::take(&mut run), italic, &mut out);
                if let Node::Element(e) = node {
                    self.block(e, &mut out);
                }
            }
        }
        self.paragraphs(run, italic, &mut out);
        out
    }

    /// A run of inline nodes: paragraphs, split around `fen:` strings
    /// (vchess draws a diagram wherever the text holds one).
    fn paragraphs(&mut self, run: Vec<&Node>, italic: bool, out: &mut Vec<String>) {
        // The run's nodes, borrowed, but for the pieces of a text cut
        // around a `fen:` string.
        let mut pending: Vec<Cow<Node>> = Vec::new();
        for node in run {
            let Node::Text(t) = node else {
                pending.push(Cow::Borrowed(node));
                continue;
            };
            if !diagram::contains_fen(&t.raw) {
                pending.push(Cow::Borrowed(node));
                continue;
            }
            let matches = diagram::find_all(&t.raw);
            let mut from = 0;
            for m in matches {
                pending.push(Cow::Owned(text_slice(t, from, m.start)));
                self.paragraph(std::mem::take(&mut pending), italic, out);
                let pos = Loc {
                    line: t.pos.line,
                    column: t.pos.column + m.char_offset,
                };
                out.push(self.diagram_block(&m, pos, None, None));
                from = m.end;
            }
            pending.push(Cow::Owned(text_slice(t, from, t.raw.len())));
        }
        self.paragraph(pending, italic, out);
    }

    fn paragraph(&mut self, nodes: Vec<Cow<Node>>, italic: bool, out: &mut Vec<String>) {
        let mut w = InlineWriter::new(false);
        for (k, node) in nodes.iter().enumerate() {
            let next = follow_of(nodes[k + 1..].iter().map(|n| &**n), Follow::End);
            self.inline(node, &mut w, next);
        }
        let mut text = w.out;
        text.truncate(text.trim_end().len());
        if text.trim().is_empty() {
            return;
        }
        if italic && !text.contains("\n\n") {
            out.push(format!("*{text}*"));
        } else {
            out.push(text);
        }
    }

    fn diagram_block(
        &mut self,
        m: &FenMatch,
        pos: Loc,
        after: Option<(&FenMatch, Loc)>,
        caption: Option<&str>,
    ) -> String {
        for fen in std::iter::once(m).chain(after.map(|a| a.0)) {
            if !fen.fen.extra.is_empty() {
                self.warn(
                    pos,
                    "pug-diagram",
                    format!(
                        "`fen:` string has fields after the shadow, which vchess ignores: {}",
                        fen.fen.extra.join(" ")
                    ),
                );
            }
        }
        self.diagrams.push(DiagramOrigin {
            fen: pos,
            after_fen: after.map(|a| a.1),
        });
        self.fields.push(DiagramFields {
            board: BoardFields::new(m, pos),
            after: after.map(|(fen, at)| BoardFields::new(fen, at)),
            caption: caption.map(str::to_string),
        });
        let yaml = diagram::block_yaml(&m.fen, after.map(|a| &a.0.fen), caption);
        format!("```diagram\n{yaml}```")
    }

    fn block(&mut self, e: &Element, out: &mut Vec<String>) {
        match e.name.as_str() {
            "p" if e.has_class("boxed") => {
                let inner = self.blocks(&e.children).join("\n\n");
                if !inner.trim().is_empty() {
                    out.push(prefix_lines(&inner, "> ", "> "));
                }
            }
            "p" => {
                let italic = e.has_class("italic");
                out.extend(self.blocks_styled(&e.children, italic));
            }
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" if e.attributes.is_empty() => {
                let level = usize::from(e.name.as_bytes()[1] - b'0');
                let mut w = InlineWriter::new(true);
                w.heading = true;
                self.inlines(&e.children, &mut w, Follow::End);
                let mut line = format!("{} {}", "#".repeat(level), w.out.trim());
                let mut attrs: Vec<String> = e.id.iter().map(|id| format!("#{id}")).collect();
                attrs.extend(e.classes.iter().map(|c| format!(".{c}")));
                if !attrs.is_empty() {
                    line.push_str(&format!(" {{{}}}", attrs.join(" ")));
                }
                self.headings.push(line.clone());
                out.push(line);
            }
            "ul" | "ol" if e.attributes.is_empty() && e.classes.is_empty() && e.id.is_none() => {
                out.push(self.list(e));
            }
            "table" => out.push(self.table(e)),
            "figure"
                if e.children
                    .iter()
                    .any(|c| matches!(c, Node::Element(d) if is_diagram_div(d))) =>
            {
                self.figure(e, out)
            }
            "div" if is_diagram_div(e) => self.figure(e, out),
            "hr" => out.push("***".into()),
            _ => self.wrapped(e, out),
        }
    }

    /// An element Markdown has no syntax for: its tags as HTML blocks around
    /// its content as Markdown.
    fn wrapped(&mut self, e: &Element, out: &mut Vec<String>) {
        if e.children.iter().all(is_blank) {
            out.push(html_block(&[Node::Element(e.clone())]));
            return;
        }
        if RAW_TEXT_TAGS.contains(&e.name.as_str()) {
            self.inexact = true;
        }
        out.push(html::open_tag(e));
        out.extend(self.blocks(&e.children));
        out.push(format!("</{}>", e.name));
    }

    fn list(&mut self, e: &Element) -> String {
        let ordered = e.name == "ol";
        let mut items = Vec::new();
        for child in &e.children {
            let content = match child {
                Node::Element(li) if li.name == "li" => &li.children[..],
                n if is_blank(n) => continue,
                n => std::slice::from_ref(n),
            };
            let blocks = self.blocks(content);
            let mut body = String::new();
            for (k, b) in blocks.iter().enumerate() {
                if k > 0 {
                    // A nested list or a fence may follow a paragraph directly,
                    // which keeps the list tight; other blocks need a blank line.
                    let tight = b.starts_with("- ") || b.starts_with("```") || b.starts_with("1. ");
                    // Raw HTML in the block before may open an HTML block
                    // that runs on to the next blank line.
                    let after_html =
                        blocks[k - 1].starts_with('<') || blocks[k - 1].contains("\n<");
                    self.inexact |= tight && after_html;
                    body.push_str(if tight { "\n" } else { "\n\n" });
                }
                body.push_str(b);
            }
            let marker = if ordered {
                format!("{}. ", items.len() + 1)
            } else {
                "- ".to_string()
            };
            let indent = " ".repeat(marker.len());
            if body.is_empty() {
                items.push(marker.trim_end().to_string());
            } else {
                items.push(prefix_lines(&body, &marker, &indent));
            }
        }
        items.join("\n")
    }

    fn table(&mut self, e: &Element) -> String {
        match self.gfm_table(e) {
            Some(t) => t,
            None => {
                let mut fens = Vec::new();
                crate::ast::for_each_text(&e.children, &mut |t| {
                    if diagram::contains_fen(&t.raw) {
                        fens.push(t.pos);
                    }
                });
                for pos in fens {
                    self.warn(
                        pos,
                        "pug-diagram",
                        "a `fen:` string inside a table is kept as text".into(),
                    );
                }
                html_block(&[Node::Element(e.clone())])
            }
        }
    }

    /// A GFM table when the HTML table is plain: a first row of `th`, the
    /// others no wider, inline content only, no cell attributes.
    fn gfm_table(&mut self, e: &Element) -> Option<String> {
        let mut rows: Vec<&Element> = Vec::new();
        for child in &e.children {
            match child {
                Node::Element(tr) if tr.name == "tr" => rows.push(tr),
                Node::Element(g) if matches!(g.name.as_str(), "thead" | "tbody") => {
                    for c in &g.children {
                        match c {
                            Node::Element(tr) if tr.name == "tr" => rows.push(tr),
                            n if is_blank(n) => {}
                            _ => return None,
                        }
                    }
                }
                n if is_blank(n) => {}
                _ => return None,
            }
        }
        let mut cells_of = Vec::new();
        for row in &rows {
            let mut cells = Vec::new();
            for c in &row.children {
                match c {
                    Node::Element(cell)
                        if (cell.name == "td" || cell.name == "th")
                            && cell.attributes.is_empty()
                            && cell.classes.is_empty() =>
                    {
                        let mut plain = cell.children.iter().all(is_inline);
                        crate::ast::for_each_text(&cell.children, &mut |t| {
                            plain &= !diagram::contains_fen(&t.raw)
                        });
                        if !plain {
                            return None;
                        }
                        cells.push(cell);
                    }
                    n if is_blank(n) => {}
                    _ => return None,
                }
            }
            cells_of.push(cells);
        }
        let header = cells_of.first()?;
        if header.is_empty()
            || header.iter().any(|c| c.name != "th")
            || cells_of.iter().any(|r| r.len() > header.len())
        {
            return None;
        }
        let mut lines = Vec::new();
        for (k, row) in cells_of.iter().enumerate() {
            let mut texts = Vec::new();
            for cell in row {
                let mut w = InlineWriter::new(true);
                self.inlines(&cell.children, &mut w, Follow::End);
                texts.push(w.out.trim().to_string());
            }
            lines.push(format!("| {} |", texts.join(" | ")));
            if k == 0 {
                lines.push(format!("|{}", " --- |".repeat(row.len())));
            }
        }
        Some(lines.join("\n"))
    }

    /// A figure holding diagrams (or a lone diagram div): one block per
    /// diagram, or one for a `.diag12` + `.diag22` before/after pair; the
    /// caption goes on the last block.
    fn figure(&mut self, e: &Element, out: &mut Vec<String>) {
        let divs: Vec<&Element> = if is_diagram_div(e) {
            vec![e]
        } else {
            e.children
                .iter()
                .filter_map(|c| match c {
                    Node::Element(d) if is_diagram_div(d) => Some(d),
                    _ => None,
                })
                .collect()
        };
        let mut found = Vec::new();
        for d in &divs {
            match single_fen(d) {
                Some(f) => found.push(f),
                None => return self.wrapped(e, out),
            }
        }
        let mut caption = None;
        if !is_diagram_div(e) {
            for c in &e.children {
                match c {
                    Node::Element(d) if is_diagram_div(d) => {}
                    Node::Element(fc) if fc.name == "figcaption" && caption.is_none() => {
                        let mut w = InlineWriter::new(true);
                        self.inlines(&fc.children, &mut w, Follow::End);
                        caption = Some(w.out.trim().to_string());
                    }
                    Node::Comment(_) => {}
                    n if is_blank(n) => {}
                    _ => return self.wrapped(e, out),
                }
            }
        }
        for f in &found {
            if f.element.has_class("diagrama") {
                self.warn(
                    f.element.pos,
                    "pug-repair",
                    "misspelt class `.diagrama` read as `.diagram`".into(),
                );
            }
        }
        let caption = caption.as_deref().filter(|c| !c.is_empty());
        if found.len() == 2
            && found[0].element.has_class("diag12")
            && found[1].element.has_class("diag22")
        {
            let block = self.diagram_block(
                &found[0].fen,
                found[0].pos,
                Some((&found[1].fen, found[1].pos)),
                caption,
            );
            out.push(block);
            return;
        }
        let last = found.len().saturating_sub(1);
        for (k, f) in found.iter().enumerate() {
            let block =
                self.diagram_block(&f.fen, f.pos, None, if k == last { caption } else { None });
            out.push(block);
        }
    }

    fn inlines(&mut self, nodes: &[Node], w: &mut InlineWriter, follow: Follow) {
        for (k, node) in nodes.iter().enumerate() {
            let next = follow_of(&nodes[k + 1..], follow);
            self.inline(node, w, next);
        }
    }

    fn inline(&mut self, node: &Node, w: &mut InlineWriter, follow: Follow) {
        match node {
            Node::Text(t) => {
                if t.kind != TextKind::Newline && diagram::contains_fen(&t.raw) {
                    self.warn(
                        t.pos,
                        "pug-diagram",
                        "a `fen:` string inside an inline element or a caption is kept as text"
                            .into(),
                    );
                }
                w.text(&entity::decode(&t.raw));
            }
            Node::Comment(c) => w.raw(&comment_html(&c.text)),
            Node::Element(e) => self.inline_element(e, w, follow),
        }
    }

    fn inline_element(&mut self, e: &Element, w: &mut InlineWriter, follow: Follow) {
        let plain = e.classes.is_empty() && e.id.is_none();
        let only = |names: &[&str]| {
            e.attributes
                .iter()
                .all(|a| names.contains(&a.name.as_str()))
        };
        match e.name.as_str() {
            "a" if plain && only(&["href"]) && e.attributes.len() == 1 => {
                w.raw("[");
                self.inlines(&e.children, w, Follow::Char(']'));
                w.raw("](");
                w.raw(&link_destination(&e.attributes[0].value));
                w.raw(")");
            }
            "img"
                if plain
                    && only(&["src", "alt"])
                    && e.attributes.iter().any(|a| a.name == "src") =>
            {
                let get = |n: &str| {
                    e.attributes
                        .iter()
                        .find(|a| a.name == n)
                        .map_or("", |a| a.value.as_str())
                };
                let mut alt = InlineWriter::new(true);
                alt.text(get("alt"));
                w.raw(&format!("![{}]({})", alt.out, link_destination(get("src"))));
            }
            "span" | "em" | "i"
                if e.attributes.is_empty()
                    && e.id.is_none()
                    && (e.name != "span" || e.classes == ["italic"])
                    && (e.name == "span" || plain) =>
            {
                self.emphasis(e, w, follow);
            }
            "br" | "img" => w.raw(&html::render(&[Node::Element(e.clone())])),
            _ => {
                w.raw(&html::open_tag(e));
                self.inlines(&e.children, w, Follow::Char('<'));
                w.raw(&format!("</{}>", e.name));
            }
        }
    }

    /// `*text*` where CommonMark's flanking rules let the delimiters work,
    /// `<em>text</em>` where they would not (e.g. `*(a)*b`).
    fn emphasis(&mut self, e: &Element, w: &mut InlineWriter, follow: Follow) {
        let mut inner = InlineWriter::new(w.single_line);
        self.inlines(&e.children, &mut inner, Follow::Unknown);
        let body = inner.out.trim();
        if body.is_empty() {
            w.raw(&inner.out);
            return;
        }
        let lead = &inner.out[..inner.out.len() - inner.out.trim_start().len()];
        let trail = &inner.out[inner.out.trim_end().len()..];
        let prev = lead.chars().last().or_else(|| w.out.chars().last());
        let first = body.chars().next().unwrap_or(' ');
        let last = body.chars().last().unwrap_or(' ');
        let open_ok =
            !is_punctuation(first) || prev.is_none_or(|p| p.is_whitespace() || is_punctuation(p));
        let close_ok = !is_punctuation(last)
            || match (trail.is_empty(), follow) {
                (false, _) | (true, Follow::End) => true,
                (true, Follow::Char(c)) => c.is_whitespace() || is_punctuation(c),
                (true, Follow::Unknown) => false,
            };
        if !w.out.is_empty() && !w.out.ends_with('\n') {
            w.raw(lead);
        }
        if open_ok && close_ok && !body.contains('*') {
            w.raw(&format!("*{body}*"));
        } else {
            w.raw(&format!("<em>{body}</em>"));
        }
        w.raw(trail);
    }
}

/// The `fen:` string a diagram div holds, when that is all it holds.
fn single_fen(d: &Element) -> Option<FoundFen<'_>> {
    let mut found: Option<FoundFen> = None;
    for c in &d.children {
        let Node::Text(t) = c else { return None };
        let matches = diagram::find_all(&t.raw);
        let mut rest = t.raw.clone();
        for m in matches.iter().rev() {
            rest.replace_range(m.start..m.end, "");
        }
        if !rest.trim().is_empty() {
            return None;
        }
        for m in matches {
            if found.is_some() {
                return None;
            }
            let pos = Loc {
                line: t.pos.line,
                column: t.pos.column + m.char_offset,
            };
            found = Some(FoundFen {
                fen: m,
                pos,
                element: d,
            });
        }
    }
    found
}

fn text_slice(t: &Text, from: usize, to: usize) -> Node {
    Node::Text(Text {
        pos: Loc {
            line: t.pos.line,
            column: t.pos.column + t.raw[..from].chars().count(),
        },
        raw: t.raw[from..to].to_string(),
        kind: t.kind,
    })
}

/// A link destination, in `<...>` when it holds spaces or parentheses.
fn link_destination(url: &str) -> String {
    if url.is_empty() {
        return "<>".into();
    }
    if url.contains([' ', '(', ')', '<', '>', '\\']) || url.chars().any(char::is_control) {
        let escaped: String = url
            .chars()
            .map(|c| match c {
                '<' => "%3C".to_string(),
                '>' => "%3E".to_string(),
                '\\' => "%5C".to_string(),
                c if c.is_control() => format!("%{:02X}", c as u32),
                c => c.to_string(),
            })
            .collect();
        format!("<{escaped}>")
    } else {
        url.to_string()
    }
}

#[cfg(test)]
mod tests {
    use crate::{convert, Loc};

    fn md(src: &str) -> String {
        convert(src).expect("converts").markdown
    }

    #[test]
    fn paragraphs_links_and_no_inserted_spaces() {
        assert_eq!(
            md("p\n  | See \n  a(href=\"https://x.org/a b\") this\n  | &nbsp;and\n  | more.\n"),
            "See [this](<https://x.org/a b>)&nbsp;and\nmore.\n"
        );
        assert_eq!(md("p.\n  one\n  two\n\np three\n"), "one\ntwo\n\nthree\n");
    }

    #[test]
    fn escapes_keep_the_visible_text() {
        assert_eq!(
            md("p a*b_c [d] <--> => R&D & nbsp; &lt;x&gt;\n"),
            "a\\*b\\_c \\[d\\] \\<--> => R\\&D & nbsp; \\<x>\n"
        );
        assert_eq!(
            md("p.\n  - not a list\n  1. nor this\n  # nor a heading\n"),
            "\\- not a list\n1\\. nor this\n\\# nor a heading\n"
        );
    }

    #[test]
    fn boxed_headings_lists_images() {
        assert_eq!(md("p.boxed\n  | Summary.\n"), "> Summary.\n");
        assert_eq!(
            md("h2.stageDelimiter Stage #1\nh3 Rules\n"),
            "## Stage \\#1 {.stageDelimiter}\n\n### Rules\n"
        );
        assert_eq!(
            md("ul\n  li a\n  li\n    | b\n    ol\n      li c\n"),
            "- a\n- b\n  1. c\n"
        );
        assert_eq!(
            md("img.img-center(src=\"/v/x.png\")\np\n  img(src=\"y.png\")\n"),
            "<img class=\"img-center\" src=\"/v/x.png\">\n\n![](y.png)\n"
        );
        assert_eq!(md("p\n  | a\n  br\n  | b\n"), "a<br>b\n");
    }

    #[test]
    fn emphasis_only_where_markdown_reads_it() {
        assert_eq!(md("p\n  | x \n  span.italic note\n  | y\n"), "x *note*y\n");
        assert_eq!(
            md("p\n  | x\n  span.italic (note)\n  | y\n"),
            "x<em>(note)</em>y\n"
        );
        assert_eq!(md("p.italic Some words.\n"), "*Some words.*\n");
        assert_eq!(md("p\n  span.note N\n"), "<span class=\"note\">N</span>\n");
    }

    #[test]
    fn tables() {
        assert_eq!(
            md("table.rules\n  tr\n    th A\n    th B\n  tr\n    td 1|2\n    td 3\n"),
            "| A | B |\n| --- | --- |\n| 1\\|2 | 3 |\n"
        );
        assert_eq!(
            md("table\n  tr\n    td 1\n"),
            "<table><tr><td>1</td></tr></table>\n"
        );
    }

    #[test]
    fn diagram_with_caption_and_position() {
        let c = convert("figure.diagram-container\n  .diagram\n    | fen:7k/8/3Qr3/K7 a5,b5,c10:\n  figcaption 1.Qa5 *captures* \"it\".\n").expect("converts");
        assert_eq!(c.markdown, "```diagram\nfen: 7k/8/3Qr3/K7\nmarks: [a5, b5, c10]\ncaption: \"1.Qa5 \\\\*captures\\\\* \\\"it\\\".\"\n```\n");
        assert_eq!(c.diagrams[0].fen, Loc { line: 3, column: 7 });
    }

    #[test]
    fn before_after_pair_is_one_block() {
        let c = convert("figure.diagram-container\n  .diagram.diag12\n    | fen:8/8 a1:\n  .diagram.diag22\n    | fen:7k/8 b2:\n  figcaption After.\n").expect("converts");
        assert_eq!(c.markdown, "```diagram\nfen: 8/8\nmarks: [a1]\nafter: { fen: 7k/8, marks: [b2] }\ncaption: \"After.\"\n```\n");
        assert_eq!(c.diagrams[0].after_fen, Some(Loc { line: 5, column: 7 }));
    }

    #[test]
    fn several_diagrams_caption_on_the_last() {
        let c = convert("figure.diagram-container\n  .diagram\n    | fen:8/8:\n  .diagram\n    | fen:k/K:\n  figcaption Two.\n").expect("converts");
        assert_eq!(
            c.markdown,
            "```diagram\nfen: 8/8\n```\n\n```diagram\nfen: k/K\ncaption: \"Two.\"\n```\n"
        );
        assert_eq!(c.diagrams.len(), 2);
    }

    #[test]
    fn dark_fields_and_misspelt_container() {
        let c = convert("figure.diagram-container\n  .diagrama\n    | fen:8/8 - b 8,7,b6-h6:\n")
            .expect("converts");
        assert_eq!(
            c.markdown,
            "```diagram\nfen: 8/8\norientation: b\nshadow: [8, 7, b6-h6]\n```\n"
        );
        assert_eq!(c.warnings[0].code, "pug-repair");
        assert_eq!(c.warnings[0].pos, Loc { line: 2, column: 3 });
    }

    #[test]
    fn the_writer_hands_over_its_blocks_and_headings() {
        let c = convert("h2.rules Moves\nfigure.diagram-container\n  .diagram.diag12\n    | fen:8/8 ,a1,,b2 b:\n  .diagram.diag22\n    | fen: 7k/8:\n  figcaption After.\nul\n  li\n    h3 In a list\n").expect("converts");
        let outline = c.outline.expect("exact");
        assert_eq!(outline.headings, ["## Moves {.rules}", "### In a list"]);
        let d = &outline.diagrams[0];
        assert_eq!(d.caption.as_deref(), Some("After."));
        assert_eq!(d.board.fen_at, Loc { line: 4, column: 7 });
        assert_eq!(
            d.board.board_at,
            Loc {
                line: 4,
                column: 11
            }
        );
        assert_eq!(d.board.fen.marks, ["a1", "b2"]);
        assert_eq!(
            d.board.marks_at,
            [
                Loc {
                    line: 4,
                    column: 16
                },
                Loc {
                    line: 4,
                    column: 20
                }
            ]
        );
        let after = d.after.as_ref().expect("a pair");
        assert!(after.space_after_fen);
        assert_eq!(
            after.board_at,
            Loc {
                line: 6,
                column: 12
            }
        );
    }

    #[test]
    fn the_writer_does_not_vouch_where_raw_html_may_swallow_blocks() {
        // Inside `pre`, blank lines do not end the HTML block.
        assert!(convert("pre\n  p\n    | fen:8/8:\n")
            .unwrap()
            .outline
            .is_none());
        // A fence right after raw HTML in a list item is part of its block.
        let listed = convert("ul\n  li\n    span.x\n    .diagram\n      | fen:8/8:\n").unwrap();
        assert!(listed.outline.is_none(), "{}", listed.markdown);
        // A line of raw HTML that a Markdown reader takes for a heading.
        assert!(!super::outline_is_exact("a<!--x\n# b-->c\n", 0, 0));
        assert!(!super::outline_is_exact("x\n===\n", 0, 0));
        assert!(!super::outline_is_exact("~~~\nx\n~~~\n", 0, 0));
        assert!(super::outline_is_exact(
            "- a\n  ```diagram\n  fen: 8\n  ```\n> ## h\n1. x\n-\n",
            1,
            1
        ));
    }

    #[test]
    fn fen_outside_a_figure_is_a_diagram_too() {
        let c = convert("p\n  | Before fen:k/K: after.\n").expect("converts");
        assert_eq!(
            c.markdown,
            "Before\n\n```diagram\nfen: k/K\n```\n\nafter.\n"
        );
        assert_eq!(
            c.diagrams[0].fen,
            Loc {
                line: 2,
                column: 12
            }
        );
    }
}
