//! Clorange: perft (the vchess oracle's counts), the page's diagram (the
//! black king must take the non-capturing pawn), a captured piece going
//! back to its owner as its counterpart, the twenty-digit reserve.

mod common;

use fenpress_rules::{fen, legal, notation, registry, validate::position_from_fen, Color, Kind};

#[test]
fn perft_clorange() {
    common::perft_variant("clorange", include_str!("fixtures/perft-clorange.txt"));
}

#[test]
fn the_king_takes_the_gentle_pawn_which_goes_back_as_a_regular_one() {
    let cl = registry::rules("Clorange").unwrap();
    let mut pos = position_from_fen(
        cl,
        "3nkr2/1pNSpp1b/1p1sq3/7p/rT1N1cPp/8/PPPPPP2/R1BB1KR1 b 20 iiii - 00000000000000000000",
    )
    .unwrap();
    let mut moves = Vec::new();
    legal::legal_moves(cl, &mut pos, &mut moves);
    assert_eq!(moves.len(), 1, "only Kxd7");
    let mv = notation::parse_move(cl, &mut pos, "Kxd7").unwrap();
    cl.play(&mut pos, &mv);
    // The non-capturing pawn returns to White as a regular pawn.
    assert_eq!(pos.state.hands.count(Color::White, Kind::PAWN), 1);
    assert_eq!(
        fen::vchess_fen(cl, &pos),
        "3n1r2/1pNkpp1b/1p1sq3/7p/rT1N1cPp/8/PPPPPP2/R1BB1KR1 w 21 iiii - 10000000000000000000"
    );
    // White may drop it anywhere empty but on its last rank.
    assert!(notation::parse_move(cl, &mut pos, "@a6").is_ok());
    assert!(notation::parse_move(cl, &mut pos, "@h8").is_err());
}

#[test]
fn gentle_pieces_neither_take_nor_check() {
    let cl = registry::rules("Clorange").unwrap();
    // The non-capturing queen on e2 faces the king on e8 and a rook on b5.
    let pos =
        position_from_fen(cl, "4k3/8/8/1r6/8/8/4T3/K7 b 0 iiii - 00000000000000000000").unwrap();
    assert!(!legal::in_check(cl, &pos));
    let mut pos_w = pos.with_turn(Color::White);
    assert!(notation::parse_move(cl, &mut pos_w, "Txb5").is_err());
}
