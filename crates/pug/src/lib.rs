//! The fenpress Pug front end: parses the Pug that vchess rule pages use into
//! a syntax tree with source positions, and converts it to Markdown. It knows
//! nothing of chess: a diagram is only the text of a `fen:...:` string.
//!
//! ```
//! let page = fenpress_pug::convert("p\n  | See\n  a(href=\"x\") this\n  | .\n").unwrap();
//! assert_eq!(page.markdown, "See[this](x).\n");
//! ```

pub mod ast;
pub mod diagram;
pub mod entity;
pub mod escape;
pub mod html;
pub mod markdown;
pub mod parser;
pub mod paste;

pub use parser::{parse, Parsed};

/// Where a character sits in a source file: 1-based line and column (in
/// characters). The one source-location type of fenpress: the site's
/// content model re-exports it, so Pug positions need no conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
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
    /// Stable code, e.g. `pug-syntax`, `pug-unsupported`, `pug-repair`,
    /// `pug-paste`, `pug-diagram`.
    pub code: &'static str,
    pub pos: Loc,
    pub message: String,
    pub hint: Option<String>,
}

/// Where the `fen:` text of one ```diagram block came from. For a
/// before/after pair (`.diag12` + `.diag22`) the block holds both boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramOrigin {
    /// Position of the `f` of `fen:` of the (first) board.
    pub fen: Loc,
    /// Position of the `fen:` of the second board of a before/after pair.
    pub after_fen: Option<Loc>,
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
///
/// A numbered listing pasted from a git web viewer is recovered first (with
/// a warning; positions refer to the paste); a paste whose structure was
/// lost is refused with an error saying what it is.
pub fn convert(source: &str) -> Result<Converted, Vec<PugDiagnostic>> {
    match paste::detect(source) {
        None => convert_pug(source),
        Some(kind @ paste::Paste::Numbered { .. }) => match paste::recover(source) {
            Some(recovered) => convert_recovered(&recovered, &kind),
            None => Err(vec![paste_error(&kind)]),
        },
        Some(kind) => Err(vec![paste_error(&kind)]),
    }
}

fn paste_error(kind: &paste::Paste) -> PugDiagnostic {
    PugDiagnostic {
        level: Level::Error,
        code: "pug-paste",
        pos: Loc { line: 1, column: 1 },
        message: paste::explain(kind),
        hint: None,
    }
}

fn convert_recovered(
    recovered: &paste::Recovered,
    kind: &paste::Paste,
) -> Result<Converted, Vec<PugDiagnostic>> {
    let map = |pos: Loc| match recovered.origins.get(pos.line.wrapping_sub(1)) {
        Some(&(line, removed)) => Loc {
            line,
            column: pos.column + removed,
        },
        None => pos,
    };
    let map_all = |ds: Vec<PugDiagnostic>| -> Vec<PugDiagnostic> {
        ds.into_iter()
            .map(|d| PugDiagnostic {
                pos: map(d.pos),
                ..d
            })
            .collect()
    };
    let mut converted = convert_pug(&recovered.pug).map_err(map_all)?;
    converted.warnings = map_all(converted.warnings);
    converted.warnings.insert(
        0,
        PugDiagnostic {
            level: Level::Warning,
            code: "pug-paste",
            pos: Loc { line: 1, column: 1 },
            message: format!(
                "{}; recovered by removing the line numbers",
                paste::explain(kind)
            ),
            hint: Some(
                "trailing spaces were lost in the paste: check the spacing around links".into(),
            ),
        },
    );
    for d in &mut converted.diagrams {
        d.fen = map(d.fen);
        d.after_fen = d.after_fen.map(map);
    }
    Ok(converted)
}

fn convert_pug(source: &str) -> Result<Converted, Vec<PugDiagnostic>> {
    let parsed = parse(source)?;
    let written = markdown::write(&parsed.document.children);
    let mut warnings = parsed.warnings;
    warnings.extend(written.warnings);
    warnings.sort_by_key(|w| w.pos);
    Ok(Converted {
        markdown: written.markdown,
        diagrams: written.diagrams,
        warnings,
    })
}
