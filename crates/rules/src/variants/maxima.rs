//! Maxima (Roberto Lavieri, 2003): Baroque's pieces on an 8×11 board whose
//! first and last ranks are only the two palace squares d and e, plus the
//! mage, the guard and a king that leaps as a knight on a cylinder. The
//! shared engine is [`super::baroque::Ultima`]; this file holds the board,
//! the king's leaps, the palace rule and the wins.
//!
//! Decisions where the Maxima page leaves a point open (sources: the page,
//! the chessvariants.com Maxima page it links, vchess's `Maxima.js`):
//! - The king wraps both ways (a↔h): the page says "and vice versa" and its
//!   diagram marks g5, g7, h4 and h8 from a6. vchess only wraps h→a; the
//!   page wins.
//! - Immobilizers work exactly as in Baroque (the page says so), cancelling
//!   included; only the mage is immune, so the king can be frozen. vchess
//!   lets a frozen piece commit suicide; neither page has that rule, so
//!   there is none here.
//! - The chameleon takes the king, the mage and the guard by stepping onto
//!   them from an adjacent square (the page's exception; the guard takes
//!   that way anyway).
//! - "May not fill its own palace": a move into the mover's own palace is
//!   refused while the palace's other square is occupied (by anyone; with
//!   both occupied, e is the closed one), judged before the move, so a
//!   piece cannot step from d1 to e1 either. This is vchess's rule, and the
//!   start perft (78766 at depth 3; 78930 if only a full palace after the
//!   move were refused) says the reference counts it so. A piece may still
//!   take the enemy king there: a check stays a check.
//! - Wins: the side to move has lost when both squares of its palace hold
//!   enemy pieces, or when it has nothing left but its king. A move that
//!   completes the invasion of the enemy palace is legal even if it leaves
//!   its own king attacked (Lavieri's remark on chessvariants.com: the game
//!   is over before the king can be taken).

use super::baroque::{Flavor, Ultima, KING};
use crate::color::Color;
use crate::geometry::{Geometry, KNIGHT_LEAPS};
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::Outcome;
use crate::square::Square;
use crate::squareset::SquareSet;

/// Files and ranks of the Maxima board.
const COLS: u8 = 8;
const ROWS: u8 = 11;
/// The palace files, d and e.
const PALACE_FILES: [u8; 2] = [3, 4];

/// The Maxima rules.
pub fn rules() -> Ultima {
    let mut holes = SquareSet::EMPTY;
    for rank in [0, ROWS - 1] {
        for file in (0..COLS).filter(|f| !PALACE_FILES.contains(f)) {
            holes.insert(Square(rank as u16 * COLS as u16 + file as u16));
        }
    }
    let geometry = Geometry::with_holes(ROWS, COLS, holes).expect("11×8 is a valid board");
    let king_leaps = (0..geometry.size() as u16)
        .map(|s| {
            let sq = Square(s);
            if !geometry.contains(sq) {
                return Vec::new();
            }
            let (f, r) = (geometry.file(sq) as i8, geometry.rank(sq) as i8);
            KNIGHT_LEAPS
                .iter()
                .filter_map(|&(df, dr)| {
                    let file = (f + df).rem_euclid(COLS as i8) as u8;
                    let rank = u8::try_from(r + dr).ok()?;
                    geometry.square(file, rank)
                })
                .collect()
        })
        .collect();
    let palace = |rank: u8| PALACE_FILES.map(|f| Square(rank as u16 * COLS as u16 + f as u16));
    let mut rules = Ultima::with(Flavor::Maxima, geometry);
    rules.king_leaps = king_leaps;
    rules.palaces = [palace(0), palace(ROWS - 1)];
    rules
}

impl Ultima {
    /// Whether both squares of `color`'s opponent's palace hold `color`'s pieces.
    pub(super) fn holds_palace(&self, pos: &Position, color: Color) -> bool {
        self.palaces[color.opposite().index()]
            .iter()
            .all(|&sq| pos.board.cell(sq).has(color))
    }

    /// Removes from `out[start..]` the moves into the mover's own palace
    /// while its other square is occupied, except those that take a king.
    pub(super) fn drop_palace_fillers(&self, pos: &Position, out: &mut MoveList, start: usize) {
        let us = pos.turn();
        let [d, e] = self.palaces[us.index()];
        let occupied = |sq: Square| !pos.board.cell(sq).is_empty();
        // With d occupied, e is closed; else with e occupied, d is closed.
        let closed = if occupied(d) {
            e
        } else if occupied(e) {
            d
        } else {
            return;
        };
        let mut kept = start;
        for i in start..out.len() {
            let mv = out[i];
            let takes_king = mv
                .effect
                .vanish
                .as_slice()
                .iter()
                .any(|v| v.piece.color != us && v.piece.kind == KING);
            if mv.intent.to != closed || takes_king {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Maxima's own results for the side to move.
    pub(super) fn maxima_outcome(&self, pos: &Position) -> Option<Outcome> {
        let us = pos.turn();
        let them = us.opposite();
        if Color::ALL.iter().any(|&c| pos.board.royals(c).is_empty()) {
            // A diagram showing a few pieces is no game: it has no result.
            return None;
        }
        if self.holds_palace(pos, them) {
            return Some(Outcome::VariantWin {
                winner: them,
                reason: "palace",
            });
        }
        let only_king = pos
            .board
            .pieces()
            .all(|(_, p)| p.color != us || p.kind == KING);
        only_king.then_some(Outcome::VariantWin {
            winner: them,
            reason: "all pieces captured",
        })
    }
}
