//! Arena: the four middle ranks are the arena ([`in_arena`]). A piece
//! outside it may only move into it; a piece inside may only move to
//! capture something inside (an area permission, [`arena_allows`]). Pawns
//! also capture diagonally backward; king and queen are both dukes (up to
//! three squares in any direction) and nothing is check. A side loses when
//! it has no duke left, nothing in the arena at the end of a turn but the
//! first, no piece at all, or no move.

use super::twist::{Twist, Twisted};
use crate::color::Color;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, FenFields, PieceSpec, StalemateResult};

/// The arena twist.
pub struct Arena;

/// Both sides' army: the duke replaces king and queen; pawns also take
/// diagonally backward.
fn army() -> Vec<PieceSpec> {
    chess::army()
        .into_iter()
        .map(|p| match p.letter {
            'k' | 'q' => PieceSpec::piece(p.letter, "W3F3").names("duke", "duc", "duque"),
            'p' => PieceSpec {
                betza: "fmWfcFbcF".into(),
                ..PieceSpec::pawn()
            },
            _ => p,
        })
        .collect()
}

/// The Arena rules.
pub fn rules() -> Twisted<Arena> {
    let base = chess::spec();
    let mut win = base.win.clone();
    // Nothing is check; a side without a move loses (the page's "his
    // opponent cannot make a move").
    win.checkmate = false;
    win.stalemate = StalemateResult::Loss;
    let spec = ChessLikeSpec {
        name: "Arena".into(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 -".into(),
        armies: [army(), army()],
        castling: [false; 2],
        fen: FenFields {
            flags: Some(false),
            en_passant: None,
        },
        win,
        ..base
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Arena spec compiles"),
        Arena,
    )
}

/// Whether a square lies in the arena, the four middle ranks (the area
/// where no piece starts).
pub fn in_arena(g: &Geometry, sq: Square) -> bool {
    (2..=5).contains(&g.rank(sq))
}

/// Whether the arena lets a move be played: it enters the arena, or it
/// stays inside and captures there.
pub fn arena_allows(g: &Geometry, mv: &Move) -> bool {
    let (from, to) = (in_arena(g, mv.intent.from), in_arena(g, mv.intent.to));
    to && (!from || mv.intent.capture)
}

/// Whether an en-passant capture goes backward (vchess has none, the page
/// none either: the backward capture is a plain capture).
fn backward_en_passant(g: &Geometry, mv: &Move) -> bool {
    mv.intent.kind == MoveKind::EnPassant
        && g.relative_rank(mv.intent.to, mv.color()) < g.relative_rank(mv.intent.from, mv.color())
}

/// Why `color` has lost, if it has: no duke, no piece, or (after the first
/// turn of each side) nothing in the arena.
fn lost_by(g: &Geometry, pos: &Position, color: Color) -> Option<&'static str> {
    let mut pieces = 0;
    let mut dukes = 0;
    let mut in_the_arena = 0;
    for (sq, piece) in pos.board.pieces() {
        if piece.color != color {
            continue;
        }
        pieces += 1;
        if piece.kind == Kind::KING || piece.kind == Kind::QUEEN {
            dukes += 1;
        }
        if in_arena(g, sq) {
            in_the_arena += 1;
        }
    }
    if pieces == 0 || dukes == 0 {
        Some("both dukes taken")
    } else if pos.state.plies >= 2 && in_the_arena == 0 {
        Some("nothing in the arena")
    } else {
        None
    }
}

impl Twist for Arena {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        let g = base.geometry();
        let mut kept = start;
        for i in start..out.len() {
            if arena_allows(g, &out[i]) && !backward_en_passant(g, &out[i]) {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    fn forbidding_rule(
        &self,
        base: &ChessLike,
        pos: &Position,
        from: Square,
        to: Square,
    ) -> Option<&'static str> {
        let mut list = MoveList::new();
        base.pseudo_legal_moves(pos, &mut list);
        let g = base.geometry();
        let tries: Vec<&Move> = list
            .iter()
            .filter(|m| m.intent.from == from && m.intent.to == to)
            .collect();
        if tries.is_empty() || tries.iter().any(|m| arena_allows(g, m)) {
            return None;
        }
        Some(if in_arena(g, from) {
            "Arena: a piece in the arena may only move to capture something in it"
        } else {
            "Arena: a piece outside the arena may only move into it"
        })
    }

    fn royal_attacked(&self, _base: &ChessLike, _pos: &Position, _color: Color) -> Option<bool> {
        // Dukes may stand attacked.
        Some(false)
    }

    fn illegal_after(&self, _base: &ChessLike, _pos: &Position, _mover: Color) -> Option<bool> {
        Some(false)
    }

    fn royals_per_side(&self) -> Option<usize> {
        None
    }

    fn variant_outcome(&self, base: &ChessLike, pos: &Position) -> Option<Outcome> {
        let us = pos.turn();
        lost_by(base.geometry(), pos, us).map(|reason| Outcome::VariantWin {
            winner: us.opposite(),
            reason,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{Outcome, Rules};
    use crate::{legal, validate, MoveList};

    fn moves(fen: &str) -> Vec<String> {
        crate::legal::sorted_coordinates(&super::rules(), fen)
    }

    #[test]
    fn page_diagram_the_bishop_on_g4_cannot_move() {
        // rules/Arena, after 1.e4 Nd6 2.Bg4 Nxe4: "the g4 bishop cannot take
        // anything in the Arena, and thus cannot move". Moves from the
        // vchess oracle.
        let v = moves("br1kqrnb/pppppppp/8/8/4n1B1/8/PPPP1PPP/QNR1BKNR w 4 -");
        assert!(!v.iter().any(|m| m.starts_with("g4")), "{v:?}");
        assert_eq!(
            v.join(" "),
            "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 f1c4 f1d3 f2f3 f2f4 \
             g1f3 g1h3 g2g3 h2h3 h2h4"
        );
    }

    #[test]
    fn a_piece_inside_moves_only_to_capture_inside() {
        // The rook on d4 takes d6 (inside) but moves nowhere else; the
        // pawn on g4 may take h5 but not step to g5; the duke on e1 enters
        // the arena up to three squares away. Moves from the vchess oracle.
        let v = moves("4k3/3p4/3p4/7p/3R2P1/8/8/4K3 w 4 -");
        assert_eq!(v.join(" "), "d4d6 e1b4 e1c3 e1e3 e1e4 e1g3 e1h4 g4h5");
        let v = moves("4k3/3p4/3p4/7p/3R2P1/8/8/4K3 b 5 -");
        // Black's duke enters by e6, e5 and g6 (d7 and h5 are its own).
        assert_eq!(v.join(" "), "e8e5 e8e6 e8g6 h5g4");
    }

    #[test]
    fn pawns_take_backward_but_not_en_passant() {
        // The e4 pawn takes the d3 knight backward (inside the arena).
        let v = moves("4k3/8/8/8/4P3/3n4/8/4K3 w 4 -");
        assert_eq!(v.join(" "), "e1b4 e1c3 e1e3 e1g3 e1h4 e4d3");
        // The d2 pawn may not take e4 backward en passant by e3 (vchess
        // has no backward en passant; the a5 knight keeps Black in the
        // arena).
        let v = moves("4k3/8/8/n7/4P3/8/3p4/4K3 b 5 e3");
        assert_eq!(v.join(" "), "e8b5 e8c6 e8e5 e8e6 e8g6 e8h5");
    }

    #[test]
    fn a_side_with_nothing_in_the_arena_loses() {
        let r = super::rules();
        let mut pos = validate::position_from_fen(&r, "4k3/8/8/8/8/8/8/4K3 w 4 -").unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        assert!(list.is_empty());
        assert_eq!(
            r.variant_outcome(&pos),
            Some(Outcome::VariantWin {
                winner: crate::Color::Black,
                reason: "nothing in the arena"
            })
        );
    }

    #[test]
    fn explain_names_the_arena_rule() {
        // rules/Arena's diagram: the g4 bishop cannot move; the b1 knight
        // may not go to d2, outside the arena.
        let r = super::rules();
        let pos = validate::position_from_fen(
            &r,
            "br1kqrnb/pppppppp/8/8/4n1B1/8/PPPP1PPP/QNR1BKNR w 4 -",
        )
        .unwrap();
        let g = r.geometry();
        let sq = |n: &str| g.parse_square(n).unwrap();
        assert_eq!(
            crate::explain::forbidding_rule(&r, &pos, sq("g4"), sq("f5")),
            Some("Arena: a piece in the arena may only move to capture something in it")
        );
        assert_eq!(
            crate::explain::forbidding_rule(&r, &pos, sq("b1"), sq("d2")),
            None,
            "d2 holds a white pawn: no such move at all"
        );
        assert_eq!(
            crate::explain::forbidding_rule(&r, &pos, sq("g1"), sq("e2")),
            Some("Arena: a piece outside the arena may only move into it")
        );
        assert_eq!(
            crate::explain::forbidding_rule(&r, &pos, sq("g1"), sq("f3")),
            None
        );
    }
}
