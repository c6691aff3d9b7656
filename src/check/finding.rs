//! A finding of `check` before it knows its file: a severity, a stable
//! code, the position and length of the blamed text, a message and a hint.

pub use crate::diagnostic::Severity as Kind;

use crate::model::Loc;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub kind: Kind,
    pub code: &'static str,
    pub at: Loc,
    /// Length in characters of the blamed text (for the caret line).
    pub len: usize,
    pub message: String,
    pub hint: Option<String>,
}

impl Finding {
    pub fn new(
        kind: Kind,
        code: &'static str,
        at: Loc,
        len: usize,
        message: impl Into<String>,
    ) -> Self {
        Finding {
            kind,
            code,
            at,
            len: len.max(1),
            message: message.into(),
            hint: None,
        }
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}
