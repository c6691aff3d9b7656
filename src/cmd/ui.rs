//! How the commands talk to the person at the terminal: `--quiet`,
//! `--verbose`, colour (on a terminal, unless `NO_COLOR` or `--color
//! never`), and a progress line for work that takes over a second — on a
//! terminal only, never in CI logs or redirected output.

use std::io::IsTerminal;
use std::sync::mpsc;
use std::time::Duration;

/// `--color`
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorChoice {
    /// Colour when printing to a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    Always,
    Never,
}

/// The flags every command shares (see `main.rs`).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct UiArgs {
    /// Print only the findings: no summary, no progress.
    #[arg(long, short, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Print more: the time of each step.
    #[arg(long, short, global = true)]
    pub verbose: bool,
    /// Colour the output: auto (a terminal without `NO_COLOR`), always, never.
    #[arg(long, value_enum, global = true, default_value = "auto")]
    pub color: ColorChoice,
}

/// What the flags and the environment decided, once.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ui {
    pub quiet: bool,
    pub verbose: bool,
    /// Colour on standard error (where findings of `build` and summaries go).
    pub colour_err: bool,
    /// Colour on standard output (`check`'s human findings).
    pub colour_out: bool,
    /// Whether a progress line may be drawn (standard error is a terminal,
    /// not in CI, not quiet).
    pub progress: bool,
}

impl Ui {
    pub fn new(args: &UiArgs) -> Ui {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let in_ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false");
        let err_tty = std::io::stderr().is_terminal();
        let out_tty = std::io::stdout().is_terminal();
        let colour = |tty: bool| match args.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => tty && !no_color,
        };
        Ui {
            quiet: args.quiet,
            verbose: args.verbose,
            colour_err: colour(err_tty),
            colour_out: colour(out_tty),
            progress: err_tty && !in_ci && !args.quiet,
        }
    }

    /// Runs `work`, showing a spinner with `message` if it takes over a
    /// second and a progress line may be drawn.
    pub fn with_progress<T>(&self, message: &str, work: impl FnOnce() -> T) -> T {
        if !self.progress {
            return work();
        }
        let (done, wait) = mpsc::channel::<()>();
        let message = message.to_string();
        let spinner = std::thread::spawn(move || {
            if wait.recv_timeout(Duration::from_secs(1)).is_ok() {
                return;
            }
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_message(message);
            bar.enable_steady_tick(Duration::from_millis(120));
            // Either a message or a closed channel ends the wait.
            let _ = wait.recv();
            bar.finish_and_clear();
        });
        let value = work();
        let _ = done.send(());
        let _ = spinner.join();
        value
    }
}
