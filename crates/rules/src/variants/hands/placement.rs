//! The placement turns shared by Screen and Sittuyin: each side's first
//! turn drops its whole set, one piece a step, White's then Black's. The
//! FEN writes no hands: they follow from the plies.

use crate::color::Color;
use crate::fen::Field;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::square::Square;
use crate::validate::Problem;

/// Whether the placement turns are not over.
pub fn placing(pos: &Position) -> bool {
    pos.state.plies <= 1
}

/// The hands no FEN writes: a side whose placement turn has not ended
/// (White's at ply 0, Black's at plies 0 and 1) holds its whole `set` but
/// what it has placed already (vchess writes a FEN after each drop of the
/// placement, and reads its hand back the same way); a side done holds
/// nothing.
pub fn fill_hands(pos: &mut Position, set: &[(Kind, u8)]) {
    for color in Color::ALL {
        let waiting = match color {
            Color::White => pos.state.plies == 0,
            Color::Black => pos.state.plies <= 1,
        };
        for &(kind, n) in set {
            let placed = pos
                .board
                .pieces()
                .filter(|(_, p)| *p == Piece::new(color, kind))
                .count();
            let held = if waiting {
                usize::from(n).saturating_sub(placed)
            } else {
                0
            };
            pos.state.hands.set(color, kind, held as u8);
        }
    }
}

/// Reads the fields after the move counter: there are none (the hands
/// follow from the plies and the board, [`fill_hands`]).
pub fn read_fields(fields: &[Field], problems: &mut Vec<Problem>) {
    if let Some(extra) = fields.first() {
        problems.push(Problem::BadField {
            field: "after the move counter",
            text: extra.text.clone(),
            offset: extra.offset,
        });
    }
}

/// The placement drops of the side to move, on the empty squares
/// `allowed(piece, square)` accepts; each keeps the turn but the one that
/// empties the hand.
pub fn push_placements(
    g: &Geometry,
    pos: &Position,
    set: &[(Kind, u8)],
    allowed: impl Fn(Piece, Square) -> bool,
    out: &mut MoveList,
) {
    let us = pos.turn();
    let held: u32 = set
        .iter()
        .map(|(k, _)| u32::from(pos.state.hands.count(us, *k)))
        .sum();
    for &(kind, _) in set {
        if pos.state.hands.count(us, kind) == 0 {
            continue;
        }
        let piece = Piece::new(us, kind);
        for sq in g.squares() {
            if pos.board.cell(sq).is_empty() && allowed(piece, sq) {
                let mut mv = Move::drop(sq, piece);
                mv.intent.continues = held > 1;
                out.push(mv);
            }
        }
    }
}

/// One king each, on the board or still in hand: too many is always a
/// problem, none only for a side where `needs_king(color)`.
pub fn king_problems(
    pos: &Position,
    offset_of: &dyn Fn(Square) -> usize,
    needs_king: impl Fn(Color) -> bool,
    out: &mut Vec<Problem>,
) {
    for color in Color::ALL {
        let royals = pos.board.royals(color);
        let kings = royals.len() + usize::from(pos.state.hands.count(color, Kind::KING));
        let offset = royals.iter().next().map(offset_of).unwrap_or(0);
        if kings > 1 {
            out.push(Problem::TooManyRoyals {
                color,
                count: kings,
                expected: 1,
                offset,
            });
        } else if kings == 0 && needs_king(color) {
            out.push(Problem::MissingRoyal { color, offset });
        }
    }
}
