//! Betza pieces played: small positions with one custom piece `x` beside
//! the kings, their perft against the counts Fairy-Stockfish gives for the
//! same piece (`customPiece1 = x:<Betza>` in a `[t:chess]` section,
//! `castling = false`, `go perft 3`). Only the numbers are kept here.

use fenpress_rules::definition::{parse_definition, DefinitionErrorKind};
use fenpress_rules::legal;
use fenpress_rules::variants::chesslike::ChessLike;
use fenpress_rules::Rules;

/// An 8x8 variant with kings, pawns (no promotion) and the piece `x`
/// moving as `betza`, starting at `fen` (board and side to move). Black's
/// moves are White's turned half a turn, as Fairy-Stockfish's are (it
/// matters for the chiral `hrN` and for `lfrbB`).
fn variant(betza: &str, fen: &str) -> ChessLike {
    let text = format!(
        "board: 8x8
pieces:
  - {{ letter: k, betza: K, royal: true }}
  - {{ letter: p, betza: fmWfcF, pawn: true }}
  - {{ letter: x, betza: {betza} }}
start: {fen} 0 -
black_moves: turned
"
    );
    let spec = parse_definition(&text, "variants/Betza.yaml").unwrap_or_else(|e| panic!("{e}"));
    ChessLike::new(spec).unwrap_or_else(|e| panic!("{betza}: {e}"))
}

fn perft(betza: &str, fen: &str, depth: u32) -> u64 {
    let rules = variant(betza, fen);
    let rules: &dyn Rules = &rules;
    legal::perft(rules, &mut rules.start_position(), depth)
}

/// (Betza, position, Fairy-Stockfish's perft at depth 3).
const FAIRY_STOCKFISH_DEPTH_3: &[(&str, &str, u64)] = &[
    // Overlapping atoms: one move per square.
    ("BK", "4k3/8/8/8/8/8/8/4K1X1 b", 486),
    ("RD", "4k3/8/8/8/3X4/8/1x6/4K3 w", 3666),
    ("NNN", "4k3/8/8/8/3X4/8/1x6/4K3 w", 2295),
    // Ranges: limited riders.
    ("W3", "4k3/8/8/8/3X4/8/1x6/4K3 w", 2212),
    ("R4", "4k3/8/8/8/X7/8/1x6/4K3 w", 1967),
    ("F2", "4k3/8/8/8/3X4/8/1x6/4K3 w", 1390),
    ("mQ2cQ2", "4k3/8/8/8/3X4/8/1x6/4K3 w", 4756),
    // `n`: lame leaps, blocked on their path.
    ("nA", "k7/8/2x5/3X4/4x3/8/8/7K w", 180),
    ("nN", "k7/8/2x5/3X4/4x3/8/8/7K w", 1744),
    ("nZ", "k7/8/2x5/3X4/4x3/8/8/7K w", 672),
    ("fhmnN", "k7/8/2x5/3X4/4x3/8/8/7K w", 549),
    // `h`: a chiral half, the four leaps on a side.
    ("hrN", "4k3/8/8/8/3X4/8/1x6/4K3 w", 495),
    ("hlN", "4k3/8/8/8/3X4/8/1x6/4K3 w", 555),
    ("mfhNcfW", "4k3/8/8/3x4/3X4/8/8/4K3 w", 872),
    // Paired direction letters: one diagonal each.
    ("lfrbB", "4k3/8/8/8/3X4/8/1x6/4K3 w", 877),
    // Hoppers: the range counts from the hopper, the screen included.
    ("mRpRmFpB2", "4k3/8/1x6/8/3X4/2x5/8/4K3 w", 19357),
    ("pB2", "4k3/8/1x6/8/3X4/2x5/8/4K3 w", 276),
    ("pR", "x3k3/8/8/8/X2x4/8/8/4K3 w", 905),
    // `e`: takes a passing pawn en passant (d7-d5, then Xe5xd6).
    ("mWfceF", "4k3/3p4/8/4X3/8/8/8/4K3 b", 375),
];

#[test]
fn custom_pieces_agree_with_fairy_stockfish() {
    let mut wrong = Vec::new();
    for &(betza, fen, count) in FAIRY_STOCKFISH_DEPTH_3 {
        let ours = perft(betza, fen, 3);
        if ours != count {
            wrong.push(format!("{betza} at {fen}: {ours}, Fairy-Stockfish {count}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_move_two_atoms_reach_is_listed_once() {
    // The case: the bishop's and the king's g1-f2 were two moves.
    assert_eq!(perft("BK", "4k3/8/8/8/8/8/8/4K1X1 b", 2), 75);
    let rules = variant("RD", "4k3/8/8/8/3X4/8/8/4K3 w");
    let rules: &dyn Rules = &rules;
    let mut pos = rules.start_position();
    let mut moves = fenpress_rules::MoveList::new();
    legal::legal_moves(rules, &mut pos, &mut moves);
    let mut pairs: Vec<_> = moves.iter().map(|m| (m.intent.from, m.intent.to)).collect();
    let all = pairs.len();
    pairs.sort();
    pairs.dedup();
    assert_eq!(pairs.len(), all, "a (from, to) pair listed twice");
}

#[test]
fn a_range_no_board_holds_is_refused_at_its_line() {
    let text = "board: 8x8
pieces:
  - { letter: k, betza: K, royal: true }
  - { letter: w, betza: W300 }
start: 4k3/8/8/8/8/8/8/4K1W1 w 0 -
";
    let e = parse_definition(text, "variants/Bad.yaml").unwrap_err();
    assert!(
        matches!(e.kind, DefinitionErrorKind::Betza { letter: 'w', .. }),
        "{e}"
    );
    assert_eq!(e.line, 4);
    assert!(e.to_string().contains("`300`"), "{e}");
}
