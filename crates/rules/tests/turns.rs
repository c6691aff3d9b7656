//! Variants whose turn is several moves (Doublemove1, Doublemove2,
//! Progressive1, Progressive2, Monster): perft from the fixtures, counted
//! one ply per move as vchess does, and the rules that end a turn early.

mod common;

use fenpress_rules::{
    fen, legal, notation, registry, validate, MoveList, Outcome, Position, Rules,
};

fn rules(name: &str) -> &'static dyn Rules {
    registry::rules(name).unwrap()
}

#[test]
fn perft_doublemove1() {
    common::perft_fixture(
        rules("Doublemove1"),
        include_str!("fixtures/perft-doublemove1.txt"),
    );
}

#[test]
fn perft_doublemove2() {
    common::perft_fixture(
        rules("Doublemove2"),
        include_str!("fixtures/perft-doublemove2.txt"),
    );
}

#[test]
fn perft_progressive1() {
    common::perft_fixture(
        rules("Progressive1"),
        include_str!("fixtures/perft-progressive1.txt"),
    );
}

#[test]
fn perft_progressive2() {
    common::perft_fixture(
        rules("Progressive2"),
        include_str!("fixtures/perft-progressive2.txt"),
    );
}

#[test]
fn perft_monster() {
    common::perft_fixture(rules("Monster"), include_str!("fixtures/perft-monster.txt"));
}

fn at(name: &str, text: &str) -> Position {
    validate::position_from_fen(rules(name), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays coordinate moves, each required legal.
fn play(name: &str, pos: &mut Position, moves: &[&str]) {
    let r = rules(name);
    for m in moves {
        let mut list = MoveList::new();
        legal::legal_moves(r, pos, &mut list);
        let mv = *list
            .iter()
            .find(|mv| notation::coordinate(r, mv) == *m)
            .unwrap_or_else(|| panic!("{m} is not legal in {}", fen::vchess_fen(r, pos)));
        r.play(pos, &mv);
    }
}

fn legal_coords(name: &str, pos: &mut Position) -> Vec<String> {
    let r = rules(name);
    let mut list = MoveList::new();
    legal::legal_moves(r, pos, &mut list);
    list.iter().map(|m| notation::coordinate(r, m)).collect()
}

#[test]
fn galvin_king_capture_ends_the_turn_and_the_game() {
    let mut pos = at("Doublemove2", "4k3/8/8/8/8/8/3q4/4K3 b 5 iiii -,-");
    play("Doublemove2", &mut pos, &["d2e1"]);
    assert_eq!(
        legal::outcome(rules("Doublemove2"), &mut pos),
        Some(Outcome::VariantWin {
            winner: fenpress_rules::Color::Black,
            reason: "king captured"
        })
    );
}

#[test]
fn en_passant_onto_a_piece_takes_the_piece_alone() {
    // White's turn: d2-d4, then the bishop lands on d3, the passed square.
    let mut pos = at("Doublemove1", "4k3/8/8/8/2p5/8/3P4/4KB2 w 5 iiii -,-");
    play("Doublemove1", &mut pos, &["d2d4", "f1d3"]);
    assert_eq!(
        fen::vchess_fen(rules("Doublemove1"), &pos),
        "4k3/8/8/8/2pP4/3B4/8/4K3 b 6 iiii d3,-"
    );
    play("Doublemove1", &mut pos, &["c4d3"]);
    assert!(fen::board_fen(rules("Doublemove1"), &pos).contains("3P4/3p4"));
}

#[test]
fn either_square_of_a_double_advance_turn_is_taken_first() {
    // White advanced e2-e4 and c2-c4: Black's first move takes either.
    let mut pos = at("Doublemove1", "4k3/8/8/8/2PpP3/8/8/4K3 b 6 iiii e3,c3");
    let moves = legal_coords("Doublemove1", &mut pos);
    assert!(moves.contains(&"d4e3".to_string()));
    assert!(moves.contains(&"d4c3".to_string()));
    // Past the turn's first move, neither.
    play("Doublemove1", &mut pos, &["e8e7"]);
    let moves = legal_coords("Doublemove1", &mut pos);
    assert!(!moves.iter().any(|m| m == "d4e3" || m == "d4c3"));
}

#[test]
fn progressive_turn_stops_at_check() {
    // The page's "Mate in 1": c3 Ne5 Qd3 Qf5 Qf7 is White's fifth turn.
    let mut pos = at(
        "Progressive1",
        "rnbqk2r/pppp2pp/4p3/8/1b1P4/4pN2/PPP1PPPP/RN1QKB1R w 4 ahah",
    );
    play(
        "Progressive1",
        &mut pos,
        &["c2c3", "f3e5", "d1d3", "d3f5", "f5f7"],
    );
    assert!(matches!(
        legal::outcome(rules("Progressive1"), &mut pos),
        Some(Outcome::Checkmate { .. })
    ));
}

#[test]
fn monster_white_king_does_not_castle_black_does() {
    let mut pos = at("Monster", "r3k2r/8/8/8/8/8/8/R3K2R w 2 ah -");
    let white = legal_coords("Monster", &mut pos);
    assert!(!white.iter().any(|m| m == "e1g1" || m == "e1c1"));
    play("Monster", &mut pos, &["a1a2", "a2a1"]);
    let black = legal_coords("Monster", &mut pos);
    assert!(
        black.iter().any(|m| m == "e8g8" || m == "e8h8"),
        "{black:?}"
    );
}

#[test]
fn a_second_en_passant_follows_a_first() {
    // White advanced e2-e4 and c2-c4; Black takes d4xe3 e.p., then b4xc3 e.p.
    let mut pos = at("Doublemove1", "4k3/8/8/8/1p1p4/8/2P1P3/4K3 w 5 iiii -,-");
    play("Doublemove1", &mut pos, &["e2e4", "c2c4", "d4e3"]);
    play("Doublemove1", &mut pos, &["b4c3"]);
    assert_eq!(
        fen::board_fen(rules("Doublemove1"), &pos),
        "4k3/8/8/8/8/2p1p3/8/4K3"
    );
}

#[test]
fn perft_refusal1() {
    common::perft_fixture(
        rules("Refusal1"),
        include_str!("fixtures/perft-refusal1.txt"),
    );
}

#[test]
fn perft_refusal2() {
    common::perft_fixture(
        rules("Refusal2"),
        include_str!("fixtures/perft-refusal2.txt"),
    );
}

#[test]
fn a_refused_move_is_replaced_and_the_last_move_is_written_as_vchess_does() {
    let r = rules("Refusal1");
    let mut pos = r.start_position();
    play("Refusal1", &mut pos, &["e2e4"]);
    assert_eq!(
        fen::vchess_fen(r, &pos),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 e3 {\"start\":{\"x\":6,\"y\":4},\"end\":{\"x\":4,\"y\":4},\"appear\":[{\"p\":\"p\",\"c\":\"w\",\"x\":4,\"y\":4}],\"vanish\":[{\"p\":\"p\",\"c\":\"w\",\"x\":6,\"y\":4}]}"
    );
    // Black refuses: the pawn goes back, and White may not play e4 again.
    play("Refusal1", &mut pos, &["e4e2"]);
    let text = fen::vchess_fen(r, &pos);
    assert!(text.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 2 - "));
    assert!(
        text.ends_with(",\"noRef\":true,\"refusal\":true}"),
        "{text}"
    );
    let white = legal_coords("Refusal1", &mut pos);
    assert!(!white.contains(&"e2e4".to_string()));
    assert!(white.contains(&"e2e3".to_string()));
    // The FEN reads back to the same position.
    let again = at("Refusal1", &text);
    assert_eq!(again, pos);
    // White's new move cannot be refused.
    play("Refusal1", &mut pos, &["d2d4"]);
    assert!(!legal_coords("Refusal1", &mut pos).contains(&"d4d2".to_string()));
}

#[test]
fn refusal2_only_move_must_be_accepted() {
    // Black's only move is Kh7: White may not refuse it (Refusal1 may).
    for (name, refusable) in [("Refusal1", true), ("Refusal2", false)] {
        let mut pos = at(name, "7k/8/8/6Q1/8/8/8/K7 b 10 - null");
        play(name, &mut pos, &["h8h7"]);
        assert_eq!(
            legal_coords(name, &mut pos).contains(&"h7h8".to_string()),
            refusable,
            "{name}"
        );
    }
}

#[test]
fn an_unreadable_last_move_is_refused_with_its_field_named() {
    let err = validate::position_from_fen(
        rules("Refusal1"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 2 - {\"start\":{\"x\":6",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("last move"), "{err}");
}

#[test]
fn perft_avalanche() {
    common::perft_fixture(
        rules("Avalanche"),
        include_str!("fixtures/perft-avalanche.txt"),
    );
}

#[test]
fn avalanche_push_to_the_last_rank_is_promoted_by_its_owner() {
    let r = rules("Avalanche");
    let mut pos = at("Avalanche", "4k3/8/8/8/8/8/6p1/4K3 w 6 iiii 0");
    // White's move, then its push of Black's pawn to g1.
    play("Avalanche", &mut pos, &["e1d1", "g2g1"]);
    assert_eq!(fen::vchess_fen(r, &pos), "4k3/8/8/8/8/8/8/3K2p1 b 7 iiii 7");
    let picks = legal_coords("Avalanche", &mut pos);
    assert_eq!(picks.len(), 4, "{picks:?}");
    // Black picks a knight, and its turn goes on with a move.
    let mut list = MoveList::new();
    legal::legal_moves(r, &mut pos, &mut list);
    let knight = *list
        .iter()
        .find(|m| m.intent.promotion == Some(fenpress_rules::Kind::KNIGHT))
        .unwrap();
    assert!(knight.intent.continues);
    r.play(&mut pos, &knight);
    assert_eq!(pos.turn(), fenpress_rules::Color::Black);
    assert_eq!(fen::board_fen(r, &pos), "4k3/8/8/8/8/8/8/3K2n1");
}

#[test]
fn avalanche_king_exposed_by_a_push_is_captured() {
    // The page: "White plays Nc3,f3 (bad idea). Then Black can capture the
    // king."
    let mut pos = at(
        "Avalanche",
        "rnbqkbnr/1pppp1pp/8/p7/P3Pp2/8/1PPPKPPP/RNBQ1BNR w 6 iiii 0",
    );
    play("Avalanche", &mut pos, &["b1c3", "f4f3", "f3e2"]);
    assert_eq!(
        legal::outcome(rules("Avalanche"), &mut pos),
        Some(Outcome::VariantWin {
            winner: fenpress_rules::Color::Black,
            reason: "king captured"
        })
    );
}

#[test]
fn perft_ambiguous() {
    common::perft_fixture(
        rules("Ambiguous"),
        include_str!("fixtures/perft-ambiguous.txt"),
    );
}

/// The page's pair: "White plays 1.Nf3" (a mark on f3); "Black executes
/// 1.f3 instead, then plays 1...d5" (a mark on d5, for White to execute).
#[test]
fn ambiguous_page_pair_is_a_mark_then_an_execution_and_a_mark() {
    let r = rules("Ambiguous");
    let mut pos = at("Ambiguous", r.start_fen());
    play("Ambiguous", &mut pos, &["g1f3"]);
    assert_eq!(
        fen::board_fen(r, &pos),
        "rnbqkbnr/pppppppp/8/8/8/5g2/PPPPPPPP/RNBQKBNR"
    );
    // Black executes White's move to f3: the pawn or the knight.
    let mut executions = legal_coords("Ambiguous", &mut pos);
    executions.sort();
    assert_eq!(executions, ["f2f3", "g1f3"]);
    play("Ambiguous", &mut pos, &["f2f3", "d7d5"]);
    assert_eq!(
        fen::vchess_fen(r, &pos),
        "rnbqkbnr/pppppppp/8/3G4/8/5P2/PPPPP1PP/RNBQKBNR w 2 -"
    );
    assert_eq!(legal_coords("Ambiguous", &mut pos), ["d7d5"]);
}

/// A mark named by an en-passant capture is the discus on the empty
/// square; the passed pawn stays until an execution takes it.
#[test]
fn ambiguous_en_passant_mark_is_a_discus() {
    let r = rules("Ambiguous");
    let mut pos = at("Ambiguous", r.start_fen());
    play(
        "Ambiguous",
        &mut pos,
        &[
            "c2c4", "c2c4", "f7f6", "f7f6", "c4c5", "c4c5", "d7d5", "d7d5",
        ],
    );
    assert_eq!(
        fen::vchess_fen(r, &pos),
        "rnbqkbnr/ppp1p1pp/5p2/2Pp4/8/8/PP1PPPPP/RNBQKBNR w 4 d6"
    );
    play("Ambiguous", &mut pos, &["c5d6"]);
    assert_eq!(
        fen::board_fen(r, &pos),
        "rnbqkbnr/ppp1p1pp/3g1p2/2Pp4/8/8/PP1PPPPP/RNBQKBNR"
    );
    // Black executes: the en-passant capture c5xd6 (White's pawn) or the
    // queen's d8-d6, e7-e6... only moves of White's pieces to d6.
    let executions = legal_coords("Ambiguous", &mut pos);
    assert_eq!(executions, ["c5d6"]);
    play("Ambiguous", &mut pos, &["c5d6"]);
    assert_eq!(
        fen::board_fen(r, &pos),
        "rnbqkbnr/ppp1p1pp/3P1p2/8/8/8/PP1PPPPP/RNBQKBNR"
    );
}

/// A mark on the king: the execution takes it and ends the game, with no
/// mark after it.
#[test]
fn ambiguous_king_taken_by_the_execution_ends_the_game() {
    let r = rules("Ambiguous");
    let mut pos = at("Ambiguous", "4k3/8/8/8/8/8/3r4/4K3 w 0 -");
    // White marks d1; Black executes Ke1-d1 and marks the king with
    // Rd2xd1; White must execute that capture.
    play("Ambiguous", &mut pos, &["e1d1", "e1d1", "d2d1"]);
    assert_eq!(fen::board_fen(r, &pos), "4k3/8/8/8/8/8/3r4/3L4");
    assert_eq!(legal::outcome(r, &mut pos), None);
    play("Ambiguous", &mut pos, &["d2d1"]);
    assert_eq!(
        legal::outcome(r, &mut pos),
        Some(Outcome::VariantWin {
            winner: fenpress_rules::Color::Black,
            reason: "king captured"
        })
    );
}

/// Two marks, or one in the colour of the side that does not execute, is
/// an error naming the square.
#[test]
fn ambiguous_stray_mark_is_an_error() {
    let r = rules("Ambiguous");
    let err = validate::position_from_fen(r, "4k3/8/8/3g4/8/8/8/4K3 w 1 -").unwrap_err();
    assert!(err.to_string().contains("d5"), "{err}");
}

#[test]
fn perft_swap() {
    common::perft_fixture(rules("Swap"), include_str!("fixtures/perft-swap.txt"));
}

#[test]
fn swap_page_pair_is_a_capture_then_a_swap_that_mates() {
    // "The queen first takes the g7 pawn, and then swaps its position with
    // the g8 knight: checkmate."
    let name = "Swap";
    let r = rules(name);
    let mut pos = at(
        name,
        "r1pqk1n1/pn1pppp1/2p5/8/8/2PPPK2/BP4Q1/N1R2P2 w 10 iiii - a8b8",
    );
    play(name, &mut pos, &["g2g7", "g7g8"]);
    assert_eq!(
        fen::vchess_fen(r, &pos),
        "r1pqk1Q1/pn1pppn1/2p5/8/8/2PPPK2/BP6/N1R2P2 b 11 iiii - g7g8"
    );
    assert_eq!(
        legal::outcome(r, &mut pos),
        Some(Outcome::Checkmate {
            winner: fenpress_rules::Color::White
        })
    );
}

#[test]
fn swap_that_no_swap_can_follow_loses() {
    let name = "Swap";
    let mut pos = at(name, "4k3/1P6/8/8/8/8/8/4K3 b 10 iiii - e2e1");
    play(name, &mut pos, &["e8f8"]);
    assert_eq!(
        legal::outcome(rules(name), &mut pos),
        Some(Outcome::VariantWin {
            winner: fenpress_rules::Color::White,
            reason: "no swap"
        })
    );
}
