//! `fenpress compose`, run as an author would from inside a site: the
//! puzzles it writes pass `check` with no warning (one solution each), the
//! same seed writes the same files, and no file of the author's is lost.

use std::path::Path;
use std::process::{Command, Output};

fn fenpress(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("fenpress runs")
}

fn files(dir: &Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("puzzle folder")
        .map(|e| {
            let p = e.unwrap().path();
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn composed_puzzles_pass_check_and_repeat_for_a_seed() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    std::fs::create_dir_all(site.join("rules/Chess")).unwrap();
    std::fs::write(
        site.join("config.yaml"),
        "title: Composed\nlanguages: [en, fr]\n",
    )
    .unwrap();
    std::fs::write(site.join("rules/Chess/en.md"), "Chess.\n").unwrap();
    let args = [
        "compose", "Chess", "--count", "2", "--max", "2", "--pieces", "6", "--tries", "400",
        "--seed", "3", "--lang", "en,fr",
    ];
    let first = fenpress(&site, &args);
    let said = String::from_utf8_lossy(&first.stderr);
    assert!(first.status.success(), "{said}");
    assert!(said.contains("2 of 2 puzzles found for Chess"), "{said}");
    let folder = site.join("puzzles/Chess");
    let written = files(&folder);
    assert_eq!(
        written.len(),
        4,
        "two puzzles in two languages: {written:#?}"
    );
    assert!(written.iter().any(|(_, t)| t.contains("lang: fr")));

    // `check` proves each with exactly one solution: no error, no warning.
    let check = fenpress(&site, &["check", "--deny", "warnings"]);
    assert!(
        check.status.success(),
        "{}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );

    // The same seed again: the same files, left as they are.
    let again = fenpress(&site, &args);
    assert!(again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("0 files written, 4 unchanged"));
    assert_eq!(files(&folder), written);

    // An author's file under a composed name is never overwritten.
    let (name, _) = &written[0];
    std::fs::write(folder.join(name), "mine\n").unwrap();
    let third = fenpress(&site, &args);
    assert!(third.status.success());
    assert!(String::from_utf8_lossy(&third.stderr).contains("exists with other content"));
    assert_eq!(
        std::fs::read_to_string(folder.join(name)).unwrap(),
        "mine\n"
    );
}

#[test]
fn compose_refuses_what_it_cannot_do_with_exit_2() {
    let tmp = tempfile::tempdir().unwrap();
    // Not a site, and no --dry-run: nothing is written anywhere.
    let out = fenpress(tmp.path(), &["compose", "Chess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a fenpress site"));
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0);
    // An unknown variant names the close ones.
    let out = fenpress(tmp.path(), &["compose", "Chesss", "--dry-run"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean"));
    // A language that is not one.
    let out = fenpress(
        tmp.path(),
        &["compose", "Chess", "--dry-run", "--lang", "../x"],
    );
    assert_eq!(out.status.code(), Some(2));
}
