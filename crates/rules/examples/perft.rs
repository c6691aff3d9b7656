//! A developer's probe of the rules core without the site stack:
//!
//! ```sh
//! cargo run -p fenpress-rules --release --example perft -- Orda start 3
//! cargo run -p fenpress-rules --release --example perft -- Orda start 2 --divide
//! cargo run -p fenpress-rules --release --example perft -- Orda "<fen>" moves
//! ```
//!
//! `moves` prints each legal move in coordinates with its vanish and appear
//! lists (`square:letter`), the shape vchess-oracle prints, for comparison.

use fenpress_rules::{legal, notation, registry, validate, MoveList};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: perft VARIANT FEN|start DEPTH|moves [--divide]");
        std::process::exit(2);
    }
    let Some(rules) = registry::rules(&args[0]) else {
        eprintln!("no rules for `{}`", args[0]);
        std::process::exit(2);
    };
    let fen = if args[1] == "start" {
        rules.start_fen()
    } else {
        &args[1]
    };
    let mut pos = match validate::position_from_fen(rules, fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad FEN `{fen}`: {e}");
            std::process::exit(2);
        }
    };
    let g = rules.geometry();
    if args[2] == "moves" {
        let mut moves = MoveList::new();
        legal::legal_moves(rules, &mut pos, &mut moves);
        for m in &moves {
            let list = |ps: &[fenpress_rules::moves::Placement]| {
                ps.iter()
                    .map(|p| format!("{}:{}", g.square_name(p.square), p.piece.letter()))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            println!(
                "{}  vanish [{}] appear [{}]",
                notation::coordinate(rules, m),
                list(m.effect.vanish.as_slice()),
                list(m.effect.appear.as_slice())
            );
        }
        println!("{} moves", moves.len());
        return;
    }
    let depth: u32 = args[2].parse().unwrap_or_else(|_| {
        eprintln!("depth `{}` is not a number", args[2]);
        std::process::exit(2);
    });
    if args.iter().any(|a| a == "--divide") {
        let mut total = 0;
        // `--fen`: each child's vchess FEN too, to feed the oracle.
        let with_fen = args.iter().any(|a| a == "--fen");
        for (m, n) in legal::perft_divide(rules, &mut pos, depth) {
            if with_fen {
                let undo = rules.play(&mut pos, &m);
                let child = fenpress_rules::fen::vchess_fen(rules, &pos);
                rules.unplay(&mut pos, &m, undo);
                println!("{}: {n} {child}", notation::coordinate(rules, &m));
            } else {
                println!("{}: {n}", notation::coordinate(rules, &m));
            }
            total += n;
        }
        println!("{total}");
    } else {
        println!("{}", legal::perft(rules, &mut pos, depth));
    }
}
