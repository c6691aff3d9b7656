//! Writing visible text as Markdown inline source: every character that
//! Markdown would read as syntax is escaped, so the reader sees exactly the
//! text the Pug page showed.

/// Markdown inline source being written, with enough context to know where
/// a line starts (block syntax like `- `, `#`, `1.` only matters there).
#[derive(Debug, Default)]
pub struct InlineWriter {
    pub out: String,
    /// Newlines become spaces (headings, table cells, captions).
    pub single_line: bool,
    /// Also escape `#`, `{` and `}` (ATX closing sequence, heading attributes).
    pub heading: bool,
}

/// CommonMark's punctuation, close enough: ASCII punctuation and any other
/// non-alphanumeric, non-space character.
pub fn is_punctuation(c: char) -> bool {
    c.is_ascii_punctuation() || (!c.is_alphanumeric() && !c.is_whitespace())
}

impl InlineWriter {
    pub fn new(single_line: bool) -> Self {
        InlineWriter {
            out: String::new(),
            single_line,
            heading: false,
        }
    }

    fn at_line_start(&self) -> bool {
        self.out.is_empty() || self.out.ends_with('\n')
    }

    /// Whether byte `b` may start a character that `text` writes other
    /// than as itself away from a line start (`0xC2` leads a no-break
    /// space). Every such byte is ASCII or a lead byte, so a run before one
    /// ends on a character boundary.
    fn needs_care(&self, b: u8) -> bool {
        matches!(
            b,
            b'\n' | b'\r' | b'\\' | b'*' | b'_' | b'[' | b']' | b'`' | b'<' | b'|' | b'&' | 0xC2
        ) || (self.heading && matches!(b, b'#' | b'{' | b'}'))
    }

    /// Markdown syntax or inline HTML, written as is.
    pub fn raw(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Visible text (entities already decoded).
    pub fn text(&mut self, text: &str) {
        self.out.reserve(text.len());
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            if !self.at_line_start() {
                // Away from a line start only a few characters need care:
                // copy the run before the next one whole.
                let plain = rest
                    .bytes()
                    .position(|b| self.needs_care(b))
                    .unwrap_or(rest.len());
                if plain > 0 {
                    self.out.push_str(&rest[..plain]);
                    rest = &rest[plain..];
                    continue;
                }
            }
            let here = rest;
            rest = &rest[c.len_utf8()..];
            let next = rest.chars().next();
            if c == '\n' || c == '\r' {
                if self.single_line {
                    self.out.push(' ');
                } else {
                    // Two trailing spaces would make a hard line break.
                    let trimmed = self.out.trim_end_matches([' ', '\t']).len();
                    self.out.truncate(trimmed);
                    if !self.out.is_empty() {
                        self.out.push('\n');
                    }
                }
                continue;
            }
            if self.at_line_start() {
                if c == ' ' || c == '\t' {
                    continue;
                }
                if matches!(c, '#' | '>' | '-' | '+' | '=' | '~') {
                    self.out.push('\\');
                    self.out.push(c);
                    continue;
                }
                if c.is_ascii_digit() {
                    // `12.` or `12)` then a space would start an ordered list.
                    let digits = here.bytes().take_while(u8::is_ascii_digit).count();
                    let after = &here[digits..];
                    let marker = after.starts_with(['.', ')']);
                    if marker
                        && digits <= 9
                        && after[1..].chars().next().is_none_or(char::is_whitespace)
                    {
                        self.out.push_str(&here[..digits]);
                        self.out.push('\\');
                        self.out.push_str(&after[..1]);
                        rest = &after[1..];
                        continue;
                    }
                }
            }
            match c {
                '\\' | '*' | '_' | '[' | ']' | '`' | '<' | '|' => {
                    self.out.push('\\');
                    self.out.push(c);
                }
                '#' | '{' | '}' if self.heading => {
                    self.out.push('\\');
                    self.out.push(c);
                }
                '&' if next.is_some_and(|n| n.is_ascii_alphanumeric() || n == '#') => {
                    self.out.push_str("\\&")
                }
                '\u{a0}' => self.out.push_str("&nbsp;"),
                c => self.out.push(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn md(text: &str) -> String {
        let mut w = InlineWriter::new(false);
        w.text(text);
        w.out
    }

    #[test]
    fn escapes_inline_syntax() {
        assert_eq!(
            md("a*b_c [d] `e` <--> f|g \\"),
            "a\\*b\\_c \\[d\\] \\`e\\` \\<--> f\\|g \\\\"
        );
        assert_eq!(md("R&D &amp; & nbsp;"), "R\\&D \\&amp; & nbsp;");
        assert_eq!(md("x\u{a0}y"), "x&nbsp;y");
    }

    #[test]
    fn escapes_block_syntax_at_line_start_only() {
        assert_eq!(
            md("- a - b\n+ c\n# d\n> e\n1. f\n12) g\n1.e4\n=="),
            "\\- a - b\n\\+ c\n\\# d\n\\> e\n1\\. f\n12\\) g\n1.e4\n\\=="
        );
    }

    #[test]
    fn trailing_spaces_never_make_hard_breaks() {
        assert_eq!(md("foo  \n   bar"), "foo\nbar");
        let mut w = InlineWriter::new(true);
        w.text("foo\nbar");
        assert_eq!(w.out, "foo bar");
    }
}
