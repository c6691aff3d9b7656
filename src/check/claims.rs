//! Reading what a caption claims about moves, in the languages of the corpus
//! (en, es, fr): moves said to be legal, moves said to be impossible, the
//! move that was just played, and sequences that lead from one board to the
//! next. Every move keeps its character offset in the caption so a
//! diagnostic can point at it. Nothing is guessed silently: a sentence that
//! states something about moves without a move we can read is returned as
//! [`Unreadable`].

use fenpress_rules::{notation, Color};

/// A move as written in a caption.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveText {
    /// The move without its number (`Qa5`, `Ne4xc3`, `0-0-0`, `d1d2`).
    pub text: String,
    /// Character offset of `text` in the caption.
    pub offset: usize,
    /// The move number written before it (`1.Qa5`), if any.
    pub number: Option<u32>,
    /// Followed by `e.p.`: an en-passant capture.
    pub en_passant: bool,
    /// The side that plays it, when the text says (`1...Nb3`, "Black
    /// cannot castle"); else whichever side can.
    pub side: Option<Color>,
    /// Parsed form.
    pub parsed: ParsedMove,
}

/// The shape of a move text, before any board is looked at: the core's
/// reading ([`notation::MoveText`]), and whether it is a drop (`P@e4`),
/// which the core's variants do not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParsedMove {
    pub mv: notation::MoveText,
    pub drop: bool,
}

impl ParsedMove {
    /// Destination square as `(file, rank)`, 0-based.
    pub fn to(&self) -> Option<(u8, u8)> {
        self.mv.castle.is_none().then_some(self.mv.to)
    }
    /// Origin square, when written in full (`Ne4xc3`, `d1d2`).
    pub fn from(&self) -> Option<(u8, u8)> {
        Some((self.mv.from_file?, self.mv.from_rank?))
    }
    /// Castling, and which way.
    pub fn castle(&self) -> Option<notation::CastleSide> {
        self.mv.castle
    }
}

/// What a caption says about its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimKind {
    /// Each move is legal ("1.Qa5, 1.Qb5 or 1.Qc5 captures the rook").
    Legal,
    /// Each move is impossible ("1.Ke5 is impossible", "Bxe7 is illegal").
    Illegal,
    /// A reply given as the reason a move is illegal ("(it allows Rxa1)").
    Reply,
    /// The move that was just played ("black just played d5"), or the
    /// moves that led to the first board, the last one just played
    /// ("1.Qh5+ (left)").
    Previous,
    /// Moves played one after the other ("Before and after Bxe4, Ne4xc3",
    /// "After 1.d1d2 e4e3 2.dxe3 exd2").
    Sequence,
}

/// One claim: a kind and the moves it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub kind: ClaimKind,
    pub moves: Vec<MoveText>,
    /// The sentence says "after" / "before and after".
    pub after: bool,
}

/// A part of a caption that states something about moves we cannot read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    pub offset: usize,
    /// Length in characters of the blamed text.
    pub len: usize,
    pub reason: String,
}

/// Everything read from one caption.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CaptionClaims {
    pub claims: Vec<Claim>,
    /// Squares the caption names outside moves ("from e4", "on c7 and h5"),
    /// with their offsets: they explain marks.
    pub squares: Vec<((u8, u8), usize)>,
    pub unreadable: Vec<Unreadable>,
    /// The caption says the marks show moves the rules forbid ("Marked
    /// squares are not allowed antiking moves"): a mark is then explained by
    /// a move a piece could make there but may not.
    pub marks_forbidden: bool,
    /// The caption says the marks are promotion squares ("Squares where
    /// promotion is allowed"): a mark is then explained by the variant's
    /// promotion zone, not by a move.
    pub marks_promotion: bool,
    /// Sides the caption says cannot move at all ("White cannot move").
    pub immobile: Vec<Immobile>,
}

impl CaptionClaims {
    /// Every move of every claim.
    pub fn moves(&self) -> impl Iterator<Item = (&Claim, &MoveText)> {
        self.claims
            .iter()
            .flat_map(|c| c.moves.iter().map(move |m| (c, m)))
    }
}

/// A word of the caption with its character offset.
#[derive(Debug, Clone)]
struct Word {
    text: String,
    lower: String,
    offset: usize,
}

const ILLEGAL: &[&str] = &[
    "impossible",
    "imposible",
    "illegal",
    "illégal",
    "ilegal",
    "not possible",
    "pas possible",
    "no es posible",
    "not allowed",
    "isn't allowed",
    "pas autorisé",
    "no está permitido",
    "no esta permitido",
    "forbidden",
    "interdit",
    "prohibido",
    "cannot",
    "can't",
    "ne peut pas",
    "ne peuvent pas",
    // Written French also drops the `pas`: "le fou ne peut aller en e3".
    "ne peut",
    "ne peuvent",
    "no puede",
    "no pueden",
    // Moves a caption calls anomalies are the ones the rules remove
    // ("1.Nxe7# and 1...Nxg2: knightriders' anomalies").
    "anomaly",
    "anomalies",
    "anomalie",
    "anomalía",
    "anomalías",
    "anomalia",
    "anomalias",
];
const REPLY: &[&str] = &[
    "allows",
    "allow",
    "permet",
    "permite",
    "because",
    "à cause",
    "a cause",
    "a causa",
    "debido",
    "parce",
    "car",
    "porque",
    "por culpa",
];
const SEQUENCE: &[&str] = &[
    "before and after",
    "avant et après",
    "antes y después",
    "antes y despues",
    "after",
    "après",
    "después",
    "despues",
    "then",
    "puis",
    "luego",
];
const PREVIOUS: &[&str] = &[
    "just played",
    "vient de jouer",
    "viennent de jouer",
    "acaban de jugar",
    "viene de jugar",
    "acaba de jugar",
    "has just",
];
/// Castling named in words ("Black cannot castle").
const CASTLE: &[&str] = &[
    "castle", "castling", "enroque", "enroquar", "enrocar", "roquer", "roque",
];
const BLACK: &[&str] = &["black", "negras", "negro", "noirs", "noir", "les noirs"];
const WHITE: &[&str] = &["white", "blancas", "blanco", "blancs", "blanc"];
/// Words that make two squares joined by a hyphen a line of the board, not
/// a move: "along the a4-e8 diagonal", "la diagonale a4-e8", "la diagonal
/// a4-e8" (Dynamo's check by a pull).
const LINE: &[&str] = &[
    "diagonal",
    "diagonale",
    "file",
    "rank",
    "colonne",
    "rangée",
    "columna",
    "fila",
];

/// Whether word `k` is two squares joined by a hyphen (`a4-e8`) beside a
/// word that names a line of the board.
fn names_a_line(words: &[Word], k: usize) -> bool {
    let squares = words[k].lower.split_once('-').is_some_and(|(a, b)| {
        [a, b]
            .iter()
            .all(|s| fenpress_rules::geometry::parse_square_coords(s).is_some())
    });
    let line_word = |j: Option<usize>| {
        j.and_then(|j| words.get(j))
            .is_some_and(|w| LINE.contains(&w.lower.trim_matches(|c: char| !c.is_alphabetic())))
    };
    squares && (line_word(k.checked_sub(1)) || line_word(Some(k + 1)))
}

/// Words after which a square is a place, not a move ("capturing g2 and
/// g1": the stones taken, Fanorona's page).
const PLACE: &[&str] = &[
    "from",
    "on",
    "at",
    "in",
    "to",
    "into",
    "onto",
    "towards",
    "between",
    "via",
    "en",
    "sur",
    "de",
    "depuis",
    "desde",
    "à",
    "a",
    "sobre",
    "hacia",
    "vers",
    "entre",
    "par",
    "por",
    "del",
    "du",
    "des",
    "la",
    "le",
    "les",
    "el",
    "square",
    "case",
    "casilla",
    "capturing",
    "capturant",
    "capturando",
];
/// Piece names: a square beside one is where the piece stands ("the c1
/// bishop", "le fou c1", "el alfil c1"), not a move.
const PIECE_NOUNS: &[&str] = &[
    "king", "queen", "rook", "bishop", "knight", "pawn", "roi", "dame", "tour", "fou", "cavalier",
    "pion", "rey", "dama", "torre", "alfil", "caballo", "peón", "peon",
];
/// Articles before a piece name ("le fou c1").
const ARTICLES: &[&str] = &[
    "the", "le", "la", "el", "un", "une", "a", "du", "del", "au", "al",
];
/// Words that continue a list of places.
const AND: &[&str] = &["and", "et", "y", "e", "or", "ou", "o", "&"];
/// A board of a pair named right after a move ("1.Qh5+ (left) 1...Qxd2#
/// (right)"): the moves before the first marker led to the left board,
/// the moves up to the second one lead from it to the right board.
const LEFT: &[&str] = &["left", "gauche", "izquierda"];
const RIGHT: &[&str] = &["right", "droite", "derecha"];

/// Reads the claims of a caption (plain text, as shown to a reader).
///
/// ```
/// use fenpress::check::claims::{read_caption, ClaimKind};
/// let c = read_caption("1.Ke5 is impossible");
/// assert_eq!(c.claims[0].kind, ClaimKind::Illegal);
/// assert_eq!(c.claims[0].moves[0].text, "Ke5");
/// assert_eq!(c.claims[0].moves[0].offset, 2);
/// ```
pub fn read_caption(text: &str) -> CaptionClaims {
    let mut out = CaptionClaims::default();
    let text = blank_unplayed_asides(text);
    for sentence in sentences(&text) {
        // Read as a whole: its words are about the marks, not moves.
        if says_marks_are_forbidden(&sentence) {
            out.marks_forbidden = true;
            continue;
        }
        if says_marks_are_promotion_squares(&sentence) {
            out.marks_promotion = true;
            continue;
        }
        if is_hypothetical(&sentence) {
            // "1.Nc3+ would win quickly" where the page then forbids it:
            // a conditional claims nothing about the rules.
            continue;
        }
        read_sentence(&sentence, &mut out);
    }
    out
}

/// What says an aside's moves are not played (en, fr, es).
const NOT_PLAYED: &[&str] = &[
    "isn't played",
    "is not played",
    "not played",
    "pas joué",
    "no se juega",
    "no jugado",
];

/// The caption with each parenthesised aside that says its moves are not
/// played blanked out, character for character so the offsets stay: "After
/// 1.e4 d5 2.e5 Qxd5 (anticipating 2.exd5 which isn't played)" is the line
/// 1.e4 d5 2.e5 Qxd5.
fn blank_unplayed_asides(text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '(' {
            i += 1;
            continue;
        }
        let Some(len) = chars[i..].iter().position(|&c| c == ')') else {
            break;
        };
        let aside: String = chars[i..=i + len]
            .iter()
            .flat_map(|c| c.to_lowercase())
            .collect();
        if NOT_PLAYED.iter().any(|s| aside.contains(s)) {
            for c in &mut chars[i..=i + len] {
                *c = ' ';
            }
        }
        i += len + 1;
    }
    chars.into_iter().collect()
}

/// The marks, as a sentence names them (en, fr, es).
const MARKED_SQUARES: &[&str] = &[
    "marked squares",
    "highlighted squares",
    "indicated squares",
    "squares shown",
    "cases indiquées",
    "cases marquées",
    "cases en surbrillance",
    "casillas mostradas",
    "casillas marcadas",
    "casillas indicadas",
];
/// What says the marked moves may not be played.
const NOT_ALLOWED: &[&str] = &[
    "not allowed",
    "not legal",
    "forbidden",
    "illegal",
    "ne sont pas",
    "interdites",
    "illégales",
    "no son",
    "prohibidas",
    "ilegales",
];

/// "Marked squares are not allowed antiking moves", "Les cases indiquées ne
/// sont pas des coups d'anti-roi légaux", "Las casillas mostradas no son
/// legales jugadas de antirey".
fn says_marks_are_forbidden(sentence: &[Word]) -> bool {
    let lower = sentence
        .iter()
        .map(|w| w.lower.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    MARKED_SQUARES.iter().any(|s| lower.contains(s))
        && NOT_ALLOWED.iter().any(|s| lower.contains(s))
}

/// A sentence in the conditional that says nothing is illegal ("1.Nc3+
/// would win quickly", "gagnerait", "ganaría"): its moves are what could
/// happen, not claims. One that also says a move is forbidden ("1.Qxd8+ is
/// forbidden because 1...Bc8 would be possible") is read as usual.
fn is_hypothetical(sentence: &[Word]) -> bool {
    let conditional = sentence.iter().any(|w| {
        let word = w.lower.trim_matches(|c: char| !c.is_alphabetic());
        matches!(word, "would" | "could" | "might")
            || (word.len() > 6 && (word.ends_with("rait") || word.ends_with("raient")))
            || (word.chars().count() > 5 && (word.ends_with("ría") || word.ends_with("rían")))
    });
    let lower = sentence
        .iter()
        .map(|w| w.lower.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    conditional && !ILLEGAL.iter().any(|s| lower.contains(s))
}

/// Squares, as a sentence names them (en, fr, es).
const SQUARES: &[&str] = &["squares", "cases", "casillas"];
/// Promotion, in the three languages.
const PROMOTION: &[&str] = &["promotion", "promoción", "promocion", "promote"];

/// "Squares where promotion is allowed", "Cases où la promotion est
/// autorisée", "Casillas donde se permite la promoción": a sentence about
/// squares and promotion that names no move.
fn says_marks_are_promotion_squares(sentence: &[Word]) -> bool {
    let has = |list: &[&str]| {
        sentence.iter().any(|w| {
            list.iter().any(|s| {
                w.lower
                    .trim_matches(|c: char| !c.is_alphabetic())
                    .starts_with(s)
            })
        })
    };
    has(SQUARES) && has(PROMOTION)
}

/// Splits into sentences of words. A `.` ends a sentence when followed by a
/// space or the end, except inside `e.p.`.
fn sentences(text: &str) -> Vec<Vec<Word>> {
    let chars: Vec<char> = text.chars().collect();
    let mut all = Vec::new();
    let mut words: Vec<Word> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() {
            i += 1;
        }
        let raw: String = chars[start..i].iter().collect();
        // A word may hold several list items: `g3,g4` or `(it`.
        let mut ends_sentence = false;
        for (piece, off) in split_word(&raw, start) {
            let trimmed_end = piece.trim_end_matches(|c: char| ".,;:!?)»\"'”".contains(c));
            let lead = piece.len()
                - piece
                    .trim_start_matches(|c: char| "(«\"'“".contains(c))
                    .len();
            let core = trimmed_end.get(lead..).unwrap_or("");
            let lower: String = core.chars().flat_map(char::to_lowercase).collect();
            let is_ep = lower == "e.p" || lower == "ep" || lower == "e.p.";
            let punct = &piece[trimmed_end.len()..];
            // `d4??`, `Nf3!`, `Ah4?!`: a move's annotation, not the end of
            // the sentence (the moves after it belong to the same line).
            let annotation = !punct.is_empty()
                && punct.chars().all(|c| c == '!' || c == '?')
                && core.chars().any(|c| c.is_ascii_digit());
            if (punct.contains('.') && !is_ep)
                || punct.contains(';')
                || (!annotation && (punct.contains('!') || punct.contains('?')))
            {
                ends_sentence = true;
            }
            if core.is_empty() {
                continue;
            }
            words.push(Word {
                text: core.to_string(),
                lower,
                offset: off + piece[..lead].chars().count(),
            });
        }
        if ends_sentence {
            all.push(std::mem::take(&mut words));
        }
    }
    if !words.is_empty() {
        all.push(words);
    }
    all
}

/// Splits `g3,g4,dxc5` into items with their character offsets; a comma
/// stays attached to the item before it so the list shape is visible.
fn split_word(raw: &str, start: usize) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    let mut from = 0usize; // char index
    let chars: Vec<char> = raw.chars().collect();
    for (k, c) in chars.iter().enumerate() {
        if *c == ',' && k + 1 < chars.len() {
            out.push((chars[from..=k].iter().collect(), start + from));
            from = k + 1;
        }
    }
    out.push((chars[from..].iter().collect(), start + from));
    out
}

/// A word read as a move, or not.
enum Token {
    Move(MoveText, bool),
    /// A game result (`1-0`, `1/2`): not a move, nothing to check.
    Result,
    /// `e.p.` after a move.
    EnPassant,
    Word,
}

/// A move without vchess's note of the way a castling lancer turns
/// (Fullcavalry's `0-0-0+L:N`): the move is the castling, whichever way.
fn without_lancer_turn(w: &str) -> &str {
    const DIRS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
    match w.rfind("+L:") {
        Some(i) if DIRS.contains(&w[i + 3..].trim_end_matches(['+', '#'])) => &w[..i],
        _ => w,
    }
}

fn token(word: &Word, pending_number: &mut Option<u32>, pending_side: &mut Option<Color>) -> Token {
    let w = word.text.as_str();
    if matches!(w, "1-0" | "0-1" | "1/2" | "½" | "1/2-1/2" | "½-½" | "0.5") {
        return Token::Result;
    }
    if matches!(word.lower.as_str(), "e.p" | "e.p." | "ep") {
        return Token::EnPassant;
    }
    // A move number alone (`1.` before ` e4`).
    let digits = w.chars().take_while(char::is_ascii_digit).count();
    let dots = w[digits..]
        .chars()
        .take_while(|c| *c == '.' || *c == '…')
        .count();
    if dots > 0 && digits + dots == w.chars().count() {
        if digits > 0 {
            *pending_number = w[..digits].parse().ok();
        }
        if dots >= 3 || w.contains('…') {
            *pending_side = Some(Color::Black);
        }
        return Token::Word;
    }
    // `1...Nb3` (or `1…Nb3`): a move of Black.
    let side = (w[digits..].starts_with("...") || w[digits..].starts_with('…'))
        .then_some(Color::Black)
        .or(pending_side.take());
    let (number, rest, skip) = if dots > 0 && (digits > 0 || side.is_some()) {
        let skip_bytes: usize = w
            .char_indices()
            .nth(digits + dots)
            .map(|(b, _)| b)
            .unwrap_or(w.len());
        (w[..digits].parse().ok(), &w[skip_bytes..], digits + dots)
    } else {
        (pending_number.take(), w, 0)
    };
    let core = without_lancer_turn(rest).trim_end_matches(['+', '#', '!', '?']);
    match parse_move(core) {
        Some((parsed, strong)) => Token::Move(
            MoveText {
                text: core.to_string(),
                offset: word.offset + skip,
                number,
                en_passant: false,
                side,
                parsed,
            },
            strong || number.is_some(),
        ),
        None => Token::Word,
    }
}

/// Parses one move text with the core's notation reader; the flag says
/// whether it is surely a move (a piece letter, a capture, a full origin,
/// castling, a promotion, a drop) rather than a bare square, which prose
/// also writes.
pub fn parse_move(text: &str) -> Option<(ParsedMove, bool)> {
    // Captions write castling with zeros or either case of `o`.
    let castle = text.replace(['o', '0'], "O");
    let (core, drop) = match text.split_once('@') {
        // `P@e4`: a piece letter and a square.
        // The core reads the drop itself (`N@f7`, vchess's `@d4` for a
        // pawn); `drop` says so.
        Some((piece, _))
            if piece.is_empty()
                || (piece.len() == 1 && piece.chars().all(|c| c.is_ascii_uppercase())) =>
        {
            (text.to_string(), true)
        }
        Some(_) => return None,
        None if matches!(castle.as_str(), "O-O" | "O-O-O") => (castle, false),
        None => (text.to_string(), false),
    };
    // The core trims check marks and annotations; a caption word must be
    // the move alone.
    if core.ends_with(['+', '#', '!', '?']) {
        return None;
    }
    let mv = notation::parse(&core).ok()?;
    let strong = mv.piece.is_some()
        || mv.capture
        || drop
        || mv.castle.is_some()
        || mv.promotion.is_some()
        || (mv.from_file.is_some() && mv.from_rank.is_some());
    Some((ParsedMove { mv, drop }, strong))
}

fn contains_any(haystack: &str, needles: &[&str]) -> Option<usize> {
    needles.iter().filter_map(|n| find_word(haystack, n)).min()
}

/// Byte offset of `needle` in `haystack` as whole words.
fn find_word(haystack: &str, needle: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = haystack[from..].find(needle) {
        let s = from + at;
        let e = s + needle.len();
        let before = haystack[..s].chars().next_back();
        let after = haystack[e..].chars().next();
        let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
        if boundary(before) && boundary(after) {
            return Some(s);
        }
        from = s + needle.len().max(1);
        while !haystack.is_char_boundary(from) {
            from += 1;
        }
    }
    None
}

/// The sentence in lowercase with each word's byte start, to place
/// keywords relative to moves.
fn lowered(words: &[Word]) -> (String, Vec<usize>) {
    let mut lower = String::new();
    let mut starts = Vec::new();
    for w in words {
        starts.push(lower.len());
        lower.push_str(&w.lower);
        lower.push(' ');
    }
    (lower, starts)
}

/// Words that say a square is under attack ("f8 is attacked", "f8 est
/// attaqué", "f8 es atacado", "controlled", "guarded"), by their stems.
const ATTACKED: &[&str] = &[
    "attack", "attaqu", "atacad", "control", "contrôl", "guard", "gard", "defend", "défend",
];
/// The verb between a square and what is said of it.
const IS: &[&str] = &["is", "est", "es", "está", "esta"];

/// Whether word `k` is a bare square the sentence says is attacked ("Black
/// cannot castle because f8 is attacked"): the subject of the sentence, a
/// place, not a pawn move.
fn is_attacked_square(words: &[Word], k: usize) -> bool {
    let bare_at = |j: usize| {
        words
            .get(j)
            .map_or("", |n| n.lower.trim_matches(|c: char| !c.is_alphanumeric()))
    };
    let next = if IS.contains(&bare_at(k + 1)) {
        bare_at(k + 2)
    } else {
        bare_at(k + 1)
    };
    ATTACKED.iter().any(|s| next.starts_with(s))
}

/// Whether word `k` is a square where a piece stands: "the c1 bishop"; "le
/// fou c1", "el alfil c1" (an article first: "coups de pion : g3" lists
/// moves).
fn is_piece_square(words: &[Word], k: usize) -> bool {
    let bare_at = |j: usize| {
        words
            .get(j)
            .map_or("", |n| n.lower.trim_matches(|c: char| !c.is_alphanumeric()))
    };
    PIECE_NOUNS.contains(&bare_at(k + 1))
        || (k >= 2 && PIECE_NOUNS.contains(&bare_at(k - 1)) && ARTICLES.contains(&bare_at(k - 2)))
}

fn read_sentence(words: &[Word], out: &mut CaptionClaims) {
    let (lower, starts) = lowered(words);
    let word_at = |byte: usize| starts.iter().rposition(|s| *s <= byte).unwrap_or(0);
    let illegal_at = contains_any(&lower, ILLEGAL).map(word_at);
    let reply_at = contains_any(&lower, REPLY).map(word_at);
    let sequence_at = contains_any(&lower, SEQUENCE).map(word_at);
    let previous_at = contains_any(&lower, PREVIOUS).map(word_at);
    let moves_word = ["moves", "movimientos", "coups", "jugadas", "move", "coup"]
        .iter()
        .any(|k| find_word(&lower, k).is_some());

    // Tokens, with place context for bare squares.
    let mut pending = None;
    let mut pending_side = None;
    let mut place = false;
    let mut found: Vec<(usize, MoveText, bool)> = Vec::new();
    let mut squares = Vec::new();
    let mut left_mark = None;
    let mut right_mark = None;
    for (k, w) in words.iter().enumerate() {
        if names_a_line(words, k) {
            continue;
        }
        let piece_square = is_piece_square(words, k);
        match token(w, &mut pending, &mut pending_side) {
            Token::Move(m, strong) => {
                if !strong && (place || piece_square || is_attacked_square(words, k)) {
                    if let Some(to) = m.parsed.to() {
                        squares.push((to, m.offset));
                    }
                    continue;
                }
                found.push((k, m, strong));
                place = false;
            }
            Token::EnPassant => {
                if let Some(last) = found.last_mut() {
                    last.1.en_passant = true;
                }
            }
            Token::Result => {}
            Token::Word => {
                let bare = w.lower.trim_matches(|c: char| !c.is_alphanumeric());
                let after_move = found.last().is_some_and(|(j, _, _)| j + 1 == k);
                if after_move && left_mark.is_none() && LEFT.contains(&bare) {
                    left_mark = Some(k);
                } else if after_move && left_mark.is_some() && RIGHT.contains(&bare) {
                    right_mark.get_or_insert(k);
                }
                if PLACE.contains(&bare) {
                    place = true;
                } else if !(AND.contains(&bare) && place) {
                    place = false;
                }
            }
        }
    }
    let any_strong = found.iter().any(|(_, _, s)| *s);
    // Bare squares are moves only beside surely-moves, after "moves",
    // "after", or as the move just played.
    let keep_weak = any_strong || moves_word || previous_at.is_some() || sequence_at.is_some();
    let mut moves: Vec<(usize, MoveText)> = Vec::new();
    for (k, m, strong) in found {
        if strong || keep_weak {
            moves.push((k, m));
        } else if let Some(to) = m.parsed.to() {
            squares.push((to, m.offset));
        }
    }
    out.squares.extend(squares);

    if moves.is_empty() {
        claim_without_moves(words, &lower, illegal_at, previous_at, out);
        return;
    }

    if let (Some(left), Some(right)) = (left_mark, right_mark) {
        marked_pair(moves, left, right, out);
        return;
    }
    let after = sequence_at.is_some();
    let is_reason = |k: usize| reply_at.is_some_and(|r| k > r);
    let has_illegal = illegal_at.is_some() && moves.iter().any(|(k, _)| !is_reason(*k));
    if let (Some(_), false, Some(c)) = (illegal_at, has_illegal, castling_claim(words, &lower)) {
        // "Black cannot castle because of ...": castling, either way.
        out.claims.push(c);
    } else if let (Some(i), false) = (illegal_at, has_illegal) {
        // "... cannot ... because of ...": the impossible thing is not a
        // move we can read.
        let w = &words[i];
        out.unreadable.push(Unreadable {
            offset: w.offset,
            len: w.text.chars().count(),
            reason: "the caption says something is impossible but names no move fenpress can read"
                .into(),
        });
    }
    let options_at = sequence_at
        .filter(|_| !has_illegal)
        .and_then(|s| options_after_line(words, &moves, s));
    let mut groups: Vec<(ClaimKind, Vec<MoveText>)> = Vec::new();
    for (k, m) in moves {
        let kind = if is_reason(k) {
            if has_illegal {
                ClaimKind::Reply
            } else {
                ClaimKind::Sequence
            }
        } else if has_illegal {
            ClaimKind::Illegal
        } else if previous_at.is_some_and(|p| k > p) && sequence_at.is_none_or(|s| s > k) {
            ClaimKind::Previous
        } else if options_at.is_some_and(|o| k > o) {
            ClaimKind::Legal
        } else if after {
            ClaimKind::Sequence
        } else {
            ClaimKind::Legal
        };
        match groups.last_mut() {
            Some((g, ms)) if *g == kind => ms.push(m),
            _ => groups.push((kind, vec![m])),
        }
    }
    for (kind, ms) in groups {
        let kind = if kind == ClaimKind::Legal && looks_like_sequence(&ms) {
            ClaimKind::Sequence
        } else {
            kind
        };
        out.claims.push(Claim {
            kind,
            moves: ms,
            after,
        });
    }
}

/// A sentence that names no move: castling or a capture in words, a side
/// that cannot move, or else a note that what it says cannot be read.
fn claim_without_moves(
    words: &[Word],
    lower: &str,
    illegal_at: Option<usize>,
    previous_at: Option<usize>,
    out: &mut CaptionClaims,
) {
    if let (Some(_), Some(c)) = (illegal_at, castling_claim(words, lower)) {
        out.claims.push(c);
        return;
    }
    if let Some(c) = illegal_at.and_then(|k| capture_in_words(words, lower, k)) {
        // "The king cannot take on a8": the capture, written in words.
        out.claims.push(c);
        return;
    }
    if let Some(i) = illegal_at.and_then(|k| side_cannot_move(words, lower, k)) {
        out.immobile.push(i);
        return;
    }
    let says = illegal_at
        .filter(|k| !is_passive(words, *k))
        .map(|k| (k, "says a move is impossible"))
        .or(previous_at.map(|k| (k, "names a move just played")));
    if let Some((k, what)) = says {
        let w = &words[k];
        out.unreadable.push(Unreadable {
            offset: w.offset,
            len: w.text.chars().count(),
            reason: format!("the caption {what} but names no move fenpress can read"),
        });
    }
}

/// Verbs of capturing, after which a square is what is taken.
const CAPTURE_VERBS: &[&str] = &[
    "take", "capture", "prendre", "capturer", "tomar", "capturar",
];
/// Verbs of moving at all ("White cannot move", "bouger", "moverse").
const MOVE_VERBS: &[&str] = &["move", "bouger", "jouer", "moverse", "mover", "jugar"];
/// A piece name's letter in the core's (English) notation; pawns are left
/// out: their capture needs the file they come from.
const PIECE_LETTERS: &[(&str, char)] = &[
    ("king", 'K'),
    ("roi", 'K'),
    ("rey", 'K'),
    ("queen", 'Q'),
    ("dame", 'Q'),
    ("dama", 'Q'),
    ("rook", 'R'),
    ("tour", 'R'),
    ("torre", 'R'),
    ("bishop", 'B'),
    ("fou", 'B'),
    ("alfil", 'B'),
    ("knight", 'N'),
    ("cavalier", 'N'),
    ("caballo", 'N'),
];

fn bare(w: &Word) -> &str {
    w.lower.trim_matches(|c: char| !c.is_alphanumeric())
}

/// The side a sentence names, if it names only one.
fn named_side(lower: &str) -> Option<Color> {
    match (contains_any(lower, BLACK), contains_any(lower, WHITE)) {
        (Some(_), None) => Some(Color::Black),
        (None, Some(_)) => Some(Color::White),
        _ => None,
    }
}

/// The first verb of `verbs` right after the impossibility at word `k`
/// ("cannot take", "ne peut pas prendre", "no puede tomar").
fn verb_after(words: &[Word], k: usize, verbs: &[&str]) -> Option<usize> {
    (k + 1..words.len().min(k + 4)).find(|&j| verbs.contains(&bare(&words[j])))
}

/// "The king cannot take on a8", "Le roi ne peut prendre en a8", "El rey no
/// puede tomar a8": an impossible capture written in words, read as the
/// move (`Kxa8`) of the piece named before it, blamed on the verb.
fn capture_in_words(words: &[Word], lower: &str, k: usize) -> Option<Claim> {
    let verb = verb_after(words, k, CAPTURE_VERBS)?;
    let mut at = verb + 1;
    if words.get(at).is_some_and(|w| PLACE.contains(&bare(w))) {
        at += 1;
    }
    let (square, _) = parse_move(&words.get(at)?.text)?;
    if square.mv.piece.is_some() || square.mv.capture || square.from().is_some() {
        return None;
    }
    let to = square.to()?;
    let letter = words[..k]
        .iter()
        .find_map(|w| PIECE_LETTERS.iter().find(|(n, _)| *n == bare(w)))?
        .1;
    let text = format!("{letter}x{}{}", char::from(b'a' + to.0), to.1 + 1);
    let (parsed, _) = parse_move(&text)?;
    Some(Claim {
        kind: ClaimKind::Illegal,
        moves: vec![MoveText {
            text,
            offset: words[verb].offset,
            number: None,
            en_passant: false,
            side: named_side(lower),
            parsed,
        }],
        after: false,
    })
}

/// A side said to have no move at all ("White cannot move: 1-0").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Immobile {
    pub side: Color,
    /// Character offset and length of the verb.
    pub offset: usize,
    pub len: usize,
}

/// "White cannot move: 1-0", "Les blancs ne peuvent pas bouger", "Las
/// blancas no puede moverse": the named side has no legal move. Only a
/// sentence that ends with the verb (or a result) says so; "White cannot
/// move here" is about a square.
fn side_cannot_move(words: &[Word], lower: &str, k: usize) -> Option<Immobile> {
    let verb = verb_after(words, k, MOVE_VERBS)?;
    let ends = words[verb + 1..]
        .iter()
        .all(|w| matches!(w.text.as_str(), "1-0" | "0-1" | "1/2-1/2" | "½-½"));
    let side = named_side(lower)?;
    ends.then(|| Immobile {
        side,
        offset: words[verb].offset,
        len: words[verb].text.chars().count(),
    })
}

/// Whether the impossibility at word `k` is in the passive ("the c2 pawn
/// cannot be defended", "ne peut pas être pris", "no puede ser tomado"):
/// it is said of a piece, not of a move.
fn is_passive(words: &[Word], k: usize) -> bool {
    words.iter().skip(k + 1).take(3).any(|w| {
        matches!(
            w.lower.trim_matches(|c: char| !c.is_alphabetic()),
            "be" | "être" | "ser" | "estar"
        )
    })
}

/// Words that say what a side may do next ("black can play 3...Nxb5").
const MODAL: &[&str] = &["can", "may", "peut", "peuvent", "puede", "pueden"];

/// In a sentence "after" a line, the word that says what may be played
/// from the position it reaches ("After 3.Bb5?? black can play 3...Nxb5 or
/// 3...e5xf3"): the moves after it are alternatives, not the line's
/// continuation. Only a modal between the line and further moves counts.
fn options_after_line(
    words: &[Word],
    moves: &[(usize, MoveText)],
    after_at: usize,
) -> Option<usize> {
    let modal = (after_at + 1..words.len())
        .find(|&j| MODAL.contains(&words[j].lower.trim_matches(|c: char| !c.is_alphabetic())))?;
    let line = moves.iter().any(|(k, _)| *k > after_at && *k < modal);
    let options = moves.iter().any(|(k, _)| *k > modal);
    (line && options).then_some(modal)
}

/// A sentence whose moves are marked with the boards of a pair: those
/// before `left` were played to reach the left board (a Previous claim:
/// the last of them was just played), those up to `right` lead from the
/// left board to the right one (an "after" sequence).
fn marked_pair(moves: Vec<(usize, MoveText)>, left: usize, right: usize, out: &mut CaptionClaims) {
    let (before, rest): (Vec<_>, Vec<_>) = moves.into_iter().partition(|(k, _)| *k < left);
    let between: Vec<MoveText> = rest
        .into_iter()
        .filter(|(k, _)| *k < right)
        .map(|(_, m)| m)
        .collect();
    let before: Vec<MoveText> = before.into_iter().map(|(_, m)| m).collect();
    for (kind, ms) in [
        (ClaimKind::Previous, before),
        (ClaimKind::Sequence, between),
    ] {
        if !ms.is_empty() {
            out.claims.push(Claim {
                kind,
                moves: ms,
                after: true,
            });
        }
    }
}

/// "Black cannot castle": both castlings of the side the sentence names
/// (of either side when it names none), blamed on the castling word.
fn castling_claim(words: &[Word], lower: &str) -> Option<Claim> {
    let at = words.iter().find(|w| {
        let bare = w.lower.trim_matches(|c: char| !c.is_alphanumeric());
        CASTLE.contains(&bare)
    })?;
    let side = named_side(lower);
    let moves = ["O-O", "O-O-O"]
        .into_iter()
        .filter_map(|t| {
            let (parsed, _) = parse_move(t)?;
            Some(MoveText {
                text: t.to_string(),
                offset: at.offset,
                number: None,
                en_passant: false,
                side,
                parsed,
            })
        })
        .collect();
    Some(Claim {
        kind: ClaimKind::Illegal,
        moves,
        after: false,
    })
}

/// One item of a Markdown claim list (`Qa5`, `1.d1d2`, `...O-O`, `cxd6
/// e.p.`), read as a caption's move is; `None` unless it is one move
/// (with its number, and `e.p.`, if written).
///
/// ```
/// use fenpress::check::claims::read_item;
/// let m = read_item("2...Nb3").unwrap();
/// assert_eq!((m.text.as_str(), m.number, m.offset), ("Nb3", Some(2), 4));
/// assert!(read_item("cxd6 e.p.").unwrap().en_passant);
/// assert!(read_item("Qa5 then").is_none());
/// ```
pub fn read_item(text: &str) -> Option<MoveText> {
    let mut pending = None;
    let mut side = None;
    let mut found: Option<MoveText> = None;
    for w in sentences(text).iter().flatten() {
        match token(w, &mut pending, &mut side) {
            Token::Move(m, _) if found.is_none() => found = Some(m),
            Token::EnPassant if found.is_some() => {
                if let Some(m) = &mut found {
                    m.en_passant = true;
                }
            }
            Token::Word
                if found.is_none()
                    && w.text
                        .chars()
                        .all(|c| c.is_ascii_digit() || c == '.' || c == '…') => {}
            _ => return None,
        }
    }
    found
}

/// Moves written as a game (`1.e4 e5 2.Nf3`) or a chain (each move starts
/// where the previous one ended: `Bxe4, Ne4xc3, Qc3xc6`).
pub fn looks_like_sequence(ms: &[MoveText]) -> bool {
    if ms.len() < 2 {
        return false;
    }
    let numbered_game = ms.iter().filter(|m| m.number.is_some()).count() < ms.len()
        && ms.first().is_some_and(|m| m.number.is_some());
    let chain = ms
        .windows(2)
        .all(|w| w[1].parsed.from().is_some() && w[1].parsed.from() == w[0].parsed.to());
    numbered_game || chain
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(ClaimKind, Vec<String>)> {
        read_caption(text)
            .claims
            .into_iter()
            .map(|c| (c.kind, c.moves.into_iter().map(|m| m.text).collect()))
            .collect()
    }

    #[test]
    fn an_annotated_move_does_not_end_the_line() {
        let c = read_caption("After 1.d4?? e5 2.dxe5 h6.");
        assert_eq!(c.claims.len(), 1, "{:?}", c.claims);
        assert_eq!(c.claims[0].kind, ClaimKind::Sequence);
        let moves: Vec<&str> = c.claims[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["d4", "e5", "dxe5", "h6"]);
        let c = read_caption("After 1.e4 e5 2.Qh5 Ah4?? 3.Qxf7#");
        assert_eq!(c.claims[0].moves.len(), 5, "{:?}", c.claims);
        // A question still ends its sentence.
        assert_eq!(sentences("Is it possible? Yes, Ke5.").len(), 2);
    }

    #[test]
    fn an_aside_whose_move_is_not_played_is_not_in_the_line() {
        for text in [
            "After 1.e4 d5 2.e5 Qxd5 (anticipating 2.exd5 which isn't played)",
            "Après 1.e4 d5 2.e5 Qxd5 (anticipant 2.exd5 qui n'est pas joué)",
            "Después de 1.e4 d5 2.e5 Qxd5 (anticipando 2.exd5 que no se juega)",
        ] {
            let claims = read_caption(text);
            let moves: Vec<&str> = claims.moves().map(|(_, m)| m.text.as_str()).collect();
            assert_eq!(moves, ["e4", "d5", "e5", "Qxd5"], "{text}");
            // The line's moves keep their place in the caption.
            let qxd5 = claims.moves().last().map(|(_, m)| m.offset);
            let at = text.find("Qxd5").map(|b| text[..b].chars().count());
            assert_eq!(qxd5, at, "{text}");
        }
        // An aside that plays its move stays in the line.
        let claims = read_caption("After 1.e4 d5 (or 1...e5) 2.exd5");
        assert!(claims.moves().any(|(_, m)| m.text == "e5"));
    }

    #[test]
    fn not_allowed_in_three_languages_says_illegal() {
        for text in [
            "1.Kxh2 by anticipation isn't allowed: white is checkmated.",
            "1.Kxh2 par anticipation n'est pas autorisé : les blancs sont mat.",
            "1.Kxh2 por adelantado no está permitido: las blancas son mate.",
        ] {
            let claims = read_caption(text);
            assert_eq!(claims.claims.len(), 1, "{text}: {:?}", claims.claims);
            assert_eq!(claims.claims[0].kind, ClaimKind::Illegal, "{text}");
        }
    }

    #[test]
    fn two_squares_naming_a_diagonal_are_no_move() {
        for text in [
            "Check: the queen threatens to pull the king off the board along the a4-e8 diagonal.",
            "Échec : la dame menace de tirer le roi en dehors de l'échiqier le long de la diagonale a4-e8",
            "Jaque: la dama amenaza con sacar al rey fuera del tablero de ajedrez por la diagonal a4-e8",
        ] {
            let claims = read_caption(text);
            assert_eq!(claims.moves().count(), 0, "{text}: {:?}", claims.claims);
        }
        // A move stays one: "1.a4-e8" names no line.
        assert_eq!(
            read_caption("After Qa4-e8 the king is free.")
                .moves()
                .count(),
            1
        );
    }

    #[test]
    fn squares_captured_are_places_not_moves() {
        for text in [
            "Before and after g4g3 (capturing g2 and g1).",
            "Avant et après g4g3 (capturant g2 et g1).",
            "Antes y después de g4g3 (capturando g2 y g1).",
        ] {
            let claims = read_caption(text);
            let moves: Vec<&str> = claims.moves().map(|(_, m)| m.text.as_str()).collect();
            assert_eq!(moves, ["g4g3"], "{text}");
        }
    }

    #[test]
    fn a_square_beside_a_piece_name_is_where_it_stands() {
        for text in [
            "The c1 bishop can't go to e3 (mutual attack with Bc5).",
            "Le fou c1 ne peut aller en e3 (attaque mutuelle avec Bc5).",
        ] {
            let c = read_caption(text);
            let moves: Vec<&str> = c.moves().map(|(_, m)| m.text.as_str()).collect();
            assert_eq!(moves, ["Bc5"], "{text}");
            assert!(c.squares.iter().any(|(sq, _)| *sq == (2, 0)), "{text}: c1");
        }
        let c = read_caption("Possibles coups de pion : g3, g4, dxc5, bxc5");
        assert_eq!(c.moves().count(), 4);
    }

    #[test]
    fn replies_offered_after_a_line() {
        for text in [
            "After 3.Bb5?? black can play 3...Nxb5 or 3...e5xf3 for example",
            "Après 3.Bb5?? les noirs peuvent jouer 3...Nxb5 ou 3...e5xf3 par exemple",
            "Después de 3.Bb5?? las negras pueden jugar 3...Nxb5 o 3...e5xf3 por ejemplo",
        ] {
            assert_eq!(
                kinds(text),
                [
                    (ClaimKind::Sequence, vec!["Bb5".into()]),
                    (ClaimKind::Legal, vec!["Nxb5".into(), "e5xf3".into()])
                ],
                "{text}"
            );
        }
        // Without a modal between them, the moves are one line.
        assert_eq!(kinds("After 1.e4 e5 2.Nf3").len(), 1);
    }

    #[test]
    fn a_square_said_to_be_attacked_is_a_place() {
        for text in [
            "Black cannot castle because f8 is attacked: Qxe6, Pxd7, Nxf8",
            "Les noirs ne peuvent pas roquer car f8 est attaqué : Qxe6, Pxd7, Nxf8",
            "Las negras no pueden enroque porque f8 es atacado: Qxe6, Pxd7, Nxf8",
        ] {
            let c = read_caption(text);
            let moves: Vec<&str> = c.moves().map(|(_, m)| m.text.as_str()).collect();
            assert_eq!(moves, ["O-O", "O-O-O", "Qxe6", "Pxd7", "Nxf8"], "{text}");
            assert!(c.squares.iter().any(|(sq, _)| *sq == (5, 7)), "{text}: f8");
        }
    }

    #[test]
    fn a_passive_impossibility_is_about_a_piece() {
        let c = read_caption("White to play: the c2 pawn cannot be defended.");
        assert!(c.claims.is_empty() && c.unreadable.is_empty(), "{c:?}");
        // An active one without a move is still reported.
        assert_eq!(read_caption("White cannot move here.").unreadable.len(), 1);
    }

    #[test]
    fn claims_written_in_words() {
        for text in [
            "The king cannot take on a8 because the square is guarded by the knight",
            "Le roi ne peut prendre en a8, case gardée par le cavalier : c'est mat",
            "El rey no puede tomar a8, casilla custodiada por el caballo: es jaque mate",
        ] {
            assert_eq!(
                kinds(text),
                [(ClaimKind::Illegal, vec!["Kxa8".into()])],
                "{text}"
            );
        }
        for (text, side) in [
            ("White cannot move: 1-0.", Color::White),
            ("Les blancs ne peuvent pas bouger : 1-0.", Color::White),
            ("Las negras no puede moverse.", Color::Black),
        ] {
            let c = read_caption(text);
            assert_eq!(c.immobile.len(), 1, "{text}");
            assert_eq!(c.immobile[0].side, side, "{text}");
            assert!(c.unreadable.is_empty(), "{text}");
        }
        assert!(read_caption("White cannot move here.").immobile.is_empty());
    }

    #[test]
    fn moves_called_anomalies_are_impossible() {
        for text in [
            "1.Nxe7# and 1...Nxg2: \"knightriders' anomalies\".",
            "1.Nxe7# et 1...Nxg2 : \"anomalies de noctambules\".",
            "1.Nxe7# y 1...Nxg2: \"anomalías de noctámbulos\".",
        ] {
            assert_eq!(
                kinds(text),
                [(ClaimKind::Illegal, vec!["Nxe7".into(), "Nxg2".into()])],
                "{text}"
            );
        }
    }

    #[test]
    fn conditionals_claim_nothing() {
        for text in [
            "1.Nc3+ would win quickly.",
            "1.Nc3+ gagnerait rapidement.",
            "1.Nc3+ ganaría rápidamente.",
        ] {
            assert!(read_caption(text).claims.is_empty(), "{text}");
        }
        let c = read_caption("1.Qxd8+ is forbidden because 1...Bc8 would be possible.");
        assert_eq!(c.claims[0].kind, ClaimKind::Illegal);
    }

    #[test]
    fn marks_said_to_be_promotion_squares() {
        for text in [
            "Squares where promotion is allowed.",
            "Cases où la promotion est autorisée.",
            "Casillas donde se permite la promoción.",
        ] {
            let c = read_caption(text);
            assert!(c.marks_promotion, "{text}");
            assert!(c.claims.is_empty(), "{text}: {:?}", c.claims);
        }
        for text in [
            "Marked squares are the knight's moves.",
            "After 1.e8=Q the pawn promotes.",
        ] {
            assert!(!read_caption(text).marks_promotion, "{text}");
        }
    }

    #[test]
    fn marks_said_to_be_forbidden() {
        for text in [
            "Marked squares are not allowed antiking moves.",
            "Les cases indiquées ne sont pas des coups d'anti-roi légaux.",
            "Las casillas mostradas no son legales jugadas de antirey.",
        ] {
            let c = read_caption(text);
            assert!(c.marks_forbidden, "{text}");
            assert!(c.claims.is_empty(), "{text}: {:?}", c.claims);
        }
        for text in [
            "Marked squares are the knight's moves.",
            "The king is not allowed to castle.",
        ] {
            assert!(!read_caption(text).marks_forbidden, "{text}");
        }
    }

    #[test]
    fn legal_alternatives() {
        assert_eq!(
            kinds("1.Qa5, 1.Qb5 or 1.Qc5 captures the black rook."),
            [(
                ClaimKind::Legal,
                vec!["Qa5".into(), "Qb5".into(), "Qc5".into()]
            )]
        );
        let c = read_caption("1.Qa5, 1.Qb5 or 1.Qc5 captures");
        let offsets: Vec<usize> = c.claims[0].moves.iter().map(|m| m.offset).collect();
        assert_eq!(offsets, [2, 9, 18]);
    }

    #[test]
    fn illegal_in_three_languages_with_reason() {
        for t in [
            "1.Ke5 is impossible",
            "1.Ke5 es imposible",
            "1.Ke5 est impossible",
            "1.Ke5 n'est pas possible",
        ] {
            assert_eq!(kinds(t), [(ClaimKind::Illegal, vec!["Ke5".into()])], "{t}");
        }
        assert_eq!(
            kinds("Bxe7 est illégal (cela permet Rxa1)."),
            [
                (ClaimKind::Illegal, vec!["Bxe7".into()]),
                (ClaimKind::Reply, vec!["Rxa1".into()])
            ]
        );
    }

    #[test]
    fn squares_are_not_moves() {
        let c = read_caption("Possible knight moves from e4.");
        assert!(c.claims.is_empty());
        assert_eq!(c.squares, [((4, 3), 27)]);
        let c = read_caption("Immobilizers on d2 and e6.");
        assert!(c.claims.is_empty());
        assert_eq!(c.squares.len(), 2);
        let c = read_caption("1.Rc5 captures on c7 and h5.");
        assert_eq!(c.claims.len(), 1);
        assert_eq!(c.squares.len(), 2);
    }

    #[test]
    fn bare_pawn_moves_beside_captures() {
        assert_eq!(
            kinds("Possible pawn moves: g3, g4, dxc5, bxc5"),
            [(
                ClaimKind::Legal,
                vec!["g3".into(), "g4".into(), "dxc5".into(), "bxc5".into()]
            )]
        );
    }

    #[test]
    fn sequences() {
        assert_eq!(
            kinds("Before and after the chaining move Bxe4, Ne4xc3, Qc3xc6."),
            [(
                ClaimKind::Sequence,
                vec!["Bxe4".into(), "Ne4xc3".into(), "Qc3xc6".into()]
            )]
        );
        assert_eq!(
            kinds("After 1.d1d2 e4e3 2.dxe3 exd2, pawns are swapped."),
            [(
                ClaimKind::Sequence,
                vec!["d1d2".into(), "e4e3".into(), "dxe3".into(), "exd2".into()]
            )]
        );
        let c = read_caption(
            "Left: black just played d5 (jump from d7). Right: after cxd6 e.p. and 0-0-0.",
        );
        assert_eq!(c.claims[0].kind, ClaimKind::Previous);
        assert_eq!(c.claims[1].kind, ClaimKind::Sequence);
        assert!(c.claims[1].moves[0].en_passant);
        assert_eq!(
            c.claims[1].moves[1].parsed.castle(),
            Some(notation::CastleSide::Queen)
        );
        // A result is not a move.
        assert!(read_caption("Famous mating pattern: 1-0").claims.is_empty());
    }

    #[test]
    fn boards_of_a_pair_named_after_moves() {
        assert_eq!(
            kinds("1.Qh5+ (left) 1...Qxd2# (right), black wins."),
            [
                (ClaimKind::Previous, vec!["Qh5".into()]),
                (ClaimKind::Sequence, vec!["Qxd2".into()])
            ]
        );
        assert_eq!(
            kinds("Después de 1.e4 e5 2.Nf3 b6 (izquierda) con 3.Cxe5 (derecha)"),
            [
                (
                    ClaimKind::Previous,
                    vec!["e4".into(), "e5".into(), "Nf3".into(), "b6".into()]
                ),
                (ClaimKind::Sequence, vec!["Cxe5".into()])
            ]
        );
        // A piece named by its board is no marker.
        assert!(kinds("Movements of the Wide Knight (left) and Narrow Knight (right).").is_empty());
    }

    #[test]
    fn unreadable_is_reported() {
        let c = read_caption("Black cannot move there because of the chain Bxc3, c3xb5");
        assert_eq!(c.claims[0].kind, ClaimKind::Sequence);
        assert_eq!(c.unreadable.len(), 1, "the impossible thing is no move");
        let c = read_caption("White cannot move here.");
        assert_eq!(c.unreadable.len(), 1);
    }

    #[test]
    fn castling_in_words() {
        for (t, side) in [
            (
                "Black cannot castle because of the chain Bxc3, c3xb5, b5xb4, b4xf8",
                Color::Black,
            ),
            (
                "Las negras no pueden enroquar a causa de la cadena Bxc3, c3xb5",
                Color::Black,
            ),
            (
                "Les noirs ne peuvent pas roquer à cause de la chaîne Bxc3, c3xb5",
                Color::Black,
            ),
            ("White cannot castle here.", Color::White),
        ] {
            let c = read_caption(t);
            assert!(c.unreadable.is_empty(), "{t}");
            assert_eq!(c.claims[0].kind, ClaimKind::Illegal, "{t}");
            let ms: Vec<_> = c.claims[0]
                .moves
                .iter()
                .map(|m| (m.text.as_str(), m.side))
                .collect();
            assert_eq!(ms, [("O-O", Some(side)), ("O-O-O", Some(side))], "{t}");
        }
        let c = read_caption("1.e4 e5 2.Nf3 2...Nc6");
        assert_eq!(c.claims[0].moves[3].side, Some(Color::Black));
    }

    #[test]
    fn drops_are_moves_in_both_forms() {
        for text in ["N@f7", "@d4"] {
            let (parsed, strong) = parse_move(text).expect(text);
            assert!(parsed.drop && strong, "{text}");
        }
        assert!(parse_move("nn@f7").is_none());
    }

    #[test]
    fn never_panics() {
        for t in [
            "",
            ".",
            "1.",
            "1...",
            "x",
            "Qx",
            "a0",
            "=Q",
            "é.p. 1.…",
            "1.e4 2.",
            "(((",
            "a99x",
            "cannot take",
            "The king cannot take on",
            "The king cannot take on z9",
            "White cannot move",
            "after 3.Bb5 can",
            "f8 is",
        ] {
            let _ = read_caption(t);
        }
    }
}
