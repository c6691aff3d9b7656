//! Piece SVGs rebuilt from an allowlist before use. A piece set's file is
//! inlined into every page that shows the piece and drawn into og:images,
//! so it is parsed as XML and written anew with only drawing elements and
//! presentation attributes: no script, no event handler, no `<style>`
//! (inline SVG's CSS would restyle the whole page), no `<image>`,
//! `<foreignObject>` or `<feImage>`, no reference but to a `#fragment` of
//! the same file. What was dropped because it could run script or load
//! something is reported (at its line and column in the file); editor
//! metadata and unknown elements are dropped silently.

use std::fmt::Write as _;

/// Largest piece file read (a piece is a few KB; the largest of vchess's
/// sets is under 200 KB).
pub const MAX_PIECE_BYTES: u64 = 1 << 20;

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XLINK_NS: &str = "http://www.w3.org/1999/xlink";

/// Drawing elements kept (SVG namespace). `<svg>` nested inside is kept
/// as a drawing too.
const ELEMENTS: &[&str] = &[
    "svg",
    "g",
    "defs",
    "symbol",
    "use",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "linearGradient",
    "radialGradient",
    "stop",
    "pattern",
    "clipPath",
    "mask",
    "marker",
    "filter",
    "feGaussianBlur",
    "feOffset",
    "feBlend",
    "feFlood",
    "feComposite",
    "feMerge",
    "feMergeNode",
    "feColorMatrix",
    "feMorphology",
    "feComponentTransfer",
    "feFuncR",
    "feFuncG",
    "feFuncB",
    "feFuncA",
];

/// Elements dropped with a finding: they run script, load a resource,
/// embed a document, animate an attribute (a link's target among them) or
/// style the page around the drawing.
const REPORTED: &[&str] = &[
    "script",
    "foreignObject",
    "image",
    "feImage",
    "style",
    "a",
    "animate",
    "animateMotion",
    "animateTransform",
    "set",
    "iframe",
    "object",
    "embed",
    "handler",
    "listener",
];

/// Attributes kept (no namespace). `href` (and `xlink:href`, written back
/// as `href`) only as `#fragment`.
const ATTRIBUTES: &[&str] = &[
    "id",
    "class",
    "d",
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "fx",
    "fy",
    "fr",
    "dx",
    "dy",
    "width",
    "height",
    "points",
    "pathLength",
    "transform",
    "viewBox",
    "preserveAspectRatio",
    "style",
    "fill",
    "fill-opacity",
    "fill-rule",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-opacity",
    "opacity",
    "color",
    "display",
    "visibility",
    "overflow",
    "clip-path",
    "clip-rule",
    "clipPathUnits",
    "mask",
    "maskUnits",
    "maskContentUnits",
    "filter",
    "filterUnits",
    "primitiveUnits",
    "offset",
    "stop-color",
    "stop-opacity",
    "gradientUnits",
    "gradientTransform",
    "spreadMethod",
    "patternUnits",
    "patternContentUnits",
    "patternTransform",
    "markerWidth",
    "markerHeight",
    "markerUnits",
    "refX",
    "refY",
    "orient",
    "marker-start",
    "marker-mid",
    "marker-end",
    "shape-rendering",
    "image-rendering",
    "color-interpolation-filters",
    "flood-color",
    "flood-opacity",
    "in",
    "in2",
    "result",
    "mode",
    "operator",
    "k1",
    "k2",
    "k3",
    "k4",
    "stdDeviation",
    "values",
    "type",
    "radius",
    "tableValues",
    "slope",
    "intercept",
    "amplitude",
    "exponent",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "text-anchor",
    "dominant-baseline",
    "letter-spacing",
    "enable-background",
];

/// Something a piece file held that could run script or load a resource:
/// where it is (1-based) and what it was. It is not in the rebuilt file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dropped {
    pub line: u32,
    pub column: u32,
    pub what: String,
}

/// A piece file rebuilt: a standalone `<svg>` document of its allowed
/// content, and what was dropped for safety.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rebuilt {
    pub svg: String,
    pub dropped: Vec<Dropped>,
}

/// Parse `text` as SVG and write it anew from the allowlist. An error is
/// a file that is not well-formed XML or whose root is not `<svg>`, as
/// (line, column, message).
pub fn rebuild(text: &str) -> Result<Rebuilt, (u32, u32, String)> {
    let options = roxmltree::ParsingOptions {
        // Editors write doctypes; entities are expanded by the parser,
        // which refuses recursive ones and caps the nodes.
        allow_dtd: true,
        nodes_limit: 200_000,
        // No external entity is ever read.
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options).map_err(|e| {
        let pos = e.pos();
        (pos.row, pos.col, e.to_string())
    })?;
    let root = doc.root_element();
    if root.tag_name().name() != "svg" || root.tag_name().namespace() != Some(SVG_NS) {
        let pos = doc.text_pos_at(root.range().start);
        return Err((
            pos.row,
            pos.col,
            "the root element is not an SVG <svg> element".into(),
        ));
    }
    let mut out = Rebuilt {
        svg: String::with_capacity(text.len() / 2),
        dropped: Vec::new(),
    };
    write_element(&doc, root, true, &mut out);
    Ok(out)
}

fn drop_at(doc: &roxmltree::Document, at: usize, what: String, out: &mut Rebuilt) {
    let pos = doc.text_pos_at(at);
    out.dropped.push(Dropped {
        line: pos.row,
        column: pos.col,
        what,
    });
}

/// Writes `node` and its allowed content (iteratively: a deep file must
/// not overflow the stack).
fn write_element(
    doc: &roxmltree::Document,
    node: roxmltree::Node,
    is_root: bool,
    out: &mut Rebuilt,
) {
    // (node, closing): a close marker after each written element's children.
    let mut stack: Vec<(roxmltree::Node, bool, bool)> = vec![(node, false, is_root)];
    while let Some((node, closing, root)) = stack.pop() {
        if closing {
            let _ = write!(out.svg, "</{}>", node.tag_name().name());
            continue;
        }
        if node.is_text() {
            let in_text = node
                .parent_element()
                .is_some_and(|p| matches!(p.tag_name().name(), "text" | "tspan"));
            if in_text {
                out.svg
                    .push_str(&super::svg::escape(node.text().unwrap_or_default()));
            }
            continue;
        }
        if !node.is_element() {
            continue;
        }
        let tag = node.tag_name();
        let name = tag.name();
        let svg_ns = tag.namespace() == Some(SVG_NS);
        if !svg_ns || !ELEMENTS.contains(&name) {
            let foreign_html = tag.namespace() == Some("http://www.w3.org/1999/xhtml");
            if (svg_ns && REPORTED.contains(&name)) || foreign_html {
                drop_at(
                    doc,
                    node.range().start,
                    format!("a <{name}> element (removed)"),
                    out,
                );
            }
            continue;
        }
        out.svg.push('<');
        out.svg.push_str(name);
        if root {
            let _ = write!(out.svg, " xmlns=\"{SVG_NS}\"");
        }
        for attr in node.attributes() {
            write_attribute(doc, attr, out);
        }
        out.svg.push('>');
        stack.push((node, true, false));
        let children: Vec<_> = node.children().collect();
        for child in children.into_iter().rev() {
            stack.push((child, false, false));
        }
    }
}

fn write_attribute(doc: &roxmltree::Document, attr: roxmltree::Attribute, out: &mut Rebuilt) {
    let name = attr.name();
    let value = attr.value();
    let at = attr.range().start;
    let is_href = name == "href" && matches!(attr.namespace(), None | Some(XLINK_NS));
    if is_href {
        if value.trim_start().starts_with('#') && !value.contains(['(', ':']) {
            let _ = write!(out.svg, " href=\"{}\"", super::svg::escape(value.trim()));
        } else {
            drop_at(
                doc,
                at,
                format!("a reference to `{value}` (only `#id` references are kept)"),
                out,
            );
        }
        return;
    }
    if attr.namespace().is_some() {
        return;
    }
    let lower = name.to_ascii_lowercase();
    if lower.starts_with("on") {
        drop_at(doc, at, format!("event-handler attribute `{name}`"), out);
        return;
    }
    if !ATTRIBUTES.contains(&name) {
        return;
    }
    if let Some(why) = unsafe_value(value) {
        drop_at(doc, at, format!("attribute `{name}`: {why}"), out);
        return;
    }
    let _ = write!(out.svg, " {name}=\"{}\"", super::svg::escape(value));
}

/// Why a presentation value could load something or run script: a
/// `url(...)` that is not `url(#id)`, a CSS escape or `@import`, or a
/// script URL.
fn unsafe_value(value: &str) -> Option<&'static str> {
    let lower: String = value
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    if lower.contains('\\') {
        return Some("a CSS escape");
    }
    if lower.contains("@import") || lower.contains("expression(") {
        return Some("a CSS import or expression");
    }
    let mut rest = lower.as_str();
    while let Some(i) = rest.find("url(") {
        let target = rest[i + 4..].trim_start_matches(['"', '\'']);
        if !target.starts_with('#') {
            return Some("a url() that is not a `#id` of the file");
        }
        rest = &rest[i + 4..];
    }
    crate::unsafe_markup::unsafe_url(value).map(|_| "a script or data URL")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawing_is_kept_and_references_stay_inside() {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\" viewBox=\"0 0 45 45\" inkscape:version=\"1\"><metadata>x</metadata><defs><linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"#fff\"/></linearGradient></defs><path d=\"M0 0L5 5\" style=\"fill:url(#g);stroke:#000\"/><use xlink:href=\"#g\"/><text x=\"1\">a&lt;b</text></svg>";
        let r = rebuild(text).unwrap();
        assert_eq!(r.dropped, []);
        assert_eq!(
            r.svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 45 45\"><defs><linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"#fff\"></stop></linearGradient></defs><path d=\"M0 0L5 5\" style=\"fill:url(#g);stroke:#000\"></path><use href=\"#g\"></use><text x=\"1\">a&lt;b</text></svg>"
        );
    }

    #[test]
    fn script_handlers_and_references_are_dropped_and_reported() {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" onload=\"alert(1)\">\n\
            <script>alert(2)</script>\n\
            <image href=\"/etc/passwd.png\" width=\"9\"/>\n\
            <use xlink:href=\"/dev/zero#x\"/><use href=\"javascript:alert(3)\"/>\n\
            <foreignObject><iframe xmlns=\"http://www.w3.org/1999/xhtml\" srcdoc=\"x\"/></foreignObject>\n\
            <path style=\"fill:url(https://evil/x.svg#a)\" fill=\"url(/dev/zero)\" d=\"M0 0\"/>\n\
            <style>@import url(//evil);</style><a href=\"javascript:x\"><rect/></a>\n\
            <set attributeName=\"href\" to=\"javascript:x\"/><rect style=\"b\\61 ckground:u\\72l(x)\"/>\n\
            </svg>";
        let r = rebuild(text).unwrap();
        let lines: Vec<u32> = r.dropped.iter().map(|d| d.line).collect();
        assert_eq!(
            lines,
            [1, 2, 3, 4, 4, 5, 6, 6, 7, 7, 8, 8],
            "{:?}",
            r.dropped
        );
        let found = crate::unsafe_markup::find(&r.svg, &|_| false);
        assert!(found.is_empty(), "{found:?} in {}", r.svg);
        for gone in [
            "script",
            "image",
            "iframe",
            "foreignObject",
            "url(h",
            "url(/",
            "style>",
            "<a",
            "<set",
            "\\",
        ] {
            assert!(!r.svg.contains(gone), "{gone} in {}", r.svg);
        }
        assert!(r.svg.contains("<path d=\"M0 0\"></path>"), "{}", r.svg);
    }

    #[test]
    fn not_svg_or_not_xml_is_an_error_at_its_place() {
        assert_eq!(rebuild("<html/>").unwrap_err().0, 1);
        assert!(rebuild("<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g>").is_err());
        // Entities that expand without end are refused, not expanded.
        let laughs = "<!DOCTYPE svg [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\"><!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\"><!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\"><!ENTITY g \"&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;\">]><svg xmlns=\"http://www.w3.org/2000/svg\"><text>&g;&g;&g;&g;&g;&g;&g;&g;</text></svg>";
        if let Ok(r) = rebuild(laughs) {
            assert!(r.svg.len() < 200_000_000);
        }
    }
}
