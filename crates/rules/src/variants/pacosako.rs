//! Paco Sako: no captures, only unions. A piece that "captures" an enemy
//! piece forms a union with it, which either player may then move as their
//! own piece of the pair, to empty squares only; a piece that enters a union
//! releases the friendly piece there, which the same player moves at once
//! (a chain: each step is its own ply, `Intent::continues`). There is no
//! check; a union with the enemy king wins.
//!
//! Two modes. The default is vchess's (its rules page): the official rules
//! plus three extra ones (no immediate undo of a union move, a pawn's double
//! step once per file, a draw when both kings end in unions). `pacoplay`
//! plays the official rules as pacoplay.com's engine does: none of those,
//! kings move to empty squares only, and when a union brings an opponent's
//! pawn to its last rank, the pawn's owner promotes it as part of the first
//! step of their next turn (one ply: the promotion, then the step; written
//! `=Q:Kd7`). Where the two differ in small ways (en passant inside a
//! chain, what clears castling rights, what "attacked" means for castling),
//! each follows its own source; see the comments at those places.
//!
//! Otage (vchess, David Antonini 2020) is Paco Sako with hostages, played
//! by the same engine in a third mode: "a piece A captured by another
//! piece B remain on the board, following B. It can be freed by capturing
//! B at any moment"; "an union can be moved only by the last player
//! capturing it"; "the king can thus capture without losing the game";
//! "everything else is exactly the same as in Paco-Sako" (vchess's Paco
//! Sako, without its no-undo rule, which Otage's engine does not have).
//! Who holds each union is a per-square counter of the position (1 White,
//! 2 Black), written in the FEN after the union's letter as vchess does
//! (`cw`: the first piece of `c` White's, White holds it; `b`: White's,
//! Black holds; `v`: Black's, White holds; `a`: Black's, Black holds). A
//! king held as a hostage has lost, at once.

use std::collections::HashSet;

use crate::castling::{castles, Layout};
use crate::color::Color;
use crate::fen::{FenStyle, Field};
use crate::geometry::{Dir, Geometry, DIAGONAL, KING_STEPS, KNIGHT_LEAPS, NO_SQUARE, ORTHOGONAL};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Cell, Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::squareset::SquareSet;
use crate::validate::Problem;

/// The union letters (`../shared/docs/variants.tsv`): uppercase, White owns
/// the first kind of the pair; lowercase, Black does. `@` (two kings) always
/// reads as White's.
pub const UNIONS: [(char, Kind, Kind); 21] = [
    ('a', Kind::PAWN, Kind::PAWN),
    ('c', Kind::PAWN, Kind::ROOK),
    ('d', Kind::PAWN, Kind::KNIGHT),
    ('e', Kind::PAWN, Kind::BISHOP),
    ('f', Kind::PAWN, Kind::QUEEN),
    ('g', Kind::PAWN, Kind::KING),
    ('h', Kind::ROOK, Kind::ROOK),
    ('i', Kind::ROOK, Kind::KNIGHT),
    ('j', Kind::ROOK, Kind::BISHOP),
    ('l', Kind::ROOK, Kind::QUEEN),
    ('m', Kind::ROOK, Kind::KING),
    ('o', Kind::KNIGHT, Kind::KNIGHT),
    ('s', Kind::KNIGHT, Kind::BISHOP),
    ('t', Kind::KNIGHT, Kind::QUEEN),
    ('u', Kind::KNIGHT, Kind::KING),
    ('v', Kind::BISHOP, Kind::BISHOP),
    ('w', Kind::BISHOP, Kind::QUEEN),
    ('x', Kind::BISHOP, Kind::KING),
    ('y', Kind::QUEEN, Kind::QUEEN),
    ('z', Kind::QUEEN, Kind::KING),
    ('@', Kind::KING, Kind::KING),
];

const PROMOTIONS: [Kind; 4] = [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT];

/// Which rules: vchess's page (default) or pacoplay.com's, or Otage's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Vchess,
    Pacoplay,
    /// Otage: unions are hostages, moved by their holder only.
    Otage,
}

/// Otage's holder letters after a union's: whether White owns the
/// union's first piece, and who holds the union.
const HOLDER_MARKS: [(char, bool, Color); 4] = [
    ('w', true, Color::White),
    ('b', true, Color::Black),
    ('v', false, Color::White),
    ('a', false, Color::Black),
];

/// Paco Sako's state beyond chess's, packed into [`State::variant`]; all
/// zero is the start of a game (no piece in hand, every pawn flag unused).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PacoState {
    /// The released piece that must move now: where it stands and its kind.
    pub hand: Option<(Square, Kind)>,
    /// Chain step of the move that released the piece in hand.
    pub step: u8,
    /// vchess: files whose two-square pawn advance each color has spent.
    pub spent: [u8; 2],
    /// vchess: the last ply, if it moved a union (from, to).
    pub union_move: Option<(Square, Square)>,
    /// pacoplay: an opponent-brought pawn on this square awaits promotion,
    /// which its owner's next step makes first.
    pub promotion: Option<Square>,
}

impl PacoState {
    /// Unpacks `state.variant`.
    pub fn of(state: &State) -> PacoState {
        let v = state.variant;
        let sq = |shift: u32| Square(((v >> shift) & 0x3f) as u16);
        let kind = ((v >> 8) & 0xff) as u8;
        PacoState {
            hand: (kind != 0).then(|| (sq(0), Kind(kind))),
            step: ((v >> 16) & 0xff) as u8,
            spent: [((v >> 24) & 0xff) as u8, ((v >> 32) & 0xff) as u8],
            union_move: ((v >> 52) & 1 == 1).then(|| (sq(40), sq(46))),
            promotion: ((v >> 59) & 1 == 1).then(|| sq(53)),
        }
    }

    /// Packs into `state.variant`.
    pub fn store(self, state: &mut State) {
        let mut v = 0u64;
        if let Some((sq, kind)) = self.hand {
            v |= (sq.0 as u64 & 0x3f) | ((kind.0 as u64) << 8);
        }
        v |= (self.step as u64) << 16;
        v |= (self.spent[0] as u64) << 24 | (self.spent[1] as u64) << 32;
        if let Some((a, b)) = self.union_move {
            v |= (a.0 as u64 & 0x3f) << 40 | (b.0 as u64 & 0x3f) << 46 | 1 << 52;
        }
        if let Some(sq) = self.promotion {
            v |= (sq.0 as u64 & 0x3f) << 53 | 1 << 59;
        }
        state.variant = v;
    }
}

/// How the moving piece was picked up.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lift {
    /// A piece standing alone.
    Single,
    /// The mover's piece of a union, carrying the partner along.
    Union(Piece),
    /// The piece in hand, released by the previous step of the chain.
    Released,
}

/// Paco Sako rules in one mode.
pub struct PacoSako {
    geometry: Geometry,
    mode: Mode,
}

fn dir(d: (i8, i8)) -> Dir {
    Dir::new(d.0, d.1).expect("short step")
}

impl PacoSako {
    /// The rules in `mode`.
    pub fn new(mode: Mode) -> PacoSako {
        PacoSako {
            geometry: Geometry::new(8, 8).expect("8x8"),
            mode,
        }
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// vchess's engines (Paco Sako's and Otage's) rather than pacoplay's.
    fn vchess_like(&self) -> bool {
        self.mode != Mode::Pacoplay
    }

    /// Otage: who holds the union on `sq` (none for a lone piece).
    pub fn holder(pos: &Position, sq: Square) -> Option<Color> {
        match pos.counters.get(sq) {
            1 => Some(Color::White),
            2 => Some(Color::Black),
            _ => None,
        }
    }

    /// Appends the moves of `piece` lifted from `from` in the way `lift`
    /// says. `threats`: pacoplay's threat squares instead (for castling).
    fn piece_moves(
        &self,
        pos: &Position,
        from: Square,
        piece: Piece,
        lift: Lift,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        let board = &pos.board;
        let us = piece.color;
        let them = us.opposite();
        let paired = matches!(lift, Lift::Union(_));
        // Whether the lifted piece may stop on `t`, and what it meets there.
        let can_land = |t: Square| {
            let c = board.cell(t);
            if c.is_empty() {
                true
            } else {
                !paired && c.has(them)
            }
        };
        match piece.kind {
            Kind::PAWN => self.pawn_moves(pos, from, piece, lift, out),
            Kind::KING => {
                for d in KING_STEPS {
                    let t = g.step_raw(from.0, dir(d));
                    if t == NO_SQUARE {
                        continue;
                    }
                    let t = Square(t);
                    let empty = board.cell(t).is_empty();
                    // pacoplay: the king never forms a union by its own move.
                    if empty || (self.vchess_like() && can_land(t)) {
                        self.push(pos, from, t, piece, lift, None, out);
                    }
                }
                if lift == Lift::Single {
                    self.castling_moves(pos, from, piece, out);
                }
            }
            Kind::KNIGHT => {
                for d in KNIGHT_LEAPS {
                    let t = g.step_raw(from.0, dir(d));
                    if t != NO_SQUARE && can_land(Square(t)) {
                        self.push(pos, from, Square(t), piece, lift, None, out);
                    }
                }
            }
            k => {
                let dirs: &[(i8, i8)] = match k {
                    Kind::ROOK => &ORTHOGONAL,
                    Kind::BISHOP => &DIAGONAL,
                    _ => &KING_STEPS,
                };
                for &d in dirs {
                    let mut t = from.0;
                    loop {
                        t = g.step_raw(t, dir(d));
                        if t == NO_SQUARE {
                            break;
                        }
                        let cell = board.cell(Square(t));
                        if cell.is_empty() {
                            self.push(pos, from, Square(t), piece, lift, None, out);
                            continue;
                        }
                        if can_land(Square(t)) {
                            self.push(pos, from, Square(t), piece, lift, None, out);
                        }
                        break;
                    }
                }
            }
        }
    }

    fn pawn_moves(
        &self,
        pos: &Position,
        from: Square,
        piece: Piece,
        lift: Lift,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        let board = &pos.board;
        let us = piece.color;
        let them = us.opposite();
        let fwd: i8 = if us == Color::White { 1 } else { -1 };
        let rel = g.relative_rank(from, us);
        let one = g.step_raw(from.0, dir((0, fwd)));
        if one != NO_SQUARE && board.cell(Square(one)).is_empty() {
            self.push_pawn(pos, from, Square(one), piece, lift, out);
            // From the first two ranks (a pawn brought back to its first
            // rank in a union may jump too, as in both sources). vchess:
            // from the second rank, once per file and color.
            let allowed = rel <= 1
                && (self.mode == Mode::Pacoplay
                    || rel == 0
                    || PacoState::of(&pos.state).spent[us.index()] >> g.file(from) & 1 == 0);
            let two = g.step_raw(one, dir((0, fwd)));
            if allowed
                && two != NO_SQUARE
                && board.cell(Square(two)).is_empty()
                && !self.undoes(pos, lift, from, Square(two))
            {
                let mut mv = self.build(pos, from, Square(two), piece, lift, None, None);
                mv.intent.kind = MoveKind::DoubleStep;
                out.push(mv);
            }
        }
        if matches!(lift, Lift::Union(_)) {
            return;
        }
        for df in [-1, 1] {
            let t = g.step_raw(from.0, dir((df, fwd)));
            if t == NO_SQUARE {
                continue;
            }
            let t = Square(t);
            let cell = board.cell(t);
            if cell.has(them) {
                self.push_pawn(pos, from, t, piece, lift, out);
            } else if cell.is_empty() && pos.state.en_passant == Some(t) {
                // vchess: no en passant inside a chain (its ep square is gone
                // after the first step anyway); pacoplay keeps it all turn.
                if lift == Lift::Released && self.vchess_like() {
                    continue;
                }
                self.push_en_passant(pos, from, t, piece, lift, out);
            }
        }
    }

    /// En passant: the piece or union that double-stepped goes back to the
    /// passed square `t` and our pawn meets it there; a friendly piece in
    /// that union is released from `t` (the page: "from the intermediate
    /// square").
    fn push_en_passant(
        &self,
        pos: &Position,
        from: Square,
        t: Square,
        piece: Piece,
        lift: Lift,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        let us = piece.color;
        let them = us.opposite();
        let back: i32 = if us == Color::White { -1 } else { 1 };
        let Some(victim_sq) = g.offset(t, 0, back) else {
            return;
        };
        let victim = pos.board.cell(victim_sq);
        let Some(their) = victim.piece(them) else {
            return;
        };
        let mut mv = Move::simple(from, t, piece, None, None);
        mv.effect = Default::default();
        if lift != Lift::Released {
            mv.effect.vanish.push(from, piece);
        }
        mv.effect.vanish.push(victim_sq, their);
        if let Some(ours) = victim.piece(us) {
            mv.effect.vanish.push(victim_sq, ours);
            mv.intent.continues = true;
        }
        mv.effect.appear.push(t, their);
        mv.effect.appear.push(t, piece);
        mv.intent.capture = true;
        mv.intent.kind = MoveKind::EnPassant;
        mv.intent.chain_step = self.step_of(pos, lift);
        out.push(mv);
    }

    /// vchess: no immediate undo of the opponent's union move.
    fn undoes(&self, pos: &Position, lift: Lift, from: Square, to: Square) -> bool {
        matches!(lift, Lift::Union(_))
            && self.mode == Mode::Vchess
            && PacoState::of(&pos.state).union_move == Some((to, from))
    }

    fn push_pawn(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        piece: Piece,
        lift: Lift,
        out: &mut MoveList,
    ) {
        if self.undoes(pos, lift, from, to) {
            return;
        }
        if self.geometry.relative_rank(to, piece.color) == 7 {
            for k in PROMOTIONS {
                out.push(self.build(pos, from, to, piece, lift, Some(k), None));
            }
        } else {
            self.push(pos, from, to, piece, lift, None, out);
        }
    }

    /// A non-pawn move, or a union move that may promote the partner.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        piece: Piece,
        lift: Lift,
        promo: Option<Kind>,
        out: &mut MoveList,
    ) {
        if self.undoes(pos, lift, from, to) {
            return;
        }
        if let Lift::Union(partner) = lift {
            // The partner pawn reaches its last rank: in vchess the mover
            // chooses its new kind now; pacoplay lets its owner choose later.
            if partner.kind == Kind::PAWN
                && self.geometry.relative_rank(to, partner.color) == 7
                && self.vchess_like()
            {
                for k in PROMOTIONS {
                    out.push(self.build(pos, from, to, piece, lift, None, Some(k)));
                }
                return;
            }
        }
        out.push(self.build(pos, from, to, piece, lift, promo, None));
    }

    fn step_of(&self, pos: &Position, lift: Lift) -> u8 {
        if lift == Lift::Released {
            PacoState::of(&pos.state).step.saturating_add(1)
        } else {
            0
        }
    }

    /// The move of `piece` (lifted as `lift`) from `from` to `to`; `promo`:
    /// its own promotion, `partner_promo`: the carried partner's.
    #[allow(clippy::too_many_arguments)]
    fn build(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        piece: Piece,
        lift: Lift,
        promo: Option<Kind>,
        partner_promo: Option<Kind>,
    ) -> Move {
        let us = piece.color;
        let them = us.opposite();
        let mut mv = Move::simple(from, to, piece, None, promo);
        let landed = Piece::new(us, promo.unwrap_or(piece.kind));
        mv.effect = Default::default();
        match lift {
            Lift::Single => mv.effect.vanish.push(from, piece),
            Lift::Union(partner) => {
                mv.effect.vanish.push(from, piece);
                mv.effect.vanish.push(from, partner);
                let carried = Piece::new(partner.color, partner_promo.unwrap_or(partner.kind));
                mv.effect.appear.push(to, carried);
                mv.intent.promotion = promo.or(partner_promo);
            }
            Lift::Released => {}
        }
        let target = pos.board.cell(to);
        if let Some(their) = target.piece(them) {
            // A union forms (or is entered): the enemy piece stays, listed in
            // vanish and appear so the move reads as a capture.
            mv.effect.vanish.push(to, their);
            mv.effect.appear.push(to, their);
            mv.intent.capture = true;
            if let Some(ours) = target.piece(us) {
                mv.effect.vanish.push(to, ours);
                mv.intent.continues = true;
            }
        }
        mv.effect.appear.push(to, landed);
        mv.intent.chain_step = self.step_of(pos, lift);
        mv
    }

    fn castling_moves(&self, pos: &Position, king_sq: Square, king: Piece, out: &mut MoveList) {
        let us = king.color;
        if !pos.state.castling.any(us) {
            return;
        }
        let g = &self.geometry;
        let back = if us == Color::White { 0 } else { 7 };
        if g.rank(king_sq) != back {
            return;
        }
        // vchess: the rook alone (its right is gone once anything touched
        // its square). pacoplay swaps whatever stands there. Otage: the
        // same (vchess's Otage castles with whatever its rook's square
        // holds, a union or nothing: deviation
        // otage-castling-without-the-rook).
        let partner = |s| {
            !self.vchess_like() || pos.board.cell(s).single() == Some(Piece::new(us, Kind::ROOK))
        };
        let layout = Layout::chess(g.cols());
        let rights = &pos.state.castling;
        for c in castles(g, &pos.board, rights, us, king_sq, &layout, &partner)
            .into_iter()
            .flatten()
        {
            // Attacks through chains are judged over the whole path at
            // once (one probe), landing square included.
            let mut path = SquareSet::EMPTY;
            for s in c.crossed(g, true) {
                path.insert(s);
            }
            if self.chain_attacked(pos, us.opposite(), &path) {
                continue;
            }
            let corner = pos.board.cell(c.rook_from);
            let partners = Color::ALL.map(|col| corner.piece(col));
            out.push(c.to_move(king, partners.into_iter().flatten()));
        }
    }

    /// Whether `by` attacks a square of `targets` directly or through a
    /// chain (castling's condition). Attacks start from `by`'s lone pieces,
    /// kings excepted (both sources). vchess counts any move that ends on a
    /// target; pacoplay counts its threats (pawn diagonals even to empty
    /// squares, not pushes). Chains are followed with the piece each
    /// release puts in hand; a repeated (board, hand) state ends a branch.
    pub fn chain_attacked(&self, pos: &Position, by: Color, targets: &SquareSet) -> bool {
        let mut probe = pos.clone();
        probe.state.turn = by;
        probe.state.en_passant = None;
        // No castling in the probe: an attacking king's castling would ask
        // this very question again (vchess: "noCastle").
        probe.state.castling = crate::position::Castling::NONE;
        PacoState {
            hand: None,
            step: 0,
            union_move: None,
            promotion: None,
            ..PacoState::of(&pos.state)
        }
        .store(&mut probe.state);
        let mut seen = HashSet::new();
        let mut moves = MoveList::new();
        for sq in self.geometry.squares() {
            let Some(p) = pos.board.cell(sq).single() else {
                continue;
            };
            // Otage's attacks start from its king too (its king captures).
            if p.color != by || (p.kind == Kind::KING && self.mode != Mode::Otage) {
                continue;
            }
            moves.clear();
            self.piece_moves(&probe, sq, p, Lift::Single, &mut moves);
            if self.reaches(&mut probe, sq, p, &moves, targets, &mut seen) {
                return true;
            }
        }
        false
    }

    fn reaches(
        &self,
        probe: &mut Position,
        from: Square,
        piece: Piece,
        moves: &[Move],
        targets: &SquareSet,
        seen: &mut HashSet<(u64, u16, u8)>,
    ) -> bool {
        let hit = match self.mode {
            Mode::Vchess | Mode::Otage => moves.iter().any(|m| targets.contains(m.intent.to)),
            Mode::Pacoplay => self.threatens(probe, from, piece, targets),
        };
        if hit {
            return true;
        }
        for mv in moves.iter().filter(|m| m.intent.continues) {
            let undo = self.play(probe, mv);
            let hand = PacoState::of(&probe.state).hand;
            let key = (
                board_hash(probe),
                mv.intent.to.0,
                hand.map_or(0, |h| h.1 .0),
            );
            let mut found = false;
            if let Some((sq, kind)) = hand {
                if seen.insert(key) {
                    let released = Piece::new(piece.color, kind);
                    let mut next = MoveList::new();
                    self.piece_moves(probe, sq, released, Lift::Released, &mut next);
                    found = self.reaches(probe, sq, released, &next, targets, seen);
                }
            }
            self.unplay(probe, mv, undo);
            if found {
                return true;
            }
        }
        false
    }

    /// pacoplay's threats of `piece` on `from`: where it could strike if an
    /// enemy stood there.
    fn threatens(&self, pos: &Position, from: Square, piece: Piece, targets: &SquareSet) -> bool {
        let g = &self.geometry;
        let hit = |t: u16| t != NO_SQUARE && targets.contains(Square(t));
        match piece.kind {
            Kind::PAWN => {
                let fwd = if piece.color == Color::White { 1 } else { -1 };
                [-1, 1]
                    .iter()
                    .any(|&df| hit(g.step_raw(from.0, dir((df, fwd)))))
            }
            Kind::KNIGHT => KNIGHT_LEAPS
                .iter()
                .any(|&d| hit(g.step_raw(from.0, dir(d)))),
            Kind::KING => false,
            k => {
                let dirs: &[(i8, i8)] = match k {
                    Kind::ROOK => &ORTHOGONAL,
                    Kind::BISHOP => &DIAGONAL,
                    _ => &KING_STEPS,
                };
                dirs.iter().any(|&d| {
                    let mut t = from.0;
                    loop {
                        t = g.step_raw(t, dir(d));
                        if t == NO_SQUARE {
                            return false;
                        }
                        if targets.contains(Square(t)) {
                            return true;
                        }
                        if !pos.board.cell(Square(t)).is_empty() {
                            return false;
                        }
                    }
                })
            }
        }
    }

    /// Whether `color`'s king stands in a union.
    pub fn king_in_union(&self, pos: &Position, color: Color) -> bool {
        pos.board
            .royals(color)
            .iter()
            .any(|sq| pos.board.cell(sq).is_union())
    }
}

fn board_hash(pos: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    pos.board.hash(&mut h);
    h.finish()
}

impl Rules for PacoSako {
    fn name(&self) -> &str {
        if self.mode == Mode::Otage {
            "Otage"
        } else {
            "Pacosako"
        }
    }
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }
    fn start_fen(&self) -> &str {
        if self.mode == Mode::Otage {
            // No last-union-move field: Otage has no no-undo rule.
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 -"
        } else {
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 - -"
        }
    }
    fn kinds(&self, _color: Color) -> KindSet {
        Kind::CHESS.into_iter().collect()
    }
    fn royal_kinds(&self) -> KindSet {
        [Kind::KING].into_iter().collect()
    }
    fn fen_style(&self) -> FenStyle {
        FenStyle {
            castling: [true, true],
            castle_rook: Kind::ROOK,
            en_passant: true,
            hole: None,
        }
    }
    fn promotions(&self, _color: Color) -> &[Kind] {
        &PROMOTIONS
    }

    fn decode_cell(&self, c: char) -> Option<Cell> {
        if let Some(p) = Piece::from_letter(c).filter(|p| self.kinds(p.color).contains(p.kind)) {
            return Some(Cell::of(p));
        }
        let lower = c.to_ascii_lowercase();
        let &(_, first, second) = UNIONS.iter().find(|u| u.0 == lower)?;
        let (white, black) = if c.is_ascii_lowercase() {
            (second, first)
        } else {
            (first, second)
        };
        Some(Cell::of(Piece::new(Color::White, white)).with(Piece::new(Color::Black, black)))
    }

    fn encode_cell(&self, cell: Cell) -> Option<char> {
        if let Some(p) = cell.single() {
            return Some(p.letter());
        }
        let (w, b) = (cell.kind(Color::White)?, cell.kind(Color::Black)?);
        UNIONS.iter().find_map(|&(c, first, second)| {
            if (first, second) == (w, b) {
                Some(c.to_ascii_uppercase())
            } else if (first, second) == (b, w) {
                Some(c)
            } else {
                None
            }
        })
    }

    fn read_flags_tail(&self, tail: &str, state: &mut State) -> bool {
        if tail.is_empty() {
            return true;
        }
        if tail.len() != 16 || !tail.bytes().all(|b| b == b'0' || b == b'1') {
            return false;
        }
        let mut ps = PacoState::of(state);
        for (i, b) in tail.bytes().enumerate() {
            if b == b'0' {
                ps.spent[i / 8] |= 1 << (i % 8);
            }
        }
        ps.store(state);
        true
    }

    fn marked_letter(&self, c: char) -> bool {
        let lower = c.to_ascii_lowercase();
        self.mode == Mode::Otage && !"prnbqk".contains(lower) && UNIONS.iter().any(|u| u.0 == lower)
    }

    fn read_cell_mark(
        &self,
        board: &mut crate::Board,
        counters: &mut crate::position::SquareCounters,
        sq: Square,
        letter: char,
        mark: char,
    ) -> bool {
        let lower = letter.to_ascii_lowercase();
        let Some(&(_, first, second)) = UNIONS.iter().find(|u| u.0 == lower) else {
            return false;
        };
        let Some(&(_, white_first, holder)) = HOLDER_MARKS.iter().find(|h| h.0 == mark) else {
            return false;
        };
        let (white, black) = if white_first {
            (first, second)
        } else {
            (second, first)
        };
        board.set_cell(
            sq,
            Cell::of(Piece::new(Color::White, white)).with(Piece::new(Color::Black, black)),
        );
        counters.set(sq, holder.index() as u8 + 1);
        true
    }

    fn marked_cell(&self, pos: &Position, sq: Square) -> Option<[char; 2]> {
        if self.mode != Mode::Otage {
            return None;
        }
        let cell = pos.board.cell(sq);
        let (w, b) = (cell.kind(Color::White)?, cell.kind(Color::Black)?);
        let holder = Self::holder(pos, sq)?;
        UNIONS.iter().find_map(|&(c, first, second)| {
            // A union of two alike (two pawns) reads as White's first.
            let white_first = if (first, second) == (w, b) {
                true
            } else if (first, second) == (b, w) {
                false
            } else {
                return None;
            };
            let mark = HOLDER_MARKS
                .iter()
                .find(|h| h.1 == white_first && h.2 == holder)?
                .0;
            Some([c, mark])
        })
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        if self.mode == Mode::Otage {
            return;
        }
        let Some(f) = fields.first() else { return };
        if f.text == "-" {
            return;
        }
        let g = &self.geometry;
        // Two squares of two characters each; `get` (not slicing): the
        // field is user text, and a cut inside a character panics.
        let text = f.text.as_str();
        let square =
            |range: std::ops::Range<usize>| text.get(range).and_then(|t| g.parse_square(t));
        let squares = (text.len() == 4).then(|| (square(0..2), square(2..4)));
        match squares {
            Some((Some(a), Some(b))) => {
                let mut ps = PacoState::of(state);
                ps.union_move = Some((a, b));
                ps.store(state);
            }
            _ => problems.push(Problem::BadField {
                field: "last union move",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    /// pacoplay: a pawn of the side to move on its last rank inside a union
    /// was brought there by the opponent and awaits its promotion; no FEN
    /// field says so, the board does.
    fn read_position_fields(&self, _fields: &[Field], pos: &mut Position, _p: &mut Vec<Problem>) {
        if self.mode != Mode::Pacoplay {
            return;
        }
        let us = pos.turn();
        let waiting = self.geometry.squares().find(|&sq| {
            let cell = pos.board.cell(sq);
            cell.is_union()
                && cell.kind(us) == Some(Kind::PAWN)
                && self.geometry.relative_rank(sq, us) == 7
        });
        if let Some(sq) = waiting {
            let mut ps = PacoState::of(&pos.state);
            ps.promotion = Some(sq);
            ps.store(&mut pos.state);
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let ps = PacoState::of(&pos.state);
        let flags: String = (0..16)
            .map(|i| {
                if ps.spent[i / 8] >> (i % 8) & 1 == 1 {
                    '0'
                } else {
                    '1'
                }
            })
            .collect();
        if self.mode == Mode::Otage {
            return (flags, String::new());
        }
        let umove = match ps.union_move {
            Some((a, b)) => format!(
                " {}{}",
                self.geometry.square_name(a),
                self.geometry.square_name(b)
            ),
            None => " -".into(),
        };
        (flags, umove)
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        let ps = PacoState::of(&pos.state);
        if let Some(sq) = ps.promotion {
            self.promoting_steps(pos, sq, out);
            return;
        }
        if let Some((sq, kind)) = ps.hand {
            self.piece_moves(pos, sq, Piece::new(us, kind), Lift::Released, out);
            return;
        }
        for sq in self.geometry.squares() {
            let cell = pos.board.cell(sq);
            let Some(kind) = cell.kind(us) else { continue };
            let piece = Piece::new(us, kind);
            let lift = match cell.piece(us.opposite()) {
                None => Lift::Single,
                // Otage: a union is its holder's to move.
                Some(partner) if self.mode == Mode::Otage => {
                    if Self::holder(pos, sq) != Some(us) {
                        continue;
                    }
                    Lift::Union(partner)
                }
                // A king in a union has lost: it never moves again.
                Some(_) if kind == Kind::KING => continue,
                Some(partner) => Lift::Union(partner),
            };
            self.piece_moves(pos, sq, piece, lift, out);
        }
    }

    /// No check in Paco Sako: kings may stand attacked.
    fn royal_attacked(&self, _pos: &Position, _color: Color) -> bool {
        false
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        if self.mode == Mode::Otage {
            pos.counters.save();
        }
        let undo = self.play_unions(pos, mv);
        if self.mode == Mode::Otage {
            // Every union the move makes or moves is the mover's to hold.
            let mover = mv.color();
            let effect = &mv.effect;
            for p in effect
                .vanish
                .as_slice()
                .iter()
                .chain(effect.appear.as_slice())
            {
                let held = pos.board.cell(p.square).is_union();
                pos.counters
                    .set(p.square, if held { mover.index() as u8 + 1 } else { 0 });
            }
        }
        undo
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        pos.unapply(mv, undo);
        if self.mode == Mode::Otage {
            pos.counters.restore();
        }
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        if self.mode == Mode::Otage {
            return Self::hostage_king(pos).map(|loser| Outcome::VariantWin {
                winner: loser.opposite(),
                reason: "king taken hostage",
            });
        }
        self.dance_outcome(pos)
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        // A pawn may stand on its own first rank (brought there in a
        // union) but never stays on its last one, except a pacoplay pawn
        // awaiting its owner's promotion.
        let pending = PacoState::of(&pos.state).promotion;
        for sq in self.geometry.squares() {
            let cell = pos.board.cell(sq);
            if self.mode == Mode::Otage && cell.is_union() && Self::holder(pos, sq).is_none() {
                let letter = self.encode_cell(cell).unwrap_or('?').to_ascii_lowercase();
                out.push(Problem::HolderMissing {
                    letter,
                    square: self.geometry.square_name(sq),
                    offset: offset_of(sq),
                });
            }
            for p in pos.board.cell(sq).pieces() {
                if p.kind == Kind::PAWN
                    && self.geometry.relative_rank(sq, p.color) == 7
                    && pending != Some(sq)
                    && !(self.mode == Mode::Pacoplay && pos.board.cell(sq).is_union())
                {
                    out.push(Problem::PawnOnBackRank {
                        square: self.geometry.square_name(sq),
                        piece: p.letter(),
                        offset: offset_of(sq),
                    });
                }
            }
        }
    }
}

impl PacoSako {
    /// Paco Sako's play: the move, the piece in hand, pawn flags, the last
    /// union move, castling rights.
    fn play_unions(&self, pos: &mut Position, mv: &Move) -> Undo {
        let before = PacoState::of(&pos.state);
        let from_cell = pos.board.cell(mv.intent.from);
        let ep = pos.state.en_passant;
        let undo = pos.apply(mv);
        let mover = mv.color();
        let g = &self.geometry;
        let mut ps = before;
        ps.hand = None;
        ps.step = 0;
        // A pending promotion is made by whatever step comes now (its
        // effect is part of the move, see `promoting_steps`).
        ps.promotion = None;
        let released_lift = before.hand.is_some();
        let union_lift = !released_lift && from_cell.is_union();
        if mv.intent.continues {
            // The friendly piece that vanished away from `from` is released.
            ps.hand = mv
                .effect
                .vanish
                .as_slice()
                .iter()
                .find(|v| v.piece.color == mover && v.square != mv.intent.from)
                .map(|v| (mv.intent.to, v.piece.kind));
            if self.mode == Mode::Pacoplay && mv.intent.kind != MoveKind::EnPassant {
                // pacoplay keeps the en-passant square for the whole turn.
                pos.state.en_passant = ep;
            }
        }
        // The chain step only matters while a piece is in hand.
        if ps.hand.is_some() {
            ps.step = mv.intent.chain_step;
        }
        // A union move that promotes one of its pawns (the mover's or the
        // partner's) cancels nothing when moved back (the pawn stays
        // promoted): vchess records no union move then, and allows the return.
        let partner_promoted = union_lift
            && mv.effect.appear.as_slice().iter().any(|a| {
                a.square == mv.intent.to && from_cell.kind(a.piece.color) != Some(a.piece.kind)
            });
        ps.union_move = (union_lift && !mv.intent.continues && !partner_promoted)
            .then_some((mv.intent.from, mv.intent.to));
        if self.vchess_like() {
            // A file's double step is spent by using it ("you may only do
            // that once per file", the page's house rule): a pawn of the
            // mover (alone, in a union, or released) advancing two squares
            // from its second rank. vchess does the same.
            let r = g.rank(mv.intent.from);
            let moved_kind = if released_lift {
                before.hand.map(|(_, k)| k)
            } else {
                from_cell.kind(mover)
            };
            let second = if mover == Color::White { 1 } else { 6 };
            let castle = matches!(mv.intent.kind, MoveKind::Castle { .. });
            if r == second
                && !castle
                && moved_kind == Some(Kind::PAWN)
                && g.rank(mv.intent.to).abs_diff(r) == 2
            {
                ps.spent[mover.index()] |= 1 << g.file(mv.intent.from);
            }
        } else if union_lift && !mv.intent.continues {
            let to = mv.intent.to;
            let partner = pos.board.cell(to).piece(mover.opposite());
            if partner.is_some_and(|p| p.kind == Kind::PAWN && g.relative_rank(to, p.color) == 7) {
                ps.promotion = Some(to);
            }
        }
        ps.store(&mut pos.state);
        self.update_castling(pos, mv, from_cell, released_lift);
        undo
    }

    /// Paco Sako's result: a king in a union (both: a draw), judged when a
    /// chain ends.
    fn dance_outcome(&self, pos: &Position) -> Option<Outcome> {
        let ps = PacoState::of(&pos.state);
        if ps.hand.is_some() || ps.promotion.is_some() {
            return None;
        }
        match (
            self.king_in_union(pos, Color::White),
            self.king_in_union(pos, Color::Black),
        ) {
            (true, true) => Some(Outcome::VariantDraw {
                reason: "both kings in unions",
            }),
            (true, false) => Some(Outcome::VariantWin {
                winner: Color::Black,
                reason: "union with the king",
            }),
            (false, true) => Some(Outcome::VariantWin {
                winner: Color::White,
                reason: "union with the king",
            }),
            (false, false) => None,
        }
    }

    /// Otage: the side whose king is held as a hostage (in a union the
    /// other side holds), if any.
    fn hostage_king(pos: &Position) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| {
            pos.board
                .royals(c)
                .iter()
                .any(|sq| pos.board.cell(sq).is_union() && Self::holder(pos, sq) != Some(c))
        })
    }

    /// pacoplay: the first steps of a turn that begins with the promotion of
    /// the mover's pawn on `sq`, brought there in a union by the opponent.
    /// "It is promoted at the start of your next turn" (pacoplay.com): each
    /// step of the position with the pawn promoted, for each kind, carrying
    /// the promotion in its effect so that one ply does both (the official
    /// engine counts it so: 873 steps at depth 2 from the issue-36 position).
    fn promoting_steps(&self, pos: &Position, sq: Square, out: &mut MoveList) {
        let us = pos.turn();
        let pawn = Piece::new(us, Kind::PAWN);
        for k in PROMOTIONS {
            let promoted = Piece::new(us, k);
            let mut after = pos.clone();
            after.board.remove(sq, us);
            after.board.put(sq, promoted);
            let mut ps = PacoState::of(&after.state);
            ps.promotion = None;
            ps.store(&mut after.state);
            let mut steps = MoveList::new();
            self.pseudo_legal_moves(&after, &mut steps);
            for mut mv in steps {
                // The step may lift the promoted piece (alone with its
                // partner, or released by a piece entering the union): it
                // then vanishes as what it became. The pawn is listed last
                // so that taking the move back restores the pawn.
                let lifts_it = mv
                    .effect
                    .vanish
                    .as_slice()
                    .iter()
                    .any(|v| v.square == sq && v.piece.color == us);
                mv.effect.vanish.push(sq, pawn);
                if !lifts_it {
                    mv.effect.appear.push(sq, promoted);
                }
                mv.intent.prior_promotion = Some(k);
                out.push(mv);
            }
        }
    }

    /// What ends a right differs by source (the reason this is not
    /// [`Castling::after_vchess_move`]): vchess's Paco Sako ends one on
    /// anything touching the rook's square; Otage, the mover's own right
    /// only; pacoplay, only a rook lifted from its corner.
    fn update_castling(&self, pos: &mut Position, mv: &Move, from_cell: Cell, released_lift: bool) {
        let g = &self.geometry;
        let mover = mv.color();
        let castling = &mut pos.state.castling;
        if !castling.any_left() {
            return;
        }
        match self.mode {
            Mode::Vchess => {
                // Anything leaving or reaching a rook's square ends its right.
                for p in mv
                    .effect
                    .vanish
                    .as_slice()
                    .iter()
                    .chain(mv.effect.appear.as_slice())
                {
                    for c in Color::ALL {
                        castling.lose_square(g, c, p.square);
                    }
                }
            }
            Mode::Otage => {
                // vchess's Otage: the mover's own right on the file it
                // leaves on its first rank, else on the one it reaches
                // (a capture there by the opponent ends nothing).
                let from = mv.intent.from;
                let from_flagged = g.relative_rank(from, mover) == 0
                    && castling.0[mover.index()].contains(&Some(g.file(from)));
                let sq = if from_flagged { from } else { mv.intent.to };
                castling.lose_square(g, mover, sq);
            }
            Mode::Pacoplay => {
                // Only lifting a rook (or a union with it) from its corner
                // ends a right; a released piece was not lifted.
                if !released_lift {
                    for p in from_cell.pieces().filter(|p| p.kind == Kind::ROOK) {
                        castling.lose_square(g, p.color, mv.intent.from);
                    }
                }
            }
        }
        if mv.intent.piece.kind == Kind::KING {
            castling.lose_all(mover);
        }
    }
}
