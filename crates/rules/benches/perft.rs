//! Perft benchmark: `cargo bench -p fenpress-rules --bench perft`.
//! Runs each case several times and reports the median time and nodes/s
//! (one core). Set FENPRESS_BENCH_RUNS to change the number of runs.

use std::time::{Duration, Instant};

use fenpress_rules::{legal, registry, validate};

fn main() {
    let runs: usize = std::env::var("FENPRESS_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let cases = [
        ("chess", "start", 5u32, 4_865_609u64),
        (
            "chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
            4,
            4_085_603,
        ),
        ("orda", "start", 4, 0),
    ];
    for (variant, fen, depth, expected) in cases {
        let Some(rules) = registry::rules(variant) else {
            continue;
        };
        let text = if fen == "start" {
            rules.start_fen()
        } else {
            fen
        };
        let Ok(mut pos) = validate::position_from_fen(rules, text) else {
            continue;
        };
        let mut times: Vec<Duration> = Vec::new();
        let mut nodes = 0;
        for _ in 0..runs {
            let t = Instant::now();
            nodes = legal::perft(rules, &mut pos, depth);
            times.push(t.elapsed());
        }
        if expected != 0 && nodes != expected {
            eprintln!("{variant} {fen} depth {depth}: got {nodes}, expected {expected}");
        }
        times.sort();
        let median = times[times.len() / 2];
        println!(
            "{variant:6} depth {depth} {:>10} nodes  median {:>8.1} ms  {:>6.2} M nodes/s  ({runs} runs, fen {fen})",
            nodes,
            median.as_secs_f64() * 1e3,
            nodes as f64 / median.as_secs_f64() / 1e6
        );
    }
}
