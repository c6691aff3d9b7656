//! A page of the site in memory: where it came from, its language and
//! variant, and its content as Markdown (Pug pages are converted on load).

use std::path::PathBuf;

use fenpress_pug::DiagramOrigin;

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

#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// Pug pages: where each diagram block's `fen:` came from.
    pub diagram_origins: Vec<DiagramOrigin>,
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

    /// Pages that are translations of each other share this key.
    pub fn key(&self) -> (PageKind, &str, &str) {
        (self.kind, &self.name, &self.slug)
    }
}
