//! Coronation: a side without a queen may crown one by "capturing" its own
//! rook with its bishop or its bishop with its rook (along the mover's own
//! line, nothing between): both vanish and a queen appears on the partner's
//! square. Written as a capture with promotion, `Rxg1=Q`.

use super::twist::{Twist, Twisted};
use crate::moves::{Effect, Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

/// The coronation twist.
pub struct Coronation;

/// The Coronation rules.
pub fn rules() -> Twisted<Coronation> {
    let spec = ChessLikeSpec {
        name: "Coronation".into(),
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Coronation spec compiles"),
        Coronation,
    )
}

const ROOK_STEPS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_STEPS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The fusion moves of the side to move: a rook or bishop sliding onto its
/// own partner (bishop or rook), which both become a queen there.
pub fn fusion_moves(base: &ChessLike, pos: &Position, out: &mut MoveList) {
    let us = pos.turn();
    let g = base.geometry();
    let queen = Piece::new(us, Kind::QUEEN);
    if pos.board.pieces().any(|(_, p)| p == queen) {
        return;
    }
    for (from, piece) in pos.board.pieces() {
        let (steps, partner) = match piece {
            p if p == Piece::new(us, Kind::ROOK) => (ROOK_STEPS, Kind::BISHOP),
            p if p == Piece::new(us, Kind::BISHOP) => (BISHOP_STEPS, Kind::ROOK),
            _ => continue,
        };
        for (df, dr) in steps {
            let mut sq: Square = from;
            while let Some(next) = g.offset(sq, df, dr) {
                sq = next;
                let cell = pos.board.cell(sq);
                if cell.is_empty() {
                    continue;
                }
                if cell.piece(us) == Some(Piece::new(us, partner)) {
                    let mut effect = Effect::default();
                    effect.vanish.push(from, piece);
                    effect.vanish.push(sq, Piece::new(us, partner));
                    effect.appear.push(sq, queen);
                    let mut mv = Move::simple(from, sq, piece, None, Some(Kind::QUEEN));
                    mv.effect = effect;
                    // The page writes it as a capture: `Rxg1=Q`.
                    mv.intent.capture = true;
                    out.push(mv);
                }
                break;
            }
        }
    }
}

impl Twist for Coronation {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        base.pseudo_legal_moves(pos, out);
        fusion_moves(base, pos, out);
    }
    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        (mv.intent.capture && mv.capture_squares().next().is_none()).then_some("coronation")
    }
}

#[cfg(test)]
mod tests {
    use crate::{fen, legal, notation, validate, MoveList, Rules};

    #[test]
    fn page_diagram_rook_crowns_on_g1() {
        let r = super::rules();
        let fen = "1R6/1pr2k2/p1p1p2p/3p3p/2nP3P/1NP3P1/PPK1P3/2R3B1 w 30 iiii -";
        let mut pos = validate::position_from_fen(&r, fen).unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let crowns: Vec<String> = list
            .iter()
            .filter(|m| r.move_note(m) == Some("coronation"))
            .map(|m| notation::san(&r, &mut pos.clone(), m))
            .collect();
        assert_eq!(crowns, vec!["Rxg1=Q"]);
        let rxg1 = list
            .iter()
            .find(|m| notation::coordinate(&r, m) == "c1g1q")
            .copied()
            .unwrap();
        r.play(&mut pos, &rxg1);
        assert_eq!(
            fen::board_fen(&r, &pos),
            "1R6/1pr2k2/p1p1p2p/3p3p/2nP3P/1NP3P1/PPK1P3/6Q1"
        );
    }
}
