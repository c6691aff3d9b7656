//! Konane (Hawaiian checkers) on 8×8, every point filled with stones of
//! alternating colours. The first player (drawn black, uppercase `P` in
//! the site's FEN, `w` to move) removes one of its stones from a corner of
//! the long diagonal or from the centre (a8, d5, e4, h1); the second
//! removes one of its own next to that hole. From then on every move is a
//! capture: a stone jumps orthogonally over an adjacent enemy stone to the
//! empty point behind it, and may go on jumping in the same direction
//! only, each landing being a move of its own. A player who cannot capture
//! loses.
//!
//! The site's FEN: `board turn moves`, nothing more. The moves count says
//! whether the removals are over (vchess reads it so); a diagram without
//! one is given the count its empty points show ([`Rules::complete_diagram`]).
//!
//! A removal is a move whose effect takes the mover's stone away and puts
//! nothing back (its start and end are the stone's point, as vchess lists
//! it), of kind [`REMOVAL`]; a jump lists the stone and every stone it
//! jumped over in its effect.

use crate::color::Color;
use crate::geometry::{Geometry, ORTHOGONAL};
use crate::moves::{Intent, Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::Position;
use crate::rules::{Outcome, Rules};
use crate::square::Square;

/// The move kind of an opening removal (`a8X` on the site).
pub const REMOVAL: MoveKind = MoveKind::Special(b'X');

/// Konane's rules.
pub struct Konane {
    geometry: Geometry,
}

impl Konane {
    pub fn new() -> Konane {
        Konane {
            geometry: Geometry::new(8, 8).expect("an 8×8 board"),
        }
    }

    fn removal(at: Square, stone: Piece) -> Move {
        let mut mv = Move::drop(at, stone);
        mv.effect.appear = Default::default();
        mv.effect.vanish.push(at, stone);
        mv.intent = Intent {
            kind: REMOVAL,
            ..mv.intent
        };
        mv
    }

    /// The first player's removals: its stones on a corner of the a8–h1
    /// diagonal or in the centre (where the site allows the first hole).
    fn first_removals(&self, pos: &Position, mover: Color, out: &mut MoveList) {
        for file in [0u8, 3, 4, 7] {
            let Some(sq) = self.geometry.square(file, 7 - file) else {
                continue;
            };
            if pos.board.cell(sq).has(mover) {
                out.push(Konane::removal(sq, Piece::new(mover, Kind::PAWN)));
            }
        }
    }

    /// The second player's removals: its stones next to the first hole
    /// (the first empty point of that diagonal, in the site's order).
    fn second_removals(&self, pos: &Position, mover: Color, out: &mut MoveList) {
        let hole = [0u8, 3, 4, 7]
            .into_iter()
            .filter_map(|file| self.geometry.square(file, 7 - file))
            .find(|&sq| pos.board.cell(sq).is_empty());
        let Some(hole) = hole else {
            return;
        };
        for step in ORTHOGONAL {
            if let Some(sq) = self.geometry.offset_by(hole, step) {
                if pos.board.cell(sq).has(mover) {
                    out.push(Konane::removal(sq, Piece::new(mover, Kind::PAWN)));
                }
            }
        }
    }

    /// The jumps of the stone on `from`: over an adjacent enemy stone to
    /// the empty point behind, again and again in the same direction.
    fn jumps(&self, pos: &Position, from: Square, mover: Color, out: &mut MoveList) {
        let stone = Piece::new(mover, Kind::PAWN);
        let enemy = Piece::new(mover.opposite(), Kind::PAWN);
        for (df, dr) in ORTHOGONAL {
            let mut mv = Move::simple(from, from, stone, None, None);
            mv.effect.appear = Default::default();
            mv.intent.capture = true;
            let mut at = from;
            loop {
                let over = self.geometry.offset_by(at, (df, dr));
                let land = self.geometry.offset_by(at, (2 * df, 2 * dr));
                let (Some(over), Some(land)) = (over, land) else {
                    break;
                };
                if !pos.board.cell(over).has(enemy.color) || !pos.board.cell(land).is_empty() {
                    break;
                }
                mv.effect.vanish.push(over, enemy);
                let mut landed = mv;
                landed.intent.to = land;
                landed.effect.appear.push(land, stone);
                out.push(landed);
                at = land;
            }
        }
    }
}

impl Default for Konane {
    fn default() -> Self {
        Konane::new()
    }
}

impl Rules for Konane {
    fn name(&self) -> &str {
        "Konane"
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        "PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP w 0"
    }

    fn kinds(&self, _color: Color) -> KindSet {
        [Kind::PAWN].into_iter().collect()
    }

    fn royal_kinds(&self) -> KindSet {
        KindSet::EMPTY
    }

    fn royals_per_side(&self) -> Option<usize> {
        None
    }

    fn piece_name(&self, _piece: Piece) -> String {
        "stone".to_string()
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let mover = pos.turn();
        match pos.state.plies {
            0 => self.first_removals(pos, mover, out),
            1 => self.second_removals(pos, mover, out),
            _ => {
                for sq in self.geometry.squares() {
                    if pos.board.cell(sq).has(mover) {
                        self.jumps(pos, sq, mover, out);
                    }
                }
            }
        }
    }

    fn illegal_after(&self, _pos: &Position, _mover: Color) -> bool {
        // No royal piece: every generated move is legal.
        false
    }

    fn complete_diagram(&self, pos: &mut Position) {
        // A board without a moves count: its holes tell how far the game
        // is (none: the first removal; one: the second; more: jumps).
        let holes = self
            .geometry
            .squares()
            .filter(|&sq| pos.board.cell(sq).is_empty())
            .count() as u32;
        pos.state.plies = pos.state.plies.max(holes.min(2));
    }

    fn stalemate_outcome(&self, pos: &Position) -> Outcome {
        Outcome::VariantWin {
            winner: pos.turn().opposite(),
            reason: "no capture left",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::vchess_fen;
    use crate::legal::{legal_moves, outcome, perft};
    use crate::validate::position_from_fen;

    #[test]
    fn start_perft_equals_the_sites_engine() {
        let konane = Konane::new();
        let rules: &dyn Rules = &konane;
        let mut pos = rules.start_position();
        assert_eq!(vchess_fen(rules, &pos), rules.start_fen());
        // fenpress-conformance perft Konane start 7 --stop-at-end: equal to the
        // site's engine through depth 7 (52,044).
        let counts: Vec<u64> = (1..=6).map(|d| perft(rules, &mut pos, d)).collect();
        assert_eq!(counts, [4, 12, 28, 172, 892, 7124]);
        assert_eq!(pos, rules.start_position());
    }

    #[test]
    fn jumps_go_on_in_one_direction_each_landing_a_move() {
        // The page's second diagram: the stone on g8 takes g7 (landing on
        // g6) or g7 and g5 (landing on g4).
        let konane = Konane::new();
        let rules: &dyn Rules = &konane;
        let fen = "PpPpPpPp/pPpPpPpP/PpPpP2p/pPpPp1pP/PpP1Pp1p/pPpPpP1P/PpPpPpPp/pPpPpPpP w 6";
        let mut pos = position_from_fen(rules, fen).unwrap();
        let mut moves = MoveList::new();
        legal_moves(rules, &mut pos, &mut moves);
        let g = rules.geometry();
        let g8 = g.parse_square("g8").unwrap();
        let mut from_g8: Vec<(String, usize)> = moves
            .iter()
            .filter(|m| m.intent.from == g8)
            .map(|m| (g.square_name(m.intent.to), m.effect.vanish.len()))
            .collect();
        from_g8.sort();
        assert_eq!(from_g8, [("g4".to_string(), 3), ("g6".to_string(), 2)]);
        let long = *moves
            .iter()
            .find(|m| m.intent.from == g8 && g.square_name(m.intent.to) == "g4")
            .unwrap();
        let before = pos.clone();
        let undo = rules.play(&mut pos, &long);
        assert_eq!(
            vchess_fen(rules, &pos)
                .split('/')
                .take(5)
                .collect::<Vec<_>>(),
            ["PpPpPp1p", "pPpPpP1P", "PpPpP2p", "pPpPp2P", "PpP1PpPp"]
        );
        rules.unplay(&mut pos, &long, undo);
        assert_eq!(pos, before);
    }

    #[test]
    fn who_cannot_capture_loses_and_diagrams_read_their_phase() {
        let konane = Konane::new();
        let rules: &dyn Rules = &konane;
        // Two stones apart: no capture for the side to move.
        let mut pos = position_from_fen(rules, "8/8/8/3P4/8/3p4/8/8 b 20").unwrap();
        assert_eq!(
            outcome(rules, &mut pos).and_then(Outcome::winner),
            Some(Color::White)
        );
        // A board without its count, holes on it: the removals are over.
        let mut diagram = position_from_fen(rules, "8/8/8/3P1p2/8/8/8/8 w 0").unwrap();
        rules.complete_diagram(&mut diagram);
        let mut moves = MoveList::new();
        legal_moves(rules, &mut diagram, &mut moves);
        assert_eq!(moves.len(), 0);
        let mut diagram = position_from_fen(rules, "8/8/8/2Pp4/8/8/8/8 w 0").unwrap();
        rules.complete_diagram(&mut diagram);
        legal_moves(rules, &mut diagram, &mut moves);
        assert_eq!(moves.len(), 1);
        assert!(moves[0].intent.capture);
    }
}
