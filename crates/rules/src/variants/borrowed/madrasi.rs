//! Madrasi: two pieces of the same kind that attack each other are
//! paralysed: they neither move nor give check (kings included, so kings
//! never check each other). Isardam reuses [`observed_by_twin`]: there a
//! move that leaves such a pair is illegal instead.

use super::base::{piece_at, Cfg, Game, Hooks};
use crate::color::Color;
use crate::geometry::{DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::MoveList;
use crate::piece::Kind;
use crate::position::Position;
use crate::square::Square;

/// Whether the piece on `sq` is attacked by an enemy piece of its own kind
/// (the observer's own paralysis does not matter: the relation is mutual).
pub fn observed_by_twin<H: Hooks>(g: &Game<H>, pos: &Position, sq: Square) -> bool {
    let Some(p) = piece_at(pos, sq) else {
        return false;
    };
    let them = p.color.opposite();
    let yes = |_: Square| true;
    let (steps, one): (&[(i8, i8)], bool) = match p.kind {
        Kind::PAWN => {
            let steps = Game::<H>::pawn_attack_steps(them);
            return g.attacked_along(pos, sq, them, Kind::PAWN, &steps, true, &yes);
        }
        Kind::ROOK => (&ORTHOGONAL, false),
        Kind::BISHOP => (&DIAGONAL, false),
        Kind::KNIGHT => (&KNIGHT_LEAPS, true),
        Kind::QUEEN => (&KING_STEPS, false),
        Kind::KING => (&KING_STEPS, true),
        _ => return false,
    };
    g.attacked_along(pos, sq, them, p.kind, steps, one, &yes)
}

/// Madrasi's hooks.
pub struct Madrasi;

/// Madrasi's rules.
pub type MadrasiGame = Game<Madrasi>;

impl Hooks for Madrasi {
    fn cfg(&self) -> Cfg {
        Cfg::chess("Madrasi")
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        if !observed_by_twin(g, pos, sq) {
            g.chess_moves_from(pos, sq, out);
        }
    }

    fn forbidding_rule(
        g: &Game<Self>,
        pos: &Position,
        from: Square,
        _to: Square,
    ) -> Option<&'static str> {
        observed_by_twin(g, pos, from)
            .then_some("Madrasi paralysis: the piece is attacked by an enemy piece of its kind")
    }

    fn attacked(g: &Game<Self>, pos: &Position, sq: Square, by: Color) -> bool {
        // Paralysed pieces do not attack; kings never do (two kings side
        // by side paralyse each other).
        let free = |s: Square| !observed_by_twin(g, pos, s);
        let pawn = Game::<Self>::pawn_attack_steps(by);
        g.attacked_along(pos, sq, by, Kind::PAWN, &pawn, true, &free)
            || g.attacked_along(pos, sq, by, Kind::ROOK, &ORTHOGONAL, false, &free)
            || g.attacked_along(pos, sq, by, Kind::KNIGHT, &KNIGHT_LEAPS, true, &free)
            || g.attacked_along(pos, sq, by, Kind::BISHOP, &DIAGONAL, false, &free)
            || g.attacked_along(pos, sq, by, Kind::QUEEN, &KING_STEPS, false, &free)
    }
}

/// Whether the piece on `sq` of `pos` cannot move, Madrasi-paralysed.
pub fn is_paralysed(g: &MadrasiGame, pos: &Position, sq: Square) -> bool {
    observed_by_twin(g, pos, sq)
}
