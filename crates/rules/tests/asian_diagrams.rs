//! Every diagram of the Asian family's rules pages (en, es, fr) verifies:
//! its board is a position of the variant and each mark is explained by a
//! legal move of either side; Makpong's caption ("Checkmate") holds. Reads
//! `$FENPRESS_SHARED` or `<crates/rules>/../../../shared`; passes with a
//! note when it is absent.

mod common;

use fenpress_rules::{fen, legal, registry, validate, Color, Outcome};

const VARIANTS: [&str; 9] = [
    "Synochess",
    "Xiangqi",
    "Minixiangqi",
    "Janggi",
    "Makruk",
    "Makpong",
    "Karouk",
    "Schess",
    "Titan",
];

#[test]
fn every_diagram_of_the_family_verifies() {
    for variant in VARIANTS {
        let Some(pages) = common::rules_pages(variant) else {
            return;
        };
        let rules = registry::rules(variant).unwrap();
        for (lang, page) in &pages {
            for d in common::fen_diagrams(page) {
                let at = format!("{variant}/{lang}.pug: {d}");
                let mut parts = d.split_whitespace();
                let board = parts.next().unwrap_or("");
                let setup = fen::parse(board).unwrap_or_else(|e| panic!("{at}: {e}"));
                let pos = validate::validate_diagram(rules, &setup)
                    .unwrap_or_else(|e| panic!("{at}: {e:?}"));
                if let Some(marks) = parts.next() {
                    let explained = common::explained_squares(rules, &pos);
                    common::assert_marks_explained(rules, explained, marks.split(','), &at);
                }
            }
        }
    }
}

#[test]
fn the_makpong_diagram_is_mate() {
    let rules = registry::rules("Makpong").unwrap();
    let mut pos =
        validate::position_from_fen(rules, "rnbqkb1r/8/pppNpppp/3n4/8/PPPPPPPP/8/R1BKQBNR b 10")
            .unwrap();
    assert_eq!(
        legal::outcome(rules, &mut pos),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    // In Makruk the checked king may step to d7 or e7: not mate.
    let makruk = registry::rules("Makruk").unwrap();
    let mut pos =
        validate::position_from_fen(makruk, "rnbqkb1r/8/pppNpppp/3n4/8/PPPPPPPP/8/R1BKQBNR b 10")
            .unwrap();
    assert_eq!(legal::outcome(makruk, &mut pos), None);
}
