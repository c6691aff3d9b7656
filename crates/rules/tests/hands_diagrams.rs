//! Every diagram of the rule pages of the hands family (en, es, fr) is a
//! position of its variant and each of its marks is explained by a legal
//! move of either side. Reads `$FENPRESS_SHARED` or
//! `<crates/rules>/../../../shared`; passes with a note when it is absent.

mod common;

use fenpress_rules::{fen, registry, validate};

const VARIANTS: &[&str] = &[
    "Crazyhouse",
    "Shogi",
    "Minishogi",
    "Dobutsu",
    "Pocketknight",
    "Recycle",
    "Parachute",
    "Align4",
    "Clorange",
    "Shinobi",
    "Bario",
];

#[test]
fn every_diagram_of_the_family_verifies() {
    let mut failures = Vec::new();
    let mut seen = 0;
    for variant in VARIANTS {
        let rules = registry::rules(variant).unwrap();
        let Some(pages) = common::rules_pages(variant) else {
            return;
        };
        for (lang, page) in &pages {
            for diagram in common::fen_diagrams(page) {
                seen += 1;
                let mut parts = diagram.split_whitespace();
                let board = parts.next().unwrap_or("");
                let marks: Vec<&str> = parts
                    .next()
                    .filter(|m| *m != "-")
                    .map(|m| m.split(',').collect())
                    .unwrap_or_default();
                let at = format!("{variant}/{lang}: {diagram}");
                let setup = match fen::parse(board) {
                    Ok(s) => s,
                    Err(e) => {
                        failures.push(format!("{at}: {e}"));
                        continue;
                    }
                };
                let pos = match validate::validate_diagram(rules, &setup) {
                    Ok(p) => p,
                    Err(p) => {
                        failures.push(format!("{at}: {p:?}"));
                        continue;
                    }
                };
                let explained = common::explained_squares(rules, &pos);
                for m in marks {
                    let ok = rules
                        .geometry()
                        .parse_square(m)
                        .is_some_and(|sq| explained.contains(sq));
                    if !ok {
                        failures.push(format!("{at}: mark {m} unexplained"));
                    }
                }
            }
        }
    }
    println!("{seen} diagrams");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
