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

    /// Whether a piece of `them` could move to `target`: the moves of
    /// [`Xiangqi::piece_moves`] read back from the target, so that a check
    /// test looks at a few squares around the general instead of
    /// generating every enemy move (it was most of a perft).
    fn attacked_by(&self, pos: &Position, target: Square, them: Color) -> bool {
        let g = &self.geometry;
        let enemy = |s: Square| pos.board.cell(s).kind(them);
        let empty = |s: Square| pos.board.cell(s).is_empty();
        for d in cannon::rook_dirs() {
            let mut t = g.step(target, d);
            while let Some(s) = t.filter(|&s| empty(s)) {
                t = g.step(s, d);
            }
            let Some(screen) = t else { continue };
            let next_to = g.step(target, d) == Some(screen);
            match enemy(screen) {
                Some(ROOK) => return true,
                Some(KING) if next_to && self.palace.contains(g, target, them) => return true,
                Some(PAWN) if next_to && self.pawn_steps_to(screen, target, them) => return true,
                _ => {}
            }
            // A cannon takes over exactly one piece, the screen.
            let mut t = g.step(screen, d);
            while let Some(s) = t.filter(|&s| empty(s)) {
                t = g.step(s, d);
            }
            if t.is_some_and(|s| enemy(s) == Some(CANNON)) {
                return true;
            }
        }
        // Horses and elephants leap over a diagonal neighbour of the target
        // (the horse's leg, the elephant's eye), advisors stand on one.
        let advisors = self.palace.contains(g, target, them);
        // Elephants stay on their side of the river.
        let elephants = g.relative_rank(target, them) < self.river.unwrap_or(g.rows());
        let at = |df: i32, dr: i32, kind: Kind| {
            g.offset(target, df, dr)
                .is_some_and(|s| enemy(s) == Some(kind))
        };
        for (df, dr) in DIAGONAL {
            let (df, dr) = (df as i32, dr as i32);
            let Some(next) = g.offset(target, df, dr) else {
                continue;
            };
            if !empty(next) {
                if advisors && enemy(next) == Some(ADVISOR) {
                    return true;
                }
                continue;
            }
            if at(df, 2 * dr, HORSE_KIND)
                || at(2 * df, dr, HORSE_KIND)
                || (elephants && at(2 * df, 2 * dr, ELEPHANT))
            {
                return true;
            }
        }
        false
    }

    /// Whether a soldier of `color` on `from` steps to `to` (a neighbour):
    /// forward, or sideways once across the river.
    fn pawn_steps_to(&self, from: Square, to: Square, color: Color) -> bool {
        let g = &self.geometry;
        let forward = if color == Color::White { 1 } else { -1 };
        if g.offset(from, 0, forward) == Some(to) {
            return true;
        }
        let crossed = self.river.is_none_or(|r| g.relative_rank(from, color) >= r);
        crossed && g.rank(from) == g.rank(to)
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
        self.attacked_by(pos, king, color.opposite())
    }

    /// Out of check, a plain move can expose the general only by leaving
    /// its file or rank (a chariot's or cannon's line, or the generals'
    /// file), by leaving a diagonal neighbour (a horse's leg, an
    /// elephant's eye), or by landing on its file or rank (a cannon's
    /// screen). In check every move is played.
    fn pinned(&self, pos: &Position) -> Option<crate::rules::Pins> {
        use crate::squareset::SquareSet;
        let me = pos.turn();
        let royals = pos.board.royals(me);
        if royals.len() != 1 {
            return None;
        }
        let king = royals.first()?;
        if self.royal_attacked(pos, me) {
            return None;
        }
        let g = &self.geometry;
        let mut screens = SquareSet::EMPTY;
        for d in cannon::rook_dirs() {
            let mut t = g.step(king, d);
            while let Some(s) = t {
                screens.insert(s);
                t = g.step(s, d);
            }
        }
        let mut pinned = screens;
        for (df, dr) in DIAGONAL {
            if let Some(s) = g.offset(king, df as i32, dr as i32) {
                pinned.insert(s);
            }
        }
        Some(crate::rules::Pins {
            pinned,
            check: None,
            screens,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal;

    fn moves(rules: &Xiangqi, fen: &str) -> Vec<String> {
        legal::sorted_coordinates(rules, fen)
    }

    /// Whether a piece of `them` can take on `target`, by generating its
    /// moves: the definition [`Xiangqi::attacked_by`] reads backwards.
    fn taken_by_some_move(x: &Xiangqi, pos: &Position, target: Square, them: Color) -> bool {
        let mut hit = false;
        for from in x.geometry.squares() {
            if let Some(piece) = pos.board.cell(from).piece(them) {
                x.piece_moves(pos, from, piece, &mut |to, _| hit |= to == target);
            }
        }
        hit
    }

    /// Along random walks of both games, every piece is attacked by the
    /// backward reading exactly when some enemy move takes it.
    #[test]
    fn attacks_read_back_from_the_target_agree_with_the_moves() {
        let (mut attacked, mut safe) = (0, 0);
        for board in [Board::Classic, Board::Mini] {
            let x = Xiangqi::new(board);
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            for _walk in 0..20 {
                let mut pos = (&x as &dyn Rules).start_position();
                let mut list = MoveList::new();
                for _ in 0..60 {
                    for target in x.geometry.squares() {
                        for them in Color::ALL {
                            if pos.board.cell(target).piece(them.opposite()).is_none() {
                                continue;
                            }
                            let expected = taken_by_some_move(&x, &pos, target, them);
                            assert_eq!(
                                x.attacked_by(&pos, target, them),
                                expected,
                                "{} at {}",
                                x.geometry.square_name(target),
                                crate::fen::standard_fen(&x, &pos)
                            );
                            attacked += usize::from(expected);
                            safe += usize::from(!expected);
                        }
                    }
                    // Random pseudo-legal moves reach more shapes than legal ones.
                    list.clear();
                    x.pseudo_legal_moves(&pos, &mut list);
                    if list.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let mv = list[(seed % list.len() as u64) as usize];
                    x.play(&mut pos, &mv);
                }
            }
        }
        assert!(
            attacked >= 2000 && safe >= 2000,
            "{attacked} attacked, {safe} safe"
        );
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
