//! Board checks that need no move rules, for every diagram of every
//! variant: rows of the right number and width (under both digit readings:
//! vchess reads `10` as 1 + 0, standard FEN as ten), known letters, marks on
//! the board. What fails here is surely a mistake of the page.

use fenpress_rules::fen::DigitReading;
use fenpress_rules::fen_row::{self, RowItem};
use fenpress_rules::geometry::Coord;
use fenpress_rules::registry::VariantInfo;

use super::finding::{Finding, Findings, Kind};
use crate::diagram::board::{fit_rows, RowFit};
use crate::diagram::spec::{BoardSpec, Shadow, Side};
use crate::model::{BoardWritten, Loc};

/// One board as verification reads it: the record's spec of the board
/// with where each part is written, joined for the checks (a view made
/// per verification, not kept in the record).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardText {
    /// Where `fen:` (Pug) or the `fen` key (Markdown) is.
    pub fen_at: Loc,
    /// The board field, without its hand.
    pub board: String,
    /// Where the board field starts; its characters follow on the line.
    pub board_at: Loc,
    /// The marks, each with its position.
    pub marks: Vec<(String, Loc)>,
    /// The arrows (`e2e4`), each with its position.
    pub arrows: Vec<(String, Loc)>,
    /// Side to move, when the `fen` is a full FEN.
    pub side: Option<fenpress_rules::Color>,
    /// The FEN text the rules read when there is more than the board: the
    /// board, its hand in brackets, then the fields after it.
    pub full_fen: Option<String>,
    /// `fen: 8/8/...`: a space after `fen:` makes vchess read an empty board.
    pub space_after_fen: bool,
    /// The shadowed squares: a board drawn as what a side sees (Dark's fog).
    pub shadow: Vec<Shadow>,
}

impl BoardText {
    /// The board `spec`, written at `written`.
    pub fn of(spec: &BoardSpec, written: &BoardWritten) -> BoardText {
        let located = |names: Vec<String>, at: &[Loc]| -> Vec<(String, Loc)> {
            names
                .into_iter()
                .enumerate()
                .map(|(i, name)| (name, at.get(i).copied().unwrap_or(written.fen_at)))
                .collect()
        };
        let hand = spec.hand.as_ref().map(|h| format!("[{h}]"));
        let full_fen = match (&spec.fen_rest, hand) {
            (Some(rest), hand) => {
                Some(format!("{}{} {rest}", spec.board, hand.unwrap_or_default()))
            }
            (None, Some(hand)) => Some(format!("{}{hand}", spec.board)),
            (None, None) => None,
        };
        BoardText {
            fen_at: written.fen_at,
            board: spec.board.clone(),
            board_at: written.board_at,
            marks: located(
                spec.marks.iter().map(ToString::to_string).collect(),
                &written.marks,
            ),
            arrows: located(
                spec.arrows.iter().map(ToString::to_string).collect(),
                &written.arrows,
            ),
            side: spec.side.map(|s| match s {
                Side::White => fenpress_rules::Color::White,
                Side::Black => fenpress_rules::Color::Black,
            }),
            full_fen,
            space_after_fen: written.space_after_fen,
            shadow: spec.shadow.clone(),
        }
    }
}

/// What the board check learnt: the reading under which every row has the
/// right width (when there is one), so full verification can parse it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardOk {
    pub reading: DigitReading,
}

fn reading_words(r: DigitReading) -> &'static str {
    match r {
        DigitReading::PerDigit => "read digit by digit, as vchess does",
        DigitReading::Decimal => "read with `10` as ten, as standard FEN does",
    }
}

/// Checks one board of `variant`; pushes findings, returns the reading that
/// fits when the shape and letters are right.
pub fn check_board(variant: &VariantInfo, b: &BoardText, out: &mut Findings) -> Option<BoardOk> {
    let before = out.error_codes().len();
    check_space(b, out);
    if b.board.is_empty() {
        out.push(Finding::new(
            Kind::Error,
            "fen-empty",
            b.fen_at,
            4,
            "the diagram has no board",
        ));
        return None;
    }
    // The drawing reads the rows so too (`diagram::board::fit_rows`).
    let fit = fit_rows(&b.board, usize::from(variant.cols), variant.cell);
    check_rows(variant, b, &fit, out);
    check_mixed_reading(b, &fit, out);
    if fit.reading == DigitReading::Decimal && fit.per_digit_only.is_empty() {
        warn_multi_digit_runs(b, &fit, out);
    }
    check_letters(variant, b, out);
    check_marks(variant, b, out);
    check_arrow_squares(variant, b, out);
    // fenpress itself reads a board after `fen: ` (see `fen-space`).
    let failed = out.error_codes()[before..]
        .iter()
        .any(|code| *code != "fen-space");
    (!failed).then_some(BoardOk {
        reading: fit.reading,
    })
}

fn check_space(b: &BoardText, out: &mut Findings) {
    // A real mistake of the page, not a style nit: vchess replaces
    // `/(fen:)([^:]*):/g` and reads the captured text with
    // `fen.split(" ")` (no trim; yagu0/vchess, the rules view's
    // `parseFen`), so `fen: 8/1p6/... b6,f2` gives position `""`, marks
    // `8/1p6/...` and orientation `b6,f2`: the page shows an empty (or
    // garbled) board where the author meant a position. fenpress reads the
    // board the author meant (the first non-empty field) so that the rest of
    // the diagram is still checked, and reports the page as wrong — the
    // three Interweave/es.pug diagrams of the corpus (lines 53, 99, 101).
    if b.space_after_fen {
        out.push(
            Finding::new(
                Kind::Error,
                "fen-space",
                b.fen_at,
                4,
                "a space after `fen:`: vchess splits the diagram on spaces and reads an empty board",
            )
            .hint("write `fen:` directly followed by the board"),
        );
    }
}

/// The row count and each row's width under either reading.
fn check_rows(variant: &VariantInfo, b: &BoardText, fit: &RowFit, out: &mut Findings) {
    let rows = variant.rows as usize;
    let cols = variant.cols as usize;
    let board_len = b.board.chars().count();
    if fit.rows.len() != rows {
        out.push(
            Finding::new(
                Kind::Error,
                "fen-row-count",
                b.board_at,
                board_len,
                format!(
                    "the board has {} rows, {} has {rows}",
                    fit.rows.len(),
                    variant.name
                ),
            )
            .hint(if fit.rows.len() > rows {
                "a row is repeated or a `/` is extra"
            } else {
                "a row or a `/` is missing"
            }),
        );
    }
    for &i in &fit.neither {
        let row = &fit.rows[i];
        let widths = if row.decimal == row.per_digit {
            format!("{} squares", row.decimal)
        } else {
            format!(
                "{} squares {} ({} {})",
                row.per_digit,
                reading_words(DigitReading::PerDigit),
                row.decimal,
                reading_words(DigitReading::Decimal)
            )
        };
        out.push(
            Finding::new(
                Kind::Error,
                "fen-row-width",
                b.board_at.plus(row.offset),
                row.text.chars().count().max(1),
                format!(
                    "row {} `{}` has {widths}; {} rows have {cols}",
                    i + 1,
                    row.text,
                    variant.name
                ),
            )
            .hint("count the pieces and the empty squares of this row"),
        );
    }
}

/// A board whose rows need both readings is an error.
fn check_mixed_reading(b: &BoardText, fit: &RowFit, out: &mut Findings) {
    let (Some(&d), Some(&p)) = (fit.decimal_only.first(), fit.per_digit_only.first()) else {
        return;
    };
    let row = &fit.rows[d];
    out.push(
        Finding::new(
            Kind::Error,
            "fen-digit-reading",
            b.board_at.plus(row.offset),
            row.text.chars().count().max(1),
            format!(
                "row {} `{}` is right only {}, but row {} `{}` only {}: the board mixes both readings",
                d + 1,
                row.text,
                reading_words(DigitReading::Decimal),
                p + 1,
                fit.rows[p].text,
                reading_words(DigitReading::PerDigit),
            ),
        )
        .hint("write runs of empty squares the same way in every row"),
    );
}

/// Rows right as standard FEN that vchess (digit by digit) would misplace
/// after a multi-digit run: a warning each.
fn warn_multi_digit_runs(b: &BoardText, fit: &RowFit, out: &mut Findings) {
    for &i in &fit.decimal_only {
        let row = &fit.rows[i];
        let misplaced = row.text.char_indices().any(|(k, c)| {
            !c.is_ascii_digit() && row.text[..k].ends_with(|d: char| d.is_ascii_digit()) && {
                let digits = row.text[..k]
                    .chars()
                    .rev()
                    .take_while(char::is_ascii_digit)
                    .count();
                digits > 1
            }
        });
        if misplaced {
            out.push(Finding::new(
                Kind::Warning,
                "fen-digit-reading",
                b.board_at.plus(row.offset),
                row.text.chars().count(),
                format!(
                    "row {} `{}` is right {}; vchess reads digit by digit and would draw it {} squares wide, misplacing what follows",
                    i + 1,
                    row.text,
                    reading_words(DigitReading::Decimal),
                    row.per_digit
                ),
            ));
        }
    }
}

/// Every letter of the board must be a piece (or the hole) of the variant.
fn check_letters(variant: &VariantInfo, b: &BoardText, out: &mut Findings) {
    let letters = variant.letters;
    let mut row_at = 0; // characters before the row, in the board text
    for (index, text) in b.board.split('/').enumerate() {
        for item in fen_row::row_items(text, DigitReading::PerDigit, variant.cell) {
            let RowItem::Cell { offset, text: cell } = item else {
                continue;
            };
            let at = row_at + text[..offset].chars().count();
            for (j, ch) in cell.chars().enumerate() {
                if (j > 0 && ch.is_ascii_digit())
                    || Some(ch) == variant.hole
                    || letters.contains(ch)
                {
                    continue;
                }
                let file =
                    fen_row::row_width(&text[..offset], DigitReading::PerDigit, variant.cell);
                let file = (b'a' + file.min(25) as u8) as char;
                out.push(
                    Finding::new(
                        Kind::Error,
                        "fen-unknown-letter",
                        b.board_at.plus(at + j),
                        1,
                        format!(
                            "`{ch}` (row {}, file {file}) is not a piece of {}",
                            index + 1,
                            variant.name
                        ),
                    )
                    .hint(format!("{}'s diagrams use {letters}", variant.name)),
                );
            }
        }
        row_at += text.chars().count() + 1;
    }
}

/// Every mark must be a square of the board.
fn check_marks(variant: &VariantInfo, b: &BoardText, out: &mut Findings) {
    let rows = variant.rows as usize;
    let cols = variant.cols as usize;
    for (mark, at) in &b.marks {
        match Coord::parse(mark) {
            None => out.push(
                Finding::new(
                    Kind::Error,
                    "mark-syntax",
                    *at,
                    mark.chars().count(),
                    format!("mark `{mark}` is not a square"),
                )
                .hint("marks are squares like `e4`, separated by commas"),
            ),
            Some(c) if usize::from(c.file) >= cols || usize::from(c.rank) >= rows => out.push(
                Finding::new(
                    Kind::Error,
                    "mark-off-board",
                    *at,
                    mark.chars().count(),
                    format!(
                        "mark `{mark}` is off the {rows}×{cols} board of {} (files a–{}, ranks 1–{rows})",
                        variant.name,
                        (b'a' + cols as u8 - 1) as char
                    ),
                ),
            ),
            Some(_) => {}
        }
    }
}

/// Every arrow must join two squares of the board, as every mark must be
/// one (an arrow off the board was drawn without a word).
fn check_arrow_squares(variant: &VariantInfo, b: &BoardText, out: &mut Findings) {
    let rows = variant.rows as usize;
    let cols = variant.cols as usize;
    for (arrow, at) in &b.arrows {
        if !arrow_on_board(arrow, rows, cols) {
            out.push(Finding::new(
                Kind::Error,
                "arrow-off-board",
                *at,
                arrow.chars().count(),
                format!(
                    "arrow `{arrow}` is not two squares of the {rows}×{cols} board of {} (files a–{}, ranks 1–{rows})",
                    variant.name,
                    (b'a' + cols.clamp(1, 26) as u8 - 1) as char
                ),
            ));
        }
    }
}

/// Whether an arrow is two squares of a `rows`×`cols` board.
pub fn arrow_on_board(arrow: &str, rows: usize, cols: usize) -> bool {
    crate::diagram::spec::Arrow::parse(arrow).is_some_and(|a| {
        [a.from, a.to]
            .iter()
            .all(|c| usize::from(c.file) < cols && usize::from(c.rank) < rows)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str, marks: &[&str]) -> BoardText {
        BoardText {
            fen_at: Loc { line: 1, column: 1 },
            board: text.into(),
            board_at: Loc { line: 1, column: 5 },
            marks: marks
                .iter()
                .map(|m| {
                    (
                        m.to_string(),
                        Loc {
                            line: 1,
                            column: 40,
                        },
                    )
                })
                .collect(),
            arrows: Vec::new(),
            side: None,
            full_fen: None,
            space_after_fen: false,
            shadow: Vec::new(),
        }
    }

    fn codes(variant: &str, text: &str, marks: &[&str]) -> Vec<(&'static str, usize)> {
        let v = fenpress_rules::registry::lookup(variant).unwrap();
        let mut out = Findings::new();
        check_board(v, &board(text, marks), &mut out);
        out.iter().map(|f| (f.code, f.at.column)).collect()
    }

    #[test]
    fn arrows_off_the_board_are_errors_at_the_arrow() {
        let variant = fenpress_rules::registry::lookup("Chess").unwrap();
        let mut b = board("8/8/8/8/8/8/8/8", &[]);
        b.arrows = vec![
            ("d4z9".into(), Loc { line: 3, column: 9 }),
            (
                "e2e4".into(),
                Loc {
                    line: 3,
                    column: 15,
                },
            ),
            (
                "i1a1".into(),
                Loc {
                    line: 3,
                    column: 21,
                },
            ),
        ];
        let mut out = Findings::new();
        check_arrow_squares(variant, &b, &mut out);
        let got: Vec<_> = out
            .into_reported()
            .iter()
            .map(|f| (f.code, f.at.column))
            .collect();
        assert_eq!(got, [("arrow-off-board", 9), ("arrow-off-board", 21)]);
    }

    #[test]
    fn wide_row_is_blamed_at_its_start() {
        assert_eq!(
            codes("Chess", "8/8/2NP5/8/8/8/8/8", &[]),
            [("fen-row-width", 9)]
        );
        assert_eq!(
            codes("Chess", "8/8/8/8/8/8/8/8/8", &[]),
            [("fen-row-count", 5)]
        );
    }

    #[test]
    fn readings() {
        // Capablanca: `91` is ten squares only digit by digit.
        assert!(codes("Capablanca", "91/91/91/91/91/91/91/91", &[]).is_empty());
        // Grand: `10` is ten squares only as a number: fine, nothing after it.
        assert!(codes(
            "Grand",
            "r8r/1nbqkmcbn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKMCBN1/R8R",
            &[]
        )
        .is_empty());
        let mut out = Findings::new();
        let v = fenpress_rules::registry::lookup("Chess").unwrap();
        check_board(v, &board("8/8/8/8/8/8/8/44", &[]), &mut out);
        assert!(out.is_empty(), "{out:?}");
    }

    #[test]
    fn letters_and_marks() {
        assert_eq!(
            codes("Chess", "8/8/8/8/8/8/8/K6z", &["e4"]),
            [("fen-unknown-letter", 21)]
        );
        assert_eq!(
            codes("Chess", "8/8/8/8/8/8/8/K6k", &["i4", "e9", "zz"]).len(),
            3
        );
        assert!(codes("Emergo", "9/9/2a@1a@4/9/9/9/9/9/9", &[]).is_empty());
    }
}
