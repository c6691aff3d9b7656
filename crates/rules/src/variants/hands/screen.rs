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
use crate::fen::{FenStyle, Field};
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, FenFields};

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
            name: "Screen",
            start_fen: "8/8/8/8/8/8/8/8 w 0",
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

    /// Whether the placement turns are not over.
    fn placing(pos: &Position) -> bool {
        pos.state.plies <= 1
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

    /// The placement drops of the side to move; each keeps the turn but
    /// the one that empties the hand.
    fn placements(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        let held: u32 = SET
            .iter()
            .map(|(k, _)| u32::from(pos.state.hands.count(us, *k)))
            .sum();
        for (kind, _) in SET {
            if pos.state.hands.count(us, kind) == 0 {
                continue;
            }
            let piece = Piece::new(us, kind);
            for sq in self.geometry().squares() {
                if pos.board.cell(sq).is_empty() && self.placement_ok(pos, piece, sq) {
                    let mut mv = Move::drop(sq, piece);
                    mv.intent.continues = held > 1;
                    out.push(mv);
                }
            }
        }
    }
}

/// The hands no FEN writes: a side whose placement turn has not come
/// (White's at ply 0, Black's at plies 0 and 1) holds its whole army.
fn fill_hands(state: &mut State) {
    for color in Color::ALL {
        let waiting = match color {
            Color::White => state.plies == 0,
            Color::Black => state.plies <= 1,
        };
        for (kind, n) in SET {
            state.hands.set(color, kind, if waiting { n } else { 0 });
        }
    }
}

impl Rules for Screen {
    fn name(&self) -> &'static str {
        "Screen"
    }
    fn geometry(&self) -> &Geometry {
        self.inner.geometry()
    }
    fn start_fen(&self) -> &'static str {
        self.inner.start_fen()
    }
    fn kinds(&self, color: Color) -> KindSet {
        self.inner.kinds(color)
    }
    fn royal_kinds(&self) -> KindSet {
        self.inner.royal_kinds()
    }
    fn piece_name(&self, piece: Piece) -> String {
        self.inner.piece_name(piece)
    }
    fn fen_style(&self) -> FenStyle {
        self.inner.fen_style()
    }
    fn royals_per_side(&self) -> Option<usize> {
        // Kings may still be in hand, Black's may have been taken:
        // `position_problems` counts them.
        None
    }
    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        if let Some(extra) = fields.first() {
            problems.push(Problem::BadField {
                field: "after the move counter",
                text: extra.text.clone(),
                offset: extra.offset,
            });
        }
        fill_hands(state);
    }
    fn complete_diagram(&self, pos: &mut Position) {
        fill_hands(&mut pos.state);
    }
    fn hand_kinds(&self, _color: Color) -> KindSet {
        SET.iter().map(|(k, _)| *k).collect()
    }
    fn drop_restriction(&self, pos: &Position, piece: Piece, to: Square) -> Option<String> {
        if !Self::placing(pos) {
            return Some("pieces are placed on the first turn only".into());
        }
        (!self.placement_ok(pos, piece, to)).then(|| {
            "pieces are placed on their own half, one pawn a file and none on the first rank, \
             bishops on two colors"
                .into()
        })
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if Self::placing(pos) {
            self.placements(pos, out);
            return;
        }
        self.inner.pseudo_legal_moves(pos, out);
    }
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        // No check while the pieces are placed; Black's placement may
        // leave its king en prise, a legal position with White to move.
        let en_prise = pos.state.plies == 2 && color == Color::Black && pos.turn() == Color::White;
        !Self::placing(pos) && !en_prise && self.inner.royal_attacked(pos, color)
    }
    fn pinned(&self, pos: &Position) -> Option<crate::squareset::SquareSet> {
        if Self::placing(pos) {
            return None;
        }
        self.inner.pinned(pos)
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        self.inner.play(pos, mv)
    }
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        if Self::placing(pos) {
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
    fn promotions(&self, color: Color) -> &[Kind] {
        self.inner.promotions(color)
    }
    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.inner.position_problems(pos, offset_of, out);
        for color in Color::ALL {
            let royals = pos.board.royals(color);
            let kings = royals.len() + usize::from(pos.state.hands.count(color, Kind::KING));
            let offset = royals.iter().next().map(offset_of).unwrap_or(0);
            if kings > 1 {
                out.push(Problem::TooManyRoyals {
                    color,
                    count: kings,
                    expected: 1,
                    offset,
                });
            } else if kings == 0 && (color == Color::White || Self::placing(pos)) {
                out.push(Problem::MissingRoyal { color, offset });
            }
        }
    }
}
