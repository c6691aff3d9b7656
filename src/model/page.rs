//! A page of the site in memory: where it came from, its language and
//! variant, and its content as Markdown (Pug pages are converted on load);
//! with its source text and diagram records, a [`LoadedPage`].

use std::path::PathBuf;
use std::sync::Arc;

use super::diagram::DiagramRecord;
use super::Loc;

/// What a page is, which decides its URL and the lists it appears in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PageKind {
    /// `rules/<Variant>/<lang>`
    Rules,
    /// `pages/<name>/<lang>`: about, faq, home
    Page,
    /// `puzzles/<Variant>/<slug>.md`
    Puzzle,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SourceFormat {
    Pug,
    Markdown,
}

#[derive(Debug, Clone)]
pub struct Page {
    pub kind: PageKind,
    /// The variant (rules, puzzles) or page name (pages).
    pub name: String,
    /// The variant whose rules draw the page's diagrams: the folder name of
    /// rules and puzzles, or the front matter's `variant`.
    pub variant: Option<String>,
    /// Puzzle slug (file stem); empty for other pages.
    pub slug: String,
    pub lang: String,
    /// Path as the user would type it: `<content>/rules/Chess/en.pug`.
    pub source: PathBuf,
    pub format: SourceFormat,
    pub title: String,
    pub markdown: String,
    /// Lines of the source before `markdown` starts (front matter), so
    /// diagnostics in the Markdown point at the source line.
    pub line_offset: usize,
    /// The YAML between the `---` lines, as written (puzzles read theirs).
    pub front_matter: Option<String>,
}

impl Page {
    /// URL path below the site root, without the leading `/`, ending in `/`.
    pub fn path(&self) -> String {
        match self.kind {
            PageKind::Rules => format!("{}/rules/{}/", self.lang, self.name),
            PageKind::Page if self.name == "home" => format!("{}/", self.lang),
            PageKind::Page => format!("{}/{}/", self.lang, self.name),
            PageKind::Puzzle => format!("{}/puzzles/{}/{}/", self.lang, self.name, self.slug),
        }
    }

    /// [`Page::path`] as written in a URL: each byte that is not a letter,
    /// digit, `-`, `.`, `_`, `~` or `/` percent-encoded (`rules/Échecs/` →
    /// `rules/%C3%89checs/`), so links, the sitemap and the search index
    /// name the folder the page is written to.
    pub fn url_path(&self) -> String {
        url_path(&self.path())
    }

    /// Pages that are translations of each other share this key.
    pub fn key(&self) -> (PageKind, &str, &str) {
        (self.kind, &self.name, &self.slug)
    }
}

/// A page as loaded: the page, its source text (read once), the image
/// references found in it and its diagrams, each read once. The verify step
/// fills in the diagrams' verdicts and a puzzle's verified widget.
#[derive(Debug, Clone)]
pub struct LoadedPage {
    pub page: Page,
    pub text: Arc<str>,
    pub images: Vec<ImageRef>,
    /// The links written in the source (`a(href=..)`, `[..](..)`), in order.
    pub links: Vec<LinkRef>,
    /// Every id a link can name in this page: its headings' ids as the
    /// renderer makes them, and `id`/`name` attributes written in the source.
    pub anchors: Vec<String>,
    /// One record per ```diagram block of `page.markdown`, in order.
    pub diagrams: Vec<DiagramRecord>,
    /// A puzzle page: its proof, made when it was verified, which the
    /// render step draws (widget and goal).
    pub puzzle: Option<std::sync::Arc<crate::puzzle::page::PuzzleProof>>,
}

/// One image reference in a source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageRef {
    pub url: String,
    /// Where the URL starts.
    pub at: Loc,
}

/// One link written in a source file: the URL as written and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkRef {
    pub url: String,
    /// Where the URL starts.
    pub at: Loc,
}

/// A path below the site root (`en/rules/a+b/`, a file path) as written in
/// a URL: every byte but ASCII letters, digits, `-._~` and `/`
/// percent-encoded. A static host decodes the escapes back to the folder's
/// name; without them `a#b/` was a link to `a` and `Ev il/` put a space in
/// the sitemap.
pub fn url_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_paths_are_percent_encoded_bytewise() {
        assert_eq!(url_path("en/rules/Chess/"), "en/rules/Chess/");
        assert_eq!(url_path("en/rules/a#b/"), "en/rules/a%23b/");
        assert_eq!(url_path("fr/rules/Échecs/"), "fr/rules/%C3%89checs/");
        assert_eq!(url_path("en/x+y&z'/"), "en/x%2By%26z%27/");
        assert_eq!(url_path("a%20b"), "a%2520b");
    }
}
