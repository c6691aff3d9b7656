//! The whole vchess corpus converts: no errors, every diagram found, and
//! exactly the repairs PUG.md documents. Reads `../shared` at run time.

use std::path::{Path, PathBuf};

fn shared() -> Option<PathBuf> {
    let dir = match std::env::var_os("FENPRESS_SHARED") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    };
    dir.join("corpus/vchess").is_dir().then_some(dir)
}

fn pug_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let p = entry.path();
        if p.is_dir() {
            pug_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pug") {
            out.push(p);
        }
    }
}

#[test]
fn corpus_converts_with_every_diagram() {
    let Some(shared) = shared() else {
        println!("skipped: ../shared not found");
        return;
    };
    let root = shared.join("corpus/vchess");
    let mut files = Vec::new();
    pug_files(&root, &mut files);
    files.sort();
    let mut boards = 0;
    let mut blocks = 0;
    let mut errors = Vec::new();
    let mut repairs = Vec::new();
    let mut other_warnings = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).expect("corpus file is UTF-8");
        let name = f.strip_prefix(&root).unwrap_or(f).display().to_string();
        match fenpress_pug::convert(&src) {
            Ok(c) => {
                blocks += c.diagrams.len();
                boards += c
                    .diagrams
                    .iter()
                    .map(|d| 1 + usize::from(d.after_fen.is_some()))
                    .sum::<usize>();
                assert_eq!(
                    c.markdown.matches("```diagram\n").count(),
                    c.diagrams.len(),
                    "{name}"
                );
                for w in c.warnings {
                    let line = format!("{name}:{}:{}: {}", w.pos.line, w.pos.column, w.message);
                    if w.code == "pug-repair" {
                        repairs.push(line);
                    } else {
                        other_warnings.push(line);
                    }
                }
            }
            Err(es) => {
                for e in es {
                    errors.push(format!(
                        "{name}:{}:{}: {}",
                        e.pos.line, e.pos.column, e.message
                    ));
                }
            }
        }
    }
    println!(
        "{} files, {blocks} diagram blocks, {boards} boards",
        files.len()
    );
    for r in &repairs {
        println!("repair: {r}");
    }
    assert!(errors.is_empty(), "errors:\n{}", errors.join("\n"));
    assert!(
        other_warnings.is_empty(),
        "warnings:\n{}",
        other_warnings.join("\n")
    );
    assert_eq!(boards, 927);
}
