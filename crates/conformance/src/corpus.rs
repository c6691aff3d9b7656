//! Reads the `fen:` boards of a variant's corpus rule pages
//! (`corpus/vchess/rules/<Variant>/*.pug`): the diagrams are the tricky
//! positions the page's author chose, good roots for playouts.

use std::path::Path;

/// The distinct diagram boards of a variant's pages (board part only, in
/// first-seen order: `en` first, then the other languages).
pub fn diagram_boards(corpus_rules: &Path, variant: &str) -> Vec<String> {
    let dir = corpus_rules.join(variant);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "pug"))
        .collect();
    files.sort_by_key(|p| (p.file_stem().is_none_or(|s| s != "en"), p.clone()));
    let mut out = Vec::new();
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        for board in scan_boards(&text) {
            if !out.contains(&board) {
                out.push(board);
            }
        }
    }
    out
}

/// Every board after a `fen:` in a text: the characters up to the first
/// space or `:` (what follows is the marks and the caption).
pub fn scan_boards(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("fen:") {
        rest = &rest[i + 4..];
        let board: String = rest
            .trim_start_matches(' ')
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != ':')
            .collect();
        if board.contains('/') {
            out.push(board);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::scan_boards;

    #[test]
    fn boards_end_at_space_or_colon() {
        let text =
            "  | fen:rbqqbr/tcssct/6/6/TCSSCT/RBQQBR:\n | fen: 8/8/3P4/8/8/8/1P6/8 a3,c3:\n fen:x";
        assert_eq!(
            scan_boards(text),
            ["rbqqbr/tcssct/6/6/TCSSCT/RBQQBR", "8/8/3P4/8/8/8/1P6/8"]
        );
    }
}
