//! Bounded cost on hostile sizes (issue 19, item 2): a diagram with 50,000
//! marks is checked and built in time linear in its size, with its findings
//! said once each, capped per diagram, and quoting a cut excerpt of its
//! 300 KB line rather than the line per finding. Times are printed, never
//! asserted (they are measured by benches).

use std::time::Instant;

use fenpress::report;
use fenpress::site::{build, check_site, BuildOptions};

const MARKS: usize = 50_000;

/// A Chess page whose first diagram marks every square of the board over
/// and over (`a1, b1, ..., h8, a1, ...`), and whose second repeats a mark
/// before one off the board.
fn page() -> String {
    let marks: Vec<String> = (0..MARKS)
        .map(|i| format!("{}{}", (b'a' + (i % 8) as u8) as char, 1 + (i / 8) % 8))
        .collect();
    format!(
        "# Marks\n\n```diagram\nfen: 4k3/8/8/8/8/8/4P3/4K3 w\nmarks: [{}]\n```\n\n```diagram\nfen: 4k3/8/8/8/8/8/4P3/4K3 w\nmarks: [{}z9]\n```\n",
        marks.join(", "),
        "e2, ".repeat(1000),
    )
}

#[test]
fn fifty_thousand_marks_give_few_findings_and_short_excerpts() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(content.join("rules/Chess")).unwrap();
    std::fs::write(content.join("rules/Chess/en.md"), page()).unwrap();

    let started = Instant::now();
    let checked = check_site(&content).unwrap();
    println!("check of {MARKS} marks: {:?}", started.elapsed());
    let diags = &checked.diagnostics;
    let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
    // Before: one finding per unexplained mark (about 47,000).
    assert!(diags.len() <= 22, "{} findings: {codes:?}", diags.len());
    assert!(codes.contains(&"mark-unexplained"), "{codes:?}");
    assert!(codes.contains(&"findings-capped"), "{codes:?}");
    // The off-board mark, written last, is still found where it is written.
    let off = diags.iter().find(|d| d.code == "mark-off-board");
    let line_len = page().lines().nth(9).unwrap().chars().count();
    assert_eq!(off.map(|d| (d.line, d.column)), Some((10, line_len - 2)));
    let printed = report::human(diags, &checked.sources);
    // Before: the whole 300 KB line per finding, gigabytes in all.
    assert!(printed.len() < 20_000, "{} bytes printed", printed.len());

    let started = Instant::now();
    let out = dir.path().join("public");
    let built = build(&BuildOptions {
        content,
        out: out.clone(),
        strict: false,
    })
    .unwrap();
    println!("build of {MARKS} marks: {:?}", started.elapsed());
    assert!(built.diagnostics.len() <= 22, "{}", built.diagnostics.len());
    // The diagrams fail: rendered (timed above), but nothing is written.
    assert!(!built.written && !out.exists());
}

/// Hostile sizes of our own: a FEN row of a million characters, a count of
/// empty squares past u64, a NUL byte and YAML nested 5,000 deep in a
/// diagram, and front matter nested as deep: each a finding of a few
/// hundred bytes at its file, no crash, no megabyte quoted back.
#[test]
fn huge_rows_nul_bytes_and_deep_yaml_are_short_findings() {
    let pages = [
        format!(
            "# W\n\n```diagram\nfen: {}/8 w\n```\n",
            "1".repeat(1_000_000)
        ),
        "# W\n\n```diagram\nfen: 999999999999999999999/8 w\n```\n".to_string(),
        "# N\n\n```diagram\nfen: 4k3/8/8/8/8/8/8/4K3\0 w\n```\n".to_string(),
        format!("# D\n\n```diagram\nfen: {}\n```\n", "[".repeat(5000)),
        format!("---\ntitle: {}\n---\n# x\n", "[".repeat(5000)),
    ];
    for (i, text) in pages.iter().enumerate() {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        std::fs::create_dir_all(content.join("rules/Chess")).unwrap();
        std::fs::write(content.join("rules/Chess/en.md"), text).unwrap();
        let checked = check_site(&content).unwrap();
        assert!(
            checked.summary.errors > 0,
            "page {i}: {:#?}",
            checked.diagnostics
        );
        let printed = report::human(&checked.diagnostics, &checked.sources);
        // Before: the million-character row was quoted in the message.
        assert!(printed.len() < 5_000, "page {i}: {} bytes", printed.len());
    }
}
