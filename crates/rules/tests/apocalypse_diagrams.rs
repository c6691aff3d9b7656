//! Every diagram of the Apocalypse rules page (en, es, fr) verifies: the
//! board is an Apocalypse position, every mark is explained by a legal move
//! of either side, and the caption's claimed turns give the "after" board.
//! Reads `$FENPRESS_SHARED` or `<crates/rules>/../../../shared`; passes with
//! a note when the corpus is absent.

mod common;

use fenpress_rules::{fen, notation, registry, validate, Position, Rules};

const VARIANT: &str = "Apocalypse";

/// Marks the move rules do not explain, with why a reader would agree:
/// (language, board, mark, reason). None on this page.
const UNEXPLAINED: &[(&str, &str, &str, &str)] = &[];

/// Plays turns written `1.d1d2 e4e3 2.dxe3 exd2` from `pos`.
fn play_turns(rules: &dyn Rules, pos: &mut Position, line: &str) -> Result<(), String> {
    for token in line.split_whitespace() {
        let text = match token.split_once('.') {
            Some((n, mv)) if n.chars().all(|c| c.is_ascii_digit()) => mv,
            _ => token,
        };
        let mv = notation::parse_move(rules, pos, text)
            .map_err(|e| format!("{e} in {}", fen::vchess_fen(rules, pos)))?;
        rules.play(pos, &mv);
    }
    Ok(())
}

#[test]
fn apocalypse_page_diagrams_verify() {
    let Some(pages) = common::rules_pages(VARIANT) else {
        return;
    };
    let rules = registry::rules(VARIANT).expect("Apocalypse has rules");
    let mut checked = 0;
    for (lang, page) in &pages {
        let found = common::fen_diagrams(page);
        assert_eq!(found.len(), 2, "{lang}: two diagrams");
        for d in &found {
            let mut parts = d.split_whitespace();
            let board = parts.next().expect("a board");
            let marks = parts.next().unwrap_or("-");
            let pos = validate::position_from_fen(rules, board)
                .unwrap_or_else(|e| panic!("{lang}: {board}: {e}"));
            let marks = marks.split(',').filter(|m| *m != "-" && !m.is_empty());
            let marks = marks.filter(|mark| {
                !UNEXPLAINED
                    .iter()
                    .any(|(l, b, m, _)| l == lang && *b == board && m == mark)
            });
            let explained = common::explained_squares(rules, &pos);
            common::assert_marks_explained(rules, explained, marks, &format!("{lang}: {board}"));
            checked += 1;
        }
        // The first diagram is the start; the second the caption's claim.
        assert_eq!(found[0], "npppn/p3p/5/P3P/NPPPN", "{lang}: start diagram");
        let caption = "1.d1d2 e4e3 2.dxe3 exd2";
        assert!(
            page.contains(caption),
            "{lang}: the caption claims {caption}"
        );
        let mut pos = rules.start_position();
        play_turns(rules, &mut pos, caption).unwrap_or_else(|e| panic!("{lang}: {e}"));
        assert_eq!(
            fen::board_fen(rules, &pos),
            found[1],
            "{lang}: board after {caption}"
        );
    }
    assert_eq!(checked, 6);
}

#[test]
fn claimed_speculation_of_the_page() {
    // "in the initial position, 1.(c1)c2 is safe while 1.axb3 will be valid
    // only if black plays 1...Nb3."
    let rules = registry::rules(VARIANT).unwrap();
    let mut pos = rules.start_position();
    let safe = notation::parse_move(rules, &mut pos, "c2").expect("c2 is a choice");
    assert!(!fenpress_rules::variants::apocalypse::is_speculative(&safe));
    let hope = notation::parse_move(rules, &mut pos, "axb3").expect("axb3 is a choice");
    assert!(fenpress_rules::variants::apocalypse::is_speculative(&hope));
    // Played against 1...Nb3 it takes the knight; otherwise it is a penalty.
    let mut with = pos.clone();
    play_turns(rules, &mut with, "axb3 Nb3").unwrap();
    assert_eq!(fen::board_fen(rules, &with), "1pppn/p3p/1P3/4P/NPPPN");
    let mut without = pos.clone();
    play_turns(rules, &mut without, "axb3 Nac4").unwrap();
    assert_eq!(fen::board_fen(rules, &without), "1pppn/p1n1p/5/P3P/NPPPN");
    assert_eq!(
        fen::vchess_fen(rules, &without),
        "1pppn/p1n1p/5/P3P/NPPPN w 2 10 -"
    );
}
