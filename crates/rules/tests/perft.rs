//! Perft from the fixture files: each line `fen ; depth count ; ...`.
//! Deep counts (> 5M nodes) run only with FENPRESS_PERFT_MAX_NODES set high.

mod common;

#[test]
fn perft_chess() {
    common::perft_variant("chess", include_str!("fixtures/perft-chess.txt"));
}

#[test]
fn perft_orda() {
    common::perft_variant("orda", include_str!("fixtures/perft-orda.txt"));
}

#[test]
fn perft_apocalypse() {
    common::perft_variant("apocalypse", include_str!("fixtures/perft-apocalypse.txt"));
}
