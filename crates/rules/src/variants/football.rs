//! Football (Joseph Boyer, 1951) on a 9×9 board: chess pieces that never
//! capture, and a ball (`a`) they kick towards the enemy's goal, the middle
//! square of the enemy's first rank (e9 for White, e1 for Black). A ball on
//! a goal scores, whoever kicked it.
//!
//! A turn, as the page tells it: a normal move (non-capturing, never onto a
//! goal square), mandatory when none of the player's pieces stands next to
//! the ball; then, or at once, kicks: a piece next to the ball sends it
//! along the line from the piece through the ball, if that line is one the
//! piece moves along (a rook orthogonally, a bishop diagonally, a queen
//! either, a king one square), onto an empty square, each piece once a
//! turn; a knight sends it a knight's leap away, not next to itself unless
//! the ball is in a corner. The turn goes on while a piece of the player
//! stands next to the ball, and the player ends it ("pass": vchess's
//! interface has them take one of their own pieces with the ball).
//!
//! Each part is a ply (a move that `continues` keeps the turn); the FEN's
//! move counter counts turns, as vchess's. Decided by the page where vchess
//! differs: the ball never reaches or crosses a goal along its goal rank
//! (vchess lets it cross), and no kick scores in the first two turns, a
//! knight's neither (vchess lets a knight's). Where the page is silent,
//! vchess is followed: a slider or king may also kick the ball backwards,
//! over itself, along the same line; a bishop stuck in a corner may jump
//! over the piece beside it; the player may end a turn without a move when
//! a piece stands next to the ball.
//!
//! The ball belongs to neither side; the core's cells hold a White and a
//! Black byte, so it is kept as kind `a` in Black's byte, as in Ball.
//!
//! `State::variant`: bit 63, the turn is in its kicks (no normal move any
//! more); bits 0 to 62, which of the mover's pieces (numbered in square
//! order; pieces stand still while the ball is kicked) have kicked.

use crate::color::Color;
use crate::fen::FenStyle;
use crate::geometry::{Geometry, DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::{Effect, Intent, Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;

use super::ball::own_piece;
pub use super::ball::{BALL, BALL_KIND};
/// A kick by the piece next to the ball in direction `KICK + d` from the
/// ball (`d` an index into [`KING_STEPS`]).
const KICK: u8 = 0x10;
/// The end of a turn (vchess's "pass").
pub const END: MoveKind = MoveKind::Special(b'E');

const KICKING: u64 = 1 << 63;
const PIECES: [Kind; 6] = Kind::CHESS;
const PROMOTIONS: [Kind; 4] = [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN];

/// Football's rules.
pub struct Football {
    geometry: Geometry,
}

impl Default for Football {
    fn default() -> Self {
        Football::new()
    }
}

/// The kicker's direction from the ball, for a kick.
fn kick_direction(mv: &Move) -> Option<(i8, i8)> {
    match mv.intent.kind {
        MoveKind::Special(k) if (KICK..KICK + 8).contains(&k) => {
            Some(KING_STEPS[usize::from(k - KICK)])
        }
        _ => None,
    }
}

impl Football {
    pub fn new() -> Football {
        Football {
            geometry: Geometry::new(9, 9).expect("a 9×9 board"),
        }
    }

    fn goal(&self, sq: Square) -> bool {
        self.geometry.file(sq) == 4 && [0, 8].contains(&self.geometry.rank(sq))
    }

    fn ball(&self, pos: &Position) -> Option<Square> {
        self.geometry
            .squares()
            .find(|&sq| pos.board.cell(sq).piece(Color::Black) == Some(BALL))
    }

    fn empty(&self, pos: &Position, sq: Square) -> bool {
        pos.board.cell(sq).is_empty()
    }

    /// The number of the mover's piece on `sq` among the mover's pieces in
    /// square order.
    fn piece_index(&self, pos: &Position, sq: Square, mover: Color) -> u32 {
        self.geometry
            .squares()
            .take_while(|&s| s != sq)
            .filter(|&s| own_piece(pos, s, mover).is_some())
            .count() as u32
    }

    /// Whether, after the mover's `mv` (the ball on `ball` before it), a
    /// piece of the mover stands next to the ball: a kick moves the ball
    /// only, a normal move one piece only, so no copy of the board is
    /// played.
    fn goes_on(&self, pos: &Position, ball: Square, mv: &Move) -> bool {
        let mover = pos.turn();
        let kick = kick_direction(mv).is_some();
        let ball_after = if kick { mv.intent.to } else { ball };
        KING_STEPS.iter().any(|&d| {
            self.geometry.offset_by(ball_after, d).is_some_and(|s| {
                (!kick && s == mv.intent.to)
                    || ((kick || s != mv.intent.from) && own_piece(pos, s, mover).is_some())
            })
        })
    }

    fn piece_moves(&self, pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
        let g = &self.geometry;
        let start = out.len();
        let (steps, slides): (&[(i8, i8)], bool) = match piece.kind {
            Kind::PAWN => return self.pawn_moves(pos, from, piece, out),
            Kind::ROOK => (&ORTHOGONAL, true),
            Kind::BISHOP => (&DIAGONAL, true),
            Kind::QUEEN => (&KING_STEPS, true),
            Kind::KING => (&KING_STEPS, false),
            Kind::KNIGHT => (&KNIGHT_LEAPS, false),
            _ => return,
        };
        for &step in steps {
            let mut at = from;
            while let Some(next) = g.offset_by(at, step) {
                if !self.empty(pos, next) {
                    break;
                }
                at = next;
                if !self.goal(at) {
                    out.push(Move::simple(from, at, piece, None, None));
                }
                if !slides {
                    break;
                }
            }
        }
        // "Bishops stuck in the corner have the extra option to jump over
        // the obstacle."
        let corner = [0, 8].contains(&g.file(from)) && [0, 8].contains(&g.rank(from));
        if piece.kind == Kind::BISHOP && corner && out.len() == start {
            let df: i8 = if g.file(from) == 0 { 1 } else { -1 };
            let dr: i8 = if g.rank(from) == 0 { 1 } else { -1 };
            if let (Some(over), Some(to)) = (
                g.offset_by(from, (df, dr)),
                g.offset_by(from, (2 * df, 2 * dr)),
            ) {
                if !self.empty(pos, over) && self.empty(pos, to) {
                    out.push(Move::simple(from, to, piece, None, None));
                }
            }
        }
    }

    fn pawn_moves(&self, pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
        let g = &self.geometry;
        let forward: i8 = if piece.color == Color::White { 1 } else { -1 };
        let Some(one) = g.offset_by(from, (0, forward)) else {
            return;
        };
        if !self.empty(pos, one) || self.goal(one) {
            return;
        }
        if g.relative_rank(one, piece.color) == 8 {
            for k in PROMOTIONS {
                out.push(Move::simple(from, one, piece, None, Some(k)));
            }
            return;
        }
        out.push(Move::simple(from, one, piece, None, None));
        if g.relative_rank(from, piece.color) == 1 {
            if let Some(two) = g.offset_by(one, (0, forward)) {
                if self.empty(pos, two) && !self.goal(two) {
                    out.push(Move::simple(from, two, piece, None, None));
                }
            }
        }
    }

    /// Where the ball may land when kicked from `ball` to `to`, as far as
    /// the goals are concerned: no score in the first two turns, never onto
    /// a goal along the goal rank.
    fn may_land(&self, pos: &Position, ball: Square, to: Square, horizontal: bool) -> bool {
        if !self.goal(to) {
            return true;
        }
        let goal_rank = [0, 8].contains(&self.geometry.rank(ball));
        pos.state.plies >= 2 && !(horizontal && goal_rank)
    }

    /// The kicks of the piece on `kicker` (direction `d` from the ball).
    fn kicks(&self, pos: &Position, ball: Square, d: usize, piece: Piece, out: &mut MoveList) {
        let g = &self.geometry;
        let kicker = g.offset_by(ball, KING_STEPS[d]).expect("next to the ball");
        let kick = |to: Square| {
            let mut effect = Effect::default();
            effect.vanish.push(ball, BALL);
            effect.appear.push(to, BALL);
            Move {
                intent: Intent {
                    from: ball,
                    to,
                    piece,
                    promotion: None,
                    prior_promotion: None,
                    capture: false,
                    kind: MoveKind::Special(KICK + d as u8),
                    chain_step: 0,
                    continues: false,
                },
                effect,
            }
        };
        if piece.kind == Kind::KNIGHT {
            let corner = [0, 8].contains(&g.file(ball)) && [0, 8].contains(&g.rank(ball));
            for &leap in &KNIGHT_LEAPS {
                let Some(to) = g.offset_by(ball, leap) else {
                    continue;
                };
                let far = g.file(to).abs_diff(g.file(kicker)) >= 2
                    || g.rank(to).abs_diff(g.rank(kicker)) >= 2;
                if self.empty(pos, to) && (corner || far) && self.may_land(pos, ball, to, false) {
                    out.push(kick(to));
                }
            }
            return;
        }
        // The line from the piece through the ball.
        let (kf, kr) = KING_STEPS[d];
        let (df, dr) = (-kf, -kr);
        let diagonal = df != 0 && dr != 0;
        let (fits, one_step) = match piece.kind {
            Kind::ROOK => (!diagonal, false),
            Kind::BISHOP => (diagonal, false),
            Kind::QUEEN => (true, false),
            Kind::KING => (true, true),
            _ => (false, false),
        };
        if !fits {
            return;
        }
        let horizontal = dr == 0;
        // Onwards, and (vchess, where the page is silent) backwards over
        // the kicker.
        for (first, step) in [(ball, (df, dr)), (kicker, (kf, kr))] {
            let mut at = first;
            while let Some(next) = g.offset_by(at, step) {
                if !self.empty(pos, next) {
                    break;
                }
                at = next;
                if self.may_land(pos, ball, at, horizontal) {
                    out.push(kick(at));
                } else if horizontal && self.goal(at) {
                    // Never crossing the goal along its rank.
                    break;
                }
                if one_step {
                    break;
                }
            }
        }
    }

    /// Whether the mover's piece numbered `index` has kicked this turn.
    fn has_kicked(state: &State, index: u32) -> bool {
        index < 63 && state.variant & (1 << index) != 0
    }
}

impl Rules for Football {
    fn name(&self) -> &str {
        "Football"
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        "rnbq1knbr/9/9/9/4a4/9/9/9/RNBQ1KNBR w 0"
    }

    fn kinds(&self, color: Color) -> KindSet {
        let mut set: KindSet = PIECES.into_iter().collect();
        if color == Color::Black {
            set.insert(BALL_KIND);
        }
        set
    }

    fn royal_kinds(&self) -> KindSet {
        KindSet::EMPTY
    }

    fn royals_per_side(&self) -> Option<usize> {
        None
    }

    fn piece_name(&self, piece: Piece) -> String {
        if piece.kind == BALL_KIND {
            return "ball".to_string();
        }
        crate::rules::default_piece_name(piece)
    }

    fn fen_style(&self) -> FenStyle {
        FenStyle::default()
    }

    fn promotions(&self, _color: Color) -> &[Kind] {
        &PROMOTIONS
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if self.variant_outcome(pos).is_some() {
            return;
        }
        let g = &self.geometry;
        let mover = pos.turn();
        let start = out.len();
        if pos.state.variant & KICKING == 0 {
            for from in g.squares() {
                if let Some(piece) = own_piece(pos, from, mover) {
                    self.piece_moves(pos, from, piece, out);
                }
            }
        }
        if let Some(ball) = self.ball(pos) {
            let mut near = false;
            for (d, &step) in KING_STEPS.iter().enumerate() {
                let Some(kicker) = g.offset_by(ball, step) else {
                    continue;
                };
                let Some(piece) = own_piece(pos, kicker, mover) else {
                    continue;
                };
                near = true;
                if !Football::has_kicked(&pos.state, self.piece_index(pos, kicker, mover)) {
                    self.kicks(pos, ball, d, piece, out);
                }
            }
            if near {
                let mut end = Move::simple(ball, ball, Piece::new(mover, BALL_KIND), None, None);
                end.effect = Effect::default();
                end.intent.kind = END;
                out.push(end);
            }
        }
        // The turn goes on after a move that leaves a piece of the mover
        // next to the ball (after a goal too, as vchess has it: the game
        // is over then, whoever is to move).
        let ball = self.ball(pos);
        for mv in out.iter_mut().skip(start) {
            if mv.intent.kind != END {
                mv.intent.continues = ball.is_some_and(|b| self.goes_on(pos, b, mv));
            }
        }
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        if mv.intent.kind == END {
            Some("end of the turn")
        } else {
            kick_direction(mv).map(|_| "kick")
        }
    }

    /// vchess writes a kick by the ball's destination and the end of a turn
    /// `pass`; fenpress writes a kick by the ball's path, as the page's
    /// caption does (`g1-h3`), the kicker after it ([`Rules::notation_suffix`]).
    fn notation_override(&self, mv: &Move) -> Option<String> {
        let g = &self.geometry;
        if mv.intent.kind == END {
            return Some("pass".to_string());
        }
        kick_direction(mv).map(|_| {
            format!(
                "{}-{}",
                g.square_name(mv.intent.from),
                g.square_name(mv.intent.to)
            )
        })
    }

    /// A kick names its kicker (`/h2`): two pieces next to the ball may
    /// send it to the same square, and which one kicked matters (each
    /// kicks once a turn).
    fn notation_suffix(&self, mv: &Move) -> Option<String> {
        let d = kick_direction(mv)?;
        let kicker = self.geometry.offset_by(mv.intent.from, d)?;
        Some(format!("/{}", self.geometry.square_name(kicker)))
    }

    fn illegal_after(&self, _pos: &Position, _mover: Color) -> bool {
        // No royal piece, no check: every generated move is legal.
        false
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let mover = pos.turn();
        let kicked = kick_direction(mv).map(|d| {
            let kicker = self
                .geometry
                .offset_by(mv.intent.from, d)
                .expect("next to the ball");
            self.piece_index(pos, kicker, mover)
        });
        let undo = pos.apply(mv);
        if mv.intent.continues {
            let mut bits = pos.state.variant | KICKING;
            if let Some(index) = kicked.filter(|&i| i < 63) {
                bits |= 1 << index;
            }
            pos.state.variant = bits;
        } else {
            pos.state.variant = 0;
        }
        undo
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        let g = &self.geometry;
        let scored = |rank: u8| {
            g.square(4, rank)
                .is_some_and(|sq| pos.board.cell(sq).piece(Color::Black) == Some(BALL))
        };
        if scored(8) {
            Some(Outcome::VariantWin {
                winner: Color::White,
                reason: "goal",
            })
        } else if scored(0) {
            Some(Outcome::VariantWin {
                winner: Color::Black,
                reason: "goal",
            })
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::vchess_fen;
    use crate::legal::{legal_moves, perft};
    use crate::notation::san;
    use crate::validate::position_from_fen;

    fn football(fen: &str) -> (Football, Position) {
        let rules = Football::new();
        let pos = position_from_fen(&rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        (rules, pos)
    }

    fn names(rules: &Football, pos: &mut Position) -> Vec<String> {
        let mut out = MoveList::new();
        legal_moves(rules, pos, &mut out);
        let mut names: Vec<String> = out.iter().map(|mv| san(rules, pos, mv)).collect();
        names.sort();
        names
    }

    #[test]
    fn start_fen_reads_back() {
        let (rules, pos) = football("rnbq1knbr/9/9/9/4a4/9/9/9/RNBQ1KNBR w 0");
        assert_eq!(vchess_fen(&rules, &pos), rules.start_fen());
    }

    #[test]
    fn start_perft_equals_the_sites_engine() {
        let (rules, mut pos) = football(Football::new().start_fen());
        // fenpress-conformance perft Football start 4 --stop-at-end: equal
        // to the site's engine (its kicks as its interface lists them)
        // through depth 4 (6,168,274).
        let counts: Vec<u64> = (1..=3).map(|d| perft(&rules, &mut pos, d)).collect();
        assert_eq!(counts, [55, 2_606, 128_643]);
    }

    #[test]
    fn the_pages_corner_kick_by_the_knight() {
        // The page's diagram: the ball in the corner i1; the knight on h2
        // may send it to h3 or g2, next to itself (the corner exception);
        // the bishop on h1 stands beside the ball along the rank, not a
        // line a bishop moves along.
        let (rules, mut pos) = football("3q1k1br/r7R/2n2n3/3Q5/6b2/9/9/7N1/RNB2K1Ba w 4");
        let names = names(&rules, &mut pos);
        assert!(names.contains(&"i1-h3/h2".to_string()), "{names:?}");
        assert!(names.contains(&"i1-g2/h2".to_string()), "{names:?}");
        assert!(!names.iter().any(|n| n.ends_with("/h1")), "{names:?}");
        assert!(names.contains(&"pass".to_string()), "{names:?}");
        // Each name reads back as its move (a puzzle's solution is read so).
        for name in ["i1-h3/h2", "i1-g2/h2", "pass"] {
            let mv = crate::notation::parse_move(&rules, &mut pos, name).unwrap();
            assert_eq!(crate::notation::san(&rules, &mut pos, &mv), name);
        }
    }

    #[test]
    fn a_turn_goes_on_while_a_piece_is_next_to_the_ball_each_kicking_once() {
        // White's rook on e4 under the ball on e5 kicks it up the file; the
        // turn goes on only if a White piece is next to the ball then.
        let (rules, mut pos) = football("k8/9/9/9/4a4/4R4/9/9/8K w 4");
        let kick = find(&rules, &mut pos, "e5-e6", "/e4");
        assert!(!kick.intent.continues);
        // With a knight next to e6, the turn goes on, and the rook, having
        // kicked, kicks no more.
        let (rules, mut pos) = football("k8/9/9/3N5/4a4/4R4/9/9/8K w 4");
        let kick = find(&rules, &mut pos, "e5-e6", "/e4");
        assert!(kick.intent.continues);
        let undo = rules.play(&mut pos, &kick);
        assert_eq!(pos.turn(), Color::White);
        let names = names(&rules, &mut pos);
        assert!(
            names.iter().all(|n| n == "pass" || n.ends_with("/d6")),
            "{names:?}"
        );
        // Not next to the knight (c5, c7), unless in a corner.
        assert!(names.contains(&"e6-g7/d6".to_string()), "{names:?}");
        assert!(!names.contains(&"e6-c5/d6".to_string()), "{names:?}");
        rules.unplay(&mut pos, &kick, undo);
    }

    fn find(rules: &Football, pos: &mut Position, path: &str, kicker: &str) -> Move {
        let mut out = MoveList::new();
        legal_moves(rules, pos, &mut out);
        out.iter()
            .find(|mv| {
                rules.notation_override(mv).as_deref() == Some(path)
                    && rules.notation_suffix(mv).as_deref() == Some(kicker)
            })
            .copied()
            .unwrap_or_else(|| panic!("no kick {path}{kicker}"))
    }

    #[test]
    fn goals_and_their_restrictions() {
        // No score in the first two turns, not even into one's own goal.
        let (rules, mut pos) = football("k8/9/9/9/9/9/4R4/4a4/8K w 0");
        assert!(!names(&rules, &mut pos).contains(&"e2-e1/e3".to_string()));
        let (rules, mut pos) = football("k8/9/9/9/9/9/4R4/4a4/8K w 9");
        assert!(names(&rules, &mut pos).contains(&"e2-e1/e3".to_string()));
        // Never onto the goal along the goal rank, nor across it; the
        // rook may kick it back over itself.
        let (rules, mut pos) = football("k8/9/9/9/9/9/9/9/2Ra4K w 9");
        let along = names(&rules, &mut pos);
        assert!(
            !along
                .iter()
                .any(|n| n.starts_with("d1-e1") || n.starts_with("d1-f1")),
            "{along:?}"
        );
        assert!(along.contains(&"d1-a1/c1".to_string()), "{along:?}");
        // A kick into the enemy's goal wins.
        let (rules, mut pos) = football("k8/4a4/4R4/9/9/9/9/9/8K w 9");
        let score = find(&rules, &mut pos, "e8-e9", "/e7");
        rules.play(&mut pos, &score);
        assert_eq!(
            rules.variant_outcome(&pos),
            Some(Outcome::VariantWin {
                winner: Color::White,
                reason: "goal"
            })
        );
    }
}
