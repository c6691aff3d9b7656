//! The puzzle composer behind `fenpress compose`: plays seeded random games
//! with a variant's rules, thins some of their positions out to a few
//! pieces, and keeps those where exactly one first move forces the goal
//! (mate in N, or the variant's own win in N). Each candidate is then proved
//! by [`super::verify`], the proof `check` runs, so every puzzle it writes
//! passes `check` with exactly one solution.
//!
//! Everything is a function of the seed: the games come from a xorshift
//! generator seeded by it, the searches are capped in moves (not time), so
//! the same seed gives the same puzzles on any machine, loaded or not.

use std::path::Path;

use fenpress_rules::registry::Registry;
use fenpress_rules::{
    fen, legal, notation, validate, Castling, Color, Move, MoveList, Position, Rules,
};

use super::difficulty::difficulty;
use super::search::{Proof, Search, WinKind};
use super::spec::{self, Goal};
use super::{verify, VerifyOptions};

/// Moves one candidate's search may play: positions that need more are
/// skipped (they would be slow to prove on the site too, and a cap in
/// moves keeps the result independent of the machine's speed).
const CANDIDATE_BUDGET: u64 = 300_000;

/// The move cap of a candidate's final proof: a candidate whose key search
/// fitted [`CANDIDATE_BUDGET`] proves well within it.
const PROOF_BUDGET: u64 = 10 * CANDIDATE_BUDGET;

/// What to look for.
#[derive(Debug, Clone)]
pub struct ComposeOptions {
    /// Variant options (`pacoplay`), passed to the rules and written in
    /// each puzzle.
    pub options: Vec<String>,
    /// Longest goal, in the attacker's moves.
    pub max: u32,
    /// Shortest goal.
    pub min: u32,
    /// Checkmate only, or any win of the variant.
    pub win: WinKind,
    /// Thin positions to at most this many pieces (0 keeps the game's).
    pub pieces: usize,
    /// Positions looked at, at most.
    pub tries: usize,
    pub seed: u64,
    /// Keep only keys that neither check nor capture.
    pub quiet_key: bool,
    /// Look only at the last positions of games played to their end: the
    /// games that end only when a side cannot move (Konane, Avalam,
    /// Hamilton) rarely have a forced win before their last few turns.
    pub endings: bool,
    /// Puzzles wanted.
    pub count: usize,
    /// The variant's name when it is not the rules' own: Chess960 is
    /// played with chess's rules, and its puzzles are Chess960's.
    pub name: Option<String>,
    /// The variants each candidate is proved with: the site's, when the
    /// variant is its own definition.
    pub registry: Registry,
}

impl Default for ComposeOptions {
    fn default() -> Self {
        ComposeOptions {
            options: Vec::new(),
            max: 2,
            min: 1,
            win: WinKind::Mate,
            pieces: 8,
            tries: 2000,
            seed: 1,
            quiet_key: false,
            endings: false,
            count: 3,
            registry: Registry::builtin(),
            name: None,
        }
    }
}

/// How a key move looks to the solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyKind {
    Quiet,
    Check,
    Capture,
    CaptureCheck,
}

/// One composed puzzle, proved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Composed {
    /// The variant's name as the registry knows it.
    pub variant: String,
    pub fen: String,
    pub goal: Goal,
    /// The numbered solution (`1.Qh5+ Kd8 2.Qe8#`).
    pub solution: String,
    pub attacker: Color,
    pub key: KeyKind,
    /// The key's piece, named by the rules (`knight`).
    pub key_piece: String,
    /// Which position of the seeded run it is (the provenance, with the
    /// seed).
    pub try_number: usize,
    /// Moves the search played to find the key and rule out the other
    /// first moves: its effort, the same for a seed on any machine.
    pub nodes: u64,
    /// 1 (easiest) to 5, from the line and the proof's effort.
    pub difficulty: u8,
}

/// A tiny xorshift generator: the composer needs repeatable games, not
/// statistical quality, and the crate takes no dependency for it.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.max(1).wrapping_mul(0x9E37_79B9_7F4A_7C15).max(1))
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A variant whose goals the search cannot prove (see
/// [`super::verify::unprovable_goals`]): `check` could not prove what
/// would be composed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("fenpress cannot compose puzzles for {variant}: {why}")]
pub struct CannotCompose {
    pub variant: String,
    pub why: &'static str,
}

/// Why the positions looked at were not kept, counted: what tells an
/// author which setting to change when a run finds too few puzzles.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Positions looked at.
    pub tried: usize,
    /// The game was already over.
    pub decided: usize,
    /// Not the side whose goals can be proved (see
    /// [`super::verify::unprovable_goals`]).
    pub unprovable_side: usize,
    /// No win within `--max`.
    pub no_win: usize,
    /// Several first moves win.
    pub several_keys: usize,
    /// The search ran out of its budget before deciding.
    pub undecided: usize,
    /// A win shorter than `--min`, or a key that checks or captures under
    /// `--quiet-key`.
    pub filtered: usize,
    /// Won by one first move, but the proof `check` runs did not confirm it
    /// within its budget.
    pub unconfirmed: usize,
}

impl Tally {
    /// The counts, for the run's summary (`12 already over, 300 no win...`),
    /// the zero ones left out.
    pub fn reasons(&self) -> String {
        [
            (self.decided, "already over"),
            (
                self.unprovable_side,
                "with a side to play whose win cannot be proved",
            ),
            (self.no_win, "with no win within --max"),
            (self.several_keys, "with several winning first moves"),
            (self.undecided, "undecided within the search budget"),
            (self.filtered, "outside --min or --quiet-key"),
            (self.unconfirmed, "not confirmed by the proof"),
        ]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect::<Vec<_>>()
        .join(", ")
    }
}

/// What a run found, and why the other positions were left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Composition {
    pub puzzles: Vec<Composed>,
    pub tally: Tally,
}

/// Composes up to `options.count` puzzles for `rules`; fewer when the tries
/// run out first (a variant whose goal is rare, or out of reach of the
/// search, gives none).
pub fn compose(rules: &dyn Rules, options: &ComposeOptions) -> Result<Composition, CannotCompose> {
    if let Some(why) = super::verify::unprovable_goals(rules, Color::White) {
        return Err(CannotCompose {
            variant: rules.name().into(),
            why,
        });
    }
    let name = options.name.as_deref().unwrap_or(rules.name());
    let mut rng = Rng::new(options.seed);
    let mut found: Vec<Composed> = Vec::new();
    let mut tally = Tally::default();
    let mut tried = 0;
    // A game that never yields a position ends the run too (a variant
    // with no legal move at its start).
    let mut empty_games = 0;
    while tried < options.tries && found.len() < options.count && empty_games < 100 {
        let start = start_of(rules, name, &mut rng);
        let games = if options.endings {
            ending(rules, start, &mut rng, options.max)
        } else {
            playout(rules, start, &mut rng, 20)
        };
        if games.is_empty() {
            empty_games += 1;
            continue;
        }
        for pos in games {
            if tried >= options.tries || found.len() >= options.count {
                break;
            }
            if rng.below(4) != 0 {
                continue;
            }
            let cand = if options.pieces == 0 {
                Some(pos)
            } else {
                thin(rules, &pos, options.pieces, &mut rng)
            };
            let Some(mut cand) = cand else { continue };
            tried += 1;
            match candidate(rules, name, options, &mut cand, tried) {
                // The same position from two games is one puzzle.
                Ok(c) if found.iter().all(|f| f.fen != c.fen) => found.push(c),
                Ok(_) => {}
                Err(left) => *left.count_in(&mut tally) += 1,
            }
        }
    }
    tally.tried = tried;
    Ok(Composition {
        puzzles: found,
        tally,
    })
}

/// Why [`candidate`] left a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Left {
    Decided,
    UnprovableSide,
    NoWin,
    SeveralKeys,
    Undecided,
    Filtered,
    Unconfirmed,
}

impl Left {
    fn count_in(self, t: &mut Tally) -> &mut usize {
        match self {
            Left::Decided => &mut t.decided,
            Left::UnprovableSide => &mut t.unprovable_side,
            Left::NoWin => &mut t.no_win,
            Left::SeveralKeys => &mut t.several_keys,
            Left::Undecided => &mut t.undecided,
            Left::Filtered => &mut t.filtered,
            Left::Unconfirmed => &mut t.unconfirmed,
        }
    }
}

/// The start of a game of `name`: the rules' own, or for Chess960 one of
/// its 960 (drawn from `rng`: the same for a seed).
fn start_of(rules: &dyn Rules, name: &str, rng: &mut Rng) -> Position {
    if name.eq_ignore_ascii_case("Chess960") {
        let rank = chess960_rank(rng);
        let rooks: String = rank
            .char_indices()
            .filter(|(_, c)| *c == 'r')
            .map(|(i, _)| char::from(b'a' + i as u8))
            .collect();
        let text = format!(
            "{rank}/pppppppp/8/8/8/8/PPPPPPPP/{} w 0 {rooks}{rooks} -",
            rank.to_ascii_uppercase()
        );
        if let Ok(pos) = validate::position_from_fen(rules, &text) {
            return pos;
        }
    }
    rules.start_position()
}

/// A Chess960 first rank (`rnbqkbnr` order rules): the bishops on squares
/// of both colours, the king between the rooks.
fn chess960_rank(rng: &mut Rng) -> String {
    let mut rank = [' '; 8];
    rank[2 * rng.below(4)] = 'b';
    rank[2 * rng.below(4) + 1] = 'b';
    for piece in ['q', 'n', 'n'] {
        let free: Vec<usize> = (0..8).filter(|&i| rank[i] == ' ').collect();
        rank[free[rng.below(free.len())]] = piece;
    }
    let free: Vec<usize> = (0..8).filter(|&i| rank[i] == ' ').collect();
    for (i, piece) in free.into_iter().zip(['r', 'k', 'r']) {
        rank[i] = piece;
    }
    rank.iter().collect()
}

/// A random game from `pos`, preferring captures so that material thins
/// out; returns the positions met (not those where the game ended).
fn playout(rules: &dyn Rules, mut pos: Position, rng: &mut Rng, shortest: usize) -> Vec<Position> {
    let length = shortest + rng.below(100);
    let mut seen = Vec::new();
    for _ in 0..length {
        let mut moves = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut moves);
        if moves.is_empty() || legal::outcome(rules, &mut pos).is_some() {
            break;
        }
        let captures: Vec<&Move> = moves
            .iter()
            .filter(|m| m.effect.vanish.len() > m.effect.appear.len() || is_capture(m))
            .collect();
        let mv = if !captures.is_empty() && rng.below(10) < 6 {
            *captures[rng.below(captures.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        rules.play(&mut pos, &mv);
        // Only where a turn begins: a FEN cannot say that a turn is under
        // way (Football's kicks after a move, a Paco Sako chain), and read
        // back such a position would be another one; Synchrone2's
        // capturing half would be judged on a board before the turn that
        // thinning leaves as the game had it.
        if !mv.intent.continues && !rules.turn_under_way(&pos) {
            seen.push(pos.clone());
        }
    }
    seen
}

/// The last positions of a random game played to its end (a game still
/// going after a thousand plies gives none): enough of them for a win in
/// `max` turns of the side to play, each turn taken as two plies.
fn ending(rules: &dyn Rules, start: Position, rng: &mut Rng, max: u32) -> Vec<Position> {
    let mut game = playout(rules, start, rng, 1000);
    let over = game.last().is_some_and(|last| {
        let mut last = last.clone();
        let mut moves = MoveList::new();
        legal::legal_moves(rules, &mut last, &mut moves);
        moves.is_empty() || legal::outcome(rules, &mut last).is_some()
    });
    if !over {
        return Vec::new();
    }
    let keep = 2 * max as usize + 2;
    game.split_off(game.len().saturating_sub(keep))
}

/// Whether a move removes an enemy piece (its effect names a vanishing
/// piece of the other colour).
fn is_capture(m: &Move) -> bool {
    let mover = m.color();
    m.effect
        .vanish
        .as_slice()
        .iter()
        .any(|p| p.piece.color != mover)
}

/// Removes random non-royal pieces until at most `keep` remain, drops
/// castling and en passant (their pieces may be gone), and re-reads the
/// result so that only positions the core accepts survive.
fn thin(rules: &dyn Rules, pos: &Position, keep: usize, rng: &mut Rng) -> Option<Position> {
    let mut p = pos.clone();
    let royal = rules.royal_kinds();
    loop {
        let others: Vec<_> = p
            .board
            .pieces()
            .filter(|(_, pc)| !royal.contains(pc.kind))
            .collect();
        let total = p.board.pieces().count();
        if total <= keep || others.is_empty() {
            break;
        }
        let (sq, pc) = others[rng.below(others.len())];
        p.board.remove(sq, pc.color);
    }
    p.state.castling = Castling::NONE;
    p.state.en_passant = None;
    let text = fen::vchess_fen(rules, &p);
    validate::position_from_fen(rules, &text).ok()
}

/// The smallest number of attacker moves (up to `max`) that forces a win,
/// with the first moves that do; `None` when none does or the search gave
/// up.
fn keys(
    rules: &dyn Rules,
    search: &mut Search,
    pos: &mut Position,
    max: u32,
) -> Result<(u32, Vec<Move>), Left> {
    let mut moves = MoveList::new();
    legal::legal_moves(rules, pos, &mut moves);
    for n in 1..=max {
        let mut winners = Vec::new();
        for mv in &moves {
            match search.after_attack(pos, mv, n, 0) {
                Proof::Win => winners.push(*mv),
                Proof::Unknown => return Err(Left::Undecided),
                Proof::NoWin => {}
            }
        }
        if !winners.is_empty() {
            return Ok((n, winners));
        }
    }
    Err(Left::NoWin)
}

/// Fewest attacker turns (1..=max) that force a win from `pos`, attacker
/// to move.
fn need(search: &mut Search, pos: &mut Position, max: u32) -> Option<u32> {
    (1..=max).find(|&k| search.attack(pos, k, 0) == Proof::Win)
}

/// The main line: the attacker's fastest win, the defence that holds out
/// longest, until the game ends. Chain steps (Paco Sako) keep the turn.
fn main_line(
    rules: &dyn Rules,
    attacker: Color,
    search: &mut Search,
    pos: &mut Position,
    n: u32,
) -> Vec<(String, Color, bool)> {
    let mut line = Vec::new();
    let mut left = n;
    let mut guard = 0;
    let mut seen = vec![fen::vchess_fen(rules, pos)];
    while guard < 40 {
        guard += 1;
        let mut moves = MoveList::new();
        legal::legal_moves(rules, pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = if pos.turn() == attacker {
            let Some(k) = need(search, pos, left) else {
                break;
            };
            left = k;
            match winning_step(rules, search, pos, &moves, k, &seen) {
                Some(m) => m,
                None => break,
            }
        } else {
            // The defence after which the attacker needs the most moves.
            let mut best = (0, moves[0]);
            for m in &moves {
                let undo = rules.play(pos, m);
                let k = if m.intent.continues {
                    left
                } else {
                    need(search, pos, left).unwrap_or(left + 1)
                };
                rules.unplay(pos, m, undo);
                if k > best.0 {
                    best = (k, *m);
                }
            }
            best.1
        };
        line.push((
            notation::san(rules, pos, &mv),
            pos.turn(),
            mv.intent.continues,
        ));
        let attacker_move = pos.turn() == attacker;
        rules.play(pos, &mv);
        seen.push(fen::vchess_fen(rules, pos));
        if attacker_move && !mv.intent.continues {
            left = left.saturating_sub(1);
            if search.is_win(pos) {
                break;
            }
            if left == 0 {
                // Where a side's own move can lose (Suicide, Ambiguous),
                // the win may come with the defender's forced reply: the
                // line shows it.
                let mut replies = MoveList::new();
                legal::legal_moves(rules, pos, &mut replies);
                if let Some(reply) = replies.first() {
                    let san = notation::san(rules, pos, reply);
                    let (mover, continues) = (pos.turn(), reply.intent.continues);
                    let undo = rules.play(pos, reply);
                    if search.is_win(pos) {
                        line.push((san, mover, continues));
                    } else {
                        rules.unplay(pos, reply, undo);
                    }
                }
                break;
            }
        }
    }
    line
}

/// The attacker's next move of the main line, among those that keep a
/// win in `turns`: one that wins at once, else one that leads to a
/// position the line has not been in, else the first (with one move a
/// turn, simply the first: nothing else is searched). In a turn of many
/// moves (Progressive, Doublemove1) every waiting move keeps the win, and
/// the first one listed walked a king to and fro (`Kh7 Kg7 Kh7 Kg7`)
/// until the turn's moves ran out. The line is still not the shortest
/// (no search here counts a turn's moves): review it.
fn winning_step(
    rules: &dyn Rules,
    search: &mut Search,
    pos: &mut Position,
    moves: &MoveList,
    turns: u32,
    seen: &[String],
) -> Option<Move> {
    if !moves.iter().any(|m| m.intent.continues) {
        // One move a turn: the first that wins, with no other looked at.
        return moves
            .iter()
            .find(|m| search.after_attack(pos, m, turns, 0) == Proof::Win)
            .copied();
    }
    let mut first = None;
    let mut fresh = None;
    for m in moves {
        if search.after_attack(pos, m, turns, 0) != Proof::Win {
            continue;
        }
        first.get_or_insert(*m);
        let undo = rules.play(pos, m);
        let wins_now = !m.intent.continues && search.is_win(pos);
        let new = !seen.contains(&fen::vchess_fen(rules, pos));
        rules.unplay(pos, m, undo);
        if wins_now {
            return Some(*m);
        }
        if new && fresh.is_none() {
            fresh = Some(*m);
        }
    }
    fresh.or(first)
}

/// Writes the line as a solution, numbered the way the puzzle files are: a
/// number starts each White turn (and Black's first, as `1...`); the steps of
/// a chain follow their turn's first step.
fn numbered(line: &[(String, Color, bool)]) -> String {
    let mut out = Vec::new();
    let mut number = 1;
    let mut in_chain = false;
    for (i, (m, mover, continues)) in line.iter().enumerate() {
        let text = match (in_chain, mover, i) {
            (true, ..) => m.clone(),
            (false, Color::White, _) => format!("{number}.{m}"),
            (false, Color::Black, 0) => format!("{number}...{m}"),
            (false, Color::Black, _) => m.clone(),
        };
        out.push(text);
        in_chain = *continues;
        if !continues && *mover == Color::Black {
            number += 1;
        }
    }
    out.join(" ")
}

/// `pos` as a proved puzzle if it has a unique key, the proof of
/// [`verify`] is clean, and the filters hold.
fn candidate(
    rules: &dyn Rules,
    name: &str,
    o: &ComposeOptions,
    pos: &mut Position,
    try_number: usize,
) -> Result<Composed, Left> {
    if legal::outcome(rules, pos).is_some() {
        return Err(Left::Decided);
    }
    let attacker = pos.turn();
    if super::verify::unprovable_goals(rules, attacker).is_some() {
        return Err(Left::UnprovableSide);
    }
    let mut search = Search::new(rules, attacker, o.win, CANDIDATE_BUDGET);
    let (n, winners) = keys(rules, &mut search, pos, o.max)?;
    if search.exhausted {
        return Err(Left::Undecided);
    }
    if winners.len() != 1 {
        return Err(Left::SeveralKeys);
    }
    if n < o.min {
        return Err(Left::Filtered);
    }
    // The effort: moves the search played to find the key and rule out
    // every other first move. Single-threaded, so the same for a seed on
    // any machine (the proof below shares its work between two threads,
    // and its count varies with their timing).
    let effort = search.nodes;
    let key = winners[0];
    let undo = rules.play(pos, &key);
    let checks = legal::in_check(rules, pos);
    rules.unplay(pos, &key, undo);
    let kind = match (checks, is_capture(&key)) {
        (false, false) => KeyKind::Quiet,
        (true, false) => KeyKind::Check,
        (false, true) => KeyKind::Capture,
        (true, true) => KeyKind::CaptureCheck,
    };
    if o.quiet_key && kind != KeyKind::Quiet {
        return Err(Left::Filtered);
    }
    let line = main_line(rules, attacker, &mut search, &mut pos.clone(), n);
    let goal = match o.win {
        WinKind::Mate => Goal::Mate(n),
        WinKind::Any => Goal::Win(n),
    };
    let solution = numbered(&line);
    // The standard FEN reads best; a variant whose state it cannot carry
    // (it reads back as another position: Synchrone's pending choice,
    // the board before a capturing turn) keeps vchess's.
    let site_fen = fen::vchess_fen(rules, pos);
    let standard = fen::standard_fen(rules, pos);
    let same_position = validate::position_from_fen(rules, &standard)
        .is_ok_and(|back| fen::vchess_fen(rules, &back) == site_fen);
    let fen = [same_position.then_some(standard), Some(site_fen)]
        .into_iter()
        .flatten()
        .find_map(|f| {
            let puzzle = Composed::front_matter_of(&f, goal, &solution, &o.options);
            let path = format!("puzzles/{name}/candidate.md");
            let parsed = spec::parse(Path::new(&path), &puzzle).ok()?;
            let verified = verify(
                &o.registry,
                &parsed,
                VerifyOptions {
                    budget: PROOF_BUDGET,
                    cooks: true,
                    // The cap in moves bounds it; no clock, so that the
                    // verdict does not depend on the machine's load.
                    time: std::time::Duration::from_secs(3600),
                    site_deadline: None,
                },
            );
            verified.findings.is_empty().then_some(f)
        })
        .ok_or(Left::Unconfirmed)?;
    Ok(Composed {
        variant: name.to_string(),
        fen,
        goal,
        difficulty: difficulty(goal, line.len(), effort),
        solution,
        attacker,
        key: kind,
        key_piece: rules.piece_name(key.intent.piece),
        try_number,
        nodes: effort,
    })
}

impl Composed {
    /// The puzzle's essential keys, as YAML (what [`verify`] reads).
    fn front_matter_of(fen: &str, goal: Goal, solution: &str, options: &[String]) -> String {
        let option = options
            .first()
            .map(|x| format!("option: {x}\n"))
            .unwrap_or_default();
        format!("---\nfen: \"{fen}\"\ngoal: {goal}\nsolution: {solution}\n{option}---\n")
    }

    /// The puzzle file in `lang` (`en` or `fr`; other languages get the
    /// English words and their `lang` key), with its provenance in YAML
    /// comments: the command that finds it again, and the proof's effort.
    pub fn file_text(&self, lang: &str, options: &ComposeOptions) -> String {
        let words = Words::of(lang);
        let n = self.goal.moves().unwrap_or(1);
        let verb = match (self.goal, lang) {
            (Goal::Mate(_), "fr") => "mat",
            (_, "fr") => "gain",
            (Goal::Mate(_), _) => "Mate",
            _ => "Win",
        };
        let title = match lang {
            "fr" => format!("{} en {n} : {}", capitalised(verb), words.key(self.key)),
            _ => format!(
                "{verb} in {n}: {} with the {}",
                words.key(self.key),
                self.key_piece
            ),
        };
        let side = words.side(self.attacker);
        let text = match lang {
            "fr" => format!(
                "{side} jouent et {} en {n}. Un seul premier coup y parvient, quelle que soit la défense : fenpress l'a trouvé dans une partie aléatoire {} et l'a prouvé avec ses règles.",
                if matches!(self.goal, Goal::Mate(_)) { "matent" } else { "gagnent" },
                french_of(&self.variant)
            ),
            _ => format!(
                "{side} to play and {} in {n}. Only one first move does it, against every defence: fenpress found it in a random game of {} and proved it with its rules.",
                if matches!(self.goal, Goal::Mate(_)) { "mate" } else { "win" },
                self.variant
            ),
        };
        let lang_key = if lang == "en" {
            String::new()
        } else {
            format!("lang: {lang}\n")
        };
        let option = options
            .options
            .first()
            .map(|x| format!("option: {x}\n"))
            .unwrap_or_default();
        let goal = self.goal;
        let mut command = format!(
            "fenpress compose {} --seed {} --max {} --min {} --pieces {} --tries {}",
            self.variant, options.seed, options.max, options.min, options.pieces, options.tries
        );
        if options.win == WinKind::Any {
            command.push_str(" --win");
        }
        if options.quiet_key {
            command.push_str(" --quiet-key");
        }
        if options.endings {
            command.push_str(" --endings");
        }
        for o in &options.options {
            command.push_str(&format!(" --option {o}"));
        }
        format!(
            "---\n# composed by `{command}` (position {}), found in {} moves searched, difficulty {}\ntitle: \"{}\"\n{lang_key}fen: \"{}\"\ngoal: {goal}\nsolution: {}\n{option}---\n{text}\n",
            self.try_number,
            self.nodes,
            self.difficulty,
            title.replace('"', "'"),
            self.fen,
            self.solution,
        )
    }

    /// A file name for the puzzle in `lang`: its variant, seed and place,
    /// so that two runs with other seeds never collide.
    pub fn file_name(&self, lang: &str, seed: u64) -> String {
        let base = format!(
            "{}-{}-seed{seed}-{}",
            self.variant.to_ascii_lowercase(),
            match self.goal {
                Goal::Mate(n) => format!("mate{n}"),
                Goal::Win(n) => format!("win{n}"),
                _ => "line".into(),
            },
            self.try_number
        );
        if lang == "en" {
            format!("{base}.md")
        } else {
            format!("{base}.{lang}.md")
        }
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// The few words a composed puzzle's title and text need.
struct Words {
    fr: bool,
}

impl Words {
    fn of(lang: &str) -> Words {
        Words { fr: lang == "fr" }
    }
    fn key(&self, k: KeyKind) -> &'static str {
        match (self.fr, k) {
            (false, KeyKind::Quiet) => "a quiet move",
            (false, KeyKind::Check) => "a check",
            (false, KeyKind::Capture) => "a capture",
            (false, KeyKind::CaptureCheck) => "a capture with check",
            (true, KeyKind::Quiet) => "un coup tranquille",
            (true, KeyKind::Check) => "un échec",
            (true, KeyKind::Capture) => "une prise",
            (true, KeyKind::CaptureCheck) => "une prise avec échec",
        }
    }
    fn side(&self, c: Color) -> &'static str {
        match (self.fr, c) {
            (false, Color::White) => "White",
            (false, Color::Black) => "Black",
            (true, Color::White) => "Les Blancs",
            (true, Color::Black) => "Les Noirs",
        }
    }
}

/// French "de NAME", elided before a vowel: "d'Atomic", "de Chess" (an
/// initial `h` keeps "de": names such as Horde are read with an aspirated h).
fn french_of(name: &str) -> String {
    let elides = name
        .chars()
        .next()
        .is_some_and(|c| "AEIOUaeiouÉéÈèÊêÎîÔôÛûÀàÂâ".contains(c));
    if elides {
        format!("d'{name}")
    } else {
        format!("de {name}")
    }
}
#[cfg(test)]
mod tests {
    #[test]
    fn french_names_elide_de_before_a_vowel() {
        assert_eq!(super::french_of("Atomic"), "d'Atomic");
        assert_eq!(super::french_of("Orda"), "d'Orda");
        assert_eq!(super::french_of("Chess"), "de Chess");
        assert_eq!(super::french_of("Horde"), "de Horde");
    }

    use super::*;
    use fenpress_rules::registry;
    use fenpress_rules::registry::BUILTIN;

    #[test]
    fn a_many_move_turn_never_walks_back() {
        // Progressive chess: Black's turn holds ten moves, a mate ends it.
        // The first winning move listed used to be a king step, to and
        // fro: `1...Kxg7 Kh7 Kg7 Kh7 Kg7 Kh7 Kh6 Kg5 Qd8 Qd3#`.
        let rules = registry::rules("Progressive1").expect("Progressive1");
        let mut pos =
            validate::position_from_fen(rules, "4qk2/6Q1/8/8/8/5K2/5PP1/8 b - - 0 5").unwrap();
        let mut search = Search::new(rules, Color::Black, WinKind::Mate, CANDIDATE_BUDGET);
        let start = pos.clone();
        let line = main_line(rules, Color::Black, &mut search, &mut pos, 1);
        assert!(
            line.last().is_some_and(|(san, ..)| san.ends_with('#')),
            "{line:?}"
        );
        let mut replay = start;
        let mut seen = vec![fen::vchess_fen(rules, &replay)];
        for (san, ..) in &line {
            let mv = notation::parse_move(rules, &mut replay, san).unwrap();
            rules.play(&mut replay, &mv);
            let f = fen::vchess_fen(rules, &replay);
            assert!(!seen.contains(&f), "{san} goes back: {line:?}");
            seen.push(f);
        }
    }

    #[test]
    fn games_are_cut_where_a_turn_starts() {
        // Synchrone2's turn is four plies: moves, then captures on the
        // board before them. A puzzle from its third ply would start in
        // the capturing half (`1.pass pass 2.Ra8`), judged on a board the
        // thinned position no longer matches.
        let rules = registry::rules("Synchrone2").expect("Synchrone2");
        let mut rng = Rng::new(3);
        let seen = playout(rules, rules.start_position(), &mut rng, 40);
        assert!(seen.len() >= 10, "{}", seen.len());
        assert!(seen.iter().all(|p| p.state.plies % 4 == 0));
        assert!(seen.iter().all(|p| !rules.turn_under_way(p)));
    }

    fn chess() -> &'static dyn Rules {
        registry::rules_with_options("Chess", &[]).expect("chess")
    }

    fn small() -> ComposeOptions {
        ComposeOptions {
            max: 2,
            pieces: 6,
            tries: 400,
            seed: 3,
            count: 2,
            ..ComposeOptions::default()
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzles() {
        let a = compose(chess(), &small()).unwrap().puzzles;
        let b = compose(chess(), &small()).unwrap().puzzles;
        assert!(!a.is_empty(), "no puzzle in 400 tries");
        assert_eq!(a, b);
        let other = compose(chess(), &ComposeOptions { seed: 4, ..small() }).unwrap();
        assert_ne!(a, other.puzzles, "another seed, other games");
    }

    #[test]
    fn every_composed_puzzle_proves_with_one_solution() {
        let options = small();
        for c in compose(chess(), &options).unwrap().puzzles {
            for lang in ["en", "fr"] {
                let text = c.file_text(lang, &options);
                let path = format!("puzzles/Chess/{}", c.file_name(lang, options.seed));
                let puzzle = spec::parse(Path::new(&path), &text).expect("its own file parses");
                assert!(puzzle.unknown_keys.is_empty(), "{text}");
                let verified = verify(&BUILTIN, &puzzle, VerifyOptions::default());
                assert!(
                    verified.findings.is_empty(),
                    "{text}\n{:#?}",
                    verified.findings
                );
                assert_eq!(puzzle.lang.as_deref(), (lang != "en").then_some(lang));
            }
        }
    }

    #[test]
    fn the_provenance_names_the_command_that_finds_it_again() {
        let options = small();
        let c = compose(chess(), &options).unwrap().puzzles.remove(0);
        let text = c.file_text("en", &options);
        assert!(
            text.contains("# composed by `fenpress compose Chess --seed 3 --max 2"),
            "{text}"
        );
        assert!(text.contains("moves searched, difficulty"), "{text}");
    }

    #[test]
    fn no_tries_no_puzzles() {
        let none = compose(
            chess(),
            &ComposeOptions {
                tries: 0,
                ..small()
            },
        );
        let none = none.unwrap();
        assert_eq!(none.puzzles, Vec::new());
        assert_eq!(none.tally, Tally::default());
    }

    #[test]
    fn every_position_left_is_counted_with_why() {
        let run = compose(chess(), &small()).unwrap();
        let t = run.tally;
        let left = t.decided
            + t.unprovable_side
            + t.no_win
            + t.several_keys
            + t.undecided
            + t.filtered
            + t.unconfirmed;
        // A position found twice (from two games) is kept once and counted
        // in neither.
        assert!(left + run.puzzles.len() <= t.tried, "{t:?}");
        assert!(t.no_win > 0, "{t:?}");
        assert!(
            t.reasons().contains("with no win within --max"),
            "{}",
            t.reasons()
        );
        assert!(!t.reasons().contains(" 0 "), "{}", t.reasons());
    }

    #[test]
    fn chakart_is_refused_since_its_outcomes_are_luck() {
        let chakart = fenpress_rules::registry::rules_with_options("Chakart", &[]).unwrap();
        let refused = compose(chakart, &small()).unwrap_err();
        assert!(refused.to_string().contains("random"), "{refused}");
    }

    #[test]
    fn synchrone_puzzles_are_set_for_white_only() {
        // Black's choice is played after White's, knowing it: a win for
        // Black proved that way is not one at the board.
        let synchrone = fenpress_rules::registry::rules_with_options("Synchrone1", &[]).unwrap();
        let run = compose(
            synchrone,
            &ComposeOptions {
                win: WinKind::Any,
                pieces: 6,
                tries: 60,
                ..small()
            },
        )
        .unwrap();
        assert!(run.tally.tried > 0, "{:?}", run.tally);
        assert!(run.puzzles.iter().all(|p| p.attacker == Color::White));
        // Black chooses inside the turn White's choice opened: games are
        // not cut there, and such a position is refused if given.
        assert_eq!(run.tally.unprovable_side, 0, "{:?}", run.tally);
        let mut pos = synchrone.start_position();
        let mut moves = MoveList::new();
        legal::legal_moves(synchrone, &mut pos, &mut moves);
        synchrone.play(&mut pos, &moves[0]);
        assert_eq!(pos.turn(), Color::Black);
        let black = candidate(synchrone, "Synchrone1", &small(), &mut pos, 1);
        assert_eq!(black, Err(Left::UnprovableSide));
    }

    #[test]
    fn a_win_completed_by_the_defenders_forced_reply_is_composed_as_check_counts_it() {
        // Ambiguous: Black executes White's mark (Kd4), marks the White
        // king's square with its king, and White must take its own king.
        // Compose used to call it a win in 2 (a Black turn that never
        // comes) and check a win in 1, so it was never confirmed.
        let ambiguous = registry::rules_with_options("Ambiguous", &[]).unwrap();
        let mut pos =
            validate::position_from_fen(ambiguous, "8/8/PN1p4/6P1/3g4/2k1K3/8/8 b - - 7 48")
                .unwrap();
        let options = ComposeOptions {
            win: WinKind::Any,
            max: 3,
            ..small()
        };
        let c = candidate(ambiguous, "Ambiguous", &options, &mut pos, 1).unwrap();
        assert_eq!(c.goal, Goal::Win(1));
        assert_eq!(c.solution, "1...Kd4 Kd4 2.Kxd4");
        // Suicide: 1.Ra2 and Black's compulsory capture leaves White
        // without a piece; the line shows the capture.
        let suicide = registry::rules_with_options("Suicide", &[]).unwrap();
        let mut pos = validate::position_from_fen(suicide, "8/8/8/8/8/1p6/8/R7 w - - 0 1").unwrap();
        let c = candidate(suicide, "Suicide", &options, &mut pos, 1).unwrap();
        assert_eq!((c.goal, c.solution.as_str()), (Goal::Win(1), "1.Ra2 bxa2"));
    }

    #[test]
    fn chess960_puzzles_are_chess960s_and_come_from_its_starts() {
        let chess = registry::rules_with_options("Chess960", &[]).unwrap();
        let mut rng = Rng::new(1);
        let mut starts = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let rank = chess960_rank(&mut rng);
            let at = |c: char| -> Vec<usize> {
                rank.char_indices()
                    .filter(|(_, x)| *x == c)
                    .map(|(i, _)| i)
                    .collect()
            };
            let (b, r, k) = (at('b'), at('r'), at('k'));
            assert_eq!(b.len(), 2, "{rank}");
            assert_ne!(b[0] % 2, b[1] % 2, "bishops on both colours: {rank}");
            assert!(r[0] < k[0] && k[0] < r[1], "king between the rooks: {rank}");
            assert_eq!((at('q').len(), at('n').len()), (1, 2), "{rank}");
            starts.insert(rank);
        }
        assert!(starts.len() > 100, "{} starts of 960", starts.len());
        let start = start_of(chess, "Chess960", &mut Rng::new(5));
        assert_ne!(start.board, chess.start_position().board);
        assert_eq!(
            start_of(chess, "Chess", &mut Rng::new(5)).board,
            chess.start_position().board
        );
        let options = ComposeOptions {
            name: Some("Chess960".into()),
            count: 1,
            ..small()
        };
        let run = compose(chess, &options).unwrap();
        let found = &run.puzzles[0];
        assert_eq!(found.variant, "Chess960");
        assert!(found.file_name("en", 3).starts_with("chess960-"));
        assert!(found
            .file_text("en", &options)
            .contains("`fenpress compose Chess960 --seed 3"));
    }

    #[test]
    fn a_variant_without_a_winner_is_refused_with_why() {
        let discoduel = registry::rules_with_options("Discoduel", &[]).unwrap();
        let refused = compose(discoduel, &small()).unwrap_err();
        assert!(refused.to_string().contains("no winner"), "{refused}");
    }

    #[test]
    fn a_variant_whose_goals_cannot_be_proved_is_refused_with_why() {
        let apocalypse = fenpress_rules::registry::rules_with_options("Apocalypse", &[]).unwrap();
        let refused = compose(apocalypse, &small()).unwrap_err();
        assert!(refused.to_string().contains("simultaneous"), "{refused}");
    }
}
