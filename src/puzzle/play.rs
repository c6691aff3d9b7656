//! What makes a puzzle playable in the browser with no rules engine there:
//! for each position where the solver is to move along the solution, every
//! legal move (coordinates, SAN, the board after it), which of them are
//! accepted, and the defender's reply to play back. Computed at build time
//! with the rules core and embedded in the page as JSON.

use fenpress_rules::registry::Registry;
use fenpress_rules::{fen, legal, notation, Color, MoveList};
use serde::Serialize;

use super::search::{Search, WinKind};
use super::spec::{Goal, Puzzle};
use super::strings::PuzzleWords;
use super::verify::Verified;
use crate::diagram::board::{read_board, CellSpelling};
use crate::diagram::describe::describe;
use crate::diagram::spec::{split_hand, BoardSpec, Orientation};
use crate::words::{DiagramWords, Strings};

/// The data `puzzle.js` reads.
#[derive(Debug, Clone, Serialize)]
pub struct PlayData {
    pub variant: String,
    pub rows: u8,
    pub cols: u8,
    /// The FEN character of a hole (Maxima), if the variant has holes.
    pub hole: Option<char>,
    /// The board is seen from Black's side (Black solves).
    pub flip: bool,
    /// The variant keeps pieces in hand: every board text ends with its
    /// hand in brackets (`[Qn]`), which `puzzle.js` draws above and below.
    pub hands: bool,
    /// Every occupied square of a board text is two characters (Emergo's
    /// stacks, `a@`), which `puzzle.js` reads as one square.
    pub pairs: bool,
    /// The start board (board part of the FEN, decimal digit runs).
    pub start: String,
    pub steps: Vec<Step>,
    /// The solution line, numbered, as one text.
    pub solution: String,
    pub t: PuzzleWords,
}

/// A position where the solver is to move.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    pub board: String,
    pub moves: Vec<Choice>,
    /// Indexes in `moves` of the moves accepted as correct.
    pub expected: Vec<usize>,
    /// The defender's reply (several plies for a chain), played back after
    /// a correct move; empty after the last move or inside a chain.
    pub replies: Vec<Reply>,
}

/// One legal move of the solver.
#[derive(Debug, Clone, Serialize)]
pub struct Choice {
    /// The origin square, or for a drop `@` and the piece's letter (`@N`),
    /// which is what `puzzle.js` names a piece in hand.
    pub from: String,
    pub to: String,
    /// Coordinate notation (`d1h5`, `e7e8q`).
    pub uci: String,
    pub san: String,
    /// The board after the move.
    pub board: String,
    /// The text alternative of `board`, for the moves the page can show
    /// (the accepted ones: a refused move leaves the board as it was).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A move of the defender, played back.
#[derive(Debug, Clone, Serialize)]
pub struct Reply {
    pub san: String,
    pub board: String,
    /// The text alternative of `board`.
    pub text: String,
}

/// The play data of a verified puzzle; `None` when the position or the
/// line did not resolve (the page then shows a static diagram only).
pub fn play_data(
    registry: &Registry,
    puzzle: &Puzzle,
    verified: &Verified,
    words: &Strings,
) -> Option<PlayData> {
    let rules = &**verified.rules.as_ref()?;
    let start = verified.start.as_ref()?;
    if !verified.line_complete || verified.line.is_empty() {
        return None;
    }
    let solver = start.turn();
    let flip = solver == Color::Black;
    let describe_board =
        |board: &str| board_text(registry, rules.name(), board, flip, &words.diagram);
    let geometry = rules.geometry();
    let mut pos = start.clone();
    let mut steps = Vec::new();
    let line = &verified.line;
    let win = match puzzle.goal {
        Goal::Mate(_) => Some(WinKind::Mate),
        Goal::Win(_) => Some(WinKind::Any),
        Goal::Line { .. } => None,
    };
    let mut i = 0;
    while i < line.len() {
        let mv = line[i];
        if pos.turn() != solver {
            // A line cannot start with the defender; skip defensively.
            rules.play(&mut pos, &mv);
            i += 1;
            continue;
        }
        let board = board_and_hand(rules, &pos);
        let mut legal_moves = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut legal_moves);
        let is_last = i + 1 == line.len();
        let mut search = win.map(|w| Search::new(rules, solver, w, 0));
        let mut moves = Vec::with_capacity(legal_moves.len());
        let mut expected = Vec::new();
        for (k, m) in legal_moves.iter().enumerate() {
            let san = notation::san(rules, &mut pos, m);
            let undo = rules.play(&mut pos, m);
            let after = board_and_hand(rules, &pos);
            // The last move of a mate may have twins that mate too:
            // accept every immediate win there.
            let wins = is_last
                && !m.intent.continues
                && search.as_mut().is_some_and(|s| s.is_win(&mut pos));
            rules.unplay(&mut pos, m, undo);
            let accepted = m.intent == mv.intent || wins;
            if accepted {
                expected.push(k);
            }
            moves.push(Choice {
                from: if m.is_drop() {
                    format!("@{}", m.intent.piece.letter())
                } else {
                    geometry.square_name(m.intent.from)
                },
                to: geometry.square_name(m.intent.to),
                uci: notation::coordinate(rules, m),
                san,
                text: accepted.then(|| describe_board(&after)),
                board: after,
            });
        }
        rules.play(&mut pos, &mv);
        i += 1;
        let mut replies = Vec::new();
        while i < line.len() && pos.turn() != solver {
            let r = line[i];
            let san = notation::san(rules, &mut pos, &r);
            rules.play(&mut pos, &r);
            let board = board_and_hand(rules, &pos);
            replies.push(Reply {
                san,
                text: describe_board(&board),
                board,
            });
            i += 1;
        }
        steps.push(Step {
            board,
            moves,
            expected,
            replies,
        });
    }
    Some(PlayData {
        variant: rules.name().to_string(),
        rows: geometry.rows(),
        cols: geometry.cols(),
        hole: rules.fen_style().hole,
        flip,
        hands: !fen::hand_text(rules, start).is_empty(),
        pairs: registry
            .lookup(rules.name())
            .is_some_and(|info| info.cell == CellSpelling::Pair),
        start: board_and_hand(rules, start),
        steps,
        solution: verified.labels.join(" "),
        t: words.puzzle.clone(),
    })
}

impl PlayData {
    /// Every board text the reader can meet: the start, after each of the
    /// solver's moves, after each reply.
    pub fn boards(&self) -> impl Iterator<Item = &str> {
        let steps = self.steps.iter().flat_map(|s| {
            let moves = s.moves.iter().map(|m| m.board.as_str());
            let replies = s.replies.iter().map(|r| r.board.as_str());
            std::iter::once(s.board.as_str())
                .chain(moves)
                .chain(replies)
        });
        std::iter::once(self.start.as_str()).chain(steps)
    }
}

/// The board part of the position's FEN and its hand in brackets (nothing
/// for a variant without hands).
fn board_and_hand(rules: &dyn fenpress_rules::Rules, pos: &fenpress_rules::Position) -> String {
    format!(
        "{}{}",
        fen::board_fen(rules, pos),
        fen::hand_text(rules, pos)
    )
}

/// What the static diagram's `<title>` would say of `board`, so that the
/// board `puzzle.js` redraws keeps a text alternative.
fn board_text(
    registry: &Registry,
    variant: &str,
    board: &str,
    flip: bool,
    words: &DiagramWords,
) -> String {
    let (board, hand) = split_hand(board);
    let spec = BoardSpec {
        board: board.to_string(),
        hand: hand.map(str::to_string),
        orientation: if flip {
            Orientation::Black
        } else {
            Orientation::White
        },
        ..BoardSpec::default()
    };
    describe(
        registry,
        variant,
        &read_board(registry, variant, &spec.board),
        &spec,
        words,
    )
}

/// The JSON of the play data, safe inside a `<script>` element.
pub fn to_script_json(data: &PlayData) -> String {
    let json = serde_json::to_string(data).unwrap_or_else(|_| "null".into());
    json.replace("</", "<\\/").replace("<!--", "<\\!--")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{spec, verify, VerifyOptions};
    use fenpress_rules::registry::BUILTIN;
    use std::path::Path;

    /// The play data of a puzzle of `variant`.
    fn data(variant: &str, fen: &str, goal: &str, solution: &str) -> PlayData {
        let text = format!("---\nfen: \"{fen}\"\ngoal: {goal}\nsolution: {solution}\n---\n");
        let path = format!("puzzles/{variant}/p.md");
        let puzzle = spec::parse(Path::new(&path), &text).unwrap();
        let verified = verify(&BUILTIN, &puzzle, VerifyOptions::default());
        assert!(verified.findings.is_empty(), "{:?}", verified.findings);
        play_data(&BUILTIN, &puzzle, &verified, &crate::words::strings("en")).unwrap()
    }

    #[test]
    fn the_solver_is_the_side_to_move_not_the_pieces_colour() {
        // Ambiguous: Black's turn moves a white piece first (it executes
        // White's mark); White's reply moves a black one. Each is asked of
        // its side: Black plays both parts of its turn, White's execution
        // is played back.
        let d = data(
            "Ambiguous",
            "8/8/PN1p4/6P1/3g4/2k1K3/8/8 b - - 7 48",
            "win in 1",
            "1...Kd4 Kd4 2.Kxd4",
        );
        assert_eq!(d.steps.len(), 2, "{:#?}", d.steps);
        assert!(d.steps[0].replies.is_empty());
        assert_eq!(d.steps[1].replies.len(), 1);
        assert!(d.steps.iter().all(|s| s.expected.len() == 1));
        // Monocolor: every piece is stored black; White solves.
        let d = data(
            "Monocolor",
            "8/8/2p5/8/2q1pn2/1pq5/8/8 w - - 0 31",
            "win in 1",
            "1.Qxc6 Qxc3",
        );
        assert_eq!(d.steps.len(), 1);
        assert_eq!(d.steps[0].replies.len(), 1);
        assert!(!d.steps[0].expected.is_empty());
        // Marseillais chess: both moves of the double turn are the
        // solver's, and the first is accepted as the line's.
        let d = data(
            "Doublemove1",
            "r3k1n1/2p4r/8/8/8/8/3P3P/4K3 b - - 0 4",
            "mate in 1",
            "1...Rxh2 Ra1#",
        );
        assert_eq!(d.steps.len(), 2);
        assert!(d.steps.iter().all(|s| !s.expected.is_empty()));
    }
}
