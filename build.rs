//! Embeds the default piece set (`themes/default/pieces/**.svg`) into the
//! binary, so a new piece file needs no code change; links the release
//! binary position-dependent on Linux (see `link_position_dependent`);
//! marks the tests that need the vchess corpus as ignored when it is not
//! there (see `shared_data_cfg`).

use std::path::Path;

fn main() {
    link_position_dependent();
    shared_data_cfg();
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
