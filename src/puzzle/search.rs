//! A small forced-win search ("mate in N") on the core's legal move
//! generation and results: the attacker needs one move that wins or keeps a
//! forced win, the defender escapes with any reply that avoids it. Chain
//! steps (Paco Sako) keep the turn, so N counts player turns. A node budget
//! bounds the work; running out gives `Unknown`, never a pass.
//!
//! The search is a depth-first proof-number search ([`proof_number`]) over
//! the upper turns, and an exact alpha-beta search over the last two: the
//! attacker looks for shorter wins first (iterative deepening), tries
//! checks and moves that leave the fewest replies first, each side tries
//! first the move that decided a sibling (killers), and proved results are
//! kept per position (a transposition table of proven bounds), shared by
//! both, and by a sibling search on a second thread when the first moves
//! are split between two ([`Search::sibling`]). On its last turn the
//! attacker needs a move that ends the game at once: for a mate, only moves that can give check are played
//! ([`Rules::check_squares`]), only moves that check or decide the game
//! are tested for legality, and a mate is seen at the defender's first
//! legal reply.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use fenpress_rules::{legal, Color, Move, MoveList, Outcome, Position, Rules};

mod proof_number;
mod table;

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
    /// Proven bounds per position and side to move (see [`Bounds`]),
    /// shared with the siblings of this search (see [`table`]).
    table: Arc<table::Table>,
    /// The budget shared with siblings on other threads, and how many of
    /// this search's moves it has been told of.
    pool: Option<Arc<Pool>>,
    reported: u64,
    /// Per ply, the move that last decided a node there (a win for the
    /// attacker, an escape for the defender): tried first by its siblings.
    killers: Vec<Option<Move>>,
    /// When the deadline is read next (in moves played).
    next_clock_read: u64,
    /// One move list per depth, reused (see [`Search::take_list`]).
    lists: Vec<MoveList>,
    /// The replies counted while ordering moves.
    scratch: MoveList,
    /// Scores and indices of the moves being ordered, and the list they
    /// are sorted into (both reused).
    order: Vec<(u32, u32)>,
    sorted: MoveList,
    /// Whether legality is only "the mover's royals are safe" (no list-wide
    /// restriction, no ban on giving check): the last turn's shortcut.
    plain_legality: bool,
    /// Whether the defender's reply to the attacker's last move may end
    /// the game in the attacker's win ([`Rules::own_move_may_lose`], for
    /// a variant's own win): a node with no attacker turn left is then
    /// judged, not taken as no win.
    replies_may_lose: bool,
    /// The proof and disproof numbers of undecided nodes, by position and
    /// turns left (see [`proof_number`]).
    pending: HashMap<
        proof_number::PendingKey,
        (proof_number::Number, proof_number::Number),
        BuildHasherDefault<MixHasher>,
    >,
    /// One list of children per depth, reused.
    children: Vec<Vec<proof_number::Child>>,
    /// Whether some line was cut at the depth cap and counted as no win:
    /// a disproof may then rest on it, and is reported as unknown.
    capped: bool,
}

/// The moves a search and its siblings may spend together: each adds what
/// it spent when it reads the clock, and stops once the sum reaches the
/// limit (overshooting by at most the moves between two clock reads).
struct Pool {
    spent: AtomicU64,
    limit: u64,
}

/// What is proved of one position: the attacker wins within `win_within`
/// of its turns (and so within any more), and does not win within
/// `no_win_within` (nor any fewer). Unknown results are never stored.
#[derive(Debug, Clone, Copy)]
struct Bounds {
    win_within: u32,
    no_win_within: Option<u32>,
    /// At a defender's node, the defence that escaped when `no_win_within`
    /// was proved: tried first when the node is searched deeper (the next
    /// pass of the iterative deepening), where it often escapes again.
    escape: Option<Tag>,
}

/// What `b` proves with `turns` of the attacker's left, if anything.
fn bound_proves(b: &Bounds, turns: u32) -> Option<Proof> {
    if turns >= b.win_within {
        Some(Proof::Win)
    } else if b.no_win_within.is_some_and(|n| turns <= n) {
        Some(Proof::NoWin)
    } else {
        None
    }
}

/// A move named by its origin, destination and promotion: enough to find
/// it again in a node's list (ordering only, never a result).
type Tag = (u16, u16, u8);

fn tag(mv: &Move) -> Tag {
    (
        mv.intent.from.0,
        mv.intent.to.0,
        mv.intent.promotion.map_or(0, |k| k.0),
    )
}

/// A table key: the position's hash and whether the attacker is to move.
type Key = (u64, bool);

/// The table's key of `pos`: a 64-bit hash of the whole position (board,
/// turn, castling, en passant, ply count, variant state, hands, counters).
/// The board's cells are packed four to a word: hashing cell by cell (and
/// the royal squares, which the cells already say) cost a tenth of a proof.
fn key(pos: &Position) -> u64 {
    let mut h = MixHasher(0);
    for four in pos.board.cells().chunks(4) {
        let mut word = 0u64;
        for (i, cell) in four.iter().enumerate() {
            word |= u64::from(cell.0) << (16 * i);
        }
        h.write_u64(word);
    }
    let s = &pos.state;
    // The half-move clock is left out: no rule of the core reads it (the
    // 50-move rule is tolerated), and with it a capture played before or
    // after a quiet move made two keys of one position.
    let mut castling = 0u64;
    for (i, file) in s.castling.0.iter().flatten().enumerate() {
        castling |= u64::from(file.map_or(0, |f| u16::from(f) + 1)) << (16 * i);
    }
    h.write_u64(castling);
    h.write_u64(
        u64::from(s.turn == Color::White)
            | u64::from(s.en_passant.map_or(0, |sq| u32::from(sq.0) + 1)) << 1
            | u64::from(s.plies) << 32,
    );
    h.write_u64(s.variant);
    s.hands.hash(&mut h);
    pos.counters.hash(&mut h);
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
            next_clock_read: 0,
            table: Arc::new(table::Table::new()),
            pool: None,
            reported: 0,
            killers: Vec::new(),
            lists: Vec::new(),
            scratch: MoveList::new(),
            order: Vec::new(),
            sorted: MoveList::new(),
            plain_legality: !rules.restricts_legal() && !rules.forbids_giving_check(),
            replies_may_lose: win == WinKind::Any && rules.own_move_may_lose(),
            pending: HashMap::with_capacity_and_hasher(1 << 14, Default::default()),
            children: Vec::new(),
            capped: false,
        }
    }

    /// A search of the same puzzle (rules, attacker, win, deadline) for
    /// another thread. It shares this one's table: what either proves,
    /// the other reads. The moves left in this one's budget become a pool
    /// the two spend together (see [`Search::join_sibling`]); the
    /// sibling starts with a copy of the pending proof numbers.
    pub fn sibling(&mut self) -> Search<'a> {
        let left = self.budget.saturating_sub(self.nodes);
        let pool = Arc::new(Pool {
            spent: AtomicU64::new(0),
            limit: left,
        });
        self.pool = Some(Arc::clone(&pool));
        self.reported = self.nodes;
        let mut other = Search::new(self.rules, self.attacker, self.win, left);
        other.deadline = self.deadline;
        other.table = Arc::clone(&self.table);
        other.pool = Some(pool);
        other.pending = self.pending.clone();
        other.capped = self.capped;
        other
    }

    /// Takes back a finished sibling: its moves count as this search's,
    /// and this search has its own budget again (what is left of it).
    pub fn join_sibling(&mut self, other: Search<'a>) {
        self.nodes += other.nodes;
        self.exhausted |= other.exhausted;
        self.capped |= other.capped;
        self.pool = None;
        if self.exhausted {
            self.budget = self.budget.min(self.nodes);
        }
    }

    /// The move list of the node `plies` deep, cleared: one buffer per
    /// depth, reused, so a node allocates nothing once the lists have grown.
    fn take_list(&mut self, plies: u32) -> MoveList {
        let mut list = self
            .lists
            .get_mut(plies as usize)
            .map(std::mem::take)
            .unwrap_or_default();
        list.clear();
        list
    }

    fn give_back(&mut self, plies: u32, list: MoveList) {
        let i = plies as usize;
        if self.lists.len() <= i {
            self.lists.resize_with(i + 1, MoveList::new);
        }
        self.lists[i] = list;
    }

    fn key_of(&self, pos: &Position) -> Key {
        (key(pos), pos.turn() == self.attacker)
    }

    /// What the table proves for `pos` with `turns` of the attacker's left.
    fn probe(&self, pos: &Position, turns: u32) -> Option<Proof> {
        self.probe_key(self.key_of(pos), turns)
    }

    fn probe_key(&self, key: Key, turns: u32) -> Option<Proof> {
        bound_proves(&self.table.get(&key)?, turns)
    }

    /// Records a proved result (an unknown one is not a result).
    fn store(&mut self, pos: &Position, turns: u32, proof: Proof) {
        self.store_key(self.key_of(pos), turns, proof, None)
    }

    /// [`Search::store`] by key, with the escape that proved a `NoWin`.
    fn store_key(&mut self, key: Key, turns: u32, proof: Proof, escape: Option<Tag>) {
        if proof == Proof::Unknown {
            return;
        }
        self.table.update(key, |entry| match proof {
            Proof::Win => entry.win_within = entry.win_within.min(turns),
            Proof::NoWin => {
                // The escape of the strongest bound is kept: it escapes at
                // every fewer turns too.
                if escape.is_some() && entry.no_win_within.is_none_or(|n| turns >= n) {
                    entry.escape = escape;
                }
                entry.no_win_within = Some(entry.no_win_within.map_or(turns, |n| n.max(turns)));
            }
            Proof::Unknown => {}
        });
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

    /// Moves the killer of `plies`, if it is in `moves`, to the front.
    fn killer_first(&self, moves: &mut MoveList, plies: u32) {
        if let Some(k) = self.killer(plies) {
            if let Some(i) = moves.iter().position(|m| *m == k) {
                moves[..=i].rotate_right(1);
            }
        }
    }

    /// The attacker's moves, most promising first: the killer, then (with
    /// more than one turn left) checks, fewest legal replies first, then
    /// captures, then the rest. Only checks have their replies counted:
    /// counting every move's replies cost a ply of generation at each
    /// node, wasted where no move wins and all must be refuted anyway.
    fn order_attacks(&mut self, pos: &mut Position, moves: &mut MoveList, turns: u32, plies: u32) {
        if turns > 1 {
            let mut replies = std::mem::take(&mut self.scratch);
            let mut order = std::mem::take(&mut self.order);
            order.clear();
            for (i, mv) in moves.iter().enumerate() {
                let undo = self.rules.play(pos, mv);
                let score = if mv.intent.continues {
                    0
                } else if legal::in_check(self.rules, pos) {
                    legal::legal_moves(self.rules, pos, &mut replies);
                    1 + replies.len() as u32
                } else if mv.intent.capture {
                    10_000
                } else {
                    20_000
                };
                self.rules.unplay(pos, mv, undo);
                order.push((score, i as u32));
            }
            self.scratch = replies;
            self.order = order;
            self.apply_order(moves);
        }
        self.killer_first(moves, plies);
    }

    /// Sorts `moves` by the scores of `self.order` (stable: equal scores
    /// keep the generator's order), through an index sort: moves are large.
    fn apply_order(&mut self, moves: &mut MoveList) {
        self.order.sort_by_key(|(score, _)| *score);
        let mut sorted = std::mem::take(&mut self.sorted);
        sorted.clear();
        sorted.extend(self.order.iter().map(|(_, i)| moves[*i as usize]));
        std::mem::swap(moves, &mut sorted);
        self.sorted = sorted;
    }

    /// The defender's moves, the likeliest escape with the smallest proof
    /// first. With more than one attacker turn left, a defence leaving the
    /// attacker fewest legal moves first: proving that an escape holds
    /// means refuting every attacker move after it, so a check or a
    /// capture that cuts the attacker's choice proves fastest. Counting
    /// costs a generation per defence; measured against ordering by checks
    /// and captures alone, it is 11% faster on the slowest fixture (mate in
    /// 6) and up to a third slower on others: the slowest one decides. On
    /// the attacker's last turn, defences that check first, then captures.
    fn order_defences(&mut self, pos: &mut Position, moves: &mut MoveList, turns: u32) {
        let mut replies = std::mem::take(&mut self.scratch);
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        for (i, mv) in moves.iter().enumerate() {
            let undo = self.rules.play(pos, mv);
            let score = if mv.intent.continues {
                0
            } else if turns > 1 {
                legal::legal_moves(self.rules, pos, &mut replies);
                replies.len() as u32
            } else if legal::in_check(self.rules, pos) {
                0
            } else if mv.intent.capture {
                1
            } else {
                2
            };
            self.rules.unplay(pos, mv, undo);
            order.push((score, i as u32));
        }
        self.scratch = replies;
        self.order = order;
        self.apply_order(moves);
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

    /// Whether the budget (moves, time or the site's) is spent: every later
    /// call would stop at once.
    pub fn spent(&self) -> bool {
        self.nodes >= self.budget
    }

    fn out_of_budget(&mut self, plies: u32) -> bool {
        // The clock is read every 1,024 moves: cheap next to move generation.
        if self.nodes >= self.next_clock_read {
            self.next_clock_read = self.nodes + 1024;
            if let Some(pool) = &self.pool {
                let mine = self.nodes - self.reported;
                self.reported = self.nodes;
                let spent = pool.spent.fetch_add(mine, Ordering::Relaxed) + mine;
                if spent >= pool.limit {
                    self.budget = self.nodes;
                }
            }
            if self
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
            {
                // Stops every later call at once too.
                self.budget = self.nodes;
            }
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
        let key = self.key_of(pos);
        self.solve(pos, key, turns, plies)
    }

    /// [`Search::attack`] by alpha-beta with iterative deepening, the
    /// exact search of the last few turns (see [`proof_number`]).
    fn attack_exact(&mut self, pos: &mut Position, turns: u32, plies: u32) -> Proof {
        if turns == 0 {
            return self.won_without_a_turn(pos);
        }
        if let Some(known) = self.probe(pos, turns) {
            return known;
        }
        // Iterative deepening: a win in fewer turns is looked for first.
        // It is common (many defences lose at once) and cheap to find in
        // the smaller tree, which a deeper line tried first would hide; the
        // table keeps what the shallower passes proved.
        for t in 1..turns {
            if self.attack_within(pos, t, plies) == Proof::Win {
                return Proof::Win;
            }
        }
        self.attack_within(pos, turns, plies)
    }

    /// [`Search::attack`] with exactly `turns` (no shallower pass first).
    fn attack_within(&mut self, pos: &mut Position, turns: u32, plies: u32) -> Proof {
        if let Some(known) = self.probe(pos, turns) {
            return known;
        }
        if self.out_of_budget(plies) {
            return Proof::Unknown;
        }
        if turns == 1 && self.plain_legality {
            if let Some(proof) = self.last_attack(pos, plies) {
                self.store(pos, turns, proof);
                return proof;
            }
        }
        let mut moves = self.take_list(plies);
        legal::legal_moves(self.rules, pos, &mut moves);
        let proof = if moves.is_empty() {
            // The attacker cannot move: a variant win decided by the
            // defender's move counts, anything else does not.
            if self.ended_in_win(pos) {
                Proof::Win
            } else {
                Proof::NoWin
            }
        } else {
            self.order_attacks(pos, &mut moves, turns, plies);
            self.first_win(pos, &moves, turns, plies)
        };
        self.give_back(plies, moves);
        self.store(pos, turns, proof);
        proof
    }

    /// Tries the attacker's `moves` in order: `Win` at the first that
    /// wins (it becomes the killer).
    fn first_win(&mut self, pos: &mut Position, moves: &MoveList, turns: u32, plies: u32) -> Proof {
        let mut unknown = false;
        for mv in moves {
            match self.after_attack_exact(pos, mv, turns, plies) {
                Proof::Win => {
                    self.set_killer(plies, *mv);
                    return Proof::Win;
                }
                Proof::Unknown => unknown = true,
                Proof::NoWin => {}
            }
        }
        if unknown {
            Proof::Unknown
        } else {
            Proof::NoWin
        }
    }

    /// The attacker's last turn, where only a move that ends the game at
    /// once wins: its pseudo-legal moves are played one by one, and only a
    /// move that checks or decides the game is tested for legality and for
    /// the end of the game (replies looked for until one is legal), instead
    /// of every move's legality and every reply being listed. Needs
    /// legality to be "the mover's royals are safe" (`plain_legality`);
    /// `None` when a move is a chain step, which the general path judges.
    fn last_attack(&mut self, pos: &mut Position, plies: u32) -> Option<Proof> {
        if self.rules.variant_outcome(pos).is_some() {
            // A decided position has no legal move.
            return Some(self.no_move_result(pos));
        }
        let mut moves = self.take_list(plies);
        self.rules.pseudo_legal_moves(pos, &mut moves);
        if moves.iter().any(|m| m.intent.continues) {
            self.give_back(plies, moves);
            return None;
        }
        self.killer_first(&mut moves, plies);
        let mover = pos.turn();
        // A mate needs check: a plain move that cannot give one is not
        // played at all.
        let checks = match self.win {
            WinKind::Mate => self.rules.check_squares(pos),
            WinKind::Any => None,
        };
        let mut winner = None;
        for mv in moves.iter() {
            if checks.is_some_and(|c| {
                !c.may_check(mv.intent.from, mv.intent.to) && legal::is_plain(self.rules, mv)
            }) {
                continue;
            }
            self.nodes += 1;
            let undo = self.rules.play(pos, mv);
            let wins = self.wins_at_once(pos, plies + 1, Some(mover));
            self.rules.unplay(pos, mv, undo);
            if wins {
                winner = Some(*mv);
                break;
            }
        }
        let rules = self.rules;
        let proof = match winner {
            Some(mv) => {
                self.set_killer(plies, mv);
                Proof::Win
            }
            None if !legal::any_legal(rules, pos, &moves) => self.no_move_result(pos),
            None => Proof::NoWin,
        };
        self.give_back(plies, moves);
        Some(proof)
    }

    /// The attacker has no legal move in `pos`.
    fn no_move_result(&self, pos: &Position) -> Proof {
        if self.ended_in_win(pos) {
            Proof::Win
        } else {
            Proof::NoWin
        }
    }

    /// The attacker to move with no turn left: a win only when the
    /// defender's last reply ended the game in the attacker's favour
    /// (where [`Search::replies_may_lose`]), else no win.
    fn won_without_a_turn(&mut self, pos: &mut Position) -> Proof {
        if self.replies_may_lose && self.is_win(pos) {
            Proof::Win
        } else {
            Proof::NoWin
        }
    }

    /// After an attacker's completed move, with legality plain: whether
    /// the game is over with its win. Checkmate needs check, so replies
    /// are looked for only then, and only until one is legal. With
    /// `mover`, the move was pseudo-legal: it must also leave `mover`'s
    /// royals safe, tested only once the move is seen to decide the game.
    fn wins_at_once(&mut self, pos: &mut Position, plies: u32, mover: Option<Color>) -> bool {
        let illegal =
            |s: &Self, pos: &Position| mover.is_some_and(|m| s.rules.illegal_after(pos, m));
        if self.rules.variant_outcome(pos).is_some() {
            return !illegal(self, pos) && self.ended_in_win(pos);
        }
        if self.replies_may_lose {
            return !illegal(self, pos) && self.judge_defender_node(pos, 0, plies) == Proof::Win;
        }
        let decides = legal::in_check(self.rules, pos) || self.stalemate_wins(pos);
        if !decides || illegal(self, pos) {
            return false;
        }
        let mut replies = self.take_list(plies);
        self.rules.pseudo_legal_moves(pos, &mut replies);
        let rules = self.rules;
        let stuck = !legal::any_legal(rules, pos, &replies);
        self.give_back(plies, replies);
        stuck && self.ended_in_win(pos)
    }

    /// Plays the attacker's `mv` with `turns` left (this one included) and
    /// judges the position after it.
    pub fn after_attack(&mut self, pos: &mut Position, mv: &Move, turns: u32, plies: u32) -> Proof {
        self.nodes += 1;
        let undo = self.rules.play(pos, mv);
        let proof = if turns == 1 && self.plain_legality && !mv.intent.continues {
            if self.wins_at_once(pos, plies + 1, None) {
                Proof::Win
            } else {
                Proof::NoWin
            }
        } else {
            let after = if mv.intent.continues {
                turns
            } else {
                turns - 1
            };
            let key = self.key_of(pos);
            self.solve(pos, key, after, plies + 1)
        };
        self.rules.unplay(pos, mv, undo);
        proof
    }

    /// [`Search::after_attack`] within the exact search.
    fn after_attack_exact(
        &mut self,
        pos: &mut Position,
        mv: &Move,
        turns: u32,
        plies: u32,
    ) -> Proof {
        self.nodes += 1;
        let undo = self.rules.play(pos, mv);
        let proof = if mv.intent.continues {
            self.attack_exact(pos, turns, plies + 1)
        } else if turns == 1 && self.plain_legality {
            if self.wins_at_once(pos, plies + 1, None) {
                Proof::Win
            } else {
                Proof::NoWin
            }
        } else if turns == 1 && self.win == WinKind::Mate && !legal::in_check(self.rules, pos) {
            // The last move must mate, and mate needs check: no need to
            // generate the replies.
            Proof::NoWin
        } else {
            self.judge_defender_node(pos, turns - 1, plies + 1)
        };
        self.rules.unplay(pos, mv, undo);
        proof
    }

    /// The defender to move in `pos` (after an attacker's completed move),
    /// the attacker then having `turns` moves: the table's result, else
    /// the search's, stored with the escape that proved a `NoWin`.
    pub(super) fn judge_defender_node(
        &mut self,
        pos: &mut Position,
        turns: u32,
        plies: u32,
    ) -> Proof {
        let key = self.key_of(pos);
        // One probe gives both the result, if proved, and the escape of a
        // shallower proof.
        let bounds = self.table.get(&key);
        if let Some(known) = bounds.as_ref().and_then(|b| bound_proves(b, turns)) {
            return known;
        }
        let hint = bounds.and_then(|b| b.escape);
        let mut replies = self.take_list(plies);
        legal::legal_moves(self.rules, pos, &mut replies);
        let (proof, escape) = if replies.is_empty() {
            (self.no_move_result(pos), None)
        } else if turns > 0 || self.replies_may_lose {
            self.defend_with(pos, &mut replies, turns, plies, hint)
        } else {
            (Proof::NoWin, None)
        };
        self.give_back(plies, replies);
        self.store_key(key, turns, proof, escape.as_ref().map(tag));
        proof
    }

    /// `pos` has no legal move for its side to move: is that the
    /// attacker's win (mate, or a variant win when those count)?
    fn ended_in_win(&self, pos: &Position) -> bool {
        match self.rules.variant_outcome(pos) {
            Some(o) => self.win == WinKind::Any && o.winner() == Some(self.attacker),
            None if legal::in_check(self.rules, pos) => pos.turn() != self.attacker,
            None => self.stalemate_wins(pos),
        }
    }

    /// Whether `pos`'s side to move, having no legal move and not in
    /// check, thereby gives the attacker a win that counts: Konane's,
    /// Hamilton's and Avalam's side that cannot move loses.
    fn stalemate_wins(&self, pos: &Position) -> bool {
        self.win == WinKind::Any
            && self.rules.stalemate_outcome(pos).winner() == Some(self.attacker)
    }

    /// The defender to move, the attacker then having `turns` moves: does
    /// every defence still lose? With `NoWin`, the first defence that
    /// escapes (the first ply of it, for a chain).
    pub fn defend(&mut self, pos: &mut Position, turns: u32, plies: u32) -> (Proof, Option<Move>) {
        let key = self.key_of(pos);
        let proof = self.solve(pos, key, turns, plies);
        let escape = if proof == Proof::NoWin {
            self.escape_at(pos)
        } else {
            None
        };
        (proof, escape)
    }

    /// [`Search::defend`] within the exact search.
    fn defend_exact(
        &mut self,
        pos: &mut Position,
        turns: u32,
        plies: u32,
    ) -> (Proof, Option<Move>) {
        let mut moves = self.take_list(plies);
        legal::legal_moves(self.rules, pos, &mut moves);
        let result = if moves.is_empty() {
            let proof = if self.ended_in_win(pos) {
                Proof::Win
            } else {
                Proof::NoWin
            };
            (proof, None)
        } else {
            self.defend_with(pos, &mut moves, turns, plies, None)
        };
        self.give_back(plies, moves);
        result
    }

    fn defend_with(
        &mut self,
        pos: &mut Position,
        moves: &mut MoveList,
        turns: u32,
        plies: u32,
        hint: Option<Tag>,
    ) -> (Proof, Option<Move>) {
        if self.out_of_budget(plies) {
            return (Proof::Unknown, None);
        }
        let hinted = hint.and_then(|t| moves.iter().find(|m| tag(m) == t).copied());
        let killer = self
            .killer(plies)
            .filter(|k| moves.contains(k) && Some(*k) != hinted);
        // The escape this node had at a shallower depth, then the one that
        // worked in a sibling, are tried before the others are ordered:
        // they often escape here too, and then ordering would be wasted.
        let mut unknown = false;
        for first in [hinted, killer].into_iter().flatten() {
            match self.after_defence(pos, &first, turns, plies) {
                Proof::NoWin => {
                    self.set_killer(plies, first);
                    return (Proof::NoWin, Some(first));
                }
                Proof::Unknown => unknown = true,
                Proof::Win => {}
            }
        }
        if moves.len() > 1 {
            self.order_defences(pos, moves, turns);
        }
        for mv in moves.iter() {
            if Some(*mv) == killer || Some(*mv) == hinted {
                continue;
            }
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
    fn after_defence(&mut self, pos: &mut Position, mv: &Move, turns: u32, plies: u32) -> Proof {
        self.nodes += 1;
        let undo = self.rules.play(pos, mv);
        let proof = if mv.intent.continues {
            self.defend_exact(pos, turns, plies + 1).0
        } else {
            self.attack_exact(pos, turns, plies + 1)
        };
        self.rules.unplay(pos, mv, undo);
        proof
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fenpress_rules::{notation, registry, validate::position_from_fen};

    #[test]
    fn leaving_the_other_side_without_a_move_wins_where_that_loses() {
        // Konane: the side that cannot capture loses. White's e4xg4 leaves
        // Black no jump; White's other jumps do not.
        let konane = registry::rules("Konane").unwrap();
        let fen = "Pp4P1/8/3p3p/8/4Pp2/8/1p6/p2P3P w - - 0 25";
        let mut pos = position_from_fen(konane, fen).unwrap();
        let mut any = Search::new(konane, pos.turn(), WinKind::Any, 1_000_000);
        assert_eq!(any.attack(&mut pos, 1, 0), Proof::Win);
        // Not a checkmate, so not a win when only mates count.
        let mut mate = Search::new(konane, pos.turn(), WinKind::Mate, 1_000_000);
        assert_eq!(mate.attack(&mut pos, 1, 0), Proof::NoWin);
        // In chess a stalemate is a draw, never a win.
        let chess = registry::rules("chess").unwrap();
        let mut stalemating = position_from_fen(chess, "k7/2K5/1P6/8/8/8/8/8 w - - 0 1").unwrap();
        let mut s = Search::new(chess, Color::White, WinKind::Any, 1_000_000);
        assert_eq!(s.attack(&mut stalemating, 1, 0), Proof::NoWin);
    }

    #[test]
    fn a_win_the_defenders_forced_reply_completes_counts_in_the_attackers_turns() {
        // Suicide: after 1.Ra2 Black must take (captures are compulsory),
        // and White, left without a piece, wins. One White move: a win in
        // 1, not 2 (the turn White never has to play).
        let suicide = registry::rules("Suicide").unwrap();
        let mut pos = position_from_fen(suicide, "8/8/8/8/8/1p6/8/R7 w - - 0 1").unwrap();
        let mut s = Search::new(suicide, Color::White, WinKind::Any, 1_000_000);
        assert_eq!(s.attack(&mut pos, 1, 0), Proof::Win);
        let ra2 = notation::parse_move(suicide, &mut pos, "Ra2").unwrap();
        assert_eq!(s.after_attack(&mut pos, &ra2, 1, 0), Proof::Win);
        // Another rook move leaves Black a choice: no win in 1.
        let ra3 = notation::parse_move(suicide, &mut pos, "Ra3").unwrap();
        assert_eq!(s.after_attack(&mut pos, &ra3, 1, 0), Proof::NoWin);
        // The defender to move with no attacker turn left: every reply
        // loses after Ra2.
        let undo = suicide.play(&mut pos, &ra2);
        assert_eq!(s.defend(&mut pos, 0, 0).0, Proof::Win);
        suicide.unplay(&mut pos, &ra2, undo);
        // Ambiguous: Black's turn executes White's mark (Kd4) and marks
        // the White king's square with its own king; White must then
        // execute onto its own king. A win in 1 for Black.
        let ambiguous = registry::rules("Ambiguous").unwrap();
        let mut pos =
            position_from_fen(ambiguous, "8/8/PN1p4/6P1/3g4/2k1K3/8/8 b - - 7 48").unwrap();
        let mut s = Search::new(ambiguous, Color::Black, WinKind::Any, 1_000_000);
        assert_eq!(s.attack(&mut pos, 1, 0), Proof::Win);
        // In chess a defender's move never loses by itself: nothing changes.
        let chess = registry::rules("chess").unwrap();
        let mut quiet = position_from_fen(chess, "k7/8/8/8/8/8/8/R5K1 b - - 0 1").unwrap();
        let mut s = Search::new(chess, Color::White, WinKind::Any, 1_000_000);
        assert_eq!(s.defend(&mut quiet, 0, 0).0, Proof::NoWin);
    }

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
    /// The last turn's shortcut (pseudo-legal moves, legality tested only
    /// for moves that check or decide, mate seen at the first legal reply)
    /// proves what the general path proves, at every position of a few
    /// walks of chess and Maxima, for both kinds of win and 1 or 2 turns.
    /// The second start has a mate by a pinned rook (Rf8, illegal).
    #[test]
    fn last_turn_shortcut_agrees_with_the_general_path() {
        let cases = [
            (
                "chess",
                "r2qk2r/pp1nbRpp/4Q3/1B6/8/3p4/PPP3PP/5RK1 w kq - 0 1",
            ),
            ("chess", "7k/b5pp/8/8/8/8/5R2/6K1 w - - 0 1"),
            ("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - -"),
            (
                "chess",
                "1r3k2/8/p3Q3/P2p1p2/3P1q2/7P/1P3P1N/4R2K w - - 0 1",
            ),
            ("Maxima", "xxx2xxx/8/3DD3/8/8/8/3k4/8/7M/7p/xxxK1xxx w 0"),
            (
                "Maxima",
                "xxx2xxx/4k3/8/8/7d/8/1M1K4/8/5N2/8/xxx1Qxxx w - - 0 1",
            ),
        ];
        let mut compared = 0;
        let mut wins = 0;
        for (variant, fen) in cases {
            let rules = registry::rules(variant).unwrap();
            let mut pos = position_from_fen(rules, fen).unwrap();
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            let mut moves = MoveList::new();
            for _ in 0..12 {
                for win in [WinKind::Mate, WinKind::Any] {
                    for turns in 1..=2 {
                        let mut fast = Search::new(rules, pos.turn(), win, 10_000_000);
                        let mut plain = Search::new(rules, pos.turn(), win, 10_000_000);
                        plain.plain_legality = false;
                        assert!(fast.plain_legality, "{variant} takes the shortcut");
                        let a = fast.attack(&mut pos.clone(), turns, 0);
                        let b = plain.attack(&mut pos.clone(), turns, 0);
                        assert_eq!(a, b, "{variant} {turns} turns at {pos:?}");
                        assert_ne!(a, Proof::Unknown);
                        compared += 1;
                        wins += usize::from(a == Proof::Win);
                    }
                }
                legal::legal_moves(rules, &mut pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mv = moves[(seed % moves.len() as u64) as usize];
                rules.play(&mut pos, &mv);
            }
        }
        assert!(compared > 100, "{compared} comparisons");
        assert!(wins > 0, "some positions are wins");
    }

    /// A plain full-width search, the definition the search must agree
    /// with: no table, no ordering, no shortcut. `None` past `cap` moves.
    struct Reference<'a> {
        rules: &'a dyn Rules,
        attacker: Color,
        win: WinKind,
        nodes: u64,
        cap: u64,
    }

    impl Reference<'_> {
        fn ended_in_win(&self, pos: &Position) -> bool {
            match self.rules.variant_outcome(pos) {
                Some(o) => self.win == WinKind::Any && o.winner() == Some(self.attacker),
                None => pos.turn() != self.attacker && legal::in_check(self.rules, pos),
            }
        }

        /// The attacker to move with `turns` left: does it force a win?
        fn attack(&mut self, pos: &mut Position, turns: u32) -> Option<bool> {
            if turns == 0 {
                return Some(false);
            }
            let mut moves = MoveList::new();
            legal::legal_moves(self.rules, pos, &mut moves);
            if moves.is_empty() {
                return Some(self.ended_in_win(pos));
            }
            for mv in &moves {
                self.nodes += 1;
                if self.nodes > self.cap {
                    return None;
                }
                let undo = self.rules.play(pos, mv);
                let wins = if mv.intent.continues {
                    self.attack(pos, turns)
                } else {
                    self.defend(pos, turns - 1)
                };
                self.rules.unplay(pos, mv, undo);
                if wins? {
                    return Some(true);
                }
            }
            Some(false)
        }

        /// The defender to move, the attacker then having `turns`: does
        /// every defence lose?
        fn defend(&mut self, pos: &mut Position, turns: u32) -> Option<bool> {
            let mut moves = MoveList::new();
            legal::legal_moves(self.rules, pos, &mut moves);
            if moves.is_empty() {
                return Some(self.ended_in_win(pos));
            }
            if turns == 0 {
                return Some(false);
            }
            for mv in &moves {
                self.nodes += 1;
                if self.nodes > self.cap {
                    return None;
                }
                let undo = self.rules.play(pos, mv);
                let loses = if mv.intent.continues {
                    self.defend(pos, turns)
                } else {
                    self.attack(pos, turns)
                };
                self.rules.unplay(pos, mv, undo);
                if !loses? {
                    return Some(false);
                }
            }
            Some(true)
        }
    }

    /// The search (table, ordering, killers, escapes remembered, the last
    /// turn's shortcut) agrees with the plain full-width search at every
    /// position of random walks of chess, Maxima and Paco Sako, for mates
    /// and wins in 1 to 3 turns, whenever both decide. One search serves a
    /// whole walk, so its table and killers carry over from position to
    /// position and from depth to depth, as in a cook search.
    #[test]
    fn agrees_with_a_full_width_search_on_random_walks() {
        let cases = [
            ("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - -", &[][..]),
            ("chess", "7k/3q4/5P2/5PQ1/8/3B4/3K4/8 w - - 0 1", &[]),
            ("chess", "1r5k/R3R3/K7/8/8/8/8/8 w - - 0 1", &[]),
            ("chess", "3k4/3p4/3K4/8/3N1P2/8/1P6/3R4 w - - 0 1", &[]),
            ("chess", "k7/1R3n2/2p5/7b/8/K7/1R6/8 w - - 0 1", &[]),
            ("chess", "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", &[]),
            (
                "Maxima",
                "xxx2xxx/8/3DD3/8/8/8/3k4/8/7M/7p/xxxK1xxx w 0",
                &[],
            ),
            (
                "Maxima",
                "xxx2xxx/8/8/3kb3/8/8/2D5/4P3/2N5/4K3/xxx2xxx w - - 0 1",
                &[],
            ),
            ("Pacosako", "4k3/8/8/p7/8/8/7N/1N1QK3 w - - 0 1", &[]),
            (
                "Pacosako",
                "1n2k3/5p2/5n2/8/8/8/8/3QK2R w - - 0 1",
                &["pacoplay"],
            ),
        ];
        let mut compared = [0usize; 4];
        let mut wins = 0;
        for (walk, (variant, fen, options)) in cases.iter().enumerate() {
            let rules = registry::rules_with_options(variant, options).unwrap();
            let start = position_from_fen(rules, fen).unwrap();
            for win in [WinKind::Mate, WinKind::Any] {
                let mut pos = start.clone();
                let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ (walk as u64) << 32;
                let mut moves = MoveList::new();
                let mut search = Search::new(rules, pos.turn(), win, 50_000_000);
                for _ in 0..10 {
                    if pos.turn() == search.attacker {
                        for turns in 1..=3 {
                            let mut reference = Reference {
                                rules,
                                attacker: pos.turn(),
                                win,
                                nodes: 0,
                                cap: 60_000,
                            };
                            let Some(expected) = reference.attack(&mut pos.clone(), turns) else {
                                continue;
                            };
                            let got = search.attack(&mut pos.clone(), turns, 0);
                            assert_ne!(got, Proof::Unknown, "{variant} {turns} at {pos:?}");
                            let want = if expected { Proof::Win } else { Proof::NoWin };
                            assert_eq!(got, want, "{variant} {win:?} {turns} turns at {pos:?}");
                            compared[turns as usize] += 1;
                            wins += usize::from(expected);
                        }
                    }
                    legal::legal_moves(rules, &mut pos, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let mv = moves[(seed % moves.len() as u64) as usize];
                    rules.play(&mut pos, &mv);
                }
            }
        }
        assert!(compared[1] >= 40, "{compared:?} comparisons per depth");
        assert!(compared[3] >= 60, "{compared:?} comparisons per depth");
        assert!(wins >= 40, "{wins} wins among {compared:?}");
    }
}
