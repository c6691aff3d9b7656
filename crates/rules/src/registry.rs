//! Variant names to facts and rules. Every vchess variant has its board size
//! and diagram characters (enough to check a diagram's shape); the variants
//! the core implements also have [`Rules`]. Names are case-insensitive.

use std::sync::OnceLock;

use crate::rules::Rules;
use crate::validate::BoardSpec;
use crate::variants::{
    apocalypse::Apocalypse, baroque, chess, chesslike::ChessLike, maxima, orda, pacosako,
};

#[path = "registry_table.rs"]
mod table;

/// What fenpress knows of a variant without its rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VariantInfo {
    /// The vchess name (`Orda`).
    pub name: &'static str,
    pub rows: u8,
    pub cols: u8,
    /// Every character a diagram of the variant may use.
    pub letters: &'static str,
    /// The character that marks a hole (`x` in Maxima and Omega).
    pub hole: Option<char>,
}

/// Orthodox chess is vchess's base rather than a listed variant.
static CHESS_INFO: VariantInfo = VariantInfo {
    name: "Chess",
    rows: 8,
    cols: 8,
    letters: "BKNPQRbknpqr",
    hole: None,
};

impl VariantInfo {
    /// The variant's rules, when the core has them.
    pub fn rules(&self) -> Option<&'static dyn Rules> {
        rules(self.name)
    }
    /// What [`crate::validate::validate_board`] needs.
    pub fn board_spec(&self) -> BoardSpec<'static> {
        BoardSpec {
            rows: self.rows,
            cols: self.cols,
            letters: self.letters,
            hole: self.hole,
        }
    }
}

/// Every known variant: orthodox chess, then vchess's list.
pub fn all() -> impl Iterator<Item = &'static VariantInfo> {
    std::iter::once(&CHESS_INFO).chain(table::VARIANTS.iter())
}

/// The facts of a variant, by name (any case).
///
/// ```
/// use fenpress_rules::registry;
/// let maxima = registry::lookup("maxima").unwrap();
/// assert_eq!((maxima.rows, maxima.cols, maxima.hole), (11, 8, Some('x')));
/// assert!(maxima.rules().is_some());
/// assert!(registry::lookup("Orda").unwrap().rules().is_some());
/// ```
pub fn lookup(name: &str) -> Option<&'static VariantInfo> {
    all().find(|v| v.name.eq_ignore_ascii_case(name))
}

/// The rules of a variant, by name (any case), when the core has them.
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    static CHESS: OnceLock<ChessLike> = OnceLock::new();
    static ORDA: OnceLock<ChessLike> = OnceLock::new();
    static BAROQUE: OnceLock<baroque::Ultima> = OnceLock::new();
    static MAXIMA: OnceLock<baroque::Ultima> = OnceLock::new();
    static APOCALYPSE: OnceLock<Apocalypse> = OnceLock::new();
    match name.to_ascii_lowercase().as_str() {
        // vchess's Chess960 is chess rules with a shuffled start.
        "chess" | "chess960" => Some(CHESS.get_or_init(chess::rules)),
        "orda" => Some(ORDA.get_or_init(orda::rules)),
        "baroque" => Some(BAROQUE.get_or_init(baroque::rules)),
        "maxima" => Some(MAXIMA.get_or_init(maxima::rules)),
        "pacosako" => Some(&*PACOSAKO),
        "apocalypse" => Some(APOCALYPSE.get_or_init(Apocalypse::new)),
        // Each family of code variants registers its own names.
        _ => crate::variants::hands::rules(name)
            .or_else(|| crate::variants::asian::rules(name))
            .or_else(|| crate::variants::effects::rules(name))
            .or_else(|| crate::variants::borrowed::rules(name))
            .or_else(|| crate::variants::wins::rules(name)),
    }
}

static PACOSAKO: std::sync::LazyLock<pacosako::PacoSako> =
    std::sync::LazyLock::new(|| pacosako::PacoSako::new(pacosako::Mode::Vchess));
static PACOPLAY: std::sync::LazyLock<pacosako::PacoSako> =
    std::sync::LazyLock::new(|| pacosako::PacoSako::new(pacosako::Mode::Pacoplay));

/// The rules of a variant played with options (`perft --option pacoplay`,
/// a diagram's or puzzle's `options` field), when the core has them; no
/// options is [`rules`]. `None` for an option the variant does not know.
///
/// ```
/// use fenpress_rules::registry;
/// assert!(registry::rules_with_options("Pacosako", &["pacoplay"]).is_some());
/// assert!(registry::rules_with_options("Chess", &["pacoplay"]).is_none());
/// ```
pub fn rules_with_options(name: &str, options: &[&str]) -> Option<&'static dyn Rules> {
    match (name.to_ascii_lowercase().as_str(), options) {
        (_, []) => rules(name),
        ("pacosako", ["pacoplay"]) => Some(&*PACOPLAY),
        _ => None,
    }
}

/// Known names closest to `name` (for "did you mean"), best first.
pub fn close_names(name: &str) -> Vec<&'static str> {
    let lower = name.to_ascii_lowercase();
    let mut scored: Vec<(usize, &'static str)> = all()
        .map(|v| {
            let n = v.name.to_ascii_lowercase();
            let d = if n.starts_with(&lower) || lower.starts_with(&n) {
                1
            } else {
                edit_distance(&lower, &n)
            };
            (d, v.name)
        })
        .filter(|(d, _)| *d <= 2.max(lower.len() / 3))
        .collect();
    scored.sort();
    scored.into_iter().take(5).map(|(_, n)| n).collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
