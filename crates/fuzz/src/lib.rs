//! Fuzz targets: each reader of user-written text (Pug pages, FEN, move
//! notation, ...) as a function of bytes that must never panic, hang or
//! abort. The same targets run under the stable mutation loop of
//! `src/main.rs` (any toolchain) and, where a nightly toolchain exists,
//! under cargo-fuzz (`fuzz_target!(|d| (target.run)(d))`).

pub mod mutate;
pub mod targets;

/// One fuzz target.
pub struct Target {
    /// Its name on the command line.
    pub name: &'static str,
    /// What it reads, for `--help`.
    pub about: &'static str,
    /// Runs one input; panicking (or aborting) is a finding.
    pub run: fn(&[u8]),
    /// Words the mutator splices in: the syntax the reader cares about.
    pub dictionary: &'static [&'static str],
}

/// Every target, by name.
pub fn targets() -> &'static [Target] {
    targets::ALL
}

/// The target called `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    targets().iter().find(|t| t.name == name)
}
