//! The source scan behind `unsafe-html` and `unsafe-url`: each `<script>`,
//! event-handler attribute and `javascript:`/`vbscript:`/`data:` URL a page
//! source holds, at its line and column. The output never carries them (the
//! renderer's sanitiser drops them); this tells the author where they were.

use std::path::Path;
use std::sync::LazyLock;

use memchr::memmem::Finder;

use crate::diagnostic::{Diagnostic, Severity};

/// URL schemes that run code or smuggle a document in (a `data:` image is
/// refused too: images belong in the content folder).
const UNSAFE_SCHEMES: [&str; 3] = ["javascript:", "vbscript:", "data:"];

/// The searchers of the scan, built once (a searcher per line per pattern
/// was a tenth of `check`'s time).
struct Needles {
    script: Finder<'static>,
    on: Finder<'static>,
    schemes: [Finder<'static>; 3],
}

static NEEDLES: LazyLock<Needles> = LazyLock::new(|| Needles {
    script: Finder::new("<script"),
    on: Finder::new("on"),
    schemes: UNSAFE_SCHEMES.map(Finder::new),
});

/// Every unsafe construct of the source `text` of `path`, Pug or Markdown.
pub fn scan(path: &Path, text: &str, pug: bool) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let needles = &*NEEDLES;
    // Lowercased once per page: ASCII case keeps every byte's place, so
    // the lines of both texts line up.
    let lower_text = text.to_ascii_lowercase();
    // Most pages hold none of the needles but `on`: one search of the
    // whole text spares them a search per line (a line holds a match only
    // if the text does).
    let in_text = |finder: &Finder| finder.find(lower_text.as_bytes()).is_some();
    let script_in_text = in_text(&needles.script);
    let schemes_in_text = needles.schemes.each_ref().map(in_text);
    for (i, (line, lower)) in text.lines().zip(lower_text.lines()).enumerate() {
        let at = |byte: usize| line[..byte].chars().count() + 1;
        let mut report = |code: &'static str, byte: usize, len: usize, message: String| {
            found.push(
                Diagnostic::new(Severity::Warning, code, path, i + 1, at(byte), message)
                    .with_span(len)
                    .with_hint("it is removed from the output; write the page without it"),
            );
        };
        if script_in_text {
            for byte in needles.script.find_iter(lower.as_bytes()) {
                report("unsafe-html", byte, 7, "a <script> element".into());
            }
        }
        let trimmed = lower.trim_start();
        if pug && trimmed.starts_with("script") {
            let rest = &trimmed["script".len()..];
            if rest.is_empty() || rest.starts_with(['(', '.', ' ', '#']) {
                report(
                    "unsafe-html",
                    lower.len() - trimmed.len(),
                    6,
                    "a script element".into(),
                );
            }
        }
        for byte in handler_attributes(lower, &needles.on) {
            let len = lower[byte..].find('=').unwrap_or(2);
            report(
                "unsafe-html",
                byte,
                len,
                format!(
                    "event-handler attribute `{}`",
                    line[byte..byte + len].trim_end()
                ),
            );
        }
        let schemes = UNSAFE_SCHEMES.iter().zip(&needles.schemes);
        for ((scheme, finder), _) in schemes.zip(schemes_in_text).filter(|(_, found)| *found) {
            for byte in finder.find_iter(lower.as_bytes()) {
                // Only where a URL starts: after a quote, `(`, `=` or `<`.
                let before = lower[..byte].trim_end().chars().next_back();
                if matches!(before, Some('"' | '\'' | '(' | '=' | '<')) {
                    report(
                        "unsafe-url",
                        byte,
                        scheme.len(),
                        format!("a `{scheme}` URL"),
                    );
                }
            }
        }
    }
    found
}

/// Byte offsets of `on<letters>=` written where an attribute starts (after
/// a space, `(` or `,`), in a lowercased line.
fn handler_attributes(lower: &str, on: &Finder) -> Vec<usize> {
    let bytes = lower.as_bytes();
    let mut out = Vec::new();
    for byte in on.find_iter(bytes) {
        let starts = byte > 0 && matches!(bytes[byte - 1], b' ' | b'\t' | b'(' | b',');
        if !starts {
            continue;
        }
        let name_end = bytes[byte + 2..]
            .iter()
            .position(|b| !b.is_ascii_lowercase())
            .map_or(bytes.len(), |n| byte + 2 + n);
        let after = lower[name_end..].trim_start();
        if name_end - byte >= 5 && after.starts_with('=') && !after.starts_with("==") {
            out.push(byte);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_script_handlers_and_schemes() {
        let md = "x <script>alert(1)</script>\n<img src=x onerror=\"a()\">\n[l](javascript:alert(1))\nonly one = two\n";
        let found = scan(Path::new("a.md"), md, false);
        let got: Vec<_> = found.iter().map(|d| (d.code, d.line, d.column)).collect();
        assert_eq!(
            got,
            [
                ("unsafe-html", 1, 3),
                ("unsafe-html", 2, 12),
                ("unsafe-url", 3, 5)
            ]
        );
        let pug = "p\n  script.\n    alert(1)\n  a(href=\"vbscript:x\" onclick='y') z\n";
        let found = scan(Path::new("a.pug"), pug, true);
        let got: Vec<_> = found.iter().map(|d| (d.code, d.line, d.column)).collect();
        assert_eq!(
            got,
            [
                ("unsafe-html", 2, 3),
                ("unsafe-html", 4, 23),
                ("unsafe-url", 4, 11)
            ]
        );
    }
}
