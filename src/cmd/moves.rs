//! `fenpress moves VARIANT FEN`: one legal move per line, coordinates then
//! SAN (and the rules' note on the move); exit 2 for an unknown variant or a
//! bad FEN.

use std::io::Write;

use fenpress_rules::{legal, notation, MoveList};

use super::position::site_setup;

/// `fenpress moves VARIANT FEN`
#[derive(clap::Args, Debug, Clone)]
pub struct MovesArgs {
    /// A content folder whose `variants/*.yaml` add to the built-in variants
    /// (default: the current folder, when it has `variants/`).
    #[arg(long, value_name = "DIR")]
    pub content: Option<std::path::PathBuf>,
    /// The variant, by name (`fenpress variant list` lists them).
    pub variant: String,
    /// A FEN in the variant's format, or `start`.
    pub fen: String,
    /// Variant options, e.g. `pacoplay` (repeat for several).
    #[arg(long, value_name = "OPTION")]
    pub option: Vec<String>,
}

pub fn run(args: &MovesArgs) -> anyhow::Result<u8> {
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
