//! Property tests over random playouts (a seeded xorshift, no dependency):
//! every legal move plays and unplays to the same position; FEN and move
//! notation round-trip; the fast check test agrees with the generic
//! definition; arbitrary bytes as FEN or move never panic.

use fenpress_rules::notation::{coordinate, parse_move, san};
use fenpress_rules::rules::royal_captures;
use fenpress_rules::validate::position_from_fen;
use fenpress_rules::{fen, legal, registry, Color, MoveList, Rules};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const STARTS: &[(&str, &str)] = &[
    ("chess", "start"),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "chess",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
    (
        "chess",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ),
    ("orda", "start"),
    (
        "orda",
        "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
    ),
];

#[test]
fn random_playouts_keep_every_invariant() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked_moves = 0;
    for &(variant, start) in STARTS {
        let rules: &dyn Rules = registry::rules(variant).unwrap();
        for _game in 0..12 {
            let text = if start == "start" {
                rules.start_fen()
            } else {
                start
            };
            let mut pos = position_from_fen(rules, text).unwrap();
            for _ply in 0..80 {
                let mut moves = MoveList::new();
                legal::legal_moves(rules, &mut pos, &mut moves);
                // The fast check test agrees with the definition.
                for color in Color::ALL {
                    assert_eq!(
                        rules.royal_attacked(&pos, color),
                        !royal_captures(rules, &pos, color).is_empty(),
                        "{}",
                        fen::standard_fen(rules, &pos)
                    );
                }
                // FEN round trips, in both formats.
                let standard = fen::standard_fen(rules, &pos);
                let back = position_from_fen(rules, &standard)
                    .unwrap_or_else(|e| panic!("{standard}: {e}"));
                assert_eq!(back, pos, "{standard}");
                let vchess = fen::vchess_fen(rules, &pos);
                let back =
                    position_from_fen(rules, &vchess).unwrap_or_else(|e| panic!("{vchess}: {e}"));
                assert_eq!(
                    (&back.board, back.state.turn, back.state.castling),
                    (&pos.board, pos.state.turn, pos.state.castling)
                );
                assert_eq!(
                    (back.state.en_passant, back.state.plies),
                    (pos.state.en_passant, pos.state.plies)
                );
                for mv in &moves {
                    let before = pos.clone();
                    let undo = rules.play(&mut pos, mv);
                    assert!(!rules.royal_attacked(&pos, mv.color()));
                    rules.unplay(&mut pos, mv, undo);
                    assert_eq!(pos, before, "play/unplay {}", coordinate(rules, mv));
                    // Notation names this very move.
                    let s = san(rules, &mut pos, mv);
                    let parsed = parse_move(rules, &mut pos, &s)
                        .unwrap_or_else(|e| panic!("{standard}: {s}: {e}"));
                    assert_eq!(parsed.intent, mv.intent, "{standard}: {s}");
                    let c = coordinate(rules, mv);
                    let parsed = parse_move(rules, &mut pos, &c)
                        .unwrap_or_else(|e| panic!("{standard}: {c}: {e}"));
                    assert_eq!(parsed.intent, mv.intent, "{standard}: {c}");
                    checked_moves += 1;
                }
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                rules.play(&mut pos, &mv);
            }
        }
    }
    assert!(checked_moves > 10_000, "{checked_moves}");
}

#[test]
fn arbitrary_text_never_panics() {
    let mut rng = Rng(12345);
    let alphabet = b"rnbqkpRNBQKPlhayLHAYx@/12345678910 wb-KQkqe3ahi=+#xO0";
    let chess = registry::rules("chess").unwrap();
    let orda = registry::rules("orda").unwrap();
    let maxima = registry::lookup("maxima").unwrap();
    for i in 0..20_000 {
        let len = rng.below(70);
        let bytes: Vec<u8> = if i % 3 == 0 {
            (0..len).map(|_| rng.next() as u8).collect()
        } else {
            (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect()
        };
        let text = String::from_utf8_lossy(&bytes);
        for rules in [chess, orda] {
            if let Ok(mut pos) = position_from_fen(rules, &text) {
                let _ = legal::perft(rules, &mut pos, 1);
            }
            let mut pos = rules.start_position();
            let _ = parse_move(rules, &mut pos, &text);
        }
        if let Ok(setup) = fen::parse(&text) {
            let _ = fenpress_rules::validate::validate_board(&maxima.board_spec(), &setup);
        }
        let _ = fenpress_rules::validate::digit_reading_notes(&text, 10);
    }
}
