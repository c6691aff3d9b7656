//! Chess with other ways to win that the definition format
//! (`crates/rules/variants/*.yaml`, where Koth, Racingkings, Squatter1,
//! Twokings, ... live) cannot say: Cwda, whose armies are chosen by a FEN
//! field. [`rules`] is the family's entry in [`crate::registry`].

mod cwda;

use std::sync::OnceLock;

use crate::rules::Rules;

/// The rules of a variant of this family, by name (any case).
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    static CWDA: OnceLock<cwda::Cwda> = OnceLock::new();
    if name.eq_ignore_ascii_case("cwda") {
        return Some(CWDA.get_or_init(cwda::Cwda::new));
    }
    None
}
