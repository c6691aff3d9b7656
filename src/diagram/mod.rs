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

/// The marks of `spec` that are not squares of its board (off the edge or
/// on a hole): they are not drawn, which the author should know.
fn squares_off_board(variant: &str, spec: &spec::BoardSpec) -> Vec<String> {
    let layout = board::read_board(variant, &spec.board);
    let (rows, cols) = (layout.shape.rows, layout.shape.cols);
    spec.marks
        .iter()
        .filter(|mark| layout.position_of(**mark).is_none())
        .map(|mark| {
            format!(
                "mark `{mark}` is not a square of this {rows}×{cols} board (files a–{}, ranks 1–{rows}, holes excluded); it is not drawn",
                char::from(b'a' + (cols.clamp(1, 26) - 1) as u8)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_off_the_board_or_on_a_hole_are_named() {
        let spec = spec::parse_compact("8/8/8/8/8/8/8/8 e4,z9,h8").unwrap();
        let off = squares_off_board("Chess", &spec);
        assert_eq!(off.len(), 1, "{off:?}");
        assert!(off[0].starts_with("mark `z9` is not a square of this 8×8 board"));
        let maxima = "xxx2xxx/1g1qk1g1/1bnmrnb1/dppppppd/8/8/8/DPPPPPPD/1BNMRNB1/1G1QK1G1/xxx2xxx a11,d11,e1";
        let spec = spec::parse_compact(maxima).unwrap();
        let off = squares_off_board("Maxima", &spec);
        assert_eq!(off.len(), 1, "{off:?}");
        assert!(off[0].starts_with("mark `a11`"), "{off:?}");
    }
}
