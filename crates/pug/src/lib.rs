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

/// One board of a ```diagram block as the writer read it from its `fen:`
/// string: the fields and where each part is written in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardFields {
    pub fen: diagram::FenString,
    /// The `f` of `fen:`.
    pub fen_at: Loc,
    /// Where the board field starts.
    pub board_at: Loc,
    /// Where each of `fen.marks` starts.
    pub marks_at: Vec<Loc>,
    /// A space follows `fen:` (vchess then reads an empty board).
    pub space_after_fen: bool,
}

impl BoardFields {
    fn new(m: &diagram::FenMatch, fen_at: Loc) -> Self {
        BoardFields {
            fen: m.fen.clone(),
            fen_at,
            board_at: fen_at.plus(m.offsets.board),
            marks_at: m.offsets.marks.iter().map(|&k| fen_at.plus(k)).collect(),
            space_after_fen: m.offsets.space_after_fen,
        }
    }

    fn map_locs(&mut self, map: &impl Fn(Loc) -> Loc) {
        self.fen_at = map(self.fen_at);
        self.board_at = map(self.board_at);
        for at in &mut self.marks_at {
            *at = map(*at);
        }
    }
}

/// What one ```diagram block of the Markdown says, as the writer wrote it
/// (its YAML is [`diagram::block_yaml`] of these fields).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramFields {
    pub board: BoardFields,
    /// The second board of a before/after pair.
    pub after: Option<BoardFields>,
    /// The figure's caption, as Markdown inline text.
    pub caption: Option<String>,
}

/// The Markdown's diagram blocks and headings as the writer wrote them,
/// when they are exactly what a CommonMark reader finds in it: the
/// content layer then needs neither a Markdown parse nor a YAML parse of
/// a Pug page (see [`markdown::outline_is_exact`] for when it is not).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenOutline {
    /// One per ```diagram block, in document order.
    pub diagrams: Vec<DiagramFields>,
    /// Each heading's Markdown line (`## Title {.class}`), in order.
    pub headings: Vec<String>,
}

/// A page converted to Markdown.
#[derive(Debug, Clone, Default)]
pub struct Converted {
    pub markdown: String,
    /// One entry per ```diagram block of `markdown`, in document order.
    pub diagrams: Vec<DiagramOrigin>,
    /// The diagram blocks and headings of `markdown`, when the writer
    /// knows them exactly; `None` sends the reader to parse `markdown`.
    pub outline: Option<WrittenOutline>,
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
    for d in converted.outline.iter_mut().flat_map(|o| &mut o.diagrams) {
        d.board.map_locs(&map);
        if let Some(after) = &mut d.after {
            after.map_locs(&map);
        }
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
        outline: written.outline,
        warnings,
    })
}
