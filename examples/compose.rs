//! A puzzle composer for the example site: plays random games with the
//! rules core, thins some of their positions out to a few pieces, and keeps
//! those where exactly one first move forces a win in 1 to N moves. Each
//! candidate is then proven by `fenpress::puzzle::verify`, the proof `check`
//! runs, so what it prints can be pasted into `puzzles/<Variant>/<slug>.md`.
//!
//! ```sh
//! cargo run --release --example compose -- Chess --max 3 --seed 7 --tries 4000
//! cargo run --release --example compose -- Pacosako --option pacoplay --win
//! ```
//!
//! Options: `--max N` (longest goal, default 2), `--min N` (shortest), `--win` (variant wins count,
//! "win in N"; default: mate only), `--pieces N` (thin positions to at most
//! N pieces; 0 keeps the game's position), `--tries N` (positions looked
//! at), `--seed N`, `--quiet-key` (keep only keys that neither check nor
//! capture), `--option X`, `--show N` (candidates printed).

use std::path::Path;

use fenpress::diagnostic::Severity;
use fenpress::puzzle::search::{Proof, Search, WinKind};
use fenpress::puzzle::{spec, verify, VerifyOptions};
use fenpress_rules::{fen, legal, notation, registry, Castling, Color, Move, MoveList, Position};
use fenpress_rules::{validate, Rules};

/// Moves one candidate's search may play: positions that need more are
/// skipped (they would be slow to prove on the site too).
const CANDIDATE_BUDGET: u64 = 300_000;

/// A tiny xorshift generator: the composer needs repeatable games, not
/// statistical quality, and the crate takes no dependency for it.
struct Rng(u64);

impl Rng {
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

struct Options {
    variant: String,
    options: Vec<String>,
    max: u32,
    min: u32,
    win: WinKind,
    pieces: usize,
    tries: usize,
    seed: u64,
    quiet_key: bool,
    show: usize,
}

fn parse_args() -> Result<Options, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = args
        .first()
        .ok_or("usage: compose VARIANT [options]")?
        .clone();
    let mut o = Options {
        variant,
        options: Vec::new(),
        max: 2,
        min: 1,
        win: WinKind::Mate,
        pieces: 8,
        tries: 2000,
        seed: 1,
        quiet_key: false,
        show: 10,
    };
    let mut it = args.iter().skip(1);
    let number = |v: Option<&String>, name: &str| -> Result<u64, String> {
        v.and_then(|s| s.parse().ok())
            .ok_or(format!("{name} needs a number"))
    };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--max" => o.max = number(it.next(), a)? as u32,
            "--min" => o.min = number(it.next(), a)? as u32,
            "--pieces" => o.pieces = number(it.next(), a)? as usize,
            "--tries" => o.tries = number(it.next(), a)? as usize,
            "--seed" => o.seed = number(it.next(), a)?.max(1),
            "--show" => o.show = number(it.next(), a)? as usize,
            "--win" => o.win = WinKind::Any,
            "--quiet-key" => o.quiet_key = true,
            "--option" => o
                .options
                .push(it.next().ok_or("--option needs a value")?.clone()),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(o)
}

/// A random game from the start, preferring captures so that material
/// thins out; returns the positions met (not those where the game ended).
fn playout(rules: &'static dyn Rules, rng: &mut Rng) -> Vec<Position> {
    let mut pos = rules.start_position();
    let length = 20 + rng.below(100);
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
        seen.push(pos.clone());
    }
    seen
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
) -> Option<(u32, Vec<Move>)> {
    let mut moves = MoveList::new();
    legal::legal_moves(rules, pos, &mut moves);
    for n in 1..=max {
        let mut winners = Vec::new();
        for mv in &moves {
            match search.after_attack(pos, mv, n, 0) {
                Proof::Win => winners.push(*mv),
                Proof::Unknown => return None,
                Proof::NoWin => {}
            }
        }
        if !winners.is_empty() {
            return Some((n, winners));
        }
    }
    None
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
            match moves
                .iter()
                .find(|m| search.after_attack(pos, m, k, 0) == Proof::Win)
            {
                Some(m) => *m,
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
        if attacker_move && !mv.intent.continues {
            left = left.saturating_sub(1);
            if search.is_win(pos) || left == 0 {
                break;
            }
        }
    }
    line
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

fn main() {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let opts: Vec<&str> = o.options.iter().map(String::as_str).collect();
    let Some(rules) = registry::rules_with_options(&o.variant, &opts) else {
        eprintln!("no rules for `{}` with options {opts:?}", o.variant);
        std::process::exit(2);
    };
    let mut rng = Rng(o.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).max(1));
    let mut found = 0;
    let mut tried = 0;
    while tried < o.tries && found < o.show {
        for pos in playout(rules, &mut rng) {
            if tried >= o.tries || found >= o.show {
                break;
            }
            if rng.below(4) != 0 {
                continue;
            }
            let cand = if o.pieces == 0 {
                Some(pos)
            } else {
                thin(rules, &pos, o.pieces, &mut rng)
            };
            let Some(mut cand) = cand else { continue };
            tried += 1;
            if let Some(text) = candidate(rules, &o, &mut cand) {
                found += 1;
                println!("{text}\n");
            }
        }
    }
    eprintln!("{found} candidates from {tried} positions");
}

/// The puzzle file's front matter for `pos` if it has a unique key, the
/// proof of `fenpress::puzzle::verify` is clean, and the filters hold.
fn candidate(rules: &'static dyn Rules, o: &Options, pos: &mut Position) -> Option<String> {
    if legal::outcome(rules, pos).is_some() {
        return None;
    }
    let attacker = pos.turn();
    let mut search = Search::new(rules, attacker, o.win, CANDIDATE_BUDGET);
    let (n, winners) = keys(rules, &mut search, pos, o.max)?;
    if winners.len() != 1 || search.exhausted || n < o.min {
        return None;
    }
    let key = winners[0];
    let undo = rules.play(pos, &key);
    let checks = legal::in_check(rules, pos);
    rules.unplay(pos, &key, undo);
    if o.quiet_key && (checks || is_capture(&key)) {
        return None;
    }
    let start_fen = fen::vchess_fen(rules, pos);
    let line = main_line(rules, attacker, &mut search, &mut pos.clone(), n);
    let goal = match o.win {
        WinKind::Mate => format!("mate in {n}"),
        WinKind::Any => format!("win in {n}"),
    };
    let option = o
        .options
        .first()
        .map(|x| format!("option: {x}\n"))
        .unwrap_or_default();
    let solution = numbered(&line);
    // The standard FEN reads best; a variant whose state it cannot carry
    // keeps vchess's.
    let (text, verified) = [fen::standard_fen(rules, pos), start_fen]
        .into_iter()
        .find_map(|f| {
            let text =
                format!("---\nfen: \"{f}\"\ngoal: {goal}\nsolution: {solution}\n{option}---\n");
            let path = format!("puzzles/{}/candidate.md", rules.name());
            let puzzle = spec::parse(Path::new(&path), &text).ok()?;
            let verified = verify(&puzzle, VerifyOptions::default());
            // Notes pass: Apocalypse's goal is only noted as unverified
            // by `check` (simultaneous moves); this search is its proof.
            verified
                .diagnostics(&puzzle)
                .iter()
                .all(|d| d.severity == Severity::Note)
                .then_some((text, verified))
        })?;
    let pieces = pos.board.pieces().count();
    let kind = match (checks, is_capture(&key)) {
        (false, false) => "quiet",
        (true, false) => "check",
        (false, true) => "capture",
        (true, true) => "capture+check",
    };
    Some(format!(
        "# {pieces} pieces, key {kind}, {} nodes\n{text}",
        verified.nodes
    ))
}
