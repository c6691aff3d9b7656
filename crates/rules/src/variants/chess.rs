//! Orthodox chess: castling (vchess file flags, so Chess960 setups work),
//! en passant, promotion to queen, rook, bishop or knight.

use super::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};
use crate::piece::Kind;

/// The standard army, the same for both sides.
pub fn army() -> Vec<PieceSpec> {
    vec![
        PieceSpec::pawn(),
        PieceSpec::piece('n', "N"),
        PieceSpec::piece('b', "B"),
        PieceSpec::piece('r', "R"),
        PieceSpec::piece('q', "Q"),
        PieceSpec::king(),
    ]
}

/// The spec of orthodox chess.
pub fn spec() -> ChessLikeSpec {
    let promotions = vec![Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT];
    ChessLikeSpec {
        name: "Chess",
        rows: 8,
        cols: 8,
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -",
        armies: [army(), army()],
        promotions: [promotions.clone(), promotions],
        double_step: [true, true],
        castling: [true, true],
        campmate: false,
        holes: &[],
        ..Default::default()
    }
}

/// Orthodox chess rules.
pub fn rules() -> ChessLike {
    // The spec is a constant: compiling it cannot fail (tested).
    ChessLike::new(spec()).expect("the chess spec compiles")
}
