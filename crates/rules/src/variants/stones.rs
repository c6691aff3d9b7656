//! Games of stones placed on a Go board, not chess: a move puts a stone of
//! the mover's on an empty point and stones never move. Atarigo (capture
//! Go on 12×12): a stone that leaves an enemy group (orthogonally
//! connected stones) with no liberty (empty neighbour) removes it, and the
//! first capture wins; a stone that would have no liberty and capture
//! nothing may not be played. Gomoku (19×19): the first to align five
//! stones wins, but if the second player completes five right after the
//! first, the game is a draw.
//!
//! The site's FENs, as its pages and engine write them: the board with
//! the first player's stones uppercase (`P`: they are drawn black), `w`
//! for the first player to move, the moves count, and for Atarigo a last
//! field `0`/`1` that says whether a capture has been made.
//!
//! A move is a [`MoveKind::Drop`] (`P@d4`): the stone comes from an
//! unlimited bowl, not a hand. An Atarigo capture lists the captured
//! stones in its effect; a capture of more stones than a move records
//! ([`crate::moves::MAX_VANISH`]) removes the rest when played, kept in
//! [`Position::counters`] so it is taken back whole.

use crate::color::Color;
use crate::fen::Field;
use crate::geometry::{Geometry, ORTHOGONAL};
use crate::moves::{Move, MoveList, MAX_VANISH};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::{Position, State, Undo};
use crate::rules::{Outcome, Rules};
use crate::square::Square;
use crate::squareset::SquareSet;
use crate::validate::Problem;

/// Which game of stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    Atarigo,
    Gomoku,
}

/// The rules of a game of stones.
pub struct Stones {
    game: Game,
    geometry: Geometry,
}

/// `state.variant`'s bit for Atarigo's "a capture has been made".
const CAPTURED: u64 = 1;

impl Stones {
    pub fn new(game: Game) -> Stones {
        let side = match game {
            Game::Atarigo => 12,
            Game::Gomoku => 19,
        };
        Stones {
            game,
            geometry: Geometry::new(side, side).expect("a valid board size"),
        }
    }

    fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        ORTHOGONAL
            .iter()
            .filter_map(move |&step| self.geometry.offset_by(sq, step))
    }

    /// The group of `color`'s stones through `start` (which holds one), and
    /// whether it has a liberty, on `board` with `placed` (an empty point)
    /// counted as holding a stone of the mover's, `mover`.
    fn group(
        &self,
        pos: &Position,
        start: Square,
        color: Color,
        placed: Square,
        mover: Color,
    ) -> (SquareSet, bool) {
        let stone = |sq: Square| -> Option<Color> {
            if sq == placed {
                return Some(mover);
            }
            let cell = pos.board.cell(sq);
            Color::ALL.into_iter().find(|&c| cell.has(c))
        };
        let mut group = SquareSet::EMPTY;
        let mut stack = vec![start];
        group.insert(start);
        let mut liberty = false;
        while let Some(sq) = stack.pop() {
            for n in self.neighbours(sq) {
                match stone(n) {
                    None => liberty = true,
                    Some(c) if c == color && !group.contains(n) => {
                        group.insert(n);
                        stack.push(n);
                    }
                    _ => {}
                }
            }
        }
        (group, liberty)
    }

    /// Atarigo: the enemy stones a stone of `mover`'s on `to` captures, and
    /// whether the stone may be played (it captures, or it has a liberty
    /// itself or through its group).
    fn atarigo_drop(&self, pos: &Position, to: Square, mover: Color) -> (SquareSet, bool) {
        let enemy = mover.opposite();
        let mut captured = SquareSet::EMPTY;
        let mut breathes = false;
        for n in self.neighbours(to) {
            let cell = pos.board.cell(n);
            if cell.is_empty() {
                breathes = true;
            } else if cell.has(enemy) {
                if captured.contains(n) {
                    continue;
                }
                let (group, liberty) = self.group(pos, n, enemy, to, mover);
                if !liberty {
                    for sq in group.iter() {
                        captured.insert(sq);
                    }
                }
            } else if !breathes {
                breathes = self.group(pos, n, mover, to, mover).1;
            }
        }
        let legal = breathes || captured.iter().next().is_some();
        (captured, legal)
    }

    /// The longest line of `color`'s stones through `sq` (counted as one
    /// of them), over the four directions.
    fn line_through(&self, pos: &Position, sq: Square, color: Color) -> usize {
        const HALF: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
        HALF.iter()
            .map(|&(df, dr)| {
                let mut count = 1;
                for sign in [1i8, -1] {
                    let mut at = sq;
                    while let Some(next) = self.geometry.offset_by(at, (df * sign, dr * sign)) {
                        if !pos.board.cell(next).has(color) {
                            break;
                        }
                        count += 1;
                        at = next;
                    }
                }
                count
            })
            .max()
            .unwrap_or(1)
    }

    /// Gomoku's result, as the site's engine scores it: five (or more) of
    /// the first player's (White's, drawn black) win unless the second has
    /// five too (a draw) or, to move, can still make five at once (play
    /// goes on); five of the second player's alone win.
    fn gomoku_outcome(&self, pos: &Position) -> Option<Outcome> {
        let five = |color: Color| {
            pos.board
                .pieces()
                .any(|(sq, p)| p.color == color && self.line_through(pos, sq, color) >= 5)
        };
        let (first, second) = (five(Color::White), five(Color::Black));
        const REASON: &str = "five in a row";
        if first {
            if second {
                return Some(Outcome::VariantDraw {
                    reason: "five in a row each",
                });
            }
            let answer = pos.turn() == Color::Black
                && self.geometry.squares().any(|sq| {
                    pos.board.cell(sq).is_empty() && self.line_through(pos, sq, Color::Black) >= 5
                });
            return (!answer).then_some(Outcome::VariantWin {
                winner: Color::White,
                reason: REASON,
            });
        }
        second.then_some(Outcome::VariantWin {
            winner: Color::Black,
            reason: REASON,
        })
    }
}

impl Rules for Stones {
    fn name(&self) -> &str {
        match self.game {
            Game::Atarigo => "Atarigo",
            Game::Gomoku => "Gomoku",
        }
    }

    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn start_fen(&self) -> &str {
        match self.game {
            Game::Atarigo => "93/93/93/93/93/5Pp5/5pP5/93/93/93/93/93 w 0 0",
            Game::Gomoku => {
                "991/991/991/991/991/991/991/991/991/991/991/991/991/991/991/991/991/991/991 w 0"
            }
        }
    }

    fn kinds(&self, _color: Color) -> KindSet {
        [Kind::PAWN].into_iter().collect()
    }

    fn royal_kinds(&self) -> KindSet {
        KindSet::EMPTY
    }

    fn royals_per_side(&self) -> Option<usize> {
        None
    }

    fn piece_name(&self, _piece: Piece) -> String {
        "stone".to_string()
    }

    fn read_variant_fields(
        &self,
        fields: &[Field],
        state: &mut State,
        problems: &mut Vec<Problem>,
    ) {
        if self.game != Game::Atarigo {
            return;
        }
        match fields.first().map(|f| (f, f.text.as_str())) {
            Some((_, "0")) | None => {}
            Some((_, "1")) => state.variant |= CAPTURED,
            Some((f, _)) => problems.push(Problem::BadField {
                field: "capture (0 or 1)",
                text: f.text.clone(),
                offset: f.offset,
            }),
        }
    }

    fn write_variant_fields(&self, pos: &Position) -> (String, String) {
        match self.game {
            Game::Atarigo => {
                let flag = if pos.state.variant & CAPTURED != 0 {
                    1
                } else {
                    0
                };
                (String::new(), format!(" {flag}"))
            }
            Game::Gomoku => (String::new(), String::new()),
        }
    }

    fn pseudo_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if self.variant_outcome(pos).is_some() {
            return;
        }
        let mover = pos.turn();
        let stone = Piece::new(mover, Kind::PAWN);
        for to in self.geometry.squares() {
            if !pos.board.cell(to).is_empty() {
                continue;
            }
            let mut mv = Move::drop(to, stone);
            if self.game == Game::Atarigo {
                let (captured, legal) = self.atarigo_drop(pos, to, mover);
                if !legal {
                    continue;
                }
                let enemy = Piece::new(mover.opposite(), Kind::PAWN);
                // The first stones of a larger capture; `play` takes the rest.
                for sq in captured.iter().take(MAX_VANISH) {
                    mv.effect.vanish.push(sq, enemy);
                    mv.intent.capture = true;
                }
            }
            out.push(mv);
        }
    }

    fn illegal_after(&self, _pos: &Position, _mover: Color) -> bool {
        // No royal piece: every move that may be generated is legal.
        false
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Undo {
        // A capture as large as a move's record may be larger: the stones
        // past the record are found before the stone is placed (after, the
        // group's removed stones would read as its liberties).
        let long = (mv.effect.vanish.len() == MAX_VANISH)
            .then(|| self.atarigo_drop(pos, mv.intent.to, mv.color()).0);
        let undo = pos.apply(mv);
        if let Some(captured) = long {
            pos.counters.save();
            pos.counters.clear();
            let enemy = mv.color().opposite();
            for sq in captured.iter() {
                if pos.board.cell(sq).has(enemy) {
                    pos.board.remove(sq, enemy);
                    pos.counters.set(sq, 1);
                }
            }
        }
        if mv.intent.capture {
            pos.state.variant |= CAPTURED;
        }
        undo
    }

    fn unplay(&self, pos: &mut Position, mv: &Move, undo: Undo) {
        if mv.effect.vanish.len() == MAX_VANISH {
            let enemy = Piece::new(mv.color().opposite(), Kind::PAWN);
            let beyond: Vec<Square> = pos.counters.nonzero().map(|(sq, _)| sq).collect();
            for sq in beyond {
                pos.board.put(sq, enemy);
            }
            pos.counters.restore();
        }
        pos.unapply(mv, undo);
    }

    fn variant_outcome(&self, pos: &Position) -> Option<Outcome> {
        match self.game {
            Game::Atarigo => (pos.state.variant & CAPTURED != 0).then(|| Outcome::VariantWin {
                winner: pos.turn().opposite(),
                reason: "first capture",
            }),
            Game::Gomoku => self.gomoku_outcome(pos),
        }
    }
}

/// Whether `rules` are those of a game of stones (Atarigo, Gomoku).
pub fn is_stones(rules: &dyn Rules) -> bool {
    matches!(rules.name(), "Atarigo" | "Gomoku")
}

/// Adds to `out` the cutting stones of `pos`: each stone whose removal
/// leaves the stones of its colour next to it in two groups or more, as
/// a Go diagram marks "removing a stone at the marked location breaks the
/// connection" (the Atarigo page).
pub fn cut_stones(rules: &dyn Rules, pos: &Position, out: &mut SquareSet) {
    let g = rules.geometry();
    let colour = |sq: Square| {
        let cell = pos.board.cell(sq);
        Color::ALL.into_iter().find(|&c| cell.has(c))
    };
    let next = |sq: Square| {
        ORTHOGONAL
            .iter()
            .filter_map(move |&step| g.offset_by(sq, step))
    };
    for stone in g.squares() {
        let Some(c) = colour(stone) else {
            continue;
        };
        let friends: Vec<Square> = next(stone).filter(|&n| colour(n) == Some(c)).collect();
        let Some(&first) = friends.first() else {
            continue;
        };
        // The stones of `c` reached from `first` without passing `stone`.
        let mut reached = SquareSet::EMPTY;
        reached.insert(first);
        let mut stack = vec![first];
        while let Some(sq) = stack.pop() {
            for n in next(sq) {
                if n != stone && colour(n) == Some(c) && !reached.contains(n) {
                    reached.insert(n);
                    stack.push(n);
                }
            }
        }
        if friends.iter().any(|f| !reached.contains(*f)) {
            out.insert(stone);
        }
    }
}

/// The registered games of stones, by name (any case).
pub fn rules(name: &str) -> Option<&'static dyn Rules> {
    use std::sync::OnceLock;
    static ATARIGO: OnceLock<Stones> = OnceLock::new();
    static GOMOKU: OnceLock<Stones> = OnceLock::new();
    static HAMILTON: OnceLock<super::hamilton::Hamilton> = OnceLock::new();
    static KONANE: OnceLock<super::konane::Konane> = OnceLock::new();
    static YOTE: OnceLock<super::yote::Yote> = OnceLock::new();
    static FANORONA: OnceLock<super::fanorona::Fanorona> = OnceLock::new();
    static BALL: OnceLock<super::ball::Ball> = OnceLock::new();
    static FOOTBALL: OnceLock<super::football::Football> = OnceLock::new();
    match name.to_ascii_lowercase().as_str() {
        // Hamilton's one knight on a board that fills with holes: not
        // stones, but not chess either.
        "hamilton" => Some(HAMILTON.get_or_init(super::hamilton::Hamilton::new)),
        "konane" => Some(KONANE.get_or_init(super::konane::Konane::new)),
        "fanorona" => Some(FANORONA.get_or_init(super::fanorona::Fanorona::new)),
        // Chess pieces and a ball that belongs to neither side.
        "ball" => Some(BALL.get_or_init(super::ball::Ball::new)),
        "football" => Some(FOOTBALL.get_or_init(super::football::Football::new)),
        "yote" => Some(YOTE.get_or_init(super::yote::Yote::new)),
        "atarigo" => Some(ATARIGO.get_or_init(|| Stones::new(Game::Atarigo))),
        "gomoku" => Some(GOMOKU.get_or_init(|| Stones::new(Game::Gomoku))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::vchess_fen;
    use crate::legal::{legal_moves, outcome, perft};
    use crate::validate::position_from_fen;

    const EMPTY_ROWS: &str = "93/93/93/93/93/93/93/93/93/93";

    fn atarigo(fen: &str) -> (&'static dyn Rules, Position) {
        let rules = rules("Atarigo").unwrap();
        let pos = position_from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        (rules, pos)
    }

    #[test]
    fn start_perft_equals_the_sites_engine() {
        // Counts from the site's engine (vchess_oracle perft --stop-at-end).
        let go = rules("Atarigo").unwrap();
        let mut pos = go.start_position();
        assert_eq!(
            (1..=2).map(|d| perft(go, &mut pos, d)).collect::<Vec<_>>(),
            [140, 19460]
        );
        let gomoku = rules("gomoku").unwrap();
        let mut pos = gomoku.start_position();
        assert_eq!(perft(gomoku, &mut pos, 2), 361 * 360);
        assert_eq!(vchess_fen(gomoku, &pos), gomoku.start_fen());
        assert_eq!(vchess_fen(go, &go.start_position()), go.start_fen());
    }

    #[test]
    fn a_capture_of_eleven_stones_is_played_and_taken_back_whole() {
        // White's eleven stones on rank 12 breathe only at l12; Black (the
        // first player, uppercase) fills it and takes all eleven.
        let fen = format!("ppppppppppp1/PPPPPPPPPPP1/{EMPTY_ROWS} w 0 0");
        let (rules, mut pos) = atarigo(&fen);
        let before = pos.clone();
        let mut moves = MoveList::new();
        legal_moves(rules, &mut pos, &mut moves);
        assert_eq!(moves.len(), 122);
        let l12 = rules.geometry().parse_square("l12").unwrap();
        let take = *moves.iter().find(|m| m.intent.to == l12).unwrap();
        assert!(take.intent.capture);
        let undo = rules.play(&mut pos, &take);
        assert_eq!(
            vchess_fen(rules, &pos),
            format!("92P/PPPPPPPPPPP1/{EMPTY_ROWS} b 1 1")
        );
        assert_eq!(
            outcome(rules, &mut pos),
            Some(Outcome::VariantWin {
                winner: Color::White,
                reason: "first capture"
            })
        );
        rules.unplay(&mut pos, &take, undo);
        assert_eq!(pos, before);
        // Perft from the site's engine: every capture ends the game.
        assert_eq!(perft(rules, &mut pos, 2), 14640);
    }

    #[test]
    fn a_stone_without_liberty_that_captures_nothing_is_not_played() {
        // a12 is surrounded by White's b12 and a11: Black may not play
        // there; White may (its stone joins its group, which breathes).
        let fen = format!("1p91/p92/{EMPTY_ROWS} w 0 0");
        let (rules, mut pos) = atarigo(&fen);
        let a12 = rules.geometry().parse_square("a12").unwrap();
        let mut moves = MoveList::new();
        legal_moves(rules, &mut pos, &mut moves);
        assert!(moves.iter().all(|m| m.intent.to != a12));
        assert_eq!(moves.len(), 141);
        let mut white = pos.with_turn(Color::Black);
        moves.clear();
        legal_moves(rules, &mut white, &mut moves);
        assert!(moves
            .iter()
            .any(|m| m.intent.to == a12 && !m.intent.capture));
        // A bad capture field is named.
        let bad = position_from_fen(rules, &format!("1p91/p92/{EMPTY_ROWS} w 0 2"));
        assert!(bad.is_err());
    }

    #[test]
    fn the_pages_marked_stones_cut_their_groups() {
        // Atarigo's page: "removing a stone at the marked location breaks
        // the connection" (d7 for Black, h6 for White); the same board
        // with both removed is its "both disconnected" diagram.
        let (rules, pos) =
            atarigo("93/93/93/2PPP2p4/4P2p4/3PP2p4/3P2ppp3/2PP2p1p3/2P5pp2/93/93/93 w 0 0");
        let mut cuts = SquareSet::EMPTY;
        cut_stones(rules, &pos, &mut cuts);
        let g = rules.geometry();
        for name in ["d7", "h6"] {
            assert!(cuts.contains(g.parse_square(name).unwrap()), "{name}");
        }
        // The end of a chain cuts nothing: c9, the first stone of Black's.
        assert!(!cuts.contains(g.parse_square("c9").unwrap()));
        assert!(is_stones(rules) && !is_stones(crate::registry::rules("Chess").unwrap()));
    }

    #[test]
    fn gomoku_five_wins_unless_the_second_player_answers_with_five() {
        let rules = rules("Gomoku").unwrap();
        let board = |top: &str, next: &str| {
            let mut rows = vec![top.to_string(), next.to_string()];
            rows.extend(std::iter::repeat_n("991".to_string(), 17));
            rows.join("/")
        };
        // Black (first player) has five on rank 19; White has four on rank
        // 18 and is to move: White may still answer, the game goes on.
        let mut pos =
            position_from_fen(rules, &format!("{} b 9", board("PPPPP95", "pppp96"))).unwrap();
        assert_eq!(outcome(rules, &mut pos), None);
        // White answers with its fifth: a draw.
        let e18 = rules.geometry().parse_square("e18").unwrap();
        let mut moves = MoveList::new();
        legal_moves(rules, &mut pos, &mut moves);
        let five = *moves.iter().find(|m| m.intent.to == e18).unwrap();
        rules.play(&mut pos, &five);
        assert!(matches!(
            outcome(rules, &mut pos),
            Some(Outcome::VariantDraw { .. })
        ));
        // Without White's four, Black's five wins at once.
        let mut pos =
            position_from_fen(rules, &format!("{} b 9", board("PPPPP95", "ppp97"))).unwrap();
        assert_eq!(
            outcome(rules, &mut pos).and_then(Outcome::winner),
            Some(Color::White)
        );
        // Four is not five.
        let mut pos =
            position_from_fen(rules, &format!("{} b 9", board("PPPP96", "ppp97"))).unwrap();
        assert_eq!(outcome(rules, &mut pos), None);
    }
}
