//! Paco Sako: perft from the fixtures in both modes, and unit tests of
//! unions, chains, promotion, en passant and castling.

mod common;

use fenpress_rules::variants::pacosako::PacoState;
use fenpress_rules::{
    fen, legal, notation, registry, validate, MoveKind, MoveList, Outcome, Position, Rules,
};

fn vchess() -> &'static dyn Rules {
    registry::rules("Pacosako").unwrap()
}
fn pacoplay() -> &'static dyn Rules {
    registry::rules_with_options("Pacosako", &["pacoplay"]).unwrap()
}

#[test]
fn perft_vchess_mode() {
    common::perft_fixture(vchess(), include_str!("fixtures/perft-pacosako.txt"));
}

#[test]
fn perft_pacoplay_mode() {
    common::perft_fixture(
        pacoplay(),
        include_str!("fixtures/perft-pacosako-pacoplay.txt"),
    );
}

/// No castling rights, all pawn flags, no last union move.
const TAIL: &str = "iiii1111111111111111 - -";

fn pos(rules: &dyn Rules, board: &str, turn: char) -> Position {
    let plies = if turn == 'w' { 0 } else { 1 };
    validate::position_from_fen(rules, &format!("{board} {turn} {plies} {TAIL}")).unwrap()
}

/// Plays moves given in notation; panics with the move that fails.
fn play(rules: &dyn Rules, pos: &mut Position, moves: &[&str]) {
    for m in moves {
        let mv = notation::parse_move(rules, pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        rules.play(pos, &mv);
    }
}

fn legal(rules: &dyn Rules, pos: &mut Position) -> Vec<String> {
    let mut moves = MoveList::new();
    legal::legal_moves(rules, pos, &mut moves);
    moves.iter().map(|m| notation::san(rules, pos, m)).collect()
}

fn board(rules: &dyn Rules, pos: &Position) -> String {
    fen::board_fen(rules, pos)
}

#[test]
fn start_fen_round_trips_with_pawn_flags_and_union_move() {
    let r = vchess();
    let mut p = r.start_position();
    assert_eq!(fen::vchess_fen(r, &p), r.start_fen());
    play(r, &mut p, &["e4"]);
    assert_eq!(
        fen::vchess_fen(r, &p),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 ahah1111011111111111 e3 -"
    );
    let again = validate::position_from_fen(r, &fen::vchess_fen(r, &p)).unwrap();
    assert_eq!(again, p);
}

#[test]
fn a_capture_forms_a_union_that_either_side_moves_to_empty_squares() {
    for r in [vchess(), pacoplay()] {
        let mut p = pos(r, "4k3/8/4p3/3p4/8/4N3/8/4K3", 'w');
        play(r, &mut p, &["Nxd5"]);
        // White knight + Black pawn, the pawn Black's: `d`, lowercase.
        assert_eq!(board(r, &p), "4k3/8/4p3/3d4/8/8/8/4K3");
        // Black moves the union as its pawn: forward to the empty d4 only.
        let black = legal(r, &mut p);
        assert!(black.contains(&"d4".to_string()), "{black:?}");
        assert!(!black.iter().any(|m| m.starts_with("dx")), "{black:?}");
        play(r, &mut p, &["d4"]);
        // White moves it as its knight, never onto the e6 pawn (a union
        // moves to empty squares only).
        let white = legal(r, &mut p);
        assert!(white.contains(&"Nc6".to_string()), "{white:?}");
        assert!(!white.iter().any(|m| m.contains("xe6")), "{white:?}");
        // A lone piece never moves onto a friendly lone piece.
        let mut q = pos(r, "4k3/8/8/8/8/4N3/2P5/4K3", 'w');
        assert!(!legal(r, &mut q).contains(&"Nxc2".to_string()));
    }
}

#[test]
fn entering_a_union_releases_a_piece_that_moves_at_once() {
    for r in [vchess(), pacoplay()] {
        let mut p = pos(r, "4k3/8/2q5/8/4O3/2w2B2/8/5K2", 'w');
        let mv = notation::parse_move(r, &mut p, "Bxe4").unwrap();
        assert!(mv.intent.continues);
        assert_eq!(notation::san(r, &mut p.clone(), &mv), "Bxe4");
        r.play(&mut p, &mv);
        assert_eq!(p.turn(), fenpress_rules::Color::White, "the chain goes on");
        // Only the released knight moves now, and notation names its origin.
        let steps = legal(r, &mut p);
        assert!(steps.iter().all(|m| m.starts_with("Ne4")), "{steps:?}");
        assert!(steps.contains(&"Ne4xc3".to_string()));
        play(r, &mut p, &["Ne4xc3", "Qc3xc6"]);
        assert_eq!(board(r, &p), "4k3/8/2Y5/8/4s3/2S5/8/5K2");
        assert_eq!(p.turn(), fenpress_rules::Color::Black);
        assert_eq!(PacoState::of(&p.state).hand, None);
    }
}

#[test]
fn a_chain_can_loop_back() {
    // Two White bishops swap between the unions on c3 and b4 (vchess's own
    // example of a looping chain): every step is legal, the board repeats.
    let r = vchess();
    let mut p = pos(
        r,
        "r1q1k2r/p1Pb1ppp/5n2/1f1p4/AV5P/P1eDP3/3B1PP1/R3K1NR",
        'w',
    );
    play(r, &mut p, &["Bxc3", "Bc3xb4"]);
    let once = board(r, &p);
    play(r, &mut p, &["Bb4xc3", "Bc3xb4"]);
    assert_eq!(board(r, &p), once);
    let state = PacoState::of(&p.state);
    assert_eq!(state.step, 3);
    assert!(state.hand.is_some());
    // It can also stop: the bishop in hand on b4 may go to an empty square.
    play(r, &mut p, &["Bb4-a5"]);
    assert_eq!(p.turn(), fenpress_rules::Color::Black);
}

#[test]
fn a_pawn_promotes_in_a_union() {
    for r in [vchess(), pacoplay()] {
        let mut p = pos(r, "r3k3/1P6/8/8/8/8/8/4K3", 'w');
        play(r, &mut p, &["bxa8=N"]);
        // White knight + Black rook: `i` (rook, knight), Black's first.
        assert_eq!(board(r, &p), "i3k3/8/8/8/8/8/8/4K3");
    }
}

#[test]
fn a_union_brings_the_opponents_pawn_to_its_last_rank() {
    // Black pawn + White rook on a3; the rook takes the pair to a1.
    let count_a1 = |r: &dyn Rules| {
        let mut p = pos(r, "4k3/8/8/8/8/c7/8/4K3", 'w');
        legal(r, &mut p).iter().filter(|m| m.contains("a1")).count()
    };
    // vchess: the mover chooses the pawn's new piece.
    assert_eq!(count_a1(vchess()), 4);
    let r = vchess();
    let mut p = pos(r, "4k3/8/8/8/8/c7/8/4K3", 'w');
    play(r, &mut p, &["Ra1=N"]);
    assert_eq!(board(r, &p), "4k3/8/8/8/8/8/8/I3K3");
    // pacoplay: one move; its owner promotes as part of its next step.
    assert_eq!(count_a1(pacoplay()), 1);
    let r = pacoplay();
    let mut p = pos(r, "4k3/8/8/8/8/c7/8/4K3", 'w');
    play(r, &mut p, &["Ra1"]);
    assert_eq!(p.turn(), fenpress_rules::Color::Black);
    let names = legal(r, &mut p);
    // Each of the four promotions with each step of the promoted position:
    // the king's five, and the new piece's own moves out of the union.
    assert!(names.iter().all(|n| n.starts_with('=')), "{names:?}");
    for k in ['Q', 'R', 'B', 'N'] {
        assert!(names.contains(&format!("={k}:Kd7")), "{names:?}");
    }
    assert!(names.contains(&"=Q:Qa8".to_string()), "{names:?}");
    assert!(names.contains(&"=N:Nb3".to_string()), "{names:?}");
    let mut moves = MoveList::new();
    legal::legal_moves(r, &mut p, &mut moves);
    // The union moves to empty squares: the rank up to White's king on e1
    // (3), the file (7), the diagonal (7); the king's 5 steps besides.
    assert_eq!(moves.len(), 4 * 5 + 17 + 10 + 7 + 2, "{names:?}");
    let before = p.clone();
    play(r, &mut p, &["=Q:Kd7"]);
    assert_eq!(board(r, &p), "8/3k4/8/8/8/8/8/L3K3");
    assert_eq!(p.turn(), fenpress_rules::Color::White, "one ply for both");
    assert_eq!(PacoState::of(&p.state).promotion, None);
    // Taken back, the pawn waits again.
    let mut q = before.clone();
    let mv = notation::parse_move(r, &mut q, "=N:Nb3").unwrap();
    let undo = r.play(&mut q, &mv);
    // The knight carries its partner, the white rook, along.
    assert_eq!(board(r, &q), "4k3/8/8/8/8/1I6/8/4K3");
    r.unplay(&mut q, &mv, undo);
    assert_eq!(q, before);
    // The FEN has no field for the waiting pawn; read back, the board says.
    let again = validate::position_from_fen(r, &fen::vchess_fen(r, &before)).unwrap();
    assert_eq!(
        PacoState::of(&again.state).promotion,
        PacoState::of(&before.state).promotion
    );
    assert_eq!(legal(r, &mut again.clone()), names);
    // Coordinates carry the promotion too, and read back.
    let mv = notation::parse_move(r, &mut q, "=R:e8d7").unwrap();
    assert_eq!(notation::coordinate(r, &mv), "=R:e8d7");
    // Without it, the text names four moves.
    assert!(matches!(
        notation::parse_move(r, &mut q, "Kd7"),
        Err(notation::MoveError::Ambiguous { .. })
    ));
}

#[test]
fn en_passant_on_a_union_releases_from_the_passed_square() {
    for r in [vchess(), pacoplay()] {
        // Black pawn + White knight on d7: Black double-steps the pair.
        let mut p = pos(r, "4k3/3d4/8/4P3/8/8/8/4K3", 'b');
        play(r, &mut p, &["d5"]);
        assert_eq!(p.state.en_passant, r.geometry().parse_square("d6"));
        let mv = notation::parse_move(r, &mut p, "exd6").unwrap();
        assert_eq!(mv.intent.kind, MoveKind::EnPassant);
        assert!(mv.intent.continues);
        r.play(&mut p, &mv);
        // The pair came back to d6 and met the pawn there: two pawns; the
        // knight is released on d6 and moves now.
        assert_eq!(board(r, &p), "4k3/8/3A4/8/8/8/8/4K3");
        let steps = legal(r, &mut p);
        assert!(
            !steps.is_empty() && steps.iter().all(|m| m.starts_with("Nd6")),
            "{steps:?}"
        );
    }
}

#[test]
fn no_check_and_a_union_with_the_king_wins() {
    use fenpress_rules::Color::{Black, White};
    for r in [vchess(), pacoplay()] {
        // The king may stand attacked: Kf2 on the rook's rank is legal.
        let mut p = pos(r, "4k3/8/8/8/8/8/3r4/4K3", 'w');
        assert!(legal(r, &mut p).contains(&"Kf2".to_string()));
        let mut p = pos(r, "4k3/8/8/8/4r3/8/8/4K3", 'b');
        play(r, &mut p, &["Rxe1"]);
        assert_eq!(board(r, &p), "4k3/8/8/8/8/8/8/4m3");
        assert_eq!(
            legal::outcome(r, &mut p),
            Some(Outcome::VariantWin {
                winner: Black,
                reason: "union with the king"
            })
        );
    }
    // vchess lets a king form a union, which puts its own king in one: a
    // loss (vchess's result rule); pacoplay's king moves to empty squares.
    let mut p = pos(vchess(), "4k3/8/8/8/8/8/3r4/4K3", 'w');
    play(vchess(), &mut p, &["Kxd2"]);
    assert_eq!(
        legal::outcome(vchess(), &mut p).and_then(Outcome::winner),
        Some(Black)
    );
    let mut p = pos(pacoplay(), "4k3/8/8/8/8/8/3r4/4K3", 'w');
    assert!(!legal(pacoplay(), &mut p).contains(&"Kxd2".to_string()));
    let _ = White;
}

#[test]
fn vchess_forbids_undoing_a_union_move_pacoplay_does_not() {
    // White knight + Black knight on d4; Black moves the pair to f5.
    for (r, may_undo) in [(vchess(), false), (pacoplay(), true)] {
        let mut p = pos(r, "4k3/8/8/8/3O4/8/8/4K3", 'b');
        play(r, &mut p, &["Nf5"]);
        assert_eq!(legal(r, &mut p).contains(&"Nd4".to_string()), may_undo);
        assert!(legal(r, &mut p).contains(&"Ne3".to_string()));
    }
}

#[test]
fn vchess_allows_one_double_step_per_file_pacoplay_always() {
    // White's e-file double step already spent (flag 5 of 16 is 0).
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w 0 iiii1111011111111111 - -";
    for (r, double) in [(vchess(), false), (pacoplay(), true)] {
        let mut p = validate::position_from_fen(r, fen).unwrap();
        let moves = legal(r, &mut p);
        assert!(moves.contains(&"e3".to_string()));
        assert_eq!(moves.contains(&"e4".to_string()), double);
    }
    // A pawn brought back to its first rank may jump two squares (both).
    for r in [vchess(), pacoplay()] {
        let mut p = pos(r, "4k3/8/8/8/8/8/8/3DK3", 'w');
        assert!(legal(r, &mut p).contains(&"d3".to_string()));
    }
}

/// Random games in both modes: play/unplay restores the position exactly,
/// notation (SAN-like and coordinates) names each move back, and the vchess
/// FEN round trips between turns.
#[test]
fn random_playouts_keep_every_invariant() {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut checked = 0;
    for r in [vchess(), pacoplay()] {
        for _game in 0..10 {
            let mut p = r.start_position();
            for _ply in 0..120 {
                let mut moves = MoveList::new();
                legal::legal_moves(r, &mut p, &mut moves);
                let between_turns = PacoState::of(&p.state).hand.is_none()
                    && PacoState::of(&p.state).promotion.is_none();
                if between_turns {
                    let text = fen::vchess_fen(r, &p);
                    let back = validate::position_from_fen(r, &text)
                        .unwrap_or_else(|e| panic!("{text}: {e}"));
                    assert_eq!(back.board, p.board, "{text}");
                    assert_eq!(back.state.variant, p.state.variant, "{text}");
                    assert_eq!(back.state.castling, p.state.castling, "{text}");
                }
                for mv in &moves {
                    let before = p.clone();
                    let undo = r.play(&mut p, mv);
                    r.unplay(&mut p, mv, undo);
                    assert_eq!(p, before);
                    for text in [notation::san(r, &mut p, mv), notation::coordinate(r, mv)] {
                        let back = notation::parse_move(r, &mut p, &text)
                            .unwrap_or_else(|e| panic!("{}: {text}: {e}", fen::vchess_fen(r, &p)));
                        assert_eq!(back.intent, mv.intent, "{text}");
                    }
                    checked += 1;
                }
                if moves.is_empty() {
                    break;
                }
                let mv = moves[next(moves.len())];
                r.play(&mut p, &mv);
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

/// Moving a union straight back after it promoted the partner pawn cancels
/// nothing (the pawn stays promoted): vchess allows it (issue 13, item 3).
#[test]
fn a_promoting_union_move_may_be_moved_back() {
    let r = vchess();
    let mut p =
        validate::position_from_fen(r, "4k3/8/1D6/8/8/8/8/4K3 b 1 iiii1111111111111111 - -")
            .unwrap();
    assert_eq!(legal::perft(r, &mut p, 2), 171);
}

/// A file's double step is spent by using it, not by a single step: the
/// page's house rule ("only once per file"), as vchess counts it.
#[test]
fn a_single_step_keeps_the_files_double_step() {
    let r = vchess();
    let mut p = pos(r, "4k3/8/8/8/8/8/3P4/4K3", 'w');
    play(r, &mut p, &["d3"]);
    assert!(fen::vchess_fen(r, &p).contains("iiii1111111111111111"));
    let mut p = pos(r, "4k3/8/8/8/8/8/3P4/4K3", 'w');
    play(r, &mut p, &["d4"]);
    assert!(fen::vchess_fen(r, &p).contains("iiii1110111111111111"));
}

/// The last-union field is user text: four bytes that are not four ASCII
/// characters (here `}` and a multi-byte character) are a bad field, not a
/// panic on a cut inside the character (found by fuzzing).
#[test]
fn a_union_field_with_a_wide_character_is_a_bad_field() {
    let text = "r3k2r/8/8/8/8/8/8/R3K2R w 0 iiii1111111111111111 - }\u{FFFD}";
    assert!(validate::position_from_fen(vchess(), text).is_err());
    let fine = format!("r3k2r/8/8/8/8/8/8/R3K2R w 0 {TAIL}");
    assert!(validate::position_from_fen(vchess(), &fine).is_ok());
}
