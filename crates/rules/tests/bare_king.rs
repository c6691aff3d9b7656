//! The definition format's `win: bare_king:` and `royal: count:` change
//! results and positions: Shatranj's bare king loses ("bare king counts as
//! a win, but two bare kings count as a draw"), unless it can bare the
//! other king on its next move; `bare_king: draw` draws; `count: 2` allows
//! at most two royal pieces a side.

use fenpress_rules::definition::parse_definition;
use fenpress_rules::variants::chesslike::ChessLike;
use fenpress_rules::{legal, registry, validate, Color, MoveList, Outcome, Rules};

fn outcome_of(rules: &dyn Rules, fen: &str) -> (Option<Outcome>, usize) {
    let mut pos =
        validate::position_from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    let mut moves = MoveList::new();
    legal::legal_moves(rules, &mut pos, &mut moves);
    (legal::outcome(rules, &mut pos), moves.len())
}

fn shatranj(fen: &str) -> (Option<Outcome>, usize) {
    outcome_of(registry::rules("Shatranj").expect("registered"), fen)
}

#[test]
fn a_bare_shatranj_king_facing_several_pieces_has_lost() {
    // The soak position: White has only its king, Black five pieces.
    let (outcome, moves) = shatranj("3k4/3r4/1q2b1n1/5n2/8/8/8/K7 w 32");
    assert_eq!(outcome.and_then(Outcome::winner), Some(Color::Black));
    assert_eq!(moves, 0);
}

#[test]
fn two_bare_shatranj_kings_draw() {
    let (outcome, moves) = shatranj("3k4/8/8/8/8/8/8/K7 w 40");
    assert_eq!(
        outcome,
        Some(Outcome::VariantDraw {
            reason: "two bare kings"
        })
    );
    assert_eq!(moves, 0);
}

#[test]
fn a_bare_king_that_can_take_the_last_piece_plays_on() {
    // Kxb2 bares Black's king too.
    let (outcome, moves) = shatranj("3k4/8/8/8/8/8/1r6/K7 w 40");
    assert_eq!(outcome, None);
    assert!(moves > 0);
}

#[test]
fn a_bare_king_whose_capture_would_be_illegal_has_lost() {
    // The rook on b3 is guarded by Black's king on c4; Ka1 would be legal.
    let (outcome, moves) = shatranj("8/8/8/8/2k5/1r6/K7/8 w 40");
    assert_eq!(outcome.and_then(Outcome::winner), Some(Color::Black));
    assert_eq!(moves, 0);
}

#[test]
fn a_bare_king_that_did_not_take_the_last_piece_has_lost() {
    // White is bare and just moved; Black still has its rook.
    let (outcome, moves) = shatranj("3k4/8/8/8/8/8/7r/1K6 b 41");
    assert_eq!(outcome.and_then(Outcome::winner), Some(Color::Black));
    assert_eq!(moves, 0);
}

fn defined(text: &str) -> ChessLike {
    let spec = parse_definition(text, "variants/Test.yaml").unwrap_or_else(|e| panic!("{e}"));
    ChessLike::new(spec).expect("compiles")
}

#[test]
fn bare_king_draw_ends_the_game_when_a_side_is_bare() {
    let rules = defined(
        "board: 8x8
pieces:
  - { letter: k, betza: K, royal: true }
  - { letter: r, betza: R }
start: 4k3/8/8/8/8/8/8/R3K3 w 0
win:
  bare_king: draw
",
    );
    let (outcome, moves) = outcome_of(&rules, "4k3/8/8/8/8/8/8/R3K3 w 0");
    assert_eq!(
        outcome,
        Some(Outcome::VariantDraw {
            reason: "bare king"
        })
    );
    assert_eq!(moves, 0);
    let (outcome, _) = outcome_of(&rules, "r3k3/8/8/8/8/8/8/R3K3 w 0");
    assert_eq!(outcome, None);
}

#[test]
fn a_royal_count_of_two_allows_two_kings_but_not_three() {
    let rules = defined(
        "board: 8x8
pieces:
  - { letter: k, betza: K, royal: true }
start: 3kk3/8/8/8/8/8/8/3KK3 w 0
royal:
  count: 2
",
    );
    assert!(validate::position_from_fen(&rules, "3kk3/8/8/8/8/8/8/3KK3 w 0").is_ok());
    assert!(validate::position_from_fen(&rules, "2kkk3/8/8/8/8/8/8/3KK3 w 0").is_err());
}
