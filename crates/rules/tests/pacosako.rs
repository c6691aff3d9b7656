//! Paco Sako: perft from the fixtures in both modes, and unit tests of
//! unions, chains, promotion, en passant and castling.

use fenpress_rules::{legal, registry, validate, Rules};

fn vchess() -> &'static dyn Rules {
    registry::rules("Pacosako").unwrap()
}
fn pacoplay() -> &'static dyn Rules {
    registry::rules_with_options("Pacosako", &["pacoplay"]).unwrap()
}

fn run_fixture(rules: &dyn Rules, fixture: &str) {
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
            assert_eq!(got, expected, "line {}: {fen} depth {depth}", n + 1);
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn perft_vchess_mode() {
    run_fixture(vchess(), include_str!("fixtures/perft-pacosako.txt"));
}

#[test]
fn perft_pacoplay_mode() {
    run_fixture(
        pacoplay(),
        include_str!("fixtures/perft-pacosako-pacoplay.txt"),
    );
}

#[test]
#[ignore]
fn print_deeper() {
    for (name, r) in [("vchess", vchess()), ("pacoplay", pacoplay())] {
        let mut pos = r.start_position();
        for d in 5..=5 {
            println!("{name} {d} {}", legal::perft(r, &mut pos, d));
        }
    }
}
