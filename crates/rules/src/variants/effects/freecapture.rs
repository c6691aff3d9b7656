//! Freecapture: pieces capture both colors. Taking one's own king is
//! illegal (a move that loses the king), where vchess allows it (deviation
//! `freecapture-own-king`).

use super::friendly::friendly_captures;
use super::twist::{Twist, Twisted};
use crate::color::Color;
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::Rules;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

/// The freecapture twist.
pub struct Freecapture;

/// The Freecapture rules.
pub fn rules() -> Twisted<Freecapture> {
    let spec = ChessLikeSpec {
        name: "Freecapture".into(),
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Freecapture spec compiles"),
        Freecapture,
    )
}

impl Twist for Freecapture {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        base.pseudo_legal_moves(pos, out);
        friendly_captures(base, pos, out, &|_, _| true);
    }

    fn royal_attacked(&self, base: &ChessLike, pos: &Position, color: Color) -> Option<bool> {
        // A side without its king has lost it: such a move is illegal.
        Some(pos.board.royals(color).is_empty() || base.royal_attacked(pos, color))
    }

    fn move_note(&self, mv: &crate::Move) -> Option<&'static str> {
        super::friendly::takes_own(mv).then_some("friendly capture")
    }
}

#[cfg(test)]
mod tests {
    use crate::{legal, notation, validate, MoveList};

    #[test]
    fn pieces_take_their_own_but_not_their_king() {
        let r = super::rules();
        let mut pos = validate::position_from_fen(&r, "4k3/8/8/8/8/8/8/3RK3 w 10 iiii -").unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let mut v: Vec<String> = list.iter().map(|m| notation::coordinate(&r, m)).collect();
        v.sort();
        // Kxd1 takes the own rook; Rxe1 (the own king) is illegal.
        assert_eq!(
            v.join(" "),
            "d1a1 d1b1 d1c1 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 e1d1 e1d2 e1e2 e1f1 e1f2"
        );
    }
}

#[cfg(test)]
mod page {
    use crate::{legal, notation, validate, MoveList};

    #[test]
    fn page_diagram_the_king_takes_its_own_pawn_out_of_the_back_rank_mate() {
        // rules/Freecapture: "1.Qh5 is possible because 1...Ra1+ 2.Kxh2".
        let r = super::rules();
        let mut pos =
            validate::position_from_fen(&r, "r5k1/5ppp/8/6NQ/8/8/6PP/r6K w 21 iiii -").unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let mut v: Vec<String> = list.iter().map(|m| notation::coordinate(&r, m)).collect();
        v.sort();
        // Kxg2 and Kxh2 take the king's own pawns; Qd1 blocks.
        assert_eq!(v, vec!["h1g2", "h1h2", "h5d1"]);
    }
}

#[cfg(test)]
mod notation_of_friendly_captures {
    use crate::{legal, notation, validate, MoveList};

    #[test]
    fn a_friendly_capture_is_written_with_an_x() {
        let r = super::rules();
        let mut pos =
            validate::position_from_fen(&r, "r5k1/5ppp/8/6NQ/8/8/6PP/r6K w 21 iiii -").unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let mut sans: Vec<String> = list
            .iter()
            .map(|m| notation::san(&r, &mut pos, m))
            .collect();
        sans.sort();
        assert_eq!(sans, vec!["Kxg2", "Kxh2", "Qd1"]);
    }
}
