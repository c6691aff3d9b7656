//! Teleport (1 and 2): instead of a chess move, a piece may take a piece of
//! its own side and land on its square; the taken piece is then put back at
//! once, by the same player, on any empty square (a pawn not on its last
//! rank). A turn with a teleport is a chain of two steps: the self-capture
//! (`continues`), then the placement (`N@f6`); a self-capture is legal when
//! some placement leaves the king safe. Teleport1 lets the king be taken
//! and placed (it may stay in check between the two steps); Teleport2 not.
//!
//! vchess FEN: chess's; the piece waiting for its placement (mid-turn) is in
//! no FEN, as in vchess. `state.variant` holds its kind byte (0: none).

use super::base::{piece_at, Cfg, Game, Hooks};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::square::Square;

/// Teleport's hooks: `king` says whether the king may be teleported
/// (Teleport1).
pub struct Teleport {
    pub king: bool,
}

/// The piece of its own side that `mv` takes, if it is a self-capture.
fn self_taken(mv: &Move) -> Option<Piece> {
    if mv.intent.kind != MoveKind::Normal {
        return None;
    }
    let mover = mv.color();
    mv.effect
        .vanish
        .as_slice()
        .iter()
        .find(|v| v.square == mv.intent.to && v.piece.color == mover)
        .map(|v| v.piece)
}

/// The piece waiting for its placement, mid-turn.
fn pending(pos: &Position) -> Option<Kind> {
    let k = (pos.state.variant & 0xff) as u8;
    (k != 0).then_some(Kind(k))
}

impl Hooks for Teleport {
    fn cfg(&self) -> Cfg {
        Cfg::chess(if self.king { "Teleport1" } else { "Teleport2" })
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        let first = out.len();
        g.chess_moves_from(pos, sq, out);
        for mv in &mut out[first..] {
            if self_taken(mv).is_some() {
                mv.intent.continues = true;
            }
        }
    }

    fn can_take(g: &Game<Self>, pos: &Position, from: Square, to: Square) -> bool {
        let (Some(a), Some(b)) = (piece_at(pos, from), piece_at(pos, to)) else {
            return false;
        };
        a.color != b.color || g.h.king || b.kind != Kind::KING
    }

    fn pending_moves(g: &Game<Self>, pos: &Position, out: &mut MoveList) -> bool {
        let Some(kind) = pending(pos) else {
            return false;
        };
        let us = pos.turn();
        let last = g.g.rows() - 1;
        for sq in g.g.squares() {
            if !pos.board.cell(sq).is_empty()
                || (kind == Kind::PAWN && g.g.relative_rank(sq, us) == last)
            {
                continue;
            }
            out.push(Move::drop(sq, Piece::new(us, kind)));
        }
        true
    }

    fn after_play(g: &Game<Self>, pos: &mut Position, mv: &Move) {
        pos.state.variant = 0;
        if !mv.intent.continues {
            return;
        }
        let Some(taken) = self_taken(mv) else { return };
        pos.state.variant = u64::from(taken.kind.0);
        // The taken king or rook leaves its square: its castling goes.
        let c = mv.color();
        let flags = &mut pos.state.castling;
        if taken.kind == Kind::KING {
            flags.lose_all(c);
        } else if taken.kind == Kind::ROOK && g.g.relative_rank(mv.intent.to, c) == 0 {
            flags.lose_first(c, g.g.file(mv.intent.to));
        }
    }

    fn restricts_legal() -> bool {
        true
    }

    fn restrict_legal(g: &Game<Self>, pos: &Position, legal: &mut MoveList) {
        // A self-capture stands only if some placement keeps the king safe.
        let mut probe = pos.clone();
        let mut placements = MoveList::new();
        legal.retain(|mv| {
            if !mv.intent.continues {
                return true;
            }
            let mover = mv.color();
            let undo = crate::rules::Rules::play(g, &mut probe, mv);
            placements.clear();
            Self::pending_moves(g, &probe, &mut placements);
            let ok = placements.iter().any(|p| {
                let undo = crate::rules::Rules::play(g, &mut probe, p);
                let bad = Self::illegal_after(g, &probe, mover);
                crate::rules::Rules::unplay(g, &mut probe, p, undo);
                !bad
            });
            crate::rules::Rules::unplay(g, &mut probe, mv, undo);
            ok
        });
    }
}
