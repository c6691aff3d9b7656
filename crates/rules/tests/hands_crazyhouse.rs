//! Crazyhouse: perft against vchess and the public suites, drops in
//! notation (read, written, refused with reasons), hands in FEN.

mod common;

use fenpress_rules::{
    fen, legal,
    notation::{self, MoveError},
    registry,
    validate::{position_from_fen, PositionError, Problem},
    Color, Kind,
};

#[test]
fn perft_crazyhouse() {
    common::perft_variant("crazyhouse", include_str!("fixtures/perft-crazyhouse.txt"));
}

#[test]
fn vchess_fen_round_trips_with_reserve() {
    let zh = registry::rules("crazyhouse").unwrap();
    let start = zh.start_position();
    // The start FEN is vchess's, with its stray `-` (fenpress writes none).
    assert_eq!(format!("{} -", fen::vchess_fen(zh, &start)), zh.start_fen());
    let text = "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R b 1 ahah - 1010001100";
    let pos = position_from_fen(zh, text).unwrap();
    assert_eq!(pos.state.hands.count(Color::White, Kind::PAWN), 1);
    assert_eq!(pos.state.hands.count(Color::Black, Kind::ROOK), 1);
    assert_eq!(fen::vchess_fen(zh, &pos), text);
    assert!(fen::standard_fen(zh, &pos)
        .starts_with("r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[NPrn] b KQkq"));
}

#[test]
fn standard_hand_forms_and_promoted_marks() {
    let zh = registry::rules("crazyhouse").unwrap();
    let a = position_from_fen(zh, "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1").unwrap();
    let b = position_from_fen(zh, "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1").unwrap();
    assert_eq!(a, b);
    let p = position_from_fen(zh, "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1").unwrap();
    assert!(fen::standard_fen(zh, &p).starts_with("4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b"));
    assert!(fen::vchess_fen(zh, &p).starts_with("4k3/1T6/"));
}

#[test]
fn hands_are_validated() {
    let zh = registry::rules("crazyhouse").unwrap();
    let err = position_from_fen(zh, "2k5/8/8/8/8/8/8/4K3[Kz] w - -").unwrap_err();
    let PositionError::Invalid(problems) = err else {
        panic!("expected problems")
    };
    assert_eq!(
        problems
            .iter()
            .filter(|p| matches!(p, Problem::HandPiece { .. }))
            .count(),
        2
    );
    assert!(position_from_fen(zh, "2k5/8/8/8/8/8/8/4K3 w 0 iiii - 12345").is_err());
    // Chess has no hands.
    let chess = registry::rules("chess").unwrap();
    assert!(position_from_fen(chess, "2k5/8/8/8/8/8/8/4K3[Q] w - -").is_err());
}

#[test]
fn a_capture_fills_the_hand_and_a_promoted_piece_returns_as_a_pawn() {
    let zh = registry::rules("crazyhouse").unwrap();
    let mut pos = position_from_fen(zh, "4k3/8/8/3t4/4P3/8/8/4K3 w 0 iiii - 0000000000").unwrap();
    let mv = notation::parse_move(zh, &mut pos, "exd5").unwrap();
    let before = pos.clone();
    let undo = zh.play(&mut pos, &mv);
    assert_eq!(pos.state.hands.count(Color::White, Kind::PAWN), 1);
    assert_eq!(pos.state.hands.count(Color::White, Kind::QUEEN), 0);
    let drop = notation::parse_move(zh, &mut pos.with_turn(Color::White), "P@e4").unwrap();
    assert_eq!(notation::coordinate(zh, &drop), "P@e4");
    zh.unplay(&mut pos, &mv, undo);
    assert_eq!(pos, before);
}

#[test]
fn drops_are_read_written_and_refused_with_reasons() {
    let zh = registry::rules("crazyhouse").unwrap();
    let mut pos = position_from_fen(zh, "4k3/8/8/8/8/8/8/4K3 w 0 iiii - 1000100000").unwrap();
    let q = notation::parse_move(zh, &mut pos, "Q@e7").unwrap();
    assert_eq!(notation::san(zh, &mut pos, &q), "Q@e7+");
    let p = notation::parse_move(zh, &mut pos, "@e4").unwrap();
    assert_eq!(notation::san(zh, &mut pos, &p), "P@e4");
    let err = notation::parse_move(zh, &mut pos, "N@f3").unwrap_err();
    assert_eq!(err.to_string(), "N@f3 is illegal: no knight in hand");
    let err = notation::parse_move(zh, &mut pos, "P@e8").unwrap_err();
    assert_eq!(
        err.to_string(),
        "P@e8 is illegal: a pawn may not be dropped on the last rank"
    );
    let err = notation::parse_move(zh, &mut pos, "P@e1").unwrap_err();
    assert!(matches!(err, MoveError::Illegal(_)));
    // A plain `e4` is not the drop.
    assert!(notation::parse_move(zh, &mut pos, "e4").is_err());
    let mut moves = Vec::new();
    legal::legal_moves(zh, &mut pos, &mut moves);
    assert_eq!(moves.iter().filter(|m| m.is_drop()).count(), 48 + 62);
}
