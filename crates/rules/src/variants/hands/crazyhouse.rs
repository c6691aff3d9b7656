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
use crate::fen::Field;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::Rules;
use crate::square::Square;
use crate::validate::{self, Problem};
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};
use crate::variants::forward::forward_rules;

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

/// The reserve field vchess's Crazyhouse writes (`getReserveFen` walks
/// nine kinds into a ten-slot array, and the empty slots vanish when
/// joined): White's five counts, then Black's queens.
const LOSSY_RESERVE: [(Color, Kind); 6] = [
    (Color::White, Kind::PAWN),
    (Color::White, Kind::ROOK),
    (Color::White, Kind::KNIGHT),
    (Color::White, Kind::BISHOP),
    (Color::White, Kind::QUEEN),
    (Color::Black, Kind::QUEEN),
];

/// Whether `text` is that six-digit form.
fn is_lossy_reserve(text: &str) -> bool {
    text.len() == LOSSY_RESERVE.len() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Black's hand (pawns, rooks, knights, bishops, queens) when every piece
/// of the start is on the board or in a hand, as in any Crazyhouse game
/// (a capture moves a piece to a hand, a drop back): the start's count of
/// each kind less the board's (a promoted piece counts as the pawn it was)
/// and White's hand. `None` when the counts do not add up (a composed
/// position), or disagree with the queens the field does give.
fn black_reserve_from_board(pos: &Position) -> Option<[u8; 5]> {
    const START: [i32; 5] = [16, 4, 4, 4, 2];
    let mut left = START;
    for (_, p) in pos.board.pieces() {
        let kind = in_hand(p.kind).unwrap_or(p.kind);
        if let Some(i) = HAND.iter().position(|k| *k == kind) {
            left[i] -= 1;
        }
    }
    let mut black = [0u8; 5];
    for (i, kind) in HAND.into_iter().enumerate() {
        let n = left[i] - i32::from(pos.state.hands.count(Color::White, kind));
        black[i] = u8::try_from(n).ok().filter(|n| *n <= 9)?;
    }
    (black[4] == pos.state.hands.count(Color::Black, Kind::QUEEN)).then_some(black)
}

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
            name: "Crazyhouse".into(),
            // vchess's own start FEN, stray `-` included (fenpress writes none).
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - 0000000000 -".into(),
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
    fn name(&self) -> &str {
        "Crazyhouse"
    }
    forward_rules!(chess => geometry, start_fen, kinds, royal_kinds, piece_name, fen_style,
        royal_attacked, pinned, promotions, position_problems);
    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        // vchess's start FEN carries a stray `-` after the reserve.
        let fields = match fields {
            [reserve, dash] if dash.text == "-" => std::slice::from_ref(reserve),
            _ => fields,
        };
        match fields {
            // The site's lossy form: Black's pawn..bishop counts are lost;
            // `read_position_fields` counts them from the board.
            [f] if is_lossy_reserve(&f.text) => {
                validate::read_reserve_digits(f, &LOSSY_RESERVE, state, problems);
            }
            _ => drops::read_reserve_field(fields, &RESERVE, state, problems),
        }
    }
    fn read_position_fields(
        &self,
        fields: &[Field],
        pos: &mut Position,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first().filter(|f| is_lossy_reserve(&f.text)) else {
            return;
        };
        match black_reserve_from_board(pos) {
            Some(black) => {
                for (kind, n) in HAND.into_iter().zip(black) {
                    pos.state.hands.set(Color::Black, kind, n);
                }
            }
            None => problems.push(Problem::LossyField {
                field: "reserve",
                text: f.text.clone(),
                write: "the ten-digit reserve: White's pawns, rooks, knights, bishops and queens \
                        in hand, then Black's (`0000000000`)"
                    .into(),
                offset: f.offset,
            }),
        }
    }
    fn reading_notes(&self, fields: &[Field]) -> Vec<String> {
        match fields {
            [f] if is_lossy_reserve(&f.text) => vec![format!(
                "the reserve `{}` is the site's six-digit form, which loses Black's pawns, \
                 rooks, knights and bishops in hand: they were counted from the board \
                 (every piece of the start is on the board or in a hand)",
                f.text
            )],
            _ => Vec::new(),
        }
    }
    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        drops::write_reserve_field(pos, &RESERVE)
    }
    fn hand_kinds(&self, _color: Color) -> KindSet {
        HAND.into_iter().collect()
    }
    fn promoted_kind(&self, base: Kind) -> Option<Kind> {
        promoted(base)
    }
    fn drop_restriction(&self, _pos: &Position, piece: Piece, to: Square) -> Option<String> {
        drops::pawn_rank_restriction(self.geometry(), &[Kind::PAWN], piece, to, true)
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        self.chess.pseudo_legal_moves(pos, out);
        // A promoted pawn lands as its own letter; the intent keeps the
        // kind it moves as, so notation writes `e8=Q`.
        for mv in &mut out[start..] {
            if let Some(k) = mv.intent.promotion.and_then(promoted) {
                drops::land_as(mv, k);
            }
        }
        drops::push_drops(
            self.geometry(),
            pos,
            &HAND,
            // `drop_restriction`'s rule without its words (no allocation
            // at every node of a search).
            |p, sq| drops::pawn_rank_rule(self.geometry(), &[Kind::PAWN], p, sq, true).is_none(),
            out,
        );
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = self.chess.play(pos, mv);
        drops::captures_to_hand(pos, mv, in_hand);
        undo
    }
}
