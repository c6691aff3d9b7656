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

use super::chess;
use super::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};
use crate::piece::Kind;

/// The kheshig, which both sides can have.
pub const KHESHIG: Kind = Kind(b'h');

fn horde() -> Vec<PieceSpec> {
    vec![
        PieceSpec::pawn(),
        PieceSpec::piece('l', "mNcR").named("lancer"),
        PieceSpec::piece('a', "mNcB").named("horse archer"),
        PieceSpec::piece('h', "KN").named("kheshig"),
        PieceSpec::piece('y', "FfW").named("yurt"),
        PieceSpec::piece('q', "Q"), // by promotion
        PieceSpec::king().named("khan"),
    ]
}

/// The spec of Orda.
pub fn spec() -> ChessLikeSpec {
    let mut kingdom = chess::army();
    kingdom.push(PieceSpec::piece('h', "KN").named("kheshig"));
    let promotions = vec![Kind::QUEEN, KHESHIG];
    ChessLikeSpec {
        name: "Orda",
        rows: 8,
        cols: 8,
        start_fen: "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w 0 ah -",
        armies: [kingdom, horde()],
        promotions: [promotions.clone(), promotions],
        double_step: [true, false],
        castling: [true, false],
        campmate: true,
        holes: &[],
        ..Default::default()
    }
}

/// Orda rules.
pub fn rules() -> ChessLike {
    ChessLike::new(spec()).expect("the Orda spec compiles")
}
