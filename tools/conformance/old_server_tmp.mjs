#!/usr/bin/env node
// A long-running vchess oracle for fenpress's conformance tools: one Node
// process answers JSON-lines requests on stdin (one JSON object per line,
// one answer per line on stdout), so a random playout costs no process start
// per position. It imports the shared vchess-oracle harness (our test
// reference, never copied) from $FENPRESS_SHARED/tools/vchess-oracle, where
// FENPRESS_SHARED defaults to ../shared beside the repository root.
//
// Requests (every answer has "ok": true, or "ok": false and "error"):
//   {"cmd":"load","variant":"Orda","fen":"<FEN, board only, or empty>","force"?:true}
//        -> {"fen": completed FEN, "valid": {IsGoodFen, IsGoodPosition}}
//   {"cmd":"init","variant":"Orda"}        -> {"fen": vchess start FEN}
//   {"cmd":"moves"}                        -> {"moves":[M...], "score":"*"}
//        M = {"s":start,"e":end,"v":[[sq,color,piece]...],"a":[...],
//             "bv":[...],"ba":[...] (what play() changed on the board),
//             "released"?:piece, "speculative"?:true, "n"?:notation,
//             "kept"?:true (the same side moves again after it)}
//        ("notation":true in the request adds "n")
//   {"cmd":"play","index":i}               -> {"fen": getFen() after it}
//        i indexes the list of the last "moves" answer at this position
//   {"cmd":"undo"}                         -> {"fen": getFen() after it}
//   {"cmd":"fen"}                          -> {"fen", "score"}
//   {"cmd":"here"}                         -> {"moves", "fen", "score"} at once
//   {"cmd":"perft","depth":n,"stopAtEnd":b} -> {"nodes": leaves at depth n}
//   {"cmd":"divide","depth":n,"stopAtEnd":b}-> {"moves":[M + "nodes"...], "score"}
// With stopAtEnd, a position whose getCurrentScore() is not "*" has no
// children, the root included (fenpress's legal_moves does the same).
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

// vchess code may log: keep stdout for answers only.
console.log = (...args) => console.error(...args);

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "..", "..");
const shared = process.env.FENPRESS_SHARED
  ? path.resolve(repoRoot, process.env.FENPRESS_SHARED)
  : path.resolve(repoRoot, "..", "shared");
const oracle = await import(
  pathToFileURL(path.join(shared, "tools", "vchess-oracle", "vchess_oracle.mjs")).href
);

// The game under test: its class, instance, played moves (for undo) and
// the move list of the last "moves" answer per ply.
let V = null;
let vr = null;
let name = null;
let played = [];
let listed = [];

function piece(p) {
  return [oracle.sq(V, p), p.c, p.p];
}

// What a move does to the board, square by square (play, compare, undo):
// a simultaneous move (Apocalypse) is resolved in play(), not in its lists.
function boardEffect(m) {
  const before = vr.board.map(r => r.slice());
  const turn = vr.turn;
  oracle.playMove(vr, m);
  // A move after which the same side plays on (Janggi's first set-up swap).
  const kept = vr.turn === turn;
  const bv = [];
  const ba = [];
  for (let x = 0; x < before.length; x++) {
    for (let y = 0; y < before[x].length; y++) {
      const was = before[x][y];
      const now = vr.board[x][y];
      if (was === now) continue;
      const name = oracle.sq(V, { x, y });
      if (was) bv.push([name, was.charAt(0), was.substr(1)]);
      if (now) ba.push([name, now.charAt(0), now.substr(1)]);
    }
  }
  oracle.undoMove(vr, m);
  return kept ? { bv, ba, kept } : { bv, ba };
}

function serialize(m, withNotation) {
  const o = {
    s: oracle.sq(V, m.start),
    e: oracle.sq(V, m.end),
    v: m.vanish.map(piece),
    a: m.appear.map(piece),
    ...boardEffect(m),
  };
  if (m.end.released) o.released = m.end.released;
  if (m.end.illegal) o.speculative = true;
  if (withNotation) {
    try {
      o.n = vr.getNotation(m);
    } catch (e) {
      o.n = "?";
    }
  }
  return o;
}

function score() {
  // Teleport's placement step: vchess's score asks the pieces' moves, of
  // which there are none mid-turn, and would call every such position over.
  if (vr.subTurn === 2 && (name === "Teleport1" || name === "Teleport2")) return "*";
  try {
    return vr.getCurrentScore();
  } catch (e) {
    return "error: " + String(e);
  }
}

function gameOver(stopAtEnd) {
  return stopAtEnd && score() !== "*";
}

function count(depth, stopAtEnd) {
  if (depth === 0) return 1;
  const moves = oracle.legalMoves(vr);
  // No move: the game is over whatever the score says; otherwise ask the
  // score only when it matters (it costs a move search of its own).
  if (moves.length === 0 || gameOver(stopAtEnd)) return 0;
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    oracle.playMove(vr, m);
    n += count(depth - 1, stopAtEnd);
    oracle.undoMove(vr, m);
  }
  return n;
}

function currentMoves() {
  if (listed.length === played.length + 1) return listed[played.length];
  const moves = oracle.legalMoves(vr);
  listed.length = played.length;
  listed.push(moves);
  return moves;
}

async function handle(req) {
  switch (req.cmd) {
    case "init": {
      const cls = await oracle.loadVariant(req.variant);
      return { fen: oracle.initFen(cls) };
    }
    case "load": {
      V = await oracle.loadVariant(req.variant);
      name = req.variant;
      const fen = oracle.completeFen(name, V, req.fen || oracle.initFen(V), req.turn);
      const valid = oracle.validity(V, fen);
      vr = null;
      played = [];
      listed = [];
      // "force": load what vchess's own checks refuse (some refuse their
      // own start position: Horde, Discoduel).
      if ((!valid.IsGoodFen || !valid.IsGoodPosition) && !req.force)
        return { fen, valid, loaded: false };
      vr = new V(fen);
      return { fen, valid, loaded: true };
    }
  }
  if (!vr) throw new Error("no position loaded");
  globalThis.V = V;
  switch (req.cmd) {
    case "moves":
      return { moves: currentMoves().map(m => serialize(m, !!req.notation)), score: score() };
    case "play": {
      const moves = currentMoves();
      const m = moves[req.index];
      if (!m) throw new Error(`no move ${req.index} (${moves.length} listed)`);
      oracle.playMove(vr, m);
      played.push(m);
      return { fen: vr.getFen() };
    }
    case "undo": {
      const m = played.pop();
      if (!m) throw new Error("nothing to undo");
      oracle.undoMove(vr, m);
      listed.length = played.length + 1;
      return { fen: vr.getFen() };
    }
    case "fen":
      return { fen: vr.getFen(), score: score() };
    case "here": {
      const moves = currentMoves().map(m => serialize(m, !!req.notation));
      return { moves, fen: vr.getFen(), score: moves.length ? score() : "no moves" };
    }
    case "perft":
      return { nodes: count(req.depth | 0, !!req.stopAtEnd) };
    case "divide": {
      const s = score();
      if (gameOver(!!req.stopAtEnd)) return { moves: [], score: s };
      const out = [];
      for (const m of currentMoves()) {
        const o = serialize(m, !!req.notation);
        oracle.playMove(vr, m);
        o.nodes = count((req.depth | 0) - 1, !!req.stopAtEnd);
        oracle.undoMove(vr, m);
        out.push(o);
      }
      return { moves: out, score: s };
    }
    default:
      throw new Error("unknown cmd " + req.cmd);
  }
}

const rl = createInterface({ input: process.stdin, terminal: false });
for await (const line of rl) {
  if (!line.trim()) continue;
  let answer;
  try {
    const req = JSON.parse(line);
    answer = { ok: true, ...(await handle(req)) };
  } catch (e) {
    answer = { ok: false, error: String((e && e.stack) || e) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
