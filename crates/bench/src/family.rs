//! Perft of chess, Orda and five chess-family variants (issue 15's speed
//! item) from their start positions: this fenpress against Fairy-Stockfish
//! and the previous fenpress (`--prev REV`), whole processes alternately.
//! A contender whose node count differs (or that lacks the variant's
//! rules: the previous fenpress may predate it) is left out, with a note.

use crate::run::{alternate, run, Cmd, Contender};
use crate::{BenchError, Env};

/// `fenpress name:Fairy-Stockfish name:depth` cases, each about a second
/// of CPU: chess and Orda, and five variants of the chess family on their
/// own move tables (Berolina's pawns, Grasshopper's hopper, Capablanca's
/// 10x8 compounds, Shako's cannons and elephants, Knightmate's royal
/// knight).
const DEFAULT_CASES: &str = "Chess:chess:5,Orda:orda:4,Berolina:berolina:4,Grasshopper:grasshopper:4,Capablanca:capablanca:4,Shako:shako:3,Knightmate1:knightmate:4";

/// The family bench (`FENPRESS_BENCH_FAMILY` overrides the cases).
pub fn bench(env: &Env) -> Result<(), BenchError> {
    let (old, sha) = crate::prev::binary(env, &env.prev)?;
    let fsf = crate::fsf::binary(env)?;
    let cases = std::env::var("FENPRESS_BENCH_FAMILY").unwrap_or_else(|_| DEFAULT_CASES.into());
    for case in cases.split(',') {
        let [variant, theirs, depth] = case.split(':').collect::<Vec<_>>()[..] else {
            return Err(BenchError::Setup(format!("bad family case {case}")));
        };
        let args = ["perft", variant, "start", depth];
        let now = Cmd::new(&env.fenpress, &args);
        let count = crate::fsf::fenpress_nodes(&run(&now, false)?.stdout);
        let Some(count) = count else {
            return Err(BenchError::Setup(format!("{variant}: no perft count")));
        };
        let mut contenders = vec![Contender::new(format!("now {variant} {depth}"), vec![now])];
        let depth_n: u32 = depth
            .parse()
            .map_err(|_| BenchError::Setup(format!("bad depth in {case}")))?;
        contenders.extend(crate::fsf::agreeing_contender(
            &fsf, theirs, None, depth_n, count,
        ));
        let before = Cmd::new(&old, &args);
        match run(&before, true)
            .ok()
            .and_then(|r| crate::fsf::fenpress_nodes(&r.stdout))
        {
            Some(n) if n == count => contenders.push(Contender::new(
                format!("previous {sha} {variant} {depth}"),
                vec![before],
            )),
            _ => println!("note: the previous fenpress {sha} has no count for {variant}: left out"),
        }
        let title = format!("perft {variant} depth {depth} from the start ({count} nodes)");
        alternate(&title, &contenders, env.runs, false)?.print();
    }
    Ok(())
}
