//! Joker: chess with a Joker (`j`) per side, starting in front of the d
//! pawn. It moves like an Amazon (queen and knight) but never captures;
//! instead it may swap places with any other piece of its side but the
//! king (a pawn not onto its last rank). A pawn may promote to a Joker
//! while its side has none on the board. The Joker attacks nothing.

use super::base::{piece_at, Cfg, Game, Hooks};
use crate::geometry::{KING_STEPS, KNIGHT_LEAPS};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::square::Square;

/// The Joker.
pub const JOKER: Kind = Kind(b'j');

/// Joker's hooks.
pub struct Joker;

impl Hooks for Joker {
    fn cfg(&self) -> Cfg {
        Cfg {
            start_fen: "rnbqkbnr/pppppppp/3j4/8/8/3J4/PPPPPPPP/RNBQKBNR w 0 ahah -",
            extra: "j",
            ..Cfg::chess("Joker")
        }
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        let Some(p) = piece_at(pos, sq) else { return };
        if p.kind != JOKER {
            let first = out.len();
            g.chess_moves_from(pos, sq, out);
            if p.kind == Kind::PAWN {
                promote_to_joker(g, pos, first, out);
            }
            return;
        }
        // Amazon moves onto empty squares only (`can_take` refuses all).
        g.slide(pos, sq, &KNIGHT_LEAPS, true, out);
        g.slide(pos, sq, &KING_STEPS, false, out);
        let last = g.g.rows() - 1;
        for t in g.g.squares() {
            let Some(b) = piece_at(pos, t).filter(|b| b.color == p.color && t != sq) else {
                continue;
            };
            if b.kind == Kind::KING
                || b.kind == JOKER
                || (b.kind == Kind::PAWN && g.g.relative_rank(sq, p.color) == last)
            {
                continue;
            }
            let mut mv = Move::simple(sq, t, p, None, None);
            mv.effect = Default::default();
            mv.effect.vanish.push(sq, p);
            mv.effect.vanish.push(t, b);
            mv.effect.appear.push(t, p);
            mv.effect.appear.push(sq, b);
            out.push(mv);
        }
    }

    fn can_take(_g: &Game<Self>, pos: &Position, from: Square, to: Square) -> bool {
        let (Some(a), Some(b)) = (piece_at(pos, from), piece_at(pos, to)) else {
            return false;
        };
        a.kind != JOKER && a.color != b.color
    }

    fn piece_name(kind: Kind) -> Option<&'static str> {
        (kind == JOKER).then_some("joker")
    }
}

/// Adds, after each promotion to a queen among `out[first..]`, the same
/// move promoting to a Joker, when the mover has no Joker on the board
/// (vchess's promotion order: rook, knight, bishop, queen, Joker).
fn promote_to_joker(g: &Game<Joker>, pos: &Position, first: usize, out: &mut MoveList) {
    let us = pos.turn();
    let has_joker =
        g.g.squares()
            .any(|s| piece_at(pos, s) == Some(Piece::new(us, JOKER)));
    if has_joker {
        return;
    }
    let mut i = first;
    while i < out.len() {
        if out[i].intent.promotion == Some(Kind::QUEEN) {
            let mut mv = out[i];
            mv.intent.promotion = Some(JOKER);
            mv.effect.appear = Default::default();
            mv.effect.appear.push(mv.intent.to, Piece::new(us, JOKER));
            out.insert(i + 1, mv);
            i += 1;
        }
        i += 1;
    }
}
