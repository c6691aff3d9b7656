//! Perft of the borrowed family (Madrasi, Isardam, Checkless, Antiking...)
//! against counts taken from the vchess oracle (fixtures/perft-<variant>.txt).

mod common;

macro_rules! perft_tests {
    ($($test:ident => $variant:literal, $file:literal;)*) => {
        $(
            #[test]
            fn $test() {
                common::perft_variant($variant, include_str!(concat!("fixtures/perft-", $file, ".txt")));
            }
        )*
    };
}

perft_tests! {
    perft_madrasi => "Madrasi", "madrasi";
    perft_isardam => "Isardam", "isardam";
    perft_checkless => "Checkless", "checkless";
    perft_antiking1 => "Antiking1", "antiking1";
    perft_antiking2 => "Antiking2", "antiking2";
    perft_knightrelay1 => "Knightrelay1", "knightrelay1";
    perft_knightrelay2 => "Knightrelay2", "knightrelay2";
    perft_copycat => "Copycat", "copycat";
    perft_relayup => "Relayup", "relayup";
    perft_rampage => "Rampage", "rampage";
    perft_switching => "Switching", "switching";
    perft_iceage => "Iceage", "iceage";
    perft_teleport1 => "Teleport1", "teleport1";
    perft_teleport2 => "Teleport2", "teleport2";
    perft_joker => "Joker", "joker";
    perft_hypnotic => "Hypnotic", "hypnotic";
    perft_mesmer => "Mesmer", "mesmer";
    perft_wormhole1 => "Wormhole1", "wormhole1";
    perft_wormhole2 => "Wormhole2", "wormhole2";
    perft_magnetic => "Magnetic", "magnetic";
    perft_fullcavalry => "Fullcavalry", "fullcavalry";
    perft_eightpieces => "Eightpieces", "eightpieces";
    perft_rollerball => "Rollerball", "rollerball";
}
