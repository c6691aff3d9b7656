//! The README as a front page: short; its first four commands run as
//! written; its diagram example proves; the repository it names is the
//! one `Cargo.toml` names, as everywhere else in the documentation.

#![cfg(unix)]

use std::path::Path;
use std::process::Command;

use crate::site_starter::{bin_dir, path_with, serve_answers, shell_lines};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn readme() -> String {
    std::fs::read_to_string(repo().join("README.md")).unwrap()
}

#[test]
fn the_readme_is_a_short_front_page() {
    let text = readme();
    assert!(text.lines().count() < 200, "{} lines", text.lines().count());
    for section in [
        "## Install",
        "## The first four commands",
        "## Continuous integration",
        "## Publish",
    ] {
        assert!(text.contains(section), "{section}");
    }
    // The test command .ci/run runs is the one the README gives.
    let ci = std::fs::read_to_string(repo().join(".ci/run")).unwrap();
    assert!(text.contains("cargo test --workspace"));
    assert!(ci.lines().any(|l| l.trim() == "cargo test --workspace"));
    // The documentation it links to is there.
    for link in text.split("](").skip(1) {
        let target = &link[..link.find(')').unwrap()];
        if !target.starts_with("http") {
            assert!(repo().join(target).exists(), "{target}");
        }
    }
}

#[test]
fn the_first_four_commands_run_as_written() {
    let text = readme();
    let block = text
        .split("## The first four commands")
        .nth(1)
        .unwrap()
        .split("\n## ")
        .next()
        .unwrap();
    let lines = shell_lines(block);
    assert_eq!(lines.len(), 5, "{lines:?}");
    let root = tempfile::tempdir().unwrap();
    let bin = bin_dir(root.path());
    let mut here = root.path().to_path_buf();
    for line in &lines {
        let command = line.split('#').next().unwrap().trim();
        if let Some(dir) = command.strip_prefix("cd ") {
            here = here.join(dir);
            assert!(here.is_dir(), "{line}");
        } else if command.starts_with("fenpress serve") {
            serve_answers(command, &here, &bin);
        } else {
            let out = Command::new("sh")
                .arg("-c")
                .arg(line)
                .current_dir(&here)
                .env("PATH", path_with(&bin))
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "`{line}`: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    assert!(here.join("public/index.html").is_file());
}

#[test]
fn the_readme_diagram_is_proved() {
    let text = readme();
    let start = text.find("```diagram\n").unwrap();
    let end = start + text[start..].find("\n```\n").unwrap() + 5;
    let root = tempfile::tempdir().unwrap();
    let page = root.path().join("rules/Chess/en.md");
    std::fs::create_dir_all(page.parent().unwrap()).unwrap();
    std::fs::write(&page, format!("# Chess\n\n{}", &text[start..end])).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .args(["check", "--deny", "warnings"])
        .arg(root.path())
        .output()
        .unwrap();
    let said =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("1 fully verified"), "{said}");
}

/// The repository URL is written once, in the root Cargo.toml; where the
/// documentation, the starter or the workflows name it, it is that one.
#[test]
fn the_repository_is_named_as_cargo_toml_names_it() {
    let repository = env!("CARGO_PKG_REPOSITORY");
    let mut files = vec![repo().join("README.md"), repo().join("ARCHITECTURE.md")];
    for dir in ["docs", "starter", ".github", "src", "crates"] {
        for entry in walkdir::WalkDir::new(repo().join(dir)) {
            let entry = entry.unwrap();
            let ext = entry
                .path()
                .extension()
                .and_then(|e| e.to_str())
                .unwrap_or("");
            if entry.file_type().is_file()
                && ["md", "yml", "yaml", "rs", "toml", "pug"].contains(&ext)
            {
                files.push(entry.path().to_path_buf());
            }
        }
    }
    let mut named = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (at, _) in text.match_indices("github.com/") {
            let rest = &text[at + "github.com/".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
                .collect();
            let mut parts = name.split('/');
            let (owner, project) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            if project.trim_end_matches('.') == "fenpress" || owner == "fenpress" {
                assert_eq!(
                    format!(
                        "https://github.com/{owner}/{}",
                        project.trim_end_matches('.')
                    ),
                    repository,
                    "{}",
                    file.display()
                );
                named += 1;
            }
        }
    }
    assert_eq!(
        named, 1,
        "the README's install line names it, nothing else does"
    );
}

/// docs/reference.md is `fenpress reference`'s output: regenerated when a
/// command, key or finding code changes.
#[test]
fn the_reference_page_is_current() {
    let written = std::fs::read_to_string(repo().join("docs/reference.md")).unwrap();
    let now = fenpress::cmd::reference::reference();
    assert!(
        written == now,
        "docs/reference.md is out of date: run `cargo run -- reference > docs/reference.md`"
    );
}
