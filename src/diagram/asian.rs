//! Our own art for the shogi and xiangqi families: a shogi piece is a
//! pale wooden wedge pointing at the opponent with its character (red when
//! promoted), sized by rank as on a real set; a xiangqi piece a round disc
//! with its character in red or black; a janggi piece an octagon in blue or
//! red, in three sizes. The characters are strokes ([`super::kanji`]).

use super::kanji;

/// The drawn sets, by the variants that use them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AsianSet {
    Shogi,
    Xiangqi,
    Janggi,
    /// Dōbutsu shōgi's animal tiles ([`super::dobutsu`]).
    Dobutsu,
}

/// The set a variant's pieces are drawn from, by canonical name.
pub fn asian_set(variant: &str) -> Option<AsianSet> {
    match variant {
        "Shogi" | "Minishogi" => Some(AsianSet::Shogi),
        "Xiangqi" | "Minixiangqi" => Some(AsianSet::Xiangqi),
        "Janggi" => Some(AsianSet::Janggi),
        "Dobutsu" => Some(AsianSet::Dobutsu),
        _ => None,
    }
}

/// Whether `set` has art for `letter` (vchess's letters).
pub fn has_piece(set: AsianSet, letter: char) -> bool {
    let upper = letter.is_ascii_uppercase();
    match set {
        AsianSet::Shogi => shogi_piece(letter).is_some(),
        AsianSet::Xiangqi => xiangqi_character(letter, upper).is_some(),
        AsianSet::Janggi => janggi_piece(letter).is_some(),
        AsianSet::Dobutsu => super::dobutsu::tile_body(letter, false).is_some(),
    }
}

const WOOD: &str = "#f0c97e";
const WOOD_EDGE: &str = "#7a5626";
const INK: &str = "#1c1c1c";
const RED: &str = "#c0161c";
const BLUE: &str = "#1d3d9a";
const DISC: &str = "#f7e8c6";

/// A shogi piece by vchess letter: (character of the first player's piece,
/// character of the second's, promoted, size relative to the king).
/// Kings differ as on a real set (玉 and 王); the promoted silver, knight
/// and lance take the one-character forms 全 圭 杏 of printed diagrams.
fn shogi_piece(letter: char) -> Option<(char, char, bool, f32)> {
    let piece = match letter.to_ascii_lowercase() {
        'k' => ('玉', '王', false, 1.0),
        'r' => ('飛', '飛', false, 0.96),
        'b' => ('角', '角', false, 0.96),
        'g' => ('金', '金', false, 0.92),
        's' => ('銀', '銀', false, 0.92),
        'n' => ('桂', '桂', false, 0.88),
        'l' => ('香', '香', false, 0.85),
        'p' => ('歩', '歩', false, 0.8),
        'd' => ('竜', '竜', true, 0.96),
        'h' => ('馬', '馬', true, 0.96),
        't' => ('全', '全', true, 0.92),
        'o' => ('圭', '圭', true, 0.88),
        'm' => ('杏', '杏', true, 0.85),
        'q' => ('と', 'と', true, 0.8),
        _ => return None,
    };
    letter.is_ascii_alphabetic().then_some(piece)
}

/// A xiangqi character by letter and side (uppercase: Red, who starts, as
/// vchess's White). The sides' names differ where a real set's do.
fn xiangqi_character(letter: char, red: bool) -> Option<char> {
    let (red_name, black_name) = match letter.to_ascii_lowercase() {
        'k' => ('帥', '將'),
        'a' => ('仕', '士'),
        'e' => ('相', '象'),
        'n' => ('馬', '馬'),
        'r' => ('車', '車'),
        'c' => ('炮', '砲'),
        'p' => ('兵', '卒'),
        _ => return None,
    };
    letter
        .is_ascii_alphabetic()
        .then_some(if red { red_name } else { black_name })
}

/// A janggi piece: (character for the first player, Cho in blue, as
/// vchess's White; for the second, Han in red; size). Generals are
/// largest, advisors and soldiers smallest, as on a real set.
fn janggi_piece(letter: char) -> Option<(char, char, f32)> {
    let piece = match letter.to_ascii_lowercase() {
        'k' => ('楚', '漢', 1.0),
        'r' => ('車', '車', 0.86),
        'c' => ('包', '包', 0.86),
        'n' => ('馬', '馬', 0.86),
        'e' => ('象', '象', 0.86),
        'a' => ('士', '士', 0.72),
        'p' => ('卒', '兵', 0.72),
        _ => return None,
    };
    letter.is_ascii_alphabetic().then_some(piece)
}

/// The character as strokes filling a `size`-unit box at (`x`, `y`) of a
/// 100-unit symbol, or the Latin letter where we have no strokes for it.
fn character(c: char, fallback: char, (x, y): (f32, f32), size: f32, ink: &str) -> String {
    let scale = size / 10.0;
    let (d, x, y, pen) = match kanji::strokes(c) {
        Some(d) => (d, x, y, 0.85),
        // The Latin glyphs are 4×6: centred in the box.
        None => (
            super::glyphs::glyph(fallback.to_ascii_uppercase()),
            x + 3.0 * scale,
            y + 2.0 * scale,
            0.9,
        ),
    };
    format!(
        "<path d=\"{d}\" transform=\"translate({x} {y}) scale({scale})\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"{pen}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
    )
}

/// A shogi piece pointing up (the side at the bottom of the drawing) or
/// down, as the content of a 100-unit `<symbol>`; `None` for a letter
/// shogi lacks.
pub fn shogi_body(letter: char, down: bool) -> Option<String> {
    let (first, second, promoted, size) = shogi_piece(letter)?;
    let name = if letter.is_ascii_uppercase() {
        first
    } else {
        second
    };
    let ink = if promoted { RED } else { INK };
    // The whole piece turns for the side facing the viewer, as on a board.
    let turn = if down { "rotate(180 50 50) " } else { "" };
    Some(format!(
        "<g transform=\"{turn}translate(50 53) scale({size}) translate(-50 -53)\"><path d=\"M50 5L76 18L85 95H15L24 18Z\" fill=\"{WOOD}\" stroke=\"{WOOD_EDGE}\" stroke-width=\"3.5\" stroke-linejoin=\"round\"/>{}</g>",
        character(name, letter, (27.0, 32.0), 46.0, ink)
    ))
}

/// A xiangqi disc, as the content of a 100-unit `<symbol>`.
pub fn xiangqi_body(letter: char) -> Option<String> {
    let red = letter.is_ascii_uppercase();
    let name = xiangqi_character(letter, red)?;
    let ink = if red { RED } else { INK };
    Some(format!(
        "<circle cx=\"50\" cy=\"50\" r=\"43\" fill=\"{DISC}\" stroke=\"{WOOD_EDGE}\" stroke-width=\"3.5\"/><circle cx=\"50\" cy=\"50\" r=\"35\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"2.5\"/>{}",
        character(name, letter, (27.0, 27.0), 46.0, ink)
    ))
}

/// A janggi octagon, as the content of a 100-unit `<symbol>`.
pub fn janggi_body(letter: char) -> Option<String> {
    let (first, second, size) = janggi_piece(letter)?;
    let (name, ink) = if letter.is_ascii_uppercase() {
        (first, BLUE)
    } else {
        (second, RED)
    };
    let radius = 46.0 * size;
    let mut octagon = String::new();
    for corner in 0..8 {
        let angle = std::f32::consts::PI / 8.0 * (2 * corner + 1) as f32;
        let (x, y) = (50.0 + radius * angle.cos(), 50.0 + radius * angle.sin());
        octagon.push(if corner == 0 { 'M' } else { 'L' });
        octagon.push_str(&format!("{x:.1} {y:.1}"));
    }
    octagon.push('Z');
    let box_size = 54.0 * size;
    let corner = 50.0 - box_size / 2.0;
    Some(format!(
        "<path d=\"{octagon}\" fill=\"{DISC}\" stroke=\"{ink}\" stroke-width=\"3.5\" stroke-linejoin=\"round\"/>{}",
        character(name, letter, (corner, corner), box_size, ink)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_of_the_three_sets_has_its_strokes() {
        for letter in "krbgsnlpdhtomq".chars() {
            let (first, second, _, _) = shogi_piece(letter).unwrap();
            assert!(kanji::strokes(first).is_some() && kanji::strokes(second).is_some());
        }
        for letter in "kaenrcp".chars() {
            for red in [true, false] {
                assert!(kanji::strokes(xiangqi_character(letter, red).unwrap()).is_some());
            }
            let (first, second, _) = janggi_piece(letter).unwrap();
            assert!(kanji::strokes(first).is_some() && kanji::strokes(second).is_some());
        }
        assert!(shogi_piece('x').is_none() && xiangqi_character('g', true).is_none());
    }

    #[test]
    fn sides_and_promotions_are_told_apart() {
        let up = shogi_body('P', false).unwrap();
        let down = shogi_body('p', true).unwrap();
        assert!(!up.contains("rotate") && down.contains("rotate(180"));
        assert!(shogi_body('Q', false).unwrap().contains(RED));
        assert!(!up.contains(RED));
        assert_ne!(
            shogi_body('K', false).unwrap(),
            shogi_body('k', false).unwrap(),
            "玉 and 王"
        );
        assert!(xiangqi_body('K').unwrap().contains(RED));
        assert!(!xiangqi_body('k').unwrap().contains(RED));
        assert!(janggi_body('K').unwrap().contains(BLUE));
        assert!(janggi_body('k').unwrap().contains(RED));
        assert!(janggi_body('?').is_none());
    }
}
