//! The `fenpress` command line: parses arguments and calls one library
//! function per command. Exit codes: 0 success, 1 the sources have errors,
//! 2 the command could not run.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "fenpress",
    version,
    about = "Chess-variant rules sites with verified diagrams"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build the site into the output folder.
    Build(fenpress::site::BuildArgs),
    /// Verify every diagram and puzzle; write nothing.
    Check(fenpress::check::CheckArgs),
    /// Preview the site locally with live reload.
    Serve(fenpress::serve::ServeArgs),
    /// Print a Pug page converted to Markdown or HTML.
    Convert(fenpress::site::ConvertArgs),
    /// Count the leaf nodes of the legal move tree (for cross-checking).
    Perft(fenpress::check::PerftArgs),
    /// List the legal moves of a position, one per line.
    Moves(fenpress::check::MovesArgs),
    /// Draw one diagram as SVG or PNG.
    Diagram(fenpress::diagram::DiagramArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Build(args) => fenpress::site::build_command(&args),
        Command::Check(args) => fenpress::check::check_command(&args),
        Command::Serve(args) => fenpress::serve::serve_command(&args),
        Command::Convert(args) => fenpress::site::convert_command(&args),
        Command::Perft(args) => fenpress::check::perft_command(&args),
        Command::Moves(args) => fenpress::check::moves_command(&args),
        Command::Diagram(args) => fenpress::diagram::diagram_command(&args),
    };
    match outcome {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
