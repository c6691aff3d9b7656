//! Diagnostics shared by every step (load, verify, render, write): each one
//! names the source file, line and column of the thing it blames.

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

/// How bad a diagnostic is. Errors fail `check` and `build --strict`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// One finding about the site's sources.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Stable machine-readable code, e.g. `pug-syntax`, `fen-row-width`.
    pub code: &'static str,
    pub file: PathBuf,
    /// 1-based line of the blamed text in the source file.
    pub line: usize,
    /// 1-based column (in characters) of the blamed text.
    pub column: usize,
    /// Length in characters of the blamed text, for the caret line.
    #[serde(skip)]
    pub span: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn new(
        severity: Severity,
        code: &'static str,
        file: impl Into<PathBuf>,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity,
            code,
            file: file.into(),
            line,
            column,
            span: 1,
            variant: None,
            message: message.into(),
            hint: None,
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn with_span(mut self, span: usize) -> Self {
        self.span = span.max(1);
        self
    }

    pub fn with_variant(mut self, variant: impl Into<String>) -> Self {
        self.variant = Some(variant.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}[{}]: {}",
            self.file.display(),
            self.line,
            self.column,
            self.severity,
            self.code,
            self.message
        )?;
        if let Some(hint) = &self.hint {
            write!(f, " (hint: {hint})")?;
        }
        Ok(())
    }
}
