//! Cannons: rook lines with a screen. Xiangqi's cannon slides freely and
//! captures by hopping one screen; Janggi's must hop a screen to move at
//! all, and may neither hop nor take another cannon.

use crate::color::Color;
use crate::geometry::{Dir, Geometry, ORTHOGONAL};
use crate::piece::{Cell, Kind, Piece};
use crate::square::Square;

/// The cannon's letter in both games.
pub const CANNON: Kind = Kind(b'c');

/// The four rook directions.
pub fn rook_dirs() -> [Dir; 4] {
    ORTHOGONAL.map(|(df, dr)| Dir::new(df, dr).expect("unit steps fit the table"))
}

/// Xiangqi's cannon along `dir` from `from`: every empty square before the
/// first piece, then a capture of the first piece beyond it if it is an
/// enemy. `emit(to, captured)`. Always inlined: it runs inside Xiangqi's
/// `royal_attacked` (87% of a perft), and left out of line (as codegen
/// chose after unrelated changes) it made Xiangqi's perft 19% slower.
#[inline(always)]
pub fn xiangqi_ray(
    g: &Geometry,
    cell: impl Fn(Square) -> Cell,
    from: Square,
    dir: Dir,
    us: Color,
    emit: &mut impl FnMut(Square, Option<Piece>),
) {
    let mut t = g.step(from, dir);
    while let Some(s) = t {
        if !cell(s).is_empty() {
            break;
        }
        emit(s, None);
        t = g.step(s, dir);
    }
    let Some(screen) = t else { return };
    let mut t = g.step(screen, dir);
    while let Some(s) = t {
        let c = cell(s);
        if !c.is_empty() {
            if let Some(victim) = c.piece(us.opposite()) {
                emit(s, Some(victim));
            }
            return;
        }
        t = g.step(s, dir);
    }
}

/// Janggi's cannon along `dir` from `from`: past the first piece (which
/// must not be a cannon), every empty square, then the first piece if it
/// is an enemy other than a cannon. `emit(to, captured)`.
pub fn janggi_ray(
    g: &Geometry,
    cell: impl Fn(Square) -> Cell,
    from: Square,
    dir: Dir,
    us: Color,
    emit: &mut impl FnMut(Square, Option<Piece>),
) {
    let mut t = g.step(from, dir);
    while let Some(s) = t {
        if !cell(s).is_empty() {
            break;
        }
        t = g.step(s, dir);
    }
    let Some(screen) = t else { return };
    if is_cannon(cell(screen)) {
        return;
    }
    let mut t = g.step(screen, dir);
    while let Some(s) = t {
        let c = cell(s);
        if c.is_empty() {
            emit(s, None);
        } else {
            if let Some(victim) = c.piece(us.opposite()) {
                if victim.kind != CANNON {
                    emit(s, Some(victim));
                }
            }
            return;
        }
        t = g.step(s, dir);
    }
}

/// Whether a cannon (of either color) stands in the cell.
#[inline]
pub fn is_cannon(c: Cell) -> bool {
    Color::ALL
        .into_iter()
        .any(|col| c.kind(col) == Some(CANNON))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::piece::KindSet;

    fn board(g: &Geometry, pieces: &[(&str, char)]) -> Board {
        let mut b = Board::empty(g.size(), KindSet::EMPTY);
        for &(s, c) in pieces {
            b.put(g.parse_square(s).unwrap(), Piece::from_letter(c).unwrap());
        }
        b
    }

    /// Every destination of a white cannon on `from`, `x` before captures.
    fn all(g: &Geometry, b: &Board, from: &str, janggi: bool) -> Vec<String> {
        let from = g.parse_square(from).unwrap();
        let mut out = Vec::new();
        let mut emit = |s: Square, v: Option<Piece>| {
            out.push(format!(
                "{}{}",
                if v.is_some() { "x" } else { "" },
                g.square_name(s)
            ))
        };
        for d in rook_dirs() {
            if janggi {
                janggi_ray(g, |s| b.cell(s), from, d, Color::White, &mut emit);
            } else {
                xiangqi_ray(g, |s| b.cell(s), from, d, Color::White, &mut emit);
            }
        }
        out.sort();
        out
    }

    #[test]
    fn xiangqi_cannon_slides_and_hops_to_capture() {
        let g = Geometry::new(10, 9).unwrap();
        // Screen on e3 (own pawn), target on e7; a lone enemy on c1 beside.
        let b = board(
            &g,
            &[
                ("e1", 'C'),
                ("e3", 'P'),
                ("e7", 'p'),
                ("c1", 'n'),
                ("b1", 'r'),
            ],
        );
        let moves = all(&g, &b, "e1", false);
        assert_eq!(moves, ["d1", "e2", "f1", "g1", "h1", "i1", "xb1", "xe7"]);
    }

    #[test]
    fn janggi_cannon_needs_a_screen_that_is_not_a_cannon() {
        let g = Geometry::new(10, 9).unwrap();
        // The page's diagram: cannon e5 with screens r c5, r f5, c i5, n e8.
        let b = board(
            &g,
            &[
                ("e10", 'r'),
                ("e8", 'n'),
                ("c5", 'r'),
                ("e5", 'C'),
                ("f5", 'r'),
                ("i5", 'c'),
                ("e3", 'C'),
            ],
        );
        let moves = all(&g, &b, "e5", true);
        assert_eq!(moves, ["a5", "b5", "e9", "g5", "h5", "xe10"]);
        // e3 would hop the cannon on e5: nothing that way; nothing else.
        assert!(all(&g, &b, "e3", true).is_empty());
    }
}
