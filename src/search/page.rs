//! A page as the search index sees it, and the small HTML document that
//! Pagefind indexes for it: the page's own content under a heading that
//! carries its title, with the weights that make a variant's own page rank
//! first for its name and its pieces' names.

use crate::diagram::svg::escape;

/// What a page is, shown beside each result and kept as a Pagefind meta
/// (`kind`) for the browser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum PageKind {
    /// `rules/<Variant>/<lang>`: a variant's rules.
    Rules,
    /// `puzzles/<Variant>/<slug>`.
    Puzzle,
    /// `pages/<name>/<lang>`: about, FAQ, ...
    Page,
}

impl PageKind {
    pub fn as_str(self) -> &'static str {
        match self {
            PageKind::Rules => "rules",
            PageKind::Puzzle => "puzzle",
            PageKind::Page => "page",
        }
    }
}

/// One page to index, as the site hands it over.
///
/// `html` is the page's **rendered content only** (what Markdown or Pug
/// became, diagrams included): no `<html>`, no header, menu, search box or
/// footer, so that site chrome never matches a query. Headings in it that
/// carry an `id` become result sub-sections linking to `url#id`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct SearchPage {
    /// Path of the page from the site root, as a browser would request it
    /// with the site at the host's root: `/fr/rules/Orda/`. A site deployed
    /// under a sub-path needs nothing else: the browser side prefixes the
    /// site's base, found from where the bundle was loaded.
    pub url: String,
    /// Language code of the page (`en`, `fr`, `es`): the page goes into that
    /// language's index, stemmed for that language.
    pub lang: String,
    /// The title shown in results; indexed with the highest weight.
    pub title: String,
    /// The variant the page is about (a rules page, a puzzle), shown in results.
    pub variant: Option<String>,
    /// What kind of page this is.
    pub kind: PageKind,
    /// Names the page should rank first for besides its title: for a rules
    /// page, its pieces' names in the page's language. Indexed with a high
    /// weight; shown in a result's snippet when they are what matched.
    pub terms: Vec<String>,
    /// The rendered content (see above).
    pub html: String,
}

/// Pagefind's heading weights go from 7 (`h1`) down; the title and the terms
/// outrank any heading so that the page *about* a thing comes before pages
/// that discuss it at length.
const TITLE_WEIGHT: &str = "10";
const TERMS_WEIGHT: &str = "9";

impl SearchPage {
    /// The document handed to Pagefind for this page.
    ///
    /// Everything Pagefind needs is here, so the site's templates need no
    /// Pagefind attribute at all:
    /// - `<html lang>`: informative only, the language index is chosen by
    ///   [`SearchPage::lang`];
    /// - `data-pagefind-body` on the wrapper: only this is indexed;
    /// - `data-pagefind-meta="title"` on the `h1` and `data-pagefind-weight`
    ///   on the title and the terms;
    /// - metas `variant` and `kind` for the result list.
    pub(crate) fn indexed_document(&self) -> String {
        let mut doc = String::with_capacity(self.html.len() + 512);
        doc.push_str("<!doctype html><html lang=\"");
        doc.push_str(&escape(&self.lang));
        doc.push_str("\"><head><meta charset=\"utf-8\"><title>");
        doc.push_str(&escape(&self.title));
        doc.push_str("</title></head><body><main data-pagefind-body data-kind=\"");
        doc.push_str(self.kind.as_str());
        // Metas read from attributes: a literal `key:value` meta takes the
        // rest of the attribute, commas included, so only one would fit.
        match &self.variant {
            Some(variant) => {
                doc.push_str("\" data-variant=\"");
                doc.push_str(&escape(variant));
                doc.push_str("\" data-pagefind-meta=\"kind[data-kind], variant[data-variant]");
            }
            None => doc.push_str("\" data-pagefind-meta=\"kind[data-kind]"),
        }
        doc.push_str("\"><h1 data-pagefind-meta=\"title\" data-pagefind-weight=\"");
        doc.push_str(TITLE_WEIGHT);
        doc.push_str("\">");
        doc.push_str(&escape(&self.title));
        doc.push_str("</h1>");
        let terms: Vec<&str> = self
            .terms
            .iter()
            .map(|t| t.trim())
            .filter(|t| !t.is_empty())
            .collect();
        if !terms.is_empty() {
            doc.push_str("<p data-pagefind-weight=\"");
            doc.push_str(TERMS_WEIGHT);
            doc.push_str("\">");
            doc.push_str(&escape(&terms.join(", ")));
            doc.push_str(".</p>");
        }
        doc.push_str(&self.html);
        doc.push_str("</main></body></html>");
        doc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn orda() -> SearchPage {
        SearchPage {
            url: "/fr/rules/Orda/".into(),
            lang: "fr".into(),
            title: "Orda".into(),
            variant: Some("Orda".into()),
            kind: PageKind::Rules,
            terms: vec!["Kheshig".into(), " ".into(), "Yourte".into()],
            html: "<h2 id=\"pieces\">Pièces</h2><p>Le kheshig…</p>".into(),
        }
    }

    #[test]
    fn document_carries_title_metas_weights_and_content() {
        let doc = orda().indexed_document();
        assert!(doc.starts_with("<!doctype html><html lang=\"fr\">"));
        assert!(doc.contains(
            "<main data-pagefind-body data-kind=\"rules\" data-variant=\"Orda\" \
             data-pagefind-meta=\"kind[data-kind], variant[data-variant]\">"
        ));
        assert!(
            doc.contains("<h1 data-pagefind-meta=\"title\" data-pagefind-weight=\"10\">Orda</h1>")
        );
        assert!(doc.contains("<p data-pagefind-weight=\"9\">Kheshig, Yourte.</p>"));
        assert!(doc.contains("<h2 id=\"pieces\">Pièces</h2>"));
        assert!(doc.ends_with("</main></body></html>"));
    }

    #[test]
    fn no_terms_paragraph_without_terms() {
        let mut page = orda();
        page.terms.clear();
        page.variant = None;
        page.kind = PageKind::Page;
        let doc = page.indexed_document();
        assert!(!doc.contains("data-pagefind-weight=\"9\""));
        assert!(doc.contains("data-kind=\"page\" data-pagefind-meta=\"kind[data-kind]\">"));
    }

    #[test]
    fn user_text_is_escaped() {
        let mut page = orda();
        page.title = "A <b> & \"C\"".into();
        page.variant = Some("X, Y".into());
        let doc = page.indexed_document();
        assert!(doc.contains(">A &lt;b&gt; &amp; &quot;C&quot;</h1>"));
        assert!(doc.contains("data-variant=\"X, Y\""));
    }
}
