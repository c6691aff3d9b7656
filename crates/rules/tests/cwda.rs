//! Cwda (crates/rules/variants/Cwda.yaml): perft from the fixture is in
//! perft.rs; here the page's piece moves, every army's en passant and the
//! armies field.

use fenpress_rules::{fen, legal, registry, validate, MoveList, Rules};

fn cwda() -> &'static dyn Rules {
    registry::rules("Cwda").expect("Cwda has rules")
}

/// Each pair is read from its field and written back; a White pawn on its
/// seventh rank may become an officer of either army in play.
#[test]
fn every_pair_reads_writes_and_promotes_to_both_armies() {
    let armies = [
        ('C', 'm', 'z', "dwfc"),
        ('N', 'e', 'v', "gitl"),
        ('R', 'a', 'u', "syho"),
        ('F', 'k', 'p', "rnbq"),
    ];
    for (w, wk, wp, w_officers) in armies {
        for (b, bk, _, b_officers) in armies {
            let fen = format!(
                "{bk}7/4{}3/8/8/8/8/8/7{} w 1 iiii - {w}{b}",
                wp.to_ascii_uppercase(),
                wk.to_ascii_uppercase()
            );
            let mut pos = validate::position_from_fen(cwda(), &fen).expect("valid");
            assert_eq!(fen::vchess_fen(cwda(), &pos), fen);
            let mut moves = MoveList::new();
            legal::legal_moves(cwda(), &mut pos, &mut moves);
            let mut promoted: Vec<char> = moves
                .iter()
                .filter_map(|m| m.intent.promotion.map(|k| k.char()))
                .collect();
            promoted.sort();
            let mut want: Vec<char> = w_officers.chars().collect();
            if w != b {
                want.extend(b_officers.chars());
            }
            want.sort();
            assert_eq!(promoted, want, "{fen}");
        }
    }
    assert!(cwda().start_fen().ends_with(" CC"));
}

#[test]
fn en_passant_after_any_army_pawn_is_read() {
    let cwda = cwda();
    let fen = "e7/8/8/8/3vZ3/8/8/7M b 1 iiii e3 CN";
    let pos = validate::position_from_fen(cwda, fen).expect("valid");
    assert_eq!(fen::vchess_fen(cwda, &pos), fen);
    let fen = "e7/8/8/3vZ3/8/8/8/7M w 1 iiii d6 CN";
    assert!(validate::position_from_fen(cwda, fen).is_ok());
    assert!(validate::position_from_fen(cwda, "e7/8/8/8/3v4/8/8/7M b 1 iiii e3 CN").is_err());
}

#[test]
fn armies_field_reads_two_known_letters() {
    let board = "e7/8/8/8/8/8/8/7M w 1 iiii -";
    for armies in ["CN", "FF"] {
        let fen = format!("{board} {armies}");
        let pos = validate::position_from_fen(cwda(), &fen).expect("valid");
        assert_eq!(fen::vchess_fen(cwda(), &pos), fen);
    }
    for armies in ["CX", "CNR"] {
        let fen = format!("{board} {armies}");
        assert!(validate::position_from_fen(cwda(), &fen).is_err(), "{fen}");
    }
}

/// The squares the lone piece of a page diagram reaches (kings added in
/// a corner each, out of its way; the armies read from the pieces).
fn targets(board: &str) -> Vec<String> {
    let cwda = cwda();
    let mut pos = validate::position_from_fen(cwda, board).expect("valid");
    let mut moves = MoveList::new();
    legal::legal_moves(cwda, &mut pos, &mut moves);
    let g = cwda.geometry();
    let royal = cwda.royal_kinds();
    let mut out: Vec<String> = moves
        .iter()
        .filter(|m| !royal.contains(m.intent.piece.kind))
        .map(|m| g.square_name(m.intent.to))
        .collect();
    out.sort();
    out
}

fn sorted(squares: &str) -> Vec<String> {
    let mut v: Vec<String> = squares.split(',').map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn pieces_move_as_the_page_draws_them() {
    let cases = [
        ("k7/8/8/4w3/8/8/8/7K b", "e6,f5,e4,d5,c7,g7,g3,c3"),
        (
            "k7/8/8/3F4/8/8/8/7K w",
            "b7,c6,b5,f5,d3,d7,b3,c4,e4,f3,e6,f7",
        ),
        (
            "k7/8/8/8/3G4/8/8/7K w",
            "d5,d6,d7,d8,c4,b4,a4,e4,f4,g4,h4,c3,d3,e3",
        ),
        ("K7/8/8/8/4i3/8/8/7k b", "d6,d2,f6,f2,d3,d5,f5,f3"),
        ("k7/8/8/8/3T4/8/8/7K w", "b5,c6,e6,f5,c4,e4,c3,d3,e3"),
        (
            "k7/8/8/8/4L3/8/8/7K w",
            "e5,e6,e7,e8,d4,c4,b4,a4,f4,g4,h4,d6,c5,f6,g5,d5,f5,d3,e3,f3",
        ),
        ("K7/8/8/3y4/8/8/8/7k b", "d3,b5,d7,f5,c5,d6,e5,d4"),
        (
            "k7/8/8/4H3/8/8/8/7K w",
            "c5,e7,g5,e3,b5,e8,h5,e2,d4,d6,f6,f4",
        ),
    ];
    for (board, squares) in cases {
        assert_eq!(targets(board), sorted(squares), "{board}");
    }
}

#[test]
fn black_charging_rook_charges_down_the_board() {
    assert_eq!(
        targets("K7/8/8/8/3g4/8/8/7k b"),
        sorted("d3,d2,d1,c4,b4,a4,e4,f4,g4,h4,c5,d5,e5")
    );
}
