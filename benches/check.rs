//! `fenpress check` over the vchess corpus: median of N runs (default 9,
//! `CHECK_BENCH_RUNS` to change). Target: under 0.3 s. Skipped when the
//! corpus (`$FENPRESS_SHARED` or `../shared`) is absent.

use std::time::Instant;

#[path = "../tests/integration/shared_dir/mod.rs"]
mod shared_dir;

fn main() {
    let Some(corpus) = shared_dir::vchess() else {
        println!("skipped: no corpus ($FENPRESS_SHARED or ../shared)");
        return;
    };
    let runs: usize = std::env::var("CHECK_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(9);
    let mut times = Vec::new();
    let mut line = String::new();
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let report = fenpress::site::check_site(&corpus).expect("the corpus loads");
        times.push(start.elapsed().as_secs_f64());
        line = report.summary.line();
    }
    times.sort_by(f64::total_cmp);
    println!("{line}");
    println!(
        "check over the corpus: median {:.3} s, min {:.3} s, max {:.3} s ({} runs)",
        times[times.len() / 2],
        times[0],
        times[times.len() - 1],
        times.len()
    );
}
