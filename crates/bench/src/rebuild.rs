//! A rebuild after one page changed against a clean build (issue 44, item
//! 2): a copy of the corpus is built once into a folder that is kept, then
//! runs alternate between a clean build into an emptied folder and a
//! rebuild of the kept one after one page's text changed (a new sentence
//! appended to `rules/Chess960/en.pug`, a different one each run). Both
//! run with the user cache off (`FENPRESS_CACHE=off`, an empty
//! `XDG_CACHE_HOME`): the rebuild has only the cache beside its output.

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::run::{alternate, Cmd, Contender};
use crate::scale::copy_tree;
use crate::{empty, BenchError, Env};

/// The page each rebuild changes.
const PAGE: &str = "rules/Chess960/en.pug";

/// `fenpress build` of `site` into `out`, caches outside the output off.
fn build(env: &Env, site: &Path, out: &Path, xdg: &Path) -> Cmd {
    let mut cmd = Cmd::new(&env.fenpress, &["build", "--content"])
        .arg(site.display().to_string())
        .arg("--out")
        .arg(out.display().to_string())
        .env("FENPRESS_CACHE", "off")
        .env("XDG_CACHE_HOME", xdg.display().to_string());
    let baseline = env.root.join("tests/baselines/vchess.yaml");
    if baseline.is_file() {
        cmd = cmd.arg("--baseline").arg(baseline.display().to_string());
    }
    cmd
}

pub fn bench(env: &Env) -> Result<(), BenchError> {
    let site = env.out_dir("rebuild-site");
    empty(&site)?;
    copy_tree(&env.corpus, &site)?;
    let page = site.join(PAGE);
    let original = std::fs::read_to_string(&page)?;
    let xdg = env.out_dir("rebuild-xdg");
    empty(&xdg)?;
    std::fs::create_dir_all(&xdg)?;

    let clean_dir = env.out_dir("rebuild-clean");
    let clean_out = clean_dir.join("site");
    let clean = Contender::new("clean build", vec![build(env, &site, &clean_out, &xdg)])
        .prepare(move || {
            empty(&clean_dir)?;
            std::fs::create_dir_all(&clean_dir)?;
            Ok(())
        })
        .allow_fail();

    let kept: PathBuf = env.out_dir("rebuild-kept").join("site");
    let edits = Rc::new(Cell::new(0u32));
    let rebuild = Contender::new(
        "rebuild, one page's text changed",
        vec![build(env, &site, &kept, &xdg)],
    )
    .prepare(move || {
        edits.set(edits.get() + 1);
        let text = format!("{original}\np Edited {} times.\n", edits.get());
        std::fs::write(&page, text)?;
        Ok(())
    })
    .allow_fail();
    // The warm-up round builds the kept output once (a cold build).
    alternate(
        "corpus: clean build vs rebuild after one page changed (caches off)",
        &[clean, rebuild],
        env.runs,
        true,
    )?
    .print();
    Ok(())
}
