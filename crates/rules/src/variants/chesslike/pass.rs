//! Passing when stuck ([`super::ChessLikeSpec::pass_on_stalemate`],
//! Fairy-Stockfish's `passOnStalemate`): a side that has pieces, is not in
//! check and has no legal move plays a pass, which changes nothing but the
//! turn, instead of being stalemated; two passes in a row draw, as
//! Fairy-Stockfish ends the game. Nothing here runs for a spec without it
//! (`restricts_legal` stays off).

use super::compile::SpecError;
use super::{ChessLike, ChessLikeSpec};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::rules::Outcome;

/// `state.variant` bits: the last move was a pass, and the one before.
/// They lie among Coregal's castling flags, which a passing spec may not
/// have (see [`check_spec`]); en passant tracking and check counters use
/// the bits below 32.
const LAST_PASSED: u64 = 1 << 32;
const BEFORE_PASSED: u64 = 1 << 33;

/// Refuses a passing spec whose other state would share the pass bits.
pub(super) fn check_spec(spec: &ChessLikeSpec) -> Result<(), SpecError> {
    let passes = spec.pass_on_stalemate.iter().any(|&b| b);
    if passes && (!spec.wins.castlers.is_empty() || spec.pawn.file_flags) {
        return Err(SpecError::Armies(
            "pass_on_stalemate with castlers or pawn file flags is not supported".into(),
        ));
    }
    Ok(())
}

/// The pass: the moving piece stays where it is (`from == to`), nothing
/// vanishes or appears.
pub(super) const PASS: MoveKind = MoveKind::Special(0);

impl ChessLike {
    /// Whether some side may pass when stuck.
    #[inline]
    pub(super) fn may_pass(&self) -> bool {
        self.spec.pass_on_stalemate.iter().any(|&b| b)
    }

    /// Adds the pass to the side to move's legal moves when there are none,
    /// the side may pass, has a piece on the board and is not in check.
    pub(super) fn pass_when_stuck(&self, pos: &Position, legal: &mut MoveList) {
        let us = pos.turn();
        if !legal.is_empty()
            || !self.spec.pass_on_stalemate[us.index()]
            || self.royal_in_danger(pos, us)
        {
            return;
        }
        // Fairy-Stockfish names the pass by the king when there is one,
        // else by a piece of the side.
        let royal = pos.board.royals(us).first();
        let piece_at = royal.or_else(|| {
            pos.board
                .pieces()
                .find(|(_, p)| p.color == us)
                .map(|(sq, _)| sq)
        });
        let Some(sq) = piece_at else {
            return;
        };
        let Some(piece) = pos.board.cell(sq).piece(us) else {
            return;
        };
        legal.push(Move::pass(sq, sq, piece, PASS));
    }

    /// Remembers whether `mv` (just played) and the move before were passes.
    #[inline]
    pub(super) fn record_pass(&self, pos: &mut Position, mv: &Move) {
        let v = &mut pos.state.variant;
        let before = if *v & LAST_PASSED != 0 {
            BEFORE_PASSED
        } else {
            0
        };
        let last = if mv.intent.kind == PASS {
            LAST_PASSED
        } else {
            0
        };
        *v = (*v & !(LAST_PASSED | BEFORE_PASSED)) | before | last;
    }

    /// Two passes in a row end the game in a draw.
    pub(super) fn double_pass_outcome(&self, pos: &Position) -> Option<Outcome> {
        let both = LAST_PASSED | BEFORE_PASSED;
        (pos.state.variant & both == both).then_some(Outcome::VariantDraw {
            reason: "both sides passed",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ChessLike, ChessLikeSpec, PieceSpec};
    use crate::legal;
    use crate::rules::{Outcome, Rules};
    use crate::validate::position_from_fen;

    /// Chess pieces on 4×4 with kings; `pass` says whether a stuck side passes.
    fn game(pass: bool) -> ChessLike {
        let army = vec![
            PieceSpec::king(),
            PieceSpec::pawn(),
            PieceSpec::piece('r', "R"),
        ];
        ChessLike::new(ChessLikeSpec {
            name: "pass test".into(),
            rows: 4,
            cols: 4,
            start_fen: "3k/4/4/K3 w 0 -".into(),
            armies: [army.clone(), army],
            pass_on_stalemate: [pass, pass],
            ..Default::default()
        })
        .expect("the spec compiles")
    }

    fn moves(rules: &ChessLike, fen: &str) -> Vec<String> {
        legal::sorted_coordinates(rules, fen)
    }

    #[test]
    fn a_stuck_side_passes_and_two_passes_draw() {
        // White's king a1 is stalemated by the rook b2 the king c3 guards...
        let stuck = "4/2k1/1r2/K3 w 0 -";
        assert!(moves(&game(false), stuck).is_empty());
        let rules = game(true);
        assert_eq!(moves(&rules, stuck), ["a1a1"]);
        let mut pos = position_from_fen(&rules, stuck).unwrap();
        assert_eq!(legal::outcome(&rules, &mut pos), None);
        // ...passes; Black then plays on as usual.
        let mut list = crate::moves::MoveList::new();
        legal::legal_moves(&rules, &mut pos, &mut list);
        let pass = list[0];
        assert_eq!(rules.notation_override(&pass).as_deref(), Some("pass"));
        let undo = rules.play(&mut pos, &pass);
        legal::legal_moves(&rules, &mut pos, &mut list);
        assert!(list.len() > 1, "{}", list.len());
        rules.unplay(&mut pos, &pass, undo);
        // A side with moves never passes; in check with none, it is mated.
        assert!(!moves(&rules, "4/4/2k1/K3 w 0 -").contains(&"a1a1".to_string()));
        let mut mated = position_from_fen(&rules, "4/1k2/4/K2r w 0 -").unwrap();
        assert!(matches!(
            legal::outcome(&rules, &mut mated),
            Some(Outcome::Checkmate { .. })
        ));
    }

    #[test]
    fn two_passes_in_a_row_end_the_game_in_a_draw() {
        // Kingless, pawns only, each blocking the other: both are stuck.
        let pawns_only = vec![PieceSpec::pawn()];
        let rules = ChessLike::new(ChessLikeSpec {
            name: "pass test".into(),
            rows: 4,
            cols: 4,
            start_fen: "4/1p2/1P2/4 w 0 -".into(),
            armies: [pawns_only.clone(), pawns_only],
            pass_on_stalemate: [true, true],
            win: super::super::WinSpec {
                checkmate: false,
                royals: None,
                ..Default::default()
            },
            ..Default::default()
        })
        .expect("the spec compiles");
        let mut pos = position_from_fen(&rules, "4/1p2/1P2/4 w 0 -").unwrap();
        assert_eq!(legal::perft(&rules, &mut pos, 1), 1);
        assert_eq!(legal::perft(&rules, &mut pos, 2), 1);
        // After both passed the game is over: nothing at depth 3.
        assert_eq!(legal::perft(&rules, &mut pos, 3), 0);
    }
}
