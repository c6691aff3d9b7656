//! Shinobi: perft (the vchess oracle's counts), the Clan's drops on its
//! first four ranks, promotions on the last two, campmate, the flags of
//! Black alone and the five-digit reserve.

mod common;

use fenpress_rules::{fen, legal, notation, registry, validate::position_from_fen, Color, Outcome};

#[test]
fn perft_shinobi() {
    common::perft_variant("shinobi", include_str!("fixtures/perft-shinobi.txt"));
}

#[test]
fn the_clan_drops_on_its_half_and_its_minor_pieces_promote() {
    let sh = registry::rules("Shinobi").unwrap();
    let mut pos = position_from_fen(sh, "r3k2r/8/1P4M1/8/8/2H5/L7/4K3 w 10 ah - 21101").unwrap();
    assert!(notation::parse_move(sh, &mut pos, "J@d4").is_ok());
    let err = notation::parse_move(sh, &mut pos, "J@d5").unwrap_err();
    assert!(err.to_string().contains("first four ranks"), "{err}");
    // The monk reaching the seventh rank is a bishop.
    let mv = notation::parse_move(sh, &mut pos, "Mh7").unwrap();
    sh.play(&mut pos, &mv);
    assert_eq!(
        fen::vchess_fen(sh, &pos),
        "r3k2r/7B/1P6/8/8/2H5/L7/4K3 b 11 ah - 21101"
    );
}

#[test]
fn a_king_on_the_far_rank_wins() {
    let sh = registry::rules("Shinobi").unwrap();
    let mut pos = position_from_fen(sh, "4K3/8/8/8/8/8/8/k7 b 30 ii - 00000").unwrap();
    assert_eq!(
        legal::outcome(sh, &mut pos),
        Some(Outcome::VariantWin {
            winner: Color::White,
            reason: "campmate"
        })
    );
}
