//! Fugue (Mike Nelson, 2004): the Ultima family on 8×8 with no check: the
//! king is taken to win. The engine, slides, long leaps, withdrawals and
//! the swapper's exchanges are [`super::baroque`]'s and
//! [`super::rococo`]'s; this file holds Fugue's own pieces and rules: the
//! shield that makes its neighbours untakeable, the archer that shoots, the
//! queen and king taking by replacement, the pushme-pullyu that may not
//! take twice, the long leaper that takes one piece, the cannon pawn with
//! its promotion into a piece off the board.
//!
//! Decisions where the Fugue page leaves a point open (sources: the page,
//! its chessvariants.com link, vchess's `Fugue.js`):
//! - The pushme-pullyu "cannot capture both": a move that would take a
//!   piece behind it and one beyond its end is not a move at all (vchess);
//!   protection counts first, so a protected piece there does not forbid it.
//! - A swapper may swap with a protected enemy (a swap takes nothing), and
//!   destroys itself with an unprotected neighbour only.
//! - An immobilizer is never frozen (the page: "except another
//!   immobilizer"); frozen pieces have no move (no suicide in Fugue).
//! - The game: a side whose king is taken, or that cannot move, has lost
//!   (the page); moves are not judged by check, and no position is in check
//!   (vchess shows none), so one may hold a king en prise. A diagram with no king at
//!   all (the page's pawn captures) is no game: its moves are listed.
//! - Promotion is optional, on reaching the last rank, into a kind the
//!   player has no piece of on the board (the page: "only in a piece which
//!   is currently out of the board"; neither pawn nor king).

use super::baroque::{capture, Gen, Ultima};
use crate::color::Color;
use crate::geometry::{Dir, Geometry};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::rules::Outcome;
use crate::square::Square;

/// Immobilizer (`i`): freezes the enemies next to it, never frozen itself.
pub const IMMOBILIZER: Kind = Kind(b'i');
/// Pushme-pullyu (`u`): takes by withdrawing or by advancing, not both.
pub const PUSHME_PULLYU: Kind = Kind(b'u');
/// Archer (`a`): shoots an enemy in line, near it or spotted by a friend.
pub const ARCHER: Kind = Kind(b'a');
/// Shield (`s`): its neighbours of its side cannot be taken.
pub const SHIELD: Kind = Kind(b's');
/// Long leaper (`l`): takes one piece by jumping over it.
pub const LONG_LEAPER: Kind = Kind(b'l');
/// Swapper (`w`).
pub const SWAPPER: Kind = Kind(b'w');
/// Queen and king move and take as in chess; the cannon pawn as Rococo's.
pub const QUEEN: Kind = Kind(b'q');
pub const KING: Kind = Kind(b'k');
pub const PAWN: Kind = Kind(b'p');

/// The kinds a pawn may become, in vchess's order.
const RESURRECTED: [Kind; 7] = [
    QUEEN,
    IMMOBILIZER,
    PUSHME_PULLYU,
    ARCHER,
    SHIELD,
    LONG_LEAPER,
    SWAPPER,
];

/// The note of an archer's shot (the archer stays; its target vanishes).
pub const SHOT: &str = "shot";

/// Fugue's note on a move: swap, mutual destruction or shot.
pub(super) fn fugue_note(mv: &Move) -> Option<&'static str> {
    use super::rococo::{DESTRUCTION, SWAP};
    match (mv.effect.appear.len(), mv.effect.vanish.len()) {
        (2, _) => Some(SWAP),
        (0, 1) => Some(SHOT),
        (0, _) => Some(DESTRUCTION),
        _ => None,
    }
}

/// The Fugue rules.
pub fn rules() -> Ultima {
    Ultima::with(
        super::baroque::Flavor::Fugue,
        Geometry::new(8, 8).expect("8×8 is a valid board"),
    )
}

impl Ultima {
    /// Fugue: whether `piece` on `sq` is frozen (next to an enemy
    /// immobilizer, unless an immobilizer itself).
    pub(super) fn fugue_frozen(&self, pos: &Position, sq: Square, piece: Piece) -> bool {
        piece.kind != IMMOBILIZER
            && self.dirs.iter().any(|&d| {
                self.geometry.step(sq, d).is_some_and(|n| {
                    pos.board.cell(n).kind(piece.color.opposite()) == Some(IMMOBILIZER)
                })
            })
    }

    /// Whether the piece on `sq` has a friendly shield next to it.
    fn protected(&self, pos: &Position, sq: Square) -> bool {
        let Some(piece) = pos.board.cell(sq).single() else {
            return false;
        };
        self.dirs.iter().any(|&d| {
            self.geometry
                .step(sq, d)
                .is_some_and(|n| pos.board.cell(n).kind(piece.color) == Some(SHIELD))
        })
    }

    /// Every pseudo-legal Fugue move of `us` (all of them legal: no check).
    pub(super) fn fugue_generate(&self, pos: &Position, us: Color, out: &mut MoveList) {
        self.for_each_piece(pos, us, |gen, sq, piece| {
            if !self.fugue_frozen(pos, sq, piece) {
                gen.fugue_piece_moves(sq, piece, out);
            }
        });
    }

    /// The side to move has lost when its king was taken; a board with no
    /// king at all is a diagram, not a game.
    pub(super) fn fugue_outcome(&self, pos: &Position) -> Option<Outcome> {
        let us = pos.turn();
        let ours = !pos.board.royals(us).is_empty();
        let theirs = !pos.board.royals(us.opposite()).is_empty();
        (!ours && theirs).then_some(Outcome::VariantWin {
            winner: us.opposite(),
            reason: "king captured",
        })
    }
}

impl Gen<'_> {
    /// An enemy on `sq` that may be taken (no friendly shield next to it).
    fn takeable(&self, sq: Square) -> Option<Piece> {
        self.enemy(sq).filter(|_| !self.r.protected(self.pos, sq))
    }

    fn fugue_piece_moves(&self, from: Square, piece: Piece, out: &mut MoveList) {
        let dirs = self.r.dirs;
        match piece.kind {
            PAWN => self.fugue_pawn(from, piece, out),
            KING | QUEEN => {
                for &d in &dirs {
                    let mut sq = from;
                    while let Some(to) = self.step(sq, d) {
                        if self.empty(to) {
                            out.push(Move::simple(from, to, piece, None, None));
                        } else {
                            if let Some(prey) = self.takeable(to) {
                                out.push(Move::simple(from, to, piece, Some(prey), None));
                            }
                            break;
                        }
                        if piece.kind == KING {
                            break;
                        }
                        sq = to;
                    }
                }
            }
            IMMOBILIZER | SHIELD => {
                for &d in &dirs {
                    self.slide(from, d, piece, out);
                }
            }
            SWAPPER => {
                for &d in &dirs {
                    self.slide(from, d, piece, out);
                    let start = out.len();
                    self.swaps(from, d, piece, None, out);
                    // The destruction only of an unprotected neighbour.
                    let mut kept = start;
                    for i in start..out.len() {
                        let m = out[i];
                        if m.effect.appear.is_empty() && self.r.protected(self.pos, m.intent.to) {
                            continue;
                        }
                        out[kept] = m;
                        kept += 1;
                    }
                    out.truncate(kept);
                }
            }
            LONG_LEAPER => {
                for &d in &dirs {
                    self.slide(from, d, piece, out);
                    let start = out.len();
                    self.leaps(from, d, piece, None, out);
                    // One piece, not protected.
                    let mut kept = start;
                    for i in start..out.len() {
                        let m = out[i];
                        let prey = m.effect.vanish.as_slice();
                        if prey.len() == 2 && !self.r.protected(self.pos, prey[1].square) {
                            out[kept] = m;
                            kept += 1;
                        }
                    }
                    out.truncate(kept);
                }
            }
            PUSHME_PULLYU => {
                for &d in &dirs {
                    let start = out.len();
                    self.slide(from, d, piece, out);
                    let behind = self
                        .step(from, d.reverse())
                        .and_then(|s| self.takeable(s).map(|p| (s, p)));
                    let mut kept = start;
                    for i in start..out.len() {
                        let mut m = out[i];
                        if let Some((s, p)) = behind {
                            capture(&mut m, s, p);
                        }
                        if let Some(ahead) = self.step(m.intent.to, d) {
                            if let Some(p) = self.takeable(ahead) {
                                capture(&mut m, ahead, p);
                            }
                        }
                        // It may not take both.
                        if m.effect.vanish.len() <= 2 {
                            out[kept] = m;
                            kept += 1;
                        }
                    }
                    out.truncate(kept);
                }
            }
            ARCHER => {
                for &d in &dirs {
                    self.slide(from, d, piece, out);
                    self.shot(from, d, piece, out);
                }
            }
            _ => {}
        }
    }

    /// The archer's shot along `d`: the first piece on the line, an
    /// unprotected enemy at most two squares away, or farther with a piece
    /// of ours within two squares of it and nothing between them.
    fn shot(&self, from: Square, d: Dir, piece: Piece, out: &mut MoveList) {
        let mut sq = from;
        let mut steps = 0;
        let target = loop {
            steps += 1;
            match self.step(sq, d) {
                None => return,
                Some(n) if self.empty(n) => sq = n,
                Some(n) => break n,
            }
        };
        let Some(prey) = self.takeable(target) else {
            return;
        };
        let spotted = steps <= 2
            || self.r.dirs.iter().any(|&s| {
                let Some(n) = self.step(target, s) else {
                    return false;
                };
                if !self.empty(n) {
                    return self.pos.board.cell(n).has(self.us);
                }
                self.step(n, s)
                    .is_some_and(|n2| self.pos.board.cell(n2).has(self.us))
            });
        if spotted {
            let mut mv = Move::simple(from, target, piece, Some(prey), None);
            mv.effect = Default::default();
            mv.effect.vanish.push(target, prey);
            out.push(mv);
        }
    }

    /// The cannon pawn: a step to an empty neighbour, or a leap over a
    /// neighbour to the square beyond, empty or holding an enemy it may
    /// take; on its last rank it may become a kind of ours off the board.
    fn fugue_pawn(&self, from: Square, piece: Piece, out: &mut MoveList) {
        let g = &self.r.geometry;
        let last = if self.us == Color::White {
            g.rows() - 1
        } else {
            0
        };
        let mut off_board = RESURRECTED;
        let mut kinds = off_board.len();
        for (_, p) in self.pos.board.pieces() {
            if p.color == self.us {
                if let Some(i) = off_board[..kinds].iter().position(|k| *k == p.kind) {
                    off_board.swap(i, kinds - 1);
                    kinds -= 1;
                }
            }
        }
        let mut push = |to: Square, prey: Option<Piece>| {
            out.push(Move::simple(from, to, piece, prey, None));
            if g.rank(to) == last {
                for &k in &off_board[..kinds] {
                    out.push(Move::simple(from, to, piece, prey, Some(k)));
                }
            }
        };
        for &d in &self.r.dirs {
            let Some(n) = self.step(from, d) else {
                continue;
            };
            if self.empty(n) {
                push(n, None);
                continue;
            }
            let Some(beyond) = self.step(n, d) else {
                continue;
            };
            if self.empty(beyond) {
                push(beyond, None);
            } else if let Some(prey) = self.takeable(beyond) {
                push(beyond, Some(prey));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal;

    #[test]
    fn the_pages_pawn_captures() {
        let rules = rules();
        let fen = "8/8/3p4/3l4/1wLP4/4Q3/1p3q2/8 w 0";
        let mut pos = crate::validate::position_from_fen(&rules, fen).unwrap();
        let mut moves = MoveList::new();
        legal::legal_moves(&rules, &mut pos, &mut moves);
        let g = rules.geometry.clone();
        let mut captures: Vec<String> = moves
            .iter()
            .filter(|m| g.square_name(m.intent.from) == "d4" && m.intent.capture)
            .map(|m| g.square_name(m.intent.to))
            .collect();
        captures.sort();
        assert_eq!(captures, ["b4", "d6", "f2"]);
    }

    #[test]
    fn a_shielded_piece_cannot_be_taken() {
        let rules = rules();
        // The white queen on a1 looks at the black rook... swapper on a5,
        // shielded by the black shield on b6.
        let fen = "4k3/8/1s6/w7/8/8/8/Q3K3 w 0";
        let mut pos = crate::validate::position_from_fen(&rules, fen).unwrap();
        let mut moves = MoveList::new();
        legal::legal_moves(&rules, &mut pos, &mut moves);
        let g = rules.geometry.clone();
        assert!(!moves
            .iter()
            .any(|m| g.square_name(m.intent.to) == "a5" && m.intent.capture));
    }
}
