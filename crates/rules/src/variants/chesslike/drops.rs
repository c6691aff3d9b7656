//! Hands and drops for a spec with [`DropSpec`]: which kinds are held, the
//! squares each may be dropped on, captures going to hand, and promoted
//! pawns that keep their origin. The drop moves and the hand updates are
//! the family's shared helpers (`variants/hands/drops.rs`); this file
//! only says where a drop is allowed. Nothing here runs for a spec
//! without drops.

use super::compile::{CompiledPiece, SpecError};
use super::{ChessLike, ChessLikeSpec, DropSpec, PieceSpec};
use crate::color::Color;
use crate::geometry::{Geometry, NO_SQUARE};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::Position;
use crate::square::Square;
use crate::squareset::SquareSet;
use crate::variants::hands::drops as shared;

/// A [`DropSpec`] made into what move generation asks.
#[derive(Clone, Debug)]
pub(super) struct CompiledDrops {
    /// The kinds a side holds, in the order drops are listed.
    hand: Vec<Kind>,
    hand_set: KindSet,
    /// (board kind of a promoted pawn, the kind it moves as).
    promoted: Vec<(Kind, Kind)>,
    /// What a captured promoted pawn becomes in hand.
    pawn: Option<Kind>,
    /// (promoted piece, its origin): what it becomes in hand
    /// ([`PieceSpec::reverts`]).
    reverts: Vec<(Kind, Kind)>,
    /// Kinds the pawn drop rules apply to.
    pawns: KindSet,
    /// Where each side may drop.
    region: [SquareSet; 2],
    pawn_first_rank: bool,
    pawn_promotion_zone: bool,
    no_doubled: Option<(Kind, u8)>,
    captures_to_hand: bool,
    /// With `immobility_illegal`: for each side, the kinds and the squares
    /// where they would have no move on an empty board.
    immobile: Option<[Vec<(Kind, SquareSet)>; 2]>,
    /// The names of the promoted pieces.
    names: Vec<(Kind, super::Text)>,
    must_drop: bool,
    gravity: bool,
}

/// The pieces a spec's promoted pawns stand as: each a copy of its base
/// piece under the letter the spec gives it, for both sides.
pub(super) fn promoted_pieces(spec: &ChessLikeSpec) -> Result<[Vec<PieceSpec>; 2], SpecError> {
    let mut out = [Vec::new(), Vec::new()];
    let Some(d) = &spec.drops else {
        return Ok(out);
    };
    for (side, army) in spec.armies.iter().enumerate() {
        for &(twin, base) in &d.promoted {
            if army.iter().any(|p| p.letter == twin) {
                return Err(SpecError::Armies(format!(
                    "the promoted piece `{twin}` has the letter of a piece of the army"
                )));
            }
            let Some(b) = army.iter().find(|p| p.letter == base) else {
                return Err(SpecError::Armies(format!(
                    "`{twin}` is a promoted `{base}`, which is no piece of the army"
                )));
            };
            let name = format!("promoted {}", b.name.as_deref().unwrap_or(base_name(base)));
            let mut piece = PieceSpec {
                betza: b.betza.clone(),
                ..PieceSpec::piece(twin, "")
            }
            .named(name);
            piece.en_passant = b.en_passant;
            out[side].push(piece);
        }
    }
    Ok(out)
}

/// A chess letter's name, for the name of its promoted form.
fn base_name(letter: char) -> &'static str {
    match letter {
        'q' => "queen",
        'r' => "rook",
        'b' => "bishop",
        'n' => "knight",
        _ => "piece",
    }
}

impl CompiledDrops {
    pub(super) fn new(
        d: &DropSpec,
        spec: &ChessLikeSpec,
        g: &Geometry,
        pieces: &[CompiledPiece],
        index: &[[u8; 128]; 2],
    ) -> Result<CompiledDrops, SpecError> {
        if spec.army_choice.is_some() {
            return Err(SpecError::Armies(
                "drops with armies chosen by the FEN are not supported".into(),
            ));
        }
        // A captured piece changes sides: whatever one side holds, the
        // other must be able to play.
        let letters = |side: usize| {
            let mut l: Vec<char> = spec.armies[side].iter().map(|p| p.letter).collect();
            l.sort_unstable();
            l
        };
        if letters(0) != letters(1) {
            return Err(SpecError::Armies(
                "drops need the same pieces for both sides (a captured piece changes sides)".into(),
            ));
        }
        let names = promoted_pieces(spec)?[0]
            .iter()
            .map(|p| {
                (
                    Kind(p.letter as u8),
                    p.name.clone().unwrap_or("promoted piece".into()),
                )
            })
            .collect();
        let promoted: Vec<(Kind, Kind)> = d
            .promoted
            .iter()
            .map(|&(t, b)| (Kind(t as u8), Kind(b as u8)))
            .collect();
        let mut hand = Vec::new();
        let mut pawns = KindSet::EMPTY;
        let mut reverts = Vec::new();
        for p in spec.armies.iter().flatten() {
            let k = Kind(p.letter as u8);
            if p.pawn {
                pawns.insert(k);
            }
            // A promoted piece that reverts is never held as itself.
            if let Some(origin) = p.reverts {
                if !reverts.iter().any(|(t, _)| *t == k) {
                    reverts.push((k, Kind(origin as u8)));
                }
                continue;
            }
            if !hand.contains(&k) && crate::position::Hands::can_hold(k) {
                hand.push(k);
            }
        }
        let pawn = spec.armies[0]
            .iter()
            .find(|p| p.pawn)
            .map(|p| Kind(p.letter as u8));
        if !promoted.is_empty() && pawn.is_none() {
            return Err(SpecError::Armies(
                "promoted pieces without a pawn to go back to".into(),
            ));
        }
        let mut region = [SquareSet::EMPTY; 2];
        for (side, names) in d.region.iter().enumerate() {
            if names.is_empty() {
                region[side] = g.squares().collect();
                continue;
            }
            for name in names {
                let sq = g.parse_square(name).ok_or_else(|| {
                    SpecError::Armies(format!("drop square `{name}` is not on the board"))
                })?;
                region[side].insert(sq);
            }
        }
        let immobile = d.immobility_illegal.then(|| {
            Color::ALL.map(|c| {
                let mut list = Vec::new();
                for (kind_byte, &i) in index[c.index()].iter().enumerate() {
                    if i == super::compile::NONE {
                        continue;
                    }
                    let def = &pieces[i as usize];
                    let stuck: SquareSet =
                        g.squares().filter(|&s| !has_a_move(g, def, s)).collect();
                    if !stuck.is_empty() {
                        list.push((Kind(kind_byte as u8), stuck));
                    }
                }
                list
            })
        });
        Ok(CompiledDrops {
            hand_set: hand.iter().copied().collect(),
            hand,
            promoted,
            pawn,
            reverts,
            pawns,
            region,
            pawn_first_rank: d.pawn_first_rank,
            pawn_promotion_zone: d.pawn_promotion_zone,
            no_doubled: d.no_doubled.map(|(c, n)| (Kind(c as u8), n)),
            captures_to_hand: d.captures_to_hand,
            immobile,
            names,
            must_drop: d.must_drop,
            gravity: d.gravity,
        })
    }

    /// Whether a side must drop while it can (`must_drop`).
    pub(super) fn must_drop(&self) -> bool {
        self.must_drop
    }

    /// A promoted piece's name.
    pub(super) fn name_of(&self, kind: Kind) -> Option<&str> {
        self.names
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, n)| &**n)
    }

    pub(super) fn hand_kinds(&self) -> KindSet {
        self.hand_set
    }

    /// The board kind of a pawn promoted to `base`.
    pub(super) fn promoted_kind(&self, base: Kind) -> Option<Kind> {
        self.promoted
            .iter()
            .find(|(_, b)| *b == base)
            .map(|(t, _)| *t)
    }

    /// What a captured `kind` becomes in its capturer's hand.
    fn in_hand(&self, kind: Kind) -> Option<Kind> {
        if self.promoted.iter().any(|(t, _)| *t == kind) {
            return self.pawn;
        }
        if let Some(&(_, origin)) = self.reverts.iter().find(|(t, _)| *t == kind) {
            return Some(origin);
        }
        self.hand_set.contains(kind).then_some(kind)
    }

    /// Whether `kind` stands on `sq` where it could never move (with
    /// `immobility_illegal`).
    fn immobile_at(&self, color: Color, kind: Kind, sq: Square) -> bool {
        self.immobile.as_ref().is_some_and(|lists| {
            lists[color.index()]
                .iter()
                .any(|(k, stuck)| *k == kind && stuck.contains(sq))
        })
    }
}

/// Whether a piece on `s` has a move on an empty board (Fairy-Stockfish's
/// `immobilityIllegal` looks at its moves, not its captures).
fn has_a_move(g: &Geometry, def: &CompiledPiece, s: Square) -> bool {
    let rays = def.both.iter().chain(&def.quiet);
    if rays
        .into_iter()
        .any(|r| g.step_raw(s.0, r.dir) != NO_SQUARE)
    {
        return true;
    }
    def.special.iter().any(|sp| {
        !sp.initial
            && sp.mode != crate::betza::Mode::CaptureOnly
            && g.square(
                (i16::from(g.file(s)) + i16::from(sp.df))
                    .try_into()
                    .unwrap_or(u8::MAX),
                (i16::from(g.rank(s)) + i16::from(sp.dr))
                    .try_into()
                    .unwrap_or(u8::MAX),
            )
            .is_some()
    })
}

impl ChessLike {
    /// Why `piece` may not be dropped on `to` (the `Rules` method), in words.
    pub(super) fn why_no_drop(
        &self,
        pos: &Position,
        piece: Piece,
        to: Square,
    ) -> Option<&'static str> {
        let d = self.drops.as_deref()?;
        let g = &self.geometry;
        let c = piece.color;
        if !d.region[c.index()].contains(to) {
            return Some("pieces may not be dropped there");
        }
        if d.pawns.contains(piece.kind) {
            if !d.pawn_promotion_zone && self.pawn_promotes_on(to, g.relative_rank(to, c), c) {
                return Some("a pawn may not be dropped in its promotion zone");
            }
            if !d.pawn_first_rank && g.relative_rank(to, c) == 0 {
                return Some("a pawn may not be dropped on the first rank");
            }
        }
        if let Some((k, n)) = d.no_doubled.filter(|(k, _)| *k == piece.kind) {
            let file = g.file(to);
            let own = (0..g.rows())
                .filter_map(|r| g.square(file, r))
                .filter(|&s| pos.board.cell(s).piece(c) == Some(Piece::new(c, k)))
                .count();
            if own >= usize::from(n) {
                return Some("this piece may not be dropped on a file that holds its side's own");
            }
        }
        if d.immobile_at(c, piece.kind, to) {
            return Some("the piece could never move from there");
        }
        if d.gravity
            && g.rank(to) > 0
            && g.offset(to, 0, -1)
                .is_some_and(|below| pos.board.cell(below).is_empty())
        {
            return Some("a piece is dropped on the first rank or on another piece");
        }
        None
    }

    /// `must_drop`: while a drop is legal, only drops are (the legal list,
    /// so a drop that would leave the king in check does not count).
    pub(super) fn drops_first(&self, legal: &mut MoveList) {
        if self.drops.as_deref().is_some_and(|d| d.must_drop) && legal.iter().any(Move::is_drop) {
            legal.retain(Move::is_drop);
        }
    }

    /// Appends the side to move's drops (after its moves), and with
    /// `immobility_illegal` removes moves that strand a piece.
    pub(super) fn drop_moves(&self, pos: &Position, out: &mut MoveList, start: usize) {
        let Some(d) = self.drops.as_deref() else {
            return;
        };
        if !d.promoted.is_empty() {
            // A promoted pawn lands as its own letter; the intent keeps
            // the kind it moves as, so notation writes `e8=Q`.
            for mv in &mut out[start..] {
                if let Some(k) = mv.intent.promotion.and_then(|b| d.promoted_kind(b)) {
                    shared::land_as(mv, k);
                }
            }
        }
        if d.immobile.is_some() {
            let mut i = start;
            while i < out.len() {
                let m = &out[i];
                let stranded = matches!(m.intent.kind, MoveKind::Normal | MoveKind::DoubleStep)
                    && m.intent.promotion.is_none()
                    && d.immobile_at(m.color(), m.intent.piece.kind, m.intent.to);
                if stranded {
                    out.remove(i);
                } else {
                    i += 1;
                }
            }
        }
        if pos.state.hands.is_empty_for(pos.turn()) {
            return;
        }
        shared::push_drops(
            &self.geometry,
            pos,
            &d.hand,
            |p, sq| self.why_no_drop(pos, p, sq).is_none(),
            out,
        );
    }

    /// After `mv`: what it captured goes to the mover's hand.
    #[inline]
    pub(super) fn captures_to_hand(&self, pos: &mut Position, mv: &Move) {
        if let Some(d) = self.drops.as_deref() {
            if d.captures_to_hand {
                shared::captures_to_hand(pos, mv, |k| d.in_hand(k));
                if self.blast.is_some() && mv.intent.capture {
                    self.own_blasted_to_hand(d, pos, mv);
                }
            }
        }
    }

    /// Fairy-Stockfish hands every piece an explosion removes to its
    /// owner's opponent: the mover's own blasted pieces, the capturer
    /// first, go to the enemy's hand (the enemy's went to the mover's).
    fn own_blasted_to_hand(&self, d: &CompiledDrops, pos: &mut Position, mv: &Move) {
        let mover = mv.color();
        // An immune capturer that landed did not explode.
        let survived = !mv.effect.appear.is_empty();
        for v in mv.effect.vanish.as_slice() {
            if v.piece.color != mover || (survived && v.square == mv.intent.from) {
                continue;
            }
            if let Some(k) = d.in_hand(v.piece.kind) {
                pos.state.hands.add(mover.opposite(), k);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ChessLike, ChessLikeSpec, DropSpec};
    use crate::legal;
    use crate::moves::MoveList;
    use crate::piece::Kind;
    use crate::rules::Rules;
    use crate::validate::position_from_fen;
    use crate::Color;

    /// Crazyhouse as a spec: chess, captures to hand, promoted pawns kept
    /// apart under vchess's letters.
    fn crazyhouse(drops: DropSpec) -> ChessLike {
        let promotions = vec![Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT];
        let army = crate::variants::chess::army();
        ChessLike::new(ChessLikeSpec {
            name: "Crazyhouse as a spec".into(),
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w 0 ahah -".into(),
            armies: [army.clone(), army],
            promotions: [promotions.clone(), promotions],
            double_step: [true, true],
            castling: [true, true],
            drops: Some(DropSpec {
                promoted: vec![('t', 'q'), ('u', 'r'), ('c', 'b'), ('o', 'n')],
                ..drops
            }),
            ..Default::default()
        })
        .expect("the spec compiles")
    }

    fn perft(rules: &dyn Rules, fen: &str, depth: u32) -> u64 {
        let mut pos = position_from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        legal::perft(rules, &mut pos, depth)
    }

    #[test]
    fn drop_positions_count_as_the_public_crazyhouse_suites_do() {
        let zh = crazyhouse(DropSpec::default());
        // Fairy-Stockfish's and shakmaty's counts (fixtures/perft-crazyhouse.txt).
        for (fen, depth, count) in [
            ("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 2, 3083),
            ("2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 1, 301),
            (
                "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
                2,
                1347,
            ),
            ("4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1", 3, 5445),
            (
                "r3k2r/pPp2ppp/8/8/8/8/PPP2PPP/R3K2R[PPpp] w KQkq - 0 1",
                2,
                3424,
            ),
        ] {
            assert_eq!(perft(&zh, fen, depth), count, "{fen}");
        }
    }

    #[test]
    fn a_captured_promoted_piece_returns_to_hand_as_a_pawn() {
        let zh = crazyhouse(DropSpec::default());
        let mut pos = position_from_fen(&zh, "4k3/1Q~6/8/8/4b3/8/K7/8 b - - 0 1").unwrap();
        let take = take_on(&zh, &pos, "b7");
        zh.play(&mut pos, &take);
        assert_eq!(pos.state.hands.count(Color::Black, Kind::PAWN), 1);
        assert_eq!(pos.state.hands.count(Color::Black, Kind::QUEEN), 0);
        // Written back as standard FEN marks it, the promoted queen was `Q~`.
        let start = position_from_fen(&zh, "4k3/1Q~6/8/8/8/8/K7/8 w - - 0 1").unwrap();
        assert!(crate::fen::standard_fen(&zh, &start).starts_with("4k3/1Q~6/"));
        // Without the promoted letters (Loop chess), it returns as a queen.
        let looped = ChessLike::new(ChessLikeSpec {
            drops: Some(DropSpec::default()),
            ..zh.spec().clone()
        })
        .unwrap();
        let mut pos = position_from_fen(&looped, "4k3/1Q6/8/8/4b3/8/K7/8 b - - 0 1").unwrap();
        let take = take_on(&looped, &pos, "b7");
        looped.play(&mut pos, &take);
        assert_eq!(pos.state.hands.count(Color::Black, Kind::QUEEN), 1);
    }

    fn take_on(rules: &ChessLike, pos: &crate::position::Position, to: &str) -> crate::moves::Move {
        let mut moves = MoveList::new();
        legal::legal_moves(rules, &mut pos.clone(), &mut moves);
        let to = rules.geometry.parse_square(to).unwrap();
        *moves
            .iter()
            .find(|m| m.intent.capture && m.intent.to == to)
            .unwrap()
    }

    /// The drops of the side to move, as square names.
    fn drop_squares(rules: &ChessLike, fen: &str) -> Vec<String> {
        let mut pos = position_from_fen(rules, fen).unwrap();
        let mut moves = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut moves);
        moves
            .iter()
            .filter(|m| m.is_drop())
            .map(|m| rules.geometry.square_name(m.intent.to))
            .collect()
    }

    #[test]
    fn pawns_are_dropped_neither_on_the_first_rank_nor_in_the_zone_unless_told() {
        let fen = "k7/8/8/8/8/8/8/K7[P] w - - 0 1";
        let zh = crazyhouse(DropSpec::default());
        let squares = drop_squares(&zh, fen);
        assert_eq!(squares.len(), 62 - 14);
        assert!(!squares.iter().any(|s| s.ends_with('1') || s.ends_with('8')));
        // Chessgi: the first rank too; Shogun's keys: the zone too.
        let first = crazyhouse(DropSpec {
            pawn_first_rank: true,
            ..Default::default()
        });
        assert_eq!(drop_squares(&first, fen).len(), 62 - 8 + 1);
        let anywhere = crazyhouse(DropSpec {
            pawn_first_rank: true,
            pawn_promotion_zone: true,
            ..Default::default()
        });
        assert_eq!(drop_squares(&anywhere, fen).len(), 62);
        // No pawn on a file holding one already (shogi's nifu), a knight
        // free: 5 files are left for the pawn on ranks 2 to 7.
        let nifu = crazyhouse(DropSpec {
            no_doubled: Some(('p', 1)),
            ..Default::default()
        });
        let fen = "k7/3p4/8/8/8/8/1P1P1P2/K7[P] w - - 0 1";
        assert_eq!(drop_squares(&nifu, fen).len(), 5 * 6);
    }

    #[test]
    fn a_drop_region_and_immobility_narrow_the_squares() {
        let zh = crazyhouse(DropSpec {
            region: [
                vec!["a1".into(), "b1".into(), "c8".into()],
                vec!["h8".into()],
            ],
            ..Default::default()
        });
        assert_eq!(
            drop_squares(&zh, "k7/8/8/8/8/8/8/7K[N] w - - 0 1"),
            ["a1", "b1", "c8"]
        );
        // A lance (forward rider) may never be dropped on its last rank.
        let mut spec = zh.spec().clone();
        for army in &mut spec.armies {
            army.push(super::super::PieceSpec::piece('l', "fR"));
        }
        spec.drops = Some(DropSpec {
            immobility_illegal: true,
            ..Default::default()
        });
        let lance = ChessLike::new(spec).unwrap();
        let squares = drop_squares(&lance, "k7/8/8/8/8/8/8/7K[L] w - - 0 1");
        assert_eq!(squares.len(), 62 - 7);
        assert!(!squares.iter().any(|s| s.ends_with('8')));
    }

    #[test]
    fn drops_refuse_armies_that_differ_and_a_promoted_letter_of_the_army() {
        let mut spec = crazyhouse(DropSpec::default()).spec().clone();
        spec.armies[1].push(super::super::PieceSpec::piece('l', "fR"));
        let err = ChessLike::new(spec).err().expect("refused");
        assert!(err.to_string().contains("same pieces"), "{err}");
        let mut spec = crazyhouse(DropSpec::default()).spec().clone();
        spec.drops = Some(DropSpec {
            promoted: vec![('n', 'q')],
            ..Default::default()
        });
        let err = ChessLike::new(spec).err().expect("refused");
        assert!(err.to_string().contains("`n`"), "{err}");
    }

    /// Picaria's and Connect Four's hands: stones of one kind, dropped
    /// from the start's hands, never captured.
    fn stones(betza: &'static str, rows: u8, cols: u8, drops: DropSpec) -> ChessLike {
        let army = vec![super::super::PieceSpec::piece('p', betza)];
        ChessLike::new(ChessLikeSpec {
            name: "stones".into(),
            rows,
            cols,
            start_fen: "3/3/3[PPPppp] w 0 -".into(),
            armies: [army.clone(), army],
            drops: Some(DropSpec {
                captures_to_hand: false,
                ..drops
            }),
            win: super::super::WinSpec {
                checkmate: false,
                royals: None,
                ..Default::default()
            },
            ..Default::default()
        })
        .expect("the spec compiles")
    }

    fn legal_count(rules: &ChessLike, fen: &str) -> (usize, usize) {
        let mut pos = position_from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut moves = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut moves);
        let drops = moves.iter().filter(|m| m.is_drop()).count();
        (drops, moves.len() - drops)
    }

    #[test]
    fn a_side_that_must_drop_moves_only_once_its_hand_is_empty() {
        let free = stones("mK", 3, 3, DropSpec::default());
        let must = stones(
            "mK",
            3,
            3,
            DropSpec {
                must_drop: true,
                ..Default::default()
            },
        );
        // White's stone on a1 has 2 free steps; 7 empty squares to drop on.
        let fen = "3/1p1/P2[Pp] w - - 0 1";
        assert_eq!(legal_count(&free, fen), (7, 2));
        assert_eq!(legal_count(&must, fen), (7, 0));
        // With the hand empty, the stones move.
        let fen = "3/1p1/P2[p] w - - 0 1";
        assert_eq!(legal_count(&must, fen), (0, 2));
        // Picaria's start, as Fairy-Stockfish counts it: drops only.
        let mut start = position_from_fen(&must, "3/3/3[PPPppp] w - - 0 1").unwrap();
        assert_eq!(legal::perft(&must, &mut start, 4), 9 * 8 * 7 * 6);
    }

    #[test]
    fn with_gravity_a_drop_lands_on_the_first_rank_or_on_a_piece() {
        let four = stones(
            "",
            3,
            3,
            DropSpec {
                gravity: true,
                ..Default::default()
            },
        );
        let fen = "3/3/3[Pp] w - - 0 1";
        assert_eq!(drop_squares(&four, fen), ["a1", "b1", "c1"]);
        let fen = "3/p2/P1p[Pp] w - - 0 1";
        assert_eq!(drop_squares(&four, fen), ["b1", "c2", "a3"]);
        let pos = position_from_fen(&four, fen).unwrap();
        let stone = crate::piece::Piece::new(Color::White, Kind(b'p'));
        let b2 = four.geometry.parse_square("b2").unwrap();
        assert!(four.why_no_drop(&pos, stone, b2).is_some());
    }
}
