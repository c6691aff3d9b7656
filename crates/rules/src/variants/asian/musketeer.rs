//! Musketeer chess: chess where each side first names one of seven fairy
//! pieces (White at ply 0, Black another at ply 1), then places the first
//! on a first-rank piece (plies 2-3) and the second (plies 4-5); a carrier
//! lets its passenger out on the square it leaves when it first moves.
//!
//! vchess shape, kept so that FENs and move lists compare: a choice is a
//! drop aimed at any empty square of ranks 3-6 (the clicked square, which
//! does not matter) that shows the chosen piece on e5 (White) or d5
//! (Black); those two show-pieces leave the board with the last placement.
//! A carrier is Titan's letter (`a`/`c` bishop, `j`/`l` king, `m`/`o`
//! knight, `s`/`t` queen, `u`/`v` rook; the first of each pair carries the
//! first chosen piece). FEN: `board turn plies flags ep extras`, `extras`
//! the two chosen letters (`-` not chosen yet).

use crate::color::Color;
use crate::fen::{FenStyle, Field};
use crate::moves::{Effect, Intent, Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::Rules;
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::asian::titan;
use crate::variants::chesslike::{ChessLike, ChessLikeSpec, PieceSpec};
use crate::variants::forward::forward_rules;

/// The seven fairy pieces in vchess's reserve order, with their moves.
const FAIRIES: [(char, &str, [&str; 3]); 7] = [
    // Knight + Bishop[2].
    ('d', "NF2", ["Leopard", "Léopard", "Leopardo"]),
    // King + Dabbaba + the wide knight leaps (two files, one rank).
    ('w', "KDfsNbsN", ["Cannon", "Canon", "Cañón"]),
    // Knight + Camel.
    ('x', "NC", ["Unicorn", "Licorne", "Unicornio"]),
    // King + Alfil + Dabbaba.
    ('e', "KAD", ["Elephant", "Éléphant", "Elefante"]),
    // Leaps of two or three squares in the eight directions.
    ('h', "DAHG", ["Hawk", "Faucon", "Halcón"]),
    // Dabbaba + narrow knight leaps (two ranks, one file) + Bishop[3].
    ('f', "DffNbbNF3", ["Fortress", "Forteresse", "Fortaleza"]),
    // Dabbaba + Knight + Bishop[2].
    ('y', "DNF2", ["Spider", "Araignée", "Araña"]),
];

fn is_fairy(kind: Kind) -> bool {
    FAIRIES.iter().any(|f| f.0 as u8 == kind.0)
}

/// The two chosen pieces, packed in `state.variant`: the first's letter in
/// the low byte, the second's in the next (0: not chosen yet).
fn extras(state: &State) -> [Option<Kind>; 2] {
    let b = |shift: u32| {
        let v = ((state.variant >> shift) & 0xff) as u8;
        (v != 0).then_some(Kind(v))
    };
    [b(0), b(8)]
}

fn set_extra(state: &mut State, slot: usize, kind: Kind) {
    let shift = 8 * slot as u32;
    state.variant = (state.variant & !(0xff << shift)) | (u64::from(kind.0) << shift);
}

/// Set in `state.variant` when a full FEN gives ply 0 or 1 (a board-only
/// diagram has no ply), so that validation can hold the set-up's board to
/// its rule; cleared by any move.
const FROM_FEN: u64 = 1 << 16;

/// The slot (0: first chosen piece) a carrier letter carries.
fn slot_of(kind: Kind) -> Option<usize> {
    titan::decode(kind).map(|(_, e)| usize::from(e != Kind::KNIGHT))
}

/// The rules of Musketeer chess.
pub struct Musketeer {
    inner: ChessLike,
    kinds: KindSet,
    royal: KindSet,
}

impl Default for Musketeer {
    fn default() -> Self {
        Musketeer::new()
    }
}

impl Musketeer {
    pub fn new() -> Musketeer {
        let mut army = vec![
            PieceSpec::king(),
            PieceSpec::piece('q', "Q"),
            PieceSpec::piece('r', "R"),
            PieceSpec::piece('b', "B"),
            PieceSpec::piece('n', "N"),
            PieceSpec::pawn(),
        ];
        for (letter, betza, [en, fr, es]) in FAIRIES {
            army.push(PieceSpec::piece(letter, betza).names(en, fr, es));
        }
        // Every fairy piece is a promotion here; `pseudo_legal_moves` keeps
        // the two chosen ones.
        let mut promotions = vec![Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN];
        promotions.extend(FAIRIES.iter().map(|f| Kind(f.0 as u8)));
        let inner = ChessLike::new(ChessLikeSpec {
            name: "Musketeer".into(),
            rows: 8,
            cols: 8,
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - --".into(),
            armies: [army.clone(), army],
            promotions: [promotions.clone(), promotions],
            double_step: [true, true],
            castling: [true, true],
            ..Default::default()
        })
        .expect("the Musketeer spec compiles");
        let mut kinds = inner.kinds(Color::White);
        for k in [b'a', b'c', b'j', b'l', b'm', b'o', b's', b't', b'u', b'v'] {
            kinds.insert(Kind(k));
        }
        let royal: KindSet = [Kind(b'k'), Kind(b'j'), Kind(b'l')].into_iter().collect();
        Musketeer {
            inner,
            kinds,
            royal,
        }
    }

    /// Plies 0-1: name a fairy piece (Black: not White's), shown on e5 or
    /// d5, by a drop aimed at any empty square of ranks 3-6.
    fn choice_moves(&self, pos: &Position, out: &mut MoveList) {
        let g = self.inner.geometry();
        let us = pos.turn();
        let first = extras(&pos.state)[0];
        let Some(shown) = g.square(if pos.state.plies == 0 { 4 } else { 3 }, 4) else {
            return;
        };
        for (letter, _, _) in FAIRIES {
            let kind = Kind(letter as u8);
            if pos.state.plies == 1 && first == Some(kind) {
                continue;
            }
            let piece = Piece::new(us, kind);
            for rank in 2..6 {
                for file in 0..g.cols() {
                    let Some(aim) = g.square(file, rank) else {
                        continue;
                    };
                    if !pos.board.cell(aim).is_empty() {
                        continue;
                    }
                    let mut mv = Move::drop(aim, piece);
                    let mut effect = Effect::default();
                    for p in pos.board.cell(shown).pieces() {
                        effect.vanish.push(shown, p);
                    }
                    effect.appear.push(shown, piece);
                    mv.effect = effect;
                    out.push(mv);
                }
            }
        }
    }

    /// Plies 2-5: the side's chosen piece of this stage boards one of the
    /// first-rank chess pieces (not a pawn, nor a carrier); the last
    /// placement also takes the two show-pieces off d5 and e5.
    fn placement_moves(&self, pos: &Position, out: &mut MoveList) {
        let g = self.inner.geometry();
        let us = pos.turn();
        let slot = usize::from(pos.state.plies >= 4);
        let Some(extra) = extras(&pos.state)[slot] else {
            return;
        };
        let carried = if slot == 0 {
            Kind::KNIGHT
        } else {
            Kind::BISHOP
        };
        let rank = if us == Color::White { 0 } else { g.rows() - 1 };
        let shows: Vec<(Square, Piece)> = if pos.state.plies == 5 {
            [3, 4]
                .iter()
                .filter_map(|&f| g.square(f, 4))
                .flat_map(|sq| pos.board.cell(sq).pieces().map(move |p| (sq, p)))
                .collect()
        } else {
            Vec::new()
        };
        for file in 0..g.cols() {
            let Some(sq) = g.square(file, rank) else {
                continue;
            };
            // vchess boards any chess piece there, whoever owns it.
            for p in pos.board.cell(sq).pieces() {
                let Some(aug) = titan::augment(p.kind, carried) else {
                    continue;
                };
                let mut effect = Effect::default();
                effect.vanish.push(sq, p);
                for &(s, q) in &shows {
                    effect.vanish.push(s, q);
                }
                effect.appear.push(sq, Piece::new(us, aug));
                out.push(Move {
                    intent: Intent {
                        from: sq,
                        to: sq,
                        piece: Piece::new(us, extra),
                        promotion: None,
                        prior_promotion: None,
                        capture: false,
                        kind: MoveKind::Drop,
                        chain_step: 0,
                        continues: false,
                    },
                    effect,
                });
            }
        }
    }

    /// The board moves: chess with the fairy pieces, carriers moving as
    /// their base piece and leaving their passenger behind; a pawn promotes
    /// to a chess piece or one of the two chosen.
    fn board_moves(&self, pos: &Position, out: &mut MoveList) {
        let g = self.inner.geometry();
        let chosen = extras(&pos.state);
        let first = out.len();
        self.inner.pseudo_legal_moves(&titan::decoded(g, pos), out);
        let mut keep = first;
        for i in first..out.len() {
            let mv = out[i];
            let allowed = match mv.intent.promotion {
                Some(k) => {
                    [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN].contains(&k)
                        || chosen.contains(&Some(k))
                }
                None => true,
            };
            if allowed {
                out[keep] = titan::restore(pos, &mv, |k| slot_of(k).and_then(|s| chosen[s]));
                keep += 1;
            }
        }
        out.truncate(keep);
    }
}

impl Rules for Musketeer {
    fn name(&self) -> &str {
        "Musketeer"
    }
    forward_rules!(inner => geometry, start_fen, promotions);
    fn kinds(&self, _color: Color) -> KindSet {
        self.kinds
    }
    fn royal_kinds(&self) -> KindSet {
        self.royal
    }
    fn fen_style(&self) -> FenStyle {
        // Flags, en passant and the chosen pieces are read in
        // `read_variant_fields`.
        FenStyle::default()
    }
    fn piece_name(&self, piece: Piece) -> String {
        match titan::decode(piece.kind) {
            Some((base, extra)) => format!(
                "{} with the {} chosen piece",
                crate::rules::default_piece_name(Piece::new(piece.color, base)),
                if extra == Kind::KNIGHT {
                    "first"
                } else {
                    "second"
                }
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
        titan::read_flags_and_ep(self.inner.geometry(), fields, state, problems);
        let Some(f) = fields.get(2) else {
            return;
        };
        if state.plies <= 1 {
            state.variant |= FROM_FEN;
        }
        let b = f.text.as_bytes();
        if b.len() != 2 || !b.iter().all(|&c| c == b'-' || is_fairy(Kind(c))) {
            problems.push(Problem::BadField {
                field: "chosen pieces",
                text: f.text.clone(),
                offset: f.offset,
            });
            return;
        }
        for (slot, &c) in b.iter().enumerate() {
            if c != b'-' {
                set_extra(state, slot, Kind(c));
            }
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let mut s = titan::write_flags_and_ep(self.inner.geometry(), pos);
        s.push(' ');
        for e in extras(&pos.state) {
            s.push(e.map_or('-', Kind::char));
        }
        (String::new(), s)
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        match pos.state.plies {
            0 | 1 => self.choice_moves(pos, out),
            2..=5 => self.placement_moves(pos, out),
            _ => self.board_moves(pos, out),
        }
    }

    /// Nobody is in check while the sides choose (a show-piece on d5 or e5
    /// may eye a king).
    /// A fairy piece that was not chosen (a diagram's) gives no check: vchess
    /// looks for the chosen ones only.
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        if pos.state.plies <= 5 {
            return false;
        }
        let g = self.inner.geometry();
        let chosen = extras(&pos.state);
        let mut view = titan::decoded(g, pos);
        for sq in g.squares() {
            for p in pos.board.cell(sq).pieces() {
                if is_fairy(p.kind) && !chosen.contains(&Some(p.kind)) {
                    view.board.remove(sq, p.color);
                }
            }
        }
        self.inner.royal_attacked(&view, color)
    }

    /// A set-up move is never illegal: it is judged after it at ply 6 at
    /// most.
    fn illegal_after(&self, pos: &Position, mover: Color) -> bool {
        pos.state.plies > 6 && self.royal_attacked(pos, mover)
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let plies = pos.state.plies;
        let undo = pos.apply(mv);
        pos.state.variant &= !FROM_FEN;
        match plies {
            0 | 1 => set_extra(&mut pos.state, plies as usize, mv.intent.piece.kind),
            2..=5 => {}
            _ => titan::update_castling(self.inner.geometry(), pos, mv),
        }
        undo
    }

    /// A board showing carriers or fairy pieces is past the set-up; the
    /// chosen pieces are the fairy pieces it shows (first found first), as
    /// far as it shows them.
    fn complete_diagram(&self, pos: &mut Position) {
        if pos.state.plies > 5 {
            return;
        }
        let mut seen: Vec<Kind> = Vec::new();
        let mut carriers = false;
        for (_, p) in pos.board.pieces() {
            carriers |= titan::decode(p.kind).is_some();
            if is_fairy(p.kind) && !seen.contains(&p.kind) {
                seen.push(p.kind);
            }
        }
        if !carriers && seen.is_empty() {
            return;
        }
        pos.state.plies = 6 + u32::from(pos.turn() == Color::Black);
        for (slot, k) in seen.into_iter().take(2).enumerate() {
            set_extra(&mut pos.state, slot, k);
        }
    }

    /// A carrier is named by the piece that carries: `Nc3` for `M`.
    fn notation_kind(&self, kind: Kind) -> Kind {
        titan::decode(kind).map_or(kind, |(base, _)| base)
    }

    /// A carrier whose slot no fairy piece of the board names may carry
    /// any fairy piece but the other slot's: one position per choice.
    fn diagram_completions(&self, pos: &Position) -> Vec<Position> {
        let mut done = pos.clone();
        self.complete_diagram(&mut done);
        let mut out = vec![done];
        for slot in 0..2 {
            let carried = pos
                .board
                .pieces()
                .any(|(_, p)| slot_of(p.kind) == Some(slot));
            if !carried || extras(&out[0].state)[slot].is_some() {
                continue;
            }
            out = out
                .iter()
                .flat_map(|p| {
                    let other = extras(&p.state)[1 - slot];
                    FAIRIES
                        .iter()
                        .map(|f| Kind(f.0 as u8))
                        .filter(move |k| Some(*k) != other)
                        .map(|k| {
                            let mut q = p.clone();
                            set_extra(&mut q.state, slot, k);
                            q
                        })
                })
                .collect();
        }
        out
    }

    fn position_problems(
        &self,
        pos: &Position,
        offset_of: &dyn Fn(Square) -> usize,
        out: &mut Vec<Problem>,
    ) {
        self.inner.position_problems(pos, offset_of, out);
        // A choice at ply 0 or 1 puts its piece on e5 or d5 whatever stands
        // there (vchess then loses that piece when the choice is taken
        // back): a FEN at that ply with the square taken is no game's.
        let g = self.inner.geometry();
        let shown = g.square(if pos.state.plies == 0 { 4 } else { 3 }, 4);
        if pos.state.variant & FROM_FEN != 0 && pos.state.plies <= 1 {
            if let Some(sq) = shown.filter(|&s| !pos.board.cell(s).is_empty()) {
                out.push(Problem::SetUpSquareTaken {
                    square: g.square_name(sq),
                    offset: offset_of(sq),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, legal, notation, validate};

    fn play(m: &Musketeer, pos: &mut Position, coords: &str) {
        let mut list = MoveList::new();
        legal::legal_moves(m, pos, &mut list);
        let mv = *list
            .iter()
            .find(|mv| notation::coordinate(m, mv) == coords)
            .unwrap_or_else(|| panic!("{coords} is not legal"));
        m.play(pos, &mv);
    }

    #[test]
    fn a_carrier_lets_its_passenger_out() {
        let m = Musketeer::new();
        let mut pos = validate::position_from_fen(
            &m,
            "rnbs2or/ppp2ppp/3bp3/3pN3/k2P3P/6P1/PPP1PP2/RMBQKC1R w 20 ahah - xd",
        )
        .unwrap();
        play(&m, &mut pos, "b1c3");
        assert_eq!(
            fen::vchess_fen(&m, &pos),
            "rnbs2or/ppp2ppp/3bp3/3pN3/k2P3P/2N3P1/PPP1PP2/RXBQKC1R b 21 ahah - xd"
        );
    }

    /// The rule page's "before and after Nc3" pair gives no FEN fields:
    /// the board's carriers say the set-up is over but not what they
    /// carry, so every choice is a completion, and the page's (the
    /// unicorn) is among them.
    #[test]
    fn a_board_only_diagram_stands_for_every_choice_of_passengers() {
        let m = Musketeer::new();
        let board = "rnbs2or/ppp2ppp/3bp3/3pN3/k2P3P/6P1/PPP1PP2/RMBQKC1R";
        let mut pos = validate::position_from_fen(&m, &format!("{board} w 20 ahah - xd")).unwrap();
        pos.state.variant = 0;
        pos.state.plies = 0;
        let completions = m.diagram_completions(&pos);
        // Both slots are carried (M and C: the first; s and o: the second).
        assert_eq!(completions.len(), 7 * 6);
        let after = "rnbs2or/ppp2ppp/3bp3/3pN3/k2P3P/2N3P1/PPP1PP2/RXBQKC1R";
        let reached = completions.into_iter().filter(|p| {
            let mut p = p.clone();
            let mut list = MoveList::new();
            legal::legal_moves(&m, &mut p, &mut list);
            let Some(mv) = list
                .iter()
                .find(|mv| notation::coordinate(&m, mv) == "b1c3")
            else {
                return false;
            };
            m.play(&mut p, mv);
            fen::vchess_fen(&m, &p).starts_with(after)
        });
        assert_eq!(reached.count(), 6, "the unicorn first, any second piece");
    }

    #[test]
    fn the_set_up_fields_round_trip() {
        let m = Musketeer::new();
        let fen = "rnbqkbnr/pppppppp/8/4D3/8/8/PPPPPPPP/RNBQKBNR b 1 ahah - d-";
        let pos = validate::position_from_fen(&m, fen).unwrap();
        assert_eq!(fen::vchess_fen(&m, &pos), fen);
    }
}
