//! `variant import` over every section of Fairy-Stockfish's `variants.ini`
//! (`$FENPRESS_SHARED/reference/fairy-stockfish/variants.ini`, test data
//! kept out of the repository): each section either imports, and then the
//! definition it prints plays the same start-position perft as
//! Fairy-Stockfish counted (fixtures/fsf-import-perft.tsv, made by
//! tools/fsf-import-perft.sh with the engine itself), or is refused with a
//! message naming the key or feature and its line. Prints the tally.

mod common;

use std::collections::BTreeMap;

use fenpress_rules::definition::{import_ini, parse_definition, print_definition, ImportError};
use fenpress_rules::variants::chesslike::ChessLike;
use fenpress_rules::{legal, Rules};

/// Depth-4 counts above this are left to the depth-3 count (the debug
/// build's time), unless `$FENPRESS_PERFT_MAX_NODES` says otherwise.
const MAX_NODES: u64 = 300_000;

/// Sections that import today, as a floor: fewer is a regression.
const IMPORTED_AT_LEAST: usize = 99;

/// The counts Fairy-Stockfish gave: section -> [(depth, count)].
fn fsf_counts() -> BTreeMap<String, Vec<(u32, u64)>> {
    let mut counts: BTreeMap<String, Vec<(u32, u64)>> = BTreeMap::new();
    for line in include_str!("fixtures/fsf-import-perft.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let (depth, count) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        counts
            .entry(f[0].to_string())
            .or_default()
            .push((depth, count));
    }
    counts
}

#[test]
fn every_fairy_stockfish_section_imports_right_or_is_refused_with_its_key_and_line() {
    let Some(text) = variants_ini() else {
        return;
    };
    let max_nodes: u64 = std::env::var("FENPRESS_PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(MAX_NODES);
    let fsf = fsf_counts();
    let sections: Vec<String> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix('['))
        .filter_map(|l| l.split(']').next())
        .map(|h| h.split(':').next().unwrap_or(h).trim().to_string())
        .collect();
    assert!(sections.len() > 100, "{} sections", sections.len());
    // `FENPRESS_FSF_SECTIONS=a,b` looks at those sections only (while
    // working on them); the floor below then does not apply.
    let only: Option<Vec<String>> = std::env::var("FENPRESS_FSF_SECTIONS")
        .ok()
        .map(|v| v.split(',').map(|s| s.trim().to_string()).collect());
    let sections: Vec<String> = sections
        .into_iter()
        .filter(|s| only.as_ref().is_none_or(|o| o.contains(s)))
        .collect();
    let mut agree = Vec::new();
    let mut wrong = Vec::new();
    let mut refused: BTreeMap<String, Vec<String>> = BTreeMap::new();
    println!("section\timported\tdepth\tfenpress\tFairy-Stockfish or refusal");
    for name in &sections {
        match import_ini(&text, name) {
            Ok(spec) => {
                let shown = print_definition(&spec);
                let again = parse_definition(&shown, &format!("{name}.yaml")).unwrap_or_else(|e| {
                    panic!("{name}: the printed definition is refused: {e}\n{shown}")
                });
                let compiled = ChessLike::new(again).unwrap_or_else(|e| panic!("{name}: {e}"));
                let rules: &dyn Rules = &compiled;
                let Some(expected) = fsf.get(name) else {
                    wrong.push(format!(
                        "{name}: imported, but Fairy-Stockfish gave no count"
                    ));
                    continue;
                };
                let mut ok = true;
                for &(depth, count) in expected {
                    if depth > 3 && count > max_nodes {
                        continue;
                    }
                    let got = legal::perft(rules, &mut rules.start_position(), depth);
                    println!("{name}\tyes\t{depth}\t{got}\t{count}");
                    if got != count {
                        ok = false;
                        wrong.push(format!(
                            "{name}: depth {depth}: {got}, Fairy-Stockfish {count}"
                        ));
                    }
                }
                if ok {
                    agree.push(name.clone());
                }
            }
            Err(ImportError::NoSection(s)) => panic!("{s}: listed but not found"),
            Err(ImportError::Bad { line, message }) => {
                println!("{name}\tno\t\t\tline {line}: {message}");
                let named = message.split('`').nth(1).unwrap_or("");
                assert!(
                    line > 0 && !named.is_empty(),
                    "{name}: the refusal names no key or line: {message}"
                );
                // The reason: the key (or feature) named first.
                let reason = named.split([' ', '=']).next().unwrap_or(named).to_string();
                refused.entry(reason).or_default().push(name.clone());
            }
        }
    }
    let imported = agree.len() + wrong.iter().filter(|w| !w.contains("no count")).count();
    println!(
        "{} sections: {} imported, {} agree with Fairy-Stockfish, {} refused",
        sections.len(),
        agree.len() + wrong.len(),
        agree.len(),
        refused.values().map(Vec::len).sum::<usize>()
    );
    let mut reasons: Vec<_> = refused.iter().collect();
    reasons.sort_by_key(|(_, s)| std::cmp::Reverse(s.len()));
    for (reason, names) in reasons {
        println!(
            "  refused by `{reason}`: {} ({})",
            names.len(),
            names.join(", ")
        );
    }
    assert!(
        wrong.is_empty(),
        "imported but different:\n{}",
        wrong.join("\n")
    );
    assert!(
        only.is_some() || imported >= IMPORTED_AT_LEAST,
        "{imported} sections import, fewer than {IMPORTED_AT_LEAST}"
    );
}

/// Positions of the row games (`connectN`, `mustDrop`, `enclosingDrop =
/// top`) past the start, where rows are made, blocked and full columns
/// refuse drops, with Fairy-Stockfish's counts (`position fen ...`, `go
/// perft`; `startpos`: the section's start).
const ROW_GAMES: &[(&str, &str, u32, u64)] = &[
    ("tictactoe", "startpos", 9, 127_872),
    ("tictactoe", "P1p/1p1/P2[PPPpp] w - - 0 1", 4, 60),
    ("picaria", "startpos", 6, 54_720),
    // The first moves after the six drops.
    ("picaria", "startpos", 7, 444_528),
    ("picaria", "Pp1/1P1/p1P[p] b - - 0 1", 5, 0),
    ("picaria", "PpP/1p1/p1P[] w - - 0 1", 5, 38_079),
    ("nineholes", "startpos", 6, 56_160),
    ("nineholes", "PpP/1p1/p1P[] w - - 0 1", 5, 42_318),
    ("tictacchess", "K1q/1R1/r2[QRk] b - - 0 1", 4, 540),
    ("asimplegame", "startpos", 6, 49_838),
    ("asimplegame", "1p1P/P3/2p1/PpP1 b - - 0 1", 6, 104_843),
    (
        "allqueenschess",
        "1Q1Qq/q4/Q3q/5/QqQq1 w - - 0 1",
        3,
        33_529,
    ),
    (
        "roll-ing-to-four",
        "1ppp/4/4/1P2/2PP/p1p1/4/1p2/4/PPP1 w - - 0 1",
        4,
        43_178,
    ),
    (
        "symphony",
        "8/8/8/2p5/2PPPP2/1p6/8/8[PPpppp] b - - 0 1",
        3,
        238_959,
    ),
    ("teeko", "5/1Pp2/1PP2/2pP1/1p2p[] w - - 0 1", 4, 78_662),
    ("teeko", "5/5/1PP2/1p1P1/pp2p[P] w - - 0 1", 4, 35_038),
    ("teeko", "5/5/1PP2/1p1P1/pp2p[Pp] w - - 0 1", 3, 5_480),
    ("cfour", "startpos", 6, 117_649),
    // 7^7 less the 7 games that filled a column in six drops.
    ("cfour", "startpos", 7, 823_536),
    (
        "cfour",
        "7/7/7/7/1pp4/1PPP1pp[PPPPPPPPPPPPPPPPPPppppppppppppppppppp] w - - 0 1",
        4,
        1_295,
    ),
    (
        "cfour",
        "7/7/1p5/1Pp4/1pPP3/pPPpP2[PPPPPPPPPPPPPPPpppppppppppppppp] b - - 0 1",
        5,
        15_672,
    ),
    (
        "cfour-misere",
        "7/7/7/7/1pp4/1PPP1pp[PPPPPPPPPPPPPPPPPPppppppppppppppppppp] w - - 0 1",
        4,
        1_295,
    ),
];

/// Fairy-Stockfish's `variants.ini` from the shared test data, or `None`
/// (said "skipped") when it is absent.
fn variants_ini() -> Option<String> {
    let shared = common::shared()?;
    let path = shared.join("reference/fairy-stockfish/variants.ini");
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(_) => {
            println!("skipped: {} not found", path.display());
            None
        }
    }
}

/// Perft of `fen` (`startpos`: the section's start) in section `name`,
/// imported, printed as YAML and read back, as a site would use it.
fn perft_of_imported(text: &str, name: &str, fen: &str, depth: u32) -> u64 {
    let spec = import_ini(text, name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let shown = print_definition(&spec);
    let again = parse_definition(&shown, &format!("{name}.yaml"))
        .unwrap_or_else(|e| panic!("{name}: {e}\n{shown}"));
    let compiled = ChessLike::new(again).unwrap_or_else(|e| panic!("{name}: {e}"));
    let rules: &dyn Rules = &compiled;
    let mut pos = if fen == "startpos" {
        rules.start_position()
    } else {
        fenpress_rules::validate::position_from_fen(rules, fen)
            .unwrap_or_else(|e| panic!("{name}: {fen}: {e}"))
    };
    legal::perft(rules, &mut pos, depth)
}

#[test]
fn row_games_count_as_fairy_stockfish_past_the_start() {
    let Some(text) = variants_ini() else {
        return;
    };
    for &(name, fen, depth, count) in ROW_GAMES {
        let got = perft_of_imported(&text, name, fen, depth);
        println!("{name}\t{fen}\t{depth}\t{got}\t{count}");
        assert_eq!(got, count, "{name} {fen} depth {depth}");
    }
}

/// Positions where pieces promote, are captured promoted, are dropped,
/// and where kings may not face each other (`flyingGeneral`): perft as
/// Fairy-Stockfish counts it (fixtures/fsf-promotion-perft.tsv,
/// made by tools/fsf-positions-perft.sh with the engine itself). The
/// start positions of these sections reach no promotion by depth 3.
#[test]
fn promotions_count_as_fairy_stockfish_counts_them() {
    let Some(text) = variants_ini() else {
        return;
    };
    let mut checked = 0;
    for line in include_str!("fixtures/fsf-promotion-perft.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let (name, fen) = (f[0], f[1]);
        let (depth, count): (u32, u64) = (f[2].parse().unwrap(), f[3].parse().unwrap());
        let got = perft_of_imported(&text, name, fen, depth);
        println!("{name}\t{fen}\t{depth}\t{got}\t{count}");
        assert_eq!(got, count, "{name}: {fen}: depth {depth}");
        checked += 1;
    }
    assert!(checked >= 21, "{checked} positions");
}
