//! Yoté (West Africa) on a 5×6 board, empty at the start, each player
//! holding twelve stones. A move puts a stone from the hand on an empty
//! cell, steps a stone orthogonally to an empty neighbour, or captures by
//! jumping orthogonally over an adjacent enemy stone to the empty cell
//! beyond; after a capture the capturer removes another enemy stone of
//! his choice (a second move of the same turn, unless the capture took
//! the last one). A step may not undo the same player's last step. After
//! the first two moves, a player with no stone on the board, or no move,
//! loses.
//!
//! The site's FEN: `board turn moves reserve last`, the reserve the two
//! hands' counts (`12,12`, the first player's first), `last` each player's
//! last step (`b2b3,-`), which the no-undo rule reads. The first player is
//! `w` with uppercase stones, drawn black (the page: "start with black
//! stones, as in Go").
//!
//! Moves: a drop from the hand ([`MoveKind::Drop`]); a step; a jump (a
//! capture that `continues` the turn while enemy stones remain); a removal
//! (kind [`REMOVAL`], the enemy stone vanishing on its cell, start and end
//! that cell as the site's engine lists it).
//!
//! The last steps are kept as the site's engine keeps them: the first
//! player's is forgotten by any move of his that is not a step, the
//! second player's only replaced by his next step.

use crate::color::Color;
use crate::fen::Field;
use crate::geometry::{Geometry, ORTHOGONAL};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;

/// The move kind of a removal after a capture (`b4X` on the site).
pub const REMOVAL: MoveKind = MoveKind::Special(b'X');

/// `state.variant`: the capturer still has to remove a stone.
const REMOVING: u64 = 1 << 40;
/// Bits of one side's last step in `state.variant`: a presence bit, then
/// the start and end squares (8 bits each); White's from bit 0, Black's
/// from bit 20.
const STEP_BITS: u32 = 20;

fn step_shift(color: Color) -> u32 {
    color.index() as u32 * STEP_BITS
}

/// A side's last step (start, end), if it has one.
pub fn last_step(state: &State, color: Color) -> Option<(Square, Square)> {
    let bits = state.variant >> step_shift(color);
    let square = |shift: u32| Square(((bits >> shift) & 0xff) as u16);
    (bits & 1 != 0).then_some((square(1), square(9)))
}

fn set_last_step(state: &mut State, color: Color, step: Option<(Square, Square)>) {
    let shift = step_shift(color);
    state.variant &= !(((1u64 << STEP_BITS) - 1) << shift);
    if let Some((from, to)) = step {
        let bits = 1 | (u64::from(from.0) << 1) | (u64::from(to.0) << 9);
        state.variant |= bits << shift;
    }
}

const STONE: Kind = Kind::PAWN;

/// Whether the side to move has captured and must now remove a stone.
pub fn removing(pos: &Position) -> bool {
    pos.state.variant & REMOVING != 0
}

/// Yoté's rules.
pub struct Yote {
    geometry: Geometry,
}

impl Yote {
    pub fn new() -> Yote {
        Yote {
            geometry: Geometry::new(5, 6).expect("a 5×6 board"),
        }
    }

    fn stones(&self, pos: &Position, color: Color) -> usize {
        pos.board.pieces().filter(|(_, p)| p.color == color).count()
    }

    /// The steps and jumps of `mover`'s stone on `from`.
    fn stone_moves(&self, pos: &Position, from: Square, mover: Color, out: &mut MoveList) {
        let stone = Piece::new(mover, STONE);
        let enemy = Piece::new(mover.opposite(), STONE);
        // The step back along the mover's last step is forbidden.
        let back =
            last_step(&pos.state, mover).and_then(|(start, end)| (end == from).then_some(start));
        for step in ORTHOGONAL {
            let Some(next) = self.geometry.offset_by(from, step) else {
                continue;
            };
            let cell = pos.board.cell(next);
            if cell.is_empty() {
                if back != Some(next) {
                    out.push(Move::simple(from, next, stone, None, None));
                }
            } else if cell.has(enemy.color) {
                let Some(land) = self.geometry.offset_by(next, step) else {
                    continue;
                };
                if pos.board.cell(land).is_empty() {
                    let mut mv = Move::simple(from, land, stone, None, None);
                    mv.effect.vanish.push(next, enemy);
                    mv.intent.capture = true;
                    // The capturer removes another stone, if any is left.
                    mv.intent.continues = self.stones(pos, enemy.color) > 1;
                    out.push(mv);
                }
            }
        }
    }
}

impl Default for Yote {
    fn default() -> Self {
        Yote::new()
    }
}

impl Rules for Yote {
    fn name(&self) -> &str {
        "Yote"
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        "6/6/6/6/6 w 0 12,12 -,-"
    }

    fn kinds(&self, _color: Color) -> KindSet {
        [STONE].into_iter().collect()
    }

    fn hand_kinds(&self, _color: Color) -> KindSet {
        [STONE].into_iter().collect()
    }

    fn royal_kinds(&self) -> KindSet {
        KindSet::EMPTY
    }

    fn royals_per_side(&self) -> Option<usize> {
        None
    }

    fn piece_name(&self, _piece: Piece) -> String {
        "stone".to_string()
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        if let Some(f) = fields.first() {
            let counts: Option<Vec<u8>> = f.text.split(',').map(|n| n.parse().ok()).collect();
            match counts.as_deref() {
                Some(&[w, b]) if w <= 12 && b <= 12 => {
                    state.hands.set(Color::White, STONE, w);
                    state.hands.set(Color::Black, STONE, b);
                }
                _ => problems.push(Problem::BadField {
                    field: "reserve (two counts of stones in hand, 0 to 12: `12,12`)",
                    text: f.text.clone(),
                    offset: f.offset,
                }),
            }
        }
        if let Some(f) = fields.get(1) {
            let g = &self.geometry;
            let parts: Vec<&str> = f.text.split(',').collect();
            let mut ok = parts.len() == 2;
            for (color, part) in Color::ALL.into_iter().zip(&parts) {
                if *part == "-" {
                    continue;
                }
                let squares = part
                    .char_indices()
                    .skip(1)
                    .find(|(_, c)| c.is_ascii_alphabetic())
                    .and_then(|(i, _)| {
                        Some((g.parse_square(&part[..i])?, g.parse_square(&part[i..])?))
                    });
                match squares {
                    Some(step) => set_last_step(state, color, Some(step)),
                    None => ok = false,
                }
            }
            if !ok {
                problems.push(Problem::BadField {
                    field: "last steps (each side's, `b2b3` or `-`: `b2b3,-`)",
                    text: f.text.clone(),
                    offset: f.offset,
                });
            }
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let g = &self.geometry;
        let count = |c| pos.state.hands.count(c, STONE);
        let step = |c| match last_step(&pos.state, c) {
            Some((from, to)) => format!("{}{}", g.square_name(from), g.square_name(to)),
            None => "-".to_string(),
        };
        (
            String::new(),
            format!(
                " {},{} {},{}",
                count(Color::White),
                count(Color::Black),
                step(Color::White),
                step(Color::Black)
            ),
        )
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if self.variant_outcome(pos).is_some() {
            return;
        }
        let mover = pos.turn();
        if removing(pos) {
            let stone = Piece::new(mover, STONE);
            let enemy = Piece::new(mover.opposite(), STONE);
            for (sq, p) in pos.board.pieces() {
                if p == enemy {
                    let mut mv = Move::drop(sq, stone);
                    mv.effect.appear = Default::default();
                    mv.effect.vanish.push(sq, enemy);
                    mv.intent.kind = REMOVAL;
                    mv.intent.capture = true;
                    mv.intent.chain_step = 1;
                    out.push(mv);
                }
            }
            return;
        }
        for from in self.geometry.squares() {
            if pos.board.cell(from).has(mover) {
                self.stone_moves(pos, from, mover, out);
            }
        }
        if pos.state.hands.count(mover, STONE) > 0 {
            let stone = Piece::new(mover, STONE);
            for to in self.geometry.squares() {
                if pos.board.cell(to).is_empty() {
                    out.push(Move::drop(to, stone));
                }
            }
        }
    }

    fn illegal_after(&self, _pos: &Position, _mover: Color) -> bool {
        // No royal piece: every generated move is legal.
        false
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = pos.apply(mv);
        let mover = mv.color();
        let step = mv.intent.kind == MoveKind::Normal && !mv.intent.capture;
        if step {
            set_last_step(&mut pos.state, mover, Some((mv.intent.from, mv.intent.to)));
        } else if mover == Color::White {
            set_last_step(&mut pos.state, mover, None);
        }
        if mv.intent.continues {
            pos.state.variant |= REMOVING;
        } else {
            pos.state.variant &= !REMOVING;
        }
        undo
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        // After the first two moves, a player without a stone on the board
        // has lost.
        let mover = pos.turn();
        (pos.state.plies > 2 && self.stones(pos, mover) == 0).then_some(Outcome::VariantWin {
            winner: mover.opposite(),
            reason: "no stone on the board",
        })
    }

    fn stalemate_outcome(&self, pos: &Position) -> Outcome {
        Outcome::VariantWin {
            winner: pos.turn().opposite(),
            reason: "no move",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::vchess_fen;
    use crate::legal::{legal_moves, outcome, perft};
    use crate::validate::position_from_fen;

    fn yote(fen: &str) -> (Yote, Position) {
        let yote = Yote::new();
        let pos = position_from_fen(&yote, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        (yote, pos)
    }

    #[test]
    fn start_perft_equals_the_sites_engine() {
        let (rules, mut pos) = yote("6/6/6/6/6 w 0 12,12 -,-");
        assert_eq!(vchess_fen(&rules, &pos), rules.start_fen());
        // fenpress-conformance perft Yote start 4 --stop-at-end: equal to the
        // site's engine through depth 4 (821,644, captures and removals).
        let counts: Vec<u64> = (1..=3).map(|d| perft(&rules, &mut pos, d)).collect();
        assert_eq!(counts, [30, 870, 27_180]);
    }

    #[test]
    fn a_capture_then_a_removal_of_the_capturers_choice() {
        // The page's pair: d2 takes d3 (landing on d4), then b4 is removed.
        let (rules, mut pos) = yote("6/1p2P1/3p2/1p1P2/5P w 12 9,9 -,-");
        let g = rules.geometry();
        let sq = |n: &str| g.parse_square(n).unwrap();
        let mut moves = MoveList::new();
        legal_moves(&rules, &mut pos, &mut moves);
        let jump = *moves
            .iter()
            .find(|m| m.intent.from == sq("d2") && m.intent.to == sq("d4"))
            .unwrap();
        assert!(jump.intent.capture && jump.intent.continues);
        let before = pos.clone();
        let undo = rules.play(&mut pos, &jump);
        assert_eq!(pos.turn(), Color::White);
        legal_moves(&rules, &mut pos, &mut moves);
        // Only removals now: one per black stone left (b2, b4).
        assert_eq!(moves.len(), 2);
        let removal = *moves.iter().find(|m| m.intent.to == sq("b4")).unwrap();
        let undo2 = rules.play(&mut pos, &removal);
        assert_eq!(vchess_fen(&rules, &pos), "6/3PP1/6/1p4/5P b 13 9,9 -,-");
        rules.unplay(&mut pos, &removal, undo2);
        rules.unplay(&mut pos, &jump, undo);
        assert_eq!(pos, before);
    }

    #[test]
    fn no_step_back_and_no_stone_loses() {
        // White's last step was b2b3: b3 may not go back to b2.
        let (rules, mut pos) = yote("6/6/1P4/6/5p w 5 0,0 b2b3,-");
        let g = rules.geometry();
        let mut moves = MoveList::new();
        legal_moves(&rules, &mut pos, &mut moves);
        let b3 = g.parse_square("b3").unwrap();
        let b2 = g.parse_square("b2").unwrap();
        assert!(moves
            .iter()
            .all(|m| !(m.intent.from == b3 && m.intent.to == b2)));
        assert_eq!(moves.len(), 3);
        // Black without stones on the board after move 2 loses.
        let (rules, mut pos) = yote("6/6/1P4/6/6 b 5 3,3 -,-");
        assert_eq!(
            outcome(&rules, &mut pos).and_then(Outcome::winner),
            Some(Color::White)
        );
        // A bad reserve is named.
        assert!(position_from_fen(&rules, "6/6/6/6/6 w 0 12 -,-").is_err());
    }
}
