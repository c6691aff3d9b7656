//! Positions the vchess site writes (its `getFen()` after a move), which a
//! user may paste: each is read, as the site's engine reads it. Where the
//! site's field is lossy, the board fills it in, or the reader refuses and
//! says what to write instead. And the check counters of the other
//! engines' FENs (lichess, Fairy-Stockfish), read right or refused.

use fenpress_rules::moves::MoveKind;
use fenpress_rules::validate::{position_from_fen, reading_notes, PositionError, Problem};
use fenpress_rules::{legal, notation, registry, Color, Kind, MoveList, Position, Rules};

fn rules(name: &str) -> &'static dyn Rules {
    registry::rules(name).unwrap_or_else(|| panic!("{name} has rules"))
}

fn read(variant: &str, fen: &str) -> Position {
    position_from_fen(rules(variant), fen)
        .unwrap_or_else(|e| panic!("{variant}: `{fen}` is refused: {e}"))
}

fn perft(variant: &str, fen: &str, depth: u32) -> u64 {
    legal::perft(rules(variant), &mut read(variant, fen), depth)
}

/// The moves of a position, by their coordinates.
fn coords(variant: &str, pos: &mut Position) -> Vec<String> {
    let r = rules(variant);
    let mut list = MoveList::new();
    legal::legal_moves(r, pos, &mut list);
    list.iter().map(|m| notation::coordinate(r, m)).collect()
}

#[test]
fn en_passant_behind_pawns_that_start_off_the_second_rank() {
    // Rugby's pawns start on their first rank: d8d6 passes d7.
    let mut pos = read("Rugby", "ppp1pppp/8/3p4/8/8/8/5P2/PPPP1PPP w 2 d7");
    assert!(pos.state.en_passant.is_some());
    // Shako's and Grand's on their third: f3f5 passes f4, e8e6 passes e7.
    read(
        "Shako",
        "c8c/ernbqkbnre/pppppppppp/91/91/5P4/91/PPPPP1PPPP/ERNBQKBNRE/C8C b 1 bibi f4",
    );
    read(
        "Grand",
        "r8r/1nbqkmcbn1/pppp1ppppp/91/4p5/91/P9/1PPPPPPPPP/1NBQKMCBN1/R8R w 2 e7",
    );
    read(
        "Grand",
        "rmq2k2r1/1nb3cb2/pp1ppp1ppp/2p4n2/6p3/1PPPP5/6MNP1/P4PPP1P/1N1QK1CB2/RB3R4 w 18 g7",
    );
    // Still refused where no pawn can have passed: no pawn in front, or a
    // chess pawn's square two ranks further on.
    for (variant, fen) in [
        (
            "Grand",
            "r8r/1nbqkmcbn1/pppp1ppppp/91/91/91/P9/1PPPPPPPPP/1NBQKMCBN1/R8R w 2 e7",
        ),
        ("Chess", "4k3/8/8/8/4p3/8/8/4K3 w 0 iiii e5"),
    ] {
        let err = position_from_fen(rules(variant), fen).expect_err(fen);
        assert!(err.to_string().contains("en-passant"), "{fen}: {err}");
    }
    // d6 is taken en passant by a pawn beside it (Rugby's pawns capture
    // forward diagonally as chess's): none here, and the field is kept.
    assert!(!coords("Rugby", &mut pos).is_empty());
}

#[test]
fn zen_pawn_on_its_first_rank_after_a_backward_capture() {
    let zen = rules("Zen");
    let mut pos = read("Zen", "4k3/8/8/8/8/8/3P4/2b1K3 w 0 iiii -");
    assert!(coords("Zen", &mut pos).contains(&"d2c1".to_string()));
    // The position that capture leaves, as the site writes it.
    let after = read("Zen", "4k3/8/8/8/8/8/8/2P1K3 b 1 iiii -");
    assert_eq!(legal::perft(zen, &mut after.clone(), 1), 5);
    // The last rank stays out of reach: a pawn there would have promoted.
    assert!(position_from_fen(zen, "2P1k3/8/8/8/8/8/8/4K3 b 1 iiii -").is_err());
}

#[test]
fn castling_flags_left_standing_without_their_rook_are_ignored() {
    // Pacifist: White's a1 rook is Black's now, h1's was taken by its own
    // side; the site keeps the flags and castles with neither.
    for (variant, fen, side) in [
        (
            "Pacifist1",
            "r1b1kbnr/np1ppppp/1q3b2/p1p5/8/1P3P1P/p1PPP1P1/rn1QKBNR w 10 ahah",
            0,
        ),
        (
            "Pacifist2",
            "rnb1kbnr/1pp2ppp/p7/3pp1q1/1pP5/N6n/P2PPPpp/R1BQKB1r w 8 ahah",
            1,
        ),
        // Recycle: the queen took its own rook on a1 (b1a1).
        ("Recycle", "4k3/8/8/8/8/8/8/Q3K3 b 1 aiii - 0100000000", 0),
        // Perfect: the site's start flags name the empress's file.
        (
            "Perfect",
            "esqakbnr/pppppppp/8/8/8/8/PPPPPPPP/ESQAKBNR w 0 ahah -",
            0,
        ),
    ] {
        // The flag is kept (the site writes it on) and castles with nothing.
        let mut pos = read(variant, fen);
        pos.state.turn = Color::White;
        let r = rules(variant);
        let mut list = MoveList::new();
        legal::legal_moves(r, &mut pos, &mut list);
        let stale = if side == 0 { 0 } else { 7 };
        let with_stale: Vec<String> = list
            .iter()
            .filter(|m| {
                matches!(m.intent.kind, MoveKind::Castle { rook_from, .. }
                    if r.geometry().file(rook_from) == stale)
            })
            .map(|m| notation::coordinate(r, m))
            .collect();
        assert!(
            with_stale.is_empty(),
            "{variant}: castles with no rook: {with_stale:?}"
        );
        assert_eq!(
            pos.state.castling.rook_file(Color::White, side),
            Some(stale),
            "{variant}: flag kept"
        );
    }
    // A standard FEN that gives a right without its rook is still wrong.
    let chess = rules("Chess");
    let err = position_from_fen(chess, "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1").expect_err("no a1 rook");
    assert!(err.to_string().contains("rook"), "{err}");
}

#[test]
fn pandemonium_en_passant_written_after_a_drop_is_ignored() {
    // vchess takes the reserve's row for a dropped pawn's start square.
    for fen in [
        "rnbqkmcbnr/pppppppppp/91/91/91/4P5/91/91/PPPPPPPPPP/RBNQKMCBNR b 5 ajaj a1,a2 00000000000000",
        "rnbqkmcbnr/pppppppppp/91/91/91/91/91/4p5/PPPPPPPPPP/RBNQKMCBNR w 6 ajaj a0,a1 00000000000000",
    ] {
        let pos = read("Pandemonium1", fen);
        assert_eq!(pos.state.en_passant, None, "{fen}");
    }
}

#[test]
fn placement_hands_are_the_army_less_what_is_placed() {
    // Screen, White has placed its king: one king less in hand, none on
    // Black's side placed yet.
    let pos = read("Screen", "8/8/8/8/3K4/8/8/8 w 0");
    assert_eq!(pos.state.hands.count(Color::White, Kind::KING), 0);
    assert_eq!(pos.state.hands.count(Color::White, Kind::PAWN), 8);
    assert_eq!(pos.state.hands.count(Color::Black, Kind::KING), 1);
    // Black placing: White holds nothing, Black its army less its king.
    let pos = read("Screen", "8/8/1k6/8/QRP1KP2/PP1PPRPP/BN1N4/B7 b 1");
    assert_eq!(pos.state.hands.count(Color::White, Kind::QUEEN), 0);
    assert_eq!(pos.state.hands.count(Color::Black, Kind::KING), 0);
    assert_eq!(pos.state.hands.count(Color::Black, Kind::QUEEN), 1);
    // Sittuyin the same way.
    let pos = read("Sittuyin", "8/8/4pppp/pppp4/4PPPP/PPPP4/8/4K3 w 0");
    assert_eq!(pos.state.hands.count(Color::Black, Kind::KING), 1);
    assert_eq!(pos.state.hands.count(Color::White, Kind::KING), 0);
    assert_eq!(pos.state.hands.count(Color::White, Kind::ROOK), 2);
}

#[test]
fn crazyhouse_six_digit_reserve_is_counted_from_the_board() {
    let zh = rules("Crazyhouse");
    // After 1.e4 d5 2.exd5 Qxd5: White holds a pawn, Black a pawn; the
    // site's field keeps White's five counts and Black's queens only.
    let site = "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w 4 ahah - 100000";
    let full = "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w 4 ahah - 1000010000";
    let pos = read("Crazyhouse", site);
    assert_eq!(pos.state.hands.count(Color::Black, Kind::PAWN), 1);
    assert_eq!(pos.state.hands, read("Crazyhouse", full).state.hands);
    assert_eq!(perft("Crazyhouse", site, 2), perft("Crazyhouse", full, 2));
    assert_eq!(reading_notes(zh, site).len(), 1);
    assert!(reading_notes(zh, full).is_empty());
    // A composed board whose material does not add up: refused, saying
    // what to write.
    let err = position_from_fen(zh, "4k3/8/8/8/8/8/8/4K3 w 0 iiii - 000000").expect_err("lossy");
    let PositionError::Invalid(problems) = &err else {
        panic!("{err}")
    };
    assert!(matches!(problems[0], Problem::LossyField { .. }), "{err}");
    assert!(err.to_string().contains("ten-digit"), "{err}");
}

#[test]
fn schess_summed_pocket_is_told_apart_on_the_board() {
    let flags = "ahah1111111111111111";
    // Both held, none held: the sum says it all.
    let start = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 {flags} - 22");
    let pos = read("Schess", &start);
    assert_eq!(
        pos.state.hands,
        read("Schess", &start.replace(" 22", " 1111")).state.hands
    );
    // White gated its hawk (on b1), no pawn promoted: the elephant is held.
    let gated = "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR b 1 ahah1011111111111111 - 12";
    let pos = read("Schess", gated);
    assert_eq!(pos.state.hands.count(Color::White, Kind(b'h')), 0);
    assert_eq!(pos.state.hands.count(Color::White, Kind(b'e')), 1);
    assert_eq!(pos.state.hands.count(Color::Black, Kind(b'h')), 1);
    assert_eq!(reading_notes(rules("Schess"), gated).len(), 1);
    // White's gated piece taken, a pawn gone: which one is held is open.
    let open = format!("rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w 8 {flags} - 12");
    let err = position_from_fen(rules("Schess"), &open).expect_err("open");
    assert!(err.to_string().contains("four-digit"), "{err}");
}

#[test]
fn three_check_counters_of_lichess_and_fairy_stockfish() {
    // White has given two checks (Black received two), Black none:
    // vchess's flags tail (checks received, White's then Black's) `02`,
    // lichess's `+2+0` (checks given), Fairy-Stockfish's `1+3` (checks
    // still to give).
    let board = "rnbqkbnr/ppp2ppp/8/3pp3/3PP3/8/PPP2PPP/RNBQKBNR";
    let vchess = format!("{board} w 4 ahah02 -");
    let lichess = format!("{board} w KQkq - 0 3 +2+0");
    let fsf = format!("{board} w KQkq - 1+3 0 3");
    let want = perft("Threechecks", &vchess, 3);
    assert_eq!(perft("Threechecks", &lichess, 3), want);
    assert_eq!(perft("Threechecks", &fsf, 3), want);
    // The counter matters: without it the count differs.
    assert_ne!(
        perft("Threechecks", &format!("{board} w KQkq - 0 3"), 3),
        want
    );
    // The issue's position (Fairy-Stockfish's suite: 12,407 at depth 3 in
    // both of its forms); without the counter, every check left: 12,560.
    let issue = "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - -";
    assert_eq!(
        perft("Threechecks", &format!("{issue} 1+3 1 39"), 3),
        12_407
    );
    assert_eq!(
        perft("Threechecks", &format!("{issue} 1 39 +2+0"), 3),
        12_407
    );
    assert_eq!(perft("Threechecks", &format!("{issue} 1 39"), 3), 12_560);
    // A counter is refused where no checks are counted, or past the limit.
    let chess = rules("Chess");
    assert!(position_from_fen(chess, &format!("{board} w KQkq - 0 3 +2+0")).is_err());
    assert!(position_from_fen(chess, &format!("{board} w KQkq - 1+3 0 3")).is_err());
    assert!(position_from_fen(rules("Threechecks"), &format!("{board} w KQkq - 4+3 0 3")).is_err());
}
