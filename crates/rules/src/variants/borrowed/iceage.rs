//! Ice Age: chess with ice cubes (`c`), squares no piece may enter but by
//! taking the cube. Right after every 40th ply (Black's 20th, 40th... move)
//! the ice age comes: every empty square freezes unless orthogonally
//! surrounded by pieces (the edge counts as surrounded), and every piece
//! with no piece (of either color) around it is frozen too. A side whose
//! king froze has lost; both kings frozen is a draw.
//!
//! An ice cube is a Black `c` on the board. A piece frozen by an ice age
//! stays on its square under a cube of the other color (a union cell), so
//! the move can be undone; it neither moves nor attacks, and taking the
//! cube takes it too. `state.variant` holds the squares the last ice age
//! froze (bit = square index), for undoing it.

use super::base::{Cfg, Game, Hooks};
use crate::color::Color;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Cell, Kind, Piece};
use crate::position::{Position, Undo};
use crate::rules::Outcome;
use crate::square::Square;

/// The ice cube.
pub const ICE: Kind = Kind(b'c');

/// Plies between two ice ages.
pub const PERIOD: u32 = 40;

/// Iceage's hooks.
pub struct Iceage;

/// Whether the cell is ice (a cube, or a piece frozen under one).
pub fn is_ice(cell: Cell) -> bool {
    cell.kind(Color::White) == Some(ICE) || cell.kind(Color::Black) == Some(ICE)
}

/// Whether the cell holds a live piece.
fn is_piece(cell: Cell) -> bool {
    !cell.is_empty() && !is_ice(cell)
}

/// The ice age, on the board as vchess sweeps it: rank 8 to rank 1, file a
/// to h, each square judged on the board as already changed. Returns the
/// squares it froze.
fn ice_age(g: &Game<Iceage>, pos: &mut Position) -> u64 {
    let ortho: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let around: [(i8, i8); 8] = [
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    let mut frozen = 0u64;
    for rank in (0..g.g.rows()).rev() {
        for file in 0..g.g.cols() {
            let Some(sq) = g.g.square(file, rank) else {
                continue;
            };
            let cell = pos.board.cell(sq);
            if cell.is_empty() {
                let surrounded = ortho.iter().all(|&(df, dr)| {
                    g.off(sq, df, dr)
                        .is_none_or(|s| is_piece(pos.board.cell(s)))
                });
                if !surrounded {
                    pos.board.put(sq, Piece::new(Color::Black, ICE));
                    frozen |= 1 << sq.index();
                }
            } else if let Some(p) = cell.single().filter(|_| !is_ice(cell)) {
                let connected = around.iter().any(|&(df, dr)| {
                    g.off(sq, df, dr)
                        .is_some_and(|s| is_piece(pos.board.cell(s)))
                });
                if !connected {
                    pos.board.put(sq, Piece::new(p.color.opposite(), ICE));
                    frozen |= 1 << sq.index();
                }
            }
        }
    }
    frozen
}

/// Whether `color` still has a king out of the ice.
fn has_king(pos: &Position, color: Color) -> bool {
    pos.board
        .royals(color)
        .iter()
        .any(|k| !is_ice(pos.board.cell(k)))
}

impl Hooks for Iceage {
    fn cfg(&self) -> Cfg {
        Cfg {
            start_fen:
                "rnbqkbnr/pppppppp/cccccccc/cccccccc/cccccccc/cccccccc/PPPPPPPP/RNBQKBNR w 0 ahah -",
            extra: "c",
            ..Cfg::chess("Iceage")
        }
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        let cell = pos.board.cell(sq);
        if is_ice(cell) {
            return;
        }
        let first = out.len();
        g.chess_moves_from(pos, sq, out);
        let mut i = first;
        while i < out.len() {
            let mv = &mut out[i];
            // Castling needs the rook itself on its square, never a cube.
            if let MoveKind::Castle { rook_from, .. } = mv.intent.kind {
                if is_ice(pos.board.cell(rook_from)) {
                    out.remove(i);
                    continue;
                }
            }
            // Taking a cube that holds a frozen piece takes both.
            let target = pos.board.cell(mv.intent.to);
            if is_ice(target) {
                mv.intent.capture = true;
            }
            if target.is_union() && mv.intent.kind == MoveKind::Normal {
                for p in target.pieces() {
                    mv.effect.vanish.push(mv.intent.to, p);
                }
            }
            i += 1;
        }
    }

    fn can_take(_g: &Game<Self>, pos: &Position, from: Square, to: Square) -> bool {
        let target = pos.board.cell(to);
        if is_ice(target) {
            return true;
        }
        match (pos.board.cell(from).single(), target.single()) {
            (Some(a), Some(b)) => a.color != b.color,
            _ => false,
        }
    }

    fn under_check(g: &Game<Self>, pos: &Position, color: Color) -> bool {
        // A frozen king is out of play: never in check.
        pos.board
            .royals(color)
            .iter()
            .filter(|&k| !is_ice(pos.board.cell(k)))
            .any(|k| Self::attacked(g, pos, k, color.opposite()))
    }

    fn after_play(g: &Game<Self>, pos: &mut Position, mv: &Move) {
        let _ = mv;
        // `plies` already counts this move.
        pos.state.variant = if pos.state.plies.is_multiple_of(PERIOD) && pos.state.plies > 0 {
            ice_age(g, pos)
        } else {
            0
        };
    }

    fn before_unplay(g: &Game<Self>, pos: &mut Position, _mv: &Move, _undo: &Undo) {
        let frozen = pos.state.variant;
        for i in 0..g.g.size() {
            if frozen & (1 << i) == 0 {
                continue;
            }
            let sq = Square(i as u16);
            let cell = pos.board.cell(sq);
            // The cube's color is the one whose byte holds `c`.
            for color in Color::ALL {
                if cell.kind(color) == Some(ICE) {
                    pos.board.remove(sq, color);
                }
            }
        }
    }

    fn outcome(_g: &Game<Self>, pos: &Position) -> Option<Outcome> {
        match (has_king(pos, Color::White), has_king(pos, Color::Black)) {
            (true, true) => None,
            (false, false) => Some(Outcome::VariantDraw {
                reason: "both kings frozen",
            }),
            (w, _) => Some(Outcome::VariantWin {
                winner: if w { Color::White } else { Color::Black },
                reason: "king frozen",
            }),
        }
    }

    fn piece_name(kind: Kind) -> Option<&'static str> {
        (kind == ICE).then_some("ice cube")
    }

    fn decode_cell(_g: &Game<Self>, c: char) -> Option<Cell> {
        // Only the lowercase `c` is ice; the other letters are chess's.
        let p = Piece::from_letter(c)?;
        let ok = if p.kind == ICE {
            p.color == Color::Black
        } else {
            b"pnbrqk".contains(&p.kind.0)
        };
        ok.then(|| Cell::of(p))
    }

    fn encode_cell(cell: Cell) -> Option<char> {
        if is_ice(cell) {
            return Some('c');
        }
        cell.single().map(Piece::letter)
    }
}
