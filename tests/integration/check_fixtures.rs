//! `fenpress check` on fixture sites: one wrong diagram of each kind with
//! the exact diagnostics expected, and a clean site that passes.

use std::path::Path;

use fenpress::site::check_site;

fn lines(dir: &str) -> (Vec<String>, fenpress::check::Summary) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/check")
        .join(dir);
    let report = check_site(&root).expect("the fixture site loads");
    let prefix = format!("{}/", root.display());
    let lines = report
        .diagnostics
        .iter()
        .map(|d| d.to_string().replace(&prefix, ""))
        .collect();
    (lines, report.summary)
}

#[test]
fn each_kind_of_wrong_diagram_is_reported_exactly() {
    let (got, summary) = lines("bad");
    let expected = [
        // Marks a caption calls forbidden moves must be moves a piece could make.
        "rules/Antiking2/en.pug:5:39: error[mark-unexplained]: mark h6 is not explained: the caption says the marks are forbidden moves, but no piece of either side could move there (hint: remove the mark, or name in the caption the move it shows)",
        "rules/Bicolour/en.pug:4:11: error[fen-row-count]: the board has 9 rows, Bicolour has 8 (hint: a row is repeated or a `/` is extra)",
        "rules/Chess960/en.pug:5:15: error[fen-row-width]: row 3 `2NP5` has 9 squares; Chess960 rows have 8 (hint: count the pieces and the empty squares of this row)",
        "rules/Chess960/en.pug:10:27: error[fen-unknown-letter]: `z` (row 8, file g) is not a piece of Chess960 (hint: Chess960's diagrams use BKNPQRbknpqr)",
        "rules/Chess960/en.pug:15:29: error[mark-off-board]: mark `i9` is off the 8×8 board of Chess960 (files a–h, ranks 1–8)",
        "rules/Chess960/en.pug:20:29: error[mark-unexplained]: mark e5 is not explained: no legal move of either side starts, ends or captures there, and no claim of the caption names it (hint: remove the mark, or name in the caption the move it shows)",
        "rules/Chess960/en.pug:26:16: error[claim-illegal]: Bxe7 is claimed legal but is illegal: it would leave the king in check, attacked by the rook on a8 (hint: check the move against the diagram)",
        "rules/Chess960/en.pug:31:16: error[claim-legal]: Rh8 is claimed impossible but is legal (White rook from h1 to h8)",
        "rules/Chess960/en.pug:37:11: error[pair-mismatch]: this board is not the position after e3: e3 is `P` but the diagram shows empty; e4 is empty but the diagram shows `P` (hint: fix the board or the moves of the caption)",
        // A plan's second move, after the first and any reply.
        // A reply the caption offers after the line that led to the board.
        "rules/Chess960/en.pug:43:55: error[claim-illegal]: Nxe4 is claimed legal but is illegal: no piece can go there (hint: check the move against the diagram)",
        // Claims written in words: a side with no move, a capture.
        "rules/Chess960/en.pug:48:27: error[claim-legal]: the caption says White cannot move, but it can (White king from a1 to b1)",
        "rules/Chess960/en.pug:53:30: error[claim-legal]: Kxb2 is claimed impossible but is legal (White king from a1 to b2)",
        // A game that neither the usual start nor a shuffled one leads to the board.
        "rules/Chess960/en.pug:58:25: error[pair-illegal]: Nb6 cannot be played in the sequence e4, Nb6, Bg4, Nd2: no piece of either side can play it here",
        "rules/Koth/en.pug:6:52: error[claim-illegal]: Kd5 is claimed legal after Qxf5 and any reply but is illegal: no piece of either side can play it here",
        // Paco Sako's draw example under `option: pacoplay`, where kings never enter unions.
        // Otage: who holds a union is part of the board (`dv` White holds, `da` Black).
        "rules/Otage/en.pug:7:11: error[pair-mismatch]: this board is not the position after Nxd5: d5 is `dv` but the diagram shows `da` (hint: fix the board or the moves of the caption)",
        "rules/Pacosako/en.md:10:77: error[pair-illegal]: Kxg4 cannot be played in the sequence Kxg4, g4xd7, d7xe8: no piece of either side can play it here",
    ];
    assert_eq!(got, expected, "\n{}", got.join("\n"));
    assert_eq!(
        (summary.diagrams, summary.errors, summary.warnings),
        (16, 16, 0)
    );
}

#[test]
fn a_clean_site_passes() {
    let (got, summary) = lines("clean");
    assert!(got.is_empty(), "{}", got.join("\n"));
    // Among them (each failed before): forbidden marks (Antiking2), a pair
    // whose move promotes without saying so and a line continued in the
    // next sentences (Kingsmaker), a plan with the replies left out (Koth),
    // an annotated move inside a line (Capture), a legal reply as a reason
    // (Checkless), a pair of unrelated boards whose right one is an
    // opening (Chess), a single board drawn after an unnumbered move that
    // led to it ("After Qxf7#", Chess), a game labelled with the left
    // board it led to ("Left: 1.e4 e5 2.Bc4 Nc6. Right: after 3.Bxf7+"),
    // replies offered after a line that led to the board ("After 3.Bb5
    // black can play 3...a6 or 3...Nf6"), a piece said not to be capturable
    // (no move claimed), a square said to be attacked ("because f8 is
    // attacked: Qxe6, Pxd7, Nxf8", Convert), a side said to have no move
    // ("Black cannot move") and a capture in words ("The king cannot take
    // on b2"), a fusion written as a capture (`Rxg1=Q`, Coronation), moves
    // called anomalies, which the rules remove (Enpassant), a game from a
    // start with shuffled first ranks ("After 1.e4 Nb6 2.Bg4 Nc4"), a
    // pair's line whose first moves are already on the left board ("After
    // 1...e5 2.Nf3 Nc6"), an Otage capture that takes a hostage ("After
    // Nxd5": `dv`, the knight holds the pawn).
    assert_eq!((summary.diagrams, summary.verified), (26, 26));
}

#[test]
fn missing_content_is_an_error_not_a_panic() {
    assert!(check_site(Path::new("/nonexistent/fenpress/content")).is_err());
}

#[test]
fn puzzles_are_verified_by_the_puzzle_module() {
    let (got, summary) = lines("puzzle");
    assert_eq!(
        got,
        ["puzzles/Chess/back-rank.md:4:13: error[puzzle-no-win]: the line ends with 1.Ra7, which does not mate"]
    );
    assert_eq!(summary.errors, 1);
}

/// The embedded example site is what `fenpress build` shows a new user: it
/// must check clean, and every diagram of a variant with rules must be
/// fully verified (position, marks, claims), not just drawn.
#[test]
fn the_embedded_site_checks_clean_and_fully_verified() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let report = check_site(&root).expect("content/ loads");
    let found: Vec<String> = report.diagnostics.iter().map(|d| d.to_string()).collect();
    assert!(
        found.is_empty(),
        "content/ has findings:\n{}",
        found.join("\n")
    );
    let s = &report.summary;
    assert!(s.diagrams >= 6, "{s:?}");
    assert_eq!(s.verified + s.board_only, s.diagrams, "{s:?}");
    assert_eq!(s.board_only, 0, "every example variant has rules: {s:?}");
}

/// `check` over a one-page Chess site holding `markdown`.
fn check_chess_page(markdown: &str) -> fenpress::check::CheckReport {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("rules/Chess/en.md");
    std::fs::create_dir_all(page.parent().unwrap()).unwrap();
    std::fs::write(&page, markdown).unwrap();
    check_site(dir.path()).unwrap()
}

/// [`check_chess_page`]'s findings as `line:column code message`.
fn chess_page_findings(markdown: &str) -> Vec<String> {
    check_chess_page(markdown)
        .diagnostics
        .iter()
        .map(|d| format!("{}:{} {} {}", d.line, d.column, d.code, d.message))
        .collect()
}

/// An impossible-move claim that no piece could even try (a square off the
/// board, a piece that is not there) is reported: it passes for no reason a
/// reader would learn from, and is most often a typo.
#[test]
fn vacuous_illegal_claims_are_warned_about() {
    let found = chess_page_findings(
        "Kings and a pawn.\n\n```diagram\nfen: 4k3/8/8/8/8/8/4P3/4K3 w\nillegal: [e9, Nf3, d7d5, e5, Kd3]\n```\n",
    );
    assert_eq!(
        found,
        [
            "5:11 claim-vacuous e9 is claimed impossible, but e9 is not a square of this board: the claim shows no rule",
            "5:15 claim-vacuous Nf3 is claimed impossible, but no knight stands on the board: the claim shows no rule",
            "5:20 claim-vacuous d7d5 is claimed impossible, but no piece stands on d7: the claim shows no rule",
        ],
        "{found:#?}"
    );
}

/// A legal move written with `x` that takes nothing is a warning; one that
/// does take is not.
#[test]
fn a_capture_that_takes_nothing_is_warned_about() {
    let found = chess_page_findings(
        "Kings and pawns.\n\n```diagram\nfen: 4k3/8/8/8/8/3p4/4P3/4K3 w\nmoves: [Kxd2, exd3, Kf1]\n```\n",
    );
    assert_eq!(
        found,
        ["5:9 claim-capture Kxd2 is written as a capture, but it takes nothing here"],
        "{found:#?}"
    );
}

/// A diagram block whose YAML does not parse is an error at its line and
/// still counts in the summary, as unreadable.
#[test]
fn an_unreadable_block_is_counted() {
    let report = check_chess_page(
        "Two boards.\n\n```diagram\nfen: 4k3/8/8/8/8/8/8/4K3\n```\n\n```diagram\nfen: [unclosed\n```\n",
    );
    let codes: Vec<(&str, usize)> = report
        .diagnostics
        .iter()
        .map(|d| (d.code, d.line))
        .collect();
    assert_eq!(codes, [("diagram-spec", 8)], "{:?}", report.diagnostics);
    let s = report.summary;
    assert_eq!((s.diagrams, s.verified, s.unreadable), (2, 1, 1), "{s:?}");
    assert!(s.line().starts_with("checked 2 diagram blocks: 1 fully verified, 0 board checked (moves not verified), 1 unreadable;"), "{}", s.line());
}

#[test]
fn an_arrow_must_be_a_legal_move() {
    let (got, summary) = lines("arrows");
    assert_eq!(
        got,
        ["rules/Chess/en.md:5:22: warning[arrow-not-a-move]: arrow e2e5 is not a legal move of White (to move) in this position (hint: draw arrows along legal moves, or remove this one)"],
        "\n{}",
        got.join("\n")
    );
    assert_eq!(
        (summary.diagrams, summary.warnings, summary.errors),
        (1, 1, 0)
    );
}

/// Issue 21's fixture: a broken link, a broken anchor and a missing image,
/// among working links of every kind (page, anchor, other language,
/// vchess variant route, relative, image, mail): exactly three findings.
#[test]
fn broken_link_anchor_and_image_are_the_three_findings() {
    let (got, summary) = lines("links");
    let expected = [
        "pages/about/en.md:10:42: warning[broken-link]: no page or file at `/en/rules/Chss/` (hint: did you mean `/en/rules/Chess/`?)",
        "pages/about/en.md:12:35: warning[broken-anchor]: `/en/rules/Chess/` has no heading or id `#casling` (hint: did you mean `#castling`?)",
        "pages/about/en.md:14:56: warning[missing-image]: image `/img/bord.png` not found",
    ];
    let got: Vec<String> = got
        .into_iter()
        .map(|l| l.split(" (hint: looked").next().unwrap_or("").to_string())
        .collect();
    assert_eq!(got, expected, "\n{}", got.join("\n"));
    assert_eq!((summary.errors, summary.warnings), (0, 3));
}
