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

/// The issue asks for Baroque depth 3 well under a second; this keeps it so
/// (a generous bound: debug test builds of this crate are optimised).
#[test]
fn baroque_depth_3_is_fast() {
    let rules = registry::rules("baroque").unwrap();
    let mut pos = rules.start_position();
    let t = std::time::Instant::now();
    assert_eq!(legal::perft(rules, &mut pos, 3), 42762);
    let took = t.elapsed();
    println!("Baroque perft 3: {took:?}");
    assert!(took.as_millis() < 500, "Baroque perft 3 took {took:?}");
}
