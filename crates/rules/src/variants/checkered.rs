//! Checkered chess (l'Échiqueté, Patrick Bernier and Benjamin Auder,
//! 2011-2012): every capture but a king's makes a "checkered" piece that
//! both sides own, of the capturer's kind or, as the capturer chooses, of
//! the captured piece's (`Rxh4=P`). The core keeps a checkered piece as a
//! shared piece ([`crate::piece::Cell::shared`]); the site writes it `s`
//! (pawn), `t` (queen), `u` (rook), `c` (bishop), `o` (knight).
//!
//! Stage 1: the side to move moves its own pieces and the checkered ones,
//! which move as its own (a checkered pawn forward for it), take only its
//! enemy's pieces and are never taken. A checkered move that takes nothing
//! may not be taken straight back. A pawn's double step is allowed once per
//! file and side (a checkered pawn keeps the right if its file's pawn of
//! the side to move did not use it); checkered pawns do not take en
//! passant, and their double step gives none. A king is in check when an
//! enemy piece or a checkered piece, moving for the enemy, could take it.
//!
//! Stage 2, the "switch": when checkered pieces stand on the board, a
//! player whose king-move "takes" the enemy king (no piece moves; the
//! site's `S`) takes the checkered pieces for the rest of the game, then
//! moves one of them in the same turn (here a chain: the switch
//! `continues`). Allowed only if no checkered piece could then take a king,
//! and the checkered pieces have a move. From then on the checkered side
//! moves only checkered pieces (pawns in either direction, promoting on
//! either edge), taking white and black pieces; the other side moves white
//! and black pieces, taking only checkered ones, and may leave neither king
//! where a checkered piece could take it. The checkered side wins by mate
//! of either king, loses when it has no piece left.
//!
//! Decisions where the page is silent follow the site's engine (see
//! `docs/rules-deviations.md` for where they part):
//! - the pawn flags are the side to move's, by file, whoever's pawn steps;
//! - castling minds only the enemy's attacks on the king's path before
//!   its landing square (checkered attackers, and at stage 2 the landing
//!   square, count only as legality does);
//! - the game ends when the side to move has no move but the switch;
//! - at stage 2 the castling rights and double steps follow the side to
//!   move (vchess's `updateCastleFlags`), and an en passant square lets
//!   any pawn step diagonally onto it, taking what stands beside it.
//!
//! Where the page decides against the site's engine: at stage 2 a
//! checkered pawn promotes to a checkered piece ("Checkered pawns can ...
//! be promoted on either the first or eighth row": promoted, still the
//! checkered side's); vchess gives the piece to White or Black, by the
//! direction the pawn moved in (deviation
//! checkered-promotion-stays-checkered).
//!
//! The site's FEN: `board turn moves flags enpassant cmove stage`: flags the
//! castling files then sixteen pawn flags (`1`: the double step is still
//! allowed; White's files a to h, then Black's), `cmove` the last checkered
//! move that took nothing (`e4e5`) or `-`, `stage` `1` (`1-`: without the
//! switch) or `2` and the checkered side (`2w`).

use crate::castling::{castles, Layout};
use crate::color::Color;
use crate::fen::{FenStyle, Field};
use crate::geometry::{Geometry, DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::{Move, MoveKind, MoveList, Placements};
use crate::piece::{Cell, Kind, KindSet, Owner, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;

/// The site's letters of checkered pieces and the kinds they are.
pub const CHECKERED_LETTERS: [(char, Kind); 5] = [
    ('s', Kind::PAWN),
    ('t', Kind::QUEEN),
    ('u', Kind::ROOK),
    ('c', Kind::BISHOP),
    ('o', Kind::KNIGHT),
];

/// The checkered kind a site letter (either case) stands for.
pub fn checkered_kind(letter: char) -> Option<Kind> {
    let lower = letter.to_ascii_lowercase();
    CHECKERED_LETTERS
        .iter()
        .find(|(l, _)| *l == lower)
        .map(|&(_, k)| k)
}

const PROMOTIONS: [Kind; 4] = [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN];

/// The switch: the king "takes" the enemy king, nothing moves.
pub const SWITCH: MoveKind = MoveKind::Special(b'S');

/// What the game keeps beyond chess's, packed in `state.variant`: zero is
/// the start (stage 1 with the switch, every double step allowed).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Extra {
    /// Double steps used: bit `file` for White, `8 + file` for Black.
    spent: u16,
    /// The last checkered move that took nothing.
    cmove: Option<(Square, Square)>,
    stage2: bool,
    /// Stage 1 without the switch (`1-`).
    no_switch: bool,
    /// At stage 2, the side that plays the checkered pieces.
    checkered_side: Color,
}

impl Extra {
    fn of(state: &State) -> Extra {
        let v = state.variant;
        Extra {
            spent: (v & 0xffff) as u16,
            cmove: (v >> 16 & 1 == 1).then_some({
                (
                    Square((v >> 17 & 0xff) as u16),
                    Square((v >> 25 & 0xff) as u16),
                )
            }),
            stage2: v >> 33 & 1 == 1,
            no_switch: v >> 34 & 1 == 1,
            checkered_side: if v >> 35 & 1 == 1 {
                Color::Black
            } else {
                Color::White
            },
        }
    }

    fn store(self, state: &mut State) {
        let mut v = u64::from(self.spent);
        if let Some((a, b)) = self.cmove {
            v |= 1 << 16 | u64::from(a.0) << 17 | u64::from(b.0) << 25;
        }
        v |= u64::from(self.stage2) << 33;
        v |= u64::from(self.no_switch) << 34;
        v |= u64::from(self.checkered_side == Color::Black) << 35;
        state.variant = v;
    }

    fn spent(&self, color: Color, file: u8) -> bool {
        self.spent >> (color.index() * 8 + file as usize) & 1 == 1
    }
}

/// Who attacks, for an attack test: a side's pieces and, if `shared`, the
/// checkered ones, whose pawns take forward for White (`up`), for Black
/// (`down`), or both.
#[derive(Clone, Copy)]
struct Attackers {
    side: Option<Color>,
    shared: bool,
    up: bool,
    down: bool,
}

/// The Checkered rules.
pub struct Checkered {
    geometry: Geometry,
}

impl Checkered {
    pub fn new() -> Checkered {
        Checkered {
            geometry: Geometry::new(8, 8).expect("an 8×8 board"),
        }
    }
}

impl Default for Checkered {
    fn default() -> Self {
        Checkered::new()
    }
}

/// Adds the piece `owner` owns of `kind` on `sq` to a move's placements:
/// a checkered piece is both sides' bytes of its cell.
fn place<const N: usize>(list: &mut Placements<N>, sq: Square, owner: Owner, kind: Kind) {
    match owner {
        Owner::Side(c) => list.push(sq, Piece::new(c, kind)),
        Owner::Both => {
            for c in Color::ALL {
                list.push(sq, Piece::new(c, kind.shared()));
            }
        }
    }
}

/// Whether a move is the switch.
pub fn is_switch(mv: &Move) -> bool {
    mv.intent.kind == SWITCH
}

/// Whether any checkered piece stands on the board.
fn any_checkered(pos: &Position) -> bool {
    pos.board.cells().iter().any(|c| c.shared_kind().is_some())
}

impl Checkered {
    fn at(&self, pos: &Position, sq: Square) -> Option<(Owner, Kind)> {
        pos.board.cell(sq).owned()
    }

    /// Whether `sq` is attacked by `by`.
    fn attacked(&self, pos: &Position, sq: Square, by: Attackers) -> bool {
        let g = &self.geometry;
        let hits = |s: Option<Square>, kinds: &[Kind]| -> bool {
            s.and_then(|s| self.at(pos, s)).is_some_and(|(o, k)| {
                kinds.contains(&k)
                    && match o {
                        Owner::Both => by.shared,
                        Owner::Side(c) => by.side == Some(c),
                    }
            })
        };
        // Pawns: a side's forward for it; checkered ones as `by` says.
        for df in [-1, 1] {
            for (dir, shared_ok) in [(1, by.up), (-1, by.down)] {
                let Some((o, k)) = g.offset(sq, df, -dir).and_then(|s| self.at(pos, s)) else {
                    continue;
                };
                if k != Kind::PAWN {
                    continue;
                }
                let forward = |c: Color| if c == Color::White { 1 } else { -1 };
                let ok = match o {
                    Owner::Both => by.shared && shared_ok,
                    Owner::Side(c) => by.side == Some(c) && forward(c) == dir,
                };
                if ok {
                    return true;
                }
            }
        }
        if KNIGHT_LEAPS
            .iter()
            .any(|&d| hits(g.offset_by(sq, d), &[Kind::KNIGHT]))
            || KING_STEPS
                .iter()
                .any(|&d| hits(g.offset_by(sq, d), &[Kind::KING]))
        {
            return true;
        }
        for (lines, slider) in [(&ORTHOGONAL, Kind::ROOK), (&DIAGONAL, Kind::BISHOP)] {
            for &d in lines.iter() {
                let mut s = sq;
                while let Some(n) = g.offset_by(s, d) {
                    if !pos.board.cell(n).is_empty() {
                        if hits(Some(n), &[slider, Kind::QUEEN]) {
                            return true;
                        }
                        break;
                    }
                    s = n;
                }
            }
        }
        false
    }

    /// Stage 1: whether `color`'s king is attacked by the enemy's pieces
    /// and the checkered ones, moving for the enemy.
    fn king_in_check_stage1(&self, pos: &Position, color: Color) -> bool {
        let them = color.opposite();
        let by = Attackers {
            side: Some(them),
            shared: true,
            up: them == Color::White,
            down: them == Color::Black,
        };
        pos.board
            .royals(color)
            .iter()
            .any(|k| self.attacked(pos, k, by))
    }

    /// Stage 2: whether a checkered piece attacks either king.
    fn a_king_attacked_by_checkered(&self, pos: &Position) -> bool {
        let by = Attackers {
            side: None,
            shared: true,
            up: true,
            down: true,
        };
        Color::ALL.iter().any(|&c| {
            pos.board
                .royals(c)
                .iter()
                .any(|k| self.attacked(pos, k, by))
        })
    }

    /// Every pseudo-legal move, the switch included if `with_switch`.
    fn generate(&self, pos: &Position, out: &mut MoveList, with_switch: bool) {
        let x = Extra::of(&pos.state);
        let us = pos.turn();
        for sq in self.geometry.squares() {
            let Some((owner, kind)) = self.at(pos, sq) else {
                continue;
            };
            let moves_it = if !x.stage2 {
                owner == Owner::Both || owner == Owner::Side(us)
            } else if us == x.checkered_side {
                owner == Owner::Both
            } else {
                owner != Owner::Both
            };
            if moves_it {
                self.piece_moves(pos, &x, sq, owner, kind, out);
            }
        }
        if with_switch && !x.stage2 && !x.no_switch {
            self.switch(pos, out);
        }
    }

    /// The switch, when allowed: checkered pieces on the board, none of
    /// them could take a king once they are the mover's, and they have a
    /// move.
    fn switch(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        let (Some(from), Some(to)) = (
            pos.board.royals(us).first(),
            pos.board.royals(us.opposite()).first(),
        ) else {
            return;
        };
        if !any_checkered(pos) || self.a_king_attacked_by_checkered(pos) {
            return;
        }
        let mut after = pos.clone();
        let mut x = Extra::of(&pos.state);
        x.stage2 = true;
        x.checkered_side = us;
        x.cmove = None;
        x.store(&mut after.state);
        let mut replies = MoveList::new();
        self.generate(&after, &mut replies, false);
        if replies.is_empty() {
            return;
        }
        let mut mv = Move::simple(from, to, Piece::new(us, Kind::KING), None, None);
        mv.effect = Default::default();
        mv.intent.kind = SWITCH;
        mv.intent.continues = true;
        out.push(mv);
    }

    /// Whether the mover (`owner`'s piece) may take what stands on `to`;
    /// `None` when the square is empty.
    fn victim(
        &self,
        pos: &Position,
        x: &Extra,
        owner: Owner,
        to: Square,
    ) -> Option<Option<(Owner, Kind)>> {
        let target = self.at(pos, to);
        let Some((t_owner, _)) = target else {
            return Some(None);
        };
        let ok = if x.stage2 {
            (owner == Owner::Both) != (t_owner == Owner::Both)
        } else {
            t_owner == Owner::Side(pos.turn().opposite())
        };
        ok.then_some(target)
    }

    #[allow(clippy::too_many_arguments)]
    fn piece_moves(
        &self,
        pos: &Position,
        x: &Extra,
        from: Square,
        owner: Owner,
        kind: Kind,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        let us = pos.turn();
        let emit = |to: Square,
                    victim: Option<(Square, Owner, Kind)>,
                    promo: Option<Kind>,
                    mkind: MoveKind,
                    out: &mut MoveList| {
            self.emit(pos, x, from, to, owner, kind, victim, promo, mkind, out);
        };
        match kind {
            Kind::PAWN => {
                // The colours whose forward this pawn moves in.
                let dirs: &[Color] = match (x.stage2, owner) {
                    (false, _) => &[us],
                    (true, Owner::Both) => &Color::ALL,
                    (true, Owner::Side(Color::White)) => &[Color::White],
                    (true, Owner::Side(Color::Black)) => &[Color::Black],
                };
                for &side in dirs {
                    self.pawn_moves(pos, x, from, owner, side, out);
                }
            }
            Kind::KNIGHT | Kind::KING => {
                let steps = if kind == Kind::KNIGHT {
                    &KNIGHT_LEAPS
                } else {
                    &KING_STEPS
                };
                for &d in steps {
                    let Some(to) = g.offset_by(from, d) else {
                        continue;
                    };
                    if let Some(v) = self.victim(pos, x, owner, to) {
                        emit(to, v.map(|(o, k)| (to, o, k)), None, MoveKind::Normal, out);
                    }
                }
                if kind == Kind::KING {
                    self.castlings(pos, from, owner, out);
                }
            }
            _ => {
                for &d in &KING_STEPS {
                    let diagonal = d.0 != 0 && d.1 != 0;
                    let fits = match kind {
                        Kind::BISHOP => diagonal,
                        Kind::ROOK => !diagonal,
                        _ => true,
                    };
                    if !fits {
                        continue;
                    }
                    let mut s = from;
                    while let Some(to) = g.offset_by(s, d) {
                        match self.at(pos, to) {
                            None => emit(to, None, None, MoveKind::Normal, out),
                            Some(_) => {
                                if let Some(Some((o, k))) = self.victim(pos, x, owner, to) {
                                    emit(to, Some((to, o, k)), None, MoveKind::Normal, out);
                                }
                                break;
                            }
                        }
                        s = to;
                    }
                }
            }
        }
    }

    /// A pawn's moves forward for `side`.
    fn pawn_moves(
        &self,
        pos: &Position,
        x: &Extra,
        from: Square,
        owner: Owner,
        side: Color,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        let dir = if side == Color::White { 1 } else { -1 };
        let last = if side == Color::White { 7 } else { 0 };
        let reach = |to: Square,
                     victim: Option<(Square, Owner, Kind)>,
                     mkind: MoveKind,
                     out: &mut MoveList| {
            if g.rank(to) == last {
                for &p in &PROMOTIONS {
                    self.emit_pawn(pos, x, from, to, owner, victim, Some(p), mkind, out);
                }
            } else {
                self.emit_pawn(pos, x, from, to, owner, victim, None, mkind, out);
            }
        };
        if let Some(one) = g.offset(from, 0, dir) {
            if self.at(pos, one).is_none() {
                reach(one, None, MoveKind::Normal, out);
                let may_double = g.relative_rank(from, side) <= 1
                    && (x.stage2 || !x.spent(pos.turn(), g.file(from)));
                if may_double {
                    if let Some(two) = g.offset(one, 0, dir).filter(|&t| self.at(pos, t).is_none())
                    {
                        // At stage 1 a checkered pawn's double step gives
                        // no en passant.
                        let kind = if !x.stage2 && owner == Owner::Both {
                            MoveKind::Normal
                        } else {
                            MoveKind::DoubleStep
                        };
                        reach(two, None, kind, out);
                    }
                }
            }
        }
        for df in [-1, 1] {
            let Some(to) = g.offset(from, df, dir) else {
                continue;
            };
            if let Some(Some((o, k))) = self.at(pos, to).and(self.victim(pos, x, owner, to)) {
                reach(to, Some((to, o, k)), MoveKind::Normal, out);
            }
        }
        // En passant: onto the passed square, taking what stands beside
        // the pawn there (checkered pawns do not take so at stage 1).
        if let Some(ep) = pos.state.en_passant {
            if x.stage2 || owner != Owner::Both {
                for df in [-1, 1] {
                    if g.offset(from, df, dir) != Some(ep) {
                        continue;
                    }
                    let beside = g.offset(from, df, 0).expect("beside the passed square");
                    let victim = self.at(pos, beside).map(|(o, k)| (beside, o, k));
                    let mkind = if victim.is_some() {
                        MoveKind::EnPassant
                    } else {
                        MoveKind::Normal
                    };
                    reach(ep, victim, mkind, out);
                }
            }
        }
    }

    /// A pawn's move: a promoted pawn stays its owner's, checkered or not
    /// (see the deviation checkered-promotion-stays-checkered).
    #[allow(clippy::too_many_arguments)]
    fn emit_pawn(
        &self,
        pos: &Position,
        x: &Extra,
        from: Square,
        to: Square,
        owner: Owner,
        victim: Option<(Square, Owner, Kind)>,
        promo: Option<Kind>,
        mkind: MoveKind,
        out: &mut MoveList,
    ) {
        self.emit(
            pos,
            x,
            from,
            to,
            owner,
            Kind::PAWN,
            victim,
            promo,
            mkind,
            out,
        );
    }

    /// A move of the piece on `from`, with stage 1's checkered results of a
    /// capture: a checkered piece of the mover's kind (or of the promotion
    /// chosen) and, when the captured kind differs (and the pawn does not
    /// promote), one of the captured kind.
    #[allow(clippy::too_many_arguments)]
    fn emit(
        &self,
        pos: &Position,
        x: &Extra,
        from: Square,
        to: Square,
        owner: Owner,
        kind: Kind,
        victim: Option<(Square, Owner, Kind)>,
        promo: Option<Kind>,
        mkind: MoveKind,
        out: &mut MoveList,
    ) {
        let landed_kind = promo.unwrap_or(kind);
        let checkerize = !x.stage2 && victim.is_some() && kind != Kind::KING;
        if !checkerize {
            // A checkered move that takes nothing may not undo the last one.
            if !x.stage2 && owner == Owner::Both && victim.is_none() && x.cmove == Some((to, from))
            {
                return;
            }
            let mut mv = self.build(
                pos,
                from,
                to,
                owner,
                kind,
                victim,
                (owner, landed_kind),
                mkind,
            );
            mv.intent.promotion = promo;
            out.push(mv);
            return;
        }
        let mut mv = self.build(
            pos,
            from,
            to,
            owner,
            kind,
            victim,
            (Owner::Both, landed_kind),
            mkind,
        );
        mv.intent.promotion = promo;
        out.push(mv);
        let taken = victim.map(|v| v.2).unwrap_or(kind);
        if promo.is_none() && taken != kind {
            let mut mv = self.build(
                pos,
                from,
                to,
                owner,
                kind,
                victim,
                (Owner::Both, taken),
                mkind,
            );
            mv.intent.promotion = Some(taken);
            out.push(mv);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn build(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        owner: Owner,
        kind: Kind,
        victim: Option<(Square, Owner, Kind)>,
        landed: (Owner, Kind),
        mkind: MoveKind,
    ) -> Move {
        let mut mv = Move::simple(from, to, Piece::new(pos.turn(), kind), None, None);
        mv.effect = Default::default();
        place(&mut mv.effect.vanish, from, owner, kind);
        if let Some((s, o, k)) = victim {
            place(&mut mv.effect.vanish, s, o, k);
            mv.intent.capture = true;
        }
        place(&mut mv.effect.appear, to, landed.0, landed.1);
        mv.intent.kind = mkind;
        mv
    }

    /// Castling of the king on `from` (its own colour's rights, if the side
    /// to move has any left), the path free and unattacked by the king's
    /// enemy (not by checkered pieces), as vchess's `getCastleMoves`.
    fn castlings(&self, pos: &Position, from: Square, owner: Owner, out: &mut MoveList) {
        let g = &self.geometry;
        let Owner::Side(c) = owner else { return };
        if !pos.state.castling.any(pos.turn()) {
            return;
        }
        let rank = if c == Color::White { 0 } else { 7 };
        if g.rank(from) != rank {
            return;
        }
        let enemy = Attackers {
            side: Some(c.opposite()),
            shared: false,
            up: false,
            down: false,
        };
        let rook = Piece::new(c, Kind::ROOK);
        let partner = |s| self.at(pos, s) == Some((Owner::Side(c), Kind::ROOK));
        let layout = Layout::chess(g.cols());
        let rights = &pos.state.castling;
        for castle in castles(g, &pos.board, rights, c, from, &layout, &partner)
            .into_iter()
            .flatten()
        {
            // The king's way, its landing square left to legality (as
            // vchess's loop, which stops before it).
            if castle
                .crossed(g, false)
                .any(|s| self.attacked(pos, s, enemy))
            {
                continue;
            }
            let mut mv = castle.to_move(Piece::new(c, Kind::KING), [rook]);
            mv.intent.piece = Piece::new(pos.turn(), Kind::KING);
            out.push(mv);
        }
    }

    /// The legal moves but the switch exist.
    fn has_move_but_switch(&self, pos: &Position) -> bool {
        let mut list = MoveList::new();
        self.generate(pos, &mut list, false);
        let mut probe = pos.clone();
        list.iter()
            .any(|mv| crate::legal::is_legal(self, &mut probe, mv))
    }
}

impl Rules for Checkered {
    fn name(&self) -> &str {
        "Checkered"
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 - - 1"
    }

    fn kinds(&self, _color: Color) -> KindSet {
        b"pnbrqk".iter().map(|&k| Kind(k)).collect()
    }

    fn royal_kinds(&self) -> KindSet {
        [Kind::KING].into_iter().collect()
    }

    fn piece_name(&self, piece: Piece) -> String {
        let name = crate::rules::default_piece_name(Piece::new(piece.color, piece.kind.unshared()));
        if piece.kind.is_shared() {
            format!("checkered {name}")
        } else {
            name
        }
    }

    fn fen_style(&self) -> FenStyle {
        FenStyle {
            castling: [true, true],
            en_passant: true,
            ..FenStyle::default()
        }
    }

    fn decode_cell(&self, c: char) -> Option<Cell> {
        if let Some(kind) = checkered_kind(c) {
            return Some(Cell::shared(kind));
        }
        let p = Piece::from_letter(c)?;
        self.kinds(p.color).contains(p.kind).then(|| Cell::of(p))
    }

    fn encode_cell(&self, cell: Cell) -> Option<char> {
        if let Some(kind) = cell.shared_kind() {
            return CHECKERED_LETTERS
                .iter()
                .find(|(_, k)| *k == kind)
                .map(|&(l, _)| l);
        }
        cell.single().map(Piece::letter)
    }

    fn read_flags_tail(&self, tail: &str, state: &mut State) -> bool {
        if tail.is_empty() {
            return true;
        }
        if tail.len() != 16 || !tail.bytes().all(|b| b == b'0' || b == b'1') {
            return false;
        }
        let mut x = Extra::of(state);
        x.spent = tail
            .bytes()
            .enumerate()
            .filter(|(_, b)| *b == b'0')
            .fold(0, |acc, (i, _)| acc | 1 << i);
        x.store(state);
        true
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let g = &self.geometry;
        let mut x = Extra::of(state);
        if let Some(f) = fields.first().filter(|f| f.text != "-") {
            let text = f.text.as_str();
            let square = |r: std::ops::Range<usize>| text.get(r).and_then(|t| g.parse_square(t));
            match (text.len() == 4, square(0..2), square(2..4)) {
                (true, Some(a), Some(b)) => x.cmove = Some((a, b)),
                _ => problems.push(Problem::BadField {
                    field: "last checkered move",
                    text: f.text.clone(),
                    offset: f.offset,
                }),
            }
        }
        if let Some(f) = fields.get(1) {
            match f.text.as_str() {
                "1" => {}
                "1-" => x.no_switch = true,
                "2w" | "2b" => {
                    x.stage2 = true;
                    x.checkered_side = if f.text == "2w" {
                        Color::White
                    } else {
                        Color::Black
                    };
                }
                _ => problems.push(Problem::BadField {
                    field: "stage (1, 1-, 2w or 2b)",
                    text: f.text.clone(),
                    offset: f.offset,
                }),
            }
        }
        x.store(state);
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let x = Extra::of(&pos.state);
        let flags: String = (0..16)
            .map(|i| if x.spent >> i & 1 == 1 { '0' } else { '1' })
            .collect();
        let g = &self.geometry;
        let cmove = match x.cmove {
            Some((a, b)) => format!("{}{}", g.square_name(a), g.square_name(b)),
            None => "-".into(),
        };
        let stage = match (x.stage2, x.no_switch) {
            (true, _) => format!("2{}", x.checkered_side.fen_char()),
            (false, true) => "1-".into(),
            (false, false) => "1".into(),
        };
        (flags, format!(" {cmove} {stage}"))
    }

    fn promotions(&self, _color: Color) -> &[Kind] {
        &PROMOTIONS
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        self.generate(pos, out, true);
    }

    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        let x = Extra::of(&pos.state);
        if !x.stage2 {
            return self.king_in_check_stage1(pos, color);
        }
        color != x.checkered_side && self.a_king_attacked_by_checkered(pos)
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let mut x = Extra::of(&pos.state);
        let g = &self.geometry;
        let undo = pos.apply(mv);
        if is_switch(mv) {
            x.stage2 = true;
            x.checkered_side = mv.color();
            x.cmove = None;
            x.store(&mut pos.state);
            return undo;
        }
        let mover = mv.color();
        let moved_shared = mv
            .effect
            .vanish
            .as_slice()
            .first()
            .is_some_and(|v| v.piece.kind.is_shared());
        let took = mv.intent.capture;
        // Castling rights, by squares and by the side to move (vchess's
        // updateCastleFlags).
        let king = mv.intent.piece.kind == Kind::KING;
        let squares = (mv.intent.from, mv.intent.to);
        pos.state
            .castling
            .after_vchess_move(g, mover, king, squares, true);
        // A double step from the second rank spends White's right on its
        // file, from the seventh Black's.
        if mv.intent.piece.kind == Kind::PAWN
            && g.rank(mv.intent.from).abs_diff(g.rank(mv.intent.to)) == 2
        {
            match g.rank(mv.intent.from) {
                1 => x.spent |= 1 << g.file(mv.intent.from),
                6 => x.spent |= 1 << (8 + g.file(mv.intent.from)),
                _ => {}
            }
        }
        x.cmove = (!x.stage2 && moved_shared && !took).then_some((mv.intent.from, mv.intent.to));
        x.store(&mut pos.state);
        undo
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        let x = Extra::of(&pos.state);
        let us = pos.turn();
        if x.stage2 {
            if us == x.checkered_side && !any_checkered(pos) {
                return Some(Outcome::VariantWin {
                    winner: us.opposite(),
                    reason: "no checkered piece left",
                });
            }
            return None;
        }
        // The switch is no way out of mate or stalemate (vchess's
        // atLeastOneMove leaves it out).
        if x.no_switch || !any_checkered(pos) || self.has_move_but_switch(pos) {
            return None;
        }
        let mut with = MoveList::new();
        self.switch(pos, &mut with);
        if with.is_empty() {
            return None;
        }
        Some(if self.king_in_check_stage1(pos, us) {
            Outcome::Checkmate {
                winner: us.opposite(),
            }
        } else {
            Outcome::Stalemate
        })
    }

    fn notation_override(&self, mv: &Move) -> Option<String> {
        is_switch(mv).then(|| "S".to_string())
    }

    fn san_kind(&self, kind: Kind) -> Kind {
        kind.unshared()
    }

    fn notation_kind(&self, kind: Kind) -> Kind {
        kind.unshared()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal;

    fn moves(fen: &str) -> Vec<String> {
        legal::sorted_coordinates(&Checkered::new(), fen)
    }

    /// The vchess FEN after `san` is played from `fen`, and the position.
    fn play(fen: &str, san: &str) -> (String, Position) {
        let rules = Checkered::new();
        let mut pos = crate::validate::position_from_fen(&rules, fen).unwrap();
        let mv = crate::notation::parse_move(&rules, &mut pos, san).unwrap();
        rules.play(&mut pos, &mv);
        (crate::fen::vchess_fen(&rules, &pos), pos)
    }

    #[test]
    fn start_fen_round_trips_and_perft_is_chess() {
        let rules = Checkered::new();
        let mut pos = crate::validate::position_from_fen(&rules, rules.start_fen()).unwrap();
        assert_eq!(crate::fen::vchess_fen(&rules, &pos), rules.start_fen());
        assert_eq!(legal::perft(&rules, &mut pos, 2), 400);
    }

    #[test]
    fn a_capture_makes_a_checkered_piece_of_either_kind() {
        // The page's first diagram, Black to move: Rxh4 makes a checkered
        // rook or (Rxh4=P) a checkered pawn.
        let fen = "2kr4/pp6/2p5/4ss1r/1P2ns1P/2Np4/P1P1P1BP/R2o1RK1 b 0 ahah1111111111111111 - - 1";
        let (after, _) = play(fen, "Rxh4=P");
        assert_eq!(
            after,
            "2kr4/pp6/2p5/4ss2/1P2ns1s/2Np4/P1P1P1BP/R2o1RK1 w 1 ahah1111111111111111 - - 1"
        );
        // The checkered pawn now moves for White: h4h5 is not an undo.
        let list = moves(&after);
        assert!(list.contains(&"h4h5".to_string()), "{list:?}");
    }

    #[test]
    fn a_checkered_move_that_took_nothing_is_not_taken_back() {
        let list = moves("4k3/8/8/8/4o3/8/8/4K3 w 0 ahah1111111111111111 - d6e4 1");
        assert!(!list.contains(&"e4d6".to_string()), "{list:?}");
        assert!(list.contains(&"e4c5".to_string()), "{list:?}");
    }

    #[test]
    fn checkered_pawns_give_check_for_the_enemy() {
        // After 1...g2+ (the page's second diagram): the checkered pawn on
        // g2 takes as Black would, h1 is in check and g1 is attacked by the
        // one on h2; White's way out is a checkered pawn's step (as the
        // site's engine lists it: not mate).
        let rules = Checkered::new();
        let fen = "7k/b5pp/8/8/8/8/6ss/7K w 0 ahah1111111111111111 - - 1";
        let pos = crate::validate::position_from_fen(&rules, fen).unwrap();
        assert!(legal::in_check(&rules, &pos));
        assert_eq!(moves(fen), ["g2g3", "g2g4"]);
    }

    #[test]
    fn a_checkered_pawn_promotes_to_a_checkered_piece_at_stage_2() {
        let fen = "4k3/1s6/8/8/8/8/8/4K3 w 0 ahah1111111111111111 - - 2w";
        let (after, _) = play(fen, "b8=Q");
        assert_eq!(
            after,
            "1t2k3/8/8/8/8/8/8/4K3 b 1 ahah1111111111111111 - - 2w"
        );
    }

    #[test]
    fn checkered_pawns_neither_give_nor_take_en_passant_at_stage_1() {
        // The checkered pawn on d2 steps two for White: no en passant
        // square, and the flag of White's d-file is spent.
        let fen = "4k3/8/8/8/4p3/8/3s4/4K3 w 0 ahah1111111111111111 - - 1";
        let (after, _) = play(fen, "d4");
        assert_eq!(
            after,
            "4k3/8/8/8/3sp3/8/8/4K3 b 1 ahah1110111111111111 - d2d4 1"
        );
        // Black's pawn has double-stepped beside a checkered pawn: that one
        // may not take en passant (it moves for White now), a white pawn
        // may.
        let list = moves("4k3/8/8/2Psp3/8/8/8/4K3 w 2 ahah1111111111111111 e6 - 1");
        assert!(list.contains(&"c5c6".to_string()), "{list:?}");
        assert!(!list.contains(&"d5e6".to_string()), "{list:?}");
        let list = moves("4k3/8/8/2Pp4/8/8/8/4K3 w 2 ahah1111111111111111 d6 - 1");
        assert!(list.contains(&"c5d6".to_string()), "{list:?}");
    }

    #[test]
    fn a_spent_double_step_is_the_side_to_moves_by_file() {
        // White's e-file double step is spent: its checkered pawn on e2
        // steps one square only.
        let list = moves("4k3/8/8/8/8/8/4s3/K7 w 0 ahah1111011111111111 - - 1");
        assert!(list.contains(&"e2e3".to_string()), "{list:?}");
        assert!(!list.contains(&"e2e4".to_string()), "{list:?}");
    }

    #[test]
    fn the_switch_hands_over_the_checkered_pieces() {
        let rules = Checkered::new();
        let fen = "4k3/8/8/8/8/2o5/8/4K3 w 0 ahah1111111111111111 - - 1";
        let (after, mut pos) = play(fen, "S");
        assert_eq!(
            after,
            "4k3/8/8/8/8/2o5/8/4K3 w 0 ahah1111111111111111 - - 2w"
        );
        // Only the checkered knight moves now.
        let mut list = MoveList::new();
        legal::legal_moves(&rules, &mut pos, &mut list);
        assert_eq!(list.len(), 8);
        assert!(list.iter().all(|m| m.intent.from == Square(18)));
    }
}
