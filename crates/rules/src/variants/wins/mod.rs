//! Chess with other ways to win, other royalty or compulsory moves, for the
//! variants whose rules the definition format (`crates/rules/variants/*.yaml`,
//! where Koth, Threechecks, Suicide, Losers, Extinction, Horde, ... live) cannot
//! say yet: Racing Kings' second chance, goals
//! safe from capture, Rugby's pawns, ... Each is a [`ChessLikeSpec`] whose
//! `wins` field says what differs. [`rules`] is the family's entry in
//! [`crate::registry`].

mod cwda;

use std::sync::OnceLock;

use super::chess;
use super::chesslike::{ChessLike, ChessLikeSpec, PieceSpec, Reach, Safety, Victory};
use crate::piece::Kind;
use crate::rules::Rules;

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -";

fn chess_promotions() -> Vec<Kind> {
    vec![Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT]
}

fn with_king_promotion() -> Vec<Kind> {
    let mut p = chess_promotions();
    p.push(Kind::KING);
    p
}

/// Orthodox chess, named `name`, with `wins` (the common base).
fn chess_with(name: &'static str, wins: Victory) -> ChessLikeSpec {
    let mut spec = chess::spec();
    spec.name = name;
    spec.start_fen = CHESS_START;
    spec.wins = wins;
    spec
}

/// Kingsmaker: a pawn on the last two ranks may become an enemy king.
pub fn kingsmaker() -> ChessLikeSpec {
    chess_with(
        "Kingsmaker",
        Victory {
            many_royals: true,
            promote_to_enemy_king: true,
            enemy_king_zone: 2,
            ..Default::default()
        },
    )
}

/// Racing Kings: first king on the 8th rank wins, giving check is not
/// allowed; Black arriving right after White draws.
pub fn racingkings() -> ChessLikeSpec {
    let mut army = chess::army();
    army.retain(|p| p.letter != 'p');
    ChessLikeSpec {
        name: "Racingkings",
        start_fen: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w 0",
        armies: [army.clone(), army],
        wins: Victory {
            forbid_check: true,
            reach: Some(Reach {
                royal_only: true,
                second_chance: true,
                ..Default::default()
            }),
            ..Default::default()
        },
        ..Default::default()
    }
}

/// Royal Race: Racing Kings on 11×11, knightriders, pawns that move as
/// rooks and capture one step diagonally either way.
pub fn royalrace() -> ChessLikeSpec {
    let army = vec![
        PieceSpec::piece('p', "mRcF").named("pawn"),
        PieceSpec::piece('n', "NN").named("knightrider"),
        PieceSpec::piece('b', "B"),
        PieceSpec::piece('r', "R"),
        PieceSpec::piece('q', "Q"),
        PieceSpec::king(),
    ];
    ChessLikeSpec {
        name: "Royalrace",
        rows: 11,
        cols: 11,
        // vchess writes `92` for eleven empty squares; decimal reads everywhere.
        start_fen: "11/11/11/11/11/11/11/11/11/qrbnp1PNBRQ/krbnp1PNBRK w 0",
        armies: [army.clone(), army],
        wins: Victory {
            forbid_check: true,
            reach: Some(Reach {
                royal_only: true,
                ..Default::default()
            }),
            ..Default::default()
        },
        ..Default::default()
    }
}

/// Rugby: only pawns, which also step (not capture) like a king; the first
/// on the last rank wins.
pub fn rugby() -> ChessLikeSpec {
    ChessLikeSpec {
        name: "Rugby",
        start_fen: "pppppppp/8/8/8/8/8/8/PPPPPPPP w 0 -",
        armies: [vec![PieceSpec::pawn()], vec![PieceSpec::pawn()]],
        double_step: [true, true],
        wins: Victory {
            pawns_anywhere: true,
            pawn_extra_steps: "mFmsWmbW",
            reach: Some(Reach {
                mirrored: true,
                ..Default::default()
            }),
            ..Default::default()
        },
        ..Default::default()
    }
}

/// Squatter (1): a piece safe on the last rank wins.
pub fn squatter1() -> ChessLikeSpec {
    chess_with(
        "Squatter1",
        Victory {
            reach: Some(Reach {
                mirrored: true,
                safety: Safety::NoLegalCapture,
                both_sides: true,
                ..Default::default()
            }),
            ..Default::default()
        },
    )
}

/// Alapo: 6×6, long and short orthogonal, diagonal and round pieces; a
/// piece on the far rank, safe from capture, wins.
pub fn alapo() -> ChessLikeSpec {
    let army = vec![
        PieceSpec::piece('r', "R").named("rook"),
        PieceSpec::piece('b', "B").named("bishop"),
        PieceSpec::piece('q', "Q").named("queen"),
        PieceSpec::piece('t', "W").named("small rook"),
        PieceSpec::piece('c', "F").named("small bishop"),
        PieceSpec::piece('s', "K").named("small queen"),
    ];
    ChessLikeSpec {
        name: "Alapo",
        rows: 6,
        cols: 6,
        start_fen: "rbqqbr/tcssct/6/6/TCSSCT/RBQQBR w 0",
        armies: [army.clone(), army],
        wins: Victory {
            reach: Some(Reach {
                mirrored: true,
                safety: Safety::NotAttacked,
                both_sides: true,
                ..Default::default()
            }),
            ..Default::default()
        },
        ..Default::default()
    }
}

/// Disco Duel: eight pawns against two knights; a pawn that reached the
/// far rank cannot be taken; no winner by rule.
pub fn discoduel() -> ChessLikeSpec {
    let army = || vec![PieceSpec::pawn(), PieceSpec::piece('n', "N")];
    ChessLikeSpec {
        name: "Discoduel",
        start_fen: "1n4n1/8/8/8/8/8/PPPPPPPP/8 w 0 -",
        armies: [army(), army()],
        double_step: [true, true],
        wins: Victory {
            pawns_anywhere: true,
            immune_at_goal: true,
            ..Default::default()
        },
        ..Default::default()
    }
}

/// A spec's constructor.
type SpecFn = fn() -> ChessLikeSpec;

/// Coregal: the queen is royal too (a queen may not stay attacked); king or
/// queen castles with either rook (four files in the flags: `adeh`).
pub fn coregal() -> ChessLikeSpec {
    let mut army = chess::army();
    for p in &mut army {
        if p.letter == 'q' {
            p.royal = true;
        }
    }
    ChessLikeSpec {
        name: "Coregal",
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 adehadeh -",
        armies: [army.clone(), army],
        promotions: [chess_promotions(), chess_promotions()],
        double_step: [true, true],
        wins: Victory {
            many_royals: true,
            castlers: &['k', 'q'],
            ..Default::default()
        },
        ..Default::default()
    }
}

/// Two Kings: two royal kings a side, either may be mated; either castles;
/// pawns may promote to a king.
pub fn twokings() -> ChessLikeSpec {
    ChessLikeSpec {
        name: "Twokings",
        start_fen: "rnqkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNQKKBNR w 0 adehadeh -",
        armies: [chess::army(), chess::army()],
        promotions: [with_king_promotion(), with_king_promotion()],
        double_step: [true, true],
        wins: Victory {
            many_royals: true,
            castlers: &['k'],
            ..Default::default()
        },
        ..Default::default()
    }
}

/// Every spec of the family, by vchess name.
pub const SPECS: &[(&str, SpecFn)] = &[
    ("Alapo", alapo),
    ("Coregal", coregal),
    ("Discoduel", discoduel),
    ("Kingsmaker", kingsmaker),
    ("Racingkings", racingkings),
    ("Royalrace", royalrace),
    ("Rugby", rugby),
    ("Squatter1", squatter1),
    ("Twokings", twokings),
];

/// The rules of a variant of this family, by name (any case).
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    static COMPILED: OnceLock<Vec<ChessLike>> = OnceLock::new();
    let all = COMPILED.get_or_init(|| {
        SPECS
            .iter()
            // Each spec is a constant of this file, compiled by the tests.
            .map(|(_, f)| ChessLike::new(f()).expect("the spec compiles"))
            .collect()
    });
    static CWDA: OnceLock<cwda::Cwda> = OnceLock::new();
    if name.eq_ignore_ascii_case("cwda") {
        return Some(CWDA.get_or_init(cwda::Cwda::new));
    }
    let i = SPECS
        .iter()
        .position(|(n, _)| n.eq_ignore_ascii_case(name))?;
    Some(&all[i] as &dyn Rules)
}

#[cfg(test)]
mod yaml_equivalence_tmp {
    use super::*;
    use crate::legal;
    use crate::rules::Rules;

    fn walk(code: &'static dyn Rules, data: &'static dyn Rules, seed: u64, name: &str) -> usize {
        walk_from(code, data, seed, name, code.start_fen())
    }

    fn walk_from(
        code: &'static dyn Rules,
        data: &'static dyn Rules,
        seed: u64,
        name: &str,
        fen: &str,
    ) -> usize {
        let Ok(mut a) = crate::validate::position_from_fen(code, fen) else {
            return 0;
        };
        let mut b = crate::validate::position_from_fen(data, fen).unwrap();
        let mut rng = seed;
        let mut checked = 0;
        for _ply in 0..60 {
            let fa = crate::fen::vchess_fen(code, &a);
            let fb = crate::fen::vchess_fen(data, &b);
            assert_eq!(fa, fb, "{name}");
            let oa = legal::outcome(code, &mut a);
            let ob = legal::outcome(data, &mut b);
            assert_eq!(format!("{oa:?}"), format!("{ob:?}"), "{name} {fa}");
            let mut ma = crate::MoveList::new();
            let mut mb = crate::MoveList::new();
            legal::legal_moves(code, &mut a, &mut ma);
            legal::legal_moves(data, &mut b, &mut mb);
            let mut la: Vec<String> = ma.iter().map(|m| format!("{m:?}")).collect();
            let mut lb: Vec<String> = mb.iter().map(|m| format!("{m:?}")).collect();
            la.sort();
            lb.sort();
            assert_eq!(la, lb, "{name} {fa}");
            checked += 1;
            if oa.is_some() || ma.is_empty() {
                break;
            }
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let i = (rng >> 33) as usize % ma.len();
            let (mva, mvb) = (ma[i], mb[i]);
            code.play(&mut a, &mva);
            data.play(&mut b, &mvb);
        }
        checked
    }

    #[test]
    fn code_and_yaml_agree_on_playouts() {
        for (name, f) in SPECS {
            let code: &'static ChessLike = Box::leak(Box::new(ChessLike::new(f()).unwrap()));
            let data = crate::definition::builtin_rules(name).unwrap();
            let mut total = 0;
            for seed in 0..300 {
                total += walk(code, data, seed, name);
            }
            eprintln!("{name}: {total} positions agree");
        }
    }

    #[test]
    fn racing_kings_near_the_goal() {
        for (name, f, fens) in [
            (
                "Racingkings",
                racingkings as SpecFn,
                &[
                    "8/1K4k1/8/8/8/8/rbn2NBR/qrbn1BRQ w 0",
                    "1K6/6k1/8/8/8/8/rbn2NBR/qrbn1BRQ b 0",
                    "8/1K6/6k1/8/8/8/rbn2NBR/qrbn1BRQ b 0",
                    "1K6/8/6k1/8/8/8/rbn2NBR/qrbn1BRQ b 0",
                ][..],
            ),
            (
                "Royalrace",
                royalrace as SpecFn,
                &[
                    "11/4K6/9k1/11/11/11/11/11/11/qrbnp1PNBRQ/1rbnp1PNBR1 w 0",
                    "4K6/11/9k1/11/11/11/11/11/11/qrbnp1PNBRQ/1rbnp1PNBR1 b 0",
                    "11/4K6/11/11/11/11/11/11/11/qrbnp1PNBRQ/krbnp1PNBR1 w 0",
                ][..],
            ),
        ] {
            let code: &'static ChessLike = Box::leak(Box::new(ChessLike::new(f()).unwrap()));
            let data = crate::definition::builtin_rules(name).unwrap();
            let mut total = 0;
            for fen in fens {
                for seed in 0..200 {
                    total += walk_from(code, data, seed, name, fen);
                }
            }
            eprintln!("{name}: {total} positions agree near the goal");
        }
    }
}
