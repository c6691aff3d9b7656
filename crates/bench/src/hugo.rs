//! Corpus build against Hugo + Pagefind (issue 20, item 1): the corpus is
//! converted once to a Hugo site (`fenpress convert --to markdown` per page,
//! minimal layouts), then clean builds alternate: fenpress, Hugo then
//! Pagefind, and Hugo alone.

use std::path::{Path, PathBuf};

use crate::run::{alternate, run, Cmd, Contender};
use crate::{empty, BenchError, Env};

const CONFIG: &str = r#"baseURL = "https://example.org/"
title = "vchess rules"
disableKinds = ["taxonomy", "term", "RSS"]
[markup.goldmark.renderer]
unsafe = true
"#;
const SINGLE: &str = r#"<!DOCTYPE html>
<html lang="{{ .Params.lang | default "en" }}"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><nav><a href="/">home</a></nav><main data-pagefind-body><h1>{{ .Title }}</h1>{{ .Content }}</main></body></html>
"#;
const LIST: &str = r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main><h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></main></body></html>
"#;

/// Writes the Hugo version of `corpus` into `dir`: each
/// `rules/<V>/<lang>.pug` as `content/<lang>/rules/<V>.md`, each
/// `pages/<P>/<lang>.pug` as `content/<lang>/<P>.md`. Returns the page count.
pub fn convert(fenpress: &Path, corpus: &Path, dir: &Path) -> Result<usize, BenchError> {
    empty(dir)?;
    for (name, text) in [
        ("hugo.toml", CONFIG),
        ("layouts/_default/single.html", SINGLE),
        ("layouts/_default/list.html", LIST),
        ("layouts/index.html", LIST),
    ] {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(path, text)?;
    }
    let mut pages = 0;
    for (section, prefix) in [("rules", "rules/"), ("pages", "")] {
        for page in sources(&corpus.join(section))? {
            let (Some(folder), Some(lang)) = (
                page.parent()
                    .and_then(|p| p.file_name())
                    .and_then(|n| n.to_str()),
                page.file_stem().and_then(|n| n.to_str()),
            ) else {
                continue;
            };
            let md = run(
                &Cmd::new(fenpress, &["convert", "--to", "markdown"])
                    .arg(page.display().to_string()),
                true,
            )?
            .stdout;
            let target = dir.join(format!("content/{lang}/{prefix}{folder}.md"));
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            let front = format!("---\ntitle: \"{folder}\"\nlang: \"{lang}\"\n---\n");
            std::fs::write(target, front + strip_front_matter(&md))?;
            pages += 1;
        }
    }
    Ok(pages)
}

/// The converted page without its own front matter (Hugo gets ours).
fn strip_front_matter(md: &str) -> &str {
    md.strip_prefix("---\n")
        .and_then(|rest| rest.find("\n---\n").map(|end| &rest[end + 5..]))
        .unwrap_or(md)
}

/// The Pug pages `<dir>/<name>/<lang>.pug`, sorted.
fn sources(dir: &Path) -> Result<Vec<PathBuf>, BenchError> {
    let mut out = Vec::new();
    if !dir.is_dir() {
        return Ok(out);
    }
    for folder in std::fs::read_dir(dir)? {
        let folder = folder?.path();
        if !folder.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&folder)? {
            let file = file?.path();
            if file.extension().is_some_and(|e| e == "pug") {
                out.push(file);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The `pagefind` binary: `FENPRESS_BENCH_PAGEFIND`, on the PATH, or
/// installed from npm into `target/bench/pagefind/` (once).
fn pagefind(env: &Env) -> Result<PathBuf, BenchError> {
    if let Some(p) = std::env::var_os("FENPRESS_BENCH_PAGEFIND") {
        return Ok(PathBuf::from(p));
    }
    let local = env.work.join("pagefind/node_modules/.bin/pagefind");
    if local.is_file() {
        return Ok(local);
    }
    if run(&Cmd::new("pagefind", &["--version"]), false).is_ok() {
        return Ok("pagefind".into());
    }
    let dir = env.work.join("pagefind");
    std::fs::create_dir_all(&dir)?;
    eprintln!("installing pagefind from npm into {}", dir.display());
    run(
        &Cmd::new("npm", &["i", "--silent", "pagefind"]).cwd(&dir),
        false,
    )?;
    Ok(local)
}

/// fenpress against Hugo + Pagefind and Hugo alone, clean builds of the
/// same pages; the first row is fenpress, ratios are to it.
pub fn bench(env: &Env) -> Result<(), BenchError> {
    if run(&Cmd::new("hugo", &["version"]), false).is_err() {
        return Err(BenchError::Setup(
            "no `hugo` (apt-get install -y hugo)".into(),
        ));
    }
    let pagefind = pagefind(env)?;
    let site = env.work.join("hugo-site");
    let pages = convert(&env.fenpress, &env.corpus, &site)?;
    eprintln!(
        "converted {pages} pages to a Hugo site in {}",
        site.display()
    );
    let hugo_out = env.out_dir("hugo-public");
    let hugo = Cmd::new("hugo", &["--quiet", "--source"])
        .arg(site.display().to_string())
        .arg("--destination")
        .arg(hugo_out.display().to_string());
    let index = Cmd::new(&pagefind, &["--silent", "--site"]).arg(hugo_out.display().to_string());
    let fresh = move |dir: PathBuf| move || empty(&dir);
    let contenders = [
        crate::prev::clean_build("fenpress build", &env.fenpress, &env.corpus, env),
        Contender::new("hugo + pagefind", vec![hugo.clone(), index])
            .prepare(fresh(hugo_out.clone())),
        Contender::new("hugo alone", vec![hugo]).prepare(fresh(hugo_out.clone())),
    ];
    alternate(
        "corpus build (clean, output in memory): fenpress vs Hugo + Pagefind",
        &contenders,
        env.runs,
        true,
    )?
    .print();
    empty(&hugo_out)
}
