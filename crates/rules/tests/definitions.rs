//! Variant definitions: the built-in files load, print back to themselves,
//! a printed definition saved under another name plays the same game, and
//! each kind of mistake is reported at its line and column.

use fenpress_rules::definition::{
    self, parse_definition, print_definition, DefinitionErrorKind, BUILTIN,
};
use fenpress_rules::legal;
use fenpress_rules::registry::{self, Registry};

#[test]
fn every_builtin_definition_loads_and_prints_back_to_the_same_game() {
    for (name, text) in BUILTIN {
        let spec =
            parse_definition(text, &format!("{name}.yaml")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(spec.name, *name);
        let printed = print_definition(&spec);
        let again =
            parse_definition(&printed, "again.yaml").unwrap_or_else(|e| panic!("{e}\n{printed}"));
        assert_eq!(print_definition(&again), printed, "{name}");
        assert!(registry::rules(name).is_some(), "{name} is registered");
    }
}

#[test]
fn a_shown_capablanca_saved_as_mycapa_has_the_same_perft() {
    let shown = print_definition(registry::definition("capablanca").unwrap());
    let site = Registry::from_files(&[("content/variants/Mycapa.yaml", &shown)]).unwrap();
    let mycapa = site.rules("Mycapa").unwrap();
    assert_eq!(mycapa.name(), "Mycapa");
    let builtin = registry::rules("Capablanca").unwrap();
    for depth in 1..=3 {
        assert_eq!(
            legal::perft(mycapa, &mut mycapa.start_position(), depth),
            legal::perft(builtin, &mut builtin.start_position(), depth),
        );
    }
    assert_eq!(legal::perft(mycapa, &mut mycapa.start_position(), 3), 25228);
}

#[test]
fn a_site_definition_replaces_a_builtin_of_the_same_name() {
    let text = definition::builtin_text("Chess").unwrap().replace(
        "promotion:\n  pieces: [q, r, b, n]",
        "promotion:\n  pieces: [q]",
    );
    let site = Registry::from_files(&[("variants/Chess.yaml", &text)]).unwrap();
    assert_eq!(site.definition("chess").unwrap().promotions[0].len(), 1);
    assert_eq!(
        registry::definition("chess").unwrap().promotions[0].len(),
        4
    );
}

fn error(text: &str) -> definition::DefinitionError {
    parse_definition(text, "variants/Bad.yaml").expect_err("the definition is bad")
}

const GOOD: &str = "board: 5x5
pieces:
  - { letter: k, betza: K, royal: true }
  - { letter: w, betza: W }
start: k4/5/5/5/W3K w 0
";

#[test]
fn the_small_definition_is_good() {
    let spec = parse_definition(GOOD, "variants/Tiny.yaml").unwrap();
    assert_eq!(spec.name, "Tiny");
}

#[test]
fn an_unknown_betza_atom_is_reported_at_its_value() {
    let e = error(&GOOD.replace("betza: W }", "betza: Wy }"));
    assert!(
        matches!(e.kind, DefinitionErrorKind::Betza { letter: 'w', .. }),
        "{e}"
    );
    assert_eq!((e.line, e.col), (4, 25));
    assert!(e.to_string().starts_with("variants/Bad.yaml:4:25: "), "{e}");
}

#[test]
fn a_letter_used_twice_is_reported_at_the_second() {
    let e = error(&GOOD.replace("letter: w", "letter: k"));
    assert_eq!(e.kind, DefinitionErrorKind::LetterTwice('k'));
    assert_eq!(e.line, 4);
}

#[test]
fn a_start_that_does_not_fit_the_board_is_reported() {
    let e = error(&GOOD.replace("k4/5/5/5/W3K", "k4/5/5/W3K"));
    assert!(
        matches!(e.kind, DefinitionErrorKind::StartDoesNotFit(_)),
        "{e}"
    );
    assert_eq!(e.line, 5);
    let e = error(&GOOD.replace("k4/5/5/5/W3K", "k4/5/5/5/Q3K"));
    assert!(
        matches!(e.kind, DefinitionErrorKind::StartDoesNotFit(_)),
        "{e}"
    );
}

#[test]
fn a_promotion_to_an_unknown_piece_is_reported() {
    let e = error(&format!("{GOOD}promotion:\n  pieces: [w, q]\n"));
    assert_eq!(e.kind, DefinitionErrorKind::UnknownPromotion('q'));
    assert_eq!((e.line, e.col), (7, 15));
}

#[test]
fn a_piece_promoting_to_an_unknown_piece_is_reported() {
    let e = error(&GOOD.replace("betza: W }", "betza: W, promotes: q }"));
    assert_eq!(e.kind, DefinitionErrorKind::UnknownPromotion('q'));
    assert_eq!((e.line, e.col), (4, 38));
}

#[test]
fn a_piece_promotes_to_its_piece_on_its_last_rank() {
    let text = GOOD
        .replace("betza: W }", "betza: W, promotes: x }")
        .replace("start:", "  - { letter: x, betza: K }\nstart:");
    let spec = parse_definition(&text, "variants/Tiny.yaml").unwrap_or_else(|e| panic!("{e}"));
    let rules = fenpress_rules::variants::chesslike::ChessLike::new(spec).unwrap();
    let mut pos = fenpress_rules::validate::position_from_fen(&rules, "4k/W4/5/5/4K w 0").unwrap();
    let mut moves = fenpress_rules::MoveList::new();
    fenpress_rules::legal::legal_moves(&rules, &mut pos, &mut moves);
    let promoted: Vec<_> = moves
        .iter()
        .filter(|m| m.intent.promotion == Some(fenpress_rules::Kind(b'x')))
        .map(|m| (m.intent.from, m.intent.to))
        .collect();
    // Only Wa4-a5 reaches the last rank.
    let g = fenpress_rules::Rules::geometry(&rules);
    let at = |n: &str| g.parse_square(n).unwrap();
    assert_eq!(promoted, [(at("a4"), at("a5"))]);
}

#[test]
fn an_unknown_key_is_reported_with_the_keys_expected() {
    let e = error(&format!("{GOOD}colour: red\n"));
    assert!(matches!(e.kind, DefinitionErrorKind::Yaml(_)), "{e}");
    assert_eq!(e.line, 6);
    assert!(e.to_string().contains("colour"), "{e}");
}

#[test]
fn bad_values_name_what_is_expected() {
    let e = error(&GOOD.replace("5x5", "five"));
    assert!(e.to_string().contains("files x ranks"), "{e}");
    let e = error(&format!("{GOOD}win:\n  stalemate: maybe\n"));
    assert!(e.to_string().contains("draw, win or loss"), "{e}");
}

#[test]
fn an_unknown_key_message_reads_well() {
    let e = error(&format!("{GOOD}colour: red\n"));
    assert!(
        e.to_string().starts_with(
            "variants/Bad.yaml:6:1: unknown field `colour`, expected one of name, board"
        ),
        "{e}"
    );
}

#[test]
fn the_readme_example_is_capablanca() {
    let readme = include_str!("../../../README.md");
    let start = readme.find("```yaml\n# Capablanca").expect("the example") + 8;
    let len = readme[start..].find("```").unwrap();
    let site = Registry::from_files(&[("variants/Capa.yaml", &readme[start..start + len])])
        .unwrap_or_else(|e| panic!("{e}"));
    let capa = site.rules("Capa").unwrap();
    assert_eq!(legal::perft(capa, &mut capa.start_position(), 3), 25228);
}

#[test]
fn a_fairy_stockfish_section_imports_to_the_same_game() {
    let ini = "# variants.ini\n[other]\nmaxRank = 6\n\n[capablanca:chess]\nmaxFile = j\narchbishop = a\nchancellor = c\ncastling = true\nstartFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\npromotionPieceTypes = qrbnac\n";
    let spec = definition::import_ini(ini, "capablanca").unwrap();
    let shown = print_definition(&spec);
    let site = Registry::from_files(&[("variants/Imported.yaml", &shown)])
        .unwrap_or_else(|e| panic!("{e}\n{shown}"));
    let imported = site.rules("Imported").unwrap();
    assert_eq!(
        legal::perft(imported, &mut imported.start_position(), 3),
        25228
    );
    assert!(matches!(
        definition::import_ini(ini, "nosuch"),
        Err(definition::ImportError::NoSection(_))
    ));
}

/// An ini section whose start does not fit its board is an error naming
/// the `startFen` line (found by fuzzing: it panicked when played).
#[test]
fn an_ini_start_that_does_not_fit_is_refused_at_its_line() {
    let ini = "[wide:chess]\nmaxFile = j\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n";
    let err = definition::import_ini(ini, "wide").unwrap_err();
    assert!(
        matches!(&err, definition::ImportError::Bad { line: 3, message } if message.contains("startFen")),
        "{err}"
    );
    let ini = "[noturn:chess]\nstartFen = rnbqkbnr/pppp -\n";
    assert!(definition::import_ini(ini, "noturn").is_err());
}

/// The legal moves of a built-in variant at `fen`, as (from, to) names.
fn legal_pairs(variant: &str, fen: &str) -> Vec<(String, String)> {
    let rules = registry::rules(variant).unwrap();
    let mut pos = fenpress_rules::validate::position_from_fen(rules, fen).unwrap();
    let mut moves = fenpress_rules::MoveList::new();
    legal::legal_moves(rules, &mut pos, &mut moves);
    let g = rules.geometry();
    let mut pairs: Vec<_> = moves
        .iter()
        .map(|m| (g.square_name(m.intent.from), g.square_name(m.intent.to)))
        .collect();
    pairs.sort();
    pairs
}

#[test]
fn a_piece_with_en_passant_takes_a_passing_pawn() {
    // Forward's promoted pawn (en_passant: true) beside a pawn that has
    // just passed d6.
    let pairs = legal_pairs("Forward", "4k3/8/8/3pS3/8/8/8/4K3 w 2 iiii d6");
    assert!(pairs.contains(&("e5".into(), "d6".into())), "{pairs:?}");
    // Without the en-passant square the diagonal is only a quiet square it
    // may not step to (mvW cF).
    let pairs = legal_pairs("Forward", "4k3/8/8/3pS3/8/8/8/4K3 w 2 iiii -");
    assert!(!pairs.contains(&("e5".into(), "d6".into())), "{pairs:?}");
}

#[test]
fn facing_royals_are_illegal_whoever_moves() {
    // Empire (royal: no_facing): the bishop between the kings may not leave
    // the e-file; the king may not take the last piece between them.
    let pairs = legal_pairs("Empire", "4k3/8/8/4b3/8/8/8/4K3 b 1 ii -");
    assert!(pairs.iter().all(|(from, _)| from == "e8"), "{pairs:?}");
    assert_eq!(pairs.len(), 5, "{pairs:?}");
    let pairs = legal_pairs("Empire", "4k3/8/8/8/8/8/4n3/4K3 w 0 ii -");
    assert!(!pairs.contains(&("e1".into(), "e2".into())), "{pairs:?}");
    // The Kaiser does not step onto the black king's open file.
    let pairs = legal_pairs("Empire", "3k4/8/8/8/8/8/8/4K3 w 0 ii -");
    assert!(
        !pairs.iter().any(|(_, to)| to.starts_with('d')),
        "{pairs:?}"
    );
    assert_eq!(pairs.len(), 3, "{pairs:?}");
}
