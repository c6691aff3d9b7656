//! The one source-location type: where a character sits in a content file.

/// A 1-based line and column (in characters) in a source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Loc {
    pub line: usize,
    pub column: usize,
}

impl Loc {
    pub const START: Loc = Loc { line: 1, column: 1 };

    /// `n` characters further on the same line.
    pub fn plus(self, n: usize) -> Loc {
        Loc {
            line: self.line,
            column: self.column + n,
        }
    }
}
