//! Take and Make: after a capture, the capturer plays again at once, a
//! non-capturing move from the capture square with the moves of the piece
//! it took; a capture with no such move that leaves its king safe is
//! illegal. A capture is a chain of two steps by one side (the capture
//! `continues`, the make ends the turn); the piece waiting for its make is
//! in no FEN, as in vchess.
//!
//! The page decides one point against vchess: a pawn whose make reaches the
//! last rank promotes (vchess leaves it a pawn there), deviation
//! takenmake-pawn-make-promotes.

use super::twist::{is_castle, pending, set_pending, taken, Twist, Twisted};
use crate::color::Color;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, Undo};
use crate::rules::Rules;
use crate::square::Square;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

/// The Take and Make twist.
pub struct Takenmake;

/// The Take and Make rules: chess, captures chained with their make.
pub fn rules() -> Twisted<Takenmake> {
    let spec = ChessLikeSpec {
        name: "Takenmake".into(),
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Takenmake spec compiles"),
        Takenmake,
    )
}

/// The makes of the piece on `at` moving as a `kind`: its non-capturing,
/// non-castling moves as that kind, the piece keeping its own kind (a pawn
/// reaching the last rank promotes). A piece moving as a pawn only steps
/// forward.
fn make_moves(base: &ChessLike, pos: &Position, at: Square, kind: Kind, out: &mut MoveList) {
    let us = pos.turn();
    let Some(piece) = pos.board.cell(at).piece(us) else {
        return;
    };
    let g = base.geometry();
    let push = |out: &mut MoveList, to: Square| {
        let last = g.relative_rank(to, us) == g.rows() - 1;
        if piece.kind == Kind::PAWN && last {
            for &k in base.promotions(us) {
                out.push(chained(Move::simple(at, to, piece, None, Some(k))));
            }
        } else {
            out.push(chained(Move::simple(at, to, piece, None, None)));
        }
    };
    if kind == Kind::PAWN && piece.kind != Kind::PAWN {
        let forward = if us == Color::White { 1 } else { -1 };
        if let Some(to) = g
            .offset(at, 0, forward)
            .filter(|s| pos.board.cell(*s).is_empty())
        {
            out.push(chained(Move::simple(at, to, piece, None, None)));
        }
        return;
    }
    let mut probe = pos.clone();
    probe.board.remove(at, us);
    probe.board.put(at, Piece::new(us, kind));
    let mut all = MoveList::new();
    base.pseudo_legal_moves(&probe, &mut all);
    for m in all {
        if m.intent.from != at || m.intent.capture || is_castle(&m) {
            continue;
        }
        if kind == piece.kind {
            out.push(chained(m));
        } else {
            push(out, m.intent.to);
        }
    }
}

/// A make: the chain's second step.
fn chained(mut mv: Move) -> Move {
    mv.intent.chain_step = 1;
    mv
}

impl Takenmake {
    /// Whether some make after the capture `mv` leaves the mover's king safe.
    fn capture_stands(&self, base: &ChessLike, probe: &mut Position, mv: &Move) -> bool {
        let us = mv.color();
        let undo = self.play(base, probe, mv);
        let mut makes = MoveList::new();
        if let Some((at, kind)) = pending(&probe.state) {
            make_moves(base, probe, at, kind, &mut makes);
        }
        let ok = makes.iter().any(|m| {
            let u = base.play(probe, m);
            let safe = !base.royal_attacked(probe, us);
            base.unplay(probe, m, u);
            safe
        });
        base.unplay(probe, mv, undo);
        ok
    }
}

impl Twist for Takenmake {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        if let Some((at, kind)) = pending(&pos.state) {
            make_moves(base, pos, at, kind, out);
            return;
        }
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        let mut probe = pos.clone();
        let mut kept = start;
        for i in start..out.len() {
            let mut mv = out[i];
            if mv.intent.capture {
                mv.intent.continues = true;
                if !self.capture_stands(base, &mut probe, &mv) {
                    continue;
                }
            }
            out[kept] = mv;
            kept += 1;
        }
        out.truncate(kept);
    }

    fn play(&self, base: &ChessLike, pos: &mut Position, mv: &Move) -> Undo {
        let undo = base.play(pos, mv);
        let make = match (mv.intent.continues, taken(mv)) {
            (true, Some(victim)) => Some((mv.intent.to, victim.kind)),
            _ => None,
        };
        set_pending(&mut pos.state, make);
        undo
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        (mv.intent.chain_step == 1).then_some("make")
    }
}

#[cfg(test)]
mod tests {
    fn moves(fen: &str) -> Vec<String> {
        crate::legal::sorted_coordinates(&super::rules(), fen)
    }

    #[test]
    fn page_diagram_the_king_takes_and_moves_as_a_knight() {
        // rules/Takenmake: "The king can take the knight and then move to
        // a4, b5 or e4."
        let fen = "rnbq2nr/ppp2ppp/4p3/3p4/1k1P4/P1N2N2/1PP1PPPP/R2QKB1R b 8 iiii -";
        let v = moves(fen);
        assert!(v.contains(&"b4c3".to_string()), "{v:?}");
        let r = super::rules();
        let mut pos = crate::validate::position_from_fen(&r, fen).unwrap();
        let mut list = crate::MoveList::new();
        crate::legal::legal_moves(&r, &mut pos, &mut list);
        let kxc3 = list
            .iter()
            .find(|m| crate::notation::coordinate(&r, m) == "b4c3")
            .copied()
            .unwrap();
        crate::Rules::play(&r, &mut pos, &kxc3);
        crate::legal::legal_moves(&r, &mut pos, &mut list);
        let mut makes: Vec<String> = list
            .iter()
            .map(|m| crate::notation::coordinate(&r, m))
            .collect();
        makes.sort();
        assert_eq!(makes.join(" "), "c3a4 c3b5 c3e4");
    }

    #[test]
    fn a_pawn_whose_make_reaches_the_last_rank_promotes() {
        // rules/Takenmake: "Promotion can occur when a pawn arrives on the
        // last rank as the result of a Take & Make move". 1...bxa6 then the
        // pawn moves as a bishop: b7, b5, c4, d3, e2, and f1 four ways.
        let r = super::rules();
        let fen = "r1bqkb1r/pppp1ppp/B1n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b 7 ahah -";
        let mut pos = crate::validate::position_from_fen(&r, fen).unwrap();
        let mut list = crate::MoveList::new();
        crate::legal::legal_moves(&r, &mut pos, &mut list);
        let bxa6 = list
            .iter()
            .find(|m| crate::notation::coordinate(&r, m) == "b7a6")
            .copied()
            .unwrap();
        crate::Rules::play(&r, &mut pos, &bxa6);
        crate::legal::legal_moves(&r, &mut pos, &mut list);
        assert_eq!(list.len(), 9);
        let to_f1: Vec<_> = list
            .iter()
            .filter(|m| crate::notation::coordinate(&r, m).starts_with("a6f1"))
            .map(|m| m.intent.promotion)
            .collect();
        assert_eq!(to_f1.len(), 4);
        assert!(to_f1.iter().all(Option::is_some));
    }
}
