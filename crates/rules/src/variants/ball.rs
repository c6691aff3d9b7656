//! Ball on a 9×9 board: chess pieces (and a phoenix, `h`: a leap two
//! squares diagonally or a step orthogonally) play a ball game. The ball
//! (`a`) starts on e5; a piece that "captures" it holds it, and is then
//! written with its own letter (pawn `s`, rook `u`, knight `o`, bishop `c`,
//! queen `t`, king `l`, phoenix `i`), as the site writes them. Sliders go
//! at most three squares; kings, knights and phoenixes one step or leap.
//! There is no check: the king is a piece like the others.
//!
//! - A piece holding the ball takes nothing.
//! - "Taking" an enemy that holds the ball steals it: by replacement, or in
//!   place (both stay where they stand, the ball changes hands), except
//!   straight back after an in-place steal by the opponent.
//! - "Taking" a friendly piece when one of the two holds the ball passes it
//!   to the other; neither moves.
//! - A piece holding the ball on the enemy's first rank, files d to f,
//!   wins; a side with no move draws.
//!
//! The site's FEN: `board turn moves enpassant pmove`, `pmove` the last
//! in-place steal (`e4e5`) or `-`. The ball belongs to neither side; the
//! core's cells hold a White and a Black byte, so it is kept as kind `a` in
//! Black's byte (no Black piece has that kind), and every rule here treats
//! it as neither side's.
//!
//! Where the site's engine does something the page does not say, it is
//! followed: a pawn on its last rank that takes the ball from a friend or
//! steals it in place becomes a piece (a rook when stealing in place), as
//! the engine's moves show it.

use crate::color::Color;
use crate::fen::{FenStyle, Field};
use crate::geometry::{Geometry, DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;

/// The ball's kind (kept in Black's byte, see the module's notes).
pub const BALL_KIND: Kind = Kind(b'a');
/// The ball as stored on the board.
pub const BALL: Piece = Piece::new(Color::Black, BALL_KIND);
/// The phoenix.
pub const PHOENIX: Kind = Kind(b'h');
/// A pass, a take-back from a friend, or an in-place steal: pieces stay,
/// the ball changes hands (`g4Pe2` on the site).
pub const PASS: MoveKind = MoveKind::Special(b'P');

/// The note of a [`PASS`] move (notation writes it `g4Pe2`).
pub const PASS_NOTE: &str = "pass";

/// Kinds without the ball and their letters holding it.
const HOLDING: [(Kind, Kind); 7] = [
    (Kind::PAWN, Kind(b's')),
    (Kind::ROOK, Kind(b'u')),
    (Kind::KNIGHT, Kind(b'o')),
    (Kind::BISHOP, Kind(b'c')),
    (Kind::QUEEN, Kind(b't')),
    (Kind::KING, Kind(b'l')),
    (PHOENIX, Kind(b'i')),
];

/// What a pawn promotes to, in the site's order.
const PROMOTIONS: [Kind; 5] = [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN, PHOENIX];

const PHOENIX_STEPS: [(i8, i8); 8] = [
    (2, 2),
    (2, -2),
    (-2, 2),
    (-2, -2),
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
];

/// Whether a piece of `kind` holds the ball.
pub fn holds(kind: Kind) -> bool {
    HOLDING.iter().any(|&(_, h)| h == kind)
}

/// `kind` holding the ball.
pub fn with_ball(kind: Kind) -> Kind {
    HOLDING
        .iter()
        .find(|&&(k, h)| k == kind || h == kind)
        .map_or(kind, |&(_, h)| h)
}

/// `kind` without the ball.
pub fn without_ball(kind: Kind) -> Kind {
    HOLDING
        .iter()
        .find(|&&(k, h)| k == kind || h == kind)
        .map_or(kind, |&(k, _)| k)
}

/// The mover's piece on `sq`: the ball, kept in Black's byte, is no
/// one's (Ball, Football).
pub(crate) fn own_piece(pos: &Position, sq: Square, mover: Color) -> Option<Piece> {
    pos.board
        .cell(sq)
        .piece(mover)
        .filter(|p| p.kind != BALL_KIND)
}

/// `state.variant`: the last in-place steal (a presence bit, then its
/// start and end squares, 8 bits each).
fn last_steal(state: &State) -> Option<(Square, Square)> {
    let bits = state.variant;
    (bits & 1 != 0).then_some((
        Square(((bits >> 1) & 0xff) as u16),
        Square(((bits >> 9) & 0xff) as u16),
    ))
}

fn set_last_steal(state: &mut State, steal: Option<(Square, Square)>) {
    state.variant = match steal {
        Some((from, to)) => 1 | (u64::from(from.0) << 1) | (u64::from(to.0) << 9),
        None => 0,
    };
}

/// Ball's rules.
pub struct Ball {
    geometry: Geometry,
}

impl Default for Ball {
    fn default() -> Self {
        Ball::new()
    }
}

impl Ball {
    pub fn new() -> Ball {
        Ball {
            geometry: Geometry::new(9, 9).expect("a 9×9 board"),
        }
    }

    /// Adds the moves of the piece `piece` on `from` reaching the occupied
    /// square `to` (a capture, a steal, the ball, a pass), becoming
    /// `promotion` when a pawn reaches its last rank. Returns whether an
    /// enemy holding the ball was taken by replacement.
    fn meet(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        piece: Piece,
        promotion: Option<Kind>,
        out: &mut MoveList,
    ) -> bool {
        let mover = piece.color;
        let cell = pos.board.cell(to);
        let landed = promotion.unwrap_or(piece.kind);
        if cell.piece(Color::Black) == Some(BALL) {
            // The ball: taken by a piece that does not hold it (there is
            // only one ball, so none does).
            let mut mv = Move::simple(from, to, piece, Some(BALL), promotion);
            mv.effect.appear = Default::default();
            mv.effect
                .appear
                .push(to, Piece::new(mover, with_ball(landed)));
            out.push(mv);
            return false;
        }
        if let Some(friend) = cell.piece(mover) {
            if holds(friend.kind) {
                // Taking the ball from a friend: the mover keeps its square.
                let mut mv = Move::simple(from, to, piece, None, promotion);
                mv.intent.kind = PASS;
                mv.effect.vanish.push(to, friend);
                mv.effect.appear = Default::default();
                mv.effect
                    .appear
                    .push(from, Piece::new(mover, with_ball(landed)));
                mv.effect
                    .appear
                    .push(to, Piece::new(mover, without_ball(friend.kind)));
                out.push(mv);
            } else if holds(piece.kind) && promotion.is_none_or(|k| k == PROMOTIONS[0]) {
                // A pass (once, whatever a pawn would promote to).
                let mut mv = Move::simple(from, to, piece, None, None);
                mv.intent.kind = PASS;
                mv.effect.vanish.push(to, friend);
                mv.effect.appear = Default::default();
                mv.effect
                    .appear
                    .push(to, Piece::new(mover, with_ball(friend.kind)));
                mv.effect
                    .appear
                    .push(from, Piece::new(mover, without_ball(piece.kind)));
                out.push(mv);
            }
            return false;
        }
        let Some(enemy) = cell.piece(mover.opposite()) else {
            return false;
        };
        if holds(piece.kind) {
            return false;
        }
        let steals = holds(enemy.kind);
        let mut mv = Move::simple(from, to, piece, Some(enemy), promotion);
        if steals {
            mv.effect.appear = Default::default();
            mv.effect
                .appear
                .push(to, Piece::new(mover, with_ball(landed)));
        }
        out.push(mv);
        steals
    }

    /// The in-place steal of the ball from the enemy on `to` by `piece` on
    /// `from`, becoming `landed` (with the ball).
    fn steal_in_place(
        pos: &Position,
        from: Square,
        to: Square,
        piece: Piece,
        landed: Kind,
    ) -> Move {
        let enemy = pos
            .board
            .cell(to)
            .piece(piece.color.opposite())
            .expect("an enemy holding the ball");
        let mut mv = Move::simple(from, to, piece, None, None);
        mv.intent.kind = PASS;
        mv.intent.promotion = (landed != piece.kind).then_some(landed);
        mv.effect.vanish.push(to, enemy);
        mv.effect.appear = Default::default();
        mv.effect
            .appear
            .push(from, Piece::new(piece.color, with_ball(landed)));
        mv.effect
            .appear
            .push(to, Piece::new(enemy.color, without_ball(enemy.kind)));
        mv
    }

    fn piece_moves(&self, pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
        let base = without_ball(piece.kind);
        let (steps, reach): (&[(i8, i8)], u8) = match base {
            Kind::PAWN => return self.pawn_moves(pos, from, piece, out),
            Kind::ROOK => (&ORTHOGONAL, 3),
            Kind::BISHOP => (&DIAGONAL, 3),
            Kind::QUEEN => (&KING_STEPS, 3),
            Kind::KING => (&KING_STEPS, 1),
            Kind::KNIGHT => (&KNIGHT_LEAPS, 1),
            PHOENIX => (&PHOENIX_STEPS, 1),
            _ => return,
        };
        let mut stolen_from = None;
        for &step in steps {
            let mut at = from;
            for _ in 0..reach {
                let Some(next) = self.geometry.offset_by(at, step) else {
                    break;
                };
                at = next;
                if pos.board.cell(at).is_empty() {
                    out.push(Move::simple(from, at, piece, None, None));
                    continue;
                }
                if self.meet(pos, from, at, piece, None, out) && stolen_from.is_none() {
                    stolen_from = Some(at);
                }
                break;
            }
        }
        if let Some(to) = stolen_from {
            out.push(Ball::steal_in_place(pos, from, to, piece, piece.kind));
        }
    }

    fn pawn_moves(&self, pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
        let g = &self.geometry;
        let mover = piece.color;
        let forward: i8 = if mover == Color::White { 1 } else { -1 };
        let last = if mover == Color::White { 8 } else { 0 };
        let promotions = |to: Square| -> Vec<Option<Kind>> {
            if g.rank(to) == last {
                PROMOTIONS.iter().map(|&k| Some(k)).collect()
            } else {
                vec![None]
            }
        };
        let mut stolen = None;
        if let Some(one) = g.offset_by(from, (0, forward)) {
            if pos.board.cell(one).is_empty() {
                for promotion in promotions(one) {
                    let mut mv = Move::simple(from, one, piece, None, promotion);
                    if let Some(k) = promotion {
                        mv.effect.appear = Default::default();
                        let k = if holds(piece.kind) { with_ball(k) } else { k };
                        mv.effect.appear.push(one, Piece::new(mover, k));
                    }
                    out.push(mv);
                }
                // The site lets pawns on their first two ranks step twice.
                if g.relative_rank(from, mover) <= 1 {
                    if let Some(two) = g.offset_by(one, (0, forward)) {
                        if pos.board.cell(two).is_empty() {
                            let mut mv = Move::simple(from, two, piece, None, None);
                            mv.intent.kind = MoveKind::DoubleStep;
                            out.push(mv);
                        }
                    }
                }
            }
        }
        for side in [-1i8, 1] {
            let Some(to) = g.offset_by(from, (side, forward)) else {
                continue;
            };
            if pos.board.cell(to).is_empty() {
                continue;
            }
            for promotion in promotions(to) {
                if self.meet(pos, from, to, piece, promotion, out) && stolen.is_none() {
                    stolen = Some((to, promotion.unwrap_or(piece.kind)));
                }
            }
        }
        if let Some(ep) = pos.state.en_passant {
            if g.rank(ep) as i32 == g.rank(from) as i32 + forward as i32
                && (g.file(ep) as i32 - g.file(from) as i32).abs() == 1
            {
                if let Some(passed) = g.square(g.file(ep), g.rank(from)) {
                    if let Some(victim) = pos.board.cell(passed).piece(mover.opposite()) {
                        let mut mv = Move::simple(from, ep, piece, None, None);
                        mv.effect.vanish.push(passed, victim);
                        mv.intent.capture = true;
                        mv.intent.kind = MoveKind::EnPassant;
                        out.push(mv);
                    }
                }
            }
        }
        if let Some((to, landed)) = stolen {
            out.push(Ball::steal_in_place(pos, from, to, piece, landed));
        }
    }

    /// The goal squares `color` scores on: d, e, f of the enemy's first rank.
    fn scored(&self, pos: &Position, color: Color) -> bool {
        let rank = if color == Color::White { 8 } else { 0 };
        (3..=5).any(|file| {
            self.geometry
                .square(file, rank)
                .and_then(|sq| pos.board.cell(sq).piece(color))
                .is_some_and(|p| p.kind != BALL_KIND && holds(p.kind))
        })
    }
}

impl Rules for Ball {
    fn name(&self) -> &str {
        "Ball"
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        "hbnrqrnhb/ppppppppp/9/9/4a4/9/9/PPPPPPPPP/HBNRQRNHB w 0 - -"
    }

    fn kinds(&self, color: Color) -> KindSet {
        let mut set: KindSet = HOLDING.iter().flat_map(|&(k, h)| [k, h]).collect();
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
        let base = without_ball(piece.kind);
        let name = if base == PHOENIX {
            "phoenix".to_string()
        } else {
            crate::rules::default_piece_name(Piece::new(piece.color, base))
        };
        if holds(piece.kind) {
            format!("{name} with the ball")
        } else {
            name
        }
    }

    fn fen_style(&self) -> FenStyle {
        FenStyle {
            en_passant: true,
            ..FenStyle::default()
        }
    }

    fn promotions(&self, _color: Color) -> &[Kind] {
        &PROMOTIONS
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else {
            return;
        };
        if f.text == "-" {
            return;
        }
        let g = &self.geometry;
        let split = f
            .text
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_alphabetic())
            .map(|(i, _)| i);
        let steal = split
            .and_then(|i| Some((g.parse_square(&f.text[..i])?, g.parse_square(&f.text[i..])?)));
        match steal {
            Some(steal) => set_last_steal(state, Some(steal)),
            None => problems.push(Problem::BadField {
                field: "last in-place steal (`e4e5`, or `-`)",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let g = &self.geometry;
        let steal = match last_steal(&pos.state) {
            Some((from, to)) => format!(" {}{}", g.square_name(from), g.square_name(to)),
            None => " -".to_string(),
        };
        (String::new(), steal)
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if self.variant_outcome(pos).is_some() {
            return;
        }
        let mover = pos.turn();
        for from in self.geometry.squares() {
            if let Some(piece) = own_piece(pos, from, mover) {
                self.piece_moves(pos, from, piece, out);
            }
        }
        if let Some((from, to)) = last_steal(&pos.state) {
            // No in-place steal straight back.
            out.retain(|mv| {
                !(mv.intent.kind == PASS
                    && mv.effect.appear.len() == 2
                    && mv.effect.appear.as_slice()[1].piece.color != mover
                    && mv.intent.from == to
                    && mv.intent.to == from)
            });
        }
    }

    fn san_kind(&self, kind: Kind) -> Kind {
        without_ball(kind)
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        (mv.intent.kind == PASS).then_some(PASS_NOTE)
    }

    fn illegal_after(&self, _pos: &Position, _mover: Color) -> bool {
        // No royal piece: every generated move is legal.
        false
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = pos.apply(mv);
        let in_place_steal = mv.intent.kind == PASS
            && mv.effect.appear.len() == 2
            && mv.effect.appear.as_slice()[1].piece.color != mv.color();
        let steal = in_place_steal.then_some((mv.intent.from, mv.intent.to));
        set_last_steal(&mut pos.state, steal);
        undo
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        let scorer = pos.turn().opposite();
        self.scored(pos, scorer).then_some(Outcome::VariantWin {
            winner: scorer,
            reason: "goal",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::vchess_fen;
    use crate::legal::perft;
    use crate::validate::position_from_fen;

    fn ball(fen: &str) -> (Ball, Position) {
        let rules = Ball::new();
        let pos = position_from_fen(&rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        (rules, pos)
    }

    #[test]
    fn start_fen_reads_back() {
        let (rules, pos) = ball("hbnrqrnhb/ppppppppp/9/9/4a4/9/9/PPPPPPPPP/HBNRQRNHB w 0 - -");
        assert_eq!(vchess_fen(&rules, &pos), rules.start_fen());
    }

    #[test]
    fn start_perft_equals_the_sites_engine() {
        let (rules, mut pos) = ball(Ball::new().start_fen());
        // fenpress-conformance perft Ball start 4: equal to the site's
        // engine through depth 4 (374,581).
        let counts: Vec<u64> = (1..=3).map(|d| perft(&rules, &mut pos, d)).collect();
        assert_eq!(counts, [24, 576, 14_688]);
    }

    fn moves_from(rules: &Ball, pos: &Position, from: &str) -> Vec<String> {
        let g = rules.geometry();
        let from = g.parse_square(from).expect("a square");
        let mut out = MoveList::new();
        rules.pseudo_legal_moves(pos, &mut out);
        let mut names: Vec<String> = out
            .iter()
            .filter(|mv| mv.intent.from == from)
            .map(|mv| {
                let sep = if mv.intent.kind == PASS { "P" } else { "-" };
                format!(
                    "{}{sep}{}",
                    g.square_name(mv.intent.from),
                    g.square_name(mv.intent.to)
                )
            })
            .collect();
        names.sort();
        names
    }

    #[test]
    fn the_holder_passes_takes_nothing_and_is_stolen_from_in_place_or_by_replacement() {
        // White's knight on d4 holds the ball: it passes to the rook on
        // e2 and takes nothing.
        let (rules, pos) = ball("4k4/9/9/2p6/9/3O5/9/4R4/4K4 w 0 - -");
        let knight = moves_from(&rules, &pos, "d4");
        assert!(!knight.iter().any(|m| m.ends_with("c6")), "{knight:?}");
        assert!(knight.contains(&"d4Pe2".to_string()), "{knight:?}");
        // Black's pawn on c6 steals it by replacement or in place; after
        // an in-place steal, White may not steal it straight back in place.
        let (rules, pos) = ball("4k4/9/9/2p6/3O5/9/9/4R4/4K4 b 0 - -");
        let pawn = moves_from(&rules, &pos, "c6");
        assert_eq!(pawn, ["c6-c5", "c6-d5", "c6Pd5"]);
        let (rules, pos) = ball("4k4/9/9/2s6/3K5/9/9/4R4/9 w 0 - c6d5");
        let king = moves_from(&rules, &pos, "d5");
        assert!(!king.contains(&"d5Pc6".to_string()), "{king:?}");
        assert!(king.contains(&"d5-c6".to_string()), "{king:?}");
        let (rules, pos) = ball("4k4/9/9/2s6/3K5/9/9/4R4/9 w 0 - -");
        assert!(moves_from(&rules, &pos, "d5").contains(&"d5Pc6".to_string()));
    }

    #[test]
    fn san_writes_passes_and_holders_as_the_site_does() {
        use crate::notation::san;
        let (rules, mut pos) =
            ball("3rn1r2/1pp3pbp/2hp2n2/p1b1pp1p1/P6P1/2N3i1P/1PP2N3/1RB1qP3/1R2BH1HQ b 10 - -");
        let mut out = MoveList::new();
        rules.pseudo_legal_moves(&pos, &mut out);
        let mut names: Vec<String> = out.iter().map(|mv| san(&rules, &mut pos, mv)).collect();
        names.sort();
        assert!(names.contains(&"g4Pe2".to_string()), "{names:?}");
        // The phoenix holding the ball steps as a phoenix: `Hf4`.
        assert!(names.contains(&"Hf4".to_string()), "{names:?}");
        assert!(!names.iter().any(|n| n.starts_with('I')), "{names:?}");
    }

    #[test]
    fn a_holder_on_the_enemy_goal_wins() {
        let (rules, pos) = ball("4L4/9/9/9/9/9/9/9/4k4 b 0 - -");
        assert_eq!(
            rules.variant_outcome(&pos),
            Some(Outcome::VariantWin {
                winner: Color::White,
                reason: "goal"
            })
        );
        let (rules, pos) = ball("L8/9/9/9/9/9/9/9/4k4 b 0 - -");
        assert_eq!(rules.variant_outcome(&pos), None);
    }
}
