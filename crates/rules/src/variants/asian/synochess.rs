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
use crate::rules::{Outcome, Rules};
use crate::square::Square;
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
        let g = self.inner.geometry();
        let (Some(w), Some(b)) = (
            pos.board.royals(Color::White).first(),
            pos.board.royals(Color::Black).first(),
        ) else {
            return false;
        };
        let (df, dr) = (
            g.file(b) as i32 - g.file(w) as i32,
            g.rank(b) as i32 - g.rank(w) as i32,
        );
        if df != 0 && dr != 0 {
            return false;
        }
        let Some(d) = Dir::new(df.signum() as i8, dr.signum() as i8) else {
            return false;
        };
        let mut t = g.step(w, d);
        while let Some(s) = t {
            if s == b {
                return true;
            }
            if !pos.board.cell(s).is_empty() {
                return false;
            }
            t = g.step(s, d);
        }
        false
    }

    /// Whether a Dynasty cannon could take on `target` (White's square).
    fn cannon_attacks(&self, pos: &Position, target: Square) -> bool {
        let g = self.inner.geometry();
        let them = Color::Black;
        let mut hit = false;
        for from in g.squares() {
            if pos.board.cell(from).piece(them) == Some(Piece::new(them, CANNON))
                && (g.file(from) == g.file(target) || g.rank(from) == g.rank(target))
            {
                self.cannon_moves(pos, from, them, &mut |to, _| hit |= to == target);
                if hit {
                    return true;
                }
            }
        }
        false
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
