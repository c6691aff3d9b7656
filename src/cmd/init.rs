//! `fenpress init DIR`: writes a small working site (the repository's
//! `starter/` folder, embedded in the binary) into a new or empty folder,
//! so an author starts from pages that build and check clean.

use std::path::{Path, PathBuf};

/// `fenpress init DIR`
///
/// Example: `fenpress init my-site && cd my-site && fenpress check`
#[derive(clap::Args, Debug, Clone)]
pub struct InitArgs {
    /// The folder to create (it may exist, but must be empty).
    pub dir: PathBuf,
}

/// The starter site: path inside the new folder, contents.
const FILES: &[(&str, &str)] = &[
    ("config.yaml", include_str!("../../starter/config.yaml")),
    ("README.md", include_str!("../../starter/README.md")),
    (
        "rules/Chess/en.pug",
        include_str!("../../starter/rules/Chess/en.pug"),
    ),
    (
        "rules/Nightriders/en.md",
        include_str!("../../starter/rules/Nightriders/en.md"),
    ),
    (
        "variants/Nightriders.yaml",
        include_str!("../../starter/variants/Nightriders.yaml"),
    ),
    (
        "puzzles/Chess/back-rank.md",
        include_str!("../../starter/puzzles/Chess/back-rank.md"),
    ),
    (
        "pages/home/en.md",
        include_str!("../../starter/pages/home/en.md"),
    ),
    (
        ".github/workflows/fenpress.yml",
        include_str!("../../starter/.github/workflows/fenpress.yml"),
    ),
    (".gitignore", include_str!("../../starter/.gitignore")),
    (
        "hooks/pre-commit",
        include_str!("../../starter/hooks/pre-commit"),
    ),
];

pub fn run(args: &InitArgs) -> anyhow::Result<u8> {
    match init(&args.dir) {
        Ok(()) => {
            println!(
                "created a site in {0}: `cd {0}`, then `fenpress serve` previews it, \
                 `fenpress check` proves it, `fenpress build` writes it into public/ \
                 (its README.md says more)",
                args.dir.display()
            );
            Ok(0)
        }
        Err(msg) => {
            eprintln!("error: {msg}");
            Ok(2)
        }
    }
}

/// The fenpress the starter's workflow installs: this one's version, from
/// the repository `Cargo.toml` names (the one place it is written).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
pub const REPOSITORY: &str = env!("CARGO_PKG_REPOSITORY");

/// A starter file with `@VERSION@` and `@REPOSITORY@` filled in.
pub fn fill_in(text: &str) -> String {
    text.replace("@VERSION@", VERSION)
        .replace("@REPOSITORY@", REPOSITORY)
}

/// Writes the starter site into `dir`, which must not hold anything yet.
pub fn init(dir: &Path) -> Result<(), String> {
    if dir.exists() {
        let mut entries = std::fs::read_dir(dir)
            .map_err(|e| format!("{} is not a folder fenpress can read: {e}", dir.display()))?;
        if let Some(Ok(first)) = entries.next() {
            return Err(format!(
                "{} is not empty (it holds {}): init writes only into a new or empty folder, \
                 so that no file of yours is replaced",
                dir.display(),
                first.file_name().to_string_lossy()
            ));
        }
    }
    for (path, text) in FILES {
        let target = dir.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&target, fill_in(text))
            .map_err(|e| format!("cannot write {}: {e}", target.display()))?;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let hook = dir.join("hooks/pre-commit");
        let _ = std::fs::set_permissions(&hook, std::fs::Permissions::from_mode(0o755));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workflow_names_this_version_and_the_repository() {
        let (_, workflow) = FILES
            .iter()
            .find(|(path, _)| path.ends_with("fenpress.yml"))
            .unwrap();
        let workflow = fill_in(workflow);
        assert!(!workflow.contains("@VERSION@") && !workflow.contains("@REPOSITORY@"));
        assert!(workflow.contains(&format!("FENPRESS_VERSION: \"{VERSION}\"")));
        assert!(workflow.contains(&format!("FENPRESS_REPOSITORY: \"{REPOSITORY}\"")));
        assert!(REPOSITORY.starts_with("https://"), "{REPOSITORY}");
    }

    #[test]
    fn writes_every_file_of_the_starter_and_refuses_a_non_empty_folder() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        init(&site).unwrap();
        for (path, text) in FILES {
            assert_eq!(
                std::fs::read_to_string(site.join(path)).unwrap(),
                fill_in(text)
            );
        }
        let err = init(&site).unwrap_err();
        assert!(err.contains("not empty"), "{err}");
    }
}
