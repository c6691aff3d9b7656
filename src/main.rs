//! The `fenpress` binary: parses the command line and runs the command (see
//! `cmd`). Exit codes: 0 success, 1 the sources have errors (or warnings
//! under `--deny warnings` / `--strict`), 2 the command could not run (bad
//! arguments, no content folder, unwritable output).

use std::process::ExitCode;

use clap::Parser;

use fenpress::cmd::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let ui = fenpress::cmd::ui::Ui::new(&cli.ui);
    match cli.command.run(&ui) {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
