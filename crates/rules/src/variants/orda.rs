//! Orda: the Kingdom (White, the chess army) against the Horde (Black),
//! whose pieces mostly move like knights but capture otherwise.
//! - Lancer `l`: moves as a knight, captures as a rook.
//! - Horse archer `a`: moves as a knight, captures as a bishop.
//! - Kheshig `h`: knight + king, moving and capturing (White gets `H` by promotion).
//! - Yurt `y`: one step diagonally or straight forward (shogi silver).
//! - Khan `k`: a king.
//!
//! Horde pawns start on their third rank: no double step, so never taken en
//! passant. Both sides promote to queen or kheshig only. The Horde cannot
//! castle. Campmate: a king that reaches the far rank (not in check, as any
//! legal move leaves it) wins at once, so the side to move then has no moves,
//! as Fairy-Stockfish's `flagPiece = k` with `flagRegion` counts perft.
//!
//! The rules are the definition `crates/rules/variants/Orda.yaml`.

use super::chesslike::{ChessLike, ChessLikeSpec};
use crate::piece::Kind;

/// The kheshig, which both sides can have.
pub const KHESHIG: Kind = Kind(b'h');

/// The spec of Orda.
pub fn spec() -> ChessLikeSpec {
    crate::definition::builtin_spec("Orda")
        .expect("Orda is a built-in definition")
        .clone()
}

/// Orda rules.
pub fn rules() -> ChessLike {
    ChessLike::new(spec()).expect("the Orda spec compiles")
}
