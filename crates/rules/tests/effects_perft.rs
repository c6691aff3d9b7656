//! Perft of the effects family (captures with effects) from the fixture
//! files: start positions and seeded middlegames, counts from the vchess
//! oracle, plus public suites where they exist.

mod common;

#[test]
fn perft_allmate() {
    common::perft_variant("allmate", include_str!("fixtures/perft-allmate.txt"));
}

#[test]
fn perft_arena() {
    common::perft_variant("arena", include_str!("fixtures/perft-arena.txt"));
}

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
fn perft_koopa() {
    common::perft_variant("koopa", include_str!("fixtures/perft-koopa.txt"));
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

#[test]
fn perft_absorption() {
    common::perft_variant("absorption", include_str!("fixtures/perft-absorption.txt"));
}

#[test]
fn perft_coronation() {
    common::perft_variant("coronation", include_str!("fixtures/perft-coronation.txt"));
}

#[test]
fn perft_freecapture() {
    common::perft_variant(
        "freecapture",
        include_str!("fixtures/perft-freecapture.txt"),
    );
}

#[test]
fn perft_cannibal1() {
    common::perft_variant("cannibal1", include_str!("fixtures/perft-cannibal1.txt"));
}

#[test]
fn perft_cannibal2() {
    common::perft_variant("cannibal2", include_str!("fixtures/perft-cannibal2.txt"));
}

#[test]
fn perft_selfabsorb() {
    common::perft_variant("selfabsorb", include_str!("fixtures/perft-selfabsorb.txt"));
}

#[test]
fn perft_zen() {
    common::perft_variant("zen", include_str!("fixtures/perft-zen.txt"));
}

#[test]
fn perft_gridolina() {
    common::perft_variant("gridolina", include_str!("fixtures/perft-gridolina.txt"));
}

#[test]
fn perft_bicolour() {
    common::perft_variant("bicolour", include_str!("fixtures/perft-bicolour.txt"));
}

#[test]
fn perft_suction() {
    common::perft_variant("suction", include_str!("fixtures/perft-suction.txt"));
}

#[test]
fn perft_benedict() {
    common::perft_variant("benedict", include_str!("fixtures/perft-benedict.txt"));
}

#[test]
fn perft_pacifist1() {
    common::perft_variant("pacifist1", include_str!("fixtures/perft-pacifist1.txt"));
}

#[test]
fn perft_pacifist2() {
    common::perft_variant("pacifist2", include_str!("fixtures/perft-pacifist2.txt"));
}

#[test]
fn perft_convert() {
    common::perft_variant("convert", include_str!("fixtures/perft-convert.txt"));
}

#[test]
fn perft_enpassant() {
    common::perft_variant("enpassant", include_str!("fixtures/perft-enpassant.txt"));
}

#[test]
fn perft_fusion() {
    common::perft_variant("fusion", include_str!("fixtures/perft-fusion.txt"));
}

#[test]
fn perft_takenmake() {
    common::perft_variant("takenmake", include_str!("fixtures/perft-takenmake.txt"));
}

#[test]
fn perft_monocolor() {
    common::perft_variant("monocolor", include_str!("fixtures/perft-monocolor.txt"));
}
