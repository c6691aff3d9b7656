//! `fenpress perft` and `fenpress moves`: the rules core on the command
//! line, so any position can be cross-checked against another engine.
//! Exit codes: 0 done, 2 the command could not run (unknown variant, bad FEN).

use std::io::Write;

use fenpress_rules::{legal, notation, registry, validate, MoveList, Position, Rules};

use super::{MovesArgs, PerftArgs};

/// The rules and position a command names, or the message and exit code 2.
fn setup(
    variant: &str,
    fen: &str,
    options: &[String],
) -> Result<(&'static dyn Rules, Position), String> {
    let Some(info) = registry::lookup(variant) else {
        let close = registry::close_names(variant);
        let hint = if close.is_empty() {
            String::new()
        } else {
            format!(" (did you mean {}?)", close.join(", "))
        };
        return Err(format!("unknown variant `{variant}`{hint}"));
    };
    if info.rules().is_none() {
        return Err(format!("fenpress has no move rules for {} yet", info.name));
    }
    let opts: Vec<&str> = options.iter().map(String::as_str).collect();
    let Some(rules) = registry::rules_with_options(info.name, &opts) else {
        return Err(format!(
            "{} has no option `{}`",
            info.name,
            options.join(" ")
        ));
    };
    let text = if fen.eq_ignore_ascii_case("start") {
        rules.start_fen()
    } else {
        fen
    };
    let pos =
        validate::position_from_fen(rules, text).map_err(|e| format!("bad FEN `{text}`: {e}"))?;
    Ok((rules, pos))
}

/// `fenpress perft VARIANT FEN DEPTH [--divide]`: the last line is the count.
pub fn perft_command(args: &PerftArgs) -> anyhow::Result<u8> {
    let (rules, mut pos) = match setup(&args.variant, &args.fen, &args.option) {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("error: {msg}");
            return Ok(2);
        }
    };
    let mut out = std::io::stdout().lock();
    let total = if args.divide {
        let mut total = 0;
        for (mv, n) in legal::perft_divide(rules, &mut pos, args.depth) {
            writeln!(out, "{}: {n}", notation::coordinate(rules, &mv))?;
            total += n;
        }
        if args.depth == 0 {
            total = 1;
        }
        writeln!(out)?;
        total
    } else {
        legal::perft(rules, &mut pos, args.depth)
    };
    writeln!(out, "{total}")?;
    Ok(0)
}

/// `fenpress moves VARIANT FEN`: one legal move per line, coordinates then SAN.
pub fn moves_command(args: &MovesArgs) -> anyhow::Result<u8> {
    let (rules, mut pos) = match setup(&args.variant, &args.fen, &args.option) {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("error: {msg}");
            return Ok(2);
        }
    };
    let mut moves = MoveList::new();
    legal::legal_moves(rules, &mut pos, &mut moves);
    let mut out = std::io::stdout().lock();
    for mv in &moves {
        let note = rules.move_note(mv).map(|n| format!(" ({n})"));
        writeln!(
            out,
            "{} {}{}",
            notation::coordinate(rules, mv),
            notation::san(rules, &mut pos, mv),
            note.unwrap_or_default()
        )?;
    }
    Ok(0)
}
