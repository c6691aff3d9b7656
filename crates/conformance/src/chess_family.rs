//! The classifiers of the chess family's deviations (variants that differ
//! from chess by pieces, board, setup or how the game is won), kept apart
//! from the others so that each family's helpers edit their own file.

use fenpress_rules::Color;

use crate::canon::CanonMove;
use crate::classifiers::parse_token as token;
use crate::deviations::{Ctx, Finding};

/// What leaves the move's start square: its color and kind letter.
fn moved(m: &CanonMove) -> Option<(Color, char)> {
    m.vanish
        .iter()
        .filter_map(|t| token(t))
        .find(|(sq, _, _)| *sq == m.start)
        .map(|(_, c, k)| (c, k))
}

/// Two pieces of one side move and nothing else: a castling.
fn castling(m: &CanonMove) -> bool {
    let colors = |ts: &[String]| -> Vec<Color> {
        ts.iter()
            .filter_map(|t| token(t))
            .map(|(_, c, _)| c)
            .collect()
    };
    let (v, a) = (colors(&m.vanish), colors(&m.appear));
    v.len() == 2 && a.len() == 2 && v.iter().chain(&a).all(|c| *c == v[0])
}

/// A pawn of the mover that becomes `kind`.
fn promotes_to(m: &CanonMove, kind: char) -> bool {
    moved(m).is_some_and(|(c, k)| {
        k == 'p'
            && m.appear
                .iter()
                .filter_map(|t| token(t))
                .any(|(sq, ac, ak)| sq == m.end && ac == c && ak == kind)
    })
}

/// The two FENs' fields when they are alike but for the flags field
/// (the fourth): (vchess's flags, fenpress's flags).
fn flags_only(f: &Finding) -> Option<(&str, &str)> {
    let Finding::Fen { vchess, fenpress } = f else {
        return None;
    };
    let v: Vec<&str> = vchess.split(' ').collect();
    let p: Vec<&str> = fenpress.split(' ').collect();
    let alike = v.len() == p.len() && v.len() > 3 && (0..v.len()).all(|i| i == 3 || v[i] == p[i]);
    alike.then(|| (v[3], p[3]))
}

/// vchess keeps a rook file in the flags after that rook moved or was
/// taken (fenpress writes the file past the board there), and castles with
/// whatever stands on it.
pub fn coregal_rook_flags(ctx: &Ctx, f: &Finding) -> bool {
    rook_flags_kept(ctx, f)
}

/// As [`coregal_rook_flags`], for Twokings.
pub fn twokings_rook_flags(ctx: &Ctx, f: &Finding) -> bool {
    rook_flags_kept(ctx, f)
}

fn rook_flags_kept(ctx: &Ctx, f: &Finding) -> bool {
    let gone = fenpress_rules::geometry::file_char(ctx.rules.geometry().cols());
    if let Some((v, p)) = flags_only(f) {
        return v.len() == p.len()
            && v.chars().zip(p.chars()).all(|(a, b)| a == b || b == gone)
            && v != p;
    }
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    if !castling(m) {
        return false;
    }
    // The castler's partner: what leaves the rook file.
    let Some((sq, color, kind)) = m
        .vanish
        .iter()
        .filter_map(|t| token(t))
        .find(|(sq, _, _)| *sq != m.start)
    else {
        return false;
    };
    // Not a rook (a king on the rook file castles with Coregal's queen): it
    // is not the rook that stood there at the start.
    if kind != 'r' {
        return true;
    }
    // A rook on a file whose right fenpress cleared when the first rook
    // moved or was taken (vchess keeps the file).
    let fen = fenpress_rules::fen::vchess_fen(ctx.rules, ctx.pos);
    let Some(flags) = fen.split(' ').nth(3).filter(|f| f.len() == 8) else {
        return false;
    };
    let own = if color == Color::White {
        &flags[..4]
    } else {
        &flags[4..]
    };
    let file = sq.chars().next();
    let rook_files = [own.chars().next(), own.chars().nth(3)];
    !rook_files.contains(&file)
}

/// Extinction has no check: fenpress castles out of, through or into an
/// attacked square, vchess does not.
pub fn extinction_castling_checks(_ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::FenpressOnly(m) if castling(m))
}

/// vchess gives every black piece on rank 8 the jump of Evolution's
/// long-range pieces: a knight or king there leaps over the piece in
/// front of it to the square behind.
pub fn evolution_black_jump(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let g = ctx.rules.geometry();
    let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
        return false;
    };
    let Some((Color::Black, kind)) = moved(m) else {
        return false;
    };
    let df = i32::from(g.file(to)) - i32::from(g.file(from));
    let dr = i32::from(g.rank(to)) - i32::from(g.rank(from));
    let over = g.offset(from, df / 2, dr / 2);
    g.rank(from) == g.rows() - 1
        && !matches!(kind, 'q' | 'r' | 'b')
        && dr == -2
        && matches!(df, -2 | 0 | 2)
        && over.is_some_and(|s| !ctx.pos.board.cell(s).is_empty())
}

/// fenpress promotes to a commoner, vchess to a knight (which the army of
/// Knightmate does not have).
pub fn knightmate1_promotion(_ctx: &Ctx, f: &Finding) -> bool {
    knightmate_promotion(f)
}

/// As [`knightmate1_promotion`].
pub fn knightmate2_promotion(_ctx: &Ctx, f: &Finding) -> bool {
    knightmate_promotion(f)
}

fn knightmate_promotion(f: &Finding) -> bool {
    match f {
        Finding::VchessOnly(m) => promotes_to(m, 'n'),
        Finding::FenpressOnly(m) => promotes_to(m, 'c'),
        Finding::Fen { .. } => false,
    }
}

/// vchess's start string keeps chess's castling flags (`ahah`), which its
/// Knightmate2 reader takes for the en-passant field.
pub fn knightmate2_start_flags(_ctx: &Ctx, f: &Finding) -> bool {
    let Finding::Fen { vchess, fenpress } = f else {
        return false;
    };
    let mut v: Vec<&str> = vchess.split(' ').collect();
    let p: Vec<&str> = fenpress.split(' ').collect();
    if v.len() != p.len() + 1 || v.len() < 4 || v[3] != "ahah" {
        return false;
    }
    v.remove(3);
    v == p
}

/// vchess's Balaklava start string keeps chess's en-passant field, which
/// its FEN writer drops.
pub fn balaklava_start_fields(_ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::Fen { vchess, fenpress } if *vchess == format!("{fenpress} -"))
}

/// vchess does no castling bookkeeping after Black's moves in Maharajah:
/// White's flags keep the file of a rook a maharajah took, and a white
/// rook back on that file castles (a castling whose rook file fenpress's
/// flags no longer hold).
pub fn maharajah_rook_flags(ctx: &Ctx, f: &Finding) -> bool {
    let gone = fenpress_rules::geometry::file_char(ctx.rules.geometry().cols());
    if let Some((v, p)) = flags_only(f) {
        return v.len() == p.len()
            && v != p
            && v.chars().zip(p.chars()).all(|(a, b)| a == b || b == gone);
    }
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let partner = m
        .vanish
        .iter()
        .filter_map(|t| token(t))
        .find(|(sq, _, _)| *sq != m.start)
        .and_then(|(sq, _, _)| ctx.square(sq));
    let g = ctx.rules.geometry();
    castling(m)
        && partner.is_some_and(|sq| {
            (0..2).all(|side| {
                ctx.pos.state.castling.rook_file(Color::White, side) != Some(g.file(sq))
            })
        })
}

/// vchess's Ordamirror start string keeps Orda's `ah -` fields, which its
/// FEN writer drops.
pub fn ordamirror_start_fields(_ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::Fen { vchess, fenpress } if *vchess == format!("{fenpress} ah -"))
}

/// vchess starts Pawn massacre from its start string reversed (kings on
/// the d-file), fenpress from the page's diagram.
pub fn pawnmassacre_start(_ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::Fen { vchess, fenpress }
        if vchess == "RNBKQBNR/pppppppp/8/8/8/8/PPPPPPPP/rnbkqbnr w 0 -"
            && fenpress == "RNBQKBNR/pppppppp/8/8/8/8/PPPPPPPP/rnbqkbnr w 0 -")
}

/// vchess's flags name the a-file, where an empress stands, and vchess
/// castles with it; fenpress castles with the rook only (`i`: no right).
pub fn perfect_castling_flags(ctx: &Ctx, f: &Finding) -> bool {
    if let Some((v, p)) = flags_only(f) {
        return v.len() == p.len()
            && v != p
            && v.chars()
                .zip(p.chars())
                .all(|(a, b)| a == b || (a == 'a' && b == 'i'));
    }
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let _ = ctx;
    castling(m)
        && m.vanish
            .iter()
            .filter_map(|t| token(t))
            .any(|(_, _, k)| k != 'k' && k != 'r')
}

/// fenpress lets a Colorbound Clobberer pawn (`z`) that just double-stepped
/// be taken en passant, as every pawn; vchess sets no en-passant square
/// after its double step: its FEN writes `-` where fenpress's names the
/// square passed, and only fenpress lists the capture.
pub fn cwda_colorbound_en_passant(ctx: &Ctx, f: &Finding) -> bool {
    match f {
        Finding::Fen { vchess, fenpress } => {
            let v: Vec<&str> = vchess.split(' ').collect();
            let p: Vec<&str> = fenpress.split(' ').collect();
            let alike =
                v.len() == p.len() && v.len() > 4 && (0..v.len()).all(|i| i == 4 || v[i] == p[i]);
            alike && v[4] == "-" && passed_by_clobberer(ctx, p[4])
        }
        Finding::FenpressOnly(m) => {
            let taken_beside = m
                .vanish
                .iter()
                .filter_map(|t| token(t))
                .any(|(sq, c, k)| k == 'z' && sq != m.end && Some(c) != moved(m).map(|x| x.0));
            let pawn = moved(m).is_some_and(|(_, k)| matches!(k, 'p' | 'u' | 'v' | 'z'));
            pawn && taken_beside && ctx.pos.state.en_passant.is_some()
        }
        Finding::VchessOnly(_) => false,
    }
}

/// Whether a Clobberer pawn stands just past the square `passed` (the one
/// its double step went over), on the side of its move.
fn passed_by_clobberer(ctx: &Ctx, passed: &str) -> bool {
    let g = ctx.rules.geometry();
    let Some(sq) = ctx.square(passed) else {
        return false;
    };
    [(1, Color::White), (-1, Color::Black)]
        .iter()
        .any(|&(dr, c)| {
            g.offset(sq, 0, dr).is_some_and(|s| {
                ctx.pos
                    .board
                    .cell(s)
                    .kind(c)
                    .is_some_and(|k| k.char() == 'z')
            })
        })
}

/// fenpress takes en passant round the cylinder (a pawn on the a-file
/// takes one on the h-file, or the other way); vchess does not.
pub fn cylinder_en_passant_wrap(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let g = ctx.rules.geometry();
    let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
        return false;
    };
    let edge = g.cols() - 1;
    let across = matches!((g.file(from), g.file(to)), (0, f) | (f, 0) if f == edge);
    // The taken pawn stands beside the mover, not on the arrival square.
    let beside = m.vanish.iter().filter_map(|t| token(t)).any(|(sq, c, k)| {
        k == 'p' && sq != m.start && sq != m.end && Some(c) != moved(m).map(|x| x.0)
    });
    across && beside && moved(m).is_some_and(|(_, k)| k == 'p')
}

/// vchess's Tencubed start string ends its board with a stray `/`.
pub fn tencubed_start_slash(_ctx: &Ctx, f: &Finding) -> bool {
    let Finding::Fen { vchess, fenpress } = f else {
        return false;
    };
    match (vchess.split_once(' '), fenpress.split_once(' ')) {
        (Some((vb, vr)), Some((pb, pr))) => {
            vr == pr && vb.strip_suffix('/').is_some_and(|b| b == pb)
        }
        _ => false,
    }
}

/// A deviation no move list shows (vchess refuses the position or throws
/// on it): nothing a playout meets is its signature.
pub fn never(_ctx: &Ctx, _f: &Finding) -> bool {
    false
}

/// fenpress ends the game when the side that just moved has no pawn left
/// (it promoted its last one without capturing); vchess sees that
/// extinction only a ply later and lists the next side's moves.
pub fn extinction_own_pawns(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(_) = f else {
        return false;
    };
    let them = ctx.pos.turn().opposite();
    ctx.rules.variant_outcome(ctx.pos).is_some()
        && !ctx
            .pos
            .board
            .pieces()
            .any(|(_, p)| p.color == them && p.kind.char() == 'p')
}

/// vchess's Forward attack test compares a leap's rank step with the
/// attacker's forward step (one rank), so an unpromoted knight's leap of
/// two ranks forward, which it plays, never gives check: vchess lets a
/// king stand (or step) where such a knight takes it.
pub fn forward_knight_long_leap_check(ctx: &Ctx, f: &Finding) -> bool {
    king_beside_unseen_attacker(ctx, f, 'n', 2)
}

/// The same blind spot of vchess's Forward attack test, met by castling:
/// vchess castles out of or through a square an unpromoted knight takes
/// with a leap two ranks forward, which fenpress sees as check.
pub fn forward_knight_long_leap_castling(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let Some((color, 'k' | 'l')) = moved(m) else {
        return false;
    };
    let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
        return false;
    };
    let g = ctx.rules.geometry();
    if !castling(m) || g.rank(from) != g.rank(to) {
        return false;
    }
    let them = color.opposite();
    let forward: i16 = if them == Color::White { 1 } else { -1 };
    let (a, b) = (g.file(from).min(g.file(to)), g.file(from).max(g.file(to)));
    // The squares the king leaves and passes; where it lands is the
    // other deviation's (a king standing where such a knight takes it).
    let path: Vec<_> = (a..=b)
        .filter_map(|file| g.square(file, g.rank(from)))
        .filter(|&sq| sq != to)
        .collect();
    ctx.pos.board.pieces().any(|(sq, p)| {
        p.color == them
            && p.kind.char() == 'n'
            && path.iter().any(|&k| {
                (i16::from(g.file(k)) - i16::from(g.file(sq))).abs() == 1
                    && i16::from(g.rank(k)) - i16::from(g.rank(sq)) == 2 * forward
            })
    })
}

/// vchess's promoted Forward pawn takes diagonally backward too, but its
/// attack test is the pawn's (forward only): a king may stand diagonally
/// behind an enemy promoted pawn, where it takes it.
pub fn forward_promoted_pawn_backward_check(ctx: &Ctx, f: &Finding) -> bool {
    king_beside_unseen_attacker(ctx, f, 's', -1)
}

/// A vchess-only move that leaves the mover's king (or moves it) one file
/// beside an enemy piece `letter` standing `ranks` of that piece's forward
/// steps behind the king (2: the king two ranks ahead of it, -1: one rank
/// behind it), which vchess's attack test does not see.
fn king_beside_unseen_attacker(ctx: &Ctx, f: &Finding, letter: char, ranks: i16) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let Some((color, kind)) = moved(m) else {
        return false;
    };
    let g = ctx.rules.geometry();
    let king = if matches!(kind, 'k' | 'l') {
        ctx.square(&m.end)
    } else {
        ctx.pos.board.royals(color).iter().next()
    };
    let Some(king) = king else {
        return false;
    };
    let them = color.opposite();
    let forward: i16 = if them == Color::White { 1 } else { -1 };
    let taken = ctx.square(&m.end);
    ctx.pos.board.pieces().any(|(sq, p)| {
        p.color == them
            && p.kind.char() == letter
            && Some(sq) != taken
            && (i16::from(g.file(king)) - i16::from(g.file(sq))).abs() == 1
            && i16::from(g.rank(king)) - i16::from(g.rank(sq)) == ranks * forward
    })
}

/// A bare Shatranj king whose opponent has one piece left, which it
/// attacks but may not take (the piece is guarded): fenpress ends the game
/// (the king cannot bare the other one), vchess's attack test lets it play
/// one more move.
pub fn shatranj_bare_king_guarded_piece(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(_) = f else {
        return false;
    };
    let us = ctx.pos.turn();
    let royal = ctx.rules.royal_kinds();
    let unroyal = |c: Color| {
        ctx.pos
            .board
            .pieces()
            .filter(|(_, p)| p.color == c && !royal.contains(p.kind))
            .count()
    };
    ctx.rules.variant_outcome(ctx.pos).is_some() && unroyal(us) == 0 && unroyal(us.opposite()) == 1
}

/// vchess castles a king that stands on a castling file off its first
/// rank, with whatever stands on the rook file there.
pub fn twokings_castling_off_first_rank(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let g = ctx.rules.geometry();
    let Some((color, 'k')) = moved(m) else {
        return false;
    };
    castling(m)
        && ctx
            .square(&m.start)
            .is_some_and(|s| g.relative_rank(s, color) != 0)
}

/// vchess's Threechecks start string lacks the en-passant field that its
/// FEN writer adds.
pub fn threechecks_start_en_passant(_ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::Fen { vchess, fenpress } if format!("{vchess} -") == *fenpress)
}

/// vchess's Wildebeest castling towards the a-file scans from the rook's
/// side and stops at the first attacked square: it keeps the king's stops
/// found before it (a vchess-only castling whose king crosses or leaves an
/// attacked square) and loses those beyond it (a fenpress-only castling
/// with an attacked square between the rook and the king's stop).
pub fn wildebeest_castling_through_check(ctx: &Ctx, f: &Finding) -> bool {
    let (m, vchess_only) = match f {
        Finding::VchessOnly(m) => (m, true),
        Finding::FenpressOnly(m) => (m, false),
        Finding::Fen { .. } => return false,
    };
    let Some((color, 'k')) = moved(m).filter(|_| castling(m)) else {
        return false;
    };
    let g = ctx.rules.geometry();
    let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
        return false;
    };
    if g.file(to) >= g.file(from) || g.rank(to) != g.rank(from) {
        return false;
    }
    let rook_file = m
        .vanish
        .iter()
        .filter_map(|t| token(t))
        .find(|(sq, _, _)| *sq != m.start)
        .and_then(|(sq, _, _)| ctx.square(sq))
        .map(|sq| g.file(sq));
    let files = if vchess_only {
        g.file(to)..=g.file(from)
    } else {
        match rook_file {
            Some(r) if r + 1 < g.file(to) => r + 1..=g.file(to) - 1,
            _ => return false,
        }
    };
    let king = fenpress_rules::Piece::new(color, fenpress_rules::Kind::KING);
    files.into_iter().any(|file| {
        let Some(sq) = g.square(file, g.rank(from)) else {
            return false;
        };
        // The king alone on that square: is it attacked there?
        let mut probe = ctx.pos.clone();
        probe.board.remove(from, color);
        probe.board.put(sq, king);
        ctx.rules.royal_attacked(&probe, color)
    })
}

/// Recycle: vchess castles with whatever of the mover's stands on the
/// square its flag names (the queen that took its own rook there), and
/// keeps that flag when the rook is taken on its square; fenpress castles
/// with the rook only, and drops the right with the rook.
pub fn recycle_castle_any_piece(ctx: &Ctx, f: &Finding) -> bool {
    match f {
        Finding::VchessOnly(m) => {
            castling(m)
                && m.vanish
                    .iter()
                    .filter_map(|t| token(t))
                    .any(|(_, _, k)| k == 'k')
                && m.vanish
                    .iter()
                    .filter_map(|t| token(t))
                    .all(|(_, _, k)| k == 'k' || k != 'r')
        }
        Finding::Fen { vchess, fenpress } => {
            let v: Vec<&str> = vchess.split_whitespace().collect();
            let p: Vec<&str> = fenpress.split_whitespace().collect();
            if v.len() != p.len() || v.len() < 4 {
                return false;
            }
            let g = ctx.rules.geometry();
            let none = fenpress_rules::geometry::file_char(g.cols());
            // Only the flags differ, each where vchess names a file whose
            // first-rank square holds no rook of that side and fenpress none.
            let others_same = v
                .iter()
                .zip(&p)
                .enumerate()
                .all(|(i, (a, b))| i == 3 || a == b);
            let flags_ok = v[3].len() == p[3].len()
                && v[3]
                    .chars()
                    .zip(p[3].chars())
                    .enumerate()
                    .all(|(i, (a, b))| {
                        if a == b {
                            return true;
                        }
                        let color = if i < 2 { Color::White } else { Color::Black };
                        let rank = if color == Color::White { 1 } else { g.rows() };
                        b == none && ctx.kind_at(&format!("{a}{rank}"), color) != Some('r')
                    });
            others_same && flags_ok && v[3] != p[3]
        }
        _ => false,
    }
}
