//! Pacifist1 and Pacifist2: no captures; after a move every enemy piece
//! more persuaded (attacked) than supported changes color, again and again
//! until nothing changes ([`convert_persuaded`]). Pacifist1 counts
//! attackers, Pacifist2 sums their values. A king may be converted; a move
//! is legal when the mover keeps a king not overly persuaded.

use super::conversion::{self, convert_persuaded, overcomes, persuasion};
use super::twist::{is_castle, Twist, Twisted};
use crate::color::Color;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Kind;
use crate::position::{Position, Undo};
use crate::rules::Rules;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, FenFields};

/// The Pacifist twist: how persuasion is counted.
pub struct Pacifist {
    worth: fn(Kind) -> i32,
}

/// Pacifist1: every attacker counts one.
fn one(_: Kind) -> i32 {
    1
}

/// Pacifist2's values (rule page): pawn 1, knight and bishop 3, rook 5,
/// queen 9, king 1000.
fn value(kind: Kind) -> i32 {
    match kind {
        Kind::PAWN => 1,
        Kind::KNIGHT | Kind::BISHOP => 3,
        Kind::ROOK => 5,
        Kind::QUEEN => 9,
        Kind::KING => 1000,
        _ => 0,
    }
}

/// The rules of Pacifist1 (`weighted` false) or Pacifist2.
pub fn rules(weighted: bool) -> Twisted<Pacifist> {
    let spec = ChessLikeSpec {
        name: if weighted {
            "Pacifist2".into()
        } else {
            "Pacifist1".into()
        },
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah".into(),
        // No captures, so no en passant: vchess writes no such field.
        fen: FenFields {
            en_passant: Some(false),
            ..Default::default()
        },
        ..chess::spec()
    };
    let worth = if weighted { value } else { one };
    Twisted::new(
        ChessLike::new(spec).expect("the Pacifist spec compiles"),
        Pacifist { worth },
    )
}

impl Pacifist {
    /// Whether the pawn's double step crosses a square the opponent
    /// persuades more than the mover supports (the page forbids it).
    fn crosses_persuaded(&self, base: &ChessLike, pos: &Position, mv: &Move) -> bool {
        if mv.intent.kind != MoveKind::DoubleStep {
            return false;
        }
        let g = base.geometry();
        let (a, b) = (g.rank(mv.intent.from), g.rank(mv.intent.to));
        let Some(mid) = g.square(g.file(mv.intent.from), (a + b) / 2) else {
            return false;
        };
        overcomes(persuasion(g, &pos.board, mid, self.worth), mv.color())
    }
}

impl Twist for Pacifist {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        let mut kept = start;
        for i in start..out.len() {
            let mv = out[i];
            if !mv.intent.capture && !is_castle(&mv) && !self.crosses_persuaded(base, pos, &mv) {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
        // Castling: the king may not start from or cross an attacked
        // square, as in chess; where it lands, the persuasion test of every
        // king move decides (vchess, the page being silent on castling).
        let g = base.geometry();
        let them = pos.turn().opposite();
        base.castling_moves_where(pos, out, &|s| {
            !matches!(g.file(s), 2 | 6) && base.square_attacked(pos, s, them)
        });
    }

    fn play(&self, base: &ChessLike, pos: &mut Position, mv: &Move) -> Undo {
        let mover = mv.color();
        let g = base.geometry();
        conversion::play_converting(base, pos, mv, |after| {
            convert_persuaded(g, &after.board, mover, self.worth)
        })
    }

    fn unplay(&self, base: &ChessLike, pos: &mut Position, mv: &Move, undo: Undo) {
        conversion::unplay_converting(base, pos, mv, undo)
    }

    fn royal_attacked(&self, _base: &ChessLike, pos: &Position, color: Color) -> Option<bool> {
        // Nothing is taken: a side is lost only without a king (when no
        // move of its converts one back, the game is over).
        Some(pos.board.royals(color).is_empty())
    }

    fn illegal_after(&self, base: &ChessLike, pos: &Position, mover: Color) -> Option<bool> {
        // The mover must keep a king its opponent does not persuade.
        let g = base.geometry();
        let kings = pos.board.royals(mover);
        let lost = kings
            .iter()
            .all(|k| overcomes(persuasion(g, &pos.board, k, self.worth), mover));
        Some(lost)
    }

    fn royals_per_side(&self) -> Option<usize> {
        // Kings change sides: a side may hold two, or none.
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::{legal, notation, validate, MoveList, Rules};

    /// The board after the move `coord` from `fen`.
    fn after(r: &dyn Rules, fen: &str, coord: &str) -> String {
        let mut pos = validate::position_from_fen(r, fen).unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(r, &mut pos, &mut list);
        let m = list
            .iter()
            .find(|m| notation::coordinate(r, m) == coord)
            .copied()
            .unwrap_or_else(|| panic!("{coord} is legal"));
        let before = pos.clone();
        let undo = r.play(&mut pos, &m);
        let board = crate::fen::board_fen(r, &pos);
        r.unplay(&mut pos, &m, undo);
        assert_eq!(pos, before, "unplay restores the position");
        board
    }

    #[test]
    fn page_diagram_one_knight_move_converts_a_chain() {
        // rules/Pacifist1: "Before and after 1.Nf5".
        let r = super::rules(false);
        assert_eq!(
            after(
                &r,
                "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w 0 -",
                "e3f5"
            ),
            "rkqN1RB1/ppppPPBP/P7/1n3Np1/8/8/1PPPPPPP/RNK1BBQR"
        );
    }

    #[test]
    fn page_diagram_values_convert_the_king_and_its_neighbours() {
        // rules/Pacifist2: "Before and after 1...Qa7".
        let r = super::rules(true);
        assert_eq!(
            after(
                &r,
                "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b 0 -",
                "a8a7"
            ),
            "1rbnkb1n/qpppp1rp/p7/5Pp1/5PPP/3N3Q/Ppppp3/br1bk1rN"
        );
    }

    #[test]
    fn castling_lands_on_an_attacked_square_that_is_supported() {
        // vchess (the page is silent): castling checks attacks on the
        // king's square and the one it crosses; where it lands (g8, which
        // the knight on h6 attacks) the persuasion test decides.
        let v = crate::legal::sorted_coordinates(
            &super::rules(true),
            "1Rb1k2r/PPpqbp1p/2Np2pN/1Q2P3/3PP1p1/P6B/1PP2P1P/RNB1K1NR b 19 ahih",
        );
        assert!(
            v.contains(&"e8g8".to_string()) || v.contains(&"e8h8".to_string()),
            "{v:?}"
        );
    }
}
