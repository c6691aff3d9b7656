//! Atomic: every capture explodes. The capturer and every piece a king's
//! step from the capture square vanish, pawns excepted (they fall only to a
//! direct capture). Kings cannot capture; a king touching the enemy king
//! cannot be checked; exploding the enemy king wins at once, exploding one's
//! own king is illegal. "Balanced" (vchess FEN field `B`): before the first
//! move White removes a pawn, then Black plays first.

use super::explosion::{touching, Blast};
use super::twist::{victim_at_to, Twist, Twisted};
use crate::color::Color;
use crate::fen::Field;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Pins, Rules};
use crate::squareset::SquareSet;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};

/// `State::variant` bit: the game is "balanced" (the FEN's `B`).
const BALANCED: u64 = 1;

/// The atomic twist.
pub struct Atomic;

/// The Atomic rules.
pub fn rules() -> Twisted<Atomic> {
    let mut army = chess::army();
    // The king only moves: a capture would explode it.
    for p in &mut army {
        if p.letter == 'k' {
            *p = PieceSpec {
                betza: "mK".into(),
                ..PieceSpec::king()
            };
        }
    }
    let spec = ChessLikeSpec {
        name: "Atomic".into(),
        armies: [army.clone(), army],
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Atomic spec compiles"),
        Atomic,
    )
}

impl Atomic {
    /// The balanced opening choice: remove a pawn from its start rank.
    fn balance_moves(base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let g = base.geometry();
        for sq in g.squares() {
            for p in pos.board.cell(sq).pieces() {
                if p.kind == Kind::PAWN && g.relative_rank(sq, p.color) == 1 {
                    let mut mv = Move::simple(sq, sq, p, None, None);
                    mv.effect = Default::default();
                    mv.effect.vanish.push(sq, p);
                    mv.intent.kind = MoveKind::Special(0);
                    // Played by White whatever the pawn's color.
                    mv.intent.piece = Piece::new(pos.turn(), p.kind);
                    out.push(mv);
                }
            }
        }
    }
}

impl Twist for Atomic {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        if pos.state.variant & BALANCED != 0 && pos.state.plies == 0 {
            Atomic::balance_moves(base, pos, out);
            return;
        }
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        let g = base.geometry();
        let mut kept = start;
        for i in start..out.len() {
            let mut mv = out[i];
            let captures = mv.intent.capture;
            // After the explosion every promotion choice leaves the same
            // board: one move stands for them (vchess keeps the queen's).
            if captures && mv.intent.promotion.is_some_and(|k| k != Kind::QUEEN) {
                continue;
            }
            if captures {
                let center = mv.intent.to;
                Blast::atomic().explode(g, pos, &mut mv, center);
            }
            out[kept] = mv;
            kept += 1;
        }
        out.truncate(kept);
    }

    fn royal_attacked(&self, base: &ChessLike, pos: &Position, color: Color) -> Option<bool> {
        let ours = pos.board.royals(color);
        let theirs = pos.board.royals(color.opposite());
        let Some(king) = ours.first() else {
            // Our king exploded.
            return Some(true);
        };
        if theirs.is_empty() {
            // Theirs did: the game is won, nothing can check us any more.
            return Some(false);
        }
        let g = base.geometry();
        if theirs.iter().any(|k| touching(g, k, king)) {
            // Taking our king would explode theirs: no check.
            return Some(false);
        }
        Some(base.square_attacked(pos, king, color.opposite()))
    }

    /// A plain move (see [`crate::legal::is_plain`]) takes nothing, so
    /// nothing explodes and the kings stay where they are: with the kings
    /// apart, it is legal as in chess (the base's pins); with them
    /// touching, nothing checks, so it is always legal.
    fn pinned(&self, base: &ChessLike, pos: &Position) -> Option<Pins> {
        if pos.state.variant & BALANCED != 0 && pos.state.plies == 0 {
            return None;
        }
        let us = pos.turn();
        let (ours, theirs) = (pos.board.royals(us), pos.board.royals(us.opposite()));
        if ours.len() != 1 || theirs.len() != 1 {
            return None;
        }
        let (king, other) = (ours.first()?, theirs.first()?);
        if touching(base.geometry(), king, other) {
            return Some(Pins {
                pinned: SquareSet::EMPTY,
                check: None,
                screens: SquareSet::EMPTY,
            });
        }
        base.pinned(pos)
    }

    fn play(&self, base: &ChessLike, pos: &mut Position, mv: &Move) -> Undo {
        let undo = base.play(pos, mv);
        // An exploded king takes its side's castling rights with it (the
        // base only clears them when the king itself moves).
        for v in mv.effect.vanish.as_slice() {
            if v.piece.kind == Kind::KING {
                pos.state.castling.lose_all(v.piece.color);
            }
        }
        undo
    }

    fn variant_outcome(&self, _base: &ChessLike, pos: &Position) -> Option<Outcome> {
        let us = pos.turn();
        (pos.board.royals(us).is_empty()).then_some(Outcome::VariantWin {
            winner: us.opposite(),
            reason: "explosion",
        })
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        mv.intent.capture.then_some("explosion")
    }

    fn royals_per_side(&self) -> Option<usize> {
        // A diagram after the winning explosion has one king.
        None
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        match fields.first() {
            None => {}
            Some(f) if f.text == "B" => state.variant |= BALANCED,
            Some(f) => problems.push(Problem::BadField {
                field: "balanced",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let tail = if pos.state.variant & BALANCED != 0 {
            " B"
        } else {
            ""
        };
        (String::new(), tail.to_string())
    }
}

/// The captured piece of an atomic move, if it is one (for notation).
pub fn victim(mv: &Move) -> Option<Piece> {
    victim_at_to(mv)
}
