//! Diagrams: the spec of one diagram (board, marks, orientation, shadow,
//! claims), and its drawing as SVG (and PNG through resvg).

use std::path::PathBuf;

/// `fenpress diagram VARIANT "<fen> [marks] [orientation] [shadow]" -o FILE`
#[derive(clap::Args, Debug, Clone)]
pub struct DiagramArgs {
    pub variant: String,
    pub spec: String,
    #[arg(short, long)]
    pub output: PathBuf,
    /// Width of the PNG in pixels.
    #[arg(long, default_value_t = 400)]
    pub size: u32,
}

pub fn diagram_command(_args: &DiagramArgs) -> anyhow::Result<u8> {
    anyhow::bail!("diagram is not implemented yet")
}
