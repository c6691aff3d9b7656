//! Perft of the Asian family (Xiangqi, Janggi, Makruk and kin) from the
//! fixture files: start positions against the vchess oracle, the public
//! Fairy-Stockfish suite where its game is vchess's, seeded middlegames.

mod common;

#[test]
fn perft_xiangqi() {
    common::perft_variant("xiangqi", include_str!("fixtures/perft-xiangqi.txt"));
}

#[test]
fn perft_minixiangqi() {
    common::perft_variant(
        "minixiangqi",
        include_str!("fixtures/perft-minixiangqi.txt"),
    );
}

#[test]
fn perft_makruk() {
    common::perft_variant("makruk", include_str!("fixtures/perft-makruk.txt"));
}

#[test]
fn perft_makpong() {
    common::perft_variant("makpong", include_str!("fixtures/perft-makpong.txt"));
}

#[test]
fn perft_karouk() {
    common::perft_variant("karouk", include_str!("fixtures/perft-karouk.txt"));
}

#[test]
fn perft_janggi() {
    common::perft_variant("janggi", include_str!("fixtures/perft-janggi.txt"));
}

#[test]
fn perft_schess() {
    common::perft_variant("schess", include_str!("fixtures/perft-schess.txt"));
}

#[test]
fn perft_titan() {
    common::perft_variant("titan", include_str!("fixtures/perft-titan.txt"));
}

#[test]
fn perft_musketeer() {
    common::perft_variant("musketeer", include_str!("fixtures/perft-musketeer.txt"));
}

#[test]
fn perft_synochess() {
    common::perft_variant("synochess", include_str!("fixtures/perft-synochess.txt"));
}
