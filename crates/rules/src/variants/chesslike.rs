//! Chess rules over pieces given as data: each piece is a Betza string (how
//! it moves, how it captures) plus flags (royal, pawn). Castling, en passant,
//! promotion and campmate are switches. Chess and Orda are instances; any
//! "chess with other pieces" variant is one more [`ChessLikeSpec`].

use crate::betza::{self, Mode};
use crate::color::Color;
use crate::fen::FenStyle;
use crate::geometry::{Dir, Geometry, NO_SQUARE};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;

/// One piece of an army.
#[derive(Clone, Debug)]
pub struct PieceSpec {
    /// Its FEN letter (lowercase).
    pub letter: char,
    /// How it moves and captures, in Betza notation, seen from White.
    pub betza: &'static str,
    /// Losing it loses the game (kings).
    pub royal: bool,
    /// Double step, en passant and promotion apply to it.
    pub pawn: bool,
    /// Its name in messages, if not the chess name of its letter.
    pub name: Option<&'static str>,
}

impl PieceSpec {
    /// An ordinary piece.
    pub const fn piece(letter: char, betza: &'static str) -> PieceSpec {
        PieceSpec {
            letter,
            betza,
            royal: false,
            pawn: false,
            name: None,
        }
    }
    /// The same piece, called `name` in messages.
    pub const fn named(mut self, name: &'static str) -> PieceSpec {
        self.name = Some(name);
        self
    }
    /// The chess king (royal `K`).
    pub const fn king() -> PieceSpec {
        PieceSpec {
            letter: 'k',
            betza: "K",
            royal: true,
            pawn: false,
            name: None,
        }
    }
    /// The chess pawn: moves one step forward, captures one step diagonally forward.
    pub const fn pawn() -> PieceSpec {
        PieceSpec {
            letter: 'p',
            betza: "fmWfcF",
            royal: false,
            pawn: true,
            name: None,
        }
    }
}

/// The data that defines a chess-like variant.
#[derive(Clone, Debug)]
pub struct ChessLikeSpec {
    pub name: &'static str,
    pub rows: u8,
    pub cols: u8,
    pub start_fen: &'static str,
    /// Each color's army, including the pieces it can only get by promotion.
    pub armies: [Vec<PieceSpec>; 2],
    /// What each color's pawns promote to, in notation order.
    pub promotions: [Vec<Kind>; 2],
    /// Whether each color's pawns may double-step from their second rank.
    pub double_step: [bool; 2],
    /// Whether each color may castle.
    pub castling: [bool; 2],
    /// A king on its last rank, not in check, wins (Orda).
    pub campmate: bool,
    /// Squares that are not on the board (written `x` in FEN), by name.
    pub holes: &'static [&'static str],
}

impl Default for ChessLikeSpec {
    /// An empty 8×8 variant: no pieces, no promotion, no castling. Variant
    /// specs start from it (`ChessLikeSpec { name: "X", ..Default::default() }`)
    /// so that new switches do not break existing specs.
    fn default() -> Self {
        ChessLikeSpec {
            name: "",
            rows: 8,
            cols: 8,
            start_fen: "",
            armies: [Vec::new(), Vec::new()],
            promotions: [Vec::new(), Vec::new()],
            double_step: [false; 2],
            castling: [false; 2],
            campmate: false,
            holes: &[],
        }
    }
}

/// A step repeated up to `range` times (0 = until blocked).
#[derive(Clone, Copy, Debug)]
struct Ray {
    dir: Dir,
    range: u8,
}

#[derive(Clone, Debug)]
struct CompiledPiece {
    pawn: bool,
    royal: bool,
    both: Vec<Ray>,
    quiet: Vec<Ray>,
    capture: Vec<Ray>,
}

/// Where to look, from a target square, for pieces that capture onto it.
#[derive(Clone, Copy, Debug)]
struct AttackRay {
    /// From the target towards the attacker.
    dir: Dir,
    /// Kinds that capture from one step away.
    near: KindSet,
    /// Kinds that capture from any distance along the ray.
    far: KindSet,
}

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
    fen_style: FenStyle,
}

const NONE: u8 = u8::MAX;
const ROOK: Kind = Kind(b'r');

/// Why a spec cannot be compiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error(transparent)]
    Geometry(#[from] crate::geometry::GeometryError),
    #[error(transparent)]
    Betza(#[from] betza::BetzaError),
    #[error("hole `{0}` is not a square of the board")]
    BadHole(&'static str),
    #[error("step ({0}, {1}) is longer than the step table allows")]
    StepTooLong(i8, i8),
}

impl ChessLike {
    /// Compiles a spec.
    pub fn new(spec: ChessLikeSpec) -> Result<ChessLike, SpecError> {
        let plain = Geometry::new(spec.rows, spec.cols)?;
        let mut holes = crate::SquareSet::EMPTY;
        for name in spec.holes {
            holes.insert(plain.parse_square(name).ok_or(SpecError::BadHole(name))?);
        }
        let geometry = Geometry::with_holes(spec.rows, spec.cols, holes)?;
        let mut pieces = Vec::new();
        let mut index = [[NONE; 128]; 2];
        let mut kinds = [KindSet::EMPTY; 2];
        let mut royal = KindSet::EMPTY;
        let mut attack: [Vec<AttackRay>; 2] = [Vec::new(), Vec::new()];
        let mut attack_limited: [Vec<(Dir, u8, KindSet)>; 2] = [Vec::new(), Vec::new()];
        for color in Color::ALL {
            for ps in &spec.armies[color.index()] {
                let kind = Kind(ps.letter as u8);
                let mut cp = CompiledPiece {
                    pawn: ps.pawn,
                    royal: ps.royal,
                    both: vec![],
                    quiet: vec![],
                    capture: vec![],
                };
                for atom in betza::parse(ps.betza)? {
                    let mut dir = Dir::new(atom.df, atom.dr)
                        .ok_or(SpecError::StepTooLong(atom.df, atom.dr))?;
                    if color == Color::Black {
                        dir = dir.flip_ranks();
                    }
                    let ray = Ray {
                        dir,
                        range: atom.range,
                    };
                    match atom.mode {
                        Mode::Both => cp.both.push(ray),
                        Mode::MoveOnly => cp.quiet.push(ray),
                        Mode::CaptureOnly => cp.capture.push(ray),
                    }
                    if atom.mode != Mode::MoveOnly {
                        let back = dir.reverse();
                        if atom.range > 1 {
                            let mut set = KindSet::EMPTY;
                            set.insert(kind);
                            attack_limited[color.index()].push((back, atom.range, set));
                            continue;
                        }
                        let list = &mut attack[color.index()];
                        let pos = match list.iter().position(|r| r.dir == back) {
                            Some(p) => p,
                            None => {
                                list.push(AttackRay {
                                    dir: back,
                                    near: KindSet::EMPTY,
                                    far: KindSet::EMPTY,
                                });
                                list.len() - 1
                            }
                        };
                        list[pos].near.insert(kind);
                        if atom.range == 0 {
                            list[pos].far.insert(kind);
                        }
                    }
                }
                if ps.royal {
                    royal.insert(kind);
                }
                kinds[color.index()].insert(kind);
                index[color.index()][kind.0 as usize & 127] = pieces.len() as u8;
                pieces.push(cp);
            }
        }
        // Sliders first pays off little; leaps first finds knight checks fast.
        for list in &mut attack {
            list.sort_by_key(|r| !r.far.is_empty());
        }
        let fen_style = FenStyle {
            castling: spec.castling,
            castle_rook: ROOK,
            en_passant: spec.double_step.iter().any(|d| *d),
            hole: (!spec.holes.is_empty()).then_some('x'),
        };
        Ok(ChessLike {
            spec,
            geometry,
            pieces,
            index,
            kinds,
            royal,
            attack,
            attack_limited,
            fen_style,
        })
    }

    #[inline(always)]
    fn piece_def(&self, color: Color, kind: Kind) -> Option<&CompiledPiece> {
        let i = self.index[color.index()][kind.0 as usize & 127];
        (i != NONE).then(|| &self.pieces[i as usize])
    }

    /// Whether `target` is attacked by a piece of `by` (would be captured if
    /// an enemy piece stood there).
    #[inline]
    pub fn square_attacked(&self, pos: &Position, target: Square, by: Color) -> bool {
        let g = &self.geometry;
        let board = &pos.board;
        for ray in &self.attack[by.index()] {
            let mut t = g.step_raw(target.0, ray.dir);
            if t == NO_SQUARE {
                continue;
            }
            let cell = board.cell_raw(t);
            if !cell.is_empty() {
                if let Some(k) = cell.kind(by) {
                    if ray.near.contains(k) {
                        return true;
                    }
                }
                continue;
            }
            if ray.far.is_empty() {
                continue;
            }
            loop {
                t = g.step_raw(t, ray.dir);
                if t == NO_SQUARE {
                    break;
                }
                let cell = board.cell_raw(t);
                if !cell.is_empty() {
                    if let Some(k) = cell.kind(by) {
                        if ray.far.contains(k) {
                            return true;
                        }
                    }
                    break;
                }
            }
        }
        for &(dir, range, kinds) in &self.attack_limited[by.index()] {
            let mut t = target.0;
            for _ in 0..range {
                t = g.step_raw(t, dir);
                if t == NO_SQUARE {
                    break;
                }
                let cell = board.cell_raw(t);
                if !cell.is_empty() {
                    if matches!(cell.kind(by), Some(k) if kinds.contains(k)) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    fn push_pawn(
        &self,
        from: Square,
        to: Square,
        piece: Piece,
        captured: Option<Piece>,
        out: &mut MoveList,
    ) {
        if self.geometry.relative_rank(to, piece.color) == self.geometry.rows() - 1 {
            for &k in &self.spec.promotions[piece.color.index()] {
                out.push(Move::simple(from, to, piece, captured, Some(k)));
            }
        } else {
            out.push(Move::simple(from, to, piece, captured, None));
        }
    }

    fn pawn_moves(
        &self,
        pos: &Position,
        from: Square,
        piece: Piece,
        def: &CompiledPiece,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        let us = piece.color;
        let them = us.opposite();
        for ray in &def.quiet {
            let t = g.step_raw(from.0, ray.dir);
            if t == NO_SQUARE || !pos.board.cell_raw(t).is_empty() {
                continue;
            }
            self.push_pawn(from, Square(t), piece, None, out);
            if self.spec.double_step[us.index()] && g.relative_rank(from, us) == 1 {
                let t2 = g.step_raw(t, ray.dir);
                if t2 != NO_SQUARE && pos.board.cell_raw(t2).is_empty() {
                    let mut mv = Move::simple(from, Square(t2), piece, None, None);
                    mv.intent.kind = MoveKind::DoubleStep;
                    out.push(mv);
                }
            }
        }
        for ray in def.capture.iter().chain(&def.both) {
            let t = g.step_raw(from.0, ray.dir);
            if t == NO_SQUARE {
                continue;
            }
            let cell = pos.board.cell_raw(t);
            if let (Some(k), false) = (cell.kind(them), cell.has(us)) {
                self.push_pawn(from, Square(t), piece, Some(Piece::new(them, k)), out);
            } else if cell.is_empty() && pos.state.en_passant == Some(Square(t)) {
                // The pawn that double-stepped stands beside `from`, on the
                // en-passant square's file.
                let Some(victim_sq) = g.square(g.file(Square(t)), g.rank(from)) else {
                    continue;
                };
                let Some(victim) = pos.board.cell(victim_sq).piece(them) else {
                    continue;
                };
                let mut mv = Move::simple(from, Square(t), piece, None, None);
                mv.effect.vanish.push(victim_sq, victim);
                mv.intent.capture = true;
                mv.intent.kind = MoveKind::EnPassant;
                out.push(mv);
            }
        }
    }

    fn castling_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        if !self.spec.castling[us.index()] || !pos.state.castling.any(us) {
            return;
        }
        let g = &self.geometry;
        let Some(king_sq) = pos.board.royals(us).first() else {
            return;
        };
        let back = if us == Color::White { 0 } else { g.rows() - 1 };
        if g.rank(king_sq) != back || self.square_attacked(pos, king_sq, us.opposite()) {
            return;
        }
        let Some(king) = pos.board.cell(king_sq).piece(us) else {
            return;
        };
        let king_file = g.file(king_sq);
        for side in 0..2 {
            let Some(rook_file) = pos.state.castling.rook_file(us, side) else {
                continue;
            };
            let Some(rook_sq) = g.square(rook_file, back) else {
                continue;
            };
            if pos.board.cell(rook_sq).piece(us) != Some(Piece::new(us, ROOK)) {
                continue;
            }
            let (king_to, rook_to) = if side == 0 {
                (2, 3)
            } else {
                (g.cols() - 2, g.cols() - 3)
            };
            let lo = king_file.min(rook_file).min(king_to).min(rook_to);
            let hi = king_file.max(rook_file).max(king_to).max(rook_to);
            let clear = (lo..=hi).all(|f| {
                f == king_file
                    || f == rook_file
                    || g.square(f, back)
                        .is_some_and(|s| pos.board.cell(s).is_empty())
            });
            if !clear {
                continue;
            }
            let (a, b) = (king_file.min(king_to), king_file.max(king_to));
            let safe = (a..=b).all(|f| {
                g.square(f, back)
                    .is_some_and(|s| !self.square_attacked(pos, s, us.opposite()))
            });
            if !safe {
                continue;
            }
            let (Some(kto), Some(rto)) = (g.square(king_to, back), g.square(rook_to, back)) else {
                continue;
            };
            let rook = Piece::new(us, ROOK);
            let mut mv = Move::simple(king_sq, kto, king, None, None);
            mv.effect = Default::default();
            mv.effect.vanish.push(king_sq, king);
            mv.effect.vanish.push(rook_sq, rook);
            mv.effect.appear.push(kto, king);
            mv.effect.appear.push(rto, rook);
            mv.intent.kind = MoveKind::Castle {
                rook_from: rook_sq,
                rook_to: rto,
            };
            out.push(mv);
        }
    }
}

impl Rules for ChessLike {
    fn name(&self) -> &'static str {
        self.spec.name
    }
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }
    fn start_fen(&self) -> &'static str {
        self.spec.start_fen
    }
    fn kinds(&self, color: Color) -> KindSet {
        self.kinds[color.index()]
    }
    fn royal_kinds(&self) -> KindSet {
        self.royal
    }
    fn fen_style(&self) -> FenStyle {
        self.fen_style
    }
    fn piece_name(&self, piece: Piece) -> String {
        let named = self.spec.armies[piece.color.index()]
            .iter()
            .find(|p| p.letter as u8 == piece.kind.0)
            .and_then(|p| p.name);
        match named {
            Some(n) => n.to_string(),
            None => crate::rules::default_piece_name(piece),
        }
    }
    fn promotions(&self, color: Color) -> &[Kind] {
        &self.spec.promotions[color.index()]
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let g = &self.geometry;
        let us = pos.turn();
        let them = us.opposite();
        for s in 0..g.size() as u16 {
            let cell = pos.board.cell_raw(s);
            let Some(kind) = cell.kind(us) else { continue };
            let Some(def) = self.piece_def(us, kind) else {
                continue;
            };
            let from = Square(s);
            let piece = Piece::new(us, kind);
            if def.pawn {
                self.pawn_moves(pos, from, piece, def, out);
                continue;
            }
            for (rays, quiet, capture) in [
                (&def.both, true, true),
                (&def.quiet, true, false),
                (&def.capture, false, true),
            ] {
                for ray in rays {
                    let mut t = s;
                    let mut n = 0;
                    loop {
                        t = g.step_raw(t, ray.dir);
                        if t == NO_SQUARE {
                            break;
                        }
                        let target = pos.board.cell_raw(t);
                        if target.is_empty() {
                            if quiet {
                                out.push(Move::simple(from, Square(t), piece, None, None));
                            }
                        } else {
                            if capture && !target.has(us) {
                                if let Some(k) = target.kind(them) {
                                    let victim = Some(Piece::new(them, k));
                                    out.push(Move::simple(from, Square(t), piece, victim, None));
                                }
                            }
                            break;
                        }
                        n += 1;
                        if n == ray.range {
                            break;
                        }
                    }
                }
            }
        }
        self.castling_moves(pos, out);
    }

    #[inline]
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        pos.board
            .royals(color)
            .iter()
            .any(|sq| self.square_attacked(pos, sq, color.opposite()))
    }

    #[inline]
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = pos.apply(mv);
        let castling = &mut pos.state.castling;
        if castling.0 == crate::position::Castling::NONE.0 {
            return undo;
        }
        let mover = mv.intent.piece;
        if self
            .piece_def(mover.color, mover.kind)
            .is_some_and(|d| d.royal)
        {
            castling.0[mover.color.index()] = [None, None];
        }
        let g = &self.geometry;
        for v in mv.effect.vanish.as_slice() {
            if v.piece.kind != ROOK {
                continue;
            }
            let c = v.piece.color;
            if g.relative_rank(v.square, c) != 0 {
                continue;
            }
            let file = g.file(v.square);
            for slot in &mut castling.0[c.index()] {
                if *slot == Some(file) {
                    *slot = None;
                }
            }
        }
        undo
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
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

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<crate::validate::Problem>,
    ) {
        // Pawns can neither stand on their own first rank nor stay on the last.
        for sq in self.geometry.squares() {
            for p in pos.board.cell(sq).pieces() {
                if self.piece_def(p.color, p.kind).is_some_and(|d| d.pawn) {
                    let r = self.geometry.relative_rank(sq, p.color);
                    if r == 0 || r == self.geometry.rows() - 1 {
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
