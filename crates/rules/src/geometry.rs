//! The shape of a board: rows × cols from 3×3 to 19×19, with holes (squares
//! that are not part of the board). Owns square naming and a step table, so
//! move generation never does coordinate arithmetic or bounds checks.

use crate::square::Square;
use crate::squareset::SquareSet;

/// Smallest board side.
pub const MIN_SIDE: u8 = 3;
/// Largest board side (Gomoku's 19×19).
pub const MAX_SIDE: u8 = 19;
/// Steps reach at most this far along each axis (covers knight, camel,
/// zebra, alfil, dabbaba, threeleaper); farther leaps use [`Geometry::offset`].
pub const MAX_STEP: i8 = 3;
const DIR_SPAN: i8 = 2 * MAX_STEP + 1;
/// Number of step directions in the table.
pub const DIR_COUNT: usize = (DIR_SPAN as usize) * (DIR_SPAN as usize);
/// "No square" in the step table.
pub(crate) const NO_SQUARE: u16 = u16::MAX;

/// The four orthogonal unit steps `(df, dr)`: a rook's directions.
pub const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four diagonal unit steps `(df, dr)`: a bishop's directions.
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
/// The eight unit steps, [`ORTHOGONAL`] then [`DIAGONAL`]: a king's steps,
/// a queen's directions.
pub const KING_STEPS: [(i8, i8); 8] = {
    let mut steps = [(0, 0); 8];
    let mut i = 0;
    while i < 4 {
        steps[i] = ORTHOGONAL[i];
        steps[i + 4] = DIAGONAL[i];
        i += 1;
    }
    steps
};
/// The eight knight leaps `(df, dr)`, clockwise from `(1, 2)`.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A step `(df, dr)` with both parts in `-3..=3`: files right, ranks up
/// (towards Black) from White's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dir(u8);

impl Dir {
    /// The direction of a step, if it fits the table.
    pub const fn new(df: i8, dr: i8) -> Option<Dir> {
        if df < -MAX_STEP
            || df > MAX_STEP
            || dr < -MAX_STEP
            || dr > MAX_STEP
            || (df == 0 && dr == 0)
        {
            return None;
        }
        Some(Dir(((dr + MAX_STEP) * DIR_SPAN + (df + MAX_STEP)) as u8))
    }
    /// File part of the step.
    pub fn df(self) -> i8 {
        (self.0 as i8) % DIR_SPAN - MAX_STEP
    }
    /// Rank part of the step.
    pub fn dr(self) -> i8 {
        (self.0 as i8) / DIR_SPAN - MAX_STEP
    }
    /// The opposite step.
    pub fn reverse(self) -> Dir {
        Dir((DIR_COUNT as u8 - 1) - self.0)
    }
    /// The same step seen from Black's side (ranks flipped).
    pub fn flip_ranks(self) -> Dir {
        // dr -> -dr: mirror the row index of the 7×7 table.
        let row = self.0 / DIR_SPAN as u8;
        let col = self.0 % DIR_SPAN as u8;
        Dir((DIR_SPAN as u8 - 1 - row) * DIR_SPAN as u8 + col)
    }
    /// Index into per-direction tables.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a geometry cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    #[error("a board is {MIN_SIDE} to {MAX_SIDE} squares on each side, not {rows} rows × {cols} columns")]
    BadSize { rows: u8, cols: u8 },
}

/// A board's shape: size, holes and the step table.
///
/// ```
/// use fenpress_rules::{Dir, Geometry};
/// let g = Geometry::new(10, 10).unwrap();
/// let c10 = g.parse_square("c10").unwrap();
/// assert_eq!(g.square_name(c10), "c10");
/// assert_eq!(g.step(c10, Dir::new(0, 1).unwrap()), None); // off the board
/// ```
#[derive(Clone, Debug)]
pub struct Geometry {
    rows: u8,
    cols: u8,
    holes: SquareSet,
    /// `steps[dir * size + sq]`: the square one step away, or NO_SQUARE.
    steps: Vec<u16>,
}

impl Geometry {
    /// A rectangular board without holes.
    pub fn new(rows: u8, cols: u8) -> Result<Geometry, GeometryError> {
        Geometry::with_holes(rows, cols, SquareSet::EMPTY)
    }

    /// A board whose `holes` are not squares: pieces never stand or pass there.
    pub fn with_holes(rows: u8, cols: u8, holes: SquareSet) -> Result<Geometry, GeometryError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&rows) || !(MIN_SIDE..=MAX_SIDE).contains(&cols) {
            return Err(GeometryError::BadSize { rows, cols });
        }
        let size = rows as usize * cols as usize;
        let mut g = Geometry {
            rows,
            cols,
            holes,
            steps: vec![NO_SQUARE; DIR_COUNT * size],
        };
        for d in 0..DIR_COUNT as u8 {
            let dir = Dir(d);
            if dir.df() == 0 && dir.dr() == 0 {
                continue;
            }
            for s in 0..size {
                if let Some(t) = g.offset(Square(s as u16), dir.df() as i32, dir.dr() as i32) {
                    g.steps[d as usize * size + s] = t.0;
                }
            }
        }
        Ok(g)
    }

    /// A board whose edges join: with `files`, a step off the last file
    /// comes back on the first (a cylinder); with `ranks`, the same for
    /// ranks. Only the step table wraps: [`Geometry::offset`] does not.
    pub fn with_wrap(
        rows: u8,
        cols: u8,
        holes: SquareSet,
        files: bool,
        ranks: bool,
    ) -> Result<Geometry, GeometryError> {
        let mut g = Geometry::with_holes(rows, cols, holes)?;
        let size = g.size();
        for d in 0..DIR_COUNT as u8 {
            let dir = Dir(d);
            if dir.df() == 0 && dir.dr() == 0 {
                continue;
            }
            for s in 0..size {
                let sq = Square(s as u16);
                let mut f = g.file(sq) as i32 + dir.df() as i32;
                let mut r = g.rank(sq) as i32 + dir.dr() as i32;
                if files {
                    f = f.rem_euclid(cols as i32);
                }
                if ranks {
                    r = r.rem_euclid(rows as i32);
                }
                let t = if f < 0 || r < 0 || f >= cols as i32 || r >= rows as i32 {
                    None
                } else {
                    g.square(f as u8, r as u8)
                };
                g.steps[d as usize * size + s] = t.map_or(NO_SQUARE, |t| t.0);
            }
        }
        Ok(g)
    }

    /// Number of ranks.
    pub fn rows(&self) -> u8 {
        self.rows
    }
    /// Number of files.
    pub fn cols(&self) -> u8 {
        self.cols
    }
    /// Number of cells, holes included (squares are `0..size`).
    pub fn size(&self) -> usize {
        self.rows as usize * self.cols as usize
    }
    /// The holes.
    pub fn holes(&self) -> SquareSet {
        self.holes
    }
    /// Whether `sq` is a square of this board (in range and not a hole).
    pub fn contains(&self, sq: Square) -> bool {
        sq.index() < self.size() && !self.holes.contains(sq)
    }
    /// The square at `file`, `rank` (0-based), if on the board.
    pub fn square(&self, file: u8, rank: u8) -> Option<Square> {
        if file >= self.cols || rank >= self.rows {
            return None;
        }
        let sq = Square(rank as u16 * self.cols as u16 + file as u16);
        (!self.holes.contains(sq)).then_some(sq)
    }
    /// File of a square (0 = `a`).
    #[inline]
    pub fn file(&self, sq: Square) -> u8 {
        (sq.0 % self.cols as u16) as u8
    }
    /// Rank of a square (0 = White's first rank).
    #[inline]
    pub fn rank(&self, sq: Square) -> u8 {
        (sq.0 / self.cols as u16) as u8
    }
    /// Rank counted from `color`'s own side (0 = its first rank).
    #[inline]
    pub fn relative_rank(&self, sq: Square, color: crate::Color) -> u8 {
        match color {
            crate::Color::White => self.rank(sq),
            crate::Color::Black => self.rows - 1 - self.rank(sq),
        }
    }
    /// One step from `sq`, through the table.
    #[inline]
    pub fn step(&self, sq: Square, dir: Dir) -> Option<Square> {
        let t = self.step_raw(sq.0, dir);
        (t != NO_SQUARE).then_some(Square(t))
    }
    /// The hot-path form of [`Geometry::step`]: `NO_SQUARE` when off the board.
    #[inline(always)]
    pub(crate) fn step_raw(&self, sq: u16, dir: Dir) -> u16 {
        self.steps[dir.index() * self.size() + sq as usize]
    }
    /// Any step, however long (for leaps beyond the table).
    /// [`Geometry::offset`] by one of the step tables above (`ORTHOGONAL`,
    /// `DIAGONAL`, `KING_STEPS`, `KNIGHT_LEAPS`).
    pub fn offset_by(&self, sq: Square, (df, dr): (i8, i8)) -> Option<Square> {
        self.offset(sq, df.into(), dr.into())
    }

    pub fn offset(&self, sq: Square, df: i32, dr: i32) -> Option<Square> {
        let f = self.file(sq) as i32 + df;
        let r = self.rank(sq) as i32 + dr;
        if f < 0 || r < 0 || f >= self.cols as i32 || r >= self.rows as i32 {
            return None;
        }
        self.square(f as u8, r as u8)
    }
    /// Every square of the board (holes excluded), a1 first.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.size() as u16)
            .map(Square)
            .filter(move |s| !self.holes.contains(*s))
    }
    /// The vchess name of a square: file letter then rank number (`c10`).
    pub fn square_name(&self, sq: Square) -> String {
        self.coord(sq).to_string()
    }
    /// The board-free name of a square.
    pub fn coord(&self, sq: Square) -> Coord {
        Coord {
            file: self.file(sq),
            rank: self.rank(sq),
        }
    }
    /// The square a name stands for; `None` off the board or on a hole.
    pub fn square_of(&self, coord: Coord) -> Option<Square> {
        self.square(coord.file, coord.rank)
    }
    /// Parses a square name (`e4`, `c10`); `None` if malformed or off the board.
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        let (file, rank) = parse_square_coords(name)?;
        self.square(file, rank)
    }

    /// Two squares of this board written one after the other (`b3c5`,
    /// `a10b9`): a FEN field naming a last swap or push.
    pub fn parse_square_pair(&self, text: &str) -> Option<(Square, Square)> {
        // The second square starts at the second letter.
        let split = text
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_lowercase())?
            .0;
        let (a, b) = text.split_at(split);
        Some((self.parse_square(a)?, self.parse_square(b)?))
    }
}

/// Letter of a file (0 = `a`).
pub fn file_char(file: u8) -> char {
    (b'a' + file) as char
}

/// A square named without a board: 0-based file and rank, as `e4` or `c10`
/// name it. Diagrams, marks and arrows carry this before a variant's
/// [`Geometry`] turns it into a [`Square`] (which also knows the board's
/// size and holes): the one square-name type of the project.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Coord {
    pub file: u8,
    pub rank: u8,
}

impl Coord {
    /// Reads one lowercase file letter then a rank number from 1 without a
    /// leading zero (`a1`, `c10`). Ranks up to 99 are read so that a square
    /// beyond the board is reported as off the board, not as unreadable.
    pub fn parse(name: &str) -> Option<Coord> {
        let bytes = name.as_bytes();
        let (&f, digits) = bytes.split_first()?;
        if !f.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 {
            return None;
        }
        if !digits.iter().all(u8::is_ascii_digit) || digits[0] == b'0' {
            return None;
        }
        let rank = digits.iter().fold(0u8, |n, d| n * 10 + (d - b'0'));
        Some(Coord {
            file: f - b'a',
            rank: rank - 1,
        })
    }
}

impl std::fmt::Display for Coord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let letter = char::from(b'a' + self.file % 26);
        write!(f, "{letter}{}", u32::from(self.rank) + 1)
    }
}

/// [`Coord::parse`] as a `(file, rank)` pair, for callers that index a
/// [`Geometry`] with [`Geometry::square`].
pub fn parse_square_coords(name: &str) -> Option<(u8, u8)> {
    Coord::parse(name).map(|c| (c.file, c.rank))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coord_names_round_trip() {
        for name in ["a1", "e4", "c10", "s19", "z99"] {
            assert_eq!(Coord::parse(name).map(|c| c.to_string()), Some(name.into()));
        }
        assert_eq!(Coord::parse("c10"), Some(Coord { file: 2, rank: 9 }));
        for bad in ["", "a", "a0", "A1", "a01", "a100", "1a", "e4x", "é4"] {
            assert_eq!(Coord::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_coord_beyond_the_board_has_no_square() {
        let g = Geometry::new(8, 8).unwrap();
        assert_eq!(
            g.square_of(Coord::parse("h8").unwrap())
                .map(|s| g.square_name(s)),
            Some("h8".into())
        );
        assert_eq!(g.square_of(Coord::parse("i1").unwrap()), None);
        assert_eq!(g.square_of(Coord::parse("a20").unwrap()), None);
    }
}
