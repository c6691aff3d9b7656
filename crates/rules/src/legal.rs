//! Legality, the one generic way: a move is legal unless, once played, some
//! pseudo-legal reply of the opponent removes a royal piece of the mover.
//! Also game results and perft, which only need that. Rules that can list
//! the pinned pieces of a node ([`Rules::pinned`]) let a plain move that
//! leaves no pinned square skip being played to be tested; in check, such
//! a move is legal when it takes the checker or blocks its line.

use crate::color::Color;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::KindSet;
use crate::position::Position;
use crate::rules::{CheckSquares, Outcome, Pins, Rules};

/// Whether `mv` is a plain move: one piece, not royal, goes from `from` to
/// `to` (promoting or not), taking at most what stands on `to`. Played
/// when its side is not in check, such a move can only expose a royal by
/// leaving a line to it, so a move leaving no pinned square is legal.
#[inline]
pub fn is_plain(rules: &dyn Rules, mv: &Move) -> bool {
    plain(rules.royal_kinds(), mv)
}

/// [`is_plain`] with the rules' royal kinds asked once per node.
#[inline]
fn plain(royals: KindSet, mv: &Move) -> bool {
    let i = &mv.intent;
    if i.continues
        || !matches!(i.kind, MoveKind::Normal | MoveKind::DoubleStep)
        || royals.contains(i.piece.kind)
    {
        return false;
    }
    let appear = mv.effect.appear.as_slice();
    appear.len() == 1
        && appear[0].square == i.to
        && mv
            .effect
            .vanish
            .as_slice()
            .iter()
            .all(|v| v.square == i.from || v.square == i.to)
}

/// Whether `mv` is a plain drop: a piece of the mover, not royal, put from
/// the hand on `to`, removing nothing. Such a move only adds a piece of the
/// mover, which can close a line to its royal but never open one: when
/// not in check it is legal, in check exactly when it blocks every line
/// of the check.
#[inline]
pub fn is_plain_drop(rules: &dyn Rules, mv: &Move) -> bool {
    plain_drop(rules.royal_kinds(), mv)
}

/// [`is_plain_drop`] with the rules' royal kinds asked once per node.
#[inline]
fn plain_drop(royals: KindSet, mv: &Move) -> bool {
    let i = &mv.intent;
    if i.continues || i.kind != MoveKind::Drop || royals.contains(i.piece.kind) {
        return false;
    }
    let appear = mv.effect.appear.as_slice();
    appear.len() == 1
        && appear[0].square == i.to
        && appear[0].piece.color == i.piece.color
        && mv.effect.vanish.as_slice().is_empty()
}

/// Whether `mv` is legal by the node's pins alone (see [`is_plain`] and
/// [`is_plain_drop`]): `None` when it must be played to be tested.
#[inline]
fn judged_by_pins(royals: KindSet, pins: &Option<Pins>, mv: &Move) -> Option<bool> {
    let pins = pins.as_ref()?;
    if mv.intent.kind == MoveKind::Drop {
        if pins.screens.contains(mv.intent.to) || !plain_drop(royals, mv) {
            return None;
        }
        return Some(pins.check.is_none_or(|stops| stops.contains(mv.intent.to)));
    }
    if pins.pinned.contains(mv.intent.from)
        || pins.screens.contains(mv.intent.to)
        || !plain(royals, mv)
    {
        return None;
    }
    Some(pins.check.is_none_or(|stops| stops.contains(mv.intent.to)))
}

/// Whether `mv` is legal by the node's pins and check squares alone, for
/// rules that forbid giving check (see [`Rules::pins_without_check`]):
/// `None` when it must be played to be tested.
#[inline]
fn judged_without_check(
    royals: KindSet,
    shortcut: &Option<(Pins, CheckSquares)>,
    mv: &Move,
) -> Option<bool> {
    let (pins, squares) = shortcut.as_ref()?;
    if pins.pinned.contains(mv.intent.from)
        || pins.screens.contains(mv.intent.to)
        || !plain(royals, mv)
    {
        return None;
    }
    if pins
        .check
        .is_some_and(|stops| !stops.contains(mv.intent.to))
    {
        return Some(false);
    }
    // Safe for the mover; it may still give check.
    if squares.may_check(mv.intent.from, mv.intent.to) {
        return None;
    }
    Some(true)
}

/// The node's pins, where the rules give them and may use them.
#[inline]
fn pins_of(rules: &dyn Rules, pos: &Position) -> Option<Pins> {
    if rules.forbids_giving_check() {
        None
    } else {
        rules.pinned(pos)
    }
}

/// Whether one of `moves` (pseudo-legal for `pos`) is legal: the answer to
/// "is the side to move stuck?" without keeping the list. Moves the pins
/// judge come first, so in check the moves that block or take decide
/// before any is played.
pub fn any_legal(rules: &dyn Rules, pos: &mut Position, moves: &[Move]) -> bool {
    let pins = pins_of(rules, pos);
    let royals = rules.royal_kinds();
    if pins.is_none() {
        return moves.iter().any(|mv| is_legal(rules, pos, mv));
    }
    let mut untested = false;
    for mv in moves {
        match judged_by_pins(royals, &pins, mv) {
            Some(true) => return true,
            Some(false) => {}
            None => untested = true,
        }
    }
    untested
        && moves
            .iter()
            .any(|mv| judged_by_pins(royals, &pins, mv).is_none() && is_legal(rules, pos, mv))
}

/// Whether `mv` (pseudo-legal for `pos`) leaves the mover's royals safe.
/// A chain step that `continues` is judged at the chain's end, by the variant.
#[inline]
pub fn is_legal(rules: &dyn Rules, pos: &mut Position, mv: &Move) -> bool {
    if mv.intent.continues {
        return true;
    }
    let mover = mv.color();
    let undo = rules.play(pos, mv);
    let safe = !(rules.illegal_after(pos, mover)
        || (rules.forbids_giving_check() && rules.royal_attacked(pos, mover.opposite())));
    rules.unplay(pos, mv, undo);
    safe
}

/// The legal moves of the side to move, appended to `out` (cleared first).
/// A position already decided by a variant result has none.
///
/// ```
/// use fenpress_rules::{legal::legal_moves, registry};
/// let chess = registry::rules("chess").unwrap();
/// let mut pos = chess.start_position();
/// let mut moves = Vec::new();
/// legal_moves(chess, &mut pos, &mut moves);
/// assert_eq!(moves.len(), 20);
/// ```
pub fn legal_moves(rules: &dyn Rules, pos: &mut Position, out: &mut MoveList) {
    out.clear();
    if rules.variant_outcome(pos).is_some() {
        return;
    }
    rules.pseudo_legal_moves(pos, out);
    let pins = pins_of(rules, pos);
    let royals = rules.royal_kinds();
    let no_check = if rules.forbids_giving_check() {
        rules.pins_without_check(pos)
    } else {
        None
    };
    let mut kept = 0;
    for i in 0..out.len() {
        let mv = out[i];
        let judged = judged_by_pins(royals, &pins, &mv)
            .or_else(|| judged_without_check(royals, &no_check, &mv));
        let legal = match judged {
            Some(verdict) => verdict,
            None => is_legal(rules, pos, &mv),
        };
        if legal {
            out[kept] = mv;
            kept += 1;
        }
    }
    out.truncate(kept);
    if rules.restricts_legal() {
        rules.restrict_legal(pos, out);
    }
}

/// The legal moves of `fen` in coordinates, sorted: the list a variant's
/// unit tests compare with the oracle's.
#[cfg(test)]
pub(crate) fn sorted_coordinates(rules: &dyn Rules, fen: &str) -> Vec<String> {
    let mut pos = crate::validate::position_from_fen(rules, fen).expect("a test FEN");
    let mut list = MoveList::new();
    legal_moves(rules, &mut pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|m| crate::notation::coordinate(rules, m))
        .collect();
    out.sort();
    out
}

/// [`sorted_coordinates`] of the piece on `from` only.
#[cfg(test)]
pub(crate) fn sorted_coordinates_from(rules: &dyn Rules, fen: &str, from: &str) -> Vec<String> {
    let mut out = sorted_coordinates(rules, fen);
    out.retain(|m| m.starts_with(from));
    out
}

/// Whether the side to move is in check (a royal piece can be taken).
pub fn in_check(rules: &dyn Rules, pos: &Position) -> bool {
    rules.royal_attacked(pos, pos.turn())
}

/// The result of the position, if the game is over.
pub fn outcome(rules: &dyn Rules, pos: &mut Position) -> Option<Outcome> {
    if let Some(o) = rules.variant_outcome(pos) {
        return Some(o);
    }
    let mut moves = MoveList::new();
    legal_moves(rules, pos, &mut moves);
    if !moves.is_empty() {
        return None;
    }
    Some(if in_check(rules, pos) {
        Outcome::Checkmate {
            winner: pos.turn().opposite(),
        }
    } else {
        rules.stalemate_outcome(pos)
    })
}

/// Counts the leaves of the legal move tree `depth` plies deep.
///
/// ```
/// use fenpress_rules::{legal::perft, registry};
/// let chess = registry::rules("chess").unwrap();
/// assert_eq!(perft(chess, &mut chess.start_position(), 3), 8902);
/// ```
pub fn perft(rules: &dyn Rules, pos: &mut Position, depth: u32) -> u64 {
    let mut buffers: Vec<MoveList> = (0..depth.max(1))
        .map(|_| MoveList::with_capacity(256))
        .collect();
    perft_with(rules, pos, depth, &mut buffers)
}

/// Perft split by root move: each legal move with its subtree's count.
pub fn perft_divide(rules: &dyn Rules, pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut roots = MoveList::new();
    legal_moves(rules, pos, &mut roots);
    let mut buffers: Vec<MoveList> = (0..depth.max(1))
        .map(|_| MoveList::with_capacity(256))
        .collect();
    roots
        .into_iter()
        .map(|mv| {
            let undo = rules.play(pos, &mv);
            let n = perft_with(rules, pos, depth.saturating_sub(1), &mut buffers);
            rules.unplay(pos, &mv, undo);
            (mv, n)
        })
        .collect()
}

fn perft_with(rules: &dyn Rules, pos: &mut Position, depth: u32, buffers: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if rules.variant_outcome(pos).is_some() {
        return 0;
    }
    let Some((list, deeper)) = buffers.split_first_mut() else {
        return 0;
    };
    if rules.restricts_legal() || rules.forbids_giving_check() {
        // Legality depends on more than the mover's royals: judge the list
        // whole, then count or descend.
        legal_moves(rules, pos, list);
        if depth == 1 {
            return list.len() as u64;
        }
        let mut nodes = 0;
        for mv in list.iter() {
            let undo = rules.play(pos, mv);
            nodes += perft_with(rules, pos, depth - 1, deeper);
            rules.unplay(pos, mv, undo);
        }
        return nodes;
    }
    list.clear();
    rules.pseudo_legal_moves(pos, list);
    let pins = rules.pinned(pos);
    let royals = rules.royal_kinds();
    let mut nodes = 0;
    for mv in list.iter() {
        let judged = judged_by_pins(royals, &pins, mv);
        match judged {
            Some(false) => continue,
            Some(true) if depth == 1 => {
                nodes += 1;
                continue;
            }
            _ => {}
        }
        let mover: Color = mv.color();
        let undo = rules.play(pos, mv);
        // Chains are judged at their end by the variant; count them through.
        if judged.is_some() || mv.intent.continues || !rules.illegal_after(pos, mover) {
            // At the last ply a legal move is a leaf: counting it needs no
            // deeper generation (the usual "bulk" count).
            nodes += if depth == 1 {
                1
            } else {
                perft_with(rules, pos, depth - 1, deeper)
            };
        }
        rules.unplay(pos, mv, undo);
    }
    nodes
}
