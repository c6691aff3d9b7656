//! Interweave (Peter Aronson, 2002): each side has two identical teams,
//! one on light squares and one on dark; every piece ends its move on a
//! square of its own colour and captures only pieces on the other colour.
//! Kings are not royal: the side that loses one of its two kings loses.
//! Captures are compulsory (any one of them), and a piece that has just
//! captured and can capture again goes on capturing (the turn goes on, as
//! in draughts).
//!
//! - King: one step diagonally; captures by a short orthogonal leap.
//! - Rook ("Smasher"): slides diagonally; slides orthogonally an even
//!   distance, taking the enemy just beyond where it stops (approach).
//! - Knight ("Leaper"): slides diagonally, orthogonally an even distance;
//!   leaps a double knight's move over an empty or enemy midpoint (taking
//!   it); jumps orthogonally over one enemy an odd distance away, landing
//!   an even distance away on any empty square beyond.
//! - Bishop ("Remover"): slides diagonally; takes every orthogonally
//!   adjacent enemy without moving (one move per target, as the site's
//!   engine lists them, each taking them all: "the bishop must capture
//!   both pawns").
//! - Pawn: one step diagonally forward, two from its first rank (then
//!   taken en passant by a short leap); takes by a short forward leap and
//!   by custodian capture (Friend, Enemy, Pawn in a file or rank). On the
//!   second-to-last rank it may, on the last it must, become a captured
//!   friendly rook, knight or bishop not yet returned to play.
//!
//! The site's FEN: `board turn moves ep captured`, the en-passant field
//! the passed square and the file the pawn landed on (`d6,c`), then six
//! digits: White's captured rooks, knights, bishops, then Black's.

use crate::color::Color;
use crate::fen::FenStyle;
use crate::fen::Field;
use crate::geometry::{Geometry, DIAGONAL, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;

/// The kinds a pawn may promote to, in the FEN's order of the counts.
const POOL: [Kind; 3] = [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP];

/// `state.variant`: bits 0..24 the captured counts (4 bits each, White's
/// rook, knight, bishop, then Black's); bits 32..36 the file (plus one) a
/// double-stepping pawn landed on; bit 63 a capture chain is on, its
/// piece on the square in bits 48..56.
const EP_FILE_SHIFT: u32 = 32;
const EP_FILE_MASK: u64 = 0xf << EP_FILE_SHIFT;
const IN_CHAIN: u64 = 1 << 63;
const CHAIN_SHIFT: u32 = 48;
const CHAIN_MASK: u64 = 0xff << CHAIN_SHIFT;

fn count_shift(color: Color, kind: Kind) -> u32 {
    let k = POOL.iter().position(|&p| p == kind).unwrap_or(0);
    4 * (3 * color.index() as u32 + k as u32)
}

/// How many `color` pieces of `kind` (rook, knight, bishop) were captured
/// and not yet returned to play by a promotion.
pub fn captured(state: &State, color: Color, kind: Kind) -> u8 {
    ((state.variant >> count_shift(color, kind)) & 0xf) as u8
}

fn set_captured(state: &mut State, color: Color, kind: Kind, n: u8) {
    let shift = count_shift(color, kind);
    state.variant = (state.variant & !(0xf << shift)) | (u64::from(n.min(15)) << shift);
}

/// The square of the piece that captured and must capture again, if a
/// chain is on.
pub fn chain(state: &State) -> Option<Square> {
    (state.variant & IN_CHAIN != 0)
        .then_some(Square(((state.variant & CHAIN_MASK) >> CHAIN_SHIFT) as u16))
}

fn ep_file(state: &State) -> Option<u8> {
    match (state.variant & EP_FILE_MASK) >> EP_FILE_SHIFT {
        0 => None,
        f => Some(f as u8 - 1),
    }
}

/// Interweave's rules.
pub struct Interweave {
    geometry: Geometry,
}

impl Default for Interweave {
    fn default() -> Self {
        Interweave::new()
    }
}

impl Interweave {
    pub fn new() -> Interweave {
        Interweave {
            geometry: Geometry::new(8, 8).expect("an 8×8 board"),
        }
    }

    fn colour_at(&self, pos: &Position, sq: Square) -> Option<Color> {
        pos.board.cell(sq).single().map(|p| p.color)
    }

    fn enemy_at(&self, pos: &Position, sq: Square, mover: Color) -> Option<Piece> {
        pos.board
            .cell(sq)
            .single()
            .filter(|p| p.color == mover.opposite())
    }

    fn is_empty(&self, pos: &Position, sq: Square) -> bool {
        pos.board.cell(sq).is_empty()
    }

    /// Slides along `steps` over empty squares, without capturing; with
    /// `even`, only the even distances are destinations.
    fn slides(
        &self,
        pos: &Position,
        from: Square,
        piece: Piece,
        steps: &[(i8, i8)],
        even: bool,
        out: &mut MoveList,
    ) {
        for &step in steps {
            let mut at = self.geometry.offset_by(from, step);
            let mut n = 1;
            while let Some(sq) = at.filter(|&s| self.is_empty(pos, s)) {
                if !even || n % 2 == 0 {
                    out.push(Move::simple(from, sq, piece, None, None));
                }
                at = self.geometry.offset_by(sq, step);
                n += 1;
            }
        }
    }

    fn capture(
        from: Square,
        to: Square,
        piece: Piece,
        taken: &[(Square, Piece)],
        promotion: Option<Kind>,
    ) -> Move {
        let mut mv = Move::simple(from, to, piece, None, promotion);
        for &(sq, p) in taken {
            mv.effect.vanish.push(sq, p);
        }
        mv.intent.capture = !taken.is_empty();
        mv
    }

    fn smasher(&self, pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
        self.slides(pos, from, piece, &DIAGONAL, false, out);
        for step in ORTHOGONAL {
            let mut at = self.geometry.offset_by(from, step);
            let mut n = 1;
            while let Some(sq) = at.filter(|&s| self.is_empty(pos, s)) {
                let next = self.geometry.offset_by(sq, step);
                if n % 2 == 0 {
                    let taken =
                        next.and_then(|t| self.enemy_at(pos, t, piece.color).map(|p| (t, p)));
                    out.push(Self::capture(from, sq, piece, taken.as_slice(), None));
                }
                at = next;
                n += 1;
            }
        }
    }

    fn leaper(&self, pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
        self.slides(pos, from, piece, &DIAGONAL, false, out);
        self.slides(pos, from, piece, &ORTHOGONAL, true, out);
        for (df, dr) in KNIGHT_LEAPS {
            let Some(to) = self.geometry.offset_by(from, (2 * df, 2 * dr)) else {
                continue;
            };
            let Some(mid) = self.geometry.offset_by(from, (df, dr)) else {
                continue;
            };
            if !self.is_empty(pos, to) {
                continue;
            }
            if self.is_empty(pos, mid) {
                out.push(Move::simple(from, to, piece, None, None));
            } else if let Some(p) = self.enemy_at(pos, mid, piece.color) {
                out.push(Self::capture(from, to, piece, &[(mid, p)], None));
            }
        }
        // An orthogonal jump over an enemy an odd distance away.
        for step in ORTHOGONAL {
            let mut at = self.geometry.offset_by(from, step);
            let mut n = 1;
            while let Some(sq) = at.filter(|&s| self.is_empty(pos, s)) {
                at = self.geometry.offset_by(sq, step);
                n += 1;
            }
            let Some(over) = at else { continue };
            let Some(p) = self.enemy_at(pos, over, piece.color).filter(|_| n % 2 == 1) else {
                continue;
            };
            let mut land = self.geometry.offset_by(over, step);
            n += 1;
            while let Some(sq) = land.filter(|&s| self.is_empty(pos, s)) {
                if n % 2 == 0 {
                    out.push(Self::capture(from, sq, piece, &[(over, p)], None));
                }
                land = self.geometry.offset_by(sq, step);
                n += 1;
            }
        }
    }

    fn remover(&self, pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
        self.slides(pos, from, piece, &DIAGONAL, false, out);
        let mut taken: Vec<(Square, Piece)> = Vec::with_capacity(4);
        for step in ORTHOGONAL {
            if let Some(sq) = self.geometry.offset_by(from, step) {
                if let Some(p) = self.enemy_at(pos, sq, piece.color) {
                    taken.push((sq, p));
                }
            }
        }
        for &(target, _) in &taken {
            let mut mv = Move::simple(from, target, piece, None, None);
            mv.effect = Default::default();
            for &(sq, p) in &taken {
                mv.effect.vanish.push(sq, p);
            }
            mv.intent.capture = true;
            out.push(mv);
        }
    }

    fn king(&self, pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
        for step in DIAGONAL {
            if let Some(to) = self
                .geometry
                .offset_by(from, step)
                .filter(|&s| self.is_empty(pos, s))
            {
                out.push(Move::simple(from, to, piece, None, None));
            }
        }
        for (df, dr) in ORTHOGONAL {
            let (Some(mid), Some(to)) = (
                self.geometry.offset_by(from, (df, dr)),
                self.geometry.offset_by(from, (2 * df, 2 * dr)),
            ) else {
                continue;
            };
            if let (Some(p), true) = (self.enemy_at(pos, mid, piece.color), self.is_empty(pos, to))
            {
                out.push(Self::capture(from, to, piece, &[(mid, p)], None));
            }
        }
    }

    fn pawn(&self, pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
        let g = &self.geometry;
        let mover = piece.color;
        let fwd: i8 = if mover == Color::White { 1 } else { -1 };
        let rank = g.rank(from) as i8;
        let (last, penult, first) = if mover == Color::White {
            (7, 6, 1)
        } else {
            (0, 1, 6)
        };
        let pool: Vec<Kind> = POOL
            .into_iter()
            .filter(|&k| captured(&pos.state, mover, k) > 0)
            .collect();
        if rank + fwd == last && pool.is_empty() {
            // Without a captured piece to become, a pawn cannot reach the
            // last rank.
            return;
        }
        let finals = |target: i8| -> Vec<Option<Kind>> {
            let mut v: Vec<Option<Kind>> = pool.iter().map(|&k| Some(k)).collect();
            if target == last {
                return v;
            }
            if target != penult {
                v.clear();
            }
            v.push(None);
            v
        };
        let start = out.len();
        for df in [-1i8, 1] {
            let Some(to) = g
                .offset_by(from, (df, fwd))
                .filter(|&s| self.is_empty(pos, s))
            else {
                continue;
            };
            for promotion in finals(rank + fwd) {
                out.push(Move::simple(from, to, piece, None, promotion));
            }
            if rank == first {
                if let Some(to2) = g
                    .offset_by(from, (2 * df, 2 * fwd))
                    .filter(|&s| self.is_empty(pos, s))
                {
                    let mut mv = Move::simple(from, to2, piece, None, None);
                    mv.intent.kind = MoveKind::DoubleStep;
                    out.push(mv);
                }
            }
        }
        let ahead = g.offset_by(from, (0, fwd));
        let leap = g
            .offset_by(from, (0, 2 * fwd))
            .filter(|&s| self.is_empty(pos, s));
        if let (Some(mid), Some(to)) = (ahead, leap) {
            if let Some(p) = self.enemy_at(pos, mid, mover) {
                for promotion in finals(rank + 2 * fwd) {
                    out.push(Self::capture(from, to, piece, &[(mid, p)], promotion));
                }
            }
            // En passant: the passed square just ahead, the pawn that
            // passed it beside this one.
            if pos.state.en_passant == Some(mid) {
                let passer = ep_file(&pos.state)
                    .and_then(|f| g.square(f, rank as u8))
                    .and_then(|sq| pos.board.cell(sq).single().map(|p| (sq, p)));
                if let Some(passer) = passer {
                    for promotion in finals(rank + 2 * fwd) {
                        let mut mv = Self::capture(from, to, piece, &[passer], promotion);
                        mv.intent.kind = MoveKind::EnPassant;
                        out.push(mv);
                    }
                }
            }
        }
        // Custodian captures: the pawn's arrival completes Friend, Enemy,
        // Pawn along a file or rank.
        for mv in &mut out[start..] {
            let end = mv.intent.to;
            for step in ORTHOGONAL {
                let (Some(sq1), Some(sq2)) = (
                    g.offset_by(end, step),
                    g.offset_by(end, (2 * step.0, 2 * step.1)),
                ) else {
                    continue;
                };
                if self.colour_at(pos, sq2) != Some(mover) {
                    continue;
                }
                let Some(p) = self.enemy_at(pos, sq1, mover) else {
                    continue;
                };
                if mv.effect.vanish.as_slice().iter().any(|v| v.square == sq1) {
                    continue;
                }
                mv.effect.vanish.push(sq1, p);
                mv.intent.capture = true;
            }
        }
    }

    /// Every move of the piece on `from` (the side to move's), captures or
    /// not.
    fn moves_from(&self, pos: &Position, from: Square, out: &mut MoveList) {
        let Some(piece) = pos
            .board
            .cell(from)
            .single()
            .filter(|p| p.color == pos.turn())
        else {
            return;
        };
        match piece.kind {
            Kind::PAWN => self.pawn(pos, from, piece, out),
            Kind::ROOK => self.smasher(pos, from, piece, out),
            Kind::KNIGHT => self.leaper(pos, from, piece, out),
            Kind::BISHOP => self.remover(pos, from, piece, out),
            Kind::KING => self.king(pos, from, piece, out),
            _ => {}
        }
    }

    /// Whether the piece that made the capture `mv` can capture again
    /// from where it stands (`after` is the position after it, the same
    /// side to move).
    fn captures_again(&self, after: &Position, mv: &Move) -> bool {
        let mut more = MoveList::new();
        self.moves_from(after, mv.intent.to, &mut more);
        more.iter().any(|m| m.intent.capture)
    }

    /// The position after `mv` with the state updated but the turn kept
    /// (for the chain test).
    fn update_state(&self, pos: &mut Position, mv: &Move) {
        let mover = mv.color();
        let mut counts = pos.state;
        for v in mv.effect.vanish.as_slice() {
            if v.piece.color != mover && POOL.contains(&v.piece.kind) {
                let n = captured(&counts, v.piece.color, v.piece.kind);
                set_captured(&mut counts, v.piece.color, v.piece.kind, n + 1);
            }
        }
        if let Some(k) = mv.intent.promotion {
            let n = captured(&counts, mover, k);
            set_captured(&mut counts, mover, k, n.saturating_sub(1));
        }
        let mut variant = counts.variant & !(EP_FILE_MASK | IN_CHAIN | CHAIN_MASK);
        if mv.intent.kind == MoveKind::DoubleStep {
            variant |= u64::from(self.geometry.file(mv.intent.to) + 1) << EP_FILE_SHIFT;
        }
        pos.state.variant = variant;
    }
}

impl Rules for Interweave {
    fn name(&self) -> &str {
        "Interweave"
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000"
    }

    fn kinds(&self, _color: Color) -> KindSet {
        [
            Kind::PAWN,
            Kind::ROOK,
            Kind::KNIGHT,
            Kind::BISHOP,
            Kind::KING,
        ]
        .into_iter()
        .collect()
    }

    fn royal_kinds(&self) -> KindSet {
        // Kings are counted, not protected: no check.
        KindSet::EMPTY
    }

    fn royals_per_side(&self) -> Option<usize> {
        None
    }

    // Pieces keep their orthodox names (the page's headings: Rook
    // ("Smasher"), Knight ("Leaper"), Bishop ("Remover")), so that a
    // diagram's text alternative names them in the page's language.

    fn fen_style(&self) -> FenStyle {
        FenStyle {
            en_passant: true,
            ..FenStyle::default()
        }
    }

    fn write_en_passant(&self, pos: &Position) -> Option<String> {
        Some(match (pos.state.en_passant, ep_file(&pos.state)) {
            (Some(sq), Some(f)) => format!(
                "{},{}",
                self.geometry.square_name(sq),
                crate::geometry::file_char(f)
            ),
            _ => "-".to_string(),
        })
    }

    fn read_en_passant(
        &self,
        text: &str,
        _board: &crate::Board,
        state: &mut State,
    ) -> Option<bool> {
        state.variant &= !EP_FILE_MASK;
        if text == "-" {
            state.en_passant = None;
            return Some(true);
        }
        let Some((square, file)) = text.split_once(',') else {
            return Some(false);
        };
        let (Some(sq), Some(f)) = (
            self.geometry.parse_square(square),
            file.chars()
                .next()
                .filter(|c| file.len() == 1 && c.is_ascii_lowercase()),
        ) else {
            return Some(false);
        };
        let f = f as u8 - b'a';
        if f >= self.geometry.cols() {
            return Some(false);
        }
        state.en_passant = Some(sq);
        state.variant |= u64::from(f + 1) << EP_FILE_SHIFT;
        Some(true)
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else { return };
        let digits: Vec<u8> = f
            .text
            .bytes()
            .filter(u8::is_ascii_digit)
            .map(|b| b - b'0')
            .collect();
        if digits.len() != 6 || f.text.len() != 6 {
            problems.push(Problem::BadField {
                field:
                    "captured pieces (six digits: White's rooks, knights, bishops, then Black's)",
                text: f.text.clone(),
                offset: f.offset,
            });
            return;
        }
        for (i, &n) in digits.iter().enumerate() {
            let color = if i < 3 { Color::White } else { Color::Black };
            set_captured(state, color, POOL[i % 3], n);
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let mut tail = String::from(" ");
        for color in Color::ALL {
            for kind in POOL {
                tail.push_str(&captured(&pos.state, color, kind).to_string());
            }
        }
        (String::new(), tail)
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if self.variant_outcome(pos).is_some() {
            return;
        }
        let start = out.len();
        match chain(&pos.state) {
            Some(at) => self.moves_from(pos, at, out),
            None => {
                for from in self.geometry.squares() {
                    self.moves_from(pos, from, out);
                }
            }
        }
        // Captures are compulsory (and a chain goes on by captures only).
        if chain(&pos.state).is_some() || out[start..].iter().any(|m| m.intent.capture) {
            let mut kept = start;
            for i in start..out.len() {
                if out[i].intent.capture {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
        // A capture after which its piece can capture again continues the
        // turn.
        let in_chain = chain(&pos.state).is_some();
        for mv in out[start..].iter_mut().filter(|m| m.intent.capture) {
            let mut after = pos.clone();
            after.apply(mv);
            after.state.turn = pos.turn();
            self.update_state(&mut after, mv);
            mv.intent.continues = self.captures_again(&after, mv);
            mv.intent.chain_step = u8::from(in_chain);
        }
    }

    fn illegal_after(&self, _pos: &Position, _mover: Color) -> bool {
        // No royal piece: every generated move is legal.
        false
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = pos.apply(mv);
        self.update_state(pos, mv);
        if mv.intent.continues {
            pos.state.variant |= IN_CHAIN | (u64::from(mv.intent.to.0) << CHAIN_SHIFT);
        }
        undo
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        // A side that has lost one of its two kings loses. A diagram with
        // fewer kings on both sides (the page's piece diagrams) is no game
        // over: only a side still holding both kings wins.
        let mut kings = [0usize; 2];
        for (_, p) in pos.board.pieces() {
            if p.kind == Kind::KING {
                kings[p.color.index()] += 1;
            }
        }
        for loser in Color::ALL {
            let winner = loser.opposite();
            if kings[loser.index()] < 2 && kings[winner.index()] >= 2 {
                return Some(Outcome::VariantWin {
                    winner,
                    reason: "a king captured",
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::vchess_fen;
    use crate::legal::{legal_moves, perft};
    use crate::validate::position_from_fen;

    fn names(rules: &dyn Rules, moves: &MoveList) -> Vec<String> {
        let g = rules.geometry();
        let mut v: Vec<String> = moves
            .iter()
            .map(|m| {
                format!(
                    "{}{}",
                    g.square_name(m.intent.from),
                    g.square_name(m.intent.to)
                )
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn start_perft_equals_the_sites_engine() {
        let interweave = Interweave::new();
        let rules: &dyn Rules = &interweave;
        let mut pos = rules.start_position();
        assert_eq!(vchess_fen(rules, &pos), rules.start_fen());
        let counts: Vec<u64> = (1..=3).map(|d| perft(rules, &mut pos, d)).collect();
        assert_eq!(counts, PERFT_START);
        assert_eq!(pos, rules.start_position());
    }

    /// vchess's counts (fenpress-conformance perft Interweave start N
    /// --stop-at-end; depth 4: 732,256 on both).
    const PERFT_START: [u64; 3] = [30, 888, 26_318];

    #[test]
    fn the_remover_takes_every_adjacent_enemy() {
        let interweave = Interweave::new();
        let rules: &dyn Rules = &interweave;
        let mut pos = position_from_fen(rules, "8/8/8/4p3/4Bp2/8/8/8 w 0 - 000000").unwrap();
        let mut moves = MoveList::new();
        legal_moves(rules, &mut pos, &mut moves);
        assert_eq!(names(rules, &moves), ["e4e5", "e4f4"]);
        assert!(moves.iter().all(|m| m.effect.vanish.len() == 2));
    }

    #[test]
    fn a_capture_that_can_go_on_keeps_the_turn() {
        // The king leaps from e5 over d5 to c5, then from c5 over c6 to
        // c7: one turn.
        let interweave = Interweave::new();
        let rules: &dyn Rules = &interweave;
        let mut pos = position_from_fen(rules, "8/8/2p5/3pK3/8/8/8/8 w 0 - 000000").unwrap();
        let mut moves = MoveList::new();
        legal_moves(rules, &mut pos, &mut moves);
        assert_eq!(names(rules, &moves), ["e5c5"]);
        assert!(moves[0].intent.continues);
        rules.play(&mut pos, &moves[0].clone());
        assert_eq!(pos.turn(), Color::White);
        legal_moves(rules, &mut pos, &mut moves);
        assert_eq!(names(rules, &moves), ["c5c7"]);
        assert!(!moves[0].intent.continues);
        rules.play(&mut pos, &moves[0].clone());
        assert_eq!(pos.turn(), Color::Black);
        assert_eq!(vchess_fen(rules, &pos), "8/2K5/8/8/8/8/8/8 b 1 - 000000");
    }

    #[test]
    fn a_pawn_promotes_only_to_a_captured_piece_that_then_returns() {
        let interweave = Interweave::new();
        let rules: &dyn Rules = &interweave;
        // No captured piece: the pawn on the seventh rank cannot move.
        let mut pos = position_from_fen(rules, "8/3P4/8/8/8/8/8/8 w 0 - 000000").unwrap();
        let mut moves = MoveList::new();
        legal_moves(rules, &mut pos, &mut moves);
        assert!(moves.is_empty());
        let mut pos = position_from_fen(rules, "8/3P4/8/8/8/8/8/8 w 0 - 010000").unwrap();
        legal_moves(rules, &mut pos, &mut moves);
        assert_eq!(moves.len(), 2);
        assert!(moves
            .iter()
            .all(|m| m.intent.promotion == Some(Kind::KNIGHT)));
        rules.play(&mut pos, &moves[0].clone());
        assert!(vchess_fen(rules, &pos).ends_with(" 000000"));
    }

    #[test]
    fn en_passant_reads_and_writes_the_landing_file() {
        let interweave = Interweave::new();
        let rules: &dyn Rules = &interweave;
        let mut pos = rules.start_position();
        let mut moves = MoveList::new();
        legal_moves(rules, &mut pos, &mut moves);
        let g = rules.geometry();
        let mv = *moves
            .iter()
            .find(|m| g.square_name(m.intent.from) == "c2" && g.square_name(m.intent.to) == "e4")
            .unwrap();
        rules.play(&mut pos, &mv);
        let fen = vchess_fen(rules, &pos);
        assert_eq!(
            fen,
            "rbnkknbr/pppppppp/8/8/4P3/8/PP1PPPPP/RBNKKNBR b 1 d3,e 000000"
        );
        let again = position_from_fen(rules, &fen).unwrap();
        assert_eq!(vchess_fen(rules, &again), fen);
    }
}
