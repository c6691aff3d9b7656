//! Variant definitions: a chess-like variant written as YAML data (board,
//! pieces in Betza notation, start, promotion, castling, pawns, how the game
//! is won), read into a [`ChessLikeSpec`] with errors that point at
//! file:line:col, and printed back in the same format.
//!
//! The format is documented in docs/authoring.md ("Variant definitions").
//! The built-in definitions live in `crates/rules/variants/*.yaml`.

mod builtin;
mod ini;
mod parse;
mod print;

pub use builtin::{builtin_rules, builtin_spec, builtin_text, BUILTIN};
pub use ini::{import_ini, ImportError, INI_NO_EFFECT};
pub use parse::{definition_keys, parse_definition};
pub use print::print_definition;

use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

/// What is wrong with a definition.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DefinitionErrorKind {
    #[error("{0}")]
    Yaml(String),
    #[error("Betza notation `{betza}` for piece `{letter}` cannot be used: {reason}")]
    Betza {
        letter: char,
        betza: String,
        reason: String,
    },
    #[error("the letter `{0}` is used by two pieces")]
    LetterTwice(char),
    #[error("`{0}` is not a piece letter (one letter, a to z)")]
    BadLetter(String),
    #[error("the start position does not fit the board: {0}")]
    StartDoesNotFit(String),
    #[error("promotion to `{0}`, which is not a piece of the variant")]
    UnknownPromotion(char),
    #[error("promotion to `{letter}`, which {why}")]
    ImpossiblePromotion { letter: char, why: &'static str },
    #[error("`{0}` names no piece of the variant")]
    UnknownPiece(String),
    #[error("`{0}` names no two armies of `armies: list` (White's letter, then Black's)")]
    UnknownArmy(String),
    #[error("army {0} does not fit: {1}")]
    ArmySetup(char, String),
    #[error("bad value `{value}` for `{key}`: {expected}")]
    BadValue {
        key: &'static str,
        value: String,
        expected: &'static str,
    },
    #[error("the variant cannot be built: {0}")]
    Spec(String),
    #[error("`regions` cannot stand beside {0}: fenpress keeps a confined piece's moves on its squares, not its attacks, so checks would be wrong")]
    RegionsBeside(&'static str),
}

impl DefinitionErrorKind {
    /// What the author should do about it.
    pub fn hint(&self) -> &'static str {
        match self {
            DefinitionErrorKind::Yaml(_) => {
                "check the YAML syntax and the key names against docs/authoring.md (\"Variant definitions\")"
            }
            DefinitionErrorKind::Betza { .. } => {
                "write the moves with the Betza atoms and modifiers docs/authoring.md lists"
            }
            DefinitionErrorKind::LetterTwice(_) => {
                "give each piece its own letter, or `side: white` / `side: black` to each of the two"
            }
            DefinitionErrorKind::BadLetter(_) => "use one lowercase letter",
            DefinitionErrorKind::StartDoesNotFit(_) => {
                "make `start` a FEN with as many rows and files as `board` says, using the pieces' letters"
            }
            DefinitionErrorKind::UnknownPromotion(_) => {
                "list the piece under `pieces`, or remove it from `promotion`"
            }
            DefinitionErrorKind::ImpossiblePromotion { .. } => {
                "promote to a piece that is neither a pawn nor royal, or write `royal: { count: any }` for a variant where a side may have several royal pieces"
            }
            DefinitionErrorKind::UnknownPiece(_) => "use the letter of a piece listed under `pieces`",
            DefinitionErrorKind::UnknownArmy(_) => {
                "write two `code` letters of the armies under `armies: list`, e.g. CN"
            }
            DefinitionErrorKind::ArmySetup(..) => {
                "list the army's officers, one royal piece and one pawn under its `pieces`, and write `first_rank` with one of them per file"
            }
            DefinitionErrorKind::BadValue { .. } => "use one of the values the message lists",
            DefinitionErrorKind::Spec(_) => "check the board size, holes and Betza steps",
            DefinitionErrorKind::RegionsBeside(_) => {
                "remove `regions`, or make the game one without royal pieces, drops or castling (as Buffalo)"
            }
        }
    }
}

/// A definition that cannot be used, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{col}: {kind}; {}", kind.hint())]
pub struct DefinitionError {
    /// The file name given to the parser (`variants/Mycapa.yaml`).
    pub file: String,
    /// 1-based line and column of the faulty value (0 when unknown).
    pub line: u64,
    pub col: u64,
    pub kind: DefinitionErrorKind,
}

/// The variant name a definition file stands for: its file name without
/// folder and extension (`variants/Mycapa.yaml` is `Mycapa`).
pub fn name_from_file(file: &str) -> &str {
    let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
    base.strip_suffix(".yaml")
        .or_else(|| base.strip_suffix(".yml"))
        .unwrap_or(base)
}

/// Reads a definition and compiles it: the rules, ready to play.
pub fn compile_definition(text: &str, file: &str) -> Result<ChessLike, DefinitionError> {
    let spec = parse_definition(text, file)?;
    ChessLike::new(spec).map_err(|e| DefinitionError {
        file: file.to_string(),
        line: 0,
        col: 0,
        kind: DefinitionErrorKind::Spec(e.to_string()),
    })
}

/// Whether two specs describe the same game (what `show` then `parse`
/// must keep).
pub fn same_game(a: &ChessLikeSpec, b: &ChessLikeSpec) -> bool {
    print_definition(a) == print_definition(b)
}
