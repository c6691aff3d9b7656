//! Dice chess: "play the piece type determined by a dice roll". White's
//! first move is free; then each move is made with a piece of the type
//! rolled for it (a pawn about to promote may instead promote into that
//! type). No check: the king is taken. The roll is drawn among the types
//! of the opponent's pieces that have a step to make (vchess's `canMove`).
//!
//! Chance is part of the position: the type to play is the FEN's last
//! field (vchess's `board turn moves flags en-passant toplay`, `-` before
//! the first roll). vchess rolls inside `play()`, at random; fenpress lists
//! each move once per roll it may bring (the roll a move's `kind` carries,
//! `MoveKind::Special(letter)`), so that a game and a count are the same
//! for every roll and each of vchess's moves is one of fenpress's.

use crate::color::Color;
use crate::fen::Field;
use crate::geometry::KNIGHT_LEAPS;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chesslike::ChessLike;
use crate::variants::effects::explosion::RING;
use crate::variants::forward::forward_rules;

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - -";

/// The kinds a roll may name, in vchess's letters.
const ROLLS: [Kind; 6] = Kind::CHESS;

/// The type to play, kept in [`State::variant`] as its letter (0: none).
pub fn roll(state: &State) -> Option<Kind> {
    let b = (state.variant & 0xff) as u8;
    (b != 0).then_some(Kind(b))
}

fn set_roll(state: &mut State, kind: Option<Kind>) {
    state.variant = kind.map_or(0, |k| u64::from(k.0));
}

/// The roll a move brings (for the opponent's next move).
pub fn roll_of(mv: &Move) -> Option<Kind> {
    match mv.intent.kind {
        MoveKind::Special(b) => Some(Kind(b)),
        _ => None,
    }
}

/// Dice rules over an inner chess without check.
pub struct Dice {
    chess: ChessLike,
}

impl Default for Dice {
    fn default() -> Self {
        Self::new()
    }
}

impl Dice {
    pub fn new() -> Dice {
        let chess = super::inner_chess("Dice", START_FEN, |spec| {
            // "There is no check or checkmate": castling minds no attack
            // either (vchess's still does: deviation dice-castling-no-check).
            spec.wins.royalty = crate::variants::chesslike::Royalty::None;
        });
        Dice { chess }
    }

    /// The kinds of `color`'s pieces that have a step to make on `pos`'s
    /// board (vchess's `canMove`: a pawn's push or capture, one step of the
    /// others to an empty square or onto an enemy).
    fn rollable(&self, pos: &Position, color: Color) -> Vec<Kind> {
        let g = self.geometry();
        let forward = if color == Color::White { 1 } else { -1 };
        let free = |sq: Option<Square>, capture_only: bool| {
            sq.is_some_and(|s| {
                let cell = pos.board.cell(s);
                cell.has(color.opposite()) || (!capture_only && cell.is_empty())
            })
        };
        let mut out = Vec::new();
        for sq in g.squares() {
            let Some(p) = pos.board.cell(sq).piece(color) else {
                continue;
            };
            if out.contains(&p.kind) {
                continue;
            }
            let steps: Vec<(i32, i32)> = match p.kind {
                Kind::PAWN => {
                    let push = g
                        .offset(sq, 0, forward)
                        .is_some_and(|s| pos.board.cell(s).is_empty());
                    if push
                        || [-1, 1]
                            .iter()
                            .any(|df| free(g.offset(sq, *df, forward), true))
                    {
                        out.push(p.kind);
                    }
                    continue;
                }
                Kind::KING | Kind::QUEEN => RING.to_vec(),
                Kind::ROOK => vec![(1, 0), (-1, 0), (0, 1), (0, -1)],
                Kind::BISHOP => vec![(1, 1), (1, -1), (-1, 1), (-1, -1)],
                Kind::KNIGHT => KNIGHT_LEAPS
                    .iter()
                    .map(|&(f, r)| (i32::from(f), i32::from(r)))
                    .collect(),
                _ => continue,
            };
            if steps
                .iter()
                .any(|(df, dr)| free(g.offset(sq, *df, *dr), false))
            {
                out.push(p.kind);
            }
        }
        out
    }

    /// The chess moves allowed by the roll `kind`: its pieces' moves, and
    /// (when the roll is not a pawn) each pawn's promotion into it.
    fn rolled_moves(&self, pos: &Position, kind: Kind, out: &mut MoveList) {
        let us = pos.turn();
        let mut moves = MoveList::new();
        self.chess.pseudo_legal_moves(pos, &mut moves);
        for mut mv in moves.iter().copied() {
            if mv.intent.piece.kind == kind {
                out.push(mv);
                continue;
            }
            // A pawn about to promote, into the rolled type: once per end
            // square (the queen's promotion stands for it).
            if mv.intent.piece.kind == Kind::PAWN && mv.intent.promotion == Some(Kind::QUEEN) {
                let mut effect = crate::moves::Effect::default();
                for v in mv.effect.vanish.as_slice() {
                    effect.vanish.push(v.square, v.piece);
                }
                effect.appear.push(mv.intent.to, Piece::new(us, kind));
                mv.intent.promotion = Some(kind);
                mv.effect = effect;
                out.push(mv);
            }
        }
    }
}

impl Rules for Dice {
    forward_rules!(chess => geometry, kinds, royal_kinds, piece_name, fen_style);
    fn name(&self) -> &str {
        "Dice"
    }
    fn start_fen(&self) -> &str {
        START_FEN
    }
    /// A king taken is gone: `position_problems` counts the kings.
    fn royals_per_side(&self) -> Option<usize> {
        None
    }
    fn promotions(&self, color: Color) -> &[Kind] {
        self.chess.promotions(color)
    }
    fn royal_attacked(&self, _pos: &Position, _color: Color) -> bool {
        false
    }
    /// The roll the move brings, as vchess writes it: `Nf3/R`.
    fn notation_suffix(&self, mv: &Move) -> Option<String> {
        roll_of(mv).map(|k| format!("/{}", k.char().to_ascii_uppercase()))
    }
    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        roll_of(mv).map(|k| match k {
            Kind::PAWN => "rolls a pawn",
            Kind::ROOK => "rolls a rook",
            Kind::KNIGHT => "rolls a knight",
            Kind::BISHOP => "rolls a bishop",
            Kind::QUEEN => "rolls a queen",
            _ => "rolls a king",
        })
    }

    /// The moves the roll allows (any on the game's first move), each once
    /// per roll it may bring.
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let mut moves = MoveList::new();
        match roll(&pos.state) {
            _ if pos.state.plies == 0 => self.chess.pseudo_legal_moves(pos, &mut moves),
            Some(kind) => self.rolled_moves(pos, kind, &mut moves),
            None => {}
        }
        let them = pos.turn().opposite();
        for mv in moves.iter().copied() {
            let mut after = pos.clone();
            after.apply(&mv);
            let rolls = self.rollable(&after, them);
            // Nothing of the opponent's can move (its last piece taken):
            // the move brings no roll.
            if rolls.is_empty() {
                out.push(mv);
            }
            for kind in rolls {
                let mut m = mv;
                m.intent.kind = MoveKind::Special(kind.0);
                out.push(m);
            }
        }
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        // The inner chess plays the move as it was generated (its en
        // passant from a double step); the roll is the state's.
        let mut plain = *mv;
        let g = self.geometry();
        let double = mv.intent.piece.kind == Kind::PAWN
            && g.file(mv.intent.from) == g.file(mv.intent.to)
            && (i32::from(g.rank(mv.intent.to)) - i32::from(g.rank(mv.intent.from))).abs() == 2;
        plain.intent.kind = if double {
            MoveKind::DoubleStep
        } else {
            MoveKind::Normal
        };
        let undo = self.chess.play(pos, &plain);
        set_roll(&mut pos.state, roll_of(mv));
        undo
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        self.chess.unplay(pos, mv, undo)
    }

    /// "The goal is to capture the king."
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
        let kind = match f.text.as_str() {
            "-" => None,
            t => match Kind::from_char(t.chars().next().unwrap_or('-')) {
                Some(k) if t.len() == 1 && ROLLS.contains(&k) => Some(k),
                _ => {
                    problems.push(Problem::BadField {
                        field: "piece type to play",
                        text: f.text.clone(),
                        offset: f.offset,
                    });
                    return;
                }
            },
        };
        set_roll(state, kind);
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let kind = roll(&pos.state).map_or('-', |k| k.char());
        (String::new(), format!(" {kind}"))
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.chess.position_problems(pos, offset_of, out);
        super::kings_problems(pos, offset_of, out);
    }
}
