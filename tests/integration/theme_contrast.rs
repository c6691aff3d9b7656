//! The contrast of the diagram palette (WCAG 2 relative luminance): marks,
//! arrows and shadows against both square colours, in the light and the
//! dark theme, read from the one palette of `fenpress.css`. Graphics need
//! 3:1 (WCAG 1.4.11), text 4.5:1.

use std::collections::BTreeMap;

const CSS: &str = include_str!("../../themes/default/static/fenpress.css");

/// Graphics: a mark or an arrow against the square under it.
const GRAPHICS: f64 = 3.0;
/// Body text against the page.
const TEXT: f64 = 4.5;

type Rgb = [f64; 3];

/// `#rgb` or `#rrggbb` as 0-255 channels.
fn hex(value: &str) -> Rgb {
    let digits = value.trim().trim_start_matches('#');
    let digits: String = if digits.len() == 3 {
        digits.chars().flat_map(|c| [c, c]).collect()
    } else {
        digits.to_string()
    };
    assert_eq!(digits.len(), 6, "not a hex colour: {value}");
    let channel =
        |i: usize| f64::from(u8::from_str_radix(&digits[i..i + 2], 16).expect("hex digits"));
    [channel(0), channel(2), channel(4)]
}

fn luminance(c: Rgb) -> f64 {
    let lin = |v: f64| {
        let v = v / 255.0;
        if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// `over` seen through `colour` at `alpha`, as the browser composites it.
fn blend(colour: Rgb, alpha: f64, over: Rgb) -> Rgb {
    [0, 1, 2].map(|i| (colour[i] * alpha + over[i] * (1.0 - alpha)).round())
}

/// The palette's `--fp-*` declarations in `:root`, each as (light, dark):
/// `light-dark(A, B)` or one value for both.
fn palette() -> BTreeMap<String, (String, String)> {
    let start = CSS.find(":root {").expect(":root block");
    let block = &CSS[start..start + CSS[start..].find('}').expect("end of :root")];
    let mut out = BTreeMap::new();
    for line in block.lines() {
        let Some((name, value)) = line.trim().split_once(':') else {
            continue;
        };
        let Some(name) = name.strip_prefix("--fp-") else {
            continue;
        };
        let value = value.trim().trim_end_matches(';').trim();
        let pair = match value
            .strip_prefix("light-dark(")
            .and_then(|v| v.strip_suffix(')'))
        {
            Some(both) => {
                let (light, dark) = both.split_once(',').expect("two colours");
                (light.trim().to_string(), dark.trim().to_string())
            }
            None => (value.to_string(), value.to_string()),
        };
        out.insert(name.to_string(), pair);
    }
    out
}

#[test]
fn the_dark_palette_is_written_once() {
    for name in ["--fp-mark:", "--fp-light:", "--fp-bg:"] {
        assert_eq!(CSS.matches(name).count(), 1, "{name} set more than once");
    }
    assert!(!CSS.contains("prefers-color-scheme"), "a second palette");
}

#[test]
fn marks_arrows_and_shadows_read_on_both_squares() {
    let palette = palette();
    let mut failures = Vec::new();
    let mut measured = Vec::new();
    for (theme, pick) in [
        (
            "light",
            (|p: &(String, String)| p.0.clone()) as fn(&(String, String)) -> String,
        ),
        ("dark", |p| p.1.clone()),
    ] {
        let get = |name: &str| {
            hex(&pick(
                palette.get(name).unwrap_or_else(|| panic!("--fp-{name}")),
            ))
        };
        let alpha: f64 = pick(&palette["shadow-opacity"]).parse().expect("opacity");
        let mut need = |what: String, ratio: f64, min: f64| {
            measured.push(format!("{theme}: {what} {ratio:.2}"));
            if ratio < min {
                failures.push(format!("{theme}: {what} is {ratio:.2}:1, under {min}:1"));
            }
        };
        for square in ["light", "dark"] {
            for graphic in ["mark", "arrow"] {
                let ratio = contrast(get(graphic), get(square));
                need(format!("{graphic} on the {square} square"), ratio, GRAPHICS);
            }
            let shaded = blend(get("shadow"), alpha, get(square));
            let ratio = contrast(shaded, get(square));
            need(format!("shadow on the {square} square"), ratio, GRAPHICS);
        }
        for graphic in ["mark", "arrow"] {
            let ratio = contrast(get(graphic), get(&format!("{graphic}-halo")));
            need(format!("{graphic} against its halo"), ratio, GRAPHICS);
        }
        // The focus ring against the page (WCAG 2.2 focus appearance).
        let ratio = contrast(get("focus"), get("bg"));
        need("focus ring on the page".to_string(), ratio, GRAPHICS);
        for text in ["text", "muted", "link"] {
            let ratio = contrast(get(text), get("bg"));
            need(format!("{text} on the page"), ratio, TEXT);
        }
    }
    eprintln!("{}", measured.join("\n"));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The colour of the first `attribute="#..."` in a piece's SVG: its body's
/// fill or outline (details such as a black king's light cross line come
/// after).
fn first_colour(svg: &str, attribute: &str) -> Rgb {
    let needle = format!("{attribute}=\"#");
    let at = svg
        .find(&needle)
        .unwrap_or_else(|| panic!("no {attribute} colour in {svg:.80}"));
    let start = at + needle.len() - 1;
    let end = start + svg[start..].find('"').expect("closing quote");
    hex(&svg[start..end])
}

/// Every chess piece of the default set stands out from both squares, in
/// both themes: by its body (a black piece) or its outline (a white piece
/// on a light square), whichever reads better, at 3:1 at least. The dark
/// theme once darkened the board (`#75654f`/`#4d3d2e`), and black pieces
/// on its dark squares fell to 2.0:1.
#[test]
fn pieces_read_on_both_squares_in_both_themes() {
    let palette = palette();
    let pieces = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/default/pieces");
    let mut failures = Vec::new();
    let mut measured = Vec::new();
    for (theme, dark) in [("light", false), ("dark", true)] {
        let square = |name: &str| {
            let pair = &palette[name];
            hex(if dark { &pair.1 } else { &pair.0 })
        };
        for colour in ['w', 'b'] {
            for letter in ['k', 'q', 'r', 'b', 'n', 'p'] {
                let file = format!("{colour}{letter}.svg");
                let svg = std::fs::read_to_string(pieces.join(&file)).expect("piece file");
                let (body, outline) = (first_colour(&svg, "fill"), first_colour(&svg, "stroke"));
                for name in ["light", "dark"] {
                    let ratio = contrast(body, square(name)).max(contrast(outline, square(name)));
                    measured.push(format!("{theme}: {file} on the {name} square {ratio:.2}"));
                    if ratio < GRAPHICS {
                        failures.push(format!(
                            "{theme}: {file} on the {name} square is {ratio:.2}:1, under {GRAPHICS}:1"
                        ));
                    }
                }
            }
        }
    }
    eprintln!("{}", measured.join("\n"));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
