//! Isardam: a move after which two pieces of the same kind attack each
//! other (a Madrasi paralysis) is illegal. Check is chess's: a piece gives
//! check even if taking the king would then paralyse it ("type B").

use super::base::{Cfg, Game, Hooks};
use super::madrasi::observed_by_twin;
use crate::color::Color;
use crate::position::Position;
use crate::square::Square;

/// Isardam's hooks.
pub struct Isardam;

/// Whether some piece of `pos` stands attacked by an enemy of its kind.
pub fn any_twin_pair(g: &Game<Isardam>, pos: &Position) -> Option<Square> {
    (0..g.g.size() as u16)
        .map(Square)
        .find(|&s| pos.board.cell(s).has(Color::White) && observed_by_twin(g, pos, s))
}

impl Hooks for Isardam {
    fn forbidding_rule(
        g: &Game<Self>,
        pos: &Position,
        from: Square,
        to: Square,
    ) -> Option<&'static str> {
        let pair = |p: &Position, mover: Color| {
            !Self::under_check(g, p, mover) && any_twin_pair(g, p).is_some()
        };
        g.all_fail(pos, from, to, &pair)
            .then_some("Isardam: the move leaves two pieces of the same kind attacking each other")
    }

    fn cfg(&self) -> Cfg {
        Cfg::chess("Isardam")
    }

    fn illegal_after(g: &Game<Self>, pos: &Position, mover: Color) -> bool {
        Self::under_check(g, pos, mover) || any_twin_pair(g, pos).is_some()
    }
}
