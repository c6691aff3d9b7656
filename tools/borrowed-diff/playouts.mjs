// Random playouts through the vchess oracle: prints, for every position
// reached, `fen<TAB>move keys` (each key `start-end|vanish|appear`, lists
// sorted), for tools/borrowed-diff/diff.py to compare with fenpress.
// usage: node playouts.mjs <Variant> <games> <plies> [seed] [startFEN]
import { loadVariant, initFen, legalMoves, playMove, sq } from "/work/shared/tools/vchess-oracle/vchess_oracle.mjs";

const [name, games = "10", plies = "40", seedArg = "1", startArg] = process.argv.slice(2);
let seed = parseInt(seedArg, 10) >>> 0 || 1;
const rnd = n => { seed = (seed * 1103515245 + 12345) >>> 0; return (seed >>> 8) % n; };
const V = await loadVariant(name);
const key = m => {
  const pp = l => l.map(p => sq(V, p) + ":" + p.c + p.p).sort().join(",");
  return sq(V, m.start) + "-" + sq(V, m.end) + "|" + pp(m.vanish) + "|" + pp(m.appear);
};
for (let g = 0; g < parseInt(games, 10); g++) {
  const vr = new V(startArg || initFen(V));
  for (let p = 0; p < parseInt(plies, 10); p++) {
    const moves = legalMoves(vr);
    console.log(vr.getFen() + "\t" + moves.map(key).sort().join(" "));
    if (moves.length == 0 || vr.getCurrentScore() !== "*") break;
    playMove(vr, moves[rnd(moves.length)]);
  }
}
