//! Helpers shared by the integration tests: perft fixture files, the shared
//! corpus of vchess rules pages, and the diagrams written in those pages.
//! Each test file uses only some of them.
#![allow(dead_code)]

use std::path::PathBuf;

use fenpress_rules::{
    explain, fen, legal, notation, registry, validate, Move, MoveList, Position, Rules, SquareSet,
};

/// Checks every count of a perft fixture: each line `fen ; depth count ; ...`
/// (blank lines and `#` comments skipped). Counts above
/// `$FENPRESS_PERFT_MAX_NODES` (default 5,000,000) are skipped; at least one
/// count must be checked.
pub fn perft_fixture(rules: &dyn Rules, fixture: &str) {
    let max_nodes: u64 = std::env::var("FENPRESS_PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5_000_000);
    let variant = rules.name();
    let mut checked = 0;
    for (n, line) in fixture.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let mut pos = validate::position_from_fen(rules, fen)
            .unwrap_or_else(|e| panic!("{variant} line {}: {fen}: {e}", n + 1));
        for part in parts {
            let mut it = part.split_whitespace();
            let depth: u32 = it.next().unwrap().parse().unwrap();
            let expected: u64 = it.next().unwrap().parse().unwrap();
            if expected > max_nodes {
                continue;
            }
            let got = legal::perft(rules, &mut pos, depth);
            assert_eq!(
                got,
                expected,
                "{variant} line {}: {fen} depth {depth}",
                n + 1
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "{variant}: no perft count checked");
}

/// [`perft_fixture`] for the variant named `variant`, default options.
pub fn perft_variant(variant: &str, fixture: &str) {
    let rules = registry::rules(variant).expect("variant has rules");
    perft_fixture(rules, fixture);
}

/// The languages of the rules pages the diagram tests read.
pub const LANGS: [&str; 3] = ["en", "es", "fr"];

/// The shared corpus folder: `$FENPRESS_SHARED`, or `shared` beside the
/// repository (`<crates/rules>/../../../shared`). `None`, after printing a
/// `skipped` notice, when it holds no `corpus`.
pub fn shared() -> Option<PathBuf> {
    let dir = std::env::var_os("FENPRESS_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    if dir.join("corpus").is_dir() {
        Some(dir)
    } else {
        println!("skipped: ../shared not found");
        None
    }
}

/// The vchess rules page of `variant` in each of [`LANGS`], as
/// `(lang, Pug text)`; `None` (with the `skipped` notice) without the corpus.
pub fn rules_pages(variant: &str) -> Option<Vec<(&'static str, String)>> {
    let shared = shared()?;
    let pages = LANGS
        .iter()
        .map(|&lang| {
            let path = shared.join(format!("corpus/vchess/rules/{variant}/{lang}.pug"));
            let page = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (lang, page)
        })
        .collect();
    Some(pages)
}

/// The diagrams written in `text`, vchess's syntax: what stands between each
/// `fen:` and the next `:` (or the end of the text), e.g. `<board> <marks>`.
pub fn fen_diagrams(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("fen:") {
        let after = &rest[at + 4..];
        let end = after.find(':').unwrap_or(after.len());
        out.push(&after[..end]);
        rest = after.get(end + 1..).unwrap_or("");
    }
    out
}

/// The squares of `pos` that a legal move of either side explains.
pub fn explained_squares(rules: &dyn Rules, pos: &Position) -> SquareSet {
    let mut explained = SquareSet::EMPTY;
    explain::explained_squares(rules, pos, &mut explained);
    explained
}

/// Asserts that each of `marks` (square names) is on the board and in
/// `explained`; `at` says where the diagram stands.
pub fn assert_marks_explained<'a>(
    rules: &dyn Rules,
    explained: SquareSet,
    marks: impl IntoIterator<Item = &'a str>,
    at: &str,
) {
    for mark in marks {
        let sq = rules
            .geometry()
            .parse_square(mark)
            .unwrap_or_else(|| panic!("{at}: mark {mark} is off the board"));
        assert!(
            explained.contains(sq),
            "{at}: no legal move explains the mark {mark}"
        );
    }
}

/// The position `text` of `rules`; panics naming the FEN if it is not one.
pub fn position(rules: &dyn Rules, text: &str) -> Position {
    validate::position_from_fen(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal move of the side to move from `from` to `to` (square names),
/// if there is one.
pub fn find_choice(rules: &dyn Rules, p: &mut Position, from: &str, to: &str) -> Option<Move> {
    let g = rules.geometry();
    let mut moves = Vec::new();
    legal::legal_moves(rules, p, &mut moves);
    moves
        .into_iter()
        .find(|m| g.square_name(m.intent.from) == from && g.square_name(m.intent.to) == to)
}

/// [`find_choice`], or a panic naming the move and the position.
pub fn choice(rules: &dyn Rules, p: &mut Position, from: &str, to: &str) -> Move {
    find_choice(rules, p, from, to).unwrap_or_else(|| {
        panic!(
            "{from}{to} is not a choice in {}",
            fen::vchess_fen(rules, p)
        )
    })
}

/// Plays one turn of a game whose sides choose in turn and move together
/// (Apocalypse, Synchrone): White's choice, then Black's; the vchess FEN
/// after it.
pub fn turn(
    rules: &dyn Rules,
    p: &mut Position,
    white: (&str, &str),
    black: (&str, &str),
) -> String {
    let w = choice(rules, p, white.0, white.1);
    rules.play(p, &w);
    let b = choice(rules, p, black.0, black.1);
    rules.play(p, &b);
    fen::vchess_fen(rules, p)
}

/// The legal moves of `variant` in `fen`, in coordinates, sorted: what a
/// rule test compares with the oracle's list.
pub fn sorted_moves(variant: &str, fen: &str) -> Vec<String> {
    let rules = registry::rules(variant).unwrap_or_else(|| panic!("{variant}: not registered"));
    let mut pos = position(rules, fen);
    let mut list = MoveList::new();
    legal::legal_moves(rules, &mut pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|m| notation::coordinate(rules, m))
        .collect();
    out.sort();
    out
}
