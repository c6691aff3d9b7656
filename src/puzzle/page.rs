//! A puzzle's HTML: the goal, the board drawn by the diagram renderer, the
//! controls `puzzle.js` brings to life, the solution in a `<details>` (so
//! the page works without JavaScript), and the play data as JSON.

use std::fmt::Write;
use std::path::Path;

use super::play::{play_data, to_script_json};
use super::spec::{self, Puzzle};
use super::spec_diagnostic;
use super::strings::goal_line;
use super::verify::{verify, Verified, VerifyOptions};
use crate::diagnostic::Diagnostic;
use crate::diagram::board::{read_board, Cell};
use crate::diagram::pieces::{Art, Links, PieceSet};
use crate::diagram::spec::{split_hand, BoardSpec, Orientation};
use crate::diagram::svg::{draw_board, escape, Painter, SymbolSheet};
use crate::words::Strings;
use fenpress_rules::registry::Registry;
use fenpress_rules::{fen, Color};

/// A puzzle file made ready for the site.
#[derive(Debug, Clone, Default)]
pub struct PuzzlePage {
    /// The puzzle's HTML fragment (goal, board, controls, solution, data);
    /// empty when the file does not parse.
    pub widget: String,
    /// The goal as a sentence in the page's language.
    pub goal: String,
    pub title: Option<String>,
    /// Every finding of parsing and verification.
    pub diagnostics: Vec<Diagnostic>,
    /// Moves the verification search played.
    pub nodes: u64,
}

/// A puzzle file parsed and proved: what the verify step keeps on the page
/// for the render step to draw.
pub struct PuzzleProof {
    pub puzzle: Puzzle,
    pub verified: Verified,
}

impl std::fmt::Debug for PuzzleProof {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PuzzleProof")
            .field("puzzle", &self.puzzle)
            .field("nodes", &self.verified.nodes)
            .finish_non_exhaustive()
    }
}

/// Parses and proves a puzzle file's text (the verify step): the proof,
/// when the file parses, and every finding.
pub fn prove(
    registry: &Registry,
    path: &Path,
    text: &str,
) -> (Option<PuzzleProof>, Vec<Diagnostic>) {
    match spec::parse(path, text) {
        Err(e) => (None, vec![spec_diagnostic(path, &e)]),
        Ok(puzzle) => {
            let verified = verify(registry, &puzzle, VerifyOptions::default());
            let diagnostics = verified.diagnostics(&puzzle);
            (Some(PuzzleProof { puzzle, verified }), diagnostics)
        }
    }
}

impl PuzzleProof {
    /// The puzzle's difficulty, 1 to [`super::difficulty::MAX`].
    pub fn difficulty(&self) -> u8 {
        super::difficulty::difficulty(
            self.puzzle.goal,
            self.puzzle.solution.len(),
            self.verified.nodes,
        )
    }

    /// The widget and the goal sentence, in the language of `words` (the
    /// render step).
    pub fn draw(&self, registry: &Registry, words: &Strings) -> (String, String) {
        (
            widget(registry, &self.puzzle, &self.verified, words),
            goal_text(&self.puzzle, &self.verified, words),
        )
    }
}

/// Parses, verifies and draws a puzzle file's text for a page in the
/// language of `words` (its interface words, the config's overrides in).
pub fn render(registry: &Registry, path: &Path, text: &str, words: &Strings) -> PuzzlePage {
    match spec::parse(path, text) {
        Err(e) => PuzzlePage {
            diagnostics: vec![spec_diagnostic(path, &e)],
            ..PuzzlePage::default()
        },
        Ok(puzzle) => {
            let verified = verify(registry, &puzzle, VerifyOptions::default());
            PuzzlePage {
                widget: widget(registry, &puzzle, &verified, words),
                goal: goal_text(&puzzle, &verified, words),
                title: puzzle.title.clone(),
                diagnostics: verified.diagnostics(&puzzle),
                nodes: verified.nodes,
            }
        }
    }
}

fn solver(puzzle: &Puzzle, verified: &Verified) -> Color {
    verified.start.as_ref().map_or_else(
        || {
            // The side field of the FEN as written, for a position that did
            // not validate.
            match puzzle.fen.split_whitespace().nth(1) {
                Some("b") => Color::Black,
                _ => Color::White,
            }
        },
        |p| p.turn(),
    )
}

fn goal_text(puzzle: &Puzzle, verified: &Verified, words: &Strings) -> String {
    goal_line(&words.puzzle, solver(puzzle, verified), puzzle.goal)
}

/// The puzzle's HTML fragment.
pub fn widget(
    registry: &Registry,
    puzzle: &Puzzle,
    verified: &Verified,
    words: &Strings,
) -> String {
    let t = &words.puzzle;
    let flip = solver(puzzle, verified) == Color::Black;
    // Held here: a site variant's start FEN borrows from its rules.
    let start_rules = registry.rules(&puzzle.variant);
    let fen_text = if puzzle.fen.eq_ignore_ascii_case("start") {
        start_rules.as_deref().map_or("", |r| r.start_fen())
    } else {
        puzzle.fen.as_str()
    };
    let (board_part, hand) = split_hand(fen_text.split_whitespace().next().unwrap_or(""));
    // The hand as written, else the one the start position holds (a vchess
    // FEN's reserve field): the board shows it either way.
    let hand = hand.map(str::to_string).or_else(|| {
        let text = fen::hand_text(&**verified.rules.as_ref()?, verified.start.as_ref()?);
        Some(text.strip_prefix('[')?.strip_suffix(']')?.to_string())
    });
    let board = BoardSpec {
        board: board_part.to_string(),
        hand,
        orientation: if flip {
            Orientation::Black
        } else {
            Orientation::White
        },
        ..BoardSpec::default()
    };
    let variant = verified
        .rules
        .as_ref()
        .map_or(puzzle.variant.as_str(), |r| r.name());
    // The board and every piece the reader's moves can produce (promotions
    // included) as symbols of this page, so that `puzzle.js` redraws with
    // the same art; `data-symbols` maps each FEN letter to its symbol id.
    let painter = Painter {
        pieces: PieceSet::default_set(),
        links: Links::Embed,
        coordinates: true,
        words: &words.diagram,
        registry,
    };
    let mut sheet = SymbolSheet::default();
    let drawing = draw_board(variant, &board, &painter, &mut sheet);
    let letters = registry
        .lookup(variant)
        .map_or("KQRBNPkqrbnp", |v| v.letters);
    let mut symbols: std::collections::BTreeMap<String, String> = letters
        .chars()
        .filter(|c| c.is_alphabetic() || *c == '@')
        .map(|c| (c.to_string(), sheet.use_letter(&painter, variant, c, flip)))
        .collect();
    let data = play_data(registry, puzzle, verified, words);
    // A stack is drawn whole (its height and prisoners): one symbol per
    // stack the reader can meet, named by its two characters.
    for board in data.iter().filter(|d| d.pairs).flat_map(|d| d.boards()) {
        for cell in read_board(registry, variant, split_hand(board).0).cells {
            if let Cell::Stack { top, under } = cell {
                symbols
                    .entry(format!("{top}{under}"))
                    .or_insert_with(|| sheet.use_art(&painter, &Art::Stack(top, under)));
            }
        }
    }
    let symbols_json = serde_json::to_string(&symbols).unwrap_or_else(|_| "{}".into());
    let solution = if verified.line_complete {
        verified.labels.join(" ")
    } else {
        puzzle
            .solution
            .iter()
            .map(|m| m.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };

    let mut html = String::with_capacity(4096);
    let _ = write!(
        html,
        "{}<section class=\"fp-puzzle\" data-variant=\"{}\" data-symbols=\"{}\">",
        sheet.html(),
        escape(variant),
        escape(&symbols_json)
    );
    let _ = write!(
        html,
        "<p class=\"fp-puzzle-goal\">{}</p>",
        escape(&goal_text(puzzle, verified, words))
    );
    let _ = write!(html, "<div class=\"fp-puzzle-board\">{}</div>", drawing.svg);
    if data.is_some() {
        let _ = write!(
            html,
            "<div class=\"fp-puzzle-play\" hidden>\
<form class=\"fp-puzzle-form\"><label>{your_move} <input type=\"text\" name=\"move\" autocomplete=\"off\" autocapitalize=\"off\" spellcheck=\"false\"></label> <button type=\"submit\">{play}</button></form>\
<p class=\"fp-puzzle-hint\">{hint}</p>\
<p class=\"fp-puzzle-feedback\" role=\"status\" aria-live=\"polite\"></p>\
<p class=\"fp-puzzle-choices\" role=\"group\" aria-label=\"{choose}\" hidden></p>\
<p class=\"fp-puzzle-buttons\"><button type=\"button\" class=\"fp-puzzle-reset\">{reset}</button> <button type=\"button\" class=\"fp-puzzle-show\">{show}</button></p>\
</div>",
            your_move = escape(&t.your_move),
            hint = escape(&move_hint(&t.move_hint, data.as_ref())),
            play = escape(&t.play),
            reset = escape(&t.reset),
            show = escape(&t.show_solution),
            choose = escape(&t.choose),
        );
    }
    let _ = write!(
        html,
        "<details class=\"fp-puzzle-solution\"><summary>{}</summary><p>{}</p></details>",
        escape(&t.solution),
        escape(&solution)
    );
    if let Some(data) = &data {
        let _ = write!(
            html,
            "<script type=\"application/json\" class=\"fp-puzzle-data\">{}</script>",
            to_script_json(data)
        );
    }
    html.push_str("</section>");
    html
}

/// The move box's hint with an example of the puzzle's own: a legal move
/// of the first position that is not the solution (a piece's rather than
/// a pawn's or the king's where there is one), so a Horde puzzle is not told "Qh5" when
/// Black has no queen, and no example gives the answer away.
fn move_hint(word: &str, data: Option<&super::play::PlayData>) -> String {
    let example = data.and_then(|d| d.steps.first()).and_then(|step| {
        let others: Vec<&super::play::Choice> = step
            .moves
            .iter()
            .enumerate()
            .filter(|(i, m)| !step.expected.contains(i) && !m.from.starts_with('@'))
            .map(|(_, m)| m)
            .collect();
        let piece = |m: &&&super::play::Choice| m.san.starts_with(|c: char| c.is_ascii_uppercase());
        others
            .iter()
            .find(|m| piece(m) && !m.san.starts_with('K'))
            .or_else(|| others.iter().find(piece))
            .or(others.first())
            .copied()
    });
    match example {
        Some(m) => word.replace("{san}", &m.san).replace("{coords}", &m.uci),
        None => word.replace("{san}", "Qh5").replace("{coords}", "d1h5"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fenpress_rules::registry::BUILTIN;

    #[test]
    fn an_emergo_stack_is_one_square_for_the_script_too() {
        // The page's script redraws the board after each move: it must
        // read `a@` as one square and find a symbol for the stack.
        let text = "---\nvariant: Emergo\nfen: \"9/3a@5/8A@/5A@1AF1/4B@4/5AA3/4AB3AA/3A@1A@1AA1/8A@ w - - 0 33\"\ngoal: win in 2\nsolution: 1.f6e7 d8f6 f6d4 2.e3c5\n---\n";
        let page = render(
            &BUILTIN,
            Path::new("puzzles/Emergo/p.md"),
            text,
            &crate::words::strings("en"),
        );
        assert!(page.diagnostics.is_empty(), "{:?}", page.diagnostics);
        assert!(
            page.widget.contains("&quot;pairs&quot;:true")
                || page.widget.contains("\"pairs\":true")
        );
        // Symbols for the stacks of the start (`A@`, `AF`) and of boards
        // met later, each drawn on the page.
        for stack in ["a@", "A@", "AF"] {
            let key = format!("&quot;{stack}&quot;:&quot;");
            let at = page
                .widget
                .find(&key)
                .unwrap_or_else(|| panic!("{stack}: {}", page.widget));
            let id: String = page.widget[at + key.len()..]
                .chars()
                .take_while(|c| *c != '&')
                .collect();
            assert!(
                page.widget.contains(&format!("id=\"{id}\"")),
                "{stack} -> {id}"
            );
        }
    }

    #[test]
    fn a_chess_puzzle_reads_one_character_a_square() {
        let text = "---\nvariant: Chess\nfen: \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\ngoal: mate in 1\nsolution: 1.Ra8#\n---\n";
        let page = render(
            &BUILTIN,
            Path::new("puzzles/Chess/p.md"),
            text,
            &crate::words::strings("en"),
        );
        assert!(page.diagnostics.is_empty(), "{:?}", page.diagnostics);
        assert!(page.widget.contains("\"pairs\":false"), "{}", page.widget);
    }
}
