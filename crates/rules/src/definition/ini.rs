//! `variant import`: a Fairy-Stockfish `variants.ini` section read into a
//! definition, or refused. It never guesses: every key of the section and
//! of its parents (`[child:parent]`, sections of the same file or
//! Fairy-Stockfish's own built-in variants) is either applied, known to
//! change nothing fenpress plays ([`INI_NO_EFFECT`]), at Fairy-Stockfish's
//! default value, or the section is refused with the key and the line that
//! set it.
//!
//! How a section is read follows Fairy-Stockfish's parser (`parser.cpp`):
//! a section without a parent starts with no pieces; with one, it starts
//! from the parent's variant; board size first, then the piece keys (a
//! letter given to a second piece takes it from the first), then the rest,
//! the last layer's value winning. Regions (`*8`, `d4 e4`) are absolute
//! squares, so Fairy-Stockfish's defaults (promotion on rank 8, double
//! steps from ranks 2 and 7) keep their meaning on other board sizes.

use std::collections::HashMap;

mod promoted;

use crate::piece::Kind;
use crate::variants::chesslike::{
    ChessLikeSpec, Connect, DropSpec, ExplosionSpec, PieceSpec, ReachGoal, StalemateResult,
};

/// Why a section cannot be imported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("no section `[{0}]` in the file")]
    NoSection(String),
    /// `message` starts with the key or feature, in backquotes.
    #[error("line {line}: {message}")]
    Bad { line: usize, message: String },
}

/// Keys that change nothing in the game fenpress plays: how Fairy-Stockfish
/// draws its pieces and its pockets, names its template, values pieces for its search, and
/// its draw claim by the n-move rule, which fenpress leaves to the players
/// in every variant. (The repetition keys are kept as `win: repetition:`.)
pub const INI_NO_EFFECT: &[&str] = &[
    "pieceToCharTable",
    "variantTemplate",
    "pieceValueMg",
    "pieceValueEg",
    "nMoveRule",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "pocketSize",
];

/// Fairy-Stockfish's piece types in its order (`types.h`), with their
/// Betza moves (`piece.cpp`); the custom pieces and the king come after.
const NAMED: &[(&str, &str)] = &[
    ("pawn", "fmWfcF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// Fairy-Stockfish's aliases of piece type names (`MET = FERS`...).
fn type_alias(name: &str) -> &str {
    match name {
        "met" => "fers",
        "khon" => "silver",
        "dragon" => "bers",
        other => other,
    }
}

/// Custom piece slots: `customPiece1`..`customPiece25`, the types between
/// the centaur and the royal slot before the king (`types.h`).
const CUSTOM_PIECES: usize = 25;

/// The piece keys in the order Fairy-Stockfish reads them.
fn piece_keys() -> Vec<String> {
    let mut keys: Vec<String> = NAMED.iter().map(|(n, _)| n.to_string()).collect();
    keys.extend((1..=CUSTOM_PIECES).map(|i| format!("customPiece{i}")));
    keys.push("king".into());
    keys
}

/// The built-in variants a section may name as its parent, as the keys
/// that turn chess into them (read from Fairy-Stockfish's `variant.cpp`).
fn builtin_parent(name: &str) -> Option<&'static [(&'static str, &'static str)]> {
    const GIVEAWAY: &[(&str, &str)] = &[
        ("king", "-"),
        ("commoner", "k"),
        ("castlingKingPiece", "k"),
        ("promotionPieceTypes", "kqrbn"),
        ("stalemateValue", "win"),
        ("extinctionValue", "win"),
        ("extinctionPieceTypes", "*"),
        ("mustCapture", "true"),
    ];
    const CRAZYHOUSE_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    const CRAZYHOUSE: &[(&str, &str)] = &[
        ("startFen", CRAZYHOUSE_START),
        ("pieceDrops", "true"),
        ("capturesToHand", "true"),
    ];
    Some(match name {
        "chess" => &[],
        "giveaway" => GIVEAWAY,
        "antichess" => &[
            ("king", "-"),
            ("commoner", "k"),
            ("castlingKingPiece", "k"),
            ("promotionPieceTypes", "kqrbn"),
            ("stalemateValue", "win"),
            ("extinctionValue", "win"),
            ("extinctionPieceTypes", "*"),
            ("mustCapture", "true"),
            (
                "startFen",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            ),
            ("castling", "false"),
        ],
        "losers" => &[
            ("checkmateValue", "win"),
            ("stalemateValue", "win"),
            ("extinctionValue", "win"),
            ("extinctionPieceTypes", "*"),
            ("extinctionPieceCount", "1"),
            ("mustCapture", "true"),
        ],
        "extinction" => &[
            ("king", "-"),
            ("commoner", "k"),
            ("castlingKingPiece", "k"),
            ("promotionPieceTypes", "kqrbn"),
            ("extinctionValue", "loss"),
            ("extinctionPieceTypes", "kqrbnp"),
        ],
        "kingofthehill" => &[
            ("flagPiece", "k"),
            ("flagRegionWhite", "d4 e4 d5 e5"),
            ("flagRegionBlack", "d4 e4 d5 e5"),
            ("flagMove", "false"),
        ],
        "racingkings" => &[
            ("startFen", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"),
            ("flagPiece", "k"),
            ("flagRegionWhite", "*8"),
            ("flagRegionBlack", "*8"),
            ("flagMove", "true"),
            ("castling", "false"),
            ("checking", "false"),
        ],
        "crazyhouse" => CRAZYHOUSE,
        "loop" => &[
            ("startFen", CRAZYHOUSE_START),
            ("pieceDrops", "true"),
            ("capturesToHand", "true"),
            ("dropLoop", "true"),
        ],
        "chessgi" => &[
            ("startFen", CRAZYHOUSE_START),
            ("pieceDrops", "true"),
            ("capturesToHand", "true"),
            ("dropLoop", "true"),
            ("firstRankPawnDrops", "true"),
        ],
        "pocketknight" => &[
            (
                "startFen",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1",
            ),
            ("pieceDrops", "true"),
            ("capturesToHand", "false"),
        ],
        // Fairy-Stockfish's atomic family: the king a commoner whose loss
        // loses, every capture an explosion; `atomic` keeps its king out
        // of attack (pseudo-royal), `nocheckatomic` has no check at all.
        "nocheckatomic" => &NOCHECKATOMIC[..],
        "atomic" => &[
            ("king", "-"),
            ("commoner", "k"),
            ("castlingKingPiece", "k"),
            ("extinctionValue", "loss"),
            ("extinctionPieceTypes", "k"),
            ("blastOnCapture", "true"),
            ("extinctionPseudoRoyal", "true"),
        ],
        "3check" => &[
            (
                "startFen",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            ),
            ("checkCounting", "true"),
        ],
        _ => return builtin_parent_of_other_board(name),
    })
}

/// Fairy-Stockfish's `nocheckatomic` (its `atomic` adds `extinctionPseudoRoyal`).
const NOCHECKATOMIC: [(&str, &str); 6] = [
    ("king", "-"),
    ("commoner", "k"),
    ("castlingKingPiece", "k"),
    ("extinctionValue", "loss"),
    ("extinctionPieceTypes", "k"),
    ("blastOnCapture", "true"),
];

/// The built-in parents on another board than chess's, or with other
/// pieces ([`builtin_parent`]'s second half).
fn builtin_parent_of_other_board(name: &str) -> Option<&'static [(&'static str, &'static str)]> {
    Some(match name {
        "capablanca" => &[
            ("maxFile", "j"),
            ("castlingKingsideFile", "i"),
            ("castlingQueensideFile", "c"),
            ("archbishop", "a"),
            ("chancellor", "c"),
            (
                "startFen",
                "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
            ),
            ("promotionPieceTypes", "acqrbn"),
        ],
        "janus" => &[
            ("maxFile", "j"),
            ("castlingKingsideFile", "i"),
            ("castlingQueensideFile", "b"),
            ("archbishop", "j"),
            (
                "startFen",
                "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1",
            ),
            ("promotionPieceTypes", "jqrbn"),
        ],
        "grand" => &[
            ("maxRank", "10"),
            ("maxFile", "j"),
            ("archbishop", "a"),
            ("chancellor", "c"),
            (
                "startFen",
                "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
            ),
            ("promotionPieceTypes", "acqrbn"),
            ("promotionRegionWhite", "*8 *9 *10"),
            ("promotionRegionBlack", "*1 *2 *3"),
            ("promotionLimit", "a:1 c:1 q:1 r:2 b:2 n:2"),
            ("mandatoryPawnPromotion", "false"),
            ("immobilityIllegal", "true"),
            ("doubleStepRegionWhite", "*3"),
            ("doubleStepRegionBlack", "*8"),
            ("castling", "false"),
        ],
        "amazon" => &[
            ("queen", "-"),
            ("amazon", "a"),
            (
                "startFen",
                "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1",
            ),
            ("promotionPieceTypes", "arbn"),
        ],
        "gardner" => &[
            ("maxRank", "5"),
            ("maxFile", "e"),
            ("startFen", "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"),
            ("promotionRegionWhite", "*5"),
            ("promotionRegionBlack", "*1"),
            ("doubleStep", "false"),
            ("castling", "false"),
        ],
        "losalamos" => &[
            ("maxRank", "6"),
            ("maxFile", "f"),
            ("bishop", "-"),
            ("startFen", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"),
            ("promotionRegionWhite", "*6"),
            ("promotionRegionBlack", "*1"),
            ("promotionPieceTypes", "qrn"),
            ("doubleStep", "false"),
            ("castling", "false"),
        ],
        "breakthrough" => &[
            ("pawn", "-"),
            ("knight", "-"),
            ("bishop", "-"),
            ("rook", "-"),
            ("queen", "-"),
            ("king", "-"),
            ("breakthrough", "p"),
            (
                "startFen",
                "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1",
            ),
            ("doubleStep", "false"),
            ("castling", "false"),
            ("stalemateValue", "loss"),
            ("flagPiece", "p"),
            ("flagRegionWhite", "*8"),
            ("flagRegionBlack", "*1"),
        ],
        _ => return None,
    })
}

/// Why a built-in parent fenpress does not import cannot be followed.
fn builtin_refusal(name: &str) -> &'static str {
    match name {
        "placement" | "sittuyin" => "drops that must be made first (mustDrop)",
        "bughouse" => "two boards (bughouse)",
        "seirawan" | "shouse" => "gating from the hand (seirawanGating)",
        "shogi" | "minishogi" | "gorogoro" => {
            "shogi's promotions (promotedPieceType) and pawn drop mates"
        }
        "atomar" => "kings that cannot take each other (mutuallyImmuneTypes)",
        "xiangqi" | "janggi" | "minixiangqi" | "manchu" | "supply" => {
            "palace, river and cannon rules"
        }
        "makruk" | "makpong" | "cambodian" | "asean" => "its counting rules",
        "flipello" | "ataxx" | "amazons" | "snailtrail" | "isolation" | "joust" => {
            "moves that are not a chess move (flips, walls, clones)"
        }
        _ => "its rules are not among those the importer knows",
    }
}

/// One section of the file: its name, parent, header line and keys.
struct Section {
    name: String,
    parent: Option<String>,
    line: usize,
    keys: Vec<Entry>,
}

/// A `key = value` line.
#[derive(Clone)]
struct Entry {
    line: usize,
    key: String,
    value: String,
}

/// The sections of a `variants.ini` text, in file order.
fn read_sections(text: &str) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split(['#', ';']).next().unwrap_or("").trim();
        if line.starts_with('[') && line.ends_with(']') {
            let header = &line[1..line.len() - 1];
            let (name, parent) = match header.split_once(':') {
                Some((n, p)) => (n.trim(), Some(p.trim().to_string())),
                None => (header.trim(), None),
            };
            sections.push(Section {
                name: name.to_string(),
                parent,
                line: i + 1,
                keys: Vec::new(),
            });
            continue;
        }
        let Some(section) = sections.last_mut() else {
            continue;
        };
        if let Some((k, v)) = line.split_once('=') {
            section.keys.push(Entry {
                line: i + 1,
                key: k.trim().to_string(),
                value: v.trim().to_string(),
            });
        }
    }
    sections
}

/// What a section is made of, its base first.
enum Layer<'a> {
    /// A built-in parent, named on the child's header at `line`.
    Builtin {
        name: String,
        line: usize,
    },
    Section(&'a Section),
}

/// The layers of section `name`: built-in parent or none, then each
/// section from the oldest parent to `name` itself.
fn layers<'a>(sections: &'a [Section], name: &str) -> Result<Vec<Layer<'a>>, ImportError> {
    let find = |name: &str, before: usize| {
        sections
            .iter()
            .take(before)
            .rposition(|s| s.name.eq_ignore_ascii_case(name))
    };
    let Some(mut at) = find(name, sections.len()) else {
        return Err(ImportError::NoSection(name.to_string()));
    };
    let mut chain = vec![Layer::Section(&sections[at])];
    loop {
        let s = &sections[at];
        let Some(parent) = &s.parent else { break };
        if chain.len() > 32 {
            return Err(ImportError::Bad {
                line: s.line,
                message: format!("`[{}:{parent}]`: the parents go round in a circle", s.name),
            });
        }
        match find(parent, at) {
            Some(p) => {
                at = p;
                chain.push(Layer::Section(&sections[at]));
            }
            None => {
                chain.push(Layer::Builtin {
                    name: parent.clone(),
                    line: s.line,
                });
                break;
            }
        }
    }
    chain.reverse();
    Ok(chain)
}

/// A piece of the variant being read.
#[derive(Clone)]
struct Piece {
    /// Fairy-Stockfish's type name (`knight`, `customPiece1`, `king`).
    kind: String,
    letter: char,
    betza: String,
    /// The line that gave it (0: chess's, before any section).
    line: usize,
}

/// A value and the line that set it.
#[derive(Clone)]
struct Set {
    value: String,
    line: usize,
    key: String,
}

/// The variant being read, as Fairy-Stockfish's `Variant` holds it: the
/// board, the pieces, and every other key by name.
#[derive(Default)]
struct Variant {
    rows: u8,
    cols: u8,
    /// The line of the `maxRank` that set `rows` (0: chess's eight).
    rows_line: usize,
    pieces: Vec<Piece>,
    /// Other keys, by name (aliases spread to what they set).
    keys: HashMap<String, Set>,
    /// Piece-type keys (`promotionPieceTypes`...) read into type names when
    /// their layer is read, as Fairy-Stockfish resolves letters then.
    types: HashMap<String, (Vec<String>, Set)>,
    /// What pawns promote to without `promotionPieceTypes`: chess's four
    /// while they stay (a removed piece leaves the list, as in
    /// Fairy-Stockfish); none in a section without a parent.
    promotion_default: Vec<String>,
    /// `promotedPieceType`: (piece type, the type it promotes to), each
    /// layer's pairs added to its parents', as Fairy-Stockfish reads them;
    /// the last line that set one.
    promoted: Vec<(String, String)>,
    promoted_at: Option<Set>,
}

impl Variant {
    fn chess() -> Variant {
        let mut v = Variant {
            rows: 8,
            cols: 8,
            promotion_default: ["queen", "rook", "bishop", "knight"]
                .map(String::from)
                .to_vec(),
            ..Default::default()
        };
        for (kind, letter) in [
            ("pawn", 'p'),
            ("knight", 'n'),
            ("bishop", 'b'),
            ("rook", 'r'),
            ("queen", 'q'),
            ("king", 'k'),
        ] {
            v.pieces.push(Piece {
                kind: kind.into(),
                letter,
                betza: betza_of(kind).unwrap_or_default().into(),
                line: 0,
            });
        }
        v
    }

    fn type_of(&self, letter: char) -> Option<&str> {
        let letter = letter.to_ascii_lowercase();
        self.pieces
            .iter()
            .find(|p| p.letter == letter)
            .map(|p| p.kind.as_str())
    }

    fn get(&self, key: &str) -> Option<&Set> {
        self.keys.get(key)
    }
}

fn betza_of(kind: &str) -> Option<&'static str> {
    if kind == "king" {
        return Some("K");
    }
    NAMED.iter().find(|(n, _)| *n == kind).map(|(_, b)| *b)
}

/// Keys that take piece letters, resolved to types as their layer is read.
const TYPE_KEYS: &[&str] = &[
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "extinctionPieceTypes",
    "flagPieceWhite",
    "flagPieceBlack",
    "castlingKingPieceWhite",
    "castlingKingPieceBlack",
    "castlingRookPiecesWhite",
    "castlingRookPiecesBlack",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
    "connectPieceTypes",
    "blastImmuneTypes",
    "mutuallyImmuneTypes",
    "petrifyOnCaptureTypes",
];

/// A key that sets both colours' keys (`flagRegion` sets
/// `flagRegionWhite` and `flagRegionBlack`).
fn spread(key: &str) -> Option<[String; 2]> {
    let both = [
        "promotionPieceTypes",
        "promotionPawnTypes",
        "flagPiece",
        "flagRegion",
        "castlingKingPiece",
        "castlingRookPieces",
        "enPassantRegion",
        "enPassantTypes",
        "pass",
        "passOnStalemate",
        "dropRegion",
        "wallingRegion",
    ];
    both.contains(&key)
        .then(|| [format!("{key}White"), format!("{key}Black")])
}

/// Reads one layer's keys onto `v`, as Fairy-Stockfish's parser does.
fn read_layer(v: &mut Variant, keys: &[Entry]) -> Result<(), ImportError> {
    let bad = |e: &Entry, why: &str| ImportError::Bad {
        line: e.line,
        message: format!("`{} = {}`: {why}", e.key, e.value),
    };
    // Board size first.
    for e in keys {
        match e.key.as_str() {
            "maxRank" => {
                v.rows = match e.value.parse::<u8>() {
                    Ok(n) if (1..=16).contains(&n) => n,
                    _ => return Err(bad(e, "expected a number of ranks")),
                };
                v.rows_line = e.line;
            }
            "maxFile" => {
                v.cols = match e.value.parse::<u8>() {
                    Ok(n) if (1..=16).contains(&n) => n,
                    Ok(_) => return Err(bad(e, "expected a number of files or a file letter")),
                    Err(_) => match e.value.chars().next() {
                        Some(c) if c.is_ascii_lowercase() => c as u8 - b'a' + 1,
                        _ => return Err(bad(e, "expected a number of files or a file letter")),
                    },
                }
            }
            _ => {}
        }
    }
    // Then the pieces, in Fairy-Stockfish's type order.
    for kind in piece_keys() {
        for e in keys.iter().filter(|e| type_alias(&e.key) == kind) {
            read_piece(v, &kind, e)?;
        }
    }
    // Then the rest: keys for both colours before one colour's own.
    let is_piece = |k: &str| piece_keys().iter().any(|p| p == type_alias(k));
    let rest: Vec<&Entry> = keys
        .iter()
        .filter(|e| !matches!(e.key.as_str(), "maxRank" | "maxFile") && !is_piece(&e.key))
        .collect();
    // Fairy-Stockfish reads its alias `pawnTypes` first (the pawns of
    // promotion, en passant and the n-move rule), then keys for both
    // colours, then one colour's own.
    let pass_of = |key: &str| match key {
        "pawnTypes" => 0,
        k if spread(k).is_some() => 1,
        _ => 2,
    };
    for pass in 0..3 {
        for e in rest.iter().filter(|e| pass_of(&e.key) == pass) {
            let targets = match (e.key.as_str(), spread(&e.key)) {
                ("pawnTypes", _) => [
                    "promotionPawnTypesWhite",
                    "promotionPawnTypesBlack",
                    "enPassantTypesWhite",
                    "enPassantTypesBlack",
                ]
                .map(String::from)
                .to_vec(),
                (_, Some(pair)) => pair.to_vec(),
                (_, None) => vec![e.key.clone()],
            };
            for key in targets {
                let set = Set {
                    value: e.value.clone(),
                    line: e.line,
                    key: e.key.clone(),
                };
                if key == "promotedPieceType" {
                    promoted::read_pairs(v, e, set)?;
                } else if TYPE_KEYS.contains(&key.as_str()) {
                    let mut types = Vec::new();
                    for c in e.value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
                        if c == '*' {
                            types.push("*".to_string());
                            continue;
                        }
                        match v.type_of(c) {
                            Some(t) => types.push(t.to_string()),
                            None => {
                                return Err(bad(e, &format!("`{c}` is no piece of the variant")))
                            }
                        }
                    }
                    v.types.insert(key, (types, set));
                } else {
                    v.keys.insert(key, set);
                }
            }
        }
    }
    Ok(())
}

/// A piece key: `knight = n`, `knight = -`, `customPiece1 = a:BN`,
/// `king = k:KN` (a royal piece that moves as the Betza says).
fn read_piece(v: &mut Variant, kind: &str, e: &Entry) -> Result<(), ImportError> {
    let bad = |why: &str| ImportError::Bad {
        line: e.line,
        message: format!("`{} = {}`: {why}", e.key, e.value),
    };
    let Some(first) = e.value.chars().next() else {
        return Ok(());
    };
    v.pieces.retain(|p| p.kind != kind);
    v.promotion_default.retain(|t| t != kind);
    if !first.is_ascii_alphabetic() {
        // `-` (or anything not a letter) removes the piece, as Fairy-Stockfish does.
        return Ok(());
    }
    if kind == "janggiCannon" {
        // Its Betza `pR` is only half of it: it may neither hop over nor
        // capture another cannon, which no Betza modifier says.
        return Err(ImportError::Bad {
            line: e.line,
            message: "`janggiCannon`: a Janggi cannon neither hops over nor takes another cannon, which fenpress's Betza pieces cannot say".into(),
        });
    }
    let letter = first.to_ascii_lowercase();
    let custom = kind.starts_with("customPiece");
    let betza = if custom || (kind == "king" && e.value.len() > 1) {
        match e.value.split_once(':') {
            Some((_, b)) => b.trim().to_string(),
            None => return Err(bad("expected letter:Betza")),
        }
    } else {
        betza_of(kind).unwrap_or_default().to_string()
    };
    // A letter given to this piece is taken from any other.
    let taken: Vec<String> = v
        .pieces
        .iter()
        .filter(|p| p.letter == letter)
        .map(|p| p.kind.clone())
        .collect();
    v.promotion_default.retain(|t| !taken.contains(t));
    v.pieces.retain(|p| p.letter != letter);
    v.pieces.push(Piece {
        kind: kind.to_string(),
        letter,
        betza,
        line: e.line,
    });
    Ok(())
}

/// Reads section `section` of a `variants.ini` text into a spec (named
/// after the section), or says which key (and its line) fenpress cannot
/// follow.
///
/// ```
/// use fenpress_rules::definition::{import_ini, print_definition};
/// let ini = "[capa:chess]\nmaxFile = j\narchbishop = a\nchancellor = c\ncastlingKingsideFile = i\nstartFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\npromotionPieceTypes = qrbnac\n";
/// let spec = import_ini(ini, "capa").unwrap();
/// assert_eq!((spec.cols, spec.rows), (10, 8));
/// assert!(print_definition(&spec).contains("betza: BN"));
/// let err = import_ini("[gating:chess]\ngating = true\n", "gating").unwrap_err();
/// assert_eq!(err.to_string(), "line 2: `gating = true`: fenpress cannot import this key");
/// ```
pub fn import_ini(text: &str, section: &str) -> Result<ChessLikeSpec, ImportError> {
    let sections = read_sections(text);
    let chain = layers(&sections, section)?;
    let mut v = match chain.first() {
        Some(Layer::Section(s)) if s.parent.is_none() => Variant {
            rows: 8,
            cols: 8,
            ..Default::default()
        },
        _ => Variant::chess(),
    };
    for layer in &chain {
        match layer {
            Layer::Builtin { name, line } => {
                let Some(keys) = builtin_parent(name) else {
                    return Err(ImportError::Bad {
                        line: *line,
                        message: format!(
                            "parent `{name}`: a Fairy-Stockfish built-in variant fenpress cannot import ({})",
                            builtin_refusal(name)
                        ),
                    });
                };
                let entries: Vec<Entry> = keys
                    .iter()
                    .map(|(k, v)| Entry {
                        line: *line,
                        key: k.to_string(),
                        value: v.to_string(),
                    })
                    .collect();
                read_layer(&mut v, &entries).map_err(|e| match e {
                    ImportError::Bad { line, message } => ImportError::Bad {
                        line,
                        message: format!("built-in parent `{name}`: {message}"),
                    },
                    other => other,
                })?;
            }
            Layer::Section(s) => read_layer(&mut v, &s.keys)?,
        }
    }
    let header = match chain.last() {
        Some(Layer::Section(s)) => s.line,
        _ => 1,
    };
    to_spec(section, &v, header)
}

/// Keys read into the spec (or checked by [`to_spec`]).
const APPLIED: &[&str] = &[
    "startFen",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "mandatoryPawnPromotion",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "tripleStepRegionWhite",
    "tripleStepRegionBlack",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "checking",
    "mustCapture",
    "stalemateValue",
    "checkmateValue",
    "nFoldRule",
    "nFoldValue",
    "nFoldValueAbsolute",
    "perpetualCheckIllegal",
    "flyingGeneral",
    "extinctionValue",
    "extinctionPieceCount",
    "extinctionPseudoRoyal",
    "flagRegionWhite",
    "flagRegionBlack",
    "flagMove",
    "flagPieceSafe",
    "flagPieceCount",
    "flagPieceBlockedWin",
    "checkCounting",
    "castlingWins",
    "pieceDrops",
    "capturesToHand",
    "dropLoop",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "dropRegionWhite",
    "dropRegionBlack",
    "immobilityIllegal",
    "mustDrop",
    "enclosingDrop",
    "connectN",
    "connectNxN",
    "connectHorizontal",
    "connectVertical",
    "connectDiagonal",
    "connectValue",
    "blastOnCapture",
    "mandatoryPiecePromotion",
    "passOnStalemateWhite",
    "passOnStalemateBlack",
    "extinctionOpponentPieceCount",
    "promotionLimit",
];

/// Fairy-Stockfish's default value of keys fenpress does not apply: at
/// that value they change nothing, at any other the section is refused.
fn default_of(key: &str) -> Option<&'static str> {
    Some(match key {
        "chess960"
        | "twoBoards"
        | "sittuyinPromotion"
        | "piecePromotionOnCapture"
        | "mandatoryPiecePromotion"
        | "pieceDemotion"
        | "petrifyBlastPieces"
        | "castlingDroppedPiece"
        | "oppositeCastling"
        | "sittuyinRookDrop"
        | "dropOppositeColoredBishop"
        | "dropPromoted"
        | "gating"
        | "wallOrMove"
        | "seirawanGating"
        | "cambodianMoves"
        | "passWhite"
        | "passBlack"
        | "makpongRule"
        | "moveRepetitionIllegal"
        | "stalematePieceCount"
        | "shogiPawnDropMateIllegal"
        | "shatarMateRule"
        | "bikjangRule"
        | "extinctionClaim"
        | "dupleCheck"
        | "adjudicateFullBoard" => "false",
        "dropChecks" => "true",
        "collinearN" => "0",
        "materialCounting" | "countingRule" | "wallingRule" | "flipEnclosedPieces"
        | "chasingRule" => "none",
        "castlingKingFile" => "e",
        _ => return None,
    })
}

fn refuse(set: &Set, why: &str) -> ImportError {
    ImportError::Bad {
        line: set.line,
        message: format!("`{} = {}`: {why}", set.key, set.value),
    }
}

/// An absolute region of the board: (file, rank) squares, 0-based.
fn region(set: &Set, cols: u8, rows: u8) -> Result<Vec<(u8, u8)>, ImportError> {
    let mut out = Vec::new();
    let bad = || refuse(set, "expected squares (d4), ranks (*8) or files (a*)");
    for symbol in set.value.split_whitespace() {
        if symbol == "-" {
            break;
        }
        if let Some(file) = symbol.strip_suffix('*') {
            let f = match file.as_bytes() {
                [c] if c.is_ascii_lowercase() => c - b'a',
                _ => return Err(bad()),
            };
            out.extend((0..rows).map(|r| (f, r)));
        } else if let Some(rank) = symbol.strip_prefix('*') {
            let r: u8 = rank.parse().map_err(|_| bad())?;
            out.extend((0..cols).map(|f| (f, r.wrapping_sub(1))));
        } else {
            let mut chars = symbol.chars();
            let f = chars
                .next()
                .filter(char::is_ascii_lowercase)
                .ok_or_else(bad)? as u8
                - b'a';
            let r: u8 = chars.as_str().parse().map_err(|_| bad())?;
            out.push((f, r.wrapping_sub(1)));
        }
    }
    out.retain(|&(f, r)| f < cols && r < rows);
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// The ranks a region covers whole, counted from `white`'s or Black's
/// side (0: the side's first rank); `None` when it is not whole ranks.
fn whole_ranks(squares: &[(u8, u8)], cols: u8, rows: u8, white: bool) -> Option<Vec<u8>> {
    let mut ranks: Vec<u8> = squares.iter().map(|&(_, r)| r).collect();
    ranks.dedup();
    ranks.sort_unstable();
    ranks.dedup();
    let whole = ranks
        .iter()
        .all(|r| squares.iter().filter(|(_, q)| q == r).count() == usize::from(cols));
    whole.then(|| {
        let mut rel: Vec<u8> = ranks
            .iter()
            .map(|&r| if white { r } else { rows - 1 - r })
            .collect();
        rel.sort_unstable();
        rel
    })
}

/// The repetition rule: `nFoldRule` (the occurrence that ends the game,
/// 0 for none), `nFoldValue` (what the side to move gets),
/// `nFoldValueAbsolute` (the value is White's) and `perpetualCheckIllegal`.
fn repetition(v: &Variant, spec: &mut ChessLikeSpec) -> Result<(), ImportError> {
    let rule = &mut spec.win.repetition;
    if let Some(set) = v.get("nFoldRule") {
        rule.count = set
            .value
            .parse()
            .map_err(|_| refuse(set, "expected a number of occurrences, 0 to 255"))?;
    }
    if let Some(set) = v.get("nFoldValue") {
        rule.result = match set.value.as_str() {
            "draw" => StalemateResult::Draw,
            "win" => StalemateResult::Win,
            "loss" => StalemateResult::Loss,
            _ => return Err(refuse(set, "expected win, loss or draw")),
        };
    }
    if let Some(set) = v.get("nFoldValueAbsolute") {
        rule.as_white = truth(set)?;
    }
    if let Some(set) = v.get("perpetualCheckIllegal") {
        rule.perpetual_check_loses = truth(set)?;
    }
    Ok(())
}

fn truth(set: &Set) -> Result<bool, ImportError> {
    match set.value.as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(refuse(set, "expected true or false")),
    }
}

/// The spec of the variant read, or the key fenpress cannot follow.
fn to_spec(name: &str, v: &Variant, header: usize) -> Result<ChessLikeSpec, ImportError> {
    every_key_followed(v)?;
    let (cols, rows) = (v.cols, v.rows);
    let mut spec = ChessLikeSpec {
        name: name.to_string().into(),
        rows,
        cols,
        ..Default::default()
    };

    let (mut army, royal_letters) = army_of(v, header)?;
    spec.initial_moves = crate::variants::chesslike::InitialMoves::FairyStockfish;

    let flag_letter = |key: &str| -> Option<char> {
        let (types, _) = v.types.get(key)?;
        let t = types.first()?;
        v.pieces.iter().find(|p| &p.kind == t).map(|p| p.letter)
    };
    let type_letters = |key: &str| -> Vec<Kind> {
        let Some((types, _)) = v.types.get(key) else {
            return Vec::new();
        };
        types
            .iter()
            .filter_map(|t| v.pieces.iter().find(|p| &p.kind == t))
            .map(|p| Kind(p.letter as u8))
            .collect()
    };

    let has_pawn_kind = v.pieces.iter().any(|p| p.kind == "pawn");
    mark_custom_pawns(v, &mut army, has_pawn_kind)?;

    // Royalty and how the game ends.
    let kingless = royal_letters.is_empty();
    let value = |key: &str, default: &str| -> String {
        v.get(key)
            .map(|s| s.value.clone())
            .unwrap_or_else(|| default.into())
    };
    if let Some(set) = v.get("checkmateValue") {
        if set.value != "loss" {
            return Err(refuse(
                set,
                "fenpress cannot import this key (only a checkmated side loses)",
            ));
        }
    }
    spec.win.stalemate = match value("stalemateValue", "draw").as_str() {
        "draw" => StalemateResult::Draw,
        "win" => StalemateResult::Win,
        "loss" => StalemateResult::Loss,
        _ => {
            let set = v
                .get("stalemateValue")
                .expect("a value that is not the default was set");
            return Err(refuse(set, "expected win, loss or draw"));
        }
    };
    repetition(v, &mut spec)?;
    if let Some(set) = v.get("flyingGeneral") {
        // Fairy-Stockfish: a move may not leave the two kings on one file
        // or rank with nothing between them — the engine's `no_facing`.
        spec.win.no_facing = truth(set)?;
    }
    if let Some(set) = v.get("mustCapture") {
        spec.win.compulsory_capture = truth(set)?;
    }
    if let Some(set) = v.get("checking") {
        if !truth(set)? {
            spec.wins.forbid_check = true;
        }
    }
    // Promotion.
    for (i, key) in ["promotionPieceTypesWhite", "promotionPieceTypesBlack"]
        .iter()
        .enumerate()
    {
        spec.promotions[i] = if v.types.contains_key(*key) {
            type_letters(key)
        } else {
            v.promotion_default
                .iter()
                .filter_map(|t| v.pieces.iter().find(|p| &p.kind == t))
                .map(|p| Kind(p.letter as u8))
                .collect()
        };
    }
    let has_pawns = army.iter().any(|p| p.pawn);
    promotion(v, &mut spec, has_pawns || !v.promoted.is_empty())?;
    promoted::apply(v, &mut spec, &mut army)?;
    promotion_limits(v, &mut spec, &army)?;
    extinction(v, &mut spec, &mut army, &type_letters)?;
    if kingless && !army.iter().any(|p| p.royal) {
        spec.win.checkmate = false;
        spec.win.royals = None;
    }
    if let Some(set) = v.get("checkCounting") {
        if truth(set)? {
            spec.win.checks = checks_of(v, set)?;
        }
    }
    flags(v, &mut spec, &flag_letter)?;
    spec.win.connect = connect(v, &type_letters)?;

    // Fairy-Stockfish turns White's steps half around for Black (a step
    // to White's right goes to Black's right); fenpress mirrors them rank
    // for rank unless told. Only a piece whose steps are not the same
    // mirrored left to right sees the difference.
    spec.rotate_black = army.iter().any(|p| lopsided(&p.betza));
    spec.armies = [army.clone(), army];

    // Start, pawn steps and castling.
    let start = v.get("startFen").cloned().unwrap_or(Set {
        value: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        line: header,
        key: "startFen".into(),
    });
    spec.drops = drops(v, &spec)?;
    spec.explosions = explosions(v, &spec)?;
    opponent_piece_count(v, &mut spec)?;
    pass_on_stalemate(v, &mut spec)?;
    let fen = start_fen(v, &mut spec, &start, has_pawn_kind)?;
    if let Some(set) = v.get("castlingWins") {
        spec.win.castle_long =
            match set.value.as_str() {
                "-" => None,
                "Q" if spec.castling[0] => Some(crate::color::Color::White),
                "q" if spec.castling[1] => Some(crate::color::Color::Black),
                _ => return Err(refuse(
                    set,
                    "fenpress imports a win by castling long (Q or q) for one side that may castle",
                )),
            };
    }
    spec.start_fen = fen.into();
    spec.regions = mobility_regions(v, &spec)?;
    start_fits(&spec, &start)?;
    Ok(spec)
}

/// `connectN`, `connectNxN`, the direction switches, `connectPieceTypes`
/// and `connectValue`: a row (or block) of the mover's pieces ends the
/// game. Without a row or block to make, the others change nothing.
fn connect(
    v: &Variant,
    type_letters: &dyn Fn(&str) -> Vec<Kind>,
) -> Result<Option<Connect>, ImportError> {
    let number = |key: &str| -> Result<u8, ImportError> {
        match v.get(key) {
            None => Ok(0),
            Some(set) => set
                .value
                .parse()
                .map_err(|_| refuse(set, "expected a number of pieces")),
        }
    };
    let flag = |key: &str| v.get(key).map(truth).transpose();
    let (n, square) = (number("connectN")?, number("connectNxN")?);
    // Read even when unused, so that a wrong value is refused.
    let horizontal = flag("connectHorizontal")?.unwrap_or(true);
    let vertical = flag("connectVertical")?.unwrap_or(true);
    let diagonal = flag("connectDiagonal")?.unwrap_or(true);
    let misere = match v.get("connectValue") {
        None => false,
        Some(set) => match set.value.as_str() {
            "win" => false,
            "loss" => true,
            _ => {
                return Err(refuse(
                    set,
                    "fenpress imports a row that wins or loses (win or loss)",
                ))
            }
        },
    };
    if n == 0 && square == 0 {
        return Ok(None);
    }
    if let Some((types, set)) = v.types.get("connectPieceTypes") {
        // Fairy-Stockfish keeps the types of the game: one it lacks counts
        // for nothing, and `*` is every piece.
        if types.is_empty() {
            return Err(refuse(set, "no piece may make a row"));
        }
    }
    let mut pieces = type_letters("connectPieceTypes");
    let every: Vec<Kind> = v.pieces.iter().map(|p| Kind(p.letter as u8)).collect();
    let all = v
        .types
        .get("connectPieceTypes")
        .is_some_and(|(types, _)| types.iter().any(|t| t == "*"));
    if all || every.iter().all(|k| pieces.contains(k)) {
        pieces.clear();
    }
    Ok(Some(Connect {
        n,
        horizontal,
        vertical,
        diagonal,
        square,
        pieces,
        misere,
    }))
}

/// `blastOnCapture` and the keys that shape explosions
/// (`blastImmuneTypes`); the capture rules fenpress lacks beside them
/// (`mutuallyImmuneTypes`, `petrifyOnCaptureTypes`) refuse the section.
fn explosions(v: &Variant, spec: &ChessLikeSpec) -> Result<Option<ExplosionSpec>, ImportError> {
    let kinds_of = |key: &str| -> Vec<Kind> {
        v.types.get(key).map_or(Vec::new(), |(types, _)| {
            types
                .iter()
                .filter_map(|t| v.pieces.iter().find(|p| &p.kind == t))
                .map(|p| Kind(p.letter as u8))
                .collect()
        })
    };
    for (key, why) in [
        (
            "mutuallyImmuneTypes",
            "fenpress cannot import this key (pieces that cannot take their own kind)",
        ),
        (
            "petrifyOnCaptureTypes",
            "fenpress cannot import this key (capturers turned into walls)",
        ),
    ] {
        if let Some((types, set)) = v.types.get(key) {
            if !types.is_empty() {
                return Err(refuse(set, why));
            }
        }
    }
    let on = match v.get("blastOnCapture") {
        Some(set) => truth(set)?,
        None => false,
    };
    if !on {
        // Without explosions `blastImmuneTypes` changes nothing.
        return Ok(None);
    }
    if let Some(set) = v.get("blastOnCapture") {
        if spec.win.checks > 0 {
            return Err(refuse(
                set,
                "fenpress does not import explosions with check counting (not imported)",
            ));
        }
    }
    // The blast around the capture spares Fairy-Stockfish's pawn type
    // only: a custom piece that moves as a pawn is blown up.
    let spared = v
        .pieces
        .iter()
        .filter(|p| p.kind == "pawn")
        .map(|p| Kind(p.letter as u8))
        .collect();
    Ok(Some(ExplosionSpec {
        spared,
        immune: kinds_of("blastImmuneTypes"),
        opponent_must_remain: false,
    }))
}

/// `passOnStalemate` (read as its White and Black keys): a stuck side passes.
fn pass_on_stalemate(v: &Variant, spec: &mut ChessLikeSpec) -> Result<(), ImportError> {
    for (i, key) in ["passOnStalemateWhite", "passOnStalemateBlack"]
        .iter()
        .enumerate()
    {
        if let Some(set) = v.get(key) {
            spec.pass_on_stalemate[i] = truth(set)?;
        }
    }
    Ok(())
}

/// `extinctionOpponentPieceCount`: 0 changes nothing; 1 with antichess's
/// extinction and explosions is [`ExplosionSpec::opponent_must_remain`]
/// (Anti-Atomic); any other use is refused.
fn opponent_piece_count(v: &Variant, spec: &mut ChessLikeSpec) -> Result<(), ImportError> {
    let Some(set) = v.get("extinctionOpponentPieceCount") else {
        return Ok(());
    };
    match (
        set.value.as_str(),
        spec.win.antichess,
        spec.explosions.as_mut(),
    ) {
        ("0", _, _) => Ok(()),
        ("1", true, Some(x)) => {
            x.opponent_must_remain = true;
            Ok(())
        }
        _ => Err(refuse(
            set,
            "fenpress imports this key at 1 only, with antichess's extinction and blastOnCapture",
        )),
    }
}

/// `pieceDrops` and the keys that shape drops (`capturesToHand`,
/// `dropLoop`, `firstRankPawnDrops`, `promotionZonePawnDrops`,
/// `dropNoDoubled`, `dropNoDoubledCount`, `dropRegion*`,
/// `immobilityIllegal`); without drops, each must be at its default.
fn drops(v: &Variant, spec: &ChessLikeSpec) -> Result<Option<DropSpec>, ImportError> {
    let flag = |key: &str| v.get(key).map(truth).transpose();
    let on = flag("pieceDrops")?.unwrap_or(false);
    if !on {
        for key in [
            "capturesToHand",
            "dropLoop",
            "firstRankPawnDrops",
            "promotionZonePawnDrops",
            "immobilityIllegal",
            "mustDrop",
        ] {
            if let Some(set) = v.get(key).filter(|s| s.value != "false") {
                return Err(refuse(
                    set,
                    "fenpress applies this key with pieceDrops only",
                ));
            }
        }
        for key in ["dropNoDoubled", "dropRegionWhite", "dropRegionBlack"] {
            if let Some(set) = v.get(key).filter(|s| s.value != "-") {
                return Err(refuse(
                    set,
                    "fenpress applies this key with pieceDrops only",
                ));
            }
        }
        if let Some(set) = v.get("enclosingDrop").filter(|s| s.value != "none") {
            return Err(refuse(
                set,
                "fenpress applies this key with pieceDrops only",
            ));
        }
        return Ok(None);
    }
    let at = v.get("pieceDrops").expect("pieceDrops is on");
    let army = &spec.armies[0];
    // Fairy-Stockfish's pawn drop rules are its pawn type's alone.
    if let Some((p, _)) = v
        .pieces
        .iter()
        .zip(army)
        .find(|(p, a)| a.pawn && p.kind != "pawn")
    {
        return Err(refuse(
            at,
            &format!("drops with `{}` as the pawn (Fairy-Stockfish's pawn drop rules are the pawn's only)", p.kind),
        ));
    }
    // Antichess's win by losing everything is its stalemate (no piece, no
    // move), which a piece in hand prevents, as Fairy-Stockfish's count
    // with the hand does; other extinctions count the board.
    if !spec.win.extinction.is_empty() || spec.win.extinction_all {
        return Err(refuse(
            at,
            "drops with an extinction rule (Fairy-Stockfish counts the pieces in hand, fenpress the board's)",
        ));
    }
    let mut d = DropSpec {
        captures_to_hand: flag("capturesToHand")?.unwrap_or(false),
        pawn_first_rank: flag("firstRankPawnDrops")?.unwrap_or(false),
        pawn_promotion_zone: flag("promotionZonePawnDrops")?.unwrap_or(false),
        immobility_illegal: flag("immobilityIllegal")?.unwrap_or(false),
        must_drop: flag("mustDrop")?.unwrap_or(false),
        ..Default::default()
    };
    if let Some(set) = v.get("enclosingDrop") {
        d.gravity = match set.value.as_str() {
            "none" => false,
            "top" => true,
            _ => {
                return Err(refuse(
                    set,
                    "fenpress cannot import this drop rule (only `top`)",
                ))
            }
        };
    }
    let pawn = army.iter().find(|p| p.pawn);
    // Promotion squares are the drop rule's region as they are the moves'.
    if pawn.is_some() && !d.pawn_promotion_zone && spec.promotion.squares.is_none() {
        pawn_drop_zone_fits(v, spec)?;
    }
    // A captured promoted pawn goes back to hand as a pawn unless
    // `dropLoop`: each piece a pawn becomes gets a letter of its own on
    // the board (standard FEN's `Q~`).
    if d.captures_to_hand && !flag("dropLoop")?.unwrap_or(false) && pawn.is_some() {
        let used: Vec<char> = army.iter().map(|p| p.letter).collect();
        let mut free = ('a'..='z').rev().filter(|c| !used.contains(c) && *c != 'x');
        let mut bases: Vec<Kind> = spec.promotions.iter().flatten().copied().collect();
        bases.sort_unstable_by_key(|k| k.0);
        bases.dedup();
        for base in bases {
            let Some(twin) = free.next() else {
                return Err(refuse(at, "no letter left for the promoted pieces"));
            };
            d.promoted.push((twin, base.0 as char));
        }
    }
    if let Some(set) = v.get("dropNoDoubled").filter(|s| s.value != "-") {
        let letter = set.value.chars().next().unwrap_or('-').to_ascii_lowercase();
        if v.type_of(letter).is_none() || set.value.len() != 1 {
            return Err(refuse(set, "expected the letter of a piece of the variant"));
        }
        let count = match v.get("dropNoDoubledCount") {
            Some(c) => c
                .value
                .parse()
                .map_err(|_| refuse(c, "expected a number of pieces"))?,
            None => 1,
        };
        d.no_doubled = Some((letter, count));
    }
    for (i, set) in region_keys(v, "dropRegion", ["-", "-"]).iter().enumerate() {
        if set.line == 0 {
            continue;
        }
        let squares = region(set, v.cols, v.rows)?;
        if squares.is_empty() {
            return Err(refuse(
                set,
                "fenpress cannot import a drop region off the board",
            ));
        }
        if squares.len() < usize::from(v.cols) * usize::from(v.rows) {
            d.region[i] = squares
                .iter()
                .map(|&(f, r)| square_name(f, r).into())
                .collect();
        }
    }
    Ok(Some(d))
}

/// Pawns are not dropped in Fairy-Stockfish's promotion region, fenpress's
/// promotion zone: both must be the same squares.
fn pawn_drop_zone_fits(v: &Variant, spec: &ChessLikeSpec) -> Result<(), ImportError> {
    let (cols, rows) = (v.cols, v.rows);
    let zone = spec.promotion.zone;
    for (i, set) in region_keys(v, "promotionRegion", ["*8", "*1"])
        .iter()
        .enumerate()
    {
        let squares = region(set, cols, rows)?;
        let white = i == 0;
        let expected = (0..cols)
            .flat_map(|f| (0..rows).map(move |r| (f, r)))
            .filter(|&(_, r)| {
                let rel = if white { r } else { rows - 1 - r };
                rel + zone >= rows
            })
            .count();
        let fits = squares.len() == expected
            && squares.iter().all(|&(_, r)| {
                let rel = if white { r } else { rows - 1 - r };
                rel + zone >= rows
            });
        if !fits {
            let mut at = set.clone();
            if at.line == 0 {
                at.line = v.get("pieceDrops").map_or(0, |s| s.line);
                at.key = "promotionRegion (default)".into();
            }
            return Err(refuse(
                &at,
                "pawns are not dropped in the promotion region, which is not a side's last ranks alike (fenpress's promotion zone)",
            ));
        }
    }
    Ok(())
}

/// Every key of the section and its parents is applied, without effect,
/// at its default, or the section is refused at that key's line.
fn every_key_followed(v: &Variant) -> Result<(), ImportError> {
    let mut keys: Vec<(&String, &Set)> = v.keys.iter().collect();
    keys.sort_by_key(|(k, s)| (s.line, (*k).clone()));
    for (specific, set) in keys {
        let key = set.key.as_str();
        if INI_NO_EFFECT.contains(&key) || APPLIED.contains(&specific.as_str()) {
            continue;
        }
        if key.starts_with("mobilityRegion") {
            // Read by `mobility_regions`.
            continue;
        }
        match default_of(specific) {
            Some(d) if d == set.value => continue,
            _ => return Err(refuse(set, "fenpress cannot import this key")),
        }
    }
    Ok(())
}

/// The section's pieces as fenpress's, and the letters of its kings; a
/// Betza string fenpress cannot read refuses the section at its line.
fn army_of(v: &Variant, header: usize) -> Result<(Vec<PieceSpec>, Vec<char>), ImportError> {
    let mut royal_letters = Vec::new();
    let mut army = Vec::new();
    for p in &v.pieces {
        // Fairy-Stockfish's Betza dialect differs from fenpress's (its `fN`
        // is the two forward-most leaps, its `n` a lame leap): rewritten.
        let betza = crate::betza::from_fairy_stockfish(&p.betza)
            .and_then(|ours| crate::betza::parse(&ours).map(|_| ours));
        let betza = match betza {
            Ok(ours) => ours,
            Err(e) => {
                let at = Set {
                    value: format!("{}:{}", p.letter, p.betza),
                    line: if p.line == 0 { header } else { p.line },
                    key: p.kind.clone(),
                };
                return Err(refuse(&at, &format!("Betza `{}`: {e}", p.betza)));
            }
        };
        let mut piece = PieceSpec {
            betza: betza.into(),
            ..PieceSpec::piece(p.letter, "")
        };
        if !p.kind.starts_with("customPiece") {
            piece = piece.named(p.kind.clone());
        }
        piece.pawn = p.kind == "pawn";
        piece.royal = p.kind == "king";
        if piece.royal {
            royal_letters.push(p.letter);
        }
        army.push(piece);
    }

    Ok((army, royal_letters))
}

/// The pawns of promotion and en passant. fenpress's pawn does both.
/// Without a pawn, only a piece's first-move steps (Betza `i`) would
/// leave an en-passant square (`position.cpp`): with none either, en
/// passant never happens, and the kinds that promote are fenpress's
/// pawns, with no double step (Fairy-Stockfish gives it to the pawn
/// only).
fn mark_custom_pawns(
    v: &Variant,
    army: &mut [PieceSpec],
    has_pawn_kind: bool,
) -> Result<(), ImportError> {
    let pawn_types = ["pawn".to_string()];
    let types_of = |key: &str| {
        v.types
            .get(key)
            .map(|(t, s)| (t.as_slice(), Some(s)))
            .unwrap_or((&pawn_types[..], None))
    };
    let mut custom_pawns: Vec<String> = Vec::new();
    for pair in [
        ["promotionPawnTypesWhite", "promotionPawnTypesBlack"],
        ["enPassantTypesWhite", "enPassantTypesBlack"],
    ] {
        let (white, at_white) = types_of(pair[0]);
        let (black, at_black) = types_of(pair[1]);
        let Some(set) = at_white.or(at_black) else {
            continue;
        };
        let promotion = pair[0].starts_with("promotion");
        if white != black {
            return Err(refuse(
                set,
                "fenpress cannot import this key (the same pawns for both sides)",
            ));
        }
        if white == pawn_types {
            continue;
        }
        if has_pawn_kind {
            return Err(refuse(
                set,
                "fenpress cannot import this key (only the pawn promotes and takes en passant)",
            ));
        }
        if promotion {
            custom_pawns = white.to_vec();
        }
    }
    for (piece, p) in army.iter_mut().zip(&v.pieces) {
        if custom_pawns.contains(&p.kind) {
            piece.pawn = true;
        }
    }
    Ok(())
}

/// `extinctionValue`, `extinctionPieceTypes`, `extinctionPieceCount`,
/// `extinctionPseudoRoyal`.
fn extinction(
    v: &Variant,
    spec: &mut ChessLikeSpec,
    army: &mut [PieceSpec],
    type_letters: &dyn Fn(&str) -> Vec<Kind>,
) -> Result<(), ImportError> {
    let Some(value) = v.get("extinctionValue") else {
        if let Some((_, set)) = v.types.get("extinctionPieceTypes") {
            if v.get("extinctionPseudoRoyal").is_some() {
                return Err(refuse(
                    set,
                    "fenpress cannot import this key without extinctionValue",
                ));
            }
        }
        return Ok(());
    };
    let Some((types, set)) = v.types.get("extinctionPieceTypes") else {
        if value.value == "none" {
            return Ok(());
        }
        return Err(refuse(value, "no extinctionPieceTypes"));
    };
    let all = types.iter().any(|t| t == "*");
    let count_set = v.get("extinctionPieceCount");
    let count: usize = match count_set {
        Some(c) => c
            .value
            .parse()
            .map_err(|_| refuse(c, "expected a number of pieces"))?,
        None => 0,
    };
    let pseudo = match v.get("extinctionPseudoRoyal") {
        Some(s) => truth(s)?,
        None => false,
    };
    if let (Some(c), false) = (count_set, pseudo) {
        if value.value == "loss" {
            spec.win.extinction_left = u8::try_from(count)
                .map_err(|_| refuse(c, "fenpress counts at most 255 pieces left"))?;
        } else if count != 0 {
            return Err(refuse(
                c,
                "fenpress cannot import this key (extinction below a count other than none)",
            ));
        }
    }
    match value.value.as_str() {
        "none" => {}
        "loss" if pseudo => {
            // A lone piece of the kind cannot be left attacked: the king
            // of chess under another letter.
            if all || types.len() != 1 {
                return Err(refuse(
                    set,
                    "fenpress cannot import this key with extinctionPseudoRoyal (one kind only)",
                ));
            }
            let letters = type_letters("extinctionPieceTypes");
            // Fairy-Stockfish's pseudo-royal pieces are royal only while a
            // side has at most extinctionPieceCount + 1 of them; with more,
            // none is, which fenpress cannot say. A side that starts with
            // no more, and cannot promote to the kind, keeps them all
            // royal: none can be taken, none added.
            let board = v
                .get("startFen")
                .and_then(|s| s.value.split_whitespace().next())
                .unwrap_or("");
            let pseudo_set = v.get("extinctionPseudoRoyal").unwrap_or(set);
            for k in &letters {
                let c = k.0 as char;
                let too_many = [c, c.to_ascii_uppercase()]
                    .iter()
                    .any(|l| board.chars().filter(|b| b == l).count() > count + 1);
                let promoted =
                    spec.promotions.iter().any(|p| p.contains(k)) || promoted::is_target(v, c);
                if too_many || promoted {
                    return Err(refuse(
                        pseudo_set,
                        &format!("`{c}` may stand more than extinctionPieceCount + 1 times on a side, pseudo-royal only when fewer (fenpress cannot say it)"),
                    ));
                }
            }
            for p in army.iter_mut() {
                if letters.iter().any(|k| k.0 == p.letter as u8) {
                    p.royal = true;
                }
            }
            // Every royal piece must be kept out of attack: as many a side
            // as the start has.
            let royal_letters: Vec<char> =
                army.iter().filter(|p| p.royal).map(|p| p.letter).collect();
            let per_side = |upper: bool| {
                board
                    .chars()
                    .filter(|b| b.is_ascii_uppercase() == upper)
                    .filter(|b| royal_letters.contains(&b.to_ascii_lowercase()))
                    .count()
            };
            let most = per_side(true).max(per_side(false));
            if most > 1 {
                spec.win.royals = Some(u8::try_from(most).unwrap_or(u8::MAX));
            }
        }
        "loss" => {
            if all {
                spec.win.extinction_all = true;
            } else {
                let kinds = type_letters("extinctionPieceTypes");
                // A capture that promotes the mover's last pawn can wipe out
                // a kind on both sides at once: Fairy-Stockfish then judges
                // the mover first (it loses), fenpress the side to move.
                let promotes = spec.promotions.iter().any(|p| !p.is_empty());
                let pawn_kind = army
                    .iter()
                    .any(|p| p.pawn && kinds.contains(&Kind(p.letter as u8)));
                if promotes && pawn_kind {
                    return Err(refuse(
                        set,
                        "when a capture that promotes the last pawn wipes out a kind on both sides, Fairy-Stockfish's mover loses, fenpress's side to move (not imported)",
                    ));
                }
                spec.win.extinction = kinds;
            }
        }
        "win" if !all && !pseudo => {
            // Losing the kind wins (Kamikaze Rooks); the mover is judged
            // first, as Fairy-Stockfish does.
            spec.win.extinction = type_letters("extinctionPieceTypes");
            spec.win.extinction_wins = true;
        }
        "win" if all && !pseudo => {
            spec.win.antichess = true;
            let stalemate_wins = spec.win.stalemate == StalemateResult::Win;
            let forced = spec.win.compulsory_capture;
            if !stalemate_wins || !forced {
                return Err(refuse(
                    value,
                    "fenpress imports losing every piece as a win only with stalemateValue = win and mustCapture = true (antichess)",
                ));
            }
        }
        _ => return Err(refuse(value, "fenpress cannot import this extinction rule")),
    }
    Ok(())
}

/// `checkCounting`: the checks each side may receive, from the start
/// FEN's `3+3` field, the same for both.
fn checks_of(v: &Variant, set: &Set) -> Result<u8, ImportError> {
    let fen = v.get("startFen").map(|s| s.value.as_str()).unwrap_or("");
    let field = fen
        .split_whitespace()
        .find(|f| f.contains('+'))
        .ok_or_else(|| refuse(set, "no `N+N` check count in startFen"))?;
    match field.split_once('+') {
        Some((w, b)) if w == b => w
            .parse()
            .map_err(|_| refuse(set, "check counts in startFen are not numbers")),
        _ => Err(refuse(
            set,
            "fenpress counts the same checks for both sides",
        )),
    }
}

/// `flagPiece`, `flagRegion`, `flagMove`, `flagPieceSafe`: reaching a
/// region wins.
fn flags(
    v: &Variant,
    spec: &mut ChessLikeSpec,
    flag_letter: &dyn Fn(&str) -> Option<char>,
) -> Result<(), ImportError> {
    let (cols, rows) = (v.cols, v.rows);
    let regions = [v.get("flagRegionWhite"), v.get("flagRegionBlack")];
    let squares = [
        match regions[0] {
            Some(s) => region(s, cols, rows)?,
            None => Vec::new(),
        },
        match regions[1] {
            Some(s) => region(s, cols, rows)?,
            None => Vec::new(),
        },
    ];
    let at = regions[0].or(regions[1]);
    let Some(at) = at else {
        for key in ["flagMove", "flagPieceSafe"] {
            if let Some(s) = v.get(key) {
                if truth(s)? {
                    return Err(refuse(s, "no flagRegion"));
                }
            }
        }
        return Ok(());
    };
    if squares[0].is_empty() && squares[1].is_empty() {
        return Ok(());
    }
    let mut goal = ReachGoal::default();
    let pieces = [flag_letter("flagPieceWhite"), flag_letter("flagPieceBlack")];
    if pieces[0] != pieces[1] {
        let set = v
            .types
            .get("flagPieceBlack")
            .or(v.types.get("flagPieceWhite"))
            .map(|(_, s)| s)
            .unwrap_or(at);
        return Err(refuse(set, "fenpress takes one flag piece for both sides"));
    }
    if let Some(c) = pieces[0] {
        goal.pieces = vec![Kind(c as u8)];
    }
    place_goal(&mut goal, &squares, at, cols, rows)?;
    let safe = match v.get("flagPieceSafe") {
        Some(s) => truth(s)?,
        None => false,
    };
    let flag_move = match v.get("flagMove") {
        Some(s) => truth(s)?,
        None => false,
    };
    // Several pieces on the goal at once, or one on a goal full of pieces
    // (flagPieceBlockedWin, only read with a count above one).
    if let Some(set) = v.get("flagPieceCount") {
        let count: u8 = set
            .value
            .parse()
            .map_err(|_| refuse(set, "expected a number of pieces"))?;
        if count > 1 {
            if safe || flag_move {
                return Err(refuse(
                    set,
                    "fenpress counts pieces on a goal only without flagPieceSafe and flagMove",
                ));
            }
            goal.count = count;
            if let Some(b) = v.get("flagPieceBlockedWin") {
                goal.or_full = truth(b)?;
            }
        }
    }
    if safe {
        // Fairy-Stockfish tests the safety of a piece in the region only
        // while it is alone there: two attacked pieces win at once, where
        // fenpress's safe goals still ask for one safe piece.
        let set = v.get("flagPieceSafe").expect("read above");
        return Err(refuse(
            set,
            "Fairy-Stockfish waives the safety test when two pieces stand in the region; fenpress's safe goals do not (not imported)",
        ));
    }
    if let Some(s) = v.get("flagMove") {
        if flag_move && !safe {
            // Black may still arrive after White: a plain race to the same
            // squares, of kings (Fairy-Stockfish's draw when both arrive
            // is for its king type only; other pieces win on their
            // owner's next turn).
            let kings = pieces[0]
                .is_some_and(|c| v.pieces.iter().any(|p| p.letter == c && p.kind == "king"));
            let race = !goal.mirrored && !goal.not_attacked && kings;
            if !race {
                return Err(refuse(
                    s,
                    "fenpress gives Black a last move only in a race of kings to the last rank or the same squares",
                ));
            }
            goal.black_may_follow = true;
        }
    }
    spec.win.reach = Some(goal);
    Ok(())
}

/// Where the goal lies for each side: whole ranks (for one side or both),
/// or the same squares, mirrored or turned half around for Black.
fn place_goal(
    goal: &mut ReachGoal,
    squares: &[Vec<(u8, u8)>; 2],
    at: &Set,
    cols: u8,
    rows: u8,
) -> Result<(), ImportError> {
    let mirror = |sq: &[(u8, u8)]| -> Vec<(u8, u8)> {
        let mut m: Vec<(u8, u8)> = sq.iter().map(|&(f, r)| (f, rows - 1 - r)).collect();
        m.sort_unstable();
        m
    };
    let rotate = |sq: &[(u8, u8)]| -> Vec<(u8, u8)> {
        let mut m: Vec<(u8, u8)> = sq
            .iter()
            .map(|&(f, r)| (cols - 1 - f, rows - 1 - r))
            .collect();
        m.sort_unstable();
        m
    };
    match (squares[0].is_empty(), squares[1].is_empty()) {
        (false, true) | (true, false) => {
            let white = !squares[0].is_empty();
            let sq = if white { &squares[0] } else { &squares[1] };
            goal.side = Some(if white {
                crate::color::Color::White
            } else {
                crate::color::Color::Black
            });
            match whole_ranks(sq, cols, rows, white) {
                Some(ranks) => goal.ranks = ranks,
                None => return Err(refuse(at, "fenpress takes a one-sided goal as whole ranks")),
            }
        }
        _ => {
            let w = whole_ranks(&squares[0], cols, rows, true);
            let b = whole_ranks(&squares[1], cols, rows, false);
            if w.is_some() && w == b {
                goal.ranks = w.unwrap_or_default();
            } else if squares[0] == squares[1] {
                goal.squares = squares[0]
                    .iter()
                    .map(|&(f, r)| square_name(f, r).into())
                    .collect();
            } else if mirror(&squares[0]) == squares[1] {
                goal.squares = squares[0]
                    .iter()
                    .map(|&(f, r)| square_name(f, r).into())
                    .collect();
                goal.mirrored = true;
            } else if rotate(&squares[0]) == squares[1] {
                goal.squares = squares[0]
                    .iter()
                    .map(|&(f, r)| square_name(f, r).into())
                    .collect();
                goal.rotated = true;
            } else {
                return Err(refuse(
                    at,
                    "fenpress takes goals that are the same squares, mirrored or turned half around, for both sides",
                ));
            }
        }
    }
    Ok(())
}

/// Whether a Betza's steps differ from their mirror image left to right.
fn lopsided(betza: &str) -> bool {
    let atoms = crate::betza::parse(betza).unwrap_or_default();
    atoms
        .iter()
        .any(|a| !atoms.contains(&crate::betza::Atom { df: -a.df, ..*a }))
}

fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

/// A pair of region keys (`<prefix>White`, `<prefix>Black`) as set in the
/// section, or at Fairy-Stockfish's defaults for chess (line 0).
fn region_keys(v: &Variant, prefix: &str, defaults: [&str; 2]) -> [Set; 2] {
    ["White", "Black"].map(|side| {
        let key = format!("{prefix}{side}");
        let default = if side == "White" {
            defaults[0]
        } else {
            defaults[1]
        };
        v.get(&key).cloned().unwrap_or(Set {
            value: default.into(),
            line: 0,
            key,
        })
    })
}

/// `promotionRegion*`, `mandatoryPawnPromotion`: the last ranks of each
/// side, as many for both, are fenpress's zone; any other region is
/// listed square by square
/// ([`crate::variants::chesslike::PromotionRules::squares`]), for pawns only.
fn promotion(v: &Variant, spec: &mut ChessLikeSpec, has_pawns: bool) -> Result<(), ImportError> {
    let (cols, rows) = (v.cols, v.rows);
    let sets = region_keys(v, "promotionRegion", ["*8", "*1"]);
    let mut zones = [0u8; 2];
    let mut listed: [Vec<(u8, u8)>; 2] = [Vec::new(), Vec::new()];
    let mut irregular: Option<&Set> = None;
    for (i, set) in sets.iter().enumerate() {
        let squares = region(set, cols, rows)?;
        listed[i].clone_from(&squares);
        if squares.is_empty() {
            if has_pawns && !spec.promotions[i].is_empty() && set.line != 0 {
                return Err(refuse(
                    set,
                    "fenpress cannot import a promotion region off the board",
                ));
            }
            spec.promotions[i].clear();
            continue;
        }
        let far: Vec<u8> = whole_ranks(&squares, cols, rows, i == 0).unwrap_or_default();
        let n = far.len() as u8;
        let last = !far.is_empty()
            && far
                .iter()
                .enumerate()
                .all(|(j, &r)| r == rows - n + j as u8);
        if !last {
            if !has_pawns {
                continue;
            }
            if set.line == 0 {
                let mut at = set.clone();
                at.line = v.rows_line;
                at.key = "promotionRegion (default)".into();
                return Err(refuse(&at, "the board is not 8 ranks and the promotion region is Fairy-Stockfish's default (rank 8 and rank 1): set promotionRegionWhite/Black"));
            }
            irregular = irregular.or(Some(set));
        }
        zones[i] = n;
    }
    if zones[0] != zones[1] && zones[0] != 0 && zones[1] != 0 {
        irregular = irregular.or(Some(&sets[1]));
    }
    if let Some(set) = irregular {
        // Pieces (not pawns) promote in fenpress's zone of last ranks.
        if !v.promoted.is_empty() {
            return Err(refuse(
                set,
                "fenpress promotes pieces other than pawns on a side's last ranks alike only",
            ));
        }
        let names = |sq: &[(u8, u8)]| -> Vec<crate::variants::chesslike::Text> {
            sq.iter().map(|&(f, r)| square_name(f, r).into()).collect()
        };
        spec.promotion.squares = Some([names(&listed[0]), names(&listed[1])]);
    } else {
        spec.promotion.zone = zones[0].max(zones[1]).max(1);
    }
    if let Some(s) = v.get("mandatoryPawnPromotion") {
        spec.promotion.optional = !truth(s)?;
    }
    Ok(())
}

/// `mobilityRegionWhiteCustomPiece2 = *2 *3`: squares a piece may not
/// leave. fenpress confines its moves, not its attacks: refused in a game
/// with royal pieces, and with drops or castling, which it does not confine.
fn mobility_regions(
    v: &Variant,
    spec: &ChessLikeSpec,
) -> Result<Vec<crate::variants::chesslike::PieceRegion>, ImportError> {
    let mut keys: Vec<(&String, &Set)> = (v.keys.iter())
        .filter(|(k, _)| k.starts_with("mobilityRegion"))
        .collect();
    keys.sort_by_key(|(k, s)| (s.line, (*k).clone()));
    let mut out: Vec<crate::variants::chesslike::PieceRegion> = Vec::new();
    for (key, set) in keys {
        let rest = &key["mobilityRegion".len()..];
        let (side, type_name) = match rest.strip_prefix("White") {
            Some(t) => (0, t),
            None => (1, rest.strip_prefix("Black").unwrap_or(rest)),
        };
        let mut chars = type_name.chars();
        let type_name: String = (chars.next().map(|c| c.to_ascii_lowercase()).into_iter())
            .chain(chars)
            .collect();
        let Some(piece) = v.pieces.iter().find(|p| p.kind == type_name) else {
            return Err(refuse(
                set,
                &format!("`{type_name}` is no piece of the variant"),
            ));
        };
        let royal = spec.armies[0].iter().any(|p| p.royal);
        if royal || spec.drops.is_some() || spec.castling.iter().any(|c| *c) {
            return Err(refuse(
                set,
                "fenpress cannot import this key beside royal pieces, drops or castling (squares a piece may not leave)",
            ));
        }
        let squares = region(set, v.cols, v.rows)?;
        let names = squares
            .iter()
            .map(|&(f, r)| square_name(f, r).into())
            .collect();
        match out.iter_mut().find(|r| r.letter == piece.letter) {
            Some(r) => r.squares[side] = Some(names),
            None => {
                let mut r = crate::variants::chesslike::PieceRegion {
                    letter: piece.letter,
                    squares: [None, None],
                };
                r.squares[side] = Some(names);
                out.push(r);
            }
        }
    }
    Ok(out)
}

/// `promotionLimit = q:1 r:2`: a promotion to a kind only while its side
/// has fewer of it on the board. Fairy-Stockfish counts a promoted piece
/// as its type: fenpress does too for pawns promoted on a board with
/// hands (`Q~`), not for a piece's promoted form kept under a letter of
/// its own, which is refused; nor does it limit a pawn's own promoted
/// piece (`promotedPieceType` of the pawn), which fenpress would.
fn promotion_limits(
    v: &Variant,
    spec: &mut ChessLikeSpec,
    army: &[PieceSpec],
) -> Result<(), ImportError> {
    let Some(set) = v.get("promotionLimit") else {
        return Ok(());
    };
    let mut limits = Vec::new();
    for pair in set.value.split_whitespace() {
        let parsed = pair.split_once(':').and_then(|(letter, n)| {
            let mut chars = letter.chars();
            let c = chars.next().filter(|_| chars.next().is_none())?;
            let letter = c.to_ascii_lowercase();
            v.type_of(letter)?;
            Some((letter, n.parse::<u8>().ok()?))
        });
        let Some((letter, n)) = parsed else {
            return Err(refuse(
                set,
                &format!("`{pair}`: expected a piece's letter and a count, `q:1`"),
            ));
        };
        for p in army {
            // The Fairy-Stockfish type `p` promotes to.
            let target = v.type_of(p.letter).and_then(|from| {
                let pair = v.promoted.iter().find(|(f, _)| f == from)?;
                Some(pair.1.as_str())
            });
            let twin = p.promotes.is_some_and(|t| t != letter) && target == v.type_of(letter);
            if twin || (p.pawn && p.promotes == Some(letter)) {
                return Err(refuse(
                    set,
                    &format!("`{pair}`: `{}` promotes to a `{letter}` that fenpress would count apart, or a pawn's own promoted piece, which Fairy-Stockfish does not limit", p.letter),
                ));
            }
        }
        limits.push((Kind(letter as u8), n));
    }
    spec.promotion.limits = limits.into();
    Ok(())
}

/// The start as a vchess FEN (board, turn, move counter, castling files,
/// en passant), with the double steps and castling it implies put in
/// `spec`.
fn start_fen(
    v: &Variant,
    spec: &mut ChessLikeSpec,
    start: &Set,
    has_pawns: bool,
) -> Result<String, ImportError> {
    let (cols, rows) = (v.cols, v.rows);
    let mut fields = start.value.split_whitespace();
    let mut board = fields.next().unwrap_or("").to_string();
    let mut hand = String::new();
    if let Some(open) = board.find('[') {
        if &board[open..] != "[]" {
            if spec.drops.is_none() {
                return Err(refuse(start, "pieces in hand without pieceDrops"));
            }
            hand = board[open..].to_string();
        }
        board.truncate(open);
    }
    if spec.drops.is_some() && hand.is_empty() {
        // As fenpress writes a position with hands.
        hand = "[]".into();
    }
    // Fairy-Stockfish's walls (`*`): squares no piece enters or slides
    // through, which leapers jump: fenpress's holes (FEN `x`).
    if board.contains('*') {
        if v.type_of('x').is_some() {
            return Err(refuse(
                start,
                "walls (`*`) with a piece `x`, fenpress's letter for holes",
            ));
        }
        let mut holes = Vec::new();
        for (row, text) in board.split('/').enumerate() {
            for (file, cell) in expand(text).into_iter().enumerate() {
                if cell == Some('*') {
                    let rank = (rows as usize).saturating_sub(row + 1) as u8;
                    holes.push(square_name(file as u8, rank).into());
                }
            }
        }
        spec.holes = holes;
        board = board.replace('*', "x");
    }
    if board.contains('+') {
        board = promoted_in_start(&board, spec, start)?;
    }
    if let Some(c) = board
        .chars()
        .find(|c| !c.is_ascii_alphanumeric() && *c != '/')
    {
        return Err(refuse(
            start,
            &format!("`{c}` in the board (fenpress reads letters, digits and /)"),
        ));
    }
    let turn = fields.next().unwrap_or("w");
    if turn != "w" && turn != "b" {
        return Err(refuse(start, "the side to move is not w or b"));
    }
    // Fairy-Stockfish reads castling and en passant only when the field
    // after the turn does not start with a digit: a section may leave
    // them out (`w 0 1`, `w 7+7 0 1`), the check count or the move
    // counters then standing there.
    let rights = match fields.next() {
        Some(r) if !r.starts_with(|c: char| c.is_ascii_digit()) => r,
        _ => "-",
    };
    // Double steps.
    let double_on = match v.get("doubleStep") {
        Some(s) => truth(s)?,
        None => true,
    };
    let mut double = [false; 2];
    if has_pawns && double_on {
        double = double_steps(v, spec, &board)?;
    } else if let Some(s) = v
        .get("tripleStepRegionWhite")
        .or(v.get("tripleStepRegionBlack"))
    {
        if !region(s, cols, rows)?.is_empty() && has_pawns {
            return Err(refuse(s, "triple steps without double steps"));
        }
    }
    spec.double_step = double;
    // Castling.
    let castling_on = match v.get("castling") {
        Some(s) => truth(s)?,
        None => true,
    };
    let mut fen = format!("{board}{hand} {turn} 0");
    let rows_text: Vec<&str> = board.split('/').collect();
    let any_right = rights.chars().any(|c| "KQkq".contains(c));
    if castling_on && any_right {
        castling(v, spec, start, rights, &rows_text)?;
        let none = (b'a' + cols) as char;
        let mut flags = String::new();
        for (white, rank_text) in [
            (
                true,
                rows_text.get(rows_text.len() - 1 - usize::from(spec.castle.rank)),
            ),
            (false, rows_text.get(usize::from(spec.castle.rank))),
        ] {
            let cells = expand(rank_text.copied().unwrap_or(""));
            let rook = spec.castle.rook.0 as char;
            let king = king_file(&cells, spec, white);
            let is_rook = |c: &Option<char>| {
                c.is_some_and(|c| {
                    if white {
                        c == rook.to_ascii_uppercase()
                    } else {
                        c == rook
                    }
                })
            };
            let (q, k) = if white { ('Q', 'K') } else { ('q', 'k') };
            let left = king.and_then(|kf| (0..kf).find(|&f| is_rook(&cells[f])));
            let right =
                king.and_then(|kf| (kf + 1..cells.len()).rev().find(|&f| is_rook(&cells[f])));
            let file = |f: Option<usize>, on: bool| match f {
                Some(f) if on => (b'a' + f as u8) as char,
                _ => none,
            };
            flags.push(file(left, rights.contains(q)));
            flags.push(file(right, rights.contains(k)));
        }
        if spec.win.checks > 0 {
            flags.push_str("00");
        }
        fen.push_str(&format!(" {flags}"));
    } else {
        if rights.chars().any(|c| c != '-') && castling_on {
            return Err(refuse(
                start,
                "castling rights fenpress cannot read (KQkq only)",
            ));
        }
        spec.castling = [false; 2];
        if spec.win.checks > 0 {
            // The check counts alone make the flags field.
            fen.push_str(" 00");
        }
    }
    if double.iter().any(|d| *d) {
        fen.push_str(" -");
    }
    Ok(fen)
}

/// A FEN rank's cells, `None` for empty squares.
/// A start's promoted pieces (`+F`, Fairy-Stockfish's) as the letters
/// fenpress gives them: the promoted form of the piece named.
fn promoted_in_start(
    board: &str,
    spec: &ChessLikeSpec,
    start: &Set,
) -> Result<String, ImportError> {
    let mut out = String::with_capacity(board.len());
    let mut chars = board.chars();
    while let Some(c) = chars.next() {
        if c != '+' {
            out.push(c);
            continue;
        }
        let base = chars.next().unwrap_or('+');
        let promoted = spec.armies[0]
            .iter()
            .find(|p| p.letter == base.to_ascii_lowercase())
            .and_then(|p| p.promotes);
        let Some(promoted) = promoted else {
            return Err(refuse(
                start,
                &format!("`+{base}` in the board: no piece `{base}` that promotes"),
            ));
        };
        out.push(if base.is_ascii_uppercase() {
            promoted.to_ascii_uppercase()
        } else {
            promoted
        });
    }
    Ok(out)
}

fn expand(rank: &str) -> Vec<Option<char>> {
    let mut cells = Vec::new();
    let mut digits = String::new();
    for c in rank.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let n: usize = digits.parse().unwrap_or(0);
        digits.clear();
        cells.extend(std::iter::repeat_n(None, n));
        cells.push(Some(c));
    }
    let n: usize = digits.parse().unwrap_or(0);
    cells.extend(std::iter::repeat_n(None, n));
    cells
}

/// The file of the castling king on a rank's cells.
fn king_file(cells: &[Option<char>], spec: &ChessLikeSpec, white: bool) -> Option<usize> {
    let royal: Vec<char> = spec.armies[0]
        .iter()
        .filter(|p| p.royal)
        .map(|p| p.letter)
        .collect();
    cells.iter().position(|c| {
        c.is_some_and(|c| {
            c.is_ascii_uppercase() == white && royal.contains(&c.to_ascii_lowercase())
        })
    })
}

/// `castling*` keys: the rook, the rank, the king's files.
fn castling(
    v: &Variant,
    spec: &mut ChessLikeSpec,
    start: &Set,
    rights: &str,
    _rows: &[&str],
) -> Result<(), ImportError> {
    let cols = v.cols;
    if let Some(c) = rights.chars().find(|c| !"KQkq-".contains(*c)) {
        return Err(refuse(
            start,
            &format!("castling right `{c}` (fenpress reads KQkq)"),
        ));
    }
    let file = |key: &str, default: u8| -> Result<u8, ImportError> {
        let Some(s) = v.get(key) else {
            return Ok(default);
        };
        let f = match s.value.parse::<u8>() {
            Ok(n) if n >= 1 => n - 1,
            _ => match s.value.chars().next() {
                Some(c) if c.is_ascii_lowercase() => c as u8 - b'a',
                _ => return Err(refuse(s, "expected a file")),
            },
        };
        if f >= cols {
            return Err(refuse(s, "a file off the board"));
        }
        Ok(f)
    };
    let king_to = [
        file("castlingQueensideFile", 2)?,
        file("castlingKingsideFile", 6)?,
    ];
    if king_to != [2, cols.saturating_sub(2)] {
        spec.castle.king_to = Some(king_to);
    }
    if let Some(s) = v.get("castlingRank") {
        match s.value.parse::<u8>() {
            Ok(r) if r >= 1 && r <= v.rows => spec.castle.rank = r - 1,
            _ => return Err(refuse(s, "expected a rank number")),
        }
    }
    // The pieces that castle: the king (or the piece Fairy-Stockfish names), and one kind of rook.
    for key in ["castlingKingPieceWhite", "castlingKingPieceBlack"] {
        if let Some((types, set)) = v.types.get(key) {
            let letter = types
                .first()
                .and_then(|t| v.pieces.iter().find(|p| &p.kind == t))
                .map(|p| p.letter);
            let Some(letter) = letter else { continue };
            for army in &mut spec.armies {
                for p in army.iter_mut().filter(|p| p.letter == letter) {
                    if !p.royal {
                        if spec.win.checkmate && v.pieces.iter().any(|q| q.kind == "king") {
                            return Err(refuse(set, "fenpress castles a side's royal piece only"));
                        }
                        // A kingless game's castling piece: tracked as
                        // royal, nothing being check.
                        p.royal = true;
                        spec.win.checkmate = false;
                        spec.win.royals = None;
                    }
                }
            }
        }
    }
    let mut rook = None;
    for key in ["castlingRookPiecesWhite", "castlingRookPiecesBlack"] {
        if let Some((types, set)) = v.types.get(key) {
            if types.len() != 1 {
                return Err(refuse(set, "fenpress castles with one kind of rook"));
            }
            let letter = v
                .pieces
                .iter()
                .find(|p| p.kind == types[0])
                .map(|p| p.letter);
            if rook.is_some() && rook != letter {
                return Err(refuse(
                    set,
                    "fenpress castles with the same rook for both sides",
                ));
            }
            rook = letter;
        }
    }
    let rook = rook.or_else(|| v.pieces.iter().find(|p| p.kind == "rook").map(|p| p.letter));
    let Some(rook) = rook else {
        return Err(refuse(start, "castling rights without a rook"));
    };
    spec.castle.rook = Kind(rook as u8);
    let royal = spec.armies[0].iter().any(|p| p.royal);
    if !royal {
        return Err(refuse(start, "castling rights without a king"));
    }
    spec.castling = [true, true];
    Ok(())
}

/// `doubleStep*`, `tripleStep*`: the relative ranks pawns step two (or
/// three) squares from, for each side.
fn double_steps(
    v: &Variant,
    spec: &mut ChessLikeSpec,
    board: &str,
) -> Result<[bool; 2], ImportError> {
    let (cols, rows) = (v.cols, v.rows);
    let sets = region_keys(v, "doubleStepRegion", ["*2", "*7"]);
    let pawn = v
        .pieces
        .iter()
        .find(|p| p.kind == "pawn")
        .map(|p| p.letter)
        .unwrap_or('p');
    let rows_text: Vec<Vec<Option<char>>> = board.split('/').map(expand).collect();
    let mut ranges = [None::<(u8, u8)>; 2];
    for (i, set) in sets.iter().enumerate() {
        let squares = region(set, cols, rows)?;
        if squares.is_empty() {
            continue;
        }
        let white = i == 0;
        let mut at = (*set).clone();
        if at.line == 0 {
            at.line = v.rows_line;
            at.key = "doubleStepRegion (default)".into();
        }
        let Some(ranks) = whole_ranks(&squares, cols, rows, white) else {
            return Err(refuse(&at, "fenpress double-steps from whole ranks only"));
        };
        let (lo, hi) = (ranks[0], ranks[ranks.len() - 1]);
        if usize::from(hi - lo + 1) != ranks.len() {
            return Err(refuse(
                &at,
                "fenpress double-steps from neighbouring ranks only",
            ));
        }
        // fenpress lets a pawn below the region double-step too: refuse
        // when the start has one there.
        let below = rows_text.iter().enumerate().any(|(row, cells)| {
            let rank = (rows as usize - 1 - row) as u8;
            let rel = if white { rank } else { rows - 1 - rank };
            rel < lo
                && cells.iter().any(|c| {
                    c.is_some_and(|c| {
                        c.to_ascii_lowercase() == pawn && c.is_ascii_uppercase() == white
                    })
                })
        });
        if below {
            return Err(refuse(&at, "the start has pawns below the double-step region, which fenpress would let double-step"));
        }
        ranges[i] = Some((lo, hi));
    }
    let tsets = [
        v.get("tripleStepRegionWhite"),
        v.get("tripleStepRegionBlack"),
    ];
    let mut triple = [None::<u8>; 2];
    for (i, set) in tsets.iter().enumerate() {
        let Some(set) = set else { continue };
        let squares = region(set, cols, rows)?;
        if squares.is_empty() {
            continue;
        }
        match whole_ranks(&squares, cols, rows, i == 0) {
            Some(r) if r.len() == 1 => triple[i] = Some(r[0]),
            _ => {
                return Err(refuse(
                    set,
                    "fenpress triple-steps from one whole rank only",
                ))
            }
        }
    }
    if ranges[0].is_some() && ranges[1].is_some() && ranges[0] != ranges[1] {
        return Err(refuse(
            &sets[1],
            "fenpress takes the same double-step ranks for both sides",
        ));
    }
    if triple[0] != triple[1] {
        let set = tsets[1].or(tsets[0]).expect("a triple step was set");
        return Err(refuse(
            set,
            "fenpress takes the same triple-step rank for both sides",
        ));
    }
    let Some((lo, hi)) = ranges[0].or(ranges[1]) else {
        return Ok([false; 2]);
    };
    let _ = lo;
    spec.pawn.init_rank = [hi; 2];
    if let Some(t) = triple[0] {
        // Three squares from rank t, two from t+1, both to t+3.
        if !(lo == t && hi == t + 1) {
            let set = tsets[0].or(tsets[1]).expect("a triple step was set");
            return Err(refuse(set, "fenpress triple-steps from the first double-step rank, the next rank double-stepping to the same rank"));
        }
        spec.pawn.max_step = 3;
        spec.pawn.up_to_rank = Some(t + 3);
    } else if hi != lo {
        // More than one rank double-steps: each two squares.
        spec.pawn.up_to_rank = None;
    }
    Ok([ranges[0].is_some(), ranges[1].is_some()])
}

/// A section whose start does not fit its board (a row too long, a letter
/// no piece has) is refused at its `startFen` line.
fn start_fits(spec: &ChessLikeSpec, start: &Set) -> Result<(), ImportError> {
    let rules = crate::variants::chesslike::ChessLike::new(spec.clone())
        .map_err(|e| refuse(start, &e.to_string()))?;
    crate::validate::position_from_fen(&rules, &spec.start_fen)
        .map(|_| ())
        .map_err(|e| refuse(start, &format!("startFen does not fit the variant: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(ini: &str, section: &str) -> (usize, String) {
        match import_ini(ini, section) {
            Err(ImportError::Bad { line, message }) => (line, message),
            other => panic!("{section}: not refused: {other:?}"),
        }
    }

    #[test]
    fn pseudo_royal_pieces_that_never_outnumber_the_count_are_all_royal() {
        let two = "[two:chess]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPseudoRoyal = true\nextinctionPieceTypes = k\nextinctionPieceCount = 1\nstartFen = rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w 0 1\n";
        let spec = import_ini(two, "two").unwrap();
        assert_eq!(spec.win.royals, Some(2));
        assert!(spec.armies[0].iter().any(|p| p.letter == 'k' && p.royal));
        // Three kings with a count of 1: the third is not royal while
        // the others stand, which fenpress cannot say.
        let three = two.replace("rnbkkbnr/", "rnbkkbkr/");
        let (line, message) = refusal(&three, "two");
        assert_eq!(line, 5, "{message}");
        assert!(message.contains("`k`"), "{message}");
    }

    #[test]
    fn pawn_types_make_a_custom_piece_the_pawn_unless_the_chess_pawn_stays() {
        let ini = "[snag:chess]\npawnTypes = p\ncustomPiece1 = p:fmWfcF\n";
        let spec = import_ini(ini, "snag").unwrap();
        let p = spec.armies[0].iter().find(|p| p.letter == 'p').unwrap();
        // Fairy-Stockfish's Betza, in fenpress's dialect.
        assert!(p.pawn, "{p:?}");
        assert_eq!(
            p.betza,
            crate::betza::from_fairy_stockfish("fmWfcF").unwrap()
        );
        assert_eq!(spec.double_step, [false, false]);
        // A first-move step (Betza `i`) is its double step.
        let ini = "[dragon:chess]\ncustomPiece1 = p:KifmnD\npawnTypes = p\n";
        let spec = import_ini(ini, "dragon").unwrap();
        let p = spec.armies[0].iter().find(|p| p.letter == 'p').unwrap();
        assert!(p.pawn && p.betza.contains('i'), "{p:?}");
        // Beside the chess pawn, fenpress would not know which promotes.
        let ini = "[two:chess]\ncustomPiece1 = h:KifmnD\npawnTypes = h\n";
        let (line, message) = refusal(ini, "two");
        assert_eq!(line, 3, "{message}");
        assert!(message.starts_with("`pawnTypes = h`"), "{message}");
    }

    #[test]
    fn a_promotion_limit_is_read_and_a_bad_one_refused_at_its_line() {
        let ini = "[few:chess]\npromotionLimit = q:1 r:2\n";
        let spec = import_ini(ini, "few").unwrap();
        let limits: Vec<(char, u8)> = (spec.promotion.limits.iter())
            .map(|(k, n)| (k.0 as char, *n))
            .collect();
        assert_eq!(limits, [('q', 1), ('r', 2)]);
        let shown = crate::definition::print_definition(&spec);
        assert!(shown.contains("  limits: { q: 1, r: 2 }\n"), "{shown}");
        let again = crate::definition::parse_definition(&shown, "few.yaml").unwrap();
        assert_eq!(again.promotion.limits, spec.promotion.limits);
        let (line, message) = refusal("[few:chess]\n\npromotionLimit = z:1\n", "few");
        assert_eq!(line, 3, "{message}");
        assert!(message.contains("`z:1`"), "{message}");
    }

    #[test]
    fn a_mobility_region_keeps_a_piece_on_its_squares_without_royals_only() {
        let ini = "[pen]\nmaxRank = 5\nmaxFile = e\ncustomPiece1 = d:mQ\n\
                   startFen = d4/5/5/5/2D2 w - - 0 1\nstalemateValue = loss\n\
                   mobilityRegionWhiteCustomPiece1 = *1 *2\n";
        let spec = import_ini(ini, "pen").unwrap();
        let shown = crate::definition::print_definition(&spec);
        let again = crate::definition::parse_definition(&shown, "pen.yaml").unwrap();
        assert_eq!(again.regions, spec.regions, "{shown}");
        let rules = crate::variants::chesslike::ChessLike::new(again).unwrap();
        let mut pos = (&rules as &dyn crate::rules::Rules).start_position();
        let mut moves = crate::moves::MoveList::new();
        crate::legal::legal_moves(&rules, &mut pos, &mut moves);
        let mut got: Vec<String> = (moves.iter())
            .map(|m| crate::notation::coordinate(&rules, m))
            .collect();
        got.sort();
        // White's d stays on ranks 1 and 2; Black's is free.
        assert_eq!(
            got,
            ["c1a1", "c1b1", "c1b2", "c1c2", "c1d1", "c1d2", "c1e1"]
        );
        let royal = ini.replace("stalemateValue = loss\n", "king = k\n");
        let royal = royal.replace("d4/5/5/5/2D2", "d3k/5/5/5/K1D2");
        let (line, message) = refusal(&royal, "pen");
        assert_eq!(line, 7, "{message}");
        assert!(message.contains("royal"), "{message}");
    }

    /// A site's definition gets the importer's rule: `regions` beside a
    /// royal piece, drops or castling is an error at the region's line.
    #[test]
    fn a_definition_with_regions_beside_a_king_is_refused_at_the_region() {
        let ini = "[pen]\nmaxRank = 5\nmaxFile = e\ncustomPiece1 = d:mQ\n\
                   startFen = d4/5/5/5/2D2 w - - 0 1\nstalemateValue = loss\n\
                   mobilityRegionWhiteCustomPiece1 = *1 *2\n";
        let shown = crate::definition::print_definition(&import_ini(ini, "pen").unwrap());
        let with_king = shown
            .replacen(
                "pieces:\n",
                "pieces:\n  - { letter: k, betza: K, royal: true }\n",
                1,
            )
            .replace("d4/5/5/5/2D2", "d3k/5/5/5/K1D2");
        let err = crate::definition::parse_definition(&with_king, "pen.yaml").unwrap_err();
        assert!(
            matches!(
                err.kind,
                crate::definition::DefinitionErrorKind::RegionsBeside("royal pieces")
            ),
            "{err:?}\n{with_king}"
        );
        let region_line = with_king
            .lines()
            .position(|l| l.contains("piece: d"))
            .unwrap()
            + 1;
        assert_eq!(err.line, region_line as u64, "{with_king}");
    }

    #[test]
    fn the_repetition_rule_is_kept_and_printed_back() {
        let ini = "[rep:chess]\nnFoldRule = 4\nnFoldValue = loss\nnFoldValueAbsolute = true\nperpetualCheckIllegal = true\n";
        let spec = import_ini(ini, "rep").unwrap();
        let rule = spec.win.repetition;
        assert_eq!(rule.count, 4);
        assert_eq!(rule.result, StalemateResult::Loss);
        assert!(rule.as_white && rule.perpetual_check_loses);
        let yaml = super::super::print_definition(&spec);
        assert!(
            yaml.contains("  repetition:\n    count: 4\n    result: loss\n    as_white: true\n    perpetual_check: loses\n"),
            "{yaml}"
        );
        let back = super::super::parse_definition(&yaml, "rep.yaml").unwrap();
        assert_eq!(back.win.repetition, rule);
        // Chess's threefold draw prints nothing.
        let chess = import_ini("[c:chess]\n", "c").unwrap();
        assert!(!super::super::print_definition(&chess).contains("repetition"));
        let (line, message) = refusal("[r:chess]\nnFoldValue = maybe\n", "r");
        assert_eq!(line, 2, "{message}");
    }

    #[test]
    fn flying_general_keeps_the_kings_from_facing() {
        let spec = import_ini("[fly:chess]\nflyingGeneral = true\n", "fly").unwrap();
        assert!(spec.win.no_facing);
        let (line, message) = refusal("[jc:chess]\njanggiCannon = c\n", "jc");
        assert_eq!(line, 2);
        assert!(message.starts_with("`janggiCannon`"), "{message}");
    }

    #[test]
    fn walls_in_the_start_are_holes() {
        let ini =
            "[w:chess]\nstartFen = n*nnnn*k/**pppp**/pp4pp/8/8/PP4PP/**PPPP**/K*NNNN*N w - - 0 1\n";
        let spec = import_ini(ini, "w").unwrap();
        assert_eq!(
            spec.holes,
            ["b8", "g8", "a7", "b7", "g7", "h7", "a2", "b2", "g2", "h2", "b1", "g1"]
        );
        assert!(
            spec.start_fen.starts_with("nxnnnnxk/xxppppxx/"),
            "{}",
            spec.start_fen
        );
    }

    #[test]
    fn an_extinction_count_loses_with_that_many_pieces_left() {
        use crate::color::Color;
        use crate::rules::Outcome;
        let ini = "[lone:3check]\nextinctionValue = loss\nextinctionPieceTypes = *\nextinctionPieceCount = 1\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 7+7 0 1\n";
        let spec = import_ini(ini, "lone").unwrap();
        assert!(spec.win.extinction_all && spec.win.extinction_left == 1);
        assert_eq!(spec.win.checks, 7);
        // The check counts alone make the flags field.
        assert!(spec.start_fen.ends_with(" w 0 00 -"), "{}", spec.start_fen);
        let rules = crate::variants::chesslike::ChessLike::new(spec).unwrap();
        let outcome = |fen: &str| {
            let mut pos = crate::validate::position_from_fen(&rules, fen).unwrap();
            crate::legal::outcome(&rules, &mut pos)
        };
        assert_eq!(
            outcome("4k3/8/8/8/8/8/8/R3K3 b 0 00 -"),
            Some(Outcome::VariantWin {
                winner: Color::White,
                reason: "extinction"
            })
        );
        assert_eq!(outcome("3rk3/8/8/8/8/8/8/R3K3 b 0 00 -"), None);
    }

    #[test]
    fn a_flag_piece_count_asks_for_that_many_on_the_goal_or_a_full_goal() {
        use crate::color::Color;
        use crate::rules::Outcome;
        let ini = "[race]\nmaxRank = 3\nmaxFile = c\ncustomPiece1 = n:mN\nstartFen = nnn/3/NNN w\nflagPiece = n\nflagRegionWhite = *3\nflagRegionBlack = *1\nflagPieceCount = 3\n";
        let spec = import_ini(ini, "race").unwrap();
        let goal = spec.win.reach.clone().unwrap();
        assert_eq!((goal.count, goal.or_full), (3, false));
        let rules = crate::variants::chesslike::ChessLike::new(spec).unwrap();
        let outcome = |fen: &str| {
            let mut pos = crate::validate::position_from_fen(&rules, fen).unwrap();
            crate::legal::outcome(&rules, &mut pos)
        };
        let white_wins = Some(Outcome::VariantWin {
            winner: Color::White,
            reason: "goal reached",
        });
        assert_eq!(outcome("NNN/3/nnn b 4"), white_wins);
        assert_eq!(outcome("NN1/2N/nnn b 4"), None);
        // flagPieceBlockedWin: one piece there wins once the goal is full.
        let full = ini.replace("nnn/3/NNN w", "nnn/3/NNN w\nflagPieceBlockedWin = true");
        let spec = import_ini(&full, "race").unwrap();
        assert!(spec.win.reach.as_ref().unwrap().or_full);
        let rules = crate::variants::chesslike::ChessLike::new(spec).unwrap();
        let mut pos = crate::validate::position_from_fen(&rules, "Nnn/3/N1n b 4").unwrap();
        assert_eq!(crate::legal::outcome(&rules, &mut pos), white_wins);
        // Black's goal White's turned half around.
        let turned = "[t]\nmaxRank = 6\nmaxFile = f\ncustomPiece1 = p:mfrWmrfF\nstartFen = 4pp/5p/6/6/P5/PP4 w\nflagPiece = p\nflagRegionWhite = e6 f6 f5\nflagRegionBlack = a1 a2 b1\nflagPieceCount = 3\n";
        let spec = import_ini(turned, "t").unwrap();
        assert!(spec.win.reach.as_ref().unwrap().rotated && spec.rotate_black);
    }

    #[test]
    fn an_extinction_of_pawns_that_promote_is_refused_where_both_sides_may_lose_at_once() {
        let (line, message) = refusal("# x\n[e:extinction]\n", "e");
        assert_eq!(line, 2, "{message}");
        assert!(message.contains("promotes the last pawn"), "{message}");
        // Without pawns among the kinds, the mover never loses a kind itself.
        let ini = "[e:extinction]\nextinctionPieceTypes = kqrbn\n";
        let spec = import_ini(ini, "e").unwrap();
        assert_eq!(spec.win.extinction.len(), 5);
    }

    #[test]
    fn a_flag_move_is_taken_for_a_race_of_kings_only() {
        let kings = "[r:chess]\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagMove = true\n";
        assert!(
            import_ini(kings, "r")
                .unwrap()
                .win
                .reach
                .unwrap()
                .black_may_follow
        );
        let (line, message) = refusal(&kings.replace("flagPiece = k", "flagPiece = q"), "r");
        assert_eq!(line, 5, "{message}");
        assert!(message.starts_with("`flagMove = true`"), "{message}");
    }

    #[test]
    fn a_key_fenpress_cannot_follow_is_refused_at_its_own_line() {
        let ini = "[a:chess]\nmaxRank = 8\nmustCapture = true\ngating = true\n";
        let (line, message) = refusal(ini, "a");
        assert_eq!(line, 4);
        assert!(message.starts_with("`gating = true`"), "{message}");
    }

    #[test]
    fn a_parent_s_key_is_refused_at_the_parent_s_line() {
        let ini = "[base:chess]\nstartFen = 8/8/8/8/8/8/8/8 w - - 0 1\n\n[child:base]\nmustCapture = true\n";
        let (line, message) = refusal(ini, "child");
        assert_eq!(line, 2, "{message}");
        assert!(message.contains("startFen"), "{message}");
        let ini = "[base:chess]\nseirawanGating = true\n[child:base]\n";
        assert_eq!(refusal(ini, "child").0, 2);
    }

    #[test]
    fn the_atomic_parents_bring_explosions_that_spare_only_fairy_stockfish_s_pawn() {
        let ini = "[a:atomic]\n[n:nocheckatomic]\n[c:nocheckatomic]\npawn = -\ncustomPiece1 = p:fmWfcF\nblastImmuneTypes = q\n";
        let atomic = import_ini(ini, "a").unwrap();
        let x = atomic.explosions.as_ref().expect("atomic explodes");
        assert_eq!(
            (x.spared.clone(), x.immune.clone()),
            (vec![Kind::PAWN], vec![])
        );
        // Atomic's king is pseudo-royal: kept out of attack.
        assert!(atomic.armies[0].iter().any(|p| p.letter == 'k' && p.royal));
        assert!(atomic.win.extinction.is_empty());
        // nocheckatomic's is not: losing it loses, by extinction.
        let nocheck = import_ini(ini, "n").unwrap();
        assert_eq!(nocheck.win.extinction, vec![Kind::KING]);
        // A custom piece that moves as a pawn is blown up; immune kinds are read.
        let custom = import_ini(ini, "c").unwrap();
        let x = custom.explosions.expect("explodes");
        assert_eq!((x.spared, x.immune), (vec![], vec![Kind::QUEEN]));
    }

    #[test]
    fn capture_rules_beside_explosions_that_fenpress_lacks_are_refused_at_their_line() {
        let ini = "[p:atomic]\npetrifyOnCaptureTypes = q\n[m:atomic]\nmutuallyImmuneTypes = k\n[z:atomic]\npetrifyOnCaptureTypes = -\n";
        let (line, message) = refusal(ini, "p");
        assert_eq!(line, 2);
        assert!(
            message.starts_with("`petrifyOnCaptureTypes = q`"),
            "{message}"
        );
        let (line, message) = refusal(ini, "m");
        assert_eq!(line, 4);
        assert!(
            message.starts_with("`mutuallyImmuneTypes = k`"),
            "{message}"
        );
        // At its default (none) the key changes nothing.
        assert!(import_ini(ini, "z").is_ok());
    }

    #[test]
    fn a_built_in_parent_fenpress_cannot_follow_is_named_at_the_header() {
        let ini = "# x\n[sho:shogi]\nmustCapture = true\n";
        let (line, message) = refusal(ini, "sho");
        assert_eq!(line, 2);
        assert!(
            message.contains("`shogi`") && message.contains("promotedPieceType"),
            "{message}"
        );
    }

    #[test]
    fn keys_at_fairy_stockfish_s_default_and_keys_without_effect_are_taken() {
        let ini = "[a:chess]\ngating = false\npieceToCharTable = PNBRQ.K\nnMoveRule = 0\n";
        let spec = import_ini(ini, "a").unwrap();
        assert_eq!(
            spec.start_fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -"
        );
    }

    #[test]
    fn the_giveaway_parent_brings_forced_captures_and_a_non_royal_king() {
        let spec = import_ini("[g:giveaway]\n", "g").unwrap();
        assert!(spec.win.antichess && spec.win.compulsory_capture);
        assert_eq!(spec.win.stalemate, StalemateResult::Win);
        assert!(spec.armies[0]
            .iter()
            .any(|p| p.letter == 'k' && p.betza == "K"));
        assert!(spec.promotions[0].contains(&Kind(b'k')));
    }

    #[test]
    fn a_section_without_parent_starts_with_no_pieces_and_no_promotion() {
        let ini =
            "[t]\nmaxFile = 3\nmaxRank = 3\nking = k\nrook = r\nstartFen = k2/3/KR1 w - - 0 1\n";
        let spec = import_ini(ini, "t").unwrap();
        assert_eq!(spec.armies[0].len(), 2);
        assert!(spec.promotions[0].is_empty());
    }

    #[test]
    fn the_default_promotion_rank_is_rank_8_whatever_the_board() {
        // Fairy-Stockfish's region is absolute: on ten ranks, pawns would
        // promote on the 8th, which fenpress cannot say.
        let ini = "[tall:chess]\nmaxRank = 10\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n";
        let (line, message) = refusal(ini, "tall");
        assert_eq!(line, 2, "{message}");
        assert!(message.contains("promotionRegion"), "{message}");
    }

    #[test]
    fn the_crazyhouse_parent_brings_hands_and_promoted_pawns_that_return_as_pawns() {
        let spec = import_ini("[zh:crazyhouse]\n", "zh").unwrap();
        let d = spec.drops.as_ref().expect("drops");
        assert!(d.captures_to_hand && !d.pawn_first_rank && !d.pawn_promotion_zone);
        // One letter of its own for each piece a pawn becomes.
        assert_eq!(d.promoted.len(), 4);
        // The start is written as fenpress writes it back, empty hands included.
        let rules = crate::variants::chesslike::ChessLike::new(spec.clone()).unwrap();
        let rules: &dyn crate::rules::Rules = &rules;
        assert_eq!(
            crate::fen::vchess_fen(rules, &rules.start_position()),
            spec.start_fen
        );
        assert!(spec
            .start_fen
            .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w"));
        // Loop chess keeps a promoted piece what it is; Chessgi drops pawns on the first rank.
        let looped = import_ini("[l:loop]\n", "l").unwrap();
        assert!(looped.drops.as_ref().unwrap().promoted.is_empty());
        let gi = import_ini("[g:chessgi]\n", "g").unwrap();
        assert!(gi.drops.as_ref().unwrap().pawn_first_rank);
    }

    #[test]
    fn pieces_in_hand_at_the_start_and_drop_keys_are_read() {
        let ini = "[pk:pocketknight]\ndropRegionWhite = *1 *2\ndropNoDoubled = n\ndropNoDoubledCount = 2\n";
        let spec = import_ini(ini, "pk").unwrap();
        assert!(spec
            .start_fen
            .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w"));
        let d = spec.drops.as_ref().unwrap();
        assert!(!d.captures_to_hand);
        assert_eq!(d.region[0].len(), 16);
        assert!(d.region[1].is_empty());
        assert_eq!(d.no_doubled, Some(('n', 2)));
    }

    #[test]
    fn a_drop_key_without_drops_and_a_drop_rule_fenpress_lacks_are_refused_at_their_line() {
        let (line, message) = refusal("[a:chess]\ncapturesToHand = true\n", "a");
        assert_eq!(line, 2);
        assert!(message.starts_with("`capturesToHand = true`"), "{message}");
        let (line, message) = refusal("[zh:crazyhouse]\n\ndropChecks = false\n", "zh");
        assert_eq!(line, 3);
        assert!(message.starts_with("`dropChecks = false`"), "{message}");
        let (line, message) = refusal(
            "[h:chess]\nstartFen = 8/8/8/8/8/8/8/K6k[Q] w - - 0 1\n",
            "h",
        );
        assert_eq!(line, 2);
        assert!(message.contains("pieceDrops"), "{message}");
    }

    #[test]
    fn antichess_with_drops_plays_on_while_the_hand_holds_a_piece() {
        let ini = "[ah:giveaway]\npieceDrops = true\ncapturesToHand = true\n";
        let rules =
            crate::variants::chesslike::ChessLike::new(import_ini(ini, "ah").unwrap()).unwrap();
        let mut pos =
            crate::validate::position_from_fen(&rules, "k7/8/8/8/8/8/8/8[N] w - - 0 1").unwrap();
        // No piece on the board, one in hand: 63 drops, no win yet.
        assert_eq!(crate::legal::perft(&rules, &mut pos, 1), 63);
    }

    const TICTACTOE: &str = "[ttt]\nmaxRank = 3\nmaxFile = 3\nimmobile = p\nstartFen = 3/3/3[PPPPPpppp] w - - 0 1\npieceDrops = true\nconnectN = 3\n";

    #[test]
    fn a_row_game_imports_its_row_its_stones_and_its_hands() {
        let spec = import_ini(TICTACTOE, "ttt").unwrap();
        let connect = spec.win.connect.clone().expect("a row wins");
        assert_eq!(
            connect,
            Connect {
                n: 3,
                ..Default::default()
            }
        );
        assert!(!spec.win.checkmate && spec.win.royals.is_none());
        assert_eq!(spec.armies[0][0].betza, "");
        let d = spec.drops.clone().expect("hands");
        assert!(!d.captures_to_hand && !d.must_drop && !d.gravity);
        // Direction switches, pieces, a block, misere, mustDrop, gravity.
        let ini = format!("{TICTACTOE}customPiece1 = q:mK\nconnectDiagonal = false\nconnectPieceTypes = q\nconnectNxN = 2\nconnectValue = loss\nmustDrop = true\nenclosingDrop = top\n");
        let spec = import_ini(&ini, "ttt").unwrap();
        let connect = spec.win.connect.clone().unwrap();
        assert!(!connect.diagonal && connect.horizontal && connect.vertical);
        assert_eq!((connect.square, connect.misere), (2, true));
        assert_eq!(connect.pieces, [Kind(b'q')]);
        let d = spec.drops.unwrap();
        assert!(d.must_drop && d.gravity);
        // Every piece listed is any piece.
        let ini = format!("{TICTACTOE}connectPieceTypes = p\n");
        assert!(import_ini(&ini, "ttt")
            .unwrap()
            .win
            .connect
            .unwrap()
            .pieces
            .is_empty());
    }

    #[test]
    fn row_and_drop_rules_fenpress_lacks_are_refused_at_their_line() {
        for (extra, key) in [
            ("connectValue = draw", "connectValue"),
            ("enclosingDrop = anyside", "enclosingDrop"),
            ("connectRegion1White = a1", "connectRegion1White"),
            ("mustDropType = p", "mustDropType"),
            ("collinearN = 3", "collinearN"),
            ("connectN = three", "connectN"),
        ] {
            let (line, message) = refusal(&format!("{TICTACTOE}{extra}\n"), "ttt");
            assert_eq!(line, 8, "{message}");
            assert!(message.starts_with(&format!("`{key} =")), "{message}");
        }
        let (line, message) = refusal("[a:chess]\n\nmustDrop = true\n", "a");
        assert_eq!(line, 3);
        assert!(message.contains("pieceDrops"), "{message}");
    }
}
