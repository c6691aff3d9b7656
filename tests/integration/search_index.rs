//! `search::build_indexes` on a small three-language site: one bundle per
//! language, the files a browser needs, nothing of Pagefind's own UIs, its
//! web worker or (for a stemmed language) its generic engine.

use crate::support;

use std::fs;
use std::path::Path;

use fenpress::search::{build_indexes, PageKind, SearchError, SearchPage};
use support::search_fixture;

fn files_under(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            e.path()
                .strip_prefix(dir)
                .map(|p| p.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
        .collect();
    out.sort();
    out
}

#[test]
fn one_bundle_per_language() {
    let out = tempfile::tempdir().expect("tempdir");
    let stats = build_indexes(&search_fixture::pages(), out.path()).expect("build");

    let langs: Vec<_> = stats.languages.iter().map(|l| l.lang.as_str()).collect();
    assert_eq!(langs, ["en", "es", "fr"]);
    let fr = &stats.languages[2];
    assert_eq!(fr.pages, 4);
    assert!(fr.words > 50, "{fr:?}");
    assert_eq!(fr.bundle, Path::new("pagefind").join("fr"));

    for lang in &stats.languages {
        let bundle = out.path().join(&lang.bundle);
        let files = files_under(&bundle);
        let total: u64 = files
            .iter()
            .map(|f| fs::metadata(bundle.join(f)).map(|m| m.len()).unwrap_or(0))
            .sum();
        assert_eq!(files.len(), lang.files, "{files:?}");
        assert_eq!(total, lang.bytes);
        for needed in [
            "pagefind.js".to_string(),
            "pagefind-entry.json".to_string(),
            format!("wasm.{}.pagefind", lang.lang),
        ] {
            assert!(
                files.contains(&needed),
                "{} lacks {needed}: {files:?}",
                lang.lang
            );
        }
        assert!(files.iter().any(|f| f.ends_with(".pf_meta")));
        assert!(files.iter().any(|f| f.starts_with("index/")));
        assert!(files.iter().any(|f| f.starts_with("fragment/")));
        assert!(
            !files
                .iter()
                .any(|f| f.contains("-ui") || f.contains("playground")),
            "Pagefind's own UI is left out: {files:?}"
        );
        // search.js runs Pagefind without its worker, and en/fr/es load
        // their own stemming engine, never the generic one.
        for unused in ["pagefind-worker.js", "wasm.unknown.pagefind"] {
            assert!(
                !files.iter().any(|f| f == unused),
                "{} has {unused}: {files:?}",
                lang.lang
            );
        }

        // The bundle holds its own language and no other.
        let entry = fs::read_to_string(bundle.join("pagefind-entry.json")).expect("entry");
        let entry: serde_json::Value = serde_json::from_str(&entry).expect("entry json");
        let languages = entry["languages"].as_object().expect("languages");
        assert_eq!(languages.keys().collect::<Vec<_>>(), [&lang.lang]);
        assert_eq!(languages[&lang.lang]["wasm"], lang.lang.as_str(), "stemmed");
    }
}

/// A language Pagefind has no stemmer for: its entry names no engine, so
/// pagefind.js loads the generic one, which must then be there.
#[test]
fn a_language_without_a_stemmer_keeps_the_generic_engine() {
    let out = tempfile::tempdir().expect("tempdir");
    let mut page = one_page("/ja/a/", "ja");
    page.html = "<p>将棋の駒</p>".into();
    let stats = build_indexes(&[page], out.path()).expect("build");
    let bundle = out.path().join(&stats.languages[0].bundle);
    let files = files_under(&bundle);
    assert!(
        files.iter().any(|f| f == "wasm.unknown.pagefind"),
        "{files:?}"
    );
    assert!(
        !files.iter().any(|f| f == "pagefind-worker.js"),
        "{files:?}"
    );
    let entry = fs::read_to_string(bundle.join("pagefind-entry.json")).expect("entry");
    let entry: serde_json::Value = serde_json::from_str(&entry).expect("entry json");
    assert_eq!(entry["languages"]["ja"]["wasm"], serde_json::Value::Null);
}

#[test]
fn rebuild_replaces_the_old_bundle() {
    let out = tempfile::tempdir().expect("tempdir");
    let mut pages = search_fixture::pages();
    build_indexes(&pages, out.path()).expect("first build");
    pages.retain(|p| p.lang == "en");
    let stats = build_indexes(&pages, out.path()).expect("second build");
    assert_eq!(stats.languages.len(), 1);
    assert!(!out.path().join("pagefind/fr").exists());
    let en = files_under(&out.path().join("pagefind/en"));
    assert_eq!(en.iter().filter(|f| f.ends_with(".pf_meta")).count(), 1);
}

fn one_page(url: &str, lang: &str) -> SearchPage {
    SearchPage {
        url: url.into(),
        lang: lang.into(),
        title: "T".into(),
        variant: None,
        kind: PageKind::Page,
        terms: vec![],
        html: "<p>text</p>".into(),
    }
}

#[test]
fn bad_pages_are_refused_with_their_url() {
    let out = tempfile::tempdir().expect("tempdir");
    let err = build_indexes(&[one_page("/a/", "../x")], out.path()).unwrap_err();
    assert!(matches!(err, SearchError::InvalidLanguage { ref url, .. } if url == "/a/"));

    let err = build_indexes(&[one_page("a/", "en")], out.path()).unwrap_err();
    assert!(matches!(err, SearchError::InvalidUrl { .. }));

    let err =
        build_indexes(&[one_page("/a/", "en"), one_page("/a/", "EN")], out.path()).unwrap_err();
    assert!(matches!(err, SearchError::DuplicateUrl { .. }), "{err}");
    assert!(
        !out.path().join("pagefind").exists(),
        "nothing written on error"
    );
}

/// Five pages of one language in bundles of at most two: three parts as
/// even as can be, the first with the engine, the others with their index
/// only, and the parts file listing the two further parts. With the default
/// size the same pages make one bundle and an empty list.
#[test]
fn a_language_is_split_into_parts() {
    let pages: Vec<SearchPage> = (0..5)
        .map(|i| SearchPage {
            html: format!("<p>word{i} shared</p>"),
            ..one_page(&format!("/en/p{i}/"), "en")
        })
        .collect();
    let bundles = fenpress::search::build_bundles(&pages, 2).expect("build");
    let en = &bundles.stats.languages[0];
    assert_eq!((en.pages, en.parts), (5, 3));
    let paths: Vec<&str> = bundles.files.iter().map(|(p, _)| p.as_str()).collect();
    for part in ["pagefind/en/", "pagefind/en/part-2/", "pagefind/en/part-3/"] {
        let entry = format!("{part}pagefind-entry.json");
        assert!(paths.contains(&entry.as_str()), "{entry} in {paths:#?}");
    }
    assert!(paths.contains(&"pagefind/en/pagefind.js"));
    assert!(!paths
        .iter()
        .any(|p| p.starts_with("pagefind/en/part-2/pagefind.js")
            || p.starts_with("pagefind/en/part-2/wasm.")));
    assert!(!paths.iter().any(|p| p.starts_with("pagefind/en/part-4/")));
    let manifest = |files: &[(String, Vec<u8>)]| -> serde_json::Value {
        let (_, bytes) = files
            .iter()
            .find(|(p, _)| p == "pagefind/en/fenpress-parts.json")
            .expect("parts file");
        serde_json::from_slice(bytes).expect("json")
    };
    assert_eq!(
        manifest(&bundles.files),
        serde_json::json!({"parts": ["part-2/", "part-3/"]})
    );
    // Each page is in exactly one part: the parts' page counts add up.
    let counted: u64 = bundles
        .files
        .iter()
        .filter(|(p, _)| p.ends_with("pagefind-entry.json"))
        .map(|(_, b)| {
            let v: serde_json::Value = serde_json::from_slice(b).expect("entry");
            v["languages"]["en"]["page_count"].as_u64().expect("count")
        })
        .sum();
    assert_eq!(counted, 5);
    let one =
        fenpress::search::build_bundles(&pages, fenpress::search::PAGES_PER_BUNDLE).expect("build");
    assert_eq!(one.stats.languages[0].parts, 1);
    assert_eq!(manifest(&one.files), serde_json::json!({"parts": []}));
}

/// `build` hands the index one language at a time while it renders the
/// next: the bundles are the ones the pages give in one go, byte for byte,
/// and a batch that is not one language, or a language given twice, is
/// refused rather than written over another's bundle.
#[test]
fn languages_fed_one_at_a_time_give_the_same_bundles() {
    let pages: Vec<SearchPage> = ["en", "fr", "es"]
        .iter()
        .flat_map(|lang| {
            (0..4).map(move |i| SearchPage {
                html: format!("<p>{lang} word{i} shared</p>"),
                ..one_page(&format!("/{lang}/p{i}/"), lang)
            })
        })
        .collect();
    let whole = fenpress::search::build_bundles(&pages, 3).expect("build");
    let batches = ["es", "en", "fr"].map(|lang| {
        let mine: Vec<SearchPage> = pages.iter().filter(|p| p.lang == lang).cloned().collect();
        (lang.to_string(), mine)
    });
    let fed = |batches: Vec<(String, Vec<SearchPage>)>| {
        let mut files = Vec::new();
        fenpress::search::build_bundles_from_batches(batches.into_iter(), 3, 3, &mut |part| {
            files.extend(part);
            Ok::<_, SearchError>(())
        })
        .map(|stats| {
            files.sort();
            (stats, files)
        })
    };
    let (stats, files) = fed(batches.to_vec()).expect("fed");
    assert_eq!(files, whole.files);
    let langs: Vec<&str> = stats.languages.iter().map(|l| l.lang.as_str()).collect();
    assert_eq!(langs, ["en", "es", "fr"]);

    let mixed = vec![(
        "en".to_string(),
        vec![one_page("/en/a/", "en"), one_page("/fr/a/", "fr")],
    )];
    assert!(matches!(fed(mixed), Err(SearchError::MixedBatch { .. })));
    let twice = vec![
        ("en".to_string(), vec![one_page("/en/a/", "en")]),
        ("en".to_string(), vec![one_page("/en/b/", "en")]),
    ];
    assert!(matches!(fed(twice), Err(SearchError::MixedBatch { .. })));
}
