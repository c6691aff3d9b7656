//! Pandemonium1 (10×10) and Pandemonium2 (10×8): chess with a cardinal
//! (bishop + knight) and a marshal (rook + knight), pieces in hand, and
//! promotions for every piece but the king and the queen.
//!
//! - Set-up: at its very first turn each side may swap a knight with the
//!   bishop beside it, on one wing or both, or pass (written as its king
//!   moving onto the enemy king). A first swap keeps the turn (a chain,
//!   as Janggi's), so no FEN field records it; vchess picks the rank by
//!   the move counter (ply 0: White's first rank, ply 1: Black's).
//! - Promotions are optional and available to a move that starts or ends
//!   in the last two ranks (Pandemonium1) or the last rank (Pandemonium2):
//!   rook to dragon (rook + king), knight to scepter (knight + king),
//!   bishop to horse (bishop + king), cardinal to whole and marshal to
//!   apricot (both move as queens). A pawn becomes a gilding (a queen) on
//!   the last rank, and may in Pandemonium1 on the ninth.
//! - A captured piece goes to the captor's hand unpromoted and may be
//!   dropped on any empty square instead of a move; a pawn not on the
//!   first or last rank, and not to give mate.
//! - Pawns of Pandemonium1 advance up to three squares from the second
//!   rank and, as the page says, two from the third (vchess does not
//!   have the second: deviation `pandemonium1-third-rank-double-step`).
//!   The king castles three squares towards the rook, which lands beside
//!   it on the inner side.
//!
//! vchess FEN: `board turn plies flags ep reserve`, the reserve fourteen
//! digits (White's pawn, rook, knight, bishop, queen, cardinal, marshal,
//! then Black's); Pandemonium1's en-passant field lists the passed squares
//! (`e3,e4` after a triple step).

use crate::color::Color;
use crate::fen::{self, FenStyle, Field};
use crate::geometry::Geometry;
use crate::legal;
use crate::moves::{Effect, Intent, Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::{self, Problem};
use crate::variants::chesslike::{
    CastlingRules, ChessLike, ChessLikeSpec, PawnRules, PieceSpec, PromotionRules,
};

use super::drops;

/// The pass of the set-up: nothing moves; written from the own king to
/// the enemy king, as vchess does.
pub const PASS: MoveKind = MoveKind::Special(0);
/// A set-up swap of a knight and a bishop of the first rank.
pub const SWAP: MoveKind = MoveKind::Special(1);

/// `State::variant` bit: a first set-up swap was played and the same side
/// plays again (the chess rules keep en passant in the low 32 bits).
const SECOND_SWAP: u64 = 1 << 48;

pub const GILDING: Kind = Kind(b'g');
pub const SCEPTER: Kind = Kind(b's');
pub const HORSE: Kind = Kind(b'h');
pub const DRAGON: Kind = Kind(b'd');
pub const CARDINAL: Kind = Kind(b'c');
pub const WHOLE: Kind = Kind(b'w');
pub const MARSHAL: Kind = Kind(b'm');
pub const APRICOT: Kind = Kind(b'a');

/// Each piece that promotes, with what it becomes (pawns aside).
const PROMOTES: [(Kind, Kind); 5] = [
    (Kind::ROOK, DRAGON),
    (Kind::KNIGHT, SCEPTER),
    (Kind::BISHOP, HORSE),
    (CARDINAL, WHOLE),
    (MARSHAL, APRICOT),
];

/// What may be held, in vchess's reserve order.
const HAND: [Kind; 7] = [
    Kind::PAWN,
    Kind::ROOK,
    Kind::KNIGHT,
    Kind::BISHOP,
    Kind::QUEEN,
    CARDINAL,
    MARSHAL,
];

/// vchess's reserve field: White's seven counts, then Black's.
const RESERVE: [(Color, Kind); 14] = {
    let mut out = [(Color::White, Kind::PAWN); 14];
    let mut i = 0;
    while i < 7 {
        out[i] = (Color::White, HAND[i]);
        out[i + 7] = (Color::Black, HAND[i]);
        i += 1;
    }
    out
};

/// A piece's name in English, French and Spanish, as the rule pages call
/// it (the gilding, whole and apricot keep their English names there).
pub fn piece_names(kind: Kind) -> Option<[&'static str; 3]> {
    Some(match kind {
        Kind::PAWN => ["pawn", "pion", "peón"],
        Kind::ROOK => ["rook", "tour", "torre"],
        Kind::KNIGHT => ["knight", "cavalier", "caballo"],
        Kind::BISHOP => ["bishop", "fou", "alfil"],
        Kind::QUEEN => ["queen", "dame", "dama"],
        Kind::KING => ["king", "roi", "rey"],
        GILDING => ["gilding", "gilding", "gilding"],
        SCEPTER => ["scepter", "sceptre", "cetro"],
        HORSE => ["horse", "cheval", "jinete"],
        DRAGON => ["dragon", "dragon", "dragón"],
        CARDINAL => ["cardinal", "cardinal", "cardenal"],
        WHOLE => ["whole", "whole", "whole"],
        MARSHAL => ["marshal", "maréchal", "mariscal"],
        APRICOT => ["apricot", "apricot", "apricot"],
        _ => return None,
    })
}

/// The army, each piece in Betza notation.
fn army() -> Vec<PieceSpec> {
    let piece = |letter: char, betza: &'static str| {
        let [en, fr, es] = piece_names(Kind(letter as u8)).expect("a Pandemonium piece");
        PieceSpec::piece(letter, betza).names(en, fr, es)
    };
    let mut pawn = PieceSpec::pawn();
    pawn = pawn.names("pawn", "pion", "peón");
    let mut king = PieceSpec::king();
    king = king.names("king", "roi", "rey");
    vec![
        pawn,
        king,
        piece('r', "R"),
        piece('n', "N"),
        piece('b', "B"),
        piece('q', "Q"),
        piece('g', "Q"),
        piece('s', "NK"),
        piece('h', "BW"),
        piece('d', "RF"),
        piece('c', "BN"),
        piece('w', "Q"),
        piece('m', "RN"),
        piece('a', "Q"),
    ]
}

/// What a captured piece becomes in its captor's hand.
fn in_hand(kind: Kind) -> Option<Kind> {
    if kind == GILDING {
        return Some(Kind::PAWN);
    }
    if let Some((base, _)) = PROMOTES.iter().find(|(_, p)| *p == kind) {
        return Some(*base);
    }
    HAND.contains(&kind).then_some(kind)
}

/// Pandemonium's rules: chess moves from [`ChessLike`], promotions of the
/// pieces, drops, and the set-up turn.
pub struct Pandemonium {
    chess: ChessLike,
    /// Depth of the promotion zone (2 on 10×10, 1 on 10×8).
    zone: u8,
}

impl Pandemonium {
    /// Pandemonium1: 10×10, pawns step up to three squares, two-rank zone.
    pub fn first() -> Pandemonium {
        Pandemonium::new(
            "Pandemonium1",
            10,
            "rnbqkmcbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR w 0 ajaj - 00000000000000",
            2,
            PawnRules {
                max_step: 3,
                init_rank: [2, 2],
                min_rank: [0, 0],
                up_to_rank: Some(4),
                ..PawnRules::default()
            },
        )
    }

    /// Pandemonium2: 10×8, chess's pawns, promotion on the last rank.
    pub fn second() -> Pandemonium {
        Pandemonium::new(
            "Pandemonium2",
            8,
            "rnbqkmcbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR w 0 ajaj - 00000000000000",
            1,
            PawnRules::default(),
        )
    }

    fn new(
        name: &'static str,
        rows: u8,
        start_fen: &'static str,
        zone: u8,
        pawn: PawnRules,
    ) -> Pandemonium {
        let spec = ChessLikeSpec {
            name: name.into(),
            rows,
            cols: 10,
            start_fen: start_fen.into(),
            armies: [army(), army()],
            promotions: [vec![GILDING], vec![GILDING]],
            double_step: [true, true],
            castling: [true, true],
            promotion: PromotionRules {
                zone,
                optional: zone > 1,
                ..Default::default()
            },
            pawn,
            castle: CastlingRules {
                king_to: Some([1, 7]),
                rook_to: Some([2, 6]),
                ..Default::default()
            },
            ..Default::default()
        };
        Pandemonium {
            chess: ChessLike::new(spec).expect("the Pandemonium spec compiles"),
            zone,
        }
    }

    /// vchess's set-up: its first two plies.
    fn in_setup(pos: &Position) -> bool {
        pos.state.plies <= 1
    }

    /// The pass and the swaps of the set-up.
    fn setup_moves(&self, pos: &Position, out: &mut MoveList) {
        let g = self.chess.geometry();
        let us = pos.turn();
        let second = pos.state.variant & SECOND_SWAP != 0;
        if let Some(own) = pos.board.royals(us).first() {
            let enemy = pos.board.royals(us.opposite()).first().unwrap_or(own);
            let mut pass = Move::pass(own, enemy, Piece::new(us, Kind::KING), PASS);
            pass.intent.chain_step = u8::from(second);
            out.push(pass);
        }
        // vchess pairs the first knight of the rank with the first bishop,
        // the second with the second (whatever their colors).
        let rank = if pos.state.plies == 0 {
            0
        } else {
            g.rows() - 1
        };
        let files_of = |kind: Kind| -> Vec<Square> {
            (0..g.cols())
                .filter_map(|f| g.square(f, rank))
                .filter(|&s| pos.board.cell(s).pieces().any(|p| p.kind == kind))
                .collect()
        };
        let (knights, bishops) = (files_of(Kind::KNIGHT), files_of(Kind::BISHOP));
        let knight = Piece::new(us, Kind::KNIGHT);
        let bishop = Piece::new(us, Kind::BISHOP);
        for (i, &from) in knights.iter().enumerate().take(2) {
            let Some(&to) = bishops.get(i) else { continue };
            if pos.board.cell(from).piece(us) != Some(knight)
                || pos.board.cell(to).piece(us) != Some(bishop)
            {
                continue;
            }
            let mut effect = Effect::default();
            effect.vanish.push(from, knight);
            effect.vanish.push(to, bishop);
            effect.appear.push(to, knight);
            effect.appear.push(from, bishop);
            out.push(Move {
                intent: Intent {
                    from,
                    to,
                    piece: knight,
                    promotion: None,
                    prior_promotion: None,
                    capture: false,
                    kind: SWAP,
                    chain_step: u8::from(second),
                    continues: !second,
                },
                effect,
            });
        }
    }

    /// Whether `sq` is in the promotion zone of `color`.
    fn in_zone(&self, sq: Square, color: Color) -> bool {
        drops::in_last_ranks(self.chess.geometry(), sq, color, self.zone)
    }

    /// Adds, for each move of a promotable piece that starts or ends in
    /// the zone, the same move promoting it.
    fn add_piece_promotions(&self, out: &mut MoveList, start: usize) {
        let end = out.len();
        for i in start..end {
            let mv = out[i];
            if mv.intent.kind != MoveKind::Normal || mv.intent.promotion.is_some() {
                continue;
            }
            let piece = mv.intent.piece;
            let Some(&(_, promoted)) = PROMOTES.iter().find(|(b, _)| *b == piece.kind) else {
                continue;
            };
            let (from, to) = (mv.intent.from, mv.intent.to);
            if !self.in_zone(from, piece.color) && !self.in_zone(to, piece.color) {
                continue;
            }
            let captured = mv
                .effect
                .vanish
                .as_slice()
                .iter()
                .find(|v| v.piece.color != piece.color)
                .map(|v| v.piece);
            out.push(Move::simple(from, to, piece, captured, Some(promoted)));
        }
    }

    /// A pawn dropped on `to` mates: it checks the enemy king, which has
    /// no legal reply on the board (a pawn's check cannot be blocked, so
    /// drops cannot help).
    fn pawn_drop_mates(&self, pos: &Position, piece: Piece, to: Square) -> bool {
        let them = piece.color.opposite();
        let mut probe = pos.clone();
        let mv = Move::drop(to, piece);
        let undo = self.play(&mut probe, &mv);
        if !self.chess.royal_attacked(&probe, them) {
            return false;
        }
        let mut replies = MoveList::new();
        self.chess.pseudo_legal_moves(&probe, &mut replies);
        let mates = !replies.iter().any(|r| legal::is_legal(self, &mut probe, r));
        self.unplay(&mut probe, &mv, undo);
        mates
    }

    /// Whether a pawn on `to` attacks a royal piece of the enemy.
    fn pawn_checks(&self, pos: &Position, piece: Piece, to: Square) -> bool {
        let g = self.chess.geometry();
        let dr = if piece.color == Color::White { 1 } else { -1 };
        let royals = pos.board.royals(piece.color.opposite());
        [-1, 1]
            .into_iter()
            .filter_map(|df| g.offset(to, df, dr))
            .any(|s| royals.contains(s))
    }
}

impl Rules for Pandemonium {
    fn name(&self) -> &str {
        self.chess.name()
    }
    fn geometry(&self) -> &Geometry {
        self.chess.geometry()
    }
    fn start_fen(&self) -> &str {
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
    fn castling_rank(&self) -> u8 {
        self.chess.castling_rank()
    }
    fn royals_per_side(&self) -> Option<usize> {
        self.chess.royals_per_side()
    }
    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        match fields {
            [] => {}
            [reserve] => validate::read_reserve_digits(reserve, &RESERVE, state, problems),
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
    fn write_en_passant(&self, pos: &Position) -> Option<String> {
        self.chess.write_en_passant(pos)
    }
    fn read_en_passant(&self, text: &str, board: &crate::Board, state: &mut State) -> Option<bool> {
        if drop_en_passant(text) {
            return Some(true);
        }
        self.chess.read_en_passant(text, board, state)
    }
    fn hand_kinds(&self, _color: Color) -> KindSet {
        HAND.into_iter().collect()
    }
    fn drop_restriction(&self, pos: &Position, piece: Piece, to: Square) -> Option<String> {
        if piece.kind != Kind::PAWN {
            return None;
        }
        let g = self.geometry();
        match g.relative_rank(to, piece.color) {
            0 => return Some("a pawn may not be dropped on the first rank".into()),
            r if r == g.rows() - 1 => {
                return Some("a pawn may not be dropped on the last rank".into())
            }
            _ => {}
        }
        (pos.board.cell(to).is_empty()
            && self.pawn_checks(pos, piece, to)
            && self.pawn_drop_mates(pos, piece, to))
        .then(|| "a pawn drop may not give checkmate".into())
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if Self::in_setup(pos) {
            self.setup_moves(pos, out);
            return;
        }
        let start = out.len();
        self.chess.pseudo_legal_moves(pos, out);
        self.add_piece_promotions(out, start);
        drops::push_drops(
            self.geometry(),
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
        if matches!(mv.intent.kind, PASS | SWAP) {
            let undo = pos.apply(mv);
            pos.state.variant &= !(SECOND_SWAP | 0xffff_ffff);
            if mv.intent.continues {
                pos.state.variant |= SECOND_SWAP;
            }
            return undo;
        }
        let undo = self.chess.play(pos, mv);
        drops::captures_to_hand(pos, mv, in_hand);
        undo
    }
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        self.chess.variant_outcome(pos)
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

/// Whether `text` is the en-passant field vchess writes after a pawn drop:
/// it takes the reserve's row for the pawn's start, so the "passed" squares
/// are on file a next to White's edge (`a1,a2` after White's drop, `a0,a1`
/// after Black's). No pawn passes them; vchess's own game never captures
/// there, and fenpress reads the field as no en passant.
fn drop_en_passant(text: &str) -> bool {
    text.split(',').all(|name| {
        name.strip_prefix('a')
            .and_then(|rank| rank.parse::<u8>().ok())
            .is_some_and(|rank| rank <= 2)
    })
}
