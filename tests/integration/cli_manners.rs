//! The command line's manners: every command's `--help` has an example;
//! `--quiet`, `--color`, `NO_COLOR`; no progress line off a terminal; the
//! exit codes the README documents; `check --format github` annotations;
//! `check --external` against a local server, with its cache.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::Site;
use crate::support::static_server::StaticServer;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/check")
        .join(name)
}

/// Exit code, stdout, stderr of `fenpress ARGS` (not on a terminal, no CI
/// variable: what a script sees).
fn fenpress(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fenpress"));
    cmd.args(args).env_remove("NO_COLOR").env_remove("CI");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("fenpress runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_command_help_has_an_example() {
    for command in [
        "init",
        "build",
        "check",
        "serve",
        "convert",
        "perft",
        "moves",
        "diagram",
        "variant",
        "reference",
    ] {
        let (code, out, _) = fenpress(&[command, "--help"], &[]);
        assert_eq!(code, 0, "{command}");
        assert!(out.contains("Example"), "{command} --help:\n{out}");
        assert!(
            out.contains(&format!("fenpress {command}")),
            "{command}:\n{out}"
        );
        assert!(
            out.contains("--quiet") && out.contains("--color"),
            "{command}"
        );
    }
}

#[test]
fn exit_codes_are_as_documented() {
    let links = fixture("links");
    let links = links.to_str().unwrap_or_default();
    let bad = fixture("bad");
    let clean = fixture("clean");
    let run = |args: &[&str]| fenpress(args, &[]).0;
    assert_eq!(
        run(&["check", "--content", clean.to_str().unwrap_or("")]),
        0
    );
    // Warnings pass, unless denied.
    assert_eq!(run(&["check", "--content", links]), 0);
    assert_eq!(run(&["check", "--content", links, "--deny", "warnings"]), 1);
    assert_eq!(run(&["check", "--content", bad.to_str().unwrap_or("")]), 1);
    // Could not run: no folder, a bad argument, an unknown flag.
    assert_eq!(run(&["check", "--content", "/no/such/folder"]), 2);
    assert_eq!(run(&["check", "--content", links, "--deny", "nothing"]), 2);
    assert_eq!(run(&["check", "--no-such-flag"]), 2);
    assert_eq!(run(&["moves", "NoSuchVariant", "start"]), 2);
}

#[test]
fn quiet_colour_and_no_progress_off_a_terminal() {
    let links = fixture("links");
    let links = links.to_str().unwrap_or_default();
    let (_, out, err) = fenpress(&["check", "--content", links], &[]);
    assert!(out.contains("warning[broken-link]"), "{out}");
    assert!(!out.contains('\x1b'), "no colour off a terminal: {out}");
    assert!(err.contains("3 warnings"), "the summary: {err}");
    // No spinner or carriage return in a log.
    assert!(!err.contains('\r') && !err.contains("checking"), "{err}");
    let (_, out, err) = fenpress(&["check", "--content", links, "--quiet"], &[]);
    assert!(out.contains("warning[broken-anchor]"), "{out}");
    assert!(err.trim().is_empty(), "quiet: {err}");
    let (_, out, _) = fenpress(&["check", "--content", links, "--color", "always"], &[]);
    assert!(
        out.contains("\x1b[1;33mwarning\x1b[0m[broken-link]"),
        "{out}"
    );
    let (_, out, _) = fenpress(
        &["check", "--content", links, "--color", "auto"],
        &[("NO_COLOR", "1")],
    );
    assert!(!out.contains('\x1b'), "{out}");
}

/// Issue 21, item 3: what a pull request's diff shows.
#[test]
fn github_format_annotates_the_lines() {
    let links = fixture("links");
    let (code, out, _) = fenpress(
        &[
            "check",
            "--content",
            links.to_str().unwrap_or(""),
            "--format",
            "github",
        ],
        &[],
    );
    assert_eq!(code, 0);
    let prefix = format!("{}/", links.display());
    let lines: Vec<String> = out
        .lines()
        .map(|l| l.replace(&prefix, ""))
        .map(|l| l.split(" (hint: looked").next().unwrap_or("").to_string())
        .collect();
    assert_eq!(
        lines,
        [
            "::warning file=pages/about/en.md,line=10,col=42,title=broken-link::no page or file at `/en/rules/Chss/` [broken-link] (hint: did you mean `/en/rules/Chess/`?)",
            "::warning file=pages/about/en.md,line=12,col=35,title=broken-anchor::`/en/rules/Chess/` has no heading or id `#casling` [broken-anchor] (hint: did you mean `#castling`?)",
            "::warning file=pages/about/en.md,line=14,col=56,title=missing-image::image `/img/bord.png` not found [missing-image]",
        ]
    );
}

#[test]
fn external_links_only_with_the_flag_and_cached() {
    let www = tempfile::tempdir().expect("temp dir");
    std::fs::write(www.path().join("ok.html"), "<p>here</p>").expect("write");
    let server = StaticServer::start(www.path()).expect("server");
    let page = format!(
        "# Links\n\n[fine]({}) and [gone]({}).\n",
        server.url("/ok.html"),
        server.url("/gone.html")
    );
    let site = Site::new().file("rules/Chess/en.md", &page);
    let content = site.content();
    let content = content.to_str().unwrap_or_default();
    let cache = site.out().join("cache.json");
    let cache = cache.to_str().unwrap_or_default();
    let (_, out, _) = fenpress(&["check", "--content", content], &[]);
    assert!(!out.contains("external"), "off by default: {out}");
    let args = [
        "check",
        "--content",
        content,
        "--external",
        "--external-cache",
        cache,
    ];
    let (code, out, _) = fenpress(&args, &[]);
    assert_eq!(code, 0, "{out}");
    let found: Vec<&str> = out.lines().filter(|l| l.contains("external")).collect();
    assert_eq!(found.len(), 1, "{out}");
    assert!(
        out.contains("warning[broken-external-link]: `http://127.0.0.1:"),
        "{out}"
    );
    assert!(out.contains("/gone.html` answers HTTP 404"), "{out}");
    assert!(out.contains("en.md:3:"), "{out}");
    // Second run, server gone: the working link comes from the cache, the
    // broken one is asked again (and now cannot be reached).
    drop(server);
    let (_, out, _) = fenpress(&args, &[]);
    let found: Vec<&str> = out.lines().filter(|l| l.contains("external")).collect();
    assert_eq!(found.len(), 1, "{out}");
    assert!(out.contains("gone.html` could not be reached"), "{out}");
}

/// `start` is a position wherever one is asked for: `perft`, `moves` and
/// `diagram` alike.
#[test]
fn diagram_takes_start_as_perft_does() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("x.svg");
    let (code, _, err) = fenpress(
        &["diagram", "orda", "start", "-o", svg.to_str().unwrap()],
        &[],
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.starts_with("<svg"), "{drawn}");
    let (code, _, err) = fenpress(
        &["diagram", "Chess", "start e4", "-o", svg.to_str().unwrap()],
        &[],
    );
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = fenpress(
        &[
            "diagram",
            "NoSuchVariant",
            "start",
            "-o",
            svg.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(code, 1);
    assert!(err.contains("no start position"), "{err}");
}

/// `fenpress variant list | head -1`: a reader that stops reading ends the
/// command quietly, as it ends other tools, never with a panic's trace.
#[test]
fn a_closed_pipe_ends_a_command_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .args(["variant", "list"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("fenpress runs");
    // The reading end is closed before the command writes its first line.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("fenpress ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!out.status.success());
}
