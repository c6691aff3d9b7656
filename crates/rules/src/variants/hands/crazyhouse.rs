//! Crazyhouse: chess where a captured piece joins the capturer's hand and
//! may be dropped, instead of a move, on any empty square (a pawn not on
//! the first or last rank). A promoted pawn keeps its origin: it has its
//! own letter on the board (`u` rook, `o` knight, `c` bishop, `t` queen,
//! vchess's) and goes back to hand as a pawn when captured. Drops may give
//! check and mate.
//!
//! vchess FEN: `board turn plies flags ep reserve`, the reserve ten digits
//! (White's pawn, rook, knight, bishop, queen, then Black's); vchess's start
//! FEN has one more `-`, read and ignored. Standard FEN's `[Qn]` and `Q~`
//! read too.

use crate::color::Color;
use crate::fen::{self, FenStyle, Field};
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::{self, Problem};
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};

use super::drops;

/// Promoted pieces: (board kind, the kind it moves as).
const PROMOTED: [(Kind, Kind); 4] = [
    (Kind(b'u'), Kind::ROOK),
    (Kind(b'o'), Kind::KNIGHT),
    (Kind(b'c'), Kind::BISHOP),
    (Kind(b't'), Kind::QUEEN),
];

/// What may be dropped, in vchess's reserve order.
const HAND: [Kind; 5] = super::drops::CHESS_HAND;

/// vchess's reserve field: ten digits, White's five kinds then Black's.
const RESERVE: [(Color, Kind); 10] = super::drops::CHESS_RESERVE;

/// Crazyhouse rules: chess moves from [`ChessLike`] plus drops.
pub struct Crazyhouse {
    chess: ChessLike,
}

impl Default for Crazyhouse {
    fn default() -> Self {
        Self::new()
    }
}

impl Crazyhouse {
    pub fn new() -> Crazyhouse {
        let mut army = chess::army();
        army.extend([
            PieceSpec::piece('u', "R").named("promoted rook"),
            PieceSpec::piece('o', "N").named("promoted knight"),
            PieceSpec::piece('c', "B").named("promoted bishop"),
            PieceSpec::piece('t', "Q").named("promoted queen"),
        ]);
        let promotions = vec![Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT];
        let spec = ChessLikeSpec {
            name: "Crazyhouse",
            // vchess's own start FEN, stray `-` included (fenpress writes none).
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - 0000000000 -",
            armies: [army.clone(), army],
            promotions: [promotions.clone(), promotions],
            double_step: [true, true],
            castling: [true, true],
            ..Default::default()
        };
        Crazyhouse {
            chess: ChessLike::new(spec).expect("the Crazyhouse spec compiles"),
        }
    }
}

/// The board kind of a pawn promoted to `base`.
fn promoted(base: Kind) -> Option<Kind> {
    PROMOTED.iter().find(|(_, b)| *b == base).map(|(k, _)| *k)
}

/// What a captured piece becomes in hand: promoted pieces are pawns again.
fn in_hand(kind: Kind) -> Option<Kind> {
    if PROMOTED.iter().any(|(k, _)| *k == kind) {
        return Some(Kind::PAWN);
    }
    HAND.contains(&kind).then_some(kind)
}

impl Rules for Crazyhouse {
    fn name(&self) -> &'static str {
        "Crazyhouse"
    }
    fn geometry(&self) -> &Geometry {
        self.chess.geometry()
    }
    fn start_fen(&self) -> &'static str {
        self.chess.start_fen()
    }
    fn kinds(&self, color: Color) -> KindSet {
        self.chess.kinds(color)
    }
    fn royal_kinds(&self) -> KindSet {
        self.chess.royal_kinds()
    }
    fn piece_name(&self, piece: Piece) -> String {
        self.chess.piece_name(piece)
    }
    fn fen_style(&self) -> FenStyle {
        self.chess.fen_style()
    }
    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        // vchess's start FEN carries a stray `-` after the reserve.
        match fields {
            [] => {}
            [reserve] => validate::read_reserve_digits(reserve, &RESERVE, state, problems),
            [reserve, dash] if dash.text == "-" => {
                validate::read_reserve_digits(reserve, &RESERVE, state, problems)
            }
            [_, extra, ..] => problems.push(Problem::BadField {
                field: "after the reserve",
                text: extra.text.clone(),
                offset: extra.offset,
            }),
        }
    }
    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        (
            String::new(),
            format!(" {}", fen::reserve_digits(pos, &RESERVE)),
        )
    }
    fn hand_kinds(&self, _color: Color) -> KindSet {
        HAND.into_iter().collect()
    }
    fn promoted_kind(&self, base: Kind) -> Option<Kind> {
        promoted(base)
    }
    fn drop_restriction(&self, _pos: &Position, piece: Piece, to: Square) -> Option<String> {
        let g = self.geometry();
        if piece.kind != Kind::PAWN {
            return None;
        }
        match g.relative_rank(to, piece.color) {
            0 => Some("a pawn may not be dropped on the first rank".into()),
            r if r == g.rows() - 1 => Some("a pawn may not be dropped on the last rank".into()),
            _ => None,
        }
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        self.chess.pseudo_legal_moves(pos, out);
        // A promoted pawn lands as its own letter; the intent keeps the
        // kind it moves as, so notation writes `e8=Q`.
        for mv in &mut out[start..] {
            if let Some(k) = mv.intent.promotion.and_then(promoted) {
                let to = mv.intent.to;
                let color = mv.color();
                let vanish = mv.effect.vanish;
                mv.effect = Default::default();
                mv.effect.vanish = vanish;
                mv.effect.appear.push(to, Piece::new(color, k));
            }
        }
        let g = self.geometry();
        drops::push_drops(
            g,
            pos,
            &HAND,
            |p, sq| self.drop_restriction(pos, p, sq).is_none(),
            out,
        );
    }
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        self.chess.royal_attacked(pos, color)
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = self.chess.play(pos, mv);
        drops::captures_to_hand(pos, mv, in_hand);
        undo
    }
    fn variant_outcome(&self, _pos: &Position) -> Option<Outcome> {
        None
    }
    fn promotions(&self, color: Color) -> &[Kind] {
        self.chess.promotions(color)
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
