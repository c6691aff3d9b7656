//! Madhouse (replacement chess): orthodox chess, but a piece taken from the
//! opponent is put back at once, by the capturer, on an empty square; a
//! bishop on a square of the colour it was taken on, a pawn not on the first
//! or last rank. A capture is a chain of two steps by the same side: the
//! capture, then the placement (`B@e4`), the turn passing after it; a
//! capture is legal when some placement leaves the capturer's king safe.
//!
//! vchess FEN: chess's (`board turn plies flags ep`); the piece waiting for
//! its placement (mid-turn) is in no FEN, as in vchess. vchess never offers
//! a placement on rank 1 (a pawn on rank 2), and lets a bishop taken on a
//! light square go on any square; the page decides against both
//! (deviations madhouse-placement-first-rank, madhouse-light-bishop-anywhere).

use crate::geometry::Geometry;
use crate::legal;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, Undo};
use crate::rules::Rules;
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::ChessLike;
use crate::variants::forward::forward_rules;

/// `state.variant`: the kind byte of the piece waiting for its placement
/// (0: none) and, for a bishop, the colour of the square it was taken on.
const KIND_MASK: u64 = 0xff;
const PARITY_SET: u64 = 1 << 8;
const PARITY_ODD: u64 = 1 << 9;

/// Madhouse rules: chess moves from [`ChessLike`], captures chained with
/// their placement.
pub struct Madhouse {
    chess: ChessLike,
}

impl Default for Madhouse {
    fn default() -> Self {
        Self::new()
    }
}

/// The piece waiting to be placed and, for a bishop, the square colour
/// (`(file + rank) % 2`) it must keep.
fn pending(pos: &Position) -> Option<(Kind, Option<u8>)> {
    let v = pos.state.variant;
    let k = (v & KIND_MASK) as u8;
    if k == 0 {
        return None;
    }
    let parity = (v & PARITY_SET != 0).then_some(u8::from(v & PARITY_ODD != 0));
    Some((Kind(k), parity))
}

fn parity(g: &Geometry, sq: Square) -> u8 {
    (g.file(sq) + g.rank(sq)) % 2
}

impl Madhouse {
    pub fn new() -> Madhouse {
        let mut spec = chess::spec();
        spec.name = "Madhouse".into();
        Madhouse {
            chess: ChessLike::new(spec).expect("the Madhouse spec compiles"),
        }
    }

    /// The enemy piece a chess move takes, with the square it stood on.
    fn taken(mv: &Move) -> Option<(Square, Piece)> {
        let mover = mv.color();
        mv.effect
            .vanish
            .as_slice()
            .iter()
            .find(|v| v.piece.color != mover)
            .map(|v| (v.square, v.piece))
    }

    /// The placements of the waiting piece (the enemy's) by the side to move.
    fn placements(&self, pos: &Position, kind: Kind, parity_of: Option<u8>, out: &mut MoveList) {
        let g = self.geometry();
        let us = pos.turn();
        let last = g.rows() - 1;
        for sq in g.squares() {
            if !pos.board.cell(sq).is_empty()
                || (kind == Kind::PAWN && (g.rank(sq) == 0 || g.rank(sq) == last))
                || parity_of.is_some_and(|p| parity(g, sq) != p)
            {
                continue;
            }
            let mut mv = Move::drop(sq, Piece::new(us.opposite(), kind));
            // The capturer places it: the move is theirs.
            mv.intent.piece = Piece::new(us, kind);
            out.push(mv);
        }
    }
}

impl Rules for Madhouse {
    fn name(&self) -> &str {
        "Madhouse"
    }
    forward_rules!(chess => geometry, kinds, royal_kinds, piece_name, fen_style, royal_attacked, promotions);
    fn start_fen(&self) -> &str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -"
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if let Some((kind, parity_of)) = pending(pos) {
            self.placements(pos, kind, parity_of, out);
            return;
        }
        let start = out.len();
        self.chess.pseudo_legal_moves(pos, out);
        for mv in &mut out[start..] {
            if Self::taken(mv).is_some() {
                mv.intent.continues = true;
            }
        }
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = self.chess.play(pos, mv);
        pos.state.variant = 0;
        if mv.intent.continues {
            if let Some((sq, piece)) = Self::taken(mv) {
                let mut v = u64::from(piece.kind.0);
                if piece.kind == Kind::BISHOP {
                    v |= PARITY_SET;
                    if parity(self.geometry(), sq) == 1 {
                        v |= PARITY_ODD;
                    }
                }
                pos.state.variant = v;
            }
        }
        undo
    }
    fn restricts_legal(&self) -> bool {
        true
    }
    fn restrict_legal(&self, pos: &Position, legal_moves: &mut MoveList) {
        // A capture stands only if some placement then keeps the king safe.
        let mut probe = pos.clone();
        let mut placements = MoveList::new();
        legal_moves.retain(|mv| {
            if !mv.intent.continues {
                return true;
            }
            let undo = self.play(&mut probe, mv);
            placements.clear();
            self.pseudo_legal_moves(&probe, &mut placements);
            let ok = placements
                .iter()
                .any(|p| legal::is_legal(self, &mut probe, p));
            self.unplay(&mut probe, mv, undo);
            ok
        });
    }
    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.chess.position_problems(pos, offset_of, out);
    }
}
