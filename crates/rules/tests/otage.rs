//! Otage: Paco Sako's engine with hostages. Perft from the fixture, the
//! holder letters of the FEN, who may move a union, and the king taken
//! hostage.

mod common;

use fenpress_rules::validate::Problem;
use fenpress_rules::{
    fen, legal, notation, registry, validate, MoveList, Outcome, Position, Rules,
};

fn otage() -> &'static dyn Rules {
    registry::rules("Otage").unwrap()
}

fn pos(text: &str) -> Position {
    validate::position_from_fen(otage(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(pos: &mut Position, moves: &[&str]) {
    for m in moves {
        let mv = notation::parse_move(otage(), pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        otage().play(pos, &mv);
    }
}

fn legal(pos: &mut Position) -> Vec<String> {
    let mut moves = MoveList::new();
    legal::legal_moves(otage(), pos, &mut moves);
    moves
        .iter()
        .map(|m| notation::san(otage(), pos, m))
        .collect()
}

#[test]
fn perft_equals_vchess() {
    common::perft_fixture(otage(), include_str!("fixtures/perft-otage.txt"));
}

#[test]
fn start_fen_has_no_union_move_field() {
    let r = otage();
    assert_eq!(r.name(), "Otage");
    assert_eq!(fen::vchess_fen(r, &r.start_position()), r.start_fen());
    assert!(r.start_fen().ends_with("1111111111111111 -"));
}

#[test]
fn a_capture_takes_a_hostage_written_with_its_holder() {
    let mut p = pos("4k3/8/8/3p4/8/4N3/8/4K3 w 0 iiii1111111111111111 -");
    play(&mut p, &["Nxd5"]);
    // d = pawn and knight; `a`: Black's piece (the pawn) first, White holds.
    // vchess writes the same: the union's letter, then its code.
    let text = fen::vchess_fen(otage(), &p);
    assert_eq!(text, "4k3/8/8/3dv4/8/8/8/4K3 b 1 iiii1111111111111111 -");
    assert_eq!(pos(&text), p, "the FEN reads back as the position");
    // Black may not move the union: its pawn is White's hostage.
    let black = legal(&mut p);
    assert!(black.iter().all(|m| !m.starts_with('d')), "{black:?}");
    // White moves it as its knight, to empty squares only.
    play(&mut p, &["Ke7"]);
    let white = legal(&mut p);
    assert!(white.contains(&"Nb4".to_string()), "{white:?}");
}

#[test]
fn freeing_a_hostage_by_taking_its_captor_turns_the_union() {
    // White's rook on d5 holds a black pawn (`cv`: Black's pawn first,
    // White holds); the black knight on f6 enters the union: the rook is
    // now Black's hostage and the freed pawn moves on at once (a chain).
    let mut p = pos("4k3/8/5n2/3cv4/8/8/8/4K3 b 1 iiii1111111111111111 -");
    play(&mut p, &["Nxd5"]);
    let text = fen::vchess_fen(otage(), &p);
    assert!(text.starts_with("4k3/8/8/3ib4/"), "{text}");
    let chain = legal(&mut p);
    assert!(
        chain.iter().all(|m| m.contains('4')),
        "the freed pawn moves: {chain:?}"
    );
}

#[test]
fn the_king_captures_and_a_king_held_hostage_loses() {
    // The king takes: it holds the pawn and goes on playing.
    let mut p = pos("4k3/8/8/8/8/8/3p4/4K3 w 0 iiii1111111111111111 -");
    play(&mut p, &["Kxd2"]);
    assert_eq!(legal::outcome(otage(), &mut p), None);
    // A king taken is a hostage: its side has lost.
    let mut p = pos("4k3/8/8/8/8/8/3q4/4K3 b 1 iiii1111111111111111 -");
    play(&mut p, &["Qxe1"]);
    assert!(matches!(
        legal::outcome(otage(), &mut p),
        Some(Outcome::VariantWin {
            winner: fenpress_rules::Color::Black,
            ..
        })
    ));
}

#[test]
fn a_union_without_its_holder_is_refused_with_the_reason() {
    let setup = fen::parse("4k3/8/8/3d4/8/8/8/4K3 w 0 iiii1111111111111111 -").unwrap();
    let problems = validate::validate(otage(), &setup).unwrap_err();
    assert!(
        problems.iter().any(
            |p| matches!(p, Problem::HolderMissing { letter: 'd', square, .. } if square == "d5")
        ),
        "{problems:?}"
    );
    let setup = fen::parse("4k3/8/8/3dx4/8/8/8/4K3 w 0 iiii1111111111111111 -").unwrap();
    let problems = validate::validate(otage(), &setup).unwrap_err();
    assert!(
        problems
            .iter()
            .any(|p| matches!(p, Problem::UnknownLetter { letter: 'x', .. })),
        "{problems:?}"
    );
}
