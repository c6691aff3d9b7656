//! Go's board and stones, for the games played with them (Atarigo and
//! Gomoku): stones stand on the points where the grid's lines cross, the
//! usual star points mark the grid, and a stone is black or white with no
//! letter on it. In vchess's FEN the first player is `w` and plays the
//! black stones (its Gomoku images: `wp` is the black stone), so an
//! uppercase letter is a black stone and a lowercase one a white stone.

/// The variants played with Go stones on a Go board, by canonical name.
pub fn is_go_game(variant: &str) -> bool {
    matches!(variant, "Atarigo" | "Gomoku")
}

/// The variants whose pieces are plain stones, black for the first player
/// (uppercase) and white, with no letter: the Go games, and Konane and
/// Yoté, whose stones stand in the pits of their boards ([`is_pit_board`]).
pub fn is_stone_game(variant: &str) -> bool {
    is_go_game(variant)
        || is_lines_board(variant)
        || (is_pit_board(variant) && !is_tower_game(variant))
}

/// The variants played on a board of pits, a stone in each (Konane's
/// papamū, Yoté's holes dug in the ground, Avalam's points): no squares,
/// no lines.
pub fn is_pit_board(variant: &str) -> bool {
    matches!(variant, "Konane" | "Yote" | "Avalam1" | "Avalam2")
}

/// The variants played with towers of stacked pieces, a letter `b` (1
/// high) to `f` (5) whose case is the colour on top (Avalam1, Avalam2).
pub fn is_tower_game(variant: &str) -> bool {
    matches!(variant, "Avalam1" | "Avalam2")
}

/// A tower's height and whether the first player's colour is on top
/// (uppercase, the page's yellow), for a letter of a tower game.
pub fn tower_of(letter: char) -> Option<(u8, bool)> {
    let height = (letter.to_ascii_lowercase() as u8).checked_sub(b'a')?;
    (1..=5)
        .contains(&height)
        .then_some((height, letter.is_ascii_uppercase()))
}

/// A stone smaller than its point's cell, for a board whose lines must
/// show between the stones (Fanorona's diagonals).
pub fn pebble_body(black: bool) -> String {
    format!(
        "<g transform=\"translate(50 50) scale(.7) translate(-50 -50)\">{}</g>",
        stone_body(black)
    )
}

/// Whether a FEN letter is the ball alone (Ball's and Football's `a`),
/// not a piece of either side.
pub fn is_ball(variant: &str, letter: char) -> bool {
    matches!(variant, "Ball" | "Football") && letter == 'a'
}

/// A ball as the content of a 100-unit `<symbol>`: a white football with
/// its black pentagon and the seams to its neighbours, smaller than a
/// piece so it reads as the ball, not a man.
pub fn ball_body() -> String {
    let mut body = String::from(
        "<circle cx=\"50\" cy=\"50\" r=\"30\" fill=\"#fff\" stroke=\"#222\" stroke-width=\"3\"/><path d=\"M50 39L60.5 46.6L56.5 58.9H43.5L39.5 46.6Z\" fill=\"#222\"/>",
    );
    // A seam from each corner of the pentagon to the ball's rim, and a
    // patch of the next pentagons there.
    body.push_str("<path d=\"M50 39V21M60.5 46.6L77.6 41M56.5 58.9L67 73.5M43.5 58.9L33 73.5M39.5 46.6L22.4 41\" fill=\"none\" stroke=\"#222\" stroke-width=\"2.4\"/>");
    body
}

/// Whether a FEN letter stands for a hole in the board rather than a
/// piece: Hamilton's `x`, a square the knight has left and may never
/// enter again.
pub fn is_hole(variant: &str, letter: char) -> bool {
    variant == "Hamilton" && letter == 'x'
}

/// A hole as the content of a 100-unit `<symbol>`: the square cut out of
/// the board, a dark pit whose lit lower rim and shadowed upper one give
/// it depth, so it reads as no square at all rather than as a piece.
pub fn hole_body() -> String {
    "<rect x=\"2\" y=\"2\" width=\"96\" height=\"96\" rx=\"6\" fill=\"#4a3b2c\"/><rect x=\"9\" y=\"9\" width=\"82\" height=\"82\" rx=\"4\" fill=\"#17110b\"/><path d=\"M9 13V87a4 4 0 0 0 4 4H87\" fill=\"none\" stroke=\"#6f5a44\" stroke-width=\"2\"/>".to_string()
}

/// Whether a FEN letter of a Go game is a black stone (the first player's).
pub fn is_black_stone(letter: char) -> bool {
    letter.is_ascii_uppercase()
}

/// Whether a FEN letter of `variant`'s is a black stone: the first
/// player's (uppercase) plays black, as in Go, except in Fanorona, whose
/// page starts with White (its uppercase stones are white).
pub fn is_black_stone_of(variant: &str, letter: char) -> bool {
    if is_lines_board(variant) {
        letter.is_ascii_lowercase()
    } else {
        is_black_stone(letter)
    }
}

/// The variants played on the points of a board of lines, every point
/// joined to its neighbours and the points whose file and rank add up to
/// an even number to their diagonal ones too (Fanorona).
pub fn is_lines_board(variant: &str) -> bool {
    variant == "Fanorona"
}

/// The star points of a `size`-line side, as line indices from one edge:
/// the 4th line from each edge on boards of 12 lines or more (the 3rd on
/// smaller ones), the middle line on an odd board, and the middle of each
/// side's 4th line too on boards of 19 lines or more, as on a real goban
/// (9 points on 19×19, 5 on 13×13, 4 on an even board such as 12×12).
pub fn star_lines(size: usize) -> Vec<usize> {
    if size < 7 {
        return Vec::new();
    }
    let edge = if size >= 12 { 3 } else { 2 };
    let mut lines = vec![edge, size - 1 - edge];
    if size % 2 == 1 && size >= 19 {
        lines.insert(1, size / 2);
    }
    lines
}

/// The star points of a `rows`×`cols` board as (row, col) grid positions:
/// the crossings of [`star_lines`], and the centre of an odd square board
/// smaller than 19 lines (13×13's fifth point, 9×9's).
pub fn star_points(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    let (across, down) = (star_lines(cols), star_lines(rows));
    let mut points: Vec<(usize, usize)> = down
        .iter()
        .flat_map(|&row| across.iter().map(move |&col| (row, col)))
        .collect();
    let centre = (rows / 2, cols / 2);
    if rows == cols && rows % 2 == 1 && !points.contains(&centre) && !across.is_empty() {
        points.push(centre);
    }
    points
}

/// A stone as the content of a 100-unit `<symbol>`: black with a soft
/// highlight, or white with a grey rim, filling most of its point's cell
/// so neighbouring stones nearly touch as on a board.
pub fn stone_body(black: bool) -> String {
    if black {
        "<circle cx=\"50\" cy=\"50\" r=\"46\" fill=\"#1b1b1b\" stroke=\"#000\" stroke-width=\"2\"/><circle cx=\"37\" cy=\"35\" r=\"11\" fill=\"#fff\" fill-opacity=\".16\"/>".to_string()
    } else {
        "<circle cx=\"50\" cy=\"50\" r=\"46\" fill=\"#f6f5f0\" stroke=\"#6b6b6b\" stroke-width=\"3\"/><circle cx=\"58\" cy=\"60\" r=\"28\" fill=\"#000\" fill-opacity=\".05\"/>".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_as_on_real_boards() {
        // 19×19: nine points on the 4th lines (d, k, q) and the centre.
        let nineteen = star_points(19, 19);
        assert_eq!(nineteen.len(), 9);
        assert!(nineteen.contains(&(3, 3)) && nineteen.contains(&(9, 9)));
        assert!(nineteen.contains(&(15, 9)) && !nineteen.contains(&(2, 2)));
        // 13×13: four corners and the centre; 9×9: the 3rd lines.
        assert_eq!(star_points(13, 13).len(), 5);
        assert!(star_points(13, 13).contains(&(6, 6)));
        assert_eq!(
            star_points(9, 9),
            vec![(2, 2), (2, 6), (6, 2), (6, 6), (4, 4)]
        );
        // 12×12 (Atarigo): no middle line, the four 4-4 points.
        assert_eq!(star_points(12, 12), vec![(3, 3), (3, 8), (8, 3), (8, 8)]);
        assert!(star_points(5, 5).is_empty());
    }

    #[test]
    fn the_first_player_has_the_black_stones() {
        assert!(is_black_stone('P') && !is_black_stone('p'));
        assert!(stone_body(true).contains("#1b1b1b"));
        assert!(stone_body(false).contains("#f6f5f0"));
        assert!(is_go_game("Atarigo") && is_go_game("Gomoku") && !is_go_game("Chess"));
        assert!(is_stone_game("Konane") && !is_go_game("Konane") && is_pit_board("Konane"));
        assert!(!is_stone_game("Chess") && !is_pit_board("Atarigo"));
        assert!(is_stone_game("Yote") && is_pit_board("Yote"));
        assert!(is_stone_game("Fanorona") && is_lines_board("Fanorona"));
        assert!(is_ball("Football", 'a') && is_ball("Ball", 'a') && !is_ball("Chess", 'a'));
        assert!(!is_black_stone_of("Fanorona", 'P') && is_black_stone_of("Fanorona", 'p'));
        assert!(is_black_stone_of("Konane", 'P'));
        assert_eq!(tower_of('D'), Some((3, true)));
        assert_eq!(tower_of('b'), Some((1, false)));
        assert_eq!(tower_of('x'), None);
        assert!(is_tower_game("Avalam1") && !is_tower_game("Emergo"));
        assert!(is_hole("Hamilton", 'x') && !is_hole("Hamilton", 'N') && !is_hole("Chess", 'x'));
    }
}
