//! Zen: a piece takes an enemy piece only as that piece would take it (a
//! capture permission by the victim's kind, [`zen_captures`]): it looks
//! from its square along the victim's capturing lines. Kings are never
//! taken, but check and mate are orthodox.

use super::twist::{Twist, Twisted};
use crate::color::Color;
use crate::geometry::{DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

/// The zen twist.
pub struct Zen;

/// The Zen rules.
pub fn rules() -> Twisted<Zen> {
    let spec = ChessLikeSpec {
        name: "Zen".into(),
        ..chess::spec()
    };
    Twisted::new(ChessLike::new(spec).expect("the Zen spec compiles"), Zen)
}

/// The capturing lines of a kind seen from its victim: (steps, slides).
/// A pawn of `color` is taken by an enemy pawn standing one step forward
/// diagonally (the enemy pawn's capture, reversed).
fn lines(kind: Kind, color: Color) -> (&'static [(i8, i8)], bool) {
    match kind {
        Kind::PAWN if color == Color::White => (&[(1, 1), (-1, 1)], false),
        Kind::PAWN => (&[(1, -1), (-1, -1)], false),
        Kind::KNIGHT => (&KNIGHT_LEAPS, false),
        Kind::ROOK => (&ORTHOGONAL, true),
        Kind::BISHOP => (&DIAGONAL, true),
        _ => (&KING_STEPS, true),
    }
}

/// Appends the captures of the side to move's piece on `from`: for each
/// kind that captures (not the king), the first piece met along that
/// kind's lines, when it is an enemy of that kind. A pawn landing on its
/// last rank promotes.
pub fn zen_captures(
    base: &ChessLike,
    pos: &Position,
    from: Square,
    mover: Piece,
    out: &mut MoveList,
) {
    let g = base.geometry();
    let them = mover.color.opposite();
    for kind in [
        Kind::PAWN,
        Kind::ROOK,
        Kind::KNIGHT,
        Kind::BISHOP,
        Kind::QUEEN,
    ] {
        let (steps, slides) = lines(kind, mover.color);
        for &(df, dr) in steps {
            let (df, dr) = (i32::from(df), i32::from(dr));
            let mut at = g.offset(from, df, dr);
            while let Some(sq) = at {
                if !pos.board.cell(sq).is_empty() || !slides {
                    break;
                }
                at = g.offset(sq, df, dr);
            }
            let Some(to) = at else { continue };
            let victim = Piece::new(them, kind);
            if pos.board.cell(to).piece(them) != Some(victim) {
                continue;
            }
            let last = g.relative_rank(to, mover.color) + 1 == g.rows();
            if mover.kind == Kind::PAWN && last {
                for &p in base.promotions(mover.color) {
                    out.push(Move::simple(from, to, mover, Some(victim), Some(p)));
                }
            } else {
                out.push(Move::simple(from, to, mover, Some(victim), None));
            }
        }
    }
}

impl Twist for Zen {
    fn position_problems(
        &self,
        base: &ChessLike,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<crate::validate::Problem>,
    ) {
        let start = out.len();
        base.position_problems(pos, offset_of, out);
        // A pawn takes a piece as that piece would take it: backwards along
        // a bishop's or rook's line, or a knight's leap, onto its own first
        // rank (`4k3/8/8/8/8/8/3P4/2b1K3 w`, d2xc1), where it stands until
        // it moves on. Only the last rank stays out of reach (it promotes).
        let g = base.geometry();
        let mut i = start;
        while i < out.len() {
            let on_first_rank = match &out[i] {
                crate::validate::Problem::PawnOnBackRank { piece, square, .. } => {
                    let color = if piece.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    g.parse_square(square)
                        .is_some_and(|sq| g.relative_rank(sq, color) == 0)
                }
                _ => false,
            };
            if on_first_rank {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        // The orthodox captures go (en passant stays: vchess keeps it).
        let mut kept = start;
        for i in start..out.len() {
            if !out[i].intent.capture || out[i].intent.kind == MoveKind::EnPassant {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
        let us = pos.turn();
        let own: Vec<(Square, Piece)> = pos.board.pieces().filter(|(_, p)| p.color == us).collect();
        for (from, mover) in own {
            zen_captures(base, pos, from, mover, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{legal, notation, validate, MoveList};

    fn captures(fen: &str) -> Vec<String> {
        let r = super::rules();
        let mut pos = validate::position_from_fen(&r, fen).unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let mut v: Vec<String> = list
            .iter()
            .filter(|m| m.intent.capture)
            .map(|m| notation::coordinate(&r, m))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn page_diagram_a_knight_takes_the_bishop_that_could_take_it() {
        // rules/Zen: "After 3.Bb5?? black can play 3...Nxb5 or 3...e5xf3".
        let v = captures("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b 4 iiii -");
        assert!(v.contains(&"c6b5".to_string()), "{v:?}");
        assert!(v.contains(&"e5f3".to_string()), "{v:?}");
    }

    #[test]
    fn page_diagram_the_king_takes_the_rook_as_a_rook() {
        // rules/Zen: "The white king can take the rook" (d2 takes d5).
        let v = captures("8/8/8/3r1k2/8/8/3K4/8 w 30 iiii -");
        assert_eq!(v, vec!["d2d5"]);
    }
}
