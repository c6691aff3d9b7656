//! Fullcavalry: chess with lancers (Eightpieces') instead of rooks. A
//! lancer slides in the one direction it faces, over its own pieces, and
//! takes the first enemy on its line; after moving it faces any way that
//! does not point off the board. Pawns promote to a lancer facing into the
//! board, a knight, a bishop or a queen. Castling moves a lancer over what
//! stands between (it may then turn to face the board). vchess forbids
//! captures, and judges no check, in the first two plies.
//!
//! A lancer is a kind per direction: `c d e f g h m o` face N, NE, E, SE,
//! S, SW, W, NW, whichever its color.

use super::base::{piece_at, retain_from, Cfg, Game, Hooks};
use crate::castling::generous_rights;
use crate::color::Color;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::square::Square;

/// The lancer kinds and the direction each faces, `(files, ranks)`.
pub const LANCERS: [(Kind, (i8, i8)); 8] = [
    (Kind(b'c'), (0, 1)),
    (Kind(b'd'), (1, 1)),
    (Kind(b'e'), (1, 0)),
    (Kind(b'f'), (1, -1)),
    (Kind(b'g'), (0, -1)),
    (Kind(b'h'), (-1, -1)),
    (Kind(b'm'), (-1, 0)),
    (Kind(b'o'), (-1, 1)),
];

/// Lancers facing into the board from the White side (rank 1) and from
/// the Black side (rank 8): what a castling lancer or a promotion may face.
const FROM_RANK_1: [Kind; 5] = [Kind(b'c'), Kind(b'd'), Kind(b'e'), Kind(b'm'), Kind(b'o')];
const FROM_RANK_8: [Kind; 5] = [Kind(b'e'), Kind(b'f'), Kind(b'g'), Kind(b'h'), Kind(b'm')];

/// Fullcavalry's hooks.
pub struct Fullcavalry;

/// The direction a lancer kind faces.
pub fn lancer_dir(kind: Kind) -> Option<(i8, i8)> {
    LANCERS.iter().find(|(k, _)| *k == kind).map(|(_, d)| *d)
}

/// The lancers a piece on `color`'s side of the board may face on arrival
/// at the far (promotion) or near (castling) rank.
pub fn facing_in(rank_is_top: bool) -> [Kind; 5] {
    if rank_is_top {
        FROM_RANK_8
    } else {
        FROM_RANK_1
    }
}

/// The squares the lancer on `from` reaches along `(df, dr)`: each empty
/// square, passing over pieces not of `prey`'s side, up to and including
/// the first piece of `prey`'s (which it takes). Eightpieces' pushed lancer
/// hunts its own side, so the prey is a parameter.
pub fn lancer_line<H: Hooks>(
    g: &Game<H>,
    pos: &Position,
    from: Square,
    (df, dr): (i8, i8),
    prey: Color,
    mut reach: impl FnMut(Square),
) {
    let mut t = g.off(from, df, dr);
    while let Some(s) = t {
        match piece_at(pos, s) {
            None => reach(s),
            Some(o) if o.color == prey => {
                reach(s);
                return;
            }
            Some(_) => {}
        }
        t = g.off(s, df, dr);
    }
}

/// The moves of the lancer `p` on `from` along `dir` (taking the enemy),
/// each ending in every orientation that points at a square of the board.
pub fn lancer_moves_along<H: Hooks>(
    g: &Game<H>,
    pos: &Position,
    from: Square,
    p: Piece,
    dir: (i8, i8),
    out: &mut MoveList,
) {
    lancer_line(g, pos, from, dir, p.color.opposite(), |s| {
        for (k, (kf, kr)) in LANCERS {
            if g.off(s, kf, kr).is_some() {
                out.push(g.basic(pos, from, s, Some(Piece::new(p.color, k))));
            }
        }
    });
}

/// The moves of the lancer on `from`: along its line (over friends), each
/// ending in every orientation that points at a square of the board.
pub fn lancer_moves<H: Hooks>(
    g: &Game<H>,
    pos: &Position,
    from: Square,
    p: Piece,
    out: &mut MoveList,
) {
    if let Some(dir) = lancer_dir(p.kind) {
        lancer_moves_along(g, pos, from, p, dir, out);
    }
}

/// Chess moves, but a pawn's rook promotion becomes lancer promotions and
/// a castling lancer that moved may turn to face the board.
fn reshape(g: &Game<Fullcavalry>, list: &MoveList, out: &mut MoveList) {
    for mv in list {
        let us = mv.color();
        if mv.intent.promotion == Some(Kind::ROOK) {
            let top = us == Color::White;
            for k in facing_in(top) {
                let mut m = *mv;
                m.intent.promotion = Some(k);
                set_appear(&mut m, 0, Piece::new(us, k));
                out.push(m);
            }
            continue;
        }
        if let MoveKind::Castle { rook_from, rook_to } = mv.intent.kind {
            if rook_from != rook_to {
                let top = g.g.rank(rook_to) == g.g.rows() - 1;
                let facing = mv.effect.appear.as_slice().get(1).map(|a| a.piece.kind);
                for k in facing_in(top) {
                    let mut m = *mv;
                    set_appear(&mut m, 1, Piece::new(us, k));
                    // A lancer that turns names its new way in the move
                    // (`O-O/Ef1`, `e1g1e/f1`), as a castling's gated piece is
                    // named in Schess: five castlings, five names. One that
                    // keeps its way is the plain `O-O` (the page's "0-0 (no
                    // reorientation)").
                    if Some(k) != facing {
                        m.intent.promotion = Some(k);
                    }
                    out.push(m);
                }
                continue;
            }
        }
        out.push(*mv);
    }
}

/// Replaces the piece of the `i`th appearing placement.
pub fn set_appear(mv: &mut Move, i: usize, piece: Piece) {
    let mut appear = crate::moves::Placements::default();
    for (j, a) in mv.effect.appear.as_slice().iter().enumerate() {
        appear.push(a.square, if j == i { piece } else { a.piece });
    }
    mv.effect.appear = appear;
}

/// Whether a lancer of `by` on a line from `sq` over empty squares and
/// `by`'s own pieces attacks it: `aims(square, lancer, step)` says whether
/// the lancer there, seen from `sq` along `step`, reaches back.
pub fn lancer_attacks_where<H: Hooks>(
    g: &Game<H>,
    pos: &Position,
    sq: Square,
    by: Color,
    aims: &dyn Fn(Square, Piece, (i8, i8)) -> bool,
) -> bool {
    LANCERS.iter().any(|&(_, (df, dr))| {
        let mut t = g.off(sq, df, dr);
        while let Some(s) = t {
            match piece_at(pos, s) {
                Some(p) if p.color != by => return false,
                Some(p) if lancer_dir(p.kind).is_some() && aims(s, p, (df, dr)) => return true,
                _ => {}
            }
            t = g.off(s, df, dr);
        }
        false
    })
}

/// Whether a lancer of `by` aims at `sq` along a line of empty squares and
/// `by`'s own pieces (vchess's `isAttackedByLancer`).
fn lancer_attacks(g: &Game<Fullcavalry>, pos: &Position, sq: Square, by: Color) -> bool {
    lancer_attacks_where(g, pos, sq, by, &|_, p, (df, dr)| {
        lancer_dir(p.kind) == Some((-df, -dr))
    })
}

impl Hooks for Fullcavalry {
    const CASTLE_ROOK_PATH_FREE: bool = false;

    fn cfg(&self) -> Cfg {
        Cfg {
            start_fen: "enbqkbnm/pppppppp/8/8/8/8/PPPPPPPP/ENBQKBNM w 0 ahah -",
            extra: "cdefghmo",
            ..Cfg::chess("Fullcavalry")
        }
    }

    fn moves_from(g: &Game<Self>, pos: &Position, sq: Square, out: &mut MoveList) {
        let Some(p) = piece_at(pos, sq) else { return };
        let first = out.len();
        if lancer_dir(p.kind).is_some() {
            lancer_moves(g, pos, sq, p, out);
        } else {
            let mut list = MoveList::new();
            g.chess_moves_from(pos, sq, &mut list);
            reshape(g, &list, out);
        }
        // vchess allows no capture (nor castling) in the first two plies.
        if pos.state.plies < 2 {
            retain_from(out, first, |m| m.effect.vanish.len() == 1);
        }
    }

    fn attacked(g: &Game<Self>, pos: &Position, sq: Square, by: Color) -> bool {
        g.chess_attacked(pos, sq, by) || lancer_attacks(g, pos, sq, by)
    }

    fn illegal_after(g: &Game<Self>, pos: &Position, mover: Color) -> bool {
        // No check is judged in the first two plies (`plies` counts the move).
        pos.state.plies > 2 && Self::under_check(g, pos, mover)
    }

    fn complete_diagram(g: &Game<Self>, pos: &mut Position) {
        // A board-only diagram shows a game under way: vchess's ban on
        // captures in the first two plies is over (a start position has
        // none to make anyway). It may castle with the outermost lancer on
        // each side of a king on its first rank (the page's castling pair).
        pos.state.plies = pos.state.plies.max(2);
        for color in Color::ALL {
            let lancer = |p: Piece| lancer_dir(p.kind).is_some();
            if let Some(rights) = generous_rights(&g.g, &pos.board, color, lancer) {
                pos.state.castling.0[color.index()] = rights;
            }
        }
    }

    fn piece_name(kind: Kind) -> Option<&'static str> {
        lancer_dir(kind).map(|_| "lancer")
    }
}
