//! Conversion: enemy pieces change color instead of being taken (Benedict,
//! Pacifist). A conversion can turn most of the board, more than a move's
//! effect holds, so the converting variant plays the plain move, recolors
//! the pieces itself and keeps their squares (a [`Flips`] mask) in
//! `State::variant` of the position after the move, where unplaying finds it.

use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Geometry, DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::Move;
use crate::piece::{Kind, Piece};
use crate::position::{Position, Undo};
use crate::rules::Rules;
use crate::square::Square;
use crate::variants::chesslike::ChessLike;

/// Squares whose piece changes color, one bit per square of a board of at
/// most 64 squares (every conversion variant is played on 8×8).
pub type Flips = u64;

/// The bit of `sq` (none past the 64th square).
#[inline]
pub fn bit(sq: Square) -> Flips {
    1u64.checked_shl(u32::from(sq.0)).unwrap_or(0)
}

/// Turns the piece on each square of `flips` to the other color.
pub fn flip(board: &mut Board, flips: Flips) {
    let mut rest = flips;
    while rest != 0 {
        let sq = Square(rest.trailing_zeros() as u16);
        rest &= rest - 1;
        if let Some(p) = board.cell(sq).single() {
            board.remove(sq, p.color);
            board.put(sq, Piece::new(p.color.opposite(), p.kind));
        }
    }
}

/// Plays `mv` and then recolors what `convert` finds on the board after it
/// (recorded for [`unplay_converting`]).
pub fn play_converting(
    base: &ChessLike,
    pos: &mut Position,
    mv: &Move,
    convert: impl FnOnce(&Position) -> Flips,
) -> Undo {
    let undo = base.play(pos, mv);
    let flips = convert(pos);
    flip(&mut pos.board, flips);
    pos.state.variant = flips;
    undo
}

/// Takes back a move played with [`play_converting`].
pub fn unplay_converting(base: &ChessLike, pos: &mut Position, mv: &Move, undo: Undo) {
    flip(&mut pos.board, pos.state.variant);
    base.unplay(pos, mv, undo);
}

/// The squares a chess piece on `from` attacks (as it would capture),
/// whatever stands there; sliders stop at the first occupied square.
pub fn attacks(g: &Geometry, board: &Board, from: Square, piece: Piece) -> Vec<Square> {
    let mut out = Vec::new();
    let forward = if piece.color == Color::White { 1 } else { -1 };
    let leaps: &[(i8, i8)] = match piece.kind {
        Kind::PAWN => &[(-1, forward), (1, forward)],
        Kind::KNIGHT => &KNIGHT_LEAPS,
        Kind::KING => &KING_STEPS,
        _ => &[],
    };
    out.extend(leaps.iter().filter_map(|&step| g.offset_by(from, step)));
    let lines: &[(i8, i8)] = match piece.kind {
        Kind::ROOK => &ORTHOGONAL,
        Kind::BISHOP => &DIAGONAL,
        Kind::QUEEN => &KING_STEPS,
        _ => &[],
    };
    for &step in lines {
        let mut at = from;
        while let Some(next) = g.offset_by(at, step) {
            out.push(next);
            if !board.cell(next).is_empty() {
                break;
            }
            at = next;
        }
    }
    out
}

/// The persuasion on `sq`: the worth of White's pieces attacking it minus
/// Black's (`worth` of a kind: 1 each in Pacifist1, the piece values in
/// Pacifist2). A rook, bishop or queen counts through pieces of its own
/// color behind it on its line (a battery), up to the first other piece.
pub fn persuasion(g: &Geometry, board: &Board, sq: Square, worth: fn(Kind) -> i32) -> i32 {
    let sign = |c: Color| if c == Color::White { 1 } else { -1 };
    let mut sum = 0;
    let at = |step| g.offset_by(sq, step).and_then(|s| board.cell(s).single());
    for step in KNIGHT_LEAPS {
        if let Some(p) = at(step).filter(|p| p.kind == Kind::KNIGHT) {
            sum += sign(p.color) * worth(p.kind);
        }
    }
    for step in KING_STEPS {
        if let Some(p) = at(step).filter(|p| p.kind == Kind::KING) {
            sum += sign(p.color) * worth(p.kind);
        }
    }
    // A white pawn attacks from one rank below, a black one from above.
    for (color, dr) in [(Color::White, -1), (Color::Black, 1)] {
        for df in [-1, 1] {
            if let Some(p) = at((df, dr)).filter(|p| p.kind == Kind::PAWN && p.color == color) {
                sum += sign(color) * worth(p.kind);
            }
        }
    }
    for (i, step) in KING_STEPS.into_iter().enumerate() {
        let slider = if i < 4 { Kind::ROOK } else { Kind::BISHOP };
        let mut first = None;
        let mut cur = sq;
        while let Some(next) = g.offset_by(cur, step) {
            cur = next;
            let Some(p) = board.cell(next).single() else {
                continue;
            };
            if (p.kind != slider && p.kind != Kind::QUEEN)
                || *first.get_or_insert(p.color) != p.color
            {
                break;
            }
            sum += sign(p.color) * worth(p.kind);
        }
    }
    sum
}

/// Whether the persuasion `sum` on a piece of `color` turns it.
#[inline]
pub fn overcomes(sum: i32, color: Color) -> bool {
    match color {
        Color::White => sum < 0,
        Color::Black => sum > 0,
    }
}

/// Pacifist's conversion after a move of `mover`: every enemy piece that is
/// persuaded changes color, all at once, and again with the converted
/// pieces persuading, until nothing changes. The pieces that turned.
pub fn convert_persuaded(
    g: &Geometry,
    board: &Board,
    mover: Color,
    worth: fn(Kind) -> i32,
) -> Flips {
    let them = mover.opposite();
    let mut board = board.clone();
    let mut flips = 0;
    loop {
        let turned: Flips = board
            .pieces()
            .filter(|(sq, p)| p.color == them && overcomes(persuasion(g, &board, *sq, worth), them))
            .fold(0, |m, (sq, _)| m | bit(sq));
        if turned == 0 {
            return flips;
        }
        flip(&mut board, turned);
        flips |= turned;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate;

    #[test]
    fn flips_undo_themselves() {
        let r = crate::registry::rules("chess").unwrap();
        let pos = validate::position_from_fen(r, "4k3/8/8/8/8/8/4P3/4K3 w 0 -").unwrap();
        let g = r.geometry();
        let mut board = pos.board.clone();
        let mask = bit(g.parse_square("e2").unwrap()) | bit(g.parse_square("e8").unwrap());
        flip(&mut board, mask);
        assert!(board.royals(Color::Black).is_empty());
        assert_eq!(board.royals(Color::White).len(), 2);
        flip(&mut board, mask);
        assert_eq!(board, pos.board);
    }

    #[test]
    fn persuasion_counts_batteries_and_stops_at_other_pieces() {
        let r = crate::registry::rules("chess").unwrap();
        // e4: the white rook and queen behind it on the e-file (2), the
        // black knight on f6 (-1); the black rook on a4 is blocked by the
        // white bishop on c4, which is no slider of the rank.
        let pos = validate::position_from_fen(r, "4k3/8/5n2/8/r1B1p3/8/4R3/4Q1K1 w 0 -").unwrap();
        let g = r.geometry();
        let e4 = g.parse_square("e4").unwrap();
        assert_eq!(persuasion(g, &pos.board, e4, |_| 1), 1);
    }
}
