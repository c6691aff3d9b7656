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

/// The codes of `check`'s findings (`warning[code]`), joined.
fn codes(out: &str) -> String {
    let mut codes: Vec<&str> = out
        .lines()
        .filter_map(|l| {
            let rest = l
                .strip_prefix("warning[")
                .or_else(|| l.strip_prefix("error["))?;
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

pub fn bench(env: &Env) -> Result<(), BenchError> {
    let mut all = puzzles(&env.root.join("content"))?;
    all.extend(puzzles(&env.root.join("tests/fixtures/puzzles-hard"))?);
    println!(
        "\n## puzzle proofs: `fenpress check` of a site of one puzzle  (load average {})",
        crate::run::load_average()
    );
    println!(
        "{:<48} {:>10} {:>10} {:>10}  verdict",
        "puzzle", "median s", "max s", "cpu s"
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
        let check =
            Cmd::new(&env.fenpress, &["check", "--content"]).arg(site.display().to_string());
        let verdict = {
            let ran = run(&check, true)?;
            codes(&(ran.stdout + &ran.stderr))
        };
        let table = alternate(
            "",
            &[Contender::new("check", vec![check]).allow_fail()],
            env.runs,
            false,
        )?;
        let samples = &table.rows[0].1;
        let max = samples
            .iter()
            .map(|s| s.wall.as_secs_f64())
            .fold(0.0, f64::max);
        // On a loaded machine the wall time is mostly waiting for a core:
        // the median CPU time is the figure to compare with the 1 s target.
        let mut cpu: Vec<f64> = samples.iter().map(|s| s.cpu.as_secs_f64()).collect();
        cpu.sort_by(f64::total_cmp);
        let cpu = cpu.get(cpu.len() / 2).copied().unwrap_or(0.0);
        let label = format!("{}/{}", variant.to_string_lossy(), name.to_string_lossy());
        println!(
            "{label:<48} {:>10.3} {max:>10.3} {cpu:>10.3}  {verdict}",
            median_wall(samples)
        );
        crate::empty(&site)?;
    }
    Ok(())
}
