//! The counts of `check`'s closing line: diagrams by how far they were
//! verified, findings by severity.

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity};
use crate::model::Status;

/// Counts for the closing line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub diagrams: usize,
    pub verified: usize,
    pub board_only: usize,
    /// Diagram blocks that failed verification.
    pub failed: usize,
    /// Diagram blocks that could not be read at all (broken YAML): counted
    /// among the diagrams, so none goes missing from the total.
    pub unreadable: usize,
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
    /// Findings the site's baseline lists (not among the counts above).
    pub baselined: usize,
    /// Puzzle pages, and those proved with no error or warning (their
    /// goal shown against every defence, no cook).
    pub puzzles: usize,
    pub puzzles_proved: usize,
}

impl Summary {
    /// Counts one page's diagrams.
    pub fn add(&mut self, page: &super::PageCheck) {
        self.diagrams += page.verdicts.len() + page.unreadable;
        self.unreadable += page.unreadable;
        // The statuses `build` counts: each block in one of them.
        for v in &page.verdicts {
            match v.status() {
                Status::Proved => self.verified += 1,
                Status::BoardOnly => self.board_only += 1,
                Status::Failed(_) => self.failed += 1,
                Status::Unchecked | Status::Unreadable => {}
            }
        }
        if page.is_puzzle {
            self.puzzles += 1;
            if page.puzzle.iter().all(|d| d.severity == Severity::Note) {
                self.puzzles_proved += 1;
            }
        }
    }

    /// Counts the findings by severity.
    pub fn count(&mut self, diagnostics: &[Diagnostic]) {
        for d in diagnostics {
            match d.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Note => self.notes += 1,
            }
        }
    }

    /// Counts the findings by severity again, from zero.
    pub fn recount(&mut self, diagnostics: &[Diagnostic]) {
        (self.errors, self.warnings, self.notes) = (0, 0, 0);
        self.count(diagnostics);
    }

    pub fn line(&self) -> String {
        let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
        let mut unreadable = String::new();
        if self.failed > 0 {
            unreadable.push_str(&format!(", {} failed", self.failed));
        }
        if self.unreadable > 0 {
            unreadable.push_str(&format!(", {} unreadable", self.unreadable));
        }
        if self.puzzles > 0 {
            unreadable.push_str(&format!(
                ", {} ({} proved)",
                plural(self.puzzles, "puzzle"),
                self.puzzles_proved
            ));
        }
        format!(
            "checked {}: {} fully verified, {} board checked (moves not verified){unreadable}; {}, {}, {}{}",
            plural(self.diagrams, "diagram block"),
            self.verified,
            self.board_only,
            plural(self.errors, "error"),
            plural(self.warnings, "warning"),
            plural(self.notes, "note"),
            if self.baselined > 0 {
                format!(", {} baselined", self.baselined)
            } else {
                String::new()
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::PageCheck;

    #[test]
    fn puzzles_are_counted_and_a_warning_keeps_one_from_proved() {
        let mut s = Summary::default();
        assert!(!s.line().contains("puzzle"), "{}", s.line());
        s.add(&PageCheck {
            is_puzzle: true,
            ..PageCheck::default()
        });
        let warned = Diagnostic::new(
            Severity::Warning,
            "puzzle-cook",
            std::path::Path::new("puzzles/Chess/p.md"),
            3,
            1,
            "cook",
        );
        s.add(&PageCheck {
            is_puzzle: true,
            puzzle: vec![warned],
            ..PageCheck::default()
        });
        s.add(&PageCheck::default());
        assert_eq!((s.puzzles, s.puzzles_proved), (2, 1));
        assert!(s.line().contains(", 2 puzzles (1 proved);"), "{}", s.line());
    }
}
