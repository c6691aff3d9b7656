//! Diagram rendering over the vchess corpus (when `../shared` is there):
//! average inline SVG bytes per diagram on a page (symbols shared, counted
//! apart), and the median time to draw one diagram as a PNG.
//! Run with `cargo bench --bench render`.

use fenpress_rules::registry::BUILTIN;
use std::time::{Duration, Instant};

use fenpress::diagram::pieces::PieceSet;
use fenpress::diagram::raster::{encode, pixmap, png};
use fenpress::diagram::spec::parse_block;
use fenpress::diagram::svg::{draw_diagram, draw_standalone, Painter, Pair, SymbolSheet};
use fenpress::markdown::{self, DiagramBlock};

#[path = "../tests/integration/shared_dir/mod.rs"]
mod shared_dir;

fn main() {
    let Some(corpus) = shared_dir::vchess() else {
        println!("skipped: no corpus ($FENPRESS_SHARED or ../shared)");
        return;
    };
    let loaded = fenpress::content::load(&corpus);
    let set = PieceSet::default_set();
    let painter = Painter::page(&BUILTIN, set, "/static/pieces/");
    let (mut boards, mut board_bytes, mut sheet_bytes, mut pages) = (0usize, 0usize, 0usize, 0);
    let mut specs = Vec::new();
    for p in &loaded.pages {
        let variant = p.page.variant.clone().unwrap_or_else(|| "Chess".into());
        let mut sheet = SymbolSheet::default();
        let mut draw = |block: &DiagramBlock| -> String {
            let Ok(spec) = parse_block(block.yaml) else {
                return String::new();
            };
            let html =
                draw_diagram(&variant, &spec, Pair::SideBySide, &[], &painter, &mut sheet).html;
            // The boards' own bytes: each <svg class="fp-board"…</svg>.
            for part in html.split("<svg ").skip(1) {
                board_bytes += "<svg ".len() + part.find("</svg>").map_or(part.len(), |i| i + 6);
                boards += 1;
            }
            let v = spec.variant.clone().unwrap_or_else(|| variant.clone());
            specs.push((v, spec.board.clone()));
            html
        };
        markdown::render(&p.page.markdown, &mut draw);
        if !sheet.is_empty() {
            sheet_bytes += sheet.html().len();
            pages += 1;
        }
    }
    println!(
        "{boards} diagram boards: {:.0} bytes of inline SVG each (symbols apart); \
         {pages} pages with diagrams: {:.0} bytes of symbols each; \
         {:.0} bytes per board with the symbols spread over them",
        board_bytes as f64 / boards as f64,
        sheet_bytes as f64 / pages.max(1) as f64,
        (board_bytes + sheet_bytes) as f64 / boards as f64
    );

    let width: u32 = std::env::var("FENPRESS_BENCH_PNG")
        .ok()
        .and_then(|w| w.parse().ok())
        .unwrap_or(400);
    let mut times: Vec<Duration> = Vec::with_capacity(specs.len());
    let mut png_bytes = 0;
    let (mut raster_only, mut encode_only) = (Vec::new(), Vec::new());
    for (variant, board) in &specs {
        let start = Instant::now();
        let svg = draw_standalone(&BUILTIN, variant, board, set, false).svg;
        let bytes = png(&svg, width).expect("rasterises");
        times.push(start.elapsed());
        png_bytes += bytes.len();
        // The same, in parts: draw + parse + rasterise, then encode.
        let start = Instant::now();
        let svg = draw_standalone(&BUILTIN, variant, board, set, false).svg;
        let pixels = pixmap(&svg, width).expect("rasterises");
        raster_only.push(start.elapsed());
        let start = Instant::now();
        let _ = encode(&pixels);
        encode_only.push(start.elapsed());
    }
    raster_only.sort();
    encode_only.sort();
    println!(
        "  of which: drawing and rasterising {:.2} ms, PNG encoding {:.2} ms (medians)",
        raster_only[raster_only.len() / 2].as_secs_f64() * 1e3,
        encode_only[encode_only.len() / 2].as_secs_f64() * 1e3
    );
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "PNG {width} px: median {:.2} ms per diagram (p90 {:.2} ms, max {:.2} ms), {:.0} bytes each",
        median.as_secs_f64() * 1e3,
        times[times.len() * 9 / 10].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
        png_bytes as f64 / specs.len() as f64
    );
}
