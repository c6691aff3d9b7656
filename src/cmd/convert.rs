//! `fenpress convert`: prints Pug pages converted to Markdown or HTML, with
//! every finding as `file:line:col: level[code]: message`.

use std::io::Write;
use std::path::PathBuf;

use crate::site::convert::{convert_file, placeholder_diagram, ConvertTo};

/// `fenpress convert`
#[derive(clap::Args, Debug, Clone)]
pub struct ConvertArgs {
    /// Pug files to convert.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "markdown")]
    pub to: ConvertTo,
}

/// Exit codes: 0 all converted, 1 some file had errors, 2 some file could
/// not be read. Every file is processed either way.
pub fn run(args: &ConvertArgs) -> anyhow::Result<u8> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut status = 0u8;
    for file in &args.files {
        let result = convert_file(file, args.to, &mut placeholder_diagram);
        for d in &result.diagnostics {
            eprintln!("{d}");
        }
        if let Some(text) = result.output {
            out.write_all(text.as_bytes())?;
        }
        status = status.max(result.status);
    }
    out.flush()?;
    Ok(status)
}
