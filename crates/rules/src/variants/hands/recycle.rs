//! Recycle chess: orthodox chess where a player may also take one of its
//! own pieces (not the king), which goes to its own hand and may be
//! dropped, instead of a move, on any empty square (a pawn not on the first
//! or last rank). Enemy pieces taken are gone. A pawn that reaches the last
//! rank leaves the board: no promotion.
//!
//! vchess FEN: `board turn plies flags ep reserve`, the reserve ten digits
//! as in Crazyhouse (White's pawn, rook, knight, bishop, queen, then
//! Black's).

use crate::color::Color;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, Undo};
use crate::rules::Rules;
use crate::square::Square;
use crate::variants::chess;
use crate::variants::chesslike::ChessLike;
use crate::variants::forward::{forward_rules, reserve_fields};

use super::drops;

const HAND: [Kind; 5] = super::drops::CHESS_HAND;

const RESERVE: [(Color, Kind); 10] = super::drops::CHESS_RESERVE;

/// Recycle rules: [`ChessLike`] chess, self-captures, drops.
pub struct Recycle {
    chess: ChessLike,
}

impl Default for Recycle {
    fn default() -> Self {
        Self::new()
    }
}

impl Recycle {
    pub fn new() -> Recycle {
        let mut spec = chess::spec();
        spec.name = "Recycle".into();
        spec.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - 0000000000".into();
        // A pawn reaching the last rank "promotes" to itself; the move is
        // then rewritten so that it leaves the board.
        spec.promotions = [vec![Kind::PAWN], vec![Kind::PAWN]];
        Recycle {
            chess: ChessLike::new(spec).expect("the Recycle spec compiles"),
        }
    }

    /// A pawn move to the last rank: the pawn falls off the board.
    fn fall(mv: &mut Move) {
        if mv.intent.promotion.take().is_some() {
            mv.effect.appear = Default::default();
        }
    }

    /// Captures of the mover's own pieces: for each own piece (not a king)
    /// that one of its pieces attacks, the capture moves generated as if an
    /// enemy piece stood there, turned back into self-captures.
    fn self_captures(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        let g = self.geometry();
        let mut probe = pos.clone();
        let mut buf = MoveList::new();
        for sq in g.squares() {
            let Some(own) = pos.board.cell(sq).piece(us) else {
                continue;
            };
            if self.chess.royal_kinds().contains(own.kind)
                || !self.chess.square_attacked(pos, sq, us)
            {
                continue;
            }
            probe
                .board
                .set_cell(sq, crate::Cell::of(Piece::new(us.opposite(), own.kind)));
            buf.clear();
            self.chess.pseudo_legal_moves(&probe, &mut buf);
            for mv in &buf {
                if !mv.intent.capture
                    || mv.intent.to != sq
                    || !mv.effect.vanish.as_slice().iter().any(|v| v.square == sq)
                {
                    continue;
                }
                let mut m = *mv;
                let mut vanish = crate::moves::Placements::default();
                for v in mv.effect.vanish.as_slice() {
                    let piece = if v.square == sq { own } else { v.piece };
                    vanish.push(v.square, piece);
                }
                m.effect.vanish = vanish;
                Recycle::fall(&mut m);
                out.push(m);
            }
            probe.board.set_cell(sq, crate::Cell::of(own));
        }
    }
}

impl Rules for Recycle {
    fn name(&self) -> &str {
        "Recycle"
    }
    forward_rules!(chess => geometry, start_fen, kinds, royal_kinds, piece_name, fen_style,
        royal_attacked, position_problems);
    reserve_fields!(RESERVE);
    fn hand_kinds(&self, _color: Color) -> KindSet {
        HAND.into_iter().collect()
    }
    fn drop_restriction(&self, _pos: &Position, piece: Piece, to: Square) -> Option<String> {
        drops::pawn_rank_restriction(self.geometry(), &[Kind::PAWN], piece, to, true)
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        self.chess.pseudo_legal_moves(pos, out);
        for mv in &mut out[start..] {
            Recycle::fall(mv);
        }
        self.self_captures(pos, out);
        drops::push_drops(
            self.geometry(),
            pos,
            &HAND,
            |p, sq| self.drop_restriction(pos, p, sq).is_none(),
            out,
        );
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = self.chess.play(pos, mv);
        // Only the mover's own pieces it took go to its hand (castling's
        // rook does not count).
        if matches!(mv.intent.kind, crate::MoveKind::Castle { .. }) {
            return undo;
        }
        let mover = mv.color();
        for v in mv.effect.vanish.as_slice() {
            if v.piece.color == mover && v.square == mv.intent.to && HAND.contains(&v.piece.kind) {
                pos.state.hands.add(mover, v.piece.kind);
            }
        }
        undo
    }
}
