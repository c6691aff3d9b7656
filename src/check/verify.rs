//! Full verification of a diagram whose variant has rules in the core: the
//! position is legal, every mark is explained by a legal move (of either
//! side for a board-only diagram) or by a claim, every claimed move is
//! legal (or illegal, when so claimed), and a before/after pair is the
//! claimed moves apart. Where the rules cannot be sure, findings are
//! warnings or notes with an honest message, never errors.

use fenpress_rules::castling::{generous_rights, Castling};
use fenpress_rules::fen::{self, DigitReading};
use fenpress_rules::moves::{Move, MoveKind};
use fenpress_rules::notation::{self, IllegalReason, MoveError, SyntaxError};
use fenpress_rules::rules::Rules;
use fenpress_rules::validate::{self, Problem};
use fenpress_rules::variants::stones;
use fenpress_rules::{
    explain, legal, Board, Color, Kind, MoveList, Piece, Position, Square, SquareSet,
};

use super::board::BoardText;
use super::claims::{CaptionClaims, ClaimKind, MoveText};
use super::finding::{Finding, Findings, Kind as Sev};
use crate::model::Loc;

/// Where a claim's move sits: a caption offset mapped to the source.
pub trait Locate {
    fn loc(&self, offset: usize) -> Loc;
}

/// A board read for the rules: its position (side to move given or not).
struct Read {
    pos: Position,
    side_given: bool,
}

fn char_offset(text: &str, byte: usize) -> usize {
    text.get(..byte).map_or(0, |s| s.chars().count())
}

/// Reads a board (already shape-checked) into a position, reporting every
/// problem of the position as its own finding. A missing king in a
/// board-only diagram is a note: rules pages show pieces without kings.
fn read_board(
    rules: &dyn Rules,
    b: &BoardText,
    reading: DigitReading,
    out: &mut Findings,
) -> Option<Read> {
    let text = b.full_fen.clone().unwrap_or_else(|| b.board.clone());
    let setup = match fen::parse_spelled(&text, reading, rules.cell_spelling()) {
        Ok(s) => s,
        Err(e) => {
            out.push(Finding::new(
                Sev::Error,
                "fen-syntax",
                b.board_at.plus(char_offset(&text, e.offset())),
                1,
                e.to_string(),
            ));
            return None;
        }
    };
    let side_given = setup.turn.is_some();
    match validate::validate(rules, &setup) {
        Ok(pos) => Some(Read { pos, side_given }),
        Err(problems) => {
            let mut fatal = false;
            for p in &problems {
                // A board-only diagram's side to move is the mark's colour
                // (Ambiguous): the default side read first is no mistake.
                if !side_given && matches!(p, Problem::MarkNotToMove { .. }) {
                    continue;
                }
                let at = b.board_at.plus(char_offset(&text, p.offset()));
                let (sev, code, hint) = match p {
                    Problem::MissingRoyal { .. } if !side_given => (
                        Sev::Note,
                        "position-no-king",
                        "moves are checked without the check rule",
                    ),
                    Problem::MissingRoyal { .. } | Problem::TooManyRoyals { .. } => {
                        (Sev::Error, "position-kings", "each side has one king")
                    }
                    Problem::PawnOnBackRank { .. } => (
                        Sev::Error,
                        "position-pawn-rank",
                        "a pawn there would have promoted or cannot have come",
                    ),
                    Problem::UnknownLetter { .. } => (
                        Sev::Error,
                        "fen-unknown-letter",
                        "the letter is not a piece of this variant",
                    ),
                    _ => (Sev::Error, "position-illegal", "fix the position"),
                };
                fatal |= sev == Sev::Error;
                let len = match p {
                    Problem::RowWidth { len, .. } => *len,
                    _ => 1,
                };
                let msg = match p {
                    Problem::MissingRoyal { .. } if !side_given => {
                        format!("{p}: moves are checked without the check rule")
                    }
                    _ => p.to_string(),
                };
                out.push(Finding::new(sev, code, at, len, msg).hint(hint));
            }
            if fatal {
                return None;
            }
            // The only problems left are waived ones (a missing king in
            // a board-only diagram, a mark not of the default side): the
            // core reads that position.
            Some(Read {
                pos: validate::validate_diagram(rules, &setup).ok()?,
                side_given,
            })
        }
    }
}

/// Castling rights a board-only diagram may have: the outermost rooks on
/// each side of a king standing on its first rank.
fn generous_castling(rules: &dyn Rules, board: &Board) -> Castling {
    let g = rules.geometry();
    let style = rules.fen_style();
    let mut c = Castling::NONE;
    for color in Color::ALL {
        if !style.castling[color.index()] {
            continue;
        }
        let rook = Piece::new(color, style.castle_rook);
        if let Some(rights) = generous_rights(g, board, color, |p| p == rook) {
            c.0[color.index()] = rights;
        }
    }
    c
}

/// En-passant squares `side` might capture on, had the opponent just made
/// a double step: every opponent pawn on its fourth rank with the two
/// squares behind it empty and a pawn of `side` beside it.
fn possible_en_passant(rules: &dyn Rules, board: &Board, side: Color) -> Vec<Square> {
    let g = rules.geometry();
    let them = side.opposite();
    let pawn = Piece::new(them, Kind::PAWN);
    let dr: i32 = if them == Color::White { 1 } else { -1 };
    let mut out = Vec::new();
    for (sq, p) in board.pieces() {
        if p != pawn || g.relative_rank(sq, them) != 3 {
            continue;
        }
        let (Some(passed), Some(origin)) = (g.offset(sq, 0, -dr), g.offset(sq, 0, -2 * dr)) else {
            continue;
        };
        if !board.cell(passed).is_empty() || !board.cell(origin).is_empty() {
            continue;
        }
        let beside = [-1, 1].iter().any(|df| {
            g.offset(sq, *df, 0)
                .is_some_and(|s| board.cell(s).piece(side) == Some(Piece::new(side, Kind::PAWN)))
        });
        if beside {
            out.push(passed);
        }
    }
    out
}

/// The positions a diagram may stand for: the side given, or either side;
/// with every castling right and en-passant square it may have.
fn candidates(rules: &dyn Rules, read: &Read, sides: &[Color]) -> Vec<Position> {
    if read.side_given {
        return vec![read.pos.clone()];
    }
    let castling = generous_castling(rules, &read.pos.board);
    let mut out = Vec::new();
    for &side in sides {
        let mut p = read.pos.clone();
        p.state.turn = side;
        p.state.castling = castling;
        p.state.en_passant = None;
        for p in rules.diagram_completions(&p) {
            out.push(p.clone());
            if rules.fen_style().en_passant {
                for ep in possible_en_passant(rules, &read.pos.board, side) {
                    let mut q = p.clone();
                    q.state.en_passant = Some(ep);
                    out.push(q);
                }
            }
        }
    }
    out
}

/// The legal move a claim names in `pos`, read by the core's notation
/// (leniently: an unnamed promotion means any); when that names none, the
/// same text with the page language's piece letters (`Cxe4` in a Spanish
/// caption). An `e.p.` claim must be an en-passant capture.
fn resolve_claim(
    rules: &dyn Rules,
    pos: &Position,
    m: &MoveText,
    letters: &[(char, char)],
) -> Result<Move, MoveError> {
    let has_hands = fenpress_rules::Color::ALL
        .iter()
        .any(|c| !rules.hand_kinds(*c).is_empty());
    if m.parsed.drop && !has_hands {
        return Err(SyntaxError::Unreadable {
            text: m.text.clone(),
            rest: "a drop, which this variant does not have".into(),
        }
        .into());
    }
    let mut p = pos.clone();
    let first = notation::resolve_lenient(rules, &mut p, &m.parsed.mv, &m.text);
    let found = match (&first, notation::translate(&m.parsed.mv, letters)) {
        (Err(_), Some(t)) => match notation::resolve_lenient(rules, &mut p, &t, &m.text) {
            Ok(mv) => Ok(mv),
            Err(_) => first,
        },
        _ => first,
    };
    match found {
        Ok(mv) if m.en_passant && mv.intent.kind != MoveKind::EnPassant => {
            Err(not_en_passant(&m.text))
        }
        other => other,
    }
}

/// A claimed en-passant capture that is another kind of move.
fn not_en_passant(text: &str) -> MoveError {
    SyntaxError::Unreadable {
        text: text.to_string(),
        rest: "e.p. (the move is not an en-passant capture)".into(),
    }
    .into()
}

/// The positions a claim is read in: those of the side it names, if any
/// (with that side to move when none of them has it).
fn for_side(starts: &[Position], m: &MoveText) -> Vec<Position> {
    let Some(side) = m.side else {
        return starts.to_vec();
    };
    let mine: Vec<Position> = starts
        .iter()
        .filter(|p| p.turn() == side)
        .cloned()
        .collect();
    if mine.is_empty() {
        starts.iter().map(|p| p.with_turn(side)).collect()
    } else {
        mine
    }
}

/// The more telling of two reasons a claim names no legal move: an
/// ambiguity, then a move that leaves the king capturable, then the rest.
fn more_telling(a: Option<MoveError>, b: MoveError) -> MoveError {
    let rank = |e: &MoveError| match e {
        MoveError::Ambiguous { .. } => 3,
        MoveError::Illegal(i) if matches!(i.reason, IllegalReason::LeavesKingInCheck { .. }) => 2,
        MoveError::Illegal(_) => 1,
        MoveError::Syntax(_) => 0,
    };
    match a {
        Some(a) if rank(&a) >= rank(&b) => a,
        _ => b,
    }
}

/// Why a claim names no legal move, in words after "is illegal: ".
fn why(e: &MoveError, side_given: bool) -> String {
    match e {
        MoveError::Illegal(i) if i.reason == IllegalReason::NoPieceCanGo && !side_given => {
            "no piece of either side can play it here".into()
        }
        MoveError::Illegal(i) => i.why(),
        MoveError::Ambiguous { candidates, .. } => {
            format!(
                "it is ambiguous: pieces on {} can play it",
                candidates.join(" and ")
            )
        }
        MoveError::Syntax(s) => s.to_string(),
    }
}

/// How a diagram went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Every board was read as a position and checked.
    pub verified: bool,
    /// The second board of a pair follows from the first: one legal move
    /// gives it, or the caption's line does (proved). Only such a pair is
    /// drawn as before and after; any other pair is a comparison. Worked
    /// out for a drawing only ([`super::Purpose::Drawing`]).
    pub pair_linked: bool,
    /// Per board, its legal moves for a reader to explore (see
    /// [`explore_moves`]); empty for a board not read, and all empty unless
    /// the diagram is drawn and has no error.
    pub explore: Vec<String>,
}

/// Everything full verification needs about a diagram.
pub struct Input<'a> {
    pub boards: &'a [BoardText],
    pub readings: &'a [Option<DigitReading>],
    pub claims: &'a CaptionClaims,
    pub at: &'a dyn Locate,
    /// Whether the caption is shared by several diagrams of one figure
    /// (then its moves explain marks but are not checked as claims).
    pub shared_caption: bool,
    /// The page language's piece letters ([`notation::piece_letters`]).
    pub letters: &'static [(char, char)],
    /// Whether the diagram is to be drawn: only a drawing asks whether a
    /// pair's boards are a move apart and which moves a reader can explore.
    pub purpose: super::Purpose,
}

fn move_loc(input: &Input, m: &MoveText) -> (Loc, usize) {
    (input.at.loc(m.offset), m.text.chars().count())
}

/// A finding that blames a claim's move.
fn at_move(input: &Input, m: &MoveText, sev: Sev, code: &'static str, msg: String) -> Finding {
    let (at, len) = move_loc(input, m);
    Finding::new(sev, code, at, len, msg)
}

/// Squares the claims name (the caption's squares and its moves' ends):
/// they explain marks.
fn named_squares(rules: &dyn Rules, claims: &CaptionClaims) -> SquareSet {
    let g = rules.geometry();
    let mut named = SquareSet::EMPTY;
    for (sq, _) in &claims.squares {
        if let Some(s) = g.square(sq.0, sq.1) {
            named.insert(s);
        }
    }
    for (_, m) in claims.moves() {
        if let Some(t) = m.parsed.to().and_then(|t| g.square(t.0, t.1)) {
            named.insert(t);
        }
        if let Some(f) = m.parsed.from().and_then(|t| g.square(t.0, t.1)) {
            named.insert(f);
        }
    }
    named
}

/// The move the caption says was just played fixes the side to move and
/// en passant: `starts` narrowed to the positions it allows.
fn after_previous(
    rules: &dyn Rules,
    input: &Input,
    first: &Read,
    mut starts: Vec<Position>,
    out: &mut Findings,
) -> Vec<Position> {
    let g = rules.geometry();
    let previous = input
        .claims
        .claims
        .iter()
        .find(|c| c.kind == ClaimKind::Previous);
    // Of a line that led to the board, the last move was just played.
    let Some(m) = previous.and_then(|c| c.moves.last()) else {
        return starts;
    };
    let Some(to) = m.parsed.to().and_then(|t| g.square(t.0, t.1)) else {
        return starts;
    };
    let cell = first.pos.board.cell(to);
    let Some(p) = cell.pieces().next() else {
        out.push(at_move(
            input,
            m,
            Sev::Warning,
            "claim-previous",
            format!(
                "the caption says {} was just played, but {} is empty",
                m.text,
                g.square_name(to)
            ),
        ));
        return starts;
    };
    let side = p.color.opposite();
    starts.retain(|s| s.turn() == side);
    if p.kind == Kind::PAWN {
        // A double step leaves its passed square.
        let dr: i32 = if p.color == Color::White { 1 } else { -1 };
        if let Some(passed) = g.offset(to, 0, -dr) {
            if g.relative_rank(to, p.color) == 3 {
                let mut with: Vec<Position> = starts
                    .iter()
                    .filter(|s| s.state.en_passant.is_none())
                    .cloned()
                    .collect();
                for s in &mut with {
                    s.state.en_passant = Some(passed);
                }
                starts = with;
            }
        }
    }
    starts
}

/// Whether a line "after" which a single board is drawn starts with a
/// move numbered 1 that the start position cannot play ("After
/// 1...Rb2-d2+"): it is numbered from the diagram's game, not the start.
fn numbered_from_diagram(rules: &dyn Rules, input: &Input, moves: &[MoveText]) -> bool {
    if input.boards.len() != 1 || moves.first().is_none_or(|m| m.number != Some(1)) {
        return false;
    }
    let Ok(start) = validate::position_from_fen(rules, rules.start_fen()) else {
        return false;
    };
    play_line(
        rules,
        std::slice::from_ref(&start),
        &moves[..1],
        input.letters,
    )
    .is_err()
}

/// Whether a line "after" which a single board is drawn, unnumbered or
/// numbered from a later move than 1, cannot be played from that board
/// ("After N@c7+, black must give the queen", the knight already on c7;
/// "After 3.Bb5?? black can play ...", the bishop on b5): it led to the
/// board. A line from move 1 is `numbered_from_diagram`'s.
fn just_played_unnumbered(
    rules: &dyn Rules,
    input: &Input,
    starts: &[Position],
    moves: &[MoveText],
) -> bool {
    input.boards.len() == 1
        && moves.first().is_some_and(|m| m.number != Some(1))
        && play_line(rules, starts, moves, input.letters).is_err()
}

/// The last move of a line that led to the board was just played: a piece
/// stands on its destination.
fn check_just_played(
    rules: &dyn Rules,
    input: &Input,
    first: &Read,
    moves: &[MoveText],
    out: &mut Findings,
) {
    let g = rules.geometry();
    let Some(m) = moves.last() else {
        return;
    };
    let Some(to) = m.parsed.to().and_then(|t| g.square(t.0, t.1)) else {
        return;
    };
    if first.pos.board.cell(to).is_empty() {
        out.push(at_move(
            input,
            m,
            Sev::Warning,
            "claim-previous",
            format!(
                "the caption says {} was just played, but {} is empty",
                m.text,
                g.square_name(to)
            ),
        ));
    }
}

/// The starts of a pair whose caption numbers its first move ("20...Rxc3")
/// while the board-only diagram gives no move count: each start's ply count
/// is the one that move number means for its side to move, since some
/// rules depend on it (Iceage's ice age every 40 plies).
fn numbered_starts(first: &Read, starts: &[Position], moves: &[MoveText]) -> Vec<Position> {
    let number = moves.first().and_then(|m| m.number).filter(|n| *n >= 1);
    let (Some(n), false) = (number, first.side_given) else {
        return starts.to_vec();
    };
    starts
        .iter()
        .map(|s| {
            let mut p = s.clone();
            p.state.plies = 2 * (n - 1) + u32::from(p.turn() == Color::Black);
            p
        })
        .collect()
}

/// The caption's (or block's) claims, each checked against `starts` (and
/// the second board of a pair). True when a line of play the caption
/// names leads from the left board of a pair to the right one.
fn check_claims(
    rules: &dyn Rules,
    input: &Input,
    starts: &[Position],
    reads: &[Option<Read>],
    out: &mut Findings,
) -> bool {
    let Some(Some(first)) = reads.first() else {
        return false;
    };
    let mut line_proved = false;
    let mut illegal_played: Option<(Position, Move)> = None;
    // Where the caption's numbered line stands ("Before and after 1.exf7+.
    // Not checkmate yet: 1...e6. Then 2.Qxe6#"): the positions after its
    // last move, and that move's ply.
    let mut line: Option<(Vec<Position>, (u32, Color))> = None;
    for claim in &input.claims.claims {
        let continued = line.take().filter(|(_, ply)| {
            matches!(claim.kind, ClaimKind::Legal | ClaimKind::Sequence)
                && claim.moves.first().is_some_and(|m| continues(*ply, m))
        });
        if let Some((from, _)) = continued {
            line = check_continued_line(rules, input, &from, &claim.moves, out);
            continue;
        }
        match claim.kind {
            ClaimKind::Legal if is_plan(&claim.moves) => {
                check_plan(rules, input, starts, &claim.moves, out);
            }
            ClaimKind::Legal => {
                for m in &claim.moves {
                    check_legal(rules, input, starts, m, out);
                }
            }
            ClaimKind::Illegal => {
                for m in &claim.moves {
                    if let Some(played) = check_illegal(rules, input, starts, m, out) {
                        illegal_played.get_or_insert(played);
                    }
                }
            }
            ClaimKind::Reply => {
                let Some((after, illegal)) = &illegal_played else {
                    continue;
                };
                // The illegal move left its own royals safe: a rule of the
                // variant forbids it (Checkless: a check must mate).
                let by_variant_rule = !rules.royal_attacked(after, illegal.color());
                for m in &claim.moves {
                    // The reply takes a king: the core may call it legal or
                    // name it as the pseudo-legal move it attempted.
                    let resolved = resolve_claim(rules, after, m, input.letters);
                    // Then a legal reply can be the reason: "1.Qxd8+ is
                    // forbidden because 1...Bc8 would be possible".
                    if resolved.is_ok() && by_variant_rule {
                        continue;
                    }
                    let reply = match resolved {
                        Ok(mv) => Some(mv),
                        Err(MoveError::Illegal(i)) => i.attempted.map(|m| *m),
                        Err(_) => None,
                    };
                    let takes_royal = reply.is_some_and(|c| {
                        c.effect.vanish.as_slice().iter().any(|v| {
                            rules.royal_kinds().contains(v.piece.kind) && v.piece.color != c.color()
                        })
                    });
                    if !takes_royal {
                        out.push(at_move(
                            input,
                            m,
                            Sev::Warning,
                            "claim-reason",
                            format!("{} is given as the reason, but after the illegal move it does not take a king", m.text),
                        ));
                    }
                }
            }
            ClaimKind::Previous => check_previous_line(rules, input, &claim.moves, first, out),
            ClaimKind::Sequence => {
                // A game from move 1 not said to come "after" ("Left: 1.e4
                // e5 2.Bc4 Nc6. Right: after 3.Bxe5") is read so only when
                // it cannot be played from the board.
                let may_lead_here =
                    claim.after || play_line(rules, starts, &claim.moves, input.letters).is_err();
                if may_lead_here
                    && from_start_through_first(rules, input, starts, &claim.moves, reads)
                {
                    // "After 1.e4 a6, 2.Bxa6 turns ...", "Left: after 1.e4
                    // Nc6 2.Qh5 b6. Right: after 3.Qxf7+ ...": the game led
                    // to the (left) board, the rest is played from it.
                    continue;
                }
                let ends = if input.boards.len() == 2 && claim.after {
                    let numbered = numbered_starts(first, starts, &claim.moves);
                    let pair = reads.get(1).and_then(Option::as_ref).and_then(|second| {
                        check_pair_or_opening(rules, input, &numbered, &claim.moves, second, out)
                    });
                    line_proved |= pair.as_ref().is_some_and(|(_, from_left)| *from_left);
                    pair.map(|(ends, _)| ends)
                } else if claim.after
                    && (numbered_from_diagram(rules, input, &claim.moves)
                        || just_played_unnumbered(rules, input, starts, &claim.moves))
                {
                    // "After 1...Rb2-d2+" of a game in progress: the line
                    // led to the board, its last move was just played.
                    check_just_played(rules, input, first, &claim.moves, out);
                    None
                } else if claim.moves.first().is_some_and(|m| m.number == Some(1)) && claim.after {
                    check_opening(rules, input, &claim.moves, first, out)
                } else {
                    check_sequence_playable(rules, input, starts, &claim.moves, out);
                    None
                };
                line = ends.zip(last_ply(&claim.moves));
            }
        }
    }
    line_proved
}

/// Moves of one side numbered one after the other, the other side's
/// replies left out: "White can win in two moves: 1.Qxf5 and 2.Ke4#".
fn is_plan(moves: &[MoveText]) -> bool {
    moves.len() >= 2
        && moves.windows(2).all(|w| {
            let side = |m: &MoveText| m.side.unwrap_or(Color::White);
            matches!((w[0].number, w[1].number), (Some(a), Some(b)) if b == a + 1)
                && side(&w[0]) == side(&w[1])
        })
}

/// Plays a plan: its first move from `starts`, each next one after the
/// first move and some reply of the other side (any: the caption names
/// none); a move no reply lets be played is the error `claim-illegal`.
fn check_plan(
    rules: &dyn Rules,
    input: &Input,
    starts: &[Position],
    moves: &[MoveText],
    out: &mut Findings,
) {
    let mut states = starts.to_vec();
    for (k, m) in moves.iter().enumerate() {
        if k > 0 {
            states = replies(rules, &states);
        }
        match play_line(rules, &states, std::slice::from_ref(m), input.letters) {
            Ok(next) => states = next,
            Err((_, why)) => {
                let after = if k == 0 {
                    String::new()
                } else {
                    let before: Vec<&str> = moves[..k].iter().map(|m| m.text.as_str()).collect();
                    format!(" after {} and any reply", before.join(", "))
                };
                out.push(at_move(
                    input,
                    m,
                    Sev::Error,
                    "claim-illegal",
                    format!("{} is claimed legal{after} but is illegal: {why}", m.text),
                ));
                return;
            }
        }
    }
}

/// The positions after each legal reply in `states` (at most 256).
fn replies(rules: &dyn Rules, states: &[Position]) -> Vec<Position> {
    let mut out = Vec::new();
    let mut moves = fenpress_rules::MoveList::new();
    for s in states {
        let mut p = s.clone();
        fenpress_rules::legal::legal_moves(rules, &mut p, &mut moves);
        for mv in &moves {
            let mut q = p.clone();
            rules.play(&mut q, mv);
            if out.len() < 256 && !out.contains(&q) {
                out.push(q);
            }
        }
    }
    out
}

/// The ply (move number and side) of the last move of `moves`, counted
/// from its first numbered move (`1.e4 e5` ends at 1 Black); `None` when
/// no move has a number.
fn last_ply(moves: &[MoveText]) -> Option<(u32, Color)> {
    let mut ply: Option<(u32, Color)> = None;
    for m in moves {
        ply = match (m.number, ply) {
            (Some(n), _) => Some((n, m.side.unwrap_or(Color::White))),
            (None, Some((n, Color::White))) => Some((n, Color::Black)),
            (None, Some((n, Color::Black))) => Some((n + 1, Color::White)),
            (None, None) => None,
        };
    }
    ply
}

/// Whether numbered move `m` is the one after `ply` (`1...e6` after `1.exf7`,
/// `2.Qxe6` after `1...e6`).
fn continues(ply: (u32, Color), m: &MoveText) -> bool {
    let Some(n) = m.number else { return false };
    let side = m.side.unwrap_or(Color::White);
    match ply {
        (k, Color::White) => side == Color::Black && n == k,
        (k, Color::Black) => side == Color::White && n == k + 1,
    }
}

/// Plays `moves`, which continue the caption's line, from `from` (the
/// positions after its earlier moves): each must be legal there, else the
/// error `claim-illegal`. The positions after them, for a further sentence.
fn check_continued_line(
    rules: &dyn Rules,
    input: &Input,
    from: &[Position],
    moves: &[MoveText],
    out: &mut Findings,
) -> Option<(Vec<Position>, (u32, Color))> {
    match play_line(rules, from, moves, input.letters) {
        Ok(ends) => Some(ends).zip(last_ply(moves)),
        Err((k, why)) => {
            out.push(at_move(
                input,
                &moves[k],
                Sev::Error,
                "claim-illegal",
                format!(
                    "{} cannot be played after the caption's earlier moves: {why}",
                    moves[k].text
                ),
            ));
            None
        }
    }
}

/// A game from move 1 that led to the board is played from the start
/// position; a line whose first move cannot be played there is numbered
/// from the diagram ("1.Qh5+ (left)" of a game in progress), and only its
/// last move is checked (it was just played: `after_previous`).
fn check_previous_line(
    rules: &dyn Rules,
    input: &Input,
    moves: &[MoveText],
    first: &Read,
    out: &mut Findings,
) {
    if moves.first().is_none_or(|m| m.number != Some(1)) {
        return;
    }
    let Ok(start) = validate::position_from_fen(rules, rules.start_fen()) else {
        return;
    };
    let start = std::slice::from_ref(&start);
    if play_line(rules, start, &moves[..1], input.letters).is_err() {
        return;
    }
    check_line(
        rules,
        input,
        start,
        moves,
        &first.pos,
        &input.boards[0],
        out,
        Sev::Error,
    );
}

/// Verifies one diagram; findings go to `out`.
pub fn verify(rules: &dyn Rules, input: &Input, out: &mut Findings) -> Outcome {
    let mut reads = Vec::new();
    for (b, r) in input.boards.iter().zip(input.readings) {
        reads.push(r.and_then(|r| read_board(rules, b, r, out)));
    }
    let verified = reads.iter().all(Option::is_some);
    let Some(Some(first)) = reads.first() else {
        return Outcome {
            verified: false,
            pair_linked: false,
            explore: Vec::new(),
        };
    };
    let both = [Color::White, Color::Black];

    let named = named_squares(rules, input.claims);
    let starts = after_previous(rules, input, first, candidates(rules, first, &both), out);

    // Marks and arrows of each board.
    for (idx, (b, read)) in input.boards.iter().zip(&reads).enumerate() {
        let Some(read) = read else { continue };
        let positions = if idx == 0 {
            starts.clone()
        } else {
            candidates(rules, read, &both)
        };
        check_marks(rules, b, read, &positions, named, input.claims, out);
        check_arrows(rules, b, read, &positions, out);
    }

    // What only a drawing needs, worked out only for one, and only for a
    // diagram with no error so far (a failed one is drawn without either):
    // `check` asked for neither and spent most of its time on them.
    // `out` holds this diagram's findings alone (see `check::verify_diagram`).
    let drawn = input.purpose == super::Purpose::Drawing;
    let one_move_apart = |out: &Findings| match reads.get(1) {
        Some(Some(second)) if drawn && input.boards.len() == 2 && out.error_codes().is_empty() => {
            one_move_apart(rules, &starts, &second.pos)
        }
        _ => false,
    };
    let explore = |out: &Findings| -> Vec<String> {
        if !(drawn && verified && out.error_codes().is_empty()) {
            return Vec::new();
        }
        reads
            .iter()
            .zip(input.boards)
            .map(|(read, b)| {
                read.as_ref()
                    .map(|r| explore_moves(rules, r, &b.board))
                    .unwrap_or_default()
            })
            .collect()
    };
    if input.shared_caption {
        return Outcome {
            verified,
            pair_linked: one_move_apart(out),
            explore: explore(out),
        };
    }

    let line_proved = check_claims(rules, input, &starts, &reads, out);
    check_immobile(rules, input, &starts, out);
    Outcome {
        verified,
        pair_linked: line_proved || one_move_apart(out),
        explore: explore(out),
    }
}

/// The legal moves of a board, for the reader who selects a piece: each
/// square a piece moves from, then where it goes (`b1:a3,c3;g1:f3,h3`),
/// squares in board order. A board without a side to move is read for
/// both sides, with the castling its kings and rooks allow and no en
/// passant (nothing shows a pawn just moved); drops (no square to select)
/// are left out.
fn explore_moves(rules: &dyn Rules, read: &Read, board: &str) -> String {
    let positions: Vec<Position> = if read.side_given {
        vec![read.pos.clone()]
    } else {
        let castling = generous_castling(rules, &read.pos.board);
        [Color::White, Color::Black]
            .into_iter()
            .flat_map(|side| {
                // As `fenpress moves` reads the board with this side to
                // move (a game under way, not a set-up phase), where it
                // can; a board it refuses (no kings) as verification read it.
                let letter = if side == Color::White { 'w' } else { 'b' };
                let fen = format!("{board} {letter} - - 0 1");
                let mut p = validate::position_from_fen(rules, &fen).unwrap_or_else(|_| {
                    let mut p = read.pos.clone();
                    p.state.turn = side;
                    p
                });
                p.state.castling = castling;
                p.state.en_passant = None;
                rules.diagram_completions(&p)
            })
            .collect()
    };
    let mut by_square: std::collections::BTreeMap<Square, std::collections::BTreeSet<Square>> =
        Default::default();
    let mut legal = fenpress_rules::MoveList::new();
    for mut p in positions {
        legal.clear();
        fenpress_rules::legal::legal_moves(rules, &mut p, &mut legal);
        for mv in legal.iter().filter(|mv| !mv.is_drop()) {
            if mv.intent.from != mv.intent.to {
                by_square
                    .entry(mv.intent.from)
                    .or_default()
                    .insert(mv.intent.to);
            }
        }
    }
    let g = rules.geometry();
    let mut out = String::new();
    for (from, tos) in by_square {
        if !out.is_empty() {
            out.push(';');
        }
        out.push_str(&g.square_name(from));
        out.push(':');
        let names: Vec<String> = tos.into_iter().map(|to| g.square_name(to)).collect();
        out.push_str(&names.join(","));
    }
    out
}

/// Whether `second` is on the board after one legal move of either side
/// from one of `starts`, or after such a move and a reply ("Bishop takes
/// knight, which is repositioned on g8"; "Before and after BxNf3 and
/// RxNg8").
fn one_move_apart(rules: &dyn Rules, starts: &[Position], second: &Position) -> bool {
    // Every position one ply away is compared before any reply is listed:
    // most pairs are one ply apart, and listing replies (Chakart lists a
    // move per outcome) is the costly part.
    let mut legal = fenpress_rules::MoveList::new();
    let mut after_one = Vec::new();
    for start in starts {
        for side in [start.turn(), start.turn().opposite()] {
            let mut p = start.with_turn(side);
            legal.clear();
            fenpress_rules::legal::legal_moves(rules, &mut p, &mut legal);
            for mv in &legal {
                let mut q = p.clone();
                rules.play(&mut q, mv);
                if same_board(rules, &q, second) {
                    return true;
                }
                after_one.push(q);
            }
        }
    }
    let mut replies = fenpress_rules::MoveList::new();
    after_one.iter_mut().any(|q| {
        replies.clear();
        fenpress_rules::legal::legal_moves(rules, q, &mut replies);
        replies.iter().any(|reply| {
            let mut r = q.clone();
            rules.play(&mut r, reply);
            same_board(rules, &r, second)
        })
    })
}

/// A side the caption says cannot move ("White cannot move: 1-0") has no
/// legal move in the diagram: else the error `claim-legal`, naming one.
/// Positions that differ only by rights the board does not show (castling,
/// en passant) must all have a move for it to be an error.
fn check_immobile(rules: &dyn Rules, input: &Input, starts: &[Position], out: &mut Findings) {
    let g = rules.geometry();
    for claim in &input.claims.immobile {
        let mut first_move: Option<Move> = None;
        let mut every_start_moves = true;
        let mut legal = fenpress_rules::MoveList::new();
        for p in starts.iter().map(|p| p.with_turn(claim.side)) {
            legal.clear();
            fenpress_rules::legal::legal_moves(rules, &mut p.clone(), &mut legal);
            every_start_moves &= !legal.is_empty();
            first_move = first_move.or(legal.first().copied());
        }
        let Some(mv) = first_move.filter(|_| every_start_moves) else {
            continue;
        };
        out.push(Finding::new(
            Sev::Error,
            "claim-legal",
            input.at.loc(claim.offset),
            claim.len,
            format!(
                "the caption says {} cannot move, but it can ({} {} from {} to {})",
                claim.side.name(),
                mv.color().name(),
                rules.piece_name(Piece::new(Color::White, mv.intent.piece.kind)),
                g.square_name(mv.intent.from),
                g.square_name(mv.intent.to)
            ),
        ));
    }
}

/// Every mark of board `b` must be explained: a legal move of one of
/// `positions` starts, ends or captures there, or a claim names it. When the
/// caption says the marks are forbidden moves, a move the rules forbid
/// must end on each instead (and a legal one does not explain it). When it
/// says they are promotion squares, the variant's promotion zone explains
/// them.
fn check_marks(
    rules: &dyn Rules,
    b: &BoardText,
    read: &Read,
    positions: &[Position],
    named: SquareSet,
    caption: &CaptionClaims,
    out: &mut Findings,
) {
    let g = rules.geometry();
    let forbidden = caption.marks_forbidden;
    let mut explained = named;
    if caption.marks_promotion {
        rules.promotion_squares(Color::White, &mut explained);
        rules.promotion_squares(Color::Black, &mut explained);
    }
    for p in positions {
        if forbidden {
            explain::forbidden_by(rules, p, p.turn(), &mut explained);
        } else {
            explain::explained_by(rules, p, p.turn(), &mut explained);
        }
    }
    // A Go diagram marks a stone whose removal breaks its group's
    // connection (Atarigo's page); no move ends on a stone, so that is
    // what a mark on a stone can show there.
    if !forbidden && stones::is_stones(rules) {
        for p in positions {
            stones::cut_stones(rules, p, &mut explained);
        }
    }
    for (mark, at) in &b.marks {
        let Some(sq) = g.parse_square(mark) else {
            continue;
        };
        if !explained.contains(sq) {
            out.push(
                Finding::new(
                    Sev::Error,
                    "mark-unexplained",
                    *at,
                    mark.chars().count(),
                    if forbidden {
                        format!(
                            "mark {mark} is not explained: the caption says the marks are forbidden moves, but no piece of {} could move there",
                            side_name(read)
                        )
                    } else {
                        format!(
                            "mark {mark} is not explained: no legal move of {} starts, ends or captures there, and no claim of the caption names it",
                            side_name(read)
                        )
                    },
                )
                .hint("remove the mark, or name in the caption the move it shows"),
            );
        }
    }
}

/// Who may move on a board, as findings name it.
fn side_name(read: &Read) -> String {
    if read.side_given {
        format!("{} (to move)", read.pos.turn().name())
    } else {
        "either side".to_string()
    }
}

/// Every arrow of board `b` must be a legal move of one of `positions`
/// (either side for a board without side to move, as marks): else the
/// warning `arrow-not-a-move` at the arrow.
fn check_arrows(
    rules: &dyn Rules,
    b: &BoardText,
    read: &Read,
    positions: &[Position],
    out: &mut Findings,
) {
    if b.arrows.is_empty() {
        return;
    }
    let g = rules.geometry();
    let mut moves = fenpress_rules::MoveList::new();
    let mut played = Vec::new();
    for p in positions {
        moves.clear();
        fenpress_rules::legal::legal_moves(rules, &mut p.clone(), &mut moves);
        played.extend(moves.iter().map(|m| (m.intent.from, m.intent.to)));
    }
    for (arrow, at) in &b.arrows {
        let squares = crate::diagram::spec::Arrow::parse(arrow)
            .and_then(|a| Some((g.square_of(a.from)?, g.square_of(a.to)?)));
        if squares.is_some_and(|s| played.contains(&s)) {
            continue;
        }
        // Off the board: `arrow-off-board` (the board checks) says so.
        let (rows, cols) = (usize::from(g.rows()), usize::from(g.cols()));
        if !super::board::arrow_on_board(arrow, rows, cols) {
            continue;
        }
        out.push(
            Finding::new(
                Sev::Warning,
                "arrow-not-a-move",
                *at,
                arrow.chars().count(),
                format!(
                    "arrow {arrow} is not a legal move of {} in this position",
                    side_name(read)
                ),
            )
            .hint("draw arrows along legal moves, or remove this one"),
        );
    }
}

/// Whether a move removes a piece other than itself: an enemy's, or one
/// of its own side it absorbs on the square it goes to (Coronation's
/// "capture" of its own rook, `Rxg1=Q`, which the page writes so).
fn takes_a_piece(mv: &Move) -> bool {
    mv.capture_squares().next().is_some()
        || mv
            .effect
            .vanish
            .as_slice()
            .iter()
            .any(|v| v.square == mv.intent.to && v.square != mv.intent.from)
}

fn check_legal(
    rules: &dyn Rules,
    input: &Input,
    starts: &[Position],
    m: &MoveText,
    out: &mut Findings,
) {
    let (at, len) = move_loc(input, m);
    let mut failure: Option<MoveError> = None;
    let starts = for_side(starts, m);
    for p in &starts {
        match resolve_claim(rules, p, m, input.letters) {
            Ok(mv) => {
                // The `x` is optional, but one written on a move that takes
                // nothing tells the reader something false.
                if m.parsed.mv.capture && !takes_a_piece(&mv) {
                    out.push(
                        Finding::new(
                            Sev::Warning,
                            "claim-capture",
                            at,
                            len,
                            format!(
                                "{} is written as a capture, but it takes nothing here",
                                m.text
                            ),
                        )
                        .hint("drop the `x`, or check the diagram"),
                    );
                }
                return;
            }
            Err(e) => failure = Some(more_telling(failure, e)),
        }
    }
    let side_given = starts.len() == 1;
    match failure {
        Some(MoveError::Ambiguous { candidates, .. }) => out.push(
            Finding::new(
                Sev::Warning,
                "claim-ambiguous",
                at,
                len,
                format!(
                    "{} is ambiguous: pieces on {} can play it",
                    m.text,
                    candidates.join(" and ")
                ),
            )
            .hint("name the square the piece comes from"),
        ),
        Some(e) => out.push(
            Finding::new(
                Sev::Error,
                "claim-illegal",
                at,
                len,
                format!(
                    "{} is claimed legal but is illegal: {}",
                    m.text,
                    why(&e, side_given)
                ),
            )
            .hint("check the move against the diagram"),
        ),
        None => {}
    }
}

/// Returns the position after the (pseudo-legal) illegal move, to check a
/// reply given as its reason.
fn check_illegal(
    rules: &dyn Rules,
    input: &Input,
    starts: &[Position],
    m: &MoveText,
    out: &mut Findings,
) -> Option<(Position, Move)> {
    let g = rules.geometry();
    let mut played = None;
    for p in &for_side(starts, m) {
        match resolve_claim(rules, p, m, input.letters) {
            Ok(c) => {
                out.push(at_move(
                    input,
                    m,
                    Sev::Error,
                    "claim-legal",
                    format!(
                        "{} is claimed impossible but is legal ({} {} from {} to {})",
                        m.text,
                        c.color().name(),
                        rules.piece_name(Piece::new(Color::White, c.intent.piece.kind)),
                        g.square_name(c.intent.from),
                        g.square_name(c.intent.to)
                    ),
                ));
                return None;
            }
            Err(MoveError::Illegal(i)) => {
                if let (None, Some(c)) = (&played, i.attempted.map(|m| *m)) {
                    let mut after = p.clone();
                    rules.play(&mut after, &c);
                    played = Some((after, c));
                }
            }
            Err(_) => {}
        }
    }
    if played.is_none() {
        if let Some(why) = vacuous(rules, starts, m, input.letters) {
            out.push(at_move(
                input,
                m,
                Sev::Warning,
                "claim-vacuous",
                format!(
                    "{} is claimed impossible, but {why}: the claim shows no rule",
                    m.text
                ),
            ));
        }
    }
    played
}

/// Why an impossible-move claim is empty, if it is: a move nobody could
/// even try (its square is off the board, or no piece of the kind it names
/// stands on the board) is "illegal" for no reason a reader would learn
/// from, and is most often a typo in the claim.
fn vacuous(
    rules: &dyn Rules,
    starts: &[Position],
    m: &MoveText,
    letters: &[(char, char)],
) -> Option<String> {
    let mv = &m.parsed.mv;
    if m.parsed.drop || mv.castle.is_some() {
        return None;
    }
    let g = rules.geometry();
    if g.square(mv.to.0, mv.to.1).is_none() {
        return Some(format!(
            "{}{} is not a square of this board",
            char::from(b'a' + mv.to.0),
            mv.to.1 + 1
        ));
    }
    if let (Some(file), Some(rank)) = (mv.from_file, mv.from_rank) {
        let from = g.square(file, rank)?;
        let empty = starts
            .iter()
            .all(|p| p.board.pieces().all(|(sq, _)| sq != from));
        return empty.then(|| format!("no piece stands on {}", g.square_name(from)));
    }
    // The kind the text names, read in English and in the page's language.
    let named = |t: &notation::MoveText| t.piece.unwrap_or(Kind::PAWN);
    let mut kinds = vec![named(mv)];
    kinds.extend(notation::translate(mv, letters).map(|t| named(&t)));
    let present = starts.iter().any(|p| {
        p.board
            .pieces()
            .any(|(_, piece)| kinds.contains(&piece.kind))
    });
    (!present).then(|| {
        let piece = rules.piece_name(Piece::new(Color::White, kinds[0]));
        format!("no {piece} stands on the board")
    })
}

/// Plays `moves` from any of `starts`, alternating sides or letting one
/// side move twice, as captions of pairs do ("after cxd6 e.p. and 0-0-0").
/// Returns the end positions, or the index of the move that could not be
/// played with a reason.
fn play_line(
    rules: &dyn Rules,
    starts: &[Position],
    moves: &[MoveText],
    letters: &[(char, char)],
) -> Result<Vec<Position>, (usize, String)> {
    let mut states: Vec<Position> = starts.to_vec();
    for (k, m) in moves.iter().enumerate() {
        let mut next = Vec::new();
        let mut failure: Option<MoveError> = None;
        for flip in [false, true] {
            for s in &states {
                if flip && m.side.is_some() {
                    continue;
                }
                let s = &for_side(std::slice::from_ref(s), m)[0];
                let p = if flip {
                    s.with_turn(s.turn().opposite())
                } else {
                    s.clone()
                };
                match resolve_claim(rules, &p, m, letters) {
                    Ok(c) => {
                        for c in same_move_other_endings(rules, &p, m, c) {
                            let mut q = p.clone();
                            rules.play(&mut q, &c);
                            if !next.contains(&q) && next.len() < 64 {
                                next.push(q);
                            }
                        }
                    }
                    Err(e) => failure = Some(more_telling(failure, e)),
                }
            }
        }
        if next.is_empty() {
            let why = failure.map_or_else(|| "no piece can play it".into(), |e| why(&e, false));
            return Err((k, why));
        }
        states = next;
    }
    Ok(states)
}

/// `mv` and, when the text names no promotion, every other legal move
/// between the same squares (`exf7` may promote or not where promotion is
/// optional, as Kingsmaker's pawn that becomes an enemy king): a line of
/// moves follows each, and the board the diagram shows decides.
fn same_move_other_endings(rules: &dyn Rules, pos: &Position, m: &MoveText, mv: Move) -> Vec<Move> {
    let mut out = vec![mv];
    if m.parsed.mv.promotion.is_some() || m.parsed.drop {
        return out;
    }
    let mut legal = fenpress_rules::MoveList::new();
    fenpress_rules::legal::legal_moves(rules, &mut pos.clone(), &mut legal);
    out.extend(
        legal.iter().filter(|o| {
            **o != mv && o.intent.from == mv.intent.from && o.intent.to == mv.intent.to
        }),
    );
    out
}

fn board_diff(rules: &dyn Rules, got: &Board, want: &Board) -> Vec<String> {
    let g = rules.geometry();
    let show = |b: &Board, s: Square| {
        let c = b.cell(s);
        if c.is_empty() {
            "empty".to_string()
        } else {
            rules
                .encode_cell(c)
                .map_or("a union".into(), |ch| format!("`{ch}`"))
        }
    };
    g.squares()
        .filter(|s| got.cell(*s) != want.cell(*s))
        .map(|s| {
            format!(
                "{} is {} but the diagram shows {}",
                g.square_name(s),
                show(got, s),
                show(want, s)
            )
        })
        .collect()
}

/// The squares whose marks differ (who holds an Otage union), as
/// [`board_diff`] words them.
fn mark_diff(rules: &dyn Rules, got: &Position, want: &Position) -> Vec<String> {
    let g = rules.geometry();
    let show = |p: &Position, s: Square| {
        rules
            .marked_cell(p, s)
            .map_or("unmarked".into(), |[c, m]| format!("`{c}{m}`"))
    };
    g.squares()
        .filter(|&s| got.board.cell(s) == want.board.cell(s))
        .filter(|&s| rules.marked_cell(got, s) != rules.marked_cell(want, s))
        .map(|s| {
            format!(
                "{} is {} but the diagram shows {}",
                g.square_name(s),
                show(got, s),
                show(want, s)
            )
        })
        .collect()
}

/// Whether two positions show the same board: equal cells, or cells the
/// FEN writes alike (Iceage's frozen piece is a union cell under its cube,
/// which a diagram shows as the cube alone).
fn same_board(rules: &dyn Rules, a: &Position, b: &Position) -> bool {
    // A square's mark is part of what the board shows (who holds an
    // Otage union): equal cells with other marks are another board.
    let marks_alike = || {
        rules
            .geometry()
            .squares()
            .all(|sq| rules.marked_cell(a, sq) == rules.marked_cell(b, sq))
    };
    (a.board == b.board && marks_alike()) || fen::same_board_text(rules, a, b)
}

/// How a board drawn as what a side sees (its shadow list: Dark's fog of
/// war) differs from `pos` as the side to move sees it: the shadowed
/// squares must be exactly those it does not see
/// ([`Rules::visible_squares`]) and be drawn empty, the others show `pos`'s
/// pieces. `None` when the board has no shadow or the variant no fog.
fn fog_diff(
    rules: &dyn Rules,
    pos: &Position,
    drawn: &Position,
    text: &BoardText,
) -> Option<Vec<String>> {
    if text.shadow.is_empty() {
        return None;
    }
    let viewer = pos.turn();
    let seen = rules.visible_squares(pos, viewer)?;
    let g = rules.geometry();
    let (rows, cols) = (g.rows() as usize, g.cols() as usize);
    let shadowed: Vec<Square> = crate::diagram::spec::shadow_cells(rows, cols, &text.shadow)
        .into_iter()
        .filter_map(|(row, col)| g.square(col as u8, (rows - 1 - row) as u8))
        .collect();
    let side = if viewer == fenpress_rules::Color::White {
        "White"
    } else {
        "Black"
    };
    let mut out = Vec::new();
    for sq in g.squares() {
        let name = g.square_name(sq);
        match (shadowed.contains(&sq), seen.contains(sq)) {
            (true, true) => out.push(format!("{side} sees {name}, which the diagram shadows")),
            (false, false) => out.push(format!(
                "{side} does not see {name}, which the diagram leaves unshadowed"
            )),
            (true, false) if !drawn.board.cell(sq).is_empty() => {
                out.push(format!("the shadowed {name} shows a piece"))
            }
            _ => {}
        }
    }
    // On the squares the side sees, the drawing is the position.
    let seen_only = |board: &Board| {
        let mut b = board.clone();
        for sq in g.squares().filter(|sq| !seen.contains(*sq)) {
            for p in board.cell(sq).pieces() {
                b.remove(sq, p.color);
            }
        }
        b
    };
    let (visible_pos, seen_board) = (seen_only(&pos.board), seen_only(&drawn.board));
    out.extend(board_diff(rules, &visible_pos, &seen_board));
    Some(out)
}

#[allow(clippy::too_many_arguments)]
fn check_line(
    rules: &dyn Rules,
    input: &Input,
    starts: &[Position],
    moves: &[MoveText],
    target: &Position,
    target_text: &BoardText,
    out: &mut Findings,
    sev: Sev,
) -> Option<Vec<Position>> {
    let names: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
    match play_line(rules, starts, moves, input.letters) {
        Err((k, why)) => {
            out.push(at_move(
                input,
                &moves[k],
                sev,
                "pair-illegal",
                format!(
                    "{} cannot be played in the sequence {}: {why}",
                    moves[k].text,
                    names.join(", ")
                ),
            ));
            None
        }
        Ok(ends) => {
            let matching: Vec<Position> = ends
                .iter()
                .filter(|e| {
                    same_board(rules, e, target)
                        || fog_diff(rules, e, target, target_text).is_some_and(|d| d.is_empty())
                })
                .cloned()
                .collect();
            if !matching.is_empty() {
                return Some(matching);
            }
            let diff = ends
                .first()
                .map(|e| {
                    fog_diff(rules, e, target, target_text).unwrap_or_else(|| {
                        let mut d = board_diff(rules, &e.board, &target.board);
                        d.extend(mark_diff(rules, e, target));
                        d
                    })
                })
                .unwrap_or_default();
            let shown: Vec<String> = diff.iter().take(3).cloned().collect();
            out.push(
                Finding::new(
                    sev,
                    "pair-mismatch",
                    target_text.board_at,
                    target_text.board.chars().count(),
                    format!(
                        "this board is not the position after {}: {}{}",
                        names.join(", "),
                        shown.join("; "),
                        if diff.len() > 3 {
                            format!(" (and {} more squares)", diff.len() - 3)
                        } else {
                            String::new()
                        }
                    ),
                )
                .hint("fix the board or the moves of the caption"),
            );
            None
        }
    }
}

/// A game from move 1 "after" which a single board is drawn: played from
/// the variant's start, or else from a start with shuffled first ranks
/// (vchess deals those; `shuffled::shuffled_starts`), which it must lead
/// to the board from. The usual start's findings stand if neither does.
fn check_opening(
    rules: &dyn Rules,
    input: &Input,
    moves: &[MoveText],
    first: &Read,
    out: &mut Findings,
) -> Option<Vec<Position>> {
    let start = validate::position_from_fen(rules, rules.start_fen()).ok()?;
    let line = |starts: &[Position], out: &mut Findings| {
        let target = &input.boards[0];
        check_line(
            rules,
            input,
            starts,
            moves,
            &first.pos,
            target,
            out,
            Sev::Error,
        )
    };
    let mut usual = Findings::new();
    let ends = line(std::slice::from_ref(&start), &mut usual);
    if ends.is_some() || usual.is_empty() {
        out.append(&mut usual);
        return ends;
    }
    let shuffled = super::shuffled::shuffled_starts(rules, &start, &first.pos.board);
    let found = shuffled.iter().find_map(|s| {
        let mut quiet = Findings::new();
        line(std::slice::from_ref(s), &mut quiet).filter(|_| quiet.is_empty())
    });
    if found.is_none() {
        out.append(&mut usual);
    }
    found
}

/// Whether a game from move 1 splits into moves that lead from the start
/// position to the first board and moves then played from it (to the
/// second board of a pair, when there is one). Only a line that cannot be
/// read the plain way (from the first board, or wholly from the start) is
/// tried so, and only a split that fits both boards counts.
fn from_start_through_first(
    rules: &dyn Rules,
    input: &Input,
    starts: &[Position],
    moves: &[MoveText],
    reads: &[Option<Read>],
) -> bool {
    if moves.first().is_none_or(|m| m.number != Some(1)) {
        return false;
    }
    let Some(Some(first)) = reads.first() else {
        return false;
    };
    let second = match (input.boards.len(), reads.get(1)) {
        (2, Some(Some(r))) => Some(&r.pos),
        (2, _) => return false,
        _ => None,
    };
    let Ok(start) = validate::position_from_fen(rules, rules.start_fen()) else {
        return false;
    };
    let fits =
        |ends: &[Position], target: &Position| ends.iter().any(|e| same_board(rules, e, target));
    if let (Some(second), Ok(ends)) = (second, play_line(rules, starts, moves, input.letters)) {
        if fits(&ends, second) {
            // The plain reading holds: the check of the pair says so.
            return false;
        }
    }
    (1..=moves.len()).any(|k| {
        let Ok(reached) = play_line(
            rules,
            std::slice::from_ref(&start),
            &moves[..k],
            input.letters,
        ) else {
            return false;
        };
        // The rest is played from the first board with the side to move
        // the game gives it.
        let here: Vec<Position> = reached
            .into_iter()
            .filter(|e| same_board(rules, e, &first.pos))
            .collect();
        let rest = &moves[k..];
        if here.is_empty() {
            return false;
        }
        if rest.is_empty() {
            return true;
        }
        match (second, play_line(rules, &here, rest, input.letters)) {
            (_, Err(_)) => false,
            (Some(second), Ok(ends)) => fits(&ends, second),
            (None, Ok(_)) => true,
        }
    })
}

#[allow(clippy::too_many_arguments)]
fn check_pair(
    rules: &dyn Rules,
    input: &Input,
    starts: &[Position],
    moves: &[MoveText],
    second: &Read,
    second_text: &BoardText,
    out: &mut Findings,
) -> Option<Vec<Position>> {
    check_line(
        rules,
        input,
        starts,
        moves,
        &second.pos,
        second_text,
        out,
        Sev::Error,
    )
}

/// A pair's line from the left board to the right one; or, for a line
/// numbered from 1 that does not lead there, the opening that gives the
/// right board from the start ("Left: a mate. Right: After 1.e4 e5 2.Bc4
/// Bc5 3.Qf3"): the left board's findings stand only if neither reading
/// works.
fn check_pair_or_opening(
    rules: &dyn Rules,
    input: &Input,
    starts: &[Position],
    moves: &[MoveText],
    second: &Read,
    out: &mut Findings,
) -> Option<(Vec<Position>, bool)> {
    let mut from_left = Findings::new();
    let ends = check_pair(
        rules,
        input,
        starts,
        moves,
        second,
        &input.boards[1],
        &mut from_left,
    );
    if let Some(ends) = ends {
        out.append(&mut from_left);
        return Some((ends, true));
    }
    if let Some(ends) = line_through_left_board(rules, input, starts, moves, second) {
        return Some((ends, true));
    }
    if let Some(ends) = line_after_marked_move(rules, input, starts, moves, second) {
        return Some((ends, true));
    }
    if moves.first().is_none_or(|m| m.number != Some(1)) {
        out.append(&mut from_left);
        return None;
    }
    let opening = validate::position_from_fen(rules, rules.start_fen())
        .ok()
        .and_then(|start| {
            let mut quiet = Findings::new();
            let ends = check_pair(
                rules,
                input,
                &[start],
                moves,
                second,
                &input.boards[1],
                &mut quiet,
            );
            ends.filter(|_| quiet.is_empty())
        });
    if opening.is_none() {
        out.append(&mut from_left);
    }
    opening.map(|ends| (ends, false))
}

/// A pair's caption that names the line leading to the right board with
/// its first moves already on the left one ("After 1...Qg5 2.Bxe5 Qxe5"
/// under a board after 2.Bxe5 and one after 2...Qxe5): when the line's
/// first move cannot be played from the left board, the longest tail of
/// the line that can, and that gives the right board exactly, is read as
/// the pair's moves. The moves before it are the left board's past, which
/// the diagram cannot show.
fn line_through_left_board(
    rules: &dyn Rules,
    input: &Input,
    starts: &[Position],
    moves: &[MoveText],
    second: &Read,
) -> Option<Vec<Position>> {
    if !matches!(play_line(rules, starts, moves, input.letters), Err((0, _))) {
        return None;
    }
    (1..moves.len()).find_map(|from| {
        let mut quiet = Findings::new();
        let ends = check_pair(
            rules,
            input,
            starts,
            &moves[from..],
            second,
            &input.boards[1],
            &mut quiet,
        );
        ends.filter(|_| quiet.is_empty())
    })
}

/// A pair's caption that names the line after a move the left board's two
/// marks show ("Before and after the marked capture + removal of b4": the
/// marks are the capture's start and end, the caption names what follows
/// in the same turn): when the line cannot be played from the left board,
/// it is played after each legal move between the two marks, and read as
/// the pair's moves if it then gives the right board exactly.
fn line_after_marked_move(
    rules: &dyn Rules,
    input: &Input,
    starts: &[Position],
    moves: &[MoveText],
    second: &Read,
) -> Option<Vec<Position>> {
    let g = rules.geometry();
    let marks: Vec<Square> = input.boards[0]
        .marks
        .iter()
        .filter_map(|(m, _)| g.parse_square(m))
        .collect();
    let &[a, b] = marks.as_slice() else {
        return None;
    };
    if play_line(rules, starts, moves, input.letters).is_ok() {
        return None;
    }
    let mut after = Vec::new();
    for start in starts {
        let mut pos = start.clone();
        let mut list = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut list);
        for mv in list.iter() {
            let (from, to) = (mv.intent.from, mv.intent.to);
            if (from, to) == (a, b) || (from, to) == (b, a) {
                let mut next = pos.clone();
                rules.play(&mut next, mv);
                after.push(next);
            }
        }
    }
    if after.is_empty() {
        return None;
    }
    let mut quiet = Findings::new();
    let ends = check_pair(
        rules,
        input,
        &after,
        moves,
        second,
        &input.boards[1],
        &mut quiet,
    );
    ends.filter(|_| quiet.is_empty())
}

fn check_sequence_playable(
    rules: &dyn Rules,
    input: &Input,
    starts: &[Position],
    moves: &[MoveText],
    out: &mut Findings,
) {
    if let Err((k, why)) = play_line(rules, starts, moves, input.letters) {
        let (at, len) = move_loc(input, &moves[k]);
        let names: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        out.push(Finding::new(
            Sev::Warning,
            "claim-sequence",
            at,
            len,
            format!(
                "{} cannot be played in the sequence {} from this diagram: {why}",
                moves[k].text,
                names.join(", ")
            ),
        ));
    }
}
