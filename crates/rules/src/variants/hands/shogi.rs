//! Shogi on 9×9, and the pieces Minishogi shares. Captured pieces change
//! sides, unpromoted, and may be dropped instead of a move (not where they
//! could never move, no second pawn on a file, no pawn drop that mates).
//! A move arriving in the last three ranks may promote; it must when the
//! piece could not move otherwise.
//!
//! vchess letters and names (en / fr / es, from the rule pages):
//!
//! | letter | English | français | español |
//! |---|---|---|---|
//! | `k` | king | roi | rey |
//! | `r` | rook | tour | torre |
//! | `b` | bishop | fou | alfil |
//! | `g` | gold general | général d'or | general de oro |
//! | `s` | silver general | général d'argent | general de plata |
//! | `n` | knight | cavalier | caballo |
//! | `l` | lance | lance | lanza |
//! | `p` | pawn | pion | peón |
//! | `q` | promoted pawn | pion promu | peón promovido |
//! | `o` | promoted knight | cavalier promu | caballo promovido |
//! | `m` | promoted lance | lance promue | lanza promovida |
//! | `t` | promoted silver | général d'argent promu | general de plata promovido |
//! | `d` | dragon king | dragon roi | dragón rey |
//! | `h` | dragon horse | dragon cheval | dragón caballo |
//!
//! vchess FEN: `board turn plies reserve`, the reserve fourteen digits
//! (White's pawn, rook, bishop, gold, silver, knight, lance, then Black's).
//! vchess gives Black a two-rank zone (a bug); the page's three ranks hold
//! for both sides (deviation `shogi-black-promotion-zone`).

use super::dropgame::{DropGame, DropGameSpec, PieceDef};

pub const KING: &[(i8, i8)] = &[
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
pub const ORTHOGONAL: &[(i8, i8)] = &[(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const DIAGONAL: &[(i8, i8)] = &[(1, 1), (-1, 1), (1, -1), (-1, -1)];
pub const GOLD: &[(i8, i8)] = &[(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1)];
pub const SILVER: &[(i8, i8)] = &[(1, 1), (-1, 1), (1, -1), (-1, -1), (0, 1)];
pub const FORWARD: &[(i8, i8)] = &[(0, 1)];
pub const SHOGI_KNIGHT: &[(i8, i8)] = &[(1, 2), (-1, 2)];

/// The pieces of Minishogi (Shogi without knight and lance).
pub fn minishogi_pieces() -> Vec<PieceDef> {
    vec![
        PieceDef::new('k', "king").steps(KING).royal(),
        PieceDef::new('r', "rook")
            .slides(ORTHOGONAL)
            .promotes('d', 0),
        PieceDef::new('b', "bishop")
            .slides(DIAGONAL)
            .promotes('h', 0),
        PieceDef::new('g', "gold general").steps(GOLD),
        PieceDef::new('s', "silver general")
            .steps(SILVER)
            .promotes('t', 0),
        PieceDef::new('p', "pawn")
            .steps(FORWARD)
            .pawn()
            .promotes('q', 1),
        PieceDef::new('q', "promoted pawn").steps(GOLD).reverts('p'),
        PieceDef::new('t', "promoted silver")
            .steps(GOLD)
            .reverts('s'),
        PieceDef::new('d', "dragon king")
            .slides(ORTHOGONAL)
            .steps(DIAGONAL)
            .reverts('r'),
        PieceDef::new('h', "dragon horse")
            .slides(DIAGONAL)
            .steps(ORTHOGONAL)
            .reverts('b'),
    ]
}

/// The spec of Shogi.
pub fn spec() -> DropGameSpec {
    let mut pieces = minishogi_pieces();
    pieces.extend([
        PieceDef::new('n', "knight")
            .steps(SHOGI_KNIGHT)
            .promotes('o', 2),
        PieceDef::new('l', "lance").slides(FORWARD).promotes('m', 1),
        PieceDef::new('o', "promoted knight")
            .steps(GOLD)
            .reverts('n'),
        PieceDef::new('m', "promoted lance")
            .steps(GOLD)
            .reverts('l'),
    ]);
    DropGameSpec {
        name: "Shogi",
        rows: 9,
        cols: 9,
        start_fen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 0 00000000000000",
        pieces,
        zone: 3,
        forced_promotion: false,
        reserve: &['p', 'r', 'b', 'g', 's', 'n', 'l'],
        drop_rules: true,
        king_capture: false,
        try_rule: false,
        reserve_padding: false,
    }
}

/// Shogi rules.
pub fn rules() -> DropGame {
    DropGame::new(spec())
}
