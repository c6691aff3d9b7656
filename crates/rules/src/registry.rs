//! Variant names to facts and rules. Every vchess variant has its board size
//! and diagram characters (enough to check a diagram's shape); the variants
//! the core implements also have [`Rules`]. Names are case-insensitive.

use std::sync::OnceLock;

use crate::definition::{self, DefinitionError};
use crate::fen_row::CellSpelling;
use crate::rules::Rules;
use crate::validate::BoardSpec;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};
use crate::variants::{apocalypse::Apocalypse, baroque, fugue, maxima, pacosako, rococo};

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
    /// How the variant's FEN spells a square (two characters in Emergo).
    pub cell: CellSpelling,
}

/// Orthodox chess is vchess's base rather than a listed variant.
static CHESS_INFO: VariantInfo = VariantInfo {
    name: "Chess",
    rows: 8,
    cols: 8,
    letters: "BKNPQRbknpqr",
    hole: None,
    cell: CellSpelling::Letter,
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
    crate::site_variants::lookup(name).or_else(|| all().find(|v| v.name.eq_ignore_ascii_case(name)))
}

/// The rules of a variant, by name (any case), when the core has them.
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    // A site's own definition first: it may replace a built-in variant.
    if let Some(r) = crate::site_variants::rules(name) {
        return Some(r);
    }
    // vchess's Chess960 is chess rules with a shuffled start.
    let defined = if name.eq_ignore_ascii_case("chess960") {
        "Chess"
    } else {
        name
    };
    if let Some(r) = definition::builtin_rules(defined) {
        return Some(r);
    }
    static BAROQUE: OnceLock<baroque::Ultima> = OnceLock::new();
    static MAXIMA: OnceLock<baroque::Ultima> = OnceLock::new();
    static ROCOCO: OnceLock<baroque::Ultima> = OnceLock::new();
    static FUGUE: OnceLock<baroque::Ultima> = OnceLock::new();
    static ALICE: OnceLock<crate::variants::alice::Alice> = OnceLock::new();
    static CHAKART: OnceLock<crate::variants::chakart::Chakart> = OnceLock::new();
    static CHECKERED: OnceLock<crate::variants::checkered::Checkered> = OnceLock::new();
    static APOCALYPSE: OnceLock<Apocalypse> = OnceLock::new();
    static INTERWEAVE: OnceLock<crate::variants::interweave::Interweave> = OnceLock::new();
    static DYNAMO: OnceLock<crate::variants::dynamo::Dynamo> = OnceLock::new();
    static EMERGO: OnceLock<crate::variants::emergo::Emergo> = OnceLock::new();
    match name.to_ascii_lowercase().as_str() {
        "baroque" => Some(BAROQUE.get_or_init(baroque::rules)),
        "maxima" => Some(MAXIMA.get_or_init(maxima::rules)),
        "rococo" => Some(ROCOCO.get_or_init(rococo::rules)),
        "fugue" => Some(FUGUE.get_or_init(fugue::rules)),
        "alice" => Some(ALICE.get_or_init(crate::variants::alice::Alice::new)),
        "chakart" => Some(CHAKART.get_or_init(crate::variants::chakart::Chakart::new)),
        "checkered" => Some(CHECKERED.get_or_init(crate::variants::checkered::Checkered::new)),
        "interweave" => Some(INTERWEAVE.get_or_init(crate::variants::interweave::Interweave::new)),
        "dynamo" => Some(DYNAMO.get_or_init(crate::variants::dynamo::Dynamo::new)),
        "emergo" => Some(EMERGO.get_or_init(crate::variants::emergo::Emergo::new)),
        "pacosako" => Some(&*PACOSAKO),
        "otage" => Some(&*OTAGE),
        "apocalypse" => Some(APOCALYPSE.get_or_init(Apocalypse::new)),
        // Each family of code variants registers its own names.
        _ => crate::variants::hands::rules(name)
            .or_else(|| crate::variants::asian::rules(name))
            .or_else(|| crate::variants::effects::rules(name))
            .or_else(|| crate::variants::borrowed::rules(name))
            .or_else(|| crate::variants::turns::rules(name))
            .or_else(|| crate::variants::stones::rules(name))
            .or_else(|| crate::variants::avalam::rules(name)),
    }
}

static PACOSAKO: std::sync::LazyLock<pacosako::PacoSako> =
    std::sync::LazyLock::new(|| pacosako::PacoSako::new(pacosako::Mode::Vchess));
static OTAGE: std::sync::LazyLock<pacosako::PacoSako> =
    std::sync::LazyLock::new(|| pacosako::PacoSako::new(pacosako::Mode::Otage));
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

/// Known names closest to `name` (for "did you mean"), best first: the
/// built-in variants and the site's own (`variants/*.yaml`), so that a
/// misspelled folder `rules/Nightrider/` suggests the site's `Nightriders`.
pub fn close_names(name: &str) -> Vec<&'static str> {
    let lower = name.to_ascii_lowercase();
    let mut scored: Vec<(usize, &'static str)> = all()
        .map(|v| v.name)
        .chain(crate::site_variants::names())
        .map(|known| {
            let n = known.to_ascii_lowercase();
            let d = if n.starts_with(&lower) || lower.starts_with(&n) {
                1
            } else {
                edit_distance(&lower, &n)
            };
            (d, known)
        })
        .filter(|(d, _)| *d <= 2.max(lower.len() / 3))
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1.eq_ignore_ascii_case(b.1));
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

/// The definition of a variant the core defines as data (built in), by
/// name (any case): what `fenpress variant show NAME` prints.
pub fn definition(name: &str) -> Option<&'static ChessLikeSpec> {
    if let Some(spec) = crate::site_variants::definition(name) {
        return Some(spec);
    }
    let defined = if name.eq_ignore_ascii_case("chess960") {
        "Chess"
    } else {
        name
    };
    definition::builtin_spec(defined)
}

/// The variants one site sees: the built-in ones, plus the definitions of
/// its content folder (`variants/<Name>.yaml`), which add variants or
/// replace built-in ones of the same name.
///
/// ```
/// use fenpress_rules::registry::Registry;
/// use fenpress_rules::legal;
/// let text = "board: 5x5\npieces:\n  - { letter: k, betza: K, royal: true }\n  - { letter: w, betza: W }\nstart: k4/5/5/5/W3K w 0\n";
/// let site = Registry::from_files(&[("variants/Tiny.yaml", text)]).unwrap();
/// let tiny = site.rules("tiny").unwrap();
/// assert_eq!(legal::perft(tiny, &mut tiny.start_position(), 1), 5);
/// assert!(site.rules("Orda").is_some()); // built-ins stay
/// ```
#[derive(Default)]
pub struct Registry {
    own: Vec<(&'static ChessLikeSpec, &'static ChessLike)>,
}

impl Registry {
    /// The built-in variants only.
    pub fn builtin() -> Registry {
        Registry::default()
    }

    /// The built-in variants, with these definitions added or replacing.
    /// Compiles each one (the compiled rules live for the process).
    pub fn with(
        specs: Vec<ChessLikeSpec>,
    ) -> Result<Registry, crate::variants::chesslike::SpecError> {
        let mut own = Vec::new();
        for spec in specs {
            let rules = ChessLike::new(spec.clone())?;
            let spec: &'static ChessLikeSpec = Box::leak(Box::new(spec));
            let rules: &'static ChessLike = Box::leak(Box::new(rules));
            own.push((spec, rules));
        }
        Ok(Registry { own })
    }

    /// Reads definition files (`(file name, text)`): the file name is the
    /// variant's name, whatever the file's `name:` says (so a printed
    /// built-in saved as `variants/Mycapa.yaml` is `Mycapa`). The first bad
    /// file is the error.
    pub fn from_files(files: &[(&str, &str)]) -> Result<Registry, DefinitionError> {
        let mut specs = Vec::new();
        for (file, text) in files {
            let mut spec = definition::parse_definition(text, file)?;
            spec.name = definition::leak(definition::name_from_file(file).to_string());
            specs.push((file, spec));
        }
        let mut own = Vec::new();
        for (file, spec) in specs {
            let rules = ChessLike::new(spec.clone()).map_err(|e| DefinitionError {
                file: file.to_string(),
                line: 0,
                col: 0,
                kind: definition::DefinitionErrorKind::Spec(e.to_string()),
            })?;
            own.push((&*Box::leak(Box::new(spec)), &*Box::leak(Box::new(rules))));
        }
        Ok(Registry { own })
    }

    /// The rules of a variant (any case): the site's own first.
    pub fn rules(&self, name: &str) -> Option<&'static dyn Rules> {
        match self
            .own
            .iter()
            .find(|(s, _)| s.name.eq_ignore_ascii_case(name))
        {
            Some((_, r)) => Some(*r),
            None => rules(name),
        }
    }

    /// The definition of a variant defined as data (any case): the site's
    /// own first, then the built-in ones.
    pub fn definition(&self, name: &str) -> Option<&'static ChessLikeSpec> {
        match self
            .own
            .iter()
            .find(|(s, _)| s.name.eq_ignore_ascii_case(name))
        {
            Some((s, _)) => Some(*s),
            None => definition(name),
        }
    }

    /// The names of the site's own definitions.
    pub fn own_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.own.iter().map(|(s, _)| s.name)
    }

    /// Every variant name with rules: the site's own, then the built-in
    /// ones the site does not replace (`fenpress variant list`).
    pub fn names(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = self.own_names().collect();
        for v in all() {
            if v.rules().is_some() && !out.iter().any(|n| n.eq_ignore_ascii_case(v.name)) {
                out.push(v.name);
            }
        }
        out
    }
}
