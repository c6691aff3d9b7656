//! The seeds in `../shared/seeds`: pastes of rule pages from git web
//! viewers. Numbered listings with indentation are recovered and compared
//! with the corpus page they name; the others are refused with a reason.

use crate::pug_common;

use pug_common::{html_via_markdown, shared, visible_text};

fn seed(shared: &std::path::Path, prefix: &str) -> Option<(String, String)> {
    let dir = shared.join("seeds");
    let entry = std::fs::read_dir(&dir)
        .ok()?
        .flatten()
        .find(|e| e.file_name().to_string_lossy().starts_with(prefix))?;
    let text = std::fs::read_to_string(entry.path()).ok()?;
    Some((entry.file_name().to_string_lossy().into_owned(), text))
}

#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn numbered_pastes_with_indentation_are_recovered() {
    let Some(shared) = shared() else {
        println!("skipped: ../shared not found");
        return;
    };
    for prefix in ["002_", "003_"] {
        let Some((name, text)) = seed(&shared, prefix) else {
            println!("skipped: seed {prefix} not found");
            continue;
        };
        let recovered =
            fenpress_pug::paste::recover(&text).unwrap_or_else(|| panic!("{name}: not recovered"));
        let path = recovered
            .path
            .clone()
            .unwrap_or_else(|| panic!("{name}: no path header"));
        let rel = path
            .split("translations/")
            .nth(1)
            .unwrap_or(&path)
            .to_string();
        let corpus_file = shared.join("corpus/vchess").join(&rel);
        let converted = fenpress_pug::convert(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(converted.warnings[0].code, "pug-paste");
        let original = std::fs::read_to_string(&corpus_file).expect("the named corpus page exists");
        let expected = fenpress_pug::convert(&original).expect("corpus page converts");
        assert_eq!(converted.diagrams.len(), expected.diagrams.len(), "{name}");
        // Positions point into the paste, past the line numbers.
        let lines: Vec<&str> = text.lines().collect();
        for d in &converted.diagrams {
            let line = lines[d.fen.line - 1];
            let at: String = line.chars().skip(d.fen.column - 1).take(4).collect();
            assert_eq!(at, "fen:", "{name}:{}:{}", d.fen.line, d.fen.column);
        }
        // Trailing spaces were lost in the paste: say where that shows, then
        // compare without whitespace.
        let words = |m: &str| {
            visible_text(&html_via_markdown(m))
                .split(' ')
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        let (a, b) = (words(&converted.markdown), words(&expected.markdown));
        if a != b {
            println!("{name}: {} words vs {} in {rel}: spaces lost with the trailing spaces of the paste", a.len(), b.len());
        }
        let squash = |s: String| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        let ours = squash(visible_text(&html_via_markdown(&converted.markdown)));
        let theirs = squash(visible_text(&html_via_markdown(&expected.markdown)));
        let same = ours
            .chars()
            .zip(theirs.chars())
            .take_while(|(a, b)| a == b)
            .count();
        if ours != theirs {
            println!(
                "{name} vs {rel}: visible text differs from character {same}: ours …{}… corpus …{}…",
                ours.chars().skip(same).take(60).collect::<String>(),
                theirs.chars().skip(same).take(60).collect::<String>()
            );
        } else {
            println!(
                "{name} vs {rel}: same visible text (modulo whitespace), {} diagrams",
                converted.diagrams.len()
            );
        }
        assert_eq!(ours, theirs, "{name}: recovered page differs from {rel}");
    }
}

#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs the vchess corpus: ../shared or $FENPRESS_SHARED"
)]
fn pastes_without_structure_are_refused_with_a_reason() {
    let Some(shared) = shared() else {
        println!("skipped: ../shared not found");
        return;
    };
    for (prefix, says) in [
        ("000_", "stripped the indentation"),
        ("004_", "stripped the indentation"),
        ("001_", "flattened onto one line"),
    ] {
        let Some((name, text)) = seed(&shared, prefix) else {
            println!("skipped: seed {prefix} not found");
            continue;
        };
        let errors = fenpress_pug::convert(&text).expect_err(&name);
        assert_eq!(errors.len(), 1, "{name}");
        assert_eq!(errors[0].code, "pug-paste", "{name}");
        assert!(
            errors[0].message.contains(says),
            "{name}: {}",
            errors[0].message
        );
    }
}
