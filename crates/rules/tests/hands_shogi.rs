//! Shogi, Minishogi, Dobutsu: perft against vchess (and the public suites),
//! drop restrictions with their reasons, promotion and demotion.

mod common;

use fenpress_rules::{
    fen, legal,
    notation::{self},
    registry,
    validate::position_from_fen,
    Color, Kind, MoveList,
};

#[test]
fn perft_shogi() {
    common::perft_variant("shogi", include_str!("fixtures/perft-shogi.txt"));
}

#[test]
fn perft_minishogi() {
    common::perft_variant("minishogi", include_str!("fixtures/perft-minishogi.txt"));
}

#[test]
fn perft_dobutsu() {
    common::perft_variant("dobutsu", include_str!("fixtures/perft-dobutsu.txt"));
}

fn refusal(variant: &str, fen: &str, text: &str) -> String {
    let rules = registry::rules(variant).unwrap();
    let mut pos = position_from_fen(rules, fen).unwrap();
    notation::parse_move(rules, &mut pos, text)
        .unwrap_err()
        .to_string()
}

#[test]
fn drops_are_refused_with_the_rule_that_forbids_them() {
    let nifu = "4k4/9/9/9/9/9/4P4/9/4K4 w 0 10000100000000";
    assert_eq!(
        refusal("shogi", nifu, "P@e5"),
        "P@e5 is illegal: a pawn may not be dropped on a file that has one (nifu)"
    );
    assert_eq!(
        refusal("shogi", nifu, "N@a8"),
        "N@a8 is illegal: a knight may not be dropped on the last 2 ranks"
    );
    assert_eq!(
        refusal("shogi", nifu, "P@a9"),
        "P@a9 is illegal: a pawn may not be dropped on the last rank"
    );
    assert_eq!(
        refusal("shogi", nifu, "L@a5"),
        "L@a5 is illegal: no lance in hand"
    );
    let mate = "3lkl3/9/4G4/9/9/9/9/9/4K4 w 0 10000000000000";
    assert_eq!(
        refusal("shogi", mate, "P@e8"),
        "P@e8 is illegal: a pawn drop may not give checkmate"
    );
    // The same drop is fine when the king can take the pawn.
    let shogi = registry::rules("shogi").unwrap();
    let mut pos = position_from_fen(shogi, "3lkl3/9/9/9/9/9/9/9/4K4 w 0 10000000000000").unwrap();
    let mv = notation::parse_move(shogi, &mut pos, "P@e8").unwrap();
    assert_eq!(notation::san(shogi, &mut pos, &mv), "P@e8+");
}

#[test]
fn promotion_is_optional_in_the_zone_and_forced_where_the_piece_would_be_stuck() {
    let shogi = registry::rules("shogi").unwrap();
    let mut pos = position_from_fen(shogi, "4k4/9/P8/9/9/9/9/1S7/4K4 w 0 00000000000000").unwrap();
    let mut moves = MoveList::new();
    legal::legal_moves(shogi, &mut pos, &mut moves);
    let to = |sq: &str| shogi.geometry().parse_square(sq).unwrap();
    let pawn: Vec<_> = moves.iter().filter(|m| m.intent.to == to("a8")).collect();
    assert_eq!(
        pawn.len(),
        2,
        "a pawn arriving on rank 8 may promote or not"
    );
    let mut pos = position_from_fen(shogi, "4k4/P8/9/9/9/9/9/9/4K4 w 0 00000000000000").unwrap();
    legal::legal_moves(shogi, &mut pos, &mut moves);
    let last: Vec<_> = moves.iter().filter(|m| m.intent.to == to("a9")).collect();
    assert_eq!(last.len(), 1);
    assert_eq!(last[0].intent.promotion, Some(Kind(b'q')));
}

#[test]
fn a_captured_promoted_piece_goes_to_hand_unpromoted_and_fen_round_trips() {
    let shogi = registry::rules("shogi").unwrap();
    let text = "4k4/9/9/9/4d4/4R4/9/9/4K4 w 0 00000000000000";
    let mut pos = position_from_fen(shogi, text).unwrap();
    assert_eq!(fen::vchess_fen(shogi, &pos), text);
    let mv = notation::parse_move(shogi, &mut pos, "Rxe5").unwrap();
    let before = pos.clone();
    let undo = shogi.play(&mut pos, &mv);
    assert_eq!(pos.state.hands.count(Color::White, Kind::ROOK), 1);
    assert!(fen::vchess_fen(shogi, &pos).ends_with(" b 1 01000000000000"));
    assert!(fen::standard_fen(shogi, &pos).contains("[R]"));
    shogi.unplay(&mut pos, &mv, undo);
    assert_eq!(pos, before);
    // Standard FEN's `+R` is the dragon.
    let std = position_from_fen(shogi, "4k4/9/9/9/4+r4/4R4/9/9/4K4[] w - - 0 1").unwrap();
    assert_eq!(std.board, before.board);
}

#[test]
fn dobutsu_ends_when_a_lion_is_taken_or_reaches_the_far_rank() {
    let dobutsu = registry::rules("dobutsu").unwrap();
    // The white lion on b3 steps to b4: a try, the game is over.
    let mut pos = position_from_fen(dobutsu, "g1e/1K1/2k/E2 w 0 000000").unwrap();
    let mv = notation::parse_move(dobutsu, &mut pos, "Kb4").unwrap();
    dobutsu.play(&mut pos, &mv);
    assert!(legal::outcome(dobutsu, &mut pos).is_some_and(|o| o.winner() == Some(Color::White)));
    // The start FEN vchess writes has 8 digits; fenpress writes 6.
    let start = position_from_fen(dobutsu, "gke/1p1/1P1/EKG w 0 00000000").unwrap();
    assert_eq!(
        fen::vchess_fen(dobutsu, &start),
        "gke/1p1/1P1/EKG w 0 000000"
    );
}
