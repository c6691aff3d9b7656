//! The targets. Each picks what it needs from the input's bytes (a variant
//! from the first byte, text from the rest) so one byte string explores
//! every variant the core implements.

use fenpress_rules::registry::BUILTIN;
use std::path::Path;
use std::sync::OnceLock;

use fenpress::diagram::{pieces::PieceSet, spec, svg};
use fenpress_rules::variants::chesslike::ChessLike;
use fenpress_rules::{
    betza, definition, fen, legal, notation, registry, validate, MoveList, Rules,
};

use crate::Target;

pub static ALL: &[Target] = &[
    Target {
        name: "pug",
        about: "Pug pages: parse, convert to Markdown and HTML, paste recovery",
        run: pug,
        dictionary: &[
            "\n  ",
            "\n    ",
            "| ",
            "p.",
            "figure.diagram-container\n  .diagram\n    | fen:",
            "figcaption ",
            "a(href=\"",
            "\")",
            "&nbsp;",
            ".diag12",
            "li ",
            "ul\n  li ",
            "//",
            "#{",
            "=",
            "(style=\"x\")",
            "     1\t",
            ":",
        ],
        max_len: 4096,
        recycle_blocks: 0,
    },
    Target {
        name: "fen",
        about:
            "FEN text: parse (both digit readings), validate for a variant, write back and re-read",
        run: fen_target,
        dictionary: &[
            "/", "8", "10", " w ", " b ", " 0 ", "ahah", " - ", "x", "@", "K", "k", "P", "p",
        ],
        max_len: 512,
        recycle_blocks: 0,
    },
    Target {
        name: "notation",
        about: "move text: parse, resolve against the start position of a variant",
        run: notation_target,
        dictionary: &[
            "O-O", "O-O-O", "x", "=Q", "e4", "Nf3", "...", "1.", "e2e4", ">", "@", "+", "#",
        ],
        max_len: 128,
        recycle_blocks: 0,
    },
    Target {
        name: "diagram",
        about: "diagram specs (```diagram YAML: fen with hands, marks, arrows, shadow, after, \
                moves; vchess compact strings): load, verify, draw",
        run: diagram_target,
        dictionary: &[
            "fen: ",
            "\nmarks: [",
            "\narrows: [e2e4, ",
            "\nshadow: ",
            "\norientation: black",
            "\nmoves: [",
            "\nillegal: [",
            "\nafter:\n  fen: ",
            "\n  moves: [",
            "\ncaption: ",
            "\nvariant: ",
            "\noption: [",
            "\nalt: ",
            "]",
            ", ",
            "[Pp]",
            " w 0 ahah -",
            "/",
            "10",
            "a10",
            "e4",
            "- b ",
        ],
        max_len: 1024,
        recycle_blocks: 0,
    },
    Target {
        name: "yaml",
        about: "YAML blocks: config.yaml, a page's front matter, a puzzle file",
        run: yaml_target,
        dictionary: &[
            "---\n",
            "\ntitle: ",
            "\nlanguages: [",
            "\nbase_url: ",
            "\ntheme: ",
            "\npieces: ",
            "\npuzzles:\n  proof_budget_ms: ",
            "\nwords:\n  en:\n    ",
            "\nmenu:\n  en:\n    - {title: a, url: /x/}",
            "\nvariant: ",
            "\nlang: ",
            "\nfen: ",
            "\ngoal: mate in ",
            "\nsolution: ",
            "&a [",
            "*a",
            "<<: *a",
            "!!str ",
            "? ",
            "- ",
            "{",
            "}",
            "\"",
            "'",
            "|\n  ",
        ],
        max_len: 2048,
        recycle_blocks: 0,
    },
    Target {
        name: "hostile",
        about: "hostile pages rendered as a build renders them (Markdown, Pug, diagram \
                captions, piece SVGs, config menus): the output holds no script, handler, \
                script or data URL, <base>, <meta http-equiv>, srcdoc, iframe, object or form",
        run: hostile_target,
        dictionary: &[
            "<script>alert(1)</script>",
            "<SCRIPT",
            "<img src=x onerror=alert(1)>",
            " onload=",
            " onclick=\"",
            "javascript:",
            "java\tscript:",
            "javascript&#58;",
            "&#x6A;avascript:",
            "&colon;",
            "vbscript:",
            "data:text/html,",
            "[x](",
            "![i](",
            ")",
            "<a href=\"",
            "<a href='",
            "\">",
            "<iframe srcdoc='",
            "<base href=//x/>",
            "<meta http-equiv=refresh content=0>",
            "<form action=x>",
            "<object data=x>",
            "<embed src=x>",
            "<svg><foreignObject>",
            "<style>",
            "url(",
            "<image href=\"/etc/passwd\"/>",
            "<use xlink:href=\"",
            "xmlns:xlink=\"http://www.w3.org/1999/xlink\" ",
            "<set attributeName=href to=",
            "<!--",
            "-->",
            "<![CDATA[",
            "\u{E000}fp-diagram-0\u{E000}",
            "figcaption ",
            "a(href=\"",
            "\n  ",
            "| ",
            "\ncaption: ",
            "\"",
            "'",
            "<",
            ">",
            "=",
        ],
        max_len: 1024,
        recycle_blocks: 0,
    },
    Target {
        name: "variant",
        about: "variant definitions (YAML with Betza pieces, Fairy-Stockfish ini) and Betza \
                strings: read, compile, play the first moves",
        run: variant_target,
        dictionary: &[
            "\npieces:\n  - { letter: x, betza: ",
            " }",
            "\nboard: ",
            "12x12",
            "\nstart: ",
            "\npromotion:\n  pieces: [",
            "\ncastling: ",
            "royal: true",
            "pawn: true",
            "W",
            "F",
            "N",
            "R",
            "B",
            "Q",
            "K",
            "Z",
            "C",
            "A",
            "D",
            "H",
            "G",
            "(0,0)",
            "(9,9)",
            "(1,0)",
            "[W]",
            "R0",
            "R9",
            "N99",
            "W255",
            "m",
            "c",
            "f",
            "b",
            "l",
            "r",
            "s",
            "v",
            "p",
            "g",
            "n",
            "j",
            "i",
            "e",
            "h",
            "hr",
            "lf",
            "\ninitial_moves: fairy_stockfish",
            "\nblack_moves: turned",
            "[",
            "]",
            "(",
            ")",
            ",",
            "-",
        ],
        max_len: 2048,
        // Definitions leak their names (they live for the process in the
        // site): a fresh worker every 25 blocks keeps memory flat.
        recycle_blocks: 25,
    },
];

/// The implemented variant the first byte picks, and the rest of the input.
fn variant_and_text(data: &[u8]) -> Option<(&'static dyn Rules, String)> {
    let (&first, rest) = data.split_first()?;
    let implemented: Vec<&'static dyn Rules> = registry::all().filter_map(|v| v.rules()).collect();
    if implemented.is_empty() {
        return None;
    }
    let rules = implemented[first as usize % implemented.len()];
    Some((rules, String::from_utf8_lossy(rest).into_owned()))
}

fn pug(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = fenpress_pug::convert(&text);
    if let Some(paste) = fenpress_pug::paste::detect(&text) {
        let _ = fenpress_pug::paste::explain(&paste);
    }
    let _ = fenpress_pug::paste::recover(&text);
}

fn fen_target(data: &[u8]) {
    let Some((rules, text)) = variant_and_text(data) else {
        return;
    };
    for reading in [fen::DigitReading::Decimal, fen::DigitReading::PerDigit] {
        let Ok(setup) = fen::parse_with(&text, reading) else {
            continue;
        };
        let _ = validate::validate_diagram(rules, &setup);
        let Ok(mut pos) = validate::validate(rules, &setup) else {
            continue;
        };
        // A position with a side to move writes a FEN that reads back
        // (a board alone is read as a diagram: either side may be to move).
        if setup.turn.is_none() {
            continue;
        }
        let written = fen::vchess_fen(rules, &pos);
        let again = validate::position_from_fen(rules, &written);
        assert!(
            again.is_ok(),
            "{}: `{written}` (written from `{text}`) does not read back: {:?}",
            rules.name(),
            again.err()
        );
        let mut moves = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut moves);
        let _ = legal::outcome(rules, &mut pos);
    }
}

fn notation_target(data: &[u8]) {
    let Some((rules, text)) = variant_and_text(data) else {
        return;
    };
    let _ = notation::parse(&text);
    let mut pos = rules.start_position();
    if let Ok(mv) = notation::parse_move(rules, &mut pos, &text) {
        // A move the reader accepts is legal and writes back.
        let _ = notation::san(rules, &mut pos, &mv);
        let _ = notation::coordinate(rules, &mv);
    }
}

/// The registry's variant the first byte picks (every one, with rules or
/// not: pages of unknown or unverified variants are read as well).
fn any_variant_and_text(data: &[u8]) -> Option<(&'static str, String)> {
    let (&first, rest) = data.split_first()?;
    let names = variant_names();
    let name = *names.get(first as usize % names.len().max(1))?;
    Some((name, String::from_utf8_lossy(rest).into_owned()))
}

fn variant_names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| registry::all().map(|v| v.name).collect())
}

/// A ```diagram block of the text in a Markdown rules page of the variant:
/// loaded, verified and drawn as a build does; and the text read as a
/// vchess compact string, drawn standalone.
fn diagram_target(data: &[u8]) {
    let Some((variant, text)) = any_variant_and_text(data) else {
        return;
    };
    let page = format!("# {variant}\n\n```diagram\n{text}\n```\n");
    let path = Path::new("rules").join(variant).join("en.md");
    let (loaded, _) = fenpress::content::load::read_source(&path, variant, "en", &page);
    let pieces = PieceSet::default_set();
    if let Some(mut lp) = loaded {
        let _ = fenpress::check::verify_page(&BUILTIN, &mut lp, fenpress::check::Purpose::Drawing);
        let painter = svg::Painter::page(&BUILTIN, pieces, "/pieces/");
        let mut sheet = svg::SymbolSheet::default();
        for d in &lp.diagrams {
            if let Ok(spec) = &d.spec {
                let _ = svg::draw_diagram(
                    variant,
                    spec,
                    svg::Pair::BeforeAfter,
                    &[],
                    &painter,
                    &mut sheet,
                );
            }
        }
    }
    let first_line = text.lines().next().unwrap_or("");
    if let Ok(board) = spec::parse_compact(first_line) {
        let _ = svg::draw_standalone(&BUILTIN, variant, &board, pieces, true);
    }
}

/// The first byte picks what the rest is: a `config.yaml`, the front matter
/// of a Markdown page, or a whole puzzle file.
fn yaml_target(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    match first % 3 {
        0 => {
            let langs = ["en".to_string(), "fr".to_string()];
            let _ = fenpress::site::config::Config::from_text(
                Path::new("site"),
                Some(text.as_ref()),
                &langs,
            );
        }
        1 => {
            let page = format!("---\n{text}\n---\n# Page\n");
            let path = Path::new("rules/Chess/en.md");
            let _ = fenpress::content::load::read_source(path, "Chess", "en", &page);
        }
        _ => {
            let _ = fenpress::puzzle::spec::parse(Path::new("puzzles/Chess/p.md"), &text);
        }
    }
}

/// The first byte picks what the rest is: a YAML definition, a Betza
/// string (alone, then as a piece of a small game), or an ini section.
/// A definition that compiles is played: the start's legal moves, and the
/// replies to the first few.
fn variant_target(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let compiled = match first % 3 {
        0 => definition::compile_definition(&text, "variants/Fuzz.yaml").ok(),
        1 => {
            let betza_text = text.lines().next().unwrap_or("");
            let _ = betza::parse(betza_text);
            let _ = betza::from_fairy_stockfish(betza_text);
            // Quoted so the YAML reads any text as the piece's moves.
            let quoted = betza_text.replace(['\\', '"'], "");
            let def = format!(
                "name: Fuzz\nboard: 8x8\npieces:\n  - {{ letter: p, betza: fmWfcF, pawn: true }}\n  \
                 - {{ letter: x, betza: \"{quoted}\" }}\n  - {{ letter: k, betza: K, royal: true }}\n\
                 start: 3xk3/pppppppp/8/8/8/8/PPPPPPPP/3XK3 w 0\npromotion:\n  pieces: [x]\n"
            );
            definition::compile_definition(&def, "variants/Fuzz.yaml").ok()
        }
        _ => definition::import_ini(&text, "fuzz")
            .ok()
            .and_then(|spec| ChessLike::new(spec).ok()),
    };
    let Some(compiled) = compiled else {
        return;
    };
    // As the site plays a definition it registered.
    let rules: &dyn Rules = &compiled;
    let mut pos = rules.start_position();
    let mut moves = MoveList::new();
    legal::legal_moves(rules, &mut pos, &mut moves);
    let _ = legal::outcome(rules, &mut pos);
    let _ = fen::vchess_fen(rules, &pos);
    for mv in moves.iter().take(4) {
        let _ = notation::san(rules, &mut pos, mv);
        let undo = rules.play(&mut pos, mv);
        let mut replies = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut replies);
        rules.unplay(&mut pos, mv, undo);
    }
}

/// The first byte picks what the rest is: a Markdown page, a Pug page
/// holding a figure, a diagram's caption, a piece SVG (rebuilt as a piece
/// set is), or a `config.yaml` menu URL. Whatever is rendered must hold no
/// unsafe markup (see `fenpress::unsafe_markup`); a config that is
/// accepted must hold no script URL in its menu.
fn hostile_target(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let html = match first % 5 {
        0 => render_page(Path::new("pages/x/en.md"), &text),
        1 => {
            let page = format!(
                "p {text}\nfigure\n  .diagram\n    | fen:8/8/8/8/8/8/8/K6k:\n  figcaption {text}\n"
            );
            render_page(Path::new("pages/x/en.pug"), &page)
        }
        2 => {
            let yaml = serde_json::to_string(text.as_ref()).unwrap_or_default();
            let page = format!("# C\n\n```diagram\nfen: 8/8/8/8/8/8/8/K6k\ncaption: {yaml}\n```\n");
            render_page(Path::new("pages/x/en.md"), &page)
        }
        3 => match fenpress::diagram::safe_svg::rebuild(&text) {
            Ok(rebuilt) => rebuilt.svg,
            Err(_) => String::new(),
        },
        _ => {
            let url = serde_json::to_string(text.as_ref()).unwrap_or_default();
            let config = format!("menu:\n  en:\n    - {{title: a, url: {url}}}\n");
            if let Ok(c) =
                fenpress::site::config::Config::from_text(Path::new("site"), Some(&config), &[])
            {
                for item in c.menu.iter().flat_map(|m| m.values()).flatten() {
                    let scheme = fenpress::unsafe_markup::unsafe_url(&item.url);
                    assert!(scheme.is_none(), "menu url accepted: {:?}", item.url);
                }
            }
            String::new()
        }
    };
    let found = fenpress::unsafe_markup::find(&html, &|_| false);
    assert!(found.is_empty(), "{found:?} in {html}");
}

/// A page's body as `build` renders it: loaded, its diagrams drawn with
/// their captions, its Markdown rendered and sanitised.
fn render_page(path: &Path, page: &str) -> String {
    let (loaded, _) = fenpress::content::load::read_source(path, "Chess", "en", page);
    let Some(lp) = loaded else {
        return String::new();
    };
    let painter = svg::Painter::page(&BUILTIN, PieceSet::default_set(), "/pieces/");
    let mut sheet = svg::SymbolSheet::default();
    let mut draw = |block: &fenpress::markdown::DiagramBlock| -> String {
        match lp.diagrams.get(block.index).map(|d| &d.spec) {
            Some(Ok(spec)) => {
                svg::draw_diagram(
                    "Chess",
                    spec,
                    svg::Pair::BeforeAfter,
                    &[],
                    &painter,
                    &mut sheet,
                )
                .html
            }
            _ => String::new(),
        }
    };
    let mut html = fenpress::markdown::render(&lp.page.markdown, &mut draw);
    html.push_str(&sheet.html());
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_target_takes_empty_and_odd_input() {
        for t in ALL {
            for input in [&b""[..], b"\xff\xfe", b"fen:8/8:", b"\0\0\0"] {
                (t.run)(input);
            }
        }
    }
}
