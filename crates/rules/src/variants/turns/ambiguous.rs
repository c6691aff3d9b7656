//! Ambiguous (Fabrice Liardet): a turn is two parts, each a ply as vchess
//! counts them. First the side to move executes, with one of the
//! opponent's pieces, a move to the square the opponent marked; then it
//! marks a square for the opponent by naming one of its own moves (the
//! piece is not told, only the square). White's very first turn is a mark
//! alone, and a part that takes a king ends the game. No check, no
//! castling; kings are captured.
//!
//! The mark stands on the board, as the page draws it: an empty square's
//! mark is a discus (`g`), a marked piece is drawn as itself with a target
//! (`s t u o c l` for pawn, queen, rook, knight, bishop, king), both in the
//! colour of the side that executes. Which part comes next the board says:
//! a mark on it means an execution, none a marking, so the FEN (vchess's
//! `board turn moves en-passant`) needs no field for it.
//!
//! A mark named by an en-passant capture marks the empty square the pawn
//! would land on (a discus): the page's "a colored discus for an empty
//! square"; the capture is one of the moves the opponent may then execute
//! there (vchess takes the passed pawn off at once: deviation
//! `ambiguous-en-passant-mark`).

use crate::color::Color;
use crate::moves::{Effect, Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chesslike::{ChessLike, Royalty};
use crate::variants::forward::forward_rules;

/// The mark on an empty square.
pub const GOAL: Kind = Kind(b'g');

/// The marked kind of a piece kind (vchess's second letter).
pub fn marked(kind: Kind) -> Option<Kind> {
    super::second_letter(kind)
}

/// The piece kind a marked kind stands for.
pub fn unmarked(kind: Kind) -> Option<Kind> {
    super::first_letter(kind)
}

/// Whether `kind` is a mark (the discus or a marked piece).
pub fn is_mark(kind: Kind) -> bool {
    kind == GOAL || unmarked(kind).is_some()
}

/// Ambiguous rules over an inner chess without castling or check.
pub struct Ambiguous {
    chess: ChessLike,
}

impl Default for Ambiguous {
    fn default() -> Self {
        Self::new()
    }
}

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 -";

impl Ambiguous {
    pub fn new() -> Ambiguous {
        let chess = super::inner_chess("Ambiguous", START_FEN, |spec| {
            // "No check or checkmate, one wins by capturing the opponent's
            // king. There is no castling."
            spec.castling = [false, false];
            spec.wins.royalty = Royalty::None;
            spec.fen.flags = Some(false);
            spec.fen.en_passant = Some(true);
        });
        Ambiguous { chess }
    }

    /// The mark on the board: its square and piece.
    pub fn mark(&self, pos: &Position) -> Option<(Square, Piece)> {
        self.geometry().squares().find_map(|sq| {
            pos.board
                .cell(sq)
                .pieces()
                .find(|p| is_mark(p.kind))
                .map(|p| (sq, p))
        })
    }

    /// How many kings `color` has, marked or not.
    fn kings(&self, pos: &Position, color: Color) -> usize {
        self.geometry()
            .squares()
            .filter(|sq| {
                pos.board
                    .cell(*sq)
                    .piece(color)
                    .is_some_and(|p| p.kind == Kind::KING || Some(Kind::KING) == unmarked(p.kind))
            })
            .count()
    }

    /// The executions: the opponent's moves to the marked square `target`,
    /// played by the side to move.
    fn executions(&self, pos: &Position, target: Square, mark: Piece, out: &mut MoveList) {
        let us = pos.turn();
        // A mark of the other colour is no execution of the side to move's
        // (the validator refuses it).
        if mark.color != us {
            return;
        }
        let mut theirs = pos.clone();
        theirs.state.turn = us.opposite();
        theirs.board.remove(target, mark.color);
        let real = unmarked(mark.kind).map(|k| Piece::new(mark.color, k));
        if let Some(p) = real {
            theirs.board.put(target, p);
        }
        let mut moves = MoveList::new();
        self.chess.pseudo_legal_moves(&theirs, &mut moves);
        for mut mv in moves.iter().copied() {
            if mv.intent.to != target {
                continue;
            }
            let mut effect = Effect::default();
            let mut king_taken = false;
            for v in mv.effect.vanish.as_slice() {
                if v.square == target && Some(v.piece) == real {
                    effect.vanish.push(v.square, mark);
                    king_taken |= v.piece.kind == Kind::KING;
                } else {
                    effect.vanish.push(v.square, v.piece);
                }
            }
            if real.is_none() {
                effect.vanish.push(target, mark);
            }
            effect.appear = mv.effect.appear;
            mv.effect = effect;
            // The mark follows, unless a king was taken.
            mv.intent.continues = !king_taken;
            out.push(mv);
        }
    }

    /// The marks: the side to move's own moves, each leaving its mark on
    /// the end square in the opponent's colour; one mark per square a
    /// promotion reaches (the piece is chosen at the execution).
    fn marks(&self, pos: &Position, out: &mut MoveList) {
        let them = pos.turn().opposite();
        let mut moves = MoveList::new();
        self.chess.pseudo_legal_moves(pos, &mut moves);
        let start = out.len();
        for mut mv in moves.iter().copied() {
            let (from, to) = (mv.intent.from, mv.intent.to);
            if mv.intent.promotion.is_some()
                && out[start..]
                    .iter()
                    .any(|m| m.intent.from == from && m.intent.to == to)
            {
                continue;
            }
            let mut effect = Effect::default();
            match pos.board.cell(to).piece(them) {
                Some(p) => {
                    effect.vanish.push(to, p);
                    let k = marked(p.kind).unwrap_or(p.kind);
                    effect.appear.push(to, Piece::new(them, k));
                }
                None => effect.appear.push(to, Piece::new(them, GOAL)),
            }
            mv.effect = effect;
            mv.intent.promotion = None;
            mv.intent.kind = crate::moves::MoveKind::Normal;
            mv.intent.capture = false;
            mv.intent.continues = false;
            out.push(mv);
        }
    }
}

impl Rules for Ambiguous {
    forward_rules!(chess => geometry, royal_kinds, fen_style, promotions);
    fn name(&self) -> &str {
        "Ambiguous"
    }
    fn start_fen(&self) -> &str {
        START_FEN
    }
    fn kinds(&self, color: Color) -> KindSet {
        let mut set = self.chess.kinds(color);
        set.insert(GOAL);
        for (_, m) in super::SECOND_LETTERS {
            set.insert(m);
        }
        set
    }
    /// A marked king (`l`) is a side's king too: `position_problems` counts.
    fn royals_per_side(&self) -> Option<usize> {
        None
    }
    fn piece_name(&self, piece: Piece) -> String {
        if piece.kind == GOAL {
            return "mark".to_string();
        }
        match unmarked(piece.kind) {
            Some(k) => format!(
                "marked {}",
                self.chess.piece_name(Piece::new(piece.color, k))
            ),
            None => self.chess.piece_name(piece),
        }
    }
    // An execution onto a square the opponent marked may take one's own
    // king.
    fn own_move_may_lose(&self) -> bool {
        true
    }
    fn royal_attacked(&self, _pos: &Position, _color: Color) -> bool {
        false
    }
    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        mv.effect
            .appear
            .as_slice()
            .iter()
            .any(|a| is_mark(a.piece.kind))
            .then_some("mark")
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        match self.mark(pos) {
            Some((sq, mark)) => self.executions(pos, sq, mark, out),
            None => self.marks(pos, out),
        }
    }

    /// An execution keeps the turn and the plies (its en-passant square is
    /// the one the executed pawn passed); a mark passes the turn and keeps
    /// the execution's en-passant square, as vchess does.
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let marking = self.mark(pos).is_none();
        let ep = pos.state.en_passant;
        let undo = pos.apply(mv);
        if marking {
            pos.state.en_passant = ep;
        }
        undo
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        pos.unapply(mv, undo)
    }

    /// "One wins by capturing the opponent's king" (a marked king is still
    /// on the board).
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        Color::ALL
            .into_iter()
            .find(|c| self.kings(pos, *c) == 0)
            .map(|lost| Outcome::VariantWin {
                winner: lost.opposite(),
                reason: "king captured",
            })
    }

    /// A board-only diagram with a mark: the side in the mark's colour
    /// executes.
    fn complete_diagram(&self, pos: &mut Position) {
        if let Some((_, mark)) = self.mark(pos) {
            pos.state.turn = mark.color;
            pos.state.plies = pos.state.plies.max(1);
        }
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        let g = self.geometry();
        for color in Color::ALL {
            if self.kings(pos, color) == 0 {
                out.push(Problem::MissingRoyal { color, offset: 0 });
            }
        }
        let mut marks = 0;
        for sq in g.squares() {
            for p in pos.board.cell(sq).pieces() {
                if !is_mark(p.kind) {
                    continue;
                }
                marks += 1;
                let square = g.square_name(sq);
                let offset = offset_of(sq);
                if marks > 1 {
                    out.push(Problem::SecondMark { square, offset });
                } else if p.color != pos.turn() {
                    out.push(Problem::MarkNotToMove { square, offset });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_and_kinds_pair_up() {
        for (k, m) in super::super::SECOND_LETTERS {
            assert_eq!(marked(k), Some(m));
            assert_eq!(unmarked(m), Some(k));
            assert!(is_mark(m));
            assert!(!is_mark(k));
        }
        assert!(is_mark(GOAL));
    }
}
