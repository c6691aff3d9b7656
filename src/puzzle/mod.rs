//! Puzzles: `puzzles/<Variant>/<slug>.md`, one per file (YAML front matter
//! with the variant, position, goal and solution line; Markdown text after).
//! [`spec`] reads the file, [`verify`] proves it with the rules core (a
//! forced-win search for `mate in N` / `win in N`), [`play`] computes the
//! data that makes it playable in the browser without a rules engine, and
//! [`page`] draws the puzzle's HTML. The site calls [`page::render`]; `check`
//! calls [`verify_file`] or [`verify_source`].
//!
//! ```
//! use fenpress::puzzle::verify_source;
//! let text = "---\nfen: 6k1/5ppp/8/8/8/8/8/R5K1 w - -\ngoal: mate in 1\nsolution: 1.Ra8#\n---\n";
//! assert!(verify_source("puzzles/Chess/back-rank.md".as_ref(), text).is_empty());
//! let wrong = text.replace("Ra8#", "Ra7");
//! let found = verify_source("puzzles/Chess/back-rank.md".as_ref(), &wrong);
//! assert_eq!(found[0].message, "the line ends with 1.Ra7, which does not mate");
//! assert_eq!((found[0].line, found[0].column), (4, 13));
//! ```

pub mod compose;
pub mod difficulty;
pub mod page;
pub mod play;
pub mod search;
pub mod spec;
pub mod strings;
pub mod verify;

use std::path::Path;

use crate::diagnostic::{Diagnostic, Severity};
use fenpress_rules::registry::BUILTIN;
pub use spec::{Goal, Loc, Puzzle, SpecError};
pub use verify::{verify, Finding, Verified, VerifyOptions};

/// The diagnostic for a puzzle file that does not parse.
pub fn spec_diagnostic(path: &Path, error: &SpecError) -> Diagnostic {
    let at = error.at();
    Diagnostic::new(
        Severity::Error,
        error.code(),
        path,
        at.line,
        at.column,
        error.to_string(),
    )
}

/// Parses and verifies a puzzle given its text (`path` names it in the
/// diagnostics and, through its folder, gives the default variant).
/// Empty when the puzzle is right. A file checked alone belongs to no
/// site: it sees the built-in variants only.
pub fn verify_source(path: &Path, text: &str) -> Vec<Diagnostic> {
    match spec::parse(path, text) {
        Ok(puzzle) => verify_puzzle(&puzzle),
        Err(e) => vec![spec_diagnostic(path, &e)],
    }
}

/// Verifies a parsed puzzle with the default search budget, against the
/// built-in variants (a site's puzzles are verified with its registry, by
/// `check`).
pub fn verify_puzzle(puzzle: &Puzzle) -> Vec<Diagnostic> {
    verify(&BUILTIN, puzzle, VerifyOptions::default()).diagnostics(puzzle)
}

/// Reads and verifies one puzzle file.
pub fn verify_file(path: &Path) -> Vec<Diagnostic> {
    match crate::content::input::read_bytes(path, crate::content::load::MAX_FILE_BYTES) {
        Err(e) => vec![Diagnostic::new(
            Severity::Error,
            "read",
            path,
            1,
            1,
            e.to_string(),
        )],
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => verify_source(path, &text),
            Err(_) => vec![Diagnostic::new(
                Severity::Error,
                "encoding",
                path,
                1,
                1,
                "the file is not UTF-8 text (save it as UTF-8)",
            )],
        },
    }
}
