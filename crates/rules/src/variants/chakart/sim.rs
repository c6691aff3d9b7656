//! Chakart's move simulation: where a move ends once the objects on its way
//! have acted, and what it leaves behind. The random choices (a banana's or
//! bomb's new direction, an egg's effect, the piece Luigi or Waluigi turns,
//! the square of a rook's banana or a bishop's bomb) are made by a
//! [`Chooser`], in the order the site's engine draws them; [`each_outcome`]
//! runs a simulation once per sequence of choices, so that every outcome of
//! a move is listed.
//!
//! Coordinates are the site's: `x` the row from Black's side (0 = rank 8),
//! `y` the file; colours `w`, `b`, and `a` for the objects.

/// The objects' letters (colour `a`).
pub const BANANA: u8 = b'd';
pub const BOMB: u8 = b'w';
pub const EGG: u8 = b'e';
pub const MUSHROOM: u8 = b'm';
/// A queen that made her stealth move, until the opponent has moved.
pub const INVISIBLE_QUEEN: u8 = b'i';
/// The colour of the objects.
pub const OBJECT: u8 = b'a';

/// A piece immobilized by Bowser, as the site writes it.
pub fn immobilized(kind: u8) -> u8 {
    match kind {
        b'p' => b's',
        b'r' => b'u',
        b'n' => b'o',
        b'b' => b'c',
        b'q' => b't',
        b'k' => b'l',
        k => k,
    }
}

/// The piece an immobilized (or invisible) letter stands for.
pub fn plain(kind: u8) -> u8 {
    match kind {
        b's' => b'p',
        b'u' => b'r',
        b'o' => b'n',
        b'c' => b'b',
        b't' | INVISIBLE_QUEEN => b'q',
        b'l' => b'k',
        k => k,
    }
}

pub fn is_immobilized(kind: u8) -> bool {
    matches!(kind, b's' | b'u' | b'o' | b'c' | b't' | b'l')
}

/// The egg's effects, in the order the site's engine lists them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Egg {
    KingBoo = 1,
    Koopa,
    Toadette,
    Chomp,
    Daisy,
    Bowser,
    Luigi,
    Waluigi,
}

impl Egg {
    pub fn from_code(c: u8) -> Option<Egg> {
        use Egg::*;
        [
            KingBoo, Koopa, Toadette, Chomp, Daisy, Bowser, Luigi, Waluigi,
        ]
        .into_iter()
        .find(|e| *e as u8 == c)
    }
    /// Whether the same player then plays a second part of the turn.
    pub fn continues(self) -> bool {
        matches!(self, Egg::KingBoo | Egg::Toadette | Egg::Daisy)
    }
    /// The site's name for the effect (its moves' `end.effect`).
    pub fn site_name(self) -> &'static str {
        match self {
            Egg::KingBoo => "kingboo",
            Egg::Koopa => "koopa",
            Egg::Toadette => "toadette",
            Egg::Chomp => "chomp",
            Egg::Daisy => "daisy",
            Egg::Bowser => "bowser",
            Egg::Luigi => "luigi",
            Egg::Waluigi => "waluigi",
        }
    }
    /// The page's letter for the effect (`*B`, `*K`...).
    pub fn letter(self) -> char {
        match self {
            Egg::KingBoo => 'B',
            Egg::Koopa => 'K',
            Egg::Toadette => 'T',
            Egg::Chomp => 'C',
            Egg::Daisy => 'D',
            Egg::Bowser => 'M',
            Egg::Luigi => 'L',
            Egg::Waluigi => 'W',
        }
    }
}

/// A piece or object on a square (the site's `PiPo`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pipo {
    pub x: i8,
    pub y: i8,
    pub c: u8,
    pub p: u8,
}

impl Pipo {
    fn at(self) -> (i8, i8) {
        (self.x, self.y)
    }
}

/// The board as the simulation sees it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grid(pub [Option<(u8, u8)>; 64]);

impl Grid {
    pub fn on_board(x: i8, y: i8) -> bool {
        (0..8).contains(&x) && (0..8).contains(&y)
    }
    pub fn get(&self, x: i8, y: i8) -> Option<(u8, u8)> {
        self.0[(x as usize) * 8 + y as usize]
    }
    pub fn set(&mut self, x: i8, y: i8, v: Option<(u8, u8)>) {
        self.0[(x as usize) * 8 + y as usize] = v;
    }
    fn color(&self, x: i8, y: i8) -> Option<u8> {
        self.get(x, y).map(|c| c.0)
    }
    fn occupant(&self, x: i8, y: i8) -> Option<Pipo> {
        self.get(x, y).map(|(c, p)| Pipo { x, y, c, p })
    }
    /// Empty, an object, or the invisible queen: where a piece may go
    /// as onto an empty square.
    fn open(&self, x: i8, y: i8) -> bool {
        match self.get(x, y) {
            None => true,
            Some((c, p)) => c == OBJECT || p == INVISIBLE_QUEEN,
        }
    }
    /// Plays a move's vanish and appear lists (the site's `PlayOnBoard`).
    pub fn play(&mut self, vanish: &[Pipo], appear: &[Pipo]) {
        for v in vanish {
            self.set(v.x, v.y, None);
        }
        for a in appear {
            self.set(a.x, a.y, Some((a.c, a.p)));
        }
    }
    fn cells(&self) -> impl Iterator<Item = (i8, i8, u8, u8)> + '_ {
        (0..64).filter_map(move |i| self.0[i].map(|(c, p)| ((i / 8) as i8, (i % 8) as i8, c, p)))
    }
}

pub const ROOK_STEPS: [(i8, i8); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
pub const BISHOP_STEPS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
pub const KNIGHT_STEPS: [(i8, i8); 8] = [
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (-2, -1),
    (-2, 1),
    (2, -1),
    (2, 1),
];

/// The random choices of one simulation: the `made` choices, each with
/// the number of options it had, following the given `script` (0 past it).
pub struct Chooser {
    script: Vec<u8>,
    made: Vec<(u8, u8)>,
}

impl Chooser {
    /// One of `n` options (the site's `randInt(n)`).
    pub fn pick(&mut self, n: usize) -> usize {
        let k = self.script.get(self.made.len()).copied().unwrap_or(0);
        self.made.push((k, n.min(255) as u8));
        usize::from(k)
    }
}

/// `f` once per sequence of choices it may meet, depth first: every
/// outcome of a random move, each once.
pub fn each_outcome<T>(mut f: impl FnMut(&mut Chooser) -> T) -> Vec<T> {
    let mut out = Vec::new();
    let mut script = Vec::new();
    loop {
        let mut ch = Chooser {
            script,
            made: Vec::new(),
        };
        out.push(f(&mut ch));
        let made = ch.made;
        let Some(i) = made.iter().rposition(|(k, n)| k + 1 < *n) else {
            break;
        };
        script = made[..i].iter().map(|m| m.0).collect();
        script.push(made[i].0 + 1);
    }
    out
}

/// One leg of a move (the site's `getBasicMove_aux` result).
#[derive(Clone, Debug, Default)]
struct Leg {
    appear: Vec<Pipo>,
    vanish: Vec<Pipo>,
    next: Option<(i8, i8)>,
    effect: Option<Egg>,
    /// A piece (not an object) taken on this leg.
    taken: Option<Pipo>,
}

/// A whole move as the site builds it, with what fenpress needs beside it.
#[derive(Clone, Debug)]
pub struct Built {
    pub start: (i8, i8),
    pub end: (i8, i8),
    pub appear: Vec<Pipo>,
    pub vanish: Vec<Pipo>,
    pub effect: Option<Egg>,
    /// The piece taken (or eaten by Chomp), for the captured counts.
    pub taken: Option<Pipo>,
}

/// What a simulation knows of the position besides the board.
pub struct Sim<'g> {
    pub grid: &'g Grid,
    pub turn: u8,
    /// At the turn's second part: the effect that gave it.
    pub second: Option<Egg>,
    /// Whether the player has pieces in the captured counts (Toadette).
    pub has_captured: bool,
}

pub fn opposite(c: u8) -> u8 {
    if c == b'w' {
        b'b'
    } else {
        b'w'
    }
}

/// The row a colour's pawns promote on.
pub fn last_rank(c: u8) -> i8 {
    if c == b'w' {
        0
    } else {
        7
    }
}

/// Where the leg that starts on `leg` goes next, at random, from a banana
/// (orthogonally) or a bomb (diagonally) on `(x, y)`.
fn redirect(object: u8, (x, y): (i8, i8), ch: &mut Chooser) -> (i8, i8) {
    let steps: &[(i8, i8)] = if object == BANANA {
        &ROOK_STEPS
    } else {
        &BISHOP_STEPS
    };
    let valid: Vec<(i8, i8)> = steps
        .iter()
        .filter(|(dx, dy)| Grid::on_board(x + dx, y + dy))
        .copied()
        .collect();
    let (dx, dy) = valid[ch.pick(valid.len()).min(valid.len() - 1)];
    (x + dx, y + dy)
}

/// The state of one leg being worked out.
struct LegWork<'a, 's> {
    sim: &'a Sim<'s>,
    g: &'a Grid,
    leg: Leg,
    piece1: u8,
    from: (i8, i8),
    to: (i8, i8),
}

impl LegWork<'_, '_> {
    /// An object reached on `(x, y)` (already in the vanish list) acts.
    fn object_acts(&mut self, object: u8, at: (i8, i8), ch: &mut Chooser) {
        match object {
            BANANA | BOMB => self.leg.next = Some(redirect(object, at, ch)),
            EGG => self.egg(ch),
            MUSHROOM => self.mushroom(ch),
            _ => {}
        }
    }

    fn mushroom(&mut self, ch: &mut Chooser) {
        let g = self.g;
        let a0 = self.leg.appear[0];
        if matches!(self.piece1, b'p' | b'k' | b'n') {
            // One more step of the same kind, if it lands on no piece.
            let (i, j) = (
                a0.x + self.to.0 - self.from.0,
                a0.y + self.to.1 - self.from.1,
            );
            if !Grid::on_board(i, j) || !g.open(i, j) {
                return;
            }
            self.leg.appear[0].x = i;
            self.leg.appear[0].y = j;
            if let Some(o) = g.occupant(i, j) {
                self.leg.vanish.push(o);
                if o.p == INVISIBLE_QUEEN {
                    self.leg.taken = Some(o);
                }
                self.object_acts(o.p, (i, j), ch);
            }
            return;
        }
        // A slider jumps over the very next piece, onto no piece.
        let step = (
            (self.to.0 - self.from.0).signum(),
            (self.to.1 - self.from.1).signum(),
        );
        let next = (a0.x + step.0, a0.y + step.1);
        let over = Grid::on_board(next.0, next.1)
            && g.get(next.0, next.1)
                .is_some_and(|(c, p)| p != INVISIBLE_QUEEN && c != OBJECT);
        let after = (next.0 + step.0, next.1 + step.1);
        if !over || !Grid::on_board(after.0, after.1) {
            return;
        }
        let free = match g.color(after.0, after.1) {
            None => true,
            Some(c) => c == OBJECT,
        };
        if !free {
            return;
        }
        self.leg.appear[0].x = after.0;
        self.leg.appear[0].y = after.1;
        if let Some(o) = g.occupant(after.0, after.1) {
            self.leg.vanish.push(o);
            self.object_acts(o.p, after, ch);
        }
    }

    fn egg(&mut self, ch: &mut Chooser) {
        if self.sim.second.is_some() {
            return;
        }
        let g = self.g;
        let color1 = self.sim.turn;
        let opp = opposite(color1);
        let mut effects = vec![
            Egg::KingBoo,
            Egg::Koopa,
            Egg::Chomp,
            Egg::Bowser,
            Egg::Daisy,
        ];
        if self.sim.has_captured {
            effects.push(Egg::Toadette);
        }
        let turnable = |color: u8, rank: i8| {
            g.cells()
                .any(|(x, _, c, p)| c == color && p != b'k' && (p != b'p' || x != rank))
        };
        if turnable(opp, last_rank(color1)) {
            effects.push(Egg::Luigi);
        }
        let own_piece_turnable =
            self.piece1 != b'k' && (self.piece1 != b'p' || self.leg.appear[0].x != last_rank(opp));
        if own_piece_turnable || turnable(color1, last_rank(opp)) {
            effects.push(Egg::Waluigi);
        }
        let effect = effects[ch.pick(effects.len()).min(effects.len() - 1)];
        self.leg.effect = Some(effect);
        match effect {
            Egg::Koopa => {
                self.leg.appear.clear();
                if !self.leg.vanish.is_empty() {
                    self.leg.vanish.remove(0);
                }
            }
            Egg::Chomp => {
                self.leg.appear.clear();
                if let Some(v) = self.leg.vanish.first() {
                    self.leg.taken = Some(*v);
                }
            }
            Egg::Bowser => self.leg.appear[0].p = immobilized(self.piece1),
            Egg::Luigi => self.turn_color(opp, ch),
            Egg::Waluigi => self.turn_color(color1, ch),
            _ => {}
        }
    }

    /// Luigi and Waluigi: a piece of `color`, at random, changes sides.
    fn turn_color(&mut self, color: u8, ch: &mut Chooser) {
        let own_rank = if color == b'w' { 7 } else { 0 };
        let start = self.leg.vanish.first().map(|v| v.at());
        let mut pieces: Vec<Pipo> = self
            .g
            .cells()
            .filter(|&(x, y, c, p)| {
                Some((x, y)) != start
                    && p != INVISIBLE_QUEEN
                    && c == color
                    && p != b'k'
                    && (p != b'p' || x != own_rank)
            })
            .map(|(x, y, c, p)| Pipo { x, y, c, p })
            .collect();
        let a0 = self.leg.appear[0];
        if color == self.sim.turn {
            pieces.push(Pipo {
                x: a0.x,
                y: a0.y,
                c: color,
                p: self.piece1,
            });
        }
        let cp = pieces[ch.pick(pieces.len()).min(pieces.len() - 1)];
        if a0.at() != cp.at() {
            self.leg.vanish.push(Pipo { c: color, ..cp });
        } else {
            self.leg.appear.remove(0);
        }
        self.leg.appear.push(Pipo {
            c: opposite(color),
            ..cp
        });
    }

    /// A rook's banana, or a bishop's bomb, beside where it ends, after an
    /// egg's effect too: the page's rook takes the egg on f6, Waluigi
    /// turns the g8 queen, and its banana lies on g7 (the site's engine
    /// leaves none after an egg: deviation chakart-object-after-egg).
    fn drop_object(&mut self, ch: &mut Chooser) {
        let g = self.g;
        let a0 = self.leg.appear[0];
        let (steps, object) = if self.piece1 == b'r' {
            (BISHOP_STEPS, BANANA)
        } else {
            (ROOK_STEPS, BOMB)
        };
        let valid: Vec<(i8, i8)> = steps
            .iter()
            .map(|(dx, dy)| (a0.x + dx, a0.y + dy))
            .filter(|&(i, j)| Grid::on_board(i, j) && g.color(i, j).is_none_or(|c| c == OBJECT))
            .collect();
        if valid.is_empty() {
            return;
        }
        let (i, j) = valid[ch.pick(valid.len()).min(valid.len() - 1)];
        self.leg.appear.push(Pipo {
            x: i,
            y: j,
            c: OBJECT,
            p: object,
        });
        if let Some(o) = g.occupant(i, j) {
            self.leg.vanish.push(o);
        }
    }

    /// A pawn's mushroom, or a knight's egg, left behind on its first leg.
    fn leave_object(&mut self) {
        let g = self.g;
        let (x1, y1) = self.from;
        let (x2, y2) = self.to;
        let (sq, object) = if self.piece1 == b'p' {
            let two = (x2 - x1).abs() == 2;
            ((x1 + if two { (x2 - x1) / 2 } else { 0 }, y1), MUSHROOM)
        } else {
            let mut sq = (
                x1 + if (x2 - x1).abs() == 2 {
                    (x2 - x1) / 2
                } else {
                    0
                },
                y1 + if (y2 - y1).abs() == 2 {
                    (y2 - y1) / 2
                } else {
                    0
                },
            );
            if g.color(sq.0, sq.1).is_some_and(|c| c != OBJECT) {
                sq = (x1, y1);
            }
            (sq, EGG)
        };
        self.leg.appear.push(Pipo {
            x: sq.0,
            y: sq.1,
            c: OBJECT,
            p: object,
        });
        if let Some(o) = g.occupant(sq.0, sq.1).filter(|o| o.c == OBJECT) {
            self.leg.vanish.push(o);
        }
    }
}

impl Sim<'_> {
    /// A piece put on `(x, y)` from the captured ones (Toadette): the
    /// object there acts if it is a banana or a bomb.
    fn placement_leg(&self, g: &Grid, at: (i8, i8), piece: u8, ch: &mut Chooser) -> Leg {
        let mut leg = Leg {
            appear: vec![Pipo {
                x: at.0,
                y: at.1,
                c: self.turn,
                p: piece,
            }],
            ..Leg::default()
        };
        if let Some(o) = g.occupant(at.0, at.1) {
            leg.vanish.push(o);
            if o.c != OBJECT {
                leg.taken = Some(o);
            }
            if o.p == BANANA || o.p == BOMB {
                leg.next = Some(redirect(o.p, at, ch));
            }
        }
        leg
    }

    /// One leg from `from` to `to` on `g` (the site's `getBasicMove_aux`);
    /// `promotion`: what a pawn becomes; `first`: the move's first leg.
    fn leg(
        &self,
        g: &Grid,
        from: (i8, i8),
        to: (i8, i8),
        promotion: Option<u8>,
        first: bool,
        ch: &mut Chooser,
    ) -> Leg {
        let (color0, piece0) = g.get(from.0, from.1).unwrap_or((self.turn, b'p'));
        let piece1 = promotion.unwrap_or(piece0);
        let mut leg = Leg {
            appear: vec![Pipo {
                x: to.0,
                y: to.1,
                c: if promotion.is_some() {
                    self.turn
                } else {
                    color0
                },
                p: piece1,
            }],
            vanish: vec![Pipo {
                x: from.0,
                y: from.1,
                c: color0,
                p: piece0,
            }],
            ..Leg::default()
        };
        let target = g.occupant(to.0, to.1);
        if let Some(o) = target {
            leg.vanish.push(o);
            if o.c != OBJECT {
                leg.taken = Some(o);
            }
        }
        let mut w = LegWork {
            sim: self,
            g,
            leg,
            piece1,
            from,
            to,
        };
        let leaves = self.second.is_none() || self.second == Some(Egg::Daisy);
        if matches!(piece1, b'p' | b'n') && first && leaves {
            w.leave_object();
        }
        if let Some(o) = target.filter(|o| o.c == OBJECT) {
            match o.p {
                BANANA | BOMB => w.leg.next = Some(redirect(o.p, to, ch)),
                MUSHROOM => w.mushroom(ch),
                EGG if self.second.is_none() => w.egg(ch),
                _ => {}
            }
        }
        if self.second.is_none()
            && w.leg.next.is_none()
            && !w.leg.appear.is_empty()
            && matches!(piece1, b'r' | b'b')
        {
            w.drop_object(ch);
        }
        w.leg
    }

    /// A whole move (the site's `getBasicMove`): legs while bananas and
    /// bombs send the piece on, merged into one. `to: None` is a Toadette
    /// placement of `placed` on `from`.
    pub fn build(
        &self,
        from: (i8, i8),
        to: Option<(i8, i8)>,
        promotion: Option<u8>,
        placed: u8,
        ch: &mut Chooser,
    ) -> Built {
        let mut g = self.grid.clone();
        let mut legs: Vec<Leg> = Vec::new();
        let mut leg = match to {
            Some(to) => self.leg(&g, from, to, promotion, true, ch),
            None => self.placement_leg(&g, from, placed, ch),
        };
        while let Some(next) = leg.next {
            g.play(&leg.vanish, &leg.appear);
            let at = leg.appear[0].at();
            legs.push(leg);
            leg = self.leg(&g, at, next, None, false, ch);
        }
        legs.push(leg);
        merge(from, to.unwrap_or(from), legs, self.second.is_none())
    }
}

/// The legs of a move merged as the site merges them: the first leg's
/// vanish list, the last leg's appear list, the objects met between.
fn merge(start: (i8, i8), end: (i8, i8), mut legs: Vec<Leg>, first_part: bool) -> Built {
    let last = legs.pop().unwrap_or_default();
    let effect = if first_part { last.effect } else { None };
    let taken = last.taken;
    if legs.is_empty() {
        return Built {
            start,
            end,
            appear: last.appear,
            vanish: last.vanish,
            effect,
            taken,
        };
    }
    let mut appear = last.appear;
    let mut vanish = legs[0].vanish.clone();
    if let (Some(v), Some(a)) = (vanish.first(), appear.first()) {
        if v.at() == a.at() {
            vanish.remove(0);
            appear.remove(0);
        }
    }
    let left = legs[0].appear.get(1).map(|a| a.at());
    let not_left = |v: &Pipo| left != Some(v.at());
    for l in &legs[1..] {
        vanish.extend(l.vanish.iter().filter(|v| v.c == OBJECT && not_left(v)));
    }
    vanish.extend(
        last.vanish
            .iter()
            .skip(1)
            .filter(|v| v.c != OBJECT || not_left(v)),
    );
    Built {
        start,
        end,
        appear,
        vanish,
        effect,
        taken,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sequence_of_choices_is_run_once() {
        // Two choices of 2, then of 3 after the first option only.
        let runs = each_outcome(|ch| {
            let a = ch.pick(2);
            let b = if a == 0 { ch.pick(3) } else { 0 };
            (a, b)
        });
        assert_eq!(runs, vec![(0, 0), (0, 1), (0, 2), (1, 0)]);
    }

    #[test]
    fn a_rook_leaves_its_banana_on_one_of_the_free_diagonal_neighbours() {
        let mut grid = Grid([None; 64]);
        grid.set(7, 0, Some((b'w', b'r')));
        grid.set(6, 1, Some((b'w', b'p')));
        let sim = Sim {
            grid: &grid,
            turn: b'w',
            second: None,
            has_captured: false,
        };
        // Ra1-a3: b2 is taken by the pawn, b4 is free.
        let built = each_outcome(|ch| sim.build((7, 0), Some((5, 0)), None, 0, ch));
        assert_eq!(built.len(), 1);
        assert_eq!(
            built[0].appear[1],
            Pipo {
                x: 4,
                y: 1,
                c: OBJECT,
                p: BANANA
            }
        );
    }
}
