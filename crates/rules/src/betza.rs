//! A Betza notation reader: pieces described by how they move and how they
//! capture, the shared language of chess-variant engines (Fairy-Stockfish,
//! XBoard). Directions are seen from White: Black's are mirrored by the
//! caller.
//!
//! **Atoms** (one leap, all its symmetric images): `W` (1,0) wazir, `F` (1,1)
//! ferz, `D` (2,0) dabbaba, `N` (2,1) knight, `A` (2,2) alfil, `H` (3,0)
//! threeleaper, `C` or `L` (3,1) camel, `Z` or `J` (3,2) zebra, `G` (3,3),
//! and any leap written `(a,b)` (e.g. `(4,1)` the giraffe). Shorthands: `K`
//! = `WF`, `R` = `WW`, `B` = `FF`, `Q` = `RB`; `E` = `RN` (chancellor) and
//! `Y` = `BN` (archbishop) are not used: write the compound.
//!
//! **Range**: an atom written twice (`NN`, the nightrider) or followed by
//! `0` slides without limit; followed by a number `n` it slides at most `n`
//! steps (`R4`, `F2`).
//!
//! **Modifiers**, before an atom, any number and order:
//! - `m` move only, `c` capture only (both or neither: either).
//! - `f` `b` forward, backward; `l` `r` left, right; `v` vertical (f+b),
//!   `s` sideways (l+r). On orthogonal atoms they pick the directions; on
//!   diagonal ones `f` means both forward diagonals and `fl` the forward-left
//!   one. On oblique atoms (`N`, `C`, `Z`, `(a,b)`) one letter picks the four
//!   leaps on that side, a doubled letter the two narrow ones (`ffN`: the two
//!   leaps two ranks forward), and a vertical with a sideways letter the wide
//!   or diagonal pair (`fsN`: forward, wide; `flN`: forward-left, both).
//! - `p` a hopper: it must jump over exactly one piece (the screen) before
//!   the square it lands on or takes (`mRcpR`, the xiangqi cannon).
//! - `g` a grasshopper: it lands on the square just beyond the first piece
//!   in its line (`gQ`).
//! - `n` lame (non-jumping): the leap is blocked by a piece on its way
//!   (`nN`, the xiangqi horse; `nA`, the xiangqi elephant).
//! - `j` jumping required: the leap needs a piece on the square it passes
//!   (`jD`).
//! - `i` initial only: the move exists only while the piece stands on a
//!   square its kind holds at the start (a pawn's `ifmW2` double step).
//!
//! Pawns: the rules core handles double steps, en passant and promotion
//! itself for pieces marked `pawn`; their Betza gives the rest (`fmWfcF`
//! chess, `fmFfcW` Berolina).

/// Whether an atom moves, captures, or both.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Both,
    MoveOnly,
    CaptureOnly,
}

/// How an atom treats the pieces on its way.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Path {
    /// Leaps jump, sliders stop at the first piece.
    Plain,
    /// `p`: must jump exactly one piece first.
    Hop,
    /// `g`: lands just beyond the first piece in the line.
    Grasshopper,
    /// `n`: a leap blocked by a piece on its way.
    Lame,
    /// `j`: a leap that needs a piece on its way.
    Jump,
}

/// One direction a piece can go: a step, how many times it may repeat
/// (0 = without limit, 1 = a leap), whether it moves or captures, how it
/// treats pieces on its way, and whether only from its initial square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Atom {
    pub df: i8,
    pub dr: i8,
    pub range: u8,
    pub mode: Mode,
    pub path: Path,
    pub initial: bool,
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
    #[error("bad leap `({inside})` in `{text}`: write two numbers from 0 to 9, e.g. (4,1)")]
    BadLeap { text: String, inside: String },
}

fn base(letter: char) -> Option<(&'static [(i8, i8)], u8)> {
    Some(match letter {
        'W' => (&[(1, 0)], 1),
        'F' => (&[(1, 1)], 1),
        'D' => (&[(2, 0)], 1),
        'N' => (&[(2, 1)], 1),
        'A' => (&[(2, 2)], 1),
        'H' => (&[(3, 0)], 1),
        'C' | 'L' => (&[(3, 1)], 1),
        'Z' | 'J' => (&[(3, 2)], 1),
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
                if d != (0, 0) && !out.contains(&d) {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// Whether the direction modifiers `mods` keep the step `(df, dr)`.
fn keeps(mods: &str, df: i8, dr: i8) -> bool {
    let dirs: Vec<char> = mods.chars().filter(|c| "fblrvs".contains(*c)).collect();
    if dirs.is_empty() {
        return true;
    }
    let oblique = df != 0 && dr != 0 && df.abs() != dr.abs();
    let side = |c: char| match c {
        'f' => dr > 0,
        'b' => dr < 0,
        'l' => df < 0,
        'r' => df > 0,
        'v' => dr != 0,
        's' => df != 0,
        _ => false,
    };
    if !oblique {
        // Orthogonal or diagonal: vertical and sideways letters combine (fl:
        // forward-left); letters of one kind add up (fb).
        let vert: Vec<char> = dirs
            .iter()
            .copied()
            .filter(|c| "fbv".contains(*c))
            .collect();
        let horiz: Vec<char> = dirs
            .iter()
            .copied()
            .filter(|c| "lrs".contains(*c))
            .collect();
        let v_ok = |c: &char| match c {
            'v' => df == 0,
            c => side(*c),
        };
        let h_ok = |c: &char| match c {
            's' => dr == 0,
            c => side(*c),
        };
        return match (vert.is_empty(), horiz.is_empty()) {
            (true, true) => true,
            (false, true) => vert.iter().any(v_ok),
            (true, false) => horiz.iter().any(h_ok),
            (false, false) => {
                // On orthogonal steps `fl` can't both hold: then either does.
                if df == 0 || dr == 0 {
                    vert.iter().any(v_ok) || horiz.iter().any(h_ok)
                } else {
                    vert.iter().any(|c| side(*c)) && horiz.iter().any(|c| side(*c))
                }
            }
        };
    }
    // Oblique leaps: read the letters in groups. A doubled letter is the
    // narrow pair on that side; a vertical and a sideways letter together
    // the pair on both sides; a letter alone, the four on its side.
    let narrow_v = dr.abs() > df.abs();
    let mut i = 0;
    let mut any = false;
    while i < dirs.len() {
        let c = dirs[i];
        let next = dirs.get(i + 1).copied();
        let kept = if next == Some(c) {
            i += 2;
            side(c) && ((("fbv").contains(c) && narrow_v) || ("lrs".contains(c) && !narrow_v))
        } else if let Some(n) = next.filter(|n| "fbv".contains(c) != "fbv".contains(*n)) {
            i += 2;
            let (v, h) = if "fbv".contains(c) { (c, n) } else { (n, c) };
            match (v, h) {
                (_, 's') => side(v) && !narrow_v,
                ('v', _) => side(h) && narrow_v,
                _ => side(v) && side(h),
            }
        } else {
            i += 1;
            match c {
                'v' => narrow_v,
                's' => !narrow_v,
                c => side(c),
            }
        };
        any |= kept;
    }
    any
}

/// Reads a Betza description into atoms.
///
/// ```
/// use fenpress_rules::betza::{parse, Mode, Path};
/// let lancer = parse("mNcR").unwrap(); // Orda: moves as a knight, captures as a rook
/// assert_eq!(lancer.iter().filter(|a| a.mode == Mode::MoveOnly).count(), 8);
/// assert_eq!(lancer.iter().filter(|a| a.mode == Mode::CaptureOnly && a.range == 0).count(), 4);
/// let cannon = parse("mRcpR").unwrap();
/// assert_eq!(cannon.iter().filter(|a| a.path == Path::Hop).count(), 4);
/// assert_eq!(parse("(4,1)").unwrap().len(), 8);
/// ```
pub fn parse(text: &str) -> Result<Vec<Atom>, BetzaError> {
    let mut atoms = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut mods = String::new();
    while i < chars.len() {
        let c = chars[i];
        if "mcfblrsvpgnji".contains(c) {
            mods.push(c);
            i += 1;
            continue;
        }
        let custom: [(i8, i8); 1];
        let (steps, mut range): (&[(i8, i8)], u8) = if c == '(' || c == '[' {
            let close = if c == '(' { ')' } else { ']' };
            let end = chars[i..].iter().position(|x| *x == close).map(|p| i + p);
            let Some(end) = end else {
                return Err(BetzaError::BadLeap {
                    text: text.into(),
                    inside: chars[i + 1..].iter().collect(),
                });
            };
            let inside: String = chars[i + 1..end].iter().collect();
            let parts: Vec<Option<i8>> = inside
                .split(',')
                .map(|p| p.trim().parse::<i8>().ok().filter(|n| (0..=9).contains(n)))
                .collect();
            let (Some(Some(a)), Some(Some(b)), 2) = (parts.first(), parts.get(1), parts.len())
            else {
                return Err(BetzaError::BadLeap {
                    text: text.into(),
                    inside,
                });
            };
            if *a == 0 && *b == 0 {
                return Err(BetzaError::BadLeap {
                    text: text.into(),
                    inside,
                });
            }
            custom = [(*a.max(b), *a.min(b))];
            i = end;
            (&custom, 1)
        } else {
            match base(c) {
                Some(x) => x,
                None => {
                    return Err(BetzaError::UnknownLetter {
                        text: text.into(),
                        letter: c,
                        offset: i,
                    })
                }
            }
        };
        i += 1;
        if i < chars.len() && chars[i] == c && c.is_ascii_uppercase() {
            range = 0;
            i += 1;
        } else if i < chars.len() && chars[i].is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let n: String = chars[start..i].iter().collect();
            range = n.parse::<u8>().unwrap_or(0);
        }
        let mode = match (mods.contains('m'), mods.contains('c')) {
            (true, false) => Mode::MoveOnly,
            (false, true) => Mode::CaptureOnly,
            _ => Mode::Both,
        };
        let path = if mods.contains('p') {
            Path::Hop
        } else if mods.contains('g') {
            Path::Grasshopper
        } else if mods.contains('n') {
            Path::Lame
        } else if mods.contains('j') {
            Path::Jump
        } else {
            Path::Plain
        };
        let initial = mods.contains('i');
        for &(a, b) in steps {
            for (df, dr) in images(a, b) {
                if keeps(&mods, df, dr) {
                    atoms.push(Atom {
                        df,
                        dr,
                        range,
                        mode,
                        path,
                        initial,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The steps of a Betza string, sorted, as `(df, dr)`.
    fn steps(text: &str) -> Vec<(i8, i8)> {
        let mut v: Vec<(i8, i8)> = parse(text).unwrap().iter().map(|a| (a.df, a.dr)).collect();
        v.sort();
        v
    }

    #[test]
    fn forward_backward_and_sides_on_orthogonal_atoms() {
        assert_eq!(steps("fW"), vec![(0, 1)]);
        assert_eq!(steps("bW"), vec![(0, -1)]);
        assert_eq!(steps("lW"), vec![(-1, 0)]);
        assert_eq!(steps("rW"), vec![(1, 0)]);
        assert_eq!(steps("vW"), vec![(0, -1), (0, 1)]);
        assert_eq!(steps("sW"), vec![(-1, 0), (1, 0)]);
        assert_eq!(steps("fsW"), vec![(-1, 0), (0, 1), (1, 0)]);
    }

    #[test]
    fn directions_on_diagonal_atoms() {
        assert_eq!(steps("fF"), vec![(-1, 1), (1, 1)]);
        assert_eq!(steps("bF"), vec![(-1, -1), (1, -1)]);
        assert_eq!(steps("flF"), vec![(-1, 1)]);
        assert_eq!(steps("rF"), vec![(1, -1), (1, 1)]);
    }

    #[test]
    fn directions_on_oblique_atoms() {
        assert_eq!(steps("fN"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
        assert_eq!(steps("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(steps("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(steps("flN"), vec![(-2, 1), (-1, 2)]);
        assert_eq!(steps("vN"), vec![(-1, -2), (-1, 2), (1, -2), (1, 2)]);
        assert_eq!(steps("sN"), vec![(-2, -1), (-2, 1), (2, -1), (2, 1)]);
        assert_eq!(steps("bbN"), vec![(-1, -2), (1, -2)]);
    }

    #[test]
    fn move_and_capture_modes_and_ranges() {
        let pawn = parse("fmWfcF").unwrap();
        assert_eq!(pawn[0].mode, Mode::MoveOnly);
        assert!(pawn[1..].iter().all(|a| a.mode == Mode::CaptureOnly));
        let berolina = parse("fmFfcW").unwrap();
        assert_eq!(berolina.len(), 3);
        assert_eq!(parse("R").unwrap()[0].range, 0);
        assert_eq!(parse("NN").unwrap()[0].range, 0);
        assert_eq!(parse("W0").unwrap()[0].range, 0);
        assert_eq!(parse("R4").unwrap()[0].range, 4);
        assert_eq!(parse("F12").unwrap()[0].range, 12);
        assert_eq!(parse("mcK").unwrap()[0].mode, Mode::Both);
    }

    #[test]
    fn path_modifiers() {
        assert!(parse("pR")
            .unwrap()
            .iter()
            .all(|a| a.path == Path::Hop && a.range == 0));
        assert!(parse("gQ")
            .unwrap()
            .iter()
            .all(|a| a.path == Path::Grasshopper));
        assert_eq!(parse("nN").unwrap()[0].path, Path::Lame);
        assert_eq!(parse("jD").unwrap()[0].path, Path::Jump);
        let double = parse("ifmW2").unwrap();
        assert_eq!(
            (double.len(), double[0].initial, double[0].range),
            (1, true, 2)
        );
    }

    #[test]
    fn custom_leaps_and_errors() {
        assert_eq!(steps("(1,4)"), steps("(4,1)"));
        assert_eq!(steps("[2,0]"), steps("D"));
        assert!(matches!(parse("(4)"), Err(BetzaError::BadLeap { .. })));
        assert!(matches!(parse("(0,0)"), Err(BetzaError::BadLeap { .. })));
        assert!(matches!(
            parse("X"),
            Err(BetzaError::UnknownLetter { letter: 'X', .. })
        ));
        assert!(matches!(
            parse("fm"),
            Err(BetzaError::DanglingModifier { .. })
        ));
    }
}
