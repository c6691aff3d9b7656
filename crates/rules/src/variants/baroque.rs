//! Baroque (Ultima) and the engine Maxima shares: pieces that move as queens
//! (pincers as rooks) and capture each in its own way, mostly away from the
//! destination, so one move may remove several pieces; an immobilizer
//! freezes the enemies next to it. Maxima's own pieces, board and wins are in
//! [`super::maxima`]; this file holds everything the two have in common.
//!
//! Decisions where the Baroque page leaves a point open (sources: the page,
//! its "pure rules" link, vchess's `Baroque.js`):
//! - An immobilizer is cancelled when it stands next to an immobilizer or a
//!   chameleon of the frozen piece's side *other than that piece itself*:
//!   the page's note says two lone adjacent immobilizers stay stuck.
//! - A chameleon immobilizes an adjacent enemy immobilizer (the page), and
//!   is itself frozen by it unless another friendly immobilizer or chameleon
//!   cancels it: both stay stuck, as two immobilizers do.
//! - The chameleon captures pincers by pincering (only on an orthogonal
//!   move, any friendly piece as the anvil), withdrawers by withdrawing, long
//!   leapers by leaping (over leapers only), coordinators by coordinating,
//!   all combined in one move; the king by stepping onto it. It never
//!   captures a chameleon or an immobilizer (they have no capture to copy).
//! - An immobilized piece, the king included, has no move, so it gives no
//!   check either: legality is the generic "no reply takes the king".
//! - A piece never counts as its own anvil: it has left its square.

use crate::color::Color;
use crate::fen::FenStyle;
use crate::geometry::{Dir, Geometry, KING_STEPS};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::Position;
use crate::rules::{Outcome, Rules};
use crate::square::Square;

/// Pincer pawn: moves as a rook, captures by custodianship.
pub const PINCER: Kind = Kind(b'p');
/// Coordinator: captures on the corners of its king's rectangle.
pub const COORDINATOR: Kind = Kind(b'r');
/// Long leaper: captures by jumping over enemies.
pub const LEAPER: Kind = Kind(b'n');
/// Chameleon: captures each piece the way that piece captures.
pub const CHAMELEON: Kind = Kind(b'b');
/// Withdrawer: captures the enemy it moves straight away from.
pub const WITHDRAWER: Kind = Kind(b'q');
/// King.
pub const KING: Kind = Kind(b'k');
/// Immobilizer: never captures; freezes adjacent enemies.
pub const IMMOBILIZER: Kind = Kind(b'm');
/// Maxima's mage: one diagonal step, then straight on away from its start.
pub const MAGE: Kind = Kind(b'g');
/// Maxima's guard: a king that is not royal.
pub const GUARD: Kind = Kind(b'd');

/// Which member of the family.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flavor {
    Baroque,
    Maxima,
    /// Rococo's own movers are in [`super::rococo`].
    Rococo,
    /// Fugue's own pieces are in [`super::fugue`].
    Fugue,
}

/// The rules of Baroque or Maxima.
pub struct Ultima {
    pub(super) flavor: Flavor,
    pub(super) geometry: Geometry,
    /// The four orthogonal directions, then the four diagonal ones.
    pub(super) dirs: [Dir; 8],
    /// Maxima: each square's king targets (knight leaps, files wrapped).
    pub(super) king_leaps: Vec<Vec<Square>>,
    /// Maxima: each color's palace (its first-rank d and e squares).
    pub(super) palaces: [[Square; 2]; 2],
}

impl Ultima {
    pub(super) fn with(flavor: Flavor, geometry: Geometry) -> Ultima {
        let dirs = KING_STEPS.map(|(df, dr)| Dir::new(df, dr).expect("unit steps fit the table"));
        Ultima {
            flavor,
            geometry,
            dirs,
            king_leaps: Vec::new(),
            palaces: [[Square(0); 2]; 2],
        }
    }

    /// Whether `dir` (one of `self.dirs`) is orthogonal.
    #[inline]
    fn orthogonal(dir: Dir) -> bool {
        dir.df() == 0 || dir.dr() == 0
    }

    /// Whether the piece `piece` on `sq` is frozen by an adjacent enemy.
    pub fn immobilized(&self, pos: &Position, sq: Square, piece: Piece) -> bool {
        if self.flavor == Flavor::Maxima && piece.kind == MAGE {
            return false;
        }
        if self.flavor == Flavor::Rococo {
            return self.freezer(pos, sq, piece).is_some();
        }
        if self.flavor == Flavor::Fugue {
            return self.fugue_frozen(pos, sq, piece);
        }
        let them = piece.color.opposite();
        for &d in &self.dirs {
            let Some(n) = self.geometry.step(sq, d) else {
                continue;
            };
            match pos.board.cell(n).kind(them) {
                Some(IMMOBILIZER) if !self.cancelled(pos, n, piece.color, sq) => return true,
                Some(CHAMELEON) if piece.kind == IMMOBILIZER => return true,
                _ => {}
            }
        }
        false
    }

    /// Whether the enemy immobilizer on `imm` is cancelled by an immobilizer
    /// or chameleon of `color` next to it, other than the piece on `except`.
    fn cancelled(&self, pos: &Position, imm: Square, color: Color, except: Square) -> bool {
        self.dirs.iter().any(|&d| {
            self.geometry.step(imm, d).is_some_and(|n| {
                n != except
                    && matches!(pos.board.cell(n).kind(color), Some(IMMOBILIZER | CHAMELEON))
            })
        })
    }

    /// Every pseudo-legal move of `us` in `pos`, whoever is to move.
    pub(super) fn generate(&self, pos: &Position, us: Color, out: &mut MoveList) {
        if self.flavor == Flavor::Rococo {
            self.rococo_generate(pos, us, out);
            return;
        }
        if self.flavor == Flavor::Fugue {
            self.fugue_generate(pos, us, out);
            return;
        }
        self.for_each_piece(pos, us, |gen, sq, piece| {
            if !self.immobilized(pos, sq, piece) {
                gen.piece_moves(sq, piece, out);
            }
        });
    }

    /// Calls `f` with the move generator of `us` in `pos` for each piece
    /// of `us`, in board order: the loop every flavour's generator runs.
    pub(super) fn for_each_piece(
        &self,
        pos: &Position,
        us: Color,
        mut f: impl FnMut(&Gen, Square, Piece),
    ) {
        let gen = Gen {
            r: self,
            pos,
            us,
            them: us.opposite(),
            king: pos.board.royals(us).first(),
        };
        for sq in self.geometry.squares() {
            if let Some(piece) = pos.board.cell(sq).piece(us) {
                f(&gen, sq, piece);
            }
        }
    }
}

impl Ultima {
    /// Whether some pseudo-legal move of `color`'s opponent takes one of
    /// `color`'s royal pieces: the generic definition
    /// ([`crate::rules::royal_captures`]), generating only the moves of the
    /// pieces whose geometry lets them reach a royal, and stopping at the
    /// first hit.
    pub fn royal_capturable(&self, pos: &Position, color: Color) -> bool {
        let royals = pos.board.royals(color);
        if royals.is_empty() {
            return false;
        }
        let attacker = color.opposite();
        let gen = Gen {
            r: self,
            pos,
            us: attacker,
            them: color,
            king: pos.board.royals(attacker).first(),
        };
        let g = &self.geometry;
        let coords = |sq: Square| (g.file(sq) as i32, g.rank(sq) as i32);
        thread_local! {
            static BUFFER: std::cell::RefCell<MoveList> = std::cell::RefCell::new(MoveList::with_capacity(64));
        }
        BUFFER.with_borrow_mut(|buf| {
            for sq in g.squares() {
                let Some(piece) = pos.board.cell(sq).piece(attacker) else {
                    continue;
                };
                let (f, r) = coords(sq);
                let may_reach = royals.iter().any(|royal| {
                    let (rf, rr) = coords(royal);
                    let (df, dr) = ((f - rf).abs(), (r - rr).abs());
                    match piece.kind {
                        IMMOBILIZER => false,
                        // They take a king only from a square next to it.
                        GUARD | CHAMELEON | WITHDRAWER => df.max(dr) == 1,
                        KING => self.flavor == Flavor::Maxima || df.max(dr) == 1,
                        // It must land orthogonally next to the royal.
                        PINCER => df <= 1 || dr <= 1,
                        // One corner of its rectangle must be the royal.
                        COORDINATOR => gen.king.is_some_and(|k| {
                            let (kf, kr) = coords(k);
                            kf == rf || kr == rr
                        }),
                        LEAPER => df == 0 || dr == 0 || df == dr,
                        _ => true,
                    }
                });
                if !may_reach || self.immobilized(pos, sq, piece) {
                    continue;
                }
                buf.clear();
                gen.piece_moves(sq, piece, buf);
                let hit = buf.iter().any(|mv| {
                    mv.effect
                        .vanish
                        .as_slice()
                        .iter()
                        .any(|v| v.piece.color == color && royals.contains(v.square))
                });
                if hit {
                    return true;
                }
            }
            false
        })
    }
}

/// One generation pass: the position and the side whose moves we list.
/// Rococo's movers ([`super::rococo`]) share its slides, leaps and
/// withdrawals.
pub(super) struct Gen<'a> {
    pub(super) r: &'a Ultima,
    pub(super) pos: &'a Position,
    pub(super) us: Color,
    pub(super) them: Color,
    /// Our king, which coordinators (and chameleons copying them) need.
    pub(super) king: Option<Square>,
}

impl Gen<'_> {
    #[inline]
    pub(super) fn step(&self, sq: Square, d: Dir) -> Option<Square> {
        self.r.geometry.step(sq, d)
    }

    /// The enemy piece on `sq`, if any.
    #[inline]
    pub(super) fn enemy(&self, sq: Square) -> Option<Piece> {
        self.pos.board.cell(sq).piece(self.them)
    }

    #[inline]
    pub(super) fn empty(&self, sq: Square) -> bool {
        self.pos.board.cell(sq).is_empty()
    }

    fn piece_moves(&self, from: Square, piece: Piece, out: &mut MoveList) {
        let dirs = &self.r.dirs;
        match piece.kind {
            PINCER => {
                for &d in &dirs[..4] {
                    let start = out.len();
                    self.slide(from, d, piece, out);
                    for mv in &mut out[start..] {
                        self.pincer(mv, None);
                    }
                }
            }
            WITHDRAWER => {
                for &d in dirs {
                    let prey = self.withdrawal_prey(from, d, None);
                    let start = out.len();
                    self.slide(from, d, piece, out);
                    if let Some((sq, p)) = prey {
                        for mv in &mut out[start..] {
                            capture(mv, sq, p);
                        }
                    }
                }
            }
            COORDINATOR => {
                let start = out.len();
                for &d in dirs {
                    self.slide(from, d, piece, out);
                }
                for mv in &mut out[start..] {
                    self.coordinate(mv, None);
                }
            }
            LEAPER => {
                for &d in dirs {
                    self.slide(from, d, piece, out);
                    self.leaps(from, d, piece, None, out);
                }
            }
            IMMOBILIZER => {
                for &d in dirs {
                    self.slide(from, d, piece, out);
                }
            }
            CHAMELEON => self.chameleon(from, piece, out),
            KING if self.r.flavor == Flavor::Maxima => {
                for &to in &self.r.king_leaps[from.index()] {
                    self.step_to(from, to, piece, out);
                }
            }
            KING | GUARD => {
                for &d in dirs {
                    if let Some(to) = self.step(from, d) {
                        self.step_to(from, to, piece, out);
                    }
                }
            }
            MAGE => self.mage(from, piece, out),
            _ => {}
        }
    }

    /// Quiet moves along `d` to each empty square until blocked.
    pub(super) fn slide(&self, from: Square, d: Dir, piece: Piece, out: &mut MoveList) {
        let mut sq = from;
        while let Some(to) = self.step(sq, d) {
            if !self.empty(to) {
                break;
            }
            out.push(Move::simple(from, to, piece, None, None));
            sq = to;
        }
    }

    /// A move to `to` if empty, or a capture by replacement of an enemy there.
    /// The first piece along `d` from `from`, with the last empty square
    /// before it (`from` itself when the piece stands next to it); `None`
    /// when the line leaves the board first.
    pub(super) fn first_on_line(&self, from: Square, d: Dir) -> Option<(Square, Square)> {
        let mut sq = from;
        loop {
            match self.step(sq, d) {
                None => return None,
                Some(n) if self.empty(n) => sq = n,
                Some(n) => return Some((sq, n)),
            }
        }
    }

    pub(super) fn step_to(&self, from: Square, to: Square, piece: Piece, out: &mut MoveList) {
        if self.empty(to) {
            out.push(Move::simple(from, to, piece, None, None));
        } else if let Some(prey) = self.enemy(to) {
            out.push(Move::simple(from, to, piece, Some(prey), None));
        }
    }

    /// Long leaps from `from` along `d`: over enemies (of kind `only`, if
    /// given), each followed by an empty square, landing on any empty square
    /// beyond the last one jumped.
    pub(super) fn leaps(
        &self,
        from: Square,
        d: Dir,
        piece: Piece,
        only: Option<Kind>,
        out: &mut MoveList,
    ) {
        let Some((_, first)) = self.first_on_line(from, d) else {
            return;
        };
        let mut jumped = [(Square(0), piece); 8];
        let mut count = 0;
        let mut last = first;
        loop {
            let Some(cur) = self.step(last, d) else {
                return;
            };
            let last_occupied = !self.empty(last);
            if last_occupied {
                let Some(prey) = self.enemy(last) else {
                    return; // our own piece blocks
                };
                if only.is_some_and(|k| k != prey.kind) || count == jumped.len() {
                    return;
                }
                jumped[count] = (last, prey);
                count += 1;
            }
            if self.empty(cur) {
                let mut mv = Move::simple(from, cur, piece, None, None);
                for &(s, p) in &jumped[..count] {
                    capture(&mut mv, s, p);
                }
                out.push(mv);
            } else if last_occupied || self.enemy(cur).is_none() {
                return; // two pieces in a row, or our own piece
            }
            last = cur;
        }
    }

    /// The enemy a withdrawal along `d` from `from` would take.
    pub(super) fn withdrawal_prey(
        &self,
        from: Square,
        d: Dir,
        only: Option<Kind>,
    ) -> Option<(Square, Piece)> {
        let behind = self.step(from, d.reverse())?;
        let prey = self.enemy(behind)?;
        kind_ok(prey.kind, only).then_some((behind, prey))
    }

    /// Adds the pincer captures of `mv` (landing on `mv.to`).
    fn pincer(&self, mv: &mut Move, only: Option<Kind>) {
        let (from, to) = (mv.intent.from, mv.intent.to);
        for &d in &self.r.dirs[..4] {
            let Some(s1) = self.step(to, d) else { continue };
            let Some(prey) = self.enemy(s1) else { continue };
            if !kind_ok(prey.kind, only) {
                continue;
            }
            let Some(s2) = self.step(s1, d) else { continue };
            if s2 != from && self.pos.board.cell(s2).has(self.us) {
                capture(mv, s1, prey);
            }
        }
    }

    /// Adds the coordinator captures of `mv`: enemies on the corners of the
    /// rectangle its destination makes with our king.
    fn coordinate(&self, mv: &mut Move, only: Option<Kind>) {
        let Some(king) = self.king else { return };
        let g = &self.r.geometry;
        let to = mv.intent.to;
        let (tf, tr, kf, kr) = (g.file(to), g.rank(to), g.file(king), g.rank(king));
        if tf == kf || tr == kr {
            return;
        }
        for corner in [g.square(tf, kr), g.square(kf, tr)].into_iter().flatten() {
            if let Some(prey) = self.enemy(corner) {
                if kind_ok(prey.kind, only) {
                    capture(mv, corner, prey);
                }
            }
        }
    }

    fn chameleon(&self, from: Square, piece: Piece, out: &mut MoveList) {
        for &d in &self.r.dirs {
            let prey = self.withdrawal_prey(from, d, Some(WITHDRAWER));
            let start = out.len();
            self.slide(from, d, piece, out);
            self.leaps(from, d, piece, Some(LEAPER), out);
            for mv in &mut out[start..] {
                if Ultima::orthogonal(d) {
                    self.pincer(mv, Some(PINCER));
                }
                self.coordinate(mv, Some(COORDINATOR));
                if let Some((sq, p)) = prey {
                    capture(mv, sq, p);
                }
            }
        }
        // The king (Maxima: also the guard and the mage) it takes by
        // stepping onto it, as a king does.
        for &d in &self.r.dirs {
            let Some(to) = self.step(from, d) else {
                continue;
            };
            let Some(prey) = self.enemy(to) else { continue };
            let takes = match self.r.flavor {
                Flavor::Baroque | Flavor::Rococo | Flavor::Fugue => prey.kind == KING,
                Flavor::Maxima => matches!(prey.kind, KING | GUARD | MAGE),
            };
            if takes {
                out.push(Move::simple(from, to, piece, Some(prey), None));
            }
        }
    }

    /// Maxima's mage: one diagonal step, then on in either orthogonal
    /// direction leading away from its start; captures by replacement.
    fn mage(&self, from: Square, piece: Piece, out: &mut MoveList) {
        for &d in &self.r.dirs[4..] {
            let Some(first) = self.step(from, d) else {
                continue;
            };
            if !self.empty(first) {
                self.step_to(from, first, piece, out);
                continue;
            }
            out.push(Move::simple(from, first, piece, None, None));
            for (df, dr) in [(d.df(), 0), (0, d.dr())] {
                let Some(on) = Dir::new(df, dr) else { continue };
                let mut sq = first;
                while let Some(to) = self.step(sq, on) {
                    self.step_to(from, to, piece, out);
                    if !self.empty(to) {
                        break;
                    }
                    sq = to;
                }
            }
        }
    }
}

#[inline]
pub(super) fn kind_ok(kind: Kind, only: Option<Kind>) -> bool {
    only.is_none_or(|k| k == kind)
}

/// Adds a captured piece to a move.
#[inline]
pub(super) fn capture(mv: &mut Move, sq: Square, prey: Piece) {
    if mv.effect.vanish.as_slice().iter().any(|v| v.square == sq) {
        return;
    }
    mv.effect.vanish.push(sq, prey);
    mv.intent.capture = true;
}

/// The Baroque rules.
pub fn rules() -> Ultima {
    Ultima::with(
        Flavor::Baroque,
        Geometry::new(8, 8).expect("8×8 is a valid board"),
    )
}

fn letters(s: &str) -> KindSet {
    s.bytes().map(Kind).collect()
}

impl Rules for Ultima {
    fn name(&self) -> &str {
        match self.flavor {
            Flavor::Baroque => "Baroque",
            Flavor::Maxima => "Maxima",
            Flavor::Rococo => "Rococo",
            Flavor::Fugue => "Fugue",
        }
    }

    // The pages' names, so that messages say "attacked by the withdrawer".
    fn piece_name(&self, piece: Piece) -> String {
        if self.flavor == Flavor::Fugue {
            let name = match piece.kind.0.to_ascii_lowercase() {
                b'p' => "cannon pawn",
                b'i' => "immobilizer",
                b'u' => "pushme-pullyu",
                b'a' => "archer",
                b's' => "shield",
                b'l' => "long leaper",
                b'w' => "swapper",
                _ => return crate::rules::default_piece_name(piece),
            };
            return name.to_string();
        }
        if self.flavor == Flavor::Rococo {
            let name = match piece.kind.0.to_ascii_lowercase() {
                b'p' => "cannon pawn",
                b'r' => "swapper",
                b'q' => "pushme-pullyu",
                _ => "",
            };
            if !name.is_empty() {
                return name.to_string();
            }
        }
        match piece.kind.0.to_ascii_lowercase() {
            b'p' => "pincer pawn",
            b'r' => "coordinator",
            b'n' => "long leaper",
            b'b' => "chameleon",
            b'q' => "withdrawer",
            b'k' => "king",
            b'm' => "immobilizer",
            b'g' => "mage",
            b'd' => "guard",
            _ => return crate::rules::default_piece_name(piece),
        }
        .to_string()
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        match self.flavor {
            Flavor::Baroque => "rnbkqbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR w 0",
            Flavor::Maxima => {
                "xxx2xxx/1g1qk1g1/1bnmrnb1/dppppppd/8/8/8/DPPPPPPD/1BNMRNB1/1G1QK1G1/xxx2xxx w 0"
            }
            Flavor::Rococo => "91/1rqnbknqm1/1pppppppp1/91/91/91/91/1PPPPPPPP1/1MQNBKNQR1/91 w 0 -",
            Flavor::Fugue => "wlqksaui/pppppppp/8/8/8/8/PPPPPPPP/IUASKQLW w 0",
        }
    }

    fn kinds(&self, _color: Color) -> KindSet {
        match self.flavor {
            Flavor::Baroque | Flavor::Rococo => letters("prnbqkm"),
            Flavor::Maxima => letters("prnbqkmgd"),
            Flavor::Fugue => letters("pqkiuaslw"),
        }
    }

    fn royal_kinds(&self) -> KindSet {
        letters("k")
    }

    fn fen_style(&self) -> FenStyle {
        FenStyle {
            hole: (self.flavor == Flavor::Maxima).then_some('x'),
            ..FenStyle::default()
        }
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        self.generate(pos, pos.turn(), out);
        if self.flavor == Flavor::Maxima {
            self.drop_palace_fillers(pos, out, start);
        }
    }

    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        if self.flavor == Flavor::Maxima && self.holds_palace(pos, color) {
            // Invading the palace ends the game at once, whatever it left
            // attacked (Lavieri's remark on chessvariants.com).
            return false;
        }
        if self.flavor == Flavor::Rococo {
            return self.rococo_royal_attacked(pos, color);
        }
        if self.flavor == Flavor::Fugue {
            // No check in Fugue (vchess shows none): a king left to be
            // taken is the player's business, and a position may hold one.
            return false;
        }
        self.royal_capturable(pos, color)
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        match self.flavor {
            Flavor::Baroque | Flavor::Rococo => None,
            Flavor::Maxima => self.maxima_outcome(pos),
            Flavor::Fugue => self.fugue_outcome(pos),
        }
    }

    // Fugue has no check: the king is taken, and a side that cannot move
    // has lost.
    fn illegal_after(&self, pos: &Position, mover: Color) -> bool {
        self.flavor != Flavor::Fugue && self.royal_attacked(pos, mover)
    }

    fn royals_per_side(&self) -> Option<usize> {
        (self.flavor != Flavor::Fugue).then_some(1)
    }

    fn stalemate_outcome(&self, pos: &Position) -> Outcome {
        match self.flavor {
            Flavor::Fugue => Outcome::VariantWin {
                winner: pos.turn().opposite(),
                reason: "no move",
            },
            _ => Outcome::Stalemate,
        }
    }

    fn takes_royal(&self, mv: &Move, color: Color, royals: crate::squareset::SquareSet) -> bool {
        // Rococo's and Fugue's swaps move the king they exchange with.
        let swap =
            matches!(self.flavor, Flavor::Rococo | Flavor::Fugue) && mv.effect.appear.len() == 2;
        !swap
            && mv
                .effect
                .vanish
                .as_slice()
                .iter()
                .any(|v| v.piece.color == color && royals.contains(v.square))
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        match self.flavor {
            Flavor::Rococo => super::rococo::rococo_note(mv),
            Flavor::Fugue => super::fugue::fugue_note(mv),
            _ => None,
        }
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> crate::position::Undo {
        let undo = pos.apply(mv);
        if self.flavor == Flavor::Rococo {
            self.rococo_after_play(pos, mv);
        }
        undo
    }

    fn read_variant_fields(
        &self,
        fields: &[crate::fen::Field],
        state: &mut crate::position::State,
        problems: &mut Vec<crate::validate::Problem>,
    ) {
        if self.flavor == Flavor::Rococo {
            self.rococo_read_fields(fields, state, problems);
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        match self.flavor {
            Flavor::Rococo => (String::new(), self.rococo_write_fields(pos)),
            _ => (String::new(), String::new()),
        }
    }
}
