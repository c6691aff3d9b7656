//! Every puzzle of the example site verifies: no errors, no warnings.

use fenpress_rules::registry::BUILTIN;
use std::path::Path;
use std::time::Instant;

use fenpress::puzzle::{spec, verify, VerifyOptions};

#[test]
fn every_example_puzzle_verifies() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/puzzles");
    let mut count = 0;
    for entry in walkdir::WalkDir::new(&root).sort_by_file_name() {
        let entry = entry.expect("walk");
        if entry.path().extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).expect("read");
        let puzzle = spec::parse(entry.path(), &text).expect("parses");
        let started = Instant::now();
        let verified = verify(&BUILTIN, &puzzle, VerifyOptions::default());
        let diagnostics = verified.diagnostics(&puzzle);
        eprintln!(
            "{}: {} nodes, {:.1} ms",
            entry.path().display(),
            verified.nodes,
            started.elapsed().as_secs_f64() * 1000.0
        );
        for d in &diagnostics {
            eprintln!("  {d}");
        }
        assert!(diagnostics.is_empty(), "{}", entry.path().display());
        count += 1;
    }
    assert!(count >= 5, "found {count} puzzles");
}
