//! A tiny three-language site for the search tests: our own short texts with
//! accents, plurals and piece names, shaped like fenpress rules pages.

use fenpress::search::{PageKind, SearchPage};

fn page(
    url: &str,
    lang: &str,
    title: &str,
    kind: PageKind,
    terms: &[&str],
    html: &str,
) -> SearchPage {
    SearchPage {
        url: url.into(),
        lang: lang.into(),
        title: title.into(),
        variant: (kind != PageKind::Page)
            .then(|| title.split(" — ").next().unwrap_or(title).into()),
        kind,
        terms: terms.iter().map(|t| t.to_string()).collect(),
        html: html.into(),
    }
}

pub fn pages() -> Vec<SearchPage> {
    vec![
        // French
        page(
            "/fr/rules/Orda/",
            "fr",
            "Orda",
            PageKind::Rules,
            &["Kheshig", "Yourte", "Lancier", "Archer à cheval"],
            r#"<p>Une armée de cavaliers affronte le Royaume.</p>
<h2 id="pieces-de-la-horde">Pièces de la Horde</h2>
<p>Le kheshig combine le roi et le cavalier. La yourte avance comme un général d'argent.</p>
<h2 id="fin-de-partie">Fin de partie</h2>
<p>Un roi qui atteint la dernière rangée gagne.</p>"#,
        ),
        page(
            "/fr/rules/Steppe/",
            "fr",
            "Steppe",
            PageKind::Rules,
            &["Nomade"],
            r#"<p>Variante de cavalerie où le nomade saute deux fois. Elle reprend l'idée
d'armées inégales, et les nomades de la steppe ressemblent de loin au kheshig
des hordes, sans en avoir la force : un nomade vaut moins qu'une tour, et une
tour moins qu'une dame, sur un grand plateau de dix colonnes.</p>"#,
        ),
        page(
            "/fr/rules/Miroir/",
            "fr",
            "Miroir",
            PageKind::Rules,
            &[],
            r#"<h2 id="deux-plateaux">Deux plateaux</h2>
<p>On joue sur deux échiquiers : chaque coup fait passer la pièce jouée sur l'autre échiquier.</p>"#,
        ),
        page(
            "/fr/pages/about/",
            "fr",
            "À propos",
            PageKind::Page,
            &[],
            r#"<p>Chaque pièce est dessinée en SVG et chaque diagramme est vérifié.</p>"#,
        ),
        // English
        page(
            "/en/rules/Baroque/",
            "en",
            "Baroque",
            PageKind::Rules,
            &[
                "Immobilizer",
                "Pincer",
                "Withdrawer",
                "Long leaper",
                "Chameleon",
                "Coordinator",
            ],
            r#"<h2 id="pieces">Pieces</h2>
<p>The immobilizer freezes every enemy piece next to it. Pincers capture by custodian capture.</p>"#,
        ),
        page(
            "/en/rules/Maxima/",
            "en",
            "Maxima",
            PageKind::Rules,
            &["Mage", "Guard", "Immobilizer"],
            r#"<p>A larger board with two goal squares for each side.</p>
<h2 id="immobilizer">Immobilizer</h2>
<p>As in Baroque, an immobilizer stops the pieces around it from moving.</p>"#,
        ),
        page(
            "/en/rules/Alice/",
            "en",
            "Alice",
            PageKind::Rules,
            &[],
            r#"<p>Two boards: after each move the piece crosses to the other board.</p>"#,
        ),
        // A puzzle: its title is not its variant's name.
        SearchPage {
            variant: Some("Alice".into()),
            ..page(
                "/en/puzzles/Alice/two-boards/",
                "en",
                "Mate across two boards",
                PageKind::Puzzle,
                &[],
                r#"<p>White mates with the rook that crossed to the other board.</p>"#,
            )
        },
        // Spanish
        page(
            "/es/rules/Orda/",
            "es",
            "Orda",
            PageKind::Rules,
            &["Kheshig", "Yurta", "Lancero", "Arquero a caballo"],
            r#"<h2 id="piezas">Piezas</h2>
<p>Los alfiles y los peones del Reino juegan como en el ajedrez; el peón de la Horda no avanza dos casillas.</p>"#,
        ),
        page(
            "/es/rules/Alicia/",
            "es",
            "Alicia",
            PageKind::Rules,
            &[],
            r#"<p>Dos tableros de ajedrez: cada pieza jugada cambia de tablero.</p>"#,
        ),
    ]
}
