//! The `fenpress` binary: parses the command line and runs the command (see
//! `cmd`). Exit codes: 0 success, 1 the sources have errors, 2 the command
//! could not run.

use std::process::ExitCode;

use clap::Parser;

#[derive(Parser)]
#[command(
    name = "fenpress",
    version,
    about = "Chess-variant rules sites with verified diagrams"
)]
struct Cli {
    #[command(subcommand)]
    command: fenpress::cmd::Command,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.run() {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
