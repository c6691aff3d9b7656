//! One classifier per listed deviation: a function that recognises that
//! deviation's signature in a finding (a move only one engine lists, seen
//! with the position and the whole difference there). Keep them sorted by
//! id, like `docs/rules-deviations.yaml`.

use fenpress_rules::geometry::KNIGHT_LEAPS;
use fenpress_rules::variants::effects::{convert, enpassant};
use fenpress_rules::variants::hands::bario::Bario;
use fenpress_rules::{Board, Color, Move, MoveList, Piece, Position, Square};

use crate::borrowed_family;
use crate::canon::CanonMove;
use crate::chess_family;
use crate::deviations::{Classifier, Ctx, Finding};
use crate::turns_family;

/// Every classifier, sorted by id.
pub static CLASSIFIERS: &[Classifier] = &[
    Classifier {
        id: "alice-en-passant-over-a-piece",
        variant: "Alice",
        matches: alice_en_passant_over_a_piece,
    },
    Classifier {
        id: "align4-pawns-only",
        variant: "Align4",
        matches: align4_pawns_only,
    },
    Classifier {
        id: "allmate-castling-mate-captures-king",
        variant: "Allmate",
        matches: allmate_castling_mate_captures_king,
    },
    Classifier {
        id: "ambiguous-en-passant-mark",
        variant: "Ambiguous",
        matches: turns_family::ambiguous_en_passant_mark,
    },
    Classifier {
        id: "antiking1-start-en-passant",
        variant: "Antiking1",
        matches: antiking1_start_en_passant,
    },
    Classifier {
        id: "apocalypse-speculative-knight",
        variant: "Apocalypse",
        matches: apocalypse_speculative_knight,
    },
    Classifier {
        id: "atarigo-first-capture-forgotten",
        variant: "Atarigo",
        matches: atarigo_first_capture_forgotten,
    },
    Classifier {
        id: "atomic-balanced-any-pawn",
        variant: "Atomic",
        matches: atomic_balanced_any_pawn,
    },
    Classifier {
        id: "atomic-early-explosion",
        variant: "Atomic",
        matches: atomic_early_explosion,
    },
    Classifier {
        id: "ball-pass-onto-last-rank-repeated",
        variant: "Ball",
        matches: ball_pass_onto_last_rank_repeated,
    },
    Classifier {
        id: "balaklava-start-fields",
        variant: "Balaklava",
        matches: chess_family::balaklava_start_fields,
    },
    Classifier {
        id: "bario-reversion-once",
        variant: "Bario",
        matches: bario_reversion_once,
    },
    Classifier {
        id: "bario-undefined-knight-check",
        variant: "Bario",
        matches: bario_undefined_knight_check,
    },
    Classifier {
        id: "benedict-start-en-passant",
        variant: "Benedict",
        matches: start_en_passant_dropped,
    },
    Classifier {
        id: "cannibal1-capture-promotion",
        variant: "Cannibal1",
        matches: cannibal1_capture_promotion,
    },
    Classifier {
        id: "chakart-captured-counts",
        variant: "Chakart",
        matches: chakart_captured_counts,
    },
    Classifier {
        id: "chakart-daisy-shell",
        variant: "Chakart",
        matches: chakart_daisy_shell,
    },
    Classifier {
        id: "chakart-koopa-keeps-shell",
        variant: "Chakart",
        matches: chakart_koopa_keeps_shell,
    },
    Classifier {
        id: "chakart-object-after-egg",
        variant: "Chakart",
        matches: chakart_object_after_egg,
    },
    Classifier {
        id: "checkered-promotion-stays-checkered",
        variant: "Checkered",
        matches: checkered_promotion_stays_checkered,
    },
    Classifier {
        id: "checkless-mating-reply",
        variant: "Checkless",
        matches: checkless_mating_reply,
    },
    Classifier {
        id: "convert-dead-end-chain",
        variant: "Convert",
        matches: convert_dead_end_chain,
    },
    Classifier {
        id: "coregal-rook-flags",
        variant: "Coregal",
        matches: chess_family::coregal_rook_flags,
    },
    Classifier {
        id: "crazyhouse-reserve-fen",
        variant: "Crazyhouse",
        matches: crazyhouse_reserve_fen,
    },
    Classifier {
        id: "cwda-colorbound-en-passant",
        variant: "Cwda",
        matches: chess_family::cwda_colorbound_en_passant,
    },
    Classifier {
        id: "cylinder-en-passant-wrap",
        variant: "Cylinder",
        matches: chess_family::cylinder_en_passant_wrap,
    },
    Classifier {
        id: "dice-castling-no-check",
        variant: "Dice",
        matches: turns_family::dice_castling_no_check,
    },
    Classifier {
        id: "dice-no-roll-undefined",
        variant: "Dice",
        matches: turns_family::dice_no_roll_undefined,
    },
    Classifier {
        id: "discoduel-position-check",
        variant: "Discoduel",
        matches: chess_family::never,
    },
    Classifier {
        id: "dobutsu-start-reserve",
        variant: "Dobutsu",
        matches: dobutsu_start_reserve,
    },
    Classifier {
        id: "doublemove1-en-passant-occupied",
        variant: "Doublemove1",
        matches: turns_family::doublemove_en_passant_occupied,
    },
    Classifier {
        id: "doublemove1-king-move-old-square",
        variant: "Doublemove1",
        matches: turns_family::king_move_judged_from_old_square,
    },
    Classifier {
        id: "doublemove1-second-en-passant",
        variant: "Doublemove1",
        matches: turns_family::doublemove_second_en_passant,
    },
    Classifier {
        id: "doublemove2-en-passant-occupied",
        variant: "Doublemove2",
        matches: turns_family::doublemove_en_passant_occupied,
    },
    Classifier {
        id: "doublemove2-king-capture-ends",
        variant: "Doublemove2",
        matches: turns_family::doublemove2_king_capture_ends,
    },
    Classifier {
        id: "doublemove2-king-takes-king",
        variant: "Doublemove2",
        matches: turns_family::doublemove2_king_takes_king,
    },
    Classifier {
        id: "doublemove2-second-en-passant",
        variant: "Doublemove2",
        matches: turns_family::doublemove_second_en_passant,
    },
    Classifier {
        id: "dynamo-king-pushed-onto-castling-square",
        variant: "Dynamo",
        matches: dynamo_king_pushed_onto_castling_square,
    },
    Classifier {
        id: "empire-king-takes-last-interceptor",
        variant: "Empire",
        matches: generals_face_after_king_move,
    },
    Classifier {
        id: "enpassant-pawn-promotes",
        variant: "Enpassant",
        matches: enpassant_pawn_promotes,
    },
    Classifier {
        id: "enpassant-pawn-push-takes",
        variant: "Enpassant",
        matches: enpassant_pawn_push_takes,
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
        id: "fanorona-chain-stop",
        variant: "Fanorona",
        matches: fanorona_chain_stop,
    },
    Classifier {
        id: "football-ball-crosses-goal",
        variant: "Football",
        matches: football_ball_crosses_goal,
    },
    Classifier {
        id: "football-kick-per-kicker",
        variant: "Football",
        matches: football_kick_per_kicker,
    },
    Classifier {
        id: "football-knight-scores-early",
        variant: "Football",
        matches: football_knight_scores_early,
    },
    Classifier {
        id: "forward-knight-long-leap-castling",
        variant: "Forward",
        matches: chess_family::forward_knight_long_leap_castling,
    },
    Classifier {
        id: "forward-knight-long-leap-check",
        variant: "Forward",
        matches: chess_family::forward_knight_long_leap_check,
    },
    Classifier {
        id: "forward-promoted-pawn-backward-check",
        variant: "Forward",
        matches: chess_family::forward_promoted_pawn_backward_check,
    },
    Classifier {
        id: "freecapture-own-king",
        variant: "Freecapture",
        matches: freecapture_own_king,
    },
    Classifier {
        id: "fullcavalry-castling-flag-without-lancer",
        variant: "Fullcavalry",
        matches: borrowed_family::fullcavalry_castling_flag_without_lancer,
    },
    Classifier {
        id: "fusion-cavalier-passed-squares",
        variant: "Fusion",
        matches: fusion_cavalier_passed_squares,
    },
    Classifier {
        id: "fusion-king-fission",
        variant: "Fusion",
        matches: fusion_king_fission,
    },
    Classifier {
        id: "fusion-pawn-queen",
        variant: "Fusion",
        matches: fusion_pawn_queen,
    },
    Classifier {
        id: "fusion-royal-compound-captures",
        variant: "Fusion",
        matches: fusion_royal_compound_captures,
    },
    Classifier {
        id: "gridolina-pawn-cell",
        variant: "Gridolina",
        matches: gridolina_pawn_cell,
    },
    Classifier {
        id: "horde-position-check",
        variant: "Horde",
        matches: chess_family::never,
    },
    Classifier {
        id: "hypnotic-hypnotized-castling-flags",
        variant: "Hypnotic",
        matches: borrowed_family::hypnotic_hypnotized_castling_flags,
    },
    Classifier {
        id: "hypnotic-play-on-without-king",
        variant: "Hypnotic",
        matches: borrowed_family::hypnotic_play_on_without_king,
    },
    Classifier {
        id: "iceage-frozen-king-off-board",
        variant: "Iceage",
        matches: borrowed_family::iceage_frozen_king_off_board,
    },
    Classifier {
        id: "interweave-captured-counts",
        variant: "Interweave",
        matches: interweave_captured_counts,
    },
    Classifier {
        id: "interweave-en-passant-after-capturing-double-step",
        variant: "Interweave",
        matches: interweave_en_passant_after_capturing_double_step,
    },
    Classifier {
        id: "janggi-cannon-diagonal-check",
        variant: "Janggi",
        matches: janggi_cannon_diagonal_check,
    },
    Classifier {
        id: "janggi-pass-counter",
        variant: "Janggi",
        matches: janggi_pass_counter,
    },
    Classifier {
        id: "joker-self-swap",
        variant: "Joker",
        matches: joker_self_swap,
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
        id: "knightrelay1-pawn-last-rank-check",
        variant: "Knightrelay1",
        matches: knightrelay1_pawn_last_rank_check,
    },
    Classifier {
        id: "knightrelay1-start-en-passant",
        variant: "Knightrelay1",
        matches: knightrelay1_start_en_passant,
    },
    Classifier {
        id: "madhouse-light-bishop-anywhere",
        variant: "Madhouse",
        matches: madhouse_light_bishop_anywhere,
    },
    Classifier {
        id: "madhouse-taken-rook-flag",
        variant: "Madhouse",
        matches: madhouse_taken_rook_flag,
    },
    Classifier {
        id: "madhouse-placement-first-rank",
        variant: "Madhouse",
        matches: madhouse_placement_first_rank,
    },
    Classifier {
        id: "magnetic-start-en-passant",
        variant: "Magnetic",
        matches: borrowed_family::magnetic_start_en_passant,
    },
    Classifier {
        id: "maharajah-rook-flags",
        variant: "Maharajah",
        matches: chess_family::maharajah_rook_flags,
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
        id: "mesmer-mesmerized-moves",
        variant: "Mesmer",
        matches: borrowed_family::mesmer_mesmerized_moves,
    },
    Classifier {
        id: "minishogi-silver-attack",
        variant: "Minishogi",
        matches: shogi_silver_attack,
    },
    Classifier {
        id: "minixiangqi-flying-general-king-capture",
        variant: "Minixiangqi",
        matches: generals_face_after_king_move,
    },
    Classifier {
        id: "monster-start-pawns",
        variant: "Monster",
        matches: turns_family::monster_start_pawns,
    },
    Classifier {
        id: "musketeer-carrier-king-left-square",
        variant: "Musketeer",
        matches: musketeer_carrier_king_left_square,
    },
    Classifier {
        id: "musketeer-carrier-king-lost",
        variant: "Musketeer",
        matches: musketeer_carrier_king_lost,
    },
    Classifier {
        id: "musketeer-castling-rook-carrier",
        variant: "Musketeer",
        matches: musketeer_castling_rook_carrier,
    },
    Classifier {
        id: "musketeer-hawk-fen",
        variant: "Musketeer",
        matches: chess_family::never,
    },
    Classifier {
        id: "minixiangqi-palace-files",
        variant: "Minixiangqi",
        matches: minixiangqi_palace_files,
    },
    Classifier {
        id: "orda-yurt-attack",
        variant: "Orda",
        matches: orda_yurt_attack,
    },
    Classifier {
        id: "ordamirror-start-fields",
        variant: "Ordamirror",
        matches: chess_family::ordamirror_start_fields,
    },
    Classifier {
        id: "otage-castling-chain-attack-missed",
        variant: "Otage",
        matches: otage_castling_chain_attack_missed,
    },
    Classifier {
        id: "otage-castling-without-the-rook",
        variant: "Otage",
        matches: otage_castling_without_the_rook,
    },
    Classifier {
        id: "otage-en-passant-after-release",
        variant: "Otage",
        matches: otage_en_passant_after_release,
    },
    Classifier {
        id: "pacifist1-start-en-passant",
        variant: "Pacifist1",
        matches: start_en_passant_dropped,
    },
    Classifier {
        id: "pacifist2-converted-king-castles",
        variant: "Pacifist2",
        matches: pacifist2_converted_king_castles,
    },
    Classifier {
        id: "pacifist2-start-en-passant",
        variant: "Pacifist2",
        matches: start_en_passant_dropped,
    },
    Classifier {
        id: "pacosako-king-union-chain",
        variant: "Pacosako",
        matches: pacosako_king_union_chain,
    },
    Classifier {
        id: "pandemonium1-drop-en-passant",
        variant: "Pandemonium1",
        matches: pandemonium1_drop_en_passant,
    },
    Classifier {
        id: "pandemonium1-third-rank-double-step",
        variant: "Pandemonium1",
        matches: pandemonium1_third_rank_double_step,
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
        id: "pocketknight-drop-in-one-move",
        variant: "Pocketknight",
        matches: pocketknight_drop_in_one_move,
    },
    Classifier {
        id: "progressive1-king-move-old-square",
        variant: "Progressive1",
        matches: turns_family::king_move_judged_from_old_square,
    },
    Classifier {
        id: "progressive1-start-en-passant",
        variant: "Progressive1",
        matches: start_en_passant_dropped,
    },
    Classifier {
        id: "progressive2-king-move-old-square",
        variant: "Progressive2",
        matches: turns_family::king_move_judged_from_old_square,
    },
    Classifier {
        id: "progressive2-start-en-passant",
        variant: "Progressive2",
        matches: start_en_passant_dropped,
    },
    Classifier {
        id: "recycle-castle-any-piece",
        variant: "Recycle",
        matches: chess_family::recycle_castle_any_piece,
    },
    Classifier {
        id: "refusal2-refused-piece-twice",
        variant: "Refusal2",
        matches: turns_family::refusal2_refused_piece_twice,
    },
    Classifier {
        id: "relayup-start-fields",
        variant: "Relayup",
        matches: relayup_start_fields,
    },
    Classifier {
        id: "rifle-shot-promotion",
        variant: "Rifle",
        matches: rifle_shot_promotion,
    },
    Classifier {
        id: "rococo-chameleon-mutual-destruction",
        variant: "Rococo",
        matches: rococo_chameleon_mutual_destruction,
    },
    Classifier {
        id: "rococo-pawn-quiet-leap",
        variant: "Rococo",
        matches: rococo_pawn_quiet_leap,
    },
    Classifier {
        id: "rococo-swapped-king-forgotten",
        variant: "Rococo",
        matches: rococo_swapped_king_forgotten,
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
        id: "schess-pocket-fen",
        variant: "Schess",
        matches: schess_pocket_fen,
    },
    Classifier {
        id: "selfabsorb-own-kinds",
        variant: "Selfabsorb",
        matches: selfabsorb_own_kinds,
    },
    Classifier {
        id: "shatranj-bare-king-guarded-piece",
        variant: "Shatranj",
        matches: chess_family::shatranj_bare_king_guarded_piece,
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
    Classifier {
        id: "stealthbomb-loaded-pawn-en-passant",
        variant: "Stealthbomb1",
        matches: turns_family::stealthbomb_loaded_pawn_en_passant,
    },
    Classifier {
        id: "stealthbomb2-loaded-pawn-en-passant",
        variant: "Stealthbomb2",
        matches: turns_family::stealthbomb_loaded_pawn_en_passant,
    },
    Classifier {
        id: "swap-king-move-old-square",
        variant: "Swap",
        matches: turns_family::king_move_judged_from_old_square,
    },
    Classifier {
        id: "swap-no-swap-loses",
        variant: "Swap",
        matches: turns_family::swap_no_swap_loses,
    },
    Classifier {
        id: "swap-rook-flags",
        variant: "Swap",
        matches: turns_family::swap_rook_flags,
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
    Classifier {
        id: "synchrone1-castling-after-king-move",
        variant: "Synchrone1",
        matches: turns_family::synchrone_castling_after_king_move,
    },
    Classifier {
        id: "synchrone1-en-passant-onto-own-piece",
        variant: "Synchrone1",
        matches: turns_family::synchrone_en_passant_onto_own_piece,
    },
    Classifier {
        id: "synchrone2-castling-after-king-move",
        variant: "Synchrone2",
        matches: turns_family::synchrone_castling_after_king_move,
    },
    Classifier {
        id: "synochess-face-off-king-capture",
        variant: "Synochess",
        matches: generals_face_after_king_move,
    },
    Classifier {
        id: "takenmake-make-en-passant",
        variant: "Takenmake",
        matches: takenmake_make_en_passant,
    },
    Classifier {
        id: "takenmake-pawn-make-promotes",
        variant: "Takenmake",
        matches: takenmake_pawn_make_promotes,
    },
    Classifier {
        id: "teleport2-rook-flags",
        variant: "Teleport2",
        matches: switching_castling_rights,
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
        id: "titan-castling-non-rook",
        variant: "Titan",
        matches: titan_castling_non_rook,
    },
    Classifier {
        id: "titan-castling-rook-carrier",
        variant: "Titan",
        matches: titan_castling_rook_carrier,
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
    Classifier {
        id: "wildebeest-castling-through-check",
        variant: "Wildebeest",
        matches: chess_family::wildebeest_castling_through_check,
    },
    Classifier {
        id: "wormhole2-start-fields",
        variant: "Wormhole2",
        matches: borrowed_family::wormhole2_start_fields,
    },
    Classifier {
        id: "xiangqi-flying-general-king-capture",
        variant: "Xiangqi",
        matches: generals_face_after_king_move,
    },
    Classifier {
        id: "yote-removal-scored-as-loss",
        variant: "Yote",
        matches: yote_removal_scored_as_loss,
    },
];

// ---------------------------------------------------------------------------
// Helpers: tokens are `square:<color><kind>` (`e2:wp`).

/// A token's square, color and kind letter (`e2:wp`), for every family's
/// classifiers.
pub(crate) fn parse_token(t: &str) -> Option<(&str, Color, char)> {
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

/// Whether the two royal pieces stand on one file or one rank with nothing
/// between them (Xiangqi's flying general, Synochess's face-off).
fn kings_face(ctx: &Ctx, board: &Board) -> bool {
    let g = ctx.rules.geometry();
    let (Some(&w), Some(&b)) = (
        find(board, Color::White, 'k').first(),
        find(board, Color::Black, 'k').first(),
    ) else {
        return false;
    };
    let (wf, wr, bf, br) = (
        i32::from(g.file(w)),
        i32::from(g.rank(w)),
        i32::from(g.file(b)),
        i32::from(g.rank(b)),
    );
    if wf != bf && wr != br {
        return false;
    }
    let (df, dr) = ((bf - wf).signum(), (br - wr).signum());
    let mut at = g.offset(w, df, dr);
    while let Some(s) = at {
        if s == b {
            return true;
        }
        if !board.cell(s).is_empty() {
            return false;
        }
        at = g.offset(s, df, dr);
    }
    false
}

/// The kind letter of the mover's piece on the move's start square.
fn moving_kind(ctx: &Ctx, m: &CanonMove) -> Option<char> {
    ctx.kind_at(&m.start, mover(ctx, m))
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

/// fenpress's chameleon next to an enemy swapper may also destroy itself
/// with it, as the swapper takes; vchess merges that move into the swap.
fn rococo_chameleon_mutual_destruction(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let me = mover(ctx, m);
    let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
        return false;
    };
    ctx.kind_at(&m.start, me) == Some('b')
        && ctx.kind_at(&m.end, me.opposite()) == Some('r')
        && ctx.neighbours(from).contains(&to)
        && m.appear.is_empty()
}

/// fenpress's cannon pawn also leaps over a neighbour to the empty square
/// beyond, taking nothing.
fn rococo_pawn_quiet_leap(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let me = mover(ctx, m);
    let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
        return false;
    };
    let g = ctx.rules.geometry();
    let (df, dr) = (
        i32::from(g.file(to)) - i32::from(g.file(from)),
        i32::from(g.rank(to)) - i32::from(g.rank(from)),
    );
    let leap = matches!((df.abs(), dr.abs()), (2, 0) | (0, 2) | (2, 2));
    let over = g.offset(from, df / 2, dr / 2);
    ctx.kind_at(&m.start, me) == Some('p')
        && leap
        && over.is_some_and(|s| !ctx.pos.board.cell(s).is_empty())
        && ctx.pos.board.cell(to).is_empty()
        && m.vanish.len() == 1
}

/// Right after an enemy swapper exchanged places with the king of the side
/// to move, vchess still judges check on the king's old square (the swap's
/// end): any difference there is that.
fn rococo_swapped_king_forgotten(ctx: &Ctx, f: &Finding) -> bool {
    if matches!(f, Finding::Fen { .. }) {
        return false;
    }
    let Some((from, _)) = fenpress_rules::variants::rococo::stored_swap(&ctx.pos.state) else {
        return false;
    };
    let us = ctx.pos.turn();
    ctx.pos
        .board
        .cell(from)
        .kind(us)
        .is_some_and(|k| k.char() == 'k')
}

/// vchess lets a pawn take en passant onto a passed square that a piece
/// holds on its own board, taking that piece and the passed pawn at once.
fn alice_en_passant_over_a_piece(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let me = mover(ctx, m);
    let Some(ep) = ctx.pos.state.en_passant else {
        return false;
    };
    let taken = m
        .vanish
        .iter()
        .filter_map(|t| parse_token(t))
        .filter(|(_, c, _)| *c != me)
        .count();
    ctx.square(&m.end) == Some(ep)
        && matches!(ctx.kind_at(&m.start, me), Some('p' | 's'))
        && !ctx.pos.board.cell(ep).is_empty()
        && taken == 2
}

/// vchess's Chakart counts a capture only when the move leaves no object
/// (a queen's or king's plain capture), and keeps a piece Toadette puts on
/// an object: the FENs differ in their captured counts only, and where one
/// engine's counts give the player a piece to put back and the other's do
/// not, the egg's Toadette outcomes (and, at Toadette's second part, the
/// placements) are one engine's only.
fn chakart_captured_counts(ctx: &Ctx, f: &Finding) -> bool {
    use fenpress_rules::variants::chakart::{second_part, sim::Egg};
    match f {
        Finding::Fen { vchess, fenpress } => {
            let v: Vec<&str> = vchess.split(' ').collect();
            let p: Vec<&str> = fenpress.split(' ').collect();
            v.len() == 5 && p.len() == 5 && v[..4] == p[..4] && v[4] != p[4]
        }
        Finding::VchessOnly(m) | Finding::FenpressOnly(m) => {
            m.flags.contains(&"egg toadette")
                || (second_part(&ctx.pos.state) == Some(Egg::Toadette) && m.start.starts_with('@'))
        }
    }
}

/// A Chakart king's shell: it takes one thing from afar, the king stays
/// (and the opponent's queen in stealth may show again).
fn chakart_shell(ctx: &Ctx, m: &CanonMove) -> bool {
    let king = ctx.square(&m.start).is_some_and(|sq| {
        ctx.pos.board.cell(sq).kind(ctx.pos.turn()) == Some(fenpress_rules::Kind::KING)
    });
    let stays = !m
        .vanish
        .iter()
        .any(|t| t.starts_with(&format!("{}:", m.start)));
    let shown_queens = m.appear.iter().all(|t| t.ends_with('q'));
    king && stays && shown_queens && m.vanish.len() == m.appear.len() + 1 && m.flags.is_empty()
}

/// vchess's Chakart throws when Daisy's second part is a move where
/// nothing appears (a king's shell, a piece a bomb sends back to its own
/// square): the oracle server leaves such moves out, fenpress alone lists
/// them.
fn chakart_daisy_shell(ctx: &Ctx, f: &Finding) -> bool {
    use fenpress_rules::variants::chakart::{second_part, sim::Egg};
    match f {
        Finding::FenpressOnly(m) => {
            let nothing_appears = m.appear.iter().all(|t| t.ends_with('q'));
            second_part(&ctx.pos.state) == Some(Egg::Daisy)
                && nothing_appears
                && (chakart_shell(ctx, m) || m.flags.is_empty())
        }
        _ => false,
    }
}

/// vchess's Chakart spends a king's shell when Koopa drives the king back
/// to its square: the FENs' flags differ in a king's power only (fenpress
/// keeps it), and fenpress alone lists that king's shells.
fn chakart_koopa_keeps_shell(ctx: &Ctx, f: &Finding) -> bool {
    match f {
        Finding::Fen { vchess, fenpress } => {
            let v: Vec<&str> = vchess.split(' ').collect();
            let p: Vec<&str> = fenpress.split(' ').collect();
            let kept = |i: usize| v[3].as_bytes()[i] == b'0' && p[3].as_bytes()[i] == b'1';
            v.len() == 5
                && p.len() == 5
                && v[..3] == p[..3]
                && v[3].len() == 4
                && p[3].len() == 4
                && (0..4)
                    .all(|i| v[3].as_bytes()[i] == p[3].as_bytes()[i] || (i % 2 == 0 && kept(i)))
        }
        Finding::FenpressOnly(m) => chakart_shell(ctx, m),
        Finding::VchessOnly(_) => false,
    }
}

/// vchess's Chakart rook or bishop that meets an egg leaves no banana or
/// bomb; the page's leaves one whenever it stays on its arrival square:
/// fenpress alone lists the outcomes with the object, vchess alone the same
/// move without it.
fn chakart_object_after_egg(ctx: &Ctx, f: &Finding) -> bool {
    let egg = |m: &CanonMove| m.flags.iter().any(|f| f.starts_with("egg "));
    // A rook or bishop moves, or a pawn becomes one (immobilized by
    // Bowser: `u`, `c`) on the egg's square.
    let slider = |m: &CanonMove| {
        let starts = m.vanish.iter().filter_map(|t| parse_token(t));
        let ends = m.appear.iter().filter_map(|t| parse_token(t));
        starts
            .filter(|(sq, _, _)| *sq == m.start)
            .chain(ends.filter(|(sq, _, _)| *sq == m.end))
            .any(|(_, _, k)| matches!(k, 'r' | 'b' | 'u' | 'c'))
    };
    let dropped = |m: &CanonMove| {
        m.appear
            .iter()
            .any(|t| t.ends_with(":bd") || t.ends_with(":bw"))
    };
    // The same move and effect listed by the other engine alone. The
    // object may fall where one already lies (or was used up): the board
    // then shows none, and fenpress's outcomes are copies of vchess's one
    // (each square counts), so fenpress alone lists the extra copies.
    let twin = |m: &CanonMove, others: &[CanonMove]| {
        others
            .iter()
            .any(|o| o.start == m.start && o.end == m.end && o.flags == m.flags)
    };
    match f {
        Finding::FenpressOnly(m) => egg(m) && slider(m),
        Finding::VchessOnly(m) => {
            egg(m) && slider(m) && !dropped(m) && twin(m, &ctx.diff.fenpress_only)
        }
        Finding::Fen { .. } => false,
    }
}

/// vchess's Checkered at stage 2 promotes a checkered pawn into a White or
/// Black piece (the colour whose direction it moved in); fenpress keeps it
/// checkered (`end:c<piece>`). vchess's move may show nothing appearing:
/// a pawn that takes a black bishop and becomes one leaves the square as
/// it was.
fn checkered_promotion_stays_checkered(_ctx: &Ctx, f: &Finding) -> bool {
    let (m, fenpress) = match f {
        Finding::VchessOnly(m) => (m, false),
        Finding::FenpressOnly(m) => (m, true),
        Finding::Fen { .. } => return false,
    };
    let pawn_left = m.vanish.iter().any(|t| *t == format!("{}:cp", m.start));
    let last_rank = m.end.ends_with('1') || m.end.ends_with('8');
    let checkered_piece_lands = m.appear.iter().any(|t| {
        t.strip_prefix(&format!("{}:c", m.end))
            .is_some_and(|piece| matches!(piece, "q" | "r" | "b" | "n"))
    });
    pawn_left && last_rank && checkered_piece_lands == fenpress
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

/// An Otage castling only vchess lists: the king, alone on its start,
/// moves two files along its first rank; the corner toward which it goes.
fn otage_castling(ctx: &Ctx, f: &Finding) -> Option<(Square, Square, Square)> {
    let Finding::VchessOnly(m) = f else {
        return None;
    };
    let me = ctx.pos.turn();
    let (from, to) = (ctx.square(&m.start)?, ctx.square(&m.end)?);
    let g = ctx.rules.geometry();
    let king = Piece::new(me, fenpress_rules::Kind::KING);
    if ctx.pos.board.cell(from).single() != Some(king)
        || g.rank(from) != g.rank(to)
        || g.file(from).abs_diff(g.file(to)) != 2
    {
        return None;
    }
    let corner_file = if g.file(to) < g.file(from) {
        0
    } else {
        g.cols() - 1
    };
    Some((from, to, g.square(corner_file, g.rank(from))?))
}

/// vchess's Otage castles with whatever its rook's corner holds (a union
/// in which the rook is a hostage, or nothing once the union left with
/// it); fenpress castles with the mover's lone rook only.
fn otage_castling_without_the_rook(ctx: &Ctx, f: &Finding) -> bool {
    let rook = Piece::new(ctx.pos.turn(), fenpress_rules::Kind::ROOK);
    otage_castling(ctx, f)
        .is_some_and(|(_, _, corner)| ctx.pos.board.cell(corner).single() != Some(rook))
}

/// vchess's Otage attack search for castling cuts a chain where the board
/// repeats with the same kind in hand, whatever square it stands on: a
/// knight released, entering a union its side holds and released again
/// leaves the board as it was, and the attack that follows is missed.
/// fenpress (as vchess's Paco Sako) follows it and forbids the castling.
fn otage_castling_chain_attack_missed(ctx: &Ctx, f: &Finding) -> bool {
    use fenpress_rules::variants::pacosako::{Mode, PacoSako};
    let rook = Piece::new(ctx.pos.turn(), fenpress_rules::Kind::ROOK);
    let Some((from, to, corner)) = otage_castling(ctx, f) else {
        return false;
    };
    if ctx.pos.board.cell(corner).single() != Some(rook) {
        return false;
    }
    let g = ctx.rules.geometry();
    let mut path = fenpress_rules::squareset::SquareSet::EMPTY;
    let (lo, hi) = (g.file(from).min(g.file(to)), g.file(from).max(g.file(to)));
    for file in lo..=hi {
        if let Some(sq) = g.square(file, g.rank(from)) {
            path.insert(sq);
        }
    }
    PacoSako::new(Mode::Otage).chain_attacked(ctx.pos, ctx.pos.turn().opposite(), &path)
}

/// A piece released from a union that steps two squares along its file:
/// vchess decides whether it leaves an en-passant square by the piece that
/// stays in the union it left (the one that entered), not by the piece
/// that moved. A released pawn's double step after a knight entered leaves
/// none there, a released queen's two-square step after a pawn entered
/// leaves one, which a pawn may then take "en passant"; fenpress follows
/// the piece that moved.
fn otage_en_passant_after_release(ctx: &Ctx, f: &Finding) -> bool {
    let g = ctx.rules.geometry();
    // Whether the passed square `ep` has a union beside it on its file,
    // where the released piece started (a lone piece leaves its square
    // empty, a moving union takes its pieces along); a released piece may
    // step backwards too.
    let released_from_union = |ep: Square| {
        [-1, 1].iter().any(|&d| {
            g.offset(ep, 0, d)
                .is_some_and(|s| ctx.pos.board.cell(s).is_union())
        })
    };
    match f {
        Finding::FenpressOnly(m) => ctx
            .pos
            .state
            .en_passant
            .is_some_and(|ep| m.end == g.square_name(ep) && released_from_union(ep)),
        Finding::VchessOnly(m) => {
            let me = ctx.pos.turn();
            ctx.pos.state.en_passant.is_none()
                && ctx.kind_at(&m.start, me) == Some('p')
                && ctx
                    .square(&m.end)
                    .is_some_and(|e| ctx.pos.board.cell(e).is_empty() && released_from_union(e))
        }
        Finding::Fen { .. } => fen_fields(f).is_some_and(|(v, p)| {
            let same_else =
                v.len() == p.len() && v.len() >= 5 && v[..4] == p[..4] && v[5..] == p[5..];
            let passed = if v[4] == "-" { p[4] } else { v[4] };
            same_else
                && (v[4] == "-") != (p[4] == "-")
                && g.parse_square(passed).is_some_and(released_from_union)
        }),
    }
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

/// vchess lets a king (a general) step where the kings face each other
/// with nothing between: its king-move test skips the face-off (Xiangqi,
/// Minixiangqi, Synochess; Empire, where a king already on the other's
/// line may take the last piece between them); fenpress forbids every
/// such move.
fn generals_face_after_king_move(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    moving_kind(ctx, m) == Some('k') && kings_face(ctx, &board_after(ctx, m))
}

/// vchess's attack test misses a cannon's capture along a palace diagonal,
/// so its king may step where such a cannon takes it, or a piece may step
/// onto the palace centre and become the cannon's screen.
fn janggi_cannon_diagonal_check(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let me = mover(ctx, m);
    let mut after = ctx.pos.clone();
    after.board = board_after(ctx, m);
    let g = ctx.rules.geometry();
    let captures = fenpress_rules::rules::royal_captures(ctx.rules, &after, me);
    !captures.is_empty()
        && captures.iter().all(|c| {
            c.intent.piece.kind.char() == 'c'
                && g.file(c.intent.from) != g.file(c.intent.to)
                && g.rank(c.intent.from) != g.rank(c.intent.to)
        })
}

/// vchess never resets its pass counter: its FEN's last digit counts every
/// pass of the game, and a second pass anywhere ends it as a draw, where
/// fenpress (the page: two consecutive passes) still has moves.
fn janggi_pass_counter(ctx: &Ctx, f: &Finding) -> bool {
    match f {
        Finding::Fen { vchess, fenpress } => {
            let (Some((v_head, v_flags)), Some((f_head, f_flags))) =
                (vchess.rsplit_once(' '), fenpress.rsplit_once(' '))
            else {
                return false;
            };
            let (v, p) = (v_flags.as_bytes(), f_flags.as_bytes());
            v_head == f_head && v.len() == 2 && p.len() == 2 && v[0] == p[0] && v[1] > p[1]
        }
        // vchess's game is over after a non-consecutive second pass: every
        // fenpress move (the last move a pass, so its counter reads 1).
        Finding::FenpressOnly(_) => {
            let fen = fenpress_rules::fen::vchess_fen(ctx.rules, ctx.pos);
            let mut pos = ctx.pos.clone();
            let mut legal = fenpress_rules::MoveList::new();
            fenpress_rules::legal::legal_moves(ctx.rules, &mut pos, &mut legal);
            fen.ends_with('1')
                && ctx.diff.vchess_only.is_empty()
                && legal.len() == ctx.diff.fenpress_only.len()
        }
        Finding::VchessOnly(_) => false,
    }
}

/// vchess's palace on the 7-file board is files d-f (Xiangqi's, hard-coded):
/// its general may go to the f-file, fenpress's (files c-e, the board's
/// centre) to the c-file.
fn minixiangqi_palace_files(ctx: &Ctx, f: &Finding) -> bool {
    let (m, file) = match f {
        Finding::VchessOnly(m) => (m, 'f'),
        Finding::FenpressOnly(m) => (m, 'c'),
        Finding::Fen { .. } => return false,
    };
    moving_kind(ctx, m) == Some('k') && m.end.starts_with(file)
}

/// vchess writes its pocket field as one sum per side (`22` at the start:
/// the hawk's and elephant's counts added as numbers), which its own FEN
/// check then rejects; fenpress writes the four digits vchess reads.
fn schess_pocket_fen(_ctx: &Ctx, f: &Finding) -> bool {
    let Finding::Fen { vchess, fenpress } = f else {
        return false;
    };
    let (Some((v_head, v_pocket)), Some((f_head, f_pocket))) =
        (vchess.rsplit_once(' '), fenpress.rsplit_once(' '))
    else {
        return false;
    };
    let digits: Vec<u32> = f_pocket.chars().filter_map(|c| c.to_digit(10)).collect();
    let sums = match digits.as_slice() {
        &[a, b, c, d] => format!("{}{}", a + b, c + d),
        _ => return false,
    };
    v_head == f_head && v_pocket == sums
}

/// vchess's Atarigo forgets a capture once any move is taken back, and
/// plays on: at a position fenpress has over by the first capture (its
/// FEN's capture field is 1), every move vchess lists, and vchess's FEN
/// with 0 where fenpress's has 1.
fn atarigo_first_capture_forgotten(ctx: &Ctx, f: &Finding) -> bool {
    let ours = fenpress_rules::fen::vchess_fen(ctx.rules, ctx.pos);
    if !ours.ends_with(" 1") {
        return false;
    }
    match f {
        Finding::VchessOnly(_) => true,
        Finding::Fen { vchess, fenpress } => {
            vchess.strip_suffix(" 0") == fenpress.strip_suffix(" 1")
        }
        Finding::FenpressOnly(_) => false,
    }
}

/// The color and kind letter of the piece `m` removes from `sq`, if any.
fn vanished_at(m: &CanonMove, sq: &str) -> Vec<(Color, char)> {
    m.vanish
        .iter()
        .filter_map(|t| parse_token(t))
        .filter(|(s, _, _)| *s == sq)
        .map(|(_, c, k)| (c, k))
        .collect()
}

/// Whether fenpress lists this very move too (vchess then lists it more
/// often: one copy per promotion piece of a move that promotes nothing).
fn fenpress_lists(ctx: &Ctx, m: &CanonMove) -> bool {
    let mut pos = ctx.pos.clone();
    let mut list = fenpress_rules::MoveList::new();
    fenpress_rules::legal::legal_moves(ctx.rules, &mut pos, &mut list);
    list.iter()
        .any(|mv| crate::canon::from_fenpress(ctx.rules, &mut pos, mv) == *m)
}

/// A vchess copy of a fenpress move by a pawn onto its last rank.
fn duplicate_last_rank_pawn_move(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let me = ctx.pos.turn();
    let pawn = ctx.kind_at(&m.start, me) == Some('p');
    let g = ctx.rules.geometry();
    let last = ctx
        .square(&m.end)
        .is_some_and(|sq| g.relative_rank(sq, me) + 1 == g.rows());
    pawn && last && fenpress_lists(ctx, m)
}

/// Convert: a capture whose chain of converted pieces cannot end, which
/// vchess lists and the page forbids ("you must reset the move").
fn convert_dead_end_chain(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    match (ctx.square(&m.start), ctx.square(&m.end)) {
        (Some(from), Some(to)) => convert::dead_end_capture(ctx.pos, from, to),
        _ => false,
    }
}

/// The file and rank steps from `from` to `to`, by name.
fn delta(ctx: &Ctx, from: &str, to: &str) -> Option<(i32, i32)> {
    let g = ctx.rules.geometry();
    let (a, b) = (ctx.square(from)?, ctx.square(to)?);
    Some((
        i32::from(g.file(b)) - i32::from(g.file(a)),
        i32::from(g.rank(b)) - i32::from(g.rank(a)),
    ))
}

/// Fusion: a cavalier king's knight move two files across, which vchess
/// tests against other squares than the page's.
fn fusion_cavalier_passed_squares(ctx: &Ctx, f: &Finding) -> bool {
    let m = match f {
        Finding::VchessOnly(m) | Finding::FenpressOnly(m) => m,
        Finding::Fen { .. } => return false,
    };
    let me = ctx.pos.turn();
    let file_long =
        delta(ctx, &m.start, &m.end).is_some_and(|(df, dr)| df.abs() == 2 && dr.abs() == 1);
    ctx.kind_at(&m.start, me) == Some('c') && file_long && m.appear.len() == 1
}

/// Fusion: a king splitting off a royal compound (f, g, c) slides
/// diagonally in vchess, each move twice, and steps in any direction once
/// in fenpress: vchess-only diagonal, fenpress-only orthogonal steps.
fn fusion_king_fission(ctx: &Ctx, f: &Finding) -> bool {
    let (m, vchess) = match f {
        Finding::VchessOnly(m) => (m, true),
        Finding::FenpressOnly(m) => (m, false),
        Finding::Fen { .. } => return false,
    };
    let me = ctx.pos.turn();
    let king_leaves = m
        .appear
        .iter()
        .filter_map(|t| parse_token(t))
        .any(|(sq, c, k)| sq == m.end && c == me && k == 'k');
    let compound = ctx
        .kind_at(&m.start, me)
        .is_some_and(|k| ['f', 'g', 'c'].contains(&k));
    let Some((df, dr)) = delta(ctx, &m.start, &m.end) else {
        return false;
    };
    let shape = if vchess {
        df.abs() == dr.abs()
    } else {
        (df == 0) != (dr == 0) && df.abs() + dr.abs() == 1
    };
    compound && king_leaves && m.appear.len() == 2 && shape
}

/// Fusion: vchess's pawns also promote to a queen (the page: rook,
/// bishop or knight only).
fn fusion_pawn_queen(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let me = ctx.pos.turn();
    let queen = m
        .appear
        .iter()
        .filter_map(|t| parse_token(t))
        .any(|(sq, c, k)| sq == m.end && c == me && k == 'q');
    ctx.kind_at(&m.start, me) == Some('p') && queen
}

/// Fusion: a royal compound's capture as its other piece (more than a
/// king's step), which vchess never lists.
fn fusion_royal_compound_captures(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let me = ctx.pos.turn();
    let takes = m
        .vanish
        .iter()
        .filter_map(|t| parse_token(t))
        .any(|(sq, c, _)| sq == m.end && c != me);
    let compound = ctx
        .kind_at(&m.start, me)
        .is_some_and(|k| ['f', 'g', 'c'].contains(&k));
    let far = delta(ctx, &m.start, &m.end).is_some_and(|(df, dr)| df.abs() > 1 || dr.abs() > 1);
    compound && takes && far && m.appear.len() == 1
}

/// Enpassant: a pawn's en-passant capture diagonally onto its last rank
/// (a passed square, so empty) stays a pawn in vchess and promotes in
/// fenpress (the page: the pawn's en passant generalised).
fn enpassant_pawn_promotes(ctx: &Ctx, f: &Finding) -> bool {
    let (m, promotes) = match f {
        Finding::VchessOnly(m) => (m, false),
        Finding::FenpressOnly(m) => (m, true),
        Finding::Fen { .. } => return false,
    };
    let me = ctx.pos.turn();
    let g = ctx.rules.geometry();
    let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
        return false;
    };
    let passed = enpassant::passed_now(g, &ctx.pos.state);
    let arrives = m
        .appear
        .iter()
        .filter_map(|t| parse_token(t))
        .find(|(sq, c, _)| *sq == m.end && *c == me)
        .map(|(_, _, k)| k);
    ctx.kind_at(&m.start, me) == Some('p')
        && g.file(from) != g.file(to)
        && g.relative_rank(to, me) + 1 == g.rows()
        && passed.contains(&to)
        && arrives.is_some_and(|k| (k == 'p') != promotes)
}

/// Enpassant: a pawn's promotion step onto a passed square takes the
/// passer in vchess, nothing in fenpress (a pawn's step guards nothing).
fn enpassant_pawn_push_takes(ctx: &Ctx, f: &Finding) -> bool {
    let (m, takes) = match f {
        Finding::VchessOnly(m) => (m, true),
        Finding::FenpressOnly(m) => (m, false),
        Finding::Fen { .. } => return false,
    };
    let me = ctx.pos.turn();
    let g = ctx.rules.geometry();
    let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
        return false;
    };
    let passed = enpassant::passed_now(g, &ctx.pos.state);
    let takes_enemy = m
        .vanish
        .iter()
        .filter_map(|t| parse_token(t))
        .any(|(_, c, _)| c != me);
    ctx.kind_at(&m.start, me) == Some('p')
        && g.file(from) == g.file(to)
        && g.relative_rank(to, me) + 1 == g.rows()
        && passed.contains(&to)
        && takes_enemy == takes
}

/// Take and Make: vchess's en passant against a pawn that did not double
/// step (its make moved it two squares straight): a pawn's diagonal move to
/// an empty square taking a pawn beside it that stands off the rank a
/// double step reaches; and the FEN vchess writes with that square.
fn takenmake_make_en_passant(ctx: &Ctx, f: &Finding) -> bool {
    let m = match f {
        Finding::VchessOnly(m) => m,
        // The en-passant square vchess writes after such a make.
        Finding::Fen { vchess, fenpress } => {
            return fenpress.strip_suffix(" -").is_some_and(|rest| {
                vchess
                    .rsplit_once(' ')
                    .is_some_and(|(head, ep)| head == rest && ep != "-")
            });
        }
        Finding::FenpressOnly(_) => return false,
    };
    let me = ctx.pos.turn();
    let g = ctx.rules.geometry();
    let end_empty = ctx
        .square(&m.end)
        .is_some_and(|sq| ctx.pos.board.cell(sq).is_empty());
    let victim_off_rank = m
        .vanish
        .iter()
        .filter_map(|t| parse_token(t))
        .filter(|(sq, c, k)| *c != me && *k == 'p' && *sq != m.end)
        .any(|(sq, _, _)| {
            ctx.square(sq)
                .is_some_and(|s| g.relative_rank(s, me.opposite()) != 3)
        });
    ctx.kind_at(&m.start, me) == Some('p') && end_empty && victim_off_rank
}

/// Take and Make: a pawn whose make (a non-capturing move as the piece it
/// took) ends on its last rank stays a pawn in vchess and promotes in
/// fenpress (the page). Only such a make puts a pawn, or a promoted piece
/// without a capture or a pawn step, there in one engine alone.
fn takenmake_pawn_make_promotes(ctx: &Ctx, f: &Finding) -> bool {
    let (m, promotes) = match f {
        Finding::VchessOnly(m) => (m, false),
        Finding::FenpressOnly(m) => (m, true),
        Finding::Fen { .. } => return false,
    };
    let me = ctx.pos.turn();
    let g = ctx.rules.geometry();
    let last = ctx
        .square(&m.end)
        .is_some_and(|sq| g.relative_rank(sq, me) + 1 == g.rows());
    let takes = m
        .vanish
        .iter()
        .filter_map(|t| parse_token(t))
        .any(|(_, c, _)| c != me);
    let arrives = m
        .appear
        .iter()
        .filter_map(|t| parse_token(t))
        .find(|(sq, c, _)| *sq == m.end && *c == me)
        .map(|(_, _, k)| k);
    ctx.kind_at(&m.start, me) == Some('p')
        && last
        && !takes
        && arrives.is_some_and(|k| (k == 'p') != promotes)
}

/// vchess castles with whatever piece of the mover stands on a flagged
/// rook file: a move from the mover's king (plain or carrier, `k`/`j`/`l`)
/// that also moves a second piece of the mover which is no rook (plain `r` or
/// carrier `u`/`v`).
fn titan_castling_non_rook(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let me = ctx.pos.turn();
    // The king itself may stay put (g1 to g1), so read it off the board.
    let king_moves = ctx
        .kind_at(&m.start, me)
        .is_some_and(|k| matches!(k, 'k' | 'j' | 'l'));
    let partner = m
        .vanish
        .iter()
        .filter_map(|t| parse_token(t))
        .find(|(sq, c, _)| *sq != m.start && *c == me);
    king_moves && partner.is_some_and(|(_, _, k)| !matches!(k, 'r' | 'u' | 'v'))
}

/// Castling with a carrier rook and a plain king, as in Musketeer (the
/// same letters): vchess moves the rook with its extra piece still aboard,
/// fenpress lets the extra out on the rook's square.
fn titan_castling_rook_carrier(ctx: &Ctx, f: &Finding) -> bool {
    musketeer_castling_rook_carrier(ctx, f)
}

/// fenpress lets White remove a Black pawn too (the page: "any pawn (any
/// color)"): a removal, at the balanced start, of a pawn of the other side.
fn atomic_balanced_any_pawn(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let them = ctx.pos.turn().opposite();
    m.start == m.end
        && m.appear.is_empty()
        && m.vanish.len() == 1
        && ctx.pos.state.plies == 0
        && vanished_at(m, &m.start) == vec![(them, 'p')]
}

/// vchess ignores the explosion of the mover's own king early in a game
/// (its move counter below 2): a capture whose explosion takes it.
fn atomic_early_explosion(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let me = ctx.pos.turn();
    m.appear.is_empty()
        && m.vanish
            .iter()
            .filter_map(|t| parse_token(t))
            .any(|(_, c, k)| c == me && k == 'k')
}

/// vchess lists a pawn's capture onto its last rank once per promotion
/// A move whose reversion differs in Bario: vchess reverts after every
/// move but the king's once all the mover's pieces are defined, the page
/// only after a turn that began with one undefined. Recognised as a move
/// (with what its reversion changes on the board) that one of the two
/// readings lists and the other does not: vchess's move is
/// [`Bario::vchess_reversion_reading`]'s, fenpress's is the page's.
fn bario_reversion_once(ctx: &Ctx, f: &Finding) -> bool {
    static VCHESS_READING: std::sync::LazyLock<Bario> =
        std::sync::LazyLock::new(Bario::vchess_reversion_reading);
    let (m, vchess_only) = match f {
        Finding::VchessOnly(m) => (m, true),
        Finding::FenpressOnly(m) => (m, false),
        Finding::Fen { .. } => return false,
    };
    let lists = |rules: &dyn fenpress_rules::Rules| {
        let mut pos = ctx.pos.clone();
        let mut legal = MoveList::new();
        fenpress_rules::legal::legal_moves(rules, &mut pos, &mut legal);
        legal
            .iter()
            .any(|mv| crate::canon::from_fenpress(rules, &mut pos, mv) == *m)
    };
    let vchess_rules: &dyn fenpress_rules::Rules = &*VCHESS_READING;
    let (by_vchess, by_page) = (lists(vchess_rules), lists(ctx.rules));
    by_vchess != by_page && by_vchess == vchess_only
}

/// A move only vchess lists in Bario that vchess's own reading of the
/// rules gives: an undefined enemy piece that could be a knight (its
/// reserve holds one) attacks the king a knight's leap away, which the page
/// counts as check and vchess's test misses. Recognised by generating the
/// legal moves with that one test changed ([`Bario::vchess_reading`]) and
/// finding the move among them.
fn bario_undefined_knight_check(ctx: &Ctx, f: &Finding) -> bool {
    static VCHESS_READING: std::sync::LazyLock<Bario> =
        std::sync::LazyLock::new(Bario::vchess_reading);
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let rules: &dyn fenpress_rules::Rules = &*VCHESS_READING;
    let mut pos = ctx.pos.clone();
    let mut legal = MoveList::new();
    fenpress_rules::legal::legal_moves(rules, &mut pos, &mut legal);
    legal
        .iter()
        .any(|mv| crate::canon::from_fenpress(rules, &mut pos, mv) == *m)
}

/// piece, each landing as the victim: copies of fenpress's one move.
fn cannibal1_capture_promotion(ctx: &Ctx, f: &Finding) -> bool {
    duplicate_last_rank_pawn_move(ctx, f)
}

/// vchess lists a pass by a pawn holding Ball's ball to a friend
/// diagonally ahead on its last rank once per promotion piece (the same
/// move each time: neither piece moves); fenpress lists it once.
fn ball_pass_onto_last_rank_repeated(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let mover = ctx.pos.turn();
    let last = if mover == Color::White { '9' } else { '1' };
    vanished_at(m, &m.start) == vec![(mover, 's')]
        && m.end.ends_with(last)
        && vanished_at(m, &m.end)
            .first()
            .is_some_and(|(c, _)| *c == mover)
        && fenpress_lists(ctx, m)
}

/// A Football kick: the ball leaves the start and lands on the end, no
/// other change.
fn football_kick(m: &CanonMove) -> bool {
    m.vanish == [format!("{}:ba", m.start)] && m.appear == [format!("{}:ba", m.end)]
}

/// vchess lets the ball pass over the goal along its goal rank.
fn football_ball_crosses_goal(_ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let (from, to) = (m.start.as_bytes(), m.end.as_bytes());
    let goal_rank = |r: &[u8]| r == b"1" || r == b"9";
    football_kick(m)
        && from.len() == 2
        && to.len() == 2
        && from[1] == to[1]
        && goal_rank(&from[1..])
        && from[0].min(to[0]) < b'e'
        && from[0].max(to[0]) > b'e'
}

/// fenpress lists a kick once per piece next to the ball that can make
/// it; vchess once, or not at all when its first such piece has kicked.
fn football_kick_per_kicker(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let Some(ball) = ctx.square(&m.start) else {
        return false;
    };
    let mover = ctx.pos.turn();
    let near = ctx
        .neighbours(ball)
        .into_iter()
        .filter(|&sq| {
            ctx.pos
                .board
                .cell(sq)
                .piece(mover)
                .is_some_and(|p| p.kind.char() != 'a')
        })
        .count();
    football_kick(m) && near >= 2
}

/// vchess lets a knight's kick score in the first two turns.
fn football_knight_scores_early(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    football_kick(m) && (m.end == "e1" || m.end == "e9") && ctx.pos.state.plies < 2
}

/// vchess lets a piece take its own king.
fn freecapture_own_king(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    vanished_at(m, &m.end) == vec![(ctx.pos.turn(), 'k')]
}

/// vchess castles any king of the side to move with that side's unused
/// flags, on the rank where the king stands: a castling of a king (and a
/// rook) off the mover's own first rank, which a converted king and rook
/// give.
fn pacifist2_converted_king_castles(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::VchessOnly(m) = f else {
        return false;
    };
    let (c, first) = match ctx.pos.turn() {
        Color::White => ('w', '1'),
        Color::Black => ('b', '8'),
    };
    m.vanish.contains(&format!("{}:{c}k", m.start))
        && m.vanish.iter().any(|t| t.ends_with(&format!(":{c}r")))
        && !m.start.ends_with(first)
}

/// vchess's Berolina pawn attacks ignore the cells: a move (castling
/// included) that fenpress lists although an enemy pawn stands right ahead
/// of a square the mover's king ends on or crosses, in that square's cell.
fn gridolina_pawn_cell(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let me = ctx.pos.turn();
    let g = ctx.rules.geometry();
    let board = board_after(ctx, m);
    let mut squares = find(&board, me, 'k');
    if let (Some(a), Some(b)) = (ctx.square(&m.start), ctx.square(&m.end)) {
        if moving_kind(ctx, m) == Some('k') && g.rank(a) == g.rank(b) {
            let (lo, hi) = (g.file(a).min(g.file(b)), g.file(a).max(g.file(b)));
            squares.extend((lo..=hi).filter_map(|f| g.square(f, g.rank(a))));
        }
    }
    let ahead: i32 = if me == Color::White { 1 } else { -1 };
    let cell = |s: Square| (g.file(s) / 2, g.rank(s) / 2);
    squares.into_iter().any(|k| {
        g.offset(k, 0, ahead).is_some_and(|p| {
            cell(p) == cell(k)
                && board
                    .cell(p)
                    .kind(me.opposite())
                    .is_some_and(|x| x.char() == 'p')
        })
    })
}

/// vchess lists a pawn's shot onto its last rank once per promotion piece
/// (the pawn stays and promotes nothing): copies of fenpress's one move.
fn rifle_shot_promotion(ctx: &Ctx, f: &Finding) -> bool {
    duplicate_last_rank_pawn_move(ctx, f)
}

/// Own captures: fenpress allows any two different pieces of rook, knight,
/// bishop and queen (the page's list); vchess only pairs whose abilities
/// do not overlap, and lets the empress and the princess take too.
fn selfabsorb_own_kinds(ctx: &Ctx, f: &Finding) -> bool {
    let (m, fenpress_side) = match f {
        Finding::FenpressOnly(m) => (m, true),
        Finding::VchessOnly(m) => (m, false),
        Finding::Fen { .. } => return false,
    };
    let me = ctx.pos.turn();
    let (Some(mover), Some(victim)) = (ctx.kind_at(&m.start, me), ctx.kind_at(&m.end, me)) else {
        return false;
    };
    let listed = |k: char| matches!(k, 'r' | 'n' | 'b' | 'q');
    if fenpress_side {
        listed(mover) && listed(victim) && mover != victim
    } else {
        [mover, victim].iter().any(|k| matches!(k, 'e' | 's'))
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

/// vchess's en passant after a Pandemonium1 pawn drop: the drop starts on
/// the hand's row past the board, so vchess takes it for a pawn's
/// multi-step and writes en-passant squares on the a-file (`a1`, `a1,a2`
/// after White's drop, `a0,a1` after Black's); fenpress writes `-`. A pawn beside such a
/// square may then take there diagonally, onto an empty square, in vchess
/// only.
fn pandemonium1_drop_en_passant(ctx: &Ctx, f: &Finding) -> bool {
    let bogus = |ep: &str| {
        ep.split(',').all(|sq| {
            sq.strip_prefix('a')
                .and_then(|r| r.parse::<u8>().ok())
                .is_some_and(|r| r <= 2)
        })
    };
    match f {
        Finding::Fen { .. } => {
            let Some((v, p)) = fen_fields(f) else {
                return false;
            };
            v.len() == 6
                && p.len() == 6
                && p[4] == "-"
                && bogus(v[4])
                && v.iter()
                    .zip(&p)
                    .enumerate()
                    .all(|(i, (a, b))| i == 4 || a == b)
        }
        Finding::VchessOnly(m) => {
            let me = ctx.pos.turn();
            let g = ctx.rules.geometry();
            let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
                return false;
            };
            ctx.pos.state.en_passant.is_none()
                && ctx.kind_at(&m.start, me) == Some('p')
                && g.file(to) == 0
                && g.file(from) == 1
                && g.rank(to) <= 1
                && ctx.pos.board.cell(to).is_empty()
        }
        Finding::FenpressOnly(_) => false,
    }
}

/// Pandemonium1's pawns advance two squares from their third rank too (the
/// page); vchess multi-steps from the second rank only. A fenpress-only
/// pawn move two squares straight ahead from the mover's third rank.
fn pandemonium1_third_rank_double_step(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let me = ctx.pos.turn();
    let g = ctx.rules.geometry();
    let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
        return false;
    };
    ctx.kind_at(&m.start, me) == Some('p')
        && m.vanish.len() == 1
        && m.appear.len() == 1
        && g.file(from) == g.file(to)
        && g.relative_rank(from, me) == 2
        && g.relative_rank(to, me) == 4
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

/// fenpress's pseudo-legal move whose canonical shape is `m`, if any.
fn fenpress_move(ctx: &Ctx, m: &CanonMove) -> Option<Move> {
    let mut pos = ctx.pos.clone();
    let mut list = MoveList::new();
    ctx.rules.pseudo_legal_moves(&pos, &mut list);
    list.iter()
        .find(|mv| crate::canon::from_fenpress(ctx.rules, &mut pos, mv) == *m)
        .copied()
}

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
        KNIGHT_LEAPS.iter().any(|&(df, dr)| {
            g.offset(pawn, df.into(), dr.into())
                .is_some_and(|s| is(s, 'n'))
        })
    };
    find(&board, me, 'k').into_iter().any(|king| {
        g.relative_rank(king, them) == rank_of_pawn
            && KNIGHT_LEAPS.iter().any(|&(df, dr)| {
                g.offset(king, df.into(), dr.into())
                    .is_some_and(|s| is(s, 'p') && relayed(s))
            })
    })
}

/// vchess lets the Joker swap with itself (a pass); fenpress does not:
/// a vchess-only move from the mover's Joker to its own square.
fn joker_self_swap(ctx: &Ctx, f: &Finding) -> bool {
    match f {
        Finding::VchessOnly(m) => {
            m.start == m.end && ctx.kind_at(&m.start, mover(ctx, m)) == Some('j')
        }
        _ => false,
    }
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

/// vchess ends an Align4 game on a line of four black pieces that starts,
/// in its scan direction (down a file, right along a rank, down-right,
/// up-right), with a pawn and has no king; the page counts pawns only.
/// The signature: vchess lists no move (its game is over) at a board with
/// such a line but no four pawns in a line, where fenpress lists moves.
fn align4_pawns_only(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(_) = f else {
        return false;
    };
    if !ctx.diff.vchess_only.is_empty() {
        return false;
    }
    let g = ctx.rules.geometry();
    let board = &ctx.pos.board;
    let black = |sq: Option<Square>, pawn_only: bool| {
        sq.and_then(|s| board.cell(s).kind(Color::Black))
            .is_some_and(|k| {
                if pawn_only {
                    k.char() == 'p'
                } else {
                    k.char() != 'k'
                }
            })
    };
    let line = |pawn_only: bool| {
        g.squares().any(|sq| {
            black(Some(sq), true)
                && [(0, -1), (1, 0), (1, -1), (1, 1)]
                    .iter()
                    .any(|&(df, dr)| (1..4).all(|i| black(g.offset(sq, df * i, dr * i), pawn_only)))
        })
    };
    line(false) && !line(true)
}

/// vchess forgets that a castling mate-captured the enemy king: moves it
/// lists for a side to move that has no king left.
fn allmate_castling_mate_captures_king(ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::VchessOnly(_)) && find(&ctx.pos.board, ctx.pos.turn(), 'k').is_empty()
}

/// vchess's Antiking1 start string lacks the en-passant field its writer adds.
fn antiking1_start_en_passant(_ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::Fen { vchess, fenpress } if format!("{vchess} -") == *fenpress)
}

/// vchess's Dobutsu start string has eight empty reserve digits, its writer six.
fn dobutsu_start_reserve(_ctx: &Ctx, f: &Finding) -> bool {
    let Finding::Fen { vchess, fenpress } = f else {
        return false;
    };
    vchess
        .strip_suffix("00000000")
        .map(|head| format!("{head}000000"))
        == Some(fenpress.clone())
}

/// vchess's Knightrelay1 start string (chess's) has an en-passant field its writer drops.
fn knightrelay1_start_en_passant(_ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::Fen { vchess, fenpress } if format!("{fenpress} -") == *vchess)
}

/// A start string with chess's en-passant field, which vchess's writer
/// for a variant without en passant (Benedict, Pacifist) drops.
fn start_en_passant_dropped(ctx: &Ctx, f: &Finding) -> bool {
    knightrelay1_start_en_passant(ctx, f)
}

/// vchess's Relayup start string (chess's) has flags and en passant its writer drops.
fn relayup_start_fields(_ctx: &Ctx, f: &Finding) -> bool {
    matches!(f, Finding::Fen { vchess, fenpress } if format!("{fenpress} ahah -") == *vchess)
}

/// A Madhouse placement as both engines list it: a drop (`@`) of one
/// piece with nothing vanishing; its square and the piece's kind letter.
fn madhouse_placement(m: &CanonMove) -> Option<(&str, char)> {
    if m.start != "@" || !m.vanish.is_empty() || m.appear.len() != 1 {
        return None;
    }
    let (square, piece) = m.appear[0].split_once(':')?;
    Some((square, piece.chars().nth(1)?))
}

/// The 1-based rank of a square name (`e10` → 10).
fn rank_number(square: &str) -> Option<u32> {
    square.get(1..)?.parse().ok()
}

/// vchess's placement loop stops a row early: no piece is put back on
/// rank 1, no pawn on rank 2. Those placements are fenpress's only.
fn madhouse_placement_first_rank(_ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let Some((square, kind)) = madhouse_placement(m) else {
        return false;
    };
    rank_number(square) == Some(if kind == 'p' { 2 } else { 1 })
}

/// vchess keeps a bishop on its square colour only when it was taken on a
/// dark square (its colour test reads light, 0, as "any"): placements of a
/// bishop taken on a light square onto dark squares are vchess's only, and
/// so is a capture of a bishop on a light square that only a dark-square
/// placement would make legal. Every vchess-only move there is one of them.
fn madhouse_light_bishop_anywhere(ctx: &Ctx, f: &Finding) -> bool {
    let dark = |square: &str| {
        let file = u32::from(square.as_bytes()[0].wrapping_sub(b'a'));
        rank_number(square).is_some_and(|r| (file + r) % 2 == 1)
    };
    let mover = if ctx.pos.turn() == Color::White {
        'w'
    } else {
        'b'
    };
    let either = |m: &CanonMove| {
        let placed = madhouse_placement(m).is_some_and(|(sq, kind)| kind == 'b' && dark(sq));
        let light_bishop_taken = m.flags.contains(&"chain")
            && m.vanish.iter().any(|v| {
                v.split_once(':').is_some_and(|(sq, piece)| {
                    !piece.starts_with(mover) && piece.ends_with('b') && !dark(sq)
                })
            });
        placed || light_bishop_taken
    };
    matches!(f, Finding::VchessOnly(m) if either(m)) && ctx.diff.vchess_only.iter().all(either)
}

/// vchess updates castling flags after a capture's turn bookkeeping, when
/// the capturer is still to move (its placement): the flag of the rook it
/// took on its start square stays. The FENs then differ in the flags alone,
/// each differing flag fenpress's `i` (none) where vchess names a file
/// whose first-rank square holds no rook of that side.
fn madhouse_taken_rook_flag(ctx: &Ctx, f: &Finding) -> bool {
    let Some((v, p)) = fen_fields(f) else {
        return false;
    };
    if v.len() != p.len() || v.len() < 4 {
        return false;
    }
    let others_equal = (0..v.len()).all(|i| i == 3 || v[i] == p[i]);
    let (vf, pf) = (v[3].as_bytes(), p[3].as_bytes());
    if !others_equal || vf.len() != 4 || pf.len() != 4 || vf == pf {
        return false;
    }
    (0..4).filter(|&i| vf[i] != pf[i]).all(|i| {
        let (color, rank) = if i < 2 {
            (Color::White, 1)
        } else {
            (Color::Black, 8)
        };
        let square = format!("{}{rank}", char::from(vf[i]));
        pf[i] == b'i' && vf[i] != b'i' && ctx.kind_at(&square, color) != Some('r')
    })
}

/// vchess never moves its king square when a carrier king (`j`, `l`)
/// moves, until that side's plain king is tried in a move: meanwhile it
/// judges that side's checks on the square the king left and keeps its
/// castling rights. Findings: the flags alone differ (vchess keeps rights
/// of a side whose plain king fenpress says has moved); a move of the side
/// to move, its king plain, that leaves that king attacked (vchess only) or
/// attacks a first-rank square of its own (fenpress only); a castling by a
/// plain king where fenpress has no right; the carrier king's own move
/// into check (vchess only).
fn musketeer_carrier_king_lost(ctx: &Ctx, f: &Finding) -> bool {
    let g = ctx.rules.geometry();
    let first_rank = |c: Color| if c == Color::White { 0 } else { g.rows() - 1 };
    if let Some((v, p)) = fen_fields(f) {
        let alike =
            v.len() == p.len() && v.len() > 3 && (0..v.len()).all(|i| i == 3 || v[i] == p[i]);
        if !alike || v[3].len() != 4 || p[3].len() != 4 {
            return false;
        }
        return Color::ALL.into_iter().all(|c| {
            let span = 2 * c.index()..2 * c.index() + 2;
            v[3][span.clone()] == p[3][span.clone()]
                || (&p[3][span] == "ii" && !find(&ctx.pos.board, c, 'k').is_empty())
        });
    }
    let (m, vchess_only) = match f {
        Finding::VchessOnly(m) => (m, true),
        Finding::FenpressOnly(m) => (m, false),
        Finding::Fen { .. } => return false,
    };
    let us = ctx.pos.turn();
    if mover(ctx, m) != us {
        return false;
    }
    let board = board_after(ctx, m);
    let mut after = ctx.pos.clone();
    after.board = board.clone();
    // The carrier king's own move is judged on the square it leaves: vchess
    // lets it step into check (the other way round is
    // `musketeer-carrier-king-left-square`).
    if matches!(moving_kind(ctx, m), Some('j' | 'l')) {
        return vchess_only && ctx.rules.royal_attacked(&after, us);
    }
    if find(&ctx.pos.board, us, 'k').is_empty() {
        return false;
    }
    if moving_kind(ctx, m) == Some('k') {
        // A castling vchess still allows: two of the mover's pieces move.
        let mine = |ts: &[String]| ts.iter().filter_map(|t| parse_token(t)).all(|t| t.1 == us);
        return vchess_only
            && m.vanish.len() == 2
            && mine(&m.vanish)
            && mine(&m.appear)
            && !ctx.pos.state.castling.any(us);
    }
    if vchess_only {
        return ctx.rules.royal_attacked(&after, us);
    }
    let rank = first_rank(us);
    (0..g.cols())
        .filter_map(|file| g.square(file, rank))
        .any(|sq| king_attacked_on(ctx, &after, us, sq))
}

/// Whether `us`'s king would be attacked on `sq` in `after` (its king
/// moved there, whatever stood there removed): where vchess, in Musketeer,
/// still looks for a carrier king.
fn king_attacked_on(ctx: &Ctx, after: &Position, us: Color, sq: Square) -> bool {
    let mut probe = after.clone();
    for k in find(&after.board, us, 'k') {
        probe.board.remove(k, us);
    }
    probe.board.remove(sq, us);
    probe.board.remove(sq, us.opposite());
    probe
        .board
        .put(sq, Piece::new(us, fenpress_rules::Kind::KING));
    ctx.rules.royal_attacked(&probe, us)
}

/// A carrier king (`j`, `l`) steps out of check: vchess judges check on
/// the square it leaves, where its passenger now stands, and refuses the
/// step when that square is attacked; fenpress judges the king where it
/// lands.
fn musketeer_carrier_king_left_square(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let us = ctx.pos.turn();
    let (Some(left), true) = (
        ctx.square(&m.start),
        mover(ctx, m) == us && matches!(moving_kind(ctx, m), Some('j' | 'l')),
    ) else {
        return false;
    };
    let mut after = ctx.pos.clone();
    after.board = board_after(ctx, m);
    !ctx.rules.royal_attacked(&after, us) && king_attacked_on(ctx, &after, us, left)
}

/// Castling with a carrier rook (`u`, `v`) and a king that carries
/// nothing: vchess moves the rook with its passenger still aboard (the
/// carrier letter lands beside the king); fenpress, as the page says, lets
/// the passenger out on the rook's square and the rook lands plain.
fn musketeer_castling_rook_carrier(ctx: &Ctx, f: &Finding) -> bool {
    let (m, vchess_only) = match f {
        Finding::VchessOnly(m) => (m, true),
        Finding::FenpressOnly(m) => (m, false),
        Finding::Fen { .. } => return false,
    };
    let us = mover(ctx, m);
    let tokens = |ts: &[String]| -> Vec<(String, Color, char)> {
        ts.iter()
            .filter_map(|t| parse_token(t))
            .map(|(s, c, k)| (s.to_string(), c, k))
            .collect()
    };
    let (v, a) = (tokens(&m.vanish), tokens(&m.appear));
    let carrier = |k: char| k == 'u' || k == 'v';
    let Some(rook) = v.iter().find(|t| carrier(t.2)) else {
        return false;
    };
    let king_plain = v.iter().any(|t| t.2 == 'k');
    if v.len() != 2 || !v.iter().all(|t| t.1 == us) || !king_plain {
        return false;
    }
    if vchess_only {
        a.len() == 2 && a.iter().any(|t| t.2 == rook.2 && t.0 != rook.0)
    } else {
        a.len() == 3 && a.iter().any(|t| t.2 == 'r') && a.iter().any(|t| t.0 == rook.0 && t.1 == us)
    }
}

/// vchess's Yoté scores the middle of a turn, a capture made and a removal
/// to come, as lost for the capturer (its `atLeastOneMove` looks for moves
/// of the capturer's stones, and the removal takes the opponent's), so it
/// lists nothing there: fenpress alone lists the removals, each an enemy
/// stone vanishing with nothing appearing.
fn yote_removal_scored_as_loss(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let enemy = ctx.pos.turn().opposite();
    fenpress_rules::variants::yote::removing(ctx.pos)
        && m.appear.is_empty()
        && m.vanish.len() == 1
        && parse_token(&m.vanish[0]).map(|t| t.1) == Some(enemy)
}

/// vchess's Dynamo keys its first parts by start and end squares, and a
/// castling's key is the king's start and landing square (`e1g1`): the
/// push of the mover's own king along its first rank onto that square
/// (rook and queen pushing it there, castling still possible) is dropped
/// as a copy of the castling. fenpress alone lists it: the king alone
/// moves, its rook stays.
fn dynamo_king_pushed_onto_castling_square(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let us = ctx.pos.turn();
    let g = ctx.rules.geometry();
    let (Some(from), Some(to)) = (ctx.square(&m.start), ctx.square(&m.end)) else {
        return false;
    };
    let king_alone =
        |list: &[String], sq: &str| list.len() == 1 && parse_token(&list[0]) == Some((sq, us, 'k'));
    let side = match g.file(to) {
        2 => 0,
        f if f + 2 == g.cols() => 1,
        _ => return false,
    };
    king_alone(&m.vanish, &m.start)
        && king_alone(&m.appear, &m.end)
        && g.rank(from) == g.rank(to)
        && g.relative_rank(from, us) == 0
        && ctx.pos.state.castling.rook_file(us, side).is_some()
}

/// vchess's Fanorona move list keeps captures only whenever one is
/// possible, so in a chain (a capture made, another possible) it never
/// offers the stop the page allows: fenpress alone lists it, a move that
/// changes nothing, by the chain's stone.
fn fanorona_chain_stop(ctx: &Ctx, f: &Finding) -> bool {
    let Finding::FenpressOnly(m) = f else {
        return false;
    };
    let chain = fenpress_rules::variants::fanorona::chain(&ctx.pos.state);
    let g = ctx.rules.geometry();
    chain.is_some_and(|(at, _, _)| {
        m.vanish.is_empty() && m.appear.is_empty() && m.start == g.square_name(at)
    })
}

/// vchess's Interweave counts the captured pieces a pawn may return to play
/// otherwise than the page: a piece a pawn takes by its forward leap twice
/// (its custodian test sees the leaping pawn, still on its start square, as
/// the friend behind the piece), a Remover's victims all but the first not
/// at all, and a promotion never gives its piece back. The FENs then differ
/// in their last field only, and where a count is zero on one side alone
/// the pawn's promotions to that kind are listed by one engine only.
fn interweave_captured_counts(ctx: &Ctx, f: &Finding) -> bool {
    use fenpress_rules::variants::interweave::captured;
    let promotion = |m: &CanonMove| -> Option<(Color, fenpress_rules::Kind)> {
        let (_, color, from) = m
            .vanish
            .iter()
            .filter_map(|t| parse_token(t))
            .find(|t| t.0 == m.start)?;
        let (_, _, to) = m
            .appear
            .iter()
            .filter_map(|t| parse_token(t))
            .find(|t| t.0 == m.end && t.1 == color)?;
        (from == 'p' && to != 'p')
            .then(|| fenpress_rules::Kind::from_char(to))
            .flatten()
            .map(|k| (color, k))
    };
    let vchess_promotion =
        |m: &CanonMove| promotion(m).is_some_and(|(c, k)| captured(&ctx.pos.state, c, k) == 0);
    let fenpress_promotion =
        |m: &CanonMove| promotion(m).is_some_and(|(c, k)| captured(&ctx.pos.state, c, k) > 0);
    match f {
        Finding::Fen { vchess, fenpress } => {
            let v: Vec<&str> = vchess.split(' ').collect();
            let p: Vec<&str> = fenpress.split(' ').collect();
            // The en passant the page keeps after a capturing double step
            // (its own deviation) may differ as well.
            v.len() == 5
                && p.len() == 5
                && v[..3] == p[..3]
                && (v[3] == p[3] || v[3] == "-")
                && v[4] != p[4]
        }
        Finding::VchessOnly(m) => {
            vchess_promotion(m)
                || (m.vanish.len() == 1
                    && quiet_knock_on(&ctx.diff.fenpress_only, &fenpress_promotion))
        }
        Finding::FenpressOnly(m) => {
            fenpress_promotion(m)
                || (m.vanish.len() == 1 && quiet_knock_on(&ctx.diff.vchess_only, &vchess_promotion))
        }
    }
}

/// Captures are compulsory: where the only captures one engine lists are
/// promotions the other's counts refuse, the other alone lists the quiet
/// moves.
fn quiet_knock_on(other: &[CanonMove], promotion: &dyn Fn(&CanonMove) -> bool) -> bool {
    !other.is_empty() && other.iter().all(promotion)
}

/// vchess's Interweave leaves no en-passant square after a pawn's double
/// step that takes a piece by custodian capture (it looks for one only
/// after a move that takes nothing); the page lets every double-stepped
/// pawn be taken en passant. The FENs differ in the en-passant field (and
/// maybe in the captured counts, their own deviation), and fenpress alone
/// lists the en-passant capture.
fn interweave_en_passant_after_capturing_double_step(ctx: &Ctx, f: &Finding) -> bool {
    let Some(ep) = ctx.pos.state.en_passant else {
        return false;
    };
    let g = ctx.rules.geometry();
    let en_passant = |m: &CanonMove| {
        let (Some(from), Some(to)) = (g.parse_square(&m.start), g.parse_square(&m.end)) else {
            return false;
        };
        g.file(from) == g.file(to)
            && g.rank(from).abs_diff(g.rank(to)) == 2
            && Square((from.0 + to.0) / 2) == ep
            && ctx.pos.board.cell(ep).is_empty()
    };
    match f {
        Finding::Fen { vchess, fenpress } => {
            let v: Vec<&str> = vchess.split(' ').collect();
            let p: Vec<&str> = fenpress.split(' ').collect();
            v.len() == 5 && p.len() == 5 && v[..3] == p[..3] && v[3] == "-" && p[3] != "-"
        }
        Finding::FenpressOnly(m) => en_passant(m),
        // Captures are compulsory: where the en-passant capture is
        // fenpress's only one, vchess alone lists the quiet moves.
        Finding::VchessOnly(m) => {
            m.vanish.len() == 1
                && !ctx.diff.fenpress_only.is_empty()
                && ctx.diff.fenpress_only.iter().all(en_passant)
        }
    }
}
