//! Makruk (Thai chess) and its two vchess offshoots: Makpong, where a
//! checked king may only move to take a piece that checks it, and Karouk,
//! where the first check wins. The pieces are data (a [`ChessLike`]); the
//! pawn's promotion on the sixth rank and the two twists are added here.
//!
//! Piece names (the page gives the Thai names in parentheses):
//!
//! | letter | en | fr | es | Thai |
//! |---|---|---|---|---|
//! | k | king | roi | rey | khun |
//! | q | queen | reine | reina | met |
//! | b | bishop | fou | alfil | khon |
//! | n | knight | cavalier | caballo | ma |
//! | r | rook | tour | torre | ruea |
//! | p | pawn | pion | peón | bia |
//! | f | promoted pawn | pion promu | peón promovido | bia ngai |

use crate::color::Color;
use crate::fen::FenStyle;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, Undo};
use crate::rules::{Outcome, Rules};
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};

/// The promoted pawn: moves as the queen (met), one step diagonally.
const PROMOTED: Kind = Kind(b'f');

/// Which of the three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Twist {
    /// Makruk itself.
    None,
    /// Makpong: a checked king moves only to capture a checking piece.
    KingFrozenInCheck,
    /// Karouk: giving check wins.
    FirstCheckWins,
}

/// The rules of Makruk, Makpong or Karouk.
pub struct Makruk {
    inner: ChessLike,
    twist: Twist,
}

fn army() -> Vec<PieceSpec> {
    vec![
        PieceSpec::king(),
        PieceSpec::piece('q', "F").named("queen"),
        PieceSpec::piece('b', "FfW").named("bishop"),
        PieceSpec::piece('n', "N"),
        PieceSpec::piece('r', "R"),
        PieceSpec {
            // No double step: the spec leaves it off for both colors.
            ..PieceSpec::pawn()
        },
        PieceSpec::piece('f', "F").named("promoted pawn"),
    ]
}

impl Makruk {
    /// The rules of the game `twist` names.
    pub fn new(twist: Twist) -> Makruk {
        let name = match twist {
            Twist::None => "Makruk",
            Twist::KingFrozenInCheck => "Makpong",
            Twist::FirstCheckWins => "Karouk",
        };
        let inner = ChessLike::new(ChessLikeSpec {
            name: name.into(),
            rows: 8,
            cols: 8,
            start_fen: "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBKQBNR w 0".into(),
            armies: [army(), army()],
            ..Default::default()
        })
        .expect("the Makruk spec compiles");
        Makruk { inner, twist }
    }

    /// Whether `victim`, standing next to the king on `king`, attacks it:
    /// Makpong lets a checked king take only such a piece.
    fn attacks_neighbour(&self, victim: Piece, at: crate::Square, king: crate::Square) -> bool {
        let g = self.inner.geometry();
        let df = g.file(king) as i32 - g.file(at) as i32;
        let dr = g.rank(king) as i32 - g.rank(at) as i32;
        let forward = if victim.color == Color::White { 1 } else { -1 };
        match victim.kind.0 {
            b'p' => dr == forward && df.abs() == 1,
            b'r' => df == 0 || dr == 0,
            b'q' | b'f' => df != 0 && dr != 0,
            b'b' => (df != 0 && dr != 0) || (df == 0 && dr == forward),
            _ => false,
        }
    }
}

impl Rules for Makruk {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn geometry(&self) -> &Geometry {
        self.inner.geometry()
    }
    fn start_fen(&self) -> &str {
        self.inner.start_fen()
    }
    fn kinds(&self, color: Color) -> KindSet {
        self.inner.kinds(color)
    }
    fn royal_kinds(&self) -> KindSet {
        self.inner.royal_kinds()
    }
    fn fen_style(&self) -> FenStyle {
        self.inner.fen_style()
    }
    fn piece_name(&self, piece: Piece) -> String {
        self.inner.piece_name(piece)
    }
    fn promotions(&self, _color: Color) -> &[Kind] {
        &[PROMOTED]
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let first = out.len();
        self.inner.pseudo_legal_moves(pos, out);
        let g = self.inner.geometry();
        for mv in &mut out[first..] {
            let i = mv.intent;
            // Pawns promote on reaching the sixth rank, always to a met.
            if i.piece.kind == Kind::PAWN && g.relative_rank(i.to, i.piece.color) == 5 {
                let captured = mv
                    .effect
                    .vanish
                    .as_slice()
                    .iter()
                    .find(|v| v.square == i.to)
                    .map(|v| v.piece);
                *mv = Move::simple(i.from, i.to, i.piece, captured, Some(PROMOTED));
            }
        }
        if self.twist == Twist::KingFrozenInCheck && self.inner.royal_attacked(pos, pos.turn()) {
            let mut kept = first;
            for k in first..out.len() {
                let mv = out[k];
                let king_move = self.royal_kinds().contains(mv.intent.piece.kind);
                let allowed = !king_move
                    || mv.effect.vanish.as_slice().iter().any(|v| {
                        v.piece.color != mv.color()
                            && self.attacks_neighbour(v.piece, v.square, mv.intent.from)
                    });
                if allowed {
                    out[kept] = mv;
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
    }

    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        self.inner.royal_attacked(pos, color)
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        self.inner.play(pos, mv)
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        (self.twist == Twist::FirstCheckWins && self.inner.royal_attacked(pos, pos.turn())).then(
            || Outcome::VariantWin {
                winner: pos.turn().opposite(),
                reason: "first check",
            },
        )
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(crate::Square) -> usize,
        out: &mut Vec<crate::validate::Problem>,
    ) {
        self.inner.position_problems(pos, offset_of, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal;

    fn moves(rules: &Makruk, fen: &str) -> Vec<String> {
        legal::sorted_coordinates(rules, fen)
    }

    #[test]
    fn pawns_promote_on_the_sixth_rank() {
        let m = Makruk::new(Twist::None);
        assert_eq!(
            moves(&m, "4k3/8/8/4P3/8/8/8/K7 w 0"),
            ["a1a2", "a1b1", "a1b2", "e5e6f"]
        );
    }

    #[test]
    fn a_checked_makpong_king_only_takes_its_checker() {
        let m = Makruk::new(Twist::KingFrozenInCheck);
        // The rook on e2 checks; the king may take it, not step aside.
        assert_eq!(moves(&m, "4k3/8/8/8/8/8/4r3/4K3 w 0"), ["e1e2"]);
        // Checked from afar, the king cannot move at all: mate.
        assert!(moves(&m, "4k3/8/8/8/8/8/8/r3K3 w 0").is_empty());
        // Makruk lets it step off the rank.
        let plain = Makruk::new(Twist::None);
        assert_eq!(
            moves(&plain, "4k3/8/8/8/8/8/8/r3K3 w 0"),
            ["e1d2", "e1e2", "e1f2"]
        );
    }

    #[test]
    fn a_karouk_check_ends_the_game() {
        let k = Makruk::new(Twist::FirstCheckWins);
        assert!(moves(&k, "4k3/8/8/8/8/8/8/r3K3 w 0").is_empty());
    }
}
