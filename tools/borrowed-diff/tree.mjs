// Every position of the vchess move tree to a depth, printed as playouts.mjs
// prints them (`fen<TAB>move keys`), to find where fenpress's perft differs.
// usage: node tree.mjs <Variant> <depth> [startFEN]
import { loadVariant, initFen, legalMoves, playMove, undoMove, sq } from "/work/shared/tools/vchess-oracle/vchess_oracle.mjs";

const [name, depthArg = "3", startArg] = process.argv.slice(2);
const V = await loadVariant(name);
const key = m => {
  const pp = l => l.map(p => sq(V, p) + ":" + p.c + p.p).sort().join(",");
  return sq(V, m.start) + "-" + sq(V, m.end) + "|" + pp(m.vanish) + "|" + pp(m.appear);
};
const vr = new V(startArg || initFen(V));
const rec = d => {
  const moves = legalMoves(vr);
  console.log(vr.getFen() + "\t" + moves.map(key).sort().join(" "));
  if (d == 0 || vr.getCurrentScore() !== "*") return;
  for (const m of moves) { playMove(vr, m); rec(d - 1); undoMove(vr, m); }
};
rec(parseInt(depthArg, 10));
