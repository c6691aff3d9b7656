//! How `build` shows a diagram that failed verification: the figure gets
//! `class="fp-invalid"`, the reason as its `title` (on hover) and a visible
//! badge, so that a reader is not misled by a wrong diagram. Styled by the
//! theme (`.fp-invalid`, `.fp-invalid-badge` in `static/fenpress.css`).

use crate::diagram::svg::escape;

/// Marks the drawn diagram `html` (a `<figure class="fp-diagram">`) as
/// failed, with `reason` on hover and in the badge.
///
/// ```
/// let html = fenpress::site::mark::mark_invalid(
///     "<figure class=\"fp-diagram\"><svg></svg></figure>",
///     "row 6 `4q4` has 9 squares",
/// );
/// assert!(html.starts_with("<figure class=\"fp-diagram fp-invalid\" title=\"Not verified: row 6 `4q4` has 9 squares\">"));
/// assert!(html.contains("<span class=\"fp-invalid-badge\">"));
/// ```
pub fn mark_invalid(html: &str, reason: &str) -> String {
    const OPEN: &str = "<figure class=\"fp-diagram\"";
    let Some(at) = html.find(OPEN) else {
        return html.to_string();
    };
    let Some(close) = html[at..].find('>').map(|k| at + k) else {
        return html.to_string();
    };
    let why = escape(&format!("Not verified: {reason}"));
    format!(
        "{}<figure class=\"fp-diagram fp-invalid\" title=\"{why}\"{}><span class=\"fp-invalid-badge\">✗ not verified<span class=\"fp-invalid-reason\">: {}</span></span>{}",
        &html[..at],
        &html[at + OPEN.len()..close],
        escape(reason),
        &html[close + 1..],
    )
}
