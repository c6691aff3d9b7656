//! Rollerball: a 7×7 ring around a 3×3 hole, travelled clockwise by both
//! sides. Pawns step (and take) forward along the ring or one square aside
//! of forward, and promote (rook or bishop) on an enemy pawn's first
//! square; rooks and bishops slide far only the way of travel (a rook
//! rebounds at a corner, a bishop off the first wall), one step otherwise.
//! A king that goes round to the enemy king's first square (through each
//! zone of its way, in order: vchess's reading) wins; else checkmate
//! decides. No castling, no en passant.
//!
//! The code thinks in vchess's coordinates, as the rules are written for
//! them: `x` the row from the top (0 = rank 7), `y` the file; a step
//! `(dx, dy)` is `(dy, -dx)` in files and ranks. `state.variant` holds the
//! zone each king has reached (White in bits 0-7, Black in 8-15).

use super::base::{piece_at, Cfg, Game, Hooks};
use crate::color::Color;
use crate::fen::Field;
use crate::geometry::KING_STEPS;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State};
use crate::rules::Outcome;
use crate::square::Square;
use crate::validate::Problem;

/// Rollerball's hooks.
pub struct Rollerball;

/// The middle's cells, `(file, rank)`.
const MIDDLE: [(u8, u8); 9] = [
    (2, 2),
    (3, 2),
    (4, 2),
    (2, 3),
    (3, 3),
    (4, 3),
    (2, 4),
    (3, 4),
    (4, 4),
];

/// The zone a king reaches last: it wins there.
const LAST_ZONE: u64 = 7;

type G = Game<Rollerball>;

/// Steps in vchess's `(dx, dy)`.
type Steps = Vec<(i8, i8)>;

/// A vchess step `(dx, dy)` as `(files, ranks)`.
fn st(dx: i8, dy: i8) -> (i8, i8) {
    (dy, -dx)
}

/// vchess's coordinates of `sq`.
fn xy(g: &G, sq: Square) -> (i8, i8) {
    (6 - g.g.rank(sq) as i8, g.g.file(sq) as i8)
}

/// The square at vchess's `(x, y)`: `None` off the board or in the middle.
fn at(g: &G, x: i8, y: i8) -> Option<Square> {
    if !(0..7).contains(&x) || !(0..7).contains(&y) {
        return None;
    }
    g.g.square(y as u8, (6 - x) as u8)
}

fn mid(v: i8) -> bool {
    (2..=4).contains(&v)
}

/// Where a slide from `(x, y)` along `(dx, dy)` stops: the first occupied
/// square, or the last square before the edge (`None` if it is the start).
enum Stop {
    Piece(Square),
    Edge(i8, i8),
}

/// Slides from `(i, j)` on (that square included) along `(dx, dy)`,
/// pushing a move to each empty square when `from` is given.
fn run(
    g: &G,
    pos: &Position,
    from: Option<Square>,
    (mut i, mut j): (i8, i8),
    (dx, dy): (i8, i8),
    out: &mut MoveList,
) -> Stop {
    while let Some(s) = at(g, i, j) {
        if !pos.board.cell(s).is_empty() {
            return Stop::Piece(s);
        }
        if let Some(f) = from {
            out.push(g.basic(pos, f, s, None));
        }
        i += dx;
        j += dy;
    }
    Stop::Edge(i - dx, j - dy)
}

/// The rebound of a rook that stopped at the edge on `(i, j)`: along the
/// next side when it is a corner. `attack` reads the rook's path backwards.
fn rook_rebound(i: i8, j: i8, attack: bool) -> Option<(i8, i8)> {
    let next = match (i, j) {
        (0, 0) => (0, 1),
        (0, 6) => (1, 0),
        (6, 6) => (0, -1),
        (6, 0) => (-1, 0),
        _ => return None,
    };
    Some(if attack {
        // The reversed path: the side the rook came along, backwards.
        match (i, j) {
            (0, 0) => (1, 0),
            (0, 6) => (0, -1),
            (6, 6) => (-1, 0),
            _ => (0, 1),
        }
    } else {
        next
    })
}

/// The rebound of a bishop that stopped at the edge on `(i, j)` moving
/// along `(dx, dy)` (the same for a move and for its reversed attack).
fn bishop_rebound(i: i8, j: i8, (dx, dy): (i8, i8)) -> (i8, i8) {
    match (dx, dy) {
        (-1, -1) if j == 0 => (-1, 1),
        (-1, -1) => (1, -1),
        (-1, 1) if i == 0 => (1, 1),
        (-1, 1) => (-1, -1),
        (1, -1) if i == 6 => (-1, -1),
        (1, -1) => (1, 1),
        _ if j == 6 => (1, -1),
        _ => (-1, 1),
    }
}

/// Long moves of a rook or bishop from `sq` along `steps` (with rebounds),
/// then one step along `short`.
fn slider_moves(
    g: &G,
    pos: &Position,
    sq: Square,
    long: &[(i8, i8)],
    short: &[(i8, i8)],
    bishop: bool,
    out: &mut MoveList,
) {
    let us = pos.turn();
    let (x, y) = xy(g, sq);
    let short: Vec<(i8, i8)> = short.iter().map(|&(a, b)| st(a, b)).collect();
    g.slide(pos, sq, &short, true, out);
    let enemy = |s: Square| piece_at(pos, s).is_some_and(|p| p.color != us);
    for &(dx, dy) in long {
        let (i, j) = match run(g, pos, Some(sq), (x + dx, y + dy), (dx, dy), out) {
            Stop::Piece(s) => {
                if enemy(s) {
                    out.push(g.basic(pos, sq, s, None));
                }
                continue;
            }
            Stop::Edge(i, j) => (i, j),
        };
        if (i, j) == (x, y) {
            continue;
        }
        let next = if bishop {
            Some(bishop_rebound(i, j, (dx, dy)))
        } else {
            rook_rebound(i, j, false)
        };
        let Some((nx, ny)) = next else { continue };
        if let Stop::Piece(s) = run(g, pos, Some(sq), (i + nx, j + ny), (nx, ny), out) {
            if enemy(s) {
                out.push(g.basic(pos, sq, s, None));
            }
        }
    }
}

/// The rook's far directions from `(x, y)`, and its one-step ones; with
/// `attack`, the reversed ones (vchess's `isAttackedByRook`).
fn rook_dirs(x: i8, y: i8, attack: bool) -> (Steps, Steps) {
    let s = if attack { -1 } else { 1 };
    let mut long = Vec::new();
    let mut short = Vec::new();
    for (far, d) in [
        (x <= 1, (0, s)),
        (y <= 1, (-s, 0)),
        (x >= 5, (0, -s)),
        (y >= 5, (s, 0)),
    ] {
        if far {
            long.push(d);
        } else {
            short.push(d);
        }
    }
    (long, short)
}

/// The bishop's far directions from `(x, y)`, and its one-step ones; with
/// `attack`, the reversed ones (vchess's `isAttackedByBishop`).
fn bishop_dirs(x: i8, y: i8, attack: bool) -> (Steps, Steps) {
    let s = if attack { -1 } else { 1 };
    let zones = [
        (x <= 1, [(-s, s), (s, s)]),
        (y <= 1, [(-s, -s), (-s, s)]),
        (x >= 5, [(s, -s), (-s, -s)]),
        (y >= 5, [(s, -s), (s, s)]),
    ];
    let mut long: Steps = Vec::new();
    for (far, ds) in zones {
        if far {
            for d in ds {
                if !long.contains(&d) {
                    long.push(d);
                }
            }
        }
    }
    let short = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        .into_iter()
        .filter(|d| !long.contains(d))
        .collect();
    (long, short)
}

/// Whether a `kind` of `by` reaches `(x, y)` along the reversed far
/// directions `long` (with rebounds) or one of the `short` steps.
#[allow(clippy::too_many_arguments)]
fn slider_attacks(
    g: &G,
    pos: &Position,
    (x, y): (i8, i8),
    by: Color,
    kind: Kind,
    long: &[(i8, i8)],
    short: &[(i8, i8)],
    bishop: bool,
) -> bool {
    let is = |s: Square| piece_at(pos, s) == Some(Piece::new(by, kind));
    let yes = |_: Square| true;
    let short: Vec<(i8, i8)> = short.iter().map(|&(a, b)| st(a, b)).collect();
    let Some(sq) = at(g, x, y) else { return false };
    if g.attacked_along(pos, sq, by, kind, &short, true, &yes) {
        return true;
    }
    let mut none = MoveList::new();
    for &(dx, dy) in long {
        let (i, j) = match run(g, pos, None, (x + dx, y + dy), (dx, dy), &mut none) {
            Stop::Piece(s) => {
                if is(s) {
                    return true;
                }
                continue;
            }
            Stop::Edge(i, j) => (i, j),
        };
        if (i, j) == (x, y) {
            continue;
        }
        let next = if bishop {
            Some(bishop_rebound(i, j, (dx, dy)))
        } else {
            rook_rebound(i, j, true)
        };
        let Some((nx, ny)) = next else { continue };
        if let Stop::Piece(s) = run(g, pos, None, (i + nx, j + ny), (nx, ny), &mut none) {
            if is(s) {
                return true;
            }
        }
    }
    false
}

/// Pawn moves: forward along the ring, straight or one file aside.
fn pawn_moves(g: &G, pos: &Position, sq: Square, out: &mut MoveList) {
    let us = pos.turn();
    let (x, y) = xy(g, sq);
    let across = |f: i8| [st(f, -1), st(f, 0), st(f, 1)];
    let along = |f: i8| [st(-1, f), st(0, f), st(1, f)];
    if mid(x) {
        g.slide(pos, sq, &across(if y <= 1 { -1 } else { 1 }), true, out);
        return;
    }
    if mid(y) {
        let first = out.len();
        g.slide(pos, sq, &along(if x <= 1 { 1 } else { -1 }), true, out);
        let promote_at = if us == Color::White { 4 } else { 2 };
        let band = if us == Color::White { x <= 1 } else { x >= 5 };
        for i in first..out.len() {
            if band && xy(g, out[i].intent.to).1 == promote_at {
                let mv = out[i];
                out[i] = promoted(g, pos, &mv, Kind::ROOK);
                out.push(promoted(g, pos, &mv, Kind::BISHOP));
            }
        }
        return;
    }
    let to_right = (x == 0 && [0, 1, 5].contains(&y)) || (x == 1 && y == 1);
    let to_left = (x == 6 && [1, 5, 6].contains(&y)) || (x == 5 && y == 5);
    let to_up = (y == 0 && [1, 5, 6].contains(&x)) || (x == 5 && y == 1);
    if to_right || to_left {
        g.slide(pos, sq, &along(if to_right { 1 } else { -1 }), true, out);
    } else {
        g.slide(pos, sq, &across(if to_up { -1 } else { 1 }), true, out);
    }
}

fn promoted(g: &G, pos: &Position, mv: &Move, kind: Kind) -> Move {
    g.basic(
        pos,
        mv.intent.from,
        mv.intent.to,
        Some(Piece::new(pos.turn(), kind)),
    )
}

/// Whether a `by` pawn attacks `(x, y)` (vchess's `isAttackedByPawn`).
fn pawn_attacks(g: &G, pos: &Position, (x, y): (i8, i8), by: Color) -> bool {
    let Some(sq) = at(g, x, y) else { return false };
    let yes = |_: Square| true;
    let (vertical, forward) = if ([1, 2, 3, 4].contains(&x) && y <= 1) || (x == 5 && y == 0) {
        (true, 1)
    } else if ([2, 3, 4, 5].contains(&x) && y >= 5) || (x == 1 && y == 6) {
        (true, -1)
    } else if (x <= 1 && [2, 3, 4, 5].contains(&y)) || (x == 0 && y == 1) {
        (false, -1)
    } else if (x >= 5 && [1, 2, 3, 4].contains(&y)) || (x == 6 && y == 5) {
        (false, 1)
    } else {
        // A corner: attacked from one square only.
        let step = match (x == 0, y == 0) {
            (true, true) => st(1, 0),
            (true, false) => st(0, -1),
            (false, true) => st(0, 1),
            (false, false) => st(-1, 0),
        };
        return g.attacked_along(pos, sq, by, Kind::PAWN, &[step], true, &yes);
    };
    let steps = if vertical {
        [st(forward, -1), st(forward, 0), st(forward, 1)]
    } else {
        [st(-1, forward), st(0, forward), st(1, forward)]
    };
    g.attacked_along(pos, sq, by, Kind::PAWN, &steps, true, &yes)
}

/// The zone of the ring a `color` king on `(x, y)` stands in (vchess's
/// `getKingZone`); -1 outside the half where zones count.
fn king_zone((x, y): (i8, i8), color: Color) -> i8 {
    if color == Color::White {
        return match () {
            _ if y >= 4 => -1,
            _ if y == 3 && x >= 5 => 0,
            _ if x == 6 => 1,
            _ if x == 5 => 2,
            _ if x == 4 => 3,
            _ if x == 3 || y == 0 => 4,
            _ if y == 1 => 5,
            _ if x == 0 || y == 2 => 6,
            _ => 7,
        };
    }
    match () {
        _ if y <= 2 => -1,
        _ if y == 3 && x <= 1 => 0,
        _ if x == 0 => 1,
        _ if x == 1 => 2,
        _ if x == 2 => 3,
        _ if x == 3 || y == 6 => 4,
        _ if y == 5 => 5,
        _ if x == 6 || y == 4 => 6,
        _ => 7,
    }
}

/// The zone `color`'s king has reached.
fn flag(state: &State, color: Color) -> u64 {
    (state.variant >> (8 * color.index())) & 0xff
}

fn set_flag(state: &mut State, color: Color, zone: u64) {
    let shift = 8 * color.index();
    state.variant = (state.variant & !(0xff << shift)) | (zone << shift);
}

impl Hooks for Rollerball {
    fn cfg(&self) -> Cfg {
        Cfg {
            rows: 7,
            cols: 7,
            start_fen: "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w 0 00",
            extra: "",
            castling: false,
            en_passant: false,
            two_squares: false,
            holes: &MIDDLE,
            ..Cfg::chess("Rollerball")
        }
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        let Some(p) = piece_at(pos, sq) else { return };
        let (x, y) = xy(g, sq);
        match p.kind {
            Kind::PAWN => pawn_moves(g, pos, sq, out),
            Kind::KING => g.slide(pos, sq, &KING_STEPS, true, out),
            Kind::ROOK => {
                let (long, short) = rook_dirs(x, y, false);
                slider_moves(g, pos, sq, &long, &short, false, out);
            }
            Kind::BISHOP => {
                let (long, short) = bishop_dirs(x, y, false);
                slider_moves(g, pos, sq, &long, &short, true, out);
            }
            _ => {}
        }
    }

    fn attacked(g: &Game<Self>, pos: &Position, sq: Square, by: Color) -> bool {
        let yes = |_: Square| true;
        let (x, y) = xy(g, sq);
        let (rl, rs) = rook_dirs(x, y, true);
        let (bl, bs) = bishop_dirs(x, y, true);
        g.attacked_along(pos, sq, by, Kind::KING, &KING_STEPS, true, &yes)
            || slider_attacks(g, pos, (x, y), by, Kind::ROOK, &rl, &rs, false)
            || slider_attacks(g, pos, (x, y), by, Kind::BISHOP, &bl, &bs, true)
            || pawn_attacks(g, pos, (x, y), by)
    }

    fn after_play(g: &Game<Self>, pos: &mut Position, mv: &Move) {
        if mv.intent.piece.kind != Kind::KING {
            return;
        }
        let c = mv.color();
        let z1 = king_zone(xy(g, mv.intent.from), c);
        let z2 = king_zone(xy(g, mv.intent.to), c);
        let f = flag(&pos.state, c) as i8;
        // Zones may be skipped (0 to 2), hence `f >= z1` and not `f == z1`.
        if z1 >= 0 && z2 >= 0 && z1 < z2 && f >= z1 && f < z2 {
            set_flag(&mut pos.state, c, z2 as u64);
        }
    }

    fn outcome(_g: &Game<Self>, pos: &Position) -> Option<Outcome> {
        let them = pos.turn().opposite();
        (flag(&pos.state, them) == LAST_ZONE).then_some(Outcome::VariantWin {
            winner: them,
            reason: "king went round the ring",
        })
    }

    fn read_fields(
        _g: &Game<Self>,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else { return };
        let b = f.text.as_bytes();
        if b.len() == 2 && b.iter().all(|c| (b'0'..=b'7').contains(c)) {
            set_flag(state, Color::White, u64::from(b[0] - b'0'));
            set_flag(state, Color::Black, u64::from(b[1] - b'0'));
        } else {
            problems.push(Problem::BadField {
                field: "king zones",
                text: f.text.clone(),
                offset: f.offset,
            });
        }
    }

    fn write_fields(_g: &Game<Self>, pos: &Position) -> (String, String) {
        let w = flag(&pos.state, Color::White);
        let b = flag(&pos.state, Color::Black);
        (String::new(), format!(" {w}{b}"))
    }
}
