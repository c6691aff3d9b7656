//! Perft from the fixture files: each line `fen ; depth count ; ...`.
//! Deep counts (≥ 5M nodes) run only with FENPRESS_PERFT_MAX_DEPTH set high.

use fenpress_rules::{legal, registry, validate};

fn run(variant: &str, fixture: &str) {
    let rules = registry::rules(variant).expect("variant has rules");
    let max_nodes: u64 = std::env::var("FENPRESS_PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5_000_000);
    let mut checked = 0;
    for (n, line) in fixture.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let mut pos = validate::position_from_fen(rules, fen)
            .unwrap_or_else(|e| panic!("line {}: {fen}: {e}", n + 1));
        for part in parts {
            let mut it = part.split_whitespace();
            let depth: u32 = it.next().unwrap().parse().unwrap();
            let expected: u64 = it.next().unwrap().parse().unwrap();
            if expected > max_nodes {
                continue;
            }
            let got = legal::perft(rules, &mut pos, depth);
            assert_eq!(
                got,
                expected,
                "{variant} line {}: {fen} depth {depth}",
                n + 1
            );
            checked += 1;
        }
    }
    assert!(checked > 0);
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
