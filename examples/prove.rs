//! Proves puzzles one by one, the way `check` does, and prints for each the
//! moves the search played, the time it took and every finding: the tool to
//! compare two versions of the search on the same puzzles (same verdicts,
//! fewer moves, less time), and the engine of `fenpress-bench matetrack`.
//!
//! ```sh
//! cargo run --release --example prove -- tests/fixtures/puzzles-hard/puzzles/Chess/*.md
//! cargo run --release --example prove -- --epd ../shared/reference/matetrack/matetrackpv.epd --max-mate 6
//! ```
//!
//! `--time-ms N` sets each proof's time budget (default: the site default).
//! `--epd FILE` reads chess positions with `bm #N; PV: ...;` (matetrack's
//! format) instead of puzzle files, each a "mate in N" with its PV as the
//! solution; `--max-mate N` keeps the mates in N or fewer, `--limit N` the
//! first N of them. Each line then reads `epd LINE mate N VERDICT moves
//! NODES cpu SECONDS`, VERDICT being `proven`, `unknown` (the budget ran
//! out), `cook` (another first move mates too) or `refuted` (any other
//! finding); a summary with the CPU time's median, 90th percentile and
//! maximum ends the output.

use fenpress_rules::registry::BUILTIN;
use std::path::Path;
use std::time::Duration;

use fenpress::puzzle::{spec, verify, Finding, VerifyOptions};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut options = VerifyOptions::default();
    let mut take = |name: &str| -> Option<String> {
        let i = args.iter().position(|a| a == name)?;
        let value = args.get(i + 1).cloned();
        let end = (i + 2).min(args.len());
        args.drain(i..end);
        if value.is_none() {
            eprintln!("{name} needs a value");
            std::process::exit(2);
        }
        value
    };
    let number = |name: &str, v: Option<String>| -> Option<u64> {
        v.map(|s| match s.parse::<u64>() {
            Ok(n) => n,
            Err(_) => {
                eprintln!("{name} needs a number, not `{s}`");
                std::process::exit(2);
            }
        })
    };
    if let Some(ms) = number("--time-ms", take("--time-ms")) {
        options.time = Duration::from_millis(ms);
    }
    let epd = take("--epd");
    let max_mate = number("--max-mate", take("--max-mate")).unwrap_or(6) as u32;
    let limit = number("--limit", take("--limit")).map(|n| n as usize);
    if let Some(file) = epd {
        prove_epd(&file, max_mate, limit.unwrap_or(usize::MAX), options);
        return;
    }
    if args.is_empty() {
        eprintln!("usage: prove [--time-ms N] PUZZLE.md...\n       prove [--time-ms N] --epd FILE [--max-mate N] [--limit N]");
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
        let verified = verify(&BUILTIN, &puzzle, options);
        println!(
            "{file}: {} moves searched, {:.3} s",
            verified.nodes,
            verified.elapsed.as_secs_f64()
        );
        print_findings(&verified);
    }
}

/// Each finding of a proof on a line of its own, indented.
fn print_findings(verified: &fenpress::puzzle::Verified) {
    for f in &verified.findings {
        println!(
            "  {}[{}] {}",
            f.finding.severity(),
            f.finding.code(),
            f.finding
        );
    }
}

/// One EPD line as a puzzle: its FEN (four fields), the mate's length and
/// the PV as a numbered solution. `None` for a line without a forced mate
/// for the side to move (`bm #-N`) or without a PV.
fn epd_puzzle(line: &str) -> Option<(u32, String)> {
    let (fen, rest) = line.split_once(" bm #")?;
    let (n, rest) = rest.split_once(';')?;
    let n: u32 = n.trim().parse().ok()?;
    let pv = rest
        .split_once("PV:")?
        .1
        .trim()
        .trim_end_matches(';')
        .trim();
    let moves: Vec<&str> = pv.split_whitespace().collect();
    if moves.is_empty() {
        return None;
    }
    let black = fen.split_whitespace().nth(1) == Some("b");
    let mut solution = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let ply = i + usize::from(black);
        let number = ply / 2 + 1;
        solution.push(match (ply % 2, i) {
            (0, _) => format!("{number}.{m}"),
            (1, 0) => format!("{number}...{m}"),
            _ => (*m).to_string(),
        });
    }
    Some((
        n,
        format!(
            "---\nvariant: Chess\nfen: \"{fen} 0 1\"\ngoal: mate in {n}\nsolution: {}\n---\n",
            solution.join(" ")
        ),
    ))
}

/// CPU time of this process so far (user and system, every thread): a
/// proof's share is the difference around it, the cook search's second
/// thread included.
fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::uninit();
        // SAFETY: getrusage writes the struct it is given.
        let usage = unsafe {
            if libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) != 0 {
                return 0.0;
            }
            usage.assume_init()
        };
        let t = |tv: libc::timeval| tv.tv_sec as f64 + tv.tv_usec as f64 / 1e6;
        t(usage.ru_utime) + t(usage.ru_stime)
    }
    #[cfg(not(unix))]
    {
        0.0
    }
}

fn prove_epd(file: &str, max_mate: u32, limit: usize, options: VerifyOptions) {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{file}: cannot read: {e}");
            std::process::exit(2);
        }
    };
    let mut cpu = Vec::new();
    let mut verdicts = std::collections::BTreeMap::<&str, usize>::new();
    for (i, line) in text.lines().enumerate() {
        if cpu.len() >= limit {
            break;
        }
        let Some((n, puzzle_text)) = epd_puzzle(line) else {
            continue;
        };
        if n == 0 || n > max_mate {
            continue;
        }
        let path = format!("epd-line-{}.md", i + 1);
        let puzzle = match spec::parse(Path::new(&path), &puzzle_text) {
            Ok(p) => p,
            Err(e) => {
                println!("epd {} mate {n} unreadable: {e}", i + 1);
                *verdicts.entry("unreadable").or_default() += 1;
                continue;
            }
        };
        let before = cpu_seconds();
        let verified = verify(&BUILTIN, &puzzle, options);
        let spent = cpu_seconds() - before;
        let verdict = if verified.findings.is_empty() {
            "proven"
        } else if verified.findings.iter().any(|f| {
            matches!(
                f.finding,
                Finding::Unproved { .. } | Finding::CookSearchIncomplete { .. }
            )
        }) {
            "unknown"
        } else if verified
            .findings
            .iter()
            .all(|f| matches!(f.finding, Finding::Cook { .. }))
        {
            "cook"
        } else {
            "refuted"
        };
        *verdicts.entry(verdict).or_default() += 1;
        cpu.push(spent);
        println!(
            "epd {} mate {n} {verdict} moves {} cpu {spent:.4}",
            i + 1,
            verified.nodes
        );
        if verdict == "refuted" {
            print_findings(&verified);
        }
    }
    cpu.sort_by(f64::total_cmp);
    let at = |q: f64| -> f64 {
        if cpu.is_empty() {
            return 0.0;
        }
        cpu[((cpu.len() - 1) as f64 * q).round() as usize]
    };
    let counts: Vec<String> = verdicts.iter().map(|(k, v)| format!("{v} {k}")).collect();
    println!(
        "summary: {} puzzles: {}; cpu median {:.4} s, p90 {:.4} s, max {:.4} s",
        cpu.len(),
        counts.join(", "),
        at(0.5),
        at(0.9),
        at(1.0)
    );
}
