//! Hypnotic: instead of moving one of their own pieces, a player may move
//! an enemy piece they attack, as that piece moves (a king one step, never
//! castling), except that the hypnotized piece takes its own friends. The
//! piece so moved is frozen: its owner may not move it on the next turn.
//! There is no check: the game is won by taking the king.
//! Mesmer is the same game with a Mesmerist (`m`): it moves like a queen
//! but never takes, only the enemy pieces it observes along a queen's line
//! may be moved (never the enemy Mesmerist), and taking the king or the
//! Mesmerist wins.
//!
//! vchess FEN: chess's and the square the last hypnotized piece landed on
//! (`-`: none), kept in `state.variant` as its index + 1 (0: none).

use super::base::{piece_at, Cfg, Game, Hooks};
use crate::color::Color;
use crate::fen::Field;
use crate::geometry::KING_STEPS;
use crate::moves::{MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State};
use crate::rules::Outcome;
use crate::square::Square;
use crate::validate::Problem;

/// Set in `state.variant` of a scratch position while an enemy piece's
/// moves are made: its captures take its friends.
const HYPNOTIZING: u64 = 1 << 32;

/// Hypnotic's hooks (and Mesmer's, with `mesmer`).
pub struct Hypnotic {
    /// Mesmer: the Mesmerist alone hypnotizes, and is royal too.
    pub mesmer: bool,
}

/// The Mesmerist.
pub const MESMERIST: Kind = Kind(b'm');

/// The square of the piece hypnotized by the last move, if any.
fn frozen(pos: &Position) -> Option<Square> {
    let v = pos.state.variant & 0xffff;
    (v != 0).then(|| Square(v as u16 - 1))
}

/// Keeps among `out[first..]` only the en-passant captures that take an
/// enemy of the moving piece (vchess: a pawn never takes a friend so), and
/// the double steps from the second rank (not from the first, as in chess).
fn filter_pawn_moves(g: &Game<Hypnotic>, out: &mut MoveList, first: usize) {
    let mut i = first;
    while i < out.len() {
        let mv = &out[i];
        let piece = mv.intent.piece;
        let ok = match mv.intent.kind {
            MoveKind::EnPassant => mv
                .effect
                .vanish
                .as_slice()
                .iter()
                .any(|v| v.piece.color != piece.color),
            MoveKind::DoubleStep => g.g.relative_rank(mv.intent.from, piece.color) == 1,
            _ => true,
        };
        if ok {
            i += 1;
        } else {
            out.remove(i);
        }
    }
}

/// The Mesmerist's moves: a queen's, never taking.
fn mesmerist_moves(g: &Game<Hypnotic>, pos: &Position, from: Square, out: &mut MoveList) {
    for &(df, dr) in &KING_STEPS {
        let mut t = g.off(from, df, dr);
        while let Some(s) = t.filter(|&s| pos.board.cell(s).is_empty()) {
            out.push(g.basic(pos, from, s, None));
            t = g.off(s, df, dr);
        }
    }
}

impl Hooks for Hypnotic {
    const MOVES_ENEMY_PIECES: bool = true;

    fn cfg(&self) -> Cfg {
        if self.mesmer {
            return Cfg {
                start_fen: "rnbqkbnr/pppppppp/3m4/8/8/3M4/PPPPPPPP/RNBQKBNR w 0 ahah - -",
                extra: "m",
                ..Cfg::chess("Mesmer")
            };
        }
        Cfg {
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - -",
            ..Cfg::chess("Hypnotic")
        }
    }

    fn piece_name(kind: Kind) -> Option<&'static str> {
        (kind == MESMERIST).then_some("mesmerist")
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        let Some(p) = piece_at(pos, sq) else { return };
        if frozen(pos) == Some(sq) {
            return;
        }
        let first = out.len();
        if p.color == pos.turn() {
            if p.kind == MESMERIST {
                mesmerist_moves(g, pos, sq, out);
                return;
            }
            g.chess_moves_from(pos, sq, out);
            filter_pawn_moves(g, out, first);
            return;
        }
        let may_hypnotize = if g.h.mesmer {
            // Only the Mesmerist's gaze, along a queen's lines.
            p.kind != MESMERIST
                && g.attacked_along(pos, sq, pos.turn(), MESMERIST, &KING_STEPS, false, &|_| {
                    true
                })
        } else {
            g.chess_attacked(pos, sq, pos.turn())
        };
        if !may_hypnotize {
            return;
        }
        // The enemy piece moves as its owner would move it, on a scratch
        // position whose side to move is that owner.
        let mut q = pos.clone();
        q.state.turn = p.color;
        q.state.variant |= HYPNOTIZING;
        if p.kind == Kind::KING {
            g.slide(&q, sq, &KING_STEPS, true, out);
        } else {
            g.chess_moves_from(&q, sq, out);
        }
        filter_pawn_moves(g, out, first);
        for mv in &mut out[first..] {
            mv.intent.capture = mv.effect.vanish.len() > 1;
        }
    }

    fn can_take(_g: &Game<Self>, pos: &Position, from: Square, to: Square) -> bool {
        let (Some(a), Some(b)) = (piece_at(pos, from), piece_at(pos, to)) else {
            return false;
        };
        if pos.state.variant & HYPNOTIZING != 0 {
            a.color == b.color
        } else {
            a.color != b.color
        }
    }

    fn under_check(_g: &Game<Self>, _pos: &Position, _color: Color) -> bool {
        false
    }

    fn illegal_after(_g: &Game<Self>, _pos: &Position, _mover: Color) -> bool {
        false
    }

    fn after_play(g: &Game<Self>, pos: &mut Position, mv: &crate::moves::Move) {
        let mover = pos.turn().opposite();
        let owner = mv.color();
        pos.state.variant = 0;
        if owner == mover {
            return;
        }
        pos.state.variant = u64::from(mv.intent.to.0) + 1;
        // A hypnotized piece that takes a friendly rook on its square takes
        // that rook's castling right with it.
        if g.g.relative_rank(mv.intent.to, owner) == 0 && mv.effect.vanish.len() > 1 {
            pos.state.castling.lose_first(owner, g.g.file(mv.intent.to));
        }
    }

    fn royals_per_side() -> Option<usize> {
        None
    }

    fn outcome(g: &Game<Self>, pos: &Position) -> Option<Outcome> {
        if let Some(lost) = Outcome::royal_gone(pos, "king captured") {
            return Some(lost);
        }
        let us = pos.turn();
        let mesmerist = Piece::new(us, MESMERIST);
        let has_mesmerist = || pos.board.pieces().any(|(_, p)| p == mesmerist);
        (g.h.mesmer && !has_mesmerist()).then_some(Outcome::VariantWin {
            winner: us.opposite(),
            reason: "mesmerist captured",
        })
    }

    fn read_fields(
        g: &Game<Self>,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else { return };
        if let Some(sq) = crate::validate::square_field(&g.g, f, "hypnotized square", problems) {
            state.variant = u64::from(sq.0) + 1;
        }
    }

    fn write_fields(g: &Game<Self>, pos: &Position) -> (String, String) {
        let sq = frozen(pos).map_or_else(|| "-".to_string(), |s| g.g.square_name(s));
        (String::new(), format!(" {sq}"))
    }
}
