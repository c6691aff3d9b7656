//! `fenpress diagram VARIANT SPEC -o FILE.svg|png`: draws one diagram, with
//! what is wrong in the spec printed as findings on `<spec>`.

use fenpress_rules::registry::Registry;
use std::path::PathBuf;

use anyhow::Context;

use crate::diagram::pieces::{PieceSet, SvgMode};
use crate::diagram::{raster, spec, squares_off_board, svg};

/// `fenpress diagram VARIANT "<fen> [marks] [orientation] [shadow]" -o FILE`
#[derive(clap::Args, Debug, Clone)]
pub struct DiagramArgs {
    /// A content folder whose `variants/*.yaml` add to the built-in variants
    /// (default: the current folder, when it has `variants/`).
    #[arg(long, value_name = "DIR")]
    pub content: Option<std::path::PathBuf>,
    /// The variant whose board and pieces are drawn (`fenpress variant
    /// list` names those with rules; another name draws the FEN's board).
    pub variant: String,
    /// The position, as vchess writes a diagram: `<fen> [marks]
    /// [orientation] [shadow]`, e.g. "8/8/8/4k3/8/8/8/4K3 e4,d5"; `start`
    /// for the variant's start position (`start e4,d5` with marks).
    pub spec: String,
    /// The file to write: `.svg`, or `.png` (rasterised).
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    /// Width of the PNG in pixels.
    #[arg(long, value_name = "PIXELS", default_value_t = 400)]
    pub size: u32,
    /// A folder of piece images laid out like vchess's (default: ours).
    #[arg(long, value_name = "DIR")]
    pub pieces: Option<PathBuf>,
}

pub fn run(args: &DiagramArgs) -> anyhow::Result<u8> {
    let registry = match super::position::site_variants(args.content.as_deref()) {
        Ok(registry) => registry,
        Err(msg) => {
            eprintln!("{msg}");
            return Ok(2);
        }
    };
    let text = match with_start_position(&registry, &args.variant, &args.spec) {
        Ok(text) => text,
        Err(msg) => {
            eprintln!("<spec>:1:1: error[diagram-spec]: {msg}");
            return Ok(1);
        }
    };
    let spec = match spec::parse_compact(&text) {
        Ok(spec) => spec,
        Err(err) => {
            eprintln!(
                "<spec>:{}:{}: error[diagram-spec]: {}",
                err.line, err.column, err.message
            );
            return Ok(1);
        }
    };
    let folder_set;
    let set = match &args.pieces {
        Some(folder) => {
            folder_set = PieceSet::from_folder(folder, SvgMode::Inline)?;
            &folder_set
        }
        None => PieceSet::default_set(),
    };
    let is_png = args
        .output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if registry.lookup(&args.variant).is_none() {
        eprintln!(
            "<spec>:1:1: note[unknown-variant]: `{}` is not a vchess variant: the board's shape comes from the FEN and unknown letters are drawn as discs",
            args.variant
        );
    }
    let drawing = svg::draw_standalone(&registry, &args.variant, &spec, set, !is_png);
    if let Some(why) = &drawing.malformed {
        eprintln!("<spec>:1:1: warning[fen-malformed]: {why}");
    }
    for warning in squares_off_board(&registry, &args.variant, &spec) {
        eprintln!("<spec>:1:1: warning[mark-off-board]: {warning}");
    }
    let bytes = if is_png {
        raster::png(&drawing.svg, args.size)?
    } else {
        drawing.svg.into_bytes()
    };
    std::fs::write(&args.output, bytes)
        .with_context(|| format!("writing {}", args.output.display()))?;
    Ok(0)
}

/// The spec with a leading `start` replaced by the variant's start
/// position, as `perft` and `moves` accept it.
fn with_start_position(registry: &Registry, variant: &str, spec: &str) -> Result<String, String> {
    let trimmed = spec.trim_start();
    let first = trimmed.split_whitespace().next().unwrap_or("");
    if !first.eq_ignore_ascii_case("start") {
        return Ok(spec.to_string());
    }
    let Some(rules) = registry.rules(variant) else {
        return Err(format!(
            "`start`: fenpress knows no start position for `{variant}` (no move rules); write its FEN"
        ));
    };
    // A diagram spec's first field is the board alone (vchess's compact
    // form): the start FEN's turn and counters are not part of it.
    let board = rules.start_fen().split_whitespace().next().unwrap_or("");
    Ok(format!("{board}{}", &trimmed[first.len()..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use fenpress_rules::registry::BUILTIN;

    #[test]
    fn start_is_the_variant_s_start_position() {
        let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        assert_eq!(
            with_start_position(&BUILTIN, "Chess", "start").unwrap(),
            chess
        );
        assert_eq!(
            with_start_position(&BUILTIN, "chess", "start e4,d5").unwrap(),
            format!("{chess} e4,d5")
        );
        let fen = "8/8/8/4k3/8/8/8/4K3 e4";
        assert_eq!(with_start_position(&BUILTIN, "Chess", fen).unwrap(), fen);
        assert!(with_start_position(&BUILTIN, "NoSuchVariant", "start").is_err());
    }
}
