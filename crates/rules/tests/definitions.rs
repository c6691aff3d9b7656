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
    let mycapa = &*site.rules("Mycapa").unwrap();
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

/// The ten variants that were Rust specs before they were definitions, with
/// the depth and the oracle's count of their start perft (the fixtures'
/// first lines; Royal Race's 11x11 riders stop at depth 2).
const ONCE_IN_CODE: &[(&str, u32, u64)] = &[
    ("Alapo", 3, 2704),
    ("Coregal", 3, 8882),
    ("Cwda", 3, 24227),
    ("Discoduel", 3, 1440),
    ("Kingsmaker", 3, 8902),
    ("Racingkings", 3, 11264),
    ("Royalrace", 2, 4922),
    ("Rugby", 3, 29700),
    ("Squatter1", 3, 8902),
    ("Twokings", 3, 8782),
];

#[test]
fn each_shown_definition_of_the_ten_saved_as_my_name_has_the_same_perft() {
    for &(name, depth, count) in ONCE_IN_CODE {
        let shown = print_definition(registry::definition(name).unwrap());
        let file = format!("content/variants/My{name}.yaml");
        let site = Registry::from_files(&[(file.as_str(), &shown)])
            .unwrap_or_else(|e| panic!("{name}: {e:?}\n{shown}"));
        let mine = &*site.rules(&format!("My{name}")).unwrap();
        let builtin = registry::rules(name).unwrap();
        for d in 1..=depth {
            assert_eq!(
                legal::perft(mine, &mut mine.start_position(), d),
                legal::perft(builtin, &mut builtin.start_position(), d),
                "{name} depth {d}"
            );
        }
        assert_eq!(
            legal::perft(mine, &mut mine.start_position(), depth),
            count,
            "{name}"
        );
    }
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

const WITH_PAWN: &str = "board: 5x5
pieces:
  - { letter: k, betza: K, royal: true }
  - { letter: w, betza: W }
  - { letter: p, betza: fmWfcF, pawn: true }
start: k4/5/5/P4/W3K w 0 -
";

#[test]
fn a_promotion_to_a_pawn_or_a_second_king_is_refused() {
    // The issue's case: `[p, k]` was accepted and left the pawn no move.
    let e = error(&format!("{WITH_PAWN}promotion:\n  pieces: [p, k]\n"));
    assert_eq!(
        e.kind,
        DefinitionErrorKind::ImpossiblePromotion {
            letter: 'p',
            why: "is a pawn: it would stand on its last rank with nowhere to go"
        }
    );
    assert_eq!((e.line, e.col), (8, 12));
    assert!(e.to_string().contains("neither a pawn nor royal"), "{e}");
    let e = error(&format!("{WITH_PAWN}promotion:\n  pieces: [w, k]\n"));
    assert!(
        matches!(
            e.kind,
            DefinitionErrorKind::ImpossiblePromotion { letter: 'k', .. }
        ),
        "{e}"
    );
    assert_eq!((e.line, e.col), (8, 15));
    // A piece's own `promotes` is held to the same.
    let e = error(&GOOD.replace("betza: W }", "betza: W, promotes: k }"));
    assert!(
        matches!(
            e.kind,
            DefinitionErrorKind::ImpossiblePromotion { letter: 'k', .. }
        ),
        "{e}"
    );
    // Where a side may have several royal pieces, a pawn may make a king.
    let text = format!("{WITH_PAWN}promotion:\n  pieces: [w, k]\nroyal:\n  count: any\n");
    parse_definition(&text, "variants/Twokings.yaml").unwrap_or_else(|e| panic!("{e}"));
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
fn a_piece_promotes_in_its_zone_to_a_piece_that_reverts() {
    let text = GOOD
        .replace("betza: W }", "betza: W, promotes: x }")
        .replace("start:", "  - { letter: x, betza: K, reverts: w }\nstart:")
        + "promotion:\n  zone: 2\n  piece_zone: forced\n";
    let spec = parse_definition(&text, "variants/Tiny.yaml").unwrap_or_else(|e| panic!("{e}"));
    // It prints back to itself.
    let printed = print_definition(&spec);
    assert!(printed.contains("reverts: w") && printed.contains("piece_zone: forced"));
    let again = parse_definition(&printed, "again.yaml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(print_definition(&again), printed);
    let rules = fenpress_rules::variants::chesslike::ChessLike::new(spec).unwrap();
    let mut pos = fenpress_rules::validate::position_from_fen(&rules, "4k/5/W4/5/4K w 0").unwrap();
    let mut moves = fenpress_rules::MoveList::new();
    fenpress_rules::legal::legal_moves(&rules, &mut pos, &mut moves);
    let g = fenpress_rules::Rules::geometry(&rules);
    let at = |n: &str| g.parse_square(n).unwrap();
    let from_a3: Vec<_> = moves
        .iter()
        .filter(|m| m.intent.from == at("a3"))
        .map(|m| (m.intent.to, m.intent.promotion))
        .collect();
    // Into the two-rank zone it must promote; elsewhere it may not.
    let x = Some(fenpress_rules::Kind(b'x'));
    assert!(from_a3.contains(&(at("a4"), x)), "{from_a3:?}");
    assert!(!from_a3.contains(&(at("a4"), None)), "{from_a3:?}");
    assert!(from_a3.contains(&(at("a2"), None)), "{from_a3:?}");
    // A promoted piece is `+W` in standard FEN.
    let pos = fenpress_rules::validate::position_from_fen(&rules, "4k/+W4/5/5/4K w 0").unwrap();
    assert!(fenpress_rules::fen::standard_fen(&rules, &pos).starts_with("4k/+W4/"));
}

#[test]
fn a_revert_to_a_piece_that_does_not_promote_to_it_is_reported() {
    let text = GOOD.replace("start:", "  - { letter: x, betza: K, reverts: w }\nstart:");
    let e = error(&text);
    assert!(e.to_string().contains("reverts"), "{e}");
    assert_eq!(e.line, 5);
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
fn the_documented_example_is_capablanca() {
    let readme = include_str!("../../../docs/authoring.md");
    let start = readme.find("```yaml\n# Capablanca").expect("the example") + 8;
    let len = readme[start..].find("```").unwrap();
    let site = Registry::from_files(&[("variants/Capa.yaml", &readme[start..start + len])])
        .unwrap_or_else(|e| panic!("{e}"));
    let capa = &*site.rules("Capa").unwrap();
    assert_eq!(legal::perft(capa, &mut capa.start_position(), 3), 25228);
}

#[test]
fn a_fairy_stockfish_section_imports_to_the_same_game() {
    let ini = "# variants.ini\n[other]\nmaxRank = 6\n\n[capablanca:chess]\nmaxFile = j\narchbishop = a\nchancellor = c\ncastling = true\nstartFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\npromotionPieceTypes = qrbnac\n";
    let spec = definition::import_ini(ini, "capablanca").unwrap();
    let shown = print_definition(&spec);
    let site = Registry::from_files(&[("variants/Imported.yaml", &shown)])
        .unwrap_or_else(|e| panic!("{e}\n{shown}"));
    let imported = &*site.rules("Imported").unwrap();
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

/// The `BadValue` key of an error, when it is one.
fn bad_key(e: &definition::DefinitionError) -> Option<&'static str> {
    match &e.kind {
        DefinitionErrorKind::BadValue { key, .. } => Some(key),
        _ => None,
    }
}

#[test]
fn giving_check_takes_allowed_or_forbidden() {
    let e = error(&format!("{GOOD}giving_check: rarely\n"));
    assert_eq!(bad_key(&e), Some("giving_check"), "{e}");
    assert_eq!((e.line, e.col), (6, 15));
    assert!(e.to_string().contains("allowed or forbidden"), "{e}");
    let spec = parse_definition(&format!("{GOOD}giving_check: forbidden\n"), "T.yaml").unwrap();
    assert!(spec.wins.forbid_check);
}

#[test]
fn immune_on_last_rank_is_true_or_false() {
    let e = error(&format!("{GOOD}immune_on_last_rank: often\n"));
    assert!(matches!(e.kind, DefinitionErrorKind::Yaml(_)), "{e}");
    assert_eq!(e.line, 6);
}

#[test]
fn an_enemy_king_zone_is_a_number_of_ranks_and_needs_kings() {
    let e = error(&format!("{GOOD}promotion:\n  enemy_king_zone: 0\n"));
    assert_eq!(bad_key(&e), Some("enemy_king_zone"), "{e}");
    assert_eq!((e.line, e.col), (7, 20));
    let e = error(&format!("{GOOD}promotion:\n  enemy_king_zone: 6\n"));
    assert_eq!(bad_key(&e), Some("enemy_king_zone"), "{e}");
    let kingless = GOOD
        .replace("  - { letter: k, betza: K, royal: true }\n", "")
        .replace("k4/5/5/5/W3K", "w4/5/5/5/W4");
    let e = error(&format!("{kingless}promotion:\n  enemy_king_zone: 2\n"));
    assert_eq!(e.kind, DefinitionErrorKind::UnknownPromotion('k'), "{e}");
    assert_eq!((e.line, e.col), (6, 20));
}

#[test]
fn castlers_are_pieces_of_an_eight_file_board() {
    let eight = "board: 8x8
pieces:
  - { letter: k, betza: K, royal: true }
  - { letter: r, betza: R }
start: r3k2r/8/8/8/8/8/8/R3K2R w 0 aeehaeeh
castling:
  castlers: [k, x]
";
    let e = error(eight);
    assert_eq!(e.kind, DefinitionErrorKind::UnknownPiece("x".into()), "{e}");
    assert_eq!((e.line, e.col), (7, 17));
    let e = error(&format!("{GOOD}castling:\n  castlers: [k]\n"));
    assert_eq!(bad_key(&e), Some("castlers"), "{e}");
    assert_eq!((e.line, e.col), (7, 14));
    let e = error(&eight.replace("castlers: [k, x]", "sides: both\n  castlers: [k]"));
    assert_eq!(bad_key(&e), Some("castlers"), "{e}");
    let spec = parse_definition(&eight.replace("[k, x]", "[k]"), "T.yaml").unwrap();
    assert_eq!(
        (&*spec.wins.castlers, spec.castling),
        (&['k'][..], [false; 2])
    );
}

#[test]
fn a_goal_takes_one_safety_test() {
    let e = error(&format!(
        "{GOOD}win:\n  reach:\n    ranks: [5]\n    not_attacked: true\n    not_capturable: true\n"
    ));
    assert_eq!(bad_key(&e), Some("not_capturable"), "{e}");
    assert_eq!((e.line, e.col), (10, 21));
    let e = error(&format!(
        "{GOOD}win:\n  reach:\n    ranks: [5]\n    black_may_follow: true\n    after_every_move: true\n"
    ));
    assert_eq!(bad_key(&e), Some("black_may_follow"), "{e}");
    assert_eq!((e.line, e.col), (9, 23));
    let e = error(&format!(
        "{GOOD}win:\n  reach:\n    not_capturable: yes please\n"
    ));
    assert!(matches!(e.kind, DefinitionErrorKind::Yaml(_)), "{e}");
    assert_eq!(e.line, 8);
}

/// Kingsmaker: with a second king made by a White pawn on c7, Black's e8
/// king still castles (vchess castles it; the page is silent). Found by the
/// differential soak of 30.
#[test]
fn kingsmaker_castles_the_king_of_its_first_rank_beside_a_made_king() {
    let rules = registry::rules("Kingsmaker").unwrap();
    let fen = "1nb1k2r/rpkp1p1p/1q1bp2n/1Q4p1/p5PP/7R/PPP1PP2/RNB1KBN1 b 25 iiih -";
    let mut pos = fenpress_rules::validate::position_from_fen(rules, fen).unwrap();
    let mut moves = fenpress_rules::MoveList::new();
    legal::legal_moves(rules, &mut pos, &mut moves);
    let g = rules.geometry();
    let castles: Vec<_> = moves
        .iter()
        .filter(|m| {
            matches!(
                m.intent.kind,
                fenpress_rules::moves::MoveKind::Castle { .. }
            )
        })
        .map(|m| (g.square_name(m.intent.from), g.square_name(m.intent.to)))
        .collect();
    assert_eq!(castles, [("e8".to_string(), "g8".to_string())]);
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

/// Cwda's definition with one change, read back: the error.
fn cwda_error(from: &str, to: &str) -> definition::DefinitionError {
    let text = definition::builtin_text("Cwda").unwrap();
    assert!(text.contains(from), "{from}");
    error(&text.replacen(from, to, 1))
}

/// The 1-based line of the first line of Cwda's definition holding `what`.
fn cwda_line(what: &str) -> u64 {
    let text = definition::builtin_text("Cwda").unwrap();
    1 + text.lines().position(|l| l.contains(what)).unwrap() as u64
}

#[test]
fn an_unknown_army_letter_is_reported_at_the_default() {
    let e = cwda_error("default: CC", "default: CX");
    assert_eq!(e.kind, DefinitionErrorKind::UnknownArmy("CX".into()));
    assert_eq!((e.line, e.col), (cwda_line("default: CC"), 12), "{e}");
    assert!(e.to_string().contains("e.g. CN"), "{e}");
    let e = cwda_error("default: CC", "default: C");
    assert_eq!(e.kind, DefinitionErrorKind::UnknownArmy("C".into()));
}

#[test]
fn an_army_code_used_twice_is_reported() {
    let e = cwda_error("code: N,", "code: C,");
    assert!(
        matches!(e.kind, DefinitionErrorKind::BadValue { key: "code", .. }),
        "{e}"
    );
    assert_eq!(e.line, cwda_line("name: Nutty Knights"));
}

#[test]
fn an_army_piece_not_in_pieces_is_reported() {
    let e = cwda_error("pieces: [d, w, f, c, m, z]", "pieces: [d, w, f, c, m, x]");
    assert_eq!(e.kind, DefinitionErrorKind::UnknownPiece("x".into()));
    assert_eq!(e.line, cwda_line("name: Colorbound Clobberers"));
}

#[test]
fn an_army_set_up_that_does_not_fit_is_reported() {
    let line = cwda_line("name: Colorbound Clobberers");
    let e = cwda_error("first_rank: dwfcmfwd", "first_rank: dwfcmfw");
    assert!(
        matches!(e.kind, DefinitionErrorKind::ArmySetup('C', _)),
        "{e}"
    );
    assert!(e.to_string().contains("7 letters for 8 files"), "{e}");
    assert_eq!(e.line, line);
    let e = cwda_error("first_rank: dwfcmfwd", "first_rank: dwfcmfwr");
    assert!(e.to_string().contains("`r` of `dwfcmfwr`"), "{e}");
    let e = cwda_error(
        "pieces: [d, w, f, c, m, z]",
        "pieces: [d, w, f, c, m, k, z]",
    );
    assert!(e.to_string().contains("2 royal pieces and 1 pawns"), "{e}");
    assert!(
        e.to_string().contains("one royal piece and one pawn"),
        "{e}"
    );
}

#[test]
fn a_start_other_than_the_default_armies_is_reported() {
    let e = cwda_error("default: CC", "default: CN");
    assert!(
        matches!(e.kind, DefinitionErrorKind::StartDoesNotFit(_)),
        "{e}"
    );
    assert!(e.to_string().contains("ahah - CN"), "{e}");
    assert_eq!(e.line, cwda_line("start:"));
}

#[test]
fn the_armies_print_and_read_back_the_same() {
    let spec = registry::definition("Cwda").unwrap();
    let shown = print_definition(spec);
    assert!(
        shown.contains("  default: CC\n  every_side: [k]\n"),
        "{shown}"
    );
    let again = parse_definition(&shown, "variants/Cwda.yaml").unwrap();
    assert_eq!(print_definition(&again), shown);
}
