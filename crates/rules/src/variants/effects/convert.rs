//! Convert: a captured piece changes color instead of leaving the board,
//! and must move at once, as its own kind, from the capture square (where
//! the capturer now stands); a capture it makes converts again, and so on.
//! The turn ends with a converted piece's non-capturing move. Checks are
//! ignored, but castling is impossible across a square the opponent
//! controls directly or through such a chain ([`chain_attacked`]). A side
//! whose king was converted has lost.
//!
//! A capture is a chain of steps by one side (each capture `continues`);
//! the converted piece waiting to move is in no FEN, as in vchess. The page
//! decides one point against vchess (deviation convert-dead-end-chain): a
//! capture whose chain can never end ("if in a chain a converted piece
//! cannot move, then you must reset the move") is not a legal move; vchess
//! lists it and its chain stops there.

use super::twist::{is_castle, pending, set_pending, taken, Twist, Twisted};
use crate::color::Color;
use crate::geometry::{KING_STEPS, KNIGHT_LEAPS};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, FenFields};

/// The Convert twist.
pub struct Convert;

/// The Convert rules: chess with the pawns on the third rank, no en
/// passant, captures chained with the converted pieces' moves.
pub fn rules() -> Twisted<Convert> {
    let spec = ChessLikeSpec {
        name: "Convert".into(),
        start_fen: "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w 0 ahah".into(),
        fen: FenFields {
            en_passant: Some(false),
            ..Default::default()
        },
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Convert spec compiles"),
        Convert,
    )
}

/// The moves of the converted `kind` on `at`, where the piece that took it
/// stands and stays: each is the base's move of a `kind` from `at`
/// (castling aside) with nothing vanishing from `at`. A capture goes on.
pub fn chain_moves(base: &ChessLike, pos: &Position, at: Square, kind: Kind, out: &mut MoveList) {
    let us = pos.turn();
    let mut probe = pos.clone();
    probe.board.remove(at, us);
    probe.board.put(at, Piece::new(us, kind));
    let mut all = MoveList::new();
    base.pseudo_legal_moves(&probe, &mut all);
    for m in all {
        if m.intent.from != at || is_castle(&m) {
            continue;
        }
        let mut mv = m;
        let mut vanish = crate::moves::Effect::default().vanish;
        for v in m.effect.vanish.as_slice().iter().filter(|v| v.square != at) {
            vanish.push(v.square, v.piece);
        }
        mv.effect.vanish = vanish;
        mv.intent.kind = MoveKind::Normal;
        mv.intent.chain_step = 1;
        mv.intent.continues = mv.intent.capture;
        out.push(mv);
    }
}

/// Whether the square `sq` is controlled by `by`, directly or through a
/// chain: some piece standing where, as its own kind converted to `by`,
/// it would reach `sq`, stands on a square so controlled (vchess's
/// reading: kings aside, any color, each square looked at once).
pub fn chain_attacked(base: &ChessLike, pos: &Position, sq: Square, by: Color) -> bool {
    let mut explored = Vec::new();
    chain_attacked_from(base, pos, sq, by, &mut explored)
}

fn chain_attacked_from(
    base: &ChessLike,
    pos: &Position,
    sq: Square,
    by: Color,
    explored: &mut Vec<Square>,
) -> bool {
    if explored.contains(&sq) {
        return false;
    }
    explored.push(sq);
    if base.square_attacked(pos, sq, by) {
        return true;
    }
    let g = base.geometry();
    let kind_at = |s: Square| pos.board.cell(s).single().map(|p| p.kind);
    let mut sources = Vec::new();
    // A pawn of `by` takes towards the other side: it stands one rank
    // nearer to `by`'s camp.
    let behind = if by == Color::White { -1 } else { 1 };
    for df in [-1, 1] {
        if let Some(s) = g.offset(sq, df, behind) {
            if kind_at(s) == Some(Kind::PAWN) {
                sources.push(s);
            }
        }
    }
    for step in KNIGHT_LEAPS {
        if let Some(s) = g.offset_by(sq, step) {
            if kind_at(s) == Some(Kind::KNIGHT) {
                sources.push(s);
            }
        }
    }
    for (i, step) in KING_STEPS.into_iter().enumerate() {
        let slider = if i < 4 { Kind::ROOK } else { Kind::BISHOP };
        let mut at = sq;
        while let Some(next) = g.offset_by(at, step) {
            at = next;
            let Some(kind) = kind_at(next) else {
                continue;
            };
            if kind == slider || kind == Kind::QUEEN {
                sources.push(next);
            }
            break;
        }
    }
    sources
        .into_iter()
        .any(|s| chain_attacked_from(base, pos, s, by, explored))
}

impl Convert {
    /// Whether the chain of the converted piece waiting in `probe` can
    /// end: it has a non-capturing move, or a capture whose chain can.
    /// Every capture removes an enemy piece, so the search ends.
    fn chain_ends(&self, base: &ChessLike, probe: &mut Position) -> bool {
        let Some((at, kind)) = pending(&probe.state) else {
            return true;
        };
        let mut steps = MoveList::new();
        chain_moves(base, probe, at, kind, &mut steps);
        if steps.iter().any(|m| !m.intent.continues) {
            return true;
        }
        steps.iter().any(|m| {
            let undo = self.play(base, probe, m);
            let ends = self.chain_ends(base, probe);
            self.unplay(base, probe, m, undo);
            ends
        })
    }

    /// Keeps the moves of `out[start..]` whose chain can end.
    fn keep_ending(&self, base: &ChessLike, pos: &Position, out: &mut MoveList, start: usize) {
        let mut probe = pos.clone();
        let mut kept = start;
        for i in start..out.len() {
            let mv = out[i];
            if mv.intent.continues {
                let undo = self.play(base, &mut probe, &mv);
                let ends = self.chain_ends(base, &mut probe);
                self.unplay(base, &mut probe, &mv, undo);
                if !ends {
                    continue;
                }
            }
            out[kept] = mv;
            kept += 1;
        }
        out.truncate(kept);
    }
}

/// The moves of the side to move before chains that cannot end are left
/// out: the converted piece's moves mid-turn, else the base's moves with
/// each capture going on and castling barred by control through chains.
fn candidate_moves(base: &ChessLike, pos: &Position, out: &mut MoveList) {
    if let Some((at, kind)) = pending(&pos.state) {
        chain_moves(base, pos, at, kind, out);
        return;
    }
    let start = out.len();
    base.pseudo_legal_moves(pos, out);
    let mut kept = start;
    for i in start..out.len() {
        let mut mv = out[i];
        if is_castle(&mv) {
            continue;
        }
        mv.intent.continues = mv.intent.capture;
        out[kept] = mv;
        kept += 1;
    }
    out.truncate(kept);
    let them = pos.turn().opposite();
    base.castling_moves_where(pos, out, &|s| chain_attacked(base, pos, s, them));
}

/// Whether `pos`'s side to move has a capture from `from` to `to` whose
/// chain can never end: vchess lists it, fenpress does not (deviation
/// convert-dead-end-chain).
pub fn dead_end_capture(pos: &Position, from: Square, to: Square) -> bool {
    static RULES: std::sync::OnceLock<Twisted<Convert>> = std::sync::OnceLock::new();
    let r = RULES.get_or_init(rules);
    let mut all = MoveList::new();
    candidate_moves(&r.base, pos, &mut all);
    let mut probe = pos.clone();
    all.iter()
        .filter(|m| m.intent.from == from && m.intent.to == to && m.intent.continues)
        .any(|m| {
            let undo = r.twist.play(&r.base, &mut probe, m);
            let ends = r.twist.chain_ends(&r.base, &mut probe);
            r.twist.unplay(&r.base, &mut probe, m, undo);
            !ends
        })
}

impl Twist for Convert {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        candidate_moves(base, pos, out);
        self.keep_ending(base, pos, out, start);
    }

    fn play(&self, base: &ChessLike, pos: &mut Position, mv: &Move) -> Undo {
        let undo = base.play(pos, mv);
        let converted = match (mv.intent.continues, taken(mv)) {
            (true, Some(victim)) => Some((mv.intent.to, victim.kind)),
            _ => None,
        };
        set_pending(&mut pos.state, converted);
        undo
    }

    fn royal_attacked(&self, _base: &ChessLike, _pos: &Position, _color: Color) -> Option<bool> {
        // Checks are ignored: a king may stand attacked.
        Some(false)
    }

    fn variant_outcome(&self, _base: &ChessLike, pos: &Position) -> Option<Outcome> {
        // The side to move whose king was converted has lost.
        Outcome::royal_gone(pos, "king converted")
    }

    fn royals_per_side(&self) -> Option<usize> {
        // After the end, the winner holds both kings.
        None
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        (mv.intent.chain_step == 1).then_some("converted piece")
    }
}

#[cfg(test)]
mod tests {
    use crate::{legal, notation, validate, MoveList, Rules};

    fn moves(fen: &str) -> Vec<String> {
        crate::legal::sorted_coordinates(&super::rules(), fen)
    }

    #[test]
    fn page_diagram_no_castling_across_a_chain() {
        // rules/Convert: "Black cannot castle because f8 is attacked:
        // Qxe6, Pxd7, Nxf8". No white piece reaches f8 itself.
        let r = super::rules();
        let fen = "r1bqk2r/3nn1b1/pppppppp/8/5PQ1/PPPPPNPP/1B6/RN2KB1R b 10 ahah";
        let pos = validate::position_from_fen(&r, fen).unwrap();
        let f8 = r.geometry().parse_square("f8").unwrap();
        assert!(!r.base.square_attacked(&pos, f8, crate::Color::White));
        assert!(super::chain_attacked(
            &r.base,
            &pos,
            f8,
            crate::Color::White
        ));
        let got = moves(fen);
        assert!(!got.contains(&"e8g8".to_string()));
        assert_eq!(got.len(), 25);
    }

    #[test]
    fn page_diagram_the_chain_converts_the_king() {
        // rules/Convert: "Black wins for example with exd5 xe4 xg3 xh2 xg2
        // xf3 xe2 and finally Kd2": the second diagram, White has lost.
        let r = super::rules();
        let fen = "1nbr2nr/3q1kb1/ppppppp1/3P3p/P1P1N3/1P2PPPP/4K1BR/R1BQ2N1 b 20 iiii";
        let mut pos = validate::position_from_fen(&r, fen).unwrap();
        for step in [
            "e6d5", "d5e4", "e4g3", "g3h2", "h2g2", "g2f3", "f3e2", "e2d2",
        ] {
            let mut list = MoveList::new();
            legal::legal_moves(&r, &mut pos, &mut list);
            let m = *list
                .iter()
                .find(|m| notation::coordinate(&r, m) == step)
                .unwrap_or_else(|| panic!("{step} is legal"));
            assert_eq!(m.intent.continues, step != "e2d2");
            r.play(&mut pos, &m);
        }
        assert_eq!(
            crate::fen::board_fen(&r, &pos),
            "1nbr2nr/3q1kb1/pppp1pp1/3p3p/P1P1p3/1P2PbnP/3kp1rp/R1BQ2N1"
        );
        assert!(matches!(
            r.variant_outcome(&pos),
            Some(crate::Outcome::VariantWin {
                winner: crate::Color::Black,
                ..
            })
        ));
    }

    #[test]
    fn a_capture_whose_converted_piece_cannot_move_is_illegal() {
        // After exd5 the pawn turned white stands blocked by the knight on
        // d6 with nothing to take: "you must reset the move" (vchess lists
        // e4d5: deviation convert-dead-end-chain).
        let fen = "4k3/8/3n4/3p4/4P3/8/8/4K3 w 10 iiii";
        assert_eq!(moves(fen).join(" "), "e1d1 e1d2 e1e2 e1f1 e1f2 e4e5");
        let r = super::rules();
        let pos = validate::position_from_fen(&r, fen).unwrap();
        let sq = |n| r.geometry().parse_square(n).unwrap();
        assert!(super::dead_end_capture(&pos, sq("e4"), sq("d5")));
        assert!(!super::dead_end_capture(&pos, sq("e4"), sq("e5")));
    }

    #[test]
    fn the_converted_piece_moves_as_its_kind_and_the_capturer_stays() {
        // Rxd5 converts the knight: its moves from d5 are a knight's to
        // empty squares (taking the pawn on e7 would leave it blocked by
        // the king with nothing to take: a dead end); the rook stays on d5.
        let r = super::rules();
        let fen = "4k3/4p3/8/3n4/8/8/8/3RK3 w 10 iiii";
        let mut pos = validate::position_from_fen(&r, fen).unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let rxd5 = *list
            .iter()
            .find(|m| notation::coordinate(&r, m) == "d1d5")
            .unwrap();
        r.play(&mut pos, &rxd5);
        legal::legal_moves(&r, &mut pos, &mut list);
        let mut got: Vec<String> = list.iter().map(|m| notation::coordinate(&r, m)).collect();
        got.sort();
        assert_eq!(got.join(" "), "d5b4 d5b6 d5c3 d5c7 d5e3 d5f4 d5f6");
        let nf6 = *list
            .iter()
            .find(|m| notation::coordinate(&r, m) == "d5f6")
            .unwrap();
        r.play(&mut pos, &nf6);
        assert_eq!(crate::fen::board_fen(&r, &pos), "4k3/4p3/5N2/3R4/8/8/8/4K3");
        assert_eq!(pos.turn(), crate::Color::Black);
    }
}
