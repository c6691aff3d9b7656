//! What legal moves explain on a diagram: the squares a highlight (mark)
//! may stand on. General over variants; `check` calls it for every diagram.
//! A board-only diagram has no side to move, so moves of either side count.

use crate::color::Color;
use crate::legal;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;
use crate::squareset::SquareSet;

/// Adds to `out` every square a legal move of `color` explains: its start,
/// its destination, and each square where it removes an enemy piece that
/// stands there (Baroque captures away from the destination).
pub fn explained_by(rules: &dyn Rules, pos: &Position, color: Color, out: &mut SquareSet) {
    let mut probe = pos.with_turn(color);
    let mut moves = MoveList::new();
    legal::legal_moves(rules, &mut probe, &mut moves);
    for mv in &moves {
        add_move(&probe, mv, out);
    }
}

/// The squares legal moves of **either side** explain on a board-only
/// position (see [`explained_by`]).
///
/// ```
/// use fenpress_rules::{explain, registry, validate, Square, SquareSet};
/// let chess = registry::rules("chess").unwrap();
/// let pos = validate::position_from_fen(chess, "4k3/8/8/8/8/8/8/4K3").unwrap();
/// let mut set = SquareSet::EMPTY;
/// explain::explained_squares(chess, &pos, &mut set);
/// assert!(set.contains(Square(12))); // e2: Ke2
/// assert!(set.contains(Square(52))); // e7: ...Ke7
/// assert!(!set.contains(Square(28))); // e4: nobody goes there
/// ```
pub fn explained_squares(rules: &dyn Rules, pos: &Position, out: &mut SquareSet) {
    for color in Color::ALL {
        explained_by(rules, pos, color, out);
    }
}

/// The destinations of the legal moves of the piece(s) on `from` (for
/// marks that show "where this piece goes"), each piece with its own color
/// to move; empty if `from` is empty.
pub fn destinations_from(rules: &dyn Rules, pos: &Position, from: Square) -> SquareSet {
    let mut out = SquareSet::EMPTY;
    let mut moves = MoveList::new();
    for color in Color::ALL {
        if !pos.board.cell(from).has(color) {
            continue;
        }
        let mut probe = pos.with_turn(color);
        legal::legal_moves(rules, &mut probe, &mut moves);
        for mv in moves.iter().filter(|m| m.intent.from == from) {
            out.insert(mv.intent.to);
        }
    }
    out
}

fn add_move(pos: &Position, mv: &Move, out: &mut SquareSet) {
    out.insert(mv.intent.from);
    out.insert(mv.intent.to);
    let mover = mv.color();
    for v in mv.effect.vanish.as_slice() {
        if v.piece.color != mover && pos.board.cell(v.square).piece(v.piece.color) == Some(v.piece)
        {
            out.insert(v.square);
        }
    }
}
