//! The messages pushed to open pages over the one Server-Sent Events
//! endpoint, [`EVENTS_PATH`]. Each is an SSE event whose name is the kind
//! and whose data is one line of JSON:
//!
//! - `hello` `{"server":"…","build":N}` on connecting: a page served by
//!   another server or an older build reloads;
//! - `reload` `{"build":N,"all":false,"changed":["/en/rules/Chess/"]}` after
//!   a good build: pages whose URL changed reload (all of them when `all`),
//!   every page drops its error overlay;
//! - `overlay` `{"build":N,"summary":"…","errors":["file:line:col: error…"]}`
//!   after a build with errors: the pages show the errors above themselves.

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity};
use crate::report;

/// The endpoint of the event stream.
pub const EVENTS_PATH: &str = "/__fenpress/events";

/// Above this many changed URLs, pages are told to reload whatever they show.
const MAX_CHANGED: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum Message {
    Hello {
        server: String,
        build: u64,
    },
    Reload {
        build: u64,
        all: bool,
        changed: Vec<String>,
    },
    Overlay {
        build: u64,
        summary: String,
        errors: Vec<String>,
        /// The build was not published: pages show the last good one.
        blocked: bool,
    },
}

impl Message {
    /// A reload for these output keys, as the URLs pages are open at.
    pub fn reload(build: u64, keys: &[String]) -> Message {
        // Search: a language's index is used by its search page alone.
        let search = crate::search::changed_search_pages(keys);
        let keys = &search;
        // A stylesheet, image or script may be used by any page.
        let all = keys.len() > MAX_CHANGED || keys.iter().any(|k| !k.ends_with(".html"));
        let changed = if all {
            Vec::new()
        } else {
            keys.iter().map(|k| url_of(k)).collect()
        };
        Message::Reload {
            build,
            all,
            changed,
        }
    }

    /// The overlay for a build that failed: its errors, each as `fenpress
    /// check` prints it (with the blamed source line, from `sources`: the
    /// texts the build read).
    pub fn overlay(
        build: u64,
        summary: String,
        diagnostics: &[Diagnostic],
        blocked: bool,
        sources: &std::collections::HashMap<std::path::PathBuf, String>,
    ) -> Message {
        let errors: Vec<Diagnostic> = diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .cloned()
            .collect();
        Message::Overlay {
            build,
            summary,
            errors: errors
                .iter()
                .map(|d| report::human_one(d, sources.get(&d.file).map(String::as_str)))
                .collect(),
            blocked,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Message::Hello { .. } => "hello",
            Message::Reload { .. } => "reload",
            Message::Overlay { .. } => "overlay",
        }
    }

    /// The event's data: the message as JSON.
    pub fn data(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }
}

/// The URL a page is open at for an output key: `en/index.html` → `/en/`.
/// Percent-encoded as a browser's `location.pathname` is.
pub fn url_of(key: &str) -> String {
    let path = match key.strip_suffix("index.html") {
        Some(folder) if folder.is_empty() || folder.ends_with('/') => folder,
        _ => key,
    };
    format!("/{}", crate::model::url_path(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_payloads() {
        assert_eq!(url_of("index.html"), "/");
        assert_eq!(url_of("en/rules/Chess/index.html"), "/en/rules/Chess/");
        assert_eq!(url_of("sitemap.xml"), "/sitemap.xml");
        assert_eq!(
            url_of("fr/rules/Échecs/index.html"),
            "/fr/rules/%C3%89checs/"
        );
        let m = Message::reload(3, &["en/index.html".into()]);
        assert_eq!(
            m.data(),
            r#"{"event":"reload","build":3,"all":false,"changed":["/en/"]}"#
        );
        let m = Message::reload(4, &["static/fenpress.css".into()]);
        assert!(matches!(m, Message::Reload { all: true, .. }));
    }

    #[test]
    fn overlay_text_is_checks_human_format() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("en.md");
        std::fs::write(&file, "one\ntwo words\n").unwrap();
        let d = Diagnostic::new(
            Severity::Error,
            "diagram-spec",
            &file,
            2,
            3,
            "the diagram has no `fen:`",
        )
        .with_hint("add one");
        let warning = Diagnostic::new(Severity::Warning, "x", &file, 1, 1, "w");
        let Message::Overlay { errors, .. } = Message::overlay(
            1,
            "s".into(),
            &[d.clone(), warning],
            true,
            &[(file.clone(), "one\ntwo words\n".to_string())].into(),
        ) else {
            unreachable!()
        };
        assert_eq!(
            errors,
            vec![report::human_one(&d, Some("one\ntwo words\n"))]
        );
        assert!(
            errors[0].contains("2 | two words\n  |   ^\n"),
            "{}",
            errors[0]
        );
    }
}
