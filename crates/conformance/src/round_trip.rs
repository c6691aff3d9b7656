//! The round trip of the site's own FENs: seeded games played through the
//! vchess engine, each position written by vchess's FEN writer (`getFen()`)
//! and read back by fenpress's reader. Every position must be read (a user
//! pastes exactly these strings from the site), and the position read must
//! have the moves vchess lists there, but for a listed deviation.
//!
//! A FEN holds less than a game in the middle of a turn (a Janggi set-up
//! swap, a Teleport placement, a Bario definition): there vchess, loading
//! its own FEN again, lists other moves than its live game. fenpress must
//! then list what vchess lists after reading the same text.
//!
//! The differential test ([`crate::check`]) compares fenpress's position,
//! kept across the moves, with vchess's; this reads vchess's *text* of it,
//! which is where a field the site writes but fenpress refuses (an
//! en-passant square behind a pawn that did not start on rank 2), or a
//! lossy field (Crazyhouse's reserve), shows.

use fenpress_rules::{legal, validate, MoveList, Rules};

use crate::canon::{self, CanonMove};
use crate::deviations::{self, Ctx, Entry, Finding};
use crate::oracle::Oracle;
use crate::prng::Rng;
use crate::session::{Session, SessionError};

/// A position of the site's whose FEN fenpress did not read as it should.
#[derive(Clone, Debug)]
pub struct Miss {
    /// vchess's FEN, as its writer wrote it.
    pub fen: String,
    /// The moves played from the start to reach it.
    pub line: Vec<String>,
    /// Why fenpress refused it, or what differs after reading it.
    pub what: String,
}

impl std::fmt::Display for Miss {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "  `{}` (start, then {}): {}",
            self.fen,
            self.line.join(" "),
            self.what
        )
    }
}

/// What one variant's round trip did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub variant: String,
    /// Positions whose FEN was read back.
    pub positions: usize,
    /// Differences a listed deviation explains.
    pub explained: usize,
    /// FENs refused for a lossy field the board does not determine.
    pub lossy: usize,
    /// FENs vchess refuses to read back too (mid-turn states no FEN holds).
    pub both_refuse: usize,
    /// vchess refuses every root of the variant (its start string and its
    /// diagrams): no game was played.
    pub no_root: bool,
    pub misses: Vec<Miss>,
    /// The run could not go on (the oracle failed, or refused the start).
    pub error: Option<String>,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {} positions read back",
            self.variant, self.positions
        )?;
        if self.no_root {
            write!(f, " (vchess reads none of its roots: no game)")?;
        }
        if self.lossy > 0 {
            write!(f, ", {} refused for a lossy field", self.lossy)?;
        }
        if self.both_refuse > 0 {
            write!(f, ", {} refused by vchess too", self.both_refuse)?;
        }
        if self.explained > 0 {
            write!(f, ", {} differences of listed deviations", self.explained)?;
        }
        if !self.misses.is_empty() {
            write!(f, ", {} MISSES", self.misses.len())?;
        }
        if let Some(e) = &self.error {
            write!(f, "; ERROR {e}")?;
        }
        Ok(())
    }
}

/// Plays `playouts` seeded games of up to `max_plies` plies from vchess's
/// start (or, when the start is refused, the first of `roots` both engines
/// read), reading back vchess's FEN at every position.
/// `reader` is a second oracle, which loads each written FEN afresh.
#[allow(clippy::too_many_arguments)]
pub fn run_variant(
    oracle: &mut Oracle,
    reader: &mut Oracle,
    variant: &str,
    rules: &'static dyn Rules,
    roots: &[String],
    entries: &[Entry],
    playouts: usize,
    max_plies: usize,
) -> Report {
    let mut report = Report {
        variant: variant.to_string(),
        ..Report::default()
    };
    for i in 0..playouts {
        // Another seed than the differential test's: other games.
        let mut rng = Rng::for_playout(&format!("round trip {variant}"), i as u64);
        let plies = 1 + rng.below(max_plies);
        if report.no_root {
            break;
        }
        match playout(
            oracle,
            reader,
            variant,
            rules,
            roots,
            entries,
            &mut rng,
            plies,
            &mut report,
        ) {
            Ok(()) => {}
            // vchess threw at some position (its own bug): that game ends.
            Err(SessionError::Oracle(crate::oracle::OracleError::Refused { .. })) => {}
            Err(e) => {
                report.error = Some(e.to_string());
                break;
            }
        }
    }
    report
}

#[allow(clippy::too_many_arguments)]
fn playout(
    oracle: &mut Oracle,
    reader: &mut Oracle,
    variant: &str,
    rules: &'static dyn Rules,
    roots: &[String],
    entries: &[Entry],
    rng: &mut Rng,
    plies: usize,
    report: &mut Report,
) -> Result<(), SessionError> {
    // The first root both engines take: the start, unless one refuses
    // vchess's start string (Tencubed's stray `/`, a listed deviation),
    // then the corpus diagrams.
    let mut root = None;
    for r in roots {
        match Session::new(oracle, rules, variant, r, true) {
            Ok(_) => {
                root = Some(r.as_str());
                break;
            }
            Err(SessionError::Oracle(e)) => return Err(SessionError::Oracle(e)),
            Err(_) => {}
        }
    }
    let Some(root) = root else {
        // vchess refuses its own start and every diagram (Tencubed: a
        // listed deviation): there is no game of the site's to read.
        report.no_root = true;
        return Ok(());
    };
    let mut s = Session::new(oracle, rules, variant, root, true)?;
    for ply in 0..=plies {
        let here = s.compare()?;
        report.positions += 1;
        read_back(&s, reader, entries, &here, report)?;
        let mut vchess = here.vchess.clone();
        vchess.sort();
        let common: Vec<CanonMove> = here
            .fenpress
            .iter()
            .filter(|m| vchess.binary_search(m).is_ok())
            .cloned()
            .collect();
        if common.is_empty() || ply == plies {
            break;
        }
        let mv = common[rng.below(common.len())].clone();
        s.play(&mv)?;
    }
    Ok(())
}

/// Reads `here`'s vchess FEN with fenpress and compares the moves of the
/// position read with vchess's.
fn read_back(
    s: &Session,
    reader: &mut Oracle,
    entries: &[Entry],
    here: &crate::session::Here,
    report: &mut Report,
) -> Result<(), SessionError> {
    let fen = &here.vchess_written_fen;
    let miss = |what: String| Miss {
        fen: fen.clone(),
        line: s.line.clone(),
        what,
    };
    let mut pos = match validate::position_from_fen(s.rules, fen) {
        Ok(p) => p,
        Err(e) => {
            // A lossy field the board does not determine is refused by
            // design (with what to write instead).
            let lossy = matches!(&e, validate::PositionError::Invalid(problems)
                if problems.iter().all(|p| matches!(p, validate::Problem::LossyField { .. })));
            if lossy {
                report.lossy += 1;
                return Ok(());
            }
            // A FEN that cannot hold the middle of a turn (Teleport's king
            // taken, to be placed again) which vchess refuses to read too.
            if !reader.load(&s.variant, fen)?.accepted {
                report.both_refuse += 1;
                return Ok(());
            }
            report
                .misses
                .push(miss(format!("fenpress refuses it: {e}")));
            return Ok(());
        }
    };
    let mut list = MoveList::new();
    legal::legal_moves(s.rules, &mut pos, &mut list);
    let read: Vec<CanonMove> = list
        .iter()
        .map(|m| canon::from_fenpress(s.rules, &mut pos, m))
        .collect();
    if canon::diff(&here.vchess, &read).is_empty() {
        return Ok(());
    }
    // What the site itself lists after reading its text again (the game
    // over, by its score, means no moves, as in the live game).
    let loaded = reader.load_with(&s.variant, fen, true)?;
    let (vmoves, score) = reader.moves(false)?;
    let reread: Vec<CanonMove> = if score != "*" && loaded.accepted {
        Vec::new()
    } else {
        vmoves
            .iter()
            .map(|m| canon::from_vchess(s.rules, m))
            .collect()
    };
    let diff = canon::diff(&reread, &read);
    let ctx = Ctx {
        variant: &s.variant,
        rules: s.rules,
        pos: &pos,
        diff: &diff,
    };
    let findings = diff
        .vchess_only
        .iter()
        .cloned()
        .map(Finding::VchessOnly)
        .chain(
            diff.fenpress_only
                .iter()
                .cloned()
                .map(Finding::FenpressOnly),
        );
    for finding in findings {
        match deviations::explain(entries, &ctx, &finding) {
            Some(_) => report.explained += 1,
            None => report.misses.push(miss(format!("read back, {finding}"))),
        }
    }
    Ok(())
}
