//! Pandemonium1 and Pandemonium2: perft (the vchess oracle's counts), the
//! set-up turn, the pieces' promotions and the pawn drop that may not mate.

mod common;

use fenpress_rules::{
    fen, legal, notation, registry, validate::position_from_fen, Color, Kind, Move, MoveList,
    Position,
};

#[test]
fn perft_pandemonium1() {
    common::perft_variant(
        "Pandemonium1",
        include_str!("fixtures/perft-pandemonium1.txt"),
    );
}

#[test]
fn perft_pandemonium2() {
    common::perft_variant(
        "Pandemonium2",
        include_str!("fixtures/perft-pandemonium2.txt"),
    );
}

/// The legal moves of `fen`, with the position.
fn moves_of(variant: &str, fen: &str) -> (Position, Vec<Move>) {
    let rules = registry::rules(variant).unwrap();
    let mut pos = position_from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut list = MoveList::new();
    legal::legal_moves(rules, &mut pos, &mut list);
    (pos, list.to_vec())
}

#[test]
fn a_first_swap_keeps_the_turn_and_a_second_or_a_pass_ends_it() {
    let p1 = registry::rules("Pandemonium1").unwrap();
    let mut pos = p1.start_position();
    let (_, first) = moves_of("Pandemonium1", p1.start_fen());
    let swaps: Vec<&Move> = first.iter().filter(|m| m.intent.continues).collect();
    assert_eq!(first.len(), 3, "two swaps and the pass");
    assert_eq!(swaps.len(), 2);
    let b1c1 = swaps
        .iter()
        .find(|m| notation::coordinate(p1, m) == "b1c1")
        .expect("the knight of b1 swaps with the bishop of c1");
    p1.play(&mut pos, b1c1);
    assert_eq!(pos.turn(), Color::White, "the first swap keeps the turn");
    let mut second = MoveList::new();
    legal::legal_moves(p1, &mut pos, &mut second);
    assert_eq!(second.len(), 3);
    assert!(second.iter().all(|m| !m.intent.continues));
    let i1h1 = second
        .iter()
        .find(|m| notation::coordinate(p1, m) == "i1h1")
        .copied()
        .unwrap();
    p1.play(&mut pos, &i1h1);
    assert_eq!(pos.turn(), Color::Black);
    assert_eq!(
        fen::vchess_fen(p1, &pos),
        "rnbqkmcbnr/pppppppppp/91/91/91/91/91/91/PPPPPPPPPP/RBNQKMCNBR b 1 ajaj - 00000000000000"
    );
    // Black's pass (its king onto White's) ends the set-up.
    let pass = notation::parse_move(p1, &mut pos, "e10e1").unwrap();
    assert!(pass.effect.appear.is_empty() && pass.effect.vanish.is_empty());
    p1.play(&mut pos, &pass);
    assert_eq!(pos.turn(), Color::White);
    let mut normal = MoveList::new();
    legal::legal_moves(p1, &mut pos, &mut normal);
    assert_eq!(
        normal.len(),
        38,
        "ten pawns of three steps, two knights, cardinal, marshal"
    );
}

#[test]
fn every_piece_but_king_and_queen_may_promote_from_or_into_the_zone() {
    // Pandemonium2: the last rank. The rook of a7 reaches a8 as a rook or a
    // dragon; from a8 it may promote wherever it goes.
    let (_, moves) = moves_of(
        "Pandemonium2",
        "5k4/R9/91/91/91/91/91/4K5 w 10 kkkk - 00000000000000",
    );
    let dragons = moves
        .iter()
        .filter(|m| m.intent.promotion == Some(Kind(b'd')))
        .count();
    assert_eq!(dragons, 1, "only a7a8 reaches the zone");
    let (_, moves) = moves_of(
        "Pandemonium2",
        "R9/5k4/91/91/91/91/91/4K5 w 10 kkkk - 00000000000000",
    );
    let rook_moves = moves.iter().filter(|m| m.intent.piece.kind == Kind::ROOK);
    let (plain, promoted): (Vec<&Move>, Vec<&Move>) =
        rook_moves.partition(|m| m.intent.promotion.is_none());
    assert_eq!(
        plain.len(),
        promoted.len(),
        "each rook move from a8 may promote"
    );
    // Pandemonium1: the last two ranks; a pawn reaching the ninth may stay.
    let (_, moves) = moves_of(
        "Pandemonium1",
        "5k4/91/P9/91/91/91/91/91/91/4K5 w 10 kkkk - 00000000000000",
    );
    let pawn: Vec<Option<Kind>> = moves
        .iter()
        .filter(|m| m.intent.piece.kind == Kind::PAWN)
        .map(|m| m.intent.promotion)
        .collect();
    assert_eq!(pawn.len(), 2, "a9 as a pawn or a gilding: {pawn:?}");
    assert!(pawn.contains(&Some(Kind(b'g'))) && pawn.contains(&None));
}

#[test]
fn a_captured_promoted_piece_goes_to_hand_unpromoted() {
    let p2 = registry::rules("Pandemonium2").unwrap();
    let mut pos =
        position_from_fen(p2, "5k4/91/91/91/91/91/d9/R3K5 w 10 kkkk - 00000000000000").unwrap();
    let mv = notation::parse_move(p2, &mut pos, "Rxa2").unwrap();
    p2.play(&mut pos, &mv);
    assert_eq!(pos.state.hands.count(Color::White, Kind::ROOK), 1);
    assert_eq!(pos.state.hands.count(Color::White, Kind(b'd')), 0);
    assert_eq!(
        fen::vchess_fen(p2, &pos),
        "5k4/91/91/91/91/91/R9/4K5 b 11 kkkk - 01000000000000"
    );
}

#[test]
fn a_pawn_drop_may_check_but_not_mate() {
    let p2 = registry::rules("Pandemonium2").unwrap();
    // P@b7 would mate: the king's only flight, b7, is guarded by the knight.
    let mate = "kn8/p9/3N6/91/91/91/91/4K5 w 10 kkkk - 10000000000000";
    let (pos, moves) = moves_of("Pandemonium2", mate);
    let b7 = p2.geometry().parse_square("b7").unwrap();
    assert!(!moves.iter().any(|m| m.is_drop() && m.intent.to == b7));
    assert!(moves.iter().any(|m| m.is_drop()), "other drops stay");
    let pawn = fenpress_rules::Piece::new(Color::White, Kind::PAWN);
    assert_eq!(
        p2.drop_restriction(&pos, pawn, b7).as_deref(),
        Some("a pawn drop may not give checkmate")
    );
    // Without the knight the king takes the pawn: the check is allowed.
    let (_, moves) = moves_of(
        "Pandemonium2",
        "kn8/p9/91/91/91/91/91/4K5 w 10 kkkk - 10000000000000",
    );
    assert!(moves.iter().any(|m| m.is_drop() && m.intent.to == b7));
    // Never on the first or last rank.
    let e8 = p2.geometry().parse_square("e8").unwrap();
    assert!(p2.drop_restriction(&pos, pawn, e8).is_some());
}

#[test]
fn pieces_have_their_names_in_three_languages() {
    use fenpress_rules::variants::hands::pandemonium::piece_names;
    assert_eq!(piece_names(Kind(b'h')), Some(["horse", "cheval", "jinete"]));
    assert_eq!(
        piece_names(Kind(b'm')),
        Some(["marshal", "maréchal", "mariscal"])
    );
    let p1 = registry::rules("Pandemonium1").unwrap();
    let scepter = fenpress_rules::Piece::new(Color::Black, Kind(b's'));
    assert_eq!(p1.piece_name(scepter), "scepter");
    for letter in "prnbqkgshdcwma".bytes() {
        assert!(piece_names(Kind(letter)).is_some(), "{}", letter as char);
    }
}
