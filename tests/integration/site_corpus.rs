//! Build the whole vchess corpus (when `../shared` is there): every page,
//! every index, and exactly one `data-fen` per `fen:` board of the sources,
//! with the corpus's known mistakes declared in its baseline.

use crate::common;

use fenpress::site::baseline::BaselineChoice;
use fenpress::site::{build_with, BuildOptions};

#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn the_vchess_corpus_builds() {
    let Some(corpus) = common::corpus() else {
        println!("skipped: ../shared not found");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    // The corpus's known mistakes are declared in its baseline.
    let report = build_with(
        &BuildOptions {
            content: corpus.clone(),
            out: out.clone(),
            strict: false,
        },
        &BaselineChoice::At(crate::site_baseline::corpus_baseline()),
    )
    .expect("the build runs");
    let errors: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == fenpress::diagnostic::Severity::Error)
        .map(|d| d.to_string())
        .collect();
    assert!(
        report.written,
        "corpus build failed:\n{}",
        errors.join("\n")
    );

    let rules: Vec<_> = walkdir::WalkDir::new(out.join("en/rules"))
        .into_iter()
        .chain(walkdir::WalkDir::new(out.join("es/rules")))
        .chain(walkdir::WalkDir::new(out.join("fr/rules")))
        .filter_map(Result::ok)
        .filter(|e| e.file_name() == "index.html" && e.depth() == 2)
        .collect();
    assert_eq!(rules.len(), 519, "one page per variant and language");
    for lang in ["en", "es", "fr"] {
        for page in ["about", "faq", "rules"] {
            assert!(
                out.join(lang).join(page).join("index.html").is_file(),
                "{lang}/{page}"
            );
        }
        assert!(out.join(lang).join("index.html").is_file());
    }
    for file in [
        "index.html",
        "404.html",
        "sitemap.xml",
        "static/fenpress.css",
    ] {
        assert!(out.join(file).is_file(), "{file}");
    }
    // No script, handler or unsafe URL of the corpus reached the output.
    let script = crate::site_scan::script_in_output(&out);
    assert!(script.is_empty(), "{}", script.join("\n"));
    // The corpus ships its public assets (`static/`): every image a page
    // names is found.
    let missing: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "missing-image")
        .map(|d| d.to_string())
        .collect();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    // Twenty of its pictures are git-fat pointers (the site's repository
    // keeps them in git-fat's store): each is named, none is copied as if
    // it were a picture. Its symbolic links, checked out as text files,
    // are followed to the picture they name.
    let mut pointers: Vec<&str> = report
        .diagnostics
        .iter()
        .chain(&report.baselined)
        .filter(|d| d.code == "image-pointer" || d.code == "image-corrupt")
        .map(|d| {
            assert!(
                d.code == "image-pointer" && d.message.contains("git-fat pointer"),
                "{d}"
            );
            d.message.split('`').nth(3).unwrap()
        })
        .collect();
    pointers.sort_unstable();
    pointers.dedup();
    assert_eq!(pointers.len(), 20, "{pointers:?}");
    assert!(pointers.contains(&"static/variants/Orda/Archer.png"));
    assert!(!out.join("variants/Orda/Archer.png").exists());
    // Pairs: comparisons side by side without an arrow, before/after
    // pairs with one.
    let page = |name: &str| {
        std::fs::read_to_string(out.join(format!("en/rules/{name}/index.html"))).unwrap()
    };
    for compared in ["Shogi", "Interweave", "Cwda"] {
        let html = page(compared);
        assert!(html.contains("class=\"fp-pair\""), "{compared}");
        assert!(!html.contains("fp-before-after"), "{compared} has an arrow");
    }
    for (linked, pairs) in [("Koopa", 2), ("Pacifist1", 3), ("Madhouse", 1)] {
        assert_eq!(
            page(linked).matches("fp-before-after").count(),
            pairs,
            "{linked}"
        );
    }
    let linked = std::fs::read_to_string(out.join("images/pieces/Absorption/ws.svg")).unwrap();
    assert!(linked.contains("<svg"), "{linked:.80}");

    if !common::markdown_renders() {
        println!("skipped diagram count: markdown::render is not merged yet");
        return;
    }
    let data_fen: usize = walkdir::WalkDir::new(&out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .map(|e| {
            std::fs::read_to_string(e.path())
                .unwrap()
                .matches("data-fen=")
                .count()
        })
        .sum();
    assert_eq!(data_fen, 927);
    assert_eq!(report.diagrams, 927);
}
