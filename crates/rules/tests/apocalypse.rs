//! Apocalypse: one test per resolution rule, penalties, promotion (knight
//! or redirect), each way the game ends, and the FEN of a half-played turn.

use fenpress_rules::variants::apocalypse::{self, is_speculative, penalties};
use fenpress_rules::{fen, legal, registry, validate, Color, Move, Outcome, Position, Rules};

mod common;

fn rules() -> &'static dyn Rules {
    registry::rules("apocalypse").unwrap()
}

fn pos(fen: &str) -> Position {
    common::position(rules(), fen)
}

/// The choice of the side to move from `from` to `to` (coordinates).
fn choice(p: &mut Position, from: &str, to: &str) -> Move {
    common::choice(rules(), p, from, to)
}

/// Plays one turn and returns the vchess FEN after it.
fn turn(p: &mut Position, white: (&str, &str), black: (&str, &str)) -> String {
    common::turn(rules(), p, white, black)
}

const START: &str = "npppn/p3p/5/P3P/NPPPN w 0 00 -";

#[test]
fn both_illegal_none_played_both_penalised() {
    let mut p = pos(START);
    // axb3 hopes for ...Nb3, ...axb3 hopes for Nb3: neither comes.
    assert_eq!(
        turn(&mut p, ("a2", "b3"), ("a4", "b3")),
        "npppn/p3p/5/P3P/NPPPN w 2 11 -"
    );
}

#[test]
fn one_illegal_the_other_is_played() {
    let mut p = pos(START);
    assert_eq!(
        turn(&mut p, ("a2", "b3"), ("c5", "c4")),
        "np1pn/p1p1p/5/P3P/NPPPN w 2 10 -"
    );
}

#[test]
fn capture_whose_target_moved_captures_nothing() {
    let mut p = pos(START);
    turn(&mut p, ("d1", "d2"), ("e4", "e3"));
    // Both captures are sure, both targets leave: the pawns swap.
    assert_eq!(
        turn(&mut p, ("d2", "e3"), ("e3", "d2")),
        "npppn/p4/4P/P2pP/NPP1N w 4 00 -"
    );
}

#[test]
fn speculative_move_wins_a_collision_over_a_legal_one() {
    let mut p = pos(START);
    let w = choice(&mut p, "a2", "b3");
    assert!(is_speculative(&w));
    assert_eq!(
        turn(&mut p, ("a2", "b3"), ("a5", "b3")),
        "1pppn/p3p/1P3/4P/NPPPN w 2 00 -"
    );
}

#[test]
fn knight_wins_over_pawn_at_the_same_risk() {
    let mut p = pos("n3n/1p2p/5/P4/N3N w 0 00 -");
    assert_eq!(
        turn(&mut p, ("a1", "b3"), ("b4", "b3")),
        "n3n/4p/1N3/P4/4N w 2 00 -"
    );
}

#[test]
fn same_piece_same_risk_both_vanish() {
    let mut p = pos("n3n/p4/5/P3P/N3N w 0 00 -");
    assert_eq!(
        turn(&mut p, ("a1", "b3"), ("a5", "b3")),
        "4n/p4/5/P3P/4N w 2 00 -"
    );
}

#[test]
fn promotion_to_a_knight_with_at_most_one_knight() {
    let mut p = pos("4n/2P1p/5/P4/N4 w 0 00 -");
    let m = choice(&mut p, "c4", "c5");
    assert_eq!(m.intent.promotion, Some(fenpress_rules::Kind::KNIGHT));
    assert_eq!(
        turn(&mut p, ("c4", "c5"), ("e4", "e3")),
        "2N1n/5/4p/P4/N4 w 2 00 -"
    );
}

#[test]
fn promotion_with_two_knights_relocates_the_pawn() {
    let mut p = pos("4n/2P1p/5/P4/N3N w 0 00 -");
    let mut moves = Vec::new();
    legal::legal_moves(rules(), &mut p, &mut moves);
    let g = rules().geometry();
    let mut from_c4: Vec<String> = moves
        .iter()
        .filter(|m| g.square_name(m.intent.from) == "c4")
        .map(|m| g.square_name(m.intent.to))
        .collect();
    from_c4.sort();
    // Every empty square off the last rank (20 minus a1, a2, c4, e1, e4),
    // and e4 in case Black's pawn leaves it.
    assert_eq!(from_c4.len(), 16, "{from_c4:?}");
    assert!(is_speculative(&choice(&mut p, "c4", "e4")));
    assert!(!from_c4.iter().any(|s| s.ends_with('5')));
    assert_eq!(
        turn(&mut p, ("c4", "b2"), ("e4", "e3")),
        "4n/5/4p/PP3/N3N w 2 00 -"
    );
}

#[test]
fn speculative_promotion_when_the_enemy_takes_a_knight() {
    // Two White knights: c4-c5 relocates the pawn, but c5=N is a choice in
    // case ...Nb3xa1 leaves White one knight.
    let mut p = pos("4n/2P1p/1n3/5/N3N w 0 00 -");
    let m = choice(&mut p, "c4", "c5");
    assert!(is_speculative(&m));
    let mut q = p.clone();
    assert_eq!(
        turn(&mut q, ("c4", "c5"), ("b3", "a1")),
        "2N1n/4p/5/5/n3N w 2 00 -"
    );
    assert_eq!(
        turn(&mut p, ("c4", "c5"), ("e4", "e3")),
        "4n/2P2/1n2p/5/N3N w 2 10 -"
    );
}

#[test]
fn failed_speculation_is_a_penalty_and_two_lose() {
    let mut p = pos("npppn/p3p/5/P3P/NPPPN w 0 10 -");
    turn(&mut p, ("a2", "b3"), ("c5", "c4"));
    assert_eq!(penalties(&p.state, Color::White), 2);
    assert_eq!(
        legal::outcome(rules(), &mut p),
        Some(Outcome::VariantWin {
            winner: Color::Black,
            reason: "White has two penalty points"
        })
    );
    assert_eq!(legal::perft(rules(), &mut p, 1), 0);
}

#[test]
fn second_penalties_together_draw() {
    let mut p = pos("npppn/p3p/5/P3P/NPPPN w 0 11 -");
    turn(&mut p, ("a2", "b3"), ("a4", "b3"));
    assert!(matches!(
        legal::outcome(rules(), &mut p),
        Some(Outcome::VariantDraw { .. })
    ));
}

#[test]
fn knight_hoping_to_retake_is_penalised_if_the_enemy_does_not_take() {
    // White's pawn b3 is attacked by ...Na5xb3; Na1-b3 is legal only if
    // Black takes there (the page: a speculation that fails costs a point).
    let mut p = pos("n3n/4p/1P3/5/N3N w 0 00 -");
    let m = choice(&mut p, "a1", "b3");
    assert!(is_speculative(&m));
    let mut q = p.clone();
    assert_eq!(
        turn(&mut q, ("a1", "b3"), ("a5", "b3")),
        "4n/4p/1N3/5/4N w 2 00 -"
    );
    assert_eq!(
        turn(&mut p, ("a1", "b3"), ("e4", "e3")),
        "n3n/5/1P2p/5/N3N w 2 10 -"
    );
}

#[test]
fn losing_every_pawn_loses_and_promoting_the_last_one_too() {
    let mut p = pos("4n/2P1p/5/5/N4 w 0 00 -");
    turn(&mut p, ("c4", "c5"), ("e4", "e3"));
    assert_eq!(
        legal::outcome(rules(), &mut p),
        Some(Outcome::VariantWin {
            winner: Color::Black,
            reason: "White has no pawns left"
        })
    );
}

#[test]
fn both_last_pawns_vanishing_together_draw() {
    let mut p = pos("n3n/2p2/5/2P2/N3N w 0 00 -");
    assert_eq!(
        turn(&mut p, ("c2", "c3"), ("c4", "c3")),
        "n3n/5/5/5/N3N w 2 00 -"
    );
    assert_eq!(
        legal::outcome(rules(), &mut p),
        Some(Outcome::VariantDraw {
            reason: "both sides lost their last pawns"
        })
    );
}

#[test]
fn pending_move_in_the_fen_round_trips() {
    let mut p = pos(START);
    let w = choice(&mut p, "a2", "b3");
    rules().play(&mut p, &w);
    let text = fen::vchess_fen(rules(), &p);
    assert_eq!(text, "npppn/p3p/5/P3P/NPPPN b 1 00 a2b3?");
    assert_eq!(pos(&text), p);
    // vchess writes White's move as JSON (rows from the top).
    let json = r#"npppn/p3p/5/P3P/NPPPN b 1 00 {"start":{"x":3,"y":0},"end":{"x":2,"y":1},"appear":[{"p":"p","c":"w","x":2,"y":1}],"vanish":[{"p":"p","c":"w","x":3,"y":0},{"p":"n","c":"b","x":2,"y":1}],"illegal":true}"#;
    assert_eq!(pos(json), p);
    // White to move has no pending move; Black to move needs one.
    assert!(validate::position_from_fen(rules(), "npppn/p3p/5/P3P/NPPPN w 0 00 a2a3").is_err());
    assert!(validate::position_from_fen(rules(), "npppn/p3p/5/P3P/NPPPN b 1 00 -").is_err());
    assert!(validate::position_from_fen(rules(), "npppn/p3p/5/P3P/NPPPN b 1 00 a2a4").is_err());
}

#[test]
fn every_choice_plays_and_unplays_exactly() {
    // Walk the tree three plies deep from a few positions; each play/unplay
    // pair must restore the position exactly.
    fn walk(p: &mut Position, depth: u32) {
        if depth == 0 {
            return;
        }
        let mut moves = Vec::new();
        legal::legal_moves(rules(), p, &mut moves);
        for m in &moves {
            let before = p.clone();
            let undo = rules().play(p, m);
            walk(p, depth - 1);
            rules().unplay(p, m, undo);
            assert_eq!(*p, before);
        }
    }
    for fen in [
        START,
        "4n/2P1p/1n3/5/N3N w 0 00 -",
        "n3n/4p/1P3/5/N3N w 0 00 -",
    ] {
        walk(&mut pos(fen), 4);
    }
    let _ = apocalypse::SPECULATIVE;
}

/// A redirected promotion is two different moves when the pawn could both
/// push and take onto the last rank: notation names the square it reached
/// (`d4d5>c1`, `dxe5>c1`), every listed name is unique, and each reads back
/// as its own move. Without the `>` part the text is ambiguous.
#[test]
fn redirected_promotions_have_distinct_names_that_read_back() {
    use fenpress_rules::notation::{coordinate, parse_move, san, MoveError};
    let r = rules();
    let mut p = pos("4p/3P1/5/p4/NN3 w 0 00 -");
    let mut moves = Vec::new();
    legal::legal_moves(r, &mut p, &mut moves);
    let mut names = std::collections::BTreeSet::new();
    let mut relocated = 0;
    for mv in &moves {
        let c = coordinate(r, mv);
        let s = san(r, &mut p, mv);
        assert!(names.insert(c.clone()), "{c} listed twice");
        relocated += usize::from(c.contains('>'));
        for text in [&c, &s] {
            let back = parse_move(r, &mut p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back.intent, mv.intent, "{text}");
            assert_eq!(coordinate(r, &back), c, "{text}");
        }
    }
    // The 16 empty squares off the last rank (the pawn's own square is not
    // one), reached by a push or by a capture.
    assert_eq!(relocated, 2 * 16, "{names:?}");
    assert!(names.contains("d4d5>c1") && names.contains("d4e5>c1"));
    assert!(matches!(
        parse_move(r, &mut p, "d4c1"),
        Err(MoveError::Ambiguous { .. })
    ));
}
