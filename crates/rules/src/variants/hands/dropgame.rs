//! Shogi-like games as data: pieces that step or slide (seen from White),
//! promotion by zone (optional, or forced where an unpromoted piece could
//! never move again), captured pieces changing sides unpromoted, and drops
//! with shogi's restrictions (dead squares, nifu, no pawn-drop mate). Shogi,
//! Minishogi and Dobutsu are [`DropGameSpec`]s.

use crate::color::Color;
use crate::fen::{self, Field};
use crate::geometry::{Dir, Geometry, NO_SQUARE};
use crate::legal;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::{self, Problem};

use super::drops;

/// One kind of piece.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// FEN letter (lowercase).
    pub letter: char,
    /// Name in messages (English); other languages in the variant's docs.
    pub name: &'static str,
    /// Single steps `(df, dr)`, White's view (forward is `dr > 0`).
    pub steps: &'static [(i8, i8)],
    /// Directions it slides along until blocked.
    pub slides: &'static [(i8, i8)],
    pub royal: bool,
    /// The letter it may promote to in the zone.
    pub promotes_to: Option<char>,
    /// How many last ranks it may not stay on unpromoted (it could never
    /// move again): 1 for pawn and lance, 2 for the knight.
    pub dead_ranks: u8,
    /// What it becomes in its captor's hand (its unpromoted kind), if not
    /// itself.
    pub reverts_to: Option<char>,
    /// A pawn for the nifu and pawn-drop-mate rules.
    pub pawn: bool,
}

impl PieceDef {
    pub const fn new(letter: char, name: &'static str) -> PieceDef {
        PieceDef {
            letter,
            name,
            steps: &[],
            slides: &[],
            royal: false,
            promotes_to: None,
            dead_ranks: 0,
            reverts_to: None,
            pawn: false,
        }
    }
    pub const fn steps(mut self, steps: &'static [(i8, i8)]) -> Self {
        self.steps = steps;
        self
    }
    pub const fn slides(mut self, slides: &'static [(i8, i8)]) -> Self {
        self.slides = slides;
        self
    }
    pub const fn royal(mut self) -> Self {
        self.royal = true;
        self
    }
    pub const fn pawn(mut self) -> Self {
        self.pawn = true;
        self
    }
    pub const fn promotes(mut self, to: char, dead_ranks: u8) -> Self {
        self.promotes_to = Some(to);
        self.dead_ranks = dead_ranks;
        self
    }
    pub const fn reverts(mut self, to: char) -> Self {
        self.reverts_to = Some(to);
        self
    }
}

/// The rules of a shogi-like game.
#[derive(Clone, Debug)]
pub struct DropGameSpec {
    pub name: &'static str,
    pub rows: u8,
    pub cols: u8,
    pub start_fen: &'static str,
    pub pieces: Vec<PieceDef>,
    /// Depth of each side's promotion zone (its last ranks); a move that
    /// arrives there may promote.
    pub zone: u8,
    /// Promotion is never optional (Dobutsu's chick).
    pub forced_promotion: bool,
    /// Hand kinds in the order of vchess's reserve field (White's counts,
    /// then Black's).
    pub reserve: &'static [char],
    /// Drops follow shogi's rules: not where the piece could never move, no
    /// second unpromoted pawn on a file, no pawn drop that mates.
    pub drop_rules: bool,
    /// The king may be left en prise: the game is won by taking it
    /// (Dobutsu), not by mate.
    pub king_capture: bool,
    /// A king that reaches its last rank wins (Dobutsu's "try").
    pub try_rule: bool,
    /// A reserve field may carry extra zeros after the counts (vchess's
    /// Dobutsu start FEN).
    pub reserve_padding: bool,
}

struct Compiled {
    steps: Vec<Dir>,
    slides: Vec<Dir>,
}

/// Rules compiled from a [`DropGameSpec`].
pub struct DropGame {
    spec: DropGameSpec,
    geometry: Geometry,
    /// `[color][kind byte]`: index into `spec.pieces` / `moves`.
    index: [[u8; 128]; 2],
    moves: [Vec<Compiled>; 2],
    kinds: KindSet,
    royal: KindSet,
    hand: KindSet,
    hand_order: Vec<Kind>,
    /// Attack rays per attacking color: from the target back towards the
    /// attacker, one step (`near`) or sliding (`far`).
    near: [Vec<(Dir, KindSet)>; 2],
    far: [Vec<(Dir, KindSet)>; 2],
    layout: Vec<(Color, Kind)>,
}

const NONE: u8 = u8::MAX;

fn kind(c: char) -> Kind {
    Kind(c as u8)
}

impl DropGame {
    /// Compiles a spec; a bad spec is a bug caught by the variant's tests.
    pub fn new(spec: DropGameSpec) -> DropGame {
        let geometry = Geometry::new(spec.rows, spec.cols).expect("a drop game's board size");
        let mut index = [[NONE; 128]; 2];
        let mut moves: [Vec<Compiled>; 2] = [Vec::new(), Vec::new()];
        let mut near: [Vec<(Dir, KindSet)>; 2] = [Vec::new(), Vec::new()];
        let mut far: [Vec<(Dir, KindSet)>; 2] = [Vec::new(), Vec::new()];
        let mut kinds = KindSet::EMPTY;
        let mut royal = KindSet::EMPTY;
        for (i, p) in spec.pieces.iter().enumerate() {
            let k = kind(p.letter);
            kinds.insert(k);
            if p.royal {
                royal.insert(k);
            }
            for color in Color::ALL {
                let dir = |&(df, dr): &(i8, i8)| {
                    let d = Dir::new(df, dr).expect("a step within the table");
                    if color == Color::Black {
                        d.flip_ranks()
                    } else {
                        d
                    }
                };
                let c = Compiled {
                    steps: p.steps.iter().map(dir).collect(),
                    slides: p.slides.iter().map(dir).collect(),
                };
                for (list, dirs) in [
                    (&mut near[color.index()], &c.steps),
                    (&mut far[color.index()], &c.slides),
                ] {
                    for d in dirs {
                        let back = d.reverse();
                        match list.iter_mut().find(|(x, _)| *x == back) {
                            Some((_, set)) => set.insert(k),
                            None => {
                                let mut set = KindSet::EMPTY;
                                set.insert(k);
                                list.push((back, set));
                            }
                        }
                    }
                }
                index[color.index()][k.0 as usize & 127] = i as u8;
                moves[color.index()].push(c);
            }
        }
        let hand_order: Vec<Kind> = spec.reserve.iter().map(|c| kind(*c)).collect();
        let layout = Color::ALL
            .into_iter()
            .flat_map(|c| hand_order.iter().map(move |k| (c, *k)))
            .collect();
        DropGame {
            hand: hand_order.iter().copied().collect(),
            hand_order,
            layout,
            geometry,
            index,
            moves,
            kinds,
            royal,
            near,
            far,
            spec,
        }
    }

    fn def(&self, color: Color, k: Kind) -> Option<(&PieceDef, &Compiled)> {
        let i = self.index[color.index()][k.0 as usize & 127];
        (i != NONE).then(|| {
            (
                &self.spec.pieces[i as usize],
                &self.moves[color.index()][i as usize],
            )
        })
    }

    /// Whether a piece of `by` could capture on `target`.
    pub fn square_attacked(&self, pos: &Position, target: Square, by: Color) -> bool {
        let g = &self.geometry;
        for &(dir, set) in &self.near[by.index()] {
            let t = g.step_raw(target.0, dir);
            if t != NO_SQUARE
                && matches!(pos.board.cell_raw(t).kind(by), Some(k) if set.contains(k))
            {
                return true;
            }
        }
        for &(dir, set) in &self.far[by.index()] {
            let mut t = target.0;
            loop {
                t = g.step_raw(t, dir);
                if t == NO_SQUARE {
                    break;
                }
                let cell = pos.board.cell_raw(t);
                if !cell.is_empty() {
                    if matches!(cell.kind(by), Some(k) if set.contains(k)) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    fn in_last(&self, sq: Square, color: Color, n: u8) -> bool {
        n > 0 && drops::in_last_ranks(&self.geometry, sq, color, n)
    }

    fn push_board_move(
        &self,
        from: Square,
        to: Square,
        piece: Piece,
        def: &PieceDef,
        captured: Option<Piece>,
        out: &mut MoveList,
    ) {
        let us = piece.color;
        if let Some(p) = def.promotes_to {
            if self.in_last(to, us, self.spec.zone) {
                out.push(Move::simple(from, to, piece, captured, Some(kind(p))));
                if self.spec.forced_promotion || self.in_last(to, us, def.dead_ranks) {
                    return;
                }
            }
        }
        out.push(Move::simple(from, to, piece, captured, None));
    }

    fn board_moves(&self, pos: &Position, out: &mut MoveList) {
        let g = &self.geometry;
        let us = pos.turn();
        let them = us.opposite();
        for s in 0..g.size() as u16 {
            let Some(k) = pos.board.cell_raw(s).kind(us) else {
                continue;
            };
            let Some((def, c)) = self.def(us, k) else {
                continue;
            };
            let from = Square(s);
            let piece = Piece::new(us, k);
            for (dirs, slide) in [(&c.steps, false), (&c.slides, true)] {
                for &dir in dirs {
                    let mut t = s;
                    loop {
                        t = g.step_raw(t, dir);
                        if t == NO_SQUARE {
                            break;
                        }
                        let cell = pos.board.cell_raw(t);
                        if cell.has(us) {
                            break;
                        }
                        let victim = cell.piece(them);
                        self.push_board_move(from, Square(t), piece, def, victim, out);
                        if victim.is_some() || !slide {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Whether `color` has an unpromoted pawn on the file of `sq`.
    fn pawn_on_file(&self, pos: &Position, color: Color, sq: Square) -> bool {
        let g = &self.geometry;
        let file = g.file(sq);
        (0..g.rows()).any(|r| {
            g.square(file, r)
                .and_then(|s| pos.board.cell(s).kind(color))
                .and_then(|k| self.def(color, k))
                .is_some_and(|(d, _)| d.pawn)
        })
    }

    /// A pawn dropped on `to` mates: it attacks the enemy king and the
    /// enemy has no legal reply on the board (a pawn's check cannot be
    /// blocked, so drops cannot help).
    fn pawn_drop_mates(&self, pos: &Position, piece: Piece, to: Square) -> bool {
        let them = piece.color.opposite();
        let Some((_, c)) = self.def(piece.color, piece.kind) else {
            return false;
        };
        let gives_check = c.steps.iter().any(|d| {
            self.geometry
                .step(to, *d)
                .is_some_and(|t| pos.board.royals(them).contains(t))
        });
        if !gives_check {
            return false;
        }
        let mut probe = pos.clone();
        let mv = Move::drop(to, piece);
        self.play(&mut probe, &mv);
        let mut replies = MoveList::new();
        self.board_moves(&probe, &mut replies);
        !replies.iter().any(|r| legal::is_legal(self, &mut probe, r))
    }

    fn drop_reason(&self, pos: &Position, piece: Piece, to: Square) -> Option<String> {
        if !self.spec.drop_rules {
            return None;
        }
        let (def, _) = self.def(piece.color, piece.kind)?;
        let name = def.name;
        if self.in_last(to, piece.color, def.dead_ranks) {
            return Some(match def.dead_ranks {
                1 => format!("a {name} may not be dropped on the last rank"),
                n => format!("a {name} may not be dropped on the last {n} ranks"),
            });
        }
        if def.pawn && self.pawn_on_file(pos, piece.color, to) {
            return Some(format!(
                "a {name} may not be dropped on a file that has one (nifu)"
            ));
        }
        if def.pawn && pos.board.cell(to).is_empty() && self.pawn_drop_mates(pos, piece, to) {
            return Some(format!("a {name} drop may not give checkmate"));
        }
        None
    }
}

impl Rules for DropGame {
    fn name(&self) -> &str {
        self.spec.name
    }
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }
    fn start_fen(&self) -> &str {
        self.spec.start_fen
    }
    fn kinds(&self, _color: Color) -> KindSet {
        self.kinds
    }
    fn royal_kinds(&self) -> KindSet {
        self.royal
    }
    fn royals_per_side(&self) -> Option<usize> {
        // A king-capture game ends with a king gone: still a position.
        (!self.spec.king_capture).then_some(1)
    }
    fn piece_name(&self, piece: Piece) -> String {
        match self.def(piece.color, piece.kind) {
            Some((d, _)) => d.name.to_string(),
            None => crate::rules::default_piece_name(piece),
        }
    }
    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        if let Some(f) = fields.first() {
            let n = self.layout.len();
            let padded = self.spec.reserve_padding
                && f.text.len() > n
                && f.text.is_char_boundary(n)
                && f.text[n..].bytes().all(|b| b == b'0');
            let field = if padded {
                Field {
                    text: f.text[..n].to_string(),
                    offset: f.offset,
                }
            } else {
                f.clone()
            };
            validate::read_reserve_digits(&field, &self.layout, state, problems);
        }
        if let Some(extra) = fields.get(1) {
            problems.push(Problem::BadField {
                field: "after the reserve",
                text: extra.text.clone(),
                offset: extra.offset,
            });
        }
    }
    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        (
            String::new(),
            format!(" {}", fen::reserve_digits(pos, &self.layout)),
        )
    }
    fn hand_kinds(&self, _color: Color) -> KindSet {
        self.hand
    }
    fn promoted_kind(&self, base: Kind) -> Option<Kind> {
        let (d, _) = self.def(Color::White, base)?;
        d.promotes_to.map(kind)
    }
    fn promoted_mark(&self) -> char {
        '+'
    }
    fn drop_restriction(&self, pos: &Position, piece: Piece, to: Square) -> Option<String> {
        self.drop_reason(pos, piece, to)
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        self.board_moves(pos, out);
        drops::push_drops(
            &self.geometry,
            pos,
            &self.hand_order,
            |p, sq| self.drop_reason(pos, p, sq).is_none(),
            out,
        );
    }
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        if self.spec.king_capture {
            return false;
        }
        pos.board
            .royals(color)
            .iter()
            .any(|sq| self.square_attacked(pos, sq, color.opposite()))
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = pos.apply(mv);
        drops::captures_to_hand(pos, mv, |k| {
            let (d, _) = self.def(Color::White, k)?;
            let back = d.reverts_to.map(kind).unwrap_or(k);
            self.hand.contains(back).then_some(back)
        });
        undo
    }
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        if !self.spec.king_capture && !self.spec.try_rule {
            return None;
        }
        let us = pos.turn();
        let them = us.opposite();
        if self.spec.king_capture && pos.board.royals(us).is_empty() {
            return Some(Outcome::VariantWin {
                winner: them,
                reason: "king captured",
            });
        }
        if self.spec.try_rule
            && pos
                .board
                .royals(them)
                .iter()
                .any(|sq| self.geometry.relative_rank(sq, them) == self.geometry.rows() - 1)
        {
            return Some(Outcome::VariantWin {
                winner: them,
                reason: "try",
            });
        }
        None
    }
    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        // A piece that could never move again cannot stand there.
        if !self.spec.drop_rules {
            return;
        }
        for (sq, p) in pos.board.pieces() {
            if let Some((d, _)) = self.def(p.color, p.kind) {
                if d.pawn && self.in_last(sq, p.color, d.dead_ranks) {
                    out.push(Problem::PawnOnBackRank {
                        piece: p.letter(),
                        square: self.geometry.square_name(sq),
                        offset: offset_of(sq),
                    });
                }
            }
        }
    }
}
