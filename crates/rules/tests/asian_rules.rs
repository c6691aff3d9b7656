//! Rules of the Asian family found by the differential test, each with the
//! position that showed it (counts and moves agree with the vchess oracle).

use fenpress_rules::{legal, notation, registry, validate, MoveList};

mod common;

/// The legal moves of `fen`, in coordinates, sorted.
fn moves(variant: &str, fen: &str) -> Vec<String> {
    common::sorted_moves(variant, fen)
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

#[test]
fn a_titan_diagram_past_its_set_up_castles_with_both_carriers() {
    // rules/Titan/en.pug, "Before and after 0-0": Black's bishop carrier
    // (the `o` on g8) shows the set-up is over; the carrier rook castles.
    let rules = registry::rules("Titan").unwrap();
    let setup =
        fenpress_rules::fen::parse("rm1qkbor/ppp2ppp/4b3/3pp3/8/5NP1/PPPPPPBP/RNBQJ2V").unwrap();
    let mut pos = validate::validate_diagram(rules, &setup).unwrap();
    rules.complete_diagram(&mut pos);
    let mut list = MoveList::new();
    legal::legal_moves(rules, &mut pos, &mut list);
    // The oracle at `... w 10 ahah -`: 26 moves, e1g1 among them.
    assert_eq!(list.len(), 26);
    let castle = *list
        .iter()
        .find(|m| notation::coordinate(rules, m) == "e1g1")
        .unwrap();
    rules.play(&mut pos, &castle);
    let after = fenpress_rules::fen::vchess_fen(rules, &pos);
    assert!(
        after.starts_with("rm1qkbor/ppp2ppp/4b3/3pp3/8/5NP1/PPPPPPBP/RNBQNRKB b"),
        "{after}"
    );
}
