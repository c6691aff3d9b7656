//! Rifle: a capturing piece stays where it is and shoots its victim off the
//! board; moves without capture are chess's. The shooting mechanic is
//! [`shoot`]. A pawn that shoots onto the last rank does not move, so it
//! does not promote: one move, where vchess lists four identical ones
//! (deviation `rifle-shot-promotion`). Castling rights follow vchess: a rook
//! that shoots from its corner loses its right, a king that shoots keeps them.

use super::twist::{Twist, Twisted};
use crate::moves::{Effect, Move, MoveList};
use crate::position::{Position, Undo};
use crate::rules::Rules;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};
use crate::Kind;

/// The rifle twist.
pub struct Rifle;

/// The Rifle rules.
pub fn rules() -> Twisted<Rifle> {
    let spec = ChessLikeSpec {
        name: "Rifle".into(),
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Rifle spec compiles"),
        Rifle,
    )
}

/// Rewrites a capture as a shot: only the captured pieces vanish, the mover
/// neither leaves its square nor promotes. Other moves are unchanged.
pub fn shoot(mv: &mut Move) {
    if !mv.intent.capture {
        return;
    }
    let mover = mv.color();
    let mut effect = Effect::default();
    for v in mv.effect.vanish.as_slice() {
        if v.piece.color != mover {
            effect.vanish.push(v.square, v.piece);
        }
    }
    mv.effect = effect;
    mv.intent.promotion = None;
}

impl Twist for Rifle {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        let mut kept = start;
        for i in start..out.len() {
            let mut mv = out[i];
            // The promotion choices of a shot are one move.
            if mv.intent.capture && mv.intent.promotion.is_some_and(|k| k != Kind::QUEEN) {
                continue;
            }
            shoot(&mut mv);
            out[kept] = mv;
            kept += 1;
        }
        out.truncate(kept);
    }

    fn play(&self, base: &ChessLike, pos: &mut Position, mv: &Move) -> Undo {
        if !mv.effect.appear.is_empty() {
            return base.play(pos, mv);
        }
        let undo = pos.apply(mv);
        let g = base.geometry();
        let mover = mv.intent.piece;
        let mut clear = |sq, color| pos.state.castling.lose_square(g, color, sq);
        if mover.kind == Kind::ROOK {
            clear(mv.intent.from, mover.color);
        }
        for v in mv.effect.vanish.as_slice() {
            if v.piece.kind == Kind::ROOK {
                clear(v.square, v.piece.color);
            }
        }
        undo
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        mv.intent.capture.then_some("shot")
    }
}

#[cfg(test)]
mod tests {
    use crate::{fen, legal, notation, validate, MoveList, Rules};

    #[test]
    fn the_shooter_stays_and_a_pawn_shot_does_not_promote() {
        let r = super::rules();
        let mut pos =
            validate::position_from_fen(&r, "1r2k3/P7/8/8/8/8/8/4K3 w 10 iiii -").unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let mut a7: Vec<String> = list
            .iter()
            .filter(|m| r.geometry().square_name(m.intent.from) == "a7")
            .map(|m| notation::coordinate(&r, m))
            .collect();
        a7.sort();
        assert_eq!(a7, vec!["a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7b8"]);
        let shot = list.iter().find(|m| m.intent.capture).copied().unwrap();
        r.play(&mut pos, &shot);
        assert_eq!(fen::board_fen(&r, &pos), "4k3/P7/8/8/8/8/8/4K3");
    }
}
