//! Errors mean what the README says: `build` with an error exits 1 and
//! leaves the output folder as it was; a site declares its known findings
//! in a baseline (`check --write-baseline`), which then pass while every
//! new finding fails, and entries that no longer occur are reported.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

fn fenpress(args: &[&str], paths: &[&Path]) -> (i32, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fenpress"));
    command.args(args);
    for p in paths {
        command.arg(p);
    }
    let output = command.output().expect("fenpress runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr),
    )
}

fn build(content: &Path, out: &Path, extra: &[&str]) -> (i32, String) {
    let mut args = vec!["build", "--content"];
    let content = content.to_str().unwrap();
    let out_arg = out.to_str().unwrap();
    args.extend([content, "--out", out_arg]);
    args.extend(extra);
    fenpress(&args, &[])
}

/// Every file below `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().strip_prefix(dir).unwrap().to_path_buf(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

fn copy_tree(from: &Path, to: &Path) {
    for e in walkdir::WalkDir::new(from)
        .into_iter()
        .filter_map(Result::ok)
    {
        let target = to.join(e.path().strip_prefix(from).unwrap());
        if e.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// An output folder a clean build wrote, to see that a failed build leaves
/// it as it was.
fn previous_output(dir: &Path) -> (PathBuf, BTreeMap<PathBuf, Vec<u8>>) {
    let clean = dir.join("clean");
    std::fs::create_dir_all(clean.join("rules/Chess")).unwrap();
    std::fs::write(
        clean.join("rules/Chess/en.md"),
        "A clean page.\n\n```diagram\nfen: 4k3/8/8/8/8/8/8/4K3\n```\n",
    )
    .unwrap();
    let out = dir.join("out");
    let (code, text) = build(&clean, &out, &[]);
    assert_eq!(code, 0, "{text}");
    let before = snapshot(&out);
    assert!(before.len() > 3, "{before:?}");
    (out, before)
}

#[test]
fn a_failed_diagram_fails_the_build_until_the_baseline_declares_it() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/bad"),
        &site,
    );
    let (out, before) = previous_output(dir.path());

    let (code, text) = build(&site, &out, &[]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("build failed:"), "{text}");
    assert_eq!(snapshot(&out), before, "a failed build changed the output");

    let (code, text) = fenpress(&["check", "--write-baseline", "--content"], &[&site]);
    assert_eq!(code, 0, "{text}");
    let baseline = std::fs::read_to_string(site.join("fenpress-baseline.yaml")).unwrap();
    assert!(baseline.contains("code: claim-illegal"), "{baseline}");
    assert!(!baseline.contains("/tmp"), "paths are relative: {baseline}");

    let (code, text) = build(&site, &out, &["--verbose"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("baselined"), "{text}");
    // The author sees each block's status: in the summary, by count, with
    // blocks and boards named as such; with `--verbose`, one by one.
    assert!(text.contains("diagram blocks ("), "{text}");
    assert!(text.contains("16 failed"), "{text}");
    assert!(text.contains("boards drawn)"), "{text}");
    assert!(
        text.contains("rules/Chess960/en.pug:") && text.contains(": failed: Bxe7 is claimed legal"),
        "{text}"
    );
    assert_ne!(snapshot(&out), before, "the build wrote the site");
    let (code, text) = fenpress(&["check", "--content"], &[&site]);
    assert_eq!(code, 0, "{text}");

    // Lines added above every diagram keep every entry; one new mistake
    // fails again, and only it is reported as an error.
    let page = site.join("rules/Pacosako/en.md");
    let text = std::fs::read_to_string(&page).unwrap();
    std::fs::write(
        &page,
        format!("Added first.\n\n{text}\n\n```diagram\nfen: 4k3/8/8/8/8/8/PPPPPPP/4K3\n```\n"),
    )
    .unwrap();
    let (code, text) = build(&site, &out, &[]);
    assert_eq!(code, 1, "{text}");
    assert_eq!(text.matches("error[").count(), 1, "{text}");
    assert!(text.contains("error[fen-row-width]"), "{text}");

    // A fixed page: its entries are reported as stale, and pass.
    std::fs::remove_file(site.join("rules/Koth/en.pug")).unwrap();
    std::fs::write(&page, "Only text now.\n").unwrap();
    let (code, text) = fenpress(&["check", "--content"], &[&site]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("note[baseline-stale]"), "{text}");
}

#[test]
fn a_named_baseline_that_is_missing_or_broken_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    std::fs::create_dir_all(site.join("rules/Chess")).unwrap();
    std::fs::write(site.join("rules/Chess/en.md"), "Text.\n").unwrap();
    let missing = dir.path().join("missing.yaml");
    let (code, text) = fenpress(
        &["check", "--content"],
        &[&site, Path::new("--baseline"), &missing],
    );
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("error[baseline]"), "{text}");
    let broken = dir.path().join("broken.yaml");
    std::fs::write(&broken, "findings:\n  - nope: 1\n").unwrap();
    let (code, text) = fenpress(
        &["check", "--content"],
        &[&site, Path::new("--baseline"), &broken],
    );
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("error[baseline]"), "{text}");
}

/// The corpus baseline committed beside the tests (the corpus is read-only).
pub fn corpus_baseline() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/baselines/vchess.yaml")
}

#[test]
fn the_corpus_builds_only_with_its_baseline() {
    let Some(corpus) = common::corpus() else {
        println!("skipped: ../shared not found");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (out, before) = previous_output(dir.path());

    let (code, text) = build(&corpus, &out, &[]);
    assert_eq!(code, 1, "{text}");
    assert_eq!(snapshot(&out), before, "a failed build changed the output");

    let baseline = corpus_baseline();
    let named = baseline.to_str().unwrap();
    let (code, text) = build(&corpus, &out, &["--baseline", named]);
    assert_eq!(code, 0, "{text}");
    assert!(!text.contains("baseline-stale"), "{text}");

    // The baseline is what `check --write-baseline` writes today.
    let written = dir.path().join("written.yaml");
    let (code, text) = fenpress(
        &["check", "--write-baseline", "--content"],
        &[&corpus, Path::new("--baseline"), &written],
    );
    assert_eq!(code, 0, "{text}");
    assert_eq!(
        std::fs::read_to_string(&written).unwrap(),
        std::fs::read_to_string(&baseline).unwrap(),
        "tests/baselines/vchess.yaml is stale: write it again with `fenpress check --content ../shared/corpus/vchess --write-baseline --baseline tests/baselines/vchess.yaml`"
    );

    // One new mistake in a copy of a page fails the build again.
    let copy = dir.path().join("corpus");
    copy_tree(&corpus, &copy);
    let page = copy.join("rules/Chess960/en.pug");
    let text = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, format!("{text}\nfigure.diagram-container\n  .diagram\n    | fen:rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR:\n")).unwrap();
    let (code, text) = build(&copy, &out, &["--baseline", named]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("error[fen-row-width]"), "{text}");
}
