//! Starts with shuffled back ranks. vchess deals most variants' games from
//! a random start (each side's first-rank pieces in another order), and a
//! rule page's game ("After the moves 1.e4 Nd6 2.Bg4 Nxe4") may come from
//! one the page does not give. The candidates here keep the variant's own
//! start everywhere but on the first ranks, and there they keep each piece
//! the diagram still shows at home: only the first-rank squares the
//! diagram leaves to another piece or empty get the rest of the side's
//! first-rank pieces, in every order. A line played from one must still
//! reach the diagram exactly, so no board is accepted that the caption's
//! moves do not give. A variant whose engine deals its starts otherwise
//! (Hiddenqueen places its hidden queens at random) names them itself
//! ([`Rules::dealt_starts`]), and those are the candidates.

use fenpress_rules::position::Castling;
use fenpress_rules::rules::Rules;
use fenpress_rules::{Board, Color, Kind, Piece, Position, Square};

/// At most this many first-rank pieces of a side are moved around (5! =
/// 120 orders): a game that moved more of them is not read so.
const MAX_OPEN: usize = 5;
/// At most this many starts are tried.
const MAX_STARTS: usize = 64;

/// The starts, other than `start` itself, whose first ranks are shuffled
/// so as to fit `target` (see the module comment); castling rights are
/// dropped, since they name the rooks' files of the usual start.
pub fn shuffled_starts(rules: &dyn Rules, start: &Position, target: &Board) -> Vec<Position> {
    // A start the engine deals otherwise than by shuffling (Hiddenqueen's
    // hidden queens) is one of the variant's own.
    let dealt = rules.dealt_starts();
    if !dealt.is_empty() {
        return dealt
            .into_iter()
            .filter(|p| p.board != start.board)
            .collect();
    }
    let mut boards = vec![start.board.clone()];
    for color in Color::ALL {
        let Some((home, fixed, pool)) = first_rank(rules, start, target, color) else {
            return Vec::new();
        };
        let open: Vec<Square> = home
            .iter()
            .copied()
            .filter(|sq| !fixed.iter().any(|(f, _)| f == sq))
            .collect();
        let mut orders = Vec::new();
        orders_of(
            &pool,
            &mut Vec::new(),
            &mut vec![false; pool.len()],
            &mut orders,
        );
        let mut next = Vec::new();
        for b in &boards {
            for order in &orders {
                let mut nb = b.clone();
                for sq in &home {
                    nb.remove(*sq, color);
                }
                for (sq, p) in fixed
                    .iter()
                    .copied()
                    .chain(open.iter().copied().zip(order.iter().copied()))
                {
                    nb.put(sq, p);
                }
                if next.len() < MAX_STARTS && !next.contains(&nb) {
                    next.push(nb);
                }
            }
        }
        boards = next;
    }
    boards
        .into_iter()
        .filter(|b| *b != start.board)
        .map(|board| {
            let mut p = start.clone();
            p.board = board;
            p.state.castling = Castling::NONE;
            p
        })
        .collect()
}

/// A side's first-rank squares in `start` holding its pieces other than
/// pawns, those the diagram still shows there (with their piece), and the
/// rest of the pieces, to be placed on the other squares. `None` when too
/// many are left to place.
#[allow(clippy::type_complexity)]
fn first_rank(
    rules: &dyn Rules,
    start: &Position,
    target: &Board,
    color: Color,
) -> Option<(Vec<Square>, Vec<(Square, Piece)>, Vec<Piece>)> {
    let g = rules.geometry();
    let home: Vec<(Square, Piece)> = start
        .board
        .pieces()
        .filter(|(sq, p)| {
            p.color == color && p.kind != Kind::PAWN && g.relative_rank(*sq, color) == 0
        })
        .collect();
    let mut pool: Vec<Piece> = home.iter().map(|(_, p)| *p).collect();
    let mut fixed = Vec::new();
    for (sq, _) in &home {
        let shown = target.cell(*sq).piece(color);
        if let Some(i) = shown.and_then(|p| pool.iter().position(|q| *q == p)) {
            fixed.push((*sq, pool.remove(i)));
        }
    }
    (pool.len() <= MAX_OPEN).then(|| (home.iter().map(|(sq, _)| *sq).collect(), fixed, pool))
}

/// Every distinct order of `pool`.
fn orders_of(
    pool: &[Piece],
    current: &mut Vec<Piece>,
    used: &mut [bool],
    out: &mut Vec<Vec<Piece>>,
) {
    if current.len() == pool.len() {
        if !out.contains(current) {
            out.push(current.clone());
        }
        return;
    }
    for i in 0..pool.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        current.push(pool[i]);
        orders_of(pool, current, used, out);
        current.pop();
        used[i] = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fenpress_rules::validate;

    fn board(rules: &dyn Rules, fen: &str) -> Position {
        validate::position_from_fen(rules, fen).expect("a legal position")
    }

    #[test]
    fn the_pieces_gone_from_home_fill_the_squares_they_left() {
        let rules = fenpress_rules::registry::lookup("Chess")
            .and_then(|i| i.rules())
            .expect("chess has rules");
        let start = board(rules, rules.start_fen());
        // Arena's game: d1 and c8 left empty, a bishop and a knight away.
        let target = board(
            rules,
            "br1kqrnb/pppppppp/8/8/4n1B1/8/PPPP1PPP/QNR1BKNR w - - 0 3",
        );
        let starts = shuffled_starts(rules, &start, &target.board);
        let want = board(
            rules,
            "brnkqrnb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBKNR w - - 0 1",
        );
        assert_eq!(starts.len(), 1);
        assert_eq!(starts[0].board, want.board);
        // The usual start itself is not among them.
        assert!(shuffled_starts(rules, &start, &start.board).is_empty());
    }
}
