//! Monocolor: the pieces have no color; a side controls every piece on
//! its half of the board (White ranks 1-4, Black ranks 5-8) and may only
//! capture on the other half, which makes the piece the opponent's. Every
//! piece is stored black, as the diagrams draw it; the side to move's
//! moves are those of a board colored by half ([`colored_by_half`]), so
//! "captures only on the other half" is chess's "captures only the other
//! color". Captures are compulsory; knights are knightriders, kings move
//! as queens and are not royal; no castling, no en passant. A player who
//! leaves nothing on his own half loses.

use super::twist::{Twist, Twisted};
use crate::color::Color;
use crate::geometry::Geometry;
use crate::moves::{Effect, MoveKind, MoveList};
use crate::piece::{Cell, Piece};
use crate::position::Position;
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chess;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, FenFields, PieceSpec, Victory};

/// The monocolor twist.
pub struct Monocolor;

/// The color every piece is stored with (the site draws them black).
const STORED: Color = Color::Black;

/// Both sides' army: chess's, with knightriders and kings that move as
/// queens, none royal.
fn army() -> Vec<PieceSpec> {
    chess::army()
        .into_iter()
        .map(|p| match p.letter {
            'n' => PieceSpec::piece('n', "NN").names("knightrider", "noctambule", "nocturno"),
            'k' => PieceSpec::piece('k', "Q").named("king"),
            _ => p,
        })
        .collect()
}

/// The Monocolor rules.
pub fn rules() -> Twisted<Monocolor> {
    let base = chess::spec();
    let mut win = base.win.clone();
    win.checkmate = false;
    // A pawn may stand on either edge rank (vchess reads such diagrams;
    // no pawn move reaches them, so none promotes).
    let wins = Victory {
        pawns_anywhere: true,
        ..base.wins.clone()
    };
    let spec = ChessLikeSpec {
        name: "Monocolor".into(),
        start_fen: "rnbqqbnr/8/pppppppp/8/8/pppppppp/8/rnbqqbnr w 0".into(),
        armies: [army(), army()],
        castling: [false; 2],
        fen: FenFields {
            flags: Some(false),
            en_passant: Some(false),
        },
        win,
        wins,
        ..base
    };
    Twisted::new(
        ChessLike::new(spec).expect("the Monocolor spec compiles"),
        Monocolor,
    )
}

/// The side that controls a square: White on the lower half, Black on the
/// upper one.
pub fn controller(g: &Geometry, sq: Square) -> Color {
    if g.rank(sq) < g.rows() / 2 {
        Color::White
    } else {
        Color::Black
    }
}

/// The position with every piece colored by the half it stands on.
pub fn colored_by_half(g: &Geometry, pos: &Position) -> Position {
    let mut probe = pos.clone();
    for (sq, piece) in pos.board.pieces() {
        let owned = Piece::new(controller(g, sq), piece.kind);
        probe.board.set_cell(sq, Cell::of(owned));
    }
    probe
}

/// The effect with every piece in the stored color.
fn stored(effect: &Effect) -> Effect {
    let mut out = Effect::default();
    for p in effect.vanish.as_slice() {
        out.vanish.push(p.square, Piece::new(STORED, p.piece.kind));
    }
    for p in effect.appear.as_slice() {
        out.appear.push(p.square, Piece::new(STORED, p.piece.kind));
    }
    out
}

impl Twist for Monocolor {
    // A capture takes the piece to the other half: the last one leaving
    // its own half loses.
    fn own_move_may_lose(&self) -> bool {
        true
    }
    fn moves(&self, base: &ChessLike, pos: &Position, out: &mut MoveList) {
        let start = out.len();
        let g = base.geometry();
        base.pseudo_legal_moves(&colored_by_half(g, pos), out);
        let any_capture = out[start..].iter().any(|m| m.intent.capture);
        let mut kept = start;
        for i in start..out.len() {
            let mut mv = out[i];
            if any_capture && !mv.intent.capture {
                continue;
            }
            // Back to the stored color; a double step leaves no en-passant
            // square (the variant has none).
            mv.intent.piece.color = STORED;
            if mv.intent.kind == MoveKind::DoubleStep {
                mv.intent.kind = MoveKind::Normal;
            }
            mv.effect = stored(&mv.effect);
            out[kept] = mv;
            kept += 1;
        }
        out.truncate(kept);
    }

    fn royal_attacked(&self, _base: &ChessLike, _pos: &Position, _color: Color) -> Option<bool> {
        Some(false)
    }

    fn illegal_after(&self, _base: &ChessLike, _pos: &Position, _mover: Color) -> Option<bool> {
        Some(false)
    }

    fn royals_per_side(&self) -> Option<usize> {
        None
    }

    fn variant_outcome(&self, base: &ChessLike, pos: &Position) -> Option<Outcome> {
        // The player who just moved and left nothing on his half loses.
        let g = base.geometry();
        let mover = pos.turn().opposite();
        let holds = pos.board.pieces().any(|(sq, _)| controller(g, sq) == mover);
        (!holds).then_some(Outcome::VariantWin {
            winner: pos.turn(),
            reason: "nothing left on his half",
        })
    }

    fn decode_cell(&self, base: &ChessLike, c: char) -> Option<Cell> {
        // Pieces are written black (lowercase): a white letter is no
        // Monocolor piece.
        if c.is_ascii_uppercase() {
            return None;
        }
        base.decode_cell(c)
    }

    fn position_problems(
        &self,
        base: &ChessLike,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        // The base's checks on the board as the sides own it.
        base.position_problems(&colored_by_half(base.geometry(), pos), offset_of, out);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{Outcome, Rules};
    use crate::validate;

    fn moves(fen: &str) -> Vec<String> {
        crate::legal::sorted_coordinates(&super::rules(), fen)
    }

    #[test]
    fn page_diagram_the_rook_must_take_across_the_middle() {
        // rules/Monocolor: 1.Rxd7 is compulsory (the d2 rook's only
        // capture); the d1 knightrider has none.
        assert_eq!(moves("3b4/3q4/8/8/8/8/3r4/3n4 w 0").join(" "), "d2d7");
    }

    #[test]
    fn knightriders_kings_as_queens_and_pawns_by_half() {
        // White's half holds the a1 knightrider, the e1 king (a queen's
        // moves) and the d4 pawn, which steps up; the a8 pawn is Black's,
        // stepping down, two squares from its first rank as vchess lets
        // it. Moves from the vchess oracle.
        let fen = "p7/8/8/8/3p4/8/8/n3k3";
        assert_eq!(
            moves(&format!("{fen} w 0")).join(" "),
            "a1b3 a1c2 a1c5 a1d7 a1e3 a1g4 d4d5 e1a5 e1b1 e1b4 e1c1 e1c3 e1d1 e1d2 \
             e1e2 e1e3 e1e4 e1e5 e1e6 e1e7 e1e8 e1f1 e1f2 e1g1 e1g3 e1h1 e1h4"
        );
        assert_eq!(moves(&format!("{fen} b 1")).join(" "), "a8a6 a8a7");
        // A capture across the middle is compulsory.
        assert_eq!(moves("8/8/8/2p5/3p4/8/8/8 b 1").join(" "), "c5d4");
    }

    #[test]
    fn leaving_nothing_on_ones_half_loses() {
        // The page's line 1.Rxd7 Rxd1 2.Rxd8: White's half is empty after
        // 2.Rxd8, Black wins.
        let r = super::rules();
        let pos = validate::position_from_fen(&r, "3r4/8/8/8/8/8/8/8 b 3").unwrap();
        assert_eq!(
            r.variant_outcome(&pos),
            Some(Outcome::VariantWin {
                winner: crate::Color::Black,
                reason: "nothing left on his half"
            })
        );
        let pos = validate::position_from_fen(&r, "3b4/3r4/8/8/8/8/8/3n4 b 1").unwrap();
        assert_eq!(r.variant_outcome(&pos), None);
    }

    #[test]
    fn white_letters_are_no_monocolor_pieces() {
        let r = super::rules();
        assert!(validate::position_from_fen(&r, "3b4/8/8/8/8/8/8/3N4 w 0").is_err());
    }
}
