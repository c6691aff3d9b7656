//! `check --external`: the web addresses pages link to, each asked once
//! (HEAD, then GET when a server refuses HEAD) by a bounded number of
//! threads within a total time, with a cache file of the answers so a
//! second run asks only what is new, stale or was broken.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::check::links::ExternalLinks;
use crate::diagnostic::{Diagnostic, Severity};

/// How external links are checked.
#[derive(Debug, Clone)]
pub struct ExternalOptions {
    /// Requests in flight at once.
    pub concurrency: usize,
    /// Time allowed for one request.
    pub timeout: Duration,
    /// Time allowed for all of them; what is left unasked is one note.
    pub budget: Duration,
    /// The cache file (JSON); none keeps nothing between runs.
    pub cache: Option<PathBuf>,
    /// How long a working link is trusted without asking again.
    pub max_age: Duration,
}

impl Default for ExternalOptions {
    fn default() -> Self {
        ExternalOptions {
            concurrency: 8,
            timeout: Duration::from_secs(10),
            budget: Duration::from_secs(60),
            cache: None,
            max_age: Duration::from_secs(24 * 3600),
        }
    }
}

/// One answer, as the cache keeps it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
struct Answer {
    /// The HTTP status, or none when no answer came.
    status: Option<u16>,
    /// Why it failed, when it did.
    error: Option<String>,
    /// Seconds since 1970 when it was asked.
    checked: u64,
}

impl Answer {
    fn ok(&self) -> bool {
        self.status.is_some_and(|s| s < 400)
    }
}

type Cache = BTreeMap<String, Answer>;

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A warning for every place a broken external link is written, and a
/// note if the time budget ran out first.
pub fn check_external(links: &ExternalLinks, options: &ExternalOptions) -> Vec<Diagnostic> {
    let mut cache: Cache = options
        .cache
        .as_ref()
        .and_then(|p| std::fs::read_to_string(p).ok())
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let fresh = |a: &Answer| a.ok() && now().saturating_sub(a.checked) < options.max_age.as_secs();
    let wanted: Vec<&String> = links
        .keys()
        .filter(|u| !cache.get(*u).is_some_and(fresh))
        .collect();
    let (answers, unasked) = ask_all(&wanted, options);
    cache.extend(answers);
    if let Some(path) = &options.cache {
        // A cache that cannot be written only costs the next run time.
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        if let Ok(text) = serde_json::to_string_pretty(&cache) {
            let _ = std::fs::write(path, text + "\n");
        }
    }
    let mut out = Vec::new();
    for (url, places) in links {
        let Some(answer) = cache.get(url).filter(|a| !a.ok()) else {
            continue;
        };
        let why = match (answer.status, &answer.error) {
            (Some(status), _) => format!("answers HTTP {status}"),
            (None, Some(e)) => format!("could not be reached: {e}"),
            (None, None) => "could not be reached".to_string(),
        };
        for (source, link) in places {
            out.push(
                Diagnostic::new(
                    Severity::Warning,
                    "broken-external-link",
                    source,
                    link.at.line,
                    link.at.column,
                    format!("`{url}` {why}"),
                )
                .with_span(link.url.chars().count()),
            );
        }
    }
    if let (Some(first), n @ 1..) = (unasked.first(), unasked.len()) {
        if let Some((source, link)) = links.get(first).and_then(|p| p.first()) {
            out.push(
                Diagnostic::new(
                    Severity::Note,
                    "external-links-unchecked",
                    source,
                    link.at.line,
                    link.at.column,
                    format!(
                        "{n} external link{} not checked: the {}s budget ran out",
                        if n == 1 { "" } else { "s" },
                        options.budget.as_secs()
                    ),
                )
                .with_hint("run again: the cache keeps what was already checked"),
            );
        }
    }
    out
}

/// Asks every URL, `concurrency` at a time, until the budget runs out:
/// the answers, and the URLs never asked.
fn ask_all(urls: &[&String], options: &ExternalOptions) -> (Cache, Vec<String>) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(options.timeout))
        .http_status_as_error(false)
        .user_agent("fenpress-link-check")
        .build()
        .into();
    let deadline = Instant::now() + options.budget;
    let queue = Mutex::new(urls.iter());
    let answers = Mutex::new(Cache::new());
    let unasked = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..options.concurrency.max(1) {
            s.spawn(|| loop {
                let next = queue.lock().ok().and_then(|mut q| q.next().copied());
                let Some(url) = next else { break };
                if Instant::now() >= deadline {
                    if let Ok(mut u) = unasked.lock() {
                        u.push(url.clone());
                    }
                    continue;
                }
                let answer = ask(&agent, url);
                if let Ok(mut a) = answers.lock() {
                    a.insert(url.clone(), answer);
                }
            });
        }
    });
    let mut unasked = unasked.into_inner().unwrap_or_default();
    unasked.sort();
    (answers.into_inner().unwrap_or_default(), unasked)
}

/// HEAD, then GET if HEAD did not say the page is there.
fn ask(agent: &ureq::Agent, url: &str) -> Answer {
    let url = if url.starts_with("//") {
        format!("https:{url}")
    } else {
        url.to_string()
    };
    let status = |r: Result<ureq::http::Response<ureq::Body>, ureq::Error>| {
        r.map(|resp| resp.status().as_u16())
    };
    let mut result = status(agent.head(&url).call());
    // Some servers answer HEAD wrongly (405, 403, even 404): a failed HEAD
    // is asked again as GET before the link is called broken.
    if !matches!(result, Ok(code) if code < 400) {
        result = status(agent.get(&url).call());
    }
    match result {
        Ok(code) => Answer {
            status: Some(code),
            error: None,
            checked: now(),
        },
        Err(e) => Answer {
            status: None,
            error: Some(e.to_string()),
            checked: now(),
        },
    }
}
