//! The command layer: one module per `fenpress` command, each a clap
//! argument struct and a `run` function over the library. Nothing below
//! `cmd` prints for a command or parses its arguments; nothing in the
//! library imports `cmd`. Exit codes: 0 success, 1 the sources have
//! errors, 2 the command could not run.

pub mod build;
pub mod check;
pub mod convert;
pub mod diagram;
pub mod init;
pub mod moves;
pub mod perft;
mod position;
pub mod serve;
pub mod variant;

/// Every command, as `main.rs` dispatches them.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Start a new site: a working example in a new or empty folder.
    Init(init::InitArgs),
    /// Build the site into the output folder.
    Build(build::BuildArgs),
    /// Verify every diagram and puzzle; write nothing.
    Check(check::CheckArgs),
    /// Preview the site locally with live reload.
    Serve(serve::ServeArgs),
    /// Print a Pug page converted to Markdown or HTML.
    Convert(convert::ConvertArgs),
    /// Count the leaf nodes of the legal move tree (for cross-checking).
    Perft(perft::PerftArgs),
    /// List the legal moves of a position, one per line.
    Moves(moves::MovesArgs),
    /// Draw one diagram as SVG or PNG.
    Diagram(diagram::DiagramArgs),
    /// List, show or import variant definitions.
    #[command(subcommand)]
    Variant(variant::VariantCommand),
}

impl Command {
    /// Runs the command: its exit code, or why it could not run.
    pub fn run(&self) -> anyhow::Result<u8> {
        match self {
            Command::Init(args) => init::run(args),
            Command::Build(args) => build::run(args),
            Command::Check(args) => check::run(args),
            Command::Serve(args) => serve::run(args),
            Command::Convert(args) => convert::run(args),
            Command::Perft(args) => perft::run(args),
            Command::Moves(args) => moves::run(args),
            Command::Diagram(args) => diagram::run(args),
            Command::Variant(cmd) => variant::run(cmd),
        }
    }
}
