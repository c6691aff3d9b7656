//! Emergo (Christian Freeling and Ed van Zon, 1986): a draughts-like game
//! on the 41 dark points of a 9×9 board where nothing leaves the board: a
//! captured piece goes under its capturer as a prisoner. A unit is a stack
//! of its controller's pieces on top of the prisoners it holds.
//!
//! Each side has 12 pieces in hand. A turn enters one (not on the centre
//! at White's first move; not where the opponent could take it next turn,
//! unless the opponent has a capture already; when the opponent has
//! entered all of his, a "shadow piece" of all those left enters at once),
//! or moves a unit one step diagonally (only when its side has none in
//! hand), or captures. Captures are compulsory, a longest chain of them
//! (the draughts rule), and no piece enters while one is possible: the
//! jumper takes the top piece of the unit jumped as a prisoner; the jumped
//! unit keeps the rest, its prisoners freed and controlling it when its
//! last jailer is gone. A capture another may follow (not straight back)
//! goes on in the same turn: each capture is a ply, a `chain` step, as
//! the site plays it. A side with nothing in hand and no unit has lost; a
//! side that cannot move draws.
//!
//! The site's FEN: two characters a square (see
//! [`crate::fen::CellSpelling::Pair`]): the controller's count, `A`-`L`
//! for 1 to 12 (lower case for Black), then the prisoners' count in the
//! same case, `@` for none (`D@`, `ba`); then `turn moves` and the pieces
//! in hand, `12,12`. In fenpress a unit is a union cell: the controller's
//! piece of kind `a` to `l` (its count), the prisoners' of kind `A` to `L`.

use crate::color::Color;
use crate::fen::{CellSpelling, FenStyle, Field};
use crate::geometry::{Geometry, DIAGONAL};
use crate::moves::{Effect, Intent, Move, MoveKind, MoveList};
use crate::piece::{Cell, Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;

/// `MoveKind::Special` of a piece entering from the hand.
pub const ENTER: u8 = 1;

/// Pieces each side starts with in hand.
const IN_HAND: u8 = 12;

/// A unit: its controller, how many of its pieces, how many prisoners.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Unit {
    pub controller: Color,
    pub own: u8,
    pub prisoners: u8,
}

impl Unit {
    /// The unit on a cell, if any.
    pub fn of(cell: Cell) -> Option<Unit> {
        for controller in Color::ALL {
            let Some(k) = cell.kind(controller) else {
                continue;
            };
            if k.0.is_ascii_lowercase() {
                let prisoners = cell
                    .kind(controller.opposite())
                    .map_or(0, |p| p.0.saturating_sub(b'A') + 1);
                return Some(Unit {
                    controller,
                    own: k.0 - b'a' + 1,
                    prisoners,
                });
            }
        }
        None
    }

    /// Its pieces as a cell.
    fn cell(self) -> Cell {
        let mut c = Cell::of(Piece::new(self.controller, Kind(b'a' + self.own - 1)));
        if self.prisoners > 0 {
            c = c.with(Piece::new(
                self.controller.opposite(),
                Kind(b'A' + self.prisoners - 1),
            ));
        }
        c
    }

    /// As the site writes it (`ba`, `D@`).
    pub fn text(self) -> String {
        let base = if self.controller == Color::White {
            b'A'
        } else {
            b'a'
        };
        let second = if self.prisoners == 0 {
            '@'
        } else {
            char::from(base + self.prisoners - 1)
        };
        format!("{}{second}", char::from(base + self.own - 1))
    }
}

/// Emergo's state beyond the core's, packed into [`State::variant`]: the
/// pieces in hand, and the capture chain under way (its square and the
/// step of its last capture).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct EmergoState {
    pub hand: [u8; 2],
    pub chain: Option<(Square, (i8, i8))>,
}

fn step_code(step: (i8, i8)) -> u64 {
    DIAGONAL.iter().position(|&d| d == step).unwrap_or(0) as u64
}

impl EmergoState {
    pub fn of(state: &State) -> EmergoState {
        let v = state.variant;
        let chain = (v >> 10) & 1 == 1;
        EmergoState {
            hand: [(v & 31) as u8, ((v >> 5) & 31) as u8],
            chain: chain.then(|| {
                (
                    Square(((v >> 11) & 127) as u16),
                    DIAGONAL[((v >> 18) & 3) as usize],
                )
            }),
        }
    }

    pub fn store(self, state: &mut State) {
        let mut v = u64::from(self.hand[0]) | u64::from(self.hand[1]) << 5;
        if let Some((sq, step)) = self.chain {
            v |= 1 << 10 | u64::from(sq.0) << 11 | step_code(step) << 18;
        }
        state.variant = v;
    }
}

/// Emergo's rules.
pub struct Emergo {
    geometry: Geometry,
}

impl Default for Emergo {
    fn default() -> Self {
        Self::new()
    }
}

impl Emergo {
    pub fn new() -> Emergo {
        Emergo {
            geometry: Geometry::new(9, 9).expect("a 9×9 board"),
        }
    }

    fn unit(&self, pos: &Position, sq: Square) -> Option<Unit> {
        Unit::of(pos.board.cell(sq))
    }

    fn off(&self, sq: Square, step: (i8, i8)) -> Option<Square> {
        self.geometry.offset_by(sq, step)
    }

    /// Whether the unit of `color` on `from` can capture, not straight
    /// back along `forbidden` (the chain's last step).
    fn captures_from(
        &self,
        pos: &Position,
        from: Square,
        color: Color,
        forbidden: Option<(i8, i8)>,
    ) -> bool {
        DIAGONAL.iter().any(|&s| {
            forbidden != Some((-s.0, -s.1)) && self.capture_target(pos, from, color, s).is_some()
        })
    }

    /// The square jumped and the landing square of a capture by `color`
    /// from `from` along `step`.
    fn capture_target(
        &self,
        pos: &Position,
        from: Square,
        color: Color,
        step: (i8, i8),
    ) -> Option<(Square, Square)> {
        let over = self.off(from, step)?;
        let to = self.off(over, step)?;
        let jumped = self.unit(pos, over)?;
        (jumped.controller != color && pos.board.cell(to).is_empty()).then_some((over, to))
    }

    /// Whether `color` has a capture (in a chain: by the chain's unit).
    fn can_capture(&self, pos: &Position, color: Color) -> bool {
        if let Some((sq, step)) = EmergoState::of(&pos.state).chain {
            return self.captures_from(pos, sq, color, Some(step));
        }
        self.geometry.squares().any(|sq| {
            self.unit(pos, sq).is_some_and(|u| u.controller == color)
                && self.captures_from(pos, sq, color, None)
        })
    }

    /// The capture by the unit on `from` along `step` (over `over` to `to`).
    fn capture_move(&self, pos: &Position, from: Square, over: Square, to: Square) -> Move {
        let jumper = self.unit(pos, from).expect("a unit jumps");
        let jumped = self.unit(pos, over).expect("a unit is jumped");
        let mut effect = Effect::default();
        for sq in [from, over] {
            for p in pos.board.cell(sq).pieces() {
                effect.vanish.push(sq, p);
            }
        }
        let landed = Unit {
            prisoners: jumper.prisoners + 1,
            ..jumper
        };
        for p in landed.cell().pieces() {
            effect.appear.push(to, p);
        }
        let left = if jumped.own > 1 {
            Some(Unit {
                own: jumped.own - 1,
                ..jumped
            })
        } else if jumped.prisoners > 0 {
            Some(Unit {
                controller: jumped.controller.opposite(),
                own: jumped.prisoners,
                prisoners: 0,
            })
        } else {
            None
        };
        if let Some(left) = left {
            for p in left.cell().pieces() {
                effect.appear.push(over, p);
            }
        }
        let piece = Piece::new(jumper.controller, Kind(b'a' + jumper.own - 1));
        Move {
            intent: Intent {
                from,
                to,
                piece,
                promotion: None,
                capture: true,
                kind: MoveKind::Normal,
                chain_step: 0,
                continues: false,
                prior_promotion: None,
            },
            effect,
        }
    }

    /// The board after a capture, for the longest-chain count.
    fn after(&self, pos: &Position, mv: &Move) -> Position {
        let mut p = pos.clone();
        apply_effect(&mut p, mv);
        p
    }

    /// The most captures a chain can still make from `from` after a capture
    /// along `last`.
    fn longest_from(&self, pos: &Position, from: Square, color: Color, last: (i8, i8)) -> u32 {
        let mut best = 0;
        for &s in &DIAGONAL {
            if s == (-last.0, -last.1) {
                continue;
            }
            if let Some((over, to)) = self.capture_target(pos, from, color, s) {
                let mv = self.capture_move(pos, from, over, to);
                let after = self.after(pos, &mv);
                best = best.max(1 + self.longest_from(&after, to, color, s));
            }
        }
        best
    }

    /// The captures of the side to move that begin a longest chain.
    fn longest_captures(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        let chain = EmergoState::of(&pos.state).chain;
        let starts: Vec<Square> = match chain {
            Some((sq, _)) => vec![sq],
            None => self
                .geometry
                .squares()
                .filter(|&sq| self.unit(pos, sq).is_some_and(|u| u.controller == us))
                .collect(),
        };
        let mut found: Vec<(u32, Move)> = Vec::new();
        for from in starts {
            for &s in &DIAGONAL {
                if chain.is_some_and(|(_, last)| s == (-last.0, -last.1)) {
                    continue;
                }
                let Some((over, to)) = self.capture_target(pos, from, us, s) else {
                    continue;
                };
                let mv = self.capture_move(pos, from, over, to);
                let after = self.after(pos, &mv);
                found.push((1 + self.longest_from(&after, to, us, s), mv));
            }
        }
        let best = found.iter().map(|(n, _)| *n).max().unwrap_or(0);
        for (n, mut mv) in found {
            if n == best {
                // Another capture can follow it exactly when its chain is
                // longer than itself.
                mv.intent.continues = n > 1;
                out.push(mv);
            }
        }
    }

    /// The entries of the side to move from its hand.
    fn entries(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        let them = us.opposite();
        let st = EmergoState::of(&pos.state);
        let in_hand = st.hand[us.index()];
        if in_hand == 0 || self.can_capture(pos, us) {
            return;
        }
        // The shadow piece: all those left, once the opponent has none.
        let count = if st.hand[them.index()] == 0 {
            in_hand
        } else {
            1
        };
        let piece = Piece::new(us, Kind(b'a' + count - 1));
        let opponent_captures = self.can_capture(&pos.with_turn(them), them);
        let centre = self.geometry.square(4, 4);
        for sq in self.geometry.squares() {
            let (f, r) = (self.geometry.file(sq), self.geometry.rank(sq));
            if (f + r) % 2 == 1 || !pos.board.cell(sq).is_empty() {
                continue;
            }
            if pos.state.plies == 0 && Some(sq) == centre {
                continue;
            }
            // Not where the opponent could take it, unless he has a
            // capture already.
            let exposed = !opponent_captures
                && DIAGONAL.iter().any(|&s| {
                    let (Some(a), Some(b)) = (self.off(sq, s), self.off(sq, (-s.0, -s.1))) else {
                        return false;
                    };
                    self.unit(pos, a).is_some_and(|u| u.controller == them)
                        && pos.board.cell(b).is_empty()
                });
            if exposed {
                continue;
            }
            let mut effect = Effect::default();
            effect.appear.push(sq, piece);
            out.push(Move {
                intent: Intent {
                    from: sq,
                    to: sq,
                    piece,
                    promotion: None,
                    capture: false,
                    kind: MoveKind::Special(ENTER),
                    chain_step: 0,
                    continues: false,
                    prior_promotion: None,
                },
                effect,
            });
        }
    }
}

/// The step of a capture (half its travel).
fn step_of(g: &Geometry, mv: &Move) -> (i8, i8) {
    let df = i32::from(g.file(mv.intent.to)) - i32::from(g.file(mv.intent.from));
    let dr = i32::from(g.rank(mv.intent.to)) - i32::from(g.rank(mv.intent.from));
    ((df / 2) as i8, (dr / 2) as i8)
}

fn apply_effect(pos: &mut Position, mv: &Move) {
    for v in mv.effect.vanish.as_slice() {
        pos.board.remove(v.square, v.piece.color);
    }
    for a in mv.effect.appear.as_slice() {
        pos.board.put(a.square, a.piece);
    }
}

impl Rules for Emergo {
    fn name(&self) -> &str {
        "Emergo"
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        "9/9/9/9/9/9/9/9/9 w 0 12,12"
    }

    fn kinds(&self, _color: Color) -> KindSet {
        (b'a'..=b'l').chain(b'A'..=b'L').map(Kind).collect()
    }

    fn royal_kinds(&self) -> KindSet {
        KindSet::EMPTY
    }

    fn royals_per_side(&self) -> Option<usize> {
        None
    }

    fn piece_name(&self, piece: Piece) -> String {
        let n = if piece.kind.0.is_ascii_lowercase() {
            piece.kind.0 - b'a' + 1
        } else {
            piece.kind.0 - b'A' + 1
        };
        let what = if piece.kind.0.is_ascii_lowercase() {
            "unit"
        } else {
            "prisoners"
        };
        format!("{what} of {n}")
    }

    fn fen_style(&self) -> FenStyle {
        FenStyle::default()
    }

    fn cell_spelling(&self) -> CellSpelling {
        CellSpelling::Pair
    }

    fn decode_pair(&self, first: char, second: char) -> Option<Cell> {
        let (controller, base) = match first {
            'A'..='L' => (Color::White, b'A'),
            'a'..='l' => (Color::Black, b'a'),
            _ => return None,
        };
        let prisoners = match second {
            '@' => 0,
            c if (base..base + IN_HAND).contains(&(c as u8)) => c as u8 - base + 1,
            _ => return None,
        };
        Some(
            Unit {
                controller,
                own: first as u8 - base + 1,
                prisoners,
            }
            .cell(),
        )
    }

    fn decode_cell(&self, _c: char) -> Option<Cell> {
        None
    }

    fn encode_cell(&self, _cell: Cell) -> Option<char> {
        None
    }

    fn encode_cell_text(&self, cell: Cell) -> Option<String> {
        Unit::of(cell).map(Unit::text)
    }

    fn royal_attacked(&self, _pos: &Position, _color: Color) -> bool {
        false
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        (mv.intent.kind == MoveKind::Special(ENTER)).then_some("enters")
    }

    /// As the site writes it: an entry `@e5`, a move or capture by its
    /// squares, `g1e3`.
    fn notation_override(&self, mv: &Move) -> Option<String> {
        let g = &self.geometry;
        Some(if mv.intent.kind == MoveKind::Special(ENTER) {
            format!("@{}", g.square_name(mv.intent.to))
        } else {
            format!(
                "{}{}",
                g.square_name(mv.intent.from),
                g.square_name(mv.intent.to)
            )
        })
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if self.variant_outcome(pos).is_some() {
            return;
        }
        let us = pos.turn();
        let start = out.len();
        self.longest_captures(pos, out);
        if out.len() > start {
            return;
        }
        self.entries(pos, out);
        if EmergoState::of(&pos.state).hand[us.index()] > 0 {
            return;
        }
        for from in self.geometry.squares() {
            let Some(unit) = self.unit(pos, from).filter(|u| u.controller == us) else {
                continue;
            };
            let cell = pos.board.cell(from);
            for &s in &DIAGONAL {
                let Some(to) = self.off(from, s).filter(|&t| pos.board.cell(t).is_empty()) else {
                    continue;
                };
                let mut effect = Effect::default();
                for p in cell.pieces() {
                    effect.vanish.push(from, p);
                    effect.appear.push(to, p);
                }
                out.push(Move {
                    intent: Intent {
                        from,
                        to,
                        piece: Piece::new(us, Kind(b'a' + unit.own - 1)),
                        promotion: None,
                        capture: false,
                        kind: MoveKind::Normal,
                        chain_step: 0,
                        continues: false,
                        prior_promotion: None,
                    },
                    effect,
                });
            }
        }
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let saved = pos.state;
        let us = pos.turn();
        let mut st = EmergoState::of(&pos.state);
        apply_effect(pos, mv);
        if mv.intent.kind == MoveKind::Special(ENTER) {
            let n = Unit::of(pos.board.cell(mv.intent.to)).map_or(1, |u| u.own);
            st.hand[us.index()] = st.hand[us.index()].saturating_sub(n);
        }
        st.chain = mv
            .intent
            .continues
            .then(|| (mv.intent.to, step_of(&self.geometry, mv)));
        if !mv.intent.continues {
            pos.state.turn = us.opposite();
            pos.state.plies = saved.plies + 1;
        }
        st.store(&mut pos.state);
        Undo(saved)
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        pos.unapply(mv, undo)
    }

    /// "If no pieces on board + reserve, I lose" (the site's engine): a side
    /// with nothing in hand and no unit has lost.
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        let us = pos.turn();
        let st = EmergoState::of(&pos.state);
        let has_unit = self
            .geometry
            .squares()
            .any(|sq| self.unit(pos, sq).is_some_and(|u| u.controller == us));
        (st.hand[us.index()] == 0 && !has_unit).then_some(Outcome::VariantWin {
            winner: us.opposite(),
            reason: "no unit left",
        })
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else {
            EmergoState {
                hand: [IN_HAND; 2],
                chain: None,
            }
            .store(state);
            return;
        };
        let counts: Vec<Option<u8>> = f.text.split(',').map(|n| n.parse().ok()).collect();
        match counts.as_slice() {
            [Some(w), Some(b)] if *w <= IN_HAND && *b <= IN_HAND => EmergoState {
                hand: [*w, *b],
                chain: None,
            }
            .store(state),
            _ => problems.push(Problem::BadField {
                field: "pieces in hand",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let st = EmergoState::of(&pos.state);
        (String::new(), format!(" {},{}", st.hand[0], st.hand[1]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal;
    use crate::validate::position_from_fen;

    fn emergo() -> &'static dyn Rules {
        crate::registry::rules("Emergo").expect("Emergo is registered")
    }

    #[test]
    fn stacks_read_and_write_as_the_site_does() {
        let rules = emergo();
        let fen = "9/9/2a@1a@4/9/2bb1a@4/3C@5/9/9/9 w 10 2,5";
        let pos = position_from_fen(rules, fen).unwrap();
        assert_eq!(crate::fen::vchess_fen(rules, &pos), fen);
        let g = rules.geometry();
        let bb = Unit::of(pos.board.cell(g.parse_square("c5").unwrap())).unwrap();
        assert_eq!(
            bb,
            Unit {
                controller: Color::Black,
                own: 2,
                prisoners: 2
            }
        );
    }

    #[test]
    fn start_perft_equals_the_sites_engine() {
        let rules = emergo();
        let mut pos = rules.start_position();
        // `fenpress-conformance perft Emergo start 4`: 1,828,116 at depth 4;
        // the centre is closed to White's first entry.
        assert_eq!(legal::perft(rules, &mut pos, 1), 40);
        assert_eq!(legal::perft(rules, &mut pos, 2), 1504);
        assert_eq!(legal::perft(rules, &mut pos, 3), 55_172);
    }

    fn only_move(rules: &dyn Rules, pos: &mut Position) -> Move {
        let mut moves = MoveList::new();
        legal::legal_moves(rules, pos, &mut moves);
        assert_eq!(
            moves.len(),
            1,
            "{:?}",
            moves
                .iter()
                .map(|m| rules.notation_override(m))
                .collect::<Vec<_>>()
        );
        moves[0]
    }

    /// The page's "White's only option is to capture clockwise": five
    /// captures in a chain, each a ply, the turn passing after the last.
    #[test]
    fn the_longest_chain_is_compulsory() {
        let rules = emergo();
        let mut pos =
            position_from_fen(rules, "9/9/2a@1a@4/9/2bb1a@4/3C@5/9/9/9 w 10 2,5").unwrap();
        let mut line = Vec::new();
        while pos.turn() == Color::White {
            let mv = only_move(rules, &mut pos);
            line.push(rules.notation_override(&mv).unwrap_or_default());
            rules.play(&mut pos, &mv);
        }
        assert_eq!(line, ["d4b6", "b6d8", "d8f6", "f6d4", "d4b6"]);
        // The white unit holds five prisoners; the c5 unit, its black
        // jailers gone, is White's two freed pieces.
        assert_eq!(
            crate::fen::vchess_fen(rules, &pos),
            "9/9/9/1CE7/2B@6/9/9/9/9 b 11 2,5"
        );
    }

    /// The page's pair: Black jumps from g1 to e3 and must go on over d4.
    #[test]
    fn a_capture_that_can_go_on_keeps_the_turn() {
        let rules = emergo();
        let mut pos =
            position_from_fen(rules, "9/9/2a@1a@4/9/4a@4/3D@5/9/5A@3/6b@2 b 1 12,12").unwrap();
        let mv = only_move(rules, &mut pos);
        assert_eq!(rules.notation_override(&mv).as_deref(), Some("g1e3"));
        assert!(mv.intent.continues);
        rules.play(&mut pos, &mv);
        assert_eq!(
            crate::fen::board_fen(rules, &pos),
            "9/9/2a@1a@4/9/4a@4/3D@5/4ba4/9/9"
        );
        let next = only_move(rules, &mut pos);
        assert_eq!(rules.notation_override(&next).as_deref(), Some("e3c5"));
    }

    /// No entry where the opponent could take it; the shadow piece once
    /// the opponent's hand is empty.
    #[test]
    fn entries_avoid_capture_and_the_shadow_piece_takes_the_rest() {
        let rules = emergo();
        let mut pos = position_from_fen(rules, "9/9/9/9/4a@4/9/9/9/9 w 2 11,11").unwrap();
        let mut moves = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut moves);
        let names: Vec<String> = moves
            .iter()
            .filter_map(|m| rules.notation_override(m))
            .collect();
        // d4 would stand between the e5 unit and an empty c3.
        assert!(!names.contains(&"@d4".to_string()), "{names:?}");
        assert!(names.contains(&"@a1".to_string()), "{names:?}");
        let mut shadow = position_from_fen(rules, "9/9/9/9/4a@4/9/9/9/9 w 2 3,0").unwrap();
        let mv = *crate::notation::parse_move(rules, &mut shadow, "@a1")
            .as_ref()
            .unwrap();
        rules.play(&mut shadow, &mv);
        assert_eq!(
            crate::fen::vchess_fen(rules, &shadow),
            "9/9/9/9/4a@4/9/9/9/C@8 b 3 0,0"
        );
    }
}
