//! A set of squares as a fixed bitset: masks for holes, royal pieces and
//! regions on boards up to 19×19 (361 squares), with no allocation.

use crate::square::Square;

/// Enough 64-bit words for 19 × 19 = 361 squares.
const WORDS: usize = 6;

/// A set of squares of one board.
///
/// ```
/// use fenpress_rules::{Square, SquareSet};
/// let mut set = SquareSet::EMPTY;
/// set.insert(Square(3));
/// set.insert(Square(300));
/// assert!(set.contains(Square(300)));
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![Square(3), Square(300)]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct SquareSet([u64; WORDS]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; WORDS]);

    /// The squares in both sets.
    #[inline]
    pub fn intersection(&self, other: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The squares in either set.
    #[inline]
    pub fn union(&self, other: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// Adds a square.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes a square.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Whether the set holds `sq`.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        let i = sq.index();
        i < WORDS * 64 && self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// Number of squares in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The lowest square, if any.
    #[inline]
    pub fn first(&self) -> Option<Square> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| Square((i * 64 + w.trailing_zeros() as usize) as u16))
    }

    /// Squares in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.0.iter().enumerate().flat_map(|(i, w)| {
            let mut bits = *w;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(Square((i * 64 + b) as u16))
            })
        })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}
