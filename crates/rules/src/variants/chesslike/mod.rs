//! Chess rules over pieces given as data: each piece is a Betza string (how
//! it moves, how it captures) plus flags (royal, pawn). Castling, en passant,
//! promotion and campmate are switches. Chess and Orda are instances; any
//! "chess with other pieces" variant is one more [`ChessLikeSpec`].
//!
//! - `spec.rs`: the data ([`ChessLikeSpec`], [`PieceSpec`]).
//! - `compile.rs`: spec to move and attack tables ([`ChessLike::new`]).
//! - `movegen.rs`: pseudo-legal moves and [`ChessLike::square_attacked`].
//! - `castling.rs`: castling moves and rights.
//! - `victory.rs`: results, royalty, move restrictions (compulsory capture).
//! - `drops.rs`: pieces in hand and where they may be dropped.
//! - `explosions.rs`: captures that explode (the Atomic family).
//! - `promotion.rs`: pieces that promote (zones, promoted pieces that revert).
//! - `pass.rs`: a stuck side passes instead of being stalemated.

mod armies;
mod castling;
mod compile;
mod drops;
mod explosions;
mod movegen;
mod pass;
mod promotion;
mod spec;
mod victory;

pub use compile::SpecError;
pub use spec::{
    ArmyChoice, ArmySpec, CastlingRules, ChessLikeSpec, DropSpec, ExplosionSpec, FenFields,
    InitialMoves, List, PawnRules, PieceRegion, PieceSpec, PieceZone, PromotionRules, Text, Wrap,
};
pub use victory::{BareKing, Connect, ReachGoal, Repetition, StalemateResult, WinSpec};
pub use victory::{Reach, Royalty, Safety, Victory};

use crate::color::Color;
use crate::fen::FenStyle;
use crate::geometry::{Dir, Geometry};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use compile::{AttackRay, CompiledPiece};

/// Chess-like rules compiled from a [`ChessLikeSpec`].
pub struct ChessLike {
    spec: ChessLikeSpec,
    geometry: Geometry,
    pieces: Vec<CompiledPiece>,
    /// `index[color][kind byte]` into `pieces`, `NONE` if absent.
    index: [[u8; 128]; 2],
    kinds: [KindSet; 2],
    royal: KindSet,
    attack: [Vec<AttackRay>; 2],
    /// Capture rays of limited range > 1: checked the slow way.
    attack_limited: [Vec<(Dir, u8, KindSet)>; 2],
    /// Capturing moves of the slow path, checked one by one.
    attack_special: [Vec<(compile::Special, KindSet)>; 2],
    fen_style: FenStyle,
    /// The compiled goals and extra steps of `spec.wins`.
    won: victory::Compiled,
    start: compile::StartSquares,
    /// The en-passant victim's square is kept in `state.variant`.
    ep_tracked: bool,
    /// Whether pawns take en passant at all (vchess `HasEnpassant`).
    ep_allowed: bool,
    /// Pawns step aside (Berolina): vchess's en-passant field names the
    /// landing file too (`g6,h`).
    ep_aside: bool,
    /// Whether the pin shortcut of legality holds (see `pins_apply`).
    pins_ok: bool,
    /// Whether the shortcut of `pins_without_check` holds (rules that
    /// forbid giving check, see `pins_without_check_apply`).
    pins_no_check_ok: bool,
    /// A spec with an [`ArmyChoice`]: the compiled pairs of armies, which
    /// play every position (the rest of `self` is the union of all pieces).
    armies: Option<Box<armies::ArmyPairs>>,
    /// A spec with [`DropSpec`]: its hands, compiled.
    drops: Option<Box<drops::CompiledDrops>>,
    /// A spec with [`ExplosionSpec`]: what its explosions spare.
    blast: Option<crate::variants::effects::explosion::Blast>,
    /// Promoted pieces that keep their origin ([`PieceSpec::reverts`]).
    promoted: promotion::PromotedPieces,
    /// Where pawns promote when the spec lists squares
    /// ([`PromotionRules::squares`]); `None`: the last `zone` ranks.
    pawn_promotion_squares: Option<Box<[crate::squareset::SquareSet; 2]>>,
    /// The spec's `regions`, as squares: each side's (`None`: anywhere).
    confined: Vec<(Kind, [Option<crate::squareset::SquareSet>; 2])>,
}

impl ChessLike {
    /// The spec the rules were compiled from (what `variant show` prints).
    pub fn spec(&self) -> &ChessLikeSpec {
        &self.spec
    }
}

impl Rules for ChessLike {
    fn name(&self) -> &str {
        if let Some(a) = &self.armies {
            return a.name();
        }
        &self.spec.name
    }
    fn geometry(&self) -> &Geometry {
        if let Some(a) = &self.armies {
            return a.geometry();
        }
        &self.geometry
    }
    fn start_fen(&self) -> &str {
        if let Some(a) = &self.armies {
            return a.start_fen();
        }
        &self.spec.start_fen
    }
    fn kinds(&self, color: Color) -> KindSet {
        if let Some(a) = &self.armies {
            return a.kinds(color);
        }
        self.kinds[color.index()]
    }
    fn royal_kinds(&self) -> KindSet {
        if let Some(a) = &self.armies {
            return a.royal_kinds();
        }
        self.royal
    }
    fn fen_style(&self) -> FenStyle {
        if let Some(a) = &self.armies {
            return a.fen_style();
        }
        self.fen_style
    }
    fn piece_name(&self, piece: Piece) -> String {
        if let Some(a) = &self.armies {
            return a.piece_name(piece);
        }
        let named = self.spec.armies[piece.color.index()]
            .iter()
            .find(|p| p.letter as u8 == piece.kind.0)
            .and_then(|p| p.name.as_deref())
            .or_else(|| self.drops.as_deref()?.name_of(piece.kind));
        match named {
            Some(n) => n.to_string(),
            None => crate::rules::default_piece_name(piece),
        }
    }
    fn promotions(&self, color: Color) -> &[Kind] {
        if let Some(a) = &self.armies {
            return a.promotions(color);
        }
        &self.spec.promotions[color.index()]
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if let Some(a) = &self.armies {
            return a.pseudo_legal_moves(pos, out);
        }
        let start = out.len();
        self.generate(pos, out);
        self.castling_moves(pos, out);
        if self.drops.is_some() {
            self.drop_moves(pos, out, start);
        }
        self.restrict_moves(pos, out, start);
        if self.blast.is_some() {
            self.explode_captures(pos, out, start);
        }
    }

    #[inline]
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        if let Some(a) = &self.armies {
            return a.royal_attacked(pos, color);
        }
        self.royal_in_danger(pos, color)
    }

    #[inline]
    fn pinned(&self, pos: &Position) -> Option<crate::rules::Pins> {
        if let Some(a) = &self.armies {
            return a.pinned(pos);
        }
        self.pins(pos)
    }
    fn check_squares(&self, pos: &Position) -> Option<crate::rules::CheckSquares> {
        if self.armies.is_some() {
            return None;
        }
        ChessLike::check_squares(self, pos)
    }

    fn pins_without_check(
        &self,
        pos: &Position,
    ) -> Option<(crate::rules::Pins, crate::rules::CheckSquares)> {
        if self.armies.is_some() {
            return None;
        }
        ChessLike::pins_without_check(self, pos)
    }

    fn castling_rank(&self) -> u8 {
        if let Some(a) = &self.armies {
            return a.castling_rank();
        }
        self.spec.castle.rank
    }

    fn royals_per_side(&self) -> Option<usize> {
        if let Some(a) = &self.armies {
            return a.royals_per_side();
        }
        self.royal_count()
    }

    #[inline]
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        if let Some(a) = &self.armies {
            return a.play(pos, mv);
        }
        let undo = pos.apply(mv);
        self.set_ep(pos, mv);
        self.update_castling(pos, mv);
        self.after_play(pos, mv);
        if self.drops.is_some() {
            self.captures_to_hand(pos, mv);
        }
        if self.blast.is_some() {
            self.after_explosion(pos, mv);
        }
        if self.may_pass() {
            self.record_pass(pos, mv);
        }
        undo
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        if let Some(a) = &self.armies {
            return a.variant_outcome(pos);
        }
        if self.may_pass() {
            if let Some(o) = self.double_pass_outcome(pos) {
                return Some(o);
            }
        }
        self.outcome(pos)
    }

    /// A capture may leave the opponent without a piece (antichess), bare
    /// (Losers' bare king wins) or stalemated where that wins.
    fn own_move_may_lose(&self) -> bool {
        if self.armies.is_some() {
            return false;
        }
        let win = &self.spec.win;
        win.antichess
            || win.stalemate == victory::StalemateResult::Win
            || win.bare_king == victory::BareKing::Win
    }

    /// The definition's `win: stalemate:` (and antichess's stalemated side
    /// wins).
    fn stalemate_outcome(&self, pos: &Position) -> Outcome {
        if let Some(a) = &self.armies {
            return a.stalemate_outcome(pos);
        }
        let us = pos.turn();
        let win = &self.spec.win;
        let stalemate = if win.antichess {
            victory::StalemateResult::Win
        } else {
            win.stalemate
        };
        match stalemate {
            victory::StalemateResult::Win => Outcome::VariantWin {
                winner: us,
                reason: "stalemate",
            },
            victory::StalemateResult::Loss => Outcome::VariantWin {
                winner: us.opposite(),
                reason: "stalemate",
            },
            victory::StalemateResult::Draw => Outcome::Stalemate,
        }
    }

    /// `no_check_plies`: a move that would give check too early.
    fn forbidding_rule(&self, pos: &Position, from: Square, to: Square) -> Option<&'static str> {
        if let Some(a) = &self.armies {
            return a.forbidding_rule(pos, from, to);
        }
        let n = self.spec.no_check_plies;
        if n == 0 || pos.state.plies >= u32::from(n) {
            return None;
        }
        let mover = pos.turn();
        let mut probe = pos.clone();
        let mut moves = MoveList::new();
        self.pseudo_legal_moves(&probe, &mut moves);
        moves
            .iter()
            .filter(|m| m.intent.from == from && m.intent.to == to)
            .any(|m| {
                let undo = self.play(&mut probe, m);
                let early_check = !self.royal_in_danger(&probe, mover)
                    && self.royal_in_danger(&probe, mover.opposite());
                self.unplay(&mut probe, m, undo);
                early_check
            })
            .then_some("giving check is not allowed on a side's first move")
    }

    fn forbids_giving_check(&self) -> bool {
        if let Some(a) = &self.armies {
            return a.forbids_giving_check();
        }
        self.spec.wins.forbid_check
    }

    fn restricts_legal(&self) -> bool {
        if let Some(a) = &self.armies {
            return a.restricts_legal();
        }
        self.restricts_legal_moves()
            || self.drops.as_deref().is_some_and(|d| d.must_drop())
            || self.may_pass()
    }

    fn restrict_legal(&self, pos: &Position, legal: &mut MoveList) {
        if let Some(a) = &self.armies {
            return a.restrict_legal(pos, legal);
        }
        self.restrict_legal_moves(legal);
        self.drops_first(legal);
        if self.may_pass() {
            self.pass_when_stuck(pos, legal);
        }
    }

    /// The pass of a stuck side (`pass_on_stalemate`) is written `pass`.
    fn notation_override(&self, mv: &Move) -> Option<String> {
        (mv.intent.kind == pass::PASS).then(|| "pass".to_string())
    }

    fn own_flags(&self) -> bool {
        if let Some(a) = &self.armies {
            return a.own_flags();
        }
        // Check counts without castling flags: the field holds only them
        // (Rookmate, imported from Fairy-Stockfish).
        let checks_alone = self.spec.wins.checks > 0 && !self.spec.castling.iter().any(|c| *c);
        !self.spec.wins.castlers.is_empty() || self.spec.pawn.file_flags || checks_alone
    }

    /// Chess's rule, and `no_check_plies`: early in the game a move may not
    /// give check either (the ply counter has counted the move already).
    #[inline]
    fn illegal_after(&self, pos: &Position, mover: Color) -> bool {
        if let Some(a) = &self.armies {
            return a.illegal_after(pos, mover);
        }
        self.royal_in_danger(pos, mover)
            || (self.spec.no_check_plies > 0
                && pos.state.plies <= u32::from(self.spec.no_check_plies)
                && self.royal_in_danger(pos, mover.opposite()))
    }

    fn hand_kinds(&self, _color: Color) -> KindSet {
        match &self.drops {
            Some(d) if self.armies.is_none() => d.hand_kinds(),
            _ => KindSet::EMPTY,
        }
    }

    fn promoted_kind(&self, base: Kind) -> Option<Kind> {
        if !self.promoted.is_empty() {
            return self.promoted.promoted(base);
        }
        self.drops.as_deref()?.promoted_kind(base)
    }

    /// Shogi's `+P` for promoted pieces that revert, else Crazyhouse's `Q~`.
    fn promoted_mark(&self) -> char {
        if self.promoted.is_empty() {
            '~'
        } else {
            '+'
        }
    }

    fn drop_restriction(&self, pos: &Position, piece: Piece, to: Square) -> Option<String> {
        self.why_no_drop(pos, piece, to).map(String::from)
    }

    fn hands_in_board(&self) -> bool {
        self.drops.is_some()
    }

    fn read_variant_fields(
        &self,
        fields: &[crate::fen::Field],
        state: &mut crate::position::State,
        problems: &mut Vec<crate::validate::Problem>,
    ) {
        if let Some(a) = &self.armies {
            a.read_variant_fields(fields, state, problems);
        }
    }

    fn checks_that_lose(&self) -> Option<u8> {
        (self.armies.is_none() && self.spec.wins.checks > 0).then_some(self.spec.wins.checks)
    }

    fn set_checks_received(&self, state: &mut crate::position::State, received: [u8; 2]) {
        self.put_checks_received(state, received);
    }

    fn read_flags_tail(&self, tail: &str, state: &mut crate::position::State) -> bool {
        if let Some(a) = &self.armies {
            return a.read_flags_tail(tail, state);
        }
        self.read_checks(tail, state)
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        if let Some(a) = &self.armies {
            return a.write_variant_fields(pos);
        }
        (self.write_checks(pos), String::new())
    }

    fn write_en_passant(&self, pos: &Position) -> Option<String> {
        if let Some(a) = &self.armies {
            return a.write_en_passant(pos);
        }
        self.write_ep_aside(pos)
            .or_else(|| self.write_ep_squares(pos))
    }

    fn read_en_passant(
        &self,
        text: &str,
        board: &crate::Board,
        state: &mut crate::position::State,
    ) -> Option<bool> {
        if let Some(a) = &self.armies {
            return a.read_en_passant(text, board, state);
        }
        self.read_ep_aside(text, board, state)
            .or_else(|| self.read_ep_squares(text, state))
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<crate::validate::Problem>,
    ) {
        if let Some(a) = &self.armies {
            return a.position_problems(pos, offset_of, out);
        }
        // Pawns can neither stand on their own first rank nor stay on the last.
        if self.pawns_anywhere() {
            return;
        }
        for sq in self.geometry.squares() {
            for p in pos.board.cell(sq).pieces() {
                if self.piece_def(p.color, p.kind).is_some_and(|d| d.pawn) {
                    let r = self.geometry.relative_rank(sq, p.color);
                    let misplaced = match &self.pawn_promotion_squares {
                        // Listed promotion squares (Fairy-Stockfish's
                        // pawns, which may step back): only where the
                        // pawn would have promoted.
                        Some(sets) => {
                            sets[p.color.index()].contains(sq)
                                && !self.spec.promotion.optional
                                && !self.spec.promotions[p.color.index()].is_empty()
                        }
                        None => r == 0 || r == self.geometry.rows() - 1,
                    };
                    if misplaced {
                        out.push(crate::validate::Problem::PawnOnBackRank {
                            square: self.geometry.square_name(sq),
                            piece: p.letter(),
                            offset: offset_of(sq),
                        });
                    }
                }
            }
        }
    }
}
