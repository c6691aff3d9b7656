//! Variants whose turn is more than one plain move: several chess moves in
//! a row (Marseillais, Galvin's double move, Progressive chess, Monster),
//! a move then the push of an enemy pawn (Avalanche), the opponent's move
//! to a marked square then a mark (Ambiguous), or a move the
//! opponent may refuse, to be replaced (Refusal chess, where the refusal is
//! a ply of its own), a move then a swap of two pieces (Swap), two moves
//! made at the same time (Synchrone1, Synchrone2: White's waits unseen,
//! Black's resolves the turn); and the
//! variants whose position is partly hidden
//! from one player, where the hidden part is part of the position
//! (Stealthbomb's loaded pieces, Hiddenqueen's queens disguised as pawns,
//! Hidden's unknown pieces; Dark's fog of war, where the position is the
//! whole board and what a side sees is worked out from it); and chance
//! (Dice: the roll is part of the position, each move listed per roll). Each sub-move is a ply of its own, as vchess plays it: a sub-move after
//! which the same side moves again `continues` ([`crate::moves::Intent`]).
//! [`rules`] is the family's entry in [`crate::registry`].

use std::sync::LazyLock;

use crate::color::Color;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec};

pub mod ambiguous;
pub mod avalanche;
pub mod dark;
pub mod dice;
pub mod hidden;
pub mod hiddenqueen;
pub mod multimove;
pub mod refusal;
pub mod stealthbomb;
pub mod swap;
pub mod synchrone;

use multimove::{MultiMove, Schedule};

/// vchess's second letter of each chess kind (s t u c o l: pawn, queen,
/// rook, bishop, knight, king), which it gives a piece that is not what
/// it shows: Ambiguous's marked pieces, Hidden's unknown ones,
/// Stealthbomb's loaded ones (never a king).
pub(crate) const SECOND_LETTERS: [(Kind, Kind); 6] = [
    (Kind::PAWN, Kind(b's')),
    (Kind::QUEEN, Kind(b't')),
    (Kind::ROOK, Kind(b'u')),
    (Kind::BISHOP, Kind(b'c')),
    (Kind::KNIGHT, Kind(b'o')),
    (Kind::KING, Kind(b'l')),
];

/// The second-letter kind of a chess kind (see [`SECOND_LETTERS`]).
pub(crate) fn second_letter(kind: Kind) -> Option<Kind> {
    SECOND_LETTERS
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, s)| *s)
}

/// The chess kind a second-letter kind stands for.
pub(crate) fn first_letter(kind: Kind) -> Option<Kind> {
    SECOND_LETTERS
        .iter()
        .find(|(_, s)| *s == kind)
        .map(|(k, _)| *k)
}

/// The kings' problems of a position where a king may be taken: one king
/// missing is a finished game, no position mistake; no king at all, or two
/// of one side, is a mistake.
pub(crate) fn kings_problems(
    pos: &Position,
    offset_of: &dyn Fn(Square) -> usize,
    out: &mut Vec<Problem>,
) {
    let kings = Color::ALL.map(|c| pos.board.royals(c));
    for (color, royals) in Color::ALL.into_iter().zip(&kings) {
        if kings.iter().all(|k| k.is_empty()) {
            out.push(Problem::MissingRoyal { color, offset: 0 });
        } else if royals.len() > 1 {
            out.push(Problem::TooManyRoyals {
                color,
                count: royals.len(),
                expected: 1,
                offset: royals.iter().nth(1).map(offset_of).unwrap_or(0),
            });
        }
    }
}

/// The chess a variant of this family plays under its own turn rules:
/// chess's spec named `name`, starting from `start_fen`, changed by `edit`.
pub(crate) fn inner_chess(
    name: &'static str,
    start_fen: &'static str,
    edit: impl FnOnce(&mut ChessLikeSpec),
) -> ChessLike {
    let mut spec = chess::spec();
    spec.name = name.into();
    spec.start_fen = start_fen.into();
    edit(&mut spec);
    ChessLike::new(spec).expect("the chess spec compiles")
}

/// The outcome of the variants of this family where a king is taken, not
/// mated: the side whose king is gone has lost.
pub(crate) fn king_captured(pos: &Position) -> Option<Outcome> {
    Color::ALL
        .into_iter()
        .find(|c| pos.board.royals(*c).is_empty())
        .map(|lost| Outcome::VariantWin {
            winner: lost.opposite(),
            reason: "king captured",
        })
}

static DOUBLEMOVE1: LazyLock<MultiMove> = LazyLock::new(|| MultiMove::new(Schedule::Marseillais));
static DOUBLEMOVE2: LazyLock<MultiMove> = LazyLock::new(|| MultiMove::new(Schedule::Galvin));
static PROGRESSIVE1: LazyLock<MultiMove> =
    LazyLock::new(|| MultiMove::new(Schedule::Progressive { castling: true }));
static PROGRESSIVE2: LazyLock<MultiMove> =
    LazyLock::new(|| MultiMove::new(Schedule::Progressive { castling: false }));
static MONSTER: LazyLock<MultiMove> = LazyLock::new(|| MultiMove::new(Schedule::Monster));
static AMBIGUOUS: LazyLock<ambiguous::Ambiguous> = LazyLock::new(ambiguous::Ambiguous::new);
static AVALANCHE: LazyLock<avalanche::Avalanche> = LazyLock::new(avalanche::Avalanche::new);
static REFUSAL1: LazyLock<refusal::Refusal> = LazyLock::new(|| refusal::Refusal::new(false));
static REFUSAL2: LazyLock<refusal::Refusal> = LazyLock::new(|| refusal::Refusal::new(true));
static DARK: LazyLock<dark::Dark> = LazyLock::new(dark::Dark::new);
static DICE: LazyLock<dice::Dice> = LazyLock::new(dice::Dice::new);
static HIDDEN: LazyLock<hidden::Hidden> = LazyLock::new(hidden::Hidden::new);
static HIDDENQUEEN: LazyLock<hiddenqueen::Hiddenqueen> =
    LazyLock::new(hiddenqueen::Hiddenqueen::new);
static SYNCHRONE1: LazyLock<synchrone::Synchrone> = LazyLock::new(synchrone::Synchrone::new);
static SYNCHRONE2: LazyLock<synchrone::Synchrone> = LazyLock::new(synchrone::Synchrone::new2);
static SWAP: LazyLock<swap::Swap> = LazyLock::new(swap::Swap::new);
static STEALTHBOMB1: LazyLock<stealthbomb::Stealthbomb> =
    LazyLock::new(|| stealthbomb::Stealthbomb::new(stealthbomb::Carriers::Pieces));
static STEALTHBOMB2: LazyLock<stealthbomb::Stealthbomb> =
    LazyLock::new(|| stealthbomb::Stealthbomb::new(stealthbomb::Carriers::Pawns));

/// The rules of a variant of this family, by name (any case).
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    match name.to_ascii_lowercase().as_str() {
        "ambiguous" => Some(&*AMBIGUOUS),
        "avalanche" => Some(&*AVALANCHE),
        "dark" => Some(&*DARK),
        "dice" => Some(&*DICE),
        "doublemove1" => Some(&*DOUBLEMOVE1),
        "doublemove2" => Some(&*DOUBLEMOVE2),
        "progressive1" => Some(&*PROGRESSIVE1),
        "progressive2" => Some(&*PROGRESSIVE2),
        "hidden" => Some(&*HIDDEN),
        "hiddenqueen" => Some(&*HIDDENQUEEN),
        "monster" => Some(&*MONSTER),
        "refusal1" => Some(&*REFUSAL1),
        "refusal2" => Some(&*REFUSAL2),
        "stealthbomb1" => Some(&*STEALTHBOMB1),
        "stealthbomb2" => Some(&*STEALTHBOMB2),
        "swap" => Some(&*SWAP),
        "synchrone1" => Some(&*SYNCHRONE1),
        "synchrone2" => Some(&*SYNCHRONE2),
        _ => None,
    }
}
