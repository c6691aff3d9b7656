//! Explorable diagrams in a real browser: rules pages of eight corpus
//! variants (boards of 5×5 to 12×12, holes, ranks of two digits)
//! are built, served on 127.0.0.1 and opened in headless Chromium. A
//! trusted click on each piece of the first fully verified board must
//! highlight exactly the squares `fenpress moves` lists for it, and say so
//! in the live region; the keyboard (arrows, Enter, Escape) does the same;
//! without JavaScript the board is the static drawing.
//!
//! Without the corpus (`../shared`) or Chromium the test says "skipped" and
//! passes, except in CI (`CI` set), where a missing Chromium fails.

use crate::common;
use crate::support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Duration;

use serde_json::Value;
use support::chromium::{self, Browser, Tab};
use support::static_server::StaticServer;

/// The variants whose English rules page is opened.
const VARIANTS: &[&str] = &[
    "Atomic",
    "Minishogi",
    "Janggi",
    "Capablanca",
    "Tencubed",
    "Minixiangqi",
    "Omega",
    "Synochess",
];

/// Where square `name` of the first explorable board is drawn on the
/// screen (its centre, CSS pixels), after scrolling the board into view.
const SQUARE_CENTRE: &str = r#"(name => {
  const svg = document.querySelector('svg[data-under-test]');
  svg.scrollIntoView({block: 'center'});
  const g = svg.dataset.grid.split(' ').map(Number);
  const col = name.charCodeAt(0) - 97, row = g[1] - parseInt(name.slice(1), 10);
  const dc = g[5] ? g[0] - 1 - col : col, dr = g[5] ? g[1] - 1 - row : row;
  const p = svg.createSVGPoint();
  p.x = g[2] + (dc + 0.5) * g[4]; p.y = g[3] + (dr + 0.5) * g[4];
  const s = p.matrixTransform(svg.getScreenCTM());
  return [s.x, s.y];
})"#;

const SHOWN: &str = "[...document.querySelector('svg[data-under-test]').querySelectorAll('.fp-explore-to')].map(e => e.dataset.square)";
const SELECTED: &str = "(document.querySelector('svg[data-under-test] .fp-explore-from') || {dataset: {}}).dataset.square || ''";

/// A copy of the corpus holding only the rules pages of [`VARIANTS`]
/// (their images too), built with the corpus baseline.
fn build(corpus: &Path, work: &Path) -> std::path::PathBuf {
    let content = work.join("content");
    for variant in VARIANTS {
        let to = content.join("rules").join(variant);
        std::fs::create_dir_all(&to).expect("mkdir");
        std::fs::copy(
            corpus.join("rules").join(variant).join("en.pug"),
            to.join("en.pug"),
        )
        .expect("copy page");
    }
    let out = work.join("public");
    let report = fenpress::site::build_with(
        &fenpress::site::BuildOptions {
            content,
            out: out.clone(),
            strict: false,
        },
        &fenpress::site::baseline::BaselineChoice::At(crate::site_baseline::corpus_baseline()),
    )
    .expect("the build runs");
    assert!(report.written, "{}", report.summary());
    out
}

/// `fenpress moves` for both sides on `board`: from-square → destinations,
/// kings left out (a diagram's kings may castle; `-` in the FEN says they
/// may not), drops too (nothing to click).
/// `None` when `fenpress moves` refuses the board (a diagram without
/// kings, which verification reads as a board but `moves` as a game).
fn moves_of(variant: &str, board: &str) -> Option<BTreeMap<String, BTreeSet<String>>> {
    let mut moves: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for side in ["w", "b"] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_fenpress"))
            .args(["moves", variant, &format!("{board} {side} - - 0 1")])
            .output()
            .expect("fenpress moves runs");
        if !output.status.success() {
            return None;
        }
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            let coordinate = line.split_whitespace().next().unwrap_or("");
            if coordinate.contains('@') {
                continue;
            }
            let squares = squares_in(coordinate);
            if let (Some(from), Some(to)) = (squares.first(), squares.last()) {
                if from != to {
                    moves.entry(from.clone()).or_default().insert(to.clone());
                }
            }
        }
    }
    Some(moves)
}

/// The first explorable board of the open page whose position `fenpress
/// moves` reads, marked `data-under-test`, with its board text and moves.
fn board_under_test(tab: &mut Tab, variant: &str) -> (String, BTreeMap<String, BTreeSet<String>>) {
    let fens = tab
        .eval("[...document.querySelectorAll('svg.fp-explorable')].map(s => s.dataset.fen)")
        .expect("data-fen");
    for (i, fen) in fens.as_array().expect("boards").iter().enumerate() {
        let board = fen.as_str().unwrap().split(' ').next().unwrap().to_string();
        if let Some(moves) = moves_of(variant, &board).filter(|m| !m.is_empty()) {
            tab.eval(&format!(
                "document.querySelectorAll('svg.fp-explorable')[{i}].setAttribute('data-under-test', '')"
            ))
            .expect("mark");
            return (board, moves);
        }
    }
    panic!("{variant}: no explorable board that `fenpress moves` reads")
}

/// The square names in a coordinate move (`b1c3`, `a10a9`, `e7e8q`,
/// `d5>b1`), in order.
fn squares_in(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_lowercase() && chars.get(i + 1).is_some_and(char::is_ascii_digit) {
            let mut j = i + 1;
            while chars.get(j).is_some_and(char::is_ascii_digit) {
                j += 1;
            }
            out.push(chars[i..j].iter().collect());
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

fn strings(value: Value) -> BTreeSet<String> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn click_square(tab: &mut Tab, name: &str) {
    let at = tab
        .eval(&format!("{SQUARE_CENTRE}('{name}')"))
        .expect("square centre");
    let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
    tab.click_at(x, y).expect("click");
}

#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn clicking_a_piece_shows_exactly_its_legal_moves() {
    let Some(corpus) = common::corpus() else {
        println!("skipped: ../shared not found");
        return;
    };
    let Some(binary) = chromium::binary_or_skip("explore_browser") else {
        println!("skipped: no Chromium");
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let out = build(&corpus, dir.path());
    let server = StaticServer::start(&out).expect("server");
    let mut browser = Browser::launch(&binary).expect("launch Chromium");
    let mut checked = 0;
    for variant in VARIANTS {
        let path = format!("/en/rules/{variant}/");
        let mut tab = browser.open(&server.url(&path), true).expect("open tab");
        tab.wait_for(
            "!!document.querySelector('svg.fp-explorable')",
            Duration::from_secs(10),
        )
        .unwrap_or_else(|e| panic!("{path}: no explorable board: {e}"));
        let (board, expected) = board_under_test(&mut tab, variant);
        let embedded = tab
            .eval("document.querySelector('svg[data-under-test]').dataset.moves")
            .expect("data-moves");
        let embedded: BTreeSet<String> = embedded
            .as_str()
            .unwrap()
            .split(';')
            .filter_map(|e| e.split(':').next().map(str::to_string))
            .collect();
        // Every piece `fenpress moves` moves can be selected.
        for from in expected.keys() {
            assert!(
                embedded.contains(from),
                "{variant}: {from} has moves but no data"
            );
        }
        for (from, targets) in expected.iter().take(6) {
            click_square(&mut tab, from);
            tab.wait_for(
                &format!("({SELECTED}) === '{from}'"),
                Duration::from_secs(5),
            )
            .unwrap_or_else(|e| panic!("{variant}: clicking {from} selected nothing: {e}"));
            let shown = strings(tab.eval(SHOWN).expect("shown"));
            assert_eq!(&shown, targets, "{variant} {board}: the moves of {from}");
            let said = tab
                .eval("document.getElementById('fp-explore-live').textContent")
                .expect("live region");
            tab.wait_for(
                &format!(
                    "document.getElementById('fp-explore-live').textContent.includes('{from}:')"
                ),
                Duration::from_secs(2),
            )
            .unwrap_or_else(|e| panic!("{variant}: nothing said for {from} ({said}): {e}"));
            // Clicking it again clears the selection.
            click_square(&mut tab, from);
            tab.wait_for(&format!("({SHOWN}).length === 0"), Duration::from_secs(5))
                .unwrap_or_else(|e| panic!("{variant}: {from} stayed selected: {e}"));
            checked += 1;
        }
        let live = tab
            .eval("document.getElementById('fp-explore-live').getAttribute('aria-live')")
            .expect("live");
        assert_eq!(live, "polite");
        let report = tab.close(Duration::from_millis(100)).expect("close");
        assert!(report.errors.is_empty(), "{variant}: {:?}", report.errors);
    }
    assert!(checked >= 20, "only {checked} pieces clicked");

    // The keyboard: focus the board, walk to a piece with the arrows,
    // Enter shows its moves, Escape clears them.
    let mut tab = browser
        .open(&server.url("/en/rules/Atomic/"), true)
        .expect("open tab");
    tab.wait_for(
        "!!document.querySelector('svg.fp-explorable')",
        Duration::from_secs(10),
    )
    .expect("explorable");
    let (board, expected) = board_under_test(&mut tab, "Atomic");
    tab.eval("document.querySelector('svg[data-under-test]').focus()")
        .expect("focus");
    // The cursor starts at a1 (bottom left, seen from White); one step
    // right of a1 is b1, then one up is b2.
    tab.press_key("ArrowRight", false).expect("key");
    tab.press_key("ArrowRight", false).expect("key");
    tab.press_key("ArrowLeft", false).expect("key");
    tab.press_key("ArrowUp", false).expect("key");
    tab.press_key("Enter", false).expect("key");
    let cursor = "b2";
    match expected.get(cursor) {
        Some(targets) => {
            tab.wait_for(
                &format!("({SELECTED}) === '{cursor}'"),
                Duration::from_secs(5),
            )
            .expect("Enter selects the piece under the cursor");
            assert_eq!(&strings(tab.eval(SHOWN).expect("shown")), targets);
            tab.press_key("Escape", false).expect("key");
            tab.wait_for(&format!("({SHOWN}).length === 0"), Duration::from_secs(5))
                .expect("Escape clears");
        }
        None => panic!("Atomic's first board has no piece with moves on {cursor}: {board}"),
    }
    tab.close(Duration::from_millis(100)).expect("close");

    // Without JavaScript: the drawing, with nothing to focus or click.
    let mut tab = browser
        .open(&server.url("/en/rules/Atomic/"), false)
        .expect("open tab");
    tab.wait_for(
        "document.readyState === 'complete'",
        Duration::from_secs(10),
    )
    .expect("load");
    let enhanced = tab
        .eval("[document.querySelectorAll('svg.fp-board[data-moves]').length, document.querySelectorAll('.fp-explorable, svg[tabindex]').length]")
        .expect("count");
    assert!(enhanced[0].as_u64().unwrap() > 0, "no move data");
    assert_eq!(enhanced[1].as_u64(), Some(0), "a static board took focus");
    println!(
        "explore: {checked} pieces clicked on {} variants",
        VARIANTS.len()
    );
}
