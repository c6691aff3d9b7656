//! A small Betza notation reader: pieces described by how they move and how
//! they capture, the shared language of chess-variant engines.
//!
//! Supported: atoms `W F D N A H C Z G` (leaps), shorthands `K` (WF),
//! `R`/`B`/`Q` (sliders); an atom written twice (`NN`) or followed by `0`
//! slides without limit, followed by a digit `n` slides at most `n` steps;
//! modifiers before an atom: `m` move only, `c` capture only, and the
//! directions `f` `b` (forward, backward), `l` `r` (left, right), `s`
//! (sideways), `v` (vertical). Directions are seen from White: Black's are
//! mirrored by the caller. A forward and a sideways selector together mean
//! both at once (`fl` = forward-left); selectors of one kind add up (`fb`).

/// Whether an atom moves, captures, or both.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Both,
    MoveOnly,
    CaptureOnly,
}

/// One direction a piece can go: a step, how many times it may repeat
/// (0 = without limit, 1 = a leap), and whether it moves or captures.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Atom {
    pub df: i8,
    pub dr: i8,
    pub range: u8,
    pub mode: Mode,
}

/// A Betza string that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BetzaError {
    #[error("unknown Betza letter `{letter}` at {offset} in `{text}`")]
    UnknownLetter {
        text: String,
        letter: char,
        offset: usize,
    },
    #[error("Betza modifiers without an atom at the end of `{text}`")]
    DanglingModifier { text: String },
}

fn base(letter: char) -> Option<(&'static [(i8, i8)], u8)> {
    Some(match letter {
        'W' => (&[(1, 0)], 1),
        'F' => (&[(1, 1)], 1),
        'D' => (&[(2, 0)], 1),
        'N' => (&[(2, 1)], 1),
        'A' => (&[(2, 2)], 1),
        'H' => (&[(3, 0)], 1),
        'C' => (&[(3, 1)], 1),
        'Z' => (&[(3, 2)], 1),
        'G' => (&[(3, 3)], 1),
        'K' => (&[(1, 0), (1, 1)], 1),
        'R' => (&[(1, 0)], 0),
        'B' => (&[(1, 1)], 0),
        'Q' => (&[(1, 0), (1, 1)], 0),
        _ => return None,
    })
}

/// The 8 (or 4) symmetric images of a step.
fn images(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let d = (x * sx, y * sy);
                if !out.contains(&d) {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// Reads a Betza description into atoms.
///
/// ```
/// use fenpress_rules::betza::{parse, Mode};
/// let lancer = parse("mNcR").unwrap(); // Orda: moves as a knight, captures as a rook
/// assert_eq!(lancer.iter().filter(|a| a.mode == Mode::MoveOnly).count(), 8);
/// assert_eq!(lancer.iter().filter(|a| a.mode == Mode::CaptureOnly && a.range == 0).count(), 4);
/// ```
pub fn parse(text: &str) -> Result<Vec<Atom>, BetzaError> {
    let mut atoms = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut mods = String::new();
    while i < chars.len() {
        let c = chars[i];
        if "mcfblrsv".contains(c) {
            mods.push(c);
            i += 1;
            continue;
        }
        let Some((steps, mut range)) = base(c) else {
            return Err(BetzaError::UnknownLetter {
                text: text.into(),
                letter: c,
                offset: i,
            });
        };
        i += 1;
        if i < chars.len() && chars[i] == c {
            range = 0;
            i += 1;
        } else if i < chars.len() && chars[i].is_ascii_digit() {
            range = chars[i] as u8 - b'0';
            i += 1;
        }
        let mode = match (mods.contains('m'), mods.contains('c')) {
            (true, false) => Mode::MoveOnly,
            (false, true) => Mode::CaptureOnly,
            _ => Mode::Both,
        };
        let vert: Vec<char> = mods.chars().filter(|m| "fbv".contains(*m)).collect();
        let horiz: Vec<char> = mods.chars().filter(|m| "lrs".contains(*m)).collect();
        let keep = |df: i8, dr: i8| {
            let v_ok = vert.iter().any(|m| match m {
                'f' => dr > 0,
                'b' => dr < 0,
                _ => df == 0,
            });
            let h_ok = horiz.iter().any(|m| match m {
                'l' => df < 0,
                'r' => df > 0,
                _ => dr == 0,
            });
            match (vert.is_empty(), horiz.is_empty()) {
                (true, true) => true,
                (false, true) => v_ok,
                (true, false) => h_ok,
                (false, false) => v_ok && h_ok,
            }
        };
        for &(a, b) in steps {
            for (df, dr) in images(a, b) {
                if keep(df, dr) {
                    atoms.push(Atom {
                        df,
                        dr,
                        range,
                        mode,
                    });
                }
            }
        }
        mods.clear();
    }
    if !mods.is_empty() {
        return Err(BetzaError::DanglingModifier { text: text.into() });
    }
    Ok(atoms)
}
