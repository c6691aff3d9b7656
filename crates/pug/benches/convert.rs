//! The Pug front end alone: every Pug page of the vchess corpus parsed and
//! written as Markdown, in one thread, median of N passes (default 9,
//! `CONVERT_BENCH_RUNS` to change). `CONVERT_BENCH_DUMP=FILE` writes every
//! page's Markdown, diagram origins and warnings to FILE, to compare two
//! trees' output byte for byte. Skipped when the corpus (`$FENPRESS_SHARED`
//! or `../shared`) is absent.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The vchess corpus: `$FENPRESS_SHARED/corpus/vchess`, else `../shared`
/// beside the workspace (as the root crate's tests look for it).
fn corpus() -> Option<PathBuf> {
    let shared = std::env::var_os("FENPRESS_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    let corpus = shared.join("corpus").join("vchess");
    corpus.join("rules").is_dir().then_some(corpus)
}

/// Every `.pug` file below `dir` with its text, sorted by path. The crate
/// has no dependencies, so the walk is std's.
fn pug_files(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            pug_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "pug") {
            if let Ok(text) = std::fs::read_to_string(&path) {
                out.push((path, text));
            }
        }
    }
}

fn main() {
    let Some(corpus) = corpus() else {
        println!("skipped: no corpus ($FENPRESS_SHARED or ../shared)");
        return;
    };
    let mut files = Vec::new();
    pug_files(&corpus, &mut files);
    files.sort();
    let runs: usize = std::env::var("CONVERT_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(9);
    if let Some(dump) = std::env::var_os("CONVERT_BENCH_DUMP") {
        let mut out = String::new();
        for (path, text) in &files {
            let _ = writeln!(out, "==> {}", path.display());
            match fenpress_pug::convert(text) {
                Ok(c) => {
                    out.push_str(&c.markdown);
                    let _ = writeln!(out, "--> {:?}\n--> {:?}", c.diagrams, c.warnings);
                }
                Err(e) => {
                    let _ = writeln!(out, "--> errors {e:?}");
                }
            }
        }
        std::fs::write(&dump, out).expect("the dump file can be written");
    }
    let bytes: usize = files.iter().map(|(_, t)| t.len()).sum();
    let mut times = Vec::new();
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let mut written = 0usize;
        for (_, text) in &files {
            if let Ok(c) = fenpress_pug::convert(text) {
                written += c.markdown.len();
            }
        }
        times.push(start.elapsed().as_secs_f64());
        std::hint::black_box(written);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "convert {} Pug pages ({} KB): median {:.1} ms, min {:.1} ms, max {:.1} ms ({} runs)",
        files.len(),
        bytes / 1024,
        times[times.len() / 2] * 1e3,
        times[0] * 1e3,
        times[times.len() - 1] * 1e3,
        times.len()
    );
}
