//! Align4: White's chess army against a lone black king with an endless
//! supply of pawns. Instead of a move Black may drop a pawn on any empty
//! square of ranks 2 to 7; four black pawns in a line (rank, file or
//! diagonal) win for Black, checkmate wins for White. Only White castles.
//!
//! vchess FEN: `board turn plies flags ep`, the flags White's two rook
//! files only (`ah`); the supply is endless, so no reserve field. Four in
//! a line counts pawns only (the page's "lining up 4 pawns"; vchess also
//! counts a promoted piece after the first pawn: deviation
//! `align4-pawns-only`).

use crate::color::Color;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::Position;
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};
use crate::variants::forward::forward_rules;

/// How many pawns in a line win.
const LINE: i32 = 4;

/// The four directions a line is scanned in from its first square (the
/// other four scan the same lines from their other end).
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Align4 rules: chess moves from [`ChessLike`] plus Black's pawn drops.
pub struct Align4 {
    chess: ChessLike,
}

impl Default for Align4 {
    fn default() -> Self {
        Self::new()
    }
}

impl Align4 {
    pub fn new() -> Align4 {
        // Black's king and pawns, plus what its pawns promote to.
        let black = vec![
            PieceSpec::king(),
            PieceSpec::pawn(),
            PieceSpec::piece('q', "Q"),
            PieceSpec::piece('r', "R"),
            PieceSpec::piece('b', "B"),
            PieceSpec::piece('n', "N"),
        ];
        let promotions = vec![Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN];
        let spec = ChessLikeSpec {
            name: "Align4".into(),
            start_fen: "4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ah -".into(),
            armies: [chess::army(), black],
            promotions: [promotions.clone(), promotions],
            double_step: [true, true],
            castling: [true, false],
            ..Default::default()
        };
        Align4 {
            chess: ChessLike::new(spec).expect("the Align4 spec compiles"),
        }
    }

    /// Whether Black has four pawns in a line.
    fn four_in_line(&self, pos: &Position) -> bool {
        let g = self.geometry();
        let pawn = Piece::new(Color::Black, Kind::PAWN);
        let is_pawn = |sq: Option<Square>| {
            sq.is_some_and(|s| pos.board.cell(s).piece(Color::Black) == Some(pawn))
        };
        g.squares().any(|sq| {
            is_pawn(Some(sq))
                && DIRECTIONS
                    .iter()
                    .any(|&(df, dr)| (1..LINE).all(|i| is_pawn(g.offset(sq, df * i, dr * i))))
        })
    }
}

impl Rules for Align4 {
    fn name(&self) -> &str {
        "Align4"
    }
    forward_rules!(chess => geometry, start_fen, kinds, royal_kinds, piece_name, fen_style, royal_attacked, play, promotions);
    fn hand_kinds(&self, color: Color) -> KindSet {
        // Black's endless pawns: named so that `@e7` reads as a drop.
        match color {
            Color::White => KindSet::EMPTY,
            Color::Black => [Kind::PAWN].into_iter().collect(),
        }
    }
    fn drop_restriction(&self, _pos: &Position, piece: Piece, to: Square) -> Option<String> {
        if piece != Piece::new(Color::Black, Kind::PAWN) {
            return Some("only Black drops, and only pawns".into());
        }
        let g = self.geometry();
        match g.rank(to) {
            0 => Some("a pawn may not be dropped on the first rank".into()),
            r if r == g.rows() - 1 => Some("a pawn may not be dropped on the last rank".into()),
            _ => None,
        }
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        self.chess.pseudo_legal_moves(pos, out);
        if pos.turn() != Color::Black {
            return;
        }
        // The supply is endless: drops do not come from `state.hands`
        // (which stays empty, and so draws no hand beside the board).
        let g = self.geometry();
        let pawn = Piece::new(Color::Black, Kind::PAWN);
        for sq in g.squares() {
            if pos.board.cell(sq).is_empty() && self.drop_restriction(pos, pawn, sq).is_none() {
                out.push(Move::drop(sq, pawn));
            }
        }
    }
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        self.four_in_line(pos).then_some(Outcome::VariantWin {
            winner: Color::Black,
            reason: "four pawns in a line",
        })
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
