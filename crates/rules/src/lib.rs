//! The fenpress rules core: geometry, positions, moves and legality for
//! chess variants. It knows nothing of pages, files or HTML, and depends on
//! nothing else of fenpress.
//!
//! # Map
//! - [`geometry`], [`square`], [`squareset`]: boards 3×3 to 19×19 with holes.
//! - [`piece`], [`board`], [`position`]: cells (room for a White and a Black
//!   piece: unions), the board, side to move, flags and pieces in hand
//!   ([`position::Hands`]; drops are [`moves::MoveKind::Drop`]).
//! - [`fen`] parses syntax into a [`fen::Setup`]; [`validate`] turns it into a
//!   [`Position`] for a variant or lists every [`validate::Problem`].
//! - [`moves`]: a move is an [`moves::Intent`] and an [`moves::Effect`]
//!   (pieces that vanish, pieces that appear).
//! - [`rules::Rules`]: what a variant provides. [`legal`]: legality (a move
//!   is illegal iff a pseudo-legal reply takes a royal piece), results, perft.
//! - [`notation`]: SAN-like and coordinate notation, with typed errors.
//! - [`registry`]: variant names to facts (all 173 vchess variants) and rules.
//!
//! # How to add a variant
//! `ARCHITECTURE.md` ("How to add a variant") has the whole path; in short:
//! 1. **Chess with other pieces, boards or goals** (Orda and the like):
//!    write `variants/<Name>.yaml` (this crate's folder), a definition read
//!    into a [`variants::chesslike::ChessLikeSpec`]: each piece a Betza
//!    string ([`betza`]: `"mNcR"` moves as a knight, captures as a rook),
//!    plus promotion, double-step, castling and how the game is won; list it
//!    in `definition/builtin.rs`. Check, legality, FEN, notation and perft
//!    come for free.
//! 2. **Other mechanics** (Baroque's captures away from the destination,
//!    Paco Sako unions and chains, Apocalypse's simultaneous moves):
//!    implement [`Rules`] on your own type. Required: `name`, `geometry`,
//!    `start_fen`, `kinds`, `royal_kinds`, `pseudo_legal_moves`. Build each
//!    move's [`moves::Effect`] with every piece that vanishes (captured
//!    pieces anywhere, the mover's origin, a union's other half) and appears.
//!    Override `decode_cell`/`encode_cell` for special FEN characters (a
//!    [`piece::Cell`] holds one White and one Black piece: a union), `play`/
//!    `unplay` for extra state (call [`Position::apply`] inside), and set
//!    `Intent::continues` on chain steps. The default `royal_attacked`
//!    (generate the opponent's pseudo-legal moves, look for a royal vanishing)
//!    is correct for any capture mechanism; override it only for speed.
//!    Simultaneous moves: let `pseudo_legal_moves` produce a side's choices
//!    and resolve the pair in your own `play`.
//! 3. Register a Rust variant in its family's `rules()` or
//!    [`registry::rules`]; add `tests/fixtures/perft-<name>.txt` with counts
//!    from an independent engine.
//!
//! ```
//! use fenpress_rules::{legal, registry};
//! let orda = registry::rules("Orda").unwrap();
//! let mut pos = orda.start_position();
//! let mut moves = Vec::new();
//! legal::legal_moves(orda, &mut pos, &mut moves);
//! orda.play(&mut pos, &moves[0]);
//! assert_eq!(legal::perft(orda, &mut pos, 1), 28); // the Horde's replies
//! ```

pub mod betza;
pub mod board;
pub mod castling;
pub mod color;
pub mod definition;
pub mod explain;
pub mod fen;
pub mod fen_row;
pub mod geometry;
pub mod legal;
pub mod moves;
pub mod notation;
pub mod piece;
pub mod position;
pub mod problem;
pub mod registry;
pub mod rules;
pub mod square;
pub mod squareset;
pub mod validate;
pub mod variants;

pub use board::Board;
pub use color::Color;
pub use geometry::{Dir, Geometry};
pub use moves::{Effect, Intent, Move, MoveKind, MoveList};
pub use piece::{Cell, Kind, KindSet, Owner, Piece};
pub use position::{Castling, Hands, Position, State};
pub use rules::{CheckSquares, Outcome, Pins, Rules};
pub use square::Square;
pub use squareset::SquareSet;

impl<'r> dyn Rules + 'r {
    /// The variant's start position.
    pub fn start_position(&self) -> Position {
        // The start FEN is the variant's own constant; a failure is a bug
        // caught by the tests of every registered variant.
        validate::position_from_fen(self, self.start_fen()).expect("the start FEN is valid")
    }
}
