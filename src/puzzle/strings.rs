//! The goal line of a puzzle page in its language; the words themselves
//! are the `puzzle` part of the one table of interface words
//! ([`crate::words`]).

pub use crate::words::PuzzleWords;

use super::spec::Goal;
use fenpress_rules::Color;

/// "White to play: mate in 2", in the words given.
pub fn goal_line(t: &PuzzleWords, side: Color, goal: Goal) -> String {
    let who = match side {
        Color::White => &t.white_to_play,
        Color::Black => &t.black_to_play,
    };
    let what = match goal {
        Goal::Mate(n) => t.mate_in.replace("{n}", &n.to_string()),
        Goal::Win(n) => t.win_in.replace("{n}", &n.to_string()),
        Goal::Line { only: false } => t.find_best.to_string(),
        Goal::Line { only: true } => t.find_only.to_string(),
    };
    format!("{who}{}{what}", t.goal_colon)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french_sets_a_no_break_space_before_the_colon() {
        let fr = crate::words::puzzle_words("fr");
        let en = crate::words::puzzle_words("en");
        assert_eq!(
            goal_line(&fr, Color::White, Goal::Mate(2)),
            "Les Blancs jouent\u{a0}: mat en 2"
        );
        assert_eq!(
            goal_line(&en, Color::White, Goal::Mate(2)),
            "White to play: mate in 2"
        );
    }
}
