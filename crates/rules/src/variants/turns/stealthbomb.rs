//! Stealthbomb1 and Stealthbomb2 (Beirut chess, Jim Winslow): each side
//! secretly loads one of its pieces (Stealthbomb2: one of its pawns) with
//! a bomb, and at any later turn may detonate it instead of moving: the
//! loaded piece and everything a king's step from it vanish. A side
//! whose king is blown up loses ("explosion has priority over checkmate":
//! blowing up the enemy king is legal even when one's own king is
//! attacked). Otherwise orthodox chess; the loaded piece moves, attacks
//! and is taken as the piece it looks like.
//!
//! Hidden information is part of the position: a diagram shows the bombs
//! as the page's author knows them. vchess writes a loaded piece as its
//! own letter, `s t u c o` for a loaded pawn, queen, rook, bishop,
//! knight, and so does fenpress (the FEN is otherwise chess's
//! `board turn moves flags en-passant`). The first two plies (vchess's
//! moves 0 and 1) are the loadings, White's then Black's; a board that
//! already shows a bomb is past them ([`Rules::complete_diagram`]).
//!
//! A loaded pawn's double step allows en passant, as a pawn's does (the
//! opponent cannot tell it from a pawn; vchess gives it no en-passant
//! square: deviation `stealthbomb-loaded-pawn-en-passant`). A loaded pawn
//! that promotes becomes a plain piece, as in vchess (the pages are
//! silent).

use crate::color::Color;
use crate::moves::{Effect, Intent, Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::ChessLike;
use crate::variants::effects::explosion::RING;
use crate::variants::forward::forward_rules;

/// `MoveKind::Special` of a loading (the first two plies).
pub const LOAD: u8 = 1;
/// `MoveKind::Special` of a detonation.
pub const DETONATE: u8 = 2;

/// Each loadable kind and its loaded self, as vchess spells them.
/// The loaded kind of a loadable kind (vchess's second letter; a king is
/// never loaded).
pub fn loaded(kind: Kind) -> Option<Kind> {
    super::second_letter(kind).filter(|_| kind != Kind::KING)
}

/// The kind a loaded kind looks like.
pub fn unloaded(kind: Kind) -> Option<Kind> {
    super::first_letter(kind).filter(|k| *k != Kind::KING)
}

/// The loaded kinds with the kinds they look like.
fn loaded_kinds() -> impl Iterator<Item = (Kind, Kind)> {
    super::SECOND_LETTERS
        .into_iter()
        .filter(|(k, _)| *k != Kind::KING)
}

/// Which pieces may be loaded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Carriers {
    /// Stealthbomb1: any piece but the king on the side's first two ranks.
    Pieces,
    /// Stealthbomb2: a pawn on the side's second rank.
    Pawns,
}

/// Stealthbomb rules over an inner chess.
pub struct Stealthbomb {
    chess: ChessLike,
    carriers: Carriers,
}

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -";

impl Stealthbomb {
    pub fn new(carriers: Carriers) -> Stealthbomb {
        let mut spec = chess::spec();
        spec.name = match carriers {
            Carriers::Pieces => "Stealthbomb1",
            Carriers::Pawns => "Stealthbomb2",
        }
        .into();
        spec.start_fen = START_FEN.into();
        Stealthbomb {
            chess: ChessLike::new(spec).expect("the chess spec compiles"),
            carriers,
        }
    }

    /// `pos` with every loaded piece shown as the piece it looks like: the
    /// position chess moves and attacks are worked out in.
    fn disguised(&self, pos: &Position) -> Position {
        let mut plain = pos.clone();
        for sq in self.geometry().squares() {
            for p in pos.board.cell(sq).pieces() {
                if let Some(k) = unloaded(p.kind) {
                    plain.board.remove(sq, p.color);
                    plain.board.put(sq, Piece::new(p.color, k));
                }
            }
        }
        plain
    }

    /// Whether the loadings are still to be made (vchess's moves 0 and 1).
    fn loading(pos: &Position) -> bool {
        pos.state.plies <= 1
    }

    /// The side to move's loadings: each of its pieces that may carry the
    /// bomb, loaded in place.
    fn loadings(&self, pos: &Position, out: &mut MoveList) {
        let g = self.geometry();
        let us = pos.turn();
        for sq in g.squares() {
            let Some(p) = pos.board.cell(sq).piece(us) else {
                continue;
            };
            let rank = g.relative_rank(sq, us);
            let may = match self.carriers {
                Carriers::Pieces => rank <= 1,
                Carriers::Pawns => rank == 1 && p.kind == Kind::PAWN,
            };
            let Some(l) = loaded(p.kind).filter(|_| may) else {
                continue;
            };
            let mut effect = Effect::default();
            effect.vanish.push(sq, p);
            effect.appear.push(sq, Piece::new(us, l));
            out.push(Move {
                intent: Intent {
                    from: sq,
                    to: sq,
                    piece: p,
                    promotion: None,
                    capture: false,
                    kind: MoveKind::Special(LOAD),
                    chain_step: 0,
                    continues: false,
                    prior_promotion: None,
                },
                effect,
            });
        }
    }

    /// The side to move's detonations: each loaded piece with every piece
    /// a king's step from it. vchess ends the move on the mover's king
    /// (its interface's gesture: the bomb brought onto the king), and so
    /// does fenpress, so that both name it alike.
    fn detonations(&self, pos: &Position, out: &mut MoveList) {
        let g = self.geometry();
        let us = pos.turn();
        let king = pos.board.royals(us).first();
        for sq in g.squares() {
            let Some(p) = pos.board.cell(sq).piece(us) else {
                continue;
            };
            let Some(looks) = unloaded(p.kind) else {
                continue;
            };
            let mut effect = Effect::default();
            effect.vanish.push(sq, p);
            for (df, dr) in RING {
                if let Some(n) = g.offset(sq, df, dr) {
                    for q in pos.board.cell(n).pieces() {
                        effect.vanish.push(n, q);
                    }
                }
            }
            out.push(Move {
                intent: Intent {
                    from: sq,
                    to: king.unwrap_or(sq),
                    piece: Piece::new(us, looks),
                    promotion: None,
                    capture: true,
                    kind: MoveKind::Special(DETONATE),
                    chain_step: 0,
                    continues: false,
                    prior_promotion: None,
                },
                effect,
            });
        }
    }

    /// A chess move of the disguised position, as it is on the real board:
    /// the loaded piece that moves arrives loaded (unless it promotes).
    fn real_move(pos: &Position, mut mv: Move) -> Move {
        let mut effect = Effect::default();
        let mut carried = None;
        for v in mv.effect.vanish.as_slice() {
            let real = pos
                .board
                .cell(v.square)
                .piece(v.piece.color)
                .unwrap_or(v.piece);
            if real != v.piece && real.color == mv.intent.piece.color {
                carried = Some(real);
            }
            effect.vanish.push(v.square, real);
        }
        for a in mv.effect.appear.as_slice() {
            let mut piece = a.piece;
            if let Some(l) = carried
                .filter(|l| a.piece.color == l.color && unloaded(l.kind) == Some(a.piece.kind))
            {
                piece = l;
                carried = None;
            }
            effect.appear.push(a.square, piece);
        }
        mv.effect = effect;
        mv
    }

    /// The move with every loaded piece shown as what it looks like: what
    /// the inner chess plays (en passant, castling rights).
    fn plain_move(mv: &Move) -> Move {
        let plain = |p: Piece| Piece::new(p.color, unloaded(p.kind).unwrap_or(p.kind));
        let mut out = *mv;
        let mut effect = Effect::default();
        for v in mv.effect.vanish.as_slice() {
            effect.vanish.push(v.square, plain(v.piece));
        }
        for a in mv.effect.appear.as_slice() {
            effect.appear.push(a.square, plain(a.piece));
        }
        out.effect = effect;
        out
    }

    fn has_king(pos: &Position, color: Color) -> bool {
        !pos.board.royals(color).is_empty()
    }
}

impl Rules for Stealthbomb {
    forward_rules!(chess => geometry, royal_kinds, fen_style, promotions);
    fn name(&self) -> &str {
        match self.carriers {
            Carriers::Pieces => "Stealthbomb1",
            Carriers::Pawns => "Stealthbomb2",
        }
    }
    fn start_fen(&self) -> &str {
        START_FEN
    }
    /// A king blown up is gone: `position_problems` counts the kings.
    fn royals_per_side(&self) -> Option<usize> {
        None
    }
    fn kinds(&self, color: Color) -> KindSet {
        let mut set = self.chess.kinds(color);
        for (_, l) in loaded_kinds() {
            set.insert(l);
        }
        set
    }
    fn piece_name(&self, piece: Piece) -> String {
        match unloaded(piece.kind) {
            Some(k) => format!(
                "{} (bomb)",
                self.chess.piece_name(Piece::new(piece.color, k))
            ),
            None => self.chess.piece_name(piece),
        }
    }
    /// A loaded piece is written as the piece it looks like.
    fn notation_kind(&self, kind: Kind) -> Kind {
        unloaded(kind).unwrap_or(kind)
    }
    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        match mv.intent.kind {
            MoveKind::Special(LOAD) => Some("bomb loaded"),
            MoveKind::Special(DETONATE) => Some("explosion"),
            _ => None,
        }
    }

    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        Self::has_king(pos, color) && self.chess.royal_attacked(&self.disguised(pos), color)
    }

    /// A move that blows up the mover's king is illegal; one that blows up
    /// the enemy king is legal whatever attacks the mover's.
    fn illegal_after(&self, pos: &Position, mover: Color) -> bool {
        if !Self::has_king(pos, mover) {
            return true;
        }
        Self::has_king(pos, mover.opposite()) && self.royal_attacked(pos, mover)
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if Self::loading(pos) {
            return self.loadings(pos, out);
        }
        let plain = self.disguised(pos);
        let mut moves = MoveList::new();
        self.chess.pseudo_legal_moves(&plain, &mut moves);
        for mv in moves.iter().copied() {
            out.push(Self::real_move(pos, mv));
        }
        self.detonations(pos, out);
    }

    /// A loading changes nothing but the piece (a rook loaded keeps its
    /// castling); any other move is the inner chess's move of the pieces
    /// as they look, and the loaded piece moved arrives loaded.
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        if mv.intent.kind == MoveKind::Special(LOAD) {
            return pos.apply(mv);
        }
        let undo = self.chess.play(pos, &Self::plain_move(mv));
        for a in mv.effect.appear.as_slice() {
            pos.board.remove(a.square, a.piece.color);
            pos.board.put(a.square, a.piece);
        }
        undo
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        self.chess.unplay(pos, mv, undo)
    }

    /// "An explosion destroys everything a king step away from the bomb":
    /// a side whose king is blown up has lost.
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        Color::ALL
            .into_iter()
            .find(|c| !Self::has_king(pos, *c))
            .map(|lost| Outcome::VariantWin {
                winner: lost.opposite(),
                reason: "king blown up",
            })
    }

    /// A board that shows a bomb is past the loadings.
    fn complete_diagram(&self, pos: &mut Position) {
        let g = self.geometry();
        let shown = g.squares().any(|sq| {
            pos.board
                .cell(sq)
                .pieces()
                .any(|p| unloaded(p.kind).is_some())
        });
        if shown {
            pos.state.plies = pos.state.plies.max(2);
        }
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.chess
            .position_problems(&self.disguised(pos), offset_of, out);
        // One king missing is a king blown up: the game is over, the
        // position no mistake (the page's diagram after "explosion on c2").
        // No king at all, or two, is.
        super::kings_problems(pos, offset_of, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loaded_kinds_pair_up() {
        for (k, l) in loaded_kinds() {
            assert_eq!(loaded(k), Some(l));
            assert_eq!(unloaded(l), Some(k));
        }
        assert_eq!(loaded(Kind::KING), None);
    }
}
