//! Chess plus one twist: a [`ChessLike`] base whose moves a [`Twist`]
//! rewrites (explosions, annihilation, shooting, ...) or filters
//! (like-for-like bans). Every [`Rules`] method the twist does not change is
//! the base's, so a variant of the family is its spec and the one hook it needs.

use crate::color::Color;
use crate::fen::{FenStyle, Field};
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::piece::{Cell, Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chesslike::ChessLike;

/// What a variant changes in its chess-like base. Every method defaults to
/// the base's behaviour.
pub trait Twist: Send + Sync + 'static {
    /// The pseudo-legal moves: the base's, rewritten.
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        base.pseudo_legal_moves(pos, out);
    }
    /// Whether `color`'s royal piece can be taken. `None` falls back to the
    /// generic definition (some pseudo-legal reply removes a royal piece)
    /// over the twisted moves; the default is the base's attack test, right
    /// whenever the twist does not change what a capture reaches.
    fn royal_attacked(&self, base: &ChessLike, pos: &Position, color: Color) -> Option<bool> {
        Some(base.royal_attacked(pos, color))
    }
    /// Plays a move (the base keeps castling rights).
    fn play(&self, base: &ChessLike, pos: &mut Position, mv: &Move) -> Undo {
        base.play(pos, mv)
    }
    /// Takes back a move played with [`Twist::play`] (a variant whose
    /// `play` changes more than the move's effect undoes that first).
    fn unplay(&self, base: &ChessLike, pos: &mut Position, mv: &Move, undo: Undo) {
        base.unplay(pos, mv, undo)
    }
    /// Whether the move `mover` just made is illegal; `None`: it leaves a
    /// royal piece capturable ([`Rules::royal_attacked`]).
    fn illegal_after(&self, _base: &ChessLike, _pos: &Position, _mover: Color) -> Option<bool> {
        None
    }
    /// A result decided before looking at moves.
    fn variant_outcome(&self, _base: &ChessLike, _pos: &Position) -> Option<Outcome> {
        None
    }
    /// The legality shortcut of [`Rules::pinned`]; the default, `None`,
    /// plays every move: a twist changes what a move does, so the base's
    /// pins promise nothing until the twist says they hold.
    fn pinned(&self, _base: &ChessLike, _pos: &Position) -> Option<crate::rules::Pins> {
        None
    }
    /// Whether a side's own move can end the game in its opponent's win
    /// ([`Rules::own_move_may_lose`]) through the twist's rule.
    fn own_move_may_lose(&self) -> bool {
        false
    }
    /// The twist's rule that forbids moving the piece on `from` to `to`
    /// ([`Rules::forbidding_rule`]); the default: none.
    fn forbidding_rule(
        &self,
        _base: &ChessLike,
        _pos: &Position,
        _from: Square,
        _to: Square,
    ) -> Option<&'static str> {
        None
    }
    /// The name of a piece in messages.
    fn piece_name(&self, base: &ChessLike, piece: Piece) -> String {
        base.piece_name(piece)
    }
    /// A short note on a move ("explosion"), for listings and messages.
    fn move_note(&self, _mv: &Move) -> Option<&'static str> {
        None
    }
    /// How many royal pieces each side must have.
    fn royals_per_side(&self) -> Option<usize> {
        Some(1)
    }
    /// Reads the vchess FEN fields after en passant.
    fn read_variant_fields(&self, _fields: &[Field], _state: &mut State, _p: &mut Vec<Problem>) {}
    /// The kind a piece counts as for a castling right in a FEN.
    fn castling_kind(&self, kind: Kind) -> Kind {
        kind
    }
    /// Reads them into what the position keeps beyond its state (Koopa's
    /// stun counters).
    fn read_position_fields(&self, _fields: &[Field], _pos: &mut Position, _p: &mut Vec<Problem>) {}
    /// Writes them back.
    fn write_variant_fields(&self, _pos: &Position) -> (String, String) {
        (String::new(), String::new())
    }
    /// Writes vchess's en-passant field (default: the base's spelling).
    fn write_en_passant(&self, base: &ChessLike, pos: &Position) -> Option<String> {
        base.write_en_passant(pos)
    }
    /// Reads it (default: the base's reader).
    fn read_en_passant(
        &self,
        base: &ChessLike,
        text: &str,
        board: &crate::Board,
        state: &mut State,
    ) -> Option<bool> {
        base.read_en_passant(text, board, state)
    }
    /// Decodes a board character (disguised kings have their own letters).
    fn decode_cell(&self, base: &ChessLike, c: char) -> Option<Cell> {
        base.decode_cell(c)
    }
    /// Variant problems of a position, beyond the base's.
    fn position_problems(
        &self,
        base: &ChessLike,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        base.position_problems(pos, offset_of, out);
    }
}

/// A chess-like base with a twist: the [`Rules`] of most of the family.
pub struct Twisted<T: Twist> {
    pub base: ChessLike,
    pub twist: T,
}

impl<T: Twist> Twisted<T> {
    /// The base compiled from its spec, with the twist.
    pub fn new(base: ChessLike, twist: T) -> Self {
        Twisted { base, twist }
    }
}

impl<T: Twist> Rules for Twisted<T> {
    fn name(&self) -> &str {
        self.base.name()
    }
    fn geometry(&self) -> &Geometry {
        self.base.geometry()
    }
    fn start_fen(&self) -> &str {
        self.base.start_fen()
    }
    fn kinds(&self, color: Color) -> KindSet {
        self.base.kinds(color)
    }
    fn royal_kinds(&self) -> KindSet {
        self.base.royal_kinds()
    }
    fn piece_name(&self, piece: Piece) -> String {
        self.twist.piece_name(&self.base, piece)
    }
    fn royals_per_side(&self) -> Option<usize> {
        self.twist.royals_per_side()
    }
    fn fen_style(&self) -> FenStyle {
        self.base.fen_style()
    }
    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        self.twist.read_variant_fields(fields, state, problems)
    }
    fn castling_kind(&self, kind: Kind) -> Kind {
        self.twist.castling_kind(kind)
    }
    fn read_position_fields(&self, fields: &[Field], pos: &mut Position, p: &mut Vec<Problem>) {
        self.twist.read_position_fields(fields, pos, p)
    }
    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        self.twist.write_variant_fields(pos)
    }
    fn decode_cell(&self, c: char) -> Option<Cell> {
        self.twist.decode_cell(&self.base, c)
    }
    // The twist's en-passant spelling, by default the base's (Berolina
    // pawns write `e6,f`).
    fn write_en_passant(&self, pos: &Position) -> Option<String> {
        self.twist.write_en_passant(&self.base, pos)
    }
    fn read_en_passant(&self, text: &str, board: &crate::Board, state: &mut State) -> Option<bool> {
        self.twist.read_en_passant(&self.base, text, board, state)
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        self.twist.moves(&self.base, pos, out)
    }
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        match self.twist.royal_attacked(&self.base, pos, color) {
            Some(b) => b,
            None => !crate::rules::royal_captures(self, pos, color).is_empty(),
        }
    }
    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        self.twist.move_note(mv)
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        self.twist.play(&self.base, pos, mv)
    }
    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        self.twist.unplay(&self.base, pos, mv, undo)
    }
    fn illegal_after(&self, pos: &Position, mover: Color) -> bool {
        match self.twist.illegal_after(&self.base, pos, mover) {
            Some(b) => b,
            None => self.royal_attacked(pos, mover),
        }
    }
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        self.twist.variant_outcome(&self.base, pos)
    }
    fn pinned(&self, pos: &Position) -> Option<crate::rules::Pins> {
        self.twist.pinned(&self.base, pos)
    }
    fn own_move_may_lose(&self) -> bool {
        self.twist.own_move_may_lose() || self.base.own_move_may_lose()
    }
    fn forbidding_rule(&self, pos: &Position, from: Square, to: Square) -> Option<&'static str> {
        self.twist.forbidding_rule(&self.base, pos, from, to)
    }
    // The spec's `win: stalemate:` (Arena: a side without a move loses).
    fn stalemate_outcome(&self, pos: &Position) -> Outcome {
        self.base.stalemate_outcome(pos)
    }
    fn promotions(&self, color: Color) -> &[Kind] {
        self.base.promotions(color)
    }
    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.twist
            .position_problems(&self.base, pos, offset_of, out)
    }
}

/// The captured piece of a replacement capture: the enemy piece that
/// vanishes on the destination, if any.
pub fn victim_at_to(mv: &Move) -> Option<Piece> {
    let mover = mv.color();
    mv.effect
        .vanish
        .as_slice()
        .iter()
        .find(|p| p.square == mv.intent.to && p.piece.color != mover)
        .map(|p| p.piece)
}

/// Whether the move is castling (its effect is not a capture).
pub fn is_castle(mv: &Move) -> bool {
    matches!(mv.intent.kind, crate::moves::MoveKind::Castle { .. })
}

/// A chained sub-turn's waiting piece (Take and Make's capture square and
/// the kind taken there, Convert's converted piece) in `State::variant`:
/// the kind's byte at bit 32 (0: none), the square + 1 at bit 40. The low
/// 32 bits are the chess-like base's.
const PENDING_SHIFT: u32 = 32;

/// The square and kind waiting for their sub-turn, if one is.
pub fn pending(state: &State) -> Option<(Square, Kind)> {
    let kind = ((state.variant >> PENDING_SHIFT) & 0xff) as u8;
    let sq = ((state.variant >> (PENDING_SHIFT + 8)) & 0xffff) as u16;
    (kind != 0 && sq != 0).then(|| (Square(sq - 1), Kind(kind)))
}

/// Sets (or clears) the square and kind waiting for their sub-turn.
pub fn set_pending(state: &mut State, waiting: Option<(Square, Kind)>) {
    state.variant &= 0xffff_ffff;
    if let Some((sq, kind)) = waiting {
        state.variant |= u64::from(kind.0) << PENDING_SHIFT;
        state.variant |= (u64::from(sq.0) + 1) << (PENDING_SHIFT + 8);
    }
}

/// The enemy piece a move removes (en passant too).
pub fn taken(mv: &Move) -> Option<Piece> {
    let mover = mv.color();
    mv.effect
        .vanish
        .as_slice()
        .iter()
        .find(|v| v.piece.color != mover)
        .map(|v| v.piece)
}
