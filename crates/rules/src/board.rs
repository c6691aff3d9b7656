//! The board: one cell per square, plus the squares of royal pieces kept up
//! to date so "is my king attacked" never scans the board.

use crate::color::Color;
use crate::piece::{Cell, KindSet, Piece};
use crate::square::Square;
use crate::squareset::SquareSet;

/// Cells of a board, indexed by [`Square`]. Holes stay empty.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    cells: Vec<Cell>,
    royal_kinds: KindSet,
    royals: [SquareSet; 2],
}

impl Board {
    /// An empty board of `size` cells whose `royal_kinds` are tracked.
    pub fn empty(size: usize, royal_kinds: KindSet) -> Board {
        Board {
            cells: vec![Cell::EMPTY; size],
            royal_kinds,
            royals: [SquareSet::EMPTY; 2],
        }
    }
    /// Number of cells (holes included).
    pub fn size(&self) -> usize {
        self.cells.len()
    }
    /// What stands on `sq`.
    #[inline(always)]
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }
    #[inline(always)]
    pub(crate) fn cell_raw(&self, sq: u16) -> Cell {
        self.cells[sq as usize]
    }
    /// The kinds treated as royal (whose capture loses).
    pub fn royal_kinds(&self) -> KindSet {
        self.royal_kinds
    }
    /// Squares of `color`'s royal pieces.
    #[inline]
    pub fn royals(&self, color: Color) -> SquareSet {
        self.royals[color.index()]
    }
    /// Puts `piece` on `sq` (beside a piece of the other color, if any).
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        let c = &mut self.cells[sq.index()];
        *c = c.with(piece);
        if self.royal_kinds.contains(piece.kind) {
            self.royals[piece.color.index()].insert(sq);
        }
    }
    /// Removes `color`'s piece from `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square, color: Color) {
        let c = &mut self.cells[sq.index()];
        *c = c.without(color);
        self.royals[color.index()].remove(sq);
    }
    /// Replaces the whole cell.
    pub fn set_cell(&mut self, sq: Square, cell: Cell) {
        for color in Color::ALL {
            self.remove(sq, color);
        }
        for p in cell.pieces() {
            self.put(sq, p);
        }
    }
    /// Every cell in square order, holes included: what a search's table
    /// key hashes, word by word, without walking the pieces.
    #[inline]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
    /// Every piece with its square, a1 first (unions give two entries).
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .flat_map(|(i, c)| c.pieces().map(move |p| (Square(i as u16), p)))
    }
}
