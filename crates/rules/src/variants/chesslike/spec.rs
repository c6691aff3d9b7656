//! The data that defines a chess-like variant: its pieces ([`PieceSpec`])
//! and its switches ([`ChessLikeSpec`]). Nothing here is compiled: see
//! `compile.rs` for how a spec becomes move tables.

use crate::piece::Kind;

/// One piece of an army.
#[derive(Clone, Debug)]
pub struct PieceSpec {
    /// Its FEN letter (lowercase).
    pub letter: char,
    /// How it moves and captures, in Betza notation, seen from White.
    pub betza: &'static str,
    /// Losing it loses the game (kings).
    pub royal: bool,
    /// Double step, en passant and promotion apply to it.
    pub pawn: bool,
    /// Its name in messages, if not the chess name of its letter.
    pub name: Option<&'static str>,
}

impl PieceSpec {
    /// An ordinary piece.
    pub const fn piece(letter: char, betza: &'static str) -> PieceSpec {
        PieceSpec {
            letter,
            betza,
            royal: false,
            pawn: false,
            name: None,
        }
    }
    /// The same piece, called `name` in messages.
    pub const fn named(mut self, name: &'static str) -> PieceSpec {
        self.name = Some(name);
        self
    }
    /// The chess king (royal `K`).
    pub const fn king() -> PieceSpec {
        PieceSpec {
            letter: 'k',
            betza: "K",
            royal: true,
            pawn: false,
            name: None,
        }
    }
    /// The chess pawn: moves one step forward, captures one step diagonally forward.
    pub const fn pawn() -> PieceSpec {
        PieceSpec {
            letter: 'p',
            betza: "fmWfcF",
            royal: false,
            pawn: true,
            name: None,
        }
    }
}

/// The data that defines a chess-like variant.
#[derive(Clone, Debug)]
pub struct ChessLikeSpec {
    pub name: &'static str,
    pub rows: u8,
    pub cols: u8,
    pub start_fen: &'static str,
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
    pub holes: &'static [&'static str],
    /// Royalty, win conditions and move restrictions beyond chess's.
    pub wins: super::victory::Victory,
}

impl Default for ChessLikeSpec {
    /// An empty 8×8 variant: no pieces, no promotion, no castling. Variant
    /// specs start from it (`ChessLikeSpec { name: "X", ..Default::default() }`)
    /// so that new switches do not break existing specs.
    fn default() -> Self {
        ChessLikeSpec {
            name: "",
            rows: 8,
            cols: 8,
            start_fen: "",
            armies: [Vec::new(), Vec::new()],
            promotions: [Vec::new(), Vec::new()],
            double_step: [false; 2],
            castling: [false; 2],
            campmate: false,
            holes: &[],
            wins: Default::default(),
        }
    }
}
