//! Perft of Baroque and Maxima from their fixture files (`fen ; depth count ; ...`;
//! counts above FENPRESS_PERFT_MAX_NODES, default 5M, are skipped).

mod common;

use fenpress_rules::{legal, registry};

#[test]
fn perft_baroque() {
    common::perft_variant("baroque", include_str!("fixtures/perft-baroque.txt"));
}

#[test]
fn perft_maxima() {
    common::perft_variant("maxima", include_str!("fixtures/perft-maxima.txt"));
}

/// Baroque depth 3 from the start, whatever the fixture file's node cap
/// (its speed is measured by `fenpress-bench perft`, not here).
#[test]
fn baroque_depth_3_from_the_start() {
    let rules = registry::rules("baroque").unwrap();
    let mut pos = rules.start_position();
    assert_eq!(legal::perft(rules, &mut pos, 3), 42762);
}
