//! A validated position: board plus the state FEN carries (side to move,
//! castling flags, en-passant square, counters, pieces in hand). Playing a
//! move applies its effect and returns the old state so unplaying restores
//! it exactly.

use crate::board::Board;
use crate::color::Color;
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece};
use crate::square::Square;

/// Pieces in hand (Crazyhouse, Shogi): how many of each kind each color
/// holds, ready to be dropped. Kinds are the letters `a`–`z`, the only
/// kinds any variant puts in hand; a fixed array keeps [`State`] `Copy`, so
/// `unplay` restores hands with the rest of the state.
///
/// ```
/// use fenpress_rules::{position::Hands, Color, Kind};
/// let mut hands = Hands::EMPTY;
/// hands.add(Color::White, Kind::KNIGHT);
/// assert_eq!(hands.count(Color::White, Kind::KNIGHT), 1);
/// assert!(hands.take(Color::White, Kind::KNIGHT));
/// assert!(!hands.take(Color::White, Kind::KNIGHT));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Hands([[u8; 26]; 2]);

impl Hands {
    /// Nobody holds anything.
    pub const EMPTY: Hands = Hands([[0; 26]; 2]);

    #[inline(always)]
    fn slot(kind: Kind) -> Option<usize> {
        kind.0
            .is_ascii_lowercase()
            .then(|| (kind.0 - b'a') as usize)
    }
    /// Whether `kind` can be held at all (a letter).
    pub fn can_hold(kind: Kind) -> bool {
        Hands::slot(kind).is_some()
    }
    /// How many `kind` pieces `color` holds.
    #[inline]
    pub fn count(&self, color: Color, kind: Kind) -> u8 {
        Hands::slot(kind).map_or(0, |i| self.0[color.index()][i])
    }
    /// Sets a count; `false` (and nothing changes) for a kind that cannot
    /// be held.
    pub fn set(&mut self, color: Color, kind: Kind, n: u8) -> bool {
        match Hands::slot(kind) {
            Some(i) => {
                self.0[color.index()][i] = n;
                true
            }
            None => false,
        }
    }
    /// One more `kind` for `color` (saturating; ignored for non-letters).
    #[inline]
    pub fn add(&mut self, color: Color, kind: Kind) {
        if let Some(i) = Hands::slot(kind) {
            let c = &mut self.0[color.index()][i];
            *c = c.saturating_add(1);
        }
    }
    /// Takes one `kind` from `color`'s hand; `false` if it holds none.
    #[inline]
    pub fn take(&mut self, color: Color, kind: Kind) -> bool {
        match Hands::slot(kind) {
            Some(i) if self.0[color.index()][i] > 0 => {
                self.0[color.index()][i] -= 1;
                true
            }
            _ => false,
        }
    }
    /// Whether both hands are empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|h| h.iter().all(|n| *n == 0))
    }
    /// Whether `color`'s hand is empty.
    pub fn is_empty_for(&self, color: Color) -> bool {
        self.0[color.index()].iter().all(|n| *n == 0)
    }
    /// The pieces `color` holds with their counts, kinds in letter order.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Piece, u8)> + '_ {
        self.0[color.index()]
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(move |(i, n)| (Piece::new(color, Kind(b'a' + i as u8)), *n))
    }
}

pub use crate::castling::Castling;

/// Everything of a position besides the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct State {
    pub turn: Color,
    pub castling: Castling,
    /// The square a pawn just passed over with a double step.
    pub en_passant: Option<Square>,
    /// Plies since the last capture or pawn move (50-move rule; tolerated).
    pub halfmove_clock: u32,
    /// Plies played since the start (vchess's move counter).
    pub plies: u32,
    /// State a variant keeps beyond chess's (Paco Sako: the piece in hand,
    /// per-file pawn flags, the last union move), packed by the variant and
    /// opaque to the core. Zero is the variant's default; saved and restored
    /// with the rest of the state, so `unplay` needs no extra work.
    pub variant: u64,
    /// Pieces in hand (empty in variants without drops).
    pub hands: Hands,
}

impl State {
    /// The standard FEN full-move number derived from the ply count.
    pub fn fullmove(&self) -> u32 {
        self.plies / 2 + 1
    }
}

/// Per-square counters a variant keeps beside the board (Koopa: how many
/// plies a stunned piece stays stunned; Allmate: the kinds a move's
/// mate-captures took beyond what its record holds). Outside [`State`] so that
/// variants that do not use them copy nothing more per move: they stay
/// empty (no allocation), and only a variant's own `play` and `unplay`
/// touch them, saving the counters before a move with
/// [`SquareCounters::save`] and taking them back with
/// [`SquareCounters::restore`]. Equality and hashing look at the counts
/// only, not at what is saved.
///
/// ```
/// use fenpress_rules::{position::SquareCounters, Square};
/// let mut c = SquareCounters::default();
/// c.set(Square(3), 4);
/// c.save();
/// c.set(Square(3), 0);
/// assert_eq!(c.get(Square(3)), 0);
/// c.restore();
/// assert_eq!(c.get(Square(3)), 4);
/// assert_eq!(c.nonzero().collect::<Vec<_>>(), vec![(Square(3), 4)]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct SquareCounters {
    /// One count per square once any is set; empty: all zero.
    counts: Vec<u8>,
    /// The counts before each move played and not yet taken back.
    saved: Vec<Vec<u8>>,
}

impl SquareCounters {
    /// The count on `sq` (zero when unset).
    #[inline]
    pub fn get(&self, sq: Square) -> u8 {
        self.counts.get(sq.index()).copied().unwrap_or(0)
    }
    /// Sets the count on `sq`.
    pub fn set(&mut self, sq: Square, n: u8) {
        if self.counts.len() <= sq.index() {
            if n == 0 {
                return;
            }
            self.counts.resize(sq.index() + 1, 0);
        }
        self.counts[sq.index()] = n;
    }
    /// Every square with a count above zero, in square order.
    pub fn nonzero(&self) -> impl Iterator<Item = (Square, u8)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, n)| (Square(i as u16), *n))
    }
    /// Whether every count is zero.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|n| *n == 0)
    }
    /// Sets every count to zero (what is saved stays).
    pub fn clear(&mut self) {
        self.counts.clear();
    }
    /// Saves the counts (before a move).
    pub fn save(&mut self) {
        self.saved.push(self.counts.clone());
    }
    /// Takes back the counts last saved (when the move is taken back); the
    /// counts are left as they are if none was saved.
    pub fn restore(&mut self) {
        if let Some(counts) = self.saved.pop() {
            self.counts = counts;
        }
    }
    /// The counts last saved: those before the move being taken back.
    pub fn last_saved(&self) -> Option<&[u8]> {
        self.saved.last().map(Vec::as_slice)
    }
}

impl PartialEq for SquareCounters {
    fn eq(&self, other: &Self) -> bool {
        self.nonzero().eq(other.nonzero())
    }
}

impl Eq for SquareCounters {}

impl std::hash::Hash for SquareCounters {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for (sq, n) in self.nonzero() {
            (sq, n).hash(state);
        }
    }
}

/// A board and its state. Build one with [`crate::fen::parse`] and
/// [`crate::validate::validate`], or from a variant's start position.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub board: Board,
    pub state: State,
    /// Per-square counters of the variants that keep them (empty otherwise).
    pub counters: SquareCounters,
}

/// What [`Position::apply`] saved to undo a move.
#[derive(Clone, Copy, Debug)]
pub struct Undo(pub State);

impl Position {
    /// Side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.state.turn
    }

    /// The same position with `color` to move (for diagrams, which have no
    /// side to move); clears the en-passant square, which only makes sense
    /// for the side that was given.
    pub fn with_turn(&self, color: Color) -> Position {
        let mut p = self.clone();
        if p.state.turn != color {
            p.state.en_passant = None;
        }
        p.state.turn = color;
        p
    }

    /// Applies a move's effect and the generic state changes (turn, counters,
    /// en passant). Variants add their own changes around it.
    #[inline]
    pub fn apply(&mut self, mv: &Move) -> Undo {
        let saved = self.state;
        for v in mv.effect.vanish.as_slice() {
            self.board.remove(v.square, v.piece.color);
        }
        for a in mv.effect.appear.as_slice() {
            self.board.put(a.square, a.piece);
        }
        let s = &mut self.state;
        if mv.intent.kind == MoveKind::Drop {
            s.hands.take(mv.intent.piece.color, mv.intent.piece.kind);
        }
        s.en_passant = None;
        if mv.intent.kind == MoveKind::DoubleStep {
            // The passed square: halfway between from and to (same file).
            let mid = (mv.intent.from.0 + mv.intent.to.0) / 2;
            s.en_passant = Some(Square(mid));
        }
        if mv.intent.capture || mv.intent.piece.kind == crate::Kind::PAWN {
            s.halfmove_clock = 0;
        } else {
            s.halfmove_clock = s.halfmove_clock.saturating_add(1);
        }
        if !mv.intent.continues {
            s.plies = s.plies.saturating_add(1);
            s.turn = s.turn.opposite();
        }
        Undo(saved)
    }

    /// Takes back a move applied with [`Position::apply`].
    #[inline]
    pub fn unapply(&mut self, mv: &Move, undo: Undo) {
        for a in mv.effect.appear.as_slice() {
            self.board.remove(a.square, a.piece.color);
        }
        for v in mv.effect.vanish.as_slice() {
            self.board.put(v.square, v.piece);
        }
        self.state = undo.0;
    }
}
