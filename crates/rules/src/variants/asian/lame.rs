//! Blockable leapers: pieces that leap along a path whose squares must be
//! empty (Xiangqi's and Janggi's horse, their elephants). A leap is the
//! squares it passes, then where it lands, as steps from the origin.

use crate::geometry::Geometry;
use crate::piece::Cell;
use crate::square::Square;

/// One leap: the path (squares that must be empty) and the landing step.
#[derive(Clone, Copy, Debug)]
pub struct Leap {
    pub path: &'static [(i8, i8)],
    pub to: (i8, i8),
}

const fn leap(path: &'static [(i8, i8)], to: (i8, i8)) -> Leap {
    Leap { path, to }
}

/// The horse: one orthogonal step (which must be free), then one diagonal
/// step outwards.
pub const HORSE: [Leap; 8] = [
    leap(&[(0, 1)], (1, 2)),
    leap(&[(0, 1)], (-1, 2)),
    leap(&[(0, -1)], (1, -2)),
    leap(&[(0, -1)], (-1, -2)),
    leap(&[(1, 0)], (2, 1)),
    leap(&[(1, 0)], (2, -1)),
    leap(&[(-1, 0)], (-2, 1)),
    leap(&[(-1, 0)], (-2, -1)),
];

/// Xiangqi's elephant: two diagonal steps, the middle point free.
pub const XIANGQI_ELEPHANT: [Leap; 4] = [
    leap(&[(1, 1)], (2, 2)),
    leap(&[(-1, 1)], (-2, 2)),
    leap(&[(1, -1)], (2, -2)),
    leap(&[(-1, -1)], (-2, -2)),
];

/// Janggi's elephant: one orthogonal step then two diagonal steps outwards
/// (the far corner of a 2×3 rectangle), both passed points free.
pub const JANGGI_ELEPHANT: [Leap; 8] = [
    leap(&[(0, 1), (1, 2)], (2, 3)),
    leap(&[(0, 1), (-1, 2)], (-2, 3)),
    leap(&[(0, -1), (1, -2)], (2, -3)),
    leap(&[(0, -1), (-1, -2)], (-2, -3)),
    leap(&[(1, 0), (2, 1)], (3, 2)),
    leap(&[(1, 0), (2, -1)], (3, -2)),
    leap(&[(-1, 0), (-2, 1)], (-3, 2)),
    leap(&[(-1, 0), (-2, -1)], (-3, -2)),
];

/// Where `leap` from `from` lands, if its path is free and it stays on the
/// board; `cell` reads the board.
#[inline]
pub fn land(
    g: &Geometry,
    cell: impl Fn(Square) -> Cell,
    from: Square,
    leap: &Leap,
) -> Option<Square> {
    for &(df, dr) in leap.path {
        let s = g.offset(from, df as i32, dr as i32)?;
        if !cell(s).is_empty() {
            return None;
        }
    }
    g.offset(from, leap.to.0 as i32, leap.to.1 as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::piece::{KindSet, Piece};

    fn targets(g: &Geometry, board: &Board, from: &str, leaps: &[Leap]) -> Vec<String> {
        let from = g.parse_square(from).unwrap();
        let mut out: Vec<String> = leaps
            .iter()
            .filter_map(|l| land(g, |s| board.cell(s), from, l))
            .map(|s| g.square_name(s))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn a_horse_is_blocked_by_its_leg() {
        let g = Geometry::new(10, 9).unwrap();
        let mut board = Board::empty(g.size(), KindSet::EMPTY);
        assert_eq!(targets(&g, &board, "b1", &HORSE), ["a3", "c3", "d2"]);
        board.put(
            g.parse_square("b2").unwrap(),
            Piece::from_letter('P').unwrap(),
        );
        assert_eq!(targets(&g, &board, "b1", &HORSE), ["d2"]);
    }

    #[test]
    fn elephants_need_their_points_free() {
        let g = Geometry::new(10, 9).unwrap();
        let mut board = Board::empty(g.size(), KindSet::EMPTY);
        assert_eq!(targets(&g, &board, "c1", &XIANGQI_ELEPHANT), ["a3", "e3"]);
        board.put(
            g.parse_square("d2").unwrap(),
            Piece::from_letter('p').unwrap(),
        );
        assert_eq!(targets(&g, &board, "c1", &XIANGQI_ELEPHANT), ["a3"]);
        // Janggi: e5 reaches c2, c8, g2, g8, b3, b7, h3, h7; a piece on e6
        // blocks the two leaps that start upwards, one on f7 only one.
        let mut board = Board::empty(g.size(), KindSet::EMPTY);
        assert_eq!(
            targets(&g, &board, "e5", &JANGGI_ELEPHANT),
            ["b3", "b7", "c2", "c8", "g2", "g8", "h3", "h7"]
        );
        board.put(
            g.parse_square("e6").unwrap(),
            Piece::from_letter('p').unwrap(),
        );
        assert_eq!(
            targets(&g, &board, "e5", &JANGGI_ELEPHANT),
            ["b3", "b7", "c2", "g2", "h3", "h7"]
        );
        let mut board = Board::empty(g.size(), KindSet::EMPTY);
        board.put(
            g.parse_square("f7").unwrap(),
            Piece::from_letter('p').unwrap(),
        );
        assert_eq!(
            targets(&g, &board, "e5", &JANGGI_ELEPHANT),
            ["b3", "b7", "c2", "c8", "g2", "h3", "h7"]
        );
    }
}
