//! The explosion effect (Atomic): a capture removes the capturer and every
//! piece a king's step from the capture square, except immune kinds (pawns).
//! A move's effect grows by the exploded pieces; nothing appears.

use crate::geometry::Geometry;
use crate::moves::{Effect, Move};
use crate::piece::{Kind, KindSet};
use crate::position::Position;
use crate::square::Square;

/// The eight king steps.
pub const RING: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// What an explosion spares: `spared` kinds survive on the squares around
/// the capture (Atomic's pawns), `immune` kinds survive everywhere, the
/// capturer itself included (Fairy-Stockfish's `blastImmuneTypes`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Blast {
    pub spared: KindSet,
    pub immune: KindSet,
}

impl Blast {
    /// Atomic's: pawns are spared around the capture, nothing is immune.
    pub fn atomic() -> Blast {
        Blast {
            spared: [Kind::PAWN].into_iter().collect(),
            immune: KindSet::EMPTY,
        }
    }

    /// Rewrites a capture `mv` as an explosion centred on `center`: the
    /// mover does not appear (unless immune), and every piece of either
    /// color on a square around `center` vanishes unless its kind is
    /// spared or immune, or the move already removes it (the mover's
    /// origin, an en-passant victim).
    pub fn explode(&self, g: &Geometry, pos: &Position, mv: &mut Move, center: Square) {
        let mut effect = Effect::default();
        for v in mv.effect.vanish.as_slice() {
            effect.vanish.push(v.square, v.piece);
        }
        if !self.immune.is_empty() {
            // An immune capturer stays where it landed.
            for a in mv.effect.appear.as_slice() {
                if self.immune.contains(a.piece.kind) {
                    effect.appear.push(a.square, a.piece);
                }
            }
        }
        for (df, dr) in RING {
            let Some(sq) = g.offset(center, df, dr) else {
                continue;
            };
            for p in pos.board.cell(sq).pieces() {
                if self.spared.contains(p.kind) || self.immune.contains(p.kind) {
                    continue;
                }
                let gone = mv
                    .effect
                    .vanish
                    .as_slice()
                    .iter()
                    .any(|v| v.square == sq && v.piece.color == p.color);
                if !gone {
                    effect.vanish.push(sq, p);
                }
            }
        }
        mv.effect = effect;
    }
}

/// Whether two squares are a king's step apart (or equal).
pub fn touching(g: &Geometry, a: Square, b: Square) -> bool {
    let (fa, ra) = (g.file(a) as i32, g.rank(a) as i32);
    let (fb, rb) = (g.file(b) as i32, g.rank(b) as i32);
    (fa - fb).abs() <= 1 && (ra - rb).abs() <= 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Piece;
    use crate::{registry, validate, Color};

    fn names(g: &Geometry, mv: &Move) -> (Vec<String>, Vec<String>) {
        let f = |ps: &[crate::moves::Placement]| {
            let mut v: Vec<String> = ps
                .iter()
                .map(|p| format!("{}:{}", g.square_name(p.square), p.piece.letter()))
                .collect();
            v.sort();
            v
        };
        (
            f(mv.effect.vanish.as_slice()),
            f(mv.effect.appear.as_slice()),
        )
    }

    #[test]
    fn explosion_spares_pawns_and_takes_both_colors() {
        let chess = registry::rules("chess").unwrap();
        let pos =
            validate::position_from_fen(chess, "4k3/8/3pnb2/3RqP2/8/8/8/4K3 w 0 - -").unwrap();
        let g = chess.geometry();
        let sq = |n: &str| g.parse_square(n).unwrap();
        let rook = Piece::new(Color::White, Kind::ROOK);
        let queen = Piece::new(Color::Black, Kind::QUEEN);
        let mut mv = Move::simple(sq("d5"), sq("e5"), rook, Some(queen), None);
        Blast::atomic().explode(g, &pos, &mut mv, sq("e5"));
        let (vanish, appear) = names(g, &mv);
        assert_eq!(vanish, vec!["d5:R", "e5:q", "e6:n", "f6:b"]);
        assert!(appear.is_empty());
    }

    #[test]
    fn touching_is_a_king_step() {
        let g = Geometry::new(8, 8).unwrap();
        let sq = |n: &str| g.parse_square(n).unwrap();
        assert!(touching(&g, sq("e4"), sq("f5")));
        assert!(touching(&g, sq("e4"), sq("e4")));
        assert!(!touching(&g, sq("e4"), sq("g5")));
        assert!(!touching(&g, sq("a4"), sq("h4")));
    }
}
