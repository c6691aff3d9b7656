//! Helpers shared by the integration tests: perft fixture files, the shared
//! corpus of vchess rules pages, and the diagrams written in those pages.
//! Each test file uses only some of them.
#![allow(dead_code)]

use std::path::PathBuf;

use fenpress_rules::{explain, legal, registry, validate, Position, Rules, SquareSet};

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
