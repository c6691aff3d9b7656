//! The positions a variant's playouts start from: vchess's start position,
//! each corpus diagram with White and with Black to move, and for Chess960
//! a few shuffled starts (vchess's own start is randomised); for Cwda, whose
//! start vchess cannot make without its army options, the start of every
//! pair of armies instead (with chess kings, which vchess's check wants).

use std::path::Path;

use crate::corpus;
use crate::prng::Rng;

/// How many shuffled starts Chess960 gets.
const CHESS960_STARTS: u64 = 6;

/// Eightpieces' starts written out, so that they keep their castling (the
/// start read as a bare board loses the flags of its a-file jailer):
/// vchess's fixed one, and three it dealt at random (randomness 1 and 2:
/// the jailer, lancer and sentry each take the place of a rook, a knight,
/// a bishop; the lancers face each other).
const EIGHTPIECES_STARTS: [&str; 4] = [
    "jfsqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JDSQKBNR w 0 ahah - -",
    "jkrgbsnq/pppppppp/8/8/8/8/PPPPPPPP/JKRCBSNQ w 0 acac - -",
    "rknsbjgq/pppppppp/8/8/8/8/PPPPPPPP/RKQNCJBS w 0 afaf - -",
    "nrqkbgjs/pppppppp/8/8/8/8/PPPPPPPP/JNBSQKRC w 0 agbg - -",
];

/// The roots of a variant: `""` (the start), then board-only FENs with a
/// side to move (`<board> w`), which the oracle completes.
pub fn roots(variant: &str, corpus_rules: &Path) -> Vec<String> {
    // Its diagrams are lone pieces, which the oracle cannot complete either.
    if variant.eq_ignore_ascii_case("cwda") {
        return cwda_starts();
    }
    let mut out = vec![String::new()];
    if variant.eq_ignore_ascii_case("chess960") {
        out.extend((0..CHESS960_STARTS).map(chess960_start));
    }
    if variant.eq_ignore_ascii_case("eightpieces") {
        out.extend(EIGHTPIECES_STARTS.iter().map(|s| s.to_string()));
    }
    for board in corpus::diagram_boards(corpus_rules, variant) {
        if variant.eq_ignore_ascii_case("koopa") {
            out.extend(koopa_roots(&board));
            continue;
        }
        if let Some(root) = ambiguous_root(variant, &board) {
            out.push(root);
            continue;
        }
        if let Some(roots) = dynamo_roots(variant, &board) {
            out.extend(roots);
            continue;
        }
        if let Some(roots) = stealthbomb_roots(variant, &board) {
            out.extend(roots);
            continue;
        }
        // A Hamilton diagram has its knight placed: the game is past its
        // first move, which vchess tells by its moves count alone (at 0 it
        // offers to place a knight anywhere, holes included).
        if variant.eq_ignore_ascii_case("hamilton") && board.contains('N') {
            out.push(format!("{board} w 2"));
            out.push(format!("{board} b 1"));
            continue;
        }
        out.push(format!("{board} w"));
        out.push(format!("{board} b"));
        out.extend(checkered_stage2_roots(variant, &board));
    }
    out
}

/// Checkered's diagrams once more at stage 2, each side to move with each
/// side playing the checkered pieces (no castling rights, no double step
/// spent): random playouts seldom reach the switch, these start past it.
fn checkered_stage2_roots(variant: &str, board: &str) -> Vec<String> {
    if !variant.eq_ignore_ascii_case("checkered") {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (turn, moves) in [("w", 0), ("b", 1)] {
        for side in ["w", "b"] {
            out.push(format!(
                "{board} {turn} {moves} iiii1111111111111111 - - 2{side}"
            ));
        }
    }
    out
}

/// An Ambiguous diagram with a mark on it: the side in the mark's colour
/// executes, in the middle of the game (vchess reads a move count of 0 as
/// the first turn's lone marking, whatever the board shows).
fn ambiguous_root(variant: &str, board: &str) -> Option<String> {
    if !variant.eq_ignore_ascii_case("ambiguous") {
        return None;
    }
    let mark = board
        .chars()
        .find(|c| "gstuocl".contains(c.to_ascii_lowercase()))?;
    let side = if mark.is_ascii_uppercase() { 'w' } else { 'b' };
    Some(format!("{board} {side} 1 -"))
}

/// A Stealthbomb diagram that shows a bomb, with either side to move: the
/// game is past its two loadings, which vchess tells by its moves count
/// alone (at 0 and 1 it offers loadings, whatever the board shows); the
/// castling flags are those the board allows, written out as the count is.
fn stealthbomb_roots(variant: &str, board: &str) -> Option<Vec<String>> {
    if !variant.to_ascii_lowercase().starts_with("stealthbomb")
        || !board.chars().any(|c| "stucoSTUCO".contains(c))
    {
        return None;
    }
    let flags = home_castle_flags(board, "RU");
    Some(vec![
        format!("{board} w 2 {flags} -"),
        format!("{board} b 3 {flags} -"),
    ])
}

/// vchess's castling flags of a diagram's board: a side's `a` or `h` flag
/// when its king stands on e1 (e8) and a rook (a letter of `rooks`, upper
/// case for White) in that corner, else `i` (no right).
fn home_castle_flags(board: &str, rooks: &str) -> String {
    let ranks: Vec<String> = board
        .split('/')
        .map(|row| {
            row.chars()
                .map(|c| match c.to_digit(10) {
                    Some(n) => ".".repeat(n as usize),
                    None => c.to_string(),
                })
                .collect()
        })
        .collect();
    let at = |rank: usize, file: usize| ranks.get(rank).and_then(|r| r.chars().nth(file));
    let black_rooks = rooks.to_ascii_lowercase();
    let mut flags = String::new();
    for (rank, king, rooks) in [(7, 'K', rooks), (0, 'k', black_rooks.as_str())] {
        let home = at(rank, 4) == Some(king);
        for (file, name) in [(0, 'a'), (7, 'h')] {
            let rook = at(rank, file).is_some_and(|c| rooks.contains(c));
            flags.push(if home && rook { name } else { 'i' });
        }
    }
    flags
}

/// A Dynamo diagram with either side to move, with the castling flags its
/// board allows (vchess's generic completion would give the start's
/// `ahah` to any board, and its castling looks for a rook on the row of
/// the king wherever that is).
fn dynamo_roots(variant: &str, board: &str) -> Option<Vec<String>> {
    if !variant.eq_ignore_ascii_case("dynamo") {
        return None;
    }
    let flags = home_castle_flags(board, "R");
    Some(vec![
        format!("{board} w 0 {flags} -"),
        format!("{board} b 1 {flags} -"),
    ])
}

/// A Koopa diagram with either side to move. A diagram says nothing of how
/// long its stunned pieces stay stunned, and vchess reads stunned letters
/// without a count as stunned until an undo wakes them: both engines get
/// the count of a piece just stunned (4), written out.
fn koopa_roots(board: &str) -> Vec<String> {
    let mut stunned = Vec::new();
    for (i, row) in board.split('/').enumerate() {
        let rank = 8 - i;
        let mut file = 0u8;
        for c in row.chars() {
            match c.to_digit(10) {
                Some(n) => file += n as u8,
                None => {
                    if "sucotl".contains(c.to_ascii_lowercase()) {
                        stunned.push(format!("{}{rank}4", (b'a' + file) as char));
                    }
                    file += 1;
                }
            }
        }
    }
    if stunned.is_empty() {
        return vec![format!("{board} w"), format!("{board} b")];
    }
    let field = stunned.join(",");
    vec![
        format!("{board} w 0 iiii {field}"),
        format!("{board} b 1 iiii {field}"),
    ]
}

/// The chess start with each pair of Cwda's armies (vchess's letters:
/// rook, knight, bishop, queen, king, pawn; the last field names both).
pub fn cwda_starts() -> Vec<String> {
    const ARMIES: [(char, &str); 4] = [
        ('C', "dwfcmz"),
        ('N', "gitlev"),
        ('R', "syhoau"),
        ('F', "rnbqkp"),
    ];
    // The chess king stands for each army's own: vchess's position check
    // counts `k` and `K` only, and moves every king letter alike.
    let rank = |l: &[u8]| -> String {
        [0, 1, 2, 3, 4, 2, 1, 0]
            .iter()
            .map(|&i| if i == 4 { 'k' } else { l[i] as char })
            .collect()
    };
    let mut out = Vec::new();
    for (wc, w) in ARMIES {
        for (bc, b) in ARMIES {
            let (w, b) = (w.as_bytes(), b.as_bytes());
            let pawns = |p: u8| (p as char).to_string().repeat(8);
            out.push(format!(
                "{}/{}/8/8/8/8/{}/{} w 0 ahah - {wc}{bc}",
                rank(b),
                pawns(b[5]),
                pawns(w[5]).to_ascii_uppercase(),
                rank(w).to_ascii_uppercase()
            ));
        }
    }
    out
}

/// A shuffled Chess960 start in vchess's FEN (castling flags are the rook
/// files), from a seed.
pub fn chess960_start(seed: u64) -> String {
    let mut rng = Rng::new(0x960 ^ seed.wrapping_mul(0x2545_f491_4f6c_dd1d));
    let mut rank = [' '; 8];
    // Bishops on one dark and one light square.
    rank[2 * rng.below(4)] = 'b';
    rank[2 * rng.below(4) + 1] = 'b';
    for piece in ['q', 'n', 'n'] {
        let free: Vec<usize> = (0..8).filter(|&i| rank[i] == ' ').collect();
        rank[free[rng.below(free.len())]] = piece;
    }
    // The three squares left: rook, king, rook.
    let free: Vec<usize> = (0..8).filter(|&i| rank[i] == ' ').collect();
    for (&i, p) in free.iter().zip(['r', 'k', 'r']) {
        rank[i] = p;
    }
    let black: String = rank.iter().collect();
    let white = black.to_ascii_uppercase();
    let file = |i: usize| (b'a' + i as u8) as char;
    let flags: String = [file(free[0]), file(free[2])].iter().collect();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w 0 {flags}{flags} -")
}

#[cfg(test)]
mod tests {
    use super::{ambiguous_root, checkered_stage2_roots, chess960_start};

    #[test]
    fn checkered_roots_include_stage_2() {
        let roots = checkered_stage2_roots("Checkered", "7k/8/8/8/8/8/6ss/7K");
        assert_eq!(roots.len(), 4);
        assert!(roots.contains(&"7k/8/8/8/8/8/6ss/7K b 1 iiii1111111111111111 - - 2w".to_string()));
        assert!(checkered_stage2_roots("Chess", "7k/8/8/8/8/8/8/7K").is_empty());
    }

    #[test]
    fn ambiguous_roots_give_the_turn_to_the_marks_colour() {
        assert_eq!(
            ambiguous_root("Ambiguous", "8/3G4/8/8/8/8/8/4k2K").as_deref(),
            Some("8/3G4/8/8/8/8/8/4k2K w 1 -")
        );
        assert_eq!(
            ambiguous_root("Ambiguous", "8/8/5g2/8/8/8/8/4k2K").as_deref(),
            Some("8/8/5g2/8/8/8/8/4k2K b 1 -")
        );
        assert_eq!(ambiguous_root("Ambiguous", "8/8/8/8/8/8/8/4k2K"), None);
        assert_eq!(ambiguous_root("Chess", "8/3G4/8/8/8/8/8/4k2K"), None);
    }

    #[test]
    fn stealthbomb_roots_are_past_the_loadings() {
        assert_eq!(
            super::stealthbomb_roots("Stealthbomb1", "r3k3/8/8/8/4S3/8/2o5/U3K2R"),
            Some(vec![
                "r3k3/8/8/8/4S3/8/2o5/U3K2R w 2 ahai -".to_string(),
                "r3k3/8/8/8/4S3/8/2o5/U3K2R b 3 ahai -".to_string(),
            ])
        );
        assert_eq!(
            super::stealthbomb_roots("Stealthbomb2", "4k3/8/8/8/8/8/8/4K3"),
            None
        );
        assert_eq!(
            super::stealthbomb_roots("Chess", "4k3/8/8/8/4S3/8/8/4K3"),
            None
        );
    }

    #[test]
    fn koopa_roots_give_stunned_pieces_their_count() {
        assert_eq!(
            super::koopa_roots("nuk1nrb1/pps2p1p/3s4/3qC3/1P6/8/P1PPP1PP/1NQRNBKR"),
            vec![
                "nuk1nrb1/pps2p1p/3s4/3qC3/1P6/8/P1PPP1PP/1NQRNBKR w 0 iiii b84,c74,d64,e54",
                "nuk1nrb1/pps2p1p/3s4/3qC3/1P6/8/P1PPP1PP/1NQRNBKR b 1 iiii b84,c74,d64,e54",
            ]
        );
        assert_eq!(super::koopa_roots("8/8/8/8/8/8/8/K6k").len(), 2);
    }

    #[test]
    fn cwda_starts_name_every_pair() {
        let starts = super::cwda_starts();
        assert_eq!(starts.len(), 16);
        assert_eq!(
            starts[1],
            "gitlktig/vvvvvvvv/8/8/8/8/ZZZZZZZZ/DWFCKFWD w 0 ahah - CN"
        );
    }

    #[test]
    fn chess960_starts_have_king_between_rooks() {
        for seed in 0..20 {
            let fen = chess960_start(seed);
            let back = fen.split('/').next().unwrap();
            let (r1, k, r2) = (back.find('r'), back.find('k'), back.rfind('r'));
            assert!(r1 < k && k < r2, "{fen}");
        }
    }
}
