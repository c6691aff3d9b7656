//! Orda's own rules: the Horde's pieces, pawns, promotion, castling, campmate.

use fenpress_rules::notation::{coordinate, parse_move};
use fenpress_rules::validate::position_from_fen;
use fenpress_rules::{legal, registry, Color, MoveList, Outcome, Rules};

fn orda() -> &'static dyn Rules {
    registry::rules("orda").unwrap()
}

fn moves_of(fen: &str) -> Vec<String> {
    let mut pos = position_from_fen(orda(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut list = MoveList::new();
    legal::legal_moves(orda(), &mut pos, &mut list);
    list.iter().map(|m| coordinate(orda(), m)).collect()
}

/// The legal moves of the piece on `from`, sorted.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    let mut m: Vec<String> = moves_of(fen)
        .into_iter()
        .filter(|s| s.starts_with(from))
        .collect();
    m.sort();
    m
}

#[test]
fn lancer_moves_as_knight_captures_as_rook() {
    let m = moves_of("4k3/8/8/8/3l3R/8/8/K7 b 1 - -");
    assert!(m.contains(&"d4h4".to_string()), "{m:?}"); // rook-like capture
    assert!(m.contains(&"d4e6".to_string()));
    assert!(!m.contains(&"d4d5".to_string()), "no quiet rook moves");
    let m = moves_of("4k3/7K/8/8/3a4/8/8/6B1 b 1 - -");
    assert!(m.contains(&"d4g1".to_string()), "{m:?}"); // bishop-like capture
    assert!(!m.contains(&"d4e3".to_string()));
}

#[test]
fn yurt_is_a_silver_general() {
    let m = moves_from("k7/8/8/8/3y4/8/8/7K b 1 - -", "d4");
    // Black's forward is down the board.
    assert_eq!(m, vec!["d4c3", "d4c5", "d4d3", "d4e3", "d4e5"]);
}

#[test]
fn horde_pawns_do_not_double_step_and_horde_cannot_castle() {
    let m = moves_of("l3k2l/8/pppppppp/8/8/8/PPPPPPPP/R3K2R b 1 ah -");
    assert!(!m.iter().any(|s| s == "a6a4"));
    assert!(!m
        .iter()
        .any(|s| s.starts_with("e8") && (s.ends_with("g8") || s.ends_with("c8"))));
    let m = moves_of("l3k2l/8/pppppppp/8/8/8/8/R3K2R w 0 ah -");
    assert!(
        m.contains(&"e1g1".to_string()) && m.contains(&"e1c1".to_string()),
        "{m:?}"
    );
}

#[test]
fn promotion_to_queen_or_kheshig_only() {
    let m = moves_from("k7/6P1/8/8/8/8/8/7K w 0 - -", "g7");
    assert_eq!(m, vec!["g7g8h", "g7g8q"]);
    let m = moves_from("k7/8/8/8/8/8/1p6/7K b 1 - -", "b2");
    assert_eq!(m, vec!["b2b1h", "b2b1q"]);
}

#[test]
fn campmate_ends_the_game() {
    // The white king walks onto the eighth rank, not in check: White wins.
    let mut pos = position_from_fen(orda(), "1k6/8/4K3/8/8/8/8/8 w 0 - -").unwrap();
    let mv = parse_move(orda(), &mut pos, "Kf7").unwrap();
    orda().play(&mut pos, &mv);
    assert_eq!(legal::outcome(orda(), &mut pos), None);
    let mv = parse_move(orda(), &mut pos, "Ka7").unwrap_or_else(|e| panic!("{e}"));
    orda().play(&mut pos, &mv);
    let mv = parse_move(orda(), &mut pos, "Kf8").unwrap();
    orda().play(&mut pos, &mv);
    assert_eq!(
        legal::outcome(orda(), &mut pos),
        Some(Outcome::VariantWin {
            winner: Color::White,
            reason: "campmate"
        })
    );
    assert_eq!(legal::perft(orda(), &mut pos, 2), 0);
    // A king on its far rank only wins once it got there by moving: with it
    // still to move, play goes on (as in Fairy-Stockfish).
    let mut pos = position_from_fen(orda(), "5K2/8/8/8/k7/8/8/8 w 0 - -").unwrap();
    assert_eq!(legal::outcome(orda(), &mut pos), None);
    // The Khan reaching the first rank wins too.
    let mut pos = position_from_fen(orda(), "8/8/8/8/4K3/8/8/4k3 w 0 - -").unwrap();
    assert_eq!(
        legal::outcome(orda(), &mut pos),
        Some(Outcome::VariantWin {
            winner: Color::Black,
            reason: "campmate"
        })
    );
}

#[test]
fn checkmate_and_stalemate() {
    let chess = registry::rules("chess").unwrap();
    let mut pos = position_from_fen(chess, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    assert_eq!(
        legal::outcome(chess, &mut pos),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    let mut pos = position_from_fen(chess, "7k/5Q2/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    assert_eq!(legal::outcome(chess, &mut pos), Some(Outcome::Stalemate));
}
