//! Absorption: a capturing piece gains the movement of its victim (a table
//! of compounds over the bishop, rook and knight components, [`fuse`]). A
//! pawn that captures becomes a piece of the victim's kind; a king stays a
//! king; capturing a pawn adds nothing. New pieces: princess `s` (bishop +
//! knight), empress `e` (rook + knight), amazon `a` (queen + knight).
//!
//! | letter | en | fr | es |
//! |---|---|---|---|
//! | s | princess | princesse | princesa |
//! | e | empress | impératrice | emperatriz |
//! | a | amazon | amazone | amazona |

use super::twist::{victim_at_to, Twist, Twisted};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::rules::Rules;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};

pub const PRINCESS: Kind = Kind(b's');
pub const EMPRESS: Kind = Kind(b'e');
pub const AMAZON: Kind = Kind(b'a');

/// Bit set of movement components: bishop 1, rook 2, knight 4.
fn components(k: Kind) -> u8 {
    match k.0 {
        b'b' => 1,
        b'r' => 2,
        b'q' => 3,
        b'n' => 4,
        b's' => 5,
        b'e' => 6,
        b'a' => 7,
        _ => 0,
    }
}

fn of_components(c: u8) -> Option<Kind> {
    Some(match c {
        1 => Kind::BISHOP,
        2 => Kind::ROOK,
        3 => Kind::QUEEN,
        4 => Kind::KNIGHT,
        5 => PRINCESS,
        6 => EMPRESS,
        7 => AMAZON,
        _ => return None,
    })
}

/// What a `mover` becomes by capturing a `victim`: kings stay kings, a pawn
/// becomes the victim's kind, a piece gains the victim's components (a
/// pawn victim adds none).
pub fn fuse(mover: Kind, victim: Kind) -> Kind {
    if mover == Kind::KING {
        return mover;
    }
    if mover == Kind::PAWN {
        return victim;
    }
    of_components(components(mover) | components(victim)).unwrap_or(mover)
}

/// The army of both sides: chess's plus the three compounds.
pub fn army() -> Vec<PieceSpec> {
    let mut army = chess::army();
    army.push(PieceSpec::piece('s', "BN").named("princess"));
    army.push(PieceSpec::piece('e', "RN").named("empress"));
    army.push(PieceSpec::piece('a', "QN").named("amazon"));
    army
}

/// The absorption twist.
pub struct Absorption;

/// The Absorption rules.
pub fn rules() -> Twisted<Absorption> {
    let spec = ChessLikeSpec {
        name: "Absorption".into(),
        armies: [army(), army()],
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Absorption spec compiles"),
        Absorption,
    )
}

/// Rewrites a capture so the capturer lands as [`fuse`] says. A pawn's
/// capture that reaches the last rank lands as its victim whatever the
/// promotion choice: callers keep one of the choices (the queen's).
/// `intent.promotion` names the new kind when it changes, so notation
/// writes it (`exd5=N`, `Bxe5=S`).
pub fn absorb(mv: &mut Move) {
    let Some(victim) = victim_at_to(mv) else {
        return;
    };
    let mover = mv.intent.piece;
    let kind = fuse(mover.kind, victim.kind);
    if let Some(a) = mv.effect.appear.as_slice().first().copied() {
        let mut appear = crate::moves::Effect::default().appear;
        appear.push(a.square, Piece::new(mover.color, kind));
        mv.effect.appear = appear;
    }
    mv.intent.promotion = (kind != mover.kind).then_some(kind);
}

/// The base's moves with captures absorbed (one capture-promotion each).
pub fn absorbing_moves(base: &ChessLike, pos: &Position, out: &mut MoveList) {
    let start = out.len();
    base.pseudo_legal_moves(pos, out);
    let mut kept = start;
    for i in start..out.len() {
        let mut mv = out[i];
        if mv.intent.capture && mv.intent.promotion.is_some_and(|k| k != Kind::QUEEN) {
            continue;
        }
        if mv.intent.capture {
            absorb(&mut mv);
        }
        out[kept] = mv;
        kept += 1;
    }
    out.truncate(kept);
}

impl Twist for Absorption {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        absorbing_moves(base, pos, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fusion_table() {
        let k = |c: char| Kind(c as u8);
        assert_eq!(fuse(k('b'), k('r')), Kind::QUEEN);
        assert_eq!(fuse(k('q'), k('n')), AMAZON);
        assert_eq!(fuse(k('b'), k('e')), AMAZON);
        assert_eq!(fuse(k('s'), k('b')), PRINCESS);
        assert_eq!(fuse(k('r'), k('p')), Kind::ROOK);
        assert_eq!(fuse(k('p'), k('n')), Kind::KNIGHT);
        assert_eq!(fuse(k('k'), k('q')), Kind::KING);
    }

    #[test]
    fn a_bishop_taking_a_knight_becomes_a_princess() {
        use crate::{legal, notation, validate};
        let r = rules();
        let mut pos =
            validate::position_from_fen(&r, "4k3/8/8/4n3/8/2B5/8/4K3 w 10 iiii -").unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let cap = list.iter().find(|m| m.intent.capture).copied().unwrap();
        assert_eq!(notation::coordinate(&r, &cap), "c3e5s");
        assert_eq!(notation::san(&r, &mut pos, &cap), "Bxe5=S");
    }
}
