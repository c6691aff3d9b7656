//! Public perft suites (`../shared/reference/perft/`): shakmaty's chess,
//! Chess960 and variant positions, Fairy-Stockfish's lines. Each suite's
//! variant names map to fenpress variants in a table below; lines of a
//! mapped variant run automatically. Map a name only when that engine's
//! variant is the same game as the vchess one (check the rules: vchess's
//! Suicide is not exactly antichess); a known difference goes in
//! `docs/rules-deviations.md`.
//!
//! The default run takes a sample (every 25th position, small lines);
//! `FENPRESS_PERFT_ALL=1`, or a release build, runs every position of the
//! mapped variants, each line up to [`ALL_CAP`] nodes (at least depth 1),
//! and Fairy-Stockfish lines up to [`FSF_ALL_CAP`] nodes;
//! `FENPRESS_PERFT_ALL=2` adds the two largest Fairy-Stockfish lines (all
//! six chess lines pass: 291 s of wall time at load 19 on 2 cores).

use std::time::Instant;

use fenpress_conformance::oracle;
use fenpress_rules::{legal, registry, validate};

/// shakmaty's suite names → fenpress variants (`None`: not implemented, or
/// not the same game).
const SHAKMATY: &[(&str, Option<&str>)] = &[
    ("3check", Some("Threechecks")),
    ("antichess", None),
    ("atomic", None),
    ("chess960", Some("Chess960")),
    ("crazyhouse", None),
    ("horde", None),
    ("racingkings", None),
    ("random", Some("Chess")),
    ("tricky", Some("Chess")),
];

/// Fairy-Stockfish's variant names → fenpress variants. A name missing
/// here is skipped too; `startpos` is fenpress's start position of the
/// variant, so map only variants whose start is the same.
const FAIRY_STOCKFISH: &[(&str, Option<&str>)] = &[
    ("3check", Some("Threechecks")),
    ("antichess", None),
    ("atomic", None),
    ("chess", Some("Chess")),
    ("crazyhouse", None),
    ("giveaway", None),
    ("horde", None),
    ("kingofthehill", None),
    ("knightmate", None),
    ("losers", None),
    ("racingkings", None),
];

/// Largest line (in nodes) of a shakmaty position in the full run.
const ALL_CAP: u64 = 200_000;
/// Largest line in the sample run, and the sample's stride in positions.
const SAMPLE_CAP: u64 = 30_000;
const SAMPLE_STRIDE: usize = 25;
/// Largest Fairy-Stockfish line in the full run (`FENPRESS_PERFT_ALL=2`:
/// no limit).
const FSF_ALL_CAP: u64 = 100_000_000;
/// Largest Fairy-Stockfish line in the sample run.
const FSF_SAMPLE_CAP: u64 = 5_000_000;

struct Line {
    suite: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn full_run() -> bool {
    std::env::var("FENPRESS_PERFT_ALL").is_ok_and(|v| v == "1" || v == "2")
        || !cfg!(debug_assertions)
}

fn read(name: &str) -> Option<Vec<Line>> {
    let path = oracle::shared_dir().join("reference/perft").join(name);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("public suites: skipped: {}: {e}", path.display());
            return None;
        }
    };
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let f: Vec<&str> = l.split('\t').collect();
        if l.starts_with('#') || f.len() < 4 || f[2] == "depth" {
            continue;
        }
        let (Ok(depth), Ok(nodes)) = (f[2].parse(), f[3].parse()) else {
            panic!("{name}:{}: unreadable line `{l}`", i + 1);
        };
        out.push(Line {
            suite: f[0].to_string(),
            fen: f[1].to_string(),
            depth,
            nodes,
        });
    }
    Some(out)
}

fn mapped(table: &[(&str, Option<&'static str>)], suite: &str) -> Option<&'static str> {
    table
        .iter()
        .find(|(n, _)| *n == suite)
        .and_then(|(_, v)| *v)
}

/// Runs lines; returns the failures. Lines of one position are grouped so
/// the stride counts positions.
fn run(
    lines: &[Line],
    table: &[(&str, Option<&'static str>)],
    cap: u64,
    stride: usize,
) -> (usize, usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut positions = 0;
    let mut ran = 0;
    let mut index_in_suite: std::collections::HashMap<&str, usize> = Default::default();
    let mut i = 0;
    while i < lines.len() {
        let mut j = i;
        while j < lines.len() && lines[j].fen == lines[i].fen && lines[j].suite == lines[i].suite {
            j += 1;
        }
        let group = &lines[i..j];
        i = j;
        let Some(variant) = mapped(table, &group[0].suite) else {
            continue;
        };
        let k = index_in_suite.entry(group[0].suite.as_str()).or_default();
        *k += 1;
        if !(*k - 1).is_multiple_of(stride) {
            continue;
        }
        let rules = registry::rules(variant).expect("mapped variants have rules");
        let fen = if group[0].fen == "startpos" {
            rules.start_fen().to_string()
        } else {
            group[0].fen.clone()
        };
        let mut pos = match validate::position_from_fen(rules, &fen) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!(
                    "{} {variant} `{fen}`: fenpress rejects it: {e}",
                    group[0].suite
                ));
                continue;
            }
        };
        positions += 1;
        for (n, line) in group.iter().enumerate() {
            if n > 0 && line.nodes > cap {
                continue;
            }
            ran += 1;
            let got = legal::perft(rules, &mut pos, line.depth);
            if got != line.nodes {
                failures.push(format!(
                    "{} {variant} `{fen}` depth {}: fenpress {got}, suite {}\n  cargo run -p fenpress-rules --release --example perft -- {variant} \"{fen}\" {} --divide",
                    line.suite, line.depth, line.nodes, line.depth
                ));
            }
        }
    }
    (positions, ran, failures)
}

#[test]
fn shakmaty_suites() {
    let Some(lines) = read("shakmaty.tsv") else {
        return;
    };
    let all = full_run();
    let t0 = Instant::now();
    let (cap, stride) = if all {
        (ALL_CAP, 1)
    } else {
        (SAMPLE_CAP, SAMPLE_STRIDE)
    };
    // Two halves on two threads (the machine has two cores).
    let mid = lines.len() / 2;
    let mid = (mid..lines.len())
        .find(|&k| lines[k].fen != lines[mid - 1].fen)
        .unwrap_or(lines.len());
    let (a, b) = lines.split_at(mid);
    let (ra, rb) = std::thread::scope(|s| {
        let ha = s.spawn(|| run(a, SHAKMATY, cap, stride));
        let hb = s.spawn(|| run(b, SHAKMATY, cap, stride));
        (ha.join().expect("no panic"), hb.join().expect("no panic"))
    });
    let positions = ra.0 + rb.0;
    let ran = ra.1 + rb.1;
    let failures: Vec<String> = ra.2.into_iter().chain(rb.2).collect();
    eprintln!(
        "shakmaty ({}): {positions} positions, {ran} lines, {:.1}s",
        if all {
            "all, lines ≤ 200k nodes"
        } else {
            "sample"
        },
        t0.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fairy_stockfish_suite() {
    let Some(lines) = read("fairy-stockfish.tsv") else {
        return;
    };
    let all = full_run();
    let t0 = Instant::now();
    // The two largest chess lines (164M and 194M nodes) only with
    // FENPRESS_PERFT_ALL=2: they alone would double CI's suite time.
    let huge = std::env::var("FENPRESS_PERFT_ALL").is_ok_and(|v| v == "2");
    let cap = match (all, huge) {
        (_, true) => u64::MAX,
        (true, false) => FSF_ALL_CAP,
        (false, false) => FSF_SAMPLE_CAP,
    };
    // Each line is its own position here; the cap applies to every line.
    let kept: Vec<Line> = lines.into_iter().filter(|l| l.nodes <= cap).collect();
    let (positions, ran, failures) = run(&kept, FAIRY_STOCKFISH, u64::MAX, 1);
    eprintln!(
        "fairy-stockfish ({}): {positions} positions, {ran} lines, {:.1}s",
        if huge {
            "all"
        } else if all {
            "lines ≤ 100M nodes"
        } else {
            "lines ≤ 5M nodes"
        },
        t0.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every three-check line of both suites, whatever the sample: their
/// counters are the two public forms (`1+1`, `1+3` checks still to give;
/// lichess's `+2+0` checks given), each read as what it says. vchess's
/// Threechecks is the same game (the third check wins; the suites' perft
/// stops there too).
#[test]
fn three_check_lines_of_both_suites() {
    let (Some(shakmaty), Some(fsf)) = (read("shakmaty.tsv"), read("fairy-stockfish.tsv")) else {
        return;
    };
    let lines: Vec<Line> = shakmaty
        .into_iter()
        .chain(fsf)
        .filter(|l| l.suite == "3check")
        .collect();
    let (positions, ran, failures) = run(&lines, &[("3check", Some("Threechecks"))], u64::MAX, 1);
    eprintln!("three-check: {positions} positions, {ran} lines");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!((positions, ran), (4, 8), "the suites' 3check lines");
}
