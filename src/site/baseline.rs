//! The baseline: findings a site declares as known, so that it can adopt
//! strict checking one page at a time. `fenpress check --write-baseline`
//! writes the current errors and warnings to `fenpress-baseline.yaml` in
//! the site; `check` and `build` then report a finding listed there as
//! baselined (it does not fail the run), fail on every other, and report
//! each entry that matches no finding any more, so that the file shrinks.
//!
//! An entry names the file (relative to the site), the code, and a
//! fingerprint of the message and of the blamed line's text, not the line
//! number: an edit elsewhere in the page does not churn it. The same
//! finding twice in a file is two entries; matching takes them one by one.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::diagnostic::{Diagnostic, Severity};

/// Where the site's baseline is, unless `--baseline` names another file.
pub const DEFAULT_FILE: &str = "fenpress-baseline.yaml";

/// Which baseline a run reads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum BaselineChoice {
    /// `fenpress-baseline.yaml` in the site, when there is one.
    #[default]
    Site,
    /// This file (`--baseline PATH`); it must exist.
    At(PathBuf),
    /// None: every finding counts (`check --write-baseline` reads none).
    Ignore,
}

impl BaselineChoice {
    /// The file this choice names for the site at `root` (`None`: ignore).
    pub fn path(&self, root: &Path) -> Option<PathBuf> {
        match self {
            BaselineChoice::Site => Some(root.join(DEFAULT_FILE)),
            BaselineChoice::At(path) => Some(path.clone()),
            BaselineChoice::Ignore => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Entry {
    file: String,
    code: String,
    fingerprint: String,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BaselineFile {
    #[serde(default)]
    findings: Vec<Entry>,
}

/// A baseline being matched against one run's findings: each entry is
/// taken at most once.
#[derive(Debug, Default)]
pub struct Baseline {
    path: PathBuf,
    root: PathBuf,
    /// The file's text, to point at a stale entry's line.
    text: String,
    /// How many entries of each key are still unmatched, in file order.
    left: Vec<(Entry, usize)>,
    index: HashMap<Entry, usize>,
}

impl Baseline {
    /// Reads the baseline `choice` names for the site at `root`: `Ok(None)`
    /// when there is none to read; a file that cannot be read or parsed is
    /// an error finding at its place.
    pub fn read(root: &Path, choice: &BaselineChoice) -> Result<Option<Baseline>, Box<Diagnostic>> {
        let Some(path) = choice.path(root) else {
            return Ok(None);
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e)
                if e.kind() == std::io::ErrorKind::NotFound && *choice == BaselineChoice::Site =>
            {
                return Ok(None)
            }
            Err(e) => {
                return Err(Box::new(
                    Diagnostic::new(
                        Severity::Error,
                        "baseline",
                        &path,
                        1,
                        1,
                        format!("cannot read the baseline: {e}"),
                    )
                    .with_hint("`fenpress check --write-baseline` writes one"),
                ))
            }
        };
        let parsed: BaselineFile = if text.trim().is_empty() {
            BaselineFile::default()
        } else {
            serde_saphyr::from_str(&text).map_err(|e| {
                let (line, column) = e
                    .location()
                    .map(|l| (l.line() as usize, l.column() as usize))
                    .unwrap_or((1, 1));
                Box::new(
                    Diagnostic::new(
                        Severity::Error,
                        "baseline",
                        &path,
                        line.max(1),
                        column.max(1),
                        format!(
                            "the baseline is not a list of findings: {}",
                            e.to_string()
                                .lines()
                                .next()
                                .unwrap_or("invalid YAML")
                                .trim()
                        ),
                    )
                    .with_hint("write it again with `fenpress check --write-baseline`"),
                )
            })?
        };
        let mut baseline = Baseline {
            path,
            root: root.to_path_buf(),
            text,
            ..Baseline::default()
        };
        for entry in parsed.findings {
            match baseline.index.get(&entry) {
                Some(&i) => baseline.left[i].1 += 1,
                None => {
                    baseline.index.insert(entry.clone(), baseline.left.len());
                    baseline.left.push((entry, 1));
                }
            }
        }
        Ok(Some(baseline))
    }

    /// The file read.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Moves out of `diagnostics` every finding the baseline lists (each
    /// entry once) and returns them, in their order.
    pub fn take(
        &mut self,
        diagnostics: &mut Vec<Diagnostic>,
        sources: &dyn SourceText,
    ) -> Vec<Diagnostic> {
        let mut taken = Vec::new();
        let mut kept = Vec::with_capacity(diagnostics.len());
        for d in diagnostics.drain(..) {
            let hit = baselinable(&d)
                .then(|| entry_of(&d, &self.root, sources))
                .and_then(|entry| self.index.get(&entry).copied())
                .filter(|&i| self.left[i].1 > 0);
            match hit {
                Some(i) => {
                    self.left[i].1 -= 1;
                    taken.push(d);
                }
                None => kept.push(d),
            }
        }
        *diagnostics = kept;
        taken
    }

    /// One note per entry that matched no finding: the fault was fixed,
    /// so the entry can go.
    pub fn stale(&self) -> Vec<Diagnostic> {
        let mut notes = Vec::new();
        for (entry, left) in &self.left {
            for _ in 0..*left {
                let line = self
                    .text
                    .lines()
                    .position(|l| l.contains(&entry.fingerprint))
                    .map_or(1, |i| i + 1);
                notes.push(
                    Diagnostic::new(
                        Severity::Note,
                        "baseline-stale",
                        &self.path,
                        line,
                        1,
                        format!(
                            "`{}` in {} no longer occurs: this baseline entry can go",
                            entry.code, entry.file
                        ),
                    )
                    .with_hint("`fenpress check --write-baseline` writes the baseline again"),
                );
            }
        }
        notes
    }
}

/// The texts the load step read, by file: a finding's blamed line is part
/// of its fingerprint.
pub trait SourceText {
    fn text(&self, path: &Path) -> Option<&str>;
}

impl SourceText for BTreeMap<PathBuf, Arc<str>> {
    fn text(&self, path: &Path) -> Option<&str> {
        self.get(path).map(|t| &**t)
    }
}

impl SourceText for HashMap<PathBuf, String> {
    fn text(&self, path: &Path) -> Option<&str> {
        self.get(path).map(String::as_str)
    }
}

/// Errors and warnings can be baselined; notes fail nothing.
fn baselinable(d: &Diagnostic) -> bool {
    d.severity != Severity::Note
}

fn entry_of(d: &Diagnostic, root: &Path, sources: &dyn SourceText) -> Entry {
    let file = d
        .file
        .strip_prefix(root)
        .unwrap_or(&d.file)
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/");
    let line = sources
        .text(&d.file)
        .and_then(|text| text.lines().nth(d.line.saturating_sub(1)))
        .unwrap_or_default()
        .trim();
    Entry {
        file,
        code: d.code.to_string(),
        fingerprint: fingerprint(d.code, &d.message, line),
    }
}

/// FNV-1a (64 bits) of the code, the message and the blamed line's text:
/// stable across runs, platforms and versions of the standard library.
fn fingerprint(code: &str, message: &str, line: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in [code, message, line] {
        for byte in part.bytes().chain([0]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// Writes the errors and warnings among `diagnostics` as the baseline at
/// `path` (replacing it) and returns how many entries it holds.
pub fn write(
    path: &Path,
    root: &Path,
    diagnostics: &[Diagnostic],
    sources: &dyn SourceText,
) -> std::io::Result<usize> {
    let mut entries: Vec<Entry> = diagnostics
        .iter()
        .filter(|d| baselinable(d))
        .map(|d| entry_of(d, root, sources))
        .collect();
    // Sorted, so that two runs over the same findings write the same file.
    entries.sort_by(|a, b| {
        (&a.file, &a.code, &a.fingerprint).cmp(&(&b.file, &b.code, &b.fingerprint))
    });
    let mut text = String::from(
        "# Findings this site knows of: `fenpress check` and `build` report them as\n\
         # baselined and do not fail on them. Fix one and its entry is reported as\n\
         # stale; `fenpress check --write-baseline` writes this file again.\n",
    );
    if entries.is_empty() {
        text.push_str("findings: []\n");
    } else {
        text.push_str("findings:\n");
        for e in &entries {
            text.push_str(&format!(
                "  - file: {}\n    code: {}\n    fingerprint: \"{}\"\n",
                yaml_scalar(&e.file),
                e.code,
                e.fingerprint
            ));
        }
    }
    std::fs::write(path, text)?;
    Ok(entries.len())
}

/// A path as a YAML scalar: quoted (JSON quoting is valid YAML).
fn yaml_scalar(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| format!("{s:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(file: &Path, line: usize, message: &str) -> Diagnostic {
        Diagnostic::new(Severity::Error, "mark-unexplained", file, line, 3, message)
    }

    #[test]
    fn a_finding_keeps_its_entry_when_lines_move_and_stale_entries_are_reported() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let page = root.join("rules/Chess/en.md");
        let read_before = HashMap::from([(page.clone(), "x\nfen: 8/8\n".to_string())]);
        let first = vec![
            finding(&page, 2, "mark e5 is not explained"),
            finding(&page, 2, "mark f4 is not explained"),
            Diagnostic::new(Severity::Note, "position-no-king", &page, 2, 1, "no king"),
        ];
        let path = root.join(DEFAULT_FILE);
        assert_eq!(write(&path, root, &first, &read_before).unwrap(), 2);
        let written = std::fs::read_to_string(&path).unwrap();
        assert!(written.contains("file: \"rules/Chess/en.md\""), "{written}");

        // Three lines added above: the same finding, now on line 5, is
        // baselined; the fixed one is stale; a new one is kept.
        let read_after = HashMap::from([(page.clone(), "a\nb\nc\nx\nfen: 8/8\n".to_string())]);
        let mut run = vec![
            finding(&page, 5, "mark e5 is not explained"),
            finding(&page, 5, "mark g1 is not explained"),
        ];
        let mut baseline = Baseline::read(root, &BaselineChoice::Site)
            .unwrap()
            .unwrap();
        let taken = baseline.take(&mut run, &read_after);
        assert_eq!(taken.len(), 1);
        assert!(taken[0].message.contains("e5"));
        assert_eq!(run.len(), 1);
        assert!(run[0].message.contains("g1"));
        let stale = baseline.stale();
        assert_eq!(stale.len(), 1);
        assert_eq!(stale[0].code, "baseline-stale");
        assert!(stale[0].line > 1, "points at the entry: {stale:?}");
    }

    #[test]
    fn an_entry_matches_one_finding_only() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let page = root.join("a.md");
        let none: HashMap<PathBuf, String> = HashMap::new();
        let path = root.join(DEFAULT_FILE);
        write(&path, root, &[finding(&page, 1, "twice")], &none).unwrap();
        let mut run = vec![finding(&page, 1, "twice"), finding(&page, 1, "twice")];
        let mut baseline = Baseline::read(root, &BaselineChoice::Site)
            .unwrap()
            .unwrap();
        assert_eq!(baseline.take(&mut run, &none).len(), 1);
        assert_eq!(run.len(), 1, "the second occurrence is new");
        assert!(baseline.stale().is_empty());
    }

    #[test]
    fn no_file_is_no_baseline_unless_named() {
        let dir = tempfile::tempdir().unwrap();
        assert!(Baseline::read(dir.path(), &BaselineChoice::Site)
            .unwrap()
            .is_none());
        let named = BaselineChoice::At(dir.path().join("nope.yaml"));
        let err = Baseline::read(dir.path(), &named).unwrap_err();
        assert_eq!(err.code, "baseline");
        std::fs::write(dir.path().join("bad.yaml"), "findings: 3\n").unwrap();
        let bad = BaselineChoice::At(dir.path().join("bad.yaml"));
        assert_eq!(
            Baseline::read(dir.path(), &bad).unwrap_err().code,
            "baseline"
        );
    }
}
