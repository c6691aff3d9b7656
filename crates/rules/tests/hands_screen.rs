//! Screen: perft (the vchess oracle's counts), the placement's rules (own
//! half, one pawn a file, none on the first rank, bishops on two colors)
//! and the king left en prise.

mod common;

use fenpress_rules::{legal, notation, registry, validate::position_from_fen, Color, Outcome};

#[test]
fn perft_screen() {
    common::perft_variant("screen", include_str!("fixtures/perft-screen.txt"));
}

#[test]
fn the_placement_keeps_pawns_on_their_files_and_bishops_on_two_colors() {
    let sc = registry::rules("Screen").unwrap();
    let mut pos = position_from_fen(sc, sc.start_fen()).unwrap();
    for text in ["@e2", "B@c1"] {
        let mv = notation::parse_move(sc, &mut pos, text).unwrap();
        assert!(mv.intent.continues, "{text} keeps the turn");
        sc.play(&mut pos, &mv);
    }
    assert_eq!(pos.turn(), Color::White);
    for refused in ["@e3", "@a1", "@a5", "B@e3", "N@e5"] {
        assert!(
            notation::parse_move(sc, &mut pos, refused).is_err(),
            "{refused}"
        );
    }
    for allowed in ["@d4", "B@d1", "N@h4"] {
        assert!(
            notation::parse_move(sc, &mut pos, allowed).is_ok(),
            "{allowed}"
        );
    }
}

#[test]
fn a_king_left_en_prise_is_taken() {
    let sc = registry::rules("Screen").unwrap();
    let mut pos = position_from_fen(sc, "r3k3/pppp1ppp/8/8/8/8/PPPP1PPP/R2KR3 w 2").unwrap();
    let mv = notation::parse_move(sc, &mut pos, "Rxe8").unwrap();
    sc.play(&mut pos, &mv);
    assert_eq!(
        legal::outcome(sc, &mut pos),
        Some(Outcome::VariantWin {
            winner: Color::White,
            reason: "king taken"
        })
    );
}
