//! Brotherhood: rooks, knights, bishops and queens cannot capture their
//! counterparts (a like-for-like ban, [`like_for_like_banned`]); pawns and
//! kings capture anything. Stalemate is a loss (a result label only:
//! `legal::outcome` still says stalemate; move generation is unaffected).

use super::twist::{victim_at_to, Twist, Twisted};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet};
use crate::position::Position;
use crate::rules::Rules;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

/// The brotherhood twist.
pub struct Brotherhood;

/// The Brotherhood rules.
pub fn rules() -> Twisted<Brotherhood> {
    let spec = ChessLikeSpec {
        name: "Brotherhood".into(),
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Brotherhood spec compiles"),
        Brotherhood,
    )
}

/// Whether `mv` captures a piece of its own kind while that kind is not
/// `exempt`: the like-for-like ban.
pub fn like_for_like_banned(mv: &Move, exempt: KindSet) -> bool {
    victim_at_to(mv).is_some_and(|v| v.kind == mv.intent.piece.kind && !exempt.contains(v.kind))
}

impl Twist for Brotherhood {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        let exempt: KindSet = [Kind::PAWN, Kind::KING].into_iter().collect();
        let mut kept = start;
        for i in start..out.len() {
            if !like_for_like_banned(&out[i], exempt) {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}

#[cfg(test)]
mod tests {
    use crate::{legal, notation, validate, MoveList};

    #[test]
    fn a_rook_cannot_take_a_rook_but_a_pawn_can_take_it() {
        let r = super::rules();
        let mut pos =
            validate::position_from_fen(&r, "4k3/8/8/3r4/2P1p3/8/8/3RK3 w 10 iiii -").unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let mut caps: Vec<String> = list
            .iter()
            .filter(|m| m.intent.capture)
            .map(|m| notation::coordinate(&r, m))
            .collect();
        caps.sort();
        assert_eq!(caps, vec!["c4d5"]);
    }
}
