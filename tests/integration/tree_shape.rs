//! The shape of the tree: no function in `src/` or `crates/*/src` runs
//! over 150 lines (the architecture issue's bound: a longer one is a frame
//! and its parts waiting to be told apart).

use std::path::{Path, PathBuf};

const MAX_LINES: usize = 150;

/// The Rust files below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `text` with string and character literals and comments blanked out (so
/// their braces do not count), lines kept.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let rest = &text[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').map_or(b.len(), |e| i + e);
            i = end;
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(b.len(), |e| i + e + 2);
            out.extend(text[i..end].chars().filter(|c| *c == '\n'));
            i = end;
        } else if let Some(hashes) = raw_string_start(rest) {
            let close = format!("\"{}", "#".repeat(hashes));
            let body = i + 2 + hashes + usize::from(rest.starts_with("br"));
            let end = text[body..]
                .find(&close)
                .map_or(b.len(), |e| body + e + close.len());
            out.extend(text[i..end].chars().filter(|c| *c == '\n'));
            i = end;
        } else if c == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            out.extend(text[i..j.min(b.len())].chars().filter(|c| *c == '\n'));
            i = j + 1;
        } else if c == b'\'' && char_literal_len(rest).is_some() {
            i += char_literal_len(rest).unwrap_or(1);
        } else {
            let ch = rest.chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// `r"`, `r#"`, `br"`: the number of `#`.
fn raw_string_start(rest: &str) -> Option<usize> {
    let r = rest.strip_prefix('b').unwrap_or(rest).strip_prefix('r')?;
    let hashes = r.chars().take_while(|c| *c == '#').count();
    r[hashes..].starts_with('"').then_some(hashes)
}

/// The length of a character literal at the start of `rest` (`'{'`,
/// `'\''`, `'\u{7b}'`), not a lifetime.
fn char_literal_len(rest: &str) -> Option<usize> {
    let body = &rest[1..];
    let len = if let Some(esc) = body.strip_prefix('\\') {
        1 + esc.find('\'')?
    } else {
        body.chars().next()?.len_utf8()
    };
    (body[len..].starts_with('\'')).then_some(len + 2)
}

/// Each function of `code` longer than [`MAX_LINES`]: (line, name, lines).
fn long_functions(code: &str) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let Some(at) = line.find("fn ") else { continue };
        let before = line[..at].trim();
        let is_item = before.split_whitespace().all(|w| {
            matches!(
                w,
                "pub" | "pub(crate)" | "pub(super)" | "const" | "async" | "unsafe" | "extern"
            )
        });
        if !is_item {
            continue;
        }
        let name: String = line[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // From the first `{` after the signature to its match.
        let mut depth = 0i32;
        let mut opened = false;
        for (k, l) in lines.iter().enumerate().skip(start) {
            for ch in l.chars() {
                match ch {
                    ';' if !opened && depth == 0 => break,
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if !opened && l.trim_end().ends_with(';') {
                break;
            }
            if opened && depth <= 0 {
                let n = k - start + 1;
                if n > MAX_LINES {
                    out.push((start + 1, name.clone(), n));
                }
                break;
            }
        }
    }
    out
}

#[test]
fn no_function_runs_over_150_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    for krate in std::fs::read_dir(root.join("crates")).unwrap().flatten() {
        rust_files(&krate.path().join("src"), &mut files);
    }
    files.sort();
    assert!(files.len() > 50, "found only {} files", files.len());
    let mut long = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (line, name, n) in long_functions(&code_only(&text)) {
            let shown = f.strip_prefix(root).unwrap_or(f).display().to_string();
            long.push(format!("{shown}:{line}: fn {name} has {n} lines"));
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_scanner_sees_through_literals_and_counts_lines() {
    let body = "    let x = 1;\n".repeat(MAX_LINES);
    let long = format!("fn big() {{\n{body}}}\nfn small() {{ \"}}\"; '{{'; }}\n");
    let found = long_functions(&code_only(&long));
    assert_eq!(found, vec![(1, "big".to_string(), MAX_LINES + 2)]);
    let short = "fn a() {\n    let s = r#\"}}}\"#;\n}\n// fn b() {\n";
    assert!(long_functions(&code_only(short)).is_empty());
}
