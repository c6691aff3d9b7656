//! Allmate: no piece is taken the normal way. After a move, every enemy
//! piece that is attacked and that no enemy move could save (as if it were
//! a king in checkmate) is "mate-captured", removed; removals may expose
//! more pieces, and the process goes on ([`mate_captures`]). Kings may
//! stand attacked, but a move may not leave one's own king attacked with no
//! move to save it ([`king_mated`]); the game ends when a king is
//! mate-captured. Castling ignores attacks; no en passant.

use super::twist::{is_castle, Twist, Twisted};
use crate::color::Color;
use crate::moves::{Move, MoveList, MAX_VANISH};
use crate::piece::{Kind, Piece};
use crate::position::{Position, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, FenFields};

/// The note of a move that mate-captures (SAN appends `X`, as the page
/// writes it: `Qg5X`).
pub const MATE_CAPTURE: &str = "mate-capture";

/// The allmate twist.
pub struct Allmate;

/// The Allmate rules.
pub fn rules() -> Twisted<Allmate> {
    let base = chess::spec();
    let mut win = base.win.clone();
    // No check: kings may stand attacked, castling ignores attacks.
    win.checkmate = false;
    let spec = ChessLikeSpec {
        name: "Allmate".into(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah".into(),
        fen: FenFields {
            flags: Some(true),
            en_passant: Some(false),
        },
        win,
        ..base
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Allmate spec compiles"),
        Allmate,
    )
}

/// Whether some move of `pos`'s side to move (captures included, castling
/// only when `with_castling`) leaves each of the `targets` it cares about
/// unattacked by `by`: `keep` is called after each move with the position
/// and the move, and returns false once nothing is left to look for.
fn try_replies(
    base: &ChessLike,
    pos: &Position,
    with_castling: bool,
    keep: &mut dyn FnMut(&Position, &Move) -> bool,
) {
    let mut list = MoveList::new();
    base.pseudo_legal_moves(pos, &mut list);
    let mut probe = pos.clone();
    for mv in &list {
        if !with_castling && is_castle(mv) {
            continue;
        }
        let undo = probe.apply(mv);
        let go_on = keep(&probe, mv);
        probe.unapply(mv, undo);
        if !go_on {
            return;
        }
    }
}

/// Where the piece that stood on `sq` is after `mv`.
fn followed(sq: Square, mv: &Move) -> Square {
    if mv.intent.from == sq {
        mv.intent.to
    } else {
        sq
    }
}

/// The pieces of the side to move of `after` (the position a move of
/// `mover` led to) that are mate-captured: attacked by `mover`, and no move
/// of their side, castling aside, would leave them unattacked; then again
/// on the board without them, until nothing more is. In removal order.
pub fn mate_captures(base: &ChessLike, after: &Position, mover: Color) -> Vec<(Square, Piece)> {
    let them = mover.opposite();
    let mut pos = after.with_turn(them);
    let mut victims = Vec::new();
    loop {
        let mut doomed: Vec<Square> = pos
            .board
            .pieces()
            .filter(|(sq, p)| p.color == them && base.square_attacked(&pos, *sq, mover))
            .map(|(sq, _)| sq)
            .collect();
        if doomed.is_empty() {
            break;
        }
        try_replies(base, &pos, false, &mut |probe, mv| {
            doomed.retain(|&sq| base.square_attacked(probe, followed(sq, mv), mover));
            !doomed.is_empty()
        });
        if doomed.is_empty() {
            break;
        }
        for sq in doomed {
            if let Some(piece) = pos.board.cell(sq).single() {
                victims.push((sq, piece));
                pos.board.remove(sq, them);
            }
        }
    }
    victims
}

/// The pieces the mate-capture chain of `mv` takes beyond those its record
/// holds (the record keeps the first ones, in removal order).
fn victims_beyond_record(base: &ChessLike, pos: &Position, mv: &Move) -> Vec<(Square, Piece)> {
    let mover = mv.color();
    let mut plain = *mv;
    plain.effect.vanish = Default::default();
    let mut recorded = 0;
    for v in mv.effect.vanish.as_slice() {
        if v.piece.color == mover {
            plain.effect.vanish.push(v.square, v.piece);
        } else {
            recorded += 1;
        }
    }
    let mut scratch = pos.clone();
    base.play(&mut scratch, &plain);
    let mut victims = mate_captures(base, &scratch, mover);
    victims.drain(..recorded.min(victims.len()));
    victims
}

/// Whether `color`'s king is mated in `pos`: attacked by the other side,
/// and no move of `color` (castling included) would leave it unattacked.
pub fn king_mated(base: &ChessLike, pos: &Position, color: Color) -> bool {
    let them = color.opposite();
    let Some(king) = pos
        .board
        .pieces()
        .find(|(_, p)| p.color == color && p.kind == Kind::KING)
        .map(|(sq, _)| sq)
    else {
        return false;
    };
    if !base.square_attacked(pos, king, them) {
        return false;
    }
    let mut escapes = false;
    try_replies(base, &pos.with_turn(color), true, &mut |probe, mv| {
        escapes = !base.square_attacked(probe, followed(king, mv), them);
        !escapes
    });
    !escapes
}

impl Twist for Allmate {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        let us = pos.turn();
        let mut scratch = pos.clone();
        let mut kept = start;
        for i in start..out.len() {
            let mut mv = out[i];
            // Pieces cannot be taken the normal way.
            if mv.intent.capture && !is_castle(&mv) {
                continue;
            }
            let undo = base.play(&mut scratch, &mv);
            let victims = mate_captures(base, &scratch, us);
            base.unplay(&mut scratch, &mv, undo);
            // Not a capture on the final square (no `x` in SAN). A move
            // holds at most MAX_VANISH pieces: a longer chain keeps its
            // first victims here, and `play` removes the others.
            for (sq, piece) in victims {
                if mv.effect.vanish.len() < MAX_VANISH {
                    mv.effect.vanish.push(sq, piece);
                }
            }
            out[kept] = mv;
            kept += 1;
        }
        out.truncate(kept);
    }

    fn forbidding_rule(
        &self,
        base: &ChessLike,
        pos: &Position,
        from: Square,
        to: Square,
    ) -> Option<&'static str> {
        let mut list = MoveList::new();
        base.pseudo_legal_moves(pos, &mut list);
        let tries = || {
            list.iter()
                .filter(|m| m.intent.from == from && m.intent.to == to)
        };
        let normal_capture = |m: &Move| m.intent.capture && !is_castle(m);
        (tries().next().is_some() && tries().all(normal_capture))
            .then_some("Allmate: pieces are not taken the normal way, only mate-captured")
    }

    fn play(&self, base: &ChessLike, pos: &mut Position, mv: &Move) -> Undo {
        if mv.effect.vanish.len() < MAX_VANISH {
            return base.play(pos, mv);
        }
        // A full record: the chain may go on past it. The pieces it takes
        // beyond the record are kept in the counters (their kinds, by
        // square) until the move is taken back.
        let beyond = victims_beyond_record(base, pos, mv);
        pos.counters.save();
        pos.counters.clear();
        let undo = base.play(pos, mv);
        for (sq, piece) in beyond {
            pos.board.remove(sq, piece.color);
            pos.counters.set(sq, piece.kind.0);
        }
        undo
    }

    fn unplay(&self, base: &ChessLike, pos: &mut Position, mv: &Move, undo: Undo) {
        if mv.effect.vanish.len() < MAX_VANISH {
            return base.unplay(pos, mv, undo);
        }
        let them = mv.color().opposite();
        let beyond: Vec<(Square, u8)> = pos.counters.nonzero().collect();
        for (sq, kind) in beyond {
            pos.board.put(sq, Piece::new(them, Kind(kind)));
        }
        pos.counters.restore();
        base.unplay(pos, mv, undo);
    }

    fn royal_attacked(&self, _base: &ChessLike, _pos: &Position, _color: Color) -> Option<bool> {
        // No notion of check.
        Some(false)
    }

    fn illegal_after(&self, base: &ChessLike, pos: &Position, mover: Color) -> Option<bool> {
        Some(king_mated(base, pos, mover))
    }

    fn royals_per_side(&self) -> Option<usize> {
        None
    }

    fn variant_outcome(&self, _base: &ChessLike, pos: &Position) -> Option<Outcome> {
        let us = pos.turn();
        let has_king = pos
            .board
            .pieces()
            .any(|(_, p)| p.color == us && p.kind == Kind::KING);
        (!has_king).then_some(Outcome::VariantWin {
            winner: us.opposite(),
            reason: "king mate-captured",
        })
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        (mv.capture_squares().next().is_some()).then_some(MATE_CAPTURE)
    }
}

#[cfg(test)]
mod tests {
    use crate::{legal, notation, validate, MoveList};

    fn moves(fen: &str) -> Vec<String> {
        crate::legal::sorted_coordinates(&super::rules(), fen)
    }

    /// Each move that mate-captures, with the squares it empties (sorted).
    fn mate_captures(fen: &str) -> Vec<String> {
        let r = super::rules();
        let mut pos = validate::position_from_fen(&r, fen).unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let g = crate::rules::Rules::geometry(&r);
        let mut out: Vec<String> = list
            .iter()
            .filter(|m| m.capture_squares().next().is_some())
            .map(|m| {
                let mut sq: Vec<String> = m.capture_squares().map(|s| g.square_name(s)).collect();
                sq.sort();
                format!("{} {}", notation::san(&r, &mut pos, m), sq.join(","))
            })
            .collect();
        out.sort();
        out
    }

    const PAGE: &str = "1rb1n1r1/1ppp1pkp/pn4p1/4p3/3qN2Q/4bP2/PPP1P1PP/R2BKR1N w 0 aiii";

    #[test]
    fn page_diagram_no_normal_capture() {
        // rules/Allmate's first diagram: moves from the vchess oracle; no
        // move takes on its final square (Qxd4, Nxd6 ... are not moves).
        assert_eq!(
            moves(PAGE).join(" "),
            "a1b1 a1c1 a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 e1d2 e1f2 e4c3 e4c5 e4d2 e4d6 \
             e4f2 e4f6 e4g3 e4g5 f1f2 f1g1 f3f4 g2g3 g2g4 h1f2 h1g3 h2h3 h4d8 h4e7 \
             h4f2 h4f4 h4f6 h4g3 h4g4 h4g5 h4h3 h4h5 h4h6"
        );
    }

    #[test]
    fn page_diagram_mate_captures_chain() {
        // "1.Qg5X, which takes first the bishop on e3, and then the pawn on
        // g6"; the vchess oracle lists the same six mate-captures.
        assert_eq!(
            mate_captures(PAGE),
            vec![
                "Kf2X e3",
                "Nf6X h7",
                "Ng5X h7",
                "Qd8X c8,d7,e8",
                "Qe7X e5,e8",
                "Qg5X e3,g6",
            ]
        );
    }

    #[test]
    fn page_line_the_b5_pawn_is_mate_captured() {
        // "After 1.b4 b5 2.Nc3X the b5 pawn is mate-captured": the knight
        // attacks it and no Black move saves it; four other moves do the
        // same (the vchess oracle's list: a4 and e3/e4 by the a1 rook and
        // the f1 bishop).
        let v = mate_captures("rnbqkbnr/p1pppppp/8/1p6/1P6/8/P1PPPPPP/RNBQKBNR w 2 ahah");
        assert_eq!(v, vec!["Na3X b5", "Nc3X b5", "a4X b5", "e3X b5", "e4X b5"]);
    }

    #[test]
    fn a_chain_longer_than_the_move_record_is_played_whole() {
        // Rc6-c7 mate-captures ten pieces: the eight immobile pawns, the
        // e7 pawn, then the h8 knight (the vchess oracle removes the
        // same); the move's record holds the mover and nine of them.
        let r = super::rules();
        let fen = "k6n/4p3/1pRp1pRp/pPpPpPpP/P1P1P1P1/B1B1B3/8/7K w 0 iiii";
        let mut pos = validate::position_from_fen(&r, fen).unwrap();
        let before = pos.clone();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let mv = *list
            .iter()
            .find(|m| notation::coordinate(&r, m) == "c6c7")
            .unwrap();
        assert_eq!(mv.effect.vanish.len(), crate::moves::MAX_VANISH);
        let undo = crate::rules::Rules::play(&r, &mut pos, &mv);
        assert_eq!(
            crate::fen::board_fen(&r, &pos),
            "k7/2R5/6R1/1P1P1P1P/P1P1P1P1/B1B1B3/8/7K"
        );
        crate::rules::Rules::unplay(&r, &mut pos, &mv, undo);
        assert_eq!(pos, before);
    }

    #[test]
    fn the_king_may_not_be_left_mated() {
        // b2-b4 leaves the a2 king attacked by the h2 rook with every
        // escape covered; b2-b3 leaves a3 free (moves from the vchess
        // oracle). Kings may step onto attacked squares they can leave.
        assert_eq!(
            moves("4k3/8/8/8/8/7r/KP5r/7r w 0 iiii").join(" "),
            "a2a1 a2a3 a2b1 a2b3 b2b3"
        );
    }

    #[test]
    fn the_x_mark_reads_as_the_mate_capture() {
        // The page writes "1.Qg5X": the move to g5, whatever it removes.
        let r = super::rules();
        let mut pos = validate::position_from_fen(&r, PAGE).unwrap();
        let mv = notation::parse_move(&r, &mut pos, "Qg5X").unwrap();
        assert_eq!(notation::coordinate(&r, &mv), "h4g5");
        assert_eq!(notation::san(&r, &mut pos, &mv), "Qg5X");
        // A plain move keeps plain SAN.
        let mv = notation::parse_move(&r, &mut pos, "Qh6").unwrap();
        assert_eq!(notation::san(&r, &mut pos, &mv), "Qh6");
    }

    #[test]
    fn explain_names_the_no_capture_rule() {
        // The page's first diagram: the h4 queen may not take the h7
        // pawn; Ng5 is a move (a mate-capture); nothing of White's goes
        // from f3 to e4 (its own knight stands there): no rule to name.
        let r = super::rules();
        let pos = validate::position_from_fen(&r, PAGE).unwrap();
        let g = crate::rules::Rules::geometry(&r);
        let sq = |n: &str| g.parse_square(n).unwrap();
        let rule = Some("Allmate: pieces are not taken the normal way, only mate-captured");
        assert_eq!(
            crate::explain::forbidding_rule(&r, &pos, sq("e4"), sq("g5")),
            None
        );
        assert_eq!(
            crate::explain::forbidding_rule(&r, &pos, sq("h4"), sq("h7")),
            rule
        );
        assert_eq!(
            crate::explain::forbidding_rule(&r, &pos, sq("f3"), sq("e4")),
            None
        );
    }
}
