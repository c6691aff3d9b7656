//! Search in a real browser: a site is built, served on 127.0.0.1 and the
//! search pages are loaded in headless Chromium, which must list the right
//! pages first, highlight the matched words, link to sections, and log no
//! console error. No request may miss: in particular nothing asks for the
//! Pagefind files fenpress leaves out (its web worker, its generic engine).
//!
//! Without Chromium the tests print a notice and pass, except in CI
//! (`CI` set), where a missing Chromium fails (`chromium::binary_or_skip`).

use crate::support;

use std::time::Duration;

use serde_json::Value;
use support::chromium::{self, Browser, PageReport};
use support::static_server::StaticServer;
use support::{search_fixture, search_site};

#[derive(Debug)]
struct Hit {
    href: String,
    title: String,
    /// The line beside the title: kind · variant · language.
    labels: String,
    variant: String,
    language: String,
    /// The result's `lang` attribute.
    lang: String,
    marks: Vec<String>,
    sections: Vec<String>,
}

/// Lists the results the search page shows, reading the DOM that search.js
/// builds.
const READ_RESULTS: &str = r#"[...document.querySelectorAll('#search-results > li')].map(li => ({
  href: li.querySelector('.search-result-title').getAttribute('href'),
  title: li.querySelector('.search-result-title').textContent,
  labels: li.querySelector('.search-result-about')?.textContent ?? '',
  variant: li.querySelector('.search-result-variant')?.textContent ?? '',
  language: li.querySelector('.search-result-lang')?.textContent ?? '',
  lang: li.lang,
  marks: [...li.querySelectorAll('mark')].map(m => m.textContent),
  sections: [...li.querySelectorAll('a.search-result-section')].map(a => a.getAttribute('href')),
}))"#;

const SEARCH_SETTLED: &str =
    "['done', 'error'].includes(document.getElementById('search')?.dataset.state)";

fn run_query(browser: &mut Browser, url: &str) -> (Vec<Hit>, String, PageReport) {
    let mut tab = browser.open(url, true).expect("open tab");
    tab.wait_for(SEARCH_SETTLED, Duration::from_secs(20))
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    let state = tab
        .eval("document.getElementById('search').dataset.state")
        .expect("state");
    assert_eq!(state, Value::from("done"), "{url}: search failed");
    let status = tab
        .eval("document.getElementById('search-status').textContent")
        .expect("status");
    let hits = tab.eval(READ_RESULTS).expect("results");
    let report = tab.close(Duration::from_millis(300)).expect("close tab");
    let hits = hits
        .as_array()
        .expect("array")
        .iter()
        .map(|h| Hit {
            href: h["href"].as_str().unwrap_or("").to_string(),
            title: h["title"].as_str().unwrap_or("").to_string(),
            labels: h["labels"].as_str().unwrap_or("").to_string(),
            variant: h["variant"].as_str().unwrap_or("").to_string(),
            language: h["language"].as_str().unwrap_or("").to_string(),
            lang: h["lang"].as_str().unwrap_or("").to_string(),
            marks: h["marks"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| m.as_str().map(str::to_lowercase))
                .collect(),
            sections: h["sections"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| m.as_str().map(str::to_string))
                .collect(),
        })
        .collect();
    assert!(report.errors.is_empty(), "{url}: {:#?}", report.errors);
    (hits, status.as_str().unwrap_or("").to_string(), report)
}

fn hrefs(hits: &[Hit]) -> Vec<&str> {
    hits.iter().map(|h| h.href.as_str()).collect()
}

/// Prints what the browser downloaded for one search, page included.
fn report_downloads(what: &str, served: &[(String, u64)]) -> u64 {
    let total: u64 = served.iter().map(|(_, b)| b).sum();
    let bundle: u64 = served
        .iter()
        .filter(|(p, _)| p.contains("/pagefind/"))
        .map(|(_, b)| b)
        .sum();
    eprintln!("{what}: {total} bytes downloaded ({bundle} of them search bundle)");
    for (path, bytes) in served {
        eprintln!("  {bytes:>8}  {path}");
    }
    total
}

#[test]
fn synthetic_site_searches_in_chromium() {
    let Some(binary) = chromium::binary_or_skip("synthetic_site_searches_in_chromium") else {
        return;
    };
    let site = tempfile::tempdir().expect("tempdir");
    let stats = search_site::write_site(site.path(), &search_fixture::pages());
    eprintln!("index build: {:?} for {:?}", stats.elapsed, stats.languages);
    let server = StaticServer::start(site.path()).expect("server");
    let mut browser = Browser::launch(&binary).expect("launch Chromium");

    // A variant's own page first for its piece's name, with the section.
    server.take_served();
    let (hits, status, _) = run_query(&mut browser, &server.url("/fr/search/?q=kheshig"));
    assert_eq!(
        hrefs(&hits),
        ["/fr/rules/Orda/", "/fr/rules/Steppe/"],
        "{hits:#?}"
    );
    assert_eq!(hits[0].title, "Orda");
    // Kind and language; the variant is the title, not repeated.
    assert_eq!(hits[0].labels, "Règles · Français");
    assert_eq!(
        (hits[0].variant.as_str(), hits[0].lang.as_str()),
        ("", "fr")
    );
    assert!(hits[0].marks.iter().any(|m| m == "kheshig"), "{hits:#?}");
    assert!(
        hits[0]
            .sections
            .iter()
            .any(|s| s == "/fr/rules/Orda/#pieces-de-la-horde"),
        "{hits:#?}"
    );
    assert!(status.contains("2 pages"), "{status}");
    report_downloads("synthetic site, fr ?q=kheshig", &server.take_served());

    // Accent-insensitive.
    let (hits, ..) = run_query(&mut browser, &server.url("/fr/search/?q=echiquier"));
    assert_eq!(hrefs(&hits), ["/fr/rules/Miroir/"]);
    assert!(
        hits[0].marks.iter().any(|m| m.starts_with("échiquier")),
        "{hits:#?}"
    );

    // Stemmed and accent-insensitive: "pieces" finds "pièce" and "Pièces".
    let (hits, ..) = run_query(&mut browser, &server.url("/fr/search/?q=pieces"));
    let found = hrefs(&hits);
    for url in ["/fr/pages/about/", "/fr/rules/Orda/", "/fr/rules/Miroir/"] {
        assert!(found.contains(&url), "{url} not in {found:?}");
    }

    // English: both pages with an immobilizer, plural or not.
    for query in ["immobilizer", "Immobilizers"] {
        let (hits, ..) = run_query(&mut browser, &server.url(&format!("/en/search/?q={query}")));
        let mut found = hrefs(&hits);
        found.sort();
        assert_eq!(
            found,
            ["/en/rules/Baroque/", "/en/rules/Maxima/"],
            "{query}"
        );
    }

    // A puzzle names its variant beside its own title.
    let (hits, ..) = run_query(&mut browser, &server.url("/en/search/?q=rook"));
    assert_eq!(hrefs(&hits), ["/en/puzzles/Alice/two-boards/"]);
    assert_eq!(hits[0].labels, "Puzzle · Alice · English", "{hits:#?}");
    assert_eq!(hits[0].variant, "Alice");
    assert!(hits[0].marks.iter().any(|m| m == "rook"), "{hits:#?}");

    // Spanish: stems and accents.
    let (hits, ..) = run_query(&mut browser, &server.url("/es/search/?q=peon"));
    assert_eq!(hrefs(&hits), ["/es/rules/Orda/"]);
    let (hits, ..) = run_query(&mut browser, &server.url("/es/search/?q=alfil"));
    assert_eq!(hrefs(&hits), ["/es/rules/Orda/"]);
    assert_eq!(
        (hits[0].language.as_str(), hits[0].lang.as_str()),
        ("Español", "es")
    );

    // Each language searches its own pages only.
    let (hits, ..) = run_query(&mut browser, &server.url("/en/search/?q=kheshig"));
    assert!(hits.is_empty(), "{hits:#?}");

    // By keyboard alone: a page's search box, Enter, Tab to the first
    // result, Enter to follow it.
    let mut tab = browser
        .open(&server.url("/fr/rules/Orda/"), true)
        .expect("open page");
    tab.wait_for(
        "document.readyState === 'complete'",
        Duration::from_secs(10),
    )
    .expect("page loads");
    let action = tab
        .eval("new URL(document.querySelector('form.search-box').action).pathname")
        .expect("form action");
    assert_eq!(action, Value::from("/fr/search/"));
    tab.eval("document.querySelector('form.search-box input').focus()")
        .expect("focus the box");
    tab.type_text("kheshig").expect("type");
    tab.press("Enter").expect("Enter");
    tab.wait_for(
        &format!("location.pathname === '/fr/search/' && {SEARCH_SETTLED}"),
        Duration::from_secs(20),
    )
    .expect("Enter opens the search page, which searches");
    assert_eq!(
        tab.eval("location.search").expect("location"),
        Value::from("?q=kheshig")
    );
    const FOCUSED: &str = "document.activeElement.className + ' ' + \
        (document.activeElement.getAttribute('href') ?? '')";
    tab.eval("document.getElementById('search-q').focus()")
        .expect("focus the search field");
    tab.press("Tab").expect("Tab");
    assert_eq!(
        tab.eval(FOCUSED).expect("focus"),
        Value::from("search-button ")
    );
    tab.press("Tab").expect("Tab");
    assert_eq!(
        tab.eval(FOCUSED).expect("focus"),
        Value::from("search-result-title /fr/rules/Orda/")
    );
    tab.press("Enter").expect("Enter");
    tab.wait_for(
        "location.pathname === '/fr/rules/Orda/' && document.readyState === 'complete'",
        Duration::from_secs(10),
    )
    .expect("Enter follows the result");
    let report = tab.close(Duration::from_millis(200)).expect("close");
    assert!(report.errors.is_empty(), "{:#?}", report.errors);

    // Typing updates the shareable URL.
    let mut tab = browser
        .open(&server.url("/en/search/"), true)
        .expect("open search page");
    tab.wait_for(
        "document.getElementById('search')?.dataset.state === 'idle'",
        Duration::from_secs(10),
    )
    .expect("idle search page");
    tab.eval(
        "(() => { const i = document.getElementById('search-q'); i.value = 'baroque'; \
         i.form.requestSubmit(); })()",
    )
    .expect("submit");
    tab.wait_for(SEARCH_SETTLED, Duration::from_secs(20))
        .expect("search runs");
    assert_eq!(
        tab.eval("location.search").expect("location"),
        Value::from("?q=baroque")
    );
    let report = tab.close(Duration::from_millis(200)).expect("close");
    assert!(report.errors.is_empty(), "{:#?}", report.errors);

    // Without JavaScript the search page says that search needs it.
    let mut tab = browser
        .open(&server.url("/fr/search/?q=kheshig"), false)
        .expect("open without JavaScript");
    tab.wait_for(
        "document.readyState === 'complete'",
        Duration::from_secs(10),
    )
    .expect("page loads");
    let text = tab.eval("document.body.innerText").expect("text");
    assert!(text.as_str().unwrap_or("").contains("JavaScript"), "{text}");
    tab.close(Duration::from_millis(100)).expect("close");
    assert_eq!(
        server.missing(),
        Vec::<String>::new(),
        "requests answered 404"
    );
}

/// The acceptance queries of issue #9, on the corpus's amount of text.
/// A language's index split into parts (here one page per part, as
/// `search.pages_per_bundle: 1` asks): search.js merges them, so the same
/// queries find the same pages, with no request missing and no console
/// error, and the further parts bring no engine of their own.
#[test]
fn index_split_into_parts_searches_in_chromium() {
    let Some(binary) = chromium::binary_or_skip("index_split_into_parts_searches_in_chromium")
    else {
        return;
    };
    let site = tempfile::tempdir().expect("tempdir");
    let pages = search_fixture::pages();
    let stats = search_site::write_site_in_parts(site.path(), &pages, 1);
    let fr = stats.languages.iter().find(|l| l.lang == "fr").expect("fr");
    assert_eq!(fr.parts, fr.pages, "{stats:?}");
    assert!(fr.parts >= 3, "{stats:?}");
    let fr_dir = site.path().join("pagefind/fr");
    assert!(fr_dir.join("part-2/pagefind-entry.json").is_file());
    assert!(!fr_dir.join("part-2/pagefind.js").exists());
    let server = StaticServer::start(site.path()).expect("server");
    let mut browser = Browser::launch(&binary).expect("launch Chromium");

    let (hits, status, _) = run_query(&mut browser, &server.url("/fr/search/?q=kheshig"));
    let mut found = hrefs(&hits);
    found.sort();
    assert_eq!(found, ["/fr/rules/Orda/", "/fr/rules/Steppe/"], "{hits:#?}");
    assert!(status.contains("2 pages"), "{status}");
    let orda = hits
        .iter()
        .find(|h| h.href == "/fr/rules/Orda/")
        .expect("Orda");
    assert!(orda.marks.iter().any(|m| m == "kheshig"), "{hits:#?}");
    assert!(
        orda.sections
            .iter()
            .any(|s| s == "/fr/rules/Orda/#pieces-de-la-horde"),
        "{hits:#?}"
    );
    let (hits, ..) = run_query(&mut browser, &server.url("/fr/search/?q=pieces"));
    let found = hrefs(&hits);
    for url in ["/fr/pages/about/", "/fr/rules/Orda/", "/fr/rules/Miroir/"] {
        assert!(found.contains(&url), "{url} not in {found:?}");
    }
    let (hits, ..) = run_query(&mut browser, &server.url("/en/search/?q=immobilizer"));
    let mut found = hrefs(&hits);
    found.sort();
    assert_eq!(found, ["/en/rules/Baroque/", "/en/rules/Maxima/"]);
}

fn corpus_queries(browser: &mut Browser, server: &StaticServer, what: &str) {
    let find = |hits: &[Hit], name: &str| {
        hits.iter().position(|h| {
            h.href
                .to_lowercase()
                .contains(&format!("/{}", name.to_lowercase()))
        })
    };

    server.take_served();
    let (hits, ..) = run_query(browser, &server.url("/fr/search/?q=kheshig"));
    let downloaded = report_downloads(&format!("{what}, fr ?q=kheshig"), &server.take_served());
    assert_eq!(
        find(&hits, "Orda"),
        Some(0),
        "Orda first: {:#?}",
        hrefs(&hits)
    );
    assert!(downloaded <= 300_000, "{downloaded} bytes for one query");

    let (hits, ..) = run_query(browser, &server.url("/fr/search/?q=echiquier"));
    assert!(hits.len() > 1, "{hits:#?}");
    for hit in &hits {
        assert!(
            hit.marks.iter().any(|m| m.contains("échiquier")),
            "{} matched without \"échiquier\": {:?}",
            hit.href,
            hit.marks
        );
    }

    let (hits, ..) = run_query(browser, &server.url("/en/search/?q=immobilizer"));
    for variant in ["Baroque", "Maxima"] {
        assert!(
            find(&hits, variant).is_some(),
            "{variant}: {:#?}",
            hrefs(&hits)
        );
    }
    assert_eq!(
        server.missing(),
        Vec::<String>::new(),
        "requests answered 404"
    );
}

/// Until the site build lands: the corpus's Pug sources read roughly into
/// search pages, indexed and searched like the real site will be.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn corpus_sources_search_in_chromium() {
    let Some(corpus) = support::corpus::vchess() else {
        eprintln!("notice: corpus_sources_search_in_chromium skipped: no vchess corpus");
        return;
    };
    let Some(binary) = chromium::binary_or_skip("corpus_sources_search_in_chromium") else {
        return;
    };
    let pages = support::corpus::pages_from_pug_sources(&corpus);
    assert!(pages.len() > 500, "{} pages", pages.len());
    let site = tempfile::tempdir().expect("tempdir");
    let stats = search_site::write_site(site.path(), &pages);
    eprintln!(
        "corpus sources: index of {} pages built in {:?}",
        pages.len(),
        stats.elapsed
    );
    for lang in &stats.languages {
        eprintln!(
            "  {}: {} pages, {} words, {} files, {} bytes",
            lang.lang, lang.pages, lang.words, lang.files, lang.bytes
        );
    }
    let server = StaticServer::start(site.path()).expect("server");
    let mut browser = Browser::launch(&binary).expect("launch Chromium");
    corpus_queries(&mut browser, &server, "corpus sources");
}

/// Issue #9's acceptance test on the real corpus site, as `fenpress build`
/// writes it: search pages, search boxes and per-language indexes.
#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn corpus_site_search_in_chromium() {
    let Some(corpus) = support::corpus::vchess() else {
        eprintln!("notice: corpus_site_search_in_chromium skipped: no vchess corpus");
        return;
    };
    let Some(binary) = chromium::binary_or_skip("corpus_site_search_in_chromium") else {
        return;
    };
    let work = tempfile::tempdir().expect("tempdir");
    let out = work.path().join("public");
    let report = fenpress::site::build_with(
        &fenpress::site::BuildOptions {
            content: corpus,
            out: out.clone(),
            strict: false,
        },
        &fenpress::site::baseline::BaselineChoice::At(crate::site_baseline::corpus_baseline()),
    )
    .expect("corpus site builds");
    assert!(report.written, "{}", report.summary());
    eprintln!("{}", report.summary());
    for (step, took) in &report.timings {
        eprintln!("  {step:<8} {took:?}");
    }
    let server = StaticServer::start(&out).expect("server");
    let mut browser = Browser::launch(&binary).expect("launch Chromium");
    corpus_queries(&mut browser, &server, "corpus site");
}
