//! The text alternative of a board ("White: king e1, rook a1; Black: king
//! e8; marked: a5, b5"), for screen readers and for the SVG `<title>`.
//! Pieces are named by the variant's rules where the core has them
//! ("lancer", "kheshig"), by a small table otherwise; Paco Sako unions are
//! "white pawn with black rook". The words come from the page's language
//! ([`DiagramWords`], the one table of interface words).

use fenpress_rules::registry::{Registry, BUILTIN};
use fenpress_rules::Piece;

use crate::words::DiagramWords;

use super::board::{stack_count, Cell, Layout};
use super::hands::{describe_hands, hands_of};
use super::spec::{BoardSpec, Orientation};

/// Paco Sako (and Otage) unions: letter → (first, second) piece; an
/// uppercase letter gives White the first, a lowercase one Black.
const UNIONS: &[(char, char, char)] = &[
    ('a', 'p', 'p'),
    ('c', 'p', 'r'),
    ('d', 'p', 'n'),
    ('e', 'p', 'b'),
    ('f', 'p', 'q'),
    ('g', 'p', 'k'),
    ('h', 'r', 'r'),
    ('i', 'r', 'n'),
    ('j', 'r', 'b'),
    ('l', 'r', 'q'),
    ('m', 'r', 'k'),
    ('o', 'n', 'n'),
    ('s', 'n', 'b'),
    ('t', 'n', 'q'),
    ('u', 'n', 'k'),
    ('v', 'b', 'b'),
    ('w', 'b', 'q'),
    ('x', 'b', 'k'),
    ('y', 'q', 'q'),
    ('z', 'q', 'k'),
    ('@', 'k', 'k'),
];

/// Names of pieces the core has no rules for, per variant.
const NAMES: &[(&str, &[(char, &str)])] = &[
    (
        "Baroque",
        &[
            ('p', "pincer pawn"),
            ('r', "coordinator"),
            ('n', "long leaper"),
            ('b', "chameleon"),
            ('q', "withdrawer"),
            ('m', "immobilizer"),
        ],
    ),
    (
        "Maxima",
        &[
            ('p', "pincer pawn"),
            ('r', "coordinator"),
            ('n', "long leaper"),
            ('b', "chameleon"),
            ('q', "withdrawer"),
            ('m', "immobilizer"),
            ('g', "mage"),
            ('d', "guard"),
        ],
    ),
];

/// Describe a placed board and its marks. The author's `alt` wins.
pub fn describe(
    registry: &Registry,
    variant: &str,
    layout: &Layout,
    spec: &BoardSpec,
    t: &DiagramWords,
) -> String {
    if let Some(alt) = &spec.alt {
        return alt.trim().to_string();
    }
    let name = registry.lookup(variant).map_or(variant, |v| v.name);
    if super::stones::is_go_game(name) {
        return describe_stones((&t.go_board, &t.marked_points), name, layout, spec, t);
    }
    if super::stones::is_tower_game(name) {
        return describe_towers(layout, spec, t);
    }
    if super::stones::is_lines_board(name) {
        return describe_stones((&t.lines_board, &t.marked_points), name, layout, spec, t);
    }
    if super::stones::is_pit_board(name) {
        return describe_stones((&t.pit_board, &t.marked_pits), name, layout, spec, t);
    }
    let mut white: Vec<(u8, String, String)> = Vec::new();
    let mut black = Vec::new();
    let mut other = Vec::new();
    let mut holes = Vec::new();
    let mut balls = Vec::new();
    let mut hostages = Vec::new();
    let mut checkered = Vec::new();
    let mut objects = Vec::new();
    // Bottom rank first so squares read a1, b1, ..., a2 like a score sheet.
    for row in (0..layout.shape.rows).rev() {
        for col in 0..layout.shape.cols {
            if let Cell::Stack { top, under } = layout.cell(row, col) {
                let entry = (
                    8,
                    stack_name(top, under, t),
                    layout.square_at(row, col).to_string(),
                );
                if top.is_ascii_uppercase() {
                    white.push(entry);
                } else {
                    black.push(entry);
                }
                continue;
            }
            if let Cell::Hostage { union, code } = layout.cell(row, col) {
                let square = layout.square_at(row, col).to_string();
                let name = hostage_name(union, code, t).unwrap_or_else(|| format!("{union}{code}"));
                hostages.push((7, name, square));
                continue;
            }
            if let Cell::Piece(c) = layout.cell(row, col) {
                let square = layout.square_at(row, col).to_string();
                if let Some(union) = union_name(registry, variant, c, t) {
                    other.push((7, union, square));
                    continue;
                }
                if super::stones::is_hole(name, c) {
                    holes.push(square);
                    continue;
                }
                if super::stones::is_ball(name, c) {
                    balls.push(square);
                    continue;
                }
                // Chakart's objects belong to no side.
                if let Some(object) = chakart_object(name, c, t) {
                    objects.push((5, object, square));
                    continue;
                }
                // Checkered's pieces both sides own: the chess piece.
                if let Some(kind) = checkered_kind(name, c) {
                    let (order, name) = piece_name(registry, "Chess", kind.char(), t);
                    checkered.push((order, name, square));
                    continue;
                }
                let (order, name) = piece_name(registry, variant, c, t);
                let entry = (order, name, square);
                if c.is_ascii_uppercase() {
                    white.push(entry);
                } else if c.is_ascii_lowercase() {
                    black.push(entry);
                } else {
                    other.push(entry);
                }
            }
        }
    }
    let mut parts = Vec::new();
    let (white_side, black_side) = side_labels(registry, variant, spec, t);
    for (side, pieces) in [
        (&white_side, white),
        (&black_side, black),
        (&t.unions.to_string(), other),
        (&t.hostages.to_string(), hostages),
        (&t.checkered.to_string(), checkered),
        (&t.objects.to_string(), objects),
    ] {
        if !pieces.is_empty() {
            parts.push(format!("{side}: {}", list_pieces(pieces)));
        }
    }
    if !holes.is_empty() {
        parts.push(format!("{}: {}", t.holes, holes.join(", ")));
    }
    if !balls.is_empty() {
        parts.push(format!("{}: {}", t.ball, balls.join(", ")));
    }
    if parts.is_empty() {
        parts.push(t.empty_board.to_string());
    }
    if let Some(hands) = hands_of(registry, variant, spec) {
        parts.push(describe_hands(
            &hands,
            &|c| piece_name(registry, variant, c, t).1,
            t,
        ));
    }
    describe_marks(spec, t, &mut parts);
    if spec.orientation == Orientation::Black {
        parts.push(t.seen_from_black.to_string());
    }
    if super::svg::has_capture_edge(variant) {
        parts.push(t.capture_edge.to_string());
    }
    if !super::svg::goals(variant).is_empty() {
        parts.push(t.goals.to_string());
    }
    if layout.shape.malformed.is_some() {
        parts.push(t.malformed.to_string());
    }
    parts.join("; ")
}

/// The marked squares, arrows and shadowed squares of `spec`, each a part.
fn describe_marks(spec: &BoardSpec, t: &DiagramWords, parts: &mut Vec<String>) {
    if !spec.marks.is_empty() {
        let marks: Vec<String> = spec.marks.iter().map(ToString::to_string).collect();
        parts.push(format!("{}: {}", t.marked, marks.join(", ")));
    }
    if !spec.arrows.is_empty() {
        let arrows: Vec<String> = spec
            .arrows
            .iter()
            .map(|a| {
                t.arrow
                    .replace("{from}", &a.from.to_string())
                    .replace("{to}", &a.to.to_string())
            })
            .collect();
        parts.push(format!("{}: {}", t.arrows, arrows.join(", ")));
    }
    if !spec.shadow.is_empty() {
        let shadow: Vec<String> = spec.shadow.iter().map(ToString::to_string).collect();
        parts.push(format!("{}: {}", t.shadowed, shadow.join(", ")));
    }
}

/// Avalam's board: its towers by the colour on top, yellow (the first
/// player's) then red, each point with the tower's height, from a1
/// upwards ("Avalam board; yellow towers (height): a5 (1), d5 (3); red
/// towers (height): b5 (1)"), and the marked points.
fn describe_towers(layout: &Layout, spec: &BoardSpec, t: &DiagramWords) -> String {
    let mut parts = vec![t.tower_board.to_string()];
    let (mut yellow, mut red) = (Vec::new(), Vec::new());
    for row in (0..layout.shape.rows).rev() {
        for col in 0..layout.shape.cols {
            if let Cell::Piece(c) = layout.cell(row, col) {
                if let Some((height, top_yellow)) = super::stones::tower_of(c) {
                    let entry = format!("{} ({height})", layout.square_at(row, col));
                    if top_yellow {
                        yellow.push(entry);
                    } else {
                        red.push(entry);
                    }
                }
            }
        }
    }
    for (word, towers) in [(&t.yellow_towers, yellow), (&t.red_towers, red)] {
        if !towers.is_empty() {
            parts.push(format!("{word}: {}", towers.join(", ")));
        }
    }
    if !spec.marks.is_empty() {
        let marks: Vec<String> = spec.marks.iter().map(ToString::to_string).collect();
        parts.push(format!("{}: {}", t.marked_points, marks.join(", ")));
    }
    if spec.orientation == Orientation::Black {
        parts.push(t.seen_from_black.to_string());
    }
    if layout.shape.malformed.is_some() {
        parts.push(t.malformed.to_string());
    }
    parts.join("; ")
}

/// A board of stones (`words`: the board's name, Go's or Konane's, and
/// what its marked places are called): its size, then the black
/// stones (the first player's) and the white ones by point from a1
/// upwards, and the marked points ("Go board of 12×12 lines; black stones:
/// c4, d4; white stones: h6; marked points: d7").
fn describe_stones(
    (board, marked): (&str, &str),
    variant: &str,
    layout: &Layout,
    spec: &BoardSpec,
    t: &DiagramWords,
) -> String {
    let size = format!("{}×{}", layout.shape.cols, layout.shape.rows);
    let mut parts = vec![board.replace("{size}", &size)];
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for row in (0..layout.shape.rows).rev() {
        for col in 0..layout.shape.cols {
            if let Cell::Piece(c) = layout.cell(row, col) {
                let point = layout.square_at(row, col).to_string();
                if super::stones::is_black_stone_of(variant, c) {
                    black.push(point);
                } else {
                    white.push(point);
                }
            }
        }
    }
    for (word, points) in [(&t.black_stones, black), (&t.white_stones, white)] {
        if !points.is_empty() {
            parts.push(format!("{word}: {}", points.join(", ")));
        }
    }
    if !spec.marks.is_empty() {
        let marks: Vec<String> = spec.marks.iter().map(ToString::to_string).collect();
        parts.push(format!("{marked}: {}", marks.join(", ")));
    }
    if spec.orientation == Orientation::Black {
        parts.push(t.seen_from_black.to_string());
    }
    if layout.shape.malformed.is_some() {
        parts.push(t.malformed.to_string());
    }
    parts.join("; ")
}

/// "White", "Black"; for shogi (and Dōbutsu), whose sides' pieces look alike but for
/// the way they point, "White (pointing up)" and "Black (pointing down)"
/// (the other way round when seen from Black).
fn side_labels(
    registry: &Registry,
    variant: &str,
    spec: &BoardSpec,
    t: &DiagramWords,
) -> (String, String) {
    let name = registry.lookup(variant).map_or(variant, |v| v.name);
    use super::asian::{asian_set, AsianSet};
    if !matches!(asian_set(name), Some(AsianSet::Shogi | AsianSet::Dobutsu)) {
        return (t.white.to_string(), t.black.to_string());
    }
    let (mut white, mut black) = (&t.pointing_up, &t.pointing_down);
    if spec.orientation == Orientation::Black {
        std::mem::swap(&mut white, &mut black);
    }
    (
        format!("{} ({white})", t.white),
        format!("{} ({black})", t.black),
    )
}

/// Group pieces of one side by name in a fixed order: kings first, pawns
/// last, squares in board order (a1, b1, ..., a2).
/// "stack of 2 with 1 prisoner", for an Emergo stack's two FEN characters.
fn stack_name(top: char, under: char, t: &DiagramWords) -> String {
    let height = stack_count(top);
    let name = if height == 1 {
        t.single_piece.to_string()
    } else {
        t.stack.replace("{n}", &height.to_string())
    };
    match under.is_ascii_alphabetic().then(|| stack_count(under)) {
        Some(1) => format!("{name} {}", t.one_prisoner),
        Some(n) => format!("{name} {}", t.prisoners.replace("{n}", &n.to_string())),
        None => name,
    }
}

fn list_pieces(mut pieces: Vec<(u8, String, String)>) -> String {
    pieces.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < pieces.len() {
        let name = &pieces[i].1;
        let mut squares = Vec::new();
        while i < pieces.len() && &pieces[i].1 == name {
            squares.push(pieces[i].2.clone());
            i += 1;
        }
        out.push(format!("{name} {}", squares.join(" ")));
    }
    out.join(", ")
}

fn sim_stealth() -> char {
    fenpress_rules::variants::chakart::sim::INVISIBLE_QUEEN as char
}

/// A Chakart object's name (its letter is lowercase, as Black's pieces').
fn chakart_object(variant: &str, c: char, t: &DiagramWords) -> Option<String> {
    use fenpress_rules::variants::chakart::sim;
    if variant != "Chakart" {
        return None;
    }
    let word = match c as u8 {
        sim::BANANA => &t.banana,
        sim::BOMB => &t.bomb,
        sim::EGG => &t.egg,
        sim::MUSHROOM => &t.mushroom,
        _ => return None,
    };
    Some(word.to_string())
}

/// The name of a piece: the rules' name (a chess piece's in the page's
/// words), the variant's table, the chess name, or "piece X".
fn piece_name(registry: &Registry, variant: &str, c: char, t: &DiagramWords) -> (u8, String) {
    let lower = c.to_ascii_lowercase();
    let order = match lower {
        'k' => 0,
        'q' => 1,
        'r' => 2,
        'b' => 3,
        'n' => 4,
        'p' => 6,
        _ => 5,
    };
    let info = registry.lookup(variant);
    // Ambiguous's marks: the target, alone or on the piece it marks.
    if info.is_some_and(|v| v.name == "Ambiguous") {
        use fenpress_rules::variants::turns::ambiguous;
        let kind = fenpress_rules::Kind(lower as u8);
        if kind == ambiguous::GOAL {
            return (5, t.target.to_string());
        }
        if let Some(k) = ambiguous::unmarked(kind) {
            let (order, name) = piece_name(registry, "Chess", k.char(), t);
            return (order, format!("{name} ({})", t.target));
        }
    }
    // Pieces whose truth the opponent does not know: the piece they look
    // like, and what they hide.
    let hidden = |base: Option<fenpress_rules::Kind>, word: &str| {
        base.map(|k| {
            let (order, name) = piece_name(registry, "Chess", k.char(), t);
            (order, format!("{name} ({word})"))
        })
    };
    let kind = fenpress_rules::Kind(lower as u8);
    let told = match info.map(|v| v.name) {
        Some("Stealthbomb1" | "Stealthbomb2") => hidden(
            fenpress_rules::variants::turns::stealthbomb::unloaded(kind),
            &t.bomb,
        ),
        Some("Hidden") => hidden(
            fenpress_rules::variants::turns::hidden::revealed(kind),
            &t.hidden,
        ),
        // Ball's pieces holding the ball: the piece, and the ball.
        Some("Ball") if fenpress_rules::variants::ball::holds(kind) => {
            let base = fenpress_rules::variants::ball::without_ball(kind).char();
            let (order, name) = piece_name(registry, variant, base, t);
            Some((order, format!("{name} ({})", t.ball)))
        }
        // Chakart's pieces Bowser immobilized, and the queen in stealth.
        Some("Chakart") if lower == sim_stealth() => {
            hidden(Some(fenpress_rules::Kind::QUEEN), &t.hidden)
        }
        Some("Chakart") if fenpress_rules::variants::chakart::sim::is_immobilized(lower as u8) => {
            hidden(
                Some(fenpress_rules::Kind(
                    fenpress_rules::variants::chakart::sim::plain(lower as u8),
                )),
                &t.immobilized,
            )
        }
        Some("Hiddenqueen") if lower == 't' => {
            let (_, queen) = piece_name(registry, "Chess", 'q', t);
            Some((1, format!("{queen} ({})", t.hidden)))
        }
        _ => None,
    };
    if let Some(named) = told {
        return named;
    }
    // Eightpieces' own pieces: the lancer by where it points.
    if info.is_some_and(|v| v.name == "Eightpieces") {
        if let Some(i) = "cdefghmo".find(lower) {
            let dir = t.compass.split(',').nth(i).unwrap_or("?").trim();
            return (5, t.lancer.replace("{dir}", dir));
        }
        match lower {
            's' => return (5, t.sentry.to_string()),
            'j' => return (5, t.jailer.to_string()),
            _ => {}
        }
    }
    // Alice's second board: the chess piece, and where it stands.
    if info.is_some_and(|v| v.name == "Alice") {
        if let Some(i) = "socutl".find(lower) {
            let chess = "pnbrqk".as_bytes()[i] as char;
            let (order, name) = piece_name(registry, "Chess", chess, t);
            return (order, format!("{name} ({})", t.second_board));
        }
    }
    if let (Some(rules), Some(piece)) = (
        info.and_then(|v| registry.rules(v.name)),
        Piece::from_letter(c),
    ) {
        let name = rules.piece_name(piece);
        // The rules name chess pieces in English: the page's words win.
        let chess = DiagramWords::english();
        if chess.chess_piece(lower).is_some_and(|n| n == name) {
            if let Some(word) = t.chess_piece(lower) {
                return (order, word.to_string());
            }
        }
        return (order, name);
    }
    let name = info.map_or(variant, |v| v.name);
    let named = NAMES
        .iter()
        .find(|(v, _)| v.eq_ignore_ascii_case(name))
        .and_then(|(_, names)| names.iter().find(|(l, _)| *l == lower));
    if let Some((_, n)) = named {
        return (order, n.to_string());
    }
    match t.chess_piece(lower) {
        Some(chess) => (order, chess.to_string()),
        None => (
            order,
            t.piece.replace("{letter}", &c.to_uppercase().to_string()),
        ),
    }
}

/// "White's rook holding Black's pawn hostage", for an Otage union: its
/// letter and its code (whose the first piece is, who holds the union).
fn hostage_name(union: char, code: char, t: &DiagramWords) -> Option<String> {
    let &(_, first, second) = UNIONS
        .iter()
        .find(|(l, _, _)| *l == union.to_ascii_lowercase())?;
    let (white_first, white_holds) = match code {
        'w' => (true, true),
        'b' => (true, false),
        'v' => (false, true),
        'a' => (false, false),
        _ => return None,
    };
    let (white, black) = if white_first {
        (first, second)
    } else {
        (second, first)
    };
    let (captor, hostage, holder, other) = if white_holds {
        (white, black, &t.white, &t.black)
    } else {
        (black, white, &t.black, &t.white)
    };
    let kind = |k: char| piece_name(&BUILTIN, "Chess", k, t).1;
    Some(
        t.hostage
            .replace("{captor}", &kind(captor))
            .replace("{hostage}", &kind(hostage))
            .replace("{holder}", holder)
            .replace("{other}", other),
    )
}

/// The kind of a Checkered piece both sides own, by its letter (either
/// case, as the site reads them).
fn checkered_kind(variant: &str, c: char) -> Option<fenpress_rules::Kind> {
    (variant == "Checkered")
        .then(|| fenpress_rules::variants::checkered::checkered_kind(c))
        .flatten()
}

/// "white pawn with black rook", for a union letter of Paco Sako or Otage.
fn union_name(registry: &Registry, variant: &str, c: char, t: &DiagramWords) -> Option<String> {
    let name = registry.lookup(variant).map_or(variant, |v| v.name);
    if !["Pacosako", "Otage"].contains(&name) {
        return None;
    }
    let &(_, first, second) = UNIONS
        .iter()
        .find(|(l, _, _)| *l == c.to_ascii_lowercase())?;
    let (white, black) = if c.is_ascii_lowercase() {
        (second, first)
    } else {
        (first, second)
    };
    let kind = |k: char| piece_name(registry, "Chess", k, t).1;
    Some(
        t.union
            .replace("{first}", &kind(white))
            .replace("{second}", &kind(black)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::board::read_board;
    use crate::diagram::spec::parse_compact;

    fn en() -> DiagramWords {
        DiagramWords::english()
    }

    #[test]
    fn french_words_for_sides_pieces_and_marks() {
        let spec = parse_compact("4k3/8/8/8/8/8/8/R3K2R a5,b5").unwrap();
        let layout = read_board(&BUILTIN, "Chess", &spec.board);
        let fr = crate::words::strings("fr").diagram;
        assert_eq!(
            describe(&BUILTIN, "Chess", &layout, &spec, &fr),
            "Blancs: roi e1, tour a1 h1; Noirs: roi e8; cases marquées: a5, b5"
        );
    }

    #[test]
    fn avalam_towers_by_top_colour_with_their_heights_in_three_languages() {
        let spec = parse_compact("8/8/8/8/8/8/8/Dcb5").unwrap();
        let layout = read_board(&BUILTIN, "Avalam2", &spec.board);
        let in_lang = |lang: &str| {
            describe(
                &BUILTIN,
                "Avalam2",
                &layout,
                &spec,
                &crate::words::strings(lang).diagram,
            )
        };
        assert_eq!(
            in_lang("en"),
            "Avalam board; yellow towers (height): a1 (3); red towers (height): b1 (2), c1 (1)"
        );
        assert_eq!(
            in_lang("fr"),
            "Plateau d'Avalam; tours jaunes (hauteur): a1 (3); tours rouges (hauteur): b1 (2), c1 (1)"
        );
        assert_eq!(
            in_lang("es"),
            "Tablero de Avalam; torres amarillas (altura): a1 (3); torres rojas (altura): b1 (2), c1 (1)"
        );
    }

    #[test]
    fn the_ball_is_named_apart_from_the_sides_in_three_languages() {
        let spec = parse_compact("4k4/9/9/9/4a4/9/9/9/4K4").unwrap();
        let layout = read_board(&BUILTIN, "Football", &spec.board);
        let in_lang = |lang: &str| {
            describe(
                &BUILTIN,
                "Football",
                &layout,
                &spec,
                &crate::words::strings(lang).diagram,
            )
        };
        assert_eq!(
            in_lang("en"),
            "White: king e1; Black: king e9; ball: e5; the goals (framed squares): e1 White's, e9 Black's"
        );
        assert!(
            in_lang("fr").contains("; ballon: e5; les buts"),
            "{}",
            in_lang("fr")
        );
        assert!(
            in_lang("es").contains("; balón: e5; las porterías"),
            "{}",
            in_lang("es")
        );
    }

    #[test]
    fn balls_holder_is_the_piece_with_the_ball_in_three_languages() {
        let spec = parse_compact("4k4/9/9/9/4S4/9/9/9/4K4").unwrap();
        let layout = read_board(&BUILTIN, "Ball", &spec.board);
        let in_lang = |lang: &str| {
            describe(
                &BUILTIN,
                "Ball",
                &layout,
                &spec,
                &crate::words::strings(lang).diagram,
            )
        };
        assert_eq!(
            in_lang("en"),
            "White: king e1, pawn (ball) e5; Black: king e9"
        );
        assert!(
            in_lang("fr").contains("pion (ballon) e5"),
            "{}",
            in_lang("fr")
        );
        assert!(
            in_lang("es").contains("peón (balón) e5"),
            "{}",
            in_lang("es")
        );
    }

    #[test]
    fn hamiltons_holes_are_listed_as_holes_in_three_languages() {
        let spec = parse_compact("8/8/2x5/3x4/1xN5/8/8/8").unwrap();
        let layout = read_board(&BUILTIN, "Hamilton", &spec.board);
        let in_lang = |lang: &str| {
            describe(
                &BUILTIN,
                "Hamilton",
                &layout,
                &spec,
                &crate::words::strings(lang).diagram,
            )
        };
        assert_eq!(in_lang("en"), "White: knight c4; holes: b4, d5, c6");
        assert!(
            in_lang("fr").ends_with("; trous: b4, d5, c6"),
            "{}",
            in_lang("fr")
        );
        assert!(
            in_lang("es").ends_with("; agujeros: b4, d5, c6"),
            "{}",
            in_lang("es")
        );
    }

    #[test]
    fn fanorona_stones_on_points_joined_by_lines_white_first() {
        let spec = parse_compact("9/9/4P4/4p4/9 e3").unwrap();
        let layout = read_board(&BUILTIN, "Fanorona", &spec.board);
        let in_lang = |lang: &str| {
            describe(
                &BUILTIN,
                "Fanorona",
                &layout,
                &spec,
                &crate::words::strings(lang).diagram,
            )
        };
        assert_eq!(
            in_lang("en"),
            "Board of 9×5 points joined by lines; black stones: e2; white stones: e3; marked points: e3"
        );
        assert!(in_lang("fr").starts_with(
            "Plateau de 9×5 intersections reliées par des lignes; pierres noires: e2"
        ));
        assert!(in_lang("es")
            .starts_with("Tablero de 9×5 puntos unidos por líneas; piedras negras: e2"));
    }

    #[test]
    fn konane_stones_by_colour_in_their_pits_in_three_languages() {
        let text = "8/8/8/3Pp3/8/8/8/8 d4,d6";
        let spec = parse_compact(text).unwrap();
        let layout = read_board(&BUILTIN, "Konane", &spec.board);
        let in_lang = |lang: &str| {
            describe(
                &BUILTIN,
                "Konane",
                &layout,
                &spec,
                &crate::words::strings(lang).diagram,
            )
        };
        assert_eq!(
            in_lang("en"),
            "Board of 8×8 pits; black stones: d5; white stones: e5; marked pits: d4, d6"
        );
        assert_eq!(
            in_lang("fr"),
            "Plateau de 8×8 trous; pierres noires: d5; pierres blanches: e5; trous marqués: d4, d6"
        );
        assert_eq!(
            in_lang("es"),
            "Tablero de 8×8 hoyos; piedras negras: d5; piedras blancas: e5; hoyos marcados: d4, d6"
        );
    }

    #[test]
    fn go_stones_by_colour_on_points_in_three_languages() {
        let spec = parse_compact("93/93/93/93/93/5Pp5/5pP5/93/93/93/93/93 d7").unwrap();
        let layout = read_board(&BUILTIN, "Atarigo", &spec.board);
        assert_eq!(
            describe(&BUILTIN, "Atarigo", &layout, &spec, &en()),
            "Go board of 12×12 lines; black stones: g6, f7; white stones: f6, g7; marked points: d7"
        );
        let fr = crate::words::strings("fr").diagram;
        assert_eq!(
            describe(&BUILTIN, "Atarigo", &layout, &spec, &fr),
            "Goban de 12×12 lignes; pierres noires: g6, f7; pierres blanches: f6, g7; intersections marquées: d7"
        );
        let es = crate::words::strings("es").diagram;
        assert_eq!(
            describe(
                &BUILTIN,
                "Gomoku",
                &read_board(
                    &BUILTIN,
                    "Gomoku",
                    "991/991/991/991/991/991/991/991/991/9P9/991/991/991/991/991/991/991/991/991"
                ),
                &parse_compact(
                    "991/991/991/991/991/991/991/991/991/9P9/991/991/991/991/991/991/991/991/991"
                )
                .unwrap(),
                &es
            ),
            "Tablero de go de 19×19 líneas; piedras negras: j10"
        );
    }

    #[test]
    fn eightpieces_lancers_by_where_they_point_in_three_languages() {
        // The page's diagram before the sentry's push.
        let spec = parse_compact("7k/8/8/8/Jp3m2/8/3S4/K7").unwrap();
        let layout = read_board(&BUILTIN, "Eightpieces", &spec.board);
        let in_lang = |lang: &str| {
            describe(
                &BUILTIN,
                "Eightpieces",
                &layout,
                &spec,
                &crate::words::strings(lang).diagram,
            )
        };
        assert_eq!(
            in_lang("en"),
            "White: king a1, jailer a4, sentry d2; Black: king h8, lancer pointing west f4, pawn b4"
        );
        assert!(
            in_lang("fr").contains("lancier orienté ouest f4"),
            "{}",
            in_lang("fr")
        );
        assert!(
            in_lang("fr").contains("geôlier a4, sentinelle d2"),
            "{}",
            in_lang("fr")
        );
        assert!(
            in_lang("es").contains("lanza orientada al oeste f4"),
            "{}",
            in_lang("es")
        );
        // Each compass point, from White's side: north-east is `d`.
        let spec = parse_compact("7k/8/8/8/8/8/8/K2D4").unwrap();
        let layout = read_board(&BUILTIN, "Eightpieces", &spec.board);
        let text = describe(&BUILTIN, "Eightpieces", &layout, &spec, &en());
        assert!(text.contains("lancer pointing north-east d1"), "{text}");
    }

    #[test]
    fn checkered_pieces_are_listed_as_both_sides_in_three_languages() {
        let spec = parse_compact("7k/b5pp/8/8/8/8/6ss/7K").unwrap();
        let layout = read_board(&BUILTIN, "Checkered", &spec.board);
        let in_lang = |lang: &str| {
            describe(
                &BUILTIN,
                "Checkered",
                &layout,
                &spec,
                &crate::words::strings(lang).diagram,
            )
        };
        assert_eq!(
            in_lang("en"),
            "White: king h1; Black: king h8, bishop a7, pawn g7 h7; checkered (both sides): pawn g2 h2"
        );
        assert!(
            in_lang("fr").contains("échiquetées (aux deux camps): pion g2 h2"),
            "{}",
            in_lang("fr")
        );
        assert!(
            in_lang("es").contains("ajedrezadas (de ambos bandos): peón g2 h2"),
            "{}",
            in_lang("es")
        );
    }

    #[test]
    fn alice_second_board_pieces_are_named_with_their_board() {
        // The page's diagram after 1.Nf3 d5 2.c4 dxc4: the knight and the
        // black pawn stand on the second board.
        let spec = parse_compact("rnbqkbnr/ppp1pppp/8/8/2s5/5O2/PP1PPPPP/RNBQKB1R").unwrap();
        let layout = read_board(&BUILTIN, "Alice", &spec.board);
        let text = describe(&BUILTIN, "Alice", &layout, &spec, &en());
        assert!(text.contains("knight (second board) f3"), "{text}");
        assert!(text.contains("pawn (second board) c4"), "{text}");
        let fr = crate::words::strings("fr").diagram;
        let text = describe(&BUILTIN, "Alice", &layout, &spec, &fr);
        assert!(text.contains("cavalier (second échiquier) f3"), "{text}");
        let es = crate::words::strings("es").diagram;
        let text = describe(&BUILTIN, "Alice", &layout, &spec, &es);
        assert!(text.contains("(segundo tablero)"), "{text}");
    }

    #[test]
    fn emergo_stacks_by_height_and_prisoners() {
        let spec = parse_compact("9/9/2a@1a@4/9/9/3D@5/4bb4/9/9").unwrap();
        let layout = read_board(&BUILTIN, "Emergo", &spec.board);
        assert_eq!(
            describe(&BUILTIN, "Emergo", &layout, &spec, &en()),
            "White: stack of 4 d4; Black: single piece c7 e7, stack of 2 with 2 prisoners e3"
        );
    }

    #[test]
    fn names_sides_pieces_and_marks() {
        let spec = parse_compact("4k3/8/8/8/8/8/8/R3K2R a5,b5").unwrap();
        let layout = read_board(&BUILTIN, "Chess", &spec.board);
        assert_eq!(
            describe(&BUILTIN, "Chess", &layout, &spec, &en()),
            "White: king e1, rook a1 h1; Black: king e8; marked: a5, b5"
        );
    }

    /// Ambiguous's marks are named as targets in the page's language.
    #[test]
    fn ambiguous_marks_are_named_targets() {
        let spec = parse_compact("4k3/8/8/3t4/8/8/8/4K3").unwrap();
        let layout = read_board(&BUILTIN, "Ambiguous", &spec.board);
        assert_eq!(
            describe(&BUILTIN, "Ambiguous", &layout, &spec, &en()),
            "White: king e1; Black: king e8, queen (target) d5"
        );
        let spec = parse_compact("4k3/8/8/3G4/8/8/8/4K3").unwrap();
        let layout = read_board(&BUILTIN, "Ambiguous", &spec.board);
        let fr = crate::words::strings("fr").diagram;
        let es = crate::words::strings("es").diagram;
        assert!(describe(&BUILTIN, "Ambiguous", &layout, &spec, &fr).contains("cible d5"));
        assert!(describe(&BUILTIN, "Ambiguous", &layout, &spec, &es).contains("objetivo d5"));
    }

    /// Hidden pieces are named as what they look like, with what they hide,
    /// in the page's language.
    #[test]
    fn hidden_pieces_are_named_with_their_secret() {
        let spec = parse_compact("4k3/8/8/3t4/8/8/4S3/4K3").unwrap();
        let layout = read_board(&BUILTIN, "Stealthbomb1", &spec.board);
        assert_eq!(
            describe(&BUILTIN, "Stealthbomb1", &layout, &spec, &en()),
            "White: king e1, pawn (bomb) e2; Black: king e8, queen (bomb) d5"
        );
        let fr = crate::words::strings("fr").diagram;
        let es = crate::words::strings("es").diagram;
        let layout = read_board(&BUILTIN, "Hiddenqueen", &spec.board);
        assert!(
            describe(&BUILTIN, "Hiddenqueen", &layout, &spec, &fr).contains("dame (incognito) d5")
        );
        let layout = read_board(&BUILTIN, "Hidden", &spec.board);
        assert!(describe(&BUILTIN, "Hidden", &layout, &spec, &es).contains("peón (incógnito) e2"));
    }

    #[test]
    fn chakart_objects_are_listed_apart_and_immobilized_pieces_named() {
        let spec = parse_compact("4k3/8/8/3d4/2wU4/3m4/4e3/4K2I").unwrap();
        let layout = read_board(&BUILTIN, "Chakart", &spec.board);
        assert_eq!(
            describe(&BUILTIN, "Chakart", &layout, &spec, &en()),
            "White: king e1, queen (hidden) h1, rook (immobilized) d4; Black: king e8; \
             objects: banana d5, bomb c4, egg e2, mushroom d3"
        );
        let fr = crate::words::strings("fr").diagram;
        let es = crate::words::strings("es").diagram;
        let (fr, es) = (
            describe(&BUILTIN, "Chakart", &layout, &spec, &fr),
            describe(&BUILTIN, "Chakart", &layout, &spec, &es),
        );
        assert!(fr.contains("tour (immobile) d4"), "{fr}");
        assert!(
            fr.contains("objets: banane d5, bombe c4, champignon d3, œuf e2"),
            "{fr}"
        );
        assert!(es.contains("torre (inmóvil) d4"), "{es}");
    }

    #[test]
    fn squares_read_from_a1_upwards() {
        let spec = parse_compact("8/8/8/8/4P3/8/PP6/8").unwrap();
        let layout = read_board(&BUILTIN, "Chess", &spec.board);
        assert_eq!(
            describe(&BUILTIN, "Chess", &layout, &spec, &en()),
            "White: pawn a2 b2 e4"
        );
    }

    #[test]
    fn otage_hostages_name_their_holder_in_each_language() {
        // c = pawn and rook: `cb` White's pawn first, Black holds (the
        // rook took the pawn); `cv` Black's pawn first, White holds.
        let spec = parse_compact("4k3/8/8/3cb4/8/2cv5/8/4K3").unwrap();
        let layout = read_board(&BUILTIN, "Otage", &spec.board);
        assert_eq!(
            layout.cell(3, 3),
            Cell::Hostage {
                union: 'c',
                code: 'b'
            }
        );
        assert_eq!(
            describe(&BUILTIN, "Otage", &layout, &spec, &en()),
            "White: king e1; Black: king e8; Hostages: Black's rook holding White's pawn hostage d5, White's rook holding Black's pawn hostage c3"
        );
        let words = |lang| crate::words::words_for(lang, &Default::default()).diagram;
        assert_eq!(
            describe(&BUILTIN, "Otage", &layout, &spec, &words("fr")),
            "Blancs: roi e1; Noirs: roi e8; Otages: tour des Blancs retenant en otage pion des Noirs c3, tour des Noirs retenant en otage pion des Blancs d5"
        );
        assert_eq!(
            describe(&BUILTIN, "Otage", &layout, &spec, &words("es")),
            "Blancas: rey e1; Negras: rey e8; Rehenes: torre de las Blancas con peón de las Negras como rehén c3, torre de las Negras con peón de las Blancas como rehén d5"
        );
    }

    #[test]
    fn unknown_letters_and_author_override() {
        let mut spec = parse_compact("8/3@4/8/8/8/8/2s5/3C4 - b").unwrap();
        let layout = read_board(&BUILTIN, "Pacosako", &spec.board);
        assert_eq!(
            describe(&BUILTIN, "Pacosako", &layout, &spec, &en()),
            "Unions: white bishop with black knight c2, white king with black king d7, white pawn with black rook d1; seen from Black"
        );
        spec.alt = Some("Two unions".into());
        assert_eq!(
            describe(&BUILTIN, "Pacosako", &layout, &spec, &en()),
            "Two unions"
        );
        let spec = parse_compact("9/9/9/9/9/9/9/9/2Z6").unwrap();
        let layout = read_board(&BUILTIN, "Shogi", &spec.board);
        assert_eq!(
            describe(&BUILTIN, "Shogi", &layout, &spec, &en()),
            "White (pointing up): piece Z c1"
        );
    }

    #[test]
    fn shogi_sides_are_named_by_where_their_pieces_point() {
        let spec = parse_compact("4k4/9/9/9/9/9/9/9/4K4 - b").unwrap();
        let layout = read_board(&BUILTIN, "Shogi", &spec.board);
        let text = describe(&BUILTIN, "Shogi", &layout, &spec, &en());
        assert!(
            text.starts_with("White (pointing down): ") && text.contains("; Black (pointing up): "),
            "{text}"
        );
        let fr = crate::words::strings("fr").diagram;
        let spec = parse_compact("4k4/9/9/9/9/9/9/9/4K4").unwrap();
        let text = describe(&BUILTIN, "Shogi", &layout, &spec, &fr);
        assert!(text.starts_with("Blancs (pointe vers le haut): "), "{text}");
        let chess = parse_compact("4k3/8/8/8/8/8/8/4K3").unwrap();
        let layout = read_board(&BUILTIN, "Chess", &chess.board);
        assert!(describe(&BUILTIN, "Chess", &layout, &chess, &en()).starts_with("White: "));
    }

    #[test]
    fn rules_and_variant_names() {
        let spec = parse_compact("4k3/8/8/8/8/8/1l1a4/4K2H").unwrap();
        let layout = read_board(&BUILTIN, "Orda", &spec.board);
        assert_eq!(
            describe(&BUILTIN, "Orda", &layout, &spec, &en()),
            "White: king e1, kheshig h1; Black: khan e8, horse archer d2, lancer b2"
        );
        let spec = parse_compact("xxx2xxx/8/8/8/8/8/8/8/8/1m4G1/xxx2xxx").unwrap();
        let layout = read_board(&BUILTIN, "Maxima", &spec.board);
        let text = describe(&BUILTIN, "Maxima", &layout, &spec, &en());
        assert!(
            text.contains("mage g2") && text.contains("immobilizer b2"),
            "{text}"
        );
    }
}
