//! Minishogi: Shogi on 5×5 without knight and lance (pieces and names in
//! [`super::shogi`]); promotion only on the last rank, as the page says.
//! vchess FEN: `board turn plies reserve`, ten digits (White's pawn, rook,
//! bishop, gold, silver, then Black's).

use super::dropgame::{DropGame, DropGameSpec};
use super::shogi::minishogi_pieces;

/// The spec of Minishogi.
pub fn spec() -> DropGameSpec {
    DropGameSpec {
        name: "Minishogi",
        rows: 5,
        cols: 5,
        start_fen: "rbsgk/4p/5/P4/KGSBR w 0 0000000000",
        pieces: minishogi_pieces(),
        zone: 1,
        forced_promotion: false,
        reserve: &['p', 'r', 'b', 'g', 's'],
        drop_rules: true,
        king_capture: false,
        try_rule: false,
        reserve_padding: false,
    }
}

/// Minishogi rules.
pub fn rules() -> DropGame {
    DropGame::new(spec())
}
