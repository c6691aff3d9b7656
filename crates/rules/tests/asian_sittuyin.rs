//! Sittuyin: perft (the vchess oracle's counts), the placement turns (eight
//! drops each, no check meanwhile), and the promotion to a general.

mod common;

use fenpress_rules::{fen, legal, registry, validate::position_from_fen, Color, Kind};

#[test]
fn perft_sittuyin() {
    common::perft_variant("sittuyin", include_str!("fixtures/perft-sittuyin.txt"));
}

#[test]
fn each_side_places_its_eight_pieces_in_one_turn() {
    let st = registry::rules("Sittuyin").unwrap();
    let mut pos = position_from_fen(st, st.start_fen()).unwrap();
    assert_eq!(pos.state.hands.count(Color::White, Kind::ROOK), 2);
    let mut placed = 0;
    while pos.state.plies < 2 {
        let mut moves = Vec::new();
        legal::legal_moves(st, &mut pos, &mut moves);
        let mv = *moves.last().expect("a placement");
        assert!(mv.is_drop());
        st.play(&mut pos, &mv);
        placed += 1;
        // The turn passes with the eighth piece.
        let turn = if placed < 8 {
            Color::White
        } else if placed < 16 {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(pos.turn(), turn, "after {placed} placements");
    }
    assert_eq!(placed, 16);
    assert!(pos.state.hands.is_empty());
    let written = fen::vchess_fen(st, &pos);
    assert!(written.ends_with(" w 2"), "{written}");
}

#[test]
fn a_pawn_on_its_diagonal_promotes_in_place_or_aside() {
    let st = registry::rules("Sittuyin").unwrap();
    let mut pos = position_from_fen(st, "8/8/8/3P3k/8/P7/8/4K3 w 10").unwrap();
    let mut moves = Vec::new();
    legal::legal_moves(st, &mut pos, &mut moves);
    let promotions: Vec<String> = moves
        .iter()
        .filter(|m| m.intent.promotion == Some(Kind::QUEEN))
        .map(|m| fenpress_rules::notation::coordinate(st, m))
        .collect();
    // In place and the four diagonal steps; the pawn a3 is off its diagonal.
    assert_eq!(promotions.len(), 5, "{promotions:?}");
}

#[test]
fn promotion_squares_are_the_long_diagonals_in_the_enemy_half() {
    let st = registry::rules("Sittuyin").unwrap();
    let g = st.geometry();
    let names = |color: Color| {
        let mut out = fenpress_rules::SquareSet::EMPTY;
        st.promotion_squares(color, &mut out);
        let mut v: Vec<String> = g
            .squares()
            .filter(|s| out.contains(*s))
            .map(|s| g.square_name(s))
            .collect();
        v.sort();
        v
    };
    // The page's diagram: "Squares where promotion is allowed".
    assert_eq!(
        names(Color::White),
        ["a8", "b7", "c6", "d5", "e5", "f6", "g7", "h8"]
    );
    assert_eq!(
        names(Color::Black),
        ["a1", "b2", "c3", "d4", "e4", "f3", "g2", "h1"]
    );
}
