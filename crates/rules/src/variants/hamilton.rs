//! Hamilton: one knight for both players on an empty chessboard. The first
//! player puts it on any square (`N@e4`); then each in turn moves it a
//! knight's leap, and the square it leaves becomes a hole it may never
//! land on again. The player who cannot move loses.
//!
//! The site's FEN: the knight is `N` whoever moves it, a hole `x`; no
//! field after the moves count. A hole is held as a black piece of kind
//! `x` (Black has no other piece), put on the square the knight leaves
//! when the move is played, so a move's effect is the knight's leap alone,
//! as the site's engine lists it.

use crate::color::Color;
use crate::geometry::{Geometry, KNIGHT_LEAPS};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, Undo};
use crate::rules::{Outcome, Rules};

/// The kind of a hole's letter (`x`).
const HOLE: Kind = Kind(b'x');
const KNIGHT: Piece = Piece::new(Color::White, Kind::KNIGHT);

/// Hamilton's rules.
pub struct Hamilton {
    geometry: Geometry,
}

impl Hamilton {
    pub fn new() -> Hamilton {
        Hamilton {
            geometry: Geometry::new(8, 8).expect("an 8×8 board"),
        }
    }
}

impl Default for Hamilton {
    fn default() -> Self {
        Hamilton::new()
    }
}

impl Rules for Hamilton {
    fn name(&self) -> &str {
        "Hamilton"
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        "8/8/8/8/8/8/8/8 w 0"
    }

    fn kinds(&self, color: Color) -> KindSet {
        match color {
            Color::White => [Kind::KNIGHT].into_iter().collect(),
            Color::Black => [HOLE].into_iter().collect(),
        }
    }

    fn royal_kinds(&self) -> KindSet {
        KindSet::EMPTY
    }

    fn royals_per_side(&self) -> Option<usize> {
        None
    }

    fn piece_name(&self, piece: Piece) -> String {
        if piece.kind == HOLE {
            "hole".to_string()
        } else {
            "knight".to_string()
        }
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let knight = pos
            .board
            .pieces()
            .find(|(_, p)| *p == KNIGHT)
            .map(|(sq, _)| sq);
        let Some(from) = knight else {
            // The first move puts the knight on any square not a hole.
            for to in self.geometry.squares() {
                if pos.board.cell(to).is_empty() {
                    out.push(Move::drop(to, KNIGHT));
                }
            }
            return;
        };
        for &leap in &KNIGHT_LEAPS {
            if let Some(to) = self.geometry.offset_by(from, leap) {
                if pos.board.cell(to).is_empty() {
                    out.push(Move::simple(from, to, KNIGHT, None, None));
                }
            }
        }
    }

    fn illegal_after(&self, _pos: &Position, _mover: Color) -> bool {
        false
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = pos.apply(mv);
        if !mv.is_drop() {
            pos.board
                .put(mv.intent.from, Piece::new(Color::Black, HOLE));
        }
        undo
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        if !mv.is_drop() {
            pos.board.remove(mv.intent.from, Color::Black);
        }
        pos.unapply(mv, undo);
    }

    fn stalemate_outcome(&self, pos: &Position) -> Outcome {
        Outcome::VariantWin {
            winner: pos.turn().opposite(),
            reason: "the knight cannot move",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal::{outcome, perft};
    use crate::validate::position_from_fen;

    #[test]
    fn start_perft_equals_the_sites_engine() {
        let hamilton = Hamilton::new();
        let rules: &dyn Rules = &hamilton;
        let mut pos = rules.start_position();
        // vchess_oracle perft Hamilton "" 4 --stop-at-end.
        let counts: Vec<u64> = (1..=4).map(|d| perft(rules, &mut pos, d)).collect();
        assert_eq!(counts, [64, 336, 1672, 8320]);
        assert_eq!(pos, rules.start_position());
    }

    #[test]
    fn the_player_who_cannot_move_loses() {
        let hamilton = Hamilton::new();
        let rules: &dyn Rules = &hamilton;
        // The knight on a1 with b3 and c2 holes: no leap left.
        let mut pos = position_from_fen(rules, "8/8/8/8/8/1x6/2x5/N7 b 5").unwrap();
        assert_eq!(
            outcome(rules, &mut pos).and_then(Outcome::winner),
            Some(Color::White)
        );
        let mut pos = position_from_fen(rules, "8/8/8/8/8/1x6/8/N7 b 5").unwrap();
        assert_eq!(outcome(rules, &mut pos), None);
    }
}
