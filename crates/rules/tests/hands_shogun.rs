//! Shogun: perft (the vchess oracle's counts), promotions by zone with one
//! major piece of a kind per side, drops on the first five ranks, captured
//! pieces back in hand unpromoted.

mod common;

use fenpress_rules::{fen, legal, registry, validate::position_from_fen, Kind, MoveList};

#[test]
fn perft_shogun() {
    common::perft_variant("shogun", include_str!("fixtures/perft-shogun.txt"));
}

/// The legal moves of `fen` as `from to promotion` strings.
fn moves(fen: &str) -> Vec<String> {
    let sh = registry::rules("Shogun").unwrap();
    let mut pos = position_from_fen(sh, fen).unwrap();
    let mut list = MoveList::new();
    legal::legal_moves(sh, &mut pos, &mut list);
    let g = sh.geometry();
    list.iter()
        .map(|m| {
            let promo = m
                .intent
                .promotion
                .map_or(String::new(), |k| k.char().to_string());
            format!(
                "{}{}{promo}",
                g.square_name(m.intent.from),
                g.square_name(m.intent.to)
            )
        })
        .collect()
}

#[test]
fn a_piece_promotes_in_the_zone_unless_its_promoted_form_stands() {
    // The rook b7 may become a mortar; with a mortar on c5 it may not.
    let free = moves("4k3/1R6/8/8/8/5N2/8/4K3 w 20 iiii - 0000000000");
    assert!(free.contains(&"b7b5m".to_string()), "{free:?}");
    let blocked = moves("4k3/1R6/8/2M5/8/5N2/8/4K3 w 20 iiii - 0000000000");
    assert!(!blocked
        .iter()
        .any(|m| m.starts_with("b7") && m.ends_with('m')));
    // The knight f3 moves into the zone nowhere: no general.
    assert!(!blocked
        .iter()
        .any(|m| m.starts_with("f3") && m.ends_with('g')));
}

#[test]
fn en_passant_does_not_promote_and_a_taken_queen_is_a_duchess() {
    let sh = registry::rules("Shogun").unwrap();
    let after = moves("4k3/8/8/3pP3/8/8/8/4K3 w 20 iiii - 0000000000");
    assert!(after.iter().any(|m| m == "e5e6c"), "{after:?}");
    let mut pos = position_from_fen(sh, "4k3/8/8/8/8/8/q7/R3K3 w 20 iiii - 0000000000").unwrap();
    let mut list = MoveList::new();
    legal::legal_moves(sh, &mut pos, &mut list);
    let take = list
        .iter()
        .find(|m| m.intent.capture && m.intent.piece.kind == Kind::ROOK)
        .copied()
        .unwrap();
    sh.play(&mut pos, &take);
    assert_eq!(
        fen::vchess_fen(sh, &pos),
        "4k3/8/8/8/8/8/R7/4K3 b 21 iiii - 0000100000"
    );
    // Drops stop at the fifth rank.
    let err = sh
        .drop_restriction(
            &pos,
            fenpress_rules::Piece::new(fenpress_rules::Color::White, Kind(b'f')),
            sh.geometry().parse_square("a6").unwrap(),
        )
        .unwrap();
    assert!(err.contains("first five ranks"), "{err}");
}
