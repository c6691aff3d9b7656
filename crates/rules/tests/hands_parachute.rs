//! Parachute: perft against vchess; drops that give check are refused, a
//! side without its king cannot capture.

mod common;

use fenpress_rules::{notation, registry, validate::position_from_fen};

#[test]
fn perft_parachute() {
    common::perft_variant("parachute", include_str!("fixtures/perft-parachute.txt"));
}

#[test]
fn drops_may_not_check_and_kingless_sides_do_not_capture() {
    let pc = registry::rules("parachute").unwrap();
    let mut pos = position_from_fen(pc, "4k3/8/8/8/8/8/8/4K3 w 2 - 822210822210").unwrap();
    let err = notation::parse_move(pc, &mut pos, "R@e4").unwrap_err();
    assert_eq!(
        err.to_string(),
        "R@e4 is illegal: a dropped piece may not give check"
    );
    let err = notation::parse_move(pc, &mut pos, "P@e5").unwrap_err();
    assert_eq!(
        err.to_string(),
        "P@e5 is illegal: a pawn may only be dropped on its own four first ranks"
    );
    assert!(notation::parse_move(pc, &mut pos, "R@d4").is_ok());
    // The page's left diagram: no white king, so the queen cannot take.
    let mut pos = position_from_fen(pc, "8/8/3b2r1/3R4/k3Q3/3R4/8/8 w 6 - 802201812110").unwrap();
    assert!(notation::parse_move(pc, &mut pos, "Qxa4").is_err());
    // Landing the king would let the queen give check: refused too.
    let err = notation::parse_move(pc, &mut pos, "K@h1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "K@h1 is illegal: a dropped piece may not give check"
    );
    assert!(notation::parse_move(pc, &mut pos, "N@h1").is_ok());
}
