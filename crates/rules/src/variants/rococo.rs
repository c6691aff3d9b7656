//! Rococo (Peter Aronson and David Howe, 2002): Baroque's family on a 10×10
//! board whose outer ring (the "capturing edge") can be reached only by a
//! capture. The engine and the long leaper, slides and withdrawals are
//! [`super::baroque`]'s; this file holds Rococo's own movers: the cannon
//! pawn, the swapper (`r`), the pushme-pullyu (`q`, withdrawer and
//! advancer), the chameleon copying them, the suicide of a frozen piece, the
//! edge rule and the ban on swapping straight back.
//!
//! Decisions where the Rococo page leaves a point open or disagrees with
//! vchess's `Rococo.js` (sources: the page, its chessvariants.com link,
//! vchess):
//! - Immobilizers are never cancelled (neither by immobilizers nor by
//!   chameleons): the page says the rules are "simpler here", and a frozen
//!   piece's way out is the suicide the page describes (as vchess).
//! - A frozen piece other than the king may remove itself; the move is
//!   written as going to the freezing piece's square (the first one next to
//!   it in vchess's order: north, south, west, east, then the diagonals).
//! - A cannon pawn also leaps, without capturing, over an adjacent piece to
//!   the empty square beyond: the page says so and its diagram marks e7 and
//!   g3. vchess has no such move (deviation `rococo-pawn-quiet-leap`).
//! - The edge: a move ending on it must capture, and no other move of the
//!   same piece may take the same pieces with a shorter path (Manhattan
//!   length, as vchess measures it); swaps may end there.
//! - The chameleon takes a swapper next to it by mutual destruction, as the
//!   swapper takes (the page: it captures each piece as that piece does).
//!   vchess generates that move too but merges it into the swap to the same
//!   square, so it never lists it (deviation
//!   `rococo-chameleon-mutual-destruction`).
//! - The chameleon's swap with a rook and its destruction also take the
//!   pushme-pullyus it withdraws from or advances on (vchess's combination;
//!   the page is silent).
//! - A chameleon next to an enemy king attacks it (it would take it as a
//!   king takes): it is listed as the chameleon stepping onto the king, so
//!   check is the generic "some reply takes the king".
//! - A swap may not be undone at once: the piece now on the swap's start
//!   may not swap back with the same squares (the page's source; vchess
//!   keeps that swap in a fourth FEN field, `b3c5` or `-`).

use super::baroque::{
    capture, Gen, Ultima, CHAMELEON, IMMOBILIZER, KING, LEAPER, PINCER, WITHDRAWER,
};
use crate::color::Color;
use crate::fen::Field;
use crate::geometry::{Dir, Geometry};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State};
use crate::square::Square;
use crate::validate::Problem;

/// Rococo's swapper (written `r`, as Baroque's coordinator).
pub const SWAPPER: Kind = Kind(b'r');
/// Rococo's cannon pawn (`p`).
pub const CANNON_PAWN: Kind = PINCER;
/// Rococo's pushme-pullyu (`q`): a withdrawer that also advances.
pub const PUSHME_PULLYU: Kind = WITHDRAWER;

/// The Rococo rules.
pub fn rules() -> Ultima {
    Ultima::with(
        super::baroque::Flavor::Rococo,
        Geometry::new(10, 10).expect("10×10 is a valid board"),
    )
}

/// The eight steps in vchess's order (its x grows southwards): north,
/// south, west, east, north-west, north-east, south-west, south-east. The
/// first freezing piece in this order is the one a suicide names.
const VCHESS_STEPS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (1, 1),
    (-1, -1),
    (1, -1),
];

fn vchess_dirs() -> [Dir; 8] {
    VCHESS_STEPS.map(|(df, dr)| Dir::new(df, dr).expect("unit steps fit the table"))
}

/// The last move if it was a swap (start, end), as the FEN's fourth field
/// keeps it: packed in [`State::variant`], start and end square indices
/// plus one (zero: no swap).
pub fn stored_swap(state: &State) -> Option<(Square, Square)> {
    let v = state.variant;
    let (from, to) = (v & 0xff, (v >> 8) & 0xff);
    (from != 0 && to != 0).then(|| (Square(from as u16 - 1), Square(to as u16 - 1)))
}

fn store_swap(state: &mut State, swap: Option<(Square, Square)>) {
    state.variant = swap.map_or(0, |(from, to)| {
        (u64::from(from.0) + 1) | ((u64::from(to.0) + 1) << 8)
    });
}

/// The note of a swapper's (or chameleon's) mutual destruction with the
/// enemy next to it: its coordinates are written with an `x` (`e5xe6`),
/// as the swap between the same squares is `e5e6`.
pub const DESTRUCTION: &str = "mutual destruction";
/// The note of a swap.
pub const SWAP: &str = "swap";
/// The note of a frozen piece removing itself.
pub const SUICIDE: &str = "suicide";

/// Rococo's note on a move: swap, mutual destruction or suicide.
pub(super) fn rococo_note(mv: &Move) -> Option<&'static str> {
    match (mv.effect.appear.len(), mv.effect.vanish.len()) {
        (2, _) => Some(SWAP),
        (0, 1) => Some(SUICIDE),
        (0, _) => Some(DESTRUCTION),
        _ => None,
    }
}

/// Whether `mv` exchanges two pieces (a swapper's or a chameleon's swap).
fn is_swap(mv: &Move) -> bool {
    mv.effect.appear.len() == 2
}

impl Ultima {
    /// Rococo: the square of the enemy piece freezing `piece` on `sq`, if
    /// any (an immobilizer; for an immobilizer, also a chameleon).
    pub(super) fn freezer(&self, pos: &Position, sq: Square, piece: Piece) -> Option<Square> {
        let them = piece.color.opposite();
        vchess_dirs().into_iter().find_map(|d| {
            let n = self.geometry.step(sq, d)?;
            match pos.board.cell(n).kind(them) {
                Some(IMMOBILIZER) => Some(n),
                Some(CHAMELEON) if piece.kind == IMMOBILIZER => Some(n),
                _ => None,
            }
        })
    }

    /// Whether `sq` is on the capturing edge.
    fn on_edge(&self, sq: Square) -> bool {
        let g = &self.geometry;
        let (f, r) = (g.file(sq), g.rank(sq));
        f == 0 || r == 0 || f + 1 == g.cols() || r + 1 == g.rows()
    }

    /// Every pseudo-legal Rococo move of `us`, whoever is to move.
    pub(super) fn rococo_generate(&self, pos: &Position, us: Color, out: &mut MoveList) {
        self.for_each_piece(pos, us, |gen, sq, piece| {
            if let Some(freezer) = self.freezer(pos, sq, piece) {
                if piece.kind != KING {
                    out.push(suicide(sq, freezer, piece));
                }
                return;
            }
            let start = out.len();
            gen.rococo_piece_moves(sq, piece, out);
            self.keep_edge_moves(out, start);
        });
        if pos.turn() == us {
            // The opponent's last swap may not be undone at once.
            if let Some((from, to)) = stored_swap(&pos.state) {
                out.retain(|m| !(is_swap(m) && m.intent.from == from && m.intent.to == to));
            }
        }
    }

    /// Whether a pseudo-legal move of `color`'s opponent takes one of
    /// `color`'s royals: the generic definition, but a swap moves the king
    /// it exchanges with and takes nothing.
    pub(super) fn rococo_royal_attacked(&self, pos: &Position, color: Color) -> bool {
        let royals = pos.board.royals(color);
        if royals.is_empty() {
            return false;
        }
        thread_local! {
            static BUFFER: std::cell::RefCell<MoveList> = std::cell::RefCell::new(MoveList::with_capacity(128));
        }
        BUFFER.with_borrow_mut(|buf| {
            buf.clear();
            self.rococo_generate(pos, color.opposite(), buf);
            buf.iter().any(|m| {
                !is_swap(m)
                    && m.effect
                        .vanish
                        .as_slice()
                        .iter()
                        .any(|v| v.piece.color == color && royals.contains(v.square))
            })
        })
    }

    /// Removes from `out[start..]` (one piece's moves) those ending on the
    /// edge that capture nothing, and the captures ending there that
    /// another of these moves makes with a shorter path.
    fn keep_edge_moves(&self, out: &mut MoveList, start: usize) {
        let g = &self.geometry;
        let dist = |m: &Move| {
            let (from, to) = (m.intent.from, m.intent.to);
            (g.file(from) as i32 - g.file(to) as i32).abs()
                + (g.rank(from) as i32 - g.rank(to) as i32).abs()
        };
        let same_prey = |a: &Move, b: &Move| {
            let (va, vb) = (a.effect.vanish.as_slice(), b.effect.vanish.as_slice());
            va.len() == vb.len() && va.iter().all(|v| vb.contains(v))
        };
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            let keep = !self.on_edge(m.intent.to)
                || is_swap(&m)
                || (m.effect.vanish.len() > 1
                    && !out[start..]
                        .iter()
                        .any(|o| dist(o) < dist(&m) && same_prey(o, &m)));
            if keep {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Records the swap `mv` makes (or that it makes none) after playing it.
    pub(super) fn rococo_after_play(&self, pos: &mut Position, mv: &Move) {
        let swap = is_swap(mv).then_some((mv.intent.from, mv.intent.to));
        store_swap(&mut pos.state, swap);
    }

    /// Reads vchess's fourth field, the last swap (`b3c5`) or `-`.
    pub(super) fn rococo_read_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else { return };
        if f.text == "-" {
            store_swap(state, None);
            return;
        }
        match self.geometry.parse_square_pair(&f.text) {
            Some(swap) => store_swap(state, Some(swap)),
            None => problems.push(Problem::BadField {
                field: "last swap (two squares such as b3c5, or -)",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    /// Writes the fourth field.
    pub(super) fn rococo_write_fields(&self, pos: &Position) -> String {
        match stored_swap(&pos.state) {
            Some((from, to)) => format!(
                " {}{}",
                self.geometry.square_name(from),
                self.geometry.square_name(to)
            ),
            None => " -".to_string(),
        }
    }
}

/// A frozen piece removing itself; the move names the freezer's square.
fn suicide(from: Square, freezer: Square, piece: Piece) -> Move {
    let mut mv = Move::simple(from, freezer, piece, None, None);
    mv.effect = Default::default();
    mv.effect.vanish.push(from, piece);
    mv
}

impl Gen<'_> {
    fn rococo_piece_moves(&self, from: Square, piece: Piece, out: &mut MoveList) {
        let dirs = &self.r.dirs;
        match piece.kind {
            CANNON_PAWN => self.cannon_pawn(from, piece, None, out),
            SWAPPER => {
                for &d in dirs {
                    self.slide(from, d, piece, out);
                    self.swaps(from, d, piece, None, out);
                }
            }
            LEAPER => {
                for &d in dirs {
                    self.slide(from, d, piece, out);
                    self.leaps(from, d, piece, None, out);
                }
            }
            PUSHME_PULLYU => {
                for &d in dirs {
                    let start = out.len();
                    self.slide(from, d, piece, out);
                    self.push_pull(from, d, None, out, start);
                }
            }
            IMMOBILIZER => {
                for &d in dirs {
                    self.slide(from, d, piece, out);
                }
            }
            CHAMELEON => {
                for &d in dirs {
                    let start = out.len();
                    self.slide(from, d, piece, out);
                    self.leaps(from, d, piece, Some(LEAPER), out);
                    self.swaps(from, d, piece, Some(SWAPPER), out);
                    self.push_pull(from, d, Some(PUSHME_PULLYU), out, start);
                }
                self.cannon_pawn(from, piece, Some(CANNON_PAWN), out);
                // The king it takes by stepping onto it, as a king does.
                for &d in dirs {
                    if let Some(to) = self.step(from, d) {
                        if let Some(prey) = self.enemy(to).filter(|p| p.kind == KING) {
                            out.push(Move::simple(from, to, piece, Some(prey), None));
                        }
                    }
                }
            }
            KING => {
                for &d in dirs {
                    if let Some(to) = self.step(from, d) {
                        self.step_to(from, to, piece, out);
                    }
                }
            }
            _ => {}
        }
    }

    /// The cannon pawn: a step to an empty neighbour, or a leap over a
    /// neighbour to the square beyond, taking an enemy there. `only`: a
    /// chameleon, which only takes pawns so and has no other pawn move.
    fn cannon_pawn(&self, from: Square, piece: Piece, only: Option<Kind>, out: &mut MoveList) {
        for &d in &self.r.dirs {
            let Some(n) = self.step(from, d) else {
                continue;
            };
            if self.empty(n) {
                if only.is_none() {
                    out.push(Move::simple(from, n, piece, None, None));
                }
                continue;
            }
            let Some(beyond) = self.step(n, d) else {
                continue;
            };
            if let Some(prey) = self.enemy(beyond) {
                if only.is_none_or(|k| k == prey.kind) {
                    out.push(Move::simple(from, beyond, piece, Some(prey), None));
                }
            } else if self.empty(beyond) && only.is_none() {
                out.push(Move::simple(from, beyond, piece, None, None));
            }
        }
    }

    /// The swapper's exchanges along `d` with the first piece on the line,
    /// if an enemy (of kind `only`, if given), and the mutual destruction
    /// when that enemy stands next to it.
    pub(super) fn swaps(
        &self,
        from: Square,
        d: Dir,
        piece: Piece,
        only: Option<Kind>,
        out: &mut MoveList,
    ) {
        let Some((sq, target)) = self.first_on_line(from, d) else {
            return;
        };
        let Some(prey) = self.enemy(target) else {
            return;
        };
        if only.is_some_and(|k| k != prey.kind) {
            return;
        }
        let mut swap = Move::simple(from, target, piece, Some(prey), None);
        swap.effect.appear.push(from, prey);
        swap.intent.capture = false;
        out.push(swap);
        if sq == from {
            let mut destruction = Move::simple(from, target, piece, Some(prey), None);
            destruction.effect.appear = Default::default();
            out.push(destruction);
        }
    }

    /// Adds the pushme-pullyu's captures to `out[start..]`, moves along `d`
    /// from `from`: the enemy just behind the start (withdrawal) and the
    /// enemy just beyond the end (advance), of kind `only` if given.
    fn push_pull(
        &self,
        from: Square,
        d: Dir,
        only: Option<Kind>,
        out: &mut MoveList,
        start: usize,
    ) {
        let withdrawn = self.withdrawal_prey(from, d, only);
        for mv in &mut out[start..] {
            if let Some((sq, p)) = withdrawn {
                capture(mv, sq, p);
            }
            let Some(ahead) = self.step(mv.intent.to, d) else {
                continue;
            };
            if let Some(p) = self.enemy(ahead) {
                if only.is_none_or(|k| k == p.kind) {
                    capture(mv, ahead, p);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal;
    use crate::rules::Rules;

    fn position(fen: &str) -> Position {
        let rules = rules();
        crate::validate::position_from_fen(&rules, fen).expect("a valid Rococo FEN")
    }

    #[test]
    fn the_swap_field_reads_and_writes_back() {
        let rules = rules();
        let pos =
            position("91/1rqnbknqm1/1pppppppp1/91/91/91/91/1PPPPPPPP1/1MQNBKNQR1/91 w 0 b3j10");
        assert_eq!(rules.rococo_write_fields(&pos), " b3j10");
        let pos = position(rules.start_fen());
        assert_eq!(rules.rococo_write_fields(&pos), " -");
    }

    fn legal(fen: &str) -> (Position, MoveList) {
        let rules = rules();
        let mut pos = position(fen);
        let mut moves = MoveList::new();
        legal::legal_moves(&rules, &mut pos, &mut moves);
        (pos, moves)
    }

    #[test]
    fn a_frozen_piece_may_only_remove_itself() {
        // The white long leaper on e5 next to the black immobilizer on e6.
        let (_, moves) = legal("91/1k8/91/91/4m5/4N5/91/91/8K1/91 w 0 -");
        let g = rules().geometry().clone();
        let leaper: Vec<&Move> = moves
            .iter()
            .filter(|m| g.square_name(m.intent.from) == "e5")
            .collect();
        assert_eq!(leaper.len(), 1);
        assert_eq!(g.square_name(leaper[0].intent.to), "e6");
        assert_eq!(leaper[0].effect.vanish.len(), 1);
        assert!(leaper[0].effect.appear.is_empty());
        assert_eq!(rococo_note(leaper[0]), Some(SUICIDE));
    }

    #[test]
    fn a_swap_is_not_undone_at_once() {
        // White's swapper went e3 to e5, the black swapper e5 to e3.
        let fen = "91/1k8/91/91/91/4R5/91/4r5/8K1/91 b 0";
        let g = rules().geometry().clone();
        let swaps = |fen: &str| {
            let (_, moves) = legal(fen);
            moves
                .iter()
                .filter(|m| is_swap(m) && g.square_name(m.intent.from) == "e3")
                .map(|m| g.square_name(m.intent.to))
                .collect::<Vec<_>>()
        };
        assert!(swaps(&format!("{fen} -")).contains(&"e5".to_string()));
        assert!(!swaps(&format!("{fen} e3e5")).contains(&"e5".to_string()));
    }

    #[test]
    fn destruction_and_swap_have_their_own_names() {
        use crate::notation::{coordinate, parse_move};
        let rules = rules();
        // The white chameleon on e5 next to the black swapper on e6.
        let (mut pos, moves) = legal("91/1k8/91/91/4r5/4B5/91/91/8K1/91 w 0 -");
        let names: Vec<String> = moves
            .iter()
            .filter(|m| m.intent.to == rules.geometry().parse_square("e6").unwrap())
            .map(|m| coordinate(&rules, m))
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
        assert!(names.contains(&"e5e6".to_string()) && names.contains(&"e5xe6".to_string()));
        let destruction = parse_move(&rules, &mut pos, "e5xe6").unwrap();
        assert_eq!(rococo_note(&destruction), Some(DESTRUCTION));
        let swap = parse_move(&rules, &mut pos, "e5e6").unwrap();
        assert_eq!(rococo_note(&swap), Some(SWAP));
    }

    #[test]
    fn a_capture_ends_on_the_edge_only_when_no_shorter_one_takes_the_same() {
        let g = rules().geometry().clone();
        let leaps = |fen: &str, from: &str| {
            let (_, moves) = legal(fen);
            let mut to: Vec<String> = moves
                .iter()
                .filter(|m| g.square_name(m.intent.from) == from && m.intent.capture)
                .map(|m| g.square_name(m.intent.to))
                .collect();
            to.sort();
            to
        };
        // Over e5: f5 to i5 take the pawn, so j5 (the edge) may not.
        assert_eq!(
            leaps("91/7k2/91/91/91/2N1p5/91/91/1K8/91 w 0 -", "c5"),
            ["f5", "g5", "h5", "i5"]
        );
        // Over i5: the edge is the only landing square.
        assert_eq!(
            leaps("91/7k2/91/91/91/5N2p1/91/91/1K8/91 w 0 -", "f5"),
            ["j5"]
        );
    }

    #[test]
    fn a_swapper_in_line_with_the_king_gives_no_check() {
        // The black swapper on e8 sees the white king on e3: it may swap
        // with it, which takes nothing.
        let rules = rules();
        let pos = position("91/91/4r5/91/91/91/91/4K5/91/1k8 w 0 -");
        assert!(!rules.royal_attacked(&pos, Color::White));
        assert!(crate::rules::royal_captures(&rules, &pos, Color::White).is_empty());
        // Next to the king it could destroy itself with it: check.
        let pos = position("91/91/91/91/91/91/4r5/4K5/91/1k8 w 0 -");
        assert!(rules.royal_attacked(&pos, Color::White));
        assert_eq!(
            crate::rules::royal_captures(&rules, &pos, Color::White).len(),
            1
        );
    }

    #[test]
    fn quiet_moves_never_end_on_the_edge() {
        let rules = rules();
        let mut pos = position(rules.start_fen());
        let mut moves = MoveList::new();
        legal::legal_moves(&rules, &mut pos, &mut moves);
        assert_eq!(moves.len(), 22, "vchess's count at the start");
        for mv in moves {
            assert!(!rules.on_edge(mv.intent.to), "{mv:?}");
        }
    }
}
