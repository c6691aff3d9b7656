//! Baroque and Maxima rules, one mechanism per test, each on a small
//! position with the exact moves expected: every capture mechanism, the
//! immobilizer (and the chameleon against it), check by an immobilized
//! piece, Maxima's cylinder king, palace and wins.

use fenpress_rules::{legal, registry, validate, Outcome, Position, Rules};

fn position(variant: &str, fen: &str) -> (&'static dyn Rules, Position) {
    let rules = registry::rules(variant).expect("variant has rules");
    let pos = validate::position_from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    (rules, pos)
}

/// The legal moves of the piece on `from`, each `from to` then `x` and the
/// squares it takes, sorted.
fn moves_from(variant: &str, fen: &str, from: &str) -> Vec<String> {
    let (rules, mut pos) = position(variant, fen);
    let g = rules.geometry();
    let from = g.parse_square(from).expect("a square");
    let mut moves = Vec::new();
    legal::legal_moves(rules, &mut pos, &mut moves);
    let mut out: Vec<String> = moves
        .iter()
        .filter(|m| m.intent.from == from)
        .map(|m| {
            let mut s = format!(
                "{}{}",
                g.square_name(m.intent.from),
                g.square_name(m.intent.to)
            );
            let mut taken: Vec<String> = m.capture_squares().map(|q| g.square_name(q)).collect();
            taken.sort();
            if !taken.is_empty() {
                s.push('x');
                s.push_str(&taken.join(","));
            }
            s
        })
        .collect();
    out.sort();
    out
}

fn captures_from(variant: &str, fen: &str, from: &str) -> Vec<String> {
    moves_from(variant, fen, from)
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect()
}

#[test]
fn pincer_takes_an_enemy_between_it_and_a_friend() {
    assert_eq!(
        moves_from("baroque", "7k/8/8/2N5/2n5/8/8/K1P5 w 0", "c1"),
        ["c1b1", "c1c2", "c1c3xc4", "c1d1", "c1e1", "c1f1", "c1g1", "c1h1"]
    );
}

#[test]
fn withdrawer_takes_the_enemy_it_moves_away_from() {
    assert_eq!(
        moves_from("baroque", "7k/8/8/8/8/PPn5/PQP5/1P5K w 0", "b2"),
        ["b2a1xc3", "b2c1"]
    );
}

#[test]
fn coordinator_takes_on_its_kings_rectangle_corners() {
    assert_eq!(
        captures_from("baroque", "7k/8/8/8/p7/8/3R4/K3n3 w 0", "d2"),
        ["d2b4xa4", "d2d4xa4", "d2e2xe1", "d2e3xe1", "d2f4xa4"]
    );
}

#[test]
fn long_leaper_jumps_enemies_with_room_behind_each() {
    assert_eq!(
        captures_from("baroque", "k7/8/8/8/3p4/8/1p6/N6K w 0", "a1"),
        [
            "a1c3xb2",
            "a1e5xb2,d4",
            "a1f6xb2,d4",
            "a1g7xb2,d4",
            "a1h8xb2,d4"
        ]
    );
    // Two enemies in a row cannot be jumped.
    assert!(captures_from("baroque", "k7/8/8/8/8/2p5/1p6/N6K w 0", "a1").is_empty());
}

#[test]
fn chameleon_copies_only_its_preys_own_capture() {
    // Withdraws from the withdrawer on c3; does not take the chameleon on
    // c2 it moves away from.
    assert_eq!(
        moves_from("baroque", "k7/8/8/8/8/2q5/1Bb5/7K w 0", "b2"),
        [
            "b2a1xc3", "b2a2", "b2a3", "b2b1", "b2b3", "b2b4", "b2b5", "b2b6", "b2b7", "b2b8",
            "b2c1"
        ]
    );
    // Pincers a pawn only on an orthogonal move: d3 takes d4 (d5 is the
    // anvil); e3, diagonal, leaves f3 (g3 would be the anvil).
    assert_eq!(
        captures_from("baroque", "7k/8/8/3P4/3p4/5pP1/3B4/K7 w 0", "d2"),
        ["d2d3xd4"]
    );
    // Next to the king it gives check (it takes as the king does).
    let (rules, pos) = position("baroque", "3k4/3B4/8/8/8/8/8/K7 b 0");
    assert!(legal::in_check(rules, &pos));
}

#[test]
fn immobilizer_freezes_adjacent_enemies_unless_cancelled() {
    assert!(moves_from("baroque", "7k/8/8/4m3/3N4/8/8/K7 w 0", "d4").is_empty());
    // A white chameleon next to the immobilizer cancels it for the knight,
    // freezes the immobilizer, and is itself frozen (it cannot cancel for
    // itself).
    let fen = "7k/8/5B2/4m3/3N4/8/8/K7 w 0";
    assert_eq!(moves_from("baroque", fen, "d4").len(), 22);
    assert!(moves_from("baroque", fen, "f6").is_empty());
    assert!(moves_from("baroque", "7k/8/5B2/4m3/3N4/8/8/K7 b 0", "e5").is_empty());
    // Two lone immobilizers freeze each other.
    assert!(moves_from("baroque", "7k/8/8/4m3/3M4/8/8/K7 w 0", "d4").is_empty());
    assert!(moves_from("baroque", "7k/8/8/4m3/3M4/8/8/K7 b 0", "e5").is_empty());
}

#[test]
fn an_immobilized_piece_gives_no_check() {
    let (rules, pos) = position("baroque", "4k3/4Q3/8/8/8/8/8/K7 b 0");
    assert!(legal::in_check(rules, &pos), "the withdrawer can move away");
    let (rules, pos) = position("baroque", "4k3/4Q3/3m4/8/8/8/8/K7 b 0");
    assert!(!legal::in_check(rules, &pos), "the withdrawer is frozen");
}

#[test]
fn maxima_king_leaps_as_a_knight_round_the_cylinder() {
    let fen = "xxxk1xxx/8/8/8/8/8/7K/8/8/1D6/xxx2xxx w 0";
    assert_eq!(
        moves_from("maxima", fen, "h5"),
        ["h5a3", "h5a7", "h5b4", "h5b6", "h5f4", "h5f6", "h5g3", "h5g7"]
    );
}

#[test]
fn maxima_mage_and_chameleon() {
    // One diagonal step, then straight on away from the start; captures by
    // replacement, on the diagonal square too.
    assert_eq!(
        moves_from("maxima", "xxxk1xxx/7K/8/8/8/8/8/8/p7/1G6/xxx2xxx w 0", "b2"),
        [
            "b2a3xa3", "b2c10", "b2c3", "b2c4", "b2c5", "b2c6", "b2c7", "b2c8", "b2c9", "b2d3",
            "b2e3", "b2f3", "b2g3", "b2h3"
        ]
    );
    // The chameleon takes the mage only from a square next to it.
    assert_eq!(
        captures_from(
            "maxima",
            "xxxk1xxx/7K/8/8/8/8/8/2g5/1B6/8/xxx2xxx w 0",
            "b3"
        ),
        ["b3c4xc4"]
    );
    assert!(captures_from(
        "maxima",
        "xxxk1xxx/7K/8/8/8/8/3g4/8/1B6/8/xxx2xxx w 0",
        "b3"
    )
    .is_empty());
}

#[test]
fn maxima_own_palace_cannot_be_filled() {
    // With d1 taken, e1 is closed to White, even to the piece on d1.
    let fen = "xxx2xxx/8/8/8/8/K6k/8/8/8/4D3/xxxD1xxx w 0";
    assert_eq!(
        moves_from("maxima", fen, "e2"),
        ["e2d2", "e2d3", "e2e3", "e2f2", "e2f3"]
    );
    assert_eq!(moves_from("maxima", fen, "d1"), ["d1c2", "d1d2"]);
}

#[test]
fn maxima_wins_by_palace_and_by_capturing_all() {
    let (rules, mut pos) = position("maxima", "xxxDDxxx/8/8/8/8/K6k/8/8/8/8/xxx2xxx b 0");
    assert_eq!(
        legal::outcome(rules, &mut pos),
        Some(Outcome::VariantWin {
            winner: fenpress_rules::Color::White,
            reason: "palace"
        })
    );
    let (rules, mut pos) = position("maxima", "xxx2xxx/8/8/8/8/K6k/8/8/8/3D4/xxx2xxx b 0");
    assert_eq!(
        legal::outcome(rules, &mut pos),
        Some(Outcome::VariantWin {
            winner: fenpress_rules::Color::White,
            reason: "all pieces captured"
        })
    );
    // White, who still has a piece, plays on.
    let mut pos = position("maxima", "xxx2xxx/8/8/8/8/K6k/8/8/8/3D4/xxx2xxx w 0").1;
    assert_eq!(legal::outcome(rules, &mut pos), None);
}

#[test]
fn a_move_that_lets_the_coordinator_take_the_king_is_illegal() {
    // Qc1 would free b2: the coordinator on c3 then lands on a1, and the
    // corner h1 of its rectangle with its king on h8 holds White's king.
    assert_eq!(
        moves_from("baroque", "7k/8/8/8/8/PPr5/PQP5/1P5K w 0", "b2"),
        ["b2a1xc3"]
    );
}

/// Random games: the fast check test agrees with the generic definition
/// (some pseudo-legal reply removes the king), and unplay restores.
#[test]
fn fast_check_agrees_with_the_definition_in_random_games() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for variant in ["baroque", "maxima"] {
        let rules = registry::rules(variant).unwrap();
        let mut compared = 0;
        for _ in 0..40 {
            let mut pos = rules.start_position();
            for _ in 0..120 {
                if rules.variant_outcome(&pos).is_none() {
                    for color in fenpress_rules::Color::ALL {
                        let generic =
                            !fenpress_rules::rules::royal_captures(rules, &pos, color).is_empty();
                        assert_eq!(
                            rules.royal_attacked(&pos, color),
                            generic,
                            "{variant}: {}",
                            fenpress_rules::fen::vchess_fen(rules, &pos)
                        );
                        compared += 1;
                    }
                }
                let mut moves = Vec::new();
                legal::legal_moves(rules, &mut pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                // Prefer captures half the time, so games get sharp.
                let captures: Vec<_> = moves.iter().filter(|m| m.intent.capture).collect();
                let mv = if !captures.is_empty() && next() % 2 == 0 {
                    *captures[next() as usize % captures.len()]
                } else {
                    moves[next() as usize % moves.len()]
                };
                let before = pos.clone();
                let undo = rules.play(&mut pos, &mv);
                rules.unplay(&mut pos, &mv, undo);
                assert_eq!(pos, before);
                rules.play(&mut pos, &mv);
            }
        }
        assert!(compared > 1000);
    }
}
