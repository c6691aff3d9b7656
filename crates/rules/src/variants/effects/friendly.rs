//! Friendly captures, a capture permission: a piece may take a piece of its
//! own side where its capture would take an enemy one (Freecapture,
//! Selfabsorb). The base generator only takes enemies, so each own piece in
//! turn moves on a probe board where every other own piece is shown as an
//! enemy; its captures of those are the friendly captures.

use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Piece;
use crate::position::Position;
use crate::rules::Rules;
use crate::variants::chesslike::ChessLike;

/// Appends to `out` the friendly captures of the side to move that `allow`
/// (mover, victim) permits. A friendly victim keeps its color in the move's
/// effect; `intent.capture` is set, so notation writes the `x` the pages
/// write (`Kxh2` taking one's own pawn).
pub fn friendly_captures(
    base: &ChessLike,
    pos: &Position,
    out: &mut MoveList,
    allow: &dyn Fn(Piece, Piece) -> bool,
) {
    let us = pos.turn();
    let them = us.opposite();
    let own: Vec<_> = pos.board.pieces().filter(|(_, p)| p.color == us).collect();
    if own.len() < 2 {
        return;
    }
    let mut probe = pos.clone();
    // No castling or en passant on the probe: they are no captures of ours.
    probe.state.castling = crate::position::Castling::NONE;
    probe.state.en_passant = None;
    for &(sq, p) in &own {
        probe.board.remove(sq, us);
        probe.board.put(sq, Piece::new(them, p.kind));
    }
    let mut moves = MoveList::new();
    for &(from, mover) in &own {
        probe.board.remove(from, them);
        probe.board.put(from, mover);
        moves.clear();
        base.pseudo_legal_moves(&probe, &mut moves);
        for mv in &moves {
            if mv.intent.from != from || !mv.intent.capture || mv.intent.kind != MoveKind::Normal {
                continue;
            }
            let Some(&(_, victim)) = own.iter().find(|(s, _)| *s == mv.intent.to) else {
                continue;
            };
            if !allow(mover, victim) {
                continue;
            }
            let mut m: Move = *mv;
            let mut effect = crate::moves::Effect::default();
            for v in mv.effect.vanish.as_slice() {
                let piece = if v.square == mv.intent.to {
                    victim
                } else {
                    v.piece
                };
                effect.vanish.push(v.square, piece);
            }
            for a in mv.effect.appear.as_slice() {
                effect.appear.push(a.square, a.piece);
            }
            m.effect = effect;
            m.intent.capture = true;
            out.push(m);
        }
        probe.board.remove(from, us);
        probe.board.put(from, Piece::new(them, mover.kind));
    }
}

/// Whether the move takes a piece of its own side.
pub fn takes_own(mv: &Move) -> bool {
    let us = mv.color();
    mv.effect
        .vanish
        .as_slice()
        .iter()
        .any(|v| v.piece.color == us && v.square == mv.intent.to && v.square != mv.intent.from)
}
