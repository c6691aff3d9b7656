//! Dynamo (Hans Kluever and Peter Kahl, 1968): nothing is captured; pieces
//! push and pull others along their lines, possibly off the board, and the
//! goal is to send the enemy king off it.
//!
//! A turn is played in two parts, as the site plays it, each a ply of its
//! own: the first part moves one piece (a piece of the mover's moving as it
//! moves, or any piece pushed by one of the mover's pieces); the second
//! part moves another piece in the same line, which makes the turn "a move
//! then a pull" or "a push then the pusher following", or passes ("if an
//! action is possible but you don't want to play a second part ... this
//! will send an empty move"). The first part `continues` when a second
//! part is possible. How a piece pushes or pulls:
//!
//! - rook, bishop, queen: along their lines, the first piece met, however
//!   far, as far as the line is free;
//! - knight: a piece one knight's leap away, one leap;
//! - king: an adjacent piece, one step;
//! - pawn: pushes only, a piece of its own side one step forward (two from
//!   its first rank), an enemy one step diagonally forward; it never pulls.
//!
//! A piece slid to the board's edge may go on off the board (a move written
//! with its own king's square as the end, as the site's interface takes
//! it: "the pawn can 'take the king'"); a king never leaves. A pawn pushed
//! or pulled onto its last rank promotes. The king is in check when a push
//! or pull could send it off the board; a first part is legal when some
//! second part leaves the mover's king safe. "It is forbidden to undo a
//! 'move + action'": a turn may not put back exactly what the opponent's
//! last turn changed. Castling as in chess, while king and rook have
//! neither moved nor been pushed or pulled; no en passant.
//!
//! vchess FEN: `board turn moves flags amove`, the last field the last
//! turn's pieces, appeared then vanished (`wpc3.wnb1/bpd5.wnc3`, `-` for
//! none): what the no-undo rule compares with. Mid-turn it still holds the
//! opponent's last turn, as vchess writes it.

use crate::color::Color;
use crate::fen::Field;
use crate::geometry::{Geometry, KING_STEPS, KNIGHT_LEAPS};
use crate::moves::{Effect, Intent, Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::Rules;
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, FenFields};
use crate::variants::forward::forward_rules;

/// `MoveKind::Special` of a piece leaving the board.
pub const EXIT: u8 = 1;
/// `MoveKind::Special` of an empty second part.
pub const PASS: u8 = 2;

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -";

/// What pawns become, in the site's order.
const PROMOTIONS: [Kind; 4] = [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN];

/// A piece on a square, as a turn's record keeps it.
type Placed = (Square, Piece);

/// What a whole turn put and took away, in order (at most two of each):
/// the no-undo rule compares turns by it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TurnRecord {
    pub appear: [Option<Placed>; 2],
    pub vanish: [Option<Placed>; 2],
}

impl TurnRecord {
    fn appeared(&self) -> impl Iterator<Item = Placed> + '_ {
        self.appear.iter().flatten().copied()
    }
    fn vanished(&self) -> impl Iterator<Item = Placed> + '_ {
        self.vanish.iter().flatten().copied()
    }
    fn is_empty(&self) -> bool {
        self.appear[0].is_none() && self.vanish[0].is_none()
    }
    fn add(slots: &mut [Option<Placed>; 2], p: Placed) {
        if let Some(slot) = slots.iter_mut().find(|s| s.is_none()) {
            *slot = Some(p);
        }
    }
    /// The record of `mv` (its own pieces), then `then`'s after it.
    fn of(mv: &Move) -> TurnRecord {
        let mut r = TurnRecord::default();
        r.extend(mv);
        r
    }
    fn extend(&mut self, mv: &Move) {
        for a in mv.effect.appear.as_slice() {
            Self::add(&mut self.appear, (a.square, a.piece));
        }
        for v in mv.effect.vanish.as_slice() {
            Self::add(&mut self.vanish, (v.square, v.piece));
        }
    }
    /// Whether this turn puts back exactly what `last` changed: as many
    /// pieces put as taken in both, what `last` put is what this takes and
    /// what `last` took is what this puts.
    fn undoes(&self, last: &TurnRecord) -> bool {
        let n = last.appeared().count();
        if self.appeared().count() != n
            || last.vanished().count() != n
            || self.vanished().count() != n
        {
            return false;
        }
        last.appeared().all(|p| self.vanished().any(|q| q == p))
            && last.vanished().all(|p| self.appeared().any(|q| q == p))
    }
}

/// The first part of the turn under way.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FirstPart {
    pub from: Square,
    /// Where it went; `None`: off the board.
    pub to: Option<Square>,
    /// The piece that moved, as it was.
    pub piece: Piece,
}

/// Dynamo's state beyond chess's, packed into [`State::variant`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct DynamoState {
    /// The last whole turn (empty: none known).
    pub last: TurnRecord,
    /// The first part just played, the second to come.
    pub first: Option<FirstPart>,
}

fn kind_code(kind: Kind) -> u64 {
    match kind {
        Kind::PAWN => 1,
        Kind::KNIGHT => 2,
        Kind::BISHOP => 3,
        Kind::ROOK => 4,
        Kind::QUEEN => 5,
        Kind::KING => 6,
        _ => 0,
    }
}

fn kind_of_code(code: u64) -> Option<Kind> {
    Some(match code {
        1 => Kind::PAWN,
        2 => Kind::KNIGHT,
        3 => Kind::BISHOP,
        4 => Kind::ROOK,
        5 => Kind::QUEEN,
        6 => Kind::KING,
        _ => return None,
    })
}

fn piece_code(p: Piece) -> u64 {
    u64::from(p.color == Color::Black) | kind_code(p.kind) << 1
}

fn piece_of_code(code: u64) -> Option<Piece> {
    let color = if code & 1 == 1 {
        Color::Black
    } else {
        Color::White
    };
    Some(Piece::new(color, kind_of_code(code >> 1)?))
}

/// A placed piece in 10 bits: square (6), color (1), kind (3); 0 is none.
fn placed_code(p: Option<Placed>) -> u64 {
    p.map_or(0, |(sq, piece)| u64::from(sq.0) | piece_code(piece) << 6)
}

fn placed_of_code(code: u64) -> Option<Placed> {
    let piece = piece_of_code(code >> 6)?;
    Some((Square((code & 63) as u16), piece))
}

const FIRST_SHIFT: u32 = 40;

impl DynamoState {
    pub fn of(state: &State) -> DynamoState {
        let v = state.variant;
        let slot = |i: u32| placed_of_code((v >> (10 * i)) & 0x3ff);
        let last = TurnRecord {
            appear: [slot(0), slot(1)],
            vanish: [slot(2), slot(3)],
        };
        let f = v >> FIRST_SHIFT;
        let first = (f & 1 == 1).then(|| FirstPart {
            from: Square(((f >> 1) & 63) as u16),
            to: ((f >> 7) & 1 == 0).then_some(Square(((f >> 8) & 63) as u16)),
            piece: piece_of_code((f >> 14) & 15).unwrap_or(Piece::new(Color::White, Kind::PAWN)),
        });
        DynamoState { last, first }
    }

    pub fn store(self, state: &mut State) {
        let mut v = 0;
        let slots = [
            self.last.appear[0],
            self.last.appear[1],
            self.last.vanish[0],
            self.last.vanish[1],
        ];
        for (i, p) in slots.into_iter().enumerate() {
            v |= placed_code(p) << (10 * i);
        }
        if let Some(f) = self.first {
            let first = 1
                | u64::from(f.from.0) << 1
                | u64::from(f.to.is_none()) << 7
                | u64::from(f.to.map_or(0, |s| s.0)) << 8
                | piece_code(f.piece) << 14;
            v |= first << FIRST_SHIFT;
        }
        state.variant = v;
    }
}

/// A direction reduced to its step, as the site reduces one: a knight's
/// leap by its shorter side, a line by its longer; `None` when that is no
/// whole step (such a direction matches no move's).
fn step_of(df: i32, dr: i32) -> Option<(i32, i32)> {
    let (a, b) = (df.abs(), dr.abs());
    let d = if a != 0 && b != 0 && a != b {
        a.min(b)
    } else {
        a.max(b)
    };
    (d != 0 && df % d == 0 && dr % d == 0).then(|| (df / d, dr / d))
}

const LINES: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (-1, 0),
    (1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

fn knight_leaps() -> impl Iterator<Item = (i32, i32)> {
    KNIGHT_LEAPS
        .iter()
        .map(|&(f, r)| (i32::from(f), i32::from(r)))
}

/// Dynamo rules over chess's pieces and FEN.
pub struct Dynamo {
    chess: ChessLike,
}

impl Default for Dynamo {
    fn default() -> Self {
        Self::new()
    }
}

impl Dynamo {
    pub fn new() -> Dynamo {
        let mut spec = chess::spec();
        spec.name = "Dynamo".into();
        spec.start_fen = START_FEN.into();
        spec.fen = FenFields {
            flags: Some(true),
            en_passant: Some(false),
        };
        Dynamo {
            chess: ChessLike::new(spec).expect("the chess spec compiles"),
        }
    }

    fn g(&self) -> &Geometry {
        self.chess.geometry()
    }

    fn at(&self, pos: &Position, sq: Square) -> Option<Piece> {
        pos.board.cell(sq).single()
    }

    fn off(&self, sq: Square, (df, dr): (i32, i32)) -> Option<Square> {
        self.g().offset(sq, df, dr)
    }

    fn forward(color: Color) -> i32 {
        if color == Color::White {
            1
        } else {
            -1
        }
    }

    fn last_rank(&self, color: Color) -> u8 {
        if color == Color::White {
            self.g().rows() - 1
        } else {
            0
        }
    }

    fn king_square(&self, pos: &Position, color: Color) -> Option<Square> {
        pos.board.royals(color).first()
    }

    /// The piece on `from` leaving the board: written with its own king's
    /// square as the end, as the site does.
    fn exit_move(&self, pos: &Position, from: Square, piece: Piece) -> Move {
        let mut effect = Effect::default();
        effect.vanish.push(from, piece);
        Move {
            intent: Intent {
                from,
                to: self.king_square(pos, piece.color).unwrap_or(from),
                piece,
                promotion: None,
                capture: false,
                kind: MoveKind::Special(EXIT),
                chain_step: 0,
                continues: false,
                prior_promotion: None,
            },
            effect,
        }
    }

    /// The empty second part of `us`.
    fn pass_move(&self, pos: &Position, us: Color) -> Move {
        let sq = self.king_square(pos, us).unwrap_or(Square(0));
        Move {
            intent: Intent {
                from: sq,
                to: sq,
                piece: Piece::new(us, Kind::KING),
                promotion: None,
                capture: false,
                kind: MoveKind::Special(PASS),
                chain_step: 0,
                continues: false,
                prior_promotion: None,
            },
            effect: Effect::default(),
        }
    }

    /// The piece on `from` moved by `step` over empty squares, `most`
    /// steps at most: a move per square (a pawn reaching its last rank, a
    /// move per promotion), and off the board when the line runs out
    /// before the limit (not a king).
    fn slide(&self, pos: &Position, from: Square, step: (i32, i32), most: u32, out: &mut MoveList) {
        let Some(piece) = self.at(pos, from) else {
            return;
        };
        let mut at = self.off(from, step);
        let mut n = 0;
        while let Some(sq) = at {
            if self.at(pos, sq).is_some() {
                return;
            }
            if piece.kind == Kind::PAWN && self.g().rank(sq) == self.last_rank(piece.color) {
                for k in PROMOTIONS {
                    out.push(Move::simple(from, sq, piece, None, Some(k)));
                }
            } else {
                out.push(Move::simple(from, sq, piece, None, None));
            }
            n += 1;
            if n >= most {
                return;
            }
            at = self.off(sq, step);
        }
        if piece.kind != Kind::KING {
            out.push(self.exit_move(pos, from, piece));
        }
    }

    /// The moves of the mover's piece on `from` as it moves (no captures;
    /// off the board at the end of a free line or leap).
    fn own_moves(&self, pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
        match piece.kind {
            Kind::PAWN => {
                let fwd = Self::forward(piece.color);
                let Some(one) = self
                    .off(from, (0, fwd))
                    .filter(|&s| self.at(pos, s).is_none())
                else {
                    return;
                };
                if self.g().rank(one) == self.last_rank(piece.color) {
                    for k in PROMOTIONS {
                        out.push(Move::simple(from, one, piece, None, Some(k)));
                    }
                } else {
                    out.push(Move::simple(from, one, piece, None, None));
                }
                // From its first two ranks, as the site lets it.
                let rel = self.g().relative_rank(from, piece.color);
                if rel <= 1 {
                    if let Some(two) = self
                        .off(from, (0, 2 * fwd))
                        .filter(|&s| self.at(pos, s).is_none())
                    {
                        out.push(Move::simple(from, two, piece, None, None));
                    }
                }
            }
            Kind::KNIGHT => {
                for leap in knight_leaps() {
                    match self.off(from, leap) {
                        Some(sq) if self.at(pos, sq).is_none() => {
                            out.push(Move::simple(from, sq, piece, None, None));
                        }
                        Some(_) => {}
                        None => out.push(self.exit_move(pos, from, piece)),
                    }
                }
            }
            Kind::KING => {
                for &(df, dr) in &KING_STEPS {
                    if let Some(sq) = self
                        .off(from, (i32::from(df), i32::from(dr)))
                        .filter(|&s| self.at(pos, s).is_none())
                    {
                        out.push(Move::simple(from, sq, piece, None, None));
                    }
                }
                let them = piece.color.opposite();
                let start = out.len();
                self.chess
                    .castling_moves_where(pos, out, &|s| self.attacked(pos, s, them));
                // A castling ends on its rook's square (`e1h1`, as in
                // Chess960): the king pushed to g1 is `e1g1`.
                for mv in &mut out[start..] {
                    if let MoveKind::Castle { rook_from, .. } = mv.intent.kind {
                        mv.intent.to = rook_from;
                    }
                }
            }
            kind => {
                for step in LINES {
                    let line = step.0 == 0 || step.1 == 0;
                    let fits = match kind {
                        Kind::ROOK => line,
                        Kind::BISHOP => !line,
                        _ => true,
                    };
                    if fits {
                        self.slide(pos, from, step, u32::MAX, out);
                    }
                }
            }
        }
    }

    /// The pushes of the piece on `sq` by the mover's pieces (`us`), each
    /// pusher's moves but those to a square in `seen` (reached already by
    /// a move or an earlier pusher: the same first part), which then
    /// counts its squares as seen too.
    fn pushes_of(
        &self,
        pos: &Position,
        sq: Square,
        pushed: Piece,
        us: Color,
        seen: &mut Vec<Square>,
        out: &mut MoveList,
    ) {
        let mut batch = MoveList::new();
        let mut take = |batch: &mut MoveList, out: &mut MoveList| {
            let fresh = batch.iter().filter(|m| !seen.contains(&m.intent.to));
            let fresh: Vec<Move> = fresh.copied().collect();
            seen.extend(fresh.iter().map(|m| m.intent.to));
            out.extend(fresh);
            batch.clear();
        };
        for leap in knight_leaps() {
            if self.off(sq, leap).and_then(|s| self.at(pos, s))
                == Some(Piece::new(us, Kind::KNIGHT))
            {
                self.slide(pos, sq, (-leap.0, -leap.1), 1, &mut batch);
                take(&mut batch, out);
            }
        }
        for step in LINES {
            let mut at = self.off(sq, step);
            while let Some(s) = at.filter(|&s| self.at(pos, s).is_none()) {
                at = self.off(s, step);
            }
            let Some(t) = at else { continue };
            let Some(pusher) = self.at(pos, t).filter(|p| p.color == us) else {
                continue;
            };
            let df = (i32::from(self.g().file(sq)) - i32::from(self.g().file(t))).abs();
            let dr = i32::from(self.g().rank(sq)) - i32::from(self.g().rank(t));
            let back = (-step.0, -step.1);
            match pusher.kind {
                Kind::PAWN => {
                    // Pushed ahead of the pawn: its own piece straight on
                    // (two steps from its first rank, when next to it), an
                    // enemy diagonally.
                    let fwd = Self::forward(us);
                    if dr.signum() != fwd || dr.abs() > 2 || df > 1 {
                        continue;
                    }
                    if pushed.color == us && df == 0 {
                        let first = self.g().relative_rank(t, us) == 1;
                        let most = if first && dr.abs() == 1 { 2 } else { 1 };
                        self.slide(pos, sq, back, most, &mut batch);
                    } else if pushed.color != us && df == 1 && dr.abs() == 1 {
                        self.slide(pos, sq, back, 1, &mut batch);
                    }
                }
                Kind::ROOK if df == 0 || dr == 0 => self.slide(pos, sq, back, u32::MAX, &mut batch),
                Kind::BISHOP if df == dr.abs() => self.slide(pos, sq, back, u32::MAX, &mut batch),
                Kind::QUEEN => self.slide(pos, sq, back, u32::MAX, &mut batch),
                Kind::KING if df <= 1 && dr.abs() <= 1 => self.slide(pos, sq, back, 1, &mut batch),
                _ => {}
            }
            take(&mut batch, out);
        }
    }

    /// The first parts of `us`'s turn, before legality: each square's own
    /// moves (one way off the board kept: they are one move), then its
    /// pushes; each (start, end) once. A first part `continues` when a
    /// second part can follow it without leaving the mover's king
    /// attacked (else the turn ends with it).
    fn first_parts(&self, pos: &Position, us: Color, out: &mut MoveList) {
        let start = out.len();
        let mut batch = MoveList::new();
        let mut seen = Vec::new();
        for sq in self.g().squares() {
            let Some(piece) = self.at(pos, sq) else {
                continue;
            };
            seen.clear();
            if piece.color == us {
                batch.clear();
                self.own_moves(pos, sq, piece, &mut batch);
                let mut exit_seen = false;
                for mv in &batch {
                    if mv.intent.kind == MoveKind::Special(EXIT) {
                        if exit_seen {
                            continue;
                        }
                        exit_seen = true;
                    }
                    if !matches!(mv.intent.kind, MoveKind::Castle { .. }) {
                        seen.push(mv.intent.to);
                    }
                    out.push(*mv);
                }
            }
            self.pushes_of(pos, sq, piece, us, &mut seen, out);
        }
        for mv in &mut out[start..] {
            mv.intent.continues = self.seconds_after(pos, mv).0;
        }
    }

    /// Whether the piece on `from` (of `color1`, kind `kind`) can have sent
    /// the piece of `color2` on `to` off the board (a push when `kind` is
    /// its own, a pull when it is the departed piece's).
    fn could_exit(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        color1: Color,
        color2: Color,
        kind: Kind,
    ) -> bool {
        let g = self.g();
        let df = i32::from(g.file(to)) - i32::from(g.file(from));
        let dr = i32::from(g.rank(to)) - i32::from(g.rank(from));
        let (a, b) = (df.abs(), dr.abs());
        let beyond_off = || self.off(to, (df, dr)).is_none();
        // The line from `from` through `to` is free to the edge.
        let free_line = || {
            let Some(step) = step_of(df, dr) else {
                return false;
            };
            let mut at = self.off(from, step);
            while let Some(s) = at {
                if self.at(pos, s).is_some() {
                    return false;
                }
                at = self.off(s, step);
            }
            true
        };
        match kind {
            Kind::PAWN => {
                dr == Self::forward(color1)
                    && ((color1 == color2 && g.rank(to) == self.last_rank(color1) && df == 0)
                        || (color1 != color2 && a == 1 && beyond_off()))
            }
            Kind::ROOK => (a == 0 || b == 0) && free_line(),
            Kind::KNIGHT => a + b == 3 && (a == 1 || b == 1) && beyond_off(),
            Kind::BISHOP => a == b && free_line(),
            Kind::QUEEN => (a == 0 || b == 0 || a == b) && free_line(),
            Kind::KING => a <= 1 && b <= 1 && beyond_off(),
            _ => false,
        }
    }

    /// Whether the squares strictly between `from` and `to` along `step`
    /// are empty.
    fn free_between(&self, pos: &Position, from: Square, to: Square, step: (i32, i32)) -> bool {
        let mut at = self.off(from, step);
        while let Some(s) = at {
            if s == to {
                return true;
            }
            if self.at(pos, s).is_some() {
                return false;
            }
            at = self.off(s, step);
        }
        false
    }

    /// The second parts by the piece on `sq` when it pushed the first part's
    /// piece (then follows it).
    fn follow_push(
        &self,
        pos: &Position,
        sq: Square,
        piece: Piece,
        fm: &FirstPart,
        out: &mut MoveList,
    ) {
        let g = self.g();
        let us = piece.color;
        let Some(to) = fm.to else {
            if self.could_exit(pos, sq, fm.from, us, fm.piece.color, piece.kind) {
                let df = i32::from(g.file(fm.from)) - i32::from(g.file(sq));
                let dr = i32::from(g.rank(fm.from)) - i32::from(g.rank(sq));
                if let Some(step) = step_of(df, dr) {
                    let most = match piece.kind {
                        Kind::PAWN | Kind::KING | Kind::KNIGHT => 1,
                        _ => u32::MAX,
                    };
                    self.slide(pos, sq, step, most, out);
                }
            }
            return;
        };
        let file = |s: Square| i32::from(g.file(s));
        let rank = |s: Square| i32::from(g.rank(s));
        let moved = (file(to) - file(fm.from), rank(to) - rank(fm.from));
        let gap = (file(fm.from) - file(sq), rank(fm.from) - rank(sq));
        let (Some(dir_moved), Some(dir)) = (step_of(moved.0, moved.1), step_of(gap.0, gap.1))
        else {
            return;
        };
        if dir != dir_moved {
            return;
        }
        let (df, dr) = (gap.0.abs(), gap.1.abs());
        let ours = fm.piece.color == us;
        let fits = match piece.kind {
            Kind::PAWN => {
                let fwd = Self::forward(us);
                if g.relative_rank(sq, us) == 1 {
                    gap.1 * fwd >= 0
                        && dr < 3
                        && df < 2
                        // Its own piece straight ahead, an enemy diagonally.
                        && (if ours { df == 0 } else { df == 1 })
                        && moved.1.abs() <= dr
                        && moved.0 == gap.0
                } else {
                    gap.1 == fwd
                        && df < 2
                        && (if ours { df == 0 } else { df == 1 })
                        && moved.1 == fwd
                        && moved.0 == gap.0
                }
            }
            Kind::KNIGHT => df + dr == 3 && moved == gap,
            Kind::KING => df < 2 && dr < 2 && moved == gap,
            Kind::BISHOP => df == dr,
            Kind::ROOK => df == 0 || dr == 0,
            Kind::QUEEN => df == 0 || dr == 0 || df == dr,
            _ => false,
        };
        if fits && self.free_between(pos, sq, fm.from, dir) {
            self.slide(pos, sq, dir, u32::MAX, out);
        }
    }

    /// The second parts pulling the piece on `sq` after the first part's
    /// piece (not a pawn: pawns do not pull).
    fn follow_pull(
        &self,
        pos: &Position,
        sq: Square,
        piece: Piece,
        fm: &FirstPart,
        out: &mut MoveList,
    ) {
        let g = self.g();
        let puller = fm.piece.kind;
        if puller == Kind::PAWN {
            return;
        }
        let file = |s: Square| i32::from(g.file(s));
        let rank = |s: Square| i32::from(g.rank(s));
        let gap = (file(fm.from) - file(sq), rank(fm.from) - rank(sq));
        let Some(to) = fm.to else {
            if self.could_exit(pos, sq, fm.from, piece.color, fm.piece.color, puller) {
                if let Some(step) = step_of(gap.0, gap.1) {
                    let most = if puller == Kind::KNIGHT { 1 } else { u32::MAX };
                    self.slide(pos, sq, step, most, out);
                }
            }
            return;
        };
        let moved = (file(to) - file(fm.from), rank(to) - rank(fm.from));
        let (Some(dir_moved), Some(dir)) = (step_of(moved.0, moved.1), step_of(gap.0, gap.1))
        else {
            return;
        };
        if dir != dir_moved {
            return;
        }
        let (df, dr) = (gap.0.abs(), gap.1.abs());
        if (puller == Kind::KING && (df > 1 || dr > 1))
            || (puller == Kind::KNIGHT && (df + dr != 3 || df == 0 || dr == 0))
        {
            return;
        }
        if self.free_between(pos, sq, fm.from, dir) {
            self.slide(pos, sq, dir, u32::MAX, out);
        }
    }

    /// The second parts after `fm`, before legality and the no-undo rule.
    fn second_parts(&self, pos: &Position, fm: &FirstPart, out: &mut MoveList) {
        let us = pos.turn();
        let mut pushes = MoveList::new();
        for sq in self.g().squares() {
            let Some(piece) = self.at(pos, sq) else {
                continue;
            };
            if fm.piece.color != us {
                // The enemy piece was pushed: the pusher follows.
                if piece.color == us {
                    self.follow_push(pos, sq, piece, fm, out);
                }
            } else if piece.color != us {
                self.follow_pull(pos, sq, piece, fm, out);
            } else {
                pushes.clear();
                self.follow_push(pos, sq, piece, fm, &mut pushes);
                out.extend(pushes.iter().copied());
                let start = out.len();
                self.follow_pull(pos, sq, piece, fm, out);
                let mut kept = start;
                for i in start..out.len() {
                    let mv = out[i];
                    if !pushes.iter().any(|p| p.intent.to == mv.intent.to) {
                        out[kept] = mv;
                        kept += 1;
                    }
                }
                out.truncate(kept);
            }
        }
    }

    /// Whether `by` could send the piece on `target` off the board: a line
    /// piece or knight whose pull (it leaving the board along the line) or
    /// push (the line behind the target free to the edge) would; a pawn
    /// diagonally behind it with the edge just beyond; a king next to it,
    /// it on the edge and that king not.
    pub fn attacked(&self, pos: &Position, target: Square, by: Color) -> bool {
        let g = self.g();
        let fwd = Self::forward(by);
        for side in [-1, 1] {
            let is_pawn = self.off(target, (side, -fwd)).and_then(|s| self.at(pos, s))
                == Some(Piece::new(by, Kind::PAWN));
            if is_pawn && self.off(target, (-side, fwd)).is_none() {
                return true;
            }
        }
        let free_to_edge = |from: Square, step: (i32, i32)| {
            let mut at = self.off(from, step);
            while let Some(s) = at {
                if self.at(pos, s).is_some() {
                    return false;
                }
                at = self.off(s, step);
            }
            true
        };
        for step in LINES {
            let line = step.0 == 0 || step.1 == 0;
            let mut at = self.off(target, step);
            while let Some(s) = at.filter(|&s| self.at(pos, s).is_none()) {
                at = self.off(s, step);
            }
            let Some(t) = at else { continue };
            let Some(p) = self.at(pos, t).filter(|p| p.color == by) else {
                continue;
            };
            let pulls_or_pushes = match p.kind {
                Kind::QUEEN => true,
                Kind::ROOK => line,
                Kind::BISHOP => !line,
                _ => false,
            };
            if pulls_or_pushes
                && (free_to_edge(t, step) || free_to_edge(target, (-step.0, -step.1)))
            {
                return true;
            }
        }
        for leap in knight_leaps() {
            let Some(t) = self.off(target, leap) else {
                continue;
            };
            if self.at(pos, t) == Some(Piece::new(by, Kind::KNIGHT))
                && (self.off(t, leap).is_none() || self.off(target, (-leap.0, -leap.1)).is_none())
            {
                return true;
            }
        }
        let on_edge = |s: Square| {
            let (f, r) = (g.file(s), g.rank(s));
            f == 0 || r == 0 || f == g.cols() - 1 || r == g.rows() - 1
        };
        if on_edge(target) {
            for &(df, dr) in &KING_STEPS {
                if let Some(s) = self.off(target, (i32::from(df), i32::from(dr))) {
                    if !on_edge(s) && self.at(pos, s).is_some_and(|p| p.kind == Kind::KING) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn in_check(&self, pos: &Position, color: Color) -> bool {
        self.king_square(pos, color)
            .is_some_and(|k| self.attacked(pos, k, color.opposite()))
    }

    /// The board and castling after `mv`, the turn kept (for look-ahead).
    fn apply_part(&self, pos: &mut Position, mv: &Move) {
        for v in mv.effect.vanish.as_slice() {
            pos.board.remove(v.square, v.piece.color);
        }
        for a in mv.effect.appear.as_slice() {
            pos.board.put(a.square, a.piece);
        }
        self.update_castling(pos, mv);
    }

    /// A king that leaves its square loses both rights; a piece that
    /// leaves a castling rook's square loses that right.
    fn update_castling(&self, pos: &mut Position, mv: &Move) {
        let g = self.g();
        let rights = &mut pos.state.castling;
        for v in mv.effect.vanish.as_slice() {
            if v.piece.kind == Kind::KING {
                rights.lose_all(v.piece.color);
            } else {
                rights.lose_square(g, v.piece.color, v.square);
            }
        }
    }

    /// The position after the first part `mv`, the second to come.
    fn after_first(&self, pos: &Position, mv: &Move) -> Position {
        let mut after = pos.clone();
        self.apply_part(&mut after, mv);
        let mut st = DynamoState::of(&pos.state);
        st.first = Some(first_of(mv));
        st.store(&mut after.state);
        after
    }

    /// Whether some second part after the first part `mv` leaves the
    /// mover's king safe (the turn then goes on), and whether one does so
    /// without undoing the opponent's last turn.
    fn seconds_after(&self, pos: &Position, mv: &Move) -> (bool, bool) {
        if matches!(mv.intent.kind, MoveKind::Castle { .. }) {
            return (false, false);
        }
        let us = pos.turn();
        let after = self.after_first(pos, mv);
        let fm = first_of(mv);
        let last = DynamoState::of(&pos.state).last;
        let mut seconds = MoveList::new();
        self.second_parts(&after, &fm, &mut seconds);
        let mut safe_any = false;
        for m2 in &seconds {
            let mut p = after.clone();
            self.apply_part(&mut p, m2);
            if self.in_check(&p, us) {
                continue;
            }
            safe_any = true;
            let mut turn = TurnRecord::of(mv);
            turn.extend(m2);
            if last.is_empty() || !turn.undoes(&last) {
                return (true, true);
            }
        }
        (safe_any, false)
    }
}

fn first_of(mv: &Move) -> FirstPart {
    FirstPart {
        from: mv.intent.from,
        to: (mv.intent.kind != MoveKind::Special(EXIT)).then_some(mv.intent.to),
        piece: mv.intent.piece,
    }
}

impl Rules for Dynamo {
    forward_rules!(chess => geometry, kinds, royal_kinds, piece_name, fen_style);

    fn name(&self) -> &str {
        "Dynamo"
    }

    fn start_fen(&self) -> &str {
        START_FEN
    }

    fn promotions(&self, _color: Color) -> &[Kind] {
        &PROMOTIONS
    }

    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        self.in_check(pos, color)
    }

    /// After a whole turn the mover is the side not to move (the moving
    /// piece may be the opponent's, pushed).
    fn illegal_after(&self, pos: &Position, _mover: Color) -> bool {
        self.in_check(pos, pos.turn().opposite())
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        match mv.intent.kind {
            MoveKind::Special(EXIT) => Some("off the board"),
            MoveKind::Special(PASS) => Some("no second part"),
            _ => None,
        }
    }

    /// As the site writes a part: the piece's letter as it lands, start
    /// and end (`Pe2e4`, `Pd5c3` for a pulled black pawn), a piece leaving
    /// the board `e2R`, an empty second part `-`; castling `O-O`.
    fn notation_override(&self, mv: &Move) -> Option<String> {
        let g = self.geometry();
        let from = g.square_name(mv.intent.from);
        Some(match mv.intent.kind {
            MoveKind::Special(EXIT) => format!("{from}R"),
            MoveKind::Special(PASS) => "-".to_string(),
            MoveKind::Castle { rook_from, .. } => {
                if g.file(rook_from) < g.file(mv.intent.from) {
                    "O-O-O".to_string()
                } else {
                    "O-O".to_string()
                }
            }
            _ => {
                let kind = mv.intent.promotion.unwrap_or(mv.intent.piece.kind);
                format!(
                    "{}{from}{}",
                    kind.char().to_ascii_uppercase(),
                    g.square_name(mv.intent.to)
                )
            }
        })
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let st = DynamoState::of(&pos.state);
        let us = pos.turn();
        match st.first {
            None => self.first_parts(pos, us, out),
            Some(fm) => {
                let start = out.len();
                self.second_parts(pos, &fm, out);
                // "It is forbidden to undo a 'move + action'".
                if !st.last.is_empty() {
                    let first = TurnRecord {
                        appear: [fm.to.and_then(|t| self.at(pos, t).map(|p| (t, p))), None],
                        vanish: [Some((fm.from, fm.piece)), None],
                    };
                    let mut kept = start;
                    for i in start..out.len() {
                        let mut turn = first;
                        turn.extend(&out[i]);
                        if !turn.undoes(&st.last) {
                            out[kept] = out[i];
                            kept += 1;
                        }
                    }
                    out.truncate(kept);
                }
                // "Click on any empty square: this will send an empty move"
                // (not in check, not undoing the opponent's turn).
                let first_alone = TurnRecord {
                    appear: [fm.to.and_then(|t| self.at(pos, t).map(|p| (t, p))), None],
                    vanish: [Some((fm.from, fm.piece)), None],
                };
                if !self.in_check(pos, us) && (st.last.is_empty() || !first_alone.undoes(&st.last))
                {
                    out.push(self.pass_move(pos, us));
                }
            }
        }
    }

    /// A first part goes on when a second part can follow it, and is legal
    /// when it leaves the king safe, or some second part makes it so.
    fn restricts_legal(&self) -> bool {
        true
    }

    fn restrict_legal(&self, pos: &Position, legal: &mut MoveList) {
        let st = DynamoState::of(&pos.state);
        if st.first.is_some() {
            return;
        }
        let us = pos.turn();
        legal.retain(|mv| {
            // Without a second part the legality test judged it as a turn.
            if !mv.intent.continues {
                return true;
            }
            let after = self.after_first(pos, mv);
            let alone_ok = !self.in_check(&after, us)
                && (st.last.is_empty() || !TurnRecord::of(mv).undoes(&st.last));
            alone_ok || self.seconds_after(pos, mv).1
        });
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let saved = pos.state;
        let mut st = DynamoState::of(&pos.state);
        let us = pos.turn();
        let goes_on = st.first.is_none() && mv.intent.continues;
        self.apply_part(pos, mv);
        match st.first {
            None if goes_on => {
                st.first = Some(first_of(mv));
            }
            None => {
                st.last = TurnRecord::of(mv);
                st.first = None;
            }
            Some(fm) => {
                let mut turn = TurnRecord::default();
                // The first part's pieces as they were and landed.
                TurnRecord::add(&mut turn.vanish, (fm.from, fm.piece));
                if let Some(t) = fm.to {
                    if let Some(p) = self.at(pos, t) {
                        TurnRecord::add(&mut turn.appear, (t, p));
                    }
                }
                turn.extend(mv);
                st.last = turn;
                st.first = None;
            }
        }
        pos.state.en_passant = None;
        if st.first.is_none() {
            pos.state.turn = us.opposite();
            pos.state.plies = saved.plies + 1;
        }
        st.store(&mut pos.state);
        Undo(saved)
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        pos.unapply(mv, undo)
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else { return };
        let bad = |problems: &mut Vec<Problem>| {
            problems.push(Problem::BadField {
                field: "last turn",
                text: f.text.clone(),
                offset: f.offset,
            })
        };
        let mut last = TurnRecord::default();
        if f.text != "-" {
            let Some((appear, vanish)) = f.text.split_once('/') else {
                return bad(problems);
            };
            for (part, slots) in [(appear, &mut last.appear), (vanish, &mut last.vanish)] {
                if part == "-" {
                    continue;
                }
                for (i, item) in part.split('.').enumerate() {
                    let mut chars = item.chars();
                    let color = match chars.next() {
                        Some('w') => Color::White,
                        Some('b') => Color::Black,
                        _ => return bad(problems),
                    };
                    let kind = chars.next().and_then(Kind::from_char);
                    let square = self.geometry().parse_square(chars.as_str());
                    match (kind.filter(|k| kind_code(*k) != 0), square, i < 2) {
                        (Some(kind), Some(sq), true) => {
                            slots[i] = Some((sq, Piece::new(color, kind)))
                        }
                        _ => return bad(problems),
                    }
                }
            }
        }
        DynamoState { last, first: None }.store(state);
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let g = self.geometry();
        let last = DynamoState::of(&pos.state).last;
        if last.is_empty() {
            return (String::new(), " -".to_string());
        }
        let part = |ps: &mut dyn Iterator<Item = Placed>| {
            let items: Vec<String> = ps
                .map(|(sq, p)| {
                    format!(
                        "{}{}{}",
                        p.color.fen_char(),
                        p.kind.char(),
                        g.square_name(sq)
                    )
                })
                .collect();
            if items.is_empty() {
                "-".to_string()
            } else {
                items.join(".")
            }
        };
        let text = format!(
            "{}/{}",
            part(&mut last.appeared()),
            part(&mut last.vanished())
        );
        (String::new(), format!(" {text}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal;
    use crate::validate::position_from_fen;

    fn dynamo() -> &'static dyn Rules {
        crate::registry::rules("Dynamo").expect("Dynamo is registered")
    }

    fn names(rules: &dyn Rules, pos: &mut Position) -> Vec<String> {
        let mut moves = MoveList::new();
        legal::legal_moves(rules, pos, &mut moves);
        let mut out: Vec<String> = moves
            .iter()
            .map(|m| rules.notation_override(m).unwrap_or_default())
            .collect();
        out.sort();
        out
    }

    #[test]
    fn start_perft_equals_the_sites_engine() {
        let rules = dynamo();
        let mut pos = rules.start_position();
        // vchess's Dynamo with the empty second part its interface sends
        // (`fenpress-conformance perft Dynamo start 4`: 405,139 at depth 4).
        assert_eq!(legal::perft(rules, &mut pos, 1), 57);
        assert_eq!(legal::perft(rules, &mut pos, 2), 892);
        assert_eq!(legal::perft(rules, &mut pos, 3), 20_049);
    }

    #[test]
    fn the_e2_pawn_moves_as_the_page_marks() {
        let rules = dynamo();
        let mut pos = rules.start_position();
        let mut moves = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut moves);
        let g = rules.geometry();
        let mut to: Vec<String> = moves
            .iter()
            .filter(|m| g.square_name(m.intent.from) == "e2")
            .map(|m| g.square_name(m.intent.to))
            .collect();
        to.sort();
        to.dedup();
        assert_eq!(
            to,
            ["a6", "b5", "c3", "c4", "d3", "e1", "e3", "e4", "f3", "g4", "h5"]
        );
    }

    #[test]
    fn a_pull_follows_a_move_and_the_fen_keeps_the_turn() {
        let rules = dynamo();
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/8/2N5/PPPPPPPP/R1BQKBNR w 0 ahah -";
        let mut pos = position_from_fen(rules, fen).unwrap();
        let first = crate::notation::parse_move(rules, &mut pos, "Nc3b1").unwrap();
        assert!(first.intent.continues);
        rules.play(&mut pos, &first);
        let seconds = names(rules, &mut pos);
        assert!(seconds.contains(&"Pd5c3".to_string()), "{seconds:?}");
        assert!(seconds.contains(&"-".to_string()), "{seconds:?}");
        let pull = crate::notation::parse_move(rules, &mut pos, "Pd5c3").unwrap();
        rules.play(&mut pos, &pull);
        assert_eq!(
            crate::fen::vchess_fen(rules, &pos),
            "rnbqkbnr/ppp1pppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR b 1 ahah wnb1.bpc3/wnc3.bpd5"
        );
        let back = position_from_fen(rules, &crate::fen::vchess_fen(rules, &pos)).unwrap();
        assert_eq!(back.state, pos.state);
    }

    #[test]
    fn the_queen_checks_by_pulling_and_the_dynamate_is_mate() {
        let rules = dynamo();
        let pos = position_from_fen(
            rules,
            "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b 1 ahii -",
        )
        .unwrap();
        assert!(legal::in_check(rules, &pos));
        let mut mate = position_from_fen(rules, "8/4B3/8/8/6Qk/8/4N3/K7 b 1 - -").unwrap();
        assert!(legal::in_check(rules, &mate));
        assert!(matches!(
            legal::outcome(rules, &mut mate),
            Some(crate::rules::Outcome::Checkmate {
                winner: Color::White
            })
        ));
    }

    #[test]
    fn a_turn_may_not_undo_the_last() {
        let rules = dynamo();
        // After the page's push of the d4 bishop to b2 (the black bishop
        // following to d4), White may push it back to g7 but not return.
        let fen = "rnbqk1nr/pppppp1p/6p1/8/3b4/1P6/PBPPPPPP/RN1QKBNR w 1 ahah bbd4.wbb2/bbg7.wbd4";
        let mut pos = position_from_fen(rules, fen).unwrap();
        let push = crate::notation::parse_move(rules, &mut pos, "Bd4g7").unwrap();
        rules.play(&mut pos, &push);
        let seconds = names(rules, &mut pos);
        assert!(!seconds.contains(&"Bb2d4".to_string()), "{seconds:?}");
        assert!(seconds.contains(&"Bb2c3".to_string()), "{seconds:?}");
    }

    /// Castling and the king pushed onto g1 by the a1 rook are two moves
    /// of two names.
    #[test]
    fn castling_and_a_push_onto_its_square_are_told_apart() {
        let rules = dynamo();
        let mut pos = position_from_fen(rules, "4k3/8/8/8/8/8/8/R3K2R w 0 ahii -").unwrap();
        let mut moves = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut moves);
        let coords: Vec<String> = moves
            .iter()
            .map(|m| crate::notation::coordinate(rules, m))
            .collect();
        for name in ["e1g1", "e1h1", "e1c1", "e1a1"] {
            assert_eq!(
                coords.iter().filter(|c| *c == name).count(),
                1,
                "{name}: {coords:?}"
            );
        }
    }
}
