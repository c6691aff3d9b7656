//! Every diagram of the Paco Sako rules page (en, es, fr) verifies: the
//! board is a Paco Sako position, every mark is explained by a legal move of
//! either side, and the moves each caption claims are legal and, for a
//! before/after pair, lead from the first board to the second. The pages
//! come from `$FENPRESS_SHARED` or `../shared` beside the repository
//! (passes with a note when it is absent).

mod common;

use fenpress_rules::{
    fen, legal, notation, registry, validate, Color, MoveKind, MoveList, Outcome, Position, Rules,
};

/// One figure of a page: its diagrams (`fen:` strings, in order) and its
/// caption text.
#[derive(Debug, Default)]
struct Figure {
    line: usize,
    diagrams: Vec<String>,
    caption: String,
}

/// Splits a Pug page into figures holding `fen:` diagrams, without regexes:
/// a figure runs from its `figure` line to the next line indented no deeper.
fn figures(page: &str) -> Vec<Figure> {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let lines: Vec<&str> = page.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].trim_start().starts_with("figure") {
            i += 1;
            continue;
        }
        let depth = indent(lines[i]);
        let mut fig = Figure {
            line: i + 1,
            ..Default::default()
        };
        let mut in_caption = false;
        i += 1;
        while i < lines.len() && (lines[i].trim().is_empty() || indent(lines[i]) > depth) {
            let text = lines[i].trim();
            fig.diagrams
                .extend(common::fen_diagrams(text).into_iter().map(String::from));
            if let Some(c) = text.strip_prefix("figcaption") {
                in_caption = true;
                fig.caption.push_str(c.trim_start_matches('.'));
            } else if in_caption {
                fig.caption.push(' ');
                fig.caption.push_str(text);
            }
            i += 1;
        }
        if !fig.diagrams.is_empty() {
            out.push(fig);
        }
    }
    out
}

/// The moves a caption names, in order: the words that read as moves.
fn claimed_moves(caption: &str) -> Vec<String> {
    caption
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(|w| w.trim_matches(|c: char| matches!(c, '.' | '"' | '(' | ')' | ';')))
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()) && !w.contains('/'))
        .filter(|w| notation::parse(w).is_ok())
        .map(String::from)
        .collect()
}

/// The board of a diagram string (its first word) as a position.
fn board(rules: &dyn Rules, diagram: &str) -> Result<Position, String> {
    let text = diagram.split_whitespace().next().unwrap_or("");
    let setup = fen::parse(text).map_err(|e| e.to_string())?;
    validate::validate(rules, &setup).map_err(|problems| {
        problems
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("; ")
    })
}

/// Plays `moves` from `pos` with `color` to move; the first failure's text.
fn play_line(
    rules: &dyn Rules,
    pos: &Position,
    color: Color,
    moves: &[String],
) -> Result<Position, String> {
    let mut p = pos.with_turn(color);
    for m in moves {
        let mv = notation::parse_move(rules, &mut p, m).map_err(|e| e.to_string())?;
        rules.play(&mut p, &mv);
    }
    Ok(p)
}

/// Plays `moves` for whichever side can.
fn play_claim(rules: &dyn Rules, pos: &Position, moves: &[String]) -> Result<Position, String> {
    play_line(rules, pos, Color::White, moves).or_else(|e| {
        play_line(rules, pos, Color::Black, moves).map_err(|e2| format!("White: {e}; Black: {e2}"))
    })
}

/// Diagrams whose marks the move rules do not explain, with the reason a
/// reader of the page would give. None on this page: its diagrams have no
/// marks.
const UNEXPLAINED: &[(&str, &str)] = &[];

#[test]
fn every_pacosako_diagram_verifies() {
    let Some(pages) = common::rules_pages("Pacosako") else {
        return;
    };
    let rules = registry::rules("Pacosako").unwrap();
    let mut diagrams = 0;
    let mut claims = 0;
    for (lang, page) in &pages {
        let figs = figures(page);
        assert_eq!(figs.len(), 3, "{lang}: three diagram figures");
        for fig in &figs {
            let at = format!("{lang}.pug:{}", fig.line);
            let positions: Vec<Position> = fig
                .diagrams
                .iter()
                .map(|d| board(rules, d).unwrap_or_else(|e| panic!("{at}: {d}: {e}")))
                .collect();
            for (d, pos) in fig.diagrams.iter().zip(&positions) {
                diagrams += 1;
                let marks = d.split_whitespace().nth(1).unwrap_or("-");
                if marks == "-" || UNEXPLAINED.iter().any(|(b, _)| d.starts_with(b)) {
                    continue;
                }
                let explained = common::explained_squares(rules, pos);
                common::assert_marks_explained(
                    rules,
                    explained,
                    marks.split(','),
                    &format!("{at}: {d}"),
                );
            }
            let moves = claimed_moves(&fig.caption);
            assert!(
                !moves.is_empty(),
                "{at}: the caption claims moves: {}",
                fig.caption
            );
            claims += 1;
            let after = play_claim(rules, &positions[0], &moves)
                .unwrap_or_else(|e| panic!("{at}: {moves:?} is not legal: {e}"));
            if let Some(second) = positions.get(1) {
                assert_eq!(
                    fen::board_fen(rules, &after),
                    fen::board_fen(rules, second),
                    "{at}: {moves:?} does not give the second diagram"
                );
            }
            if fig.caption.contains("1/2") {
                let mut end = after.clone();
                assert!(
                    matches!(
                        legal::outcome(rules, &mut end),
                        Some(Outcome::VariantDraw { .. })
                    ),
                    "{at}: the caption says 1/2"
                );
            }
        }
    }
    assert_eq!((diagrams, claims), (15, 9));
}

/// The castling figure: with every castling right, Black still cannot
/// castle short, because of the chain the caption names; take away the
/// chain's first piece (the bishop on d2) and it can.
#[test]
fn castling_figure_chain_forbids_castling() {
    for rules in [
        registry::rules("Pacosako").unwrap(),
        registry::rules_with_options("Pacosako", &["pacoplay"]).unwrap(),
    ] {
        let castles = |board: &str| {
            let fen = format!("{board} b 1 ahah1111111111111111 - -");
            let mut pos = validate::position_from_fen(rules, &fen).unwrap();
            let mut moves = MoveList::new();
            legal::legal_moves(rules, &mut pos, &mut moves);
            moves
                .iter()
                .any(|m| matches!(m.intent.kind, MoveKind::Castle { .. }))
        };
        assert!(!castles(
            "r1q1k2r/p1Pb1ppp/5n2/1f1p4/AV5P/2dDP3/P2B1PP1/R3K1NR"
        ));
        assert!(castles(
            "r1q1k2r/p1Pb1ppp/5n2/1f1p4/AV5P/2dDP3/P4PP1/R3K1NR"
        ));
        let pos = board(
            rules,
            "r1q1k2r/p1Pb1ppp/5n2/1f1p4/AV5P/2dDP3/P2B1PP1/R3K1NR",
        )
        .unwrap();
        let chain: Vec<String> = ["Bxc3", "c3xb5", "b5xb4", "b4xf8"]
            .map(String::from)
            .to_vec();
        play_line(rules, &pos, Color::White, &chain).unwrap();
    }
}

/// The draw example is vchess's own: pacoplay's kings never enter unions.
#[test]
fn draw_figure_is_vchess_only() {
    let pacoplay = registry::rules_with_options("Pacosako", &["pacoplay"]).unwrap();
    let pos = board(
        pacoplay,
        "r2qk2r/pbpe1pp1/np5p/2b1p3/4P1t1/2N3K1/PPPP1PPP/R1B3NR",
    )
    .unwrap();
    let err = play_line(pacoplay, &pos, Color::White, &["Kxg4".to_string()]).unwrap_err();
    assert!(err.contains("illegal"), "{err}");
}
