//! Variants a site defines in its content folder (`variants/<Name>.yaml`),
//! registered for the process so that every name lookup (diagram checks,
//! puzzles, drawing, search, `perft --content`) sees them beside the
//! built-in ones, without a registry threaded through every layer.
//!
//! A site's definition adds a variant or replaces a built-in one. The
//! compiled rules are leaked: they live for the process (a few per site),
//! so a `&'static dyn Rules` handed out earlier stays valid when `serve`
//! re-reads an edited definition. One process serves one site; two sites
//! in one process that define the same name differently are refused (an
//! error naming both files), never silently mixed.

use std::sync::RwLock;

use crate::definition::{self, DefinitionError, DefinitionErrorKind};
use crate::registry::VariantInfo;
use crate::rules::Rules;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

struct Defined {
    /// The file it came from: the same file may redefine it (serve).
    file: String,
    /// The definition's text, to tell a harmless re-registration apart.
    text: String,
    spec: &'static ChessLikeSpec,
    rules: &'static ChessLike,
    info: &'static VariantInfo,
}

static DEFINED: RwLock<Vec<Defined>> = RwLock::new(Vec::new());

/// Reads, compiles and registers the definition in `text`; its name is the
/// file's name. Returns the variant's name.
pub fn define(file: &str, text: &str) -> Result<&'static str, DefinitionError> {
    let mut spec = definition::parse_definition(text, file)?;
    spec.name = definition::leak(definition::name_from_file(file).to_string());
    let name = spec.name;
    let mut defined = DEFINED.write().unwrap_or_else(|e| e.into_inner());
    if let Some(old) = defined
        .iter()
        .find(|d| d.spec.name.eq_ignore_ascii_case(name))
    {
        if old.text == text {
            return Ok(old.spec.name);
        }
        if old.file != file {
            return Err(DefinitionError {
                file: file.to_string(),
                line: 0,
                col: 0,
                kind: DefinitionErrorKind::Spec(format!(
                    "variant `{name}` is already defined differently by {}",
                    old.file
                )),
            });
        }
    }
    let rules = ChessLike::new(spec.clone()).map_err(|e| DefinitionError {
        file: file.to_string(),
        line: 0,
        col: 0,
        kind: DefinitionErrorKind::Spec(e.to_string()),
    })?;
    let info = VariantInfo {
        name,
        rows: spec.rows,
        cols: spec.cols,
        letters: definition::leak(letters(&spec)),
        hole: (!spec.holes.is_empty()).then_some('x'),
        cell: crate::fen_row::CellSpelling::Letter,
    };
    let entry = Defined {
        file: file.to_string(),
        text: text.to_string(),
        spec: Box::leak(Box::new(spec)),
        rules: Box::leak(Box::new(rules)),
        info: Box::leak(Box::new(info)),
    };
    defined.retain(|d| !d.spec.name.eq_ignore_ascii_case(name));
    defined.push(entry);
    Ok(name)
}

/// Every FEN letter of the definition: White's uppercase, Black's lowercase.
fn letters(spec: &ChessLikeSpec) -> String {
    let mut out = String::new();
    for (side, army) in spec.armies.iter().enumerate() {
        for p in army {
            let c = if side == 0 {
                p.letter.to_ascii_uppercase()
            } else {
                p.letter.to_ascii_lowercase()
            };
            if !out.contains(c) {
                out.push(c);
            }
        }
    }
    out
}

fn find<T>(name: &str, f: impl Fn(&Defined) -> T) -> Option<T> {
    let defined = DEFINED.read().unwrap_or_else(|e| e.into_inner());
    defined
        .iter()
        .find(|d| d.spec.name.eq_ignore_ascii_case(name))
        .map(f)
}

/// The facts of a site-defined variant.
pub fn lookup(name: &str) -> Option<&'static VariantInfo> {
    find(name, |d| d.info)
}

/// The rules of a site-defined variant.
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    find(name, |d| d.rules as &'static dyn Rules)
}

/// The definition of a site-defined variant (`variant show`).
pub fn definition(name: &str) -> Option<&'static ChessLikeSpec> {
    find(name, |d| d.spec)
}

/// The names of the site-defined variants, in the order they were defined.
pub fn names() -> Vec<&'static str> {
    let defined = DEFINED.read().unwrap_or_else(|e| e.into_inner());
    defined.iter().map(|d| d.spec.name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{legal, registry};

    const TINY: &str = "board: 5x5\npieces:\n  - { letter: k, betza: K, royal: true }\n  - { letter: w, betza: W }\nstart: k4/5/5/5/W3K w 0\n";

    #[test]
    fn a_defined_variant_is_seen_by_every_lookup() {
        assert_eq!(define("variants/Sitetiny.yaml", TINY).unwrap(), "Sitetiny");
        let info = registry::lookup("sitetiny").unwrap();
        assert_eq!((info.rows, info.cols), (5, 5));
        assert!(info.letters.contains('W') && info.letters.contains('k'));
        let rules = registry::rules("Sitetiny").unwrap();
        assert_eq!(legal::perft(rules, &mut rules.start_position(), 1), 5);
        // The same text again is harmless; another file's other text is refused.
        define("variants/Sitetiny.yaml", TINY).unwrap();
        let other = TINY.replace("betza: W }", "betza: F }");
        let err = define("elsewhere/Sitetiny.yaml", &other).unwrap_err();
        assert!(err.to_string().contains("already defined"), "{err}");
        // The same file may change it (serve re-reads an edited file).
        define("variants/Sitetiny.yaml", &other).unwrap();
        let rules = registry::rules("Sitetiny").unwrap();
        assert_eq!(legal::perft(rules, &mut rules.start_position(), 1), 4);
    }

    #[test]
    fn a_misspelled_name_suggests_the_site_s_own_variant() {
        define("variants/Sitewidetiny.yaml", TINY).unwrap();
        assert_eq!(registry::close_names("Sitewidetin")[0], "Sitewidetiny");
        assert!(registry::close_names("Sitewdetiny").contains(&"Sitewidetiny"));
    }

    #[test]
    fn a_bad_definition_says_where() {
        let err = define("variants/Sitebad.yaml", "board: 5x5\npieces:\n  - { letter: k, betza: Ky, royal: true }\nstart: k4/5/5/5/4K w 0\n").unwrap_err();
        assert!(
            err.to_string().starts_with("variants/Sitebad.yaml:3:"),
            "{err}"
        );
        assert!(registry::lookup("Sitebad").is_none());
    }
}
