//! One classifier per listed deviation: a function that recognises that
//! deviation's signature in a finding (a move only one engine lists, seen
//! with the position and the whole difference there). Keep them sorted by
//! id, like `docs/rules-deviations.yaml`.

use fenpress_rules::{Board, Color, Piece, Square};

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
        id: "crazyhouse-reserve-fen",
        variant: "Crazyhouse",
        matches: crazyhouse_reserve_fen,
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
        id: "minishogi-silver-attack",
        variant: "Minishogi",
        matches: shogi_silver_attack,
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
        id: "pocketknight-drop-in-one-move",
        variant: "Pocketknight",
        matches: pocketknight_drop_in_one_move,
    },
    Classifier {
        id: "shogi-black-promotion-zone",
        variant: "Shogi",
        matches: shogi_black_promotion_zone,
    },
    Classifier {
        id: "shogi-silver-attack",
        variant: "Shogi",
        matches: shogi_silver_attack,
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

/// The FEN fields of both engines when the finding is a FEN difference.
fn fen_fields(f: &Finding) -> Option<(Vec<&str>, Vec<&str>)> {
    match f {
        Finding::Fen { vchess, fenpress } => Some((
            vchess.split_whitespace().collect(),
            fenpress.split_whitespace().collect(),
        )),
        _ => None,
    }
}

/// vchess writes a Crazyhouse reserve of six digits (White's five counts
/// and Black's queen: its loop runs over the promoted letters too and
/// overwrites Black's first four counts), and its start FEN carries a
/// stray `-` after the reserve; fenpress writes the ten digits both read.
fn crazyhouse_reserve_fen(_ctx: &Ctx, f: &Finding) -> bool {
    let Some((v, p)) = fen_fields(f) else {
        return false;
    };
    let [board, turn, plies, flags, ep, reserve] = p.as_slice() else {
        return false;
    };
    let head = [*board, *turn, *plies, *flags, *ep];
    if v.len() < 6 || v[..5] != head || reserve.len() != 10 {
        return false;
    }
    let garbled = format!("{}{}", &reserve[..5], &reserve[9..]);
    v[5..] == [*reserve, "-"] || v[5..] == [garbled.as_str()]
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

/// vchess plays a pocket knight's drop in two plies: first a null move
/// from the mover's king to the enemy king's square (nothing vanishes or
/// appears), then the drop; fenpress's drop is one move. The null move is
/// vchess's only, each knight drop (while it is listed) fenpress's only.
fn pocketknight_drop_in_one_move(ctx: &Ctx, f: &Finding) -> bool {
    let me = ctx.pos.turn();
    let kings = |m: &CanonMove| {
        m.vanish.is_empty()
            && m.appear.is_empty()
            && ctx.kind_at(&m.start, me) == Some('k')
            && ctx.kind_at(&m.end, me.opposite()) == Some('k')
    };
    match f {
        Finding::VchessOnly(m) => kings(m),
        Finding::FenpressOnly(m) => {
            let letter = if me == Color::White { 'w' } else { 'b' };
            m.start == "@"
                && m.vanish.is_empty()
                && m.appear == [format!("{}:{letter}n", m.end)]
                && ctx.diff.vchess_only.iter().any(kings)
        }
        Finding::Fen { .. } => false,
    }
}

/// vchess lets Black promote only arriving on its last two ranks; the
/// page's zone is three ranks for both: fenpress's Black promotions
/// arriving on the third rank are its own.
fn shogi_black_promotion_zone(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let g = ctx.rules.geometry();
    let Some(end) = ctx.square(&m.end) else {
        return false;
    };
    let before = ctx.kind_at(&m.start, Color::Black);
    let after = m
        .appear
        .iter()
        .filter_map(|t| parse_token(t))
        .find(|(sq, c, _)| *sq == m.end && *c == Color::Black)
        .map(|(_, _, k)| k);
    mover(ctx, m) == Color::Black
        && g.relative_rank(end, Color::Black) == g.rows() - 3
        && before.is_some()
        && after.is_some()
        && before != after
}

/// vchess's silver general never attacks (its attack test looks for a
/// piece letter it never defines): a king may step next to an enemy silver
/// or stay in its check. Such a move of vchess's only leaves the mover's
/// king attacked in fenpress, and by silvers alone.
fn shogi_silver_attack(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let me = mover(ctx, m);
    let mut after = ctx.pos.clone();
    after.board = board_after(ctx, m);
    if !ctx.rules.royal_attacked(&after, me) {
        return false;
    }
    // Each enemy silver becomes a piece of the mover's: it still blocks
    // the lines it stood on, and attacks nothing.
    for sq in find(&after.board, me.opposite(), 's') {
        after.board.remove(sq, me.opposite());
        if let Some(k) = fenpress_rules::Kind::from_char('g') {
            after.board.put(sq, Piece::new(me, k));
        }
    }
    !ctx.rules.royal_attacked(&after, me)
}
