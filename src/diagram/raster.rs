//! PNG through resvg. The SVG drawn for a raster has no text (coordinates
//! are left out, disc letters are strokes), so the image never depends on
//! the fonts installed on the machine.

use resvg::{tiny_skia, usvg};

/// A drawing that could not be rasterised.
#[derive(Debug, thiserror::Error)]
pub enum RasterError {
    #[error("the drawn SVG does not parse: {0}")]
    Parse(#[from] usvg::Error),
    #[error("cannot make a {width}×{height} image")]
    Size { width: u32, height: u32 },
    #[error("encoding the PNG: {0}")]
    Encode(String),
}

/// Largest image side fenpress makes.
pub const MAX_SIZE: u32 = 8192;

/// Rasterise an SVG to `width` pixels wide (height to scale).
pub fn pixmap(svg: &str, width: u32) -> Result<tiny_skia::Pixmap, RasterError> {
    // No font database: the SVG carries no text.
    let options = usvg::Options::default();
    let tree = usvg::Tree::from_str(svg, &options)?;
    let size = tree.size();
    let width = width.clamp(1, MAX_SIZE);
    let scale = width as f32 / size.width();
    let height = ((size.height() * scale).ceil() as u32).clamp(1, MAX_SIZE);
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or(RasterError::Size { width, height })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// Rasterise an SVG to PNG bytes, `width` pixels wide.
pub fn png(svg: &str, width: u32) -> Result<Vec<u8>, RasterError> {
    encode(&pixmap(svg, width)?)
}

/// PNG bytes of a pixmap. tiny-skia's own `encode_png` uses the default
/// (slower) deflate; the fast fdeflate setting halves the time for a few
/// percent more bytes on flat diagram colours.
pub fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RasterError> {
    let mut rgba = Vec::with_capacity(pixmap.data().len());
    for p in pixmap.pixels() {
        let c = p.demultiply();
        rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let error = |e: png::EncodingError| RasterError::Encode(e.to_string());
    let mut writer = encoder.write_header().map_err(error)?;
    writer.write_image_data(&rgba).map_err(error)?;
    writer.finish().map_err(error)?;
    Ok(out)
}
