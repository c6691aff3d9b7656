//! Images a page references (`img(src="...")` in Pug, `![..](..)` and
//! `<img src="..">` in Markdown), found in the source text so a missing one
//! is reported at its own file:line:col.

use std::path::{Component, Path, PathBuf};
use std::sync::LazyLock;

use memchr::memmem::Finder;

use crate::diagnostic::{Diagnostic, Severity};
pub use crate::model::ImageRef;
use crate::model::{LoadedPage, Loc, Page};

/// Where a referenced image lives and where it goes in the output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageAsset {
    /// The file copied (empty for a drawn image).
    pub source: PathBuf,
    /// Output path below the site root (`/`-separated, no leading `/`).
    pub target: String,
    /// Our own drawing, written instead of a copy: a shogi or xiangqi
    /// piece's image that the content lacks.
    pub drawn: Option<String>,
}

/// The two patterns looked for in every line, each searcher built once.
static SRC: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new("src=\""));
static IMAGE: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new("!["));

/// Every local image reference of a source, in order.
pub fn find_images(text: &str) -> Vec<ImageRef> {
    let mut refs = Vec::new();
    // A needle the whole text lacks is not looked for line by line.
    let src_in_text = SRC.find(text.as_bytes()).is_some();
    let image_in_text = IMAGE.find(text.as_bytes()).is_some();
    if !src_in_text && !image_in_text {
        return refs;
    }
    for (i, line) in text.lines().enumerate() {
        let mut push = |byte: usize, url: &str| {
            if is_local(url) {
                refs.push(ImageRef {
                    url: url.to_string(),
                    at: Loc {
                        line: i + 1,
                        column: line[..byte].chars().count() + 1,
                    },
                });
            }
        };
        let srcs = src_in_text.then(|| SRC.find_iter(line.as_bytes()));
        for at in srcs.into_iter().flatten() {
            let start = at + 5;
            if let Some(len) = line[start..].find('"') {
                push(start, &line[start..start + len]);
            }
        }
        let images = image_in_text.then(|| IMAGE.find_iter(line.as_bytes()));
        for at in images.into_iter().flatten() {
            // `![alt](url "title")`: the URL runs to a space or `)`.
            let Some(close) = line[at..].find("](") else {
                continue;
            };
            let start = at + close + 2;
            let len = line[start..].find([')', ' ']).unwrap_or(line.len() - start);
            let url = line[start..start + len]
                .trim_start_matches('<')
                .trim_end_matches('>');
            push(start, url);
        }
    }
    refs
}

fn is_local(url: &str) -> bool {
    !(url.is_empty()
        || url.contains("://")
        || url.starts_with("//")
        || url.starts_with("data:")
        || url.starts_with("mailto:")
        || url.starts_with('#'))
}

/// Find the file an image URL names: `/x/y.png` against the content root,
/// then its `static/` folder; `y.png` beside the source file. `page_path` is
/// the page's output folder, where a relative image is copied.
pub fn resolve(
    root: &Path,
    source_dir: &Path,
    page_path: &str,
    url: &str,
) -> Result<ImageAsset, Vec<PathBuf>> {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    let escapes = Path::new(path.trim_start_matches('/'))
        .components()
        .any(|c| !matches!(c, Component::Normal(_)));
    if let Some(rest) = path.strip_prefix('/') {
        let candidates = vec![root.join(rest), root.join("static").join(rest)];
        if !escapes {
            if let Some(found) = candidates.iter().find(|p| p.is_file() && within(root, p)) {
                return Ok(ImageAsset {
                    source: found.clone(),
                    target: rest.to_string(),
                    drawn: None,
                });
            }
        }
        Err(candidates)
    } else {
        let candidate = source_dir.join(path);
        if !escapes && candidate.is_file() && within(root, &candidate) {
            return Ok(ImageAsset {
                source: candidate,
                target: format!("{page_path}{path}"),
                drawn: None,
            });
        }
        Err(vec![candidate])
    }
}

/// Whether `path`, symlinks resolved, is inside `root`: a symlink in the
/// content to a file outside it (`x.png -> ~/.ssh/id_rsa`, in a pull
/// request) would otherwise be copied into the published site.
pub(super) fn within(root: &Path, path: &Path) -> bool {
    match (root.canonicalize(), path.canonicalize()) {
        (Ok(root), Ok(path)) => path.starts_with(root),
        _ => false,
    }
}

/// The images of `loaded` that exist (to copy into the output) and a
/// `missing-image` warning for each one that does not, an `image-pointer`
/// or `image-corrupt` one for each file that is not the image it names
/// (not copied: our drawing stands in where there is one): the one judge
/// of images, for `check` and `build` alike.
pub fn check_page(root: &Path, loaded: &LoadedPage) -> (Vec<ImageAsset>, Vec<Diagnostic>) {
    let page = &loaded.page;
    let dir = page.source.parent().unwrap_or(root);
    let mut assets = Vec::new();
    let mut diagnostics = Vec::new();
    for image in &loaded.images {
        match resolve(root, dir, &page.path(), &image.url) {
            Ok(asset) => match super::image_file::follow(root, &asset.source) {
                Ok(source) => assets.push(ImageAsset { source, ..asset }),
                Err((file, fault)) => {
                    let shown = |p: &Path| p.strip_prefix(root).unwrap_or(p).display().to_string();
                    let through = if file == asset.source {
                        String::new()
                    } else {
                        format!(" through the link `{}`", shown(&asset.source))
                    };
                    diagnostics.push(
                        Diagnostic::new(
                            Severity::Warning,
                            fault.code(),
                            &page.source,
                            image.at.line,
                            image.at.column,
                            format!(
                                "image `{}`: `{}`{through} is {}",
                                image.url,
                                shown(&file),
                                fault.what()
                            ),
                        )
                        .with_span(image.url.chars().count())
                        .with_hint(fault.hint()),
                    );
                    if let Some(svg) = crate::diagram::pieces::drawn_piece_image(&image.url) {
                        assets.push(ImageAsset {
                            source: PathBuf::new(),
                            target: asset.target,
                            drawn: Some(svg),
                        });
                    }
                }
            },
            Err(looked) => {
                // vchess's piece images (`/images/pieces/Shogi/wk.svg`) are
                // not in the content: where we draw the piece, our drawing
                // stands in.
                if let Some(svg) = crate::diagram::pieces::drawn_piece_image(&image.url) {
                    assets.push(ImageAsset {
                        source: PathBuf::new(),
                        target: image.url.trim_start_matches('/').to_string(),
                        drawn: Some(svg),
                    });
                    continue;
                }
                let looked: Vec<String> = looked.iter().map(|p| p.display().to_string()).collect();
                diagnostics.push(
                    Diagnostic::new(
                        Severity::Warning,
                        "missing-image",
                        &page.source,
                        image.at.line,
                        image.at.column,
                        format!("image `{}` not found", image.url),
                    )
                    .with_span(image.url.chars().count())
                    .with_hint(format!("looked for {}", looked.join(" and "))),
                );
            }
        }
    }
    (assets, diagnostics)
}

/// Whether a link that names no page names a file: `/x/y.pdf` in the
/// content root, its `static/` folder (also as `/static/...`), or a path
/// beside the page's source.
pub fn link_target_exists(root: &Path, page: &Page, path: &str) -> bool {
    let dir = page.source.parent().unwrap_or(root);
    if resolve(root, dir, "", path).is_ok() {
        return true;
    }
    path.strip_prefix("/static/")
        .is_some_and(|rest| resolve(root, dir, "", &format!("/{rest}")).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_pug_html_and_markdown_images() {
        let text = "p\n  img.img-center(src=\"/variants/B/x.jpg\" style=\"w\")\n![A board](board.png \"t\") and <img src=\"https://e.org/a.png\">\n";
        let refs = find_images(text);
        assert_eq!(
            refs,
            vec![
                ImageRef {
                    url: "/variants/B/x.jpg".into(),
                    at: Loc {
                        line: 2,
                        column: 23,
                    },
                },
                ImageRef {
                    url: "board.png".into(),
                    at: Loc {
                        line: 3,
                        column: 12,
                    },
                },
            ]
        );
    }

    #[test]
    fn resolves_against_root_static_and_page_folder() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("static/img")).unwrap();
        std::fs::create_dir_all(root.join("rules/X")).unwrap();
        std::fs::write(root.join("static/img/a.png"), b"x").unwrap();
        std::fs::write(root.join("rules/X/b.png"), b"x").unwrap();
        let a = resolve(root, &root.join("rules/X"), "en/rules/X/", "/img/a.png").unwrap();
        assert_eq!(a.target, "img/a.png");
        let b = resolve(root, &root.join("rules/X"), "en/rules/X/", "b.png").unwrap();
        assert_eq!(b.target, "en/rules/X/b.png");
        assert_eq!(resolve(root, root, "", "/nope.png").unwrap_err().len(), 2);
        assert!(resolve(root, &root.join("rules/X"), "", "../X/b.png").is_err());
    }
}
