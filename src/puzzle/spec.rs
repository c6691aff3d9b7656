//! The puzzle format: a Markdown file with YAML front matter naming the
//! variant, the position, the goal and the solution line. Parsing knows no
//! rules: it reads the text and remembers where each key and each move of
//! the solution stands in the file, so later findings point there.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_saphyr::Spanned;

/// A place in the puzzle file (the one source-location type).
pub use crate::model::Loc;

/// What the solver must achieve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Checkmate within N moves of the side to move.
    Mate(u32),
    /// Any win of the side to move within N moves: checkmate or the
    /// variant's own win (Orda's campmate, Maxima's palace).
    Win(u32),
    /// A study with one solution line (`best move`, `only move`): the line
    /// must be legal; there is nothing objective to search.
    Line { only: bool },
}

impl Goal {
    /// The longest goal proved, in the solver's moves: the search grows
    /// exponentially with it (the proof budget bounds it in time as well).
    pub const MAX_MOVES: u32 = 20;

    /// Reads `mate in 2`, `#2`, `win in 3`, `best move`, `only move`.
    pub fn parse(text: &str) -> Option<Goal> {
        let t = text.trim().to_ascii_lowercase();
        let t: Vec<&str> = t.split_whitespace().collect();
        let number = |s: &str| {
            s.parse::<u32>()
                .ok()
                .filter(|n| (1..=Goal::MAX_MOVES).contains(n))
        };
        match t.as_slice() {
            ["mate", "in", n] => number(n).map(Goal::Mate),
            ["win", "in", n] => number(n).map(Goal::Win),
            [s] if s.starts_with('#') => number(&s[1..]).map(Goal::Mate),
            ["best", "move"] | ["study"] => Some(Goal::Line { only: false }),
            ["only", "move"] => Some(Goal::Line { only: true }),
            _ => None,
        }
    }

    /// The number of a goal written right but past [`Goal::MAX_MOVES`]
    /// (`mate in 99`), for a message that says the limit.
    pub fn out_of_range(text: &str) -> Option<u64> {
        let t = text.trim().to_ascii_lowercase();
        let t: Vec<&str> = t.split_whitespace().collect();
        let n = match t.as_slice() {
            ["mate" | "win", "in", n] => n,
            [s] => s.strip_prefix('#')?,
            _ => return None,
        };
        n.parse::<u64>()
            .ok()
            .filter(|&n| n > u64::from(Goal::MAX_MOVES))
    }

    /// The number of the solver's moves, for goals that have one.
    pub fn moves(self) -> Option<u32> {
        match self {
            Goal::Mate(n) | Goal::Win(n) => Some(n),
            Goal::Line { .. } => None,
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Mate(n) => write!(f, "mate in {n}"),
            Goal::Win(n) => write!(f, "win in {n}"),
            Goal::Line { only: false } => f.write_str("best move"),
            Goal::Line { only: true } => f.write_str("only move"),
        }
    }
}

/// One move of the solution line as written, without its move number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolutionMove {
    pub text: String,
    /// Where the move (after its number) stands in the file.
    pub at: Loc,
}

/// A puzzle as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub path: PathBuf,
    /// The variant name as written (or the folder's name).
    pub variant: String,
    pub variant_at: Loc,
    /// The FEN as written, `start` included.
    pub fen: String,
    /// Where the FEN's first character stands.
    pub fen_at: Loc,
    pub goal: Goal,
    pub goal_at: Loc,
    pub solution: Vec<SolutionMove>,
    pub solution_at: Loc,
    pub options: Vec<String>,
    pub title: Option<String>,
    pub lang: Option<String>,
    /// The Markdown text after the front matter.
    pub body: String,
    /// Lines of the file before the body.
    pub body_line_offset: usize,
    /// Front-matter keys fenpress does not know, with their place.
    pub unknown_keys: Vec<(Loc, String)>,
}

/// Why a puzzle file cannot be read. Each names its place in the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("a puzzle starts with YAML front matter between `---` lines")]
    NoFrontMatter { at: Loc },
    #[error("the front matter opened with `---` is never closed by a `---` line")]
    Unclosed { at: Loc },
    #[error("invalid front matter: {reason}")]
    Yaml { reason: String, at: Loc },
    #[error("the puzzle has no `{key}:`")]
    Missing { key: &'static str, at: Loc },
    #[error("unknown goal `{text}`: write `mate in N`, `win in N` (N from 1 to {}), `best move` or `only move`", Goal::MAX_MOVES)]
    BadGoal { text: String, at: Loc },
    #[error(
        "a goal of {moves} moves is past the limit: fenpress proves puzzles of 1 to {} moves",
        Goal::MAX_MOVES
    )]
    GoalTooLong { moves: u64, at: Loc },
    #[error("YAML reads this `{key}` as a number (or true/false), not as moves: quote it, as in `{key}: \"1.e4\"`")]
    NotText { key: &'static str, at: Loc },
    #[error("the solution line is empty")]
    EmptySolution { at: Loc },
}

impl SpecError {
    pub fn at(&self) -> Loc {
        match self {
            SpecError::NoFrontMatter { at }
            | SpecError::Unclosed { at }
            | SpecError::Yaml { at, .. }
            | SpecError::Missing { at, .. }
            | SpecError::BadGoal { at, .. }
            | SpecError::GoalTooLong { at, .. }
            | SpecError::NotText { at, .. }
            | SpecError::EmptySolution { at } => *at,
        }
    }

    /// Stable diagnostic code.
    pub fn code(&self) -> &'static str {
        match self {
            SpecError::NoFrontMatter { .. } | SpecError::Unclosed { .. } => "puzzle-front-matter",
            SpecError::Yaml { .. } => "puzzle-yaml",
            SpecError::Missing { .. } => "puzzle-missing-key",
            SpecError::BadGoal { .. } | SpecError::GoalTooLong { .. } => "puzzle-goal",
            SpecError::NotText { .. } => "puzzle-solution",
            SpecError::EmptySolution { .. } => "puzzle-solution",
        }
    }
}

/// The front matter keys of a puzzle file (`fenpress reference` lists them).
pub const KNOWN_KEYS: &[&str] = &[
    "variant", "fen", "goal", "solution", "option", "options", "title", "lang",
];

#[derive(Deserialize)]
#[serde(untagged)]
enum Texts {
    One(String),
    Many(Vec<String>),
    /// YAML read something else than text: `solution: 1.e4` is the number
    /// 10000, `solution: [1.e4, e5]` a list holding one. Kept to say so.
    NotText(Scalar),
    ManyNotText(Vec<Scalar>),
}

/// Any YAML scalar (or null).
#[derive(Deserialize)]
#[serde(untagged)]
enum Scalar {
    Text(String),
    Number(f64),
    Flag(bool),
    Nothing(()),
}

impl Scalar {
    fn into_text(self) -> String {
        match self {
            Scalar::Text(s) => s,
            Scalar::Number(n) => n.to_string(),
            Scalar::Flag(b) => b.to_string(),
            Scalar::Nothing(()) => String::new(),
        }
    }
}

impl Texts {
    fn into_vec(self) -> Vec<String> {
        match self {
            Texts::One(s) => vec![s],
            Texts::Many(v) => v,
            Texts::NotText(x) => vec![x.into_text()],
            Texts::ManyNotText(v) => v.into_iter().map(Scalar::into_text).collect(),
        }
    }
}

#[derive(Deserialize, Default)]
struct Raw {
    variant: Option<Spanned<String>>,
    fen: Option<Spanned<String>>,
    goal: Option<Spanned<String>>,
    solution: Option<Spanned<Texts>>,
    option: Option<Texts>,
    options: Option<Texts>,
    title: Option<String>,
    lang: Option<String>,
}

/// Reads a puzzle file's text. `path` names it in findings; the variant
/// defaults to the folder's name (`puzzles/<Variant>/<slug>.md`).
///
/// ```
/// use fenpress::puzzle::spec::{parse, Goal};
/// let text = "---\nfen: 6k1/5ppp/8/8/8/8/8/R5K1 w - -\ngoal: mate in 1\nsolution: 1.Ra8#\n---\nBack rank.\n";
/// let p = parse("puzzles/Chess/back-rank.md".as_ref(), text).unwrap();
/// assert_eq!((p.variant.as_str(), p.goal), ("Chess", Goal::Mate(1)));
/// assert_eq!((p.solution[0].text.as_str(), p.solution[0].at.line, p.solution[0].at.column), ("Ra8#", 4, 13));
/// ```
pub fn parse(path: &Path, text: &str) -> Result<Puzzle, SpecError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (yaml, body, body_line_offset) = split_front_matter(text)?;
    // The YAML starts on the file's second line.
    let file_loc = |line: u64, column: u64| Loc {
        line: line.max(1) as usize + 1,
        column: column.max(1) as usize,
    };
    let raw: Raw = match serde_saphyr::from_str::<Option<Raw>>(yaml) {
        Ok(raw) => raw.unwrap_or_default(),
        Err(e) => {
            let at = e
                .location()
                .map(|l| file_loc(l.line(), l.column()))
                .unwrap_or(Loc { line: 2, column: 1 });
            let reason = e.to_string();
            return Err(SpecError::Yaml {
                reason: reason.lines().next().unwrap_or("").trim().to_string(),
                at,
            });
        }
    };
    let spanned_at = |s: &serde_saphyr::Location| file_loc(s.line(), s.column());

    let (variant, variant_at) = match raw.variant.filter(|v| !v.value.trim().is_empty()) {
        Some(v) => (v.value.trim().to_string(), spanned_at(&v.referenced)),
        None => match folder_name(path) {
            Some(name) => (name, Loc::START),
            None => {
                return Err(SpecError::Missing {
                    key: "variant",
                    at: Loc::START,
                })
            }
        },
    };
    let fen = raw.fen.ok_or(SpecError::Missing {
        key: "fen",
        at: Loc::START,
    })?;
    let fen_at = value_start(yaml, &fen.referenced, &fen.value, file_loc);
    let goal = raw.goal.ok_or(SpecError::Missing {
        key: "goal",
        at: Loc::START,
    })?;
    let goal_at = spanned_at(&goal.referenced);
    let parsed_goal =
        Goal::parse(&goal.value).ok_or_else(|| match Goal::out_of_range(&goal.value) {
            Some(moves) => SpecError::GoalTooLong { moves, at: goal_at },
            None => SpecError::BadGoal {
                text: goal.value.clone(),
                at: goal_at,
            },
        })?;
    let solution = raw.solution.ok_or(SpecError::Missing {
        key: "solution",
        at: Loc::START,
    })?;
    let solution_at = spanned_at(&solution.referenced);
    if matches!(solution.value, Texts::NotText(_) | Texts::ManyNotText(_)) {
        return Err(SpecError::NotText {
            key: "solution",
            at: solution_at,
        });
    }
    let moves = solution_moves(yaml, &solution, file_loc);
    if moves.is_empty() {
        return Err(SpecError::EmptySolution { at: solution_at });
    }
    let mut options: Vec<String> = Vec::new();
    for o in [raw.option, raw.options].into_iter().flatten() {
        options.extend(o.into_vec().into_iter().map(|s| s.trim().to_string()));
    }
    options.retain(|o| !o.is_empty());

    Ok(Puzzle {
        path: path.to_path_buf(),
        variant,
        variant_at,
        fen: fen.value.trim().to_string(),
        fen_at,
        goal: parsed_goal,
        goal_at,
        solution: moves,
        solution_at,
        options,
        title: raw.title.filter(|t| !t.trim().is_empty()),
        lang: raw.lang.filter(|l| !l.trim().is_empty()),
        body: body.to_string(),
        body_line_offset,
        unknown_keys: unknown_keys(yaml),
    })
}

/// `puzzles/<Variant>/<slug>.md`: the folder names the variant.
fn folder_name(path: &Path) -> Option<String> {
    path.parent()
        .and_then(Path::file_name)
        .and_then(|s| s.to_str())
        .filter(|s| !s.is_empty() && *s != "." && *s != "..")
        .map(str::to_string)
}

/// Split `---\n<yaml>\n---\n<body>`: (yaml, body, lines before the body).
fn split_front_matter(text: &str) -> Result<(&str, &str, usize), SpecError> {
    let Some(rest) = text
        .strip_prefix("---\n")
        .or_else(|| text.strip_prefix("---\r\n"))
    else {
        return Err(SpecError::NoFrontMatter { at: Loc::START });
    };
    let mut offset = 0;
    for (i, line) in rest.split_inclusive('\n').enumerate() {
        if line.trim_end() == "---" {
            return Ok((&rest[..offset], &rest[offset + line.len()..], i + 2));
        }
        offset += line.len();
    }
    Err(SpecError::Unclosed { at: Loc::START })
}

/// Byte offset in `yaml` of a 1-based (line, column in characters).
fn byte_offset(yaml: &str, line: u64, column: u64) -> usize {
    let mut start = 0;
    for (i, l) in yaml.split_inclusive('\n').enumerate() {
        if i as u64 + 1 == line {
            let col = column.max(1) as usize - 1;
            return start + l.char_indices().nth(col).map_or(l.len(), |(b, _)| b);
        }
        start += l.len();
    }
    yaml.len()
}

/// File place of a byte offset in `yaml`.
fn loc_of(yaml: &str, offset: usize, file_loc: impl Fn(u64, u64) -> Loc) -> Loc {
    let before = &yaml[..offset.min(yaml.len())];
    let line = before.matches('\n').count() as u64 + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u64 + 1;
    file_loc(line, column)
}

/// Where a scalar's text starts (after a quote, if quoted).
fn value_start(
    yaml: &str,
    loc: &serde_saphyr::Location,
    value: &str,
    file_loc: impl Fn(u64, u64) -> Loc + Copy,
) -> Loc {
    let start = byte_offset(yaml, loc.line(), loc.column());
    let needle = value.trim();
    match yaml[start..].find(needle).filter(|_| !needle.is_empty()) {
        Some(i) if i <= 2 => loc_of(yaml, start + i, file_loc),
        _ => file_loc(loc.line(), loc.column()),
    }
}

/// The solution's moves, each located by searching its text forward from
/// the solution's value in the raw YAML (quoted, folded and list forms).
fn solution_moves(
    yaml: &str,
    solution: &Spanned<Texts>,
    file_loc: impl Fn(u64, u64) -> Loc + Copy,
) -> Vec<SolutionMove> {
    let items = match &solution.value {
        Texts::One(s) => vec![s.clone()],
        Texts::Many(v) => v.clone(),
        // Refused before (`SpecError::NotText`).
        Texts::NotText(_) | Texts::ManyNotText(_) => Vec::new(),
    };
    let mut cursor = byte_offset(
        yaml,
        solution.referenced.line(),
        solution.referenced.column(),
    );
    let fallback = file_loc(solution.referenced.line(), solution.referenced.column());
    let mut out = Vec::new();
    for item in &items {
        for word in item.split_whitespace() {
            let (skip, mv) = strip_move_number(word);
            if mv.is_empty() || is_result(mv) {
                continue;
            }
            let at = match yaml.get(cursor..).and_then(|rest| rest.find(word)) {
                Some(i) => {
                    let found = cursor + i;
                    cursor = found + word.len();
                    loc_of(yaml, found + skip, file_loc)
                }
                None => fallback,
            };
            out.push(SolutionMove {
                text: mv.to_string(),
                at,
            });
        }
    }
    out
}

/// Splits `12.Qh5+` / `3...Kd8` / `1…e5` into (bytes of the number, move).
fn strip_move_number(word: &str) -> (usize, &str) {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &word[digits..];
    let dots = rest
        .char_indices()
        .take_while(|(_, c)| *c == '.' || *c == '…')
        .last()
        .map_or(0, |(i, c)| i + c.len_utf8());
    if dots == 0 && digits > 0 && !rest.is_empty() {
        // `1-0` or a coordinate-free word: not a numbered move.
        return (0, word);
    }
    (digits + dots, &word[digits + dots..])
}

fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

fn unknown_keys(yaml: &str) -> Vec<(Loc, String)> {
    yaml.lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with(|c: char| c.is_ascii_alphabetic()))
        .filter_map(|(i, l)| l.split_once(':').map(|(k, _)| (i, k.trim().to_string())))
        .filter(|(_, k)| !k.contains(' ') && !KNOWN_KEYS.contains(&k.as_str()))
        .map(|(i, k)| {
            (
                Loc {
                    line: i + 2,
                    column: 1,
                },
                k,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `solution: 1.e4` is a number to YAML (10000): the message says to
    /// quote it, at the solution's line (before: a serde enum message).
    #[test]
    fn a_solution_yaml_reads_as_a_number_says_to_quote_it() {
        for solution in ["1.e4", "[1.e4, e5]", "true"] {
            let text = format!("---\nfen: start\ngoal: best move\nsolution: {solution}\n---\n");
            let err = parse_text(&text).unwrap_err();
            assert!(
                matches!(err, SpecError::NotText { .. }),
                "{solution}: {err:?}"
            );
            assert!(err.to_string().contains("quote it"), "{err}");
            assert_eq!(err.at().line, 4, "{solution}");
        }
    }

    /// `mate in 99` says the limit (before: only the goal forms).
    #[test]
    fn a_goal_past_the_limit_says_the_limit() {
        // `#40` is quoted: unquoted, YAML reads it as a comment.
        for goal in ["mate in 99", "win in 21", "\"#40\""] {
            let text = format!("---\nfen: start\ngoal: {goal}\nsolution: e4\n---\n");
            let err = parse_text(&text).unwrap_err();
            assert!(
                matches!(err, SpecError::GoalTooLong { .. }),
                "{goal}: {err:?}"
            );
            assert!(err.to_string().contains("1 to 20 moves"), "{err}");
            assert_eq!(err.at().line, 3);
        }
        let err = parse_text("---\nfen: start\ngoal: mate soon\nsolution: e4\n---\n").unwrap_err();
        assert!(err.to_string().contains("N from 1 to 20"), "{err}");
    }

    fn parse_text(text: &str) -> Result<Puzzle, SpecError> {
        parse(Path::new("content/puzzles/Chess/x.md"), text)
    }

    #[test]
    fn reads_every_key_with_places() {
        let p = parse_text(
            "---\ntitle: Back rank\nvariant: Orda\nfen: \"6k1/5ppp/8/8/8/8/8/R5K1 w - -\"\ngoal: Mate in 2\nsolution: 1.Ra8+ Kh8?? 2.Rb8#\noption: x\nlang: fr\n---\nText\n",
        )
        .unwrap();
        assert_eq!(p.variant, "Orda");
        assert_eq!(
            p.variant_at,
            Loc {
                line: 3,
                column: 10
            }
        );
        assert_eq!(p.fen_at, Loc { line: 4, column: 7 });
        assert_eq!(p.goal, Goal::Mate(2));
        let moves: Vec<(&str, usize, usize)> = p
            .solution
            .iter()
            .map(|m| (m.text.as_str(), m.at.line, m.at.column))
            .collect();
        assert_eq!(moves, [("Ra8+", 6, 13), ("Kh8??", 6, 18), ("Rb8#", 6, 26)]);
        assert_eq!(p.options, ["x"]);
        assert_eq!(p.lang.as_deref(), Some("fr"));
        assert_eq!(p.body, "Text\n");
        assert_eq!(p.body_line_offset, 9);
    }

    #[test]
    fn solution_as_a_list_and_black_to_move() {
        let p = parse_text(
            "---\nfen: start\ngoal: best move\nsolution:\n  - 1...e5\n  - \"2.Nf3\"\n  - [Nc6]\n---\n",
        );
        // A nested list is not a list of moves.
        assert!(matches!(p, Err(SpecError::Yaml { .. })));
        let p = parse_text(
            "---\nfen: start\ngoal: best move\nsolution:\n  - 1...e5\n  - \"2.Nf3\"\n---\n",
        )
        .unwrap();
        assert_eq!(p.variant, "Chess");
        let moves: Vec<(&str, usize, usize)> = p
            .solution
            .iter()
            .map(|m| (m.text.as_str(), m.at.line, m.at.column))
            .collect();
        assert_eq!(moves, [("e5", 5, 9), ("Nf3", 6, 8)]);
    }

    #[test]
    fn errors_name_their_place() {
        let e = parse_text("no front matter\n").unwrap_err();
        assert!(matches!(e, SpecError::NoFrontMatter { .. }));
        let e = parse_text("---\nfen: start\n").unwrap_err();
        assert!(matches!(e, SpecError::Unclosed { .. }));
        let e = parse_text("---\nfen: start\ngoal: mate in 2\n---\n").unwrap_err();
        assert!(matches!(
            e,
            SpecError::Missing {
                key: "solution",
                ..
            }
        ));
        let e = parse_text("---\nfen: start\ngoal: mate soon\nsolution: e4\n---\n").unwrap_err();
        assert_eq!(
            e,
            SpecError::BadGoal {
                text: "mate soon".into(),
                at: Loc { line: 3, column: 7 }
            }
        );
        let e = parse_text("---\nfen: start\ngoal: [\n---\n").unwrap_err();
        let SpecError::Yaml { at, .. } = e else {
            panic!("{e:?}")
        };
        assert!(at.line >= 3, "{at:?}");
        let e =
            parse_text("---\nfen: start\ngoal: mate in 1\nsolution: \"1. \"\n---\n").unwrap_err();
        assert!(matches!(
            e,
            SpecError::EmptySolution {
                at: Loc { line: 4, .. }
            }
        ));
    }

    #[test]
    fn unknown_keys_are_listed() {
        let p =
            parse_text("---\nfen: start\ngoal: only move\nsolution: e4\nhint: go\n---\n").unwrap();
        assert_eq!(
            p.unknown_keys,
            [(Loc { line: 5, column: 1 }, "hint".into())]
        );
    }

    #[test]
    fn goals_read() {
        assert_eq!(Goal::parse("#3"), Some(Goal::Mate(3)));
        assert_eq!(Goal::parse("win in 2"), Some(Goal::Win(2)));
        assert_eq!(Goal::parse("Only  move"), Some(Goal::Line { only: true }));
        assert_eq!(Goal::parse("mate in 0"), None);
        assert_eq!(Goal::parse("mate in 99"), None);
    }

    #[test]
    fn move_numbers_strip() {
        assert_eq!(strip_move_number("12.Qh5+"), (3, "Qh5+"));
        assert_eq!(strip_move_number("3...Kd8"), (4, "Kd8"));
        assert_eq!(strip_move_number("1…e5"), (4, "e5"));
        assert_eq!(strip_move_number("e4"), (0, "e4"));
        assert_eq!(strip_move_number("1."), (2, ""));
    }
}
