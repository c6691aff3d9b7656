//! `fenpress variant list|show|import`: the variant definitions, built in
//! or a site's own (`--content DIR`), printed in the format a content
//! folder's `variants/<Name>.yaml` accepts.

use std::path::PathBuf;

use fenpress_rules::{definition, registry};

use super::position::site_variants as load_site;

#[derive(clap::Subcommand, Debug, Clone)]
pub enum VariantCommand {
    /// Every variant with move rules: the site's own first, then the built-in ones.
    ///
    /// Example: `fenpress variant list --content my-site`
    List {
        /// A site folder whose `variants/*.yaml` are listed too.
        #[arg(long, value_name = "DIR")]
        content: Option<PathBuf>,
    },
    /// Print a variant defined as data, as a definition file.
    ///
    /// Example: `fenpress variant show capablanca > my-site/variants/Mycapa.yaml`
    Show {
        /// The variant, by name (`fenpress variant list` lists them).
        name: String,
        /// A site folder whose own variants (`variants/*.yaml`) can be shown.
        #[arg(long, value_name = "DIR")]
        content: Option<PathBuf>,
    },
    /// Read a Fairy-Stockfish variants.ini section and print its definition.
    ///
    /// Example: `fenpress variant import variants.ini capablanca > my-site/variants/Capa.yaml`
    Import {
        /// A Fairy-Stockfish `variants.ini` file.
        file: PathBuf,
        /// The section (variant) of the file to import, e.g. `capablanca`.
        section: String,
    },
}

pub fn run(cmd: &VariantCommand) -> anyhow::Result<u8> {
    match cmd {
        VariantCommand::List { content } => {
            let site = match load_site(content.as_deref()) {
                Ok(site) => site,
                Err(msg) => {
                    eprintln!("{msg}");
                    return Ok(2);
                }
            };
            let own: Vec<&str> = site.own_names().collect();
            for name in &own {
                println!("{name}\t(this site)");
            }
            for v in registry::all() {
                if v.rules().is_some() && !own.iter().any(|n| n.eq_ignore_ascii_case(v.name)) {
                    let kind = if registry::definition(v.name).is_some() {
                        "data"
                    } else {
                        "code"
                    };
                    println!("{}\t{kind}", v.name);
                }
            }
            Ok(0)
        }
        VariantCommand::Show { name, content } => {
            let site = match load_site(content.as_deref()) {
                Ok(site) => site,
                Err(msg) => {
                    eprintln!("{msg}");
                    return Ok(2);
                }
            };
            match site.definition(name) {
                Some(spec) => {
                    print!("{}", definition::print_definition(spec));
                    Ok(0)
                }
                None if site.rules(name).is_some() => {
                    eprintln!(
                        "error: {name} is written in code (its captures or turns are more than \
                         data can say), so it has no definition to show"
                    );
                    Ok(2)
                }
                None => {
                    let close = site.close_names(name);
                    let hint = if close.is_empty() {
                        String::new()
                    } else {
                        format!(" (did you mean {}?)", close.join(", "))
                    };
                    eprintln!(
                        "error: unknown variant `{name}`{hint}; `fenpress variant list` lists them"
                    );
                    Ok(2)
                }
            }
        }
        VariantCommand::Import { file, section } => import(file, section),
    }
}

fn import(file: &std::path::Path, section: &str) -> anyhow::Result<u8> {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return Ok(2);
        }
    };
    match definition::import_ini(&text, section) {
        Ok(spec) => {
            print!("{}", definition::print_definition(&spec));
            Ok(0)
        }
        Err(definition::ImportError::Bad { line, message }) => {
            eprintln!("error: {}:{line}: {message}", file.display());
            Ok(2)
        }
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            Ok(2)
        }
    }
}
