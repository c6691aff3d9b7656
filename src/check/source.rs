//! Where each diagram of a page sits in its source: the board text, every
//! mark and every caption character with its line and column, so that a
//! diagnostic blames the very character (not the converted Markdown). Pug
//! pages are read as vchess reads them (`fen:<board> [marks] ...:` on one
//! line, the figure's `figcaption`); Markdown pages from their ```diagram
//! blocks, whose `moves`, `illegal` and `after.moves` are the claims.

use crate::diagram::spec::{self, DiagramSpec};
use crate::site::page::{Page, SourceFormat};

/// A 1-based line and column (in characters) in a source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Loc {
    pub line: usize,
    pub column: usize,
}

impl Loc {
    /// `n` characters further on the same line.
    pub fn plus(self, n: usize) -> Loc {
        Loc {
            line: self.line,
            column: self.column + n,
        }
    }
}

/// One board as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardText {
    /// Where `fen:` (Pug) or the `fen` key (Markdown) is.
    pub fen_at: Loc,
    /// The board field, as vchess would take it.
    pub board: String,
    /// Where the board field starts; its characters follow on the line.
    pub board_at: Loc,
    /// The marks, each with its position.
    pub marks: Vec<(String, Loc)>,
    /// Side to move, when a Markdown `fen` is a full FEN.
    pub side: Option<fenpress_rules::Color>,
    /// The whole FEN text when it has fields after the board.
    pub full_fen: Option<String>,
    /// `fen: 8/8/...`: a space after `fen:` makes vchess read an empty board.
    pub space_after_fen: bool,
}

/// A caption's text, with the position of each of its characters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CaptionText {
    pub text: String,
    pub locs: Vec<Loc>,
}

impl CaptionText {
    /// Position of the character at `offset` (clamped).
    pub fn loc(&self, offset: usize) -> Loc {
        self.locs
            .get(offset)
            .or(self.locs.last())
            .copied()
            .unwrap_or_default()
    }
    fn push_str(&mut self, s: &str, at: Loc) {
        for (i, c) in s.chars().enumerate() {
            self.text.push(c);
            self.locs.push(at.plus(i));
        }
    }
}

/// Claims written explicitly in a Markdown diagram block.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Explicit {
    pub moves: Vec<(String, Loc)>,
    pub illegal: Vec<(String, Loc)>,
    pub after_moves: Vec<(String, Loc)>,
    /// The block's caption: squares it names explain marks, as in Pug.
    pub caption: Option<String>,
}

/// One diagram (or before/after pair) of a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramSource {
    /// One board, or two for a before/after pair.
    pub boards: Vec<BoardText>,
    /// The block's own `variant:`, if any.
    pub variant: Option<String>,
    /// The caption of the figure (Pug pages).
    pub caption: Option<CaptionText>,
    /// How many diagram blocks share that caption's figure.
    pub figure_blocks: usize,
    /// Claims of a Markdown block.
    pub explicit: Option<Explicit>,
    /// Variant options of a Markdown block (`option: pacoplay`).
    pub options: Vec<String>,
}

/// A block that could not be read (bad YAML in a Markdown page).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceProblem {
    pub at: Loc,
    pub message: String,
}

/// The diagrams of a page, in document order.
pub fn diagrams_of(page: &Page, source: &str) -> (Vec<DiagramSource>, Vec<SourceProblem>) {
    match page.format {
        SourceFormat::Pug => (pug_diagrams(page, source), Vec::new()),
        SourceFormat::Markdown => markdown_diagrams(page, source),
    }
}

fn line_chars(source: &str, line: usize) -> Option<Vec<char>> {
    source
        .lines()
        .nth(line.checked_sub(1)?)
        .map(|l| l.chars().collect())
}

/// Reads `fen:<inner>:` at `at` (the `f` of `fen:`) as vchess does.
fn pug_board(source: &str, at: Loc) -> Option<BoardText> {
    let chars = line_chars(source, at.line)?;
    let start = at.column.checked_sub(1)?;
    let head: String = chars.get(start..start + 4)?.iter().collect();
    if head != "fen:" {
        return None;
    }
    let inner_start = start + 4;
    let len = chars[inner_start..].iter().position(|c| *c == ':')?;
    let inner = &chars[inner_start..inner_start + len];
    // vchess splits on single spaces: the first field is the board even if
    // it is empty (`fen: 8/8`); we take the first non-empty one and warn.
    let mut fields: Vec<(usize, String)> = Vec::new();
    let mut cur = String::new();
    let mut cur_start = 0;
    for (i, c) in inner.iter().enumerate() {
        if *c == ' ' {
            if !cur.is_empty() {
                fields.push((cur_start, std::mem::take(&mut cur)));
            }
        } else {
            if cur.is_empty() {
                cur_start = i;
            }
            cur.push(*c);
        }
    }
    if !cur.is_empty() {
        fields.push((cur_start, cur));
    }
    let col = |i: usize| Loc {
        line: at.line,
        column: inner_start + i + 1,
    };
    let (board_off, board) = fields.first().cloned().unwrap_or((0, String::new()));
    let mut marks = Vec::new();
    if let Some((off, text)) = fields.get(1) {
        if text != "-" {
            let mut pos = *off;
            for m in text.split(',') {
                if !m.is_empty() {
                    marks.push((m.to_string(), col(pos)));
                }
                pos += m.chars().count() + 1;
            }
        }
    }
    Some(BoardText {
        fen_at: at,
        board,
        board_at: col(board_off),
        marks,
        side: None,
        full_fen: None,
        space_after_fen: inner.first() == Some(&' '),
    })
}

fn indent(line: &[char]) -> usize {
    line.iter().take_while(|c| **c == ' ').count()
}

/// The `figcaption` of the figure holding line `fen_line`, and how many
/// `fen:` lines that figure has.
fn pug_caption(lines: &[Vec<char>], fen_line: usize) -> (Option<CaptionText>, usize) {
    let idx = fen_line.saturating_sub(1);
    let Some(fen) = lines.get(idx) else {
        return (None, 1);
    };
    let fen_indent = indent(fen);
    // The figure: the nearest line above, less indented, that opens one.
    let mut fig = None;
    for k in (0..idx).rev() {
        let l = &lines[k];
        let t: String = l.iter().skip(indent(l)).collect();
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
    let fig_indent = indent(&lines[fig]);
    let mut end = fig + 1;
    while end < lines.len() {
        let l = &lines[end];
        let blank = l.iter().all(|c| c.is_whitespace());
        if !blank && indent(l) <= fig_indent {
            break;
        }
        end += 1;
    }
    let body = &lines[fig + 1..end];
    let fens = body
        .iter()
        .filter(|l| l.iter().collect::<String>().contains("fen:"))
        .count()
        .max(1);
    for (k, l) in body.iter().enumerate() {
        let ind = indent(l);
        let t: String = l.iter().skip(ind).collect();
        let lower = t.to_lowercase();
        if !lower.starts_with("figcaption") {
            continue;
        }
        let line_no = fig + 1 + k + 1;
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
        for (j, child) in body[k + 1..].iter().enumerate() {
            let ci = indent(child);
            if ci <= ind && !child.iter().all(|c| c.is_whitespace()) {
                break;
            }
            let t: String = child.iter().skip(ci).collect();
            if t.is_empty() {
                continue;
            }
            let child_line = line_no + 1 + j;
            let (text, skip) = if block {
                (t.clone(), 0)
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
        let cap = (!cap.text.trim().is_empty()).then_some(cap);
        return (cap, fens);
    }
    (None, fens)
}

fn pug_diagrams(page: &Page, source: &str) -> Vec<DiagramSource> {
    let lines: Vec<Vec<char>> = source.lines().map(|l| l.chars().collect()).collect();
    let mut out = Vec::new();
    for origin in &page.diagram_origins {
        let at = Loc {
            line: origin.fen.line,
            column: origin.fen.column,
        };
        let Some(first) = pug_board(source, at) else {
            continue;
        };
        let mut boards = vec![first];
        if let Some(a) = origin.after_fen {
            if let Some(b) = pug_board(
                source,
                Loc {
                    line: a.line,
                    column: a.column,
                },
            ) {
                boards.push(b);
            }
        }
        let last_line = boards.last().map_or(at.line, |b| b.fen_at.line);
        let (caption, fens) = pug_caption(&lines, last_line);
        out.push(DiagramSource {
            figure_blocks: if boards.len() == 2 {
                fens.saturating_sub(1).max(1)
            } else {
                fens
            },
            boards,
            variant: None,
            caption,
            explicit: None,
            options: Vec::new(),
        });
    }
    out
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

fn markdown_diagrams(page: &Page, source: &str) -> (Vec<DiagramSource>, Vec<SourceProblem>) {
    let lines: Vec<Vec<char>> = source.lines().map(|l| l.chars().collect()).collect();
    let md: Vec<&str> = page.markdown.lines().collect();
    let mut out = Vec::new();
    let mut problems = Vec::new();
    let mut i = 0;
    while i < md.len() {
        let t = md[i].trim_start();
        if !(t.starts_with("```diagram") || t.starts_with("~~~diagram")) {
            i += 1;
            continue;
        }
        let fence = &t[..3];
        let start = i + 1;
        let mut end = start;
        while end < md.len() && !md[end].trim_start().starts_with(fence) {
            end += 1;
        }
        let yaml = md[start..end].join("\n");
        // Source line of block line 1.
        let base = page.line_offset + start + 1;
        i = end + 1;
        let spec = match spec::parse_block(&yaml) {
            Ok(s) => s,
            Err(e) => {
                problems.push(SourceProblem {
                    at: Loc {
                        line: base + e.line.saturating_sub(1),
                        column: e.column,
                    },
                    message: e.message,
                });
                continue;
            }
        };
        out.push(markdown_diagram(&spec, &lines, base, start, end, &md));
    }
    (out, problems)
}

fn markdown_diagram(
    spec: &DiagramSpec,
    lines: &[Vec<char>],
    base: usize,
    start: usize,
    end: usize,
    md: &[&str],
) -> DiagramSource {
    let block_lines = end - start;
    let empty = Vec::new();
    let src_line = |k: usize| lines.get(base + k - 1).unwrap_or(&empty);
    // Finds `needle` on the first block line from `from` that starts with
    // `key` (after indentation, or inside `after: { ... }`).
    let locate = |key: &str, needle: &str, from: usize| -> Option<Loc> {
        for k in from..block_lines {
            let l = src_line(k);
            let s: String = l.iter().collect();
            let Some(kpos) = s.find(key) else { continue };
            let kcol = s[..kpos].chars().count();
            if let Some(c) = find_col(l, needle, kcol + key.chars().count()) {
                return Some(Loc {
                    line: base + k,
                    column: c,
                });
            }
        }
        None
    };
    let _ = md;
    let key_loc = |(line, column): (usize, usize)| Loc {
        line: base + line.saturating_sub(1),
        column,
    };
    let side = |b: &spec::BoardSpec| {
        b.side.map(|s| match s {
            spec::Side::White => fenpress_rules::Color::White,
            spec::Side::Black => fenpress_rules::Color::Black,
        })
    };
    let board_text = |b: &spec::BoardSpec, fen_at: (usize, usize), key: &str| {
        let fen_loc = key_loc(fen_at);
        let from = fen_at.0.saturating_sub(1);
        let board_at = locate(key, &b.board, from).unwrap_or(fen_loc);
        let marks = b
            .marks
            .iter()
            .map(|m| {
                let name = m.to_string();
                let at = locate("marks", &name, from)
                    .or_else(|| locate(key, &name, from))
                    .unwrap_or(fen_loc);
                (name, at)
            })
            .collect();
        BoardText {
            fen_at: fen_loc,
            board: b.board.clone(),
            board_at,
            marks,
            side: side(b),
            full_fen: b.fen_rest.as_ref().map(|r| format!("{} {r}", b.board)),
            space_after_fen: false,
        }
    };
    let mut boards = vec![board_text(&spec.board, spec.fen_at, "fen")];
    let mut explicit = Explicit::default();
    let list = |key: &str, items: &[String]| -> Vec<(String, Loc)> {
        items
            .iter()
            .map(|m| {
                let at = locate(key, m, 0).unwrap_or(key_loc(spec.fen_at));
                (m.clone(), at)
            })
            .collect()
    };
    explicit.moves = list("moves", &spec.moves);
    explicit.illegal = list("illegal", &spec.illegal);
    explicit.caption = spec.caption.clone();
    if let Some(after) = &spec.after {
        boards.push(board_text(&after.board, after.fen_at, "fen"));
        explicit.after_moves = list("moves", &after.moves);
    }
    DiagramSource {
        boards,
        variant: spec.variant.clone(),
        caption: None,
        figure_blocks: 1,
        explicit: Some(explicit),
        options: spec.option.clone(),
    }
}
