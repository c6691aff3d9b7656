//! YAML text to a [`ChessLikeSpec`]: serde reads the shape (unknown keys are
//! errors), then each value is checked with its line and column kept, so an
//! error says where the mistake is and what to do.

use serde::Deserialize;
use serde_saphyr::Spanned;

use super::{name_from_file, DefinitionError, DefinitionErrorKind as K};
use crate::betza;
use crate::color::Color;
use crate::piece::Kind;
use crate::variants::chesslike::{
    ArmyChoice, ArmySpec, BareKing, ChessLike, ChessLikeSpec, Connect, DropSpec, ExplosionSpec,
    InitialMoves, PieceSpec, PieceZone, ReachGoal, StalemateResult,
};

type S<T> = Spanned<T>;
/// Resolves a piece letter of the definition (or says it names none).
type PieceOf<'a> = &'a dyn Fn(&ChessLikeSpec, &S<String>) -> Result<Kind, DefinitionError>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDef {
    #[serde(default)]
    name: Option<S<String>>,
    board: S<String>,
    #[serde(default)]
    holes: Vec<S<String>>,
    #[serde(default)]
    wrap: Option<S<String>>,
    pieces: Vec<RawPiece>,
    start: S<String>,
    #[serde(default)]
    promotion: Option<RawPromotion>,
    #[serde(default)]
    pawns: Option<RawPawns>,
    #[serde(default)]
    castling: Option<RawCastling>,
    #[serde(default)]
    royal: Option<RawRoyal>,
    #[serde(default)]
    win: Option<RawWin>,
    #[serde(default)]
    compulsory_capture: bool,
    #[serde(default)]
    no_check_plies: u8,
    #[serde(default)]
    pass_on_stalemate: Option<S<String>>,
    #[serde(default)]
    regions: Vec<RawRegion>,
    #[serde(default)]
    giving_check: Option<S<String>>,
    #[serde(default)]
    immune_on_last_rank: bool,
    #[serde(default)]
    fen: Option<RawFen>,
    #[serde(default)]
    initial_moves: Option<S<String>>,
    #[serde(default)]
    black_moves: Option<S<String>>,
    #[serde(default)]
    armies: Option<RawArmies>,
    #[serde(default)]
    drops: Option<RawDrops>,
    #[serde(default)]
    explosions: Option<RawExplosions>,
}

/// `explosions:`: every capture explodes (Atomic's family).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExplosions {
    /// Pieces the blast around the capture square spares (Atomic: `[p]`).
    #[serde(default)]
    spared: Vec<S<String>>,
    /// Pieces no explosion removes, not even as the capturer.
    #[serde(default)]
    immune: Vec<S<String>>,
    /// With antichess: emptying both sides does not win for the mover.
    #[serde(default)]
    opponent_must_remain: bool,
}

/// `drops:`: pieces in hand, dropped onto empty squares instead of a move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDrops {
    /// Captured pieces go to the capturer's hand (default: true).
    #[serde(default)]
    captures_to_hand: Option<bool>,
    /// `q: t`: a pawn promoted to `q` stands as `t` and goes back to hand
    /// as a pawn when captured (Crazyhouse); none: promoted pieces are
    /// captured as what they are (Loop chess).
    #[serde(default)]
    promoted: std::collections::BTreeMap<String, S<String>>,
    #[serde(default)]
    pawn_first_rank: bool,
    #[serde(default)]
    pawn_promotion_zone: bool,
    #[serde(default)]
    no_doubled: Option<S<String>>,
    #[serde(default)]
    no_doubled_count: Option<S<u8>>,
    #[serde(default)]
    white_squares: Vec<S<String>>,
    #[serde(default)]
    black_squares: Vec<S<String>>,
    #[serde(default)]
    immobility_illegal: bool,
    /// A side holding a piece must drop while it can (Picaria, Teeko).
    #[serde(default)]
    must_drop: bool,
    /// Drops land on the first rank or on another piece (Connect Four).
    #[serde(default)]
    gravity: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArmies {
    default: S<String>,
    #[serde(default)]
    every_side: Vec<S<String>>,
    list: Vec<RawArmy>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArmy {
    code: S<String>,
    #[serde(default)]
    name: Option<String>,
    pieces: Vec<S<String>>,
    first_rank: S<String>,
    #[serde(default)]
    king_to: Option<Vec<S<String>>>,
    #[serde(default)]
    rook_to: Option<Vec<S<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPiece {
    letter: S<String>,
    betza: S<String>,
    #[serde(default)]
    pawn: bool,
    #[serde(default)]
    royal: bool,
    #[serde(default)]
    side: Option<S<String>>,
    #[serde(default)]
    promotes: Option<S<String>>,
    #[serde(default)]
    reverts: Option<S<String>>,
    #[serde(default)]
    en_passant: bool,
    #[serde(default)]
    en: Option<String>,
    #[serde(default)]
    fr: Option<String>,
    #[serde(default)]
    es: Option<String>,
}

/// `regions:`: a piece that may not move off these squares, each side's.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRegion {
    piece: S<String>,
    #[serde(default)]
    white: Option<Vec<S<String>>>,
    #[serde(default)]
    black: Option<Vec<S<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPromotion {
    #[serde(default)]
    pieces: Vec<S<String>>,
    #[serde(default)]
    black_pieces: Option<Vec<S<String>>>,
    #[serde(default)]
    zone: Option<S<u8>>,
    #[serde(default)]
    forced: Option<bool>,
    #[serde(default)]
    only_lost: bool,
    #[serde(default)]
    only_lost_pieces: Vec<S<String>>,
    /// `q: 1`: a promotion makes a queen only while its side has fewer
    /// than one on the board.
    #[serde(default)]
    limits: std::collections::BTreeMap<String, S<u8>>,
    #[serde(default)]
    left_file: bool,
    #[serde(default)]
    enemy_king_zone: Option<S<u8>>,
    #[serde(default)]
    piece_zone: Option<S<String>>,
    #[serde(default)]
    white_squares: Option<Vec<S<String>>>,
    #[serde(default)]
    black_squares: Option<Vec<S<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPawns {
    #[serde(default)]
    double_step: Option<S<String>>,
    #[serde(default)]
    max_step: Option<S<u8>>,
    #[serde(default)]
    from_rank: Option<S<u8>>,
    #[serde(default)]
    anywhere: bool,
    #[serde(default)]
    extra: Option<S<String>>,
    #[serde(default)]
    up_to_rank: Option<S<u8>>,
    #[serde(default)]
    file_flags: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCastling {
    #[serde(default)]
    sides: Option<S<String>>,
    #[serde(default)]
    rook: Option<S<String>>,
    #[serde(default)]
    king_to: Option<Vec<S<String>>>,
    #[serde(default)]
    rook_to: Option<Vec<S<String>>>,
    #[serde(default)]
    rank: Option<S<u8>>,
    #[serde(default)]
    free: bool,
    #[serde(default)]
    castlers: Vec<S<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRoyal {
    #[serde(default)]
    count: Option<S<String>>,
    #[serde(default)]
    spare: bool,
    #[serde(default)]
    no_facing: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWin {
    #[serde(default)]
    checkmate: Option<bool>,
    #[serde(default)]
    stalemate: Option<S<String>>,
    #[serde(default)]
    extinction: Vec<S<String>>,
    #[serde(default)]
    extinction_left: u8,
    #[serde(default)]
    extinction_wins: bool,
    #[serde(default)]
    bare_king: Option<S<String>>,
    #[serde(default)]
    reach: Option<RawReach>,
    #[serde(default)]
    king_of_the_hill: Vec<S<String>>,
    #[serde(default)]
    checks: u8,
    #[serde(default)]
    antichess: bool,
    #[serde(default)]
    castle_long: Option<S<String>>,
    #[serde(default)]
    repetition: Option<RawRepetition>,
    #[serde(default)]
    connect: Option<S<RawConnect>>,
}

/// `win.connect`: a row (or square block) of the mover's pieces ends the game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConnect {
    /// Pieces in a row (tic-tac-toe: 3).
    #[serde(default)]
    n: Option<S<u8>>,
    #[serde(default)]
    horizontal: Option<bool>,
    #[serde(default)]
    vertical: Option<bool>,
    #[serde(default)]
    diagonal: Option<bool>,
    /// A block of this many by this many pieces (Teeko: 2).
    #[serde(default)]
    square: Option<S<u8>>,
    #[serde(default)]
    pieces: Vec<S<String>>,
    /// The side that makes the row loses.
    #[serde(default)]
    misere: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRepetition {
    #[serde(default)]
    count: Option<u8>,
    #[serde(default)]
    result: Option<S<String>>,
    #[serde(default)]
    as_white: bool,
    #[serde(default)]
    perpetual_check: Option<S<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReach {
    #[serde(default)]
    pieces: Vec<S<String>>,
    #[serde(default)]
    ranks: Vec<S<u8>>,
    #[serde(default)]
    squares: Vec<S<String>>,
    #[serde(default)]
    not_attacked: bool,
    #[serde(default)]
    survives: bool,
    #[serde(default)]
    mirrored: bool,
    #[serde(default)]
    not_capturable: Option<S<bool>>,
    #[serde(default)]
    after_every_move: bool,
    #[serde(default)]
    black_may_follow: Option<S<bool>>,
    #[serde(default)]
    count: Option<S<u8>>,
    #[serde(default)]
    or_full: Option<S<bool>>,
    #[serde(default)]
    rotated: Option<S<bool>>,
    #[serde(default)]
    side: Option<S<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFen {
    #[serde(default)]
    flags: Option<bool>,
    #[serde(default)]
    en_passant: Option<bool>,
}

/// Every key of a definition file, by where it is written (`""` for the
/// top level, `pieces[]` for a piece, `win.reach` for the goal of
/// reaching a square...): read from the reader's own structs, so the
/// reference (`fenpress reference`) cannot list a key the reader refuses
/// or miss one it takes.
pub fn definition_keys() -> Vec<(&'static str, &'static [&'static str])> {
    vec![
        ("", fields_of::<RawDef>()),
        ("pieces[]", fields_of::<RawPiece>()),
        ("promotion", fields_of::<RawPromotion>()),
        ("pawns", fields_of::<RawPawns>()),
        ("castling", fields_of::<RawCastling>()),
        ("royal", fields_of::<RawRoyal>()),
        ("win", fields_of::<RawWin>()),
        ("win.reach", fields_of::<RawReach>()),
        ("win.repetition", fields_of::<RawRepetition>()),
        ("win.connect", fields_of::<RawConnect>()),
        ("fen", fields_of::<RawFen>()),
        ("armies", fields_of::<RawArmies>()),
        ("armies.list[]", fields_of::<RawArmy>()),
        ("drops", fields_of::<RawDrops>()),
        ("explosions", fields_of::<RawExplosions>()),
    ]
}

/// The field names serde's derive hands to `deserialize_struct`.
fn fields_of<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    struct Fields(Option<&'static [&'static str]>);
    #[derive(Debug)]
    struct Stop;
    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("stop")
        }
    }
    impl std::error::Error for Stop {}
    impl serde::de::Error for Stop {
        fn custom<M: std::fmt::Display>(_: M) -> Self {
            Stop
        }
    }
    impl<'de> serde::Deserializer<'de> for &mut Fields {
        type Error = Stop;
        fn deserialize_any<V: serde::de::Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
            Err(Stop)
        }
        fn deserialize_struct<V: serde::de::Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Stop> {
            self.0 = Some(fields);
            Err(Stop)
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf option unit unit_struct newtype_struct seq tuple
            tuple_struct map enum identifier ignored_any
        }
    }
    let mut fields = Fields(None);
    let _ = T::deserialize(&mut fields);
    fields.0.unwrap_or(&[])
}

struct Ctx<'a> {
    file: &'a str,
}

impl Ctx<'_> {
    fn err<T>(&self, at: &S<T>, kind: K) -> DefinitionError {
        DefinitionError {
            file: self.file.to_string(),
            line: at.referenced.line(),
            col: at.referenced.column(),
            kind,
        }
    }
    fn err_at(&self, line: u64, col: u64, kind: K) -> DefinitionError {
        DefinitionError {
            file: self.file.to_string(),
            line,
            col,
            kind,
        }
    }
    fn letter(&self, s: &S<String>) -> Result<Kind, DefinitionError> {
        let mut chars = s.value.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_lowercase() => Ok(Kind(c as u8)),
            _ => Err(self.err(s, K::BadLetter(s.value.clone()))),
        }
    }
    fn file_letter(&self, s: &S<String>, cols: u8) -> Result<u8, DefinitionError> {
        let mut chars = s.value.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_lowercase() && (c as u8 - b'a') < cols => {
                Ok(c as u8 - b'a')
            }
            _ => Err(self.err(
                s,
                K::BadValue {
                    key: "file",
                    value: s.value.clone(),
                    expected: "a file letter of the board",
                },
            )),
        }
    }
    fn sides(&self, s: &S<String>, key: &'static str) -> Result<[bool; 2], DefinitionError> {
        Ok(match s.value.as_str() {
            "both" | "true" => [true, true],
            "white" => [true, false],
            "black" => [false, true],
            "none" | "false" => [false, false],
            _ => {
                return Err(self.err(
                    s,
                    K::BadValue {
                        key,
                        value: s.value.clone(),
                        expected: "both, white, black or none",
                    },
                ))
            }
        })
    }
}

/// Reads a definition. `file` names it in errors and, when the text has no
/// `name:`, gives the variant's name (`variants/Mycapa.yaml` is `Mycapa`).
///
/// ```
/// use fenpress_rules::definition::parse_definition;
/// let text = "board: 8x8\npieces:\n  - { letter: k, betza: K, royal: true }\nstart: 4k3/8/8/8/8/8/8/4K3 w 0\n";
/// let spec = parse_definition(text, "variants/Kings.yaml").unwrap();
/// assert_eq!((&*spec.name, spec.cols, spec.rows), ("Kings", 8, 8));
/// let err = parse_definition("board: 8x8\npieces: []\nstart: 8/8 w 0\ncolour: red\n", "x.yaml").unwrap_err();
/// assert_eq!(err.line, 4);
/// ```
pub fn parse_definition(text: &str, file: &str) -> Result<ChessLikeSpec, DefinitionError> {
    let ctx = Ctx { file };
    let raw: RawDef = serde_saphyr::from_str(text).map_err(|e| {
        let (line, col) = e
            .location()
            .map(|l| (l.line(), l.column()))
            .unwrap_or((0, 0));
        // The rendered error may carry a source snippet: keep its first line.
        let message = e.to_string();
        let mut first = message.lines().next().unwrap_or("").trim();
        first = first.strip_prefix("error: ").unwrap_or(first);
        // Our own prefix says where: drop the library's "line L column C: ".
        if first.starts_with("line ") {
            if let Some((_, rest)) = first.split_once(": ") {
                first = rest;
            }
        }
        ctx.err_at(line, col, K::Yaml(first.to_string()))
    })?;
    build(&ctx, raw)
}

fn build(ctx: &Ctx, raw: RawDef) -> Result<ChessLikeSpec, DefinitionError> {
    let mut spec = ChessLikeSpec {
        name: match &raw.name {
            Some(n) => n.value.clone(),
            None => name_from_file(ctx.file).to_string(),
        }
        .into(),
        ..Default::default()
    };
    board(ctx, &raw, &mut spec)?;
    pieces(ctx, &raw, &mut spec)?;
    promotion(ctx, &raw, &mut spec)?;
    pawns(ctx, &raw, &mut spec)?;
    castling(ctx, &raw, &mut spec)?;
    royalty_and_rest(ctx, &raw, &mut spec)?;
    if let Some(a) = &raw.armies {
        armies(ctx, a, &mut spec)?;
    }
    if let Some(d) = &raw.drops {
        drops(ctx, d, &mut spec)?;
    }
    regions_alone(ctx, &raw, &spec)?;
    if let Some(x) = &raw.explosions {
        let kinds = |list: &[S<String>]| -> Result<Vec<Kind>, DefinitionError> {
            list.iter().map(|s| piece_of(ctx, &spec, s)).collect()
        };
        spec.explosions = Some(ExplosionSpec {
            spared: kinds(&x.spared)?,
            immune: kinds(&x.immune)?,
            opponent_must_remain: x.opponent_must_remain,
        });
    }
    start_fits(ctx, &raw, &mut spec)?;
    Ok(spec)
}

/// Whether `color`'s army has a piece of kind `k`.
fn has(spec: &ChessLikeSpec, color: Color, k: Kind) -> bool {
    spec.armies[color.index()]
        .iter()
        .any(|p| p.letter as u8 == k.0)
}

/// Why a piece of `color` cannot become `k` by promotion, if it cannot: `k`
/// is not in the army, is a pawn (on its last rank, with nowhere to go),
/// or is royal while the piece promoting is not, where a side has one
/// royal piece (a second king from a pawn; Forward's king becoming its
/// promoted king is fine).
fn promotion_refused(
    raw: &RawDef,
    spec: &ChessLikeSpec,
    color: Color,
    k: Kind,
    from_royal: bool,
) -> Option<K> {
    let Some(piece) = spec.armies[color.index()]
        .iter()
        .find(|p| p.letter as u8 == k.0)
    else {
        return Some(K::UnknownPromotion(k.0 as char));
    };
    let royals_any = raw
        .royal
        .as_ref()
        .and_then(|r| r.count.as_ref())
        .is_some_and(|c| c.value == "any");
    let why = if piece.pawn {
        "is a pawn: it would stand on its last rank with nowhere to go"
    } else if piece.royal && !from_royal && !royals_any {
        "is royal, and a side has one royal piece (`royal: count` is not `any`)"
    } else {
        return None;
    };
    Some(K::ImpossiblePromotion {
        letter: k.0 as char,
        why,
    })
}

/// The kind a letter of the definition names, if some army has it.
fn piece_of(ctx: &Ctx, spec: &ChessLikeSpec, s: &S<String>) -> Result<Kind, DefinitionError> {
    let k = ctx.letter(s)?;
    if Color::ALL.iter().any(|c| has(spec, *c, k)) {
        Ok(k)
    } else {
        Err(ctx.err(s, K::UnknownPiece(s.value.clone())))
    }
}

/// `board`, `holes` and `wrap`.
fn board(ctx: &Ctx, raw: &RawDef, spec: &mut ChessLikeSpec) -> Result<(), DefinitionError> {
    let (cols, rows) = raw
        .board
        .value
        .split_once('x')
        .and_then(|(c, r)| Some((c.trim().parse::<u8>().ok()?, r.trim().parse::<u8>().ok()?)))
        .ok_or_else(|| {
            ctx.err(
                &raw.board,
                K::BadValue {
                    key: "board",
                    value: raw.board.value.clone(),
                    expected: "files x ranks, e.g. 10x8",
                },
            )
        })?;
    spec.cols = cols;
    spec.rows = rows;
    spec.holes = raw.holes.iter().map(|h| h.value.clone().into()).collect();
    if let Some(w) = &raw.wrap {
        let [files, ranks] = match w.value.as_str() {
            "files" => [true, false],
            "ranks" => [false, true],
            "both" => [true, true],
            "none" => [false, false],
            _ => {
                return Err(ctx.err(
                    w,
                    K::BadValue {
                        key: "wrap",
                        value: w.value.clone(),
                        expected: "files, ranks, both or none",
                    },
                ))
            }
        };
        spec.wrap.files = files;
        spec.wrap.ranks = ranks;
    }

    Ok(())
}

/// `pieces`: each on both sides unless `side` says otherwise.
fn pieces(ctx: &Ctx, raw: &RawDef, spec: &mut ChessLikeSpec) -> Result<(), DefinitionError> {
    for p in &raw.pieces {
        let kind = ctx.letter(&p.letter)?;
        let letter = kind.0 as char;
        if let Err(e) = betza::parse(&p.betza.value) {
            return Err(ctx.err(
                &p.betza,
                K::Betza {
                    letter,
                    betza: p.betza.value.clone(),
                    reason: e.to_string(),
                },
            ));
        }
        let sides = match &p.side {
            Some(s) => ctx.sides(s, "side")?,
            None => [true, true],
        };
        let piece = PieceSpec {
            letter,
            betza: p.betza.value.clone().into(),
            royal: p.royal,
            pawn: p.pawn,
            name: p.en.clone().map(Into::into),
            name_fr: p.fr.clone().map(Into::into),
            name_es: p.es.clone().map(Into::into),
            promotes: None,
            reverts: None,
            en_passant: p.en_passant,
        };
        for color in Color::ALL {
            if !sides[color.index()] {
                continue;
            }
            let army = &mut spec.armies[color.index()];
            if army.iter().any(|q| q.letter == letter) {
                return Err(ctx.err(&p.letter, K::LetterTwice(letter)));
            }
            army.push(piece.clone());
        }
    }
    // `promotes` names a piece of the same army: read once all are known.
    promotes(ctx, raw, spec)?;
    reverts(ctx, raw, spec)
}

/// Each piece's `promotes` (a pawn's is one more choice in its zone).
fn promotes(ctx: &Ctx, raw: &RawDef, spec: &mut ChessLikeSpec) -> Result<(), DefinitionError> {
    for p in &raw.pieces {
        let Some(to) = &p.promotes else { continue };
        let letter = ctx.letter(&p.letter)?.0 as char;
        let target = ctx.letter(to)?;
        let sides = match &p.side {
            Some(s) => ctx.sides(s, "side")?,
            None => [true, true],
        };
        for color in Color::ALL {
            if !sides[color.index()] {
                continue;
            }
            if let Some(refused) = promotion_refused(raw, spec, color, target, p.royal) {
                return Err(ctx.err(to, refused));
            }
            for q in &mut spec.armies[color.index()] {
                if q.letter == letter {
                    q.promotes = Some(target.0 as char);
                }
            }
        }
    }
    Ok(())
}

/// Each piece's `reverts`: the piece it was before promoting (it promotes
/// to this one), which it becomes again in a hand.
fn reverts(ctx: &Ctx, raw: &RawDef, spec: &mut ChessLikeSpec) -> Result<(), DefinitionError> {
    for p in &raw.pieces {
        let Some(origin) = &p.reverts else { continue };
        let letter = ctx.letter(&p.letter)?.0 as char;
        let from = ctx.letter(origin)?.0 as char;
        for army in &mut spec.armies {
            if !army.iter().any(|q| q.letter == letter) {
                continue;
            }
            let others = army
                .iter()
                .filter(|q| q.promotes == Some(letter))
                .map(|q| q.letter);
            if !others.eq([from]) {
                return Err(ctx.err(
                    origin,
                    K::BadValue {
                        key: "reverts",
                        value: origin.value.clone(),
                        expected: "the letter of the one piece that promotes to this one",
                    },
                ));
            }
            for q in army.iter_mut().filter(|q| q.letter == letter) {
                q.reverts = Some(from);
            }
        }
    }
    Ok(())
}

/// `promotion`: pieces per side, zone, forced or not, only lost pieces.
fn promotion(ctx: &Ctx, raw: &RawDef, spec: &mut ChessLikeSpec) -> Result<(), DefinitionError> {
    let rows = spec.rows;
    if let Some(pr) = &raw.promotion {
        let white: Vec<&S<String>> = pr.pieces.iter().collect();
        let black: Vec<&S<String>> = match &pr.black_pieces {
            Some(b) => b.iter().collect(),
            None => white.clone(),
        };
        for (color, list) in [(Color::White, white), (Color::Black, black)] {
            for s in list {
                let k = ctx.letter(s)?;
                if let Some(refused) = promotion_refused(raw, spec, color, k, false) {
                    return Err(ctx.err(s, refused));
                }
                spec.promotions[color.index()].push(k);
            }
        }
        if let Some(z) = &pr.zone {
            if z.value == 0 || z.value > rows {
                return Err(ctx.err(
                    z,
                    K::BadValue {
                        key: "zone",
                        value: z.value.to_string(),
                        expected: "a number of ranks from 1 to the board's ranks",
                    },
                ));
            }
            spec.promotion.zone = z.value;
        }
        spec.promotion.optional = pr.forced == Some(false);
        spec.promotion.only_lost = pr.only_lost;
        let mut lost = Vec::new();
        for s in &pr.only_lost_pieces {
            let k = ctx.letter(s)?;
            if !spec.promotions.iter().any(|list| list.contains(&k)) {
                return Err(ctx.err(s, K::UnknownPromotion(k.0 as char)));
            }
            lost.push(k);
        }
        spec.promotion.only_lost_pieces = lost.into();
        let mut limits = Vec::new();
        for (letter, n) in &pr.limits {
            // The map's key keeps no place of its own: a wrong one is blamed on its value.
            let kind = match letter.as_bytes() {
                [b] if Color::ALL.iter().any(|c| has(spec, *c, Kind(*b))) => Kind(*b),
                _ => return Err(ctx.err(n, K::UnknownPiece(letter.clone()))),
            };
            limits.push((kind, n.value));
        }
        spec.promotion.limits = limits.into();
        spec.promotion.left_file = pr.left_file;
        if let Some(z) = &pr.enemy_king_zone {
            enemy_king_zone(ctx, z, spec)?;
        }
        if let Some(z) = &pr.piece_zone {
            spec.promotion.pieces = match z.value.as_str() {
                "last_rank" => PieceZone::LastRank,
                "optional" => PieceZone::Zone { forced: false },
                "forced" => PieceZone::Zone { forced: true },
                _ => {
                    return Err(ctx.err(
                        z,
                        K::BadValue {
                            key: "piece_zone",
                            value: z.value.clone(),
                            expected: "last_rank, optional or forced",
                        },
                    ))
                }
            };
        }
        promotion_squares(ctx, pr, spec)?;
    }

    Ok(())
}

/// A square name of `key` on the board (`a1`), or the error at its place.
fn board_square(
    ctx: &Ctx,
    spec: &ChessLikeSpec,
    sq: &S<String>,
    key: &'static str,
) -> Result<crate::variants::chesslike::Text, DefinitionError> {
    let on_board = crate::geometry::parse_square_coords(&sq.value)
        .is_some_and(|(f, r)| f < spec.cols && r < spec.rows);
    if !on_board {
        return Err(ctx.err(
            sq,
            K::BadValue {
                key,
                value: sq.value.clone(),
                expected: "a square of the board (a1)",
            },
        ));
    }
    Ok(sq.value.clone().into())
}

/// `regions:`: each piece's squares, checked against the board and army.
fn regions(
    ctx: &Ctx,
    raw: &[RawRegion],
    spec: &ChessLikeSpec,
) -> Result<Vec<crate::variants::chesslike::PieceRegion>, DefinitionError> {
    let mut out = Vec::new();
    for r in raw {
        let kind = ctx.letter(&r.piece)?;
        if !Color::ALL.iter().any(|c| has(spec, *c, kind)) {
            return Err(ctx.err(&r.piece, K::UnknownPiece(r.piece.value.clone())));
        }
        let mut squares: [Option<Vec<crate::variants::chesslike::Text>>; 2] = [None, None];
        for (side, list) in squares.iter_mut().zip([&r.white, &r.black]) {
            let Some(list) = list else { continue };
            let mut names = Vec::new();
            for sq in list {
                names.push(board_square(ctx, spec, sq, "regions")?);
            }
            *side = Some(names);
        }
        out.push(crate::variants::chesslike::PieceRegion {
            letter: kind.0 as char,
            squares,
        });
    }
    Ok(out)
}

/// `regions:` only in games without royal pieces, drops or castling: a
/// confined piece's moves stay on its squares, its attacks do not (what
/// the importer also refuses).
fn regions_alone(ctx: &Ctx, raw: &RawDef, spec: &ChessLikeSpec) -> Result<(), DefinitionError> {
    let Some(first) = raw.regions.first() else {
        return Ok(());
    };
    let beside = if spec.armies.iter().flatten().any(|p| p.royal) {
        "royal pieces"
    } else if spec.drops.is_some() {
        "drops"
    } else if spec.castling.iter().any(|c| *c) {
        "castling"
    } else {
        return Ok(());
    };
    Err(ctx.err(&first.piece, K::RegionsBeside(beside)))
}

/// `promotion: white_squares, black_squares`: where each side's pawns
/// promote instead of the last `zone` ranks; a side without a list never
/// promotes.
fn promotion_squares(
    ctx: &Ctx,
    pr: &RawPromotion,
    spec: &mut ChessLikeSpec,
) -> Result<(), DefinitionError> {
    if pr.white_squares.is_none() && pr.black_squares.is_none() {
        return Ok(());
    }
    let mut sides: [Vec<crate::variants::chesslike::Text>; 2] = [Vec::new(), Vec::new()];
    for (side, (key, list)) in [
        ("white_squares", &pr.white_squares),
        ("black_squares", &pr.black_squares),
    ]
    .into_iter()
    .enumerate()
    {
        let mut names = Vec::new();
        for sq in list.iter().flatten() {
            names.push(board_square(ctx, spec, sq, key)?);
        }
        sides[side] = names;
    }
    spec.promotion.squares = Some(sides);
    Ok(())
}

/// `promotion: enemy_king_zone`: a pawn's move into its last `z` ranks may
/// instead make it a king of the other side, so both armies need a king.
fn enemy_king_zone(ctx: &Ctx, z: &S<u8>, spec: &mut ChessLikeSpec) -> Result<(), DefinitionError> {
    if z.value == 0 || z.value > spec.rows {
        return Err(ctx.err(
            z,
            K::BadValue {
                key: "enemy_king_zone",
                value: z.value.to_string(),
                expected: "a number of ranks from 1 to the board's ranks",
            },
        ));
    }
    if !Color::ALL.iter().all(|c| has(spec, *c, Kind::KING)) {
        return Err(ctx.err(z, K::UnknownPromotion('k')));
    }
    spec.wins.promote_to_enemy_king = true;
    spec.wins.enemy_king_zone = z.value;
    Ok(())
}

/// `pawns`: double steps (by default where a side has pawns), longer
/// steps, the rank they start from.
fn pawns(ctx: &Ctx, raw: &RawDef, spec: &mut ChessLikeSpec) -> Result<(), DefinitionError> {
    let rows = spec.rows;
    let has_pawns =
        [Color::White, Color::Black].map(|c| spec.armies[c.index()].iter().any(|p| p.pawn));
    spec.double_step = has_pawns;
    if let Some(pw) = &raw.pawns {
        spec.wins.pawns_anywhere = pw.anywhere;
        spec.pawn.file_flags = pw.file_flags;
        if let Some(d) = &pw.double_step {
            spec.double_step = ctx.sides(d, "double_step")?;
        }
        if let Some(m) = &pw.max_step {
            if m.value < 2 || m.value > rows / 2 {
                return Err(ctx.err(
                    m,
                    K::BadValue {
                        key: "max_step",
                        value: m.value.to_string(),
                        expected: "2 or more, at most half the ranks",
                    },
                ));
            }
            spec.pawn.max_step = m.value;
        }
        if let Some(r) = &pw.from_rank {
            if r.value == 0 || r.value > rows {
                return Err(ctx.err(
                    r,
                    K::BadValue {
                        key: "from_rank",
                        value: r.value.to_string(),
                        expected: "a rank number of the board, 1 being the side's first",
                    },
                ));
            }
            spec.pawn.init_rank = [r.value - 1; 2];
        }
        if let Some(r) = &pw.up_to_rank {
            if r.value == 0 || r.value > rows {
                return Err(ctx.err(
                    r,
                    K::BadValue {
                        key: "up_to_rank",
                        value: r.value.to_string(),
                        expected: "a rank number of the board, 1 being the side's first",
                    },
                ));
            }
            spec.pawn.up_to_rank = Some(r.value - 1);
        }
        if let Some(x) = &pw.extra {
            pawn_extra(ctx, x, spec)?;
        }
    }

    Ok(())
}

/// `pawns.extra`: move-only steps a pawn has besides its Betza, that never
/// promote (Balaklava's forward knight moves); one-step leaps only, as the
/// victory code generates them.
fn pawn_extra(ctx: &Ctx, x: &S<String>, spec: &mut ChessLikeSpec) -> Result<(), DefinitionError> {
    let bad = || {
        ctx.err(
            x,
            K::BadValue {
                key: "extra",
                value: x.value.clone(),
                expected: "Betza leaps of one step each, e.g. fmN",
            },
        )
    };
    let atoms = betza::parse(&x.value).map_err(|_| bad())?;
    let leaps = atoms.iter().all(|a| {
        a.range == 1
            && a.path == betza::Path::Plain
            && crate::geometry::Dir::new(a.df, a.dr).is_some()
    });
    if !leaps {
        return Err(bad());
    }
    spec.wins.pawn_extra_steps = x.value.clone().into();
    Ok(())
}

/// `castling`: on by default when a side has a royal piece and rooks.
fn castling(ctx: &Ctx, raw: &RawDef, spec: &mut ChessLikeSpec) -> Result<(), DefinitionError> {
    let (cols, rows) = (spec.cols, spec.rows);
    let rook = match raw.castling.as_ref().and_then(|c| c.rook.as_ref()) {
        Some(r) => piece_of(ctx, spec, r)?,
        None => Kind::ROOK,
    };
    spec.castle.rook = rook;
    spec.castling = [Color::White, Color::Black]
        .map(|c| spec.armies[c.index()].iter().any(|p| p.royal) && has(spec, c, rook));
    if let Some(c) = &raw.castling {
        if let Some(s) = &c.sides {
            spec.castling = ctx.sides(s, "sides")?;
        }
        if let Some(r) = &c.rank {
            if r.value == 0 || r.value > rows {
                return Err(ctx.err(
                    r,
                    K::BadValue {
                        key: "rank",
                        value: r.value.to_string(),
                        expected: "a rank number of the board, 1 being the side's first",
                    },
                ));
            }
            spec.castle.rank = r.value - 1;
        }
        spec.castle.free = c.free;
        if !c.castlers.is_empty() {
            castlers(ctx, c, spec)?;
        }
        for (list, slot) in [(&c.king_to, 0), (&c.rook_to, 1)] {
            let Some(list) = list else { continue };
            if list.len() != 2 {
                return Err(ctx.err_at(
                    0,
                    0,
                    K::BadValue {
                        key: if slot == 0 { "king_to" } else { "rook_to" },
                        value: format!("{} files", list.len()),
                        expected: "two files: queen side, king side",
                    },
                ));
            }
            let files = [
                ctx.file_letter(&list[0], cols)?,
                ctx.file_letter(&list[1], cols)?,
            ];
            if slot == 0 {
                spec.castle.king_to = Some(files);
            } else {
                spec.castle.rook_to = Some(files);
            }
        }
    }

    Ok(())
}

/// `castling: castlers`: these pieces castle with either rook, the FEN
/// flags naming four files a side (Coregal); chess castling is then off.
fn castlers(ctx: &Ctx, c: &RawCastling, spec: &mut ChessLikeSpec) -> Result<(), DefinitionError> {
    let first = &c.castlers[0];
    // The castlers' destinations (b, c, f, g files) are laid out for 8 files.
    if spec.cols != 8 || c.sides.is_some() || c.free {
        return Err(ctx.err(
            first,
            K::BadValue {
                key: "castlers",
                value: format!("{} files", spec.cols),
                expected: "8 files, and no `sides` or `free` beside `castlers`",
            },
        ));
    }
    let mut letters = Vec::new();
    for s in &c.castlers {
        letters.push(piece_of(ctx, spec, s)?.0 as char);
    }
    spec.wins.castlers = letters.into();
    spec.castling = [false, false];
    Ok(())
}

/// `royal`, `compulsory_capture`, `giving_check`, `immune_on_last_rank`,
/// `win`, `fen`, `initial_moves`, `black_moves`.
fn royalty_and_rest(
    ctx: &Ctx,
    raw: &RawDef,
    spec: &mut ChessLikeSpec,
) -> Result<(), DefinitionError> {
    if let Some(r) = &raw.royal {
        if let Some(c) = &r.count {
            spec.win.royals = match c.value.as_str() {
                "any" => None,
                n => Some(n.parse::<u8>().map_err(|_| {
                    ctx.err(
                        c,
                        K::BadValue {
                            key: "count",
                            value: c.value.clone(),
                            expected: "a number of royal pieces per side, or any",
                        },
                    )
                })?),
            };
        }
        spec.win.spare_royals = r.spare;
        spec.win.no_facing = r.no_facing;
    }
    spec.win.compulsory_capture = raw.compulsory_capture;
    spec.no_check_plies = raw.no_check_plies;
    if let Some(s) = &raw.pass_on_stalemate {
        spec.pass_on_stalemate = ctx.sides(s, "pass_on_stalemate")?;
    }
    spec.regions = regions(ctx, &raw.regions, spec)?;
    if let Some(g) = &raw.giving_check {
        spec.wins.forbid_check = match g.value.as_str() {
            "forbidden" => true,
            "allowed" => false,
            _ => {
                return Err(ctx.err(
                    g,
                    K::BadValue {
                        key: "giving_check",
                        value: g.value.clone(),
                        expected: "allowed or forbidden",
                    },
                ))
            }
        };
    }
    spec.wins.immune_at_goal = raw.immune_on_last_rank;
    if let Some(w) = &raw.win {
        win(ctx, spec, w, &|spec, s| piece_of(ctx, spec, s))?;
    }
    if let Some(f) = &raw.fen {
        spec.fen.flags = f.flags;
        spec.fen.en_passant = f.en_passant;
    }

    if let Some(i) = &raw.initial_moves {
        spec.initial_moves = match i.value.as_str() {
            "first_rank" => InitialMoves::FirstRank,
            "fairy_stockfish" => InitialMoves::FairyStockfish,
            "start_square" => InitialMoves::StartSquares,
            _ => {
                return Err(ctx.err(
                    i,
                    K::BadValue {
                        key: "initial_moves",
                        value: i.value.clone(),
                        expected: "start_square, first_rank or fairy_stockfish",
                    },
                ))
            }
        };
    }
    if let Some(b) = &raw.black_moves {
        spec.rotate_black = match b.value.as_str() {
            "turned" => true,
            "mirrored" => false,
            _ => {
                return Err(ctx.err(
                    b,
                    K::BadValue {
                        key: "black_moves",
                        value: b.value.clone(),
                        expected: "mirrored or turned",
                    },
                ))
            }
        };
    }
    Ok(())
}

/// `armies`: the armies a FEN field chooses, each a list of the pieces'
/// letters (officers, one royal, one pawn) and its first rank.
fn armies(ctx: &Ctx, raw: &RawArmies, spec: &mut ChessLikeSpec) -> Result<(), DefinitionError> {
    let mut list: Vec<ArmySpec> = Vec::new();
    for a in &raw.list {
        let code = match a.code.value.chars().collect::<Vec<_>>()[..] {
            [c] if c.is_ascii_uppercase() && !list.iter().any(|b| b.code == c) => c,
            _ => {
                return Err(ctx.err(
                    &a.code,
                    K::BadValue {
                        key: "code",
                        value: a.code.value.clone(),
                        expected: "one uppercase letter, another for each army",
                    },
                ))
            }
        };
        list.push(army(ctx, a, code, spec)?);
    }
    if list.is_empty() {
        return Err(ctx.err(&raw.default, K::UnknownArmy(raw.default.value.clone())));
    }
    let index = |c: char| list.iter().position(|a| a.code == c);
    let default = match raw.default.value.chars().collect::<Vec<_>>()[..] {
        [w, b] => index(w).zip(index(b)),
        _ => None,
    };
    let Some((w, b)) = default else {
        return Err(ctx.err(&raw.default, K::UnknownArmy(raw.default.value.clone())));
    };
    let mut every_side = Vec::new();
    for s in &raw.every_side {
        every_side.push(piece_of(ctx, spec, s)?.0 as char);
    }
    spec.army_choice = Some(ArmyChoice {
        armies: list,
        every_side,
        default: [w, b],
    });
    Ok(())
}

/// One army of `armies: list`.
fn army(
    ctx: &Ctx,
    a: &RawArmy,
    code: char,
    spec: &ChessLikeSpec,
) -> Result<ArmySpec, DefinitionError> {
    let mut pieces = Vec::new();
    let (mut royals, mut pawns) = (0, 0);
    for s in &a.pieces {
        let k = piece_of(ctx, spec, s)?;
        let def = spec.armies.iter().flatten().find(|p| p.letter as u8 == k.0);
        royals += usize::from(def.is_some_and(|p| p.royal));
        pawns += usize::from(def.is_some_and(|p| p.pawn));
        pieces.push(k.0 as char);
    }
    let setup = |why: String| ctx.err(&a.first_rank, K::ArmySetup(code, why));
    if royals != 1 || pawns != 1 {
        return Err(setup(format!(
            "its pieces have {royals} royal pieces and {pawns} pawns, not one of each"
        )));
    }
    let rank = &a.first_rank.value;
    if rank.chars().count() != usize::from(spec.cols) {
        return Err(setup(format!(
            "`{rank}` has {} letters for {} files",
            rank.chars().count(),
            spec.cols
        )));
    }
    if let Some(c) = rank.chars().find(|c| !pieces.contains(c)) {
        return Err(setup(format!("`{c}` of `{rank}` is not one of its pieces")));
    }
    let files = |list: &Option<Vec<S<String>>>| -> Result<Option<[u8; 2]>, DefinitionError> {
        let Some(list) = list else { return Ok(None) };
        match &list[..] {
            [q, k] => Ok(Some([
                ctx.file_letter(q, spec.cols)?,
                ctx.file_letter(k, spec.cols)?,
            ])),
            _ => Err(ctx.err(
                &a.code,
                K::BadValue {
                    key: "king_to/rook_to",
                    value: format!("{} files", list.len()),
                    expected: "two files: queen side, king side",
                },
            )),
        }
    };
    Ok(ArmySpec {
        code,
        name: a.name.clone().map(Into::into),
        pieces,
        first_rank: rank.clone().into(),
        king_to: files(&a.king_to)?,
        rook_to: files(&a.rook_to)?,
    })
}

/// Compiles the spec and reads its start position: a start that does not
/// fit the board, or a Betza step the engine cannot take, shows here.
/// `drops`: the hands' rules, each letter a piece of the army, each
/// square one of the board.
fn drops(ctx: &Ctx, d: &RawDrops, spec: &mut ChessLikeSpec) -> Result<(), DefinitionError> {
    let mut out = DropSpec {
        captures_to_hand: d.captures_to_hand.unwrap_or(true),
        pawn_first_rank: d.pawn_first_rank,
        pawn_promotion_zone: d.pawn_promotion_zone,
        immobility_illegal: d.immobility_illegal,
        must_drop: d.must_drop,
        gravity: d.gravity,
        ..Default::default()
    };
    for (base, twin) in &d.promoted {
        // The map's key keeps no place of its own: a wrong one is blamed on its value.
        let base_kind = match base.as_bytes() {
            [b] if Color::ALL.iter().any(|c| has(spec, *c, Kind(*b))) => Kind(*b),
            _ => return Err(ctx.err(twin, K::UnknownPiece(base.clone()))),
        };
        let twin_kind = ctx.letter(twin)?;
        if Color::ALL.iter().any(|c| has(spec, *c, twin_kind)) {
            return Err(ctx.err(
                twin,
                K::BadValue {
                    key: "promoted",
                    value: twin.value.clone(),
                    expected: "a letter no piece of `pieces` has",
                },
            ));
        }
        out.promoted
            .push((twin_kind.0 as char, base_kind.0 as char));
    }
    if let Some(k) = &d.no_doubled {
        let kind = piece_of(ctx, spec, k)?;
        let count = d.no_doubled_count.as_ref().map_or(1, |c| c.value);
        out.no_doubled = Some((kind.0 as char, count));
    }
    for (side, list) in [&d.white_squares, &d.black_squares].into_iter().enumerate() {
        let key = if side == 0 {
            "white_squares"
        } else {
            "black_squares"
        };
        for sq in list {
            out.region[side].push(board_square(ctx, spec, sq, key)?);
        }
    }
    spec.drops = Some(out);
    Ok(())
}

fn start_fits(ctx: &Ctx, raw: &RawDef, spec: &mut ChessLikeSpec) -> Result<(), DefinitionError> {
    spec.start_fen = raw.start.value.clone().into();
    let rules = ChessLike::new(spec.clone()).map_err(|e| {
        let at = match &e {
            crate::variants::chesslike::SpecError::BadHole(_) => raw.holes.first(),
            _ => None,
        };
        match at {
            Some(h) => ctx.err(h, K::Spec(e.to_string())),
            None => ctx.err(&raw.board, K::Spec(e.to_string())),
        }
    })?;
    if spec.army_choice.is_some() {
        use crate::rules::Rules;
        let armies_start = rules.start_fen();
        if armies_start != spec.start_fen {
            return Err(ctx.err(
                &raw.start,
                K::StartDoesNotFit(format!(
                    "with `armies`, `start` is the default armies' set-up: {armies_start}"
                )),
            ));
        }
    }
    if let Err(e) = crate::validate::position_from_fen(&rules, &spec.start_fen) {
        let message = match e {
            crate::validate::PositionError::Invalid(problems) => problems
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("; "),
            other => other.to_string(),
        };
        return Err(ctx.err(&raw.start, K::StartDoesNotFit(message)));
    }
    Ok(())
}

fn win(
    ctx: &Ctx,
    spec: &mut ChessLikeSpec,
    w: &RawWin,
    piece_of: PieceOf,
) -> Result<(), DefinitionError> {
    let bad = |s: &S<String>, key: &'static str, expected: &'static str| {
        ctx.err(
            s,
            K::BadValue {
                key,
                value: s.value.clone(),
                expected,
            },
        )
    };
    if let Some(c) = w.checkmate {
        spec.win.checkmate = c;
    }
    if let Some(s) = &w.stalemate {
        spec.win.stalemate = match s.value.as_str() {
            "draw" => StalemateResult::Draw,
            "win" => StalemateResult::Win,
            "loss" => StalemateResult::Loss,
            _ => return Err(bad(s, "stalemate", "draw, win or loss")),
        };
    }
    if let Some(r) = &w.repetition {
        let rule = &mut spec.win.repetition;
        if let Some(c) = r.count {
            rule.count = c;
        }
        if let Some(s) = &r.result {
            rule.result = match s.value.as_str() {
                "draw" => StalemateResult::Draw,
                "win" => StalemateResult::Win,
                "loss" => StalemateResult::Loss,
                _ => return Err(bad(s, "result", "draw, win or loss")),
            };
        }
        rule.as_white = r.as_white;
        if let Some(s) = &r.perpetual_check {
            rule.perpetual_check_loses = match s.value.as_str() {
                "allowed" => false,
                "loses" => true,
                _ => return Err(bad(s, "perpetual_check", "allowed or loses")),
            };
        }
    }
    for e in &w.extinction {
        if e.value == "all" {
            spec.win.extinction_all = true;
        } else {
            let k = piece_of(spec, e)?;
            spec.win.extinction.push(k);
        }
    }
    spec.win.extinction_left = w.extinction_left;
    spec.win.extinction_wins = w.extinction_wins;
    if let Some(b) = &w.bare_king {
        spec.win.bare_king = match b.value.as_str() {
            "none" => BareKing::None,
            "loss" => BareKing::Loss,
            "draw" => BareKing::Draw,
            "win" => BareKing::Win,
            _ => return Err(bad(b, "bare_king", "none, loss, draw or win")),
        };
    }
    if let Some(r) = &w.reach {
        let mut goal = ReachGoal {
            not_attacked: r.not_attacked,
            survives: r.survives,
            mirrored: r.mirrored,
            not_capturable: r.not_capturable.as_ref().is_some_and(|b| b.value),
            after_every_move: r.after_every_move,
            black_may_follow: r.black_may_follow.as_ref().is_some_and(|b| b.value),
            count: r.count.as_ref().map_or(0, |c| c.value),
            or_full: r.or_full.as_ref().is_some_and(|b| b.value),
            rotated: r.rotated.as_ref().is_some_and(|b| b.value),
            ..Default::default()
        };
        reach_tests_agree(ctx, r)?;
        if let Some(s) = &r.side {
            goal.side = match ctx.sides(s, "side")? {
                [true, false] => Some(Color::White),
                [false, true] => Some(Color::Black),
                _ => None,
            };
        }
        for p in &r.pieces {
            goal.pieces.push(piece_of(spec, p)?);
        }
        for rank in &r.ranks {
            if rank.value == 0 || rank.value > spec.rows {
                return Err(ctx.err(
                    rank,
                    K::BadValue {
                        key: "ranks",
                        value: rank.value.to_string(),
                        expected: "rank numbers of the board, 1 being the side's first",
                    },
                ));
            }
            goal.ranks.push(rank.value - 1);
        }
        for s in &r.squares {
            goal.squares.push(s.value.clone().into());
        }
        // A royal piece reaching its last rank is the engine's campmate.
        let royal: Vec<Kind> = spec.armies[0]
            .iter()
            .chain(&spec.armies[1])
            .filter(|p| p.royal)
            .map(|p| Kind(p.letter as u8))
            .collect();
        let campmate = !goal.not_attacked
            && !goal.survives
            && !goal.not_capturable
            && !goal.after_every_move
            && !goal.black_may_follow
            && goal.side.is_none()
            && goal.count <= 1
            && !goal.or_full
            && goal.squares.is_empty()
            && goal.ranks == [spec.rows - 1]
            && !goal.pieces.is_empty()
            && goal.pieces.iter().all(|k| royal.contains(k));
        if campmate {
            spec.campmate = true;
        } else {
            spec.win.reach = Some(goal);
        }
    }
    for s in &w.king_of_the_hill {
        spec.win.king_of_the_hill.push(s.value.clone().into());
    }
    spec.win.checks = w.checks;
    spec.win.antichess = w.antichess;
    if let Some(c) = &w.castle_long {
        spec.win.castle_long = Some(match c.value.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            _ => return Err(bad(c, "castle_long", "white or black")),
        });
    }
    if let Some(c) = &w.connect {
        spec.win.connect = Some(connect(ctx, spec, c, piece_of)?);
    }
    Ok(())
}

/// `win.connect`: a row length or a block size (or both) on the board,
/// a direction for the row, pieces of the army.
fn connect(
    ctx: &Ctx,
    spec: &ChessLikeSpec,
    at: &S<RawConnect>,
    piece_of: PieceOf,
) -> Result<Connect, DefinitionError> {
    let c = &at.value;
    let longest = spec.rows.max(spec.cols);
    let mut out = Connect {
        horizontal: c.horizontal.unwrap_or(true),
        vertical: c.vertical.unwrap_or(true),
        diagonal: c.diagonal.unwrap_or(true),
        misere: c.misere,
        ..Default::default()
    };
    for (given, key, value) in [
        (&c.n, "n", &mut out.n),
        (&c.square, "square", &mut out.square),
    ] {
        if let Some(at) = given {
            if at.value == 0 || at.value > longest {
                return Err(ctx.err(
                    at,
                    K::BadValue {
                        key,
                        value: at.value.to_string(),
                        expected: "a number of pieces from 1 to the board's longer side",
                    },
                ));
            }
            *value = at.value;
        }
    }
    if out.n == 0 && out.square == 0 {
        return Err(ctx.err(
            at,
            K::BadValue {
                key: "connect",
                value: String::new(),
                expected: "`n` (pieces in a row) or `square` (a block's side)",
            },
        ));
    }
    if out.n > 0 && !(out.horizontal || out.vertical || out.diagonal) {
        return Err(ctx.err(
            at,
            K::BadValue {
                key: "n",
                value: out.n.to_string(),
                expected: "a row in some direction (horizontal, vertical or diagonal true)",
            },
        ));
    }
    for p in &c.pieces {
        out.pieces.push(piece_of(spec, p)?);
    }
    Ok(out)
}

/// `reach`'s `not_capturable` is one safety test, `not_attacked` and
/// `survives` are others; `black_may_follow` (a plain race) takes none.
fn reach_tests_agree(ctx: &Ctx, r: &RawReach) -> Result<(), DefinitionError> {
    fn on(b: &Option<S<bool>>) -> Option<&S<bool>> {
        b.as_ref().filter(|b| b.value)
    }
    if let Some(b) = on(&r.not_capturable) {
        if r.not_attacked || r.survives {
            return Err(ctx.err(
                b,
                K::BadValue {
                    key: "not_capturable",
                    value: "true".into(),
                    expected: "true without not_attacked or survives (one safety test a goal)",
                },
            ));
        }
    }
    let safety = r.not_attacked
        || r.survives
        || on(&r.not_capturable).is_some()
        || r.after_every_move
        || on(&r.black_may_follow).is_some();
    if let Some(c) = r.count.as_ref().filter(|c| c.value > 1) {
        if safety {
            return Err(ctx.err(
                c,
                K::BadValue {
                    key: "count",
                    value: c.value.to_string(),
                    expected: "1, or more in a plain race: without not_attacked, \
                               not_capturable, survives, after_every_move or black_may_follow",
                },
            ));
        }
    }
    if let Some(b) = on(&r.or_full) {
        if safety {
            return Err(ctx.err(
                b,
                K::BadValue {
                    key: "or_full",
                    value: "true".into(),
                    expected: "true only in a plain race: without not_attacked, \
                               not_capturable, survives, after_every_move or black_may_follow",
                },
            ));
        }
    }
    if let Some(b) = on(&r.rotated) {
        if r.mirrored {
            return Err(ctx.err(
                b,
                K::BadValue {
                    key: "rotated",
                    value: "true".into(),
                    expected: "true without mirrored (one way to turn Black's goal)",
                },
            ));
        }
    }
    if let Some(b) = on(&r.black_may_follow) {
        if r.not_attacked || r.survives || on(&r.not_capturable).is_some() || r.after_every_move {
            return Err(ctx.err(
                b,
                K::BadValue {
                    key: "black_may_follow",
                    value: "true".into(),
                    expected: "true only in a plain race: without not_attacked, \
                               not_capturable, survives or after_every_move",
                },
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod key_tests {
    use super::*;

    #[test]
    fn the_keys_are_the_reader_s() {
        let keys = definition_keys();
        let top = keys[0].1;
        for key in ["board", "pieces", "start", "promotion", "win", "armies"] {
            assert!(top.contains(&key), "{key}: {top:?}");
        }
        let piece = keys.iter().find(|(at, _)| *at == "pieces[]").unwrap().1;
        assert!(piece.contains(&"betza") && piece.contains(&"letter"));
        assert!(keys.iter().all(|(_, fields)| !fields.is_empty()));
    }
}

#[cfg(test)]
mod drop_tests {
    use super::*;
    use crate::rules::Rules;

    const CRAZYHOUSE: &str = "board: 8x8
pieces:
  - { letter: k, betza: K, royal: true }
  - { letter: q, betza: Q }
  - { letter: r, betza: R }
  - { letter: b, betza: B }
  - { letter: n, betza: N }
  - { letter: p, betza: fmWfcF, pawn: true }
start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w 0 ahah -\"
drops:
  promoted: { q: t, r: u, b: c, n: o }
promotion:
  pieces: [q, r, b, n]
";

    #[test]
    fn a_drop_variant_written_in_yaml_plays_crazyhouse_and_prints_back() {
        let spec = parse_definition(CRAZYHOUSE, "Zh.yaml").unwrap();
        let rules = ChessLike::new(spec.clone()).unwrap();
        let mut pos =
            crate::validate::position_from_fen(&rules, "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1")
                .unwrap();
        // Fairy-Stockfish's and shakmaty's count.
        assert_eq!(crate::legal::perft(&rules, &mut pos, 2), 3083);
        assert_eq!(rules.start_fen(), spec.start_fen);
        let shown = super::super::print_definition(&spec);
        assert!(
            shown.contains("drops:\n  promoted: { b: c, n: o, q: t, r: u }\n"),
            "{shown}"
        );
        let again = parse_definition(&shown, "Zh.yaml").unwrap();
        assert_eq!(again.drops, spec.drops);
        assert_eq!(super::super::print_definition(&again), shown);
        // Drops without keys print as `drops: {}`, which reads back.
        let plain = CRAZYHOUSE.replace("  promoted: { q: t, r: u, b: c, n: o }\n", "  {}\n");
        let plain = plain.replace("drops:\n  {}", "drops: {}");
        let spec = parse_definition(&plain, "Zh.yaml").unwrap();
        let shown = super::super::print_definition(&spec);
        assert!(shown.contains("drops: {}\n"), "{shown}");
        assert!(parse_definition(&shown, "Zh.yaml").unwrap().drops.is_some());
    }

    #[test]
    fn a_wrong_drop_key_is_refused_at_its_line() {
        let bad = CRAZYHOUSE.replace("promoted: { q: t,", "promoted: { q: k,");
        let err = parse_definition(&bad, "Zh.yaml").unwrap_err();
        assert_eq!(err.line, 11, "{err}");
        let bad = CRAZYHOUSE.replace(
            "  promoted: { q: t, r: u, b: c, n: o }\n",
            "  white_squares: [a1, i9]\n",
        );
        let err = parse_definition(&bad, "Zh.yaml").unwrap_err();
        assert_eq!(err.line, 11, "{err}");
        assert!(err.to_string().contains("i9"), "{err}");
    }

    const TICTACTOE: &str = "board: 3x3
pieces:
  - { letter: p, betza: \"\" }
start: \"3/3/3[PPPPPpppp] w 0 -\"
drops:
  captures_to_hand: false
  must_drop: true
win:
  checkmate: false
  connect:
    n: 3
";

    #[test]
    fn a_row_game_written_in_yaml_plays_tictactoe_and_prints_back() {
        let spec = parse_definition(TICTACTOE, "Ttt.yaml").unwrap();
        let rules = ChessLike::new(spec.clone()).unwrap();
        // 9·8·7·6·5 paths, 1440 of them won on the fifth ply.
        let mut start = (&rules as &dyn Rules).start_position();
        assert_eq!(
            crate::legal::perft(&rules, &mut start, 6),
            (15120 - 1440) * 4
        );
        let shown = super::super::print_definition(&spec);
        assert!(shown.contains("  connect:\n    n: 3\n"), "{shown}");
        assert!(shown.contains("  must_drop: true\n"), "{shown}");
        let again = parse_definition(&shown, "Ttt.yaml").unwrap();
        assert_eq!(again.win, spec.win);
        assert_eq!(again.drops, spec.drops);
        let block = TICTACTOE.replace(
            "    n: 3\n",
            "    square: 2\n    diagonal: false\n    pieces: [p]\n    misere: true\n",
        );
        let spec = parse_definition(&block, "Ttt.yaml").unwrap();
        let shown = super::super::print_definition(&spec);
        assert_eq!(parse_definition(&shown, "Ttt.yaml").unwrap().win, spec.win);
    }

    #[test]
    fn a_row_without_length_or_too_long_is_refused_at_its_line() {
        let err = parse_definition(&TICTACTOE.replace("n: 3", "n: 4"), "Ttt.yaml").unwrap_err();
        assert_eq!(err.line, 11, "{err}");
        let empty = TICTACTOE.replace("  connect:\n    n: 3\n", "  connect: {}\n");
        let err = parse_definition(&empty, "Ttt.yaml").unwrap_err();
        assert_eq!(err.line, 10, "{err}");
        assert!(err.to_string().contains("square"), "{err}");
        let nowhere = TICTACTOE.replace(
            "    n: 3\n",
            "    n: 3\n    horizontal: false\n    vertical: false\n    diagonal: false\n",
        );
        let err = parse_definition(&nowhere, "Ttt.yaml").unwrap_err();
        assert_eq!(err.line, 11, "{err}");
        let stranger = TICTACTOE.replace("n: 3", "n: 3\n    pieces: [z]");
        assert!(parse_definition(&stranger, "Ttt.yaml").is_err());
    }
}
