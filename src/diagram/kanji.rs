//! The characters of shogi, xiangqi and janggi pieces as strokes: centre
//! lines on a 10×10 grid (y down), drawn with a round pen like the Latin
//! stroke font of [`super::glyphs`]. Each is our own simplified,
//! sans-serif skeleton of the character, made for a 40-pixel square.
//!
//! Why strokes and not `<text>`: a PNG is rasterised by resvg with no font
//! database (see [`super::raster`]), and a reader's browser may have no CJK
//! font at all, where `<text>` would show an empty piece or tofu boxes.
//! Strokes look the same everywhere and cost less than a font's outlines
//! (a few hundred bytes per character, and each piece's symbol is defined
//! once per page).

/// The strokes of a piece character, if we draw it.
pub fn strokes(c: char) -> Option<&'static str> {
    SHOGI
        .iter()
        .chain(XIANGQI)
        .find(|(k, _)| *k == c)
        .map(|(_, d)| *d)
}

/// Shogi: the eight pieces and the six promoted ones (one-character forms:
/// 竜 for the dragon, 全 圭 杏 for the promoted silver, knight and lance).
const SHOGI: &[(char, &str)] = &[
    ('王', "M2 1.5H8M2.5 5H7.5M1.5 8.5H8.5M5 1.5V8.5"),
    ('玉', "M2 1.5H8M2.5 5H7.5M1.5 8.5H8.5M5 1.5V8.5M6.3 6.3L7.3 7.4"),
    (
        '飛',
"M1 1.6H6.2Q6.2 7.8 9.3 9.2V7.8M7.3 1.4L8.8 2.4M7.3 3.8L8.8 4.8M3.6 2.8V9.6M1 4H5.4M2.6 5.2L1.1 6.9M1 9L2.8 8M4.6 5.3L5.5 6.4M4.6 8.4L5.6 7.8",
    ),
    (
        '角',
        "M4.2 .8L2 3.2M3.8 1.8H6.6L5.8 3M2.6 3.4V7.6Q2.6 8.8 1.4 9.6M2.6 3.4H7.6V9.4L6.6 9M2.6 5.4H7.6M2.6 7.3H7.6M5.1 3.4V7.3",
    ),
    (
        '金',
        "M5 .8L1 4.4M5 .8L9 4.4M3.2 4.6H6.8M2.4 6.4H7.6M5 4.6V8.8M1.5 8.8H8.5M3.2 7.1L3.8 8M6.8 7.1L6.2 8",
    ),
    (
        '銀',
        "M2.4 .8L.5 3.6M2.4 .8L4.2 3.4M1.4 3.8H3.4M.9 5.6H3.9M2.4 3.8V8.6M.6 9L4.2 8.2M1.2 6.6L1.6 7.4M3.6 6.6L3.2 7.4M5.4 1.2H8.6V4.8H5.4M5.4 3H8.6M5.4 1.2V9.2L7.2 8.2M6.4 4.8Q7.4 7.6 9.4 9M8.8 5.4L7.8 6.4",
    ),
    (
        '桂',
        "M.6 3.2H4M2.3 .8V9.4M2.3 3.4L.5 7M2.5 4.4L3.8 5.6M5.4 2.4H8.8M7.1 .8V4.2M4.8 4.2H9.4M5.4 6.4H8.8M7.1 4.8V8.8M4.6 8.8H9.6",
    ),
    (
        '香',
        "M7.6 .8L2.6 1.8M1.4 3.2H8.6M5 1.4V4.8M5 3.4L1.6 5.6M5 3.4L8.4 5.6M3 5.8V9.4H7V5.8ZM3 7.6H7",
    ),
    (
        '歩',
        "M5 .8V4M5 2.4H7.6M2.8 2.2V4M1 4H9M5 4.6V7.2L4.2 6.6M3 5.4L2 6.8M7 5.2L7.8 6.4M7.8 6.8Q6 9 1.6 9.6",
    ),
    (
        '竜',
        "M5 .6V1.8M2 2H8M3.4 2.8L4 4M6.6 2.8L6 4M1.4 4.2H8.6M2.6 5.2V7.8H7.4V5.2ZM2.6 6.5H7.4M5 4.4V8.4Q5 9.2 6 9.2H9V8.4",
    ),
    (
        '馬',
        "M2.6 1V6.4M2.6 1H7.6M2.6 2.8H7M2.6 4.6H7M5 1V6.4M2.6 6.4H8.6V8.8Q8.6 9.4 7.6 9.2M2.4 7.4L1.8 8.8M4 7.6L3.8 8.6M5.4 7.6L5.8 8.6M6.8 7.4L7.4 8.4",
    ),
    ('全', "M5 .8L1 4.6M5 .8L9 4.6M2.8 4.8H7.2M3.2 6.8H6.8M1.8 9H8.2M5 4.8V9"),
    ('圭', "M2.4 2.4H7.6M5 .6V4.2M1.6 4.2H8.4M2.4 6.6H7.6M5 4.8V9M1.2 9H8.8"),
    (
        '杏',
        "M1.2 2.8H8.8M5 .6V5.4M5 2.9L1.4 6M5 2.9L8.6 6M3 6.2V9.4H7V6.2ZM3 9.4H7",
    ),
    ('と', "M3.6 1.4L4.4 5M7.2 3.2Q3 4.6 3 6.8Q3 8.6 7.6 8.4"),
];

/// Xiangqi (red and black names) and janggi (楚 漢 包).
const XIANGQI: &[(char, &str)] = &[
    (
        '帥',
        "M2.4 .6L1.6 1.6V9M1.6 1.6H3.8V4.6H1.6M1.6 5.2H4V8.6H1.6M4.6 1.2H9.4M5.2 3V7.6M5.2 3H8.8V7.4L8.2 7M7 1.2V9.6",
    ),
    (
        '將',
        "M2.4 .6V9.6M.8 2.4L1.6 3.6M.6 6.8L2.4 5.4M6.4 .6L4.4 2.6M5.4 1.4H8.4L6 4.4M6 2.2L7.2 3M4 5.6H9.6M7.8 4.4V9.2L7 8.8M5.4 6.8L6 7.8",
    ),
    ('仕', "M3.2 .6L1 4.6M2.2 2.8V9.6M4.2 3.6H9.6M6.9 .8V8.8M5 8.8H8.8"),
    ('士', "M1 3.6H9M5 .8V8.8M2.4 8.8H7.6"),
    (
        '相',
        "M.6 3H4.2M2.4 .6V9.6M2.4 3.2L.4 7M2.6 4.4L4 5.8M5.4 1.2V9.2H9V1.2ZM5.4 3.8H9M5.4 6.4H9",
    ),
    (
        '象',
        "M4 .4L2.6 1.8M3.4 1.2H6.4L5.6 2.2M2.4 2.4H7.6V4.4H2.4ZM5 4.6Q4 6.2 1.4 7M5.4 5.4Q6 8 4.6 9.6M4.8 6.8L1.6 8.6M5.8 6.2L8.8 5M5.8 7L9 9.4",
    ),
    ('車', "M1.4 1.4H8.6M2.4 3.2H7.6V6.6H2.4ZM2.4 4.9H7.6M1 8.2H9M5 .6V9.8"),
    (
        '炮',
        "M.8 2.6L1.2 4.2M3.8 2.2L3.2 3.6M2.4 .8V5Q2.2 8 .4 9.6M2.6 5.6L4 9M6.2 .6L4.8 2.8M5.4 1.8H9.2V7.4L8.4 7M5.4 3.6H7.8V5.6H5.4V8.8Q5.4 9.4 6.4 9.4H9.4V8.4",
    ),
    (
        '砲',
        "M.4 1.4H4.2M2.4 1.4Q2 4.4 .4 6M1.2 4.8V9.4M1.2 4.8H3.8V9.4H1.2M6.2 .6L4.8 2.8M5.4 1.8H9.2V7.4L8.4 7M5.4 3.6H7.8V5.6H5.4V8.8Q5.4 9.4 6.4 9.4H9.4V8.4",
    ),
    (
        '包',
        "M4.4 .6L1.8 4M3.2 2H8.8V7.8L7.6 7.2M3 4.2H6.6V6.4H3V8.6Q3 9.4 4.2 9.4H9.2V8.2",
    ),
    (
        '兵',
        "M7.2 .6L2.6 1.8V5M2.6 3.4H6.8M6.4 1.6V6.4M.8 6.4H9.2M3.6 7.4L1.4 9.4M6.4 7.4L8.6 9.4",
    ),
    (
        '卒',
        "M5 .4V1.4M1.4 1.6H8.6M3.6 2.4L1.8 5M3 3.6L4.2 4.8M6.6 2.4L4.8 5M6 3.6L8.4 5M.8 6.6H9.2M5 5.4V9.8",
    ),
    (
        '楚',
        "M.6 2.2H4.2M2.4 .4V5M2.4 2.4L.6 4.6M2.4 2.4L4 3.8M5.6 2.2H9.4M7.4 .4V5M7.4 2.4L5.4 4.8M7.4 2.4L9.4 4.4M2.2 5.8H7.6M5 5.8V9M5 7.4H7.4M3 6.8V8.6Q2.4 9.2 1 9.6M3 8.6Q5 9.6 9.4 9.6",
    ),
    (
        '漢',
        "M.8 1.4L1.8 2.2M.6 4L1.6 4.8M.6 9L2.2 6.6M3.4 1.6H9.4M5 .4V2.8M7.6 .4V2.8M4 3.4H8.6V5.6H4ZM4 4.5H8.6M6.3 3.4V6.8M3.2 6.8H9.4M6.3 6.8Q5.6 8.6 3.2 9.6M6.4 7.4L9.4 9.6",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_stays_on_its_grid_and_parses_as_moves_and_lines() {
        for (c, d) in SHOGI.iter().chain(XIANGQI) {
            assert!(d.starts_with('M'), "{c}");
            let numbers: Vec<f32> = d
                .split(|ch: char| ch.is_ascii_alphabetic() || ch == ' ')
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap_or_else(|_| panic!("{c}: {s}")))
                .collect();
            assert!(numbers.iter().all(|n| (0.0..=10.0).contains(n)), "{c}");
        }
        let mut seen: Vec<char> = SHOGI.iter().chain(XIANGQI).map(|(c, _)| *c).collect();
        let all = seen.len();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), all, "a character is listed twice");
        assert_eq!(strokes('x'), None);
    }
}
