//! Dobutsu shogi on 3×4: one-step animals, a chick that becomes a hen on
//! the last rank, drops without restriction. No check: a side wins by
//! taking the enemy lion, or when its own lion reaches the last rank (the
//! page: "capture the enemy Lion (King) or move your own Lion into the
//! final rank"); the game then ends at once.
//!
//! | letter | English | français | español |
//! |---|---|---|---|
//! | `k` | lion | lion | león |
//! | `g` | giraffe | girafe | jirafa |
//! | `e` | elephant | éléphant | elefante |
//! | `p` | chick | poussin | pollito |
//! | `h` | hen | poule | gallina |
//!
//! vchess FEN: `board turn plies reserve`. vchess disagrees with itself on
//! the reserve's length (its start FEN has 8 digits, it writes 6, its check
//! wants 14, so it refuses every FEN it writes); fenpress reads 6 digits
//! (White's chick, elephant, giraffe, then Black's), ignores trailing
//! zeros (its start FEN is vchess's) and writes 6, as vchess does: no
//! difference shows, so no deviation is listed.

use super::dropgame::{DropGame, DropGameSpec, PieceDef};
use super::shogi::{DIAGONAL, FORWARD, GOLD, KING, ORTHOGONAL};

/// The spec of Dobutsu.
pub fn spec() -> DropGameSpec {
    DropGameSpec {
        name: "Dobutsu",
        rows: 4,
        cols: 3,
        // vchess's own start FEN: two zeros more than the reserve it reads.
        start_fen: "gke/1p1/1P1/EKG w 0 00000000",
        pieces: vec![
            PieceDef::new('k', "lion").steps(KING).royal(),
            PieceDef::new('g', "giraffe").steps(ORTHOGONAL),
            PieceDef::new('e', "elephant").steps(DIAGONAL),
            PieceDef::new('p', "chick").steps(FORWARD).promotes('h', 0),
            PieceDef::new('h', "hen").steps(GOLD).reverts('p'),
        ],
        zone: 1,
        forced_promotion: true,
        reserve: &['p', 'e', 'g'],
        drop_rules: false,
        king_capture: true,
        try_rule: true,
        reserve_padding: true,
    }
}

/// Dobutsu rules.
pub fn rules() -> DropGame {
    DropGame::new(spec())
}
