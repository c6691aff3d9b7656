//! Pieces in hand, drops and promotion zones (Crazyhouse, Shogi, Shogun, Bario, Dobutsu,
//! Madhouse's placements, Align4's endless pawns, ...).
//! Each variant of the family is a file of this folder; [`rules`] is the
//! family's entry in [`crate::registry`]. Shared mechanics: [`drops`], [`dropgame`] (shogi-like games as data),
//! [`placement`] (first-turn set-ups); [`crate::variants::forward`] writes the forwards to an inner [`crate::variants::chesslike::ChessLike`].

use std::sync::LazyLock;

use crate::rules::Rules;

pub mod align4;
pub mod bario;
pub mod clorange;
pub mod crazyhouse;
pub mod dobutsu;
pub mod dropgame;
pub mod drops;
pub mod madhouse;
pub mod minishogi;
pub mod pandemonium;
pub mod parachute;
pub mod placement;
pub mod pocketknight;
pub mod recycle;
pub mod screen;
pub mod shinobi;
pub mod shogi;
pub mod shogun;

static ALIGN4: LazyLock<align4::Align4> = LazyLock::new(align4::Align4::new);
static BARIO: LazyLock<bario::Bario> = LazyLock::new(bario::Bario::new);
static CLORANGE: LazyLock<clorange::Clorange> = LazyLock::new(clorange::Clorange::new);
static CRAZYHOUSE: LazyLock<crazyhouse::Crazyhouse> = LazyLock::new(crazyhouse::Crazyhouse::new);
static POCKETKNIGHT: LazyLock<pocketknight::Pocketknight> =
    LazyLock::new(pocketknight::Pocketknight::new);
static RECYCLE: LazyLock<recycle::Recycle> = LazyLock::new(recycle::Recycle::new);
static PARACHUTE: LazyLock<parachute::Parachute> = LazyLock::new(parachute::Parachute::new);
static MADHOUSE: LazyLock<madhouse::Madhouse> = LazyLock::new(madhouse::Madhouse::new);
static PANDEMONIUM1: LazyLock<pandemonium::Pandemonium> =
    LazyLock::new(pandemonium::Pandemonium::first);
static PANDEMONIUM2: LazyLock<pandemonium::Pandemonium> =
    LazyLock::new(pandemonium::Pandemonium::second);
static SHINOBI: LazyLock<shinobi::Shinobi> = LazyLock::new(shinobi::Shinobi::new);
static SCREEN: LazyLock<screen::Screen> = LazyLock::new(screen::Screen::new);
static SHOGUN: LazyLock<shogun::Shogun> = LazyLock::new(shogun::Shogun::new);
static SHOGI: LazyLock<dropgame::DropGame> = LazyLock::new(shogi::rules);
static MINISHOGI: LazyLock<dropgame::DropGame> = LazyLock::new(minishogi::rules);
static DOBUTSU: LazyLock<dropgame::DropGame> = LazyLock::new(dobutsu::rules);

/// The rules of a variant of this family, by name (any case).
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    match name.to_ascii_lowercase().as_str() {
        "align4" => Some(&*ALIGN4),
        "bario" => Some(&*BARIO),
        "clorange" => Some(&*CLORANGE),
        "crazyhouse" => Some(&*CRAZYHOUSE),
        "shogi" => Some(&*SHOGI),
        "shogun" => Some(&*SHOGUN),
        "shinobi" => Some(&*SHINOBI),
        "screen" => Some(&*SCREEN),
        "pocketknight" => Some(&*POCKETKNIGHT),
        "recycle" => Some(&*RECYCLE),
        "parachute" => Some(&*PARACHUTE),
        "minishogi" => Some(&*MINISHOGI),
        "dobutsu" => Some(&*DOBUTSU),
        "madhouse" => Some(&*MADHOUSE),
        "pandemonium1" => Some(&*PANDEMONIUM1),
        "pandemonium2" => Some(&*PANDEMONIUM2),
        _ => None,
    }
}
