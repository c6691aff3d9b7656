//! Perft against Fairy-Stockfish (issue 20, item 3): its source fetched as a
//! git dir (`FENPRESS_BENCH_FSF_GIT`, default the mirror's path) is exported
//! and built with `make build ARCH=x86-64` in `target/bench/fsf/` once; then
//! both count the same trees, alternately, and must agree.

use std::path::PathBuf;

use crate::run::{alternate, run, Cmd, Contender};
use crate::{empty, BenchError, Env};

const DEFAULT_GIT: &str = "/work/.mirror/fairy-stockfish+Fairy-Stockfish/repo";

/// The Fairy-Stockfish binary: `FENPRESS_BENCH_FSF`, or built once.
fn binary(env: &Env) -> Result<PathBuf, BenchError> {
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
        &Cmd::new("make", &["-j2", "build", "ARCH=x86-64"]).cwd(src.join("src")),
        false,
    )?;
    std::fs::create_dir_all(env.work.join("bin"))?;
    std::fs::copy(src.join("src/stockfish"), &bin)?;
    empty(&src)?;
    let _ = std::fs::remove_file(&tar);
    Ok(bin)
}

/// Fairy-Stockfish's perft of the start position of `variant` over UCI.
fn fsf_perft(bin: &PathBuf, variant: &str, depth: u32) -> Cmd {
    Cmd::new(bin, &[]).stdin(format!(
        "setoption name UCI_Variant value {variant}\nposition startpos\ngo perft {depth}\nquit\n"
    ))
}

/// The node count in Fairy-Stockfish's output ("Nodes searched: N").
fn fsf_nodes(out: &str) -> Option<u64> {
    out.lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.trim().parse().ok())
}

/// The last number fenpress's perft printed (its total).
fn fenpress_nodes(out: &str) -> Option<u64> {
    out.split(|c: char| !c.is_ascii_digit())
        .rfind(|w| !w.is_empty())
        .and_then(|n| n.parse().ok())
}

/// Chess depth 6 and Orda depth 5 (`FENPRESS_BENCH_PERFT`, e.g.
/// `Chess:chess:6,Orda:orda:5`: fenpress name, Fairy-Stockfish name, depth).
pub fn bench(env: &Env) -> Result<(), BenchError> {
    let fsf = binary(env)?;
    let cases = std::env::var("FENPRESS_BENCH_PERFT")
        .unwrap_or_else(|_| "Chess:chess:6,Orda:orda:5".into());
    for case in cases.split(',') {
        let parts: Vec<&str> = case.split(':').collect();
        let [ours, theirs, depth] = parts[..] else {
            return Err(BenchError::Setup(format!("bad perft case {case}")));
        };
        let depth: u32 = depth
            .parse()
            .map_err(|_| BenchError::Setup(format!("bad depth in {case}")))?;
        let mine = Cmd::new(&env.fenpress, &["perft", ours, "start", &depth.to_string()]);
        let other = fsf_perft(&fsf, theirs, depth);
        let (a, b) = (
            fenpress_nodes(&run(&mine, false)?.stdout),
            fsf_nodes(&run(&other, false)?.stdout),
        );
        if a.is_none() || a != b {
            return Err(BenchError::Setup(format!(
                "{ours} perft {depth}: fenpress {a:?}, Fairy-Stockfish {b:?}"
            )));
        }
        let contenders = [
            Contender::new(format!("fenpress perft {ours} {depth}"), vec![mine]),
            Contender::new(
                format!("Fairy-Stockfish perft {theirs} {depth}"),
                vec![other],
            ),
        ];
        let title = format!(
            "perft {ours} depth {depth} ({} nodes), start position",
            a.unwrap_or(0)
        );
        alternate(&title, &contenders, env.runs, false)?.print();
    }
    Ok(())
}
