//! Borrowed moves, changed legality and changing boards (Madrasi, Antiking, Wormhole, ...).
//! Each variant of the family is a file of this folder; [`rules`] is the
//! family's entry in [`crate::registry`]. [`base`] is the chess they all
//! change, with hooks for each twist.

pub mod antiking;
pub mod base;
pub mod checkless;
pub mod copycat;
pub mod eightpieces;
pub mod fullcavalry;
pub mod hypnotic;
pub mod iceage;
pub mod isardam;
pub mod joker;
pub mod knightrelay;
pub mod madrasi;
pub mod magnetic;
pub mod rampage;
pub mod relayup;
pub mod rollerball;
pub mod switching;
pub mod teleport;
pub mod wormhole;

use std::sync::LazyLock;

use crate::rules::Rules;
use base::Game;

static MADRASI: LazyLock<Game<madrasi::Madrasi>> = LazyLock::new(|| Game::new(madrasi::Madrasi));
static ISARDAM: LazyLock<Game<isardam::Isardam>> = LazyLock::new(|| Game::new(isardam::Isardam));
static ANTIKING1: LazyLock<Game<antiking::Antiking>> =
    LazyLock::new(|| Game::new(antiking::Antiking { berolina: true }));
static ANTIKING2: LazyLock<Game<antiking::Antiking>> =
    LazyLock::new(|| Game::new(antiking::Antiking { berolina: false }));
static KNIGHTRELAY1: LazyLock<Game<knightrelay::Knightrelay>> =
    LazyLock::new(|| Game::new(knightrelay::Knightrelay { original: true }));
static KNIGHTRELAY2: LazyLock<Game<knightrelay::Knightrelay>> =
    LazyLock::new(|| Game::new(knightrelay::Knightrelay { original: false }));
static COPYCAT: LazyLock<Game<copycat::Copycat>> = LazyLock::new(|| Game::new(copycat::Copycat));
static RELAYUP: LazyLock<Game<relayup::Relayup>> = LazyLock::new(|| Game::new(relayup::Relayup));
static RAMPAGE: LazyLock<Game<rampage::Rampage>> = LazyLock::new(|| Game::new(rampage::Rampage));
static SWITCHING: LazyLock<Game<switching::Switching>> =
    LazyLock::new(|| Game::new(switching::Switching));
static ICEAGE: LazyLock<Game<iceage::Iceage>> = LazyLock::new(|| Game::new(iceage::Iceage));
static TELEPORT1: LazyLock<Game<teleport::Teleport>> =
    LazyLock::new(|| Game::new(teleport::Teleport { king: true }));
static TELEPORT2: LazyLock<Game<teleport::Teleport>> =
    LazyLock::new(|| Game::new(teleport::Teleport { king: false }));
static JOKER: LazyLock<Game<joker::Joker>> = LazyLock::new(|| Game::new(joker::Joker));
static HYPNOTIC: LazyLock<Game<hypnotic::Hypnotic>> =
    LazyLock::new(|| Game::new(hypnotic::Hypnotic { mesmer: false }));
static MESMER: LazyLock<Game<hypnotic::Hypnotic>> =
    LazyLock::new(|| Game::new(hypnotic::Hypnotic { mesmer: true }));
static WORMHOLE1: LazyLock<Game<wormhole::Wormhole>> =
    LazyLock::new(|| Game::new(wormhole::Wormhole { first: true }));
static WORMHOLE2: LazyLock<Game<wormhole::Wormhole>> =
    LazyLock::new(|| Game::new(wormhole::Wormhole { first: false }));
static MAGNETIC: LazyLock<Game<magnetic::Magnetic>> =
    LazyLock::new(|| Game::new(magnetic::Magnetic));
static FULLCAVALRY: LazyLock<Game<fullcavalry::Fullcavalry>> =
    LazyLock::new(|| Game::new(fullcavalry::Fullcavalry));
static EIGHTPIECES: LazyLock<Game<eightpieces::Eightpieces>> =
    LazyLock::new(|| Game::new(eightpieces::Eightpieces));
static ROLLERBALL: LazyLock<Game<rollerball::Rollerball>> =
    LazyLock::new(|| Game::new(rollerball::Rollerball));
static CHECKLESS: LazyLock<Game<checkless::Checkless>> =
    LazyLock::new(|| Game::new(checkless::Checkless));

/// The rules of a variant of this family, by name (any case).
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    Some(match name.to_ascii_lowercase().as_str() {
        "madrasi" => &*MADRASI,
        "isardam" => &*ISARDAM,
        "checkless" => &*CHECKLESS,
        "antiking1" => &*ANTIKING1,
        "antiking2" => &*ANTIKING2,
        "knightrelay1" => &*KNIGHTRELAY1,
        "knightrelay2" => &*KNIGHTRELAY2,
        "copycat" => &*COPYCAT,
        "relayup" => &*RELAYUP,
        "rampage" => &*RAMPAGE,
        "switching" => &*SWITCHING,
        "iceage" => &*ICEAGE,
        "teleport1" => &*TELEPORT1,
        "teleport2" => &*TELEPORT2,
        "joker" => &*JOKER,
        "hypnotic" => &*HYPNOTIC,
        "mesmer" => &*MESMER,
        "wormhole1" => &*WORMHOLE1,
        "wormhole2" => &*WORMHOLE2,
        "magnetic" => &*MAGNETIC,
        "fullcavalry" => &*FULLCAVALRY,
        "eightpieces" => &*EIGHTPIECES,
        "rollerball" => &*ROLLERBALL,
        _ => return None,
    })
}
