//! `fenpress diagram VARIANT SPEC -o FILE.svg|png`: draws one diagram, with
//! what is wrong in the spec printed as findings on `<spec>`.

use std::path::PathBuf;

use anyhow::Context;

use crate::diagram::pieces::{PieceSet, SvgMode};
use crate::diagram::{raster, spec, squares_off_board, svg};

/// `fenpress diagram VARIANT "<fen> [marks] [orientation] [shadow]" -o FILE`
#[derive(clap::Args, Debug, Clone)]
pub struct DiagramArgs {
    /// A content folder whose `variants/*.yaml` add to the built-in variants.
    #[arg(long)]
    pub content: Option<std::path::PathBuf>,
    pub variant: String,
    pub spec: String,
    /// `.svg` or `.png`.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Width of the PNG in pixels.
    #[arg(long, default_value_t = 400)]
    pub size: u32,
    /// A folder of piece images laid out like vchess's (default: ours).
    #[arg(long)]
    pub pieces: Option<PathBuf>,
}

pub fn run(args: &DiagramArgs) -> anyhow::Result<u8> {
    if let Err(msg) = super::position::site_variants(args.content.as_deref()) {
        eprintln!("{msg}");
        return Ok(2);
    }
    let spec = match spec::parse_compact(&args.spec) {
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
    if fenpress_rules::registry::lookup(&args.variant).is_none() {
        eprintln!(
            "<spec>:1:1: note[unknown-variant]: `{}` is not a vchess variant: the board's shape comes from the FEN and unknown letters are drawn as discs",
            args.variant
        );
    }
    let drawing = svg::draw_standalone(&args.variant, &spec, set, !is_png);
    if let Some(why) = &drawing.malformed {
        eprintln!("<spec>:1:1: warning[fen-malformed]: {why}");
    }
    for warning in squares_off_board(&args.variant, &spec) {
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
