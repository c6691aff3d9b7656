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

/// The findings of one diagram, each said once (the same code and message
/// elsewhere on the same line is the same mistake again; on another line,
/// as the two boards of one figure, it is not) and at most
/// [`MAX_PER_DIAGRAM`] of them, then one note saying how many were left out.
pub fn dedup_and_cap(findings: Vec<Finding>) -> Vec<Finding> {
    let total = findings.len();
    let mut seen = std::collections::HashSet::new();
    let mut kept: Vec<Finding> = findings
        .into_iter()
        .filter(|f| seen.insert((f.code, f.at.line, f.message.clone())))
        .map(cut_message)
        .collect();
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
        let kept = dedup_and_cap(vec![f(Kind::Error, "fen-row-width", 1, &row)]);
        assert_eq!(kept[0].message.chars().count(), MAX_MESSAGE_CHARS + 1);
    }

    #[test]
    fn repeats_are_said_once_and_the_rest_capped() {
        let mut all: Vec<Finding> = (0..50_000)
            .map(|i| f(Kind::Error, "mark-unexplained", i + 1, "mark a5"))
            .collect();
        assert_eq!(dedup_and_cap(all.clone()).len(), 2);
        all.extend((0..100).map(|i| f(Kind::Warning, "w", i + 1, &format!("w{i}"))));
        all.extend((0..30).map(|i| f(Kind::Error, "e", i + 1, &format!("e{i}"))));
        all.push(f(Kind::Error, "late", 99_999, "the last one"));
        let kept = dedup_and_cap(all);
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
