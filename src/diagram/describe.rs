//! The text alternative of a board ("White: king e1, rook a1; Black: king
//! e8; marked: a5, b5"), for screen readers and for the SVG `<title>`.
//! Letters are named generically until the variant registry names them.

use super::board::{Cell, Layout};
use super::spec::{BoardSpec, Orientation};

/// Describe a placed board and its marks. The author's `alt` wins.
pub fn describe(layout: &Layout, spec: &BoardSpec) -> String {
    if let Some(alt) = &spec.alt {
        return alt.trim().to_string();
    }
    let mut white: Vec<(u8, String, String)> = Vec::new();
    let mut black = Vec::new();
    let mut other = Vec::new();
    // Bottom rank first so squares read a1, b1, ..., a2 like a score sheet.
    for row in (0..layout.shape.rows).rev() {
        for col in 0..layout.shape.cols {
            if let Cell::Piece(c) = layout.cell(row, col) {
                let square = layout.square_at(row, col).to_string();
                let (order, name) = piece_name(c);
                let entry = (order, name, square);
                if c.is_ascii_uppercase() {
                    white.push(entry);
                } else if c.is_ascii_lowercase() {
                    black.push(entry);
                } else {
                    other.push(entry);
                }
            }
        }
    }
    let mut parts = Vec::new();
    for (side, pieces) in [("White", white), ("Black", black), ("Other", other)] {
        if !pieces.is_empty() {
            parts.push(format!("{side}: {}", list_pieces(pieces)));
        }
    }
    if parts.is_empty() {
        parts.push("Empty board".to_string());
    }
    if !spec.marks.is_empty() {
        let marks: Vec<String> = spec.marks.iter().map(ToString::to_string).collect();
        parts.push(format!("marked: {}", marks.join(", ")));
    }
    if !spec.shadow.is_empty() {
        let shadow: Vec<String> = spec.shadow.iter().map(ToString::to_string).collect();
        parts.push(format!("shadowed: {}", shadow.join(", ")));
    }
    if spec.orientation == Orientation::Black {
        parts.push("seen from Black".to_string());
    }
    if layout.shape.malformed.is_some() {
        parts.push("malformed board".to_string());
    }
    parts.join("; ")
}

/// Group pieces of one side by name in a fixed order: kings first, pawns
/// last, squares in board order (a1, b1, ..., a2).
fn list_pieces(mut pieces: Vec<(u8, String, String)>) -> String {
    pieces.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < pieces.len() {
        let name = &pieces[i].1;
        let mut squares = Vec::new();
        while i < pieces.len() && &pieces[i].1 == name {
            squares.push(pieces[i].2.clone());
            i += 1;
        }
        out.push(format!("{name} {}", squares.join(" ")));
    }
    out.join(", ")
}

fn piece_name(c: char) -> (u8, String) {
    match c.to_ascii_lowercase() {
        'k' => (0, "king".into()),
        'q' => (1, "queen".into()),
        'r' => (2, "rook".into()),
        'b' => (3, "bishop".into()),
        'n' => (4, "knight".into()),
        'p' => (6, "pawn".into()),
        _ => (5, format!("piece {}", c.to_ascii_uppercase())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::board::read_board;
    use crate::diagram::spec::parse_compact;

    #[test]
    fn names_sides_pieces_and_marks() {
        let spec = parse_compact("4k3/8/8/8/8/8/8/R3K2R a5,b5").unwrap();
        let layout = read_board("Chess", &spec.board);
        assert_eq!(
            describe(&layout, &spec),
            "White: king e1, rook a1 h1; Black: king e8; marked: a5, b5"
        );
    }

    #[test]
    fn squares_read_from_a1_upwards() {
        let spec = parse_compact("8/8/8/8/4P3/8/PP6/8").unwrap();
        let layout = read_board("Chess", &spec.board);
        assert_eq!(describe(&layout, &spec), "White: pawn a2 b2 e4");
    }

    #[test]
    fn unknown_letters_and_author_override() {
        let mut spec = parse_compact("8/3@4/8/8/8/8/2s5/8 - b").unwrap();
        let layout = read_board("Pacosako", &spec.board);
        assert_eq!(
            describe(&layout, &spec),
            "Black: piece S c2; Other: piece @ d7; seen from Black"
        );
        spec.alt = Some("Two unions".into());
        assert_eq!(describe(&layout, &spec), "Two unions");
    }
}
