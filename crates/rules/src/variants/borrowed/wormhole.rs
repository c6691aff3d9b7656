//! Wormhole (1 and 2): the square a piece leaves becomes a hole (`x`) for
//! the rest of the game. Every piece jumps: a step of n squares in one
//! direction counts only the squares that are not holes (the holes are
//! skipped, pieces jumped over), a knight goes one square orthogonally and
//! then one diagonally onward. Pawns promote only by taking; no castling,
//! no en passant; a side with no legal move loses.
//!
//! Wormhole2 keeps chess's pieces with short sliders (rook: one or two
//! squares orthogonally, bishop diagonally, queen both); Wormhole1 has the
//! champion `c`, wizard `w` and Murray lion `m` instead. A hole is a Black
//! `x` on the board (never moving, taken or attacking), so the moves that
//! make it undo like any other.

use super::base::{piece_at, Cfg, Game, Hooks};
use crate::color::Color;
use crate::moves::MoveList;
use crate::piece::{Cell, Kind, Piece};
use crate::position::Position;
use crate::rules::Outcome;
use crate::square::Square;

/// A hole.
pub const HOLE: Kind = Kind(b'x');
/// Wormhole1's pieces.
pub const CHAMPION: Kind = Kind(b'c');
pub const WIZARD: Kind = Kind(b'w');
pub const LION: Kind = Kind(b'm');

/// One leg of a move: (file, rank) squares in one direction.
type Leg = (i8, i8);

const ORTHO: [Leg; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [Leg; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const ORTHO2: [Leg; 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];
const DIAG2: [Leg; 4] = [(2, 2), (2, -2), (-2, 2), (-2, -2)];

/// The knight: one orthogonal step, then a diagonal one going on the same
/// way; `WIZARD_LEGS` the same with two orthogonal steps.
const KNIGHT_LEGS: [[Leg; 2]; 8] = [
    [(-1, 0), (-1, 1)],
    [(-1, 0), (-1, -1)],
    [(1, 0), (1, 1)],
    [(1, 0), (1, -1)],
    [(0, 1), (1, 1)],
    [(0, 1), (-1, 1)],
    [(0, -1), (1, -1)],
    [(0, -1), (-1, -1)],
];
const WIZARD_LEGS: [[Leg; 2]; 8] = [
    [(-2, 0), (-1, 1)],
    [(-2, 0), (-1, -1)],
    [(2, 0), (1, 1)],
    [(2, 0), (1, -1)],
    [(0, 2), (1, 1)],
    [(0, 2), (-1, 1)],
    [(0, -2), (1, -1)],
    [(0, -2), (-1, -1)],
];

/// Wormhole's hooks: `first` is Wormhole1.
pub struct Wormhole {
    pub first: bool,
}

/// Whether the cell is a hole.
fn is_hole(cell: Cell) -> bool {
    cell.kind(Color::Black) == Some(HOLE)
}

/// The square `leg` leads to from `from`, counting only squares that are
/// not holes (vchess's `getSquareAfter`); `None` when the board ends first.
fn leg_end(g: &Game<Wormhole>, pos: &Position, from: Square, (df, dr): Leg) -> Option<Square> {
    let n = df.abs().max(dr.abs());
    let step = (df.signum(), dr.signum());
    let mut done = 0;
    let mut at = from;
    while done < n {
        at = g.off(at, step.0, step.1)?;
        if !is_hole(pos.board.cell(at)) {
            done += 1;
        }
    }
    Some(at)
}

/// Where a path of legs ends.
fn path_end(g: &Game<Wormhole>, pos: &Position, from: Square, legs: &[Leg]) -> Option<Square> {
    legs.iter()
        .try_fold(from, |at, &leg| leg_end(g, pos, at, leg))
}

/// The paths (one leg, or two for knights and wizards) a piece of `kind`
/// moves and takes along.
fn paths(first: bool, kind: Kind) -> Vec<Vec<Leg>> {
    let singles = |legs: &[&[Leg]]| -> Vec<Vec<Leg>> {
        legs.iter()
            .flat_map(|l| l.iter().map(|&leg| vec![leg]))
            .collect()
    };
    let doubles =
        |legs: &[[Leg; 2]]| -> Vec<Vec<Leg>> { legs.iter().map(|l| l.to_vec()).collect() };
    match (first, kind) {
        (_, Kind::KING) => singles(&[&ORTHO, &DIAG]),
        (_, Kind::KNIGHT) => doubles(&KNIGHT_LEGS),
        (false, Kind::ROOK) => singles(&[&ORTHO, &ORTHO2]),
        (false, Kind::BISHOP) => singles(&[&DIAG, &DIAG2]),
        (false, Kind::QUEEN) => singles(&[&ORTHO, &ORTHO2, &DIAG, &DIAG2]),
        (true, CHAMPION) => singles(&[&ORTHO2, &DIAG2, &ORTHO]),
        (true, WIZARD) => {
            let mut v = doubles(&WIZARD_LEGS);
            v.extend(singles(&[&DIAG]));
            v
        }
        (true, LION) => singles(&[&ORTHO2, &DIAG2]),
        _ => Vec::new(),
    }
}

/// The paths a piece of `kind` takes along but never moves along
/// (Wormhole1's lion: one square as a king).
fn capture_paths(first: bool, kind: Kind) -> Vec<Vec<Leg>> {
    if first && kind == LION {
        ORTHO.iter().chain(&DIAG).map(|&l| vec![l]).collect()
    } else {
        Vec::new()
    }
}

/// A path run backwards: its legs in reverse order (each leg's direction
/// kept, as vchess's attack test does; the set of all of a piece's paths
/// reversed so is the set of their inverses).
fn reversed(path: &[Leg]) -> Vec<Leg> {
    path.iter().rev().copied().collect()
}

impl Wormhole {
    fn kinds(&self) -> &'static [u8] {
        if self.first {
            b"pcnwmkx"
        } else {
            b"pnbrqkx"
        }
    }

    /// The promotion choices, in vchess's order.
    fn promotions(&self) -> &'static [Kind] {
        if self.first {
            &[LION, CHAMPION, WIZARD, Kind::KNIGHT]
        } else {
            &[Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN]
        }
    }
}

/// Pushes the move from `from` to `to`, leaving a hole behind.
fn push(
    g: &Game<Wormhole>,
    pos: &Position,
    from: Square,
    to: Square,
    becomes: Option<Piece>,
    out: &mut MoveList,
) {
    let mut mv = g.basic(pos, from, to, becomes);
    mv.effect.appear.push(from, Piece::new(Color::Black, HOLE));
    out.push(mv);
}

fn pawn_moves(g: &Game<Wormhole>, pos: &Position, from: Square, out: &mut MoveList) {
    let us = pos.turn();
    let fw = Game::<Wormhole>::forward(us);
    let empty = |s: Square| pos.board.cell(s).is_empty();
    // A step forward never promotes (promotion is by taking only).
    if let Some(one) = leg_end(g, pos, from, (0, fw)).filter(|&s| empty(s)) {
        push(g, pos, from, one, None, out);
        if g.g.relative_rank(from, us) == 1 {
            if let Some(two) = leg_end(g, pos, from, (0, 2 * fw)).filter(|&s| empty(s)) {
                push(g, pos, from, two, None, out);
            }
        }
    }
    for df in [-1, 1] {
        let Some(to) = leg_end(g, pos, from, (df, fw)) else {
            continue;
        };
        if empty(to) || !Wormhole::can_take(g, pos, from, to) {
            continue;
        }
        if g.g.relative_rank(to, us) == g.g.rows() - 1 {
            for &k in g.h.promotions() {
                push(g, pos, from, to, Some(Piece::new(us, k)), out);
            }
        } else {
            push(g, pos, from, to, None, out);
        }
    }
}

impl Hooks for Wormhole {
    fn cfg(&self) -> Cfg {
        let base = Cfg {
            castling: false,
            en_passant: false,
            ..Cfg::chess("Wormhole2")
        };
        if self.first {
            Cfg {
                name: "Wormhole1",
                start_fen: "cnwmkwnc/pppppppp/8/8/8/8/PPPPPPPP/CNWMKWNC w 0",
                extra: "cwmx",
                ..base
            }
        } else {
            Cfg {
                start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0",
                extra: "x",
                ..base
            }
        }
    }

    /// "Win by checkmate or stalemate: if you can no longer move, you
    /// lose" (Wormhole1's page; Wormhole2's is silent and vchess scores
    /// both alike).
    fn stalemate_outcome(_g: &Game<Self>, pos: &Position) -> Outcome {
        Outcome::VariantWin {
            winner: pos.turn().opposite(),
            reason: "stalemate",
        }
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        let Some(p) = piece_at(pos, sq) else { return };
        if p.kind == HOLE {
            return;
        }
        if p.kind == Kind::PAWN {
            pawn_moves(g, pos, sq, out);
            return;
        }
        for path in paths(g.h.first, p.kind) {
            let Some(to) = path_end(g, pos, sq, &path) else {
                continue;
            };
            if pos.board.cell(to).is_empty() || Self::can_take(g, pos, sq, to) {
                push(g, pos, sq, to, None, out);
            }
        }
        for path in capture_paths(g.h.first, p.kind) {
            let Some(to) = path_end(g, pos, sq, &path) else {
                continue;
            };
            if !pos.board.cell(to).is_empty() && Self::can_take(g, pos, sq, to) {
                push(g, pos, sq, to, None, out);
            }
        }
    }

    fn can_take(_g: &Game<Self>, pos: &Position, from: Square, to: Square) -> bool {
        match (piece_at(pos, from), piece_at(pos, to)) {
            (Some(a), Some(b)) => b.kind != HOLE && a.color != b.color,
            _ => false,
        }
    }

    fn attacked(g: &Game<Self>, pos: &Position, sq: Square, by: Color) -> bool {
        let is = |s: Option<Square>, kind: Kind| {
            s.and_then(|s| piece_at(pos, s)) == Some(Piece::new(by, kind))
        };
        let back = -Game::<Wormhole>::forward(by);
        if [-1, 1]
            .iter()
            .any(|&df| is(leg_end(g, pos, sq, (df, back)), Kind::PAWN))
        {
            return true;
        }
        g.h.kinds().iter().map(|&b| Kind(b)).any(|kind| {
            paths(g.h.first, kind)
                .into_iter()
                .chain(capture_paths(g.h.first, kind))
                .any(|path| is(path_end(g, pos, sq, &reversed(&path)), kind))
        })
    }

    fn decode_cell(g: &Game<Self>, c: char) -> Option<Cell> {
        let p = Piece::from_letter(c)?;
        let ok = if p.kind == HOLE {
            p.color == Color::Black
        } else {
            g.h.kinds().contains(&p.kind.0)
        };
        ok.then(|| Cell::of(p))
    }

    fn piece_name(kind: Kind) -> Option<&'static str> {
        Some(match kind {
            HOLE => "hole",
            CHAMPION => "champion",
            WIZARD => "wizard",
            LION => "lion",
            _ => return None,
        })
    }
}
