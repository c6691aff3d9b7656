//! Synochess: the chess army (White, the Kingdom) against a Xiangqi/Janggi
//! army (Black, the Dynasty: soldiers, Janggi-style cannons, leaping
//! elephants, an advisor that steps like a king). The kings may not face
//! each other on a file or a rank; Black drops its two reserve soldiers on
//! empty squares of the fifth rank; a king reaching the far rank wins.
//!
//! vchess FEN: `board turn plies flags ep reserve` (White's castling
//! letters only; the reserve is Black's soldier count), the soldiers in
//! hand living in [`State::hands`].
//!
//! | letter | en | fr | es |
//! |---|---|---|---|
//! | s | soldier | soldat | soldado |
//! | c | cannon | canon | cañón |
//! | e | elephant | éléphant | elefante |
//! | a | advisor | conseiller | consejero |

use super::cannon::{self, CANNON};
use crate::color::Color;
use crate::fen::{FenStyle, Field};
use crate::geometry::{Dir, Geometry};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Pins, Rules};
use crate::square::Square;
use crate::squareset::SquareSet;
use crate::validate::Problem;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};

const SOLDIER: Kind = Kind(b's');

/// The rules of Synochess.
pub struct Synochess {
    inner: ChessLike,
}

impl Default for Synochess {
    fn default() -> Self {
        Synochess::new()
    }
}

impl Synochess {
    pub fn new() -> Synochess {
        let kingdom = vec![
            PieceSpec::king(),
            PieceSpec::piece('q', "Q"),
            PieceSpec::piece('r', "R"),
            PieceSpec::piece('b', "B"),
            PieceSpec::piece('n', "N"),
            PieceSpec::pawn(),
        ];
        let dynasty = vec![
            PieceSpec::king(),
            PieceSpec::piece('a', "K").named("advisor"),
            PieceSpec::piece('e', "FA").named("elephant"),
            PieceSpec::piece('n', "N"),
            PieceSpec::piece('r', "R").named("chariot"),
            PieceSpec::piece('s', "fWsW").named("soldier"),
            // Moves are generated here: the hop is no Betza atom.
            PieceSpec::piece('c', "").named("cannon"),
            // Not in the army, but vchess knows the letter and the page
            // draws one (a black pawn blocking the elephant).
            PieceSpec::pawn(),
        ];
        let inner = ChessLike::new(ChessLikeSpec {
            name: "Synochess".into(),
            rows: 8,
            cols: 8,
            start_fen: "rneakenr/8/1c4c1/1ss2ss1/8/8/PPPPPPPP/RNBQKBNR w 0 ah - 2".into(),
            armies: [kingdom, dynasty],
            promotions: [
                vec![Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN],
                Vec::new(),
            ],
            double_step: [true, false],
            castling: [true, false],
            campmate: true,
            ..Default::default()
        })
        .expect("the Synochess spec compiles");
        Synochess { inner }
    }

    /// Whether the kings see each other along a file or a rank.
    fn kings_face(&self, pos: &Position) -> bool {
        let (Some(w), Some(b)) = (
            pos.board.royals(Color::White).first(),
            pos.board.royals(Color::Black).first(),
        ) else {
            return false;
        };
        self.line_between(w, b)
            .is_some_and(|between| between.iter().all(|s| pos.board.cell(s).is_empty()))
    }

    /// Whether a Dynasty cannon could take on `target` (White's square):
    /// [`cannon::janggi_ray`] walked back from the target, along each
    /// rook line the first piece is the screen (no cannon) and the next
    /// one a Dynasty cannon. The target must be empty or hold a White
    /// piece other than a cannon (what the cannon may take).
    fn cannon_attacks(&self, pos: &Position, target: Square) -> bool {
        let g = self.inner.geometry();
        let them = Color::Black;
        let at = pos.board.cell(target);
        if !at.is_empty() && !matches!(at.piece(them.opposite()), Some(p) if p.kind != CANNON) {
            return false;
        }
        let cannon = Some(Piece::new(them, CANNON));
        let first_piece = |from: Square, d: Dir| {
            let mut t = g.step(from, d);
            while let Some(s) = t {
                if !pos.board.cell(s).is_empty() {
                    return Some(s);
                }
                t = g.step(s, d);
            }
            None
        };
        cannon::rook_dirs().into_iter().any(|d| {
            first_piece(target, d)
                .filter(|&screen| !cannon::is_cannon(pos.board.cell(screen)))
                .and_then(|screen| first_piece(screen, d))
                .is_some_and(|s| pos.board.cell(s).piece(them) == cannon)
        })
    }

    /// The squares of the rook lines from `king` (to the board's edge)
    /// that hold a Dynasty cannon somewhere: where a piece leaving or
    /// landing may make or break a cannon's screen.
    fn cannon_lines(&self, pos: &Position, king: Square) -> SquareSet {
        let g = self.inner.geometry();
        let cannon = Some(Piece::new(Color::Black, CANNON));
        let mut out = SquareSet::EMPTY;
        for d in cannon::rook_dirs() {
            let mut line = SquareSet::EMPTY;
            let mut armed = false;
            let mut t = g.step(king, d);
            while let Some(s) = t {
                line.insert(s);
                armed |= pos.board.cell(s).piece(Color::Black) == cannon;
                t = g.step(s, d);
            }
            if armed {
                out = out.union(&line);
            }
        }
        out
    }

    /// The squares strictly between `w` and `b` when they share a file or
    /// a rank (a lone piece between the kings may not leave: they would
    /// face); `None` when they share neither.
    fn line_between(&self, w: Square, b: Square) -> Option<SquareSet> {
        let g = self.inner.geometry();
        let (df, dr) = (
            g.file(b) as i32 - g.file(w) as i32,
            g.rank(b) as i32 - g.rank(w) as i32,
        );
        if df != 0 && dr != 0 {
            return None;
        }
        let d = Dir::new(df.signum() as i8, dr.signum() as i8)?;
        let mut out = SquareSet::EMPTY;
        let mut t = g.step(w, d);
        while let Some(s) = t.filter(|&s| s != b) {
            out.insert(s);
            t = g.step(s, d);
        }
        Some(out)
    }

    fn cannon_moves(
        &self,
        pos: &Position,
        from: Square,
        us: Color,
        emit: &mut impl FnMut(Square, Option<Piece>),
    ) {
        let g = self.inner.geometry();
        for d in cannon::rook_dirs() {
            cannon::janggi_ray(g, |s| pos.board.cell(s), from, d, us, emit);
        }
    }
}

impl Rules for Synochess {
    fn name(&self) -> &str {
        "Synochess"
    }
    fn geometry(&self) -> &Geometry {
        self.inner.geometry()
    }
    fn start_fen(&self) -> &str {
        self.inner.start_fen()
    }
    fn kinds(&self, color: Color) -> KindSet {
        self.inner.kinds(color)
    }
    fn royal_kinds(&self) -> KindSet {
        self.inner.royal_kinds()
    }
    fn fen_style(&self) -> FenStyle {
        self.inner.fen_style()
    }
    fn piece_name(&self, piece: Piece) -> String {
        self.inner.piece_name(piece)
    }
    fn promotions(&self, color: Color) -> &[Kind] {
        self.inner.promotions(color)
    }
    fn hand_kinds(&self, color: Color) -> KindSet {
        match color {
            Color::White => KindSet::EMPTY,
            Color::Black => [SOLDIER].into_iter().collect(),
        }
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else { return };
        match f.text.parse::<u8>() {
            Ok(n) if n <= 8 => {
                state.hands.set(Color::Black, SOLDIER, n);
            }
            _ => problems.push(Problem::BadField {
                field: "reserve",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        (
            String::new(),
            format!(" {}", pos.state.hands.count(Color::Black, SOLDIER)),
        )
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let first = out.len();
        self.inner.pseudo_legal_moves(pos, out);
        let us = pos.turn();
        if us != Color::Black {
            // The chess core's castling test knows no cannon: the king may
            // not castle out of, or across, a cannon's attack either.
            let g = self.inner.geometry();
            let mut i = first;
            while i < out.len() {
                let mv = out[i];
                let crosses_fire = matches!(mv.intent.kind, MoveKind::Castle { .. }) && {
                    let (a, b) = (g.file(mv.intent.from), g.file(mv.intent.to));
                    let rank = g.rank(mv.intent.from);
                    (a.min(b)..=a.max(b))
                        .filter_map(|f| g.square(f, rank))
                        .any(|s| self.cannon_attacks(pos, s))
                };
                if crosses_fire {
                    out.remove(i);
                } else {
                    i += 1;
                }
            }
            return;
        }
        let g = self.inner.geometry();
        for from in g.squares() {
            if pos.board.cell(from).piece(us) == Some(Piece::new(us, CANNON)) {
                let piece = Piece::new(us, CANNON);
                self.cannon_moves(pos, from, us, &mut |to, v| {
                    out.push(Move::simple(from, to, piece, v, None))
                });
            }
        }
        if pos.state.hands.count(us, SOLDIER) > 0 {
            for file in 0..g.cols() {
                if let Some(sq) = g.square(file, 4) {
                    if pos.board.cell(sq).is_empty() {
                        out.push(Move::drop(sq, Piece::new(us, SOLDIER)));
                    }
                }
            }
        }
    }

    /// Attacked as in chess, by a Dynasty cannon, or by facing the other
    /// king (the face-off makes the position illegal for its author).
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        if self.inner.royal_attacked(pos, color) || self.kings_face(pos) {
            return true;
        }
        if color != Color::White {
            return false;
        }
        pos.board
            .royals(color)
            .first()
            .is_some_and(|king| self.cannon_attacks(pos, king))
    }

    /// The chess core's pins, widened by Synochess's own lines: the
    /// squares between kings on one line are pinned, and for White the
    /// rook lines from its king that hold a cannon are pinned and
    /// screens. `None` (the slow way) when a cannon or the facing kings
    /// give check, which the core's pins do not see.
    fn pinned(&self, pos: &Position) -> Option<Pins> {
        let mut pins = self.inner.pinned(pos)?;
        let (Some(w), Some(b)) = (
            pos.board.royals(Color::White).first(),
            pos.board.royals(Color::Black).first(),
        ) else {
            return None;
        };
        if self.kings_face(pos) {
            return None;
        }
        if let Some(between) = self.line_between(w, b) {
            pins.pinned = pins.pinned.union(&between);
        }
        if pos.turn() == Color::White {
            if self.cannon_attacks(pos, w) {
                return None;
            }
            let lines = self.cannon_lines(pos, w);
            pins.pinned = pins.pinned.union(&lines);
            pins.screens = pins.screens.union(&lines);
        }
        Some(pins)
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        self.inner.play(pos, mv)
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        self.inner.variant_outcome(pos)
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.inner.position_problems(pos, offset_of, out)
    }
}
