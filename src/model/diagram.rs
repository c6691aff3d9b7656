//! One diagram as the whole pipeline sees it: read once by the content
//! layer (the parsed spec that draws it, and where each part of it is
//! written), verified by `check` (its verdict is stored on the record), drawn
//! by `site`. Nothing here reads files or knows rules.

use super::Loc;
use crate::diagram::spec::{DiagramSpec, SpecError};

/// One ```diagram block of a page, in document order: `index` is its place
/// among the page's blocks, which is how the renderer finds it again.
#[derive(Debug, Clone)]
pub struct DiagramRecord {
    pub index: usize,
    /// The block's YAML as parsed (positions inside the block), or why it
    /// does not parse.
    pub spec: Result<DiagramSpec, SpecError>,
    /// Where each part of the spec is written in the source file; `None`
    /// when the block does not parse or a Pug `fen:` could not be found
    /// again.
    pub written: Option<Written>,
    /// Where the block's first YAML line is in the source file (Markdown
    /// pages) or its `fen:` (Pug pages): spec errors and drawing problems
    /// are reported from here.
    pub at: BlockAt,
    /// What verification decided (set by the verify step).
    pub verdict: Option<Verdict>,
}

/// How a position inside the block's YAML maps to the source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockAt {
    /// A Markdown block: line `first_line` of the source is the block's line 1.
    Markdown { first_line: usize },
    /// A block converted from Pug: findings point at the `fen:` of the
    /// board they are about.
    Pug { fen: Loc, after_fen: Option<Loc> },
}

impl BlockAt {
    /// The source position of `(line, column)` inside the block, for a
    /// finding about board `board` (0 the first, 1 the after-board).
    pub fn locate(&self, inner: (usize, usize), board: usize) -> Loc {
        match *self {
            BlockAt::Markdown { first_line } => Loc {
                line: first_line + inner.0.max(1) - 1,
                column: inner.1,
            },
            BlockAt::Pug { fen, after_fen } => {
                let at = if board == 1 {
                    after_fen.unwrap_or(fen)
                } else {
                    fen
                };
                Loc {
                    line: at.line.max(1),
                    column: at.column.max(1),
                }
            }
        }
    }
}

/// How one diagram was checked (kept by the build cache, see
/// `site::cache`).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Verdict {
    /// The first error's message, if verification failed.
    pub failure: Option<String>,
    pub verified: bool,
    pub has_rules: bool,
    /// The boards were checked against the variant (its registry entry).
    pub board_checked: bool,
    /// A pair whose right board follows from its left one (one legal move,
    /// or the caption's line, proved): drawn as before and after.
    pub pair_linked: bool,
    /// Per board, its legal moves as `from:to,to;from:to` (see
    /// `check::verify::explore_moves`): what a reader who selects a piece
    /// is shown. Kept only for a fully verified block.
    pub explore: Vec<String>,
}

/// How far one diagram block was verified, in the words every command
/// uses: fully verified (position, marks, arrows, claims proved by the
/// rules core), board checked (against the variant; its moves not, for
/// want of rules), failed (with the first error), unchecked (a variant fenpress
/// does not know), unreadable (the block does not parse).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    Proved,
    BoardOnly,
    Failed(String),
    Unchecked,
    Unreadable,
}

impl Status {
    /// The status word of `check`'s and `build`'s listings.
    pub fn word(&self) -> &'static str {
        match self {
            Status::Proved => "fully verified",
            Status::BoardOnly => "board checked",
            Status::Failed(_) => "failed",
            Status::Unchecked => "unchecked",
            Status::Unreadable => "unreadable",
        }
    }
}

impl DiagramRecord {
    /// What verification decided about this block.
    pub fn status(&self) -> Status {
        if self.spec.is_err() {
            return Status::Unreadable;
        }
        self.verdict
            .as_ref()
            .map_or(Status::Unchecked, Verdict::status)
    }
}

impl Verdict {
    /// The status this verdict gives its block.
    pub fn status(&self) -> Status {
        match &self.failure {
            Some(why) => Status::Failed(why.clone()),
            None if self.verified => Status::Proved,
            None if self.board_checked => Status::BoardOnly,
            None => Status::Unchecked,
        }
    }
}

/// Where one board of a block is written: positions only (what the
/// board says is its [`BoardSpec`](crate::diagram::spec::BoardSpec) in the
/// record's spec).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardWritten {
    /// Where `fen:` (Pug) or the `fen` key (Markdown) is.
    pub fen_at: Loc,
    /// Where the board field starts; its characters follow on the line.
    pub board_at: Loc,
    /// Where each of the spec's marks is written, in the spec's order.
    pub marks: Vec<Loc>,
    /// Where each of the spec's arrows is written, in the spec's order.
    pub arrows: Vec<Loc>,
    /// `fen: 8/8/...`: a space after `fen:` makes vchess read an empty board.
    pub space_after_fen: bool,
}

/// A caption's text, with the position of each of its characters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CaptionText {
    pub text: String,
    pub locs: Vec<Loc>,
}

impl CaptionText {
    /// Position of the character at `offset` (clamped).
    pub fn loc(&self, offset: usize) -> Loc {
        self.locs
            .get(offset)
            .or(self.locs.last())
            .copied()
            .unwrap_or_default()
    }
    pub fn push_str(&mut self, s: &str, at: Loc) {
        for (i, c) in s.chars().enumerate() {
            self.text.push(c);
            self.locs.push(at.plus(i));
        }
    }
}

/// Where a Pug diagram's caption is written. A Markdown block states its
/// claims in its own keys; its caption has none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum CaptionWritten {
    #[default]
    None,
    /// The block's own caption, the spec's: where each character of its
    /// text, as a reader reads it (`markdown::inline_plain_text`), is
    /// written in the source.
    Own(Vec<Loc>),
    /// The caption of the figure around the block, when the page draws it
    /// rather than the block (a figure holding more than diagrams): its
    /// text, each character at its place. The spec has no caption then.
    Figure(CaptionText),
}

impl Written {
    /// The text of the caption whose claims this diagram makes, each
    /// character with where it is written: a view made from the spec's
    /// caption and these positions (the text is held once, by the spec),
    /// or the figure's caption the page draws.
    pub fn caption_text(&self, spec: &DiagramSpec) -> Option<CaptionText> {
        match &self.caption {
            CaptionWritten::None => None,
            CaptionWritten::Own(locs) => Some(CaptionText {
                text: crate::markdown::inline_plain_text(spec.caption.as_deref()?),
                locs: locs.clone(),
            }),
            CaptionWritten::Figure(c) => Some(c.clone()),
        }
    }
}

/// Where every part of one diagram (or before/after pair) is written in
/// its source file, for findings to blame the very character. Positions
/// only, beside the record's spec, which says what the parts are: the one
/// reading of the block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// One board, or two for a before/after pair, as the spec's.
    pub boards: Vec<BoardWritten>,
    /// Where the caption whose claims this diagram makes is written.
    pub caption: CaptionWritten,
    /// How many diagram blocks share that caption's figure.
    pub figure_blocks: usize,
    /// Where each of the spec's `moves`, `illegal` and `after.moves` is
    /// written (Markdown blocks: the claims), in the spec's order.
    pub moves: Vec<Loc>,
    pub illegal: Vec<Loc>,
    pub after_moves: Vec<Loc>,
}
