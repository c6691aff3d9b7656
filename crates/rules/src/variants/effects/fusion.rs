//! Fusion: a knight, bishop or rook moving onto a friendly simple piece of
//! another kind (the king included) fuses with it ([`fused`]); an
//! unattacked compound may split, one component moving away under its own
//! powers to an empty square ([`fission_moves`]). A royal compound moving
//! more than one square may not pass through check (the cavalier king's
//! knight move: not when both squares it might pass are attacked). Pawns
//! promote to a rook, bishop or knight.
//!
//! The page decides four points against vchess: pawns do not promote to
//! a queen (fusion-pawn-queen); a king splitting off moves one step in any
//! direction (vchess: diagonal slides, each listed twice;
//! fusion-king-fission); a royal compound captures as either of its pieces
//! (vchess: only a king's step takes; fusion-royal-compound-captures); a
//! cavalier king's knight move passes the orthogonal and the diagonal step
//! (vchess tests another square for moves two files across;
//! fusion-cavalier-passed-squares).
//!
//! | letter | en | fr | es |
//! |---|---|---|---|
//! | m | marshall | maréchal | mariscal |
//! | d | paladin | paladin | paladín |
//! | f | pontiff | pontife | pontífice |
//! | g | dragon king | roi dragon | rey dragón |
//! | c | cavalier king | roi cavalier | rey caballero |

use super::twist::{is_castle, Twist, Twisted};
use crate::geometry::{DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL};
use crate::moves::{Effect, Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, Undo};
use crate::rules::Rules;
use crate::square::Square;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};

pub const MARSHALL: Kind = Kind(b'm');
pub const PALADIN: Kind = Kind(b'd');
pub const PONTIFF: Kind = Kind(b'f');
pub const DRAGON_KING: Kind = Kind(b'g');
pub const CAVALIER_KING: Kind = Kind(b'c');

/// The note of a fission (listings; notation names the piece that moves in
/// its coordinates, `Rd1d2`, apart from the compound's whole move `d1d2`).
pub const FISSION: &str = "fission";

/// The Fusion twist.
pub struct Fusion;

/// The Fusion rules.
pub fn rules() -> Twisted<Fusion> {
    let mut army = chess::army();
    army.push(PieceSpec::piece('m', "RN").named("marshall"));
    army.push(PieceSpec::piece('d', "BN").named("paladin"));
    for (letter, betza, name) in [
        ('f', "KB", "pontiff"),
        ('g', "KR", "dragon king"),
        ('c', "KN", "cavalier king"),
    ] {
        let mut royal = PieceSpec::piece(letter, betza).named(name);
        royal.royal = true;
        army.push(royal);
    }
    let promotions = vec![Kind::ROOK, Kind::BISHOP, Kind::KNIGHT];
    let spec = ChessLikeSpec {
        name: "Fusion".into(),
        armies: [army.clone(), army],
        promotions: [promotions.clone(), promotions],
        ..chess::spec()
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Fusion spec compiles"),
        Fusion,
    )
}

/// What a simple piece `mover` (knight, bishop, rook) makes by moving onto
/// a friendly simple piece `target` of another kind (king, knight, bishop,
/// rook); `None` when they may not combine.
pub fn fused(mover: Kind, target: Kind) -> Option<Kind> {
    let simple = [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP];
    if mover == target || !simple.contains(&mover) {
        return None;
    }
    Some(match (mover, target) {
        (m, Kind::KING) => match m {
            Kind::ROOK => DRAGON_KING,
            Kind::BISHOP => PONTIFF,
            _ => CAVALIER_KING,
        },
        (Kind::ROOK, Kind::KNIGHT) | (Kind::KNIGHT, Kind::ROOK) => MARSHALL,
        (Kind::BISHOP, Kind::KNIGHT) | (Kind::KNIGHT, Kind::BISHOP) => PALADIN,
        (Kind::ROOK, Kind::BISHOP) | (Kind::BISHOP, Kind::ROOK) => Kind::QUEEN,
        _ => return None,
    })
}

/// The steps of a simple kind and whether it slides.
fn steps(kind: Kind) -> (&'static [(i8, i8)], bool) {
    match kind {
        Kind::ROOK => (&ORTHOGONAL, true),
        Kind::BISHOP => (&DIAGONAL, true),
        Kind::KNIGHT => (&KNIGHT_LEAPS, false),
        _ => (&KING_STEPS, false),
    }
}

/// The squares `kind` reaches from `from` (empty ones, and the first
/// occupied one of each line, reported with `occupied`).
fn reach(
    pos: &Position,
    base: &ChessLike,
    from: Square,
    kind: Kind,
    f: &mut dyn FnMut(Square, bool),
) {
    let g = base.geometry();
    let (dirs, slides) = steps(kind);
    for &step in dirs {
        let mut at = from;
        while let Some(next) = g.offset_by(at, step) {
            let occupied = !pos.board.cell(next).is_empty();
            f(next, occupied);
            if occupied || !slides {
                break;
            }
            at = next;
        }
    }
}

/// Fusions of the side to move: a knight, bishop or rook onto a friendly
/// piece it may combine with.
pub fn fusion_moves(base: &ChessLike, pos: &Position, out: &mut MoveList) {
    let us = pos.turn();
    for (from, piece) in pos.board.pieces().filter(|(_, p)| p.color == us) {
        if fused(piece.kind, Kind::KING).is_none() {
            continue;
        }
        reach(pos, base, from, piece.kind, &mut |to, occupied| {
            let Some(target) = occupied.then(|| pos.board.cell(to).piece(us)).flatten() else {
                return;
            };
            if let Some(kind) = fused(piece.kind, target.kind) {
                let mut mv = Move::simple(from, to, piece, None, None);
                let mut effect = Effect::default();
                effect.vanish.push(from, piece);
                effect.vanish.push(to, target);
                effect.appear.push(to, Piece::new(us, kind));
                mv.effect = effect;
                mv.intent.promotion = Some(kind);
                out.push(mv);
            }
        });
    }
}

/// The components of a compound: (moving away, staying) pairs.
fn components(kind: Kind) -> &'static [(Kind, Kind)] {
    match kind {
        MARSHALL => &[(Kind::ROOK, Kind::KNIGHT), (Kind::KNIGHT, Kind::ROOK)],
        PALADIN => &[(Kind::BISHOP, Kind::KNIGHT), (Kind::KNIGHT, Kind::BISHOP)],
        Kind::QUEEN => &[(Kind::BISHOP, Kind::ROOK), (Kind::ROOK, Kind::BISHOP)],
        PONTIFF => &[(Kind::KING, Kind::BISHOP), (Kind::BISHOP, Kind::KING)],
        DRAGON_KING => &[(Kind::KING, Kind::ROOK), (Kind::ROOK, Kind::KING)],
        CAVALIER_KING => &[(Kind::KING, Kind::KNIGHT), (Kind::KNIGHT, Kind::KING)],
        _ => &[],
    }
}

/// Fissions of the side to move: an unattacked compound leaves one
/// component on its square and moves the other, as that piece moves, to an
/// empty square (a king one step in any direction).
pub fn fission_moves(base: &ChessLike, pos: &Position, out: &mut MoveList) {
    let us = pos.turn();
    for (from, piece) in pos.board.pieces().filter(|(_, p)| p.color == us) {
        let parts = components(piece.kind);
        if parts.is_empty() || base.square_attacked(pos, from, us.opposite()) {
            continue;
        }
        for &(moving, staying) in parts {
            reach(pos, base, from, moving, &mut |to, occupied| {
                if occupied {
                    return;
                }
                let mut mv = Move::simple(from, to, Piece::new(us, moving), None, None);
                let mut effect = Effect::default();
                effect.vanish.push(from, piece);
                effect.appear.push(to, Piece::new(us, moving));
                effect.appear.push(from, Piece::new(us, staying));
                mv.effect = effect;
                out.push(mv);
            });
        }
    }
}

/// Whether a royal compound's move of more than one square passes through
/// check: a slide over an attacked square, a knight move whose two
/// possible passed squares are both attacked.
fn through_check(base: &ChessLike, pos: &Position, mv: &Move) -> bool {
    let g = base.geometry();
    let (from, to) = (mv.intent.from, mv.intent.to);
    let them = mv.color().opposite();
    let df = i32::from(g.file(to)) - i32::from(g.file(from));
    let dr = i32::from(g.rank(to)) - i32::from(g.rank(from));
    let attacked = |s: Option<Square>| s.is_some_and(|s| base.square_attacked(pos, s, them));
    if df.abs() <= 1 && dr.abs() <= 1 {
        return false;
    }
    if df != 0 && dr != 0 && df.abs() != dr.abs() {
        // A knight's move: one step along its long side, or diagonally.
        let (sf, sr) = (df.signum(), dr.signum());
        let straight = if df.abs() == 2 { (sf, 0) } else { (0, sr) };
        return attacked(g.offset(from, straight.0, straight.1))
            && attacked(g.offset(from, sf, sr));
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut at = g.offset(from, sf, sr);
    while let Some(s) = at.filter(|s| *s != to) {
        if attacked(Some(s)) {
            return true;
        }
        at = g.offset(s, sf, sr);
    }
    false
}

impl Twist for Fusion {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        let compound_royal = [PONTIFF, DRAGON_KING, CAVALIER_KING];
        let mut kept = start;
        for i in start..out.len() {
            let mv = out[i];
            let royal = compound_royal.contains(&mv.intent.piece.kind);
            // A king step and a slide of one square are one move.
            if royal && (through_check(base, pos, &mv) || out[start..kept].contains(&mv)) {
                continue;
            }
            out[kept] = mv;
            kept += 1;
        }
        out.truncate(kept);
        fusion_moves(base, pos, out);
        fission_moves(base, pos, out);
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        // Only a fission leaves a piece of the mover's on the origin.
        let from = mv.intent.from;
        let stays = mv
            .effect
            .appear
            .as_slice()
            .iter()
            .any(|a| a.square == from && a.piece.color == mv.color());
        (stays && !is_castle(mv) && mv.intent.to != from).then_some(FISSION)
    }

    fn play(&self, base: &ChessLike, pos: &mut Position, mv: &Move) -> Undo {
        let undo = base.play(pos, mv);
        // A king that fused may no longer castle.
        let us = mv.color();
        let king_fused = !is_castle(mv)
            && mv
                .effect
                .vanish
                .as_slice()
                .iter()
                .any(|v| v.piece == Piece::new(us, Kind::KING) && v.square != mv.intent.from);
        if king_fused {
            pos.state.castling.lose_all(us);
        }
        undo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(fen: &str) -> Vec<String> {
        crate::legal::sorted_coordinates(&rules(), fen)
    }

    /// Each legal move as `from to / what appears where`, sorted
    /// (`d1a1/a1rd1n`: the rook splits off to a1, the knight stays).
    fn shapes(fen: &str) -> Vec<String> {
        use crate::{legal, validate, MoveList};
        let r = rules();
        let g = r.geometry();
        let mut pos = validate::position_from_fen(&r, fen).unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let mut out: Vec<String> = list
            .iter()
            .map(|m| {
                let mut s = g.square_name(m.intent.from) + &g.square_name(m.intent.to) + "/";
                for a in m.effect.appear.as_slice() {
                    s += &g.square_name(a.square);
                    s.push(a.piece.kind.0 as char);
                }
                s
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn a_rook_fuses_with_a_knight_into_a_marshall() {
        // Moves from the vchess oracle: Ra1-b1 makes a marshall on b1.
        let want = [
            "a1a2/a2r", "a1a3/a3r", "a1a4/a4r", "a1a5/a5r", "a1a6/a6r", "a1a7/a7r", "a1a8/a8r",
            "a1b1/b1m", "b1a3/a3n", "b1c3/c3n", "b1d2/d2n", "e1d1/d1k", "e1d2/d2k", "e1e2/e2k",
            "e1f1/f1k", "e1f2/f2k",
        ];
        assert_eq!(shapes("4k3/8/8/8/8/8/8/RN2K3 w 10 iiii -"), want);
    }

    #[test]
    fn an_unattacked_marshall_splits_into_rook_and_knight() {
        // Moves from the vchess oracle: each move of the marshall, and
        // each of its rook (the knight staying) and knight (the rook
        // staying) to an empty square.
        let want = [
            "d1a1/a1m",
            "d1a1/a1rd1n",
            "d1b1/b1m",
            "d1b1/b1rd1n",
            "d1b2/b2m",
            "d1b2/b2nd1r",
            "d1c1/c1m",
            "d1c1/c1rd1n",
            "d1c3/c3m",
            "d1c3/c3nd1r",
            "d1d2/d2m",
            "d1d2/d2rd1n",
            "d1d3/d3m",
            "d1d3/d3rd1n",
            "d1d4/d4m",
            "d1d4/d4rd1n",
            "d1d5/d5m",
            "d1d5/d5rd1n",
            "d1d6/d6m",
            "d1d6/d6rd1n",
            "d1d7/d7m",
            "d1d7/d7rd1n",
            "d1d8/d8m",
            "d1d8/d8rd1n",
            "d1e3/e3m",
            "d1e3/e3nd1r",
            "d1f2/f2m",
            "d1f2/f2nd1r",
            "e1d2/d2k",
            "e1e2/e2k",
            "e1f1/f1k",
            "e1f2/f2k",
        ];
        assert_eq!(shapes("4k3/8/8/8/8/8/8/3MK3 w 10 iiii -"), want);
        // Attacked (the rook on d8), it cannot split.
        assert!(!shapes("3rk3/8/8/8/8/8/8/3MK3 w 10 iiii -")
            .iter()
            .any(|m| m.len() > 8));
    }

    #[test]
    fn a_king_splits_off_one_step_in_any_direction() {
        // The page: "A King which separates from a piece must move away as
        // a King moves" (vchess slides it diagonally: fusion-king-fission).
        let kings: Vec<String> = shapes("2k5/8/8/8/8/8/8/6G1 w 10 iiii -")
            .into_iter()
            .filter(|m| m.ends_with("g1r") || m.contains("kg1r"))
            .collect();
        assert_eq!(
            kings,
            [
                "g1f1/f1kg1r",
                "g1f2/f2kg1r",
                "g1g2/g2kg1r",
                "g1h1/h1kg1r",
                "g1h2/h2kg1r"
            ]
        );
    }

    #[test]
    fn pawns_promote_to_rook_bishop_or_knight() {
        let got = shapes("4k3/P7/8/8/8/8/8/4K3 w 10 iiii -");
        let promotions: Vec<&String> = got.iter().filter(|m| m.starts_with("a7")).collect();
        assert_eq!(promotions, ["a7a8/a8b", "a7a8/a8n", "a7a8/a8r"]);
    }

    #[test]
    fn a_royal_slide_takes_but_does_not_pass_through_check() {
        // Gxa1 along the rank (vchess lists no such capture:
        // fusion-royal-compound-captures); with a black rook on c2
        // guarding c1 the slide to a1 or b1 would cross check.
        assert!(shapes("4k3/8/8/8/8/8/7b/n5G1 w 10 iiii -").contains(&"g1a1/a1g".to_string()));
        let blocked = shapes("4k3/8/8/8/8/8/2r4b/n5G1 w 10 iiii -");
        assert!(!blocked
            .iter()
            .any(|m| m.starts_with("g1a1") || m.starts_with("g1b1")));
        assert!(blocked.contains(&"g1d1/d1g".to_string()));
    }

    #[test]
    fn the_fusion_table() {
        assert_eq!(fused(Kind::BISHOP, Kind::KING), Some(PONTIFF));
        assert_eq!(fused(Kind::ROOK, Kind::KNIGHT), Some(MARSHALL));
        assert_eq!(fused(Kind::ROOK, Kind::BISHOP), Some(Kind::QUEEN));
        assert_eq!(fused(Kind::KNIGHT, Kind::KNIGHT), None);
        assert_eq!(fused(Kind::KING, Kind::ROOK), None);
        assert_eq!(fused(Kind::ROOK, Kind::QUEEN), None);
    }

    #[test]
    fn page_diagram_the_cavalier_king_goes_to_c8_only() {
        // rules/Fusion: "the Cavalier King only non-splitting move as a
        // Knight is to c8. Indeed, a6 and b6 are under attack. b8 as well,
        // but not b7."
        use crate::{legal, notation, validate, MoveList};
        let r = rules();
        let fen = "r3br2/c2p4/1pd2pqp/p1B5/1D1P1QP1/8/PPP1P2P/2RG2N1 b 30 iiii -";
        let mut pos = validate::position_from_fen(&r, fen).unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        let knight: Vec<String> = list
            .iter()
            .filter(|m| m.effect.appear.len() == 1)
            .map(|m| notation::coordinate(&r, m))
            .filter(|m| m.starts_with("a7") && ["b5", "c6", "c8"].contains(&&m[2..4]))
            .collect();
        assert_eq!(knight, ["a7c8"]);
        assert!(
            moves(fen).contains(&"Na7b5".to_string()),
            "the knight splits off to b5"
        );
    }
}
