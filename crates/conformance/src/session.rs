//! One position held by both engines at once: fenpress's [`Position`] and
//! the oracle's game, moved together, compared move set by move set.

use fenpress_rules::position::Undo;
use fenpress_rules::{fen, legal, validate, Move, MoveList, Position, Rules};

use crate::canon::{self, CanonMove, SetDiff};
use crate::oracle::{Oracle, OracleError};

/// Why a position could not be set up on both sides.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Oracle(#[from] OracleError),
    #[error("vchess rejects the FEN `{0}`")]
    VchessRejects(String),
    #[error("fenpress rejects the FEN `{fen}`: {why}")]
    FenpressRejects { fen: String, why: String },
    #[error("no move {0} on both sides")]
    NoSuchMove(String),
}

/// The comparison at one position.
#[derive(Clone, Debug)]
pub struct Here {
    /// vchess's `getFen()`, normalized for comparison with fenpress's.
    pub vchess_fen: String,
    /// vchess's `getFen()` as its writer wrote it.
    pub vchess_written_fen: String,
    /// fenpress's [`fen::vchess_fen`].
    pub fenpress_fen: String,
    /// `getCurrentScore()`.
    pub score: String,
    /// fenpress's result, if the game is over by a variant rule.
    pub fenpress_outcome: Option<String>,
    pub vchess: Vec<CanonMove>,
    pub fenpress: Vec<CanonMove>,
    pub diff: SetDiff,
}

/// A move played on both sides, with what undoing it restores.
struct Ply {
    mv: Move,
    undo: Undo,
    fenpress_moves: Vec<(Move, CanonMove)>,
    vchess_moves: Vec<CanonMove>,
}

/// Variants whose vchess score means nothing in the middle of a turn:
/// Madhouse's placement sub-turn has no move its game-end test sees, so
/// vchess calls the game drawn there.
const SCORE_AFTER_TURN_ONLY: &[&str] = &["Madhouse"];

/// Both engines at the same position.
pub struct Session<'o> {
    pub oracle: &'o mut Oracle,
    pub rules: &'static dyn Rules,
    /// The vchess variant name.
    pub variant: String,
    pub pos: Position,
    /// The FEN both started from (as vchess completed it).
    pub root_fen: String,
    /// Game over means no moves on the vchess side too (`--stop-at-end`).
    pub stop_at_end: bool,
    stack: Vec<Ply>,
    /// The moves of the last [`Session::compare`], in each engine's order.
    fenpress_moves: Vec<(Move, CanonMove)>,
    vchess_moves: Vec<CanonMove>,
    /// Coordinates of the moves played from the root (for messages).
    pub line: Vec<String>,
}

/// Variants whose vchess FEN check refuses every FEN, its own included.
const CHECK_REFUSES_ALL: &[&str] = &["Otage", "Yote"];

impl<'o> Session<'o> {
    /// Loads `fen` (empty: vchess's start position) in both engines.
    pub fn new(
        oracle: &'o mut Oracle,
        rules: &'static dyn Rules,
        variant: &str,
        fen: &str,
        stop_at_end: bool,
    ) -> Result<Session<'o>, SessionError> {
        // vchess's own start position is loaded even where vchess's position
        // check refuses it (Horde, Discoduel: no king on one side), and any
        // position of a variant whose check refuses every FEN (Yote's
        // IsGoodFen loops over an undeclared variable, which throws in a
        // module).
        let force = fen.is_empty() || CHECK_REFUSES_ALL.contains(&variant);
        let mut loaded = oracle.load_with(variant, fen, force)?;
        let board_only = fen.split_whitespace().count() < 3;
        if board_only
            && (!loaded.accepted || validate::position_from_fen(rules, &loaded.fen).is_err())
        {
            // Some vchess start strings are unreadable by vchess itself
            // (Knightmate2 keeps chess's castling flags where its reader
            // wants en passant), and board-only roots inherit them: retry
            // with fenpress's start fields, when vchess takes those.
            if let Some(f) = with_own_fields(rules, &loaded.fen) {
                let again = oracle.load(variant, &f)?;
                if again.accepted {
                    loaded = again;
                }
            }
        }
        if !loaded.accepted {
            return Err(SessionError::VchessRejects(loaded.fen));
        }
        // vchess completes a bare board with its start's castling flags,
        // which fenpress reads as the site does (a flag without its rook
        // is kept and never castles); but the two engines then clear such
        // a flag at different moves. A diagram root gets no such rights.
        let read = validate::position_from_fen(rules, &loaded.fen).and_then(|p| {
            if board_only && has_stale_right(rules, &p) {
                Err(validate::PositionError::Invalid(Vec::new()))
            } else {
                Ok(p)
            }
        });
        let pos = match read {
            Ok(p) => p,
            Err(e) => {
                // vchess completes a bare board with its start's castling
                // flags: a diagram without rooks in place then has rights it
                // cannot have. Retry with no castling rights.
                let retry = without_castling(rules, &loaded.fen)
                    .filter(|f| *f != loaded.fen)
                    .and_then(|f| {
                        let again = oracle.load(variant, &f).ok()?;
                        let p = validate::position_from_fen(rules, &again.fen).ok()?;
                        again.accepted.then_some((again, p))
                    });
                match retry {
                    Some((again, p)) => {
                        loaded = again;
                        p
                    }
                    None => {
                        return Err(SessionError::FenpressRejects {
                            fen: loaded.fen.clone(),
                            why: e.to_string(),
                        })
                    }
                }
            }
        };
        Ok(Session {
            oracle,
            rules,
            variant: variant.to_string(),
            pos,
            root_fen: loaded.fen,
            stop_at_end,
            stack: Vec::new(),
            fenpress_moves: Vec::new(),
            vchess_moves: Vec::new(),
            line: Vec::new(),
        })
    }

    /// Both engines' moves here, and their difference.
    pub fn compare(&mut self) -> Result<Here, SessionError> {
        let (vmoves, vchess_fen, score) = self.oracle.here()?;
        // In the middle of a turn (the same side plays on) the game is not
        // over, whatever vchess's score says there.
        let mid_turn = SCORE_AFTER_TURN_ONLY.contains(&self.variant.as_str())
            && self.stack.last().is_some_and(|p| p.mv.intent.continues);
        let game_over = self.stop_at_end && score != "*" && !mid_turn;
        self.vchess_moves = if game_over {
            Vec::new()
        } else {
            vmoves
                .iter()
                .map(|m| canon::from_vchess(self.rules, m))
                .collect()
        };
        // Keep the full list for `play` even when the game is over.
        let all_vchess: Vec<CanonMove> = vmoves
            .iter()
            .map(|m| canon::from_vchess(self.rules, m))
            .collect();
        let mut list = MoveList::new();
        legal::legal_moves(self.rules, &mut self.pos, &mut list);
        let (rules, pos) = (self.rules, &mut self.pos);
        self.fenpress_moves = list
            .iter()
            .map(|m| (*m, canon::from_fenpress(rules, pos, m)))
            .collect();
        let fenpress: Vec<CanonMove> = self.fenpress_moves.iter().map(|(_, c)| c.clone()).collect();
        let diff = canon::diff(&self.vchess_moves, &fenpress);
        let rows = self.rules.geometry().rows();
        let here = Here {
            vchess_fen: canon::normalize_board_digits(
                &canon::normalize_vchess_fen(&self.variant, rows, &vchess_fen),
                true,
            ),
            fenpress_fen: canon::normalize_board_digits(
                &canon::normalize_fenpress_fen(
                    &self.variant,
                    &fen::vchess_fen(self.rules, &self.pos),
                ),
                // fenpress writes vchess's split runs too (`91` = ten).
                true,
            ),
            vchess_written_fen: vchess_fen,
            score,
            fenpress_outcome: self
                .rules
                .variant_outcome(&self.pos)
                .map(|o| format!("{o:?}")),
            vchess: self.vchess_moves.clone(),
            fenpress,
            diff,
        };
        self.vchess_moves = all_vchess;
        Ok(here)
    }

    /// Plays a move both engines list (call [`Session::compare`] first).
    pub fn play(&mut self, mv: &CanonMove) -> Result<(), SessionError> {
        let vi = self.vchess_moves.iter().position(|m| m == mv);
        let fi = self.fenpress_moves.iter().position(|(_, c)| c == mv);
        let (Some(vi), Some(fi)) = (vi, fi) else {
            return Err(SessionError::NoSuchMove(mv.to_string()));
        };
        self.oracle.play(vi)?;
        let m = self.fenpress_moves[fi].0;
        let undo = self.rules.play(&mut self.pos, &m);
        self.stack.push(Ply {
            mv: m,
            undo,
            fenpress_moves: std::mem::take(&mut self.fenpress_moves),
            vchess_moves: std::mem::take(&mut self.vchess_moves),
        });
        self.line.push(mv.coords());
        Ok(())
    }

    /// Takes back the last [`Session::play`] (its position's move lists
    /// come back too, so another move can be played from there).
    pub fn undo(&mut self) -> Result<(), SessionError> {
        if let Some(ply) = self.stack.pop() {
            self.oracle.undo()?;
            self.rules.unplay(&mut self.pos, &ply.mv, ply.undo);
            self.line.pop();
            // The lists of the position we are back at, for the next play.
            self.fenpress_moves = ply.fenpress_moves;
            self.vchess_moves = ply.vchess_moves;
        }
        Ok(())
    }

    /// Perft on both sides from here: (vchess, fenpress).
    pub fn perft(&mut self, depth: u32) -> Result<(u64, u64), SessionError> {
        let v = self.oracle.perft(depth, self.stop_at_end)?;
        let f = legal::perft(self.rules, &mut self.pos, depth);
        Ok((v, f))
    }

    /// Divide on both sides: each move with its leaves below, per engine.
    #[allow(clippy::type_complexity)]
    pub fn divide(
        &mut self,
        depth: u32,
    ) -> Result<(Vec<(CanonMove, u64)>, Vec<(CanonMove, u64)>), SessionError> {
        let (vmoves, score) = self.oracle.divide(depth, self.stop_at_end)?;
        let v = vmoves
            .iter()
            .map(|m| (canon::from_vchess(self.rules, m), m.nodes.unwrap_or(0)))
            .collect::<Vec<_>>();
        let _ = score;
        let (rules, pos) = (self.rules, &mut self.pos);
        let f = legal::perft_divide(rules, pos, depth)
            .into_iter()
            .map(|(m, n)| (canon::from_fenpress(rules, pos, &m), n))
            .collect();
        Ok((v, f))
    }

    /// The command that shows the current position's moves on both sides.
    pub fn repro_moves(&mut self) -> Result<String, SessionError> {
        let (fen, _) = self.oracle.fen()?;
        Ok(repro("moves", &self.variant, &fen, None, self.stop_at_end))
    }
}

/// The FEN with its castling flags (vchess's fourth field, letters only)
/// all set to "none" (the file past the board), if it has such a field.
/// `fen`'s board and turn with the other fields of fenpress's start FEN
/// (the move counter set for the turn).
fn with_own_fields(rules: &dyn Rules, fen: &str) -> Option<String> {
    let mut fields: Vec<String> = fen.split(' ').take(2).map(str::to_string).collect();
    let start: Vec<&str> = rules.start_fen().split(' ').collect();
    if fields.len() < 2 || start.len() < 3 {
        return None;
    }
    fields.push(if fields[1] == "b" { "1" } else { "0" }.to_string());
    fields.extend(start[3..].iter().map(|f| f.to_string()));
    let own = fields.join(" ");
    (own != fen).then_some(own)
}

/// Whether `pos` has a castling right whose rook is not on its square.
fn has_stale_right(rules: &dyn Rules, pos: &Position) -> bool {
    let g = rules.geometry();
    let rook = rules.fen_style().castle_rook;
    fenpress_rules::Color::ALL.into_iter().any(|color| {
        let back = if color == fenpress_rules::Color::White {
            rules.castling_rank()
        } else {
            g.rows() - 1 - rules.castling_rank()
        };
        (0..2).any(|side| {
            pos.state
                .castling
                .rook_file(color, side)
                .is_some_and(|file| {
                    !g.square(file, back).is_some_and(|sq| {
                        pos.board
                            .cell(sq)
                            .piece(color)
                            .is_some_and(|p| rules.castling_kind(p.kind) == rook)
                    })
                })
        })
    })
}

fn without_castling(rules: &dyn Rules, fen: &str) -> Option<String> {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    let flags = fields.get(3)?;
    // The castling letters, then what a variant adds (Checkered's and
    // Paco Sako's sixteen pawn flags, kept).
    let letters = flags.bytes().take_while(u8::is_ascii_lowercase).count();
    let tail = &flags[letters..];
    if letters == 0 || !tail.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let none = fenpress_rules::geometry::file_char(rules.geometry().cols());
    fields[3] = std::iter::repeat_n(none, letters).collect::<String>() + tail;
    Some(fields.join(" "))
}

/// A command line that reproduces a comparison.
pub fn repro(cmd: &str, variant: &str, fen: &str, depth: Option<u32>, stop_at_end: bool) -> String {
    // Single quotes: an Apocalypse FEN holds a JSON move with double quotes.
    let mut s = format!("cargo run -p fenpress-conformance --release -- {cmd} {variant} '{fen}'");
    if let Some(d) = depth {
        s.push_str(&format!(" {d}"));
    }
    if stop_at_end {
        s.push_str(" --stop-at-end");
    }
    s
}
