//! Drawing a diagram as inline SVG: squares, holes left out, pieces, marks,
//! shadows, coordinates, orientation. Colours are CSS custom properties
//! (with fallbacks for standalone files and resvg) so a theme or dark mode
//! restyles every diagram without a rebuild.

use std::fmt::Write;

use super::board::{read_board, Cell, Layout, Square};
use super::describe::describe;
use super::spec::{BoardSpec, DiagramSpec, Orientation, Shadow};

/// Side of one square in SVG user units.
const SQ: usize = 10;
/// Room left of the board for rank numbers and below it for file letters.
const LEFT: usize = 6;
const TOP: usize = 1;
const BOTTOM: usize = 6;
const RIGHT: usize = 1;

/// One board drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardDrawing {
    pub svg: String,
    /// Why the board text does not fit a rectangular board, if it does not.
    pub malformed: Option<String>,
}

/// A diagram drawn: its HTML and, per board (0 = first, 1 = after), the
/// malformation found while drawing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramDrawing {
    pub html: String,
    pub problems: Vec<(usize, String)>,
}

/// Draw a whole diagram (one board, or a before/after pair side by side)
/// with its caption, as an HTML fragment.
pub fn draw_diagram(page_variant: &str, spec: &DiagramSpec) -> DiagramDrawing {
    let variant = spec.variant.as_deref().unwrap_or(page_variant);
    let first = draw_board(variant, &spec.board);
    let mut problems = Vec::new();
    if let Some(why) = &first.malformed {
        problems.push((0, why.clone()));
    }
    let mut html = String::from("<figure class=\"fp-diagram\">");
    match &spec.after {
        None => html.push_str(&first.svg),
        Some(after) => {
            let second = draw_board(variant, &after.board);
            if let Some(why) = &second.malformed {
                problems.push((1, why.clone()));
            }
            html.push_str("<div class=\"fp-pair\">");
            html.push_str(&first.svg);
            html.push_str("<span class=\"fp-arrow\" aria-hidden=\"true\">→</span>");
            html.push_str(&second.svg);
            html.push_str("</div>");
        }
    }
    if let Some(caption) = spec.caption.as_deref().filter(|c| !c.trim().is_empty()) {
        let _ = write!(
            html,
            "<figcaption>{}</figcaption>",
            inline_markdown(caption.trim())
        );
    }
    html.push_str("</figure>");
    DiagramDrawing { html, problems }
}

/// Draw one board as an `<svg>` element carrying `data-fen`.
pub fn draw_board(variant: &str, spec: &BoardSpec) -> BoardDrawing {
    let layout = read_board(variant, &spec.board);
    let (rows, cols) = (layout.shape.rows, layout.shape.cols);
    let flip = spec.orientation == Orientation::Black;
    // Where a grid cell (row 0 = top rank of the FEN) is drawn.
    let origin = |row: usize, col: usize| -> (usize, usize) {
        let (r, c) = if flip {
            (rows - 1 - row, cols - 1 - col)
        } else {
            (row, col)
        };
        (LEFT + c * SQ, TOP + r * SQ)
    };
    let width = LEFT + cols * SQ + RIGHT;
    let height = TOP + rows * SQ + BOTTOM;
    let alt = describe(&layout, spec);
    let malformed = layout.shape.malformed.clone();

    let mut svg = String::with_capacity(2048);
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" class=\"fp-board{}\" role=\"img\" aria-label=\"{}\" data-fen=\"{}\"><title>{}</title>",
        if malformed.is_some() { " fp-malformed" } else { "" },
        escape(&alt),
        escape(&spec.vchess_text()),
        escape(&alt),
    );

    // Squares: with no holes, one light rectangle under the dark squares
    // keeps the output small; with holes, every square is drawn.
    let has_holes = layout.cells.contains(&Cell::Hole);
    let (mut light, mut dark) = (String::new(), String::new());
    for row in 0..rows {
        for col in 0..cols {
            if layout.cell(row, col) == Cell::Hole {
                continue;
            }
            let square = layout.square_at(row, col);
            let (x, y) = origin(row, col);
            let is_dark = (usize::from(square.file) + usize::from(square.rank)) % 2 == 1;
            if is_dark {
                let _ = write!(dark, "M{x} {y}h{SQ}v{SQ}h-{SQ}z");
            } else if has_holes {
                let _ = write!(light, "M{x} {y}h{SQ}v{SQ}h-{SQ}z");
            }
        }
    }
    if has_holes {
        path(&mut svg, &light, "fp-light", "--fp-light", "#f0d9b5");
    } else {
        let _ = write!(
            svg,
            "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" class=\"fp-light\" fill=\"#f0d9b5\" style=\"fill:var(--fp-light,#f0d9b5)\"/>",
            cols * SQ,
            rows * SQ
        );
    }
    path(&mut svg, &dark, "fp-dark", "--fp-dark", "#b58863");

    let mut shade = String::new();
    for (row, col) in shadowed(&layout, &spec.shadow) {
        let (x, y) = origin(row, col);
        let _ = write!(shade, "M{x} {y}h{SQ}v{SQ}h-{SQ}z");
    }
    path(
        &mut svg,
        &shade,
        "fp-shadow",
        "--fp-shadow",
        "rgba(0,0,0,.55)",
    );

    coordinates(&mut svg, &layout, flip);

    let mut pieces = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            if let Cell::Piece(c) = layout.cell(row, col) {
                let (x, y) = origin(row, col);
                pieces.push((x + SQ / 2, y + SQ / 2, c));
            }
        }
    }
    draw_pieces(&mut svg, &pieces);

    // Marks last so they stay visible over pieces: a dot on an empty
    // square, a ring around an occupied one (the letter stays readable).
    let (mut dots, mut rings) = (String::new(), String::new());
    for mark in &spec.marks {
        let Some((row, col)) = layout.position_of(*mark) else {
            continue;
        };
        let (x, y) = origin(row, col);
        let (cx, cy) = (x + SQ / 2, y + SQ / 2);
        if matches!(layout.cell(row, col), Cell::Piece(_)) {
            let _ = write!(rings, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"4.6\"/>");
        } else {
            let _ = write!(dots, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"2.2\"/>");
        }
    }
    if !dots.is_empty() {
        let _ = write!(
            svg,
            "<g class=\"fp-mark\" fill=\"#1e6fd9\" stroke=\"#fff\" stroke-width=\".7\" style=\"fill:var(--fp-mark,#1e6fd9);stroke:var(--fp-mark-edge,#fff)\">{dots}</g>"
        );
    }
    if !rings.is_empty() {
        let _ = write!(
            svg,
            "<g class=\"fp-mark-ring\" fill=\"none\" stroke=\"#1e6fd9\" stroke-width=\"1.1\" style=\"stroke:var(--fp-mark,#1e6fd9)\">{rings}</g>"
        );
    }
    if malformed.is_some() {
        let _ = write!(
            svg,
            "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#d22\" stroke-width=\"1\" stroke-dasharray=\"3 2\" style=\"stroke:var(--fp-error,#d22)\"/>",
            cols * SQ,
            rows * SQ
        );
    }
    svg.push_str("</svg>");
    BoardDrawing { svg, malformed }
}

fn path(svg: &mut String, d: &str, class: &str, var: &str, fallback: &str) {
    if !d.is_empty() {
        let _ = write!(
            svg,
            "<path class=\"{class}\" fill=\"{fallback}\" style=\"fill:var({var},{fallback})\" d=\"{d}\"/>"
        );
    }
}

/// The pieces, as lettered discs: white = light disc, dark letter; black =
/// dark disc, light letter; anything else (`@` unions) a neutral disc. The
/// one place to change when the real piece set arrives (`<symbol>`/`<use>`).
fn draw_pieces(svg: &mut String, pieces: &[(usize, usize, char)]) {
    type Style = (
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
    );
    const STYLES: [Style; 3] = [
        (
            "fp-white",
            "--fp-piece-white",
            "#fff",
            "--fp-piece-white-text",
            "#222",
        ),
        (
            "fp-black",
            "--fp-piece-black",
            "#222",
            "--fp-piece-black-text",
            "#fff",
        ),
        (
            "fp-other",
            "--fp-piece-other",
            "#9a7fc0",
            "--fp-piece-other-text",
            "#fff",
        ),
    ];
    for (kind, (class, disc_var, disc, text_var, text)) in STYLES.iter().enumerate() {
        let group: Vec<_> = pieces
            .iter()
            .filter(|(_, _, c)| {
                let k = if c.is_ascii_uppercase() {
                    0
                } else if c.is_ascii_lowercase() {
                    1
                } else {
                    2
                };
                k == kind
            })
            .collect();
        if group.is_empty() {
            continue;
        }
        let _ = write!(
            svg,
            "<g class=\"{class}\"><g fill=\"{disc}\" stroke=\"#555\" stroke-width=\".5\" style=\"fill:var({disc_var},{disc});stroke:var(--fp-piece-edge,#555)\">"
        );
        for (x, y, _) in &group {
            let _ = write!(svg, "<circle cx=\"{x}\" cy=\"{y}\" r=\"4.1\"/>");
        }
        let _ = write!(
            svg,
            "</g><g fill=\"{text}\" style=\"fill:var({text_var},{text})\" font-family=\"sans-serif\" font-weight=\"bold\" font-size=\"5.5\" text-anchor=\"middle\">"
        );
        for (x, y, c) in &group {
            let letter = c.to_uppercase().next().unwrap_or(*c);
            let _ = write!(
                svg,
                "<text x=\"{x}\" y=\"{}\">{}</text>",
                *y as f32 + 1.9,
                escape_char(letter)
            );
        }
        svg.push_str("</g></g>");
    }
}

/// File letters under the board, rank numbers left of it, both following the
/// orientation (seen from Black, `h` is on the left and rank 1 on top).
fn coordinates(svg: &mut String, layout: &Layout, flip: bool) {
    let (rows, cols) = (layout.shape.rows, layout.shape.cols);
    let _ = write!(
        svg,
        "<g class=\"fp-coord\" fill=\"#777\" style=\"fill:var(--fp-coord,#777)\" font-family=\"sans-serif\" font-size=\"3.6\" text-anchor=\"middle\">"
    );
    for c in 0..cols {
        let file = if flip { cols - 1 - c } else { c };
        let letter = char::from(b'a' + (file % 26) as u8);
        let _ = write!(
            svg,
            "<text x=\"{}\" y=\"{}\">{letter}</text>",
            LEFT + c * SQ + SQ / 2,
            TOP + rows * SQ + 4
        );
    }
    for r in 0..rows {
        let rank = if flip { r + 1 } else { rows - r };
        let _ = write!(
            svg,
            "<text x=\"3\" y=\"{}\">{rank}</text>",
            TOP + r * SQ + SQ / 2 + 1
        );
    }
    svg.push_str("</g>");
}

/// Grid cells covered by a shadow list; items off the board are skipped.
fn shadowed(layout: &Layout, shadow: &[Shadow]) -> Vec<(usize, usize)> {
    let (rows, cols) = (layout.shape.rows, layout.shape.cols);
    let mut mask = vec![false; rows * cols];
    let mut set = |square: Square| {
        if let Some((r, c)) = layout.position_of(square) {
            mask[r * cols + c] = true;
        }
    };
    for item in shadow {
        match *item {
            Shadow::Square(s) => set(s),
            Shadow::Rank(rank) => (0..cols as u16).for_each(|file| set(Square { file, rank })),
            Shadow::File(file) => (1..=rows as u16).for_each(|rank| set(Square { file, rank })),
            Shadow::Range(a, b) => {
                // Along a rank or a file (the parser refuses diagonals), in
                // either direction.
                for file in a.file.min(b.file)..=a.file.max(b.file) {
                    for rank in a.rank.min(b.rank)..=a.rank.max(b.rank) {
                        set(Square { file, rank });
                    }
                }
            }
        }
    }
    (0..rows * cols)
        .filter(|&i| mask[i])
        .map(|i| (i / cols, i % cols))
        .collect()
}

/// A caption is Markdown inline text (the Pug converter escapes what
/// Markdown would misread); render it without the paragraph around it.
fn inline_markdown(text: &str) -> String {
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, pulldown_cmark::Parser::new(text));
    let html = html.trim_end();
    let inner = html
        .strip_prefix("<p>")
        .and_then(|h| h.strip_suffix("</p>"))
        .unwrap_or(html);
    inner.to_string()
}

/// Escape text for HTML/SVG text and double-quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

fn escape_char(c: char) -> String {
    escape(c.encode_utf8(&mut [0; 4]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::spec::{parse_block, parse_compact};

    fn count(haystack: &str, needle: &str) -> usize {
        haystack.matches(needle).count()
    }

    #[test]
    fn one_data_fen_per_board() {
        let spec = parse_compact("4k3/8/8/8/8/8/8/4K3 e2").unwrap();
        let d = draw_board("Chess", &spec);
        assert_eq!(count(&d.svg, "data-fen="), 1);
        assert!(d.svg.contains("data-fen=\"4k3/8/8/8/8/8/8/4K3 e2\""));
        assert!(d.svg.contains("role=\"img\""));
        assert!(d
            .svg
            .contains("<title>White: king e1; Black: king e8; marked: e2</title>"));
        let pair = parse_block("fen: 8/8\nafter: {fen: 8/8}\n").unwrap();
        let html = draw_diagram("Chess", &pair).html;
        assert_eq!(count(&html, "data-fen="), 2);
    }

    #[test]
    fn orientation_b_puts_a1_top_right() {
        // A white king on a1, seen from Black, is drawn in the top-right
        // square; the coordinates run h..a and 1..8 from the top.
        let spec = parse_compact("8/8/8/8/8/8/8/K7 - b").unwrap();
        let svg = draw_board("Chess", &spec).svg;
        let top_right = (LEFT + 7 * SQ + SQ / 2, TOP + SQ / 2);
        assert!(
            svg.contains(&format!(
                "<circle cx=\"{}\" cy=\"{}\"",
                top_right.0, top_right.1
            )),
            "{svg}"
        );
        let first_file = format!(
            "<text x=\"{}\" y=\"{}\">h</text>",
            LEFT + SQ / 2,
            TOP + 8 * SQ + 4
        );
        assert!(svg.contains(&first_file), "{svg}");
        assert!(svg.contains(&format!(
            "<text x=\"3\" y=\"{}\">1</text>",
            TOP + SQ / 2 + 1
        )));
        // From White, the same king is bottom-left.
        let white = draw_board("Chess", &parse_compact("8/8/8/8/8/8/8/K7").unwrap()).svg;
        assert!(white.contains(&format!(
            "<circle cx=\"{}\" cy=\"{}\"",
            LEFT + SQ / 2,
            TOP + 7 * SQ + SQ / 2
        )));
    }

    #[test]
    fn holes_have_no_square() {
        // Omega: 144 cells, 40 of them holes.
        let spec = parse_compact("wxxxxxxxxxxw/xcrnbqkbnrcx/xppppppppppx/x91x/x91x/x91x/x91x/x91x/x91x/xPPPPPPPPPPx/xCRNBQKBNRCx/WxxxxxxxxxxW").unwrap();
        let svg = draw_board("Omega", &spec).svg;
        assert_eq!(count(&svg, "h10v10h-10z"), 104);
        assert!(!svg.contains("<rect x=\"6\" y=\"1\""));
    }

    #[test]
    fn marks_shadow_and_malformed_boards_render() {
        let spec = parse_compact("8/8/8/8/8/8/8/K7 a1,b2 w 8,c").unwrap();
        let svg = draw_board("Chess", &spec).svg;
        assert_eq!(count(&svg, "r=\"4.6\""), 1); // ring on the king
        assert_eq!(count(&svg, "r=\"2.2\""), 1); // dot on b2
                                                 // rank 8 (8 squares) + file c (8 squares) overlap on c8: 15.
        let shade = svg
            .split("class=\"fp-shadow\"")
            .nth(1)
            .unwrap()
            .split("/>")
            .next()
            .unwrap();
        assert_eq!(count(shade, "z"), 15);
        let bad = draw_board("Chess", &parse_compact("8/2NP5/8/8/8/8/8/8").unwrap());
        assert!(bad.malformed.is_some());
        assert!(bad.svg.contains("fp-malformed"));
        assert!(bad.svg.contains("malformed board"));
    }

    #[test]
    fn captions_are_inline_markdown() {
        let spec = parse_block("fen: 8/8\ncaption: \"1.Qa5 *wins* a < b\"\n").unwrap();
        let html = draw_diagram("Chess", &spec).html;
        assert!(
            html.contains("<figcaption>1.Qa5 <em>wins</em> a &lt; b</figcaption>"),
            "{html}"
        );
    }

    #[test]
    fn text_is_escaped() {
        let mut spec = parse_compact("8/8").unwrap();
        spec.alt = Some("a \"quoted\" <b>".into());
        let svg = draw_board("Chess", &spec).svg;
        assert!(svg.contains("aria-label=\"a &quot;quoted&quot; &lt;b&gt;\""));
    }
}
