//! `fenpress-conformance`: fenpress and the vchess oracle side by side.
//!
//! ```sh
//! cargo run -p fenpress-conformance --release -- perft Orda start 3 [--stop-at-end]
//! cargo run -p fenpress-conformance --release -- moves Orda "<fen>" [--all]
//! ```
//!
//! Exit code 0 when both agree, 1 on a difference, 2 on a usage or setup
//! error. `perft` on a difference walks down the move whose subtree counts
//! differ until it reaches a position whose move sets differ, and prints it.

use std::collections::BTreeMap;
use std::process::ExitCode;

use fenpress_conformance::canon::CanonMove;
use fenpress_conformance::oracle::Oracle;
use fenpress_conformance::session::{repro, Here, Session};

const USAGE: &str =
    "usage: fenpress-conformance perft VARIANT FEN|start DEPTH [--stop-at-end] [--option NAME]
       fenpress-conformance moves VARIANT FEN|start [--all] [--stop-at-end] [--option NAME]";

struct Args {
    variant: String,
    fen: String,
    depth: Option<u32>,
    stop_at_end: bool,
    all: bool,
    options: Vec<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut positional = Vec::new();
    let mut stop_at_end = false;
    let mut all = false;
    let mut options = Vec::new();
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--stop-at-end" => stop_at_end = true,
            "--all" => all = true,
            "--option" => options.push(it.next().ok_or("--option needs a name")?),
            _ if a.starts_with("--") => return Err(format!("unknown flag {a}")),
            _ => positional.push(a),
        }
    }
    let [cmd, variant, fen, rest @ ..] = positional.as_slice() else {
        return Err("missing arguments".into());
    };
    let depth = match (cmd.as_str(), rest) {
        ("perft", [d]) => Some(
            d.parse()
                .map_err(|_| format!("depth `{d}` is not a number"))?,
        ),
        ("perft", _) => return Err("perft needs a depth".into()),
        ("moves", []) => None,
        _ => return Err(format!("unknown command or extra arguments: {cmd}")),
    };
    Ok(Args {
        variant: variant.clone(),
        fen: if fen == "start" {
            String::new()
        } else {
            fen.clone()
        },
        depth,
        stop_at_end,
        all,
        options,
    })
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<bool, Box<dyn std::error::Error>> {
    let options: Vec<&str> = args.options.iter().map(String::as_str).collect();
    let (variant, rules) = fenpress_conformance::resolve(&args.variant, &options)
        .ok_or_else(|| format!("fenpress has no rules for `{}` {options:?}", args.variant))?;
    let mut oracle = Oracle::start()?;
    let mut same = true;
    if args.fen.is_empty() {
        let vchess_start = oracle.init(variant)?;
        if vchess_start != rules.start_fen() {
            println!(
                "start FEN differs:\n  vchess   {vchess_start}\n  fenpress {}",
                rules.start_fen()
            );
            same = false;
        }
    }
    let mut s = Session::new(&mut oracle, rules, variant, &args.fen, args.stop_at_end)?;
    println!("{variant} {}", s.root_fen);
    match args.depth {
        None => {
            let here = s.compare()?;
            if args.all {
                println!("vchess ({}):", here.vchess.len());
                for m in sorted(&here.vchess) {
                    println!("  {m}");
                }
                println!("fenpress ({}):", here.fenpress.len());
                for m in sorted(&here.fenpress) {
                    println!("  {m}");
                }
            }
            same &= report(&here);
        }
        Some(depth) => {
            let (v, f) = s.perft(depth)?;
            println!("perft {depth}: vchess {v}  fenpress {f}");
            if v != f {
                same = false;
                descend(&mut s, depth)?;
            }
        }
    }
    Ok(same)
}

fn sorted(moves: &[CanonMove]) -> Vec<&CanonMove> {
    let mut v: Vec<&CanonMove> = moves.iter().collect();
    v.sort();
    v
}

/// Prints one position's comparison; whether both sides agree.
fn report(here: &Here) -> bool {
    println!(
        "moves: vchess {}  fenpress {}  (score {}{})",
        here.vchess.len(),
        here.fenpress.len(),
        here.score,
        here.fenpress_outcome
            .as_deref()
            .map(|o| format!(", fenpress: game over, {o}"))
            .unwrap_or_default()
    );
    let mut same = here.diff.is_empty();
    if here.vchess_fen != here.fenpress_fen {
        println!(
            "FEN differs:\n  vchess   {}\n  fenpress {}",
            here.vchess_fen, here.fenpress_fen
        );
        same = false;
    }
    for m in &here.diff.vchess_only {
        println!("  vchess only:   {m}");
    }
    for m in &here.diff.fenpress_only {
        println!("  fenpress only: {m}");
    }
    same
}

/// Walks down from a perft mismatch to the first position whose move sets
/// differ, printing the path and that position.
fn descend(s: &mut Session, depth: u32) -> Result<(), Box<dyn std::error::Error>> {
    let mut d = depth;
    loop {
        let here = s.compare()?;
        if !here.diff.is_empty() || d <= 1 {
            println!("position after {}:", path(&s.line));
            println!("  {}", here.vchess_fen);
            report(&here);
            println!(
                "reproduce: {}",
                repro("moves", &s.variant, &here.vchess_fen, None, s.stop_at_end)
            );
            return Ok(());
        }
        let (v, f) = s.divide(d)?;
        let vmap: BTreeMap<&CanonMove, u64> = v.iter().map(|(m, n)| (m, *n)).collect();
        let Some((mv, fv, vv)) = f.iter().find_map(|(m, n)| {
            vmap.get(m)
                .filter(|vn| **vn != *n)
                .map(|vn| (m.clone(), *n, *vn))
        }) else {
            println!("no single move explains the difference at depth {d}");
            return Ok(());
        };
        println!("  {}: vchess {vv}  fenpress {fv}", mv);
        s.play(&mv)?;
        d -= 1;
    }
}

fn path(line: &[String]) -> String {
    if line.is_empty() {
        "the root".into()
    } else {
        line.join(" ")
    }
}
