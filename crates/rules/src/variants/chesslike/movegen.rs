//! Move generation: each piece's rays, pawns (double step, en passant,
//! promotion), and the fast attack test used for check.

use super::compile::{CompiledPiece, Special, NONE};
use super::{ChessLike, InitialMoves};
use crate::betza::{Mode, Path};
use crate::color::Color;
use crate::geometry::{Dir, NO_SQUARE};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::KindSet;
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::square::Square;

impl ChessLike {
    #[inline(always)]
    pub(super) fn piece_def(&self, color: Color, kind: Kind) -> Option<&CompiledPiece> {
        let i = self.index[color.index()][kind.0 as usize & 127];
        (i != NONE).then(|| &self.pieces[i as usize])
    }

    /// Whether `target` is attacked by a piece of `by` (would be captured if
    /// an enemy piece stood there).
    #[inline]
    pub fn square_attacked(&self, pos: &Position, target: Square, by: Color) -> bool {
        let g = &self.geometry;
        let board = &pos.board;
        for ray in &self.attack[by.index()] {
            let mut t = g.step_raw(target.0, ray.dir);
            if t == NO_SQUARE {
                continue;
            }
            let cell = board.cell_raw(t);
            if !cell.is_empty() {
                if let Some(k) = cell.kind(by) {
                    if ray.near.contains(k) {
                        return true;
                    }
                }
                continue;
            }
            if ray.far.is_empty() {
                continue;
            }
            loop {
                t = g.step_raw(t, ray.dir);
                // On a wrapped board a ray can come back to its start.
                if t == NO_SQUARE || t == target.0 {
                    break;
                }
                let cell = board.cell_raw(t);
                if !cell.is_empty() {
                    if let Some(k) = cell.kind(by) {
                        if ray.far.contains(k) {
                            return true;
                        }
                    }
                    break;
                }
            }
        }
        for &(dir, range, kinds) in &self.attack_limited[by.index()] {
            if let Some(t) = self.first_piece_within(pos, target.0, dir, range) {
                if matches!(board.cell_raw(t).kind(by), Some(k) if kinds.contains(k)) {
                    return true;
                }
            }
        }
        if !self.attack_special[by.index()].is_empty() {
            return self.special_attacked(pos, target, by);
        }
        false
    }

    /// The first occupied square at most `range` steps from `from` along
    /// `dir`: where a ray of limited range stops.
    #[inline(always)]
    fn first_piece_within(&self, pos: &Position, from: u16, dir: Dir, range: u8) -> Option<u16> {
        let mut t = from;
        for _ in 0..range {
            t = self.geometry.step_raw(t, dir);
            if t == NO_SQUARE {
                return None;
            }
            if !pos.board.cell_raw(t).is_empty() {
                return Some(t);
            }
        }
        None
    }

    /// Whether the shortcut of [`Rules::pinned`] is sound for these rules:
    /// check is the one royal attacked, nothing forbids giving check, and
    /// every attack is a plain ray (hoppers, lame leapers and wrapped boards
    /// take the slow way).
    pub(super) fn pins_apply(&self) -> bool {
        !self.spec.wins.forbid_check && self.lines_plain()
    }

    /// Whether the shortcut of [`crate::rules::Rules::pins_without_check`]
    /// is sound: as [`ChessLike::pins_apply`], for rules that forbid
    /// giving check.
    pub(super) fn pins_without_check_apply(&self) -> bool {
        self.spec.wins.forbid_check && self.lines_plain()
    }

    /// What both pin shortcuts need: check is the one royal attacked, by
    /// plain rays only (hoppers, lame leapers, wrapped boards, facing
    /// royals, explosions and early checks take the slow way).
    fn lines_plain(&self) -> bool {
        use super::victory::Royalty;
        let w = &self.spec.wins;
        w.royalty == Royalty::Check
            && !w.many_royals
            && !self.spec.win.no_facing
            && self.spec.no_check_plies == 0
            && !self.spec.wrap.files
            && !self.spec.wrap.ranks
            && self.attack_special.iter().all(Vec::is_empty)
            && self.spec.explosions.is_none()
    }

    /// The mover's pieces that may be pinned to its royal and, in check,
    /// the squares that answer it (see [`crate::rules::Pins`]), or `None`
    /// when the shortcut does not apply here (the rules, or the mover has
    /// not one royal). Along each attack ray from the royal, the first
    /// piece of the mover is pinned when a far attacker stands behind it;
    /// along a ray of limited range, the first piece of the mover counts
    /// as pinned.
    pub(super) fn pins(&self, pos: &Position) -> Option<crate::rules::Pins> {
        if !self.pins_ok {
            return None;
        }
        self.pins_of_mover(pos)
    }

    /// The shortcut of [`crate::rules::Rules::pins_without_check`]: the
    /// mover's pins and where it could give check, for rules that forbid
    /// giving check.
    pub(super) fn pins_without_check(
        &self,
        pos: &Position,
    ) -> Option<(crate::rules::Pins, crate::rules::CheckSquares)> {
        if !self.pins_no_check_ok {
            return None;
        }
        Some((self.pins_of_mover(pos)?, self.check_squares_of(pos)?))
    }

    /// [`ChessLike::pins`] once the rules are known to allow it.
    fn pins_of_mover(&self, pos: &Position) -> Option<crate::rules::Pins> {
        let me = pos.turn();
        let by = me.opposite();
        let royals = pos.board.royals(me);
        if royals.len() != 1 {
            return None;
        }
        let king = royals.first()?;
        let check = self.check_stops(pos, king, by)?;
        let g = &self.geometry;
        let board = &pos.board;
        let mut pinned = crate::squareset::SquareSet::EMPTY;
        for ray in &self.attack[by.index()] {
            if ray.far.is_empty() {
                continue;
            }
            let mut t = g.step_raw(king.0, ray.dir);
            let mut mine = None;
            while t != NO_SQUARE {
                let cell = board.cell_raw(t);
                if !cell.is_empty() {
                    let own = cell.kind(me).is_some();
                    let enemy = cell.kind(by);
                    if own && enemy.is_some() {
                        // A cell holding both colours (a union): be safe.
                        return None;
                    }
                    if !own {
                        if let (Some(m), Some(k)) = (mine, enemy) {
                            if ray.far.contains(k) {
                                pinned.insert(Square(m));
                            }
                        }
                        break;
                    }
                    if mine.is_some() {
                        break;
                    }
                    mine = Some(t);
                }
                t = g.step_raw(t, ray.dir);
            }
        }
        for &(dir, range, _) in &self.attack_limited[by.index()] {
            if let Some(t) = self.first_piece_within(pos, king.0, dir, range) {
                if board.cell_raw(t).kind(me).is_some() {
                    pinned.insert(Square(t));
                }
            }
        }
        Some(crate::rules::Pins {
            pinned,
            check,
            screens: crate::squareset::SquareSet::EMPTY,
        })
    }

    /// Whether `king` is attacked by `by` and, if so, the squares where a
    /// plain move of the king's side stops every attack: for each line
    /// that gives check, the checker's square and those between it and
    /// the king, and where several lines give check, only the squares on
    /// all of them (one piece attacking along two lines, an alfil-bishop
    /// say, is answered only by taking it). `Some(None)`: not in check.
    /// `None` when a cell on a line holds both colours (a union): the
    /// caller then takes the slow way. The lines are those of
    /// [`ChessLike::square_attacked`], walked the same way.
    fn check_stops(
        &self,
        pos: &Position,
        king: Square,
        by: Color,
    ) -> Option<Option<crate::squareset::SquareSet>> {
        use crate::squareset::SquareSet;
        let g = &self.geometry;
        let board = &pos.board;
        let me = by.opposite();
        // The checker's kind on `t`, if any; `Err` for a union.
        let enemy_at = |t: u16| {
            let cell = board.cell_raw(t);
            match cell.kind(by) {
                Some(_) if cell.kind(me).is_some() => Err(()),
                enemy => Ok(enemy),
            }
        };
        // The squares after the king up to `at`, along `dir`.
        let line_to = |dir: Dir, at: u16| {
            let mut line = SquareSet::EMPTY;
            let mut t = king.0;
            while t != at {
                t = g.step_raw(t, dir);
                line.insert(Square(t));
            }
            line
        };
        let mut stops: Option<SquareSet> = None;
        let mut hit = |line: SquareSet| {
            stops = Some(stops.map_or(line, |s| s.intersection(&line)));
        };
        for ray in &self.attack[by.index()] {
            let mut t = g.step_raw(king.0, ray.dir);
            let mut reaches = ray.near;
            while t != NO_SQUARE && board.cell_raw(t).is_empty() && !ray.far.is_empty() {
                t = g.step_raw(t, ray.dir);
                reaches = ray.far;
            }
            if t == NO_SQUARE || t == king.0 {
                continue;
            }
            if matches!(enemy_at(t).ok()?, Some(k) if reaches.contains(k)) {
                hit(line_to(ray.dir, t));
            }
        }
        for &(dir, range, kinds) in &self.attack_limited[by.index()] {
            let Some(at) = self.first_piece_within(pos, king.0, dir, range) else {
                continue;
            };
            if matches!(enemy_at(at).ok()?, Some(k) if kinds.contains(k)) {
                hit(line_to(dir, at));
            }
        }
        Some(stops)
    }

    /// Where a plain move of the side to move can give check (see
    /// [`crate::rules::Rules::check_squares`]): the squares along the
    /// opponent's royal's attack rays up to the first piece that is not
    /// the mover's (a piece landing there attacks the royal, lines allowing),
    /// and the mover's pieces that stand between the royal and a far
    /// attacker of the mover (leaving them uncovers the line). Range-limited
    /// rays are taken whole, both ways. `None` where the shortcut of
    /// [`ChessLike::pins`] does not apply, the opponent has not one
    /// royal, or it is attacked already.
    pub(super) fn check_squares(&self, pos: &Position) -> Option<crate::rules::CheckSquares> {
        if !self.pins_ok {
            return None;
        }
        self.check_squares_of(pos)
    }

    /// [`ChessLike::check_squares`] once the rules are known to allow it.
    fn check_squares_of(&self, pos: &Position) -> Option<crate::rules::CheckSquares> {
        use crate::squareset::SquareSet;
        let me = pos.turn();
        let them = me.opposite();
        let royals = pos.board.royals(them);
        if royals.len() != 1 {
            return None;
        }
        let king = royals.first()?;
        if self.square_attacked(pos, king, me) {
            return None;
        }
        let g = &self.geometry;
        let board = &pos.board;
        let mut to = SquareSet::EMPTY;
        let mut from = SquareSet::EMPTY;
        for ray in &self.attack[me.index()] {
            let mut t = g.step_raw(king.0, ray.dir);
            // The mover's first piece met along the ray, if any.
            let mut mine = None;
            let mut steps = 0;
            while t != NO_SQUARE {
                steps += 1;
                if ray.far.is_empty() && steps > 1 {
                    break;
                }
                let cell = board.cell_raw(t);
                let own = !cell.is_empty() && cell.kind(me).is_some();
                if !cell.is_empty() && own && cell.kind(them).is_some() {
                    // A cell holding both colours (a union): be safe.
                    return None;
                }
                // Beyond the mover's first piece, only that piece can land
                // and see the royal (it leaves the line open): kept too.
                to.insert(Square(t));
                if !cell.is_empty() {
                    if !own {
                        break;
                    }
                    match mine {
                        None => mine = Some(t),
                        Some(m) => {
                            if matches!(cell.kind(me), Some(k) if ray.far.contains(k)) {
                                from.insert(Square(m));
                            }
                            break;
                        }
                    }
                }
                t = g.step_raw(t, ray.dir);
            }
        }
        for &(dir, range, _) in &self.attack_limited[me.index()] {
            let mut t = king.0;
            for _ in 0..range {
                t = g.step_raw(t, dir);
                if t == NO_SQUARE {
                    break;
                }
                to.insert(Square(t));
                from.insert(Square(t));
            }
        }
        Some(crate::rules::CheckSquares { to, from })
    }

    /// The slow part of [`ChessLike::square_attacked`]: hoppers, lame and
    /// jumping leapers, initial-only and long leaps, walked back from the
    /// target.
    #[inline(never)]
    fn special_attacked(&self, pos: &Position, target: Square, by: Color) -> bool {
        let g = &self.geometry;
        let board = &pos.board;
        let is_attacker = |sq: Square, sp: &Special, kinds: KindSet| {
            board
                .cell(sq)
                .kind(by)
                .is_some_and(|k| kinds.contains(k) && (!sp.initial || self.may_initial(by, k, sq)))
        };
        let back = |sq: Square, sp: &Special| g.offset(sq, -sp.df as i32, -sp.dr as i32);
        for (sp, kinds) in &self.attack_special[by.index()] {
            let limit = if sp.range == 0 { u8::MAX } else { sp.range };
            match sp.path {
                Path::Plain | Path::Lame | Path::Jump => {
                    let mut t = target;
                    for _ in 0..limit {
                        let Some(n) = back(t, sp) else { break };
                        t = n;
                        if board.cell(t).is_empty() {
                            continue;
                        }
                        if is_attacker(t, sp, *kinds) && self.leap_path_ok(pos, t, sp) {
                            return true;
                        }
                        break;
                    }
                }
                Path::Hop => {
                    let mut t = target;
                    let mut screens = 0;
                    for _ in 0..limit {
                        let Some(n) = back(t, sp) else { break };
                        t = n;
                        if board.cell(t).is_empty() {
                            continue;
                        }
                        if screens == 1 {
                            if is_attacker(t, sp, *kinds) {
                                return true;
                            }
                            break;
                        }
                        screens += 1;
                    }
                }
                Path::Grasshopper => {
                    let Some(hurdle) = back(target, sp) else {
                        continue;
                    };
                    if board.cell(hurdle).is_empty() {
                        continue;
                    }
                    let mut t = hurdle;
                    for _ in 0..limit {
                        let Some(n) = back(t, sp) else { break };
                        t = n;
                        if board.cell(t).is_empty() {
                            continue;
                        }
                        if is_attacker(t, sp, *kinds) {
                            return true;
                        }
                        break;
                    }
                }
            }
        }
        false
    }

    /// Whether a piece on `sq` may make its initial-only (`i`) moves.
    fn may_initial(&self, color: Color, kind: Kind, sq: Square) -> bool {
        match self.spec.initial_moves {
            InitialMoves::StartSquares => self.start.of(color, kind).contains(sq),
            InitialMoves::FirstRank => self.geometry.relative_rank(sq, color) == 0,
            InitialMoves::FairyStockfish => self.geometry.relative_rank(sq, color) == 1,
        }
    }

    /// Whether a lame (`n`) or jumping (`j`) leap from `from` may go: the
    /// squares it passes are empty (lame, see [`lame_path`]), or the one it
    /// passes is occupied (jumping: the orthogonal step of a (2,1) shape,
    /// the midpoint of a (2,0) or (2,2) one).
    fn leap_path_ok(&self, pos: &Position, from: Square, sp: &Special) -> bool {
        if sp.path == Path::Plain {
            return true;
        }
        let (df, dr) = (sp.df as i32, sp.dr as i32);
        if sp.path == Path::Lame {
            return lame_path(df, dr).all(|(f, r)| {
                self.geometry
                    .offset(from, f, r)
                    .is_none_or(|m| pos.board.cell(m).is_empty())
            });
        }
        let (mf, mr) = if df.abs() == dr.abs() || df == 0 || dr == 0 {
            (df / 2, dr / 2)
        } else if df.abs() > dr.abs() {
            (df.signum(), 0)
        } else {
            (0, dr.signum())
        };
        // Jumping: a piece on the square passed (one step leaps pass none).
        (mf, mr) != (0, 0)
            && self
                .geometry
                .offset(from, mf, mr)
                .is_some_and(|m| !pos.board.cell(m).is_empty())
    }

    /// The slow-path moves of one piece (see [`Special`]).
    fn special_moves(
        &self,
        pos: &Position,
        from: Square,
        piece: Piece,
        def: &CompiledPiece,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        let us = piece.color;
        let them = us.opposite();
        for sp in &def.special {
            if sp.initial && !self.may_initial(us, piece.kind, from) {
                continue;
            }
            let limit = if sp.range == 0 { u8::MAX } else { sp.range };
            let quiet = sp.mode != Mode::CaptureOnly;
            let capture = sp.mode != Mode::MoveOnly;
            let emit = |to: Square, out: &mut MoveList| {
                let cell = pos.board.cell(to);
                if cell.is_empty() {
                    if quiet {
                        self.push_moved(pos, from, to, piece, None, def, out);
                    }
                } else if capture && !cell.has(us) {
                    if let Some(k) = cell.kind(them) {
                        self.push_moved(pos, from, to, piece, Some(Piece::new(them, k)), def, out);
                    }
                }
            };
            let step = |sq: Square| g.offset(sq, sp.df as i32, sp.dr as i32);
            match sp.path {
                Path::Plain | Path::Lame | Path::Jump => {
                    if !self.leap_path_ok(pos, from, sp) {
                        continue;
                    }
                    let mut t = from;
                    for steps in 1..=limit {
                        let Some(n) = step(t) else { break };
                        t = n;
                        let before = out.len();
                        emit(t, out);
                        let two_squares = sp.dr.unsigned_abs() as u32 * steps as u32 == 2;
                        if sp.passable
                            && two_squares
                            && out.len() > before
                            && pos.board.cell(t).is_empty()
                        {
                            // Fairy-Stockfish's initial double step: the
                            // square passed may be taken en passant.
                            out[before].intent.kind = MoveKind::DoubleStep;
                        }
                        if !pos.board.cell(t).is_empty() {
                            break;
                        }
                    }
                }
                Path::Hop => {
                    // The range counts from the hopper, as Fairy-Stockfish's.
                    let mut t = from;
                    let mut screened = false;
                    for _ in 0..limit {
                        let Some(n) = step(t) else { break };
                        t = n;
                        let empty = pos.board.cell(t).is_empty();
                        if !screened {
                            screened = !empty;
                            continue;
                        }
                        emit(t, out);
                        if !empty {
                            break;
                        }
                    }
                }
                Path::Grasshopper => {
                    let mut t = from;
                    while let Some(n) = step(t) {
                        t = n;
                        if pos.board.cell(t).is_empty() {
                            continue;
                        }
                        // Over the first piece, landing just beyond it.
                        if let Some(u) = step(t) {
                            emit(u, out);
                        }
                        break;
                    }
                }
            }
        }
    }

    /// A piece's move: a pawn's goes through promotion, others are plain.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn push_moved(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        piece: Piece,
        captured: Option<Piece>,
        def: &CompiledPiece,
        out: &mut MoveList,
    ) {
        if def.pawn {
            self.push_pawn(pos, from, to, piece, captured, out);
        } else {
            self.push_piece_move(pos, def, from, to.0, piece, captured, out);
        }
    }

    /// A pawn reaching `to`: promotes in the zone (forced on the last rank,
    /// optional before it if the variant says so), to a lost piece only if
    /// the variant says so.
    fn push_pawn(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        piece: Piece,
        captured: Option<Piece>,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        let last = g.rows() - 1;
        let promo = &self.spec.promotion;
        let left_edge = if piece.color == Color::White {
            0
        } else {
            g.cols() - 1
        };
        // On the left file the pawn is as good as on the last rank.
        let rank = if promo.left_file && g.file(to) == left_edge {
            last
        } else {
            g.relative_rank(to, piece.color)
        };
        if !self.pawn_promotes_on(to, rank, piece.color) {
            out.push(Move::simple(from, to, piece, captured, None));
            return;
        }
        // A pawn's own promoted piece (Fairy-Stockfish's `promotedPieceType`).
        let own = self
            .piece_def(piece.color, piece.kind)
            .and_then(|d| d.promotes);
        // No promotion pieces: the pawn stays a pawn (Rugby, Discoduel).
        if self.spec.promotions[piece.color.index()].is_empty() && own.is_none() {
            out.push(Move::simple(from, to, piece, captured, None));
            return;
        }
        if rank < last && promo.optional {
            out.push(Move::simple(from, to, piece, captured, None));
        }
        for &k in &self.spec.promotions[piece.color.index()] {
            if (promo.only_lost || promo.only_lost_pieces.contains(&k))
                && !self.has_lost(pos, piece.color, k)
            {
                continue;
            }
            if self.at_limit(pos, piece.color, k) {
                continue;
            }
            out.push(Move::simple(from, to, piece, captured, Some(k)));
        }
        if let Some(k) = own.filter(|&k| !self.at_limit(pos, piece.color, k)) {
            out.push(Move::simple(from, to, piece, captured, Some(k)));
        }
    }

    /// Whether `color` has fewer pieces of `kind` on the board than at the
    /// start: the pieces a pawn may become when it may only become a lost
    /// one. Scans the board, but only for pawns reaching the zone.
    fn has_lost(&self, pos: &Position, color: Color, kind: Kind) -> bool {
        self.count_on_board(pos, color, kind) < self.start.of(color, kind).len()
    }

    /// How many pieces of `kind` `color` has on the board.
    fn count_on_board(&self, pos: &Position, color: Color, kind: Kind) -> usize {
        (0..self.geometry.size() as u16)
            .filter(|&s| pos.board.cell_raw(s).kind(color) == Some(kind))
            .count()
    }

    /// Whether `color` already has as many pieces of `kind` as a promotion
    /// may make (`PromotionRules::limits`). Scans the board, but only for
    /// promotions to a limited kind.
    #[inline]
    pub(super) fn at_limit(&self, pos: &Position, color: Color, kind: Kind) -> bool {
        let limits = &self.spec.promotion.limits;
        if limits.is_empty() {
            return false;
        }
        let Some(&(_, n)) = limits.iter().find(|(k, _)| *k == kind) else {
            return false;
        };
        // A promoted pawn that stands as a letter of its own (`Q~`) is
        // one of that kind too.
        let twins = self
            .spec
            .drops
            .as_ref()
            .map_or(&[][..], |d| &d.promoted[..]);
        let mut count = self.count_on_board(pos, color, kind);
        for &(twin, base) in twins {
            if base as u8 == kind.0 {
                count += self.count_on_board(pos, color, Kind(twin as u8));
            }
        }
        count >= n as usize
    }

    /// En passant: `state.en_passant` is the first square the pawn passed;
    /// when tracked, `state.variant` holds the second passed square and the
    /// landing square (each plus one, 16 bits apiece).
    #[inline]
    pub(super) fn is_ep_target(&self, pos: &Position, t: Square) -> bool {
        if pos.state.en_passant == Some(t) {
            return true;
        }
        self.ep_tracked && ((pos.state.variant >> 16) & 0xffff) as u16 == t.0 + 1
    }

    /// The square of the pawn an en-passant capture onto `t` takes.
    #[inline]
    fn ep_victim(&self, pos: &Position, from: Square, t: Square) -> Option<Square> {
        if self.ep_tracked {
            let landing = (pos.state.variant & 0xffff) as u16;
            return (landing != 0).then(|| Square(landing - 1));
        }
        // The pawn that double-stepped stands beside `from`, on the
        // en-passant square's file.
        let g = &self.geometry;
        g.square(g.file(t), g.rank(from))
    }

    /// After a pawn's multi-step: which squares it passed, where it landed.
    pub(super) fn set_ep(&self, pos: &mut Position, mv: &crate::moves::Move) {
        if !self.ep_tracked {
            return;
        }
        pos.state.variant &= !0xffff_ffff;
        if mv.intent.kind != MoveKind::DoubleStep {
            pos.state.en_passant = None;
            return;
        }
        let g = &self.geometry;
        let (from, to) = (mv.intent.from, mv.intent.to);
        let df = g.file(to) as i32 - g.file(from) as i32;
        let dr = g.rank(to) as i32 - g.rank(from) as i32;
        let n = df.abs().max(dr.abs());
        let (sf, sr) = (df / n, dr / n);
        pos.state.en_passant = g.offset(from, sf, sr);
        let second = if n >= 3 {
            g.offset(from, 2 * sf, 2 * sr)
        } else {
            None
        };
        pos.state.variant |= second.map_or(0, |s| (s.0 as u64 + 1) << 16);
        pos.state.variant |= to.0 as u64 + 1;
    }

    /// Berolina's en-passant field: the passed square and the landing file.
    pub(super) fn write_ep_aside(&self, pos: &Position) -> Option<String> {
        if !self.ep_aside {
            return None;
        }
        let g = &self.geometry;
        let Some(sq) = pos.state.en_passant else {
            return Some("-".into());
        };
        let landing = (pos.state.variant & 0xffff) as u16;
        let mut out = g.square_name(sq);
        if landing != 0 {
            out.push(',');
            out.push(crate::geometry::file_char(g.file(Square(landing - 1))));
        }
        Some(out)
    }

    /// Reads `g6,h`: the pawn that passed g6 landed on the h-file, one rank
    /// further on its way (vchess names the file because two pawns may
    /// have passed the same square).
    pub(super) fn read_ep_aside(
        &self,
        text: &str,
        board: &crate::Board,
        state: &mut crate::position::State,
    ) -> Option<bool> {
        if !self.ep_aside {
            return None;
        }
        if text == "-" {
            return Some(true);
        }
        let g = &self.geometry;
        let mover = state.turn.opposite();
        let found = text.split_once(',').and_then(|(sq, file)| {
            let sq = g.parse_square(sq)?;
            let mut chars = file.chars();
            let f = chars.next().filter(|_| chars.next().is_none())?;
            let file = (f as u32).checked_sub('a' as u32)?;
            let dr = if mover == Color::White { 1 } else { -1 };
            let ahead = g.offset(sq, 0, dr)?;
            let landing = g.square(u8::try_from(file).ok()?, g.rank(ahead))?;
            let pawn = board
                .cell(landing)
                .piece(mover)
                .and_then(|p| self.piece_def(p.color, p.kind))
                .is_some_and(|d| d.pawn);
            (pawn && board.cell(sq).is_empty()).then_some((sq, landing))
        });
        let Some((sq, landing)) = found else {
            return Some(false);
        };
        state.en_passant = Some(sq);
        state.variant = (state.variant & !0xffff_ffff) | (landing.0 as u64 + 1);
        Some(true)
    }

    /// A multi-step's en-passant field where pawns step three squares
    /// (Omega, Wildebeest): the passed squares, `e3,e4` after a triple step;
    /// `None` where pawns step at most two or aside (Berolina's writer).
    pub(super) fn write_ep_squares(&self, pos: &Position) -> Option<String> {
        if self.ep_aside || self.spec.pawn.max_step <= 2 {
            return None;
        }
        let g = &self.geometry;
        let Some(sq) = pos.state.en_passant else {
            return Some("-".into());
        };
        let mut out = g.square_name(sq);
        let second = ((pos.state.variant >> 16) & 0xffff) as u16;
        if second != 0 {
            out.push(',');
            out.push_str(&g.square_name(Square(second - 1)));
        }
        Some(out)
    }

    /// Reads `e3` or `e3,e4`: the squares the last pawn passed, one after
    /// the other on its way; it landed one square further.
    pub(super) fn read_ep_squares(
        &self,
        text: &str,
        state: &mut crate::position::State,
    ) -> Option<bool> {
        if self.ep_aside || self.spec.pawn.max_step <= 2 {
            return None;
        }
        if text == "-" {
            return Some(true);
        }
        let g = &self.geometry;
        let dr = if state.turn.opposite() == Color::White {
            1
        } else {
            -1
        };
        let mut names = text.split(',');
        let first = names.next().and_then(|n| g.parse_square(n));
        let second = names.next().map(|n| g.parse_square(n));
        let (Some(first), None) = (first, names.next()) else {
            return Some(false);
        };
        let second = match second {
            None => None,
            Some(Some(s)) if g.offset(first, 0, dr) == Some(s) => Some(s),
            Some(_) => return Some(false),
        };
        let Some(landing) = g.offset(second.unwrap_or(first), 0, dr) else {
            return Some(false);
        };
        state.en_passant = Some(first);
        state.variant = (state.variant & !0xffff_ffff)
            | second.map_or(0, |s| (s.0 as u64 + 1) << 16)
            | (landing.0 as u64 + 1);
        Some(true)
    }

    fn pawn_moves(
        &self,
        pos: &Position,
        from: Square,
        piece: Piece,
        def: &CompiledPiece,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        let us = piece.color;
        let them = us.opposite();
        let multi = self.spec.double_step[us.index()]
            && if self.spec.pawn.file_flags {
                self.file_flag_allows(pos, from, piece)
            } else {
                g.relative_rank(from, us) <= self.spec.pawn.init_rank[us.index()]
                    && g.relative_rank(from, us) >= self.spec.pawn.min_rank[us.index()]
            };
        for ray in &def.quiet {
            let t = g.step_raw(from.0, ray.dir);
            if t == NO_SQUARE || !pos.board.cell_raw(t).is_empty() {
                continue;
            }
            self.push_pawn(pos, from, Square(t), piece, None, out);
            if multi {
                let mut t2 = t;
                let furthest = self.spec.pawn.up_to_rank.unwrap_or(u8::MAX);
                for _ in 1..self.spec.pawn.max_step {
                    t2 = g.step_raw(t2, ray.dir);
                    if t2 == NO_SQUARE || !pos.board.cell_raw(t2).is_empty() {
                        break;
                    }
                    if g.relative_rank(Square(t2), us) > furthest {
                        break;
                    }
                    if self.pawn_promotion_squares.is_some()
                        && self.pawn_promotes_on(Square(t2), 0, us)
                    {
                        // Fairy-Stockfish's promotion squares may lie a
                        // multi-step away: it promotes there too.
                        self.push_pawn(pos, from, Square(t2), piece, None, out);
                        continue;
                    }
                    let mut mv = Move::simple(from, Square(t2), piece, None, None);
                    mv.intent.kind = MoveKind::DoubleStep;
                    out.push(mv);
                }
            }
        }
        for ray in def.capture.iter().chain(&def.both) {
            let t = g.step_raw(from.0, ray.dir);
            if t == NO_SQUARE {
                continue;
            }
            let cell = pos.board.cell_raw(t);
            if let (Some(k), false) = (cell.kind(them), cell.has(us)) {
                self.push_pawn(pos, from, Square(t), piece, Some(Piece::new(them, k)), out);
            } else if cell.is_empty() {
                self.push_en_passant(pos, from, Square(t), piece, out);
            }
        }
        if !def.special.is_empty() {
            self.special_moves(pos, from, piece, def, out);
        }
    }

    /// The en-passant capture onto the empty square `t`, if a pawn of the
    /// enemy's passed it on the last move and stands beside `from`.
    #[inline]
    fn push_en_passant(
        &self,
        pos: &Position,
        from: Square,
        t: Square,
        piece: Piece,
        out: &mut MoveList,
    ) {
        if !self.ep_allowed || !self.is_ep_target(pos, t) {
            return;
        }
        let Some(victim_sq) = self.ep_victim(pos, from, t) else {
            return;
        };
        let Some(victim) = pos.board.cell(victim_sq).piece(piece.color.opposite()) else {
            return;
        };
        // A pawn, or (Fairy-Stockfish's initial moves) whatever passed.
        let passer = self.spec.initial_moves == InitialMoves::FairyStockfish;
        if !passer
            && !self
                .piece_def(piece.color.opposite(), victim.kind)
                .is_some_and(|d| d.pawn)
        {
            return;
        }
        let mut mv = Move::simple(from, t, piece, None, None);
        mv.effect.vanish.push(victim_sq, victim);
        mv.intent.capture = true;
        mv.intent.kind = MoveKind::EnPassant;
        out.push(mv);
    }

    /// A piece that takes en passant without being a pawn: along its
    /// one-step diagonal captures (a backward one never finds the passing
    /// pawn beside it, since that pawn moved away from the square).
    fn piece_en_passant(
        &self,
        pos: &Position,
        from: Square,
        piece: Piece,
        def: &CompiledPiece,
        out: &mut MoveList,
    ) {
        let g = &self.geometry;
        // Fairy-Stockfish's custom pawns take en passant only onto squares
        // they capture to but do not move to (a `K` pawn never does).
        let both: &[_] = if def.moves_as_piece { &[] } else { &def.both };
        for ray in def.capture.iter().chain(both) {
            if ray.range != 1 || ray.dir.df().abs() != 1 || ray.dir.dr().abs() != 1 {
                continue;
            }
            if def.moves_as_piece && def.quiet.iter().any(|q| q.dir == ray.dir) {
                continue;
            }
            let t = g.step_raw(from.0, ray.dir);
            if t != NO_SQUARE && pos.board.cell_raw(t).is_empty() {
                self.push_en_passant(pos, from, Square(t), piece, out);
            }
        }
    }

    /// Every pseudo-legal move of the side to move (the `Rules` method).
    pub(super) fn generate(&self, pos: &Position, out: &mut MoveList) {
        let first = out.len();
        self.generate_unconfined(pos, out);
        if !self.confined.is_empty() {
            self.confine(pos.turn(), out, first);
        }
    }

    /// Drops the moves from `first` on that take a confined piece off its
    /// squares (`ChessLikeSpec::regions`).
    fn confine(&self, us: Color, out: &mut MoveList, first: usize) {
        let mut i = first;
        out.retain(|m| {
            i += 1;
            i <= first
                || !self.confined.iter().any(|(k, sides)| {
                    *k == m.intent.piece.kind
                        && m.intent.piece.color == us
                        && sides[us.index()].is_some_and(|set| !set.contains(m.intent.to))
                })
        });
    }

    fn generate_unconfined(&self, pos: &Position, out: &mut MoveList) {
        let g = &self.geometry;
        let us = pos.turn();
        let them = us.opposite();
        for s in 0..g.size() as u16 {
            let cell = pos.board.cell_raw(s);
            let Some(kind) = cell.kind(us) else { continue };
            let Some(def) = self.piece_def(us, kind) else {
                continue;
            };
            let from = Square(s);
            let piece = Piece::new(us, kind);
            if def.pawn && !def.moves_as_piece {
                self.pawn_moves(pos, from, piece, def, out);
                continue;
            }
            let first_move = out.len();
            for (rays, quiet, capture) in [
                (&def.both, true, true),
                (&def.quiet, true, false),
                (&def.capture, false, true),
            ] {
                // On a wrapped board a ray along a whole empty line comes
                // back to its start: its opposite ray would list the same
                // squares again (vchess skips it too).
                let mut looped = [None; 4];
                let mut n_looped = 0;
                for ray in rays {
                    if n_looped > 0 && looped[..n_looped].contains(&Some(ray.dir.reverse())) {
                        continue;
                    }
                    let mut t = s;
                    let mut n = 0;
                    loop {
                        t = g.step_raw(t, ray.dir);
                        if t == NO_SQUARE {
                            break;
                        }
                        let target = pos.board.cell_raw(t);
                        if target.is_empty() {
                            if quiet {
                                self.push_moved(pos, from, Square(t), piece, None, def, out);
                            }
                        } else {
                            if t == s {
                                if n_looped < looped.len() {
                                    looped[n_looped] = Some(ray.dir);
                                    n_looped += 1;
                                }
                            } else if capture && !target.has(us) {
                                if let Some(k) = target.kind(them) {
                                    let victim = Some(Piece::new(them, k));
                                    self.push_moved(pos, from, Square(t), piece, victim, def, out);
                                }
                            }
                            break;
                        }
                        n += 1;
                        if n == ray.range {
                            break;
                        }
                    }
                }
            }
            if def.en_passant {
                self.piece_en_passant(pos, from, piece, def, out);
            }
            if !def.special.is_empty() {
                self.special_moves(pos, from, piece, def, out);
            }
            if def.overlaps {
                drop_repeats(out, first_move);
            }
        }
    }
}

/// The squares a lame leap of `(df, dr)` passes, as Fairy-Stockfish walks
/// them: straight along the longer axis while it is longer, then
/// diagonally (`nN` passes the orthogonal step, `nZ` the orthogonal step
/// then a diagonal one), each relative to the start.
fn lame_path(df: i32, dr: i32) -> impl Iterator<Item = (i32, i32)> {
    let (mut f, mut r) = (0, 0);
    std::iter::from_fn(move || {
        let (left_f, left_r) = (df - f, dr - r);
        let longer = left_f.abs() - left_r.abs();
        if longer >= 0 {
            f += left_f.signum();
        }
        if longer <= 0 {
            r += left_r.signum();
        }
        ((f, r) != (df, dr)).then_some((f, r))
    })
}

/// Drops the moves from `first` on that an earlier one of them repeats (a
/// piece whose atoms reach one square by two ways), keeping the order.
fn drop_repeats(out: &mut MoveList, first: usize) {
    let mut i = first + 1;
    while i < out.len() {
        if out[first..i].contains(&out[i]) {
            out.remove(i);
        } else {
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::legal::{self, is_plain};
    use crate::moves::MoveList;
    use crate::registry;

    /// The coordinate moves of the piece on `from` in `fen`, sorted.
    fn moves_from(rules: &super::ChessLike, fen: &str, from: &str) -> Vec<String> {
        legal::sorted_coordinates_from(rules, fen, from)
    }

    /// Fairy-Stockfish's Dragon Chess pawn (`KifmnD`, the pawn by
    /// `pawnTypes`): a king's step everywhere, an initial double step,
    /// promotion on arrival; it takes en passant nowhere, since it also
    /// moves to every square it captures to.
    #[test]
    fn a_custom_pawn_moves_as_its_betza_says_and_promotes_on_arrival() {
        use super::super::{ChessLike, ChessLikeSpec, InitialMoves, PieceSpec};
        let betza = crate::betza::from_fairy_stockfish("KifmnD").unwrap();
        let pawn = PieceSpec {
            pawn: true,
            ..PieceSpec::piece('p', "")
        };
        let pawn = PieceSpec {
            betza: betza.into(),
            ..pawn
        };
        let army = vec![PieceSpec::king(), pawn, PieceSpec::piece('q', "Q")];
        let rules = ChessLike::new(ChessLikeSpec {
            name: "custom pawn".into(),
            start_fen: "4k3/8/8/8/8/8/4P3/4K3 w 0 -".into(),
            armies: [army.clone(), army],
            promotions: [
                vec![crate::piece::Kind(b'q')],
                vec![crate::piece::Kind(b'q')],
            ],
            initial_moves: InitialMoves::FairyStockfish,
            ..Default::default()
        })
        .expect("the spec compiles");
        let e2 = moves_from(&rules, "4k3/8/8/8/8/8/4P3/K7 w 0 -", "e2");
        let all = [
            "e2d1", "e2d2", "e2d3", "e2e1", "e2e3", "e2e4", "e2f1", "e2f2", "e2f3",
        ];
        assert_eq!(e2, all);
        // On the last rank it must promote, sideways arrivals as well.
        let b7 = moves_from(&rules, "4k3/1P6/8/8/8/8/8/K7 w 0 -", "b7");
        let all = [
            "b7a6", "b7a7", "b7a8q", "b7b6", "b7b8q", "b7c6", "b7c7", "b7c8q",
        ];
        assert_eq!(b7, all);
        // The double step leaves an en-passant square that no K pawn takes.
        let ep = moves_from(&rules, "4k3/8/8/4pP2/8/8/8/K7 w 0 e6", "f5");
        // (f5e6 once: the step, not a capture of e5 besides.)
        assert_eq!(ep.iter().filter(|m| *m == "f5e6").count(), 1, "{ep:?}");
        assert_eq!(ep.len(), 8, "{ep:?}");
    }

    /// The promise of `check_squares`: along random walks of every variant
    /// that makes it, each plain pseudo-legal move that gives check lands on
    /// or leaves one of its squares (and some moves are skipped, or the
    /// promise would be empty).
    #[test]
    fn a_plain_move_that_checks_is_among_the_check_squares() {
        let mut variants = 0;
        let mut checks = 0;
        let mut skipped = 0;
        for info in registry::all() {
            let Some(rules) = info.rules() else { continue };
            let mut pos = rules.start_position();
            let mut seed = 0x2545_f491_4f6c_dd1du64 ^ info.name.len() as u64;
            let mut moves = MoveList::new();
            let mut promised = false;
            for _ in 0..60 {
                if let Some(squares) = rules.check_squares(&pos) {
                    promised = true;
                    // The generator appends.
                    moves.clear();
                    rules.pseudo_legal_moves(&pos, &mut moves);
                    for mv in moves.clone().iter().filter(|m| is_plain(rules, m)) {
                        let may = squares.may_check(mv.intent.from, mv.intent.to);
                        let undo = rules.play(&mut pos, mv);
                        let gives = rules.royal_attacked(&pos, pos.turn());
                        rules.unplay(&mut pos, mv, undo);
                        assert!(
                            may || !gives,
                            "{}: {} checks from outside {squares:?} at {}",
                            info.name,
                            crate::notation::coordinate(rules, mv),
                            crate::fen::standard_fen(rules, &pos)
                        );
                        checks += usize::from(gives);
                        skipped += usize::from(!may);
                    }
                }
                if !play_at_random(rules, &mut pos, &mut moves, &mut seed) {
                    break;
                }
            }
            variants += usize::from(promised);
        }
        assert!(variants >= 20, "{variants} variants promise check squares");
        assert!(checks >= 100, "{checks} checking moves seen");
        assert!(skipped >= 1000, "{skipped} moves skipped");
    }

    /// One step of a random walk: plays a legal move chosen by the
    /// xorshift `seed` (advanced), or says the game is over (false).
    fn play_at_random(
        rules: &dyn crate::Rules,
        pos: &mut crate::Position,
        moves: &mut MoveList,
        seed: &mut u64,
    ) -> bool {
        legal::legal_moves(rules, pos, moves);
        if moves.is_empty() {
            return false;
        }
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        let mv = moves[(*seed % moves.len() as u64) as usize];
        rules.play(pos, &mv);
        true
    }

    /// The promise of `pins_without_check`: along random walks of every
    /// variant that makes it (Racing Kings), each plain pseudo-legal move
    /// that leaves no pinned square and is outside the check squares is
    /// legal, played and tested; and a pinned one or one that can check is
    /// sometimes not (or the promise would be empty).
    #[test]
    fn the_pins_without_check_judge_plain_moves_as_playing_them_does() {
        let (mut variants, mut judged, mut refused) = (0, 0, 0);
        for info in registry::all() {
            let Some(rules) = info.rules() else { continue };
            let mut seed = 0x2545_f491_4f6c_dd1du64 ^ info.name.len() as u64;
            let mut promised = false;
            for _walk in 0..4 {
                let mut pos = rules.start_position();
                let mut moves = MoveList::new();
                for _ in 0..80 {
                    if let Some((pins, squares)) = rules.pins_without_check(&pos) {
                        promised = true;
                        moves.clear();
                        rules.pseudo_legal_moves(&pos, &mut moves);
                        for mv in moves.clone().iter().filter(|m| is_plain(rules, m)) {
                            let played = legal::is_legal(rules, &mut pos, mv);
                            let (from, to) = (mv.intent.from, mv.intent.to);
                            if pins.pinned.contains(from)
                                || pins.screens.contains(to)
                                || squares.may_check(from, to)
                            {
                                refused += usize::from(!played);
                                continue;
                            }
                            let said = pins.check.is_none_or(|s| s.contains(to));
                            assert_eq!(
                                said,
                                played,
                                "{}: the shortcut misjudges {} at {}",
                                info.name,
                                crate::notation::coordinate(rules, mv),
                                crate::fen::standard_fen(rules, &pos)
                            );
                            judged += 1;
                        }
                    }
                    if !play_at_random(rules, &mut pos, &mut moves, &mut seed) {
                        break;
                    }
                }
            }
            variants += usize::from(promised);
        }
        assert!(variants >= 1, "{variants} variants promise the shortcut");
        assert!(judged >= 1000, "{judged} moves judged by the shortcut");
        assert!(refused >= 20, "{refused} moves left to play were illegal");
    }

    /// The promise of `pinned`: along random walks of every variant that
    /// makes it, each plain pseudo-legal move leaving no pinned square, and
    /// each plain drop (see [`legal::is_plain_drop`]), is
    /// legal exactly as the pins say (in check: when it lands on a stop),
    /// played and tested. The walks prefer checks, so that many nodes are
    /// in check, some by two lines.
    #[test]
    fn the_pins_judge_plain_moves_as_playing_them_does() {
        let (mut variants, mut in_check, mut judged_in_check, mut double) = (0, 0, 0, 0);
        let mut drops = 0;
        for info in registry::all() {
            let Some(rules) = info.rules() else { continue };
            let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ info.name.len() as u64;
            let mut next = move || {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed
            };
            let mut promised = false;
            for _walk in 0..4 {
                let mut pos = rules.start_position();
                let mut moves = MoveList::new();
                for _ in 0..80 {
                    if let Some(pins) = rules.pinned(&pos) {
                        promised = true;
                        assert_eq!(
                            pins.check.is_some(),
                            legal::in_check(rules, &pos),
                            "{}: the pins misread check at {}",
                            info.name,
                            crate::fen::standard_fen(rules, &pos)
                        );
                        if let Some(stops) = pins.check {
                            in_check += 1;
                            double += usize::from(stops.is_empty());
                        }
                        moves.clear();
                        rules.pseudo_legal_moves(&pos, &mut moves);
                        for mv in moves.clone().iter() {
                            let drop = legal::is_plain_drop(rules, mv);
                            if pins.screens.contains(mv.intent.to)
                                || (!drop
                                    && (!is_plain(rules, mv)
                                        || pins.pinned.contains(mv.intent.from)))
                            {
                                continue;
                            }
                            drops += usize::from(drop);
                            let said = pins.check.is_none_or(|s| s.contains(mv.intent.to));
                            let played = legal::is_legal(rules, &mut pos, mv);
                            assert_eq!(
                                said,
                                played,
                                "{}: the pins misjudge {} at {}",
                                info.name,
                                crate::notation::coordinate(rules, mv),
                                crate::fen::standard_fen(rules, &pos)
                            );
                            judged_in_check += usize::from(pins.check.is_some());
                        }
                    }
                    legal::legal_moves(rules, &mut pos, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    // A checking move when there is one, three times in four.
                    let checks: Vec<_> = moves
                        .iter()
                        .filter(|m| {
                            let undo = rules.play(&mut pos, m);
                            let gives = legal::in_check(rules, &pos);
                            rules.unplay(&mut pos, m, undo);
                            gives
                        })
                        .copied()
                        .collect();
                    let mv = if !checks.is_empty() && next() % 4 != 0 {
                        checks[(next() % checks.len() as u64) as usize]
                    } else {
                        moves[(next() % moves.len() as u64) as usize]
                    };
                    rules.play(&mut pos, &mv);
                }
            }
            variants += usize::from(promised);
        }
        assert!(variants >= 20, "{variants} variants promise pins");
        assert!(in_check >= 500, "{in_check} nodes in check");
        assert!(
            judged_in_check >= 2000,
            "{judged_in_check} moves judged in check"
        );
        assert!(double >= 3, "{double} nodes in double check");
        assert!(drops >= 1000, "{drops} drops judged");
    }
}
