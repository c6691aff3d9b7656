//! What a side that cannot move and is not in check gets: a draw in
//! chess; a win for the stalemated side in Losers (`win: stalemate: win`)
//! and antichess; a loss in Wildebeest (`stalemate: loss`) and Wormhole
//! ("if you can no longer move, you lose").

use fenpress_rules::{legal, registry, validate, Color, Outcome};

/// The result of `fen` in `variant`, which must be over.
fn result(variant: &str, fen: &str) -> Outcome {
    let rules = registry::rules(variant).expect("registered");
    let mut pos = validate::position_from_fen(rules, fen)
        .unwrap_or_else(|e| panic!("{variant}: {fen}: {e:?}"));
    legal::outcome(rules, &mut pos).unwrap_or_else(|| panic!("{variant}: {fen} is not over"))
}

#[test]
fn a_stalemate_is_a_draw_a_win_or_a_loss_as_the_variant_says() {
    // Black's king on a8, White's queen on c7 and king on b6: no move.
    let board = "k7/2Q5/1K6/8/8/8/8/8";
    assert_eq!(
        result("Chess", &format!("{board} b - -")),
        Outcome::Stalemate
    );
    assert_eq!(
        result("Losers", &format!("{board} b 0 -")).winner(),
        Some(Color::Black)
    );
    assert_eq!(
        result("Wormhole2", &format!("{board} b 0")).winner(),
        Some(Color::White)
    );
}

#[test]
fn an_antichess_side_without_pieces_wins() {
    assert_eq!(
        result("Suicide", "8/8/8/8/8/8/8/4K3 b 0 -").winner(),
        Some(Color::Black)
    );
}
