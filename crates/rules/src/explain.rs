//! Which squares of a diagram legal moves explain, for `check`: a mark is
//! explained when it is the start or destination of a legal move, or a
//! square where a legal move captures (Baroque captures away from the
//! destination; a Paco Sako union counts as a capture on its square). A
//! board-only diagram has no side to move, so both sides' moves count.

use crate::color::Color;
use crate::legal;
use crate::moves::MoveList;
use crate::notation;
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;
use crate::squareset::SquareSet;

/// Adds to `out` every square a legal move of `color` in `pos` explains.
pub fn explained_by(rules: &dyn Rules, pos: &Position, color: Color, out: &mut SquareSet) {
    let mut p = pos.with_turn(color);
    let mut moves = MoveList::new();
    legal::legal_moves(rules, &mut p, &mut moves);
    for mv in &moves {
        out.insert(mv.intent.from);
        out.insert(mv.intent.to);
        for sq in mv.capture_squares() {
            out.insert(sq);
        }
    }
}

/// Adds to `out` the destination of every move of `color` in `pos` that its
/// pieces could make but the rules forbid (a pseudo-legal move that is not
/// legal: a king stepping into check, an antiking out of attack), for marks
/// that a caption says show forbidden moves.
///
/// ```
/// use fenpress_rules::{explain, registry, validate, SquareSet, Color};
/// let chess = registry::rules("chess").unwrap();
/// let pos = validate::position_from_fen(chess, "4k3/8/8/8/8/8/r7/4K3 w").unwrap();
/// let mut out = SquareSet::EMPTY;
/// explain::forbidden_by(chess, &pos, Color::White, &mut out);
/// let g = chess.geometry();
/// assert!(out.contains(g.parse_square("d2").unwrap())); // Kd2 walks into the rook
/// assert!(!out.contains(g.parse_square("d1").unwrap())); // Kd1 is legal
/// ```
pub fn forbidden_by(rules: &dyn Rules, pos: &Position, color: Color, out: &mut SquareSet) {
    let mut p = pos.with_turn(color);
    let mut legal = MoveList::new();
    legal::legal_moves(rules, &mut p, &mut legal);
    let mut pseudo = MoveList::new();
    rules.pseudo_legal_moves(&p, &mut pseudo);
    for mv in pseudo.iter().filter(|mv| !legal.contains(mv)) {
        out.insert(mv.intent.to);
    }
}

/// Adds to `out` every square explained by a legal move of either side
/// (a board-only diagram's position, whatever its side to move).
///
/// ```
/// use fenpress_rules::{explain, registry, validate, SquareSet};
/// let chess = registry::rules("chess").unwrap();
/// let pos = validate::position_from_fen(chess, "4k3/8/8/8/8/8/8/R3K3").unwrap();
/// let mut out = SquareSet::EMPTY;
/// explain::explained_squares(chess, &pos, &mut out);
/// let g = chess.geometry();
/// assert!(out.contains(g.parse_square("a8").unwrap())); // Ra8+
/// assert!(out.contains(g.parse_square("d7").unwrap())); // Kd7
/// assert!(!out.contains(g.parse_square("h5").unwrap()));
/// ```
pub fn explained_squares(rules: &dyn Rules, pos: &Position, out: &mut SquareSet) {
    for color in Color::ALL {
        explained_by(rules, pos, color, out);
    }
}

/// The destinations of the legal moves of the piece on `square`, for marks
/// that show "the moves of the piece on X". The side to move is the
/// piece's owner; a union square (both colors) gives both sides' moves.
pub fn destinations_from(rules: &dyn Rules, pos: &Position, square: Square) -> SquareSet {
    let mut out = SquareSet::EMPTY;
    let mut moves = MoveList::new();
    for color in Color::ALL {
        if !pos.board.cell(square).has(color) {
            continue;
        }
        let mut p = pos.with_turn(color);
        legal::legal_moves(rules, &mut p, &mut moves);
        for mv in moves.iter().filter(|m| m.intent.from == square) {
            out.insert(mv.intent.to);
        }
    }
    out
}

/// Why the piece on `from` cannot go to `to` although its movement reaches
/// it, in words, for a mark that shows an impossible move ("the knight
/// cannot take on e5: the explosion would take its own king", "it would
/// leave the king in check, attacked by the rook on e8"). `None` when a legal
/// move goes there or no pseudo-legal one does. The side to move is the
/// piece's owner.
pub fn why_not(rules: &dyn Rules, pos: &Position, from: Square, to: Square) -> Option<String> {
    for color in Color::ALL {
        if !pos.board.cell(from).has(color) {
            continue;
        }
        let mut p = pos.with_turn(color);
        let mut moves = MoveList::new();
        rules.pseudo_legal_moves(&p, &mut moves);
        let tries: Vec<_> = moves
            .iter()
            .filter(|m| m.intent.from == from && m.intent.to == to)
            .copied()
            .collect();
        if tries.is_empty() || tries.iter().any(|m| legal::is_legal(rules, &mut p, m)) {
            continue;
        }
        let reason = notation::illegal_reason(rules, &mut p, &tries[0]);
        return Some(notation::describe_reason(rules, &reason));
    }
    None
}

/// Which of the variant's own rules forbids moving the piece on `from` to
/// `to` (the side to move is the piece's owner), in words: "Madrasi
/// paralysis", "Isardam: ...". `None` when no such rule does (the move may
/// still be illegal for leaving the king in check).
pub fn forbidding_rule(
    rules: &dyn Rules,
    pos: &Position,
    from: Square,
    to: Square,
) -> Option<&'static str> {
    let color = Color::ALL
        .into_iter()
        .find(|&c| pos.board.cell(from).has(c))?;
    rules.forbidding_rule(&pos.with_turn(color), from, to)
}
