//! Benedict: no captures; the enemy pieces that the unit(s) just moved
//! attack from their new squares change color (castling: king and rook).
//! There is no check: a side whose king changed color has lost.

use super::conversion::{self, attacks, bit, Flips};
use super::twist::{is_castle, Twist, Twisted};
use crate::color::Color;
use crate::moves::{Move, MoveList};
use crate::position::{Position, Undo};
use crate::rules::{Outcome, Rules};
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, FenFields};

/// The Benedict twist.
pub struct Benedict;

/// The Benedict rules: chess without captures (nor en passant).
pub fn rules() -> Twisted<Benedict> {
    let spec = ChessLikeSpec {
        name: "Benedict".into(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah".into(),
        fen: FenFields {
            en_passant: Some(false),
            ..Default::default()
        },
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Benedict spec compiles"),
        Benedict,
    )
}

/// The enemy pieces attacked, on the board after `mv`, by each piece of the
/// mover that `mv` put on a new square.
fn flips_after(base: &ChessLike, after: &Position, mv: &Move) -> Flips {
    let g = base.geometry();
    let mover = mv.color();
    let mut flips = 0;
    for a in mv.effect.appear.as_slice() {
        let stayed = mv.effect.vanish.as_slice().contains(a);
        if a.piece.color != mover || stayed {
            continue;
        }
        for sq in attacks(g, &after.board, a.square, a.piece) {
            if after.board.cell(sq).has(mover.opposite()) {
                flips |= bit(sq);
            }
        }
    }
    flips
}

impl Twist for Benedict {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        let mut kept = start;
        for i in start..out.len() {
            if !out[i].intent.capture && !is_castle(&out[i]) {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
        // Nothing is ever taken, so nothing stops castling but the pieces
        // in the way.
        base.castling_moves_where(pos, out, &|_| false);
    }

    fn play(&self, base: &ChessLike, pos: &mut Position, mv: &Move) -> Undo {
        conversion::play_converting(base, pos, mv, |after| flips_after(base, after, mv))
    }

    fn unplay(&self, base: &ChessLike, pos: &mut Position, mv: &Move, undo: Undo) {
        conversion::unplay_converting(base, pos, mv, undo)
    }

    fn royal_attacked(&self, _base: &ChessLike, _pos: &Position, _color: Color) -> Option<bool> {
        // Nothing takes a king: there is no check, every move is legal.
        Some(false)
    }

    fn variant_outcome(&self, _base: &ChessLike, pos: &Position) -> Option<Outcome> {
        // The side to move whose king was turned has lost.
        Outcome::royal_gone(pos, "king changed color")
    }

    fn royals_per_side(&self) -> Option<usize> {
        // After the end, the winner holds both kings.
        None
    }
}

#[cfg(test)]
mod tests {
    fn moves(fen: &str) -> Vec<String> {
        crate::legal::sorted_coordinates(&super::rules(), fen)
    }

    #[test]
    fn page_diagram_the_knight_turns_two_pawns() {
        // rules/Benedict: after 1.Nc3 Nc6 2.Nd5 the pawns c7 and e7 are white.
        let r = super::rules();
        let fen = "r1bqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/R1BQKBNR w 2 ahah";
        let mut pos = crate::validate::position_from_fen(&r, fen).unwrap();
        let mut list = crate::MoveList::new();
        crate::legal::legal_moves(&r, &mut pos, &mut list);
        let m = list
            .iter()
            .find(|m| crate::notation::coordinate(&r, m) == "c3d5")
            .copied()
            .expect("Nd5 is legal");
        crate::Rules::play(&r, &mut pos, &m);
        assert_eq!(
            crate::fen::board_fen(&r, &pos),
            "r1bqkbnr/ppPpPppp/2n5/3N4/8/8/PPPPPPPP/R1BQKBNR"
        );
    }

    #[test]
    fn castling_ignores_attacks() {
        // The black rook on f8 "attacks" f1; only pieces in the way stop
        // castling (moves from the vchess oracle).
        assert_eq!(
            moves("4kr2/8/8/8/8/8/8/4K2R w 0 ihii").join(" "),
            "e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"
        );
    }
}
