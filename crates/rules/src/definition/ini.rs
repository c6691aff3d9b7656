//! `variant import`: a Fairy-Stockfish `variants.ini` section read into a
//! definition. Only the options that map onto the format are read (board
//! size, pieces by name or `customPieceN = x:Betza`, start FEN, promotion,
//! castling, double step, stalemate and extinction values, n-check, flag
//! piece and region); a section's parent (`[name:parent]`) other than
//! chess is not followed.

use super::leak;
use crate::piece::Kind;
use crate::variants::chesslike::{ChessLikeSpec, PieceSpec, ReachGoal, StalemateResult};

/// Why a section cannot be imported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("no section `[{0}]` in the file")]
    NoSection(String),
    #[error("line {line}: {message}")]
    Bad { line: usize, message: String },
}

/// Fairy-Stockfish piece names and their Betza moves.
fn named(name: &str) -> Option<&'static str> {
    Some(match name {
        "pawn" => "fmWfcF",
        "knight" => "N",
        "bishop" => "B",
        "rook" => "R",
        "queen" => "Q",
        "king" | "commoner" => "K",
        "archbishop" => "BN",
        "chancellor" => "RN",
        "amazon" => "QN",
        "fers" | "met" => "F",
        "wazir" => "W",
        "alfil" => "A",
        "dabbaba" => "D",
        "camel" => "C",
        "zebra" => "Z",
        "cannon" => "mRcpR",
        "grasshopper" => "gQ",
        "centaur" => "KN",
        "silver" => "FfW",
        "gold" => "WfF",
        "elephant" => "FA",
        _ => return None,
    })
}

/// Reads section `section` of a `variants.ini` text into a spec (named
/// after the section). The chess pieces are there unless the section
/// removes them (`knight = -`); `pieceToCharTable` and options this format
/// has no key for are ignored.
///
/// ```
/// use fenpress_rules::definition::{import_ini, print_definition};
/// let ini = "[capa:chess]\nmaxFile = j\narchbishop = a\nchancellor = c\nstartFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\npromotionPieceTypes = qrbnac\n";
/// let spec = import_ini(ini, "capa").unwrap();
/// assert_eq!((spec.cols, spec.rows), (10, 8));
/// assert!(print_definition(&spec).contains("betza: BN"));
/// ```
pub fn import_ini(text: &str, section: &str) -> Result<ChessLikeSpec, ImportError> {
    let lines = section_lines(text, section)?;
    let bad = |line: usize, message: String| ImportError::Bad { line, message };
    let mut spec = crate::variants::chess::spec();
    spec.name = leak(section.to_string());
    let mut pieces: Vec<PieceSpec> = spec.armies[0].clone();
    let mut start = String::from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let mut start_line = 1;
    let mut promotions: Option<Vec<Kind>> = None;
    let mut castling = true;
    let mut double_step = true;
    for (line, key, value) in &lines {
        let letter = |v: &str| v.chars().next().filter(|c| c.is_ascii_alphabetic());
        if win_key(&mut spec, key, value) {
            continue;
        }
        match key.as_str() {
            "maxRank" => {
                spec.rows = value
                    .parse()
                    .map_err(|_| bad(*line, format!("maxRank `{value}`")))?
            }
            "maxFile" => {
                spec.cols = match value.parse::<u8>() {
                    Ok(n) => n,
                    Err(_) => match letter(value) {
                        Some(c) => c.to_ascii_lowercase() as u8 - b'a' + 1,
                        None => return Err(bad(*line, format!("maxFile `{value}`"))),
                    },
                }
            }
            "startFen" => {
                start = value.clone();
                start_line = *line;
            }
            "promotionPieceTypes" => {
                promotions = Some(
                    value
                        .chars()
                        .filter(|c| c.is_ascii_alphabetic())
                        .map(|c| Kind(c.to_ascii_lowercase() as u8))
                        .collect(),
                )
            }
            "castling" => castling = value == "true",
            "doubleStep" => double_step = value == "true",
            k if k.starts_with("customPiece") => {
                let Some((l, betza)) = value.split_once(':') else {
                    return Err(bad(*line, format!("{k} `{value}`: expected letter:Betza")));
                };
                let Some(c) = letter(l) else {
                    return Err(bad(*line, format!("{k}: no letter")));
                };
                crate::betza::parse(betza).map_err(|e| bad(*line, e.to_string()))?;
                pieces.retain(|p| p.letter != c);
                pieces.push(PieceSpec::piece(
                    c.to_ascii_lowercase(),
                    leak(betza.to_string()),
                ));
            }
            name => {
                if let Some(betza) = named(name) {
                    pieces.retain(|p| p.betza != betza || p.letter == 'k' || p.pawn);
                    if let Some(c) = letter(value) {
                        let c = c.to_ascii_lowercase();
                        pieces.retain(|p| p.letter != c);
                        let mut p = PieceSpec::piece(c, betza).named(leak(name.to_string()));
                        p.pawn = name == "pawn";
                        p.royal = name == "king";
                        pieces.push(p);
                    }
                }
            }
        }
    }
    let fen = vchess_start(&mut spec, &start, pieces, promotions, castling, double_step);
    spec.start_fen = leak(fen);
    start_fits(&spec, start_line)?;
    Ok(spec)
}

/// The `key = value` lines of section `section` (comments cut), with their
/// 1-based line numbers.
fn section_lines(text: &str, section: &str) -> Result<Vec<(usize, String, String)>, ImportError> {
    let mut lines = Vec::new();
    let mut inside = false;
    let mut found = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split(['#', ';']).next().unwrap_or("").trim();
        if line.starts_with('[') && line.ends_with(']') {
            let name = line[1..line.len() - 1]
                .split(':')
                .next()
                .unwrap_or("")
                .trim();
            inside = name.eq_ignore_ascii_case(section);
            found |= inside;
            continue;
        }
        if inside && !line.is_empty() {
            if let Some((k, v)) = line.split_once('=') {
                lines.push((i + 1, k.trim().to_string(), v.trim().to_string()));
            }
        }
    }
    if !found {
        return Err(ImportError::NoSection(section.to_string()));
    }
    Ok(lines)
}

/// A key of how the game is won (`stalemateValue`, `extinctionPieceTypes`,
/// `nCheck`, `flagPiece`, `flagRegion`) read into `spec`; false for others.
fn win_key(spec: &mut ChessLikeSpec, key: &str, value: &str) -> bool {
    let letter = |v: &str| v.chars().next().filter(|c| c.is_ascii_alphabetic());
    match key {
        "stalemateValue" => {
            spec.win.stalemate = match value {
                "win" => StalemateResult::Win,
                "loss" => StalemateResult::Loss,
                _ => StalemateResult::Draw,
            }
        }
        "extinctionValue" if value == "loss" || value == "win" => {}
        "extinctionPieceTypes" => {
            for c in value.chars() {
                if c == '*' {
                    spec.win.extinction_all = true;
                } else if c.is_ascii_alphabetic() {
                    spec.win.extinction.push(Kind(c.to_ascii_lowercase() as u8));
                }
            }
        }
        "nCheck" => spec.win.checks = value.parse().unwrap_or(0),
        "flagPiece" => {
            let goal = spec.win.reach.get_or_insert_with(ReachGoal::default);
            if let Some(c) = letter(value) {
                goal.pieces = vec![Kind(c.to_ascii_lowercase() as u8)];
            }
        }
        "flagRegionWhite" | "flagRegion" => {
            let goal = spec.win.reach.get_or_insert_with(ReachGoal::default);
            for part in value.split(['*', ' ']).filter(|p| !p.is_empty()) {
                if let Ok(r) = part
                    .trim_start_matches(|c: char| c.is_alphabetic())
                    .parse::<u8>()
                {
                    if part.starts_with('*')
                        || part.chars().next().is_some_and(|c| c.is_ascii_digit())
                    {
                        goal.ranks.push(r.saturating_sub(1));
                    } else {
                        goal.squares.push(leak(part.to_string()));
                    }
                }
            }
        }
        _ => return false,
    }
    true
}

/// The armies, promotions, double steps and castling of the section put in
/// `spec`, and its start as a vchess FEN (board, turn, move counter,
/// castling files, en passant).
fn vchess_start(
    spec: &mut ChessLikeSpec,
    start: &str,
    pieces: Vec<PieceSpec>,
    promotions: Option<Vec<Kind>>,
    castling: bool,
    double_step: bool,
) -> String {
    let mut fields = start.split_whitespace();
    let board = fields.next().unwrap_or("").to_string();
    let turn = fields.next().unwrap_or("w");
    spec.armies = [pieces.clone(), pieces];
    if let Some(p) = promotions {
        spec.promotions = [p.clone(), p];
    }
    spec.double_step = [double_step; 2];
    spec.castling = [castling; 2];
    let mut fen = format!("{board} {turn} 0");
    if castling {
        let rows: Vec<&str> = board.split('/').collect();
        let files = |row: &str, rook: char| -> String {
            let mut file = 0u8;
            let mut found = Vec::new();
            let mut digits = String::new();
            for c in row.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                file += digits.parse::<u8>().unwrap_or(0);
                digits.clear();
                if c == rook {
                    found.push((b'a' + file) as char);
                }
                file += 1;
            }
            let none = (b'a' + spec.cols) as char;
            let first = found.first().copied().unwrap_or(none);
            let last = if found.len() > 1 {
                found.last().copied().unwrap_or(none)
            } else {
                none
            };
            format!("{first}{last}")
        };
        let white = rows.last().map(|r| files(r, 'R')).unwrap_or_default();
        let black = rows.first().map(|r| files(r, 'r')).unwrap_or_default();
        fen.push_str(&format!(" {white}{black}"));
    }
    if double_step {
        fen.push_str(" -");
    }
    fen
}

/// A section whose start does not fit its board (a row too long, a letter
/// no piece has) is refused, as a YAML definition's is: its variant could
/// not be played.
fn start_fits(spec: &ChessLikeSpec, line: usize) -> Result<(), ImportError> {
    let bad = |message: String| ImportError::Bad { line, message };
    let rules =
        crate::variants::chesslike::ChessLike::new(spec.clone()).map_err(|e| bad(e.to_string()))?;
    crate::validate::position_from_fen(&rules, spec.start_fen)
        .map(|_| ())
        .map_err(|e| bad(format!("startFen does not fit the variant: {e}")))
}
