//! `fenpress compose VARIANT [SITE]`: puzzles found and proved by the rules
//! core, written into the site's `puzzles/<Variant>/` (or printed with
//! `--dry-run`). A file that exists is never overwritten: the same puzzle
//! again is left as it is, another one under its name is reported and
//! skipped.

use std::io::Write;
use std::path::PathBuf;

use crate::puzzle::compose::{compose, ComposeOptions};
use crate::puzzle::search::WinKind;

use super::site::SiteArgs;

/// `fenpress compose VARIANT [SITE]`
#[derive(clap::Args, Debug, Clone)]
pub struct ComposeArgs {
    /// The variant, by name (`fenpress variant list` lists them; the site's
    /// own definitions count).
    pub variant: String,
    #[command(flatten)]
    pub site: SiteArgs,
    /// How many puzzles to find.
    #[arg(long, default_value_t = 3)]
    pub count: usize,
    /// The seed of the random games: the same seed gives the same puzzles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Longest goal, in moves of the side to play.
    #[arg(long, default_value_t = 2)]
    pub max: u32,
    /// Shortest goal.
    #[arg(long, default_value_t = 1)]
    pub min: u32,
    /// Any win of the variant counts ("win in N"), not only checkmate.
    #[arg(long)]
    pub win: bool,
    /// Thin each position to at most this many pieces (0: as played).
    #[arg(long, default_value_t = 8)]
    pub pieces: usize,
    /// Positions to look at, at most.
    #[arg(long, default_value_t = 2000)]
    pub tries: usize,
    /// Keep only keys that neither check nor capture.
    #[arg(long)]
    pub quiet_key: bool,
    /// Look only at the last positions of games played to their end (for
    /// games that end when a side cannot move: Konane, Avalam, Hamilton).
    #[arg(long)]
    pub endings: bool,
    /// Variant options, e.g. `pacoplay` (repeat for several).
    #[arg(long, value_name = "OPTION")]
    pub option: Vec<String>,
    /// The languages to write each puzzle in (en and fr have their own
    /// words; others get the English ones), comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "en")]
    pub lang: Vec<String>,
    /// Print the puzzle files instead of writing them.
    #[arg(long)]
    pub dry_run: bool,
}

pub fn run(args: &ComposeArgs) -> anyhow::Result<u8> {
    let site = if args.dry_run {
        // Printing writes nothing: outside a site, the built-ins suffice.
        args.site.folder().ok()
    } else {
        match args.site.folder() {
            Ok(dir) => Some(dir),
            Err(e) => {
                eprintln!("error: {e}");
                return Ok(2);
            }
        }
    };
    let registry = match super::position::site_variants(site.as_deref()) {
        Ok(registry) => registry,
        Err(msg) => {
            eprintln!("{msg}");
            return Ok(2);
        }
    };
    for lang in &args.lang {
        if !crate::content::load::is_language(lang) {
            eprintln!("error: `{lang}` is not a language code (en, fr, pt-BR)");
            return Ok(2);
        }
    }
    let (rules, _) = match super::position::setup(&registry, &args.variant, "start", &args.option) {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("error: {msg}");
            return Ok(2);
        }
    };
    let options = ComposeOptions {
        options: args.option.clone(),
        max: args.max.clamp(1, crate::puzzle::Goal::MAX_MOVES),
        min: args.min.max(1),
        win: if args.win {
            WinKind::Any
        } else {
            WinKind::Mate
        },
        pieces: args.pieces,
        tries: args.tries,
        seed: args.seed,
        quiet_key: args.quiet_key,
        endings: args.endings,
        count: args.count,
        // The name the registry spells, which may not be the rules' own
        // (Chess960 is played with chess's rules).
        name: registry
            .lookup(&args.variant)
            .map(|info| info.name.to_string()),
        registry: registry.clone(),
    };
    let (found, tally) = match compose(&*rules, &options) {
        Ok(run) => (run.puzzles, run.tally),
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(2);
        }
    };
    let mut out = std::io::stdout().lock();
    let variant = options.name.as_deref().unwrap_or(rules.name());
    let folder: Option<PathBuf> = site.map(|s| s.join("puzzles").join(variant));
    let mut written = 0;
    let mut kept = 0;
    for puzzle in &found {
        for lang in &args.lang {
            let text = puzzle.file_text(lang, &options);
            let name = puzzle.file_name(lang, args.seed);
            match (&folder, args.dry_run) {
                (Some(folder), false) => {
                    let path = folder.join(&name);
                    match std::fs::read_to_string(&path) {
                        Ok(old) if old == text => {
                            kept += 1;
                            writeln!(out, "unchanged {}", path.display())?;
                        }
                        Ok(_) => {
                            eprintln!(
                                "warning: {} exists with other content; left as it is (remove it, or compose with another --seed)",
                                path.display()
                            );
                        }
                        Err(_) => {
                            std::fs::create_dir_all(folder)?;
                            write_new(&path, text.as_bytes())?;
                            written += 1;
                            writeln!(out, "wrote {}", path.display())?;
                        }
                    }
                }
                _ => writeln!(out, "# {name}\n{text}")?,
            }
        }
    }
    eprintln!(
        "{} of {} puzzles found for {} (seed {}, {} positions at most){}",
        found.len(),
        args.count,
        variant,
        args.seed,
        args.tries,
        if args.dry_run {
            String::new()
        } else {
            format!(": {written} files written, {kept} unchanged")
        }
    );
    if found.len() < args.count {
        eprintln!("{} positions looked at: {}", tally.tried, tally.reasons());
        eprintln!(
            "hint: more tries (--tries), a longer goal (--max), more pieces (--pieces) or --win may find more"
        );
    }
    Ok(0)
}

/// Writes a new file whole or not at all, and never over one that appeared
/// meanwhile: the text goes to a temporary name, which is then linked to
/// the file's name (a link fails if the name exists).
fn write_new(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut file| file.write_all(bytes))
        .and_then(|()| std::fs::hard_link(&tmp, path));
    let _ = std::fs::remove_file(&tmp);
    written
}
