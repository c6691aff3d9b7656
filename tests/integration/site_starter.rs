//! An author's first day, run for real: `fenpress init mysite && cd
//! mysite`, then every command of the starter's README exactly as written
//! (`fenpress serve` until it answers), then every `run:` step of the
//! workflow `init` wrote, in order, as GitHub Actions would run them on a
//! push to main — the install step included, its download answered from a
//! local "release" holding the freshly built binary.

#![cfg(unix)]

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A folder holding only `fenpress` (the binary under test), to put first
/// on PATH: the README's commands name it as an installed program.
pub fn bin_dir(root: &Path) -> PathBuf {
    let bin = root.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_fenpress"), bin.join("fenpress")).unwrap();
    bin
}

pub fn path_with(first: &Path) -> String {
    format!(
        "{}:{}",
        first.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// `fenpress init mysite`, run in `root` as the author would.
fn init_mysite(root: &Path, bin: &Path) -> PathBuf {
    let status = Command::new("sh")
        .arg("-c")
        .arg("fenpress init mysite")
        .current_dir(root)
        .env("PATH", path_with(bin))
        .status()
        .unwrap();
    assert!(status.success());
    root.join("mysite")
}

/// The lines of the ```sh blocks of a Markdown file.
pub fn shell_lines(markdown: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut inside = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            inside = !inside && line.trim_start_matches('`') == "sh";
            continue;
        }
        if inside && !line.trim().is_empty() {
            lines.push(line.to_string());
        }
    }
    lines
}

/// Runs `fenpress serve` as written until it answers a request for the
/// home page, then stops it.
pub fn serve_answers(line: &str, site: &Path, bin: &Path) {
    // The README's `fenpress serve` takes port 1111: the tests that run it
    // take turns, and wait for a port another process holds a while.
    static PORT_1111: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = PORT_1111.lock().unwrap_or_else(|e| e.into_inner());
    let deadline = Instant::now() + Duration::from_secs(60);
    while !serve_once(line, site, bin) {
        assert!(Instant::now() < deadline, "port 1111 stayed in use");
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// One try of [`serve_answers`]: false when the port was in use.
fn serve_once(line: &str, site: &Path, bin: &Path) -> bool {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("exec {line}"))
        .current_dir(site)
        .env("PATH", path_with(bin))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut said = Vec::new();
    let url = loop {
        let line = rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .unwrap_or_else(|_| {
                let _ = child.kill();
                panic!("`{line}` never said where it serves: {said:?}")
            });
        if line.contains("already in use") {
            let _ = child.wait();
            return false;
        }
        if let Some(at) = line.split(" at ").nth(1) {
            if let Some(url) = at.split_whitespace().next() {
                break url.to_string();
            }
        }
        said.push(line);
    };
    let home = http_get(&url);
    let _ = child.kill();
    let _ = child.wait();
    assert!(home.starts_with("HTTP/1.1 200"), "{url}: {home}");
    assert!(home.contains("My variants"), "{home}");
    true
}

fn http_get(url: &str) -> String {
    let rest = url.trim_start_matches("http://");
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let mut stream = std::net::TcpStream::connect(host).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    use std::io::Write;
    write!(
        stream,
        "GET /{path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer
}

#[test]
fn the_starter_readme_commands_work_as_written() {
    let root = tempfile::tempdir().unwrap();
    let bin = bin_dir(root.path());
    let site = init_mysite(root.path(), &bin);
    let readme = std::fs::read_to_string(site.join("README.md")).unwrap();
    let lines = shell_lines(&readme);
    for expected in ["fenpress serve", "fenpress check", "fenpress build"] {
        assert!(
            lines.iter().any(|l| l.starts_with(expected)),
            "the README runs `{expected}`: {lines:?}"
        );
    }
    for line in &lines {
        if line.starts_with("fenpress serve") {
            serve_answers(line, &site, &bin);
            continue;
        }
        let out = Command::new("sh")
            .arg("-c")
            .arg(line)
            .current_dir(&site)
            .env("PATH", path_with(&bin))
            .env_remove("CI")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "`{line}` in mysite: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // `fenpress build` wrote public/ in the site, marked as fenpress's,
    // and a second build replaces it.
    let public = site.join("public");
    assert!(public.join("en/rules/Nightriders/index.html").is_file());
    assert!(public.join(".fenpress-output").is_file());
    let again = Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .arg("build")
        .current_dir(&site)
        .output()
        .unwrap();
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    // public/ is no source: checking again finds the same, clean site.
    let check = Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .args(["check", "--deny", "warnings"])
        .current_dir(&site)
        .output()
        .unwrap();
    assert!(check.status.success());
    // The hook is where the README copied it.
    assert!(site.join(".git/hooks/pre-commit").is_file());
    // What the builds wrote is not offered to the author's commit.
    let status = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=all"])
        .current_dir(&site)
        .output()
        .unwrap();
    let status = String::from_utf8_lossy(&status.stdout);
    assert!(status.contains("pages/home/en.md"), "{status}");
    for built in [
        "public/",
        ".public.fenpress-spare/",
        ".public.fenpress-cache/",
    ] {
        assert!(!status.contains(built), "{built} in:\n{status}");
    }
}

#[test]
fn the_site_s_own_variant_is_seen_by_perft_and_compose_from_its_folder() {
    // A user in their site runs the variant commands without `--content`:
    // the starter's own variant (variants/Nightriders.yaml) must be known.
    let root = tempfile::tempdir().unwrap();
    let bin = bin_dir(root.path());
    let site = init_mysite(root.path(), &bin);
    for (line, expect) in [
        ("fenpress perft Nightriders start 1", "\n"),
        ("fenpress compose Nightriders --count 1 --dry-run", "goal:"),
    ] {
        let out = Command::new("sh")
            .arg("-c")
            .arg(line)
            .current_dir(&site)
            .env("PATH", path_with(&bin))
            .output()
            .unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert!(out.status.success(), "{line}: {stderr}");
        assert!(stdout.contains(expect), "{line}: {stdout}");
    }
}

#[test]
fn a_folder_that_is_no_site_is_refused_with_a_hint() {
    let root = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .arg("build")
        .current_dir(root.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is not a fenpress site"), "{err}");
    assert!(err.contains("fenpress init"), "{err}");
    assert!(!root.path().join("public").exists());
}

/// A step of the workflow: its name, `run:` script and environment.
struct Step {
    name: String,
    run: String,
    env: Vec<(String, String)>,
}

/// The workflow's top-level `env:` and its `run:` steps, job by job in
/// the order written.
fn run_steps(workflow: &str) -> (Vec<(String, String)>, Vec<Step>) {
    let doc: serde_json::Value = serde_saphyr::from_str(workflow).expect("the workflow is YAML");
    let pairs = |v: &serde_json::Value| -> Vec<(String, String)> {
        v.as_object()
            .map(|o| {
                o.iter()
                    .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
                    .collect()
            })
            .unwrap_or_default()
    };
    let env = pairs(&doc["env"]);
    let mut steps = Vec::new();
    for (_, job) in doc["jobs"].as_object().expect("jobs") {
        for step in job["steps"].as_array().into_iter().flatten() {
            if let Some(run) = step["run"].as_str() {
                steps.push(Step {
                    name: step["name"].as_str().unwrap_or(run).to_string(),
                    run: run.to_string(),
                    env: pairs(&step["env"]),
                });
            }
        }
    }
    (env, steps)
}

/// A local "release" of the version the workflow names: the archive for
/// Linux x64 (a `fenpress` that runs the binary under test) and its
/// checksum file, and a `curl` that answers from it (the tests make no
/// network request). `tamper` changes the archive after its checksum.
fn local_release(root: &Path, tamper: bool) -> PathBuf {
    let release = root.join("release");
    let staging = root.join("release-staging");
    std::fs::create_dir_all(&release).unwrap();
    std::fs::create_dir_all(&staging).unwrap();
    let exe = staging.join("fenpress");
    std::fs::write(
        &exe,
        format!(
            "#!/bin/sh\nexec '{}' \"$@\"\n",
            env!("CARGO_BIN_EXE_fenpress")
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
    let archive = "fenpress-x86_64-unknown-linux-gnu.tar.gz";
    let sh = |script: &str| {
        let ok = Command::new("sh")
            .arg("-c")
            .arg(script)
            .current_dir(&release)
            .status()
            .unwrap()
            .success();
        assert!(ok, "{script}");
    };
    sh(&format!(
        "tar -czf {archive} -C '{}' fenpress && sha256sum {archive} > {archive}.sha256",
        staging.display()
    ));
    if tamper {
        sh(&format!("echo extra >> {archive}"));
    }
    // curl -fsSLO URL: the file named by the URL's last part, from the
    // release folder, into the current folder; a missing one fails as a
    // 404 would.
    let shims = root.join("shims");
    std::fs::create_dir_all(&shims).unwrap();
    let curl = shims.join("curl");
    std::fs::write(
        &curl,
        format!(
            "#!/bin/sh\nfor url; do :; done\necho \"$url\" >> '{log}'\nfile=\"${{url##*/}}\"\n\
             [ -f '{dir}'/\"$file\" ] || exit 22\ncp '{dir}'/\"$file\" .\n",
            log = root.join("curl.log").display(),
            dir = release.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&curl, std::fs::Permissions::from_mode(0o755)).unwrap();
    shims
}

/// Runs the workflow's `run:` steps in `site` as a push to main would,
/// with `shims` first on PATH; the exit status and output of each.
fn run_workflow(root: &Path, site: &Path, shims: &Path) -> Vec<(String, bool, String)> {
    let workflow = std::fs::read_to_string(site.join(".github/workflows/fenpress.yml")).unwrap();
    let (env, steps) = run_steps(&workflow);
    let home = root.join("home");
    let runner_temp = root.join("runner-temp");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(&runner_temp).unwrap();
    let github_path = root.join("github-path");
    std::fs::write(&github_path, "").unwrap();
    // The runner's PATH, without any fenpress: only the workflow's install
    // puts one there.
    let system_path = "/usr/local/bin:/usr/bin:/bin";
    let mut results = Vec::new();
    for step in steps {
        let added: Vec<String> = std::fs::read_to_string(&github_path)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        let mut path = added.into_iter().rev().collect::<Vec<_>>();
        path.push(shims.display().to_string());
        path.push(system_path.to_string());
        let mut cmd = Command::new("bash");
        cmd.args(["--noprofile", "--norc", "-eo", "pipefail", "-c", &step.run])
            .current_dir(site)
            .env_clear()
            .env("PATH", path.join(":"))
            .env("HOME", &home)
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_ARCH", "X64")
            .env("RUNNER_TEMP", &runner_temp)
            .env("GITHUB_PATH", &github_path)
            .env("GITHUB_ACTIONS", "true")
            .env("CI", "true");
        for (k, v) in env.iter().chain(&step.env) {
            cmd.env(k, v);
        }
        let out = cmd.output().unwrap();
        let ok = out.status.success();
        results.push((
            step.name,
            ok,
            format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
        ));
        if !ok {
            break;
        }
    }
    results
}

#[test]
fn every_run_step_of_the_generated_workflow_succeeds_in_order() {
    let root = tempfile::tempdir().unwrap();
    let bin = bin_dir(root.path());
    let site = init_mysite(root.path(), &bin);
    let shims = local_release(root.path(), false);
    let results = run_workflow(root.path(), &site, &shims);
    for (name, ok, output) in &results {
        assert!(ok, "step `{name}` failed:\n{output}");
    }
    let names: Vec<&str> = results.iter().map(|(n, _, _)| n.as_str()).collect();
    assert!(names.contains(&"Install fenpress"), "{names:?}");
    assert!(
        names
            .iter()
            .any(|n| n.starts_with("fenpress check --format github")),
        "{names:?}"
    );
    assert!(names.contains(&"fenpress build"), "{names:?}");
    // The install downloaded this version's archive and its checksum
    // from the repository Cargo.toml names.
    let log = std::fs::read_to_string(root.path().join("curl.log")).unwrap();
    let base = format!(
        "{}/releases/download/v{}/fenpress-x86_64-unknown-linux-gnu.tar.gz",
        fenpress::cmd::init::REPOSITORY,
        fenpress::cmd::init::VERSION
    );
    assert_eq!(log, format!("{base}\n{base}.sha256\n"));
    // The binary landed where actions/cache keeps it between runs.
    assert!(root.path().join("home/.fenpress/bin/fenpress").is_file());
    let workflow = std::fs::read_to_string(site.join(".github/workflows/fenpress.yml")).unwrap();
    assert!(workflow.contains("path: ~/.fenpress/bin"), "{workflow}");
    // And the pages to publish are in public/.
    assert!(site.join("public/index.html").is_file());
    assert!(site.join("public/.fenpress-output").is_file());
}

#[test]
fn a_download_that_does_not_match_its_checksum_fails_the_install() {
    let root = tempfile::tempdir().unwrap();
    let bin = bin_dir(root.path());
    let site = init_mysite(root.path(), &bin);
    let shims = local_release(root.path(), true);
    let results = run_workflow(root.path(), &site, &shims);
    let (name, ok, output) = results.last().unwrap();
    assert_eq!(name, "Install fenpress");
    assert!(!ok, "{output}");
    assert!(output.contains("FAILED"), "{output}");
    assert!(!root.path().join("home/.fenpress/bin/fenpress").exists());
}
