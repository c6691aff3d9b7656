//! Rule pages pasted out of web git viewers rather than saved as files.
//! A numbered listing that kept its indentation is recovered (numbers
//! stripped); one whose indentation was stripped, or a page flattened onto a
//! single line, cannot be read back: Pug's structure *is* its indentation.

/// What a source looks like, when it is not plain Pug.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Paste {
    /// `cat -n`-style numbered lines with indentation intact.
    Numbered {
        /// The path named by the header, if any.
        path: Option<String>,
        /// Lines before the first numbered line.
        header_lines: usize,
    },
    /// Numbered lines whose indentation (and entities) the viewer stripped.
    NumberedFlat { path: Option<String> },
    /// A whole page on one line.
    Flattened,
}

/// A recovered page: the Pug, and where each of its lines sits in the paste
/// so positions can be reported against the file the user gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovered {
    pub pug: String,
    pub path: Option<String>,
    /// For each Pug line (0-based): its 1-based line in the paste and the
    /// number of characters (number and separator) removed before it.
    pub origins: Vec<(usize, usize)>,
}

fn numbered(line: &str) -> Option<(usize, &str, usize)> {
    let t = line.trim_start_matches(' ');
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 7 {
        return None;
    }
    let n = t[..digits].parse().ok()?;
    let rest = &t[digits..];
    let (content, sep) = match rest.strip_prefix([' ', '\t']) {
        Some(c) => (c, 1),
        None if rest.is_empty() => ("", 0),
        None => return None,
    };
    Some((n, content, line.len() - t.len() + digits + sep))
}

fn header_path(line: &str) -> Option<String> {
    let t = line.trim();
    let joined: String = t.split(" / ").map(str::trim).collect::<Vec<_>>().join("/");
    let path = joined
        .rsplit(']')
        .next()
        .unwrap_or(&joined)
        .trim_start_matches('/')
        .trim();
    (path.ends_with(".pug") && !path.contains(' ')).then(|| path.to_string())
}

/// Where the numbered listing starts: after at most a few header lines
/// (blob id, breadcrumb or path, blank lines), lines numbered 1, 2, 3...
fn listing(source: &str) -> Option<(usize, Option<String>)> {
    // Lines are walked, not collected: a page that is no paste fails on
    // its first lines.
    for start in 0..4 {
        let mut body = source.lines().skip(start).peekable();
        body.peek()?;
        let ok = source.lines().nth(start + 1).is_some()
            && body
                .enumerate()
                .all(|(k, l)| numbered(l).is_some_and(|(n, _, _)| n == k + 1));
        if ok {
            let path = source.lines().take(start).find_map(header_path);
            return Some((start, path));
        }
    }
    None
}

/// Recognise a paste. `None` means: read the source as Pug.
pub fn detect(source: &str) -> Option<Paste> {
    if let Some((header_lines, path)) = listing(source) {
        let indented = source
            .lines()
            .skip(header_lines)
            .filter_map(numbered)
            .any(|(_, content, _)| content.starts_with(' '));
        return Some(if indented {
            Paste::Numbered { path, header_lines }
        } else {
            Paste::NumberedFlat { path }
        });
    }
    let mut lines = source.lines().filter(|l| !l.trim().is_empty());
    match (lines.next(), lines.next()) {
        (Some(only), None) if only.len() > 120 && only.matches(" | ").count() >= 3 => {
            Some(Paste::Flattened)
        }
        _ => None,
    }
}

/// The Pug inside a recoverable paste.
pub fn recover(source: &str) -> Option<Recovered> {
    let Some(Paste::Numbered { path, header_lines }) = detect(source) else {
        return None;
    };
    let mut pug = String::new();
    let mut origins = Vec::new();
    for (k, line) in source.lines().enumerate().skip(header_lines) {
        let (_, content, removed) = numbered(line)?;
        pug.push_str(content);
        pug.push('\n');
        origins.push((k + 1, removed));
    }
    Some(Recovered { pug, path, origins })
}

/// Why a paste cannot be read, for the error message.
pub fn explain(paste: &Paste) -> String {
    let from = |path: &Option<String>| {
        path.as_ref()
            .map(|p| format!(" of `{p}`"))
            .unwrap_or_default()
    };
    match paste {
        Paste::Numbered { path, .. } => format!("this is a numbered listing{} copied from a git web viewer", from(path)),
        Paste::NumberedFlat { path } => format!(
            "this is a numbered listing{} copied from a git web viewer that stripped the indentation (and decoded the entities); Pug nests elements by indentation, so the page's structure is lost and cannot be read back — fetch the raw file instead",
            from(path)
        ),
        Paste::Flattened => "this is a Pug page flattened onto one line (its line breaks and indentation were lost); Pug nests elements by indentation, so the page's structure cannot be read back — fetch the raw file instead".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovers_numbered_listing_with_indentation() {
        let src = "a/b/Foo/en.pug\n\n   1 p\n   2   | hi\n   3\n   4 p x\n";
        assert_eq!(
            detect(src),
            Some(Paste::Numbered {
                path: Some("a/b/Foo/en.pug".into()),
                header_lines: 2
            })
        );
        let r = recover(src).expect("recoverable");
        assert_eq!(r.pug, "p\n  | hi\n\np x\n");
        assert_eq!(r.origins[1], (4, 5));
    }

    #[test]
    fn refuses_flat_listing_and_one_line_pages() {
        let src = "0123abcd\n[repo.git] / client / Foo / fr.pug\n1 p\n2 | hi\n3 | there\n";
        assert_eq!(
            detect(src),
            Some(Paste::NumberedFlat {
                path: Some("client/Foo/fr.pug".into())
            })
        );
        assert!(recover(src).is_none());
        let flat = format!("p.boxed | a | b | c {}", "x ".repeat(80));
        assert_eq!(detect(&flat), Some(Paste::Flattened));
    }

    #[test]
    fn plain_pug_is_not_a_paste() {
        assert_eq!(detect("p\n  | 1 2\n"), None);
        assert_eq!(detect("p Hello | world\n"), None);
    }
}
