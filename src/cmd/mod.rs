//! The command layer: one module per `fenpress` command, each a clap
//! argument struct and a `run` function over the library. Nothing below
//! `cmd` prints for a command or parses its arguments; nothing in the
//! library imports `cmd`. Exit codes: 0 success, 1 the sources have
//! errors, 2 the command could not run.

pub mod build;
pub mod check;
pub mod compose;
pub mod convert;
pub mod diagram;
pub mod init;
pub mod moves;
pub mod perft;
mod position;
pub mod reference;
pub mod serve;
pub mod site;
pub mod ui;
pub mod variant;

/// The command line: a command and the flags every command shares.
#[derive(clap::Parser)]
#[command(
    name = "fenpress",
    version,
    about = "Chess-variant rules sites with verified diagrams"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    #[command(flatten)]
    pub ui: ui::UiArgs,
}

/// Every command, as `main.rs` dispatches them.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Start a new site: a working example in a new or empty folder.
    #[command(after_help = "Example:\n  fenpress init my-site && cd my-site && fenpress serve")]
    Init(init::InitArgs),
    /// Build the site into the output folder.
    #[command(
        after_help = "Examples:\n  fenpress build                     # the site in this folder, into public/\n  fenpress build my-site --out /tmp/site --strict"
    )]
    Build(build::BuildArgs),
    /// Verify every diagram and puzzle; write nothing.
    #[command(
        after_help = "Examples:\n  fenpress check --deny warnings\n  fenpress check --format github   # annotations on a pull request\n  fenpress check my-site --external  # web links too (cached)"
    )]
    Check(check::CheckArgs),
    /// Preview the site locally with live reload.
    #[command(after_help = "Example:\n  fenpress serve --port 1111 --open")]
    Serve(serve::ServeArgs),
    /// Find puzzles for a variant and prove them: written into the site's
    /// puzzles/<Variant>/, the same ones for the same seed.
    #[command(
        after_help = "Examples:\n  fenpress compose Chess --count 3 --lang en,fr\n  fenpress compose Atomic --win --max 2 --dry-run"
    )]
    Compose(compose::ComposeArgs),
    /// Print a Pug page converted to Markdown or HTML.
    #[command(after_help = "Example:\n  fenpress convert rules/Orda/en.pug --to html")]
    Convert(convert::ConvertArgs),
    /// Count the leaf nodes of the legal move tree (for cross-checking).
    #[command(after_help = "Example:\n  fenpress perft Orda start 3 --divide")]
    Perft(perft::PerftArgs),
    /// List the legal moves of a position, one per line.
    #[command(after_help = "Example:\n  fenpress moves Chess start")]
    Moves(moves::MovesArgs),
    /// Draw one diagram as SVG or PNG.
    #[command(
        after_help = "Example:\n  fenpress diagram Chess \"8/8/8/4k3/8/8/8/4K3 e4,d5\" -o board.svg"
    )]
    Diagram(diagram::DiagramArgs),
    /// Print every command, configuration key, diagram key, puzzle key,
    /// variant definition key and finding code, as Markdown.
    #[command(after_help = "Example:\n  fenpress reference > docs/reference.md")]
    Reference(reference::ReferenceArgs),
    /// List, show or import variant definitions.
    #[command(subcommand)]
    #[command(
        after_help = "Examples:\n  fenpress variant list\n  fenpress variant show Nightriders --content my-site"
    )]
    Variant(variant::VariantCommand),
}

impl Command {
    /// Whether the command opens network connections (`serve`, `check
    /// --external`).
    pub fn uses_network(&self) -> bool {
        match self {
            Command::Serve(_) => true,
            Command::Check(args) => args.external,
            _ => false,
        }
    }

    /// Runs the command: its exit code, or why it could not run.
    pub fn run(&self, ui: &ui::Ui) -> anyhow::Result<u8> {
        match self {
            Command::Init(args) => init::run(args),
            Command::Build(args) => build::run(args, ui),
            Command::Check(args) => check::run(args, ui),
            Command::Serve(args) => serve::run(args),
            Command::Compose(args) => compose::run(args),
            Command::Convert(args) => convert::run(args),
            Command::Perft(args) => perft::run(args),
            Command::Moves(args) => moves::run(args),
            Command::Diagram(args) => diagram::run(args),
            Command::Reference(args) => reference::run(args),
            Command::Variant(cmd) => variant::run(cmd),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Every argument of every command, with the command's path, that has
    /// no help text.
    fn undescribed(cmd: &clap::Command, path: &str, out: &mut Vec<String>) {
        for arg in cmd.get_arguments() {
            let id = arg.get_id().as_str();
            if id == "help" || id == "version" {
                continue;
            }
            if arg.get_help().is_none() && arg.get_long_help().is_none() {
                out.push(format!("{path} {id}"));
            }
        }
        for sub in cmd.get_subcommands() {
            if sub.get_name() == "help" {
                continue;
            }
            if sub.get_about().is_none() {
                out.push(format!("{path} {} (no description)", sub.get_name()));
            }
            undescribed(sub, &format!("{path} {}", sub.get_name()), out);
        }
    }

    #[test]
    fn every_flag_and_argument_of_every_command_is_described() {
        let cli = Cli::command();
        cli.clone().debug_assert();
        let mut missing = Vec::new();
        undescribed(&cli, "fenpress", &mut missing);
        assert!(
            missing.is_empty(),
            "no --help text for:\n{}",
            missing.join("\n")
        );
    }

    #[test]
    fn the_walk_sees_an_undescribed_argument() {
        let cmd = clap::Command::new("x").subcommand(
            clap::Command::new("y")
                .about("Y.")
                .arg(clap::Arg::new("bare")),
        );
        let mut missing = Vec::new();
        undescribed(&cmd, "x", &mut missing);
        assert_eq!(missing, ["x y bare"]);
    }
}
