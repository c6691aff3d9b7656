//! Move notation: SAN-like (`Nf3`, `exd5`, `e8=Q`, `O-O`, `Nbd2`, `Qh4e1`,
//! long forms `Ng1-f3`, `Ne4xc3`), drops (`P@e4`, `N@f3`; vchess's `@e4`
//! for a pawn) and coordinates (`e2e4`, `e7e8q`), in the variant's letters. Three error types, kept apart: the text does not parse
//! ([`SyntaxError`]), it names no legal move ([`Illegal`]), or it names
//! several ([`MoveError::Ambiguous`]).

use crate::color::Color;
use crate::geometry::{file_char, parse_square_coords};
use crate::legal;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::rules::{royal_captures, Rules};
use crate::square::Square;

/// Which way a king castles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CastleSide {
    /// `O-O`: towards the h-side.
    King,
    /// `O-O-O`: towards the a-side.
    Queen,
}

/// A move as written, before looking at a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MoveText {
    /// The piece letter (SAN); `None` means a pawn in SAN, any piece when
    /// the full origin is given (`e2e4`).
    pub piece: Option<Kind>,
    pub from_file: Option<u8>,
    pub from_rank: Option<u8>,
    /// Destination file and rank (0-based); unused when castling.
    pub to: (u8, u8),
    pub promotion: Option<Kind>,
    /// Whether an `x` was written (informative only: it is optional).
    pub capture: bool,
    pub castle: Option<CastleSide>,
    /// A drop from the hand (`N@f3`): `piece` is what is dropped (`None`
    /// for vchess's `@e4`, a pawn), `to` where.
    pub drop: bool,
    /// Where a castling's gated piece lands (Schess, `O-O/Hh1`,
    /// `e1g1h/h1`), file and rank; `None`: the king's square, if gated.
    pub gate: Option<(u8, u8)>,
    /// A promotion made before the move (Paco Sako, pacoplay: `=Q:Kd7`,
    /// see [`crate::moves::Intent::prior_promotion`]).
    pub prior_promotion: Option<Kind>,
}

/// Text that is not a move at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxError {
    #[error("`{0}` is not a move: it is empty")]
    Empty(String),
    #[error("`{text}` is not a move: no destination square at its end")]
    NoDestination { text: String },
    #[error("`{text}` is not a move: cannot read `{rest}`")]
    Unreadable { text: String, rest: String },
}

/// Why a well-formed move is not legal here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalReason {
    /// No piece of the side to move can go there (ignoring checks).
    NoPieceCanGo,
    /// Such moves exist but each leaves a royal piece capturable; the
    /// attackers, as (square name, piece) for the first such move.
    LeavesKingInCheck {
        king_moves: bool,
        target: String,
        attackers: Vec<(String, Piece)>,
    },
    /// The game is over (mate, stalemate, campmate).
    GameOver,
    /// A drop of a piece the side to move does not hold.
    NotInHand { piece: Piece },
    /// A drop (or a move) the variant's rules forbid there, in the
    /// variant's words ("a pawn may not be dropped on the last rank").
    DropForbidden { reason: String },

    /// The move's own effect (an explosion, a conversion) would remove one
    /// of the mover's royal pieces: `effect` names it ("explosion") when the
    /// variant does (see [`crate::Rules::move_note`]).
    RemovesOwnRoyal {
        piece: Piece,
        capture: bool,
        target: String,
        royal: Piece,
        effect: Option<&'static str>,
    },
}

/// A move that parses but is not legal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text} is illegal: {}", describe(.reason, .names))]
pub struct Illegal {
    pub text: String,
    pub reason: IllegalReason,
    /// The first pseudo-legal move the text names, when there is one (it
    /// leaves a royal piece capturable): to look at what the opponent could
    /// then do.
    pub attempted: Option<Box<Move>>,
    /// Piece names for the message, as the variant calls them.
    names: Vec<(Piece, String)>,
}

impl Illegal {
    /// Why the move is illegal, in words (the message after "is illegal: ").
    pub fn why(&self) -> String {
        describe(&self.reason, &self.names)
    }
}

/// Why a move is illegal, in words, with the variant's piece names.
pub fn describe_reason(rules: &dyn Rules, reason: &IllegalReason) -> String {
    describe(reason, &piece_names(rules))
}

fn describe(reason: &IllegalReason, names: &[(Piece, String)]) -> String {
    let name = |p: &Piece| {
        names
            .iter()
            .find(|(q, _)| q == p)
            .map(|(_, n)| n.clone())
            .unwrap_or_else(|| p.letter().to_string())
    };
    match reason {
        IllegalReason::NoPieceCanGo => "no piece can go there".into(),
        IllegalReason::GameOver => "the game is over".into(),
        IllegalReason::NotInHand { piece } => format!("no {} in hand", name(piece)),
        IllegalReason::DropForbidden { reason } => reason.clone(),

        IllegalReason::RemovesOwnRoyal {
            piece,
            capture,
            target,
            royal,
            effect,
        } => format!(
            "the {} cannot {} {target}: the {} would take its own {}",
            name(piece),
            if *capture { "take on" } else { "go to" },
            effect.unwrap_or("move"),
            name(royal)
        ),
        IllegalReason::LeavesKingInCheck {
            king_moves,
            target,
            attackers,
        } => {
            let by: Vec<String> = attackers
                .iter()
                .map(|(sq, p)| format!("the {} on {sq}", name(p)))
                .collect();
            let by = if by.is_empty() {
                "an enemy piece".to_string()
            } else {
                by.join(" and ")
            };
            if *king_moves {
                format!("{target} is attacked by {by}")
            } else {
                format!("it would leave the king in check, attacked by {by}")
            }
        }
    }
}

/// Why a move text gives no move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    #[error(transparent)]
    Illegal(#[from] Illegal),
    #[error("{text} is ambiguous: {}", .candidates.join(", "))]
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
}

/// A castling with gating (Schess): `O-O/Hh1` (vchess's), `O-O/H`, or
/// coordinates with the gated piece's square, `e1g1h/h1`.
fn parse_gated(text: &str, head: &str, gate: &str) -> Result<MoveText, SyntaxError> {
    let mut m = parse(head)?;
    let (letter, square) = match gate.as_bytes().first() {
        Some(b) if b.is_ascii_uppercase() => (Kind::from_char(*b as char), &gate[1..]),
        _ => (None, gate),
    };
    if letter.is_some() {
        m.promotion = letter;
    }
    let unreadable = || SyntaxError::Unreadable {
        text: text.into(),
        rest: gate.into(),
    };
    if !square.is_empty() {
        m.gate = Some(parse_square_coords(square).ok_or_else(unreadable)?);
    }
    if m.promotion.is_none() || m.drop {
        return Err(unreadable());
    }
    Ok(m)
}

/// Reads a move's text.
///
/// ```
/// use fenpress_rules::notation::{parse, CastleSide};
/// let m = parse("Nbd2+").unwrap();
/// assert_eq!((m.from_file, m.to), (Some(1), (3, 1)));
/// assert_eq!(parse("O-O-O").unwrap().castle, Some(CastleSide::Queen));
/// assert!(parse("hello").is_err());
/// ```
pub fn parse(text: &str) -> Result<MoveText, SyntaxError> {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    if t.is_empty() {
        return Err(SyntaxError::Empty(text.into()));
    }
    // A promotion made first (`=Q:Kd7`, `=Q:e8d7`).
    if let Some(rest) = t.strip_prefix('=') {
        let kind = rest
            .split_once(':')
            .filter(|(k, _)| k.len() == 1)
            .and_then(|(k, m)| Some((Kind::from_char(k.chars().next()?)?, m)));
        let Some((kind, rest)) = kind else {
            return Err(SyntaxError::Unreadable {
                text: text.into(),
                rest: t.into(),
            });
        };
        let mut m = parse(rest)?;
        m.prior_promotion = Some(kind);
        return Ok(m);
    }
    // A relocated move (`d4d5>b1`, `dxe5>b1`): read without the square it
    // reached; [`resolve`] tells such moves apart by their full text.
    if let Some((head, to)) = t.split_once('>') {
        let digits = head.bytes().rev().take_while(u8::is_ascii_digit).count();
        let via_len = digits + 1;
        if !t.is_ascii() || digits == 0 || head.len() < via_len || to.contains('>') {
            return Err(SyntaxError::Unreadable {
                text: text.into(),
                rest: t.into(),
            });
        }
        return parse(&format!("{}{to}", &head[..head.len() - via_len]));
    }
    if let Some((head, gate)) = t.split_once('/') {
        return parse_gated(text, head, gate);
    }
    if let Some((head, square)) = t.split_once('@') {
        // A drop: `P@e4`, `N@f3`, vchess's `@e4` (a pawn).
        let piece = match head.as_bytes() {
            [] => Some(Kind::PAWN),
            [b] if b.is_ascii_alphabetic() => Kind::from_char(*b as char),
            _ => None,
        };
        let to = parse_square_coords(square);
        return match (piece, to) {
            (Some(piece), Some(to)) => Ok(MoveText {
                piece: Some(piece),
                to,
                drop: true,
                ..Default::default()
            }),
            (_, None) => Err(SyntaxError::NoDestination { text: text.into() }),
            _ => Err(SyntaxError::Unreadable {
                text: text.into(),
                rest: t.into(),
            }),
        };
    }
    match t {
        "O-O" | "0-0" => {
            return Ok(MoveText {
                castle: Some(CastleSide::King),
                ..Default::default()
            })
        }
        "O-O-O" | "0-0-0" => {
            return Ok(MoveText {
                castle: Some(CastleSide::Queen),
                ..Default::default()
            })
        }
        _ => {}
    }
    if !t.is_ascii() {
        return Err(SyntaxError::Unreadable {
            text: text.into(),
            rest: t.into(),
        });
    }
    let mut m = MoveText::default();
    let mut s = t;
    // Allmate's mark of a mate-capture after the destination (`Qg5X`):
    // the pieces it removes are not written.
    if let Some(h) = s
        .strip_suffix('X')
        .filter(|h| h.ends_with(|c: char| c.is_ascii_digit()))
    {
        s = h;
    }
    // Promotion: `=Q`, `Q` after the rank, or a lowercase letter after a
    // full coordinate move (`e7e8q`).
    let b = s.as_bytes();
    if b.len() >= 2 && b[b.len() - 2] == b'=' && b[b.len() - 1].is_ascii_alphabetic() {
        m.promotion = Kind::from_char(b[b.len() - 1] as char);
        s = &s[..s.len() - 2];
    } else if b.len() >= 3
        && b[b.len() - 2].is_ascii_digit()
        && b[b.len() - 1].is_ascii_alphabetic()
    {
        m.promotion = Kind::from_char(b[b.len() - 1] as char);
        s = &s[..s.len() - 1];
    }
    let unreadable = || SyntaxError::Unreadable {
        text: text.into(),
        rest: t.into(),
    };
    // Destination: the trailing square.
    let digits = s.bytes().rev().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 2 || s.len() < digits + 1 {
        return Err(SyntaxError::NoDestination { text: text.into() });
    }
    let to_start = s.len() - digits - 1;
    m.to = parse_square_coords(&s[to_start..])
        .ok_or_else(|| SyntaxError::NoDestination { text: text.into() })?;
    let mut head = &s[..to_start];
    if let Some(h) = head.strip_suffix(['x', ':']) {
        m.capture = true;
        head = h;
    } else if let Some(h) = head.strip_suffix('-') {
        head = h;
    }
    if let Some(first) = head.chars().next() {
        if first.is_ascii_uppercase() {
            m.piece = Kind::from_char(first);
            head = &head[1..];
        }
    }
    // What is left is the origin, whole or in part: file letter, rank digits.
    let hb = head.as_bytes();
    let mut i = 0;
    if i < hb.len() && hb[i].is_ascii_lowercase() {
        m.from_file = Some(hb[i] - b'a');
        i += 1;
    }
    if i < hb.len() {
        let r: String = head[i..].to_string();
        match r.parse::<u8>() {
            Ok(n)
                if (1..=crate::geometry::MAX_SIDE).contains(&n)
                    && r.len() <= 2
                    && !r.starts_with('0') =>
            {
                m.from_rank = Some(n - 1)
            }
            _ => return Err(unreadable()),
        }
    }
    Ok(m)
}

/// Whether `mv` fits what `m` says, before legality.
fn fits(rules: &dyn Rules, pos: &Position, mv: &Move, m: &MoveText) -> bool {
    let g = rules.geometry();
    // Like a promotion, a prior promotion left out means any of them.
    if m.prior_promotion.is_some() && mv.intent.prior_promotion != m.prior_promotion {
        return false;
    }
    // A gated castling's text names its gate square, or means the king's.
    let gate_ok = || match m.gate {
        Some((f, r)) => gate_of(mv).is_some_and(|sq| (g.file(sq), g.rank(sq)) == (f, r)),
        None => gate_square(mv).is_none(),
    };
    if let Some(side) = m.castle {
        return matches!(mv.intent.kind, MoveKind::Castle { rook_from, .. }
            if (g.file(rook_from) > g.file(mv.intent.from)) == (side == CastleSide::King))
            && mv.intent.promotion == m.promotion
            && gate_ok();
    }
    // Gating is a choice, not a promotion a text may leave out: `e1g1`
    // is the castling that gates nothing.
    let gated_castle =
        matches!(mv.intent.kind, MoveKind::Castle { .. }) && mv.intent.promotion.is_some();
    if !gate_ok() || (gated_castle && m.promotion.is_none()) {
        return false;
    }
    if m.drop || mv.is_drop() {
        return m.drop
            && mv.is_drop()
            && (g.file(mv.intent.to), g.rank(mv.intent.to)) == m.to
            && m.piece == Some(mv.intent.piece.kind);
    }
    let full_origin = m.from_file.is_some() && m.from_rank.is_some();
    let from = mv.intent.from;
    let mut to_ok = (g.file(mv.intent.to), g.rank(mv.intent.to)) == m.to;
    // King takes own rook: the Chess960 way to write castling.
    if let MoveKind::Castle { rook_from, .. } = mv.intent.kind {
        to_ok |= (g.file(rook_from), g.rank(rook_from)) == m.to && full_origin;
    }
    if !to_ok {
        return false;
    }
    let kind_ok = match m.piece {
        Some(k) => mv.intent.piece.kind == k || rules.notation_kind(mv.intent.piece.kind) == k,
        // Bare coordinates move what stands on the origin, whole.
        None => (full_origin && !splits_off(rules, mv)) || mv.intent.piece.kind == Kind::PAWN,
    };
    let _ = pos;
    kind_ok
        && m.from_file.is_none_or(|f| g.file(from) == f)
        && m.from_rank.is_none_or(|r| g.rank(from) == r)
        && (m.promotion.is_none() || mv.intent.promotion == m.promotion)
}

/// Finds the legal move a text names in `pos`.
///
/// ```
/// use fenpress_rules::{notation::{parse_move, MoveError}, registry, validate::position_from_fen};
/// let chess = registry::rules("chess").unwrap();
/// let mut pos = position_from_fen(chess, "4k3/8/8/5r2/8/8/8/4K3 w - -").unwrap();
/// let err = parse_move(chess, &mut pos, "Kf1").unwrap_err();
/// assert_eq!(err.to_string(), "Kf1 is illegal: f1 is attacked by the rook on f5");
/// let mut pos = position_from_fen(chess, "4k3/8/8/8/8/5N2/8/1N2K3 w - -").unwrap();
/// let err = parse_move(chess, &mut pos, "Nd2").unwrap_err();
/// assert_eq!(err.to_string(), "Nd2 is ambiguous: b1, f3");
/// ```
pub fn parse_move(rules: &dyn Rules, pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    let m = match parse(text) {
        Ok(m) => m,
        // A name no notation reads but the variant's own (Checkered's
        // switch, `S`).
        Err(e) => return own_named(rules, pos, text).ok_or(e.into()),
    };
    resolve(rules, pos, &m, text)
}

/// The legal move the variant names `text` its own way
/// ([`Rules::notation_override`]), if any.
fn own_named(rules: &dyn Rules, pos: &mut Position, text: &str) -> Option<Move> {
    let bare = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let mut pseudo = MoveList::new();
    rules.pseudo_legal_moves(pos, &mut pseudo);
    pseudo
        .into_iter()
        .find(|mv| named_own_way(rules, mv, bare) && legal::is_legal(rules, pos, mv))
}

/// Whether the variant names `mv` `bare` its own way: its own name
/// ([`Rules::notation_override`]), alone or with the suffix SAN writes
/// after it (Football's kicker, `i1-h3/h2`).
fn named_own_way(rules: &dyn Rules, mv: &Move, bare: &str) -> bool {
    let Some(own) = rules.notation_override(mv) else {
        return false;
    };
    match bare.strip_prefix(own.as_str()) {
        Some("") => true,
        Some(rest) => rules.notation_suffix(mv).as_deref() == Some(rest),
        None => false,
    }
}

/// Finds the legal move a parsed text names in `pos`; `text` is for messages.
pub fn resolve(
    rules: &dyn Rules,
    pos: &mut Position,
    m: &MoveText,
    text: &str,
) -> Result<Move, MoveError> {
    resolve_with(rules, pos, m, text, false)
}

/// [`resolve`] for moves written in prose (captions): a text that names
/// no promotion means any of them, so moves that differ only by the
/// promoted piece count once (the first the variant lists, the queen in
/// chess) instead of being ambiguous.
///
/// ```
/// use fenpress_rules::{notation::{parse, resolve, resolve_lenient}, registry, validate::position_from_fen};
/// let chess = registry::rules("chess").unwrap();
/// let mut pos = position_from_fen(chess, "4k3/P7/8/8/8/8/8/4K3 w - -").unwrap();
/// let m = parse("a8").unwrap();
/// assert!(resolve(chess, &mut pos, &m, "a8").is_err());
/// assert!(resolve_lenient(chess, &mut pos, &m, "a8").is_ok());
/// ```
pub fn resolve_lenient(
    rules: &dyn Rules,
    pos: &mut Position,
    m: &MoveText,
    text: &str,
) -> Result<Move, MoveError> {
    resolve_with(rules, pos, m, text, true)
}

fn resolve_with(
    rules: &dyn Rules,
    pos: &mut Position,
    m: &MoveText,
    text: &str,
    any_promotion: bool,
) -> Result<Move, MoveError> {
    let text = text.trim();
    let illegal = |reason, attempted| Illegal {
        text: text.to_string(),
        reason,
        attempted,
        names: piece_names(rules),
    };
    if rules.variant_outcome(pos).is_some() {
        return Err(illegal(IllegalReason::GameOver, None).into());
    }
    let mut pseudo = MoveList::new();
    rules.pseudo_legal_moves(pos, &mut pseudo);
    // A move the variant names its own way (Swap's `Sg7g8`) is found by
    // that name.
    let bare = text.trim_end_matches(['+', '#', '!', '?']);
    if let Some(own) = pseudo
        .iter()
        .copied()
        .find(|mv| named_own_way(rules, mv, bare) && legal::is_legal(rules, pos, mv))
    {
        return Ok(own);
    }
    pseudo.retain(|mv| fits(rules, pos, mv, m));
    // A missing promotion letter in coordinates (`e7e8`) is ambiguous, not
    // a different move; in SAN likewise.
    let mut legal: Vec<Move> = pseudo
        .iter()
        .copied()
        .filter(|mv| legal::is_legal(rules, pos, mv))
        .collect();
    legal.dedup_by(|a, b| a.intent == b.intent);
    if text.contains('>') {
        // A relocated move: the text names the square it reached too.
        let bare = text.trim_end_matches(['+', '#', '!', '?']);
        legal.retain(|mv| {
            rules.relocated_via(mv).is_some()
                && (pawn_san(rules, mv) == bare || coordinate(rules, mv) == bare)
        });
    }
    if any_promotion && m.promotion.is_none() {
        let mut seen: Vec<Move> = Vec::new();
        for mv in legal {
            let same = |o: &Move| {
                o.intent.from == mv.intent.from
                    && o.intent.to == mv.intent.to
                    && o.intent.kind == mv.intent.kind
            };
            if !seen.iter().any(same) {
                seen.push(mv);
            }
        }
        legal = seen;
    }
    // Rococo's and Fugue's mutual destruction and swap between the same
    // squares: the text's `x` tells them apart (`e5xe6`, `e5e6`). Other
    // moves alike but for a capture stay ambiguous without more (an
    // Apocalypse pawn's redirected push and capture need their `>`).
    let destruction = Some(crate::variants::rococo::DESTRUCTION);
    if legal.len() > 1
        && legal.iter().any(|mv| rules.move_note(mv) == destruction)
        && legal.iter().any(|mv| mv.intent.capture == m.capture)
        && legal.iter().any(|mv| mv.intent.capture != m.capture)
        && legal
            .iter()
            .all(|mv| mv.intent.from == legal[0].intent.from && mv.intent.to == legal[0].intent.to)
    {
        legal.retain(|mv| mv.intent.capture == m.capture);
    }
    let g = rules.geometry();
    match legal.len() {
        1 => Ok(legal[0]),
        0 => {
            let Some(first) = pseudo.first().copied() else {
                let reason = match m.drop {
                    true => drop_reason(rules, pos, m),
                    false => IllegalReason::NoPieceCanGo,
                };
                return Err(illegal(reason, None).into());
            };
            Err(illegal(illegal_reason(rules, pos, &first), Some(Box::new(first))).into())
        }
        _ => {
            let mut candidates: Vec<String> = Vec::new();
            for mv in &legal {
                let mut c = g.square_name(mv.intent.from);
                if legal
                    .iter()
                    .filter(|o| o.intent.from == mv.intent.from)
                    .count()
                    > 1
                {
                    c = coordinate(rules, mv);
                }
                if !candidates.contains(&c) {
                    candidates.push(c);
                }
            }
            Err(MoveError::Ambiguous {
                text: text.to_string(),
                candidates,
            })
        }
    }
}

/// Why no drop fits `m`: nothing to drop, the variant's own rule, or an
/// occupied square.
fn drop_reason(rules: &dyn Rules, pos: &Position, m: &MoveText) -> IllegalReason {
    let g = rules.geometry();
    let kind = m.piece.unwrap_or(Kind::PAWN);
    let piece = Piece::new(pos.turn(), kind);
    if pos.state.hands.count(piece.color, kind) == 0 {
        return IllegalReason::NotInHand { piece };
    }
    let Some(to) = g.square(m.to.0, m.to.1) else {
        return IllegalReason::NoPieceCanGo;
    };
    if let Some(reason) = rules.drop_restriction(pos, piece, to) {
        return IllegalReason::DropForbidden { reason };
    }
    if !pos.board.cell(to).is_empty() {
        return IllegalReason::DropForbidden {
            reason: format!("{} is occupied", g.square_name(to)),
        };
    }
    IllegalReason::NoPieceCanGo
}

/// Why the pseudo-legal move `mv` is illegal: the opponent's pieces that
/// could then take a royal piece.
pub fn illegal_reason(rules: &dyn Rules, pos: &mut Position, mv: &Move) -> IllegalReason {
    let g = rules.geometry();
    let mover = mv.color();
    // A royal piece of the mover that the move itself removes (an
    // explosion, a conversion) and does not put back.
    let royals = pos.board.royals(mover);
    let own = mv.effect.vanish.as_slice().iter().find(|v| {
        v.piece.color == mover
            && royals.contains(v.square)
            && v.square != mv.intent.from
            && !mv
                .effect
                .appear
                .as_slice()
                .iter()
                .any(|a| a.piece == v.piece)
    });
    if let Some(v) = own {
        return IllegalReason::RemovesOwnRoyal {
            piece: mv.intent.piece,
            capture: mv.intent.capture,
            target: g.square_name(mv.intent.to),
            royal: v.piece,
            effect: rules.move_note(mv),
        };
    }
    let undo = rules.play(pos, mv);
    let attackers: Vec<(String, Piece)> = royal_captures(rules, pos, mover)
        .iter()
        .map(|r| (g.square_name(r.intent.from), r.intent.piece))
        .fold(Vec::new(), |mut acc, a| {
            if !acc.contains(&a) {
                acc.push(a);
            }
            acc
        });
    rules.unplay(pos, mv, undo);
    // No royal of the mover can be taken: the variant's own rule forbids
    // the move (Circular: it gives check on a first move).
    if attackers.is_empty() {
        if let Some(reason) = rules.forbidding_rule(pos, mv.intent.from, mv.intent.to) {
            return IllegalReason::DropForbidden {
                reason: reason.to_string(),
            };
        }
    }
    IllegalReason::LeavesKingInCheck {
        king_moves: rules.royal_kinds().contains(mv.intent.piece.kind),
        target: g.square_name(mv.intent.to),
        attackers,
    }
}

/// Piece letters of languages other than English, as (letter, English
/// letter) pairs, for moves written in a page's own language (`Cf3` for
/// `Nf3` in Spanish and French). Empty for English and unknown languages.
pub fn piece_letters(lang: &str) -> &'static [(char, char)] {
    match lang {
        "es" => &[('R', 'K'), ('D', 'Q'), ('T', 'R'), ('A', 'B'), ('C', 'N')],
        "fr" => &[('R', 'K'), ('D', 'Q'), ('T', 'R'), ('F', 'B'), ('C', 'N')],
        "de" => &[('K', 'K'), ('D', 'Q'), ('T', 'R'), ('L', 'B'), ('S', 'N')],
        _ => &[],
    }
}

/// The move text with its piece and promotion letters read through
/// `letters` (see [`piece_letters`]), or `None` when no letter changes.
///
/// ```
/// use fenpress_rules::notation::{parse, piece_letters, translate};
/// let m = translate(&parse("Cxe4").unwrap(), piece_letters("es")).unwrap();
/// assert_eq!(m, parse("Nxe4").unwrap());
/// assert!(translate(&parse("e4").unwrap(), piece_letters("es")).is_none());
/// ```
pub fn translate(m: &MoveText, letters: &[(char, char)]) -> Option<MoveText> {
    let map = |k: Option<Kind>| {
        let k = k?;
        letters
            .iter()
            .find(|(from, _)| Kind::from_char(*from) == Some(k))
            .and_then(|(_, to)| Kind::from_char(*to))
    };
    let piece = map(m.piece);
    let promotion = map(m.promotion);
    if piece.is_none() && promotion.is_none() {
        return None;
    }
    let out = MoveText {
        piece: piece.or(m.piece),
        promotion: promotion.or(m.promotion),
        ..*m
    };
    (out != *m).then_some(out)
}

fn piece_names(rules: &dyn Rules) -> Vec<(Piece, String)> {
    let mut out = Vec::new();
    for color in Color::ALL {
        for k in rules.kinds(color).iter() {
            let p = Piece::new(color, k);
            out.push((p, rules.piece_name(p)));
        }
    }
    out
}

/// A drop as written: the piece's letter, `@`, the square (`P@e4`).
fn drop_text(rules: &dyn Rules, mv: &Move) -> String {
    format!(
        "{}@{}",
        mv.intent.piece.kind.char().to_ascii_uppercase(),
        rules.geometry().square_name(mv.intent.to)
    )
}

/// Coordinate notation: origin, destination, promotion letter (`e7e8q`).
/// Castling is the king's own move (`e1g1`); a drop is `P@e4`.
pub fn coordinate(rules: &dyn Rules, mv: &Move) -> String {
    let mut s = prior_promotion_text(mv);
    if mv.is_drop() {
        s.push_str(&drop_text(rules, mv));
        return s;
    }
    let g = rules.geometry();
    let via = rules
        .relocated_via(mv)
        .map(|v| format!("{}>", g.square_name(v)))
        .unwrap_or_default();
    if splits_off(rules, mv) {
        s.push(mv.intent.piece.kind.char().to_ascii_uppercase());
    }
    // A castling queen (Coregal's) is written as the queen taking its own
    // rook, `d1a1`: she lands where a plain move of hers may land (`d1b1`).
    // Kings (and Titan's king carriers) keep their landing square.
    let to = match mv.intent.kind {
        MoveKind::Castle { rook_from, .. } if mv.intent.piece.kind == Kind::QUEEN => rook_from,
        _ => mv.intent.to,
    };
    // Rococo's mutual destruction takes the piece it could swap with:
    // `e5xe6`, the swap being `e5e6` (the parser reads the `x`).
    let takes = if rules.move_note(mv) == Some(crate::variants::rococo::DESTRUCTION) {
        "x"
    } else {
        ""
    };
    s.push_str(&format!(
        "{}{via}{takes}{}",
        g.square_name(mv.intent.from),
        g.square_name(to)
    ));
    if let Some(k) = mv.intent.promotion {
        s.push(k.char());
    }
    if let Some(sq) = gate_square(mv) {
        s.push('/');
        s.push_str(&g.square_name(sq));
    }
    if let Some(suffix) = rules.notation_suffix(mv) {
        s.push_str(&suffix);
    }
    s
}

/// Whether the move is a Fusion fission (a compound's component moves
/// away, the other stays). Its coordinates name the piece that moves
/// (`Rd1d2`), as the compound moving whole to the same square is `d1d2`.
fn splits_off(rules: &dyn Rules, mv: &Move) -> bool {
    rules.move_note(mv) == Some(crate::variants::effects::fusion::FISSION)
}

/// `=Q:` for a move made after promoting a waiting pawn (Paco Sako,
/// pacoplay), else nothing.
fn prior_promotion_text(mv: &Move) -> String {
    match mv.intent.prior_promotion {
        Some(k) => format!("={}:", k.char().to_ascii_uppercase()),
        None => String::new(),
    }
}

/// Where a castling's gated piece lands when that is not the king's own
/// square (Schess: the rook's): the one thing that tells the two gated
/// castlings with the same piece apart.
fn gate_square(mv: &Move) -> Option<Square> {
    let MoveKind::Castle { .. } = mv.intent.kind else {
        return None;
    };
    let kind = mv.intent.promotion?;
    mv.effect
        .appear
        .as_slice()
        .iter()
        .find(|a| a.piece.kind == kind && a.square != mv.intent.from)
        .map(|a| a.square)
}

/// The origins of the other legal moves of the same piece to the same
/// square (with the same promotion): what SAN must tell apart.
fn rival_origins(rules: &dyn Rules, pos: &mut Position, mv: &Move) -> Vec<Square> {
    let intent = &mv.intent;
    let mut legal_moves = MoveList::new();
    legal::legal_moves(rules, pos, &mut legal_moves);
    legal_moves
        .iter()
        .filter(|o| {
            // Either colour's: a hypnotised enemy piece (Hypnotic, Mesmer)
            // is named by its kind too.
            o.intent.piece.kind == intent.piece.kind
                && o.intent.to == intent.to
                && o.intent.from != intent.from
                // A pawn's promotions are told apart by `=Q`; a piece's
                // move that promotes a partner (Paco Sako) is still a rival.
                && (intent.piece.kind != Kind::PAWN || o.intent.promotion == intent.promotion)
                && o.intent.prior_promotion == intent.prior_promotion
                && o.intent.kind != MoveKind::Drop
        })
        .map(|o| o.intent.from)
        .collect()
}

/// Where a gated castling's piece lands: [`gate_square`], else the
/// king's square; `None` for any other move.
fn gate_of(mv: &Move) -> Option<Square> {
    match mv.intent.kind {
        MoveKind::Castle { .. } if mv.intent.promotion.is_some() => {
            Some(gate_square(mv).unwrap_or(mv.intent.from))
        }
        _ => None,
    }
}

/// The SAN of a pawn move, which needs no look at the board: `e4`,
/// `exd5`, `e8=Q`, and for a relocated move (see
/// [`Rules::relocated_via`]) the square it reached before a `>`
/// (`d5>b1`, `dxe5>b1`).
fn pawn_san(rules: &dyn Rules, mv: &Move) -> String {
    let g = rules.geometry();
    let intent = &mv.intent;
    let mut s = String::new();
    if intent.capture {
        s.push(file_char(g.file(intent.from)));
        s.push('x');
    }
    if let Some(via) = rules.relocated_via(mv) {
        s.push_str(&g.square_name(via));
        s.push('>');
    }
    s.push_str(&g.square_name(intent.to));
    if let Some(k) = intent.promotion {
        s.push('=');
        s.push(k.char().to_ascii_uppercase());
    }
    s
}

/// SAN-like notation of a legal move, with `+` or `#`.
///
/// ```
/// use fenpress_rules::{legal, notation::san, registry};
/// let chess = registry::rules("chess").unwrap();
/// let mut pos = chess.start_position();
/// let mut moves = Vec::new();
/// legal::legal_moves(chess, &mut pos, &mut moves);
/// let names: Vec<String> = moves.iter().map(|m| san(chess, &mut pos, m)).collect();
/// assert!(names.contains(&"Nf3".to_string()) && names.contains(&"e4".to_string()));
/// ```
pub fn san(rules: &dyn Rules, pos: &mut Position, mv: &Move) -> String {
    let g = rules.geometry();
    let mut s = String::new();
    let intent = &mv.intent;
    if intent.kind == MoveKind::Drop {
        s = drop_text(rules, mv);
    } else if let MoveKind::Castle { rook_from, .. } = intent.kind {
        s.push_str(if g.file(rook_from) > g.file(intent.from) {
            "O-O"
        } else {
            "O-O-O"
        });
        // Gating (Schess), as the page's notation: the piece and where it
        // lands, `O-O/He1` (the king's square) or `O-O/Hh1` (the rook's).
        if let Some(k) = intent.promotion {
            s.push('/');
            s.push(k.char().to_ascii_uppercase());
            s.push_str(&g.square_name(gate_of(mv).unwrap_or(intent.from)));
        }
    } else if rules.move_note(mv) == Some(crate::variants::ball::PASS_NOTE) {
        // Ball's pass (or take-back, or steal in place): neither piece
        // moves, the ball changes hands; the site writes `g4Pe2`.
        s.push_str(&g.square_name(intent.from));
        s.push('P');
        s.push_str(&g.square_name(intent.to));
    } else if intent.chain_step > 0 {
        // A chain step (Paco Sako) names its origin in full, as the page
        // writes them: `Ne4xc3`, `c3xb5`.
        if intent.piece.kind != Kind::PAWN {
            s.push(intent.piece.kind.char().to_ascii_uppercase());
        }
        s.push_str(&g.square_name(intent.from));
        s.push(if intent.capture { 'x' } else { '-' });
        s.push_str(&g.square_name(intent.to));
        if let Some(k) = intent.promotion {
            s.push('=');
            s.push(k.char().to_ascii_uppercase());
        }
    } else if rules.san_kind(intent.piece.kind) == Kind::PAWN {
        s = pawn_san(rules, mv);
        // Pawns that step diagonally (Berolina), sideways (Rugby) or
        // several ways to one square: the origin tells them apart, its
        // file if that is enough, else the whole square.
        let rivals = rival_origins(rules, pos, mv);
        if !rivals.is_empty() {
            let (f, from) = (g.file(intent.from), g.square_name(intent.from));
            let by_file = rivals.iter().all(|o| g.file(*o) != f);
            s = match (intent.capture, by_file) {
                (false, true) => format!("{}{s}", file_char(f)),
                (true, true) => s,
                (false, false) => format!("{from}{s}"),
                (true, false) => format!("{from}{}", &s[1..]),
            };
        }
    } else {
        s.push(
            rules
                .san_kind(intent.piece.kind)
                .char()
                .to_ascii_uppercase(),
        );
        let rivals = rival_origins(rules, pos, mv);
        if !rivals.is_empty() {
            let (f, r) = (g.file(intent.from), g.rank(intent.from));
            if rivals.iter().all(|o| g.file(*o) != f) {
                s.push(file_char(f));
            } else if rivals.iter().all(|o| g.rank(*o) != r) {
                s.push_str(&(r + 1).to_string());
            } else {
                s.push_str(&g.square_name(intent.from));
            }
        }
        if intent.capture {
            s.push('x');
        }
        s.push_str(&g.square_name(intent.to));
        if let Some(k) = intent.promotion {
            s.push('=');
            s.push(k.char().to_ascii_uppercase());
        }
    }
    s.insert_str(0, &prior_promotion_text(mv));
    if let Some(own) = rules.notation_override(mv) {
        s = own;
    }
    // A mate-capture (Allmate) takes nothing on the final square: the
    // page's notation appends `X`.
    if rules.move_note(mv) == Some(crate::variants::effects::allmate::MATE_CAPTURE) {
        s.push('X');
    }
    if let Some(suffix) = rules.notation_suffix(mv) {
        s.push_str(&suffix);
    }
    let undo = rules.play(pos, mv);
    if legal::in_check(rules, pos) {
        let mut replies = MoveList::new();
        legal::legal_moves(rules, pos, &mut replies);
        s.push(if replies.is_empty() { '#' } else { '+' });
    }
    rules.unplay(pos, mv, undo);
    s
}
