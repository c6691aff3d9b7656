//! FEN text in and out. Parsing only reads syntax into a [`Setup`] (rows of
//! tokens with their byte offsets, raw fields): it knows no variant.
//! [`crate::validate`] turns a setup into a position for a variant and
//! reports every problem at once. Printing writes vchess's format
//! (`board turn plies flags ep`) or standard FEN / X-FEN. Pieces in hand
//! read in the standard forms (`board[Qn]`, or an extra last row `/Qn`)
//! and are written `[Qn]`; each vchess variant's own reserve digits are the
//! variant's business ([`reserve_digits`], [`crate::validate::read_reserve_digits`]).

use crate::color::Color;
use crate::fen_row::{row_items, RowItem};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::rules::Rules;

pub use crate::fen_row::{CellSpelling, DigitReading, Field};
pub use crate::rules::FenStyle;

/// One board character as read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Token {
    /// An empty square (from a digit run).
    Empty,
    /// A piece letter or other board character (holes, unions): its meaning
    /// is the variant's business.
    Piece(char),
    /// The two characters of one square, where the variant spells a square
    /// so ([`CellSpelling::Pair`]: Emergo's stacks, `ba`, `D@`).
    Pair(char, char),
}

/// A board square as read, with the byte offset of the character behind it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SetupCell {
    pub token: Token,
    pub offset: usize,
    /// Marked promoted in standard FEN (`Q~`, `+P`): the variant's
    /// [`Rules::promoted_kind`] of the letter.
    pub promoted: bool,
}

/// One row of the board text (FEN order: Black's side first).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SetupRow {
    /// Byte offset of the row's first character.
    pub offset: usize,
    /// Length of the row's text in bytes.
    pub len: usize,
    pub cells: Vec<SetupCell>,
}

/// A parsed, unvalidated FEN.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    pub rows: Vec<SetupRow>,
    /// Offset and length of the board text.
    pub board_offset: usize,
    pub board_len: usize,
    /// The side to move, if the FEN gives one (diagrams do not).
    pub turn: Option<(Color, usize)>,
    /// The fields after the side to move, uninterpreted.
    pub fields: Vec<Field>,
    /// The digit reading the rows were read with.
    pub reading: DigitReading,
    /// Pieces in hand written in brackets after the board (`[Qn]`): the
    /// letters between the brackets, offset of the first.
    pub hand: Option<Field>,
}

/// A FEN that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("the FEN is empty")]
    Empty,
    #[error("unexpected character {ch:?} at byte {offset}")]
    BadChar { ch: char, offset: usize },
    #[error("the run of empty squares `{text}` at byte {offset} is too long")]
    RunTooLong { text: String, offset: usize },
    #[error("the side to move is `w` or `b`, not `{text}` (at byte {offset})")]
    BadTurn { text: String, offset: usize },
}

impl FenError {
    /// Byte offset of the blamed text.
    pub fn offset(&self) -> usize {
        match self {
            FenError::Empty => 0,
            FenError::BadChar { offset, .. }
            | FenError::RunTooLong { offset, .. }
            | FenError::BadTurn { offset, .. } => *offset,
        }
    }
}

/// Parses a FEN (board only, or with fields) reading digit runs as decimal.
///
/// ```
/// use fenpress_rules::fen::{parse, parse_with, DigitReading};
/// let s = parse("10/10 w").unwrap();
/// assert_eq!(s.rows[0].cells.len(), 10);
/// let v = parse_with("10/10", DigitReading::PerDigit).unwrap();
/// assert_eq!(v.rows[0].cells.len(), 1);
/// ```
pub fn parse(text: &str) -> Result<Setup, FenError> {
    parse_with(text, DigitReading::Decimal)
}

/// Parses a FEN with the given digit reading.
pub fn parse_with(text: &str, reading: DigitReading) -> Result<Setup, FenError> {
    parse_spelled(text, reading, CellSpelling::Letter)
}

/// Parses a FEN with the given digit reading and square spelling (two
/// characters a square for Emergo: [`Token::Pair`]).
///
/// ```
/// use fenpress_rules::fen::{parse_spelled, CellSpelling, DigitReading, Token};
/// let s = parse_spelled("2ba6/9", DigitReading::Decimal, CellSpelling::Pair).unwrap();
/// assert_eq!(s.rows[0].cells.len(), 9);
/// assert_eq!(s.rows[0].cells[2].token, Token::Pair('b', 'a'));
/// ```
pub fn parse_spelled(
    text: &str,
    reading: DigitReading,
    spelling: CellSpelling,
) -> Result<Setup, FenError> {
    let mut parts = split_fields(text);
    if parts.is_empty() {
        return Err(FenError::Empty);
    }
    let (board_offset, mut board) = parts.remove(0);
    let mut hand = None;
    if let Some(open) = board.find('[') {
        let inner = &board[open + 1..];
        let Some(close) = inner.find(']') else {
            return Err(FenError::BadChar {
                ch: '[',
                offset: board_offset + open,
            });
        };
        if close + 1 != inner.len() {
            return Err(FenError::BadChar {
                ch: inner[close + 1..].chars().next().unwrap_or(']'),
                offset: board_offset + open + 1 + close + 1,
            });
        }
        hand = Some(Field {
            text: inner[..close].into(),
            offset: board_offset + open + 1,
        });
        board = &board[..open];
    }
    let rows = parse_board(board, board_offset, reading, spelling)?;
    let mut turn = None;
    if !parts.is_empty() {
        let (offset, t) = parts.remove(0);
        turn = Some(match t {
            "w" | "W" => (Color::White, offset),
            "b" | "B" => (Color::Black, offset),
            _ => {
                return Err(FenError::BadTurn {
                    text: t.into(),
                    offset,
                })
            }
        });
    }
    Ok(Setup {
        rows,
        board_offset,
        board_len: board.len(),
        turn,
        fields: parts
            .into_iter()
            .map(|(offset, t)| Field {
                text: t.into(),
                offset,
            })
            .collect(),
        reading,
        hand,
    })
}

fn split_fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

fn parse_board(
    board: &str,
    base: usize,
    reading: DigitReading,
    spelling: CellSpelling,
) -> Result<Vec<SetupRow>, FenError> {
    let mut rows = Vec::new();
    for (row_at, text) in crate::fen_row::rows(board) {
        let offset = base + row_at;
        let mut row = SetupRow {
            offset,
            len: text.len(),
            cells: Vec::new(),
        };
        let mut items = row_items(text, reading, spelling).peekable();
        while let Some(item) = items.next() {
            let at = offset + item.offset();
            match item {
                RowItem::Empty { text, count, .. } => {
                    // Larger than any board row: surely a typo, and a guard
                    // against allocating for "99999999".
                    if count > 400 {
                        return Err(FenError::RunTooLong {
                            text: text.into(),
                            offset: at,
                        });
                    }
                    row.cells.extend((0..count).map(|_| SetupCell {
                        token: Token::Empty,
                        offset: at,
                        promoted: false,
                    }));
                }
                RowItem::Cell { text, .. } if spelling == CellSpelling::Pair => {
                    let mut chars = text.chars();
                    match (chars.next(), chars.next()) {
                        (Some(a), Some(b)) if a.is_ascii_graphic() && b.is_ascii_graphic() => {
                            row.cells.push(SetupCell {
                                token: Token::Pair(a, b),
                                offset: at,
                                promoted: false,
                            });
                        }
                        // A square's first character alone at the row's end.
                        (a, _) => {
                            return Err(FenError::BadChar {
                                ch: a.unwrap_or('/'),
                                offset: at,
                            })
                        }
                    }
                }
                RowItem::Cell { text, .. } => read_cell(text, at, &mut items, &mut row)?,
            }
        }
        rows.push(row);
    }
    Ok(rows)
}

/// One occupied square's character, with standard FEN's promoted marks:
/// `Q~` (crazyhouse, after the letter) and `+P` (shogi, before it).
fn read_cell<'a>(
    text: &str,
    at: usize,
    items: &mut std::iter::Peekable<impl Iterator<Item = RowItem<'a>>>,
    row: &mut SetupRow,
) -> Result<(), FenError> {
    let ch = text.chars().next().unwrap_or('\u{fffd}');
    if !ch.is_ascii_graphic() {
        return Err(FenError::BadChar { ch, offset: at });
    }
    if ch == '~'
        && matches!(row.cells.last(), Some(c) if matches!(c.token, Token::Piece(_)) && !c.promoted)
    {
        if let Some(last) = row.cells.last_mut() {
            last.promoted = true;
        }
        return Ok(());
    }
    if ch == '+' {
        if let Some(&RowItem::Cell { text: next, .. }) = items.peek() {
            if let Some(letter) = next.chars().next().filter(char::is_ascii_alphabetic) {
                items.next();
                row.cells.push(SetupCell {
                    token: Token::Piece(letter),
                    offset: at + 1,
                    promoted: true,
                });
                return Ok(());
            }
        }
    }
    row.cells.push(SetupCell {
        token: Token::Piece(ch),
        offset: at,
        promoted: false,
    });
    Ok(())
}

/// The board part of a position's FEN, digit runs in decimal.
pub fn board_fen(rules: &dyn Rules, pos: &Position) -> String {
    board_text(rules, pos, false)
}

/// Whether `a` and `b` have the same board as vchess's FEN writes it
/// ([`board_fen`]): a square whose cells (and marks) are equal is written
/// alike, so only the squares that differ are written out, and the first
/// difference ends the comparison. Building both boards' text took most of
/// a build's time where a pair of diagrams is searched for among the
/// positions two plies away (Chakart lists a move per outcome).
pub fn same_board_text(rules: &dyn Rules, a: &Position, b: &Position) -> bool {
    // As `board_text` writes a square: its mark, if any, stands for an
    // occupied cell's letters.
    let written = |pos: &Position, sq: crate::Square, mark: Option<[char; 2]>| {
        let text = rules.encode_cell_text(pos.board.cell(sq))?;
        Some(mark.map_or(text, String::from_iter))
    };
    rules.geometry().squares().all(|sq| {
        let (mark_a, mark_b) = (rules.marked_cell(a, sq), rules.marked_cell(b, sq));
        (a.board.cell(sq) == b.board.cell(sq) && mark_a == mark_b)
            || written(a, sq, mark_a) == written(b, sq, mark_b)
    })
}

/// The low `count` bits of `bits` as vchess writes a row of flags, the
/// lowest first: `1` for a set bit, `0` for a clear one (Schess's gating
/// rights, Chakart's powers).
pub fn bit_flags(bits: u64, count: u32) -> String {
    (0..count)
        .map(|i| if bits & (1 << i) != 0 { '1' } else { '0' })
        .collect()
}

/// The standard letter of a promoted kind, if it is one: its base letter
/// with the variant's mark (`Q~`, `+P`).
fn standard_letter(rules: &dyn Rules, p: Piece) -> Option<String> {
    let base = (b'a'..=b'z')
        .map(Kind)
        .find(|b| *b != p.kind && rules.promoted_kind(*b) == Some(p.kind))?;
    let letter = Piece::new(p.color, base).letter();
    Some(match rules.promoted_mark() {
        '+' => format!("+{letter}"),
        m => format!("{letter}{m}"),
    })
}

fn board_text(rules: &dyn Rules, pos: &Position, standard: bool) -> String {
    let g = rules.geometry();
    let hole = rules.fen_style().hole;
    let mut out = String::new();
    for rank in (0..g.rows()).rev() {
        let mut empty = 0;
        for file in 0..g.cols() {
            let sq = crate::Square(rank as u16 * g.cols() as u16 + file as u16);
            let text = if g.holes().contains(sq) {
                Some(hole.unwrap_or('x').to_string())
            } else {
                rules.encode_cell_text(pos.board.cell(sq))
            };
            match text {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let marked = standard
                        .then(|| pos.board.cell(sq).single())
                        .flatten()
                        .and_then(|p| standard_letter(rules, p));
                    match (marked, rules.marked_cell(pos, sq)) {
                        (_, Some(pair)) => out.extend(pair),
                        (Some(text), None) => out.push_str(&text),
                        (None, None) => out.push_str(&c),
                    }
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// The full FEN in vchess's format: `board turn plies [flags] [ep]`.
///
/// ```
/// use fenpress_rules::{fen, registry};
/// let orda = registry::rules("orda").unwrap();
/// let start = orda.start_position();
/// assert_eq!(fen::vchess_fen(orda, &start), orda.start_fen());
/// ```
pub fn vchess_fen(rules: &dyn Rules, pos: &Position) -> String {
    let style = rules.fen_style();
    let g = rules.geometry();
    let mut board = board_fen(rules, pos);
    if g.cols() > 9 {
        board = vchess_digits(&board);
    }
    if rules.hands_in_board() {
        board.push_str(&hand_text(rules, pos));
    }
    let mut out = format!("{} {} {}", board, pos.turn().fen_char(), pos.state.plies);
    let (flags_tail, extra_fields) = rules.write_variant_fields(pos);
    if rules.own_flags() {
        out.push(' ');
        out.push_str(&flags_tail);
    } else if style.castling.iter().any(|c| *c) {
        out.push(' ');
        for color in Color::ALL {
            if style.castling[color.index()] {
                pos.state.castling.push_vchess(color, g.cols(), &mut out);
            }
        }
        out.push_str(&flags_tail);
    }
    if let (true, Some(field)) = (style.en_passant, rules.write_en_passant(pos)) {
        out.push(' ');
        out.push_str(&field);
    } else if style.en_passant {
        out.push(' ');
        match pos.state.en_passant {
            Some(sq) => out.push_str(&g.square_name(sq)),
            None => out.push('-'),
        }
    }
    out.push_str(&extra_fields);
    out
}

/// Rewrites each decimal run of empty squares above 9 as vchess does:
/// digits that add up (`11` becomes `92`, `20` becomes `992`).
fn vchess_digits(board: &str) -> String {
    let mut out = String::with_capacity(board.len());
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut String| {
        if let Ok(mut n) = run.parse::<u32>() {
            while n > 9 {
                out.push('9');
                n -= 9;
            }
            out.push_str(&n.to_string());
        }
        run.clear();
    };
    for c in board.chars() {
        if c.is_ascii_digit() {
            run.push(c);
        } else {
            flush(&mut run, &mut out);
            out.push(c);
        }
    }
    flush(&mut run, &mut out);
    out
}

/// Standard FEN (X-FEN castling: `KQkq` when the rooks are the outermost
/// ones, rook files otherwise), with half-move clock and move number.
pub fn standard_fen(rules: &dyn Rules, pos: &Position) -> String {
    let g = rules.geometry();
    let style = rules.fen_style();
    let castle = pos.state.castling.xfen(g, &pos.board, style.castle_rook);
    let ep = pos
        .state
        .en_passant
        .map(|s| g.square_name(s))
        .unwrap_or_else(|| "-".into());
    format!(
        "{}{} {} {} {} {} {}",
        board_text(rules, pos, true),
        hand_text(rules, pos),
        pos.turn().fen_char(),
        castle,
        ep,
        pos.state.halfmove_clock,
        pos.state.fullmove()
    )
}

/// Standard FEN's hands, `[QRBNPqrbnp]` style (White first, each side
/// queen, rook, bishop, knight, pawn, then other kinds in letter order);
/// empty for a variant without hands.
///
/// ```
/// use fenpress_rules::{fen, registry, validate::position_from_fen};
/// let zh = registry::rules("crazyhouse").unwrap();
/// let pos = position_from_fen(zh, "2k5/8/8/8/8/8/8/4K3[Qn] w - -").unwrap();
/// assert_eq!(fen::hand_text(zh, &pos), "[Qn]");
/// ```
pub fn hand_text(rules: &dyn Rules, pos: &Position) -> String {
    if Color::ALL.iter().all(|c| rules.hand_kinds(*c).is_empty()) {
        return String::new();
    }
    let rank = |k: Kind| match k.0 {
        b'q' => 0,
        b'r' => 1,
        b'b' => 2,
        b'n' => 3,
        b'p' => 4,
        other => 5 + other as u32,
    };
    let mut out = String::from("[");
    for color in Color::ALL {
        let mut held: Vec<(Piece, u8)> = pos.state.hands.pieces(color).collect();
        held.sort_by_key(|(p, _)| rank(p.kind));
        for (p, n) in held {
            for _ in 0..n {
                out.push(p.letter());
            }
        }
    }
    out.push(']');
    out
}

/// A vchess reserve field: one count per `(color, kind)` of `layout`, in
/// order, each written in decimal and joined, as vchess writes them (a
/// count above 9 makes a field vchess itself cannot read back).
pub fn reserve_digits(pos: &Position, layout: &[(Color, Kind)]) -> String {
    layout
        .iter()
        .map(|(c, k)| pos.state.hands.count(*c, *k).to_string())
        .collect()
}
