//! Pug source → syntax tree, one line at a time with a stack of indentation
//! levels (pages step by 1, 2, 3 or 4 spaces). Covers the subset vchess rule
//! pages use; everything else is an error with its line and column, and the
//! author mistakes the corpus really contains are repaired with a warning.

use crate::ast::{Attribute, Comment, Document, Element, Node, Text, TextKind};
use crate::{Level, Loc, PugDiagnostic};

/// Tags a rule page may use. A line starting with any other word is a text
/// line that lost its `|` (Pug would turn the word into a tag and drop it).
const KNOWN_TAGS: &[&str] = &[
    "a",
    "abbr",
    "b",
    "blockquote",
    "br",
    "caption",
    "code",
    "dd",
    "div",
    "dl",
    "dt",
    "em",
    "figcaption",
    "figure",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "img",
    "li",
    "ol",
    "p",
    "pre",
    "s",
    "small",
    "span",
    "strong",
    "sub",
    "sup",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "u",
    "ul",
];

/// Pug keywords this front end does not support.
const KEYWORDS: &[&str] = &[
    "include", "extends", "mixin", "block", "append", "prepend", "yield", "doctype", "if", "else",
    "unless", "case", "when", "default", "while",
];

/// The syntax tree of a page plus the repairs made while reading it.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    pub document: Document,
    pub warnings: Vec<PugDiagnostic>,
}

/// Parse a Pug source. Every error of the file is returned at once.
pub fn parse(source: &str) -> Result<Parsed, Vec<PugDiagnostic>> {
    let mut parser = Parser::new(source);
    let children = parser.block(None);
    if parser.errors.is_empty() {
        Ok(Parsed {
            document: Document { children },
            warnings: parser.warnings,
        })
    } else {
        Err(parser.errors)
    }
}

#[derive(Debug, Clone, Copy)]
struct Line<'a> {
    number: usize,
    indent: usize,
    /// The line after its indentation.
    content: &'a str,
    blank: bool,
}

struct Parser<'a> {
    lines: Vec<Line<'a>>,
    next: usize,
    errors: Vec<PugDiagnostic>,
    warnings: Vec<PugDiagnostic>,
    /// How many blocks are open: bounded by [`MAX_DEPTH`].
    depth: usize,
}

/// The deepest nesting a page may have. The corpus nests at most 4
/// elements; thousands overflow the stack of the recursive tree walkers.
pub const MAX_DEPTH: usize = 64;

fn diag(
    level: Level,
    code: &'static str,
    line: usize,
    column: usize,
    message: String,
) -> PugDiagnostic {
    PugDiagnostic {
        level,
        code,
        pos: Loc { line, column },
        message,
        hint: None,
    }
}

/// The error for character `ch` right after a tag's name, classes and
/// attributes: a Pug construct the vchess pages do not use, or a typo.
fn after_tag_error(ch: char, line: usize, column: usize) -> PugDiagnostic {
    let what = match ch {
        ':' => "block expansion (`tag: child`)",
        '/' => "a self-closing tag (`tag/`)",
        '=' | '!' => "buffered code (`=`, `!=`)",
        '&' => "`&attributes`",
        _ => {
            return diag(
                Level::Error,
                "pug-syntax",
                line,
                column,
                format!("unexpected `{ch}` after a tag"),
            )
        }
    };
    unsupported(line, column, what)
}

fn unsupported(line: usize, column: usize, what: &str) -> PugDiagnostic {
    diag(
        Level::Error,
        "pug-unsupported",
        line,
        column,
        format!("{what} is not supported by fenpress's Pug reader"),
    )
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

impl<'a> Parser<'a> {
    fn new(source: &'a str) -> Self {
        let source = source.strip_prefix('\u{feff}').unwrap_or(source);
        let mut errors = Vec::new();
        let mut raw: Vec<&str> = source.split('\n').collect();
        if raw.last() == Some(&"") {
            raw.pop();
        }
        let mut lines = Vec::with_capacity(raw.len());
        for (i, text) in raw.into_iter().enumerate() {
            let number = i + 1;
            let text = text.strip_suffix('\r').unwrap_or(text);
            if let Some(at) = text.find('\r') {
                errors.push(unsupported(
                    number,
                    text[..at].chars().count() + 1,
                    "a carriage return inside a line",
                ));
            }
            let content = text.trim_start_matches(' ');
            let indent = text.len() - content.len();
            let blank = content.trim().is_empty();
            if !blank && content.starts_with('\t') {
                errors.push(unsupported(number, indent + 1, "indentation with tabs"));
            }
            lines.push(Line {
                number,
                indent,
                content,
                blank,
            });
        }
        Parser {
            lines,
            next: 0,
            errors,
            warnings: Vec::new(),
            depth: 0,
        }
    }

    fn peek_nonblank(&mut self) -> Option<Line<'a>> {
        while let Some(line) = self.lines.get(self.next) {
            if !line.blank {
                return Some(*line);
            }
            self.next += 1;
        }
        None
    }

    /// Parse the lines indented deeper than `parent` (all lines for `None`).
    fn block(&mut self, parent: Option<usize>) -> Vec<Node> {
        if self.depth >= MAX_DEPTH {
            // Deeper trees would overflow the stack of every recursive
            // consumer (HTML, Markdown, diagram search): stop here, once.
            if let (Some(p), Some(line)) = (parent, self.peek_nonblank()) {
                self.errors.push(diag(
                    Level::Error,
                    "pug-syntax",
                    line.number,
                    line.indent + 1,
                    format!(
                        "elements nested more than {MAX_DEPTH} levels deep; rule pages nest at most a few: flatten this part of the page"
                    ),
                ));
                self.nested_raw(p);
            }
            return Vec::new();
        }
        self.depth += 1;
        let nodes = self.block_at_depth(parent);
        self.depth -= 1;
        nodes
    }

    fn block_at_depth(&mut self, parent: Option<usize>) -> Vec<Node> {
        let mut nodes = Vec::new();
        let mut level: Option<usize> = None;
        while let Some(line) = self.peek_nonblank() {
            if parent.is_some_and(|p| line.indent <= p) {
                break;
            }
            match level {
                None => level = Some(line.indent),
                Some(l) if line.indent > l => {
                    self.errors.push(diag(
                        Level::Error,
                        "pug-syntax",
                        line.number,
                        line.indent + 1,
                        "unexpected indentation: the line above cannot hold nested lines".into(),
                    ));
                    for node in self.block(Some(l)) {
                        push_node(&mut nodes, node);
                    }
                    continue;
                }
                Some(l) if line.indent < l => {
                    self.errors.push(diag(
                        Level::Error,
                        "pug-syntax",
                        line.number,
                        line.indent + 1,
                        format!(
                            "inconsistent indentation: {} spaces, but the lines above use {}",
                            line.indent, l
                        ),
                    ));
                }
                Some(_) => {}
            }
            self.next += 1;
            self.line(line, &mut nodes);
        }
        nodes
    }

    /// Skip the lines nested under `line` and return them (for comments).
    fn nested_raw(&mut self, indent: usize) -> Vec<&'a str> {
        let mut out = Vec::new();
        while let Some(line) = self.lines.get(self.next) {
            if !line.blank && line.indent <= indent {
                break;
            }
            out.push(line.content);
            self.next += 1;
        }
        out
    }

    fn line(&mut self, line: Line<'a>, nodes: &mut Vec<Node>) {
        let c = line.content;
        let col = line.indent + 1;
        let pos = Loc {
            line: line.number,
            column: col,
        };
        let first = c.chars().next().unwrap_or(' ');
        if let Some(rest) = c.strip_prefix("//") {
            let body = self.nested_raw(line.indent);
            if !rest.starts_with('-') {
                let mut text = rest.to_string();
                for l in body {
                    text.push_str(l);
                }
                nodes.push(Node::Comment(Comment { pos, text }));
            }
        } else if let Some(rest) = c.strip_prefix('|') {
            let (text, skip) = match rest.strip_prefix(' ') {
                Some(t) => (t, 2),
                None => (rest, 1),
            };
            let tpos = Loc {
                line: line.number,
                column: col + skip,
            };
            self.check_text(text, tpos);
            push_text(
                nodes,
                Text {
                    pos: tpos,
                    raw: text.to_string(),
                    kind: TextKind::Line,
                },
            );
        } else if let Some(what) = line_construct(c) {
            // Whatever is nested under it belongs to it: skip, don't misread.
            self.errors.push(unsupported(line.number, col, what));
            self.nested_raw(line.indent);
        } else if first == '.' || first == '#' {
            self.tag(line, String::from("div"), 0, nodes);
        } else if first.is_ascii_alphabetic() {
            let word_len = tag_name_len(c);
            let word = &c[..word_len];
            let after = &c[word_len..];
            if KEYWORDS.contains(&word) && (after.is_empty() || after.starts_with(' '))
                || is_each(word, after)
            {
                self.errors.push(unsupported(
                    line.number,
                    col,
                    &format!("the Pug keyword `{word}`"),
                ));
                self.nested_raw(line.indent);
            } else if KNOWN_TAGS.contains(&word) {
                self.tag(line, word.to_string(), word_len, nodes);
            } else if KNOWN_TAGS.contains(&word.to_ascii_lowercase().as_str()) {
                let lower = word.to_ascii_lowercase();
                self.warnings.push(PugDiagnostic {
                    hint: Some(format!("write `{lower}`")),
                    ..diag(
                        Level::Warning,
                        "pug-repair",
                        line.number,
                        col,
                        format!("capitalised tag `{word}` read as `{lower}`"),
                    )
                });
                self.tag(line, lower, word_len, nodes);
            } else {
                self.text_without_pipe(line, word, nodes);
            }
        } else {
            let word = c.split(' ').next().unwrap_or(c);
            self.text_without_pipe(line, word, nodes);
        }
    }

    /// A text line whose author forgot the `|`: keep all of it as text.
    fn text_without_pipe(&mut self, line: Line<'a>, word: &str, nodes: &mut Vec<Node>) {
        let pos = Loc {
            line: line.number,
            column: line.indent + 1,
        };
        self.warnings.push(PugDiagnostic {
            hint: Some("start a text line with `| `".into()),
            ..diag(
                Level::Warning,
                "pug-repair",
                pos.line,
                pos.column,
                format!(
                    "text line without `|`: Pug would read `{word}` as a tag and drop it; kept as text"
                ),
            )
        });
        self.check_text(line.content, pos);
        push_text(
            nodes,
            Text {
                pos,
                raw: line.content.to_string(),
                kind: TextKind::Line,
            },
        );
        for node in self.block(Some(line.indent)) {
            push_node(nodes, node);
        }
    }

    /// A tag line: `name.class#id(attrs)` then nothing, ` text` or `.`.
    fn tag(&mut self, line: Line<'a>, name: String, name_len: usize, nodes: &mut Vec<Node>) {
        let c = line.content;
        let base = line.indent + 1;
        let col_at = |byte: usize| base + c[..byte].chars().count();
        let mut element = Element {
            name,
            pos: Loc {
                line: line.number,
                column: base,
            },
            classes: Vec::new(),
            id: None,
            attributes: Vec::new(),
            children: Vec::new(),
        };
        let mut i = name_len;
        let mut dot_block = false;
        let mut inline: Option<(usize, &str)> = None;
        let mut failed = false;
        while i < c.len() {
            let rest = &c[i..];
            let ch = rest.chars().next().unwrap_or(' ');
            let fail = |this: &mut Self, e: PugDiagnostic| {
                this.errors.push(e);
            };
            match ch {
                '.' | '#' => {
                    let len = rest[1..]
                        .find(|x: char| !is_name_char(x))
                        .unwrap_or(rest.len() - 1);
                    let ident = &rest[1..1 + len];
                    if ch == '.' && rest.len() == 1 {
                        dot_block = true;
                        i += 1;
                    } else if ch == '#'
                        && (rest[1..].starts_with('[') || rest[1..].starts_with('{'))
                    {
                        fail(
                            self,
                            unsupported(
                                line.number,
                                col_at(i),
                                "interpolation (`#[...]`, `#{...}`)",
                            ),
                        );
                        failed = true;
                        break;
                    } else if ident.is_empty()
                        || (ch == '.'
                            && !ident.chars().any(|x| x.is_ascii_alphabetic() || x == '_'))
                    {
                        fail(
                            self,
                            diag(
                                Level::Error,
                                "pug-syntax",
                                line.number,
                                col_at(i),
                                format!("`{ch}` must be followed by a class or id name"),
                            ),
                        );
                        failed = true;
                        break;
                    } else {
                        if ch == '.' {
                            element.classes.push(ident.to_string());
                        } else {
                            element.id = Some(ident.to_string());
                        }
                        i += 1 + len;
                    }
                }
                '(' => match self.attributes(line, i, &mut element) {
                    Some(end) => i = end,
                    None => {
                        failed = true;
                        break;
                    }
                },
                ' ' => {
                    inline = Some((i + 1, &rest[1..]));
                    break;
                }
                _ => {
                    fail(self, after_tag_error(ch, line.number, col_at(i)));
                    failed = true;
                    break;
                }
            }
        }
        if failed {
            self.nested_raw(line.indent);
            return;
        }
        if let Some((at, text)) = inline {
            let pos = Loc {
                line: line.number,
                column: col_at(at),
            };
            self.check_text(text, pos);
            element.children.push(Node::Text(Text {
                pos,
                raw: text.to_string(),
                kind: TextKind::Inline,
            }));
        }
        if dot_block {
            self.block_text(line.indent, &mut element.children);
        } else {
            for node in self.block(Some(line.indent)) {
                push_node(&mut element.children, node);
            }
        }
        nodes.push(Node::Element(element));
    }

    /// `(name="value" name="value")` starting at byte `start` of the line;
    /// returns the byte after `)`.
    fn attributes(&mut self, line: Line<'a>, start: usize, element: &mut Element) -> Option<usize> {
        let c = line.content;
        let base = line.indent + 1;
        let col_at = |byte: usize| base + c[..byte].chars().count();
        let mut i = start + 1;
        loop {
            let rest = &c[i..];
            let trimmed = rest.trim_start_matches([' ', ',']);
            i += rest.len() - trimmed.len();
            let rest = &c[i..];
            if rest.is_empty() {
                self.errors.push(unsupported(
                    line.number,
                    col_at(start),
                    "an attribute list that does not end on its line",
                ));
                return None;
            }
            if let Some(after) = rest.strip_prefix(')') {
                let _ = after;
                return Some(i + 1);
            }
            let name_len = rest
                .find(|x: char| !(is_name_char(x) || x == ':' || x == '@' || x == '.'))
                .unwrap_or(rest.len());
            if name_len == 0 {
                self.errors.push(diag(
                    Level::Error,
                    "pug-syntax",
                    line.number,
                    col_at(i),
                    "expected an attribute name".into(),
                ));
                return None;
            }
            let name = &rest[..name_len];
            let name_pos = Loc {
                line: line.number,
                column: col_at(i),
            };
            i += name_len;
            let after = c[i..].trim_start_matches(' ');
            let Some(value) = after.strip_prefix('=') else {
                self.errors.push(unsupported(
                    line.number,
                    name_pos.column,
                    &format!("the attribute `{name}` without a value"),
                ));
                return None;
            };
            let value = value.trim_start_matches(' ');
            i = c.len() - value.len();
            if value.starts_with('\'') {
                self.errors.push(unsupported(
                    line.number,
                    col_at(i),
                    "a single-quoted attribute value",
                ));
                return None;
            }
            let Some(body) = value.strip_prefix('"') else {
                self.errors.push(unsupported(
                    line.number,
                    col_at(i),
                    "an attribute value that is not a double-quoted string",
                ));
                return None;
            };
            let Some(end) = body.find('"') else {
                self.errors.push(unsupported(
                    line.number,
                    col_at(i),
                    "an attribute value that does not end on its line",
                ));
                return None;
            };
            let text = &body[..end];
            if text.contains('\\') {
                self.errors.push(unsupported(
                    line.number,
                    col_at(i),
                    "a backslash escape in an attribute value",
                ));
                return None;
            }
            if name == "class" || name == "id" {
                self.errors.push(unsupported(
                    line.number,
                    name_pos.column,
                    "a `class` or `id` attribute (use `.class` / `#id`)",
                ));
                return None;
            }
            element.attributes.push(Attribute {
                name: name.to_string(),
                value: text.to_string(),
                pos: name_pos,
            });
            i += 1 + end + 1;
        }
    }

    /// The lines of a `tag.` block: text up to the next line that is not
    /// indented deeper than the tag. Blank lines are kept, as Pug does.
    fn block_text(&mut self, indent: usize, children: &mut Vec<Node>) {
        let mut lines = Vec::new();
        while let Some(line) = self.lines.get(self.next) {
            if !line.blank && line.indent <= indent {
                break;
            }
            lines.push(*line);
            self.next += 1;
        }
        // Blank lines at the end only belong to the block if text follows
        // them inside it; Pug keeps them as newlines either way.
        let base = lines.iter().find(|l| !l.blank).map_or(0, |l| l.indent);
        for (k, line) in lines.iter().enumerate() {
            if k > 0 {
                children.push(newline(line.number));
            }
            if line.blank {
                continue;
            }
            let strip = line.indent.min(base);
            let pos = Loc {
                line: line.number,
                column: strip + 1,
            };
            let raw = format!("{}{}", " ".repeat(line.indent - strip), line.content);
            self.check_text(&raw, pos);
            children.push(Node::Text(Text {
                pos,
                raw,
                kind: TextKind::Line,
            }));
        }
    }

    /// Interpolation and inline HTML inside text are not supported.
    fn check_text(&mut self, text: &str, pos: Loc) {
        // Every construct below starts with one of these bytes.
        if !text.bytes().any(|b| matches!(b, b'#' | b'!' | b'<')) {
            return;
        }
        let mut prev = '\0';
        for (k, (byte, ch)) in text.char_indices().enumerate() {
            let next = text[byte + ch.len_utf8()..].chars().next().unwrap_or(' ');
            let column = pos.column + k;
            if (ch == '#' || ch == '!')
                && (next == '{' || (ch == '#' && next == '['))
                && prev != '\\'
            {
                self.errors.push(unsupported(
                    pos.line,
                    column,
                    "interpolation (`#[...]`, `#{...}`)",
                ));
            } else if ch == '<'
                && (next.is_ascii_alphabetic() || next == '/' || next == '!' || next == '?')
            {
                self.errors
                    .push(unsupported(pos.line, column, "an HTML tag inside text"));
            }
            prev = ch;
        }
    }
}

/// Unsupported constructs recognised by how their line starts.
fn line_construct(c: &str) -> Option<&'static str> {
    let what = match c.chars().next()? {
        '<' => "a raw HTML line",
        '-' => "a code line (`-`)",
        '=' => "buffered code (`=`, `!=`)",
        '!' if c.starts_with("!=") => "buffered code (`=`, `!=`)",
        '+' => "a mixin call (`+`)",
        ':' => "a filter (`:name`)",
        '#' | '!' if c[1..].starts_with('[') || c[1..].starts_with('{') => {
            "interpolation (`#[...]`, `#{...}`)"
        }
        _ => return None,
    };
    Some(what)
}

/// Pug's tag-name rule: word characters, `-` and `:` inside, ending on a
/// word character.
fn tag_name_len(s: &str) -> usize {
    let len = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == ':'))
        .unwrap_or(s.len());
    s[..len].trim_end_matches(['-', ':']).len()
}

fn is_each(word: &str, after: &str) -> bool {
    (word == "each" || word == "for") && {
        let words: Vec<&str> = after.split_whitespace().collect();
        words.len() >= 3 && (words[1] == "in" || words.get(2) == Some(&"in"))
    }
}

fn newline(line: usize) -> Node {
    Node::Text(Text {
        pos: Loc { line, column: 1 },
        raw: "\n".into(),
        kind: TextKind::Newline,
    })
}

/// Pug joins two text lines that follow each other with a newline, and
/// nothing else: no space between text and an inline tag.
fn push_text(nodes: &mut Vec<Node>, text: Text) {
    if let Some(Node::Text(prev)) = nodes.last() {
        if prev.kind == TextKind::Line && text.kind == TextKind::Line {
            let line = text.pos.line;
            nodes.push(newline(line));
        }
    }
    nodes.push(Node::Text(text));
}

fn push_node(nodes: &mut Vec<Node>, node: Node) {
    match node {
        Node::Text(t) if t.kind == TextKind::Line => push_text(nodes, t),
        other => nodes.push(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html::render;

    fn html(src: &str) -> String {
        render(&parse(src).expect("parses").document.children)
    }

    fn errors(src: &str) -> Vec<(usize, usize, &'static str)> {
        parse(src)
            .expect_err("must fail")
            .into_iter()
            .map(|e| (e.pos.line, e.pos.column, e.code))
            .collect()
    }

    fn warnings(src: &str) -> Vec<(usize, usize, String)> {
        parse(src)
            .expect("parses")
            .warnings
            .into_iter()
            .map(|w| (w.pos.line, w.pos.column, w.message))
            .collect()
    }

    #[test]
    fn text_lines_join_with_newline_and_inline_tags_with_nothing() {
        assert_eq!(html("p\n  | foo \n  | bar\n"), "<p>foo \nbar</p>");
        assert_eq!(html("p\n  | a\n\n  | b\n"), "<p>a\nb</p>");
        assert_eq!(
            html("li Some text\n  | more\n  a(href=\"x\") y\n  | z\n"),
            "<li>Some textmore<a href=\"x\">y</a>z</li>"
        );
        assert_eq!(
            html("p\n  | on \n  a(href=\"x\") y\n  | &nbsp;en z\n"),
            "<p>on <a href=\"x\">y</a>&nbsp;en z</p>"
        );
        assert_eq!(html("p\n  | x\n  // c\n  | y\n"), "<p>x<!-- c-->y</p>");
    }

    #[test]
    fn pipe_strips_exactly_one_space() {
        assert_eq!(html("p\n  |text\n  |  two\n"), "<p>text\n two</p>");
    }

    #[test]
    fn dot_blocks_keep_lines_relative_indent_and_blank_lines() {
        assert_eq!(
            html("p.\n  line1\n    deeper\n  line3\n\n\nh3 x\n"),
            "<p>line1\n  deeper\nline3\n\n</p><h3>x</h3>"
        );
        assert_eq!(
            html("p.boxed.\n  a\n\n  b\n"),
            "<p class=\"boxed\">a\n\nb</p>"
        );
    }

    #[test]
    fn indentation_steps_of_one_to_four() {
        for step in 1..=4 {
            let i = " ".repeat(step);
            let src = format!("ul\n{i}li\n{i}{i}| a\n{i}li b\np c\n");
            assert_eq!(
                html(&src),
                "<ul><li>a</li><li>b</li></ul><p>c</p>",
                "step {step}"
            );
        }
        // A deeper step inside a shallower file (Interweave/es.pug:117).
        assert_eq!(
            html("p\n  a(href=\"x\")\n     | t\n  | u\n"),
            "<p><a href=\"x\">t</a>u</p>"
        );
    }

    #[test]
    fn classes_ids_and_attributes() {
        assert_eq!(
            html("figure.diagram-container\n  .diagram.diag12\n    | fen:8/8:\n#links\nimg.img-center(src=\"/a.png\" style=\"width:50%\")\n"),
            "<figure class=\"diagram-container\"><div class=\"diagram diag12\">fen:8/8:</div></figure><div id=\"links\"></div><img class=\"img-center\" src=\"/a.png\" style=\"width:50%\">"
        );
        let doc = parse("p\n  a(href=\"x\") y\n").expect("parses").document;
        let Node::Element(p) = &doc.children[0] else {
            panic!()
        };
        let Node::Element(a) = &p.children[0] else {
            panic!()
        };
        assert_eq!(a.attributes[0].pos, Loc { line: 2, column: 5 });
        let Node::Text(t) = &a.children[0] else {
            panic!()
        };
        assert_eq!(
            t.pos,
            Loc {
                line: 2,
                column: 15
            }
        );
    }

    #[test]
    fn comments_are_invisible() {
        assert_eq!(
            html("//h3 More\n//p\n  a(href=\"x\") y\np k\n//- hidden\n  stuff\n"),
            "<!--h3 More--><!--pa(href=\"x\") y--><p>k</p>"
        );
    }

    #[test]
    fn crlf_and_bom_are_read() {
        assert_eq!(html("\u{feff}p\r\n  | a\r\n"), "<p>a</p>");
    }

    #[test]
    fn text_line_without_pipe_is_kept_and_warned() {
        assert_eq!(
            html("p\n  | cherchez\n  avec les mots\n  a(href=\"x\") y\n"),
            "<p>cherchez\navec les mots<a href=\"x\">y</a></p>"
        );
        let w = warnings("p\n  | cherchez\n  avec les mots\n");
        assert_eq!(w.len(), 1);
        assert_eq!((w[0].0, w[0].1), (3, 3));
        assert!(w[0].2.contains("`avec`"));
        // Nested lines under such a line (faq/es.pug:67-68) are text too.
        assert_eq!(
            html("li\n  Copie el\n    larga y\n"),
            "<li>Copie el\nlarga y</li>"
        );
        assert_eq!(warnings("li\n  Copie el\n    larga y\n").len(), 2);
        // Lines that Pug cannot even read as tags are text as well.
        assert_eq!(html("p\n  1.e4 e5\n  Échecs\n"), "<p>1.e4 e5\nÉchecs</p>");
    }

    #[test]
    fn capitalised_tags_are_lowercased_and_warned() {
        assert_eq!(
            html("P Hola\nul\n  Li uno\nfigure\n  Figcaption x\n"),
            "<p>Hola</p><ul><li>uno</li></ul><figure><figcaption>x</figcaption></figure>"
        );
        let w = warnings("P Hola\n");
        assert_eq!((w[0].0, w[0].1), (1, 1));
        assert!(w[0].2.contains("`P`"));
    }

    #[test]
    fn unescaped_text_stays_visible() {
        assert_eq!(
            html("p a <--> b => c & d & nbsp; &mdash;\n"),
            "<p>a &lt;--&gt; b =&gt; c &amp; d &amp; nbsp; &mdash;</p>"
        );
    }

    #[test]
    fn unsupported_constructs_are_errors_with_positions() {
        assert_eq!(errors("p\n  | a #[b c] d\n"), [(2, 7, "pug-unsupported")]);
        assert_eq!(errors("p Hi #{name}\n"), [(1, 6, "pug-unsupported")]);
        assert_eq!(errors("p= x\n"), [(1, 2, "pug-unsupported")]);
        assert_eq!(errors("p!= x\n"), [(1, 2, "pug-unsupported")]);
        assert_eq!(errors("p\n  = x\n"), [(2, 3, "pug-unsupported")]);
        assert_eq!(errors("- var x = 1\n"), [(1, 1, "pug-unsupported")]);
        assert_eq!(errors("include foo.pug\n"), [(1, 1, "pug-unsupported")]);
        assert_eq!(errors("extends layout\n"), [(1, 1, "pug-unsupported")]);
        assert_eq!(errors("mixin m\n  p x\n"), [(1, 1, "pug-unsupported")]);
        assert_eq!(errors("if x\n  p y\n"), [(1, 1, "pug-unsupported")]);
        assert_eq!(errors("each x in xs\n  p y\n"), [(1, 1, "pug-unsupported")]);
        assert_eq!(errors(":markdown\n  # x\n"), [(1, 1, "pug-unsupported")]);
        assert_eq!(
            errors("ul\n  li: a(href=\"x\") y\n"),
            [(2, 5, "pug-unsupported")]
        );
        assert_eq!(errors("p\n\tp x\n"), [(2, 1, "pug-unsupported")]);
        assert_eq!(errors("a(href='x') y\n"), [(1, 8, "pug-unsupported")]);
        assert_eq!(
            errors("a(href=\"x\"\n  src=\"y\") z\n"),
            [(1, 2, "pug-unsupported")]
        );
        assert_eq!(errors("a(href=url) z\n"), [(1, 8, "pug-unsupported")]);
        assert_eq!(errors("br/\n"), [(1, 3, "pug-unsupported")]);
        assert_eq!(errors("<div>x</div>\n"), [(1, 1, "pug-unsupported")]);
        assert_eq!(
            errors("p\n  | a <b>c</b>\n"),
            [(2, 7, "pug-unsupported"), (2, 11, "pug-unsupported")]
        );
        assert_eq!(errors("+m(1)\n"), [(1, 1, "pug-unsupported")]);
    }

    #[test]
    fn every_error_of_a_file_is_reported() {
        assert_eq!(
            errors("p= x\np\n  | ok\n  | #{y}\nul\n    li a\n  li b\n"),
            [
                (1, 2, "pug-unsupported"),
                (4, 5, "pug-unsupported"),
                (7, 3, "pug-syntax")
            ]
        );
    }

    #[test]
    fn nesting_past_the_limit_is_an_error_at_its_line_not_a_crash() {
        // Five thousand levels overflowed the stack (SIGABRT) before the limit.
        let mut src = String::new();
        for i in 0..5000 {
            src.push_str(&" ".repeat(i));
            src.push_str("div\n");
        }
        let errs = errors(&src);
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert_eq!(errs[0], (MAX_DEPTH + 1, MAX_DEPTH + 1, "pug-syntax"));
        let ok: String = (0..MAX_DEPTH)
            .map(|i| format!("{}div\n", " ".repeat(i)))
            .collect();
        assert!(parse(&ok).is_ok());
    }

    #[test]
    fn never_panics_on_odd_input() {
        let samples = [
            "",
            "\n",
            "|",
            "||",
            ".",
            "#",
            "(",
            "p(",
            "p()",
            "p(=",
            "p(a=\"",
            "p.\n",
            "p.\n\n\n",
            "é",
            "\u{0}",
            "\r",
            "p\n    | a\n  | b\n| c",
            "a(href=\"\")",
            "p #",
            "p.#",
            "p..x",
            ".-",
            "fen:",
            "p fen:x",
            "#{",
            "!{",
            "//",
            "//-",
            "  \n    \n",
            "p\n\u{a0}| x",
            "ĳ(x=\"y\")",
            "p\t",
            "a(b=\"c\"d)",
            "a( )",
            "a(,)",
            "p.a#b(c=\"d\").e f",
        ];
        for s in samples {
            let _ = parse(s);
            let _ = crate::convert(s);
        }
        // Pseudo-random byte soup over Pug's special characters.
        let alphabet: Vec<char> = "p.#(|)=\"' \n\t:&;-/!{}[]<>a1é\u{a0}\r".chars().collect();
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..3000 {
            let mut s = String::new();
            for _ in 0..(seed % 40) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                s.push(alphabet[(seed % alphabet.len() as u64) as usize]);
            }
            let _ = crate::convert(&s);
        }
    }
}
