//! Suction: a capture swaps the two pieces (the victim goes to the square the
//! capturer left, [`swap_victim`]); the capture just played may not be
//! undone at once; kings never move on their own, there is no check, and a
//! side whose king was drawn to the opponent's first rank has lost.

use super::twist::{Twist, Twisted};
use crate::color::Color;
use crate::fen::Field;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::piece::Kind;
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

/// The suction twist.
pub struct Suction;

/// `State::variant` bits of the last capture (vchess's `cmove` field): its
/// origin + 1 at bit 32, its destination + 1 at bit 48 (0: none). The low
/// 32 bits are the chess-like base's.
const CMOVE_SHIFT: u32 = 32;

/// The Suction rules: chess without castling, whose pawns do not promote.
pub fn rules() -> Twisted<Suction> {
    let spec = ChessLikeSpec {
        name: "Suction".into(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 - -".into(),
        castling: [false; 2],
        // A pawn on the last rank stays a pawn, and cannot move.
        promotions: [Vec::new(), Vec::new()],
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Suction spec compiles"),
        Suction,
    )
}

/// Rewrites a capture as a swap: each enemy piece the move removes appears
/// on the square the capturer left (en passant included).
pub fn swap_victim(mv: &mut Move) {
    let mover = mv.color();
    let victims: Vec<_> = mv
        .effect
        .vanish
        .as_slice()
        .iter()
        .filter(|p| p.piece.color != mover)
        .map(|p| p.piece)
        .collect();
    for v in victims {
        mv.effect.appear.push(mv.intent.from, v);
    }
}

/// The last capture (origin, destination), if the last move was one.
fn last_capture(state: &State) -> Option<(Square, Square)> {
    let from = ((state.variant >> CMOVE_SHIFT) & 0xffff) as u16;
    let to = ((state.variant >> (CMOVE_SHIFT + 16)) & 0xffff) as u16;
    (from != 0 && to != 0).then(|| (Square(from - 1), Square(to - 1)))
}

fn set_last_capture(state: &mut State, cmove: Option<(Square, Square)>) {
    state.variant &= !(0xffff_ffff << CMOVE_SHIFT);
    if let Some((from, to)) = cmove {
        state.variant |= (u64::from(from.0) + 1) << CMOVE_SHIFT;
        state.variant |= (u64::from(to.0) + 1) << (CMOVE_SHIFT + 16);
    }
}

impl Twist for Suction {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        let undoing = last_capture(&pos.state);
        let mut kept = start;
        for i in start..out.len() {
            let mut mv = out[i];
            // A king moves only when it is taken.
            if mv.intent.piece.kind == Kind::KING {
                continue;
            }
            if mv.intent.capture && undoing == Some((mv.intent.from, mv.intent.to)) {
                // Taking back on the same squares would undo the capture.
                continue;
            }
            swap_victim(&mut mv);
            out[kept] = mv;
            kept += 1;
        }
        out.truncate(kept);
    }

    fn royal_attacked(&self, _base: &ChessLike, _pos: &Position, _color: Color) -> Option<bool> {
        // Taking a king only moves it: there is no check.
        Some(false)
    }

    fn play(&self, base: &ChessLike, pos: &mut Position, mv: &Move) -> Undo {
        let undo = base.play(pos, mv);
        let cmove = mv.intent.capture.then_some((mv.intent.from, mv.intent.to));
        set_last_capture(&mut pos.state, cmove);
        undo
    }

    fn variant_outcome(&self, base: &ChessLike, pos: &Position) -> Option<Outcome> {
        // vchess looks at the king of the side to move only.
        let us = pos.turn();
        let g = base.geometry();
        let drawn = pos
            .board
            .royals(us)
            .iter()
            .any(|k| g.relative_rank(k, us) == g.rows() - 1);
        drawn.then_some(Outcome::VariantWin {
            winner: us.opposite(),
            reason: "king drawn to the first rank",
        })
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        mv.intent.capture.then_some("swap")
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else {
            return;
        };
        if f.text == "-" {
            return;
        }
        let squares = Geometry::new(8, 8).ok().and_then(|g| {
            let (a, b) = (f.text.get(..2)?, f.text.get(2..)?);
            Some((g.parse_square(a)?, g.parse_square(b)?))
        });
        match squares {
            Some(cmove) => set_last_capture(state, Some(cmove)),
            None => problems.push(Problem::BadField {
                field: "last capture",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let g = Geometry::new(8, 8).ok();
        let cmove = match (last_capture(&pos.state), g) {
            (Some((from, to)), Some(g)) => {
                format!(" {}{}", g.square_name(from), g.square_name(to))
            }
            _ => " -".to_string(),
        };
        (String::new(), cmove)
    }

    fn position_problems(
        &self,
        _base: &ChessLike,
        _pos: &Position,
        _offset_of: &dyn Fn(Square) -> usize,
        _out: &mut Vec<Problem>,
    ) {
        // Captures swap pieces anywhere: a pawn may stand on either back
        // rank, and a king anywhere.
    }
}

#[cfg(test)]
mod tests {
    use crate::{legal, notation, validate, MoveList};

    fn moves(fen: &str) -> Vec<String> {
        crate::legal::sorted_coordinates(&super::rules(), fen)
    }

    #[test]
    fn page_diagram_the_capture_cannot_be_undone() {
        // rules/Suction: after 1.b3 g6 2.Bb2 Bg7 3.Bxg7, 3...Bxg7 (b2g7)
        // is not allowed; other captures of the black bishop are.
        let fen = "rnbqk1nr/ppppppBp/6p1/8/8/1P6/PbPPPPPP/RN1QKBNR b 5 - b2g7";
        let v = moves(fen);
        assert!(!v.contains(&"b2g7".to_string()), "{v:?}");
        assert!(v.contains(&"b2a1".to_string()), "{v:?}");
        assert!(!v.iter().any(|m| m.starts_with("e8")), "{v:?}");
    }

    #[test]
    fn the_taken_king_moves_to_the_capturers_square() {
        // rules/Suction: "White can win with 1.Qxh4": the black king goes
        // to e1, White's first rank.
        let r = super::rules();
        let fen = "2Pb3r/1rP3nq/1p2p2p/p1p2NpP/1P2R2k/P3p2P/pN1PP1B1/R1BnQ1Kb w 30 - -";
        let mut pos = validate::position_from_fen(&r, fen).unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let m = list
            .iter()
            .find(|m| notation::coordinate(&r, m) == "e1h4")
            .copied()
            .expect("Qxh4 is legal");
        crate::Rules::play(&r, &mut pos, &m);
        assert!(matches!(
            crate::Rules::variant_outcome(&r, &pos),
            Some(crate::Outcome::VariantWin {
                winner: crate::Color::White,
                ..
            })
        ));
    }
}
