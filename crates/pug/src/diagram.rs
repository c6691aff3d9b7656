//! `fen:...:` strings in page text, read the way vchess reads them (the
//! regex `/(fen:)([^:]*):/g` over the page, fields split on spaces), and
//! written out as the YAML of a ```diagram block. Nothing here knows what a
//! board means: the rules core checks that later.

/// One `fen:<board> [marks] [orientation] [shadow]:` string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenString {
    pub board: String,
    /// Squares to highlight; empty when absent or `-`.
    pub marks: Vec<String>,
    pub orientation: Option<String>,
    pub shadow: Vec<String>,
    /// Fields after the fourth, which vchess ignores.
    pub extra: Vec<String>,
}

/// A `fen:` match inside a text: byte range of the whole match and the
/// character offset of its `f`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenMatch {
    pub start: usize,
    pub end: usize,
    pub char_offset: usize,
    pub fen: FenString,
    /// Where the parts of `fen` start, in characters after the `f`.
    pub offsets: FieldOffsets,
}

/// Where the board and each mark of a `fen:` string start, in characters
/// counted from the `f` of `fen:` (the board's is just after `fen:` when
/// the string has no field).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FieldOffsets {
    pub board: usize,
    /// One per item of [`FenString::marks`], in order.
    pub marks: Vec<usize>,
    /// The character after `fen:` is a space (vchess then reads an empty
    /// board; the checker warns).
    pub space_after_fen: bool,
}

/// Whether `text` holds a `fen:...:` string: what `find_all` would find,
/// without reading its fields (most texts hold none).
pub fn contains_fen(text: &str) -> bool {
    // A byte search for a `:` (absent from most texts) before the
    // substring search, which costs more to set up than a short text.
    text.contains(':')
        && text
            .find("fen:")
            .is_some_and(|at| text[at + 4..].contains(':'))
}

/// All non-overlapping `fen:...:` matches of `text`, as vchess's regex finds.
pub fn find_all(text: &str) -> Vec<FenMatch> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("fen:") {
        let start = from + at;
        let inner_start = start + 4;
        let Some(len) = text[inner_start..].find(':') else {
            break;
        };
        let end = inner_start + len + 1;
        let inner = &text[inner_start..inner_start + len];
        out.push(FenMatch {
            start,
            end,
            char_offset: text[..start].chars().count(),
            fen: parse_fields(inner),
            offsets: field_offsets(inner),
        });
        from = end;
    }
    out
}

/// The fields of the text between `fen:` and `:`, each with the character
/// offset where it starts. vchess splits on single spaces; runs of spaces
/// only occur by mistake, so empty fields are dropped (the first field is
/// then the board even after `fen: `; the checker warns about that space).
/// The one splitter of `fen:` fields: the converter and the checker's
/// source positions both use it.
pub fn fields(inner: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut chars = 0;
    for field in inner.split(' ') {
        if !field.is_empty() {
            out.push((chars, field));
        }
        chars += field.chars().count() + 1;
    }
    out
}

/// Where the board and the marks of the text between `fen:` and `:` start
/// (see [`FieldOffsets`]): the items that [`parse_fields`] keeps.
fn field_offsets(inner: &str) -> FieldOffsets {
    let fields = fields(inner);
    let mut offsets = FieldOffsets {
        board: 4 + fields.first().map_or(0, |(at, _)| *at),
        marks: Vec::new(),
        space_after_fen: inner.starts_with(' '),
    };
    if let Some(&(at, marks)) = fields.get(1) {
        if marks != "-" {
            let mut pos = 4 + at;
            for mark in marks.split(',') {
                if !mark.is_empty() {
                    offsets.marks.push(pos);
                }
                pos += mark.chars().count() + 1;
            }
        }
    }
    offsets
}

fn parse_fields(inner: &str) -> FenString {
    let fields: Vec<&str> = fields(inner).into_iter().map(|(_, f)| f).collect();
    let list = |f: Option<&&str>| -> Vec<String> {
        match f {
            Some(s) if *s != "-" => s
                .split(',')
                .filter(|x| !x.is_empty())
                .map(str::to_string)
                .collect(),
            _ => Vec::new(),
        }
    };
    FenString {
        board: fields.first().map_or(String::new(), |s| s.to_string()),
        marks: list(fields.get(1)),
        orientation: fields.get(2).map(|s| s.to_string()),
        shadow: list(fields.get(3)),
        extra: fields.iter().skip(4).map(|s| s.to_string()).collect(),
    }
}

/// A YAML scalar: plain when it cannot be mistaken for anything else,
/// double-quoted otherwise.
pub fn yaml_scalar(s: &str) -> String {
    if is_plain_scalar(s) {
        s.to_string()
    } else {
        yaml_quoted(s)
    }
}

/// Whether [`yaml_scalar`] writes `s` plain (unquoted).
pub fn is_plain_scalar(s: &str) -> bool {
    !s.is_empty()
        && s.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "/-_.@+".contains(c))
        && !matches!(
            s.to_ascii_lowercase().as_str(),
            "true" | "false" | "null" | "yes" | "no" | "on" | "off" | "y" | "n" | "~"
        )
}

/// A double-quoted YAML string holding exactly `s`.
pub fn yaml_quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn yaml_list(items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|s| yaml_scalar(s)).collect();
    format!("[{}]", items.join(", "))
}

/// The YAML lines of one board (`fen`, `marks`, `orientation`, `shadow`).
fn board_fields(fen: &FenString) -> Vec<(&'static str, String)> {
    let mut fields = vec![("fen", yaml_scalar(&fen.board))];
    if !fen.marks.is_empty() {
        fields.push(("marks", yaml_list(&fen.marks)));
    }
    if let Some(o) = &fen.orientation {
        fields.push(("orientation", yaml_scalar(o)));
    }
    if !fen.shadow.is_empty() {
        fields.push(("shadow", yaml_list(&fen.shadow)));
    }
    fields
}

/// The content of a ```diagram block (without the fences), each line ending
/// in a newline. `caption` is Markdown inline text.
pub fn block_yaml(fen: &FenString, after: Option<&FenString>, caption: Option<&str>) -> String {
    let mut out = String::new();
    for (key, value) in board_fields(fen) {
        out.push_str(&format!("{key}: {value}\n"));
    }
    if let Some(after) = after {
        let inner: Vec<String> = board_fields(after)
            .into_iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect();
        out.push_str(&format!("after: {{ {} }}\n", inner.join(", ")));
    }
    if let Some(caption) = caption {
        out.push_str(&format!("caption: {}\n", yaml_quoted(caption)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_match_with_fields() {
        let m =
            find_all("x fen:8/8/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR - w 8,7,b6-h6,a5: y fen:k/K c10,a1:");
        assert_eq!(m.len(), 2);
        assert_eq!(m[0].char_offset, 2);
        assert!(m[0].fen.marks.is_empty());
        assert_eq!(m[0].fen.orientation.as_deref(), Some("w"));
        assert_eq!(m[0].fen.shadow, ["8", "7", "b6-h6", "a5"]);
        assert_eq!(m[1].fen.marks, ["c10", "a1"]);
        assert_eq!(m[1].offsets.board, 4);
        assert_eq!(m[1].offsets.marks, [8, 12]);
        let spaced = find_all("fen: 8/8 ,a5,,b6 w:");
        assert!(spaced[0].offsets.space_after_fen);
        assert_eq!(spaced[0].offsets.board, 5);
        assert_eq!(spaced[0].offsets.marks, [10, 14]);
        assert_eq!(spaced[0].fen.marks, ["a5", "b6"]);
    }

    #[test]
    fn unterminated_fen_is_not_a_match() {
        assert!(find_all("the fen: string").is_empty());
    }

    #[test]
    fn yaml_quotes_what_could_be_misread() {
        assert_eq!(yaml_scalar("7k/8/@p6/8"), "7k/8/@p6/8");
        assert_eq!(yaml_scalar("@7/8"), "\"@7/8\"");
        assert_eq!(yaml_scalar("no"), "\"no\"");
        assert_eq!(
            yaml_quoted("a \"b\" \\ c: #d"),
            "\"a \\\"b\\\" \\\\ c: #d\""
        );
        let y = block_yaml(
            &parse_fields("7k/8 a5,b5"),
            Some(&parse_fields("8/8 c3")),
            Some("1.Qa5 *wins*"),
        );
        assert_eq!(y, "fen: 7k/8\nmarks: [a5, b5]\nafter: { fen: 8/8, marks: [c3] }\ncaption: \"1.Qa5 *wins*\"\n");
    }
}
