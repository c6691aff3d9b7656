//! Embeds the default piece set (`themes/default/pieces/**.svg`) into the
//! binary, so a new piece file needs no code change; links the release
//! binary position-dependent on Linux (see `link_position_dependent`);
//! marks the tests that need the vchess corpus as ignored when it is not
//! there (see `shared_data_cfg`); lists every finding code the sources
//! raise, for `fenpress reference` (see `finding_codes`).

use std::path::Path;

fn main() {
    link_position_dependent();
    shared_data_cfg();
    finding_codes();
    let root = Path::new("themes/default/pieces");
    println!("cargo:rerun-if-changed=themes/default/pieces");
    let mut files = Vec::new();
    collect(root, root, &mut files);
    files.sort();
    let mut out = String::from("pub(super) static DEFAULT_PIECES: &[(&str, &str)] = &[\n");
    for key in files {
        out.push_str(&format!(
            "    ({key:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/themes/default/pieces/{key}.svg\"))),\n"
        ));
    }
    out.push_str("];\n");
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("default_pieces.rs");
    std::fs::write(dest, out).expect("writing default_pieces.rs");
}

fn collect(root: &Path, dir: &Path, files: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, files);
        } else if path.extension().is_some_and(|e| e == "svg") {
            if let Ok(rel) = path.with_extension("").strip_prefix(root) {
                files.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
}

/// A release `fenpress` on Linux is linked as a position-dependent
/// executable (`-no-pie`). As a PIE, the loader first applied some 70,000
/// relocations to 1.5 MB of tables of pointers (`.data.rel.ro`: the
/// variant registry, the words, the libraries' tables), writing, and so
/// copying, every page of them before `main` (page faults were about a
/// quarter of the CPU of a `check` of a few pages). Linked at a fixed
/// address, the tables
/// are read from the file only where used. Objects stay position
/// independent (no dependency is rebuilt); only the binary's link changes.
/// Debug builds and other targets are linked as before.
fn link_position_dependent() {
    let release = std::env::var("PROFILE").is_ok_and(|p| p == "release");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let gnu = std::env::var("CARGO_CFG_TARGET_ENV").is_ok_and(|env| env == "gnu");
    if release && linux && gnu {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}

/// Sets `cfg(no_shared)` when the vchess corpus is not beside the checkout
/// (`$FENPRESS_SHARED`, else `../shared`): the tests over it are then
/// `#[ignore]`d with the reason, and `cargo test` reports them as ignored
/// instead of counting them as passed. Cargo re-runs this when
/// `FENPRESS_SHARED` changes; a `../shared` laid beside an existing build
/// is seen after `touch build.rs` (watching a path that does not exist
/// would rebuild the crate on every run). Each such test also checks at
/// run time and prints "skipped" if the corpus went away.
fn shared_data_cfg() {
    println!("cargo::rustc-check-cfg=cfg(no_shared)");
    println!("cargo:rerun-if-env-changed=FENPRESS_SHARED");
    println!("cargo:rerun-if-changed=build.rs");
    let shared = std::env::var_os("FENPRESS_SHARED")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    if !shared.join("corpus/vchess/rules").is_dir() {
        println!("cargo:rustc-cfg=no_shared");
    }
}

/// Every finding code the sources raise, with the file raising it first,
/// into `finding_codes.rs`: `fenpress reference` lists them, so the list
/// cannot miss a new one. A code is the string literal written right after
/// a severity (`Severity::Warning, "broken-link"`, `Kind::Error, ...`), after
/// `code:`, after `broken(`, or returned by a `fn code(&self)`. Test code
/// (after `#[cfg(test)]`) is left out.
fn finding_codes() {
    let mut codes: std::collections::BTreeMap<String, String> = Default::default();
    for dir in ["src", "crates/pug/src", "crates/rules/src"] {
        println!("cargo:rerun-if-changed={dir}");
        let mut files = Vec::new();
        rust_files(Path::new(dir), &mut files);
        files.sort();
        for file in files {
            let Ok(text) = std::fs::read_to_string(&file) else {
                continue;
            };
            let text = text.split("#[cfg(test)]").next().unwrap_or("");
            let shown = file.to_string_lossy().replace('\\', "/");
            for code in codes_in(text) {
                codes.entry(code).or_insert_with(|| shown.clone());
            }
        }
    }
    let mut out = String::from("pub static FINDING_CODES: &[(&str, &str)] = &[\n");
    for (code, file) in &codes {
        out.push_str(&format!("    ({code:?}, {file:?}),\n"));
    }
    out.push_str("];\n");
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("finding_codes.rs");
    std::fs::write(dest, out).expect("writing finding_codes.rs");
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
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

/// The codes of one source text (see [`finding_codes`]).
fn codes_in(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for marker in [
        "::Error",
        "::Warning",
        "::Note",
        "::Info",
        "code:",
        "broken(",
    ] {
        for (at, _) in text.match_indices(marker) {
            let rest = &text[at + marker.len()..];
            // A whole word: `::Errors` or `::ErrorKind` is no severity.
            if rest.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                continue;
            }
            if let Some(code) = literal_after(rest) {
                found.push(code);
            }
        }
    }
    for (at, _) in text.match_indices("fn code(&self)") {
        let body = &text[at..];
        let Some(open) = body.find('{') else { continue };
        let mut depth = 0;
        let mut end = body.len();
        for (i, c) in body[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        for (arm, _) in body[open..end].match_indices("=>") {
            if let Some(code) = literal_after(&body[open + arm + 2..end]) {
                found.push(code);
            }
        }
    }
    found
}

/// A code literal (`"lower-case-words"`) after only spaces and commas.
fn literal_after(rest: &str) -> Option<String> {
    let rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
    let inner = rest.strip_prefix('"')?;
    let end = inner.find('"')?;
    let code = &inner[..end];
    let well_formed = code.starts_with(|c: char| c.is_ascii_lowercase())
        && code
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    well_formed.then(|| code.to_string())
}
