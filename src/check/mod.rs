//! Verification: every diagram record's board, marks and claimed moves,
//! checked against the registry (every variant) and the rules core
//! (variants with rules), and every puzzle proved. It works on the shared
//! model (`crate::model`) only: it reads no file and imports neither the
//! content layer nor the site; a verdict is stored on its diagram's record.

pub mod board;
pub mod claims;
pub mod finding;
pub mod links;
pub mod shuffled;
pub mod summary;
pub mod verify;

use std::collections::HashMap;
use std::path::PathBuf;

use fenpress_rules::registry::Registry;
use rayon::prelude::*;

use crate::diagnostic::Diagnostic;
use crate::diagram::spec::DiagramSpec;
use crate::model::{BlockAt, CaptionText, LoadedPage, Loc, Page, PageKind, Verdict, Written};
use claims::{CaptionClaims, Claim, ClaimKind, MoveText};
use finding::{Finding, Findings, Kind};
pub use summary::Summary;

/// Why `check` could not run at all (exit code 2).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("the content folder {0} does not exist")]
    ContentMissing(PathBuf),
}

/// What `check` found over a site.
#[derive(Debug, Default)]
pub struct CheckReport {
    /// Sorted by file, line, column.
    pub diagnostics: Vec<Diagnostic>,
    pub summary: Summary,
    /// The text of each file that has a diagnostic, for the caret lines.
    pub sources: HashMap<PathBuf, String>,
    /// Findings the site's baseline lists: reported, not failing.
    pub baselined: Vec<Diagnostic>,
    /// The baseline read, if any.
    pub baseline: Option<PathBuf>,
}

/// Findings and verdicts of one page.
#[derive(Debug, Default)]
pub struct PageCheck {
    /// Findings about the page's diagrams.
    pub findings: Vec<Diagnostic>,
    /// Findings of the page's puzzle (parse and proof).
    pub puzzle: Vec<Diagnostic>,
    /// The verdict of every diagram that was verified, in page order.
    pub verdicts: Vec<Verdict>,
    /// Diagram blocks that could not be read (see [`Summary::unreadable`]).
    pub unreadable: usize,
    /// Whether the page is a puzzle (its findings are `puzzle`).
    pub is_puzzle: bool,
}

/// What verifying a whole site found.
#[derive(Debug, Default)]
pub struct SiteCheck {
    /// Findings about diagrams: an error fails `check` and `build` unless
    /// the site's baseline lists it (`serve` still shows the site).
    pub diagrams: Vec<Diagnostic>,
    /// Findings of puzzles: a wrong puzzle fails `build`.
    pub puzzles: Vec<Diagnostic>,
    /// Counts of diagrams; findings are counted by the caller, which has
    /// the load step's too.
    pub summary: Summary,
}

/// What a verification is for. Its findings and each diagram's status are
/// the same either way; a drawing also needs two answers of the rules core
/// that no finding depends on, and that cost more than the rest of `check`:
/// whether a pair's right board is a move (and a reply) from its left one,
/// and each proved board's legal moves for the reader to explore.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// `check`: findings and statuses only.
    Findings,
    /// `build` and `serve`: the verdicts also say how to draw each diagram
    /// ([`Verdict::pair_linked`], [`Verdict::explore`]).
    Drawing,
}

/// Verifies every diagram and puzzle of the loaded pages (in parallel):
/// verdicts are stored on the diagram records, a puzzle's proof on its
/// page. `check`, `build` and `serve` share it, `check` for its
/// [`Purpose::Findings`] only.
pub fn verify_site(registry: &Registry, pages: &mut [LoadedPage], purpose: Purpose) -> SiteCheck {
    verify_site_reusing(registry, pages, purpose, &NoReuse)
}

/// Where [`verify_site_reusing`] finds a page's earlier verification and
/// keeps a new one: the build cache (`site::cache`), keyed by what a
/// verdict depends on.
pub trait Reuse: Sync {
    /// The page's earlier check, its verdicts already stored on its
    /// records, if it still holds; `None` to verify the page.
    fn reuse(&self, lp: &mut LoadedPage, purpose: Purpose) -> Option<PageCheck>;
    /// A page just verified.
    fn keep(&self, lp: &LoadedPage, purpose: Purpose, checked: &PageCheck);
}

/// Nothing kept, nothing reused: `check`, and a build without its cache.
pub struct NoReuse;

impl Reuse for NoReuse {
    fn reuse(&self, _: &mut LoadedPage, _: Purpose) -> Option<PageCheck> {
        None
    }
    fn keep(&self, _: &LoadedPage, _: Purpose, _: &PageCheck) {}
}

/// [`verify_site`], each page's check taken from `reuse` when it has one.
pub fn verify_site_reusing(
    registry: &Registry,
    pages: &mut [LoadedPage],
    purpose: Purpose,
    reuse: &dyn Reuse,
) -> SiteCheck {
    // One clock for every proof of the site (`puzzles.total_proof_budget_ms`).
    let _budget = crate::puzzle::verify::SiteBudget::start();
    let checks: Vec<PageCheck> = pages
        .par_iter_mut()
        .map(|lp| {
            reuse.reuse(lp, purpose).unwrap_or_else(|| {
                let checked = verify_page(registry, lp, purpose);
                reuse.keep(lp, purpose, &checked);
                checked
            })
        })
        .collect();
    let mut site = SiteCheck::default();
    for checked in checks {
        site.summary.add(&checked);
        site.diagrams.extend(checked.findings);
        site.puzzles.extend(checked.puzzle);
    }
    site
}

/// The claims of a Markdown block (its `moves`, `illegal` and
/// `after.moves`, written at `written`), with a caption-like text whose
/// characters map to where each move is written. Each item is read as a
/// caption's move ([`claims::read_item`]); a `moves` list written as a game
/// or a chain (`1.d1d2 e4e3 2.dxe3 exd2`, `Bxc3, c3xb5`) is a sequence, as
/// in a caption.
fn explicit_claims(spec: &DiagramSpec, written: &Written) -> (CaptionClaims, CaptionText) {
    let mut text = CaptionText::default();
    let mut claims = CaptionClaims::default();
    let fen_at = written.boards.first().map(|b| b.fen_at).unwrap_or_default();
    let mut note = |items: &[String],
                    locs: &[Loc],
                    kind: ClaimKind,
                    after: bool,
                    claims: &mut CaptionClaims| {
        let mut moves = Vec::new();
        for (i, m) in items.iter().enumerate() {
            let at = locs.get(i).copied().unwrap_or(fen_at);
            let offset = text.text.chars().count();
            for (i, c) in m.chars().enumerate() {
                text.text.push(c);
                text.locs.push(at.plus(i));
            }
            text.text.push(' ');
            text.locs.push(at.plus(m.chars().count()));
            match claims::read_item(m) {
                Some(read) => moves.push(MoveText {
                    offset: offset + read.offset,
                    ..read
                }),
                None => claims.unreadable.push(claims::Unreadable {
                    offset,
                    len: m.chars().count(),
                    reason: format!("`{m}` is not a move fenpress can read"),
                }),
            }
        }
        if moves.is_empty() {
            return;
        }
        let (kind, after) = if kind == ClaimKind::Legal && claims::looks_like_sequence(&moves) {
            // A game from move 1 leads from the start to this board.
            (ClaimKind::Sequence, moves[0].number == Some(1))
        } else {
            (kind, after)
        };
        claims.claims.push(Claim { kind, moves, after });
    };
    note(
        &spec.moves,
        &written.moves,
        ClaimKind::Legal,
        false,
        &mut claims,
    );
    note(
        &spec.illegal,
        &written.illegal,
        ClaimKind::Illegal,
        false,
        &mut claims,
    );
    let after_moves = spec.after.as_ref().map_or(&[][..], |a| &a.moves);
    note(
        after_moves,
        &written.after_moves,
        ClaimKind::Sequence,
        true,
        &mut claims,
    );
    // Squares the caption names ("moves from e4") explain marks, as on a
    // Pug page; its moves are not claims: the block states those.
    if let Some(c) = &spec.caption {
        claims.squares = claims::read_caption(c).squares;
    }
    (claims, text)
}

struct CaptionLocs<'a>(&'a CaptionText);

impl verify::Locate for CaptionLocs<'_> {
    fn loc(&self, offset: usize) -> Loc {
        self.0.loc(offset)
    }
}

/// Verifies every diagram of one page (storing each verdict on its
/// record) and, for a puzzle page, its puzzle (storing its proof).
pub fn verify_page(registry: &Registry, lp: &mut LoadedPage, purpose: Purpose) -> PageCheck {
    let page = &lp.page;
    let mut result = PageCheck::default();
    let to_diag = |f: &Finding, variant: Option<&str>| {
        let mut d = Diagnostic::new(
            f.kind,
            f.code,
            page.source.clone(),
            f.at.line,
            f.at.column,
            f.message.clone(),
        )
        .with_span(f.len);
        if let Some(h) = &f.hint {
            d = d.with_hint(h.clone());
        }
        if let Some(v) = variant {
            d = d.with_variant(v);
        }
        d
    };
    for record in &mut lp.diagrams {
        let (Ok(spec), Some(written)) = (&record.spec, &record.written) else {
            // The load step reported a block that does not parse.
            result.unreadable += usize::from(record.spec.is_err());
            if let Ok(spec) = &record.spec {
                let drawn = drawing_findings(registry, page, spec, record.at, false);
                result
                    .findings
                    .extend(drawn.iter().map(|(f, v)| to_diag(f, v.as_deref())));
            }
            continue;
        };
        let mut findings = Findings::new();
        let verdict = verify_diagram(
            registry,
            page,
            spec,
            written,
            record.at,
            purpose,
            &mut findings,
        );
        let drawn = drawing_findings(registry, page, spec, record.at, verdict.board_checked);
        result
            .findings
            .extend(drawn.iter().map(|(f, v)| to_diag(f, v.as_deref())));
        let findings = findings.into_reported();
        let name = spec.variant.as_deref().or(page.variant.as_deref());
        result
            .findings
            .extend(findings.iter().map(|f| to_diag(f, name)));
        result.verdicts.push(verdict.clone());
        record.verdict = Some(verdict);
    }
    if page.kind == PageKind::Puzzle {
        // A puzzle's position, goal and solution, proved by the puzzle
        // module; the render step draws the page's widget from the proof.
        let (proof, findings) = crate::puzzle::page::prove(registry, &page.source, &lp.text);
        result.puzzle = findings;
        result.is_puzzle = true;
        lp.puzzle = proof.map(std::sync::Arc::new);
    }
    result
}

/// What the drawing of a block would get wrong, found before it is drawn
/// (render only draws): each unknown key of the block (`diagram-key`), and
/// where verification did not check the board against a variant (none
/// named, or one fenpress does not know) a board whose shape does not
/// hold together (`fen-malformed`), as the drawing reads it. With the
/// variant each finding names, if any.
fn drawing_findings(
    registry: &Registry,
    page: &Page,
    spec: &crate::diagram::spec::DiagramSpec,
    at: crate::model::BlockAt,
    board_checked: bool,
) -> Vec<(Finding, Option<String>)> {
    let mut out = Vec::new();
    let variant = spec
        .variant
        .as_deref()
        .or(page.variant.as_deref())
        .unwrap_or("Chess");
    if !board_checked {
        let boards = std::iter::once((0, &spec.board, spec.fen_at))
            .chain(spec.after.iter().map(|a| (1, &a.board, a.fen_at)));
        for (board, text, inner) in boards {
            let shape = crate::diagram::board::board_shape(registry, variant, &text.board);
            if let Some(why) = shape.malformed {
                let f = Finding::new(
                    Kind::Warning,
                    "fen-malformed",
                    at.locate(inner, board),
                    1,
                    why,
                );
                out.push((
                    f,
                    Some(page.variant.as_deref().unwrap_or("Chess").to_string()),
                ));
            }
        }
    }
    for (line, key) in &spec.unknown_keys {
        let f = Finding::new(
            Kind::Warning,
            "diagram-key",
            at.locate((*line, 1), 0),
            1,
            format!("unknown diagram key `{key}` (ignored)"),
        );
        out.push((f, None));
    }
    out
}

/// Board checks for every variant, full verification for those with rules.
/// `out` starts empty: it gathers this diagram's findings alone, and what
/// only a drawing needs is worked out when it holds no error.
pub fn verify_diagram(
    registry: &Registry,
    page: &Page,
    spec: &DiagramSpec,
    written: &Written,
    block: BlockAt,
    purpose: Purpose,
    out: &mut Findings,
) -> Verdict {
    let at = written.boards.first().map(|b| b.fen_at).unwrap_or_default();
    let mut verdict = Verdict::default();
    let Some(name) = spec.variant.as_deref().or(page.variant.as_deref()) else {
        // A diagram outside a variant's pages (about, faq): nothing to check against.
        return verdict;
    };
    let Some(info) = registry.lookup(name) else {
        let close = registry.close_names(name);
        let mut f = Finding::new(
            Kind::Warning,
            "unknown-variant",
            at,
            3,
            format!("unknown variant `{name}`: the board is not checked"),
        );
        if !close.is_empty() {
            f = f.hint(format!("did you mean {}?", close.join(", ")));
        }
        out.push(f);
        return verdict;
    };
    verdict.board_checked = true;
    let start = out.len();
    let specs = std::iter::once(&spec.board).chain(spec.after.as_ref().map(|a| &a.board));
    let boards: Vec<board::BoardText> = specs
        .zip(&written.boards)
        .map(|(b, w)| board::BoardText::of(b, w))
        .collect();
    let readings: Vec<_> = boards
        .iter()
        .map(|b| board::check_board(&info, b, out).map(|ok| ok.reading))
        .collect();
    // A Markdown block states its claims; a Pug figure's caption says them.
    let (claims, caption) = match block {
        BlockAt::Markdown { .. } => explicit_claims(spec, written),
        BlockAt::Pug { .. } => match written.caption_text(spec) {
            Some(c) => (claims::read_caption(&c.text), c),
            None => (CaptionClaims::default(), CaptionText::default()),
        },
    };
    let rules = if spec.option.is_empty() {
        registry.rules(info.name)
    } else {
        let opts: Vec<&str> = spec.option.iter().map(String::as_str).collect();
        let with = registry.rules_with_options(info.name, &opts);
        if with.is_none() && registry.rules(info.name).is_some() {
            out.push(
                Finding::new(
                    Kind::Warning,
                    "unknown-option",
                    at,
                    3,
                    format!(
                        "{name} has no option {}: moves are not verified",
                        spec.option.join(", ")
                    ),
                )
                .hint("Paco Sako knows `option: pacoplay`"),
            );
        }
        with
    };
    verdict.has_rules = rules.is_some();
    if let Some(handle) = rules {
        let rules = &*handle;
        for u in &claims.unreadable {
            out.push(Finding::new(
                Kind::Note,
                "caption-unreadable",
                caption.loc(u.offset),
                u.len,
                u.reason.clone(),
            ));
        }
        let locs = CaptionLocs(&caption);
        let input = verify::Input {
            boards: &boards,
            readings: &readings,
            claims: &claims,
            at: &locs,
            shared_caption: written.figure_blocks > 1,
            letters: fenpress_rules::notation::piece_letters(&page.lang),
            purpose,
        };
        let outcome = verify::verify(rules, &input, out);
        verdict.verified = outcome.verified;
        verdict.pair_linked = outcome.pair_linked;
        verdict.explore = outcome.explore;
    }
    verdict.failure = out[start..]
        .iter()
        .find(|f| f.kind == Kind::Error)
        .map(|f| f.message.clone());
    if verdict.failure.is_some() {
        verdict.verified = false;
        verdict.pair_linked = false;
    }
    if !verdict.verified {
        verdict.explore.clear();
    }
    verdict
}
