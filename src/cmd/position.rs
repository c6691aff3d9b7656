//! The rules and position a rules-core command (`perft`, `moves`) names:
//! the variant looked up in the registry, its options applied, the FEN read.

use fenpress_rules::registry::{Registry, VariantRules};
use fenpress_rules::{validate, Position};

/// The variants of the site (`content`, see [`site_variants`]), then the
/// rules and position [`setup`] finds there; or the whole message to print
/// before exiting with 2.
pub(super) fn site_setup(
    content: Option<&std::path::Path>,
    variant: &str,
    fen: &str,
    options: &[String],
) -> Result<(VariantRules, Position), String> {
    let registry = site_variants(content)?;
    setup(&registry, variant, fen, options).map_err(|msg| format!("error: {msg}"))
}

/// The rules and position, or the message to print before exiting with 2.
pub(super) fn setup(
    registry: &Registry,
    variant: &str,
    fen: &str,
    options: &[String],
) -> Result<(VariantRules, Position), String> {
    let Some(info) = registry.lookup(variant) else {
        let close = registry.close_names(variant);
        let hint = if close.is_empty() {
            String::new()
        } else {
            format!(" (did you mean {}?)", close.join(", "))
        };
        return Err(format!("unknown variant `{variant}`{hint}"));
    };
    if registry.rules(info.name).is_none() {
        return Err(format!("fenpress has no move rules for {} yet", info.name));
    }
    let opts: Vec<&str> = options.iter().map(String::as_str).collect();
    let Some(rules) = registry.rules_with_options(info.name, &opts) else {
        return Err(format!(
            "{} has no option `{}`",
            info.name,
            options.join(" ")
        ));
    };
    let text = if fen.eq_ignore_ascii_case("start") {
        rules.start_fen()
    } else {
        fen
    };
    let pos =
        validate::position_from_fen(&*rules, text).map_err(|e| format!("bad FEN `{text}`: {e}"))?;
    Ok((rules, pos))
}

/// The variants a command sees: the built-in ones, plus the definitions of
/// a content folder (`--content`, else the current folder when it has a
/// `variants/` folder: a user in their site runs `fenpress perft
/// Nightriders start 3` as the site's README shows); or which definition
/// is bad, at its line and column.
pub(super) fn site_variants(content: Option<&std::path::Path>) -> Result<Registry, String> {
    let here = std::path::Path::new(".");
    let Some(root) = content.or_else(|| here.join("variants").is_dir().then_some(here)) else {
        return Ok(Registry::builtin());
    };
    if !root.is_dir() {
        return Err(format!("error: no content folder {}", root.display()));
    }
    let mut diagnostics = Vec::new();
    let mut sources = std::collections::BTreeMap::new();
    let registry = crate::content::load_variants(root, &mut diagnostics, &mut sources);
    match diagnostics.first() {
        None => Ok(registry),
        Some(d) => Err(format!(
            "{}:{}:{}: error[{}]: {}",
            d.file.display(),
            d.line,
            d.column,
            d.code,
            d.message
        )),
    }
}
