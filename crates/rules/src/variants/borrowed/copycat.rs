//! Copycat: a piece that attacks a friendly piece may also move (and
//! capture) like it: a knight, bishop, rook or queen borrows the moves of
//! the knights, bishops, rooks and queens it attacks (a queen lends a rook's
//! and a bishop's). Pawns and kings neither borrow nor lend. Attacks, hence
//! check, include the borrowed moves, one level deep.

use super::base::{piece_at, Cfg, Game, Hooks};
use crate::color::Color;
use crate::geometry::{DIAGONAL, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::MoveList;
use crate::piece::Kind;
use crate::position::Position;
use crate::square::Square;

/// Copycat's hooks.
pub struct Copycat;

const N: u8 = 1;
const B: u8 = 2;
const R: u8 = 4;

/// Steps, single-step flag and the movement bits a kind lends.
type Movement = (&'static [(i8, i8)], bool, u8);

fn own_steps(kind: Kind) -> Option<Movement> {
    Some(match kind {
        Kind::KNIGHT => (&KNIGHT_LEAPS, true, N),
        Kind::BISHOP => (&DIAGONAL, false, B),
        Kind::ROOK => (&ORTHOGONAL, false, R),
        Kind::QUEEN => (&crate::geometry::KING_STEPS, false, B | R),
        _ => return None,
    })
}

/// The movements (bits N, B, R) the piece on `sq` borrows: those of the
/// friendly pieces it attacks, minus its own.
fn borrowed(g: &Game<Copycat>, pos: &Position, sq: Square) -> u8 {
    let Some(p) = piece_at(pos, sq) else { return 0 };
    let Some((steps, one, own)) = own_steps(p.kind) else {
        return 0;
    };
    let mut got = 0;
    for &(df, dr) in steps {
        let mut t = g.off(sq, df, dr);
        while let Some(s) = t {
            if !pos.board.cell(s).is_empty() || one {
                break;
            }
            t = g.off(s, df, dr);
        }
        if let Some(friend) = t
            .and_then(|s| piece_at(pos, s))
            .filter(|f| f.color == p.color)
        {
            if let Some((_, _, lends)) = own_steps(friend.kind) {
                got |= lends;
            }
        }
    }
    got & !own
}

fn kinds_of(bits: u8) -> impl Iterator<Item = (&'static [(i8, i8)], bool)> {
    [
        (N, &KNIGHT_LEAPS[..], true),
        (B, &DIAGONAL[..], false),
        (R, &ORTHOGONAL[..], false),
    ]
    .into_iter()
    .filter(move |(b, _, _)| bits & b != 0)
    .map(|(_, s, o)| (s, o))
}

impl Hooks for Copycat {
    fn cfg(&self) -> Cfg {
        Cfg::chess("Copycat")
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        g.chess_moves_from(pos, sq, out);
        for (steps, one) in kinds_of(borrowed(g, pos, sq)) {
            g.slide(pos, sq, steps, one, out);
        }
    }

    fn attacked(g: &Game<Self>, pos: &Position, sq: Square, by: Color) -> bool {
        if g.chess_attacked(pos, sq, by) {
            return true;
        }
        // A piece of `by` reaching `sq` with a borrowed movement.
        for i in 0..g.g.size() as u16 {
            let from = Square(i);
            if !pos.board.cell(from).has(by) {
                continue;
            }
            for (steps, one) in kinds_of(borrowed(g, pos, from)) {
                for &(df, dr) in steps {
                    let mut t = g.off(from, df, dr);
                    while let Some(s) = t {
                        if s == sq {
                            return true;
                        }
                        if !pos.board.cell(s).is_empty() || one {
                            break;
                        }
                        t = g.off(s, df, dr);
                    }
                }
            }
        }
        false
    }
}
