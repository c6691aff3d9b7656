//! How a chess-like game is won and who is royal: the variant's own
//! results (campmate...), the attack test on royal pieces, how many royals
//! a side has, and a hook that restricts the moves a side may choose
//! (compulsory capture and the like).

use super::ChessLike;
use crate::color::Color;
use crate::moves::MoveList;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::Outcome;

impl ChessLike {
    /// A result decided before looking at moves (the `Rules` method).
    pub(super) fn outcome(&self, pos: &Position) -> Option<Outcome> {
        if !self.spec.campmate {
            return None;
        }
        // Only the side that just moved can have reached its camp: a king
        // that got there legally is not in check.
        let last = pos.turn().opposite();
        let far = self.geometry.rows() - 1;
        pos.board
            .royals(last)
            .iter()
            .any(|sq| self.geometry.relative_rank(sq, last) == far)
            .then_some(Outcome::VariantWin {
                winner: last,
                reason: "campmate",
            })
    }

    /// Whether one of `color`'s royal pieces is attacked (the `Rules` method).
    #[inline]
    pub(super) fn royal_in_danger(&self, pos: &Position, color: Color) -> bool {
        pos.board
            .royals(color)
            .iter()
            .any(|sq| self.square_attacked(pos, sq, color.opposite()))
    }

    /// How many royal pieces each side must have (the `Rules` method).
    pub(super) fn royal_count(&self) -> Option<usize> {
        self.spec.win.royals.map(usize::from)
    }

    /// Removes from `out[start..]` (the side to move's pseudo-legal moves,
    /// castling included) the moves the variant forbids beyond check, e.g. quiet
    /// moves when a capture is compulsory. Called last by move generation.
    #[inline]
    pub(super) fn restrict_moves(&self, _pos: &Position, _out: &mut MoveList, _start: usize) {}
}

/// What the side that cannot move gets when it is not in check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StalemateResult {
    #[default]
    Draw,
    /// The stalemated side wins (antichess).
    Win,
    /// The stalemated side loses (Shatranj's bare-king family).
    Loss,
}

/// What a side left with its king alone gets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BareKing {
    /// No rule.
    #[default]
    None,
    /// The bare side loses (Shatranj).
    Loss,
    /// The game is drawn.
    Draw,
}

/// Reaching some squares with some pieces wins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReachGoal {
    /// The pieces that score (empty: any).
    pub pieces: Vec<Kind>,
    /// Ranks counted from the mover's side, 0-based (7: the 8th rank on 8×8).
    pub ranks: Vec<u8>,
    /// Square names (`d4`), the same for both sides.
    pub squares: Vec<&'static str>,
    /// The piece must not be attacked there (Racing Kings counts it at once).
    pub not_attacked: bool,
}

/// How a chess-like game is won or drawn beyond checkmate, and royalty. The
/// names follow the definition file's `win:` keys. Implemented so far:
/// checkmate and stalemate draws, and `ChessLikeSpec::campmate`; the rest is
/// data the definition format reads and writes, for the victory code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinSpec {
    /// Mating the royal piece wins (`checkmate: true`).
    pub checkmate: bool,
    pub stalemate: StalemateResult,
    /// Losing every piece of one of these kinds loses (`extinction: [k]`).
    pub extinction: Vec<Kind>,
    /// Losing every piece loses (`extinction: all`).
    pub extinction_all: bool,
    pub bare_king: BareKing,
    pub reach: Option<ReachGoal>,
    /// A royal piece on one of these squares wins (`king_of_the_hill`).
    pub king_of_the_hill: Vec<&'static str>,
    /// The n-th check wins (`checks: 3`); 0: no such rule.
    pub checks: u8,
    /// Losing all pieces or being stalemated wins; captures are compulsory.
    pub antichess: bool,
    /// A side that can capture must (`compulsory_capture: true`).
    pub compulsory_capture: bool,
    /// Royal pieces per side (`royal: { count: 2 }`); `None`: any number.
    pub royals: Option<u8>,
    /// With several royals, a side may leave all but one attacked.
    pub spare_royals: bool,
}

impl Default for WinSpec {
    fn default() -> Self {
        WinSpec {
            checkmate: true,
            stalemate: StalemateResult::Draw,
            extinction: Vec::new(),
            extinction_all: false,
            bare_king: BareKing::None,
            reach: None,
            king_of_the_hill: Vec::new(),
            checks: 0,
            antichess: false,
            compulsory_capture: false,
            royals: Some(1),
            spare_royals: false,
        }
    }
}
