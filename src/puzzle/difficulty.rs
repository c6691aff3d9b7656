//! A puzzle's difficulty, from 1 to 5, for the puzzle index's order and the
//! next-puzzle flow: how long the solver's line is and how much work the
//! proof took. Both count: a mate in 3 the search proves at once is still
//! three moves to see, and a mate in 1 hidden among many checks is harder
//! than one with a single check. The proof's effort is its moves played,
//! which is deterministic for a proof that completes (the search is
//! single-threaded and ordered).

use super::spec::Goal;

/// The highest difficulty.
pub const MAX: u8 = 5;

/// The difficulty of a puzzle with `goal`, whose written line has
/// `line_moves` moves (both sides), proved in `nodes` moves of search.
pub fn difficulty(goal: Goal, line_moves: usize, nodes: u64) -> u8 {
    let length = match goal.moves() {
        Some(n) => n,
        // A study: the solver's moves of its line.
        None => u32::try_from(line_moves.div_ceil(2)).unwrap_or(u32::MAX),
    };
    let length = length.clamp(1, u32::from(MAX)) as u8;
    // One level per decade of search past the first thousand moves.
    let effort = match nodes {
        0..=999 => 1,
        1_000..=9_999 => 2,
        10_000..=99_999 => 3,
        100_000..=999_999 => 4,
        _ => 5,
    };
    if goal.moves().is_none() {
        return length;
    }
    // The mean, rounded up: a long line or a hard search alone lifts it.
    (length + effort).div_ceil(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_quick_mate_is_easiest_and_a_long_costly_one_hardest() {
        assert_eq!(difficulty(Goal::Mate(1), 1, 200), 1);
        assert_eq!(difficulty(Goal::Mate(6), 11, 50_000_000), MAX);
        assert_eq!(difficulty(Goal::Mate(20), 39, 50_000_000), MAX);
    }

    #[test]
    fn length_and_effort_each_lift_it() {
        let quick = difficulty(Goal::Mate(2), 3, 500);
        assert!(difficulty(Goal::Mate(4), 7, 500) > quick);
        assert!(difficulty(Goal::Mate(2), 3, 2_000_000) > quick);
    }

    #[test]
    fn a_study_counts_its_solvers_moves() {
        assert_eq!(difficulty(Goal::Line { only: true }, 1, 0), 1);
        assert_eq!(difficulty(Goal::Line { only: false }, 5, 0), 3);
        assert_eq!(difficulty(Goal::Line { only: false }, 0, 0), 1);
    }
}
