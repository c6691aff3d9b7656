//! Every `fen:` diagram of the vchess corpus (when `../shared` is there)
//! draws with our piece set and with vchess's own images, as SVG that a
//! real SVG parser (usvg) accepts.

use crate::common;
use fenpress_rules::registry::BUILTIN;

use fenpress::diagram::pieces::{PieceSet, SvgMode};
use fenpress::diagram::spec::{parse_block, BoardSpec};
use fenpress::diagram::svg::draw_standalone;
use fenpress::markdown::{self, DiagramBlock};
use resvg::usvg;

/// (variant, board) of every diagram board of the corpus.
fn corpus_boards(corpus: &std::path::Path) -> Vec<(String, BoardSpec)> {
    let loaded = fenpress::content::load(corpus);
    let mut boards = Vec::new();
    for p in &loaded.pages {
        let variant = p.page.variant.clone().unwrap_or_else(|| "Chess".into());
        let mut collect = |block: &DiagramBlock| -> String {
            if let Ok(spec) = parse_block(block.yaml) {
                let v = spec.variant.clone().unwrap_or_else(|| variant.clone());
                boards.push((v.clone(), spec.board.clone()));
                if let Some(after) = spec.after {
                    boards.push((v, after.board));
                }
            }
            String::new()
        };
        markdown::render(&p.page.markdown, &mut collect);
    }
    boards
}

#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn every_corpus_diagram_renders_with_both_sets() {
    let Some(corpus) = common::corpus() else {
        println!("skipped: ../shared not found");
        return;
    };
    let boards = corpus_boards(&corpus);
    assert_eq!(boards.len(), 927, "every fen: board of the corpus");
    let vchess =
        PieceSet::from_folder(&corpus.join("pieces"), SvgMode::Inline).expect("vchess pieces load");
    let options = usvg::Options::default();
    for (name, set) in [("ours", PieceSet::default_set()), ("vchess", &vchess)] {
        for (variant, board) in &boards {
            let drawing = draw_standalone(&BUILTIN, variant, board, set, true);
            if let Err(e) = usvg::Tree::from_str(&drawing.svg, &options) {
                panic!("{name} set, {variant} `{}`: {e}", board.vchess_text());
            }
        }
    }
}
