//! Diagrams: the spec of one diagram (board, marks, orientation, shadow,
//! claims), the board as placed on its squares, and its drawing as SVG (and
//! PNG through resvg).

pub mod board;
pub mod describe;
mod glyphs;
pub mod pieces;
pub mod raster;
pub mod spec;
pub mod svg;

use std::path::PathBuf;

use anyhow::Context;

use pieces::{PieceSet, SvgMode};

/// `fenpress diagram VARIANT "<fen> [marks] [orientation] [shadow]" -o FILE`
#[derive(clap::Args, Debug, Clone)]
pub struct DiagramArgs {
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

pub fn diagram_command(args: &DiagramArgs) -> anyhow::Result<u8> {
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
    let drawing = svg::draw_standalone(&args.variant, &spec, set, !is_png);
    if let Some(why) = &drawing.malformed {
        eprintln!("<spec>:1:1: warning[fen-malformed]: {why}");
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
