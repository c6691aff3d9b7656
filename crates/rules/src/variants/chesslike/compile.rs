//! Compiles a [`ChessLikeSpec`] into move tables: each piece's rays, and
//! for each colour the reverse rays that find attackers of a square fast.

use super::{ChessLike, ChessLikeSpec};
use crate::betza::{self, Mode};
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
    pub(super) royal: bool,
    pub(super) both: Vec<Ray>,
    pub(super) quiet: Vec<Ray>,
    pub(super) capture: Vec<Ray>,
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
pub(super) const ROOK: Kind = Kind(b'r');

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
        let mut spec = spec;
        spec.wins = super::victory::effective(&spec);
        let won = super::victory::compile(&spec, &geometry)?;
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
            won,
        })
    }
}
