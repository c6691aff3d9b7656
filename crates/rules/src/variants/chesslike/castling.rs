//! Castling: the king and a rook (vchess file flags, so Chess960 setups
//! work) and the loss of rights when either moves or the rook is taken.

use super::ChessLike;
use crate::color::Color;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Piece;
use crate::position::Position;
use crate::variants::effects::explosion::touching;

impl ChessLike {
    pub(super) fn castling_moves(&self, pos: &Position, out: &mut MoveList) {
        let them = pos.turn().opposite();
        if self.blast.is_some() {
            self.exploding_castling_moves(pos, out);
            return;
        }
        self.castling_moves_where(pos, out, &|s| self.square_attacked(pos, s, them));
    }

    /// Castling where captures explode, as Fairy-Stockfish plays it: a
    /// square touching an enemy royal cannot be taken on (the taker's
    /// royal would explode too), and the squares the king crosses are
    /// judged with the king lifted off the board (a rook behind it, which
    /// a touching royal makes harmless to the king, still sees them).
    fn exploding_castling_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        let them = us.opposite();
        let theirs = pos.board.royals(them);
        let g = &self.geometry;
        let mut lifted = pos.clone();
        for sq in pos.board.royals(us).iter() {
            lifted.board.remove(sq, us);
        }
        let touching = |s| theirs.iter().any(|t| touching(g, t, s));
        self.castling_moves_where(pos, out, &|s| {
            !touching(s) && self.square_attacked(&lifted, s, them)
        });
    }

    /// The castling moves, with the variant's own test of whether the
    /// opponent attacks a square the king stands on or crosses (Gridolina:
    /// not from the square's own cell).
    pub fn castling_moves_where(
        &self,
        pos: &Position,
        out: &mut MoveList,
        attacked: &dyn Fn(crate::Square) -> bool,
    ) {
        let us = pos.turn();
        if !self.spec.castling[us.index()] || !pos.state.castling.any(us) {
            return;
        }
        let g = &self.geometry;
        let castle = self.spec.castle_of(us);
        let own = castle.rank;
        let back = if us == Color::White {
            own
        } else {
            g.rows() - 1 - own
        };
        let royals = pos.board.royals(us);
        // With several royals (Kingsmaker's kings made by enemy pawns) the
        // one that castles is on the castling rank, wherever the others are.
        let king_sq = if self.spec.wins.many_royals {
            royals.iter().find(|&s| g.rank(s) == back)
        } else {
            royals.first()
        };
        let Some(king_sq) = king_sq else {
            return;
        };
        // Without check (Extinction) castling ignores attacks.
        let careful = self.castling_minds_checks();
        if g.rank(king_sq) != back || (careful && attacked(king_sq)) {
            return;
        }
        let Some(king) = pos.board.cell(king_sq).piece(us) else {
            return;
        };
        let king_file = g.file(king_sq);
        for side in 0..2 {
            let Some(rook_file) = pos.state.castling.rook_file(us, side) else {
                continue;
            };
            let Some(rook_sq) = g.square(rook_file, back) else {
                continue;
            };
            if pos.board.cell(rook_sq).piece(us) != Some(Piece::new(us, castle.rook)) {
                continue;
            }
            if castle.free {
                self.free_castling(pos, out, attacked, king_sq, rook_sq, side);
                continue;
            }
            let (mut king_to, mut rook_to) = if side == 0 {
                (2, 3)
            } else {
                (g.cols() - 2, g.cols() - 3)
            };
            if let Some(files) = castle.king_to {
                king_to = files[side];
            }
            if let Some(files) = castle.rook_to {
                rook_to = files[side];
            }
            let lo = king_file.min(rook_file).min(king_to).min(rook_to);
            let hi = king_file.max(rook_file).max(king_to).max(rook_to);
            let clear = (lo..=hi).all(|f| {
                f == king_file
                    || f == rook_file
                    || g.square(f, back)
                        .is_some_and(|s| pos.board.cell(s).is_empty())
            });
            if !clear {
                continue;
            }
            let (a, b) = (king_file.min(king_to), king_file.max(king_to));
            // Where captures explode, Fairy-Stockfish judges the king's
            // destination after the move (the rook beside it may block
            // the attack), as every move's; the squares before it now.
            let judged_after = |f| self.blast.is_some() && f == king_to && f != king_file;
            let safe =
                (a..=b).all(|f| judged_after(f) || g.square(f, back).is_some_and(|s| !attacked(s)));
            if careful && !safe {
                continue;
            }
            let (Some(kto), Some(rto)) = (g.square(king_to, back), g.square(rook_to, back)) else {
                continue;
            };
            let rook = Piece::new(us, castle.rook);
            let mut mv = Move::simple(king_sq, kto, king, None, None);
            mv.effect = Default::default();
            mv.effect.vanish.push(king_sq, king);
            mv.effect.vanish.push(rook_sq, rook);
            mv.effect.appear.push(kto, king);
            mv.effect.appear.push(rto, rook);
            mv.intent.kind = MoveKind::Castle {
                rook_from: rook_sq,
                rook_to: rto,
            };
            out.push(mv);
        }
    }

    /// Wildebeest's castling with the rook of `side` (0: towards the
    /// a-file): the squares between king and rook are empty; the king stops
    /// on any square on the way (not in the corner unless it started next
    /// to it), neither leaving, crossing nor reaching an attacked square,
    /// and the rook jumps to its other side (deviation
    /// wildebeest-castling-through-check: vchess lets the king cross attacks
    /// towards the a-file).
    fn free_castling(
        &self,
        pos: &Position,
        out: &mut MoveList,
        attacked: &dyn Fn(crate::Square) -> bool,
        king_sq: crate::Square,
        rook_sq: crate::Square,
        side: usize,
    ) {
        let g = &self.geometry;
        let us = pos.turn();
        let (kf, rf) = (g.file(king_sq), g.file(rook_sq));
        let back = g.rank(king_sq);
        let (lo, hi) = (kf.min(rf), kf.max(rf));
        let on_back = |f: u8| g.square(f, back);
        if !(lo + 1..hi).all(|f| on_back(f).is_some_and(|s| pos.board.cell(s).is_empty())) {
            return;
        }
        let careful = self.castling_minds_checks();
        let (Some(king), Some(rook)) = (
            pos.board.cell(king_sq).piece(us),
            pos.board.cell(rook_sq).piece(us),
        ) else {
            return;
        };
        let last = g.cols() - 1;
        for to in lo..=hi {
            let corner = (to == 0 && kf != 1) || (to == last && kf + 1 != last);
            if to == kf || corner {
                continue;
            }
            let (a, b) = (kf.min(to), kf.max(to));
            if careful && (a..=b).any(|f| on_back(f).is_some_and(attacked)) {
                continue;
            }
            let rook_to = if side == 0 { to + 1 } else { to - 1 };
            let (Some(kto), Some(rto)) = (on_back(to), on_back(rook_to)) else {
                continue;
            };
            let mut mv = Move::simple(king_sq, kto, king, None, None);
            mv.effect = Default::default();
            mv.effect.vanish.push(king_sq, king);
            mv.effect.vanish.push(rook_sq, rook);
            mv.effect.appear.push(kto, king);
            mv.effect.appear.push(rto, rook);
            mv.intent.kind = MoveKind::Castle {
                rook_from: rook_sq,
                rook_to: rto,
            };
            out.push(mv);
        }
    }

    /// Clears the castling rights a played move ends (king moved, rook
    /// moved or taken on its first rank).
    pub(super) fn update_castling(&self, pos: &mut Position, mv: &Move) {
        let castling = &mut pos.state.castling;
        if castling.0 == crate::position::Castling::NONE.0 {
            return;
        }
        let mover = mv.intent.piece;
        if self
            .piece_def(mover.color, mover.kind)
            .is_some_and(|d| d.royal)
        {
            castling.0[mover.color.index()] = [None, None];
        }
        let g = &self.geometry;
        for v in mv.effect.vanish.as_slice() {
            let c = v.piece.color;
            let castle = self.spec.castle_of(c);
            if v.piece.kind != castle.rook {
                continue;
            }
            if g.relative_rank(v.square, c) != castle.rank {
                continue;
            }
            let file = g.file(v.square);
            for slot in &mut castling.0[c.index()] {
                if *slot == Some(file) {
                    *slot = None;
                }
            }
        }
    }
}
