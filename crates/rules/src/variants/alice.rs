//! Alice chess (Vernon R. Parton, 1953): two boards; every move is played
//! on the board its piece stands on, by orthodox rules there, and the
//! piece passes "through the mirror" to the same square of the other
//! board, which must be empty. The site keeps both boards in one FEN: a
//! piece on the second board is written with its own letter (pawn `s`,
//! knight `o`, bishop `c`, rook `u`, queen `t`, king `l`), so one square
//! never holds two pieces.
//!
//! Decisions (sources: the page, vchess's `Alice.js`):
//! - A king may not move onto a square attacked on the board it leaves, nor
//!   stay in check on the board it reaches ("It shouldn't be able to
//!   escape the check, not even by moving to the other board").
//! - Any move must leave the mover's king unattacked on the king's board.
//! - En passant takes the passed pawn whichever board it stands on ("en
//!   passant is possible regardless of the worlds pawns are in"); castling
//!   happens on the first board only (the rights are lost once king or
//!   rook has moved), the king's and the rook's squares on the second board
//!   empty, the king not in check on either.
//! - A pawn promotes on its last rank and lands, promoted, on the other
//!   board.

use crate::castling::{castles_where, Layout};
use crate::color::Color;
use crate::fen::FenStyle;
use crate::geometry::{Geometry, KING_STEPS, KNIGHT_LEAPS};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, Undo};
use crate::rules::Rules;
use crate::square::Square;

/// The first board's kinds and, in the same order, the second board's.
const FIRST: [u8; 6] = *b"pnbrqk";
const SECOND: [u8; 6] = *b"socutl";

/// The Alice rules.
pub struct Alice {
    geometry: Geometry,
}

impl Alice {
    pub fn new() -> Alice {
        Alice {
            geometry: Geometry::new(8, 8).expect("an 8×8 board"),
        }
    }
}

impl Default for Alice {
    fn default() -> Self {
        Alice::new()
    }
}

/// Which board a kind lives on (0: the first, 1: the second) and its
/// orthodox kind.
fn board_of(kind: Kind) -> Option<(usize, Kind)> {
    if let Some(i) = FIRST.iter().position(|&k| k == kind.0) {
        return Some((0, Kind(FIRST[i])));
    }
    SECOND
        .iter()
        .position(|&k| k == kind.0)
        .map(|i| (1, Kind(FIRST[i])))
}

/// The letter of the orthodox `kind` on board `board`.
fn on_board(kind: Kind, board: usize) -> Kind {
    let i = FIRST
        .iter()
        .position(|&k| k == kind.0)
        .expect("an orthodox kind");
    Kind(if board == 0 { FIRST[i] } else { SECOND[i] })
}

/// One board seen alone: its pieces as orthodox pieces, the other board's
/// squares empty.
struct View<'a> {
    pos: &'a Position,
    board: usize,
}

impl View<'_> {
    /// The orthodox piece on `sq` of this board.
    fn at(&self, sq: Square) -> Option<Piece> {
        let p = self.pos.board.cell(sq).single()?;
        let (b, kind) = board_of(p.kind)?;
        (b == self.board).then_some(Piece::new(p.color, kind))
    }
}

impl Alice {
    /// Whether `sq` is attacked on `view` by `by`'s pieces, the pieces on
    /// `moved_from` and `moved_to` (a king tried there) taken as moved.
    fn attacked(&self, view: &View, sq: Square, by: Color, ignore: Option<Square>) -> bool {
        let g = &self.geometry;
        let at = |s: Square| -> Option<Piece> {
            if Some(s) == ignore {
                None
            } else {
                view.at(s)
            }
        };
        let enemy = |s: Option<Square>, kinds: &[Kind]| {
            s.and_then(at)
                .is_some_and(|p| p.color == by && kinds.contains(&p.kind))
        };
        // Pawns of `by` attack diagonally forward (from their side).
        let back = if by == Color::White { -1 } else { 1 };
        if enemy(g.offset(sq, -1, back), &[Kind::PAWN])
            || enemy(g.offset(sq, 1, back), &[Kind::PAWN])
        {
            return true;
        }
        if KNIGHT_LEAPS
            .iter()
            .any(|&(df, dr)| enemy(g.offset(sq, df.into(), dr.into()), &[Kind::KNIGHT]))
        {
            return true;
        }
        if KING_STEPS
            .iter()
            .any(|&(df, dr)| enemy(g.offset(sq, df.into(), dr.into()), &[Kind::KING]))
        {
            return true;
        }
        for &(df, dr) in &KING_STEPS {
            let diagonal = df != 0 && dr != 0;
            let mut s = sq;
            while let Some(n) = g.offset(s, df.into(), dr.into()) {
                if let Some(p) = at(n) {
                    let slider = if diagonal { Kind::BISHOP } else { Kind::ROOK };
                    if p.color == by && (p.kind == slider || p.kind == Kind::QUEEN) {
                        return true;
                    }
                    break;
                }
                s = n;
            }
        }
        false
    }

    /// Whether `color`'s king is attacked on its own board.
    fn king_attacked(&self, pos: &Position, color: Color) -> bool {
        let Some(king) = pos.board.royals(color).first() else {
            return false;
        };
        let Some((board, _)) = pos.board.cell(king).kind(color).and_then(board_of) else {
            return false;
        };
        let view = View { pos, board };
        self.attacked(&view, king, color.opposite(), None)
    }

    /// Whether `sq` is free on the board other than `board` (a piece of
    /// `board` there is the one taken or left).
    fn free_beyond(&self, pos: &Position, sq: Square, board: usize) -> bool {
        match pos.board.cell(sq).single() {
            None => true,
            Some(p) => board_of(p.kind).is_some_and(|(b, _)| b == board),
        }
    }

    /// The orthodox moves of the piece on `from` (orthodox `piece`, on
    /// `board`), with the real letters, passed to the other board.
    fn piece_moves(
        &self,
        pos: &Position,
        from: Square,
        piece: Piece,
        board: usize,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        let view = View { pos, board };
        let us = piece.color;
        let real = Piece::new(us, on_board(piece.kind, board));
        let other = 1 - board;
        // A move to `to` taking what the view shows there (if an enemy).
        let push = |to: Square,
                    promotion: Option<Kind>,
                    kind: MoveKind,
                    victim: Option<(Square, Piece)>,
                    out: &mut MoveList| {
            if !self.free_beyond(pos, to, board) {
                return;
            }
            let landed = Piece::new(us, on_board(promotion.unwrap_or(piece.kind), other));
            let mut mv = Move::simple(from, to, real, None, None);
            mv.effect = Default::default();
            mv.effect.vanish.push(from, real);
            if let Some((s, v)) = victim {
                mv.effect.vanish.push(s, v);
                mv.intent.capture = true;
            }
            mv.effect.appear.push(to, landed);
            mv.intent.promotion = promotion.map(|k| on_board(k, other));
            mv.intent.kind = kind;
            out.push(mv);
        };
        let target = |to: Square| -> Option<Option<(Square, Piece)>> {
            match view.at(to) {
                None => Some(None),
                Some(p) if p.color != us => Some(Some((to, pos.board.cell(to).single()?))),
                Some(_) => None,
            }
        };
        match piece.kind {
            Kind::PAWN => {
                let dir = if us == Color::White { 1 } else { -1 };
                let last = if us == Color::White { 7 } else { 0 };
                let start = if us == Color::White { 1 } else { 6 };
                let promotions: &[Option<Kind>] = &[
                    Some(Kind::QUEEN),
                    Some(Kind::ROOK),
                    Some(Kind::BISHOP),
                    Some(Kind::KNIGHT),
                ];
                let reach = |to: Square,
                             victim: Option<(Square, Piece)>,
                             kind: MoveKind,
                             out: &mut MoveList| {
                    if g.rank(to) == last {
                        for &p in promotions {
                            push(to, p, kind, victim, out);
                        }
                    } else {
                        push(to, None, kind, victim, out);
                    }
                };
                if let Some(one) = g.offset(from, 0, dir) {
                    if view.at(one).is_none() {
                        reach(one, None, MoveKind::Normal, out);
                        if g.rank(from) == start {
                            if let Some(two) = g.offset(one, 0, dir) {
                                if view.at(two).is_none() {
                                    reach(two, None, MoveKind::DoubleStep, out);
                                }
                            }
                        }
                    }
                }
                for df in [-1, 1] {
                    let Some(to) = g.offset(from, df, dir) else {
                        continue;
                    };
                    if let Some(p) = view.at(to) {
                        if p.color != us {
                            let victim = pos.board.cell(to).single().map(|v| (to, v));
                            reach(to, victim, MoveKind::Normal, out);
                        }
                    } else if pos.state.en_passant == Some(to) {
                        // The passed pawn, on whichever board.
                        if let Some(vsq) = g.offset(to, 0, -dir) {
                            if let Some(v) = pos.board.cell(vsq).piece(us.opposite()) {
                                reach(to, Some((vsq, v)), MoveKind::EnPassant, out);
                            }
                        }
                    }
                }
            }
            Kind::KNIGHT | Kind::KING => {
                let steps: &[(i8, i8)] = if piece.kind == Kind::KNIGHT {
                    &KNIGHT_LEAPS
                } else {
                    &KING_STEPS
                };
                for &(df, dr) in steps {
                    let Some(to) = g.offset(from, df.into(), dr.into()) else {
                        continue;
                    };
                    if let Some(victim) = target(to) {
                        if piece.kind == Kind::KING
                            && self.attacked(&view, to, us.opposite(), Some(from))
                        {
                            continue;
                        }
                        push(to, None, MoveKind::Normal, victim, out);
                    }
                }
                if piece.kind == Kind::KING {
                    self.castlings(pos, &view, from, real, out);
                }
            }
            _ => {
                for &(df, dr) in &KING_STEPS {
                    let diagonal = df != 0 && dr != 0;
                    let fits = match piece.kind {
                        Kind::BISHOP => diagonal,
                        Kind::ROOK => !diagonal,
                        _ => true,
                    };
                    if !fits {
                        continue;
                    }
                    let mut s = from;
                    while let Some(to) = g.offset(s, df.into(), dr.into()) {
                        let Some(victim) = target(to) else { break };
                        push(to, None, MoveKind::Normal, victim, out);
                        if victim.is_some() {
                            break;
                        }
                        s = to;
                    }
                }
            }
        }
    }

    /// Castling on the first board: the king on its first-rank square, the
    /// rook of a kept right, the squares between them empty, the king's
    /// path unattacked, both landing squares free on the second board.
    fn castlings(
        &self,
        pos: &Position,
        view: &View,
        from: Square,
        king: Piece,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        let us = king.color;
        let rank = if us == Color::White { 0 } else { 7 };
        if view.board != 0 || g.rank(from) != rank {
            return;
        }
        let rook = Piece::new(us, Kind::ROOK);
        let partner = |s| view.at(s) == Some(rook);
        let empty = |s| view.at(s).is_none();
        let layout = Layout::chess(g.cols());
        let rights = &pos.state.castling;
        for c in castles_where(g, &empty, rights, (us, from), &layout, &partner)
            .into_iter()
            .flatten()
        {
            let safe = !c
                .crossed(g, true)
                .any(|s| self.attacked(view, s, us.opposite(), Some(from)));
            if !safe || !self.free_beyond(pos, c.king_to, 0) || !self.free_beyond(pos, c.rook_to, 0)
            {
                continue;
            }
            // Both go through to the second board.
            let mut mv = c.to_move(king, [rook]);
            mv.effect.appear = Default::default();
            mv.effect
                .appear
                .push(c.king_to, Piece::new(us, on_board(Kind::KING, 1)));
            mv.effect
                .appear
                .push(c.rook_to, Piece::new(us, on_board(Kind::ROOK, 1)));
            out.push(mv);
        }
    }
}

impl Rules for Alice {
    fn name(&self) -> &str {
        "Alice"
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -"
    }

    fn kinds(&self, _color: Color) -> KindSet {
        FIRST.iter().chain(&SECOND).map(|&k| Kind(k)).collect()
    }

    fn royal_kinds(&self) -> KindSet {
        [Kind::KING, Kind(b'l')].into_iter().collect()
    }

    // Orthodox pieces whichever board they stand on (a diagram's text
    // alternative says which board, in the page's language).
    fn piece_name(&self, piece: Piece) -> String {
        let kind = board_of(piece.kind).map_or(piece.kind, |(_, k)| k);
        crate::rules::default_piece_name(Piece::new(piece.color, kind))
    }

    fn fen_style(&self) -> FenStyle {
        FenStyle {
            castling: [true, true],
            en_passant: true,
            ..FenStyle::default()
        }
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        for sq in self.geometry.squares() {
            let Some(p) = pos.board.cell(sq).piece(us) else {
                continue;
            };
            let Some((board, kind)) = board_of(p.kind) else {
                continue;
            };
            self.piece_moves(pos, sq, Piece::new(us, kind), board, out);
        }
    }

    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        self.king_attacked(pos, color)
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = pos.apply(mv);
        let g = &self.geometry;
        let castling = &mut pos.state.castling;
        let mover = mv.intent.piece;
        if board_of(mover.kind).is_some_and(|(_, k)| k == Kind::KING) {
            castling.lose_all(mover.color);
        }
        // A right is lost when its rook's square is left or taken.
        for v in mv.effect.vanish.as_slice() {
            for c in Color::ALL {
                castling.lose_square(g, c, v.square);
            }
        }
        undo
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal;

    #[test]
    fn a_piece_passes_to_the_other_board() {
        let rules = Alice::new();
        let mut pos = crate::validate::position_from_fen(&rules, rules.start_fen()).unwrap();
        let mv = crate::notation::parse_move(&rules, &mut pos, "g1f3").unwrap();
        rules.play(&mut pos, &mv);
        assert_eq!(
            crate::fen::vchess_fen(&rules, &pos),
            "rnbqkbnr/pppppppp/8/8/8/5O2/PPPPPPPP/RNBQKB1R b 1 ahah -"
        );
        assert_eq!(legal::perft(&rules, &mut pos, 1), 20);
    }

    fn moves(fen: &str) -> Vec<String> {
        legal::sorted_coordinates(&Alice::new(), fen)
    }

    #[test]
    fn a_landing_square_must_be_free_on_the_other_board() {
        // The white rook on a1 (first board) may not go to a3, where a
        // second-board knight stands.
        let list = moves("4k3/8/8/8/8/O7/8/R3K3 w 0 iiii -");
        assert!(!list.contains(&"a1a3".to_string()), "{list:?}");
        assert!(list.contains(&"a1a8".to_string()), "{list:?}");
        // The second-board knight does not block the rook's way.
        assert!(list.contains(&"a1a4".to_string()), "{list:?}");
    }

    #[test]
    fn a_king_may_not_step_onto_a_square_attacked_on_its_board() {
        // The black rook on d8 (first board) attacks d1 and d2 there.
        let list = moves("3rkr2/8/8/8/8/8/8/4K3 w 0 iiii -");
        assert!(!list.iter().any(|m| m == "e1d1" || m == "e1d2"), "{list:?}");
        // Nor arrive in check on the other board: the second-board rook
        // on d8 attacks d1 there.
        let list = moves("3uk3/8/8/8/8/8/8/4K3 w 0 iiii -");
        assert!(!list.contains(&"e1d1".to_string()), "{list:?}");
        assert!(list.contains(&"e1f1".to_string()), "{list:?}");
    }
}
