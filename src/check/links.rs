//! Internal links: every link a page writes must reach a page of the site
//! (in the language it names), an anchor of that page, a variant, a puzzle
//! or a file. It sees only the model; whether a file exists is asked of the
//! caller, so verification reads nothing itself. External links are
//! collected for `--external` (see `site::external`).

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;

use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{LinkRef, LoadedPage, Page, PageKind};

/// Every URL path the site writes (`en/rules/Chess/`) with the ids each
/// page offers, and the variants that have rules pages.
pub struct LinkTargets {
    pages: BTreeMap<String, BTreeSet<String>>,
    variants: BTreeSet<String>,
    /// A page path without its language (`rules/Chess/`) → the languages
    /// that have it, for "it exists in fr".
    languages_of: HashMap<String, Vec<String>>,
    /// The suggestions already worked out, by what was wanted: a site K
    /// times larger writes the same broken link K times, and each search
    /// runs over every page.
    suggestions: RefCell<HashMap<(bool, String), Option<String>>>,
}

impl LinkTargets {
    /// The targets of a site made of `pages`: each page, every language's
    /// home, rules index, search page and (with puzzles) puzzle index.
    pub fn of(pages: &[LoadedPage]) -> LinkTargets {
        let mut targets = LinkTargets {
            pages: BTreeMap::new(),
            variants: BTreeSet::new(),
            languages_of: HashMap::new(),
            suggestions: RefCell::new(HashMap::new()),
        };
        targets.pages.insert(String::new(), BTreeSet::new());
        for p in pages {
            let lang = &p.page.lang;
            for index in ["", "rules/", "search/"] {
                targets.pages.entry(format!("{lang}/{index}")).or_default();
            }
            if p.page.kind == PageKind::Puzzle {
                targets.pages.entry(format!("{lang}/puzzles/")).or_default();
            }
            if p.page.kind == PageKind::Rules {
                targets.variants.insert(p.page.name.clone());
            }
            targets
                .pages
                .entry(p.page.path())
                .or_default()
                .extend(p.anchors.iter().cloned());
        }
        for key in targets.pages.keys() {
            if let Some((lang, rest)) = key.split_once('/') {
                if !rest.is_empty() {
                    targets
                        .languages_of
                        .entry(rest.to_string())
                        .or_default()
                        .push(lang.to_string());
                }
            }
        }
        targets
    }

    /// The variant (`variant` true) or page path closest to `wanted`, as
    /// [`nearest`] finds it, worked out once per `wanted`.
    fn suggestion(&self, variant: bool, wanted: &str) -> Option<String> {
        let key = (variant, wanted.to_string());
        if let Some(known) = self.suggestions.borrow().get(&key) {
            return known.clone();
        }
        let found = if variant {
            nearest(wanted, self.variants.iter().map(String::as_str))
        } else {
            nearest(wanted, self.pages.keys().map(String::as_str))
        }
        .map(str::to_string);
        self.suggestions.borrow_mut().insert(key, found.clone());
        found
    }

    /// Whether the site writes a page at `path` (no leading `/`).
    pub fn has_page(&self, path: &str) -> bool {
        self.pages.contains_key(path)
    }
}

/// Where a link leads, as far as checking it goes.
#[derive(Debug, PartialEq, Eq)]
pub enum LinkKind {
    /// `http(s)://` or `//host`: checked only with `--external`.
    External(String),
    /// `mailto:`, `tel:` and other schemes: not checked.
    Other,
    /// A path of this site (no leading `/`) and a fragment (maybe empty).
    Site { path: String, fragment: String },
    /// vchess's `/#/variants/<Name>`: the rules page of a variant.
    Variant(String),
    /// A path relative to the page's source folder (a file beside it).
    Relative { path: String, site: String },
}

/// Classifies `url`, written in a page at URL path `page_path`.
pub fn classify(url: &str, page_path: &str) -> LinkKind {
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") || url.starts_with("//") {
        return LinkKind::External(url.to_string());
    }
    if url
        .split(['/', '#', '?'])
        .next()
        .is_some_and(|s| s.contains(':'))
    {
        return LinkKind::Other;
    }
    let (before, fragment) = url.split_once('#').unwrap_or((url, ""));
    let path = before.split('?').next().unwrap_or(before);
    if (path == "/" || path.is_empty()) && fragment.starts_with('/') {
        // The vchess single-page app's routes.
        return match fragment.strip_prefix("/variants/") {
            Some(name) => LinkKind::Variant(name.trim_end_matches('/').to_string()),
            None => LinkKind::Other,
        };
    }
    let fragment = fragment.to_string();
    if path.is_empty() {
        return LinkKind::Site {
            path: page_path.to_string(),
            fragment,
        };
    }
    let joined = match path.strip_prefix('/') {
        Some(rest) => rest.to_string(),
        None => format!("{page_path}{path}"),
    };
    let site = normalise(&joined);
    if path.starts_with('/') || is_page_like(&site) {
        LinkKind::Site {
            path: site,
            fragment,
        }
    } else {
        LinkKind::Relative {
            path: path.to_string(),
            site,
        }
    }
}

/// A path without `.` and `..` steps, `index.html` dropped, a page
/// folder ending with `/`.
fn normalise(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    if parts.last() == Some(&"index.html") {
        parts.pop();
        let mut s = parts.join("/");
        if !s.is_empty() {
            s.push('/');
        }
        return s;
    }
    let mut s = parts.join("/");
    let is_file = parts.last().is_some_and(|p| p.contains('.'));
    if !s.is_empty() && !is_file {
        s.push('/');
    }
    s
}

fn is_page_like(path: &str) -> bool {
    path.is_empty() || path.ends_with('/')
}

/// External URLs and every place each one is written.
pub type ExternalLinks = BTreeMap<String, Vec<(PathBuf, LinkRef)>>;

/// The broken internal links of every page, and the external ones to
/// check with `--external` (URL → every place it is written).
/// `file_exists(page, path)` answers whether a non-page link names a
/// file: an absolute site path, or one relative to the page's source.
pub fn check_links(
    pages: &[LoadedPage],
    file_exists: &(dyn Fn(&Page, &str) -> bool + Sync),
) -> (Vec<Diagnostic>, ExternalLinks) {
    check_links_of(pages, &|_| true, file_exists)
}

/// [`check_links`] for the links written in the pages `only` accepts,
/// against the targets of every page (`serve` after an edit).
pub fn check_links_of(
    pages: &[LoadedPage],
    only: &dyn Fn(&Page) -> bool,
    file_exists: &(dyn Fn(&Page, &str) -> bool + Sync),
) -> (Vec<Diagnostic>, ExternalLinks) {
    let targets = LinkTargets::of(pages);
    let mut diagnostics = Vec::new();
    let mut external = ExternalLinks::new();
    for p in pages.iter().filter(|p| only(&p.page)) {
        let page_path = p.page.path();
        for link in &p.links {
            match classify(&link.url, &page_path) {
                LinkKind::External(url) => external
                    .entry(url)
                    .or_default()
                    .push((p.page.source.clone(), link.clone())),
                LinkKind::Other => {}
                kind => {
                    if let Some(d) = judge(&targets, &p.page, link, kind, file_exists) {
                        diagnostics.push(d);
                    }
                }
            }
        }
    }
    (diagnostics, external)
}

/// The finding for one internal link, if it is broken.
fn judge(
    targets: &LinkTargets,
    page: &Page,
    link: &LinkRef,
    kind: LinkKind,
    file_exists: &dyn Fn(&Page, &str) -> bool,
) -> Option<Diagnostic> {
    let broken = |code: &'static str, message: String, hint: Option<String>| {
        let d = Diagnostic::new(
            Severity::Warning,
            code,
            &page.source,
            link.at.line,
            link.at.column,
            message,
        )
        .with_span(link.url.chars().count());
        Some(match hint {
            Some(h) => d.with_hint(h),
            None => d,
        })
    };
    match kind {
        LinkKind::Variant(name) => {
            if targets.variants.contains(&name) {
                return None;
            }
            let near = targets.suggestion(true, &name);
            broken(
                "broken-link",
                format!("no variant `{name}` has a rules page"),
                near.map(|n| format!("did you mean `/#/variants/{n}`?")),
            )
        }
        LinkKind::Site { path, fragment } => {
            let Some(anchors) = targets.pages.get(&path) else {
                if file_exists(page, &format!("/{path}")) {
                    return None;
                }
                return broken_page(targets, &path, broken);
            };
            if fragment.is_empty() || anchors.contains(&fragment) {
                return None;
            }
            let near = nearest(&fragment, anchors.iter().map(String::as_str));
            broken(
                "broken-anchor",
                format!("`/{path}` has no heading or id `#{fragment}`"),
                near.map(|n| format!("did you mean `#{n}`?")),
            )
        }
        LinkKind::Relative { path, site } => {
            if file_exists(page, &path) || targets.pages.contains_key(&site) {
                return None;
            }
            broken(
                "broken-link",
                format!("`{path}` is no file beside the page nor a page of the site"),
                None,
            )
        }
        LinkKind::External(_) | LinkKind::Other => None,
    }
}

fn broken_page(
    targets: &LinkTargets,
    path: &str,
    broken: impl Fn(&'static str, String, Option<String>) -> Option<Diagnostic>,
) -> Option<Diagnostic> {
    let near = targets.suggestion(false, path);
    let hint = near.map(|n| format!("did you mean `/{n}`?"));
    // A page that exists in another language: say so.
    let other_lang = path.split_once('/').and_then(|(lang, rest)| {
        let others: Vec<&str> = targets
            .languages_of
            .get(rest)
            .into_iter()
            .flatten()
            .map(String::as_str)
            .filter(|l| *l != lang)
            .collect();
        (!others.is_empty()).then(|| (lang.to_string(), others.join(", ")))
    });
    let message = match other_lang {
        Some((lang, others)) => {
            format!("`/{path}` has no `{lang}` page (it exists in {others})")
        }
        None => format!("no page or file at `/{path}`"),
    };
    broken("broken-link", message, hint)
}

/// The candidate closest to `wanted` by edit distance, if close enough to
/// be a likely typo (at most a third of its length, and at least 1 edit).
pub fn nearest<'a>(wanted: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let length = wanted.chars().count();
    let limit = (length / 3).max(2);
    candidates
        // The distance is at least the difference of the lengths.
        .filter(|c| c.chars().count().abs_diff(length) <= limit)
        .map(|c| (edit_distance(wanted, c), c))
        .filter(|(d, _)| *d <= limit)
        .min()
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let cost = usize::from(ca != b[j]);
            let next = (row[j + 1] + 1).min(row[j] + 1).min(prev + cost);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_links() {
        let p = "en/rules/Chess/";
        assert_eq!(
            classify("https://x.org/a", p),
            LinkKind::External("https://x.org/a".into())
        );
        assert_eq!(classify("mailto:a@b", p), LinkKind::Other);
        assert_eq!(
            classify("/#/variants/Orda", p),
            LinkKind::Variant("Orda".into())
        );
        assert_eq!(
            classify("../Orda/#pieces", p),
            LinkKind::Site {
                path: "en/rules/Orda/".into(),
                fragment: "pieces".into()
            }
        );
        assert_eq!(
            classify("#moves", p),
            LinkKind::Site {
                path: p.into(),
                fragment: "moves".into()
            }
        );
        assert_eq!(
            classify("/fr/rules/index.html", p),
            LinkKind::Site {
                path: "fr/rules/".into(),
                fragment: String::new()
            }
        );
        assert_eq!(
            classify("game.pgn", p),
            LinkKind::Relative {
                path: "game.pgn".into(),
                site: "en/rules/Chess/game.pgn".into()
            }
        );
    }

    #[test]
    fn nearest_is_a_likely_typo_only() {
        let c = ["pieces", "moves", "castling"];
        assert_eq!(nearest("peices", c.iter().copied()), Some("pieces"));
        assert_eq!(nearest("zzzzzzzz", c.iter().copied()), None);
    }
}
