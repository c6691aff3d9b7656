//! Perft of the variants defined as data (`crates/rules/variants/*.yaml`),
//! from fixture files whose counts come from the vchess oracle or a public
//! perft suite (each file says which).

mod common;

#[test]
fn perft_capablanca() {
    common::perft_variant("capablanca", include_str!("fixtures/perft-capablanca.txt"));
}

#[test]
fn perft_balaklava() {
    common::perft_variant("balaklava", include_str!("fixtures/perft-balaklava.txt"));
}

#[test]
fn perft_berolina() {
    common::perft_variant("berolina", include_str!("fixtures/perft-berolina.txt"));
}

#[test]
fn perft_bishopawns() {
    common::perft_variant("bishopawns", include_str!("fixtures/perft-bishopawns.txt"));
}

#[test]
fn perft_circular() {
    common::perft_variant("circular", include_str!("fixtures/perft-circular.txt"));
}

#[test]
fn perft_crossing() {
    common::perft_variant("crossing", include_str!("fixtures/perft-crossing.txt"));
}

#[test]
fn perft_cylinder() {
    common::perft_variant("cylinder", include_str!("fixtures/perft-cylinder.txt"));
}

#[test]
fn perft_diamond() {
    common::perft_variant("diamond", include_str!("fixtures/perft-diamond.txt"));
}

#[test]
fn perft_doublearmy() {
    common::perft_variant("doublearmy", include_str!("fixtures/perft-doublearmy.txt"));
}

#[test]
fn perft_empire() {
    common::perft_variant("empire", include_str!("fixtures/perft-empire.txt"));
}

#[test]
fn perft_forward() {
    common::perft_variant("forward", include_str!("fixtures/perft-forward.txt"));
}

#[test]
fn perft_grand() {
    common::perft_variant("grand", include_str!("fixtures/perft-grand.txt"));
}

#[test]
fn perft_grasshopper() {
    common::perft_variant(
        "grasshopper",
        include_str!("fixtures/perft-grasshopper.txt"),
    );
}

#[test]
fn perft_hoppelpoppel() {
    common::perft_variant(
        "hoppelpoppel",
        include_str!("fixtures/perft-hoppelpoppel.txt"),
    );
}

#[test]
fn perft_knightpawns() {
    common::perft_variant(
        "knightpawns",
        include_str!("fixtures/perft-knightpawns.txt"),
    );
}

#[test]
fn perft_maharajah() {
    common::perft_variant("maharajah", include_str!("fixtures/perft-maharajah.txt"));
}

#[test]
fn perft_newzealand() {
    common::perft_variant("newzealand", include_str!("fixtures/perft-newzealand.txt"));
}

#[test]
fn perft_castle() {
    common::perft_variant("castle", include_str!("fixtures/perft-castle.txt"));
}

#[test]
fn perft_omega() {
    common::perft_variant("omega", include_str!("fixtures/perft-omega.txt"));
}

#[test]
fn perft_ordamirror() {
    common::perft_variant("ordamirror", include_str!("fixtures/perft-ordamirror.txt"));
}

#[test]
fn perft_pawns() {
    common::perft_variant("pawns", include_str!("fixtures/perft-pawns.txt"));
}

#[test]
fn perft_perfect() {
    common::perft_variant("perfect", include_str!("fixtures/perft-perfect.txt"));
}

#[test]
fn perft_queenpawns() {
    common::perft_variant("queenpawns", include_str!("fixtures/perft-queenpawns.txt"));
}

#[test]
fn perft_rookpawns() {
    common::perft_variant("rookpawns", include_str!("fixtures/perft-rookpawns.txt"));
}

#[test]
fn perft_shako() {
    common::perft_variant("shako", include_str!("fixtures/perft-shako.txt"));
}

#[test]
fn perft_shatranj() {
    common::perft_variant("shatranj", include_str!("fixtures/perft-shatranj.txt"));
}

#[test]
fn perft_spartan() {
    common::perft_variant("spartan", include_str!("fixtures/perft-spartan.txt"));
}

#[test]
fn perft_tencubed() {
    common::perft_variant("tencubed", include_str!("fixtures/perft-tencubed.txt"));
}

#[test]
fn perft_upsidedown() {
    common::perft_variant("upsidedown", include_str!("fixtures/perft-upsidedown.txt"));
}

#[test]
fn perft_vchess() {
    common::perft_variant("vchess", include_str!("fixtures/perft-vchess.txt"));
}

#[test]
fn perft_evolution() {
    common::perft_variant("evolution", include_str!("fixtures/perft-evolution.txt"));
}

/// Berolina's en-passant field names the passed square and the file the
/// pawn landed on (`g6,h`); it reads and writes back as vchess spells it,
/// and the capture straight forward onto g6 takes the pawn on h5 (counts
/// from the vchess oracle).
#[test]
fn berolina_en_passant_field() {
    use fenpress_rules::{fen, legal, registry, validate};
    let rules = registry::rules("berolina").unwrap();
    for text in [
        "4k3/8/8/6Pp/8/8/8/4K3 w 0 iiii g6,h",
        "rnbqkb1r/2ppp1pp/1p5n/6Np/1Pp2P2/1P2B3/PP2PPP1/R2QKBNR w 6 ahah g6,h",
    ] {
        let pos = validate::position_from_fen(rules, text).unwrap();
        assert_eq!(fen::vchess_fen(rules, &pos), text);
    }
    let mut pos =
        validate::position_from_fen(rules, "4k3/8/8/6Pp/8/8/8/4K3 w 0 iiii g6,h").unwrap();
    assert_eq!(legal::perft(rules, &mut pos, 1), 8);
    assert_eq!(legal::perft(rules, &mut pos, 3), 367);
}

#[test]
fn perft_wildebeest() {
    common::perft_variant("wildebeest", include_str!("fixtures/perft-wildebeest.txt"));
}
