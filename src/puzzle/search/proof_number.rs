//! Depth-first proof-number search (df-pn), the search's core.
//!
//! Each node carries a proof number (how many leaves at least must still
//! be proved for the attacker to win from it) and a disproof number (the
//! same for the defender to escape). At an attacker's node the proof
//! number is the smallest of its children's and the disproof number their
//! sum; at a defender's node the other way round. The search always goes
//! down to the child that is cheapest to decide, within thresholds that
//! send it back up as soon as a sibling becomes cheaper (Nagai's df-pn,
//! with the 1 + 1/4 threshold of Pawlewicz and Lew against re-expanding a
//! node each time two siblings swap). Numbers of undecided nodes are kept
//! in a table beside the proven bounds, so a node revisited starts where
//! it stopped.
//!
//! Why not alpha-beta with iterative deepening, as before: proving that a
//! first move does *not* mate in 6 means refuting every attacker try after
//! one good defence, and that defence is only known once found. A fixed
//! order spent most of its work in the subtrees of defences that fail;
//! proof numbers learn while searching which defence leaves the attacker
//! least, and the last turn is still judged exactly and cheaply (only
//! checks can mate).
//!
//! A new child starts with its mobility: after an attacker's move, the
//! proof number is the defender's count of legal replies (a check with
//! few replies is cheap to prove); after a defence, the disproof number is
//! the attacker's count of moves (a defence that cuts the attacker's
//! choice is cheap to hold).

use fenpress_rules::{legal, Move, MoveList, Position};

use super::{tag, Key, Proof, Search, MAX_PLIES};

/// Nodes with at most this many of the attacker's turns left are searched
/// exactly, by alpha-beta with iterative deepening (the older search): at
/// the bottom of the tree, where most nodes are, it decides faster than
/// proof numbers pay for themselves (measured on the hard fixtures' mate
/// in 6 with pawns: 1.7 s with 2, 1.9 s with 0, and with 3 the
/// 4,000,000-move budget ran out).
const EXACT_TURNS: u32 = 2;

/// A proof or disproof number.
pub(super) type Number = u64;

/// The number of a decided node: a proven node has proof number 0 and
/// disproof number `INF`, a disproven one the reverse. Sums saturate
/// below it, so only a decided node reaches it.
pub(super) const INF: Number = u64::MAX / 4;

/// One child of a node being searched: its move (an index in the node's
/// move list), its table key and turns, and its current numbers.
#[derive(Debug, Clone, Copy)]
pub(super) struct Child {
    index: u32,
    key: Key,
    turns: u32,
    pn: Number,
    dn: Number,
}

/// The key of an undecided node's numbers: the position's key with the
/// attacker's turns left.
pub(super) type PendingKey = (u64, u32);

fn pending_key(key: Key, turns: u32) -> PendingKey {
    (key.0, turns << 1 | u32::from(key.1))
}

fn numbers(proof: Proof) -> (Number, Number) {
    match proof {
        Proof::Win => (0, INF),
        _ => (INF, 0),
    }
}

/// A threshold a little above `second` (the next-best sibling's number):
/// the child comes back once it is no longer clearly the cheapest.
fn above(second: Number) -> Number {
    if second >= INF {
        INF
    } else {
        (second + second / 4 + 1).min(INF)
    }
}

fn sum(a: Number, b: Number) -> Number {
    a.saturating_add(b).min(INF - 1)
}

impl Search<'_> {
    /// Proves or disproves the node `key` (the position `pos`) with
    /// `turns` of the attacker's left: `Unknown` when the budget ran out
    /// first, or a line was cut at the depth cap.
    pub(super) fn solve(&mut self, pos: &mut Position, key: Key, turns: u32, plies: u32) -> Proof {
        loop {
            let (pn, dn) = self.mid(pos, key, turns, plies, INF, INF);
            if pn == 0 {
                return Proof::Win;
            }
            if dn == 0 {
                // A line cut at the depth cap counted as no win: the
                // disproof may rest on it.
                return if self.capped {
                    Proof::Unknown
                } else {
                    Proof::NoWin
                };
            }
            if self.stopped() {
                self.exhausted = true;
                return Proof::Unknown;
            }
        }
    }

    /// Whether the budget (moves or time) is spent: every node returns at
    /// once, with its numbers as they stand.
    fn stopped(&self) -> bool {
        self.nodes >= self.budget
    }

    /// One df-pn visit: searches `key` until its proof number reaches
    /// `th_pn`, its disproof number `th_dn`, or it is decided, and returns
    /// its numbers.
    fn mid(
        &mut self,
        pos: &mut Position,
        key: Key,
        turns: u32,
        plies: u32,
        th_pn: Number,
        th_dn: Number,
    ) -> (Number, Number) {
        if let Some(known) = self.probe_key(key, turns) {
            return numbers(known);
        }
        if plies >= MAX_PLIES {
            // Counted as no win, never stored: `solve` reports unknown.
            self.capped = true;
            self.exhausted = true;
            return (INF, 0);
        }
        if turns <= EXACT_TURNS {
            let proof = if key.1 {
                self.attack_exact(pos, turns, plies)
            } else {
                self.judge_defender_node(pos, turns, plies)
            };
            if proof != Proof::Unknown {
                return numbers(proof);
            }
        }
        if self.out_of_budget(plies) {
            return self
                .pending
                .get(&pending_key(key, turns))
                .copied()
                .unwrap_or((1, 1));
        }
        let mut moves = self.take_list(plies);
        let mut kids = self.take_children(plies);
        let decided = self.expand(pos, key, turns, plies, &mut moves, &mut kids);
        let attacker = key.1;
        let (pn, dn) = match decided {
            Some((proof, escape)) => {
                self.store_key(key, turns, proof, escape);
                numbers(proof)
            }
            None => {
                let (pn, dn) = self.deepen(pos, attacker, plies, &moves, &mut kids, th_pn, th_dn);
                if pn == 0 {
                    self.store_key(key, turns, Proof::Win, None);
                } else if dn == 0 {
                    let escape = if attacker {
                        None
                    } else {
                        kids.iter()
                            .find(|c| c.dn == 0)
                            .map(|c| tag(&moves[c.index as usize]))
                    };
                    self.store_key(key, turns, Proof::NoWin, escape);
                } else {
                    self.pending.insert(pending_key(key, turns), (pn, dn));
                }
                (pn, dn)
            }
        };
        self.give_back(plies, moves);
        self.give_back_children(plies, kids);
        (pn, dn)
    }

    /// The loop of [`Search::mid`] over an expanded node's children.
    #[allow(clippy::too_many_arguments)]
    fn deepen(
        &mut self,
        pos: &mut Position,
        attacker: bool,
        plies: u32,
        moves: &MoveList,
        kids: &mut [Child],
        th_pn: Number,
        th_dn: Number,
    ) -> (Number, Number) {
        loop {
            let (pn, dn) = combine(attacker, kids);
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn || self.stopped() {
                return (pn, dn);
            }
            let (best, second) = select(attacker, kids);
            let c = kids[best];
            let (child_pn, child_dn) = if attacker {
                (th_pn.min(above(second)), sum(th_dn - dn, c.dn))
            } else {
                (sum(th_pn - pn, c.pn), th_dn.min(above(second)))
            };
            let mv = moves[c.index as usize];
            self.nodes += 1;
            let undo = self.rules.play(pos, &mv);
            let (cpn, cdn) = self.mid(pos, c.key, c.turns, plies + 1, child_pn, child_dn);
            self.rules.unplay(pos, &mv, undo);
            kids[best].pn = cpn;
            kids[best].dn = cdn;
        }
    }

    /// Lists the node's children with their first numbers. `Some` when
    /// the node is decided at once: no move, no turn left, the last
    /// turn's exact test, or a child decided on sight (a winning move at
    /// the attacker's node, an escape at the defender's, given back too).
    fn expand(
        &mut self,
        pos: &mut Position,
        key: Key,
        turns: u32,
        plies: u32,
        moves: &mut MoveList,
        kids: &mut Vec<Child>,
    ) -> Option<(Proof, Option<super::Tag>)> {
        let attacker = key.1;
        if attacker && turns == 0 {
            return Some((self.won_without_a_turn(pos), None));
        }
        if attacker && turns == 1 && self.plain_legality {
            if let Some(proof) = self.last_attack(pos, plies) {
                return Some((proof, None));
            }
        }
        legal::legal_moves(self.rules, pos, moves);
        if moves.is_empty() {
            return Some((self.no_move_result(pos), None));
        }
        if !attacker && turns == 0 && !self.replies_may_lose {
            return Some((Proof::NoWin, None));
        }
        for (i, mv) in moves.iter().enumerate() {
            self.nodes += 1;
            let undo = self.rules.play(pos, mv);
            let child_turns = if attacker && !mv.intent.continues {
                turns - 1
            } else {
                turns
            };
            let child_key = self.key_of(pos);
            let (pn, dn) = self.first_numbers(pos, child_key, child_turns, plies + 1);
            self.rules.unplay(pos, mv, undo);
            if attacker && pn == 0 {
                self.set_killer(plies, *mv);
                return Some((Proof::Win, None));
            }
            if !attacker && dn == 0 {
                return Some((Proof::NoWin, Some(tag(mv))));
            }
            kids.push(Child {
                index: i as u32,
                key: child_key,
                turns: child_turns,
                pn,
                dn,
            });
        }
        None
    }

    /// A child's numbers when its parent is expanded: the table's, else
    /// the exact result where it is cheap (no turn left, the attacker's
    /// last turn, no legal move), else its mobility, kept for the next
    /// expansion.
    fn first_numbers(
        &mut self,
        pos: &mut Position,
        key: Key,
        turns: u32,
        plies: u32,
    ) -> (Number, Number) {
        if let Some(known) = self.probe_key(key, turns) {
            return numbers(known);
        }
        let pending = pending_key(key, turns);
        if let Some(&known) = self.pending.get(&pending) {
            return known;
        }
        let attacker = key.1;
        if attacker && turns == 0 {
            return numbers(self.won_without_a_turn(pos));
        }
        if !attacker && turns == 0 && self.replies_may_lose {
            // Whether every reply ends the game in the attacker's win: one
            // ply, decided here.
            return numbers(self.judge_defender_node(pos, 0, plies));
        }
        if attacker && turns == 1 && self.plain_legality {
            if let Some(proof) = self.last_attack(pos, plies) {
                self.store_key(key, turns, proof, None);
                return numbers(proof);
            }
        }
        if !attacker && turns == 0 && self.plain_legality {
            // After the attacker's last move: a win only if the game is
            // over at once, seen without listing every reply.
            return numbers(if self.wins_at_once(pos, plies, None) {
                Proof::Win
            } else {
                Proof::NoWin
            });
        }
        let count = self.mobility(pos);
        let result = if count == 0 {
            numbers(self.no_move_result(pos))
        } else if !attacker && turns == 0 {
            (INF, 0)
        } else if attacker {
            (1, count)
        } else {
            (count, 1)
        };
        if result.0 != 0 && result.1 != 0 {
            self.pending.insert(pending, result);
        }
        result
    }

    /// How many moves the side to move has, for a child's first numbers:
    /// its legal moves when in check (a check that leaves few replies is
    /// what proves fastest), else its pseudo-legal ones, which are nearly
    /// as many and cost no legality test each. 0 only when it has no legal
    /// move (then the node is decided).
    fn mobility(&mut self, pos: &mut Position) -> Number {
        let mut moves = std::mem::take(&mut self.scratch);
        moves.clear();
        let count = if self.rules.variant_outcome(pos).is_some() {
            0
        } else if legal::in_check(self.rules, pos) {
            legal::legal_moves(self.rules, pos, &mut moves);
            moves.len()
        } else {
            self.rules.pseudo_legal_moves(pos, &mut moves);
            let rules = self.rules;
            if legal::any_legal(rules, pos, &moves) {
                moves.len()
            } else {
                // A list-wide rule can only refuse more: none is legal.
                0
            }
        };
        self.scratch = moves;
        count as Number
    }

    /// The defender's escape at `pos` (the defender to move, the attacker
    /// then having `turns`), once the node is disproven.
    pub(super) fn escape_at(&mut self, pos: &mut Position) -> Option<Move> {
        let key = self.key_of(pos);
        let escape = self.table.get(&key).and_then(|b| b.escape)?;
        let mut moves = MoveList::new();
        legal::legal_moves(self.rules, pos, &mut moves);
        moves.into_iter().find(|m| tag(m) == escape)
    }

    fn take_children(&mut self, plies: u32) -> Vec<Child> {
        let mut kids = self
            .children
            .get_mut(plies as usize)
            .map(std::mem::take)
            .unwrap_or_default();
        kids.clear();
        kids
    }

    fn give_back_children(&mut self, plies: u32, kids: Vec<Child>) {
        let i = plies as usize;
        if self.children.len() <= i {
            self.children.resize_with(i + 1, Vec::new);
        }
        self.children[i] = kids;
    }
}

/// A node's numbers from its children's.
fn combine(attacker: bool, kids: &[Child]) -> (Number, Number) {
    if attacker {
        let pn = kids.iter().map(|c| c.pn).min().unwrap_or(INF);
        let dn = kids.iter().fold(0, |s, c| sum(s, c.dn));
        (pn, dn)
    } else {
        let pn = kids.iter().fold(0, |s, c| sum(s, c.pn));
        let dn = kids.iter().map(|c| c.dn).min().unwrap_or(INF);
        (pn, dn)
    }
}

/// The child to search (the smallest proof number at the attacker's
/// node, disproof number at the defender's; the first on ties) and the
/// second-smallest number.
fn select(attacker: bool, kids: &[Child]) -> (usize, Number) {
    let number = |c: &Child| if attacker { c.pn } else { c.dn };
    let mut best = 0;
    let mut second = INF;
    for (i, c) in kids.iter().enumerate().skip(1) {
        let n = number(c);
        if n < number(&kids[best]) {
            second = number(&kids[best]);
            best = i;
        } else if n < second {
            second = n;
        }
    }
    (best, second)
}
