//! Cannibal1 and Cannibal2: the capturer takes the kind of its victim. A
//! king that captures becomes a disguised king: royal still, moving as its
//! victim did (letters `s` pawn, `u` rook, `o` knight, `c` bishop, `t`
//! queen, vchess's). A pawn capturing on its last rank becomes its victim,
//! so the promotion choices are one move (vchess's Cannibal1 lists four
//! identical ones: deviation `cannibal1-capture-promotion`); a disguised
//! pawn-king that promotes stays royal. Cannibal2 adds compulsory capture.
//!
//! | letter | en |
//! |---|---|
//! | s | king disguised as a pawn |
//! | u | king disguised as a rook |
//! | o | king disguised as a knight |
//! | c | king disguised as a bishop |
//! | t | king disguised as a queen |

use super::twist::{victim_at_to, Twist, Twisted};
use crate::color::Color;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, Undo};
use crate::rules::Rules;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};

/// The royal letter of a king that looks like `kind` (the king itself for a king).
pub fn disguise(kind: Kind) -> Kind {
    Kind(match kind.0 {
        b'p' => b's',
        b'r' => b'u',
        b'n' => b'o',
        b'b' => b'c',
        b'q' => b't',
        other => other,
    })
}

/// Whether `kind` is a king, disguised or not.
pub fn is_king(kind: Kind) -> bool {
    matches!(kind.0, b'k' | b's' | b'u' | b'o' | b'c' | b't')
}

fn army() -> Vec<PieceSpec> {
    let mut army = chess::army();
    let royal = |letter, betza, name| PieceSpec {
        royal: true,
        ..PieceSpec::piece(letter, betza).named(name)
    };
    army.push(PieceSpec {
        pawn: true,
        ..royal('s', "fmWfcF", "king disguised as a pawn")
    });
    army.push(royal('u', "R", "king disguised as a rook"));
    army.push(royal('o', "N", "king disguised as a knight"));
    army.push(royal('c', "B", "king disguised as a bishop"));
    army.push(royal('t', "Q", "king disguised as a queen"));
    army
}

/// Cannibal1 (`compulsory: false`) or Cannibal2 (`true`).
pub struct Cannibal {
    pub compulsory: bool,
}

/// The rules of Cannibal1 or Cannibal2.
pub fn rules(compulsory: bool) -> Twisted<Cannibal> {
    let spec = ChessLikeSpec {
        name: if compulsory {
            "Cannibal2".into()
        } else {
            "Cannibal1".into()
        },
        armies: [army(), army()],
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Cannibal spec compiles"),
        Cannibal { compulsory },
    )
}

/// Rewrites a move so the capturer lands as its victim's kind (a king as
/// the disguise of it), and a promoting disguised king stays royal.
pub fn take_victims_kind(mv: &mut Move) {
    let mover = mv.intent.piece;
    let landed = match victim_at_to(mv) {
        Some(victim) if is_king(mover.kind) => disguise(victim.kind),
        Some(victim) => victim.kind,
        None => match mv.intent.promotion {
            Some(k) if is_king(mover.kind) => disguise(k),
            _ => return,
        },
    };
    if matches!(mv.intent.kind, MoveKind::Castle { .. }) {
        return;
    }
    let Some(a) = mv.effect.appear.as_slice().first().copied() else {
        return;
    };
    let mut appear = crate::moves::Effect::default().appear;
    appear.push(a.square, Piece::new(mover.color, landed));
    mv.effect.appear = appear;
    mv.intent.promotion = (landed != mover.kind).then_some(landed);
}

impl Twist for Cannibal {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        let mut kept = start;
        for i in start..out.len() {
            let mut mv = out[i];
            // Capture-promotions all land as the victim: keep one.
            if victim_at_to(&mv).is_some() && mv.intent.promotion.is_some_and(|k| k != Kind::QUEEN)
            {
                continue;
            }
            take_victims_kind(&mut mv);
            out[kept] = mv;
            kept += 1;
        }
        out.truncate(kept);
        if self.compulsory {
            keep_legal_captures(base, pos, out, start);
        }
    }

    fn play(&self, base: &ChessLike, pos: &mut Position, mv: &Move) -> Undo {
        let undo = base.play(pos, mv);
        // A king disguised as a pawn steps like one but is no pawn to take
        // en passant: its double step leaves no en-passant square (vchess).
        if mv.intent.piece.kind != Kind::PAWN && is_king(mv.intent.piece.kind) {
            pos.state.en_passant = None;
        }
        undo
    }
}

/// Compulsory capture: when some capture of `out[start..]` is legal, drops
/// every move that is not a capture (castling is none).
fn keep_legal_captures(base: &ChessLike, pos: &Position, out: &mut MoveList, start: usize) {
    let us: Color = pos.turn();
    let mut probe = pos.clone();
    let any = out[start..].iter().any(|mv| {
        if !mv.intent.capture {
            return false;
        }
        let undo = base.play(&mut probe, mv);
        let safe = !base.royal_attacked(&probe, us);
        base.unplay(&mut probe, mv, undo);
        safe
    });
    if any {
        let mut kept = start;
        for i in start..out.len() {
            if out[i].intent.capture {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}

#[cfg(test)]
mod tests {
    use crate::{fen, legal, notation, validate, MoveList, Rules};

    fn moves(r: &dyn Rules, fen: &str) -> Vec<String> {
        let mut pos = validate::position_from_fen(r, fen).unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(r, &mut pos, &mut list);
        let mut v: Vec<String> = list.iter().map(|m| notation::coordinate(r, m)).collect();
        v.sort();
        v
    }

    #[test]
    fn page_diagram_the_knight_becomes_a_pawn() {
        let r = super::rules(false);
        let fen = "rnbqkbnr/p1pp1ppp/1p6/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w 4 ahah -";
        let mut pos = validate::position_from_fen(&r, fen).unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let nxe5 = list
            .iter()
            .find(|m| notation::coordinate(&r, m) == "f3e5p")
            .copied()
            .unwrap();
        r.play(&mut pos, &nxe5);
        assert_eq!(
            fen::board_fen(&r, &pos),
            "rnbqkbnr/p1pp1ppp/1p6/4P3/4P3/8/PPPP1PPP/RNBQKB1R"
        );
    }

    #[test]
    fn a_king_that_captures_a_rook_is_a_royal_rook() {
        let r = super::rules(false);
        let m = moves(&r, "4k3/8/8/8/8/8/4r3/4K3 w 10 iiii -");
        assert_eq!(m, vec!["e1d1", "e1e2u", "e1f1"]);
        let m = moves(&r, "3k4/8/8/8/8/8/8/r3U3 w 10 iiii -");
        // The disguised king moves as a rook and takes the rook back.
        assert!(
            m.contains(&"e1a1".to_string()) && m.contains(&"e1e6".to_string()),
            "{m:?}"
        );
    }

    #[test]
    fn a_disguised_pawn_king_leaves_no_en_passant() {
        // vchess: after f7f5 by the royal pawn, g5xf6 is no move.
        let r = super::rules(false);
        let mut pos = validate::position_from_fen(&r, "8/5s2/8/6P1/8/8/8/4K3 b 10 iiii -").unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let f5 = list
            .iter()
            .find(|m| notation::coordinate(&r, m) == "f7f5")
            .copied()
            .unwrap();
        r.play(&mut pos, &f5);
        assert_eq!(
            fen::vchess_fen(&r, &pos),
            "8/8/8/5sP1/8/8/8/4K3 w 11 iiii -"
        );
        assert!(!moves_at(&r, &mut pos).contains(&"g5f6".to_string()));
    }

    fn moves_at(r: &dyn Rules, pos: &mut crate::Position) -> Vec<String> {
        let mut list = MoveList::new();
        legal::legal_moves(r, pos, &mut list);
        list.iter().map(|m| notation::coordinate(r, m)).collect()
    }

    #[test]
    fn cannibal2_forces_the_capture() {
        let r = super::rules(true);
        let fen = "rnbqkbnr/1ppppppp/p7/8/4P3/8/PPPP1PPP/RNBQKBNR w 2 ahah -";
        assert_eq!(moves(&r, fen), vec!["f1a6p"]);
    }
}
