//! The differential run of one variant: seeded random playouts from its
//! roots (the start position, corpus diagrams with either side to move),
//! comparing at every visited position the full move sets, the FENs, and
//! perft 2 (child by child). Differences a listed deviation explains are
//! counted; any other is a [`Failure`] with a command that reproduces it.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use fenpress_rules::Rules;

use crate::canon::CanonMove;
use crate::deviations::{self, Ctx, Entry, Finding};
use crate::oracle::Oracle;
use crate::prng::Rng;
use crate::session::{repro, Session, SessionError};

/// How much to do per variant.
#[derive(Clone, Debug)]
pub struct Config {
    /// Stop starting playouts after this long (ignored with `playouts`).
    pub budget: Duration,
    /// Soak mode: exactly this many playouts, no time budget.
    pub playouts: Option<usize>,
    /// Longest playout, in plies.
    pub max_plies: usize,
    /// Compare perft 2 (child by child) at every position.
    pub perft2: bool,
    /// Stop the variant after this many failures.
    pub max_failures: usize,
    /// Past this instant (the whole run's deadline) a variant checks only
    /// its roots, so the default run stays bounded however many variants
    /// there are.
    pub hard_stop: Option<Instant>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            budget: Duration::from_millis(1000),
            playouts: None,
            max_plies: 30,
            perft2: true,
            max_failures: 5,
            hard_stop: None,
        }
    }
}

/// An unexplained difference.
#[derive(Clone, Debug)]
pub struct Failure {
    /// vchess's FEN of the position.
    pub fen: String,
    /// The root the playout started from and the moves played since.
    pub root: String,
    pub line: Vec<String>,
    pub finding: Finding,
    pub repro: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "  at {}", self.fen)?;
        if !self.line.is_empty() {
            writeln!(f, "    (from {} after {})", self.root, self.line.join(" "))?;
        }
        writeln!(f, "    {}", self.finding)?;
        write!(f, "    reproduce: {}", self.repro)
    }
}

/// What one variant's run did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub variant: String,
    pub roots: usize,
    /// Roots one engine refused: (FEN, why).
    pub rejected: Vec<(String, String)>,
    pub playouts: usize,
    pub positions: usize,
    /// Differences explained, per deviation id.
    pub explained: BTreeMap<&'static str, usize>,
    pub failures: Vec<Failure>,
    /// Playouts cut short because vchess itself failed (an exception, such
    /// as a stack overflow in its Paco Sako code): (FEN, message).
    pub oracle_errors: Vec<(String, String)>,
    /// The run could not go on (oracle error).
    pub error: Option<String>,
    pub elapsed: Duration,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {} positions, {} playouts from {} roots ({} refused), {:.1}s",
            self.variant,
            self.positions,
            self.playouts,
            self.roots,
            self.rejected.len(),
            self.elapsed.as_secs_f64()
        )?;
        if !self.explained.is_empty() {
            let e: Vec<String> = self
                .explained
                .iter()
                .map(|(id, n)| format!("{id} ×{n}"))
                .collect();
            write!(f, "; deviations seen: {}", e.join(", "))?;
        }
        if std::env::var_os("FENPRESS_CONFORMANCE_VERBOSE").is_some() {
            for (fen, why) in &self.rejected {
                write!(f, "\n  refused root `{fen}`: {why}")?;
            }
        }
        if let Some((at, e)) = self.oracle_errors.first() {
            write!(
                f,
                "; vchess failed {} times (first: {e} from {at})",
                self.oracle_errors.len()
            )?;
        }
        if !self.failures.is_empty() {
            write!(f, "; {} FAILURES", self.failures.len())?;
        }
        if let Some(e) = &self.error {
            write!(f, "; ERROR {e}")?;
        }
        Ok(())
    }
}

/// Runs one variant from `roots` (FENs; `""` is vchess's start position).
pub fn run_variant(
    oracle: &mut Oracle,
    variant: &str,
    rules: &'static dyn Rules,
    roots: &[String],
    entries: &[Entry],
    cfg: &Config,
) -> Report {
    let t0 = Instant::now();
    let mut report = Report {
        variant: variant.to_string(),
        roots: roots.len(),
        ..Report::default()
    };
    if let Err(e) = run(oracle, variant, rules, roots, entries, cfg, &mut report, t0) {
        report.error = Some(e.to_string());
    }
    report.elapsed = t0.elapsed();
    report
}

#[allow(clippy::too_many_arguments)]
fn run(
    oracle: &mut Oracle,
    variant: &str,
    rules: &'static dyn Rules,
    roots: &[String],
    entries: &[Entry],
    cfg: &Config,
    report: &mut Report,
    t0: Instant,
) -> Result<(), SessionError> {
    // vchess's start FEN is fenpress's (unless a listed deviation says why
    // not: some vchess start strings hold fields vchess itself misreads).
    if roots.iter().any(String::is_empty) {
        let vchess = oracle.init(variant)?;
        let start = rules.start_position();
        let fenpress = fenpress_rules::fen::vchess_fen(rules, &start);
        // Monocolor's start string ends in a space (vchess's generator cuts
        // its last fields and keeps their separator): no field differs.
        let same = crate::canon::normalize_board_digits(vchess.trim_end(), true)
            == crate::canon::normalize_board_digits(&fenpress, true)
            || same_but_hidden_queens(variant, &vchess, &fenpress);
        let finding = Finding::Fen { vchess, fenpress };
        let diff = crate::canon::SetDiff::default();
        let ctx = Ctx {
            variant,
            rules,
            pos: &start,
            diff: &diff,
        };
        match deviations::explain(entries, &ctx, &finding) {
            _ if same => {}
            Some(id) => *report.explained.entry(id).or_default() += 1,
            None => report.failures.push(Failure {
                fen: match &finding {
                    Finding::Fen { vchess, .. } => vchess.clone(),
                    _ => String::new(),
                },
                root: "start".into(),
                line: Vec::new(),
                finding,
                repro: format!(
                    "cargo run -p fenpress-conformance --release -- moves {variant} start"
                ),
            }),
        }
    }
    // The roots both engines accept.
    let mut good = Vec::new();
    for root in roots {
        match Session::new(oracle, rules, variant, root, true) {
            Ok(_) => good.push(root.clone()),
            Err(SessionError::Oracle(e)) => return Err(SessionError::Oracle(e)),
            Err(e) => report.rejected.push((root.clone(), e.to_string())),
        }
    }
    if good.is_empty() {
        return Ok(());
    }
    // Past the run's deadline a variant only gets its first root checked.
    if cfg.hard_stop.is_some_and(|h| Instant::now() >= h) {
        good.truncate(1);
    }
    let mut i = 0usize;
    loop {
        let done = match cfg.playouts {
            Some(n) => i >= n.max(good.len()),
            // Every root gets one playout, then the budget decides.
            None => i >= good.len() && t0.elapsed() >= cfg.budget,
        };
        if done || report.failures.len() >= cfg.max_failures {
            return Ok(());
        }
        if good.is_empty() {
            return Ok(());
        }
        let root = &good[i % good.len()].clone();
        let mut rng = Rng::for_playout(variant, i as u64);
        // A random length, so short and long games both get visited.
        let plies = 1 + rng.below(cfg.max_plies);
        match playout(
            oracle, variant, rules, root, entries, cfg, report, &mut rng, plies, t0,
        ) {
            Ok(()) => {}
            // vchess threw at some position: that playout ends there.
            Err(SessionError::Oracle(crate::oracle::OracleError::Refused { request, message })) => {
                // A root where vchess throws at once is not tried again.
                if report
                    .oracle_errors
                    .iter()
                    .filter(|(r, _)| r.starts_with(root.as_str()))
                    .count()
                    >= 2
                {
                    let bad = root.clone();
                    good.retain(|r| *r != bad);
                }
                let first = message.lines().next().unwrap_or("").to_string();
                report
                    .oracle_errors
                    .push((format!("{root} ({request})"), first));
            }
            Err(e) => return Err(e),
        }
        report.playouts += 1;
        i += 1;
    }
}

#[allow(clippy::too_many_arguments)]
fn playout(
    oracle: &mut Oracle,
    variant: &str,
    rules: &'static dyn Rules,
    root: &str,
    entries: &[Entry],
    cfg: &Config,
    report: &mut Report,
    rng: &mut Rng,
    plies: usize,
    t0: Instant,
) -> Result<(), SessionError> {
    let mut s = Session::new(oracle, rules, variant, root, true)?;
    for ply in 0..=plies {
        // Past the budget, end the playout (its first position is always
        // checked, so every root is seen once).
        let late = cfg.hard_stop.is_some_and(|h| Instant::now() >= h);
        if ply > 0 && cfg.playouts.is_none() && (late || t0.elapsed() >= cfg.budget) {
            break;
        }
        let common = check_position(&mut s, root, entries, cfg, report)?;
        if common.is_empty() || ply == plies || report.failures.len() >= cfg.max_failures {
            break;
        }
        let mv = common[rng.below(common.len())].clone();
        s.play(&mv)?;
    }
    Ok(())
}

/// Compares the current position; returns the moves both engines list.
fn check_position(
    s: &mut Session,
    root: &str,
    entries: &[Entry],
    cfg: &Config,
    report: &mut Report,
) -> Result<Vec<CanonMove>, SessionError> {
    report.positions += 1;
    let here = s.compare()?;
    record(s, root, entries, report, &here.diff, findings_of(&here));
    let common: Vec<CanonMove> = {
        let mut v = here.vchess.clone();
        v.sort();
        let mut out: Vec<CanonMove> = here
            .fenpress
            .iter()
            .filter(|m| v.binary_search(m).is_ok())
            .cloned()
            .collect();
        out.dedup();
        out
    };
    if cfg.perft2 && !common.is_empty() {
        let (v, f) = s.divide(2)?;
        let vmap: BTreeMap<&CanonMove, u64> = v.iter().map(|(m, n)| (m, *n)).collect();
        let differing: Vec<CanonMove> = f
            .iter()
            .filter(|(m, n)| vmap.get(m).is_some_and(|vn| vn != n))
            .map(|(m, _)| m.clone())
            .collect();
        for mv in differing {
            if report.failures.len() >= 5 * cfg.max_failures {
                break;
            }
            s.play(&mv)?;
            let child = s.compare()?;
            let found: Vec<Finding> = findings_of(&child)
                .into_iter()
                .filter(|f| !matches!(f, Finding::Fen { .. }))
                .collect();
            record(s, root, entries, report, &child.diff, found);
            s.undo()?;
        }
    }
    Ok(common)
}

fn findings_of(here: &crate::session::Here) -> Vec<Finding> {
    let mut out: Vec<Finding> = here
        .diff
        .vchess_only
        .iter()
        .cloned()
        .map(Finding::VchessOnly)
        .chain(
            here.diff
                .fenpress_only
                .iter()
                .cloned()
                .map(Finding::FenpressOnly),
        )
        .collect();
    if here.vchess_fen != here.fenpress_fen {
        out.push(Finding::Fen {
            vchess: here.vchess_fen.clone(),
            fenpress: here.fenpress_fen.clone(),
        });
    }
    out
}

fn record(
    s: &mut Session,
    root: &str,
    entries: &[Entry],
    report: &mut Report,
    diff: &crate::canon::SetDiff,
    found: Vec<Finding>,
) {
    if found.is_empty() {
        return;
    }
    let fen = s.oracle.fen().map(|(f, _)| f).unwrap_or_default();
    let ctx = Ctx {
        variant: &s.variant,
        rules: s.rules,
        pos: &s.pos,
        diff,
    };
    for finding in found {
        match deviations::explain(entries, &ctx, &finding) {
            Some(id) => *report.explained.entry(id).or_default() += 1,
            None => report.failures.push(Failure {
                fen: fen.clone(),
                root: if root.is_empty() {
                    "start".into()
                } else {
                    root.to_string()
                },
                line: s.line.clone(),
                finding,
                repro: repro("moves", &s.variant, &fen, None, true),
            }),
        }
    }
}

/// Hiddenqueen's start as vchess makes it places each side's hidden queen
/// (`t`, `T`) on a pawn's square at random, whatever the randomness asked:
/// a start that differs from fenpress's only there is the same start (the
/// playouts then start from vchess's, each its own placement).
///
/// Hidden's places every piece of each side on its two first ranks at
/// random: the same start is the same pieces of each side there, in any
/// order, and the same fields.
fn same_but_hidden_queens(variant: &str, vchess: &str, fenpress: &str) -> bool {
    match variant {
        "Hiddenqueen" => {
            let plain = |fen: &str| fen.replace('t', "p").replace('T', "P");
            plain(vchess.trim_end()) == plain(fenpress)
        }
        "Hidden" => {
            // Each side's letters, sorted, then the middle ranks and fields.
            let parts = |fen: &str| -> Option<(Vec<char>, Vec<char>, String)> {
                let (board, fields) = fen.trim_end().split_once(' ')?;
                let rows: Vec<&str> = board.split('/').collect();
                let (top, rest) = rows.split_at(2.min(rows.len()));
                let (middle, bottom) = rest.split_at(rest.len().saturating_sub(2));
                let sorted = |rs: &[&str]| {
                    let mut v: Vec<char> = rs.concat().chars().collect();
                    v.sort_unstable();
                    v
                };
                Some((
                    sorted(top),
                    sorted(bottom),
                    format!("{} {fields}", middle.join("/")),
                ))
            };
            parts(vchess).is_some() && parts(vchess) == parts(fenpress)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::same_but_hidden_queens;

    #[test]
    fn hidden_queens_may_stand_on_any_pawn_square_of_the_start() {
        let ours = "rnbqkbnr/pppppppt/8/8/8/8/PPPTPPPP/RNBQKBNR w 0 ahah -";
        let theirs = "rnbqkbnr/tppppppp/8/8/8/8/PPPPPPTP/RNBQKBNR w 0 ahah -";
        assert!(same_but_hidden_queens("Hiddenqueen", theirs, ours));
        assert!(!same_but_hidden_queens("Chess", theirs, ours));
        let moved = "rnbqkbnr/tppppppp/8/8/8/8/PPPPPPTP/RNBQKBNR b 1 ahah -";
        assert!(!same_but_hidden_queens("Hiddenqueen", moved, ours));
        let ours = "tcssosus/suscslso/8/8/8/8/TCSSOSUS/SUSSLCSO w 0";
        let theirs = "sosstcus/olscssus/8/8/8/8/SOSSTCUS/OLSCSSUS w 0";
        assert!(same_but_hidden_queens("Hidden", theirs, ours));
        let two_queens = "sosstcus/olscstus/8/8/8/8/SOSSTCUS/OLSCSSUS w 0";
        assert!(!same_but_hidden_queens("Hidden", two_queens, ours));
    }
}
