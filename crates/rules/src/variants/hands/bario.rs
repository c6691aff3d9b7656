//! Bario (Panos Louridas, 1998): the pieces behind the pawns start
//! undefined (`u`): which rook, knight, bishop or queen stands where is
//! chosen as the game goes, from a reserve (two rooks, two knights, two
//! bishops, a queen each). Each side's first turn puts its king on a square
//! of its first rank, in place of the undefined piece there. Then a turn
//! is either a move of a defined piece, or a definition: a reserve piece
//! is named for one of the side's undefined pieces (a step that keeps the
//! turn), which must then move. An undefined piece gives check when some
//! piece of its side's reserve would, standing there. When an undefined
//! piece is taken, its owner first says which reserve piece it was (a step
//! that keeps the turn). When after a turn all the mover's pieces are
//! defined and were not at its start (it defined its last one, or named
//! its last one taken), every defined piece of the board goes back to
//! undefined and to its side's reserve, unless that side's pieces are all
//! of one kind (board and reserve).
//!
//! vchess FEN: `board turn plies ep reserve capture`: the reserve eight
//! digits (White's rook, knight, bishop, queen, then Black's), the capture
//! the square where an undefined piece was just taken (`-`: none). The
//! sub-turns are not written: a FEN read mid-turn starts the turn again.

use crate::color::Color;
use crate::fen::Field;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::Rules;
use crate::square::Square;
use crate::validate::{self, Problem};
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, FenFields, PieceSpec};
use crate::variants::forward::forward_rules;

use super::placement;

/// An undefined piece.
pub const UNDEFINED: Kind = Kind(b'u');

/// The reserve's kinds, in vchess's order.
const RESERVE_KINDS: [Kind; 4] = [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN];

/// vchess's reserve field: White's four kinds, then Black's.
const RESERVE: [(Color, Kind); 8] = [
    (Color::White, Kind::ROOK),
    (Color::White, Kind::KNIGHT),
    (Color::White, Kind::BISHOP),
    (Color::White, Kind::QUEEN),
    (Color::Black, Kind::ROOK),
    (Color::Black, Kind::KNIGHT),
    (Color::Black, Kind::BISHOP),
    (Color::Black, Kind::QUEEN),
];

/// A pick: the side whose undefined piece was taken names it (the
/// move's piece is the reserve kind; nothing changes on the board).
const PICK: MoveKind = MoveKind::Special(0);

/// Where in `State::variant` the sub-turn state lives: the sub-turn (0:
/// name the taken piece, 1: move or define, 2: move the piece just
/// defined), the capture square and the defined square (each + 1, 0: none).
const SUB_TURN_BITS: u64 = 0b11;
const CAPTURE_SHIFT: u32 = 2;
const DEFINED_SHIFT: u32 = 9;
const SQUARE_BITS: u64 = 0x7f;

/// The hand letters Bario never holds: in the copy of the state an
/// [`Undo`] keeps, they carry the pieces a reversion made undefined (their
/// squares and kinds), which `unplay` puts back, then zeroes.
const STASH: &[u8; 20] = b"acdefghijlmopstvwxyz";

/// The sub-turn state of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SubTurn {
    step: u8,
    capture: Option<Square>,
    defined: Option<Square>,
}

impl SubTurn {
    fn of(state: &State) -> SubTurn {
        let square = |shift: u32| {
            let v = (state.variant >> shift) & SQUARE_BITS;
            (v != 0).then(|| Square(v as u16 - 1))
        };
        SubTurn {
            step: (state.variant & SUB_TURN_BITS) as u8,
            capture: square(CAPTURE_SHIFT),
            defined: square(DEFINED_SHIFT),
        }
    }

    fn store(self, state: &mut State) {
        let square = |s: Option<Square>| s.map_or(0, |s| u64::from(s.0) + 1);
        state.variant = u64::from(self.step)
            | square(self.capture) << CAPTURE_SHIFT
            | square(self.defined) << DEFINED_SHIFT;
    }
}

/// Bario rules: [`ChessLike`] moves for the defined pieces, the sub-turns
/// of definition, the reversion.
pub struct Bario {
    chess: ChessLike,
    /// Whether an undefined piece checks as a knight its reserve holds (the
    /// page); vchess's test walks a line towards the king even for a
    /// knight's leap and so never finds one (see [`Bario::vchess_reading`]).
    knight_checks: bool,
    /// Whether the reversion is tried after every move but the king's once
    /// all the mover's pieces are defined (vchess), rather than only after a
    /// turn that began with one of them undefined (the page: "and weren't
    /// before"; see [`Bario::vchess_reversion_reading`]).
    reverts_every_move: bool,
}

impl Default for Bario {
    fn default() -> Self {
        Self::new()
    }
}

impl Bario {
    pub fn new() -> Bario {
        let mut army = chess::army();
        army.push(PieceSpec::piece('u', "").names(
            "undefined piece",
            "pièce indéfinie",
            "pieza indefinida",
        ));
        let promotions = vec![Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT];
        let spec = ChessLikeSpec {
            name: "Bario".into(),
            start_fen: "uuuuuuuu/pppppppp/8/8/8/8/PPPPPPPP/UUUUUUUU w 0 - 22212221 -".into(),
            armies: [army.clone(), army],
            promotions: [promotions.clone(), promotions],
            double_step: [true, true],
            fen: FenFields {
                flags: Some(false),
                en_passant: Some(true),
            },
            ..Default::default()
        };
        Bario {
            chess: ChessLike::new(spec).expect("the Bario spec compiles"),
            knight_checks: true,
            reverts_every_move: false,
        }
    }

    /// Bario as vchess plays it: an undefined piece never checks as a
    /// knight. For the conformance test's classifier of that deviation
    /// (`bario-undefined-knight-check`), not for the registry.
    pub fn vchess_reading() -> Bario {
        Bario {
            knight_checks: false,
            ..Bario::new()
        }
    }

    /// Bario with vchess's reversion: tried after every move but the
    /// king's once all the mover's pieces are defined, so a side left
    /// defined (one kind only, or no piece to define) reverts the other's
    /// again at each move. For the conformance test's classifier of that
    /// deviation (`bario-reversion-once`), not for the registry.
    pub fn vchess_reversion_reading() -> Bario {
        Bario {
            reverts_every_move: true,
            ..Bario::new()
        }
    }

    /// The squares of `color`'s undefined pieces.
    fn undefined<'a>(
        &'a self,
        pos: &'a Position,
        color: Color,
    ) -> impl Iterator<Item = Square> + 'a {
        let u = Piece::new(color, UNDEFINED);
        self.geometry()
            .squares()
            .filter(move |&sq| pos.board.cell(sq).piece(color) == Some(u))
    }

    /// Whether one of `color`'s undefined pieces would attack `target` as
    /// some kind its reserve holds (along an empty line, or a knight's
    /// leap).
    fn undefined_attacks(&self, pos: &Position, color: Color, target: Square) -> bool {
        let g = self.geometry();
        let held = |k: Kind| pos.state.hands.count(color, k) > 0;
        self.undefined(pos, color).any(|from| {
            let (df, dr) = (
                i32::from(g.file(target)) - i32::from(g.file(from)),
                i32::from(g.rank(target)) - i32::from(g.rank(from)),
            );
            let (adf, adr) = (df.abs(), dr.abs());
            let leap = adf.min(adr) == 1 && adf.max(adr) == 2;
            if self.knight_checks && held(Kind::KNIGHT) && leap {
                return true;
            }
            let straight = df == 0 || dr == 0;
            let diagonal = adf == adr;
            let can = (straight && (held(Kind::ROOK) || held(Kind::QUEEN)))
                || (diagonal && (held(Kind::BISHOP) || held(Kind::QUEEN)));
            if !can || (df == 0 && dr == 0) {
                return false;
            }
            let (sf, sr) = (df.signum(), dr.signum());
            (1..adf.max(adr)).all(|i| {
                g.offset(from, sf * i, sr * i)
                    .is_some_and(|sq| pos.board.cell(sq).is_empty())
            })
        })
    }

    /// The king placements of the side to move: on each of its first
    /// rank's undefined pieces.
    fn king_placements(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        if pos.state.hands.count(us, Kind::KING) == 0 {
            return;
        }
        let g = self.geometry();
        for sq in self.undefined(pos, us) {
            if g.relative_rank(sq, us) == 0 {
                let mut mv = Move::drop(sq, Piece::new(us, Kind::KING));
                mv.effect.vanish.push(sq, Piece::new(us, UNDEFINED));
                out.push(mv);
            }
        }
    }

    /// The definitions of the side to move: each reserve kind it holds on
    /// each of its undefined pieces, a step that keeps the turn.
    fn definitions(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        for kind in RESERVE_KINDS {
            if pos.state.hands.count(us, kind) == 0 {
                continue;
            }
            for sq in self.undefined(pos, us) {
                let mut mv = Move::drop(sq, Piece::new(us, kind));
                mv.effect.vanish.push(sq, Piece::new(us, UNDEFINED));
                mv.intent.continues = true;
                out.push(mv);
            }
        }
    }

    /// The picks of the side to move, whose undefined piece was taken on
    /// `capture`: each reserve kind it holds.
    fn picks(pos: &Position, capture: Square, out: &mut MoveList) {
        let us = pos.turn();
        for kind in RESERVE_KINDS {
            if pos.state.hands.count(us, kind) > 0 {
                let mut mv = Move::simple(capture, capture, Piece::new(us, kind), None, None);
                mv.effect = Default::default();
                mv.intent.kind = PICK;
                mv.intent.continues = true;
                out.push(mv);
            }
        }
    }

    /// Whether `mv`, a step that keeps the turn, leaves the side a legal
    /// way to go on (vchess offers no step into a dead end).
    fn leads_somewhere(&self, pos: &Position, mv: &Move) -> bool {
        let mut after = pos.clone();
        self.play(&mut after, mv);
        let mut next = MoveList::new();
        crate::legal::legal_moves(self, &mut after, &mut next);
        !next.is_empty()
    }
}

/// The reversion after `mover`'s move (one that ends a turn begun with
/// some of its pieces undefined), once all its pieces are defined: the defined pieces of each side that has more than
/// one kind of them (the mover's on the board; the opponent's counting its
/// reserve) go back to undefined and to the reserve. Each square changed,
/// with its former kind, is written to `stash` (the undo's hands).
fn revert(pos: &mut Position, mover: Color, stash: &mut State) {
    let board = &pos.board;
    if board
        .pieces()
        .any(|(_, p)| p == Piece::new(mover, UNDEFINED))
    {
        return;
    }
    let kinds_of = |color: Color| -> Vec<Kind> {
        RESERVE_KINDS
            .into_iter()
            .filter(|&k| board.pieces().any(|(_, p)| p == Piece::new(color, k)))
            .collect()
    };
    let (mine, theirs) = (kinds_of(mover), kinds_of(mover.opposite()));
    let them = mover.opposite();
    let other_in_reserve = theirs.len() == 1
        && RESERVE_KINDS
            .iter()
            .any(|&k| k != theirs[0] && pos.state.hands.count(them, k) > 0);
    let reverting = [
        (mover, mine.len() >= 2),
        (them, theirs.len() >= 2 || other_in_reserve),
    ];
    for (color, yes) in reverting {
        if !yes {
            continue;
        }
        let squares: Vec<(Square, Kind)> = pos
            .board
            .pieces()
            .filter(|(_, p)| p.color == color && RESERVE_KINDS.contains(&p.kind))
            .map(|(sq, p)| (sq, p.kind))
            .collect();
        // Slot 0 counts; the others hold square and kind (a side has at
        // most 15 pieces that can be defined, 19 slots).
        stash.hands.set(color, Kind(STASH[0]), squares.len() as u8);
        for (&letter, &(sq, kind)) in STASH[1..].iter().zip(&squares) {
            let code = RESERVE_KINDS.iter().position(|&k| k == kind).unwrap_or(0) as u8;
            stash
                .hands
                .set(color, Kind(letter), (sq.0 as u8) | (code << 6));
        }
        for &(sq, kind) in &squares {
            pos.board
                .set_cell(sq, crate::Cell::of(Piece::new(color, UNDEFINED)));
            pos.state.hands.add(color, kind);
        }
    }
}

/// Puts back the pieces [`revert`] made undefined, read from the undo's
/// hands, and clears them there.
fn unrevert(pos: &mut Position, stash: &mut State) {
    for color in Color::ALL {
        let n = stash.hands.count(color, Kind(STASH[0])) as usize;
        for &letter in STASH[1..].iter().take(n) {
            let code = stash.hands.count(color, Kind(letter));
            let kind = RESERVE_KINDS[usize::from(code >> 6)];
            pos.board.set_cell(
                Square(u16::from(code & 0x3f)),
                crate::Cell::of(Piece::new(color, kind)),
            );
        }
        for &letter in STASH.iter() {
            stash.hands.set(color, Kind(letter), 0);
        }
    }
}

impl Rules for Bario {
    fn name(&self) -> &str {
        "Bario"
    }
    forward_rules!(chess => geometry, start_fen, kinds, royal_kinds, piece_name, fen_style,
        promotions);
    fn royals_per_side(&self) -> Option<usize> {
        // A king may still be in hand: `position_problems` counts them.
        None
    }
    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        // vchess's own check of these two fields lacks a brace and accepts
        // a bad reserve; both are required here, as it means to.
        match fields {
            [reserve, capture] => {
                validate::read_reserve_digits(reserve, &RESERVE, state, problems);
                let square = match capture.text.as_str() {
                    "-" => None,
                    name => match self.geometry().parse_square(name) {
                        Some(sq) => Some(sq),
                        None => {
                            problems.push(Problem::BadField {
                                field: "capture",
                                text: capture.text.clone(),
                                offset: capture.offset,
                            });
                            None
                        }
                    },
                };
                let step = if square.is_some() { 0 } else { 1 };
                SubTurn {
                    step,
                    capture: square,
                    defined: None,
                }
                .store(state);
            }
            [reserve] => problems.push(Problem::BadField {
                field: "reserve and capture",
                text: reserve.text.clone(),
                offset: reserve.offset,
            }),
            [] => {}
            [_, _, extra, ..] => problems.push(Problem::BadField {
                field: "after the capture",
                text: extra.text.clone(),
                offset: extra.offset,
            }),
        }
        // The kings still to be placed (White's at ply 0, Black's at 0
        // and 1) are in hand.
        for (color, placed_after) in [(Color::White, 0), (Color::Black, 1)] {
            let waiting = state.plies <= placed_after;
            state.hands.set(color, Kind::KING, u8::from(waiting));
        }
    }
    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let capture = SubTurn::of(&pos.state)
            .capture
            .map_or("-".to_string(), |sq| self.geometry().square_name(sq));
        (
            String::new(),
            format!(" {} {capture}", crate::fen::reserve_digits(pos, &RESERVE)),
        )
    }
    fn complete_diagram(&self, pos: &mut Position) {
        // A board-only diagram with both kings placed is past the first
        // two plies; each reserve is the army's rest, what the board does
        // not show defined.
        if Color::ALL.iter().all(|&c| !pos.board.royals(c).is_empty()) {
            pos.state.plies = pos.state.plies.max(2);
            for (color, kind) in RESERVE {
                let army = if kind == Kind::QUEEN { 1 } else { 2 };
                let shown = pos
                    .board
                    .pieces()
                    .filter(|(_, p)| *p == Piece::new(color, kind))
                    .count();
                let rest = army - shown.min(army);
                pos.state.hands.set(color, kind, rest as u8);
            }
            SubTurn {
                step: 1,
                capture: None,
                defined: None,
            }
            .store(&mut pos.state);
        }
    }
    fn hand_kinds(&self, _color: Color) -> KindSet {
        RESERVE_KINDS.into_iter().chain([Kind::KING]).collect()
    }
    fn drop_restriction(&self, pos: &Position, piece: Piece, to: Square) -> Option<String> {
        if piece.kind == Kind::KING {
            return (pos.state.plies > 1 || self.geometry().relative_rank(to, piece.color) != 0)
                .then(|| "the king is placed on the first turn, on the first rank".into());
        }
        (pos.board.cell(to).piece(piece.color) != Some(Piece::new(piece.color, UNDEFINED)))
            .then(|| "a reserve piece defines one of its side's undefined pieces".into())
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if pos.state.plies <= 1 {
            self.king_placements(pos, out);
            return;
        }
        let sub = SubTurn::of(&pos.state);
        match (sub.step, sub.capture, sub.defined) {
            (0, Some(capture), _) => Bario::picks(pos, capture, out),
            (2, _, Some(defined)) => {
                let start = out.len();
                self.chess.pseudo_legal_moves(pos, out);
                let mut kept = start;
                for i in start..out.len() {
                    if out[i].intent.from == defined {
                        out[kept] = out[i];
                        kept += 1;
                    }
                }
                out.truncate(kept);
            }
            _ => {
                self.chess.pseudo_legal_moves(pos, out);
                self.definitions(pos, out);
            }
        }
    }
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        if self.chess.royal_attacked(pos, color) {
            return true;
        }
        pos.board
            .royals(color)
            .iter()
            .any(|k| self.undefined_attacks(pos, color.opposite(), k))
    }
    fn illegal_after(&self, pos: &Position, mover: Color) -> bool {
        // The kings' placements are never in check.
        pos.state.plies > 2 && self.royal_attacked(pos, mover)
    }
    fn restricts_legal(&self) -> bool {
        true
    }
    fn restrict_legal(&self, pos: &Position, legal: &mut MoveList) {
        if pos.state.plies <= 1 {
            return;
        }
        legal.retain(|mv| !mv.intent.continues || self.leads_somewhere(pos, mv));
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let before = pos.state;
        let mover = mv.color();
        let mut sub = SubTurn::of(&before);
        if mv.intent.kind == PICK {
            let undo = pos.apply(mv);
            pos.state.hands.take(mover, mv.intent.piece.kind);
            pos.state.en_passant = before.en_passant;
            sub.step = 1;
            sub.store(&mut pos.state);
            return undo;
        }
        if mv.intent.continues {
            // A definition: the piece must now move.
            let undo = pos.apply(mv);
            pos.state.en_passant = before.en_passant;
            sub.step = 2;
            sub.defined = Some(mv.intent.to);
            sub.store(&mut pos.state);
            return undo;
        }
        let mut undo = self.chess.play(pos, mv);
        let placing = before.plies <= 1;
        let took_undefined = !placing
            && mv
                .effect
                .vanish
                .as_slice()
                .iter()
                .any(|v| v.piece == Piece::new(mover.opposite(), UNDEFINED));
        let capture = took_undefined.then_some(mv.intent.to);
        SubTurn {
            step: if capture.is_some() { 0 } else { 1 },
            capture,
            defined: None,
        }
        .store(&mut pos.state);
        // The turn began with one of the mover's pieces undefined if it
        // defined one (step 2) or named a piece taken undefined (the
        // capture square stays set after the pick).
        let began_undefined = sub.step == 2 || sub.capture.is_some();
        let reverts = if self.reverts_every_move {
            mv.intent.piece.kind != Kind::KING
        } else {
            began_undefined
        };
        if !placing && reverts {
            revert(pos, mover, &mut undo.0);
        }
        undo
    }
    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        let mut state = undo.0;
        unrevert(pos, &mut state);
        self.chess.unplay(pos, mv, Undo(state));
    }
    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.chess.position_problems(pos, offset_of, out);
        placement::king_problems(pos, offset_of, |_| true, out);
        // Each undefined piece stands for one reserve piece, or for the
        // king still to be placed (a board-only diagram gives no reserve:
        // it is completed from the board).
        for color in Color::ALL {
            let undefined = self.undefined(pos, color).count();
            let held: usize = RESERVE_KINDS
                .iter()
                .chain(&[Kind::KING])
                .map(|&k| usize::from(pos.state.hands.count(color, k)))
                .sum();
            // A piece taken undefined and not named yet is still held.
            let sub = SubTurn::of(&pos.state);
            let unnamed =
                usize::from(sub.step == 0 && sub.capture.is_some() && color == pos.turn());
            let no_reserve_given = held == 0 && pos.state.plies <= 1;
            if held != undefined + unnamed && !no_reserve_given {
                let offset = self.undefined(pos, color).next().map_or(0, offset_of);
                out.push(Problem::HandPiece {
                    letter: Piece::new(color, Kind::ROOK).letter(),
                    offset,
                });
            }
        }
    }
}
