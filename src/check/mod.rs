//! Verification: every diagram's board, marks and claimed moves, checked
//! against the registry (every variant) and the rules core (variants with
//! rules); plus the perft/moves commands. `check` is the load-and-verify
//! half of `build` with nothing written.

pub mod annotate;
pub mod board;
pub mod claims;
pub mod finding;
pub mod mark;
pub mod report;
pub mod source;
pub mod verify;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::diagnostic::Diagnostic;
use crate::site::load::LoadedPage;
use crate::site::page::Page;
use claims::{CaptionClaims, Claim, ClaimKind, MoveText};
use finding::{Finding, Kind};
use report::Summary;
use source::{CaptionText, DiagramSource, Explicit, Loc};

mod rules_cli;
pub use rules_cli::{moves_command, perft_command};

/// `fenpress check`
#[derive(clap::Args, Debug, Clone)]
pub struct CheckArgs {
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    #[arg(long, value_enum, default_value = "human")]
    pub format: OutputFormat,
    /// `--deny warnings` makes warnings fail the check.
    #[arg(long)]
    pub deny: Option<String>,
}

#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    Human,
    Json,
    Github,
}

/// `fenpress perft VARIANT FEN DEPTH [--divide]`
#[derive(clap::Args, Debug, Clone)]
pub struct PerftArgs {
    pub variant: String,
    /// A FEN in the variant's format, or `start`.
    pub fen: String,
    pub depth: u32,
    #[arg(long)]
    pub divide: bool,
    /// Variant options, e.g. `pacoplay`.
    #[arg(long)]
    pub option: Vec<String>,
}

/// `fenpress moves VARIANT FEN`
#[derive(clap::Args, Debug, Clone)]
pub struct MovesArgs {
    pub variant: String,
    pub fen: String,
    #[arg(long)]
    pub option: Vec<String>,
}

/// Why `check` could not run at all (exit code 2).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("the content folder {0} does not exist")]
    ContentMissing(PathBuf),
    #[error("`--deny {0}`: only `--deny warnings` is known")]
    BadDeny(String),
}

/// What `check` found over a site.
#[derive(Debug, Default)]
pub struct CheckReport {
    /// Sorted by file, line, column.
    pub diagnostics: Vec<Diagnostic>,
    pub summary: Summary,
    /// The text of each file that has a diagnostic, for the caret lines.
    pub sources: HashMap<PathBuf, String>,
}

/// How one diagram was checked, for `build` to mark a failed one.
#[derive(Debug, Clone, Default)]
pub struct DiagramVerdict {
    /// The `fen:` position of the diagram's first board.
    pub at: Loc,
    /// The first error's message, if verification failed.
    pub failure: Option<String>,
    pub verified: bool,
    pub has_rules: bool,
    /// The boards were checked against the variant (its registry entry).
    pub board_checked: bool,
}

/// Findings and verdicts of one page.
#[derive(Debug, Default)]
pub struct PageCheck {
    pub findings: Vec<Diagnostic>,
    pub verdicts: Vec<DiagramVerdict>,
    /// Diagram blocks that could not be read (see [`Summary::unreadable`]).
    pub unreadable: usize,
}

/// Verifies every diagram of loaded pages (in parallel): each page's
/// findings and verdicts, with its source text. `check` and `build` share
/// it.
pub fn verify_pages(pages: &[LoadedPage]) -> Vec<(PageCheck, PathBuf, String)> {
    pages
        .par_iter()
        .map(|lp| {
            let text = std::fs::read_to_string(&lp.page.source).unwrap_or_default();
            (verify_page(&lp.page, &text), lp.page.source.clone(), text)
        })
        .collect()
}

/// For `build`: verifies the loaded pages, records on each the diagrams
/// that failed (to mark them in the page) and returns the findings and
/// the summary.
pub fn verify_for_build(pages: &mut [LoadedPage]) -> (Vec<Diagnostic>, Summary) {
    let results = verify_pages(pages);
    let mut summary = Summary::default();
    let mut diagnostics = Vec::new();
    for (lp, (checked, _, _)) in pages.iter_mut().zip(results) {
        summary.add(&checked);
        lp.invalid = checked
            .verdicts
            .iter()
            .filter_map(|v| {
                let why = v.failure.clone()?;
                Some(((v.at.line, v.at.column), why))
            })
            .collect();
        lp.checked = checked
            .verdicts
            .iter()
            .filter(|v| v.board_checked)
            .map(|v| (v.at.line, v.at.column))
            .collect();
        diagnostics.extend(checked.findings);
    }
    summary.count(&diagnostics);
    (diagnostics, summary)
}

/// Loads the site under `content` and verifies every diagram.
pub fn check_site(content: &Path) -> Result<CheckReport, CheckError> {
    if !content.is_dir() {
        return Err(CheckError::ContentMissing(content.to_path_buf()));
    }
    let loaded = crate::site::load::load(content);
    let mut diagnostics = loaded.diagnostics;
    let mut summary = Summary::default();
    let mut sources = HashMap::new();
    for (lp, (checked, path, text)) in loaded.pages.iter().zip(verify_pages(&loaded.pages)) {
        summary.add(&checked);
        diagnostics.extend(checked.findings);
        // A puzzle's position, goal and solution, proved by the puzzle
        // module (`build` does it when it renders the puzzle page).
        if lp.page.kind == crate::site::page::PageKind::Puzzle {
            diagnostics.extend(crate::puzzle::verify_source(&path, &text));
        }
        sources.insert(path, text);
    }
    diagnostics.sort_by(|a, b| {
        (&a.file, a.line, a.column, a.code).cmp(&(&b.file, b.line, b.column, b.code))
    });
    sources.retain(|p, _| diagnostics.iter().any(|d| &d.file == p));
    summary.count(&diagnostics);
    Ok(CheckReport {
        diagnostics,
        summary,
        sources,
    })
}

/// The claims of a Markdown block, with a caption-like text whose
/// characters map to where each move is written. Each item is read as a
/// caption's move ([`claims::read_item`]); a `moves` list written as a game
/// or a chain (`1.d1d2 e4e3 2.dxe3 exd2`, `Bxc3, c3xb5`) is a sequence, as
/// in a caption.
fn explicit_claims(e: &Explicit) -> (CaptionClaims, CaptionText) {
    let mut text = CaptionText::default();
    let mut claims = CaptionClaims::default();
    let mut note =
        |items: &[(String, Loc)], kind: ClaimKind, after: bool, claims: &mut CaptionClaims| {
            let mut moves = Vec::new();
            for (m, at) in items {
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
    note(&e.moves, ClaimKind::Legal, false, &mut claims);
    note(&e.illegal, ClaimKind::Illegal, false, &mut claims);
    note(&e.after_moves, ClaimKind::Sequence, true, &mut claims);
    // Squares the caption names ("moves from e4") explain marks, as on a
    // Pug page; its moves are not claims: the block states those.
    if let Some(c) = &e.caption {
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

/// Verifies every diagram of one page whose source text is `text`.
pub fn verify_page(page: &Page, text: &str) -> PageCheck {
    let (diagrams, problems) = source::diagrams_of(page, text);
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
    result.unreadable = problems.len();
    for p in problems {
        let f = Finding::new(Kind::Error, "diagram-spec", p.at, 1, p.message);
        result.findings.push(to_diag(&f, page.variant.as_deref()));
    }
    for d in &diagrams {
        let mut findings = Vec::new();
        let verdict = verify_diagram(page, d, &mut findings);
        let name = d.variant.as_deref().or(page.variant.as_deref());
        result
            .findings
            .extend(findings.iter().map(|f| to_diag(f, name)));
        result.verdicts.push(verdict);
    }
    result
}

/// Board checks for every variant, full verification for those with rules.
pub fn verify_diagram(page: &Page, d: &DiagramSource, out: &mut Vec<Finding>) -> DiagramVerdict {
    let at = d.boards.first().map(|b| b.fen_at).unwrap_or_default();
    let mut verdict = DiagramVerdict {
        at,
        ..DiagramVerdict::default()
    };
    let Some(name) = d.variant.as_deref().or(page.variant.as_deref()) else {
        // A diagram outside a variant's pages (about, faq): nothing to check against.
        return verdict;
    };
    let Some(info) = fenpress_rules::registry::lookup(name) else {
        let close = fenpress_rules::registry::close_names(name);
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
    let readings: Vec<_> = d
        .boards
        .iter()
        .map(|b| board::check_board(info, b, out).map(|ok| ok.reading))
        .collect();
    let (claims, caption) = match (&d.explicit, &d.caption) {
        (Some(e), _) => explicit_claims(e),
        (None, Some(c)) => (claims::read_caption(&c.text), c.clone()),
        (None, None) => (CaptionClaims::default(), CaptionText::default()),
    };
    let rules = if d.options.is_empty() {
        info.rules()
    } else {
        let opts: Vec<&str> = d.options.iter().map(String::as_str).collect();
        let with = fenpress_rules::registry::rules_with_options(info.name, &opts);
        if with.is_none() && info.rules().is_some() {
            out.push(
                Finding::new(
                    Kind::Warning,
                    "unknown-option",
                    at,
                    3,
                    format!(
                        "{name} has no option {}: moves are not verified",
                        d.options.join(", ")
                    ),
                )
                .hint("Paco Sako knows `option: pacoplay`"),
            );
        }
        with
    };
    verdict.has_rules = rules.is_some();
    if let Some(rules) = rules {
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
            boards: &d.boards,
            readings: &readings,
            claims: &claims,
            at: &locs,
            shared_caption: d.figure_blocks > 1,
            letters: fenpress_rules::notation::piece_letters(&page.lang),
        };
        let outcome = verify::verify(rules, &input, out);
        verdict.verified = outcome.verified;
    }
    verdict.failure = out[start..]
        .iter()
        .find(|f| f.kind == Kind::Error)
        .map(|f| f.message.clone());
    if verdict.failure.is_some() {
        verdict.verified = false;
    }
    verdict
}

/// `fenpress check`: prints the diagnostics and the summary; exit 1 on
/// errors (or warnings with `--deny warnings`), 0 otherwise, 2 when it
/// could not run.
pub fn check_command(args: &CheckArgs) -> anyhow::Result<u8> {
    let deny_warnings = match args.deny.as_deref() {
        None => false,
        Some("warnings") => true,
        Some(other) => return Err(CheckError::BadDeny(other.to_string()).into()),
    };
    let started = std::time::Instant::now();
    let report = check_site(&args.content)?;
    let text = match args.format {
        OutputFormat::Human => report::human(&report.diagnostics, &report.sources),
        OutputFormat::Json => report::json(&report.diagnostics) + "\n",
        OutputFormat::Github => report::github(&report.diagnostics),
    };
    print!("{text}");
    eprintln!(
        "{} in {:.2}s",
        report.summary.line(),
        started.elapsed().as_secs_f64()
    );
    let s = &report.summary;
    Ok(u8::from(s.errors > 0 || (deny_warnings && s.warnings > 0)))
}
