//! Titan: chess where each side first picks one first-rank piece to carry
//! an extra knight (ply 0 White, ply 1 Black) and one to carry an extra
//! bishop (plies 2 and 3). When a carrying ("augmented") piece first moves,
//! its extra piece appears on the square it left; castling with two carriers
//! brings out both extras.
//!
//! vchess letters: an augmented piece is one letter per base piece and
//! extra: `a`/`c` bishop, `j`/`l` king, `m`/`o` knight, `s`/`t` queen,
//! `u`/`v` rook, the first of each pair carrying a knight, the second a
//! bishop. Moves are generated on a decoded copy of the board (carriers as
//! their base piece) by a [`ChessLike`], then given their extras. FEN:
//! `board turn plies flags ep` as chess; the castling letters are read here
//! because an augmented rook is still the castling rook.

use crate::castling::{generous_rights, read_vchess_field};
use crate::color::Color;
use crate::fen::{FenStyle, Field};
use crate::geometry::Geometry;
use crate::moves::{Effect, Intent, Move, MoveKind, MoveList, Placement};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::Rules;
use crate::validate::{square_field, Problem};
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};
use crate::variants::forward::forward_rules;

/// A set-up choice: the piece on `from` becomes its augmented letter.
pub const AUGMENT: MoveKind = MoveKind::Special(0);

/// (augmented letter, base kind, extra kind).
const AUGMENTED: [(u8, u8, u8); 10] = [
    (b'a', b'b', b'n'),
    (b'c', b'b', b'b'),
    (b'j', b'k', b'n'),
    (b'l', b'k', b'b'),
    (b'm', b'n', b'n'),
    (b'o', b'n', b'b'),
    (b's', b'q', b'n'),
    (b't', b'q', b'b'),
    (b'u', b'r', b'n'),
    (b'v', b'r', b'b'),
];

/// The base kind and extra piece of an augmented letter (Musketeer reads
/// the extra as a slot: a knight is its first chosen piece, a bishop its
/// second).
pub(crate) fn decode(kind: Kind) -> Option<(Kind, Kind)> {
    AUGMENTED
        .iter()
        .find(|a| a.0 == kind.0)
        .map(|a| (Kind(a.1), Kind(a.2)))
}

/// The augmented letter of `base` carrying `extra`.
pub(crate) fn augment(base: Kind, extra: Kind) -> Option<Kind> {
    AUGMENTED
        .iter()
        .find(|a| a.1 == base.0 && a.2 == extra.0)
        .map(|a| Kind(a.0))
}

/// The rules of Titan.
pub struct Titan {
    inner: ChessLike,
    kinds: KindSet,
    royal: KindSet,
}

impl Default for Titan {
    fn default() -> Self {
        Titan::new()
    }
}

impl Titan {
    pub fn new() -> Titan {
        let army = vec![
            PieceSpec::king(),
            PieceSpec::piece('q', "Q"),
            PieceSpec::piece('r', "R"),
            PieceSpec::piece('b', "B"),
            PieceSpec::piece('n', "N"),
            PieceSpec::pawn(),
        ];
        let promotions = vec![Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN];
        let inner = ChessLike::new(ChessLikeSpec {
            name: "Titan".into(),
            rows: 8,
            cols: 8,
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -".into(),
            armies: [army.clone(), army],
            promotions: [promotions.clone(), promotions],
            double_step: [true, true],
            castling: [true, true],
            ..Default::default()
        })
        .expect("the Titan spec compiles");
        let mut kinds = inner.kinds(Color::White);
        for a in AUGMENTED {
            kinds.insert(Kind(a.0));
        }
        let royal: KindSet = [Kind(b'k'), Kind(b'j'), Kind(b'l')].into_iter().collect();
        Titan {
            inner,
            kinds,
            royal,
        }
    }

    fn decoded(&self, pos: &Position) -> Position {
        decoded(self.inner.geometry(), pos)
    }

    /// The set-up plies: 0-1 pick the knight carriers, 2-3 the bishop ones.
    fn setup_moves(&self, pos: &Position, out: &mut MoveList) {
        let g = self.inner.geometry();
        let us = pos.turn();
        let extra = if pos.state.plies <= 1 {
            Kind::KNIGHT
        } else {
            Kind::BISHOP
        };
        let rank = if us == Color::White { 0 } else { g.rows() - 1 };
        for file in 0..g.cols() {
            let Some(sq) = g.square(file, rank) else {
                continue;
            };
            let Some(p) = pos.board.cell(sq).piece(us) else {
                continue;
            };
            let Some(aug) = augment(p.kind, extra) else {
                continue;
            };
            let mut effect = Effect::default();
            effect.vanish.push(sq, p);
            effect.appear.push(sq, Piece::new(us, aug));
            out.push(Move {
                intent: Intent {
                    from: sq,
                    to: sq,
                    piece: p,
                    promotion: None,
                    prior_promotion: None,
                    capture: false,
                    kind: AUGMENT,
                    chain_step: 0,
                    continues: false,
                },
                effect,
            });
        }
    }

    fn restore(&self, pos: &Position, mv: &Move) -> Move {
        restore(pos, mv, |k| decode(k).map(|d| d.1))
    }
}

/// The position with every augmented piece shown as its base piece.
pub(crate) fn decoded(g: &Geometry, pos: &Position) -> Position {
    let mut d = pos.clone();
    for sq in g.squares() {
        for p in pos.board.cell(sq).pieces() {
            if let Some((base, _)) = decode(p.kind) {
                d.board.remove(sq, p.color);
                d.board.put(sq, Piece::new(p.color, base));
            }
        }
    }
    d
}

/// `mv`, found on the decoded board, as played on the real one: real
/// letters in `vanish`, and the extras (`extra_of` a carrier's letter) of
/// moving carriers, the king's and a castling rook's alike.
pub(crate) fn restore(pos: &Position, mv: &Move, extra_of: impl Fn(Kind) -> Option<Kind>) -> Move {
    let mut out = *mv;
    let mut effect = Effect::default();
    let mut extras: [Option<Placement>; 2] = [None, None];
    for (i, v) in mv.effect.vanish.as_slice().iter().enumerate() {
        let real = pos
            .board
            .cell(v.square)
            .piece(v.piece.color)
            .unwrap_or(v.piece);
        effect.vanish.push(v.square, real);
        if real.color == mv.color() && i < 2 {
            if let Some(extra) = extra_of(real.kind) {
                extras[i] = Some(Placement {
                    square: v.square,
                    piece: Piece::new(real.color, extra),
                });
            }
        }
    }
    for a in mv.effect.appear.as_slice() {
        effect.appear.push(a.square, a.piece);
    }
    for e in extras.into_iter().flatten() {
        effect.appear.push(e.square, e.piece);
    }
    out.intent.piece = effect.vanish.as_slice()[0].piece;
    out.effect = effect;
    out
}

/// Reads vchess's castling letters (four rook files) and en-passant
/// square, the first two of `fields`.
pub(crate) fn read_flags_and_ep(
    g: &Geometry,
    fields: &[Field],
    state: &mut State,
    problems: &mut Vec<Problem>,
) {
    if let Some(f) = fields.first() {
        read_vchess_field(f, g.cols(), state, problems);
    }
    if let Some(f) = fields.get(1) {
        if let Some(sq) = square_field(g, f, "en-passant", problems) {
            state.en_passant = Some(sq);
        }
    }
}

/// vchess's castling letters and en-passant field, each after a space.
pub(crate) fn write_flags_and_ep(g: &Geometry, pos: &Position) -> String {
    let mut s = String::from(" ");
    s.push_str(&pos.state.castling.vchess_flags(g.cols()));
    s.push(' ');
    match pos.state.en_passant {
        Some(sq) => s.push_str(&g.square_name(sq)),
        None => s.push('-'),
    }
    s
}

/// After a board move: vchess's flag update (see
/// [`Castling::after_vchess_move`]), a carrier king counting as a king.
pub(crate) fn update_castling(g: &Geometry, pos: &mut Position, mv: &Move) {
    let mover = decode(mv.intent.piece.kind).map_or(mv.intent.piece.kind, |d| d.0);
    let squares = (mv.intent.from, mv.intent.to);
    pos.state
        .castling
        .after_vchess_move(g, mv.color(), mover == Kind::KING, squares, true);
}

impl Rules for Titan {
    fn name(&self) -> &str {
        "Titan"
    }
    forward_rules!(inner => geometry, start_fen, promotions, position_problems);
    fn kinds(&self, _color: Color) -> KindSet {
        self.kinds
    }
    fn royal_kinds(&self) -> KindSet {
        self.royal
    }
    fn fen_style(&self) -> FenStyle {
        // Flags and en passant are read in `read_variant_fields`.
        FenStyle::default()
    }
    fn piece_name(&self, piece: Piece) -> String {
        match decode(piece.kind) {
            Some((base, extra)) => format!(
                "{} with a {}",
                crate::rules::default_piece_name(Piece::new(piece.color, base)),
                crate::rules::default_piece_name(Piece::new(piece.color, extra))
            ),
            None => self.inner.piece_name(piece),
        }
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        read_flags_and_ep(self.inner.geometry(), fields, state, problems);
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        (
            String::new(),
            write_flags_and_ep(self.inner.geometry(), pos),
        )
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if pos.state.plies <= 3 {
            self.setup_moves(pos, out);
            return;
        }
        let decoded = self.decoded(pos);
        let first = out.len();
        self.inner.pseudo_legal_moves(&decoded, out);
        for mv in &mut out[first..] {
            *mv = self.restore(pos, mv);
        }
    }

    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        self.inner.royal_attacked(&self.decoded(pos), color)
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let undo = pos.apply(mv);
        if mv.intent.kind != AUGMENT {
            update_castling(self.inner.geometry(), pos, mv);
        }
        undo
    }

    /// A board showing a carrier chosen at set-up ply `k` is at least at
    /// ply `k + 1`: with Black's bishop carrier (ply 3) the set-up is over,
    /// and a carrier rook castles like a rook.
    fn complete_diagram(&self, pos: &mut Position) {
        let g = self.inner.geometry();
        let carriers = |color: Color, extra: u8| {
            pos.board
                .pieces()
                .any(|(_, p)| p.color == color && decode(p.kind).is_some_and(|(_, e)| e.0 == extra))
        };
        if pos.state.plies >= 4 || !carriers(Color::Black, b'b') {
            return;
        }
        pos.state.plies = 4 + u32::from(pos.turn() == Color::Black);
        for color in Color::ALL {
            // A carrier rook is still the castling rook.
            let rook = |p: Piece| decode(p.kind).map_or(p.kind, |d| d.0) == Kind::ROOK;
            if let Some(rights) = generous_rights(g, &pos.board, color, rook) {
                pos.state.castling.0[color.index()] = rights;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, legal, notation, validate};

    #[test]
    fn a_carrier_leaves_its_extra_piece_behind() {
        let t = Titan::new();
        let mut pos = validate::position_from_fen(
            &t,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKCNR w 4 ahah -",
        )
        .unwrap();
        let mut list = MoveList::new();
        legal::legal_moves(&t, &mut pos, &mut list);
        let mv = *list
            .iter()
            .find(|m| notation::coordinate(&t, m) == "b1c3")
            .unwrap();
        t.play(&mut pos, &mv);
        assert_eq!(
            fen::vchess_fen(&t, &pos),
            "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RNBQKCNR b 5 ahah -"
        );
    }
}
