//! Hidden (Strate-Go chess, John Kipling Lewis): each side's pieces stand
//! on its two first ranks in an order the opponent does not know, and stay
//! hidden until they capture. No check, no castling, no en passant; a pawn
//! may double-step from its first or second rank; the game is won by
//! taking the king.
//!
//! Hidden information is part of the position: a hidden piece is its own
//! letter, as vchess writes it (`s t u c o l` for a hidden pawn, queen,
//! rook, bishop, knight, king), a revealed one chess's. A capture reveals
//! the capturer; a hidden pawn's promotion without a capture is a hidden
//! piece. The FEN is `board turn moves` (no flags, no en passant). vchess
//! deals each game a random placement; fenpress's start is the page's
//! "possible starting position", hidden.

use crate::color::Color;
use crate::moves::{Effect, Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chesslike::{ChessLike, Royalty};
use crate::variants::forward::forward_rules;

/// Each kind and its hidden self, as vchess spells them.
/// The hidden kind of a kind (vchess's second letter).
pub fn hidden(kind: Kind) -> Option<Kind> {
    super::second_letter(kind)
}

/// The kind a hidden kind is.
pub fn revealed(kind: Kind) -> Option<Kind> {
    super::first_letter(kind)
}

/// The page's "possible starting position", every piece hidden.
const START_FEN: &str = "tcssosus/suscslso/8/8/8/8/TCSSOSUS/SUSSLCSO w 0";

/// Hidden rules over an inner chess without castling, en passant or check.
pub struct Hidden {
    chess: ChessLike,
}

impl Default for Hidden {
    fn default() -> Self {
        Self::new()
    }
}

impl Hidden {
    pub fn new() -> Hidden {
        let chess = super::inner_chess("Hidden", START_FEN, |spec| {
            spec.castling = [false, false];
            spec.wins.royalty = Royalty::None;
            spec.fen.flags = Some(false);
            spec.fen.en_passant = Some(false);
        });
        Hidden { chess }
    }

    /// `pos` with every piece revealed: the position chess moves are
    /// worked out in.
    fn revealed_position(&self, pos: &Position) -> Position {
        let mut plain = pos.clone();
        for sq in self.geometry().squares() {
            for p in pos.board.cell(sq).pieces() {
                if let Some(k) = revealed(p.kind) {
                    plain.board.remove(sq, p.color);
                    plain.board.put(sq, Piece::new(p.color, k));
                }
            }
        }
        plain
    }
}

impl Rules for Hidden {
    forward_rules!(chess => geometry, fen_style, promotions);
    fn name(&self) -> &str {
        "Hidden"
    }
    fn start_fen(&self) -> &str {
        START_FEN
    }
    fn royal_kinds(&self) -> KindSet {
        let mut set = KindSet::EMPTY;
        set.insert(Kind::KING);
        set.insert(Kind(b'l'));
        set
    }
    /// A king taken is gone: `position_problems` counts the kings.
    fn royals_per_side(&self) -> Option<usize> {
        None
    }
    fn kinds(&self, color: Color) -> KindSet {
        let mut set = self.chess.kinds(color);
        for (_, h) in super::SECOND_LETTERS {
            set.insert(h);
        }
        set
    }
    fn piece_name(&self, piece: Piece) -> String {
        match revealed(piece.kind) {
            Some(k) => format!(
                "hidden {}",
                self.chess.piece_name(Piece::new(piece.color, k))
            ),
            None => self.chess.piece_name(piece),
        }
    }
    fn notation_kind(&self, kind: Kind) -> Kind {
        revealed(kind).unwrap_or(kind)
    }
    fn royal_attacked(&self, _pos: &Position, _color: Color) -> bool {
        false
    }

    /// Chess moves of the pieces as they are; a capture reveals the
    /// capturer, a hidden piece that does not capture stays hidden (a
    /// hidden pawn promotes to a hidden piece).
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        let plain = self.revealed_position(pos);
        let mut moves = MoveList::new();
        self.chess.pseudo_legal_moves(&plain, &mut moves);
        for mut mv in moves.iter().copied() {
            let mut effect = Effect::default();
            let mut captures = false;
            let mut was_hidden = false;
            for v in mv.effect.vanish.as_slice() {
                let real = pos
                    .board
                    .cell(v.square)
                    .piece(v.piece.color)
                    .unwrap_or(v.piece);
                captures |= real.color != us;
                was_hidden |= real.color == us && revealed(real.kind).is_some();
                effect.vanish.push(v.square, real);
            }
            for a in mv.effect.appear.as_slice() {
                let kind = match hidden(a.piece.kind) {
                    Some(h) if was_hidden && !captures && a.piece.color == us => h,
                    _ => a.piece.kind,
                };
                effect
                    .appear
                    .push(a.square, Piece::new(a.piece.color, kind));
            }
            mv.effect = effect;
            out.push(mv);
        }
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = pos.apply(mv);
        pos.state.en_passant = None;
        undo
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        pos.unapply(mv, undo)
    }

    /// "The game is won by capturing the opposing King."
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        super::king_captured(pos)
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        let plain = self.revealed_position(pos);
        let mut found = Vec::new();
        self.chess.position_problems(&plain, offset_of, &mut found);
        // A pawn stands on its first rank at the start (it may even
        // double-step from there); on its last it would have promoted.
        let g = self.geometry();
        found.retain(|p| match p {
            Problem::PawnOnBackRank { square, .. } => g.parse_square(square).is_none_or(|sq| {
                !Color::ALL.into_iter().any(|c| {
                    plain.board.cell(sq).kind(c) == Some(Kind::PAWN) && g.relative_rank(sq, c) == 0
                })
            }),
            _ => true,
        });
        out.extend(found);
        super::kings_problems(pos, offset_of, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_kinds_pair_up() {
        for (k, h) in super::super::SECOND_LETTERS {
            assert_eq!(hidden(k), Some(h));
            assert_eq!(revealed(h), Some(k));
        }
    }
}
