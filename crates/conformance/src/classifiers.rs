//! One classifier per listed deviation: a function that recognises that
//! deviation's signature in a finding (a move only one engine lists, seen
//! with the position and the whole difference there). Keep them sorted by
//! id, like `docs/rules-deviations.yaml`.

use fenpress_rules::{Board, Color, Move, MoveList, Piece, Square};

use crate::canon::CanonMove;
use crate::deviations::{Classifier, Ctx, Finding};

/// Every classifier, sorted by id.
pub static CLASSIFIERS: &[Classifier] = &[
    Classifier {
        id: "apocalypse-speculative-knight",
        variant: "Apocalypse",
        matches: apocalypse_speculative_knight,
    },
    Classifier {
        id: "checkless-mating-reply",
        variant: "Checkless",
        matches: checkless_mating_reply,
    },
    Classifier {
        id: "knightrelay1-pawn-last-rank-check",
        variant: "Knightrelay1",
        matches: knightrelay1_pawn_last_rank_check,
    },
    Classifier {
        id: "maxima-frozen-guard-no-check",
        variant: "Maxima",
        matches: maxima_frozen_guard_no_check,
    },
    Classifier {
        id: "maxima-immobilizer-cancelled",
        variant: "Maxima",
        matches: maxima_immobilizer_cancelled,
    },
    Classifier {
        id: "maxima-king-wrap-attacks",
        variant: "Maxima",
        matches: maxima_king_wrap_attacks,
    },
    Classifier {
        id: "maxima-king-wrap-moves",
        variant: "Maxima",
        matches: maxima_king_wrap_moves,
    },
    Classifier {
        id: "maxima-no-suicide",
        variant: "Maxima",
        matches: maxima_no_suicide,
    },
    Classifier {
        id: "orda-yurt-attack",
        variant: "Orda",
        matches: orda_yurt_attack,
    },
    Classifier {
        id: "pacosako-king-union-chain",
        variant: "Pacosako",
        matches: pacosako_king_union_chain,
    },
    Classifier {
        id: "switching-castling-rights",
        variant: "Switching",
        matches: switching_castling_rights,
    },
    Classifier {
        id: "switching-missing-switches",
        variant: "Switching",
        matches: switching_missing_switches,
    },
];

// ---------------------------------------------------------------------------
// Helpers: tokens are `square:<color><kind>` (`e2:wp`).

fn parse_token(t: &str) -> Option<(&str, Color, char)> {
    let (sq, pc) = t.split_once(':')?;
    let mut chars = pc.chars();
    let color = match chars.next()? {
        'w' => Color::White,
        'b' => Color::Black,
        _ => return None,
    };
    Some((sq, color, chars.next()?))
}

/// The mover of a canonical move: the color of what leaves its start,
/// else of what appears.
fn mover(ctx: &Ctx, m: &CanonMove) -> Color {
    let of = |ts: &[String]| {
        ts.iter()
            .filter_map(|t| parse_token(t))
            .find(|(sq, _, _)| *sq == m.start)
            .map(|(_, c, _)| c)
    };
    of(&m.vanish).or(of(&m.appear)).unwrap_or(ctx.pos.turn())
}

/// The board once the move's effect is applied to the current position.
fn board_after(ctx: &Ctx, m: &CanonMove) -> Board {
    let mut board = ctx.pos.board.clone();
    for t in &m.vanish {
        if let Some((sq, color, _)) = parse_token(t) {
            if let Some(s) = ctx.square(sq) {
                board.remove(s, color);
            }
        }
    }
    for t in &m.appear {
        if let Some((sq, color, kind)) = parse_token(t) {
            if let (Some(s), Some(k)) = (ctx.square(sq), fenpress_rules::Kind::from_char(kind)) {
                board.put(s, Piece::new(color, k));
            }
        }
    }
    board
}

fn find(board: &Board, color: Color, kind: char) -> Vec<Square> {
    board
        .pieces()
        .filter(|(_, p)| p.color == color && p.kind.char() == kind)
        .map(|(s, _)| s)
        .collect()
}

fn has_next_to(ctx: &Ctx, board: &Board, sq: Square, color: Color, kinds: &[char]) -> bool {
    ctx.neighbours(sq).into_iter().any(|n| {
        board
            .cell(n)
            .kind(color)
            .is_some_and(|k| kinds.contains(&k.char()))
    })
}

/// fenpress's pseudo-legal move whose canonical shape is `m`, if any.
fn fenpress_move(ctx: &Ctx, m: &CanonMove) -> Option<Move> {
    let mut pos = ctx.pos.clone();
    let mut list = MoveList::new();
    ctx.rules.pseudo_legal_moves(&pos, &mut list);
    list.iter()
        .find(|mv| crate::canon::from_fenpress(ctx.rules, &mut pos, mv) == *m)
        .copied()
}

/// The knight's leaps.
const LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Whether `m` swaps two of the mover's pieces between its start and end
/// (a promotion of one of them allowed).
fn is_swap(ctx: &Ctx, m: &CanonMove) -> bool {
    let me = mover(ctx, m);
    let on = |ts: &[String]| -> Option<Vec<(String, char)>> {
        let mut v: Vec<(String, char)> = ts
            .iter()
            .map(|t| {
                parse_token(t)
                    .filter(|(_, c, _)| *c == me)
                    .map(|(s, _, k)| (s.to_string(), k))
            })
            .collect::<Option<_>>()?;
        v.sort();
        Some(v)
    };
    let (Some(v), Some(a)) = (on(&m.vanish), on(&m.appear)) else {
        return false;
    };
    fn squares(x: &[(String, char)]) -> Vec<&str> {
        let mut s: Vec<&str> = x.iter().map(|(q, _)| q.as_str()).collect();
        s.sort();
        s
    }
    let mut ends = vec![m.start.as_str(), m.end.as_str()];
    ends.sort();
    v.len() == 2 && a.len() == 2 && squares(&v) == ends && squares(&a) == ends && v[0].1 != v[1].1
}

// ---------------------------------------------------------------------------

/// vchess plays a speculative knight move that turned out impossible: the
/// knight lands on its own side's piece (which vanishes), or its effect is
/// garbled; fenpress does not play it and counts a penalty.
fn apocalypse_speculative_knight(ctx: &Ctx, f: &Finding) -> bool {
    fn self_capture(m: &CanonMove) -> bool {
        m.appear
            .iter()
            .filter_map(|t| parse_token(t))
            .any(|(sq, c, k)| {
                k == 'n'
                    && m.vanish
                        .iter()
                        .filter_map(|t| parse_token(t))
                        .any(|(vs, vc, _)| vs == sq && vc == c)
            })
    }
    let twin =
        |a: &CanonMove, b: &CanonMove| a.start == b.start && a.end == b.end && a.flags == b.flags;
    // A speculative knight move of the side to move that fenpress leaves
    // unplayed (nothing leaves its start), where vchess moves something.
    let knight_at_start = |m: &CanonMove| {
        ctx.square(&m.start)
            .and_then(|s| ctx.pos.board.cell(s).kind(ctx.pos.turn()))
            .is_some_and(|k| k.char() == 'n')
    };
    let unplayed = |m: &CanonMove| {
        !m.vanish
            .iter()
            .any(|t| t.starts_with(&format!("{}:", m.start)))
    };
    let vchess_side = |v: &CanonMove| {
        self_capture(v)
            || (v.flags.contains(&"speculative")
                && knight_at_start(v)
                && ctx
                    .diff
                    .fenpress_only
                    .iter()
                    .any(|f| twin(f, v) && unplayed(f)))
    };
    match f {
        Finding::VchessOnly(m) => vchess_side(m),
        Finding::FenpressOnly(m) => ctx
            .diff
            .vchess_only
            .iter()
            .any(|v| twin(v, m) && vchess_side(v)),
        Finding::Fen { .. } => false,
    }
}

/// vchess lets a check stand as a mate when every parry gives check, a
/// parry that mates in turn included; fenpress allows such a parry, so the
/// check does not mate and is forbidden.
fn checkless_mating_reply(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let Some(mv) = fenpress_move(ctx, m) else {
        return false;
    };
    let rules = ctx.rules;
    let me = ctx.pos.turn();
    let mut pos = ctx.pos.clone();
    rules.play(&mut pos, &mv);
    if rules.royal_attacked(&pos, me) || !rules.royal_attacked(&pos, me.opposite()) {
        return false;
    }
    // A parry that checks back: the one vchess forbids.
    let mut replies = MoveList::new();
    rules.pseudo_legal_moves(&pos, &mut replies);
    replies.iter().any(|r| {
        let undo = rules.play(&mut pos, r);
        let checks_back =
            !rules.royal_attacked(&pos, me.opposite()) && rules.royal_attacked(&pos, me);
        rules.unplay(&mut pos, r, undo);
        checks_back
    })
}

/// vchess sees a knight-relayed pawn attack its own last rank and not its
/// first; fenpress the reverse (the page: no check on the last rank). The
/// mover's king ends a knight's leap from an enemy pawn guarded by an
/// enemy knight, on the rank where only one engine sees the attack.
fn knightrelay1_pawn_last_rank_check(ctx: &Ctx, f: &Finding) -> bool {
    let (m, rank_of_pawn) = match f {
        // vchess: attacked on the pawn's last rank.
        Finding::FenpressOnly(m) => (m, ctx.rules.geometry().rows() - 1),
        // fenpress: attacked on the pawn's first rank.
        Finding::VchessOnly(m) => (m, 0),
        Finding::Fen { .. } => return false,
    };
    let me = mover(ctx, m);
    let them = me.opposite();
    let board = board_after(ctx, m);
    let g = ctx.rules.geometry();
    let is = |sq: Square, kind: char| board.cell(sq).kind(them).is_some_and(|k| k.char() == kind);
    let relayed = |pawn: Square| {
        LEAPS
            .iter()
            .any(|&(df, dr)| g.offset(pawn, df, dr).is_some_and(|s| is(s, 'n')))
    };
    find(&board, me, 'k').into_iter().any(|king| {
        g.relative_rank(king, them) == rank_of_pawn
            && LEAPS.iter().any(|&(df, dr)| {
                g.offset(king, df, dr)
                    .is_some_and(|s| is(s, 'p') && relayed(s))
            })
    })
}

/// vchess: a guard frozen by an immobilizer still gives check; fenpress:
/// it does not, so the king may stand next to it.
fn maxima_frozen_guard_no_check(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let me = mover(ctx, m);
    let board = board_after(ctx, m);
    find(&board, me, 'k').into_iter().any(|king| {
        ctx.neighbours(king).into_iter().any(|n| {
            board
                .cell(n)
                .kind(me.opposite())
                .is_some_and(|k| k.char() == 'd')
                && has_next_to(ctx, &board, n, me, &['m'])
        })
    })
}

/// fenpress: an enemy immobilizer next to a friendly immobilizer or
/// chameleon is cancelled, so the pieces it touches move (and give check);
/// vchess freezes them.
fn maxima_immobilizer_cancelled(ctx: &Ctx, f: &Finding) -> bool {
    // Whether `color`'s piece on `sq` is freed by a cancelled immobilizer.
    let freed = |board: &Board, sq: Square, color: Color| {
        ctx.neighbours(sq).into_iter().any(|n| {
            board
                .cell(n)
                .kind(color.opposite())
                .is_some_and(|k| k.char() == 'm')
                && has_next_to(ctx, board, n, color, &['m', 'b'])
        })
    };
    match f {
        // A move of a freed piece.
        Finding::FenpressOnly(m) => ctx
            .square(&m.start)
            .is_some_and(|start| freed(&ctx.pos.board, start, mover(ctx, m))),
        // vchess lets the king stand where a freed piece takes it.
        Finding::VchessOnly(m) => {
            let me = mover(ctx, m);
            let mut after = ctx.pos.clone();
            after.board = board_after(ctx, m);
            fenpress_rules::rules::royal_captures(ctx.rules, &after, me)
                .iter()
                .any(|c| freed(&after.board, c.intent.from, me.opposite()))
        }
        Finding::Fen { .. } => false,
    }
}

/// vchess's attack detection misses a king's wrap from the h-side to the
/// a-side, so it lets a king step where the enemy king reaches it round.
fn maxima_king_wrap_attacks(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let me = mover(ctx, m);
    let board = board_after(ctx, m);
    let g = ctx.rules.geometry();
    let cols = i32::from(g.cols());
    find(&board, me, 'k').into_iter().any(|king| {
        find(&board, me.opposite(), 'k').into_iter().any(|enemy| {
            let df = (i32::from(g.file(king)) - i32::from(g.file(enemy))).abs();
            let dr = (i32::from(g.rank(king)) - i32::from(g.rank(enemy))).abs();
            df > 2 && matches!((cols - df, dr), (1, 2) | (2, 1))
        })
    })
}

/// fenpress's king also wraps from the a-side to the h-side (vchess only
/// h to a).
fn maxima_king_wrap_moves(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
        return false;
    };
    let g = ctx.rules.geometry();
    let king = ctx
        .pos
        .board
        .cell(from)
        .kind(mover(ctx, m))
        .is_some_and(|k| k.char() == 'k');
    king && (i32::from(g.file(from)) - i32::from(g.file(to))).abs() > 2
}

/// vchess gives a frozen piece a move that removes it (suicide).
fn maxima_no_suicide(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let _ = ctx;
    m.appear.is_empty() && m.vanish.len() == 1 && m.vanish[0].starts_with(&format!("{}:", m.start))
}

/// vchess's yurt attack looks one square the wrong way: it sees a yurt
/// attack straight backwards, not straight forwards.
fn orda_yurt_attack(ctx: &Ctx, f: &Finding) -> bool {
    let (m, towards) = match f {
        // vchess lets the king stand right in front of a yurt.
        Finding::VchessOnly(m) => (m, -1),
        // vchess forbids the square right behind a yurt.
        Finding::FenpressOnly(m) => (m, 1),
        Finding::Fen { .. } => return false,
    };
    let me = mover(ctx, m);
    let board = board_after(ctx, m);
    let g = ctx.rules.geometry();
    // The yurt is the Horde's (Black's): its forward is down the board.
    find(&board, me, 'k').into_iter().any(|king| {
        me == Color::White
            && g.offset(king, 0, -towards).is_some_and(|s| {
                board
                    .cell(s)
                    .kind(Color::Black)
                    .is_some_and(|k| k.char() == 'y')
            })
    })
}

/// vchess ends the game as soon as a king enters a union, even in the
/// middle of a chain; fenpress lets the released piece go on.
fn pacosako_king_union_chain(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let _ = m;
    let me = ctx.pos.turn();
    // Any move of the chain while the mover's king dances in a union.
    ctx.pos
        .board
        .pieces()
        .any(|(sq, p)| p.color == me && p.kind.char() == 'k' && ctx.pos.board.cell(sq).is_union())
}

/// vchess keeps a rook's castling flag when the rook moves, is switched
/// away or is taken; fenpress drops it as in chess. Seen as FENs that
/// differ only where fenpress has lost a flag vchess keeps, and as vchess
/// castling moves on a side whose right fenpress has lost.
fn switching_castling_rights(ctx: &Ctx, f: &Finding) -> bool {
    match f {
        Finding::Fen { vchess, fenpress } => {
            let v: Vec<&str> = vchess.split(' ').collect();
            let p: Vec<&str> = fenpress.split(' ').collect();
            let lost = fenpress_rules::geometry::file_char(ctx.rules.geometry().cols());
            v.len() == p.len()
                && v.len() > 3
                && (0..v.len()).all(|i| i == 3 || v[i] == p[i])
                && v[3].len() == p[3].len()
                && v[3] != p[3]
                && v[3]
                    .chars()
                    .zip(p[3].chars())
                    .all(|(a, b)| a == b || b == lost)
        }
        Finding::VchessOnly(m) => {
            let me = mover(ctx, m);
            let g = ctx.rules.geometry();
            let Some(king) = ctx
                .square(&m.start)
                .filter(|_| ctx.kind_at(&m.start, me) == Some('k'))
            else {
                return false;
            };
            // The other piece of a castling: an own piece leaving the first rank.
            let partner = m
                .vanish
                .iter()
                .filter_map(|t| parse_token(t))
                .find(|(sq, c, _)| *c == me && *sq != m.start);
            let Some(other) = partner.and_then(|(sq, _, _)| ctx.square(sq)) else {
                return false;
            };
            let side = usize::from(g.file(other) > g.file(king));
            m.appear.len() == 2
                && g.relative_rank(king, me) == 0
                && g.rank(other) == g.rank(king)
                && ctx.pos.state.castling.rook_file(me, side).is_none()
        }
        Finding::FenpressOnly(_) => false,
    }
}

/// vchess's move list loses the swaps its square-order test drops and
/// lists a Black pawn's promoting swap twice; fenpress lists each swap of
/// two adjacent friendly pieces once, when the mover is not in check.
fn switching_missing_switches(ctx: &Ctx, f: &Finding) -> bool {
    match f {
        Finding::FenpressOnly(m) => {
            is_swap(ctx, m) && !ctx.rules.royal_attacked(ctx.pos, mover(ctx, m))
        }
        Finding::VchessOnly(m) => {
            let promotes = m.vanish.iter().any(|t| t.ends_with('p'))
                && m.appear.iter().filter(|t| t.ends_with('p')).count()
                    < m.vanish.iter().filter(|t| t.ends_with('p')).count();
            is_swap(ctx, m)
                && promotes
                && mover(ctx, m) == Color::Black
                && fenpress_move(ctx, m).is_some()
        }
        Finding::Fen { .. } => false,
    }
}
