//! How a chess-like game is won and who is royal: the variant's own
//! results (campmate, extinction, reaching a goal, the n-th check, a bare
//! king), the attack test on royal pieces, how many royals a side has, and
//! the hooks that restrict or add moves (compulsory capture, pieces immune
//! on their goal, pawns that promote into an enemy king).

use super::spec::{List, Text};
use super::ChessLike;
use crate::betza;
use crate::castling::{castles, Castling, Layout};
use crate::color::Color;
use crate::geometry::{Dir, Geometry};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State};
use crate::rules::Outcome;
use crate::square::Square;
use crate::squareset::SquareSet;

/// What check means for a side's royal pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Royalty {
    /// A side may not leave any royal piece attacked (chess; Coregal's king
    /// and queens; Twokings' kings).
    #[default]
    Check,
    /// A side may leave royals attacked as long as one is safe: with two
    /// kings "you must remove at least one attack" (Knightmate2).
    LastOne,
    /// Pieces marked royal are only tracked (the king that castles); they
    /// can be taken like any other and nothing is ever check (Extinction).
    None,
}

/// When a piece on its goal counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Safety {
    /// As soon as it stands there (Rugby, Koth, Racing Kings).
    #[default]
    Any,
    /// If no enemy piece attacks it (Alapo).
    NotAttacked,
    /// If the enemy has no legal capture of it (Squatter1: "if the opponent
    /// can capture it, you don't win").
    NoLegalCapture,
    /// If it survives the enemy's reply: at once when no enemy piece
    /// attacks it, else once the enemy moved without taking it (Bishopawns:
    /// "reaches the other end without being immediately captured").
    Survives,
}

/// A goal: reaching one of its squares wins.
#[derive(Clone, Debug, Default)]
pub struct Reach {
    /// White's goal squares by name; empty: White's last rank.
    pub squares: Vec<Text>,
    /// Black's goal is White's mirrored across the middle rank; otherwise
    /// both race to the same squares (Racing Kings, King of the Hill).
    pub mirrored: bool,
    /// Only royal pieces count (a king race); otherwise any piece.
    pub royal_only: bool,
    pub safety: Safety,
    /// The side to move's pieces on its goal count too, not just the
    /// mover's (Alapo and Squatter1 judge both sides after every move).
    pub both_sides: bool,
    /// When White arrives first, Black may still arrive on its next move:
    /// both there is a draw (Racing Kings' rule for the first player).
    pub second_chance: bool,
    /// The pieces that must stand on the goal at once (0 and 1: one).
    pub count: u8,
    /// One piece on the goal wins once every goal square is occupied.
    pub or_full: bool,
}

/// How the game is won and what a side may play, beyond chess's checkmate.
/// The default is chess: one royal piece, nothing else.
#[derive(Clone, Debug, Default)]
pub struct Victory {
    pub royalty: Royalty,
    /// A side may have any number of royal pieces (Kingsmaker, Twokings,
    /// Coregal); otherwise exactly one (when royalty is `Check`).
    pub many_royals: bool,
    /// Kinds (letters) whose disappearance from a side loses the game
    /// (Extinction: every kind; Kinglet: pawns; Pawnsking: the king).
    pub extinction: List<char>,
    /// The side to move with only its king(s) left wins (Losers).
    pub bare_king_wins: bool,
    /// Reaching a goal wins.
    pub reach: Option<Reach>,
    /// The side that received this many checks loses (Threechecks: 3); 0:
    /// no such rule. The counts are vchess flags after the castling letters.
    pub checks: u8,
    /// When a capture is legal, only captures are (Suicide, Losers, Capture).
    pub compulsory_capture: bool,
    /// A move may not give check either (Racing Kings, Royalrace).
    pub forbid_check: bool,
    /// Pawns may stand on their first and last ranks (Horde, Rugby, Discoduel).
    pub pawns_anywhere: bool,
    /// A piece on its last rank cannot be captured (Discoduel).
    pub immune_at_goal: bool,
    /// A pawn reaching one of its last `enemy_king_zone` ranks may instead
    /// become an enemy king (Kingsmaker: two ranks).
    pub promote_to_enemy_king: bool,
    /// How many ranks, from the far edge, `promote_to_enemy_king` covers.
    pub enemy_king_zone: u8,
    /// Coregal-style castling: each side's flags name four files (a rook,
    /// two castling pieces, a rook: `adeh`); any of these kinds (king, and
    /// queen in Coregal) standing on its flagged file castles with either
    /// rook, as in chess, to files that depend on whether it is the left or
    /// the right one of the two. Empty: chess castling.
    pub castlers: List<char>,
    /// Extra move-only steps of pawns, in Betza (Rugby: a king's steps,
    /// "mFmsWmbW"): no double step, no promotion.
    pub pawn_extra_steps: Text,
}

/// What [`Victory`] compiles to.
#[derive(Clone, Debug, Default)]
pub(super) struct Compiled {
    /// Each color's goal squares.
    goals: [SquareSet; 2],
    /// Each color's extra pawn steps.
    pawn_steps: [Vec<Dir>; 2],
    /// Kinds of the extinction rule.
    extinct: KindSet,
    /// A side without any piece loses (`extinction: all`).
    extinct_all: bool,
    /// The pieces that count on a goal of the definition's `reach` (`None`: any).
    goal_kinds: Option<KindSet>,
    /// The definition's `reach`, when `wins` has none.
    schema_reach: Option<Reach>,
    /// `win.connect`, compiled: the steps along which a row counts.
    connect_steps: Vec<(i32, i32)>,
    /// The pieces that count in a row (`None`: any).
    connect_kinds: Option<KindSet>,
}

/// The [`Victory`] a spec plays by: its `wins` plus what its definition's
/// `win:` schema ([`WinSpec`]) says, so a YAML variant gets the same rules.
pub(super) fn effective(spec: &super::ChessLikeSpec) -> Victory {
    let w = &spec.win;
    let mut v = spec.wins.clone();
    v.checks = v.checks.max(w.checks);
    v.compulsory_capture |= w.compulsory_capture || w.antichess;
    if w.royals.is_none() || w.royals.is_some_and(|n| n > 1) {
        v.many_royals = true;
    }
    if w.spare_royals {
        v.royalty = Royalty::LastOne;
    }
    // Without checkmate nothing is check: royal pieces are only tracked
    // (the king that castles) and can be taken (Maharajah's White king).
    if !w.checkmate {
        v.royalty = Royalty::None;
    }
    if w.bare_king == BareKing::Win {
        v.bare_king_wins = true;
    }
    if v.reach.is_none() && !w.king_of_the_hill.is_empty() {
        v.reach = Some(Reach {
            squares: w.king_of_the_hill.clone(),
            royal_only: true,
            ..Default::default()
        });
    }
    v
}

/// Compiles the victory part of a spec for a board.
pub(super) fn compile(
    spec: &super::ChessLikeSpec,
    g: &Geometry,
) -> Result<Compiled, super::SpecError> {
    let v = &spec.wins;
    let mut c = Compiled::default();
    if let Some(r) = &v.reach {
        let mut white = SquareSet::EMPTY;
        if r.squares.is_empty() {
            for f in 0..g.cols() {
                if let Some(s) = g.square(f, g.rows() - 1) {
                    white.insert(s);
                }
            }
        } else {
            for name in &r.squares {
                white.insert(
                    g.parse_square(name)
                        .ok_or_else(|| super::SpecError::BadHole(name.to_string()))?,
                );
            }
        }
        let mut black = SquareSet::EMPTY;
        for s in white.iter() {
            let t = if r.mirrored {
                g.square(g.file(s), g.rows() - 1 - g.rank(s))
            } else {
                Some(s)
            };
            if let Some(t) = t {
                black.insert(t);
            }
        }
        c.goals = [white, black];
    } else if let Some(goal) = &spec.win.reach {
        // The definition's goal: ranks counted from each side, squares the
        // same for both, some pieces or any.
        for color in Color::ALL {
            let mut set = SquareSet::EMPTY;
            if goal.side.is_some_and(|s| s != color) {
                continue;
            }
            for sq in g.squares() {
                // Mirrored goals: Black's square is White's seen from Black.
                let named = if goal.mirrored && color == Color::Black {
                    g.square(g.file(sq), g.rows() - 1 - g.rank(sq))
                } else if goal.rotated && color == Color::Black {
                    g.square(g.cols() - 1 - g.file(sq), g.rows() - 1 - g.rank(sq))
                } else {
                    Some(sq)
                };
                if goal.ranks.contains(&g.relative_rank(sq, color))
                    || goal
                        .squares
                        .iter()
                        .any(|n| named.is_some() && g.parse_square(n) == named)
                {
                    set.insert(sq);
                }
            }
            c.goals[color.index()] = set;
        }
        let mut kinds = KindSet::EMPTY;
        for &k in &goal.pieces {
            kinds.insert(k);
        }
        c.goal_kinds = (!goal.pieces.is_empty()).then_some(kinds);
        c.schema_reach = Some(Reach {
            safety: if goal.survives {
                Safety::Survives
            } else if goal.not_capturable {
                Safety::NoLegalCapture
            } else if goal.not_attacked {
                Safety::NotAttacked
            } else {
                Safety::Any
            },
            // A piece that survived the reply is judged on its owner's turn.
            both_sides: goal.survives || goal.after_every_move,
            second_chance: goal.black_may_follow,
            count: goal.count,
            or_full: goal.or_full,
            ..Default::default()
        });
    }
    for atom in betza::parse(&v.pawn_extra_steps)? {
        let dir =
            Dir::new(atom.df, atom.dr).ok_or(super::SpecError::StepTooLong(atom.df, atom.dr))?;
        c.pawn_steps[0].push(dir);
        c.pawn_steps[1].push(dir.flip_ranks());
    }
    for &l in v.extinction.iter() {
        c.extinct.insert(Kind(l as u8));
    }
    for &k in &spec.win.extinction {
        c.extinct.insert(k);
    }
    c.extinct_all = spec.win.extinction_all;
    if let Some(k) = &spec.win.connect {
        // One step of each line, its opposite being the same line read
        // from the other end (Fairy-Stockfish's east, north, north-east
        // and south-east).
        if k.horizontal {
            c.connect_steps.push((1, 0));
        }
        if k.vertical {
            c.connect_steps.push((0, 1));
        }
        if k.diagonal {
            c.connect_steps.extend([(1, 1), (1, -1)]);
        }
        c.connect_kinds = (!k.pieces.is_empty()).then(|| k.pieces.iter().copied().collect());
    }
    Ok(c)
}

/// Checks received, four bits per color in the variant state.
fn checks_received(state: &State, color: Color) -> u8 {
    ((state.variant >> (4 * color.index())) & 0xf) as u8
}

fn set_checks(state: &mut State, color: Color, n: u8) {
    let shift = 4 * color.index();
    state.variant = (state.variant & !(0xf << shift)) | (u64::from(n.min(15)) << shift);
}

/// Coregal's flags: four slots per color (rook, castler, castler, rook), a
/// file each or none, four bits a slot above the check counters.
const FLAG_SHIFT: u32 = 8;
const NO_FILE: u8 = 0xf;

fn four_flag(state: &State, color: Color, slot: usize) -> Option<u8> {
    let shift = FLAG_SHIFT + 16 * color.index() as u32 + 4 * slot as u32;
    let f = ((state.variant >> shift) & 0xf) as u8;
    (f != NO_FILE).then_some(f)
}

fn set_four_flag(state: &mut State, color: Color, slot: usize, file: Option<u8>) {
    let shift = FLAG_SHIFT + 16 * color.index() as u32 + 4 * slot as u32;
    let f = u64::from(file.unwrap_or(NO_FILE).min(NO_FILE));
    state.variant = (state.variant & !(0xf << shift)) | (f << shift);
}

/// `pawns: file_flags`: a bit per file and color, above Coregal's flags.
const FILE_FLAG_SHIFT: u32 = 40;

fn file_flag(state: &State, color: Color, file: u8) -> bool {
    (state.variant >> (FILE_FLAG_SHIFT + 12 * color.index() as u32 + u32::from(file))) & 1 == 1
}

fn set_file_flag(state: &mut State, color: Color, file: u8, on: bool) {
    let bit = 1u64 << (FILE_FLAG_SHIFT + 12 * color.index() as u32 + u32::from(file));
    if on {
        state.variant |= bit;
    } else {
        state.variant &= !bit;
    }
}

impl ChessLike {
    /// Whether `color`'s pawn on `from` may multi-step under
    /// `pawns: file_flags`: from a pawn start square, its file's flag on.
    pub(super) fn file_flag_allows(
        &self,
        pos: &Position,
        from: crate::Square,
        piece: Piece,
    ) -> bool {
        self.start.of(piece.color, piece.kind).contains(from)
            && file_flag(&pos.state, piece.color, self.geometry.file(from))
    }

    /// A pawn leaving a start square turns its file's flag off.
    fn update_file_flags(&self, pos: &mut Position, mv: &Move) {
        let p = mv.intent.piece;
        if self.piece_def(p.color, p.kind).is_some_and(|d| d.pawn)
            && self.start.of(p.color, p.kind).contains(mv.intent.from)
        {
            set_file_flag(
                &mut pos.state,
                p.color,
                self.geometry.file(mv.intent.from),
                false,
            );
        }
    }

    fn read_file_flags(&self, text: &str, state: &mut State) -> bool {
        let cols = usize::from(self.geometry.cols());
        let bytes = text.as_bytes();
        if cols > 12 || bytes.len() != 2 * cols || !bytes.iter().all(|b| matches!(b, b'0' | b'1')) {
            return false;
        }
        for (i, &b) in bytes.iter().enumerate() {
            let color = if i < cols { Color::White } else { Color::Black };
            set_file_flag(state, color, (i % cols) as u8, b == b'1');
        }
        true
    }

    fn write_file_flags(&self, pos: &Position) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            for f in 0..self.geometry.cols() {
                out.push(if file_flag(&pos.state, color, f) {
                    '1'
                } else {
                    '0'
                });
            }
        }
        out
    }

    fn read_four_flags(&self, text: &str, state: &mut State) -> bool {
        let bytes = text.as_bytes();
        if bytes.len() != 8 || !bytes.iter().all(u8::is_ascii_lowercase) {
            return false;
        }
        for (i, &b) in bytes.iter().enumerate() {
            let color = if i < 4 { Color::White } else { Color::Black };
            let f = b - b'a';
            set_four_flag(state, color, i % 4, (f < self.geometry.cols()).then_some(f));
        }
        true
    }

    fn write_four_flags(&self, pos: &Position) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            for slot in 0..4 {
                let f = four_flag(&pos.state, color, slot).unwrap_or(self.geometry.cols());
                out.push(crate::geometry::file_char(f));
            }
        }
        out
    }

    /// Coregal castling: a castler on its flagged file with a flagged rook,
    /// nothing between, its path not attacked; the left castler lands on
    /// b or f, the right one on c or g, the rook beside it, inwards.
    fn four_flag_castling(&self, pos: &Position, out: &mut MoveList) {
        let g = &self.geometry;
        let us = pos.turn();
        let them = us.opposite();
        let back = if us == Color::White { 0 } else { g.rows() - 1 };
        let castlers: Vec<Kind> = self
            .spec
            .wins
            .castlers
            .iter()
            .map(|&c| Kind(c as u8))
            .collect();
        for slot in [1, 2] {
            let Some(file) = four_flag(&pos.state, us, slot) else {
                continue;
            };
            let Some(from) = g.square(file, back) else {
                continue;
            };
            let Some(piece) = pos.board.cell(from).piece(us) else {
                continue;
            };
            if !castlers.contains(&piece.kind) {
                continue;
            }
            let left = four_flag(&pos.state, us, 1) == Some(file);
            // The flagged rooks are this castler's partners, a-side first.
            let mut rights = Castling::NONE;
            rights.0[us.index()] = [0, 3].map(|slot| four_flag(&pos.state, us, slot));
            let layout = Layout {
                king_to: if left { [1, 5] } else { [2, 6] },
                rook_to: if left { [2, 4] } else { [3, 5] },
                partner_path_free: true,
            };
            // A rook, as the page says (vchess takes any piece left on a
            // stale rook file).
            let rook = Piece::new(us, Kind::ROOK);
            let partner = |s| pos.board.cell(s).piece(us) == Some(rook);
            for c in castles(g, &pos.board, &rights, us, from, &layout, &partner)
                .into_iter()
                .flatten()
            {
                // The castler's path up to its destination: not attacked.
                if c.crossed(g, true)
                    .any(|s| self.square_attacked(pos, s, them))
                {
                    continue;
                }
                out.push(c.to_move(piece, [rook]));
            }
        }
    }

    /// Clears Coregal flags: a castler leaving its file of the first rank,
    /// a rook leaving or taken on its file (the page: "under the same
    /// conditions as orthodox castling").
    fn update_four_flags(&self, pos: &mut Position, mv: &Move) {
        let g = &self.geometry;
        for v in mv.effect.vanish.as_slice() {
            let c = v.piece.color;
            if g.relative_rank(v.square, c) != 0 {
                continue;
            }
            let file = g.file(v.square);
            for slot in 0..4 {
                if four_flag(&pos.state, c, slot) == Some(file) {
                    set_four_flag(&mut pos.state, c, slot, None);
                }
            }
        }
    }

    /// A result decided before looking at moves (the `Rules` method).
    pub(super) fn outcome(&self, pos: &Position) -> Option<Outcome> {
        let us = pos.turn();
        let last = us.opposite();
        if self.blast.is_some() {
            if let Some(o) = self.explosion_outcome(pos) {
                return Some(o);
            }
        }
        if self.spec.campmate {
            // Only the side that just moved can have reached its camp: a king
            // that got there legally is not in check.
            let far = self.geometry.rows() - 1;
            if pos
                .board
                .royals(last)
                .iter()
                .any(|sq| self.geometry.relative_rank(sq, last) == far)
            {
                return Some(Outcome::VariantWin {
                    winner: last,
                    reason: "campmate",
                });
            }
        }
        let v = &self.spec.wins;
        if v.checks > 0 && checks_received(&pos.state, us) >= v.checks {
            return Some(Outcome::VariantWin {
                winner: last,
                reason: "checks",
            });
        }
        if !self.won.extinct.is_empty() {
            // A side that lost a whole kind loses; if both did at once (a
            // capture that promotes the mover's last pawn), the capture
            // counts: the side to move loses.
            // An explosion can wipe a kind out on both sides, the mover's
            // king with the enemy's: Fairy-Stockfish judges the mover
            // first (it loses), and so does fenpress where captures explode.
            let order = if self.blast.is_some() || self.spec.win.extinction_wins {
                [(last, us), (us, last)]
            } else {
                [(us, last), (last, us)]
            };
            for (extinct, other) in order {
                if self.lacks_a_kind(pos, extinct) {
                    return Some(Outcome::VariantWin {
                        winner: if self.spec.win.extinction_wins {
                            extinct
                        } else {
                            other
                        },
                        reason: "extinction",
                    });
                }
            }
        }
        if self.won.extinct_all {
            let left = usize::from(self.spec.win.extinction_left);
            let wins = self.spec.win.extinction_wins;
            let order = if wins {
                [(last, us), (us, last)]
            } else {
                [(us, last), (last, us)]
            };
            for (c, other) in order {
                if pos.board.pieces().filter(|(_, p)| p.color == c).count() <= left {
                    return Some(Outcome::VariantWin {
                        winner: if wins { c } else { other },
                        reason: "extinction",
                    });
                }
            }
        }
        if v.bare_king_wins && self.is_bare(pos, us) {
            return Some(Outcome::VariantWin {
                winner: us,
                reason: "bare king",
            });
        }
        match self.spec.win.bare_king {
            BareKing::Loss => {
                if let Some(o) = self.bare_king_loss(pos) {
                    return Some(o);
                }
            }
            BareKing::Draw if self.is_bare(pos, us) || self.is_bare(pos, last) => {
                return Some(Outcome::VariantDraw {
                    reason: "bare king",
                });
            }
            _ => {}
        }
        if let Some(c) = self.spec.win.castle_long {
            if let Some(winner) = self.castle_long_outcome(pos, c) {
                return Some(Outcome::VariantWin {
                    winner,
                    reason: "long castling",
                });
            }
        }
        if let Some(k) = &self.spec.win.connect {
            if let Some(o) = self.connect_outcome(pos, k) {
                return Some(o);
            }
        }
        if let Some(r) = v.reach.as_ref().or(self.won.schema_reach.as_ref()) {
            return self.reach_outcome(pos, r);
        }
        None
    }

    /// `win.connect`: the side that just moved has `n` of its pieces in a
    /// row, or an `square`×`square` block of them. Only that side is
    /// looked at, as Fairy-Stockfish does: a row the side to move already
    /// had was judged when it was made.
    fn connect_outcome(&self, pos: &Position, k: &Connect) -> Option<Outcome> {
        let last = pos.turn().opposite();
        let g = &self.geometry;
        let counts = |sq: Square| {
            pos.board.cell(sq).kind(last).is_some_and(|kind| {
                self.won
                    .connect_kinds
                    .is_none_or(|kinds| kinds.contains(kind))
            })
        };
        // `offset`, not the step tables: a row does not go round a
        // wrapped edge, nor through a hole (no square there).
        let run = |from: Square, (df, dr): (i32, i32), n: u8| {
            (1..i32::from(n)).all(|i| g.offset(from, df * i, dr * i).is_some_and(counts))
        };
        let made = pos.board.pieces().any(|(sq, p)| {
            p.color == last
                && counts(sq)
                && ((k.n > 0 && self.won.connect_steps.iter().any(|&d| run(sq, d, k.n)))
                    || (k.square > 0
                        && (0..i32::from(k.square)).all(|row| {
                            g.offset(sq, 0, row)
                                .is_some_and(|start| counts(start) && run(start, (1, 0), k.square))
                        })))
        });
        if !made {
            return None;
        }
        Some(Outcome::VariantWin {
            winner: if k.misere { last.opposite() } else { last },
            reason: "pieces in a row",
        })
    }

    /// Whether `color` has nothing left but its royal pieces.
    fn is_bare(&self, pos: &Position, color: Color) -> bool {
        pos.board
            .pieces()
            .all(|(_, p)| p.color != color || self.royal.contains(p.kind))
    }

    /// `bare_king: loss` (Shatranj's page: "bare king counts as a win, but
    /// two bare kings count as a draw"; the historical rule it plays adds
    /// that a bared king may still bare the other one on its next move,
    /// which draws). Two bare sides draw; the side to move, bare, loses
    /// unless a legal capture of the opponent's last piece remains; a side
    /// that stayed bare after that chance loses, unless its opponent cannot
    /// move (then the stalemate or checkmate rule decides, as in vchess,
    /// which looks at the moves first).
    fn bare_king_loss(&self, pos: &Position) -> Option<Outcome> {
        let us = pos.turn();
        let last = us.opposite();
        let (us_bare, last_bare) = (self.is_bare(pos, us), self.is_bare(pos, last));
        let win = |winner| {
            Some(Outcome::VariantWin {
                winner,
                reason: "bare king",
            })
        };
        match (us_bare, last_bare) {
            (true, true) => Some(Outcome::VariantDraw {
                reason: "two bare kings",
            }),
            (true, false) => {
                let mut left = pos
                    .board
                    .pieces()
                    .filter(|(_, p)| p.color == last && !self.royal.contains(p.kind));
                match (left.next(), left.next()) {
                    (Some((sq, _)), None) if self.can_take_legally(pos, sq, us) => None,
                    _ => win(last),
                }
            }
            (false, true) if self.has_legal_move(pos) => win(us),
            _ => None,
        }
    }

    /// Whether the side to move has a legal move (without the variant's
    /// results, which call this).
    fn has_legal_move(&self, pos: &Position) -> bool {
        let mut probe = pos.clone();
        let mut moves = MoveList::new();
        crate::rules::Rules::pseudo_legal_moves(self, &probe, &mut moves);
        moves
            .iter()
            .any(|m| crate::legal::is_legal(self, &mut probe, m))
    }

    /// Castle chess: once `side` has lost its a-side castling right, it won
    /// if that was by castling long (king c1/c8, rook d1/d8), else lost.
    fn castle_long_outcome(&self, pos: &Position, side: Color) -> Option<Color> {
        if pos.state.castling.rook_file(side, 0).is_some() {
            return None;
        }
        let g = &self.geometry;
        let back = if side == Color::White {
            0
        } else {
            g.rows() - 1
        };
        let holds = |file: u8, kind: Kind| {
            g.square(file, back)
                .is_some_and(|s| pos.board.cell(s).kind(side) == Some(kind))
        };
        Some(if holds(2, Kind::KING) && holds(3, Kind::ROOK) {
            side
        } else {
            side.opposite()
        })
    }

    fn lacks_a_kind(&self, pos: &Position, color: Color) -> bool {
        let left = usize::from(self.spec.win.extinction_left);
        let count = |k: Kind| {
            pos.board
                .pieces()
                .filter(|(_, p)| p.color == color && p.kind == k)
                .count()
        };
        // A kind the side's army does not have cannot die out (Maharajah's
        // Black has no king to lose).
        let army = self.kinds[color.index()];
        self.won
            .extinct
            .iter()
            .any(|k| army.contains(k) && count(k) <= left)
    }

    /// `color`'s goal squares where one of its pieces (royal, if the goal
    /// says so) stands.
    fn on_goal(&self, pos: &Position, color: Color, r: &Reach) -> SquareSet {
        let mut found = SquareSet::EMPTY;
        for sq in self.won.goals[color.index()].iter() {
            if pos.board.cell(sq).kind(color).is_some_and(|k| {
                (!r.royal_only || self.royal.contains(k))
                    && self.won.goal_kinds.is_none_or(|ks| ks.contains(k))
            }) {
                found.insert(sq);
            }
        }
        found
    }

    fn reach_outcome(&self, pos: &Position, r: &Reach) -> Option<Outcome> {
        let us = pos.turn();
        let last = us.opposite();
        let win = |winner| {
            Some(Outcome::VariantWin {
                winner,
                reason: "goal reached",
            })
        };
        if r.second_chance {
            let white = !self.on_goal(pos, Color::White, r).is_empty();
            let black = !self.on_goal(pos, Color::Black, r).is_empty();
            if white && black {
                return Some(Outcome::VariantDraw {
                    reason: "both kings arrived",
                });
            }
            if us == Color::White && white {
                // Black had its chance and missed it.
                return win(Color::White);
            }
            if last == Color::White && white {
                return if self.can_still_arrive(pos, r) {
                    None
                } else {
                    win(Color::White)
                };
            }
            return if black { win(Color::Black) } else { None };
        }
        let sides: &[Color] = if r.both_sides {
            &[Color::White, Color::Black]
        } else if last == Color::White {
            &[Color::White]
        } else {
            &[Color::Black]
        };
        for &c in sides {
            if r.count > 1 || r.or_full {
                // The definition allows no safety test with these.
                let on = self.on_goal(pos, c, r);
                let goal = self.won.goals[c.index()];
                let full = goal.iter().all(|sq| !pos.board.cell(sq).is_empty());
                if on.len() >= usize::from(r.count.max(1)) || (r.or_full && !on.is_empty() && full)
                {
                    return win(c);
                }
                continue;
            }
            let reached = self.on_goal(pos, c, r).iter().any(|sq| match r.safety {
                Safety::Any => true,
                Safety::NotAttacked => !self.square_attacked(pos, sq, c.opposite()),
                Safety::NoLegalCapture => !self.can_take_legally(pos, sq, c.opposite()),
                Safety::Survives => c == us || !self.square_attacked(pos, sq, us),
            });
            if reached {
                return win(c);
            }
        }
        None
    }

    /// Whether `by` has a legal move that takes its opponent's piece on `sq`.
    fn can_take_legally(&self, pos: &Position, sq: crate::Square, by: Color) -> bool {
        let mut probe = pos.clone();
        probe.state.turn = by;
        probe.state.en_passant = None;
        let mut moves = MoveList::new();
        self.generate(&probe, &mut moves);
        moves.iter().any(|m| {
            m.effect
                .vanish
                .as_slice()
                .iter()
                .any(|v| v.square == sq && v.piece.color != by)
                && crate::legal::is_legal(self, &mut probe, m)
        })
    }

    /// Whether the side to move (Black) has a legal move that brings a piece
    /// that scores (royal, or of the goal's kinds) to its goal.
    fn can_still_arrive(&self, pos: &Position, r: &Reach) -> bool {
        let us = pos.turn();
        let goals = self.won.goals[us.index()];
        let mut probe = pos.clone();
        let mut moves = MoveList::new();
        self.generate(&probe, &mut moves);
        let kind = |m: &Move| m.intent.piece.kind;
        moves.iter().any(|m| {
            (!r.royal_only || self.royal.contains(kind(m)))
                && self.won.goal_kinds.is_none_or(|ks| ks.contains(kind(m)))
                && goals.contains(m.intent.to)
                && crate::legal::is_legal(self, &mut probe, m)
        })
    }

    /// Whether `color`'s royal pieces are in danger (the `Rules` method).
    #[inline]
    pub(super) fn royal_in_danger(&self, pos: &Position, color: Color) -> bool {
        // Facing royals endanger both sides alike: whoever moves into (or
        // uncovers) the open line has played an illegal move.
        if self.spec.win.no_facing && self.royals_face(pos) {
            return true;
        }
        if self.blast.is_some() {
            return self.royal_in_danger_exploding(pos, color);
        }
        let royals = pos.board.royals(color);
        match self.spec.wins.royalty {
            Royalty::Check => royals
                .iter()
                .any(|sq| self.square_attacked(pos, sq, color.opposite())),
            Royalty::LastOne => {
                !royals.is_empty()
                    && royals
                        .iter()
                        .all(|sq| self.square_attacked(pos, sq, color.opposite()))
            }
            Royalty::None => false,
        }
    }

    /// Whether a White and a Black royal piece stand on one file or rank
    /// with nothing between them (`royal: no_facing`, Empire: "the King and
    /// Kaiser may not face each other on a file or rank").
    fn royals_face(&self, pos: &Position) -> bool {
        let g = &self.geometry;
        let blacks = pos.board.royals(Color::Black);
        pos.board.royals(Color::White).iter().any(|w| {
            blacks.iter().any(|b| {
                let (wf, wr, bf, br) = (g.file(w), g.rank(w), g.file(b), g.rank(b));
                if wf != bf && wr != br {
                    return false;
                }
                let (df, dr) = (
                    (bf as i32 - wf as i32).signum(),
                    (br as i32 - wr as i32).signum(),
                );
                let mut at = g.offset(w, df, dr);
                while let Some(sq) = at {
                    if sq == b {
                        return true;
                    }
                    if !pos.board.cell(sq).is_empty() {
                        return false;
                    }
                    at = g.offset(sq, df, dr);
                }
                false
            })
        })
    }

    /// Whether castling must avoid attacked squares (there is check).
    pub(super) fn castling_minds_checks(&self) -> bool {
        self.spec.wins.royalty != Royalty::None
    }

    /// How many royal pieces each side must have (the `Rules` method).
    pub(super) fn royal_count(&self) -> Option<usize> {
        let v = &self.spec.wins;
        // Where captures explode, a diagram after the winning explosion
        // has one king.
        if v.royalty == Royalty::None || self.royal.is_empty() || self.blast.is_some() {
            return None;
        }
        match self.spec.win.royals {
            // The definition's `royal: count: n`: at most n a side.
            Some(n) if n > 1 => Some(usize::from(n)),
            _ if v.many_royals => None,
            _ => Some(1),
        }
    }

    /// Whether pawns may stand on their first and last ranks.
    pub(super) fn pawns_anywhere(&self) -> bool {
        self.spec.wins.pawns_anywhere
    }

    /// Works on `out[start..]` (the side to move's pseudo-legal moves,
    /// castling included): removes what the variant forbids beyond check and
    /// adds its own moves. Called last by move generation.
    #[inline]
    pub(super) fn restrict_moves(&self, pos: &Position, out: &mut MoveList, start: usize) {
        let v = &self.spec.wins;
        if v.immune_at_goal {
            let g = &self.geometry;
            let far = g.rows() - 1;
            let mut i = start;
            while i < out.len() {
                let mover = out[i].color();
                let immune = out[i].effect.vanish.as_slice().iter().any(|p| {
                    p.piece.color != mover && g.relative_rank(p.square, p.piece.color) == far
                });
                if immune {
                    out.swap_remove(i);
                } else {
                    i += 1;
                }
            }
        }
        let us = pos.turn();
        if !self.won.pawn_steps[us.index()].is_empty() {
            self.pawn_extra_moves(pos, out);
        }
        if v.promote_to_enemy_king {
            self.enemy_king_promotions(out, start);
        }
        if !v.castlers.is_empty() {
            self.four_flag_castling(pos, out);
        }
    }

    /// The pawns' extra steps: they never promote, so where pawns promote
    /// they may not end in the zone (Balaklava: "a pawn cannot promote with
    /// a knight move"); Rugby's pawns, which never promote, go anywhere.
    fn pawn_extra_moves(&self, pos: &Position, out: &mut MoveList) {
        let g = &self.geometry;
        let us = pos.turn();
        let promotes = !self.spec.promotions[us.index()].is_empty();
        let zone = self.spec.promotion.zone;
        for (sq, p) in pos.board.pieces() {
            if p.color != us || !self.piece_def(us, p.kind).is_some_and(|d| d.pawn) {
                continue;
            }
            for &dir in &self.won.pawn_steps[us.index()] {
                if let Some(t) = g.step(sq, dir) {
                    if promotes && g.relative_rank(t, us) + zone >= g.rows() {
                        continue;
                    }
                    if pos.board.cell(t).is_empty() {
                        out.push(Move::simple(sq, t, p, None, None));
                    }
                }
            }
        }
    }

    /// Kingsmaker: each pawn step or capture that reaches one of the last
    /// `enemy_king_zone` ranks may also turn the pawn into a king of the
    /// other side.
    fn enemy_king_promotions(&self, out: &mut MoveList, start: usize) {
        let g = &self.geometry;
        let end = out.len();
        for i in start..end {
            let m = out[i];
            let p = m.intent.piece;
            let first_promotion = self.spec.promotions[p.color.index()].first().copied();
            if m.intent.kind != MoveKind::Normal
                || !self.piece_def(p.color, p.kind).is_some_and(|d| d.pawn)
                || g.relative_rank(m.intent.to, p.color) + self.spec.wins.enemy_king_zone < g.rows()
                || (m.intent.promotion.is_some() && m.intent.promotion != first_promotion)
            {
                continue;
            }
            let captured = m
                .effect
                .vanish
                .as_slice()
                .iter()
                .find(|v| v.square == m.intent.to)
                .map(|v| v.piece);
            let mut k = Move::simple(m.intent.from, m.intent.to, p, captured, Some(Kind::KING));
            k.effect = Default::default();
            k.effect.vanish.push(m.intent.from, p);
            if let Some(c) = captured {
                k.effect.vanish.push(m.intent.to, c);
            }
            k.effect
                .appear
                .push(m.intent.to, Piece::new(p.color.opposite(), Kind::KING));
            out.push(k);
        }
    }

    /// Whether whole legal lists are thinned (the `Rules` method).
    pub(super) fn restricts_legal_moves(&self) -> bool {
        self.spec.wins.compulsory_capture
    }

    /// Compulsory capture: when a legal capture exists, only captures are
    /// legal (en passant included, castling not a capture).
    pub(super) fn restrict_legal_moves(&self, legal: &mut MoveList) {
        if self.spec.wins.compulsory_capture && legal.iter().any(|m| m.intent.capture) {
            legal.retain(|m| m.intent.capture);
        }
    }

    /// State changes of the victory rules after a move: the check counter,
    /// Coregal's flags.
    #[inline]
    pub(super) fn after_play(&self, pos: &mut Position, mv: &Move) {
        if !self.spec.wins.castlers.is_empty() {
            self.update_four_flags(pos, mv);
        }
        if self.spec.pawn.file_flags {
            self.update_file_flags(pos, mv);
        }
        if self.spec.wins.checks > 0 {
            let checked = pos.turn();
            if self.royal_in_danger(pos, checked) {
                let n = checks_received(&pos.state, checked);
                set_checks(&mut pos.state, checked, n.saturating_add(1));
            }
        }
    }

    /// Reads the check counters after the castling letters (`ahah01`), or
    /// Coregal's whole flags field (`adehadeh`).
    pub(super) fn read_checks(&self, tail: &str, state: &mut State) -> bool {
        if self.spec.pawn.file_flags {
            return self.read_file_flags(tail, state);
        }
        if !self.spec.wins.castlers.is_empty() {
            return self.read_four_flags(tail, state);
        }
        if self.spec.wins.checks == 0 {
            return tail.is_empty();
        }
        let digits: Vec<u8> = tail
            .bytes()
            .map_while(|b| b.is_ascii_digit().then(|| b - b'0'))
            .collect();
        if digits.len() != 2 || tail.len() != 2 {
            return false;
        }
        set_checks(state, Color::White, digits[0]);
        set_checks(state, Color::Black, digits[1]);
        true
    }

    /// Sets the checks received by White and Black (a standard FEN's
    /// check counter, [`crate::Rules::set_checks_received`]).
    pub(super) fn put_checks_received(&self, state: &mut State, received: [u8; 2]) {
        set_checks(state, Color::White, received[0]);
        set_checks(state, Color::Black, received[1]);
    }

    /// Writes the check counters as a flags tail (or Coregal's flags).
    pub(super) fn write_checks(&self, pos: &Position) -> String {
        if self.spec.pawn.file_flags {
            return self.write_file_flags(pos);
        }
        if !self.spec.wins.castlers.is_empty() {
            return self.write_four_flags(pos);
        }
        if self.spec.wins.checks == 0 {
            return String::new();
        }
        format!(
            "{}{}",
            checks_received(&pos.state, Color::White),
            checks_received(&pos.state, Color::Black)
        )
    }
}

/// What the side that cannot move gets when it is not in check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StalemateResult {
    #[default]
    Draw,
    /// The stalemated side wins (antichess).
    Win,
    /// The stalemated side loses (Shatranj's bare-king family).
    Loss,
}

/// What a side left with its king alone gets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BareKing {
    /// No rule.
    #[default]
    None,
    /// The bare side loses (Shatranj).
    Loss,
    /// The game is drawn.
    Draw,
    /// The bare side wins (Losers).
    Win,
}

/// Reaching some squares with some pieces wins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReachGoal {
    /// The pieces that score (empty: any).
    pub pieces: Vec<Kind>,
    /// Ranks counted from the mover's side, 0-based (7: the 8th rank on 8×8).
    pub ranks: Vec<u8>,
    /// Square names (`d4`), the same for both sides.
    pub squares: Vec<Text>,
    /// The piece must not be attacked there (Racing Kings counts it at once).
    pub not_attacked: bool,
    /// The piece must survive the opponent's reply (`survives: true`):
    /// it wins at once if not attacked, else if the opponent does not take it.
    pub survives: bool,
    /// `squares` are White's; Black's are them mirrored across the middle
    /// rank (Squatter2: d8 and e8 for White, d1 and e1 for Black).
    pub mirrored: bool,
    /// The piece must be out of the opponent's legal captures there
    /// (`not_capturable: true`, Squatter1: "if the opponent can capture
    /// it, you don't win"): a pinned attacker does not count.
    pub not_capturable: bool,
    /// The goal is judged after every move of either side: a piece that
    /// arrived unsafe wins once it is safe (Alapo, Squatter1).
    pub after_every_move: bool,
    /// When White arrives first, Black may still arrive on its next move,
    /// which draws (Racing Kings: `black_may_follow: true`).
    pub black_may_follow: bool,
    /// This many of the pieces must stand on the goal at once (`count: 3`,
    /// Aralzaa's three knights); 0 and 1: one.
    pub count: u8,
    /// One piece on the goal also wins once every goal square is occupied,
    /// by either side (`or_full: true`, Kono).
    pub or_full: bool,
    /// Black's goal is White's squares turned half around (`rotated:
    /// true`, Bajr: e6 f6 f5 for White, b1 a1 a2 for Black).
    pub rotated: bool,
    /// Only this side wins by reaching (`side: white`: Queenpawns' pawns,
    /// whose promoted queen counts but Black's own queen does not);
    /// `None`: both.
    pub side: Option<Color>,
}

/// How a chess-like game is won or drawn beyond checkmate, and royalty. The
/// names follow the definition file's `win:` keys; each one changes play or
/// results (`effective` folds most into [`Victory`], `ChessLike::outcome`
/// and `stalemate_outcome` read the rest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinSpec {
    /// Mating the royal piece wins (`checkmate: true`).
    pub checkmate: bool,
    pub stalemate: StalemateResult,
    /// Losing every piece of one of these kinds loses (`extinction: [k]`).
    pub extinction: Vec<Kind>,
    /// Losing every piece loses (`extinction: all`).
    pub extinction_all: bool,
    /// The extinction rule strikes a side left with at most this many
    /// pieces of a listed kind, or pieces at all with `all`
    /// (`extinction_left: 1`, Rookmate: a lone king loses); 0: none left.
    pub extinction_left: u8,
    /// Losing every piece of an `extinction` kind wins instead of losing
    /// (`extinction_wins: true`, Fairy-Stockfish's `extinctionValue = win`:
    /// Kamikaze Rooks). The side that just moved is judged first.
    pub extinction_wins: bool,
    pub bare_king: BareKing,
    pub reach: Option<ReachGoal>,
    /// A royal piece on one of these squares wins (`king_of_the_hill`).
    pub king_of_the_hill: Vec<Text>,
    /// The n-th check wins (`checks: 3`); 0: no such rule.
    pub checks: u8,
    /// Losing all pieces or being stalemated wins; captures are compulsory.
    pub antichess: bool,
    /// A side that can capture must (`compulsory_capture: true`).
    pub compulsory_capture: bool,
    /// Royal pieces per side (`royal: { count: 2 }`); `None`: any number.
    pub royals: Option<u8>,
    /// With several royals, a side may leave all but one attacked.
    pub spare_royals: bool,
    /// A White and a Black royal piece may not stand on one file or rank
    /// with nothing between them (`royal: no_facing: true`, Empire).
    pub no_facing: bool,
    /// This side wins by castling long (its king on the c-file, a rook on
    /// the d-file of its first rank) and loses once it may no longer
    /// (`castle_long: black`, Castle chess).
    pub castle_long: Option<Color>,
    /// What repeating a position does (`repetition:`).
    pub repetition: Repetition,
    /// A row of the mover's pieces wins (`connect:`, tic-tac-toe's family).
    pub connect: Option<Connect>,
}

/// `n` pieces of a side in a row, or a square block of them, ends the game
/// (Fairy-Stockfish's `connectN`, `connectNxN`, the direction switches,
/// `connectPieceTypes`, `connectValue`). Judged after each move, for the
/// side that moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect {
    /// How many in a row (0: no row, only `square`; 1: any piece).
    pub n: u8,
    /// Rows along ranks count.
    pub horizontal: bool,
    /// Rows along files count.
    pub vertical: bool,
    /// Rows along both diagonals count.
    pub diagonal: bool,
    /// An `square`×`square` block of pieces wins too (Teeko: 2); 0: no block.
    pub square: u8,
    /// The pieces that count (empty: any).
    pub pieces: Vec<Kind>,
    /// The side that makes the row loses (a misère game).
    pub misere: bool,
}

impl Default for Connect {
    /// Fairy-Stockfish's defaults: every direction, every piece, a win.
    fn default() -> Self {
        Connect {
            n: 0,
            horizontal: true,
            vertical: true,
            diagonal: true,
            square: 0,
            pieces: Vec::new(),
            misere: false,
        }
    }
}

/// The repetition rule: the n-th occurrence of a position ends the game.
///
/// fenpress checks single positions (a diagram, a puzzle's start), which
/// carry no game history, so no verdict of `check` depends on this rule:
/// the definition keeps it as the game's data, prints it back
/// (`variant show`) and imports it, so that a variant moved from
/// Fairy-Stockfish loses nothing of its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// The occurrence that ends the game (3: threefold); 0: none does.
    pub count: u8,
    /// What the side to move gets then.
    pub result: StalemateResult,
    /// `result` is White's, whichever side is to move (shogi-like games
    /// where the first player loses by repetition).
    pub as_white: bool,
    /// A side that gave check at every one of its moves of the repeated
    /// cycle loses instead (shogi's perpetual check).
    pub perpetual_check_loses: bool,
}

impl Default for Repetition {
    /// Chess: the third occurrence is a draw.
    fn default() -> Self {
        Repetition {
            count: 3,
            result: StalemateResult::Draw,
            as_white: false,
            perpetual_check_loses: false,
        }
    }
}

impl Default for WinSpec {
    fn default() -> Self {
        WinSpec {
            checkmate: true,
            stalemate: StalemateResult::Draw,
            extinction: Vec::new(),
            extinction_all: false,
            extinction_left: 0,
            extinction_wins: false,
            bare_king: BareKing::None,
            reach: None,
            king_of_the_hill: Vec::new(),
            checks: 0,
            antichess: false,
            compulsory_capture: false,
            royals: Some(1),
            spare_royals: false,
            no_facing: false,
            castle_long: None,
            repetition: Repetition::default(),
            connect: None,
        }
    }
}

#[cfg(test)]
mod connect_tests {
    use super::super::{ChessLike, ChessLikeSpec, DropSpec, PieceSpec};
    use super::{Connect, WinSpec};
    use crate::piece::Kind;
    use crate::rules::{Outcome, Rules};
    use crate::validate::position_from_fen;
    use crate::{legal, Color};

    /// Tic-tac-toe as Fairy-Stockfish's `variants.ini` has it: immobile
    /// stones dropped from hand, `connect` deciding.
    fn board_game(
        rows: u8,
        cols: u8,
        holes: &'static [&'static str],
        connect: Connect,
    ) -> ChessLike {
        let stones = vec![PieceSpec::piece('p', ""), PieceSpec::piece('q', "")];
        ChessLike::new(ChessLikeSpec {
            name: "connect test".into(),
            rows,
            cols,
            holes: holes.iter().map(|&h| h.into()).collect(),
            start_fen: "3/3/3[PPPPPpppp] w 0 -".into(),
            armies: [stones.clone(), stones],
            drops: Some(DropSpec {
                captures_to_hand: false,
                ..Default::default()
            }),
            win: WinSpec {
                checkmate: false,
                royals: None,
                connect: Some(connect),
                ..Default::default()
            },
            ..Default::default()
        })
        .expect("the spec compiles")
    }

    fn three() -> Connect {
        Connect {
            n: 3,
            ..Default::default()
        }
    }

    fn outcome(rules: &ChessLike, fen: &str) -> Option<Outcome> {
        let pos = position_from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        rules.variant_outcome(&pos)
    }

    fn won_by(winner: Color) -> Option<Outcome> {
        Some(Outcome::VariantWin {
            winner,
            reason: "pieces in a row",
        })
    }

    #[test]
    fn a_won_tictactoe_position_is_over() {
        let ttt = board_game(3, 3, &[], three());
        let fen = "3/pp1/PPP[Pp] b - - 0 1";
        assert_eq!(outcome(&ttt, fen), won_by(Color::White));
        let mut pos = position_from_fen(&ttt, fen).unwrap();
        assert_eq!(legal::perft(&ttt, &mut pos, 1), 0);
        // Diagonals and files count too; Black's own row as well.
        assert_eq!(
            outcome(&ttt, "P1p/1P1/p1P[Pp] b - - 0 1"),
            won_by(Color::White)
        );
        assert_eq!(
            outcome(&ttt, "1pP/1pP/1p1[Pp] w - - 0 1"),
            won_by(Color::Black)
        );
        // The row is judged for the side that just moved: Fairy-Stockfish
        // looks at nothing else.
        assert_eq!(outcome(&ttt, "3/pp1/PPP[Pp] w - - 0 1"), None);
    }

    #[test]
    fn a_row_broken_by_a_hole_or_another_piece_is_not_a_win() {
        let ttt = board_game(3, 3, &[], three());
        assert_eq!(outcome(&ttt, "3/1p1/PpP[Pp] b - - 0 1"), None);
        assert_eq!(outcome(&ttt, "3/p2/PP1[Pp] b - - 0 1"), None);
        // On a 4-wide board with a hole at b1, a1 c1 d1 are not three in a row.
        let holed = board_game(3, 4, &["b1"], three());
        assert_eq!(outcome(&holed, "4/pp2/PxPP[Pp] b - - 0 1"), None);
        let whole = board_game(3, 4, &[], three());
        assert_eq!(
            outcome(&whole, "4/pp2/1PPP[Pp] b - - 0 1"),
            won_by(Color::White)
        );
        // A row does not run off one edge onto the next rank.
        assert_eq!(outcome(&whole, "4/P3/2PP[Pp] b - - 0 1"), None);
    }

    #[test]
    fn directions_pieces_blocks_and_misere_follow_the_spec() {
        let no_diagonal = board_game(
            3,
            3,
            &[],
            Connect {
                diagonal: false,
                ..three()
            },
        );
        assert_eq!(outcome(&no_diagonal, "P1p/1P1/p1P[Pp] b - - 0 1"), None);
        assert_eq!(
            outcome(&no_diagonal, "3/pp1/PPP[Pp] b - - 0 1"),
            won_by(Color::White)
        );
        // Only `q` stones count: a row of `p` is nothing, a row of `q` wins.
        let queens = board_game(
            3,
            3,
            &[],
            Connect {
                pieces: vec![Kind(b'q')],
                ..three()
            },
        );
        assert_eq!(outcome(&queens, "3/pp1/PPP[Pp] b - - 0 1"), None);
        assert_eq!(
            outcome(&queens, "3/pp1/QQQ[Pp] b - - 0 1"),
            won_by(Color::White)
        );
        // Teeko's block: a 2x2 square of one side's pieces.
        let block = board_game(
            3,
            3,
            &[],
            Connect {
                square: 2,
                ..Default::default()
            },
        );
        assert_eq!(
            outcome(&block, "3/1PP/1PP[Pp] b - - 0 1"),
            won_by(Color::White)
        );
        assert_eq!(outcome(&block, "3/1PP/1pP[Pp] b - - 0 1"), None);
        assert_eq!(outcome(&block, "3/3/PPP[Pp] b - - 0 1"), None);
        let misere = board_game(
            3,
            3,
            &[],
            Connect {
                misere: true,
                ..three()
            },
        );
        assert_eq!(
            outcome(&misere, "3/pp1/PPP[Pp] b - - 0 1"),
            won_by(Color::Black)
        );
    }

    #[test]
    fn tictactoe_perft_counts_the_known_game_tree() {
        // The game tree's own figures: 1440 games end on the fifth ply
        // (9·8·7·6·5 = 15120 paths, so 15120 - 1440 go on to a sixth),
        // 127872 on the ninth; a won position has no moves, as in
        // Fairy-Stockfish's perft.
        let ttt = board_game(3, 3, &[], three());
        let mut start = position_from_fen(&ttt, "3/3/3[PPPPPpppp] w - - 0 1").unwrap();
        assert_eq!(legal::perft(&ttt, &mut start, 5), 15120);
        assert_eq!(legal::perft(&ttt, &mut start, 6), (15120 - 1440) * 4);
        assert_eq!(legal::perft(&ttt, &mut start, 9), 127_872);
        // The full board without a row: no moves, a draw by stalemate.
        let full = position_from_fen(&ttt, "PpP/PpP/pPp[P] b - - 0 1").unwrap();
        assert_eq!(ttt.variant_outcome(&full), None);
        assert_eq!(ttt.stalemate_outcome(&full), Outcome::Stalemate);
    }
    #[test]
    fn losing_every_piece_of_a_kind_wins_with_extinction_wins() {
        let army = vec![PieceSpec::king(), PieceSpec::piece('r', "R")];
        let kamikaze = |wins: bool| {
            ChessLike::new(ChessLikeSpec {
                name: "kamikaze test".into(),
                start_fen: "4k3/8/8/8/8/8/8/R3K3 w 0 -".into(),
                armies: [army.clone(), army.clone()],
                win: WinSpec {
                    extinction: vec![Kind(b'r')],
                    extinction_wins: wins,
                    ..Default::default()
                },
                ..Default::default()
            })
            .expect("the spec compiles")
        };
        let extinct = |winner| {
            Some(Outcome::VariantWin {
                winner,
                reason: "extinction",
            })
        };
        // Black has no rook left: it wins, or loses without the switch.
        let fen = "4k3/8/8/8/8/8/8/R3K3 w 0 -";
        assert_eq!(outcome(&kamikaze(true), fen), extinct(Color::Black));
        assert_eq!(outcome(&kamikaze(false), fen), extinct(Color::White));
        // Both without rooks: the side that just moved (Black) is judged first.
        let both = "4k3/8/8/8/8/8/8/4K3 w 0 -";
        assert_eq!(outcome(&kamikaze(true), both), extinct(Color::Black));
        assert_eq!(
            outcome(&kamikaze(true), "r3k3/8/8/8/8/8/8/R3K3 w 0 -"),
            None
        );
    }
}
