//! The accessibility audit: axe-core (npm, `tools/axe`) run in headless
//! Chromium over every page of the built example site and a sample of the
//! corpus build, in the light and the dark colour scheme. A serious or
//! critical violation fails; lesser ones are printed.
//!
//! Without axe (`npm ci` in `tools/axe`) or Chromium the test prints a
//! notice and passes, except in CI (`CI` set), where either missing fails.

use crate::support;

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;
use support::chromium::{self, Browser};
use support::static_server::StaticServer;

/// axe-core's browser bundle, as `npm ci` in `tools/axe` installs it.
fn axe_source() -> Option<String> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/axe/node_modules/axe-core/axe.min.js");
    match std::fs::read_to_string(&path) {
        Ok(source) => Some(source),
        Err(_) if std::env::var_os("CI").is_some() => {
            panic!("accessibility: axe-core is required in CI (cd tools/axe && npm ci)")
        }
        Err(_) => {
            eprintln!("notice: accessibility audit skipped: no axe-core (cd tools/axe && npm ci)");
            None
        }
    }
}

/// Runs axe on the open document; each violation as
/// `{id, impact, help, nodes: ["selector: summary", ...]}`.
const RUN_AXE: &str = "axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').replace(/\\s+/g, ' ')) })))";

/// Every `.html` file under `site`, as a URL path (`/en/rules/Chess/`).
fn pages_of(site: &Path) -> Vec<String> {
    let mut pages: Vec<String> = walkdir::WalkDir::new(site)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .filter_map(|e| {
            let rel = e
                .path()
                .strip_prefix(site)
                .ok()?
                .to_string_lossy()
                .replace('\\', "/");
            Some(match rel.strip_suffix("index.html") {
                Some(folder) => format!("/{folder}"),
                None => format!("/{rel}"),
            })
        })
        .collect();
    pages.sort();
    pages
}

/// Every page but the composed puzzles (`fenpress compose`'s, three per
/// variant in two languages: 800 pages of one template), of which the
/// first of each language stays.
fn sample_composed(pages: Vec<String>) -> Vec<String> {
    let mut seen = std::collections::BTreeSet::new();
    pages
        .into_iter()
        .filter(|p| {
            let composed = p.contains("/puzzles/") && p.contains("-seed");
            !composed || seen.insert(p.split('/').nth(1).unwrap_or("").to_string())
        })
        .collect()
}

/// Builds `content` with its findings declared in a baseline: the audit
/// covers failed diagrams too.
fn build(content: PathBuf, out: &Path) {
    use fenpress::site::baseline::{self, BaselineChoice};
    let checked = fenpress::site::check_site_with(
        &content,
        &fenpress::site::CheckOptions {
            baseline: BaselineChoice::Ignore,
            ..Default::default()
        },
    )
    .expect("site checks");
    let declared = out.with_extension("baseline.yaml");
    baseline::write(&declared, &content, &checked.diagnostics, &checked.sources)
        .expect("baseline written");
    let report = fenpress::site::build_with(
        &fenpress::site::BuildOptions {
            content,
            out: out.to_path_buf(),
            strict: false,
        },
        &BaselineChoice::At(declared),
    )
    .expect("site builds");
    assert!(report.written, "{}", report.summary());
}

/// A few rules pages of the corpus (boards of several shapes, unions,
/// stacks, failed diagrams), with its other pages; the English and French
/// pages of its build are audited.
fn corpus_sample(work: &Path) -> Option<PathBuf> {
    let corpus = support::corpus::vchess()?;
    let content = work.join("corpus");
    let picked = ["Baroque", "Emergo", "Pacosako", "Xiangqi"];
    for entry in walkdir::WalkDir::new(&corpus) {
        let entry = entry.expect("walk corpus");
        let rel = entry.path().strip_prefix(&corpus).expect("below corpus");
        let mut parts = rel.iter().map(|p| p.to_string_lossy());
        if parts.next().as_deref() == Some("rules")
            && parts.next().is_some_and(|v| !picked.contains(&v.as_ref()))
        {
            continue;
        }
        let to = content.join(rel);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).expect("mkdir");
        } else {
            std::fs::copy(entry.path(), &to).expect("copy");
        }
    }
    Some(content)
}

/// Rules that judge the corpus's own markup (its Pug pages are test data
/// we do not edit: images without `alt`, a `li` outside a list), printed
/// for the corpus sample but not failed.
const AUTHORS_MARKUP: &[&str] = &["image-alt", "listitem"];

/// The violations of one page in the light and the dark colour scheme, as
/// lines: (failing, printed); a rule in `authors` is only printed. One
/// load and one copy of axe serve both schemes.
fn audit(
    browser: &mut Browser,
    axe: &str,
    url: &str,
    authors: &[&str],
) -> (Vec<String>, Vec<String>) {
    let mut tab = browser.open(url, true).expect("open tab");
    tab.wait_for(
        "document.readyState === 'complete'",
        Duration::from_secs(20),
    )
    .unwrap_or_else(|e| panic!("{url}: {e}"));
    tab.eval(axe).expect("load axe");
    let (mut serious, mut minor) = (Vec::new(), Vec::new());
    for scheme in ["light", "dark"] {
        tab.emulate_color_scheme(scheme).expect("colour scheme");
        let violations = tab
            .eval(RUN_AXE)
            .unwrap_or_else(|e| panic!("{url}: axe: {e}"));
        for v in violations.as_array().into_iter().flatten() {
            let impact = v["impact"].as_str().unwrap_or("");
            let id = v["id"].as_str().unwrap_or("");
            let nodes: Vec<&str> = v["nodes"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            let line = format!(
                "{url} ({scheme}) {impact} {id}: {}\n    {}",
                v["help"].as_str().unwrap_or(""),
                nodes.join("\n    ")
            );
            if matches!(impact, "serious" | "critical") && !authors.contains(&id) {
                serious.push(line);
            } else {
                minor.push(line);
            }
        }
    }
    let _ = tab.close(Duration::from_millis(0));
    (serious, minor)
}

#[test]
fn axe_finds_no_serious_violation() {
    let Some(axe) = axe_source() else { return };
    let Some(binary) = chromium::binary_or_skip("accessibility audit") else {
        return;
    };
    let work = tempfile::tempdir().expect("tempdir");
    let example = work.path().join("example");
    build(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("content"),
        &example,
    );
    let mut sites = vec![(
        example,
        sample_composed(pages_of(&work.path().join("example"))),
        &[][..],
    )];
    if let Some(content) = corpus_sample(work.path()) {
        let out = work.path().join("corpus-site");
        build(content, &out);
        let pages = pages_of(&out)
            .into_iter()
            .filter(|p| !p.starts_with("/es/"))
            .collect();
        sites.push((out, pages, AUTHORS_MARKUP));
    } else {
        eprintln!("notice: accessibility audit: no corpus beside the checkout, example site only");
    }
    let mut browser = Browser::launch(&binary).expect("launch Chromium");
    let (mut serious, mut minor, mut audited) = (Vec::new(), Vec::new(), 0);
    for (site, pages, authors) in &sites {
        let server = StaticServer::start(site).expect("server");
        for page in pages {
            let (s, m) = audit(&mut browser, &axe, &server.url(page), authors);
            serious.extend(s);
            minor.extend(m);
            audited += 2;
        }
    }
    for line in &minor {
        eprintln!("notice: {line}");
    }
    eprintln!(
        "accessibility: {audited} page views audited, {} serious or critical, {} lesser",
        serious.len(),
        minor.len()
    );
    assert!(serious.is_empty(), "{}", serious.join("\n"));
}
