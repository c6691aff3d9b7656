//! Magnetic: every piece but the king is a magnet. After a move, the piece
//! that moved (the rook when castling) pulls the first enemy piece met in
//! each orthogonal direction next to it, and pushes the first friendly one
//! as far away as the line allows; kings are neither pulled nor pushed, and
//! a king that moves alone pulls nothing. There is no check: the game is
//! won by taking the king. A friendly pawn pushed onto its last rank
//! promotes (one move per choice), no en passant.

use super::base::{piece_at, Cfg, Game, Hooks, PROMOTIONS};
use crate::color::Color;
use crate::geometry::ORTHOGONAL;
use crate::moves::{Effect, Move, MoveList, Placements};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::rules::Outcome;
use crate::square::Square;

/// Magnetic's hooks.
pub struct Magnetic;

/// What stands on `sq` once `effect` is played on `pos`.
fn after(pos: &Position, effect: &Effect, sq: Square) -> Option<Piece> {
    if let Some(a) = effect.appear.as_slice().iter().find(|a| a.square == sq) {
        return Some(a.piece);
    }
    if effect.vanish.as_slice().iter().any(|v| v.square == sq) {
        return None;
    }
    piece_at(pos, sq)
}

/// The move `mv` with its pulls and pushes added, and the index in its
/// appear list of a friendly pawn pushed onto its last rank, if any.
fn magnetize(g: &Game<Magnetic>, pos: &Position, mv: &Move) -> (Move, Option<usize>) {
    // The first non-king that appears: the mover, or the castling rook.
    let appear = mv.effect.appear.as_slice();
    let Some(charged) = appear.iter().find(|a| a.piece.kind != Kind::KING) else {
        return (*mv, None);
    };
    let (at, us) = (charged.square, charged.piece.color);
    let mut out = *mv;
    let mut pushed_pawn = None;
    for &(df, dr) in &ORTHOGONAL {
        let mut t = g.off(at, df, dr);
        let mut dist = 1;
        while let Some(s) = t {
            let Some(p) = after(pos, &mv.effect, s) else {
                t = g.off(s, df, dr);
                dist += 1;
                continue;
            };
            if p.kind == Kind::KING {
                break;
            }
            if p.color != us {
                if dist >= 2 {
                    if let Some(next) = g.off(at, df, dr) {
                        out.effect.vanish.push(s, p);
                        out.effect.appear.push(next, p);
                    }
                }
            } else {
                // Pushed until the next square is taken or off the board.
                let mut end = s;
                while let Some(n) = g.off(end, df, dr) {
                    if after(pos, &mv.effect, n).is_some() {
                        break;
                    }
                    end = n;
                }
                if end != s {
                    out.effect.vanish.push(s, p);
                    let last = g.g.relative_rank(end, us) == g.g.rows() - 1;
                    if p.kind == Kind::PAWN && last && pushed_pawn.is_none() {
                        pushed_pawn = Some(out.effect.appear.len());
                    }
                    out.effect.appear.push(end, p);
                }
            }
            break;
        }
    }
    (out, pushed_pawn)
}

impl Hooks for Magnetic {
    fn cfg(&self) -> Cfg {
        Cfg {
            // vchess's start string is chess's, en-passant field included.
            en_passant: false,
            ..Cfg::chess("Magnetic")
        }
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        let mut plain = MoveList::new();
        g.chess_moves_from(pos, sq, &mut plain);
        for mv in &plain {
            let (m, pushed) = magnetize(g, pos, mv);
            let Some(i) = pushed else {
                out.push(m);
                continue;
            };
            // The pushed pawn promotes: one move per choice.
            for kind in PROMOTIONS {
                let mut pm = m;
                let mut appear = Placements::default();
                for (j, a) in m.effect.appear.as_slice().iter().enumerate() {
                    let piece = if j == i {
                        Piece::new(a.piece.color, kind)
                    } else {
                        a.piece
                    };
                    appear.push(a.square, piece);
                }
                pm.effect.appear = appear;
                // Named by the pushed pawn's new kind (`Nc3=Q`, `b1c3q`):
                // the mover itself cannot promote in the same move.
                if pm.intent.promotion.is_none() {
                    pm.intent.promotion = Some(kind);
                }
                out.push(pm);
            }
        }
    }

    fn royals_per_side() -> Option<usize> {
        None
    }

    fn under_check(_g: &Game<Self>, _pos: &Position, _color: Color) -> bool {
        false
    }

    fn illegal_after(_g: &Game<Self>, _pos: &Position, _mover: Color) -> bool {
        false
    }

    fn after_play(g: &Game<Self>, pos: &mut Position, mv: &Move) {
        // A rook pulled or pushed off its square loses its castling right,
        // and a side whose king is taken keeps none.
        let us = mv.color();
        for v in mv.effect.vanish.as_slice() {
            for color in [us, us.opposite()] {
                if g.g.relative_rank(v.square, color) == 0 {
                    pos.state.castling.lose_first(color, g.g.file(v.square));
                }
            }
            if v.piece.kind == Kind::KING && v.piece.color != us {
                pos.state.castling.lose_all(v.piece.color);
            }
        }
    }

    fn outcome(_g: &Game<Self>, pos: &Position) -> Option<Outcome> {
        Outcome::royal_gone(pos, "king captured")
    }
}
