//! The syntax tree of a Pug page: elements, text runs and comments, each with
//! the source position it came from. Text is kept raw (Pug does not escape
//! it): entities are decoded only by the renderers.

use crate::Loc;

/// A parsed Pug page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Document {
    pub children: Vec<Node>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    Element(Element),
    Text(Text),
    Comment(Comment),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    /// Lowercase tag name (`div` for a bare `.class` line).
    pub name: String,
    pub pos: Loc,
    pub classes: Vec<String>,
    pub id: Option<String>,
    pub attributes: Vec<Attribute>,
    pub children: Vec<Node>,
}

impl Element {
    pub fn has_class(&self, class: &str) -> bool {
        self.classes.iter().any(|c| c == class)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribute {
    pub name: String,
    pub value: String,
    pub pos: Loc,
}

/// One run of text from one source line, or the newline Pug inserts between
/// two consecutive text lines (`kind == TextKind::Newline`, `raw == "\n"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    pub pos: Loc,
    pub raw: String,
    pub kind: TextKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    /// `| text`, or a line of a `tag.` block.
    Line,
    /// `tag text` on the tag's own line.
    Inline,
    /// The newline joining two text lines.
    Newline,
}

/// A `//` comment (rendered as an invisible HTML comment); `//-` comments are
/// dropped by the parser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    pub pos: Loc,
    pub text: String,
}

/// Visit every text run below `nodes` in document order.
pub fn for_each_text<'a>(nodes: &'a [Node], f: &mut dyn FnMut(&'a Text)) {
    for node in nodes {
        match node {
            Node::Text(t) => f(t),
            Node::Element(e) => for_each_text(&e.children, f),
            Node::Comment(_) => {}
        }
    }
}
