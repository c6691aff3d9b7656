//! Shogun chess (Couch Tomato): chess where every piece but the king and
//! the queen promotes, optionally, moving into or from within its three
//! farthest ranks (the pawn only by arriving there, forced on the last
//! rank, never by capturing en passant): rook to mortar (`m`, rook and
//! knight), knight to general (`g`, king's steps and knight, not royal),
//! bishop to archbishop (`a`, bishop and knight), duchess (`f`, ferz) to
//! queen, pawn to captain (`c`, king's steps, not royal). Only one of each
//! major piece (queen, mortar, archbishop, general) may stand on the board
//! per side: a piece does not promote while its side has its promoted form
//! on the board. Captured pieces join the capturer's hand, unpromoted (a
//! queen as a duchess), and may be dropped instead of a move on any empty
//! square of the dropper's first five ranks (a pawn on its first rank
//! too; it then steps one square at a time).
//!
//! vchess FEN: `board turn plies flags ep reserve`, the reserve ten digits
//! (White's pawn, rook, knight, bishop, duchess, then Black's).

use crate::color::Color;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, Undo};
use crate::rules::Rules;
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec, PromotionRules};
use crate::variants::forward::{forward_rules, reserve_fields};

use super::drops;

const CAPTAIN: Kind = Kind(b'c');
const GENERAL: Kind = Kind(b'g');
const ARCHBISHOP: Kind = Kind(b'a');
const MORTAR: Kind = Kind(b'm');
const DUCHESS: Kind = Kind(b'f');

/// What may be held and dropped, in vchess's reserve order.
const HAND: [Kind; 5] = [Kind::PAWN, Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, DUCHESS];

/// vchess's reserve field: White's five kinds, then Black's.
const RESERVE: [(Color, Kind); 10] = [
    (Color::White, Kind::PAWN),
    (Color::White, Kind::ROOK),
    (Color::White, Kind::KNIGHT),
    (Color::White, Kind::BISHOP),
    (Color::White, DUCHESS),
    (Color::Black, Kind::PAWN),
    (Color::Black, Kind::ROOK),
    (Color::Black, Kind::KNIGHT),
    (Color::Black, Kind::BISHOP),
    (Color::Black, DUCHESS),
];

/// Each piece that promotes by moving with its promoted form (the pawn's
/// captain is the pawn promotion of the chess rules).
const PROMOTED: [(Kind, Kind); 4] = [
    (Kind::ROOK, MORTAR),
    (Kind::KNIGHT, GENERAL),
    (Kind::BISHOP, ARCHBISHOP),
    (DUCHESS, Kind::QUEEN),
];

/// How many ranks, from the far edge, form the promotion zone.
const ZONE: u8 = 3;

/// How many ranks, from the dropper's own edge, it may drop on.
const DROP_RANKS: u8 = 5;

/// Shogun rules: [`ChessLike`] moves, promotions by zone, drops.
pub struct Shogun {
    chess: ChessLike,
}

impl Default for Shogun {
    fn default() -> Self {
        Self::new()
    }
}

impl Shogun {
    pub fn new() -> Shogun {
        let mut army = chess::army();
        army.extend([
            PieceSpec::piece('c', "K").names("captain", "capitaine", "capitán"),
            PieceSpec::piece('g', "KN").names("general", "général", "general"),
            PieceSpec::piece('a', "BN").names("archbishop", "archevêque", "arzobispo"),
            PieceSpec::piece('m', "RN").names("mortar", "mortier", "mortero"),
            PieceSpec::piece('f', "F").names("duchess", "duchesse", "duquesa"),
        ]);
        let mut spec = ChessLikeSpec {
            name: "Shogun".into(),
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - 0000000000".into(),
            armies: [army.clone(), army],
            promotions: [vec![CAPTAIN], vec![CAPTAIN]],
            promotion: PromotionRules {
                zone: ZONE,
                optional: true,
                ..Default::default()
            },
            double_step: [true, true],
            castling: [true, true],
            ..Default::default()
        };
        // A pawn dropped on its first rank steps one square at a time, and
        // may stand there: `position_problems` forbids only the last rank.
        spec.pawn.min_rank = [1, 1];
        spec.wins.pawns_anywhere = true;
        Shogun {
            chess: ChessLike::new(spec).expect("the Shogun spec compiles"),
        }
    }

    /// The promoted twin of each move of a promoting piece that enters,
    /// or starts in, the zone while its side has no such promoted piece
    /// on the board; an en-passant capture never promotes.
    fn promotions_of(&self, pos: &Position, out: &mut MoveList, start: usize) {
        let g = self.geometry();
        let us = pos.turn();
        let in_zone = |sq: Square| drops::in_last_ranks(g, sq, us, ZONE);
        let on_board = |kind: Kind| {
            g.squares()
                .any(|sq| pos.board.cell(sq).piece(us) == Some(Piece::new(us, kind)))
        };
        let blocked: Vec<Kind> = PROMOTED
            .iter()
            .filter(|(_, promoted)| on_board(*promoted))
            .map(|(base, _)| *base)
            .collect();
        // An en-passant capture lands in the zone but does not promote.
        let mut i = start;
        while i < out.len() {
            if out[i].intent.kind == MoveKind::EnPassant && out[i].intent.promotion.is_some() {
                out.remove(i);
            } else {
                i += 1;
            }
        }
        for i in start..out.len() {
            let mv = out[i];
            if mv.intent.kind != MoveKind::Normal || blocked.contains(&mv.intent.piece.kind) {
                continue;
            }
            let Some(&(_, promoted)) = PROMOTED.iter().find(|(b, _)| *b == mv.intent.piece.kind)
            else {
                continue;
            };
            if in_zone(mv.intent.from) || in_zone(mv.intent.to) {
                let mut twin = mv;
                twin.intent.promotion = Some(promoted);
                drops::land_as(&mut twin, promoted);
                out.push(twin);
            }
        }
    }
}

/// What a captured piece becomes in hand: its unpromoted form.
fn in_hand(kind: Kind) -> Option<Kind> {
    let base = match kind {
        CAPTAIN => Kind::PAWN,
        Kind::QUEEN => DUCHESS,
        k => PROMOTED
            .iter()
            .find(|(_, promoted)| *promoted == k)
            .map_or(k, |(base, _)| *base),
    };
    HAND.contains(&base).then_some(base)
}

impl Rules for Shogun {
    fn name(&self) -> &str {
        "Shogun"
    }
    forward_rules!(chess => geometry, start_fen, kinds, royal_kinds, piece_name, fen_style,
        royal_attacked, promotions);
    reserve_fields!(RESERVE);
    fn hand_kinds(&self, _color: Color) -> KindSet {
        HAND.into_iter().collect()
    }
    fn drop_restriction(&self, _pos: &Position, piece: Piece, to: Square) -> Option<String> {
        (self.geometry().relative_rank(to, piece.color) >= DROP_RANKS)
            .then(|| "pieces are dropped on their side's first five ranks only".into())
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        self.chess.pseudo_legal_moves(pos, out);
        self.promotions_of(pos, out, start);
        drops::push_drops(
            self.geometry(),
            pos,
            &HAND,
            |p, sq| self.drop_restriction(pos, p, sq).is_none(),
            out,
        );
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = self.chess.play(pos, mv);
        drops::captures_to_hand(pos, mv, in_hand);
        undo
    }
    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.chess.position_problems(pos, offset_of, out);
        // A pawn may stand on its first rank (dropped there), never on its
        // last (it became a captain).
        let g = self.geometry();
        for sq in g.squares() {
            for p in pos.board.cell(sq).pieces() {
                if p.kind == Kind::PAWN && g.relative_rank(sq, p.color) == g.rows() - 1 {
                    out.push(Problem::PawnOnBackRank {
                        square: g.square_name(sq),
                        piece: p.letter(),
                        offset: offset_of(sq),
                    });
                }
            }
        }
    }
}
