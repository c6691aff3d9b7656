//! Shinobi: the Sakura Clan (White) against the chess Kingdom (Black). The
//! Clan starts with most of its pieces in hand and may drop one, instead
//! of a move, on any empty square of its first four ranks; captures go to
//! no hand. Its monk (ferz), horse (two forward, one aside), lance
//! (forward rook) become bishop, knight and rook on the last two ranks,
//! and either side's pawn becomes a captain (king's steps) there. A king on
//! the far rank wins (campmate); stalemate loses. Only Black castles.
//!
//! vchess FEN: `board turn plies flags ep reserve`, the flags Black's two
//! rook files, the reserve five digits: White's ninja, dragon, monk, horse,
//! lance.

use crate::color::Color;
use crate::moves::MoveList;
use crate::piece::{Kind, KindSet, Piece};
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::{
    ChessLike, ChessLikeSpec, PieceSpec, PromotionRules, StalemateResult, WinSpec,
};
use crate::variants::forward::{forward_rules, reserve_fields};

use super::drops;

const CAPTAIN: Kind = Kind(b'c');
const NINJA: Kind = Kind(b'j');
const DRAGON: Kind = Kind(b'd');
const MONK: Kind = Kind(b'm');
const HORSE: Kind = Kind(b'h');
const LANCE: Kind = Kind(b'l');

/// The Clan's hand, in vchess's reserve order.
const HAND: [Kind; 5] = [NINJA, DRAGON, MONK, HORSE, LANCE];

/// vchess's reserve field: White's five kinds (Black holds nothing).
const RESERVE: [(Color, Kind); 5] = [
    (Color::White, NINJA),
    (Color::White, DRAGON),
    (Color::White, MONK),
    (Color::White, HORSE),
    (Color::White, LANCE),
];

/// The Clan's minor pieces and what they become on the last two ranks.
const PROMOTED: [(Kind, Kind); 3] = [
    (MONK, Kind::BISHOP),
    (HORSE, Kind::KNIGHT),
    (LANCE, Kind::ROOK),
];

/// Shinobi rules: [`ChessLike`] moves, the Clan's drops and promotions.
pub struct Shinobi {
    chess: ChessLike,
}

impl Default for Shinobi {
    fn default() -> Self {
        Self::new()
    }
}

impl Shinobi {
    pub fn new() -> Shinobi {
        let captain = PieceSpec::piece('c', "K").names("captain", "capitaine", "capitán");
        let clan = vec![
            PieceSpec::king().names("kage", "kage", "kage"),
            PieceSpec::pawn(),
            captain.clone(),
            PieceSpec::piece('j', "BN").names("ninja", "ninja", "ninja"),
            PieceSpec::piece('d', "RF").names("dragon", "dragon", "dragón"),
            PieceSpec::piece('m', "F").names("monk", "moine", "monje"),
            PieceSpec::piece('h', "ffN").names("horse", "cheval", "caballo"),
            PieceSpec::piece('l', "fR").names("lance", "lance", "lanza"),
            PieceSpec::piece('b', "B"),
            PieceSpec::piece('n', "N"),
            PieceSpec::piece('r', "R"),
        ];
        let mut kingdom = chess::army();
        kingdom.push(captain);
        let spec = ChessLikeSpec {
            name: "Shinobi".into(),
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL w 0 ah - 11211".into(),
            armies: [clan, kingdom],
            // Either side's pawn becomes a captain on its last two ranks.
            promotions: [vec![CAPTAIN], vec![CAPTAIN]],
            promotion: PromotionRules {
                zone: 2,
                ..Default::default()
            },
            double_step: [true, true],
            castling: [false, true],
            campmate: true,
            win: WinSpec {
                stalemate: StalemateResult::Loss,
                ..WinSpec::default()
            },
            ..Default::default()
        };
        Shinobi {
            chess: ChessLike::new(spec).expect("the Shinobi spec compiles"),
        }
    }
}

impl Rules for Shinobi {
    fn name(&self) -> &str {
        "Shinobi"
    }
    forward_rules!(chess => geometry, start_fen, kinds, royal_kinds, piece_name, fen_style,
        royal_attacked, play, variant_outcome, stalemate_outcome, promotions);
    reserve_fields!(RESERVE);
    fn hand_kinds(&self, color: Color) -> KindSet {
        match color {
            Color::White => HAND.into_iter().collect(),
            Color::Black => KindSet::EMPTY,
        }
    }
    fn drop_restriction(&self, _pos: &Position, piece: Piece, to: Square) -> Option<String> {
        if piece.color == Color::Black {
            return Some("the Kingdom drops nothing".into());
        }
        (self.geometry().rank(to) >= 4)
            .then(|| "the Clan drops on its first four ranks only".into())
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        self.chess.pseudo_legal_moves(pos, out);
        let g = self.geometry();
        // The Clan's minor pieces promote arriving on the last two ranks.
        for mv in &mut out[start..] {
            let piece = mv.intent.piece;
            let Some(&(_, to_kind)) = PROMOTED.iter().find(|(k, _)| *k == piece.kind) else {
                continue;
            };
            let to = mv.intent.to;
            if piece.color == Color::White && g.relative_rank(to, Color::White) >= g.rows() - 2 {
                mv.intent.promotion = Some(to_kind);
                drops::land_as(mv, to_kind);
            }
        }
        if pos.turn() == Color::White {
            drops::push_drops(
                g,
                pos,
                &HAND,
                |p, sq| self.drop_restriction(pos, p, sq).is_none(),
                out,
            );
        }
    }
    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.chess.position_problems(pos, offset_of, out);
        for kind in HAND {
            if pos.state.hands.count(Color::White, kind) > 2 {
                out.push(Problem::HandPiece {
                    letter: Piece::new(Color::White, kind).letter(),
                    offset: 0,
                });
            }
        }
    }
}
