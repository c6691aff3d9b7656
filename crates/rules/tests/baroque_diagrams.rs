//! Every diagram of the Baroque and Maxima rules pages (en, es, fr)
//! verifies: the board is a position of its variant (or its problem is
//! reported and listed below), every mark is explained by a legal move of
//! either side, and what the caption claims holds (the move is legal and
//! takes exactly the pieces it says, or is illegal, or the marks are exactly
//! one piece's moves). Reads `$FENPRESS_SHARED` or
//! `<crates/rules>/../../../shared`; passes with a note when it is absent.

mod common;

use fenpress_rules::{explain, fen, notation, registry, validate, Position, Rules, SquareSet};

/// What a caption says of its diagram, written as on the page.
enum Claim {
    /// The move is legal and takes exactly the pieces on these squares.
    Takes(&'static str, &'static [&'static str]),
    /// The move is illegal.
    Illegal(&'static str),
    /// Each mark is where a legal capture of the piece on this square lands.
    CapturesFrom(&'static str),
    /// The marks are exactly the destinations of the piece on this square.
    MovesOf(&'static str),
}

/// Claims by board (the same in every language); the caption must contain
/// each move's text.
const CLAIMS: &[(&str, &[Claim])] = &[
    // Baroque: pincer, coordinator, long leaper, withdrawer, chameleon, check.
    (
        "7k/5ppp/2N5/2n5/3rB3/8/PPP5/K7",
        &[Claim::Takes("Pc2c4", &["c5", "d4"])],
    ),
    (
        "8/2b4K/2q5/3p1N1p/8/8/2R5/k7",
        &[Claim::Takes("Rc5", &["c7", "h5"])],
    ),
    (
        "2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7",
        &[Claim::CapturesFrom("d2")],
    ),
    (
        "7k/8/8/3Qr3/8/8/8/K7",
        &[
            Claim::Takes("Qa5", &["e5"]),
            Claim::Takes("Qb5", &["e5"]),
            Claim::Takes("Qc5", &["e5"]),
        ],
    ),
    (
        // The pincer on e5 stays: the chameleon moved diagonally.
        "7k/8/8/r3pP2/2n5/8/B7/K7",
        &[Claim::Takes("Bd5", &["a5", "c4"])],
    ),
    ("7k/8/8/p4r2/4K3/8/8/8", &[Claim::Illegal("Ke5")]),
    // Maxima: the mage's and the king's moves.
    (
        "xxx2xxx/8/8/8/8/3G4/8/8/8/8/xxx2xxx",
        &[Claim::MovesOf("d6")],
    ),
    (
        "xxx2xxx/8/8/8/8/K7/8/8/8/8/xxx2xxx",
        &[Claim::MovesOf("a6")],
    ),
];

/// Boards that are not positions of their variant, each reported with the
/// problem a reader sees, and the board the page meant (checked instead).
const MALFORMED: &[(&str, &str, &str)] = &[
    (
        "7k/8/8/p4r/4K3/8/8/8",
        "row 4 `p4r` has 6 squares, not 8: the two empty squares after the rook are missing",
        "7k/8/8/p4r2/4K3/8/8/8",
    ),
    (
        // Spanish page only.
        "xxx2xxx/1g1qk1g1/1bnmrnb1/dppppppd/8/8/8/DPPPPPPPD/1BNMRNB1/1G1QK1G1/xxx2xxx",
        "row 8 `DPPPPPPPD` has 9 squares, not 8: one pawn too many (the other pages have DPPPPPPD)",
        "xxx2xxx/1g1qk1g1/1bnmrnb1/dppppppd/8/8/8/DPPPPPPD/1BNMRNB1/1G1QK1G1/xxx2xxx",
    ),
];

/// One diagram: board, marks, and the caption that follows it.
struct Diagram {
    board: String,
    marks: Vec<String>,
    caption: String,
}

/// Each `fen:<board> [marks]:` with the next `figcaption` line's text.
fn diagrams(page: &str) -> Vec<Diagram> {
    let lines: Vec<&str> = page.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        for body in common::fen_diagrams(line) {
            let mut parts = body.split_whitespace();
            let board = parts.next().unwrap_or("").to_string();
            let marks = parts
                .next()
                .map(|m| {
                    m.split(',')
                        .filter(|s| !s.is_empty())
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default();
            let caption = lines[i + 1..]
                .iter()
                .find_map(|l| l.trim().strip_prefix("figcaption"))
                .unwrap_or("")
                .trim()
                .to_string();
            out.push(Diagram {
                board,
                marks,
                caption,
            });
        }
    }
    out
}

fn squares(rules: &dyn Rules, names: &[&str]) -> SquareSet {
    names
        .iter()
        .map(|n| {
            rules
                .geometry()
                .parse_square(n)
                .unwrap_or_else(|| panic!("{n} is on the board"))
        })
        .collect()
}

fn names(rules: &dyn Rules, set: &SquareSet) -> Vec<String> {
    set.iter()
        .map(|s| rules.geometry().square_name(s))
        .collect()
}

/// Checks one claim; returns the squares it explains.
fn check_claim(rules: &dyn Rules, pos: &Position, d: &Diagram, claim: &Claim) -> SquareSet {
    let g = rules.geometry();
    let mut white = pos.with_turn(fenpress_rules::Color::White);
    let marks: Vec<&str> = d.marks.iter().map(String::as_str).collect();
    match claim {
        Claim::Takes(text, taken) => {
            assert!(
                d.caption.contains(text),
                "{}: caption names {text}",
                d.board
            );
            let mv = notation::parse_move(rules, &mut white, text)
                .unwrap_or_else(|e| panic!("{}: {e}", d.board));
            let got: SquareSet = mv.capture_squares().collect();
            assert_eq!(
                names(rules, &got),
                names(rules, &squares(rules, taken)),
                "{}: what {text} takes",
                d.board
            );
            let mut set = got;
            set.insert(mv.intent.from);
            set.insert(mv.intent.to);
            set
        }
        Claim::Illegal(text) => {
            assert!(
                d.caption.contains(text),
                "{}: caption names {text}",
                d.board
            );
            let err = notation::parse_move(rules, &mut white, text)
                .expect_err("the caption says this move is impossible");
            println!("{}: {err}", d.board);
            let m = notation::parse(text).expect("a move");
            g.square(m.to.0, m.to.1).into_iter().collect()
        }
        Claim::CapturesFrom(from) => {
            let from = g.parse_square(from).expect("a square");
            let mut moves = Vec::new();
            fenpress_rules::legal::legal_moves(rules, &mut white, &mut moves);
            let landings: SquareSet = moves
                .iter()
                .filter(|m| m.intent.from == from && m.intent.capture)
                .map(|m| m.intent.to)
                .collect();
            for mark in squares(rules, &marks).iter() {
                assert!(
                    landings.contains(mark),
                    "{}: {} is where a capture from {} lands",
                    d.board,
                    g.square_name(mark),
                    g.square_name(from)
                );
            }
            landings
        }
        Claim::MovesOf(from) => {
            let from = g.parse_square(from).expect("a square");
            let dest = explain::destinations_from(rules, pos, from);
            assert_eq!(
                names(rules, &dest),
                names(rules, &squares(rules, &marks)),
                "{}: the marks are the moves of the piece on {}",
                d.board,
                g.square_name(from)
            );
            dest
        }
    }
}

fn verify_page(variant: &str, expected_diagrams: usize) -> usize {
    let Some(pages) = common::rules_pages(variant) else {
        return 0;
    };
    let rules = registry::rules(variant).expect("the variant has rules");
    let mut checked = 0;
    for (lang, page) in &pages {
        let found = diagrams(page);
        assert_eq!(found.len(), expected_diagrams, "{variant} {lang}: diagrams");
        for d in &found {
            let setup = fen::parse(&d.board).expect("the board parses");
            let mut board = d.board.clone();
            if let Some((_, reason, meant)) = MALFORMED.iter().find(|(b, ..)| *b == d.board) {
                let problems = validate::validate_diagram(rules, &setup)
                    .expect_err("a malformed board is reported");
                assert!(
                    problems
                        .iter()
                        .all(|p| matches!(p, validate::Problem::RowWidth { .. })),
                    "{variant} {lang}: {problems:?}"
                );
                println!("{variant} {lang}: {} reported ({reason})", d.board);
                board = meant.to_string();
            }
            let setup = fen::parse(&board).expect("the board parses");
            let pos = validate::validate_diagram(rules, &setup)
                .unwrap_or_else(|e| panic!("{variant} {lang}: {board}: {e:?}"));
            let mut explained = common::explained_squares(rules, &pos);
            let claims = CLAIMS
                .iter()
                .find(|(b, _)| *b == board)
                .map_or(&[][..], |(_, c)| c);
            let d = Diagram {
                board: board.clone(),
                marks: d.marks.clone(),
                caption: d.caption.clone(),
            };
            for claim in claims {
                let set = check_claim(rules, &pos, &d, claim);
                for sq in set.iter() {
                    explained.insert(sq);
                }
            }
            common::assert_marks_explained(
                rules,
                explained,
                d.marks.iter().map(String::as_str),
                &format!("{variant} {lang}: {board}"),
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn baroque_page_diagrams_verify() {
    let n = verify_page("Baroque", 7);
    assert!(n == 0 || n == 21);
}

#[test]
fn maxima_page_diagrams_verify() {
    let n = verify_page("Maxima", 3);
    assert!(n == 0 || n == 9);
}
