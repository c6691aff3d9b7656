//! Fuzz targets: each reader of user-written text (Pug pages, FEN, move
//! notation, diagram specs, YAML blocks, variant definitions) as a function
//! of bytes that must never panic, hang or abort, and the in-process loop
//! that runs them (`src/main.rs` supervises it; cargo-fuzz, where a nightly
//! toolchain exists, can run the same `run` functions).

pub mod mutate;
pub mod seeds;
pub mod targets;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use mutate::{mutate, Rng};

/// One fuzz target.
pub struct Target {
    /// Its name on the command line.
    pub name: &'static str,
    /// What it reads, for `--help`.
    pub about: &'static str,
    /// Runs one input; panicking (or aborting) is a finding.
    pub run: fn(&[u8]),
    /// Words the mutator splices in: the syntax the reader cares about.
    pub dictionary: &'static [&'static str],
    /// Inputs never grow past this many bytes: cost limits are tested on
    /// purpose by their own tests, and short inputs keep the loop fast.
    pub max_len: usize,
    /// A fresh worker process every this many blocks (0: never), for
    /// readers that keep what they read for the process (leaked names).
    pub recycle_blocks: u64,
}

/// Every target, by name.
pub fn targets() -> &'static [Target] {
    targets::ALL
}

/// The target called `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    targets().iter().find(|t| t.name == name)
}

/// Executions per block. A block's inputs depend only on the run's seed
/// and the block's number, so a crash is found again by replaying its
/// block (in a child process that records each input before running it).
pub const BLOCK: u64 = 4096;

/// Calls `f` with each input of block `block` of the run seeded `seed`,
/// in order, until it returns false: the mutations of one seed input,
/// restarting from a fresh seed now and then.
pub fn block_inputs(
    t: &Target,
    seeds: &[Vec<u8>],
    seed: u64,
    block: u64,
    mut f: impl FnMut(&[u8]) -> bool,
) {
    let mut rng = Rng::new(seed ^ block.wrapping_mul(0xD1B5_4A32_D192_ED03));
    let pick = |rng: &mut Rng| {
        let mut input = seeds
            .get(rng.below(seeds.len()))
            .cloned()
            .unwrap_or_default();
        input.truncate(t.max_len);
        input
    };
    let mut input = pick(&mut rng);
    for _ in 0..BLOCK {
        if rng.below(16) == 0 {
            input = pick(&mut rng);
        }
        mutate(&mut rng, &mut input, seeds, t.dictionary, t.max_len);
        if !f(&input) {
            return;
        }
    }
}

static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// Panics are findings, reported by the loop: the hook only keeps the
/// message (stderr would be flooded otherwise).
pub fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let mut last = LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner());
        *last = info.to_string();
    }));
}

/// Runs one input; a panic is returned as its message.
pub fn run_caught(t: &Target, input: &[u8]) -> Result<(), String> {
    let run = t.run;
    std::panic::catch_unwind(|| run(input))
        .map_err(|_| LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()).clone())
}

/// What the in-process loop shares with its watchdog and progress thread.
#[derive(Default)]
pub struct Progress {
    /// Executions so far (every input run, panicking or not).
    pub execs: AtomicU64,
    /// The block being run.
    pub block: AtomicU64,
}

/// Runs blocks `first..first + blocks` in this process, each input under
/// `catch_unwind`; `on_panic` gets each panicking input and its message.
/// Stops early once `max_execs` inputs ran. Returns the executions.
pub fn fuzz_blocks(
    t: &Target,
    seeds: &[Vec<u8>],
    seed: u64,
    (first, blocks): (u64, u64),
    max_execs: u64,
    progress: &Progress,
    on_panic: &mut dyn FnMut(&[u8], &str),
) -> u64 {
    let mut n = 0u64;
    for block in first..first.saturating_add(blocks) {
        if n >= max_execs {
            break;
        }
        progress.block.store(block, Ordering::Relaxed);
        block_inputs(t, seeds, seed, block, |input| {
            if let Err(message) = run_caught(t, input) {
                on_panic(input, &message);
            }
            n += 1;
            progress.execs.fetch_add(1, Ordering::Relaxed);
            n < max_execs
        });
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The short run of the test suite (and CI): every target, seeded from
    /// the corpus when it is there, a fixed number of inputs, no finding.
    #[test]
    fn a_short_run_of_every_target_finds_nothing() {
        quiet_panics();
        for t in targets() {
            let seeds = seeds::load(t, &[]);
            let progress = Progress::default();
            let mut found = Vec::new();
            let n = fuzz_blocks(t, &seeds, 1, (0, 1), 300, &progress, &mut |input, msg| {
                found.push((String::from_utf8_lossy(input).into_owned(), msg.to_string()))
            });
            assert_eq!(n, 300, "{}", t.name);
            assert!(found.is_empty(), "{}: {found:?}", t.name);
        }
    }

    /// Every input fuzzing ever found (`regressions/<target>/<what it
    /// broke>`, the file the finding saved) runs clean now.
    #[test]
    fn every_saved_finding_runs_clean() {
        quiet_panics();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions");
        let mut ran = 0;
        for t in targets() {
            let Ok(dir) = std::fs::read_dir(root.join(t.name)) else {
                continue;
            };
            for entry in dir {
                let path = entry.expect("a regressions entry").path();
                let input = std::fs::read(&path).expect("a saved finding");
                if let Err(message) = run_caught(t, &input) {
                    panic!("{} still fails: {message}", path.display());
                }
                ran += 1;
            }
        }
        assert!(ran > 0, "no saved finding under {}", root.display());
    }

    #[test]
    fn a_block_replays_the_same_inputs() {
        let t = target("fen").expect("the fen target");
        let seeds = vec![b"\x01rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w".to_vec()];
        let collect = |block| {
            let mut all = Vec::new();
            block_inputs(t, &seeds, 9, block, |i| {
                all.push(i.to_vec());
                all.len() < 50
            });
            all
        };
        assert_eq!(collect(3), collect(3));
        assert_ne!(collect(3), collect(4));
    }
}
