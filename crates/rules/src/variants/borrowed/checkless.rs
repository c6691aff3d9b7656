//! Checkless: a move may give check only if it mates. Whether a reply
//! exists is itself judged by the same rule (a checking reply is allowed
//! when it mates), to a bounded depth: past [`DEPTH`] nested checks a
//! checking reply counts as forbidden, which is vchess's whole rule.

use super::base::{Cfg, Game, Hooks};
use crate::color::Color;
use crate::moves::MoveList;
use crate::position::Position;

/// Nested checks judged before a checking reply is simply forbidden.
pub const DEPTH: u32 = 3;

/// Checkless's hooks.
pub struct Checkless;

/// Whether the move `mover` just made is illegal, `depth` checks deep.
fn illegal(g: &Game<Checkless>, pos: &mut Position, mover: Color, depth: u32) -> bool {
    if Checkless::under_check(g, pos, mover) {
        return true;
    }
    if !Checkless::under_check(g, pos, mover.opposite()) {
        return false;
    }
    if depth == 0 {
        return true;
    }
    // A check is allowed only if the checked side has no legal reply.
    has_reply(g, pos, depth - 1)
}

/// Whether the side to move has a legal move, checks judged `depth` deep.
fn has_reply(g: &Game<Checkless>, pos: &mut Position, depth: u32) -> bool {
    let us = pos.turn();
    let mut list = MoveList::new();
    g.all_moves(pos, &mut list);
    list.iter().any(|mv| {
        let undo = crate::rules::Rules::play(g, pos, mv);
        let bad = illegal(g, pos, us, depth);
        crate::rules::Rules::unplay(g, pos, mv, undo);
        !bad
    })
}

impl Hooks for Checkless {
    fn forbidding_rule(
        g: &Game<Self>,
        pos: &Position,
        from: crate::square::Square,
        to: crate::square::Square,
    ) -> Option<&'static str> {
        let bad_check = |p: &Position, mover: Color| {
            !Self::under_check(g, p, mover) && Self::illegal_after(g, p, mover)
        };
        g.all_fail(pos, from, to, &bad_check)
            .then_some("Checkless: a move may give check only if it mates")
    }

    fn cfg(&self) -> Cfg {
        Cfg::chess("Checkless")
    }

    fn illegal_after(g: &Game<Self>, pos: &Position, mover: Color) -> bool {
        let mut p = pos.clone();
        illegal(g, &mut p, mover, DEPTH)
    }
}
