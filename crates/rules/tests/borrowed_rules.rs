//! Exact move lists of the borrowed family on small positions: the rules
//! each page states, and the listed deviations from vchess.

use fenpress_rules::{legal, notation, registry, validate, MoveList};

mod common;

/// The legal moves of `variant` in `fen`, in coordinates, sorted.
fn moves(variant: &str, fen: &str) -> Vec<String> {
    common::sorted_moves(variant, fen)
}

fn has(variant: &str, fen: &str, mv: &str) -> bool {
    moves(variant, fen).iter().any(|m| m == mv)
}

#[test]
fn madrasi_paralysed_queens_let_the_king_escape() {
    // The page's diagram: knight and bishop paralysed, so are the queens.
    let fen = "bN2kq1r/p1pp4/2n2Qpr/4RpNp/1pPb1P1P/P2K2P1/1P1R1B2/7B b 1 iiii -";
    assert_eq!(moves("Madrasi", fen), ["e8d8"]);
}

#[test]
fn madrasi_kings_side_by_side_are_frozen() {
    let fen = "8/8/3k4/3K4/8/8/8/R7 b 1 iiii -";
    assert!(moves("Madrasi", fen).is_empty());
}

#[test]
fn isardam_forbids_a_mutual_observation() {
    let fen = "rnbq1rk1/ppp2ppp/3p1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R w 0 ahii -";
    assert!(!has("Isardam", fen, "c1e3"));
    assert!(has("Isardam", fen, "c1d2"));
}

#[test]
fn checkless_check_must_mate() {
    // Left diagram: Qf7 mates (Kxf7 would be a discovered check that does
    // not mate). Right diagram: Kxf7 would mate, so Qf7 is forbidden.
    assert!(has("Checkless", "K5kr/8/5Q2/8/8/8/8/8 w 0 iiii -", "f6f7"));
    assert!(!has(
        "Checkless",
        "K5kr/RB6/5Q2/8/8/8/8/7b w 0 iiii -",
        "f6f7"
    ));
}

#[test]
fn antiking_must_stay_attacked() {
    // After 1.e4 e5 2.Qh5 Ah4?? 3.Qxf7: Black is mated twice over.
    let fen = "rnbqkbnr/pppp1Qpp/1A6/4p3/4P2a/8/PPPP1PPP/RNB1KBNR b 1 ahah -";
    assert!(moves("Antiking2", fen).is_empty());
    // The antiking takes its own pieces: here to get back under attack.
    let fen = "3rk3/8/8/8/8/4a3/3P4/3AK3 w 0 iiii -";
    assert_eq!(moves("Antiking2", fen), ["d1d2"]);
}

#[test]
fn knightrelay_pawn_on_the_last_rank() {
    // Knightrelay1: a relayed pawn gives no check on its last rank
    // (deviation knightrelay1-pawn-last-rank-check).
    let fen = "3k4/8/3P4/1N6/8/8/8/K7 b 1 iiii";
    assert!(has("Knightrelay1", fen, "d8c8"));
    // Knightrelay2: a relayed pawn may leap to the last rank and promote.
    let fen = "7k/8/3P4/1N6/8/8/8/K7 w 0 iiii -";
    assert!(has("Knightrelay2", fen, "d6c8q"));
    assert!(!has(
        "Knightrelay1",
        "7k/8/3P4/1N6/8/8/8/K7 w 0 iiii",
        "d6c8q"
    ));
}

#[test]
fn copycat_queen_borrows_the_knight() {
    // The page's diagrams: Qe6 mates, the queen then moving like the knight.
    let fen = "1r3k1r/2p3pp/2P5/p2p4/Pp1Q4/4N3/1PP1PP1P/4K3 w 0 iiii -";
    assert!(has("Copycat", fen, "d4e6"));
    let fen = "1r3k1r/2p3pp/2P1Q3/p2p4/Pp6/4N3/1PP1PP1P/4K3 b 1 iiii -";
    assert!(moves("Copycat", fen).is_empty());
}

#[test]
fn relayup_pawn_relayed_by_knight_and_queen() {
    // The page's diagram: the e2 pawn reaches c3, d4, d3, e3, f4, f3, g3.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0";
    let from_e2: Vec<String> = moves("Relayup", start)
        .into_iter()
        .filter(|m| m.starts_with("e2"))
        .collect();
    assert_eq!(
        from_e2,
        ["e2c3", "e2d3", "e2d4", "e2e3", "e2f3", "e2f4", "e2g3"]
    );
}

#[test]
fn rampage_balanced_square_is_closed() {
    // e5 is guarded twice by each side: no rampage move goes there.
    let fen = "k7/p7/2n1r3/8/8/8/4R2P/4Q2K w 0 iiii -";
    assert!(!moves("Rampage", fen)
        .iter()
        .any(|m| m.ends_with("e5") && !m.starts_with('e')));
}

#[test]
fn switching_mates_by_a_swap() {
    // Sb8c8 mates; the swap is listed once.
    let fen = "1RB3k1/5ppp/8/8/8/8/8/K7 w 0 iiii -";
    let swaps: Vec<String> = moves("Switching", fen)
        .into_iter()
        .filter(|m| m == "b8c8" || m == "c8b8")
        .collect();
    assert_eq!(swaps, ["b8c8"]);
}

#[test]
fn explain_names_the_rule_that_forbids() {
    use fenpress_rules::explain::forbidding_rule;
    let why = |variant: &str, fen: &str, from: &str, to: &str| {
        let rules = registry::rules(variant).unwrap();
        let pos = validate::position_from_fen(rules, fen).unwrap();
        let g = rules.geometry();
        let (f, t) = (g.parse_square(from).unwrap(), g.parse_square(to).unwrap());
        forbidding_rule(rules, &pos, f, t)
    };
    let madrasi = "bN2kq1r/p1pp4/2n2Qpr/4RpNp/1pPb1P1P/P2K2P1/1P1R1B2/7B b 1 iiii -";
    assert!(why("Madrasi", madrasi, "c6", "e7").is_some_and(|r| r.starts_with("Madrasi")));
    assert_eq!(why("Madrasi", madrasi, "e8", "d8"), None);
    let isardam = "rnbq1rk1/ppp2ppp/3p1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R w 0 ahii -";
    assert!(why("Isardam", isardam, "c1", "e3").is_some_and(|r| r.starts_with("Isardam")));
    assert_eq!(why("Isardam", isardam, "c1", "d2"), None);
    let checkless = "K5kr/RB6/5Q2/8/8/8/8/7b w 0 iiii -";
    assert!(why("Checkless", checkless, "f6", "f7").is_some_and(|r| r.starts_with("Checkless")));
    let antiking = "3rk3/8/8/8/8/4a3/3P4/3AK3 w 0 iiii -";
    assert!(why("Antiking2", antiking, "e1", "f1").is_some_and(|r| r.starts_with("antiking")));
}

/// The FEN of `variant`'s position after `line` (coordinates) from `fen`.
fn fen_after(variant: &str, fen: &str, line: &[&str]) -> String {
    let rules = registry::rules(variant).expect("registered");
    let mut pos = validate::position_from_fen(rules, fen).expect("valid FEN");
    for want in line {
        let mut list = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut list);
        let mv = *list
            .iter()
            .find(|m| notation::coordinate(rules, m) == *want)
            .unwrap_or_else(|| panic!("{want} is legal"));
        rules.play(&mut pos, &mv);
    }
    fenpress_rules::fen::vchess_fen(rules, &pos)
}

#[test]
fn iceage_comes_after_black_s_twentieth_move() {
    // The page's pair of diagrams: before and after 20...Rxc3.
    let before = "2rq1rk1/3bpp2/1c1p1bP1/1p2n3/4P2P/1NN2P1c/PPPQ4/1K1R3R b 39 hhhh -";
    let after = fen_after("Iceage", before, &["c8c3"]);
    assert_eq!(
        after,
        "cccq1rkc/cccbppcc/cccp1bPc/ccccnccc/ccccPccc/cNrccPcc/PPPQcccc/1K1Rcccc w 40 hhhh -"
    );
}

#[test]
fn iceage_cubes_block_and_are_taken() {
    // The knight takes cubes; pawns only step onto empty squares.
    let start =
        "rnbqkbnr/pppppppp/cccccccc/cccccccc/cccccccc/cccccccc/PPPPPPPP/RNBQKBNR w 0 ahah -";
    assert!(has("Iceage", start, "b1c3"));
    assert!(has("Iceage", start, "e2d3"));
    assert!(!has("Iceage", start, "e2e3"));
}

#[test]
fn iceage_frozen_king_loses() {
    // Kd1 is ply 40: the white king stays beside its pawn, the lone black
    // king freezes (the FEN shows a cube), and White has won.
    let rules = registry::rules("Iceage").expect("registered");
    let mut pos =
        validate::position_from_fen(rules, "4k3/8/8/8/8/8/4P3/4K3 w 39 iiii -").expect("valid");
    let mut list = MoveList::new();
    legal::legal_moves(rules, &mut pos, &mut list);
    let kd1 = *list
        .iter()
        .find(|m| notation::coordinate(rules, m) == "e1d1")
        .expect("Kd1 is legal");
    rules.play(&mut pos, &kd1);
    assert_eq!(
        fenpress_rules::fen::vchess_fen(rules, &pos),
        "cccccccc/cccccccc/cccccccc/cccccccc/cccccccc/cccccccc/ccccPccc/cccKcccc b 40 iiii -"
    );
    let outcome = legal::outcome(rules, &mut pos).expect("game over");
    assert_eq!(outcome.winner(), Some(fenpress_rules::Color::White));
}

#[test]
fn teleport_the_queen_is_not_pinned() {
    // The page's pair: 1.Qxh5 (a self-capture), then N@f6+ gives the second
    // diagram; the queen leaves the pin because the knight can block it.
    let fen = "7k/6b1/8/4Q2N/8/8/8/K7 w 0 iiii -";
    assert!(has("Teleport1", fen, "e5h5"));
    let after = fen_after("Teleport1", fen, &["e5h5", "N@f6"]);
    assert_eq!(after, "7k/6b1/5N2/7Q/8/8/8/K7 b 1 iiii -");
}

#[test]
fn teleport_king_placed_out_of_check() {
    // The page's answer 1...Kxg7 (the king takes its own bishop), B@d4+;
    // the bishop may also take its king (Teleport1), never in Teleport2.
    let fen = "7k/6b1/5N2/7Q/8/8/8/K7 b 1 iiii -";
    let after = fen_after("Teleport1", fen, &["h8g7", "B@d4"]);
    assert_eq!(after, "8/6k1/5N2/7Q/3b4/8/8/K7 w 2 iiii -");
    assert!(has("Teleport1", fen, "g7h8"));
    assert!(!has("Teleport2", fen, "g7h8"));
}

#[test]
fn hypnotic_knight_takes_its_queen() {
    // The page's pair: White moves the attacked black knight, which takes
    // its own queen (Nxd8); the knight is then frozen for Black.
    let before = "r1bqk1nr/pppp1ppp/2n5/1Bb1p3/4P3/5N2/PPPP1PPP/RNBQK2R w 0 ahah - -";
    let after = fen_after("Hypnotic", before, &["c6d8"]);
    assert_eq!(
        after,
        "r1bnk1nr/pppp1ppp/8/1Bb1p3/4P3/5N2/PPPP1PPP/RNBQK2R b 1 ahah - d8"
    );
    assert!(!moves("Hypnotic", &after)
        .iter()
        .any(|m| m.starts_with("d8")));
}

#[test]
fn mesmer_moves_what_the_mesmerist_observes() {
    // The d3 Mesmerist sees h7 along its diagonal: White may move that
    // pawn (vchess's move list never holds such a move), then it is frozen.
    let start = "rnbqkbnr/pppppppp/3m4/8/8/3M4/PPPPPPPP/RNBQKBNR w 0 ahah - -";
    assert!(has("Mesmer", start, "h7h5"));
    // The black Mesmerist is never moved by White, and never takes.
    assert!(!has("Mesmer", start, "d6d4"));
    assert!(!has("Mesmer", start, "d3d6"));
    let after = fen_after("Mesmer", start, &["h7h5"]);
    assert_eq!(
        after,
        "rnbqkbnr/ppppppp1/3m4/7p/8/3M4/PPPPPPPP/RNBQKBNR b 1 ahah h6 h5"
    );
    assert!(!moves("Mesmer", &after).iter().any(|m| m.starts_with("h5")));
}

#[test]
fn wormhole1_knight_among_holes() {
    // The page's diagram: the knight's marked squares (the text's king
    // step to c6 is not in it: its own lion stands there).
    let fen = "cwkxxxwn/ppxppppx/2mxxW2/4x2p/3P1x2/3n1x2/PPPxPPPP/CWxxxNKC b 20";
    let knight: Vec<String> = moves("Wormhole1", fen)
        .into_iter()
        .filter(|m| m.starts_with("d3"))
        .collect();
    assert_eq!(knight, ["d3b2", "d3b4", "d3c5", "d3f2", "d3f6", "d3g5"]);
    // c7 is a hole: no piece ever lands there.
    assert!(!has("Wormhole1", fen, "c6c7"));
    // The square left becomes a hole.
    let after = fen_after("Wormhole1", fen, &["d3b4"]);
    assert_eq!(
        after,
        "cwkxxxwn/ppxppppx/2mxxW2/4x2p/1n1P1x2/3x1x2/PPPxPPPP/CWxxxNKC w 21"
    );
}

#[test]
fn joker_swaps_but_never_takes() {
    // The page's start: the Joker leaps and slides onto empty squares, swaps
    // with any friend but the king, and takes nothing.
    let start = "rnbqkbnr/pppppppp/3j4/8/8/3J4/PPPPPPPP/RNBQKBNR w 0 ahah -";
    assert!(has("Joker", start, "d3a1"));
    assert!(has("Joker", start, "d3c5"));
    assert!(!has("Joker", start, "d3e1"));
    assert!(!has("Joker", start, "d3d6"));
    assert!(!has("Joker", start, "d3d3"));
    assert_eq!(moves("Joker", start).len(), 52);
}

#[test]
fn magnetic_queen_pulls_and_pushes() {
    // The page's diagrams: Qd5 pushes its rook to b5 (stopped by the black
    // queen), pulls the black rook from f5 and the bishop from d2, and
    // leaves its king (d6) where it stands.
    let before = "3b4/8/3K4/q1R2rP1/3Q4/8/3b4/8 w 0 iiii";
    let after = fen_after("Magnetic", before, &["d4d5"]);
    assert_eq!(after, "3b4/8/3K4/qR1Qr1P1/3b4/8/8/8 b 1 iiii");
}

#[test]
fn fullcavalry_castles_over_a_piece_and_turns_its_lancer() {
    // The page's pair: 0-0-0 jumps the lancer over the bishop on b1 and may
    // turn it (here north); Black's 0-0 leaves its lancer, already on f8,
    // as it was.
    let before = "nn1ekm2/p1ppppqp/bp3bp1/8/8/BPPN2N1/P1QPPPPP/EB4KM w 10 ahdf";
    let castles: Vec<String> = moves("Fullcavalry", before)
        .into_iter()
        .filter(|m| m.starts_with("g1c1") || m.starts_with("g1a1"))
        .collect();
    assert_eq!(
        castles.len(),
        5,
        "one castling per orientation: {castles:?}"
    );
    let rules = registry::rules("Fullcavalry").expect("registered");
    let mut pos = validate::position_from_fen(rules, before).expect("valid FEN");
    let mut list = MoveList::new();
    legal::legal_moves(rules, &mut pos, &mut list);
    let north = list
        .iter()
        .find(|m| {
            m.effect.appear.len() == 2
                && m.effect
                    .appear
                    .as_slice()
                    .iter()
                    .any(|a| a.piece.letter() == 'C' && a.square == pos_square(rules, "d1"))
        })
        .copied()
        .expect("0-0-0 with the lancer facing north");
    rules.play(&mut pos, &north);
    assert!(fenpress_rules::fen::vchess_fen(rules, &pos)
        .starts_with("nn1ekm2/p1ppppqp/bp3bp1/8/8/BPPN2N1/P1QPPPPP/1BKC3M b"));
}

fn pos_square(rules: &dyn fenpress_rules::Rules, name: &str) -> fenpress_rules::Square {
    rules.geometry().parse_square(name).expect("a square")
}

#[test]
fn fullcavalry_first_plies_take_nothing() {
    // vchess allows no capture in the first two plies: e4xd5 waits.
    let fen = "enbqkbnm/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/ENBQKBNM w 1 ahah -";
    assert!(!has("Fullcavalry", fen, "e4d5"));
    let later = "enbqkbnm/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/ENBQKBNM w 2 ahah -";
    assert!(has("Fullcavalry", later, "e4d5"));
}

#[test]
fn rollerball_rook_rebounds_at_the_corner() {
    // From a1 the rook runs up the a-file along the ring and, at a7, turns
    // along the seventh rank; eastward it steps only once.
    let fen = "7/3k3/2xxx2/2xxx2/2xxx2/5K1/R6 w 0 00";
    let rook: Vec<String> = moves("Rollerball", fen)
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    assert_eq!(rook.len(), 13, "{rook:?}");
    assert!(rook.iter().any(|m| m == "a1g7"));
    assert!(!rook.iter().any(|m| m == "a1c1"));
}

#[test]
fn rollerball_king_round_the_ring_wins() {
    // White's king has reached zone 6 (c6); d6 is the last zone.
    let rules = registry::rules("Rollerball").expect("registered");
    let fen = "7/2K4/2xxx2/2xxx2/2xxx2/7/4k2 w 30 60";
    assert_eq!(
        fen_after("Rollerball", fen, &["c6d6"]),
        "7/3K3/2xxx2/2xxx2/2xxx2/7/4k2 b 31 70"
    );
    let mut pos =
        validate::position_from_fen(rules, "7/3K3/2xxx2/2xxx2/2xxx2/7/4k2 b 31 70").expect("valid");
    let outcome = legal::outcome(rules, &mut pos).expect("game over");
    assert_eq!(outcome.winner(), Some(fenpress_rules::Color::White));
}
