//! The previous fenpress: a git revision exported (`git archive`) and built
//! in `target/bench/`, its binary kept by commit id; and the bench of
//! issue 14: build, check and serve of the corpus, previous against now.

use std::path::PathBuf;

use crate::run::{alternate, Cmd, Contender};
use crate::{empty, BenchError, Env};

/// The main before the architecture refactor: the first parent of
/// "Merge branch 'architecture'" (5ab58f2).
pub const BEFORE_ARCHITECTURE: &str = "5ab58f2^1";

/// The binary of fenpress at `rev`, built once into
/// `target/bench/bin/fenpress-<commit>`; the build folder is removed after,
/// so `target/` grows by one binary.
pub fn binary(env: &Env, rev: &str) -> Result<(PathBuf, String), BenchError> {
    let sha = crate::run::run(
        &Cmd::new("git", &["rev-parse", "--short=10", rev]).cwd(&env.root),
        false,
    )?
    .stdout
    .trim()
    .to_string();
    let bin = env.work.join("bin").join(format!("fenpress-{sha}"));
    if bin.is_file() {
        return Ok((bin, sha));
    }
    eprintln!("building fenpress {sha} into {} (once)", bin.display());
    let src = env.work.join(format!("src-{sha}"));
    empty(&src)?;
    std::fs::create_dir_all(&src)?;
    let archive = env.work.join(format!("src-{sha}.tar"));
    crate::run::run(
        &Cmd::new("git", &["archive", "-o"])
            .arg(archive.display().to_string())
            .arg(&sha)
            .cwd(&env.root),
        false,
    )?;
    crate::run::run(
        &Cmd::new("tar", &["xf"])
            .arg(archive.display().to_string())
            .cwd(&src),
        false,
    )?;
    let target = env.work.join("prev-target");
    crate::run::run(
        &Cmd::new(
            "cargo",
            &["build", "--release", "-q", "-p", "fenpress", "--target-dir"],
        )
        .arg(target.display().to_string())
        .cwd(&src),
        false,
    )?;
    std::fs::create_dir_all(env.work.join("bin"))?;
    std::fs::copy(target.join("release/fenpress"), &bin)?;
    empty(&src)?;
    empty(&target)?;
    let _ = std::fs::remove_file(&archive);
    Ok((bin, sha))
}

/// A clean build of `content` with `bin` into a new folder `out/<name>`.
pub fn clean_build(
    name: &str,
    bin: &std::path::Path,
    content: &std::path::Path,
    env: &Env,
) -> Contender {
    let dir = env.out_dir(name);
    let site = dir.join("site");
    let mut cmd = Cmd::new(bin, &["build", "--content"])
        .arg(content.display().to_string())
        .arg("--out")
        .arg(site.display().to_string());
    // A fenpress that fails on errors writes nothing unless the corpus's
    // known mistakes are declared: measured without its baseline it would
    // skip the write that the others do.
    let baseline = env.root.join("tests/baselines/vchess.yaml");
    if content == env.corpus && baseline.is_file() && reads_baselines(bin) {
        cmd = cmd.arg("--baseline").arg(baseline.display().to_string());
    }
    Contender::new(name, vec![cmd])
        .prepare(move || {
            empty(&dir)?;
            std::fs::create_dir_all(&dir)?;
            Ok(())
        })
        // The corpus has author mistakes: a build that reports them exits 1.
        .allow_fail()
}

/// Whether `bin` knows `--baseline` (fenpress from issue 40 on).
fn reads_baselines(bin: &std::path::Path) -> bool {
    std::process::Command::new(bin)
        .args(["build", "--help"])
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("--baseline"))
}

/// `fenpress check` of `content` with `bin`.
pub fn check(name: &str, bin: &std::path::Path, content: &std::path::Path) -> Contender {
    let cmd = Cmd::new(bin, &["check", "--content"]).arg(content.display().to_string());
    Contender::new(name, vec![cmd]).allow_fail()
}

/// Issue 14's bench: build, check and serve, previous against now.
pub fn bench(env: &Env) -> Result<(), BenchError> {
    let (old, sha) = binary(env, &env.prev)?;
    let now = &env.fenpress;
    let corpus = &env.corpus;
    let builds = [
        clean_build(&format!("build, previous {sha}"), &old, corpus, env),
        clean_build("build, now", now, corpus, env),
    ];
    alternate(
        "corpus build (clean), previous vs now",
        &builds,
        env.runs,
        true,
    )?
    .print();
    let checks = [
        check(&format!("check, previous {sha}"), &old, corpus),
        check("check, now", now, corpus),
    ];
    alternate("corpus check, previous vs now", &checks, env.runs, true)?.print();
    let mut servers = [
        crate::serve::start(env, &old, corpus, &format!("serve, previous {sha}"))?,
        crate::serve::start(env, now, corpus, "serve, now")?,
    ];
    crate::serve::alternate_saves(
        "serve save-to-reload on the corpus, previous vs now",
        &mut servers,
        env.runs.max(11),
    )?;
    Ok(())
}
