//! Squares as small integers. A square's number is `rank * cols + file`,
//! rank 0 being White's first rank; its name needs the board's geometry, so
//! naming lives in `geometry.rs`.

/// A square of a board: `rank * cols + file`, rank 0 on White's side.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Square(pub u16);

impl Square {
    /// The square's number as an index into a board's cells.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
