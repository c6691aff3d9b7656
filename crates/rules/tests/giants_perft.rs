//! Perft of Rococo, Fugue, Alice, Interweave and Chakart from their fixture files, and Rococo's start
//! tree without the page's quiet cannon-pawn leaps (deviation `rococo-pawn-quiet-leap`),
//! which must be vchess's own counts.

mod common;

use fenpress_rules::{legal, registry, Kind, Move, MoveList, Position, Rules};

#[test]
fn perft_rococo() {
    common::perft_variant("rococo", include_str!("fixtures/perft-rococo.txt"));
}

/// A cannon pawn's leap over a piece to an empty square: the page's move
/// vchess does not have.
fn quiet_leap(rules: &dyn Rules, mv: &Move) -> bool {
    let g = rules.geometry();
    let (from, to) = (mv.intent.from, mv.intent.to);
    let span = (g.file(from) as i32 - g.file(to) as i32)
        .abs()
        .max((g.rank(from) as i32 - g.rank(to) as i32).abs());
    mv.intent.piece.kind == Kind::PAWN && !mv.intent.capture && span == 2
}

fn perft_without_quiet_leaps(rules: &dyn Rules, pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    legal::legal_moves(rules, pos, &mut moves);
    moves.retain(|m| !quiet_leap(rules, m));
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let undo = rules.play(pos, m);
            let n = perft_without_quiet_leaps(rules, pos, depth - 1);
            rules.unplay(pos, m, undo);
            n
        })
        .sum()
}

/// vchess's start counts (its `Rococo.js` through the oracle): 22, 484,
/// 15854, 515193.
#[test]
fn start_tree_without_quiet_leaps_is_vchess() {
    let rules = registry::rules("rococo").unwrap();
    let mut pos = rules.start_position();
    let counts: Vec<u64> = (1..=4)
        .map(|d| perft_without_quiet_leaps(rules, &mut pos, d))
        .collect();
    assert_eq!(counts, [22, 484, 15854, 515193]);
    // The page's leaps are there: the difference is theirs.
    assert_eq!(legal::perft(rules, &mut pos, 3), 17438);
}

/// Fugue, Rococo's 8×8 sibling without check: its start counts equal
/// vchess's to depth 4.
#[test]
fn perft_fugue() {
    common::perft_variant("fugue", include_str!("fixtures/perft-fugue.txt"));
}

/// Alice: its start counts equal vchess's to depth 4.
#[test]
fn perft_alice() {
    common::perft_variant("alice", include_str!("fixtures/perft-alice.txt"));
}

/// Interweave: the start and two game positions equal vchess's counts to
/// depth 3 (the start to depth 4 as well: 732,256).
#[test]
fn perft_interweave() {
    common::perft_variant("interweave", include_str!("fixtures/perft-interweave.txt"));
}

/// Chakart, each random outcome a move: the start and a position of
/// mushrooms equal vchess's counts to depth 3.
#[test]
fn perft_chakart() {
    common::perft_variant("chakart", include_str!("fixtures/perft-chakart.txt"));
}
