//! Our own Dōbutsu shōgi pieces: a square tile in the animal's colour with
//! a simple drawing of the animal and, as on a real set, a red dot on the
//! edge for every direction the piece moves (the front is the top; the
//! side at the top of the drawing has its tiles turned round).

const OUTLINE: &str = "#3a3226";
const DOT: &str = "#c0161c";

/// Directions a piece steps: (dx, dy), dy = -1 forward.
type Steps = &'static [(i8, i8)];

/// An animal by vchess letter: tile colour, the directions it steps and
/// its drawing.
fn animal(letter: char) -> Option<(&'static str, Steps, String)> {
    const ALL: Steps = &[
        (-1, -1),
        (0, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
    ];
    const ORTHOGONAL: Steps = &[(0, -1), (-1, 0), (1, 0), (0, 1)];
    const DIAGONAL: Steps = &[(-1, -1), (1, -1), (-1, 1), (1, 1)];
    const FORWARD: Steps = &[(0, -1)];
    const HEN: Steps = &[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
    let o = OUTLINE;
    let piece = match letter.to_ascii_lowercase() {
        // A lion's face in its mane.
        'k' => (
            "#f7c1b0",
            ALL,
            format!(
                "<circle cx=\"50\" cy=\"52\" r=\"19\" fill=\"#e39a32\" stroke=\"{o}\" stroke-width=\"2\"/><circle cx=\"50\" cy=\"53\" r=\"11\" fill=\"#f8d77a\" stroke=\"{o}\" stroke-width=\"2\"/><path d=\"M46 51h.1M54 51h.1M47 58q3 2 6 0\" stroke=\"{o}\" stroke-width=\"2.6\" stroke-linecap=\"round\" fill=\"none\"/>"
            ),
        ),
        // A giraffe's long spotted neck and head.
        'g' => (
            "#e4d2f0",
            ORTHOGONAL,
            format!(
                "<path d=\"M45 72V42Q45 33 54 33H62V40H53V72Z\" fill=\"#f2c94c\" stroke=\"{o}\" stroke-width=\"2\" stroke-linejoin=\"round\"/><path d=\"M49 48h.1M49 58h.1M48 66h.1M57 36h.1\" stroke=\"#8a5a1c\" stroke-width=\"3.4\" stroke-linecap=\"round\"/>"
            ),
        ),
        // An elephant's head: ears and a trunk.
        'e' => (
            "#d3dcf3",
            DIAGONAL,
            format!(
                "<circle cx=\"36\" cy=\"48\" r=\"9\" fill=\"#fff\" stroke=\"{o}\" stroke-width=\"2\"/><circle cx=\"64\" cy=\"48\" r=\"9\" fill=\"#fff\" stroke=\"{o}\" stroke-width=\"2\"/><circle cx=\"50\" cy=\"49\" r=\"12\" fill=\"#fff\" stroke=\"{o}\" stroke-width=\"2\"/><path d=\"M50 60Q50 70 58 69M46 47h.1M54 47h.1\" stroke=\"{o}\" stroke-width=\"2.6\" stroke-linecap=\"round\" fill=\"none\"/>"
            ),
        ),
        // A chick: a round yellow body with a beak.
        'p' => ("#e8f1a6", FORWARD, bird(false)),
        // The hen it promotes to: the same bird with a red comb.
        'h' => ("#f5c9d8", HEN, bird(true)),
        _ => return None,
    };
    letter.is_ascii_alphabetic().then_some(piece)
}

fn bird(comb: bool) -> String {
    let o = OUTLINE;
    let comb = if comb {
        format!("<path d=\"M44 40q2-7 5-1q2-7 5 0q3-6 4 2z\" fill=\"{DOT}\" stroke=\"{o}\" stroke-width=\"1.5\"/>")
    } else {
        String::new()
    };
    format!(
        "{comb}<circle cx=\"50\" cy=\"54\" r=\"14\" fill=\"#f7d84a\" stroke=\"{o}\" stroke-width=\"2\"/><path d=\"M62 51l8 3l-8 3z\" fill=\"#e8912e\" stroke=\"{o}\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/><path d=\"M55 49h.1\" stroke=\"{o}\" stroke-width=\"3\" stroke-linecap=\"round\"/>"
    )
}

/// A Dōbutsu tile facing up (the side at the bottom) or down, as the
/// content of a 100-unit `<symbol>`; `None` for a letter it lacks.
pub fn tile_body(letter: char, down: bool) -> Option<String> {
    let (fill, steps, drawing) = animal(letter)?;
    let mut dots = String::new();
    for (dx, dy) in steps {
        let (x, y) = (50 + 29 * i32::from(*dx), 50 + 29 * i32::from(*dy));
        dots.push_str(&format!("M{x} {y}h.1"));
    }
    let turn = if down {
        " transform=\"rotate(180 50 50)\""
    } else {
        ""
    };
    Some(format!(
        "<g{turn}><rect x=\"12\" y=\"12\" width=\"76\" height=\"76\" rx=\"9\" fill=\"{fill}\" stroke=\"{OUTLINE}\" stroke-width=\"3\"/>{drawing}<path d=\"{dots}\" stroke=\"{DOT}\" stroke-width=\"7\" stroke-linecap=\"round\"/></g>"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_animal_shows_its_moves_as_dots() {
        let dots = |letter| {
            let body = tile_body(letter, false).unwrap();
            let d = body.rsplit("<path d=\"").next().unwrap().to_string();
            d.matches('M').count()
        };
        assert_eq!(dots('K'), 8);
        assert_eq!(dots('g'), 4);
        assert_eq!(dots('E'), 4);
        assert_eq!(dots('P'), 1);
        assert_eq!(dots('h'), 6);
        assert!(tile_body('k', true).unwrap().contains("rotate(180"));
        assert!(tile_body('x', false).is_none());
    }
}
