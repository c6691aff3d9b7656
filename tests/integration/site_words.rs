//! Interface words overridden in `config.yaml` (`words:`, typed, unknown
//! keys warned at their line) and the header's menu from the config, with
//! a default that does not list every page.

use fenpress::diagnostic::Severity;

use crate::common::Site;

#[test]
fn words_and_menu_from_the_config() {
    let site = Site::new()
        .file(
            "config.yaml",
            "languages: [en, fr, es]\nwords:\n  es: {rules: Las reglas}\n  fr:\n    search:\n      label: Chercher\n    rules: Les règles\n    serch: typo\nmenu:\n  fr:\n    - {title: À propos, url: /fr/about/}\n    - {title: Ailleurs, url: \"https://example.org/\"}\n",
        )
        .file("rules/Chess/en.md", "# Chess\n")
        .file("rules/Chess/fr.md", "# Échecs\n")
        .file("pages/about/en.md", "# About\n")
        .file("pages/about/fr.md", "# À propos\n")
        .file("pages/faq/en.md", "# FAQ\n")
        .file("rules/Chess/es.md", "# Ajedrez\n")
        .file("pages/home/es.md", "# Inicio\n");
    let built = site.build();
    built
        .ok()
        .diagnostic(Severity::Warning, "unknown-word", "config.yaml", 8)
        .contains("es/rules/Chess/index.html", ">Las reglas</a>")
        .contains("fr/rules/Chess/index.html", "Chercher")
        .contains(
            "fr/rules/Chess/index.html",
            "<a href=\"/fr/about/\">À propos</a>",
        )
        .contains(
            "fr/rules/Chess/index.html",
            "<a href=\"https://example.org/\">Ailleurs</a>",
        )
        .lacks("fr/rules/Chess/index.html", ">Les règles</a>")
        // English keeps its words and the default menu: rules and about,
        // not every page.
        .contains(
            "en/rules/Chess/index.html",
            "<a href=\"/en/rules/\">Rules</a>",
        )
        .contains(
            "en/rules/Chess/index.html",
            "<a href=\"/en/about/\">About</a>",
        )
        .lacks("en/rules/Chess/index.html", "<a href=\"/en/faq/\">");
}

/// Keyboard and comfort: a skip link first, the main content as its
/// target, the dark-mode toggle and its script, in the page's language.
#[test]
fn skip_link_and_dark_mode_toggle() {
    let site = Site::new().file("rules/Chess/fr.md", "# Échecs\n");
    site.build()
        .ok()
        .contains(
            "fr/rules/Chess/index.html",
            "<a class=\"skip-link\" href=\"#fp-main\">Aller au contenu</a>",
        )
        .contains(
            "fr/rules/Chess/index.html",
            "<main id=\"fp-main\" tabindex=\"-1\">",
        )
        .contains(
            "fr/rules/Chess/index.html",
            "class=\"theme-toggle\" aria-pressed=\"false\" hidden>Mode sombre</button>",
        )
        .contains("fr/rules/Chess/index.html", "static/theme.js")
        .has_file("static/theme.js")
        .contains("static/fenpress.css", ":root[data-theme=\"dark\"]");
}
