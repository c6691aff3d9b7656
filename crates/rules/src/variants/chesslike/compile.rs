//! Compiles a [`ChessLikeSpec`] into move tables: each piece's rays, and
//! for each colour the reverse rays that find attackers of a square fast.

use super::{ChessLike, ChessLikeSpec, InitialMoves};
use crate::betza::{self, Mode, Path};
use crate::color::Color;
use crate::fen::FenStyle;
use crate::geometry::{Dir, Geometry};
use crate::piece::{Kind, KindSet};

/// A step repeated up to `range` times (0 = until blocked).
#[derive(Clone, Copy, Debug)]
pub(super) struct Ray {
    pub(super) dir: Dir,
    pub(super) range: u8,
}

#[derive(Clone, Debug)]
pub(super) struct CompiledPiece {
    pub(super) pawn: bool,
    /// A pawn whose moves the general generator makes, its arrivals still
    /// promoting and its diagonal captures taking en passant: a
    /// Fairy-Stockfish custom pawn (`pawnTypes`) whose Betza the pawn's
    /// own generator (one step per ray, no double step but the spec's)
    /// cannot follow, e.g. an initial `ifmnD` or a `K`.
    pub(super) moves_as_piece: bool,
    pub(super) royal: bool,
    /// What it promotes to (`PieceSpec::promotes`), where the spec's
    /// `PieceZone` says.
    pub(super) promotes: Option<Kind>,
    /// Takes en passant though not a pawn (`PieceSpec::en_passant`).
    pub(super) en_passant: bool,
    pub(super) both: Vec<Ray>,
    pub(super) quiet: Vec<Ray>,
    pub(super) capture: Vec<Ray>,
    /// Moves the fast rays cannot take: hoppers, grasshoppers, lame and
    /// jumping leapers, initial-only moves, leaps longer than the step table.
    pub(super) special: Vec<Special>,
    /// Two of its atoms may reach one square ([`betza::may_overlap`]): its
    /// moves are listed once each by dropping repeats.
    pub(super) overlaps: bool,
}

/// A move of the slow path, in board coordinates (Black's already mirrored).
#[derive(Clone, Copy, Debug)]
pub(super) struct Special {
    pub(super) df: i8,
    pub(super) dr: i8,
    /// Steps along `(df, dr)`: 1 a leap, 0 without limit.
    pub(super) range: u8,
    pub(super) mode: Mode,
    pub(super) path: Path,
    pub(super) initial: bool,
    /// An initial move straight along a file that the piece's other moves
    /// do not make on an empty board: with `initial_moves:
    /// fairy_stockfish`, its two-square step may be taken en passant, as
    /// Fairy-Stockfish leaves an en-passant square after it.
    pub(super) passable: bool,
}

/// For each colour and kind, the squares it holds in the start position
/// (initial-only moves, promotion to a lost piece).
#[derive(Clone, Debug, Default)]
pub(super) struct StartSquares {
    pub(super) squares: Vec<(Color, Kind, crate::SquareSet)>,
}

impl StartSquares {
    pub(super) fn of(&self, color: Color, kind: Kind) -> crate::SquareSet {
        self.squares
            .iter()
            .find(|(c, k, _)| *c == color && *k == kind)
            .map(|t| t.2)
            .unwrap_or(crate::SquareSet::EMPTY)
    }
}

/// Where to look, from a target square, for pieces that capture onto it.
#[derive(Clone, Copy, Debug)]
pub(super) struct AttackRay {
    /// From the target towards the attacker.
    pub(super) dir: Dir,
    /// Kinds that capture from one step away.
    pub(super) near: KindSet,
    /// Kinds that capture from any distance along the ray.
    pub(super) far: KindSet,
}

pub(super) const NONE: u8 = u8::MAX;

/// Why a spec cannot be compiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error(transparent)]
    Geometry(#[from] crate::geometry::GeometryError),
    #[error(transparent)]
    Betza(#[from] betza::BetzaError),
    #[error("army set-up: {0}")]
    Armies(String),
    #[error("hole `{0}` is not a square of the board")]
    BadHole(String),
    #[error("step ({0}, {1}) is longer than the step table allows")]
    StepTooLong(i8, i8),
}

impl ChessLike {
    /// Compiles a spec.
    pub fn new(spec: ChessLikeSpec) -> Result<ChessLike, SpecError> {
        let geometry = geometry_of(&spec)?;
        let mut attack_special: [Vec<(Special, KindSet)>; 2] = [Vec::new(), Vec::new()];
        let mut pieces = Vec::new();
        let mut index = [[NONE; 128]; 2];
        let mut kinds = [KindSet::EMPTY; 2];
        let mut royal = KindSet::EMPTY;
        let mut attack: [Vec<AttackRay>; 2] = [Vec::new(), Vec::new()];
        let mut attack_limited: [Vec<(Dir, u8, KindSet)>; 2] = [Vec::new(), Vec::new()];
        let promoted = super::drops::promoted_pieces(&spec)?;
        for color in Color::ALL {
            let c = color.index();
            for ps in spec.armies[c].iter().chain(&promoted[c]) {
                let kind = Kind(ps.letter as u8);
                let mut cp = CompiledPiece {
                    pawn: ps.pawn,
                    moves_as_piece: false,
                    royal: ps.royal,
                    promotes: ps.promotes.map(|c| Kind(c as u8)),
                    en_passant: ps.en_passant,
                    both: vec![],
                    quiet: vec![],
                    capture: vec![],
                    special: vec![],
                    overlaps: false,
                };
                let atoms = betza::parse(&ps.betza)?;
                cp.overlaps = betza::may_overlap(&atoms);
                cp.en_passant |= atoms.iter().any(|a| a.en_passant);
                cp.moves_as_piece = moves_as_piece(&spec, ps, &atoms);
                cp.en_passant |= cp.moves_as_piece;
                // Whether the piece's other moves go two squares along the
                // file, forward (1) or back (-1), on an empty board.
                let two_ahead_anyway = |sign: i8| {
                    atoms.iter().any(|a| {
                        !a.initial
                            && a.mode != Mode::CaptureOnly
                            && matches!(a.path, Path::Plain | Path::Lame)
                            && a.df == 0
                            && a.dr.signum() == sign
                            && (a.dr.abs() == 2 || (a.dr.abs() == 1 && a.range != 1))
                    })
                };
                let fairy_stockfish = spec.initial_moves == InitialMoves::FairyStockfish;
                for atom in &atoms {
                    let atom = *atom;
                    let passable = fairy_stockfish
                        && atom.initial
                        && atom.df == 0
                        && atom.mode != Mode::CaptureOnly
                        && !two_ahead_anyway(atom.dr.signum());
                    let dr = if color == Color::Black {
                        -atom.dr
                    } else {
                        atom.dr
                    };
                    // Turned half a turn, Black's left is White's right too.
                    let df = if color == Color::Black && spec.rotate_black {
                        -atom.df
                    } else {
                        atom.df
                    };
                    let dir = Dir::new(df, dr);
                    let slow = atom.path != Path::Plain || atom.initial;
                    let Some(dir) = dir.filter(|_| !slow) else {
                        let sp = Special {
                            df,
                            dr,
                            range: atom.range,
                            mode: atom.mode,
                            path: atom.path,
                            initial: atom.initial,
                            passable,
                        };
                        cp.special.push(sp);
                        if atom.mode != Mode::MoveOnly {
                            let mut set = KindSet::EMPTY;
                            set.insert(kind);
                            attack_special[color.index()].push((sp, set));
                        }
                        continue;
                    };
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
                        let c = color.index();
                        let (rays, limited) = (&mut attack[c], &mut attack_limited[c]);
                        add_attacker(rays, limited, dir.reverse(), atom.range, kind);
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
        let fen_style = fen_style_of(&spec, &pieces);
        let mut spec = spec;
        spec.wins = super::victory::effective(&spec);
        let won = super::victory::compile(&spec, &geometry)?;
        let start = start_squares(&spec, &geometry);
        // Multi-steps longer than two, and pawns that step aside, leave a
        // victim that the en-passant square alone does not locate.
        let ep_allowed = fen_style.en_passant;
        let ep_aside = pieces.iter().any(|p: &CompiledPiece| {
            p.pawn && !p.moves_as_piece && p.quiet.iter().any(|r| r.dir.df() != 0)
        });
        let ep_tracked = spec.pawn.max_step > 2 || ep_aside;
        let rules = ChessLike {
            blast: super::explosions::blast_of(&spec),
            ep_tracked,
            spec,
            geometry,
            pieces,
            index,
            kinds,
            royal,
            attack,
            attack_limited,
            attack_special,
            fen_style,
            won,
            start,
            ep_allowed,
            ep_aside,
            pins_ok: false,
            pins_no_check_ok: false,
            armies: None,
            drops: None,
            promoted: super::promotion::PromotedPieces::default(),
            pawn_promotion_squares: None,
            confined: Vec::new(),
        };
        rules.finish()
    }

    /// What is compiled from the spec once the tables stand: pins,
    /// promoted pieces, hands, armies.
    fn finish(mut self) -> Result<ChessLike, SpecError> {
        self.promoted = super::promotion::PromotedPieces::new(&self.spec)?;
        super::pass::check_spec(&self.spec)?;
        self.pawn_promotion_squares = super::promotion::pawn_squares(&self.spec, &self.geometry)?;
        self.confined = confined(&self.spec, &self.geometry)?;
        self.pins_ok = self.pins_apply();
        self.pins_no_check_ok = self.pins_without_check_apply();
        if let Some(d) = &self.spec.drops {
            let g = &self.geometry;
            let compiled =
                super::drops::CompiledDrops::new(d, &self.spec, g, &self.pieces, &self.index)?;
            self.drops = Some(Box::new(compiled));
        }
        if self.spec.army_choice.is_some() {
            self.armies = Some(Box::new(super::armies::ArmyPairs::new(&self.spec)?));
        }
        Ok(self)
    }
}

/// The spec's `regions` as square sets; a square off the board is refused.
#[allow(clippy::type_complexity)]
fn confined(
    spec: &ChessLikeSpec,
    g: &Geometry,
) -> Result<Vec<(Kind, [Option<crate::SquareSet>; 2])>, SpecError> {
    let mut out = Vec::new();
    for region in &spec.regions {
        let mut sides = [None, None];
        for (side, names) in sides.iter_mut().zip(&region.squares) {
            let Some(names) = names else { continue };
            let mut set = crate::SquareSet::EMPTY;
            for name in names {
                let sq = g.parse_square(name);
                set.insert(sq.ok_or_else(|| SpecError::BadHole(name.to_string()))?);
            }
            *side = Some(set);
        }
        out.push((Kind(region.letter as u8), sides));
    }
    Ok(out)
}

/// Whether a pawn's Betza asks for the general generator
/// ([`CompiledPiece::moves_as_piece`]): with Fairy-Stockfish's initial
/// moves, an initial move, a rider, a move that also captures or a
/// lame or hopping path.
fn moves_as_piece(spec: &ChessLikeSpec, ps: &super::PieceSpec, atoms: &[betza::Atom]) -> bool {
    ps.pawn
        && spec.initial_moves == InitialMoves::FairyStockfish
        && atoms
            .iter()
            .any(|a| a.initial || a.range != 1 || a.mode == Mode::Both || a.path != Path::Plain)
}

/// What the variant's FEN writes: castling flags, an en-passant field, a
/// hole's letter.
fn fen_style_of(spec: &ChessLikeSpec, pieces: &[CompiledPiece]) -> FenStyle {
    let flags = spec.fen.flags.unwrap_or(spec.castling.iter().any(|c| *c));
    // Fairy-Stockfish's straight initial moves may be taken en passant
    // as a pawn's double step is: the FEN then has the field.
    let passable_initial = pieces
        .iter()
        .any(|p: &CompiledPiece| p.special.iter().any(|s| s.passable));
    FenStyle {
        castling: if flags { spec.castling } else { [false; 2] },
        castle_rook: spec.castle.rook,
        en_passant: spec
            .fen
            .en_passant
            .unwrap_or(spec.double_step.iter().any(|d| *d) || passable_initial),
        hole: (!spec.holes.is_empty()).then_some('x'),
    }
}

/// Registers `kind` as attacking along `back` (from the attacked square
/// towards it): a limited rider in `limited`, a leaper or a slider in the
/// ray list, one entry per direction.
fn add_attacker(
    rays: &mut Vec<AttackRay>,
    limited: &mut Vec<(Dir, u8, KindSet)>,
    back: Dir,
    range: u8,
    kind: Kind,
) {
    if range > 1 {
        let mut set = KindSet::EMPTY;
        set.insert(kind);
        limited.push((back, range, set));
        return;
    }
    let pos = match rays.iter().position(|r| r.dir == back) {
        Some(p) => p,
        None => {
            rays.push(AttackRay {
                dir: back,
                near: KindSet::EMPTY,
                far: KindSet::EMPTY,
            });
            rays.len() - 1
        }
    };
    rays[pos].near.insert(kind);
    if range == 0 {
        rays[pos].far.insert(kind);
    }
}

/// The board of `spec`: its size, holes and wrapped edges.
fn geometry_of(spec: &ChessLikeSpec) -> Result<Geometry, SpecError> {
    let plain = Geometry::new(spec.rows, spec.cols)?;
    let mut holes = crate::SquareSet::EMPTY;
    for name in &spec.holes {
        let square = plain.parse_square(name);
        holes.insert(square.ok_or_else(|| SpecError::BadHole(name.to_string()))?);
    }
    let geometry = if spec.wrap.files || spec.wrap.ranks {
        Geometry::with_wrap(
            spec.rows,
            spec.cols,
            holes,
            spec.wrap.files,
            spec.wrap.ranks,
        )?
    } else {
        Geometry::with_holes(spec.rows, spec.cols, holes)?
    };
    Ok(geometry)
}

/// Where each kind stands in the start position (empty if it cannot be read:
/// the definition reader reports that).
fn start_squares(spec: &ChessLikeSpec, g: &Geometry) -> StartSquares {
    let mut out = StartSquares::default();
    let Ok(setup) = crate::fen::parse(&spec.start_fen) else {
        return out;
    };
    let rows = setup.rows.len();
    for (i, row) in setup.rows.iter().enumerate() {
        let Some(rank) = (rows - 1 - i)
            .try_into()
            .ok()
            .filter(|r: &u8| *r < g.rows())
        else {
            continue;
        };
        for (file, cell) in row.cells.iter().enumerate() {
            let file = file as u8;
            if let crate::fen::Token::Piece(c) = cell.token {
                if let (Some(p), Some(sq)) = (crate::Piece::from_letter(c), g.square(file, rank)) {
                    match out
                        .squares
                        .iter_mut()
                        .find(|(col, k, _)| *col == p.color && *k == p.kind)
                    {
                        Some(t) => t.2.insert(sq),
                        None => {
                            let mut set = crate::SquareSet::EMPTY;
                            set.insert(sq);
                            out.squares.push((p.color, p.kind, set));
                        }
                    }
                }
            }
        }
    }
    out
}
