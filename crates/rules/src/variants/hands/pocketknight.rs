//! Pocketknight: chess where each side holds one extra knight it may drop,
//! instead of a move, on any empty square (the page: "Each player has a
//! knight in pocket, which can be dropped at any moment"; its diagram:
//! "After N@c7+"). Captures do not go to hand.
//!
//! vchess FEN: `board turn plies flags ep`, the flags the four castling
//! letters then one digit per side, 1 while its knight is in pocket
//! (`ahah11`). vchess plays a drop in two steps (a null "king takes king"
//! move announcing it, then the drop, each a ply); fenpress's drop is one
//! move (deviation `pocketknight-drop-in-one-move`).

use crate::color::Color;
use crate::moves::MoveList;
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State};
use crate::rules::Rules;
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::ChessLike;
use crate::variants::forward::forward_rules;

use super::drops;

/// Pocketknight rules: chess plus one knight drop per side.
pub struct Pocketknight {
    chess: ChessLike,
}

impl Default for Pocketknight {
    fn default() -> Self {
        Self::new()
    }
}

impl Pocketknight {
    pub fn new() -> Pocketknight {
        let mut spec = chess::spec();
        spec.name = "Pocketknight".into();
        spec.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah11 -".into();
        Pocketknight {
            chess: ChessLike::new(spec).expect("the Pocketknight spec compiles"),
        }
    }
}

impl Rules for Pocketknight {
    fn name(&self) -> &str {
        "Pocketknight"
    }
    forward_rules!(chess => geometry, start_fen, kinds, royal_kinds, piece_name, fen_style, royal_attacked, play, promotions);
    fn read_flags_tail(&self, tail: &str, state: &mut State) -> bool {
        let b = tail.as_bytes();
        if b.len() != 2 || !b.iter().all(|c| *c == b'0' || *c == b'1') {
            return false;
        }
        for (color, c) in Color::ALL.into_iter().zip(b) {
            state.hands.set(color, Kind::KNIGHT, c - b'0');
        }
        true
    }
    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let tail = Color::ALL
            .iter()
            .map(|c| pos.state.hands.count(*c, Kind::KNIGHT).min(1).to_string())
            .collect();
        (tail, String::new())
    }
    fn hand_kinds(&self, _color: Color) -> KindSet {
        [Kind::KNIGHT].into_iter().collect()
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        self.chess.pseudo_legal_moves(pos, out);
        drops::push_drops(self.geometry(), pos, &[Kind::KNIGHT], |_, _| true, out);
    }
    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.chess.position_problems(pos, offset_of, out);
        // One pocket knight each, at most.
        for color in Color::ALL {
            if pos.state.hands.count(color, Kind::KNIGHT) > 1 {
                out.push(Problem::HandPiece {
                    letter: Piece::new(color, Kind::KNIGHT).letter(),
                    offset: 0,
                });
            }
        }
    }
}
