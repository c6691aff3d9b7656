//! Parachute (Unachess II): the board starts empty and every piece is in
//! hand; each turn a player drops a piece or moves one. A drop may not give
//! check; pawns drop on their own four first ranks only, and a pawn on the
//! first rank may also jump two squares. Until its king has landed a side
//! cannot capture, so it can neither give check nor be in check.
//!
//! vchess FEN: `board turn plies ep reserve`, the reserve twelve digits
//! (White's pawn, rook, knight, bishop, queen, king, then Black's).

use crate::color::Color;
use crate::fen::{self, Field};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State};
use crate::rules::Rules;
use crate::square::Square;
use crate::validate::{self, Problem};
use crate::variants::chess;
use crate::variants::chesslike::ChessLike;
use crate::variants::forward::forward_rules;

const HAND: [Kind; 6] = Kind::CHESS;

const RESERVE: [(Color, Kind); 12] = [
    (Color::White, Kind::PAWN),
    (Color::White, Kind::ROOK),
    (Color::White, Kind::KNIGHT),
    (Color::White, Kind::BISHOP),
    (Color::White, Kind::QUEEN),
    (Color::White, Kind::KING),
    (Color::Black, Kind::PAWN),
    (Color::Black, Kind::ROOK),
    (Color::Black, Kind::KNIGHT),
    (Color::Black, Kind::BISHOP),
    (Color::Black, Kind::QUEEN),
    (Color::Black, Kind::KING),
];

/// Parachute rules.
pub struct Parachute {
    chess: ChessLike,
}

impl Default for Parachute {
    fn default() -> Self {
        Self::new()
    }
}

impl Parachute {
    pub fn new() -> Parachute {
        let mut spec = chess::spec();
        spec.name = "Parachute".into();
        spec.start_fen = "8/8/8/8/8/8/8/8 w 0 - 822211822211".into();
        spec.castling = [false, false];
        // A pawn dropped on its first rank steps one square at a time.
        spec.pawn.min_rank = [1, 1];
        Parachute {
            chess: ChessLike::new(spec).expect("the Parachute spec compiles"),
        }
    }

    /// Whether `color` has landed its king (and so may capture).
    fn landed(pos: &Position, color: Color) -> bool {
        !pos.board.royals(color).is_empty()
    }

    /// A pawn on its first rank jumps two squares (the second rank's jump
    /// comes from the chess rules).
    fn first_rank_jumps(&self, pos: &Position, out: &mut MoveList) {
        let g = self.geometry();
        let us = pos.turn();
        let dr = if us == Color::White { 1 } else { -1 };
        for sq in g.squares() {
            let Some(p) = pos.board.cell(sq).piece(us) else {
                continue;
            };
            if p.kind != Kind::PAWN || g.relative_rank(sq, us) != 0 {
                continue;
            }
            let (Some(a), Some(b)) = (g.offset(sq, 0, dr), g.offset(sq, 0, 2 * dr)) else {
                continue;
            };
            if pos.board.cell(a).is_empty() && pos.board.cell(b).is_empty() {
                let mut mv = Move::simple(sq, b, p, None, None);
                mv.intent.kind = MoveKind::DoubleStep;
                out.push(mv);
            }
        }
    }

    /// Why `piece` may not land on `to` (the same tests as generation).
    fn drop_reason(&self, pos: &Position, piece: Piece, to: Square) -> Option<String> {
        let g = self.geometry();
        if piece.kind == Kind::PAWN && g.relative_rank(to, piece.color) > 3 {
            return Some("a pawn may only be dropped on its own four first ranks".into());
        }
        let mut probe = pos.clone();
        probe.board.put(to, piece);
        if self.royal_attacked(&probe, piece.color.opposite()) {
            return Some("a dropped piece may not give check".into());
        }
        None
    }
}

impl Rules for Parachute {
    fn name(&self) -> &str {
        "Parachute"
    }
    forward_rules!(chess => geometry, start_fen, kinds, royal_kinds, piece_name, fen_style, play, promotions);
    fn royals_per_side(&self) -> Option<usize> {
        // A king may still be in hand.
        None
    }
    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        if let Some(f) = fields.first() {
            validate::read_reserve_digits(f, &RESERVE, state, problems);
        }
        if let Some(extra) = fields.get(1) {
            problems.push(Problem::BadField {
                field: "after the reserve",
                text: extra.text.clone(),
                offset: extra.offset,
            });
        }
    }
    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        (
            String::new(),
            format!(" {}", fen::reserve_digits(pos, &RESERVE)),
        )
    }
    fn hand_kinds(&self, _color: Color) -> KindSet {
        HAND.into_iter().collect()
    }
    fn drop_restriction(&self, pos: &Position, piece: Piece, to: Square) -> Option<String> {
        self.drop_reason(pos, piece, to)
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        self.chess.pseudo_legal_moves(pos, out);
        self.first_rank_jumps(pos, out);
        if !Parachute::landed(pos, pos.turn()) {
            let mut kept = start;
            for i in start..out.len() {
                if !out[i].intent.capture {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
        // One probe for every drop: put the piece, ask, take it back.
        let us = pos.turn();
        let them = us.opposite();
        let g = self.geometry();
        let mut probe = pos.clone();
        for kind in HAND {
            if pos.state.hands.count(us, kind) == 0 {
                continue;
            }
            let piece = Piece::new(us, kind);
            for sq in g.squares() {
                if !pos.board.cell(sq).is_empty()
                    || (kind == Kind::PAWN && g.relative_rank(sq, us) > 3)
                {
                    continue;
                }
                probe.board.put(sq, piece);
                let check = self.royal_attacked(&probe, them);
                probe.board.remove(sq, us);
                if !check {
                    out.push(Move::drop(sq, piece));
                }
            }
        }
    }
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        // A side whose king has not landed cannot capture.
        Parachute::landed(pos, color.opposite()) && self.chess.royal_attacked(pos, color)
    }
    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        // Pawns may stand on their first rank here, never on the last.
        let g = self.geometry();
        for (sq, p) in pos.board.pieces() {
            if p.kind == Kind::PAWN && g.relative_rank(sq, p.color) == g.rows() - 1 {
                out.push(Problem::PawnOnBackRank {
                    piece: p.letter(),
                    square: g.square_name(sq),
                    offset: offset_of(sq),
                });
            }
        }
        for color in Color::ALL {
            let n =
                pos.board.royals(color).len() + pos.state.hands.count(color, Kind::KING) as usize;
            if n > 1 {
                out.push(Problem::TooManyRoyals {
                    color,
                    count: n,
                    expected: 1,
                    offset: 0,
                });
            }
        }
    }
}
