//! Selfabsorb: chess, plus captures of one's own rook, knight, bishop or
//! queen by one's own rook, knight, bishop or queen of another kind, the
//! capturer adding up both pieces' abilities as in Absorption (princess,
//! empress, amazon). Enemy captures are chess's: the page names only
//! captures of one's own pieces, and vchess agrees. vchess allows a narrower and
//! partly different set (only pairs whose abilities do not overlap, the
//! compounds included): deviation `selfabsorb-own-kinds`.

use super::absorption::{army, fuse};
use super::friendly::friendly_captures;
use super::twist::{Twist, Twisted};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

/// The selfabsorb twist.
pub struct Selfabsorb;

/// The Selfabsorb rules.
pub fn rules() -> Twisted<Selfabsorb> {
    let spec = ChessLikeSpec {
        name: "Selfabsorb".into(),
        armies: [army(), army()],
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Selfabsorb spec compiles"),
        Selfabsorb,
    )
}

/// The page's list: rook, knight, bishop, queen.
fn listed(k: Kind) -> bool {
    matches!(k, Kind::ROOK | Kind::KNIGHT | Kind::BISHOP | Kind::QUEEN)
}

/// Whether `mover` may take its own `victim`.
pub fn may_absorb_own(mover: Piece, victim: Piece) -> bool {
    listed(mover.kind) && listed(victim.kind) && mover.kind != victim.kind
}

impl Twist for Selfabsorb {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        crate::rules::Rules::pseudo_legal_moves(base, pos, out);
        let start = out.len();
        friendly_captures(base, pos, out, &|m, v| may_absorb_own(m, v));
        for mv in &mut out[start..] {
            fuse_own(mv);
        }
    }
    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        super::friendly::takes_own(mv).then_some("self-absorption")
    }
}

/// The capturer of its own piece lands with both abilities.
fn fuse_own(mv: &mut Move) {
    let us = mv.color();
    let Some(victim) = mv
        .effect
        .vanish
        .as_slice()
        .iter()
        .find(|v| v.square == mv.intent.to && v.piece.color == us)
        .map(|v| v.piece)
    else {
        return;
    };
    let kind = fuse(mv.intent.piece.kind, victim.kind);
    let mut appear = crate::moves::Effect::default().appear;
    appear.push(mv.intent.to, Piece::new(us, kind));
    mv.effect.appear = appear;
    mv.intent.promotion = (kind != mv.intent.piece.kind).then_some(kind);
}

#[cfg(test)]
mod tests {
    use crate::{legal, notation, validate, MoveList};

    #[test]
    fn a_rook_absorbs_its_own_knight_but_not_its_pawn() {
        let r = super::rules();
        let mut pos =
            validate::position_from_fen(&r, "4k3/8/8/8/8/8/P7/RN2K3 w 10 iiii -").unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let mut own: Vec<String> = list
            .iter()
            .filter(|m| super::super::friendly::takes_own(m))
            .map(|m| notation::coordinate(&r, m))
            .collect();
        own.sort();
        // The knight cannot reach a1; the rook takes it and becomes an empress.
        assert_eq!(own, vec!["a1b1e"]);
    }
}
