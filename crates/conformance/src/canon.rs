//! One canonical shape for a move of either engine, so move sets compare as
//! sets: start, end, the pieces that vanish and appear (`e2:wp`, sorted:
//! what playing the move changes on the board, so a simultaneous move's
//! resolution counts), and the flags that change what the move means
//! (chain goes on, speculative).

use std::collections::BTreeMap;
use std::fmt;

use fenpress_rules::{Color, Move, Position, Rules};

use crate::oracle::{VMove, VPiece};

/// A move of either engine in comparable form.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CanonMove {
    /// Start square; `@` when nothing leaves it (a drop).
    pub start: String,
    /// End square; for a castling-like move (two pieces of the mover move,
    /// nothing else) the square where the piece from `start` lands, since
    /// vchess names the rook's square when the king moves two files or less.
    pub end: String,
    /// `square:color+kind` (`e2:wp`), sorted; a piece that vanishes and
    /// appears again on its square is in neither list.
    pub vanish: Vec<String>,
    pub appear: Vec<String>,
    /// `chain` (the turn goes on: a Paco Sako release, Janggi's first
    /// set-up swap), `speculative` (Apocalypse).
    pub flags: Vec<&'static str>,
}

impl fmt::Display for CanonMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}  vanish [{}] appear [{}]",
            self.start,
            self.end,
            self.vanish.join(","),
            self.appear.join(",")
        )?;
        for flag in &self.flags {
            write!(f, " {flag}")?;
        }
        Ok(())
    }
}

impl CanonMove {
    /// Start and end squares, as in `e2e4`.
    pub fn coords(&self) -> String {
        format!("{}{}", self.start, self.end)
    }
}

/// Variants whose vchess sub-turns fenpress plays as chains (the move
/// `continues`: Janggi's set-up swaps, Madhouse's placement after a
/// capture, Teleport's placement after a self-capture, Take and Make's
/// make after a capture, Convert's converted piece's move, Sittuyin's and
/// Screen's placement turns, Pandemonium's first set-up swap, the moves of
/// a multi-move turn before its last: Doublemove1, Doublemove2, Monster,
/// Progressive1, Progressive2; Avalanche's pick and move before its push;
/// Ambiguous's execution before its mark; Swap's move before its swap;
/// Dynamo's first part (a move or a push) before its second (a pull or
/// the pusher following); Emergo's capture that another may follow;
/// Yoté's capture before its removal; Fanorona's and Interweave's capture
/// that another capture may follow; Football's move or kick after which a
/// piece of the mover stands next to the ball; Checkered's switch before
/// the checkered move; Eightpieces' sentry leaving for the piece it
/// pushes, before that piece's move);
/// elsewhere a sub-turn is another model (Pocketknight's two-ply drop is a
/// listed deviation).
const SUB_TURN_CHAINS: &[&str] = &[
    "Ambiguous",
    "Avalanche",
    "Bario",
    "Chakart",
    "Checkered",
    "Convert",
    "Doublemove1",
    "Doublemove2",
    "Dynamo",
    "Eightpieces",
    "Emergo",
    "Fanorona",
    "Football",
    "Interweave",
    "Janggi",
    "Madhouse",
    "Monster",
    "Pandemonium1",
    "Pandemonium2",
    "Progressive1",
    "Progressive2",
    "Screen",
    "Sittuyin",
    "Swap",
    "Takenmake",
    "Teleport1",
    "Teleport2",
    "Yote",
];

/// Variants whose move in place (start and end on one square) vchess makes
/// from off the board (its move starts there): Avalanche's pick of a
/// pushed pawn's promotion, Stealthbomb's loading of a piece.
const PICKS_OFF_BOARD: &[&str] = &["Avalanche", "Stealthbomb1", "Stealthbomb2"];

/// Variants whose refusal replays the opponent's last move backwards.
const REFUSALS: &[&str] = &["Refusal1", "Refusal2"];

/// Dice's roll a move brings, as a flag (the roll is no piece on the
/// board): `roll p` ... `roll k`.
fn roll_flag(kind: char) -> &'static str {
    match kind {
        'p' => "roll p",
        'r' => "roll r",
        'n' => "roll n",
        'b' => "roll b",
        'q' => "roll q",
        'k' => "roll k",
        _ => "roll ?",
    }
}

fn chakart_egg(
    rules: &dyn Rules,
    mv: &Move,
) -> Option<fenpress_rules::variants::chakart::sim::Egg> {
    (rules.name() == "Chakart")
        .then(|| fenpress_rules::variants::chakart::egg_of(mv))
        .flatten()
}

/// Chakart's egg effect a move meets, as a flag: King Boo, Toadette and
/// Daisy change nothing on the board but what comes next.
fn egg_flag(site_name: &str) -> &'static str {
    match site_name {
        "kingboo" => "egg kingboo",
        "koopa" => "egg koopa",
        "toadette" => "egg toadette",
        "chomp" => "egg chomp",
        "daisy" => "egg daisy",
        "bowser" => "egg bowser",
        "luigi" => "egg luigi",
        "waluigi" => "egg waluigi",
        _ => "egg ?",
    }
}

/// The piece a Synchrone1 White choice promotes to, as a flag (the choice
/// changes nothing on the board): `promotes q` ... `promotes n`.
fn promotion_flag(kind: char) -> &'static str {
    match kind {
        'q' => "promotes q",
        'r' => "promotes r",
        'b' => "promotes b",
        'n' => "promotes n",
        _ => "promotes ?",
    }
}

fn token(square: &str, color: char, kind: char) -> String {
    format!("{square}:{color}{kind}")
}

/// A fenpress move: start and end from its intent, pieces from what
/// [`Rules::play`] changes on the board (`pos` is left as it was).
pub fn from_fenpress(rules: &dyn Rules, pos: &mut Position, mv: &Move) -> CanonMove {
    let g = rules.geometry();
    let declared = |ps: &[fenpress_rules::moves::Placement]| -> Vec<(String, Color, String)> {
        ps.iter()
            .map(|p| {
                (
                    g.square_name(p.square),
                    p.piece.color,
                    p.piece.kind.char().to_string(),
                )
            })
            .collect()
    };
    let before = pos.board.clone();
    let undo = rules.play(pos, mv);
    let mut vanish = Vec::new();
    let mut appear = Vec::new();
    for sq in g.squares() {
        let (was, now) = (
            shown(rules, before.cell(sq)),
            shown(rules, pos.board.cell(sq)),
        );
        if was != now {
            let name = g.square_name(sq);
            // A square spelt with two characters (Emergo's stack) is one
            // token, as the site's engine has it.
            if rules.cell_spelling() == fenpress_rules::fen::CellSpelling::Pair {
                if let Some(t) = rules.encode_cell_text(was) {
                    vanish.push(format!("{name}:{t}"));
                }
                if let Some(t) = rules.encode_cell_text(now) {
                    appear.push(format!("{name}:{t}"));
                }
                continue;
            }
            vanish.extend(cell_tokens(&name, was));
            appear.extend(cell_tokens(&name, now));
        }
    }
    rules.unplay(pos, mv, undo);
    let mut flags = Vec::new();
    if mv.intent.continues {
        flags.push("chain");
    }
    if rules.move_note(mv) == Some("speculative") {
        flags.push("speculative");
    }
    if rules.name() == "Dice" {
        if let Some(kind) = fenpress_rules::variants::turns::dice::roll_of(mv) {
            flags.push(roll_flag(kind.char()));
        }
    }
    if let Some(egg) = chakart_egg(rules, mv) {
        flags.push(egg_flag(egg.site_name()));
    }
    if rules.name().starts_with("Synchrone") && mv.color() == Color::White {
        if let Some(kind) = mv.intent.promotion {
            flags.push(promotion_flag(kind.char()));
        }
    }
    let vanish_d = declared(mv.effect.vanish.as_slice());
    let appear_d = declared(mv.effect.appear.as_slice());
    // Chakart has no castling (its objects would look like the mover's
    // second piece): its moves keep their squares.
    let (start, end) = if rules.name() == "Chakart" {
        (g.square_name(mv.intent.from), g.square_name(mv.intent.to))
    } else {
        squares(
            g.square_name(mv.intent.from),
            g.square_name(mv.intent.to),
            mv.color(),
            &vanish_d,
            &appear_d,
        )
    };
    // A drop: none of the mover's pieces leaves the board, one arrives. Not
    // a chain step (a Paco Sako released piece starts from its union, as
    // in vchess), nor a failed Apocalypse speculation (nothing of the mover
    // arrives).
    // A declared drop is one too, whoever's piece it places (Madhouse's
    // capturer places the enemy's piece).
    // A refusal (Refusal1, Refusal2) puts back the opponent's piece and
    // what it took: a move back, not a drop.
    // Avalanche's pick of a pushed pawn's promotion: vchess takes the
    // piece from its reserve, off the board.
    let pick = PICKS_OFF_BOARD.contains(&rules.name()) && mv.intent.from == mv.intent.to;
    // Chakart's Toadette puts a piece back, maybe onto an object (a Black
    // piece): its move says so.
    let chakart = rules.name() == "Chakart";
    let drop = pick
        || (chakart && fenpress_rules::variants::chakart::is_placement(mv))
        || !chakart
            && mv.intent.chain_step == 0
            && !REFUSALS.contains(&rules.name())
            && (mv.is_drop()
                || (!vanish_d.iter().any(|p| p.1 == mv.color())
                    && appear_d.iter().any(|p| p.1 == mv.color())));
    let start = if drop { "@".to_string() } else { start };
    let start = match bario_pick(
        rules,
        mv.effect.vanish.is_empty() && mv.effect.appear.is_empty(),
    ) {
        true => format!("@{}", mv.intent.piece.kind.char()),
        false => start,
    };
    finish(start, end, vanish, appear, flags)
}

/// The tokens of what stands on a square: each piece, or a shared piece
/// (Checkered's) as vchess colours it, `c` (`e4:cn`).
fn cell_tokens(name: &str, cell: fenpress_rules::Cell) -> Vec<String> {
    if let Some(kind) = cell.shared_kind() {
        return vec![token(name, 'c', kind.char())];
    }
    cell.pieces()
        .map(|p| token(name, p.color.fen_char(), p.kind.char()))
        .collect()
}

/// Whether a move is a Bario pick (its side names the reserve piece an
/// undefined piece taken was): nothing changes on the board, so both
/// engines' picks are told apart by the piece named, written after the `@`.
fn bario_pick(rules: &dyn Rules, changes_nothing: bool) -> bool {
    rules.name() == "Bario" && changes_nothing
}

/// A cell as the FEN shows it: what its letter reads back as (Iceage's
/// piece frozen under a cube is a cube), else the cell itself.
fn shown(rules: &dyn Rules, cell: fenpress_rules::Cell) -> fenpress_rules::Cell {
    if cell.is_empty() {
        return cell;
    }
    rules
        .encode_cell(cell)
        .and_then(|c| rules.decode_cell(c))
        .unwrap_or(cell)
}

/// A vchess move: start and end as listed, pieces from what its `play()`
/// changes on the board. Pieces are read through fenpress's own FEN letters
/// ([`Rules::decode_cell`]), so a vchess union code (Paco Sako) becomes its
/// two pieces; a letter fenpress does not know stays as vchess wrote it.
pub fn from_vchess(rules: &dyn Rules, mv: &VMove) -> CanonMove {
    let rows = rules.geometry().rows() as i32;
    let expand = |ps: &[VPiece]| -> Vec<String> {
        let mut out = Vec::new();
        for p in ps {
            // Emergo's stack: its two characters, vchess's color and piece.
            if rules.cell_spelling() == fenpress_rules::fen::CellSpelling::Pair {
                out.push(format!("{}:{}{}", p.square, p.color, p.piece));
                continue;
            }
            let letter = p.piece.chars().next().unwrap_or('?');
            // Otage's union codes: its letter, then whose the union's first
            // piece is (w, b: White's; v, a: Black's) and who holds it;
            // fenpress's letter is uppercase when White's is first.
            let otage_union = rules.name() == "Otage" && rules.marked_letter(letter);
            let fen_char = match p.color.as_str() {
                "w" => letter.to_ascii_uppercase(),
                "b" if otage_union => letter.to_ascii_uppercase(),
                _ => letter,
            };
            // Chakart's objects (vchess's colour `a`: banana, bomb, egg,
            // mushroom) are Black pieces of those letters in fenpress, as
            // the site's FEN writes them.
            let object = rules.name() == "Chakart" && p.color == "a";
            let known_color = p.color == "w" || p.color == "b" || otage_union || object;
            match rules.decode_cell(fen_char).filter(|_| p.piece.len() == 1) {
                Some(cell) if !cell.is_empty() && known_color => {
                    for piece in cell.pieces() {
                        out.push(token(&p.square, piece.color.fen_char(), piece.kind.char()));
                    }
                }
                // A neutral piece (Iceage's cube, color `c`) that fenpress
                // reads from its letter is fenpress's piece.
                Some(cell) if !cell.is_empty() && p.color == p.piece => {
                    for piece in cell.pieces() {
                        out.push(token(&p.square, piece.color.fen_char(), piece.kind.char()));
                    }
                }
                _ => out.push(format!("{}:{}{}", p.square, p.color, p.piece)),
            }
        }
        out
    };
    let declared = |ps: &[VPiece]| -> Vec<(String, Color, String)> {
        ps.iter()
            .map(|p| {
                let c = if p.color == "w" {
                    Color::White
                } else {
                    Color::Black
                };
                (p.square.clone(), c, p.piece.clone())
            })
            .collect()
    };
    // vchess drops start off the board (rank 0 or below, or past the top).
    let on_board = |sq: &str| {
        sq.get(1..)
            .and_then(|r| r.parse::<i32>().ok())
            .is_some_and(|r| (1..=rows).contains(&r))
    };
    let start = if on_board(&mv.start) {
        mv.start.clone()
    } else if bario_pick(
        rules,
        mv.board_vanish.is_empty() && mv.board_appear.is_empty(),
    ) {
        // vchess's reserve square: its file is the index of the piece in
        // the reserve's order (rook, knight, bishop, queen).
        let index = mv
            .start
            .bytes()
            .next()
            .map_or(0, |f| f.saturating_sub(b'a'));
        let named = ['r', 'n', 'b', 'q']
            .get(usize::from(index))
            .copied()
            .unwrap_or('?');
        format!("@{named}")
    } else {
        "@".into()
    };
    let mover = match mv
        .vanish
        .first()
        .or(mv.appear.first())
        .map(|p| p.color.as_str())
    {
        Some("b") => Color::Black,
        _ => Color::White,
    };
    let flags = vchess_flags(rules, mv);
    // Emergo's pieces are stacks whose "color" is their first character:
    // no castling to recognise; nor in Chakart.
    let no_castling = rules.cell_spelling() == fenpress_rules::fen::CellSpelling::Pair
        || rules.name() == "Chakart";
    let (start, end) = if no_castling {
        (start, mv.end.clone())
    } else {
        squares(
            start,
            mv.end.clone(),
            mover,
            &declared(&mv.vanish),
            &declared(&mv.appear),
        )
    };
    // Sittuyin's promotion in place: vchess ends it one square behind the
    // pawn (its interface's gesture), fenpress on the pawn's own square.
    let in_place = rules.name() == "Sittuyin"
        && mv
            .vanish
            .iter()
            .any(|p| p.square == start && p.piece == "p")
        && mv
            .appear
            .iter()
            .any(|p| p.square == start && p.piece == "q");
    // Football's end of the turn changes nothing: vchess ends it on one
    // of the mover's pieces (its interface's gesture), fenpress on the
    // ball's square, where it starts.
    let nothing = mv.board_vanish.is_empty() && mv.board_appear.is_empty();
    let in_place = in_place || (rules.name() == "Football" && nothing);
    let end = if in_place { start.clone() } else { end };
    finish(
        start,
        end,
        expand(&mv.board_vanish),
        expand(&mv.board_appear),
        flags,
    )
}

/// The flags of a vchess move (see [`CanonMove::flags`]).
fn vchess_flags(rules: &dyn Rules, mv: &VMove) -> Vec<&'static str> {
    let mut flags = Vec::new();
    if mv.released.is_some() || (mv.keeps_turn && SUB_TURN_CHAINS.contains(&rules.name())) {
        flags.push("chain");
    }
    if mv.speculative {
        flags.push("speculative");
    }
    if let Some(roll) = &mv.roll {
        flags.push(roll_flag(roll.chars().next().unwrap_or('?')));
    }
    if let Some(effect) = &mv.effect {
        flags.push(egg_flag(effect));
    }
    // Synchrone1's White choice changes nothing on the board: its
    // promotion is told by the piece it would become.
    let choice = mv.board_vanish.is_empty() && mv.board_appear.is_empty();
    if rules.name().starts_with("Synchrone") && choice {
        let moved = mv.vanish.first().map(|p| p.piece.as_str());
        let landed = mv.appear.first().map(|p| p.piece.as_str());
        if let (Some("p"), Some(l)) = (moved, landed) {
            if l != "p" {
                flags.push(promotion_flag(l.chars().next().unwrap_or('?')));
            }
        }
    }
    flags
}

/// Start and end of either engine's move, from its declared lists
/// (square, color, kind): a castling-like move (two pieces of the mover, of two kinds, vanish and
/// appear, nothing else) ends where the piece from the start lands (vchess
/// names the rook's square, or the king's start ± 2, in Chess960).
fn squares(
    start: String,
    end: String,
    mover: Color,
    vanish: &[(String, Color, String)],
    appear: &[(String, Color, String)],
) -> (String, String) {
    let mine = |ps: &[(String, Color, String)]| ps.len() == 2 && ps.iter().all(|p| p.1 == mover);
    fn kinds(ps: &[(String, Color, String)]) -> Vec<&str> {
        let mut k: Vec<&str> = ps.iter().map(|p| p.2.as_str()).collect();
        k.sort();
        k
    }
    let mut end = end;
    // The piece from `start` appears once: a castling, also one whose rook
    // changes (Fullcavalry's lancer turns as it castles).
    let start_kind_once = vanish
        .iter()
        .find(|p| p.0 == start)
        .is_some_and(|s| appear.iter().filter(|p| p.2 == s.2).count() == 1);
    let alike = kinds(vanish) == kinds(appear) || start_kind_once;
    if mine(vanish) && mine(appear) && alike && vanish[0].2 != vanish[1].2 {
        if let Some(kind) = vanish.iter().find(|p| p.0 == start).map(|p| &p.2) {
            if let Some(p) = appear.iter().find(|p| p.2 == *kind) {
                end = p.0.clone();
            }
        }
    }
    (start, end)
}

/// Net effect, sorted: a piece that vanishes and appears on its own square
/// again (the other half of a union that stays) is no change.
fn finish(
    start: String,
    end: String,
    vanish: Vec<String>,
    appear: Vec<String>,
    flags: Vec<&'static str>,
) -> CanonMove {
    let mut count: BTreeMap<&str, i32> = BTreeMap::new();
    for t in &vanish {
        *count.entry(t).or_default() += 1;
    }
    for t in &appear {
        *count.entry(t).or_default() -= 1;
    }
    let mut v = Vec::new();
    let mut a = Vec::new();
    for (t, n) in count {
        for _ in 0..n.max(0) {
            v.push(t.to_string());
        }
        for _ in 0..(-n).max(0) {
            a.push(t.to_string());
        }
    }
    CanonMove {
        start,
        end,
        vanish: v,
        appear: a,
        flags,
    }
}

/// The moves only one side lists, as multisets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetDiff {
    pub vchess_only: Vec<CanonMove>,
    pub fenpress_only: Vec<CanonMove>,
}

impl SetDiff {
    pub fn is_empty(&self) -> bool {
        self.vchess_only.is_empty() && self.fenpress_only.is_empty()
    }
}

/// Compares two move lists as multisets.
pub fn diff(vchess: &[CanonMove], fenpress: &[CanonMove]) -> SetDiff {
    let mut count: BTreeMap<&CanonMove, i64> = BTreeMap::new();
    for m in vchess {
        *count.entry(m).or_default() += 1;
    }
    for m in fenpress {
        *count.entry(m).or_default() -= 1;
    }
    let mut d = SetDiff::default();
    for (m, n) in count {
        for _ in 0..n.max(0) {
            d.vchess_only.push(m.clone());
        }
        for _ in 0..(-n).max(0) {
            d.fenpress_only.push(m.clone());
        }
    }
    d
}

/// fenpress's FEN in the shape vchess's normalised one has: Apocalypse's
/// pending move loses its promotion (`=N`) and its via square (`a4b5>d3`
/// is `a4d3`), which vchess's JSON move does not spell the same way.
pub fn normalize_fenpress_fen(variant: &str, fen: &str) -> String {
    if variant.eq_ignore_ascii_case("koopa") {
        return koopa_stuns_sorted(fen);
    }
    if !variant.eq_ignore_ascii_case("apocalypse") {
        return fen.to_string();
    }
    let Some((head, last)) = fen.rsplit_once(' ') else {
        return fen.to_string();
    };
    if last == "-" || last.len() < 4 {
        return fen.to_string();
    }
    let mark = if last.ends_with('?') { "?" } else { "" };
    let core = last.trim_end_matches('?');
    let core = core.split('=').next().unwrap_or(core);
    let field = match core.split_once('>') {
        Some((path, to)) => format!("{}{to}", &path[..2.min(path.len())]),
        None => core.to_string(),
    };
    format!("{head} {field}{mark}")
}

/// Koopa's last field (stunned squares and their counts, `e54,b84`) in
/// square order, a1 first: vchess writes it in the order the pieces were
/// stunned (its object's keys), fenpress by square, the same set.
fn koopa_stuns_sorted(fen: &str) -> String {
    let Some((head, last)) = fen.rsplit_once(' ') else {
        return fen.to_string();
    };
    let mut items: Vec<&str> = last.split(',').collect();
    // Rank, then file: the order of fenpress's squares.
    items.sort_by_key(|it| {
        let b = it.as_bytes();
        (b.get(1).copied(), b.first().copied())
    });
    format!("{head} {}", items.join(","))
}

/// vchess's FEN in the shape fenpress writes it, where the two differ only
/// in spelling: Apocalypse's pending White move is a JSON move in vchess,
/// its coordinates (`a1c2`) in fenpress.
pub fn normalize_vchess_fen(variant: &str, rows: u8, fen: &str) -> String {
    if variant.eq_ignore_ascii_case("koopa") {
        return koopa_stuns_sorted(fen);
    }
    if variant.eq_ignore_ascii_case("synchrone1") || variant.eq_ignore_ascii_case("synchrone2") {
        return synchrone_pending_spelled(rows, fen);
    }
    if !variant.eq_ignore_ascii_case("apocalypse") {
        return fen.to_string();
    }
    let Some((i, v)) = pending_json(fen) else {
        return fen.to_string();
    };
    let sq = |c: &serde_json::Value| json_square(rows, c);
    // fenpress marks a speculative move with `?`.
    let mark = if v["end"]["illegal"] == serde_json::Value::Bool(true) {
        "?"
    } else {
        ""
    };
    match (sq(&v["start"]), sq(&v["end"])) {
        (Some(a), Some(b)) => format!("{} {a}{b}{mark}", &fen[..i]),
        _ => fen.to_string(),
    }
}

/// A vchess FEN's trailing JSON move (Apocalypse's and Synchrone1's
/// pending move): where it starts in the text, and the move.
fn pending_json(fen: &str) -> Option<(usize, serde_json::Value)> {
    let i = fen.find(" {")?;
    let v = serde_json::from_str(&fen[i + 1..]).ok()?;
    Some((i, v))
}

/// A vchess JSON square (`{"x": row from the top, "y": file}`) by its
/// name on a board of `rows` ranks.
fn json_square(rows: u8, c: &serde_json::Value) -> Option<String> {
    let (x, y) = (c["x"].as_i64()?, c["y"].as_i64()?);
    Some(format!(
        "{}{}",
        (b'a' + y as u8) as char,
        i64::from(rows) - x
    ))
}

/// Synchrone1's pending White move, a JSON move in vchess, as fenpress
/// writes it: its start, its `end`, and a pawn's promotion (`e7e8q`).
fn synchrone_pending_spelled(rows: u8, fen: &str) -> String {
    let Some((i, v)) = pending_json(fen) else {
        return fen.to_string();
    };
    let sq = |c: &serde_json::Value| json_square(rows, c);
    let moved = v["vanish"][0]["p"].as_str().unwrap_or("");
    let landed = v["appear"][0]["p"].as_str().unwrap_or(moved);
    let promo = if moved == "p" && landed != "p" {
        landed
    } else {
        ""
    };
    match (sq(&v["start"]), sq(&v["end"])) {
        (Some(a), Some(b)) => format!("{} {a}{b}{promo}", &fen[..i]),
        _ => fen.to_string(),
    }
}

/// A FEN's board field with every run of empty squares written as one
/// decimal number: vchess writes ten empty squares as `91`, fenpress as
/// `10`. `split_digits`: the run's digits are separate counts (vchess).
pub fn normalize_board_digits(fen: &str, split_digits: bool) -> String {
    let (board, rest) = match fen.split_once(' ') {
        Some((b, r)) => (b, Some(r)),
        None => (fen, None),
    };
    let mut out = String::new();
    let mut run: Option<u32> = None;
    let flush = |out: &mut String, run: &mut Option<u32>| {
        if let Some(n) = run.take() {
            out.push_str(&n.to_string());
        }
    };
    for c in board.chars() {
        match c.to_digit(10) {
            Some(d) => {
                let n = run.unwrap_or(0);
                run = Some(if split_digits { n + d } else { n * 10 + d });
            }
            None => {
                flush(&mut out, &mut run);
                out.push(c);
            }
        }
    }
    flush(&mut out, &mut run);
    match rest {
        Some(r) => format!("{out} {r}"),
        None => out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_runs_read_both_ways() {
        assert_eq!(normalize_board_digits("92/qr9 w 0", true), "11/qr9 w 0");
        assert_eq!(normalize_board_digits("11/qr9 w 0", false), "11/qr9 w 0");
    }

    #[test]
    fn apocalypse_pending_move_is_spelled_alike() {
        let v = r#"5/5/5/5/5 b 1 00 {"start":{"x":4,"y":0},"end":{"x":2,"y":1,"illegal":true}}"#;
        assert_eq!(
            normalize_vchess_fen("Apocalypse", 5, v),
            "5/5/5/5/5 b 1 00 a1b3?"
        );
        assert_eq!(
            normalize_fenpress_fen("Apocalypse", "5/5/5/5/5 b 1 00 a4b5>d3"),
            "5/5/5/5/5 b 1 00 a4d3"
        );
        assert_eq!(
            normalize_fenpress_fen("Apocalypse", "5/5/5/5/5 b 1 00 e4d5=N"),
            "5/5/5/5/5 b 1 00 e4d5"
        );
    }

    #[test]
    fn synchrone_pending_move_is_spelled_alike() {
        let v = r#"8/8/8/8/8/8/8/8 b 1 iiii -,-,- {"start":{"x":1,"y":6},"end":{"x":0,"y":6},"appear":[{"p":"r","c":"w","x":0,"y":6}],"vanish":[{"p":"p","c":"w","x":1,"y":6}]}"#;
        assert_eq!(
            normalize_vchess_fen("Synchrone1", 8, v),
            "8/8/8/8/8/8/8/8 b 1 iiii -,-,- g7g8r"
        );
        let v = r#"8/8/8/8/8/8/8/8 b 1 iiii -,-,e3 {"start":{"x":6,"y":4},"end":{"x":4,"y":4},"appear":[{"p":"p","c":"w","x":4,"y":4}],"vanish":[{"p":"p","c":"w","x":6,"y":4}]}"#;
        assert_eq!(
            normalize_vchess_fen("Synchrone1", 8, v),
            "8/8/8/8/8/8/8/8 b 1 iiii -,-,e3 e2e4"
        );
    }

    #[test]
    fn koopa_stuns_compare_as_sets() {
        let head = "nukqnrbb/pps2ppp/3s4/4s3/1P6/8/P1PPP1PP/BNQRNBKR b 1 iiii";
        let sorted = format!("{head} e54,d64,c74,b84");
        assert_eq!(
            normalize_vchess_fen("Koopa", 8, &format!("{head} b84,c74,d64,e54")),
            sorted
        );
        assert_eq!(normalize_fenpress_fen("Koopa", &sorted), sorted);
        assert_eq!(
            normalize_fenpress_fen("Koopa", &format!("{head} -")),
            format!("{head} -")
        );
    }
}
