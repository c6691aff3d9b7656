//! Puzzles played in a real browser. The example site (`content/`) and a
//! promotion puzzle are built, served on 127.0.0.1 and played in headless
//! Chromium with trusted mouse and keyboard events, as a reader plays them:
//! a wrong move is refused with a visible message and the board kept, a
//! right one puts the piece on its square, the defender replies, the page
//! says solved, Reset brings the start back, and the console stays clean.
//!
//! Without Chromium the test prints a notice and passes, except in CI
//! (`CI` set), where a missing Chromium fails (`chromium::binary_or_skip`).

use crate::support;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;
use support::chromium::{self, Browser, Tab};
use support::static_server::StaticServer;

/// Black to move: only a queen mates (a rook gives no check, a bishop
/// leaves c1 and d1, a knight gives no check), so the reader must choose.
const PROMOTION: &str = "---\ntitle: Only a queen\ngoal: mate in 1\nfen: 8/8/8/8/1n6/8/3Kpk2/8 b - - 0 1\nsolution: 1...e1=Q#\n---\nBlack promotes.\n";

/// Crazyhouse, White to move with a knight in hand: only the drop on f7
/// mates (the king is smothered by its own rook and pawns), so the reader
/// must pick the knight from the hand and drop it there.
const DROP: &str = "---\ntitle: Smothered drop\nvariant: Crazyhouse\ngoal: mate in 1\nfen: 6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1\nsolution: 1. N@f7#\n---\nWhite drops.\n";

/// The example site with the promotion puzzle added, built into `out`.
fn build_site(work: &Path) -> std::path::PathBuf {
    let content = work.join("content");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    for entry in walkdir::WalkDir::new(&example) {
        let entry = entry.expect("walk content/");
        let to = content.join(entry.path().strip_prefix(&example).expect("below content/"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).expect("mkdir");
        } else {
            std::fs::copy(entry.path(), &to).expect("copy");
        }
    }
    std::fs::write(content.join("puzzles/Chess/only-a-queen.md"), PROMOTION).expect("write");
    std::fs::create_dir_all(content.join("puzzles/Crazyhouse")).expect("mkdir");
    std::fs::write(content.join("puzzles/Crazyhouse/smothered-drop.md"), DROP).expect("write");
    let out = work.join("public");
    let report = fenpress::site::build(&fenpress::site::BuildOptions {
        content,
        out: out.clone(),
        strict: true,
    })
    .expect("site builds");
    assert!(report.written, "{}", report.summary());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    out
}

/// Square → FEN letter for a board text (decimal digit runs, `hole`
/// cells skipped), read independently of the page's play data.
fn pieces_of(board: &str, rows: usize, hole: Option<char>) -> BTreeMap<String, String> {
    let mut pieces = BTreeMap::new();
    for (r, row) in board.split('/').enumerate() {
        let (mut col, mut run) = (0usize, 0usize);
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            col += std::mem::take(&mut run);
            if Some(c) != hole {
                let square = format!("{}{}", char::from(b'a' + col as u8), rows - r);
                pieces.insert(square, c.to_string());
            }
            col += 1;
        }
    }
    pieces
}

fn square_xy(square: &str) -> (i32, i32) {
    let file = i32::from(square.as_bytes()[0]) - i32::from(b'a');
    let rank = square[1..].parse::<i32>().expect("rank");
    (file, rank)
}

/// The pieces on the live board, read from the DOM.
const READ_BOARD: &str = "Object.fromEntries([...document.querySelectorAll('.fp-puzzle-live .fp-piece')].map(g => [g.dataset.square, g.dataset.piece]))";

/// Keeps every board the page shows, in order, from the DOM alone: a board
/// shown only until the defender's reply is not missed however slow the
/// machine.
const RECORD_BOARDS: &str = "(() => { const read = () => JSON.stringify(Object.fromEntries([...document.querySelectorAll('.fp-puzzle-live .fp-piece')].map(g => [g.dataset.square, g.dataset.piece]))); window.fpBoards = [read()]; new MutationObserver(() => { const b = read(); if (fpBoards[fpBoards.length - 1] !== b) fpBoards.push(b); }).observe(document.querySelector('.fp-puzzle-board'), { childList: true, subtree: true }); return true; })()";

struct Page<'a> {
    tab: Tab<'a>,
    path: String,
    rows: usize,
    hole: Option<char>,
    flip: bool,
}

#[derive(Debug)]
struct Feedback {
    text: String,
    kind: String,
    visible: bool,
}

impl<'a> Page<'a> {
    fn open(browser: &'a mut Browser, server: &StaticServer, path: &str, rows: usize) -> Self {
        let mut tab = browser.open(&server.url(path), true).expect("open tab");
        tab.wait_for(
            "!!document.querySelector('.fp-puzzle-live') && !document.querySelector('.fp-puzzle-play').hidden",
            Duration::from_secs(10),
        )
        .unwrap_or_else(|e| panic!("{path}: puzzle.js did not start: {e}"));
        tab.eval(RECORD_BOARDS).expect("observer");
        Page {
            tab,
            path: path.to_string(),
            rows,
            hole: None,
            flip: false,
        }
    }

    fn eval(&mut self, expression: &str) -> Value {
        self.tab
            .eval(expression)
            .unwrap_or_else(|e| panic!("{}: {e}", self.path))
    }

    fn text(&mut self, expression: &str) -> String {
        self.eval(expression).as_str().unwrap_or("").to_string()
    }

    fn pieces(&self, board: &str) -> BTreeMap<String, String> {
        pieces_of(board, self.rows, self.hole)
    }

    fn board(&mut self) -> BTreeMap<String, String> {
        serde_json::from_value(self.eval(READ_BOARD)).expect("board")
    }

    fn assert_board(&mut self, board: &str) {
        let want = self.pieces(board);
        assert_eq!(self.board(), want, "{}: board is not {board}", self.path);
    }

    fn wait_board(&mut self, board: &str) {
        let want = self.pieces(board);
        let deadline = Instant::now() + Duration::from_secs(5);
        let mut seen = self.board();
        while seen != want && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
            seen = self.board();
        }
        assert_eq!(seen, want, "{}: board never became {board}", self.path);
    }

    /// `boards` were shown one after the other (other boards may come
    /// between).
    fn assert_shown_in_order(&mut self, boards: &[&str]) {
        let shown: Vec<BTreeMap<String, String>> = self
            .eval("fpBoards")
            .as_array()
            .expect("recorded boards")
            .iter()
            .map(|b| serde_json::from_str(b.as_str().unwrap_or("{}")).expect("board json"))
            .collect();
        let mut from = 0;
        for board in boards {
            let want = self.pieces(board);
            match shown[from..].iter().position(|b| *b == want) {
                Some(i) => from += i + 1,
                None => panic!("{}: {board} not shown in order: {shown:#?}", self.path),
            }
        }
    }

    /// The centre of an element in the viewport, scrolled into view.
    fn centre(&mut self, selector: &str) -> (f64, f64) {
        let found = self.eval(&format!(
            "(() => {{ const e = document.querySelector({selector:?}); if (!e) return null; \
             e.scrollIntoView({{ block: 'center' }}); const b = e.getBoundingClientRect(); \
             return [b.x + b.width / 2, b.y + b.height / 2]; }})()"
        ));
        let xy = found
            .as_array()
            .unwrap_or_else(|| panic!("{}: no {selector}", self.path));
        (xy[0].as_f64().expect("x"), xy[1].as_f64().expect("y"))
    }

    /// The centre of an element in page coordinates, without scrolling: to
    /// compare where squares are drawn (`centre` scrolls each into view, so
    /// two of its answers are in different viewports on a long page).
    fn page_centre(&mut self, selector: &str) -> (f64, f64) {
        let found = self.eval(&format!(
            "(() => {{ const e = document.querySelector({selector:?}); if (!e) return null; \
             const b = e.getBoundingClientRect(); \
             return [b.x + window.scrollX + b.width / 2, b.y + window.scrollY + b.height / 2]; }})()"
        ));
        let xy = found
            .as_array()
            .unwrap_or_else(|| panic!("{}: no {selector}", self.path));
        (xy[0].as_f64().expect("x"), xy[1].as_f64().expect("y"))
    }

    fn click(&mut self, selector: &str) {
        let (x, y) = self.centre(selector);
        self.tab.click_at(x, y).expect("click");
    }

    fn click_square(&mut self, square: &str) {
        self.click(&format!(".fp-puzzle-live rect[data-square='{square}']"));
    }

    fn press(&mut self, key: &str) {
        self.tab.press_key(key, false).expect("key");
    }

    /// Types a move in the move box and sends it with Enter.
    fn type_move(&mut self, text: &str) {
        self.click(".fp-puzzle-form input");
        self.tab.insert_text(text).expect("type");
        self.press("Enter");
    }

    /// From the move box, Shift+Tab lands on the board.
    fn focus_board(&mut self) {
        self.click(".fp-puzzle-form input");
        self.tab.press_key("Tab", true).expect("shift+tab");
        assert_eq!(self.focused(), "board", "{}", self.path);
    }

    /// What has the focus: `board`, `choice <san>`, or a tag name.
    fn focused(&mut self) -> String {
        self.text(
            "(() => { const a = document.activeElement; \
             if (a.classList.contains('fp-puzzle-live')) return 'board'; \
             if (a.closest('.fp-puzzle-choices')) return 'choice ' + a.textContent; \
             return a.tagName.toLowerCase(); })()",
        )
    }

    fn cursor(&mut self) -> Option<String> {
        self.eval("document.querySelector('.fp-puzzle-live .fp-cursor')?.dataset.cursor ?? null")
            .as_str()
            .map(str::to_string)
    }

    /// Walks the keyboard cursor to `square` with the arrow keys.
    fn cursor_to(&mut self, square: &str) {
        let (fx, fy) = square_xy(square);
        for _ in 0..40 {
            let Some(at) = self.cursor() else {
                // The first key shows the cursor.
                self.press("ArrowUp");
                continue;
            };
            let (x, y) = square_xy(&at);
            let (mut dx, mut dy) = ((fx - x).signum(), (fy - y).signum());
            if self.flip {
                (dx, dy) = (-dx, -dy);
            }
            let key = match (dx, dy) {
                (0, 0) => return,
                (1, _) => "ArrowRight",
                (-1, _) => "ArrowLeft",
                (_, 1) => "ArrowUp",
                _ => "ArrowDown",
            };
            self.press(key);
        }
        panic!("{}: the cursor did not reach {square}", self.path);
    }

    /// Picks `square` on the board with the keyboard.
    fn key_square(&mut self, square: &str, key: &str) {
        self.cursor_to(square);
        self.press(key);
    }

    fn selected(&mut self) -> Option<String> {
        self.eval("document.querySelector('.fp-puzzle-live .fp-selected')?.dataset.square ?? null")
            .as_str()
            .map(str::to_string)
    }

    fn feedback(&mut self) -> Feedback {
        let f = self.eval(
            "(() => { const f = document.querySelector('.fp-puzzle-feedback'); \
             const kind = [...f.classList].find(c => c !== 'fp-puzzle-feedback') ?? ''; \
             const b = f.getBoundingClientRect(); \
             return { text: f.textContent, kind: kind.replace(/^fp-/, ''), \
               visible: f.checkVisibility() && b.width > 0 && b.height > 0 \
                 && getComputedStyle(f).color !== getComputedStyle(f).backgroundColor, \
               live: f.getAttribute('aria-live') }; })()",
        );
        assert_eq!(
            f["live"], "polite",
            "{}: feedback is not a live region",
            self.path
        );
        Feedback {
            text: f["text"].as_str().unwrap_or("").to_string(),
            kind: f["kind"].as_str().unwrap_or("").to_string(),
            visible: f["visible"].as_bool().unwrap_or(false),
        }
    }

    fn expect_feedback(&mut self, kind: &str, contains: &[&str]) {
        let f = self.feedback();
        assert_eq!(f.kind, kind, "{}: {f:?}", self.path);
        assert!(f.visible, "{}: message not visible: {f:?}", self.path);
        for part in contains {
            assert!(
                f.text.contains(part),
                "{}: {part:?} not in {f:?}",
                self.path
            );
        }
    }

    /// The live board's text alternative (its `<title>`).
    fn title(&mut self) -> String {
        self.text("document.querySelector('.fp-puzzle-live > title')?.textContent ?? ''")
    }

    fn square_class(&mut self, square: &str) -> String {
        self.text(&format!(
            "document.querySelector(\".fp-puzzle-live rect[data-square='{square}']\")?.getAttribute('class') ?? 'none'"
        ))
    }

    fn count(&mut self, selector: &str) -> u64 {
        self.eval(&format!("document.querySelectorAll({selector:?}).length"))
            .as_u64()
            .unwrap_or(0)
    }

    fn reset(&mut self, start: &str, title: &str) {
        self.click(".fp-puzzle-reset");
        self.assert_board(start);
        let f = self.feedback();
        assert_eq!(f.text, "", "{}: {f:?}", self.path);
        assert_eq!(self.selected(), None);
        assert_eq!(self.title(), title);
    }

    /// Closes the tab; the page must have logged no error.
    fn finish(self) {
        let path = self.path;
        let report = self.tab.close(Duration::from_millis(200)).expect("close");
        assert!(report.errors.is_empty(), "{path}: {:#?}", report.errors);
    }
}

/// Mate in 2 with a sacrifice: mouse, move box and keyboard.
fn queen_sacrifice(browser: &mut Browser, server: &StaticServer) {
    const START: &str = "5r1k/6pp/7N/3Q4/8/8/5PPP/6K1";
    const KEY: &str = "5rQk/6pp/7N/8/8/8/5PPP/6K1";
    const REPLY: &str = "6rk/6pp/7N/8/8/8/5PPP/6K1";
    const MATE: &str = "6rk/5Npp/8/8/8/8/5PPP/6K1";
    const START_TITLE: &str =
        "White: king g1, queen d5, knight h6, pawn f2 g2 h2; Black: king h8, rook f8, pawn g7 h7";
    let mut page = Page::open(browser, server, "/en/puzzles/Chess/queen-sacrifice/", 8);
    page.assert_board(START);
    assert_eq!(page.title(), START_TITLE);
    // The move box's hint is shown whole, with a legal move of this
    // position that is not the solution (Qg8+).
    let hint = page.eval(
        "(() => { const h = document.querySelector('.fp-puzzle-hint'); \
         return h.checkVisibility() && h.scrollWidth <= h.clientWidth && h.textContent; })()",
    );
    let hint = hint.as_str().expect("the hint shows whole").to_string();
    let example = hint
        .strip_prefix("for example ")
        .and_then(|rest| rest.split_once(" or "))
        .unwrap_or_else(|| panic!("{hint}"));
    let legal = page.eval(&format!(
        "JSON.parse(document.querySelector('.fp-puzzle-data').textContent).steps[0].moves.some(m => m.san === '{}' && m.uci === '{}')",
        example.0, example.1
    ));
    assert_eq!(legal, Value::Bool(true), "{hint}");
    assert!(
        !example.0.starts_with("Qg8"),
        "the hint gives the answer: {hint}"
    );
    // Coloured as the server draws it: a1 dark, h1 light.
    assert!(page.square_class("a1").contains("fp-dark"));
    assert!(page.square_class("h1").contains("fp-light"));

    // The queen cannot reach e3.
    page.click_square("d5");
    assert_eq!(page.selected().as_deref(), Some("d5"));
    assert_eq!(page.count(".fp-puzzle-live .fp-target"), 25);
    page.click_square("e3");
    page.expect_feedback("illegal", &["Illegal move."]);
    page.assert_board(START);
    assert_eq!(page.selected(), None);

    // Legal, not the solution.
    page.click_square("d5");
    page.click_square("d8");
    page.expect_feedback("wrong", &["Qd8", "not the solution"]);
    page.assert_board(START);

    // The key, shown on the board, then Black's only reply.
    page.click_square("d5");
    page.click_square("g8");
    page.wait_board(REPLY);
    page.assert_shown_in_order(&[START, KEY, REPLY]);
    page.expect_feedback("correct", &["Qg8+", "Correct!", "Rxg8", "Your move"]);
    assert_eq!(
        page.title(),
        "White: king g1, knight h6, pawn f2 g2 h2; Black: king h8, rook g8, pawn g7 h7"
    );

    // Mate, typed in lower case and sent with Enter.
    page.type_move("nf7");
    page.wait_board(MATE);
    page.expect_feedback("solved", &["Nf7#", "Solved!"]);
    assert!(page.title().contains("knight f7"), "{}", page.title());
    // Solved: remembered in this browser, and the next puzzle is the
    // page's main action.
    assert_eq!(
        page.eval("Object.keys(JSON.parse(localStorage.getItem('fenpress-solved') || '{}'))"),
        serde_json::json!(["en/puzzles/Chess/queen-sacrifice/"]),
    );
    assert_eq!(
        page.eval("document.querySelector('.fp-puzzle-next')?.classList.contains('fp-puzzle-next-ready') ?? 'no link'"),
        true
    );
    // Solved: the board takes no more moves.
    page.click_square("g1");
    assert_eq!(page.selected(), None);
    page.assert_board(MATE);

    page.reset(START, START_TITLE);

    // A reset while the reply is on its way throws the reply away.
    page.click_square("d5");
    page.click_square("g8");
    page.click(".fp-puzzle-reset");
    std::thread::sleep(Duration::from_millis(800));
    page.assert_board(START);
    assert_eq!(page.feedback().text, "");

    // The keyboard alone: into the board, arrows, Enter and Space.
    page.focus_board();
    page.key_square("d5", "Enter");
    assert_eq!(page.selected().as_deref(), Some("d5"));
    page.key_square("g8", "Space");
    page.wait_board(REPLY);
    assert_eq!(page.focused(), "board");
    page.key_square("h6", "Enter");
    page.key_square("f7", "Enter");
    page.wait_board(MATE);
    page.expect_feedback("solved", &["Solved!"]);

    // The solution on demand.
    page.click(".fp-puzzle-show");
    assert_eq!(
        page.eval("document.querySelector('.fp-puzzle-solution').open"),
        true
    );
    assert_eq!(page.feedback().text, "1.Qg8+ Rxg8 2.Nf7#");
    page.finish();
}

/// The puzzle index after the queen sacrifice was solved: the list is
/// easiest first, the solved puzzle is marked, the filters narrow the list
/// and live in the address, and the solved page says so on a new visit.
fn index(browser: &mut Browser, server: &StaticServer) {
    let path = "/en/puzzles/";
    let mut tab = browser.open(&server.url(path), true).expect("open tab");
    tab.wait_for(
        "!document.querySelector('.fp-puzzle-filters').hidden",
        Duration::from_secs(10),
    )
    .expect("puzzle-index.js did not start");
    let eval = |tab: &mut Tab, e: &str| tab.eval(e).unwrap_or_else(|err| panic!("{path}: {err}"));
    let levels = eval(
        &mut tab,
        "[...document.querySelectorAll('.fp-puzzle-list li')].map(li => +li.dataset.difficulty)",
    );
    let levels: Vec<u64> = serde_json::from_value(levels).expect("levels");
    assert!(levels.len() >= 5, "{levels:?}");
    assert!(
        levels.windows(2).all(|w| w[0] <= w[1]),
        "not easiest first: {levels:?}"
    );
    assert!(levels.iter().all(|l| (1..=5).contains(l)), "{levels:?}");
    let solved = eval(
        &mut tab,
        "[...document.querySelectorAll('.fp-puzzle-list li.fp-solved')].map(li => li.dataset.id)",
    );
    assert_eq!(
        solved,
        serde_json::json!(["en/puzzles/Chess/queen-sacrifice/"])
    );
    // The puzzle of the day is one of the list's.
    let daily = eval(
        &mut tab,
        "(() => { const a = document.querySelector('.fp-puzzle-daily-link'); \
         return !a.closest('section').hidden && [...document.querySelectorAll('.fp-puzzle-list a')] \
           .some(l => l.getAttribute('href') === a.getAttribute('href') && l.textContent === a.textContent); })()",
    );
    assert_eq!(daily, true, "no puzzle of the day from the list");

    // A variant filter shows its puzzles only and is kept in the address.
    let shown = "[...document.querySelectorAll('.fp-puzzle-list li')].filter(li => !li.hidden).map(li => li.dataset.variant)";
    eval(
        &mut tab,
        "(() => { const s = document.querySelector('[name=variant]'); s.value = 'Maxima'; \
         s.dispatchEvent(new Event('change', { bubbles: true })); return true; })()",
    );
    let variants: Vec<String> = serde_json::from_value(eval(&mut tab, shown)).expect("variants");
    assert!(
        !variants.is_empty() && variants.iter().all(|v| v == "Maxima"),
        "{variants:?}"
    );
    assert_eq!(eval(&mut tab, "location.hash"), "#variant=Maxima");
    eval(
        &mut tab,
        "(() => { const s = document.querySelector('[name=variant]'); s.value = ''; \
         s.dispatchEvent(new Event('change', { bubbles: true })); return true; })()",
    );
    // Hide solved, with a real click on the box.
    let xy = eval(
        &mut tab,
        "(() => { const b = document.querySelector('[name=unsolved]').getBoundingClientRect(); \
         return [b.x + b.width / 2, b.y + b.height / 2]; })()",
    );
    tab.click_at(xy[0].as_f64().expect("x"), xy[1].as_f64().expect("y"))
        .expect("click");
    let hidden = eval(
        &mut tab,
        "[...document.querySelectorAll('.fp-puzzle-list li')].filter(li => li.hidden).map(li => li.dataset.id)",
    );
    assert_eq!(
        hidden,
        serde_json::json!(["en/puzzles/Chess/queen-sacrifice/"])
    );
    assert_eq!(eval(&mut tab, "location.hash"), "#unsolved=1");
    let report = tab.close(Duration::from_millis(200)).expect("close");
    assert!(report.errors.is_empty(), "{path}: {:#?}", report.errors);

    // The address brings the filters back.
    let mut tab = browser
        .open(&server.url("/en/puzzles/#variant=Chess&unsolved=1"), true)
        .expect("open tab");
    tab.wait_for(
        "!document.querySelector('.fp-puzzle-filters').hidden",
        Duration::from_secs(10),
    )
    .expect("puzzle-index.js did not start");
    let variants: Vec<String> = serde_json::from_value(eval(&mut tab, shown)).expect("variants");
    assert!(
        !variants.is_empty() && variants.iter().all(|v| v == "Chess"),
        "{variants:?}"
    );
    assert_eq!(
        eval(
            &mut tab,
            "document.querySelector('[name=unsolved]').checked"
        ),
        true
    );
    tab.close(Duration::from_millis(200)).expect("close");

    // The solved page remembers.
    let page = Page::open(browser, server, "/en/puzzles/Chess/queen-sacrifice/", 8);
    let mut page = page;
    assert_eq!(
        page.eval("document.querySelector('.fp-puzzle-solved-before').checkVisibility()"),
        true
    );
    page.finish();
}

/// Maxima: eleven ranks with holes; the long leaper takes two pincers.
fn maxima(browser: &mut Browser, server: &StaticServer) {
    const START: &str = "xxx2xxx/2D4k/8/2p5/8/2p5/2N5/8/8/4K3/xxx2xxx";
    let mut page = Page::open(browser, server, "/en/puzzles/Maxima/two-in-one-leap/", 11);
    page.hole = Some('x');
    page.assert_board(START);
    let start_title = page.title();
    assert_eq!(
        start_title,
        "White: king e2, long leaper c5, guard c10; Black: king h10, pincer pawn c6 c8"
    );
    // As the server colours an 11-rank board: the FEN's top-left square is
    // light, so a2 and d11 are dark, a1 light; holes are no squares.
    assert!(page.square_class("a2").contains("fp-dark"));
    assert!(page.square_class("d11").contains("fp-dark"));
    assert!(page.square_class("a3").contains("fp-light"));
    assert_eq!(page.square_class("a1"), "none");
    assert_eq!(page.count(".fp-puzzle-live rect.fp-sq"), 76);

    // One pincer only: legal, not the solution.
    page.click_square("c5");
    page.click_square("c7");
    page.expect_feedback("wrong", &["not the solution"]);
    page.assert_board(START);
    // The king does not jump.
    page.click_square("e2");
    page.click_square("e4");
    page.expect_feedback("illegal", &["Illegal move."]);
    page.assert_board(START);

    page.click_square("c5");
    page.click_square("c9");
    page.wait_board("xxx2xxx/2D4k/2N5/8/8/8/8/8/8/4K3/xxx2xxx");
    page.expect_feedback("solved", &["Nxc9", "Solved!"]);
    assert_eq!(
        page.title(),
        "White: king e2, long leaper c9, guard c10; Black: king h10"
    );
    page.reset(START, &start_title);
    page.finish();
}

/// Orda: the king walks to the last rank past the lancer.
fn orda(browser: &mut Browser, server: &StaticServer) {
    const START: &str = "6l1/8/4K3/8/8/1k6/8/8";
    const KEY: &str = "6l1/5K2/8/8/8/1k6/8/8";
    const REPLY: &str = "8/4lK2/8/8/8/1k6/8/8";
    let mut page = Page::open(browser, server, "/en/puzzles/Orda/khan-guard/", 8);
    page.assert_board(START);
    page.type_move("Kf7");
    page.wait_board(REPLY);
    page.assert_shown_in_order(&[START, KEY, REPLY]);
    page.expect_feedback("correct", &["Kf7", "Le7"]);
    assert!(page.title().contains("lancer e7"), "{}", page.title());
    // Taking the lancer is legal but lets the win go.
    page.click_square("f7");
    page.click_square("e7");
    page.expect_feedback("wrong", &["Kxe7", "not the solution"]);
    page.assert_board(REPLY);
    page.click_square("f7");
    page.click_square("f8");
    page.wait_board("5K2/4l3/8/8/8/1k6/8/8");
    page.expect_feedback("solved", &["Kf8", "Solved!"]);
    page.finish();
}

/// Emergo: every occupied square is a stack written in two characters
/// (`b@`, `ce`); the script must keep them one square each, and the jump
/// h6xf4 over g5 wins.
fn emergo(browser: &mut Browser, server: &StaticServer) {
    let mut page = Page::open(
        browser,
        server,
        "/en/puzzles/Emergo/emergo-win1-seed1-9/",
        9,
    );
    page.flip = true;
    let start = page.board();
    let want: BTreeMap<String, String> = [
        ("g9", "b@"),
        ("h8", "ba"),
        ("c7", "ad"),
        ("h6", "ce"),
        ("c5", "b@"),
        ("g5", "A@"),
        ("b4", "aa"),
        ("c1", "a@"),
    ]
    .into_iter()
    .map(|(sq, stack)| (sq.to_string(), stack.to_string()))
    .collect();
    assert_eq!(start, want, "{}", page.path);
    // Each stack is drawn by its own symbol, not the lettered fallback.
    assert_eq!(page.count(".fp-puzzle-live .fp-piece use"), 8);
    page.click_square("h6");
    page.click_square("f4");
    page.expect_feedback("solved", &["Solved!"]);
    let after = page.board();
    assert!(
        !after.contains_key("h6") && after.contains_key("f4"),
        "{after:?}"
    );
    page.finish();
}

/// Black promotes: the board seen from Black, and the choice of piece.
fn promotion(browser: &mut Browser, server: &StaticServer) {
    const START: &str = "8/8/8/8/1n6/8/3Kpk2/8";
    let mut page = Page::open(browser, server, "/en/puzzles/Chess/only-a-queen/", 8);
    page.flip = true;
    page.assert_board(START);
    assert!(
        page.title().ends_with("seen from Black"),
        "{}",
        page.title()
    );
    // Seen from Black: h is on the left, rank 1 on top.
    let (h1, a1, a8) = (
        page.page_centre(".fp-puzzle-live rect[data-square='h1']"),
        page.page_centre(".fp-puzzle-live rect[data-square='a1']"),
        page.page_centre(".fp-puzzle-live rect[data-square='a8']"),
    );
    assert!(h1.0 < a1.0 && a1.1 < a8.1, "h1 {h1:?} a1 {a1:?} a8 {a8:?}");

    // The pawn's two squares leave four moves open: the page asks which.
    page.click_square("e2");
    page.click_square("e1");
    assert_eq!(page.count(".fp-puzzle-choices:not([hidden]) button"), 4);
    assert!(
        page.focused().starts_with("choice e1="),
        "{}",
        page.focused()
    );
    // Escape drops the choice and gives the focus back to the board.
    page.press("Escape");
    assert_eq!(page.count(".fp-puzzle-choices:not([hidden]) button"), 0);
    assert_eq!(page.focused(), "board");
    page.assert_board(START);

    // A rook does not mate, chosen with the mouse or typed in full.
    page.click_square("e2");
    page.click_square("e1");
    let rook = page.text(
        "String([...document.querySelectorAll('.fp-puzzle-choices button')].findIndex(b => b.textContent.startsWith('e1=R')) + 1)",
    );
    page.click(&format!(".fp-puzzle-choices button:nth-of-type({rook})"));
    page.expect_feedback("wrong", &["e1=R", "not the solution"]);
    assert_eq!(page.count(".fp-puzzle-choices:not([hidden]) button"), 0);
    page.assert_board(START);
    page.type_move("e1=R");
    page.expect_feedback("wrong", &["e1=R", "not the solution"]);
    page.assert_board(START);

    // With the keyboard: Tab through the choice to the queen, Enter.
    page.focus_board();
    page.key_square("e2", "Enter");
    page.key_square("e1", "Enter");
    for _ in 0..4 {
        if page.focused().starts_with("choice e1=Q") {
            break;
        }
        page.tab.press_key("Tab", false).expect("tab");
    }
    assert!(
        page.focused().starts_with("choice e1=Q"),
        "{}",
        page.focused()
    );
    page.press("Enter");
    page.wait_board("8/8/8/8/1n6/8/3K1k2/4q3");
    page.expect_feedback("solved", &["e1=Q#", "Solved!"]);
    assert_eq!(page.focused(), "board");
    page.finish();
}

/// What `Tab` focused, and whether it shows a focus ring (an outline).
const FOCUS_RING: &str = "(() => { const a = document.activeElement; const s = getComputedStyle(a); \
    const name = a.classList.contains('fp-puzzle-live') ? 'board' : a.className || a.tagName.toLowerCase(); \
    return name + ' ' + (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2); })()";

/// The keyboard alone, from the top of a fresh page: the skip link comes
/// first, `Tab` reaches the board with a visible focus ring on every stop,
/// and the arrows and Enter solve the puzzle.
fn keyboard_only(browser: &mut Browser, server: &StaticServer) {
    let mut page = Page::open(browser, server, "/en/puzzles/Chess/smothered/", 8);
    let mut stops = Vec::new();
    for _ in 0..40 {
        page.tab.press_key("Tab", false).expect("tab");
        let stop = page.text(FOCUS_RING);
        let done = stop.starts_with("board ");
        stops.push(stop);
        if done {
            break;
        }
    }
    assert_eq!(
        stops.first().map(String::as_str),
        Some("skip-link true"),
        "{stops:?}"
    );
    assert_eq!(
        stops.last().map(String::as_str),
        Some("board true"),
        "{stops:?}"
    );
    assert!(
        stops.iter().all(|s| s.ends_with(" true")),
        "a stop without a focus ring: {stops:?}"
    );
    page.key_square("g5", "Enter");
    assert_eq!(page.selected().as_deref(), Some("g5"));
    page.key_square("f7", "Enter");
    page.expect_feedback("solved", &["Solved!"]);
    page.finish();
}

/// Pieces in hand: the knight is picked from White's hand (below the board),
/// its drop squares shown; a drop elsewhere is refused with the board
/// kept, typed `N@f7` or clicked, the drop mates.
fn drop(browser: &mut Browser, server: &StaticServer) {
    const START: &str = "6rk/6pp/8/8/8/8/8/K7";
    let mut page = Page::open(browser, server, "/en/puzzles/Crazyhouse/smothered-drop/", 8);
    page.assert_board(START);
    let hand = ".fp-puzzle-live rect[data-square='@N']";
    assert_eq!(page.count(hand), 1, "White's hand shows the knight");
    assert_eq!(
        page.text(&format!("document.querySelector(\"{hand}\").dataset.count")),
        "1"
    );
    assert_eq!(
        page.count(".fp-puzzle-live .fp-hand-piece[data-piece='N']"),
        1
    );
    assert!(
        page.title().contains("White's hand: 1 knight"),
        "{}",
        page.title()
    );
    // White's hand is below the board, left-aligned with file a.
    let (rook, a1) = (
        page.page_centre(hand),
        page.page_centre(".fp-puzzle-live rect[data-square='a1']"),
    );
    assert!(
        rook.1 > a1.1 && (rook.0 - a1.0).abs() < 1.0,
        "hand {rook:?} a1 {a1:?}"
    );

    // Picked: the hand cell is selected and the empty squares are targets.
    page.click(hand);
    assert_eq!(page.selected().as_deref(), Some("@N"));
    assert_eq!(page.count(".fp-puzzle-live .fp-target"), 59);
    // Dropped on e1: legal, not the solution; the knight stays in hand.
    page.click_square("e1");
    page.expect_feedback("wrong", &["N@e1", "not the solution"]);
    page.assert_board(START);
    assert_eq!(page.count(hand), 1);
    // Text that names no square is not understood, which is not illegal.
    page.type_move("zz9");
    page.expect_feedback("unreadable", &["I can't read that move."]);
    page.eval("document.querySelector('.fp-puzzle-form input').value = ''");
    // Typed wrongly, then rightly: the typed form of a drop is `N@f7`.
    page.type_move("R@f7");
    page.expect_feedback("illegal", &["Illegal move."]);
    // A refused text stays in the box to be corrected: clear it.
    page.eval("document.querySelector('.fp-puzzle-form input').value = ''");
    page.click(".fp-puzzle-reset");
    page.click(hand);
    page.click_square("f7");
    page.wait_board("6rk/5Npp/8/8/8/8/8/K7");
    page.expect_feedback("solved", &["N@f7#", "Solved!"]);
    assert_eq!(
        page.count(hand),
        0,
        "the hand is empty once the knight is down"
    );
    // Reset puts the knight back in hand; typed, the drop mates too.
    page.click(".fp-puzzle-reset");
    page.assert_board(START);
    assert_eq!(page.count(hand), 1);
    page.type_move("N@f7");
    page.wait_board("6rk/5Npp/8/8/8/8/8/K7");
    page.expect_feedback("solved", &["N@f7#", "Solved!"]);
    page.finish();
}

#[test]
fn puzzles_play_in_chromium() {
    let Some(binary) = chromium::binary_or_skip("puzzles_play_in_chromium") else {
        return;
    };
    let started = Instant::now();
    let work = tempfile::tempdir().expect("tempdir");
    let out = build_site(work.path());
    let server = StaticServer::start(&out).expect("server");
    let mut browser = Browser::launch(&binary).expect("launch Chromium");
    eprintln!("site built, Chromium up: {:?}", started.elapsed());
    for (name, play) in [
        (
            "queen sacrifice",
            queen_sacrifice as fn(&mut Browser, &StaticServer),
        ),
        ("index", index),
        ("maxima", maxima),
        ("orda", orda),
        ("promotion", promotion),
        ("emergo", emergo),
        ("keyboard only", keyboard_only),
        ("drop", drop),
    ] {
        let t = Instant::now();
        play(&mut browser, &server);
        eprintln!("{name}: {:?}", t.elapsed());
    }
    eprintln!("total: {:?}", started.elapsed());
}
