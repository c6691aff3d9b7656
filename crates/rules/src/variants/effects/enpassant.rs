//! En passant chess: every piece that makes a multi-step move can be taken
//! en passant, right after the move, by an enemy piece guarding a square it
//! passed; the piece moves to that square and the passer vanishes. Knights
//! are knightriders (`NN`), a king also takes en passant with a knight's
//! step, and no capture is allowed on either side's first move.
//!
//! The squares passed ([`passed_squares`]) are kept as the first of them and
//! the landing square in `State::variant` (bits 32 and 48, each plus one),
//! and vchess's en-passant field spells them the same way: `a2a4` after a
//! rook's a1-a4, `e3e4` after e2-e4, one square after a knight's single
//! jump (nothing was passed).
//!
//! The page decides two points against vchess (deviations
//! enpassant-pawn-push-takes and enpassant-pawn-promotes): a pawn's step
//! forward guards nothing, so a promotion onto a passed square takes
//! nothing (vchess takes the passer); a pawn taking en passant on its last
//! rank promotes as any pawn there does (vchess leaves it a pawn).

use super::twist::{is_castle, Twist, Twisted};
use crate::color::Color;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::Rules;
use crate::square::Square;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, FenFields};

/// The Enpassant twist.
pub struct Enpassant;

/// `State::variant` bits of the last move's path: its first square plus
/// one at bit 32, its landing square plus one at bit 48. The low 32 bits
/// are the chess-like base's.
const PATH_SHIFT: u32 = 32;

/// The Enpassant rules: chess with knightriders and general en passant.
pub fn rules() -> Twisted<Enpassant> {
    let mut spec = ChessLikeSpec {
        name: "Enpassant".into(),
        fen: FenFields {
            en_passant: Some(true),
            ..Default::default()
        },
        ..chess::spec()
    };
    for army in &mut spec.armies {
        for piece in army.iter_mut().filter(|p| p.letter == 'n') {
            piece.betza = "NN".into();
            piece.name = Some("knightrider".into());
        }
    }
    Twisted::new(
        ChessLike::new(spec).expect("the Enpassant spec compiles"),
        Enpassant,
    )
}

/// The last move's path: its first square and its landing square.
fn path(state: &State) -> Option<(Square, Square)> {
    let first = ((state.variant >> PATH_SHIFT) & 0xffff) as u16;
    let last = ((state.variant >> (PATH_SHIFT + 16)) & 0xffff) as u16;
    (first != 0 && last != 0).then(|| (Square(first - 1), Square(last - 1)))
}

fn set_path(state: &mut State, path: Option<(Square, Square)>) {
    state.variant &= 0xffff_ffff;
    if let Some((first, last)) = path {
        state.variant |= (u64::from(first.0) + 1) << PATH_SHIFT;
        state.variant |= (u64::from(last.0) + 1) << (PATH_SHIFT + 16);
    }
}

/// The unit step from `from` towards `to`: a knight's step when the two
/// are a knight's line apart (not on a rank, file or diagonal), else one
/// square along the line; `None` when `to` is on no such line.
fn unit_step(g: &Geometry, from: Square, to: Square) -> Option<(i32, i32)> {
    let df = i32::from(g.file(to)) - i32::from(g.file(from));
    let dr = i32::from(g.rank(to)) - i32::from(g.rank(from));
    if df != 0 && dr != 0 && df.abs() != dr.abs() {
        let n = df.abs().min(dr.abs());
        let step = (df / n, dr / n);
        let knight = step.0.abs().min(step.1.abs()) == 1 && step.0.abs().max(step.1.abs()) == 2;
        return (step.0 * n == df && step.1 * n == dr && knight).then_some(step);
    }
    Some((df.signum(), dr.signum()))
}

/// The squares a piece passed on a path from `first` to its landing square
/// `last` (`first` included, `last` not: none when they are one square).
pub fn passed_squares(g: &Geometry, first: Square, last: Square) -> Vec<Square> {
    let mut out = Vec::new();
    let Some((sf, sr)) = unit_step(g, first, last) else {
        return out;
    };
    let mut at = first;
    while at != last {
        out.push(at);
        match g.offset(at, sf, sr) {
            Some(next) => at = next,
            None => return Vec::new(),
        }
    }
    out
}

/// The squares the last move's piece passed, where the side to move may
/// take it en passant (none after a king's move, a step or a jump).
pub fn passed_now(g: &Geometry, state: &State) -> Vec<Square> {
    path(state).map_or_else(Vec::new, |(first, last)| passed_squares(g, first, last))
}

/// The path `mv` leaves: none for a king, castling or a one-square step;
/// else the first square after its start and its landing square.
fn path_of(g: &Geometry, mv: &Move) -> Option<(Square, Square)> {
    let (from, to) = (mv.intent.from, mv.intent.to);
    if mv.intent.piece.kind == Kind::KING || is_castle(mv) || mv.is_drop() {
        return None;
    }
    let df = i32::from(g.file(to)) - i32::from(g.file(from));
    let dr = i32::from(g.rank(to)) - i32::from(g.rank(from));
    if df.abs() <= 1 && dr.abs() <= 1 {
        return None;
    }
    let (sf, sr) = if mv.intent.piece.kind == Kind::KNIGHT {
        let n = df.abs().min(dr.abs()).max(1);
        (df / n, dr / n)
    } else {
        (df.signum(), dr.signum())
    };
    let first = g.offset(from, sf, sr)?;
    Some((first, to))
}

/// The passer's square and piece, and the squares it passed, when the
/// side to move may take it en passant.
fn passer(g: &Geometry, pos: &Position) -> Option<(Square, Piece, Vec<Square>)> {
    let (first, last) = path(&pos.state)?;
    let victim = pos.board.cell(last).piece(pos.turn().opposite())?;
    let passed = passed_squares(g, first, last);
    (!passed.is_empty()).then_some((last, victim, passed))
}

/// Makes `mv` take the passer on `at` as well.
fn take_passer(mv: &mut Move, at: Square, victim: Piece) {
    mv.effect.vanish.push(at, victim);
    mv.intent.capture = true;
    mv.intent.kind = MoveKind::EnPassant;
}

/// The en-passant captures of the side to move: pieces' quiet moves onto
/// a passed square take the passer (a pawn's step forward guards
/// nothing), and two new shapes: a pawn's diagonal step and a king's
/// knight step onto a passed square.
pub fn en_passant_moves(base: &ChessLike, pos: &Position, out: &mut MoveList, start: usize) {
    let g = base.geometry();
    let Some((at, victim, passed)) = passer(g, pos) else {
        return;
    };
    let us = pos.turn();
    for mv in &mut out[start..] {
        let quiet = mv.effect.vanish.len() == 1 && !mv.intent.capture;
        if quiet && mv.intent.piece.kind != Kind::PAWN && passed.contains(&mv.intent.to) {
            take_passer(mv, at, victim);
        }
    }
    let forward = if us == Color::White { 1 } else { -1 };
    for &sq in &passed {
        for df in [-1, 1] {
            let Some(from) = g.offset(sq, df, -forward) else {
                continue;
            };
            let Some(pawn) = pos
                .board
                .cell(from)
                .piece(us)
                .filter(|p| p.kind == Kind::PAWN)
            else {
                continue;
            };
            let last_rank = g.relative_rank(sq, us) == g.rows() - 1;
            let promotions: Vec<Option<Kind>> = if last_rank {
                base.promotions(us).iter().map(|&k| Some(k)).collect()
            } else {
                vec![None]
            };
            for promotion in promotions {
                let mut mv = Move::simple(from, sq, pawn, None, promotion);
                take_passer(&mut mv, at, victim);
                out.push(mv);
            }
        }
    }
    for king_at in pos.board.royals(us).iter() {
        let Some(king) = pos.board.cell(king_at).piece(us) else {
            continue;
        };
        for (df, dr) in KNIGHT_STEPS {
            if let Some(to) = g.offset(king_at, df, dr).filter(|s| passed.contains(s)) {
                let mut mv = Move::simple(king_at, to, king, None, None);
                take_passer(&mut mv, at, victim);
                out.push(mv);
            }
        }
    }
}

const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

impl Twist for Enpassant {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        en_passant_moves(base, pos, out, start);
        // Knightriders could take, even mate, on the first move: no
        // capture is allowed before each side has moved once (the page).
        if pos.state.plies < 2 {
            let mut kept = start;
            for i in start..out.len() {
                if out[i].effect.vanish.len() == 1 {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
    }

    fn play(&self, base: &ChessLike, pos: &mut Position, mv: &Move) -> Undo {
        let undo = base.play(pos, mv);
        // The base's en-passant square is replaced by the path.
        pos.state.en_passant = None;
        let path = if mv.intent.continues {
            None
        } else {
            path_of(base.geometry(), mv)
        };
        set_path(&mut pos.state, path);
        undo
    }

    fn read_en_passant(
        &self,
        base: &ChessLike,
        text: &str,
        _board: &crate::Board,
        state: &mut State,
    ) -> Option<bool> {
        Some(read_path(base.geometry(), text, state))
    }

    fn write_en_passant(&self, base: &ChessLike, pos: &Position) -> Option<String> {
        let g = base.geometry();
        Some(match path(&pos.state) {
            None => "-".into(),
            Some((first, last)) if first == last => g.square_name(last),
            Some((first, last)) => g.square_name(first) + &g.square_name(last),
        })
    }
}

/// Reads vchess's field: `-`, one square (a path of its landing square
/// alone), or the first square and the landing square, on one line.
fn read_path(g: &Geometry, text: &str, state: &mut State) -> bool {
    state.en_passant = None;
    set_path(state, None);
    if text == "-" {
        return true;
    }
    let split = text
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic())
        .map(|(i, _)| i);
    let (first, last) = match split {
        None => (text, text),
        Some(i) => text.split_at(i),
    };
    let (Some(first), Some(last)) = (g.parse_square(first), g.parse_square(last)) else {
        return false;
    };
    if first != last && passed_squares(g, first, last).is_empty() {
        return false;
    }
    set_path(state, Some((first, last)));
    true
}

#[cfg(test)]
mod tests {
    use crate::{legal, notation, validate, MoveList, Rules};

    /// Each legal move in coordinates, with the squares where enemy pieces
    /// vanish when that is not its destination (`g7e5:d7`).
    fn moves(fen: &str) -> Vec<String> {
        let r = super::rules();
        let mut pos = validate::position_from_fen(&r, fen).unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let g = r.geometry();
        let mut out: Vec<String> = list
            .iter()
            .map(|m| {
                let mut s = notation::coordinate(&r, m);
                for sq in m.capture_squares().filter(|sq| *sq != m.intent.to) {
                    s.push(':');
                    s.push_str(&g.square_name(sq));
                }
                s
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn page_diagram_the_king_takes_the_rook_en_passant() {
        // rules/Enpassant: after 1...Rb2-d2+ "this is not a mate since the
        // king can capture the rook en passant on c2" (the rook passed c2).
        let fen = "6k1/1p1p4/6p1/4P3/2n5/3nP1b1/3r1BP1/R2K1R1B w 20 iiii c2d2";
        assert_eq!(moves(fen), ["d1c2:d2"]);
        let r = super::rules();
        let pos = validate::position_from_fen(&r, fen).unwrap();
        assert_eq!(crate::fen::vchess_fen(&r, &pos), fen);
    }

    #[test]
    fn page_diagram_the_bishop_takes_a_knightrider_en_passant() {
        // rules/Enpassant: "If 3.Nxd7, 3...Bxe5 e.p. is possible": the
        // knightrider went g1-f3-e5-d7 (moves from the vchess oracle).
        let fen = "rnbqk1nr/pppNppbp/6p1/8/8/2NP4/PPP1PPPP/R1BQKB1R b 5 ahah f3d7";
        let got = moves(fen);
        assert_eq!(got.len(), 31);
        let captures: Vec<&str> = got
            .iter()
            .map(String::as_str)
            .filter(|m| {
                m.contains(':') || ["b8d7", "b8e2", "c8d7", "d8d7", "e8d7", "g7c3"].contains(m)
            })
            .collect();
        assert_eq!(
            captures,
            ["b8d7", "b8e2", "c8d7", "d8d7", "e8d7", "g7c3", "g7e5:d7"]
        );
    }

    #[test]
    fn no_capture_on_the_first_move() {
        // rules/Enpassant: "1.Nxe7 is mate [...] captures are disabled at
        // move 1" (the third diagram: 23 moves, none a capture).
        let got = moves("nbqnbrkr/pppppppp/8/8/8/8/PPPPPPPP/RNKBQNBR w 0 iiii -");
        assert_eq!(got.len(), 23);
        assert!(!got.iter().any(|m| m == "d1e3" || m.ends_with("e7")));
    }

    #[test]
    fn a_pawn_push_onto_a_passed_square_takes_nothing() {
        // The rook went a8-c8 past b8; b7-b8 guards nothing there (vchess
        // also takes the rook: deviation enpassant-pawn-push-takes).
        let got = moves("2r1k3/1P6/8/8/8/8/8/4K3 w 11 iiii b8c8");
        let want = [
            "b7b8b", "b7b8n", "b7b8q", "b7b8r", "b7c8b", "b7c8n", "b7c8q", "b7c8r", "e1d1", "e1d2",
            "e1e2", "e1f1", "e1f2",
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn a_pawn_taking_en_passant_on_its_last_rank_promotes() {
        // The rook went f8-b8 past e8, d8, c8: b7xc8 e.p. takes it and
        // promotes (vchess leaves a pawn: deviation enpassant-pawn-promotes).
        let got = moves("1r6/1P6/8/8/8/8/8/k3K3 w 11 iiii e8b8");
        let want = [
            "b7c8b:b8", "b7c8n:b8", "b7c8q:b8", "b7c8r:b8", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn a_knight_jump_passes_nothing_and_a_king_leaves_no_path() {
        // After Ng1-f3 the field is f3 alone; after a king's step, `-`.
        let r = super::rules();
        let mut pos = validate::position_from_fen(
            &r,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -",
        )
        .unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let nf3 = *list
            .iter()
            .find(|m| notation::coordinate(&r, m) == "g1f3")
            .unwrap();
        r.play(&mut pos, &nf3);
        assert!(crate::fen::vchess_fen(&r, &pos).ends_with(" f3"));
        assert!(validate::position_from_fen(&r, "4k3/8/8/8/8/8/8/4K3 w 4 iiii a1c8").is_err());
    }
}
