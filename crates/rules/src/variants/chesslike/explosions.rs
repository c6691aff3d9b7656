//! Captures that explode (the spec's `explosions`, the Atomic family):
//! moves are rewritten by the one explosion of `effects/explosion.rs`, and
//! royalty follows what an explosion removes. Nothing here runs for a spec
//! without explosions.

use super::victory::Royalty;
use super::{ChessLike, ChessLikeSpec};
use crate::color::Color;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Outcome;
use crate::variants::effects::explosion::{touching, Blast};

/// What a spec's explosions spare, compiled (`None`: captures do not explode).
pub(super) fn blast_of(spec: &ChessLikeSpec) -> Option<Blast> {
    spec.explosions.as_ref().map(|e| Blast {
        spared: e.spared.iter().copied().collect(),
        immune: e.immune.iter().copied().collect(),
    })
}

impl ChessLike {
    /// Rewrites every capture of `out[start..]` as an explosion centred on
    /// its destination (Fairy-Stockfish centres an en-passant capture on
    /// the square the pawn lands on, as vchess does).
    pub(super) fn explode_captures(&self, pos: &Position, out: &mut MoveList, start: usize) {
        let Some(blast) = &self.blast else {
            return;
        };
        let g = &self.geometry;
        for mv in out[start..].iter_mut() {
            if mv.intent.capture {
                let center = mv.intent.to;
                blast.explode(g, pos, mv, center);
            }
        }
    }

    /// Whether `color`'s royals are in danger where captures explode: one
    /// was exploded (the move that did it is illegal), or, while the enemy
    /// still has royals, one is attacked and touches none of them (taking
    /// it would explode the taker's own).
    pub(super) fn royal_in_danger_exploding(&self, pos: &Position, color: Color) -> bool {
        let royalty = self.spec.wins.royalty;
        if royalty == Royalty::None || self.royal.is_empty() {
            return false;
        }
        let ours = pos.board.royals(color);
        if ours.is_empty() {
            return true;
        }
        let theirs = pos.board.royals(color.opposite());
        if theirs.is_empty() {
            // Theirs exploded: the game is won, nothing can check us.
            return false;
        }
        let g = &self.geometry;
        let danger = |sq| {
            !theirs.iter().any(|t| touching(g, t, sq))
                && self.square_attacked(pos, sq, color.opposite())
        };
        match royalty {
            Royalty::LastOne => ours.iter().all(danger),
            _ => ours.iter().any(danger),
        }
    }

    /// The side to move whose royals were exploded has lost. In antichess
    /// an explosion may take the mover's last piece, even both sides'
    /// last pieces at once: as Fairy-Stockfish's giveaway judges the
    /// mover first, a mover left without pieces wins.
    pub(super) fn explosion_outcome(&self, pos: &Position) -> Option<Outcome> {
        let us = pos.turn();
        if self.spec.win.antichess {
            let last = us.opposite();
            let bare = |c| pos.board.pieces().all(|(_, p)| p.color != c);
            let needs_opponent = self
                .spec
                .explosions
                .as_ref()
                .is_some_and(|x| x.opponent_must_remain);
            let won = bare(last) && !(needs_opponent && bare(us));
            return won.then_some(Outcome::VariantWin {
                winner: last,
                reason: "extinction",
            });
        }
        let royal_rules = self.spec.wins.royalty != Royalty::None && !self.royal.is_empty();
        (royal_rules && pos.board.royals(us).is_empty()).then_some(Outcome::VariantWin {
            winner: us.opposite(),
            reason: "explosion",
        })
    }

    /// After an explosion: a side whose king was blown up loses its
    /// castling rights (the base clears them only when the king moves; a
    /// rook's go with its square).
    pub(super) fn after_explosion(&self, pos: &mut Position, mv: &Move) {
        if !mv.intent.capture {
            return;
        }
        for v in mv.effect.vanish.as_slice() {
            if self.royal.contains(v.piece.kind) {
                pos.state.castling.lose_all(v.piece.color);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ChessLike, ChessLikeSpec, ExplosionSpec, PieceSpec};
    use crate::legal;
    use crate::moves::MoveList;
    use crate::piece::Kind;
    use crate::rules::{Outcome, Rules};
    use crate::validate::position_from_fen;
    use crate::variants::chess;

    /// Atomic as Fairy-Stockfish plays it, written as a spec: chess's
    /// pieces, pawns spared by the blast, the king royal.
    fn atomic() -> ChessLike {
        let army = chess::army();
        ChessLike::new(ChessLikeSpec {
            name: "Atomic as a spec".into(),
            armies: [army.clone(), army],
            explosions: Some(ExplosionSpec {
                spared: vec![Kind::PAWN],
                immune: Vec::new(),
                opponent_must_remain: false,
            }),
            ..chess::spec()
        })
        .expect("the spec compiles")
    }

    fn legal_coordinates(rules: &dyn Rules, fen: &str) -> Vec<String> {
        let mut pos = position_from_fen(rules, fen).expect("a valid FEN");
        let mut moves = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut moves);
        let mut out: Vec<String> = moves
            .iter()
            .map(|m| crate::notation::coordinate(rules, m))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn a_king_may_neither_capture_nor_explode_itself() {
        let rules = atomic();
        // The king could take the knight on e2; the rook could take the
        // bishop on d2 beside its own king: both blow the white king up.
        let moves = legal_coordinates(&rules, "4k3/8/8/8/8/8/3bn3/3RK3 w 0 - -");
        assert!(!moves.contains(&"e1e2".to_string()), "{moves:?}");
        assert!(!moves.contains(&"d1d2".to_string()), "{moves:?}");
        assert!(moves.contains(&"e1f1".to_string()), "{moves:?}");
    }

    #[test]
    fn touching_kings_give_no_check_and_exploding_the_king_wins() {
        let rules = atomic();
        // The black rook "attacks" the white king, which touches the black
        // king: taking it would blow the black king up, so no check.
        let mut pos = position_from_fen(&rules, "8/8/8/8/8/8/3k4/r2K4 w 0 - -").unwrap();
        assert!(!legal::in_check(&rules, &pos));
        // The rook takes a knight beside the black king: Black has lost.
        let mut pos2 = position_from_fen(&rules, "4k3/4n3/8/8/8/8/8/4RK2 w 0 - -").unwrap();
        let mut moves = MoveList::new();
        legal::legal_moves(&rules, &mut pos2, &mut moves);
        let take = moves
            .iter()
            .find(|m| crate::notation::coordinate(&rules, m) == "e1e7")
            .copied()
            .expect("the rook may take the knight");
        rules.play(&mut pos2, &take);
        assert_eq!(
            legal::outcome(&rules, &mut pos2),
            Some(Outcome::VariantWin {
                winner: crate::Color::White,
                reason: "explosion"
            })
        );
        assert!(legal::outcome(&rules, &mut pos).is_none());
    }

    #[test]
    fn the_blast_spares_pawns_but_not_a_capturing_pawn() {
        let rules = atomic();
        let mut pos = position_from_fen(&rules, "4k3/8/8/2ppn3/3P4/8/8/4K3 w 0 - -").unwrap();
        let mut moves = MoveList::new();
        legal::legal_moves(&rules, &mut pos, &mut moves);
        let take = moves
            .iter()
            .find(|m| crate::notation::coordinate(&rules, m) == "d4e5")
            .copied()
            .expect("the pawn may take the knight");
        rules.play(&mut pos, &take);
        let board = crate::fen::board_fen(&rules, &pos);
        // The capturing pawn and the knight are gone, the black pawns stay.
        assert!(board.starts_with("4k3/8/8/2pp4/8/"), "{board}");
    }

    #[test]
    fn in_antichess_a_mover_that_explodes_its_last_piece_wins() {
        let army = chess::army();
        let rules = ChessLike::new(ChessLikeSpec {
            name: "Atomic giveaway as a spec".into(),
            start_fen: "4k3/8/8/8/8/8/8/4K3 w 0 - -".into(),
            armies: [army.clone(), army],
            explosions: Some(ExplosionSpec {
                spared: vec![Kind::PAWN],
                immune: Vec::new(),
                opponent_must_remain: false,
            }),
            win: crate::variants::chesslike::WinSpec {
                antichess: true,
                checkmate: false,
                ..Default::default()
            },
            ..Default::default()
        })
        .unwrap();
        // White's last piece, the rook, takes a knight: both explode while
        // Black keeps its rook: White has lost everything, and wins.
        let mut pos = position_from_fen(&rules, "r7/8/8/8/8/8/n7/R7 w 0").unwrap();
        let mut moves = MoveList::new();
        legal::legal_moves(&rules, &mut pos, &mut moves);
        let take = moves
            .iter()
            .find(|m| crate::notation::coordinate(&rules, m) == "a1a2")
            .copied()
            .expect("the rook must take");
        rules.play(&mut pos, &take);
        assert_eq!(
            legal::outcome(&rules, &mut pos),
            Some(Outcome::VariantWin {
                winner: crate::Color::White,
                reason: "extinction"
            })
        );
    }

    #[test]
    fn with_opponent_must_remain_emptying_both_sides_loses_for_the_mover() {
        let army = chess::army();
        let rules = |remain: bool| {
            ChessLike::new(ChessLikeSpec {
                name: "Anti-Atomic as a spec".into(),
                start_fen: "4k3/8/8/8/8/8/8/4K3 w 0 - -".into(),
                armies: [army.clone(), army.clone()],
                explosions: Some(ExplosionSpec {
                    spared: vec![Kind::PAWN],
                    immune: Vec::new(),
                    opponent_must_remain: remain,
                }),
                win: crate::variants::chesslike::WinSpec {
                    antichess: true,
                    checkmate: false,
                    ..Default::default()
                },
                ..Default::default()
            })
            .unwrap()
        };
        // White's rook takes Black's last piece: both sides are emptied.
        let winner_after_the_blast = |rules: &ChessLike| {
            let mut pos = position_from_fen(rules, "8/8/8/8/8/8/n7/R7 w 0").unwrap();
            let mut moves = MoveList::new();
            legal::legal_moves(rules, &mut pos, &mut moves);
            rules.play(&mut pos, &moves[0]);
            match legal::outcome(rules, &mut pos) {
                Some(Outcome::VariantWin { winner, .. }) => winner,
                other => panic!("{other:?}"),
            }
        };
        // Fairy-Stockfish's Anti-Atomic: Black, to move and stuck, wins.
        assert_eq!(winner_after_the_blast(&rules(true)), crate::Color::Black);
        assert_eq!(winner_after_the_blast(&rules(false)), crate::Color::White);
    }

    #[test]
    fn an_immune_kind_survives_even_as_the_capturer() {
        let army = vec![PieceSpec::king(), PieceSpec::piece('r', "R")];
        let rules = ChessLike::new(ChessLikeSpec {
            name: "Immune rooks".into(),
            start_fen: "4k3/8/8/8/8/8/8/R3K3 w 0 - -".into(),
            armies: [army.clone(), army],
            explosions: Some(ExplosionSpec {
                spared: Vec::new(),
                immune: vec![Kind::ROOK],
                opponent_must_remain: false,
            }),
            ..Default::default()
        })
        .unwrap();
        let mut pos = position_from_fen(&rules, "4k3/8/8/8/r7/1r6/8/R3K3 w 0 - -").unwrap();
        let mut moves = MoveList::new();
        legal::legal_moves(&rules, &mut pos, &mut moves);
        let take = moves
            .iter()
            .find(|m| crate::notation::coordinate(&rules, m) == "a1a4")
            .copied()
            .expect("the rook may take the rook");
        rules.play(&mut pos, &take);
        let board = crate::fen::board_fen(&rules, &pos);
        assert!(board.starts_with("4k3/8/8/8/R7/1r6/"), "{board}");
    }
}
