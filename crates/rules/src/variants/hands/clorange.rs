//! Clorange (Clockwork Orange): chess where a captured piece goes back to
//! its owner's hand as its counterpart, a regular piece as a non-capturing
//! one and a non-capturing one as regular, to be dropped instead of a move
//! on any empty square (a pawn not on its last rank). Non-capturing pieces
//! (`s` pawn, `u` rook, `o` knight, `c` bishop, `t` queen, vchess's
//! letters) move as their counterparts but never capture nor give check;
//! a non-capturing pawn promotes to a non-capturing piece.
//!
//! vchess FEN: `board turn plies flags ep reserve`, the reserve twenty
//! digits: White's `p r n b q s u o c t`, then Black's.

use crate::color::Color;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, Undo};
use crate::rules::Rules;
use crate::square::Square;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};
use crate::variants::forward::{forward_rules, reserve_fields};

use super::drops;

/// Each regular kind with its non-capturing counterpart.
const COUNTERPARTS: [(Kind, Kind); 5] = [
    (Kind::PAWN, Kind(b's')),
    (Kind::ROOK, Kind(b'u')),
    (Kind::KNIGHT, Kind(b'o')),
    (Kind::BISHOP, Kind(b'c')),
    (Kind::QUEEN, Kind(b't')),
];

/// What may be dropped, in vchess's reserve order.
const HAND: [Kind; 10] = [
    Kind::PAWN,
    Kind::ROOK,
    Kind::KNIGHT,
    Kind::BISHOP,
    Kind::QUEEN,
    Kind(b's'),
    Kind(b'u'),
    Kind(b'o'),
    Kind(b'c'),
    Kind(b't'),
];

/// vchess's reserve field: White's ten kinds, then Black's.
const RESERVE: [(Color, Kind); 20] = {
    let mut out = [(Color::White, Kind::PAWN); 20];
    let mut i = 0;
    while i < 10 {
        out[i] = (Color::White, HAND[i]);
        out[i + 10] = (Color::Black, HAND[i]);
        i += 1;
    }
    out
};

/// Clorange rules: [`ChessLike`] moves (non-capturing pieces as `m`
/// pieces), counterpart drops.
pub struct Clorange {
    chess: ChessLike,
}

impl Default for Clorange {
    fn default() -> Self {
        Self::new()
    }
}

impl Clorange {
    pub fn new() -> Clorange {
        let mut army = chess::army();
        let mut pawn = PieceSpec::pawn();
        pawn.letter = 's';
        pawn.betza = "fmW".into();
        army.extend([
            pawn.names("non-capturing pawn", "pion non violent", "peón no violento"),
            PieceSpec::piece('u', "mR").names(
                "non-capturing rook",
                "tour non violente",
                "torre no violenta",
            ),
            PieceSpec::piece('o', "mN").names(
                "non-capturing knight",
                "cavalier non violent",
                "caballo no violento",
            ),
            PieceSpec::piece('c', "mB").names(
                "non-capturing bishop",
                "fou non violent",
                "alfil no violento",
            ),
            PieceSpec::piece('t', "mQ").names(
                "non-capturing queen",
                "dame non violente",
                "dama no violenta",
            ),
        ]);
        let promotions = vec![Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT];
        let spec = ChessLikeSpec {
            name: "Clorange".into(),
            start_fen:
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - 00000000000000000000".into(),
            armies: [army.clone(), army],
            promotions: [promotions.clone(), promotions],
            double_step: [true, true],
            castling: [true, true],
            ..Default::default()
        };
        Clorange {
            chess: ChessLike::new(spec).expect("the Clorange spec compiles"),
        }
    }
}

/// The other kind of a pair: regular to non-capturing and back.
fn counterpart(kind: Kind) -> Option<Kind> {
    COUNTERPARTS.iter().find_map(|&(regular, gentle)| {
        if kind == regular {
            Some(gentle)
        } else if kind == gentle {
            Some(regular)
        } else {
            None
        }
    })
}

impl Rules for Clorange {
    fn name(&self) -> &str {
        "Clorange"
    }
    forward_rules!(chess => geometry, start_fen, kinds, royal_kinds, piece_name, fen_style,
        royal_attacked, promotions, position_problems);
    reserve_fields!(RESERVE);
    fn hand_kinds(&self, _color: Color) -> KindSet {
        HAND.into_iter().collect()
    }
    fn drop_restriction(&self, _pos: &Position, piece: Piece, to: Square) -> Option<String> {
        drops::pawn_rank_restriction(self.geometry(), &[Kind::PAWN, Kind(b's')], piece, to, false)
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        self.chess.pseudo_legal_moves(pos, out);
        // A non-capturing pawn becomes a non-capturing piece.
        for mv in &mut out[start..] {
            if mv.intent.piece.kind != Kind(b's') {
                continue;
            }
            if let Some(k) = mv.intent.promotion.and_then(counterpart) {
                mv.intent.promotion = Some(k);
                drops::land_as(mv, k);
            }
        }
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
        // The taken piece goes back to its owner, as its counterpart.
        let mover = mv.color();
        for v in mv.effect.vanish.as_slice() {
            if v.piece.color != mover {
                if let Some(k) = counterpart(v.piece.kind) {
                    pos.state.hands.add(v.piece.color, k);
                }
            }
        }
        undo
    }
}
