//! From a parsed [`Setup`] to a [`Position`] for one variant, reporting
//! every problem at once as typed values, each with the byte offset in the
//! FEN text of what it blames (so a checker can put a caret under it).
//! [`validate_board`] checks only shape and letters, for variants whose move
//! rules the core does not have. Pieces in hand come from standard FEN's
//! `[Qn]` (or a last row `/Qn`) or from a variant's reserve field
//! ([`read_reserve_digits`]); each must be a kind the variant holds.

use crate::board::Board;
use crate::color::Color;
use crate::fen::{self, DigitReading, Field, Setup, Token};
use crate::geometry::{file_char, parse_square_coords};
use crate::piece::{Kind, Piece};
use crate::position::{Castling, Position, State};
pub use crate::problem::Problem;
use crate::rules::Rules;
use crate::square::Square;

/// What a board must look like when the core has no move rules for its
/// variant: size, allowed characters, and the hole character if any.
#[derive(Clone, Copy, Debug)]
pub struct BoardSpec<'a> {
    pub rows: u8,
    pub cols: u8,
    /// Every character allowed on the board (both cases listed).
    pub letters: &'a str,
    pub hole: Option<char>,
}

/// Row shape problems; calls `visit(file, rank, cell)` for each cell that
/// falls on the board.
fn walk(
    setup: &Setup,
    rows: u8,
    cols: u8,
    problems: &mut Vec<Problem>,
    mut visit: impl FnMut(u8, u8, usize, &fen::SetupCell),
) {
    if setup.rows.len() != rows as usize {
        problems.push(Problem::RowCount {
            found: setup.rows.len(),
            expected: rows as usize,
            offset: setup.board_offset,
        });
    }
    for (i, row) in setup.rows.iter().enumerate().take(rows as usize) {
        if row.cells.len() != cols as usize {
            problems.push(Problem::RowWidth {
                row: i + 1,
                found: row.cells.len(),
                expected: cols as usize,
                offset: row.offset,
                len: row.len,
            });
        }
        let rank = rows - 1 - i as u8;
        for (file, cell) in row.cells.iter().enumerate().take(cols as usize) {
            visit(file as u8, rank, i + 1, cell);
        }
    }
}

/// Checks a board's shape and letters only.
///
/// ```
/// use fenpress_rules::{fen, validate::{validate_board, BoardSpec, Problem}};
/// let spec = BoardSpec { rows: 8, cols: 8, letters: "KQkqPp", hole: None };
/// let setup = fen::parse("8/8/8/8/8/8/8/K6z").unwrap();
/// let problems = validate_board(&spec, &setup);
/// assert!(matches!(problems[0], Problem::UnknownLetter { letter: 'z', file: 'h', row: 8, .. }));
/// ```
pub fn validate_board(spec: &BoardSpec, setup: &Setup) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut found = Vec::new();
    walk(
        setup,
        spec.rows,
        spec.cols,
        &mut problems,
        |file, _rank, row, cell| {
            let letters = match cell.token {
                Token::Piece(c) => vec![c],
                Token::Pair(a, b) => vec![a, b],
                Token::Empty => Vec::new(),
            };
            for c in letters {
                if Some(c) != spec.hole && !spec.letters.contains(c) {
                    found.push(Problem::UnknownLetter {
                        letter: c,
                        row,
                        file: file_char(file),
                        offset: cell.offset,
                    });
                    break;
                }
            }
        },
    );
    problems.extend(found);
    problems
}

/// A board whose width is wrong under one digit reading and right under the
/// other (see [`DigitReading`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigitReadingNote {
    /// FEN row, from 1 at the top.
    pub row: usize,
    pub decimal_width: usize,
    pub per_digit_width: usize,
    /// The reading under which the row has the right width.
    pub right_reading: DigitReading,
}

/// For each row whose width is right under exactly one digit reading, says
/// which: "right under vchess's per-digit reading, wrong under decimal".
///
/// ```
/// use fenpress_rules::{fen::DigitReading, validate::digit_reading_notes};
/// // Row 1 is right only read per digit (5 + 5), row 2 only as decimal (10).
/// let notes = digit_reading_notes("55/10", 10);
/// assert_eq!(notes.len(), 2);
/// assert_eq!(notes[0].right_reading, DigitReading::PerDigit);
/// assert_eq!((notes[1].row, notes[1].right_reading), (2, DigitReading::Decimal));
/// ```
pub fn digit_reading_notes(board: &str, cols: usize) -> Vec<DigitReadingNote> {
    let (Ok(dec), Ok(per)) = (
        fen::parse_with(board, DigitReading::Decimal),
        fen::parse_with(board, DigitReading::PerDigit),
    ) else {
        return Vec::new();
    };
    dec.rows
        .iter()
        .zip(&per.rows)
        .enumerate()
        .filter_map(|(i, (d, p))| {
            let (dw, pw) = (d.cells.len(), p.cells.len());
            let right = match (dw == cols, pw == cols) {
                (true, false) => DigitReading::Decimal,
                (false, true) => DigitReading::PerDigit,
                _ => return None,
            };
            Some(DigitReadingNote {
                row: i + 1,
                decimal_width: dw,
                per_digit_width: pw,
                right_reading: right,
            })
        })
        .collect()
}

/// A FEN that cannot become a position: it does not parse, or it parses
/// but breaks the variant's rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error(transparent)]
    Syntax(#[from] fen::FenError),
    #[error("{}", .0.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))]
    Invalid(Vec<Problem>),
}

/// What reading `text` reconstructed rather than read: a lossy field the
/// site writes (Crazyhouse's six-digit reserve, Schess's summed pocket),
/// filled in from the board. Empty when every field was read as written
/// (or the text does not parse).
///
/// ```
/// use fenpress_rules::{registry, validate::reading_notes};
/// let zh = registry::rules("Crazyhouse").unwrap();
/// let site = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - 000000";
/// assert_eq!(reading_notes(zh, site).len(), 1);
/// assert!(reading_notes(zh, &site.replace("000000", "0000000000")).is_empty());
/// ```
pub fn reading_notes(rules: &dyn Rules, text: &str) -> Vec<String> {
    match fen::parse(text) {
        Ok(setup) => rules.reading_notes(vchess_extra_fields(rules, &setup)),
        Err(_) => Vec::new(),
    }
}

/// Parses and validates a FEN for `rules` in one go.
///
/// ```
/// use fenpress_rules::{registry, validate::{position_from_fen, PositionError, Problem}};
/// let chess = registry::rules("chess").unwrap();
/// assert!(position_from_fen(chess, "8/8/8/8/8/8/8/K6k w - -").is_ok());
/// let err = position_from_fen(chess, "8/8/8/8/8/8/8/K6K w").unwrap_err();
/// let PositionError::Invalid(problems) = err else { panic!() };
/// assert!(problems.iter().any(|p| matches!(p, Problem::MissingRoyal { .. })));
/// ```
pub fn position_from_fen(rules: &dyn Rules, text: &str) -> Result<Position, PositionError> {
    let setup = match fen::parse_spelled(text, fen::DigitReading::Decimal, rules.cell_spelling()) {
        Ok(setup) => setup,
        // Gomoku's `991` (19 squares) is too long a run read as decimal:
        // only the per-digit reading fits.
        Err(err) if rules.geometry().cols() > 9 => {
            return match fen::parse_with(text, fen::DigitReading::PerDigit) {
                Ok(per_digit) => validate(rules, &per_digit).map_err(PositionError::Invalid),
                Err(_) => Err(err.into()),
            };
        }
        Err(err) => return Err(err.into()),
    };
    let first = validate(rules, &setup).map_err(PositionError::Invalid);
    if first.is_err() && rules.geometry().cols() > 9 {
        // vchess writes eleven empty squares as `92` (digits add up): on
        // wide boards read that way if the decimal reading does not fit.
        if let Ok(per_digit) = fen::parse_with(text, fen::DigitReading::PerDigit) {
            if let Ok(pos) = validate(rules, &per_digit) {
                return Ok(pos);
            }
        }
    }
    first
}

/// Turns a setup into a position for `rules`, or lists every problem.
/// A setup without side to move gets White to move (see
/// [`Position::with_turn`] to ask for Black).
pub fn validate(rules: &dyn Rules, setup: &Setup) -> Result<Position, Vec<Problem>> {
    validate_waiving(rules, setup, &|_| false)
}

/// [`validate`] for a diagram: a board-only diagram (no side to move) may
/// leave out a king, as rules pages do to show one piece's moves, and its
/// side to move is not yet the one a mark names ([`Rules::complete_diagram`]
/// gives it); every other problem stands.
///
/// ```
/// use fenpress_rules::{fen, registry, validate::validate_diagram};
/// let chess = registry::rules("chess").unwrap();
/// assert!(validate_diagram(chess, &fen::parse("8/8/8/3N4/8/8/8/8").unwrap()).is_ok());
/// assert!(validate_diagram(chess, &fen::parse("8/8/8/3N4/8/8/8/8 w").unwrap()).is_err());
/// ```
pub fn validate_diagram(rules: &dyn Rules, setup: &Setup) -> Result<Position, Vec<Problem>> {
    let board_only = setup.turn.is_none();
    validate_waiving(rules, setup, &|p| {
        board_only
            && matches!(
                p,
                Problem::MissingRoyal { .. } | Problem::MarkNotToMove { .. }
            )
    })
}

/// The board `setup`'s rows describe, each square's source offset, and the
/// problems of its rows and cells (unknown letters, pieces on holes).
fn place_cells(
    rules: &dyn Rules,
    setup: &Setup,
    problems: &mut Vec<Problem>,
) -> (Board, Vec<usize>) {
    let g = rules.geometry();
    let style = rules.fen_style();
    let mut board = Board::empty(g.size(), rules.royal_kinds());
    let mut offsets = vec![setup.board_offset; g.size()];
    let mut cell_problems = Vec::new();
    walk(
        setup,
        g.rows(),
        g.cols(),
        problems,
        |file, rank, row, cell| {
            let sq = Square(rank as u16 * g.cols() as u16 + file as u16);
            offsets[sq.index()] = cell.offset;
            if let Token::Pair(a, b) = cell.token {
                match rules.decode_pair(a, b) {
                    Some(decoded) => board.set_cell(sq, decoded),
                    None => cell_problems.push(Problem::UnknownLetter {
                        letter: a,
                        row,
                        file: file_char(file),
                        offset: cell.offset,
                    }),
                }
                return;
            }
            let Token::Piece(c) = cell.token else { return };
            let is_hole = g.holes().contains(sq);
            let name = g.square_name(sq);
            if Some(c) == style.hole {
                if !is_hole {
                    cell_problems.push(Problem::UnexpectedHole {
                        letter: c,
                        square: name,
                        offset: cell.offset,
                    });
                }
                return;
            }
            let c = if cell.promoted {
                let promoted = Piece::from_letter(c)
                    .and_then(|p| Some(Piece::new(p.color, rules.promoted_kind(p.kind)?)));
                match promoted {
                    Some(p) => p.letter(),
                    None => {
                        cell_problems.push(Problem::NoPromotedForm {
                            letter: c,
                            offset: cell.offset,
                        });
                        return;
                    }
                }
            } else {
                c
            };
            match rules.decode_cell(c) {
                None => cell_problems.push(Problem::UnknownLetter {
                    letter: c,
                    row,
                    file: file_char(file),
                    offset: cell.offset,
                }),
                Some(_) if is_hole => cell_problems.push(Problem::PieceOnHole {
                    letter: c,
                    square: name,
                    offset: cell.offset,
                }),
                Some(decoded) => board.set_cell(sq, decoded),
            }
        },
    );
    problems.extend(cell_problems);
    (board, offsets)
}

/// A side without its royal piece, or with more than the variant allows.
fn royal_count_problems(
    rules: &dyn Rules,
    setup: &Setup,
    board: &Board,
    offset_of: &dyn Fn(Square) -> usize,
    problems: &mut Vec<Problem>,
) {
    if let Some(n) = rules.royals_per_side() {
        for color in Color::ALL {
            let royals = board.royals(color);
            if royals.is_empty() {
                problems.push(Problem::MissingRoyal {
                    color,
                    offset: setup.board_offset,
                });
            } else if royals.len() > n {
                let extra = royals
                    .iter()
                    .nth(n)
                    .map(offset_of)
                    .unwrap_or(setup.board_offset);
                problems.push(Problem::TooManyRoyals {
                    color,
                    count: royals.len(),
                    expected: n,
                    offset: extra,
                });
            }
        }
    }
}

/// The hands `setup` gives (`[Qn]`, or lichess's extra row `hand_row`),
/// and a problem for each piece no hand of the variant holds.
fn read_hands(
    rules: &dyn Rules,
    setup: &Setup,
    hand_row: Option<fen::SetupRow>,
    state: &mut State,
    problems: &mut Vec<Problem>,
) {
    let standard_hand = setup.hand.clone().or_else(|| {
        hand_row.map(|row| Field {
            text: row
                .cells
                .iter()
                .filter_map(|c| match c.token {
                    Token::Piece(ch) => Some(ch),
                    Token::Empty | Token::Pair(..) => None,
                })
                .collect(),
            offset: row.offset,
        })
    });
    if let Some(hand) = standard_hand {
        read_hand_letters(rules, &hand, state, problems);
    }
    for color in Color::ALL {
        let allowed = rules.hand_kinds(color);
        for (p, _) in state.hands.pieces(color) {
            if !allowed.contains(p.kind) {
                problems.push(Problem::HandPiece {
                    letter: p.letter(),
                    offset: setup.board_offset + setup.board_len,
                });
            }
        }
    }
}

/// [`validate`], dropping the problems `waive` accepts.
pub fn validate_waiving(
    rules: &dyn Rules,
    setup: &Setup,
    waive: &dyn Fn(&Problem) -> bool,
) -> Result<Position, Vec<Problem>> {
    let g = rules.geometry();
    let mut problems = Vec::new();
    let has_hands = Color::ALL.iter().any(|c| !rules.hand_kinds(*c).is_empty());
    // Lichess's hand form: one row more than the board, holding the hand.
    let hand_row;
    let setup = if has_hands && setup.hand.is_none() && setup.rows.len() == g.rows() as usize + 1 {
        let mut s = setup.clone();
        hand_row = s.rows.pop();
        std::borrow::Cow::Owned(s)
    } else {
        hand_row = None;
        std::borrow::Cow::Borrowed(setup)
    };
    let (setup, marks) = split_marks(rules, &setup);
    let setup: &Setup = &setup;
    let (mut board, offsets) = place_cells(rules, setup, &mut problems);
    let mut counters = crate::position::SquareCounters::default();
    for m in &marks {
        let rank = g.rows() as usize - 1 - m.row;
        let sq = Square((rank * g.cols() as usize + m.file) as u16);
        if m.file >= g.cols() as usize
            || rank >= g.rows() as usize
            || !rules.read_cell_mark(&mut board, &mut counters, sq, m.letter, m.mark)
        {
            problems.push(Problem::UnknownLetter {
                letter: m.mark,
                row: m.row + 1,
                file: file_char(m.file as u8),
                offset: m.offset,
            });
        }
    }
    let offset_of = |sq: Square| {
        offsets
            .get(sq.index())
            .copied()
            .unwrap_or(setup.board_offset)
    };

    royal_count_problems(rules, setup, &board, &offset_of, &mut problems);

    let turn = setup.turn.map(|(c, _)| c).unwrap_or(Color::White);
    let mut state = read_fields(rules, setup, &board, turn, &mut problems);
    read_hands(rules, setup, hand_row, &mut state, &mut problems);
    let mut pos = Position {
        board,
        state,
        counters,
    };
    rules.read_position_fields(vchess_extra_fields(rules, setup), &mut pos, &mut problems);
    rules.position_problems(&pos, &offset_of, &mut problems);
    problems.retain(|p| !waive(p));
    if setup.turn.is_some() && problems.is_empty() {
        let them = turn.opposite();
        if rules.royal_attacked(&pos, them) {
            if let Some(sq) = pos.board.royals(them).first() {
                problems.push(Problem::OpponentInCheck {
                    color: them,
                    square: g.square_name(sq),
                    offset: offset_of(sq),
                });
            }
        }
    }
    if problems.is_empty() {
        Ok(pos)
    } else {
        Err(problems)
    }
}

/// A mark read after a board letter ([`Rules::marked_letter`]): row (from
/// 0 at the top) and file of its square, the letter, the mark, its offset.
struct CellMark {
    row: usize,
    file: usize,
    letter: char,
    mark: char,
    offset: usize,
}

/// The setup with each mark taken out of its row (the strict parser reads
/// a mark as a square of its own), and the marks; the setup as it is when
/// the variant has no marked letter.
fn split_marks<'a>(
    rules: &dyn Rules,
    setup: &'a Setup,
) -> (std::borrow::Cow<'a, Setup>, Vec<CellMark>) {
    let marked =
        |c: &fen::SetupCell| matches!(c.token, Token::Piece(ch) if rules.marked_letter(ch));
    if !setup.rows.iter().any(|r| r.cells.iter().any(marked)) {
        return (std::borrow::Cow::Borrowed(setup), Vec::new());
    }
    let mut out = setup.clone();
    let mut marks = Vec::new();
    for (i, row) in out.rows.iter_mut().enumerate() {
        let mut cells = Vec::with_capacity(row.cells.len());
        let mut it = row.cells.iter().peekable();
        while let Some(cell) = it.next() {
            cells.push(*cell);
            let Token::Piece(letter) = cell.token else {
                continue;
            };
            if !rules.marked_letter(letter) {
                continue;
            }
            if let Some(&&next) = it.peek() {
                if let Token::Piece(mark) = next.token {
                    it.next();
                    marks.push(CellMark {
                        row: i,
                        file: cells.len() - 1,
                        letter,
                        mark,
                        offset: next.offset,
                    });
                }
            }
        }
        row.cells = cells;
    }
    (std::borrow::Cow::Owned(out), marks)
}

/// The fields of a vchess FEN after its flags and en-passant fields (the
/// variant's own); none in a standard FEN.
fn vchess_extra_fields<'a>(rules: &dyn Rules, setup: &'a Setup) -> &'a [Field] {
    let fields = &setup.fields;
    let vchess = fields
        .first()
        .is_some_and(|f| f.text.bytes().all(|b| b.is_ascii_digit()));
    if !vchess {
        return &[];
    }
    let style = rules.fen_style();
    let flags = style.castling.iter().any(|c| *c) || rules.own_flags();
    let skip = 1 + usize::from(flags) + usize::from(style.en_passant);
    fields.get(skip..).unwrap_or(&[])
}

fn read_fields(
    rules: &dyn Rules,
    setup: &Setup,
    board: &Board,
    turn: Color,
    problems: &mut Vec<Problem>,
) -> State {
    let style = rules.fen_style();
    let mut state = State {
        turn,
        castling: Castling::NONE,
        en_passant: None,
        halfmove_clock: 0,
        plies: 0,
        variant: 0,
        hands: Default::default(),
    };
    if turn == Color::Black {
        state.plies = 1;
    }
    let fields = &setup.fields;
    let number = |i: usize, name: &'static str, problems: &mut Vec<Problem>| -> Option<u32> {
        let f = fields.get(i)?;
        match f.text.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => {
                problems.push(Problem::BadField {
                    field: name,
                    text: f.text.clone(),
                    offset: f.offset,
                });
                None
            }
        }
    };
    let vchess = fields
        .first()
        .is_some_and(|f| f.text.bytes().all(|b| b.is_ascii_digit()));
    let (castle_field, ep_field);
    if vchess {
        // board turn plies [flags] [ep]
        if let Some(n) = number(0, "move counter", problems) {
            state.plies = n;
        }
        let mut next = 1;
        castle_field = if style.castling.iter().any(|c| *c) || rules.own_flags() {
            next += 1;
            fields.get(1)
        } else {
            None
        };
        ep_field = if style.en_passant {
            fields.get(next)
        } else {
            None
        };
        rules.read_variant_fields(vchess_extra_fields(rules, setup), &mut state, problems);
    } else {
        // board turn castling ep halfmove fullmove; a three-check counter
        // before the clocks (Fairy-Stockfish, checks still to give: `1+3`)
        // or after them (lichess, checks given: `+2+0`).
        castle_field = fields.first();
        ep_field = fields.get(1);
        let remaining = fields
            .get(2)
            .and_then(|f| check_counter(&f.text, false).map(|c| (f, c)));
        let clocks = if remaining.is_some() { 3 } else { 2 };
        let given = fields
            .get(clocks + 2)
            .and_then(|f| check_counter(&f.text, true).map(|c| (f, c)));
        if let Some(n) = number(clocks, "half-move clock", problems) {
            state.halfmove_clock = n;
        }
        if let Some(n) = number(clocks + 1, "move number", problems) {
            state.plies = n.saturating_sub(1) * 2 + (turn == Color::Black) as u32;
        }
        if let Some((f, [white, black])) = remaining.or(given) {
            // Checks received by White are the ones Black gave.
            let received = match (rules.checks_that_lose(), remaining.is_some()) {
                (Some(limit), true) if white <= limit && black <= limit => {
                    Some([limit - black, limit - white])
                }
                (Some(limit), false) if white <= limit && black <= limit => Some([black, white]),
                _ => None,
            };
            match received {
                Some(r) => rules.set_checks_received(&mut state, r),
                None => problems.push(Problem::BadField {
                    field: "check counter",
                    text: f.text.clone(),
                    offset: f.offset,
                }),
            }
        }
        if let Some(extra) = fields.get(clocks + 2 + usize::from(given.is_some())) {
            problems.push(Problem::BadField {
                field: "after the move number",
                text: extra.text.clone(),
                offset: extra.offset,
            });
        }
    }

    read_castling(rules, board, castle_field, vchess, &mut state, problems);
    read_en_passant_field(rules, board, ep_field, vchess, turn, &mut state, problems);
    state
}

/// A three-check counter, White's number then Black's: lichess's `+2+0`
/// (`plus_first`) or Fairy-Stockfish's `1+3`.
fn check_counter(text: &str, plus_first: bool) -> Option<[u8; 2]> {
    let rest = if plus_first {
        text.strip_prefix('+')?
    } else {
        text
    };
    let (white, black) = rest.split_once('+')?;
    let digits = |t: &str| {
        (!t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse::<u8>().ok())
            .flatten()
    };
    Some([digits(white)?, digits(black)?])
}

/// The castling field (vchess flags or X-FEN), and a problem for each right
/// whose king or rook is not at home.
fn read_castling(
    rules: &dyn Rules,
    board: &Board,
    castle_field: Option<&Field>,
    vchess: bool,
    state: &mut State,
    problems: &mut Vec<Problem>,
) {
    let g = rules.geometry();
    let style = rules.fen_style();
    if let (Some(f), true) = (castle_field, vchess && rules.own_flags()) {
        if !rules.read_flags_tail(&f.text, state) {
            problems.push(Problem::BadField {
                field: "castling",
                text: f.text.clone(),
                offset: f.offset,
            });
        }
    } else if let Some(f) = castle_field {
        if f.text != "-" {
            let parsed = if vchess {
                Castling::read_vchess(&f.text, style.castling, g.cols()).and_then(
                    |(castling, tail)| rules.read_flags_tail(tail, state).then_some(castling),
                )
            } else {
                Castling::from_xfen(g, board, style.castling, style.castle_rook, &f.text)
            };
            match parsed {
                Some(c) => state.castling = c,
                None => problems.push(Problem::BadField {
                    field: "castling",
                    text: f.text.clone(),
                    offset: f.offset,
                }),
            }
        }
        // Every right needs its king on the first rank and its rook.
        for color in Color::ALL {
            if !state.castling.any(color) {
                continue;
            }
            let own = rules.castling_rank();
            let back = if color == Color::White {
                own
            } else {
                g.rows() - 1 - own
            };
            let king_ok = board.royals(color).iter().any(|s| g.rank(s) == back);
            if !king_ok {
                problems.push(Problem::CastlingWithoutKing {
                    color,
                    offset: f.offset,
                });
                continue;
            }
            for side in 0..2 {
                let Some(file) = state.castling.rook_file(color, side) else {
                    continue;
                };
                let has = g.square(file, back).is_some_and(|s| {
                    board
                        .cell(s)
                        .piece(color)
                        .is_some_and(|p| rules.castling_kind(p.kind) == style.castle_rook)
                });
                if !has && vchess {
                    // vchess leaves a flag standing when the rook changed
                    // colour (Benedict, Pacifist) or was taken on its
                    // square by its own side (Recycle), and writes it on:
                    // its castling skips a flag without its rook, and so
                    // does fenpress's (the right is kept, as the site
                    // keeps it, and castles only with a rook there).
                    continue;
                }
                if !has {
                    problems.push(Problem::CastlingWithoutRook {
                        color,
                        file: file_char(file),
                        offset: f.offset,
                    });
                }
            }
        }
    }
}

/// The en-passant field: the variant's own reading, else a square a pawn
/// just passed.
fn read_en_passant_field(
    rules: &dyn Rules,
    board: &Board,
    ep_field: Option<&Field>,
    vchess: bool,
    turn: Color,
    state: &mut State,
    problems: &mut Vec<Problem>,
) {
    let g = rules.geometry();
    let own_ep = ep_field
        .filter(|_| vchess)
        .and_then(|f| Some((f, rules.read_en_passant(&f.text, board, state)?)));
    if let Some((f, false)) = own_ep {
        problems.push(Problem::BadField {
            field: "en-passant",
            text: f.text.clone(),
            offset: f.offset,
        });
    }
    if let (Some(f), None) = (ep_field, own_ep) {
        if f.text != "-" {
            match parse_square_coords(&f.text).and_then(|(fl, r)| g.square(fl, r)) {
                None => problems.push(Problem::BadField {
                    field: "en-passant",
                    text: f.text.clone(),
                    offset: f.offset,
                }),
                Some(sq) => match en_passant_reason(rules, board, sq, turn) {
                    Some(reason) => problems.push(Problem::EnPassantImpossible {
                        square: f.text.clone(),
                        reason,
                        offset: f.offset,
                    }),
                    None => state.en_passant = Some(sq),
                },
            }
        }
    }
}

/// Why `sq` cannot be the en-passant square with `turn` to move, if it can't.
fn en_passant_reason(
    rules: &dyn Rules,
    board: &Board,
    sq: Square,
    turn: Color,
) -> Option<&'static str> {
    let g = rules.geometry();
    let mover = turn.opposite();
    if !board.cell(sq).is_empty() {
        return Some("it is occupied");
    }
    let dr: i32 = if mover == Color::White { 1 } else { -1 };
    let pawn = Piece::new(mover, crate::Kind::PAWN);
    let front = g.offset(sq, 0, dr);
    let Some(front) = front.filter(|s| board.cell(*s).piece(mover) == Some(pawn)) else {
        return Some("no pawn stands in front of it");
    };
    let Some(origin) = g.offset(sq, 0, -dr) else {
        return Some("no pawn can have passed it");
    };
    if !board.cell(origin).is_empty() {
        return Some("the square the pawn came from is occupied");
    }
    // Chess's pawns double-step from their second rank; Rugby's from their
    // first, Shako's and Grand's from their third: where the variant's own
    // pawn could have stepped from `origin` over `sq`, the square stands.
    if g.relative_rank(sq, mover) != 2 && !double_steps(rules, board, origin, front, pawn) {
        return Some("no pawn of the side that just moved double-steps over it");
    }
    None
}

/// Whether the variant's pawn `pawn` on `origin` (the pawn now on `front`
/// put back there) could step to `front` in one move, over the square
/// between: asked of the variant's own move generation.
fn double_steps(
    rules: &dyn Rules,
    board: &Board,
    origin: Square,
    front: Square,
    pawn: Piece,
) -> bool {
    let mut before = board.clone();
    before.remove(front, pawn.color);
    before.put(origin, pawn);
    let pos = Position {
        board: before,
        state: State {
            turn: pawn.color,
            castling: Castling::NONE,
            en_passant: None,
            halfmove_clock: 0,
            // Past any set-up or placement turns.
            plies: 10,
            variant: 0,
            hands: Default::default(),
        },
        counters: Default::default(),
    };
    let mut list = crate::MoveList::new();
    rules.pseudo_legal_moves(&pos, &mut list);
    list.iter()
        .any(|m| m.intent.from == origin && m.intent.to == front && m.intent.piece == pawn)
}

/// Reads standard FEN's hand letters (`Qn`: a white queen, a black knight;
/// a digit before a letter repeats it, `3P`) into `state.hands`, replacing
/// what a reserve field gave.
fn read_hand_letters(
    rules: &dyn Rules,
    hand: &Field,
    state: &mut State,
    problems: &mut Vec<Problem>,
) {
    state.hands = Default::default();
    let mut repeat: u32 = 0;
    for (i, ch) in hand.text.char_indices() {
        let offset = hand.offset + i;
        if let Some(d) = ch.to_digit(10) {
            repeat = (repeat * 10 + d).min(255);
            continue;
        }
        let n = repeat.max(1);
        repeat = 0;
        let piece = Piece::from_letter(ch).filter(|p| {
            rules.hand_kinds(p.color).contains(p.kind) && crate::Hands::can_hold(p.kind)
        });
        match piece {
            Some(p) => {
                let now = state.hands.count(p.color, p.kind) as u32 + n;
                state.hands.set(p.color, p.kind, now.min(255) as u8);
            }
            None => problems.push(Problem::HandPiece { letter: ch, offset }),
        }
    }
}

/// Reads a vchess reserve field: one decimal digit per `(color, kind)` of
/// `layout`, in order (Crazyhouse: `0000000000`, White's pawn, rook,
/// knight, bishop, queen then Black's), into `state.hands`. A field of the
/// wrong length or with other characters is a [`Problem::BadField`].
///
/// ```
/// use fenpress_rules::{fen::Field, position::State, validate::read_reserve_digits, Color, Kind};
/// let layout = [(Color::White, Kind::PAWN), (Color::Black, Kind::PAWN)];
/// let field = Field { text: "21".into(), offset: 0 };
/// let mut state: State = fenpress_rules::registry::rules("chess").unwrap().start_position().state;
/// let mut problems = Vec::new();
/// read_reserve_digits(&field, &layout, &mut state, &mut problems);
/// assert!(problems.is_empty());
/// assert_eq!(state.hands.count(Color::White, Kind::PAWN), 2);
/// ```
pub fn read_reserve_digits(
    field: &Field,
    layout: &[(Color, Kind)],
    state: &mut State,
    problems: &mut Vec<Problem>,
) {
    let digits: Option<Vec<u8>> = field
        .text
        .bytes()
        .map(|b| b.is_ascii_digit().then(|| b - b'0'))
        .collect();
    match digits {
        Some(d) if d.len() == layout.len() => {
            for ((color, kind), n) in layout.iter().zip(d) {
                state.hands.set(*color, *kind, n);
            }
        }
        _ => problems.push(Problem::BadField {
            field: "reserve",
            text: field.text.clone(),
            offset: field.offset,
        }),
    }
}

/// Reads a field naming a square (`-`: none); a name off the board is a
/// problem naming the field.
pub fn square_field(
    g: &crate::Geometry,
    f: &crate::fen_row::Field,
    name: &'static str,
    problems: &mut Vec<Problem>,
) -> Option<Square> {
    if f.text == "-" {
        return None;
    }
    let sq = parse_square_coords(&f.text).and_then(|(fl, r)| g.square(fl, r));
    if sq.is_none() {
        problems.push(Problem::BadField {
            field: name,
            text: f.text.clone(),
            offset: f.offset,
        });
    }
    sq
}
