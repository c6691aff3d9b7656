//! HTML character references in Pug text. Pug copies text verbatim, so the
//! browser decides what `&...;` means; we mirror it for the references rule
//! pages use and treat anything else as a literal `&`.

/// Named references we decode. A name missing here is shown literally, which
/// is also what the browser does for a misspelt one like `& nbsp;`.
use std::borrow::Cow;

const NAMED: &[(&str, char)] = &[
    ("nbsp", '\u{a0}'),
    ("amp", '&'),
    ("lt", '<'),
    ("gt", '>'),
    ("quot", '"'),
    ("apos", '\''),
    ("mdash", '\u{2014}'),
    ("ndash", '\u{2013}'),
    ("rarr", '\u{2192}'),
    ("larr", '\u{2190}'),
    ("harr", '\u{2194}'),
    ("uarr", '\u{2191}'),
    ("darr", '\u{2193}'),
    ("rArr", '\u{21d2}'),
    ("lArr", '\u{21d0}'),
    ("hArr", '\u{21d4}'),
    ("hellip", '\u{2026}'),
    ("laquo", '\u{ab}'),
    ("raquo", '\u{bb}'),
    ("lsquo", '\u{2018}'),
    ("rsquo", '\u{2019}'),
    ("ldquo", '\u{201c}'),
    ("rdquo", '\u{201d}'),
    ("times", '\u{d7}'),
    ("divide", '\u{f7}'),
    ("deg", '\u{b0}'),
    ("copy", '\u{a9}'),
    ("reg", '\u{ae}'),
    ("middot", '\u{b7}'),
    ("bull", '\u{2022}'),
    ("infin", '\u{221e}'),
    ("frac12", '\u{bd}'),
    ("frac14", '\u{bc}'),
    ("frac34", '\u{be}'),
    ("eacute", '\u{e9}'),
    ("egrave", '\u{e8}'),
    ("agrave", '\u{e0}'),
    ("aacute", '\u{e1}'),
    ("iacute", '\u{ed}'),
    ("oacute", '\u{f3}'),
    ("uacute", '\u{fa}'),
    ("ntilde", '\u{f1}'),
    ("ccedil", '\u{e7}'),
    ("iexcl", '\u{a1}'),
    ("iquest", '\u{bf}'),
    ("shy", '\u{ad}'),
    ("thinsp", '\u{2009}'),
    ("ensp", '\u{2002}'),
    ("emsp", '\u{2003}'),
];

/// If `s` starts with a character reference the browser would decode,
/// return the character and the reference's length in bytes.
pub fn decode_at(s: &str) -> Option<(char, usize)> {
    let rest = s.strip_prefix('&')?;
    let end = rest.find(';')?;
    let body = &rest[..end];
    if body.is_empty() || body.len() > 32 {
        return None;
    }
    let c = if let Some(num) = body.strip_prefix('#') {
        let code = if let Some(hex) = num.strip_prefix('x').or_else(|| num.strip_prefix('X')) {
            u32::from_str_radix(hex, 16).ok()?
        } else {
            if !num.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            num.parse::<u32>().ok()?
        };
        char::from_u32(code).filter(|c| *c != '\0')?
    } else {
        NAMED.iter().find(|(n, _)| *n == body)?.1
    };
    Some((c, end + 2))
}

/// Decode the references in raw Pug text into the characters a reader sees.
/// Most texts hold none: they are returned borrowed.
pub fn decode(raw: &str) -> Cow<'_, str> {
    let Some(first) = raw.find('&') else {
        return Cow::Borrowed(raw);
    };
    let mut out = String::with_capacity(raw.len());
    out.push_str(&raw[..first]);
    let mut i = first;
    while let Some(at) = raw[i..].find('&') {
        out.push_str(&raw[i..i + at]);
        i += at;
        match decode_at(&raw[i..]) {
            Some((c, len)) => {
                out.push(c);
                i += len;
            }
            None => {
                out.push('&');
                i += 1;
            }
        }
    }
    out.push_str(&raw[i..]);
    Cow::Owned(out)
}

/// The first character a reader sees of raw Pug text.
pub fn first_char(raw: &str) -> Option<char> {
    decode_at(raw)
        .map(|(c, _)| c)
        .or_else(|| raw.chars().next())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_named_and_numeric_references() {
        assert_eq!(
            decode("a&nbsp;b&mdash;&#8734;&#x41;&lt;"),
            "a\u{a0}b\u{2014}\u{221e}A<"
        );
    }

    #[test]
    fn keeps_broken_references_literal() {
        assert_eq!(
            decode("& nbsp; R&D &unknown; &#xZZ; &"),
            "& nbsp; R&D &unknown; &#xZZ; &"
        );
    }
}
