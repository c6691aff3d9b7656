//! `convert --to markdown` writes each caption's claims into its diagram
//! block; checking the converted Markdown page verifies the same as
//! checking the Pug page: the same findings and the same verdicts.

use std::path::{Path, PathBuf};

use fenpress::site::check_site;

use crate::shared_dir;

fn corpus() -> Option<PathBuf> {
    shared_dir::vchess().map(|c| c.join("rules")).or_else(|| {
        println!("skipped: no corpus");
        None
    })
}

/// Findings without their place (lines differ between the two pages), and
/// the summary counts.
fn outcome(content: &Path) -> (Vec<String>, (usize, usize, usize)) {
    let report = check_site(content).expect("the site loads");
    let mut found: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| !d.code.starts_with("pug-"))
        .map(|d| {
            let page = d.file.file_stem().unwrap_or_default().to_string_lossy();
            let variant = d
                .file
                .parent()
                .and_then(|p| p.file_name())
                .unwrap_or_default();
            format!(
                "{}/{page} {:?} {} {}",
                variant.to_string_lossy(),
                d.severity,
                d.code,
                d.message
            )
        })
        .collect();
    found.sort();
    let s = &report.summary;
    (found, (s.diagrams, s.verified, s.board_only))
}

#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn converted_markdown_verifies_as_the_pug_page() {
    let Some(rules) = corpus() else { return };
    let pug = tempfile::tempdir().unwrap();
    let md = tempfile::tempdir().unwrap();
    for variant in [
        "Pacosako",
        "Apocalypse",
        "Chess960",
        "Baroque",
        "Maxima",
        "Orda",
    ] {
        for lang in ["en", "es", "fr"] {
            let src = rules.join(variant).join(format!("{lang}.pug"));
            if !src.is_file() {
                continue;
            }
            let run = std::process::Command::new(env!("CARGO_BIN_EXE_fenpress"))
                .args(["convert", "--to", "markdown"])
                .arg(&src)
                .output()
                .expect("fenpress runs");
            assert!(
                run.status.success(),
                "{}",
                String::from_utf8_lossy(&run.stderr)
            );
            let text = String::from_utf8(run.stdout).expect("UTF-8");
            let states = match variant {
                "Pacosako" => "illegal: [...O-O, ...O-O-O]",
                "Apocalypse" => "moves: [1.d1d2, e4e3, 2.dxe3, exd2]",
                "Chess960" => "moves: [\"cxd6 e.p.\", 0-0-0] }",
                _ => "",
            };
            assert!(text.contains(states), "{variant}/{lang}: {states}\n{text}");
            for (root, name, body) in [
                (
                    pug.path(),
                    format!("{lang}.pug"),
                    std::fs::read_to_string(&src).unwrap(),
                ),
                (md.path(), format!("{lang}.md"), text),
            ] {
                let dir = root.join("rules").join(variant);
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(dir.join(name), body).unwrap();
            }
        }
    }
    let (pug_found, pug_counts) = outcome(pug.path());
    let (md_found, md_counts) = outcome(md.path());
    assert_eq!(md_found, pug_found);
    assert_eq!(md_counts, pug_counts);
    // The pages of variants with rules are verified, not merely read.
    assert!(pug_counts.1 >= 30, "{pug_counts:?}");
}
