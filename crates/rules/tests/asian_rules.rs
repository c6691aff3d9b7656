//! Rules of the Asian family found by the differential test, each with the
//! position that showed it (counts and moves agree with the vchess oracle).

use fenpress_rules::{legal, notation, registry, validate, MoveList};

/// The legal moves of `fen`, in coordinates, sorted.
fn moves(variant: &str, fen: &str) -> Vec<String> {
    let rules = registry::rules(variant).unwrap();
    let mut pos = validate::position_from_fen(rules, fen).unwrap();
    let mut list = MoveList::new();
    legal::legal_moves(rules, &mut pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|m| notation::coordinate(rules, m))
        .collect();
    out.sort();
    out
}

#[test]
fn synochess_king_does_not_castle_out_of_or_across_cannon_fire() {
    // The cannon b1 takes e1 over the bishop c1: White is in check.
    let list = moves("Synochess", "3k4/8/8/8/8/8/8/1cB1K2R w 10 ih - 0");
    assert!(!list.contains(&"e1g1".to_string()), "{list:?}");
    assert_eq!(list.len(), 9);
    // The cannon f8 hits f1 over the pawn f3: the king may not cross it.
    let list = moves("Synochess", "3k1c2/8/8/8/8/5P2/8/4K2R w 10 ih - 0");
    assert!(!list.contains(&"e1g1".to_string()), "{list:?}");
    assert_eq!(list.len(), 11);
    // Without the screen, castling is legal.
    let list = moves("Synochess", "3k1c2/8/8/8/8/8/8/4K2R w 10 ih - 0");
    assert!(list.contains(&"e1g1".to_string()), "{list:?}");
    assert_eq!(list.len(), 13);
}
