//! Castling, one mechanism for every variant that has it: the rights (the
//! files of the rooks a side may still castle with, vchess style, so
//! Chess960 setups work), how a move ends them, how vchess writes them, and
//! which castlings a board allows (king and partner placed, every square
//! they cross empty).
//!
//! What variants differ in is a parameter, not a copy:
//! - where king and partner land and whether the partner's way must be
//!   empty: [`Layout`];
//! - what may castle with the king (a rook, any own piece, a union): the
//!   `partner` test of [`castles`];
//! - whether and how attacks forbid it (the variant's own attack test,
//!   none without check, the landing square now or left to legality):
//!   [`Castle::crossed`] gives the squares, the variant judges them;
//! - which moves end a right: by the pieces that leave (orthodox), by the
//!   squares a move leaves and reaches (vchess's `updateCastleFlags`,
//!   [`Castling::after_vchess_move`]), or by the squares a turn touches:
//!   the primitives [`Castling::lose_all`], [`Castling::lose_file`] and
//!   [`Castling::lose_square`].

use crate::board::Board;
use crate::color::Color;
use crate::fen_row::Field;
use crate::geometry::{file_char, Geometry};
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece};
use crate::position::State;
use crate::square::Square;
use crate::validate::Problem;

/// Castling rights: for each color, the files of the rooks it may still
/// castle with, vchess style (slot 0: the rook on the a-side of the king,
/// slot 1: the h-side). Files rather than K/Q so Chess960 setups work.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Castling(pub [[Option<u8>; 2]; 2]);

impl Castling {
    /// No rights.
    pub const NONE: Castling = Castling([[None; 2]; 2]);
    /// The rook file of `color` on `side` (0 = a-side, 1 = h-side).
    pub fn rook_file(&self, color: Color, side: usize) -> Option<u8> {
        self.0[color.index()][side]
    }
    /// Whether `color` keeps any right.
    pub fn any(&self, color: Color) -> bool {
        self.0[color.index()].iter().any(Option::is_some)
    }
    /// Whether either color keeps any right.
    pub fn any_left(&self) -> bool {
        self.0 != Castling::NONE.0
    }
    /// `color` loses both rights (its king moved).
    pub fn lose_all(&mut self, color: Color) {
        self.0[color.index()] = [None, None];
    }
    /// `color` loses the right of the rook on `file` (every slot naming it).
    pub fn lose_file(&mut self, color: Color, file: u8) {
        for slot in &mut self.0[color.index()] {
            if *slot == Some(file) {
                *slot = None;
            }
        }
    }
    /// `color` loses the right of the rook on `sq` when `sq` is on its first
    /// rank (a piece left or reached that square).
    pub fn lose_square(&mut self, g: &Geometry, color: Color, sq: Square) {
        if g.relative_rank(sq, color) == 0 {
            self.lose_file(color, g.file(sq));
        }
    }
    /// vchess's own loss of a right: only the first slot naming `file`
    /// (vchess's `flagIdx`), and whether there was one. Differs from
    /// [`Castling::lose_file`] only where a FEN names one file twice.
    pub fn lose_first(&mut self, color: Color, file: u8) -> bool {
        let slot = self.0[color.index()].iter_mut().find(|s| **s == Some(file));
        slot.map(|s| *s = None).is_some()
    }
    /// vchess's `updateCastleFlags` after `mover` moved from `from` to `to`:
    /// a king move ends both its rights; else leaving a flagged square of
    /// its first rank ends that right; reaching a flagged square of the
    /// opponent's first rank ends the opponent's (a rook taking a rook ends
    /// both). `onto_after_own: false` is Eightpieces's order: nothing ends
    /// for the opponent when the king moved or the mover's own right ended.
    pub fn after_vchess_move(
        &mut self,
        g: &Geometry,
        mover: Color,
        king: bool,
        (from, to): (Square, Square),
        onto_after_own: bool,
    ) {
        let own = if king {
            self.lose_all(mover);
            true
        } else {
            g.relative_rank(from, mover) == 0 && self.lose_first(mover, g.file(from))
        };
        let them = mover.opposite();
        if (onto_after_own || !own) && g.relative_rank(to, them) == 0 {
            self.lose_first(them, g.file(to));
        }
    }
    /// Reads vchess's four flag letters (White's a-side and h-side rook
    /// files, then Black's); a file past the board is a lost right. `None`
    /// for anything but four lowercase letters.
    pub fn from_vchess(text: &str, cols: u8) -> Option<Castling> {
        let b = text.as_bytes();
        if b.len() != 4 || !b.iter().all(u8::is_ascii_lowercase) {
            return None;
        }
        let mut c = Castling::NONE;
        for (i, &ch) in b.iter().enumerate() {
            let file = ch - b'a';
            c.0[i / 2][i % 2] = (file < cols).then_some(file);
        }
        Some(c)
    }
    /// Reads the vchess flag letters of the `colors` that have them (two
    /// lowercase rook files each, a file past the board a lost right), and
    /// what follows them (a variant's own flags).
    pub fn read_vchess(text: &str, colors: [bool; 2], cols: u8) -> Option<(Castling, &str)> {
        let mut chars = text.chars();
        let mut castling = Castling::NONE;
        for color in Color::ALL {
            if !colors[color.index()] {
                continue;
            }
            for side in 0..2 {
                let c = chars.next()?;
                if !c.is_ascii_lowercase() {
                    return None;
                }
                let f = c as u8 - b'a';
                castling.0[color.index()][side] = (f < cols).then_some(f);
            }
        }
        Some((castling, chars.as_str()))
    }
    /// Reads X-FEN castling (`KQkq`: the outermost rook on that side,
    /// or a rook file, `Hh`) for the `colors` that castle, with `rook` the
    /// kind that castles. `None` for a letter it cannot read.
    pub fn from_xfen(
        g: &Geometry,
        board: &Board,
        colors: [bool; 2],
        rook: Kind,
        text: &str,
    ) -> Option<Castling> {
        let mut castling = Castling::NONE;
        for c in text.chars() {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if !colors[color.index()] {
                return None;
            }
            let back = first_rank(g, color);
            let king_file = board
                .royals(color)
                .iter()
                .find(|s| g.rank(*s) == back)
                .map(|s| g.file(s));
            let rook = Piece::new(color, rook);
            let is_rook = |f: u8| {
                g.square(f, back)
                    .is_some_and(|s| board.cell(s).piece(color) == Some(rook))
            };
            let lower = c.to_ascii_lowercase();
            let (side, file) = match lower {
                'k' | 'q' => {
                    let side = usize::from(lower == 'k');
                    let kf = king_file.unwrap_or(if side == 1 { 0 } else { g.cols() - 1 });
                    // The outermost rook on that side; if none, the corner,
                    // so validation reports the missing rook.
                    let corner = if side == 1 { g.cols() - 1 } else { 0 };
                    (side, outermost(g, kf, side, is_rook).unwrap_or(corner))
                }
                'a'..='s' => {
                    let f = lower as u8 - b'a';
                    if f >= g.cols() {
                        return None;
                    }
                    (usize::from(king_file.is_some_and(|kf| f > kf)), f)
                }
                _ => return None,
            };
            castling.0[color.index()][side] = Some(file);
        }
        Some(castling)
    }
    /// X-FEN castling: `K`/`Q` when the right's rook is the outermost
    /// `rook` on that side of the king, its file letter otherwise; `-` for
    /// none.
    pub fn xfen(&self, g: &Geometry, board: &Board, rook: Kind) -> String {
        let mut castle = String::new();
        for color in Color::ALL {
            let back = first_rank(g, color);
            let king_file = board.royals(color).first().map(|s| g.file(s));
            let rook = Piece::new(color, rook);
            let is_rook = |f: u8| {
                g.square(f, back)
                    .is_some_and(|s| board.cell(s).piece(color) == Some(rook))
            };
            for side in [1, 0] {
                let Some(f) = self.rook_file(color, side) else {
                    continue;
                };
                let outer = king_file.is_some_and(|kf| outermost(g, kf, side, is_rook) == Some(f));
                let c = match (outer, side) {
                    (true, 1) => 'k',
                    (true, _) => 'q',
                    (false, _) => file_char(f),
                };
                castle.push(if color == Color::White {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
        }
        if castle.is_empty() {
            castle.push('-');
        }
        castle
    }
    /// Writes `color`'s two vchess flag letters: a lost right is the file
    /// just past the board, as vchess writes it.
    pub fn push_vchess(&self, color: Color, cols: u8, out: &mut String) {
        for side in 0..2 {
            out.push(file_char(self.rook_file(color, side).unwrap_or(cols)));
        }
    }
    /// Both colors' vchess flag letters.
    pub fn vchess_flags(&self, cols: u8) -> String {
        let mut out = String::with_capacity(4);
        for color in Color::ALL {
            self.push_vchess(color, cols, &mut out);
        }
        out
    }
}

/// Reads a vchess castling field (`-`: no rights, else four flag
/// letters) into `state`; anything else is a problem naming the field.
pub fn read_vchess_field(f: &Field, cols: u8, state: &mut State, problems: &mut Vec<Problem>) {
    if let Some(c) = Castling::from_vchess(&f.text, cols) {
        state.castling = c;
    } else if f.text != "-" {
        problems.push(Problem::BadField {
            field: "castling",
            text: f.text.clone(),
            offset: f.offset,
        });
    }
}

/// `color`'s first rank (absolute).
fn first_rank(g: &Geometry, color: Color) -> u8 {
    if color == Color::White {
        0
    } else {
        g.rows() - 1
    }
}

/// The file of the outermost partner (`is_partner` of a file) on `side` of
/// the king's file `king_file` (0: towards the a-file): the one X-FEN's
/// `K`/`Q` names and a set-up's rights start from.
pub fn outermost(
    g: &Geometry,
    king_file: u8,
    side: usize,
    is_partner: impl Fn(u8) -> bool,
) -> Option<u8> {
    if side == 1 {
        (king_file + 1..g.cols()).rev().find(|&f| is_partner(f))
    } else {
        (0..king_file).find(|&f| is_partner(f))
    }
}

/// The rights a board-only diagram may give `color`: the outermost
/// partners (`is_partner` of a `color` piece) on each side of its king on
/// its first rank; `None` without such a king.
pub fn generous_rights(
    g: &Geometry,
    board: &Board,
    color: Color,
    is_partner: impl Fn(Piece) -> bool,
) -> Option<[Option<u8>; 2]> {
    let back = first_rank(g, color);
    let king = board.royals(color).iter().find(|s| g.rank(*s) == back)?;
    let on_back = |f: u8| {
        g.square(f, back)
            .and_then(|s| board.cell(s).piece(color))
            .is_some_and(&is_partner)
    };
    Some([0, 1].map(|side| outermost(g, g.file(king), side, on_back)))
}

/// Where a side's king and partner land when castling, and what must be
/// empty for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The king's landing file, castling a-side then h-side.
    pub king_to: [u8; 2],
    /// The partner's landing file, a-side then h-side.
    pub rook_to: [u8; 2],
    /// Whether the squares between king and partner must be empty;
    /// `false`: Fullcavalry's lancer jumps over what stands there (the
    /// king's way and both landing squares must still be empty).
    pub partner_path_free: bool,
}

impl Layout {
    /// Chess's on a board `cols` wide: the king on the c-file or the last
    /// file but one, the rook beside it on the inside.
    pub fn chess(cols: u8) -> Layout {
        Layout {
            king_to: [2, cols - 2],
            rook_to: [3, cols - 3],
            partner_path_free: true,
        }
    }
}

/// A castling the board allows: the king's and its partner's squares,
/// before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castle {
    /// 0: with the partner on the a-side of the king, 1: the h-side.
    pub side: usize,
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
}

impl Castle {
    /// The squares the king stands on, crosses and (with `landing`) lands
    /// on: the ones an attack forbids castling over. Without `landing` the
    /// landing square is left to the legality test after the move (vchess),
    /// unless the king stays where it is.
    pub fn crossed<'g>(&self, g: &'g Geometry, landing: bool) -> impl Iterator<Item = Square> + 'g {
        let (kf, kt) = (g.file(self.king_from), g.file(self.king_to));
        let back = g.rank(self.king_from);
        (kf.min(kt)..=kf.max(kt))
            .filter(move |&f| landing || f != kt || f == kf)
            .filter_map(move |f| g.square(f, back))
    }

    /// The move: `king` and the `partners` on the partner's square (none,
    /// one, or a union's two) vanish and appear on their landing squares.
    pub fn to_move(&self, king: Piece, partners: impl IntoIterator<Item = Piece> + Clone) -> Move {
        let mut mv = Move::simple(self.king_from, self.king_to, king, None, None);
        mv.effect = Default::default();
        mv.effect.vanish.push(self.king_from, king);
        for p in partners.clone() {
            mv.effect.vanish.push(self.rook_from, p);
        }
        mv.effect.appear.push(self.king_to, king);
        for p in partners {
            mv.effect.appear.push(self.rook_to, p);
        }
        mv.intent.kind = MoveKind::Castle {
            rook_from: self.rook_from,
            rook_to: self.rook_to,
        };
        mv
    }
}

/// The castlings `rights` give `us` with its king on `king_sq`, where the
/// board allows them: for each side with a right, a partner on that file of
/// the king's rank (`partner` says whether what stands there may castle),
/// and every square king or partner stands on, crosses or lands on empty
/// but for the two of them. Attacks are the caller's (see
/// [`Castle::crossed`]).
pub fn castles(
    g: &Geometry,
    board: &Board,
    rights: &Castling,
    us: Color,
    king_sq: Square,
    layout: &Layout,
    partner: &dyn Fn(Square) -> bool,
) -> [Option<Castle>; 2] {
    let empty = |s: Square| board.cell(s).is_empty();
    castles_where(g, &empty, rights, (us, king_sq), layout, partner)
}

/// [`castles`] where the variant says which squares are empty (Alice:
/// on the king's board).
pub fn castles_where(
    g: &Geometry,
    empty: &dyn Fn(Square) -> bool,
    rights: &Castling,
    (us, king_sq): (Color, Square),
    layout: &Layout,
    partner: &dyn Fn(Square) -> bool,
) -> [Option<Castle>; 2] {
    let back = g.rank(king_sq);
    let king_file = g.file(king_sq);
    let empty = |f: u8| g.square(f, back).is_some_and(empty);
    let mut out = [None, None];
    for (side, slot) in out.iter_mut().enumerate() {
        let Some(rook_file) = rights.rook_file(us, side) else {
            continue;
        };
        let Some(rook_sq) = g.square(rook_file, back) else {
            continue;
        };
        if !partner(rook_sq) {
            continue;
        }
        let (king_to, rook_to) = (layout.king_to[side], layout.rook_to[side]);
        let free = |lo: u8, hi: u8| {
            (lo.min(hi)..=lo.max(hi)).all(|f| f == king_file || f == rook_file || empty(f))
        };
        let clear = if layout.partner_path_free {
            let lo = king_file.min(rook_file).min(king_to).min(rook_to);
            let hi = king_file.max(rook_file).max(king_to).max(rook_to);
            free(lo, hi)
        } else {
            free(king_file, king_to) && free(rook_to, rook_to)
        };
        if !clear {
            continue;
        }
        let (Some(kto), Some(rto)) = (g.square(king_to, back), g.square(rook_to, back)) else {
            continue;
        };
        *slot = Some(Castle {
            side,
            king_from: king_sq,
            king_to: kto,
            rook_from: rook_sq,
            rook_to: rto,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::validate::position_from_fen;

    fn chess_geometry() -> Geometry {
        Geometry::new(8, 8).unwrap()
    }

    fn sq(g: &Geometry, name: &str) -> Square {
        g.parse_square(name).unwrap()
    }

    #[test]
    fn vchess_flags_read_and_write_back() {
        let c = Castling::from_vchess("ahai", 8).unwrap();
        assert_eq!(c.0, [[Some(0), Some(7)], [Some(0), None]]);
        assert_eq!(c.vchess_flags(8), "ahai");
        assert_eq!(Castling::from_vchess("AHah", 8), None);
        assert_eq!(Castling::from_vchess("aha", 8), None);
        // Only the colors that castle have letters; the rest is the tail.
        let (c, tail) = Castling::read_vchess("ah0101", [true, false], 8).unwrap();
        assert_eq!(
            (c.0[0], c.0[1], tail),
            ([Some(0), Some(7)], [None, None], "0101")
        );
    }

    #[test]
    fn a_rook_taking_a_rook_ends_both_rights_but_not_in_eightpieces_order() {
        let g = chess_geometry();
        let squares = (sq(&g, "a1"), sq(&g, "a8"));
        let mut c = Castling::from_vchess("ahah", 8).unwrap();
        c.after_vchess_move(&g, Color::White, false, squares, true);
        assert_eq!(c.vchess_flags(8), "ihih");
        let mut c = Castling::from_vchess("ahah", 8).unwrap();
        c.after_vchess_move(&g, Color::White, false, squares, false);
        assert_eq!(c.vchess_flags(8), "ihah");
        // A king move: both own rights; the opponent's only in vchess's order.
        let mut c = Castling::from_vchess("ahah", 8).unwrap();
        let onto_h8 = (sq(&g, "g7"), sq(&g, "h8"));
        c.after_vchess_move(&g, Color::White, true, onto_h8, true);
        assert_eq!(c.vchess_flags(8), "iiai");
        let mut c = Castling::from_vchess("ahah", 8).unwrap();
        c.after_vchess_move(&g, Color::White, true, onto_h8, false);
        assert_eq!(c.vchess_flags(8), "iiah");
    }

    #[test]
    fn vchess_loses_only_the_first_slot_naming_a_file() {
        let mut c = Castling::from_vchess("aaaa", 8).unwrap();
        assert!(c.lose_first(Color::White, 0));
        assert_eq!(c.vchess_flags(8), "iaaa");
        c.lose_file(Color::Black, 0);
        assert_eq!(c.vchess_flags(8), "iaii");
        assert!(!c.lose_first(Color::Black, 0));
    }

    #[test]
    fn a_square_off_the_first_rank_ends_nothing() {
        let g = chess_geometry();
        let mut c = Castling::from_vchess("ahah", 8).unwrap();
        c.lose_square(&g, Color::White, sq(&g, "a2"));
        c.lose_square(&g, Color::Black, sq(&g, "h1"));
        assert_eq!(c.vchess_flags(8), "ahah");
        c.lose_square(&g, Color::Black, sq(&g, "h8"));
        assert_eq!(c.vchess_flags(8), "ahai");
        assert!(c.any_left());
        c.lose_all(Color::White);
        c.lose_all(Color::Black);
        assert!(!c.any_left());
    }

    /// The castlings of White's king on e1 in `fen`, as (king, rook) landing squares.
    fn white_castles(fen: &str, layout: &Layout) -> Vec<(String, String)> {
        let rules = crate::variants::chess::rules();
        let pos = position_from_fen(&rules, fen).unwrap();
        let g = rules.geometry();
        let king = sq(g, "e1");
        let rook = Piece::new(Color::White, Kind::ROOK);
        let partner = |s| pos.board.cell(s).piece(Color::White) == Some(rook);
        castles(
            g,
            &pos.board,
            &pos.state.castling,
            Color::White,
            king,
            layout,
            &partner,
        )
        .into_iter()
        .flatten()
        .map(|c| (g.square_name(c.king_to), g.square_name(c.rook_to)))
        .collect()
    }

    #[test]
    fn castles_need_every_crossed_square_empty_and_a_partner() {
        let chess = Layout::chess(8);
        let both = white_castles("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &chess);
        let names = |v: &[(&str, &str)]| {
            v.iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect::<Vec<_>>()
        };
        assert_eq!(both, names(&[("c1", "d1"), ("g1", "f1")]));
        // b1 is crossed by the rook only: still blocked in chess.
        let b1 = white_castles("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", &chess);
        assert_eq!(b1, names(&[("g1", "f1")]));
        // Fullcavalry's partner jumps: only the king's way and landings count.
        let jumping = Layout {
            partner_path_free: false,
            ..chess
        };
        let b1 = white_castles("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", &jumping);
        assert_eq!(b1, names(&[("c1", "d1"), ("g1", "f1")]));
        // No rook on the flagged file: no castling that side.
        let no_rook = white_castles("r3k2r/8/8/8/8/8/8/4K2R w Kkq - 0 1", &chess);
        assert_eq!(no_rook, names(&[("g1", "f1")]));
    }

    #[test]
    fn crossed_squares_leave_the_landing_to_legality_when_asked() {
        let g = chess_geometry();
        let c = Castle {
            side: 1,
            king_from: sq(&g, "e1"),
            king_to: sq(&g, "g1"),
            rook_from: sq(&g, "h1"),
            rook_to: sq(&g, "f1"),
        };
        let names = |landing| {
            c.crossed(&g, landing)
                .map(|s| g.square_name(s))
                .collect::<Vec<_>>()
        };
        assert_eq!(names(true), ["e1", "f1", "g1"]);
        assert_eq!(names(false), ["e1", "f1"]);
        // A king that stays is judged where it stands.
        let stays = Castle {
            king_to: sq(&g, "g1"),
            king_from: sq(&g, "g1"),
            ..c
        };
        assert_eq!(stays.crossed(&g, false).count(), 1);
        let mv = c.to_move(
            Piece::new(Color::White, Kind::KING),
            [Piece::new(Color::White, Kind::ROOK)],
        );
        assert_eq!(mv.effect.vanish.len(), 2);
        assert_eq!(mv.effect.appear.as_slice()[1].square, sq(&g, "f1"));
    }

    #[test]
    fn xfen_names_the_outermost_rook_by_side_and_others_by_file() {
        let rules = crate::variants::chess::rules();
        let pos = position_from_fen(&rules, "1r2k1r1/8/8/8/8/8/8/RR2K2R w BKq - 0 1").unwrap();
        let g = rules.geometry();
        assert_eq!(pos.state.castling.0[0], [Some(1), Some(7)]);
        assert_eq!(pos.state.castling.0[1], [Some(1), None]);
        assert_eq!(pos.state.castling.xfen(g, &pos.board, Kind::ROOK), "KBq");
        let rights = generous_rights(g, &pos.board, Color::White, |p| p.kind == Kind::ROOK);
        assert_eq!(rights, Some([Some(0), Some(7)]));
    }
}
