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

/// At most this many findings are reported per diagram: a diagram with
/// 50,000 bad marks is one mistake repeated, and one finding per mark made
/// `check` print gigabytes.
pub const MAX_PER_DIAGRAM: usize = 20;

/// The findings of one diagram, as verification makes them: each is said
/// once — a finding that repeats one already made (the same code and
/// message on the same line: a mark listed twice, one bad row quoted again
/// elsewhere on the line; on another line, as the two boards of one
/// figure, it is not a repeat) is counted when it is pushed, not stored —
/// and its message is cut to [`MAX_MESSAGE_CHARS`] as it is pushed. What
/// replaced the de-duplication of the whole list afterwards
/// (`dedup_and_cap`): no list of findings holds a repeat at any time.
#[derive(Debug, Default)]
pub struct Findings {
    list: Vec<Finding>,
    said: std::collections::HashSet<(&'static str, usize, String)>,
    /// Every finding pushed, repeats included.
    made: usize,
    /// The code of every error pushed, repeats included: a step asks
    /// whether it found an error even when the error repeats one said.
    errors: Vec<&'static str>,
}

impl Findings {
    pub fn new() -> Findings {
        Findings::default()
    }

    /// Adds `f` unless it repeats a finding already made.
    pub fn push(&mut self, f: Finding) {
        if f.kind == Kind::Error {
            self.errors.push(f.code);
        }
        self.keep(f);
    }

    fn keep(&mut self, f: Finding) {
        self.made += 1;
        if self.said.insert((f.code, f.at.line, f.message.clone())) {
            self.list.push(cut_message(f));
        }
    }

    /// The codes of the errors pushed so far, in order, repeats included.
    pub fn error_codes(&self) -> &[&'static str] {
        &self.errors
    }

    /// Moves the findings of `other` (made on trial, then kept) after
    /// these, each said once.
    pub fn append(&mut self, other: &mut Findings) {
        let repeats = other.made - other.list.len();
        for f in other.list.drain(..) {
            self.keep(f);
        }
        self.made += repeats;
        self.errors.append(&mut other.errors);
        other.made = 0;
        other.said.clear();
    }

    /// The findings to report: all of them, or at most
    /// [`MAX_PER_DIAGRAM`] and one note saying how many were left out.
    pub fn into_reported(self) -> Vec<Finding> {
        let total = self.made;
        let mut kept = self.list;
        let unique = kept.len();
        if unique > MAX_PER_DIAGRAM {
            // The worst findings are kept first, so that cutting never turns a
            // failing diagram into a passing one, and among them the first of
            // each code (one kind of mistake does not hide another); the
            // stable sort keeps the source order otherwise.
            let mut per_code = std::collections::HashMap::new();
            let mut keyed: Vec<(std::cmp::Reverse<Kind>, usize, Finding)> = kept
                .into_iter()
                .map(|f| {
                    let nth = per_code.entry(f.code).or_insert(0usize);
                    *nth += 1;
                    (std::cmp::Reverse(f.kind), *nth, f)
                })
                .collect();
            keyed.sort_by_key(|(kind, nth, _)| (*kind, *nth));
            kept = keyed.into_iter().map(|(_, _, f)| f).collect();
            kept.truncate(MAX_PER_DIAGRAM);
            kept.sort_by_key(|f| (f.at.line, f.at.column));
        }
        if total > kept.len() {
            // After the findings it sums up (sorting is by place).
            let at = kept.last().map(|f| f.at).unwrap_or_default();
            let shown = kept.len();
            kept.push(
                Finding::new(
                    Kind::Note,
                    "findings-capped",
                    at,
                    1,
                    format!(
                        "{} more findings of this diagram are not shown ({total} in all, {} of them repeats; {shown} shown)",
                        total - shown,
                        total - unique
                    ),
                )
                .hint("fix the findings shown and run `check` again"),
            );
        }
        kept
    }
}

impl std::ops::Deref for Findings {
    type Target = [Finding];
    fn deref(&self) -> &[Finding] {
        &self.list
    }
}

/// At most this many characters of a message: a message quotes the text
/// it blames, and a FEN row of a million characters was quoted whole.
const MAX_MESSAGE_CHARS: usize = 300;

fn cut_message(mut f: Finding) -> Finding {
    if let Some((cut, _)) = f.message.char_indices().nth(MAX_MESSAGE_CHARS) {
        f.message.truncate(cut);
        f.message.push('…');
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(kind: Kind, code: &'static str, col: usize, msg: &str) -> Finding {
        Finding::new(
            kind,
            code,
            Loc {
                line: 3,
                column: col,
            },
            2,
            msg,
        )
    }

    #[test]
    fn messages_quoting_a_huge_row_are_cut() {
        let row = "1".repeat(1_000_000);
        let mut made = Findings::new();
        made.push(f(Kind::Error, "fen-row-width", 1, &row));
        let kept = made.into_reported();
        assert_eq!(kept[0].message.chars().count(), MAX_MESSAGE_CHARS + 1);
    }

    #[test]
    fn repeats_are_said_once_and_the_rest_capped() {
        let repeats = || (0..50_000).map(|i| f(Kind::Error, "mark-unexplained", i + 1, "mark a5"));
        let mut all = Findings::new();
        repeats().for_each(|x| all.push(x));
        assert_eq!(all.len(), 1, "a repeat is never stored");
        assert_eq!(all.into_reported().len(), 2);
        let mut all = Findings::new();
        repeats().for_each(|x| all.push(x));
        (0..100).for_each(|i| all.push(f(Kind::Warning, "w", i + 1, &format!("w{i}"))));
        (0..30).for_each(|i| all.push(f(Kind::Error, "e", i + 1, &format!("e{i}"))));
        all.push(f(Kind::Error, "late", 99_999, "the last one"));
        let kept = all.into_reported();
        assert_eq!(kept.len(), MAX_PER_DIAGRAM + 1);
        assert!(
            kept.iter().any(|k| k.code == "late"),
            "errors are kept first"
        );
        assert!(
            kept.iter().any(|k| k.code == "e"),
            "one of each code is kept"
        );
        let note = kept.last().unwrap();
        assert_eq!(note.code, "findings-capped");
        assert!(note.message.contains("50131 in all"), "{}", note.message);
    }
}
