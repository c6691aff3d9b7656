//! Moves. A move's **effect** is what it does to the board, vchess style:
//! the pieces that vanish and the pieces that appear. That covers replacement
//! captures, captures away from the destination, multi-captures, unions and
//! promotion alike. Beside it, the move's **intent** (from, to, piece,
//! promotion, chain step) drives notation and messages. Both are fixed-size:
//! generating a move never allocates.

use crate::color::Color;
use crate::piece::{Kind, Piece};
use crate::square::Square;

/// Most pieces a move can remove (Baroque long leaper, coordinator, pincers;
/// an Atomic explosion: the capturer, its victim and eight neighbours).
pub const MAX_VANISH: usize = 10;
/// Most pieces a move can add (Magnetic: the mover and a piece pulled or
/// pushed along each of its four lines).
pub const MAX_APPEAR: usize = 5;

/// A piece on a square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Placement {
    pub square: Square,
    pub piece: Piece,
}

/// A fixed-capacity list of placements.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Placements<const N: usize> {
    len: u8,
    items: [Placement; N],
}

const FILLER: Placement = Placement {
    square: Square(0),
    piece: Piece::new(Color::White, Kind(0)),
};

impl<const N: usize> Default for Placements<N> {
    fn default() -> Self {
        Placements {
            len: 0,
            items: [FILLER; N],
        }
    }
}

impl<const N: usize> Placements<N> {
    /// Adds a placement. A variant that needs more than `N` has a bug in its
    /// generator; the extra placement is dropped in release builds.
    #[inline]
    pub fn push(&mut self, square: Square, piece: Piece) {
        debug_assert!((self.len as usize) < N, "too many placements in one move");
        if (self.len as usize) < N {
            self.items[self.len as usize] = Placement { square, piece };
            self.len += 1;
        }
    }
    /// The placements.
    #[inline]
    pub fn as_slice(&self) -> &[Placement] {
        &self.items[..self.len as usize]
    }
    /// Number of placements.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// What a move does to the board: remove `vanish`, then add `appear`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Effect {
    pub vanish: Placements<MAX_VANISH>,
    pub appear: Placements<MAX_APPEAR>,
}

/// The special shape of a move, for notation and state updates.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// A piece moves (and maybe captures, maybe promotes).
    Normal,
    /// A pawn's double step: it creates an en-passant square.
    DoubleStep,
    /// A pawn captures en passant.
    EnPassant,
    /// Castling; `to` is the king's destination.
    Castle { rook_from: Square, rook_to: Square },
    /// A piece taken from the mover's hand and put on `to` (Crazyhouse,
    /// Shogi). `intent.from == intent.to` (there is no origin square);
    /// `intent.piece` is the piece as it leaves the hand; `effect.vanish` is
    /// empty unless the drop itself removes something; `effect.appear` puts
    /// the piece on `to`. [`crate::Position::apply`] takes it from the hand.
    Drop,
    /// A variant's own move shape, numbered by the variant.
    Special(u8),
}

/// What the player meant: drives notation, messages and state updates.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Intent {
    pub from: Square,
    pub to: Square,
    /// The piece that moves.
    pub piece: Piece,
    /// The kind it becomes, if it promotes.
    pub promotion: Option<Kind>,
    /// The kind a pawn of the mover's, waiting on its last rank, becomes
    /// before this move (Paco Sako, pacoplay: a pawn the opponent brought
    /// there in a union is promoted as part of its owner's next step;
    /// written `=Q:` before the move).
    pub prior_promotion: Option<Kind>,
    /// Whether the move removes an enemy piece.
    pub capture: bool,
    pub kind: MoveKind,
    /// Step number inside a chain of moves by one player (Paco Sako), from 0.
    pub chain_step: u8,
    /// The same player moves again after this step (the chain goes on), so
    /// the turn does not pass and legality is judged at the chain's end.
    pub continues: bool,
}

/// A move: intent and effect.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub intent: Intent,
    pub effect: Effect,
}

impl Move {
    /// A piece moving from `from` to `to`, taking `captured` there if any,
    /// becoming `promotion` if given: the common replacement move.
    #[inline]
    pub fn simple(
        from: Square,
        to: Square,
        piece: Piece,
        captured: Option<Piece>,
        promotion: Option<Kind>,
    ) -> Move {
        let mut effect = Effect::default();
        effect.vanish.push(from, piece);
        if let Some(c) = captured {
            effect.vanish.push(to, c);
        }
        let landed = Piece::new(piece.color, promotion.unwrap_or(piece.kind));
        effect.appear.push(to, landed);
        Move {
            intent: Intent {
                from,
                to,
                piece,
                promotion,
                prior_promotion: None,
                capture: captured.is_some(),
                kind: MoveKind::Normal,
                chain_step: 0,
                continues: false,
            },
            effect,
        }
    }

    /// A pass: nothing on the board changes, only the turn. `from`, `to`
    /// and `piece` are what the variant's notation writes for it (Janggi
    /// names the two generals), `kind` the variant's own pass kind.
    #[inline]
    pub fn pass(from: Square, to: Square, piece: Piece, kind: MoveKind) -> Move {
        Move {
            intent: Intent {
                from,
                to,
                piece,
                promotion: None,
                prior_promotion: None,
                capture: false,
                kind,
                chain_step: 0,
                continues: false,
            },
            effect: Effect::default(),
        }
    }

    /// `piece` dropped from its color's hand on `to` (see [`MoveKind::Drop`]).
    #[inline]
    pub fn drop(to: Square, piece: Piece) -> Move {
        let mut effect = Effect::default();
        effect.appear.push(to, piece);
        Move {
            intent: Intent {
                from: to,
                to,
                piece,
                promotion: None,
                prior_promotion: None,
                capture: false,
                kind: MoveKind::Drop,
                chain_step: 0,
                continues: false,
            },
            effect,
        }
    }

    /// Whether the move drops a piece from the hand.
    #[inline]
    pub fn is_drop(&self) -> bool {
        self.intent.kind == MoveKind::Drop
    }

    /// The mover's color.
    pub fn color(&self) -> Color {
        self.intent.piece.color
    }

    /// Squares where an enemy piece vanishes (for Baroque, not always `to`).
    pub fn capture_squares(&self) -> impl Iterator<Item = Square> + '_ {
        let mover = self.color();
        self.effect
            .vanish
            .as_slice()
            .iter()
            .filter(move |p| p.piece.color != mover)
            .map(|p| p.square)
    }
}

/// A reusable buffer of moves: clear it and refill it, no allocation once
/// it has grown.
pub type MoveList = Vec<Move>;
