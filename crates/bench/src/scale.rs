//! The scale generator (a site K times the corpus: the corpus itself plus
//! K-1 copies of every rules folder under new variant names, `OrdaX2`...)
//! and the scale bench: clean builds at 1x, 10x, 100x, time and peak memory.

use std::path::{Path, PathBuf};

use crate::run::{alternate, median_wall};
use crate::{BenchError, Env};

/// Copies every file under `from` to the same place under `to`.
pub fn copy_tree(from: &Path, to: &Path) -> Result<u64, BenchError> {
    let mut files = 0;
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        let kind = entry.file_type()?;
        if kind.is_dir() {
            files += copy_tree(&entry.path(), &target)?;
        } else if kind.is_file() {
            std::fs::copy(entry.path(), &target)?;
            files += 1;
        }
    }
    Ok(files)
}

/// Writes into `dir` the corpus and, for i in 2..=k, a copy of each
/// `rules/<Variant>/` as `rules/<Variant>X<i>/`: returns the page count.
/// The copies' variants are unknown to the rules core, as a big site's
/// would be to a young one: their diagrams are drawn, not verified.
pub fn generate(corpus: &Path, k: usize, dir: &Path) -> Result<u64, BenchError> {
    crate::empty(dir)?;
    let mut pages = copy_tree(corpus, dir)?;
    // Images and other files are not pages.
    pages -= count_other(corpus)?;
    let rules = corpus.join("rules");
    let mut variants: Vec<PathBuf> = std::fs::read_dir(&rules)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    variants.sort();
    for i in 2..=k {
        for v in &variants {
            let Some(name) = v.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            pages += copy_tree(v, &dir.join("rules").join(format!("{name}X{i}")))?;
        }
    }
    Ok(pages)
}

/// Files of the corpus that are not Pug or Markdown pages.
fn count_other(dir: &Path) -> Result<u64, BenchError> {
    let mut n = 0;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            n += count_other(&path)?;
        } else if !matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("pug" | "md")
        ) {
            n += 1;
        }
    }
    Ok(n)
}

/// The site of `k` times the corpus, generated once per bench run.
pub fn site(env: &Env, k: usize) -> Result<PathBuf, BenchError> {
    if k == 1 {
        return Ok(env.corpus.clone());
    }
    let dir = env.out_dir(&format!("site-{k}x"));
    if !dir.join("rules").is_dir() {
        let pages = generate(&env.corpus, k, &dir)?;
        eprintln!("generated {k}x the corpus: {pages} pages");
    }
    Ok(dir)
}

/// Clean builds at each scale of `FENPRESS_BENCH_SCALES` (default
/// 1,10,100); 100x runs once whatever `--runs` says (minutes per build).
pub fn bench(env: &Env) -> Result<(), BenchError> {
    let scales: Vec<usize> = std::env::var("FENPRESS_BENCH_SCALES")
        .unwrap_or_else(|_| "1,10,100".into())
        .split(',')
        .filter_map(|k| k.trim().parse().ok())
        .collect();
    let mut base = None;
    for &k in &scales {
        let content = site(env, k)?;
        let runs = if k >= 100 { 1 } else { env.runs };
        let builds = [crate::prev::clean_build(
            &format!("build {k}x, now"),
            &env.fenpress,
            &content,
            env,
        )];
        let table = alternate(
            &format!("clean build at {k}x the corpus"),
            &builds,
            runs,
            false,
        )?;
        table.print();
        let wall = median_wall(&table.rows[0].1);
        let b = *base.get_or_insert(wall / k as f64);
        println!(
            "time per corpus-size unit: {:.3} s ({:.2}x of 1x's)",
            wall / k as f64,
            wall / k as f64 / b
        );
        output_size(env, &format!("build {k}x, now"))?;
        if k > 1 {
            crate::empty(&content)?;
        }
    }
    Ok(())
}

/// Prints the size of the last build's output (the menu grows it).
fn output_size(env: &Env, name: &str) -> Result<(), BenchError> {
    let site = env.out_dir(name).join("site");
    let (files, bytes) = size_of(&site)?;
    println!(
        "output: {files} files, {:.1} MB",
        bytes as f64 / 1_000_000.0
    );
    crate::empty(&env.out_dir(name))
}

fn size_of(dir: &Path) -> Result<(u64, u64), BenchError> {
    let (mut files, mut bytes) = (0, 0);
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let meta = entry.metadata()?;
        if meta.is_dir() {
            let (f, b) = size_of(&entry.path())?;
            files += f;
            bytes += b;
        } else {
            files += 1;
            bytes += meta.len();
        }
    }
    Ok((files, bytes))
}
