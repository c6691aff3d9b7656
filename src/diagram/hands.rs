//! Pieces in hand as a diagram shows them: what each side holds, read from
//! the `[Qn]` after the board or, in a full vchess FEN, from the variant's
//! own reserve field (through the rules core), and drawn as a row of pieces
//! with their counts above and below the board.

use std::fmt::Write;

use fenpress_rules::registry::Registry;
use fenpress_rules::{validate, Color, Piece};

use super::glyphs::glyph;
use super::spec::BoardSpec;
use crate::words::DiagramWords;

/// What each side holds: (FEN letter, count), in the order written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hands {
    pub white: Vec<(char, u32)>,
    pub black: Vec<(char, u32)>,
}

impl Hands {
    /// The pieces of one side.
    pub fn side(&self, white: bool) -> &[(char, u32)] {
        if white {
            &self.white
        } else {
            &self.black
        }
    }

    /// The most kinds either side holds: how many cells a hand row needs.
    pub fn width(&self) -> usize {
        self.white.len().max(self.black.len())
    }
}

/// The hands a board shows, if it gives any: the letters in brackets, else
/// the reserve a full FEN carries for a variant with drops. A board without
/// either shows no hands (rules pages draw boards alone).
pub fn hands_of(registry: &Registry, variant: &str, spec: &BoardSpec) -> Option<Hands> {
    if let Some(letters) = &spec.hand {
        return Some(count_letters(letters));
    }
    let rest = spec.fen_rest.as_deref()?;
    let rules = registry.rules(variant)?;
    if Color::ALL.iter().all(|c| rules.hand_kinds(*c).is_empty()) {
        return None;
    }
    let pos = validate::position_from_fen(&*rules, &format!("{} {rest}", spec.board)).ok()?;
    let side = |color: Color| {
        let mut held: Vec<(Piece, u8)> = pos.state.hands.pieces(color).collect();
        held.sort_by_key(|(p, _)| kind_order(p.letter()));
        held.into_iter()
            .map(|(p, n)| (p.letter(), u32::from(n)))
            .collect()
    };
    Some(Hands {
        white: side(Color::White),
        black: side(Color::Black),
    })
}

/// Queen, rook, bishop, knight, pawn, then the other letters in order, as
/// standard FEN writes a hand.
fn kind_order(letter: char) -> u32 {
    match letter.to_ascii_lowercase() {
        'q' => 0,
        'r' => 1,
        'b' => 2,
        'n' => 3,
        'p' => 4,
        other => 5 + u32::from(other),
    }
}

/// `QNNp` → White: queen 1, knight 2; Black: pawn 1. Other characters
/// (`~`, digits) are not pieces and are skipped: verification reports them.
fn count_letters(letters: &str) -> Hands {
    let mut hands = Hands::default();
    for c in letters.chars().filter(char::is_ascii_alphabetic) {
        let side = if c.is_ascii_uppercase() {
            &mut hands.white
        } else {
            &mut hands.black
        };
        match side.iter_mut().find(|(l, _)| *l == c) {
            Some((_, n)) => *n += 1,
            None => side.push((c, 1)),
        }
    }
    hands
}

/// The text alternative's part for the hands: "White's hand: 2 knight;
/// Black's hand: empty".
pub fn describe_hands(hands: &Hands, name: &dyn Fn(char) -> String, t: &DiagramWords) -> String {
    let side = |pieces: &[(char, u32)]| {
        if pieces.is_empty() {
            return t.empty_hand.to_string();
        }
        pieces
            .iter()
            .map(|(c, n)| format!("{n} {}", name(*c)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "{}; {}",
        t.white_hand.replace("{list}", &side(&hands.white)),
        t.black_hand.replace("{list}", &side(&hands.black))
    )
}

/// A count drawn as stroked digits (no installed font needed, so a PNG
/// shows it too), right-aligned at `(right, bottom)`, in a light halo.
pub fn count_path(count: u32, right: f64, bottom: f64) -> String {
    const SCALE: f64 = 0.55;
    let digits = count.to_string();
    let width = digits.len() as f64 * 5.0 * SCALE - SCALE;
    let (x, y) = (right - width, bottom - 6.0 * SCALE);
    let mut d = String::new();
    for (i, c) in digits.chars().enumerate() {
        let _ = write!(
            d,
            "<path transform=\"translate({:.2} {y:.2}) scale({SCALE})\" d=\"{}\"/>",
            x + i as f64 * 5.0 * SCALE,
            glyph(c)
        );
    }
    format!(
        "<g class=\"fp-hn\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\"><g stroke=\"#fff\" stroke-width=\"3\">{d}</g><g stroke=\"#222\" stroke-width=\"1.3\">{d}</g></g>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use fenpress_rules::registry::BUILTIN;

    #[test]
    fn letters_in_brackets_are_counted_per_side() {
        let spec = BoardSpec {
            board: "8/8/8/8/8/8/8/8".into(),
            hand: Some("QNNp~".into()),
            ..BoardSpec::default()
        };
        let hands = hands_of(&BUILTIN, "Crazyhouse", &spec).unwrap();
        assert_eq!(hands.white, vec![('Q', 1), ('N', 2)]);
        assert_eq!(hands.black, vec![('p', 1)]);
        assert_eq!(
            describe_hands(&hands, &|c| c.to_string(), &DiagramWords::english()),
            "White's hand: 1 Q, 2 N; Black's hand: 1 p"
        );
    }

    #[test]
    fn a_vchess_reserve_field_is_read_by_the_rules() {
        let start = fenpress_rules::registry::rules("Crazyhouse")
            .unwrap()
            .start_fen();
        let mut fields: Vec<&str> = start.split(' ').collect();
        let board = fields.remove(0).to_string();
        let spec = BoardSpec {
            board,
            fen_rest: Some(fields.join(" ")),
            ..BoardSpec::default()
        };
        assert_eq!(
            hands_of(&BUILTIN, "Crazyhouse", &spec),
            Some(Hands::default())
        );
        assert_eq!(hands_of(&BUILTIN, "Chess", &spec), None);
    }
}
