//! `promotedPieceType` and `mandatoryPiecePromotion`: Fairy-Stockfish's
//! shogi-style promotion of a piece to another type, read into the
//! chess-like engine's piece promotion ([`PieceSpec::promotes`],
//! [`PieceSpec::reverts`], [`PieceZone::Zone`]).
//!
//! Fairy-Stockfish marks a promoted piece on its square: it moves as the
//! type it promoted to, is written `+X` (X its origin) and, captured into a
//! hand, goes back as X. fenpress gives it a letter of its own: the
//! promoted type's own letter when only that one piece promotes to it and
//! nothing else can put one on the board, else a free letter that moves
//! as that type.

use super::{refuse, Entry, ImportError, Set, Variant};
use crate::variants::chesslike::{ChessLikeSpec, PieceSpec, PieceZone};

/// Reads one layer's `promotedPieceType = p:g n:o`, each letter named by
/// the pieces of that layer; a pair overrides its type's earlier one.
pub(super) fn read_pairs(v: &mut Variant, e: &Entry, set: Set) -> Result<(), ImportError> {
    let bad = |why: &str| refuse(&set, why);
    for pair in e.value.split_whitespace() {
        let Some((from, to)) = pair.split_once(':') else {
            return Err(bad("expected pairs of letters, `p:g n:o`"));
        };
        let letter = |text: &str| {
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Ok(c),
                _ => Err(bad("expected pairs of letters, `p:g n:o`")),
            }
        };
        let (from, to) = (letter(from)?, letter(to)?);
        let type_of = |c: char| {
            v.type_of(c)
                .map(str::to_string)
                .ok_or_else(|| bad(&format!("`{c}` is no piece of the variant")))
        };
        let from = type_of(from)?;
        let to = if to == '-' {
            String::new()
        } else {
            type_of(to)?
        };
        v.promoted.retain(|(f, _)| *f != from);
        if !to.is_empty() {
            v.promoted.push((from, to));
        }
    }
    v.promoted_at = Some(set);
    Ok(())
}

/// Whether some piece promotes to the piece of `letter`.
pub(super) fn is_target(v: &Variant, letter: char) -> bool {
    v.type_of(letter)
        .is_some_and(|t| v.promoted.iter().any(|(_, to)| to == t))
}

/// Gives each piece that promotes its promoted piece, and the spec
/// Fairy-Stockfish's zone rule; refuses what fenpress cannot follow.
pub(super) fn apply(
    v: &Variant,
    spec: &mut ChessLikeSpec,
    army: &mut Vec<PieceSpec>,
) -> Result<(), ImportError> {
    let Some(at) = &v.promoted_at else {
        return Ok(());
    };
    if v.promoted.is_empty() {
        return Ok(());
    }
    let forced = match v.get("mandatoryPiecePromotion") {
        Some(s) => super::truth(s)?,
        None => false,
    };
    spec.promotion.pieces = PieceZone::Zone { forced };
    let letter_of = |t: &str| v.pieces.iter().find(|p| p.kind == t).map(|p| p.letter);
    let start = v.get("startFen").map_or("", |s| s.value.as_str());
    let start_board = start.split_whitespace().next().unwrap_or("");
    let mut used: Vec<char> = army.iter().map(|p| p.letter).collect();
    for (from, to) in &v.promoted {
        let (Some(base), Some(target)) = (letter_of(from), letter_of(to)) else {
            continue;
        };
        let royal = |c: char| army.iter().any(|p| p.letter == c && p.royal);
        if royal(base) || royal(target) {
            return Err(refuse(
                at,
                &format!(
                    "`{base}:{target}`: fenpress imports no promotion from or to a royal piece"
                ),
            ));
        }
        // The target's own letter stands for the promoted piece when
        // nothing else puts that piece on the board.
        let alone = v.promoted.iter().filter(|(_, t)| t == to).count() == 1
            && !v.promoted.iter().any(|(f, _)| f == to)
            && !start_board.contains([target, target.to_ascii_uppercase()])
            && !spec
                .promotions
                .iter()
                .flatten()
                .any(|k| k.0 == target as u8)
            && !army.iter().any(|p| p.letter == target && p.pawn);
        let promoted = if alone {
            target
        } else {
            if named_elsewhere(v, to) {
                return Err(refuse(
                    at,
                    &format!("`{base}:{target}`: a promoted `{target}` would need a letter of its own, and a win condition names `{target}` (fenpress cannot count both as one)"),
                ));
            }
            let Some(free) = ('a'..='z').rev().find(|c| !used.contains(c) && *c != 'x') else {
                return Err(refuse(at, "no letter left for the promoted pieces"));
            };
            let model = army
                .iter()
                .find(|p| p.letter == target)
                .cloned()
                .expect("the target is a piece of the army");
            let mut twin = PieceSpec {
                betza: model.betza.clone(),
                ..PieceSpec::piece(free, "")
            }
            .named(format!("promoted {}", from.clone()));
            twin.en_passant = model.en_passant;
            army.push(twin);
            used.push(free);
            free
        };
        for p in army.iter_mut() {
            if p.letter == base {
                p.promotes = Some(promoted);
            }
            if p.letter == promoted {
                p.reverts = Some(base);
            }
        }
    }
    if spec.drops.is_some() || v.get("pieceDrops").is_some_and(|s| s.value == "true") {
        pawn_twins_absent(v, at, spec)?;
    }
    Ok(())
}

/// Whether an extinction or flag key names the piece type `t` (a fresh
/// letter for its promoted form would not count as it).
fn named_elsewhere(v: &Variant, t: &str) -> bool {
    [
        "extinctionPieceTypes",
        "flagPieceWhite",
        "flagPieceBlack",
        "castlingKingPieceWhite",
        "castlingKingPieceBlack",
        "castlingRookPiecesWhite",
        "castlingRookPiecesBlack",
    ]
    .iter()
    .any(|key| {
        v.types
            .get(*key)
            .is_some_and(|(types, _)| types.iter().any(|x| x == t || x == "*"))
    })
}

/// Pawns promoted to chess's pieces are kept apart as `Q~` when captures
/// go to hand; fenpress does not mix them with `+X` pieces.
fn pawn_twins_absent(v: &Variant, at: &Set, spec: &ChessLikeSpec) -> Result<(), ImportError> {
    let to_hand = v.get("capturesToHand").is_some_and(|s| s.value == "true");
    let looped = v.get("dropLoop").is_some_and(|s| s.value == "true");
    let pawns_promote = spec.promotions.iter().any(|p| !p.is_empty());
    if to_hand && !looped && pawns_promote {
        return Err(refuse(
            at,
            "promoted pieces (`+X`) beside pawns promoted to pieces that go back to hand as pawns (`Q~`): fenpress keeps one kind of mark",
        ));
    }
    Ok(())
}
