//! `fenpress perft VARIANT FEN DEPTH [--divide]`: the rules core's move
//! tree counted, so any position can be cross-checked against another
//! engine. The last line is the count; exit 2 for an unknown variant or a
//! bad FEN.

use std::io::Write;

use fenpress_rules::{legal, notation};

use super::position::site_setup;

/// `fenpress perft VARIANT FEN DEPTH [--divide]`
#[derive(clap::Args, Debug, Clone)]
pub struct PerftArgs {
    /// A content folder whose `variants/*.yaml` add to the built-in variants
    /// (default: the current folder, when it has `variants/`).
    #[arg(long, value_name = "DIR")]
    pub content: Option<std::path::PathBuf>,
    /// The variant, by name (`fenpress variant list` lists them).
    pub variant: String,
    /// A FEN in the variant's format, or `start`.
    pub fen: String,
    /// How many plies deep to count (0 counts the position itself).
    pub depth: u32,
    /// Print each first move with the count below it, then the total.
    #[arg(long)]
    pub divide: bool,
    /// Variant options, e.g. `pacoplay` (repeat for several).
    #[arg(long, value_name = "OPTION")]
    pub option: Vec<String>,
}

pub fn run(args: &PerftArgs) -> anyhow::Result<u8> {
    let (handle, mut pos) = match site_setup(
        args.content.as_deref(),
        &args.variant,
        &args.fen,
        &args.option,
    ) {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("{msg}");
            return Ok(2);
        }
    };
    let rules = &*handle;
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
