//! The puzzle prover over a public set nobody here wrote (issue 45, item
//! 5): matetrack's mates in 1 to 6 (`reference/matetrack/matetrackpv.epd`
//! of the shared folder, test data, not in the repository), each proved by
//! the `prove` example (the proof `check` runs: the line, every defence,
//! every other first move) and searched by Fairy-Stockfish's `go mate N`,
//! one position after the other in one sitting. Prints the verdicts
//! (proven, cook, unknown, refuted), fenpress's CPU time per puzzle
//! (median, 90th percentile, maximum) and the two side by side.
//!
//! `FENPRESS_BENCH_MATETRACK_MAX` (default 6) keeps the mates in N or
//! fewer, `FENPRESS_BENCH_MATETRACK_LIMIT` the first N of them,
//! `FENPRESS_BENCH_PROVE` names a built `prove` example to measure.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::run::{run, Cmd};
use crate::{BenchError, Env};

/// One puzzle as fenpress proved it.
struct Proved {
    line: usize,
    mate: u32,
    verdict: String,
    cpu: f64,
}

/// The `prove` example's per-puzzle lines: `epd LINE mate N VERDICT moves
/// NODES cpu SECONDS`.
fn parse_proved(out: &str) -> Vec<Proved> {
    out.lines()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            match w.as_slice() {
                ["epd", line, "mate", n, verdict, "moves", _, "cpu", cpu] => Some(Proved {
                    line: line.parse().ok()?,
                    mate: n.parse().ok()?,
                    verdict: (*verdict).to_string(),
                    cpu: cpu.parse().ok()?,
                }),
                _ => None,
            }
        })
        .collect()
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// Fairy-Stockfish's time for `go mate N` on each puzzle, in one process
/// (its start-up left out), and whether it found the mate.
fn fsf_times(
    bin: &std::path::Path,
    epd: &str,
    puzzles: &[Proved],
) -> Result<Vec<(f64, bool)>, BenchError> {
    let mut child = Command::new(bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|source| BenchError::Spawn {
            cmd: bin.display().to_string(),
            source,
        })?;
    let mut stdin = child.stdin.take().expect("piped");
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    let lines: Vec<&str> = epd.lines().collect();
    let mut read_until = |prefix: &str| -> Result<Vec<String>, BenchError> {
        let mut seen = Vec::new();
        loop {
            let mut l = String::new();
            if stdout.read_line(&mut l)? == 0 {
                return Err(BenchError::Setup(
                    "Fairy-Stockfish ended before answering".into(),
                ));
            }
            let done = l.starts_with(prefix);
            seen.push(l);
            if done {
                return Ok(seen);
            }
        }
    };
    writeln!(stdin, "uci")?;
    read_until("uciok")?;
    writeln!(stdin, "isready")?;
    read_until("readyok")?;
    let mut out = Vec::new();
    for p in puzzles {
        let fen = lines
            .get(p.line - 1)
            .and_then(|l| l.split_once(" bm "))
            .map(|(f, _)| f)
            .ok_or_else(|| BenchError::Setup(format!("no EPD line {}", p.line)))?;
        writeln!(stdin, "ucinewgame\nposition fen {fen} 0 1")?;
        writeln!(stdin, "isready")?;
        read_until("readyok")?;
        let started = Instant::now();
        writeln!(stdin, "go mate {}", p.mate)?;
        let said = read_until("bestmove")?;
        let took = started.elapsed().as_secs_f64();
        let found = said
            .iter()
            .any(|l| l.contains(&format!("score mate {}", p.mate)));
        out.push((took, found));
    }
    let _ = writeln!(stdin, "quit");
    let _ = child.wait();
    Ok(out)
}

pub fn bench(env: &Env) -> Result<(), BenchError> {
    let epd_path = env
        .corpus
        .parent()
        .and_then(|c| c.parent())
        .map(|shared| shared.join("reference/matetrack/matetrackpv.epd"))
        .ok_or_else(|| BenchError::Setup("no shared folder".into()))?;
    if !epd_path.is_file() {
        println!(
            "matetrack: skipped: no {} (the shared folder's test data)",
            epd_path.display()
        );
        return Ok(());
    }
    let max = std::env::var("FENPRESS_BENCH_MATETRACK_MAX").unwrap_or_else(|_| "6".into());
    let limit = std::env::var("FENPRESS_BENCH_MATETRACK_LIMIT").ok();
    // `FENPRESS_BENCH_PROVE` names a built `prove` to measure instead.
    let prove = match std::env::var_os("FENPRESS_BENCH_PROVE") {
        Some(p) => std::path::PathBuf::from(p),
        None => {
            let build = [
                "build",
                "--release",
                "-q",
                "-p",
                "fenpress",
                "--example",
                "prove",
            ];
            run(&Cmd::new("cargo", &build).cwd(&env.root), false)?;
            env.root.join("target/release/examples/prove")
        }
    };
    let mut cmd = Cmd::new(&prove, &["--epd"])
        .arg(epd_path.display().to_string())
        .arg("--max-mate")
        .arg(max.clone());
    if let Some(n) = &limit {
        cmd = cmd.arg("--limit").arg(n.clone());
    }
    let started = Instant::now();
    let ran = run(&cmd, false)?;
    let wall = started.elapsed();
    let proved = parse_proved(&ran.stdout);
    if proved.is_empty() {
        return Err(BenchError::Setup(format!(
            "the prove example printed no puzzle:\n{}",
            ran.stdout
        )));
    }
    let mut verdicts = std::collections::BTreeMap::<&str, usize>::new();
    for p in &proved {
        *verdicts.entry(p.verdict.as_str()).or_default() += 1;
    }
    let mut cpu: Vec<f64> = proved.iter().map(|p| p.cpu).collect();
    cpu.sort_by(f64::total_cmp);
    println!(
        "\n## matetrack mates in 1-{max}: {} puzzles proved by fenpress in {:.1} s",
        proved.len(),
        wall.as_secs_f64()
    );
    let counts: Vec<String> = verdicts.iter().map(|(k, v)| format!("{v} {k}")).collect();
    println!("verdicts: {}", counts.join(", "));
    println!(
        "fenpress CPU per puzzle: median {:.4} s, p90 {:.4} s, max {:.4} s; over 1 s: {}",
        quantile(&cpu, 0.5),
        quantile(&cpu, 0.9),
        quantile(&cpu, 1.0),
        cpu.iter().filter(|&&c| c > 1.0).count()
    );
    for n in 1..=6 {
        let mut of_n: Vec<f64> = proved
            .iter()
            .filter(|p| p.mate == n)
            .map(|p| p.cpu)
            .collect();
        if of_n.is_empty() {
            continue;
        }
        of_n.sort_by(f64::total_cmp);
        let unknown = proved
            .iter()
            .filter(|p| p.mate == n && p.verdict == "unknown")
            .count();
        println!(
            "  mate in {n}: {} puzzles, median {:.4} s, max {:.4} s, unknown {unknown}",
            of_n.len(),
            quantile(&of_n, 0.5),
            quantile(&of_n, 1.0)
        );
    }
    let fsf = match crate::fsf::binary(env) {
        Ok(b) => b,
        Err(e) => {
            println!("Fairy-Stockfish: skipped: {e}");
            return Ok(());
        }
    };
    let epd = std::fs::read_to_string(&epd_path)?;
    let theirs = fsf_times(&fsf, &epd, &proved)?;
    let mut ratios: Vec<f64> = proved
        .iter()
        .zip(&theirs)
        .filter(|(_, (t, _))| *t > 0.0)
        .map(|(p, (t, _))| p.cpu / t)
        .collect();
    ratios.sort_by(f64::total_cmp);
    let mut fsf_sorted: Vec<f64> = theirs.iter().map(|(t, _)| *t).collect();
    fsf_sorted.sort_by(f64::total_cmp);
    let found = theirs.iter().filter(|(_, f)| *f).count();
    println!(
        "Fairy-Stockfish `go mate N` (one process, 1 thread): found {found} of {}; time per puzzle median {:.4} s, p90 {:.4} s, max {:.4} s",
        theirs.len(),
        quantile(&fsf_sorted, 0.5),
        quantile(&fsf_sorted, 0.9),
        quantile(&fsf_sorted, 1.0)
    );
    println!(
        "ratio fenpress CPU / Fairy-Stockfish time per puzzle: median {:.2}, p90 {:.2} (fenpress also proves every defence and looks for cooks)",
        quantile(&ratios, 0.5),
        quantile(&ratios, 0.9)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prove_lines_are_read_and_others_skipped() {
        let out = "epd 3 mate 1 proven moves 12 cpu 0.0010\nnoise\n  warning[x] y\nepd 9 mate 2 cook moves 99 cpu 0.5000\nsummary: 2 puzzles\n";
        let p = parse_proved(out);
        assert_eq!(p.len(), 2);
        assert_eq!(
            (p[1].line, p[1].mate, p[1].verdict.as_str()),
            (9, 2, "cook")
        );
        assert!((p[1].cpu - 0.5).abs() < 1e-9);
    }

    #[test]
    fn quantiles_pick_from_the_sorted_list() {
        let xs = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(quantile(&xs, 0.5), 3.0);
        assert_eq!(quantile(&xs, 1.0), 5.0);
        assert!(quantile(&[], 0.5).is_nan());
    }
}
