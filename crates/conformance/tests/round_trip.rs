//! The round trip of the site's FENs: seeded games of every variant with
//! rules played through the vchess engine, each position written by
//! vchess's own FEN writer and read by fenpress, which must read it and
//! find there the moves vchess lists (but for a listed deviation).
//!
//! Environment: `FENPRESS_CONFORMANCE_VARIANTS=Orda,Maxima` runs a subset,
//! `FENPRESS_ROUND_TRIP_PLAYOUTS` sets the games per variant. Without node
//! or `../shared` the test is skipped with a notice, except that under
//! `CI=true` a missing node fails.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use fenpress_conformance::deviations;
use fenpress_conformance::oracle::{self, Oracle};
use fenpress_conformance::roots;
use fenpress_conformance::round_trip::{self, Report};
use fenpress_rules::registry;

/// Games per variant, and their longest length: enough to reach captures,
/// castling, en passant, drops and promotions in most variants, at about a
/// third of the differential test's time.
const PLAYOUTS: usize = 3;
const MAX_PLIES: usize = 24;

fn env_usize(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

#[test]
fn site_fens_read_back() {
    if let Err(e) = oracle::node_available() {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("round trip: {e} (CI=true needs node)");
        }
        eprintln!("round trip: skipped: {e}");
        return;
    }
    if let Err(e) = oracle::shared_available() {
        eprintln!("round trip: skipped: {e}");
        return;
    }
    let entries = deviations::load(&deviations::default_path()).expect("deviations file");
    let wanted: Option<Vec<String>> =
        std::env::var("FENPRESS_CONFORMANCE_VARIANTS")
            .ok()
            .map(|v| {
                v.split(',')
                    .map(|s| s.trim().to_ascii_lowercase())
                    .collect()
            });
    let names: Vec<&'static str> = registry::all()
        .filter(|v| v.rules().is_some())
        .map(|v| v.name)
        .filter(|n| {
            wanted
                .as_ref()
                .is_none_or(|w| w.contains(&n.to_ascii_lowercase()))
        })
        .collect();
    let playouts = env_usize("FENPRESS_ROUND_TRIP_PLAYOUTS").unwrap_or(PLAYOUTS);
    let corpus = oracle::shared_dir().join("corpus/vchess/rules");
    let t0 = Instant::now();
    let next = AtomicUsize::new(0);
    let reports: Mutex<Vec<Report>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2.min(names.len()) {
            scope.spawn(|| {
                let mut oracle = Oracle::start().expect("oracle starts");
                let mut reader = Oracle::start().expect("oracle starts");
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&name) = names.get(i) else { break };
                    let rules = registry::rules(name).expect("listed with rules");
                    let report = round_trip::run_variant(
                        &mut oracle,
                        &mut reader,
                        name,
                        rules,
                        &roots::roots(name, &corpus),
                        &entries,
                        playouts,
                        MAX_PLIES,
                    );
                    eprintln!("{report}");
                    let failed = report.error.is_some();
                    reports.lock().expect("no poisoned lock").push(report);
                    if failed {
                        oracle = Oracle::start().expect("oracle restarts");
                        reader = Oracle::start().expect("oracle restarts");
                    }
                }
            });
        }
    });
    let mut reports = reports.into_inner().expect("no poisoned lock");
    reports.sort_by(|a, b| a.variant.cmp(&b.variant));
    let positions: usize = reports.iter().map(|r| r.positions).sum();
    eprintln!(
        "round trip: {} variants, {positions} site FENs read back, {:.1}s",
        reports.len(),
        t0.elapsed().as_secs_f64()
    );
    let mut bad = Vec::new();
    for r in &reports {
        if let Some(e) = &r.error {
            bad.push(format!("{}: {e}", r.variant));
        }
        for m in &r.misses {
            bad.push(format!("{}:\n{m}", r.variant));
        }
    }
    assert!(
        bad.is_empty(),
        "{} site FENs fenpress does not read as vchess does:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
