//! Captures with effects: explosions, absorption, conversion, shooting, ... (Atomic, Absorption, Benedict, ...).
//! Each variant of the family is a file of this folder; [`rules`] is the
//! family's entry in [`crate::registry`]. Mechanics, each usable alone:
//! - [`twist`]: chess plus one hook (a [`crate::variants::chesslike::ChessLike`]
//!   base whose moves a [`twist::Twist`] rewrites or filters);
//! - effects: [`explosion::Blast::explode`] (also the chess-like spec's `explosions`), [`antimatter::annihilate`],
//!   [`rifle::shoot`], [`absorption::fuse`] (table of compounds),
//!   [`cannibal::take_victims_kind`] (disguised royal kings),
//!   [`coronation::fusion_moves`];
//! - permissions: [`friendly::friendly_captures`] (with a mover/victim
//!   filter), [`brotherhood::like_for_like_banned`], compulsory capture in
//!   [`cannibal`], [`zen::zen_captures`] (a piece takes only as its victim
//!   would take it), [`gridolina::same_cell`] (no move, so no capture,
//!   inside a 2×2 cell), [`arena::arena_allows`] (enter the arena, or
//!   capture inside it), [`monocolor::colored_by_half`] (colorless pieces
//!   belong to the side whose half they stand on);
//! - [`suction::swap_victim`]: the victim goes where the capturer stood;
//! - [`enpassant::en_passant_moves`]: en passant after any multi-step move;
//! - [`conversion`]: enemy pieces change color (Benedict, Pacifist), more
//!   of them than a move's effect holds, recorded by the variant's `play`;
//! - [`convert::chain_moves`]: a taken piece changes color and moves at once
//!   (Convert), [`convert::chain_attacked`] control through such chains;
//! - [`allmate::mate_captures`]: attacked pieces that no move saves are
//!   removed, iterated;
//! - [`koopa`]: a capture bounces over its victims and stuns them for four
//!   plies (per-square counters), a second capture kicks them off.

use std::sync::OnceLock;

use crate::rules::Rules;

pub mod absorption;
pub mod allmate;
pub mod antimatter;
pub mod arena;
pub mod atomic;
pub mod benedict;
pub mod bicolour;
pub mod brotherhood;
pub mod cannibal;
pub mod conversion;
pub mod convert;
pub mod coronation;
pub mod enpassant;
pub mod explosion;
pub mod freecapture;
pub mod friendly;
pub mod fusion;
pub mod gridolina;
pub mod koopa;
pub mod monocolor;
pub mod pacifist;
pub mod rifle;
pub mod selfabsorb;
pub mod suction;
pub mod takenmake;
pub mod twist;
pub mod zen;

/// The rules of a variant of this family, by name (any case).
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    static ATOMIC: OnceLock<twist::Twisted<atomic::Atomic>> = OnceLock::new();
    static ANTIMATTER: OnceLock<twist::Twisted<antimatter::Antimatter>> = OnceLock::new();
    static RIFLE: OnceLock<twist::Twisted<rifle::Rifle>> = OnceLock::new();
    static BROTHERHOOD: OnceLock<twist::Twisted<brotherhood::Brotherhood>> = OnceLock::new();
    static ABSORPTION: OnceLock<twist::Twisted<absorption::Absorption>> = OnceLock::new();
    static CORONATION: OnceLock<twist::Twisted<coronation::Coronation>> = OnceLock::new();
    static FREECAPTURE: OnceLock<twist::Twisted<freecapture::Freecapture>> = OnceLock::new();
    static CANNIBAL1: OnceLock<twist::Twisted<cannibal::Cannibal>> = OnceLock::new();
    static CANNIBAL2: OnceLock<twist::Twisted<cannibal::Cannibal>> = OnceLock::new();
    static SELFABSORB: OnceLock<twist::Twisted<selfabsorb::Selfabsorb>> = OnceLock::new();
    static ZEN: OnceLock<twist::Twisted<zen::Zen>> = OnceLock::new();
    static GRIDOLINA: OnceLock<twist::Twisted<gridolina::Gridolina>> = OnceLock::new();
    static BICOLOUR: OnceLock<twist::Twisted<bicolour::Bicolour>> = OnceLock::new();
    static BENEDICT: OnceLock<twist::Twisted<benedict::Benedict>> = OnceLock::new();
    static PACIFIST1: OnceLock<twist::Twisted<pacifist::Pacifist>> = OnceLock::new();
    static PACIFIST2: OnceLock<twist::Twisted<pacifist::Pacifist>> = OnceLock::new();
    static TAKENMAKE: OnceLock<twist::Twisted<takenmake::Takenmake>> = OnceLock::new();
    static SUCTION: OnceLock<twist::Twisted<suction::Suction>> = OnceLock::new();
    static CONVERT: OnceLock<twist::Twisted<convert::Convert>> = OnceLock::new();
    static FUSION: OnceLock<twist::Twisted<fusion::Fusion>> = OnceLock::new();
    static ENPASSANT: OnceLock<twist::Twisted<enpassant::Enpassant>> = OnceLock::new();
    static ARENA: OnceLock<twist::Twisted<arena::Arena>> = OnceLock::new();
    static MONOCOLOR: OnceLock<twist::Twisted<monocolor::Monocolor>> = OnceLock::new();
    static ALLMATE: OnceLock<twist::Twisted<allmate::Allmate>> = OnceLock::new();
    static KOOPA: OnceLock<twist::Twisted<koopa::Koopa>> = OnceLock::new();
    match name.to_ascii_lowercase().as_str() {
        "selfabsorb" => Some(SELFABSORB.get_or_init(selfabsorb::rules)),
        "cannibal1" => Some(CANNIBAL1.get_or_init(|| cannibal::rules(false))),
        "cannibal2" => Some(CANNIBAL2.get_or_init(|| cannibal::rules(true))),
        "freecapture" => Some(FREECAPTURE.get_or_init(freecapture::rules)),
        "coronation" => Some(CORONATION.get_or_init(coronation::rules)),
        "absorption" => Some(ABSORPTION.get_or_init(absorption::rules)),
        "atomic" => Some(ATOMIC.get_or_init(atomic::rules)),
        "antimatter" => Some(ANTIMATTER.get_or_init(antimatter::rules)),
        "rifle" => Some(RIFLE.get_or_init(rifle::rules)),
        "brotherhood" => Some(BROTHERHOOD.get_or_init(brotherhood::rules)),
        "zen" => Some(ZEN.get_or_init(zen::rules)),
        "gridolina" => Some(GRIDOLINA.get_or_init(gridolina::rules)),
        "bicolour" => Some(BICOLOUR.get_or_init(bicolour::rules)),
        "suction" => Some(SUCTION.get_or_init(suction::rules)),
        "benedict" => Some(BENEDICT.get_or_init(benedict::rules)),
        "pacifist1" => Some(PACIFIST1.get_or_init(|| pacifist::rules(false))),
        "pacifist2" => Some(PACIFIST2.get_or_init(|| pacifist::rules(true))),
        "takenmake" => Some(TAKENMAKE.get_or_init(takenmake::rules)),
        "convert" => Some(CONVERT.get_or_init(convert::rules)),
        "fusion" => Some(FUSION.get_or_init(fusion::rules)),
        "enpassant" => Some(ENPASSANT.get_or_init(enpassant::rules)),
        "arena" => Some(ARENA.get_or_init(arena::rules)),
        "monocolor" => Some(MONOCOLOR.get_or_init(monocolor::rules)),
        "allmate" => Some(ALLMATE.get_or_init(allmate::rules)),
        "koopa" => Some(KOOPA.get_or_init(koopa::rules)),
        _ => None,
    }
}
