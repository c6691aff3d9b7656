//! Chess with different armies (Cwda): each side plays one of four armies
//! (Colorbound Clobberers, Nutty Knights, Remarkable Rookies, FIDE), named by
//! vchess's last FEN field (`CN`: White's, then Black's). Each of the sixteen
//! pairs is a chess-like spec of its own, compiled on first use; the
//! position's `state.variant` says which pair plays.

use std::sync::OnceLock;

use crate::board::Board;
use crate::color::Color;
use crate::fen::{FenStyle, Field};
use crate::geometry::{file_char, Geometry};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chesslike::{CastlingRules, ChessLike, ChessLikeSpec, PieceSpec};

/// One army: its field letter, its pieces (rook, knight, bishop, queen,
/// king, pawn, as vchess orders its letters) with their moves and names.
struct Army {
    code: char,
    pieces: [(char, &'static str, &'static str); 6],
}

/// The four armies, in the order of their index in `state.variant`.
const ARMIES: [Army; 4] = [
    Army {
        code: 'C',
        pieces: [
            ('d', "BD", "bede"),
            ('w', "WA", "waffle"),
            ('f', "FAD", "fad"),
            ('c', "BN", "cardinal"),
            ('m', "K", "king"),
            ('z', "fmWfcF", "pawn"),
        ],
    },
    Army {
        code: 'N',
        pieces: [
            ('g', "fsRbK", "charging rook"),
            ('i', "vNF", "fibnif"),
            ('t', "fNsWbK", "charging knight"),
            ('l', "fsRfNFbW", "colonel"),
            ('e', "K", "king"),
            ('v', "fmWfcF", "pawn"),
        ],
    },
    Army {
        code: 'R',
        pieces: [
            ('s', "R4", "short rook"),
            ('y', "WD", "woody rook"),
            ('h', "FDH", "half-duck"),
            ('o', "RN", "chancellor"),
            ('a', "K", "king"),
            ('u', "fmWfcF", "pawn"),
        ],
    },
    Army {
        code: 'F',
        pieces: [
            ('r', "R", "rook"),
            ('n', "N", "knight"),
            ('b', "B", "bishop"),
            ('q', "Q", "queen"),
            ('k', "K", "king"),
            ('p', "fmWfcF", "pawn"),
        ],
    },
];

/// The army of index `i` (0..4).
fn army(i: usize) -> &'static Army {
    &ARMIES[i % 4]
}

/// The army whose piece `letter` (lowercase) is.
fn army_of(letter: char) -> Option<usize> {
    ARMIES
        .iter()
        .position(|a| a.pieces.iter().any(|(l, _, _)| *l == letter))
}

/// The chess start with each side's army (vchess's letters of its pieces).
fn start_fen(white: usize, black: usize) -> String {
    let rank = |a: &Army| -> String {
        let [r, n, b, q, k, _] = a.pieces.map(|p| p.0);
        [r, n, b, q, k, b, n, r].iter().collect()
    };
    let (w, b) = (army(white), army(black));
    format!(
        "{}/{}/8/8/8/8/{}/{} w 0 ahah - {}{}",
        rank(b),
        b.pieces[5].0.to_string().repeat(8),
        w.pieces[5].0.to_ascii_uppercase().to_string().repeat(8),
        rank(w).to_ascii_uppercase(),
        w.code,
        b.code
    )
}

/// How a side of army `a` castles: with its rook; the Clobberers' king and
/// rook go to b and c on the long side, so that the rook keeps its colour.
fn castling_of(a: usize) -> CastlingRules {
    let mut rules = CastlingRules {
        rook: Kind(army(a).pieces[0].0 as u8),
        ..Default::default()
    };
    if army(a).code == 'C' {
        rules.king_to = Some([1, 6]);
        rules.rook_to = Some([2, 5]);
    }
    rules
}

/// The spec of one pair: each side's army, plus the other army's pieces,
/// which it may get by promotion (a pawn becomes a piece of either army).
fn spec(white: usize, black: usize) -> ChessLikeSpec {
    let pieces = |a: usize, with_king: bool| -> Vec<PieceSpec> {
        army(a)
            .pieces
            .iter()
            .enumerate()
            .filter(|(i, _)| with_king || *i < 4)
            .map(|(i, &(letter, betza, name))| {
                let mut p = PieceSpec::piece(letter, betza).named(name);
                p.royal = i == 4;
                p.pawn = i == 5;
                p
            })
            .collect()
    };
    let mut promotions: Vec<Kind> = pieces(white, false)
        .iter()
        .map(|p| Kind(p.letter as u8))
        .collect();
    let mut white_army = pieces(white, true);
    let mut black_army = pieces(black, true);
    // vchess takes the chess king for a king in every army (and its
    // position check wants `k` and `K`): each side may have it.
    const FIDE: usize = 3;
    for (a, army) in [(white, &mut white_army), (black, &mut black_army)] {
        if a != FIDE {
            army.push(PieceSpec::king());
        }
    }
    if black != white {
        promotions.extend(pieces(black, false).iter().map(|p| Kind(p.letter as u8)));
        white_army.extend(pieces(black, false));
        black_army.extend(pieces(white, false));
    }
    ChessLikeSpec {
        name: "Cwda",
        // Compiled once per pair and kept for the process.
        start_fen: Box::leak(start_fen(white, black).into_boxed_str()),
        armies: [white_army, black_army],
        promotions: [promotions.clone(), promotions],
        double_step: [true, true],
        castling: [true, true],
        castle: castling_of(white),
        castle_black: Some(castling_of(black)),
        ..Default::default()
    }
}

/// Cwda's rules: the compiled pairs, each built when first played.
pub struct Cwda {
    pairs: [OnceLock<ChessLike>; 16],
    /// Every letter of every army (what a FEN may hold).
    kinds: KindSet,
    royal: KindSet,
    /// Every piece a pawn may become in some pair (notation's list).
    promotions: Vec<Kind>,
}

/// The pair vchess plays by default: Clobberers against Clobberers.
const DEFAULT_PAIR: usize = 0;

impl Cwda {
    pub fn new() -> Cwda {
        let mut kinds = KindSet::EMPTY;
        let mut royal = KindSet::EMPTY;
        let mut promotions = Vec::new();
        for a in &ARMIES {
            for (i, (letter, _, _)) in a.pieces.iter().enumerate() {
                let k = Kind(*letter as u8);
                kinds.insert(k);
                match i {
                    4 => royal.insert(k),
                    0..=3 => promotions.push(k),
                    _ => {}
                }
            }
        }
        Cwda {
            pairs: Default::default(),
            kinds,
            royal,
            promotions,
        }
    }

    /// The compiled rules of pair `i` (White's army × 4 + Black's).
    fn pair_rules(&self, i: usize) -> &ChessLike {
        self.pairs[i % 16].get_or_init(|| {
            // The sixteen specs are constants of this file, compiled by its tests.
            ChessLike::new(spec(i / 4, i % 4)).expect("a Cwda pair compiles")
        })
    }

    /// The pair a position plays: its armies field, or when it had none (a
    /// board-only diagram) the armies its pieces belong to.
    fn pair_of(&self, pos: &Position) -> usize {
        match pos.state.variant {
            n @ 1..=16 => n as usize - 1,
            _ => inferred_pair(pos),
        }
    }

    fn rules_of(&self, pos: &Position) -> &ChessLike {
        self.pair_rules(self.pair_of(pos))
    }
}

impl Default for Cwda {
    fn default() -> Self {
        Cwda::new()
    }
}

/// Each side's army from its pieces (its officers first: a diagram may draw
/// the chess king beside another army's pieces); a side without any takes
/// the other's army (or the Clobberers).
fn inferred_pair(pos: &Position) -> usize {
    // (rank of the evidence: 0 officer, 1 pawn, 2 king; army)
    let mut found: [Option<(usize, usize)>; 2] = [None, None];
    for (_, p) in pos.board.pieces() {
        let Some(a) = army_of(p.kind.char()) else {
            continue;
        };
        let i = army(a)
            .pieces
            .iter()
            .position(|(l, _, _)| *l == p.kind.char())
            .unwrap_or(0);
        let rank = match i {
            0..=3 => 0,
            5 => 1,
            _ => 2,
        };
        let slot = &mut found[p.color.index()];
        if slot.is_none_or(|(r, _)| rank < r) {
            *slot = Some((rank, a));
        }
    }
    let [w, b] = found.map(|f| f.map(|(_, a)| a));
    let default = w.or(b).unwrap_or(DEFAULT_PAIR / 4);
    w.unwrap_or(default) * 4 + b.unwrap_or(default)
}

/// Reads an armies field (`CN`) into a pair index.
fn read_pair(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let index = |c: char| ARMIES.iter().position(|a| a.code == c);
    let (w, b) = (index(chars.next()?)?, index(chars.next()?)?);
    chars.next().is_none().then_some(w * 4 + b)
}

impl Rules for Cwda {
    fn name(&self) -> &'static str {
        "Cwda"
    }
    fn geometry(&self) -> &Geometry {
        self.pair_rules(DEFAULT_PAIR).geometry()
    }
    fn start_fen(&self) -> &'static str {
        self.pair_rules(DEFAULT_PAIR).start_fen()
    }
    fn kinds(&self, _color: Color) -> KindSet {
        self.kinds
    }
    fn royal_kinds(&self) -> KindSet {
        self.royal
    }
    fn piece_name(&self, piece: Piece) -> String {
        let letter = piece.kind.char();
        ARMIES
            .iter()
            .flat_map(|a| a.pieces.iter())
            .find(|(l, _, _)| *l == letter)
            .map_or_else(
                || crate::rules::default_piece_name(piece),
                |p| p.2.to_string(),
            )
    }
    fn fen_style(&self) -> FenStyle {
        FenStyle {
            castling: [true, true],
            en_passant: true,
            ..Default::default()
        }
    }
    // Each army castles with its own rook: the flags are read here, not
    // checked against one rook kind.
    fn own_flags(&self) -> bool {
        true
    }
    fn read_flags_tail(&self, tail: &str, state: &mut State) -> bool {
        let files: Vec<u8> = tail.bytes().map(|b| b.wrapping_sub(b'a')).collect();
        if files.len() != 4 || files.iter().any(|f| *f > 8) {
            return tail == "-";
        }
        for (i, f) in files.iter().enumerate() {
            state.castling.0[i / 2][i % 2] = (*f < 8).then_some(*f);
        }
        true
    }
    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else {
            return;
        };
        match read_pair(&f.text) {
            Some(i) => state.variant = i as u64 + 1,
            None => problems.push(Problem::BadField {
                field: "armies",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }
    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let flags: String = Color::ALL
            .iter()
            .flat_map(|c| (0..2).map(move |side| (*c, side)))
            .map(|(c, side)| file_char(pos.state.castling.rook_file(c, side).unwrap_or(8)))
            .collect();
        let i = self.pair_of(pos);
        let armies = format!(" {}{}", army(i / 4).code, army(i % 4).code);
        (flags, armies)
    }
    // Every army's pawn double-steps: the standard reader knows `p` only.
    fn read_en_passant(&self, text: &str, board: &Board, state: &mut State) -> Option<bool> {
        if text == "-" {
            return Some(true);
        }
        let g = self.geometry();
        let Some(sq) = g.parse_square(text) else {
            return Some(false);
        };
        let mover = state.turn.opposite();
        let ahead = if mover == Color::White { 1 } else { -1 };
        let pawn_ahead = g
            .offset(sq, 0, ahead)
            .and_then(|s| board.cell(s).kind(mover))
            .is_some_and(|k| matches!(k.char(), 'p' | 'u' | 'v' | 'z'));
        let ok = g.relative_rank(sq, mover) == 2 && board.cell(sq).is_empty() && pawn_ahead;
        if ok {
            state.en_passant = Some(sq);
        }
        Some(ok)
    }
    fn promotions(&self, _color: Color) -> &[Kind] {
        &self.promotions
    }
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        self.rules_of(pos).pseudo_legal_moves(pos, out)
    }
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        self.rules_of(pos).royal_attacked(pos, color)
    }
    fn pinned(&self, pos: &Position) -> Option<crate::squareset::SquareSet> {
        self.rules_of(pos).pinned(pos)
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let pair = self.pair_of(pos);
        let undo = self.pair_rules(pair).play(pos, mv);
        // A board-only position keeps the pair it was played with.
        pos.state.variant = pair as u64 + 1;
        undo
    }
    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        self.rules_of(pos).variant_outcome(pos)
    }
    fn stalemate_outcome(&self, pos: &Position) -> Outcome {
        self.rules_of(pos).stalemate_outcome(pos)
    }
    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.rules_of(pos).position_problems(pos, offset_of, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_compiles_and_starts_with_its_armies() {
        let cwda = Cwda::new();
        for i in 0..16 {
            let rules = cwda.pair_rules(i);
            let fen = rules.start_fen();
            let armies = fen.rsplit(' ').next().unwrap_or_default();
            assert_eq!(read_pair(armies), Some(i), "{fen}");
        }
    }

    #[test]
    fn en_passant_after_any_army_pawn_is_read() {
        let cwda = Cwda::new();
        let fen = "e7/8/8/8/3vZ3/8/8/7M b 1 iiii e3 CN";
        let pos = crate::validate::position_from_fen(&cwda, fen).expect("valid");
        assert_eq!(crate::fen::vchess_fen(&cwda, &pos), fen);
        let fen = "e7/8/8/3vZ3/8/8/8/7M w 1 iiii d6 CN";
        assert!(crate::validate::position_from_fen(&cwda, fen).is_ok());
        assert!(
            crate::validate::position_from_fen(&cwda, "e7/8/8/8/3v4/8/8/7M b 1 iiii e3 CN")
                .is_err()
        );
    }

    #[test]
    fn armies_field_reads_two_known_letters() {
        assert_eq!(read_pair("CN"), Some(1));
        assert_eq!(read_pair("FF"), Some(15));
        assert_eq!(read_pair("CX"), None);
        assert_eq!(read_pair("CNR"), None);
    }

    /// The squares the lone piece of a page diagram reaches (kings added in
    /// a corner each, out of its way; the armies read from the pieces).
    fn targets(board: &str) -> Vec<String> {
        let cwda = Cwda::new();
        let mut pos = crate::validate::position_from_fen(&cwda, board).expect("valid");
        let mut moves = MoveList::new();
        crate::legal::legal_moves(&cwda, &mut pos, &mut moves);
        let g = cwda.geometry();
        let royal = cwda.royal_kinds();
        let mut out: Vec<String> = moves
            .iter()
            .filter(|m| !royal.contains(m.intent.piece.kind))
            .map(|m| g.square_name(m.intent.to))
            .collect();
        out.sort();
        out
    }

    fn sorted(squares: &str) -> Vec<String> {
        let mut v: Vec<String> = squares.split(',').map(str::to_string).collect();
        v.sort();
        v
    }

    #[test]
    fn pieces_move_as_the_page_draws_them() {
        let cases = [
            ("k7/8/8/4w3/8/8/8/7K b", "e6,f5,e4,d5,c7,g7,g3,c3"),
            (
                "k7/8/8/3F4/8/8/8/7K w",
                "b7,c6,b5,f5,d3,d7,b3,c4,e4,f3,e6,f7",
            ),
            (
                "k7/8/8/8/3G4/8/8/7K w",
                "d5,d6,d7,d8,c4,b4,a4,e4,f4,g4,h4,c3,d3,e3",
            ),
            ("K7/8/8/8/4i3/8/8/7k b", "d6,d2,f6,f2,d3,d5,f5,f3"),
            ("k7/8/8/8/3T4/8/8/7K w", "b5,c6,e6,f5,c4,e4,c3,d3,e3"),
            (
                "k7/8/8/8/4L3/8/8/7K w",
                "e5,e6,e7,e8,d4,c4,b4,a4,f4,g4,h4,d6,c5,f6,g5,d5,f5,d3,e3,f3",
            ),
            ("K7/8/8/3y4/8/8/8/7k b", "d3,b5,d7,f5,c5,d6,e5,d4"),
            (
                "k7/8/8/4H3/8/8/8/7K w",
                "c5,e7,g5,e3,b5,e8,h5,e2,d4,d6,f6,f4",
            ),
        ];
        for (board, squares) in cases {
            assert_eq!(targets(board), sorted(squares), "{board}");
        }
    }

    #[test]
    fn black_charging_rook_charges_down_the_board() {
        assert_eq!(
            targets("K7/8/8/8/3g4/8/8/7k b"),
            sorted("d3,d2,d1,c4,b4,a4,e4,f4,g4,h4,c5,d5,e5")
        );
    }

    /// The code spec and the YAML definition agree on random playouts from
    /// every pair's start: legal moves (as the FENs they lead to), FENs,
    /// outcomes; every pair, board-only diagrams too.
    #[test]
    fn yaml_definition_plays_as_the_code() {
        let code = Cwda::new();
        let yaml = crate::definition::builtin_rules("Cwda").expect("built in");
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as usize) % n
        };
        let mut positions = 0;
        for game in 0..160 {
            let pair = game % 16;
            let mut fen = code.pair_rules(pair).start_fen().to_string();
            if game >= 128 {
                // A board-only diagram: the armies read from the pieces.
                fen = fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
            }
            let mut a = crate::validate::position_from_fen(&code, &fen).expect("code reads");
            let mut b = crate::validate::position_from_fen(yaml, &fen).expect("yaml reads");
            for _ply in 0..120 {
                positions += 1;
                let fa = crate::fen::vchess_fen(&code, &a);
                assert_eq!(fa, crate::fen::vchess_fen(yaml, &b));
                let after = |rules: &dyn Rules, pos: &mut Position| -> Vec<String> {
                    let mut moves = MoveList::new();
                    crate::legal::legal_moves(rules, pos, &mut moves);
                    let mut out: Vec<String> = moves
                        .iter()
                        .map(|m| {
                            let undo = rules.play(pos, m);
                            let f = crate::fen::vchess_fen(rules, pos);
                            rules.unplay(pos, m, undo);
                            f
                        })
                        .collect();
                    out.sort();
                    out
                };
                let (la, lb) = (after(&code, &mut a), after(yaml, &mut b));
                assert_eq!(la, lb, "{fa}");
                assert_eq!(
                    crate::legal::outcome(&code, &mut a),
                    crate::legal::outcome(yaml, &mut b),
                    "{fa}"
                );
                if la.is_empty() {
                    break;
                }
                let mut moves = MoveList::new();
                crate::legal::legal_moves(&code, &mut a, &mut moves);
                let mv = moves.iter().nth(next(moves.len())).expect("a move").clone();
                let mut yaml_moves = MoveList::new();
                crate::legal::legal_moves(yaml, &mut b, &mut yaml_moves);
                let undo_target = {
                    let undo = code.play(&mut a, &mv);
                    let f = crate::fen::vchess_fen(&code, &a);
                    let _ = undo;
                    f
                };
                let twin = yaml_moves
                    .iter()
                    .find(|m| {
                        let undo = yaml.play(&mut b, m);
                        let same = crate::fen::vchess_fen(yaml, &b) == undo_target;
                        yaml.unplay(&mut b, m, undo);
                        same
                    })
                    .expect("the same move")
                    .clone();
                let _ = yaml.play(&mut b, &twin);
            }
        }
        assert!(positions > 10_000, "{positions}");
    }
}
