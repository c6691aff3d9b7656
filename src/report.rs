//! Writing diagnostics: human (rustc style: file:line:col, the source line,
//! a caret under the blamed text, a hint), JSON (one array), and GitHub
//! workflow commands that show inline on a pull request. The commands print
//! with it; `serve` shows its overlay with it.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity};

/// How many findings of one kind (severity and code) the human output of
/// `check` and `build` shows before summarising the rest in one line;
/// `--verbose` shows them all.
pub const SHOWN_PER_KIND: usize = 20;

/// Human output for every diagnostic, each followed by a blank line.
/// `sources` maps a file to its text, to show the blamed line.
pub fn human(diags: &[Diagnostic], sources: &HashMap<PathBuf, String>) -> String {
    human_summarised(diags, sources, None)
}

/// Human output showing at most `per_kind` findings of each severity and
/// code (all with `None`), then one line per kind with the count left out:
/// "and 96000 more `unknown-variant` warnings". Each file's lines are cut
/// once, so the time is proportional to what is printed.
pub fn human_summarised(
    diags: &[Diagnostic],
    sources: &HashMap<PathBuf, String>,
    per_kind: Option<usize>,
) -> String {
    let mut out = String::new();
    let mut lines: HashMap<&Path, Vec<&str>> = HashMap::new();
    let mut shown: HashMap<(Severity, &str), usize> = HashMap::new();
    let mut hidden: Vec<((Severity, &str), usize)> = Vec::new();
    for d in diags {
        let seen = shown.entry((d.severity, d.code)).or_insert(0);
        *seen += 1;
        if per_kind.is_some_and(|limit| *seen > limit) {
            match hidden.iter_mut().find(|(k, _)| *k == (d.severity, d.code)) {
                Some((_, n)) => *n += 1,
                None => hidden.push(((d.severity, d.code), 1)),
            }
            continue;
        }
        let file_lines = lines.entry(d.file.as_path()).or_insert_with(|| {
            sources
                .get(&d.file)
                .map(|s| s.lines().collect())
                .unwrap_or_default()
        });
        let line = file_lines.get(d.line.wrapping_sub(1)).copied();
        write_one(&mut out, d, line);
        out.push('\n');
    }
    for ((severity, code), n) in hidden {
        let plural = if n == 1 { "" } else { "s" };
        let _ = writeln!(
            out,
            "and {n} more `{code}` {severity}{plural} (`--verbose` shows them all)"
        );
    }
    out
}

/// One diagnostic in the human format, given the blamed file's text: the
/// one printer behind `check`, `build` and `serve`'s error overlay.
pub fn human_one(d: &Diagnostic, source: Option<&str>) -> String {
    let mut out = String::new();
    let line = source.and_then(|s| s.lines().nth(d.line.saturating_sub(1)));
    write_one(&mut out, d, line);
    out
}

/// Writes one diagnostic, given the text of its blamed line.
fn write_one(out: &mut String, d: &Diagnostic, line: Option<&str>) {
    let _ = writeln!(out, "{}[{}]: {}", d.severity, d.code, d.message);
    let pad = " ".repeat(d.line.to_string().len());
    let _ = writeln!(out, "{pad}--> {}:{}:{}", d.file.display(), d.line, d.column);
    if let Some(text) = line {
        let _ = writeln!(out, "{pad} |");
        let _ = writeln!(out, "{} | {}", d.line, text);
        let caret = " ".repeat(d.column.saturating_sub(1)) + &"^".repeat(d.span.max(1));
        let _ = writeln!(out, "{pad} | {caret}");
    }
    if let Some(v) = &d.variant {
        let _ = writeln!(out, "{pad} = variant: {v}");
    }
    if let Some(h) = &d.hint {
        let _ = writeln!(out, "{pad} = hint: {h}");
    }
}

/// One JSON array of `{severity, code, file, line, column, variant, message, hint}`.
pub fn json(diags: &[Diagnostic]) -> String {
    #[derive(Serialize)]
    struct Item<'a> {
        severity: Severity,
        code: &'a str,
        file: String,
        line: usize,
        column: usize,
        variant: Option<&'a str>,
        message: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        hint: Option<&'a str>,
    }
    let items: Vec<Item> = diags
        .iter()
        .map(|d| Item {
            severity: d.severity,
            code: d.code,
            file: d.file.display().to_string(),
            line: d.line,
            column: d.column,
            variant: d.variant.as_deref(),
            message: &d.message,
            hint: d.hint.as_deref(),
        })
        .collect();
    serde_json::to_string_pretty(&items).unwrap_or_else(|_| "[]".into())
}

fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// GitHub Actions workflow commands, one per line.
pub fn github(diags: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diags {
        let level = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "notice",
        };
        let mut msg = format!("{} [{}]", d.message, d.code);
        if let Some(h) = &d.hint {
            msg.push_str(&format!(" (hint: {h})"));
        }
        let _ = writeln!(
            out,
            "::{level} file={},line={},col={},title={}::{}",
            escape_property(&d.file.display().to_string()),
            d.line,
            d.column,
            escape_property(d.code),
            escape_data(&msg)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diag() -> Diagnostic {
        Diagnostic::new(
            Severity::Error,
            "fen-row-width",
            "rules/X/en.pug",
            2,
            9,
            "row 3 is wrong",
        )
        .with_span(3)
        .with_hint("count")
        .with_variant("Chess")
    }

    #[test]
    fn human_has_caret_under_the_text() {
        let mut sources = HashMap::new();
        sources.insert(
            PathBuf::from("rules/X/en.pug"),
            "a\n    | fen:8/8:\n".to_string(),
        );
        let h = human(&[diag()], &sources);
        assert!(h.contains("error[fen-row-width]: row 3 is wrong\n --> rules/X/en.pug:2:9\n  |\n2 |     | fen:8/8:\n  |         ^^^\n"), "{h}");
        assert!(h.contains("= hint: count"));
    }

    #[test]
    fn repeated_kinds_are_summarised() {
        let many: Vec<Diagnostic> = (1..=25)
            .map(|line| {
                Diagnostic::new(Severity::Warning, "unknown-variant", "a.pug", line, 1, "x")
            })
            .chain([diag()])
            .collect();
        let h = human_summarised(&many, &HashMap::new(), Some(20));
        assert_eq!(h.matches("warning[unknown-variant]").count(), 20, "{h}");
        assert!(h.contains("error[fen-row-width]"), "{h}");
        assert!(
            h.ends_with("and 5 more `unknown-variant` warnings (`--verbose` shows them all)\n"),
            "{h}"
        );
        let all = human_summarised(&many, &HashMap::new(), None);
        assert_eq!(all.matches("warning[unknown-variant]").count(), 25);
    }

    #[test]
    fn github_escapes() {
        let mut d = diag();
        d.message = "50% a,b\nc".into();
        let g = github(&[d]);
        assert_eq!(g, "::error file=rules/X/en.pug,line=2,col=9,title=fen-row-width::50%25 a,b%0Ac [fen-row-width] (hint: count)\n");
    }

    #[test]
    fn json_fields() {
        let j: serde_json::Value = serde_json::from_str(&json(&[diag()])).unwrap();
        assert_eq!(j[0]["severity"], "error");
        assert_eq!(j[0]["line"], 2);
        assert_eq!(j[0]["variant"], "Chess");
    }
}
