//! `fenpress-fuzz`: runs the fuzz targets on any Rust toolchain.
//!
//! ```sh
//! cargo run -p fenpress-fuzz --release -- run all --seconds 60
//! nice -n 19 cargo run -p fenpress-fuzz --release -- run pug --execs 10000000
//! cargo run -p fenpress-fuzz --release -- replay pug fuzz-findings/pug-crash-1a2b
//! ```
//!
//! A worker process runs the target in process, each input under
//! `catch_unwind` (a panic is saved at once), with a watchdog thread that
//! ends the worker when an input runs longer than `--hang-secs`. When the
//! worker dies (an abort: stack overflow, out of memory) or hangs, the
//! supervisor replays the blocks it was running in a child that writes each
//! input to a file before running it, and saves the input that child was
//! running when it died or hung. Exit code 1 when anything was found.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use fenpress_fuzz::{block_inputs, fuzz_blocks, quiet_panics, run_caught, seeds, Progress};
use fenpress_fuzz::{target, targets, Target, BLOCK};

/// Blocks the replay child runs from the last block the worker reported:
/// the worker reports every 250 ms, a few blocks at most.
const REPLAY_BLOCKS: u64 = 16;

#[derive(Clone)]
struct Options {
    seconds: f64,
    execs: u64,
    seed: u64,
    seed_dirs: Vec<PathBuf>,
    findings: PathBuf,
    hang_secs: f64,
    /// Worker and replay: the first block, how many.
    first: u64,
    blocks: u64,
    /// Replay: the file each input is written to before it runs.
    candidate: Option<PathBuf>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        Some("list") => {
            for t in targets() {
                println!("{:10} {}", t.name, t.about);
            }
            0
        }
        Some("run") => run_command(&args[1..]),
        Some("replay") => replay_command(&args[1..]),
        Some(hidden @ ("__worker" | "__replay")) => child_command(hidden, &args[1..]),
        _ => {
            eprintln!(
                "usage: fenpress-fuzz list | run TARGET|all [--seconds N] [--execs N] [--seed N] \
                 [--seeds DIR]... [--findings DIR] [--hang-secs N] | replay TARGET FILE..."
            );
            2
        }
    };
    std::process::exit(code);
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        seconds: 10.0,
        execs: u64::MAX,
        seed: 1,
        seed_dirs: Vec::new(),
        findings: PathBuf::from("fuzz-findings"),
        hang_secs: 5.0,
        first: 0,
        blocks: u64::MAX,
        candidate: None,
    };
    let mut i = 0;
    while i < args.len() {
        let value = args
            .get(i + 1)
            .ok_or(format!("{} needs a value", args[i]))?;
        let flag = args[i].as_str();
        let bad = || format!("bad value `{value}` for {flag}");
        match flag {
            "--seconds" => o.seconds = value.parse().map_err(|_| bad())?,
            "--execs" => o.execs = value.parse().map_err(|_| bad())?,
            "--seed" => o.seed = value.parse().map_err(|_| bad())?,
            "--seeds" => o.seed_dirs.push(PathBuf::from(value)),
            "--findings" => o.findings = PathBuf::from(value),
            "--hang-secs" => o.hang_secs = value.parse().map_err(|_| bad())?,
            "--first" => o.first = value.parse().map_err(|_| bad())?,
            "--blocks" => o.blocks = value.parse().map_err(|_| bad())?,
            "--candidate" => o.candidate = Some(PathBuf::from(value)),
            other => return Err(format!("unknown option `{other}`")),
        }
        i += 2;
    }
    Ok(o)
}

/// The command line of a worker or replay child with these options.
fn child_args(kind: &str, t: &Target, o: &Options) -> Vec<String> {
    let mut args = vec![kind.to_string(), t.name.to_string()];
    let mut push = |flag: &str, value: String| {
        args.push(flag.to_string());
        args.push(value);
    };
    push("--seconds", format!("{:.3}", o.seconds));
    push("--execs", o.execs.to_string());
    push("--seed", o.seed.to_string());
    push("--findings", o.findings.display().to_string());
    push("--hang-secs", o.hang_secs.to_string());
    push("--first", o.first.to_string());
    push("--blocks", o.blocks.to_string());
    for d in &o.seed_dirs {
        push("--seeds", d.display().to_string());
    }
    if let Some(c) = &o.candidate {
        push("--candidate", c.display().to_string());
    }
    args
}

fn run_command(args: &[String]) -> i32 {
    let Some(name) = args.first() else {
        eprintln!("run: which target? (`fenpress-fuzz list`)");
        return 2;
    };
    let opts = match parse_options(&args[1..]) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("run: {e}");
            return 2;
        }
    };
    let chosen: Vec<&Target> = if name == "all" {
        targets().iter().collect()
    } else if let Some(t) = target(name) {
        vec![t]
    } else {
        eprintln!("run: no target `{name}` (`fenpress-fuzz list`)");
        return 2;
    };
    let mut found = 0;
    for t in chosen {
        match supervise(t, &opts) {
            Ok(n) => found += n,
            Err(e) => {
                eprintln!("{}: {e}", t.name);
                return 2;
            }
        }
    }
    i32::from(found > 0)
}

/// How a child process ended, as its supervisor saw it.
struct ChildEnd {
    /// Executions it reported.
    execs: u64,
    /// The last block it reported running.
    block: u64,
    /// Panics it caught and saved.
    panics: u64,
    /// It stopped making progress (it said so, or went silent).
    hung: bool,
    /// It exited normally.
    ok: bool,
    status: String,
}

/// Runs a child and follows its `execs N` / `block B` / `panic` / `hang`
/// lines; kills it when it reports no progress for `hang_secs`.
fn follow_child(exe: &Path, args: &[String], hang_secs: f64) -> Result<ChildEnd, String> {
    let mut child = Command::new(exe)
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start a child: {e}"))?;
    let stdout = child.stdout.take().ok_or("no child stdout")?;
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut end = ChildEnd {
        execs: 0,
        block: 0,
        panics: 0,
        hung: false,
        ok: false,
        status: String::new(),
    };
    let mut last = Instant::now();
    loop {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(line) => {
                let (key, value) = line.split_once(' ').unwrap_or((line.as_str(), ""));
                let n = value.trim().parse::<u64>().ok();
                match (key, n) {
                    ("execs", Some(n)) if n != end.execs => {
                        end.execs = n;
                        last = Instant::now();
                    }
                    ("block", Some(b)) => end.block = b,
                    ("panic", _) => end.panics += 1,
                    ("hang", Some(b)) => {
                        end.block = b;
                        end.hung = true;
                    }
                    _ => {}
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        // The child's own watchdog reports a hang; this is for a child
        // that cannot (a replay child, or one stuck outside the target).
        if last.elapsed().as_secs_f64() > hang_secs * 2.0 + 1.0 {
            end.hung = true;
            let _ = child.kill();
            break;
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    end.ok = status.success() && !end.hung;
    end.status = status.to_string();
    Ok(end)
}

/// Runs workers until the time or execution budget is spent; a worker that
/// dies or hangs has its last blocks replayed to find the input. Returns
/// the number of findings.
fn supervise(t: &Target, opts: &Options) -> Result<u64, String> {
    fs::create_dir_all(&opts.findings).map_err(|e| format!("{}: {e}", opts.findings.display()))?;
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let start = Instant::now();
    let left = |start: Instant| opts.seconds - start.elapsed().as_secs_f64();
    let (mut execs, mut found, mut next_block) = (0u64, 0u64, 0u64);
    while left(start) > 0.0 && execs < opts.execs {
        let mut worker = opts.clone();
        worker.seconds = left(start);
        worker.execs = opts.execs - execs;
        worker.first = next_block;
        worker.blocks = if t.recycle_blocks > 0 {
            t.recycle_blocks
        } else {
            u64::MAX - next_block
        };
        let end = follow_child(&exe, &child_args("__worker", t, &worker), opts.hang_secs)?;
        execs += end.execs;
        found += end.panics;
        if end.ok {
            next_block = next_block.saturating_add(end.execs.div_ceil(BLOCK).max(1));
            continue;
        }
        // Replay the blocks the worker may have been running.
        let kind = if end.hung { "hang" } else { "crash" };
        let candidate = opts.findings.join(format!(".{}-running", t.name));
        let mut replay = opts.clone();
        replay.seconds = f64::MAX;
        replay.execs = u64::MAX;
        replay.first = end.block;
        replay.blocks = REPLAY_BLOCKS;
        replay.candidate = Some(candidate.clone());
        let again = follow_child(&exe, &child_args("__replay", t, &replay), opts.hang_secs)?;
        if again.ok {
            eprintln!(
                "{}: the worker ended with {kind} ({}) in block {}, not found again on replay",
                t.name, end.status, end.block
            );
        } else {
            let kind = if again.hung { "hang" } else { "crash" };
            let input = fs::read(&candidate).unwrap_or_default();
            let path = save_finding(&opts.findings, t.name, kind, &input)?;
            eprintln!(
                "{}: {kind} ({}) on {}",
                t.name,
                again.status,
                path.display()
            );
            found += 1;
        }
        let _ = fs::remove_file(&candidate);
        next_block = end.block + REPLAY_BLOCKS;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{}: {execs} executions in {secs:.1} s ({:.0}/s), {found} findings",
        t.name,
        execs as f64 / secs.max(1e-9)
    );
    Ok(found)
}

fn save_finding(dir: &Path, target: &str, kind: &str, input: &[u8]) -> Result<PathBuf, String> {
    let hash = input.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
    });
    let path = dir.join(format!("{target}-{kind}-{hash:016x}"));
    fs::write(&path, input).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// A worker (in-process loop) or a replay child (each input written to the
/// candidate file first; panics are the worker's to save).
fn child_command(kind: &str, args: &[String]) -> i32 {
    let Some(t) = args.first().and_then(|n| target(n)) else {
        return 2;
    };
    let Ok(opts) = parse_options(&args[1..]) else {
        return 2;
    };
    let seeds = seeds::load(t, &opts.seed_dirs);
    let progress = Arc::new(Progress::default());
    quiet_panics();
    spawn_watchdog(Arc::clone(&progress), opts.hang_secs);
    let deadline = Instant::now() + Duration::from_secs_f64(opts.seconds.clamp(0.0, 1e9));
    if kind == "__replay" {
        let Some(candidate) = opts
            .candidate
            .as_ref()
            .and_then(|p| fs::File::create(p).ok())
        else {
            return 2;
        };
        for block in opts.first..opts.first.saturating_add(opts.blocks) {
            progress.block.store(block, Ordering::Relaxed);
            block_inputs(t, &seeds, opts.seed, block, |input| {
                let _ = candidate.set_len(0);
                let _ = candidate.write_at(input, 0);
                let _ = run_caught(t, input);
                progress.execs.fetch_add(1, Ordering::Relaxed);
                true
            });
        }
    } else {
        let mut first = opts.first;
        let mut blocks_left = opts.blocks;
        // Blocks in slices, so the deadline is read between them.
        while blocks_left > 0 && Instant::now() < deadline {
            let done = progress.execs.load(Ordering::Relaxed);
            if done >= opts.execs {
                break;
            }
            let slice = blocks_left.min(8);
            fuzz_blocks(
                t,
                &seeds,
                opts.seed,
                (first, slice),
                opts.execs - done,
                &progress,
                &mut |input, message| {
                    if let Ok(path) = save_finding(&opts.findings, t.name, "panic", input) {
                        let _ = fs::write(path.with_extension("txt"), message);
                        println!("panic {}", path.display());
                    }
                },
            );
            first += slice;
            blocks_left -= slice;
        }
    }
    println!("execs {}", progress.execs.load(Ordering::Relaxed));
    let _ = std::io::stdout().flush();
    0
}

/// Reports progress every 250 ms; ends the process (exit code 3, after a
/// `hang B` line) when no input finished for `hang_secs`.
fn spawn_watchdog(progress: Arc<Progress>, hang_secs: f64) {
    std::thread::spawn(move || {
        let (mut seen, mut since) = (u64::MAX, Instant::now());
        loop {
            std::thread::sleep(Duration::from_millis(250));
            let n = progress.execs.load(Ordering::Relaxed);
            let block = progress.block.load(Ordering::Relaxed);
            if n != seen {
                seen = n;
                since = Instant::now();
            }
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "block {block}\nexecs {n}");
            if since.elapsed().as_secs_f64() > hang_secs {
                let _ = writeln!(out, "hang {block}");
                let _ = out.flush();
                std::process::exit(3);
            }
            let _ = out.flush();
        }
    });
}

fn replay_command(args: &[String]) -> i32 {
    let Some(t) = args.first().and_then(|n| target(n)) else {
        eprintln!("replay: which target? (`fenpress-fuzz list`)");
        return 2;
    };
    for file in &args[1..] {
        match fs::read(file) {
            Ok(bytes) => {
                eprintln!("{}: {file} ({} bytes)", t.name, bytes.len());
                (t.run)(&bytes);
            }
            Err(e) => {
                eprintln!("replay: {file}: {e}");
                return 2;
            }
        }
    }
    0
}
