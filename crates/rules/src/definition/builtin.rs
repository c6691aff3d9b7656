//! The definitions shipped in the binary: one YAML file per variant in
//! `crates/rules/variants/`, read on first use.

use std::sync::OnceLock;

use super::parse_definition;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

/// Each built-in definition: the vchess name and the file's text.
pub static BUILTIN: &[(&str, &str)] = &[
    ("Alapo", include_str!("../../variants/Alapo.yaml")),
    ("Balaklava", include_str!("../../variants/Balaklava.yaml")),
    ("Berolina", include_str!("../../variants/Berolina.yaml")),
    ("Bishopawns", include_str!("../../variants/Bishopawns.yaml")),
    ("Capablanca", include_str!("../../variants/Capablanca.yaml")),
    ("Capture", include_str!("../../variants/Capture.yaml")),
    ("Castle", include_str!("../../variants/Castle.yaml")),
    ("Chess", include_str!("../../variants/Chess.yaml")),
    ("Circular", include_str!("../../variants/Circular.yaml")),
    ("Coregal", include_str!("../../variants/Coregal.yaml")),
    ("Crossing", include_str!("../../variants/Crossing.yaml")),
    ("Cwda", include_str!("../../variants/Cwda.yaml")),
    ("Cylinder", include_str!("../../variants/Cylinder.yaml")),
    ("Diamond", include_str!("../../variants/Diamond.yaml")),
    ("Discoduel", include_str!("../../variants/Discoduel.yaml")),
    ("Doublearmy", include_str!("../../variants/Doublearmy.yaml")),
    ("Empire", include_str!("../../variants/Empire.yaml")),
    ("Evolution", include_str!("../../variants/Evolution.yaml")),
    ("Extinction", include_str!("../../variants/Extinction.yaml")),
    ("Forward", include_str!("../../variants/Forward.yaml")),
    ("Grand", include_str!("../../variants/Grand.yaml")),
    (
        "Grasshopper",
        include_str!("../../variants/Grasshopper.yaml"),
    ),
    (
        "Hoppelpoppel",
        include_str!("../../variants/Hoppelpoppel.yaml"),
    ),
    ("Horde", include_str!("../../variants/Horde.yaml")),
    ("Kinglet", include_str!("../../variants/Kinglet.yaml")),
    ("Kingsmaker", include_str!("../../variants/Kingsmaker.yaml")),
    (
        "Knightmate1",
        include_str!("../../variants/Knightmate1.yaml"),
    ),
    (
        "Knightmate2",
        include_str!("../../variants/Knightmate2.yaml"),
    ),
    (
        "Knightpawns",
        include_str!("../../variants/Knightpawns.yaml"),
    ),
    ("Koth", include_str!("../../variants/Koth.yaml")),
    ("Losers", include_str!("../../variants/Losers.yaml")),
    ("Maharajah", include_str!("../../variants/Maharajah.yaml")),
    ("Newzealand", include_str!("../../variants/Newzealand.yaml")),
    ("Omega", include_str!("../../variants/Omega.yaml")),
    ("Orda", include_str!("../../variants/Orda.yaml")),
    ("Ordamirror", include_str!("../../variants/Ordamirror.yaml")),
    (
        "Pawnmassacre",
        include_str!("../../variants/Pawnmassacre.yaml"),
    ),
    ("Pawns", include_str!("../../variants/Pawns.yaml")),
    ("Pawnsking", include_str!("../../variants/Pawnsking.yaml")),
    ("Perfect", include_str!("../../variants/Perfect.yaml")),
    ("Queenpawns", include_str!("../../variants/Queenpawns.yaml")),
    (
        "Racingkings",
        include_str!("../../variants/Racingkings.yaml"),
    ),
    ("Rookpawns", include_str!("../../variants/Rookpawns.yaml")),
    ("Royalrace", include_str!("../../variants/Royalrace.yaml")),
    ("Rugby", include_str!("../../variants/Rugby.yaml")),
    ("Shako", include_str!("../../variants/Shako.yaml")),
    ("Shatranj", include_str!("../../variants/Shatranj.yaml")),
    ("Spartan", include_str!("../../variants/Spartan.yaml")),
    ("Squatter1", include_str!("../../variants/Squatter1.yaml")),
    ("Squatter2", include_str!("../../variants/Squatter2.yaml")),
    ("Suicide", include_str!("../../variants/Suicide.yaml")),
    ("Tencubed", include_str!("../../variants/Tencubed.yaml")),
    (
        "Threechecks",
        include_str!("../../variants/Threechecks.yaml"),
    ),
    ("Twokings", include_str!("../../variants/Twokings.yaml")),
    ("Upsidedown", include_str!("../../variants/Upsidedown.yaml")),
    ("Vchess", include_str!("../../variants/Vchess.yaml")),
    ("Wildebeest", include_str!("../../variants/Wildebeest.yaml")),
];

struct Loaded {
    spec: ChessLikeSpec,
    rules: ChessLike,
}

fn slot(i: usize) -> &'static Loaded {
    static LOADED: OnceLock<Vec<OnceLock<Loaded>>> = OnceLock::new();
    let all = LOADED.get_or_init(|| BUILTIN.iter().map(|_| OnceLock::new()).collect());
    all[i].get_or_init(|| {
        let (name, text) = BUILTIN[i];
        // The files are part of the crate: a failure is a bug that the
        // tests of every built-in definition catch.
        let file = format!("crates/rules/variants/{name}.yaml");
        let spec = parse_definition(text, &file).unwrap_or_else(|e| panic!("{e}"));
        let rules = ChessLike::new(spec.clone()).unwrap_or_else(|e| panic!("{file}: {e}"));
        Loaded { spec, rules }
    })
}

fn index(name: &str) -> Option<usize> {
    BUILTIN
        .iter()
        .position(|(n, _)| n.eq_ignore_ascii_case(name))
}

/// The rules of a built-in definition, by name (any case).
pub fn builtin_rules(name: &str) -> Option<&'static ChessLike> {
    index(name).map(|i| &slot(i).rules)
}

/// The spec of a built-in definition, by name (any case).
pub fn builtin_spec(name: &str) -> Option<&'static ChessLikeSpec> {
    index(name).map(|i| &slot(i).spec)
}

/// The text of a built-in definition file, by name (any case).
pub fn builtin_text(name: &str) -> Option<&'static str> {
    index(name).map(|i| BUILTIN[i].1)
}
