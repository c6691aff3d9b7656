//! The few words the default templates print (navigation, 404), per
//! language; languages without a table use English.

use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct Strings {
    pub rules: &'static str,
    pub variants: &'static str,
    pub previous: &'static str,
    pub next: &'static str,
    pub home: &'static str,
    pub languages: &'static str,
    pub not_found: &'static str,
    pub not_found_text: &'static str,
    pub choose_language: &'static str,
}

pub fn strings(lang: &str) -> Strings {
    match lang {
        "fr" => Strings {
            rules: "Règles",
            variants: "Variantes",
            previous: "Précédente",
            next: "Suivante",
            home: "Accueil",
            languages: "Langues",
            not_found: "Page introuvable",
            not_found_text: "Cette page n'existe pas. Retournez à l'accueil.",
            choose_language: "Choisissez une langue",
        },
        "es" => Strings {
            rules: "Reglas",
            variants: "Variantes",
            previous: "Anterior",
            next: "Siguiente",
            home: "Inicio",
            languages: "Idiomas",
            not_found: "Página no encontrada",
            not_found_text: "Esta página no existe. Vuelva al inicio.",
            choose_language: "Elija un idioma",
        },
        _ => Strings {
            rules: "Rules",
            variants: "Variants",
            previous: "Previous",
            next: "Next",
            home: "Home",
            languages: "Languages",
            not_found: "Page not found",
            not_found_text: "There is no page here. Go back to the home page.",
            choose_language: "Choose a language",
        },
    }
}

/// A language's own name for itself, for switchers; the code otherwise.
pub fn language_name(lang: &str) -> String {
    match lang {
        "en" => "English",
        "es" => "Español",
        "fr" => "Français",
        "de" => "Deutsch",
        "it" => "Italiano",
        "pt" => "Português",
        other => other,
    }
    .to_string()
}
