//! Dark chess (Jens Baek Nielsen): "you only see what your pieces can
//! reach". Orthodox moves, but no check: a king may stand attacked, and
//! castling minds no attack; the game is won by taking the king ("no
//! checks, no stalemate").
//!
//! The position is the whole board, as the engine knows it. What a side
//! sees ([`Rules::visible_squares`]) is what vchess lights: the squares of
//! its pieces, the empty squares its pawns could take on, the ends of its
//! moves, and for the side to move the pawn an en-passant capture would
//! take. A diagram drawn as the fog a side sees (its shadowed squares, the
//! opponent's pieces on them left out) is checked against that.

use crate::color::Color;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::squareset::SquareSet;
use crate::validate::Problem;
use crate::variants::chesslike::{ChessLike, Royalty};
use crate::variants::forward::forward_rules;

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -";

/// Dark rules over an inner chess without check.
pub struct Dark {
    chess: ChessLike,
}

impl Default for Dark {
    fn default() -> Self {
        Self::new()
    }
}

impl Dark {
    pub fn new() -> Dark {
        let chess = super::inner_chess("Dark", START_FEN, |spec| {
            spec.wins.royalty = Royalty::None;
        });
        Dark { chess }
    }
}

impl Rules for Dark {
    forward_rules!(chess => geometry, kinds, royal_kinds, piece_name, fen_style, promotions);
    fn name(&self) -> &str {
        "Dark"
    }
    fn start_fen(&self) -> &str {
        START_FEN
    }
    /// A king taken is gone: `position_problems` counts the kings.
    fn royals_per_side(&self) -> Option<usize> {
        None
    }
    fn royal_attacked(&self, _pos: &Position, _color: Color) -> bool {
        false
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        self.chess.pseudo_legal_moves(pos, out)
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        self.chess.play(pos, mv)
    }
    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        self.chess.unplay(pos, mv, undo)
    }

    /// "Win by capturing the enemy king."
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        super::king_captured(pos)
    }

    /// What vchess lights for `viewer`: its pieces' squares, the empty
    /// squares its pawns take on, the ends of its moves; for the side to
    /// move, the pawn its en-passant capture would take.
    fn visible_squares(&self, pos: &Position, viewer: Color) -> Option<SquareSet> {
        let g = self.geometry();
        let mut seen = SquareSet::EMPTY;
        let forward = if viewer == Color::White { 1 } else { -1 };
        for sq in g.squares() {
            let Some(p) = pos.board.cell(sq).piece(viewer) else {
                continue;
            };
            seen.insert(sq);
            if p.kind == Kind::PAWN {
                for df in [-1, 1] {
                    if let Some(t) = g.offset(sq, df, forward) {
                        if pos.board.cell(t).is_empty() {
                            seen.insert(t);
                        }
                    }
                }
            }
        }
        let mut theirs = pos.clone();
        theirs.state.turn = viewer;
        if viewer != pos.turn() {
            theirs.state.en_passant = None;
        }
        let mut moves = MoveList::new();
        self.chess.pseudo_legal_moves(&theirs, &mut moves);
        for mv in moves.iter() {
            seen.insert(mv.intent.to);
            // An en-passant capture: its pawn, beside the end square.
            if viewer == pos.turn() && mv.intent.kind == crate::moves::MoveKind::EnPassant {
                for v in mv.effect.vanish.as_slice() {
                    if v.piece != Piece::new(viewer, Kind::PAWN) {
                        seen.insert(v.square);
                    }
                }
            }
        }
        Some(seen)
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.chess.position_problems(pos, offset_of, out);
        // One king missing is a king taken: the game is over; none at all,
        // or two, is a mistake.
        super::kings_problems(pos, offset_of, out);
    }
}
