//! What `fenpress convert --to markdown` adds to each diagram block: the
//! claims `check` reads in its caption, written as the block's own
//! `moves`, `illegal` and `after: { moves }`, so that a Markdown page
//! states them explicitly and `check` verifies the same thing on either
//! page. The caption stays. What a Markdown block cannot state (the move
//! just played, a reply given as a reason) and a caption whose moves
//! cannot be read become YAML comments, never silent guesses.

use crate::check::claims::{self, ClaimKind, MoveText};
use crate::diagram::spec;

/// The Markdown with the claims of every diagram block's caption written
/// into the block. Blocks without a caption, or that already state
/// claims, are left as they are.
///
/// ```
/// let md = "```diagram\nfen: 8/8/8/8/8/8/8/8\ncaption: \"1.Ke5 is impossible\"\n```\n";
/// let out = fenpress::site::annotate::annotate_markdown(md);
/// assert!(out.contains("illegal: [Ke5]\ncaption:"), "{out}");
/// ```
pub fn annotate_markdown(markdown: &str) -> String {
    let lines: Vec<&str> = markdown.split_inclusive('\n').collect();
    let mut out = String::with_capacity(markdown.len() + 256);
    let mut i = 0;
    while i < lines.len() {
        let open = lines[i].trim_end();
        if !(open.starts_with("```diagram") || open.starts_with("~~~diagram")) {
            out.push_str(lines[i]);
            i += 1;
            continue;
        }
        let fence = &open[..3];
        let end = (i + 1..lines.len())
            .find(|&k| lines[k].trim_start().starts_with(fence))
            .unwrap_or(lines.len());
        out.push_str(lines[i]);
        let body: Vec<&str> = lines[i + 1..end].to_vec();
        for l in annotate_block(&body) {
            out.push_str(&l);
        }
        if let Some(close) = lines.get(end) {
            out.push_str(close);
        }
        i = end + 1;
    }
    out
}

/// A move as the block writes it: `...` before a move of Black, the move
/// number when it belongs to a game, `e.p.` after an en-passant capture.
fn item(m: &MoveText, numbered: bool) -> String {
    let mut s = String::new();
    match (numbered, m.number, m.side) {
        (true, Some(n), Some(fenpress_rules::Color::Black)) => s.push_str(&format!("{n}...")),
        (true, Some(n), _) => s.push_str(&format!("{n}.")),
        (_, _, Some(fenpress_rules::Color::Black)) => s.push_str("..."),
        _ => {}
    }
    s.push_str(&m.text);
    if m.en_passant {
        s.push_str(" e.p.");
    }
    s
}

/// A YAML flow list; items that are not plain move text are quoted.
fn flow(items: &[String]) -> String {
    let plain = |s: &str| {
        !s.is_empty()
            && !s.starts_with(['-', '?', '&', '*', '!', '|', '>', '%', '@', '`', '\'', '"'])
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-.=+#@…".contains(c))
    };
    let shown: Vec<String> = items
        .iter()
        .map(|s| {
            if plain(s) {
                s.clone()
            } else {
                format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
            }
        })
        .collect();
    format!("[{}]", shown.join(", "))
}

fn annotate_block(body: &[&str]) -> Vec<String> {
    let unchanged = || body.iter().map(|l| l.to_string()).collect();
    let yaml: String = body.concat();
    let Ok(spec) = spec::parse_block(&yaml) else {
        return unchanged();
    };
    let Some(caption) = spec.caption.as_deref() else {
        return unchanged();
    };
    let stated = !spec.moves.is_empty()
        || !spec.illegal.is_empty()
        || spec.after.as_ref().is_some_and(|a| !a.moves.is_empty());
    if stated {
        return unchanged();
    }
    let read = claims::read_caption(caption);
    let mut legal = Vec::new();
    let mut illegal = Vec::new();
    let mut after_moves = Vec::new();
    let mut comments = Vec::new();
    for c in &read.claims {
        match c.kind {
            ClaimKind::Legal => legal.extend(c.moves.iter().map(|m| item(m, false))),
            ClaimKind::Illegal => illegal.extend(c.moves.iter().map(|m| item(m, false))),
            ClaimKind::Sequence if spec.after.is_some() && c.after => {
                after_moves.extend(c.moves.iter().map(|m| item(m, false)));
            }
            // A game or chain on one board: `check` reads a `moves` list
            // written so as the same sequence.
            ClaimKind::Sequence => legal.extend(c.moves.iter().map(|m| item(m, true))),
            ClaimKind::Previous => comments.push(format!(
                "# the caption says {} was just played",
                moves_text(&c.moves)
            )),
            ClaimKind::Reply => comments.push(format!(
                "# the caption gives {} as the reason",
                moves_text(&c.moves)
            )),
        }
    }
    for u in &read.unreadable {
        comments.push(format!("# fenpress check: {}", u.reason));
    }
    let mut added = Vec::new();
    if !legal.is_empty() {
        added.push(format!("moves: {}\n", flow(&legal)));
    }
    if !illegal.is_empty() {
        added.push(format!("illegal: {}\n", flow(&illegal)));
    }
    added.extend(comments.into_iter().map(|c| c + "\n"));
    let mut out: Vec<String> = Vec::new();
    let mut placed = false;
    let mut after_done = after_moves.is_empty();
    for l in body {
        let t = l.trim_start();
        if !placed && t.starts_with("caption:") {
            out.append(&mut added);
            placed = true;
        }
        if !after_done && t.starts_with("after:") && l.trim_end().ends_with('}') {
            let line = l.trim_end();
            let head = line[..line.len() - 1].trim_end();
            out.push(format!("{head}, moves: {} }}\n", flow(&after_moves)));
            after_done = true;
            continue;
        }
        out.push(l.to_string());
    }
    if !after_done {
        out.push(format!(
            "# fenpress check: the caption's moves {} lead to the second board\n",
            flow(&after_moves)
        ));
    }
    out.append(&mut added);
    out
}

fn moves_text(ms: &[MoveText]) -> String {
    ms.iter()
        .map(|m| m.text.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}
