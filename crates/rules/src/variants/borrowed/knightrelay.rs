//! Knight relay: a piece guarded by a friendly knight may also move as a
//! knight, and so attacks as one (check included).
//! - Knightrelay1 (Charosh's rules): knights neither capture nor can be
//!   captured; kings are never relayed; a pawn cannot reach its last rank
//!   by a relayed move, nor give check there; no en passant.
//! - Knightrelay2: everything may be relayed, a relayed pawn reaching the
//!   last rank promotes; knights capture and are captured as in chess.

use super::base::{piece_at, Cfg, Game, Hooks, PROMOTIONS};
use crate::color::Color;
use crate::geometry::{DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::MoveList;
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::square::Square;

/// Knight relay's hooks: `original` is Knightrelay1.
pub struct Knightrelay {
    pub original: bool,
}

fn guarded_by_knight(g: &Game<Knightrelay>, pos: &Position, sq: Square, color: Color) -> bool {
    KNIGHT_LEAPS.iter().any(|&(df, dr)| {
        g.off(sq, df, dr)
            .is_some_and(|s| piece_at(pos, s) == Some(Piece::new(color, Kind::KNIGHT)))
    })
}

/// Whether a piece of kind `kind` on a knight-guarded square may relay.
fn relayable(g: &Game<Knightrelay>, kind: Kind) -> bool {
    kind != Kind::KNIGHT && !(g.h.original && kind == Kind::KING)
}

impl Hooks for Knightrelay {
    fn cfg(&self) -> Cfg {
        if self.original {
            Cfg {
                // vchess's start FEN keeps chess's en-passant field, which its
                // positions then no longer write.
                start_fen: super::base::CHESS_START,
                en_passant: false,
                ..Cfg::chess("Knightrelay1")
            }
        } else {
            Cfg::chess("Knightrelay2")
        }
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        let Some(p) = piece_at(pos, sq) else { return };
        let first = out.len();
        if p.kind == Kind::KNIGHT && g.h.original {
            // Knights do not capture.
            for &(df, dr) in &KNIGHT_LEAPS {
                if let Some(t) = g.off(sq, df, dr).filter(|t| pos.board.cell(*t).is_empty()) {
                    out.push(g.basic(pos, sq, t, None));
                }
            }
        } else {
            g.chess_moves_from(pos, sq, out);
        }
        if relayable(g, p.kind) && guarded_by_knight(g, pos, sq, p.color) {
            let last = g.g.rows() - 1;
            for &(df, dr) in &KNIGHT_LEAPS {
                let Some(t) = g.off(sq, df, dr) else { continue };
                if pos.board.cell(t).has(p.color) {
                    continue;
                }
                let promotes = p.kind == Kind::PAWN && g.g.relative_rank(t, p.color) == last;
                if promotes && g.h.original {
                    continue;
                }
                if promotes {
                    for k in PROMOTIONS {
                        out.push(g.basic(pos, sq, t, Some(Piece::new(p.color, k))));
                    }
                } else {
                    out.push(g.basic(pos, sq, t, None));
                }
            }
        }
        if g.h.original {
            // Knights cannot be captured.
            let mut i = first;
            while i < out.len() {
                let takes_knight = out[i].intent.kind == crate::moves::MoveKind::Normal
                    && out[i]
                        .effect
                        .vanish
                        .as_slice()
                        .iter()
                        .any(|v| v.piece.color != p.color && v.piece.kind == Kind::KNIGHT);
                if takes_knight {
                    out.remove(i);
                } else {
                    i += 1;
                }
            }
        }
    }

    fn attacked(g: &Game<Self>, pos: &Position, sq: Square, by: Color) -> bool {
        let yes = |_: Square| true;
        let pawn = Game::<Self>::pawn_attack_steps(by);
        let chess = g.attacked_along(pos, sq, by, Kind::PAWN, &pawn, true, &yes)
            || g.attacked_along(pos, sq, by, Kind::ROOK, &ORTHOGONAL, false, &yes)
            || g.attacked_along(pos, sq, by, Kind::BISHOP, &DIAGONAL, false, &yes)
            || g.attacked_along(pos, sq, by, Kind::QUEEN, &KING_STEPS, false, &yes)
            || g.attacked_along(pos, sq, by, Kind::KING, &KING_STEPS, true, &yes)
            || (!g.h.original
                && g.attacked_along(pos, sq, by, Kind::KNIGHT, &KNIGHT_LEAPS, true, &yes));
        if chess {
            return true;
        }
        // A relayed piece a knight's leap away attacks like a knight.
        let last = g.g.rows() - 1;
        KNIGHT_LEAPS.iter().any(|&(df, dr)| {
            let Some(s) = g.off(sq, df, dr) else {
                return false;
            };
            let Some(p) = piece_at(pos, s).filter(|p| p.color == by) else {
                return false;
            };
            if !relayable(g, p.kind) {
                return false;
            }
            // Knightrelay1: a pawn gives no check on its last rank.
            if g.h.original && p.kind == Kind::PAWN && g.g.relative_rank(sq, by) == last {
                return false;
            }
            guarded_by_knight(g, pos, s, by)
        })
    }
}
