//! The one table of interface words: the site's navigation, 404 and search
//! words, the puzzle pages' words (goal, buttons, feedback, handed to
//! `puzzle.js`) and the diagrams' text alternatives, in English, French and
//! Spanish (English for a language without a table). The config's `words:`
//! overrides any of them per language ([`words_for`]).

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One word or phrase: a literal of the tables, or the config's text.
pub type Word = Cow<'static, str>;

const fn w(text: &'static str) -> Word {
    Cow::Borrowed(text)
}

/// The config's `words:`: language → dotted key (`puzzle.solved`) → text.
pub type Overrides = BTreeMap<String, BTreeMap<String, String>>;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Strings {
    pub rules: Word,
    pub variants: Word,
    pub previous: Word,
    pub next: Word,
    pub home: Word,
    pub languages: Word,
    pub not_found: Word,
    pub not_found_text: Word,
    pub choose_language: Word,
    /// The skip link, first on every page, for keyboard readers.
    pub skip_to_content: Word,
    /// The dark-mode toggle's label (a pressed/unpressed button).
    pub dark_mode: Word,
    /// The header's menu (its navigation landmark's name).
    pub menu: Word,
    /// The menu's link to `pages/about/` when that page has no title of
    /// its own (a vchess page: its name, `About`, would be English).
    pub about: Word,
    /// Shown only when the page is opened from the disk (`file://`): the
    /// stylesheet, which then cannot load, is what hides it.
    pub file_notice: Word,
    pub search: SearchStrings,
    pub puzzle: PuzzleWords,
    pub diagram: DiagramWords,
}

/// The search box, the search page and its results. The messages are data
/// for `search.js` (`data-msg-*`), which fills in `{query}` and `{count}`;
/// a rules page's kind is [`Strings::rules`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SearchStrings {
    /// The search page's heading and `<title>`.
    pub title: Word,
    /// The button and the field's accessible name.
    pub label: Word,
    /// The header box's placeholder.
    pub box_placeholder: Word,
    /// The search page's placeholder.
    pub placeholder: Word,
    /// Without JavaScript: this, then a link reading `browse` to the variants.
    pub noscript: Word,
    pub browse: Word,
    pub searching: Word,
    pub none: Word,
    pub one: Word,
    pub many: Word,
    pub more: Word,
    pub error: Word,
    /// Kinds of result besides rules.
    pub puzzle: Word,
    pub page: Word,
}

pub fn strings(lang: &str) -> Strings {
    match lang {
        "fr" => Strings {
            rules: w("Règles"),
            variants: w("Variantes"),
            previous: w("Précédente"),
            next: w("Suivante"),
            home: w("Accueil"),
            languages: w("Langues"),
            not_found: w("Page introuvable"),
            not_found_text: w("Cette page n'existe pas. Retournez à l'accueil."),
            choose_language: w("Choisissez une langue"),
            skip_to_content: w("Aller au contenu"),
            dark_mode: w("Mode sombre"),
            menu: w("Menu"),
            about: w("À propos"),
            file_notice: w("Cette page est ouverte depuis le disque : ses styles et ses liens ont besoin d'un serveur web. Lancez « fenpress serve » dans le dossier du site, ou publiez-le."),
            puzzle: puzzle_words("fr"),
            diagram: diagram_words("fr"),
            search: SearchStrings {
                title: w("Recherche"),
                label: w("Rechercher"),
                box_placeholder: w("Rechercher dans les règles"),
                placeholder: w("Variante, pièce, règle…"),
                noscript: w("La recherche a besoin de JavaScript : activez-le pour chercher dans le site, ou parcourez"),
                browse: w("la liste des variantes"),
                searching: w("Recherche…"),
                none: w("Aucune page ne correspond à « {query} »."),
                one: w("1 page pour « {query} »."),
                many: w("{count} pages pour « {query} »."),
                more: w("Plus de résultats"),
                error: w("La recherche n’a pas pu se charger."),
                puzzle: w("Problème"),
                page: w("Page"),
            },
        },
        "es" => Strings {
            rules: w("Reglas"),
            variants: w("Variantes"),
            previous: w("Anterior"),
            next: w("Siguiente"),
            home: w("Inicio"),
            languages: w("Idiomas"),
            not_found: w("Página no encontrada"),
            not_found_text: w("Esta página no existe. Vuelva al inicio."),
            choose_language: w("Elija un idioma"),
            skip_to_content: w("Ir al contenido"),
            dark_mode: w("Modo oscuro"),
            menu: w("Menú"),
            about: w("Acerca de"),
            file_notice: w("Esta página está abierta desde el disco: sus estilos y enlaces necesitan un servidor web. Ejecute «fenpress serve» en la carpeta del sitio, o publíquelo."),
            puzzle: puzzle_words("es"),
            diagram: diagram_words("es"),
            search: SearchStrings {
                title: w("Búsqueda"),
                label: w("Buscar"),
                box_placeholder: w("Buscar en las reglas"),
                placeholder: w("Variante, pieza, regla…"),
                noscript: w("La búsqueda necesita JavaScript: actívelo para buscar en el sitio, o recorra"),
                browse: w("la lista de variantes"),
                searching: w("Buscando…"),
                none: w("Ninguna página coincide con «{query}»."),
                one: w("1 página para «{query}»."),
                many: w("{count} páginas para «{query}»."),
                more: w("Más resultados"),
                error: w("No se pudo cargar la búsqueda."),
                puzzle: w("Problema"),
                page: w("Página"),
            },
        },
        _ => Strings {
            rules: w("Rules"),
            variants: w("Variants"),
            previous: w("Previous"),
            next: w("Next"),
            home: w("Home"),
            languages: w("Languages"),
            not_found: w("Page not found"),
            not_found_text: w("There is no page here. Go back to the home page."),
            choose_language: w("Choose a language"),
            skip_to_content: w("Skip to content"),
            dark_mode: w("Dark mode"),
            menu: w("Menu"),
            about: w("About"),
            file_notice: w("This page is opened from the disk: its styles and links need a web server. Run “fenpress serve” in the site folder, or publish the site."),
            puzzle: puzzle_words("en"),
            diagram: diagram_words("en"),
            search: SearchStrings {
                title: w("Search"),
                label: w("Search"),
                box_placeholder: w("Search the rules"),
                placeholder: w("Variant, piece, rule…"),
                noscript: w("Search needs JavaScript: turn it on to search the site, or browse"),
                browse: w("the list of variants"),
                searching: w("Searching…"),
                none: w("No page matches “{query}”."),
                one: w("1 page for “{query}”."),
                many: w("{count} pages for “{query}”."),
                more: w("More results"),
                error: w("Search could not load."),
                puzzle: w("Puzzle"),
                page: w("Page"),
            },
        },
    }
}

/// The words of a puzzle page; `puzzle.js` shows the ones it needs from
/// the play data. `{n}` stands for the number of moves.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PuzzleWords {
    /// Between "White to play" and the goal: French sets a (no-break)
    /// space before a colon.
    pub goal_colon: Word,
    pub white_to_play: Word,
    pub black_to_play: Word,
    pub mate_in: Word,
    pub win_in: Word,
    pub find_best: Word,
    pub find_only: Word,
    pub solution: Word,
    pub your_move: Word,
    pub play: Word,
    pub reset: Word,
    pub show_solution: Word,
    pub correct: Word,
    pub solved: Word,
    pub not_solution: Word,
    pub illegal: Word,
    /// A typed text that names no square of the board, nor castling.
    pub unreadable: Word,
    pub choose: Word,
    pub puzzles: Word,
    /// How to write a move: `{san}` and `{coords}` are filled with a legal
    /// move of the puzzle that is not its solution (its own pieces).
    pub move_hint: Word,
    /// The puzzle page's link to the next puzzle, and the index's heading
    /// of its list of puzzles.
    pub next_puzzle: Word,
    pub all_puzzles: Word,
    /// The index's puzzle of the day (chosen in the browser from the list).
    pub puzzle_of_the_day: Word,
    /// The index's filters.
    pub variant: Word,
    pub goal: Word,
    pub all_variants: Word,
    pub all_goals: Word,
    pub hide_solved: Word,
    pub no_match: Word,
    /// A puzzle's difficulty: `{n}` of `{max}`.
    pub difficulty: Word,
    /// A puzzle this browser has seen solved.
    pub solved_before: Word,
}

pub(crate) fn puzzle_words(lang: &str) -> PuzzleWords {
    match lang {
        "fr" => PuzzleWords {
            goal_colon: w("\u{a0}: "),
            white_to_play: w("Les Blancs jouent"),
            black_to_play: w("Les Noirs jouent"),
            mate_in: w("mat en {n}"),
            win_in: w("gagner en {n}"),
            find_best: w("trouvez le meilleur coup"),
            find_only: w("trouvez le seul coup"),
            solution: w("Solution"),
            your_move: w("Votre coup"),
            play: w("Jouer"),
            reset: w("Recommencer"),
            show_solution: w("Voir la solution"),
            correct: w("Correct !"),
            solved: w("Résolu !"),
            not_solution: w("Coup légal, mais ce n'est pas la solution."),
            illegal: w("Coup illégal."),
            unreadable: w("Je ne sais pas lire ce coup."),
            choose: w("Lequel ?"),
            puzzles: w("Problèmes"),
            move_hint: w("par exemple {san} ou {coords} (lettres anglaises)"),
            next_puzzle: w("Problème suivant"),
            all_puzzles: w("Tous les problèmes"),
            puzzle_of_the_day: w("Problème du jour"),
            variant: w("Variante"),
            goal: w("But"),
            all_variants: w("Toutes les variantes"),
            all_goals: w("Tous les buts"),
            hide_solved: w("Masquer les problèmes résolus"),
            no_match: w("Aucun problème ne correspond."),
            difficulty: w("difficulté {n} sur {max}"),
            solved_before: w("Déjà résolu"),
        },
        "es" => PuzzleWords {
            goal_colon: w(": "),
            white_to_play: w("Juegan las blancas"),
            black_to_play: w("Juegan las negras"),
            mate_in: w("mate en {n}"),
            win_in: w("ganar en {n}"),
            find_best: w("encuentre la mejor jugada"),
            find_only: w("encuentre la única jugada"),
            solution: w("Solución"),
            your_move: w("Su jugada"),
            play: w("Jugar"),
            reset: w("Reiniciar"),
            show_solution: w("Ver la solución"),
            correct: w("¡Correcto!"),
            solved: w("¡Resuelto!"),
            not_solution: w("Jugada legal, pero no es la solución."),
            illegal: w("Jugada ilegal."),
            unreadable: w("No sé leer esa jugada."),
            choose: w("¿Cuál?"),
            puzzles: w("Problemas"),
            move_hint: w("por ejemplo {san} o {coords} (letras inglesas)"),
            next_puzzle: w("Problema siguiente"),
            all_puzzles: w("Todos los problemas"),
            puzzle_of_the_day: w("Problema del día"),
            variant: w("Variante"),
            goal: w("Objetivo"),
            all_variants: w("Todas las variantes"),
            all_goals: w("Todos los objetivos"),
            hide_solved: w("Ocultar los problemas resueltos"),
            no_match: w("Ningún problema coincide."),
            difficulty: w("dificultad {n} de {max}"),
            solved_before: w("Ya resuelto"),
        },
        _ => PuzzleWords {
            goal_colon: w(": "),
            white_to_play: w("White to play"),
            black_to_play: w("Black to play"),
            mate_in: w("mate in {n}"),
            win_in: w("win in {n}"),
            find_best: w("find the best move"),
            find_only: w("find the only move"),
            solution: w("Solution"),
            your_move: w("Your move"),
            play: w("Play"),
            reset: w("Reset"),
            show_solution: w("Show solution"),
            correct: w("Correct!"),
            solved: w("Solved!"),
            not_solution: w("Legal, but not the solution."),
            illegal: w("Illegal move."),
            unreadable: w("I can't read that move."),
            choose: w("Which one?"),
            puzzles: w("Puzzles"),
            move_hint: w("for example {san} or {coords}"),
            next_puzzle: w("Next puzzle"),
            all_puzzles: w("All puzzles"),
            puzzle_of_the_day: w("Puzzle of the day"),
            variant: w("Variant"),
            goal: w("Goal"),
            all_variants: w("All variants"),
            all_goals: w("All goals"),
            hide_solved: w("Hide solved puzzles"),
            no_match: w("No puzzle matches."),
            difficulty: w("difficulty {n} of {max}"),
            solved_before: w("Solved before"),
        },
    }
}

/// The words of a diagram's text alternative ("White: king e1; Black: king
/// e8; marked: a5"). `{from}`, `{to}`, `{n}`, `{first}`, `{second}` and
/// `{letter}` stand for what the drawing fills in. Chess piece names name
/// the six chess pieces wherever the rules use them.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DiagramWords {
    pub white: Word,
    pub black: Word,
    pub unions: Word,
    pub empty_board: Word,
    /// Squares cut out of the board (Hamilton's, left by the knight).
    pub holes: Word,
    /// The ball (Ball, Football).
    pub ball: Word,
    /// Checkered's pieces that both sides own, listed apart from the
    /// sides' ("checkered (both sides): knight d1").
    pub checkered: Word,
    /// Eightpieces' lancer and where it points (`{dir}`, one of
    /// `compass`): "lancer pointing west".
    pub lancer: Word,
    /// The eight directions a lancer may point, from White's side of the
    /// board, comma-separated: north first, then clockwise.
    pub compass: Word,
    /// Eightpieces' sentry and jailer.
    pub sentry: Word,
    pub jailer: Word,
    pub marked: Word,
    /// Ambiguous's mark: the square (or piece) the side in its colour
    /// must execute a move to.
    pub target: Word,
    /// Stealthbomb's loaded piece: the bomb it carries.
    pub bomb: Word,
    /// A piece the opponent does not know (Hidden's pieces, Hiddenqueen's
    /// queen disguised as a pawn).
    pub hidden: Word,
    pub arrows: Word,
    pub arrow: Word,
    pub shadowed: Word,
    pub seen_from_black: Word,
    /// Rococo's outer ring of squares, drawn set off by a line.
    pub capture_edge: Word,
    /// Football's goals, drawn framed.
    pub goals: Word,
    /// Chakart's objects on the board, listed apart from the sides'
    /// pieces ("objects: banana d4, mushroom d3"), and each object's name
    /// (the bomb is [`DiagramWords::bomb`]).
    pub objects: Word,
    pub banana: Word,
    pub egg: Word,
    pub mushroom: Word,
    /// A Chakart piece Bowser immobilized: "rook (immobilized)".
    pub immobilized: Word,
    /// Alice's pieces on the second board (drawn in colour on the one
    /// board that shows both): "knight (second board)".
    pub second_board: Word,
    /// Where a side's shogi pieces point in the drawing (the wedges tell
    /// the sides apart, not colours).
    pub pointing_up: Word,
    pub pointing_down: Word,
    /// A Go board (Atarigo, Gomoku) and what stands on its points:
    /// `{size}` is "12×12".
    pub go_board: Word,
    /// A board of pits (Konane, Yoté): `{size}` is "8×8".
    pub pit_board: Word,
    pub marked_pits: Word,
    /// A board of points joined by lines (Fanorona): `{size}` is "9×5".
    pub lines_board: Word,
    /// Avalam's board and its towers by the colour on top, each with
    /// its height (`a5 (1)`).
    pub tower_board: Word,
    pub yellow_towers: Word,
    pub red_towers: Word,
    pub black_stones: Word,
    pub white_stones: Word,
    pub marked_points: Word,
    pub malformed: Word,
    pub single_piece: Word,
    pub stack: Word,
    pub one_prisoner: Word,
    pub prisoners: Word,
    pub union: Word,
    /// Otage's pairs: `{captor}` and `{hostage}` name the pieces,
    /// `{holder}` and `{other}` their sides (the words `white`, `black`).
    pub hostage: Word,
    /// The heading of Otage's pairs.
    pub hostages: Word,
    /// Pieces in hand: `{list}` is the side's pieces with their counts.
    pub white_hand: Word,
    pub black_hand: Word,
    pub empty_hand: Word,
    /// The two boards of a pair one line of play apart, each title
    /// starting so ("Before: White: king e1...").
    pub before: Word,
    pub after: Word,
    pub piece: Word,
    pub king: Word,
    pub queen: Word,
    pub rook: Word,
    pub bishop: Word,
    pub knight: Word,
    pub pawn: Word,
}

fn diagram_words(lang: &str) -> DiagramWords {
    match lang {
        "fr" => DiagramWords {
            white: w("Blancs"),
            black: w("Noirs"),
            unions: w("Unions"),
            empty_board: w("Échiquier vide"),
            holes: w("trous"),
            ball: w("ballon"),
            checkered: w("échiquetées (aux deux camps)"),
            lancer: w("lancier orienté {dir}"),
            compass: w("nord, nord-est, est, sud-est, sud, sud-ouest, ouest, nord-ouest"),
            sentry: w("sentinelle"),
            jailer: w("geôlier"),
            marked: w("cases marquées"),
            target: w("cible"),
            bomb: w("bombe"),
            hidden: w("incognito"),
            arrows: w("flèches"),
            arrow: w("{from} vers {to}"),
            shadowed: w("cases dans l'ombre"),
            seen_from_black: w("vu du côté des Noirs"),
            second_board: w("second échiquier"),
            capture_edge: w("la bordure (la rangée de cases extérieure, séparée par un trait) ne s'atteint qu'en prenant"),
            goals: w("les buts (cases encadrées) : e1 celui des Blancs, e9 celui des Noirs"),
            objects: w("objets"),
            banana: w("banane"),
            egg: w("œuf"),
            mushroom: w("champignon"),
            immobilized: w("immobile"),
            pointing_up: w("pointe vers le haut"),
            pointing_down: w("pointe vers le bas"),
            go_board: w("Goban de {size} lignes"),
            pit_board: w("Plateau de {size} trous"),
            marked_pits: w("trous marqués"),
            lines_board: w("Plateau de {size} intersections reliées par des lignes"),
            tower_board: w("Plateau d'Avalam"),
            yellow_towers: w("tours jaunes (hauteur)"),
            red_towers: w("tours rouges (hauteur)"),
            black_stones: w("pierres noires"),
            white_stones: w("pierres blanches"),
            marked_points: w("intersections marquées"),
            malformed: w("échiquier mal formé"),
            single_piece: w("pièce seule"),
            stack: w("pile de {n}"),
            one_prisoner: w("avec 1 prisonnier"),
            prisoners: w("avec {n} prisonniers"),
            union: w("{first} blanc avec {second} noir"),
            hostage: w("{captor} des {holder} retenant en otage {hostage} des {other}"),
            hostages: w("Otages"),
            white_hand: w("en main des Blancs : {list}"),
            black_hand: w("en main des Noirs : {list}"),
            empty_hand: w("rien"),
            before: w("Avant"),
            after: w("Après"),
            piece: w("pièce {letter}"),
            king: w("roi"),
            queen: w("dame"),
            rook: w("tour"),
            bishop: w("fou"),
            knight: w("cavalier"),
            pawn: w("pion"),
        },
        "es" => DiagramWords {
            white: w("Blancas"),
            black: w("Negras"),
            unions: w("Uniones"),
            empty_board: w("Tablero vacío"),
            holes: w("agujeros"),
            ball: w("balón"),
            checkered: w("ajedrezadas (de ambos bandos)"),
            lancer: w("lanza orientada al {dir}"),
            compass: w("norte, noreste, este, sureste, sur, suroeste, oeste, noroeste"),
            sentry: w("centinela"),
            jailer: w("carcelero"),
            marked: w("casillas marcadas"),
            target: w("objetivo"),
            bomb: w("bomba"),
            hidden: w("incógnito"),
            arrows: w("flechas"),
            arrow: w("{from} a {to}"),
            shadowed: w("casillas en sombra"),
            seen_from_black: w("visto desde las negras"),
            second_board: w("segundo tablero"),
            capture_edge: w("el borde (el anillo exterior de casillas, separado por una línea) solo se alcanza capturando"),
            goals: w("las porterías (casillas enmarcadas): e1 la de las Blancas, e9 la de las Negras"),
            objects: w("objetos"),
            banana: w("plátano"),
            egg: w("huevo"),
            mushroom: w("champiñón"),
            immobilized: w("inmóvil"),
            pointing_up: w("apuntan hacia arriba"),
            pointing_down: w("apuntan hacia abajo"),
            go_board: w("Tablero de go de {size} líneas"),
            pit_board: w("Tablero de {size} hoyos"),
            marked_pits: w("hoyos marcados"),
            lines_board: w("Tablero de {size} puntos unidos por líneas"),
            tower_board: w("Tablero de Avalam"),
            yellow_towers: w("torres amarillas (altura)"),
            red_towers: w("torres rojas (altura)"),
            black_stones: w("piedras negras"),
            white_stones: w("piedras blancas"),
            marked_points: w("intersecciones marcadas"),
            malformed: w("tablero mal formado"),
            single_piece: w("pieza sola"),
            stack: w("pila de {n}"),
            one_prisoner: w("con 1 prisionero"),
            prisoners: w("con {n} prisioneros"),
            union: w("{first} blanco con {second} negro"),
            hostage: w("{captor} de las {holder} con {hostage} de las {other} como rehén"),
            hostages: w("Rehenes"),
            white_hand: w("en mano de las blancas: {list}"),
            black_hand: w("en mano de las negras: {list}"),
            empty_hand: w("nada"),
            before: w("Antes"),
            after: w("Después"),
            piece: w("pieza {letter}"),
            king: w("rey"),
            queen: w("dama"),
            rook: w("torre"),
            bishop: w("alfil"),
            knight: w("caballo"),
            pawn: w("peón"),
        },
        _ => DiagramWords::english(),
    }
}

impl DiagramWords {
    /// The English words: what a standalone drawing (`fenpress diagram`,
    /// an og:image) says.
    pub fn english() -> Self {
        DiagramWords {
            white: w("White"),
            black: w("Black"),
            unions: w("Unions"),
            empty_board: w("Empty board"),
            holes: w("holes"),
            ball: w("ball"),
            checkered: w("checkered (both sides)"),
            lancer: w("lancer pointing {dir}"),
            compass: w("north, north-east, east, south-east, south, south-west, west, north-west"),
            sentry: w("sentry"),
            jailer: w("jailer"),
            marked: w("marked"),
            target: w("target"),
            bomb: w("bomb"),
            hidden: w("hidden"),
            arrows: w("arrows"),
            arrow: w("{from} to {to}"),
            shadowed: w("shadowed"),
            seen_from_black: w("seen from Black"),
            second_board: w("second board"),
            capture_edge: w("the edge (the outer ring of squares, set off by a line) is reached only by capturing"),
            goals: w("the goals (framed squares): e1 White's, e9 Black's"),
            objects: w("objects"),
            banana: w("banana"),
            egg: w("egg"),
            mushroom: w("mushroom"),
            immobilized: w("immobilized"),
            pointing_up: w("pointing up"),
            pointing_down: w("pointing down"),
            go_board: w("Go board of {size} lines"),
            pit_board: w("Board of {size} pits"),
            marked_pits: w("marked pits"),
            lines_board: w("Board of {size} points joined by lines"),
            tower_board: w("Avalam board"),
            yellow_towers: w("yellow towers (height)"),
            red_towers: w("red towers (height)"),
            black_stones: w("black stones"),
            white_stones: w("white stones"),
            marked_points: w("marked points"),
            malformed: w("malformed board"),
            single_piece: w("single piece"),
            stack: w("stack of {n}"),
            one_prisoner: w("with 1 prisoner"),
            prisoners: w("with {n} prisoners"),
            union: w("white {first} with black {second}"),
            hostage: w("{holder}'s {captor} holding {other}'s {hostage} hostage"),
            hostages: w("Hostages"),
            white_hand: w("White's hand: {list}"),
            black_hand: w("Black's hand: {list}"),
            empty_hand: w("empty"),
            before: w("Before"),
            after: w("After"),
            piece: w("piece {letter}"),
            king: w("king"),
            queen: w("queen"),
            rook: w("rook"),
            bishop: w("bishop"),
            knight: w("knight"),
            pawn: w("pawn"),
        }
    }

    /// The name of a chess piece by its letter's lowercase, if it is one.
    pub fn chess_piece(&self, lower: char) -> Option<&str> {
        Some(match lower {
            'k' => &self.king,
            'q' => &self.queen,
            'r' => &self.rook,
            'b' => &self.bishop,
            'n' => &self.knight,
            'p' => &self.pawn,
            _ => return None,
        })
    }
}

/// A language's words with the config's `words:` for it laid over them,
/// as the templates read them (`t.search.label`). Unknown keys are left
/// out here (`Config::word_warnings` reports them).
pub fn words(lang: &str, overrides: &Overrides) -> Value {
    let mut value = serde_json::to_value(strings(lang)).unwrap_or(Value::Null);
    for (key, word) in overrides.get(lang).into_iter().flatten() {
        let pointer = format!("/{}", key.replace('.', "/"));
        if let Some(slot) = value.pointer_mut(&pointer).filter(|s| s.is_string()) {
            *slot = Value::String(word.clone());
        }
    }
    value
}

/// [`words`], typed: what the puzzle pages and the drawing read.
pub fn words_for(lang: &str, overrides: &Overrides) -> Strings {
    if overrides.get(lang).is_none_or(BTreeMap::is_empty) {
        return strings(lang);
    }
    // Every override replaced a string by a string: the shape is kept.
    serde_json::from_value(words(lang, overrides)).unwrap_or_else(|_| strings(lang))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_every_word_and_overrides_keep_the_shape() {
        let keys = word_keys();
        assert!(keys.contains(&"puzzle.solved".to_string()));
        assert!(keys.contains(&"diagram.marked".to_string()));
        let mut overrides = Overrides::new();
        overrides
            .entry("fr".into())
            .or_default()
            .insert("diagram.marked".into(), "cases vues".into());
        let fr = words_for("fr", &overrides);
        assert_eq!(fr.diagram.marked, "cases vues");
        assert_eq!(fr.puzzle.solved, "Résolu !");
        assert_eq!(words_for("de", &Overrides::new()).diagram.white, "White");
    }
}
