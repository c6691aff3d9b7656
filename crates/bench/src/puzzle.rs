//! Puzzle proofs (issue 20, item 4): each puzzle of `content/puzzles/` and
//! `tests/fixtures/puzzles-hard/` alone in a site, `fenpress check` timed
//! on it (the proof is most of it); the findings' codes are shown beside.

use std::path::{Path, PathBuf};

use crate::run::{alternate, median_wall, run, Cmd, Contender};
use crate::{BenchError, Env};

/// Every `puzzles/<Variant>/<slug>.md` under `root`, sorted.
fn puzzles(root: &Path) -> Result<Vec<PathBuf>, BenchError> {
    let mut out = Vec::new();
    let dir = root.join("puzzles");
    if !dir.is_dir() {
        return Ok(out);
    }
    for variant in std::fs::read_dir(&dir)? {
        let variant = variant?.path();
        if !variant.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&variant)? {
            let file = file?.path();
            if file.extension().is_some_and(|e| e == "md") {
                out.push(file);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The codes of `check`'s findings (`warning[code]`, notes too: a cook
/// search cut by the budget is a note), joined.
fn codes(out: &str) -> String {
    let mut codes: Vec<&str> = out
        .lines()
        .filter_map(|l| {
            let rest = l
                .strip_prefix("warning[")
                .or_else(|| l.strip_prefix("error["))
                .or_else(|| l.strip_prefix("note["))?;
            rest.split(']').next()
        })
        .collect();
    codes.dedup();
    if codes.is_empty() {
        "proven".into()
    } else {
        codes.join(",")
    }
}

/// The median CPU time of `samples`, in seconds: on a loaded machine the
/// wall time is mostly waiting for a core, so this is the figure to compare
/// with the 1 s target.
fn median_cpu(samples: &[crate::run::Sample]) -> f64 {
    let mut cpu: Vec<f64> = samples.iter().map(|s| s.cpu.as_secs_f64()).collect();
    cpu.sort_by(f64::total_cmp);
    cpu.get(cpu.len() / 2).copied().unwrap_or(0.0)
}

/// `fenpress check` of a site of one puzzle by `binary`, with its verdict.
fn check_of(binary: &Path, site: &Path) -> Result<(Cmd, String), BenchError> {
    let check = Cmd::new(binary, &["check", "--content"]).arg(site.display().to_string());
    let ran = run(&check, true)?;
    Ok((check, codes(&(ran.stdout + &ran.stderr))))
}

/// Each puzzle checked by this fenpress and, with
/// `$FENPRESS_BENCH_PUZZLE_BEFORE` naming another binary, by that one too,
/// alternately in one run: the before/after figures side by side, and a
/// verdict that changed is marked.
pub fn bench(env: &Env) -> Result<(), BenchError> {
    let mut all = puzzles(&env.root.join("content"))?;
    all.extend(puzzles(&env.root.join("tests/fixtures/puzzles-hard"))?);
    // `$FENPRESS_BENCH_PUZZLES=hard`: only the puzzles whose path holds it.
    if let Some(only) = std::env::var_os("FENPRESS_BENCH_PUZZLES") {
        let only = only.to_string_lossy().into_owned();
        all.retain(|p| p.to_string_lossy().contains(&only));
    }
    let before = std::env::var_os("FENPRESS_BENCH_PUZZLE_BEFORE").map(PathBuf::from);
    println!(
        "\n## puzzle proofs: `fenpress check` of a site of one puzzle  (load average {})",
        crate::run::load_average()
    );
    if let Some(b) = &before {
        println!("before: {}", b.display());
    }
    println!(
        "{:<48} {:>10} {:>10} {:>10} {:>10} {:>7}  verdict",
        "puzzle", "median s", "max s", "cpu s", "before cpu", "ratio"
    );
    for file in &all {
        let (Some(variant), Some(name)) =
            (file.parent().and_then(|p| p.file_name()), file.file_name())
        else {
            continue;
        };
        let site = env.out_dir("puzzle-site");
        crate::empty(&site)?;
        let folder = site.join("puzzles").join(variant);
        std::fs::create_dir_all(&folder)?;
        std::fs::copy(file, folder.join(name))?;
        let (check, verdict) = check_of(&env.fenpress, &site)?;
        let mut contenders = vec![Contender::new("check", vec![check]).allow_fail()];
        let mut before_verdict = None;
        if let Some(b) = &before {
            let (check, v) = check_of(b, &site)?;
            before_verdict = Some(v);
            contenders.push(Contender::new("before", vec![check]).allow_fail());
        }
        let table = alternate("", &contenders, env.runs, false)?;
        let samples = &table.rows[0].1;
        let max = samples
            .iter()
            .map(|s| s.wall.as_secs_f64())
            .fold(0.0, f64::max);
        let cpu = median_cpu(samples);
        let (before_cpu, ratio) = match table.rows.get(1) {
            Some((_, b)) => {
                let b = median_cpu(b);
                (format!("{b:.3}"), format!("{:.2}", cpu / b))
            }
            None => ("-".into(), "-".into()),
        };
        let changed = match &before_verdict {
            Some(v) if *v != verdict => format!("  (before: {v})"),
            _ => String::new(),
        };
        let label = format!("{}/{}", variant.to_string_lossy(), name.to_string_lossy());
        println!(
            "{label:<48} {:>10.3} {max:>10.3} {cpu:>10.3} {before_cpu:>10} {ratio:>7}  {verdict}{changed}",
            median_wall(samples)
        );
        crate::empty(&site)?;
    }
    Ok(())
}
