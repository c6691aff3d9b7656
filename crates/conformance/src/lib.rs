//! Differential testing of fenpress's rules core against the vchess engine:
//! the oracle process ([`oracle`]), moves of both engines in one comparable
//! shape ([`canon`]), a position held by both at once ([`session`]).
//!
//! The `fenpress-conformance` binary compares one position (`moves`) or one
//! perft (`perft`, descending to the first position whose move sets
//! differ); `tests/differential.rs` runs random playouts over every variant
//! the registry has rules for.

pub mod borrowed_family;
pub mod canon;
pub mod check;
pub mod chess_family;
pub mod classifiers;
pub mod corpus;
pub mod deviations;
pub mod oracle;
pub mod prng;
pub mod roots;
pub mod round_trip;
pub mod session;
pub mod turns_family;

use fenpress_rules::{registry, Rules};

/// The vchess name and fenpress rules of a variant named on a command line
/// (any case), with options (`pacoplay`).
pub fn resolve(name: &str, options: &[&str]) -> Option<(&'static str, &'static dyn Rules)> {
    let info = registry::lookup(name)?;
    let rules = registry::rules_with_options(info.name, options)?;
    Some((info.name, rules))
}
