//! Chess played several moves a turn. The moves are chess's (an inner
//! [`ChessLike`]); what differs is how many of them a turn holds and when it
//! ends early:
//!
//! - **Marseillais** (Doublemove1): two moves a turn, White's very first
//!   turn one; a first move that gives check, or after which the mover has
//!   no move, ends the turn. Checks as in chess.
//! - **Galvin** (Doublemove2): two moves a turn, White's first turn one;
//!   there is no check, the king is captured, and capturing it ends the
//!   turn and the game ("except if the first move captures the enemy king").
//! - **Progressive** (Progressive1, Progressive2): turn *n* (from 1) holds
//!   *n* moves; a move that gives check, or after which the mover has no
//!   move, ends it. No en passant; Progressive2 also has no pawn double
//!   step and no castling.
//! - **Monster**: White (king and six pawns) plays two moves a turn, Black
//!   one; no check, the king is captured; only Black castles.
//!
//! Every move is a ply, as vchess plays it: a move after which the same
//! side moves again `continues`. vchess's FEN has no sub-move field: a FEN
//! always starts a turn (vchess reads it so), its move counter counting as
//! vchess's does (each turn's first move in the double-move games and
//! Monster, each whole turn in Progressive chess). The double-move games
//! write the en-passant squares of the last turn's moves, comma-separated
//! (`e6,d6`): the opponent may take either with the first move of its turn,
//! and the other one with its second move after taking one (the pages'
//! rule; vchess never offers that second one, deviation
//! doublemove1-second-en-passant).

use crate::color::Color;
use crate::legal;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Pins, Rules};
use crate::square::Square;
use crate::variants::chess;
use crate::variants::chesslike::ChessLike;
use crate::variants::forward::forward_rules;

/// How a turn is made of moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Schedule {
    /// Doublemove1.
    Marseillais,
    /// Doublemove2.
    Galvin,
    /// Progressive1 (`castling`: with castling and the pawn double step)
    /// and Progressive2.
    Progressive { castling: bool },
    /// Monster.
    Monster,
}

impl Schedule {
    fn name(self) -> &'static str {
        match self {
            Schedule::Marseillais => "Doublemove1",
            Schedule::Galvin => "Doublemove2",
            Schedule::Progressive { castling: true } => "Progressive1",
            Schedule::Progressive { castling: false } => "Progressive2",
            Schedule::Monster => "Monster",
        }
    }

    fn start_fen(self) -> &'static str {
        match self {
            Schedule::Marseillais | Schedule::Galvin => {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -"
            }
            Schedule::Progressive { castling: true } => {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah"
            }
            Schedule::Progressive { castling: false } => {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0"
            }
            // The page's "standard deterministic position": six pawns.
            Schedule::Monster => "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPP1/4K3 w 0 ah -",
        }
    }

    /// Whether the king is captured rather than mated.
    fn king_capture(self) -> bool {
        matches!(self, Schedule::Galvin | Schedule::Monster)
    }

    /// Whether the last turn's en-passant squares are a list (`e6,d6`).
    fn ep_list(self) -> bool {
        matches!(self, Schedule::Marseillais | Schedule::Galvin)
    }

    /// Whether the move counter counts each turn's first move (else each
    /// whole turn: Progressive chess, whose turn length it gives).
    fn counts_first_moves(self) -> bool {
        !matches!(self, Schedule::Progressive { .. })
    }

    /// How many moves the turn of `side` holds, when the move counter read
    /// `plies` at its start.
    fn budget(self, side: Color, plies: u32) -> u32 {
        match self {
            Schedule::Marseillais | Schedule::Galvin if plies == 0 => 1,
            Schedule::Marseillais | Schedule::Galvin => 2,
            Schedule::Progressive { .. } => plies + 1,
            Schedule::Monster if side == Color::White => 2,
            Schedule::Monster => 1,
        }
    }
}

/// The turn's state beyond chess's, packed into [`State::variant`]; all
/// zero is the start of a turn with no en-passant list.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TurnState {
    /// Moves of the current turn already played.
    pub played: u8,
    /// The double-move games' en-passant list as the FEN writes it: the
    /// squares passed by the moves of the last turn (or of this turn so
    /// far), one entry a move, `None` for a move that passed none.
    pub eps: [Option<Square>; 2],
    /// Entries of `eps` in use (0: the FEN's single `-`).
    pub ep_count: u8,
    /// After a turn's first move took en passant, the opponent's other
    /// passed square, which the second move may take too.
    pub second_ep: Option<Square>,
}

impl TurnState {
    /// Unpacks `state.variant`.
    pub fn of(state: &State) -> TurnState {
        let v = state.variant;
        let ep =
            |shift: u32| ((v >> shift) & 0x100 != 0).then(|| Square(((v >> shift) & 0xff) as u16));
        TurnState {
            played: (v & 0xff) as u8,
            ep_count: ((v >> 8) & 0x3) as u8,
            eps: [ep(16), ep(32)],
            second_ep: ep(48),
        }
    }

    /// Packs into `state.variant`.
    pub fn store(self, state: &mut State) {
        let ep = |e: Option<Square>| e.map_or(0, |s| 0x100 | (s.0 as u64 & 0xff));
        state.variant = u64::from(self.played)
            | u64::from(self.ep_count & 0x3) << 8
            | ep(self.eps[0]) << 16
            | ep(self.eps[1]) << 32
            | ep(self.second_ep) << 48;
    }

    /// The en-passant squares in the list.
    fn ep_squares(self) -> impl Iterator<Item = Square> {
        self.eps
            .into_iter()
            .take(usize::from(self.ep_count))
            .flatten()
    }
}

/// Chess several moves a turn (see the module's comment).
pub struct MultiMove {
    schedule: Schedule,
    chess: ChessLike,
}

impl MultiMove {
    pub fn new(schedule: Schedule) -> MultiMove {
        let mut spec = chess::spec();
        spec.name = schedule.name().into();
        spec.start_fen = schedule.start_fen().into();
        match schedule {
            Schedule::Marseillais => {}
            Schedule::Galvin | Schedule::Monster => {
                // "The goal is to capture the king": nothing is check.
                spec.win.checkmate = false;
                spec.win.extinction = vec![Kind::KING];
                spec.win.royals = None;
                if schedule == Schedule::Monster {
                    // "White doesn't castle".
                    spec.castling = [false, true];
                }
            }
            Schedule::Progressive { castling } => {
                // "There are no en-passant captures."
                spec.fen.en_passant = Some(false);
                if !castling {
                    // "without initial double-step pawn move, and without
                    // castling".
                    spec.castling = [false, false];
                    spec.double_step = [false, false];
                }
            }
        }
        MultiMove {
            schedule,
            chess: ChessLike::new(spec).expect("the chess spec compiles"),
        }
    }

    /// The schedule of the variant.
    pub fn schedule(&self) -> Schedule {
        self.schedule
    }

    /// The move counter at the start of the turn under way in `state`.
    fn plies_at_turn_start(&self, state: &State) -> u32 {
        let ts = TurnState::of(state);
        if self.schedule.counts_first_moves() && ts.played > 0 {
            state.plies.saturating_sub(1)
        } else {
            state.plies
        }
    }

    /// Whether the move about to be played in `pos` ends the turn by the
    /// count alone.
    fn last_of_turn(&self, pos: &Position) -> bool {
        let played = u32::from(TurnState::of(&pos.state).played);
        played + 1
            >= self
                .schedule
                .budget(pos.turn(), self.plies_at_turn_start(&pos.state))
    }

    /// Whether `mover`, who just moved in `pos` (its turn may go on), ends
    /// the turn early: by check or having no move (Marseillais,
    /// Progressive), by taking the king (Galvin, Monster).
    fn ends_early(&self, pos: &mut Position, mover: Color) -> bool {
        if self.schedule.king_capture() {
            return pos.board.royals(mover.opposite()).is_empty();
        }
        if self.chess.royal_attacked(pos, mover.opposite()) {
            return true;
        }
        // vchess asks whether the mover has a move left (the turn has not
        // passed yet): chess's own legality, with no en passant (none is
        // possible past a turn's first move).
        let saved = (pos.state.turn, pos.state.en_passant);
        pos.state.turn = mover;
        pos.state.en_passant = None;
        let mut moves = MoveList::new();
        self.chess.pseudo_legal_moves(pos, &mut moves);
        let any = legal::any_legal(&self.chess, pos, &moves);
        (pos.state.turn, pos.state.en_passant) = saved;
        !any
    }

    /// The en-passant captures onto `target` by the side to move, as chess
    /// takes them: a pawn beside the enemy pawn that passed `target`, which
    /// is empty (a piece that landed there since is taken alone, by a plain
    /// capture: "a pawn capture on this square takes only the piece").
    fn en_passant_onto(&self, pos: &Position, target: Square, out: &mut MoveList) {
        let g = self.geometry();
        let us = pos.turn();
        if !pos.board.cell(target).is_empty() {
            return;
        }
        let forward: i32 = if us == Color::White { 1 } else { -1 };
        let Some(victim_sq) = g.offset(target, 0, -forward) else {
            return;
        };
        let Some(victim) = pos.board.cell(victim_sq).piece(us.opposite()) else {
            return;
        };
        if victim.kind != Kind::PAWN {
            return;
        }
        for df in [-1, 1] {
            let Some(from) = g.offset(victim_sq, df, 0) else {
                continue;
            };
            let pawn = Piece::new(us, Kind::PAWN);
            if pos.board.cell(from).piece(us) != Some(pawn) {
                continue;
            }
            let mut mv = Move::simple(from, target, pawn, None, None);
            mv.effect.vanish.push(victim_sq, victim);
            mv.intent.capture = true;
            mv.intent.kind = MoveKind::EnPassant;
            out.push(mv);
        }
    }
}

impl Rules for MultiMove {
    forward_rules!(chess => geometry, kinds, royal_kinds, piece_name, royals_per_side, fen_style, promotions, position_problems);
    fn name(&self) -> &str {
        self.schedule.name()
    }
    fn start_fen(&self) -> &str {
        self.schedule.start_fen()
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        self.chess.pseudo_legal_moves(pos, out);
        let ts = TurnState::of(&pos.state);
        if self.schedule.ep_list() && ts.played == 0 {
            // The square chess takes en passant is the list's first; the
            // other one too, with the turn's first move.
            for target in ts.ep_squares() {
                if Some(target) != pos.state.en_passant {
                    self.en_passant_onto(pos, target, out);
                }
            }
        }
        if let Some(target) = ts.second_ep {
            // "After that, if (and only if) there is another en-passant
            // capture available you can play it on the second move."
            self.en_passant_onto(pos, target, out);
        }
        if self.schedule.king_capture() && !self.last_of_turn(pos) {
            let them = pos.turn().opposite();
            for mv in &mut out[start..] {
                let takes_king = mv
                    .effect
                    .vanish
                    .as_slice()
                    .iter()
                    .any(|v| v.piece.color == them && v.piece.kind == Kind::KING);
                mv.intent.continues = !takes_king;
            }
        }
    }

    /// Chess's check, where the king is not simply captured.
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        !self.schedule.king_capture() && self.chess.royal_attacked(pos, color)
    }

    fn illegal_after(&self, pos: &Position, mover: Color) -> bool {
        self.royal_attacked(pos, mover)
    }

    fn pinned(&self, pos: &Position) -> Option<Pins> {
        if self.schedule.king_capture() {
            return None;
        }
        self.chess.pinned(pos)
    }

    /// Where the turn may go on after a move, only playing it tells
    /// (Marseillais, Progressive): the legal list marks those moves.
    fn restricts_legal(&self) -> bool {
        !self.schedule.king_capture()
    }

    fn restrict_legal(&self, pos: &Position, legal_moves: &mut MoveList) {
        if self.last_of_turn(pos) {
            return;
        }
        let mover = pos.turn();
        let mut probe = pos.clone();
        for mv in legal_moves.iter_mut() {
            let undo = self.play(&mut probe, mv);
            mv.intent.continues = probe.turn() == mover;
            self.unplay(&mut probe, mv, undo);
        }
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let before = pos.state;
        let ts = TurnState::of(&before);
        let mover = before.turn;
        let last = self.last_of_turn(pos);
        let undo = self.chess.play(pos, mv);
        // The square this move's pawn passed, if it stepped two.
        let passed = (mv.intent.kind == MoveKind::DoubleStep).then(|| {
            let (a, b) = (mv.intent.from.0, mv.intent.to.0);
            Square((a + b) / 2)
        });
        pos.state.turn = mover;
        let ends = last || self.ends_early(pos, mover);
        pos.state.turn = if ends { mover.opposite() } else { mover };
        let first = ts.played == 0;
        pos.state.plies = before.plies
            + u32::from(if self.schedule.counts_first_moves() {
                first
            } else {
                ends
            });
        let mut next = TurnState {
            played: if ends { 0 } else { ts.played + 1 },
            ..TurnState::default()
        };
        match self.schedule {
            Schedule::Marseillais | Schedule::Galvin => {
                // The list holds this turn's squares so far.
                if first {
                    next.eps = [passed, None];
                    next.ep_count = 1;
                } else {
                    next.eps = [ts.eps[0], passed];
                    next.ep_count = 2;
                }
                if first && !ends && mv.intent.kind == MoveKind::EnPassant {
                    next.second_ep = ts.ep_squares().find(|s| *s != mv.intent.to);
                }
                // The opponent takes either at its turn's first move;
                // within the turn, nothing (vchess looks at the mover's own
                // squares there).
                pos.state.en_passant = if ends {
                    next.eps.into_iter().flatten().next()
                } else {
                    None
                };
            }
            // White's first move passes no square Black could take: only
            // its second one does (vchess records nothing for the first).
            Schedule::Monster if mover == Color::White && first => pos.state.en_passant = None,
            Schedule::Monster => pos.state.en_passant = passed,
            Schedule::Progressive { .. } => pos.state.en_passant = None,
        }
        next.store(&mut pos.state);
        undo
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        self.chess.unplay(pos, mv, undo)
    }

    /// The king captured loses (Galvin, Monster), at once: "except if the
    /// first move captures the enemy king".
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        if !self.schedule.king_capture() {
            return None;
        }
        super::king_captured(pos)
    }

    fn write_en_passant(&self, pos: &Position) -> Option<String> {
        if !self.schedule.ep_list() {
            return None;
        }
        let ts = TurnState::of(&pos.state);
        if ts.ep_count == 0 {
            return None;
        }
        let g = self.geometry();
        Some(
            ts.eps
                .iter()
                .take(usize::from(ts.ep_count))
                .map(|e| e.map_or_else(|| "-".to_string(), |s| g.square_name(s)))
                .collect::<Vec<_>>()
                .join(","),
        )
    }

    fn read_en_passant(&self, text: &str, board: &crate::Board, state: &mut State) -> Option<bool> {
        if !self.schedule.ep_list() {
            return None;
        }
        let g = self.geometry();
        let entries: Vec<&str> = text.split(',').collect();
        if entries.len() > 2 {
            return Some(false);
        }
        let mut ts = TurnState::of(state);
        ts.ep_count = entries.len() as u8;
        for (i, e) in entries.iter().enumerate() {
            ts.eps[i] = match *e {
                "-" => None,
                name => match g.parse_square(name) {
                    // A square a pawn of the side that just moved passed:
                    // its third rank, empty.
                    Some(sq)
                        if g.relative_rank(sq, state.turn.opposite()) == 2
                            && board.cell(sq).is_empty() =>
                    {
                        Some(sq)
                    }
                    _ => return Some(false),
                },
            };
        }
        ts.store(state);
        state.en_passant = ts.ep_squares().next();
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, registry, validate};

    fn rules(name: &str) -> &'static dyn Rules {
        registry::rules(name).unwrap()
    }

    /// Plays coordinate moves, returning the vchess FEN after each.
    fn fens_after(name: &str, fen_text: &str, moves: &[&str]) -> Vec<String> {
        let r = rules(name);
        let mut pos = validate::position_from_fen(r, fen_text).unwrap();
        let mut out = Vec::new();
        for m in moves {
            let mut list = MoveList::new();
            legal::legal_moves(r, &mut pos, &mut list);
            let mv = list
                .iter()
                .find(|mv| crate::notation::coordinate(r, mv) == *m)
                .unwrap_or_else(|| panic!("{m} is not legal"));
            r.play(&mut pos, mv);
            out.push(fen::vchess_fen(r, &pos));
        }
        out
    }

    #[test]
    fn turn_state_packs_and_unpacks() {
        let ts = TurnState {
            played: 3,
            eps: [None, Some(Square(21))],
            ep_count: 2,
            second_ep: Some(Square(18)),
        };
        let mut state = rules("Doublemove1").start_position().state;
        ts.store(&mut state);
        assert_eq!(TurnState::of(&state), ts);
    }

    /// The FENs vchess writes along the same moves (read from its engine).
    #[test]
    fn marseillais_writes_vchess_counters_and_en_passant_lists() {
        let start = rules("Doublemove1").start_fen();
        assert_eq!(
            fens_after(
                "Doublemove1",
                start,
                &["e2e4", "e7e5", "d7d5", "d2d4", "c2c4"]
            ),
            [
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 ahah e3",
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b 2 ahah e6",
                "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w 2 ahah e6,d6",
                "rnbqkbnr/ppp2ppp/8/3pp3/3PP3/8/PPP2PPP/RNBQKBNR w 3 ahah d3",
                "rnbqkbnr/ppp2ppp/8/3pp3/2PPP3/8/PP3PPP/RNBQKBNR b 3 ahah d3,c3",
            ]
        );
    }

    #[test]
    fn progressive_turns_grow_by_one() {
        let start = rules("Progressive1").start_fen();
        let fens = fens_after(
            "Progressive1",
            start,
            &["e2e4", "e7e5", "d7d5", "d2d4", "f1c4", "g1f3"],
        );
        assert_eq!(
            fens.last().unwrap(),
            "rnbqkbnr/ppp2ppp/8/3pp3/2BPP3/5N2/PPP2PPP/RNBQK2R b 3 ahah"
        );
        assert_eq!(
            fens[4],
            "rnbqkbnr/ppp2ppp/8/3pp3/2BPP3/8/PPP2PPP/RNBQK1NR w 2 ahah"
        );
    }

    #[test]
    fn monster_white_moves_twice_black_once() {
        let start = rules("Monster").start_fen();
        assert_eq!(
            fens_after("Monster", start, &["b2b4", "c2c4", "d7d5", "b4b5"]),
            [
                "rnbqkbnr/pppppppp/8/8/1P6/8/2PPPPP1/4K3 w 1 ah -",
                "rnbqkbnr/pppppppp/8/8/1PP5/8/3PPPP1/4K3 b 1 ah c3",
                "rnbqkbnr/ppp1pppp/8/3p4/1PP5/8/3PPPP1/4K3 w 2 ah d6",
                "rnbqkbnr/ppp1pppp/8/1P1p4/2P5/8/3PPPP1/4K3 w 3 ah -",
            ]
        );
    }

    #[test]
    fn a_check_ends_the_marseillais_turn() {
        // 1.e4 e5,Nc6 2.Qh5,Nf3?? is the page's game; here Qxf7+ checks.
        let r = rules("Doublemove1");
        let mut pos = validate::position_from_fen(
            r,
            "r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w 2 ahah -,-",
        )
        .unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(r, &mut pos, &mut list);
        let check = list
            .iter()
            .find(|m| crate::notation::coordinate(r, m) == "h5f7")
            .unwrap();
        assert!(!check.intent.continues);
        let quiet = list
            .iter()
            .find(|m| crate::notation::coordinate(r, m) == "h5h6")
            .unwrap();
        assert!(quiet.intent.continues);
    }
}
