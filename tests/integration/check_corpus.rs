//! `fenpress check` over the vchess corpus (read at run time from
//! `$FENPRESS_SHARED` or `<workspace>/../shared`; skipped when absent):
//! exactly the known mistakes of the pages are errors, and the captions of
//! the variants with rules are read as the pages mean them.

use std::path::PathBuf;

use fenpress::check::claims::{read_caption, ClaimKind};
use fenpress::diagnostic::Severity;
use fenpress::site::check_site;

use crate::shared_dir;

fn corpus() -> Option<PathBuf> {
    let corpus = shared_dir::vchess();
    if corpus.is_none() {
        println!("skipped: no corpus ($FENPRESS_SHARED or ../shared)");
    }
    corpus
}

/// Every mistake of the corpus pages, judged one by one: file, line, code.
const EXPECTED_ERRORS: &[(&str, usize, &str)] = &[
    // "After 1.b4 b5 2.Nc3X the b5 pawn is "mate-captured"": the board
    // keeps a white knight on b1 beside the one on c3 (three white
    // knights); 2.Nc3X leaves b1 empty.
    ("Allmate/en.pug", 33, "pair-mismatch"),
    ("Allmate/es.pug", 34, "pair-mismatch"),
    ("Allmate/fr.pug", 35, "pair-mismatch"),
    // "After 1.e4 e5 2.Qh5 Ah4?? 3.Qxf7#": Black's antiking starts on d3
    // (the page's first diagram, vchess's start), one king step from
    // nowhere near h4; the diagram's antikings (b6, h4) are not where the
    // line leaves them.
    ("Antiking2/en.pug", 32, "pair-illegal"),
    ("Antiking2/es.pug", 33, "pair-illegal"),
    ("Antiking2/fr.pug", 33, "pair-illegal"),
    ("Baroque/en.pug", 156, "fen-row-width"),
    ("Baroque/es.pug", 165, "fen-row-width"),
    ("Baroque/fr.pug", 165, "fen-row-width"),
    // "After 1.Nf3 b7d5 2.h2f4 d5c4 3.d2b4": the board's first rank is
    // `R1BQKBNR` (b1 empty, a knight on g1 and on f3), which 1.Nf3 cannot
    // give; it leaves `RNBQKB1R`.
    ("Berolina/en.pug", 26, "pair-mismatch"),
    ("Berolina/es.pug", 29, "pair-mismatch"),
    ("Berolina/fr.pug", 29, "pair-mismatch"),
    ("Bicolour/en.pug", 11, "fen-row-width"),
    ("Bicolour/es.pug", 12, "fen-row-width"),
    ("Bicolour/fr.pug", 12, "fen-row-width"),
    // "After 1.b3 Nf6 2.Bxf6 gxf6 3.Nf3 c6?? 4.N@c7#": the game began from
    // vchess's shuffled back ranks (the diagram's `qnbrkb1r` and
    // `1RNQKBNR`: White's bishop stood on a1), which the page does not
    // give: from the orthodox start 2.Bxf6 cannot be played.
    ("Crazyhouse/en.pug", 19, "pair-illegal"),
    ("Crazyhouse/es.pug", 21, "pair-illegal"),
    ("Crazyhouse/fr.pug", 21, "pair-illegal"),
    // "Moves of the Charging knight on the left, and of the Colonel on the
    // right": the right board draws `c`, vchess's Colorbound Clobberers'
    // queen (the Cardinal, bishop + knight), where the caption, the piece
    // list above ("colonel" (L)) and the twenty marks are the Nutty
    // Knights' Colonel (`l` for Black). Its rook steps forward and sideways
    // and its king step back are no Cardinal moves: twelve marks per
    // language (e5-e8, a4-d4, f4-h4, e3) are unexplained.
    ("Cwda/en.pug", 80, "mark-unexplained"),
    ("Cwda/es.pug", 86, "mark-unexplained"),
    ("Cwda/fr.pug", 85, "mark-unexplained"),
    // "Left: after the moves 1.e4 e5, the 'd' pawn is pinned": the left
    // board is the position after 1.e4 alone (Black's pawn still on e7;
    // the text below says "after the first black move ...e5", to come).
    ("Doublemove2/en.pug", 19, "pair-illegal"),
    ("Doublemove2/es.pug", 20, "pair-illegal"),
    ("Doublemove2/fr.pug", 20, "pair-illegal"),
    // "Pulling the d5 pawn to c3": the Spanish page's left board has nine
    // white pawns on its second rank (`PPPPPPPPP`); the English and French
    // pages' board, the same figure, has eight.
    ("Dynamo/es.pug", 46, "fen-row-width"),
    // Football's "Before and after (kick) g1-h3": the ball stands in the
    // corner i1 (the board has nine files), not on g1; the boards are the
    // knight's corner kick i1-h3, which the page's text describes.
    ("Football/en.pug", 24, "pair-illegal"),
    ("Football/es.pug", 27, "pair-illegal"),
    ("Football/fr.pug", 26, "pair-illegal"),
    ("Enpassant/en.pug", 37, "fen-row-width"),
    ("Enpassant/es.pug", 40, "fen-row-width"),
    ("Enpassant/fr.pug", 41, "fen-row-width"),
    ("Horde/es.pug", 11, "fen-row-width"),
    // "King moves without captures on the left": the left board (the same
    // as the right one) marks the king's four diagonal steps, but there the
    // king can take d5 (leaping to c5) and e6 (to e7), and the page says
    // "Captures are mandatory": the steps are no legal moves of that board.
    ("Interweave/en.pug", 32, "mark-unexplained"),
    ("Interweave/en.pug", 65, "fen-row-width"),
    // `fen: <board>`: vchess splits the captured text on spaces without
    // trimming, so the board field is empty and the page shows an empty
    // board (see `fen-space` in src/check/board.rs).
    ("Interweave/es.pug", 34, "mark-unexplained"),
    ("Interweave/es.pug", 53, "fen-space"),
    ("Interweave/es.pug", 69, "fen-row-width"),
    ("Interweave/es.pug", 99, "fen-space"),
    ("Interweave/es.pug", 101, "fen-space"),
    ("Interweave/fr.pug", 34, "mark-unexplained"),
    ("Interweave/fr.pug", 68, "fen-row-width"),
    ("Knightpawns/en.pug", 6, "fen-row-width"),
    ("Maxima/es.pug", 7, "fen-row-width"),
    ("Musketeer/en.pug", 82, "fen-row-count"),
    ("Musketeer/es.pug", 88, "fen-row-count"),
    ("Musketeer/fr.pug", 89, "fen-row-count"),
    ("Pawnsking/es.pug", 6, "fen-row-width"),
    ("Rugby/es.pug", 10, "fen-row-width"),
    ("Takenmake/es.pug", 43, "fen-row-width"),
    ("Upsidedown/en.pug", 25, "fen-row-width"),
    ("Upsidedown/es.pug", 26, "fen-row-width"),
    ("Upsidedown/fr.pug", 27, "fen-row-width"),
];

#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn corpus_errors_are_exactly_the_known_mistakes() {
    let Some(root) = corpus() else { return };
    let report = check_site(&root).expect("the corpus loads");
    let rules = root.join("rules");
    let mut got: Vec<(String, usize, &str)> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error && !d.code.starts_with("pug-"))
        .map(|d| {
            let f = d
                .file
                .strip_prefix(&rules)
                .unwrap_or(&d.file)
                .display()
                .to_string();
            (f, d.line, d.code)
        })
        .collect();
    got.dedup();
    let mut expected: Vec<(String, usize, String)> = EXPECTED_ERRORS
        .iter()
        .map(|(f, l, c)| (f.to_string(), *l, c.to_string()))
        .collect();
    // Findings of the variants verified since 2026-12-01, not yet triaged.
    let untriaged = include_str!("../fixtures/corpus-untriaged-errors.tsv");
    for line in untriaged.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        if let [f, l, c] = cols[..] {
            expected.push((
                f.to_string(),
                l.parse().expect("a line number"),
                c.to_string(),
            ));
        }
    }
    let got: std::collections::BTreeSet<(String, usize, String)> = got
        .into_iter()
        .map(|(f, l, c)| (f, l, c.to_string()))
        .collect();
    let expected: std::collections::BTreeSet<_> = expected.into_iter().collect();
    let new: Vec<_> = got.difference(&expected).collect();
    let gone: Vec<_> = expected.difference(&got).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "errors not listed: {new:?}\nlisted errors that no longer occur: {gone:?}"
    );
    println!("{}", report.summary.line());
}

/// How each caption of the pages of variants with rules is read: kinds and
/// moves, or nothing (a caption that states no move).
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn captions_of_variants_with_rules_are_classified() {
    let Some(root) = corpus() else { return };
    let loaded = fenpress::content::load(&root);
    let mut got = Vec::new();
    for lp in &loaded.pages {
        let v = lp.page.variant.as_deref().unwrap_or("");
        if ![
            "Chess960",
            "Orda",
            "Baroque",
            "Maxima",
            "Pacosako",
            "Apocalypse",
        ]
        .contains(&v)
        {
            continue;
        }
        for (spec, d) in lp
            .diagrams
            .iter()
            .filter_map(|r| Some((r.spec.as_ref().ok()?, r.written.as_ref()?)))
        {
            let Some(c) = d.caption_text(spec) else {
                continue;
            };
            let read = read_caption(&c.text);
            let mut parts: Vec<String> = read
                .claims
                .iter()
                .map(|cl| {
                    let kind = match cl.kind {
                        ClaimKind::Legal => "legal",
                        ClaimKind::Illegal => "illegal",
                        ClaimKind::Reply => "reply",
                        ClaimKind::Previous => "previous",
                        ClaimKind::Sequence => "sequence",
                    };
                    let ms: Vec<&str> = cl.moves.iter().map(|m| m.text.as_str()).collect();
                    format!("{kind}[{}]", ms.join(" "))
                })
                .collect();
            parts.extend(read.unreadable.iter().map(|_| "unreadable".to_string()));
            // Each move's offset points at its text in the source line.
            for (_, m) in read.moves() {
                let at = c.loc(m.offset);
                let line = lp.text.lines().nth(at.line - 1).unwrap_or("");
                let from: String = line
                    .chars()
                    .skip(at.column - 1)
                    .take(m.text.chars().count())
                    .collect();
                if m.parsed.castle().is_some() && !from.starts_with(['O', '0']) {
                    // Castling said in words ("cannot castle"): blamed on the word.
                    continue;
                }
                assert_eq!(from, m.text, "{}:{}", lp.page.source.display(), at.line);
            }
            if !parts.is_empty() {
                let f = lp
                    .page
                    .source
                    .strip_prefix(root.join("rules"))
                    .unwrap_or(&lp.page.source);
                got.push(format!(
                    "{}:{} {}",
                    f.display(),
                    d.boards[0].fen_at.line,
                    parts.join(" ")
                ));
            }
        }
    }
    let expected = [
        "Apocalypse/en.pug:41 sequence[d1d2 e4e3 dxe3 exd2]",
        "Apocalypse/es.pug:45 sequence[d1d2 e4e3 dxe3 exd2]",
        "Apocalypse/fr.pug:45 sequence[d1d2 e4e3 dxe3 exd2]",
        "Baroque/en.pug:77 legal[Pc2c4]",
        "Baroque/en.pug:90 legal[Rc5]",
        "Baroque/en.pug:116 legal[Qa5 Qb5 Qc5]",
        "Baroque/en.pug:135 legal[Bd5]",
        "Baroque/en.pug:156 illegal[Ke5]",
        "Baroque/es.pug:83 legal[Pc2c4]",
        "Baroque/es.pug:96 legal[Rc5]",
        "Baroque/es.pug:122 legal[Qa5 Qb5 Qc5]",
        "Baroque/es.pug:143 legal[Bd5]",
        "Baroque/es.pug:165 illegal[Ke5]",
        "Baroque/fr.pug:82 legal[Pc2c4]",
        "Baroque/fr.pug:95 legal[Rc5]",
        "Baroque/fr.pug:122 legal[Qa5 Qb5 Qc5]",
        "Baroque/fr.pug:143 legal[Bd5]",
        "Baroque/fr.pug:165 illegal[Ke5]",
        "Chess960/en.pug:56 legal[g3 g4 dxc5 bxc5]",
        "Chess960/en.pug:122 illegal[Bxe7] reply[Rxa1]",
        "Chess960/en.pug:150 previous[d5] sequence[cxd6 0-0-0]",
        "Chess960/es.pug:60 legal[g3 g4 dxc5 bxc5]",
        "Chess960/es.pug:130 illegal[Bxe7] reply[Rxa1]",
        "Chess960/es.pug:164 previous[d5] sequence[cxd6 0-0-0]",
        "Chess960/fr.pug:60 legal[g3 g4 dxc5 bxc5]",
        "Chess960/fr.pug:131 illegal[Bxe7] reply[Rxa1]",
        "Chess960/fr.pug:163 previous[d5] sequence[cxd6 0-0-0]",
        "Pacosako/en.pug:59 sequence[Bxe4 Ne4xc3 Qc3xc6]",
        "Pacosako/en.pug:79 illegal[O-O O-O-O] sequence[Bxc3 c3xb5 b5xb4 b4xf8]",
        "Pacosako/en.pug:104 sequence[Kxg4 g4xd7 d7xe8]",
        "Pacosako/es.pug:58 sequence[Bxe4 Ne4xc3 Qc3xc6]",
        "Pacosako/es.pug:81 illegal[O-O O-O-O] sequence[Bxc3 c3xb5 b5xb4 b4xf8]",
        "Pacosako/es.pug:107 sequence[Kxg4 g4xd7 d7xe8]",
        "Pacosako/fr.pug:58 sequence[Bxe4 Ne4xc3 Qc3xc6]",
        "Pacosako/fr.pug:81 illegal[O-O O-O-O] sequence[Bxc3 c3xb5 b5xb4 b4xf8]",
        "Pacosako/fr.pug:107 sequence[Kxg4 g4xd7 d7xe8]",
    ];
    assert_eq!(got, expected, "\n{}", got.join("\n"));
}

/// Verifies every corpus page of `variants`, asserts that none has a
/// finding and every diagram is fully verified, and returns how many
/// diagrams there were.
fn fully_verified_diagrams(root: &std::path::Path, variants: &[&str]) -> usize {
    let mut loaded = fenpress::content::load(root);
    let mut seen = 0;
    for lp in &mut loaded.pages {
        let v = lp.page.variant.as_deref().unwrap_or("");
        if !variants.contains(&v) {
            continue;
        }
        let checked =
            fenpress::check::verify_page(&loaded.registry, lp, fenpress::check::Purpose::Findings);
        let f = lp.page.source.display();
        assert!(checked.findings.is_empty(), "{f}: {:#?}", checked.findings);
        for verdict in &checked.verdicts {
            assert!(verdict.has_rules && verdict.verified, "{f}: {verdict:?}");
            seen += 1;
        }
    }
    seen
}

/// Every diagram of the Paco Sako and Apocalypse pages is fully verified:
/// the before/after pairs (the chain `Bxe4, Ne4xc3, Qc3xc6`, the draw
/// `Kxg4, g4xd7, d7xe8`, Apocalypse's `1.d1d2 e4e3 2.dxe3 exd2`) and the
/// castling figure ("Black cannot castle because of the chain ...").
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn pacosako_and_apocalypse_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    let seen = fully_verified_diagrams(&root, &["Pacosako", "Apocalypse"]);
    // Paco Sako: 3 figures (two of them pairs); Apocalypse: 2 diagrams;
    // in en, es, fr.
    assert_eq!(seen, 3 * (3 + 2));
}

/// Both Pandemonium pages' start diagrams (a board-only FEN: the set-up
/// turn, empty hands) are fully verified, in en, es, fr.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn pandemonium_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    let seen = fully_verified_diagrams(&root, &["Pandemonium1", "Pandemonium2"]);
    assert_eq!(seen, 2 * 3);
}

/// The diagrams of the games whose turn is several moves: Doublemove1's
/// opening "1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5" played from the start,
/// Progressive1's "Mate in 1", Monster's start, its two pairs (the second
/// one turn apart: "before 1.d5,d6"), Avalanche's pair ("White plays
/// Nc3,f3": a move and a push), Swap's pair ("1.Qxg7,Sg7g8#": a capture,
/// then a swap that mates, written as the page writes it); in en, es, fr. Doublemove2's pair is a page
/// mistake (see EXPECTED_ERRORS).
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn multi_move_turn_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    let seen = fully_verified_diagrams(
        &root,
        &[
            "Doublemove1",
            "Progressive1",
            "Monster",
            "Avalanche",
            "Swap",
        ],
    );
    // Doublemove1: 1 figure; Progressive1: 1; Monster: 3 (two pairs);
    // Avalanche: 1 (a pair); Swap: 1 (a pair).
    assert_eq!(seen, 3 * (1 + 1 + 3 + 1 + 1));
}

/// Every diagram of the Atarigo and Gomoku pages is fully verified: the
/// marks are stones' placements (Gomoku's two fives, Atarigo's liberties)
/// or the stones whose removal cuts their group ("removing a stone at the
/// marked location breaks the connection").
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn atarigo_and_gomoku_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    let seen = fully_verified_diagrams(&root, &["Atarigo", "Gomoku"]);
    // Atarigo: a pair (one verdict) and the liberties; Gomoku: one; in
    // en, es, fr.
    assert_eq!(seen, 3 * (2 + 1));
}

/// Every diagram of the Konane, Yote, Avalam1 and Fanorona pages is fully
/// verified:
/// Konane's first removals (a8, d5, e4, h1) and captures from g8 (g6,
/// g4); Yote's pair "before and after the marked capture + removal of b4"
/// (the marked d2xd4, then the removal b4, give the right board);
/// Avalam1's start; Fanorona's pair "before and after g4g3 (capturing g2
/// and g1)"; in en, es, fr.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn konane_yote_avalam_and_fanorona_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    let seen = fully_verified_diagrams(&root, &["Konane", "Yote", "Avalam1", "Fanorona"]);
    // Konane: 2 diagrams; Yote: a pair (one verdict); Avalam1: 1;
    // Fanorona: a pair; in en, es, fr.
    assert_eq!(seen, 3 * (2 + 1 + 1 + 1));
}

/// Both of Ball's pairs are fully verified: "before fxe5 (taking ball)"
/// (the pawn takes the ball and holds it, S) and "before g4Pe2 (passing
/// the ball)" (the phoenix on g4 passes to the queen on e2, neither
/// moving: i and q become h and t); in en, es, fr.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn ball_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    let seen = fully_verified_diagrams(&root, &["Ball"]);
    assert_eq!(seen, 3 * 2);
}

/// Football's pair is the knight's corner kick the page describes: with
/// the caption's square corrected (the ball is on i1, not g1: a listed
/// page mistake) the figure is fully verified, the two boards one kick
/// apart, the ball landing next to the knight as only a corner allows; in
/// en, es, fr.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn football_pair_is_the_corner_kick_the_page_describes() {
    let Some(root) = corpus() else { return };
    let site = tempfile::tempdir().expect("a temporary folder");
    let folder = site.path().join("rules/Football");
    std::fs::create_dir_all(&folder).expect("a folder");
    for lang in ["en", "es", "fr"] {
        let page = root.join(format!("rules/Football/{lang}.pug"));
        let text = std::fs::read_to_string(&page).expect("the page");
        assert!(text.contains("g1-h3"), "{}", page.display());
        let corrected = text.replace("g1-h3", "i1-h3");
        std::fs::write(folder.join(format!("{lang}.pug")), corrected).expect("written");
    }
    assert_eq!(fully_verified_diagrams(site.path(), &["Football"]), 3);
}

/// Ambiguous's pair, "Left: White plays 1.Nf3. Right: Black executes 1.f3
/// instead, then plays 1...d5": the left board's mark (the discus on f3,
/// Black to execute) and the right one's (d5, White to execute) one turn
/// apart, an execution and a mark; in en, es, fr.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn ambiguous_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    let seen = fully_verified_diagrams(&root, &["Ambiguous"]);
    assert_eq!(seen, 3);
}

/// The diagrams of the variants whose position is partly hidden, each the
/// full position as the page's author knows it: Stealthbomb1's pair (the
/// bombs on c2 and e4 shown; "Not checkmate: explosion on c2 follows", one
/// detonation apart), Hiddenqueen's "After 1.e4 d5 2.exd5" (its hidden
/// queens on a2 and e7, a start vchess deals), Hidden's "possible starting
/// position" (drawn revealed, as the author knows it), Dark's fog after
/// 1.e4 d5 (what White sees: the shadowed squares exactly those White
/// does not see, the black pawn on d5 the one black piece in sight),
/// Dice's board (no roll named: either side, any roll); in en, es, fr.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn hidden_information_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    let seen = fully_verified_diagrams(
        &root,
        &["Stealthbomb1", "Hiddenqueen", "Hidden", "Dark", "Dice"],
    );
    // Stealthbomb1: 1 (a pair); Hiddenqueen: 1; Hidden: 1; Dark: 1; Dice: 1.
    assert_eq!(seen, 3 * 5);
}

/// Dark's fog diagram is checked as what White sees: a shadow that leaves
/// a5 (which nothing of White's reaches) in sight is a mismatch, and so is
/// a black piece drawn on a square White sees but where none stands.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn dark_fog_diagram_is_what_the_side_to_move_sees() {
    let Some(root) = corpus() else { return };
    let page = std::fs::read_to_string(root.join("rules/Dark/en.pug")).expect("the Dark page");
    for (from, to, said) in [
        ("b6-h6,a5,c5,g5", "b6-h6,c5,g5", "White does not see a5"),
        (
            "8/8/8/3p4/4P3",
            "8/8/8/3p3p/4P3",
            "h5 is empty but the diagram shows `p`",
        ),
    ] {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let rules = dir.path().join("rules/Dark");
        std::fs::create_dir_all(&rules).expect("a rules folder");
        std::fs::write(rules.join("en.pug"), page.replace(from, to)).expect("the page");
        let mut loaded = fenpress::content::load(dir.path());
        let lp = loaded
            .pages
            .iter_mut()
            .find(|p| p.page.variant.as_deref() == Some("Dark"))
            .expect("the Dark page loads");
        let checked =
            fenpress::check::verify_page(&loaded.registry, lp, fenpress::check::Purpose::Findings);
        assert!(
            checked
                .findings
                .iter()
                .any(|f| f.code == "pair-mismatch" && f.message.contains(said)),
            "{:#?}",
            checked.findings
        );
    }
}

/// Every Rococo diagram is fully verified: the cannon pawn's moves (its
/// quiet leaps over e6 to e7 and over f4 to g3 included: the page's rule,
/// which vchess lacks) and captures, the pushme-pullyu's captures ("only a
/// move to the marked spot will also capture the rook"), and the pair of
/// a swap with the king; in en, es, fr.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn rococo_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    let mut loaded = fenpress::content::load(&root);
    let mut seen = 0;
    for lp in &mut loaded.pages {
        if lp.page.variant.as_deref() != Some("Rococo") {
            continue;
        }
        let checked =
            fenpress::check::verify_page(&loaded.registry, lp, fenpress::check::Purpose::Findings);
        let f = lp.page.source.display();
        // Its diagrams show a few pieces without kings (a note each), and
        // the French page has a Pug line the reader repairs (baselined).
        let other: Vec<_> = checked
            .findings
            .iter()
            .filter(|d| !matches!(d.code, "position-no-king" | "pug-repair"))
            .collect();
        assert!(other.is_empty(), "{f}: {other:#?}");
        for verdict in &checked.verdicts {
            assert!(verdict.has_rules && verdict.verified, "{f}: {verdict:?}");
            seen += 1;
        }
    }
    // The immobilizers, the pawn's moves, its captures, the queen's
    // captures and the swap's pair (one verdict).
    assert_eq!(seen, 3 * 5);
}

/// Both Fugue diagrams are fully verified, in en, es, fr: the start, and
/// the pawn's captures from d4 (over c4 to b4, over d5 to d6, over e3 to
/// f2).
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn fugue_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    let seen = fully_verified_diagrams(&root, &["Fugue"]);
    assert_eq!(seen, 3 * 2);
}

/// Alice's diagram is fully verified, in en, es, fr: its caption's moves
/// "1.Nf3 Pd5 2.Pc4 Sxc4" played from the start through the mirror (the
/// knight on the second board, the pawn that took on c4 back on the first).
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn alice_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    let seen = fully_verified_diagrams(&root, &["Alice"]);
    assert_eq!(seen, 3);
}

/// Interweave's diagrams, ten per language in six figures, are fully
/// verified but for the page mistakes listed in `EXPECTED_ERRORS`: the king's diagonal steps
/// drawn where it must capture (en, es, fr), the Leaper's board with a
/// short row (en, es, fr), and the Spanish page's three `fen: ` with a
/// space. Verified: the start, the king's short-leap captures (d5 and e6),
/// the Smasher's even slides and its approach captures (b7, g2), the
/// Leaper's captures (over c2 by a double knight's move, over a4 to a5 and
/// a7), the Remover taking both pawns, the pawns' steps, their leap
/// captures and a custodian capture (c7 takes b7 and c6).
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn interweave_diagrams_are_fully_verified_but_the_page_mistakes() {
    let Some(root) = corpus() else { return };
    let mut loaded = fenpress::content::load(&root);
    let mut verified = 0;
    let mut failed = 0;
    for lp in &mut loaded.pages {
        if lp.page.variant.as_deref() != Some("Interweave") {
            continue;
        }
        let checked =
            fenpress::check::verify_page(&loaded.registry, lp, fenpress::check::Purpose::Findings);
        let f = lp.page.source.display().to_string();
        let lang = f.rsplit('/').next().unwrap_or("").to_string();
        let mistakes: std::collections::BTreeSet<usize> = EXPECTED_ERRORS
            .iter()
            .filter(|(file, _, _)| *file == format!("Interweave/{lang}"))
            .map(|(_, line, _)| *line)
            .collect();
        for d in checked
            .findings
            .iter()
            .filter(|d| !matches!(d.code, "position-no-king" | "pug-repair"))
        {
            assert!(
                mistakes.contains(&d.line),
                "{f}: not a listed page mistake: {d:#?}"
            );
        }
        for verdict in &checked.verdicts {
            assert!(verdict.has_rules, "{f}: {verdict:?}");
            if verdict.verified {
                verified += 1;
            } else {
                failed += 1;
            }
        }
    }
    // One verdict per figure (a figure's two boards are one): six figures
    // per page. en and fr: 4 verified (the start, the Smasher's, the
    // Remover's, the pawns'), the King's and the Leaper's a page mistake;
    // es: the start and the Remover's, the Smasher's and the pawns' too
    // failing on their `fen: `.
    assert_eq!((verified, failed), (4 + 2 + 4, 2 + 4 + 2));
}

/// Checkered's two diagrams are fully verified, in en, es, fr: Black's
/// `Rxh4=P` (the rook takes and becomes a checkered pawn) from the first,
/// and the check of the second ("After 1...g2+"): the checkered pawn on
/// g2 takes as Black would.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn checkered_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    let seen = fully_verified_diagrams(&root, &["Checkered"]);
    assert_eq!(seen, 2 * 3);
}

/// Dynamo's diagrams, five figures per language, are fully verified but
/// for the Spanish page's nine-pawn board (see `EXPECTED_ERRORS`): the e2
/// pawn's eleven marks (e3 e4 as it moves; d3-a6 pushed by the bishop,
/// f3-h5 by the queen, c3 by the knight; e1, its king's square, for
/// leaving the board pushed off), the queen's check by a pull along a4-e8,
/// the mate ("Dynamate"), and both before/after pairs one turn apart (a
/// move then a pull: Nc3-b1 pulling d5 to c3; a push then the pusher
/// following: the g7 bishop pushing d4 to b2 and going to d4).
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn dynamo_diagrams_are_fully_verified_but_the_page_mistake() {
    let Some(root) = corpus() else { return };
    let mut loaded = fenpress::content::load(&root);
    let (mut verified, mut failed, mut linked) = (0, 0, 0);
    for lp in &mut loaded.pages {
        if lp.page.variant.as_deref() != Some("Dynamo") {
            continue;
        }
        let checked =
            fenpress::check::verify_page(&loaded.registry, lp, fenpress::check::Purpose::Drawing);
        let f = lp.page.source.display().to_string();
        for d in checked
            .findings
            .iter()
            .filter(|d| !matches!(d.code, "position-no-king" | "pug-repair"))
        {
            assert!(
                f.ends_with("Dynamo/es.pug") && d.line == 46 && d.code == "fen-row-width",
                "{f}: not a listed page mistake: {d:#?}"
            );
        }
        for verdict in &checked.verdicts {
            assert!(verdict.has_rules, "{f}: {verdict:?}");
            if verdict.verified {
                verified += 1;
            } else {
                failed += 1;
            }
            if verdict.pair_linked {
                linked += 1;
            }
        }
    }
    // en and fr: five figures verified, both pairs linked; es: four, its
    // first pair the page mistake.
    assert_eq!((verified, failed, linked), (5 + 5 + 4, 1, 2 + 2 + 1));
}

/// Emergo's diagrams, two figures per language, are fully verified: the
/// pair "Before and after black captures, jumping at the marked location"
/// (g1 over f2 to e3, the mark: one capture of a chain, the unit becoming
/// `ba`, two black over a white prisoner) is one ply apart, and the
/// longest-chain figure reads (its "only option" is a unit test of the
/// rules core, `variants::emergo`).
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn emergo_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    assert_eq!(fully_verified_diagrams(&root, &["Emergo"]), 2 * 3);
    let mut loaded = fenpress::content::load(&root);
    let mut linked = 0;
    for lp in &mut loaded.pages {
        if lp.page.variant.as_deref() != Some("Emergo") {
            continue;
        }
        let checked =
            fenpress::check::verify_page(&loaded.registry, lp, fenpress::check::Purpose::Drawing);
        linked += checked.verdicts.iter().filter(|v| v.pair_linked).count();
    }
    assert_eq!(linked, 3);
}

/// Synchrone1's diagrams: "After 1.e4 d5 2.e5 Qxd5 (anticipating 2.exd5
/// which isn't played)" (the aside's move is not in the line: the queen's
/// anticipated recapture of its own pawn stays), "1.Kxh2 by anticipation
/// isn't allowed: white is checkmated" (no anticipated recapture in
/// check), and the pair before and after Rxe7 (white) and Qxd7 (black),
/// one simultaneous turn apart (the black king taken: 1-0); in en, es, fr.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn synchrone1_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    assert_eq!(fully_verified_diagrams(&root, &["Synchrone1"]), 3 * 3);
}

/// Synchrone1's pair is checked as one turn of two simultaneous moves: a
/// right board where Black's capture took the rook (which had moved away)
/// is refused, and so is a first diagram where 2.exd5 was played.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn synchrone1_turn_is_two_simultaneous_moves() {
    let Some(root) = corpus() else { return };
    let page =
        std::fs::read_to_string(root.join("rules/Synchrone1/en.pug")).expect("the Synchrone1 page");
    for (from, to) in [
        // The rook left d7 for e7: Qxd7 takes nothing, the rook stays on e7.
        ("r3r1bb/pp1qRppp/", "r3r1bb/pp1q1ppp/"),
        // 2.exd5 is not played: the white pawn stays on e5.
        (
            "fen:rnb1kbnr/ppp1pppp/8/3qP3/",
            "fen:rnb1kbnr/ppp1pppp/8/3q4/",
        ),
    ] {
        assert!(page.contains(from), "{from}");
        let dir = tempfile::tempdir().expect("a temporary folder");
        let rules = dir.path().join("rules/Synchrone1");
        std::fs::create_dir_all(&rules).expect("a rules folder");
        std::fs::write(rules.join("en.pug"), page.replace(from, to)).expect("the page");
        let mut loaded = fenpress::content::load(dir.path());
        let lp = loaded
            .pages
            .iter_mut()
            .find(|p| p.page.variant.as_deref() == Some("Synchrone1"))
            .expect("the Synchrone1 page loads");
        let checked =
            fenpress::check::verify_page(&loaded.registry, lp, fenpress::check::Purpose::Findings);
        assert!(
            checked.findings.iter().any(|f| f.code == "pair-mismatch"),
            "{to}: {:#?}",
            checked.findings
        );
    }
}

/// Eightpieces' figure, in en, es, fr, is fully verified: the sentry's
/// push `S"push"f4` before and after, one turn apart (the sentry goes to
/// f4 and the black lancer there takes its own pawn on b4: two plies of
/// White's; the lancer is then jailed by the a4 jailer, a unit test of
/// the rules core, `variants::borrowed::eightpieces`).
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn eightpieces_push_pair_is_one_turn_apart() {
    let Some(root) = corpus() else { return };
    let mut loaded = fenpress::content::load(&root);
    let (mut verified, mut linked) = (0, 0);
    for lp in &mut loaded.pages {
        if lp.page.variant.as_deref() != Some("Eightpieces") {
            continue;
        }
        let checked =
            fenpress::check::verify_page(&loaded.registry, lp, fenpress::check::Purpose::Drawing);
        let f = lp.page.source.display().to_string();
        assert!(checked.findings.is_empty(), "{f}: {:#?}", checked.findings);
        for verdict in &checked.verdicts {
            assert!(verdict.has_rules && verdict.verified, "{f}: {verdict:?}");
            verified += 1;
            if verdict.pair_linked {
                linked += 1;
            }
        }
    }
    assert_eq!((verified, linked), (3, 3));
}

/// Chakart's three figures per language are fully verified: the board
/// after 1.d4 Nf6 2.Bb4 with the bomb on c4; the bishop's 1.Bxe4 (banana
/// on e4, mushroom on e5 over the black pawn, bomb on e7, ending on d6 and
/// leaving its bomb on c6), one of its outcomes; 1...Rxf6*W, Waluigi
/// turning the g8 queen White. In en, es, fr.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn chakart_diagrams_are_fully_verified() {
    let Some(root) = corpus() else { return };
    let seen = fully_verified_diagrams(&root, &["Chakart"]);
    assert_eq!(seen, 3 * 3);
}
