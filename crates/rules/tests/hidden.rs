//! Variants whose position is partly hidden from a player (Stealthbomb1,
//! Stealthbomb2, Hiddenqueen, Hidden, Dark) or left to chance (Dice): the
//! hidden part, or the roll, is part of the position, as the page's author
//! knows it. Perft from the fixtures, counted one ply per move as
//! vchess does, and the pages' positions.

mod common;

use fenpress_rules::{
    fen, legal, notation, registry, validate, Color, MoveList, Outcome, Position, Rules,
};

fn rules(name: &str) -> &'static dyn Rules {
    registry::rules(name).unwrap()
}

fn at(name: &str, text: &str) -> Position {
    validate::position_from_fen(rules(name), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal_coords(name: &str, pos: &mut Position) -> Vec<String> {
    let r = rules(name);
    let mut list = MoveList::new();
    legal::legal_moves(r, pos, &mut list);
    list.iter().map(|m| notation::coordinate(r, m)).collect()
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

#[test]
fn perft_stealthbomb1() {
    common::perft_fixture(
        rules("Stealthbomb1"),
        include_str!("fixtures/perft-stealthbomb1.txt"),
    );
}

#[test]
fn perft_stealthbomb2() {
    common::perft_fixture(
        rules("Stealthbomb2"),
        include_str!("fixtures/perft-stealthbomb2.txt"),
    );
}

#[test]
fn stealthbomb_page_detonation_beats_checkmate() {
    // "Not checkmate: explosion on c2 follows." Black is mated but for the
    // bomb on c2, whose explosion takes White's king on d1.
    let name = "Stealthbomb1";
    let mut pos = at(
        name,
        "r1bqk1nr/pppp1Qpp/8/2b1p3/2B1S3/2N5/PPoP1PPP/R1BK2NR b 3 ahai -",
    );
    assert_eq!(legal_coords(name, &mut pos), vec!["c2e8".to_string()]);
    play(name, &mut pos, &["c2e8"]);
    assert_eq!(
        fen::board_fen(rules(name), &pos),
        "r1bqk1nr/pppp1Qpp/8/2b1p3/2B1S3/8/P4PPP/R5NR"
    );
    assert_eq!(
        legal::outcome(rules(name), &mut pos),
        Some(Outcome::VariantWin {
            winner: Color::Black,
            reason: "king blown up"
        })
    );
}

#[test]
fn stealthbomb_loadings_come_first_and_keep_castling() {
    let name = "Stealthbomb1";
    let mut pos = at(name, rules(name).start_fen());
    // Any piece of the first two ranks but the king: 15.
    let loads = legal_coords(name, &mut pos);
    assert_eq!(loads.len(), 15);
    assert!(!loads.contains(&"e1e1".to_string()));
    play(name, &mut pos, &["h1h1", "d7d7"]);
    assert_eq!(
        fen::vchess_fen(rules(name), &pos),
        "rnbqkbnr/pppspppp/8/8/8/8/PPPPPPPP/RNBQKBNU w 2 ahah -"
    );
    // Stealthbomb2 loads a pawn of the second rank only.
    let mut pos = at("Stealthbomb2", rules("Stealthbomb2").start_fen());
    assert_eq!(legal_coords("Stealthbomb2", &mut pos).len(), 8);
}

#[test]
fn stealthbomb_own_king_may_not_be_blown_up() {
    // The loaded knight on d2 stands by White's king.
    let name = "Stealthbomb1";
    let mut pos = at(name, "4k3/8/8/8/8/8/3O4/4K3 w 4 iiii -");
    let moves = legal_coords(name, &mut pos);
    assert!(moves.iter().all(|m| !m.starts_with("d2e1")), "{moves:?}");
    assert!(moves.contains(&"d2f3".to_string()));
}

#[test]
fn stealthbomb_loaded_pawn_double_step_may_be_taken_en_passant() {
    let name = "Stealthbomb1";
    let mut pos = at(name, "4k3/3s4/8/4P3/8/8/8/4K3 b 3 iiii -");
    play(name, &mut pos, &["d7d5"]);
    assert_eq!(
        fen::vchess_fen(rules(name), &pos),
        "4k3/8/8/3sP3/8/8/8/4K3 w 4 iiii d6"
    );
    play(name, &mut pos, &["e5d6"]);
    assert_eq!(fen::board_fen(rules(name), &pos), "4k3/8/3P4/8/8/8/8/4K3");
}

#[test]
fn perft_hiddenqueen() {
    common::perft_fixture(
        rules("Hiddenqueen"),
        include_str!("fixtures/perft-hiddenqueen.txt"),
    );
}

#[test]
fn hiddenqueen_page_queen_takes_the_king_and_wins() {
    // "If the black hidden queen is on e7 then they can play 2...Qxe1,
    // revealing her identity and winning at the same time."
    let name = "Hiddenqueen";
    let mut pos = at(
        name,
        "rnbqkbnr/ppp1tppp/8/3P4/8/8/TPPP1PPP/RNBQKBNR b 3 ahah -",
    );
    play(name, &mut pos, &["e7e1"]);
    assert_eq!(
        fen::board_fen(rules(name), &pos),
        "rnbqkbnr/ppp2ppp/8/3P4/8/8/TPPP1PPP/RNBQqBNR"
    );
    assert_eq!(
        legal::outcome(rules(name), &mut pos),
        Some(Outcome::VariantWin {
            winner: Color::Black,
            reason: "king captured"
        })
    );
}

#[test]
fn hiddenqueen_gives_no_check_but_attacks_as_a_pawn() {
    let name = "Hiddenqueen";
    // The king may stand on the hidden queen's file (she is a pawn to
    // White), but not where a pawn on d5 would take.
    let mut pos = at(name, "4k3/8/8/3t4/8/8/8/3K4 w 10 iiii -");
    let moves = legal_coords(name, &mut pos);
    assert!(moves.contains(&"d1d2".to_string()), "{moves:?}");
    let mut pos = at(name, "4k3/8/8/3t4/8/3K4/8/8 w 10 iiii -");
    let moves = legal_coords(name, &mut pos);
    assert!(!moves.contains(&"d3c4".to_string()), "{moves:?}");
    assert!(moves.contains(&"d3d4".to_string()), "{moves:?}");
}

#[test]
fn hiddenqueen_moving_as_a_pawn_stays_hidden_as_a_queen_is_revealed() {
    let name = "Hiddenqueen";
    let mut pos = at(name, "4k3/8/8/8/8/8/3T4/4K3 w 10 iiii -");
    play(name, &mut pos, &["d2d4"]);
    assert_eq!(
        fen::vchess_fen(rules(name), &pos),
        "4k3/8/8/8/3T4/8/8/4K3 b 11 iiii d3"
    );
    let mut pos = at(name, "4k3/8/8/8/8/8/3T4/4K3 w 10 iiii -");
    play(name, &mut pos, &["d2a5"]);
    assert_eq!(fen::board_fen(rules(name), &pos), "4k3/8/8/Q7/8/8/8/4K3");
    // Promotion as a pawn: a queen, the only choice.
    let mut pos = at(name, "4k3/2T5/8/8/8/8/8/4K3 w 10 iiii -");
    let promotions: Vec<String> = legal_coords(name, &mut pos)
        .into_iter()
        .filter(|m| m.starts_with("c7c8"))
        .collect();
    assert_eq!(promotions, vec!["c7c8q".to_string()]);
}

#[test]
fn hiddenqueen_starts_are_every_placement_of_the_hidden_queens() {
    let r = rules("Hiddenqueen");
    let starts = r.dealt_starts();
    assert_eq!(starts.len(), 64);
    let usual = at("Hiddenqueen", r.start_fen());
    assert!(starts.iter().any(|p| p.board == usual.board));
}

#[test]
fn perft_hidden() {
    common::perft_fixture(rules("Hidden"), include_str!("fixtures/perft-hidden.txt"));
}

#[test]
fn hidden_piece_is_revealed_by_its_capture_only() {
    let name = "Hidden";
    // The hidden queen on d5 moves and stays hidden; she takes and is
    // revealed. A hidden pawn's promotion is a hidden piece.
    let mut pos = at(name, "4l3/1S6/8/3t4/2P5/8/8/4K3 b 10");
    play(name, &mut pos, &["d5d8"]);
    assert_eq!(
        fen::board_fen(rules(name), &pos),
        "3tl3/1S6/8/8/2P5/8/8/4K3"
    );
    let mut pos = at(name, "4l3/1S6/8/3t4/2P5/8/8/4K3 b 10");
    play(name, &mut pos, &["d5c4"]);
    assert_eq!(fen::board_fen(rules(name), &pos), "4l3/1S6/8/8/2q5/8/8/4K3");
    let mut pos = at(name, "4l3/1S6/8/3t4/2P5/8/8/4K3 w 10");
    play(name, &mut pos, &["b7b8q"]);
    assert_eq!(
        fen::board_fen(rules(name), &pos),
        "1T2l3/8/8/3t4/2P5/8/8/4K3"
    );
}

#[test]
fn hidden_king_may_be_left_attacked_and_taken() {
    let name = "Hidden";
    let mut pos = at(name, "4l3/8/8/8/8/8/8/R3K3 b 10");
    // No check: the king may stay on the rook's line, or step onto it.
    let moves = legal_coords(name, &mut pos);
    assert!(moves.contains(&"e8d8".to_string()), "{moves:?}");
    play(name, &mut pos, &["e8e7", "a1a7", "e7d8", "a7a8"]);
    play(name, &mut pos, &["d8c8", "a8c8"]);
    assert_eq!(
        legal::outcome(rules(name), &mut pos),
        Some(Outcome::VariantWin {
            winner: Color::White,
            reason: "king captured"
        })
    );
}

#[test]
fn perft_dark() {
    common::perft_fixture(rules("Dark"), include_str!("fixtures/perft-dark.txt"));
}

#[test]
fn dark_page_fog_after_e4_d5() {
    // "After 1.e4 d5 white sees a black pawn on d5, the squares e5, f5,
    // h5, b5, a6 and all four first ranks": the page's shadow is
    // `8,7,b6-h6,a5,c5,g5`.
    let name = "Dark";
    let r = rules(name);
    let mut pos = at(name, r.start_fen());
    play(name, &mut pos, &["e2e4", "d7d5"]);
    let seen = r.visible_squares(&pos, Color::White).unwrap();
    let g = r.geometry();
    let mut hidden: Vec<String> = g
        .squares()
        .filter(|sq| !seen.contains(*sq))
        .map(|sq| g.square_name(sq))
        .collect();
    hidden.sort();
    let mut expected: Vec<String> = ["a5", "c5", "g5"]
        .iter()
        .map(|s| s.to_string())
        .chain("bcdefgh".chars().map(|f| format!("{f}6")))
        .chain(
            "abcdefgh"
                .chars()
                .flat_map(|f| [format!("{f}7"), format!("{f}8")]),
        )
        .collect();
    expected.sort();
    assert_eq!(hidden, expected);
}

#[test]
fn dark_king_may_stand_attacked_and_be_taken() {
    let name = "Dark";
    let mut pos = at(name, "4k3/8/8/8/8/8/3q4/4K3 w 10 iiii -");
    let moves = legal_coords(name, &mut pos);
    assert!(moves.contains(&"e1f1".to_string()), "{moves:?}");
    play(name, &mut pos, &["e1e2", "d2e2"]);
    assert_eq!(
        legal::outcome(rules(name), &mut pos),
        Some(Outcome::VariantWin {
            winner: Color::Black,
            reason: "king captured"
        })
    );
}

#[test]
fn perft_dice() {
    common::perft_fixture(rules("Dice"), include_str!("fixtures/perft-dice.txt"));
}

#[test]
fn dice_roll_is_the_fens_last_field_and_each_move_brings_one() {
    let name = "Dice";
    let r = rules(name);
    // A knight's roll: the knight moves, or the pawn promotes into one.
    let mut pos = at(name, "2r1k3/1P6/8/8/8/8/6p1/4K2N w 5 iiii - n");
    let moves = legal_coords(name, &mut pos);
    assert!(
        moves
            .iter()
            .all(|m| m.starts_with("h1") || m.starts_with("b7")),
        "{moves:?}"
    );
    assert!(moves.iter().any(|m| m.starts_with("b7b8n/")), "{moves:?}");
    // Each move once per roll, named by it: Black's king, rook and pawn
    // can move.
    let mut rolls: Vec<&String> = moves.iter().filter(|m| m.starts_with("h1f2/")).collect();
    rolls.sort();
    assert_eq!(rolls, ["h1f2/K", "h1f2/P", "h1f2/R"]);
    play(name, &mut pos, &["h1f2/R"]);
    assert_eq!(
        fen::vchess_fen(r, &pos),
        "2r1k3/1P6/8/8/8/8/5Np1/4K3 b 6 iiii - r"
    );
    // A rook's roll: the rook moves, or the g2 pawn promotes into one.
    let moves = legal_coords(name, &mut pos);
    assert!(
        moves
            .iter()
            .all(|m| m.starts_with("c8") || m.starts_with("g2g1r/")),
        "{moves:?}"
    );
    assert!(moves.iter().any(|m| m.starts_with("g2g1r/")));
}
