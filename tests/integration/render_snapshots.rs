//! SVG output, compared with committed snapshots in `tests/snapshots/`.
//! `UPDATE_SNAPSHOTS=1 cargo test --test integration render_snapshots::` rewrites them.

use fenpress_rules::registry::BUILTIN;
use std::path::Path;

use fenpress::diagram::pieces::PieceSet;
use fenpress::diagram::spec::parse_compact;
use fenpress::diagram::svg::draw_standalone;

fn check(name: &str, variant: &str, text: &str) {
    let spec = parse_compact(text).expect("spec parses");
    let svg = draw_standalone(&BUILTIN, variant, &spec, PieceSet::default_set(), true).svg + "\n";
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.svg"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() || !path.exists() {
        std::fs::write(&path, &svg).expect("writing the snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).expect("reading the snapshot");
    assert!(
        expected == svg,
        "{name}: the SVG differs from {}; rerun with UPDATE_SNAPSHOTS=1 if the change is meant\n--- got\n{svg}",
        path.display()
    );
}

#[test]
fn chess_with_marks() {
    check(
        "chess_marks",
        "Chess",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R e5,d4,b5",
    );
}

#[test]
fn orda_from_black_with_shadow() {
    check(
        "orda_black_shadow",
        "Orda",
        "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR - b 8,c,b4-d2",
    );
}

#[test]
fn pacosako_unions() {
    check("pacosako_unions", "Pacosako", "4k3/8/2q5/8/4O3/2w2B2/8/5K2");
}

#[test]
fn otage_hostages() {
    // d5: Black's rook holds White's pawn (`cb`); c3: White's knight holds
    // Black's bishop (`sw`); e2: Black's queen holds White's king (`za`).
    check("otage_hostages", "Otage", "4k3/8/8/3cb4/8/2sw5/4za3/8");
}

#[test]
fn apocalypse_small_board() {
    check("apocalypse", "Apocalypse", "nppnp/p3p/5/P3P/PNPPN c3");
}

#[test]
fn xiangqi_on_points_from_black() {
    // Points, river and palaces, seen from Black with marks on points.
    check(
        "xiangqi_black",
        "Xiangqi",
        "rneakaenr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNEAKAENR e3,e4 b",
    );
}

#[test]
fn minishogi_ruled() {
    check("minishogi", "Minishogi", "rbsgk/4p/5/P4/KGSBR c3");
}

#[test]
fn konane_pits() {
    // Stones in the pits of a wooden board, marks on empty pits (the
    // page's "available captures from g8").
    check(
        "konane",
        "Konane",
        "PpPpPpPp/pPpPpPpP/PpPpP2p/pPpPp1pP/PpP1Pp1p/pPpPpP1P/PpPpPpPp/pPpPpPpP g4,g6",
    );
}

#[test]
fn avalam1_towers_on_an_irregular_board() {
    // Towers by top colour and height; the holes leave the board's shape.
    check(
        "avalam1",
        "Avalam1",
        "xxBbxxxxx/xBbBbxxxx/xbBbBbBxx/xBbBbBbBb/BbBb1bBbB/bBbBbBbBx/xxBbBbBbx/xxxxbCbBx/xxxxxbExx",
    );
}

#[test]
fn fanorona_points_and_lines() {
    // Stones on the points of the lines board, its diagonals from every
    // other point; the page's capture g4g3 marked.
    check(
        "fanorona",
        "Fanorona",
        "pppp1p1pp/pppppPppp/pP1PPp1pP/PPPpPPPPP/PPPP1PPPP g4,g3",
    );
}

#[test]
fn hamilton_holes() {
    // Holes where the knight has been, not lettered discs.
    check(
        "hamilton",
        "Hamilton",
        "3xx2x/1x1xNxx1/2xxxxxx/xxxxxx2/2xxxxx1/x1xxxx2/1xxxxx2/1x2xx2 g8,c8",
    );
}

#[test]
fn atarigo_go_board() {
    // Stones on the points of a 12×12 grid with its star points; marks on
    // an empty point and on a stone (the page's first diagram).
    check(
        "atarigo",
        "Atarigo",
        "93/93/93/2PPP2p4/4P2p4/3PP2p4/3P2ppp3/2PP2p1p3/2P5pp2/93/93/93 d7,h6",
    );
}
