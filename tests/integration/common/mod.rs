//! A fixture site in a temporary folder, built with the library, with
//! fluent assertions on the files it produces (mdBook's habit).

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use fenpress::diagnostic::Severity;
use fenpress::site::{build, BuildOptions, BuildReport};

pub struct Site {
    dir: tempfile::TempDir,
}

impl Site {
    pub fn new() -> Site {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("content")).expect("content dir");
        Site { dir }
    }

    /// Add a file below the content folder.
    pub fn file(self, path: &str, text: &str) -> Site {
        self.bytes(path, text.as_bytes())
    }

    pub fn bytes(self, path: &str, bytes: &[u8]) -> Site {
        let target = self.content().join(path);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::write(target, bytes).expect("write fixture");
        self
    }

    /// Add a file beside the content folder (themes).
    pub fn outside(self, path: &str, text: &str) -> Site {
        let target = self.dir.path().join(path);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::write(target, text).expect("write fixture");
        self
    }

    pub fn content(&self) -> PathBuf {
        self.dir.path().join("content")
    }

    pub fn out(&self) -> PathBuf {
        self.dir.path().join("public")
    }

    /// Writes the site's baseline with every finding `check` makes today,
    /// as `fenpress check --write-baseline` does: they no longer fail.
    pub fn declare_findings(&self) {
        use fenpress::site::baseline::{self, BaselineChoice};
        let options = fenpress::site::CheckOptions {
            baseline: BaselineChoice::Ignore,
            ..Default::default()
        };
        let report = fenpress::site::check_site_with(&self.content(), &options).unwrap();
        let path = self.content().join(baseline::DEFAULT_FILE);
        baseline::write(&path, &self.content(), &report.diagnostics, &report.sources).unwrap();
    }

    pub fn build(&self) -> Built<'_> {
        self.build_with(false)
    }

    pub fn build_strict(&self) -> Built<'_> {
        self.build_with(true)
    }

    fn build_with(&self, strict: bool) -> Built<'_> {
        let report = build(&BuildOptions {
            content: self.content(),
            out: self.out(),
            strict,
        })
        .expect("the build runs");
        Built { site: self, report }
    }

    /// Every output file with its bytes, sorted by path.
    pub fn snapshot(&self) -> Vec<(PathBuf, Vec<u8>)> {
        let mut files: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(self.out())
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                let rel = e
                    .path()
                    .strip_prefix(self.out())
                    .expect("below out")
                    .to_path_buf();
                (rel, std::fs::read(e.path()).expect("read output"))
            })
            .collect();
        files.sort();
        files
    }
}

pub struct Built<'a> {
    pub site: &'a Site,
    pub report: BuildReport,
}

impl Built<'_> {
    /// Every diagnostic, one per line, for assertion messages.
    fn shown(&self) -> String {
        let lines: Vec<String> = self
            .report
            .diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect();
        lines.join("\n")
    }

    #[track_caller]
    pub fn ok(&self) -> &Self {
        assert!(self.report.written, "build failed:\n{}", self.shown());
        self
    }

    #[track_caller]
    pub fn failed(&self) -> &Self {
        assert!(!self.report.written, "the build was expected to fail");
        self
    }

    /// A diagnostic with this severity and code blames `file_end` at `line`.
    #[track_caller]
    pub fn diagnostic(&self, severity: Severity, code: &str, file_end: &str, line: usize) -> &Self {
        let found = self.report.diagnostics.iter().any(|d| {
            d.severity == severity && d.code == code && d.file.ends_with(file_end) && d.line == line
        });
        assert!(
            found,
            "no {severity}[{code}] at {file_end}:{line} in:\n{}",
            self.shown()
        );
        self
    }

    #[track_caller]
    pub fn has_file(&self, path: &str) -> &Self {
        assert!(
            self.site.out().join(path).is_file(),
            "missing output file {path}"
        );
        self
    }

    #[track_caller]
    pub fn contains(&self, path: &str, needle: &str) -> &Self {
        let text = self.read(path);
        assert!(text.contains(needle), "{path} lacks {needle:?}:\n{text}");
        self
    }

    #[track_caller]
    pub fn lacks(&self, path: &str, needle: &str) -> &Self {
        let text = self.read(path);
        assert!(!text.contains(needle), "{path} has {needle:?}");
        self
    }

    #[track_caller]
    pub fn read(&self, path: &str) -> String {
        read(&self.site.out(), path)
    }
}

#[track_caller]
pub fn read(dir: &Path, path: &str) -> String {
    std::fs::read_to_string(dir.join(path)).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

/// True once `fenpress::markdown::render` is the real renderer (it is a
/// stub until the pug branch's Markdown work is merged): tests of page
/// bodies and diagram counts wait for it instead of failing.
pub fn markdown_renders() -> bool {
    !fenpress::markdown::render("x", &mut |_| String::new()).is_empty()
}

use crate::shared_dir;

/// `$FENPRESS_SHARED`, else `<workspace>/../shared`, if it holds the corpus.
pub fn corpus() -> Option<PathBuf> {
    shared_dir::vchess()
}

/// A whole 1×1 grey PNG: an image the build's image check accepts (a few
/// bytes that only start like a PNG are reported as `image-corrupt`).
pub const TINY_PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\0\0\0\0:~\x9bU\0\0\0\nIDATx\x9cch\0\0\0\x82\0\x81w\xcdr\xb6\0\0\0\0IEND\xaeB`\x82";
