//! Full builds of the vchess corpus, N times each (`FENPRESS_BENCH_RUNS`,
//! default 10), printing the median wall time of the whole build and of each
//! step, for two cases:
//! - clean: every run writes into a new, empty output folder (a fresh
//!   checkout, CI);
//! - rebuild: every run replaces the previous output (`fenpress build`
//!   again, nothing changed), which takes every verdict, page and search
//!   bundle from the build cache beside the output, and unchanged og:image
//!   PNGs and files. `fenpress-bench rebuild` measures a rebuild after one
//!   page changed.
//!
//! Run with `cargo bench --bench build`; `FENPRESS_BENCH_OUT=/dev/shm`
//! writes the output to memory instead of the disk, to leave the disk's
//! file-creation time out and measure fenpress itself. Peak memory: run the
//! release binary under `/usr/bin/time -v` (see README).

use std::path::Path;
use std::time::{Duration, Instant};

use fenpress::site::baseline::BaselineChoice;
use fenpress::site::{build_with, BuildOptions, BuildReport};

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
    let new_dir = || match std::env::var_os("FENPRESS_BENCH_OUT") {
        Some(base) => tempfile::tempdir_in(base),
        None => tempfile::tempdir(),
    };

    let mut clean = Runs::default();
    for _ in 0..runs {
        let dir = new_dir().expect("temp dir");
        clean.run(&corpus, &dir.path().join("site"));
    }
    let dir = new_dir().expect("temp dir");
    let out = dir.path().join("site");
    build_once(&corpus, &out);
    let mut rebuild = Runs::default();
    for _ in 0..runs {
        rebuild.run(&corpus, &out);
    }

    let report = rebuild.last.as_ref().expect("at least one run");
    println!(
        "corpus build: {} pages, {} diagrams, {} files; {runs} runs each",
        report.pages, report.diagrams, report.files
    );
    clean.print("clean");
    rebuild.print("rebuild");
}

/// The totals and step times of repeated builds.
#[derive(Default)]
struct Runs {
    totals: Vec<Duration>,
    steps: Vec<(&'static str, Vec<Duration>)>,
    last: Option<BuildReport>,
}

impl Runs {
    fn run(&mut self, corpus: &Path, out: &Path) {
        let start = Instant::now();
        let report = build_once(corpus, out);
        self.totals.push(start.elapsed());
        for (name, took) in &report.timings {
            match self.steps.iter_mut().find(|(n, _)| n == name) {
                Some((_, list)) => list.push(*took),
                None => self.steps.push((name, vec![*took])),
            }
        }
        self.last = Some(report);
    }

    fn print(mut self, case: &str) {
        println!(
            "{case}: total median {:>8.1} ms  (min {:.1} ms)",
            ms(median(&mut self.totals)),
            ms(*self.totals.iter().min().expect("runs"))
        );
        for (name, mut list) in self.steps {
            println!("  {name:<18} median {:>8.1} ms", ms(median(&mut list)));
        }
    }
}

fn build_once(corpus: &Path, out: &Path) -> BuildReport {
    // The corpus's known mistakes are declared in its baseline.
    let baseline = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/baselines/vchess.yaml");
    let report = build_with(
        &BuildOptions {
            content: corpus.to_path_buf(),
            out: out.to_path_buf(),
            strict: false,
        },
        &BaselineChoice::At(baseline),
    )
    .expect("the corpus builds");
    assert!(report.written, "the corpus build failed");
    report
}

fn median(list: &mut [Duration]) -> Duration {
    list.sort();
    list[list.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
