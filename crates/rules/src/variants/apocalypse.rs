//! Apocalypse (C.S. Elliott, 1976): 5×5, two knights and five pawns a side,
//! both players moving at the same time; a side that loses all its pawns
//! loses. The turn-based [`Rules`] trait carries it as vchess does:
//!
//! - **A turn is two plies.** White *chooses* a move (the board does not
//!   change: the choice waits in [`State::variant`], which is vchess's FEN
//!   field "White's move"); Black then chooses on the same board, and playing
//!   Black's choice *resolves* the turn. So `perft` counts half-moves as
//!   vchess does, and each of Black's moves carries, as its [`Effect`], the
//!   whole resolved turn against White's pending choice (so `unplay` is the
//!   generic one).
//! - **Choices** of a side are its *sure* moves (legal on the board: pawns
//!   one step forward or one diagonal step forward onto an enemy, knights;
//!   no check, no double step) plus *speculative* ones, marked
//!   `MoveKind::Special` with [`SPECULATIVE`]: a move with a new from–to pair
//!   that becomes a sure move once some sure move of the opponent is played
//!   (a pawn taking on the square an enemy knight may go to, pushing into a
//!   square the enemy may leave, promoting once the enemy takes one of its
//!   knights...). This is exactly vchess's `getSpeculations`, which the
//!   perft counts pin down; like vchess, a speculative move's effect keeps
//!   the capture it hopes for.
//! - **Promotion**: a pawn reaching the last rank becomes a knight when its
//!   side has at most one knight; otherwise it is relocated to any empty
//!   square off the last rank, which is the move's `to` (flag [`REDIRECT`]),
//!   taking what stood on the last-rank square it reached.
//! - **Resolution** (vchess's `resolveSynchroneMove`): a speculative move is
//!   played only if the opponent's move is a sure one that makes it legal
//!   (for a pawn, vchess's exact tests: a capture needs the opponent to land
//!   on the square, a push needs it to leave it, a promotion to a knight
//!   needs it to take one of the pawn's knights); otherwise it is dropped
//!   and costs a penalty point. The moves still played then happen together:
//!   a capture whose target moved away captures nothing; two moves landing
//!   on the same square leave the speculative one if exactly one is, else a
//!   knight over a pawn, else nothing (and in a collision nothing else is
//!   captured, as in vchess).
//! - **End**, judged when a turn is over (White to move): a side without
//!   pawns loses (both: draw); then two penalty points lose (both: draw);
//!   then a side without a sure move draws (vchess's stalemate).
//!
//! One point where this differs from vchess: vchess plays a speculative
//! knight move whatever the opponent did, so a knight that hoped to land
//! where the enemy would take one of its own pieces takes its own piece
//! when the enemy does not come; the page says such a move "ends up not
//! being playable" and costs a penalty, which is what this module does.
//!
//! FEN (vchess): `board turn plies penalties pending`, e.g.
//! `npppn/p3p/5/P3P/NPPPN w 0 00 -`; the pending White choice is written
//! `d1d2`, `a2b3?` (speculative), `b4b5=N` (promotion) or `b4c5>a3`
//! (redirected promotion: reached c5, relocated to a3); vchess's own JSON
//! form is read too.

use crate::board::Board;
use crate::color::Color;
use crate::fen::Field;
use crate::geometry::{Geometry, KNIGHT_LEAPS};
use crate::moves::{Effect, Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;

/// `MoveKind::Special` flag: the move is legal only if the opponent plays
/// a certain move.
pub const SPECULATIVE: u8 = 1;
/// `MoveKind::Special` flag: a promotion relocated off the last rank.
pub const REDIRECT: u8 = 2;
/// `MoveKind::Special` flag on Black's resolving move: White's speculative
/// choice failed (a penalty point).
pub const WHITE_PENALISED: u8 = 4;
/// `MoveKind::Special` flag on Black's move: Black's speculative choice
/// failed (a penalty point).
pub const BLACK_PENALISED: u8 = 8;

const ROWS: u8 = 5;
const COLS: u8 = 5;
const SQUARES: usize = ROWS as usize * COLS as usize;

// Layout of `State::variant`.
const PENALTY_BITS: u32 = 2;
const PENDING: u64 = 1 << 4;
const FROM_SHIFT: u32 = 5;
const TO_SHIFT: u32 = 10;
const VIA_SHIFT: u32 = 15;
const PENDING_MASK: u64 = !0b1111;

/// Apocalypse rules.
pub struct Apocalypse {
    geometry: Geometry,
}

impl Default for Apocalypse {
    fn default() -> Self {
        Apocalypse::new()
    }
}

/// One player's choice, as resolution needs it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice {
    pub from: Square,
    /// Where the piece ends (a redirected pawn: its new square).
    pub to: Square,
    /// The square it captures on: `to`, or for a redirected promotion the
    /// last-rank square the pawn reached.
    pub via: Square,
    /// The piece that moves.
    pub piece: Piece,
    /// What stands on `to` after it (a promoted pawn: a knight).
    pub landed: Piece,
    pub speculative: bool,
    pub redirect: bool,
}

/// The `MoveKind::Special` flags of a move (0 for other kinds).
pub fn flags(mv: &Move) -> u8 {
    match mv.intent.kind {
        MoveKind::Special(f) => f,
        _ => 0,
    }
}

/// Whether a choice is speculative.
pub fn is_speculative(mv: &Move) -> bool {
    flags(mv) & SPECULATIVE != 0
}

/// Penalty points of `color` (0 to 2).
pub fn penalties(state: &State, color: Color) -> u8 {
    ((state.variant >> (PENALTY_BITS * color.index() as u32)) & 0b11) as u8
}

fn set_penalties(state: &mut State, color: Color, n: u8) {
    let shift = PENALTY_BITS * color.index() as u32;
    state.variant = (state.variant & !(0b11 << shift)) | ((n.min(3) as u64) << shift);
}

impl Apocalypse {
    pub fn new() -> Apocalypse {
        Apocalypse {
            geometry: Geometry::new(ROWS, COLS).expect("5×5 is a valid board"),
        }
    }

    fn forward(color: Color) -> i32 {
        match color {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    fn last_rank(&self, sq: Square, color: Color) -> bool {
        self.geometry.relative_rank(sq, color) == ROWS - 1
    }

    /// The sure moves of `color` on `board`, appended to `out`.
    fn sure_moves(&self, board: &Board, color: Color, out: &mut MoveList) {
        let g = &self.geometry;
        let enemy = color.opposite();
        for from in g.squares() {
            let Some(kind) = board.cell(from).kind(color) else {
                continue;
            };
            let piece = Piece::new(color, kind);
            if kind == Kind::PAWN {
                let fwd = Self::forward(color);
                if let Some(to) = g.offset(from, 0, fwd) {
                    if board.cell(to).is_empty() {
                        self.pawn_move(board, piece, from, to, None, out);
                    }
                }
                for df in [-1, 1] {
                    if let Some(to) = g.offset(from, df, fwd) {
                        if let Some(victim) = board.cell(to).piece(enemy) {
                            self.pawn_move(board, piece, from, to, Some(victim), out);
                        }
                    }
                }
            } else if kind == Kind::KNIGHT {
                for (df, dr) in KNIGHT_LEAPS {
                    let Some(to) = g.offset(from, df.into(), dr.into()) else {
                        continue;
                    };
                    let cell = board.cell(to);
                    if cell.has(color) {
                        continue;
                    }
                    out.push(Move::simple(from, to, piece, cell.piece(enemy), None));
                }
            }
        }
    }

    /// A pawn reaching `to`: a plain step, a promotion to a knight, or one
    /// relocation per empty square off the last rank (vchess's
    /// `addPawnMoves`).
    fn pawn_move(
        &self,
        board: &Board,
        pawn: Piece,
        from: Square,
        to: Square,
        victim: Option<Piece>,
        out: &mut MoveList,
    ) {
        let color = pawn.color;
        if !self.last_rank(to, color) {
            out.push(Move::simple(from, to, pawn, victim, None));
            return;
        }
        let knights = board
            .pieces()
            .filter(|(_, p)| *p == Piece::new(color, Kind::KNIGHT))
            .count();
        if knights <= 1 {
            out.push(Move::simple(from, to, pawn, victim, Some(Kind::KNIGHT)));
            return;
        }
        for sq in self.geometry.squares() {
            if !board.cell(sq).is_empty() || self.last_rank(sq, color) {
                continue;
            }
            let mut mv = Move::simple(from, sq, pawn, None, None);
            if let Some(v) = victim {
                mv.effect = Effect::default();
                mv.effect.vanish.push(from, pawn);
                mv.effect.vanish.push(to, v);
                mv.effect.appear.push(sq, pawn);
                mv.intent.capture = true;
            }
            mv.intent.kind = MoveKind::Special(REDIRECT);
            out.push(mv);
        }
    }

    /// Every choice of `color` on `board`: sure moves, then speculative
    /// ones (a from–to pair not seen yet, sure once some sure move of the
    /// opponent is played).
    pub fn choices(&self, board: &Board, color: Color, out: &mut MoveList) {
        let start = out.len();
        self.sure_moves(board, color, out);
        let mut seen = [0u32; SQUARES];
        for m in &out[start..] {
            seen[m.intent.from.index()] |= 1 << m.intent.to.index();
        }
        let mut replies = MoveList::new();
        self.sure_moves(board, color.opposite(), &mut replies);
        let mut after = board.clone();
        let mut hoped = MoveList::new();
        for r in &replies {
            apply_effect(&mut after, &r.effect);
            hoped.clear();
            self.sure_moves(&after, color, &mut hoped);
            for m in &hoped {
                let bit = 1 << m.intent.to.index();
                if seen[m.intent.from.index()] & bit == 0 {
                    seen[m.intent.from.index()] |= bit;
                    let mut m = *m;
                    m.intent.kind = MoveKind::Special(flags(&m) | SPECULATIVE);
                    out.push(m);
                }
            }
            unapply_effect(&mut after, &r.effect);
        }
    }

    /// The choice a generated move stands for.
    pub fn choice(&self, mv: &Move) -> Choice {
        let f = flags(mv);
        let redirect = f & REDIRECT != 0;
        let via = if redirect {
            mv.effect
                .vanish
                .as_slice()
                .get(1)
                .map(|v| v.square)
                .unwrap_or_else(|| self.reached(mv.intent.from, mv.intent.to, mv.color()))
        } else {
            mv.intent.to
        };
        let landed = Piece::new(
            mv.color(),
            mv.intent.promotion.unwrap_or(mv.intent.piece.kind),
        );
        Choice {
            from: mv.intent.from,
            to: mv.intent.to,
            via,
            piece: mv.intent.piece,
            landed,
            speculative: f & SPECULATIVE != 0,
            redirect,
        }
    }

    /// The last-rank square a pushed, redirected pawn reached.
    fn reached(&self, from: Square, _to: Square, color: Color) -> Square {
        self.geometry
            .offset(from, 0, Self::forward(color))
            .unwrap_or(from)
    }

    /// Whether a speculative choice `m` is played against the opponent's
    /// choice `other` on `board` (vchess's `isPossible`, but a knight too
    /// needs the opponent to come to, or take on, its square).
    fn possible(&self, board: &Board, m: &Choice, other: &Choice) -> bool {
        if other.speculative {
            return false;
        }
        let color = m.piece.color;
        if m.piece.kind == Kind::KNIGHT {
            return other.to == m.to || other.via == m.to;
        }
        let g = &self.geometry;
        let like_capture = g.rank(m.to) as i32 == g.rank(m.from) as i32 + Self::forward(color)
            && g.file(m.to).abs_diff(g.file(m.from)) == 1;
        let takes_my_knight =
            board.cell(other.via).piece(color) == Some(Piece::new(color, Kind::KNIGHT));
        (!m.redirect && self.last_rank(m.to, color) && takes_my_knight)
            || (!like_capture && other.from == m.to)
            || (like_capture && other.to == m.to)
    }

    /// The whole turn: White's choice `w` and Black's `b` on `board`, as
    /// one effect, with the penalty flags it gives.
    pub fn resolve(&self, board: &Board, w: &Choice, b: &Choice) -> (Effect, u8) {
        let w_ok = !w.speculative || self.possible(board, w, b);
        let b_ok = !b.speculative || self.possible(board, b, w);
        let mut penalty = 0;
        if !w_ok {
            penalty |= WHITE_PENALISED;
        }
        if !b_ok {
            penalty |= BLACK_PENALISED;
        }
        let mut fx = EffectBuilder::new(board);
        match (w_ok, b_ok) {
            (false, false) => {}
            (true, false) => fx.single(w),
            (false, true) => fx.single(b),
            (true, true) if w.to != b.to => {
                fx.vanish_piece(w.from, w.piece);
                fx.vanish_piece(b.from, b.piece);
                for (m, other) in [(w, b), (b, w)] {
                    if m.via != other.from {
                        if let Some(victim) = board.cell(m.via).piece(m.piece.color.opposite()) {
                            fx.vanish_piece(m.via, victim);
                        }
                    }
                }
                fx.land(w.to, w.landed);
                fx.land(b.to, b.landed);
            }
            (true, true) => {
                fx.vanish_piece(w.from, w.piece);
                fx.vanish_piece(b.from, b.piece);
                let winner = if w.speculative != b.speculative {
                    Some(if w.speculative { w } else { b })
                } else if w.piece.kind != b.piece.kind {
                    Some(if w.piece.kind == Kind::KNIGHT { w } else { b })
                } else {
                    None
                };
                fx.clear(w.to);
                if let Some(m) = winner {
                    fx.land(m.to, m.landed);
                }
            }
        }
        (fx.effect, penalty)
    }

    /// White's pending choice, found among White's choices on the board
    /// (`None` if there is none or it is not a choice).
    pub fn pending(&self, pos: &Position) -> Option<Choice> {
        let (from, to, via) = pending_squares(pos.state.variant)?;
        let mut moves = MoveList::new();
        self.choices(&pos.board, Color::White, &mut moves);
        moves
            .iter()
            .map(|m| self.choice(m))
            .find(|c| c.from == from && c.to == to && c.via == via)
    }

    /// Whether a side has at least one sure move.
    fn can_move(&self, board: &Board, color: Color) -> bool {
        let mut moves = MoveList::new();
        self.sure_moves(board, color, &mut moves);
        !moves.is_empty()
    }

    /// The squares of a pending-move text: ours (`b4c5>a3`) or vchess's
    /// JSON.
    fn parse_pending(&self, text: &str) -> Option<(Square, Square, Square)> {
        if text.starts_with('{') {
            return parse_vchess_json(text);
        }
        let g = &self.geometry;
        let core = text.trim_end_matches('?').trim_end_matches("=N");
        let (path, relocated) = match core.split_once('>') {
            Some((p, r)) => (p, Some(r)),
            None => (core, None),
        };
        let split = path.get(1..)?.find(|c: char| c.is_ascii_lowercase())? + 1;
        let a = g.parse_square(&path[..split])?;
        let b = g.parse_square(&path[split..])?;
        match relocated {
            Some(r) => Some((a, g.parse_square(r)?, b)),
            None => Some((a, b, b)),
        }
    }

    fn pending_text(&self, c: &Choice) -> String {
        let g = &self.geometry;
        let mut s = g.square_name(c.from);
        if c.redirect {
            s.push_str(&g.square_name(c.via));
            s.push('>');
        }
        s.push_str(&g.square_name(c.to));
        if c.landed.kind != c.piece.kind {
            s.push_str("=N");
        }
        if c.speculative {
            s.push('?');
        }
        s
    }
}

/// White's pending choice is kept as its squares only (from, to, and the
/// square it captures on), which is all its FEN text says: the rest (is it
/// speculative, a promotion) follows from the board, so a position read
/// from a FEN equals the one reached by play.
fn encode_pending(from: Square, to: Square, via: Square) -> u64 {
    PENDING
        | (from.0 as u64) << FROM_SHIFT
        | (to.0 as u64) << TO_SHIFT
        | (via.0 as u64) << VIA_SHIFT
}

fn pending_squares(v: u64) -> Option<(Square, Square, Square)> {
    let sq = |shift: u32| Square(((v >> shift) & 0b11111) as u16);
    (v & PENDING != 0).then(|| (sq(FROM_SHIFT), sq(TO_SHIFT), sq(VIA_SHIFT)))
}

/// Reads `start`, `end` and, for a capture, the second `vanish` square of
/// vchess's JSON move (rows counted from the top).
fn parse_vchess_json(text: &str) -> Option<(Square, Square, Square)> {
    let coords = |key: &str, from: usize| -> Option<(Square, usize)> {
        let at = from + text[from..].find(key)?;
        let x = number_after(text, at, "\"x\":")?;
        let y = number_after(text, at, "\"y\":")?;
        let sq = Square(((ROWS as u32 - 1).checked_sub(x)? * COLS as u32 + y) as u16);
        (y < COLS as u32).then_some((sq, at + key.len()))
    };
    let (start, _) = coords("\"start\"", 0)?;
    let (end, _) = coords("\"end\"", 0)?;
    let vanish = text.find("\"vanish\"")?;
    // The first vanish object is the mover; a second one is the capture.
    let first = vanish + text[vanish..].find('}')?;
    let pawn = text[vanish..first].contains("\"p\":\"p\"");
    let rank = |s: Square| s.0 / COLS as u16;
    if !pawn || rank(end) == rank(start) + 1 {
        return Some((start, end, end));
    }
    // A relocated pawn: it captured on the last rank, or pushed there.
    let via = coords("{", first)
        .map(|(s, _)| s)
        .unwrap_or(Square(start.0 + COLS as u16));
    Some((start, end, via))
}

fn number_after(text: &str, from: usize, key: &str) -> Option<u32> {
    let at = from + text[from..].find(key)? + key.len();
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

fn apply_effect(board: &mut Board, fx: &Effect) {
    for v in fx.vanish.as_slice() {
        board.remove(v.square, v.piece.color);
    }
    for a in fx.appear.as_slice() {
        board.put(a.square, a.piece);
    }
}

fn unapply_effect(board: &mut Board, fx: &Effect) {
    for a in fx.appear.as_slice() {
        board.remove(a.square, a.piece.color);
    }
    for v in fx.vanish.as_slice() {
        board.put(v.square, v.piece);
    }
}

/// Builds an exact effect on a board: every vanishing piece is there, and a
/// landing square is cleared first, so the generic apply/unapply is exact.
struct EffectBuilder<'a> {
    board: &'a Board,
    effect: Effect,
}

impl<'a> EffectBuilder<'a> {
    fn new(board: &'a Board) -> Self {
        EffectBuilder {
            board,
            effect: Effect::default(),
        }
    }

    fn vanish_piece(&mut self, sq: Square, piece: Piece) {
        let present = self.board.cell(sq).piece(piece.color) == Some(piece);
        let listed = self
            .effect
            .vanish
            .as_slice()
            .iter()
            .any(|v| v.square == sq && v.piece.color == piece.color);
        if present && !listed {
            self.effect.vanish.push(sq, piece);
        }
    }

    fn clear(&mut self, sq: Square) {
        for p in self.board.cell(sq).pieces() {
            self.vanish_piece(sq, p);
        }
    }

    fn land(&mut self, sq: Square, piece: Piece) {
        self.clear(sq);
        self.effect.appear.push(sq, piece);
    }

    /// A sure move played alone.
    fn single(&mut self, m: &Choice) {
        self.vanish_piece(m.from, m.piece);
        if let Some(victim) = self.board.cell(m.via).piece(m.piece.color.opposite()) {
            self.vanish_piece(m.via, victim);
        }
        self.land(m.to, m.landed);
    }
}

impl Rules for Apocalypse {
    fn name(&self) -> &str {
        "Apocalypse"
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        "npppn/p3p/5/P3P/NPPPN w 0 00 -"
    }

    fn kinds(&self, _color: Color) -> KindSet {
        [Kind::PAWN, Kind::KNIGHT].into_iter().collect()
    }

    fn royal_kinds(&self) -> KindSet {
        KindSet::EMPTY
    }

    fn royals_per_side(&self) -> Option<usize> {
        None
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let color = pos.turn();
        let start = out.len();
        self.choices(&pos.board, color, out);
        if color == Color::White {
            return;
        }
        let Some(w) = self.pending(pos) else {
            return;
        };
        for mv in &mut out[start..] {
            let b = self.choice(mv);
            let (effect, penalty) = self.resolve(&pos.board, &w, &b);
            mv.effect = effect;
            mv.intent.kind = MoveKind::Special(flags(mv) | penalty);
        }
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        is_speculative(mv).then_some("speculative")
    }

    fn relocated_via(&self, mv: &Move) -> Option<Square> {
        let c = self.choice(mv);
        c.redirect.then_some(c.via)
    }

    fn royal_attacked(&self, _pos: &Position, _color: Color) -> bool {
        false
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let saved = pos.state;
        if mv.color() == Color::White {
            let c = self.choice(mv);
            let s = &mut pos.state;
            s.variant = (s.variant & !PENDING_MASK) | encode_pending(c.from, c.to, c.via);
            s.turn = Color::Black;
            s.plies = s.plies.saturating_add(1);
            return Undo(saved);
        }
        let resolving = saved.variant & PENDING != 0;
        let f = flags(mv);
        let (white_fails, black_fails) = if resolving {
            (f & WHITE_PENALISED != 0, f & BLACK_PENALISED != 0)
        } else {
            // Black moving alone (a board-only diagram): nothing can make a
            // speculative choice legal.
            (false, f & SPECULATIVE != 0)
        };
        if black_fails && !resolving {
            let s = &mut pos.state;
            s.turn = Color::White;
            s.plies = s.plies.saturating_add(1);
        } else {
            pos.apply(mv);
        }
        let s = &mut pos.state;
        s.variant &= !PENDING_MASK;
        for (color, failed) in [(Color::White, white_fails), (Color::Black, black_fails)] {
            if failed {
                let n = penalties(s, color) + 1;
                set_penalties(s, color, n);
            }
        }
        Undo(saved)
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        let alone_failed =
            mv.color() == Color::Black && undo.0.variant & PENDING == 0 && is_speculative(mv);
        if mv.color() == Color::White || alone_failed {
            pos.state = undo.0;
        } else {
            pos.unapply(mv, undo);
        }
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        if pos.turn() != Color::White {
            return None; // the turn is not over
        }
        let mut pawns = [0usize; 2];
        for (_, p) in pos.board.pieces() {
            if p.kind == Kind::PAWN {
                pawns[p.color.index()] += 1;
            }
        }
        let win = |winner: Color, reason| Some(Outcome::VariantWin { winner, reason });
        match pawns {
            [0, 0] => {
                return Some(Outcome::VariantDraw {
                    reason: "both sides lost their last pawns",
                })
            }
            [0, _] => return win(Color::Black, "White has no pawns left"),
            [_, 0] => return win(Color::White, "Black has no pawns left"),
            _ => {}
        }
        let pen = [
            penalties(&pos.state, Color::White),
            penalties(&pos.state, Color::Black),
        ];
        match (pen[0] >= 2, pen[1] >= 2) {
            (true, true) => {
                return Some(Outcome::VariantDraw {
                    reason: "both sides have two penalty points",
                })
            }
            (true, false) => return win(Color::Black, "White has two penalty points"),
            (false, true) => return win(Color::White, "Black has two penalty points"),
            _ => {}
        }
        if !self.can_move(&pos.board, Color::White) || !self.can_move(&pos.board, Color::Black) {
            return Some(Outcome::VariantDraw {
                reason: "a side has no move",
            });
        }
        None
    }

    fn promotions(&self, _color: Color) -> &[Kind] {
        &[Kind::KNIGHT]
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        if let Some(f) = fields.first() {
            let b = f.text.as_bytes();
            if b.len() == 2 && b.iter().all(|c| (b'0'..=b'2').contains(c)) {
                set_penalties(state, Color::White, b[0] - b'0');
                set_penalties(state, Color::Black, b[1] - b'0');
            } else {
                problems.push(Problem::BadField {
                    field: "penalties",
                    text: f.text.clone(),
                    offset: f.offset,
                });
            }
        }
        let Some(f) = fields.get(1) else {
            return;
        };
        // vchess: White to move has no pending move, Black to move has one.
        let squares = match (f.text.as_str(), state.turn) {
            ("-", Color::White) => return,
            (text, Color::Black) if text != "-" => self.parse_pending(text),
            _ => None,
        };
        match squares {
            Some((from, to, via)) => state.variant |= encode_pending(from, to, via),
            None => problems.push(Problem::BadField {
                field: "White's pending move",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let mut out = String::from(" ");
        for color in Color::ALL {
            out.push((b'0' + penalties(&pos.state, color)) as char);
        }
        out.push(' ');
        match self.pending(pos) {
            Some(c) => out.push_str(&self.pending_text(&c)),
            None => out.push('-'),
        }
        (String::new(), out)
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        // A pending move read from the FEN must be one of White's choices.
        if let Some((from, to, via)) = pending_squares(pos.state.variant) {
            if self.pending(pos).is_none() {
                let g = &self.geometry;
                let mut text = g.square_name(from);
                if via != to {
                    text.push_str(&g.square_name(via));
                    text.push('>');
                }
                text.push_str(&g.square_name(to));
                out.push(Problem::BadField {
                    field: "White's pending move",
                    text,
                    offset: offset_of(from),
                });
            }
        }
    }
}
