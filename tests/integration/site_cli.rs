//! `fenpress build` as a process: exit codes, the diagnostic lines and the
//! summary line on stderr.

use crate::common;

use std::process::Command;

use common::Site;

fn fenpress_build(site: &Site, extra: &[&str]) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .arg("build")
        .arg("--content")
        .arg(site.content())
        .arg("--out")
        .arg(site.out())
        .args(extra)
        .output()
        .expect("fenpress runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn warnings_pass_strict_fails_with_located_messages() {
    let site = Site::new().file("rules/Chess/en.md", "Text.\n\n![b](/img/b.png)\n");
    let (code, stderr) = fenpress_build(&site, &["--verbose"]);
    assert_eq!(code, 0, "{stderr}");
    let file = site.content().join("rules/Chess/en.md");
    // `fenpress check`'s human format: the finding, where, the source line.
    let expected = format!(
        "warning[missing-image]: image `/img/b.png` not found\n --> {}:3:6\n  |\n3 | ![b](/img/b.png)\n  |      ^",
        file.display()
    );
    assert!(stderr.contains(&expected), "{stderr}");
    assert!(stderr.contains("0 errors, 1 warning"), "{stderr}");
    assert!(stderr.contains("render"), "step timings: {stderr}");

    let (code, stderr) = fenpress_build(&site, &["--strict"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("error[missing-image]"), "{stderr}");
    assert!(stderr.contains(":3:6\n"), "{stderr}");
    assert!(stderr.contains("build failed:"), "{stderr}");
}

#[test]
fn a_missing_content_folder_is_a_usage_error() {
    let site = Site::new();
    let output = Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .args(["build", "--content"])
        .arg(site.content().join("nope"))
        .arg("--out")
        .arg(site.out())
        .output()
        .expect("fenpress runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("does not exist"));
}
