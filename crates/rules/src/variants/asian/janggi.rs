//! Janggi (Korean chess): Xiangqi's board without a river, pieces that move
//! along the palace diagonals, a cannon that must hop, a knight/elephant
//! swap before the game, the pass, and two draws: "bikjang" (the kings face
//! each other for two half-moves) and two consecutive passes.
//!
//! vchess FEN: `board turn plies BP`, where `B` counts the half-moves the
//! kings have faced each other and `P` the passes (fenpress: consecutive
//! passes, see the deviation `janggi-pass-counter`). During the set-up (ply
//! 0 for White, 1 for Black) a side may swap the knight and elephant of one
//! side and then of the other; the first swap keeps the turn, which no FEN
//! field records (a FEN always starts a fresh turn, as in vchess).

use super::cannon::{self, CANNON};
use super::lame::{self, HORSE, JANGGI_ELEPHANT};
use super::palace::Palace;
use crate::color::Color;
use crate::fen::Field;
use crate::geometry::{Dir, Geometry, DIAGONAL};
use crate::moves::{Effect, Intent, Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;

const KING: Kind = Kind(b'k');
const ADVISOR: Kind = Kind(b'a');
const ELEPHANT: Kind = Kind(b'e');
const KNIGHT: Kind = Kind(b'n');
const ROOK: Kind = Kind(b'r');
const PAWN: Kind = Kind(b'p');

/// The pass: no piece moves; written from the own king to the enemy king.
pub const PASS: MoveKind = MoveKind::Special(0);
/// A set-up swap of a knight and the elephant beside it.
pub const SWAP: MoveKind = MoveKind::Special(1);

const PALACE: Palace = Palace {
    files: (3, 5),
    depth: 3,
};

/// A piece's name in English, French and Spanish, as the rules page calls
/// it (the rook by its traditional name, chariot, as its table does).
pub fn piece_names(kind: Kind) -> Option<[&'static str; 3]> {
    Some(match kind {
        KING => ["king", "roi", "rey"],
        ADVISOR => ["advisor", "conseiller", "consejero"],
        ELEPHANT => ["elephant", "éléphant", "elefante"],
        KNIGHT => ["horse", "cheval", "caballo"],
        ROOK => ["chariot", "chariot", "carro"],
        CANNON => ["cannon", "canon", "cañón"],
        PAWN => ["pawn", "pion", "peón"],
        _ => return None,
    })
}

/// The game's own state, packed into [`State::variant`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Flags {
    /// Half-moves the kings have faced each other (0-2).
    bikjang: u8,
    /// Consecutive passes (0-2).
    passes: u8,
    /// A set-up swap was played and the same side plays again.
    second_swap: bool,
}

impl Flags {
    fn get(s: &State) -> Flags {
        let v = s.variant;
        Flags {
            bikjang: (v & 3) as u8,
            passes: ((v >> 2) & 3) as u8,
            second_swap: (v >> 4) & 1 == 1,
        }
    }
    fn set(self, s: &mut State) {
        s.variant =
            self.bikjang as u64 | (self.passes as u64) << 2 | (self.second_swap as u64) << 4;
    }
}

/// The rules of Janggi.
pub struct Janggi {
    geometry: Geometry,
    kinds: KindSet,
}

impl Default for Janggi {
    fn default() -> Self {
        Janggi::new()
    }
}

impl Janggi {
    pub fn new() -> Janggi {
        Janggi {
            geometry: Geometry::new(10, 9).expect("10×9 is a valid board"),
            kinds: b"kaenrcp".iter().map(|&b| Kind(b)).collect(),
        }
    }

    /// Whether the set-up is still going on: vchess's first two plies.
    fn in_setup(pos: &Position) -> bool {
        pos.state.plies <= 1
    }

    /// The diagonal steps along a palace line from `from` (either palace).
    fn palace_diagonals(&self, from: Square) -> impl Iterator<Item = (Dir, Square)> + '_ {
        let g = &self.geometry;
        DIAGONAL.into_iter().filter_map(move |(df, dr)| {
            let d = Dir::new(df, dr)?;
            let to = g.step(from, d)?;
            PALACE.diagonal_step(g, from, to).then_some((d, to))
        })
    }

    /// Every ordinary destination of the piece on `from`: `emit(to, captured)`.
    fn piece_moves(
        &self,
        pos: &Position,
        from: Square,
        piece: Piece,
        emit: &mut impl FnMut(Square, Option<Piece>),
    ) {
        let g = &self.geometry;
        let us = piece.color;
        let them = us.opposite();
        let cell = |s: Square| pos.board.cell(s);
        let land = |to: Square, emit: &mut dyn FnMut(Square, Option<Piece>)| {
            let c = cell(to);
            if !c.has(us) {
                emit(to, c.piece(them));
            }
        };
        match piece.kind {
            KING | ADVISOR => {
                for d in cannon::rook_dirs() {
                    if let Some(to) = g.step(from, d) {
                        if PALACE.contains(g, to, us) {
                            land(to, emit);
                        }
                    }
                }
                for (_, to) in self.palace_diagonals(from) {
                    if PALACE.contains(g, to, us) {
                        land(to, emit);
                    }
                }
            }
            KNIGHT => {
                for l in &HORSE {
                    if let Some(to) = lame::land(g, cell, from, l) {
                        land(to, emit);
                    }
                }
            }
            ELEPHANT => {
                for l in &JANGGI_ELEPHANT {
                    if let Some(to) = lame::land(g, cell, from, l) {
                        land(to, emit);
                    }
                }
            }
            ROOK => {
                let slide =
                    |d: Dir, palace_line: bool, emit: &mut dyn FnMut(Square, Option<Piece>)| {
                        let mut at = from;
                        while let Some(s) = g.step(at, d) {
                            if palace_line && !PALACE.diagonal_step(g, at, s) {
                                break;
                            }
                            let c = cell(s);
                            if c.is_empty() {
                                emit(s, None);
                            } else {
                                if let Some(v) = c.piece(them) {
                                    emit(s, Some(v));
                                }
                                break;
                            }
                            at = s;
                        }
                    };
                for d in cannon::rook_dirs() {
                    slide(d, false, emit);
                }
                for (d, _) in self.palace_diagonals(from) {
                    slide(d, true, emit);
                }
            }
            CANNON => {
                for d in cannon::rook_dirs() {
                    cannon::janggi_ray(g, cell, from, d, us, emit);
                }
                // From a palace corner, over the centre to the far corner.
                for (d, mid) in self.palace_diagonals(from) {
                    let Some(to) = g.step(mid, d) else { continue };
                    if !PALACE.diagonal_step(g, mid, to) {
                        continue;
                    }
                    let screen = cell(mid);
                    if screen.is_empty() || cannon::is_cannon(screen) {
                        continue;
                    }
                    let c = cell(to);
                    if c.is_empty() {
                        emit(to, None);
                    } else if let Some(v) = c.piece(them) {
                        if v.kind != CANNON {
                            emit(to, Some(v));
                        }
                    }
                }
            }
            PAWN => {
                let forward = if us == Color::White { 1 } else { -1 };
                for (df, dr) in [(0, forward), (-1, 0), (1, 0)] {
                    if let Some(to) = g.offset(from, df, dr) {
                        land(to, emit);
                    }
                }
                for (d, to) in self.palace_diagonals(from) {
                    if d.dr() == forward as i8 {
                        land(to, emit);
                    }
                }
            }
            _ => {}
        }
    }

    /// The set-up swaps of the side to move: a knight on its first rank's b
    /// or h file trades places with the elephant beside it.
    fn swaps(&self, pos: &Position, out: &mut MoveList) {
        let g = &self.geometry;
        let us = pos.turn();
        // vchess picks the rank by ply: White's first rank, then Black's.
        let rank = if pos.state.plies == 0 {
            0
        } else {
            g.rows() - 1
        };
        for (knight_file, elephant_file) in [(1, 2), (7, 6)] {
            let (Some(from), Some(to)) =
                (g.square(knight_file, rank), g.square(elephant_file, rank))
            else {
                continue;
            };
            let knight = Piece::new(us, KNIGHT);
            let elephant = Piece::new(us, ELEPHANT);
            if pos.board.cell(from).piece(us) != Some(knight)
                || pos.board.cell(to).piece(us) != Some(elephant)
            {
                continue;
            }
            let mut effect = Effect::default();
            effect.vanish.push(from, knight);
            effect.vanish.push(to, elephant);
            effect.appear.push(to, knight);
            effect.appear.push(from, elephant);
            out.push(Move {
                intent: Intent {
                    from,
                    to,
                    piece: knight,
                    promotion: None,
                    prior_promotion: None,
                    capture: false,
                    kind: SWAP,
                    chain_step: u8::from(Flags::get(&pos.state).second_swap),
                    continues: !Flags::get(&pos.state).second_swap,
                },
                effect,
            });
        }
    }

    /// Whether the two kings stand on one file with nothing between.
    fn kings_face(&self, pos: &Position) -> bool {
        let g = &self.geometry;
        let (Some(w), Some(b)) = (
            pos.board.royals(Color::White).first(),
            pos.board.royals(Color::Black).first(),
        ) else {
            return false;
        };
        if g.file(w) != g.file(b) {
            return false;
        }
        let (lo, hi) = (g.rank(w).min(g.rank(b)), g.rank(w).max(g.rank(b)));
        (lo + 1..hi).all(|r| {
            g.square(g.file(w), r)
                .is_some_and(|s| pos.board.cell(s).is_empty())
        })
    }
}

impl Rules for Janggi {
    fn name(&self) -> &str {
        "Janggi"
    }
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }
    fn start_fen(&self) -> &str {
        "rnea1aenr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNEA1AENR w 0 00"
    }
    fn kinds(&self, _color: Color) -> KindSet {
        self.kinds
    }
    fn royal_kinds(&self) -> KindSet {
        [KING].into_iter().collect()
    }
    fn piece_name(&self, piece: Piece) -> String {
        piece_names(piece.kind)
            .map(|n| n[0].to_string())
            .unwrap_or_else(|| crate::rules::default_piece_name(piece))
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else { return };
        let digits: Vec<u8> = f.text.bytes().map(|b| b.wrapping_sub(b'0')).collect();
        match digits.as_slice() {
            &[b, p] if b <= 2 && p <= 2 => Flags {
                bikjang: b,
                passes: p,
                second_swap: false,
            }
            .set(state),
            _ => problems.push(Problem::BadField {
                field: "bikjang and pass flags",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let f = Flags::get(&pos.state);
        (String::new(), format!(" {}{}", f.bikjang, f.passes))
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        let (Some(own), enemy) = (
            pos.board.royals(us).first(),
            pos.board.royals(us.opposite()).first(),
        ) else {
            // A diagram without our king: ordinary moves only.
            self.ordinary_moves(pos, out);
            return;
        };
        // The pass, written as the own king moving onto the enemy king.
        let king = Piece::new(us, KING);
        out.push(Move::pass(own, enemy.unwrap_or(own), king, PASS));
        if Self::in_setup(pos) {
            self.swaps(pos, out);
        } else {
            self.ordinary_moves(pos, out);
        }
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = pos.apply(mv);
        let mut f = Flags::get(&pos.state);
        f.second_swap = mv.intent.kind == SWAP && mv.intent.continues;
        if mv.intent.kind == PASS {
            // Set-up passes (plies 1 and 2 once played) do not count.
            if pos.state.plies > 2 {
                f.passes = (f.passes + 1).min(2);
            }
        } else {
            f.passes = 0;
        }
        f.bikjang = if self.kings_face(pos) {
            (f.bikjang + 1).min(2)
        } else {
            0
        };
        f.set(&mut pos.state);
        undo
    }

    /// The generic definition (an enemy move could take the king), looking
    /// only at the pieces whose distance allows it.
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        let Some(king) = pos.board.royals(color).first() else {
            return false;
        };
        let g = &self.geometry;
        let them = color.opposite();
        let mut hit = false;
        for from in g.squares() {
            let Some(piece) = pos.board.cell(from).piece(them) else {
                continue;
            };
            let df = (g.file(from) as i32 - g.file(king) as i32).abs();
            let dr = (g.rank(from) as i32 - g.rank(king) as i32).abs();
            let near = match piece.kind {
                KNIGHT => df + dr == 3 && df > 0 && dr > 0,
                ELEPHANT => df + dr == 5 && df > 1 && dr > 1,
                ROOK | CANNON => {
                    df == 0 || dr == 0 || (df == dr && PALACE.owner(g, from).is_some())
                }
                _ => df.max(dr) == 1,
            };
            if !near {
                continue;
            }
            self.piece_moves(pos, from, piece, &mut |to, _| hit |= to == king);
            if hit {
                return true;
            }
        }
        false
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        let f = Flags::get(&pos.state);
        if f.bikjang >= 2 {
            Some(Outcome::VariantDraw { reason: "bikjang" })
        } else if f.passes >= 2 {
            Some(Outcome::VariantDraw {
                reason: "two passes",
            })
        } else {
            None
        }
    }
}

impl Janggi {
    fn ordinary_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        for from in self.geometry.squares() {
            let Some(piece) = pos.board.cell(from).piece(us) else {
                continue;
            };
            self.piece_moves(pos, from, piece, &mut |to, captured| {
                out.push(Move::simple(from, to, piece, captured, None))
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{legal, validate};

    fn moves(fen: &str) -> Vec<String> {
        crate::legal::sorted_coordinates(&Janggi::new(), fen)
    }

    #[test]
    fn the_setup_offers_a_pass_and_two_swaps() {
        let j = Janggi::new();
        let mut pos = j_start(&j);
        assert_eq!(legal::perft(&j, &mut pos, 1), 3);
        assert_eq!(legal::perft(&j, &mut pos, 2), 7);
        assert_eq!(legal::perft(&j, &mut pos, 3), 48);
    }

    fn j_start(j: &Janggi) -> Position {
        validate::position_from_fen(j, j.start_fen()).unwrap()
    }

    #[test]
    fn rooks_and_pawns_follow_palace_diagonals() {
        // Rook on d8, a corner of Black's palace: along the diagonal to e9
        // and on to take the advisor on f10.
        let list = moves("5a3/5k3/3R5/9/9/9/9/9/9/4K4 w 10 00");
        assert!(list.contains(&"d8e9".to_string()));
        assert!(list.contains(&"d8f10".to_string()));
        // A pawn on d8 steps forward, sideways, and to e9 along the line.
        let list = moves("9/5k3/3P5/9/9/9/9/9/9/4K4 w 10 00");
        let pawn: Vec<&String> = list.iter().filter(|m| m.starts_with("d8")).collect();
        assert_eq!(pawn, ["d8c8", "d8d9", "d8e8", "d8e9"]);
    }

    #[test]
    fn two_consecutive_passes_draw_and_a_move_resets_the_count() {
        let j = Janggi::new();
        let mut pos = validate::position_from_fen(&j, "4k4/9/9/9/9/9/9/9/9/3K5 w 10 01").unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&j, &mut pos, &mut list);
        let pass = *list.iter().find(|m| m.intent.kind == PASS).unwrap();
        let step = *list.iter().find(|m| m.intent.kind != PASS).unwrap();
        let undo = j.play(&mut pos, &pass);
        assert!(matches!(
            j.variant_outcome(&pos),
            Some(Outcome::VariantDraw { .. })
        ));
        j.unplay(&mut pos, &pass, undo);
        j.play(&mut pos, &step);
        // The pass count is back to 0 (the bikjang digit may be 1).
        assert!(crate::fen::vchess_fen(&j, &pos).ends_with('0'));
    }
}
