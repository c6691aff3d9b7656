//! Perft against Fairy-Stockfish (issue 20, item 3): its source fetched as a
//! git dir (`FENPRESS_BENCH_FSF_GIT`, default the mirror's path) is exported
//! and built with `make build ARCH=x86-64-modern` in `target/bench/fsf/` once; then
//! both count the same trees, alternately, and must agree.

use std::path::PathBuf;

use crate::run::{alternate, run, Cmd, Contender};
use crate::{empty, BenchError, Env};

const DEFAULT_GIT: &str = "/work/.mirror/fairy-stockfish+Fairy-Stockfish/repo";

/// The Fairy-Stockfish binary: `FENPRESS_BENCH_FSF`, or built once.
pub(crate) fn binary(env: &Env) -> Result<PathBuf, BenchError> {
    if let Some(p) = std::env::var_os("FENPRESS_BENCH_FSF") {
        return Ok(PathBuf::from(p));
    }
    let bin = env.work.join("bin/fairy-stockfish");
    if bin.is_file() {
        return Ok(bin);
    }
    let git = std::env::var("FENPRESS_BENCH_FSF_GIT").unwrap_or_else(|_| DEFAULT_GIT.into());
    let src = env.work.join("fsf");
    empty(&src)?;
    std::fs::create_dir_all(&src)?;
    eprintln!("building Fairy-Stockfish from {git} (once)");
    let tar = env.work.join("fsf.tar");
    run(
        &Cmd::new("git", &["--git-dir", &git, "archive", "-o"])
            .arg(tar.display().to_string())
            .arg("HEAD"),
        false,
    )?;
    run(
        &Cmd::new("tar", &["xf"])
            .arg(tar.display().to_string())
            .cwd(&src),
        false,
    )?;
    run(
        &Cmd::new("make", &["-j2", "build", &arch()]).cwd(src.join("src")),
        false,
    )?;
    std::fs::create_dir_all(env.work.join("bin"))?;
    std::fs::copy(src.join("src/stockfish"), &bin)?;
    // Orda and other ini-defined variants live in this file, not the binary.
    std::fs::copy(src.join("src/variants.ini"), ini_beside(&bin))?;
    empty(&src)?;
    let _ = std::fs::remove_file(&tar);
    Ok(bin)
}

/// The `ARCH=` of Fairy-Stockfish's build: `FENPRESS_BENCH_FSF_ARCH`, by
/// default x86-64-modern (popcnt and SSE4.1, which perft's bitboards use).
fn arch() -> String {
    let a = std::env::var("FENPRESS_BENCH_FSF_ARCH").unwrap_or_else(|_| "x86-64-modern".into());
    format!("ARCH={a}")
}

/// The `variants.ini` kept beside the binary (`$FENPRESS_BENCH_FSF_INI`
/// overrides it): Orda is defined there, and an unknown `UCI_Variant`
/// silently stays chess.
fn ini_beside(bin: &std::path::Path) -> PathBuf {
    match std::env::var_os("FENPRESS_BENCH_FSF_INI") {
        Some(p) => PathBuf::from(p),
        None => bin.with_file_name("variants.ini"),
    }
}

/// Fairy-Stockfish's perft of `fen` (or the start position) of `variant`
/// over UCI.
pub(crate) fn fsf_perft(bin: &PathBuf, variant: &str, fen: Option<&str>, depth: u32) -> Cmd {
    let position = match fen {
        Some(f) => format!("fen {f}"),
        None => "startpos".into(),
    };
    let ini = ini_beside(bin);
    // Reading the file costs ~0.07 s: chess, built in, goes without.
    let load = if variant != "chess" && ini.is_file() {
        format!("setoption name VariantPath value {}\n", ini.display())
    } else {
        String::new()
    };
    Cmd::new(bin, &[]).stdin(format!(
        "{load}setoption name UCI_Variant value {variant}\nposition {position}\ngo perft {depth}\nquit\n"
    ))
}

/// Kiwipete, the classic perft position that exercises castling, en
/// passant, promotions and pins.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The node count in Fairy-Stockfish's output ("Nodes searched: N").
pub(crate) fn fsf_nodes(out: &str) -> Option<u64> {
    out.lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.trim().parse().ok())
}

/// Fairy-Stockfish as a contender for `variant`'s perft, when it counts
/// `count` nodes as fenpress does; otherwise `None`, with a printed note. A
/// default build lacks some variants' rules (it silently counts chess for
/// an `orda` it does not know), and a count that differs measures another
/// tree, so that comparison is left out instead of failing the whole bench.
pub(crate) fn agreeing_contender(
    bin: &PathBuf,
    variant: &str,
    fen: Option<&str>,
    depth: u32,
    count: u64,
) -> Option<Contender> {
    let cmd = fsf_perft(bin, variant, fen, depth);
    let theirs = run(&cmd, true).ok().and_then(|r| fsf_nodes(&r.stdout));
    if theirs == Some(count) {
        return Some(Contender::new(
            format!("Fairy-Stockfish perft {variant} {depth}"),
            vec![cmd],
        ));
    }
    let counted = theirs.map_or("no count".to_string(), |n| n.to_string());
    println!(
        "note: Fairy-Stockfish {variant} depth {depth} counts {counted}, fenpress {count}: left out"
    );
    None
}

/// The last number fenpress's perft printed (its total).
pub(crate) fn fenpress_nodes(out: &str) -> Option<u64> {
    out.split(|c: char| !c.is_ascii_digit())
        .rfind(|w| !w.is_empty())
        .and_then(|n| n.parse().ok())
}

/// Chess depth 5 and 6 from the start and kiwipete, Orda depth 5
/// (`FENPRESS_BENCH_PERFT`, e.g. `Chess:chess:6,Orda:orda:5:<fen>`:
/// fenpress name, Fairy-Stockfish name, depth, optional FEN; FENs hold no
/// `:` or `,`).
pub fn bench(env: &Env) -> Result<(), BenchError> {
    let fsf = binary(env)?;
    let cases = std::env::var("FENPRESS_BENCH_PERFT").unwrap_or_else(|_| {
        format!("Chess:chess:5,Chess:chess:6,Chess:chess:4:{KIWIPETE},Chess:chess:5:{KIWIPETE},Orda:orda:5")
    });
    for case in cases.split(',') {
        let parts: Vec<&str> = case.split(':').collect();
        let (ours, theirs, depth, fen) = match parts[..] {
            [a, b, d] => (a, b, d, None),
            [a, b, d, f] => (a, b, d, Some(f)),
            _ => return Err(BenchError::Setup(format!("bad perft case {case}"))),
        };
        let depth: u32 = depth
            .parse()
            .map_err(|_| BenchError::Setup(format!("bad depth in {case}")))?;
        let mine = Cmd::new(
            &env.fenpress,
            &["perft", ours, fen.unwrap_or("start"), &depth.to_string()],
        );
        let Some(count) = fenpress_nodes(&run(&mine, false)?.stdout) else {
            return Err(BenchError::Setup(format!("{ours} perft {depth}: no count")));
        };
        let mut contenders = vec![Contender::new(
            format!("fenpress perft {ours} {depth}"),
            vec![mine],
        )];
        contenders.extend(agreeing_contender(&fsf, theirs, fen, depth, count));
        let title = format!(
            "perft {ours} depth {depth} ({count} nodes), {}",
            fen.map_or("start position".to_string(), |f| format!("`{f}`"))
        );
        alternate(&title, &contenders, env.runs, false)?.print();
    }
    Ok(())
}
