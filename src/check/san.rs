//! Matching a move as a caption writes it (SAN-like `Nxe4`, coordinates
//! `d1d2`, `Ne4xc3`, castling `0-0-0`) against the moves the rules core
//! generates, and saying in words why a move is illegal.

use fenpress_rules::moves::{Move, MoveKind};
use fenpress_rules::rules::{royal_captures, Rules};
use fenpress_rules::{Geometry, Kind, Position};

use super::claims::ParsedMove;

/// Whether `mv` is a move the text `parsed` can mean.
pub fn matches(parsed: &ParsedMove, mv: &Move, g: &Geometry, en_passant: bool) -> bool {
    let i = &mv.intent;
    match parsed {
        ParsedMove::Castle { long } => match i.kind {
            MoveKind::Castle { rook_from, .. } => (g.file(rook_from) < g.file(i.from)) == *long,
            _ => false,
        },
        ParsedMove::Piece {
            piece,
            from_file,
            from_rank,
            capture,
            to,
            promotion,
            drop,
        } => {
            if *drop || g.file(i.to) != to.0 || g.rank(i.to) != to.1 {
                return false;
            }
            if matches!(i.kind, MoveKind::Castle { .. }) {
                return false;
            }
            let full_from = from_file.is_some() && from_rank.is_some();
            // No piece letter: a pawn in SAN, any piece in coordinates.
            let kind_ok = match piece {
                Some(p) => i.piece.kind == Kind(p.to_ascii_lowercase() as u8),
                None => full_from || i.piece.kind == Kind::PAWN,
            };
            if !kind_ok {
                return false;
            }
            if from_file.is_some_and(|f| g.file(i.from) != f)
                || from_rank.is_some_and(|r| g.rank(i.from) != r)
            {
                return false;
            }
            if (*capture || en_passant) && !i.capture {
                return false;
            }
            if en_passant && i.kind != MoveKind::EnPassant {
                return false;
            }
            match promotion {
                Some(p) => i.promotion == Some(Kind(p.to_ascii_lowercase() as u8)),
                None => true,
            }
        }
    }
}

/// The moves of `list` that `parsed` can mean. Moves that differ only by
/// promotion count once (the first, the queen in chess), since a caption
/// that does not name the promotion means any of them.
pub fn candidates<'a>(
    parsed: &ParsedMove,
    list: &'a [Move],
    g: &Geometry,
    ep: bool,
) -> Vec<&'a Move> {
    let mut out: Vec<&Move> = Vec::new();
    for m in list.iter().filter(|m| matches(parsed, m, g, ep)) {
        if !out.iter().any(|o| {
            o.intent.from == m.intent.from
                && o.intent.to == m.intent.to
                && o.intent.kind == m.intent.kind
        }) {
            out.push(m);
        }
    }
    out
}

/// A piece's name for messages.
pub fn piece_name(kind: Kind) -> String {
    match kind.char() {
        'p' => "pawn".into(),
        'n' => "knight".into(),
        'b' => "bishop".into(),
        'r' => "rook".into(),
        'q' => "queen".into(),
        'k' => "king".into(),
        c => format!("piece `{c}`"),
    }
}

/// Why a pseudo-legal move is illegal: the opponent's piece that could then
/// take a royal piece.
pub fn why_illegal(rules: &dyn Rules, pos: &Position, mv: &Move) -> String {
    let g = rules.geometry();
    let mut after = pos.clone();
    let mover = mv.color();
    let undo = rules.play(&mut after, mv);
    let captures = royal_captures(rules, &after, mover);
    let reason = match captures.first() {
        Some(c) => {
            let victim = c
                .effect
                .vanish
                .as_slice()
                .iter()
                .find(|v| v.piece.color == mover)
                .map(|v| (v.piece.kind, v.square));
            match victim {
                Some((k, sq)) => format!(
                    "the {} on {} could then take the {} on {}",
                    piece_name(c.intent.piece.kind),
                    g.square_name(c.intent.from),
                    piece_name(k),
                    g.square_name(sq)
                ),
                None => "it leaves the king capturable".into(),
            }
        }
        None => "it leaves the king capturable".into(),
    };
    rules.unplay(&mut after, mv, undo);
    reason
}
