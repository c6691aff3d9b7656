//! The names a rules page should rank first for: its variant's pieces, from
//! the rules core (English) and, for French and Spanish, as the corpus's own
//! rules pages name them.

use fenpress_rules::registry::Registry;
use fenpress_rules::{Color, Piece};

/// English piece name (as `Rules::piece_name` gives it) → French, Spanish.
/// Only names the vchess rules pages themselves use; anything not listed is
/// indexed in English only.
const TRANSLATIONS: &[(&str, &str, &str)] = &[
    // Orda
    ("lancer", "lancier", "lancero"),
    ("horse archer", "archer à cheval", "arquero a caballo"),
    ("kheshig", "kheshig", "kheshig"),
    ("yurt", "yourte", "yurta"),
    ("khan", "khan", "khan"),
    // Baroque, Maxima
    ("pincer pawn", "pinceur", "pinchazo"),
    ("coordinator", "coordinateur", "coordinador"),
    ("long leaper", "sauteur long", "saltador largo"),
    ("chameleon", "caméléon", "camaleón"),
    ("withdrawer", "retireur", "supresor"),
    ("immobilizer", "immobiliseur", "inmovilizador"),
    ("mage", "mage", "mago"),
    ("guard", "garde", "guardia"),
    // Rococo, Fugue
    ("cannon pawn", "pion canon", "canon peón"),
    ("swapper", "échangeur", "intercambiador"),
    ("pushme-pullyu", "pushme-pullyu", "pushme-pullyu"),
    ("archer", "archer", "arquero"),
    ("shield", "bouclier", "escudo"),
];

/// Orthodox names: every variant has a king and most have pawns, so these
/// would only pull six pages ahead of the others.
const ORTHODOX: &[&str] = &["pawn", "knight", "bishop", "rook", "queen", "king"];

/// The names of `variant`'s own pieces in `lang` (the page's language
/// first, then English), for [`super::SearchPage::terms`]. Empty for a
/// variant the rules core does not implement, or with orthodox pieces only.
pub fn piece_terms(registry: &Registry, variant: &str, lang: &str) -> Vec<String> {
    let Some(rules) = registry.rules(variant) else {
        return Vec::new();
    };
    let mut english: Vec<String> = Vec::new();
    for color in Color::ALL {
        for kind in rules.kinds(color).iter() {
            let name = rules.piece_name(Piece::new(color, kind)).to_lowercase();
            if !ORTHODOX.contains(&name.as_str())
                && !name.starts_with("piece ")
                && !english.contains(&name)
            {
                english.push(name);
            }
        }
    }
    let mut terms: Vec<String> = Vec::new();
    for name in &english {
        let local = TRANSLATIONS
            .iter()
            .find(|(en, ..)| en == name)
            .and_then(|(_, fr, es)| match lang {
                "fr" => Some(*fr),
                "es" => Some(*es),
                _ => None,
            });
        if let Some(local) = local {
            if !terms.iter().any(|t| t == local) {
                terms.push(local.to_string());
            }
        }
    }
    for name in english {
        if !terms.contains(&name) {
            terms.push(name);
        }
    }
    terms
}

#[cfg(test)]
mod tests {
    use super::*;
    use fenpress_rules::registry::BUILTIN;

    #[test]
    fn orda_in_french_then_english() {
        let terms = piece_terms(&BUILTIN, "Orda", "fr");
        for t in ["kheshig", "yourte", "lancier", "archer à cheval", "yurt"] {
            assert!(terms.iter().any(|x| x == t), "{t}: {terms:?}");
        }
        let first_english = terms.iter().position(|t| t == "yurt").unwrap();
        assert!(terms.iter().position(|t| t == "yourte").unwrap() < first_english);
        assert!(!terms.iter().any(|t| t == "king" || t == "pawn"));
    }

    #[test]
    fn baroque_and_maxima_have_the_immobilizer() {
        assert!(piece_terms(&BUILTIN, "Baroque", "en").contains(&"immobilizer".into()));
        assert!(piece_terms(&BUILTIN, "Maxima", "es").contains(&"inmovilizador".into()));
        assert!(piece_terms(&BUILTIN, "Maxima", "fr").contains(&"mage".into()));
    }

    #[test]
    fn rococo_and_fugue_have_their_pages_names() {
        assert!(piece_terms(&BUILTIN, "Rococo", "fr").contains(&"échangeur".into()));
        assert!(piece_terms(&BUILTIN, "Fugue", "es").contains(&"escudo".into()));
        assert!(piece_terms(&BUILTIN, "Fugue", "en").contains(&"archer".into()));
    }

    #[test]
    fn unknown_or_orthodox_variants_have_none() {
        assert!(piece_terms(&BUILTIN, "Alice", "en").is_empty());
        assert!(piece_terms(&BUILTIN, "Chess960", "fr").is_empty());
    }
}
