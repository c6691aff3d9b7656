//! Betza pieces played: small positions with one custom piece `x` beside
//! the kings, their perft against the counts Fairy-Stockfish gives for the
//! same piece (`customPiece1 = x:<Betza>` in a `[t:chess]` section,
//! `castling = false`, `go perft 3`). Only the numbers are kept here.

use fenpress_rules::betza::{self, BetzaError};
use fenpress_rules::definition::{parse_definition, print_definition, DefinitionErrorKind};
use fenpress_rules::legal;
use fenpress_rules::variants::chesslike::ChessLike;
use fenpress_rules::Rules;

/// An 8x8 variant with kings, pawns (no promotion) and the piece `x`
/// moving as `betza`, starting at `fen` (board and side to move), played
/// as Fairy-Stockfish plays it: Black's moves are White's turned half a
/// turn (it matters for the chiral `hrN` and for `lfrbB`), initial (`i`)
/// moves are made from the second rank and may be taken en passant.
fn variant(betza: &str, fen: &str) -> ChessLike {
    let text = definition_text(betza, fen);
    let spec = parse_definition(&text, "variants/Betza.yaml").unwrap_or_else(|e| panic!("{e}"));
    ChessLike::new(spec).unwrap_or_else(|e| panic!("{betza}: {e}"))
}

fn definition_text(betza: &str, fen: &str) -> String {
    format!(
        "board: 8x8
pieces:
  - {{ letter: k, betza: K, royal: true }}
  - {{ letter: p, betza: fmWfcF, pawn: true }}
  - {{ letter: x, betza: {betza} }}
start: {fen} 0 -
black_moves: turned
initial_moves: fairy_stockfish
"
    )
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
    // `i`: from the second rank; a straight two-square initial move may be
    // taken en passant (f7-f5, then exf6; c7-c5, then bxc6 or dxc6).
    ("KifmnD", "4k3/2x2x2/1p1p4/2p1P3/8/1P6/2X2X2/4K3 b", 10890),
    ("fmWfceFifmnD", "4k3/2x5/8/1P1P4/8/8/2X5/4K3 b", 486),
    ("mWifmW2", "4k3/2x5/8/1P1P4/8/8/8/4K3 b", 654),
    // ... unless its other moves make the same step: then it is not.
    ("fmW2fceFifmnD", "4k3/2x5/8/1P1P4/8/8/2X5/4K3 b", 493),
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
fn fairy_stockfish_initial_moves_print_and_read_back() {
    let text = definition_text("KifmnD", "4k3/2x2x2/1p1p4/2p1P3/8/1P6/2X2X2/4K3 b");
    let spec = parse_definition(&text, "variants/Betza.yaml").unwrap_or_else(|e| panic!("{e}"));
    let shown = print_definition(&spec);
    assert!(shown.contains("initial_moves: fairy_stockfish"), "{shown}");
    let again = parse_definition(&shown, "variants/Betza.yaml").unwrap_or_else(|e| panic!("{e}"));
    let rules = ChessLike::new(again).unwrap();
    let rules: &dyn Rules = &rules;
    assert_eq!(legal::perft(rules, &mut rules.start_position(), 3), 10890);
}

#[test]
fn fairy_stockfish_initial_double_steps_are_taken_en_passant_without_pawns() {
    // No pawn: the FEN still has an en-passant field, and the pieces'
    // `e` captures take a piece that double-stepped (c7-c5, then bxc6 or
    // dxc6). Fairy-Stockfish's count.
    let text = "board: 8x8
pieces:
  - { letter: k, betza: K, royal: true }
  - { letter: x, betza: fmWfceFifmnD }
start: 4k3/2x1x3/8/1X1X1X2/8/8/3X4/4K3 b 0 -
black_moves: turned
initial_moves: fairy_stockfish
";
    let spec = parse_definition(text, "variants/Betza.yaml").unwrap_or_else(|e| panic!("{e}"));
    let rules = ChessLike::new(spec).unwrap();
    let rules: &dyn Rules = &rules;
    assert_eq!(legal::perft(rules, &mut rules.start_position(), 3), 651);
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

/// Fairy-Stockfish's `variants.ini`, read where the shared folder is
/// (`$FENPRESS_SHARED` or `<crates/rules>/../../../shared`); `None`, with a
/// `skipped` notice, without it. The file stays out of the repository.
fn fairy_stockfish_variants() -> Option<String> {
    let dir = std::env::var_os("FENPRESS_SHARED")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
        });
    let path = dir.join("reference/fairy-stockfish/variants.ini");
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(_) => {
            println!("skipped: {} not found", path.display());
            None
        }
    }
}

/// The Betza of every piece `variants.ini` defines (`customPieceN = x:...`,
/// `king = k:...`), once each, with its line.
fn fairy_stockfish_pieces(ini: &str) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for (i, line) in ini.lines().enumerate() {
        let line = line.split(['#', ';']).next().unwrap_or("");
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        let is_piece = key == "king"
            || key
                .strip_prefix("customPiece")
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        let Some((_, betza)) = value.trim().split_once(':').filter(|_| is_piece) else {
            continue;
        };
        let betza = betza.trim().to_string();
        if !betza.is_empty() && !out.iter().any(|(b, _)| *b == betza) {
            out.push((betza, i + 1));
        }
    }
    out
}

/// Where the pieces of `variants.ini` are played: two of each side's on
/// its second rank (their initial moves, `i`, apply there), pawns for
/// screens and blockers; then White's in the middle, among pawns that
/// block, screen and take en passant.
const SHARED_PIECES_AT: [&str; 2] = [
    "4k3/2x2x2/1p1p4/2p5/4P3/1P6/2X2X2/4K3 w",
    "4k3/1x2p1x1/2p2p2/p2P4/1X2P1X1/5P2/P4P2/4K3 w",
];

/// Fairy-Stockfish's perft at depth 3 from each of [`SHARED_PIECES_AT`],
/// a piece of `variants.ini` as `x` (in its dialect, as the file writes
/// it).
const SHARED_PIECES_DEPTH_3: &[(&str, u64, u64)] = &[
    ("AD", 3918, 5009),
    ("AF", 3978, 7813),
    ("AW", 5692, 9530),
    ("BK", 13752, 19826),
    ("BNW", 37653, 39837),
    ("BmW", 13740, 20268),
    ("C", 2784, 6305),
    ("D", 1824, 3099),
    ("DF", 5653, 9298),
    ("DW", 7729, 11170),
    ("DWF", 16493, 23929),
    ("FWGH", 14847, 24230),
    ("FfW", 2988, 6568),
    ("FsfW", 6112, 11389),
    ("FvW", 4248, 8864),
    ("GH", 1248, 4259),
    ("K", 8112, 14639),
    ("KAD", 24325, 30872),
    ("KN", 26476, 33280),
    ("KifmnD", 9999, 15799),
    ("NA", 8142, 8701),
    ("NAD", 17016, 14094),
    ("NC", 13678, 16478),
    ("NK", 26476, 33280),
    ("NN", 8226, 1904),
    ("NmK", 26407, 31247),
    ("QNAD", 78928, 70480),
    ("R", 12904, 16494),
    ("RK", 24225, 32666),
    ("RNF", 56297, 60939),
    ("RmF", 25000, 31065),
    ("W", 2988, 5886),
    ("WF", 8112, 14639),
    ("WcF", 2988, 6495),
    ("WfF", 5058, 9565),
    ("Z", 1876, 3916),
    ("ZAD", 9740, 10330),
    ("ZC", 6151, 12330),
    ("cB", 485, 1320),
    ("cK", 323, 1324),
    ("cN", 329, 1431),
    ("cQ", 696, 1960),
    ("cR", 568, 1811),
    ("cW", 323, 1118),
    ("fB", 2082, 3406),
    ("fBfR", 6412, 7948),
    ("fFfW", 1488, 3718),
    ("ffNfsN", 2513, 3300),
    ("fmWfcF", 680, 2185),
    ("fmWfceF", 680, 2185),
    ("fmWfceFifmnD", 1075, 2487),
    ("fsmWfceF", 1976, 4618),
    ("gBgR", 1886, 3738),
    ("hlN", 1448, 3219),
    ("hrN", 1809, 2456),
    ("lfrbB", 1399, 3996),
    ("lrR", 3017, 3535),
    ("mB3", 3480, 6569),
    ("mBcpB", 3956, 7291),
    ("mBpBmWpR2", 21308, 26802),
    ("mF", 1922, 4182),
    ("mK", 8110, 13515),
    ("mKmNmAmD", 57457, 53656),
    ("mKmgQ", 16681, 23977),
    ("mN", 4597, 5008),
    ("mNcK", 4638, 5651),
    ("mQ", 31139, 36849),
    ("mQ2cQ2", 20977, 27611),
    ("mQ2cW", 20818, 26561),
    ("mQ3", 25673, 32464),
    ("mQcB", 33341, 36107),
    ("mQcK", 30654, 38138),
    ("mQcN", 29619, 38382),
    ("mQcR", 33603, 39839),
    ("mQmgQ", 50504, 56771),
    ("mR", 11165, 13851),
    ("mR3", 9108, 12950),
    ("mRcD", 11200, 13964),
    ("mRcW", 11145, 14063),
    ("mRmgQ", 21904, 24978),
    ("mRpRmFpB2", 37890, 51462),
    ("mW", 2987, 5833),
    ("mWcF", 2987, 6442),
    ("mWfceFifmnD", 3998, 7083),
    ("mfFmfW", 1486, 3258),
    ("mfR", 1555, 2689),
    ("mfW", 680, 1878),
    ("mfWcfF", 680, 2185),
    ("mfWcfFfhmnN", 3627, 4714),
    ("mfhNcfW", 2483, 2745),
    ("mfrWmrfF", 1862, 3890),
    ("mfsW", 1976, 4126),
    ("mvR", 2694, 6661),
    ("pB", 1471, 2673),
    ("pQ", 5153, 7427),
    ("pR", 2217, 4368),
    ("rflbB", 1588, 2984),
    ("vW", 1198, 2922),
];

/// Pieces of `variants.ini` fenpress refuses, and the letters it names.
const SHARED_PIECES_REFUSED: &[(&str, &str)] = &[
    // Fairy-Stockfish gives it no squares at all.
    ("nC", "nC"),
];

#[test]
fn every_piece_of_fairy_stockfish_variants_plays_as_there_or_is_refused() {
    let Some(ini) = fairy_stockfish_variants() else {
        return;
    };
    let pieces = fairy_stockfish_pieces(&ini);
    assert!(pieces.len() > 50, "only {} pieces read", pieces.len());
    let mut wrong = Vec::new();
    for (fsf, line) in &pieces {
        let refused = SHARED_PIECES_REFUSED.iter().find(|(b, _)| b == fsf);
        let counts = SHARED_PIECES_DEPTH_3.iter().find(|(b, _, _)| b == fsf);
        match (betza::from_fairy_stockfish(fsf), refused, counts) {
            (Ok(ours), None, Some(&(_, first, second))) => {
                for (at, count) in SHARED_PIECES_AT.iter().zip([first, second]) {
                    let got = perft(&ours, at, 3);
                    if got != count {
                        wrong.push(format!(
                            "line {line}: {fsf} (ours {ours}) at {at}: {got}, Fairy-Stockfish {count}"
                        ));
                    }
                }
            }
            (Err(BetzaError::Unsupported { what, .. }), Some((_, letter)), None)
                if what == *letter => {}
            (result, _, _) => wrong.push(format!(
                "line {line}: {fsf}: {result:?}; give its count or its refusal here"
            )),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
