//! The chess-like generator's castling: its spec's castling rules (which
//! piece partners the king, on which rank, where both land, Wildebeest's
//! free castling, explosions, castling without check) put to the one
//! mechanism, [`crate::castling`], and the loss of rights when the royal
//! moves or a castling rook leaves its square or is taken.

use super::ChessLike;
use crate::castling::{castles, Castle, Layout};
use crate::color::Color;
use crate::moves::{Move, MoveList};
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
        let rook = Piece::new(us, castle.rook);
        let mut layout = Layout::chess(g.cols());
        if let Some(files) = castle.king_to {
            layout.king_to = files;
        }
        if let Some(files) = castle.rook_to {
            layout.rook_to = files;
        }
        let partner = |s| pos.board.cell(s).piece(us) == Some(rook);
        let rights = &pos.state.castling;
        if castle.free {
            for side in 0..2 {
                let rook_sq = rights.rook_file(us, side).and_then(|f| g.square(f, back));
                if let Some(rook_sq) = rook_sq.filter(|&s| partner(s)) {
                    self.free_castling(pos, out, attacked, (king_sq, rook_sq), side);
                }
            }
            return;
        }
        for c in castles(g, &pos.board, rights, us, king_sq, &layout, &partner)
            .into_iter()
            .flatten()
        {
            // Where captures explode, Fairy-Stockfish judges the king's
            // destination after the move (the rook beside it may block
            // the attack), as every move's; the squares before it now.
            if careful && c.crossed(g, self.blast.is_none()).any(attacked) {
                continue;
            }
            out.push(c.to_move(king, [rook]));
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
        (king_sq, rook_sq): (crate::Square, crate::Square),
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
            let rook_to = if side == 0 { to + 1 } else { to - 1 };
            let (Some(kto), Some(rto)) = (on_back(to), on_back(rook_to)) else {
                continue;
            };
            let c = Castle {
                side,
                king_from: king_sq,
                king_to: kto,
                rook_from: rook_sq,
                rook_to: rto,
            };
            if careful && c.crossed(g, true).any(attacked) {
                continue;
            }
            out.push(c.to_move(king, [rook]));
        }
    }

    /// Clears the castling rights a played move ends (king moved, rook
    /// moved or taken on its first rank).
    pub(super) fn update_castling(&self, pos: &mut Position, mv: &Move) {
        let castling = &mut pos.state.castling;
        if !castling.any_left() {
            return;
        }
        let mover = mv.intent.piece;
        if self
            .piece_def(mover.color, mover.kind)
            .is_some_and(|d| d.royal)
        {
            castling.lose_all(mover.color);
        }
        let g = &self.geometry;
        for v in mv.effect.vanish.as_slice() {
            let c = v.piece.color;
            let castle = self.spec.castle_of(c);
            if v.piece.kind == castle.rook && g.relative_rank(v.square, c) == castle.rank {
                castling.lose_file(c, g.file(v.square));
            }
        }
    }
}
