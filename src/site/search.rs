//! Where the site meets `crate::search`: each rendered page as a
//! [`SearchPage`], the search page of each language, and the index step of
//! a build. Kept apart so that the render and build steps only call in.

use std::time::Duration;

use super::error::SiteError;
use super::output::Streaming;
use super::render::{Alternate, Output};
use super::strings::language_name;
use super::theme::{error_chain, Theme};
use crate::model::{Page, PageKind};
use crate::search::{self, indexable_html, piece_terms, SearchPage};
use fenpress_rules::registry::Registry;

/// The theme template of the search page (the base layout around
/// `search.html`). A theme without it gets no search page.
pub const SEARCH_TEMPLATE: &str = "search_page.html";

/// A rendered page as the index sees it: its content without diagrams'
/// SVG or scripts, its title, variant, kind and pieces' names.
pub fn search_page(registry: &Registry, page: &Page, content: &str) -> SearchPage {
    let (kind, variant) = match page.kind {
        PageKind::Rules => (search::PageKind::Rules, page.variant.clone()),
        PageKind::Puzzle => (search::PageKind::Puzzle, page.variant.clone()),
        PageKind::Page => (search::PageKind::Page, None),
    };
    let terms = match (page.kind, &variant) {
        (PageKind::Rules, Some(v)) => piece_terms(registry, v, &page.lang),
        _ => Vec::new(),
    };
    SearchPage {
        url: format!("/{}", page.url_path()),
        lang: page.lang.clone(),
        title: page.title.clone(),
        variant,
        kind,
        terms,
        html: indexable_html(content),
    }
}

/// A language's template context: language, alternates, canonical URL.
pub(super) type ContextFn<'a> = dyn Fn(&str, Vec<Alternate>, Option<String>) -> tera::Context + 'a;

/// `/<lang>/search/index.html` for every language, unless the theme has no
/// search page or a content page takes that path (`taken`, given a URL path
/// like `fr/search/`). The search pages link each other as translations.
pub(super) fn render_search_pages(
    theme: &Theme,
    languages: &[String],
    taken: &dyn Fn(&str) -> bool,
    output: &mut Output,
    context: &ContextFn,
    url: &dyn Fn(&str) -> String,
    permalink: &dyn Fn(&str) -> String,
) -> Result<(), SiteError> {
    if !theme
        .tera
        .get_template_names()
        .any(|n| n == SEARCH_TEMPLATE)
    {
        return Ok(());
    }
    let languages: Vec<&String> = languages
        .iter()
        .filter(|l| !taken(&format!("{l}/search/")))
        .collect();
    let alternates: Vec<Alternate> = languages
        .iter()
        .map(|l| Alternate {
            lang: (*l).clone(),
            name: language_name(l),
            url: url(&format!("{l}/search/")),
            permalink: permalink(&format!("{l}/search/")),
        })
        .collect();
    for lang in languages {
        let key = format!("{lang}/search/index.html");
        let ctx = context(
            lang,
            alternates.clone(),
            Some(permalink(&format!("{lang}/search/"))),
        );
        let html = theme
            .tera
            .render(SEARCH_TEMPLATE, &ctx)
            .map_err(|e| SiteError::Template {
                name: SEARCH_TEMPLATE.to_string(),
                message: error_chain(&e),
            })?;
        output.files.insert(key, html.into_bytes());
    }
    Ok(())
}

/// The index step: every language's bundle added to `output` under
/// `pagefind/`, replacing any bundle there. Each page's text is dropped
/// once Pagefind has read it.
pub fn add_indexes(
    pages: Vec<SearchPage>,
    pages_per_bundle: usize,
    output: &mut Output,
) -> Result<Duration, SiteError> {
    let bundles = search::build_bundles_from(pages, pages_per_bundle)?;
    let took = bundles.stats.elapsed;
    put_bundles(bundles, output);
    Ok(took)
}

/// [`add_indexes`] for a streaming build, fed one language at a time by
/// the render (see [`super::render::SearchBatches`]): each language's
/// bundle is written into `sink` part by part as soon as it is built, not
/// held. Returns the paths written (the output lists them, for the count
/// and the write step's cleanup).
pub fn write_indexes_from(
    batches: std::sync::mpsc::Receiver<(String, Vec<SearchPage>)>,
    languages: usize,
    pages_per_bundle: usize,
    sink: &Streaming,
) -> Result<Vec<String>, SiteError> {
    let mut written = Vec::new();
    search::build_bundles_from_batches(
        batches.into_iter(),
        languages,
        pages_per_bundle,
        &mut |files| {
            for (path, bytes) in files {
                sink.put(&path, &bytes)?;
                written.push(path);
            }
            Ok::<_, SiteError>(())
        },
    )?;
    Ok(written)
}

/// Replaces the bundles in `output` by `bundles`; returns the output paths
/// written and those removed.
pub fn put_bundles(bundles: search::Bundles, output: &mut Output) -> (Vec<String>, Vec<String>) {
    let prefix = format!("{}/", search::BUNDLE_DIR);
    let old: Vec<String> = output
        .files
        .range(prefix.clone()..)
        .take_while(|(k, _)| k.starts_with(&prefix))
        .map(|(k, _)| k.clone())
        .collect();
    for key in &old {
        output.files.remove(key);
    }
    let mut written = Vec::with_capacity(bundles.files.len());
    for (path, bytes) in bundles.files {
        written.push(path.clone());
        output.files.insert(path, bytes);
    }
    let removed = old
        .into_iter()
        .filter(|k| !output.files.contains_key(k))
        .collect();
    (written, removed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SourceFormat;
    use fenpress_rules::registry::BUILTIN;

    /// The search index names a page by its URL, percent-encoded as its
    /// links are (issue 41).
    #[test]
    fn a_search_entry_url_is_percent_encoded() {
        let page = Page {
            kind: PageKind::Page,
            name: "Échecs+x".into(),
            variant: None,
            slug: String::new(),
            lang: "en".into(),
            source: "pages/Échecs+x/en.md".into(),
            format: SourceFormat::Markdown,
            title: "T".into(),
            markdown: String::new(),
            line_offset: 0,
            front_matter: None,
        };
        assert_eq!(
            search_page(&BUILTIN, &page, "<p>x</p>").url,
            "/en/%C3%89checs%2Bx/"
        );
    }
}
