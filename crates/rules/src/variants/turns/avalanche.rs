//! Avalanche: a turn is a chess move, then the push of an enemy pawn one
//! square forward (toward the mover), if one can advance; White's very
//! first turn has no push. A pawn pushed to its last rank is promoted by
//! its owner, who picks the piece as the first part of their next turn. A
//! push may expose the pusher's own king: kings can be captured, which
//! wins. No en passant. Each part is a ply, as vchess counts them (the
//! pick and the move `continue` the turn when more follows).
//!
//! vchess FEN: `board turn turns flags promote`, `promote` the file (1-8)
//! of the pawn the last turn's push brought to its last rank, written for
//! the whole of the next turn, `0` for none; vchess reads a non-zero one
//! as a pick still to make, whatever stands there, and so does fenpress.
//! A pawn that reaches its last rank by its own move promotes as in chess
//! (the page's move "legal with the orthodox chess rules").

use crate::color::Color;
use crate::fen::Field;
use crate::moves::{Effect, Intent, Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Pins, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chesslike::ChessLike;
use crate::variants::forward::forward_rules;

/// `MoveKind::Special` of the pick of a pushed pawn's promotion.
pub const PICK: u8 = 1;
/// `MoveKind::Special` of a push.
pub const PUSH: u8 = 2;

/// The pieces a pushed pawn may become, in vchess's reserve order.
const PICKS: [Kind; 4] = [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN];

/// The part of the turn to come.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// The owner picks the promotion of the pawn pushed to its last rank.
    Pick,
    /// A chess move.
    Move,
    /// The push of an enemy pawn.
    Push,
}

/// Avalanche's state beyond chess's, packed into [`State::variant`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct AvalancheState {
    pub part: Part,
    /// The file the FEN's last field names (see the module's comment).
    pub promote_file: Option<u8>,
    /// The last ply was a pick or a push (no legality test: a push may
    /// leave the pusher's king attacked).
    pub last_unchecked: bool,
}

impl AvalancheState {
    pub fn of(state: &State) -> AvalancheState {
        let v = state.variant;
        AvalancheState {
            part: match v & 3 {
                1 => Part::Pick,
                2 => Part::Push,
                _ => Part::Move,
            },
            promote_file: ((v >> 2) & 0xf).checked_sub(1).map(|f| f as u8),
            last_unchecked: (v >> 6) & 1 == 1,
        }
    }

    pub fn store(self, state: &mut State) {
        let part = match self.part {
            Part::Move => 0,
            Part::Pick => 1,
            Part::Push => 2,
        };
        state.variant = part
            | (self.promote_file.map_or(0, |f| u64::from(f) + 1) & 0xf) << 2
            | u64::from(self.last_unchecked) << 6;
    }
}

/// Avalanche rules over an inner chess.
pub struct Avalanche {
    chess: ChessLike,
}

impl Default for Avalanche {
    fn default() -> Self {
        Self::new()
    }
}

impl Avalanche {
    pub fn new() -> Avalanche {
        let chess = super::inner_chess(
            "Avalanche",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah 0",
            |spec| {
                // "There are no en-passant captures."
                spec.fen.en_passant = Some(false);
            },
        );
        Avalanche { chess }
    }

    /// The pushes of `them`'s pawns one square forward onto empty squares.
    fn pushes(&self, pos: &Position, out: &mut MoveList) {
        let g = self.geometry();
        let us = pos.turn();
        let them = us.opposite();
        let forward = if them == Color::White { 1 } else { -1 };
        let pawn = Piece::new(them, Kind::PAWN);
        for sq in g.squares() {
            if pos.board.cell(sq).piece(them) != Some(pawn) {
                continue;
            }
            let Some(to) = g.offset(sq, 0, forward) else {
                continue;
            };
            if !pos.board.cell(to).is_empty() {
                continue;
            }
            let mut effect = Effect::default();
            effect.vanish.push(sq, pawn);
            effect.appear.push(to, pawn);
            out.push(Move {
                intent: Intent {
                    from: sq,
                    to,
                    piece: Piece::new(us, Kind::PAWN),
                    promotion: None,
                    capture: false,
                    kind: MoveKind::Special(PUSH),
                    chain_step: 0,
                    continues: false,
                    prior_promotion: None,
                },
                effect,
            });
        }
    }

    /// The picks of the promotion on `file` of the side to move's last
    /// rank: the piece there (vchess: whatever stands there) becomes the
    /// piece picked.
    fn picks(&self, pos: &Position, file: u8, out: &mut MoveList) {
        let g = self.geometry();
        let us = pos.turn();
        let Some(sq) = g.square(file, if us == Color::White { g.rows() - 1 } else { 0 }) else {
            return;
        };
        for kind in PICKS {
            let mut effect = Effect::default();
            for p in pos.board.cell(sq).pieces() {
                effect.vanish.push(sq, p);
            }
            effect.appear.push(sq, Piece::new(us, kind));
            out.push(Move {
                intent: Intent {
                    from: sq,
                    to: sq,
                    piece: Piece::new(us, Kind::PAWN),
                    promotion: Some(kind),
                    capture: false,
                    kind: MoveKind::Special(PICK),
                    chain_step: 0,
                    continues: true,
                    prior_promotion: None,
                },
                effect,
            });
        }
    }

    /// Whether `color` has a king and it is attacked.
    fn king_attacked(&self, pos: &Position, color: Color) -> bool {
        !pos.board.royals(color).is_empty() && self.chess.royal_attacked(pos, color)
    }

    /// Whether the side to move could push an enemy pawn in `pos`.
    fn can_push(&self, pos: &Position) -> bool {
        let mut moves = MoveList::new();
        self.pushes(pos, &mut moves);
        !moves.is_empty()
    }

    /// Whether a chess move `mv` of the side to move in `pos` (before it)
    /// is followed by a push: not on White's first turn, not after taking
    /// the king, and only if some enemy pawn can advance then.
    fn push_follows(&self, pos: &Position, mv: &Move) -> bool {
        if pos.state.plies == 0 {
            return false;
        }
        let them = pos.turn().opposite();
        if mv
            .effect
            .vanish
            .as_slice()
            .iter()
            .any(|v| v.piece.color == them && v.piece.kind == Kind::KING)
        {
            return false;
        }
        let mut after = pos.clone();
        let us = after.turn();
        self.chess.play(&mut after, mv);
        after.state.turn = us;
        self.can_push(&after)
    }
}

impl Rules for Avalanche {
    forward_rules!(chess => geometry, kinds, royal_kinds, piece_name, fen_style, promotions);
    fn name(&self) -> &str {
        "Avalanche"
    }
    fn start_fen(&self) -> &str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah 0"
    }
    /// Check, for the side to move: its opponent's king may stand attacked
    /// (a push exposed it), to be captured.
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        color == pos.turn() && self.king_attacked(pos, color)
    }
    fn pinned(&self, pos: &Position) -> Option<Pins> {
        (AvalancheState::of(&pos.state).part == Part::Move)
            .then(|| self.chess.pinned(pos))
            .flatten()
    }
    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        match mv.intent.kind {
            MoveKind::Special(PUSH) => Some("push"),
            MoveKind::Special(PICK) => Some("promotion picked"),
            _ => None,
        }
    }

    /// A pick or a push is never illegal; a chess move may not leave the
    /// mover's king attacked.
    fn illegal_after(&self, pos: &Position, mover: Color) -> bool {
        !AvalancheState::of(&pos.state).last_unchecked && self.king_attacked(pos, mover)
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let st = AvalancheState::of(&pos.state);
        match st.part {
            Part::Pick => {
                if let Some(f) = st.promote_file {
                    self.picks(pos, f, out);
                }
            }
            Part::Push => self.pushes(pos, out),
            Part::Move => self.chess.pseudo_legal_moves(pos, out),
        }
    }

    /// Whether a chess move is followed by a push, only the position after
    /// it tells: the legal list marks those moves.
    fn restricts_legal(&self) -> bool {
        true
    }

    fn restrict_legal(&self, pos: &Position, legal_moves: &mut MoveList) {
        if AvalancheState::of(&pos.state).part != Part::Move {
            return;
        }
        for mv in legal_moves.iter_mut() {
            mv.intent.continues = self.push_follows(pos, mv);
        }
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let before = AvalancheState::of(&pos.state);
        let us = pos.turn();
        let push_follows = before.part == Part::Move && self.push_follows(pos, mv);
        let undo = self.chess.play(pos, mv);
        let mut next = AvalancheState {
            part: Part::Move,
            promote_file: before.promote_file,
            last_unchecked: before.part != Part::Move,
        };
        let ends = match before.part {
            Part::Pick => false,
            Part::Move => !push_follows,
            Part::Push => true,
        };
        if ends {
            pos.state.turn = us.opposite();
            pos.state.plies = undo.0.plies + 1;
            // The push brought a pawn to its last rank: its owner picks.
            let g = self.geometry();
            let last = if us == Color::White { 0 } else { g.rows() - 1 };
            next.promote_file = (before.part == Part::Push && g.rank(mv.intent.to) == last)
                .then(|| g.file(mv.intent.to));
            next.part = if next.promote_file.is_some() {
                Part::Pick
            } else {
                Part::Move
            };
        } else {
            pos.state.turn = us;
            pos.state.plies = undo.0.plies;
            next.part = match before.part {
                Part::Pick => Part::Move,
                _ => Part::Push,
            };
        }
        pos.state.en_passant = None;
        next.store(&mut pos.state);
        undo
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        self.chess.unplay(pos, mv, undo)
    }

    /// "In some cases, kings can be captured. This counts as a win."
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        super::king_captured(pos)
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else { return };
        let file = match f.text.parse::<u8>() {
            Ok(0) => None,
            Ok(n) if n <= self.geometry().cols() => Some(n - 1),
            _ => {
                problems.push(Problem::BadField {
                    field: "promotion file",
                    text: f.text.clone(),
                    offset: f.offset,
                });
                return;
            }
        };
        AvalancheState {
            part: if file.is_some() {
                Part::Pick
            } else {
                Part::Move
            },
            promote_file: file,
            last_unchecked: false,
        }
        .store(state);
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let st = AvalancheState::of(&pos.state);
        (
            String::new(),
            format!(" {}", st.promote_file.map_or(0, |f| u32::from(f) + 1)),
        )
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        let mut found = Vec::new();
        self.chess.position_problems(pos, offset_of, &mut found);
        // The pawn pushed to its last rank, whose promotion its owner is
        // about to pick, stands there.
        let st = AvalancheState::of(&pos.state);
        let g = self.geometry();
        let us = pos.turn();
        let pick_square = st
            .promote_file
            .filter(|_| st.part == Part::Pick)
            .and_then(|f| g.square(f, if us == Color::White { g.rows() - 1 } else { 0 }))
            .map(|sq| g.square_name(sq));
        found.retain(|p| {
            !matches!(p, Problem::PawnOnBackRank { square, .. } if Some(square) == pick_square.as_ref())
        });
        out.extend(found);
    }
}
