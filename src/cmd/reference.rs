//! `fenpress reference`: every command with its flags and arguments, the
//! keys of `config.yaml`, of a diagram block, of a puzzle and of a variant
//! definition, and every finding code, in Markdown, read from the code
//! itself (clap's command tree, the readers' key lists, the codes the
//! sources raise). `docs/reference.md` is its output; a test keeps it
//! current.

use clap::CommandFactory;

include!(concat!(env!("OUT_DIR"), "/finding_codes.rs"));

/// `fenpress reference`
#[derive(clap::Args, Debug, Clone)]
pub struct ReferenceArgs {}

pub fn run(_: &ReferenceArgs) -> anyhow::Result<u8> {
    print!("{}", reference());
    Ok(0)
}

/// The whole reference, as Markdown.
pub fn reference() -> String {
    let mut out = String::from(
        "# fenpress reference\n\n\
         Generated from the code by `fenpress reference` (`cargo run -- reference > \
         docs/reference.md`); do not edit by hand.\n\n## Commands\n\n",
    );
    let mut cli = super::Cli::command();
    // Built, every argument knows whether it takes a value.
    cli.build();
    out.push_str("Every command takes:\n\n");
    args_table(&cli, &mut out);
    for sub in cli.get_subcommands() {
        command(sub, "fenpress", &mut out);
    }
    out.push_str("\n## `config.yaml`\n\n");
    out.push_str(&keys_line(crate::site::config::KNOWN_KEYS));
    for (parent, keys) in crate::site::config::NESTED_KEYS {
        out.push_str(&format!("- in `{parent}`: {}", keys_line(keys)));
    }
    out.push_str("- in `words`: the interface words (docs/authoring.md, Interface words)\n");
    out.push_str("\n## A diagram block (```` ```diagram ````)\n\n");
    out.push_str(&keys_line(crate::diagram::spec::KNOWN_KEYS));
    out.push_str("\n## A puzzle (`puzzles/<Variant>/<slug>.md`, front matter)\n\n");
    out.push_str(&keys_line(crate::puzzle::spec::KNOWN_KEYS));
    out.push_str("\n## A variant definition (`variants/<Name>.yaml`)\n\n");
    for (at, keys) in fenpress_rules::definition::definition_keys() {
        if at.is_empty() {
            out.push_str(&format!("- at the top: {}", keys_line(keys)));
        } else {
            out.push_str(&format!("- in `{at}`: {}", keys_line(keys)));
        }
    }
    out.push_str("\n## Finding codes\n\n| code | raised in |\n| --- | --- |\n");
    for (code, file) in FINDING_CODES {
        out.push_str(&format!("| `{code}` | `{file}` |\n"));
    }
    out
}

fn keys_line(keys: &[&str]) -> String {
    let mut keys: Vec<&str> = keys.to_vec();
    keys.sort_unstable();
    let keys: Vec<String> = keys.iter().map(|k| format!("`{k}`")).collect();
    format!("{}\n", keys.join(", "))
}

/// One command's section, then its subcommands'.
fn command(cmd: &clap::Command, parent: &str, out: &mut String) {
    if cmd.get_name() == "help" {
        return;
    }
    let path = format!("{parent} {}", cmd.get_name());
    out.push_str(&format!("\n### `{path}`\n\n"));
    if let Some(about) = cmd.get_about() {
        out.push_str(&format!("{about}\n\n"));
    }
    let usage = cmd
        .clone()
        .bin_name(&path)
        .render_usage()
        .to_string()
        .replace("Usage: ", "");
    out.push_str(&format!("```\n{usage}\n```\n\n"));
    args_table(cmd, out);
    for sub in cmd.get_subcommands() {
        command(sub, &path, out);
    }
}

/// The arguments a command declares itself (the shared ones are listed
/// once, at the top).
fn args_table(cmd: &clap::Command, out: &mut String) {
    let args: Vec<&clap::Arg> = cmd
        .get_arguments()
        .filter(|a| !matches!(a.get_id().as_str(), "help" | "version"))
        .filter(|a| !a.is_global_set() || cmd.get_name() == "fenpress")
        .collect();
    if args.is_empty() {
        return;
    }
    out.push_str("| argument | default | what it is |\n| --- | --- | --- |\n");
    for arg in args {
        let value = arg
            .get_value_names()
            .and_then(|v| v.first())
            .map(|v| v.to_string())
            .unwrap_or_else(|| arg.get_id().as_str().to_ascii_uppercase());
        let name = match (arg.get_long(), arg.get_short()) {
            (Some(long), short) if arg.get_num_args().is_some_and(|n| n.takes_values()) => {
                let short = short.map(|s| format!("-{s}, ")).unwrap_or_default();
                format!("{short}--{long} {value}")
            }
            (Some(long), short) => {
                let short = short.map(|s| format!("-{s}, ")).unwrap_or_default();
                format!("{short}--{long}")
            }
            (None, _) => value,
        };
        let default: Vec<String> = arg
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .collect();
        let help = arg
            .get_long_help()
            .or(arg.get_help())
            .map(|h| h.to_string().replace('\n', " ").replace('|', "\\|"))
            .unwrap_or_default();
        out.push_str(&format!(
            "| `{name}` | {} | {help} |\n",
            if default.is_empty() {
                String::new()
            } else {
                format!("`{}`", default.join(","))
            }
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_names_every_command_key_and_code() {
        let text = reference();
        for needle in [
            "### `fenpress build`",
            "### `fenpress variant show`",
            "`--out DIR`",
            "`base_url`",
            "`marks`",
            "`solution`",
            "`betza`",
            "`broken-link`",
            "`puzzle-cook`",
            "`pug-syntax`",
        ] {
            assert!(text.contains(needle), "{needle}");
        }
    }

    #[test]
    fn codes_are_found_in_every_form_they_are_written() {
        // The build script's scan, over a text of each form.
        let codes: Vec<&str> = FINDING_CODES.iter().map(|(c, _)| *c).collect();
        // Severity first, `code:`, `broken(`, `fn code`.
        for code in [
            "unknown-variant",
            "pug-paste",
            "broken-anchor",
            "puzzle-length",
        ] {
            assert!(codes.contains(&code), "{code}: {codes:?}");
        }
        assert!(codes.len() > 60, "{}", codes.len());
    }
}
