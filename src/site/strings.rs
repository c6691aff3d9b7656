//! The words the default templates print (navigation, 404, search box and
//! search page, and the messages the search page hands to `search.js`), per
//! language: a language's interface words live in its one table here, and a
//! language without a table gets English for every word.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

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
    /// The skip link, first on every page, for keyboard readers.
    pub skip_to_content: &'static str,
    /// The dark-mode toggle's label (a pressed/unpressed button).
    pub dark_mode: &'static str,
    pub search: SearchStrings,
}

/// The search box, the search page and its results. The messages are data
/// for `search.js` (`data-msg-*`), which fills in `{query}` and `{count}`;
/// a rules page's kind is [`Strings::rules`].
#[derive(Debug, Clone, Serialize)]
pub struct SearchStrings {
    /// The search page's heading and `<title>`.
    pub title: &'static str,
    /// The button and the field's accessible name.
    pub label: &'static str,
    /// The header box's placeholder.
    pub box_placeholder: &'static str,
    /// The search page's placeholder.
    pub placeholder: &'static str,
    /// Without JavaScript: this, then a link reading `browse` to the variants.
    pub noscript: &'static str,
    pub browse: &'static str,
    pub searching: &'static str,
    pub none: &'static str,
    pub one: &'static str,
    pub many: &'static str,
    pub more: &'static str,
    pub error: &'static str,
    /// Kinds of result besides rules.
    pub puzzle: &'static str,
    pub page: &'static str,
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
            skip_to_content: "Aller au contenu",
            dark_mode: "Mode sombre",
            search: SearchStrings {
                title: "Recherche",
                label: "Rechercher",
                box_placeholder: "Rechercher dans les règles",
                placeholder: "Variante, pièce, règle…",
                noscript: "La recherche a besoin de JavaScript : activez-le pour chercher dans le site, ou parcourez",
                browse: "la liste des variantes",
                searching: "Recherche…",
                none: "Aucune page ne correspond à « {query} ».",
                one: "1 page pour « {query} ».",
                many: "{count} pages pour « {query} ».",
                more: "Plus de résultats",
                error: "La recherche n’a pas pu se charger.",
                puzzle: "Problème",
                page: "Page",
            },
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
            skip_to_content: "Ir al contenido",
            dark_mode: "Modo oscuro",
            search: SearchStrings {
                title: "Búsqueda",
                label: "Buscar",
                box_placeholder: "Buscar en las reglas",
                placeholder: "Variante, pieza, regla…",
                noscript: "La búsqueda necesita JavaScript: actívelo para buscar en el sitio, o recorra",
                browse: "la lista de variantes",
                searching: "Buscando…",
                none: "Ninguna página coincide con «{query}».",
                one: "1 página para «{query}».",
                many: "{count} páginas para «{query}».",
                more: "Más resultados",
                error: "No se pudo cargar la búsqueda.",
                puzzle: "Problema",
                page: "Página",
            },
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
            skip_to_content: "Skip to content",
            dark_mode: "Dark mode",
            search: SearchStrings {
                title: "Search",
                label: "Search",
                box_placeholder: "Search the rules",
                placeholder: "Variant, piece, rule…",
                noscript: "Search needs JavaScript: turn it on to search the site, or browse",
                browse: "the list of variants",
                searching: "Searching…",
                none: "No page matches “{query}”.",
                one: "1 page for “{query}”.",
                many: "{count} pages for “{query}”.",
                more: "More results",
                error: "Search could not load.",
                puzzle: "Puzzle",
                page: "Page",
            },
        },
    }
}

/// A language's words with the config's `words:` for it laid over them,
/// as the templates read them (`t.search.label`). Unknown keys are left
/// out here (`Config::word_warnings` reports them).
pub fn words(lang: &str, overrides: &BTreeMap<String, BTreeMap<String, String>>) -> Value {
    let mut value = serde_json::to_value(strings(lang)).unwrap_or(Value::Null);
    for (key, word) in overrides.get(lang).into_iter().flatten() {
        let pointer = format!("/{}", key.replace('.', "/"));
        if let Some(slot) = value.pointer_mut(&pointer).filter(|s| s.is_string()) {
            *slot = Value::String(word.clone());
        }
    }
    value
}

/// Every interface word's key, dotted (`rules`, `search.label`).
pub fn word_keys() -> Vec<String> {
    fn walk(prefix: &str, v: &Value, out: &mut Vec<String>) {
        if let Value::Object(map) = v {
            for (k, v) in map {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                walk(&key, v, out);
            }
        } else {
            out.push(prefix.to_string());
        }
    }
    let mut out = Vec::new();
    walk(
        "",
        &serde_json::to_value(strings("en")).unwrap_or(Value::Null),
        &mut out,
    );
    out
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
