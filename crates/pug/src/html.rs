//! Syntax tree → HTML, the way pug 2.0.4 prints it (no pretty-printing),
//! except that text is made valid HTML: a `&` that starts no reference and
//! every `<`/`>` are escaped, so `<-->` or `& nbsp;` show as written.

use crate::ast::{Element, Node};
use crate::entity;

const VOID: &[&str] = &["br", "img", "hr", "wbr", "input", "col"];

/// Render nodes (e.g. `Document::children`) to an HTML fragment.
pub fn render(nodes: &[Node]) -> String {
    let mut out = String::new();
    for node in nodes {
        node_html(node, &mut out);
    }
    out
}

fn node_html(node: &Node, out: &mut String) {
    match node {
        Node::Text(t) => text_html(&t.raw, out),
        Node::Comment(c) => {
            out.push_str("<!--");
            out.push_str(&c.text.replace("--", "- -"));
            out.push_str("-->");
        }
        Node::Element(e) => {
            out.push_str(&open_tag(e));
            if !VOID.contains(&e.name.as_str()) {
                for child in &e.children {
                    node_html(child, out);
                }
                out.push_str("</");
                out.push_str(&e.name);
                out.push('>');
            }
        }
    }
}

/// `<name class=".." id=".." attr="..">` in Pug's attribute order.
pub fn open_tag(e: &Element) -> String {
    let mut out = format!("<{}", e.name);
    if !e.classes.is_empty() {
        out.push_str(" class=\"");
        out.push_str(&escape(&e.classes.join(" ")));
        out.push('"');
    }
    if let Some(id) = &e.id {
        out.push_str(" id=\"");
        out.push_str(&escape(id));
        out.push('"');
    }
    for a in &e.attributes {
        out.push(' ');
        out.push_str(&a.name);
        out.push_str("=\"");
        out.push_str(&escape(&a.value));
        out.push('"');
    }
    out.push('>');
    out
}

/// Escapes text for HTML text and quoted attributes: the one HTML escaper
/// of fenpress (the site's templates, diagrams and search pages use it too).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Raw Pug text → HTML text showing the same characters.
pub fn text_html(raw: &str, out: &mut String) {
    let mut i = 0;
    while i < raw.len() {
        let rest = &raw[i..];
        let Some(c) = rest.chars().next() else { break };
        match c {
            '&' => match entity::decode_at(rest) {
                Some((_, len)) => {
                    out.push_str(&rest[..len]);
                    i += len;
                    continue;
                }
                None => out.push_str("&amp;"),
            },
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
        i += c.len_utf8();
    }
}

#[cfg(test)]
mod tests {
    use crate::parser::parse;

    fn html(src: &str) -> String {
        super::render(&parse(src).expect("parses").document.children)
    }

    #[test]
    fn prints_like_pug() {
        assert_eq!(
            html("p\n  | foo\n  a(href=\"x\") bar\n  | baz\n"),
            "<p>foo<a href=\"x\">bar</a>baz</p>"
        );
        assert_eq!(
            html("img.c(src=\"s.png\")\n#links.x y\n"),
            "<img class=\"c\" src=\"s.png\"><div class=\"x\" id=\"links\">y</div>"
        );
    }

    #[test]
    fn escapes_what_pug_passes_through() {
        assert_eq!(
            html("p a <--> b & nbsp; &nbsp;=>\n"),
            "<p>a &lt;--&gt; b &amp; nbsp; &nbsp;=&gt;</p>"
        );
    }
}
