//! Diagrams: the spec of one diagram (board, marks, orientation, shadow,
//! claims), the board as placed on its squares, and its drawing as SVG (and
//! PNG through resvg).

pub mod board;
pub mod describe;
pub mod spec;
pub mod svg;

use std::path::PathBuf;

use anyhow::Context;

/// `fenpress diagram VARIANT "<fen> [marks] [orientation] [shadow]" -o FILE`
#[derive(clap::Args, Debug, Clone)]
pub struct DiagramArgs {
    pub variant: String,
    pub spec: String,
    #[arg(short, long)]
    pub output: PathBuf,
    /// Width of the PNG in pixels.
    #[arg(long, default_value_t = 400)]
    pub size: u32,
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
    let drawing = svg::draw_board(&args.variant, &spec);
    if let Some(why) = &drawing.malformed {
        eprintln!("<spec>:1:1: warning[fen-malformed]: {why}");
    }
    let is_png = args
        .output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    let bytes = if is_png {
        png(&drawing.svg, args.size)?
    } else {
        drawing.svg.into_bytes()
    };
    std::fs::write(&args.output, bytes)
        .with_context(|| format!("writing {}", args.output.display()))?;
    Ok(0)
}

/// Rasterise an SVG to `width` pixels wide (letters need system fonts).
fn png(svg: &str, width: u32) -> anyhow::Result<Vec<u8>> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let svg = without_styles(svg);
    let tree = usvg::Tree::from_str(&svg, &options).context("parsing the drawn SVG")?;
    let size = tree.size();
    let scale = width.max(1) as f32 / size.width();
    let height = (size.height() * scale).ceil().max(1.0) as u32;
    let mut pixmap =
        tiny_skia::Pixmap::new(width.max(1), height).context("allocating the image")?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().context("encoding the PNG")
}

/// resvg does not know CSS custom properties and paints a `var()` fill
/// black; the `style` attributes only repeat the plain `fill`/`stroke`
/// attributes with `var()`, so drop them for rasterising.
fn without_styles(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(at) = rest.find(" style=\"") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 8..];
        rest = after.find('"').map_or("", |end| &after[end + 1..]);
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn styles_are_dropped_for_resvg() {
        let svg = r##"<rect fill="#fff" style="fill:var(--a,#fff)"/><g style="x">t</g>"##;
        assert_eq!(
            super::without_styles(svg),
            r##"<rect fill="#fff"/><g>t</g>"##
        );
    }
}
