//! Antiking 1 and 2: each side has a king and an antiking `a`. The king
//! must never be attacked, the antiking must always be attacked by an
//! enemy piece (kings do not attack antikings, antikings attack neither
//! kind of king). The antiking moves as a king and takes only pieces of its
//! own color, never an antiking (nor, absurdly, its own king: vchess lets
//! it try, and that move is always illegal there too).
//!
//! Antiking 1 has Berolina pawns (a diagonal step forward, a straight
//! capture forward, no double step), no castling, and a king or antiking
//! that has not moved yet may leap as a knight to an empty square: its
//! four flags (`1111`) are vchess's flags field. Antiking 2 is chess
//! plus the antikings.

use super::base::{piece_at, Cfg, Game, Hooks, PROMOTIONS};
use crate::color::Color;
use crate::fen::Field;
use crate::geometry::{DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State};
use crate::square::Square;
use crate::validate::Problem;

/// The antiking.
pub const ANTIKING: Kind = Kind(b'a');

/// Antiking's hooks: `berolina` makes it Antiking 1.
pub struct Antiking {
    pub berolina: bool,
}

/// Bit of `state.variant` set when `color`'s king (`anti`: antiking) may
/// still leap as a knight (Antiking 1). Zero means the right is kept, so a
/// board-only setup starts with all four rights.
fn lost_bit(color: Color, anti: bool) -> u64 {
    1 << (color.index() * 2 + usize::from(anti))
}

fn antiking_square(g: &Game<Antiking>, pos: &Position, color: Color) -> Option<Square> {
    (0..g.g.size() as u16)
        .map(Square)
        .find(|&s| piece_at(pos, s) == Some(Piece::new(color, ANTIKING)))
}

impl Game<Antiking> {
    fn berolina_moves(&self, pos: &Position, from: Square, out: &mut MoveList) {
        let us = pos.turn();
        let fw = Self::forward(us);
        let last = |t: Square| self.g.relative_rank(t, us) == self.g.rows() - 1;
        let push = |t: Square, out: &mut MoveList| {
            if last(t) {
                for k in PROMOTIONS {
                    out.push(self.basic(pos, from, t, Some(Piece::new(us, k))));
                }
            } else {
                out.push(self.basic(pos, from, t, None));
            }
        };
        for df in [-1, 1] {
            if let Some(t) = self.off(from, df, fw) {
                if pos.board.cell(t).is_empty() {
                    push(t, out);
                }
            }
        }
        if let Some(t) = self.off(from, 0, fw) {
            if !pos.board.cell(t).is_empty() && Antiking::can_take(self, pos, from, t) {
                push(t, out);
            }
        }
    }
}

impl Hooks for Antiking {
    fn cfg(&self) -> Cfg {
        if self.berolina {
            Cfg {
                // vchess's start FEN has no en-passant field (its position
                // writes one, `-`, after the first move).
                start_fen: "2prbkqA/2p1nnbr/2pppppp/8/8/PPPPPP2/RBNN1P2/aQKBRP2 w 0 1111",
                extra: "a",
                castling: false,
                en_passant: false,
                two_squares: false,
                ..Cfg::chess("Antiking1")
            }
        } else {
            Cfg {
                start_fen: "rnbqkbnr/pppppppp/3A4/8/8/3a4/PPPPPPPP/RNBQKBNR w 0 ahah -",
                extra: "a",
                ..Cfg::chess("Antiking2")
            }
        }
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        let Some(p) = piece_at(pos, sq) else { return };
        if p.kind == ANTIKING {
            g.slide(pos, sq, &KING_STEPS, true, out);
        } else if p.kind == Kind::PAWN && g.h.berolina {
            g.berolina_moves(pos, sq, out);
        } else {
            g.chess_moves_from(pos, sq, out);
        }
        let royal = p.kind == ANTIKING || p.kind == Kind::KING;
        if royal && g.h.berolina && pos.state.variant & lost_bit(p.color, p.kind == ANTIKING) == 0 {
            for &(df, dr) in &KNIGHT_LEAPS {
                if let Some(t) = g.off(sq, df, dr) {
                    if pos.board.cell(t).is_empty() {
                        out.push(g.basic(pos, sq, t, None));
                    }
                }
            }
        }
    }

    fn forbidding_rule(
        g: &Game<Self>,
        pos: &Position,
        from: Square,
        to: Square,
    ) -> Option<&'static str> {
        let unattacked = |p: &Position, mover: Color| {
            let king_safe = !p
                .board
                .royals(mover)
                .iter()
                .any(|k| Self::attacked(g, p, k, mover.opposite()));
            king_safe
                && antiking_square(g, p, mover)
                    .is_some_and(|a| !Self::attacked(g, p, a, mover.opposite()))
        };
        g.all_fail(pos, from, to, &unattacked)
            .then_some("antiking: the antiking must stay attacked by an enemy piece")
    }

    fn can_take(_g: &Game<Self>, pos: &Position, from: Square, to: Square) -> bool {
        let (Some(a), Some(b)) = (piece_at(pos, from), piece_at(pos, to)) else {
            return false;
        };
        if b.kind == ANTIKING {
            return false;
        }
        if a.kind == ANTIKING {
            a.color == b.color && b.kind != Kind::KING
        } else {
            a.color != b.color
        }
    }

    fn attacked(g: &Game<Self>, pos: &Position, sq: Square, by: Color) -> bool {
        let target = piece_at(pos, sq).map(|p| p.kind);
        let yes = |_: Square| true;
        let pawn_hit = if g.h.berolina {
            let s = [(0, -Game::<Self>::forward(by))];
            g.attacked_along(pos, sq, by, Kind::PAWN, &s, true, &yes)
        } else {
            let s = Game::<Self>::pawn_attack_steps(by);
            g.attacked_along(pos, sq, by, Kind::PAWN, &s, true, &yes)
        };
        pawn_hit
            || g.attacked_along(pos, sq, by, Kind::ROOK, &ORTHOGONAL, false, &yes)
            || g.attacked_along(pos, sq, by, Kind::KNIGHT, &KNIGHT_LEAPS, true, &yes)
            || g.attacked_along(pos, sq, by, Kind::BISHOP, &DIAGONAL, false, &yes)
            || g.attacked_along(pos, sq, by, Kind::QUEEN, &KING_STEPS, false, &yes)
            || (target != Some(ANTIKING)
                && g.attacked_along(pos, sq, by, Kind::KING, &KING_STEPS, true, &yes))
            || (target != Some(ANTIKING)
                && target != Some(Kind::KING)
                && g.attacked_along(pos, sq, by, ANTIKING, &KING_STEPS, true, &yes))
    }

    fn under_check(g: &Game<Self>, pos: &Position, color: Color) -> bool {
        let them = color.opposite();
        let king = pos
            .board
            .royals(color)
            .iter()
            .any(|k| Self::attacked(g, pos, k, them));
        king || antiking_square(g, pos, color).is_some_and(|a| !Self::attacked(g, pos, a, them))
    }

    fn after_play(g: &Game<Self>, pos: &mut Position, mv: &Move) {
        let p = mv.intent.piece;
        if g.h.berolina && (p.kind == ANTIKING || p.kind == Kind::KING) {
            pos.state.variant |= lost_bit(p.color, p.kind == ANTIKING);
        }
    }

    fn piece_name(kind: Kind) -> Option<&'static str> {
        (kind == ANTIKING).then_some("antiking")
    }

    fn read_fields(
        g: &Game<Self>,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        if !g.h.berolina {
            return;
        }
        // Antiking 1 only: `1111 -`, the knight-leap rights (king then
        // antiking, White then Black) and a never-used en-passant field.
        let Some(f) = fields.first() else { return };
        let ok = f.text.len() == 4 && f.text.bytes().all(|b| b == b'0' || b == b'1');
        if !ok {
            problems.push(Problem::BadField {
                field: "king flags",
                text: f.text.clone(),
                offset: f.offset,
            });
            return;
        }
        for (i, b) in f.text.bytes().enumerate() {
            if b == b'0' {
                state.variant |= 1 << i;
            }
        }
    }

    fn write_fields(g: &Game<Self>, pos: &Position) -> (String, String) {
        if !g.h.berolina {
            return (String::new(), String::new());
        }
        let mut s = String::from(" ");
        for i in 0..4 {
            s.push(if pos.state.variant & (1 << i) == 0 {
                '1'
            } else {
                '0'
            });
        }
        s.push_str(" -");
        (String::new(), s)
    }
}
