//! Embeds the default piece set (`themes/default/pieces/**.svg`) into the
//! binary, so a new piece file needs no code change.

use std::path::Path;

fn main() {
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
