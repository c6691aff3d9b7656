//! The spec of one diagram: what a ```diagram block's YAML (or a vchess
//! compact string `"<board> [marks|-] [w|b] [shadow]"`) asks to draw and
//! claims. Parsing only: whether the position is legal is `check`'s job.

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;
use serde_saphyr::Spanned;

use super::board::Coord;

/// Which side sits at the bottom of the drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Orientation {
    #[default]
    White,
    Black,
}

/// Side to move, when the `fen` is a full FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    White,
    Black,
}

/// One item of a vchess shadow list (`printDiagram.js` semantics).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shadow {
    Square(Coord),
    /// A whole rank: `5`.
    Rank(u16),
    /// A whole file: `c` (0-based file index).
    File(u16),
    /// A run of squares from one square towards another: `b6-h6`.
    Range(Coord, Coord),
}

/// Grid cells (row from the top, file) of a `rows`×`cols` board covered by
/// a shadow list, exactly as vchess's `printDiagram.js` reads it: a number
/// is a rank, one letter a file, a square itself, and `from-to` walks one
/// step at a time from `from` towards `to` while neither coordinate passes
/// `to`'s (vchess's rows grow downwards: `b6-h6` and `c6-c2` shade, `h6-b6`
/// and `c2-c6` shade nothing, `b4-d2` shades a diagonal). Squares off the
/// board are skipped; the cells come sorted, each once.
pub fn shadow_cells(rows: usize, cols: usize, shadow: &[Shadow]) -> Vec<(usize, usize)> {
    let mut mask = vec![false; rows * cols];
    let mut set = |row: i64, col: i64| {
        if (0..rows as i64).contains(&row) && (0..cols as i64).contains(&col) {
            mask[row as usize * cols + col as usize] = true;
        }
    };
    // vchess coordinates: x = row from the top, y = file.
    let coords = |s: Coord| (rows as i64 - 1 - i64::from(s.rank), i64::from(s.file));
    for item in shadow {
        match *item {
            Shadow::Square(s) => {
                let (x, y) = coords(s);
                set(x, y);
            }
            Shadow::Rank(rank) => {
                let x = rows as i64 - i64::from(rank);
                (0..cols as i64).for_each(|y| set(x, y));
            }
            Shadow::File(file) => (0..rows as i64).for_each(|x| set(x, i64::from(file))),
            Shadow::Range(a, b) => {
                let ((x0, y0), (x1, y1)) = (coords(a), coords(b));
                let (dx, dy) = ((x1 - x0).signum(), (y1 - y0).signum());
                let (mut x, mut y) = (x0, y0);
                // Bounded: every step moves towards `to`.
                while x <= x1 && y <= y1 {
                    set(x, y);
                    if dx == 0 && dy == 0 {
                        break;
                    }
                    x += dx;
                    y += dy;
                }
            }
        }
    }
    (0..rows * cols)
        .filter(|&i| mask[i])
        .map(|i| (i / cols, i % cols))
        .collect()
}

impl fmt::Display for Shadow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shadow::Square(s) => write!(f, "{s}"),
            Shadow::Rank(r) => write!(f, "{r}"),
            Shadow::File(c) => write!(f, "{}", char::from(b'a' + (*c % 26) as u8)),
            Shadow::Range(a, b) => write!(f, "{a}-{b}"),
        }
    }
}

/// An arrow drawn from one square to another (`e2e4`): a move the diagram
/// points at, verified like a mark (it must be a legal move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrow {
    pub from: Coord,
    pub to: Coord,
}

impl Arrow {
    /// `e2e4`, `b1c3`, `a10a9`: two squares written one after the other.
    pub fn parse(text: &str) -> Option<Arrow> {
        let text = text.trim();
        // The second square starts at the first letter after a digit.
        let split = text
            .char_indices()
            .skip(1)
            .find(|&(i, c)| {
                c.is_ascii_lowercase() && text[..i].ends_with(|d: char| d.is_ascii_digit())
            })
            .map(|(i, _)| i)?;
        Some(Arrow {
            from: Coord::parse(&text[..split])?,
            to: Coord::parse(&text[split..])?,
        })
    }
}

impl fmt::Display for Arrow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// One board of a diagram: what is drawn, as the author wrote it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardSpec {
    /// The board part of the FEN (`rnbqkbnr/...`), without its hand.
    pub board: String,
    /// Pieces in hand written in brackets after the board (`[Qn]`): the
    /// letters between them, White's uppercase, Black's lowercase.
    pub hand: Option<String>,
    /// Side to move, if a full FEN was given.
    pub side: Option<Side>,
    /// The FEN fields after the board, if a full FEN was given.
    pub fen_rest: Option<String>,
    pub marks: Vec<Coord>,
    pub orientation: Orientation,
    pub shadow: Vec<Shadow>,
    /// Arrows over the board (`arrows: [e2e4, g1f3]`).
    pub arrows: Vec<Arrow>,
    /// The author's text alternative, replacing the generated one.
    pub alt: Option<String>,
}

impl BoardSpec {
    /// The board in vchess syntax, `<board> [marks|-] [w|b] [shadow]`, with
    /// trailing defaults left out: the text of `data-fen`.
    pub fn vchess_text(&self) -> String {
        let mut parts = vec![self.board.clone()];
        let marks = self
            .marks
            .iter()
            .map(Coord::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let orientation = match self.orientation {
            Orientation::White => "w",
            Orientation::Black => "b",
        };
        let shadow = self
            .shadow
            .iter()
            .map(Shadow::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let need_orientation = self.orientation == Orientation::Black || !shadow.is_empty();
        if !marks.is_empty() || need_orientation {
            parts.push(if marks.is_empty() { "-".into() } else { marks });
        }
        if need_orientation {
            parts.push(orientation.into());
        }
        if !shadow.is_empty() {
            parts.push(shadow);
        }
        parts.join(" ")
    }
}

/// A whole diagram: one board, or a before/after pair, with its claims.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DiagramSpec {
    pub board: BoardSpec,
    /// The variant, if the block names one (default: the page's).
    pub variant: Option<String>,
    /// Moves claimed legal.
    pub moves: Vec<String>,
    /// Moves claimed illegal.
    pub illegal: Vec<String>,
    pub after: Option<AfterSpec>,
    pub caption: Option<String>,
    /// Variant options, e.g. `pacoplay`.
    pub option: Vec<String>,
    /// 1-based line and column of the `fen:` key inside the block.
    pub fen_at: (usize, usize),
    /// Top-level keys fenpress does not know, with their line: warnings.
    pub unknown_keys: Vec<(usize, String)>,
}

/// The second board of a before/after pair.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AfterSpec {
    pub board: BoardSpec,
    /// Moves that lead from the first board to this one.
    pub moves: Vec<String>,
    /// 1-based line and column of its `fen:` key inside the block.
    pub fen_at: (usize, usize),
}

/// A spec that does not parse, with the place inside the block (or inside
/// the compact string, line 1) that it blames.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SpecError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl SpecError {
    fn new(line: usize, column: usize, message: impl Into<String>) -> Self {
        SpecError {
            line,
            column,
            message: message.into(),
        }
    }
}

/// The keys of a ```diagram block (`fenpress reference` lists them).
pub const KNOWN_KEYS: &[&str] = &[
    "fen",
    "variant",
    "marks",
    "orientation",
    "shadow",
    "moves",
    "illegal",
    "after",
    "caption",
    "alt",
    "option",
    "arrows",
];

/// Parse the YAML of a ```diagram block.
pub fn parse_block(yaml: &str) -> Result<DiagramSpec, SpecError> {
    let raw: RawSpec = serde_saphyr::from_str(yaml).map_err(|e| yaml_error(&e))?;
    let Some(fen) = raw.fen else {
        return Err(SpecError::new(1, 1, "the diagram has no `fen:`"));
    };
    let fen_at = location(&fen);
    let mut board = parse_fen_field(&fen)?;
    apply_fields(&mut board, &raw.marks, &raw.orientation, &raw.shadow)?;
    if let Some(arrows) = &raw.arrows {
        board.arrows = parse_list(arrows, parse_arrows)?;
    }
    board.alt = raw.alt.filter(|a| !a.trim().is_empty());
    let after = match raw.after {
        None => None,
        Some(after) => {
            let Some(fen) = after.fen else {
                return Err(SpecError::new(fen_at.0, 1, "`after:` has no `fen:`"));
            };
            let mut after_board = parse_fen_field(&fen)?;
            // The second board keeps the first's orientation unless it says.
            after_board.orientation = board.orientation;
            apply_fields(
                &mut after_board,
                &after.marks,
                &after.orientation,
                &after.shadow,
            )?;
            after_board.alt = after.alt;
            Some(AfterSpec {
                board: after_board,
                moves: after.moves.map(Texts::into_vec).unwrap_or_default(),
                fen_at: location(&fen),
            })
        }
    };
    Ok(DiagramSpec {
        board,
        variant: raw.variant.filter(|v| !v.trim().is_empty()),
        moves: raw.moves.map(Texts::into_vec).unwrap_or_default(),
        illegal: raw.illegal.map(Texts::into_vec).unwrap_or_default(),
        after,
        caption: raw.caption,
        option: raw.option.map(Texts::into_vec).unwrap_or_default(),
        fen_at,
        unknown_keys: unknown_keys(yaml),
    })
}

/// Parse the vchess compact text `"<board> [marks|-] [w|b] [shadow]"`.
pub fn parse_compact(text: &str) -> Result<BoardSpec, SpecError> {
    let parts = words_with_columns(text);
    let Some(&(_, board)) = parts.first() else {
        return Err(SpecError::new(1, 1, "empty diagram: no board"));
    };
    if let Some(&(column, extra)) = parts.get(4) {
        return Err(SpecError::new(
            1,
            column,
            format!("unexpected `{extra}`: a diagram is `<board> [marks|-] [w|b] [shadow]`"),
        ));
    }
    let (board, hand) = split_hand(board);
    let mut spec = BoardSpec {
        board: board.to_string(),
        hand: hand.map(str::to_string),
        ..BoardSpec::default()
    };
    if let Some(&(column, marks)) = parts.get(1) {
        spec.marks = parse_marks(marks).map_err(|m| SpecError::new(1, column, m))?;
    }
    if let Some(&(column, o)) = parts.get(2) {
        spec.orientation = parse_orientation(o).map_err(|m| SpecError::new(1, column, m))?;
    }
    if let Some(&(column, shadow)) = parts.get(3) {
        spec.shadow = parse_shadow(shadow).map_err(|m| SpecError::new(1, column, m))?;
    }
    Ok(spec)
}

/// A board field split from its hand: `RNBQKBNR[Qn]` is the board
/// `RNBQKBNR` and the hand `Qn` (standard crazyhouse FEN); a board without
/// brackets has no hand.
pub fn split_hand(board: &str) -> (&str, Option<&str>) {
    match board.find('[') {
        Some(open) if board.ends_with(']') => {
            (&board[..open], Some(&board[open + 1..board.len() - 1]))
        }
        _ => (board, None),
    }
}

/// The fields of a compact vchess string, each with its 1-based column in
/// characters: vchess's own field splitter (the Pug front end's), so a
/// Markdown `fen:` and a Pug `fen:` are cut the same way.
fn words_with_columns(text: &str) -> Vec<(usize, &str)> {
    fenpress_pug::diagram::fields(text)
        .into_iter()
        .map(|(offset, field)| (offset + 1, field))
        .collect()
}

/// The `fen:` value: a board, a full FEN (second field `w`/`b`: side to
/// move), or a compact vchess string (second field marks or `-`).
fn parse_fen_field(fen: &Spanned<Text>) -> Result<BoardSpec, SpecError> {
    parse_fen_text(&fen.value.0, location(fen))
}

/// A `fen:` value written at `(line, column)` of a block (see
/// [`parse_block`]'s `fen:`): also how the Pug reader reads a `fen:`
/// string's board without a YAML round trip.
pub fn parse_fen_text(text: &str, (line, column): (usize, usize)) -> Result<BoardSpec, SpecError> {
    let text = text.trim();
    let parts: Vec<&str> = text.split_whitespace().collect();
    match parts.get(1) {
        Some(&side @ ("w" | "b")) => Ok(BoardSpec {
            board: split_hand(parts[0]).0.to_string(),
            hand: split_hand(parts[0]).1.map(str::to_string),
            side: Some(if side == "w" {
                Side::White
            } else {
                Side::Black
            }),
            fen_rest: Some(parts[1..].join(" ")),
            ..BoardSpec::default()
        }),
        _ => parse_compact(text)
            .map_err(|e| SpecError::new(line, column + e.column.saturating_sub(1), e.message)),
    }
}

fn apply_fields(
    board: &mut BoardSpec,
    marks: &Option<Spanned<Texts>>,
    orientation: &Option<Spanned<Text>>,
    shadow: &Option<Spanned<Texts>>,
) -> Result<(), SpecError> {
    if let Some(marks) = marks {
        board.marks = parse_list(marks, parse_marks)?;
    }
    if let Some(o) = orientation {
        let (line, col) = location(o);
        board.orientation =
            parse_orientation(o.value.0.trim()).map_err(|m| SpecError::new(line, col, m))?;
    }
    if let Some(shadow) = shadow {
        board.shadow = parse_list(shadow, parse_shadow)?;
    }
    Ok(())
}

/// Every text of a list field read by `parse` (one text may hold several
/// items, `a5,b5`), a failure placed at the field.
fn parse_list<T: Clone>(
    field: &Spanned<Texts>,
    parse: fn(&str) -> Result<Vec<T>, String>,
) -> Result<Vec<T>, SpecError> {
    let (line, col) = location(field);
    field
        .value
        .0
        .iter()
        .map(|text| parse(text))
        .collect::<Result<Vec<_>, _>>()
        .map(|lists| lists.concat())
        .map_err(|m| SpecError::new(line, col, m))
}

/// `a5,b5,c5` or `-` (none).
pub fn parse_marks(text: &str) -> Result<Vec<Coord>, String> {
    let text = text.trim();
    if text == "-" || text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            Coord::parse(s)
                .ok_or_else(|| format!("`{s}` is not a square (marks are squares like `e4`)"))
        })
        .collect()
}

/// `e2e4,g1f3` (one text may hold several arrows, as marks do).
pub fn parse_arrows(text: &str) -> Result<Vec<Arrow>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            Arrow::parse(s).ok_or_else(|| {
                format!("`{s}` is not an arrow (arrows are two squares like `e2e4`)")
            })
        })
        .collect()
}

/// `w` or `b` (`white`, `black`).
pub fn parse_orientation(text: &str) -> Result<Orientation, String> {
    match text {
        "w" | "white" => Ok(Orientation::White),
        "b" | "black" => Ok(Orientation::Black),
        other => Err(format!("orientation `{other}` is neither `w` nor `b`")),
    }
}

/// `8,7,b6-h6,a5,c` (vchess `printDiagram.js`): ranks, files, squares and
/// ranges from one square towards another.
pub fn parse_shadow(text: &str) -> Result<Vec<Shadow>, String> {
    let text = text.trim();
    if text == "-" || text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|item| {
            if let Ok(rank) = item.parse::<u16>() {
                if rank == 0 {
                    return Err("shadow rank 0 does not exist (ranks start at 1)".to_string());
                }
                return Ok(Shadow::Rank(rank));
            }
            if item.len() == 1 && item.as_bytes()[0].is_ascii_lowercase() {
                return Ok(Shadow::File(u16::from(item.as_bytes()[0] - b'a')));
            }
            if let Some((from, to)) = item.split_once('-') {
                let (Some(a), Some(b)) = (Coord::parse(from), Coord::parse(to)) else {
                    return Err(format!("shadow range `{item}` is not `<square>-<square>`"));
                };
                // Any two squares: the drawing walks from one towards the
                // other as vchess's `printDiagram.js` does.
                return Ok(Shadow::Range(a, b));
            }
            Coord::parse(item).map(Shadow::Square).ok_or_else(|| {
                format!("shadow `{item}` is not a square, a rank, a file or a range like `c2-c6`")
            })
        })
        .collect()
}

fn location<T>(spanned: &Spanned<T>) -> (usize, usize) {
    let loc = spanned.referenced;
    (loc.line().max(1) as usize, loc.column().max(1) as usize)
}

fn yaml_error(err: &serde_saphyr::Error) -> SpecError {
    let (line, column) = err
        .location()
        .map(|l| (l.line().max(1) as usize, l.column().max(1) as usize))
        .unwrap_or((1, 1));
    // The rendered error carries a snippet on later lines: keep the reason.
    let text = err.to_string();
    let first = text.lines().next().unwrap_or("invalid YAML").trim();
    SpecError::new(line, column, format!("invalid diagram YAML: {first}"))
}

fn unknown_keys(yaml: &str) -> Vec<(usize, String)> {
    yaml.lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with(|c: char| c.is_ascii_alphabetic()))
        .filter_map(|(i, l)| {
            l.split_once(':')
                .map(|(k, _)| (i + 1, k.trim().to_string()))
        })
        .filter(|(_, k)| !k.contains(' ') && !KNOWN_KEYS.contains(&k.as_str()))
        .collect()
}

#[derive(Deserialize)]
struct RawSpec {
    fen: Option<Spanned<Text>>,
    variant: Option<String>,
    marks: Option<Spanned<Texts>>,
    orientation: Option<Spanned<Text>>,
    shadow: Option<Spanned<Texts>>,
    moves: Option<Texts>,
    illegal: Option<Texts>,
    after: Option<RawAfter>,
    caption: Option<String>,
    alt: Option<String>,
    option: Option<Texts>,
    arrows: Option<Spanned<Texts>>,
}

#[derive(Deserialize)]
struct RawAfter {
    fen: Option<Spanned<Text>>,
    marks: Option<Spanned<Texts>>,
    orientation: Option<Spanned<Text>>,
    shadow: Option<Spanned<Texts>>,
    moves: Option<Texts>,
    alt: Option<String>,
}

/// A YAML scalar read as text whatever it looks like (`8` in a shadow list
/// is a rank, not a number to reject).
struct Text(String);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Text;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// A list of scalars, or one scalar (`marks: a5` or `marks: [a5, b5]`).
struct Texts(Vec<String>);

impl Texts {
    fn into_vec(self) -> Vec<String> {
        self.0
    }
}

impl<'de> Deserialize<'de> for Texts {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum OneOrMany {
            Many(Vec<Text>),
            One(Text),
        }
        Ok(match OneOrMany::deserialize(d)? {
            OneOrMany::Many(v) => Texts(v.into_iter().map(|t| t.0).collect()),
            OneOrMany::One(t) => Texts(vec![t.0]),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Coord {
        Coord::parse(s).unwrap()
    }

    #[test]
    fn compact_text_with_every_part() {
        let s = parse_compact("8/8/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR - w 8,7,b6-h6,a5,c").unwrap();
        assert!(s.marks.is_empty());
        assert_eq!(s.orientation, Orientation::White);
        assert_eq!(
            s.shadow,
            vec![
                Shadow::Rank(8),
                Shadow::Rank(7),
                Shadow::Range(sq("b6"), sq("h6")),
                Shadow::Square(sq("a5")),
                Shadow::File(2)
            ]
        );
        assert_eq!(
            s.vchess_text(),
            "8/8/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR - w 8,7,b6-h6,a5,c"
        );
    }

    #[test]
    fn compact_marks_and_big_ranks() {
        let s = parse_compact("x91x/x91x e10,c8").unwrap();
        assert_eq!(s.marks, vec![sq("e10"), sq("c8")]);
        assert_eq!(s.vchess_text(), "x91x/x91x e10,c8");
        assert_eq!(parse_compact("8/8 - b").unwrap().vchess_text(), "8/8 - b");
    }

    #[test]
    fn compact_errors_point_at_the_part() {
        let e = parse_compact("8/8 e4,zz").unwrap_err();
        assert_eq!(e.column, 5);
        assert!(e.message.contains("`zz`"));
        let e = parse_compact("8/8 - q").unwrap_err();
        assert_eq!(e.column, 7);
        assert!(parse_compact("   ").is_err());
        assert!(parse_shadow("b2-c3").is_ok());
        assert!(parse_shadow("b2-zz").is_err());
    }

    #[test]
    fn yaml_block_with_claims_and_after() {
        let yaml = "fen: 7k/8/8/3Qr3/8/8/8/K7\nvariant: baroque\nmarks: [a5, b5, c5]\norientation: b\nshadow: [8, c2-c6]\nmoves: [Qa5, Qb5]\nillegal: Ke5\nafter: { moves: [Qxe5], fen: 7k/8/8/4Q3/8/8/8/K7 }\ncaption: The queen takes.\n";
        let s = parse_block(yaml).unwrap();
        assert_eq!(s.board.board, "7k/8/8/3Qr3/8/8/8/K7");
        assert_eq!(s.variant.as_deref(), Some("baroque"));
        assert_eq!(s.board.marks, vec![sq("a5"), sq("b5"), sq("c5")]);
        assert_eq!(s.board.orientation, Orientation::Black);
        assert_eq!(
            s.board.shadow,
            vec![Shadow::Rank(8), Shadow::Range(sq("c2"), sq("c6"))]
        );
        assert_eq!(s.moves, vec!["Qa5", "Qb5"]);
        assert_eq!(s.illegal, vec!["Ke5"]);
        let after = s.after.unwrap();
        assert_eq!(after.board.board, "7k/8/8/4Q3/8/8/8/K7");
        assert_eq!(after.board.orientation, Orientation::Black);
        assert_eq!(after.moves, vec!["Qxe5"]);
        assert_eq!(after.fen_at.0, 8);
        assert_eq!(s.fen_at, (1, 6));
        assert_eq!(s.caption.as_deref(), Some("The queen takes."));
        assert!(s.unknown_keys.is_empty());
    }

    #[test]
    fn yaml_full_fen_and_compact_fen() {
        let s = parse_block("fen: rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1\n").unwrap();
        assert_eq!(s.board.side, Some(Side::White));
        assert_eq!(s.board.vchess_text(), "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR");
        let s = parse_block("fen: \"8/8 a1,b2 b\"\n").unwrap();
        assert_eq!(s.board.marks.len(), 2);
        assert_eq!(s.board.orientation, Orientation::Black);
    }

    #[test]
    fn a_hand_in_brackets_is_split_from_the_board() {
        let s = parse_block("fen: 4k3/8/8/8/8/8/8/4K3[QNp] w - - 0 1\n").unwrap();
        assert_eq!(s.board.board, "4k3/8/8/8/8/8/8/4K3");
        assert_eq!(s.board.hand.as_deref(), Some("QNp"));
        let s = parse_compact("4k3/8/8/8/8/8/8/4K3[] e4").unwrap();
        assert_eq!(s.hand.as_deref(), Some(""));
        assert_eq!(s.marks, vec![sq("e4")]);
        assert_eq!(split_hand("8/8"), ("8/8", None));
    }

    #[test]
    fn yaml_errors_carry_the_line() {
        let e = parse_block("fen: 8/8\nmarks: [a5, q]\n").unwrap_err();
        assert_eq!(e.line, 2, "{e:?}");
        assert!(e.message.contains("`q`"));
        let e = parse_block("variant: chess\n").unwrap_err();
        assert!(e.message.contains("no `fen:`"));
        let e = parse_block("fen: 8/8\nmarks: [a5\n").unwrap_err();
        assert!(e.line >= 2, "{e:?}");
        let s = parse_block("fen: 8/8\ncolour: red\n").unwrap();
        assert_eq!(s.unknown_keys, vec![(2, "colour".to_string())]);
    }
}
