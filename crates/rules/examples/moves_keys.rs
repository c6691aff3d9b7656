//! Reads `fen<TAB>...` lines on stdin and prints `fen<TAB>keys` with the
//! legal moves of the variant named on the command line, each key
//! `start-end|vanish|appear` (sorted `square:colorkind` lists), the shape
//! tools/borrowed-diff/playouts.mjs prints for vchess, for comparison.
//!
//! ```sh
//! node tools/borrowed-diff/playouts.mjs Madrasi 20 40 | cargo run -p fenpress-rules --release --example moves_keys -- Madrasi
//! ```

use std::io::BufRead;

use fenpress_rules::moves::Placement;
use fenpress_rules::{legal, registry, validate, Color, MoveKind, MoveList};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(rules) = args.first().and_then(|n| registry::rules(n)) else {
        eprintln!("usage: moves_keys VARIANT < lines");
        std::process::exit(2);
    };
    let g = rules.geometry();
    let pp = |ps: &[Placement]| {
        let mut v: Vec<String> = ps
            .iter()
            .map(|p| {
                let c = if p.piece.color == Color::White {
                    'w'
                } else {
                    'b'
                };
                format!("{}:{}{}", g.square_name(p.square), c, p.piece.kind.char())
            })
            .collect();
        v.sort();
        v.join(",")
    };
    // `moves_keys VARIANT tree DEPTH [FEN]`: the FENs of fenpress's own
    // move tree instead of stdin's, to catch play/unplay differences.
    let mut input: Vec<String> = Vec::new();
    if args.get(1).map(String::as_str) == Some("tree") {
        let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(3);
        let fen = args.get(3).map(String::as_str).unwrap_or(rules.start_fen());
        let mut pos = validate::position_from_fen(rules, fen).expect("valid FEN");
        fn walk(
            r: &dyn fenpress_rules::Rules,
            pos: &mut fenpress_rules::Position,
            d: u32,
            out: &mut Vec<String>,
        ) {
            out.push(fenpress_rules::fen::vchess_fen(r, pos));
            if d == 0 {
                return;
            }
            let mut moves = MoveList::new();
            legal::legal_moves(r, pos, &mut moves);
            for m in &moves {
                let u = r.play(pos, m);
                walk(r, pos, d - 1, out);
                r.unplay(pos, m, u);
            }
        }
        walk(rules, &mut pos, depth, &mut input);
    } else {
        input = std::io::stdin()
            .lock()
            .lines()
            .map_while(Result::ok)
            .collect();
    }
    for line in input {
        let fen = line.split('\t').next().unwrap_or("");
        let mut pos = match validate::position_from_fen(rules, fen) {
            Ok(p) => p,
            Err(e) => {
                println!("{fen}\tERROR {e}");
                continue;
            }
        };
        let mut moves = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut moves);
        let mut keys: Vec<String> = moves
            .iter()
            .map(|m| {
                // vchess names a castling by the rook's square when the king
                // is at most two files from it, else by the king's target.
                let end = match m.intent.kind {
                    MoveKind::Castle { rook_from, .. }
                        if (g.file(rook_from) as i32 - g.file(m.intent.from) as i32).abs() <= 2 =>
                    {
                        rook_from
                    }
                    _ => m.intent.to,
                };
                format!(
                    "{}-{}|{}|{}",
                    g.square_name(m.intent.from),
                    g.square_name(end),
                    pp(m.effect.vanish.as_slice()),
                    pp(m.effect.appear.as_slice())
                )
            })
            .collect();
        keys.sort();
        let back = fenpress_rules::fen::vchess_fen(rules, &pos);
        let note = if back == fen {
            String::new()
        } else {
            format!("\tFENOUT {back}")
        };
        println!("{fen}\t{}{note}", keys.join(" "));
    }
}
