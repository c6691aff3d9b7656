//! Puzzles in a built site: the page has the board, the play data as JSON,
//! the solution in a <details>, the script; the index lists puzzles per
//! language; a wrong puzzle fails the build at its move.

use crate::common;

use common::Site;
use fenpress::diagnostic::Severity;

const MATE_IN_2: &str = "---\ntitle: The queen that must be taken\ngoal: mate in 2\nfen: 5r1k/6pp/7N/3Q4/8/8/5PPP/6K1 w - - 0 1\nsolution: 1.Qg8+ Rxg8 2.Nf7#\n---\nWhite gives up the queen.\n";

fn site() -> Site {
    Site::new()
        .file("config.yaml", "title: Puzzles\nlanguages: [en, fr]\nbase_url: https://example.org/\n")
        .file("rules/Chess/en.md", "Chess.\n")
        .file("puzzles/Chess/sacrifice.md", MATE_IN_2)
        .file(
            "puzzles/Chess/arabe.md",
            "---\ntitle: Le mat arabe\nlang: fr\ngoal: mate in 1\nfen: 7k/7p/5N2/8/8/8/8/6KR w - - 0 1\nsolution: 1.Rxh7#\n---\nLa tour et le cavalier.\n",
        )
}

#[test]
fn a_puzzle_page_has_board_data_and_solution() {
    let site = site();
    let built = site.build();
    built
        .ok()
        .has_file("en/puzzles/Chess/sacrifice/index.html")
        .has_file("fr/puzzles/Chess/arabe/index.html")
        .has_file("static/puzzle.js")
        .has_file("static/puzzle.css")
        .contains(
            "en/puzzles/Chess/sacrifice/index.html",
            "<h1>The queen that must be taken</h1>",
        )
        .contains(
            "en/puzzles/Chess/sacrifice/index.html",
            "White to play: mate in 2",
        )
        .contains(
            "en/puzzles/Chess/sacrifice/index.html",
            "<svg xmlns=\"http://www.w3.org/2000/svg\"",
        )
        .contains(
            "en/puzzles/Chess/sacrifice/index.html",
            "class=\"fp-puzzle-data\"",
        )
        .contains(
            "en/puzzles/Chess/sacrifice/index.html",
            "<summary>Solution</summary><p>1.Qg8+ Rxg8 2.Nf7#</p>",
        )
        .contains("en/puzzles/Chess/sacrifice/index.html", "static/puzzle.js")
        .contains(
            "en/puzzles/Chess/sacrifice/index.html",
            "White gives up the queen.",
        )
        .contains(
            "fr/puzzles/Chess/arabe/index.html",
            "Les Blancs jouent\u{a0}: mat en 1",
        )
        .contains(
            "fr/puzzles/Chess/arabe/index.html",
            "<summary>Solution</summary>",
        )
        .contains("en/puzzles/index.html", "The queen that must be taken")
        .lacks("en/puzzles/index.html", "Le mat arabe")
        .contains("fr/puzzles/index.html", "Le mat arabe")
        .contains("en/rules/Chess/index.html", "en/puzzles/");

    // The embedded JSON: the key accepted, the reply played back, the
    // board after each move, no rules engine needed in the browser.
    let html = built.read("en/puzzles/Chess/sacrifice/index.html");
    let start = html.find("class=\"fp-puzzle-data\">").expect("data") + 23;
    let end = start + html[start..].find("</script>").expect("end");
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).expect("json");
    assert_eq!(data["start"], "5r1k/6pp/7N/3Q4/8/8/5PPP/6K1");
    let steps = data["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), 2);
    let first = &steps[0];
    let moves = first["moves"].as_array().expect("moves");
    let expected: Vec<&str> = first["expected"]
        .as_array()
        .expect("expected")
        .iter()
        .map(|i| {
            moves[i.as_u64().expect("index") as usize]["san"]
                .as_str()
                .expect("san")
        })
        .collect();
    assert_eq!(expected, ["Qg8+"]);
    assert_eq!(first["replies"][0]["san"], "Rxg8");
    assert_eq!(first["replies"][0]["board"], "6rk/6pp/7N/8/8/8/5PPP/6K1");
    let key = moves.iter().find(|m| m["uci"] == "d5g8").expect("d5g8");
    assert_eq!(key["from"], "d5");
    assert_eq!(key["board"], "5rQk/6pp/7N/8/8/8/5PPP/6K1");
    // The text alternative of each board the page can show: after an
    // accepted move and after a reply (a refused move shows no new board).
    assert_eq!(
        key["text"],
        "White: king g1, queen g8, knight h6, pawn f2 g2 h2; Black: king h8, rook f8, pawn g7 h7"
    );
    assert!(moves
        .iter()
        .filter(|m| m["uci"] != "d5g8")
        .all(|m| m.get("text").is_none()));
    assert_eq!(
        first["replies"][0]["text"],
        "White: king g1, knight h6, pawn f2 g2 h2; Black: king h8, rook g8, pawn g7 h7"
    );
    assert_eq!(steps[1]["board"], "6rk/6pp/7N/8/8/8/5PPP/6K1");
}

#[test]
fn a_wrong_puzzle_fails_the_build_at_its_move() {
    let site = site().file(
        "puzzles/Chess/wrong.md",
        &MATE_IN_2.replace("2.Nf7#", "2.Qe8#"),
    );
    site.build()
        .failed()
        .diagnostic(Severity::Error, "puzzle-move-illegal", "wrong.md", 5);
}
