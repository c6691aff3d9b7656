//! Full build of the vchess corpus, N times (`FENPRESS_BENCH_RUNS`, default
//! 10): prints the median wall time of the whole build and of each step.
//! Run with `cargo bench --bench build`; `FENPRESS_BENCH_OUT=/dev/shm`
//! writes the output to memory instead of the disk. Peak memory: run the release binary
//! under `/usr/bin/time -v` (see README).

use std::time::{Duration, Instant};

use fenpress::site::{build, BuildOptions};

#[path = "../tests/integration/shared_dir/mod.rs"]
mod shared_dir;

fn main() {
    let Some(corpus) = shared_dir::vchess() else {
        println!("skipped: no corpus ($FENPRESS_SHARED or ../shared)");
        return;
    };
    let runs: usize = std::env::var("FENPRESS_BENCH_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10)
        .max(1);
    // `FENPRESS_BENCH_OUT` picks the disk (e.g. /dev/shm to leave disk
    // latency out and measure fenpress itself).
    let dir = match std::env::var_os("FENPRESS_BENCH_OUT") {
        Some(base) => tempfile::tempdir_in(base),
        None => tempfile::tempdir(),
    }
    .expect("temp dir");
    let out = dir.path().join("site");
    let mut totals = Vec::new();
    let mut steps: Vec<(&'static str, Vec<Duration>)> = Vec::new();
    let mut last = None;
    for _ in 0..runs {
        let start = Instant::now();
        let report = build(&BuildOptions {
            content: corpus.clone(),
            out: out.clone(),
            strict: false,
        })
        .expect("the corpus builds");
        totals.push(start.elapsed());
        assert!(report.written, "the corpus build failed");
        for (name, took) in &report.timings {
            match steps.iter_mut().find(|(n, _)| n == name) {
                Some((_, list)) => list.push(*took),
                None => steps.push((name, vec![*took])),
            }
        }
        last = Some(report);
    }
    let report = last.expect("at least one run");
    println!(
        "corpus build: {} pages, {} diagrams, {} files; {runs} runs",
        report.pages, report.diagrams, report.files
    );
    println!(
        "  {:<8} median {:>8.1} ms  (min {:.1} ms)",
        "total",
        ms(median(&mut totals)),
        ms(totals[0])
    );
    for (name, mut list) in steps {
        println!("  {name:<8} median {:>8.1} ms", ms(median(&mut list)));
    }
}

fn median(list: &mut [Duration]) -> Duration {
    list.sort();
    list[list.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
