//! Verifying a puzzle with the rules core: the position is legal, the
//! solution line is legal move by move, and the goal holds — for `mate in N`
//! and `win in N` a forced-win search proves that no defence escapes along
//! the line and looks for cooks (other first moves that also win).
//! Findings are typed; [`Verified::diagnostics`] turns them into
//! [`Diagnostic`]s at the file, line and column they blame.

use std::time::{Duration, Instant};

use fenpress_rules::registry::{Registry, VariantRules};
use fenpress_rules::{fen, legal, notation, validate, Color, Move, MoveList, Position, Rules};

use super::search::{Proof, Search, WinKind};
use super::spec::{Goal, Loc, Puzzle};
use crate::diagnostic::{Diagnostic, Severity};

/// Time budget per puzzle proof by default, in milliseconds (config
/// `puzzles.proof_budget_ms`): an unproven puzzle is then a warning naming
/// the budget, and `serve` never waits longer on a save.
pub const DEFAULT_TIME_BUDGET_MS: u64 = 10_000;

/// The time budget of every proof of this process, set from the site's
/// config when it is loaded (the verification step reads no config).
static TIME_BUDGET_MS: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(DEFAULT_TIME_BUDGET_MS);

/// Sets the time budget of the proofs that follow (`puzzles.proof_budget_ms`).
pub fn set_time_budget_ms(ms: u64) {
    TIME_BUDGET_MS.store(ms, std::sync::atomic::Ordering::Relaxed);
}

/// The time budget proofs run under now, in milliseconds.
pub fn time_budget_ms() -> u64 {
    TIME_BUDGET_MS.load(std::sync::atomic::Ordering::Relaxed)
}

/// The wall-clock time every proof of one `check` or `build` may take
/// together by default, in milliseconds (config
/// `puzzles.total_proof_budget_ms`): eleven hard puzzles took 52 s, each
/// within its own budget.
pub const DEFAULT_TOTAL_BUDGET_MS: u64 = 60_000;

static TOTAL_BUDGET_MS: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(DEFAULT_TOTAL_BUDGET_MS);

/// The instant the proofs of the running site verification must end by
/// (see [`SiteBudget`]); `None` outside one.
static SITE_DEADLINE: std::sync::Mutex<Option<Instant>> = std::sync::Mutex::new(None);

/// Sets the total budget of the proofs of one site verification
/// (`puzzles.total_proof_budget_ms`).
pub fn set_total_budget_ms(ms: u64) {
    TOTAL_BUDGET_MS.store(ms, std::sync::atomic::Ordering::Relaxed);
}

/// The total budget of one site verification's proofs, in milliseconds.
pub fn total_budget_ms() -> u64 {
    TOTAL_BUDGET_MS.load(std::sync::atomic::Ordering::Relaxed)
}

/// The shared clock of one site verification's proofs: from its making
/// until it is dropped, every proof made with [`VerifyOptions::default`]
/// also stops at the total budget's end
/// (a proof that then stops is a `puzzle-search-budget` warning naming
/// `puzzles.total_proof_budget_ms`, never a pass).
pub struct SiteBudget(());

impl SiteBudget {
    pub fn start() -> SiteBudget {
        let end = Instant::now().checked_add(Duration::from_millis(total_budget_ms()));
        *SITE_DEADLINE.lock().unwrap_or_else(|e| e.into_inner()) = end;
        SiteBudget(())
    }
}

impl Drop for SiteBudget {
    fn drop(&mut self) {
        *SITE_DEADLINE.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

fn site_deadline() -> Option<Instant> {
    *SITE_DEADLINE.lock().unwrap_or_else(|e| e.into_inner())
}

/// One thing found about a puzzle, with what it blames.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Finding {
    #[error("unknown variant `{name}`")]
    UnknownVariant { name: String, close: Vec<String> },
    #[error("fenpress has no rules for {name}: the puzzle cannot be verified")]
    NoRules { name: String },
    #[error("{variant} has no option {options}")]
    BadOption { variant: String, options: String },
    #[error("the FEN does not parse: {0}")]
    FenSyntax(fen::FenError),
    #[error("{0}")]
    Position(validate::Problem),
    #[error("{label}: {error}")]
    MoveSyntax {
        label: String,
        error: notation::SyntaxError,
    },
    /// Illegal or ambiguous: the core's message names the move with its
    /// number ("2.Qe8 is illegal: ...", "1.Nd2 is ambiguous: b1, f3").
    #[error("{0}")]
    Move(notation::MoveError),
    #[error("the solution has {found} moves of {side}, more than the goal's {goal}")]
    TooLong {
        found: u32,
        side: &'static str,
        goal: Goal,
    },
    #[error("the line ends with {label}, which does not {verb}")]
    NoWinAtEnd { label: String, verb: &'static str },
    #[error("the line wins after {found} moves of {side}, sooner than the goal's {goal} (it may show a weak defence)")]
    Shorter {
        found: u32,
        side: &'static str,
        goal: Goal,
    },
    #[error("after {after}, the defence {defence} escapes: no {goal} follows")]
    DefenceEscapes {
        after: String,
        defence: String,
        goal: Goal,
    },
    #[error("after {after}, the defender has no move and it is not a win (stalemate or draw)")]
    NoDefenceNoWin { after: String },
    #[error("could not prove that every defence after {after} loses within the search budget ({nodes} moves searched)")]
    Unproved { after: String, nodes: u64 },
    #[error("cook: {first} also leads to {goal}")]
    Cook { first: String, goal: Goal },
    #[error("the search for cooks stopped at its budget ({nodes} moves searched): other first moves were not all tried")]
    CookSearchIncomplete { nodes: u64 },
    #[error("goal not verified for {variant}: {why}; only the line's legality is checked")]
    GoalNotVerified { variant: String, why: &'static str },
    #[error("unknown front-matter key `{0}` (ignored)")]
    UnknownKey(String),
}

impl Finding {
    pub fn severity(&self) -> Severity {
        use Finding::*;
        match self {
            Shorter { .. } | Unproved { .. } | Cook { .. } | UnknownKey(_) => Severity::Warning,
            CookSearchIncomplete { .. } | GoalNotVerified { .. } => Severity::Note,
            _ => Severity::Error,
        }
    }

    /// Stable machine-readable code.
    pub fn code(&self) -> &'static str {
        use Finding::*;
        match self {
            UnknownVariant { .. } => "puzzle-variant",
            NoRules { .. } => "puzzle-no-rules",
            BadOption { .. } => "puzzle-option",
            FenSyntax(_) => "puzzle-fen-syntax",
            Position(_) => "puzzle-position",
            MoveSyntax { .. } => "puzzle-move-syntax",
            Move(notation::MoveError::Ambiguous { .. }) => "puzzle-move-ambiguous",
            Move(_) => "puzzle-move-illegal",
            TooLong { .. } | Shorter { .. } => "puzzle-length",
            NoWinAtEnd { .. } => "puzzle-no-win",
            DefenceEscapes { .. } | NoDefenceNoWin { .. } => "puzzle-defence-escapes",
            Unproved { .. } | CookSearchIncomplete { .. } => "puzzle-search-budget",
            Cook { .. } => "puzzle-cook",
            GoalNotVerified { .. } => "puzzle-goal-not-verified",
            UnknownKey(_) => "puzzle-key",
        }
    }
}

/// A finding and the place it blames.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    pub finding: Finding,
    pub at: Loc,
    /// Characters blamed, for the caret line.
    pub span: usize,
}

/// A verified puzzle: what was found, and what the page needs to make it
/// playable (the rules, the start, the line as moves).
pub struct Verified {
    pub findings: Vec<Located>,
    pub rules: Option<VariantRules>,
    pub start: Option<Position>,
    /// The solution's moves that resolved, in order (all of them when the
    /// line is legal).
    pub line: Vec<Move>,
    /// `line` numbered in the core's SAN (`1.Qh5+`, `1...Kd8`).
    pub labels: Vec<String>,
    /// Whether every solution move resolved.
    pub line_complete: bool,
    /// Moves played by the search.
    pub nodes: u64,
    pub elapsed: Duration,
    /// The budget the proof ran under, for the warning when it ran out.
    pub budget: VerifyOptions,
    /// Whether the site's total proof budget ([`SiteBudget`]) ended the
    /// proof before its own did.
    pub site_limited: bool,
}

impl Verified {
    /// Whether an error was found.
    pub fn has_errors(&self) -> bool {
        self.findings
            .iter()
            .any(|f| f.finding.severity() == Severity::Error)
    }

    /// The findings as diagnostics of `puzzle`'s file.
    pub fn diagnostics(&self, puzzle: &Puzzle) -> Vec<Diagnostic> {
        self.findings
            .iter()
            .map(|f| {
                let mut d = Diagnostic::new(
                    f.finding.severity(),
                    f.finding.code(),
                    &puzzle.path,
                    f.at.line,
                    f.at.column,
                    f.finding.to_string(),
                )
                .with_span(f.span)
                .with_variant(puzzle.variant.clone());
                if let Finding::Unproved { .. } | Finding::CookSearchIncomplete { .. } = &f.finding
                {
                    d = d.with_hint(if self.site_limited {
                        format!(
                            "the proofs of the whole site ran out of their total budget of {} ms; raise `puzzles.total_proof_budget_ms` in config.yaml, or shorten the puzzles",
                            total_budget_ms()
                        )
                    } else if self.budget.budget != u64::MAX {
                        // Only tools set a move cap (the composer, tests).
                        format!(
                            "the search was capped at {} moves by the tool that ran it",
                            self.budget.budget
                        )
                    } else {
                        format!(
                            "the proof's time budget is {} ms; raise `puzzles.proof_budget_ms` in config.yaml, or shorten the puzzle",
                            self.budget.time.as_millis()
                        )
                    });
                }
                if let Finding::UnknownVariant { close, .. } = &f.finding {
                    if !close.is_empty() {
                        d = d.with_hint(format!("did you mean {}?", close.join(", ")));
                    }
                }
                d
            })
            .collect()
    }
}

/// How hard to look.
#[derive(Debug, Clone, Copy)]
pub struct VerifyOptions {
    /// Moves the search may play, for the whole puzzle: unlimited by
    /// default, since an author sets the budget as time
    /// (`puzzles.proof_budget_ms`); tools that must bound their effort in
    /// moves (the composer, tests) set a cap.
    pub budget: u64,
    /// Whether to look for cooks.
    pub cooks: bool,
    /// Wall-clock time the whole proof may take.
    pub time: Duration,
    /// When the site's proofs must all have ended (see [`SiteBudget`]).
    pub site_deadline: Option<Instant>,
}

impl Default for VerifyOptions {
    fn default() -> Self {
        VerifyOptions {
            budget: u64::MAX,
            cooks: true,
            time: Duration::from_millis(time_budget_ms()),
            site_deadline: site_deadline(),
        }
    }
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Verifies a parsed puzzle. Never panics on any input.
pub fn verify(registry: &Registry, puzzle: &Puzzle, options: VerifyOptions) -> Verified {
    let started = Instant::now();
    let mut v = Verified {
        findings: Vec::new(),
        rules: None,
        start: None,
        line: Vec::new(),
        labels: Vec::new(),
        line_complete: false,
        nodes: 0,
        elapsed: Duration::ZERO,
        budget: options,
        site_limited: false,
    };
    for (at, key) in &puzzle.unknown_keys {
        push(
            &mut v.findings,
            Finding::UnknownKey(key.clone()),
            *at,
            key.chars().count(),
        );
    }
    if let Some((handle, start)) = rules_and_start(registry, puzzle, &mut v) {
        let rules = &*handle;
        let line = play_line(puzzle, rules, &start, &mut v);
        if v.line_complete {
            if let Some(n) = puzzle.goal.moves() {
                check_goal(puzzle, rules, &start, line, n, options, &mut v);
            }
        }
    }
    v.elapsed = started.elapsed();
    v
}

fn push(findings: &mut Vec<Located>, finding: Finding, at: Loc, span: usize) {
    findings.push(Located { finding, at, span })
}

/// The puzzle's rules and start position, or `None` with the findings
/// that say why not (every problem of the position its own finding, at its
/// character).
fn rules_and_start(
    registry: &Registry,
    puzzle: &Puzzle,
    v: &mut Verified,
) -> Option<(VariantRules, Position)> {
    let Some(info) = registry.lookup(&puzzle.variant) else {
        let close = registry
            .close_names(&puzzle.variant)
            .into_iter()
            .map(str::to_string)
            .collect();
        push(
            &mut v.findings,
            Finding::UnknownVariant {
                name: puzzle.variant.clone(),
                close,
            },
            puzzle.variant_at,
            puzzle.variant.chars().count(),
        );
        return None;
    };
    let opts: Vec<&str> = puzzle.options.iter().map(String::as_str).collect();
    let Some(handle) = registry.rules_with_options(info.name, &opts) else {
        let finding = if registry.rules(info.name).is_none() {
            Finding::NoRules {
                name: info.name.to_string(),
            }
        } else {
            Finding::BadOption {
                variant: info.name.to_string(),
                options: opts.join(", "),
            }
        };
        push(&mut v.findings, finding, puzzle.variant_at, 1);
        return None;
    };
    v.rules = Some(handle.clone());
    let rules = &*handle;
    let fen_text = if puzzle.fen.eq_ignore_ascii_case("start") {
        rules.start_fen()
    } else {
        puzzle.fen.as_str()
    };
    let fen_loc = |offset: usize| -> Loc {
        if fen_text.len() != puzzle.fen.len() {
            return puzzle.fen_at;
        }
        let chars = fen_text.get(..offset).map_or(0, |s| s.chars().count());
        Loc {
            line: puzzle.fen_at.line,
            column: puzzle.fen_at.column + chars,
        }
    };
    // Read as a diagram's FEN is: in the variant's own cell spelling
    // (Emergo's stacks `a@`), and on wide boards with vchess's digits.
    let spelled = fen::parse_spelled(fen_text, fen::DigitReading::Decimal, rules.cell_spelling());
    let setup = match spelled {
        Ok(s) => s,
        Err(e) => {
            let at = fen_loc(e.offset());
            push(&mut v.findings, Finding::FenSyntax(e), at, 1);
            return None;
        }
    };
    let read = validate::validate(rules, &setup)
        .or_else(|problems| validate::position_from_fen(rules, fen_text).map_err(|_| problems));
    let start = match read {
        Ok(p) => p,
        Err(problems) => {
            for p in problems {
                let at = fen_loc(p.offset());
                push(&mut v.findings, Finding::Position(p), at, 1);
            }
            return None;
        }
    };
    v.start = Some(start.clone());
    Some((handle, start))
}

/// What playing the solution line found out, for the goal's checks.
struct Line {
    /// The position after the whole line.
    end: Position,
    /// The position before the line's last move, and who played that move
    /// (the side to move, not the piece's colour: an Ambiguous execution
    /// moves the opponent's piece).
    before_last: Position,
    last_mover: Color,
    attacker: Color,
    /// Completed turns of the attacker.
    attacker_turns: u32,
    /// Per attacker move of the line: (index in line, turns completed).
    attacker_moves: Vec<(usize, u32)>,
    /// The move number of each move of the line.
    numbers: Vec<u32>,
}

/// Plays the solution move by move from `start`: each move must resolve
/// (else a finding, and the line is incomplete).
fn play_line(puzzle: &Puzzle, rules: &dyn Rules, start: &Position, v: &mut Verified) -> Line {
    let attacker = start.turn();
    let mut pos = start.clone();
    let mut number = 1u32;
    let mut continuing = false;
    let mut attacker_turns = 0u32;
    // Per attacker move of the line: (index in line, turns completed).
    let mut attacker_moves: Vec<(usize, u32)> = Vec::new();
    // The move number of each move of the line.
    let mut numbers: Vec<u32> = Vec::new();
    let mut before_last = start.clone();
    let mut last_mover = attacker;
    v.line_complete = true;
    for sm in &puzzle.solution {
        let mover = pos.turn();
        let prefix = if continuing {
            String::new()
        } else if mover == Color::White {
            format!("{number}.")
        } else {
            format!("{number}...")
        };
        // Messages name the move as written, numbered, without `+#!?`.
        let label = format!("{prefix}{}", sm.text.trim_end_matches(['+', '#', '!', '?']));
        let span = sm.text.chars().count();
        let resolved = match notation::parse(&sm.text) {
            Ok(parsed) => notation::resolve(rules, &mut pos, &parsed, &label),
            // A name only the variant reads (Football's kick `i1-h3/h2`).
            Err(error) => match notation::parse_move(rules, &mut pos, &sm.text) {
                Ok(mv) => Ok(mv),
                Err(_) => {
                    push(
                        &mut v.findings,
                        Finding::MoveSyntax { label, error },
                        sm.at,
                        span,
                    );
                    v.line_complete = false;
                    break;
                }
            },
        };
        let mv = match resolved {
            Ok(mv) => as_listed(rules, &mut pos, mv),
            Err(e) => {
                push(&mut v.findings, Finding::Move(e), sm.at, span);
                v.line_complete = false;
                break;
            }
        };
        // The line as shown: numbered, in the core's own SAN.
        // Black's reply right after White's move carries no number.
        let shown_prefix = if mover == Color::Black && !v.line.is_empty() {
            ""
        } else {
            prefix.as_str()
        };
        let shown = format!("{shown_prefix}{}", notation::san(rules, &mut pos, &mv));
        before_last.clone_from(&pos);
        last_mover = mover;
        rules.play(&mut pos, &mv);
        // A move that ends the game ends its turn, even one after which
        // the turn could have gone on (Football's kick into the goal).
        continuing = mv.intent.continues && rules.variant_outcome(&pos).is_none();
        if mover == attacker && !continuing {
            attacker_turns += 1;
        }
        if mover == attacker {
            attacker_moves.push((v.line.len(), attacker_turns));
        }
        numbers.push(number);
        if !continuing && mover == Color::Black {
            number += 1;
        }
        v.line.push(mv);
        v.labels.push(shown);
    }

    Line {
        end: pos,
        before_last,
        last_mover,
        attacker,
        attacker_turns,
        attacker_moves,
        numbers,
    }
}

/// `mv` as the legal list has it. A variant whose turn may go on after a
/// move only playing it tells (Doublemove1's and Progressive's moves that
/// do not check) marks that in the list as a whole
/// ([`Rules::restrict_legal`]), which a move read from the text lacks: the
/// line counted each such move as a turn of its own, and a mate in one
/// double turn as a mate in 2.
fn as_listed(rules: &dyn Rules, pos: &mut Position, mv: Move) -> Move {
    if !rules.restricts_legal() {
        return mv;
    }
    let mut moves = MoveList::new();
    legal::legal_moves(rules, pos, &mut moves);
    let same = |m: &Move| {
        let (mut a, mut b) = (m.intent, mv.intent);
        a.continues = false;
        b.continues = false;
        a == b && m.effect == mv.effect
    };
    moves.iter().copied().find(same).unwrap_or(mv)
}

/// Why the search cannot prove a goal (`mate in n`, `win in n`) for the
/// `attacker` in a variant, if it cannot: its turns are not one side's
/// move after the other's. Synchrone's two choices are made at the same
/// time but played as White's then Black's, Black's knowing White's: a
/// win proved that way for White holds against any Black choice, while a
/// win for Black would rest on a choice Black never sees.
pub fn unprovable_goals(rules: &dyn Rules, attacker: Color) -> Option<&'static str> {
    match rules.name() {
        "Apocalypse" => {
            Some("its moves are simultaneous, which a move-by-move search cannot model")
        }
        // Each outcome of a banana, a bomb or an egg is a move of its own
        // (crates/rules' Chakart): the search would let the solver pick
        // the lucky one.
        "Chakart" => Some(
            "a move's outcome (a banana's, a bomb's, an egg's) is drawn at random, which a search that lets the solver choose it cannot model",
        ),
        "Discoduel" => Some(
            "its rules name no winner (a game is scored by the pawns that crossed, over two games), so there is no goal to prove",
        ),
        "Synchrone1" | "Synchrone2" if attacker == Color::Black => Some(
            "Black chooses at the same time as White without seeing White's choice, which a move-by-move search cannot model: set the puzzle with White to play",
        ),
        _ => None,
    }
}

/// The goal (`mate in n`, `win in n`): the line ends in a win of the right
/// length, no defence escapes, and (with `cooks`) no other first move wins.
fn check_goal(
    puzzle: &Puzzle,
    rules: &dyn Rules,
    start: &Position,
    line: Line,
    n: u32,
    options: VerifyOptions,
    v: &mut Verified,
) {
    let Line {
        end: mut pos,
        mut before_last,
        last_mover,
        attacker,
        attacker_turns,
        attacker_moves,
        numbers,
    } = line;
    if let Some(why) = unprovable_goals(rules, attacker) {
        push(
            &mut v.findings,
            Finding::GoalNotVerified {
                variant: rules.name().into(),
                why,
            },
            puzzle.goal_at,
            1,
        );
        return;
    }
    let win = match puzzle.goal {
        Goal::Mate(_) => WinKind::Mate,
        _ => WinKind::Any,
    };
    let verb = match win {
        WinKind::Mate => "mate",
        WinKind::Any => "win",
    };
    let side = side_name(attacker);
    let last = v.line.len() - 1;
    let last_at = puzzle.solution[last].at;
    let last_span = puzzle.solution[last].text.chars().count();
    let mut search = Search::new(rules, attacker, win, options.budget);
    let own = Instant::now().checked_add(options.time);
    let site = options.site_deadline;
    search.deadline = match (own, site) {
        (Some(own), Some(site)) => Some(own.min(site)),
        (own, site) => own.or(site),
    };
    // The line ends with the attacker's move, or with a defence forced to
    // lose: every reply to the attacker's last turn ends the game in its
    // win (a variant where a side's own move can lose it: Suicide's last
    // capture, Ambiguous's execution onto one's own king).
    let ended_in_win = search.is_win(&mut pos)
        && (last_mover == attacker
            || (last > 0
                && !v.line[last - 1].intent.continues
                && search.defend(&mut before_last, 0, 0).0 == Proof::Win));
    if attacker_turns > n {
        // The first attacker move past the goal's count.
        let extra = attacker_moves
            .iter()
            .find(|(_, t)| *t > n)
            .map_or(last, |(i, _)| *i);
        push(
            &mut v.findings,
            Finding::TooLong {
                found: attacker_turns,
                side,
                goal: puzzle.goal,
            },
            puzzle.solution[extra].at,
            puzzle.solution[extra].text.chars().count(),
        );
    } else if !ended_in_win {
        push(
            &mut v.findings,
            Finding::NoWinAtEnd {
                label: v.labels[last].clone(),
                verb,
            },
            last_at,
            last_span,
        );
    } else if attacker_turns < n {
        push(
            &mut v.findings,
            Finding::Shorter {
                found: attacker_turns,
                side,
                goal: puzzle.goal,
            },
            last_at,
            last_span,
        );
    }

    let stopped = check_defences(
        puzzle,
        rules,
        start,
        &mut search,
        &attacker_moves,
        &numbers,
        n,
        v,
    );
    // A spent budget has been reported once, where it ran out: the cook
    // search could only stop at once and say so again.
    if options.cooks && ended_in_win && attacker_turns <= n && !stopped {
        check_cooks(puzzle, rules, start, &mut search, n, v);
    }
    v.nodes = search.nodes;
    // The site's clock, not the proof's own, ended the search.
    v.site_limited = search.exhausted
        && site.is_some_and(|end| Instant::now() >= end && own.is_none_or(|own| end < own));
}

/// No defence escapes: after each completed attacker move of the line
/// that does not end the game, every defence must still lose in time.
/// Returns whether the budget stopped a proof (it is then reported).
#[allow(clippy::too_many_arguments)]
fn check_defences(
    puzzle: &Puzzle,
    rules: &dyn Rules,
    start: &Position,
    search: &mut Search,
    attacker_moves: &[(usize, u32)],
    numbers: &[u32],
    n: u32,
    v: &mut Verified,
) -> bool {
    let attacker = start.turn();
    let last = v.line.len() - 1;
    let mut pos = start.clone();
    for (i, mv) in v.line.iter().enumerate() {
        rules.play(&mut pos, mv);
        let Some(&(_, done)) = attacker_moves.iter().find(|(j, _)| *j == i) else {
            continue;
        };
        if mv.intent.continues || done >= n || i == last {
            continue;
        }
        let before = search.nodes;
        let (proof, escape) = search.defend(&mut pos, n - done, 0);
        let at = puzzle.solution[i].at;
        let span = puzzle.solution[i].text.chars().count();
        let after = v.labels[i].clone();
        match (proof, escape) {
            (Proof::Win, _) => {}
            (Proof::NoWin, Some(d)) => {
                let defence = format!(
                    "{}{}",
                    reply_number(numbers[i], attacker),
                    notation::san(rules, &mut pos, &d)
                );
                push(
                    &mut v.findings,
                    Finding::DefenceEscapes {
                        after,
                        defence,
                        goal: goal_in(puzzle.goal, n - done),
                    },
                    at,
                    span,
                );
            }
            (Proof::NoWin, None) => {
                push(&mut v.findings, Finding::NoDefenceNoWin { after }, at, span);
            }
            (Proof::Unknown, _) => {
                push(
                    &mut v.findings,
                    Finding::Unproved {
                        after,
                        nodes: search.nodes - before,
                    },
                    at,
                    span,
                );
                // Out of budget, every later move of the line would stop at
                // once: one finding for the puzzle, where the budget ran out.
                if search.spent() {
                    return true;
                }
            }
        }
    }
    false
}

/// Cooks: another first move that also wins in `n`.
fn check_cooks(
    puzzle: &Puzzle,
    rules: &dyn Rules,
    start: &Position,
    search: &mut Search,
    n: u32,
    v: &mut Verified,
) {
    let attacker = start.turn();
    let mut pos = start.clone();
    let mut firsts = MoveList::new();
    legal::legal_moves(rules, &mut pos, &mut firsts);
    let key = v.line[0];
    let tries: Vec<Move> = firsts
        .iter()
        .filter(|m| m.intent != key.intent)
        .copied()
        .collect();
    let proofs = cook_proofs(start, search, &tries, n);
    let mut incomplete = false;
    for (mv, proof) in tries.iter().zip(proofs) {
        match proof {
            Proof::Win => {
                let first = format!(
                    "{}{}",
                    if attacker == Color::White {
                        "1."
                    } else {
                        "1..."
                    },
                    notation::san(rules, &mut pos, mv)
                );
                push(
                    &mut v.findings,
                    Finding::Cook {
                        first,
                        goal: puzzle.goal,
                    },
                    puzzle.solution[0].at,
                    puzzle.solution[0].text.chars().count(),
                );
            }
            Proof::Unknown => incomplete = true,
            Proof::NoWin => {}
        }
    }
    if incomplete {
        push(
            &mut v.findings,
            Finding::CookSearchIncomplete {
                nodes: search.nodes,
            },
            puzzle.goal_at,
            1,
        );
    }
}

/// What each of the `tries` (first moves) proves with `n` turns, in their
/// order. With more than one try and a second thread free, `search` and a
/// sibling on another thread (rayon's: a site verifying many puzzles at
/// once keeps its two threads busy either way) take the tries one at a
/// time, the next free one each, spending the moves left in the budget
/// together and sharing one table. The hardest fixtures spend nine tenths
/// of their proof here; their tries cost from a few moves to a million.
fn cook_proofs(start: &Position, search: &mut Search, tries: &[Move], n: u32) -> Vec<Proof> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let prove = |search: &mut Search| -> Vec<(usize, Proof)> {
        let mut pos = start.clone();
        let mut proved = Vec::new();
        loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(mv) = tries.get(i) else {
                return proved;
            };
            proved.push((i, search.after_attack(&mut pos, mv, n, 0)));
        }
    };
    let proved = if tries.len() < 2 || rayon::current_num_threads() < 2 {
        prove(search)
    } else {
        let mut other = search.sibling();
        let (mut mine, theirs) = rayon::join(|| prove(search), || prove(&mut other));
        search.join_sibling(other);
        mine.extend(theirs);
        mine
    };
    let mut proofs = vec![Proof::Unknown; tries.len()];
    for (i, proof) in proved {
        proofs[i] = proof;
    }
    proofs
}

/// The goal with `n` moves left (`mate in 1` after the key of a mate in 2).
fn goal_in(goal: Goal, n: u32) -> Goal {
    match goal {
        Goal::Mate(_) => Goal::Mate(n),
        Goal::Win(_) => Goal::Win(n),
        g => g,
    }
}

/// The move number a defender's reply to the attacker's move numbered `n`
/// carries: after `1.Qh5+` it is `1...`, after `1...Qh4` it is `2.`.
fn reply_number(n: u32, attacker: Color) -> String {
    match attacker {
        Color::White => format!("{n}..."),
        Color::Black => format!("{}.", n + 1),
    }
}
