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

/// One table of words: the puzzle page's words and the diagrams' text
/// alternatives are interface words too, in the page's language, and the
/// config's `words:` reaches both.
#[test]
fn puzzle_and_alt_text_words_from_the_table_and_the_config() {
    let site = Site::new()
        .file(
            "config.yaml",
            "languages: [fr, es]\nwords:\n  fr:\n    puzzle:\n      solved: Gagné !\n      mate_in: échec et mat en {n}\n    diagram.marked: cases vues\n",
        )
        .file(
            "rules/Chess/fr.md",
            "# Échecs\n\n```diagram\nfen: 4k3/8/8/8/8/8/8/4K3\nmarks: [e2]\n```\n",
        )
        .file(
            "rules/Chess/es.md",
            "# Ajedrez\n\n```diagram\nfen: 4k3/8/8/8/8/8/8/4K3\nmarks: [e2]\n```\n",
        )
        .file(
            "puzzles/Chess/arabe.md",
            "---\ntitle: Le mat arabe\nlang: fr\ngoal: mate in 1\nfen: 7k/7p/5N2/8/8/8/8/6KR w - - 0 1\nsolution: 1.Rxh7#\n---\nTour et cavalier.\n",
        );
    site.build()
        .ok()
        // The override, in the alt text of a rules page's diagram...
        .contains(
            "fr/rules/Chess/index.html",
            "<title>Blancs: roi e1; Noirs: roi e8; cases vues: e2</title>",
        )
        // ... and the table's words where the config says nothing.
        .contains(
            "es/rules/Chess/index.html",
            "<title>Blancas: rey e1; Negras: rey e8; casillas marcadas: e2</title>",
        )
        // The puzzle page: the goal, the play data puzzle.js shows, and
        // the board's text alternative.
        .contains(
            "fr/puzzles/Chess/arabe/index.html",
            "Les Blancs jouent\u{a0}: échec et mat en 1",
        )
        .contains(
            "fr/puzzles/Chess/arabe/index.html",
            "\"solved\":\"Gagné !\"",
        )
        .contains(
            "fr/puzzles/Chess/arabe/index.html",
            "Blancs: roi g1, tour h1",
        )
        .lacks("fr/puzzles/Chess/arabe/index.html", "White: king");
}
