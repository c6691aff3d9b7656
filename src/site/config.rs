//! `config.yaml`: site title, languages, base URL, theme. Every field is
//! optional; the vchess corpus has no config at all.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::error::SiteError;
use crate::content::load::is_language;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The site's name in its first language (`title: Name`, or that
    /// language's entry of `title: {en: Name, fr: Nom}`).
    pub title: String,
    /// `title: {en: ..., fr: ...}`: the name per language; a language
    /// without one shows [`Config::title`].
    pub titles: BTreeMap<String, String>,
    /// Languages in display order; the first is the default.
    pub languages: Vec<String>,
    /// Absolute URL of the site root, always ending with `/`.
    pub base_url: String,
    pub theme: String,
    /// Another piece set than ours: a folder laid out like vchess's.
    pub pieces: Option<PiecesConfig>,
    /// Wall-clock budget of each puzzle proof (`puzzles.proof_budget_ms`).
    pub proof_budget_ms: u64,
    /// Wall-clock budget of all the proofs of one `check` or `build`
    /// together (`puzzles.total_proof_budget_ms`).
    pub total_proof_budget_ms: u64,
    /// The most pages of one language in one search bundle
    /// (`search.pages_per_bundle`; see `search::PAGES_PER_BUNDLE`).
    pub pages_per_bundle: usize,
    /// `diagrams: { show_failures: true }`: a diagram that failed
    /// verification (and was baselined) shows readers a "not verified"
    /// badge with the reason. Default: no badge; the author sees the
    /// verdicts in `build`'s output and over the page in `serve`.
    pub show_failures: bool,
    /// `diagrams: { og_images: true }`: each rules page gets an og:image
    /// preview (a PNG of its first board) for links shared on social
    /// sites. Those need the page's public address, so the default is on
    /// when `base_url` is given and off without it (the address would be
    /// `localhost`, and a preview no one can fetch costs a third of a
    /// clean build's time).
    pub og_images: bool,
    /// `words: {fr: {search.label: Chercher}}`: interface words replaced,
    /// per language, by their key in `site::strings` (dotted for nested
    /// ones: `search.label`, or nested maps).
    pub words: BTreeMap<String, BTreeMap<String, String>>,
    /// `menu: {en: [{title: About, url: /en/about/}]}`: the header's links
    /// per language; without it, the rules index, the puzzles (if any) and
    /// the `about` page (if any).
    pub menu: Option<BTreeMap<String, Vec<MenuItem>>>,
    /// Top-level keys fenpress does not know, with their line: each is a
    /// warning naming the nearest known key (a typo changes nothing, but a
    /// site written for a newer fenpress still builds).
    pub unknown_keys: Vec<(usize, String)>,
    /// The text of `config.yaml` (empty without one): warnings find their
    /// lines in it without reading the file again.
    source: String,
}

impl Config {
    /// The site's name in `lang`.
    pub fn title_of(&self, lang: &str) -> &str {
        self.titles.get(lang).unwrap_or(&self.title)
    }
}

/// The top-level keys of `config.yaml`.
pub const KNOWN_KEYS: &[&str] = &[
    "title",
    "languages",
    "base_url",
    "theme",
    "pieces",
    "puzzles",
    "search",
    "diagrams",
    "words",
    "menu",
];

/// The keys of the maps inside `config.yaml` whose keys fenpress knows
/// (`words:` is checked against the interface words instead).
pub const NESTED_KEYS: &[(&str, &[&str])] = &[
    ("puzzles", &["proof_budget_ms", "total_proof_budget_ms"]),
    ("search", &["pages_per_bundle"]),
    ("diagrams", &["show_failures", "og_images"]),
    ("pieces", &["folder", "svg"]),
    ("menu", &["title", "url"]),
];

/// The keys a config key may be, for a suggestion: `puzzles.budget` is
/// near one of `puzzles`'s keys, `colour` near a top-level one.
fn keys_beside(key: &str) -> &'static [&'static str] {
    match key.split_once('.') {
        Some((parent, _)) => NESTED_KEYS
            .iter()
            .find(|(p, _)| *p == parent)
            .map_or(&[][..], |(_, keys)| *keys),
        None => KNOWN_KEYS,
    }
}

/// The keys of `text` fenpress does not know, dotted below their parent
/// (`puzzles.budget`), with their 1-based line. Read from the parsed
/// YAML, so block and flow style (`puzzles: {budget: 3}`) are alike.
fn unknown_keys(text: &str) -> Vec<(usize, String)> {
    let Ok(serde_json::Value::Object(top)) = serde_saphyr::from_str::<serde_json::Value>(text)
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (key, value) in &top {
        let line = line_of_key(text, 0, key);
        if !KNOWN_KEYS.contains(&key.as_str()) {
            out.push((line, key.clone()));
            continue;
        }
        let Some((_, known)) = NESTED_KEYS.iter().find(|(p, _)| p == key) else {
            continue;
        };
        // `menu:` maps languages to lists of links; the others are maps.
        let maps: Vec<&serde_json::Map<String, serde_json::Value>> = match value {
            serde_json::Value::Object(m) if key == "menu" => m
                .values()
                .filter_map(|v| v.as_array())
                .flatten()
                .filter_map(|v| v.as_object())
                .collect(),
            serde_json::Value::Object(m) => vec![m],
            _ => Vec::new(),
        };
        for sub in maps.iter().flat_map(|m| m.keys()) {
            if !known.contains(&sub.as_str()) {
                out.push((line_of_key(text, line, sub), format!("{key}.{sub}")));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The 1-based line, at or after line `from`, where `key` is written as a
/// key (`key:` at a line's start or after `{`, `,` or `- `); `from` (or 1)
/// if none is found.
fn line_of_key(text: &str, from: usize, key: &str) -> usize {
    let written = |l: &str| {
        l.match_indices(key).any(|(i, _)| {
            let before = l[..i].trim_end();
            let after = l[i + key.len()..].trim_start();
            after.starts_with(':') && (before.is_empty() || before.ends_with(['{', ',', '-']))
        })
    };
    text.lines()
        .enumerate()
        .skip(from.saturating_sub(1))
        .find(|(_, l)| written(l))
        .map_or(from.max(1), |(i, _)| i + 1)
}

/// One link of the header's menu. A URL starting with `/` is below the
/// site root (`base_url`'s path is put before it).
/// Unknown keys are warnings (see [`NESTED_KEYS`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct MenuItem {
    pub title: String,
    pub url: String,
}

/// `pieces: folder` or `pieces: { folder: ..., svg: inline | link }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PiecesConfig {
    /// Relative to the content folder.
    pub folder: std::path::PathBuf,
    pub svg: crate::diagram::pieces::SvgMode,
}

/// Unknown keys are left to [`unknown_keys`] (warnings, not errors).
#[derive(Deserialize, Default)]
struct RawConfig {
    title: Option<RawTitle>,
    languages: Option<Vec<String>>,
    base_url: Option<String>,
    theme: Option<String>,
    pieces: Option<RawPieces>,
    puzzles: Option<RawPuzzles>,
    search: Option<RawSearch>,
    diagrams: Option<RawDiagrams>,
    words: Option<BTreeMap<String, serde_json::Value>>,
    menu: Option<BTreeMap<String, Vec<MenuItem>>>,
}

/// `config.yaml`'s text as its keys, or the error at the YAML's line.
fn parse_raw(path: &Path, text: &str) -> Result<RawConfig, SiteError> {
    let raw = serde_saphyr::from_str::<Option<RawConfig>>(text).map_err(|e| {
        let (line, column) = e
            .location()
            .map(|l| (l.line() as usize, l.column() as usize))
            .unwrap_or((1, 1));
        let message = e
            .to_string()
            .lines()
            .next()
            .unwrap_or("invalid YAML")
            .to_string();
        SiteError::Config {
            path: path.to_path_buf(),
            line,
            column,
            message,
        }
    })?;
    Ok(raw.unwrap_or_default())
}

/// `{search: {label: x}, rules: y}` as `search.label → x, rules → y`.
fn flatten_words(prefix: &str, value: &serde_json::Value, out: &mut BTreeMap<String, String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten_words(&key, v, out);
            }
        }
        serde_json::Value::String(s) => {
            out.insert(prefix.to_string(), s.clone());
        }
        other => {
            out.insert(prefix.to_string(), other.to_string());
        }
    }
}

/// `puzzles: { proof_budget_ms: 10000, total_proof_budget_ms: 60000 }`;
/// unknown keys are warnings.
#[derive(Deserialize, Default)]
struct RawPuzzles {
    proof_budget_ms: Option<u64>,
    total_proof_budget_ms: Option<u64>,
}

/// `diagrams: { show_failures: true, og_images: false }`; unknown keys are
/// warnings.
#[derive(Deserialize, Default)]
struct RawDiagrams {
    show_failures: Option<bool>,
    og_images: Option<bool>,
}

/// `search: { pages_per_bundle: 4000 }`; unknown keys are warnings.
#[derive(Deserialize, Default)]
struct RawSearch {
    pages_per_bundle: Option<usize>,
}

/// `title: Name` or `title: {en: Name, fr: Nom}`.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawTitle {
    One(String),
    PerLanguage(BTreeMap<String, String>),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawPieces {
    Folder(String),
    Full {
        folder: String,
        #[serde(default)]
        svg: RawSvgMode,
    },
}

#[derive(Deserialize, Default, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum RawSvgMode {
    #[default]
    Inline,
    Link,
}

impl Config {
    /// Read `config.yaml` in `root` if there is one; `found_languages` (the
    /// languages of the pages) stand in when the config names none.
    pub fn load(root: &Path, found_languages: &[String]) -> Result<Config, SiteError> {
        let path = root.join("config.yaml");
        // A regular file only, capped: a committed symlink to /dev/zero,
        // a FIFO or a secrets file is refused unread.
        let text = match crate::content::input::read_text(
            &path,
            crate::content::input::MAX_CONFIG_BYTES,
        ) {
            Ok(text) => Some(text),
            Err(e) if e.is_not_found() => None,
            Err(e) => {
                return Err(SiteError::Config {
                    path,
                    line: 1,
                    column: 1,
                    message: e.to_string(),
                })
            }
        };
        Config::from_text(root, text.as_deref(), found_languages)
    }

    /// The config of `root` whose `config.yaml` reads `text` (`None`: no
    /// file): what [`Config::load`] does once the file is read, and what
    /// the fuzz target of YAML blocks runs.
    pub fn from_text(
        root: &Path,
        text: Option<&str>,
        found_languages: &[String],
    ) -> Result<Config, SiteError> {
        let path = root.join("config.yaml");
        let raw = match text {
            Some(text) => parse_raw(&path, text)?,
            None => RawConfig::default(),
        };
        let languages = match raw.languages.filter(|l| !l.is_empty()) {
            Some(langs) => langs,
            None => default_languages(found_languages),
        };
        // YAML reads `languages: [1, 2]` as texts: a language is a code.
        if let Some(bad) = languages.iter().find(|l| !is_language(l)) {
            return Err(SiteError::Config {
                line: key_line(text, "languages"),
                path,
                column: 1,
                message: format!(
                    "`{bad}` in languages is not a language code (two or three lowercase letters and an optional region: en, fr, pt-BR)"
                ),
            });
        }
        let (show_failures, og_images) = raw
            .diagrams
            .as_ref()
            .map_or((None, None), |d| (d.show_failures, d.og_images));
        // Previews are for a site with a public address (see `og_images`).
        let (show_failures, og_images) = (
            show_failures.unwrap_or(false),
            og_images.unwrap_or(raw.base_url.is_some()),
        );
        let mut base_url = raw
            .base_url
            .unwrap_or_else(|| "http://localhost:1111/".into());
        // Every link of the site starts with it: only a web address will do
        // (`javascript:` here would run in every reader's browser).
        let scheme = base_url
            .split_once(':')
            .map(|(s, _)| s.to_ascii_lowercase());
        if !matches!(scheme.as_deref(), Some("http" | "https")) {
            return Err(SiteError::Config {
                line: key_line(text, "base_url"),
                path,
                column: 1,
                message: format!("base_url `{base_url}` must start with http:// or https://"),
            });
        }
        if !base_url.ends_with('/') {
            base_url.push('/');
        }
        if let Some((url, line)) = unsafe_menu_url(raw.menu.as_ref(), text) {
            return Err(SiteError::Config {
                line,
                path,
                column: 1,
                message: format!(
                    "menu url `{url}` is neither a path nor an http(s) or mailto address (a script URL would run in every reader's browser)"
                ),
            });
        }
        let proof_budget_ms = raw
            .puzzles
            .as_ref()
            .and_then(|p| p.proof_budget_ms)
            .unwrap_or(crate::puzzle::verify::DEFAULT_TIME_BUDGET_MS);
        let total_proof_budget_ms = raw
            .puzzles
            .and_then(|p| p.total_proof_budget_ms)
            .unwrap_or(crate::puzzle::verify::DEFAULT_TOTAL_BUDGET_MS);
        // Proofs read no config: the budgets are the process's from here on.
        crate::puzzle::verify::set_time_budget_ms(proof_budget_ms);
        crate::puzzle::verify::set_total_budget_ms(total_proof_budget_ms);
        let pages_per_bundle = raw
            .search
            .and_then(|s| s.pages_per_bundle)
            .unwrap_or(crate::search::PAGES_PER_BUNDLE);
        if pages_per_bundle == 0 {
            return Err(SiteError::Config {
                line: key_line(text, "pages_per_bundle"),
                path,
                column: 1,
                message: "search.pages_per_bundle must be at least 1 (the default is 4000)".into(),
            });
        }
        let words = raw
            .words
            .unwrap_or_default()
            .into_iter()
            .map(|(lang, v)| {
                let mut flat = BTreeMap::new();
                flatten_words("", &v, &mut flat);
                (lang, flat)
            })
            .collect();
        let (title, titles) = match raw.title {
            None => ("Chess variants".to_string(), BTreeMap::new()),
            Some(RawTitle::One(title)) => (title, BTreeMap::new()),
            Some(RawTitle::PerLanguage(titles)) => (
                languages
                    .iter()
                    .find_map(|l| titles.get(l))
                    .or_else(|| titles.values().next())
                    .cloned()
                    .unwrap_or_else(|| "Chess variants".into()),
                titles,
            ),
        };
        Ok(Config {
            unknown_keys: text.map(unknown_keys).unwrap_or_default(),
            source: text.unwrap_or_default().to_string(),
            words,
            menu: raw.menu,
            proof_budget_ms,
            total_proof_budget_ms,
            pages_per_bundle,
            show_failures,
            og_images,
            title,
            titles,
            languages,
            base_url,
            theme: raw.theme.unwrap_or_else(|| "default".into()),
            pieces: raw.pieces.map(|p| {
                use crate::diagram::pieces::SvgMode;
                let (folder, svg) = match p {
                    RawPieces::Folder(folder) => (folder, RawSvgMode::Inline),
                    RawPieces::Full { folder, svg } => (folder, svg),
                };
                PiecesConfig {
                    folder: root.join(folder),
                    svg: match svg {
                        RawSvgMode::Inline => SvgMode::Inline,
                        RawSvgMode::Link => SvgMode::Link,
                    },
                }
            }),
        })
    }

    /// A warning for each unknown top-level key and each word of `words:`
    /// that is no interface word, at its line of `config.yaml` (a typo
    /// would otherwise change nothing).
    pub fn word_warnings(&self, root: &Path) -> Vec<crate::diagnostic::Diagnostic> {
        use crate::diagnostic::{Diagnostic, Severity};
        let known = super::strings::word_keys();
        let path = root.join("config.yaml");
        let text = &self.source;
        let mut out = Vec::new();
        for (line, key) in &self.unknown_keys {
            let d = Diagnostic::new(
                Severity::Warning,
                "unknown-config-key",
                &path,
                *line,
                1,
                format!("`{key}` is no key of config.yaml; it is ignored"),
            );
            let beside = keys_beside(key);
            let last = key.rsplit('.').next().unwrap_or(key);
            let near = crate::check::links::nearest(last, beside.iter().copied());
            out.push(match near {
                Some(n) => d.with_hint(format!("did you mean `{n}`?")),
                None => d.with_hint(format!("the keys here are: {}", beside.join(", "))),
            });
        }
        for (lang, words) in &self.words {
            for key in words.keys().filter(|k| !known.contains(*k)) {
                let last = key.rsplit('.').next().unwrap_or(key);
                let line = text
                    .lines()
                    .position(|l| l.contains(&format!("{last}:")))
                    .map_or(1, |i| i + 1);
                let near = crate::check::links::nearest(key, known.iter().map(String::as_str));
                let d = Diagnostic::new(
                    Severity::Warning,
                    "unknown-word",
                    &path,
                    line,
                    1,
                    format!("`words.{lang}.{key}` is no interface word"),
                );
                out.push(match near {
                    Some(n) => d.with_hint(format!("did you mean `{n}`?")),
                    None => {
                        d.with_hint("the words are listed in docs/authoring.md (Interface words)")
                    }
                });
            }
        }
        out
    }

    /// The path part of `base_url` (`/` or `/sub/`): the prefix of every link,
    /// so a site served below a folder still links right.
    pub fn base_path(&self) -> String {
        let after_scheme = self
            .base_url
            .split_once("://")
            .map_or(self.base_url.as_str(), |(_, r)| r);
        match after_scheme.find('/') {
            Some(i) => after_scheme[i..].to_string(),
            None => "/".to_string(),
        }
    }
}

/// The first menu URL that is not a path (`/about/`, `about/`, `#x`) or
/// an `http:`, `https:` or `mailto:` address, and the line it is written
/// on: the menu is on every page, outside the page sanitiser's reach.
fn unsafe_menu_url(
    menu: Option<&BTreeMap<String, Vec<MenuItem>>>,
    text: Option<&str>,
) -> Option<(String, usize)> {
    let bad = menu?.values().flatten().map(|item| &item.url).find(|url| {
        let squeezed: String = url
            .chars()
            .filter(|c| !c.is_whitespace() && !c.is_control())
            .collect();
        // A scheme is letters before a `:` that comes before any `/?#`.
        let scheme = squeezed
            .split_once(':')
            .filter(|(s, _)| !s.contains(['/', '?', '#']))
            .map(|(s, _)| s.to_ascii_lowercase());
        let allowed = match scheme.as_deref() {
            None => true,
            Some(s) => matches!(s, "http" | "https" | "mailto"),
        };
        !allowed || crate::unsafe_markup::unsafe_url(url).is_some()
    })?;
    let line = text
        .unwrap_or_default()
        .lines()
        .position(|l| l.contains(bad.as_str()))
        // Written with YAML escapes: the `menu:` key's line.
        .map_or_else(|| key_line(text, "menu"), |i| i + 1);
    Some((bad.clone(), line))
}

/// The line of `config.yaml` at `path` that sets `key` (1 if none does).
fn key_line(text: Option<&str>, key: &str) -> usize {
    text.unwrap_or_default()
        .lines()
        .position(|l| l.trim_start().starts_with(key))
        .map_or(1, |i| i + 1)
}

/// The languages found, English first, the others in alphabetical order.
fn default_languages(found: &[String]) -> Vec<String> {
    let mut langs: Vec<String> = found.iter().filter(|l| is_language(l)).cloned().collect();
    langs.sort();
    langs.dedup();
    langs.sort_by_key(|l| l != "en");
    if langs.is_empty() {
        langs.push("en".into());
    }
    langs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_without_a_config() {
        let dir = tempfile::tempdir().unwrap();
        let langs = vec!["fr".to_string(), "es".into(), "en".into(), "fr".into()];
        let c = Config::load(dir.path(), &langs).unwrap();
        assert_eq!(c.languages, vec!["en", "es", "fr"]);
        assert_eq!(c.theme, "default");
        assert_eq!(c.base_path(), "/");
    }

    #[test]
    fn config_fields_and_errors() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("config.yaml"),
            "title: Mine\nlanguages: [fr, en]\nbase_url: https://x.org/sub\n",
        )
        .unwrap();
        let c = Config::load(dir.path(), &[]).unwrap();
        assert_eq!((c.title.as_str(), c.languages[0].as_str()), ("Mine", "fr"));
        assert_eq!(c.base_url, "https://x.org/sub/");
        assert_eq!(c.base_path(), "/sub/");
        assert_eq!(c.pieces, None);
        std::fs::write(dir.path().join("config.yaml"), "pieces: art\n").unwrap();
        let c = Config::load(dir.path(), &[]).unwrap();
        assert_eq!(c.pieces.unwrap().folder, dir.path().join("art"));
        std::fs::write(
            dir.path().join("config.yaml"),
            "pieces: {folder: art, svg: link}\n",
        )
        .unwrap();
        let c = Config::load(dir.path(), &[]).unwrap();
        assert_eq!(c.pieces.unwrap().svg, crate::diagram::pieces::SvgMode::Link);
        // The proof budget (the default's value plus one: the budget is the
        // process's, and other tests prove puzzles meanwhile).
        std::fs::write(
            dir.path().join("config.yaml"),
            "puzzles: {proof_budget_ms: 10001}\n",
        )
        .unwrap();
        let c = Config::load(dir.path(), &[]).unwrap();
        assert_eq!(c.proof_budget_ms, 10_001);
        assert_eq!(crate::puzzle::verify::time_budget_ms(), 10_001);
        // The total budget of a site's proofs (the same care).
        std::fs::write(
            dir.path().join("config.yaml"),
            "puzzles: {total_proof_budget_ms: 60001}\n",
        )
        .unwrap();
        let c = Config::load(dir.path(), &[]).unwrap();
        assert_eq!(c.total_proof_budget_ms, 60_001);
        assert_eq!(crate::puzzle::verify::total_budget_ms(), 60_001);
        // A mistyped value still fails, with its line.
        std::fs::write(
            dir.path().join("config.yaml"),
            "title: A\npuzzles: {proof_budget_ms: soon}\n",
        )
        .unwrap();
        let e = Config::load(dir.path(), &[]).unwrap_err().to_string();
        assert!(e.contains("config.yaml:2:"), "{e}");
        // The search bundles' size: the default, a given one, and 0 refused
        // at its line.
        assert_eq!(c.pages_per_bundle, crate::search::PAGES_PER_BUNDLE);
        std::fs::write(
            dir.path().join("config.yaml"),
            "search:\n  pages_per_bundle: 500\n",
        )
        .unwrap();
        let c = Config::load(dir.path(), &[]).unwrap();
        assert_eq!(c.pages_per_bundle, 500);
        assert!(c.unknown_keys.is_empty(), "{:?}", c.unknown_keys);
        std::fs::write(
            dir.path().join("config.yaml"),
            "title: A\nsearch:\n  pages_per_bundle: 0\n",
        )
        .unwrap();
        let e = Config::load(dir.path(), &[]).unwrap_err().to_string();
        assert!(
            e.contains("config.yaml:3:") && e.contains("at least 1"),
            "{e}"
        );
        // An unknown key is a warning (with its line), not an error.
        std::fs::write(dir.path().join("config.yaml"), "title: A\ncolour: red\n").unwrap();
        let c = Config::load(dir.path(), &[]).unwrap();
        assert_eq!(c.unknown_keys, vec![(2, "colour".to_string())]);
    }

    #[test]
    fn menu_urls_must_be_paths_or_web_addresses() {
        for bad in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "\"java\\tscript:x\"",
            "data:text/html,x",
            "vbscript:x",
            "file:///etc/passwd",
        ] {
            let text = format!("title: T\nmenu:\n  en:\n    - title: Home\n      url: {bad}\n");
            match Config::from_text(Path::new("site"), Some(&text), &[]) {
                Err(SiteError::Config { line, message, .. }) => {
                    let written_as_is = !bad.contains('\\');
                    assert_eq!(line, if written_as_is { 5 } else { 2 }, "{bad}: {message}");
                    assert!(message.contains("menu url"), "{message}");
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
        for good in [
            "/about/",
            "about/",
            "#top",
            "https://x.org/a:b",
            "mailto:a@b.c",
            "a/b:c",
        ] {
            let text = format!("menu:\n  en:\n    - {{title: A, url: \"{good}\"}}\n");
            assert!(
                Config::from_text(Path::new("site"), Some(&text), &[]).is_ok(),
                "{good}"
            );
        }
    }

    #[test]
    fn unknown_nested_keys_are_warnings_at_their_line() {
        let dir = tempfile::tempdir().unwrap();
        let text = "title: A\npuzzles:\n  proof_budget_ms: 10001\n  budget: 3\n\
                    pieces: {folder: art, svgs: link}\n\
                    menu:\n  en:\n    - {title: Home, url: /}\n    - title: About\n      url: /about/\n      target: _blank\n";
        std::fs::write(dir.path().join("config.yaml"), text).unwrap();
        let c = Config::load(dir.path(), &[]).unwrap();
        assert_eq!(
            c.unknown_keys,
            vec![
                (4, "puzzles.budget".to_string()),
                (5, "pieces.svgs".to_string()),
                (11, "menu.target".to_string()),
            ]
        );
        assert_eq!(c.proof_budget_ms, 10_001);
        let w = c.word_warnings(dir.path());
        let hints: Vec<String> = w.iter().map(|d| d.to_string()).collect();
        assert!(hints[1].contains("did you mean `svg`?"), "{hints:?}");
        // Flow style reads alike.
        std::fs::write(dir.path().join("config.yaml"), "puzzles: {budget: 3}\n").unwrap();
        let c = Config::load(dir.path(), &[]).unwrap();
        assert_eq!(c.unknown_keys, vec![(1, "puzzles.budget".to_string())]);
    }
}
