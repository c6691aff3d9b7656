//! Atomic's own rules: explosions, kings that cannot capture, touching
//! kings, the explosion that wins and the one that is suicide. Move lists
//! are the vchess oracle's.

use fenpress_rules::notation::coordinate;
use fenpress_rules::validate::position_from_fen;
use fenpress_rules::{fen, legal, registry, MoveList, Outcome, Rules};

fn atomic() -> &'static dyn Rules {
    registry::rules("atomic").unwrap()
}

fn moves_of(fen: &str) -> Vec<String> {
    let mut pos = position_from_fen(atomic(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut list = MoveList::new();
    legal::legal_moves(atomic(), &mut pos, &mut list);
    let mut v: Vec<String> = list.iter().map(|m| coordinate(atomic(), m)).collect();
    v.sort();
    v
}

#[test]
fn page_diagram_rook_takes_f5_would_explode_its_own_king() {
    // rules/Atomic: "1.Rxf5 is impossible"; Nxb7 explodes b7's neighbours.
    let fen = "rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w 10 iiii -";
    let m = moves_of(fen);
    assert_eq!(
        m.join(" "),
        "a2a3 a2a4 a5b3 a5b7 a5c4 a5c6 b2b3 b2b4 d4d5 f1a1 f1b1 f1c1 f1d1 f1e1 f1f2 \
         f1f3 f1f4 f1g1 f1h1 g2g3 g5f4 g5h4 g5h5 h2h3 h2h4"
    );
    let mut pos = position_from_fen(atomic(), fen).unwrap();
    let mut list = MoveList::new();
    legal::legal_moves(atomic(), &mut pos, &mut list);
    let nxb7 = list
        .iter()
        .find(|m| coordinate(atomic(), m) == "a5b7")
        .unwrap();
    atomic().play(&mut pos, nxb7);
    assert_eq!(
        fen::board_fen(atomic(), &pos),
        "8/p5pp/2p5/5pK1/3P2k1/8/PP4PP/5R2"
    );
}

#[test]
fn king_cannot_capture() {
    assert_eq!(
        moves_of("4k3/8/8/8/8/8/3p4/4K3 w 10 iiii -"),
        vec!["e1d1", "e1e2", "e1f1", "e1f2"]
    );
}

#[test]
fn touching_kings_are_immune_to_checks() {
    // The rook's file is no check while the kings touch.
    assert_eq!(
        moves_of("8/8/8/3k4/4K3/8/8/7r w 10 iiii -"),
        vec!["e4d3", "e4d4", "e4e3", "e4e5", "e4f3", "e4f4", "e4f5"]
    );
}

#[test]
fn exploding_the_king_wins_even_out_of_check() {
    // White is in check from the rook, but Bxd7 explodes the black king.
    let fen = "4k3/3p4/8/1B6/8/8/8/r3K3 w 10 iiii -";
    let m = moves_of(fen);
    assert!(m.contains(&"b5d7".to_string()), "{m:?}");
    let mut pos = position_from_fen(atomic(), fen).unwrap();
    let mut list = MoveList::new();
    legal::legal_moves(atomic(), &mut pos, &mut list);
    let bxd7 = *list
        .iter()
        .find(|m| coordinate(atomic(), m) == "b5d7")
        .unwrap();
    atomic().play(&mut pos, &bxd7);
    assert_eq!(
        legal::outcome(atomic(), &mut pos),
        Some(Outcome::VariantWin {
            winner: fenpress_rules::Color::White,
            reason: "explosion"
        })
    );
}

#[test]
fn capture_promotion_is_one_move() {
    // Every promotion choice explodes alike: one move (vchess keeps `=Q`).
    let m = moves_of("1r2k3/P7/8/8/8/8/8/4K3 w 10 iiii -");
    let a7: Vec<&String> = m.iter().filter(|s| s.starts_with("a7")).collect();
    assert_eq!(a7, vec!["a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7b8q"]);
}

#[test]
fn balanced_start_removes_a_pawn_then_black_plays() {
    // "any pawn (any color)": 16 choices (vchess offers White's 8 only,
    // deviation atomic-balanced-any-pawn); then Black plays: 8 x 20 replies
    // after a White pawn goes, more after a Black one.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - B";
    let m = moves_of(fen);
    assert_eq!(m.len(), 16, "{m:?}");
    let mut pos = position_from_fen(atomic(), fen).unwrap();
    assert_eq!(fen::vchess_fen(atomic(), &pos), fen);
    assert_eq!(legal::perft(atomic(), &mut pos, 2), 348);
}

#[test]
fn explain_says_the_explosion_would_take_its_own_king() {
    let fen = "rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w 10 iiii -";
    let pos = position_from_fen(atomic(), fen).unwrap();
    let g = atomic().geometry();
    let sq = |n: &str| g.parse_square(n).unwrap();
    assert_eq!(
        fenpress_rules::explain::why_not(atomic(), &pos, sq("f1"), sq("f5")).as_deref(),
        Some("the rook cannot take on f5: the explosion would take its own king")
    );
    assert_eq!(
        fenpress_rules::explain::why_not(atomic(), &pos, sq("a5"), sq("b7")),
        None
    );
}

#[test]
fn an_exploded_king_takes_its_castling_rights_along() {
    // Bxf7 explodes the king on e8: Black's flags go, its h8 rook stays
    // (vchess writes `iiii` too).
    let fen = "r3k2r/5p2/8/8/8/1B6/8/4K3 w 10 iiah -";
    let mut pos = position_from_fen(atomic(), fen).unwrap();
    let mut list = MoveList::new();
    legal::legal_moves(atomic(), &mut pos, &mut list);
    let bxf7 = list
        .iter()
        .find(|m| coordinate(atomic(), m) == "b3f7")
        .unwrap();
    atomic().play(&mut pos, bxf7);
    let after = fen::vchess_fen(atomic(), &pos);
    assert!(
        after.starts_with("r6r/8/8/8/8/8/8/4K3 b 11 iiii"),
        "{after}"
    );
}
