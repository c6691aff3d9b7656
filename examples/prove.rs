//! Proves puzzle files one by one, the way `check` does, and prints for
//! each the moves the search played, the time it took and every finding:
//! the tool to compare two versions of the search on the same puzzles
//! (same verdicts, fewer moves, less time).
//!
//! ```sh
//! cargo run --example prove -- tests/fixtures/puzzles-hard/puzzles/Chess/*.md
//! ```
//!
//! `--time-ms N` sets the proof's time budget (default: the site default).

use std::path::Path;
use std::time::Duration;

use fenpress::puzzle::{spec, verify, VerifyOptions};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut options = VerifyOptions::default();
    if let Some(i) = args.iter().position(|a| a == "--time-ms") {
        let Some(ms) = args.get(i + 1).and_then(|s| s.parse::<u64>().ok()) else {
            eprintln!("--time-ms needs a number of milliseconds");
            std::process::exit(2);
        };
        options.time = Duration::from_millis(ms);
        args.drain(i..i + 2);
    }
    if args.is_empty() {
        eprintln!("usage: prove [--time-ms N] PUZZLE.md...");
        std::process::exit(2);
    }
    for file in &args {
        let path = Path::new(file);
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                println!("{file}: cannot read: {e}");
                continue;
            }
        };
        let puzzle = match spec::parse(path, &text) {
            Ok(p) => p,
            Err(e) => {
                println!("{file}: {e}");
                continue;
            }
        };
        let verified = verify(&puzzle, options);
        println!(
            "{file}: {} moves searched, {:.3} s",
            verified.nodes,
            verified.elapsed.as_secs_f64()
        );
        for f in &verified.findings {
            println!(
                "  {}[{}] {}",
                f.finding.severity(),
                f.finding.code(),
                f.finding
            );
        }
    }
}
