//! Bario: perft (the vchess oracle's counts), the kings' placement, the
//! definitions and picks as steps that keep the turn, the reversion the
//! page shows (before and after the knight definition on d1).

mod common;

use fenpress_rules::{fen, legal, registry, validate::position_from_fen, Kind, MoveList};

#[test]
fn perft_bario() {
    common::perft_variant("bario", include_str!("fixtures/perft-bario.txt"));
}

#[test]
fn the_page_s_knight_definition_reverts_every_piece() {
    let ba = registry::rules("Bario").unwrap();
    let g = ba.geometry();
    let mut pos = position_from_fen(
        ba,
        "uuu1kuuu/2p5/2n5/1p1ppppp/p4PPP/3N3Q/PPPPP1BB/1RRUK3 w 20 - 01002121 -",
    )
    .unwrap();
    let mut list = MoveList::new();
    legal::legal_moves(ba, &mut pos, &mut list);
    let d1 = g.parse_square("d1").unwrap();
    let define = list
        .iter()
        .find(|m| m.intent.to == d1 && m.intent.piece.kind == Kind::KNIGHT && m.intent.continues)
        .copied()
        .unwrap();
    let undo = ba.play(&mut pos, &define);
    assert_eq!(
        fen::vchess_fen(ba, &pos),
        "uuu1kuuu/2p5/2n5/1p1ppppp/p4PPP/3N3Q/PPPPP1BB/1RRNK3 w 20 - 00002121 -"
    );
    // Now only the knight d1 moves.
    legal::legal_moves(ba, &mut pos, &mut list);
    assert!(list.iter().all(|m| m.intent.from == d1), "{list:?}");
    let e3 = g.parse_square("e3").unwrap();
    let jump = *list.iter().find(|m| m.intent.to == e3).unwrap();
    let before = pos.clone();
    let undo2 = ba.play(&mut pos, &jump);
    assert_eq!(
        fen::vchess_fen(ba, &pos),
        "uuu1kuuu/2p5/2u5/1p1ppppp/p4PPP/3UU2U/PPPPP1UU/1UU1K3 b 21 - 22212221 -"
    );
    // Taking the move back puts every reverted piece back.
    ba.unplay(&mut pos, &jump, undo2);
    assert_eq!(pos, before);
    ba.unplay(&mut pos, &define, undo);
    assert_eq!(
        fen::vchess_fen(ba, &pos),
        "uuu1kuuu/2p5/2n5/1p1ppppp/p4PPP/3N3Q/PPPPP1BB/1RRUK3 w 20 - 01002121 -"
    );
}

#[test]
fn an_undefined_piece_checks_as_its_reserve_allows() {
    let ba = registry::rules("Bario").unwrap();
    // The page: the white king d1 cannot move (a rook might be on c8 or e8:
    // Black's reserve holds rooks, and the c- and e-files are open).
    let mut pos = position_from_fen(
        ba,
        "uuuuu1uk/p2p1qp1/1p6/7p/7P/5N2/PP1P1PP1/UUUKU1UU w 10 - 21212220 -",
    )
    .unwrap();
    let mut list = MoveList::new();
    legal::legal_moves(ba, &mut pos, &mut list);
    assert!(!list.iter().any(|m| m.intent.piece.kind == Kind::KING));
    // Without rooks (nor queen) in Black's reserve, the king may go to c2.
    let mut pos = position_from_fen(
        ba,
        "uuuuu1uk/p2p1qp1/1p6/7p/7P/5N2/PP1P1PP1/UUUKU1UU w 10 - 21210330 -",
    )
    .unwrap();
    legal::legal_moves(ba, &mut pos, &mut list);
    assert!(list.iter().any(|m| m.intent.piece.kind == Kind::KING));
}

#[test]
fn a_bad_reserve_or_a_missing_capture_field_is_refused() {
    let ba = registry::rules("Bario").unwrap();
    for bad in [
        "uuuuuuuu/pppppppp/8/8/8/8/PPPPPPPP/UUUUUUUU w 0 - 2221222 -",
        "uuuuuuuu/pppppppp/8/8/8/8/PPPPPPPP/UUUUUUUU w 0 - 22212221",
        "uuuuuuuu/pppppppp/8/8/8/8/PPPPPPPP/UUUUUUUU w 0 - 22212221 z9",
    ] {
        assert!(position_from_fen(ba, bad).is_err(), "{bad}");
    }
}

#[test]
fn a_pick_names_the_piece_taken_and_keeps_the_turn() {
    let ba = registry::rules("Bario").unwrap();
    // The queen took an undefined piece on h8: Black names it among its
    // reserve's kinds (rook, knight, bishop, queen), then moves.
    let fen_text = "uuu1kuuQ/2p5/2n5/1p1ppppp/p4PPP/3N4/PPPPP1BB/1RRUK3 b 21 - 01002121 h8";
    let mut pos = position_from_fen(ba, fen_text).unwrap();
    let mut list = MoveList::new();
    legal::legal_moves(ba, &mut pos, &mut list);
    let mut named: Vec<char> = list.iter().map(|m| m.intent.piece.kind.char()).collect();
    named.sort();
    assert_eq!(named, vec!['b', 'n', 'q', 'r']);
    for mv in list.clone() {
        assert!(!fenpress_rules::notation::san(ba, &mut pos, &mv).is_empty());
    }
    let knight = *list
        .iter()
        .find(|m| m.intent.piece.kind == Kind::KNIGHT)
        .unwrap();
    ba.play(&mut pos, &knight);
    // The reserve lost its knight; the capture square stays written.
    assert_eq!(
        fen::vchess_fen(ba, &pos),
        "uuu1kuuQ/2p5/2n5/1p1ppppp/p4PPP/3N4/PPPPP1BB/1RRUK3 b 21 - 01002021 h8"
    );
    legal::legal_moves(ba, &mut pos, &mut list);
    assert!(list
        .iter()
        .all(|m| m.color() == fenpress_rules::Color::Black));
}

/// The page: the reversion comes when all the mover's pieces are defined
/// "(and weren't before)". White has nothing left to define (king and
/// pawn), Black's rook and bishop stay defined after White's pawn move.
#[test]
fn a_move_with_nothing_newly_defined_reverts_nothing() {
    let ba = registry::rules("Bario").unwrap();
    let g = ba.geometry();
    let mut pos = position_from_fen(ba, "2brk3/8/8/8/8/8/P7/4K3 w 10 - 00000000 -").unwrap();
    let mut list = MoveList::new();
    legal::legal_moves(ba, &mut pos, &mut list);
    let a3 = g.parse_square("a3").unwrap();
    let push = *list.iter().find(|m| m.intent.to == a3).unwrap();
    ba.play(&mut pos, &push);
    assert_eq!(
        fen::vchess_fen(ba, &pos),
        "2brk3/8/8/8/8/P7/8/4K3 b 11 - 00000000 -"
    );
}

/// The page's reversion whatever piece ends the turn: Black names its last
/// piece taken undefined (all its pieces are now defined, and were not at
/// the turn's start), then moves its king: the rook and bishop revert.
#[test]
fn naming_the_last_undefined_piece_then_a_king_move_reverts() {
    let ba = registry::rules("Bario").unwrap();
    let g = ba.geometry();
    let mut pos = position_from_fen(ba, "rb5Q/8/8/8/8/8/k7/4K3 b 21 - 00000100 h8").unwrap();
    let mut list = MoveList::new();
    legal::legal_moves(ba, &mut pos, &mut list);
    assert_eq!(list.len(), 1, "{list:?}");
    let pick = list[0];
    ba.play(&mut pos, &pick);
    legal::legal_moves(ba, &mut pos, &mut list);
    let a3 = g.parse_square("a3").unwrap();
    let step = *list
        .iter()
        .find(|m| m.intent.piece.kind == Kind::KING && m.intent.to == a3)
        .unwrap();
    ba.play(&mut pos, &step);
    assert_eq!(
        fen::vchess_fen(ba, &pos),
        "uu5Q/8/8/8/8/k7/8/4K3 w 22 - 00001010 -"
    );
}
