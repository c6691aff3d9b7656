//! The Asian boards and their kin: palaces, blockable leapers, cannons, gating and choice (Xiangqi, Janggi, Makruk, Sittuyin, Schess, ...).
//! Each variant of the family is a file of this folder; [`rules`] is the
//! family's entry in [`crate::registry`].

use crate::rules::Rules;

/// The rules of a variant of this family, by name (any case).
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    let _ = name;
    None
}
