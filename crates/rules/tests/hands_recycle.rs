//! Recycle: perft against vchess; own pieces taken go to hand, enemy ones
//! are gone, a pawn on the last rank falls off.

mod common;

use fenpress_rules::{fen, notation, registry, validate::position_from_fen, Color, Kind};

#[test]
fn perft_recycle() {
    common::perft_variant("recycle", include_str!("fixtures/perft-recycle.txt"));
}

#[test]
fn self_capture_fills_the_hand_and_pawns_fall_off() {
    let rc = registry::rules("recycle").unwrap();
    let mut pos = position_from_fen(rc, rc.start_fen()).unwrap();
    // The page's first move: the rook takes its own knight.
    let mv = notation::parse_move(rc, &mut pos, "Rxb1").unwrap();
    rc.play(&mut pos, &mv);
    assert_eq!(pos.state.hands.count(Color::White, Kind::KNIGHT), 1);
    assert_eq!(
        fen::vchess_fen(rc, &pos),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1RBQKBNR b 1 ihah - 0010000000"
    );
    let mut pos = position_from_fen(rc, "4k3/1P6/8/8/8/8/8/4K3 w 0 iiii - 0000000000").unwrap();
    let mv = notation::parse_move(rc, &mut pos, "b8").unwrap();
    rc.play(&mut pos, &mv);
    assert!(fen::vchess_fen(rc, &pos).starts_with("4k3/8/8/8/8/8/8/4K3 b"));
}
