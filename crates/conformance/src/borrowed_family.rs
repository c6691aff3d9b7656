//! Classifiers of the borrowed-moves family's deviations (Hypnotic,
//! Iceage, ...), kept apart from `classifiers.rs` so that helpers of other
//! families edit other files; `classifiers.rs` lists them by id.

use fenpress_rules::{Color, MoveList, Square};

use crate::canon::CanonMove;
use crate::classifiers::parse_token as token;
use crate::deviations::{Ctx, Finding};

/// The color of what leaves the move's start.
fn mover(ctx: &Ctx, m: &CanonMove) -> Color {
    m.vanish
        .iter()
        .filter_map(|t| token(t))
        .find(|(sq, _, _)| *sq == m.start)
        .map_or(ctx.pos.turn(), |(_, c, _)| c)
}

/// fenpress's pseudo-legal move whose canonical shape is `m`, if any.
fn fenpress_move(ctx: &Ctx, m: &CanonMove) -> Option<fenpress_rules::Move> {
    let mut pos = ctx.pos.clone();
    let mut list = MoveList::new();
    ctx.rules.pseudo_legal_moves(&pos, &mut list);
    list.iter()
        .find(|mv| crate::canon::from_fenpress(ctx.rules, &mut pos, mv) == *m)
        .copied()
}

/// A king and one more piece of its side leave one rank and two pieces of
/// that side appear on it: a castling (vchess also "castles" off the first
/// rank, with whatever own piece stands on a flagged file).
fn castle_shape(m: &CanonMove) -> Option<(Color, char, char)> {
    let vanish: Vec<_> = m.vanish.iter().filter_map(|t| token(t)).collect();
    let appear: Vec<_> = m.appear.iter().filter_map(|t| token(t)).collect();
    if vanish.len() != 2 || appear.len() != 2 {
        return None;
    }
    let (ksq, kc, _) = *vanish
        .iter()
        .find(|(sq, _, k)| *sq == m.start && *k == 'k')?;
    let (osq, oc, _) = *vanish.iter().find(|(sq, _, _)| *sq != m.start)?;
    let same_rank = ksq.get(1..) == osq.get(1..);
    let ok = kc == oc && same_rank && appear.iter().all(|(_, c, _)| *c == kc);
    let (kf, of) = (ksq.chars().next()?, osq.chars().next()?);
    ok.then_some((kc, kf, of))
}

/// The flags field of a FEN (the fourth), when the two FENs agree on every
/// other field: (vchess's, fenpress's).
fn flags_only<'a>(vchess: &'a str, fenpress: &'a str) -> Option<(&'a str, &'a str)> {
    let v: Vec<&str> = vchess.split(' ').collect();
    let p: Vec<&str> = fenpress.split(' ').collect();
    let alike = v.len() == p.len() && v.len() > 4 && (0..v.len()).all(|i| i == 3 || v[i] == p[i]);
    (alike && v[3].len() == 4 && p[3].len() == 4).then(|| (v[3], p[3]))
}

/// Whether fenpress has lost both castling rights of `color`.
fn both_lost(ctx: &Ctx, color: Color) -> bool {
    (0..2).all(|side| ctx.pos.state.castling.rook_file(color, side).is_none())
}

/// vchess's flag update takes the mover for the owner: a hypnotized king
/// (or rook) moved by the opponent clears the mover's flags and keeps its
/// owner's, which later "castles" (even off the first rank); fenpress
/// clears the owner's, as for any king or rook that moved. Seen as FENs
/// that differ in the flags alone, where per side either fenpress lost
/// rights vchess keeps, or vchess lost both of a side whose opponent's
/// rights fenpress lost (its king was hypnotized); and as castlings only
/// one engine lists in such a position.
pub fn hypnotic_hypnotized_castling_flags(ctx: &Ctx, f: &Finding) -> bool {
    let lost = fenpress_rules::geometry::file_char(ctx.rules.geometry().cols());
    match f {
        Finding::Fen { vchess, fenpress } => {
            let Some((v, p)) = flags_only(vchess, fenpress) else {
                return false;
            };
            let side_ok = |color: Color, v: &str, p: &str| {
                let fenpress_lost = v.chars().zip(p.chars()).all(|(a, b)| a == b || b == lost);
                let vchess_lost_both =
                    v.chars().all(|c| c == lost) && both_lost(ctx, color.opposite());
                v == p || fenpress_lost || vchess_lost_both
            };
            v != p
                && side_ok(Color::White, &v[..2], &p[..2])
                && side_ok(Color::Black, &v[2..], &p[2..])
        }
        // vchess castles with flags fenpress has cleared.
        Finding::VchessOnly(m) => castle_shape(m).is_some_and(|(c, kf, of)| {
            let side = usize::from(of > kf);
            c == mover(ctx, m) && ctx.pos.state.castling.rook_file(c, side).is_none()
        }),
        // fenpress castles where vchess cleared the flags: the mover once
        // hypnotized the enemy king, so the enemy has lost both rights.
        Finding::FenpressOnly(m) => castle_shape(m).is_some_and(|(c, _, _)| {
            c == mover(ctx, m)
                && fenpress_move(ctx, m).is_some_and(|mv| {
                    matches!(mv.intent.kind, fenpress_rules::MoveKind::Castle { .. })
                })
                && both_lost(ctx, c.opposite())
        }),
    }
}

/// vchess marks a frozen king as standing on the square off the board at
/// (-1, -1) (above a8, left of it) and still tests it for check: an enemy
/// knight on b8 or a7, king on a8, or bishop or queen first on the a8-h1
/// diagonal "attacks" it, so a move whose ice age freezes the mover's own
/// king is dropped. fenpress lists it (the page: it loses, it is legal).
pub fn iceage_frozen_king_off_board(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    if ctx.pos.state.plies % 40 != 39 {
        return false;
    }
    let Some(mv) = fenpress_move(ctx, m) else {
        return false;
    };
    let me = mover(ctx, m);
    let mut pos = ctx.pos.clone();
    ctx.rules.play(&mut pos, &mv);
    let board = &pos.board;
    let live = |sq: Square| board.cell(sq).single().filter(|p| p.kind.char() != 'c');
    let king_frozen = !board
        .royals(me)
        .iter()
        .any(|k| live(k).is_some_and(|p| p.color == me));
    if !king_frozen {
        return false;
    }
    let them = me.opposite();
    let enemy = |name: &str, kinds: &[char]| {
        ctx.square(name)
            .and_then(live)
            .is_some_and(|p| p.color == them && kinds.contains(&p.kind.char()))
    };
    if enemy("b8", &['n']) || enemy("a7", &['n']) || enemy("a8", &['k']) {
        return true;
    }
    // A White pawn on a8 would "attack" it too.
    if them == Color::White && enemy("a8", &['p']) {
        return true;
    }
    // The first occupied square of the a8-h1 diagonal.
    let diagonal = ["a8", "b7", "c6", "d5", "e4", "f3", "g2", "h1"];
    diagonal
        .iter()
        .filter_map(|n| ctx.square(n))
        .find(|&s| !board.cell(s).is_empty())
        .and_then(live)
        .is_some_and(|p| p.color == them && matches!(p.kind.char(), 'b' | 'q'))
}

/// vchess's move list (`getAllPotentialMoves`, not overridden for Mesmer)
/// holds only the side to move's own pieces, so it never lists a move of
/// an enemy piece the Mesmerist observes; fenpress does (the page: the
/// Mesmerist "may elect to move any enemy piece which he observes").
pub fn mesmer_mesmerized_moves(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let us = ctx.pos.turn();
    let Some(from) = ctx.square(&m.start) else {
        return false;
    };
    if mover(ctx, m) == us {
        return false;
    }
    // The moved piece sees one of our Mesmerists first along a queen line.
    let g = ctx.rules.geometry();
    (-1..=1).any(|df| {
        (-1..=1).any(|dr| {
            if (df, dr) == (0, 0) {
                return false;
            }
            let mut at = g.offset(from, df, dr);
            while let Some(s) = at.filter(|&s| ctx.pos.board.cell(s).is_empty()) {
                at = g.offset(s, df, dr);
            }
            at.and_then(|s| ctx.pos.board.cell(s).single())
                .is_some_and(|p| p.color == us && p.kind.char() == 'm')
        })
    })
}

/// vchess's Wormhole2 start string is chess's, with castling flags and an
/// en-passant field its own FEN writer for Wormhole2 does not write.
pub fn wormhole2_start_fields(_ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::Fen { vchess, fenpress } if format!("{fenpress} ahah -") == *vchess)
}

/// vchess tracks kings by the side that moved them: playing and undoing a
/// hypnotized king's move (as its move listing and search do) writes the
/// enemy king's square into the mover's king position, so once its own
/// king is taken a side may still get moves; fenpress ends the game when a
/// king is taken. Seen as vchess-only moves where the side to move has no
/// king left.
pub fn hypnotic_play_on_without_king(ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::VchessOnly(_)) && ctx.pos.board.royals(ctx.pos.turn()).is_empty()
}

/// vchess's Magnetic start string (chess's) has an en-passant field its
/// writer for Magnetic (no en passant) drops.
pub fn magnetic_start_en_passant(_ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::Fen { vchess, fenpress } if format!("{fenpress} -") == *vchess)
}

/// The first-rank squares of the side to move named by its castling flags
/// that hold no lancer of its own (vchess completes a diagram's flags as
/// chess's `ahah`, whatever stands there).
fn flags_without_lancer(ctx: &Ctx) -> Vec<String> {
    let g = ctx.rules.geometry();
    let us = ctx.pos.turn();
    let back = if us == Color::White { 0 } else { g.rows() - 1 };
    (0..2)
        .filter_map(|side| ctx.pos.state.castling.rook_file(us, side))
        .filter_map(|f| g.square(f, back))
        .filter(|&s| {
            !ctx.pos.board.cell(s).single().is_some_and(|p| {
                p.color == us
                    && fenpress_rules::variants::borrowed::fullcavalry::lancer_dir(p.kind).is_some()
            })
        })
        .map(|s| g.square_name(s))
        .collect()
}

/// vchess's Fullcavalry castles with whatever its flag names, an empty
/// square included: it lists castlings "with" a missing lancer, and once
/// its legality test has played and undone one, the flag square holds a
/// pieceless "b" or "w" that a later move takes. fenpress castles only
/// with a lancer. Seen where a flag of the side to move names no lancer of
/// its, as castlings vchess alone lists and moves onto that square, and
/// as FENs where vchess writes the leftover as `undefined`.
pub fn fullcavalry_castling_flag_without_lancer(ctx: &Ctx, f: &Finding) -> bool {
    let m = match f {
        Finding::VchessOnly(m) | Finding::FenpressOnly(m) => m,
        // The pieceless leftover, which vchess's FEN writer spells
        // `undefined` on the board.
        Finding::Fen { vchess, fenpress } => {
            let norm = |s: &str| crate::canon::normalize_board_digits(s, true);
            return vchess.contains("undefined")
                && norm(&vchess.replace("undefined", "1")) == norm(fenpress);
        }
    };
    let pieceless = |t: &String| t.split_once(':').is_some_and(|(_, p)| p.len() == 1);
    match f {
        Finding::FenpressOnly(_) if onto_leftover_corner(ctx, m) => return true,
        Finding::VchessOnly(_) if m.vanish.iter().any(pieceless) => return true,
        _ => {}
    }
    let bad = flags_without_lancer(ctx);
    if bad.is_empty() {
        return false;
    }
    let touches = |t: &String| bad.iter().any(|b| t.split(':').next() == Some(b.as_str()));
    let us = ctx.pos.turn();
    let king_from_start = ctx
        .square(&m.start)
        .and_then(|s| ctx.pos.board.cell(s).single())
        .is_some_and(|p| p.color == us && p.kind == fenpress_rules::Kind::KING);
    // A castling: king and lancer appear, or only the lancer when the king
    // stays on its square (its pieceless "lancer" vanishes unread).
    let castles = matches!(f, Finding::VchessOnly(_))
        && king_from_start
        && (m.appear.len() == 2 || m.start == m.end);
    castles || bad.contains(&m.end) || m.vanish.iter().chain(&m.appear).any(touches)
}

/// A quiet move of fenpress onto an empty corner (where vchess's `ahah`
/// flags point): vchess may still hold its pieceless leftover there after
/// the flag is gone, and refuses the move or takes the leftover.
fn onto_leftover_corner(ctx: &Ctx, m: &CanonMove) -> bool {
    let g = ctx.rules.geometry();
    let last = g.rows() - 1;
    let corners = [
        g.square(0, 0),
        g.square(g.cols() - 1, 0),
        g.square(0, last),
        g.square(g.cols() - 1, last),
    ];
    let Some(end) = ctx.square(&m.end) else {
        return false;
    };
    corners.contains(&Some(end)) && ctx.pos.board.cell(end).is_empty() && m.vanish.len() == 1
}
