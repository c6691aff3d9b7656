//! Schess (Seirawan chess): chess plus a hawk (bishop + knight) and an
//! elephant (rook + knight) waiting in each side's pocket. When a piece
//! leaves its first-rank square for the first time, a pocket piece may be
//! gated onto the square it left (after castling: the king's or the rook's
//! square, not both). A move that leaves the king in check stays illegal
//! even if the gated piece would cover the check.
//!
//! vchess FEN: `board turn plies flags ep pocket`: flags are the castling
//! letters then 16 digits, one per first-rank file (White's a-h, then
//! Black's), 1 while that square may still gate; the pocket is four digits
//! (White's hawk and elephant, then Black's). Pocket pieces live in
//! [`State::hands`], the file flags in [`State::variant`].
//!
//! A gating move is the plain move with the gated kind as its
//! `intent.promotion` (coordinates `b1c3h`).
//!
//! | letter | en | fr | es |
//! |---|---|---|---|
//! | h | hawk | faucon | halcón |
//! | e | elephant | éléphant | elefante |

use crate::color::Color;
use crate::fen::{FenStyle, Field};
use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::Rules;
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};

const HAWK: Kind = Kind(b'h');
const ELEPHANT: Kind = Kind(b'e');
const POCKET: [Kind; 2] = [HAWK, ELEPHANT];

/// Whether `text` is the pocket vchess's `getPocketFen` writes: per side
/// the hawk's count plus the elephant's (`22`), which its reader then
/// takes for the four-digit form it expects.
fn is_summed_pocket(text: &str) -> bool {
    text.len() == 2 && text.bytes().all(|b| (b'0'..=b'2').contains(&b))
}

/// `color`'s pocket (hawk, elephant) from its summed count `sum`, when the
/// board decides it: none or both held; or one, when no pawn of `color`
/// can have promoted (all eight on the board) and exactly one of the two
/// pieces stands on the board: it was gated, the other is held. `None`
/// when the board leaves it open (the gated piece taken, or a pawn's
/// promotion may explain the one on the board).
fn pocket_from_sum(pos: &Position, color: Color, sum: u8) -> Option<[u8; 2]> {
    match sum {
        0 => return Some([0, 0]),
        2 => return Some([1, 1]),
        _ => {}
    }
    let count = |kind: Kind| {
        pos.board
            .pieces()
            .filter(|(_, p)| *p == Piece::new(color, kind))
            .count()
    };
    if count(Kind::PAWN) < 8 {
        return None;
    }
    match (count(HAWK), count(ELEPHANT)) {
        (1, 0) => Some([0, 1]),
        (0, 1) => Some([1, 0]),
        _ => None,
    }
}

/// The rules of Schess.
pub struct Schess {
    inner: ChessLike,
}

fn army() -> Vec<PieceSpec> {
    vec![
        PieceSpec::king(),
        PieceSpec::piece('q', "Q"),
        PieceSpec::piece('r', "R"),
        PieceSpec::piece('b', "B"),
        PieceSpec::piece('n', "N"),
        PieceSpec::pawn(),
        PieceSpec::piece('h', "BN").named("hawk"),
        PieceSpec::piece('e', "RN").named("elephant"),
    ]
}

impl Default for Schess {
    fn default() -> Self {
        Schess::new()
    }
}

/// Bit of `color`'s first-rank `file` in the gating flags.
fn flag_bit(color: Color, file: u8) -> u64 {
    1 << (color.index() as u32 * 8 + file as u32)
}

impl Schess {
    pub fn new() -> Schess {
        // Pawns may also promote to the two new pieces.
        let promotions = vec![
            Kind::ROOK,
            Kind::KNIGHT,
            Kind::BISHOP,
            Kind::QUEEN,
            HAWK,
            ELEPHANT,
        ];
        let inner =
            ChessLike::new(ChessLikeSpec {
                name: "Schess".into(),
                rows: 8,
                cols: 8,
                start_fen:
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 - 1111"
                        .into(),
                armies: [army(), army()],
                promotions: [promotions.clone(), promotions],
                double_step: [true, true],
                castling: [true, true],
                ..Default::default()
            })
            .expect("the Schess spec compiles");
        Schess { inner }
    }

    /// Whether `color` may still gate on its first-rank `file`.
    fn may_gate(state: &State, color: Color, file: u8) -> bool {
        state.variant & flag_bit(color, file) != 0
    }

    /// The gated forms of `mv` (legal for the king): one per pocket piece
    /// and gating square.
    fn gated(&self, pos: &Position, mv: &Move, out: &mut MoveList) {
        let g = self.inner.geometry();
        let us = mv.color();
        let first = if us == Color::White { 0 } else { g.rows() - 1 };
        let from = mv.intent.from;
        let landed: Vec<Square> = mv
            .effect
            .appear
            .as_slice()
            .iter()
            .map(|a| a.square)
            .collect();
        let mut squares: [Option<Square>; 2] = [None, None];
        if g.rank(from) == first
            && Self::may_gate(&pos.state, us, g.file(from))
            && !landed.contains(&from)
        {
            squares[0] = Some(from);
        }
        if let MoveKind::Castle { rook_from, .. } = mv.intent.kind {
            if !landed.contains(&rook_from) {
                squares[1] = Some(rook_from);
            }
        }
        for kind in POCKET {
            if pos.state.hands.count(us, kind) == 0 {
                continue;
            }
            for sq in squares.into_iter().flatten() {
                let mut gated = *mv;
                gated.effect.appear.push(sq, Piece::new(us, kind));
                gated.intent.promotion = Some(kind);
                out.push(gated);
            }
        }
    }
}

impl Rules for Schess {
    fn name(&self) -> &str {
        "Schess"
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
    fn hand_kinds(&self, _color: Color) -> KindSet {
        POCKET.into_iter().collect()
    }
    fn promotions(&self, color: Color) -> &[Kind] {
        self.inner.promotions(color)
    }

    fn read_flags_tail(&self, tail: &str, state: &mut State) -> bool {
        if tail.len() != 16 || !tail.bytes().all(|b| b == b'0' || b == b'1') {
            return false;
        }
        state.variant = tail
            .bytes()
            .enumerate()
            .filter(|(_, b)| *b == b'1')
            .fold(0, |acc, (i, _)| acc | 1 << i);
        true
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else { return };
        let digits: Vec<u8> = f.text.bytes().map(|b| b.wrapping_sub(b'0')).collect();
        if is_summed_pocket(&f.text) {
            // `read_position_fields` tells the pieces apart on the board.
            return;
        }
        if digits.len() != 4 || digits.iter().any(|&d| d > 1) {
            problems.push(Problem::BadField {
                field: "pocket",
                text: f.text.clone(),
                offset: f.offset,
            });
            return;
        }
        for (i, &n) in digits.iter().enumerate() {
            let color = if i < 2 { Color::White } else { Color::Black };
            state.hands.set(color, POCKET[i % 2], n);
        }
    }

    fn read_position_fields(
        &self,
        fields: &[Field],
        pos: &mut Position,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first().filter(|f| is_summed_pocket(&f.text)) else {
            return;
        };
        for (color, sum) in Color::ALL.into_iter().zip(f.text.bytes().map(|b| b - b'0')) {
            match pocket_from_sum(pos, color, sum) {
                Some(pocket) => {
                    for (kind, n) in POCKET.into_iter().zip(pocket) {
                        pos.state.hands.set(color, kind, n);
                    }
                }
                None => {
                    problems.push(Problem::LossyField {
                        field: "pocket",
                        text: f.text.clone(),
                        write: "the four-digit pocket: 1 or 0 for White's hawk and elephant, \
                                then Black's (`1111`)"
                            .into(),
                        offset: f.offset,
                    });
                    return;
                }
            }
        }
    }

    fn reading_notes(&self, fields: &[Field]) -> Vec<String> {
        match fields.first() {
            Some(f) if is_summed_pocket(&f.text) => vec![format!(
                "the pocket `{}` is the site's summed form (pieces per side, not which): \
                 the board told which piece each side still holds",
                f.text
            )],
            _ => Vec::new(),
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let flags = crate::fen::bit_flags(pos.state.variant, 16);
        let mut pocket = String::from(" ");
        for color in Color::ALL {
            for kind in POCKET {
                pocket.push(char::from(b'0' + pos.state.hands.count(color, kind).min(9)));
            }
        }
        (flags, pocket)
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let first = out.len();
        self.inner.pseudo_legal_moves(pos, out);
        let us = pos.turn();
        if POCKET.iter().all(|&k| pos.state.hands.count(us, k) == 0) {
            return;
        }
        // Gate only after moves that are legal on their own: the gated
        // piece may not be what covers the king.
        let mut probe = pos.clone();
        let end = out.len();
        for i in first..end {
            let mv = out[i];
            let undo = self.play(&mut probe, &mv);
            let safe = !self.inner.royal_attacked(&probe, us);
            self.unplay(&mut probe, &mv, undo);
            if safe {
                self.gated(pos, &mv, out);
            }
        }
    }

    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        self.inner.royal_attacked(pos, color)
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = self.inner.play(pos, mv);
        let g = self.inner.geometry();
        let us = mv.color();
        let s = &mut pos.state;
        if let Some(k) = mv.intent.promotion.filter(|k| POCKET.contains(k)) {
            if mv.intent.piece.kind != Kind::PAWN {
                s.hands.set(us, k, 0);
            }
        }
        // A square stops gating once its piece leaves or an enemy lands on it.
        let first = if us == Color::White { 0 } else { g.rows() - 1 };
        if g.rank(mv.intent.from) == first {
            s.variant &= !flag_bit(us, g.file(mv.intent.from));
        }
        if let MoveKind::Castle { rook_from, .. } = mv.intent.kind {
            s.variant &= !flag_bit(us, g.file(rook_from));
        }
        let them = us.opposite();
        let their_first = g.rows() - 1 - first;
        if g.rank(mv.intent.to) == their_first {
            s.variant &= !flag_bit(them, g.file(mv.intent.to));
        }
        undo
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.inner.position_problems(pos, offset_of, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, legal, notation, validate};

    #[test]
    fn a_first_move_from_the_back_rank_may_gate_and_the_fen_follows() {
        let s = Schess::new();
        let mut pos = s.start_position_for_test();
        let mut list = MoveList::new();
        legal::legal_moves(&s, &mut pos, &mut list);
        let mut knight: Vec<String> = list
            .iter()
            .filter(|m| m.intent.from == s.geometry().parse_square("b1").unwrap())
            .map(|m| notation::coordinate(&s, m))
            .collect();
        knight.sort();
        assert_eq!(knight, ["b1a3", "b1a3e", "b1a3h", "b1c3", "b1c3e", "b1c3h"]);
        let gate = *list
            .iter()
            .find(|m| notation::coordinate(&s, m) == "b1c3e")
            .unwrap();
        s.play(&mut pos, &gate);
        assert_eq!(
            fen::vchess_fen(&s, &pos),
            "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/REBQKBNR b 1 ahah1011111111111111 - 1011"
        );
    }

    impl Schess {
        fn start_position_for_test(&self) -> Position {
            validate::position_from_fen(self, self.start_fen()).unwrap()
        }
    }
}
