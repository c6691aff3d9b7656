//! Sittuyin (Myanmar chess): Makruk's pieces (general `q`: one step
//! diagonally; elephant `b`: that or one step forward) and pawns that
//! never double-step. The game starts with the pawns alone: each side's
//! first turn places its eight pieces behind its pawns (rooks on its first
//! rank), White's then Black's, each placement a drop that keeps the turn
//! but the last. No check during the placement. A pawn promotes to a
//! general, instead of a move, while its side has none: from a square of
//! the two long diagonals in the enemy half (or anywhere when it is the
//! last pawn), in place or one step diagonally to an empty square, the
//! general attacking no enemy piece and uncovering no rook check.
//!
//! vchess FEN: `board turn plies` (no flags, no en passant); the hands are
//! not written: a side whose placement turn has not come (plies 0 for
//! both, 1 for Black) holds its full set.

use crate::color::Color;
use crate::fen::Field;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::squareset::SquareSet;
use crate::validate::Problem;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};
use crate::variants::forward::forward_rules;
use crate::variants::hands::placement;

/// The pieces each side places, with their counts (vchess's reserve order).
const SET: [(Kind, u8); 5] = [
    (Kind::ROOK, 2),
    (Kind::KNIGHT, 2),
    (Kind::BISHOP, 2),
    (Kind::QUEEN, 1),
    (Kind::KING, 1),
];

/// Sittuyin rules: [`ChessLike`] moves after the placement.
pub struct Sittuyin {
    inner: ChessLike,
}

impl Default for Sittuyin {
    fn default() -> Self {
        Self::new()
    }
}

fn army() -> Vec<PieceSpec> {
    vec![
        PieceSpec::king(),
        PieceSpec::piece('q', "F").names("general", "général", "general"),
        PieceSpec::piece('b', "FfW").names("elephant", "éléphant", "elefante"),
        PieceSpec::piece('n', "N"),
        PieceSpec::piece('r', "R"),
        PieceSpec::pawn(),
    ]
}

impl Sittuyin {
    pub fn new() -> Sittuyin {
        let inner = ChessLike::new(ChessLikeSpec {
            name: "Sittuyin".into(),
            start_fen: "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8 w 0".into(),
            armies: [army(), army()],
            ..Default::default()
        })
        .expect("the Sittuyin spec compiles");
        Sittuyin { inner }
    }

    /// Where `piece` may be placed: behind its side's pawns (its first
    /// three ranks and the four files of its fourth rank on its right),
    /// a rook on its first rank only.
    fn placement_square(&self, piece: Piece, sq: Square) -> bool {
        let g = self.geometry();
        let rank = g.relative_rank(sq, piece.color);
        // Files as seen from the side (Black's right is the a-file).
        let file = match piece.color {
            Color::White => g.file(sq),
            Color::Black => g.cols() - 1 - g.file(sq),
        };
        if piece.kind == Kind::ROOK {
            return rank == 0;
        }
        rank < 3 || (rank == 3 && file >= 4)
    }

    /// Whether `sq` is one of `color`'s promotion squares: the long
    /// diagonals' squares in the enemy half.
    fn promotion_square(&self, sq: Square, color: Color) -> bool {
        let g = self.geometry();
        let (f, r) = (g.file(sq), g.relative_rank(sq, color));
        // Black's board is White's turned round: its file counts from h.
        let f = match color {
            Color::White => f,
            Color::Black => g.cols() - 1 - f,
        };
        if f <= 3 {
            r == 7 - f
        } else {
            r == f
        }
    }

    /// Whether a general on `sq` would attack an enemy piece.
    fn general_attacks(&self, pos: &Position, sq: Square, us: Color) -> bool {
        let g = self.geometry();
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .iter()
            .any(|&(df, dr)| {
                g.offset(sq, df, dr)
                    .is_some_and(|t| pos.board.cell(t).piece(us.opposite()).is_some())
            })
    }

    /// Whether the pawn leaving `from` uncovers an own rook on the enemy
    /// king (the two on one line through `from`, nothing else between).
    fn uncovers_rook(&self, pos: &Position, from: Square, us: Color) -> bool {
        let g = self.geometry();
        let seen = |df: i32, dr: i32| -> i32 {
            let mut at = g.offset(from, df, dr);
            while let Some(s) = at {
                let cell = pos.board.cell(s);
                if !cell.is_empty() {
                    if cell.piece(us.opposite()).map(|p| p.kind) == Some(Kind::KING) {
                        return -1;
                    }
                    if cell.piece(us).map(|p| p.kind) == Some(Kind::ROOK) {
                        return 1;
                    }
                    return 0;
                }
                at = g.offset(s, df, dr);
            }
            0
        };
        seen(-1, 0) * seen(1, 0) < 0 || seen(0, -1) * seen(0, 1) < 0
    }

    /// The promotions of the side to move (none while it has a general).
    fn promotions_of(&self, pos: &Position, out: &mut MoveList) {
        let g = self.geometry();
        let us = pos.turn();
        let own = |kind: Kind| {
            g.squares()
                .filter(move |&s| pos.board.cell(s).piece(us) == Some(Piece::new(us, kind)))
        };
        if own(Kind::QUEEN).next().is_some() {
            return;
        }
        let pawns: Vec<Square> = own(Kind::PAWN).collect();
        let pawn = Piece::new(us, Kind::PAWN);
        for &from in &pawns {
            if pawns.len() != 1 && !self.promotion_square(from, us) {
                continue;
            }
            if !self.general_attacks(pos, from, us) {
                out.push(Move::simple(from, from, pawn, None, Some(Kind::QUEEN)));
            }
            for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let Some(to) = g.offset(from, df, dr) else {
                    continue;
                };
                if pos.board.cell(to).is_empty()
                    && !self.general_attacks(pos, to, us)
                    && !self.uncovers_rook(pos, from, us)
                {
                    out.push(Move::simple(from, to, pawn, None, Some(Kind::QUEEN)));
                }
            }
        }
    }
}

impl Rules for Sittuyin {
    fn name(&self) -> &str {
        "Sittuyin"
    }
    forward_rules!(inner => geometry, start_fen, kinds, royal_kinds, piece_name, fen_style, play);
    fn promotion_squares(&self, color: Color, out: &mut SquareSet) {
        for sq in self.geometry().squares() {
            if self.promotion_square(sq, color) {
                out.insert(sq);
            }
        }
    }
    fn royals_per_side(&self) -> Option<usize> {
        // Kings may still be in hand: `position_problems` counts both.
        None
    }
    fn read_variant_fields(
        &self,
        fields: &[Field],
        _state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        placement::read_fields(fields, problems);
    }
    fn read_position_fields(&self, _fields: &[Field], pos: &mut Position, _: &mut Vec<Problem>) {
        placement::fill_hands(pos, &SET);
    }
    fn complete_diagram(&self, pos: &mut Position) {
        placement::fill_hands(pos, &SET);
    }
    fn hand_kinds(&self, _color: Color) -> KindSet {
        SET.iter().map(|(k, _)| *k).collect()
    }
    fn drop_restriction(&self, pos: &Position, piece: Piece, to: Square) -> Option<String> {
        if !placement::placing(pos) {
            return Some("pieces are placed on the first turn only".into());
        }
        (!self.placement_square(piece, to))
            .then(|| "pieces are placed behind the pawns, rooks on the first rank".into())
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if placement::placing(pos) {
            let allowed = |piece, sq| self.placement_square(piece, sq);
            placement::push_placements(self.geometry(), pos, &SET, allowed, out);
            return;
        }
        self.inner.pseudo_legal_moves(pos, out);
        self.promotions_of(pos, out);
    }
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        // No check while the pieces are placed.
        !placement::placing(pos) && self.inner.royal_attacked(pos, color)
    }
    fn pinned(&self, pos: &Position) -> Option<crate::rules::Pins> {
        if placement::placing(pos) {
            return None;
        }
        self.inner.pinned(pos)
    }
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        if placement::placing(pos) {
            return None;
        }
        self.inner.variant_outcome(pos)
    }
    fn promotions(&self, _color: Color) -> &[Kind] {
        &[Kind::QUEEN]
    }
    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.inner.position_problems(pos, offset_of, out);
        // One king each, on the board or still to be placed.
        placement::king_problems(pos, offset_of, |_| true, out);
    }
}
