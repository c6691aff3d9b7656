//! Variant names to facts and rules. Every vchess variant has its board size
//! and diagram characters (enough to check a diagram's shape); the variants
//! the core implements also have [`Rules`]. Names are case-insensitive.
//!
//! The free functions know the built-in variants only: immutable values,
//! built once on first use. A site's own definitions (`variants/<Name>.yaml`)
//! live in a [`Registry`] value that the site being built owns, so that no
//! state is shared between sites and nothing outlives its site.

use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use crate::definition::{self, DefinitionError, DefinitionErrorKind};
use crate::fen_row::CellSpelling;
use crate::rules::Rules;
use crate::validate::BoardSpec;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};
use crate::variants::{apocalypse::Apocalypse, baroque, fugue, maxima, pacosako, rococo};

#[path = "registry_table.rs"]
mod table;

/// What fenpress knows of a variant without its rules: a built-in one's
/// facts are `'static`, a site's borrow from its [`Registry`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VariantInfo<'a> {
    /// The vchess name (`Orda`), or a site definition's file name.
    pub name: &'a str,
    pub rows: u8,
    pub cols: u8,
    /// Every character a diagram of the variant may use.
    pub letters: &'a str,
    /// The character that marks a hole (`x` in Maxima and Omega).
    pub hole: Option<char>,
    /// How the variant's FEN spells a square (two characters in Emergo).
    pub cell: CellSpelling,
}

/// Orthodox chess is vchess's base rather than a listed variant.
static CHESS_INFO: VariantInfo<'static> = VariantInfo {
    name: "Chess",
    rows: 8,
    cols: 8,
    letters: "BKNPQRbknpqr",
    hole: None,
    cell: CellSpelling::Letter,
};

impl<'a> VariantInfo<'a> {
    /// The built-in rules of this name, when the core has them (a site's
    /// own rules are [`Registry::rules`]).
    pub fn rules(&self) -> Option<&'static dyn Rules> {
        rules(self.name)
    }
    /// What [`crate::validate::validate_board`] needs.
    pub fn board_spec(&self) -> BoardSpec<'a> {
        BoardSpec {
            rows: self.rows,
            cols: self.cols,
            letters: self.letters,
            hole: self.hole,
        }
    }
}

/// Every known variant: orthodox chess, then vchess's list.
pub fn all() -> impl Iterator<Item = &'static VariantInfo<'static>> {
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
pub fn lookup(name: &str) -> Option<&'static VariantInfo<'static>> {
    all().find(|v| v.name.eq_ignore_ascii_case(name))
}

/// The rules of a variant, by name (any case), when the core has them.
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
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

/// Built-in names closest to `name` (for "did you mean"), best first; a
/// site's own are in [`Registry::close_names`].
pub fn close_names(name: &str) -> Vec<&'static str> {
    closest(name, all().map(|v| v.name))
}

/// The `known` names closest to `name`, best first, at most five.
fn closest<'a>(name: &str, known: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let lower = name.to_ascii_lowercase();
    let mut scored: Vec<(usize, &'a str)> = known
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
    let defined = if name.eq_ignore_ascii_case("chess960") {
        "Chess"
    } else {
        name
    };
    definition::builtin_spec(defined)
}

/// A variant a site defines (`variants/<Name>.yaml`): its definition, the
/// compiled rules and the facts a diagram check needs, owned together.
pub struct SiteVariant {
    /// The file it came from: the same file may redefine it (serve).
    file: String,
    /// The definition's text, to tell a harmless re-definition apart.
    text: String,
    spec: ChessLikeSpec,
    rules: ChessLike,
    letters: String,
}

impl SiteVariant {
    /// Reads and compiles a definition; its name is the file's name,
    /// whatever the file's `name:` says (so a printed built-in saved as
    /// `variants/Mycapa.yaml` is `Mycapa`).
    pub fn read(file: &str, text: &str) -> Result<SiteVariant, DefinitionError> {
        let mut spec = definition::parse_definition(text, file)?;
        let name = definition::name_from_file(file);
        if spec.name != name {
            spec.name = name.to_string().into();
        }
        SiteVariant::compiled(file, text, spec)
    }

    fn compiled(
        file: &str,
        text: &str,
        spec: ChessLikeSpec,
    ) -> Result<SiteVariant, DefinitionError> {
        let rules = ChessLike::new(spec.clone()).map_err(|e| DefinitionError {
            file: file.to_string(),
            line: 0,
            col: 0,
            kind: DefinitionErrorKind::Spec(e.to_string()),
        })?;
        Ok(SiteVariant {
            file: file.to_string(),
            text: text.to_string(),
            letters: letters(&spec),
            spec,
            rules,
        })
    }

    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// The definition file it was read from.
    pub fn file(&self) -> &str {
        &self.file
    }

    fn info(&self) -> VariantInfo<'_> {
        VariantInfo {
            name: self.name(),
            rows: self.spec.rows,
            cols: self.spec.cols,
            letters: &self.letters,
            hole: (!self.spec.holes.is_empty()).then_some('x'),
            cell: CellSpelling::Letter,
        }
    }
}

impl std::fmt::Debug for SiteVariant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SiteVariant")
            .field("name", &self.name())
            .field("file", &self.file)
            .finish_non_exhaustive()
    }
}

/// Every FEN letter of the definition: White's uppercase, Black's lowercase.
fn letters(spec: &ChessLikeSpec) -> String {
    let mut out = String::new();
    for (side, army) in spec.armies.iter().enumerate() {
        for p in army {
            let c = if side == 0 {
                p.letter.to_ascii_uppercase()
            } else {
                p.letter.to_ascii_lowercase()
            };
            if !out.contains(c) {
                out.push(c);
            }
        }
    }
    out
}

/// The rules a [`Registry`] hands out: a built-in variant's (a static
/// value) or a site's (shared with its registry, so a puzzle's proof kept
/// on a page stays valid however long the page lives). Cheap to clone;
/// dereferences to [`Rules`].
#[derive(Clone)]
pub enum VariantRules {
    Builtin(&'static dyn Rules),
    Site(Arc<SiteVariant>),
}

impl Deref for VariantRules {
    type Target = dyn Rules;
    fn deref(&self) -> &(dyn Rules + 'static) {
        match self {
            VariantRules::Builtin(r) => *r,
            VariantRules::Site(v) => &v.rules,
        }
    }
}

impl std::fmt::Debug for VariantRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("VariantRules").field(&self.name()).finish()
    }
}

/// The variants one site sees: the built-in ones, plus the definitions of
/// its content folder (`variants/<Name>.yaml`), which add variants or
/// replace built-in ones of the same name. The site being built owns it;
/// two registries never see each other's definitions.
///
/// ```
/// use fenpress_rules::registry::Registry;
/// use fenpress_rules::legal;
/// let text = "board: 5x5\npieces:\n  - { letter: k, betza: K, royal: true }\n  - { letter: w, betza: W }\nstart: k4/5/5/5/W3K w 0\n";
/// let site = Registry::from_files(&[("variants/Tiny.yaml", text)]).unwrap();
/// let tiny = site.rules("tiny").unwrap();
/// assert_eq!(legal::perft(&*tiny, &mut tiny.start_position(), 1), 5);
/// assert!(site.rules("Orda").is_some()); // built-ins stay
/// assert!(Registry::builtin().rules("tiny").is_none());
/// ```
#[derive(Clone, Default, Debug)]
pub struct Registry {
    own: Vec<Arc<SiteVariant>>,
}

/// The built-in variants only: for what belongs to no site (a puzzle file
/// checked alone, tests). An empty value, never changed.
pub static BUILTIN: Registry = Registry::builtin();

impl Registry {
    /// The built-in variants only.
    pub const fn builtin() -> Registry {
        Registry { own: Vec::new() }
    }

    /// The built-in variants, with these definitions added or replacing.
    pub fn with(specs: Vec<ChessLikeSpec>) -> Result<Registry, DefinitionError> {
        let mut own = Vec::new();
        for spec in specs {
            let file = format!("{}.yaml", spec.name);
            own.push(Arc::new(SiteVariant::compiled(&file, "", spec)?));
        }
        Ok(Registry { own })
    }

    /// Reads definition files (`(file name, text)`): the file name is the
    /// variant's name. The first bad file is the error.
    pub fn from_files(files: &[(&str, &str)]) -> Result<Registry, DefinitionError> {
        let mut site = Registry::builtin();
        for (file, text) in files {
            site.define(file, text)?;
        }
        Ok(site)
    }

    /// Reads, compiles and adds the definition in `text` (its name is the
    /// file's name), replacing a built-in variant of that name or an
    /// earlier reading of the same file. Another file of this site that
    /// defined the name differently is an error naming both files.
    /// Returns the variant's name.
    pub fn define(&mut self, file: &str, text: &str) -> Result<&str, DefinitionError> {
        let name = definition::name_from_file(file);
        let old = self
            .own
            .iter()
            .position(|v| v.name().eq_ignore_ascii_case(name));
        if let Some(i) = old {
            let old = &self.own[i];
            if old.text == text {
                return Ok(self.own[i].name());
            }
            if old.file != file {
                return Err(DefinitionError {
                    file: file.to_string(),
                    line: 0,
                    col: 0,
                    kind: DefinitionErrorKind::Spec(format!(
                        "variant `{name}` is already defined differently by {}",
                        old.file
                    )),
                });
            }
        }
        let variant = Arc::new(SiteVariant::read(file, text)?);
        let i = match old {
            Some(i) => {
                self.own[i] = variant;
                i
            }
            None => {
                self.own.push(variant);
                self.own.len() - 1
            }
        };
        Ok(self.own[i].name())
    }

    fn own(&self, name: &str) -> Option<&Arc<SiteVariant>> {
        self.own
            .iter()
            .find(|v| v.name().eq_ignore_ascii_case(name))
    }

    /// The facts of a variant, by name (any case): the site's own first.
    pub fn lookup(&self, name: &str) -> Option<VariantInfo<'_>> {
        match self.own(name) {
            Some(v) => Some(v.info()),
            None => lookup(name).copied(),
        }
    }

    /// The rules of a variant (any case): the site's own first.
    pub fn rules(&self, name: &str) -> Option<VariantRules> {
        match self.own(name) {
            Some(v) => Some(VariantRules::Site(Arc::clone(v))),
            None => rules(name).map(VariantRules::Builtin),
        }
    }

    /// The rules of a variant played with options (see
    /// [`rules_with_options`]); a site's own variants have none.
    pub fn rules_with_options(&self, name: &str, options: &[&str]) -> Option<VariantRules> {
        if options.is_empty() {
            return self.rules(name);
        }
        match self.own(name) {
            Some(_) => None,
            None => rules_with_options(name, options).map(VariantRules::Builtin),
        }
    }

    /// The definition of a variant defined as data (any case): the site's
    /// own first, then the built-in ones.
    pub fn definition(&self, name: &str) -> Option<&ChessLikeSpec> {
        match self.own(name) {
            Some(v) => Some(&v.spec),
            None => definition(name),
        }
    }

    /// Known names closest to `name` (for "did you mean"), best first: the
    /// built-in variants and the site's own, so that a misspelled folder
    /// `rules/Nightrider/` suggests the site's `Nightriders`.
    pub fn close_names(&self, name: &str) -> Vec<&str> {
        closest(name, all().map(|v| v.name).chain(self.own_names()))
    }

    /// The names of the site's own definitions, in the order they were read.
    pub fn own_names(&self) -> impl Iterator<Item = &str> + '_ {
        self.own.iter().map(|v| v.name())
    }

    /// Every variant name with rules: the site's own, then the built-in
    /// ones the site does not replace (`fenpress variant list`).
    pub fn names(&self) -> Vec<&str> {
        let mut out: Vec<&str> = self.own_names().collect();
        for v in all() {
            if v.rules().is_some() && !out.iter().any(|n| n.eq_ignore_ascii_case(v.name)) {
                out.push(v.name);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal;

    const TINY: &str = "board: 5x5\npieces:\n  - { letter: k, betza: K, royal: true }\n  - { letter: w, betza: W }\nstart: k4/5/5/5/W3K w 0\n";

    fn start_perft(rules: &(dyn Rules + 'static), depth: u32) -> u64 {
        legal::perft(rules, &mut rules.start_position(), depth)
    }

    #[test]
    fn two_sites_in_one_process_see_their_own_variants() {
        let wazir = Registry::from_files(&[("a/variants/Tiny.yaml", TINY)]).unwrap();
        let ferz_text = TINY.replace("betza: W }", "betza: F }");
        let ferz = Registry::from_files(&[("b/variants/Tiny.yaml", &ferz_text)]).unwrap();
        assert_eq!(start_perft(&*wazir.rules("tiny").unwrap(), 1), 5);
        assert_eq!(start_perft(&*ferz.rules("Tiny").unwrap(), 1), 4);
        // Neither leaks into the built-ins, nor into a third site.
        assert!(rules("Tiny").is_none() && lookup("Tiny").is_none());
        assert!(Registry::builtin().lookup("Tiny").is_none());
        // The built-in variants are one shared value.
        let (a, b) = (wazir.rules("Orda").unwrap(), ferz.rules("Orda").unwrap());
        assert!(std::ptr::addr_eq(
            &*a as *const dyn Rules,
            &*b as *const dyn Rules
        ));
        assert!(std::ptr::addr_eq(
            &*a as *const dyn Rules,
            rules("Orda").unwrap() as *const dyn Rules
        ));
    }

    #[test]
    fn rules_handed_out_outlive_their_registry() {
        let site = Registry::from_files(&[("variants/Tiny.yaml", TINY)]).unwrap();
        let tiny = site.rules("Tiny").unwrap();
        drop(site);
        assert_eq!(start_perft(&*tiny, 2), start_perft(&*tiny, 2));
        assert_eq!(tiny.name(), "Tiny");
    }

    #[test]
    fn a_defined_variant_is_seen_by_every_lookup() {
        let mut site = Registry::builtin();
        assert_eq!(
            site.define("variants/Sitetiny.yaml", TINY).unwrap(),
            "Sitetiny"
        );
        let info = site.lookup("sitetiny").unwrap();
        assert_eq!((info.rows, info.cols), (5, 5));
        assert!(info.letters.contains('W') && info.letters.contains('k'));
        assert_eq!(start_perft(&*site.rules("Sitetiny").unwrap(), 1), 5);
        assert!(site.definition("SITETINY").is_some());
        assert!(site.rules_with_options("Sitetiny", &["pacoplay"]).is_none());
        assert_eq!(site.names()[0], "Sitetiny");
        // The same text again is harmless; another file's other text is refused.
        site.define("variants/Sitetiny.yaml", TINY).unwrap();
        let other = TINY.replace("betza: W }", "betza: F }");
        let err = site.define("elsewhere/Sitetiny.yaml", &other).unwrap_err();
        assert!(err.to_string().contains("already defined"), "{err}");
        // The same file may change it (serve re-reads an edited file).
        site.define("variants/Sitetiny.yaml", &other).unwrap();
        assert_eq!(start_perft(&*site.rules("Sitetiny").unwrap(), 1), 4);
        assert_eq!(site.own_names().count(), 1);
    }

    #[test]
    fn a_site_definition_replaces_a_built_in_one_for_that_site_only() {
        let text = "board: 8x8\npieces:\n  - { letter: k, betza: K, royal: true }\nstart: 4k3/8/8/8/8/8/8/4K3 w 0\n";
        let site = Registry::from_files(&[("variants/Orda.yaml", text)]).unwrap();
        assert_eq!(start_perft(&*site.rules("orda").unwrap(), 1), 5);
        assert_eq!(site.lookup("Orda").unwrap().letters, "Kk");
        assert!(start_perft(rules("Orda").unwrap(), 1) > 5);
    }

    #[test]
    fn a_misspelled_name_suggests_the_site_s_own_variant() {
        let site = Registry::from_files(&[("variants/Sitewidetiny.yaml", TINY)]).unwrap();
        assert_eq!(site.close_names("Sitewidetin")[0], "Sitewidetiny");
        assert!(site.close_names("Sitewdetiny").contains(&"Sitewidetiny"));
        assert!(!close_names("Sitewidetin").contains(&"Sitewidetiny"));
        assert_eq!(site.close_names("ordaa").first(), Some(&"Orda"));
    }

    #[test]
    fn a_bad_definition_says_where() {
        let mut site = Registry::builtin();
        let err = site.define("variants/Sitebad.yaml", "board: 5x5\npieces:\n  - { letter: k, betza: Ky, royal: true }\nstart: k4/5/5/5/4K w 0\n").unwrap_err();
        assert!(
            err.to_string().starts_with("variants/Sitebad.yaml:3:"),
            "{err}"
        );
        assert!(site.lookup("Sitebad").is_none());
    }
}
