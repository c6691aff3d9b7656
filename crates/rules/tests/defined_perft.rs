//! Perft of the variants defined as data (`crates/rules/variants/*.yaml`),
//! from fixture files whose counts come from the vchess oracle or a public
//! perft suite (each file says which).

mod common;

#[test]
fn perft_capablanca() {
    common::perft_variant("capablanca", include_str!("fixtures/perft-capablanca.txt"));
}
