//! One classifier per listed deviation: a function that recognises that
//! deviation's signature in a finding (a move only one engine lists, seen
//! with the position and the whole difference there). Keep them sorted by
//! id, like `docs/rules-deviations.yaml`.

use fenpress_rules::{Board, Color, Piece, Square};

use crate::canon::CanonMove;
use crate::chess_family;
use crate::deviations::{Classifier, Ctx, Finding};

/// Every classifier, sorted by id.
pub static CLASSIFIERS: &[Classifier] = &[
    Classifier {
        id: "apocalypse-speculative-knight",
        variant: "Apocalypse",
        matches: apocalypse_speculative_knight,
    },
    Classifier {
        id: "coregal-rook-flags",
        variant: "Coregal",
        matches: chess_family::coregal_rook_flags,
    },
    Classifier {
        id: "discoduel-position-check",
        variant: "Discoduel",
        matches: chess_family::never,
    },
    Classifier {
        id: "evolution-black-jump",
        variant: "Evolution",
        matches: chess_family::evolution_black_jump,
    },
    Classifier {
        id: "extinction-castling-checks",
        variant: "Extinction",
        matches: chess_family::extinction_castling_checks,
    },
    Classifier {
        id: "extinction-own-pawns",
        variant: "Extinction",
        matches: chess_family::extinction_own_pawns,
    },
    Classifier {
        id: "horde-position-check",
        variant: "Horde",
        matches: chess_family::never,
    },
    Classifier {
        id: "knightmate1-promotion",
        variant: "Knightmate1",
        matches: chess_family::knightmate1_promotion,
    },
    Classifier {
        id: "knightmate2-promotion",
        variant: "Knightmate2",
        matches: chess_family::knightmate2_promotion,
    },
    Classifier {
        id: "knightmate2-start-flags",
        variant: "Knightmate2",
        matches: chess_family::knightmate2_start_flags,
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
        id: "pawnmassacre-start",
        variant: "Pawnmassacre",
        matches: chess_family::pawnmassacre_start,
    },
    Classifier {
        id: "perfect-castling-flags",
        variant: "Perfect",
        matches: chess_family::perfect_castling_flags,
    },
    Classifier {
        id: "royalrace-check-test",
        variant: "Royalrace",
        matches: chess_family::never,
    },
    Classifier {
        id: "rugby-position-check",
        variant: "Rugby",
        matches: chess_family::never,
    },
    Classifier {
        id: "tencubed-start-slash",
        variant: "Tencubed",
        matches: chess_family::tencubed_start_slash,
    },
    Classifier {
        id: "threechecks-flags-check",
        variant: "Threechecks",
        matches: chess_family::never,
    },
    Classifier {
        id: "threechecks-start-en-passant",
        variant: "Threechecks",
        matches: chess_family::threechecks_start_en_passant,
    },
    Classifier {
        id: "twokings-castling-off-first-rank",
        variant: "Twokings",
        matches: chess_family::twokings_castling_off_first_rank,
    },
    Classifier {
        id: "twokings-rook-flags",
        variant: "Twokings",
        matches: chess_family::twokings_rook_flags,
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
