//! Perft of the effects family (captures with effects) from the fixture
//! files: start positions and seeded middlegames, counts from the vchess
//! oracle, plus public suites where they exist.

mod common;

#[test]
fn perft_atomic() {
    common::perft_variant("atomic", include_str!("fixtures/perft-atomic.txt"));
}

#[test]
fn perft_atomic_public_suites() {
    common::perft_variant("atomic", include_str!("fixtures/perft-atomic-suites.txt"));
}

#[test]
fn perft_antimatter() {
    common::perft_variant("antimatter", include_str!("fixtures/perft-antimatter.txt"));
}

#[test]
fn perft_rifle() {
    common::perft_variant("rifle", include_str!("fixtures/perft-rifle.txt"));
}

#[test]
fn perft_brotherhood() {
    common::perft_variant(
        "brotherhood",
        include_str!("fixtures/perft-brotherhood.txt"),
    );
}
