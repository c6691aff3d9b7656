//! The one reader of FEN board rows: it cuts a row into runs of empty
//! squares and the characters of each occupied square, and knows nothing
//! else. The strict parser ([`crate::fen::parse_with`]), the diagram drawing
//! and the board checks of the site all read rows through it, so a row is
//! never counted two ways. It also holds [`Field`], a field after the board
//! as read, which the [`crate::rules::Rules`] hooks receive: the trait then
//! needs nothing of [`crate::fen`], which itself prints through the trait.

/// A whitespace-separated field after the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Field {
    pub text: String,
    pub offset: usize,
}

/// How a run of digits counts empty squares. Standard FEN reads `10` as ten;
/// vchess reads each digit on its own, `10` as one then none. Both occur in
/// the corpus, so the reading is a parameter.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum DigitReading {
    #[default]
    Decimal,
    PerDigit,
}

/// How a variant's FEN spells what stands on one square.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum CellSpelling {
    /// One character per square (every vchess variant but Emergo).
    #[default]
    Letter,
    /// Two characters per square: Emergo's stacks (`a@`, `ba`).
    Pair,
    /// A lone chess piece in one letter, a union in two: its letter (one
    /// that is no chess piece's, or `@`), then who holds it (Otage's
    /// hostages: `cw`, `@a`).
    Union,
}

impl CellSpelling {
    /// Characters of the occupied square whose first character is `first`.
    pub fn width(self, first: char) -> usize {
        match self {
            CellSpelling::Letter => 1,
            CellSpelling::Pair => 2,
            CellSpelling::Union => {
                let chess = "prnbqk".contains(first.to_ascii_lowercase());
                if first == '@' || (first.is_ascii_alphabetic() && !chess) {
                    2
                } else {
                    1
                }
            }
        }
    }
}

/// One item of a FEN row as written; offsets are bytes from the row's start.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RowItem<'a> {
    /// A run of empty squares: its digits and the squares they count
    /// (saturating: `99999999999999999999` is a huge count, not a panic).
    Empty {
        offset: usize,
        text: &'a str,
        count: usize,
    },
    /// The characters of one occupied square (one, or two for
    /// [`CellSpelling::Pair`] and a [`CellSpelling::Union`]'s union; fewer
    /// when the row ends early).
    Cell { offset: usize, text: &'a str },
}

impl RowItem<'_> {
    /// Squares the item covers.
    pub fn width(&self) -> usize {
        match self {
            RowItem::Empty { count, .. } => *count,
            RowItem::Cell { .. } => 1,
        }
    }
    /// Byte offset of the item in its row.
    pub fn offset(&self) -> usize {
        match self {
            RowItem::Empty { offset, .. } | RowItem::Cell { offset, .. } => *offset,
        }
    }
}

/// The items of one row (no `/` inside: split the board first, or use
/// [`rows`]).
///
/// ```
/// use fenpress_rules::fen_row::{row_items, row_width, CellSpelling, DigitReading};
/// assert_eq!(row_width("r10k", DigitReading::Decimal, CellSpelling::Letter), 12);
/// assert_eq!(row_width("r10k", DigitReading::PerDigit, CellSpelling::Letter), 3);
/// assert_eq!(row_width("2a@1ba", DigitReading::Decimal, CellSpelling::Pair), 5);
/// assert_eq!(row_items("2a@", DigitReading::Decimal, CellSpelling::Pair).count(), 2);
/// assert_eq!(row_width("rcw@a4K", DigitReading::Decimal, CellSpelling::Union), 8);
/// ```
pub fn row_items(row: &str, reading: DigitReading, spelling: CellSpelling) -> RowItems<'_> {
    RowItems {
        row,
        at: 0,
        reading,
        spelling,
    }
}

/// Iterator of [`row_items`].
#[derive(Clone, Debug)]
pub struct RowItems<'a> {
    row: &'a str,
    at: usize,
    reading: DigitReading,
    spelling: CellSpelling,
}

impl<'a> Iterator for RowItems<'a> {
    type Item = RowItem<'a>;

    fn next(&mut self) -> Option<RowItem<'a>> {
        let rest = &self.row[self.at..];
        let first = rest.chars().next()?;
        let offset = self.at;
        if first.is_ascii_digit() {
            let len = match self.reading {
                DigitReading::PerDigit => 1,
                DigitReading::Decimal => rest.bytes().take_while(u8::is_ascii_digit).count(),
            };
            let text = &rest[..len];
            let count = text.bytes().fold(0usize, |n, d| {
                n.saturating_mul(10).saturating_add(usize::from(d - b'0'))
            });
            self.at += len;
            return Some(RowItem::Empty {
                offset,
                text,
                count,
            });
        }
        let len: usize = rest
            .chars()
            .take(self.spelling.width(first))
            .map(char::len_utf8)
            .sum();
        self.at += len;
        Some(RowItem::Cell {
            offset,
            text: &rest[..len],
        })
    }
}

/// Squares one row covers under a reading and a spelling (saturating).
pub fn row_width(row: &str, reading: DigitReading, spelling: CellSpelling) -> usize {
    row_items(row, reading, spelling).fold(0usize, |w, item| w.saturating_add(item.width()))
}

/// The rows of a board text with the byte offset of each.
pub fn rows(board: &str) -> impl Iterator<Item = (usize, &str)> {
    board.split('/').scan(0usize, |at, row| {
        let offset = *at;
        *at += row.len() + 1;
        Some((offset, row))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(row: &str, reading: DigitReading, spelling: CellSpelling) -> Vec<RowItem<'_>> {
        row_items(row, reading, spelling).collect()
    }

    #[test]
    fn decimal_runs_are_one_item() {
        assert_eq!(
            items("r10k", DigitReading::Decimal, CellSpelling::Letter),
            vec![
                RowItem::Cell {
                    offset: 0,
                    text: "r"
                },
                RowItem::Empty {
                    offset: 1,
                    text: "10",
                    count: 10
                },
                RowItem::Cell {
                    offset: 3,
                    text: "k"
                },
            ]
        );
    }

    #[test]
    fn per_digit_runs_are_one_item_per_digit() {
        let got = items("10", DigitReading::PerDigit, CellSpelling::Letter);
        assert_eq!(got.len(), 2);
        assert_eq!(got.iter().map(RowItem::width).sum::<usize>(), 1);
    }

    #[test]
    fn pairs_take_two_characters_even_a_digit() {
        let got = items("ba3a", DigitReading::Decimal, CellSpelling::Pair);
        let texts: Vec<&str> = got
            .iter()
            .map(|i| match i {
                RowItem::Cell { text, .. } => *text,
                RowItem::Empty { text, .. } => text,
            })
            .collect();
        assert_eq!(texts, ["ba", "3", "a"]);
    }

    #[test]
    fn huge_runs_saturate_and_odd_text_is_read() {
        assert_eq!(
            row_width(
                "99999999999999999999999",
                DigitReading::Decimal,
                CellSpelling::Letter
            ),
            usize::MAX
        );
        assert_eq!(
            row_width("é2ü", DigitReading::Decimal, CellSpelling::Letter),
            4
        );
        assert_eq!(
            row_width("aé", DigitReading::Decimal, CellSpelling::Pair),
            1
        );
    }

    #[test]
    fn rows_carry_byte_offsets() {
        let got: Vec<(usize, &str)> = rows("8/pp6/").collect();
        assert_eq!(got, vec![(0, "8"), (2, "pp6"), (6, "")]);
    }
}
