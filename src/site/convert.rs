//! `fenpress convert`: Pug pages to Markdown (what an author leaving Pug
//! keeps) or to an HTML body fragment (what the site will show), with every
//! finding printed as `file:line:col: level[code]: message`.

use std::path::Path;

use crate::diagnostic::{Diagnostic, Severity};
use crate::markdown::{self, DiagramBlock};

/// What `convert` writes: the Markdown an author leaving Pug keeps, or the
/// HTML body fragment the site shows.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConvertTo {
    Markdown,
    Html,
}

/// What converting one file gave.
#[derive(Debug)]
pub struct FileConversion {
    pub output: Option<String>,
    pub diagnostics: Vec<Diagnostic>,
    /// 0, 1 (errors in the page) or 2 (file unreadable).
    pub status: u8,
}

/// Convert one file; `render_diagram` draws diagram blocks for `--to html`.
pub fn convert_file(
    path: &Path,
    to: ConvertTo,
    render_diagram: &mut dyn FnMut(&DiagramBlock) -> String,
) -> FileConversion {
    let unreadable = |message: String| FileConversion {
        output: None,
        diagnostics: vec![Diagnostic::new(Severity::Error, "io", path, 1, 1, message)],
        status: 2,
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return unreadable(format!("cannot read {}: {e}", path.display())),
    };
    let source = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            return unreadable(format!(
                "{} is not UTF-8 text (invalid byte at offset {})",
                path.display(),
                e.utf8_error().valid_up_to()
            ))
        }
    };
    let to_diag = |d: &fenpress_pug::PugDiagnostic| {
        let severity = match d.level {
            fenpress_pug::Level::Error => Severity::Error,
            fenpress_pug::Level::Warning => Severity::Warning,
        };
        let diag = Diagnostic::new(
            severity,
            d.code,
            path,
            d.pos.line,
            d.pos.column,
            d.message.clone(),
        );
        match &d.hint {
            Some(h) => diag.with_hint(h.clone()),
            None => diag,
        }
    };
    match fenpress_pug::convert(&source) {
        Err(errors) => FileConversion {
            output: None,
            diagnostics: errors.iter().map(to_diag).collect(),
            status: 1,
        },
        Ok(page) => {
            let output = match to {
                // The captions' claims, written into the diagram blocks.
                ConvertTo::Markdown => super::annotate::annotate_markdown(&page.markdown),
                ConvertTo::Html => markdown::render(&page.markdown, render_diagram),
            };
            FileConversion {
                output: Some(output),
                diagnostics: page.warnings.iter().map(to_diag).collect(),
                status: 0,
            }
        }
    }
}

#[derive(serde::Deserialize)]
struct DiagramYaml {
    fen: String,
    #[serde(default)]
    caption: Option<String>,
    #[serde(default)]
    after: Option<AfterYaml>,
}

#[derive(serde::Deserialize)]
struct AfterYaml {
    fen: String,
}

/// Until the site's SVG renderer is plugged in: a figure with the board's
/// FEN as data and the caption rendered from Markdown.
pub fn placeholder_diagram(block: &DiagramBlock) -> String {
    let esc = crate::diagram::svg::escape;
    match serde_saphyr::from_str::<DiagramYaml>(block.yaml) {
        Ok(d) => {
            let mut html = format!(
                "<figure class=\"diagram\"><div data-fen=\"{}\"></div>",
                esc(&d.fen)
            );
            if let Some(after) = &d.after {
                html.push_str(&format!("<div data-fen=\"{}\"></div>", esc(&after.fen)));
            }
            if let Some(caption) = &d.caption {
                html.push_str(&format!(
                    "<figcaption>{}</figcaption>",
                    markdown::render_inline(caption)
                ));
            }
            html.push_str("</figure>\n");
            html
        }
        Err(e) => format!(
            "<figure class=\"diagram\"><pre>invalid diagram block: {}</pre></figure>\n",
            esc(&e.to_string())
        ),
    }
}
