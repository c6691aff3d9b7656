//! The listed deviations: rules where fenpress deliberately differs from
//! vchess (`docs/rules-deviations.yaml`), each recognised by a classifier
//! here. The differential test accepts a difference only when the
//! classifier of a listed deviation of that variant recognises it.
//!
//! To add one: an entry in `docs/rules-deviations.yaml` (and its section in
//! `docs/rules-deviations.md`), and a [`Classifier`] with the same `id` in
//! `src/classifiers.rs` (keep both sorted by id).

use std::path::{Path, PathBuf};

use fenpress_rules::{Color, Position, Rules, Square};
use serde::Deserialize;

use crate::canon::{CanonMove, SetDiff};

/// One entry of `docs/rules-deviations.yaml`.
#[derive(Clone, Debug, Deserialize)]
pub struct Entry {
    pub id: String,
    /// The vchess variant name.
    pub variant: String,
    /// fenpress options the deviation needs (`pacoplay`).
    #[serde(default)]
    pub options: Vec<String>,
    /// The smallest position showing it, as a full vchess FEN.
    pub fen: String,
    /// Moves (start+end) to play from `fen` first, for a difference that
    /// shows only in the middle of a turn (a Paco Sako chain), which no
    /// FEN can hold; `a1b1 egg koopa` names one of a move's outcomes by
    /// its flags.
    #[serde(default)]
    pub play: Vec<String>,
    /// Moves (start and end squares) only vchess lists at `fen`.
    #[serde(default)]
    pub vchess_only: Vec<String>,
    /// Moves only fenpress lists at `fen`.
    #[serde(default)]
    pub fenpress_only: Vec<String>,
    /// At `fen` the FENs the engines write differ (a field one of them
    /// spells or keeps otherwise), and the classifier recognises that.
    #[serde(default)]
    pub fen_differs: bool,
    /// The difference is vchess's start string itself (`fen` is it): the
    /// classifier recognises the start FENs' difference.
    #[serde(default)]
    pub start: bool,
    /// vchess's position check refuses `fen` (and every position like
    /// it), fenpress reads it: a difference no move list shows.
    #[serde(default)]
    pub vchess_rejects: bool,
    pub vchess: String,
    pub fenpress: String,
    pub decided_by: String,
}

/// Why the deviations file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DeviationsError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Yaml { path: PathBuf, message: String },
}

/// The path of the machine-readable deviations file.
pub fn default_path() -> PathBuf {
    crate::oracle::repo_root().join("docs/rules-deviations.yaml")
}

/// Reads the deviations file.
pub fn load(path: &Path) -> Result<Vec<Entry>, DeviationsError> {
    let text = std::fs::read_to_string(path).map_err(|source| DeviationsError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    serde_saphyr::from_str(&text).map_err(|e| DeviationsError::Yaml {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// A difference found at one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    VchessOnly(CanonMove),
    FenpressOnly(CanonMove),
    /// The FEN each engine writes for the same position.
    Fen {
        vchess: String,
        fenpress: String,
    },
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Finding::VchessOnly(m) => write!(f, "vchess only:   {m}"),
            Finding::FenpressOnly(m) => write!(f, "fenpress only: {m}"),
            Finding::Fen { vchess, fenpress } => {
                write!(f, "FEN differs: vchess `{vchess}`, fenpress `{fenpress}`")
            }
        }
    }
}

/// What a classifier sees: the position (fenpress's) and the finding.
pub struct Ctx<'a> {
    pub variant: &'a str,
    pub rules: &'a dyn Rules,
    pub pos: &'a Position,
    /// Everything that differs at this position.
    pub diff: &'a SetDiff,
}

impl Ctx<'_> {
    /// The square named `name` on this board.
    pub fn square(&self, name: &str) -> Option<Square> {
        self.rules.geometry().parse_square(name)
    }
    /// The kind letter of `color`'s piece on `name`, if any.
    pub fn kind_at(&self, name: &str, color: Color) -> Option<char> {
        let sq = self.square(name)?;
        self.pos.board.cell(sq).kind(color).map(|k| k.char())
    }
    /// The squares around `sq` (king steps).
    pub fn neighbours(&self, sq: Square) -> Vec<Square> {
        let g = self.rules.geometry();
        let mut out = Vec::new();
        for df in -1..=1 {
            for dr in -1..=1 {
                if (df, dr) != (0, 0) {
                    if let Some(s) = g.offset(sq, df, dr) {
                        out.push(s);
                    }
                }
            }
        }
        out
    }
}

/// Recognises the signature of one deviation in a finding.
pub struct Classifier {
    pub id: &'static str,
    pub variant: &'static str,
    pub matches: fn(&Ctx, &Finding) -> bool,
}

pub use crate::classifiers::CLASSIFIERS;

/// The id of the listed deviation (of `entries`) that explains `finding`.
pub fn explain(entries: &[Entry], ctx: &Ctx, finding: &Finding) -> Option<&'static str> {
    CLASSIFIERS
        .iter()
        .filter(|c| c.variant.eq_ignore_ascii_case(ctx.variant))
        .filter(|c| entries.iter().any(|e| e.id == c.id))
        .find(|c| (c.matches)(ctx, finding))
        .map(|c| c.id)
}
