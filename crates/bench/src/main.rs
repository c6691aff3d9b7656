//! `fenpress-bench`: whole-process benchmarks of fenpress, run alternately
//! against its previous self (a git commit built into `target/bench/`),
//! Hugo + Pagefind and Fairy-Stockfish, printing medians and ratios.
//! `cargo run -p fenpress-bench --release -- all` is the one command.

mod family;
mod fsf;
mod hugo;
mod matetrack;
mod prev;
mod puzzle;
mod rebuild;
mod run;
mod scale;
mod serve;

use std::path::{Path, PathBuf};

/// Why a bench could not run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("I/O: {0}")]
    Io(#[from] std::io::Error),
    #[error("cannot start `{cmd}`: {source}")]
    Spawn { cmd: String, source: std::io::Error },
    #[error("`{cmd}` failed (wait status {status}):\n{tail}")]
    Failed {
        cmd: String,
        status: i32,
        tail: String,
    },
    #[error("{0}")]
    Setup(String),
}

/// Where things are and how many runs to make.
pub struct Env {
    /// The workspace root (where `Cargo.toml` and `target/` are).
    pub root: PathBuf,
    /// `corpus/vchess` of the shared folder.
    pub corpus: PathBuf,
    /// The fenpress binary being measured (`target/release/fenpress`).
    pub fenpress: PathBuf,
    /// Scratch space: `target/bench/` (builds of other programs, binaries).
    pub work: PathBuf,
    /// Output of builds: memory (`/dev/shm`) when there is one, so the
    /// disk's file-creation time is left out of every contender.
    pub out: PathBuf,
    pub runs: usize,
    /// The previous fenpress to compare with, a git revision.
    pub prev: String,
}

const USAGE: &str = "usage: fenpress-bench [--runs N] [--prev REV] BENCH...
benches:
  prev     build, check, serve: the previous fenpress (REV, default: the main
           before the architecture merge) against this one
  hugo     corpus build: fenpress against Hugo + Pagefind on the same pages
  scale    sites of 1x, 10x, 100x the corpus (FENPRESS_BENCH_SCALES=1,10):
           time and peak memory
  perft    chess depth 5/6 (start, kiwipete) and Orda depth 5 against
           Fairy-Stockfish (FENPRESS_BENCH_PERFT)
  family   perft of chess, Orda and five chess-family variants against
           Fairy-Stockfish and the previous fenpress (FENPRESS_BENCH_FAMILY)
  puzzle   proof time of each puzzle of content/ and tests/fixtures/puzzles-hard/
  matetrack  matetrack's mates in 1-6 proved (verdicts, CPU per puzzle) beside
           Fairy-Stockfish's go mate (FENPRESS_BENCH_MATETRACK_MAX, _LIMIT)
  rebuild  corpus rebuild after one page's text changed (the build cache
           beside the output) against a clean build, caches off
  serve    save-to-reload latency of `fenpress serve` at 10x the corpus
  all      every bench above
  gen K DIR   write a site K times the corpus into DIR (the scale generator)
  clean    remove target/bench/";

fn main() -> std::process::ExitCode {
    match real_main() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fenpress-bench: {e}");
            std::process::ExitCode::from(2)
        }
    }
}

fn real_main() -> Result<(), BenchError> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let runs = take_option(&mut args, "--runs")?
        .map(|n| n.parse::<usize>())
        .transpose()
        .map_err(|_| BenchError::Setup("--runs takes a number".into()))?
        .unwrap_or(5)
        .max(1);
    let prev =
        take_option(&mut args, "--prev")?.unwrap_or_else(|| prev::BEFORE_ARCHITECTURE.into());
    if args.is_empty() || args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return Ok(());
    }
    let env = Env::discover(runs, prev)?;
    if args[0] == "gen" {
        let k = args.get(1).and_then(|k| k.parse().ok());
        let (Some(k), Some(dir)) = (k, args.get(2)) else {
            return Err(BenchError::Setup("usage: fenpress-bench gen K DIR".into()));
        };
        let pages = scale::generate(&env.corpus, k, Path::new(dir))?;
        println!("wrote {pages} pages into {dir}");
        return Ok(());
    }
    if args[0] == "clean" {
        let _ = std::fs::remove_dir_all(&env.work);
        return Ok(());
    }
    let all = args.iter().any(|a| a == "all");
    let wanted = |name: &str| all || args.iter().any(|a| a == name);
    println!(
        "fenpress-bench: {} runs each, alternating; machine: {} cores, load average {}",
        env.runs,
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        run::load_average()
    );
    env.build_fenpress()?;
    if wanted("prev") {
        prev::bench(&env)?;
    }
    if wanted("hugo") {
        hugo::bench(&env)?;
    }
    if wanted("scale") {
        scale::bench(&env)?;
    }
    if wanted("perft") {
        fsf::bench(&env)?;
    }
    if wanted("family") {
        family::bench(&env)?;
    }
    if wanted("puzzle") {
        puzzle::bench(&env)?;
    }
    if wanted("matetrack") {
        matetrack::bench(&env)?;
    }
    if wanted("rebuild") {
        rebuild::bench(&env)?;
    }
    if wanted("serve") {
        serve::bench(&env)?;
    }
    Ok(())
}

/// Removes `--name VALUE` from `args`, returning VALUE.
fn take_option(args: &mut Vec<String>, name: &str) -> Result<Option<String>, BenchError> {
    let Some(i) = args.iter().position(|a| a == name) else {
        return Ok(None);
    };
    if i + 1 >= args.len() {
        return Err(BenchError::Setup(format!("{name} takes a value")));
    }
    let value = args.remove(i + 1);
    args.remove(i);
    Ok(Some(value))
}

impl Env {
    fn discover(runs: usize, prev: String) -> Result<Env, BenchError> {
        // The workspace root is two folders above this crate's manifest.
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .nth(2)
            .map(Path::to_path_buf)
            .ok_or_else(|| BenchError::Setup("no workspace root".into()))?;
        let shared = std::env::var_os("FENPRESS_SHARED")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("../shared"));
        let corpus = shared.join("corpus/vchess");
        if !corpus.join("rules").is_dir() {
            return Err(BenchError::Setup(format!(
                "no corpus at {} (set FENPRESS_SHARED)",
                corpus.display()
            )));
        }
        let work = root.join("target/bench");
        let shm = Path::new("/dev/shm");
        let out = if shm.is_dir() {
            shm.join(format!("fenpress-bench-{}", std::process::id()))
        } else {
            work.join("out")
        };
        std::fs::create_dir_all(&work)?;
        std::fs::create_dir_all(&out)?;
        Ok(Env {
            fenpress: std::env::var_os("FENPRESS_BENCH_BIN")
                .map(PathBuf::from)
                .unwrap_or_else(|| root.join("target/release/fenpress")),
            root,
            corpus,
            work,
            out,
            runs,
            prev,
        })
    }

    /// `cargo build --release` of the fenpress binary (quick when built),
    /// unless `$FENPRESS_BENCH_BIN` names the binary to measure.
    fn build_fenpress(&self) -> Result<(), BenchError> {
        if std::env::var_os("FENPRESS_BENCH_BIN").is_some() {
            return Ok(());
        }
        let cmd =
            run::Cmd::new("cargo", &["build", "--release", "-q", "-p", "fenpress"]).cwd(&self.root);
        run::run(&cmd, false)?;
        Ok(())
    }

    /// A fresh, empty folder under the output space.
    pub fn out_dir(&self, name: &str) -> PathBuf {
        self.out.join(name)
    }
}

impl Drop for Env {
    fn drop(&mut self) {
        // Build outputs in memory are not left behind.
        let _ = std::fs::remove_dir_all(&self.out);
    }
}

/// Removes `dir` if it exists (an output folder between clean runs).
pub fn empty(dir: &Path) -> Result<(), BenchError> {
    match std::fs::remove_dir_all(dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e.into()),
    }
}
