//! Reading what a caption claims about moves, in the languages of the corpus
//! (en, es, fr): moves said to be legal, moves said to be impossible, the
//! move that was just played, and sequences that lead from one board to the
//! next. Every move keeps its character offset in the caption so a
//! diagnostic can point at it. Nothing is guessed silently: a sentence that
//! states something about moves without a move we can read is returned as
//! [`Unreadable`].

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
    /// Parsed form.
    pub parsed: ParsedMove,
}

/// The shape of a move text, before any board is looked at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParsedMove {
    /// `0-0` (false) or `0-0-0` (true).
    Castle { long: bool },
    /// SAN or coordinate notation.
    Piece {
        /// Uppercase piece letter, if written.
        piece: Option<char>,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        capture: bool,
        /// Destination file and rank (0-based).
        to: (u8, u8),
        promotion: Option<char>,
        /// `P@e4`: a drop.
        drop: bool,
    },
}

impl ParsedMove {
    /// Destination square as `(file, rank)`, 0-based.
    pub fn to(&self) -> Option<(u8, u8)> {
        match self {
            ParsedMove::Piece { to, .. } => Some(*to),
            ParsedMove::Castle { .. } => None,
        }
    }
    /// Origin square, when written in full (`Ne4xc3`, `d1d2`).
    pub fn from(&self) -> Option<(u8, u8)> {
        match self {
            ParsedMove::Piece {
                from_file: Some(f),
                from_rank: Some(r),
                ..
            } => Some((*f, *r)),
            _ => None,
        }
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
    /// The move that was just played ("black just played d5").
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
    "forbidden",
    "interdit",
    "prohibido",
    "cannot",
    "can't",
    "ne peut pas",
    "ne peuvent pas",
    "no puede",
    "no pueden",
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
/// Words after which a square is a place, not a move.
const PLACE: &[&str] = &[
    "from", "on", "at", "in", "to", "into", "onto", "towards", "between", "via", "en", "sur", "de",
    "depuis", "desde", "à", "a", "sobre", "hacia", "vers", "entre", "par", "por", "del", "du",
    "des", "la", "le", "les", "el", "square", "case", "casilla",
];
/// Words that continue a list of places.
const AND: &[&str] = &["and", "et", "y", "e", "or", "ou", "o", "&"];

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
    for sentence in sentences(text) {
        read_sentence(&sentence, &mut out);
    }
    out
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
            if (punct.contains('.') && !is_ep)
                || punct.contains(';')
                || punct.contains('!')
                || punct.contains('?')
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

fn token(word: &Word, pending_number: &mut Option<u32>) -> Token {
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
    if digits > 0 && dots > 0 && digits + dots == w.chars().count() {
        *pending_number = w[..digits].parse().ok();
        return Token::Word;
    }
    let (number, rest, skip) = if digits > 0 && dots > 0 {
        let skip_bytes: usize = w
            .char_indices()
            .nth(digits + dots)
            .map(|(b, _)| b)
            .unwrap_or(w.len());
        (w[..digits].parse().ok(), &w[skip_bytes..], digits + dots)
    } else {
        (pending_number.take(), w, 0)
    };
    let core = rest.trim_end_matches(['+', '#', '!', '?']);
    match parse_move(core) {
        Some((parsed, strong)) => Token::Move(
            MoveText {
                text: core.to_string(),
                offset: word.offset + skip,
                number,
                en_passant: false,
                parsed,
            },
            strong || number.is_some(),
        ),
        None => Token::Word,
    }
}

/// Parses one move text; the flag says whether it is surely a move (a piece
/// letter, a capture, a full origin) rather than a bare square.
pub fn parse_move(text: &str) -> Option<(ParsedMove, bool)> {
    let t = text.replace(['O', 'o'], "0");
    match t.as_str() {
        "0-0" => return Some((ParsedMove::Castle { long: false }, true)),
        "0-0-0" => return Some((ParsedMove::Castle { long: true }, true)),
        _ => {}
    }
    let b = text.as_bytes();
    if b.is_empty() || !text.is_ascii() {
        return None;
    }
    let mut end = b.len();
    // Promotion: `=Q` or a trailing uppercase letter after the rank.
    let mut promotion = None;
    if end >= 2 && b[end - 1].is_ascii_uppercase() {
        promotion = Some(b[end - 1] as char);
        end -= 1;
        if b[end - 1] == b'=' {
            end -= 1;
        }
    }
    // Destination: a file letter and one or two rank digits.
    let mut d = end;
    while d > 0 && b[d - 1].is_ascii_digit() && end - d < 2 {
        d -= 1;
    }
    if d == end || d == 0 || !b[d - 1].is_ascii_lowercase() {
        return None;
    }
    let to_rank: u8 = text[d..end].parse::<u8>().ok()?.checked_sub(1)?;
    let to_file = b[d - 1] - b'a';
    let mut p = d - 1; // prefix is b[..p]
    let mut capture = false;
    let mut drop = false;
    if p > 0 && (b[p - 1] == b'x' || b[p - 1] == b':') {
        capture = true;
        p -= 1;
    } else if p > 0 && b[p - 1] == b'@' {
        drop = true;
        p -= 1;
    }
    let mut i = 0;
    let piece = if p > 0 && b[0].is_ascii_uppercase() {
        i = 1;
        Some(b[0] as char)
    } else {
        None
    };
    let mut from_file = None;
    let mut from_rank = None;
    if i < p && b[i].is_ascii_lowercase() {
        from_file = Some(b[i] - b'a');
        i += 1;
    }
    let rank_start = i;
    while i < p && b[i].is_ascii_digit() {
        i += 1;
    }
    if i > rank_start {
        from_rank = Some(text[rank_start..i].parse::<u8>().ok()?.checked_sub(1)?);
    }
    if i != p || (drop && (piece.is_none() || from_file.is_some())) {
        return None;
    }
    if to_file > 25 {
        return None;
    }
    let strong = piece.is_some()
        || capture
        || drop
        || promotion.is_some()
        || (from_file.is_some() && from_rank.is_some());
    Some((
        ParsedMove::Piece {
            piece,
            from_file,
            from_rank,
            capture,
            to: (to_file, to_rank),
            promotion,
            drop,
        },
        strong,
    ))
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

fn read_sentence(words: &[Word], out: &mut CaptionClaims) {
    // The sentence in lowercase with each word's byte start, to place
    // keywords relative to moves.
    let mut lower = String::new();
    let mut starts = Vec::new();
    for w in words {
        starts.push(lower.len());
        lower.push_str(&w.lower);
        lower.push(' ');
    }
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
    let mut place = false;
    let mut found: Vec<(usize, MoveText, bool)> = Vec::new();
    let mut squares = Vec::new();
    for (k, w) in words.iter().enumerate() {
        match token(w, &mut pending) {
            Token::Move(m, strong) => {
                if !strong && place {
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
        let says = illegal_at
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
        return;
    }

    let after = sequence_at.is_some();
    let is_reason = |k: usize| reply_at.is_some_and(|r| k > r);
    let has_illegal = illegal_at.is_some() && moves.iter().any(|(k, _)| !is_reason(*k));
    if let (Some(i), false) = (illegal_at, has_illegal) {
        // "Black cannot castle because of ...": the impossible thing is not
        // a move we can read.
        let w = &words[i];
        out.unreadable.push(Unreadable {
            offset: w.offset,
            len: w.text.chars().count(),
            reason: "the caption says something is impossible but names no move fenpress can read"
                .into(),
        });
    }
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

/// Moves written as a game (`1.e4 e5 2.Nf3`) or a chain (each move starts
/// where the previous one ended: `Bxe4, Ne4xc3, Qc3xc6`).
fn looks_like_sequence(ms: &[MoveText]) -> bool {
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
            c.claims[1].moves[1].parsed,
            ParsedMove::Castle { long: true }
        );
        // A result is not a move.
        assert!(read_caption("Famous mating pattern: 1-0").claims.is_empty());
    }

    #[test]
    fn unreadable_is_reported() {
        let c = read_caption("Black cannot castle because of the chain Bxc3, c3xb5, b5xb4, b4xf8");
        assert_eq!(c.claims[0].kind, ClaimKind::Sequence);
        assert_eq!(c.unreadable.len(), 1, "castling is not a move we read");
        let c = read_caption("White cannot castle here.");
        assert_eq!(c.unreadable.len(), 1);
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
        ] {
            let _ = read_caption(t);
        }
    }
}
