//! Screen chess: the board starts empty; each side's first turn places its
//! sixteen chess pieces on its own half (White's then Black's, each
//! placement a drop that keeps the turn but the last): no pawn on its
//! first rank nor two on one file, the two bishops on squares of two
//! colors. No check during the placement; then chess without castling and
//! without en passant (pawns still double-step). A king left en prise by
//! the placement may be taken, which wins.
//!
//! vchess FEN: `board turn plies`; the hands are not written: a side whose
//! placement turn has not come (plies 0 for both, 1 for Black) holds its
//! whole army.

use crate::color::Color;
use crate::fen::Field;
use crate::moves::MoveList;
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, FenFields};
use crate::variants::forward::forward_rules;

use super::placement;

/// The army each side places, with counts (vchess's reserve order).
const SET: [(Kind, u8); 6] = [
    (Kind::PAWN, 8),
    (Kind::ROOK, 2),
    (Kind::KNIGHT, 2),
    (Kind::BISHOP, 2),
    (Kind::QUEEN, 1),
    (Kind::KING, 1),
];

/// Screen rules: [`ChessLike`] chess after the placement.
pub struct Screen {
    inner: ChessLike,
}

impl Default for Screen {
    fn default() -> Self {
        Self::new()
    }
}

impl Screen {
    pub fn new() -> Screen {
        let inner = ChessLike::new(ChessLikeSpec {
            name: "Screen".into(),
            start_fen: "8/8/8/8/8/8/8/8 w 0".into(),
            armies: [chess::army(), chess::army()],
            promotions: [
                vec![Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT],
                vec![Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT],
            ],
            double_step: [true, true],
            fen: FenFields {
                flags: Some(false),
                en_passant: Some(false),
            },
            ..Default::default()
        })
        .expect("the Screen spec compiles");
        Screen { inner }
    }

    /// Whether `piece` may be placed on the empty `sq`: its side's half, a
    /// pawn not on its first rank nor on a file holding its pawn, a bishop
    /// not on the color of its other bishop.
    fn placement_ok(&self, pos: &Position, piece: Piece, sq: Square) -> bool {
        let g = self.geometry();
        let rank = g.relative_rank(sq, piece.color);
        if rank >= g.rows() / 2 {
            return false;
        }
        let own = |kind: Kind| {
            g.squares().filter(move |&s| {
                pos.board.cell(s).piece(piece.color) == Some(Piece::new(piece.color, kind))
            })
        };
        let shade = |s: Square| (g.file(s) + g.rank(s)) % 2;
        match piece.kind {
            Kind::PAWN => rank > 0 && own(Kind::PAWN).all(|s| g.file(s) != g.file(sq)),
            Kind::BISHOP => own(Kind::BISHOP).all(|s| shade(s) != shade(sq)),
            _ => true,
        }
    }
}

impl Rules for Screen {
    fn name(&self) -> &str {
        "Screen"
    }
    forward_rules!(inner => geometry, start_fen, kinds, royal_kinds, piece_name, fen_style, play,
        promotions);
    fn royals_per_side(&self) -> Option<usize> {
        // Kings may still be in hand, Black's may have been taken:
        // `position_problems` counts them.
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
        (!self.placement_ok(pos, piece, to)).then(|| {
            "pieces are placed on their own half, one pawn a file and none on the first rank, \
             bishops on two colors"
                .into()
        })
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if placement::placing(pos) {
            let allowed = |piece, sq| self.placement_ok(pos, piece, sq);
            placement::push_placements(self.geometry(), pos, &SET, allowed, out);
            return;
        }
        self.inner.pseudo_legal_moves(pos, out);
    }
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        // No check while the pieces are placed; Black's placement may
        // leave its king en prise, a legal position with White to move.
        let en_prise = pos.state.plies == 2 && color == Color::Black && pos.turn() == Color::White;
        !placement::placing(pos) && !en_prise && self.inner.royal_attacked(pos, color)
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
        // Black's king, left en prise by its placement, was taken.
        if pos.board.royals(Color::Black).is_empty() {
            return Some(Outcome::VariantWin {
                winner: Color::White,
                reason: "king taken",
            });
        }
        self.inner.variant_outcome(pos)
    }
    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.inner.position_problems(pos, offset_of, out);
        // Black's king, left en prise by its placement, may have been taken.
        let needs_king = |color| color == Color::White || placement::placing(pos);
        placement::king_problems(pos, offset_of, needs_king, out);
    }
}
