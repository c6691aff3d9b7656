//! Rampage: besides its own moves, a piece may jump to any empty square
//! that more friendly than enemy units guard. Guards along a line add up
//! (a queen behind a rook both count). A king in check only moves as in
//! chess; a pawn cannot promote by such a jump. Check is chess's: the
//! jumps never capture.

use super::base::{piece_at, Cfg, Game, Hooks};
use crate::color::Color;
use crate::geometry::{KING_STEPS, KNIGHT_LEAPS};
use crate::moves::MoveList;
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::square::Square;

/// Rampage's hooks.
pub struct Rampage;

fn sign(c: Color) -> i32 {
    if c == Color::White {
        1
    } else {
        -1
    }
}

/// White's guards of `sq` minus Black's.
pub fn guard_balance(g: &Game<Rampage>, pos: &Position, sq: Square) -> i32 {
    let mut res = 0;
    for &(df, dr) in &KNIGHT_LEAPS {
        if let Some(p) = g.off(sq, df, dr).and_then(|s| piece_at(pos, s)) {
            if p.kind == Kind::KNIGHT {
                res += sign(p.color);
            }
        }
    }
    for &(df, dr) in &KING_STEPS {
        if let Some(p) = g.off(sq, df, dr).and_then(|s| piece_at(pos, s)) {
            if p.kind == Kind::KING {
                res += sign(p.color);
            }
        }
    }
    for c in Color::ALL {
        for df in [-1, 1] {
            let s = g.off(sq, df, -Game::<Rampage>::forward(c));
            if s.and_then(|s| piece_at(pos, s)) == Some(Piece::new(c, Kind::PAWN)) {
                res += sign(c);
            }
        }
    }
    // Sliders: a line of same-colored compatible pieces all count.
    for &(df, dr) in &KING_STEPS {
        let straight = df == 0 || dr == 0;
        let mut first: Option<Color> = None;
        let mut t = g.off(sq, df, dr);
        while let Some(s) = t {
            if let Some(p) = piece_at(pos, s) {
                let fits = p.kind == Kind::QUEEN
                    || p.kind == if straight { Kind::ROOK } else { Kind::BISHOP };
                if !fits || first.is_some_and(|c| c != p.color) {
                    break;
                }
                first = Some(p.color);
                res += sign(p.color);
            }
            t = g.off(s, df, dr);
        }
    }
    res
}

impl Hooks for Rampage {
    fn cfg(&self) -> Cfg {
        Cfg::chess("Rampage")
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        let Some(p) = piece_at(pos, sq) else { return };
        let first = out.len();
        g.chess_moves_from(pos, sq, out);
        if p.kind == Kind::KING && Self::under_check(g, pos, p.color) {
            return;
        }
        let last = g.g.rows() - 1;
        for i in 0..g.g.size() as u16 {
            let t = Square(i);
            if !pos.board.cell(t).is_empty() || out[first..].iter().any(|m| m.intent.to == t) {
                continue;
            }
            if p.kind == Kind::PAWN && g.g.relative_rank(t, p.color) == last {
                continue;
            }
            if guard_balance(g, pos, t) * sign(p.color) > 0 {
                out.push(g.basic(pos, sq, t, None));
            }
        }
    }
}
