//! The Asian boards and their kin: palaces, blockable leapers, cannons, gating and choice (Xiangqi, Janggi, Makruk, Schess, Titan, Musketeer, Sittuyin, ...).
//! Each variant of the family is a file of this folder, each shared
//! mechanic too (palace, blockable leaps, cannons); [`rules`] is the
//! family's entry in [`crate::registry`].

pub mod cannon;
pub mod janggi;
pub mod lame;
pub mod makruk;
pub mod musketeer;
pub mod palace;
pub mod schess;
pub mod sittuyin;
pub mod synochess;
pub mod titan;
pub mod xiangqi;

use crate::rules::Rules;
use std::sync::LazyLock;

static XIANGQI: LazyLock<xiangqi::Xiangqi> =
    LazyLock::new(|| xiangqi::Xiangqi::new(xiangqi::Board::Classic));
static MINIXIANGQI: LazyLock<xiangqi::Xiangqi> =
    LazyLock::new(|| xiangqi::Xiangqi::new(xiangqi::Board::Mini));

static MAKRUK: LazyLock<makruk::Makruk> =
    LazyLock::new(|| makruk::Makruk::new(makruk::Twist::None));
static MAKPONG: LazyLock<makruk::Makruk> =
    LazyLock::new(|| makruk::Makruk::new(makruk::Twist::KingFrozenInCheck));
static KAROUK: LazyLock<makruk::Makruk> =
    LazyLock::new(|| makruk::Makruk::new(makruk::Twist::FirstCheckWins));

static JANGGI: LazyLock<janggi::Janggi> = LazyLock::new(janggi::Janggi::new);

static SCHESS: LazyLock<schess::Schess> = LazyLock::new(schess::Schess::new);

static TITAN: LazyLock<titan::Titan> = LazyLock::new(titan::Titan::new);

static MUSKETEER: LazyLock<musketeer::Musketeer> = LazyLock::new(musketeer::Musketeer::new);

static SITTUYIN: LazyLock<sittuyin::Sittuyin> = LazyLock::new(sittuyin::Sittuyin::new);

static SYNOCHESS: LazyLock<synochess::Synochess> = LazyLock::new(synochess::Synochess::new);

/// The rules of a variant of this family, by name (any case).
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    match name.to_ascii_lowercase().as_str() {
        "xiangqi" => Some(&*XIANGQI),
        "minixiangqi" => Some(&*MINIXIANGQI),
        "makruk" => Some(&*MAKRUK),
        "makpong" => Some(&*MAKPONG),
        "karouk" => Some(&*KAROUK),
        "janggi" => Some(&*JANGGI),
        "schess" => Some(&*SCHESS),
        "titan" => Some(&*TITAN),
        "synochess" => Some(&*SYNOCHESS),
        "musketeer" => Some(&*MUSKETEER),
        "sittuyin" => Some(&*SITTUYIN),
        _ => None,
    }
}
