//! Orthodox chess: castling (vchess file flags, so Chess960 setups work),
//! en passant, promotion to queen, rook, bishop or knight. The rules are the
//! definition `crates/rules/variants/Chess.yaml`; this module hands out its
//! pieces for variants written in code.

use super::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};

/// The standard army, the same for both sides.
pub fn army() -> Vec<PieceSpec> {
    spec().armies[0].clone()
}

/// The spec of orthodox chess.
pub fn spec() -> ChessLikeSpec {
    // The embedded definition is tested: it is always there and valid.
    crate::definition::builtin_spec("Chess")
        .expect("Chess is a built-in definition")
        .clone()
}

/// Orthodox chess rules.
pub fn rules() -> ChessLike {
    ChessLike::new(spec()).expect("the chess spec compiles")
}
