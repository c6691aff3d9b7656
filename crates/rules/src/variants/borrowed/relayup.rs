//! Relayup: a piece also moves like each friendly piece (knight, bishop,
//! rook, queen, king) that guards it, a pawn by one step only and never to
//! its last rank by such a move. Pawns only step one square, no castling,
//! no en passant. There is no check: the game is won by taking the king
//! (the side left without one has lost, and no moves).

use super::base::{piece_at, Cfg, Game, Hooks};
use crate::color::Color;
use crate::geometry::{DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::MoveList;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::Outcome;
use crate::square::Square;

/// A relaying kind, its steps, and whether it steps once.
type Relay = (Kind, &'static [(i8, i8)], bool);

/// Relayup's hooks.
pub struct Relayup;

impl Hooks for Relayup {
    fn cfg(&self) -> Cfg {
        Cfg {
            // vchess's start FEN is chess's (flags and en passant), fields
            // its positions then no longer write.
            start_fen: super::base::CHESS_START,
            castling: false,
            en_passant: false,
            two_squares: false,
            ..Cfg::chess("Relayup")
        }
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        let Some(p) = piece_at(pos, sq) else { return };
        let first = out.len();
        g.chess_moves_from(pos, sq, out);
        let yes = |_: Square| true;
        let us = p.color;
        let relays: [Relay; 5] = [
            (Kind::ROOK, &ORTHOGONAL, false),
            (Kind::KNIGHT, &KNIGHT_LEAPS, true),
            (Kind::BISHOP, &DIAGONAL, false),
            (Kind::QUEEN, &KING_STEPS, false),
            (Kind::KING, &KING_STEPS, true),
        ];
        let last = g.g.rows() - 1;
        let mut extra = MoveList::new();
        for (kind, steps, one) in relays {
            if p.kind == kind || !g.attacked_along(pos, sq, us, kind, steps, one, &yes) {
                continue;
            }
            extra.clear();
            g.slide(pos, sq, steps, one || p.kind == Kind::PAWN, &mut extra);
            for mv in &extra {
                let to = mv.intent.to;
                let promotes = p.kind == Kind::PAWN && g.g.relative_rank(to, us) == last;
                if !promotes && out[first..].iter().all(|m| m.intent.to != to) {
                    out.push(*mv);
                }
            }
        }
    }

    fn royals_per_side() -> Option<usize> {
        None
    }

    fn under_check(_g: &Game<Self>, _pos: &Position, _color: Color) -> bool {
        false
    }

    fn outcome(_g: &Game<Self>, pos: &Position) -> Option<Outcome> {
        Outcome::royal_gone(pos, "king captured")
    }
}
