//! Refusal chess (Refusal1, Refusal2): chess without castling, where the
//! player to move may refuse the opponent's last move, at most one move
//! per turn: the refusal replays that move from its end to its start
//! square (a ply of its own, the refused piece and anything it took put
//! back), and the opponent must then play another move, which cannot be
//! refused, and not the refused one again ("Two moves promoting the same
//! pawn on the same square, but to a different type of piece, count as two
//! different moves"). Refusal2: a player's only legal move cannot be
//! refused ("if a player has only one legal move, this move must be
//! accepted").
//!
//! vchess FEN: `board turn plies ep last`, `last` the last move as vchess's
//! JSON (`{"start":{"x":6,"y":4},"end":...,"appear":[...],"vanish":[...]}`,
//! `"noRef":true` when it cannot be refused, `"refusal":true` for a
//! refusal) or `null`.

use crate::color::Color;
use crate::fen::Field;
use crate::geometry::Geometry;
use crate::legal;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Pins, Rules};
use crate::square::Square;
use crate::validate::Problem;
use crate::variants::chesslike::ChessLike;
use crate::variants::forward::forward_rules;

/// `MoveKind::Special` of a refusal.
pub const REFUSAL: u8 = 1;

const KINDS: [Kind; 6] = [
    Kind::PAWN,
    Kind::KNIGHT,
    Kind::BISHOP,
    Kind::ROOK,
    Kind::QUEEN,
    Kind::KING,
];

fn kind_index(k: Kind) -> u64 {
    KINDS.iter().position(|x| *x == k).unwrap_or(0) as u64
}

/// The last move, as vchess keeps it: the piece that left `from` (of
/// `owner`, `vanished` before, `appeared` after, on `to`), and the other
/// piece it moved, of the other side: taken (a plain move) or put back (a
/// refusal), on `extra_square`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LastMove {
    pub owner: Color,
    pub from: Square,
    pub to: Square,
    pub vanished: Kind,
    pub appeared: Kind,
    pub extra: Option<(Kind, Square)>,
    /// It cannot be refused.
    pub no_refusal: bool,
    /// It is a refusal.
    pub refusal: bool,
}

impl LastMove {
    /// Unpacks `state.variant` (`None`: no last move known).
    pub fn of(state: &State) -> Option<LastMove> {
        let v = state.variant;
        if v & 1 == 0 {
            return None;
        }
        let sq = |shift: u32| Square(((v >> shift) & 0x7f) as u16);
        let kind = |shift: u32| KINDS[(((v >> shift) & 0x7) as usize).min(5)];
        let extra = (v >> 22) & 0x7;
        Some(LastMove {
            owner: if (v >> 15) & 1 == 0 {
                Color::White
            } else {
                Color::Black
            },
            from: sq(1),
            to: sq(8),
            vanished: kind(16),
            appeared: kind(19),
            extra: (extra != 0).then(|| (KINDS[(extra as usize - 1).min(5)], sq(25))),
            no_refusal: (v >> 32) & 1 == 1,
            refusal: (v >> 33) & 1 == 1,
        })
    }

    /// Packs into `state.variant` (`None`: no last move).
    pub fn store(last: Option<LastMove>, state: &mut State) {
        let Some(m) = last else {
            state.variant = 0;
            return;
        };
        let mut v = 1u64;
        v |= (m.from.0 as u64 & 0x7f) << 1;
        v |= (m.to.0 as u64 & 0x7f) << 8;
        v |= u64::from(m.owner == Color::Black) << 15;
        v |= kind_index(m.vanished) << 16;
        v |= kind_index(m.appeared) << 19;
        if let Some((k, s)) = m.extra {
            v |= (kind_index(k) + 1) << 22;
            v |= (s.0 as u64 & 0x7f) << 25;
        }
        v |= u64::from(m.no_refusal) << 32;
        v |= u64::from(m.refusal) << 33;
        state.variant = v;
    }

    /// vchess's JSON of it.
    fn json(&self, g: &Geometry) -> String {
        let rows = i32::from(g.rows());
        let xy = |s: Square| {
            let (x, y) = (rows - 1 - i32::from(g.rank(s)), i32::from(g.file(s)));
            (x, y)
        };
        let pipo = |k: Kind, c: Color, s: Square| {
            let (x, y) = xy(s);
            format!(
                "{{\"p\":\"{}\",\"c\":\"{}\",\"x\":{x},\"y\":{y}}}",
                k.char(),
                c.fen_char()
            )
        };
        let (sx, sy) = xy(self.from);
        let (ex, ey) = xy(self.to);
        let mut appear = vec![pipo(self.appeared, self.owner, self.to)];
        let mut vanish = vec![pipo(self.vanished, self.owner, self.from)];
        if let Some((k, s)) = self.extra {
            let p = pipo(k, self.owner.opposite(), s);
            if self.refusal {
                appear.push(p);
            } else {
                vanish.push(p);
            }
        }
        let mut out = format!(
            "{{\"start\":{{\"x\":{sx},\"y\":{sy}}},\"end\":{{\"x\":{ex},\"y\":{ey}}},\"appear\":[{}],\"vanish\":[{}]",
            appear.join(","),
            vanish.join(",")
        );
        if self.no_refusal {
            out.push_str(",\"noRef\":true");
        }
        if self.refusal {
            out.push_str(",\"refusal\":true");
        }
        out.push('}');
        out
    }

    /// Reads vchess's JSON of a last move (`None` if it is not one).
    fn parse(text: &str, g: &Geometry) -> Option<LastMove> {
        let value = json::parse(text)?;
        let rows = i32::from(g.rows());
        let square = |o: &json::Value| -> Option<Square> {
            let x = o.get("x")?.number()?;
            let y = o.get("y")?.number()?;
            g.square(u8::try_from(y).ok()?, u8::try_from(rows - 1 - x).ok()?)
        };
        let piece = |o: &json::Value| -> Option<(Kind, Color, Square)> {
            let k = o.get("p")?.string()?.chars().next()?;
            let kind = KINDS.into_iter().find(|x| x.char() == k)?;
            let color = match o.get("c")?.string()? {
                "w" => Color::White,
                "b" => Color::Black,
                _ => return None,
            };
            Some((kind, color, square(o)?))
        };
        let flag = |name: &str| value.get(name).is_some_and(|v| v.truthy());
        let refusal = flag("refusal");
        let appear: Vec<_> = value
            .get("appear")?
            .items()?
            .iter()
            .map(piece)
            .collect::<Option<_>>()?;
        let vanish: Vec<_> = value
            .get("vanish")?
            .items()?
            .iter()
            .map(piece)
            .collect::<Option<_>>()?;
        let (first, extra) = if refusal {
            (vanish.as_slice(), appear.get(1))
        } else {
            (appear.as_slice(), vanish.get(1))
        };
        if first.len() != 1 || appear.is_empty() || vanish.is_empty() {
            return None;
        }
        let (vanished, owner, _) = vanish[0];
        let (appeared, _, _) = appear[0];
        Some(LastMove {
            owner,
            from: square(value.get("start")?)?,
            to: square(value.get("end")?)?,
            vanished,
            appeared,
            extra: extra.map(|(k, _, s)| (*k, *s)),
            no_refusal: flag("noRef"),
            refusal,
        })
    }
}

/// Refusal chess, and Refusal2's "only move must be accepted".
pub struct Refusal {
    name: &'static str,
    /// Refusal2: a side's only legal move cannot be refused.
    only_move_stands: bool,
    chess: ChessLike,
}

impl Refusal {
    pub fn new(only_move_stands: bool) -> Refusal {
        let name = if only_move_stands {
            "Refusal2"
        } else {
            "Refusal1"
        };
        let chess = super::inner_chess(
            name,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 - null",
            |spec| {
                // "To avoid unnecessary complications, castle is not allowed."
                spec.castling = [false, false];
                spec.fen.en_passant = Some(true);
            },
        );
        Refusal {
            name,
            only_move_stands,
            chess,
        }
    }

    /// The refusal of the last move, if the side to move may refuse it.
    fn refusal_move(&self, pos: &Position) -> Option<Move> {
        let last = LastMove::of(&pos.state)?;
        let us = pos.turn();
        // A refusal is never refused: that would replay the refused move.
        if last.no_refusal || last.refusal || last.owner == us {
            return None;
        }
        let them = last.owner;
        let mut effect = crate::moves::Effect::default();
        effect.vanish.push(last.to, Piece::new(them, last.appeared));
        effect
            .appear
            .push(last.from, Piece::new(them, last.vanished));
        if let Some((k, s)) = last.extra {
            effect.appear.push(s, Piece::new(us, k));
        }
        Some(Move {
            intent: crate::moves::Intent {
                from: last.to,
                to: last.from,
                piece: Piece::new(us, last.appeared),
                promotion: None,
                capture: false,
                kind: MoveKind::Special(REFUSAL),
                chain_step: 0,
                continues: false,
                prior_promotion: None,
            },
            effect,
        })
    }

    /// Whether `mv` replays the move just refused (the same squares, and
    /// for a pawn the same promotion).
    fn replays_refused(&self, pos: &Position, mv: &Move) -> bool {
        let Some(last) = LastMove::of(&pos.state) else {
            return false;
        };
        last.refusal
            && mv.intent.kind != MoveKind::Special(REFUSAL)
            && mv.intent.from == last.to
            && mv.intent.to == last.from
            && (mv.intent.piece.kind != Kind::PAWN
                || mv.effect.appear.as_slice().first().map(|a| a.piece.kind) == Some(last.vanished))
    }

    /// Whether the side to move has at least two legal moves of its own
    /// pieces (Refusal2).
    fn two_own_moves(&self, pos: &mut Position) -> bool {
        let mut moves = MoveList::new();
        self.chess.pseudo_legal_moves(pos, &mut moves);
        moves.retain(|m| !self.replays_refused(pos, m));
        let mut n = 0;
        for mv in &moves {
            if legal::is_legal(&self.chess, pos, mv) {
                n += 1;
                if n >= 2 {
                    return true;
                }
            }
        }
        false
    }
}

impl Rules for Refusal {
    forward_rules!(chess => geometry, kinds, royal_kinds, piece_name, fen_style, promotions, position_problems);
    fn name(&self) -> &str {
        self.name
    }
    fn start_fen(&self) -> &str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 - null"
    }
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        self.chess.royal_attacked(pos, color)
    }
    fn pinned(&self, pos: &Position) -> Option<Pins> {
        self.chess.pinned(pos)
    }
    fn move_note(&self, mv: &Move) -> Option<&'static str> {
        (mv.intent.kind == MoveKind::Special(REFUSAL)).then_some("refusal")
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if let Some(r) = self.refusal_move(pos) {
            out.push(r);
        }
        let start = out.len();
        self.chess.pseudo_legal_moves(pos, out);
        if LastMove::of(&pos.state).is_some_and(|l| l.refusal) {
            let mut kept = start;
            for i in start..out.len() {
                if !self.replays_refused(pos, &out[i]) {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        let before = LastMove::of(&pos.state);
        let us = pos.turn();
        let refusal = mv.intent.kind == MoveKind::Special(REFUSAL);
        // The move after one's own was refused cannot be refused; nor a
        // refusal (Refusal1), nor a side's only move (Refusal2, whose
        // refusals vchess marks so only then: the ban on replaying a
        // refused move forbids refusing them anyway).
        let refused_before = before.is_some_and(|l| l.refusal);
        let no_refusal = if self.only_move_stands {
            refused_before || !self.two_own_moves(pos)
        } else {
            refusal || refused_before
        };
        let undo = self.chess.play(pos, mv);
        let vanish = mv.effect.vanish.as_slice();
        let appear = mv.effect.appear.as_slice();
        let (vanished, appeared, extra) = if refusal {
            (
                vanish.first().map_or(Kind::PAWN, |v| v.piece.kind),
                appear.first().map_or(Kind::PAWN, |a| a.piece.kind),
                appear.get(1).map(|a| (a.piece.kind, a.square)),
            )
        } else {
            (
                vanish.first().map_or(Kind::PAWN, |v| v.piece.kind),
                appear.first().map_or(Kind::PAWN, |a| a.piece.kind),
                vanish.get(1).map(|v| (v.piece.kind, v.square)),
            )
        };
        let owner = if refusal { us.opposite() } else { us };
        LastMove::store(
            Some(LastMove {
                owner,
                from: mv.intent.from,
                to: mv.intent.to,
                vanished,
                appeared,
                extra,
                no_refusal,
                refusal,
            }),
            &mut pos.state,
        );
        undo
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        self.chess.unplay(pos, mv, undo)
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        let Some(f) = fields.first() else { return };
        if f.text == "null" {
            LastMove::store(None, state);
            return;
        }
        match LastMove::parse(&f.text, self.geometry()) {
            Some(m) => LastMove::store(Some(m), state),
            None => problems.push(Problem::BadField {
                field: "last move",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        let last = LastMove::of(&pos.state)
            .map_or_else(|| "null".to_string(), |m| m.json(self.geometry()));
        (String::new(), format!(" {last}"))
    }
}

/// Just enough JSON for vchess's move records: objects, arrays, strings
/// without escapes, integers, `true`, `false`, `null`.
mod json {
    #[derive(Debug, Clone)]
    pub enum Value {
        Object(Vec<(String, Value)>),
        Array(Vec<Value>),
        String(String),
        Number(i64),
        Bool(bool),
        Null,
    }

    impl Value {
        pub fn get(&self, key: &str) -> Option<&Value> {
            match self {
                Value::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
                _ => None,
            }
        }
        pub fn number(&self) -> Option<i32> {
            match self {
                Value::Number(n) => i32::try_from(*n).ok(),
                _ => None,
            }
        }
        pub fn string(&self) -> Option<&str> {
            match self {
                Value::String(s) => Some(s),
                _ => None,
            }
        }
        pub fn items(&self) -> Option<&[Value]> {
            match self {
                Value::Array(v) => Some(v),
                _ => None,
            }
        }
        pub fn truthy(&self) -> bool {
            !matches!(self, Value::Bool(false) | Value::Null)
        }
    }

    pub fn parse(text: &str) -> Option<Value> {
        let bytes = text.as_bytes();
        let mut i = 0;
        let v = value(bytes, &mut i)?;
        skip_ws(bytes, &mut i);
        (i == bytes.len()).then_some(v)
    }

    fn skip_ws(b: &[u8], i: &mut usize) {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    }

    fn string(b: &[u8], i: &mut usize) -> Option<String> {
        if b.get(*i) != Some(&b'"') {
            return None;
        }
        let start = *i + 1;
        let end = start + b[start..].iter().position(|c| *c == b'"')?;
        *i = end + 1;
        let s = std::str::from_utf8(&b[start..end]).ok()?;
        (!s.contains('\\')).then(|| s.to_string())
    }

    fn value(b: &[u8], i: &mut usize) -> Option<Value> {
        skip_ws(b, i);
        match *b.get(*i)? {
            b'{' => {
                *i += 1;
                let mut fields = Vec::new();
                skip_ws(b, i);
                if b.get(*i) == Some(&b'}') {
                    *i += 1;
                    return Some(Value::Object(fields));
                }
                loop {
                    skip_ws(b, i);
                    let k = string(b, i)?;
                    skip_ws(b, i);
                    if b.get(*i) != Some(&b':') {
                        return None;
                    }
                    *i += 1;
                    fields.push((k, value(b, i)?));
                    skip_ws(b, i);
                    match b.get(*i)? {
                        b',' => *i += 1,
                        b'}' => {
                            *i += 1;
                            return Some(Value::Object(fields));
                        }
                        _ => return None,
                    }
                }
            }
            b'[' => {
                *i += 1;
                let mut items = Vec::new();
                skip_ws(b, i);
                if b.get(*i) == Some(&b']') {
                    *i += 1;
                    return Some(Value::Array(items));
                }
                loop {
                    items.push(value(b, i)?);
                    skip_ws(b, i);
                    match b.get(*i)? {
                        b',' => *i += 1,
                        b']' => {
                            *i += 1;
                            return Some(Value::Array(items));
                        }
                        _ => return None,
                    }
                }
            }
            b'"' => string(b, i).map(Value::String),
            b't' if b[*i..].starts_with(b"true") => {
                *i += 4;
                Some(Value::Bool(true))
            }
            b'f' if b[*i..].starts_with(b"false") => {
                *i += 5;
                Some(Value::Bool(false))
            }
            b'n' if b[*i..].starts_with(b"null") => {
                *i += 4;
                Some(Value::Null)
            }
            c if c == b'-' || c.is_ascii_digit() => {
                let start = *i;
                *i += 1;
                while *i < b.len() && b[*i].is_ascii_digit() {
                    *i += 1;
                }
                std::str::from_utf8(&b[start..*i])
                    .ok()?
                    .parse()
                    .ok()
                    .map(Value::Number)
            }
            _ => None,
        }
    }
}
