//! Gridolina: Berolina chess on a board cut into sixteen 2×2 cells; every
//! move must leave its cell, so pieces of one cell do not attack each other
//! (an area permission, [`same_cell`]).

use super::twist::{is_castle, Twist, Twisted};
use crate::color::Color;
use crate::geometry::Geometry;
use crate::moves::MoveList;
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

/// The gridolina twist.
pub struct Gridolina;

/// The Gridolina rules: the Berolina definition, renamed.
pub fn rules() -> Twisted<Gridolina> {
    let berolina =
        crate::definition::builtin_spec("Berolina").expect("Berolina is a built-in definition");
    let spec = ChessLikeSpec {
        name: "Gridolina".into(),
        ..berolina.clone()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Gridolina spec compiles"),
        Gridolina,
    )
}

/// Whether two squares lie in the same 2×2 cell (a1-b2, c1-d2, ...).
pub fn same_cell(g: &Geometry, a: Square, b: Square) -> bool {
    g.file(a) / 2 == g.file(b) / 2 && g.rank(a) / 2 == g.rank(b) / 2
}

/// Whether `by` attacks `target` from outside its cell: some piece of `by`
/// could take a piece standing there (the castling test; vchess's own
/// misses the cell rule for pawns, see the deviation gridolina-pawn-cell).
fn cell_attacked(base: &ChessLike, pos: &Position, target: Square, by: Color) -> bool {
    let mut probe = pos.with_turn(by);
    if probe.board.cell(target).is_empty() {
        probe
            .board
            .put(target, Piece::new(by.opposite(), Kind::KNIGHT));
    }
    let mut list = MoveList::new();
    base.pseudo_legal_moves(&probe, &mut list);
    let g = base.geometry();
    list.iter()
        .any(|m| m.intent.to == target && m.intent.capture && !same_cell(g, m.intent.from, target))
}

impl Twist for Gridolina {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        let g = base.geometry();
        let mut kept = start;
        for i in start..out.len() {
            if !is_castle(&out[i]) && !same_cell(g, out[i].intent.from, out[i].intent.to) {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
        // The base tests castling against attacks from within a square's
        // cell too, which cannot take: castling again, with the cell test
        // where the base sees an attack (its attacks hold the cells' ones).
        let them = pos.turn().opposite();
        base.castling_moves_where(pos, out, &|s| {
            base.square_attacked(pos, s, them) && cell_attacked(base, pos, s, them)
        });
    }

    fn royal_attacked(&self, _base: &ChessLike, _pos: &Position, _color: Color) -> Option<bool> {
        // A piece of the king's cell does not attack it: the generic test
        // over the moves that leave their cell.
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::{legal, notation, validate, MoveList};

    #[test]
    fn page_diagram_the_king_cannot_take_in_its_cell() {
        // rules/Gridolina: "The white king under check cannot take the
        // knight, and Rxb4 is not possible."
        let r = super::rules();
        let mut pos = validate::position_from_fen(
            &r,
            "1r1kr3/3nbbQ1/6p1/4p3/1qp1p3/PR1P1NPP/4nP2/2B1KR1B w 30 iiii -",
        )
        .unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let v: Vec<String> = list.iter().map(|m| notation::coordinate(&r, m)).collect();
        assert!(!v.contains(&"e1e2".to_string()), "{v:?}");
        assert!(!v.contains(&"b3b4".to_string()), "{v:?}");
        assert!(!v.is_empty());
    }
}
