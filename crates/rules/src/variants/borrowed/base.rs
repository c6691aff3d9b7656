//! The chess every variant of this family changes: vchess's move generation
//! square by square (slides and leaps, pawns, castling), attack detection
//! piece by piece and castling-flag updates, behind a [`Hooks`] trait whose
//! default methods are plain chess. A variant overrides only the hooks its
//! twist touches (paralysis, borrowed moves, what legality means) and gets
//! FEN, legality, perft and notation through [`Game`]'s [`Rules`] impl.
//!
//! Why not [`crate::variants::chesslike::ChessLike`]'s generator: it makes
//! a whole position's moves from compiled rays, where this family needs one
//! square at a time with hooks inside it (who may be taken: own pieces for
//! Teleport and Iceage's cubes; attacks filtered per attacker: Madrasi;
//! castling judged by the variant's own attack test), and vchess's flag
//! handling (flags kept without their rook, a lost right written as the
//! file past the board). Folding would put those hooks on ChessLike's hot
//! path for every other variant; this file stays the family's chess.

use crate::castling::{castles, read_vchess_field, Layout};
use crate::color::Color;
use crate::fen::{FenStyle, Field};
use crate::geometry::{Geometry, DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::{square_field, Problem};

/// vchess's promotion choices, in its order.
pub const PROMOTIONS: [Kind; 4] = [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN];

/// The chess start, in vchess FEN.
pub const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -";

/// What a variant of the family states once.
#[derive(Clone, Copy, Debug)]
pub struct Cfg {
    pub name: &'static str,
    pub rows: u8,
    pub cols: u8,
    pub start_fen: &'static str,
    /// Piece letters besides `pnbrqk` (lowercase), both colors.
    pub extra: &'static str,
    /// Castling flags in the FEN and castling moves.
    pub castling: bool,
    /// The en-passant field, and en-passant captures.
    pub en_passant: bool,
    /// Pawn double steps from the second rank.
    pub two_squares: bool,
    /// Cells that are not squares, `(file, rank)` (Rollerball's middle),
    /// written `x` in the FEN.
    pub holes: &'static [(u8, u8)],
}

impl Cfg {
    /// Chess's settings under another name.
    pub const fn chess(name: &'static str) -> Cfg {
        Cfg {
            name,
            rows: 8,
            cols: 8,
            start_fen: CHESS_START,
            extra: "",
            castling: true,
            en_passant: true,
            two_squares: true,
            holes: &[],
        }
    }
}

/// A variant's twists. Every method has chess as its default; the game
/// handed in gives the default building blocks back (`g.chess_moves_from`).
pub trait Hooks: Sized + Send + Sync + 'static {
    /// Whether the side to move may move enemy pieces too (Hypnotic):
    /// [`Hooks::moves_from`] is then asked for every occupied square.
    const MOVES_ENEMY_PIECES: bool = false;

    /// Whether castling needs the squares between king and rook empty
    /// (Fullcavalry's lancer jumps over what stands there).
    const CASTLE_ROOK_PATH_FREE: bool = true;

    /// The variant's fixed settings.
    fn cfg(&self) -> Cfg;

    /// Pseudo-legal moves of the piece on `sq` (whose owner is to move).
    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        g.chess_moves_from(pos, sq, out);
    }

    /// Whether the piece on `from` may take what stands on `to` (occupied).
    fn can_take(_g: &Game<Self>, pos: &Position, from: Square, to: Square) -> bool {
        let (Some(a), Some(b)) = (piece_at(pos, from), piece_at(pos, to)) else {
            return false;
        };
        a.color != b.color
    }

    /// Whether `by` attacks `sq` (vchess's `isAttacked`).
    fn attacked(g: &Game<Self>, pos: &Position, sq: Square, by: Color) -> bool {
        g.chess_attacked(pos, sq, by)
    }

    /// Whether `color` is in check (vchess's `underCheck`).
    fn under_check(g: &Game<Self>, pos: &Position, color: Color) -> bool {
        pos.board
            .royals(color)
            .iter()
            .any(|k| Self::attacked(g, pos, k, color.opposite()))
    }

    /// Whether the move `mover` just made is illegal (`pos` is after it).
    fn illegal_after(g: &Game<Self>, pos: &Position, mover: Color) -> bool {
        Self::under_check(g, pos, mover)
    }

    /// The castling-flag update after a move (vchess's own, by default:
    /// [`Game::update_castling`]); Eightpieces keeps its variant's.
    fn castling_after(g: &Game<Self>, pos: &mut Position, mv: &Move) {
        g.update_castling(pos, mv);
    }

    /// State changes after the move's effect and the castling flags.
    fn after_play(_g: &Game<Self>, _pos: &mut Position, _mv: &Move) {}

    /// Undoes what [`Hooks::after_play`] did beyond the state (`pos` is
    /// after the move, `undo` holds the state before it).
    fn before_unplay(_g: &Game<Self>, _pos: &mut Position, _mv: &Move, _undo: &Undo) {}

    /// The variant's rule that forbids the piece on `from` going to `to`
    /// (see [`Rules::forbidding_rule`]); the default: none.
    fn forbidding_rule(
        _g: &Game<Self>,
        _pos: &Position,
        _from: Square,
        _to: Square,
    ) -> Option<&'static str> {
        None
    }

    /// How many kings each side must have (`None`: Relayup, where a taken
    /// king ends the game).
    fn royals_per_side() -> Option<usize> {
        Some(1)
    }

    /// A piece's English name, when not chess's.
    fn piece_name(_kind: Kind) -> Option<&'static str> {
        None
    }

    /// Reads the FEN fields after the chess ones (see [`Rules::read_variant_fields`]).
    fn read_fields(
        _g: &Game<Self>,
        _fields: &[Field],
        _state: &mut State,
        _problems: &mut Vec<Problem>,
    ) {
    }

    /// Writes them back: flags tail, extra fields.
    fn write_fields(_g: &Game<Self>, _pos: &Position) -> (String, String) {
        (String::new(), String::new())
    }

    /// The moves of a position in the middle of a turn (Teleport's
    /// placement after a self-capture), in place of the pieces' moves;
    /// `false` when the position is not mid-turn.
    fn pending_moves(_g: &Game<Self>, _pos: &Position, _out: &mut MoveList) -> bool {
        false
    }

    /// Whether the legal list is judged whole (see [`Rules::restrict_legal`]).
    fn restricts_legal() -> bool {
        false
    }

    /// Drops from the legal list what the variant forbids beyond check
    /// (a chain step no end of which is legal).
    fn restrict_legal(_g: &Game<Self>, _pos: &Position, _legal: &mut MoveList) {}

    /// A result decided before moves are looked at.
    fn outcome(_g: &Game<Self>, _pos: &Position) -> Option<Outcome> {
        None
    }

    /// The result of a side that cannot move and is not in check.
    fn stalemate_outcome(_g: &Game<Self>, _pos: &Position) -> Outcome {
        Outcome::Stalemate
    }

    /// A move's SAN when the variant writes it its own way (see
    /// [`Rules::notation_override`]); the default: none.
    fn notation_override(_g: &Game<Self>, _mv: &Move) -> Option<String> {
        None
    }

    /// Reads one FEN board character (default: the variant's letters).
    fn decode_cell(g: &Game<Self>, c: char) -> Option<crate::piece::Cell> {
        let p = Piece::from_letter(c)?;
        g.kinds[p.color.index()]
            .contains(p.kind)
            .then(|| crate::piece::Cell::of(p))
    }

    /// Fills in what a board-only diagram leaves out (see
    /// [`Rules::complete_diagram`]); the default: nothing.
    fn complete_diagram(_g: &Game<Self>, _pos: &mut Position) {}

    /// Writes one cell (default: the piece's letter).
    fn encode_cell(cell: crate::piece::Cell) -> Option<char> {
        cell.single().map(Piece::letter)
    }
}

/// Keeps, of the moves of `out` from index `first` on, those `keep`
/// accepts (a variant's filter on one square's moves).
pub fn retain_from(out: &mut MoveList, first: usize, keep: impl Fn(&Move) -> bool) {
    let tail = out.split_off(first);
    out.extend(tail.into_iter().filter(|m| keep(m)));
}

/// The piece on `sq` (cells hold one piece in this family).
#[inline]
pub fn piece_at(pos: &Position, sq: Square) -> Option<Piece> {
    pos.board.cell(sq).single()
}

/// A variant of the family: its hooks, board and letters.
pub struct Game<H> {
    pub h: H,
    pub g: Geometry,
    pub kinds: [KindSet; 2],
}

impl<H: Hooks> Game<H> {
    /// Builds the game of `h`.
    pub fn new(h: H) -> Game<H> {
        let cfg = h.cfg();
        let mut holes = crate::squareset::SquareSet::EMPTY;
        for &(f, r) in cfg.holes {
            holes.insert(Square(u16::from(r) * u16::from(cfg.cols) + u16::from(f)));
        }
        let g = Geometry::with_holes(cfg.rows, cfg.cols, holes).expect("family boards are valid");
        let set: KindSet = "pnbrqk"
            .bytes()
            .chain(cfg.extra.bytes())
            .map(Kind)
            .collect();
        Game {
            h,
            g,
            kinds: [set, set],
        }
    }

    /// The square `(df, dr)` away from `sq`, if on the board.
    #[inline]
    pub fn off(&self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        self.g.offset(sq, df as i32, dr as i32)
    }

    /// The ranks a pawn of `color` moves along: +1 for White.
    #[inline]
    pub fn forward(color: Color) -> i8 {
        if color == Color::White {
            1
        } else {
            -1
        }
    }

    /// A basic move from `from` to `to`, taking whatever stands there,
    /// the moving piece becoming `becomes`.
    pub fn basic(&self, pos: &Position, from: Square, to: Square, becomes: Option<Piece>) -> Move {
        let cell = pos.board.cell(from);
        let piece = cell.single().unwrap_or(Piece::new(pos.turn(), Kind::PAWN));
        let mut mv = Move::simple(from, to, piece, None, None);
        mv.effect = Default::default();
        mv.effect.vanish.push(from, piece);
        if let Some(victim) = piece_at(pos, to) {
            if to != from {
                mv.effect.vanish.push(to, victim);
                mv.intent.capture = victim.color != piece.color;
            }
        }
        let landed = becomes.unwrap_or(piece);
        if landed.kind != piece.kind {
            mv.intent.promotion = Some(landed.kind);
        }
        mv.effect.appear.push(to, landed);
        mv
    }

    /// Slides (or leaps once, `one`) along `steps` from `from`, as the piece
    /// there: every empty square, then a capture where `can_take` allows.
    pub fn slide(
        &self,
        pos: &Position,
        from: Square,
        steps: &[(i8, i8)],
        one: bool,
        out: &mut MoveList,
    ) {
        for &(df, dr) in steps {
            let mut t = self.off(from, df, dr);
            while let Some(s) = t {
                if !pos.board.cell(s).is_empty() {
                    break;
                }
                out.push(self.basic(pos, from, s, None));
                if one {
                    break;
                }
                t = self.off(s, df, dr);
            }
            if let Some(s) = t {
                if !pos.board.cell(s).is_empty() && H::can_take(self, pos, from, s) {
                    out.push(self.basic(pos, from, s, None));
                }
            }
        }
    }

    /// The steps and range of a chess kind: `None` for pawns and others.
    pub fn chess_steps(kind: Kind) -> Option<(&'static [(i8, i8)], bool)> {
        Some(match kind {
            Kind::ROOK => (&ORTHOGONAL, false),
            Kind::BISHOP => (&DIAGONAL, false),
            Kind::QUEEN => (&KING_STEPS, false),
            Kind::KING => (&KING_STEPS, true),
            Kind::KNIGHT => (&KNIGHT_LEAPS, true),
            _ => return None,
        })
    }

    /// Chess moves of the piece on `sq`, castling included for kings.
    pub fn chess_moves_from(&self, pos: &Position, sq: Square, out: &mut MoveList) {
        let Some(p) = piece_at(pos, sq) else { return };
        self.moves_as(pos, sq, p.kind, out);
        if p.kind == Kind::KING && self.h.cfg().castling {
            self.castle_moves(pos, sq, out);
        }
    }

    /// Chess moves of the piece on `sq` as if it were a `kind` (no castling).
    pub fn moves_as(&self, pos: &Position, sq: Square, kind: Kind, out: &mut MoveList) {
        if kind == Kind::PAWN {
            self.pawn_moves(pos, sq, out);
        } else if let Some((steps, one)) = Self::chess_steps(kind) {
            self.slide(pos, sq, steps, one, out);
        }
    }

    fn push_pawn(&self, pos: &Position, from: Square, to: Square, out: &mut MoveList) {
        let us = pos.turn();
        if self.g.relative_rank(to, us) == self.g.rows() - 1 {
            for k in PROMOTIONS {
                out.push(self.basic(pos, from, to, Some(Piece::new(us, k))));
            }
        } else {
            out.push(self.basic(pos, from, to, None));
        }
    }

    /// vchess pawn moves: a step, a double step from the second rank,
    /// diagonal captures, en passant.
    pub fn pawn_moves(&self, pos: &Position, from: Square, out: &mut MoveList) {
        let us = pos.turn();
        let fw = Self::forward(us);
        let Some(ahead) = self.off(from, 0, fw) else {
            return;
        };
        if pos.board.cell(ahead).is_empty() {
            self.push_pawn(pos, from, ahead, out);
            if self.h.cfg().two_squares && self.g.relative_rank(from, us) <= 1 {
                if let Some(two) = self.off(ahead, 0, fw) {
                    if pos.board.cell(two).is_empty() {
                        let mut mv = self.basic(pos, from, two, None);
                        if self.h.cfg().en_passant {
                            mv.intent.kind = MoveKind::DoubleStep;
                        }
                        out.push(mv);
                    }
                }
            }
        }
        for df in [-1, 1] {
            let Some(t) = self.off(from, df, fw) else {
                continue;
            };
            if !pos.board.cell(t).is_empty() && H::can_take(self, pos, from, t) {
                self.push_pawn(pos, from, t, out);
            }
        }
        if let Some(ep) = pos.state.en_passant {
            if self.off(from, -1, fw) == Some(ep) || self.off(from, 1, fw) == Some(ep) {
                let mut mv = self.basic(pos, from, ep, None);
                // vchess takes whatever stands beside: after a pawn's jump
                // (Rampage, relays) that may be nothing, or a friend.
                if let Some(vsq) = self.g.square(self.g.file(ep), self.g.rank(from)) {
                    if let Some(victim) = piece_at(pos, vsq) {
                        mv.effect.vanish.push(vsq, victim);
                        mv.intent.capture = victim.color != us;
                    }
                }
                mv.intent.kind = MoveKind::EnPassant;
                out.push(mv);
            }
        }
    }

    /// vchess castling from the king on `king_sq`: the king's path (its
    /// destination excepted, left to legality) unattacked, the squares
    /// king and rook cross free; vchess castles with whatever own piece
    /// stands on a flagged file (Switching keeps flags without their rook).
    pub fn castle_moves(&self, pos: &Position, king_sq: Square, out: &mut MoveList) {
        let us = pos.turn();
        let them = us.opposite();
        let g = &self.g;
        let back = if us == Color::White { 0 } else { g.rows() - 1 };
        if g.rank(king_sq) != back {
            return;
        }
        let Some(king) = piece_at(pos, king_sq) else {
            return;
        };
        let layout = Layout {
            partner_path_free: H::CASTLE_ROOK_PATH_FREE,
            ..Layout::chess(g.cols())
        };
        let partner = |s| piece_at(pos, s).is_some_and(|p| p.color == us);
        let rights = &pos.state.castling;
        for c in castles(g, &pos.board, rights, us, king_sq, &layout, &partner)
            .into_iter()
            .flatten()
        {
            if c.crossed(g, false).any(|s| H::attacked(self, pos, s, them)) {
                continue;
            }
            let rook = piece_at(pos, c.rook_from);
            out.push(c.to_move(king, rook));
        }
    }

    /// Whether a `kind` of `by` reaches `sq` along one of `steps` (`one`:
    /// a single step), as vchess's `isAttackedBySlideNJump`; `ok` filters
    /// the attackers found (Madrasi: not paralysed).
    #[allow(clippy::too_many_arguments)]
    pub fn attacked_along(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        kind: Kind,
        steps: &[(i8, i8)],
        one: bool,
        ok: &dyn Fn(Square) -> bool,
    ) -> bool {
        for &(df, dr) in steps {
            let mut t = self.off(sq, df, dr);
            while let Some(s) = t {
                if !pos.board.cell(s).is_empty() || one {
                    break;
                }
                t = self.off(s, df, dr);
            }
            if let Some(s) = t {
                if piece_at(pos, s) == Some(Piece::new(by, kind)) && ok(s) {
                    return true;
                }
            }
        }
        false
    }

    /// The squares a `by` pawn attacks `sq` from are one step behind it.
    pub fn pawn_attack_steps(by: Color) -> [(i8, i8); 2] {
        let back = -Self::forward(by);
        [(1, back), (-1, back)]
    }

    /// Whether `by`'s chess pieces attack `sq` (vchess's `isAttacked`).
    pub fn chess_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool {
        self.chess_attacked_by(pos, sq, by, &|_| true)
    }

    /// Whether `by`'s chess pieces for which `ok` holds (Eightpieces: not
    /// jailed) attack `sq`.
    pub fn chess_attacked_by(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        ok: &dyn Fn(Square) -> bool,
    ) -> bool {
        self.attacked_along(
            pos,
            sq,
            by,
            Kind::PAWN,
            &Self::pawn_attack_steps(by),
            true,
            ok,
        ) || self.attacked_along(pos, sq, by, Kind::ROOK, &ORTHOGONAL, false, ok)
            || self.attacked_along(pos, sq, by, Kind::KNIGHT, &KNIGHT_LEAPS, true, ok)
            || self.attacked_along(pos, sq, by, Kind::BISHOP, &DIAGONAL, false, ok)
            || self.attacked_along(pos, sq, by, Kind::QUEEN, &KING_STEPS, false, ok)
            || self.attacked_along(pos, sq, by, Kind::KING, &KING_STEPS, true, ok)
    }

    /// Every pseudo-legal move of the side to move.
    pub fn all_moves(&self, pos: &Position, out: &mut MoveList) {
        if H::pending_moves(self, pos, out) {
            return;
        }
        let us = pos.turn();
        for i in 0..self.g.size() as u16 {
            let sq = Square(i);
            let cell = pos.board.cell(sq);
            if cell.has(us) || (H::MOVES_ENEMY_PIECES && !cell.is_empty()) {
                H::moves_from(self, pos, sq, out);
            }
        }
    }

    /// Whether the side to move has a legal move (stops at the first).
    pub fn has_legal_move(&self, pos: &mut Position) -> bool {
        let mut list = MoveList::new();
        self.all_moves(pos, &mut list);
        let us = pos.turn();
        list.iter().any(|mv| {
            let undo = self.play(pos, mv);
            let bad = H::illegal_after(self, pos, us);
            self.unplay(pos, mv, undo);
            !bad
        })
    }

    /// The pseudo-legal moves from `from` to `to` which, once played, fail
    /// `test` (the position after, the mover): for explaining a rule.
    pub fn all_fail(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        test: &dyn Fn(&Position, Color) -> bool,
    ) -> bool {
        let mut list = MoveList::new();
        H::moves_from(self, pos, from, &mut list);
        let mut p = pos.clone();
        let mut any = false;
        for mv in list.iter().filter(|m| m.intent.to == to) {
            any = true;
            let undo = self.play(&mut p, mv);
            let fails = test(&p, mv.color());
            self.unplay(&mut p, mv, undo);
            if !fails {
                return false;
            }
        }
        any
    }

    /// vchess's castling-flag update (see [`Castling::after_vchess_move`]);
    /// as vchess's, a king move that makes nothing appear is no king move.
    pub fn update_castling(&self, pos: &mut Position, mv: &Move) {
        let king = mv.intent.piece.kind == Kind::KING && !mv.effect.appear.is_empty();
        let squares = (mv.intent.from, mv.intent.to);
        pos.state
            .castling
            .after_vchess_move(&self.g, mv.color(), king, squares, true);
    }
}

impl<H: Hooks> Rules for Game<H> {
    fn name(&self) -> &str {
        self.h.cfg().name
    }
    fn geometry(&self) -> &Geometry {
        &self.g
    }
    fn start_fen(&self) -> &str {
        self.h.cfg().start_fen
    }
    fn kinds(&self, color: Color) -> KindSet {
        self.kinds[color.index()]
    }
    fn royal_kinds(&self) -> KindSet {
        [Kind::KING].into_iter().collect()
    }
    fn piece_name(&self, piece: Piece) -> String {
        match H::piece_name(piece.kind) {
            Some(n) => n.to_string(),
            None => crate::rules::default_piece_name(piece),
        }
    }
    fn royals_per_side(&self) -> Option<usize> {
        H::royals_per_side()
    }
    fn forbidding_rule(&self, pos: &Position, from: Square, to: Square) -> Option<&'static str> {
        H::forbidding_rule(self, pos, from, to)
    }
    fn fen_style(&self) -> FenStyle {
        FenStyle {
            // Flags are read and written here too, unchecked: vchess keeps
            // flags whose rook is gone (Switching), and reads them.
            castling: [false; 2],
            castle_rook: Kind::ROOK,
            // The en-passant field is read and written here (see
            // `read_variant_fields`): relayed pawns make squares vchess
            // writes that chess validation would refuse.
            en_passant: false,
            hole: (!self.h.cfg().holes.is_empty()).then_some('x'),
        }
    }
    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let mut fields = fields;
        if self.h.cfg().castling {
            if let Some((f, rest)) = fields.split_first() {
                fields = rest;
                read_vchess_field(f, self.g.cols(), state, problems);
            }
        }
        if self.h.cfg().en_passant {
            if let Some((f, rest)) = fields.split_first() {
                fields = rest;
                if let Some(sq) = square_field(&self.g, f, "en-passant", problems) {
                    state.en_passant = Some(sq);
                }
            }
        }
        H::read_fields(self, fields, state, problems);
    }
    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let (tail, extra) = H::write_fields(self, pos);
        let mut out = String::new();
        if self.h.cfg().castling {
            out.push(' ');
            out.push_str(&pos.state.castling.vchess_flags(self.g.cols()));
        }
        if self.h.cfg().en_passant {
            out.push(' ');
            match pos.state.en_passant {
                Some(sq) => out.push_str(&self.g.square_name(sq)),
                None => out.push('-'),
            }
        }
        out.push_str(&extra);
        (tail, out)
    }
    fn decode_cell(&self, c: char) -> Option<crate::piece::Cell> {
        H::decode_cell(self, c)
    }
    fn encode_cell(&self, cell: crate::piece::Cell) -> Option<char> {
        H::encode_cell(cell)
    }
    fn complete_diagram(&self, pos: &mut Position) {
        H::complete_diagram(self, pos)
    }
    fn notation_override(&self, mv: &Move) -> Option<String> {
        H::notation_override(self, mv)
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        self.all_moves(pos, out);
    }
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        H::under_check(self, pos, color)
    }
    fn illegal_after(&self, pos: &Position, mover: Color) -> bool {
        H::illegal_after(self, pos, mover)
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = pos.apply(mv);
        // vchess's en-passant square: a pawn that stays a pawn and moves two
        // ranks along its file (a relayed pawn can do that backwards too).
        pos.state.en_passant = None;
        if self.h.cfg().en_passant && mv.intent.piece.kind == Kind::PAWN {
            let (from, to) = (mv.intent.from, mv.intent.to);
            let (r1, r2) = (self.g.rank(from), self.g.rank(to));
            let stays =
                mv.effect.appear.as_slice().first().map(|a| a.piece.kind) == Some(Kind::PAWN);
            if r1.abs_diff(r2) == 2 && self.g.file(from) == self.g.file(to) && stays {
                pos.state.en_passant = self.g.square(self.g.file(from), (r1 + r2) / 2);
            }
        }
        // A placement (Teleport) moves no rook or king off its square.
        if self.h.cfg().castling && mv.intent.kind != MoveKind::Drop {
            H::castling_after(self, pos, mv);
        }
        H::after_play(self, pos, mv);
        undo
    }
    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        H::before_unplay(self, pos, mv, &undo);
        pos.unapply(mv, undo);
    }
    fn restricts_legal(&self) -> bool {
        H::restricts_legal()
    }
    fn restrict_legal(&self, pos: &Position, legal: &mut MoveList) {
        H::restrict_legal(self, pos, legal)
    }
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        H::outcome(self, pos)
    }
    fn stalemate_outcome(&self, pos: &Position) -> Outcome {
        H::stalemate_outcome(self, pos)
    }
    fn promotions(&self, _color: Color) -> &[Kind] {
        &PROMOTIONS
    }
}
