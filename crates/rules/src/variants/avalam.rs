//! Avalam: towers of pieces, stacked. A move takes any tower (either
//! player's colour on top) lower than five and puts it on a neighbouring
//! tower (orthogonally or diagonally), the new tower at most five high and
//! topped by the colour of the tower moved. When no move is left, the
//! player with more towers topped by his colour wins (equal: a draw).
//! Avalam1 is the inventor's board: 48 pieces on an irregular board of 49
//! points within 9×9 (its other cells are holes, `x` in the FEN);
//! Avalam2 plays on a full 8×8 board.
//!
//! The site's FEN: a tower is one letter, its height as `b` (1) to `f`
//! (5), its case the colour on top (uppercase: the first player's, the
//! page's yellow), then `turn moves`.

use crate::color::Color;
use crate::fen::FenStyle;
use crate::geometry::{Geometry, KING_STEPS};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::Position;
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::squareset::SquareSet;

/// The tallest tower.
const MAX_HEIGHT: u8 = 5;

/// The kind of a tower `height` high (`b` for 1 to `f` for 5).
pub fn tower_kind(height: u8) -> Kind {
    Kind(b'a' + height)
}

/// The height of a tower of `kind`.
pub fn tower_height(kind: Kind) -> u8 {
    kind.0.saturating_sub(b'a')
}

/// Which board: its shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// The inventor's irregular board of 49 points (Avalam1).
    Irregular,
    /// A full 8×8 board (Avalam2).
    Square,
}

/// Avalam's rules.
pub struct Avalam {
    shape: Shape,
    geometry: Geometry,
}

/// The points of the irregular board's rows, from the top (as the site's
/// engine lists them: the files of each row that are on the board).
const IRREGULAR_ROWS: [&[u8]; 9] = [
    &[2, 3],
    &[1, 2, 3, 4],
    &[1, 2, 3, 4, 5, 6],
    &[1, 2, 3, 4, 5, 6, 7, 8],
    &[0, 1, 2, 3, 5, 6, 7, 8],
    &[0, 1, 2, 3, 4, 5, 6, 7],
    &[2, 3, 4, 5, 6, 7],
    &[4, 5, 6, 7],
    &[5, 6],
];

impl Avalam {
    pub fn new(shape: Shape) -> Avalam {
        let geometry = match shape {
            Shape::Square => Geometry::new(8, 8).expect("an 8×8 board"),
            Shape::Irregular => {
                let mut holes = SquareSet::EMPTY;
                for (row, files) in IRREGULAR_ROWS.iter().enumerate() {
                    let rank = 8 - row as u16;
                    // The centre (e5) is a point left empty at the start.
                    let on = |f: u16| files.contains(&(f as u8)) || (row == 4 && f == 4);
                    for file in (0..9u16).filter(|&f| !on(f)) {
                        holes.insert(Square(rank * 9 + file));
                    }
                }
                Geometry::with_holes(9, 9, holes).expect("a 9×9 board with holes")
            }
        };
        Avalam { shape, geometry }
    }

    fn towers(&self, pos: &Position, color: Color) -> usize {
        pos.board.pieces().filter(|(_, p)| p.color == color).count()
    }
}

impl Rules for Avalam {
    fn name(&self) -> &str {
        match self.shape {
            Shape::Irregular => "Avalam1",
            Shape::Square => "Avalam2",
        }
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        match self.shape {
            Shape::Irregular => {
                "xxBbxxxxx/xBbBbxxxx/xbBbBbBxx/xBbBbBbBb/BbBb1bBbB/bBbBbBbBx/xxBbBbBbx/xxxxbBbBx/xxxxxbBxx w 0"
            }
            Shape::Square => {
                "BbBbBbBb/bBbBbBbB/BbBbBbBb/bBbBbBbB/BbBbBbBb/bBbBbBbB/BbBbBbBb/bBbBbBbB w 0"
            }
        }
    }

    fn fen_style(&self) -> FenStyle {
        FenStyle {
            hole: (self.shape == Shape::Irregular).then_some('x'),
            ..FenStyle::default()
        }
    }

    fn kinds(&self, _color: Color) -> KindSet {
        (1..=MAX_HEIGHT).map(tower_kind).collect()
    }

    fn royal_kinds(&self) -> KindSet {
        KindSet::EMPTY
    }

    fn royals_per_side(&self) -> Option<usize> {
        None
    }

    fn piece_name(&self, piece: Piece) -> String {
        format!("tower of {}", tower_height(piece.kind))
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        // Either player moves any tower, whatever its colour.
        for (from, tower) in pos.board.pieces() {
            let height = tower_height(tower.kind);
            if height >= MAX_HEIGHT {
                continue;
            }
            for &step in &KING_STEPS {
                let Some(to) = self.geometry.offset_by(from, step) else {
                    continue;
                };
                let Some(under) = pos.board.cell(to).pieces().next() else {
                    continue;
                };
                let total = height + tower_height(under.kind);
                if total <= MAX_HEIGHT {
                    let mut mv =
                        Move::simple(from, to, tower, Some(under), Some(tower_kind(total)));
                    // Covering a tower captures nothing: it is still there.
                    mv.intent.capture = false;
                    out.push(mv);
                }
            }
        }
    }

    fn illegal_after(&self, _pos: &Position, _mover: Color) -> bool {
        // No royal piece: every generated move is legal.
        false
    }

    fn stalemate_outcome(&self, pos: &Position) -> Outcome {
        let (white, black) = (
            self.towers(pos, Color::White),
            self.towers(pos, Color::Black),
        );
        const REASON: &str = "more towers of his colour";
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => Outcome::VariantWin {
                winner: Color::White,
                reason: REASON,
            },
            std::cmp::Ordering::Less => Outcome::VariantWin {
                winner: Color::Black,
                reason: REASON,
            },
            std::cmp::Ordering::Equal => Outcome::VariantDraw {
                reason: "as many towers each",
            },
        }
    }
}

/// The registered Avalam boards, by name (any case).
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    use std::sync::OnceLock;
    static AVALAM1: OnceLock<Avalam> = OnceLock::new();
    static AVALAM2: OnceLock<Avalam> = OnceLock::new();
    match name.to_ascii_lowercase().as_str() {
        "avalam1" => Some(AVALAM1.get_or_init(|| Avalam::new(Shape::Irregular))),
        "avalam2" => Some(AVALAM2.get_or_init(|| Avalam::new(Shape::Square))),
        _ => None,
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
        // fenpress-conformance perft <name> start 3 --stop-at-end: equal to
        // the site's engine through depth 3 (Avalam1 21,711,440; Avalam2
        // 66,885,888); depth 2 here.
        for (name, counts) in [("Avalam1", [292, 81_488]), ("Avalam2", [420, 170_520])] {
            let rules = rules(name).unwrap();
            let mut pos = rules.start_position();
            assert_eq!(vchess_fen(rules, &pos), rules.start_fen());
            let got: Vec<u64> = (1..=2).map(|d| perft(rules, &mut pos, d)).collect();
            assert_eq!(got, counts, "{name}");
        }
    }

    #[test]
    fn a_tower_covers_its_neighbour_up_to_five_and_the_top_colour_counts() {
        let rules = rules("Avalam2").unwrap();
        // A tower of 3 (yellow) beside a tower of 2 (red) and one of 3.
        let mut pos = position_from_fen(rules, "8/8/8/8/8/8/8/Dcd5 w 10").unwrap();
        let mut moves = MoveList::new();
        legal_moves(rules, &mut pos, &mut moves);
        // a1 (3) onto b1 (2): 5; b1 onto a1 (5) or c1 (5); c1 onto b1 (5).
        assert_eq!(moves.len(), 4);
        let g = rules.geometry();
        let a1b1 = *moves
            .iter()
            .find(|m| m.intent.from == g.parse_square("a1").unwrap())
            .unwrap();
        let before = pos.clone();
        let undo = rules.play(&mut pos, &a1b1);
        assert_eq!(vchess_fen(rules, &pos), "8/8/8/8/8/8/8/1Fd5 b 11");
        // No move left: one tower each, a draw.
        assert!(matches!(
            outcome(rules, &mut pos),
            Some(Outcome::VariantDraw { .. })
        ));
        rules.unplay(&mut pos, &a1b1, undo);
        assert_eq!(pos, before);
    }

    #[test]
    fn the_irregular_boards_holes_are_no_points() {
        let rules = rules("Avalam1").unwrap();
        assert_eq!(rules.geometry().squares().count(), 49);
        // A tower on a hole is refused.
        assert!(position_from_fen(rules, "Bxxxxxxxx/9/9/9/9/9/9/9/9 w 0").is_err());
    }
}
