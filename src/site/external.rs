//! `check --external`: the web addresses pages link to, each asked once
//! (HEAD, then GET when a server refuses HEAD) by a bounded number of
//! threads within a total time, with a cache file of the answers so a
//! second run asks only what is new, stale or was broken.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
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

/// Whether a cached good answer still stands at `now`. One dated in the
/// future is no answer: it would hide a broken link for ever.
fn is_fresh(a: &Answer, now: u64, max_age: Duration) -> bool {
    a.ok() && a.checked <= now && now - a.checked < max_age.as_secs()
}

/// Writes the cache at `path` through a new file renamed over it: a
/// symlink (or anything but a regular file) there is left alone, never
/// written through (a committed link would make `check` write anywhere).
fn write_cache(path: &Path, text: &str) {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if !meta.file_type().is_file() => return,
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return,
        _ => {}
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".fenpress-tmp");
    let tmp = std::path::PathBuf::from(tmp);
    let _ = std::fs::remove_file(&tmp);
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| std::io::Write::write_all(&mut f, text.as_bytes()));
    if written.is_err() || std::fs::rename(&tmp, path).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

/// A warning for every place a broken external link is written, and a
/// note if the time budget ran out first.
pub fn check_external(links: &ExternalLinks, options: &ExternalOptions) -> Vec<Diagnostic> {
    // Only a regular file is read (a committed symlink is not followed).
    let mut cache: Cache = options
        .cache
        .as_ref()
        .and_then(|p| {
            crate::content::input::read_text(p, crate::content::input::MAX_CONFIG_BYTES).ok()
        })
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let now = now();
    let fresh = |a: &Answer| is_fresh(a, now, options.max_age);
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
            write_cache(path, &(text + "\n"));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_dated_in_the_future_are_not_fresh() {
        let good = |checked| Answer {
            status: Some(200),
            error: None,
            checked,
        };
        let day = Duration::from_secs(86_400);
        assert!(is_fresh(&good(1_000), 1_000 + 10, day));
        assert!(!is_fresh(&good(1_000), 1_000 + 86_400, day));
        assert!(!is_fresh(&good(u64::MAX), 1_000, day));
        assert!(!is_fresh(&good(2_000), 1_000, day));
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_cache_is_neither_followed_nor_overwritten() {
        let dir = std::env::temp_dir().join(format!("fp-cache-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let victim = dir.join("victim.txt");
        std::fs::write(&victim, "keep me").unwrap();
        let cache = dir.join("cache.json");
        std::os::unix::fs::symlink(&victim, &cache).unwrap();
        write_cache(&cache, "{}\n");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
        assert!(std::fs::symlink_metadata(&cache)
            .unwrap()
            .file_type()
            .is_symlink());
        let plain = dir.join("plain.json");
        write_cache(&plain, "{}\n");
        write_cache(&plain, "{\"a\": 1}\n");
        assert_eq!(std::fs::read_to_string(&plain).unwrap(), "{\"a\": 1}\n");
        std::fs::remove_dir_all(&dir).ok();
    }
}
