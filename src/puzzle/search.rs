//! A small forced-win search ("mate in N") on the core's legal move
//! generation and results: the attacker needs one move that wins or keeps a
//! forced win, the defender escapes with any reply that avoids it. Chain
//! steps (Paco Sako) keep the turn, so N counts player turns. A node budget
//! bounds the work; running out gives `Unknown`, never a pass. The attacker
//! tries checks and moves that leave the fewest replies first, each side
//! tries first the move that decided a sibling (killers), and proved results
//! are kept per position (a transposition table of proven bounds).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use fenpress_rules::{legal, Color, Move, MoveList, Outcome, Position, Rules};

/// What the search proved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// The attacker wins within the moves left, whatever the defence.
    Win,
    /// Some defence holds (or the attacker has no winning try).
    NoWin,
    /// The budget ran out before either was proved.
    Unknown,
}

/// Which results count as the attacker's win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinKind {
    /// Checkmate only.
    Mate,
    /// Checkmate or a variant win.
    Any,
}

/// Deepest recursion in plies, whatever the budget: long chains end here.
const MAX_PLIES: u32 = 48;

/// The search state: rules, what counts as a win, and the node budget.
pub struct Search<'a> {
    rules: &'a dyn Rules,
    attacker: Color,
    win: WinKind,
    /// Moves played so far (the node count).
    pub nodes: u64,
    pub budget: u64,
    /// Whether the budget (or the depth cap) cut some line short.
    pub exhausted: bool,
    /// When the proof must stop, whatever its node budget: a deep "win in
    /// 6" took a minute, and `serve` waited for it after every save.
    pub deadline: Option<std::time::Instant>,
    /// Proven bounds per position and side to move (see [`Bounds`]).
    table: HashMap<(u64, bool), Bounds, BuildHasherDefault<MixHasher>>,
    /// Per ply, the move that last decided a node there (a win for the
    /// attacker, an escape for the defender): tried first by its siblings.
    killers: Vec<Option<Move>>,
}

/// What is proved of one position: the attacker wins within `win_within`
/// of its turns (and so within any more), and does not win within
/// `no_win_within` (nor any fewer). Unknown results are never stored.
#[derive(Debug, Clone, Copy)]
struct Bounds {
    win_within: u32,
    no_win_within: Option<u32>,
}

/// The table's key of `pos`: a 64-bit hash of the whole position (board,
/// turn, castling, en passant, counters, variant state, hands).
fn key(pos: &Position) -> u64 {
    let mut h = MixHasher(0);
    pos.hash(&mut h);
    h.finish()
}

/// A multiply-rotate hasher (the Fx scheme) for table keys: SipHash, the
/// default, cost as much as a move generation per probe on a 64-cell board.
/// Keys need no protection against chosen collisions (the site's author
/// writes the puzzle); as with any 64-bit key, a chance collision among the
/// few million positions of a proof has odds of about 10^-7.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(word));
        }
        for b in chunks.remainder() {
            self.write_u64(u64::from(*b));
        }
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    #[inline]
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(K);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // A final avalanche so the low bits the table buckets by depend on
        // every word.
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x
    }
}

impl<'a> Search<'a> {
    pub fn new(rules: &'a dyn Rules, attacker: Color, win: WinKind, budget: u64) -> Self {
        Search {
            rules,
            attacker,
            win,
            nodes: 0,
            budget,
            exhausted: false,
            deadline: None,
            table: HashMap::default(),
            killers: Vec::new(),
        }
    }

    /// What the table proves for `pos` with `turns` of the attacker's left.
    fn probe(&self, pos: &Position, turns: u32) -> Option<Proof> {
        let b = self.table.get(&(key(pos), pos.turn() == self.attacker))?;
        if turns >= b.win_within {
            Some(Proof::Win)
        } else if b.no_win_within.is_some_and(|n| turns <= n) {
            Some(Proof::NoWin)
        } else {
            None
        }
    }

    /// Records a proved result (an unknown one is not a result).
    fn store(&mut self, pos: &Position, turns: u32, proof: Proof) {
        let entry = self
            .table
            .entry((key(pos), pos.turn() == self.attacker))
            .or_insert(Bounds {
                win_within: u32::MAX,
                no_win_within: None,
            });
        match proof {
            Proof::Win => entry.win_within = entry.win_within.min(turns),
            Proof::NoWin => {
                entry.no_win_within = Some(entry.no_win_within.map_or(turns, |n| n.max(turns)))
            }
            Proof::Unknown => {}
        }
    }

    fn killer(&self, plies: u32) -> Option<Move> {
        self.killers.get(plies as usize).copied().flatten()
    }

    fn set_killer(&mut self, plies: u32, mv: Move) {
        let i = plies as usize;
        if self.killers.len() <= i {
            self.killers.resize(i + 1, None);
        }
        self.killers[i] = Some(mv);
    }

    /// The attacker's moves, most promising first: the killer, then (with
    /// more than one turn left) checks, then fewest legal replies.
    fn order_attacks(&mut self, pos: &mut Position, moves: &mut MoveList, turns: u32, plies: u32) {
        let killer = self.killer(plies);
        if turns > 1 {
            let mut scored: Vec<(u32, Move)> = Vec::with_capacity(moves.len());
            let mut replies = MoveList::new();
            for mv in moves.iter() {
                let undo = self.rules.play(pos, mv);
                let score = if mv.intent.continues {
                    0
                } else {
                    legal::legal_moves(self.rules, pos, &mut replies);
                    let check = legal::in_check(self.rules, pos);
                    // A move that leaves no reply decides at once: first.
                    if replies.is_empty() {
                        0
                    } else {
                        1 + u32::from(!check) * 1000 + replies.len() as u32
                    }
                };
                self.rules.unplay(pos, mv, undo);
                scored.push((score, *mv));
            }
            scored.sort_by_key(|(score, _)| *score);
            moves.clear();
            moves.extend(scored.into_iter().map(|(_, mv)| mv));
        }
        if let Some(k) = killer {
            if let Some(i) = moves.iter().position(|m| *m == k) {
                moves[..=i].rotate_right(1);
            }
        }
    }

    /// Whether the game is over with the attacker's win, in `pos` as it
    /// stands (after an attacker's completed move).
    pub fn is_win(&self, pos: &mut Position) -> bool {
        if self.win == WinKind::Mate && !legal::in_check(self.rules, pos) {
            // Checkmate needs check: skip generating replies.
            return false;
        }
        match legal::outcome(self.rules, pos) {
            Some(Outcome::Checkmate { winner }) => winner == self.attacker,
            Some(o @ Outcome::VariantWin { .. }) => {
                self.win == WinKind::Any && o.winner() == Some(self.attacker)
            }
            _ => false,
        }
    }

    fn out_of_budget(&mut self, plies: u32) -> bool {
        // The clock is read every 1,024 moves: cheap next to move generation.
        let late = self.nodes.is_multiple_of(1024)
            && self
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d);
        if late {
            // Stops every later call at once too.
            self.budget = self.nodes;
        }
        if self.nodes >= self.budget || plies >= MAX_PLIES {
            self.exhausted = true;
            return true;
        }
        false
    }

    /// The attacker to move with `turns` of its moves left (this one
    /// included): can it force a win?
    pub fn attack(&mut self, pos: &mut Position, turns: u32, plies: u32) -> Proof {
        if turns == 0 {
            return Proof::NoWin;
        }
        if let Some(known) = self.probe(pos, turns) {
            return known;
        }
        if self.out_of_budget(plies) {
            return Proof::Unknown;
        }
        let mut moves = MoveList::new();
        legal::legal_moves(self.rules, pos, &mut moves);
        if moves.is_empty() {
            // The attacker cannot move: a variant win decided by the
            // defender's move counts, anything else does not.
            return if self.ended_in_win(pos) {
                Proof::Win
            } else {
                Proof::NoWin
            };
        }
        self.order_attacks(pos, &mut moves, turns, plies);
        let mut unknown = false;
        for mv in &moves {
            match self.after_attack(pos, mv, turns, plies) {
                Proof::Win => {
                    self.set_killer(plies, *mv);
                    self.store(pos, turns, Proof::Win);
                    return Proof::Win;
                }
                Proof::Unknown => unknown = true,
                Proof::NoWin => {}
            }
        }
        if unknown {
            Proof::Unknown
        } else {
            self.store(pos, turns, Proof::NoWin);
            Proof::NoWin
        }
    }

    /// Plays the attacker's `mv` with `turns` left (this one included) and
    /// judges the position after it.
    pub fn after_attack(&mut self, pos: &mut Position, mv: &Move, turns: u32, plies: u32) -> Proof {
        self.nodes += 1;
        let undo = self.rules.play(pos, mv);
        let proof = if mv.intent.continues {
            self.attack(pos, turns, plies + 1)
        } else if turns == 1 && self.win == WinKind::Mate && !legal::in_check(self.rules, pos) {
            // The last move must mate, and mate needs check: no need to
            // generate the replies.
            Proof::NoWin
        } else if let Some(known) = self.probe(pos, turns - 1) {
            known
        } else {
            let mut replies = MoveList::new();
            legal::legal_moves(self.rules, pos, &mut replies);
            let proof = if replies.is_empty() {
                if self.ended_in_win(pos) {
                    Proof::Win
                } else {
                    Proof::NoWin
                }
            } else if turns > 1 {
                self.defend_with(pos, &mut replies, turns - 1, plies + 1).0
            } else {
                Proof::NoWin
            };
            self.store(pos, turns - 1, proof);
            proof
        };
        self.rules.unplay(pos, mv, undo);
        proof
    }

    /// `pos` has no legal move for its side to move: is that the
    /// attacker's win (mate, or a variant win when those count)?
    fn ended_in_win(&self, pos: &Position) -> bool {
        match self.rules.variant_outcome(pos) {
            Some(o) => self.win == WinKind::Any && o.winner() == Some(self.attacker),
            None => pos.turn() != self.attacker && legal::in_check(self.rules, pos),
        }
    }

    /// The defender to move, the attacker then having `turns` moves: does
    /// every defence still lose? With `NoWin`, the first defence that
    /// escapes (the first ply of it, for a chain).
    pub fn defend(&mut self, pos: &mut Position, turns: u32, plies: u32) -> (Proof, Option<Move>) {
        let mut moves = MoveList::new();
        legal::legal_moves(self.rules, pos, &mut moves);
        if moves.is_empty() {
            let proof = if self.ended_in_win(pos) {
                Proof::Win
            } else {
                Proof::NoWin
            };
            return (proof, None);
        }
        self.defend_with(pos, &mut moves, turns, plies)
    }

    fn defend_with(
        &mut self,
        pos: &mut Position,
        moves: &mut MoveList,
        turns: u32,
        plies: u32,
    ) -> (Proof, Option<Move>) {
        if self.out_of_budget(plies) {
            return (Proof::Unknown, None);
        }
        // The escape that worked in a sibling is tried first.
        if let Some(k) = self.killer(plies) {
            if let Some(i) = moves.iter().position(|m| *m == k) {
                moves[..=i].rotate_right(1);
            }
        }
        let mut unknown = false;
        for mv in moves.iter() {
            match self.after_defence(pos, mv, turns, plies) {
                Proof::NoWin => {
                    self.set_killer(plies, *mv);
                    return (Proof::NoWin, Some(*mv));
                }
                Proof::Unknown => unknown = true,
                Proof::Win => {}
            }
        }
        let proof = if unknown { Proof::Unknown } else { Proof::Win };
        (proof, None)
    }

    /// Plays the defence `mv` and judges what follows for the attacker.
    pub fn after_defence(
        &mut self,
        pos: &mut Position,
        mv: &Move,
        turns: u32,
        plies: u32,
    ) -> Proof {
        self.nodes += 1;
        let undo = self.rules.play(pos, mv);
        let proof = if mv.intent.continues {
            self.defend(pos, turns, plies + 1).0
        } else {
            self.attack(pos, turns, plies + 1)
        };
        self.rules.unplay(pos, mv, undo);
        proof
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fenpress_rules::{registry, validate::position_from_fen};

    fn proof(fen: &str, turns: u32) -> (Proof, u64) {
        let chess = registry::rules("chess").unwrap();
        let mut pos = position_from_fen(chess, fen).unwrap();
        let mut s = Search::new(chess, pos.turn(), WinKind::Mate, 1_000_000);
        let p = s.attack(&mut pos, turns, 0);
        (p, s.nodes)
    }

    #[test]
    fn finds_back_rank_mate() {
        assert_eq!(proof("6k1/5ppp/8/8/8/8/8/R5K1 w - -", 1).0, Proof::Win);
        // With an escape square there is no mate in 1.
        assert_eq!(proof("6k1/5pp1/8/8/8/8/8/R5K1 w - -", 1).0, Proof::NoWin);
    }

    #[test]
    fn tiny_budget_is_unknown_not_a_pass() {
        let chess = registry::rules("chess").unwrap();
        let mut pos = position_from_fen(chess, "6k1/5pp1/8/8/8/8/8/R5K1 w - -").unwrap();
        let mut s = Search::new(chess, Color::White, WinKind::Mate, 5);
        assert_eq!(s.attack(&mut pos, 3, 0), Proof::Unknown);
        assert!(s.exhausted);
    }
}
