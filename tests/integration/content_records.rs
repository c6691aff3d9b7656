//! The two readings of a Pug page's diagrams and headings agree: the
//! writer's own fields (`pug_records`, `heading_ids_of_lines`) and the
//! Markdown parse with each block's YAML (`records` over
//! `markdown::outline`), record by record and field by field, every source
//! position included, on every Pug page of the vchess corpus (read at run
//! time from `$FENPRESS_SHARED` or `../shared`; skipped when absent).

use std::path::Path;

use fenpress::content::records::{pug_records, records};
use fenpress::markdown;
use fenpress::model::{DiagramRecord, Page, PageKind, SourceFormat};

use crate::shared_dir;

/// A page to read `text` into, as the loader makes it for a Pug file.
fn pug_page(path: &Path, markdown: &str) -> Page {
    Page {
        kind: PageKind::Rules,
        name: "Corpus".into(),
        variant: None,
        slug: String::new(),
        lang: "en".into(),
        source: path.to_path_buf(),
        format: SourceFormat::Pug,
        title: String::new(),
        markdown: markdown.to_string(),
        line_offset: 0,
        front_matter: None,
    }
}

/// Both readings of one Pug source: `None` when it does not convert,
/// else (the writer's, the parsed) records and heading ids; the writer's
/// are `None` when it does not vouch for its Markdown.
#[allow(clippy::type_complexity)]
fn both_readings(
    path: &Path,
    text: &str,
) -> Option<(
    Option<(Vec<DiagramRecord>, Vec<String>)>,
    (Vec<DiagramRecord>, Vec<String>),
)> {
    let converted = fenpress_pug::convert(text).ok()?;
    let page = pug_page(path, &converted.markdown);
    let outline = markdown::outline(&converted.markdown);
    let parsed = (
        records(&page, &converted.diagrams, text, outline.blocks),
        outline.heading_ids,
    );
    let written = converted.outline.map(|w| {
        (
            pug_records(&w.diagrams, text),
            markdown::heading_ids_of_lines(&w.headings),
        )
    });
    Some((written, parsed))
}

/// The fields of two records that differ, by name.
fn differences(written: &DiagramRecord, parsed: &DiagramRecord) -> Vec<String> {
    let mut out = Vec::new();
    if written.index != parsed.index {
        out.push(format!("index {} / {}", written.index, parsed.index));
    }
    if written.spec != parsed.spec {
        out.push(format!("spec {:?}\n  / {:?}", written.spec, parsed.spec));
    }
    if written.written != parsed.written {
        out.push(format!(
            "written {:?}\n  / {:?}",
            written.written, parsed.written
        ));
    }
    if written.at != parsed.at {
        out.push(format!("at {:?} / {:?}", written.at, parsed.at));
    }
    out
}

/// Every difference between the readings of `text`, described.
fn compare(path: &Path, text: &str) -> Result<usize, Vec<String>> {
    let Some((written, (parsed, parsed_ids))) = both_readings(path, text) else {
        return Ok(0);
    };
    let shown = path.display();
    let Some((written, written_ids)) = written else {
        return Err(vec![format!(
            "{shown}: the writer does not vouch for its Markdown"
        )]);
    };
    let mut problems = Vec::new();
    if written_ids != parsed_ids {
        problems.push(format!(
            "{shown}: heading ids {written_ids:?}\n  / {parsed_ids:?}"
        ));
    }
    if written.len() != parsed.len() {
        problems.push(format!(
            "{shown}: {} records written, {} parsed",
            written.len(),
            parsed.len()
        ));
    }
    for (w, p) in written.iter().zip(&parsed) {
        for d in differences(w, p) {
            problems.push(format!("{shown}, diagram {}: {d}", w.index));
        }
    }
    if problems.is_empty() {
        Ok(written.len())
    } else {
        Err(problems)
    }
}

#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn pug_writer_records_equal_the_parsed_ones_on_the_corpus() {
    let Some(corpus) = shared_dir::vchess() else {
        println!("skipped: no corpus ($FENPRESS_SHARED or ../shared)");
        return;
    };
    let mut pages = 0;
    let mut diagrams = 0;
    let mut problems = Vec::new();
    for section in ["rules", "pages"] {
        for entry in walkdir::WalkDir::new(corpus.join(section)).sort_by_file_name() {
            let entry = entry.expect("corpus entry");
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "pug") {
                continue;
            }
            let text = std::fs::read_to_string(path).expect("corpus page");
            pages += 1;
            match compare(path, &text) {
                Ok(n) => diagrams += n,
                Err(found) => problems.extend(found),
            }
        }
    }
    println!("{pages} Pug pages, {diagrams} diagrams read both ways");
    assert!(
        pages > 500 && diagrams > 600,
        "{pages} pages, {diagrams} diagrams"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_readings_agree_on_pages_the_writer_cannot_vouch_for() {
    // Inside `pre` the blocks are raw HTML to a Markdown reader: the
    // writer says so and the loader parses.
    let pre = "pre\n  p\n    | fen:8/8 a1:\n";
    let (written, (parsed, _)) = both_readings(Path::new("x.pug"), pre).expect("converts");
    assert!(written.is_none());
    assert!(parsed.is_empty());
    let plain =
        "h2 Moves\nfigure\n  .diagram\n    | fen:8/8 a1,b2 b 8,c3-c5:\n  figcaption 1.Qa5 wins.\n";
    assert_eq!(compare(Path::new("x.pug"), plain), Ok(1));
}
