//! What can be wrong with a position, as typed values: the answer of
//! [`crate::validate`] and of a variant's own reading hooks
//! ([`crate::rules::Rules`]). A module of its own so that the trait and the
//! validator both use it without importing each other.

use crate::color::Color;

/// One thing wrong with a position. `row` counts FEN rows from 1 at the top.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("the board has {found} rows, expected {expected}")]
    RowCount {
        found: usize,
        expected: usize,
        offset: usize,
    },
    #[error("row {row} has {found} squares, expected {expected}")]
    RowWidth {
        row: usize,
        found: usize,
        expected: usize,
        offset: usize,
        len: usize,
    },
    #[error("unknown letter `{letter}` at file {file} of row {row}")]
    UnknownLetter {
        letter: char,
        row: usize,
        file: char,
        offset: usize,
    },
    #[error("a piece `{letter}` stands on the hole {square}")]
    PieceOnHole {
        letter: char,
        square: String,
        offset: usize,
    },
    #[error("{square} is a hole (`{letter}`) but is a square in this variant")]
    UnexpectedHole {
        letter: char,
        square: String,
        offset: usize,
    },
    #[error("no {} king", color.name().to_lowercase())]
    MissingRoyal { color: Color, offset: usize },
    #[error("{count} {} kings, expected {expected}", color.name().to_lowercase())]
    TooManyRoyals {
        color: Color,
        count: usize,
        expected: usize,
        offset: usize,
    },
    #[error("pawn `{piece}` on {square}: pawns never stand on their first or last rank")]
    PawnOnBackRank {
        piece: char,
        square: String,
        offset: usize,
    },
    #[error("the {field} field `{text}` is the site's lossy form, and this board does not determine what it lost: write {write}")]
    LossyField {
        field: &'static str,
        text: String,
        /// What to write instead.
        write: String,
        offset: usize,
    },
    #[error("the {field} field `{text}` cannot be read")]
    BadField {
        field: &'static str,
        text: String,
        offset: usize,
    },
    #[error("{} may castle but has no king on its first rank", color.name())]
    CastlingWithoutKing { color: Color, offset: usize },
    #[error("{} may castle with a rook on file {file} but has none there", color.name())]
    CastlingWithoutRook {
        color: Color,
        file: char,
        offset: usize,
    },
    #[error("en-passant square {square} is impossible: {reason}")]
    EnPassantImpossible {
        square: String,
        reason: &'static str,
        offset: usize,
    },
    #[error("`{letter}` cannot be held in hand in this variant")]
    HandPiece { letter: char, offset: usize },
    #[error("`{letter}` is not a piece with a promoted form in this variant")]
    NoPromotedForm { letter: char, offset: usize },
    #[error("{} to move can capture the {} king on {square}", color.opposite().name(), color.name().to_lowercase())]
    OpponentInCheck {
        color: Color,
        square: String,
        offset: usize,
    },
    /// A set-up ply shows its choice on a square that is not free
    /// (Musketeer's chosen piece on e5 or d5).
    #[error("{square} must be free at this ply of the set-up: the chosen piece is shown there")]
    SetUpSquareTaken { square: String, offset: usize },
    /// Ambiguous: the mark on the board is what the side to move executes,
    /// so it is in that side's colour (a board-only diagram takes its side
    /// to move from it).
    #[error("the mark on {square} is not in the colour of the side to move, who executes it: give the turn to the mark's colour")]
    MarkNotToMove { square: String, offset: usize },
    /// Ambiguous: one mark at most stands on the board.
    #[error("a second mark on {square}: a turn marks one square, keep one mark")]
    SecondMark { square: String, offset: usize },
    /// Otage: a union's letter is followed by who holds it.
    #[error("the union `{letter}` on {square} needs a second letter saying who holds it (w or v: White, b or a: Black), as in `{letter}w`")]
    HolderMissing {
        letter: char,
        square: String,
        offset: usize,
    },
}

impl Problem {
    /// Byte offset in the FEN text of the blamed character or field.
    pub fn offset(&self) -> usize {
        use Problem::*;
        match self {
            RowCount { offset, .. }
            | RowWidth { offset, .. }
            | UnknownLetter { offset, .. }
            | PieceOnHole { offset, .. }
            | UnexpectedHole { offset, .. }
            | MissingRoyal { offset, .. }
            | TooManyRoyals { offset, .. }
            | PawnOnBackRank { offset, .. }
            | BadField { offset, .. }
            | LossyField { offset, .. }
            | CastlingWithoutKing { offset, .. }
            | CastlingWithoutRook { offset, .. }
            | EnPassantImpossible { offset, .. }
            | HandPiece { offset, .. }
            | NoPromotedForm { offset, .. }
            | OpponentInCheck { offset, .. }
            | SetUpSquareTaken { offset, .. }
            | MarkNotToMove { offset, .. }
            | SecondMark { offset, .. }
            | HolderMissing { offset, .. } => *offset,
        }
    }
}
