//! Markdown to HTML with pulldown-cmark; ```diagram blocks are handed to the
//! diagram step instead of being printed as code.

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

/// Render Markdown (CommonMark + GFM tables) to an HTML fragment; each
/// diagram block is replaced by what `render_diagram` returns (raw HTML).
pub fn render(markdown: &str, render_diagram: &mut dyn FnMut(&DiagramBlock) -> String) -> String {
    let _ = (markdown, render_diagram);
    String::new()
}
