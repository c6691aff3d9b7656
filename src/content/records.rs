//! Reads each diagram of a page once, into the records of the content
//! model: the block's spec (parsed from its YAML: what the block is, which
//! verification checks and the renderer draws) and, beside it, where each
//! of its parts is written in the source ([`Written`]: positions only — the
//! board, each mark, arrow and claimed move, each caption character with
//! its line and column — so that a finding blames the very character, not
//! the converted Markdown). Pug pages are read as
//! vchess reads them (`fen:<board> [marks] ...:` on one line, the figure's
//! `figcaption`); Markdown pages from their ```diagram blocks, whose
//! `moves`, `illegal` and `after.moves` are the claims.
//!
//! A Pug page whose writer knows its own blocks exactly
//! ([`fenpress_pug::WrittenOutline`]) is read from the writer's fields
//! ([`pug_records`]): the same records as parsing the Markdown and each
//! block's YAML would give (a test over the corpus compares both), without
//! either parse.

use fenpress_pug::diagram::{is_plain_scalar, FenString};
use fenpress_pug::{BoardFields, DiagramFields, DiagramOrigin};

use crate::diagram::spec::{self, AfterSpec, BoardSpec, DiagramSpec, SpecError};
use crate::markdown;
use crate::model::{
    BlockAt, BoardWritten, CaptionText, CaptionWritten, DiagramRecord, Loc, Page, SourceFormat,
    Written,
};

/// The diagram records of a page whose source text is `text`: one per
/// ```diagram block of its Markdown (`blocks`, see [`markdown::outline`]),
/// in document order. `origins` are the Pug converter's (where each block's
/// `fen:` came from).
pub fn records(
    page: &Page,
    origins: &[DiagramOrigin],
    text: &str,
    blocks: Vec<markdown::OwnedBlock>,
) -> Vec<DiagramRecord> {
    if blocks.is_empty() {
        // Most pages have no diagram: their lines are not cut into chars.
        return Vec::new();
    }
    let pug_lines: Vec<&str> = match page.format {
        SourceFormat::Pug => text.lines().collect(),
        SourceFormat::Markdown => Vec::new(),
    };
    let lines: Vec<Vec<char>> = match page.format {
        SourceFormat::Pug => Vec::new(),
        SourceFormat::Markdown => text.lines().map(|l| l.chars().collect()).collect(),
    };
    blocks
        .into_iter()
        .map(|block| {
            let spec = spec::parse_block(&block.yaml);
            let (at, written) = match page.format {
                SourceFormat::Pug => {
                    let origin = origins.get(block.index);
                    let at = match origin {
                        Some(o) => BlockAt::Pug {
                            fen: o.fen,
                            after_fen: o.after_fen,
                        },
                        None => BlockAt::Pug {
                            fen: Loc::START,
                            after_fen: None,
                        },
                    };
                    let written = match (origin, &spec) {
                        (Some(o), Ok(spec)) => pug_diagram(spec, o, &pug_lines),
                        _ => None,
                    };
                    (at, written)
                }
                SourceFormat::Markdown => {
                    let base = page.line_offset + block.line;
                    let written = spec
                        .as_ref()
                        .ok()
                        .map(|s| markdown_diagram(s, &lines, base, block.yaml.lines().count()));
                    (BlockAt::Markdown { first_line: base }, written)
                }
            };
            DiagramRecord {
                index: block.index,
                spec,
                written,
                at,
                verdict: None,
            }
        })
        .collect()
}

/// The diagram records of a Pug page from its writer's own fields (one per
/// ```diagram block of its Markdown, in order): what [`records`] reads from
/// the Markdown's blocks, their YAML and the source lines, without parsing
/// either. `text` is the page's source (the figures' captions are read from
/// it as [`records`] reads them).
pub fn pug_records(diagrams: &[DiagramFields], text: &str) -> Vec<DiagramRecord> {
    if diagrams.is_empty() {
        return Vec::new();
    }
    let lines: Vec<&str> = text.lines().collect();
    diagrams
        .iter()
        .enumerate()
        .map(|(index, fields)| {
            let spec = pug_spec(fields);
            let written = spec.as_ref().ok().map(|spec| {
                let mut boards = vec![board_written(&fields.board, &spec.board)];
                if let (Some(after), Some(after_spec)) = (&fields.after, &spec.after) {
                    boards.push(board_written(after, &after_spec.board));
                }
                pug_written(boards, &lines, spec.caption.as_deref())
            });
            DiagramRecord {
                index,
                spec,
                written,
                at: BlockAt::Pug {
                    fen: fields.board.fen_at,
                    after_fen: fields.after.as_ref().map(|a| a.fen_at),
                },
                verdict: None,
            }
        })
        .collect()
}

/// Where one board the writer read is written (`spec`: its reading).
fn board_written(board: &BoardFields, spec: &BoardSpec) -> BoardWritten {
    let marks = board
        .fen
        .marks
        .iter()
        .map(String::as_str)
        .zip(board.marks_at.iter().copied());
    BoardWritten {
        fen_at: board.fen_at,
        board_at: board.board_at,
        marks: mark_locs(marks, spec, board.fen_at),
        arrows: Vec::new(),
        space_after_fen: board.space_after_fen,
    }
}

/// Where each of `spec`'s marks is written, from the mark texts of a Pug
/// `fen:` with their places: each text gives as many marks as it reads as
/// (`-` none), each at the text's place; a mark no text gives (none in a
/// spec read from these texts) is blamed on `fen_at`.
fn mark_locs<'a>(
    texts: impl Iterator<Item = (&'a str, Loc)>,
    spec: &BoardSpec,
    fen_at: Loc,
) -> Vec<Loc> {
    let mut locs: Vec<Loc> = texts
        .flat_map(|(text, at)| {
            let n = spec::parse_marks(text).map_or(0, |m| m.len());
            std::iter::repeat_n(at, n)
        })
        .collect();
    locs.resize(spec.marks.len(), fen_at);
    locs
}

/// The spec of a Pug diagram block: what [`spec::parse_block`] reads from
/// its YAML ([`fenpress_pug::diagram::block_yaml`] of the same fields).
/// The fields are read directly when each scalar of that YAML reads back as
/// written and every part is valid; otherwise (a number-like scalar, a
/// character YAML would refuse or fold, a field in error) the YAML is
/// written and parsed, so that the reading and the error are exactly the
/// block's.
fn pug_spec(fields: &DiagramFields) -> Result<DiagramSpec, SpecError> {
    read_fields(fields).ok_or(()).or_else(|()| {
        let yaml = fenpress_pug::diagram::block_yaml(
            &fields.board.fen,
            fields.after.as_ref().map(|a| &a.fen),
            fields.caption.as_deref(),
        );
        spec::parse_block(&yaml)
    })
}

/// [`pug_spec`] without YAML, or `None` when it would not be exact.
fn read_fields(fields: &DiagramFields) -> Option<DiagramSpec> {
    let fen = &fields.board.fen;
    let round_trips = fields.caption.as_deref().is_none_or(yaml_keeps)
        && fen_round_trips(fen)
        && fields
            .after
            .as_ref()
            .is_none_or(|a| fen_round_trips(&a.fen));
    if !round_trips {
        return None;
    }
    // Where `fen:` is in the block: `fen: <board>` on line 1, then a line
    // each for marks, orientation and shadow when present, then
    // `after: { fen: <board>, ... }`.
    const FEN_AT: (usize, usize) = (1, 6);
    let board = read_board(fen, FEN_AT, spec::Orientation::default())?;
    let after = match &fields.after {
        None => None,
        Some(after) => {
            let line = 2
                + usize::from(!fen.marks.is_empty())
                + usize::from(fen.orientation.is_some())
                + usize::from(!fen.shadow.is_empty());
            let fen_at = (line, "after: { fen: ".len() + 1);
            Some(AfterSpec {
                board: read_board(&after.fen, fen_at, board.orientation)?,
                moves: Vec::new(),
                fen_at,
            })
        }
    };
    Some(DiagramSpec {
        board,
        variant: None,
        moves: Vec::new(),
        illegal: Vec::new(),
        after,
        caption: fields.caption.clone(),
        option: Vec::new(),
        fen_at: FEN_AT,
        unknown_keys: Vec::new(),
    })
}

/// One board's spec from its `fen:` fields; `None` on any error (the YAML
/// reading then says which, where). `orientation` is the board's unless
/// the fields name one (an after-board keeps the first board's).
fn read_board(
    fen: &FenString,
    fen_at: (usize, usize),
    orientation: spec::Orientation,
) -> Option<BoardSpec> {
    let mut board = spec::parse_fen_text(&fen.board, fen_at).ok()?;
    board.orientation = orientation;
    if !fen.marks.is_empty() {
        let marks: Result<Vec<Vec<_>>, _> =
            fen.marks.iter().map(|m| spec::parse_marks(m)).collect();
        board.marks = marks.ok()?.concat();
    }
    if let Some(o) = &fen.orientation {
        board.orientation = spec::parse_orientation(o.trim()).ok()?;
    }
    if !fen.shadow.is_empty() {
        let shadow: Result<Vec<Vec<_>>, _> =
            fen.shadow.iter().map(|s| spec::parse_shadow(s)).collect();
        board.shadow = shadow.ok()?.concat();
    }
    Some(board)
}

/// Every scalar the block's YAML holds for `fen` reads back as written.
fn fen_round_trips(fen: &FenString) -> bool {
    std::iter::once(&fen.board)
        .chain(&fen.marks)
        .chain(&fen.orientation)
        .chain(&fen.shadow)
        .all(|s| yaml_keeps(s) && (!is_plain_scalar(s) || plain_reads_as_text(s)))
}

/// A plain scalar YAML reads as this very text: not a number other than
/// a plain decimal integer (`8` reads back as `8`, `08` or `1e3` would not),
/// not an infinity or a NaN.
fn plain_reads_as_text(s: &str) -> bool {
    let lower = s.to_ascii_lowercase();
    if matches!(lower.as_str(), "inf" | "nan" | "infinity") {
        return false;
    }
    if !s.starts_with(|c: char| c.is_ascii_digit()) || s.contains('/') {
        return true;
    }
    s.len() <= 18 && s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0'))
}

/// `s` holds only characters a double-quoted YAML scalar keeps as they are:
/// YAML's printable set, less the line breaks of YAML 1.1 and the byte
/// order mark.
fn yaml_keeps(s: &str) -> bool {
    s.chars().all(|c| {
        matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
            && !matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}')
    })
}

/// Reads where the parts of `fen:<inner>:` at `at` (the `f` of `fen:`)
/// are, as vchess cuts it; `spec` is the board's reading.
fn pug_board(lines: &[&str], at: Loc, spec: &BoardSpec) -> Option<BoardWritten> {
    let chars: Vec<char> = lines.get(at.line.checked_sub(1)?)?.chars().collect();
    let start = at.column.checked_sub(1)?;
    let head: String = chars.get(start..start + 4)?.iter().collect();
    if head != "fen:" {
        return None;
    }
    let inner_start = start + 4;
    let len = chars[inner_start..].iter().position(|c| *c == ':')?;
    let inner = &chars[inner_start..inner_start + len];
    let inner_text: String = inner.iter().collect();
    let fields: Vec<(usize, String)> = fenpress_pug::diagram::fields(&inner_text)
        .into_iter()
        .map(|(at, f)| (at, f.to_string()))
        .collect();
    let col = |i: usize| Loc {
        line: at.line,
        column: inner_start + i + 1,
    };
    let board_off = fields.first().map_or(0, |(off, _)| *off);
    let mut marks = Vec::new();
    if let Some((off, text)) = fields.get(1) {
        if text != "-" {
            let mut pos = *off;
            for m in text.split(',') {
                if !m.is_empty() {
                    marks.push((m, col(pos)));
                }
                pos += m.chars().count() + 1;
            }
        }
    }
    Some(BoardWritten {
        fen_at: at,
        board_at: col(board_off),
        marks: mark_locs(marks.into_iter(), spec, at),
        arrows: Vec::new(),
        space_after_fen: inner.first() == Some(&' '),
    })
}

fn indent(line: &str) -> usize {
    line.bytes().take_while(|b| *b == b' ').count()
}

/// The `figcaption` of the figure holding line `fen_line`, and how many
/// `fen:` lines that figure has.
fn pug_caption(lines: &[&str], fen_line: usize) -> (Option<CaptionText>, usize) {
    let idx = fen_line.saturating_sub(1);
    let Some(fen) = lines.get(idx) else {
        return (None, 1);
    };
    let fen_indent = indent(fen);
    // The figure: the nearest line above, less indented, that opens one.
    let mut fig = None;
    for k in (0..idx).rev() {
        let l = lines[k];
        let t = &l[indent(l)..];
        if t.is_empty() || indent(l) >= fen_indent {
            continue;
        }
        if t.starts_with("figure") {
            fig = Some(k);
        }
        if indent(l) == 0 || fig.is_some() {
            break;
        }
    }
    let Some(fig) = fig else { return (None, 1) };
    let fig_indent = indent(lines[fig]);
    let mut end = fig + 1;
    while end < lines.len() {
        let l = lines[end];
        let blank = l.chars().all(char::is_whitespace);
        if !blank && indent(l) <= fig_indent {
            break;
        }
        end += 1;
    }
    let body = &lines[fig + 1..end];
    let fens = body.iter().filter(|l| l.contains("fen:")).count().max(1);
    for (k, l) in body.iter().enumerate() {
        let ind = indent(l);
        let opens_caption = l[ind..]
            .chars()
            .flat_map(char::to_lowercase)
            .take("figcaption".len())
            .eq("figcaption".chars());
        if opens_caption {
            let line_no = fig + 1 + k + 1;
            let cap = figcaption_text(l, ind, line_no, &body[k + 1..]);
            let cap = (!cap.text.trim().is_empty()).then_some(cap);
            return (cap, fens);
        }
    }
    (None, fens)
}

/// The text of the `figcaption` that opens line `line` (number `line_no`,
/// indented by `ind`), with the lines that follow it (`rest`): its own
/// text, then each line below it, joined by spaces, each character at its
/// place in the source.
fn figcaption_text(line: &str, ind: usize, line_no: usize, rest: &[&str]) -> CaptionText {
    let l: Vec<char> = line.chars().collect();
    let mut cap = CaptionText::default();
    // Skip the tag, its classes and attributes.
    let mut i = ind + "figcaption".len();
    let mut block = false;
    loop {
        match l.get(i) {
            Some('.')
                if l.get(i + 1)
                    .is_some_and(|c| c.is_alphanumeric() || *c == '-') =>
            {
                i += 1;
                while l
                    .get(i)
                    .is_some_and(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                {
                    i += 1;
                }
            }
            Some('(') => {
                while l.get(i).is_some_and(|c| *c != ')') {
                    i += 1;
                }
                i += 1;
            }
            Some('.') => {
                block = true;
                i += 1;
                break;
            }
            _ => break,
        }
    }
    if !block && l.get(i) == Some(&' ') {
        let text: String = l[i + 1..].iter().collect();
        cap.push_str(
            &text,
            Loc {
                line: line_no,
                column: i + 2,
            },
        );
    }
    for (j, child) in rest.iter().enumerate() {
        let ci = indent(child);
        if ci <= ind && !child.chars().all(char::is_whitespace) {
            break;
        }
        let t = &child[ci..];
        if t.is_empty() {
            continue;
        }
        let child_line = line_no + 1 + j;
        let (text, skip) = if block {
            (t.to_string(), 0)
        } else if let Some(rest) = t.strip_prefix("| ").or(t.strip_prefix('|')) {
            (rest.to_string(), t.chars().count() - rest.chars().count())
        } else {
            // An inline tag: `span.italic text`, `a(href="x") text`.
            let mut p = 0;
            let tc: Vec<char> = t.chars().collect();
            while p < tc.len() && !tc[p].is_whitespace() {
                if tc[p] == '(' {
                    while p < tc.len() && tc[p] != ')' {
                        p += 1;
                    }
                }
                p += 1;
            }
            let rest: String = tc
                .get(p + 1..)
                .map(|s| s.iter().collect())
                .unwrap_or_default();
            (rest, (p + 1).min(tc.len()))
        };
        if !cap.text.is_empty() {
            let last = cap.locs.last().copied().unwrap_or_default();
            cap.text.push(' ');
            cap.locs.push(last.plus(1));
        }
        cap.push_str(
            &text,
            Loc {
                line: child_line,
                column: ci + skip + 1,
            },
        );
    }
    cap
}

/// Where the parts of the diagram `spec` whose `fen:` the Pug converter
/// found at `origin` are written.
fn pug_diagram(spec: &DiagramSpec, origin: &DiagramOrigin, lines: &[&str]) -> Option<Written> {
    let first = pug_board(lines, origin.fen, &spec.board)?;
    let mut boards = vec![first];
    if let (Some(after), Some(after_spec)) = (origin.after_fen, &spec.after) {
        boards.extend(pug_board(lines, after, &after_spec.board));
    }
    Some(pug_written(boards, lines, spec.caption.as_deref()))
}

/// Where a Pug diagram is written: its boards (one, or a before/after
/// pair) and the caption of its figure (`caption`: the block's own, as
/// the Pug writer made it, when it has one).
fn pug_written(boards: Vec<BoardWritten>, lines: &[&str], caption: Option<&str>) -> Written {
    let last_line = boards.last().map_or(1, |b| b.fen_at.line);
    let (figcaption, fens) = pug_caption(lines, last_line);
    let caption = match (figcaption, caption) {
        (None, _) => CaptionWritten::None,
        (Some(source), Some(own)) => {
            CaptionWritten::Own(caption_locs(&markdown::inline_plain_text(own), &source))
        }
        (Some(source), None) => CaptionWritten::Figure(source),
    };
    Written {
        figure_blocks: if boards.len() == 2 {
            fens.saturating_sub(1).max(1)
        } else {
            fens
        },
        boards,
        caption,
        moves: Vec::new(),
        illegal: Vec::new(),
        after_moves: Vec::new(),
    }
}

/// Where each character of `plain` (a caption as a reader reads it) is
/// written, from the caption's source text with its places (`source`): the
/// reader's text is the source's with markup and escapes taken out, so
/// each of its characters is the next equal one of the source; one the
/// source does not have (an entity decoded) stands just after the last.
fn caption_locs(plain: &str, source: &CaptionText) -> Vec<Loc> {
    let src: Vec<char> = source.text.chars().collect();
    let mut next = 0;
    let mut last = source.loc(0);
    plain
        .chars()
        .map(|c| {
            // Look a little ahead only: a character markup removed is near.
            let found = (next..src.len().min(next + 16)).find(|&k| src[k] == c);
            match found {
                Some(k) => {
                    next = k + 1;
                    last = source.loc(k);
                    last
                }
                None => {
                    last = last.plus(1);
                    last
                }
            }
        })
        .collect()
}

/// Column (1-based) of `needle` in `line` at or after `from` (0-based chars).
fn find_col(line: &[char], needle: &str, from: usize) -> Option<usize> {
    let n: Vec<char> = needle.chars().collect();
    if n.is_empty() || line.len() < n.len() {
        return None;
    }
    (from..=line.len() - n.len())
        .find(|&i| line[i..i + n.len()] == n[..])
        .map(|i| i + 1)
}

/// The items written after `key` in a ```diagram block: every token (a run
/// of characters between YAML's separators) from the first block line at or
/// after `from` holding `key` to the end of the block, with where it is
/// written. Items are looked up in the order the spec read them, so each
/// lookup is a hash probe and a binary search: a block of 50,000 marks is
/// located in linear time (searching the block per mark was quadratic).
struct Field {
    locs: Vec<Loc>,
    by_text: std::collections::HashMap<String, Vec<usize>>,
    next: usize,
}

impl Field {
    fn new(lines: &[Vec<char>], base: usize, block_lines: usize, key: &str, from: usize) -> Field {
        let mut field = Field {
            locs: Vec::new(),
            by_text: std::collections::HashMap::new(),
            next: 0,
        };
        let empty = Vec::new();
        let line = |k: usize| lines.get((base + k).wrapping_sub(1)).unwrap_or(&empty);
        let Some((first, start)) = (from..block_lines)
            .find_map(|k| find_col(line(k), key, 0).map(|c| (k, c - 1 + key.len())))
        else {
            return field;
        };
        for k in first..block_lines {
            let chars = line(k);
            let mut i = if k == first {
                start.min(chars.len())
            } else {
                0
            };
            while i < chars.len() {
                if is_separator(chars[i]) {
                    i += 1;
                    continue;
                }
                let begin = i;
                while i < chars.len() && !is_separator(chars[i]) {
                    i += 1;
                }
                let text: String = chars[begin..i].iter().collect();
                field.add(
                    text,
                    Loc {
                        line: base + k,
                        column: begin + 1,
                    },
                );
            }
        }
        field
    }

    fn add(&mut self, text: String, at: Loc) {
        // A mark list written `a5,b5` is also found item by item.
        if text.contains(',') {
            let mut column = at.column;
            for part in text.split(',') {
                if !part.is_empty() {
                    let loc = Loc {
                        line: at.line,
                        column,
                    };
                    self.push(part.to_string(), loc);
                }
                column += part.chars().count() + 1;
            }
        }
        self.push(text, at);
    }

    fn push(&mut self, text: String, at: Loc) {
        self.by_text.entry(text).or_default().push(self.locs.len());
        self.locs.push(at);
    }

    /// Where `item` is written: its first occurrence after the previous
    /// item's, else its first occurrence at all.
    fn take(&mut self, item: &str) -> Option<Loc> {
        let found = self.by_text.get(item)?;
        let after = found.partition_point(|&i| i < self.next);
        match found.get(after) {
            Some(&i) => {
                self.next = i + 1;
                Some(self.locs[i])
            }
            None => found.first().map(|&i| self.locs[i]),
        }
    }
}

/// What ends a token in a block line: blanks and YAML's flow punctuation.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '[' | ']' | '{' | '}' | '"' | '\'')
}

/// Where each part of the Markdown block `spec` is written: its `fen`
/// keys, boards, marks, arrows and claimed moves, found in the block's
/// lines (`base`: the source line of its first) in the order the spec
/// read them.
fn markdown_diagram(
    spec: &DiagramSpec,
    lines: &[Vec<char>],
    base: usize,
    block_lines: usize,
) -> Written {
    let field = |key: &str, from: usize| Field::new(lines, base, block_lines, key, from);
    let key_loc = |(line, column): (usize, usize)| Loc {
        line: base + line.saturating_sub(1),
        column,
    };
    let board_written = |b: &BoardSpec, fen_at: (usize, usize), key: &str| {
        let fen_loc = key_loc(fen_at);
        let from = fen_at.0.saturating_sub(1);
        let mut in_key = field(key, from);
        let board_at = in_key.take(&b.board).unwrap_or(fen_loc);
        let mut in_marks = field("marks", from);
        let marks = b
            .marks
            .iter()
            .map(|m| {
                let name = m.to_string();
                in_marks
                    .take(&name)
                    .or_else(|| in_key.take(&name))
                    .unwrap_or(fen_loc)
            })
            .collect();
        let mut in_arrows = field("arrows", from);
        let arrows = b
            .arrows
            .iter()
            .map(|a| in_arrows.take(&a.to_string()).unwrap_or(fen_loc))
            .collect();
        BoardWritten {
            fen_at: fen_loc,
            board_at,
            marks,
            arrows,
            space_after_fen: false,
        }
    };
    let list = |key: &str, items: &[String]| -> Vec<Loc> {
        let mut in_key = field(key, 0);
        items
            .iter()
            .map(|m| in_key.take(m).unwrap_or(key_loc(spec.fen_at)))
            .collect()
    };
    let mut boards = vec![board_written(&spec.board, spec.fen_at, "fen")];
    let mut after_moves = Vec::new();
    if let Some(after) = &spec.after {
        boards.push(board_written(&after.board, after.fen_at, "fen"));
        after_moves = list("moves", &after.moves);
    }
    Written {
        boards,
        caption: CaptionWritten::None,
        figure_blocks: 1,
        moves: list("moves", &spec.moves),
        illegal: list("illegal", &spec.illegal),
        after_moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fields of the first diagram block of a Pug source.
    fn fields_of(pug: &str) -> DiagramFields {
        let converted = fenpress_pug::convert(pug).expect("converts");
        let outline = converted.outline.expect("the writer vouches");
        outline.diagrams[0].clone()
    }

    fn yaml_spec(fields: &DiagramFields) -> Result<DiagramSpec, SpecError> {
        spec::parse_block(&fenpress_pug::diagram::block_yaml(
            &fields.board.fen,
            fields.after.as_ref().map(|a| &a.fen),
            fields.caption.as_deref(),
        ))
    }

    #[test]
    fn the_fields_read_as_their_yaml_reads() {
        let boards = [
            "8/8 a1,b2 b 8,c3-c5,a,h",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - w",
            "8/8[Qn] e4",
            "8",
            "08",
            "1e3 8",
            "8/8 - w 08,1.0",
            "x91x/x91x e10,c8",
            "8/8\tw",
            "@7/8 \"a\" y",
            "8/8 ,a5,,b6",
            "é/8 a1 b",
            "inf",
        ];
        let mut direct = 0;
        for board in boards {
            for after in [None, Some("7k/8 c3 b e")] {
                let pug = match after {
                    None => format!("figure\n  .diagram\n    | fen:{board}:\n  figcaption A «b» \\ \"c\".\n"),
                    Some(a) => format!("figure\n  .diagram.diag12\n    | fen:{board}:\n  .diagram.diag22\n    | fen:{a}:\n  figcaption After.\n"),
                };
                let fields = fields_of(&pug);
                assert_eq!(pug_spec(&fields), yaml_spec(&fields), "{pug}");
                direct += usize::from(read_fields(&fields).is_some());
            }
        }
        // Most are read without YAML; the number-like ones are not.
        assert!(direct >= 16, "{direct}");
        assert!(read_fields(&fields_of("p\n  | fen:08:\n")).is_none());
        assert!(read_fields(&fields_of("p\n  | fen:8/8 zz:\n")).is_none());
    }

    #[test]
    fn a_caption_is_held_once_and_its_characters_found_in_the_source() {
        let pug = "figure\n  .diagram\n    | fen:8/8:\n  figcaption\n    | After \n    b Nf3\n    | , *a* &amp; Ke2.\n";
        let converted = fenpress_pug::convert(pug).expect("converts");
        let outline = converted
            .outline
            .unwrap_or_else(|| panic!("inexact: {}", converted.markdown));
        let records = pug_records(&outline.diagrams, pug);
        let (spec, written) = match &records[0] {
            DiagramRecord {
                spec: Ok(spec),
                written: Some(written),
                ..
            } => (spec, written),
            other => panic!("no record: {other:?}"),
        };
        // The record holds the caption's text once, in the spec; where it
        // is written is positions only.
        assert!(matches!(written.caption, CaptionWritten::Own(_)));
        let view = written.caption_text(spec).expect("a caption");
        assert_eq!(view.text, "After Nf3, *a* & Ke2.");
        for (word, line) in [("Nf3", 6), ("Ke2", 7), ("After", 5)] {
            let offset = view.text.find(word).unwrap();
            let at = view.loc(view.text[..offset].chars().count());
            assert_eq!(at.line, line, "{word}");
            let source_line = pug.lines().nth(line - 1).unwrap();
            let from: String = source_line.chars().skip(at.column - 1).take(3).collect();
            assert_eq!(from, word[..3], "{word} at {at:?}");
        }
    }

    #[test]
    fn a_figure_caption_the_page_draws_is_the_figure_s() {
        // A figure with an image beside its diagram is the page's HTML:
        // the block has no caption; its claims are the figure's.
        let pug = "figure\n  .diagram.diag12\n    | fen:8/8:\n  img.diag22(src=\"/x.png\")\n  figcaption Moves of e4\n";
        let converted = fenpress_pug::convert(pug).expect("converts");
        let outline = converted.outline.expect("the writer vouches");
        let records = pug_records(&outline.diagrams, pug);
        let (spec, written) = match &records[0] {
            DiagramRecord {
                spec: Ok(spec),
                written: Some(written),
                ..
            } => (spec, written),
            other => panic!("no record: {other:?}"),
        };
        assert_eq!(spec.caption, None);
        let view = written.caption_text(spec).expect("the figure's caption");
        assert_eq!(view.text, "Moves of e4");
        assert_eq!((view.loc(0).line, view.loc(0).column), (5, 14));
    }

    #[test]
    fn errors_are_the_yaml_readings() {
        for pug in [
            "p\n  | fen::\n",
            "p\n  | fen:8/8 q9x:\n",
            "p\n  | fen:8/8 - up:\n",
            "p\n  | fen:8/8 - w 0:\n",
            "figure\n  .diagram.diag12\n    | fen:8/8:\n  .diagram.diag22\n    | fen:8/8 - x:\n",
        ] {
            let fields = fields_of(pug);
            let spec = pug_spec(&fields);
            assert!(spec.is_err(), "{pug}");
            assert_eq!(spec, yaml_spec(&fields), "{pug}");
        }
    }

    #[test]
    fn characters_yaml_would_change_go_through_yaml() {
        assert!(yaml_keeps("a «b» \\ \"c\"\t"));
        for odd in ["\u{85}", "\u{2028}", "\u{feff}", "\u{9f}", "\u{fffe}"] {
            assert!(!yaml_keeps(&format!("a{odd}b")), "{odd:?}");
        }
        assert!(plain_reads_as_text("a5") && plain_reads_as_text("8") && plain_reads_as_text("10"));
        for number in [
            "08",
            "1e3",
            "0x10",
            "1.5",
            "Inf",
            "NaN",
            "1234567890123456789",
        ] {
            assert!(!plain_reads_as_text(number), "{number}");
        }
    }
}
