//! Antimatter: a piece that captures one of its own kind vanishes with it
//! (mutual annihilation); any other capture is chess's. The annihilation
//! mechanic is [`annihilate`], for any variant that wants it.

use super::twist::{Twist, Twisted};
use crate::moves::{Effect, Move, MoveList};
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

/// The antimatter twist.
pub struct Antimatter;

/// The Antimatter rules.
pub fn rules() -> Twisted<Antimatter> {
    let spec = ChessLikeSpec {
        name: "Antimatter".into(),
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Antimatter spec compiles"),
        Antimatter,
    )
}

/// Rewrites a capture of a piece of the mover's own kind as mutual
/// annihilation: both vanish, nothing appears. Other moves are unchanged.
/// The kind compared is the mover's before any promotion (a pawn that takes
/// a pawn cannot promote: pawns never stand on the last rank).
pub fn annihilate(mv: &mut Move) {
    // The victim may stand beside the destination (en passant).
    let mover = mv.color();
    let Some(victim) = mv
        .effect
        .vanish
        .as_slice()
        .iter()
        .find(|v| v.piece.color != mover)
        .map(|v| v.piece)
    else {
        return;
    };
    if victim.kind == mv.intent.piece.kind {
        mv.effect.appear = Effect::default().appear;
    }
}

impl Twist for Antimatter {
    fn moves(&self, base: &ChessLike, pos: &crate::Position, out: &mut MoveList) {
        let start = out.len();
        crate::Rules::pseudo_legal_moves(base, pos, out);
        for mv in &mut out[start..] {
            annihilate(mv);
        }
    }
    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        (mv.intent.capture && mv.effect.appear.is_empty()).then_some("annihilation")
    }
}

#[cfg(test)]
mod tests {
    use crate::{legal, notation, validate, MoveList, Rules};

    #[test]
    fn like_pieces_annihilate_others_capture_normally() {
        let r = super::rules();
        let mut pos =
            validate::position_from_fen(&r, "4k3/8/8/3b1n2/8/5B2/8/4K3 w 10 iiii -").unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let caps: Vec<String> = list
            .iter()
            .filter(|m| m.intent.capture)
            .map(|m| format!("{} {}", notation::coordinate(&r, m), m.effect.appear.len()))
            .collect();
        // Bxd5 annihilates (nothing appears); no other capture.
        assert_eq!(caps, vec!["f3d5 0"]);
        assert_eq!(
            r.move_note(&list.iter().find(|m| m.intent.capture).copied().unwrap()),
            Some("annihilation")
        );
    }
}
