//! The targets. Each picks what it needs from the input's bytes (a variant
//! from the first byte, text from the rest) so one byte string explores
//! every variant the core implements.

use fenpress_rules::{fen, legal, notation, registry, validate, MoveList, Rules};

use crate::Target;

pub static ALL: &[Target] = &[
    Target {
        name: "pug",
        about: "Pug pages: parse, convert to Markdown and HTML, paste recovery",
        run: pug,
        dictionary: &[
            "\n  ",
            "\n    ",
            "| ",
            "p.",
            "figure.diagram-container\n  .diagram\n    | fen:",
            "figcaption ",
            "a(href=\"",
            "\")",
            "&nbsp;",
            ".diag12",
            "li ",
            "ul\n  li ",
            "//",
            "#{",
            "=",
            "(style=\"x\")",
            "     1\t",
            ":",
        ],
    },
    Target {
        name: "fen",
        about:
            "FEN text: parse (both digit readings), validate for a variant, write back and re-read",
        run: fen_target,
        dictionary: &[
            "/", "8", "10", " w ", " b ", " 0 ", "ahah", " - ", "x", "@", "K", "k", "P", "p",
        ],
    },
    Target {
        name: "notation",
        about: "move text: parse, resolve against the start position of a variant",
        run: notation_target,
        dictionary: &[
            "O-O", "O-O-O", "x", "=Q", "e4", "Nf3", "...", "1.", "e2e4", ">", "@", "+", "#",
        ],
    },
];

/// The implemented variant the first byte picks, and the rest of the input.
fn variant_and_text(data: &[u8]) -> Option<(&'static dyn Rules, String)> {
    let (&first, rest) = data.split_first()?;
    let implemented: Vec<&'static dyn Rules> = registry::all().filter_map(|v| v.rules()).collect();
    if implemented.is_empty() {
        return None;
    }
    let rules = implemented[first as usize % implemented.len()];
    Some((rules, String::from_utf8_lossy(rest).into_owned()))
}

fn pug(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = fenpress_pug::convert(&text);
    if let Some(paste) = fenpress_pug::paste::detect(&text) {
        let _ = fenpress_pug::paste::explain(&paste);
    }
    let _ = fenpress_pug::paste::recover(&text);
}

fn fen_target(data: &[u8]) {
    let Some((rules, text)) = variant_and_text(data) else {
        return;
    };
    for reading in [fen::DigitReading::Decimal, fen::DigitReading::PerDigit] {
        let Ok(setup) = fen::parse_with(&text, reading) else {
            continue;
        };
        let _ = validate::validate_diagram(rules, &setup);
        let Ok(mut pos) = validate::validate(rules, &setup) else {
            continue;
        };
        // A position with a side to move writes a FEN that reads back
        // (a board alone is read as a diagram: either side may be to move).
        if setup.turn.is_none() {
            continue;
        }
        let written = fen::vchess_fen(rules, &pos);
        let again = validate::position_from_fen(rules, &written);
        assert!(
            again.is_ok(),
            "{}: `{written}` (written from `{text}`) does not read back: {:?}",
            rules.name(),
            again.err()
        );
        let mut moves = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut moves);
        let _ = legal::outcome(rules, &mut pos);
    }
}

fn notation_target(data: &[u8]) {
    let Some((rules, text)) = variant_and_text(data) else {
        return;
    };
    let _ = notation::parse(&text);
    let mut pos = rules.start_position();
    if let Ok(mv) = notation::parse_move(rules, &mut pos, &text) {
        // A move the reader accepts is legal and writes back.
        let _ = notation::san(rules, &mut pos, &mv);
        let _ = notation::coordinate(rules, &mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_target_takes_empty_and_odd_input() {
        for t in ALL {
            for input in [&b""[..], b"\xff\xfe", b"fen:8/8:", b"\0\0\0"] {
                (t.run)(input);
            }
        }
    }
}
