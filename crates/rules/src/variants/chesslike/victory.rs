//! How a chess-like game is won and who is royal: the variant's own
//! results (campmate...), the attack test on royal pieces, how many royals
//! a side has, and a hook that restricts the moves a side may choose
//! (compulsory capture and the like).

use super::ChessLike;
use crate::color::Color;
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::Outcome;

impl ChessLike {
    /// A result decided before looking at moves (the `Rules` method).
    pub(super) fn outcome(&self, pos: &Position) -> Option<Outcome> {
        if !self.spec.campmate {
            return None;
        }
        // Only the side that just moved can have reached its camp: a king
        // that got there legally is not in check.
        let last = pos.turn().opposite();
        let far = self.geometry.rows() - 1;
        pos.board
            .royals(last)
            .iter()
            .any(|sq| self.geometry.relative_rank(sq, last) == far)
            .then_some(Outcome::VariantWin {
                winner: last,
                reason: "campmate",
            })
    }

    /// Whether one of `color`'s royal pieces is attacked (the `Rules` method).
    #[inline]
    pub(super) fn royal_in_danger(&self, pos: &Position, color: Color) -> bool {
        pos.board
            .royals(color)
            .iter()
            .any(|sq| self.square_attacked(pos, sq, color.opposite()))
    }

    /// How many royal pieces each side must have (the `Rules` method).
    pub(super) fn royal_count(&self) -> Option<usize> {
        Some(1)
    }

    /// Removes from `out[start..]` (the side to move's pseudo-legal moves,
    /// castling included) the moves the variant forbids beyond check, e.g. quiet
    /// moves when a capture is compulsory. Called last by move generation.
    #[inline]
    pub(super) fn restrict_moves(&self, _pos: &Position, _out: &mut MoveList, _start: usize) {}
}
