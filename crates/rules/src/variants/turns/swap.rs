//! Swap (Balanced Swap chess, João Pedro Neto): a turn is a chess move,
//! then a swap: one of the mover's pieces and a piece on a square it could
//! move to or take on (the first piece along a slider's line, a knight's
//! or king's step, a pawn's three squares ahead) exchange places. White's
//! first turn is a move alone. Each part is a ply, as vchess counts them
//! (the move `continues` when a swap follows); vchess's move counter
//! counts turns, and so does the FEN's.
//!
//! As vchess plays it: a swap may not leave the mover's king attacked, nor
//! be the same swap (start and end) as the last one; a pawn swapped onto
//! its last rank is promoted (rook, knight, bishop or queen), a pawn that
//! swaps itself there stays a pawn; a move after which no swap is possible
//! ends the turn. "If a player cannot make the regular move or the swap, he
//! loses": a side with no move has lost.
//!
//! vchess FEN: `board turn moves flags en-passant swap`, the last field the
//! last swap's squares (`g7g8`), `-` for none (past move 2, a game over: the
//! last turn had no swap); mid-turn it is written as at the turn's start.

use crate::color::Color;
use crate::fen::Field;
use crate::geometry::KNIGHT_LEAPS;
use crate::moves::{Effect, Intent, Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Pins, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chesslike::ChessLike;
use crate::variants::effects::explosion::RING;
use crate::variants::forward::forward_rules;

/// `MoveKind::Special` of a swap.
pub const SWAP: u8 = 1;

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - -";

/// Swap's state beyond chess's, packed into [`State::variant`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SwapState {
    /// The swap is the part to come.
    pub swapping: bool,
    /// The last swap made (start, end).
    pub last: Option<(Square, Square)>,
    /// The last turn was a move that no swap could follow: its player has
    /// lost ("if a player cannot make ... the swap, he loses").
    pub unswapped: bool,
}

impl SwapState {
    pub fn of(state: &State) -> SwapState {
        let v = state.variant;
        let from = (v >> 1) & 0xffff;
        let to = (v >> 17) & 0xffff;
        SwapState {
            swapping: v & 1 == 1,
            last: (from != 0 && to != 0).then(|| (Square(from as u16 - 1), Square(to as u16 - 1))),
            unswapped: (v >> 33) & 1 == 1,
        }
    }

    pub fn store(self, state: &mut State) {
        let (from, to) = self
            .last
            .map_or((0, 0), |(f, t)| (u64::from(f.0) + 1, u64::from(t.0) + 1));
        state.variant =
            u64::from(self.swapping) | from << 1 | to << 17 | u64::from(self.unswapped) << 33;
    }
}

/// Swap rules over an inner chess.
pub struct Swap {
    chess: ChessLike,
}

impl Default for Swap {
    fn default() -> Self {
        Self::new()
    }
}

impl Swap {
    pub fn new() -> Swap {
        let chess = super::inner_chess("Swap", START_FEN, |_| {});
        Swap { chess }
    }

    /// The squares a piece on `from` may swap with: those it could move to
    /// or take on that hold a piece.
    fn partners(&self, pos: &Position, from: Square, piece: Piece) -> Vec<Square> {
        let g = self.geometry();
        let occupied = |sq: &Square| !pos.board.cell(*sq).is_empty();
        let steps = |dirs: &[(i32, i32)]| -> Vec<Square> {
            dirs.iter()
                .filter_map(|(df, dr)| g.offset(from, *df, *dr))
                .filter(occupied)
                .collect()
        };
        let rays = |dirs: &[(i32, i32)]| -> Vec<Square> {
            dirs.iter()
                .filter_map(|(df, dr)| {
                    let mut sq = g.offset(from, *df, *dr)?;
                    while pos.board.cell(sq).is_empty() {
                        sq = g.offset(sq, *df, *dr)?;
                    }
                    Some(sq)
                })
                .collect()
        };
        const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match piece.kind {
            Kind::PAWN => {
                let fwd = if piece.color == Color::White { 1 } else { -1 };
                steps(&[(-1, fwd), (0, fwd), (1, fwd)])
            }
            Kind::KNIGHT => steps(
                &KNIGHT_LEAPS
                    .iter()
                    .map(|&(f, r)| (i32::from(f), i32::from(r)))
                    .collect::<Vec<_>>(),
            ),
            Kind::KING => steps(&RING),
            Kind::ROOK => rays(&ORTHO),
            Kind::BISHOP => rays(&DIAG),
            Kind::QUEEN => rays(&RING),
            _ => Vec::new(),
        }
    }

    /// The side to move's swaps (before the legality test).
    fn swaps(&self, pos: &Position, out: &mut MoveList) {
        let g = self.geometry();
        let us = pos.turn();
        let last = SwapState::of(&pos.state).last;
        for from in g.squares() {
            let Some(piece) = pos.board.cell(from).piece(us) else {
                continue;
            };
            for to in self.partners(pos, from, piece) {
                let Some(other) = pos.board.cell(to).pieces().next() else {
                    continue;
                };
                if other == piece || last == Some((from, to)) {
                    continue;
                }
                let last_rank = if other.color == Color::White {
                    g.rows() - 1
                } else {
                    0
                };
                let promotes = other.kind == Kind::PAWN && g.rank(from) == last_rank;
                let kinds: &[Option<Kind>] = if promotes {
                    &[
                        Some(Kind::ROOK),
                        Some(Kind::KNIGHT),
                        Some(Kind::BISHOP),
                        Some(Kind::QUEEN),
                    ]
                } else {
                    &[None]
                };
                for promotion in kinds {
                    let mut effect = Effect::default();
                    effect.vanish.push(from, piece);
                    effect.vanish.push(to, other);
                    effect.appear.push(to, piece);
                    effect.appear.push(
                        from,
                        Piece::new(other.color, promotion.unwrap_or(other.kind)),
                    );
                    out.push(Move {
                        intent: Intent {
                            from,
                            to,
                            piece,
                            promotion: *promotion,
                            capture: false,
                            kind: MoveKind::Special(SWAP),
                            chain_step: 0,
                            continues: false,
                            prior_promotion: None,
                        },
                        effect,
                    });
                }
            }
        }
    }

    /// Whether the side to move has a legal swap in `pos` (its swap part).
    fn can_swap(&self, pos: &Position) -> bool {
        let mut moves = MoveList::new();
        self.swaps(pos, &mut moves);
        let us = pos.turn();
        moves.iter().any(|mv| {
            let mut after = pos.clone();
            after.apply(mv);
            !self.chess.royal_attacked(&after, us)
        })
    }

    /// Whether a chess move `mv` of the side to move is followed by a swap:
    /// not on the game's first move, and only if one is possible then.
    fn swap_follows(&self, pos: &Position, mv: &Move) -> bool {
        if pos.state.plies == 0 {
            return false;
        }
        let mut after = pos.clone();
        let us = after.turn();
        self.chess.play(&mut after, mv);
        after.state.turn = us;
        SwapState {
            swapping: true,
            last: SwapState::of(&pos.state).last,
            unswapped: false,
        }
        .store(&mut after.state);
        self.can_swap(&after)
    }
}

impl Rules for Swap {
    forward_rules!(chess => geometry, kinds, royal_kinds, piece_name, fen_style, promotions, royal_attacked);
    fn name(&self) -> &str {
        "Swap"
    }
    fn start_fen(&self) -> &str {
        START_FEN
    }
    fn pinned(&self, pos: &Position) -> Option<Pins> {
        (!SwapState::of(&pos.state).swapping)
            .then(|| self.chess.pinned(pos))
            .flatten()
    }
    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        (mv.intent.kind == MoveKind::Special(SWAP)).then_some("swap")
    }
    /// A swap is written as vchess writes it: `Sg7g8`.
    fn notation_override(&self, mv: &Move) -> Option<String> {
        (mv.intent.kind == MoveKind::Special(SWAP)).then(|| {
            let g = self.geometry();
            let mut s = format!(
                "S{}{}",
                g.square_name(mv.intent.from),
                g.square_name(mv.intent.to)
            );
            if let Some(k) = mv.intent.promotion {
                s.push('=');
                s.push(k.char().to_ascii_uppercase());
            }
            s
        })
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if SwapState::of(&pos.state).swapping {
            self.swaps(pos, out);
        } else {
            self.chess.pseudo_legal_moves(pos, out);
        }
    }

    /// Whether a chess move is followed by a swap, only the position after
    /// it tells: the legal list marks those moves.
    fn restricts_legal(&self) -> bool {
        true
    }

    fn restrict_legal(&self, pos: &Position, legal_moves: &mut MoveList) {
        if SwapState::of(&pos.state).swapping {
            return;
        }
        for mv in legal_moves.iter_mut() {
            mv.intent.continues = self.swap_follows(pos, mv);
        }
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let before = SwapState::of(&pos.state);
        let us = pos.turn();
        let swap = mv.intent.kind == MoveKind::Special(SWAP);
        let ep = pos.state.en_passant;
        let swap_follows = !swap && self.swap_follows(pos, mv);
        let undo = self.chess.play(pos, mv);
        let mut next = before;
        if swap {
            // The move's en passant stands; a king swapped anywhere has
            // moved.
            pos.state.en_passant = ep;
            for a in mv.effect.appear.as_slice() {
                if a.piece.kind == Kind::KING {
                    pos.state.castling.lose_all(a.piece.color);
                }
            }
            pos.state.turn = us.opposite();
            pos.state.plies = undo.0.plies;
            next.swapping = false;
            next.unswapped = false;
            next.last = Some((mv.intent.from, mv.intent.to));
        } else {
            pos.state.plies = undo.0.plies + 1;
            pos.state.turn = if swap_follows { us } else { us.opposite() };
            next.swapping = swap_follows;
            // White's first move is a move alone; any other without a
            // swap loses.
            next.unswapped = !swap_follows && undo.0.plies > 0;
        }
        next.store(&mut pos.state);
        undo
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        self.chess.unplay(pos, mv, undo)
    }

    /// "If a player cannot make ... the swap, he loses": the player whose
    /// move no swap could follow.
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        SwapState::of(&pos.state)
            .unswapped
            .then(|| Outcome::VariantWin {
                winner: pos.turn(),
                reason: "no swap",
            })
    }

    /// "If a player cannot make the regular move or the swap, he loses."
    fn stalemate_outcome(&self, pos: &Position) -> Outcome {
        Outcome::VariantWin {
            winner: pos.turn().opposite(),
            reason: "no move",
        }
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else { return };
        let g = self.geometry();
        let last = match f.text.as_str() {
            "-" => None,
            t => match g.parse_square_pair(t) {
                Some(s) => Some(s),
                None => {
                    problems.push(Problem::BadField {
                        field: "last swap",
                        text: f.text.clone(),
                        offset: f.offset,
                    });
                    return;
                }
            },
        };
        // Past White's first turn, no last swap means the last turn had
        // none: its player has lost (vchess reads its FEN so).
        SwapState {
            swapping: false,
            last,
            unswapped: last.is_none() && state.plies >= 2,
        }
        .store(state);
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let g = self.geometry();
        let last = SwapState::of(&pos.state)
            .last
            .map_or("-".to_string(), |(f, t)| {
                format!("{}{}", g.square_name(f), g.square_name(t))
            });
        (String::new(), format!(" {last}"))
    }
}
