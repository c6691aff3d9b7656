//! The drop mechanic shared by the family: drops from the hand onto empty
//! squares (each variant filters where), and captured pieces going to the
//! capturer's hand, reverting to their unpromoted kind.

use crate::color::Color;
use crate::fen::{self, Field};
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State};
use crate::square::Square;
use crate::validate::{self, Problem};

/// Appends every drop of the side to move: each kind of `order` it holds,
/// on each empty square `allowed(piece, square)` accepts, kinds in `order`
/// then squares a1 first (vchess's order is irrelevant: perft and move sets
/// do not depend on it).
pub fn push_drops(
    g: &Geometry,
    pos: &Position,
    order: &[Kind],
    allowed: impl Fn(Piece, Square) -> bool,
    out: &mut MoveList,
) {
    let us = pos.turn();
    for &kind in order {
        if pos.state.hands.count(us, kind) == 0 {
            continue;
        }
        let piece = Piece::new(us, kind);
        for sq in g.squares() {
            if pos.board.cell(sq).is_empty() && allowed(piece, sq) {
                out.push(Move::drop(sq, piece));
            }
        }
    }
}

/// After `mv` was applied: every enemy piece it removed goes to the
/// mover's hand as `revert(kind)` (its unpromoted kind), when that kind can
/// be held (`None`: it is lost, as a king).
pub fn captures_to_hand(pos: &mut Position, mv: &Move, revert: impl Fn(Kind) -> Option<Kind>) {
    let mover: Color = mv.color();
    for v in mv.effect.vanish.as_slice() {
        if v.piece.color != mover {
            if let Some(k) = revert(v.piece.kind) {
                pos.state.hands.add(mover, k);
            }
        }
    }
}

/// Whether `sq` lies within the last `n` ranks of `color` (its promotion
/// zone, or the ranks a piece may not be dropped on).
pub fn in_last_ranks(g: &Geometry, sq: Square, color: Color, n: u8) -> bool {
    g.relative_rank(sq, color) + n >= g.rows()
}

/// The kinds a chess army holds in hand (Crazyhouse, Recycle): every kind
/// but the king, in vchess's reserve order.
pub const CHESS_HAND: [Kind; 5] = [
    Kind::PAWN,
    Kind::ROOK,
    Kind::KNIGHT,
    Kind::BISHOP,
    Kind::QUEEN,
];

/// vchess's reserve field for a chess hand: ten digits, White's five kinds
/// then Black's.
pub const CHESS_RESERVE: [(Color, Kind); 10] = [
    (Color::White, Kind::PAWN),
    (Color::White, Kind::ROOK),
    (Color::White, Kind::KNIGHT),
    (Color::White, Kind::BISHOP),
    (Color::White, Kind::QUEEN),
    (Color::Black, Kind::PAWN),
    (Color::Black, Kind::ROOK),
    (Color::Black, Kind::KNIGHT),
    (Color::Black, Kind::BISHOP),
    (Color::Black, Kind::QUEEN),
];

/// Reads a FEN whose only field after en passant is a reserve of digits
/// (`reserve`'s layout): none is fine, a second one is a problem.
pub fn read_reserve_field(
    fields: &[Field],
    reserve: &[(Color, Kind)],
    state: &mut State,
    problems: &mut Vec<Problem>,
) {
    if let Some(digits) = fields.first() {
        validate::read_reserve_digits(digits, reserve, state, problems);
    }
    if let Some(extra) = fields.get(1) {
        problems.push(Problem::BadField {
            field: "after the reserve",
            text: extra.text.clone(),
            offset: extra.offset,
        });
    }
}

/// What [`crate::rules::Rules::write_variant_fields`] writes for a reserve
/// of digits: no flags tail, the reserve as one more field.
pub fn write_reserve_field(pos: &Position, reserve: &[(Color, Kind)]) -> (String, String) {
    (
        String::new(),
        format!(" {}", fen::reserve_digits(pos, reserve)),
    )
}

/// Why a pawn may not be dropped on `to`: never on its last rank, and not
/// on its first when `first_too` (Crazyhouse, Recycle); `None` for other
/// squares and for any piece that is not one of `pawns`.
pub fn pawn_rank_restriction(
    g: &Geometry,
    pawns: &[Kind],
    piece: Piece,
    to: Square,
    first_too: bool,
) -> Option<String> {
    pawn_rank_rule(g, pawns, piece, to, first_too).map(Into::into)
}

/// [`pawn_rank_restriction`] without building the words: what move
/// generation asks at every node.
#[inline]
pub fn pawn_rank_rule(
    g: &Geometry,
    pawns: &[Kind],
    piece: Piece,
    to: Square,
    first_too: bool,
) -> Option<&'static str> {
    if !pawns.contains(&piece.kind) {
        return None;
    }
    match g.relative_rank(to, piece.color) {
        0 if first_too => Some("a pawn may not be dropped on the first rank"),
        r if r == g.rows() - 1 => Some("a pawn may not be dropped on the last rank"),
        _ => None,
    }
}

/// Makes `mv` end with a `kind` of the mover on its destination instead of
/// what it put there (a promotion written by the variant), keeping what it
/// removed.
pub fn land_as(mv: &mut Move, kind: Kind) {
    let to = mv.intent.to;
    let color = mv.color();
    let vanish = mv.effect.vanish;
    mv.effect = Default::default();
    mv.effect.vanish = vanish;
    mv.effect.appear.push(to, Piece::new(color, kind));
}
