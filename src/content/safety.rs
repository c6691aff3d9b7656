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
        if !pug && lower.contains('<') {
            for what in other_markup(lower) {
                report("unsafe-html", what.0, what.1, what.2);
            }
        }
        if lower.contains('&') {
            for (byte, scheme) in spelled_schemes(lower) {
                report(
                    "unsafe-url",
                    byte,
                    1,
                    format!("a `{scheme}` URL spelled with character references"),
                );
            }
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

/// Raw HTML in a Markdown line that the script, handler and scheme
/// needles do not name: `<iframe>`, `<object>`, `<embed>`, `<form>`,
/// `<base>`, `<foreignObject>`, `<meta http-equiv>`, `srcdoc` (as the
/// output scan reads tags), each as (byte, length, message).
fn other_markup(lower: &str) -> Vec<(usize, usize, String)> {
    crate::unsafe_markup::find(lower, &|_| false)
        .into_iter()
        .filter(|f| {
            !f.what.starts_with("a <script>")
                && !f.what.starts_with("event-handler")
                && !f.what.contains(" URL in ")
        })
        .map(|f| {
            let len = lower[f.at..].find(['>', ' ']).unwrap_or(1).max(1);
            (f.at, len, f.what)
        })
        .collect()
}

/// `javascript:`, `vbscript:` or `data:` URLs written with character
/// references (`javascript&#58;`, `&#x6A;avascript:`) where a URL starts,
/// which the plain needles miss: each as (byte of the `&` nearest the
/// URL's start, scheme).
fn spelled_schemes(lower: &str) -> Vec<(usize, &'static str)> {
    let decoded = crate::unsafe_markup::decode_entities(lower);
    let mut out = Vec::new();
    for scheme in UNSAFE_SCHEMES {
        if lower.contains(scheme) {
            continue;
        }
        let at_url_start = decoded.match_indices(scheme).any(|(i, _)| {
            let before = decoded[..i].trim_end().chars().next_back();
            matches!(before, Some('"' | '\'' | '(' | '=' | '<'))
        });
        if at_url_start {
            let byte = lower
                .find(&scheme[..4])
                .unwrap_or_else(|| lower.find('&').unwrap_or(0));
            out.push((byte, scheme));
        }
    }
    out
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
        let md = "caption: \"[Play](javascript&#58;x())\"\n<iframe srcdoc='x'></iframe>\n<META HTTP-EQUIV=refresh content=0>\n[a](&#x6A;avascript:x)\n";
        let found = scan(Path::new("a.md"), md, false);
        let got: Vec<_> = found.iter().map(|d| (d.code, d.line, d.column)).collect();
        assert_eq!(
            got,
            [
                ("unsafe-url", 1, 18),
                ("unsafe-html", 2, 1),
                ("unsafe-html", 2, 1),
                ("unsafe-html", 3, 1),
                ("unsafe-url", 4, 5)
            ],
            "{found:?}"
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
