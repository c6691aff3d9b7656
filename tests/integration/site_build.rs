//! Building small fixture sites: pages per language, language links,
//! previous/next, indexes, sitemap, 404, images, atomic output, determinism.

use crate::common;

use common::{markdown_renders, Site};
use fenpress::diagnostic::Severity;

/// Two variants in two languages, an about page, a home page.
fn two_variants() -> Site {
    Site::new()
        .file("config.yaml", "title: Test site\nbase_url: https://example.org/v/\n")
        .file("rules/Orda/en.md", "---\ntitle: Orda\n---\nHorde text.\n")
        .file("rules/Orda/fr.md", "Texte de la horde.\n")
        .file(
            "rules/Alice/en.md",
            "Two boards.\n\n```diagram\nfen: 4k3/8/8/8/8/8/8/4K3\nmarks: [e2]\n```\n\n```diagram\nfen: 8/8/8/8/8/8/8/8\nafter: {fen: 8/8/8/8/8/8/8/8}\n```\n",
        )
        .file("rules/Chess/en.md", "Plain chess.\n")
        .file("pages/about/en.md", "---\ntitle: About us\n---\nWho we are.\n")
        .file("pages/about/fr.md", "Qui nous sommes.\n")
        .file("pages/home/en.md", "---\ntitle: Welcome\n---\nHello.\n")
}

#[test]
fn one_page_per_variant_and_language() {
    let site = two_variants();
    site.build()
        .ok()
        .has_file("en/rules/Orda/index.html")
        .has_file("fr/rules/Orda/index.html")
        .has_file("en/rules/Alice/index.html")
        .has_file("en/rules/Chess/index.html")
        .has_file("en/about/index.html")
        .has_file("fr/about/index.html")
        .contains("en/rules/Orda/index.html", "<h1>Orda</h1>")
        // A page with no front matter takes the variant (or folder) name.
        .contains("fr/rules/Orda/index.html", "<h1>Orda</h1>")
        .contains("fr/about/index.html", "<h1>About</h1>")
        .contains("en/about/index.html", "<h1>About us</h1>");
}

#[test]
fn language_switcher_and_hreflang() {
    let site = two_variants();
    site.build()
        .ok()
        .contains(
            "en/rules/Orda/index.html",
            r#"<link rel="alternate" hreflang="fr" href="https://example.org/v/fr/rules/Orda/">"#,
        )
        .contains(
            "en/rules/Orda/index.html",
            r#"<link rel="alternate" hreflang="en" href="https://example.org/v/en/rules/Orda/">"#,
        )
        .contains(
            "en/rules/Orda/index.html",
            r#"<a href="/v/fr/rules/Orda/" hreflang="fr""#,
        )
        .contains(
            "fr/rules/Orda/index.html",
            r#"<a href="/v/en/rules/Orda/" hreflang="en""#,
        )
        // Chess exists only in English: no switcher, one alternate.
        .lacks("en/rules/Chess/index.html", "hreflang=\"fr\"");
}

#[test]
fn previous_and_next_are_alphabetical_per_language() {
    let site = two_variants();
    let built = site.build();
    built
        .ok()
        .contains(
            "en/rules/Alice/index.html",
            r#"<a rel="next" href="/v/en/rules/Chess/">"#,
        )
        .lacks("en/rules/Alice/index.html", "rel=\"prev\"")
        .contains(
            "en/rules/Chess/index.html",
            r#"<a rel="prev" href="/v/en/rules/Alice/">"#,
        )
        .contains(
            "en/rules/Chess/index.html",
            r#"<a rel="next" href="/v/en/rules/Orda/">"#,
        )
        .lacks("en/rules/Orda/index.html", "rel=\"next\"")
        // Orda is the only French variant.
        .lacks("fr/rules/Orda/index.html", "rel=\"prev\"");
}

#[test]
fn indexes_home_root_404_and_static_files() {
    let site = two_variants();
    let built = site.build();
    built
        .ok()
        .has_file("en/rules/index.html")
        .has_file("fr/rules/index.html")
        .has_file("en/index.html")
        .has_file("fr/index.html")
        .has_file("index.html")
        .has_file("404.html")
        .has_file("static/fenpress.css")
        .contains("static/fenpress.css", "color-scheme: light dark")
        .contains("static/fenpress.css", "--fp-light")
        .contains("index.html", r#"href="/v/fr/""#)
        .contains("en/index.html", "<h1>Welcome</h1>")
        .contains("fr/index.html", "<h1>Test site</h1>");
    let index = built.read("en/rules/index.html");
    let alice = index.find("/v/en/rules/Alice/").expect("Alice listed");
    let chess = index.find("/v/en/rules/Chess/").expect("Chess listed");
    let orda = index.find("/v/en/rules/Orda/").expect("Orda listed");
    assert!(alice < chess && chess < orda, "alphabetical: {index}");
    assert!(!built.site.out().join("en/home/index.html").exists());
}

#[test]
fn sitemap_lists_absolute_urls() {
    let site = two_variants();
    let built = site.build();
    built
        .ok()
        .contains(
            "sitemap.xml",
            "<loc>https://example.org/v/en/rules/Orda/</loc>",
        )
        .contains("sitemap.xml", "<loc>https://example.org/v/fr/about/</loc>")
        .contains("sitemap.xml", "<loc>https://example.org/v/en/rules/</loc>")
        .contains("sitemap.xml", "<loc>https://example.org/v/</loc>")
        .lacks("sitemap.xml", "404");
}

#[test]
fn diagrams_are_inline_svg_with_one_data_fen_per_board() {
    if !markdown_renders() {
        println!("skipped: markdown::render is not merged yet");
        return;
    }
    let site = two_variants();
    let built = site.build();
    built.ok();
    assert_eq!(built.report.diagrams, 3);
    let page = built.read("en/rules/Alice/index.html");
    assert_eq!(page.matches("data-fen=").count(), 3, "{page}");
    assert!(page.contains(r#"data-fen="4k3/8/8/8/8/8/8/4K3 e2""#));
    assert!(page.contains("role=\"img\""));
}

/// An arrow (and "Before"/"After" in the titles) only between boards a
/// move apart; two positions compared side by side get none.
#[test]
fn only_a_pair_a_move_apart_gets_an_arrow() {
    let site = Site::new().file(
        "rules/Chess/en.md",
        "```diagram\nfen: 4k3/8/8/8/8/8/4P3/4K3\nafter: {fen: 4k3/8/8/8/4P3/8/8/4K3}\ncaption: Before and after e4.\n```\n\n```diagram\nfen: 4k3/8/8/8/4Q3/8/8/4K3\nafter: {fen: 4k3/8/8/8/4R3/8/8/4K3}\ncaption: \"Left: a queen. Right: a rook.\"\n```\n",
    );
    let built = site.build();
    built.ok();
    let html = built.read("en/rules/Chess/index.html");
    assert_eq!(html.matches("→").count(), 1, "{html}");
    assert_eq!(html.matches("fp-before-after").count(), 1);
    let linked = html.find("fp-before-after").unwrap();
    let compared = html.find("<div class=\"fp-pair\">").unwrap();
    assert!(linked < compared, "the first pair is the linked one");
    assert!(
        html.contains("<title>Before: White: king e1, pawn e2"),
        "{html}"
    );
    assert!(html[compared..].contains("<title>White: king e1, rook e4"));
}

/// A git-fat pointer and a cut PNG are named at the page's line, with
/// what to do, and not copied as pictures; a link checked out as text is
/// followed to its picture.
#[test]
fn image_files_that_are_not_images_are_named_and_not_copied() {
    let cut = &common::TINY_PNG[..30];
    let site = Site::new()
        .file(
            "rules/Chess/en.md",
            "![fat](/img/fat.png)\n\n![cut](/img/cut.png)\n\n![link](/img/link.png)\n",
        )
        .bytes(
            "static/img/fat.png",
            b"#$# git-fat 95df899f13b1adefad85a23ce0f0acd17396b4b4                14751\n",
        )
        .bytes("static/img/cut.png", cut)
        .bytes("static/img/real/whole.png", common::TINY_PNG)
        .file("static/img/link.png", "real/whole.png");
    let built = site.build();
    built
        .ok()
        .diagnostic(Severity::Warning, "image-pointer", "rules/Chess/en.md", 1)
        .diagnostic(Severity::Warning, "image-corrupt", "rules/Chess/en.md", 3)
        .has_file("img/link.png");
    let pointer = built
        .report
        .diagnostics
        .iter()
        .find(|d| d.code == "image-pointer")
        .unwrap();
    assert!(pointer.message.contains("git-fat pointer"), "{pointer}");
    assert!(pointer.hint.as_deref().unwrap().contains("git fat pull"));
    assert_eq!(
        built.report.diagnostics.len(),
        2,
        "{:#?}",
        built.report.diagnostics
    );
    assert!(!site.out().join("img/fat.png").exists());
    assert!(!site.out().join("img/cut.png").exists());
    assert_eq!(
        std::fs::read(site.out().join("img/link.png")).unwrap(),
        common::TINY_PNG
    );
    site.build_strict().failed().diagnostic(
        Severity::Error,
        "image-pointer",
        "rules/Chess/en.md",
        1,
    );
}

#[test]
fn missing_images_warn_and_fail_only_when_strict() {
    let site = Site::new()
        .file(
            "rules/Chess/en.md",
            "Text\n\n![board](/variants/Chess/board.png)\n",
        )
        .file("rules/Chess/fr.md", "![ok](/img/here.png)\n")
        .bytes("static/img/here.png", common::TINY_PNG);
    site.build()
        .ok()
        .diagnostic(Severity::Warning, "missing-image", "rules/Chess/en.md", 3)
        .has_file("img/here.png");
    site.build_strict().failed().diagnostic(
        Severity::Error,
        "missing-image",
        "rules/Chess/en.md",
        3,
    );
}

#[test]
fn a_missing_shogi_piece_image_is_our_drawing_and_not_a_warning() {
    // vchess's rules pages show pieces as `/images/pieces/<Variant>/..`,
    // which the content does not hold; pieces we draw are written there.
    let site = Site::new().file(
        "rules/Shogi/en.md",
        "![King](/images/pieces/Shogi/wk.svg) ![Tokin](/images/pieces/Shogi/wq.svg) ![x](/images/pieces/Shogi/wz.svg)\n",
    );
    let built = site.build();
    built
        .ok()
        .has_file("images/pieces/Shogi/wk.svg")
        .has_file("images/pieces/Shogi/wq.svg")
        .diagnostic(Severity::Warning, "missing-image", "rules/Shogi/en.md", 1);
    let missing: Vec<_> = built
        .report
        .diagnostics
        .iter()
        .filter(|d| d.code == "missing-image")
        .collect();
    assert_eq!(missing.len(), 1, "only the letter shogi lacks: {missing:?}");
    let king = built.read("images/pieces/Shogi/wk.svg");
    assert!(
        king.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{king}"
    );
}

#[test]
fn a_failing_build_leaves_the_previous_output_intact() {
    let site = two_variants();
    site.build().ok();
    let before = site.snapshot();
    // A broken source (not UTF-8) in one page: the build fails, every other
    // page still reports, and the output is untouched.
    let site = site
        .bytes("rules/Broken/en.md", b"ok\n\xff\n")
        .file("rules/Chess/fr.md", "---\ntitle: [unclosed\n---\n");
    let built = site.build();
    built
        .failed()
        .diagnostic(Severity::Error, "encoding", "rules/Broken/en.md", 2)
        .diagnostic(Severity::Error, "front-matter", "rules/Chess/fr.md", 2);
    assert_eq!(site.snapshot(), before);
    let leftovers: Vec<_> = std::fs::read_dir(site.content().parent().unwrap())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("fenpress"))
        // The build cache stays with the output it describes (issue 44).
        .filter(|n| n != ".public.fenpress-cache")
        .collect();
    assert!(
        leftovers.is_empty(),
        "temporary folders left: {leftovers:?}"
    );
}

#[test]
fn two_builds_are_byte_identical() {
    let site = two_variants();
    site.build().ok();
    let first = site.snapshot();
    site.build().ok();
    assert_eq!(site.snapshot(), first);
}

#[test]
fn a_theme_beside_the_content_folder_wins() {
    let site = two_variants()
        .file("config.yaml", "theme: plain\n")
        .outside("themes/plain/templates/page.html", "PLAIN {{ page.title }}")
        .outside("themes/plain/templates/rules_index.html", "INDEX")
        .outside("themes/plain/templates/home.html", "HOME")
        .outside("themes/plain/templates/root.html", "ROOT")
        .outside("themes/plain/templates/404.html", "404")
        .outside("themes/plain/static/x.css", "x");
    site.build()
        .ok()
        .contains("en/rules/Orda/index.html", "PLAIN Orda")
        .has_file("static/x.css");
}

#[test]
fn a_bad_diagram_block_is_an_error_at_its_line() {
    if !markdown_renders() {
        println!("skipped: markdown::render is not merged yet");
        return;
    }
    let site = Site::new().file(
        "rules/Chess/en.md",
        "---\ntitle: C\n---\nText.\n\n```diagram\nfen: 8/8\nmarks: [a5, zz]\n```\n",
    );
    site.build()
        .failed()
        .diagnostic(Severity::Error, "diagram-spec", "rules/Chess/en.md", 8);
}

#[test]
fn a_pug_error_fails_the_build_and_other_pages_still_report() {
    let site = Site::new()
        .file("rules/Chess/en.pug", "p Fine.\n\ninclude other.pug\n")
        .file("rules/Orda/en.md", "![x](/missing.png)\n")
        .file(
            "rules/Alice/en.pug",
            "p\n  | Text.\nfigure.diagram-container\n  .diagram\n    | fen:8/8/2NP5/8/8/8/8/8:\n",
        );
    let built = site.build();
    built
        .failed()
        .diagnostic(Severity::Error, "pug-unsupported", "rules/Chess/en.pug", 3)
        .diagnostic(Severity::Warning, "missing-image", "rules/Orda/en.md", 1)
        // The malformed board is blamed at its row in the Pug source, once:
        // verification's finding, not also the renderer's `fen-malformed`.
        .diagnostic(Severity::Error, "fen-row-width", "rules/Alice/en.pug", 5);
    let fen = built
        .report
        .diagnostics
        .iter()
        .find(|d| d.code == "fen-row-width")
        .unwrap();
    assert_eq!(fen.column, 15, "{fen}");
    assert!(!built
        .report
        .diagnostics
        .iter()
        .any(|d| d.code == "fen-malformed"));
    assert!(!site.out().exists(), "a failed build writes nothing");
}

#[test]
fn markdown_diagram_findings_point_at_the_fen_line() {
    let site = Site::new().file(
        "rules/Chess/en.md",
        "---\ntitle: C\n---\nText.\n\n```diagram\ncaption: Odd board\nfen: 8/8/2NP5/8/8/8/8/8\nafter: {fen: 8/8/8/8/8/8/8/8}\n```\n",
    );
    site.build()
        .failed()
        .diagnostic(Severity::Error, "fen-row-width", "rules/Chess/en.md", 8);
    // Declared in the site's baseline, the mistake is drawn, marked.
    site.declare_findings();
    let built = site.build();
    built.ok();
    let page = built.read("en/rules/Chess/index.html");
    assert_eq!(page.matches("data-fen=").count(), 2);
    assert!(page.contains("fp-malformed"));
}

#[test]
fn puzzles_load_as_pages_in_the_default_language() {
    let site = Site::new()
        .file("config.yaml", "languages: [fr, en]\n")
        .file("rules/Chess/en.md", "Rules.\n")
        .file(
            "puzzles/Chess/mate-in-two.md",
            "---\ntitle: Mate in two\nfen: 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\ngoal: mate in 1\nsolution: 1.Re8#\n---\nWhite to play.\n",
        )
        .file(
            "puzzles/Chess/english.md",
            "---\nlang: en\nfen: 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\ngoal: mate in 1\nsolution: 1.Re8#\n---\nA puzzle.\n",
        );
    site.build()
        .ok()
        .contains(
            "fr/puzzles/Chess/mate-in-two/index.html",
            "<h1>Mate in two</h1>",
        )
        .contains(
            "en/puzzles/Chess/english/index.html",
            "<h1>Chess — english</h1>",
        );
}

#[test]
fn rules_pages_get_an_og_image_png_named_by_its_board() {
    let board = "```diagram\nfen: 4k3/8/8/8/8/8/8/4K3\n```\n";
    let site = Site::new()
        .file(
            "config.yaml",
            "languages: [en, fr]\nbase_url: https://variants.example/\n",
        )
        .file("rules/Chess/en.md", &format!("Rules.\n\n{board}"))
        .file("rules/Chess/fr.md", &format!("Règles.\n\n{board}"))
        .file(
            "rules/Orda/en.md",
            "Rules.\n\n```diagram\nfen: 4k3/8/8/8/8/8/8/3QK3\n```\n",
        );
    site.build().ok();
    let og_url = |page: &str| {
        let html = std::fs::read_to_string(site.out().join(page)).unwrap();
        let at = html
            .find("property=\"og:image\" content=\"")
            .expect("og:image meta");
        let url = &html[at + 29..];
        url[..url.find('"').unwrap()].to_string()
    };
    let url = og_url("en/rules/Chess/index.html");
    let name = url.rsplit('/').next().unwrap();
    assert!(url.contains("/og/") && name.ends_with(".png"), "{url}");
    let png = site.out().join("og").join(name);
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    // The same board in another language is the same file; another board
    // is another file.
    assert_eq!(og_url("fr/rules/Chess/index.html"), url);
    assert_ne!(og_url("en/rules/Orda/index.html"), url);
    assert_eq!(std::fs::read_dir(site.out().join("og")).unwrap().count(), 2);
    // Same board, same name and bytes on the next build.
    site.build().ok();
    assert_eq!(std::fs::read(&png).unwrap(), bytes);
}

/// A preview is only worth drawing for a site with a public address: without
/// `base_url` none is made unless the config asks, and the config can turn
/// them off for a site that has one.
#[test]
fn og_images_follow_the_base_url_unless_the_config_says() {
    let page = "Rules.\n\n```diagram\nfen: 4k3/8/8/8/8/8/8/4K3\n```\n";
    let previews = |config: &str| {
        let site = Site::new()
            .file("config.yaml", config)
            .file("rules/Chess/en.md", page);
        site.build().ok();
        let html = std::fs::read_to_string(site.out().join("en/rules/Chess/index.html")).unwrap();
        let pngs = std::fs::read_dir(site.out().join("og")).map_or(0, |d| d.count());
        (html.contains("property=\"og:image\""), pngs)
    };
    assert_eq!(previews("title: T\n"), (false, 0));
    assert_eq!(previews("base_url: https://variants.example/\n"), (true, 1));
    assert_eq!(previews("diagrams: {og_images: true}\n"), (true, 1));
    assert_eq!(
        previews("base_url: https://variants.example/\ndiagrams: {og_images: false}\n"),
        (false, 0)
    );
}

/// The `name="..."` attribute of an HTML start tag.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    tag[start..].split('"').next()
}

/// Every `<form role="search">` of a page: (its start tag, its body).
fn search_forms(html: &str) -> Vec<(&str, &str)> {
    html.match_indices("<form ")
        .filter_map(|(at, _)| {
            let rest = &html[at..];
            let tag = &rest[..rest.find('>')? + 1];
            let body = &rest[tag.len()..rest.find("</form>")?];
            (attribute(tag, "role") == Some("search")).then_some((tag, body))
        })
        .collect()
}

/// Every page offers search in its language: a GET form sending `q` to that
/// language's search page, styled by a stylesheet the page loads. The root
/// page offers it in every language; a search page has its own form only.
#[test]
fn every_page_has_the_search_form_of_its_language() {
    let site = two_variants().file(
        "puzzles/Chess/arabe.md",
        "---\ntitle: Le mat arabe\nlang: fr\ngoal: mate in 1\nfen: 7k/7p/5N2/8/8/8/8/6KR w - - 0 1\nsolution: 1.Rxh7#\n---\nLa tour et le cavalier.\n",
    );
    let built = site.build();
    built.ok();
    let out = site.out();
    let pages: Vec<String> = walkdir::WalkDir::new(&out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .map(|e| {
            let rel = e.path().strip_prefix(&out).expect("below out");
            rel.to_string_lossy().replace('\\', "/")
        })
        .collect();
    for page in [
        "index.html",
        "404.html",
        "en/index.html",
        "en/rules/index.html",
        "en/rules/Alice/index.html",
        "fr/about/index.html",
        "fr/puzzles/index.html",
        "fr/puzzles/Chess/arabe/index.html",
        "en/search/index.html",
        "fr/search/index.html",
    ] {
        assert!(pages.iter().any(|p| p == page), "{page} not in {pages:?}");
    }

    for page in &pages {
        let html = built.read(page);
        let page_lang = html
            .split_once("<html lang=\"")
            .and_then(|(_, rest)| rest.split('"').next())
            .unwrap_or_else(|| panic!("{page}: no <html lang>"));
        // The language of the folder the page is in, if any.
        if let Some((folder, _)) = page.split_once('/') {
            assert_eq!(page_lang, folder, "{page}");
        }
        let expected: &[&str] = if page == "index.html" {
            &["en", "fr"]
        } else {
            std::slice::from_ref(&page_lang)
        };
        let stylesheets: String = html
            .match_indices("<link rel=\"stylesheet\" href=\"/v/")
            .map(|(at, link)| {
                let href = html[at + link.len()..].split('"').next().unwrap_or("");
                std::fs::read_to_string(out.join(href))
                    .unwrap_or_else(|e| panic!("{page}: stylesheet {href}: {e}"))
            })
            .collect();

        let forms = search_forms(&html);
        let actions: Vec<&str> = forms
            .iter()
            .filter_map(|(tag, _)| attribute(tag, "action"))
            .collect();
        let wanted: Vec<String> = expected.iter().map(|l| format!("/v/{l}/search/")).collect();
        assert_eq!(actions, wanted, "{page}: search forms");
        for ((tag, body), lang) in forms.iter().zip(expected) {
            assert_eq!(attribute(tag, "method"), Some("get"), "{page}: {tag}");
            assert!(body.contains("name=\"q\""), "{page}: {body}");
            assert!(
                out.join(lang).join("search/index.html").is_file(),
                "{page}: no search page for {lang}"
            );
            let class = attribute(tag, "class").unwrap_or_else(|| panic!("{page}: {tag}"));
            assert!(
                stylesheets.contains(&format!(".{class} ")),
                "{page}: nothing it loads styles .{class}"
            );
        }
    }
    // The root's boxes speak their own language.
    built
        .contains("index.html", "lang=\"fr\" action=\"/v/fr/search/\"")
        .contains("index.html", "aria-label=\"Rechercher\"")
        .contains("fr/search/index.html", "<a href=\"/v/fr/rules/\">");
}
