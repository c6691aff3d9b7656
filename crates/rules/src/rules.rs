//! The `Rules` trait: what a variant must say so the generic code (FEN,
//! validation, legality, results, notation, perft) works for it. Most
//! methods have defaults that follow vchess's chess; a variant overrides
//! what differs.

use crate::color::Color;
use crate::fen_row::{CellSpelling, Field};
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::piece::{Cell, Kind, KindSet, Piece};
use crate::position::{Position, Undo};
use crate::problem::Problem;
use crate::square::Square;
use crate::squareset::SquareSet;

/// How a game ended (or why a position has no play left).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// `winner` mated the side to move.
    Checkmate { winner: Color },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// A variant's own win (`reason` names it, e.g. "campmate").
    VariantWin { winner: Color, reason: &'static str },
    /// A variant's own draw.
    VariantDraw { reason: &'static str },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } | Outcome::VariantWin { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// The side to move has lost when none of its royal pieces is left
    /// (taken, turned, converted: `reason` says how); `None` while one is.
    pub fn royal_gone(pos: &Position, reason: &'static str) -> Option<Outcome> {
        let us = pos.turn();
        pos.board
            .royals(us)
            .is_empty()
            .then_some(Outcome::VariantWin {
                winner: us.opposite(),
                reason,
            })
    }
}

/// How a variant writes the fields after the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FenStyle {
    /// Which colors have castling flags (Orda: White only).
    pub castling: [bool; 2],
    /// The kind that castles with the king.
    pub castle_rook: Kind,
    /// Whether the en-passant field exists.
    pub en_passant: bool,
    /// The board character for a hole, if the variant has holes (`x`).
    pub hole: Option<char>,
}

impl Default for FenStyle {
    fn default() -> Self {
        FenStyle {
            castling: [false; 2],
            castle_rook: Kind::ROOK,
            en_passant: false,
            hole: None,
        }
    }
}

/// The rules of one variant. Object safe: the registry hands out
/// `&'static dyn Rules`.
pub trait Rules: Send + Sync {
    /// The vchess name (`Chess`, `Orda`). Borrowed from the rules: a
    /// site's variant owns its name (an impl may still return a literal).
    fn name(&self) -> &str;

    /// The board's shape.
    fn geometry(&self) -> &Geometry;

    /// The start position, as a FEN in [`Rules::fen_style`], borrowed from
    /// the rules as [`Rules::name`] is.
    fn start_fen(&self) -> &str;

    /// The kinds each color may have on the board (for validation: anything
    /// else is an unknown letter).
    fn kinds(&self, color: Color) -> KindSet;

    /// Kinds whose capture loses the game (kings).
    fn royal_kinds(&self) -> KindSet;

    /// The name of a piece in messages ("rook", "lancer").
    fn piece_name(&self, piece: Piece) -> String {
        default_piece_name(piece)
    }

    /// How many royal pieces each side must have; `None`: no rule.
    fn royals_per_side(&self) -> Option<usize> {
        Some(1)
    }

    /// The rank, counted from each side's own edge (0: its first), on which
    /// its king and rooks castle (Shako and Ten-cubed: 1).
    fn castling_rank(&self) -> u8 {
        0
    }

    /// How the variant writes its FEN (vchess fields, castling flags).
    fn fen_style(&self) -> FenStyle {
        FenStyle::default()
    }

    /// The number of checks received that loses (Threechecks: 3), when the
    /// variant counts checks: a standard FEN may then carry a check
    /// counter (lichess's `+2+0` after the move number, Fairy-Stockfish's
    /// `1+3` before the clocks). `None`: no counter may be read.
    fn checks_that_lose(&self) -> Option<u8> {
        None
    }

    /// Sets the checks each side has received (White's, Black's), read
    /// from such a counter. Called only when [`Rules::checks_that_lose`]
    /// says the variant counts them.
    fn set_checks_received(&self, _state: &mut crate::position::State, _received: [u8; 2]) {}

    /// Reads what a variant appends to vchess's flags field after the
    /// castling letters (Paco Sako: 16 pawn flags) into `state.variant`;
    /// `false` if it cannot. The default accepts nothing.
    fn read_flags_tail(&self, tail: &str, _state: &mut crate::position::State) -> bool {
        tail.is_empty()
    }

    /// Whether the variant reads and writes vchess's whole flags field
    /// itself ([`Rules::read_flags_tail`] gets all of it, the castling rights
    /// stay empty): Coregal's four files per side. Default: no.
    fn own_flags(&self) -> bool {
        false
    }

    /// Reads the vchess FEN fields after en passant (Paco Sako: the last
    /// union move), pushing a problem for any it cannot read. The default
    /// ignores them.
    fn read_variant_fields(
        &self,
        _fields: &[Field],
        _state: &mut crate::position::State,
        _problems: &mut Vec<Problem>,
    ) {
    }

    /// The kind a piece of `kind` counts as for a castling right in a FEN
    /// (Koopa: a stunned rook keeps its right). Default: itself.
    fn castling_kind(&self, kind: Kind) -> Kind {
        kind
    }

    /// What the reader reconstructs of these fields instead of reading it
    /// (a lossy field of the site's, filled in from the board), in words;
    /// see [`crate::validate::reading_notes`]. The default: nothing.
    fn reading_notes(&self, _fields: &[Field]) -> Vec<String> {
        Vec::new()
    }

    /// Reads the same fields into what a position keeps beyond its state
    /// (Koopa: the stun counters, into `pos.counters`), once the board and
    /// state are read. The default reads nothing.
    fn read_position_fields(
        &self,
        _fields: &[Field],
        _pos: &mut Position,
        _problems: &mut Vec<Problem>,
    ) {
    }

    /// What [`crate::fen::vchess_fen`] writes for the variant's own state:
    /// a tail for the flags field and extra fields (each with its leading
    /// space). The default writes nothing.
    fn write_variant_fields(&self, _pos: &Position) -> (String, String) {
        (String::new(), String::new())
    }

    /// vchess's en-passant field when the variant spells it its own way
    /// (Berolina: `g6,h`, the passed square and the file the pawn landed
    /// on); `None`: the passed square, or `-`.
    fn write_en_passant(&self, _pos: &Position) -> Option<String> {
        None
    }

    /// Reads such a field of a vchess FEN into `state`: `None` leaves it to
    /// the standard reader, `Some(false)` when it cannot be read.
    fn read_en_passant(
        &self,
        _text: &str,
        _board: &crate::Board,
        _state: &mut crate::position::State,
    ) -> Option<bool> {
        None
    }

    /// Decodes one FEN board character into a cell; `None` if unknown.
    /// Unions (Paco Sako) override this and [`Rules::encode_cell`].
    fn decode_cell(&self, c: char) -> Option<Cell> {
        let p = Piece::from_letter(c)?;
        self.kinds(p.color).contains(p.kind).then(|| Cell::of(p))
    }

    /// Encodes a cell as one FEN character; `None` for an empty cell.
    fn encode_cell(&self, cell: Cell) -> Option<char> {
        cell.single().map(Piece::letter)
    }

    /// Whether the FEN board letter `c` is followed, on the same square, by
    /// a mark of its own (Otage: a union's letter, then who holds it; see
    /// [`crate::fen_row::CellSpelling::Union`]). Default: no marks.
    fn marked_letter(&self, _c: char) -> bool {
        false
    }

    /// Reads the `mark` written after the letter `letter` on `sq` (where
    /// [`Rules::decode_cell`] has put its cell): the variant may set the
    /// cell again and its counters. `false`: no mark this variant knows.
    fn read_cell_mark(
        &self,
        _board: &mut crate::Board,
        _counters: &mut crate::position::SquareCounters,
        _sq: Square,
        _letter: char,
        _mark: char,
    ) -> bool {
        false
    }

    /// The two characters written for `sq` in a FEN when its letter has a
    /// mark (see [`Rules::marked_letter`]), in place of
    /// [`Rules::encode_cell`]'s one.
    fn marked_cell(&self, _pos: &Position, _sq: Square) -> Option<[char; 2]> {
        None
    }

    /// How the variant's FEN spells a square: one character (the default),
    /// or two (Emergo's stacks, read by [`Rules::decode_pair`]).
    fn cell_spelling(&self) -> CellSpelling {
        CellSpelling::Letter
    }

    /// Decodes a square written with two characters
    /// ([`crate::fen::CellSpelling::Pair`]); `None` if unknown.
    fn decode_pair(&self, _first: char, _second: char) -> Option<Cell> {
        None
    }

    /// A cell as the FEN writes it: [`Rules::encode_cell`]'s character by
    /// default, two characters where the variant spells squares so.
    fn encode_cell_text(&self, cell: Cell) -> Option<String> {
        self.encode_cell(cell).map(String::from)
    }

    /// Every pseudo-legal move of the side to move, appended to `out`:
    /// moves that follow the pieces' movement but may leave a royal piece
    /// capturable. Must not allocate beyond `out`'s growth.
    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList);

    /// Whether some pseudo-legal move of `color`'s opponent would remove one
    /// of `color`'s royal pieces. This default is the definition; a variant
    /// whose pieces are data overrides it with a faster equivalent.
    fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        !royal_captures(self, pos, color).is_empty()
    }

    /// Whether the move `mv` takes one of `color`'s royal pieces (on
    /// `royals`): the definition [`royal_captures`] and so the default
    /// check use. The default: one of them vanishes. Rococo's and Fugue's
    /// swaps move the king they exchange with and take nothing.
    fn takes_royal(&self, mv: &Move, color: Color, royals: SquareSet) -> bool {
        mv.effect
            .vanish
            .as_slice()
            .iter()
            .any(|v| v.piece.color == color && royals.contains(v.square))
    }

    /// Whether the move `mover` just made (`pos` is after it) is illegal:
    /// what legality, results and perft test. The default is "it leaves a
    /// royal piece capturable"; variants whose legality is more than that
    /// (Isardam's ban on mutual observation, Checkless's ban on checks,
    /// an antiking left unattacked) override it, while `royal_attacked`
    /// keeps meaning check.
    fn illegal_after(&self, pos: &Position, mover: Color) -> bool {
        self.royal_attacked(pos, mover)
    }

    /// A legality shortcut for one node (see [`crate::legal`] and
    /// [`Pins`]): a plain move (a non-royal piece going from `from` to
    /// `to`, taking at most what stands on `to`, see
    /// [`crate::legal::is_plain`]) that leaves no pinned square and lands
    /// on no screen square is judged without being played, and so is a
    /// plain drop ([`crate::legal::is_plain_drop`]) landing on no screen
    /// square (adding a piece of the mover opens no line). Only rules
    /// whose legality is exactly "the mover's one royal is not attacked"
    /// and whose lines to it the pins and screens cover may promise it.
    /// The default: `None`, every move is played and tested.
    fn pinned(&self, _pos: &Position) -> Option<Pins> {
        None
    }

    /// Where a plain move of the side to move (see
    /// [`crate::legal::is_plain`]) can give check: `Some(squares)` promises
    /// that such a move leaves the opponent's royals unattacked unless it
    /// lands on a square of `squares.to` or leaves one of `squares.from`.
    /// A mate search then plays only those moves on its last turn. The
    /// same rules as [`Rules::pinned`] may promise it; the default, `None`,
    /// promises nothing.
    fn check_squares(&self, _pos: &Position) -> Option<CheckSquares> {
        None
    }

    /// The legality shortcut for rules that forbid giving check (see
    /// [`Rules::forbids_giving_check`], Racing Kings): the mover's pins, as
    /// [`Rules::pinned`] would give them, and where a plain move could
    /// give check, as [`Rules::check_squares`] would. A plain move that
    /// leaves no pinned square, no square of `from` and lands on no square
    /// of `to` is then legal without being played. Only rules whose
    /// legality is exactly "the mover's one royal is not attacked and the
    /// opponent's is not either" may promise it; the default, `None`,
    /// promises nothing.
    fn pins_without_check(&self, _pos: &Position) -> Option<(Pins, CheckSquares)> {
        None
    }

    /// The variant's own rule that forbids moving the piece on `from` to
    /// `to` in `pos`, when one does (Madrasi paralysis, Isardam's mutual
    /// observation, Checkless's check that does not mate, an antiking left
    /// unattacked); `None` when the move is legal or only check forbids
    /// it. See [`crate::explain::forbidding_rule`]. The default: none.
    fn forbidding_rule(&self, _pos: &Position, _from: Square, _to: Square) -> Option<&'static str> {
        None
    }

    /// Adds to `out` the squares where a pawn of `color` may promote, for
    /// marks a caption calls promotion squares ("Squares where promotion is
    /// allowed"). The default adds none: a variant whose zone is not its
    /// last rank (Sittuyin's long diagonals) says where it is.
    fn promotion_squares(&self, _color: Color, _out: &mut SquareSet) {}

    /// The square a move reaches before its piece is relocated, for moves
    /// that origin and destination do not tell apart (Apocalypse's
    /// redirected promotion: a pawn reaches d5, or takes on e5, then goes to
    /// b1). Notation writes it before a `>`: `d4d5>b1`, `dxe5>b1`. The
    /// default: none.
    fn relocated_via(&self, _mv: &Move) -> Option<Square> {
        None
    }

    /// A short note on a move for listings (`fenpress moves`), e.g.
    /// Apocalypse's "speculative" choices. The default has none.
    fn move_note(&self, _mv: &Move) -> Option<&'static str> {
        None
    }

    /// The kinds `color` may hold in hand and drop. Empty (the default):
    /// the variant has no hands, and a FEN that gives one is invalid.
    fn hand_kinds(&self, _color: Color) -> KindSet {
        KindSet::EMPTY
    }

    /// The board kind of a promoted `base` piece, for standard FEN's
    /// promoted marks (Crazyhouse's `Q~`, Shogi's `+P`); `None` if `base`
    /// has no promoted form of its own letter.
    fn promoted_kind(&self, _base: Kind) -> Option<Kind> {
        None
    }

    /// Whether vchess's FEN writes the hands after the board, as standard
    /// FEN does (`board[Qn]`): variants whose vchess original has no
    /// reserve field of its own (drops from a definition).
    fn hands_in_board(&self) -> bool {
        false
    }

    /// How standard FEN marks a promoted piece: `'~'` after the letter
    /// (Crazyhouse, the default) or `'+'` before it (Shogi).
    fn promoted_mark(&self) -> char {
        '~'
    }

    /// Why `piece` may not be dropped on `to` in `pos`, in words for
    /// notation errors ("a pawn may not be dropped on the last rank");
    /// `None` when the variant has no rule against it.
    fn drop_restriction(&self, _pos: &Position, _piece: Piece, _to: Square) -> Option<String> {
        None
    }

    /// Plays a move (effect plus state changes).
    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        pos.apply(mv)
    }

    /// Takes back a move played with [`Rules::play`].
    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        pos.unapply(mv, undo)
    }

    /// A result decided before looking at moves (Orda's campmate): when
    /// `Some`, the side to move has no moves.
    fn variant_outcome(&self, _pos: &Position) -> Option<Outcome> {
        None
    }

    /// The result when the side to move has no legal move and is not in
    /// check: a draw by default; Shatranj's and Wildebeest's stalemated
    /// side loses, an antichess one wins, Wormhole's "if you can no longer
    /// move, you lose".
    fn stalemate_outcome(&self, _pos: &Position) -> Outcome {
        Outcome::Stalemate
    }

    /// Whether a side's own move can end the game in its opponent's win:
    /// an antichess capture of the opponent's last piece, Ambiguous's
    /// execution onto one's own king, Monocolor's emptying of one's own
    /// half. A puzzle's goal may then be reached by the defender's forced
    /// reply to the attacker's last move, which a search must judge
    /// instead of stopping at that move. Default: no.
    fn own_move_may_lose(&self) -> bool {
        false
    }

    /// Whether `pos` lies inside a turn although a move handed the play
    /// to the other side: Synchrone's Black choice (White's waits, unseen)
    /// and Synchrone2's capturing half, judged on the board as it was
    /// before the turn. A puzzle starts where a turn starts. Default: no.
    fn turn_under_way(&self, _pos: &Position) -> bool {
        false
    }

    /// Whether a move may not leave the opponent's royal piece attacked
    /// either (Racing Kings: giving check is not allowed). Default: no.
    fn forbids_giving_check(&self) -> bool {
        false
    }

    /// Whether [`Rules::restrict_legal`] may remove moves; perft then
    /// builds each legal list whole instead of counting moves one by one.
    fn restricts_legal(&self) -> bool {
        false
    }

    /// Removes from the complete list of legal moves those the variant
    /// forbids as a whole (compulsory capture: when some capture is legal,
    /// only captures are). Default: none.
    fn restrict_legal(&self, _pos: &Position, _legal: &mut MoveList) {}

    /// The kinds a pawn of `color` may promote to, in the order notation
    /// lists them.
    fn promotions(&self, _color: Color) -> &[Kind] {
        &[]
    }

    /// Completes a board-only diagram's position (no FEN fields: the
    /// checker gave it a side to move and every castling right its rooks
    /// allow) from what its board shows: Titan's carriers of a late set-up
    /// ply mean the set-up is over, and its carrier rooks castle too. The
    /// default changes nothing.
    fn complete_diagram(&self, _pos: &mut Position) {}

    /// A move's SAN when the variant writes it its own way (Swap's swap,
    /// `Sg7g8`); a check's `+` or `#` follows. Default: none.
    fn notation_override(&self, _mv: &Move) -> Option<String> {
        None
    }

    /// What a move's name ends with beyond its moving (Dice: the roll it
    /// brings, `/R`), in coordinates and in SAN alike. Default: nothing.
    fn notation_suffix(&self, _mv: &Move) -> Option<String> {
        None
    }

    /// The squares `viewer` sees, in a game where each side sees only part
    /// of the board (Dark's fog of war): a diagram drawn as what a side
    /// sees is checked against them. `None` (the default): both see all.
    fn visible_squares(&self, _pos: &Position, _viewer: Color) -> Option<SquareSet> {
        None
    }

    /// The other starts the site's engine deals, each a position, when its
    /// start is random in a way the start FEN cannot say (Hiddenqueen's
    /// hidden queens, placed among the pawns): a page's game "after 1.e4
    /// d5" may come from any of them. The default: none.
    fn dealt_starts(&self) -> Vec<Position> {
        Vec::new()
    }

    /// The kind a piece of kind `kind` is named by in notation, besides its
    /// own letter: Musketeer's carrier knight (`M`) is a knight, `Nc3`.
    /// The default is the kind itself.
    fn notation_kind(&self, kind: Kind) -> Kind {
        kind
    }

    /// The kind whose letter a move's SAN writes for a piece of kind
    /// `kind` (and whether it is written as a pawn): Ball's pieces holding
    /// the ball are written as themselves, `Qd1`, `fxe5`, as the site
    /// writes them. The default is the kind itself.
    fn san_kind(&self, kind: Kind) -> Kind {
        kind
    }

    /// Every position a board-only diagram may stand for once completed:
    /// [`Rules::complete_diagram`]'s one by default; several where the
    /// board cannot tell (Musketeer's carriers whose passengers were
    /// chosen off the board).
    fn diagram_completions(&self, pos: &Position) -> Vec<Position> {
        let mut p = pos.clone();
        self.complete_diagram(&mut p);
        vec![p]
    }

    /// Variant-specific problems of a board-valid position (kings, pawns on
    /// impossible ranks, ...), pushed to `out`; `offset_of` gives the byte
    /// offset in the FEN text of the character that put a square's piece.
    fn position_problems(
        &self,
        _pos: &Position,
        _offset_of: &dyn Fn(Square) -> usize,
        _out: &mut Vec<Problem>,
    ) {
    }
}

/// What [`Rules::pinned`] promises for one node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pins {
    /// The mover's pieces that may be pinned to its royal: a plain move
    /// leaving one of these squares is played and tested.
    pub pinned: crate::squareset::SquareSet,
    /// `None` when the side to move is not in check: a plain move leaving
    /// no pinned square is legal. In check, `Some(stops)`: such a move is
    /// legal exactly when it lands on a square of `stops`, where it takes
    /// the checking piece or stands between it and the royal (empty when
    /// two lines give check: only the royal can answer those).
    pub check: Option<crate::squareset::SquareSet>,
    /// Squares where a plain move could expose the mover's royal by
    /// standing on them (Xiangqi: a cannon takes over one piece, a screen):
    /// a plain move landing on one is played and tested. Empty where every
    /// line is a plain ray.
    pub screens: crate::squareset::SquareSet,
}

/// Where a plain move can give check (see [`Rules::check_squares`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckSquares {
    /// Squares a checking move may land on.
    pub to: crate::squareset::SquareSet,
    /// Squares a checking move may leave (it uncovers a line).
    pub from: crate::squareset::SquareSet,
}

impl CheckSquares {
    /// Whether a plain move from `from` to `to` may give check.
    #[inline]
    pub fn may_check(&self, from: crate::square::Square, to: crate::square::Square) -> bool {
        self.to.contains(to) || self.from.contains(from)
    }
}

/// The opponent's pseudo-legal moves that would take one of `color`'s royal
/// pieces: the generic definition of check, also used to explain why a move
/// is illegal ("attacked by the rook on f5").
pub fn royal_captures<R: Rules + ?Sized>(rules: &R, pos: &Position, color: Color) -> Vec<Move> {
    let royals = pos.board.royals(color);
    if royals.is_empty() {
        return Vec::new();
    }
    let mut probe = pos.clone();
    probe.state.turn = color.opposite();
    let mut replies = MoveList::new();
    rules.pseudo_legal_moves(&probe, &mut replies);
    replies.retain(|m| rules.takes_royal(m, color, royals));
    replies
}

/// The pieces that give check to `color`: square and piece of each
/// opponent move that would take a royal piece of `color`.
pub fn checkers<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    color: Color,
) -> Vec<(Square, Piece)> {
    let mut out: Vec<(Square, Piece)> = royal_captures(rules, pos, color)
        .iter()
        .map(|m| (m.intent.from, m.intent.piece))
        .collect();
    out.dedup();
    out
}

/// Chess names for chess letters; other kinds are named by their letter.
pub fn default_piece_name(piece: Piece) -> String {
    match piece.kind.0 {
        b'p' => "pawn".into(),
        b'n' => "knight".into(),
        b'b' => "bishop".into(),
        b'r' => "rook".into(),
        b'q' => "queen".into(),
        b'k' => "king".into(),
        _ => format!("piece {}", piece.letter()),
    }
}
