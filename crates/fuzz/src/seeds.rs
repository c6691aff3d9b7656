//! Seeds: what each target starts mutating from, cut from real sources
//! (the vchess corpus, the embedded site, the test fixtures, the built-in
//! variant definitions) into inputs of the shape the target reads.

use std::fs;
use std::path::{Path, PathBuf};

use fenpress_rules::{definition, registry};

use crate::Target;

/// At most this many seeds per target.
const MAX_SEEDS: usize = 20_000;

/// The files of `dirs`, else of the default folders (the corpus at
/// `$FENPRESS_SHARED` or `../shared`, `content/`, `tests/fixtures/`, when
/// present) cut into inputs for `t`; one empty input when nothing is found.
pub fn load(t: &Target, dirs: &[PathBuf]) -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let shared = std::env::var_os("FENPRESS_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared"));
    let defaults = [
        shared.join("corpus/vchess"),
        root.join("content"),
        root.join("tests/fixtures"),
    ];
    let dirs: Vec<&Path> = if dirs.is_empty() {
        defaults.iter().map(PathBuf::as_path).collect()
    } else {
        dirs.iter().map(PathBuf::as_path).collect()
    };
    let mut seeds = Vec::new();
    if t.name == "variant" {
        seeds.extend(builtin_definitions());
    }
    for dir in dirs {
        collect(dir, &mut |path, bytes| cut(t, path, bytes, &mut seeds));
    }
    seeds.retain(|s| s.len() <= t.max_len);
    seeds.sort();
    seeds.dedup();
    if seeds.len() > MAX_SEEDS {
        // Evenly spread over what was found, not only the first files.
        let step = seeds.len() / MAX_SEEDS + 1;
        seeds = seeds.into_iter().step_by(step).collect();
    }
    if seeds.is_empty() {
        seeds.push(Vec::new());
    }
    seeds
}

/// The inputs `t` takes from one file.
fn cut(t: &Target, path: &Path, bytes: &[u8], seeds: &mut Vec<Vec<u8>>) {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let text = String::from_utf8_lossy(bytes);
    let page = matches!(ext, "pug" | "md");
    match t.name {
        "pug" if ext == "pug" => seeds.extend(chunks(&text, t.max_len)),
        "fen" | "notation" if page => seeds.extend(fen_like_words(bytes, t.name == "notation")),
        "diagram" if page => {
            let v = variant_byte(path);
            seeds.extend(diagram_blocks(&text).into_iter().map(|b| tagged(v, &b)));
        }
        "yaml" if ext == "yaml" && !path.components().any(|c| c.as_os_str() == "variants") => {
            seeds.push(tagged(0, &text))
        }
        "yaml" if ext == "md" => {
            let puzzle = path.components().any(|c| c.as_os_str() == "puzzles");
            if puzzle {
                seeds.push(tagged(2, &text));
            } else if let Some(front) = front_matter(&text) {
                seeds.push(tagged(1, front));
            }
        }
        "variant" if ext == "yaml" && path.components().any(|c| c.as_os_str() == "variants") => {
            seeds.push(tagged(0, &text))
        }
        _ => {}
    }
}

fn tagged(first: u8, text: &str) -> Vec<u8> {
    [&[first][..], text.as_bytes()].concat()
}

/// The built-in definitions (tag 0), each piece's Betza string (tag 1)
/// and an ini section (tag 2).
fn builtin_definitions() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (_, text) in definition::BUILTIN {
        out.push(tagged(0, text));
        for line in text.lines() {
            if let Some(i) = line.find("betza:") {
                let rest = &line[i + 6..];
                let betza = rest.split([',', '}']).next().unwrap_or("").trim();
                out.push(tagged(1, betza.trim_matches('"')));
            }
        }
    }
    out.push(tagged(
        2,
        "[capa:chess]\nmaxFile = j\narchbishop = a\nchancellor = c\n\
         startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n\
         promotionPieceTypes = qrbnac\n",
    ));
    out.push(tagged(
        2,
        "[fuzz:chess]\ncustomPiece1 = a:mNcK\npieceToCharTable = -\n",
    ));
    out
}

/// The first byte the diagram target reads as this page's variant (the
/// folder above the page: `rules/<Variant>/en.md`).
fn variant_byte(path: &Path) -> u8 {
    let folder = path
        .parent()
        .and_then(Path::file_name)
        .and_then(|n| n.to_str())
        .unwrap_or("");
    registry::all()
        .position(|v| v.name == folder)
        .map_or(0, |i| (i % 256) as u8)
}

/// Runs of whole lines of at most `max` bytes.
fn chunks(text: &str, max: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut chunk = String::new();
    for line in text.split_inclusive('\n') {
        if chunk.len() + line.len() > max && !chunk.is_empty() {
            out.push(std::mem::take(&mut chunk).into_bytes());
        }
        chunk.push_str(line);
    }
    if !chunk.is_empty() {
        out.push(chunk.into_bytes());
    }
    out
}

/// The YAML of each ```diagram block of a Markdown page, and each vchess
/// `fen:` string of a Pug page as the `fen:` of a block.
fn diagram_blocks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut block: Option<String> = None;
    for line in text.lines() {
        match &mut block {
            None if line.trim_start().starts_with("```diagram") => block = Some(String::new()),
            None => {
                if let Some(i) = line.find("fen:") {
                    let fen = line[i + 4..].trim().trim_end_matches(':');
                    if !fen.is_empty() {
                        out.push(format!("fen: \"{}\"", fen.replace('"', "")));
                    }
                }
            }
            Some(b) if line.trim_start().starts_with("```") => {
                out.push(std::mem::take(b));
                block = None;
            }
            Some(b) => {
                b.push_str(line);
                b.push('\n');
            }
        }
    }
    out
}

/// The YAML between a page's `---` lines.
fn front_matter(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("---\n")?;
    let end = rest.find("\n---")?;
    Some(&rest[..end])
}

/// FEN strings (`fen:...:` and `fen: ...` lines) or move-like words of a page.
fn fen_like_words(bytes: &[u8], moves: bool) -> Vec<Vec<u8>> {
    let text = String::from_utf8_lossy(bytes);
    let mut out = Vec::new();
    for line in text.lines() {
        if moves {
            for w in line.split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == ']') {
                let w = w.trim_matches(|c: char| c == '.' || c == ':' || c == ';');
                if (2..=10).contains(&w.len()) && w.bytes().any(|b| b.is_ascii_digit()) {
                    out.push([&[0u8][..], w.as_bytes()].concat());
                }
            }
        } else if let Some(i) = line.find("fen:") {
            let fen = line[i + 4..].trim().trim_end_matches(':');
            for variant in 0..3u8 {
                out.push([&[variant][..], fen.as_bytes()].concat());
            }
        }
    }
    out
}

fn collect(dir: &Path, f: &mut dyn FnMut(&Path, &[u8])) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        // Symlinks are not followed: a fixture may loop on purpose.
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            collect(&path, f);
        } else if meta.is_file() && meta.len() <= 1 << 20 {
            if let Ok(bytes) = fs::read(&path) {
                f(&path, &bytes);
            }
        }
    }
}
