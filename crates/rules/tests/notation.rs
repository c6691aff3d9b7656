//! Notation: SAN-like and coordinate forms, and the three kinds of error.

use fenpress_rules::notation::{
    self, coordinate, parse_move, san, IllegalReason, MoveError, SyntaxError,
};
use fenpress_rules::validate::position_from_fen;
use fenpress_rules::{registry, Position, Rules};

fn chess() -> &'static dyn Rules {
    registry::rules("chess").unwrap()
}

fn pos(fen: &str) -> Position {
    position_from_fen(chess(), fen).unwrap()
}

fn coord(p: &mut Position, text: &str) -> String {
    match parse_move(chess(), p, text) {
        Ok(mv) => coordinate(chess(), &mv),
        Err(e) => panic!("{text}: {e}"),
    }
}

/// The SAN that `text`, read as a move, is written back as.
fn san_of(p: &mut Position, text: &str) -> String {
    let mv = parse_move(chess(), p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    san(chess(), p, &mv)
}

#[test]
fn san_forms() {
    let mut p = chess().start_position();
    assert_eq!(coord(&mut p, "Nf3"), "g1f3");
    assert_eq!(coord(&mut p, "Ng1f3"), "g1f3");
    assert_eq!(coord(&mut p, "Ng1-f3"), "g1f3");
    assert_eq!(coord(&mut p, "e4!?"), "e2e4");
    assert_eq!(coord(&mut p, "e2e4"), "e2e4");
    assert_eq!(coord(&mut p, "e2-e4"), "e2e4");
    let mut p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    assert_eq!(coord(&mut p, "exd5"), "e4d5");
    assert_eq!(coord(&mut p, "ed5"), "e4d5");
    let mut p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(coord(&mut p, "b8=Q+"), "b7b8q");
    assert_eq!(coord(&mut p, "b8N"), "b7b8n");
    assert_eq!(coord(&mut p, "b7b8r"), "b7b8r");
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(coord(&mut p, "O-O"), "e1g1");
    assert_eq!(coord(&mut p, "0-0-0"), "e1c1");
    assert_eq!(coord(&mut p, "e1h1"), "e1g1"); // king takes own rook
}

#[test]
fn disambiguation_both_ways() {
    let mut p = pos("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1");
    assert_eq!(coord(&mut p, "Qh4e1"), "h4e1");
    assert_eq!(san_of(&mut p, "Qh4e1"), "Qh4e1");
    let mut p = pos("7k/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(coord(&mut p, "R1a3"), "a1a3");
    assert_eq!(san_of(&mut p, "R1a3"), "R1a3");
    let mut p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(san_of(&mut p, "Nbd2"), "Nbd2");
}

#[test]
fn errors_are_three_kinds() {
    let mut p = chess().start_position();
    assert!(matches!(
        parse_move(chess(), &mut p, "xyz"),
        Err(MoveError::Syntax(SyntaxError::NoDestination { .. }))
    ));
    assert!(matches!(
        parse_move(chess(), &mut p, ""),
        Err(MoveError::Syntax(SyntaxError::Empty(_)))
    ));
    match parse_move(chess(), &mut p, "Nd4") {
        Err(MoveError::Illegal(e)) => {
            assert_eq!(e.reason, IllegalReason::NoPieceCanGo);
            assert_eq!(e.to_string(), "Nd4 is illegal: no piece can go there");
        }
        other => panic!("{other:?}"),
    }
    let mut p = pos("4k3/8/8/5r2/8/8/3N4/4K3 w - - 0 1");
    let err = parse_move(chess(), &mut p, "Kf2").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Kf2 is illegal: f2 is attacked by the rook on f5"
    );
    let mut p = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    let err = parse_move(chess(), &mut p, "Nc3").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Nc3 is illegal: it would leave the king in check, attacked by the rook on e7"
    );
    let mut p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    match parse_move(chess(), &mut p, "Nd2") {
        Err(MoveError::Ambiguous { candidates, .. }) => assert_eq!(candidates, vec!["b1", "f3"]),
        other => panic!("{other:?}"),
    }
    let mut p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(
        parse_move(chess(), &mut p, "b7b8"),
        Err(MoveError::Ambiguous { .. })
    ));
}

#[test]
fn check_and_mate_suffixes() {
    let mut p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(san_of(&mut p, "Ra8"), "Ra8#");
    let mut p = pos("6k1/8/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(san_of(&mut p, "Ra8"), "Ra8+");
}

#[test]
fn orda_letters_and_names() {
    let orda = registry::rules("orda").unwrap();
    let mut p =
        position_from_fen(orda, "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR b 1 ah -").unwrap();
    let mv = parse_move(orda, &mut p, "Lb6").unwrap_err();
    assert!(
        matches!(mv, MoveError::Illegal(_)),
        "pawns stand on b6: {mv}"
    );
    let mv = parse_move(orda, &mut p, "Hc7").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(coordinate(orda, &mv), "b8c7");
    let mut p = position_from_fen(orda, "4k3/8/8/8/8/8/8/l3K3 w 0 - -").unwrap();
    // The lancer on a1 captures as a rook along the first rank.
    let err = parse_move(orda, &mut p, "Kd1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Kd1 is illegal: d1 is attacked by the lancer on a1"
    );
    assert_eq!(
        notation::parse("Hxe5=H").unwrap().promotion,
        Some(fenpress_rules::Kind(b'h'))
    );
}
