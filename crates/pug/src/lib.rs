//! The fenpress Pug front end: parses the Pug that vchess rule pages use into
//! a syntax tree with source positions, and converts it to Markdown. It knows
//! nothing of chess: a diagram is only the text of a `fen:...:` string.

/// Where a finding or a diagram sits in the Pug source (1-based, columns in
/// characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SourcePos {
    pub line: usize,
    pub column: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    Warning,
    Error,
}

/// A problem found in a Pug source: a syntax error, an unsupported construct,
/// or an author mistake that the converter repaired (a warning).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PugDiagnostic {
    pub level: Level,
    /// Stable code, e.g. `pug-syntax`, `pug-unsupported`, `pug-repair`.
    pub code: &'static str,
    pub pos: SourcePos,
    pub message: String,
    pub hint: Option<String>,
}

/// Where the `fen:` text of one ```diagram block came from. For a
/// before/after pair (`.diag12` + `.diag22`) the block holds both boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramOrigin {
    /// Position of the `f` of `fen:` of the (first) board.
    pub fen: SourcePos,
    /// Position of the `fen:` of the second board of a before/after pair.
    pub after_fen: Option<SourcePos>,
}

/// A page converted to Markdown.
#[derive(Debug, Clone, Default)]
pub struct Converted {
    pub markdown: String,
    /// One entry per ```diagram block of `markdown`, in document order.
    pub diagrams: Vec<DiagramOrigin>,
    /// Repairs and other non-fatal findings.
    pub warnings: Vec<PugDiagnostic>,
}

/// Convert one Pug source to Markdown. Errors are returned all at once.
pub fn convert(source: &str) -> Result<Converted, Vec<PugDiagnostic>> {
    let _ = source;
    Err(vec![PugDiagnostic {
        level: Level::Error,
        code: "pug-unsupported",
        pos: SourcePos { line: 1, column: 1 },
        message: "the Pug front end is not implemented yet".into(),
        hint: None,
    }])
}
