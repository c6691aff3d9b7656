//! The words a puzzle page shows (goal line, buttons, feedback), per
//! language; the page hands them to `puzzle.js`, which has no language
//! logic of its own. Languages without a table use English.

use serde::Serialize;

use super::spec::Goal;
use fenpress_rules::Color;

#[derive(Debug, Clone, Serialize)]
pub struct PuzzleStrings {
    pub white_to_play: &'static str,
    pub black_to_play: &'static str,
    pub solution: &'static str,
    pub your_move: &'static str,
    pub play: &'static str,
    pub reset: &'static str,
    pub show_solution: &'static str,
    pub correct: &'static str,
    pub solved: &'static str,
    pub not_solution: &'static str,
    pub illegal: &'static str,
    pub choose: &'static str,
    pub puzzles: &'static str,
    pub move_hint: &'static str,
}

pub fn strings(lang: &str) -> PuzzleStrings {
    match lang {
        "fr" => PuzzleStrings {
            white_to_play: "Les Blancs jouent",
            black_to_play: "Les Noirs jouent",
            solution: "Solution",
            your_move: "Votre coup",
            play: "Jouer",
            reset: "Recommencer",
            show_solution: "Voir la solution",
            correct: "Correct !",
            solved: "Résolu !",
            not_solution: "Coup légal, mais ce n'est pas la solution.",
            illegal: "Coup illégal.",
            choose: "Lequel ?",
            puzzles: "Problèmes",
            move_hint: "par exemple Qh5 ou d1h5 (lettres anglaises)",
        },
        "es" => PuzzleStrings {
            white_to_play: "Juegan las blancas",
            black_to_play: "Juegan las negras",
            solution: "Solución",
            your_move: "Su jugada",
            play: "Jugar",
            reset: "Reiniciar",
            show_solution: "Ver la solución",
            correct: "¡Correcto!",
            solved: "¡Resuelto!",
            not_solution: "Jugada legal, pero no es la solución.",
            illegal: "Jugada ilegal.",
            choose: "¿Cuál?",
            puzzles: "Problemas",
            move_hint: "por ejemplo Qh5 o d1h5 (letras inglesas)",
        },
        _ => PuzzleStrings {
            white_to_play: "White to play",
            black_to_play: "Black to play",
            solution: "Solution",
            your_move: "Your move",
            play: "Play",
            reset: "Reset",
            show_solution: "Show solution",
            correct: "Correct!",
            solved: "Solved!",
            not_solution: "Legal, but not the solution.",
            illegal: "Illegal move.",
            choose: "Which one?",
            puzzles: "Puzzles",
            move_hint: "for example Qh5 or d1h5",
        },
    }
}

/// "White to play: mate in 2", in the page's language.
pub fn goal_line(lang: &str, side: Color, goal: Goal) -> String {
    let t = strings(lang);
    let who = match side {
        Color::White => t.white_to_play,
        Color::Black => t.black_to_play,
    };
    let what = match (lang, goal) {
        ("fr", Goal::Mate(n)) => format!("mat en {n}"),
        ("fr", Goal::Win(n)) => format!("gagner en {n}"),
        ("fr", Goal::Line { only: false }) => "trouvez le meilleur coup".into(),
        ("fr", Goal::Line { only: true }) => "trouvez le seul coup".into(),
        ("es", Goal::Mate(n)) => format!("mate en {n}"),
        ("es", Goal::Win(n)) => format!("ganar en {n}"),
        ("es", Goal::Line { only: false }) => "encuentre la mejor jugada".into(),
        ("es", Goal::Line { only: true }) => "encuentre la única jugada".into(),
        (_, Goal::Mate(n)) => format!("mate in {n}"),
        (_, Goal::Win(n)) => format!("win in {n}"),
        (_, Goal::Line { only: false }) => "find the best move".into(),
        (_, Goal::Line { only: true }) => "find the only move".into(),
    };
    format!("{who}: {what}")
}
