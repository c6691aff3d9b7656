//! Pieces that promote (not pawns' promotion, which is `push_pawn`'s): a
//! piece with [`PieceSpec::promotes`] becomes that piece on its last rank
//! (vchess's Forward) or, with [`PieceZone::Zone`], on a move that starts
//! or ends in the promotion zone, as Fairy-Stockfish's and shogi's pieces
//! do. A promoted piece with [`PieceSpec::reverts`] keeps its origin:
//! written `+X` in standard FEN, back to X when captured into a hand
//! (`drops.rs` reads it). Nothing here runs for a
//! piece without `promotes`.

use super::compile::{CompiledPiece, SpecError};
use super::{ChessLike, ChessLikeSpec, PieceZone};
use crate::color::Color;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::square::Square;
use crate::squareset::SquareSet;
use crate::variants::hands::drops::in_last_ranks;

/// The promoted pieces that keep their origin: (origin, promoted kind).
#[derive(Clone, Debug, Default)]
pub(super) struct PromotedPieces {
    pairs: Vec<(Kind, Kind)>,
}

impl PromotedPieces {
    /// Reads and checks the spec's `reverts`: each names a piece of the
    /// same army that promotes to it, and no piece is the promoted form
    /// of two.
    pub(super) fn new(spec: &ChessLikeSpec) -> Result<PromotedPieces, SpecError> {
        let mut pairs = Vec::new();
        for army in &spec.armies {
            for p in army {
                let Some(origin) = p.reverts else { continue };
                let promotes_here = army
                    .iter()
                    .any(|o| o.letter == origin && o.promotes == Some(p.letter));
                if !promotes_here {
                    return Err(SpecError::Armies(format!(
                        "`{}` reverts to `{origin}`, which does not promote to it",
                        p.letter
                    )));
                }
                if army
                    .iter()
                    .any(|o| o.letter != origin && o.promotes == Some(p.letter))
                {
                    return Err(SpecError::Armies(format!(
                        "`{}` reverts to `{origin}` but another piece promotes to it too",
                        p.letter
                    )));
                }
                let pair = (Kind(origin as u8), Kind(p.letter as u8));
                if !pairs.contains(&pair) {
                    pairs.push(pair);
                }
            }
        }
        let pawn_twins = spec.drops.as_ref().is_some_and(|d| !d.promoted.is_empty());
        if !pairs.is_empty() && pawn_twins {
            // Standard FEN has one mark per variant (`Q~` or `+P`).
            return Err(SpecError::Armies(
                "promoted pawns kept apart (`Q~`) and promoted pieces that revert (`+P`) in one variant are not supported".into(),
            ));
        }
        Ok(PromotedPieces { pairs })
    }

    pub(super) fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The kind `origin` promotes to, keeping its origin.
    pub(super) fn promoted(&self, origin: Kind) -> Option<Kind> {
        self.pairs.iter().find(|p| p.0 == origin).map(|p| p.1)
    }
}

/// The spec's [`PromotionRules::squares`] as a set per side (White's,
/// Black's), or `None` when pawns promote on the last `zone` ranks.
pub(super) fn pawn_squares(
    spec: &ChessLikeSpec,
    g: &Geometry,
) -> Result<Option<Box<[SquareSet; 2]>>, SpecError> {
    let Some(lists) = &spec.promotion.squares else {
        return Ok(None);
    };
    let mut sets = [SquareSet::EMPTY; 2];
    for (set, names) in sets.iter_mut().zip(lists) {
        for name in names {
            let sq = g.parse_square(name);
            set.insert(sq.ok_or_else(|| SpecError::BadHole(name.to_string()))?);
        }
    }
    Ok(Some(Box::new(sets)))
}

impl ChessLike {
    /// Whether a pawn of `color` arriving on `to`, its relative rank
    /// `rank`, is in its promotion zone: the spec's squares when it lists
    /// them, else its last `zone` ranks.
    #[inline(always)]
    pub(super) fn pawn_promotes_on(&self, to: Square, rank: u8, color: Color) -> bool {
        match &self.pawn_promotion_squares {
            None => rank + self.spec.promotion.zone >= self.geometry.rows(),
            Some(sets) => sets[color.index()].contains(to),
        }
    }

    /// A move of a piece that is not a pawn to `to` (empty, or holding
    /// `victim`): plain, or through its promotion.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn push_piece_move(
        &self,
        pos: &Position,
        def: &CompiledPiece,
        from: Square,
        to: u16,
        piece: Piece,
        victim: Option<Piece>,
        out: &mut MoveList,
    ) {
        match def.promotes {
            None => out.push(Move::simple(from, Square(to), piece, victim, None)),
            Some(k) => self.push_promoting(pos, k, from, Square(to), piece, victim, out),
        }
    }

    /// The moves of a piece that promotes to `k`, as the spec's
    /// [`PieceZone`] says.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn push_promoting(
        &self,
        pos: &Position,
        k: Kind,
        from: Square,
        to: Square,
        piece: Piece,
        victim: Option<Piece>,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        let c = piece.color;
        let (promotes, stays) = match self.spec.promotion.pieces {
            PieceZone::LastRank => {
                let last = g.relative_rank(to, c) == g.rows() - 1;
                (last, !last)
            }
            PieceZone::Zone { forced } => {
                let zone = self.spec.promotion.zone;
                let in_zone = in_last_ranks(g, from, c, zone) || in_last_ranks(g, to, c, zone);
                (in_zone, !(in_zone && forced))
            }
        };
        // A promotion the limit forbids leaves the move a plain one, even
        // where promotion is forced (Fairy-Stockfish's Shogun).
        let promotes = promotes && !self.at_limit(pos, c, k);
        if stays || !promotes {
            out.push(Move::simple(from, to, piece, victim, None));
        }
        if promotes {
            out.push(Move::simple(from, to, piece, victim, Some(k)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ChessLike, ChessLikeSpec, DropSpec, PieceSpec, PieceZone};
    use crate::legal;
    use crate::moves::MoveList;
    use crate::piece::Kind;
    use crate::rules::Rules;
    use crate::validate::position_from_fen;
    use crate::Color;

    /// A small shogi-like game as a spec: a king, a silver (`s`, FfW)
    /// promoting to a gold that keeps its origin (`g`, WfF), a wazir (`w`)
    /// promoting to a rook that is also a piece of its own (`r`), on 5×5
    /// with a two-rank zone and drops.
    fn game(forced: bool) -> ChessLike {
        let mut silver = PieceSpec::piece('s', "FfW");
        silver.promotes = Some('g');
        let mut gold = PieceSpec::piece('g', "WfF").named("promoted silver");
        gold.reverts = Some('s');
        let mut wazir = PieceSpec::piece('w', "W");
        wazir.promotes = Some('r');
        let army = vec![
            PieceSpec::king(),
            silver,
            gold,
            wazir,
            PieceSpec::piece('r', "R"),
        ];
        ChessLike::new(ChessLikeSpec {
            name: "promotion test".into(),
            rows: 5,
            cols: 5,
            start_fen: "k4/5/5/5/4K[] w 0".into(),
            armies: [army.clone(), army],
            promotion: super::super::PromotionRules {
                zone: 2,
                pieces: PieceZone::Zone { forced },
                ..Default::default()
            },
            drops: Some(DropSpec::default()),
            ..Default::default()
        })
        .expect("the spec compiles")
    }

    fn moves_of(rules: &dyn Rules, fen: &str, from: &str) -> Vec<String> {
        legal::sorted_coordinates_from(rules, fen, from)
    }

    #[test]
    fn a_move_into_within_or_out_of_the_zone_may_promote() {
        let rules = game(false);
        // Into the zone (c3 to c4): the silver may promote or stay.
        let into = moves_of(&rules, "k4/5/2S2/5/4K[] w 0", "c3");
        assert!(into.contains(&"c3c4".to_string()), "{into:?}");
        assert!(into.contains(&"c3c4g".to_string()), "{into:?}");
        // Outside the zone (c2 to c3), no promotion.
        let outside = moves_of(&rules, "k4/5/5/2S2/4K[] w 0", "c2");
        assert!(outside.iter().all(|m| !m.ends_with('g')), "{outside:?}");
        // Out of the zone (d4 to c3, backwards): it may promote too.
        let out = moves_of(&rules, "k4/3S1/5/5/4K[] w 0", "d4");
        assert!(out.contains(&"d4c3g".to_string()), "{out:?}");
        assert!(out.contains(&"d4c3".to_string()), "{out:?}");
        // A promoted silver moves as a gold; it is written `+S`.
        let pos = position_from_fen(&rules, "k4/2+S2/5/5/4K[] w 0").unwrap();
        let c4 = rules.geometry().parse_square("c4").unwrap();
        assert_eq!(pos.board.cell(c4).kind(Color::White), Some(Kind(b'g')));
        assert!(crate::fen::standard_fen(&rules, &pos).starts_with("k4/2+S2/"));
    }

    #[test]
    fn a_forced_promotion_leaves_no_plain_move_in_the_zone() {
        let rules = game(true);
        let into = moves_of(&rules, "k4/5/2S2/5/4K[] w 0", "c3");
        assert!(into.contains(&"c3c4g".to_string()), "{into:?}");
        assert!(!into.contains(&"c3c4".to_string()), "{into:?}");
        // Below the zone the silver moves plainly.
        let outside = moves_of(&rules, "k4/5/5/2S2/4K[] w 0", "c2");
        assert!(outside.contains(&"c2c3".to_string()), "{outside:?}");
        // The wazir promotes to the rook, a piece of its own: no origin kept.
        let wazir = moves_of(&rules, "k4/5/2W2/5/4K[] w 0", "c3");
        assert!(wazir.contains(&"c3c4r".to_string()), "{wazir:?}");
        assert!(!wazir.contains(&"c3c4".to_string()), "{wazir:?}");
    }

    #[test]
    fn a_captured_promoted_piece_returns_to_hand_as_its_origin() {
        let rules = game(false);
        let mut pos = position_from_fen(&rules, "k4/+S4/5/5/4K[] b 0").unwrap();
        let mut moves = MoveList::new();
        legal::legal_moves(&rules, &mut pos, &mut moves);
        let take = moves
            .iter()
            .find(|m| crate::notation::coordinate(&rules, m) == "a5a4")
            .copied()
            .expect("the king takes the promoted silver");
        rules.play(&mut pos, &take);
        assert_eq!(pos.state.hands.count(Color::Black, Kind(b's')), 1);
        assert_eq!(pos.state.hands.count(Color::Black, Kind(b'g')), 0);
        // The promoted form is never in hand, so never dropped.
        assert!(!rules.hand_kinds(Color::White).contains(Kind(b'g')));
    }

    #[test]
    fn a_promotion_limit_stops_a_promotion_while_the_side_has_enough_of_the_kind() {
        // One rook at most: the wazir promotes only while White has none,
        // and with the promotion forced it then moves plainly.
        let mut spec = game(true).spec().clone();
        spec.promotion.limits = vec![(Kind::ROOK, 1)].into();
        spec.armies[0].push(PieceSpec::pawn());
        spec.armies[1].push(PieceSpec::pawn());
        spec.promotions = [vec![Kind::ROOK, Kind(b's')], vec![Kind::ROOK, Kind(b's')]];
        let rules = ChessLike::new(spec).expect("the spec compiles");
        let free = moves_of(&rules, "4k/5/2W2/5/4K[] w 0", "c3");
        assert_eq!(free, ["c3b3", "c3c2", "c3c4r", "c3d3"], "{free:?}");
        let full = moves_of(&rules, "4k/5/2W2/5/R3K[] w 0", "c3");
        assert_eq!(full, ["c3b3", "c3c2", "c3c4", "c3d3"], "{full:?}");
        // A pawn's promotion to the rook goes too; the silver stays.
        let pawn = moves_of(&rules, "4k/1P3/5/5/R3K[] w 0", "b4");
        assert_eq!(pawn, ["b4b5s"], "{pawn:?}");
        // Black's rook does not count for White.
        let theirs = moves_of(&rules, "3rk/1P3/5/5/4K[] w 0", "b4");
        assert_eq!(theirs, ["b4b5r", "b4b5s"], "{theirs:?}");
    }

    #[test]
    fn a_revert_that_does_not_match_a_promotion_is_refused() {
        let mut spec = game(false).spec().clone();
        for army in &mut spec.armies {
            for p in army.iter_mut() {
                if p.letter == 'g' {
                    p.reverts = Some('w');
                }
            }
        }
        let err = ChessLike::new(spec).err().expect("refused");
        assert!(err.to_string().contains("does not promote to it"), "{err}");
    }
    /// Pawns that promote on listed squares: White's on b5 and e4, Black's
    /// on a1 only (as Fairy-Stockfish's `promotionRegionWhite/Black`).
    fn listed_squares() -> ChessLike {
        ChessLike::new(ChessLikeSpec {
            name: "promotion squares test".into(),
            rows: 5,
            cols: 5,
            start_fen: "k4/5/5/5/4K w 0 -".into(),
            armies: [
                vec![
                    PieceSpec::king(),
                    PieceSpec::pawn(),
                    PieceSpec::piece('q', "Q"),
                ],
                vec![
                    PieceSpec::king(),
                    PieceSpec::pawn(),
                    PieceSpec::piece('q', "Q"),
                ],
            ],
            promotions: [vec![Kind(b'q')], vec![Kind(b'q')]],
            double_step: [true, true],
            promotion: super::super::PromotionRules {
                squares: Some([vec!["b5".into(), "e4".into()], vec!["a1".into()]]),
                ..Default::default()
            },
            ..Default::default()
        })
        .expect("the spec compiles")
    }

    #[test]
    fn pawns_promote_on_the_listed_squares_only() {
        let rules = listed_squares();
        // c4 to c5 is the last rank but not listed: a plain move.
        let c = moves_of(&rules, "4k/2P2/5/5/K4 w 0 -", "c4");
        assert_eq!(c, ["c4c5"]);
        // b4 to b5 is listed: it must promote.
        let b = moves_of(&rules, "4k/1P3/5/5/K4 w 0 -", "b4");
        assert_eq!(b, ["b4b5q"]);
        // A double step onto a listed square promotes (e2 to e4).
        let e = moves_of(&rules, "4k/5/5/4P/K4 w 0 -", "e2");
        assert_eq!(e, ["e2e3", "e2e4q"]);
        // A pawn may stand on the last rank off its squares, not on them.
        assert!(position_from_fen(&rules, "2P1k/5/5/5/K4 w 0 -").is_ok());
        assert!(position_from_fen(&rules, "1P2k/5/5/5/K4 w 0 -").is_err());
        assert!(position_from_fen(&rules, "4k/5/5/5/K3P w 0 -").is_ok());
        assert!(position_from_fen(&rules, "k4/4P/5/5/K4 w 0 -").is_err());
        // Black's one square.
        let a = moves_of(&rules, "k4/5/5/p4/4K b 0 -", "a2");
        assert_eq!(a, ["a2a1q"]);
    }
}
