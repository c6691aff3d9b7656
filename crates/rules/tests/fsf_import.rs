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
const IMPORTED_AT_LEAST: usize = 73;

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
    let Some(shared) = common::shared() else {
        return;
    };
    let path = shared.join("reference/fairy-stockfish/variants.ini");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: {} not found", path.display());
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
        imported >= IMPORTED_AT_LEAST,
        "{imported} sections import, fewer than {IMPORTED_AT_LEAST}"
    );
}

/// Positions where pieces promote, are captured promoted, are dropped,
/// and where kings may not face each other (`flyingGeneral`): perft as
/// Fairy-Stockfish counts it (fixtures/fsf-promotion-perft.tsv,
/// made by tools/fsf-positions-perft.sh with the engine itself). The
/// start positions of these sections reach no promotion by depth 3.
#[test]
fn promotions_count_as_fairy_stockfish_counts_them() {
    let Some(shared) = common::shared() else {
        return;
    };
    let path = shared.join("reference/fairy-stockfish/variants.ini");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: {} not found", path.display());
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
        let spec = import_ini(&text, name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let shown = print_definition(&spec);
        let again = parse_definition(&shown, &format!("{name}.yaml"))
            .unwrap_or_else(|e| panic!("{name}: {e}\n{shown}"));
        let compiled = ChessLike::new(again).unwrap_or_else(|e| panic!("{name}: {e}"));
        let rules: &dyn Rules = &compiled;
        let mut pos = fenpress_rules::validate::position_from_fen(rules, fen)
            .unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
        let got = legal::perft(rules, &mut pos, depth);
        println!("{name}\t{fen}\t{depth}\t{got}\t{count}");
        assert_eq!(got, count, "{name}: {fen}: depth {depth}");
        checked += 1;
    }
    assert!(checked >= 11, "{checked} positions");
}
