//! The data that defines a chess-like variant: its pieces ([`PieceSpec`])
//! and its switches ([`ChessLikeSpec`]). Nothing here is compiled: see
//! `compile.rs` for how a spec becomes move tables.

use std::borrow::Cow;

use crate::piece::Kind;

/// Text a spec holds: borrowed from the program for the specs written in
/// Rust (so their literals and `const fn` constructors stay as they are),
/// owned for the definitions read at run time, which are dropped with
/// their spec instead of living for the process.
pub type Text = Cow<'static, str>;

/// A list a spec holds, borrowed or owned as [`Text`] is.
pub type List<T> = Cow<'static, [T]>;

/// One piece of an army.
#[derive(Clone, Debug)]
pub struct PieceSpec {
    /// Its FEN letter (lowercase).
    pub letter: char,
    /// How it moves and captures, in Betza notation, seen from White.
    pub betza: Text,
    /// Losing it loses the game (kings).
    pub royal: bool,
    /// Double step, en passant and promotion apply to it.
    pub pawn: bool,
    /// Its name in messages, if not the chess name of its letter.
    pub name: Option<Text>,
    /// Its French name (rule pages, alt text), when known.
    pub name_fr: Option<Text>,
    /// Its Spanish name, when known.
    pub name_es: Option<Text>,
    /// What the piece becomes (a letter of its army) where
    /// `PromotionRules::pieces` says: by default on reaching its last rank
    /// (vchess's Forward: every piece has its promoted form); a pawn with
    /// it may become this besides the `promotions` (Fairy-Stockfish's
    /// `promotedPieceType`).
    pub promotes: Option<char>,
    /// A promoted piece that keeps its origin, this letter (shogi's
    /// promoted pieces): standard FEN writes it `+X`, and captured into a
    /// hand it goes back as X. The letter promotes to it.
    pub reverts: Option<char>,
    /// A piece that is not a pawn but takes en passant as a pawn does,
    /// with its one-step diagonal captures (Forward's promoted pawn: a
    /// "bidirectional pawn").
    pub en_passant: bool,
}

impl PieceSpec {
    /// An ordinary piece.
    pub const fn piece(letter: char, betza: &'static str) -> PieceSpec {
        PieceSpec {
            letter,
            betza: Cow::Borrowed(betza),
            royal: false,
            pawn: false,
            name: None,
            name_fr: None,
            name_es: None,
            promotes: None,
            reverts: None,
            en_passant: false,
        }
    }
    /// The same piece, called `name` in messages. Not a `const fn`, unlike
    /// the constructors: replacing a name that may be owned drops it, which
    /// const evaluation cannot do (no spec is built in a const item).
    pub fn named(mut self, name: impl Into<Text>) -> PieceSpec {
        self.name = Some(name.into());
        self
    }
    /// The same piece with its names in English, French and Spanish.
    pub fn names(mut self, en: &'static str, fr: &'static str, es: &'static str) -> PieceSpec {
        self.name = Some(Cow::Borrowed(en));
        self.name_fr = Some(Cow::Borrowed(fr));
        self.name_es = Some(Cow::Borrowed(es));
        self
    }
    /// The chess king (royal `K`).
    pub const fn king() -> PieceSpec {
        PieceSpec {
            letter: 'k',
            betza: Cow::Borrowed("K"),
            royal: true,
            pawn: false,
            name: None,
            name_fr: None,
            name_es: None,
            promotes: None,
            reverts: None,
            en_passant: false,
        }
    }
    /// The chess pawn: moves one step forward, captures one step diagonally forward.
    pub const fn pawn() -> PieceSpec {
        PieceSpec {
            letter: 'p',
            betza: Cow::Borrowed("fmWfcF"),
            royal: false,
            pawn: true,
            name: None,
            name_fr: None,
            name_es: None,
            promotes: None,
            reverts: None,
            en_passant: false,
        }
    }
}

/// Where a piece may make its initial-only (Betza `i`) moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum InitialMoves {
    /// From the squares its kind holds at the start.
    #[default]
    StartSquares,
    /// From any square of the side's first rank (Evolution).
    FirstRank,
    /// Fairy-Stockfish's: from any square of the side's second rank (its
    /// double-step region), and a straight two-square initial move may be
    /// taken en passant on the square it passed, like a pawn's double step.
    FairyStockfish,
}

/// The data that defines a chess-like variant.
#[derive(Clone, Debug)]
pub struct ChessLikeSpec {
    pub name: Text,
    pub rows: u8,
    pub cols: u8,
    pub start_fen: Text,
    /// Each color's army, including the pieces it can only get by promotion.
    pub armies: [Vec<PieceSpec>; 2],
    /// What each color's pawns promote to, in notation order.
    pub promotions: [Vec<Kind>; 2],
    /// Whether each color's pawns may double-step from their second rank.
    pub double_step: [bool; 2],
    /// Whether each color may castle.
    pub castling: [bool; 2],
    /// A king on its last rank, not in check, wins (Orda).
    pub campmate: bool,
    /// Squares that are not on the board (written `x` in FEN), by name.
    pub holes: Vec<Text>,
    /// Promotion details beyond `promotions` (zone depth, choice, lost pieces).
    pub promotion: PromotionRules,
    /// Pawn details beyond `double_step` (how far, from where).
    pub pawn: PawnRules,
    /// Castling details beyond `castling` (which rook, destinations).
    pub castle: CastlingRules,
    /// Black's castling when it differs from White's (Cwda: each side's
    /// army has its own rook, the Clobberers castle long to b1/c1);
    /// `None`: the same as `castle`.
    pub castle_black: Option<CastlingRules>,
    /// Pieces leave one edge and come back on the other.
    pub wrap: Wrap,
    /// Royalty, win conditions and move restrictions beyond chess's, as
    /// the victory code implements them (see `victory.rs`).
    pub wins: super::victory::Victory,
    /// How the game is won and drawn, royalty, compulsory capture (beyond
    /// checkmate, stalemate draws and `campmate`).
    pub win: super::victory::WinSpec,
    /// Which vchess FEN fields exist, when not derived from the switches.
    pub fen: FenFields,
    /// Black's moves are White's turned half a turn instead of mirrored
    /// rank for rank: a move to White's left goes to Black's left, the
    /// board's right (Diamond's pawns, which aim at the far corner).
    pub rotate_black: bool,
    /// Where Betza `i` moves are allowed.
    pub initial_moves: InitialMoves,
    /// Giving check is illegal in the game's first this many plies, as the
    /// FEN's move counter counts them (Circular: 2, White's and Black's
    /// first moves).
    pub no_check_plies: u8,
    /// Each side plays one of several armies, named by the FEN's last field
    /// (Cwda's `CN`); `None`: the armies above are the game's.
    pub army_choice: Option<ArmyChoice>,
    /// Pieces in hand and drops (Crazyhouse's family); `None`: no hands.
    pub drops: Option<DropSpec>,
    /// Captures explode (Atomic's family); `None`: they do not.
    pub explosions: Option<ExplosionSpec>,
    /// Each side (White, Black) that has pieces but no legal move, and is
    /// not in check, passes instead of being stalemated: its one move
    /// changes nothing but the turn (Fairy-Stockfish's `passOnStalemate`,
    /// Anders' antichess).
    pub pass_on_stalemate: [bool; 2],
    /// Pieces that may not move off some squares (Fairy-Stockfish's
    /// `mobilityRegion`: Buffalo's defenders stay off the first and last
    /// ranks); empty: none.
    pub regions: Vec<PieceRegion>,
}

/// Where the pieces of one letter may stand, for each side (White, Black;
/// `None`: anywhere). Only a piece without royals in the game is confined:
/// its captures beyond the region would still count as attacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceRegion {
    pub letter: char,
    pub squares: [Option<Vec<Text>>; 2],
}

/// Every capture explodes, as Fairy-Stockfish's `blastOnCapture` plays it:
/// the capturer and every piece a king's step from the capture square
/// vanish, except the kinds below. With royal pieces (Atomic) a move may
/// not explode its own royal, exploding the enemy's wins, and royals that
/// touch cannot be in check (taking one would explode the other); without
/// them (`nocheckatomic`) check does not exist and the king is lost by
/// explosion (an extinction rule says who loses).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExplosionSpec {
    /// Kinds the blast around the capture square spares (Atomic's pawns);
    /// taken directly, they still fall.
    pub spared: Vec<Kind>,
    /// Kinds no explosion removes, not even as the capturer on the
    /// capture square (Fairy-Stockfish's `blastImmuneTypes`).
    pub immune: Vec<Kind>,
    /// With antichess: a mover that loses its last piece wins only while
    /// the opponent keeps one; an explosion that empties both sides leaves
    /// the side to move without a move, which wins as stalemated (Anti-Atomic,
    /// Fairy-Stockfish's `extinctionOpponentPieceCount = 1`).
    pub opponent_must_remain: bool,
}

/// Pieces in hand, dropped instead of a move onto an empty square, as
/// Fairy-Stockfish's keys say (`pieceDrops`, `capturesToHand`...). Each
/// restriction is one switch; the hand-written drop variants
/// (`variants/hands/`) share the same helpers (`hands/drops.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropSpec {
    /// A captured piece joins the capturer's hand (Fairy-Stockfish's
    /// `capturesToHand`); otherwise the hands only hold what the start
    /// gives (Pocket Knight).
    pub captures_to_hand: bool,
    /// Promoted pawns keep their origin: each pair is (the letter a pawn
    /// promoted to `base` stands as on the board, `base`). Captured, such
    /// a piece goes to hand as a pawn (standard FEN writes it `Q~`). Empty:
    /// a promoted piece is captured as what it is (`dropLoop`).
    pub promoted: Vec<(char, char)>,
    /// Pawns may be dropped on their side's first rank (`firstRankPawnDrops`).
    pub pawn_first_rank: bool,
    /// Pawns may be dropped in their promotion zone (`promotionZonePawnDrops`).
    pub pawn_promotion_zone: bool,
    /// A piece of this letter may not be dropped on a file that holds this
    /// many of its side's own of that letter (`dropNoDoubled`,
    /// `dropNoDoubledCount`: shogi's pawn, 1).
    pub no_doubled: Option<(char, u8)>,
    /// The squares each side (White, Black) may drop on, by name; empty:
    /// anywhere (`dropRegionWhite`, `dropRegionBlack`).
    pub region: [Vec<Text>; 2],
    /// A piece may not be dropped, nor move, where it could never move
    /// again (`immobilityIllegal`: a knight on its last rank).
    pub immobility_illegal: bool,
    /// A side with a piece in hand must drop one when it can (`mustDrop`:
    /// Picaria's and Teeko's placing phase); its other moves wait.
    pub must_drop: bool,
    /// A piece is dropped on the first rank or right above another piece,
    /// White's side being the bottom for both (`enclosingDrop = top`:
    /// Connect Four's columns fill from below).
    pub gravity: bool,
}

impl Default for DropSpec {
    /// Crazyhouse's rules: captures go to hand, a pawn is dropped neither
    /// on its first rank nor in its promotion zone, anywhere else goes.
    fn default() -> Self {
        DropSpec {
            captures_to_hand: true,
            promoted: Vec::new(),
            pawn_first_rank: false,
            pawn_promotion_zone: false,
            no_doubled: None,
            region: [Vec::new(), Vec::new()],
            immobility_illegal: false,
            must_drop: false,
            gravity: false,
        }
    }
}

/// Armies chosen by a FEN field: each side's pieces and set-up come from
/// the army its letter names; a pawn may become an officer of either army
/// in play.
#[derive(Clone, Debug)]
pub struct ArmyChoice {
    /// The armies, in the order of their index (the pair played is kept in
    /// `state.variant` as White's index times their count plus Black's, plus 1).
    pub armies: Vec<ArmySpec>,
    /// Pieces every side may have whatever its army (vchess takes the chess
    /// king for a king in every Cwda army).
    pub every_side: Vec<char>,
    /// The armies (White's, Black's, as indexes) when the FEN has no field.
    pub default: [usize; 2],
}

/// One army of an [`ArmyChoice`].
#[derive(Clone, Debug)]
pub struct ArmySpec {
    /// Its letter in the FEN field (uppercase).
    pub code: char,
    /// Its name, for readers of the definition.
    pub name: Option<Text>,
    /// Its pieces' letters (pieces of the spec's armies): officers, one
    /// royal, one pawn; the officers in this order are what pawns become.
    pub pieces: Vec<char>,
    /// Its first rank from the a-file, lowercase; its pawns fill the second.
    pub first_rank: Text,
    /// Where its king and rook land when castling (queen side, king side),
    /// when not chess's files.
    pub king_to: Option<[u8; 2]>,
    pub rook_to: Option<[u8; 2]>,
}

/// Where and how pawns promote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionRules {
    /// How many ranks, counted from the far edge, form the zone (1: the last).
    pub zone: u8,
    /// In the zone but before the last rank, the pawn may also stay a pawn.
    pub optional: bool,
    /// A pawn may only become a piece its side has lost (Grand).
    pub only_lost: bool,
    /// The file at the pawn's left edge (White's a-file, Black's last file,
    /// as `rotate_black` turns it) promotes too, as the last rank does
    /// (Diamond).
    pub left_file: bool,
    /// Promotion pieces a pawn may become only when its side has fewer of
    /// them than at the start (Spartan's hoplite becomes a king only when
    /// one of the two is gone); `only_lost` makes it every piece.
    pub only_lost_pieces: List<Kind>,
    /// Where pieces with [`PieceSpec::promotes`] promote.
    pub pieces: PieceZone,
    /// Where each side's pawns promote (White's squares, Black's, by
    /// name) instead of the last `zone` ranks: Fairy-Stockfish's
    /// `promotionRegionWhite/Black` (Argess's corners, Epic Atomic's
    /// zones of different depths). A side with no square never promotes.
    pub squares: Option<[Vec<Text>; 2]>,
    /// Kinds a promotion may make only while its side has fewer than this
    /// many of them on the board (Fairy-Stockfish's `promotionLimit`:
    /// Grand's one queen, two rooks...), a pawn's as a piece's; captured
    /// pieces in hand do not count.
    pub limits: List<(Kind, u8)>,
}

/// Where a piece that is not a pawn promotes to its `promotes` piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PieceZone {
    /// On arriving on its last rank, always (vchess's Forward).
    #[default]
    LastRank,
    /// As Fairy-Stockfish's and shogi's pieces: a move that starts or ends
    /// in the promotion zone (`PromotionRules::zone` last ranks) may
    /// promote; with `forced` (Fairy-Stockfish's `mandatoryPiecePromotion`)
    /// it must.
    Zone { forced: bool },
}

impl Default for PromotionRules {
    fn default() -> Self {
        PromotionRules {
            zone: 1,
            optional: false,
            only_lost: false,
            left_file: false,
            only_lost_pieces: Cow::Borrowed(&[]),
            pieces: PieceZone::LastRank,
            squares: None,
            limits: Cow::Borrowed(&[]),
        }
    }
}

/// How far pawns go on their first move, and from where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PawnRules {
    /// Most squares of the initial multi-step (2: the double step).
    pub max_step: u8,
    /// The multi-step is allowed from relative ranks `0..=init_rank`
    /// (0-based: 1 is the second rank).
    pub init_rank: [u8; 2],
    /// The lowest relative rank the multi-step starts from (vchess's chess
    /// lets a pawn on its first rank double-step; Parachute does not).
    pub min_rank: [u8; 2],
    /// The furthest relative rank a multi-step may end on, when the pawns
    /// of a later rank step less far (Wildebeest: three squares from the
    /// second rank, two from the third, both to the fifth).
    pub up_to_rank: Option<u8>,
    /// A pawn multi-steps only from its side's pawn start squares and
    /// only while its file's flag is on; a pawn move from a start square
    /// turns that file's flag off. The FEN flags field holds the flags, a
    /// digit per file, White's then Black's (Circular: `1111111111111111`).
    pub file_flags: bool,
}

impl Default for PawnRules {
    fn default() -> Self {
        PawnRules {
            max_step: 2,
            init_rank: [1, 1],
            min_rank: [0, 0],
            up_to_rank: None,
            file_flags: false,
        }
    }
}

/// Which piece castles with the king and where both land.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingRules {
    /// The piece that castles with the king.
    pub rook: Kind,
    /// King's destination files (queen side, king side); `None`: the third
    /// file and the second from the last, as in chess.
    pub king_to: Option<[u8; 2]>,
    /// Rook's destination files; `None`: beside the king, inwards.
    pub rook_to: Option<[u8; 2]>,
    /// The rank, from the side's own edge (0: its first), castling is on.
    pub rank: u8,
    /// The king slides any number of squares towards the rook, which lands
    /// beside it on the other side (Wildebeest); `king_to` and `rook_to`
    /// are then unused.
    pub free: bool,
}

impl Default for CastlingRules {
    fn default() -> Self {
        CastlingRules {
            rook: Kind::ROOK,
            king_to: None,
            rook_to: None,
            rank: 0,
            free: false,
        }
    }
}

/// Which board edges join.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wrap {
    /// The a-file and the last file are neighbours (Cylinder).
    pub files: bool,
    /// The first and the last rank are neighbours (Circular).
    pub ranks: bool,
}

/// Overrides of which vchess FEN fields the variant has (`None`: derived,
/// flags when a side may castle, en passant when a side double-steps).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FenFields {
    pub flags: Option<bool>,
    pub en_passant: Option<bool>,
}

impl ChessLikeSpec {
    /// How `color` castles (`castle`, or `castle_black` for Black).
    pub fn castle_of(&self, color: crate::color::Color) -> &CastlingRules {
        match (color, &self.castle_black) {
            (crate::color::Color::Black, Some(black)) => black,
            _ => &self.castle,
        }
    }
}

impl Default for ChessLikeSpec {
    /// An empty 8×8 variant: no pieces, no promotion, no castling. Variant
    /// specs start from it (`ChessLikeSpec { name: "X", ..Default::default() }`)
    /// so that new switches do not break existing specs.
    fn default() -> Self {
        ChessLikeSpec {
            name: Cow::Borrowed(""),
            rows: 8,
            cols: 8,
            start_fen: Cow::Borrowed(""),
            armies: [Vec::new(), Vec::new()],
            promotions: [Vec::new(), Vec::new()],
            double_step: [false; 2],
            castling: [false; 2],
            campmate: false,
            holes: Vec::new(),
            promotion: PromotionRules::default(),
            pawn: PawnRules::default(),
            castle: CastlingRules::default(),
            castle_black: None,
            wrap: Wrap::default(),
            win: Default::default(),
            wins: Default::default(),
            fen: FenFields::default(),
            initial_moves: InitialMoves::StartSquares,
            rotate_black: false,
            no_check_plies: 0,
            army_choice: None,
            drops: None,
            explosions: None,
            pass_on_stalemate: [false; 2],
            regions: Vec::new(),
        }
    }
}
