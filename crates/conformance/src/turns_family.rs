//! The classifiers of the deviations of the variants whose turn is several
//! moves (Doublemove1, Doublemove2, Progressive1, Progressive2, Monster),
//! kept apart from the others so that each family's helpers edit their own
//! file.

use fenpress_rules::variants::turns::multimove::TurnState;
use fenpress_rules::variants::turns::refusal::LastMove;
use fenpress_rules::{Color, Kind, Piece};

use crate::canon::CanonMove;
use crate::classifiers::parse_token as token;
use crate::deviations::{Ctx, Finding};

/// vchess's en passant onto a square a piece landed on since the pawn
/// passed it: the capturing pawn (from the move's start) takes the piece
/// there and the passed pawn beside it, so three pieces vanish, two of
/// the opponent's.
fn en_passant_onto_piece(m: &CanonMove) -> bool {
    let Some((_, mover, 'p')) = m
        .vanish
        .iter()
        .filter_map(|t| token(t))
        .find(|(sq, _, _)| *sq == m.start)
    else {
        return false;
    };
    let taken: Vec<_> = m
        .vanish
        .iter()
        .filter_map(|t| token(t))
        .filter(|(_, c, _)| *c != mover)
        .collect();
    // The piece on the end square, and a pawn on the start's rank and the
    // end's file.
    let on_end = taken.iter().any(|(sq, _, _)| *sq == m.end);
    let passed = taken.iter().any(|(sq, _, k)| {
        *k == 'p' && sq.get(..1) == m.end.get(..1) && sq.get(1..) == m.start.get(1..)
    });
    m.vanish.len() == 3 && taken.len() == 2 && on_end && passed
}

/// vchess takes the passed pawn too; the page's capture takes the piece
/// alone (a plain capture both list).
pub fn doublemove_en_passant_occupied(_ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::VchessOnly(m) if en_passant_onto_piece(m))
}

/// Black's first move of a turn that takes the White king: vchess lets
/// Black move again (a chain), fenpress ends the game there (the same move
/// without the chain).
pub fn doublemove2_king_capture_ends(ctx: &Ctx, f: &Finding) -> bool {
    let (Finding::VchessOnly(m) | Finding::FenpressOnly(m)) = f else {
        return false;
    };
    let takes_white_king = m
        .vanish
        .iter()
        .filter_map(|t| token(t))
        .any(|(_, c, k)| c == fenpress_rules::Color::White && k == 'k');
    let chained = m.flags.contains(&"chain");
    let vchess_side = matches!(f, Finding::VchessOnly(_));
    takes_white_king && ctx.pos.turn() == fenpress_rules::Color::Black && chained == vchess_side
}

/// vchess's Monster start string without its options (the number of
/// pawns): no white pawn row at all (`//4K3`); fenpress starts from the
/// page's six pawns.
pub fn monster_start_pawns(_ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::Fen { vchess, fenpress }
        if vchess.replace("//4K3", "/1PPPPPP1/4K3") == *fenpress)
}

/// A king that takes the enemy king: vchess's record of the kings skips
/// the capture (its update returns early for a king's move), so the side
/// without a king moves on; in fenpress that side has lost.
pub fn doublemove2_king_takes_king(ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::VchessOnly(_))
        && fenpress_rules::Color::ALL
            .into_iter()
            .any(|c| ctx.pos.board.royals(c).is_empty())
}

/// fenpress's second en passant of a turn whose first move took one: the
/// pawn takes the other passed square's pawn. vchess records the turn's own
/// first move as the square list by then, so it never offers it.
pub fn doublemove_second_en_passant(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let second = TurnState::of(&ctx.pos.state).second_ep;
    second.is_some_and(|sq| ctx.rules.geometry().square_name(sq) == m.end)
        && m.vanish.iter().filter_map(|t| token(t)).any(|(sq, c, k)| {
            k == 'p'
                && c != ctx.pos.turn()
                && sq.get(..1) == m.end.get(..1)
                && sq.get(1..) == m.start.get(1..)
        })
}

/// Refusal2, after a refusal (which it leaves refusable): vchess adds the
/// moves of the piece on the refusal's end square as the refusal of the
/// refusal, but that piece is the mover's own, so its moves are listed
/// twice (the replay of the refused move, once, is banned). fenpress lists
/// each once: the extra copy is vchess's only.
pub fn refusal2_refused_piece_twice(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let Some(last) = LastMove::of(&ctx.pos.state) else {
        return false;
    };
    if !last.refusal || ctx.rules.geometry().square_name(last.to) != m.start {
        return false;
    }
    // fenpress lists the same move once.
    let mut pos = ctx.pos.clone();
    let mut list = fenpress_rules::MoveList::new();
    fenpress_rules::legal::legal_moves(ctx.rules, &mut pos, &mut list);
    list.iter()
        .any(|mv| crate::canon::from_fenpress(ctx.rules, &mut pos.clone(), mv) == *m)
}

/// A king's move that does not end the turn by itself (the game goes on,
/// no check given): vchess asks whether the mover has a move left before
/// it records the king's new square, so every other piece's move is judged
/// with the king still on its old square; where that square is attacked
/// none is legal and vchess ends the turn. The same king move, listed by
/// vchess without the chain and by fenpress with it.
pub fn king_move_judged_from_old_square(ctx: &Ctx, f: &Finding) -> bool {
    let (m, vchess_side) = match f {
        Finding::VchessOnly(m) => (m, true),
        Finding::FenpressOnly(m) => (m, false),
        _ => return false,
    };
    let us = ctx.pos.turn();
    let king_moves = m
        .vanish
        .iter()
        .filter_map(|t| token(t))
        .any(|(sq, c, k)| sq == m.start && c == us && k == 'k');
    let chained = m.flags.contains(&"chain");
    king_moves && chained != vchess_side
}

/// Ambiguous, a mark named by an en-passant capture: vchess takes the
/// passed pawn off the board at once and leaves a marked pawn (`s`) on the
/// empty square the capture lands on; fenpress marks that empty square with
/// the discus, the capture then one of the moves the opponent may execute
/// there. The same coordinates on both sides, at the square the state's
/// en passant names.
pub fn ambiguous_en_passant_mark(ctx: &Ctx, f: &Finding) -> bool {
    let (m, vchess_side) = match f {
        Finding::VchessOnly(m) => (m, true),
        Finding::FenpressOnly(m) => (m, false),
        _ => return false,
    };
    let Some(ep) = ctx.pos.state.en_passant else {
        return false;
    };
    if ctx.rules.geometry().square_name(ep) != m.end {
        return false;
    }
    let them = ctx.pos.turn().opposite();
    let appears = |kind: char| {
        m.appear
            .iter()
            .filter_map(|t| token(t))
            .any(|(sq, c, k)| sq == m.end && c == them && k == kind)
    };
    if vchess_side {
        // The passed pawn, beside the end square, vanishes.
        let passed = m.vanish.iter().filter_map(|t| token(t)).any(|(sq, c, k)| {
            k == 'p'
                && c == them
                && sq.get(..1) == m.end.get(..1)
                && sq.get(1..) == m.start.get(1..)
        });
        appears('s') && passed && m.vanish.len() == 1
    } else {
        appears('g') && m.vanish.is_empty()
    }
}

/// Stealthbomb, a loaded pawn's double step: vchess gives it no
/// en-passant square (its test asks for the letter `p`), fenpress gives it
/// the pawn's. Seen as the en-passant field of the FEN (`-` in vchess, the
/// passed square in fenpress, a loaded pawn just past it) and as the
/// en-passant capture of that pawn, fenpress's only.
pub fn stealthbomb_loaded_pawn_en_passant(ctx: &Ctx, f: &Finding) -> bool {
    let Some(ep) = ctx.pos.state.en_passant else {
        return false;
    };
    let g = ctx.rules.geometry();
    let ep_name = g.square_name(ep);
    // The loaded pawn that passed `ep`: one rank beyond it, toward its
    // opponent (the side to move is the opponent).
    let forward = if ctx.pos.turn() == fenpress_rules::Color::White {
        -1
    } else {
        1
    };
    let Some(passed) = g.offset(ep, 0, forward) else {
        return false;
    };
    let them = ctx.pos.turn().opposite();
    if ctx.pos.board.cell(passed).kind(them).map(|k| k.char()) != Some('s') {
        return false;
    }
    let passed_name = g.square_name(passed);
    match f {
        Finding::Fen { vchess, fenpress } => {
            let v: Vec<&str> = vchess.split(' ').collect();
            let p: Vec<&str> = fenpress.split(' ').collect();
            v.len() == p.len()
                && v.last() == Some(&"-")
                && p.last() == Some(&ep_name.as_str())
                && v[..v.len() - 1] == p[..p.len() - 1]
        }
        Finding::FenpressOnly(m) => {
            m.end == ep_name
                && m.vanish
                    .iter()
                    .filter_map(|t| token(t))
                    .any(|(sq, c, k)| k == 's' && c == them && sq == passed_name)
        }
        Finding::VchessOnly(_) => false,
    }
}

/// Dice, a castling whose king starts on or crosses a square the opponent
/// attacks: fenpress's only (no check, so castling minds no attack; vchess
/// still tests the squares, all but the king's last).
pub fn dice_castling_no_check(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let us = ctx.pos.turn();
    let mine = |list: &[String]| -> Vec<char> {
        let mut kinds: Vec<char> = list
            .iter()
            .filter_map(|t| token(t))
            .filter(|(_, c, _)| *c == us)
            .map(|(_, _, k)| k)
            .collect();
        kinds.sort_unstable();
        kinds
    };
    // The king and a rook leave and arrive, nothing else changes.
    let castling = mine(&m.vanish) == ['k', 'r']
        && mine(&m.appear) == ['k', 'r']
        && m.vanish.len() == 2
        && m.appear.len() == 2;
    // vchess lists no castling with these squares, whatever the roll.
    castling
        && !ctx
            .diff
            .vchess_only
            .iter()
            .any(|v| v.start == m.start && v.end == m.end)
}

/// Dice, a move after which the opponent has no piece that can move (its
/// king taken, nothing else left): vchess's roll is `undefined` and its
/// FEN says so; fenpress writes no roll, `-`.
pub fn dice_no_roll_undefined(_ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::Fen { vchess, fenpress }
        if vchess.strip_suffix(" undefined").is_some_and(|v| fenpress.strip_suffix(" -") == Some(v)))
}

/// Swap, castling flags: vchess never clears a rook's flag (its test
/// compares a row number with the keys of an object, strings), only a
/// king's moving or being swapped clears its side's; fenpress clears a
/// rook's flag when that rook leaves its square, as chess does. Seen as the
/// FENs' flags (vchess's a file where fenpress's is `i`, all else equal),
/// and as vchess's castling with a flag fenpress no longer has (with
/// whatever piece stands on the rook's square).
pub fn swap_rook_flags(ctx: &Ctx, f: &Finding) -> bool {
    match f {
        Finding::Fen { vchess, fenpress } => flags_cleared_only(vchess, fenpress),
        Finding::VchessOnly(m) => {
            // A castling: the mover's king and one other piece of its
            // change squares, nothing else.
            let us = ctx.pos.turn();
            let mine = |list: &[String]| {
                list.iter()
                    .filter_map(|t| token(t))
                    .all(|(_, c, _)| c == us)
            };
            let king = m
                .vanish
                .iter()
                .filter_map(|t| token(t))
                .any(|(sq, _, k)| k == 'k' && sq == m.start);
            king && m.vanish.len() == 2
                && m.appear.len() == 2
                && mine(&m.vanish)
                && mine(&m.appear)
                && m.start.get(1..) == m.end.get(1..)
                && m.start
                    .bytes()
                    .next()
                    .zip(m.end.bytes().next())
                    .is_some_and(|(a, b)| a.abs_diff(b) >= 2)
        }
        Finding::FenpressOnly(_) => false,
    }
}

/// Swap, a move no swap could follow: "if a player cannot make ... the
/// swap, he loses", and fenpress ends the game there; vchess's test reads
/// the last swap made, an older one, and plays on.
pub fn swap_no_swap_loses(ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::VchessOnly(_))
        && fenpress_rules::variants::turns::swap::SwapState::of(&ctx.pos.state).unswapped
}

/// Whether two FENs differ only in castling flags that fenpress cleared
/// (`i`, the file past the board) and vchess kept.
fn flags_cleared_only(vchess: &str, fenpress: &str) -> bool {
    let v: Vec<&str> = vchess.split(' ').collect();
    let p: Vec<&str> = fenpress.split(' ').collect();
    v.len() == p.len()
        && v.len() > 3
        && (0..v.len()).all(|i| i == 3 || v[i] == p[i])
        && v[3].len() == p[3].len()
        && v[3]
            .chars()
            .zip(p[3].chars())
            .all(|(a, b)| a == b || b == 'i')
}

/// synchrone1-castling-after-king-move: vchess clears a castling flag only
/// when its rook's square is touched, never when the king moves; fenpress
/// clears a side's flags when its king moves, as in chess. The FENs differ
/// in those flags only, and vchess lists castlings of a king that has
/// moved (a White castling is a choice: nothing changes on the board, the
/// king moves along its rank; a Black castling moves the king along its
/// rank and a rook).
pub fn synchrone_castling_after_king_move(ctx: &Ctx, f: &Finding) -> bool {
    match f {
        Finding::Fen { vchess, fenpress } => flags_cleared_only(vchess, fenpress),
        Finding::VchessOnly(m) => {
            let us = ctx.pos.turn();
            let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
                return false;
            };
            let g = ctx.rules.geometry();
            let king = ctx.pos.board.cell(from).piece(us) == Some(Piece::new(us, Kind::KING));
            // A resolved Black castling: a piece of the mover's (a rook, or
            // whatever stands on the flag's file) leaves a square of the
            // king's rank and lands on another.
            let rank = m.start.get(1..);
            let along = |list: &[String]| -> Vec<(String, char)> {
                list.iter()
                    .filter_map(|t| token(t))
                    .filter(|(sq, c, k)| *c == us && *k != 'k' && sq.get(1..) == rank)
                    .map(|(sq, _, k)| (sq.to_string(), k))
                    .collect()
            };
            let (left, came) = (along(&m.vanish), along(&m.appear));
            // (Or it vanishes: Synchrone2's castling whose end, the partner's
            // square, meets the enemy's capture there keeps the king alone.)
            let partner = left
                .iter()
                .any(|(a, k)| came.iter().any(|(b, j)| j == k && a != b))
                || !left.is_empty() && came.is_empty();
            // A White choice changes nothing: its castling reads as a king's
            // move along its rank, or none at all (vchess castles from
            // wherever the king went, with whatever own piece stands on the
            // flag's file: a king on c3 "castles" to c3, its knight on a3
            // to d3). Only a castling makes vchess list a king's move along
            // its rank that fenpress does not.
            let castles = m.vanish.is_empty() || partner;
            king && g.rank(from) == g.rank(to) && castles
        }
        Finding::FenpressOnly(_) => false,
    }
}

/// synchrone1-en-passant-onto-own-piece: a pawn double-stepped past a
/// square the opponent's simultaneous move reached; vchess lets a pawn of
/// the opponent's take en passant onto that square, taking its own piece
/// there and the passed pawn; fenpress's en passant goes to an empty
/// passed square, as in chess.
pub fn synchrone_en_passant_onto_own_piece(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let us = ctx.pos.turn();
    let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
        return false;
    };
    let g = ctx.rules.geometry();
    let forward = if us == Color::White { 1 } else { -1 };
    let pawn = ctx.pos.board.cell(from).piece(us) == Some(Piece::new(us, Kind::PAWN));
    let diagonal = g.file(from).abs_diff(g.file(to)) == 1
        && i32::from(g.rank(to)) - i32::from(g.rank(from)) == forward;
    pawn && diagonal && ctx.pos.state.en_passant == Some(to) && ctx.pos.board.cell(to).has(us)
}
