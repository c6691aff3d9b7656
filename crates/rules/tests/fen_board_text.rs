//! `fen::same_board_text` says what comparing the two boards' `board_fen`
//! says, for every pair among the positions one and two plies from the
//! start, in variants whose cells are written in unusual ways: marks
//! (Otage's holder), pairs (Emergo's stacks), objects (Chakart), holes
//! (Maxima), unions under a cube (Iceage), wide boards (Gomoku).

use fenpress_rules::{fen, legal, registry, MoveList, Position};

fn near_start(name: &str) -> Vec<Position> {
    let rules = registry::rules(name).unwrap();
    let mut start = rules.start_position();
    let mut out = vec![start.clone()];
    let mut moves = MoveList::new();
    legal::legal_moves(rules, &mut start, &mut moves);
    for mv in moves.iter().take(12) {
        let mut p = start.clone();
        rules.play(&mut p, mv);
        out.push(p.clone());
        let mut replies = MoveList::new();
        legal::legal_moves(rules, &mut p, &mut replies);
        for reply in replies.iter().take(6) {
            let mut q = p.clone();
            rules.play(&mut q, reply);
            out.push(q);
        }
    }
    out
}

#[test]
fn same_board_text_agrees_with_comparing_the_written_boards() {
    for name in [
        "Chess", "Otage", "Emergo", "Chakart", "Maxima", "Iceage", "Gomoku", "Pacosako",
    ] {
        let rules = registry::rules(name).unwrap();
        let positions = near_start(name);
        let mut equal = 0;
        for a in &positions {
            for b in &positions {
                let written = fen::board_fen(rules, a) == fen::board_fen(rules, b);
                assert_eq!(
                    fen::same_board_text(rules, a, b),
                    written,
                    "{name}: {} vs {}",
                    fen::board_fen(rules, a),
                    fen::board_fen(rules, b)
                );
                equal += usize::from(written);
            }
        }
        // Each position equals itself, and some differ.
        assert!(
            equal >= positions.len() && equal < positions.len().pow(2),
            "{name}"
        );
    }
}
