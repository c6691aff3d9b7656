//! Xiangqi (Chinese chess) and Minixiangqi, its 7×7 reduction: generals
//! and advisors kept in their palace, blockable horses and elephants, the
//! river, cannons, and the flying general (the two generals may never see
//! each other along an open file).
//!
//! Piece names: [`piece_names`] gives them in English, French and Spanish,
//! the words of the rules pages, except the rook, called by its
//! traditional name, chariot.

use super::cannon::{self, CANNON};
use super::lame::{self, HORSE, XIANGQI_ELEPHANT};
use super::palace::Palace;
use crate::color::Color;
use crate::geometry::{Dir, Geometry, DIAGONAL};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;

const KING: Kind = Kind(b'k');
const ADVISOR: Kind = Kind(b'a');
const ELEPHANT: Kind = Kind(b'e');
const HORSE_KIND: Kind = Kind(b'n');
const ROOK: Kind = Kind(b'r');
const PAWN: Kind = Kind(b'p');

/// Which of the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// 10×9, river between ranks 5 and 6.
    Classic,
    /// 7×7, no river (soldiers always step sideways), no advisors or elephants.
    Mini,
}

/// The rules of Xiangqi or Minixiangqi.
pub struct Xiangqi {
    name: &'static str,
    start_fen: &'static str,
    geometry: Geometry,
    palace: Palace,
    /// Ranks each side owns before the river; `None` on the small board.
    river: Option<u8>,
    kinds: KindSet,
}

/// A piece's name in English, French and Spanish, as the rules pages
/// call it.
pub fn piece_names(kind: Kind) -> Option<[&'static str; 3]> {
    Some(match kind {
        KING => ["king", "roi", "rey"],
        ADVISOR => ["advisor", "conseiller", "consejero"],
        ELEPHANT => ["elephant", "éléphant", "elefante"],
        HORSE_KIND => ["horse", "cheval", "caballo"],
        ROOK => ["chariot", "char", "carro"],
        CANNON => ["cannon", "canon", "cañón"],
        PAWN => ["soldier", "soldat", "soldado"],
        _ => return None,
    })
}

impl Xiangqi {
    /// The rules for `board`.
    pub fn new(board: Board) -> Xiangqi {
        let (name, start_fen, rows, cols, palace, river, letters) = match board {
            Board::Classic => (
                "Xiangqi",
                "rneakaenr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNEAKAENR w 0",
                10,
                9,
                Palace {
                    files: (3, 5),
                    depth: 3,
                },
                Some(5),
                "kaenrcp",
            ),
            Board::Mini => (
                "Minixiangqi",
                "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w 0",
                7,
                7,
                Palace {
                    files: (2, 4),
                    depth: 3,
                },
                None,
                "knrcp",
            ),
        };
        Xiangqi {
            name,
            start_fen,
            geometry: Geometry::new(rows, cols).expect("the board sizes are valid"),
            palace,
            river,
            kinds: letters.bytes().map(Kind).collect(),
        }
    }

    /// Every destination of the piece on `from`: `emit(to, captured)`.
    fn piece_moves(
        &self,
        pos: &Position,
        from: Square,
        piece: Piece,
        emit: &mut impl FnMut(Square, Option<Piece>),
    ) {
        let g = &self.geometry;
        let us = piece.color;
        let cell = |s: Square| pos.board.cell(s);
        // A destination not held by our own piece.
        let land = |to: Square, emit: &mut dyn FnMut(Square, Option<Piece>)| {
            let c = cell(to);
            if !c.has(us) {
                emit(to, c.piece(us.opposite()));
            }
        };
        match piece.kind {
            KING => {
                for d in cannon::rook_dirs() {
                    if let Some(to) = g.step(from, d) {
                        if self.palace.contains(g, to, us) {
                            land(to, emit);
                        }
                    }
                }
            }
            ADVISOR => {
                for (df, dr) in DIAGONAL {
                    if let Some(to) = g.offset(from, df as i32, dr as i32) {
                        if self.palace.contains(g, to, us) {
                            land(to, emit);
                        }
                    }
                }
            }
            ELEPHANT => {
                let own = self.river.unwrap_or(g.rows());
                for l in &XIANGQI_ELEPHANT {
                    if let Some(to) = lame::land(g, cell, from, l) {
                        // Elephants never cross the river.
                        if g.relative_rank(to, us) < own {
                            land(to, emit);
                        }
                    }
                }
            }
            HORSE_KIND => {
                for l in &HORSE {
                    if let Some(to) = lame::land(g, cell, from, l) {
                        land(to, emit);
                    }
                }
            }
            ROOK => {
                for d in cannon::rook_dirs() {
                    let mut t = g.step(from, d);
                    while let Some(s) = t {
                        let c = cell(s);
                        if c.is_empty() {
                            emit(s, None);
                        } else {
                            if let Some(v) = c.piece(us.opposite()) {
                                emit(s, Some(v));
                            }
                            break;
                        }
                        t = g.step(s, d);
                    }
                }
            }
            CANNON => {
                for d in cannon::rook_dirs() {
                    cannon::xiangqi_ray(g, cell, from, d, us, emit);
                }
            }
            PAWN => {
                let forward = if us == Color::White { 1 } else { -1 };
                if let Some(to) = g.offset(from, 0, forward) {
                    land(to, emit);
                }
                let crossed = self.river.is_none_or(|r| g.relative_rank(from, us) >= r);
                if crossed {
                    for df in [-1, 1] {
                        if let Some(to) = g.offset(from, df, 0) {
                            land(to, emit);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether the generals face each other on a file with nothing between.
    fn generals_face(&self, pos: &Position) -> bool {
        let g = &self.geometry;
        let (Some(w), Some(b)) = (
            pos.board.royals(Color::White).first(),
            pos.board.royals(Color::Black).first(),
        ) else {
            return false;
        };
        if g.file(w) != g.file(b) {
            return false;
        }
        let up = Dir::new(0, if g.rank(w) < g.rank(b) { 1 } else { -1 })
            .expect("unit steps fit the table");
        let mut t = g.step(w, up);
        while let Some(s) = t {
            if s == b {
                return true;
            }
            if !pos.board.cell(s).is_empty() {
                return false;
            }
            t = g.step(s, up);
        }
        false
    }
}

impl Rules for Xiangqi {
    fn name(&self) -> &str {
        self.name
    }
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }
    fn start_fen(&self) -> &str {
        self.start_fen
    }
    fn kinds(&self, _color: Color) -> KindSet {
        self.kinds
    }
    fn royal_kinds(&self) -> KindSet {
        [KING].into_iter().collect()
    }
    fn piece_name(&self, piece: Piece) -> String {
        piece_names(piece.kind)
            .map(|n| n[0].to_string())
            .unwrap_or_else(|| crate::rules::default_piece_name(piece))
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        for from in self.geometry.squares() {
            let Some(piece) = pos.board.cell(from).piece(us) else {
                continue;
            };
            self.piece_moves(pos, from, piece, &mut |to, captured| {
                out.push(Move::simple(from, to, piece, captured, None))
            });
        }
    }

    /// A general is attacked when an enemy piece could take it, or when it
    /// sees the other general: the flying general makes that position
    /// illegal for whoever produced it.
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        let Some(king) = pos.board.royals(color).first() else {
            return false;
        };
        if self.generals_face(pos) {
            return true;
        }
        let them = color.opposite();
        let mut hit = false;
        for from in self.geometry.squares() {
            let Some(piece) = pos.board.cell(from).piece(them) else {
                continue;
            };
            if !could_reach(&self.geometry, piece.kind, from, king) {
                continue;
            }
            self.piece_moves(pos, from, piece, &mut |to, _| hit |= to == king);
            if hit {
                return true;
            }
        }
        false
    }
}

/// A cheap filter: whether a piece of `kind` on `from` could ever take on
/// `target`, judging by distance alone.
#[inline]
fn could_reach(g: &Geometry, kind: Kind, from: Square, target: Square) -> bool {
    let df = (g.file(from) as i32 - g.file(target) as i32).abs();
    let dr = (g.rank(from) as i32 - g.rank(target) as i32).abs();
    match kind {
        ROOK | CANNON => df == 0 || dr == 0,
        HORSE_KIND => df + dr == 3 && df > 0 && dr > 0,
        PAWN => df + dr == 1,
        ELEPHANT => df == 2 && dr == 2,
        ADVISOR => df == 1 && dr == 1,
        KING => df + dr == 1,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{legal, notation, validate};

    fn moves(rules: &Xiangqi, fen: &str) -> Vec<String> {
        let mut pos = validate::position_from_fen(rules, fen).unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut list);
        let mut out: Vec<String> = list
            .iter()
            .map(|m| notation::coordinate(rules, m))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn generals_may_not_face_each_other() {
        let x = Xiangqi::new(Board::Classic);
        // White general d1, black e10: d1e1 would open the e-file.
        assert_eq!(moves(&x, "4k4/9/9/9/9/9/9/9/9/3K5 w 0"), ["d1d2"]);
        // The lone piece between them is pinned to the file.
        assert_eq!(
            moves(&x, "4k4/9/9/9/9/4N4/9/9/9/4K4 w 0"),
            ["e1d1", "e1e2", "e1f1"]
        );
    }

    #[test]
    fn soldiers_step_sideways_after_the_river() {
        // (e1d1 would face the general on d10.)
        let x = Xiangqi::new(Board::Classic);
        assert_eq!(
            moves(&x, "3k5/9/9/9/9/9/4P4/9/9/4K4 w 0"),
            ["e1e2", "e1f1", "e4e5"]
        );
        assert_eq!(
            moves(&x, "3k5/9/9/9/4P4/9/9/9/9/4K4 w 0"),
            ["e1e2", "e1f1", "e6d6", "e6e7", "e6f6"]
        );
    }
}
