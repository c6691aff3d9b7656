//! Fanorona (Madagascar): stones on the 5×9 points of a board of lines,
//! every point joined to its orthogonal neighbours and the points whose
//! file and rank add up to an even number to their diagonal ones too. A
//! stone moves along a line to the next point. A move that ends next to
//! an enemy stone in its direction (approach) or leaves one just behind it
//! (withdrawal) captures that stone and the enemy stones in line beyond
//! it; approach and withdrawal are separate moves. A capture, when one is
//! possible, must be played; the capturing stone may then capture again
//! (a chain: the turn goes on), never landing where it has been in the
//! chain nor moving in its last direction again, and may stop instead.
//! The player left without stones loses.
//!
//! The site's FEN: `board turn moves`; White (uppercase, `w`) moves first.
//!
//! Moves: a step (paika); a capture, listing its captured stones, that
//! `continues` the turn when the stone can capture again; a stop
//! ([`STOP`]: nothing changes, the turn passes), offered in a chain.
//! The chain's state (the stone's point, its last direction, the points
//! it has left) is kept in `state.variant`.

use crate::color::Color;
use crate::geometry::{Geometry, KING_STEPS};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;

/// The move kind of a chain's stop.
pub const STOP: MoveKind = MoveKind::Special(b'S');

const STONE: Kind = Kind::PAWN;

/// `state.variant`: bit 63 a chain is on; bits 0..45 the points the stone
/// has left in it; bits 48..54 its point; bits 56..59 its last direction
/// (an index into [`KING_STEPS`]).
const IN_CHAIN: u64 = 1 << 63;
const VISITED: u64 = (1 << 45) - 1;

/// The chain going on in `state`: the stone's point, its last direction,
/// the points it has left.
pub fn chain(state: &State) -> Option<(Square, usize, u64)> {
    let v = state.variant;
    (v & IN_CHAIN != 0).then_some((
        Square(((v >> 48) & 0x3f) as u16),
        ((v >> 56) & 0x7) as usize,
        v & VISITED,
    ))
}

/// Fanorona's rules.
pub struct Fanorona {
    geometry: Geometry,
}

impl Fanorona {
    pub fn new() -> Fanorona {
        Fanorona {
            geometry: Geometry::new(5, 9).expect("a 5×9 board"),
        }
    }

    /// The directions a stone may take from `sq`: the four orthogonal
    /// ones, and the diagonals where the point's file and rank add up to
    /// an even number (indices into [`KING_STEPS`]).
    fn directions(&self, sq: Square) -> impl Iterator<Item = usize> {
        let even = (self.geometry.file(sq) + self.geometry.rank(sq)).is_multiple_of(2);
        (0..8).filter(move |&d| even || KING_STEPS[d].0 == 0 || KING_STEPS[d].1 == 0)
    }

    /// The enemy stones in line from `start` (included) along `step`
    /// (`enemy` tells which points hold one), written to `out`; how many.
    fn line(
        &self,
        start: Option<Square>,
        step: (i8, i8),
        enemy: &dyn Fn(Square) -> bool,
        out: &mut [Square; 9],
    ) -> usize {
        let mut n = 0;
        let mut at = start;
        while let Some(sq) = at.filter(|&sq| enemy(sq)) {
            out[n] = sq;
            n += 1;
            at = self.geometry.offset_by(sq, step);
        }
        n
    }

    /// Whether the stone of `mover` on `at`, having come by direction
    /// `last` in a chain that has left `visited`, can capture again on the
    /// board after the capture that took `gone` and moved it from `from`.
    fn can_capture_again(
        &self,
        pos: &Position,
        (from, at, last): (Square, Square, usize),
        gone: &[Square],
        visited: u64,
        mover: Color,
    ) -> bool {
        let colour = |sq: Square| -> Option<Color> {
            if sq == from || gone.contains(&sq) {
                return None;
            }
            if sq == at {
                return Some(mover);
            }
            let cell = pos.board.cell(sq);
            Color::ALL.into_iter().find(|&c| cell.has(c))
        };
        let enemy = |sq: Option<Square>| sq.is_some_and(|s| colour(s) == Some(mover.opposite()));
        self.directions(at).filter(|&d| d != last).any(|d| {
            let (df, dr) = KING_STEPS[d];
            let Some(to) = self.geometry.offset_by(at, (df, dr)) else {
                return false;
            };
            colour(to).is_none()
                && visited & (1 << to.0) == 0
                && (enemy(self.geometry.offset_by(to, (df, dr)))
                    || enemy(self.geometry.offset_by(at, (-df, -dr))))
        })
    }

    /// The captures of the stone on `from` (only those landing on points
    /// outside `visited` and not in direction `skip`), pushed to `out`.
    fn captures_from(
        &self,
        pos: &Position,
        from: Square,
        skip: Option<usize>,
        visited: u64,
        out: &mut MoveList,
    ) {
        let mover = pos.turn();
        let stone = Piece::new(mover, STONE);
        let enemy_piece = Piece::new(mover.opposite(), STONE);
        let enemy = |sq: Square| pos.board.cell(sq).has(mover.opposite());
        let mut line = [Square(0); 9];
        for d in self.directions(from) {
            if Some(d) == skip {
                continue;
            }
            let (df, dr) = KING_STEPS[d];
            let Some(to) = self.geometry.offset_by(from, (df, dr)) else {
                continue;
            };
            if !pos.board.cell(to).is_empty() || visited & (1 << to.0) != 0 {
                continue;
            }
            let approach = self.geometry.offset_by(to, (df, dr));
            let withdrawal = self.geometry.offset_by(from, (-df, -dr));
            for (start, step) in [(approach, (df, dr)), (withdrawal, (-df, -dr))] {
                let n = self.line(start, step, &enemy, &mut line);
                let gone = &line[..n];
                if gone.is_empty() {
                    continue;
                }
                let mut mv = Move::simple(from, to, stone, None, None);
                for &sq in gone {
                    mv.effect.vanish.push(sq, enemy_piece);
                }
                mv.intent.capture = true;
                mv.intent.chain_step = u8::from(skip.is_some());
                let left = visited | (1 << from.0);
                mv.intent.continues = self.can_capture_again(pos, (from, to, d), gone, left, mover);
                out.push(mv);
            }
        }
    }
}

impl Default for Fanorona {
    fn default() -> Self {
        Fanorona::new()
    }
}

impl Rules for Fanorona {
    fn name(&self) -> &str {
        "Fanorona"
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        "ppppppppp/ppppppppp/pPpP1pPpP/PPPPPPPPP/PPPPPPPPP w 0"
    }

    fn kinds(&self, _color: Color) -> KindSet {
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

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if self.variant_outcome(pos).is_some() {
            return;
        }
        let mover = pos.turn();
        if let Some((at, last, visited)) = chain(&pos.state) {
            // The chain's stone captures again, or stops.
            self.captures_from(pos, at, Some(last), visited, out);
            let mut stop = Move::simple(at, at, Piece::new(mover, STONE), None, None);
            stop.effect = Default::default();
            stop.intent.kind = STOP;
            stop.intent.chain_step = 1;
            out.push(stop);
            return;
        }
        let before = out.len();
        for from in self.geometry.squares() {
            if pos.board.cell(from).has(mover) {
                self.captures_from(pos, from, None, 0, out);
            }
        }
        if out.len() > before {
            return;
        }
        // No capture: the steps (paika).
        let stone = Piece::new(mover, STONE);
        for from in self.geometry.squares() {
            if !pos.board.cell(from).has(mover) {
                continue;
            }
            for d in self.directions(from) {
                if let Some(to) = self.geometry.offset_by(from, KING_STEPS[d]) {
                    if pos.board.cell(to).is_empty() {
                        out.push(Move::simple(from, to, stone, None, None));
                    }
                }
            }
        }
    }

    fn illegal_after(&self, _pos: &Position, _mover: Color) -> bool {
        // No royal piece: every generated move is legal.
        false
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let visited = chain(&pos.state).map_or(0, |c| c.2);
        let undo = pos.apply(mv);
        pos.state.variant = 0;
        if mv.intent.continues {
            let (from, to) = (mv.intent.from, mv.intent.to);
            let g = &self.geometry;
            let step = (
                g.file(to) as i8 - g.file(from) as i8,
                g.rank(to) as i8 - g.rank(from) as i8,
            );
            let d = KING_STEPS.iter().position(|&s| s == step).unwrap_or(0) as u64;
            pos.state.variant =
                IN_CHAIN | (visited | 1 << from.0) | (u64::from(to.0) << 48) | (d << 56);
        }
        undo
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        let mover = pos.turn();
        let has_stones = pos.board.pieces().any(|(_, p)| p.color == mover);
        (!has_stones).then_some(Outcome::VariantWin {
            winner: mover.opposite(),
            reason: "no stone left",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::vchess_fen;
    use crate::legal::{legal_moves, perft};
    use crate::validate::position_from_fen;

    #[test]
    fn start_perft_equals_the_sites_engine() {
        let fanorona = Fanorona::new();
        let rules: &dyn Rules = &fanorona;
        let mut pos = rules.start_position();
        assert_eq!(vchess_fen(rules, &pos), rules.start_fen());
        // With the stops the page allows ("continuing the capturing
        // sequence is optional").
        let counts: Vec<u64> = (1..=5).map(|d| perft(rules, &mut pos, d)).collect();
        assert_eq!(counts, [5, 17, 64, 337, 1496]);
        // Without them, the site's engine's counts (fenpress-conformance
        // perft Fanorona start 5 --stop-at-end: 5/17/53/258/978; its move
        // list never offers the stop: deviation fanorona-chain-stop).
        fn without_stops(rules: &dyn Rules, pos: &mut Position, depth: u32) -> u64 {
            let mut moves = MoveList::new();
            legal_moves(rules, pos, &mut moves);
            let moves: Vec<Move> = moves
                .iter()
                .filter(|m| m.intent.kind != STOP)
                .copied()
                .collect();
            if depth == 1 {
                return moves.len() as u64;
            }
            moves
                .iter()
                .map(|mv| {
                    let undo = rules.play(pos, mv);
                    let n = without_stops(rules, pos, depth - 1);
                    rules.unplay(pos, mv, undo);
                    n
                })
                .sum()
        }
        let site: Vec<u64> = (1..=5).map(|d| without_stops(rules, &mut pos, d)).collect();
        assert_eq!(site, [5, 17, 53, 258, 978]);
        assert_eq!(pos, rules.start_position());
    }

    #[test]
    fn a_chain_goes_on_or_stops_never_back_nor_in_its_last_direction() {
        // After 1.d2e3 (taking f4 and g5 by approach), Black's f3f4 takes
        // f2 and f1 by withdrawal; its stone on f4 may then capture once
        // more (the site's engine lists that capture alone) or stop.
        let fanorona = Fanorona::new();
        let rules: &dyn Rules = &fanorona;
        let mut pos = position_from_fen(
            rules,
            "pppppp1pp/ppppp1ppp/pPpPPpPpP/PPP1PPPPP/PPPPPPPPP b 1",
        )
        .unwrap();
        let mut moves = MoveList::new();
        legal_moves(rules, &mut pos, &mut moves);
        let g = rules.geometry();
        let f3f4 = *moves
            .iter()
            .find(|m| g.square_name(m.intent.from) == "f3" && g.square_name(m.intent.to) == "f4")
            .unwrap();
        assert!(f3f4.intent.continues);
        rules.play(&mut pos, &f3f4);
        assert_eq!(pos.turn(), Color::Black);
        legal_moves(rules, &mut pos, &mut moves);
        let texts: Vec<String> = moves
            .iter()
            .map(|m| {
                format!(
                    "{}{}",
                    g.square_name(m.intent.from),
                    g.square_name(m.intent.to)
                )
            })
            .collect();
        assert_eq!(texts.len(), 2, "{texts:?}");
        assert!(moves.iter().any(|m| m.intent.kind == STOP));
        let stop = *moves.iter().find(|m| m.intent.kind == STOP).unwrap();
        rules.play(&mut pos, &stop);
        assert_eq!(pos.turn(), Color::White);
        assert!(chain(&pos.state).is_none());
    }

    #[test]
    fn the_pages_capture_by_withdrawal_takes_the_line() {
        // "Before and after g4g3 (capturing g2 and g1)".
        let fanorona = Fanorona::new();
        let rules: &dyn Rules = &fanorona;
        let fen = "pppp1p1pp/pppppPppp/pP1PPp1pP/PPPpPPPPP/PPPP1PPPP b 1";
        let mut pos = position_from_fen(rules, fen).unwrap();
        let mut moves = MoveList::new();
        legal_moves(rules, &mut pos, &mut moves);
        let g = rules.geometry();
        let g4g3 = *moves
            .iter()
            .find(|m| g.square_name(m.intent.from) == "g4" && g.square_name(m.intent.to) == "g3")
            .unwrap();
        assert_eq!(g4g3.effect.vanish.len(), 3);
        let before = pos.clone();
        let undo = rules.play(&mut pos, &g4g3);
        assert_eq!(
            vchess_fen(rules, &pos).split(' ').next().unwrap(),
            "pppp1p1pp/pppppP1pp/pP1PPpppP/PPPpPP1PP/PPPP1P1PP"
        );
        rules.unplay(&mut pos, &g4g3, undo);
        assert_eq!(pos, before);
    }
}
