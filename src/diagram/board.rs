//! The board of a diagram as the renderer sees it: ranks × files with the
//! piece (or hole) on each square. Its shape comes from one function,
//! [`board_shape`], so the variant registry can replace the inference from
//! the FEN text without touching the drawing.

use fenpress_rules::fen_row::{row_items, RowItem};
pub use fenpress_rules::fen_row::{CellSpelling, DigitReading};
pub use fenpress_rules::geometry::Coord;
use fenpress_rules::registry::Registry;

/// How many pieces an Emergo stack letter counts: `A`/`a` 1 to `L`/`l` 12.
pub fn stack_count(letter: char) -> u32 {
    u32::from(letter.to_ascii_uppercase()).saturating_sub(u32::from('A')) + 1
}

/// Ranks, files and holes of a board, before pieces are placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardShape {
    pub rows: usize,
    pub cols: usize,
    pub reading: DigitReading,
    /// The FEN character that stands for a hole (no square), if the variant
    /// has holes.
    pub hole: Option<char>,
    pub code: CellSpelling,
    /// Why the FEN does not fit a rectangular board, if it does not.
    pub malformed: Option<String>,
}

/// What stands on one square of the drawn board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    Empty,
    /// No square at all (Omega's corners, Maxima's sides).
    Hole,
    Piece(char),
    /// An Emergo stack: the controlling letter (its case the controller,
    /// its place in the alphabet the height) and the prisoners' letter, or
    /// `@` for none.
    Stack {
        top: char,
        under: char,
    },
    /// An Otage union: its letter (Paco Sako's) and the code after it,
    /// which says whose the union's first piece is and who holds the
    /// other as a hostage (`w`, `b`: White's first; `w`, `v`: White holds).
    Hostage {
        union: char,
        code: char,
    },
}

/// A board ready to draw: `cells[row * cols + col]`, row 0 = the top rank as
/// written in the FEN (rank `rows`), col 0 = file `a`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub shape: BoardShape,
    pub cells: Vec<Cell>,
}

impl Layout {
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.cells
            .get(row * self.shape.cols + col)
            .copied()
            .unwrap_or(Cell::Empty)
    }

    /// The square at a grid position (row 0 = top rank).
    pub fn square_at(&self, row: usize, col: usize) -> Coord {
        Coord {
            file: col as u8,
            rank: (self.shape.rows - 1 - row) as u8,
        }
    }

    /// The grid position of a square, if it lies on the board.
    pub fn position_of(&self, square: Coord) -> Option<(usize, usize)> {
        let col = usize::from(square.file);
        let rank = usize::from(square.rank);
        if col >= self.shape.cols || rank >= self.shape.rows {
            return None;
        }
        let row = self.shape.rows - 1 - rank;
        match self.cell(row, col) {
            Cell::Hole => None,
            _ => Some((row, col)),
        }
    }
}

/// The shape of a variant's board as a diagram shows it: the registry's
/// ranks, files and hole letter for a known variant, else inferred from the
/// FEN text. The one place that decides the shape.
pub fn board_shape(registry: &Registry, variant: &str, board: &str) -> BoardShape {
    match registry.lookup(variant) {
        Some(info) => expected_shape(
            board,
            usize::from(info.rows),
            usize::from(info.cols),
            info.hole,
            info.cell,
        ),
        None => infer_shape(board, None),
    }
}

/// One row of a board text, with its width under each digit reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowWidths<'a> {
    /// Characters before the row in the board text.
    pub offset: usize,
    pub text: &'a str,
    pub decimal: usize,
    pub per_digit: usize,
}

/// How a board's rows fit its files: the one reading of a board's shape,
/// which the board check reports on and the drawing places pieces by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowFit<'a> {
    pub rows: Vec<RowWidths<'a>>,
    /// Rows right only as standard FEN reads them (`10` as ten).
    pub decimal_only: Vec<usize>,
    /// Rows right only digit by digit (as vchess reads them).
    pub per_digit_only: Vec<usize>,
    /// Rows right under neither reading.
    pub neither: Vec<usize>,
    /// The reading the rows agree on: digit by digit when only that fits
    /// some row and no row needs standard FEN, else standard FEN (a board
    /// that mixes both is read as standard FEN, and is an error).
    pub reading: DigitReading,
}

impl RowFit<'_> {
    /// A row's width under the chosen reading.
    pub fn width(&self, index: usize) -> usize {
        let row = &self.rows[index];
        match self.reading {
            DigitReading::Decimal => row.decimal,
            DigitReading::PerDigit => row.per_digit,
        }
    }
}

/// Reads the rows of `board` (cells spelt `code`) against `cols` files.
pub fn fit_rows(board: &str, cols: usize, code: CellSpelling) -> RowFit<'_> {
    let mut offset = 0;
    let rows: Vec<RowWidths> = board
        .split('/')
        .map(|text| {
            let row = RowWidths {
                offset,
                text,
                decimal: coded_row_width(text, DigitReading::Decimal, code),
                per_digit: coded_row_width(text, DigitReading::PerDigit, code),
            };
            offset += text.chars().count() + 1;
            row
        })
        .collect();
    let mut fit = RowFit {
        rows: Vec::new(),
        decimal_only: Vec::new(),
        per_digit_only: Vec::new(),
        neither: Vec::new(),
        reading: DigitReading::Decimal,
    };
    for (i, row) in rows.iter().enumerate() {
        match (row.decimal == cols, row.per_digit == cols) {
            (true, true) => {}
            (true, false) => fit.decimal_only.push(i),
            (false, true) => fit.per_digit_only.push(i),
            (false, false) => fit.neither.push(i),
        }
    }
    if fit.decimal_only.is_empty() && !fit.per_digit_only.is_empty() {
        fit.reading = DigitReading::PerDigit;
    }
    fit.rows = rows;
    fit
}

/// The shape a known variant's board must have; the FEN is malformed when
/// a row is wrong under the reading its rows agree on ([`fit_rows`]), or
/// the row count is off.
pub fn expected_shape(
    board: &str,
    rows: usize,
    cols: usize,
    hole: Option<char>,
    code: CellSpelling,
) -> BoardShape {
    let fit = fit_rows(board, cols, code);
    let mut problems = Vec::new();
    if fit.rows.len() != rows {
        problems.push(format!("{} rows, expected {rows}", fit.rows.len()));
    }
    let bad: Vec<String> = (0..fit.rows.len())
        .map(|i| (i, fit.width(i)))
        .filter(|&(_, w)| w != cols)
        .map(|(i, w)| describe_row(i, rows, w))
        .collect();
    if !bad.is_empty() {
        problems.push(format!("{}, expected {cols}", bad.join(", ")));
    }
    BoardShape {
        rows: rows.min(MAX_SIDE),
        cols: cols.min(MAX_SIDE),
        reading: fit.reading,
        hole,
        code,
        malformed: (!problems.is_empty()).then(|| problems.join("; ")),
    }
}

fn describe_row(index: usize, rows: usize, width: usize) -> String {
    match rows.checked_sub(index) {
        Some(rank) if rank > 0 => format!(
            "FEN row {} (rank {rank}) is {width} squares wide",
            index + 1
        ),
        _ => format!("FEN row {} is {width} squares wide", index + 1),
    }
}

/// Largest side drawn; the biggest vchess board is 19×19 (Gomoku).
pub const MAX_SIDE: usize = 64;

/// Infer the shape from the FEN board: rows are the `/`-separated parts;
/// files the common row width under the decimal reading, else under the
/// per-digit reading; else the board is malformed and takes the most common
/// decimal width (ties: the widest) so most squares still find their place.
pub fn infer_shape(board: &str, hole: Option<char>) -> BoardShape {
    let rows: Vec<&str> = board.split('/').collect();
    let decimal: Vec<usize> = rows
        .iter()
        .map(|r| row_width(r, DigitReading::Decimal))
        .collect();
    let per_digit: Vec<usize> = rows
        .iter()
        .map(|r| row_width(r, DigitReading::PerDigit))
        .collect();
    let uniform = |w: &[usize]| w.iter().all(|&x| x == w[0]) && w[0] > 0;
    let (cols, reading, malformed) = if uniform(&decimal) {
        (decimal[0], DigitReading::Decimal, None)
    } else if uniform(&per_digit) {
        (per_digit[0], DigitReading::PerDigit, None)
    } else {
        let cols = most_common(&decimal);
        let bad: Vec<String> = decimal
            .iter()
            .enumerate()
            .filter(|(_, &w)| w != cols)
            .map(|(i, &w)| describe_row(i, rows.len(), w))
            .collect();
        let why = format!(
            "rows of different widths: {}, expected {cols}",
            bad.join(", ")
        );
        (cols, DigitReading::Decimal, Some(why))
    };
    // A typo like `99999999` must not allocate a giant board.
    let malformed = if cols > MAX_SIDE || rows.len() > MAX_SIDE {
        Some(format!("the board is larger than {MAX_SIDE}×{MAX_SIDE}"))
    } else {
        malformed
    };
    BoardShape {
        rows: rows.len().min(MAX_SIDE),
        cols: cols.min(MAX_SIDE),
        reading,
        hole,
        code: CellSpelling::Letter,
        malformed,
    }
}

fn most_common(widths: &[usize]) -> usize {
    let mut best = (0usize, 0usize);
    for &w in widths {
        let count = widths.iter().filter(|&&x| x == w).count();
        if (count, w) > best {
            best = (count, w);
        }
    }
    best.1.max(1)
}

/// Width of one FEN row under a digit reading.
pub fn row_width(row: &str, reading: DigitReading) -> usize {
    coded_row_width(row, reading, CellSpelling::Letter)
}

/// Width of one FEN row under a digit reading and a cell spelling.
fn coded_row_width(row: &str, reading: DigitReading, code: CellSpelling) -> usize {
    fenpress_rules::fen_row::row_width(row, reading, code)
}

/// Place a FEN board on its shape. Never fails: squares past the edge of a
/// malformed row are dropped (the shape says the board is malformed).
pub fn layout(shape: BoardShape, board: &str) -> Layout {
    let cols = shape.cols;
    let mut cells = vec![Cell::Empty; shape.rows * cols];
    for (row, text) in board.split('/').enumerate().take(shape.rows) {
        let mut col = 0usize;
        for item in row_items(text, shape.reading, shape.code) {
            let RowItem::Cell { text: cell, .. } = item else {
                col = col.saturating_add(item.width());
                continue;
            };
            let mut chars = cell.chars();
            let c = chars.next().unwrap_or(' ');
            let cell = if Some(c) == shape.hole {
                Cell::Hole
            } else if shape.code == CellSpelling::Pair {
                Cell::Stack {
                    top: c,
                    under: chars.next().unwrap_or('@'),
                }
            } else if let Some(code) = chars.next().filter(|_| shape.code == CellSpelling::Union) {
                Cell::Hostage { union: c, code }
            } else {
                Cell::Piece(c)
            };
            if col < cols {
                cells[row * cols + col] = cell;
            }
            col = col.saturating_add(1);
        }
    }
    Layout { shape, cells }
}

/// Shape and place in one step, for a variant's board text.
pub fn read_board(registry: &Registry, variant: &str, board: &str) -> Layout {
    layout(board_shape(registry, variant, board), board)
}

#[cfg(test)]
mod tests {
    use fenpress_rules::registry::BUILTIN;

    #[test]
    fn emergo_squares_are_two_characters() {
        let layout = read_board(&BUILTIN, "Emergo", "9/9/2a@1a@4/9/4a@4/3D@5/4ba4/9/9");
        assert_eq!(layout.shape.malformed, None);
        assert_eq!((layout.shape.rows, layout.shape.cols), (9, 9));
        let at = |name| {
            let (row, col) = layout.position_of(Coord::parse(name).unwrap()).unwrap();
            layout.cell(row, col)
        };
        assert_eq!(
            at("c7"),
            Cell::Stack {
                top: 'a',
                under: '@'
            }
        );
        assert_eq!(
            at("e7"),
            Cell::Stack {
                top: 'a',
                under: '@'
            }
        );
        assert_eq!(
            at("d4"),
            Cell::Stack {
                top: 'D',
                under: '@'
            }
        );
        assert_eq!(
            at("e3"),
            Cell::Stack {
                top: 'b',
                under: 'a'
            }
        );
        assert_eq!(at("f3"), Cell::Empty);
        let stacks = layout
            .cells
            .iter()
            .filter(|c| matches!(c, Cell::Stack { .. }))
            .count();
        assert_eq!(stacks, 5);
        // A row one square short is still caught, counted in squares.
        let short = read_board(&BUILTIN, "Emergo", "9/9/2a@1a@3/9/9/9/9/9/9");
        assert_eq!(
            short.shape.malformed.as_deref(),
            Some("FEN row 3 (rank 7) is 8 squares wide, expected 9")
        );
        assert_eq!((stack_count('A'), stack_count('l')), (1, 12));
    }
    use super::*;

    #[test]
    fn rows_fit_one_reading_for_the_check_and_the_drawing() {
        let code = CellSpelling::Letter;
        // Ten files: `10` is ten as standard FEN, 1 + 0 digit by digit.
        let decimal = fit_rows("10/r9", 10, code);
        assert_eq!(decimal.reading, DigitReading::Decimal);
        assert_eq!(
            (decimal.decimal_only.clone(), decimal.neither.clone()),
            (vec![0], vec![])
        );
        // vchess's own spelling of an empty 11-file row: `11` read 1 + 1 on
        // two files.
        let per_digit = fit_rows("11/2", 2, code);
        assert_eq!(per_digit.reading, DigitReading::PerDigit);
        assert_eq!(per_digit.per_digit_only, vec![0]);
        // Both at once: read as standard FEN, the other row wrong.
        let mixed = fit_rows("10/55", 10, code);
        assert_eq!(mixed.reading, DigitReading::Decimal);
        assert_eq!(
            (mixed.decimal_only.len(), mixed.per_digit_only.len()),
            (1, 1)
        );
        assert_eq!(mixed.width(1), 55);
        let shape = expected_shape("10/55", 2, 10, None, code);
        assert_eq!(
            shape.malformed.as_deref(),
            Some("FEN row 2 (rank 1) is 55 squares wide, expected 10")
        );
        // A row right under neither reading; the rows' offsets are in
        // characters.
        let neither = fit_rows("8/é7/9", 8, code);
        assert_eq!(neither.neither, vec![2]);
        assert_eq!(neither.rows[2].offset, 5);
    }

    #[test]
    fn squares_parse_with_big_ranks() {
        assert_eq!(Coord::parse("c10"), Some(Coord { file: 2, rank: 9 }));
        assert_eq!(Coord::parse("a1").map(|s| s.to_string()), Some("a1".into()));
        assert_eq!(Coord::parse("a0"), None);
        assert_eq!(Coord::parse("A1"), None);
        assert_eq!(Coord::parse("e"), None);
    }

    #[test]
    fn orthodox_board_is_eight_by_eight() {
        let s = infer_shape("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", None);
        assert_eq!((s.rows, s.cols, s.reading), (8, 8, DigitReading::Decimal));
        assert!(s.malformed.is_none());
    }

    #[test]
    fn ten_reads_as_ten_when_widths_agree() {
        let s = infer_shape("r8r/10/10/10/10/10/10/10/10/R8R", None);
        assert_eq!((s.rows, s.cols, s.reading), (10, 10, DigitReading::Decimal));
    }

    #[test]
    fn vchess_per_digit_reading_is_the_fallback() {
        // Omega: `x91x` is x + 9 + 1 + x = 12 under the vchess reading.
        let s = infer_shape("wxxxxxxxxxxw/x91x/x91x/WxxxxxxxxxxW", Some('x'));
        assert_eq!((s.rows, s.cols, s.reading), (4, 12, DigitReading::PerDigit));
    }

    const OMEGA: &str = "wxxxxxxxxxxw/xcrnbqkbnrcx/xppppppppppx/x91x/x91x/x91x/x91x/x91x/x91x/xPPPPPPPPPPx/xCRNBQKBNRCx/WxxxxxxxxxxW";

    #[test]
    fn registry_shape_picks_the_reading_that_fits() {
        let l = read_board(&BUILTIN, "Omega", OMEGA);
        assert_eq!(
            (l.shape.rows, l.shape.cols, l.shape.reading),
            (12, 12, DigitReading::PerDigit)
        );
        assert!(l.shape.malformed.is_none());
        let s = board_shape(&BUILTIN, "Chess", "8/8/8");
        assert_eq!((s.rows, s.cols), (8, 8));
        assert!(s.malformed.unwrap().contains("3 rows, expected 8"));
        let s = board_shape(&BUILTIN, "Chess", "8/8/8/8/8/2NP5/8/8");
        assert_eq!(
            s.malformed.as_deref(),
            Some("FEN row 6 (rank 3) is 9 squares wide, expected 8")
        );
    }

    #[test]
    fn holes_are_cells_without_a_square() {
        let l = read_board(&BUILTIN, "Omega", OMEGA);
        assert_eq!(l.cell(0, 0), Cell::Piece('w'));
        assert_eq!(l.cell(0, 1), Cell::Hole);
        assert_eq!(l.cell(4, 5), Cell::Empty);
        assert_eq!(l.position_of(Coord::parse("b12").unwrap()), None);
        assert_eq!(l.position_of(Coord::parse("a12").unwrap()), Some((0, 0)));
        // Musketeer's x is a piece, not a hole.
        let m = read_board(&BUILTIN, "Musketeer", "x7/8/8/8/8/8/8/8");
        assert_eq!(m.cell(0, 0), Cell::Piece('x'));
    }

    #[test]
    fn malformed_board_places_what_fits_and_says_why() {
        let l = read_board(&BUILTIN, "Unknown", "8/8/2NP5/8");
        assert_eq!((l.shape.rows, l.shape.cols), (4, 8));
        let why = l.shape.malformed.as_deref().unwrap();
        assert!(
            why.contains("FEN row 3 (rank 2) is 9 squares wide"),
            "{why}"
        );
        assert_eq!(l.cell(2, 2), Cell::Piece('N'));
        assert_eq!(l.cell(2, 3), Cell::Piece('P'));
    }

    #[test]
    fn odd_text_never_panics() {
        for board in ["", "/", "//", "99999999999999999999999", "a@b", "0", "ü/ß"] {
            let l = read_board(&BUILTIN, "Chess", board);
            assert_eq!(l.cells.len(), l.shape.rows * l.shape.cols);
        }
    }
}
