//! Diagrams rasterised with resvg, checked pixel by pixel: marks on exactly
//! the marked squares, orientation, holes, unions, shadows.

use fenpress::diagram::pieces::PieceSet;
use fenpress::diagram::raster::pixmap;
use fenpress::diagram::spec::parse_compact;
use fenpress::diagram::svg::{draw_standalone, SQ};
use fenpress_rules::registry::BUILTIN;
use resvg::tiny_skia::Pixmap;

/// Pixels per SVG unit; a raster board has a 1-unit edge all round.
const K: u32 = 4;

fn render(variant: &str, text: &str, cols: u32) -> Pixmap {
    let spec = parse_compact(text).expect("spec parses");
    let drawing = draw_standalone(&BUILTIN, variant, &spec, PieceSet::default_set(), false);
    assert!(drawing.malformed.is_none(), "{:?}", drawing.malformed);
    pixmap(&drawing.svg, (cols * SQ as u32 + 2) * K).expect("rasterises")
}

/// RGBA of the pixel at (dx, dy) units from the top-left of the drawn cell
/// (col, row from the top-left of the picture).
fn at(p: &Pixmap, col: u32, row: u32, dx: f32, dy: f32) -> [u8; 4] {
    let x = ((1.0 + (col * SQ as u32) as f32 + dx) * K as f32) as u32;
    let y = ((1.0 + (row * SQ as u32) as f32 + dy) * K as f32) as u32;
    let c = p.pixel(x, y).expect("inside the picture").demultiply();
    [c.red(), c.green(), c.blue(), c.alpha()]
}

/// The mark's navy (#0b3d91), anti-aliasing allowed.
fn is_mark_blue(c: [u8; 4]) -> bool {
    c[2] > 110 && u16::from(c[2]) > u16::from(c[0]) + 80 && c[1] < 110 && c[3] > 200
}

fn luminance(c: [u8; 4]) -> u32 {
    (u32::from(c[0]) * 3 + u32::from(c[1]) * 6 + u32::from(c[2])) / 10
}

#[test]
fn a_mark_shows_on_exactly_the_marked_squares() {
    // Dots on empty light and dark squares, a ring around a piece.
    let p = render("Chess", "8/8/8/8/8/8/8/K7 a1,b2,c2,h8,d5", 8);
    let marked = ["a1", "b2", "c2", "h8", "d5"];
    for row in 0..8 {
        for col in 0..8 {
            let name = format!("{}{}", (b'a' + col as u8) as char, 8 - row);
            let is_marked = marked.contains(&name.as_str());
            if name == "a1" {
                // The ring: on its circle, left of the king.
                assert!(is_mark_blue(at(&p, col, row, 5.0 - 4.3, 5.0)), "ring on a1");
                continue;
            }
            assert_eq!(
                is_mark_blue(at(&p, col, row, 5.0, 5.0)),
                is_marked,
                "square {name}"
            );
        }
    }
}

#[test]
fn orientation_b_puts_a1_top_right() {
    let plain = |c: [u8; 4]| {
        let light = [0xf0, 0xd9, 0xb5];
        let dark = [0xb5, 0x88, 0x63];
        let near = |t: [u8; 3]| (0..3).all(|i| c[i].abs_diff(t[i]) < 8);
        near(light) || near(dark)
    };
    let ink = |p: &Pixmap, col: u32, row: u32| {
        (1..10)
            .flat_map(|y| (1..10).map(move |x| (x, y)))
            .filter(|&(x, y)| !plain(at(p, col, row, x as f32, y as f32)))
            .count()
    };
    let black_view = render("Chess", "8/8/8/8/8/8/8/K7 - b", 8);
    assert!(ink(&black_view, 7, 0) > 10, "the king is top right");
    assert_eq!(ink(&black_view, 0, 7), 0, "bottom left is empty");
    let white_view = render("Chess", "8/8/8/8/8/8/8/K7", 8);
    assert!(ink(&white_view, 0, 7) > 10, "from White, a1 is bottom left");
    assert_eq!(ink(&white_view, 7, 0), 0);
}

#[test]
fn a_hole_is_transparent() {
    let omega = "wxxxxxxxxxxw/xcrnbqkbnrcx/xppppppppppx/x91x/x91x/x91x/x91x/x91x/x91x/xPPPPPPPPPPx/xCRNBQKBNRCx/WxxxxxxxxxxW";
    let p = render("Omega", omega, 12);
    assert_eq!(at(&p, 1, 0, 5.0, 5.0)[3], 0, "b12 is a hole");
    assert_eq!(at(&p, 0, 5, 5.0, 5.0)[3], 0, "a7 is a hole");
    assert_eq!(at(&p, 5, 5, 5.0, 5.0)[3], 255, "f7 is a square");
}

#[test]
fn a_union_shows_both_colours_white_on_the_left() {
    // `C`: white pawn with black rook, on d4 (a light square? no: dark).
    let p = render("Pacosako", "8/8/8/8/3C4/8/8/8", 8);
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for y in 0..40 {
        for x in 0..40 {
            let c = at(&p, 3, 4, x as f32 / 4.0, y as f32 / 4.0);
            if c[3] < 200 {
                continue;
            }
            if c[0] > 235 && c[1] > 235 && c[2] > 235 {
                white.push(x);
            } else if c[0] < 50 && c[1] < 50 && c[2] < 50 {
                black.push(x);
            }
        }
    }
    assert!(
        white.len() > 20 && black.len() > 20,
        "{} {}",
        white.len(),
        black.len()
    );
    let mean = |v: &[i32]| v.iter().sum::<i32>() as f32 / v.len() as f32;
    assert!(mean(&white) < mean(&black), "white's piece on the left");
}

#[test]
fn shadowed_squares_are_darker() {
    let p = render("Chess", "8/8/8/8/8/8/8/8 - w e4,7,b6-d6", 8);
    let light_plain = luminance(at(&p, 2, 4, 5.0, 5.0)); // c4
    let light_shaded = luminance(at(&p, 4, 4, 5.0, 5.0)); // e4
    assert!(
        light_shaded * 10 < light_plain * 6,
        "{light_shaded} vs {light_plain}"
    );
    for col in 0..8 {
        let rank7 = luminance(at(&p, col, 1, 5.0, 5.0));
        let rank8 = luminance(at(&p, col, 0, 5.0, 5.0));
        // Rank 7 shaded, rank 8 not: a7 (light) vs a8 (dark) and so on.
        assert!(rank7 < 120, "rank 7 file {col}: {rank7} vs {rank8}");
    }
    assert!(luminance(at(&p, 2, 2, 5.0, 5.0)) < 120, "c6 in b6-d6");
    assert!(luminance(at(&p, 4, 2, 5.0, 5.0)) > 120, "e6 is not");
}

/// The arrow's dark red (#7f1d12), anti-aliasing allowed.
fn is_arrow_orange(c: [u8; 4]) -> bool {
    (95..170).contains(&c[0]) && c[1] < 70 && c[2] < 60 && c[3] > 200
}

fn render_with_arrows(text: &str, arrows: &[&str]) -> Pixmap {
    let mut spec = parse_compact(text).expect("spec parses");
    spec.arrows = arrows
        .iter()
        .map(|a| fenpress::diagram::spec::Arrow::parse(a).expect("an arrow"))
        .collect();
    let drawing = draw_standalone(&BUILTIN, "Chess", &spec, PieceSet::default_set(), false);
    assert!(
        drawing.svg.contains("class=\"fp-arrow\""),
        "{}",
        drawing.svg
    );
    pixmap(&drawing.svg, (8 * SQ as u32 + 2) * K).expect("rasterises")
}

#[test]
fn a_straight_arrow_runs_between_the_square_centres_with_a_halo() {
    let p = render_with_arrows("8/8/8/8/8/8/8/8", &["e2e4"]);
    // e2 (col 4, row 6) to e4 (row 4): the shaft crosses e3 (row 5).
    assert!(is_arrow_orange(at(&p, 4, 5, 5.0, 5.0)), "shaft on e3");
    assert!(
        is_arrow_orange(at(&p, 4, 4, 5.0, 7.0)),
        "head below e4's centre"
    );
    assert!(!is_arrow_orange(at(&p, 3, 5, 5.0, 5.0)), "nothing on d3");
    assert!(!is_arrow_orange(at(&p, 4, 3, 5.0, 5.0)), "nothing past e4");
    // e3 is a dark square: the light halo beside the shaft keeps it readable.
    let halo = at(&p, 4, 5, 5.0 + 1.15, 5.0);
    assert!(luminance(halo) > 200, "halo beside the shaft: {halo:?}");
}

#[test]
fn a_knights_arrow_turns_a_corner() {
    let p = render_with_arrows("8/8/8/8/8/8/8/8", &["g1f3"]);
    // g1 (col 6, row 7) to f3 (col 5, row 5): up the file first, then left.
    assert!(is_arrow_orange(at(&p, 6, 6, 5.0, 5.0)), "first leg on g2");
    assert!(is_arrow_orange(at(&p, 6, 5, 5.0, 5.0)), "the corner on g3");
    assert!(
        is_arrow_orange(at(&p, 5, 5, 7.0, 5.0)),
        "head right of f3's centre"
    );
    assert!(
        !is_arrow_orange(at(&p, 5, 6, 5.0, 5.0)),
        "no diagonal through f2"
    );
}

/// A Markdown diagram block with a hand, drawn standalone and rasterised
/// at `K` pixels per unit; `cols` is the picture's width in cells.
fn render_block(variant: &str, yaml: &str, cols: u32) -> (Pixmap, String) {
    let spec = fenpress::diagram::spec::parse_block(yaml).expect("block parses");
    let drawing = draw_standalone(
        &BUILTIN,
        variant,
        &spec.board,
        PieceSet::default_set(),
        false,
    );
    assert!(drawing.malformed.is_none(), "{:?}", drawing.malformed);
    let p = pixmap(&drawing.svg, (cols * SQ as u32 + 2) * K).expect("rasterises");
    (p, drawing.svg)
}

/// RGBA at (x, y) in SVG units from the picture's top-left corner.
fn unit(p: &Pixmap, x: f32, y: f32) -> [u8; 4] {
    let c = p
        .pixel((x * K as f32) as u32, (y * K as f32) as u32)
        .expect("inside the picture")
        .demultiply();
    [c.red(), c.green(), c.blue(), c.alpha()]
}

/// Dark ink (a piece's outline, a count's digits) in a box of units.
fn ink_in(p: &Pixmap, (x0, y0): (f32, f32), (w, h): (f32, f32)) -> usize {
    let steps = |len: f32| (0..(len * K as f32) as u32).map(|i| i as f32 / K as f32);
    steps(w)
        .flat_map(|dx| steps(h).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| {
            let c = unit(p, x0 + dx, y0 + dy);
            c[3] > 200 && luminance(c) < 80
        })
        .count()
}

/// The pixels of a count's corner (bottom right of a hand cell) that are
/// dark, as a set: two counts drawn differently give different sets.
fn count_pixels(p: &Pixmap, cell_x: f32, cell_y: f32) -> Vec<(u32, u32)> {
    let (x0, y0) = (cell_x + 6.0, cell_y + 5.5);
    let mut out = Vec::new();
    for i in 0..(4 * K) {
        for j in 0..(4 * K) {
            let c = unit(p, x0 + i as f32 / K as f32, y0 + j as f32 / K as f32);
            if c[3] > 200 && luminance(c) < 80 {
                out.push((i, j));
            }
        }
    }
    out
}

/// The hand rows' tint (`#e4e0d8`).
fn is_hand_tint(c: [u8; 4]) -> bool {
    [0xe4u8, 0xe0, 0xd8]
        .iter()
        .zip(c)
        .all(|(t, v)| t.abs_diff(v) < 6)
        && c[3] > 200
}

#[test]
fn a_crazyhouse_hand_is_drawn_above_and_below_the_board_with_counts() {
    // White holds a queen and two knights, Black one pawn.
    let yaml = "fen: r1bqkbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKBNR[QNNp] w KQkq - 0 1\n";
    let (p, svg) = render_block("Crazyhouse", yaml, 8);
    assert!(
        svg.contains("White&#39;s hand: 1 queen, 2 knight; Black&#39;s hand: 1 pawn"),
        "{svg}"
    );
    // Rows: Black's hand at y 1..11, the board from y 13 (8 ranks), White's
    // hand in the last 10 units above the 1-unit edge.
    let height = 13.0 + 80.0 + 1.0 + 12.0;
    let (black_y, white_y) = (1.0, height - 11.0);
    assert_eq!(p.height(), (height * K as f32) as u32);
    assert!(is_hand_tint(unit(&p, 1.5, black_y + 0.5)), "Black's row");
    assert!(
        is_hand_tint(unit(&p, 11.5, white_y + 0.5)),
        "White's second cell"
    );
    assert!(
        !is_hand_tint(unit(&p, 11.5, black_y + 0.5)),
        "Black holds one kind only"
    );
    assert!(
        !is_hand_tint(unit(&p, 21.5, white_y + 0.5)),
        "White holds two"
    );
    // A piece in each held cell, on the board's top-left square a rook.
    for (x, y) in [(1.0, black_y), (1.0, white_y), (11.0, white_y)] {
        assert!(
            ink_in(&p, (x + 1.0, y + 1.0), (5.0, 4.0)) > 10,
            "piece at {x},{y}"
        );
    }
    assert!(ink_in(&p, (2.0, 14.0), (8.0, 8.0)) > 10, "rook on a8");
    // Counts: ink in each cell's corner, a 2 unlike a 1.
    let queen = count_pixels(&p, 1.0, white_y);
    let knights = count_pixels(&p, 11.0, white_y);
    let pawn = count_pixels(&p, 1.0, black_y);
    assert!(queen.len() > 8 && knights.len() > 8 && pawn.len() > 8);
    assert_ne!(queen, knights, "1 and 2 are drawn differently");
}

#[test]
fn a_shogi_hand_from_the_vchess_reserve_field_is_drawn() {
    // vchess's shogi FEN: board, side, moves, then 14 reserve digits (White
    // pawn, rook, bishop, gold, silver, knight, lance; then Black's).
    let start = fenpress_rules::registry::rules("Shogi")
        .expect("shogi")
        .start_fen();
    let fields: Vec<&str> = start.split(' ').collect();
    assert_eq!(fields.last().map(|f| f.len()), Some(14), "{start}");
    let yaml = format!(
        "fen: {} {} {} 20000000000100\n",
        fields[0], fields[1], fields[2]
    );
    let (p, svg) = render_block("Shogi", &yaml, 9);
    assert!(svg.contains("White&#39;s hand: 2 "), "{svg}");
    let height = 13.0 + 90.0 + 1.0 + 12.0;
    let white_y = height - 11.0;
    assert!(is_hand_tint(unit(&p, 1.5, white_y + 0.5)), "White's pawns");
    assert!(!is_hand_tint(unit(&p, 11.5, white_y + 0.5)), "one kind");
    assert!(is_hand_tint(unit(&p, 1.5, 1.5)), "Black's silver");
    assert!(count_pixels(&p, 1.0, white_y).len() > 8, "White's count");
    // The bracket form draws the same hands.
    let bracket = format!("fen: {}[PPs] {} - - 0 1\n", fields[0], fields[1]);
    let (q, svg_q) = render_block("Shogi", &bracket, 9);
    let title = |s: &str| s[s.find("<title>").unwrap()..s.find("</title>").unwrap()].to_string();
    assert_eq!(title(&svg), title(&svg_q));
    assert_eq!(
        count_pixels(&p, 1.0, white_y),
        count_pixels(&q, 1.0, white_y)
    );
    assert_eq!(count_pixels(&p, 1.0, 1.0), count_pixels(&q, 1.0, 1.0));
}

/// The shogi pieces' wood (`#f0c97e`).
fn is_wood(c: [u8; 4]) -> bool {
    [0xf0u8, 0xc9, 0x7e]
        .iter()
        .zip(c)
        .all(|(t, v)| t.abs_diff(v) < 12)
        && c[3] > 200
}

/// Red ink: a promoted shogi piece's character, Red's xiangqi pieces.
fn is_red(c: [u8; 4]) -> bool {
    c[0] > 150 && c[1] < 90 && c[2] < 90 && c[3] > 200
}

/// Blue ink: Cho's janggi pieces.
fn is_blue(c: [u8; 4]) -> bool {
    c[2] > 110 && u16::from(c[2]) > u16::from(c[0]) + 60 && c[3] > 200
}

/// How many sampled pixels of a cell (col, row from the top left) pass.
fn count_in_cell(p: &Pixmap, col: u32, row: u32, test: fn([u8; 4]) -> bool) -> usize {
    let steps = (0..10 * K).map(|i| i as f32 / K as f32);
    steps
        .clone()
        .flat_map(|dx| steps.clone().map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| test(at(p, col, row, dx, dy)))
        .count()
}

/// Whether the piece in a cell is a wedge pointing up: wood by its base's
/// corners, none by its top's (where a wedge's shoulders are cut away);
/// pointing down is the same upside down. A disc has neither.
fn wedge_points(p: &Pixmap, col: u32, row: u32) -> Option<&'static str> {
    let wood = |dx: f32, dy: f32| is_wood(at(p, col, row, dx, dy));
    let top = wood(2.6, 1.4) || wood(7.4, 1.4);
    let bottom = wood(2.6, 8.4) && wood(7.4, 8.4);
    let top_base = wood(2.6, 1.6) && wood(7.4, 1.6);
    let bottom_cut = wood(2.6, 8.6) || wood(7.4, 8.6);
    match (top, bottom, top_base, bottom_cut) {
        (false, true, false, _) => Some("up"),
        (_, false, true, false) => Some("down"),
        _ => None,
    }
}

#[test]
fn shogi_pieces_are_wedges_pointing_at_the_opponent() {
    // King and pawn of each side; the bottom side's point up.
    let p = render("Shogi", "9/9/9/9/4k4/9/9/p8/4K3P", 9);
    assert_eq!(wedge_points(&p, 4, 8), Some("up"), "White's king, e1");
    assert_eq!(wedge_points(&p, 8, 8), Some("up"), "White's pawn, i1");
    assert_eq!(wedge_points(&p, 4, 4), Some("down"), "Black's king, e5");
    assert_eq!(wedge_points(&p, 0, 7), Some("down"), "Black's pawn, a2");
    // Seen from Black, the board turns and so do the pieces.
    let turned = render("Shogi", "9/9/9/9/4k4/9/9/p8/4K3P - b", 9);
    assert_eq!(wedge_points(&turned, 4, 0), Some("down"), "White's king");
    assert_eq!(wedge_points(&turned, 4, 4), Some("up"), "Black's king");
    // Sized by rank: the king is bigger than a pawn.
    let king = count_in_cell(&p, 4, 8, is_wood);
    let pawn = count_in_cell(&p, 8, 8, is_wood);
    assert!(king > pawn * 11 / 10, "king {king}, pawn {pawn}");
    // Minishogi draws the same pieces.
    let mini = render("Minishogi", "5/5/5/5/2K2", 5);
    assert_eq!(wedge_points(&mini, 2, 4), Some("up"));
}

#[test]
fn a_promoted_shogi_piece_has_a_red_character_an_unpromoted_one_a_black() {
    // A tokin (vchess `q`) and a dragon (`d`) against a pawn and a rook.
    let p = render("Shogi", "9/9/9/9/9/9/9/9/QdPr5", 9);
    let red = |col| count_in_cell(&p, col, 8, is_red);
    let dark = |col| {
        count_in_cell(&p, col, 8, |c| {
            c[3] > 200 && luminance(c) < 60 && c[0].abs_diff(c[2]) < 30
        })
    };
    assert!(
        red(0) > 15 && red(1) > 40,
        "tokin {}, dragon {}",
        red(0),
        red(1)
    );
    assert!(
        dark(0) < 5 && dark(1) < 5,
        "no black ink on promoted pieces"
    );
    assert_eq!(red(2) + red(3), 0, "pawn and rook have no red");
    assert!(
        dark(2) > 15 && dark(3) > 40,
        "pawn {}, rook {}",
        dark(2),
        dark(3)
    );
}

#[test]
fn xiangqi_generals_are_red_and_black_discs() {
    let p = render("Xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4", 9);
    let red = count_in_cell(&p, 4, 9, is_red);
    assert!(
        red > 60,
        "Red's general has a red character and ring: {red}"
    );
    assert_eq!(count_in_cell(&p, 4, 0, is_red), 0, "Black's has none");
    let black_ink = count_in_cell(&p, 4, 0, |c| c[3] > 200 && luminance(c) < 50);
    assert!(
        black_ink > 60,
        "Black's general is inked black: {black_ink}"
    );
    // A disc: the cell's corners show the square, its middle the piece.
    let disc = |c: [u8; 4]| {
        [0xf7u8, 0xe8, 0xc6]
            .iter()
            .zip(c)
            .all(|(t, v)| t.abs_diff(v) < 10)
    };
    assert!(!disc(at(&p, 4, 9, 0.6, 0.6)) && !disc(at(&p, 4, 9, 9.4, 9.4)));
    assert!(disc(at(&p, 4, 9, 5.0, 1.2)) && disc(at(&p, 4, 9, 1.2, 5.0)));
    // Minixiangqi's pieces are the same.
    let mini = render("Minixiangqi", "7/7/7/7/7/7/3K3", 7);
    assert!(count_in_cell(&mini, 3, 6, is_red) > 60);
}

#[test]
fn janggi_pieces_are_blue_and_red_octagons_in_three_sizes() {
    let p = render("Janggi", "4k4/9/9/9/9/9/9/9/9/3PKR3", 9);
    assert!(
        count_in_cell(&p, 4, 9, is_blue) > 60,
        "Cho's general is blue"
    );
    assert_eq!(count_in_cell(&p, 4, 9, is_red), 0);
    assert!(count_in_cell(&p, 4, 0, is_red) > 60, "Han's general is red");
    assert_eq!(count_in_cell(&p, 4, 0, is_blue), 0);
    let face = |c: [u8; 4]| {
        [0xf7u8, 0xe8, 0xc6]
            .iter()
            .zip(c)
            .all(|(t, v)| t.abs_diff(v) < 10)
    };
    let (general, chariot, soldier) = (
        count_in_cell(&p, 4, 9, face),
        count_in_cell(&p, 5, 9, face),
        count_in_cell(&p, 3, 9, face),
    );
    assert!(
        general > chariot && chariot > soldier,
        "general {general}, chariot {chariot}, soldier {soldier}"
    );
}

#[test]
fn dobutsu_tiles_show_their_moves_as_dots_facing_the_opponent() {
    // A lion dots all eight neighbours; a chick only its front, which for
    // the top side faces down.
    let p = render("Dobutsu", "1p1/3/3/1K1", 3);
    let dot = |col, row, dx: f32, dy: f32| is_red(at(&p, col, row, 5.0 + dx, 5.0 + dy));
    for (dx, dy) in [
        (-2.9, -2.9),
        (0.0, -2.9),
        (2.9, 0.0),
        (2.9, 2.9),
        (0.0, 2.9),
    ] {
        assert!(dot(1, 3, dx, dy), "lion's dot at {dx},{dy}");
    }
    assert!(dot(1, 0, 0.0, 2.9), "Black's chick steps down the board");
    assert!(!dot(1, 0, 0.0, -2.9) && !dot(1, 0, 2.9, 0.0));
    // A tile, not a disc: its corners are the tile's.
    let tile = at(&p, 1, 3, 1.8, 1.8);
    let square = at(&p, 1, 3, 0.4, 0.4);
    assert!(tile[..3] != square[..3], "{tile:?} {square:?}");
}

#[test]
fn go_stones_stand_on_the_crossing_lines_of_a_wooden_grid() {
    // Atarigo's start: black stones (the first player's, uppercase) on f7
    // and g6, white on g7 and f6; 12×12 cells, no coordinates.
    let p = render("Atarigo", "93/93/93/93/93/5Pp5/5pP5/93/93/93/93/93", 12);
    let wood = |c: [u8; 4]| c[0] > 200 && c[1] > 160 && c[2] < 150 && c[0] > c[2] + 80;
    // The lines are 1.2 pixels wide here: a pixel on one is partly wood.
    let line = |c: [u8; 4]| luminance(c) < 140;
    // An empty point: the lines cross at the cell's centre, and the wood
    // shows between them (no light or dark square).
    assert!(line(at(&p, 1, 1, 5.0, 5.0)), "a point at b11's centre");
    assert!(line(at(&p, 1, 1, 5.0, 2.0)), "the b-file line");
    assert!(line(at(&p, 1, 1, 2.0, 5.0)), "the 11th line");
    for (dx, dy) in [(2.0, 2.0), (8.0, 2.0), (2.0, 8.0), (8.0, 8.0)] {
        assert!(wood(at(&p, 1, 1, dx, dy)), "wood between the lines");
        assert!(wood(at(&p, 2, 2, dx, dy)), "the same in the next cell");
    }
    // The star point d9 (4-4) is a dot bigger than the crossing.
    assert!(line(at(&p, 3, 3, 5.6, 5.6)) && !line(at(&p, 2, 2, 5.6, 5.6)));
    // Stones: black on f7 and g6, white on g7 and f6, with no letter.
    for (col, row, black) in [(5, 5, true), (6, 6, true), (6, 5, false), (5, 6, false)] {
        for (dx, dy) in [(5.0, 5.0), (3.0, 5.0), (5.0, 7.0), (6.5, 4.0)] {
            let c = at(&p, col, row, dx, dy);
            if black {
                assert!(luminance(c) < 60, "black stone at ({col}, {row}): {c:?}");
            } else {
                assert!(luminance(c) > 200, "white stone at ({col}, {row}): {c:?}");
            }
        }
    }
}
