//! Diagrams: the spec of one diagram (board, marks, orientation, shadow,
//! claims), the board as placed on its squares, and its drawing as SVG (and
//! PNG through resvg).

use fenpress_rules::registry::Registry;

mod asian;
pub mod board;
pub mod describe;
mod dobutsu;
mod glyphs;
pub mod hands;
mod kanji;
pub mod pieces;
pub mod raster;
pub mod safe_svg;
pub mod spec;
mod stones;
pub mod svg;

/// The marks of `spec` that are not squares of its board (off the edge or
/// on a hole): they are not drawn, which the author should know.
pub fn squares_off_board(
    registry: &Registry,
    variant: &str,
    spec: &spec::BoardSpec,
) -> Vec<String> {
    let layout = board::read_board(registry, variant, &spec.board);
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
    use fenpress_rules::registry::BUILTIN;

    #[test]
    fn marks_off_the_board_or_on_a_hole_are_named() {
        let spec = spec::parse_compact("8/8/8/8/8/8/8/8 e4,z9,h8").unwrap();
        let off = squares_off_board(&BUILTIN, "Chess", &spec);
        assert_eq!(off.len(), 1, "{off:?}");
        assert!(off[0].starts_with("mark `z9` is not a square of this 8×8 board"));
        let maxima = "xxx2xxx/1g1qk1g1/1bnmrnb1/dppppppd/8/8/8/DPPPPPPD/1BNMRNB1/1G1QK1G1/xxx2xxx a11,d11,e1";
        let spec = spec::parse_compact(maxima).unwrap();
        let off = squares_off_board(&BUILTIN, "Maxima", &spec);
        assert_eq!(off.len(), 1, "{off:?}");
        assert!(off[0].starts_with("mark `a11`"), "{off:?}");
    }
}
