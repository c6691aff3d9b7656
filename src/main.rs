//! The `fenpress` binary: parses the command line and runs the command (see
//! `cmd`). Exit codes: 0 success, 1 the sources have errors (or warnings
//! under `--deny warnings` / `--strict`), 2 the command could not run (bad
//! arguments, no content folder, unwritable output).

use std::process::ExitCode;

use clap::Parser;

use fenpress::cmd::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // `fenpress variant list | head` must end quietly when `head` is done,
    // as other command-line tools do, not panic on a closed pipe: the
    // default action of SIGPIPE ends the process (Rust ignores it). Not for
    // the commands that talk to the network, whose vectored socket writes
    // would then end the process on a closed connection instead of
    // returning an error.
    #[cfg(unix)]
    if !cli.command.uses_network() {
        // SAFETY: called before any thread is started; SIG_DFL is a valid
        // action for SIGPIPE.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
    let ui = fenpress::cmd::ui::Ui::new(&cli.ui);
    match cli.command.run(&ui) {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
