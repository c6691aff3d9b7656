//! Explosions (the spec's `explosions`) against the public perft suites
//! (`../shared/reference/perft/`): Fairy-Stockfish's `atomic` and
//! `nocheckatomic`, imported from its built-in parents, on every line of
//! shakmaty's atomic suite and Fairy-Stockfish's atomic and nocheckatomic
//! lines up to [`CAP`] nodes (castling lines of Chess960 setups included).

mod common;

use fenpress_rules::definition::import_ini;
use fenpress_rules::variants::chesslike::ChessLike;
use fenpress_rules::{legal, validate, Rules};

/// Largest line (in nodes) run.
const CAP: u64 = 1_500_000;

/// A variant imported from one of Fairy-Stockfish's built-in parents.
fn imported(parent: &str) -> ChessLike {
    let ini = format!("[{parent}-imported:{parent}]\n");
    let spec = import_ini(&ini, &format!("{parent}-imported")).expect("the parent imports");
    ChessLike::new(spec).expect("the spec compiles")
}

/// The suite's lines of `variant`: (FEN or `startpos`, depth, nodes).
fn lines(file: &str, variant: &str) -> Option<Vec<(String, u32, u64)>> {
    let shared = common::shared()?;
    let text = std::fs::read_to_string(shared.join("reference/perft").join(file)).ok()?;
    Some(
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                (f.len() >= 4 && f[0] == variant).then(|| {
                    (
                        f[1].to_string(),
                        f[2].parse().expect("a depth"),
                        f[3].parse().expect("a node count"),
                    )
                })
            })
            .collect(),
    )
}

/// Runs every line up to [`CAP`] nodes; returns how many ran.
fn check(rules: &dyn Rules, lines: &[(String, u32, u64)]) -> usize {
    let mut ran = 0;
    let mut wrong = Vec::new();
    for (fen, depth, nodes) in lines {
        if *nodes > CAP {
            continue;
        }
        let mut pos = if fen == "startpos" {
            rules.start_position()
        } else {
            validate::position_from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
        };
        let got = legal::perft(rules, &mut pos, *depth);
        if got != *nodes {
            wrong.push(format!("{fen} depth {depth}: {got}, expected {nodes}"));
        }
        ran += 1;
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    ran
}

#[test]
fn shakmaty_s_atomic_lines() {
    let Some(lines) = lines("shakmaty.tsv", "atomic") else {
        return;
    };
    let ran = check(&imported("atomic"), &lines);
    assert!(ran >= 20, "only {ran} lines ran");
}

#[test]
fn fairy_stockfish_s_atomic_and_nocheckatomic_lines() {
    for variant in ["atomic", "nocheckatomic"] {
        let Some(lines) = lines("fairy-stockfish.tsv", variant) else {
            return;
        };
        let ran = check(&imported(variant), &lines);
        assert!(ran >= 1, "{variant}: no line ran");
    }
}
