//! The differential test: every variant the registry has rules for, played
//! at random from its start and its corpus diagrams, against the vchess
//! engine; and every listed deviation checked at its own position.
//!
//! Environment: `FENPRESS_CONFORMANCE_VARIANTS=Orda,Maxima` runs a subset;
//! `FENPRESS_CONFORMANCE_SOAK=<playouts per variant>` runs that many
//! playouts (no time budget); `FENPRESS_CONFORMANCE_BUDGET_MS` sets the
//! per-variant budget of the default run; `FENPRESS_CONFORMANCE_JOBS` the
//! number of oracle processes (default 2). Without node or `../shared` the
//! test is skipped with a notice, except that under `CI=true` a missing
//! node fails.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use fenpress_conformance::check::{self, Config, Report};
use fenpress_conformance::deviations::{self, Ctx, Finding};
use fenpress_conformance::oracle::{self, Oracle};
use fenpress_conformance::roots;
use fenpress_conformance::session::Session;
use fenpress_rules::registry;

/// Whole default run, wall time, spread over the variants.
const TOTAL_BUDGET: Duration = Duration::from_secs(70);
/// Past this, variants still to run check only their first root.
/// Playouts per variant in the default run.
const DEFAULT_PLAYOUTS: usize = 2;
const HARD_STOP: Duration = Duration::from_secs(100);

/// Whether the oracle can run; prints why not, and fails under CI when node
/// is missing.
fn oracle_ready(test: &str) -> bool {
    if let Err(e) = oracle::node_available() {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{test}: {e} (CI=true needs node)");
        }
        eprintln!("{test}: skipped: {e}");
        return false;
    }
    if let Err(e) = oracle::shared_available() {
        eprintln!("{test}: skipped: {e}");
        return false;
    }
    true
}

/// The variants whose conformance is not proven yet
/// (`docs/conformance-pending.tsv`): their differences are printed, not
/// failed on, and their deviations may still lack a classifier.
fn pending() -> BTreeSet<String> {
    let path = deviations::default_path().with_file_name("conformance-pending.tsv");
    std::fs::read_to_string(&path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next())
        .map(|v| v.trim().to_ascii_lowercase())
        .collect()
}

fn env_usize(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// The variants to run: every registered one with rules, or the subset asked.
fn variants() -> Vec<&'static str> {
    let wanted: Option<Vec<String>> =
        std::env::var("FENPRESS_CONFORMANCE_VARIANTS")
            .ok()
            .map(|v| {
                v.split(',')
                    .map(|s| s.trim().to_ascii_lowercase())
                    .collect()
            });
    registry::all()
        .filter(|v| v.rules().is_some())
        .map(|v| v.name)
        .filter(|n| {
            wanted
                .as_ref()
                .is_none_or(|w| w.contains(&n.to_ascii_lowercase()))
        })
        .collect()
}

#[test]
fn differential() {
    if !oracle_ready("differential") {
        return;
    }
    let entries = deviations::load(&deviations::default_path()).expect("deviations file");
    let names = variants();
    let jobs = env_usize("FENPRESS_CONFORMANCE_JOBS").unwrap_or(2).max(1);
    let soak = env_usize("FENPRESS_CONFORMANCE_SOAK");
    let budget = env_usize("FENPRESS_CONFORMANCE_BUDGET_MS")
        .map(|ms| Duration::from_millis(ms as u64))
        .unwrap_or_else(|| {
            // A fixed total: more variants, fewer playouts each.
            let share = TOTAL_BUDGET * jobs as u32 / names.len().max(1) as u32;
            share.clamp(Duration::from_millis(300), Duration::from_secs(4))
        });
    // The default run is a fixed amount of work (two playouts of ten plies
    // per variant), not a time budget: a faster machine (CI) then visits
    // exactly the positions a slower one did, so a pass here is a pass
    // there. `FENPRESS_CONFORMANCE_BUDGET_MS` asks for the time-budgeted run.
    let timed = std::env::var_os("FENPRESS_CONFORMANCE_BUDGET_MS").is_some();
    let cfg = Config {
        budget,
        playouts: soak.or((!timed).then_some(DEFAULT_PLAYOUTS)),
        max_plies: if soak.is_some() {
            80
        } else if timed {
            30
        } else {
            10
        },
        hard_stop: (timed && soak.is_none()).then(|| Instant::now() + HARD_STOP),
        ..Config::default()
    };
    let corpus = oracle::shared_dir().join("corpus/vchess/rules");
    let t0 = Instant::now();
    let next = AtomicUsize::new(0);
    let reports: Mutex<Vec<Report>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(names.len()) {
            scope.spawn(|| {
                let mut oracle = Oracle::start().expect("oracle starts");
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&name) = names.get(i) else { break };
                    let rules = registry::rules(name).expect("listed with rules");
                    let roots = roots::roots(name, &corpus);
                    let report =
                        check::run_variant(&mut oracle, name, rules, &roots, &entries, &cfg);
                    eprintln!("{report}");
                    let failed = report.error.is_some();
                    reports.lock().expect("no poisoned lock").push(report);
                    if failed {
                        // The oracle may be broken: start a fresh one.
                        oracle = Oracle::start().expect("oracle restarts");
                    }
                }
            });
        }
    });
    let mut reports = reports.into_inner().expect("no poisoned lock");
    reports.sort_by(|a, b| a.variant.cmp(&b.variant));
    let positions: usize = reports.iter().map(|r| r.positions).sum();
    let playouts: usize = reports.iter().map(|r| r.playouts).sum();
    eprintln!(
        "differential: {} variants, {playouts} playouts, {positions} positions, {:.1}s (budget {} ms per variant{})",
        reports.len(),
        t0.elapsed().as_secs_f64(),
        budget.as_millis(),
        soak.map(|n| format!(", soak {n} playouts")).unwrap_or_default()
    );
    let pending = pending();
    let mut bad = Vec::new();
    for r in &reports {
        if pending.contains(&r.variant.to_ascii_lowercase()) {
            let n = r.failures.len() + usize::from(r.error.is_some());
            if n == 0 {
                eprintln!(
                    "pending {}: no difference this run (docs/conformance-pending.tsv)",
                    r.variant
                );
            } else {
                eprintln!(
                    "pending {}: {n} differences, not failed on (docs/conformance-pending.tsv)",
                    r.variant
                );
            }
            continue;
        }
        if let Some(e) = &r.error {
            bad.push(format!("{}: {e}", r.variant));
        }
        for f in &r.failures {
            bad.push(format!("{}:\n{f}", r.variant));
        }
    }
    assert!(
        bad.is_empty(),
        "{} unexplained differences with vchess (list them in docs/rules-deviations.yaml only if the page decides so):\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Every listed deviation has a classifier and the reverse; each entry's
/// own position shows exactly its listed moves, each recognised by its
/// classifier.
#[test]
fn deviations_listed_exactly() {
    let entries = deviations::load(&deviations::default_path()).expect("deviations file");
    let ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
    let unique: BTreeSet<&str> = ids.iter().copied().collect();
    assert_eq!(
        unique.len(),
        ids.len(),
        "duplicate ids in the deviations file"
    );
    for c in deviations::CLASSIFIERS {
        assert!(
            ids.contains(&c.id),
            "classifier `{}` has no entry in docs/rules-deviations.yaml",
            c.id
        );
    }
    let pending = pending();
    let awaiting = |e: &deviations::Entry| {
        pending.contains(&e.variant.to_ascii_lowercase())
            && !deviations::CLASSIFIERS.iter().any(|c| c.id == e.id)
    };
    for e in &entries {
        if awaiting(e) {
            eprintln!(
                "deviation `{}` awaits its classifier ({} is pending)",
                e.id, e.variant
            );
            continue;
        }
        let c = deviations::CLASSIFIERS.iter().find(|c| c.id == e.id);
        let c = c.unwrap_or_else(|| panic!("deviation `{}` has no classifier", e.id));
        assert_eq!(c.variant, e.variant, "deviation `{}`: variant", e.id);
    }
    let entries: Vec<_> = entries.into_iter().filter(|e| !awaiting(e)).collect();
    if !oracle_ready("deviations_listed_exactly") {
        return;
    }
    let mut oracle = Oracle::start().expect("oracle starts");
    let mut problems = Vec::new();
    for e in &entries {
        let options: Vec<&str> = e.options.iter().map(String::as_str).collect();
        let rules = registry::rules_with_options(&e.variant, &options)
            .unwrap_or_else(|| panic!("deviation `{}`: no rules for {}", e.id, e.variant));
        if let Some(problem) = special_entry(&mut oracle, rules, e) {
            problems.extend(problem);
            continue;
        }
        let mut s = match Session::new(&mut oracle, rules, &e.variant, &e.fen, true) {
            Ok(s) => s,
            Err(err) => {
                problems.push(format!("{}: {err}", e.id));
                continue;
            }
        };
        let mut here = s.compare().expect("oracle answers");
        for coords in &e.play {
            let mv = here
                .fenpress
                .iter()
                // `a1b1 egg koopa`: the move with those flags (one outcome
                // of several on the same squares).
                .find(|m| {
                    let flagged = format!("{} {}", m.coords(), m.flags.join(" "));
                    (m.coords() == *coords || flagged == *coords) && here.vchess.contains(m)
                })
                .cloned()
                .unwrap_or_else(|| panic!("{}: {coords} is not a move of both", e.id));
            s.play(&mv).expect("oracle plays");
            here = s.compare().expect("oracle answers");
        }
        let ctx = Ctx {
            variant: &e.variant,
            rules,
            pos: &s.pos,
            diff: &here.diff,
        };
        // The findings this entry's classifier recognises must be exactly
        // its listed moves; any other must be another listed deviation's.
        let own = c_of(&e.id);
        let mut vchess_only = Vec::new();
        let mut fenpress_only = Vec::new();
        // A deviation of the FEN alone (a field vchess writes wrongly)
        // shows as the two FENs differing there.
        let mut fen_seen = false;
        let fens = (here.vchess_fen != here.fenpress_fen).then(|| Finding::Fen {
            vchess: here.vchess_fen.clone(),
            fenpress: here.fenpress_fen.clone(),
        });
        let findings = here
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
            .chain(fens);
        for f in findings {
            if (own.matches)(&ctx, &f) {
                match &f {
                    Finding::VchessOnly(m) => vchess_only.push(m.coords()),
                    Finding::FenpressOnly(m) => fenpress_only.push(m.coords()),
                    Finding::Fen { .. } => fen_seen = true,
                }
            } else if deviations::explain(&entries, &ctx, &f).is_none() {
                problems.push(format!("{}: at its fen, unexplained {f}", e.id));
            }
        }
        let sorted = |v: &[String]| {
            let mut v = v.to_vec();
            v.sort();
            v
        };
        if sorted(&vchess_only) != sorted(&e.vchess_only)
            || sorted(&fenpress_only) != sorted(&e.fenpress_only)
        {
            problems.push(format!(
                "{}: at its fen its classifier sees vchess only {:?} (listed {:?}), fenpress only {:?} (listed {:?})",
                e.id,
                sorted(&vchess_only),
                e.vchess_only,
                sorted(&fenpress_only),
                e.fenpress_only
            ));
        }
        // An entry that says its FENs differ must show it (entries written
        // before the field existed may show a FEN difference unannounced).
        if e.fen_differs && !fen_seen {
            problems.push(format!(
                "{}: listed as a FEN difference, but at its fen its classifier sees none",
                e.id
            ));
        }
        if vchess_only.is_empty() && fenpress_only.is_empty() && !fen_seen {
            problems.push(format!("{}: its fen shows nothing of it", e.id));
        }
    }
    assert!(
        problems.is_empty(),
        "deviation entries:\n{}",
        problems.join("\n")
    );
}

/// The check of an entry that no move list shows: vchess's start string
/// (`start`) or a position vchess refuses (`vchess_rejects`). `None` for an
/// ordinary entry; else the problems found (none: it holds).
fn special_entry(
    oracle: &mut Oracle,
    rules: &'static dyn fenpress_rules::Rules,
    e: &deviations::Entry,
) -> Option<Vec<String>> {
    if e.vchess_rejects {
        let mut problems = Vec::new();
        let loaded = oracle.load(&e.variant, &e.fen).expect("oracle answers");
        // Refused, or accepted but throwing on its move list (Royalrace).
        if loaded.accepted && oracle.moves(false).is_ok() {
            problems.push(format!("{}: vchess plays its fen", e.id));
        }
        if let Err(err) = fenpress_rules::validate::position_from_fen(rules, &e.fen) {
            problems.push(format!("{}: fenpress rejects its fen: {err}", e.id));
        }
        return Some(problems);
    }
    if !e.start {
        return None;
    }
    let vchess = oracle.init(&e.variant).expect("oracle answers");
    let start = rules.start_position();
    let finding = Finding::Fen {
        vchess: vchess.clone(),
        fenpress: fenpress_rules::fen::vchess_fen(rules, &start),
    };
    let diff = fenpress_conformance::canon::SetDiff::default();
    let ctx = Ctx {
        variant: &e.variant,
        rules,
        pos: &start,
        diff: &diff,
    };
    let mut problems = Vec::new();
    if vchess != e.fen {
        problems.push(format!("{}: vchess's start is `{vchess}`", e.id));
    }
    if !(c_of(&e.id).matches)(&ctx, &finding) {
        problems.push(format!("{}: its classifier misses {finding}", e.id));
    }
    Some(problems)
}

fn c_of(id: &str) -> &'static deviations::Classifier {
    deviations::CLASSIFIERS
        .iter()
        .find(|c| c.id == id)
        .expect("checked above")
}
