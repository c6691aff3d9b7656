//! Palaces: the 3×3 fortresses of Xiangqi, Janggi and their small kin. A
//! king (and Xiangqi's advisors) may not leave its own; Janggi's pieces also
//! move along the palace's two diagonals, whichever palace it is.

use crate::color::Color;
use crate::geometry::Geometry;
use crate::square::Square;

/// Each color's palace: the same files, `depth` ranks from its own edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palace {
    /// First and last file (inclusive).
    pub files: (u8, u8),
    /// Number of ranks, from each side's first rank.
    pub depth: u8,
}

impl Palace {
    /// Whether `sq` is inside `color`'s palace.
    #[inline]
    pub fn contains(&self, g: &Geometry, sq: Square, color: Color) -> bool {
        let f = g.file(sq);
        f >= self.files.0 && f <= self.files.1 && g.relative_rank(sq, color) < self.depth
    }

    /// The palace `sq` is in, if any.
    #[inline]
    pub fn owner(&self, g: &Geometry, sq: Square) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.contains(g, sq, c))
    }

    /// Whether `sq` is a point of a palace's diagonals: a corner or the
    /// centre (the palace is 3×3, so these are the points with both
    /// coordinates even relative to its corner).
    #[inline]
    pub fn on_diagonal(&self, g: &Geometry, sq: Square) -> bool {
        self.owner(g, sq).is_some_and(|c| {
            let f = g.file(sq) - self.files.0;
            let r = g.relative_rank(sq, c);
            (f + r).is_multiple_of(2)
        })
    }

    /// Whether the diagonal step `from` → `to` follows a palace diagonal:
    /// both are diagonal points of the same palace (adjacent diagonal points
    /// are always a corner and the centre, joined by a line).
    #[inline]
    pub fn diagonal_step(&self, g: &Geometry, from: Square, to: Square) -> bool {
        self.on_diagonal(g, from)
            && self.on_diagonal(g, to)
            && self.owner(g, from) == self.owner(g, to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(g: &Geometry, name: &str) -> Square {
        g.parse_square(name).unwrap()
    }

    #[test]
    fn xiangqi_palaces() {
        let g = Geometry::new(10, 9).unwrap();
        let p = Palace {
            files: (3, 5),
            depth: 3,
        };
        assert!(p.contains(&g, sq(&g, "e1"), Color::White));
        assert!(p.contains(&g, sq(&g, "f3"), Color::White));
        assert!(!p.contains(&g, sq(&g, "f4"), Color::White));
        assert!(!p.contains(&g, sq(&g, "c1"), Color::White));
        assert!(p.contains(&g, sq(&g, "d8"), Color::Black));
        assert!(!p.contains(&g, sq(&g, "d8"), Color::White));
        assert_eq!(p.owner(&g, sq(&g, "e10")), Some(Color::Black));
        assert_eq!(p.owner(&g, sq(&g, "e5")), None);
    }

    #[test]
    fn diagonals_join_corners_through_the_centre() {
        let g = Geometry::new(10, 9).unwrap();
        let p = Palace {
            files: (3, 5),
            depth: 3,
        };
        let diag: Vec<String> = g
            .squares()
            .filter(|&s| p.on_diagonal(&g, s))
            .map(|s| g.square_name(s))
            .collect();
        assert_eq!(
            diag,
            ["d1", "f1", "e2", "d3", "f3", "d8", "f8", "e9", "d10", "f10"]
        );
        assert!(p.diagonal_step(&g, sq(&g, "d1"), sq(&g, "e2")));
        assert!(p.diagonal_step(&g, sq(&g, "e9"), sq(&g, "f10")));
        // d3 and c4 are not both palace points; f3 and e4 neither.
        assert!(!p.diagonal_step(&g, sq(&g, "f3"), sq(&g, "e4")));
        assert!(!p.diagonal_step(&g, sq(&g, "e1"), sq(&g, "d2")));
    }
}
