//! One canonical shape for a move of either engine, so move sets compare as
//! sets: start, end, sorted vanish and appear pieces (`e2:wp`), and the
//! flags that change what the move means (chain goes on, speculative).

use std::collections::BTreeMap;
use std::fmt;

use fenpress_rules::{Color, Move, Rules};

use crate::oracle::{VMove, VPiece};

/// A move of either engine in comparable form.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CanonMove {
    /// Start square; `@` when nothing leaves it (a drop).
    pub start: String,
    /// End square; for a castling-like move (two pieces of the mover move,
    /// nothing else) the square where the piece from `start` lands, since
    /// vchess names the rook's square when the king moves two files or less.
    pub end: String,
    /// `square:color+kind` (`e2:wp`), sorted; a piece that vanishes and
    /// appears again on its square is in neither list.
    pub vanish: Vec<String>,
    pub appear: Vec<String>,
    /// `chain` (the turn goes on: Paco Sako), `speculative` (Apocalypse).
    pub flags: Vec<&'static str>,
}

impl fmt::Display for CanonMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}  vanish [{}] appear [{}]",
            self.start,
            self.end,
            self.vanish.join(","),
            self.appear.join(",")
        )?;
        for flag in &self.flags {
            write!(f, " {flag}")?;
        }
        Ok(())
    }
}

impl CanonMove {
    /// Start and end squares, as in `e2e4`.
    pub fn coords(&self) -> String {
        format!("{}{}", self.start, self.end)
    }
}

fn token(square: &str, color: char, kind: char) -> String {
    format!("{square}:{color}{kind}")
}

fn color_char(c: Color) -> char {
    c.fen_char()
}

/// A fenpress move.
pub fn from_fenpress(rules: &dyn Rules, mv: &Move) -> CanonMove {
    let g = rules.geometry();
    let list = |ps: &[fenpress_rules::moves::Placement]| -> Vec<(String, String)> {
        ps.iter()
            .map(|p| {
                let sq = g.square_name(p.square);
                let t = token(&sq, color_char(p.piece.color), p.piece.kind.char());
                (sq, t)
            })
            .collect()
    };
    let mut flags = Vec::new();
    if mv.intent.continues {
        flags.push("chain");
    }
    if rules.move_note(mv) == Some("speculative") {
        flags.push("speculative");
    }
    build(
        g.square_name(mv.intent.from),
        g.square_name(mv.intent.to),
        color_char(mv.color()),
        list(mv.effect.vanish.as_slice()),
        list(mv.effect.appear.as_slice()),
        flags,
    )
}

/// A vchess move. Pieces are read through fenpress's own FEN letters
/// ([`Rules::decode_cell`]), so a vchess union code (Paco Sako) becomes its
/// two pieces; a letter fenpress does not know stays as vchess wrote it.
pub fn from_vchess(rules: &dyn Rules, mv: &VMove) -> CanonMove {
    let rows = rules.geometry().rows() as i32;
    let expand = |ps: &[VPiece]| -> Vec<(String, String)> {
        let mut out = Vec::new();
        for p in ps {
            let letter = p.piece.chars().next().unwrap_or('?');
            let fen_char = match p.color.as_str() {
                "w" => letter.to_ascii_uppercase(),
                _ => letter,
            };
            match rules.decode_cell(fen_char).filter(|_| p.piece.len() == 1) {
                Some(cell) if !cell.is_empty() && (p.color == "w" || p.color == "b") => {
                    for piece in cell.pieces() {
                        out.push((
                            p.square.clone(),
                            token(&p.square, color_char(piece.color), piece.kind.char()),
                        ));
                    }
                }
                _ => out.push((
                    p.square.clone(),
                    format!("{}:{}{}", p.square, p.color, p.piece),
                )),
            }
        }
        out
    };
    // vchess drops start off the board (rank 0 or below, or past the top).
    let on_board = |sq: &str| {
        sq.get(1..)
            .and_then(|r| r.parse::<i32>().ok())
            .is_some_and(|r| (1..=rows).contains(&r))
    };
    let start = if on_board(&mv.start) {
        mv.start.clone()
    } else {
        "@".into()
    };
    let mover = mv
        .vanish
        .first()
        .or(mv.appear.first())
        .and_then(|p| p.color.chars().next())
        .unwrap_or('?');
    let mut flags = Vec::new();
    if mv.released.is_some() {
        flags.push("chain");
    }
    if mv.speculative {
        flags.push("speculative");
    }
    build(
        start,
        mv.end.clone(),
        mover,
        expand(&mv.vanish),
        expand(&mv.appear),
        flags,
    )
}

/// Shared normalisation of both engines' moves.
fn build(
    start: String,
    end: String,
    mover: char,
    vanish: Vec<(String, String)>,
    appear: Vec<(String, String)>,
    flags: Vec<&'static str>,
) -> CanonMove {
    let mut start = start;
    let mut end = end;
    // Castling-like: exactly two pieces of the mover vanish and appear, of
    // the same kinds; the end is where the piece from `start` lands.
    let mine = |ps: &[(String, String)]| {
        ps.iter()
            .all(|(_, t)| t.split(':').nth(1).and_then(|s| s.chars().next()) == Some(mover))
    };
    if vanish.len() == 2 && appear.len() == 2 && mine(&vanish) && mine(&appear) {
        let kind = |t: &str| t.split(':').nth(1).map(str::to_string);
        let mut vk: Vec<_> = vanish.iter().map(|(_, t)| kind(t)).collect();
        let mut ak: Vec<_> = appear.iter().map(|(_, t)| kind(t)).collect();
        vk.sort();
        ak.sort();
        if vk == ak && vk[0] != vk[1] {
            if let Some(k) = vanish
                .iter()
                .find(|(s, _)| *s == start)
                .map(|(_, t)| kind(t))
            {
                if let Some((s, _)) = appear.iter().find(|(_, t)| kind(t) == k) {
                    end = s.clone();
                }
            }
        }
    }
    if !vanish.iter().any(|(s, _)| *s == start) {
        start = "@".into();
    }
    // Net effect: a piece that vanishes and appears on its own square again
    // (a union re-formed, a king that stays in Chess960 castling) is no change.
    let mut count: BTreeMap<&str, i32> = BTreeMap::new();
    for (_, t) in &vanish {
        *count.entry(t).or_default() += 1;
    }
    for (_, t) in &appear {
        *count.entry(t).or_default() -= 1;
    }
    let mut v = Vec::new();
    let mut a = Vec::new();
    for (t, n) in count {
        for _ in 0..n.max(0) {
            v.push(t.to_string());
        }
        for _ in 0..(-n).max(0) {
            a.push(t.to_string());
        }
    }
    CanonMove {
        start,
        end,
        vanish: v,
        appear: a,
        flags,
    }
}

/// The moves only one side lists, as multisets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetDiff {
    pub vchess_only: Vec<CanonMove>,
    pub fenpress_only: Vec<CanonMove>,
}

impl SetDiff {
    pub fn is_empty(&self) -> bool {
        self.vchess_only.is_empty() && self.fenpress_only.is_empty()
    }
}

/// Compares two move lists as multisets.
pub fn diff(vchess: &[CanonMove], fenpress: &[CanonMove]) -> SetDiff {
    let mut count: BTreeMap<&CanonMove, i64> = BTreeMap::new();
    for m in vchess {
        *count.entry(m).or_default() += 1;
    }
    for m in fenpress {
        *count.entry(m).or_default() -= 1;
    }
    let mut d = SetDiff::default();
    for (m, n) in count {
        for _ in 0..n.max(0) {
            d.vchess_only.push(m.clone());
        }
        for _ in 0..(-n).max(0) {
            d.fenpress_only.push(m.clone());
        }
    }
    d
}
