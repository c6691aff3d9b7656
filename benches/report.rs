//! Printing findings: 100,000 diagnostics over 1,000 source files (the
//! size of the 100x corpus's warnings), written to `/dev/null` in each
//! output format, the human one both summarised (the default) and whole
//! (`--verbose`). Target: under a second each. Median of N runs (default
//! 9, `REPORT_BENCH_RUNS`). Run with `cargo bench --bench report`.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use fenpress::diagnostic::{Diagnostic, Severity};
use fenpress::report;

const FINDINGS: usize = 100_000;
const FILES: usize = 1_000;

fn main() {
    let runs: usize = std::env::var("REPORT_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(9)
        .max(1);
    let (diags, sources) = findings();
    let mut sink = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/null")
        .expect("/dev/null opens");
    type Printer = fn(&[Diagnostic], &HashMap<PathBuf, String>) -> String;
    let printers: [(&str, Printer); 4] = [
        ("human, summarised (default)", |d, s| {
            report::human_summarised(d, s, Some(report::SHOWN_PER_KIND))
        }),
        ("human, --verbose", |d, s| {
            report::human_summarised(d, s, None)
        }),
        ("json", |d, _| report::json(d)),
        ("github", |d, _| report::github(d)),
    ];
    println!("printing {FINDINGS} findings over {FILES} files, {runs} runs each:");
    for (name, print) in printers {
        let mut times = Vec::new();
        let mut bytes = 0;
        for _ in 0..runs {
            let start = Instant::now();
            let out = print(&diags, &sources);
            sink.write_all(out.as_bytes()).expect("the sink takes it");
            times.push(start.elapsed().as_secs_f64());
            bytes = out.len();
        }
        times.sort_by(f64::total_cmp);
        println!(
            "  {name:<28} median {:.3} s, max {:.3} s, {:.1} MB written",
            times[times.len() / 2],
            times[times.len() - 1],
            bytes as f64 / 1e6
        );
    }
}

/// Findings of three kinds spread over `FILES` files of 200 lines each,
/// as `check` sorts them (by file, then line).
fn findings() -> (Vec<Diagnostic>, HashMap<PathBuf, String>) {
    let per_file = FINDINGS / FILES;
    let mut diags = Vec::with_capacity(FINDINGS);
    let mut sources = HashMap::new();
    for f in 0..FILES {
        let path = PathBuf::from(format!("rules/VariantX{f}/en.pug"));
        let text: String = (1..=200)
            .map(|l| format!("  p Line {l} of a rules page, with a diagram: fen:rnbqkbnr/8\n"))
            .collect();
        for i in 0..per_file {
            let (severity, code, message) = match i % 3 {
                0 => (
                    Severity::Warning,
                    "unknown-variant",
                    "variant `VariantX` is not known",
                ),
                1 => (
                    Severity::Warning,
                    "missing-image",
                    "image `a.svg` not found",
                ),
                _ => (Severity::Note, "position-no-king", "White has no king"),
            };
            diags.push(
                Diagnostic::new(severity, code, &path, 1 + i * 2, 5, message)
                    .with_span(3)
                    .with_hint("write it so"),
            );
        }
        sources.insert(path, text);
    }
    (diags, sources)
}
