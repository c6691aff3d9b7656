//! Perft from the fixture files: each line `fen ; depth count ; ...`.
//! Deep counts (> 5M nodes) run only with FENPRESS_PERFT_MAX_NODES set high.

mod common;

use fenpress_rules::registry;

fn run(variant: &str, fixture: &str) {
    let rules = registry::rules(variant).expect("variant has rules");
    common::perft_fixture(rules, fixture);
}

#[test]
fn perft_chess() {
    run("chess", include_str!("fixtures/perft-chess.txt"));
}

#[test]
fn perft_orda() {
    run("orda", include_str!("fixtures/perft-orda.txt"));
}

#[test]
fn perft_apocalypse() {
    run("apocalypse", include_str!("fixtures/perft-apocalypse.txt"));
}
