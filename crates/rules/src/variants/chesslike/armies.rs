//! Armies chosen by a FEN field ([`ArmyChoice`], Cwda): each pair of armies
//! (White's, Black's) is a chess-like spec of its own, compiled with the
//! spec; the position's `state.variant` says which pair plays.

use super::spec::{ArmyChoice, ArmySpec, CastlingRules, ChessLikeSpec, PieceSpec};
use super::{ChessLike, SpecError};
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

/// The compiled pairs of a spec with an [`ArmyChoice`].
pub(super) struct ArmyPairs {
    name: super::Text,
    choice: ArmyChoice,
    /// Every piece of the spec (its letter's moves, names, royalty).
    pieces: Vec<PieceSpec>,
    /// Pair `w * n + b`: White plays army `w`, Black army `b`.
    pairs: Vec<ChessLike>,
    /// Every letter of every army (what a FEN may hold).
    kinds: KindSet,
    royal: KindSet,
    /// The pawns of every army (the en-passant field's reader).
    pawns: KindSet,
    /// Every piece a pawn may become in some pair (notation's list).
    promotions: Vec<Kind>,
}

/// The parts of an army: its officers, its royal piece, its pawn.
fn parts(pieces: &[PieceSpec], army: &ArmySpec) -> Result<(Vec<char>, char, char), SpecError> {
    let def = |l: char| pieces.iter().find(|p| p.letter == l);
    let mut officers = Vec::new();
    let (mut royal, mut pawn) = (None, None);
    for &l in &army.pieces {
        let p = def(l).ok_or_else(|| {
            SpecError::Armies(format!("army {} has `{l}`, not a piece", army.code))
        })?;
        if p.royal {
            royal = royal.or(Some(l));
        } else if p.pawn {
            pawn = pawn.or(Some(l));
        } else {
            officers.push(l);
        }
    }
    match (royal, pawn) {
        (Some(r), Some(p)) => Ok((officers, r, p)),
        _ => Err(SpecError::Armies(format!(
            "army {} needs a royal piece and a pawn",
            army.code
        ))),
    }
}

/// The start of a pair: each side's first rank, its pawns on the second.
fn start_fen(cols: u8, rows: u8, white: &ArmySpec, black: &ArmySpec, pawns: [char; 2]) -> String {
    let pawn_row = |p: char| p.to_string().repeat(cols as usize);
    let mut rows_text = vec![black.first_rank.to_string(), pawn_row(pawns[1])];
    for _ in 4..rows {
        rows_text.push(cols.to_string());
    }
    rows_text.push(pawn_row(pawns[0]).to_ascii_uppercase());
    rows_text.push(white.first_rank.to_ascii_uppercase());
    let (a, z) = (file_char(0), file_char(cols - 1));
    format!(
        "{} w 0 {a}{z}{a}{z} - {}{}",
        rows_text.join("/"),
        white.code,
        black.code
    )
}

/// How a side of `army` castles: with the piece in its first rank's corner.
fn castling_of(army: &ArmySpec) -> CastlingRules {
    CastlingRules {
        rook: Kind(army.first_rank.chars().next().unwrap_or('r') as u8),
        king_to: army.king_to,
        rook_to: army.rook_to,
        ..Default::default()
    }
}

/// The spec of one pair: each side's army (its royal flagged, the pieces
/// every side has), plus the other army's officers, which it may get by
/// promotion.
fn pair_spec(
    base: &ChessLikeSpec,
    pieces: &[PieceSpec],
    w: usize,
    b: usize,
) -> Result<ChessLikeSpec, SpecError> {
    let choice = base.army_choice.as_ref().expect("a spec with armies");
    let (white, black) = (&choice.armies[w], &choice.armies[b]);
    let def = |l: char| pieces.iter().find(|p| p.letter == l).cloned();
    let (white_officers, _, white_pawn) = parts(pieces, white)?;
    let (black_officers, _, black_pawn) = parts(pieces, black)?;
    let army = |a: &ArmySpec| -> Vec<PieceSpec> {
        let mut out: Vec<PieceSpec> = a.pieces.iter().filter_map(|l| def(*l)).collect();
        for l in &choice.every_side {
            if !a.pieces.contains(l) {
                out.extend(def(*l));
            }
        }
        out
    };
    let mut promotions: Vec<Kind> = white_officers.iter().map(|l| Kind(*l as u8)).collect();
    let mut white_army = army(white);
    let mut black_army = army(black);
    if w != b {
        promotions.extend(black_officers.iter().map(|l| Kind(*l as u8)));
        white_army.extend(black_officers.iter().filter_map(|l| def(*l)));
        black_army.extend(white_officers.iter().filter_map(|l| def(*l)));
    }
    let start = start_fen(base.cols, base.rows, white, black, [white_pawn, black_pawn]);
    let mut spec = base.clone();
    spec.army_choice = None;
    spec.start_fen = start.into();
    spec.armies = [white_army, black_army];
    spec.promotions = [promotions.clone(), promotions];
    spec.double_step = [true, true];
    spec.castling = [true, true];
    spec.castle = castling_of(white);
    spec.castle_black = Some(castling_of(black));
    Ok(spec)
}

impl ArmyPairs {
    pub(super) fn new(base: &ChessLikeSpec) -> Result<ArmyPairs, SpecError> {
        let choice = base.army_choice.clone().expect("a spec with armies");
        // Every piece of the definition, each once.
        let mut pieces: Vec<PieceSpec> = Vec::new();
        for p in base.armies.iter().flatten() {
            if !pieces.iter().any(|q| q.letter == p.letter) {
                pieces.push(p.clone());
            }
        }
        let n = choice.armies.len();
        let mut pairs = Vec::with_capacity(n * n);
        for i in 0..n * n {
            pairs.push(ChessLike::new(pair_spec(base, &pieces, i / n, i % n)?)?);
        }
        let (mut kinds, mut royal, mut pawns) = (KindSet::EMPTY, KindSet::EMPTY, KindSet::EMPTY);
        let mut promotions = Vec::new();
        for a in &choice.armies {
            let (officers, r, p) = parts(&pieces, a)?;
            for l in &a.pieces {
                kinds.insert(Kind(*l as u8));
            }
            royal.insert(Kind(r as u8));
            pawns.insert(Kind(p as u8));
            promotions.extend(officers.iter().map(|l| Kind(*l as u8)));
        }
        Ok(ArmyPairs {
            name: base.name.clone(),
            choice,
            pieces,
            pairs,
            kinds,
            royal,
            pawns,
            promotions,
        })
    }

    fn count(&self) -> usize {
        self.choice.armies.len()
    }

    fn default_pair(&self) -> usize {
        let [w, b] = self.choice.default;
        w * self.count() + b
    }

    /// The pair a position plays: its armies field, or when it had none (a
    /// board-only diagram) the armies its pieces belong to.
    fn pair_of(&self, pos: &Position) -> usize {
        let n = self.count() as u64;
        match pos.state.variant {
            v @ 1.. if v <= n * n => v as usize - 1,
            _ => self.inferred_pair(pos),
        }
    }

    fn rules_of(&self, pos: &Position) -> &ChessLike {
        &self.pairs[self.pair_of(pos)]
    }

    /// The army of a piece letter and its rank as evidence (0 officer, 1
    /// pawn, 2 royal): the first army that has it.
    fn army_of(&self, letter: char) -> Option<(usize, u8)> {
        let a = self
            .choice
            .armies
            .iter()
            .position(|a| a.pieces.contains(&letter))?;
        let def = self.pieces.iter().find(|p| p.letter == letter)?;
        let rank = if def.royal {
            2
        } else if def.pawn {
            1
        } else {
            0
        };
        Some((a, rank))
    }

    /// Each side's army from its pieces (its officers first: a diagram may
    /// draw the chess king beside another army's pieces); a side without
    /// any takes the other's army (or the default's White army).
    fn inferred_pair(&self, pos: &Position) -> usize {
        let mut found: [Option<(u8, usize)>; 2] = [None, None];
        for (_, p) in pos.board.pieces() {
            let Some((a, rank)) = self.army_of(p.kind.char()) else {
                continue;
            };
            let slot = &mut found[p.color.index()];
            if slot.is_none_or(|(r, _)| rank < r) {
                *slot = Some((rank, a));
            }
        }
        let [w, b] = found.map(|f| f.map(|(_, a)| a));
        let default = w.or(b).unwrap_or(self.choice.default[0]);
        w.unwrap_or(default) * self.count() + b.unwrap_or(default)
    }

    /// Reads an armies field (`CN`) into a pair index.
    fn read_pair(&self, text: &str) -> Option<usize> {
        let mut chars = text.chars();
        let index = |c: char| self.choice.armies.iter().position(|a| a.code == c);
        let (w, b) = (index(chars.next()?)?, index(chars.next()?)?);
        chars.next().is_none().then_some(w * self.count() + b)
    }
}

impl Rules for ArmyPairs {
    fn name(&self) -> &str {
        &self.name
    }
    fn geometry(&self) -> &Geometry {
        self.pairs[self.default_pair()].geometry()
    }
    fn start_fen(&self) -> &str {
        self.pairs[self.default_pair()].start_fen()
    }
    fn kinds(&self, _color: Color) -> KindSet {
        self.kinds
    }
    fn royal_kinds(&self) -> KindSet {
        self.royal
    }
    fn piece_name(&self, piece: Piece) -> String {
        let letter = piece.kind.char();
        self.pieces
            .iter()
            .find(|p| p.letter == letter)
            .and_then(|p| p.name.as_deref())
            .map_or_else(|| crate::rules::default_piece_name(piece), str::to_string)
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
        let cols = self.geometry().cols();
        let files: Vec<u8> = tail.bytes().map(|b| b.wrapping_sub(b'a')).collect();
        if files.len() != 4 || files.iter().any(|f| *f > cols) {
            return tail == "-";
        }
        for (i, f) in files.iter().enumerate() {
            state.castling.0[i / 2][i % 2] = (*f < cols).then_some(*f);
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
        match self.read_pair(&f.text) {
            Some(i) => state.variant = i as u64 + 1,
            None => problems.push(Problem::BadField {
                field: "armies",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }
    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let flags = pos.state.castling.vchess_flags(self.geometry().cols());
        let i = self.pair_of(pos);
        let n = self.count();
        let code = |a: usize| self.choice.armies[a].code;
        (flags, format!(" {}{}", code(i / n), code(i % n)))
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
            .is_some_and(|k| self.pawns.contains(k));
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
    fn pinned(&self, pos: &Position) -> Option<crate::rules::Pins> {
        self.rules_of(pos).pinned(pos)
    }
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let pair = self.pair_of(pos);
        let undo = self.pairs[pair].play(pos, mv);
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

    /// Cwda's sixteen pairs start as the fixture's first sixteen positions
    /// (the oracle's starts) say, in White-major order.
    #[test]
    fn cwda_pairs_start_as_vchess_does() {
        let spec = crate::definition::builtin_spec("Cwda").expect("built in");
        let pairs = ArmyPairs::new(spec).expect("compiles");
        let fixture = include_str!("../../../tests/fixtures/perft-cwda.txt");
        let starts: Vec<&str> = fixture
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .take(16)
            .map(|l| l.split(" ; ").next().unwrap_or_default().trim())
            .collect();
        assert_eq!(starts.len(), 16);
        for (i, want) in starts.iter().enumerate() {
            let fen = pairs.pairs[i].start_fen();
            let field = &fen[fen.len() - 2..];
            let j = starts
                .iter()
                .position(|s| s.ends_with(field))
                .expect("a fixture start per pair");
            assert_eq!(fen, starts[j], "pair {i} ({want})");
        }
    }
}
