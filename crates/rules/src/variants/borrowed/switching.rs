//! Switching: instead of a move, a piece may swap places with an adjacent
//! friendly piece of another kind, unless its king is in check. A pawn
//! switched onto the last rank promotes; switched onto its first rank it
//! may later step two squares. A king may be switched, but a switch is
//! always written from the other piece. One swap of two squares is one
//! move (vchess lists some twice and loses others, see the deviations).
//! Castling rights go as in chess: a king or rook switched away loses them.

use super::base::{piece_at, Cfg, Game, Hooks, PROMOTIONS};
use crate::geometry::KING_STEPS;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::square::Square;

/// Switching's hooks.
pub struct Switching;

/// The move kind of a switch.
pub const SWITCH: MoveKind = MoveKind::Special(1);

/// Whether the switch of `a` and `b` is written from `a` (`(df, dr)` from
/// `a` to `b`): vchess's listed orientation where it keeps one, else from
/// the upper square; a king is never the one written first.
fn written_from(a: Piece, b: Piece, df: i8, dr: i8) -> bool {
    if b.kind == Kind::KING {
        return true;
    }
    if a.kind == Kind::KING {
        return false;
    }
    if (df, dr) == (1, 1) || (df, dr) == (-1, -1) {
        return dr < 0;
    }
    df >= 0 && dr <= 0
}

impl Hooks for Switching {
    fn cfg(&self) -> Cfg {
        Cfg::chess("Switching")
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        g.chess_moves_from(pos, sq, out);
        let Some(a) = piece_at(pos, sq) else { return };
        if a.kind == Kind::KING || Self::under_check(g, pos, a.color) {
            return;
        }
        let last = g.g.rows() - 1;
        for &(df, dr) in &KING_STEPS {
            let Some(t) = g.off(sq, df, dr) else { continue };
            let Some(b) = piece_at(pos, t).filter(|b| b.color == a.color && b.kind != a.kind)
            else {
                continue;
            };
            if !written_from(a, b, df, dr) {
                continue;
            }
            let mut mv = Move::simple(sq, t, a, None, None);
            mv.intent.kind = SWITCH;
            let promote_a = a.kind == Kind::PAWN && g.g.relative_rank(t, a.color) == last;
            let promote_b = b.kind == Kind::PAWN && g.g.relative_rank(sq, a.color) == last;
            let choices: &[Kind] = if promote_a || promote_b {
                &PROMOTIONS
            } else {
                &[Kind::PAWN]
            };
            for &k in choices {
                let mut m = mv;
                m.effect = Default::default();
                m.effect.vanish.push(sq, a);
                m.effect.vanish.push(t, b);
                let (mut a2, mut b2) = (a, b);
                if promote_a {
                    a2.kind = k;
                    m.intent.promotion = Some(k);
                } else if promote_b {
                    b2.kind = k;
                    m.intent.promotion = Some(k);
                }
                m.effect.appear.push(t, a2);
                m.effect.appear.push(sq, b2);
                out.push(m);
            }
        }
    }

    fn after_play(g: &Game<Self>, pos: &mut Position, mv: &Move) {
        if mv.intent.kind != SWITCH {
            return;
        }
        let c = mv.color();
        let flags = &mut pos.state.castling;
        if mv
            .effect
            .appear
            .as_slice()
            .iter()
            .any(|p| p.piece.kind == Kind::KING)
        {
            flags.lose_all(c);
        }
        for sq in [mv.intent.from, mv.intent.to] {
            flags.lose_square(&g.g, c, sq);
        }
    }
}
