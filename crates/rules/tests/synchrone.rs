//! Synchrone1: the start's perft (vchess's figures), each resolution rule
//! of the page on its own diagrams, anticipated recaptures (never in
//! check), en passant against a pending double step, castling rights, the
//! end of the game, and the FEN of a half-played turn.

use fenpress_rules::{fen, legal, registry, validate, Color, Move, Outcome, Position, Rules};

mod common;

fn rules() -> &'static dyn Rules {
    registry::rules("synchrone1").unwrap()
}

fn pos(fen: &str) -> Position {
    common::position(rules(), fen)
}

/// The choice of the side to move from `from` to `to` (coordinates).
fn choice(p: &mut Position, from: &str, to: &str) -> Move {
    common::choice(rules(), p, from, to)
}

fn has_choice(p: &mut Position, from: &str, to: &str) -> bool {
    common::find_choice(rules(), p, from, to).is_some()
}

/// Plays one turn and returns the vchess FEN after it.
fn turn(p: &mut Position, white: (&str, &str), black: (&str, &str)) -> String {
    common::turn(rules(), p, white, black)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -,- -";

#[test]
fn start_perft_equals_vchess() {
    let mut p = rules().start_position();
    assert_eq!(fen::vchess_fen(rules(), &p), START);
    let counts: Vec<u64> = (1..=3).map(|d| legal::perft(rules(), &mut p, d)).collect();
    assert_eq!(counts, [20, 400, 8925]);
}

#[test]
fn white_choice_waits_unseen_in_the_fen() {
    let mut p = pos(START);
    let w = choice(&mut p, "e2", "e4");
    rules().play(&mut p, &w);
    let text = fen::vchess_fen(rules(), &p);
    // The board is unchanged; the en-passant field gains White's square.
    assert_eq!(
        text,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b 1 ahah -,-,e3 e2e4"
    );
    assert_eq!(pos(&text), p);
    // vchess's own JSON move reads as the same position.
    let json = r#"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b 1 ahah -,-,e3 {"start":{"x":6,"y":4},"end":{"x":4,"y":4},"appear":[{"p":"p","c":"w","x":4,"y":4}],"vanish":[{"p":"p","c":"w","x":6,"y":4}]}"#;
    assert_eq!(pos(json), p);
}

#[test]
fn a_pending_move_that_is_no_choice_is_refused() {
    let err = validate::position_from_fen(
        rules(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b 1 ahah -,-,- e2e5",
    );
    assert!(err.is_err());
    // White to move has no pending move; Black to move has one.
    assert!(validate::position_from_fen(
        rules(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -,- e2e4"
    )
    .is_err());
}

#[test]
fn a_malformed_pending_move_is_an_error_naming_its_field() {
    for pending in [
        r#"{"start":{"x":255,"y":4},"end":{"x":4,"y":4},"appear":[{"p":"p"}],"vanish":[{"p":"p"}]}"#,
        r#"{"start":{"x":6,"y":4}"#,
        "e2é4",
        "e2",
    ] {
        let text = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b 1 ahah -,-,e3 {pending}");
        let err = validate::position_from_fen(rules(), &text)
            .err()
            .unwrap_or_else(|| panic!("{pending} was read"));
        assert!(format!("{err}").contains("pending"), "{pending}: {err}");
    }
}

#[test]
fn anticipated_recapture_stays_when_the_capture_is_not_played() {
    // The page's first diagram: "After 1.e4 d5 2.e5 Qxd5 (anticipating
    // 2.exd5 which isn't played)".
    let mut p = pos(START);
    turn(&mut p, ("e2", "e4"), ("d7", "d5"));
    let after = turn(&mut p, ("e4", "e5"), ("d8", "d5"));
    assert_eq!(
        after,
        "rnb1kbnr/ppp1pppp/8/3qP3/8/8/PPPP1PPP/RNBQKBNR w 4 ahah -,- -"
    );
}

#[test]
fn anticipated_recapture_takes_the_capturer() {
    let mut p = pos(START);
    turn(&mut p, ("e2", "e4"), ("d7", "d5"));
    // exd5 meets ...Qxd5 on d5: the self-capture stays, White's pawn is gone.
    let after = turn(&mut p, ("e4", "d5"), ("d8", "d5"));
    assert_eq!(
        after,
        "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w 4 ahah -,- -"
    );
}

#[test]
fn no_anticipated_recapture_in_check() {
    // The page's second diagram: "1.Kxh2 by anticipation isn't allowed:
    // white is checkmated."
    let mut p = pos("7k/8/8/3QR3/3P4/4P3/r6P/q6K w 0 iiii -,- -");
    assert!(!has_choice(&mut p, "h1", "h2"));
    assert_eq!(
        legal::outcome(rules(), &mut p),
        Some(Outcome::VariantWin {
            winner: Color::Black,
            reason: "checkmate"
        })
    );
    // Out of check, the same self-capture is a choice.
    let mut free = pos("7k/8/8/3QR3/3P4/4P3/r6P/7K w 0 iiii -,- -");
    assert!(has_choice(&mut free, "h1", "h2"));
}

#[test]
fn capture_whose_target_moved_captures_nothing_and_a_king_taken_loses() {
    // The page's pair: Rxe7 (white) and Qxd7 (black), 1-0.
    let mut p = pos("r3r1bb/ppqRkppp/8/2p1n3/7n/8/PPPPP1P1/RNBQNBK1 w 0 iiii -,- -");
    let after = turn(&mut p, ("d7", "e7"), ("c7", "d7"));
    assert!(after.starts_with("r3r1bb/pp1qRppp/8/2p1n3/7n/8/PPPPP1P1/RNBQNBK1 w 2 "));
    assert_eq!(
        legal::outcome(rules(), &mut p),
        Some(Outcome::VariantWin {
            winner: Color::White,
            reason: "king captured"
        })
    );
}

#[test]
fn two_moves_to_one_square_leave_nothing_but_a_king() {
    let mut p = pos("4k3/8/8/8/8/3r4/8/R3K3 w 0 iiii -,- -");
    // Ra1-a3 and ...Rd3-a3: both rooks disappear.
    assert_eq!(
        turn(&mut p, ("a1", "a3"), ("d3", "a3")),
        "4k3/8/8/8/8/8/8/4K3 w 2 iiii -,- -"
    );
    let mut p = pos("4k3/8/8/8/8/3p4/8/4K3 w 0 iiii -,- -");
    // Ke1-d2 and ...d3-d2 meet: only the king remains.
    assert_eq!(
        turn(&mut p, ("e1", "d2"), ("d3", "d2")),
        "4k3/8/8/8/8/8/3K4/8 w 2 iiii -,- -"
    );
}

#[test]
fn black_takes_a_pending_double_step_en_passant_and_takes_nothing() {
    let mut p = pos("4k3/8/8/8/3p4/8/4P3/4K3 w 0 iiii -,- -");
    let w = choice(&mut p, "e2", "e4");
    rules().play(&mut p, &w);
    // vchess: Black's target is White's unseen double step.
    let b = choice(&mut p, "d4", "e3");
    rules().play(&mut p, &b);
    assert_eq!(
        fen::vchess_fen(rules(), &p),
        "4k3/8/8/8/4P3/4p3/8/4K3 w 2 iiii e3,- -"
    );
}

#[test]
fn castling_rights_end_with_the_king_or_the_rook_square() {
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w 0 ahah -,- -");
    // Ra1-a2 clears White's a flag; ...Ke8-d8 clears Black's two.
    let after = turn(&mut p, ("a1", "a2"), ("e8", "d8"));
    assert!(after.contains(" ihii "), "{after}");
    // A piece landing on a rook's square clears that flag too: Rxh8
    // clears White's h (its rook left) and Black's h, ...Ra7 Black's a.
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w 0 ahah -,- -");
    let after = turn(&mut p, ("h1", "h8"), ("a8", "a7"));
    assert!(after.contains(" aiii "), "{after}");
}

#[test]
fn the_game_ends_only_after_black_has_chosen() {
    // White is mated on the board, but with Black to move the turn is
    // not over.
    let mut p = pos("7k/8/8/3QR3/3P4/4P3/r6P/q6K w 0 iiii -,- -");
    assert!(legal::outcome(rules(), &mut p).is_some());
    let mut mid = pos("k7/8/8/8/8/8/6PP/r5K1 b 1 iiii -,-,- g1f2");
    assert!(legal::outcome(rules(), &mut mid).is_none());
}

// Synchrone2: the moves resolved as in Synchrone1 (no anticipated
// recapture, no en passant), then a capturing turn: each side may take the
// enemy piece just moved, by a move legal on the board before the turn, or
// pass.

fn rules2() -> &'static dyn Rules {
    registry::rules("synchrone2").unwrap()
}

fn pos2(fen: &str) -> Position {
    common::position(rules2(), fen)
}

fn coordinates2(p: &mut Position) -> Vec<String> {
    let g = rules2().geometry();
    let mut moves = Vec::new();
    legal::legal_moves(rules2(), p, &mut moves);
    let mut out: Vec<String> = moves
        .iter()
        .map(|m| {
            format!(
                "{}{}",
                g.square_name(m.intent.from),
                g.square_name(m.intent.to)
            )
        })
        .collect();
    out.sort();
    out
}

fn play2(p: &mut Position, from: &str, to: &str) {
    let g = rules2().geometry();
    let mut moves = Vec::new();
    legal::legal_moves(rules2(), p, &mut moves);
    let mv = moves
        .into_iter()
        .find(|m| g.square_name(m.intent.from) == from && g.square_name(m.intent.to) == to)
        .unwrap_or_else(|| panic!("{from}{to} in {}", fen::vchess_fen(rules2(), p)));
    rules2().play(p, &mv);
}

#[test]
fn synchrone2_start_perft_equals_vchess() {
    let mut p = rules2().start_position();
    assert_eq!(
        fen::vchess_fen(rules2(), &p),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR -"
    );
    let counts: Vec<u64> = (1..=5).map(|d| legal::perft(rules2(), &mut p, d)).collect();
    // After the first moves no capture is possible: each side passes.
    assert_eq!(counts, [20, 400, 400, 400, 8902]);
}

#[test]
fn synchrone2_capture_must_be_legal_before_the_turn() {
    // 1.e4 d5: exd5 was no move before the turn (the pawn stood on e2).
    let mut p = rules2().start_position();
    play2(&mut p, "e2", "e4");
    play2(&mut p, "d7", "d5");
    // The only choice is a pass: White's first piece from the top (e4)
    // onto its own king.
    assert_eq!(coordinates2(&mut p), ["e4e1"]);
    assert_eq!(
        rules2().notation_override(&{
            let mut moves = Vec::new();
            legal::legal_moves(rules2(), &mut p, &mut moves);
            moves[0]
        }),
        Some("pass".to_string())
    );
}

#[test]
fn synchrone2_capturing_turn_takes_the_moved_piece() {
    let mut p = pos2("1n2k3/8/8/8/B7/8/8/4K3 w 0 iiii 1n2k3/8/8/8/B7/8/8/4K3 -");
    play2(&mut p, "e1", "e2");
    play2(&mut p, "b8", "c6");
    // The bishop on a4 reached c6 before the turn too.
    assert_eq!(coordinates2(&mut p), ["a4c6", "a4e2"]);
    play2(&mut p, "a4", "c6");
    // Black cannot take the king that moved: its king passes onto it.
    assert_eq!(coordinates2(&mut p), ["e8e2"]);
    play2(&mut p, "e8", "e2");
    let text = fen::vchess_fen(rules2(), &p);
    assert_eq!(
        text,
        "4k3/8/2B5/8/8/8/4K3/8 w 4 iiii 1n2k3/8/8/8/B7/8/8/4K3 -"
    );
    // The board before the turn reads back (the FEN has no move clock).
    let read = pos2(&text);
    assert_eq!((read.board, read.counters), (p.board, p.counters));
}

#[test]
fn a_turn_is_under_way_until_blacks_choice_resolves_it() {
    // What a puzzle composer must know: only the start of a turn can be a
    // puzzle's position. Synchrone1's turn is two plies, Synchrone2's four
    // (its moves, then its capturing half).
    let mut p = rules().start_position();
    assert!(!rules().turn_under_way(&p));
    let w = choice(&mut p, "e2", "e4");
    rules().play(&mut p, &w);
    assert!(rules().turn_under_way(&p));
    let b = choice(&mut p, "e7", "e5");
    rules().play(&mut p, &b);
    assert!(!rules().turn_under_way(&p));
    // A Black choice resolves the turn, so it can lose Black the game.
    assert!(rules().own_move_may_lose());

    let second = registry::rules("synchrone2").unwrap();
    let mut p = second.start_position();
    let mut under_way = Vec::new();
    for _ in 0..8 {
        under_way.push(second.turn_under_way(&p));
        let mut moves = Vec::new();
        legal::legal_moves(second, &mut p, &mut moves);
        second.play(&mut p, &moves[0]);
    }
    assert_eq!(
        under_way,
        [false, true, true, true, false, true, true, true]
    );
}
