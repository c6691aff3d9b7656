//! Koopa: a capture stuns instead of removing. The capturer bounces over its
//! victim in the direction of its move (a knight by its own leap) and over
//! every piece behind it, landing on the first empty square, or falling off
//! the board when there is none. Every piece bounced over that was not
//! stunned is stunned for four plies (letters `s u o c t l` for
//! `p r n b q k`): it cannot move. Taking a stunned piece kicks it off the
//! board with every piece behind it on the line; the capturer stays on its
//! square. Nothing is check: a king can be stunned, a side whose king is
//! kicked off has lost, and a move that loses one's own king is forbidden.
//!
//! The countdowns are per-square counters ([`crate::position::SquareCounters`]),
//! written in vchess's field after the flags (`e5 4,d6 3`); a stunned piece
//! without one (a diagram) counts as just stunned. A move's effect holds
//! what it removes and where the capturer lands; the stuns and the ends of
//! stuns are done by [`Koopa`]'s `play`, so no move needs more appearing
//! pieces than chess's.

use super::twist::{is_castle, Twist, Twisted};
use crate::color::Color;
use crate::fen::Field;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, FenFields, PieceSpec, Royalty};

/// Plies a freshly stunned piece stays stunned.
const STUN_PLIES: u8 = 4;

/// Each chess kind and its stunned form.
const STUNNED: [(u8, u8); 6] = [
    (b'p', b's'),
    (b'r', b'u'),
    (b'n', b'o'),
    (b'b', b'c'),
    (b'q', b't'),
    (b'k', b'l'),
];

/// The stunned form of a chess kind, if it has one.
fn stunned_kind(kind: Kind) -> Option<Kind> {
    STUNNED
        .iter()
        .find(|(k, _)| *k == kind.0)
        .map(|(_, s)| Kind(*s))
}

/// The chess kind of a stunned kind.
fn awake_kind(kind: Kind) -> Option<Kind> {
    STUNNED
        .iter()
        .find(|(_, s)| *s == kind.0)
        .map(|(k, _)| Kind(*k))
}

/// Whether `kind` is a stunned piece's.
pub fn is_stunned(kind: Kind) -> bool {
    awake_kind(kind).is_some()
}

/// The Koopa twist.
pub struct Koopa;

/// The Koopa rules: chess pieces and their stunned forms (which do not
/// move), castling without regard to attacks, no en passant.
pub fn rules() -> Twisted<Koopa> {
    let mut army = chess::army();
    let names: [(char, &str, &str, &str); 6] = [
        ('s', "stunned pawn", "pion étourdi", "peón aturdido"),
        ('u', "stunned rook", "tour étourdie", "torre aturdida"),
        (
            'o',
            "stunned knight",
            "cavalier étourdi",
            "caballo aturdido",
        ),
        ('c', "stunned bishop", "fou étourdi", "alfil aturdido"),
        ('t', "stunned queen", "dame étourdie", "dama aturdida"),
        ('l', "stunned king", "roi étourdi", "rey aturdido"),
    ];
    for (letter, en, fr, es) in names {
        let mut piece = PieceSpec::piece(letter, "").names(en, fr, es);
        // A stunned king is still the king: kicking it off loses.
        piece.royal = letter == 'l';
        army.push(piece);
    }
    let mut spec = ChessLikeSpec {
        name: "Koopa".into(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -".into(),
        armies: [army.clone(), army],
        fen: FenFields {
            en_passant: Some(false),
            ..Default::default()
        },
        ..chess::spec()
    };
    spec.wins.royalty = Royalty::None;
    Twisted::new(
        ChessLike::new(spec).expect("the Koopa spec compiles"),
        Koopa,
    )
}

/// The step of a move from `from` to `to` that a bounce goes on with: the
/// unit step of a line, a knight's whole leap.
fn bounce_step(base: &ChessLike, from: Square, to: Square) -> (i32, i32) {
    let g = base.geometry();
    let df = i32::from(g.file(to)) - i32::from(g.file(from));
    let dr = i32::from(g.rank(to)) - i32::from(g.rank(from));
    if df == 0 || dr == 0 || df.abs() == dr.abs() {
        return (df.signum(), dr.signum());
    }
    let divisor = df.abs().min(dr.abs());
    (df / divisor, dr / divisor)
}

/// The squares from `sq` (excluded) on along `step`, to the board's edge.
fn beyond(base: &ChessLike, sq: Square, step: (i32, i32)) -> impl Iterator<Item = Square> + '_ {
    let g = base.geometry();
    std::iter::successors(g.offset(sq, step.0, step.1), move |s| {
        g.offset(*s, step.0, step.1)
    })
}

/// Whether the capture `mv` kicks: its victim is stunned.
fn kicks(pos: &Position, mv: &Move) -> bool {
    pos.board
        .cell(mv.intent.to)
        .single()
        .is_some_and(|p| is_stunned(p.kind))
}

/// The capture `mv` as Koopa plays it, pushed to `out`: a kick, or a bounce
/// (once per promotion when a pawn lands on its last rank).
fn bounce_moves(base: &ChessLike, pos: &Position, mv: &Move, out: &mut Vec<Move>) {
    let step = bounce_step(base, mv.intent.from, mv.intent.to);
    let mut mv = *mv;
    if kicks(pos, &mv) {
        for sq in beyond(base, mv.intent.to, step) {
            for p in pos.board.cell(sq).pieces() {
                mv.effect.vanish.push(sq, p);
            }
        }
        out.push(mv);
        return;
    }
    let landing = std::iter::once(mv.intent.to)
        .chain(beyond(base, mv.intent.to, step))
        .find(|sq| pos.board.cell(*sq).is_empty());
    let mover = mv.intent.piece;
    mv.effect = Default::default();
    mv.effect.vanish.push(mv.intent.from, mover);
    mv.intent.promotion = None;
    let Some(landing) = landing else {
        // Off the board: the capturer is lost.
        out.push(mv);
        return;
    };
    let g = base.geometry();
    let last_rank = g.relative_rank(landing, mover.color) + 1 == g.rows();
    if mover.kind == Kind::PAWN && last_rank {
        for &kind in base.promotions(mover.color) {
            let mut promoted = mv;
            promoted.intent.promotion = Some(kind);
            promoted
                .effect
                .appear
                .push(landing, Piece::new(mover.color, kind));
            out.push(promoted);
        }
        return;
    }
    mv.effect.appear.push(landing, mover);
    out.push(mv);
}

/// The pieces, not stunned yet, that the bounce of capture `mv` passes
/// over in `pos` (before the move): its victim and the pieces behind it up
/// to the landing square or the edge. None for a kick or a non-capture.
fn stunned_by(base: &ChessLike, pos: &Position, mv: &Move) -> Vec<Square> {
    if !mv.intent.capture || is_castle(mv) || kicks(pos, mv) {
        return Vec::new();
    }
    let step = bounce_step(base, mv.intent.from, mv.intent.to);
    std::iter::once(mv.intent.to)
        .chain(beyond(base, mv.intent.to, step))
        .take_while(|sq| !pos.board.cell(*sq).is_empty())
        .filter(|sq| {
            pos.board
                .cell(*sq)
                .single()
                .is_some_and(|p| stunned_kind(p.kind).is_some())
        })
        .collect()
}

/// Gives the piece on `sq` the kind `to_kind` maps its kind to, if any.
fn rewrite(pos: &mut Position, sq: Square, to_kind: fn(Kind) -> Option<Kind>) {
    if let Some(p) = pos.board.cell(sq).single() {
        if let Some(kind) = to_kind(p.kind) {
            pos.board.remove(sq, p.color);
            pos.board.put(sq, Piece::new(p.color, kind));
        }
    }
}

/// One ply of every countdown: a stunned piece still on its square counts
/// down and wakes at zero; a counter whose piece is gone is dropped.
fn count_down(pos: &mut Position) {
    let counting: Vec<(Square, u8)> = pos.counters.nonzero().collect();
    for (sq, n) in counting {
        let stunned = pos
            .board
            .cell(sq)
            .single()
            .is_some_and(|p| is_stunned(p.kind));
        let left = if stunned { n - 1 } else { 0 };
        pos.counters.set(sq, left);
        if stunned && left == 0 {
            rewrite(pos, sq, awake_kind);
        }
    }
}

/// Taking on a square of the enemy's first rank whose file is a castling
/// right ends that right, whatever stands there (the rook stunned there
/// stays, but vchess ends the right as chess does for a rook taken).
fn end_right_taken(base: &ChessLike, pos: &mut Position, mv: &Move) {
    let them = mv.color().opposite();
    pos.state
        .castling
        .lose_square(base.geometry(), them, mv.intent.to);
}

impl Twist for Koopa {
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        base.pseudo_legal_moves(pos, out);
        let mut rewritten = Vec::with_capacity(out.len() - start);
        for mv in &out[start..] {
            // A stunned king is still royal, but it castles no more than
            // it moves.
            if is_stunned(mv.intent.piece.kind) {
                continue;
            }
            if !mv.intent.capture || is_castle(mv) {
                rewritten.push(*mv);
                continue;
            }
            // A pawn taking onto its last rank is lost or kicks and stays
            // there: as vchess, only the queen's promotion is kept.
            if mv.intent.promotion.is_some_and(|k| k != Kind::QUEEN) {
                continue;
            }
            bounce_moves(base, pos, mv, &mut rewritten);
        }
        out.truncate(start);
        out.extend(rewritten);
    }

    fn royal_attacked(&self, _base: &ChessLike, _pos: &Position, _color: Color) -> Option<bool> {
        Some(false)
    }

    fn play(&self, base: &ChessLike, pos: &mut Position, mv: &Move) -> Undo {
        let stuns = stunned_by(base, pos, mv);
        pos.counters.save();
        let undo = base.play(pos, mv);
        if mv.intent.capture && !is_castle(mv) {
            end_right_taken(base, pos, mv);
        }
        count_down(pos);
        for sq in stuns {
            rewrite(pos, sq, stunned_kind);
            pos.counters.set(sq, STUN_PLIES);
        }
        undo
    }

    fn unplay(&self, base: &ChessLike, pos: &mut Position, mv: &Move, undo: Undo) {
        base.unplay(pos, mv, undo);
        // Every piece is stunned exactly when it has a counter: the saved
        // counters tell each piece's form before the move.
        let before: Vec<u8> = pos.counters.last_saved().unwrap_or(&[]).to_vec();
        let after: Vec<Square> = pos.counters.nonzero().map(|(sq, _)| sq).collect();
        let was = |sq: Square| before.get(sq.index()).copied().unwrap_or(0);
        for sq in after {
            if was(sq) == 0 {
                rewrite(pos, sq, awake_kind);
            }
        }
        for (i, n) in before.iter().enumerate() {
            if *n > 0 {
                rewrite(pos, Square(i as u16), stunned_kind);
            }
        }
        pos.counters.restore();
    }

    fn illegal_after(&self, _base: &ChessLike, pos: &Position, mover: Color) -> Option<bool> {
        // Stunning one's own king is allowed; losing it is not.
        Some(pos.board.royals(mover).is_empty())
    }

    fn variant_outcome(&self, _base: &ChessLike, pos: &Position) -> Option<Outcome> {
        let turn = pos.turn();
        for (loser, winner) in [(turn, turn.opposite()), (turn.opposite(), turn)] {
            if pos.board.royals(loser).is_empty() {
                return Some(Outcome::VariantWin {
                    winner,
                    reason: "king kicked off the board",
                });
            }
        }
        None
    }

    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        if !mv.intent.capture || is_castle(mv) {
            return None;
        }
        // A kick removes its victim; a bounce leaves it (stunned).
        let mover = mv.color();
        let removes = mv
            .effect
            .vanish
            .as_slice()
            .iter()
            .any(|v| v.piece.color != mover || v.square != mv.intent.from);
        Some(if removes { "kick" } else { "stun" })
    }

    fn castling_kind(&self, kind: Kind) -> Kind {
        // A stunned rook has not moved: its right stays (and serves once
        // it wakes), as in vchess.
        awake_kind(kind).unwrap_or(kind)
    }

    fn read_position_fields(&self, fields: &[Field], pos: &mut Position, p: &mut Vec<Problem>) {
        read_stun_counters(fields.first(), pos, p);
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        (String::new(), format!(" {}", stun_field(pos)))
    }
}

/// vchess's stun field: each counter as `square count` (`e54`), in square
/// order, comma-separated; `-` when none. Koopa's board is 8x8.
fn stun_field(pos: &Position) -> String {
    let names: Vec<String> = pos
        .counters
        .nonzero()
        .map(|(sq, n)| {
            let (file, rank) = (sq.0 % 8, sq.0 / 8);
            format!("{}{}{}", char::from(b'a' + file as u8), rank + 1, n)
        })
        .collect();
    if names.is_empty() {
        return "-".into();
    }
    names.join(",")
}

/// Reads the stun field (absent in a diagram) into the counters: each
/// stunned piece gets its count, or [`STUN_PLIES`] when the field names
/// none for it; a count on a square without a stunned piece is dropped.
fn read_stun_counters(field: Option<&Field>, pos: &mut Position, problems: &mut Vec<Problem>) {
    let mut given: Vec<(Square, u8)> = Vec::new();
    if let Some(f) = field.filter(|f| f.text != "-") {
        for item in f.text.split(',') {
            match parse_counter(item) {
                Some(c) => given.push(c),
                None => {
                    problems.push(Problem::BadField {
                        field: "stunned pieces",
                        text: f.text.clone(),
                        offset: f.offset,
                    });
                    return;
                }
            }
        }
    }
    let stunned: Vec<Square> = pos
        .board
        .pieces()
        .filter(|(_, p)| is_stunned(p.kind))
        .map(|(sq, _)| sq)
        .collect();
    for sq in stunned {
        let n = given
            .iter()
            .find(|(s, _)| *s == sq)
            .map_or(STUN_PLIES, |(_, n)| *n);
        pos.counters.set(sq, n);
    }
}

/// One `e54`: a square of the 8x8 board and a count from 1 to 4.
fn parse_counter(item: &str) -> Option<(Square, u8)> {
    let b = item.as_bytes();
    if b.len() != 3 {
        return None;
    }
    let file = b[0].checked_sub(b'a').filter(|f| *f < 8)?;
    let rank = b[1].checked_sub(b'1').filter(|r| *r < 8)?;
    let n = b[2]
        .checked_sub(b'0')
        .filter(|n| (1..=STUN_PLIES).contains(n))?;
    Some((Square(u16::from(rank) * 8 + u16::from(file)), n))
}

#[cfg(test)]
mod tests {
    use crate::{fen, legal, notation, validate, MoveList, Position};

    fn rules() -> super::Twisted<super::Koopa> {
        super::rules()
    }

    /// Plays the moves (coordinates) from `fen` and returns vchess's FEN.
    fn after(fen: &str, moves: &[&str]) -> String {
        let r = rules();
        let mut pos = validate::position_from_fen(&r, fen).unwrap();
        for wanted in moves {
            let mv = find(&r, &mut pos, wanted);
            crate::rules::Rules::play(&r, &mut pos, &mv);
        }
        fen::vchess_fen(&r, &pos)
    }

    fn find(r: &dyn crate::rules::Rules, pos: &mut Position, wanted: &str) -> crate::Move {
        let mut list = MoveList::new();
        legal::legal_moves(r, pos, &mut list);
        *list
            .iter()
            .find(|m| notation::coordinate(r, m) == *wanted)
            .unwrap_or_else(|| panic!("{wanted} is a move"))
    }

    const PAGE_BEFORE: &str = "nrkqnrbb/ppp2ppp/3p4/4p3/1P3P2/8/P1PPP1PP/BNQRNBKR w 0 iiii -";

    #[test]
    fn page_fxe5_stuns_the_line_behind_its_victim() {
        // The page's first pair: 1.fxe5 bounces over e5, d6, c7 and b8 to
        // a9, off the board: the pawn is lost, the four are stunned.
        assert_eq!(
            after(PAGE_BEFORE, &["f4e5"]),
            "nukqnrbb/pps2ppp/3s4/4s3/1P6/8/P1PPP1PP/BNQRNBKR b 1 iiii e54,d64,c74,b84"
        );
    }

    #[test]
    fn page_bxe5_kicks_the_stunned_pawn_and_the_line_behind() {
        // "2.Bxe5, kicking the pawn and capturing (for real) at least the
        // h8 bishop" (and the g7 pawn between); then 2...Qxe5 stuns the
        // bishop and the queen lands on d5: the page's second pair.
        let fen = after(PAGE_BEFORE, &["f4e5", "d8g5", "a1e5"]);
        assert_eq!(
            fen,
            "nuk1nrb1/pps2p1p/3s4/4B1q1/1P6/8/P1PPP1PP/1NQRNBKR b 3 iiii d62,c72,b82"
        );
        assert_eq!(
            after(&fen, &["g5e5"]),
            "nuk1nrb1/pps2p1p/3s4/3qC3/1P6/8/P1PPP1PP/1NQRNBKR w 4 iiii e54,d61,c71,b81"
        );
    }

    #[test]
    fn stunned_pieces_wake_after_four_plies() {
        // Count 1 on b8, c7, d6: the next ply wakes them (rook and pawns
        // again), the bishop stunned on e5 counts down to 3.
        let fen = "nuk1nrb1/pps2p1p/3s4/3qC3/1P6/8/P1PPP1PP/1NQRNBKR w 4 iiii b81,c71,d61,e54";
        assert_eq!(
            after(fen, &["b4b5"]),
            "nrk1nrb1/ppp2p1p/3p4/1P1qC3/8/8/P1PPP1PP/1NQRNBKR b 5 iiii e53"
        );
        // Stunned pieces do not move: nothing leaves e5 (the bishop), nor
        // b8, c7, d6.
        let moves = legal::sorted_coordinates(&rules(), fen);
        for stuck in ["e5", "b8", "c7", "d6"] {
            assert!(moves.iter().all(|m| !m.starts_with(stuck)), "{stuck}");
        }
    }

    #[test]
    fn the_stun_field_round_trips_and_unplay_restores_it() {
        let r = rules();
        let fen = "nuk1nrb1/pps2p1p/3s4/3qC3/1P6/8/P1PPP1PP/1NQRNBKR w 4 iiii b81,c71,d61,e54";
        let mut pos = validate::position_from_fen(&r, fen).unwrap();
        let written = fen::vchess_fen(&r, &pos);
        assert_eq!(written, fen.replace("b81,c71,d61,e54", "e54,d61,c71,b81"));
        let before = pos.clone();
        let mut list = MoveList::new();
        legal::legal_moves(&r, &mut pos, &mut list);
        for mv in &list {
            let undo = crate::rules::Rules::play(&r, &mut pos, mv);
            crate::rules::Rules::unplay(&r, &mut pos, mv, undo);
            assert_eq!(pos, before, "{}", notation::coordinate(&r, mv));
            assert_eq!(fen::vchess_fen(&r, &pos), written);
        }
    }

    #[test]
    fn a_diagram_without_counts_reads_its_stunned_pieces_as_just_stunned() {
        let pos = validate::position_from_fen(
            &rules(),
            "nukqnrbb/pps2ppp/3s4/4s3/1P6/8/P1PPP1PP/BNQRNBKR b",
        )
        .unwrap();
        assert_eq!(pos.counters.nonzero().count(), 4);
        assert!(pos.counters.nonzero().all(|(_, n)| n == super::STUN_PLIES));
    }

    #[test]
    fn a_bad_stun_field_is_a_problem() {
        let r = rules();
        for bad in ["e55", "e5", "z14", "e54;d64"] {
            let fen = format!("nukqnrbb/pps2ppp/3s4/4s3/1P6/8/P1PPP1PP/BNQRNBKR b 1 iiii {bad}");
            assert!(validate::position_from_fen(&r, &fen).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_king_may_be_stunned_but_not_lost() {
        // Kb2xa1 would bounce off the board and lose the king: forbidden.
        assert_eq!(
            legal::sorted_coordinates(&rules(), "4k3/8/8/8/8/8/1K6/n7 w 0 iiii -").join(" "),
            "b2a2 b2a3 b2b1 b2b3 b2c1 b2c2 b2c3"
        );
        // Rxe5 bounces over its own king on e6 to e7: the king is stunned,
        // which is allowed.
        assert_eq!(
            after("4k3/8/4K3/4p3/4R3/8/8/8 w 0 iiii -", &["e4e5"]),
            "4k3/4R3/4L3/4s3/8/8/8/8 b 1 iiii e54,e64"
        );
    }

    #[test]
    fn a_pawn_landing_on_its_last_rank_promotes() {
        // b6xc7 bounces to d8: four promotions; b7xa8 goes off the board.
        let moves = legal::sorted_coordinates(&rules(), "n3k3/1Pn5/1P6/8/8/8/8/4K3 w 0 iiii -");
        let from_b6: Vec<&String> = moves.iter().filter(|m| m.starts_with("b6c7")).collect();
        assert_eq!(from_b6.len(), 4, "{moves:?}");
        assert_eq!(moves.iter().filter(|m| m.starts_with("b7a8")).count(), 1);
    }
}
