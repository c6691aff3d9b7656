//! A [`ChessLikeSpec`] printed as a definition file (`fenpress variant
//! show`): what it prints, [`super::parse_definition`] reads back to the same
//! game. Keys that hold their default are left out.

use std::fmt::Write;

use crate::color::Color;
use crate::piece::Kind;
use crate::variants::chesslike::{
    BareKing, ChessLikeSpec, InitialMoves, PieceSpec, PieceZone, Repetition, StalemateResult,
};

/// A scalar as YAML: plain when safe, double-quoted otherwise.
fn scalar(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || " -_'.()".contains(c))
        && !s.starts_with([' ', '-', '\''])
        && !s.ends_with(' ')
        && !matches!(
            s,
            "true" | "false" | "yes" | "no" | "on" | "off" | "null" | "y" | "n" | "~"
        )
        && s.parse::<f64>().is_err();
    if plain {
        s.to_string()
    } else {
        let escaped = s.replace('\\', "\\\\").replace('"', "\\\"");
        format!("\"{escaped}\"")
    }
}

fn letters(kinds: &[Kind]) -> String {
    let list: Vec<String> = kinds.iter().map(|k| (k.0 as char).to_string()).collect();
    format!("[{}]", list.join(", "))
}

fn sides(v: [bool; 2]) -> &'static str {
    match v {
        [true, true] => "both",
        [true, false] => "white",
        [false, true] => "black",
        [false, false] => "none",
    }
}

fn same_piece(a: &PieceSpec, b: &PieceSpec) -> bool {
    a.letter == b.letter
        && a.betza == b.betza
        && a.royal == b.royal
        && a.pawn == b.pawn
        && a.name == b.name
        && a.name_fr == b.name_fr
        && a.name_es == b.name_es
        && a.promotes == b.promotes
        && a.reverts == b.reverts
        && a.en_passant == b.en_passant
}

fn piece_line(out: &mut String, p: &PieceSpec, side: Option<Color>) {
    let _ = write!(
        out,
        "  - {{ letter: {}, betza: {}",
        p.letter,
        scalar(&p.betza)
    );
    if p.pawn {
        out.push_str(", pawn: true");
    }
    if p.royal {
        out.push_str(", royal: true");
    }
    if let Some(to) = p.promotes {
        let _ = write!(out, ", promotes: {to}");
    }
    if let Some(from) = p.reverts {
        let _ = write!(out, ", reverts: {from}");
    }
    if p.en_passant {
        out.push_str(", en_passant: true");
    }
    if let Some(c) = side {
        let _ = write!(
            out,
            ", side: {}",
            if c == Color::White { "white" } else { "black" }
        );
    }
    for (key, name) in [("en", &p.name), ("fr", &p.name_fr), ("es", &p.name_es)] {
        if let Some(n) = name {
            let _ = write!(out, ", {key}: {}", scalar(n));
        }
    }
    out.push_str(" }\n");
}

/// Prints a spec as a definition file.
///
/// ```
/// use fenpress_rules::definition::{parse_definition, print_definition};
/// use fenpress_rules::variants::chess;
/// let text = print_definition(&chess::spec());
/// assert!(text.contains("board: 8x8"));
/// let again = parse_definition(&text, "Chess.yaml").unwrap();
/// assert_eq!(print_definition(&again), text);
/// ```
pub fn print_definition(spec: &ChessLikeSpec) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "name: {}", scalar(&spec.name));
    let _ = writeln!(out, "board: {}x{}", spec.cols, spec.rows);
    if !spec.holes.is_empty() {
        let _ = writeln!(out, "holes: [{}]", spec.holes.join(", "));
    }
    match (spec.wrap.files, spec.wrap.ranks) {
        (true, true) => out.push_str("wrap: both\n"),
        (true, false) => out.push_str("wrap: files\n"),
        (false, true) => out.push_str("wrap: ranks\n"),
        (false, false) => {}
    }
    print_pieces(&mut out, spec);
    let _ = writeln!(out, "start: {}", scalar(&spec.start_fen));
    print_armies(&mut out, spec);
    print_drops(&mut out, spec);
    print_explosions(&mut out, spec);
    print_promotion(&mut out, spec);
    section(&mut out, "pawns", &pawn_keys(spec));
    section(&mut out, "castling", &castling_keys(spec));
    section(&mut out, "royal", &royal_keys(spec));
    section(&mut out, "win", &win_keys(spec));
    let w = &spec.win;
    if w.compulsory_capture {
        out.push_str("compulsory_capture: true\n");
    }
    if spec.no_check_plies > 0 {
        let _ = writeln!(out, "no_check_plies: {}", spec.no_check_plies);
    }
    let passes = match spec.pass_on_stalemate {
        [false, false] => None,
        [true, true] => Some("both"),
        [true, false] => Some("white"),
        [false, true] => Some("black"),
    };
    if let Some(sides) = passes {
        let _ = writeln!(out, "pass_on_stalemate: {sides}");
    }
    if !spec.regions.is_empty() {
        out.push_str("regions:\n");
        for r in &spec.regions {
            let _ = write!(out, "  - {{ piece: {}", r.letter);
            for (key, names) in ["white", "black"].iter().zip(&r.squares) {
                if let Some(names) = names {
                    let _ = write!(out, ", {key}: [{}]", names.join(", "));
                }
            }
            out.push_str(" }\n");
        }
    }
    if spec.wins.forbid_check {
        out.push_str("giving_check: forbidden\n");
    }
    if spec.wins.immune_at_goal {
        out.push_str("immune_on_last_rank: true\n");
    }
    match spec.initial_moves {
        InitialMoves::StartSquares => {}
        InitialMoves::FirstRank => out.push_str("initial_moves: first_rank\n"),
        InitialMoves::FairyStockfish => out.push_str("initial_moves: fairy_stockfish\n"),
    }
    if spec.rotate_black {
        out.push_str("black_moves: turned\n");
    }
    if spec.fen.flags.is_some() || spec.fen.en_passant.is_some() {
        out.push_str("fen:\n");
        if let Some(f) = spec.fen.flags {
            let _ = writeln!(out, "  flags: {f}");
        }
        if let Some(e) = spec.fen.en_passant {
            let _ = writeln!(out, "  en_passant: {e}");
        }
    }
    out
}

/// `armies`: one flow line per army.
fn print_armies(out: &mut String, spec: &ChessLikeSpec) {
    let Some(choice) = &spec.army_choice else {
        return;
    };
    let code = |i: usize| choice.armies[i].code;
    let _ = writeln!(
        out,
        "armies:\n  default: {}{}",
        code(choice.default[0]),
        code(choice.default[1])
    );
    if !choice.every_side.is_empty() {
        let kinds: Vec<Kind> = choice.every_side.iter().map(|c| Kind(*c as u8)).collect();
        let _ = writeln!(out, "  every_side: {}", letters(&kinds));
    }
    out.push_str("  list:\n");
    for a in &choice.armies {
        let _ = write!(out, "    - {{ code: {}", a.code);
        if let Some(n) = &a.name {
            let _ = write!(out, ", name: {}", scalar(n));
        }
        let kinds: Vec<Kind> = a.pieces.iter().map(|c| Kind(*c as u8)).collect();
        let _ = write!(
            out,
            ", pieces: {}, first_rank: {}",
            letters(&kinds),
            scalar(&a.first_rank)
        );
        for (key, files) in [("king_to", a.king_to), ("rook_to", a.rook_to)] {
            if let Some([q, k]) = files {
                let _ = write!(
                    out,
                    ", {key}: [{}, {}]",
                    crate::geometry::file_char(q),
                    crate::geometry::file_char(k)
                );
            }
        }
        out.push_str(" }\n");
    }
}

/// `drops`: written even without keys (`drops: {}`), its presence giving
/// the hands.
fn print_drops(out: &mut String, spec: &ChessLikeSpec) {
    let Some(d) = &spec.drops else {
        return;
    };
    let mut keys = String::new();
    if !d.captures_to_hand {
        keys.push_str(
            "  captures_to_hand: false
",
        );
    }
    if !d.promoted.is_empty() {
        let mut pairs: Vec<String> = d
            .promoted
            .iter()
            .map(|(t, b)| format!("{b}: {t}"))
            .collect();
        pairs.sort();
        let _ = writeln!(keys, "  promoted: {{ {} }}", pairs.join(", "));
    }
    for (on, key) in [
        (d.pawn_first_rank, "pawn_first_rank"),
        (d.pawn_promotion_zone, "pawn_promotion_zone"),
        (d.immobility_illegal, "immobility_illegal"),
        (d.must_drop, "must_drop"),
        (d.gravity, "gravity"),
    ] {
        if on {
            let _ = writeln!(keys, "  {key}: true");
        }
    }
    if let Some((k, n)) = d.no_doubled {
        let _ = writeln!(keys, "  no_doubled: {k}");
        if n != 1 {
            let _ = writeln!(keys, "  no_doubled_count: {n}");
        }
    }
    for (side, key) in [(0, "white_squares"), (1, "black_squares")] {
        if !d.region[side].is_empty() {
            let _ = writeln!(keys, "  {key}: [{}]", d.region[side].join(", "));
        }
    }
    if keys.is_empty() {
        out.push_str(
            "drops: {}
",
        );
    } else {
        section(out, "drops", &keys);
    }
}

/// `explosions`: written even without keys (`explosions: {}`).
fn print_explosions(out: &mut String, spec: &ChessLikeSpec) {
    let Some(x) = &spec.explosions else {
        return;
    };
    let letters = |kinds: &[Kind]| -> String {
        let v: Vec<String> = kinds.iter().map(|k| (k.0 as char).to_string()).collect();
        v.join(", ")
    };
    let mut keys = String::new();
    for (list, key) in [(&x.spared, "spared"), (&x.immune, "immune")] {
        if !list.is_empty() {
            let _ = writeln!(keys, "  {key}: [{}]", letters(list));
        }
    }
    if x.opponent_must_remain {
        keys.push_str("  opponent_must_remain: true\n");
    }
    if keys.is_empty() {
        out.push_str("explosions: {}\n");
    } else {
        section(out, "explosions", &keys);
    }
}

/// `name:` and its indented keys, when it has any.
fn section(out: &mut String, name: &str, keys: &str) {
    if !keys.is_empty() {
        let _ = writeln!(out, "{name}:");
        out.push_str(keys);
    }
}

/// `pieces:`: a piece both sides have once, the others with their side.
fn print_pieces(out: &mut String, spec: &ChessLikeSpec) {
    out.push_str("pieces:\n");
    let [white, black] = &spec.armies;
    for p in white {
        match black.iter().find(|q| q.letter == p.letter) {
            Some(q) if same_piece(p, q) => piece_line(out, p, None),
            _ => piece_line(out, p, Some(Color::White)),
        }
    }
    for q in black {
        if !white.iter().any(|p| same_piece(p, q)) {
            piece_line(out, q, Some(Color::Black));
        }
    }
}

/// `promotion:`, when a side promotes.
fn print_promotion(out: &mut String, spec: &ChessLikeSpec) {
    let [wp, bp] = &spec.promotions;
    let piece_zone = match spec.promotion.pieces {
        PieceZone::LastRank => None,
        PieceZone::Zone { forced: false } => Some("optional"),
        PieceZone::Zone { forced: true } => Some("forced"),
    };
    let pawns = !wp.is_empty() || !bp.is_empty();
    if pawns
        || spec.wins.promote_to_enemy_king
        || piece_zone.is_some()
        || spec.promotion.squares.is_some()
        || !spec.promotion.limits.is_empty()
    {
        out.push_str("promotion:\n");
        if pawns || spec.wins.promote_to_enemy_king {
            let _ = writeln!(out, "  pieces: {}", letters(wp));
        }
        if wp != bp {
            let _ = writeln!(out, "  black_pieces: {}", letters(bp));
        }
        if spec.promotion.zone != 1 {
            let _ = writeln!(out, "  zone: {}", spec.promotion.zone);
        }
        if let Some(sides) = &spec.promotion.squares {
            for (key, names) in ["white_squares", "black_squares"].iter().zip(sides) {
                let _ = writeln!(out, "  {key}: [{}]", names.join(", "));
            }
        }
        if spec.promotion.optional {
            out.push_str("  forced: false\n");
        }
        if spec.promotion.only_lost {
            out.push_str("  only_lost: true\n");
        }
        if !spec.promotion.only_lost_pieces.is_empty() {
            let _ = writeln!(
                out,
                "  only_lost_pieces: {}",
                letters(&spec.promotion.only_lost_pieces)
            );
        }
        if !spec.promotion.limits.is_empty() {
            let mut pairs: Vec<String> = (spec.promotion.limits.iter())
                .map(|(k, n)| format!("{}: {n}", k.0 as char))
                .collect();
            pairs.sort();
            let _ = writeln!(out, "  limits: {{ {} }}", pairs.join(", "));
        }
        if spec.promotion.left_file {
            out.push_str("  left_file: true\n");
        }
        if spec.wins.promote_to_enemy_king {
            let _ = writeln!(out, "  enemy_king_zone: {}", spec.wins.enemy_king_zone);
        }
        if let Some(z) = piece_zone {
            let _ = writeln!(out, "  piece_zone: {z}");
        }
    }
}

/// The keys of `pawns:` that differ from the defaults.
fn pawn_keys(spec: &ChessLikeSpec) -> String {
    let has_pawns =
        [Color::White, Color::Black].map(|c| spec.armies[c.index()].iter().any(|p| p.pawn));
    let mut pawns = String::new();
    if spec.double_step != has_pawns {
        let _ = writeln!(pawns, "  double_step: {}", sides(spec.double_step));
    }
    if spec.pawn.max_step != 2 {
        let _ = writeln!(pawns, "  max_step: {}", spec.pawn.max_step);
    }
    if spec.pawn.init_rank != [1, 1] {
        let _ = writeln!(pawns, "  from_rank: {}", spec.pawn.init_rank[0] + 1);
    }
    if spec.wins.pawns_anywhere {
        pawns.push_str("  anywhere: true\n");
    }
    if let Some(r) = spec.pawn.up_to_rank {
        let _ = writeln!(pawns, "  up_to_rank: {}", r + 1);
    }
    if spec.pawn.file_flags {
        pawns.push_str("  file_flags: true\n");
    }
    if !spec.wins.pawn_extra_steps.is_empty() {
        let _ = writeln!(pawns, "  extra: {}", spec.wins.pawn_extra_steps);
    }

    pawns
}

/// The keys of `castling:` that differ from the defaults.
fn castling_keys(spec: &ChessLikeSpec) -> String {
    let rook = spec.castle.rook;
    let default_castling = [Color::White, Color::Black].map(|c| {
        let army = &spec.armies[c.index()];
        army.iter().any(|p| p.royal) && army.iter().any(|p| p.letter as u8 == rook.0)
    });
    let mut castling = String::new();
    // `castlers` turns chess castling off by itself.
    if spec.castling != default_castling && spec.wins.castlers.is_empty() {
        let _ = writeln!(castling, "  sides: {}", sides(spec.castling));
    }
    if rook != Kind::ROOK {
        let _ = writeln!(castling, "  rook: {}", rook.0 as char);
    }
    let files = |f: [u8; 2]| format!("[{}, {}]", (b'a' + f[0]) as char, (b'a' + f[1]) as char);
    if spec.castle.free {
        castling.push_str("  free: true\n");
    }
    if spec.castle.rank != 0 {
        let _ = writeln!(castling, "  rank: {}", spec.castle.rank + 1);
    }
    if let Some(f) = spec.castle.king_to {
        let _ = writeln!(castling, "  king_to: {}", files(f));
    }
    if let Some(f) = spec.castle.rook_to {
        let _ = writeln!(castling, "  rook_to: {}", files(f));
    }
    if !spec.wins.castlers.is_empty() {
        let list: Vec<String> = spec.wins.castlers.iter().map(char::to_string).collect();
        let _ = writeln!(castling, "  castlers: [{}]", list.join(", "));
    }

    castling
}

/// The keys of `royal:` that differ from one royal piece.
fn royal_keys(spec: &ChessLikeSpec) -> String {
    let w = &spec.win;
    let mut royal = String::new();
    if w.royals != Some(1) {
        match w.royals {
            None => royal.push_str("  count: any\n"),
            Some(n) => {
                let _ = writeln!(royal, "  count: {n}");
            }
        }
    }
    if w.spare_royals {
        royal.push_str("  spare: true\n");
    }
    if w.no_facing {
        royal.push_str("  no_facing: true\n");
    }

    royal
}

/// The keys of `win:` that differ from checkmate alone.
fn win_keys(spec: &ChessLikeSpec) -> String {
    let w = &spec.win;
    let mut win = String::new();
    if !w.checkmate {
        win.push_str("  checkmate: false\n");
    }
    match w.stalemate {
        StalemateResult::Draw => {}
        StalemateResult::Win => win.push_str("  stalemate: win\n"),
        StalemateResult::Loss => win.push_str("  stalemate: loss\n"),
    }
    if w.extinction_all || !w.extinction.is_empty() {
        let mut list: Vec<String> = w
            .extinction
            .iter()
            .map(|k| (k.0 as char).to_string())
            .collect();
        if w.extinction_all {
            list.push("all".into());
        }
        let _ = writeln!(win, "  extinction: [{}]", list.join(", "));
        if w.extinction_left > 0 {
            let _ = writeln!(win, "  extinction_left: {}", w.extinction_left);
        }
        if w.extinction_wins {
            win.push_str("  extinction_wins: true\n");
        }
    }
    match w.bare_king {
        BareKing::None => {}
        BareKing::Loss => win.push_str("  bare_king: loss\n"),
        BareKing::Draw => win.push_str("  bare_king: draw\n"),
        BareKing::Win => win.push_str("  bare_king: win\n"),
    }
    let reach = match (&w.reach, spec.campmate) {
        (Some(goal), _) => Some(goal.clone()),
        (None, true) => Some(crate::variants::chesslike::ReachGoal {
            pieces: spec.armies[0]
                .iter()
                .chain(&spec.armies[1])
                .filter(|p| p.royal)
                .map(|p| Kind(p.letter as u8))
                .fold(Vec::new(), |mut v, k| {
                    if !v.contains(&k) {
                        v.push(k);
                    }
                    v
                }),
            ranks: vec![spec.rows - 1],
            ..Default::default()
        }),
        (None, false) => None,
    };
    if let Some(goal) = reach {
        win.push_str("  reach:\n");
        if !goal.pieces.is_empty() {
            let _ = writeln!(win, "    pieces: {}", letters(&goal.pieces));
        }
        if !goal.ranks.is_empty() {
            let ranks: Vec<String> = goal.ranks.iter().map(|r| (r + 1).to_string()).collect();
            let _ = writeln!(win, "    ranks: [{}]", ranks.join(", "));
        }
        if !goal.squares.is_empty() {
            let _ = writeln!(win, "    squares: [{}]", goal.squares.join(", "));
        }
        let flags = [
            (goal.not_attacked, "not_attacked"),
            (goal.survives, "survives"),
            (goal.mirrored, "mirrored"),
            (goal.not_capturable, "not_capturable"),
            (goal.after_every_move, "after_every_move"),
            (goal.black_may_follow, "black_may_follow"),
            (goal.or_full, "or_full"),
            (goal.rotated, "rotated"),
        ];
        for (_, key) in flags.iter().filter(|(on, _)| *on) {
            let _ = writeln!(win, "    {key}: true");
        }
        if goal.count > 1 {
            let _ = writeln!(win, "    count: {}", goal.count);
        }
        match goal.side {
            Some(Color::White) => win.push_str("    side: white\n"),
            Some(Color::Black) => win.push_str("    side: black\n"),
            None => {}
        }
    }
    if !w.king_of_the_hill.is_empty() {
        let _ = writeln!(
            win,
            "  king_of_the_hill: [{}]",
            w.king_of_the_hill.join(", ")
        );
    }
    if w.checks != 0 {
        let _ = writeln!(win, "  checks: {}", w.checks);
    }
    if w.antichess {
        win.push_str("  antichess: true\n");
    }
    match w.castle_long {
        Some(crate::Color::White) => win.push_str("  castle_long: white\n"),
        Some(crate::Color::Black) => win.push_str("  castle_long: black\n"),
        None => {}
    }
    win.push_str(&repetition_keys(&w.repetition));
    if let Some(c) = &w.connect {
        win.push_str("  connect:\n");
        if c.n > 0 {
            let _ = writeln!(win, "    n: {}", c.n);
        }
        for (on, key) in [
            (c.horizontal, "horizontal"),
            (c.vertical, "vertical"),
            (c.diagonal, "diagonal"),
        ] {
            if !on {
                let _ = writeln!(win, "    {key}: false");
            }
        }
        if c.square > 0 {
            let _ = writeln!(win, "    square: {}", c.square);
        }
        if !c.pieces.is_empty() {
            let _ = writeln!(win, "    pieces: {}", letters(&c.pieces));
        }
        if c.misere {
            win.push_str("    misere: true\n");
        }
    }
    win
}

/// `win: repetition:` when it is not chess's threefold draw.
fn repetition_keys(r: &Repetition) -> String {
    let mut out = String::new();
    let chess = Repetition::default();
    if r.count != chess.count {
        let _ = writeln!(out, "    count: {}", r.count);
    }
    match r.result {
        StalemateResult::Draw => {}
        StalemateResult::Win => out.push_str("    result: win\n"),
        StalemateResult::Loss => out.push_str("    result: loss\n"),
    }
    if r.as_white {
        out.push_str("    as_white: true\n");
    }
    if r.perpetual_check_loses {
        out.push_str("    perpetual_check: loses\n");
    }
    if out.is_empty() {
        out
    } else {
        format!("  repetition:\n{out}")
    }
}
