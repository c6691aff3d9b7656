//! `fenpress-fuzz`: runs the fuzz targets on any Rust toolchain.
//!
//! ```sh
//! cargo run -p fenpress-fuzz --release -- run all --seconds 60
//! cargo run -p fenpress-fuzz --release -- run pug --execs 10000000
//! cargo run -p fenpress-fuzz --release -- replay pug fuzz-findings/pug-crash-1a2b
//! ```
//!
//! The parent process runs each target in a child process: a panic is
//! caught and saved in the child, while an abort (stack overflow) or a hang
//! (no progress for `--hang-secs`) kills the child, and the parent saves
//! the input the child was running, which the child writes to a file before
//! each execution. Exit code 1 when anything was found.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use fenpress_fuzz::mutate::{mutate, Rng};
use fenpress_fuzz::{target, targets, Target};

struct Options {
    seconds: f64,
    execs: u64,
    seed: u64,
    seed_dirs: Vec<PathBuf>,
    findings: PathBuf,
    hang_secs: f64,
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
        Some("__child") => child_command(&args[1..]),
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
    };
    let mut i = 0;
    while i < args.len() {
        let value = args
            .get(i + 1)
            .ok_or(format!("{} needs a value", args[i]))?;
        let flag = args[i].as_str();
        let bad = || format!("bad value `{value}` for {flag}");
        match args[i].as_str() {
            "--seconds" => o.seconds = value.parse().map_err(|_| bad())?,
            "--execs" => o.execs = value.parse().map_err(|_| bad())?,
            "--seed" => o.seed = value.parse().map_err(|_| bad())?,
            "--seeds" => o.seed_dirs.push(PathBuf::from(value)),
            "--findings" => o.findings = PathBuf::from(value),
            "--hang-secs" => o.hang_secs = value.parse().map_err(|_| bad())?,
            other => return Err(format!("unknown option `{other}`")),
        }
        i += 2;
    }
    Ok(o)
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
        match fuzz_in_children(t, &opts, &args[1..]) {
            Ok(n) => found += n,
            Err(e) => {
                eprintln!("{}: {e}", t.name);
                return 2;
            }
        }
    }
    i32::from(found > 0)
}

/// Runs children until the time or execution budget is spent; returns the
/// number of findings.
fn fuzz_in_children(t: &Target, opts: &Options, raw: &[String]) -> Result<u64, String> {
    fs::create_dir_all(&opts.findings).map_err(|e| format!("{}: {e}", opts.findings.display()))?;
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let candidate = opts.findings.join(format!(".{}-running", t.name));
    let start = Instant::now();
    let (mut execs, mut found, mut round) = (0u64, 0u64, 0u64);
    while start.elapsed().as_secs_f64() < opts.seconds && execs < opts.execs {
        let left = opts.seconds - start.elapsed().as_secs_f64();
        let mut child = Command::new(&exe)
            .arg("__child")
            .arg(t.name)
            .args(raw)
            .args(["--seconds", &format!("{left:.3}")])
            .args(["--execs", &(opts.execs - execs).to_string()])
            .args([
                "--seed",
                &(opts.seed.wrapping_add(round * 7919)).to_string(),
            ])
            .arg("--candidate")
            .arg(&candidate)
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start a child: {e}"))?;
        round += 1;
        let stdout = child.stdout.take().ok_or("no child stdout")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let (mut last, mut seen) = (Instant::now(), 0u64);
        let mut hung = false;
        loop {
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => {
                    if let Some(n) = line.strip_prefix("execs ") {
                        let n: u64 = n.trim().parse().unwrap_or(seen);
                        if n != seen {
                            seen = n;
                            last = Instant::now();
                        }
                    } else if let Some(n) = line.strip_prefix("panics ") {
                        found += n.trim().parse::<u64>().unwrap_or(0);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            if last.elapsed().as_secs_f64() > opts.hang_secs {
                hung = true;
                let _ = child.kill();
                break;
            }
        }
        let status = child.wait().map_err(|e| e.to_string())?;
        execs += seen;
        if hung || !status.success() {
            let kind = if hung { "hang" } else { "crash" };
            let input = fs::read(&candidate).unwrap_or_default();
            let path = save_finding(&opts.findings, t.name, kind, &input)?;
            eprintln!("{}: {kind} ({status}) on {}", t.name, path.display());
            found += 1;
        }
    }
    let _ = fs::remove_file(&candidate);
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

/// The child: mutates seeds and runs the target until its budget is spent.
fn child_command(args: &[String]) -> i32 {
    let Some(t) = args.first().and_then(|n| target(n)) else {
        return 2;
    };
    let mut rest: Vec<String> = args[1..].to_vec();
    let Some(at) = rest.iter().position(|a| a == "--candidate") else {
        return 2;
    };
    let candidate_path = PathBuf::from(rest.remove(at + 1));
    rest.remove(at);
    let Ok(opts) = parse_options(&rest) else {
        return 2;
    };
    let Ok(candidate) = fs::File::create(&candidate_path) else {
        return 2;
    };
    let seeds = load_seeds(t, &opts.seed_dirs);
    let execs = Arc::new(AtomicU64::new(0));
    {
        let execs = Arc::clone(&execs);
        std::thread::spawn(move || loop {
            println!("execs {}", execs.load(Ordering::Relaxed));
            let _ = std::io::stdout().flush();
            std::thread::sleep(Duration::from_millis(200));
        });
    }
    // Panics are findings, reported once each below: keep stderr quiet.
    std::panic::set_hook(Box::new(|_| {}));
    let mut rng = Rng::new(opts.seed);
    let start = Instant::now();
    let mut panics = 0u64;
    let mut input = seeds[rng.below(seeds.len())].clone();
    let mut n = 0u64;
    while n < opts.execs && (!n.is_multiple_of(256) || start.elapsed().as_secs_f64() < opts.seconds)
    {
        if rng.below(16) == 0 {
            input = seeds[rng.below(seeds.len())].clone();
        }
        mutate(&mut rng, &mut input, &seeds, t.dictionary);
        let _ = candidate.set_len(0);
        let _ = candidate.write_at(&input, 0);
        let run = t.run;
        let data = input.clone();
        if std::panic::catch_unwind(move || run(&data)).is_err() {
            panics += 1;
            if let Ok(path) = save_finding(&opts.findings, t.name, "panic", &input) {
                eprintln!("{}: panic on {}", t.name, path.display());
            }
        }
        n += 1;
        execs.store(n, Ordering::Relaxed);
    }
    println!("execs {n}");
    println!("panics {panics}");
    0
}

/// Seeds: the files of `--seeds` folders, else the target's defaults from
/// the vchess corpus and the embedded site (when present), else one empty
/// input.
fn load_seeds(t: &Target, dirs: &[PathBuf]) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let shared = std::env::var_os("FENPRESS_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared"));
    let defaults = [shared.join("corpus/vchess"), root.join("content")];
    let dirs: Vec<&Path> = if dirs.is_empty() {
        defaults.iter().map(PathBuf::as_path).collect()
    } else {
        dirs.iter().map(PathBuf::as_path).collect()
    };
    for dir in dirs {
        collect(dir, &mut |path, bytes| {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            match t.name {
                "pug" if ext == "pug" => seeds.push(bytes.to_vec()),
                "fen" | "notation" if ext == "pug" || ext == "md" => {
                    seeds.extend(fen_like_words(bytes, t.name == "notation"))
                }
                _ if !matches!(ext, "pug" | "md" | "yaml") => {}
                "pug" | "fen" | "notation" => {}
                _ => seeds.push(bytes.to_vec()),
            }
        });
    }
    seeds.truncate(20_000);
    if seeds.is_empty() {
        seeds.push(Vec::new());
    }
    seeds
}

/// FEN strings (`fen:...:` and `fen: ...` lines) or move-like words of a page.
fn fen_like_words(bytes: &[u8], moves: bool) -> Vec<Vec<u8>> {
    let text = String::from_utf8_lossy(bytes);
    let mut out = Vec::new();
    for line in text.lines() {
        if moves {
            for w in line.split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == ']') {
                let w = w.trim_matches(|c: char| c == '.' || c == ':' || c == ';');
                if (2..=10).contains(&w.len()) && w.bytes().any(|b| b.is_ascii_digit()) {
                    out.push([&[0u8][..], w.as_bytes()].concat());
                }
            }
        } else if let Some(i) = line.find("fen:") {
            let fen = line[i + 4..].trim().trim_end_matches(':');
            for variant in 0..3u8 {
                out.push([&[variant][..], fen.as_bytes()].concat());
            }
        }
    }
    out
}

fn collect(dir: &Path, f: &mut dyn FnMut(&Path, &[u8])) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, f);
        } else if let Ok(bytes) = fs::read(&path) {
            f(&path, &bytes);
        }
    }
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
