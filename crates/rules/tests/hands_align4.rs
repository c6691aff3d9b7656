//! Align4: perft (the vchess oracle's counts), the page's diagram (Black
//! threatens @e7, four pawns in a line), the endless supply of pawns and
//! the vchess FEN, whose flags are White's alone.

mod common;

use fenpress_rules::{fen, legal, notation, registry, validate::position_from_fen, Color, Outcome};

#[test]
fn perft_align4() {
    common::perft_variant("align4", include_str!("fixtures/perft-align4.txt"));
}

#[test]
fn the_pages_drop_on_e7_lines_up_four_pawns() {
    let a4 = registry::rules("Align4").unwrap();
    let mut pos =
        position_from_fen(a4, "4k3/2pp1p2/4p3/7Q/2BPP3/8/PPP2PPP/RNB1K1NR b 10 ah -").unwrap();
    assert_eq!(legal::outcome(a4, &mut pos), None);
    let mv = notation::parse_move(a4, &mut pos, "@e7").unwrap();
    a4.play(&mut pos, &mv);
    assert_eq!(
        legal::outcome(a4, &mut pos),
        Some(Outcome::VariantWin {
            winner: Color::Black,
            reason: "four pawns in a line"
        })
    );
    // The supply is endless: no hand to empty, nothing written for it.
    assert!(pos.state.hands.is_empty());
    assert_eq!(
        fen::vchess_fen(a4, &pos),
        "4k3/2pppp2/4p3/7Q/2BPP3/8/PPP2PPP/RNB1K1NR w 11 ah -"
    );
}

#[test]
fn only_black_drops_pawns_and_not_on_the_edge_ranks() {
    let a4 = registry::rules("Align4").unwrap();
    let mut pos = position_from_fen(a4, "4k3/8/8/8/8/8/8/4K3 b 20 ii -").unwrap();
    assert!(notation::parse_move(a4, &mut pos, "@a2").is_ok());
    assert!(notation::parse_move(a4, &mut pos, "@a1").is_err());
    assert!(notation::parse_move(a4, &mut pos, "@a8").is_err());
    assert!(notation::parse_move(a4, &mut pos.with_turn(Color::White), "@a2").is_err());
    let mut moves = Vec::new();
    legal::legal_moves(a4, &mut pos, &mut moves);
    // Five king steps, 6 ranks of 8 squares.
    assert_eq!(moves.len(), 5 + 48);
}

#[test]
fn a_promoted_piece_does_not_make_the_line() {
    // Deviation align4-pawns-only: vchess counts the knight on g5.
    let a4 = registry::rules("Align4").unwrap();
    let mut pos = position_from_fen(a4, "4k3/8/8/3pppn1/8/8/8/K7 w 20 ii -").unwrap();
    assert_eq!(legal::outcome(a4, &mut pos), None);
    let mut pos = position_from_fen(a4, "4k3/8/8/3pppp1/8/8/8/K7 w 20 ii -").unwrap();
    assert!(legal::outcome(a4, &mut pos).is_some());
}
