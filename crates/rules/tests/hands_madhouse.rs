//! Madhouse: perft (vchess's start, the page's diagram), and the page's
//! caption: the bishop takes the knight, which is put back on g8.

mod common;

use fenpress_rules::{fen, legal, registry, validate::position_from_fen, Square};

#[test]
fn perft_madhouse() {
    common::perft_variant("madhouse", include_str!("fixtures/perft-madhouse.txt"));
}

#[test]
fn the_taken_knight_is_put_back_by_the_capturer() {
    let mh = registry::rules("madhouse").unwrap();
    let mut pos = position_from_fen(
        mh,
        "r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w 4 ahah -",
    )
    .unwrap();
    let g = mh.geometry();
    let sq = |n: &str| -> Square { g.parse_square(n).unwrap() };
    let mut moves = Vec::new();
    legal::legal_moves(mh, &mut pos, &mut moves);
    let take = *moves
        .iter()
        .find(|m| m.intent.from == sq("b5") && m.intent.to == sq("c6"))
        .unwrap();
    assert!(take.intent.continues, "the capture keeps the turn");
    mh.play(&mut pos, &take);
    legal::legal_moves(mh, &mut pos, &mut moves);
    // Every empty square (33) but d3, where the knight would check White.
    assert_eq!(moves.len(), 32);
    assert!(moves.iter().all(|m| m.is_drop()));
    let back = *moves.iter().find(|m| m.intent.to == sq("g8")).unwrap();
    mh.play(&mut pos, &back);
    assert_eq!(
        fen::vchess_fen(mh, &pos),
        "r1bqkbnr/pppp1ppp/2B2n2/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b 5 ahah -"
    );
}

#[test]
fn a_bishop_keeps_its_square_colour_and_a_pawn_its_ranks() {
    let mh = registry::rules("madhouse").unwrap();
    let g = mh.geometry();
    // White's rook takes the bishop on c8 (a light square).
    let mut pos = position_from_fen(mh, "2b1k3/8/8/8/8/8/8/2R1K3 w 0 iiii -").unwrap();
    let mut moves = Vec::new();
    legal::legal_moves(mh, &mut pos, &mut moves);
    let take = *moves
        .iter()
        .find(|m| m.intent.to == g.parse_square("c8").unwrap())
        .unwrap();
    mh.play(&mut pos, &take);
    legal::legal_moves(mh, &mut pos, &mut moves);
    let light = |s: Square| (g.file(s) + g.rank(s)) % 2 == 1;
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| light(m.intent.to)));
    // A pawn taken goes back on ranks 2 to 7 only.
    let mut pos = position_from_fen(mh, "4k3/8/8/8/8/8/3p4/4K3 w 0 iiii -").unwrap();
    legal::legal_moves(mh, &mut pos, &mut moves);
    let take = *moves
        .iter()
        .find(|m| m.intent.to == g.parse_square("d2").unwrap())
        .unwrap();
    mh.play(&mut pos, &take);
    legal::legal_moves(mh, &mut pos, &mut moves);
    assert!(moves.iter().all(|m| (1..=6).contains(&g.rank(m.intent.to))));
}
