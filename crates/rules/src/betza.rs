//! A Betza notation reader: pieces described by how they move and how they
//! capture, the shared language of chess-variant engines (Fairy-Stockfish,
//! XBoard). Directions are seen from White: Black's are mirrored by the
//! caller, or turned half a turn (`black_moves: turned`, as
//! Fairy-Stockfish does: it matters for chiral and one-diagonal pieces).
//! What cannot be executed is refused here, with the letter, where it
//! stands and why, never read as something else.
//!
//! **Atoms** (one leap, all its symmetric images): `W` (1,0) wazir, `F` (1,1)
//! ferz, `D` (2,0) dabbaba, `N` (2,1) knight, `A` (2,2) alfil, `H` (3,0)
//! threeleaper, `C` or `L` (3,1) camel, `Z` or `J` (3,2) zebra, `G` (3,3),
//! and any leap written `(a,b)` (e.g. `(4,1)` the giraffe). Shorthands: `K`
//! = `WF`, `R` = `WW`, `B` = `FF`, `Q` = `RB`; `E` = `RN` (chancellor) and
//! `Y` = `BN` (archbishop) are not used: write the compound.
//!
//! **Range**: an atom written twice (`NN`, the nightrider) or followed by
//! `0` slides without limit; followed by a number `n` from 1 to
//! [`MAX_RANGE`] it slides at most `n` steps (`R4`, `F2`). A longer range
//! is refused: no board has room for it.
//!
//! **Modifiers**, before an atom, any number and order:
//! - `m` move only, `c` capture only (both or neither: either).
//! - `f` `b` forward, backward; `l` `r` left, right; `v` vertical (f+b),
//!   `s` sideways (l+r). Letters pair as Fairy-Stockfish pairs them: a
//!   letter with itself, or a vertical one with a sideways one next to it
//!   (`lfrbB` is the a8–h1 diagonal: `lf` and `rb`). On orthogonal atoms
//!   each letter of a pair picks its directions; on diagonal ones a pair
//!   picks one diagonal (`flF`), and `v` or `s` alone all four. On oblique
//!   atoms (`N`, `C`, `Z`, `(a,b)`) one letter picks the four leaps on
//!   that side, a doubled letter the two narrow ones (`ffN`: the two leaps
//!   two ranks forward), `fs`/`bs` the two wide ones and `rv`/`lv` the two
//!   narrow ones on that side; a pair of `f`/`b` with `l`/`r` is one leap,
//!   the wide one if the vertical letter comes first (`flN` is (-2,1), `lfN`
//!   is (-1,2)).
//! - `h` (Fairy-Stockfish), paired: `fh` `bh` `lh` `rh` the four leaps on
//!   that side; `hr` and `hl` the two chiral halves of an oblique atom
//!   (`hrN`: (1,2), (2,-1), (-1,-2), (-2,1), a knight turning right).
//! - `p` a hopper: it jumps exactly one piece (the screen) on its line;
//!   its range counts from the hopper, screen included, as in
//!   Fairy-Stockfish (`pB2` hops over a piece next to it onto the square
//!   beyond; `mRcpR`, the xiangqi cannon). A line, so not on a single leap,
//!   and a range of at least 2.
//! - `g` a grasshopper: it lands on the square just beyond the first piece
//!   in its line (`gQ`); no range.
//! - `n` lame (non-jumping), as Fairy-Stockfish: a leap of at most three
//!   squares blocked by any piece on its path, which goes straight while
//!   the leap is longer on one axis, then diagonally (`nN` the xiangqi
//!   horse, `nA` the xiangqi elephant, `nZ` the janggi elephant).
//! - `j` jumping required: the leap needs a piece on the square it passes
//!   (`jD`).
//! - `i` initial only: the move exists only while the piece stands on a
//!   square its kind holds at the start (a pawn's `ifmW2` double step).
//! - `e` en passant (Fairy-Stockfish): the piece also takes en passant,
//!   along its one-step diagonal captures (`fmWfceF`).
//!
//! A move reachable by several atoms (`BK`: the bishop and the king both go
//! to the next diagonal square) is one move: the compiler merges them.
//!
//! Pawns: the rules core handles double steps, en passant and promotion
//! itself for pieces marked `pawn`; their Betza gives the rest (`fmWfcF`
//! chess, `fmFfcW` Berolina).

/// The longest range a Betza number may give: the most steps a line has
/// on the largest board.
pub const MAX_RANGE: u8 = crate::geometry::MAX_SIDE - 1;

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
/// (0 = without limit, 1 = a leap; for a hopper, the squares beyond the
/// screen), whether it moves or captures, how it treats pieces on its way,
/// whether only from its initial square, and whether it also takes en
/// passant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Atom {
    pub df: i8,
    pub dr: i8,
    pub range: u8,
    pub mode: Mode,
    pub path: Path,
    pub initial: bool,
    pub en_passant: bool,
}

/// A Betza string that cannot be read, or asks for what the engine cannot do.
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
    #[error("range `{range}` at {offset} in `{text}`: a piece goes 1 to {MAX_RANGE} steps along a line (0 or a doubled atom: without limit)")]
    BadRange {
        text: String,
        range: String,
        offset: usize,
    },
    #[error("`{what}` at {offset} in `{text}`: {why}; fenpress does not support it")]
    Unsupported {
        text: String,
        what: String,
        offset: usize,
        why: &'static str,
    },
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

/// Direction letters that count as vertical, and as sideways, when
/// pairing (`h` is both, as in Fairy-Stockfish).
const VERTICAL: &str = "fbvh";
const SIDEWAYS: &str = "lrsh";

/// Direction letters read together: one alone, or a pair.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dirs {
    One(char),
    Two(char, char),
}

/// Pairs the direction letters before an atom as Fairy-Stockfish does: a
/// letter with the same letter, or a vertical with a sideways one, when
/// they stand next to each other. `h` only pairs as `fh` `bh` `lh` `rh`
/// `hl` `hr`.
fn group(text: &str, letters: &[(char, usize)]) -> Result<Vec<Dirs>, BetzaError> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < letters.len() {
        let (c, at) = letters[i];
        let next = letters
            .get(i + 1)
            .filter(|(_, o)| *o == at + 1)
            .map(|(n, _)| *n);
        let pairs = |n: char| {
            n == c
                || (VERTICAL.contains(c) && SIDEWAYS.contains(n))
                || (SIDEWAYS.contains(c) && VERTICAL.contains(n))
        };
        let dirs = match next.filter(|n| pairs(*n)) {
            Some(n) => {
                i += 2;
                Dirs::Two(c, n)
            }
            None => {
                i += 1;
                Dirs::One(c)
            }
        };
        let bad_h = match dirs {
            Dirs::One('h') => true,
            Dirs::Two('h', n) => !"lr".contains(n),
            Dirs::Two(n, 'h') => !"fblr".contains(n),
            _ => false,
        };
        if bad_h {
            let what: String = match dirs {
                Dirs::One(c) => c.to_string(),
                Dirs::Two(a, b) => [a, b].iter().collect(),
            };
            return Err(BetzaError::Unsupported {
                text: text.into(),
                what,
                offset: at,
                why:
                    "`h` pairs as fh, bh, lh, rh (the leaps on that side) or hl, hr (a chiral half)",
            });
        }
        out.push(dirs);
    }
    Ok(out)
}

/// Whether one group of direction letters keeps the step `(df, dr)`.
fn group_keeps(dirs: Dirs, df: i8, dr: i8) -> bool {
    let side = |c: char| match c {
        'f' => dr > 0,
        'b' => dr < 0,
        'l' => df < 0,
        'r' => df > 0,
        _ => true,
    };
    if df == 0 || dr == 0 {
        // Orthogonal: each letter picks its own directions (`fsW`: forward
        // and both sides).
        let pick = |c: char| match c {
            'v' => df == 0,
            's' => dr == 0,
            'h' => false,
            c => side(c),
        };
        return match dirs {
            Dirs::One(c) => pick(c),
            Dirs::Two(a, b) => pick(a) || pick(b),
        };
    }
    if df.abs() == dr.abs() {
        // Diagonal: a pair names one diagonal (`flF`); `v`, `s` and a
        // chiral half hold for all four.
        return match dirs {
            Dirs::One(c) => side(c),
            Dirs::Two('h', _) => true,
            Dirs::Two(a, b) => side(a) && side(b),
        };
    }
    let narrow = dr.abs() > df.abs();
    let letter = |c: char| match c {
        'v' => narrow,
        's' => !narrow,
        c => side(c),
    };
    match dirs {
        Dirs::One(c) => letter(c),
        Dirs::Two(a, b) if a == b => match a {
            'f' | 'b' => side(a) && narrow,
            'l' | 'r' => side(a) && !narrow,
            a => letter(a),
        },
        // hr: (1,2) (2,-1) (-1,-2) (-2,1), turning one way; hl the others.
        Dirs::Two('h', x) => {
            let same_sign = (df > 0) == (dr > 0);
            (narrow == same_sign) == (x == 'r')
        }
        Dirs::Two(x, 'h') => letter(x),
        Dirs::Two(a, b) => {
            let vertical_first = VERTICAL.contains(a);
            let (v, h) = if vertical_first { (a, b) } else { (b, a) };
            match (v, h) {
                ('v', 's') => true,
                ('v', h) => side(h) && narrow,
                (v, 's') => side(v) && !narrow,
                // One leap: the wide one when the vertical letter leads.
                (v, h) => side(v) && side(h) && narrow != vertical_first,
            }
        }
    }
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
/// assert!(parse("W300").is_err());
/// ```
pub fn parse(text: &str) -> Result<Vec<Atom>, BetzaError> {
    let mut atoms = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut mods: Vec<(char, usize)> = Vec::new();
    while i < chars.len() {
        let c = chars[i];
        if "mcfblrsvhpgnjie".contains(c) {
            mods.push((c, i));
            i += 1;
            continue;
        }
        let atom_at = i;
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
        let mut numbered = false;
        if i < chars.len() && chars[i] == c && c.is_ascii_uppercase() {
            range = 0;
            i += 1;
        } else if i < chars.len() && chars[i].is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let n: String = chars[start..i].iter().collect();
            range = match n.parse::<u8>().ok().filter(|n| *n <= MAX_RANGE) {
                Some(n) => n,
                None => {
                    return Err(BetzaError::BadRange {
                        text: text.into(),
                        range: n,
                        offset: start,
                    })
                }
            };
            numbered = true;
        }
        let has = |m: char| mods.iter().any(|(c, _)| *c == m);
        let unsupported = |what, offset, why| Err(unsupported_in(text, what, offset, why));
        let atom_text: String = chars[atom_at..i].iter().collect();
        let mode = match (has('m'), has('c')) {
            (true, false) => Mode::MoveOnly,
            (false, true) => Mode::CaptureOnly,
            _ => Mode::Both,
        };
        let path = path_of(text, &mods, atom_at, &atom_text, range, numbered, steps)?;
        let en_passant = has('e');
        let one_step_diagonals = steps.iter().all(|s| *s == (1, 1));
        if en_passant && (mode == Mode::MoveOnly || range != 1 || !one_step_diagonals) {
            let at = mods.iter().find(|m| m.0 == 'e').map_or(atom_at, |m| m.1);
            return unsupported(
                format!("e…{atom_text}"),
                at,
                "`e` (en passant) is taken along one-step diagonal captures, as in fceF",
            );
        }
        let dir_letters: Vec<(char, usize)> = mods
            .iter()
            .copied()
            .filter(|(c, _)| "fblrsvh".contains(*c))
            .collect();
        let groups = group(text, &dir_letters)?;
        let initial = has('i');
        for &(a, b) in steps {
            for (df, dr) in images(a, b) {
                if groups.is_empty() || groups.iter().any(|g| group_keeps(*g, df, dr)) {
                    atoms.push(Atom {
                        df,
                        dr,
                        range,
                        mode,
                        path,
                        initial,
                        en_passant,
                    });
                }
            }
        }
        mods.clear();
    }
    if !mods.is_empty() {
        return Err(BetzaError::DanglingModifier { text: text.into() });
    }
    Ok(merge(atoms))
}

/// The path of an atom's moves from its modifiers (`p`, `g`, `n`, `j`),
/// or why fenpress refuses it: two ways at once, a hopper on a single
/// leap, a grasshopper with a range, a lame or jumping rider.
fn path_of(
    text: &str,
    mods: &[(char, usize)],
    atom_at: usize,
    atom_text: &str,
    range: u8,
    numbered: bool,
    steps: &[(i8, i8)],
) -> Result<Path, BetzaError> {
    let unsupported = |what, offset, why| Err(unsupported_in(text, what, offset, why));
    let ways: Vec<(char, usize)> = mods
        .iter()
        .copied()
        .filter(|(c, _)| "pgnj".contains(*c))
        .collect();
    if let Some((second, at)) = ways.iter().find(|(c, _)| *c != ways[0].0) {
        return unsupported(
            format!("{}{second}", ways[0].0),
            *at,
            "a move hops, hops as a grasshopper, is lame or needs a piece to jump: one of these, not two",
        );
    }
    let path = match ways.first().map(|w| w.0) {
        Some('p') => Path::Hop,
        Some('g') => Path::Grasshopper,
        Some('n') => Path::Lame,
        Some('j') => Path::Jump,
        _ => Path::Plain,
    };
    let way_at = ways.first().map_or(atom_at, |w| w.1);
    let leaper = range == 1;
    let longest = steps.iter().map(|(a, _)| *a).max().unwrap_or(0);
    match path {
        Path::Hop | Path::Grasshopper if leaper => return unsupported(
            format!("{}{atom_text}", ways[0].0),
            way_at,
            "a hopper moves along a line, two squares or more with its screen: write a rider (pR, pB2, gQ), not a single leap",
        ),
        Path::Grasshopper if numbered => {
            return unsupported(
                format!("g{atom_text}"),
                way_at,
                "a grasshopper lands just beyond the first piece in its line: it has no range",
            )
        }
        Path::Lame | Path::Jump if !leaper => {
            return unsupported(
                format!("{}{atom_text}", ways[0].0),
                way_at,
                "`n` and `j` make a single leap lame or jumping, not a rider",
            )
        }
        Path::Lame if longest > 3 => {
            return unsupported(
                format!("n{atom_text}"),
                way_at,
                "a lame leap goes at most three squares, as in Fairy-Stockfish",
            )
        }
        _ => {}
    }
    Ok(path)
}

/// The error for a part of `text` (`what`, at `offset`) that fenpress
/// reads but will not execute, and `why`.
fn unsupported_in(text: &str, what: String, offset: usize, why: &'static str) -> BetzaError {
    BetzaError::Unsupported {
        text: text.into(),
        what,
        offset,
        why,
    }
}

/// One atom per step, way and initial flag: atoms that go the same way
/// (`BK`'s bishop and king diagonals, `NmN`) are merged so that a square
/// they both reach is listed once. Where the longest quiet and capture
/// reaches differ (`mBcF`), a move-only and a capture-only atom remain.
fn merge(atoms: Vec<Atom>) -> Vec<Atom> {
    let mut out: Vec<Atom> = Vec::with_capacity(atoms.len());
    for atom in atoms {
        let key = |b: &Atom| (b.df, b.dr, b.path, b.initial);
        let same = |b: &Atom| key(b) == key(&atom);
        let Some(first) = out.iter().position(same) else {
            out.push(atom);
            continue;
        };
        // Ranges as reaches: 0 (no limit) is the longest.
        let reach = |r: u8| if r == 0 { u16::MAX } else { r as u16 };
        let range = |r: u16| if r == u16::MAX { 0 } else { r as u8 };
        let (mut quiet, mut capture, mut en_passant) = (None, None, false);
        for b in out.iter().filter(|b| same(b)).chain([&atom]) {
            if b.mode != Mode::CaptureOnly {
                quiet = quiet.max(Some(reach(b.range)));
            }
            if b.mode != Mode::MoveOnly {
                capture = capture.max(Some(reach(b.range)));
            }
            en_passant |= b.en_passant;
        }
        let merged: Vec<Atom> = match (quiet, capture) {
            (Some(q), Some(c)) if q == c => vec![Atom {
                range: range(q),
                mode: Mode::Both,
                en_passant,
                ..atom
            }],
            (q, c) => q
                .map(|q| Atom {
                    range: range(q),
                    mode: Mode::MoveOnly,
                    en_passant: false,
                    ..atom
                })
                .into_iter()
                .chain(c.map(|c| Atom {
                    range: range(c),
                    mode: Mode::CaptureOnly,
                    en_passant,
                    ..atom
                }))
                .collect(),
        };
        out.retain(|b| !same(b));
        out.splice(first..first, merged);
    }
    out
}

/// Whether two atoms of one piece (merged by [`parse`]) may still reach
/// one square with the same kind of move: collinear steps (`RD`, `B` and
/// `nA`, an initial `ifmW2` beside `fmW`). The move generator then drops
/// the repeats of such a piece's moves; other pieces pay nothing.
pub fn may_overlap(atoms: &[Atom]) -> bool {
    let line = |a: &Atom| matches!(a.path, Path::Hop | Path::Grasshopper) || a.range != 1;
    atoms.iter().enumerate().any(|(i, a)| {
        atoms[i + 1..].iter().any(|b| {
            let shares_mode = a.mode == Mode::Both || b.mode == Mode::Both || a.mode == b.mode;
            let collinear = a.df as i16 * b.dr as i16 == a.dr as i16 * b.df as i16
                && a.df.signum() == b.df.signum()
                && a.dr.signum() == b.dr.signum();
            let same_step = (a.df, a.dr) == (b.df, b.dr);
            let hop = |x: &Atom| matches!(x.path, Path::Hop | Path::Grasshopper);
            // Along one line a plain move stops at the first piece, a hopper
            // lands beyond it; two single leaps of different lengths differ.
            let apart = (same_step && hop(a) != hop(b)) || (!same_step && !line(a) && !line(b));
            shares_mode && collinear && !apart
        })
    })
}

/// A Betza string as Fairy-Stockfish reads it (`customPieceN = x:...` in a
/// `variants.ini`), written in this module's reading: the same moves, or
/// an error naming the letter where Fairy-Stockfish does something else
/// (ignores it, or gives the move no squares) that fenpress will not copy.
///
/// The readings differ in a few places: a lone `f` `b` `l` `r` on a
/// knight-like atom is Fairy-Stockfish's narrow pair (`fN` is our `ffN`);
/// its `n` on a rider is ignored; its hoppers on `W`, `F`, `K` slide (`pW`
/// is `pR`); its initial moves never capture. Its initial moves are made
/// from the second rank and may be taken en passant: a definition that
/// plays them as it does says `initial_moves: fairy_stockfish`.
///
/// ```
/// use fenpress_rules::betza::from_fairy_stockfish;
/// assert_eq!(from_fairy_stockfish("fN").unwrap(), "ffN");
/// assert_eq!(from_fairy_stockfish("fhmnNcfW").unwrap(), "fhmnNffcW");
/// assert!(from_fairy_stockfish("nC").is_err()); // no moves in Fairy-Stockfish
/// ```
pub fn from_fairy_stockfish(text: &str) -> Result<String, BetzaError> {
    let chars: Vec<char> = text.chars().collect();
    let refuse = |what, offset, why| Err(unsupported_in(text, what, offset, why));
    let mut out = String::new();
    let mut mods: Vec<(char, usize)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if "mcpgnifbvhrlse".contains(c) {
            mods.push((c, i));
            i += 1;
            continue;
        }
        if !"WFDNAHLCJZGKRBQ".contains(c) {
            return refuse(
                c.to_string(),
                i,
                "not a letter of Fairy-Stockfish's Betza, which skips it silently",
            );
        }
        let at = i;
        i += 1;
        let mut suffix = String::new();
        if i < chars.len() && (chars[i] == c || chars[i].is_ascii_digit()) {
            suffix.push(chars[i]);
            i += 1;
            if i < chars.len() && chars[i].is_ascii_digit() {
                return refuse(
                    chars[at..=i].iter().collect(),
                    i,
                    "Fairy-Stockfish reads one digit of a range and skips the next",
                );
            }
        }
        let has = |m: char| mods.iter().any(|(x, _)| *x == m);
        let atom: String = format!("{c}{suffix}");
        let (letter, lame, initial) = fairy_stockfish_atom(text, &mods, c, &suffix, at)?;
        let dir_letters: Vec<(char, usize)> = mods
            .iter()
            .copied()
            .filter(|(m, _)| "fbvhrls".contains(*m))
            .collect();
        let groups = group(text, &dir_letters)?;
        let two_atoms = "KQ".contains(c);
        for g in &groups {
            match *g {
                Dirs::Two(a, b) if a != b && two_atoms => {
                    return refuse(
                        format!("{a}{b}{atom}"),
                        at,
                        "Fairy-Stockfish reads a pair of letters on K or Q its own way: write the W and F parts apart",
                    )
                }
                // Each group twice as long: its lone letter doubled, so
                // that the groups pair again as they did.
                Dirs::One(a) => {
                    out.push(a);
                    out.push(a);
                }
                Dirs::Two(a, b) => {
                    out.push(a);
                    out.push(b);
                }
            }
        }
        let mode = match (has('m'), has('c')) {
            (true, false) => "m",
            (false, true) => "c",
            // Initial moves only move.
            _ if initial => "m",
            _ => "",
        };
        out.push_str(mode);
        for (m, flag) in [
            ('p', has('p')),
            ('g', has('g')),
            ('n', lame),
            ('i', initial),
            ('e', has('e')),
        ] {
            if flag {
                out.push(m);
            }
        }
        out.push(letter);
        out.push_str(&suffix);
        mods.clear();
    }
    if !mods.is_empty() {
        return Err(BetzaError::DanglingModifier { text: text.into() });
    }
    parse(&out)?;
    Ok(out)
}

/// How fenpress writes one atom of Fairy-Stockfish's Betza: its letter
/// (its hoppers slide whatever the atom), whether it is a lame leap and
/// an initial move; or why it is refused.
fn fairy_stockfish_atom(
    text: &str,
    mods: &[(char, usize)],
    c: char,
    suffix: &str,
    at: usize,
) -> Result<(char, bool, bool), BetzaError> {
    let refuse = |what, offset, why| Err(unsupported_in(text, what, offset, why));
    let rider = "RBQ".contains(c) || !suffix.is_empty();
    let has = |m: char| mods.iter().any(|(x, _)| *x == m);
    let atom: String = format!("{c}{suffix}");
    let mut letter = c;
    if has('p') || has('g') {
        if has('g') && suffix.chars().any(|d| d.is_ascii_digit()) {
            return refuse(
                format!("g{atom}"),
                at,
                "Fairy-Stockfish reads a grasshopper with a range as a limited cannon",
            );
        }
        // Its hoppers slide whatever the atom: `pW` hops along rook lines.
        if !rider {
            letter = match c {
                'W' => 'R',
                'F' => 'B',
                'K' => 'Q',
                _ => {
                    return refuse(
                        format!("p{atom}"),
                        at,
                        "Fairy-Stockfish hops only along rook and bishop lines",
                    )
                }
            };
        } else if !"RBQWFK".contains(c) {
            return refuse(
                atom,
                at,
                "Fairy-Stockfish hops only along rook and bishop lines",
            );
        }
    } else if rider && !"RBQWFKN".contains(c) {
        return refuse(
            atom,
            at,
            "Fairy-Stockfish rides only along rook, bishop and knight lines",
        );
    }
    let lame = has('n') && !rider;
    if lame && !"DNAZJ".contains(c) {
        return refuse(
            format!("n{atom}"),
            at,
            "Fairy-Stockfish gives a lame leap other than nD, nN, nA, nZ no squares",
        );
    }
    let initial = has('i');
    if initial && has('c') && !has('m') {
        return refuse(
            format!("ic{atom}"),
            at,
            "Fairy-Stockfish has no initial captures",
        );
    }
    Ok((letter, lame, initial))
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
        // A vertical letter first: the wide leap; a sideways one first: the
        // narrow one (Fairy-Stockfish's reading).
        assert_eq!(steps("flN"), vec![(-2, 1)]);
        assert_eq!(steps("lfN"), vec![(-1, 2)]);
        assert_eq!(steps("rbN"), vec![(1, -2)]);
        assert_eq!(steps("rvN"), vec![(1, -2), (1, 2)]);
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
        assert_eq!(parse("W18").unwrap()[0].range, MAX_RANGE);
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
        assert_eq!(parse("nA").unwrap()[0].path, Path::Lame);
        assert_eq!(parse("nZ").unwrap().len(), 8);
        let pawn = parse("fmWfceF").unwrap();
        assert_eq!(
            pawn.iter().map(|a| a.en_passant).collect::<Vec<_>>(),
            vec![false, true, true]
        );
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

    #[test]
    fn pairs_of_letters_on_diagonals_name_one_diagonal_each() {
        // Fairy-Stockfish's shatranj-like bishops: lf+rb and rf+lb.
        assert_eq!(steps("lfrbB"), vec![(-1, 1), (1, -1)]);
        assert_eq!(steps("rflbB"), vec![(-1, -1), (1, 1)]);
        // A lone vertical or sideways letter keeps all four diagonals.
        assert_eq!(steps("vF"), steps("F"));
        assert_eq!(steps("sF"), steps("F"));
        // Letters pair only when next to each other: `f` `m` `r` is f, then r.
        assert_eq!(steps("fmrF"), vec![(-1, 1), (1, -1), (1, 1)]);
        // Letters of one kind that do not pair: each keeps its own.
        assert_eq!(steps("lrR"), steps("sR"));
    }

    #[test]
    fn h_pairs_are_a_side_or_a_chiral_half() {
        assert_eq!(steps("fhN"), steps("fN"));
        assert_eq!(steps("lhN"), steps("lN"));
        assert_eq!(steps("hrN"), vec![(-2, 1), (-1, -2), (1, 2), (2, -1)]);
        assert_eq!(steps("hlN"), vec![(-2, -1), (-1, 2), (1, -2), (2, 1)]);
        // The two halves make the whole knight.
        let mut both = steps("hlNhrN");
        both.sort();
        assert_eq!(both, steps("N"));
        // Fairy-Stockfish's soldier: forward W, the four forward knight leaps.
        assert_eq!(steps("mfhNcfW").len(), 5);
        for bad in ["hN", "hhN", "hfN", "vhN"] {
            assert!(
                matches!(parse(bad), Err(BetzaError::Unsupported { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn ranges_outside_any_board_are_refused() {
        for (text, offset) in [("W300", 1), ("R19", 1), ("fmWR256", 4)] {
            match parse(text) {
                Err(BetzaError::BadRange { offset: o, .. }) => assert_eq!(o, offset, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        let message = parse("W300").unwrap_err().to_string();
        assert!(
            message.contains("`300`") && message.contains("1 to 18"),
            "{message}"
        );
    }

    #[test]
    fn what_the_engine_cannot_take_is_refused_with_why() {
        for bad in [
            "pW",     // a hopper on a single leap
            "gK",     // a grasshopper on a single leap
            "gQ2",    // a grasshopper with a range
            "nR",     // lame rider
            "jNN",    // jumping rider
            "n(4,1)", // a lame leap longer than three
            "pnR",    // two ways at once
            "ceW",    // en passant on an orthogonal capture
            "meF",    // en passant on a move-only step
        ] {
            match parse(bad) {
                Err(e @ BetzaError::Unsupported { .. }) => {
                    assert!(e.to_string().contains("does not support"), "{e}")
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
        assert_eq!(parse("pB2").unwrap()[0].range, 2);
        assert!(parse("nN").is_ok() && parse("nC").is_ok() && parse("nG").is_ok());
    }

    #[test]
    fn atoms_going_the_same_way_are_merged() {
        // BK: the bishop's diagonals take the king's diagonal steps in.
        let bk = parse("BK").unwrap();
        assert_eq!(bk.len(), 8);
        assert!(bk
            .iter()
            .filter(|a| a.df != 0 && a.dr != 0)
            .all(|a| a.range == 0 && a.mode == Mode::Both));
        // mBcF: quiet along the diagonal, captures one step: both stay.
        let split = parse("mBcF").unwrap();
        assert_eq!(split.len(), 8);
        // BmF: the bishop's quiet moves already reach the ferz's.
        assert_eq!(parse("BmF").unwrap(), parse("B").unwrap());
        assert_eq!(parse("NN").unwrap(), parse("NNN").unwrap());
    }

    #[test]
    fn collinear_atoms_are_flagged_for_the_generator() {
        let overlap = |t: &str| may_overlap(&parse(t).unwrap());
        for text in ["RD", "BA", "BnA", "fmWifmW2", "NNnN", "pRgR"] {
            assert!(overlap(text), "{text}");
        }
        // The common pieces pay nothing: no two atoms share a line.
        for text in [
            "K", "Q", "N", "BN", "RN", "QN", "fmWfcF", "mRcpR", "WD", "FA", "mNcR", "gQ", "BK",
            "KN", "mQcN",
        ] {
            assert!(!overlap(text), "{text}");
        }
    }

    #[test]
    fn fairy_stockfish_betza_is_written_in_ours() {
        let same = |fsf: &str, ours: &str| {
            assert_eq!(from_fairy_stockfish(fsf).unwrap(), ours, "{fsf}");
        };
        // Its lone letter on a knight is the narrow pair.
        same("fN", "ffN");
        assert_eq!(
            steps(&from_fairy_stockfish("fN").unwrap()),
            vec![(-1, 2), (1, 2)]
        );
        same("ffNfsN", "ffNfsN");
        same("fmWfceF", "ffmWffceF");
        same("fmWfceFifmnD", "ffmWffceFffmniD");
        same("lfrbB", "lfrbB");
        same("hlN", "hlN");
        same("mQ2cQ2", "mQ2cQ2");
        same("mRpRmFpB2", "mRpRmFpB2");
        // Its hoppers slide on W, F, K; its `n` on a rider is nothing; its
        // initial moves only move.
        same("pW", "pR");
        same("gK", "gQ");
        same("nR", "R");
        same("iN", "miN");
        for (bad, letter) in [
            ("nC", "nC"),   // a lame leap it gives no squares
            ("DD", "DD"),   // a rider on no rook, bishop or knight line
            ("pN", "pN"),   // a hopper off rook and bishop lines
            ("W10", "W10"), // it reads one digit
            ("jD", "j"),    // not its letter
            ("fsK", "fsK"), // its own reading of a pair on K
            ("icF", "icF"), // no initial captures
        ] {
            match from_fairy_stockfish(bad) {
                Err(BetzaError::Unsupported { what, .. }) => assert_eq!(what, letter, "{bad}"),
                other => panic!("{bad}: {other:?}"),
            }
        }
    }
}
