//! Eightpieces: one rook, one knight and one bishop a side; the other
//! slots hold three new pieces.
//!
//! - The lancer (Fullcavalry's, shared from [`super::fullcavalry`]) slides
//!   the one way it faces, over its own pieces, takes the first enemy on its
//!   line, and faces any way onto the board after moving.
//! - The sentry moves as a bishop but takes nothing: where it would take,
//!   it pushes the enemy piece instead. The push is two plies of one player,
//!   as the site plays it: the sentry leaves its square for the enemy
//!   piece's (a chain step, `continues`), then that piece moves as its own
//!   kind (a pawn backwards, a lancer along its line or one step any other
//!   way) onto an empty square or onto one of its own side, which it takes,
//!   and the sentry stands where it stood. A push is only offered when some
//!   such move keeps the pusher's king safe. The pushed piece (not a pawn)
//!   may not go back along its push next turn; a pushed lancer may then
//!   move any way, or turn in place when it faces off the board.
//! - The jailer moves as a rook, takes nothing, and freezes the enemy
//!   pieces orthogonally beside it: they neither move nor attack (a frozen
//!   king may pass, a frozen lancer just pushed may turn).
//!
//! Check is whatever the opponent could take the king with, a push that
//! makes the king's own piece take it included. As on the site, the first
//! two plies take nothing and give no check. A lancer facing off the board
//! may turn in place ("click on the lancer", the page says).
//!
//! vchess FEN: chess's, then the last push (`c2f5`: where the pushed piece
//! stood and where it went, `-` if none or a pawn). The middle of a push
//! (the sentry off the board) is in no FEN, as on the site.

use super::base::{piece_at, retain_from, Cfg, Game, Hooks};
use super::fullcavalry::{
    facing_in, lancer_attacks_where, lancer_dir, lancer_line, lancer_moves, lancer_moves_along,
    set_appear, LANCERS,
};
use crate::color::Color;
use crate::fen::Field;
use crate::geometry::{DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State};
use crate::rules::Rules;
use crate::square::Square;
use crate::validate::Problem;

/// The jailer's letter.
pub const JAILER: Kind = Kind(b'j');
/// The sentry's letter.
pub const SENTRY: Kind = Kind(b's');

/// The steps a jailer freezes along, in vchess's order (north, south, west,
/// east): a frozen king's pass names the first jailer found.
const JAIL_STEPS: [(i8, i8); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

/// Eightpieces' hooks.
pub struct Eightpieces;

/// What a position keeps of pushes, packed in `State::variant`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Push {
    /// The last turn's push of a piece that is not a pawn: where it stood,
    /// where it went.
    pub last: Option<(Square, Square)>,
    /// Mid-push: the square of the piece the sentry is pushing (where the
    /// sentry will stand).
    pub pending: Option<Square>,
}

impl Push {
    /// The push state of `state`.
    pub fn of(state: &State) -> Push {
        let v = state.variant;
        let sq = |shift: u32| Square(((v >> shift) & 0xff) as u16);
        Push {
            last: (v & 1 != 0).then(|| (sq(8), sq(16))),
            pending: (v & 2 != 0).then(|| sq(24)),
        }
    }

    /// Writes it back into `state`.
    pub fn store(self, state: &mut State) {
        let mut v = 0u64;
        if let Some((from, to)) = self.last {
            v |= 1 | (u64::from(from.0) << 8) | (u64::from(to.0) << 16);
        }
        if let Some(sq) = self.pending {
            v |= 2 | (u64::from(sq.0) << 24);
        }
        state.variant = v;
    }
}

/// The square of an enemy jailer orthogonally beside the piece on `sq`.
fn jailer_beside(g: &Game<Eightpieces>, pos: &Position, sq: Square) -> Option<Square> {
    let p = piece_at(pos, sq)?;
    JAIL_STEPS.iter().find_map(|&(df, dr)| {
        let s = g.off(sq, df, dr)?;
        (piece_at(pos, s) == Some(Piece::new(p.color.opposite(), JAILER))).then_some(s)
    })
}

/// The unit step from `from` towards `to` when they share a line.
fn line_step(g: &Game<Eightpieces>, from: Square, to: Square) -> Option<(i8, i8)> {
    let df = i32::from(g.g.file(to)) - i32::from(g.g.file(from));
    let dr = i32::from(g.g.rank(to)) - i32::from(g.g.rank(from));
    let aligned = df == 0 || dr == 0 || df.abs() == dr.abs();
    (aligned && (df, dr) != (0, 0)).then(|| (df.signum() as i8, dr.signum() as i8))
}

/// Whether `sq` is on the path of the push `from` → `to`: the squares of
/// its line, both ends included (a knight's leap: its two ends).
fn on_push_path(g: &Game<Eightpieces>, (from, to): (Square, Square), sq: Square) -> bool {
    if sq == from || sq == to {
        return true;
    }
    let Some((df, dr)) = line_step(g, from, to) else {
        return false;
    };
    let mut t = g.off(from, df, dr);
    while let Some(s) = t {
        if s == to {
            return false;
        }
        if s == sq {
            return true;
        }
        t = g.off(s, df, dr);
    }
    false
}

/// A lancer on `sq` turning to `kind` where it stands, the move named by
/// `to` (the site's gesture: the jailer, the king, the lancer itself).
fn turn_in_place(sq: Square, to: Square, lancer: Piece, kind: Kind) -> Move {
    let mut mv = Move::simple(sq, sq, lancer, None, None);
    mv.effect.appear = Default::default();
    mv.effect.appear.push(sq, Piece::new(lancer.color, kind));
    mv.intent.to = to;
    if kind != lancer.kind {
        mv.intent.promotion = Some(kind);
    }
    mv
}

/// The moves of a frozen piece: a king passes (named by the jailer's
/// square), a lancer just pushed may turn in place; nothing else.
fn frozen_moves(pos: &Position, sq: Square, p: Piece, jailer: Square, out: &mut MoveList) {
    if p.kind == Kind::KING {
        let mut pass = Move::simple(sq, jailer, p, None, None);
        pass.effect = Default::default();
        out.push(pass);
    } else if lancer_dir(p.kind).is_some() && Push::of(&pos.state).last.is_some() {
        for (k, _) in LANCERS {
            out.push(turn_in_place(sq, jailer, p, k));
        }
    }
}

/// A lancer facing off the board turns in place onto the board, except
/// just after a push (then it has its own turns): the page's "click on the
/// lancer", which the site's interface offers frozen or not.
fn stuck_lancer_turns(
    g: &Game<Eightpieces>,
    sq: Square,
    p: Piece,
    no_push: bool,
    out: &mut MoveList,
) {
    let Some(cur) = lancer_dir(p.kind) else {
        return;
    };
    if !no_push || g.off(sq, cur.0, cur.1).is_some() {
        return;
    }
    for (k, d) in LANCERS {
        if g.off(sq, d.0, d.1).is_some() {
            out.push(turn_in_place(sq, sq, p, k));
        }
    }
}

/// The lancer on `sq` just pushed: it moves any way this turn, facing the
/// way it went (or, along the way it faces, any way onto the board), or
/// turns in place (named by its king's square) when it faces off the board.
fn pushed_lancer_moves(
    g: &Game<Eightpieces>,
    pos: &Position,
    sq: Square,
    p: Piece,
    out: &mut MoveList,
) {
    let Some(cur) = lancer_dir(p.kind) else {
        return;
    };
    if g.off(sq, cur.0, cur.1).is_none() {
        if let Some(king) = pos.board.royals(p.color).iter().next() {
            for (k, d) in LANCERS {
                if d != cur && g.off(sq, d.0, d.1).is_some() {
                    out.push(turn_in_place(sq, king, p, k));
                }
            }
        }
    }
    for (k, dir) in LANCERS {
        if dir == cur {
            lancer_moves_along(g, pos, sq, p, dir, out);
        } else {
            let facing = Piece::new(p.color, k);
            lancer_line(g, pos, sq, dir, p.color.opposite(), |s| {
                out.push(g.basic(pos, sq, s, Some(facing)));
            });
        }
    }
}

/// A pawn's moves with Eightpieces' promotions: a chess promotion's rook
/// also becomes a lancer facing into the board, a sentry or a jailer.
fn pawn_moves(g: &Game<Eightpieces>, pos: &Position, sq: Square, out: &mut MoveList) {
    let mut list = MoveList::new();
    g.pawn_moves(pos, sq, &mut list);
    let us = pos.turn();
    for mv in list {
        out.push(mv);
        if mv.intent.promotion != Some(Kind::ROOK) {
            continue;
        }
        let extra = facing_in(us == Color::White)
            .into_iter()
            .chain([SENTRY, JAILER]);
        for k in extra {
            let mut m = mv;
            m.intent.promotion = Some(k);
            set_appear(&mut m, 0, Piece::new(us, k));
            out.push(m);
        }
    }
}

/// The sentry on `sq`: a bishop's moves, each capture made the first part
/// of a push (the sentry leaves the board; the turn goes on).
fn sentry_moves(g: &Game<Eightpieces>, pos: &Position, sq: Square, out: &mut MoveList) {
    let first = out.len();
    g.slide(pos, sq, &DIAGONAL, false, out);
    for mv in &mut out[first..] {
        if mv.effect.vanish.len() == 2 {
            let sentry = mv.intent.piece;
            mv.effect = Default::default();
            mv.effect.vanish.push(sq, sentry);
            mv.intent.capture = false;
            mv.intent.continues = true;
        }
    }
}

/// The piece on `sq` being pushed by a sentry of `pusher`'s: it moves as
/// its kind for `pusher` (a pawn backwards), taking only its own side, a
/// lancer also stepping any other way onto an empty square; the sentry
/// then stands on `sq`.
fn pushed_moves(
    g: &Game<Eightpieces>,
    pos: &Position,
    sq: Square,
    pusher: Color,
    out: &mut MoveList,
) {
    let Some(p) = piece_at(pos, sq) else { return };
    let first = out.len();
    if p.kind == Kind::PAWN {
        let fw = Game::<Eightpieces>::forward(pusher);
        if let Some(ahead) = g.off(sq, 0, fw) {
            if pos.board.cell(ahead).is_empty() {
                out.push(g.basic(pos, sq, ahead, None));
            }
            for df in [-1, 1] {
                if let Some(t) = g.off(sq, df, fw) {
                    if piece_at(pos, t).is_some_and(|o| o.color == p.color) {
                        out.push(g.basic(pos, sq, t, None));
                    }
                }
            }
        }
    } else if let Some(cur) = lancer_dir(p.kind) {
        lancer_line(g, pos, sq, cur, p.color, |s| {
            out.push(g.basic(pos, sq, s, None))
        });
        for (k, d) in LANCERS {
            let Some(s) = g.off(sq, d.0, d.1) else {
                continue;
            };
            if d != cur && pos.board.cell(s).is_empty() {
                out.push(g.basic(pos, sq, s, Some(Piece::new(p.color, k))));
            }
        }
    } else if p.kind == SENTRY || p.kind == JAILER {
        let steps: &[(i8, i8)] = if p.kind == SENTRY {
            &DIAGONAL
        } else {
            &ORTHOGONAL
        };
        g.slide(pos, sq, steps, false, out);
        // It takes nothing.
        retain_from(out, first, |m| m.effect.vanish.len() == 1);
    } else {
        g.moves_as(pos, sq, p.kind, out);
    }
    for mv in &mut out[first..] {
        mv.effect.appear.push(sq, Piece::new(pusher, SENTRY));
    }
}

/// Whether the piece `pc` on `from`, pushed by a sentry of `by`'s, could
/// take `to` (vchess's `selfAttack`): a pawn backwards, a knight, a slider
/// over empty squares and `by`'s sentries, a lancer along its line over
/// anything but its own side.
fn self_attack(
    g: &Game<Eightpieces>,
    pos: &Position,
    from: Square,
    pc: Piece,
    to: Square,
    by: Color,
) -> bool {
    let df = i32::from(g.g.file(to)) - i32::from(g.g.file(from));
    let dr = i32::from(g.g.rank(to)) - i32::from(g.g.rank(from));
    let lancer = lancer_dir(pc.kind);
    let steps: &[(i8, i8)] = match pc.kind {
        Kind::PAWN => return df.abs() == 1 && dr == i32::from(Game::<Eightpieces>::forward(by)),
        Kind::KNIGHT => {
            return KNIGHT_LEAPS
                .iter()
                .any(|&(f, r)| (i32::from(f), i32::from(r)) == (df, dr))
        }
        Kind::ROOK => &ORTHOGONAL,
        Kind::BISHOP => &DIAGONAL,
        Kind::QUEEN => &KING_STEPS,
        _ if lancer.is_some() => &[],
        _ => return false,
    };
    let Some(step) = line_step(g, from, to).filter(|s| steps.contains(s) || lancer == Some(*s))
    else {
        return false;
    };
    let mut t = g.off(from, step.0, step.1);
    while let Some(s) = t {
        if s == to {
            return true;
        }
        if let Some(o) = piece_at(pos, s) {
            let gone = o == Piece::new(by, SENTRY);
            if !gone && (lancer.is_none() || o.color == pc.color) {
                return false;
            }
        }
        t = g.off(s, step.0, step.1);
    }
    false
}

/// Whether a free sentry of `by` could push a piece that then takes `sq`.
fn sentry_attacks(g: &Game<Eightpieces>, pos: &Position, sq: Square, by: Color) -> bool {
    let sentry = Piece::new(by, SENTRY);
    g.g.squares()
        .filter(|&s| piece_at(pos, s) == Some(sentry) && jailer_beside(g, pos, s).is_none())
        .any(|s| {
            DIAGONAL.iter().any(|&(df, dr)| {
                let mut t = g.off(s, df, dr);
                while let Some(c) = t {
                    if let Some(pc) = piece_at(pos, c) {
                        return pc.color != by && self_attack(g, pos, c, pc, sq, by);
                    }
                    t = g.off(c, df, dr);
                }
                false
            })
        })
}

/// Whether the legal list's move `mv` breaks the first two plies' rule
/// (`pos` is before it): it takes something or gives check.
fn early_ply_breach(g: &Game<Eightpieces>, pos: &mut Position, mv: &Move) -> bool {
    if mv.intent.continues {
        return false;
    }
    if mv.effect.vanish.len() > 1 {
        return true;
    }
    let undo = g.play(pos, mv);
    let check = Eightpieces::under_check(g, pos, pos.turn());
    g.unplay(pos, mv, undo);
    check
}

/// Whether some second part of the push `first` keeps the pusher's king
/// safe (`pos` is before it).
fn push_has_a_follow_up(g: &Game<Eightpieces>, pos: &mut Position, first: &Move) -> bool {
    let pusher = pos.turn();
    let undo = g.play(pos, first);
    let mut seconds = MoveList::new();
    g.all_moves(pos, &mut seconds);
    let ok = seconds.iter().any(|m| {
        let undo = g.play(pos, m);
        let safe = !Eightpieces::under_check(g, pos, pusher);
        g.unplay(pos, m, undo);
        safe
    });
    g.unplay(pos, first, undo);
    ok
}

impl Hooks for Eightpieces {
    fn cfg(&self) -> Cfg {
        Cfg {
            start_fen: "jfsqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JDSQKBNR w 0 ahah - -",
            extra: "cdefghmosj",
            ..Cfg::chess("Eightpieces")
        }
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        let Some(p) = piece_at(pos, sq) else { return };
        let last = Push::of(&pos.state).last;
        stuck_lancer_turns(g, sq, p, last.is_none(), out);
        if let Some(jailer) = jailer_beside(g, pos, sq) {
            frozen_moves(pos, sq, p, jailer, out);
            return;
        }
        let first = out.len();
        match p.kind {
            JAILER => {
                g.slide(pos, sq, &ORTHOGONAL, false, out);
                // It takes nothing.
                retain_from(out, first, |m| m.effect.vanish.len() == 1);
            }
            SENTRY => sentry_moves(g, pos, sq, out),
            Kind::PAWN => pawn_moves(g, pos, sq, out),
            k if lancer_dir(k).is_some() => {
                if last.is_some_and(|(_, to)| to == sq) {
                    pushed_lancer_moves(g, pos, sq, p, out);
                } else {
                    lancer_moves(g, pos, sq, p, out);
                }
            }
            _ => g.chess_moves_from(pos, sq, out),
        }
        // The piece pushed last turn does not go back along its push.
        if let Some(push) = last.filter(|(_, to)| *to == sq) {
            retain_from(out, first, |m| !on_push_path(g, push, m.intent.to));
        }
    }

    fn pending_moves(g: &Game<Self>, pos: &Position, out: &mut MoveList) -> bool {
        let Some(sq) = Push::of(&pos.state).pending else {
            return false;
        };
        pushed_moves(g, pos, sq, pos.turn(), out);
        true
    }

    fn can_take(_g: &Game<Self>, pos: &Position, from: Square, to: Square) -> bool {
        let (Some(a), Some(b)) = (piece_at(pos, from), piece_at(pos, to)) else {
            return false;
        };
        // A pushed piece takes only its own side.
        (a.color == b.color) == Push::of(&pos.state).pending.is_some()
    }

    fn attacked(g: &Game<Self>, pos: &Position, sq: Square, by: Color) -> bool {
        let free = |s: Square| jailer_beside(g, pos, s).is_none();
        let pushed = Push::of(&pos.state).last.map(|(_, to)| to);
        g.chess_attacked_by(pos, sq, by, &free)
            || lancer_attacks_where(g, pos, sq, by, &|s, p, (df, dr)| {
                free(s) && (lancer_dir(p.kind) == Some((-df, -dr)) || pushed == Some(s))
            })
            || sentry_attacks(g, pos, sq, by)
    }

    fn illegal_after(g: &Game<Self>, pos: &Position, _mover: Color) -> bool {
        // The side that just moved is the one not to move: a push's second
        // part moves an enemy piece, so the moved piece's color does not
        // tell.
        Self::under_check(g, pos, pos.turn().opposite())
    }

    fn castling_after(g: &Game<Self>, pos: &mut Position, mv: &Move) {
        // vchess's own update: nothing for a pass or a push's first part;
        // the moved piece's side (a pushed piece's owner) loses both rights
        // when it is a king, else the right of the square it leaves, or
        // else of the enemy's square it reaches.
        let Some(moved) = mv.effect.vanish.as_slice().first().map(|v| v.piece) else {
            return;
        };
        if mv.intent.continues {
            return;
        }
        let king = moved.kind == Kind::KING;
        let squares = (mv.intent.from, mv.intent.to);
        pos.state
            .castling
            .after_vchess_move(&g.g, moved.color, king, squares, false);
    }

    fn after_play(_g: &Game<Self>, pos: &mut Position, mv: &Move) {
        let before = Push::of(&pos.state);
        let mut now = Push::default();
        if mv.intent.continues {
            // The site counts a turn at its first part.
            now.pending = Some(mv.intent.to);
            pos.state.plies += 1;
        } else if before.pending.is_some() {
            pos.state.plies -= 1;
            if mv.intent.piece.kind != Kind::PAWN {
                now.last = Some((mv.intent.from, mv.intent.to));
            }
        }
        now.store(&mut pos.state);
    }

    fn restricts_legal() -> bool {
        true
    }

    fn restrict_legal(g: &Game<Self>, pos: &Position, legal: &mut MoveList) {
        let mut probe = pos.clone();
        let early = pos.state.plies < 2;
        legal.retain(|mv| {
            if mv.intent.continues {
                push_has_a_follow_up(g, &mut probe, mv)
            } else {
                !(early && early_ply_breach(g, &mut probe, mv))
            }
        });
    }

    fn read_fields(
        g: &Game<Self>,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else { return };
        if f.text == "-" {
            return;
        }
        match g.g.parse_square_pair(&f.text) {
            Some(push) => Push {
                last: Some(push),
                pending: None,
            }
            .store(state),
            None => problems.push(Problem::BadField {
                field: "sentry push",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    fn write_fields(g: &Game<Self>, pos: &Position) -> (String, String) {
        let field = match Push::of(&pos.state).last {
            Some((from, to)) => format!("{}{}", g.g.square_name(from), g.g.square_name(to)),
            None => "-".to_string(),
        };
        (String::new(), format!(" {field}"))
    }

    fn notation_override(g: &Game<Self>, mv: &Move) -> Option<String> {
        // A frozen king's pass, as the site writes it; a lancer turning in
        // place names its square and the way it then faces (`Mb4=C`), not
        // the square its move is named by (a jailer, its king).
        let appear = mv.effect.appear.as_slice();
        if mv.effect.vanish.is_empty() && appear.is_empty() {
            return Some("pass".to_string());
        }
        let from = mv.intent.from;
        let turned = appear
            .first()
            .filter(|a| a.square == from && appear.len() == 1)?;
        lancer_dir(mv.intent.piece.kind)?;
        let letter = |k: Kind| Piece::new(Color::White, k).letter();
        Some(format!(
            "{}{}={}",
            letter(mv.intent.piece.kind),
            g.g.square_name(from),
            letter(turned.piece.kind)
        ))
    }

    fn complete_diagram(_g: &Game<Self>, pos: &mut Position) {
        // A board-only diagram shows a game under way: the site's ban on
        // captures and checks in the first two plies is over.
        pos.state.plies = pos.state.plies.max(2);
    }

    fn piece_name(kind: Kind) -> Option<&'static str> {
        match kind {
            SENTRY => Some("sentry"),
            JAILER => Some("jailer"),
            k => lancer_dir(k).map(|_| "lancer"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal::{legal_moves, perft};
    use crate::registry;

    fn rules() -> &'static dyn Rules {
        registry::rules("Eightpieces").expect("registered")
    }

    fn position(fen: &str) -> Position {
        crate::validate::position_from_fen(rules(), fen).expect("a valid FEN")
    }

    #[test]
    fn the_start_has_fifty_moves_and_round_trips() {
        // Sixteen pawn moves, two knight moves, and the b1 lancer's four
        // empty squares (d3 to g6, over its c2 pawn) in each of the eight
        // ways it may then face; no capture in the first two plies (h7).
        let r = rules();
        let mut pos = r.start_position();
        assert_eq!(perft(r, &mut pos, 1), 50);
        assert_eq!(crate::fen::vchess_fen(r, &pos), r.start_fen());
    }

    #[test]
    fn a_random_start_reads_and_writes_back() {
        // As the site deals it: the jailer, lancer and sentry in place of
        // a rook, a knight, a bishop; the flags name the jailer's file.
        let fen = "nrqkbgjs/pppppppp/8/8/8/8/PPPPPPPP/JNBSQKRC w 0 agbg - -";
        assert_eq!(crate::fen::vchess_fen(rules(), &position(fen)), fen);
    }

    #[test]
    fn a_bad_push_field_is_an_error_naming_it() {
        let err = crate::validate::position_from_fen(rules(), "7k/8/8/8/8/8/8/K7 w 2 iiii - f4b9")
            .expect_err("b9 is off the board");
        assert!(err.to_string().contains("sentry push"), "{err}");
    }

    #[test]
    fn a_push_field_reads_and_writes_back() {
        let fen = "7k/8/8/8/Jm3S2/8/8/K7 b 3 iiii - f4b4";
        let pos = position(fen);
        let sq = |n: &str| {
            crate::geometry::parse_square_coords(n)
                .map(|(f, r)| Square(u16::from(r) * 8 + u16::from(f)))
        };
        assert_eq!(Push::of(&pos.state).last, sq("f4").zip(sq("b4")));
        assert_eq!(crate::fen::vchess_fen(rules(), &pos), fen);
    }

    #[test]
    fn the_pages_push_takes_the_pawn_and_the_lancer_is_then_jailed() {
        // "the white sentry can push the black lancer to capture the black
        // pawn on b4. The lancer is then immobilized by the white jailer".
        let r = rules();
        let mut pos = position("7k/8/8/8/Jp3m2/8/3S4/K7 w 2 iiii - -");
        let mut list = MoveList::new();
        legal_moves(r, &mut pos, &mut list);
        let first = list
            .iter()
            .find(|m| m.intent.continues && r.geometry().square_name(m.intent.to) == "f4")
            .copied()
            .expect("the sentry pushes the lancer on f4");
        r.play(&mut pos, &first);
        legal_moves(r, &mut pos, &mut list);
        let take = list
            .iter()
            .find(|m| r.geometry().square_name(m.intent.to) == "b4")
            .copied()
            .expect("the pushed lancer takes its own pawn");
        r.play(&mut pos, &take);
        assert_eq!(
            crate::fen::vchess_fen(r, &pos),
            "7k/8/8/8/Jm3S2/8/8/K7 b 3 iiii - f4b4"
        );
        let b4 = r.geometry().square(1, 3).expect("b4");
        assert!(jailer_beside(&Game::new(Eightpieces), &pos, b4).is_some());
        // Jailed just after its push, the lancer may only turn in place.
        legal_moves(r, &mut pos, &mut list);
        let from_b4: Vec<&Move> = list.iter().filter(|m| m.intent.from == b4).collect();
        assert_eq!(from_b4.len(), 8);
        assert!(from_b4
            .iter()
            .all(|m| m.effect.appear.as_slice()[0].square == b4));
    }

    fn sans(fen: &str) -> Vec<String> {
        let r = rules();
        let mut pos = position(fen);
        let mut list = MoveList::new();
        legal_moves(r, &mut pos, &mut list);
        let mut out: Vec<String> = list
            .iter()
            .map(|m| crate::notation::san(r, &mut pos, m))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn a_jailed_king_passes_and_a_stuck_lancer_turns_in_place() {
        // The black king beside the white jailer: its one move, a pass.
        assert_eq!(sans("kJ6/8/8/8/8/8/8/7K b 3 iiii - -"), ["pass"]);
        // The c1 lancer faces south, off the board ("click on the
        // lancer"): it turns to each way onto the board, where it stands.
        let turns: Vec<String> = sans("7k/8/8/8/8/8/8/K1G5 w 3 iiii - -")
            .into_iter()
            .filter(|s| s.starts_with("Gc1"))
            .collect();
        assert_eq!(turns, ["Gc1=C", "Gc1=D", "Gc1=E", "Gc1=M", "Gc1=O"]);
        // Both names read back as the moves they name.
        let r = rules();
        for (fen, text) in [
            ("kJ6/8/8/8/8/8/8/7K b 3 iiii - -", "pass"),
            ("7k/8/8/8/8/8/8/K1G5 w 3 iiii - -", "Gc1=D"),
        ] {
            let mut pos = position(fen);
            let mv = crate::notation::parse_move(r, &mut pos, text).expect("a legal move");
            assert_eq!(crate::notation::san(r, &mut pos, &mv), text);
        }
    }
}
