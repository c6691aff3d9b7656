//! Linearity of the steps hostile input could make slow (issue 41): each
//! input is timed at size n and 4n, and the ratio of the medians printed.
//! Linear work gives about 4; quadratic work about 16.
//! Run with `cargo bench --bench linear` (`-- WORD`: only the cases
//! whose name holds WORD).

use std::path::Path;
use std::time::{Duration, Instant};

use fenpress::markdown::{self, DiagramBlock};

fn median(mut run: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..5)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[2]
}

fn report(what: &str, n: usize, small: Duration, large: Duration) {
    println!(
        "{what:<48} n={n:>7}: {:>9.2} ms  4n: {:>9.2} ms  ratio {:>5.1}",
        small.as_secs_f64() * 1e3,
        large.as_secs_f64() * 1e3,
        large.as_secs_f64() / small.as_secs_f64().max(1e-9)
    );
}

/// Runs only the cases whose name holds the first argument that is not a
/// flag (`cargo bench --bench linear -- nested`), or all.
fn wanted(what: &str) -> bool {
    std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .is_none_or(|filter| what.contains(&filter))
}

fn scaled(what: &str, n: usize, make: impl Fn(usize) -> String, run: impl Fn(&str)) {
    if !wanted(what) {
        return;
    }
    let (a, b) = (make(n), make(4 * n));
    report(what, n, median(|| run(&a)), median(|| run(&b)));
}

fn diagrams(n: usize) -> String {
    "```diagram\nfen: 8/8/8/8/8/8/8/K6k\n```\n\n".repeat(n)
}

fn render_page(text: &str) {
    let html = markdown::render(text, &mut |b: &DiagramBlock| {
        format!("<figure>{}</figure>", b.index)
    });
    std::hint::black_box(html);
}

fn check_page(text: &str) {
    let path = Path::new("rules/Chess/en.md");
    let (loaded, _) = fenpress::content::load::read_source(path, "Chess", "en", text);
    if let Some(mut page) = loaded {
        std::hint::black_box(fenpress::check::verify_page(
            &fenpress_rules::registry::BUILTIN,
            &mut page,
            fenpress::check::Purpose::Findings,
        ));
    }
}

fn main() {
    scaled(
        "render: page of n diagrams (placeholders)",
        4_000,
        diagrams,
        render_page,
    );
    scaled(
        "render: page of n `>`",
        2_000,
        |n| ">".repeat(n),
        render_page,
    );
    scaled(
        "render: n nested <div>",
        2_000,
        |n| "<div>".repeat(n),
        render_page,
    );
    scaled(
        "render: n nested list markers (`- - - x`)",
        1_000,
        |n| "- ".repeat(n) + "x",
        render_page,
    );
    scaled(
        "render: n unclosed <b>",
        2_000,
        |n| "<b>".repeat(n) + "x",
        render_page,
    );
    scaled(
        "render: n nested tables",
        500,
        |n| "<table><tr><td>".repeat(n) + "x",
        render_page,
    );
    let caption = |n: usize| {
        let moves: String = (0..n / 12)
            .map(|i| {
                if i % 2 == 0 {
                    "1.Nf3 Nf6 "
                } else {
                    "2.Ng1 Ng8 "
                }
            })
            .collect();
        format!("# C\n\n```diagram\nfen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\ncaption: \"{moves}\"\n```\n")
    };
    scaled(
        "check: caption of n bytes of moves",
        4_000,
        caption,
        check_page,
    );
    scaled(
        "piece SVG rebuild: n bytes of comments",
        500_000,
        |n| {
            format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\">{}<path d=\"M0 0\"/></svg>",
                "<!-- c -->".repeat(n / 10)
            )
        },
        |t| {
            std::hint::black_box(fenpress::diagram::safe_svg::rebuild(t).ok());
        },
    );
    scaled(
        "output scan (unsafe_markup): n bytes of tags",
        250_000,
        |n| "<p class=\"a\">x</p>".repeat(n / 18),
        |t| {
            std::hint::black_box(fenpress::unsafe_markup::find(t, &|_| false));
        },
    );
}
