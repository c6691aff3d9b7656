//! Pocketknight: perft (vchess with the knights spent, Fairy-Stockfish's
//! suite with them), the page's N@c7+, the knight flags in vchess FEN.

mod common;

use fenpress_rules::{fen, notation, registry, validate::position_from_fen, Color, Kind};

#[test]
fn perft_pocketknight() {
    common::perft_variant(
        "pocketknight",
        include_str!("fixtures/perft-pocketknight.txt"),
    );
}

#[test]
fn the_pocket_knight_drops_once_and_the_flags_say_so() {
    let pk = registry::rules("pocketknight").unwrap();
    let mut pos = position_from_fen(
        pk,
        "r1bqkbnr/pp1npppp/2p5/3p4/2PP1B2/8/PP2PPPP/RN1QKBNR w 4 ahah11 -",
    )
    .unwrap();
    let mv = notation::parse_move(pk, &mut pos, "N@c7").unwrap();
    assert_eq!(notation::san(pk, &mut pos, &mv), "N@c7+");
    pk.play(&mut pos, &mv);
    assert_eq!(pos.state.hands.count(Color::White, Kind::KNIGHT), 0);
    assert_eq!(
        fen::vchess_fen(pk, &pos),
        "r1bqkbnr/ppNnpppp/2p5/3p4/2PP1B2/8/PP2PPPP/RN1QKBNR b 5 ahah01 -"
    );
    let err = notation::parse_move(pk, &mut pos.with_turn(Color::White), "N@e4").unwrap_err();
    assert_eq!(err.to_string(), "N@e4 is illegal: no knight in hand");
    assert!(position_from_fen(pk, "4k3/8/8/8/8/8/8/4K3 w 0 iiii21 -").is_err());
}
