//! Synchrone1 and Synchrone2 (synchronous chess, after Hansmann and the
//! Krasowskys). Synchrone1: both
//! players move "at the same time", as vchess plays it:
//!
//! - **A turn is two plies.** White *chooses* a move (the board does not
//!   change: the choice waits in [`State::variant`], vchess's FEN field
//!   "White's move"); Black then chooses on the same board, and Black's
//!   choice *resolves* the turn: each of Black's moves carries, as its
//!   [`crate::moves::Effect`], the whole resolved turn (so `unplay` is the
//!   generic one), and `perft` counts half-moves as vchess does.
//! - **Choices** are the orthodox legal moves on the board, plus, when the
//!   chooser is not in check ("when the king is under check, a legal
//!   orthodox move must be played"), *anticipated recaptures*: a capture of
//!   one's own piece (never the king) on a square an enemy piece could take
//!   on, legal once that enemy piece has left its square (vchess's
//!   `getRecaptures`, which removes the first such enemy piece it finds).
//!   A pawn's recapture never promotes, as in vchess.
//! - **Resolution** (the page): two moves landing on the same square leave
//!   nothing there but a king, if one of them is a king's; a capture whose
//!   target moved captures nothing; a self-capture meeting the enemy's
//!   capture on its square stays (the enemy's piece disappears). The
//!   details (which pieces vanish first, castling's rook) follow vchess's
//!   `resolveSynchroneMove`, replayed on a copy of the board: the effect is
//!   the difference between the board before and after.
//! - **En passant**: White takes the pawn Black double-stepped in the last
//!   turn; Black's target is White's pending double step (vchess), whose
//!   pawn is not on the board yet: Black's pawn moves to the passed square
//!   and takes nothing. A target whose pawn was lost in a collision is
//!   taken the same way, capturing nothing.
//! - **Castling**: a right is lost when its rook's square is touched by
//!   either side's move (vchess) or when its king moves (orthodox chess;
//!   vchess keeps the rights after a king's move: deviation
//!   synchrone1-castling-after-king-move).
//! - **End**, judged when a turn is over (White to move): a king taken
//!   loses; then a side that cannot move loses if it is in check and the
//!   other can move, otherwise the game is drawn (vchess's
//!   `getCurrentScore`).
//!
//! **Synchrone2** (the inventors' version, as vchess plays it) has no
//! anticipated recapture and no en passant; each turn's moves (plies 0
//! and 1 of four) are followed by a capturing turn (plies 2 and 3), played
//! the same way, White's choice unseen: each side may take the enemy piece
//! that just moved (the first vchess finds, its top row first), by a move
//! legal now that was a move on the board before the turn ("the capturing
//! move must be legal according to the previous board situation"), or
//! pass (one pass is listed, as vchess's move list keeps one: its first
//! piece's, top row first, onto its own king, or the king's onto the enemy
//! king, written `pass`). Both are then played as they are. The board
//! before the turn is kept in [`Position::counters`] (a code a square) and
//! is the FEN's fourth field: `board turn plies flags initFen whiteMove`.
//! The game is judged after a whole turn; a king taken ends it at once.
//!
//! FEN (vchess): `board turn plies flags ep whiteMove`, e.g. the start
//! `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -,- -`. The
//! en-passant field holds White's and Black's squares of the last turn
//! (`-,-`), and with Black to move White's pending one too (`-,-,e3`).
//! White's pending move is written by its squares (`e2e4`, `e7e8q`);
//! vchess's JSON move is read too.

use crate::board::Board;
use crate::color::Color;
use crate::fen::FenStyle;
use crate::fen::Field;
use crate::geometry::Geometry;
use crate::moves::{Effect, Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Castling, Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::ChessLike;

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -,- -";
const START_FEN2: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR -";

/// `MoveKind::Special` flag: an anticipated recapture (a capture of one's
/// own piece).
pub const RECAPTURE: u8 = 1;
/// `MoveKind::Special` flag: Synchrone2's pass in its capturing turn (no
/// piece moves; vchess's gesture: a piece onto its own king, or the king
/// onto the enemy king).
pub const PASS: u8 = 2;

/// The piece kinds in the code a square of Synchrone2's board before the
/// turn is kept as ([`Position::counters`]): 1 + 8 × color + index.
const KINDS: [Kind; 6] = [
    Kind::PAWN,
    Kind::KNIGHT,
    Kind::BISHOP,
    Kind::ROOK,
    Kind::QUEEN,
    Kind::KING,
];

// Layout of `State::variant`: White's pending move, then the en-passant
// squares of the last turn (White's, Black's), each with a presence bit.
const PENDING: u64 = 1;
const FROM_SHIFT: u32 = 1;
const TO_SHIFT: u32 = 7;
const PROMO_SHIFT: u32 = 13;
const EP_WHITE_SHIFT: u32 = 21;
const EP_BLACK_SHIFT: u32 = 28;
const PENDING_BITS: u64 = (1 << EP_WHITE_SHIFT) - 1;

/// Synchrone1's rules over an inner chess.
pub struct Synchrone {
    chess: ChessLike,
    /// Synchrone2: no anticipated recapture and no en passant; every
    /// other turn (plies 2 and 3 of four) a capturing turn.
    second: bool,
    /// A position of the inner chess, whose board and state each probe
    /// replaces.
    template: Position,
}

impl Default for Synchrone {
    fn default() -> Self {
        Self::new()
    }
}

/// A vanishing piece in vchess's lists: its square and piece (none: an
/// en-passant capture whose pawn is not there).
type Vanish = (Square, Option<Piece>);

/// One half of a turn as vchess's `resolveSynchroneMove` sees it: its
/// `start`, `end` and its `vanish`/`appear` lists (a vanish with no piece:
/// an en-passant capture whose pawn is not there).
struct Half {
    color: Color,
    start: Square,
    end: Square,
    vanish: Vec<Vanish>,
    appear: Vec<(Square, Piece)>,
}

fn ep_slot(v: u64, shift: u32) -> Option<Square> {
    let bits = (v >> shift) & 0x7f;
    (bits & 0x40 != 0).then_some(Square((bits & 0x3f) as u16))
}

fn with_ep_slot(v: u64, shift: u32, sq: Option<Square>) -> u64 {
    let bits = sq.map_or(0, |s| 0x40 | (s.0 as u64 & 0x3f));
    (v & !(0x7f << shift)) | (bits << shift)
}

fn encode_pending(from: Square, to: Square, promotion: Option<Kind>) -> u64 {
    PENDING
        | (from.0 as u64) << FROM_SHIFT
        | (to.0 as u64) << TO_SHIFT
        | (promotion.map_or(0, |k| k.0) as u64) << PROMO_SHIFT
}

fn pending_squares(v: u64) -> Option<(Square, Square, Option<Kind>)> {
    if v & PENDING == 0 {
        return None;
    }
    let sq = |shift: u32| Square(((v >> shift) & 0x3f) as u16);
    let promo = ((v >> PROMO_SHIFT) & 0xff) as u8;
    Some((
        sq(FROM_SHIFT),
        sq(TO_SHIFT),
        (promo != 0).then_some(Kind(promo)),
    ))
}

/// The passed square of a pawn's double step, if `mv` is one.
fn passed_square(g: &Geometry, mv: &Move) -> Option<Square> {
    let (from, to) = (mv.intent.from, mv.intent.to);
    (mv.intent.piece.kind == Kind::PAWN
        && g.file(from) == g.file(to)
        && g.rank(from).abs_diff(g.rank(to)) == 2)
        .then(|| g.square(g.file(from), (g.rank(from) + g.rank(to)) / 2))
        .flatten()
}

impl Synchrone {
    pub fn new() -> Synchrone {
        Self::build(false)
    }

    /// Synchrone2's rules.
    pub fn new2() -> Synchrone {
        Self::build(true)
    }

    fn build(second: bool) -> Synchrone {
        let mut spec = chess::spec();
        spec.name = if second {
            "Synchrone2".into()
        } else {
            "Synchrone1".into()
        };
        let chess = ChessLike::new(spec).expect("the chess spec compiles");
        let template = (&chess as &dyn Rules).start_position();
        Synchrone {
            chess,
            second,
            template,
        }
    }

    /// Synchrone2's part of the four-ply cycle (0, 1: the moves; 2, 3: the
    /// capturing turn).
    fn phase(&self, pos: &Position) -> u32 {
        if self.second {
            pos.state.plies % 4
        } else {
            pos.state.plies % 2
        }
    }

    /// The board before the turn, as Synchrone2 keeps it.
    fn init_board(&self, pos: &Position) -> Board {
        let mut b = Board::empty(self.g().size(), self.chess.royal_kinds());
        for (sq, code) in pos.counters.nonzero() {
            let color = if code > 8 { Color::Black } else { Color::White };
            if let Some(k) = KINDS.get(usize::from((code - 1) % 8)) {
                b.put(sq, Piece::new(color, *k));
            }
        }
        b
    }

    fn keep_init_board(&self, pos: &mut Position) {
        pos.counters.clear();
        let cells: Vec<(Square, Piece)> = pos.board.pieces().collect();
        for (sq, p) in cells {
            if let Some(i) = KINDS.iter().position(|k| *k == p.kind) {
                pos.counters
                    .set(sq, 1 + 8 * p.color.index() as u8 + i as u8);
            }
        }
    }

    /// A board text (`rnbqkbnr/pppppppp/8/...`) as a board.
    fn parse_board(&self, text: &str) -> Option<Board> {
        let g = self.g();
        let mut b = Board::empty(g.size(), self.chess.royal_kinds());
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != g.rows() as usize {
            return None;
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = g.rows() - 1 - i as u8;
            let mut file = 0u8;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file = file.checked_add(d as u8)?;
                    continue;
                }
                let p = Piece::from_letter(c)?;
                if !KINDS.contains(&p.kind) {
                    return None;
                }
                b.put(g.square(file, rank)?, p);
                file += 1;
            }
            if file != g.cols() {
                return None;
            }
        }
        Some(b)
    }

    /// Synchrone2's capturing turn for `color`: a legal capture of the
    /// enemy piece that just moved (the first one vchess finds, its top row
    /// first), by a piece that could reach its square from the board before
    /// the turn (that piece's square as it was then, the moved enemy pieces
    /// where they are now); and one pass (vchess's move list keeps one:
    /// its first piece's, onto its own king, or the king's onto the enemy
    /// king).
    fn capturing_turn(&self, pos: &Position, color: Color, out: &mut MoveList) {
        let enemy = color.opposite();
        let mut init = self.init_board(pos);
        let mut target = None;
        for sq in self.vchess_order() {
            let now = pos.board.cell(sq);
            if now != init.cell(sq) && !now.is_empty() && now.has(enemy) {
                target.get_or_insert(sq);
                for p in init.cell(sq).pieces() {
                    init.remove(sq, p.color);
                }
                for p in now.pieces() {
                    init.put(sq, p);
                }
            }
        }
        if let Some(t) = target {
            let mut legal = MoveList::new();
            self.orthodox_moves(&pos.board, color, None, pos.state.castling, &mut legal);
            let probe = self.probe(&init, color, None, pos.state.castling);
            let mut before = MoveList::new();
            self.chess.pseudo_legal_moves(&probe, &mut before);
            for from in self.vchess_order() {
                for m in legal
                    .iter()
                    .filter(|m| m.intent.from == from && m.intent.to == t)
                {
                    if before
                        .iter()
                        .any(|b| b.intent.from == from && b.intent.to == t)
                    {
                        out.push(*m);
                    }
                }
            }
        }
        let first = self
            .vchess_order()
            .find_map(|sq| pos.board.cell(sq).piece(color).map(|p| (sq, p)));
        if let Some((from, piece)) = first {
            let king_of = |c: Color| pos.board.royals(c).first();
            let onto = if piece.kind == Kind::KING {
                king_of(enemy)
            } else {
                king_of(color)
            };
            if let Some(to) = onto {
                let mut mv = Move::simple(from, to, piece, None, None);
                mv.effect = Effect::default();
                mv.intent.kind = MoveKind::Special(PASS);
                out.push(mv);
            }
        }
    }

    /// Synchrone2's capturing turn resolved: both moves played as they
    /// are, every vanish before every appear (vchess's `postPlay`).
    fn play_both(&self, board: &Board, w: &Move, b: &Move) -> Effect {
        let mut after = board.clone();
        for m in [w, b] {
            for v in m.effect.vanish.as_slice() {
                for p in after.cell(v.square).pieces() {
                    after.remove(v.square, p.color);
                }
            }
        }
        for m in [w, b] {
            for a in m.effect.appear.as_slice() {
                for q in after.cell(a.square).pieces() {
                    after.remove(a.square, q.color);
                }
                after.put(a.square, a.piece);
            }
        }
        self.difference(board, &after)
    }

    fn difference(&self, board: &Board, after: &Board) -> Effect {
        let mut fx = Effect::default();
        for sq in self.g().squares() {
            let (was, now) = (board.cell(sq), after.cell(sq));
            if was == now {
                continue;
            }
            for p in was.pieces() {
                fx.vanish.push(sq, p);
            }
            for p in now.pieces() {
                fx.appear.push(sq, p);
            }
        }
        fx
    }

    fn g(&self) -> &Geometry {
        self.chess.geometry()
    }

    /// A position of the inner chess: `board`, `color` to move, the given
    /// en-passant target and castling rights, no variant state.
    fn probe(
        &self,
        board: &Board,
        color: Color,
        ep: Option<Square>,
        castling: Castling,
    ) -> Position {
        let mut pos = self.template.clone();
        pos.board = board.clone();
        pos.state = State {
            turn: color,
            castling,
            en_passant: ep,
            ..pos.state
        };
        pos.state.variant = 0;
        pos
    }

    fn in_check(&self, board: &Board, color: Color) -> bool {
        self.chess
            .royal_attacked(&self.probe(board, color, None, Castling::NONE), color)
    }

    /// The orthodox legal moves of `color` on `board`, with `ep` the
    /// en-passant target: vchess's `filterValid(getPotentialMovesFrom)`.
    /// An en-passant capture whose pawn is not beside the target square
    /// moves the pawn and takes nothing.
    fn orthodox_moves(
        &self,
        board: &Board,
        color: Color,
        ep: Option<Square>,
        castling: Castling,
        out: &mut MoveList,
    ) {
        let g = self.g();
        let mut probe = self.probe(board, color, ep, castling);
        let mut pseudo = MoveList::new();
        self.chess.pseudo_legal_moves(&probe, &mut pseudo);
        if let Some(t) = ep.filter(|t| board.cell(*t).is_empty()) {
            let fwd = if color == Color::White { 1 } else { -1 };
            let beside = g.offset(t, 0, -fwd);
            let taken = beside.is_some_and(|b| !board.cell(b).is_empty());
            for df in [-1, 1] {
                let Some(from) = g.offset(t, df, -fwd) else {
                    continue;
                };
                let pawn = Piece::new(color, Kind::PAWN);
                if taken || board.cell(from).piece(color) != Some(pawn) {
                    continue;
                }
                let mut mv = Move::simple(from, t, pawn, None, None);
                mv.intent.kind = MoveKind::EnPassant;
                pseudo.push(mv);
            }
        }
        for mv in &pseudo {
            let undo = self.chess.play(&mut probe, mv);
            let legal = !self.chess.royal_attacked(&probe, color);
            self.chess.unplay(&mut probe, mv, undo);
            if legal {
                out.push(*mv);
            }
        }
    }

    /// Whether `piece` on `from` attacks `to` on `board` (vchess's
    /// `getTargetedCaptures`).
    fn hits(&self, board: &Board, from: Square, piece: Piece, to: Square) -> bool {
        let g = self.g();
        let df = g.file(to) as i32 - g.file(from) as i32;
        let dr = g.rank(to) as i32 - g.rank(from) as i32;
        let (adf, adr) = (df.abs(), dr.abs());
        let slide = |rook: bool, bishop: bool| {
            let straight = (df == 0) != (dr == 0);
            let diagonal = adf == adr && adf != 0;
            if !((rook && straight) || (bishop && diagonal)) {
                return false;
            }
            let (sf, sr) = (df.signum(), dr.signum());
            (1..adf.max(adr)).all(|i| {
                g.offset(from, sf * i, sr * i)
                    .is_some_and(|s| board.cell(s).is_empty())
            })
        };
        match piece.kind {
            Kind::PAWN => {
                let fwd = if piece.color == Color::White { 1 } else { -1 };
                dr == fwd && adf == 1
            }
            Kind::KNIGHT => (adf, adr) == (1, 2) || (adf, adr) == (2, 1),
            Kind::KING => adf <= 1 && adr <= 1,
            Kind::ROOK => slide(true, false),
            Kind::BISHOP => slide(false, true),
            Kind::QUEEN => slide(true, true),
            _ => false,
        }
    }

    /// Whether the capture `from`–`to` by `piece` leaves its king safe.
    fn capture_is_legal(&self, board: &Board, from: Square, piece: Piece, to: Square) -> bool {
        let mut after = board.clone();
        after.remove(from, piece.color);
        for p in after.cell(to).pieces() {
            after.remove(to, p.color);
        }
        after.put(to, piece);
        !self.in_check(&after, piece.color)
    }

    /// The squares in vchess's order: its top row first, each left to right.
    fn vchess_order(&self) -> impl Iterator<Item = Square> + '_ {
        let g = self.g();
        (0..g.rows())
            .rev()
            .flat_map(move |r| (0..g.cols()).filter_map(move |f| g.square(f, r)))
    }

    /// The anticipated recaptures of `color` (vchess's `getRecaptures`).
    fn recaptures(&self, board: &Board, color: Color, out: &mut MoveList) {
        let enemy = color.opposite();
        let squares: Vec<Square> = self.vchess_order().collect();
        for &target in &squares {
            let Some(own) = board.cell(target).piece(color) else {
                continue;
            };
            if own.kind == Kind::KING {
                continue;
            }
            // The first enemy piece that could take there, legally.
            let capturer = squares.iter().find_map(|&s| {
                let p = board.cell(s).piece(enemy)?;
                (self.hits(board, s, p, target) && self.capture_is_legal(board, s, p, target))
                    .then_some((s, p))
            });
            let Some((cs, cp)) = capturer else {
                continue;
            };
            let mut cleared = board.clone();
            cleared.remove(cs, cp.color);
            for &from in &squares {
                let Some(p) = cleared.cell(from).piece(color) else {
                    continue;
                };
                if from == target
                    || !self.hits(&cleared, from, p, target)
                    || !self.capture_is_legal(&cleared, from, p, target)
                {
                    continue;
                }
                let mut mv = Move::simple(from, target, p, Some(own), None);
                mv.intent.capture = true;
                mv.intent.kind = MoveKind::Special(RECAPTURE);
                out.push(mv);
            }
        }
    }

    /// Every choice of `color`: its orthodox moves, and its recaptures when
    /// it is not in check.
    fn choices(&self, board: &Board, state: &State, color: Color, out: &mut MoveList) {
        self.orthodox_moves(board, color, state.en_passant, state.castling, out);
        if !self.second && !self.in_check(board, color) {
            self.recaptures(board, color, out);
        }
    }

    /// The moves of `color` in this part of the turn.
    fn side_moves(&self, pos: &Position, state: &State, color: Color, out: &mut MoveList) {
        if self.phase(pos) >= 2 {
            self.capturing_turn(pos, color, out);
        } else {
            self.choices(&pos.board, state, color, out);
        }
    }

    /// White's pending move, found among White's choices (`None` if there
    /// is none or it is no choice).
    fn pending(&self, pos: &Position) -> Option<Move> {
        let (from, to, promo) = pending_squares(pos.state.variant)?;
        let mut state = pos.state;
        state.en_passant = ep_slot(state.variant, EP_BLACK_SHIFT);
        let mut moves = MoveList::new();
        self.side_moves(pos, &state, Color::White, &mut moves);
        moves.into_iter().find(|m| {
            m.intent.from == from && self.vchess_end(m) == to && m.intent.promotion == promo
        })
    }

    /// vchess's `end` of a move: a castling king's is its square two files
    /// towards the rook, or the rook's square when the rook is that near.
    fn vchess_end(&self, mv: &Move) -> Square {
        let g = self.g();
        if let MoveKind::Castle { rook_from, .. } = mv.intent.kind {
            let (kf, rf) = (g.file(mv.intent.from), g.file(rook_from));
            if kf.abs_diff(rf) <= 2 {
                return rook_from;
            }
            let dir = if rf < kf { -2 } else { 2 };
            return g.offset(mv.intent.from, dir, 0).unwrap_or(mv.intent.to);
        }
        mv.intent.to
    }

    fn half(&self, mv: &Move) -> Half {
        let g = self.g();
        let mut vanish: Vec<Vanish> = mv
            .effect
            .vanish
            .as_slice()
            .iter()
            .map(|v| (v.square, Some(v.piece)))
            .collect();
        if mv.intent.kind == MoveKind::EnPassant && vanish.len() == 1 {
            let beside = g.square(g.file(mv.intent.to), g.rank(mv.intent.from));
            if let Some(b) = beside {
                vanish.push((b, None));
            }
        }
        Half {
            color: mv.color(),
            start: mv.intent.from,
            end: self.vchess_end(mv),
            vanish,
            appear: mv
                .effect
                .appear
                .as_slice()
                .iter()
                .map(|a| (a.square, a.piece))
                .collect(),
        }
    }

    /// The turn made of White's move `w` and Black's `b` (vchess's
    /// `resolveSynchroneMove`): its vanish and appear lists.
    fn resolve_lists(w: &Half, b: &Half) -> (Vec<Vanish>, Vec<(Square, Piece)>) {
        let mut vanish = vec![w.vanish[0], b.vanish[0]];
        let mut appear = Vec::new();
        if w.end != b.end {
            appear.push(w.appear[0]);
            appear.push(b.appear[0]);
            for (m, other) in [(w, b), (b, w)] {
                if m.appear.len() == 2 {
                    appear.push(m.appear[1]);
                    vanish.push(m.vanish[1]);
                } else if m.vanish.len() == 2 && m.vanish[1].0 != other.start {
                    vanish.push(m.vanish[1]);
                }
            }
        } else if w.vanish.len() == 1 && b.vanish.len() == 1 {
            let king = |h: &Half| h.vanish[0].1.is_some_and(|p| p.kind == Kind::KING);
            if king(w) || king(b) {
                let c = if king(w) { w.color } else { b.color };
                appear.push((w.end, Piece::new(c, Kind::KING)));
            }
        } else {
            // A self-capture met the enemy's capture: the self-capture stays.
            let own =
                |h: &Half| h.vanish.len() == 2 && h.vanish[1].1.is_some_and(|p| p.color == h.color);
            let m = if own(w) || w.vanish.len() < 2 { w } else { b };
            let m = if m.vanish.len() < 2 { b } else { m };
            appear.push((w.end, Piece::new(m.color, m.appear[0].1.kind)));
            if let Some(p) = m.vanish.get(1).and_then(|v| v.1) {
                vanish.push((w.end, Some(Piece::new(m.color, p.kind))));
            }
        }
        (vanish, appear)
    }

    /// The resolved turn as one effect: the board's difference.
    fn resolve(&self, board: &Board, w: &Move, b: &Move) -> Effect {
        let (vanish, appear) = Self::resolve_lists(&self.half(w), &self.half(b));
        let mut after = board.clone();
        for (sq, _) in &vanish {
            for p in after.cell(*sq).pieces() {
                after.remove(*sq, p.color);
            }
        }
        for (sq, p) in &appear {
            for q in after.cell(*sq).pieces() {
                after.remove(*sq, q.color);
            }
            after.put(*sq, *p);
        }
        self.difference(board, &after)
    }

    /// The castling rights after a turn that touched `touched` and moved
    /// the kings in `kings_moved`.
    fn castling_after(
        &self,
        mut rights: Castling,
        touched: &[Square],
        kings_moved: [bool; 2],
    ) -> Castling {
        let g = self.g();
        for color in Color::ALL {
            if kings_moved[color.index()] {
                rights.lose_all(color);
            }
            for &sq in touched {
                rights.lose_square(g, color, sq);
            }
        }
        rights
    }

    fn pending_text(&self, mv: &Move) -> String {
        let g = self.g();
        let mut s = g.square_name(mv.intent.from);
        s.push_str(&g.square_name(self.vchess_end(mv)));
        if let Some(k) = mv.intent.promotion {
            s.push(k.0 as char);
        }
        s
    }

    /// The squares of a pending-move text: ours (`e2e4`, `e7e8q`; a
    /// castling king by its `end` as vchess writes it) or vchess's JSON.
    fn parse_pending(&self, text: &str) -> Option<(Square, Square, Option<Kind>)> {
        let g = self.g();
        if text.starts_with('{') {
            return parse_vchess_json(g, text);
        }
        let b = text.as_bytes();
        if !(4..=5).contains(&b.len()) || !text.is_ascii() {
            return None;
        }
        let from = g.parse_square(&text[..2])?;
        let end = g.parse_square(&text[2..4])?;
        let promo = b.get(4).map(|c| Kind(c.to_ascii_lowercase()));
        Some((from, end, promo))
    }

    /// What vchess's `getCurrentScore` says once a turn is over.
    fn score(&self, pos: &Position) -> Option<Outcome> {
        if let Some(o) = super::king_captured(pos) {
            return Some(o);
        }
        let can_move = |c: Color| {
            let mut moves = MoveList::new();
            let ep = if c == Color::White {
                pos.state.en_passant
            } else {
                None
            };
            self.orthodox_moves(&pos.board, c, ep, pos.state.castling, &mut moves);
            !moves.is_empty()
        };
        let (w, b) = (can_move(Color::White), can_move(Color::Black));
        if w && b {
            return None;
        }
        let draw = Some(Outcome::VariantDraw {
            reason: "a side cannot move and is not mated",
        });
        if (w && !self.in_check(&pos.board, Color::Black))
            || (b && !self.in_check(&pos.board, Color::White))
            || (!w && !b)
        {
            return draw;
        }
        Some(Outcome::VariantWin {
            winner: if w { Color::White } else { Color::Black },
            reason: "checkmate",
        })
    }
}

/// Reads `start`, `end` and the promotion of vchess's JSON move (rows
/// counted from the top): `{"start":{"x":6,"y":4},"end":{"x":4,"y":4},
/// "appear":[{"p":"p",...}],"vanish":[{"p":"p",...}]}`.
fn parse_vchess_json(g: &Geometry, text: &str) -> Option<(Square, Square, Option<Kind>)> {
    let after = |key: &str| text.find(key).map(|i| &text[i + key.len()..]);
    let number = |s: &str, key: &str| -> Option<u8> {
        let at = s.find(key)? + key.len();
        let digits: String = s[at..].chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    };
    let sq = |key: &str| -> Option<Square> {
        let s = after(key)?;
        let obj = &s[..s.find('}')?];
        let (x, y) = (number(obj, "\"x\":")?, number(obj, "\"y\":")?);
        g.square(y, g.rows().checked_sub(x.checked_add(1)?)?)
    };
    let letter = |key: &str| -> Option<u8> {
        let s = after(key)?;
        let obj = &s[..s.find('}')?];
        let at = obj.find("\"p\":\"")? + 5;
        obj.as_bytes().get(at).copied()
    };
    let from = sq("\"start\"")?;
    let end = sq("\"end\"")?;
    // Synchrone2's pass moves nothing: its lists are empty.
    let Some(moved) = letter("\"vanish\"") else {
        return text.contains("\"vanish\":[]").then_some((from, end, None));
    };
    let landed = letter("\"appear\"").unwrap_or(moved);
    let promo = (moved == b'p' && landed != b'p').then_some(Kind(landed));
    Some((from, end, promo))
}

impl Rules for Synchrone {
    fn name(&self) -> &str {
        if self.second {
            "Synchrone2"
        } else {
            "Synchrone1"
        }
    }
    fn geometry(&self) -> &Geometry {
        self.chess.geometry()
    }
    fn start_fen(&self) -> &str {
        if self.second {
            START_FEN2
        } else {
            START_FEN
        }
    }
    fn kinds(&self, color: Color) -> KindSet {
        self.chess.kinds(color)
    }
    fn royal_kinds(&self) -> KindSet {
        self.chess.royal_kinds()
    }
    fn piece_name(&self, piece: Piece) -> String {
        self.chess.piece_name(piece)
    }
    /// Synchrone2's FEN has no en-passant field: its fourth field is the
    /// board before the turn.
    fn fen_style(&self) -> FenStyle {
        let mut style = self.chess.fen_style();
        style.en_passant = !self.second;
        style
    }
    fn promotions(&self, color: Color) -> &[Kind] {
        self.chess.promotions(color)
    }
    /// A king taken is gone: `position_problems` counts the kings.
    fn royals_per_side(&self) -> Option<usize> {
        None
    }
    /// Only the side to move is in check: with Black to move, White's
    /// pending move may answer a check; after a turn, a side may stand in
    /// check from the opponent's simultaneous move.
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        color == pos.turn() && self.in_check(&pos.board, color)
    }
    /// Black's choice resolves the turn, White's half with it: the move
    /// that ends a turn in White's win (its king taken, or left mated) is
    /// Black's.
    fn own_move_may_lose(&self) -> bool {
        true
    }
    /// A turn is two plies (Synchrone2's: four, its capturing half
    /// after its moves).
    fn turn_under_way(&self, pos: &Position) -> bool {
        self.phase(pos) != 0
    }
    /// Choices are filtered when listed (a White choice leaves the board
    /// as it is, so no generic after-move test applies).
    fn illegal_after(&self, _pos: &Position, _mover: Color) -> bool {
        false
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let color = pos.turn();
        let start = out.len();
        self.side_moves(pos, &pos.state, color, out);
        if color == Color::White {
            return;
        }
        let Some(w) = self.pending(pos) else {
            return;
        };
        let capturing = self.phase(pos) >= 2;
        for mv in &mut out[start..] {
            mv.effect = if capturing {
                self.play_both(&pos.board, &w, mv)
            } else {
                self.resolve(&pos.board, &w, mv)
            };
        }
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        match mv.intent.kind {
            MoveKind::Special(RECAPTURE) => Some("anticipated recapture"),
            MoveKind::Special(PASS) => Some("pass"),
            _ => None,
        }
    }

    /// Synchrone2's pass is written `pass`, as vchess writes it.
    fn notation_override(&self, mv: &Move) -> Option<String> {
        (mv.intent.kind == MoveKind::Special(PASS)).then(|| "pass".to_string())
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let saved = pos.state;
        let g = self.g();
        if mv.color() == Color::White {
            if self.second && self.phase(pos) == 0 {
                // The board before the turn, for its capturing part.
                pos.counters.save();
                self.keep_init_board(pos);
            }
            let s = &mut pos.state;
            s.variant = (s.variant & !PENDING_BITS)
                | encode_pending(mv.intent.from, self.vchess_end(mv), mv.intent.promotion);
            // Synchrone2 has no en passant.
            s.en_passant = passed_square(g, mv).filter(|_| !self.second);
            s.turn = Color::Black;
            s.plies = s.plies.saturating_add(1);
            return Undo(saved);
        }
        // The squares vchess's resolved move lists (it clears a castling
        // right whose rook square is among them): both halves' own squares.
        // Black's move carries the resolved effect: its own squares are its
        // intent's.
        let w = self.pending(pos);
        let pass = |m: &Move| m.intent.kind == MoveKind::Special(PASS);
        let mut touched: Vec<Square> = Vec::new();
        if !pass(mv) {
            touched.extend([mv.intent.from, mv.intent.to]);
        }
        if let MoveKind::Castle { rook_from, rook_to } = mv.intent.kind {
            touched.extend([rook_from, rook_to]);
        }
        if let Some(w) = w.as_ref().filter(|w| !pass(w)) {
            let h = self.half(w);
            touched.extend(h.vanish.iter().map(|v| v.0));
            touched.extend(h.appear.iter().map(|a| a.0));
        }
        let mut kings_moved = [false; 2];
        for m in w.iter().chain(std::iter::once(mv)) {
            if m.intent.piece.kind == Kind::KING && !pass(m) {
                kings_moved[m.color().index()] = true;
            }
        }
        pos.apply(mv);
        let s = &mut pos.state;
        s.castling = self.castling_after(s.castling, &touched, kings_moved);
        let black_ep = passed_square(g, mv).filter(|_| !self.second);
        let mut v = s.variant & !PENDING_BITS;
        v = with_ep_slot(v, EP_WHITE_SHIFT, saved.en_passant.filter(|_| w.is_some()));
        v = with_ep_slot(v, EP_BLACK_SHIFT, black_ep);
        s.variant = v;
        s.en_passant = black_ep;
        Undo(saved)
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        if mv.color() == Color::White {
            if self.second && undo.0.plies.is_multiple_of(4) {
                pos.counters.restore();
            }
            pos.state = undo.0;
        } else {
            pos.unapply(mv, undo);
        }
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        if pos.turn() != Color::White {
            return None; // the turn is not over
        }
        if self.phase(pos) == 2 {
            // Synchrone2 between the moves and the capturing turn.
            return super::king_captured(pos);
        }
        self.score(pos)
    }

    /// Synchrone2's board before the turn (its FEN's fourth field).
    fn read_position_fields(
        &self,
        fields: &[Field],
        pos: &mut Position,
        problems: &mut Vec<Problem>,
    ) {
        if !self.second {
            return;
        }
        let Some(f) = fields.first() else {
            return;
        };
        if f.text == "-" {
            return;
        }
        match self.parse_board(&f.text) {
            Some(board) => {
                let saved = std::mem::replace(&mut pos.board, board);
                self.keep_init_board(pos);
                pos.board = saved;
            }
            None => problems.push(Problem::BadField {
                field: "board before the turn",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.get(usize::from(self.second)) else {
            return;
        };
        // vchess: White to move has no pending move, Black to move has one.
        // The board is not known here: the squares are read as written and
        // matched against White's choices in `position_problems`.
        let read = match (f.text.as_str(), state.turn) {
            ("-", Color::White) => return,
            (text, Color::Black) if text != "-" => self.parse_pending(text),
            _ => None,
        };
        match read {
            Some((from, to, promo)) => {
                state.variant = (state.variant & !PENDING_BITS) | encode_pending(from, to, promo)
            }
            None => problems.push(Problem::BadField {
                field: "White's pending move",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    fn read_en_passant(&self, text: &str, _board: &Board, state: &mut State) -> Option<bool> {
        let g = self.g();
        let parts: Vec<&str> = text.split(',').collect();
        let want = if state.turn == Color::White { 2 } else { 3 };
        if parts.len() != want {
            return Some(false);
        }
        let mut squares = Vec::new();
        for p in &parts {
            if *p == "-" {
                squares.push(None);
            } else {
                match g.parse_square(p) {
                    Some(sq) => squares.push(Some(sq)),
                    None => return Some(false),
                }
            }
        }
        let mut v = with_ep_slot(state.variant, EP_WHITE_SHIFT, squares[0]);
        v = with_ep_slot(v, EP_BLACK_SHIFT, squares[1]);
        state.variant = v;
        state.en_passant = squares[want - 1];
        Some(true)
    }

    fn write_en_passant(&self, pos: &Position) -> Option<String> {
        let g = self.g();
        let name = |s: Option<Square>| s.map_or("-".to_string(), |s| g.square_name(s));
        let v = pos.state.variant;
        let mut out = format!(
            "{},{}",
            name(ep_slot(v, EP_WHITE_SHIFT)),
            name(ep_slot(v, EP_BLACK_SHIFT))
        );
        if pos.turn() == Color::Black {
            out.push(',');
            out.push_str(&name(pos.state.en_passant));
        }
        Some(out)
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let pending = match self.pending(pos) {
            Some(m) => self.pending_text(&m),
            None => "-".to_string(),
        };
        if !self.second {
            return (String::new(), format!(" {pending}"));
        }
        let init = if pos.counters.is_empty() {
            "-".to_string()
        } else {
            let mut before = self.template.clone();
            before.board = self.init_board(pos);
            crate::fen::board_fen(self, &before)
        };
        (String::new(), format!(" {init} {pending}"))
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        super::kings_problems(pos, offset_of, out);
        // A pending move read from the FEN must be one of White's choices.
        if let Some((from, to, promo)) = pending_squares(pos.state.variant) {
            if self.pending(pos).is_none() {
                let g = self.g();
                let mut text = g.square_name(from);
                text.push_str(&g.square_name(to));
                if let Some(k) = promo {
                    text.push(k.0 as char);
                }
                out.push(Problem::BadField {
                    field: "White's pending move",
                    text,
                    offset: offset_of(from),
                });
            }
        }
    }
}
