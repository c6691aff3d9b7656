//! Pieces and board cells. A piece kind is its lowercase FEN letter as a
//! byte, so any variant's letters work without a table; a cell has room for
//! one White and one Black piece at once (Paco Sako unions).
//!
//! A third owner, both sides (Checkered's checkered pieces), needs no room
//! of its own: a shared piece is its kind with [`Kind::SHARED`]'s bit set,
//! in both sides' bytes of its cell ([`Cell::shared`]), so each side finds
//! it among its own pieces. Kinds are ASCII, so the bit is free, and a
//! variant without shared pieces never sets it: it pays nothing.

use crate::color::Color;

/// A kind of piece, named by its lowercase FEN letter (`b'n'`), or by any
/// other printable ASCII byte a variant chooses (`b'@'`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    pub const PAWN: Kind = Kind(b'p');
    pub const KNIGHT: Kind = Kind(b'n');
    pub const BISHOP: Kind = Kind(b'b');
    pub const ROOK: Kind = Kind(b'r');
    pub const QUEEN: Kind = Kind(b'q');
    pub const KING: Kind = Kind(b'k');

    /// Chess's six kinds, in vchess's order (its reserves, rolls and piece
    /// lists read pawn, rook, knight, bishop, queen, king).
    pub const CHESS: [Kind; 6] = [
        Kind::PAWN,
        Kind::ROOK,
        Kind::KNIGHT,
        Kind::BISHOP,
        Kind::QUEEN,
        Kind::KING,
    ];

    /// The bit that marks a kind as a shared piece's (see the module's
    /// notes); never set in a FEN letter's kind.
    pub const SHARED: u8 = 0x80;

    /// This kind owned by both sides.
    #[inline]
    pub const fn shared(self) -> Kind {
        Kind(self.0 | Kind::SHARED)
    }
    /// Whether this is a shared piece's kind.
    #[inline]
    pub const fn is_shared(self) -> bool {
        self.0 & Kind::SHARED != 0
    }
    /// The kind without its shared mark: the piece it moves as.
    #[inline]
    pub const fn unshared(self) -> Kind {
        Kind(self.0 & !Kind::SHARED)
    }

    /// The kind's letter, lowercase.
    pub fn char(self) -> char {
        self.0 as char
    }
    /// The kind written with an ASCII letter (case ignored).
    pub fn from_char(c: char) -> Option<Kind> {
        (c.is_ascii_graphic() && !c.is_ascii_digit() && c != '/')
            .then(|| Kind(c.to_ascii_lowercase() as u8))
    }
}

/// A set of kinds as a bitmask over ASCII: cheap to test in hot loops.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct KindSet(pub u128);

impl KindSet {
    pub const EMPTY: KindSet = KindSet(0);
    /// Whether `kind` is in the set.
    #[inline(always)]
    pub fn contains(self, kind: Kind) -> bool {
        kind.0 < 128 && (self.0 >> kind.0) & 1 == 1
    }
    /// Adds a kind.
    pub fn insert(&mut self, kind: Kind) {
        if kind.0 < 128 {
            self.0 |= 1 << kind.0;
        }
    }
    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Union.
    pub fn union(self, other: KindSet) -> KindSet {
        KindSet(self.0 | other.0)
    }
    /// Kinds in ASCII order.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        (0u8..128).filter(move |b| (self.0 >> b) & 1 == 1).map(Kind)
    }
}

impl FromIterator<Kind> for KindSet {
    fn from_iter<I: IntoIterator<Item = Kind>>(iter: I) -> Self {
        let mut set = KindSet::EMPTY;
        for k in iter {
            set.insert(k);
        }
        set
    }
}

/// A piece: a color and a kind.
///
/// ```
/// use fenpress_rules::{Color, Kind, Piece};
/// let p = Piece::from_letter('N').unwrap();
/// assert_eq!(p, Piece::new(Color::White, Kind::KNIGHT));
/// assert_eq!(p.letter(), 'N');
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }
    /// A piece from a FEN letter: uppercase White, lowercase Black.
    pub fn from_letter(c: char) -> Option<Piece> {
        if c.is_ascii_uppercase() {
            Some(Piece::new(Color::White, Kind(c.to_ascii_lowercase() as u8)))
        } else if c.is_ascii_lowercase() {
            Some(Piece::new(Color::Black, Kind(c as u8)))
        } else {
            None
        }
    }
    /// The FEN letter: uppercase for White.
    pub fn letter(self) -> char {
        match self.color {
            Color::White => (self.kind.0 as char).to_ascii_uppercase(),
            Color::Black => self.kind.0 as char,
        }
    }
}

/// Who owns a piece: one side, or both (a shared piece, see the module's
/// notes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Owner {
    Side(Color),
    Both,
}

/// What stands on a square: nothing, one piece, or a White and a Black piece
/// together (a union), or one piece both own (shared). Low byte: White's
/// kind; high byte: Black's; 0 = none.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Cell(pub u16);

impl Cell {
    pub const EMPTY: Cell = Cell(0);

    /// A cell holding one piece.
    #[inline]
    pub fn of(piece: Piece) -> Cell {
        Cell((piece.kind.0 as u16) << (8 * piece.color.index()))
    }
    /// A cell holding one piece of `kind` that both sides own.
    #[inline]
    pub fn shared(kind: Kind) -> Cell {
        let b = kind.shared().0 as u16;
        Cell(b | (b << 8))
    }
    /// The kind (unmarked) of the shared piece here, if one stands here.
    #[inline]
    pub fn shared_kind(self) -> Option<Kind> {
        let (w, b) = (self.0 as u8, (self.0 >> 8) as u8);
        (w == b && Kind(w).is_shared()).then_some(Kind(w).unshared())
    }
    /// Who owns what stands here, and its kind (unmarked); `None` for an
    /// empty cell or a union.
    pub fn owned(self) -> Option<(Owner, Kind)> {
        if let Some(kind) = self.shared_kind() {
            return Some((Owner::Both, kind));
        }
        self.single().map(|p| (Owner::Side(p.color), p.kind))
    }
    /// Whether nothing stands here.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The kind of `color`'s piece here, if any.
    #[inline(always)]
    pub fn kind(self, color: Color) -> Option<Kind> {
        let b = (self.0 >> (8 * color.index())) as u8;
        (b != 0).then_some(Kind(b))
    }
    /// `color`'s piece here, if any.
    #[inline]
    pub fn piece(self, color: Color) -> Option<Piece> {
        self.kind(color).map(|k| Piece::new(color, k))
    }
    /// Whether `color` has a piece here.
    #[inline(always)]
    pub fn has(self, color: Color) -> bool {
        (self.0 >> (8 * color.index())) & 0xff != 0
    }
    /// The only piece here, or `None` if empty or a union.
    pub fn single(self) -> Option<Piece> {
        match (self.piece(Color::White), self.piece(Color::Black)) {
            (Some(p), None) | (None, Some(p)) => Some(p),
            _ => None,
        }
    }
    /// Whether a White and a Black piece share the square.
    pub fn is_union(self) -> bool {
        self.has(Color::White) && self.has(Color::Black)
    }
    /// The pieces here, White first.
    pub fn pieces(self) -> impl Iterator<Item = Piece> {
        Color::ALL.into_iter().filter_map(move |c| self.piece(c))
    }
    /// This cell with `piece` added (replacing a piece of its color).
    #[inline]
    pub fn with(self, piece: Piece) -> Cell {
        let shift = 8 * piece.color.index();
        Cell((self.0 & !(0xff << shift)) | ((piece.kind.0 as u16) << shift))
    }
    /// This cell without `color`'s piece.
    #[inline]
    pub fn without(self, color: Color) -> Cell {
        Cell(self.0 & !(0xff << (8 * color.index())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_piece_is_each_sides_and_not_a_union() {
        let cell = Cell::shared(Kind::KNIGHT);
        assert_eq!(cell.shared_kind(), Some(Kind::KNIGHT));
        assert_eq!(cell.owned(), Some((Owner::Both, Kind::KNIGHT)));
        for color in Color::ALL {
            assert_eq!(cell.kind(color), Some(Kind::KNIGHT.shared()));
        }
        assert_eq!(Kind::KNIGHT.shared().unshared(), Kind::KNIGHT);
        // A Paco Sako union of two knights is no shared piece.
        let union = Cell::of(Piece::new(Color::White, Kind::KNIGHT))
            .with(Piece::new(Color::Black, Kind::KNIGHT));
        assert_eq!(union.shared_kind(), None);
        assert_eq!(union.owned(), None);
        let white = Cell::of(Piece::new(Color::White, Kind::ROOK));
        assert_eq!(white.owned(), Some((Owner::Side(Color::White), Kind::ROOK)));
    }
}
