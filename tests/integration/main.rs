//! The root crate's integration tests, linked into one test binary.
//!
//! Each module below was once its own `tests/*.rs` binary. Every such binary
//! links the whole site stack (resvg, tera, pagefind, axum) again; one binary
//! keeps a clean `cargo test` several gigabytes smaller and links once
//! instead of twenty times. Run one group with `cargo test --test
//! integration site_build::`.

// Helpers shared by the test modules.
mod common;
mod pug_common;
mod serve_common;
mod shared_dir;
mod support;

// Accessibility: axe-core in Chromium over built sites.
mod accessibility;
// `fenpress check` and the verification a build runs.
mod check_build;
mod check_config;
mod check_convert;
mod check_corpus;
mod check_fixtures;
// The command line: help, flags, exit codes, annotations.
mod cli_manners;
// The Pug writer's diagram records against the parsed ones.
mod content_records;
// The Pug front end.
mod pug_convert_cli;
mod pug_reference;
mod pug_seeds;
// Puzzles.
mod puzzle_browser;
mod puzzle_compose;
mod puzzle_content;
mod puzzle_site;
mod puzzle_verify;
// Diagram rendering.
// Explorable diagrams in a browser.
mod explore_browser;
mod layout_browser;
mod render_corpus;
mod render_pixels;
mod render_snapshots;
// The rules core through the command line.
mod rules_cli;
// Bad input never panics.
mod robustness;
// Search.
mod search_browser;
mod search_index;
// `fenpress serve`.
mod serve_abuse;
mod serve_live;
mod serve_safety;
// The tree's own shape.
mod tree_shape;
// Site builds.
mod site_baseline;
mod site_bounds;
mod site_build;
mod site_cli;
mod site_corpus;
mod site_hostile;
mod site_init;
mod site_rebuild;
// The starter site: its README and workflow, run as written.
mod site_languages;
mod site_safety;
mod site_scan;
mod site_starter;
// The README: short, its commands and example run as written.
mod readme;
// The user guide, a fenpress site of its own.
mod guide;
// A site below a path (GitHub project pages); a page opened from the disk.
mod site_subpath;
// The workflows: actionlint and shellcheck.
mod site_words;
mod workflow_lint;
// The theme's palette: contrast of marks, arrows and shadows.
mod theme_contrast;
