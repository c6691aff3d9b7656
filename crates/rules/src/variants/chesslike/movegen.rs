//! Move generation: each piece's rays, pawns (double step, en passant,
//! promotion), and the fast attack test used for check.

use super::compile::{CompiledPiece, NONE};
use super::ChessLike;
use crate::color::Color;
use crate::geometry::NO_SQUARE;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::square::Square;

impl ChessLike {
    #[inline(always)]
    pub(super) fn piece_def(&self, color: Color, kind: Kind) -> Option<&CompiledPiece> {
        let i = self.index[color.index()][kind.0 as usize & 127];
        (i != NONE).then(|| &self.pieces[i as usize])
    }

    /// Whether `target` is attacked by a piece of `by` (would be captured if
    /// an enemy piece stood there).
    #[inline]
    pub fn square_attacked(&self, pos: &Position, target: Square, by: Color) -> bool {
        let g = &self.geometry;
        let board = &pos.board;
        for ray in &self.attack[by.index()] {
            let mut t = g.step_raw(target.0, ray.dir);
            if t == NO_SQUARE {
                continue;
            }
            let cell = board.cell_raw(t);
            if !cell.is_empty() {
                if let Some(k) = cell.kind(by) {
                    if ray.near.contains(k) {
                        return true;
                    }
                }
                continue;
            }
            if ray.far.is_empty() {
                continue;
            }
            loop {
                t = g.step_raw(t, ray.dir);
                if t == NO_SQUARE {
                    break;
                }
                let cell = board.cell_raw(t);
                if !cell.is_empty() {
                    if let Some(k) = cell.kind(by) {
                        if ray.far.contains(k) {
                            return true;
                        }
                    }
                    break;
                }
            }
        }
        for &(dir, range, kinds) in &self.attack_limited[by.index()] {
            let mut t = target.0;
            for _ in 0..range {
                t = g.step_raw(t, dir);
                if t == NO_SQUARE {
                    break;
                }
                let cell = board.cell_raw(t);
                if !cell.is_empty() {
                    if matches!(cell.kind(by), Some(k) if kinds.contains(k)) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    fn push_pawn(
        &self,
        from: Square,
        to: Square,
        piece: Piece,
        captured: Option<Piece>,
        out: &mut MoveList,
    ) {
        // No promotion pieces: the pawn stays a pawn (Rugby, Discoduel).
        let promotions = &self.spec.promotions[piece.color.index()];
        if !promotions.is_empty()
            && self.geometry.relative_rank(to, piece.color) == self.geometry.rows() - 1
        {
            for &k in promotions {
                out.push(Move::simple(from, to, piece, captured, Some(k)));
            }
        } else {
            out.push(Move::simple(from, to, piece, captured, None));
        }
    }

    fn pawn_moves(
        &self,
        pos: &Position,
        from: Square,
        piece: Piece,
        def: &CompiledPiece,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        let us = piece.color;
        let them = us.opposite();
        for ray in &def.quiet {
            // A pawn on its first rank (Horde) may double-step too, as in vchess.
            let t = g.step_raw(from.0, ray.dir);
            if t == NO_SQUARE || !pos.board.cell_raw(t).is_empty() {
                continue;
            }
            self.push_pawn(from, Square(t), piece, None, out);
            if self.spec.double_step[us.index()] && g.relative_rank(from, us) <= 1 {
                let t2 = g.step_raw(t, ray.dir);
                if t2 != NO_SQUARE && pos.board.cell_raw(t2).is_empty() {
                    let mut mv = Move::simple(from, Square(t2), piece, None, None);
                    mv.intent.kind = MoveKind::DoubleStep;
                    out.push(mv);
                }
            }
        }
        for ray in def.capture.iter().chain(&def.both) {
            let t = g.step_raw(from.0, ray.dir);
            if t == NO_SQUARE {
                continue;
            }
            let cell = pos.board.cell_raw(t);
            if let (Some(k), false) = (cell.kind(them), cell.has(us)) {
                self.push_pawn(from, Square(t), piece, Some(Piece::new(them, k)), out);
            } else if cell.is_empty() && pos.state.en_passant == Some(Square(t)) {
                // The pawn that double-stepped stands beside `from`, on the
                // en-passant square's file.
                let Some(victim_sq) = g.square(g.file(Square(t)), g.rank(from)) else {
                    continue;
                };
                let Some(victim) = pos.board.cell(victim_sq).piece(them) else {
                    continue;
                };
                let mut mv = Move::simple(from, Square(t), piece, None, None);
                mv.effect.vanish.push(victim_sq, victim);
                mv.intent.capture = true;
                mv.intent.kind = MoveKind::EnPassant;
                out.push(mv);
            }
        }
    }

    /// Every pseudo-legal move of the side to move (the `Rules` method).
    pub(super) fn generate(&self, pos: &Position, out: &mut MoveList) {
        let g = &self.geometry;
        let us = pos.turn();
        let them = us.opposite();
        for s in 0..g.size() as u16 {
            let cell = pos.board.cell_raw(s);
            let Some(kind) = cell.kind(us) else { continue };
            let Some(def) = self.piece_def(us, kind) else {
                continue;
            };
            let from = Square(s);
            let piece = Piece::new(us, kind);
            if def.pawn {
                self.pawn_moves(pos, from, piece, def, out);
                continue;
            }
            for (rays, quiet, capture) in [
                (&def.both, true, true),
                (&def.quiet, true, false),
                (&def.capture, false, true),
            ] {
                for ray in rays {
                    let mut t = s;
                    let mut n = 0;
                    loop {
                        t = g.step_raw(t, ray.dir);
                        if t == NO_SQUARE {
                            break;
                        }
                        let target = pos.board.cell_raw(t);
                        if target.is_empty() {
                            if quiet {
                                out.push(Move::simple(from, Square(t), piece, None, None));
                            }
                        } else {
                            if capture && !target.has(us) {
                                if let Some(k) = target.kind(them) {
                                    let victim = Some(Piece::new(them, k));
                                    out.push(Move::simple(from, Square(t), piece, victim, None));
                                }
                            }
                            break;
                        }
                        n += 1;
                        if n == ray.range {
                            break;
                        }
                    }
                }
            }
        }
    }
}
