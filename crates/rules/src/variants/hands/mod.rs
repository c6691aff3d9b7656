//! Pieces in hand, drops and promotion zones (Crazyhouse, Shogi, Dobutsu, ...).
//! Each variant of the family is a file of this folder; [`rules`] is the
//! family's entry in [`crate::registry`]. Shared mechanics: [`drops`].

use std::sync::LazyLock;

use crate::rules::Rules;

pub mod crazyhouse;
pub mod drops;

static CRAZYHOUSE: LazyLock<crazyhouse::Crazyhouse> = LazyLock::new(crazyhouse::Crazyhouse::new);

/// The rules of a variant of this family, by name (any case).
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    match name.to_ascii_lowercase().as_str() {
        "crazyhouse" => Some(&*CRAZYHOUSE),
        _ => None,
    }
}
