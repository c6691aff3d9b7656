//! Hiddenqueen (Etienne Orieux): one pawn of each side is a queen in
//! disguise (`t`, `T`, as vchess writes it). She moves as a pawn and stays
//! hidden (a pawn's promotion makes her a queen, the only choice), or as a
//! queen, by a move no pawn could make, and is a queen (`q`) from then on.
//! To the opponent she is a pawn: she attacks as a pawn, so "the hidden
//! queen cannot give check", but she may take the king along a queen's
//! line, which ends the game. Otherwise orthodox chess.
//!
//! Hidden information is part of the position: a diagram shows the hidden
//! queens where the page's author put them. The FEN is chess's, `board
//! turn moves flags en-passant`; a hidden queen's double step, as a pawn,
//! gives an en-passant square and she may be taken en passant.

use crate::color::Color;
use crate::moves::{Effect, Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chesslike::ChessLike;
use crate::variants::forward::forward_rules;

/// The hidden queen.
pub const HIDDEN_QUEEN: Kind = Kind(b't');

/// Hiddenqueen rules over an inner chess.
pub struct Hiddenqueen {
    chess: ChessLike,
}

impl Default for Hiddenqueen {
    fn default() -> Self {
        Self::new()
    }
}

/// vchess's start string (its deterministic one: each side's hidden queen
/// is placed at random in a game).
const START_FEN: &str = "rnbqkbnr/pppppppt/8/8/8/8/PPPTPPPP/RNBQKBNR w 0 ahah -";

impl Hiddenqueen {
    pub fn new() -> Hiddenqueen {
        let chess = super::inner_chess("Hiddenqueen", START_FEN, |_| {});
        Hiddenqueen { chess }
    }

    /// `pos` with every hidden queen shown as a pawn, and the one on
    /// `queen` (if any) as a queen: the positions chess moves and attacks
    /// are worked out in.
    fn shown(&self, pos: &Position, queen: Option<Square>) -> Position {
        let mut plain = pos.clone();
        for sq in self.geometry().squares() {
            for p in pos.board.cell(sq).pieces() {
                if p.kind == HIDDEN_QUEEN {
                    let k = if Some(sq) == queen {
                        Kind::QUEEN
                    } else {
                        Kind::PAWN
                    };
                    plain.board.remove(sq, p.color);
                    plain.board.put(sq, Piece::new(p.color, k));
                }
            }
        }
        plain
    }

    /// The pieces a move of the shown position takes and moves, as they
    /// are on the real board.
    fn real_vanish(pos: &Position, mv: &Move) -> Effect {
        let mut effect = Effect::default();
        for v in mv.effect.vanish.as_slice() {
            let real = pos
                .board
                .cell(v.square)
                .piece(v.piece.color)
                .unwrap_or(v.piece);
            effect.vanish.push(v.square, real);
        }
        effect
    }

    /// Whether a queen's move from `from` to `to` is one a pawn of `color`
    /// could make there (vchess's test): one step forward to an empty
    /// square, a diagonal step forward onto a piece, or two steps forward
    /// from the pawns' rank to an empty square.
    fn pawn_like(&self, pos: &Position, color: Color, from: Square, to: Square) -> bool {
        let g = self.geometry();
        let dir: i32 = if color == Color::White { 1 } else { -1 };
        let df = g.file(to) as i32 - g.file(from) as i32;
        let dr = g.rank(to) as i32 - g.rank(from) as i32;
        let empty = pos.board.cell(to).is_empty();
        let step = match df.abs() {
            0 => empty,
            1 => !empty,
            _ => false,
        };
        (dr == dir && step)
            || (dr == 2 * dir && df == 0 && empty && g.relative_rank(from, color) == 1)
    }
}

impl Rules for Hiddenqueen {
    forward_rules!(chess => geometry, royal_kinds, fen_style, promotions);
    fn name(&self) -> &str {
        "Hiddenqueen"
    }
    fn start_fen(&self) -> &str {
        START_FEN
    }
    /// A king taken is gone: `position_problems` counts the kings.
    fn royals_per_side(&self) -> Option<usize> {
        None
    }
    fn kinds(&self, color: Color) -> KindSet {
        let mut set = self.chess.kinds(color);
        set.insert(HIDDEN_QUEEN);
        set
    }
    fn piece_name(&self, piece: Piece) -> String {
        if piece.kind == HIDDEN_QUEEN {
            let queen = self.chess.piece_name(Piece::new(piece.color, Kind::QUEEN));
            return format!("hidden {queen}");
        }
        self.chess.piece_name(piece)
    }
    /// A hidden queen moving as a pawn is written as a pawn ("do not
    /// reveal hidden queens playing as pawns").
    fn notation_kind(&self, kind: Kind) -> Kind {
        if kind == HIDDEN_QUEEN {
            Kind::PAWN
        } else {
            kind
        }
    }

    /// vchess places each side's hidden queen on one of its pawns' squares
    /// at random: the 64 placements, the usual start among them.
    fn dealt_starts(&self) -> Vec<Position> {
        let Ok(start) = crate::validate::position_from_fen(self, START_FEN) else {
            return Vec::new();
        };
        let g = self.geometry();
        let rank_of = |c: Color| if c == Color::White { 1 } else { g.rows() - 2 };
        let mut out = Vec::new();
        for wf in 0..g.cols() {
            for bf in 0..g.cols() {
                let mut p = start.clone();
                for (color, file) in [(Color::White, wf), (Color::Black, bf)] {
                    for f in 0..g.cols() {
                        let Some(sq) = g.square(f, rank_of(color)) else {
                            continue;
                        };
                        let kind = if f == file { HIDDEN_QUEEN } else { Kind::PAWN };
                        p.board.remove(sq, color);
                        p.board.put(sq, Piece::new(color, kind));
                    }
                }
                out.push(p);
            }
        }
        out
    }

    /// Attacks as the opponent sees them: a hidden queen attacks as a pawn.
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        !pos.board.royals(color).is_empty()
            && self.chess.royal_attacked(&self.shown(pos, None), color)
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        let plain = self.shown(pos, None);
        let mut moves = MoveList::new();
        self.chess.pseudo_legal_moves(&plain, &mut moves);
        for mv in moves.iter().copied() {
            let hidden =
                pos.board.cell(mv.intent.from).piece(us) == Some(Piece::new(us, HIDDEN_QUEEN));
            // A hidden queen's promotion is to a queen only.
            if hidden && mv.intent.promotion.is_some_and(|k| k != Kind::QUEEN) {
                continue;
            }
            let mut effect = Self::real_vanish(pos, &mv);
            for a in mv.effect.appear.as_slice() {
                let p = if hidden && a.square == mv.intent.to && a.piece.kind == Kind::PAWN {
                    Piece::new(us, HIDDEN_QUEEN)
                } else {
                    a.piece
                };
                effect.appear.push(a.square, p);
            }
            let mut mv = mv;
            mv.effect = effect;
            out.push(mv);
        }
        // Each hidden queen's queen moves that no pawn could make: she is
        // revealed.
        for from in self.geometry().squares() {
            if pos.board.cell(from).piece(us) != Some(Piece::new(us, HIDDEN_QUEEN)) {
                continue;
            }
            let queen = self.shown(pos, Some(from));
            let mut moves = MoveList::new();
            self.chess.pseudo_legal_moves(&queen, &mut moves);
            for mv in moves.iter().copied() {
                if mv.intent.from != from || self.pawn_like(pos, us, from, mv.intent.to) {
                    continue;
                }
                let mut mv = mv;
                mv.effect = Self::real_vanish(pos, &mv);
                mv.effect
                    .appear
                    .push(mv.intent.to, Piece::new(us, Kind::QUEEN));
                out.push(mv);
            }
        }
    }

    /// The hidden queen's moves are the inner chess's moves of a pawn or a
    /// queen: its play (en passant, castling rights) with the pieces as
    /// they look, then the real pieces put where they arrive.
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let look = |p: Piece| {
            if p.kind == HIDDEN_QUEEN {
                Piece::new(p.color, Kind::PAWN)
            } else {
                p
            }
        };
        let mut plain = *mv;
        let mut effect = Effect::default();
        for v in mv.effect.vanish.as_slice() {
            effect.vanish.push(v.square, look(v.piece));
        }
        for a in mv.effect.appear.as_slice() {
            effect.appear.push(a.square, look(a.piece));
        }
        plain.effect = effect;
        let undo = self.chess.play(pos, &plain);
        for a in mv.effect.appear.as_slice() {
            pos.board.remove(a.square, a.piece.color);
            pos.board.put(a.square, a.piece);
        }
        undo
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        self.chess.unplay(pos, mv, undo)
    }

    /// "This capture ends the game": a side whose king is taken has lost.
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        super::king_captured(pos)
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.chess
            .position_problems(&self.shown(pos, None), offset_of, out);
        // One king missing is a king taken: the game is over. No king at
        // all, or two, is a mistake.
        super::kings_problems(pos, offset_of, out);
    }
}
