//! Chakart: Mario-Kart chess. The pieces move as in chess (no castling, no
//! en passant, no check: the king is taken) and leave objects behind: a
//! pawn its mushroom, a knight its egg, a rook a banana, a bishop a bomb.
//! A piece that reaches an object is sent on (mushroom), turned aside at
//! random (banana, bomb), or meets an egg's effect, drawn at random among
//! eight; three of them (King Boo, Toadette, Daisy) give the same player a
//! second part of the turn. The queen may once make a stealth move, the
//! king once throw a shell.
//!
//! **Chance is part of the move.** The page says these effects happen "at
//! random"; the site's engine draws them while it lists the moves, so each
//! listed move already carries its outcome, and a player never chooses
//! one. fenpress lists one move per outcome: every direction a banana may
//! send a piece, every square a rook's banana may fall on, every egg
//! effect and every piece Luigi or Waluigi may turn. A game is then a
//! sequence of such moves and a perft counts the outcomes; the oracle
//! server runs the site's own move building once per sequence of its
//! random draws (its `randInt`), so that both list the same moves.
//!
//! The position is the site's FEN: `board turn moves flags captured`, the
//! flags being whether each side's king (Peach) and queen (Mario) still has
//! its power (`1111`: White's king, White's queen, Black's...), the twelve
//! digits each side's pieces captured (pawn, rook, knight, bishop, queen,
//! king; White's first), which Toadette puts back. Objects are Black
//! pieces of the letters `d` (banana), `w` (bomb), `e` (egg), `m`
//! (mushroom), as the site writes them; an immobilized piece is written
//! `s u o c t l` (pawn to king), the queen in stealth `i`. The second part
//! of a turn is kept in the state: the site's FEN has no field for it, and
//! fenpress writes such a position as the site does.
//!
//! The site's engine is followed where the page is silent; where they part,
//! the page decides (listed deviations): every piece taken is counted for
//! Toadette, who puts back "a captured piece" (`chakart-captured-counts`);
//! a rook or bishop leaves its banana or bomb beside its arrival square
//! after an egg's effect too, as the page's Waluigi figure shows
//! (`chakart-object-after-egg`).

pub mod sim;

use crate::color::Color;
use crate::fen::Field;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use sim::{Built, Egg, Grid, Pipo, Sim};

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 1111 000000000000";

/// The kinds the captured counts name, in the FEN's order.
const COUNTED: [u8; 6] = [b'p', b'r', b'n', b'b', b'q', b'k'];
/// What a pawn may become, in the site's order.
const PROMOTIONS: [u8; 5] = [b'r', b'n', b'b', b'q', b'k'];
const OBJECTS: [u8; 4] = [sim::BANANA, sim::BOMB, sim::EGG, sim::MUSHROOM];

// The move's code (`MoveKind::Special`): the egg's effect in the low bits.
const EFFECT_MASK: u8 = 0x0f;
const USES_QUEEN_POWER: u8 = 0x10;
const USES_KING_POWER: u8 = 0x20;
const PLACEMENT: u8 = 0x40;
const EXCHANGE: u8 = 0x80;

// The state's variant bits: the four powers, then the second part's effect.
const POWER_BITS: u64 = 0x0f;
const SECOND_SHIFT: u32 = 4;

/// The power bit of `color`'s king (`'k'`) or queen.
fn power_bit(color: Color, piece: u8) -> u64 {
    let i = 2 * color.index() + usize::from(piece == b'q');
    1 << i
}

fn has_power(state: &State, color: Color, piece: u8) -> bool {
    state.variant & power_bit(color, piece) != 0
}

/// The effect whose second part is to be played, if any.
pub fn second_part(state: &State) -> Option<Egg> {
    Egg::from_code(((state.variant >> SECOND_SHIFT) & 0x0f) as u8)
}

/// The egg's effect a move met.
pub fn egg_of(mv: &Move) -> Option<Egg> {
    match mv.intent.kind {
        MoveKind::Special(code) => Egg::from_code(code & EFFECT_MASK),
        _ => None,
    }
}

/// Whether a move is Toadette's placement of a captured piece.
pub fn is_placement(mv: &Move) -> bool {
    code_of(mv) & PLACEMENT != 0
}

fn code_of(mv: &Move) -> u8 {
    match mv.intent.kind {
        MoveKind::Special(code) => code,
        _ => 0,
    }
}

fn side_of(c: Color) -> u8 {
    match c {
        Color::White => b'w',
        Color::Black => b'b',
    }
}

fn color_of(c: u8) -> Color {
    if c == b'w' {
        Color::White
    } else {
        Color::Black
    }
}

/// Chakart's rules.
pub struct Chakart {
    geometry: Geometry,
}

impl Default for Chakart {
    fn default() -> Self {
        Self::new()
    }
}

impl Chakart {
    pub fn new() -> Chakart {
        Chakart {
            geometry: Geometry::new(8, 8).expect("8x8 is a board"),
        }
    }

    fn square(&self, (x, y): (i8, i8)) -> Square {
        self.geometry
            .square(y as u8, 7 - x as u8)
            .expect("the simulation stays on the board")
    }

    fn grid(&self, pos: &Position) -> Grid {
        let mut grid = Grid([None; 64]);
        for sq in self.geometry.squares() {
            let (x, y) = (
                7 - self.geometry.rank(sq) as i8,
                self.geometry.file(sq) as i8,
            );
            let cell = pos.board.cell(sq);
            let v = if let Some(k) = cell.kind(Color::White) {
                Some((b'w', k.0))
            } else {
                cell.kind(Color::Black).map(|k| {
                    let c = if OBJECTS.contains(&k.0) {
                        sim::OBJECT
                    } else {
                        b'b'
                    };
                    (c, k.0)
                })
            };
            grid.set(x, y, v);
        }
        grid
    }

    fn piece_of(c: u8, p: u8) -> Piece {
        Piece::new(
            if c == b'w' {
                Color::White
            } else {
                Color::Black
            },
            Kind(p),
        )
    }

    /// Every move of the side to move, each outcome once.
    fn generate(&self, pos: &Position, out: &mut MoveList) {
        let grid = self.grid(pos);
        let us = pos.turn();
        let turn = side_of(us);
        let second = second_part(&pos.state);
        let sim = Sim {
            grid: &grid,
            turn,
            second,
            has_captured: !pos.state.hands.is_empty_for(us),
        };
        let mut built: Vec<(Built, Option<u8>, u8)> = Vec::new();
        match second {
            Some(Egg::KingBoo) => self.exchanges(&sim, &mut built),
            Some(Egg::Toadette) => self.placements(&sim, pos, &mut built),
            _ => {
                for x in 0..8 {
                    for y in 0..8 {
                        if let Some((_, p)) = grid.get(x, y).filter(|c| c.0 == turn) {
                            self.piece_moves(&sim, pos, (x, y), p, &mut built);
                        }
                    }
                }
            }
        }
        for (b, promotion, code) in built {
            out.push(self.to_move(&sim, &b, promotion, code));
        }
    }

    /// The moves of the piece `p` on `from`, each with its promotion and code.
    fn piece_moves(
        &self,
        sim: &Sim,
        pos: &Position,
        from: (i8, i8),
        p: u8,
        out: &mut Vec<(Built, Option<u8>, u8)>,
    ) {
        let g = sim.grid;
        let mut ends: Vec<((i8, i8), Option<u8>)> = Vec::new();
        let passable = |x: i8, y: i8| match g.get(x, y) {
            None => true,
            Some((c, q)) => {
                q == sim::INVISIBLE_QUEEN
                    || (c == sim::OBJECT && matches!(q, sim::EGG | sim::MUSHROOM))
            }
        };
        let takes = |x: i8, y: i8| g.get(x, y).is_some_and(|(c, _)| c != sim.turn);
        let (steps, slides): (&[(i8, i8)], bool) = match p {
            b'r' => (&sim::ROOK_STEPS, true),
            b'b' => (&sim::BISHOP_STEPS, true),
            b'q' => (&KING_STEPS, true),
            b'k' => (&KING_STEPS, false),
            b'n' => (&sim::KNIGHT_STEPS, false),
            b'p' => {
                self.pawn_ends(sim, from, &mut ends);
                (&[], false)
            }
            _ => return,
        };
        for (dx, dy) in steps {
            let (mut x, mut y) = (from.0 + dx, from.1 + dy);
            while Grid::on_board(x, y) && passable(x, y) {
                ends.push(((x, y), None));
                if !slides {
                    break;
                }
                x += dx;
                y += dy;
            }
            if Grid::on_board(x, y) && !passable(x, y) && takes(x, y) {
                ends.push(((x, y), None));
            }
        }
        let first = sim.second.is_none();
        for (to, promotion) in ends {
            for b in sim::each_outcome(|ch| sim.build(from, Some(to), promotion, 0, ch)) {
                let plain_move = b.appear.len() == 1 && b.vanish.len() == 1;
                let pawn_at_end = b
                    .appear
                    .first()
                    .is_some_and(|a| matches!(a.p, b'p' | b's') && a.x == sim::last_rank(sim.turn));
                if first && pawn_at_end {
                    // A pawn sent onto its last rank promotes there.
                    for q in PROMOTIONS {
                        let mut c = b.clone();
                        let a = &mut c.appear[0];
                        a.p = if a.p == b'p' { q } else { sim::immobilized(q) };
                        out.push((c, Some(q), 0));
                    }
                    continue;
                }
                if p == b'q' && plain_move && has_power(&pos.state, pos.turn(), b'q') {
                    let mut c = b.clone();
                    c.appear[0].p = sim::INVISIBLE_QUEEN;
                    out.push((c, None, USES_QUEEN_POWER));
                }
                out.push((b, promotion, 0));
            }
        }
        if p == b'k' && has_power(&pos.state, pos.turn(), b'k') {
            self.shells(sim, from, out);
        }
    }

    /// The squares a pawn goes to, with its promotions on the last rank.
    fn pawn_ends(&self, sim: &Sim, (x, y): (i8, i8), ends: &mut Vec<((i8, i8), Option<u8>)>) {
        let g = sim.grid;
        let s: i8 = if sim.turn == b'w' { -1 } else { 1 };
        let first_rank: i8 = if sim.turn == b'w' { 7 } else { 0 };
        let open = |x: i8, y: i8| {
            Grid::on_board(x, y)
                && g.get(x, y)
                    .is_none_or(|(c, p)| c == sim::OBJECT || p == sim::INVISIBLE_QUEEN)
        };
        let add = |to: (i8, i8), ends: &mut Vec<_>| {
            if to.0 == sim::last_rank(sim.turn) {
                ends.extend(PROMOTIONS.iter().map(|q| (to, Some(*q))));
            } else {
                ends.push((to, None));
            }
        };
        if open(x + s, y) {
            add((x + s, y), ends);
            if (x == first_rank || x == first_rank + s) && open(x + 2 * s, y) {
                ends.push(((x + 2 * s, y), None));
            }
        }
        for dy in [-1, 1] {
            let to = (x + s, y + dy);
            let takes = Grid::on_board(to.0, to.1)
                && g.get(to.0, to.1).is_some_and(|(c, p)| {
                    p != sim::INVISIBLE_QUEEN && (c == sim::OBJECT || c == sim::opposite(sim.turn))
                });
            if takes {
                add(to, ends);
            }
        }
    }

    /// Peach's shell: the first thing on each line that is not the
    /// player's, an egg or a mushroom is taken, from afar.
    fn shells(&self, sim: &Sim, from: (i8, i8), out: &mut Vec<(Built, Option<u8>, u8)>) {
        let g = sim.grid;
        for (dx, dy) in KING_STEPS {
            let (mut x, mut y) = (from.0 + dx, from.1 + dy);
            while Grid::on_board(x, y)
                && g.get(x, y).is_none_or(|(c, p)| {
                    p == sim::INVISIBLE_QUEEN
                        || (c == sim::OBJECT && matches!(p, sim::EGG | sim::MUSHROOM))
                })
            {
                x += dx;
                y += dy;
            }
            let Some((c, p)) = Grid::on_board(x, y).then(|| g.get(x, y)).flatten() else {
                continue;
            };
            if c == sim.turn {
                continue;
            }
            let target = Pipo { x, y, c, p };
            out.push((
                Built {
                    start: from,
                    end: (x, y),
                    appear: Vec::new(),
                    vanish: vec![target],
                    effect: None,
                    taken: (c != sim::OBJECT).then_some(target),
                },
                None,
                USES_KING_POWER,
            ));
        }
    }

    /// King Boo's second part: one of the player's pieces changes places
    /// with any piece (not an object, not a queen in stealth); no pawn
    /// onto its last rank.
    fn exchanges(&self, sim: &Sim, out: &mut Vec<(Built, Option<u8>, u8)>) {
        let g = sim.grid;
        for x in 0..8 {
            for y in 0..8 {
                let Some((_, mine)) = g.get(x, y).filter(|c| c.0 == sim.turn) else {
                    continue;
                };
                for i in 0..8 {
                    for j in 0..8 {
                        let Some((c, p)) = g.get(i, j) else { continue };
                        if (i, j) == (x, y) || p == sim::INVISIBLE_QUEEN || c == sim::OBJECT {
                            continue;
                        }
                        if (p == b'p' && x == sim::last_rank(c))
                            || (mine == b'p' && i == sim::last_rank(sim.turn))
                        {
                            continue;
                        }
                        // No object is met: one outcome.
                        let mut b =
                            sim::each_outcome(|ch| sim.build((x, y), Some((i, j)), None, 0, ch))
                                .remove(0);
                        b.appear.push(Pipo { x, y, c, p });
                        b.taken = None;
                        out.push((b, None, EXCHANGE));
                    }
                }
            }
        }
    }

    /// Toadette's second part: a captured piece of the player's put back
    /// on an empty square or an object (no pawn on its first or last rank).
    fn placements(&self, sim: &Sim, pos: &Position, out: &mut Vec<(Built, Option<u8>, u8)>) {
        let g = sim.grid;
        let us = pos.turn();
        for p in COUNTED {
            if pos.state.hands.count(us, Kind(p)) == 0 {
                continue;
            }
            let rows = match (sim.turn, p) {
                (b'w', b'p') => 1..8,
                (_, b'p') => 0..7,
                _ => 0..8,
            };
            for x in rows {
                for y in 0..8 {
                    let free = g
                        .get(x, y)
                        .is_none_or(|(c, q)| c == sim::OBJECT || q == sim::INVISIBLE_QUEEN);
                    if !free {
                        continue;
                    }
                    for b in sim::each_outcome(|ch| sim.build((x, y), None, None, p, ch)) {
                        out.push((b, None, PLACEMENT));
                    }
                }
            }
        }
    }

    /// A built move as fenpress's: its effect is what it changes on the
    /// board once played, the end of the turn's changes included (the
    /// player's immobilized pieces free again, the opponent's stealth queen
    /// seen again).
    fn to_move(&self, sim: &Sim, b: &Built, promotion: Option<u8>, code: u8) -> Move {
        let continues = b.effect.is_some_and(Egg::continues);
        let mut after = sim.grid.clone();
        after.play(&b.vanish, &b.appear);
        if !continues {
            let frees = b.appear.first().is_none_or(|a| !sim::is_immobilized(a.p));
            let opp = sim::opposite(sim.turn);
            for x in 0..8 {
                for y in 0..8 {
                    match after.get(x, y) {
                        Some((c, p)) if frees && c == sim.turn && sim::is_immobilized(p) => {
                            after.set(x, y, Some((c, sim::plain(p))));
                        }
                        Some((c, sim::INVISIBLE_QUEEN)) if c == opp => {
                            after.set(x, y, Some((c, b'q')))
                        }
                        _ => {}
                    }
                }
            }
        }
        // Every square the move changes, and those where it puts back what
        // was there (a piece sent onto one of its own side's takes it: the
        // board looks the same there, the move's name does not).
        let touched = |x: i8, y: i8| {
            b.vanish
                .iter()
                .chain(&b.appear)
                .any(|p| (p.x, p.y) == (x, y))
        };
        let mut effect = crate::moves::Effect::default();
        for x in 0..8 {
            for y in 0..8 {
                let (was, now) = (sim.grid.get(x, y), after.get(x, y));
                if was == now && (was.is_none() || !touched(x, y)) {
                    continue;
                }
                let sq = self.square((x, y));
                if let Some((c, p)) = was {
                    effect.vanish.push(sq, Self::piece_of(c, p));
                }
                if let Some((c, p)) = now {
                    effect.appear.push(sq, Self::piece_of(c, p));
                }
            }
        }
        let placed = code & PLACEMENT != 0;
        let mover = if placed {
            b.appear.first().map_or(b'p', |a| a.p)
        } else {
            sim.grid.get(b.start.0, b.start.1).map_or(b'p', |c| c.1)
        };
        let taken = b.taken.filter(|t| t.c != sim::OBJECT);
        let egg = b.effect.map_or(0, |e| e as u8);
        Move {
            intent: crate::moves::Intent {
                from: self.square(b.start),
                to: self.square(b.end),
                piece: Piece::new(
                    color_of(sim.turn),
                    Kind(if placed { mover } else { sim::plain(mover) }),
                ),
                promotion: promotion.map(Kind),
                prior_promotion: None,
                capture: taken.is_some(),
                kind: MoveKind::Special(code | egg),
                // The piece taken, for the captured counts: 1 + its colour's
                // index times six + its kind's index.
                chain_step: taken.map_or(0, |t| {
                    let k = COUNTED
                        .iter()
                        .position(|k| *k == sim::plain(t.p))
                        .unwrap_or(0);
                    1 + 6 * color_of(t.c).index() as u8 + k as u8
                }),
                continues,
            },
            effect,
        }
    }
}

const KING_STEPS: [(i8, i8); 8] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];

impl Rules for Chakart {
    fn name(&self) -> &str {
        "Chakart"
    }
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }
    fn start_fen(&self) -> &str {
        START_FEN
    }
    fn kinds(&self, color: Color) -> KindSet {
        let mut set: KindSet = b"prnbqksuoctli".iter().map(|b| Kind(*b)).collect();
        if color == Color::Black {
            for o in OBJECTS {
                set.insert(Kind(o));
            }
        }
        set
    }
    /// Peach, free or immobilized: whose capture loses.
    fn royal_kinds(&self) -> KindSet {
        [Kind::KING, Kind(b'l')].into_iter().collect()
    }
    fn royals_per_side(&self) -> Option<usize> {
        None
    }
    /// The captured counts are kept as hands: Toadette puts them back.
    fn hand_kinds(&self, _color: Color) -> KindSet {
        COUNTED.iter().map(|k| Kind(*k)).collect()
    }
    fn own_flags(&self) -> bool {
        true
    }
    fn read_flags_tail(&self, tail: &str, state: &mut State) -> bool {
        if tail.len() != 4 || !tail.bytes().all(|b| b == b'0' || b == b'1') {
            return false;
        }
        state.variant &= !POWER_BITS;
        for (i, b) in tail.bytes().enumerate() {
            if b == b'1' {
                state.variant |= 1 << i;
            }
        }
        true
    }
    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else { return };
        if f.text.len() != 12 || !f.text.bytes().all(|b| b.is_ascii_digit()) {
            problems.push(Problem::BadField {
                field: "captured counts (twelve digits)",
                text: f.text.clone(),
                offset: f.offset,
            });
            return;
        }
        for (i, b) in f.text.bytes().enumerate() {
            let color = if i < 6 { Color::White } else { Color::Black };
            state.hands.set(color, Kind(COUNTED[i % 6]), b - b'0');
        }
    }
    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let flags = crate::fen::bit_flags(pos.state.variant, 4);
        let mut counts = String::from(" ");
        for color in Color::ALL {
            for k in COUNTED {
                counts.push_str(&pos.state.hands.count(color, Kind(k)).to_string());
            }
        }
        (flags, counts)
    }
    fn promotions(&self, _color: Color) -> &[Kind] {
        const KINDS: [Kind; 5] = [
            Kind::ROOK,
            Kind::KNIGHT,
            Kind::BISHOP,
            Kind::QUEEN,
            Kind::KING,
        ];
        &KINDS
    }
    fn royal_attacked(&self, _pos: &Position, _color: Color) -> bool {
        false
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        self.generate(pos, out);
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let mover = pos.turn();
        let undo = pos.apply(mv);
        let code = code_of(mv);
        let s = &mut pos.state;
        if code & USES_QUEEN_POWER != 0 {
            s.variant &= !power_bit(mover, b'q');
        }
        if code & USES_KING_POWER != 0 {
            s.variant &= !power_bit(mover, b'k');
        }
        let second = egg_of(mv).filter(|e| e.continues()).map_or(0, |e| e as u64);
        s.variant = (s.variant & POWER_BITS) | (second << SECOND_SHIFT);
        if mv.intent.chain_step > 0 {
            let i = usize::from(mv.intent.chain_step - 1);
            let color = if i < 6 { Color::White } else { Color::Black };
            s.hands.add(color, Kind(COUNTED[i % 6]));
        }
        if code & PLACEMENT != 0 {
            s.hands.take(mover, mv.intent.piece.kind);
        }
        undo
    }
    /// "The goal is to capture the enemy king" (all of them, when pawns
    /// promoted into kings).
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        crate::variants::turns::king_captured(pos)
    }
    /// No move: the side to move has lost (the site's score).
    fn stalemate_outcome(&self, pos: &Position) -> Outcome {
        Outcome::VariantWin {
            winner: pos.turn().opposite(),
            reason: "no move",
        }
    }
    fn notation_override(&self, mv: &Move) -> Option<String> {
        let g = &self.geometry;
        let code = code_of(mv);
        let i = &mv.intent;
        let letter = |k: Kind| {
            if k == Kind::PAWN {
                String::new()
            } else {
                k.char().to_ascii_uppercase().to_string()
            }
        };
        let s = if code & PLACEMENT != 0 {
            format!("{}@{}", letter(i.piece.kind), g.square_name(i.to))
        } else if code & EXCHANGE != 0 {
            format!("{}{}", g.square_name(i.from), g.square_name(i.to))
        } else if code & USES_QUEEN_POWER != 0 {
            // The site hides where (`Q??`); fenpress names each one.
            format!("Q{}", g.square_name(i.to))
        } else if code & USES_KING_POWER != 0 {
            format!("Kx{}", g.square_name(i.to))
        } else if i.piece.kind != Kind::PAWN {
            // The standard name, told apart from another piece's of the
            // kind (its capture names its start square in full).
            return None;
        } else {
            // As the site writes it: `x` when the end square held
            // anything, an object too.
            let takes = mv.effect.vanish.as_slice().iter().any(|v| v.square == i.to);
            let file = &g.square_name(i.from)[..1];
            let mut s = match takes {
                true => format!("{file}x{}", g.square_name(i.to)),
                false => g.square_name(i.to),
            };
            if let Some(k) = i.promotion {
                s.push('=');
                s.push(k.char().to_ascii_uppercase());
            }
            s
        };
        Some(s)
    }
    /// The outcome a move carries, so that each outcome has its own name:
    /// where the piece ends when objects sent it on (`>e5`), the object a
    /// rook or bishop leaves (`/d@c6`), the egg's effect as the site writes
    /// it (`*D`; Luigi's and Waluigi's with the square of the piece they
    /// turn, `*Lc3`).
    fn notation_suffix(&self, mv: &Move) -> Option<String> {
        let g = &self.geometry;
        let code = code_of(mv);
        let (appear, vanish) = (mv.effect.appear.as_slice(), mv.effect.vanish.as_slice());
        let object = |p: Piece| p.color == Color::Black && OBJECTS.contains(&p.kind.0);
        let turned = appear.iter().find(|a| {
            !object(a.piece)
                && vanish.iter().any(|v| {
                    v.square == a.square
                        && v.piece.color != a.piece.color
                        && !object(v.piece)
                        && sim::plain(v.piece.kind.0) == sim::plain(a.piece.kind.0)
                })
        });
        let mut s = String::new();
        if code & USES_QUEEN_POWER != 0 {
            s.push_str("/stealth");
        }
        if code & USES_KING_POWER != 0 {
            s.push_str("/shell");
        }
        if code & (EXCHANGE | PLACEMENT | USES_KING_POWER) == 0 {
            let mover = mv.intent.piece.color;
            let lands = appear.iter().find(|a| {
                a.piece.color == mover
                    && !object(a.piece)
                    && Some(a.square) != turned.map(|t| t.square)
                    && a.square != mv.intent.to
            });
            let stays = appear
                .iter()
                .any(|a| a.square == mv.intent.to && !object(a.piece));
            // Sent on and back to its end square: a banana or bomb met
            // elsewhere.
            let sent = vanish.iter().any(|v| {
                object(v.piece)
                    && matches!(v.piece.kind.0, sim::BANANA | sim::BOMB)
                    && v.square != mv.intent.to
            });
            if sent && stays {
                s.push('>');
                s.push_str(&g.square_name(mv.intent.to));
            }
            if let (Some(l), false) = (lands, stays) {
                s.push('>');
                s.push_str(&g.square_name(l.square));
            }
        } else if code & PLACEMENT != 0 {
            let lands = appear
                .iter()
                .find(|a| a.piece.color == mv.intent.piece.color && a.square != mv.intent.to);
            if let Some(l) = lands {
                s.push('>');
                s.push_str(&g.square_name(l.square));
            }
        }
        for a in appear
            .iter()
            .filter(|a| object(a.piece) && matches!(a.piece.kind.0, sim::BANANA | sim::BOMB))
        {
            s.push_str(&format!(
                "/{}@{}",
                a.piece.kind.char(),
                g.square_name(a.square)
            ));
        }
        if let Some(e) = egg_of(mv) {
            s.push('*');
            s.push(e.letter());
            if let (Egg::Luigi | Egg::Waluigi, Some(t)) = (e, turned) {
                s.push_str(&g.square_name(t.square));
            }
        }
        (!s.is_empty()).then_some(s)
    }
    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        egg_of(mv).map(|e| match e {
            Egg::KingBoo => "King Boo: exchange a piece next",
            Egg::Koopa => "Koopa: back to its square",
            Egg::Toadette => "Toadette: put a captured piece back next",
            Egg::Chomp => "Chomp: eaten",
            Egg::Daisy => "Daisy: play again",
            Egg::Bowser => "Bowser: immobilized",
            Egg::Luigi => "Luigi: an enemy piece changes sides",
            Egg::Waluigi => "Waluigi: a piece of yours changes sides",
        })
    }
    fn position_problems(
        &self,
        pos: &Position,
        _offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        for color in Color::ALL {
            if pos.board.royals(color).is_empty() {
                out.push(Problem::MissingRoyal { color, offset: 0 });
            }
        }
    }
}
