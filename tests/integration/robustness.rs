//! Bad input never panics: corpus pages, mutated the way hands and editors
//! break them (a FEN digit changed, a `/` dropped, a `:` lost, a line
//! duplicated or unindented, a stray `(` or `"`), are built and checked.
//! Every run must end in a report (or a clean error), each finding must
//! point at a real line of its file, and a failed build must leave no
//! output behind.
//!
//! The mutations come from a fixed seed so a failure can be replayed;
//! `FENPRESS_MUTATION_SEED=N` tries other ones, and
//! `FENPRESS_MUTATION_ALL=1` mutates every variant's pages, not a dozen.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use fenpress::site::check_site;
use fenpress::site::{build, BuildOptions, BuildReport};

use crate::shared_dir;

/// Variants whose pages exercise every reader: the six with rules, holes
/// (Omega, Maxima), a 19×19 board, ten-wide rows, two-character squares,
/// unions, Horde art.
const VARIANTS: &[&str] = &[
    "Orda",
    "Pacosako",
    "Apocalypse",
    "Baroque",
    "Maxima",
    "Emergo",
    "Omega",
    "Gomoku",
    "Royalrace",
    "Interweave",
    "Ordamirror",
    "Xiangqi",
];

const ROUNDS: u64 = 6;

#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn mutated_corpus_pages_never_panic_build_or_check() {
    let Some(corpus) = shared_dir::vchess() else {
        println!("skipped: no corpus ($FENPRESS_SHARED or ../shared)");
        return;
    };
    let seed: u64 = std::env::var("FENPRESS_MUTATION_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_f0e5);
    println!("mutation seed {seed}");
    let mut rng = Rng(seed | 1);
    let originals = chosen_pages(&corpus);
    assert!(originals.len() >= 30, "the corpus lost its pages?");
    // The unmutated pages' FEN findings, to tell the mutations' own apart.
    let baseline = {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        write_pages(&content, originals.clone());
        let report = build(&BuildOptions {
            content,
            out: dir.path().join("public"),
            strict: false,
        })
        .expect("the unmutated pages build");
        fen_findings(&report)
    };
    let mut findings = 0usize;
    for round in 0..ROUNDS {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        let mutated = originals
            .iter()
            .map(|(rel, text)| (rel.clone(), mutate(text, &mut rng)));
        let pages = write_pages(&content, mutated);
        let out = dir.path().join("public");

        let built = catch_unwind(AssertUnwindSafe(|| {
            build(&BuildOptions {
                content: content.clone(),
                out: out.clone(),
                strict: false,
            })
        }));
        let report = match built {
            Ok(Ok(report)) => report,
            Ok(Err(err)) => panic!("round {round} (seed {seed}): the build could not run: {err}"),
            Err(_) => panic!("round {round} (seed {seed}): build panicked"),
        };
        if !report.written {
            assert!(
                !out.exists(),
                "round {round}: a failed build left an output folder"
            );
        }
        for d in &report.diagnostics {
            assert_points_at_a_line(d.file.as_path(), d.line, &pages, round);
        }
        findings += fen_findings(&report);

        let checked = catch_unwind(AssertUnwindSafe(|| check_site(&content)));
        let checked = match checked {
            Ok(Ok(report)) => report,
            Ok(Err(err)) => panic!("round {round} (seed {seed}): check could not run: {err}"),
            Err(_) => panic!("round {round} (seed {seed}): check panicked"),
        };
        for d in &checked.diagnostics {
            assert_points_at_a_line(d.file.as_path(), d.line, &pages, round);
        }
    }
    // The mutations must actually break diagrams, or the test proves
    // nothing.
    let expected = baseline * ROUNDS as usize + 20;
    assert!(
        findings > expected,
        "{findings} FEN findings over {ROUNDS} rounds, {baseline} a round unmutated"
    );
    println!("{ROUNDS} rounds: {findings} FEN findings ({baseline} a round unmutated), no panic");
}

/// Writes (path below `content`, text) pages; returns them by full path.
fn write_pages(
    content: &Path,
    pages: impl IntoIterator<Item = (String, String)>,
) -> Vec<(PathBuf, String)> {
    pages
        .into_iter()
        .map(|(rel, text)| {
            let target = content.join(rel);
            std::fs::create_dir_all(target.parent().unwrap()).unwrap();
            std::fs::write(&target, &text).unwrap();
            (target, text)
        })
        .collect()
}

fn fen_findings(report: &BuildReport) -> usize {
    report
        .diagnostics
        .iter()
        .filter(|d| d.code.starts_with("fen-"))
        .count()
}

/// `FENPRESS_MUTATION_ALL=1` takes every variant of the corpus instead.
fn chosen_pages(corpus: &Path) -> Vec<(String, String)> {
    let all: Vec<String> = if std::env::var_os("FENPRESS_MUTATION_ALL").is_some() {
        let mut names: Vec<String> = std::fs::read_dir(corpus.join("rules"))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    } else {
        VARIANTS.iter().map(|v| v.to_string()).collect()
    };
    let mut pages = Vec::new();
    for variant in &all {
        for lang in ["en", "es", "fr"] {
            let rel = format!("rules/{variant}/{lang}.pug");
            if let Ok(text) = std::fs::read_to_string(corpus.join(&rel)) {
                pages.push((rel, text));
            }
        }
    }
    pages
}

fn assert_points_at_a_line(
    file: &Path,
    line: usize,
    pages: &[(std::path::PathBuf, String)],
    round: u64,
) {
    let Some((_, text)) = pages.iter().find(|(p, _)| p == file) else {
        return; // theme or config findings
    };
    let lines = text.lines().count().max(1);
    assert!(
        line >= 1 && line <= lines + 1,
        "round {round}: {}:{line} is past the file's {lines} lines",
        file.display()
    );
}

/// One to three edits, most of them inside a `fen:` diagram.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut text = text.to_string();
    for _ in 0..1 + rng.below(3) {
        text = match rng.below(10) {
            0..=4 => mutate_fen(&text, rng),
            5 => drop_line_indent(&text, rng),
            6 => duplicate_line(&text, rng),
            _ => insert_anywhere(&text, rng),
        };
    }
    text
}

const FEN_CHARS: &[char] = &[
    '0', '1', '2', '9', '/', 'k', 'K', 'q', 'P', 'x', 'z', '@', ' ', ',', '-', ':', 'a', 'b', 'c',
];

fn mutate_fen(text: &str, rng: &mut Rng) -> String {
    let starts: Vec<usize> = text.match_indices("fen:").map(|(i, _)| i + 4).collect();
    if starts.is_empty() {
        return insert_anywhere(text, rng);
    }
    let start = starts[rng.below(starts.len())];
    let end = text[start..]
        .find([':', '\n'])
        .map_or(text.len(), |i| start + i);
    let span: Vec<usize> = text[start..end]
        .char_indices()
        .map(|(i, _)| start + i)
        .collect();
    let Some(&at) = span.get(rng.below(span.len().max(1))) else {
        return insert_anywhere(text, rng);
    };
    let c = FEN_CHARS[rng.below(FEN_CHARS.len())];
    let next = at + text[at..].chars().next().map_or(0, char::len_utf8);
    match rng.below(3) {
        0 => format!("{}{}", &text[..at], &text[next..]),
        1 => format!("{}{c}{}", &text[..at], &text[at..]),
        _ => format!("{}{c}{}", &text[..at], &text[next..]),
    }
}

fn drop_line_indent(text: &str, rng: &mut Rng) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    if lines.is_empty() {
        return text.to_string();
    }
    let i = rng.below(lines.len());
    lines[i] = lines[i].trim_start();
    lines.join("\n")
}

fn duplicate_line(text: &str, rng: &mut Rng) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    if lines.is_empty() {
        return text.to_string();
    }
    let i = rng.below(lines.len());
    lines.insert(i, lines[i]);
    lines.join("\n")
}

const PUG_CHARS: &[&str] = &[
    "(", ")", "\"", "|", "#{", ".", "\t", "=", "<", "&", "é", "\u{0}",
];

fn insert_anywhere(text: &str, rng: &mut Rng) -> String {
    let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
    let at = boundaries
        .get(rng.below(boundaries.len().max(1)))
        .copied()
        .unwrap_or(0);
    let s = PUG_CHARS[rng.below(PUG_CHARS.len())];
    format!("{}{s}{}", &text[..at], &text[at..])
}

/// xorshift64: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}
