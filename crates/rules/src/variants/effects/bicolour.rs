//! Bicolour: a king may take its own pieces (a friendly capture for kings
//! only, [`friendly_captures`]), and a king is in check when a piece of
//! either color attacks it. No castling.

use super::friendly::friendly_captures;
use super::twist::{Twist, Twisted};
use crate::color::Color;
use crate::moves::MoveList;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::Rules;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

/// The bicolour twist.
pub struct Bicolour;

/// The Bicolour rules.
pub fn rules() -> Twisted<Bicolour> {
    let spec = ChessLikeSpec {
        name: "Bicolour".into(),
        start_fen: "rqbnkbnr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBNR w 0 -".into(),
        castling: [false; 2],
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Bicolour spec compiles"),
        Bicolour,
    )
}

impl Twist for Bicolour {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        base.pseudo_legal_moves(pos, out);
        friendly_captures(base, pos, out, &|mover, _| mover.kind == Kind::KING);
    }

    fn royal_attacked(&self, base: &ChessLike, pos: &Position, color: Color) -> Option<bool> {
        // Own pieces give check too.
        let attacked = pos.board.royals(color).iter().any(|k| {
            base.square_attacked(pos, k, Color::White) || base.square_attacked(pos, k, Color::Black)
        });
        Some(attacked)
    }

    fn move_note(&self, mv: &crate::Move) -> Option<&'static str> {
        super::friendly::takes_own(mv).then_some("friendly capture")
    }
}

#[cfg(test)]
mod tests {

    fn moves(fen: &str) -> Vec<String> {
        crate::legal::sorted_coordinates(&super::rules(), fen)
    }

    #[test]
    fn the_king_takes_its_own_piece_and_own_pieces_give_check() {
        // The white rook on e2 checks its own king: the king takes it or
        // steps off the file (d2 and f2 are on the rook's rank), or the
        // rook leaves the file (moves from the vchess oracle).
        assert_eq!(
            moves("k7/8/8/8/8/8/4R3/4K3 w 10 -").join(" "),
            "e1d1 e1e2 e1f1 e2a2 e2b2 e2c2 e2d2 e2f2 e2g2 e2h2"
        );
    }
}
