//! The site folder `build`, `check` and `serve` read: the folder given
//! (`fenpress build my-site` or `--content my-site`), else the current
//! folder, so that the starter's README commands work as written from
//! inside the site.

use std::path::{Path, PathBuf};

/// The site folder argument shared by `build`, `check` and `serve`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SiteArgs {
    /// The site folder (config.yaml, rules/, pages/, puzzles/, variants/).
    /// Default: the current folder.
    #[arg(value_name = "SITE", conflicts_with = "content")]
    pub site: Option<PathBuf>,
    /// The site folder, as an option (the same as SITE).
    #[arg(long, value_name = "DIR")]
    pub content: Option<PathBuf>,
}

/// The current folder was taken as the site but holds none of a site's
/// files (exit code 2).
#[derive(Debug, thiserror::Error)]
#[error(
    "the current folder {0} is not a fenpress site (it has no config.yaml, rules/, pages/ or \
     puzzles/): run fenpress in your site's folder, or name it (`fenpress build my-site` or \
     `--content my-site`); `fenpress init my-site` starts one"
)]
pub struct NotASite(pub PathBuf);

impl SiteArgs {
    /// The folder named on the command line, else `.` — which must then
    /// look like a site, so that a command run in the wrong folder says
    /// so instead of building an empty site there.
    pub fn folder(&self) -> Result<PathBuf, NotASite> {
        if let Some(dir) = self.site.as_ref().or(self.content.as_ref()) {
            return Ok(dir.clone());
        }
        let here = PathBuf::from(".");
        if looks_like_a_site(&here) {
            Ok(here)
        } else {
            let shown = std::env::current_dir().unwrap_or_else(|_| here.clone());
            Err(NotASite(shown))
        }
    }
}

/// Whether `dir` holds one of the files or folders of a site.
pub fn looks_like_a_site(dir: &Path) -> bool {
    dir.join("config.yaml").is_file()
        || ["rules", "pages", "puzzles", "variants"]
            .iter()
            .any(|section| dir.join(section).is_dir())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_a_site_when_it_holds_a_config_or_a_section() {
        let dir = tempfile::tempdir().unwrap();
        assert!(!looks_like_a_site(dir.path()));
        std::fs::create_dir(dir.path().join("rules")).unwrap();
        assert!(looks_like_a_site(dir.path()));
        let other = tempfile::tempdir().unwrap();
        std::fs::write(other.path().join("config.yaml"), "").unwrap();
        assert!(looks_like_a_site(other.path()));
    }

    #[test]
    fn the_folder_given_wins_over_the_current_one() {
        let args = SiteArgs {
            site: Some("my-site".into()),
            content: None,
        };
        assert_eq!(args.folder().unwrap(), PathBuf::from("my-site"));
        let args = SiteArgs {
            site: None,
            content: Some("other".into()),
        };
        assert_eq!(args.folder().unwrap(), PathBuf::from("other"));
    }
}
