//! Perft of the variants that change how chess is won, who is royal or
//! what a side must play (King of the Hill, Suicide, Racing Kings, ...):
//! each fixture's counts come from the vchess oracle (see its header).

mod common;

#[test]
fn perft_alapo() {
    common::perft_variant("Alapo", include_str!("fixtures/perft-alapo.txt"));
}

#[test]
fn perft_capture() {
    common::perft_variant("Capture", include_str!("fixtures/perft-capture.txt"));
}

#[test]
fn perft_discoduel() {
    common::perft_variant("Discoduel", include_str!("fixtures/perft-discoduel.txt"));
}

#[test]
fn perft_extinction() {
    common::perft_variant("Extinction", include_str!("fixtures/perft-extinction.txt"));
}

#[test]
fn perft_horde() {
    common::perft_variant("Horde", include_str!("fixtures/perft-horde.txt"));
}

#[test]
fn perft_kinglet() {
    common::perft_variant("Kinglet", include_str!("fixtures/perft-kinglet.txt"));
}

#[test]
fn perft_kingsmaker() {
    common::perft_variant("Kingsmaker", include_str!("fixtures/perft-kingsmaker.txt"));
}

#[test]
fn perft_knightmate1() {
    common::perft_variant(
        "Knightmate1",
        include_str!("fixtures/perft-knightmate1.txt"),
    );
}

#[test]
fn perft_knightmate2() {
    common::perft_variant(
        "Knightmate2",
        include_str!("fixtures/perft-knightmate2.txt"),
    );
}

#[test]
fn perft_koth() {
    common::perft_variant("Koth", include_str!("fixtures/perft-koth.txt"));
}

#[test]
fn perft_losers() {
    common::perft_variant("Losers", include_str!("fixtures/perft-losers.txt"));
}

#[test]
fn perft_pawnmassacre() {
    common::perft_variant(
        "Pawnmassacre",
        include_str!("fixtures/perft-pawnmassacre.txt"),
    );
}

#[test]
fn perft_pawnsking() {
    common::perft_variant("Pawnsking", include_str!("fixtures/perft-pawnsking.txt"));
}

#[test]
fn perft_racingkings() {
    common::perft_variant(
        "Racingkings",
        include_str!("fixtures/perft-racingkings.txt"),
    );
}

#[test]
fn perft_royalrace() {
    common::perft_variant("Royalrace", include_str!("fixtures/perft-royalrace.txt"));
}

#[test]
fn perft_rugby() {
    common::perft_variant("Rugby", include_str!("fixtures/perft-rugby.txt"));
}

#[test]
fn perft_squatter1() {
    common::perft_variant("Squatter1", include_str!("fixtures/perft-squatter1.txt"));
}

#[test]
fn perft_squatter2() {
    common::perft_variant("Squatter2", include_str!("fixtures/perft-squatter2.txt"));
}

#[test]
fn perft_suicide() {
    common::perft_variant("Suicide", include_str!("fixtures/perft-suicide.txt"));
}

#[test]
fn perft_threechecks() {
    common::perft_variant(
        "Threechecks",
        include_str!("fixtures/perft-threechecks.txt"),
    );
}

#[test]
fn perft_coregal() {
    common::perft_variant("Coregal", include_str!("fixtures/perft-coregal.txt"));
}

#[test]
fn perft_twokings() {
    common::perft_variant("Twokings", include_str!("fixtures/perft-twokings.txt"));
}

#[test]
fn perft_cwda() {
    common::perft_variant("Cwda", include_str!("fixtures/perft-cwda.txt"));
}
