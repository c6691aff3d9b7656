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
import { register } from "node:module";
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
// Chance as a choice: vchess's randInt (utils/alea.js) asks
// globalThis.__fenpressRandInt first when it is set, so that the server can
// run a random move building once per sequence of draws (see allOutcomes).
// Registered after the harness's hooks, so that this one sees alea.js's
// source first; nothing else of vchess is touched.
register(
  "data:text/javascript," +
    encodeURIComponent(`
export async function load(url, context, nextLoad) {
  const r = await nextLoad(url, context);
  if (!url.endsWith("/utils/alea.js")) return r;
  const src = String(r.source);
  const head = "export function randInt(min, max) {";
  if (!src.includes(head)) throw new Error("alea.js: no randInt to hook");
  const hook = "if (globalThis.__fenpressRandInt) return globalThis.__fenpressRandInt(min, max);";
  return { ...r, source: src.replace(head, head + hook) };
}`)
);

// The game under test: its class, instance, played moves (for undo) and
// the move list of the last "moves" answer per ply.
let V = null;
let vr = null;
let name = null;
let played = [];
let listed = [];
// Per ply, what was already worked out at that position, so that no
// request computes it twice (vchess's move generation is most of the
// oracle's time, Allmate's above all): the serialized moves of the last
// "moves"/"here" (with the notation flag they were made with), and the
// legal moves of each child that "divide" at depth 2 listed, which become
// the position's list when that child is played.
let serialized = [];
let childLists = [];

// vchess's undo() of the multi-move games does not always put back whose
// sub-move it is: Monster's, taking back a king capture made with White's
// second move, leaves White at its first (`subTurn = captureKing ? 1 : 2`),
// so the next sibling move is played as a first one (perft 3 of
// `4k3/8/3PP3/8/8/8/2q5/7K w 0 ii -`: 956 where the tree has 998);
// Doublemove2's, taking back a king capture made with a turn's second move,
// drops the en-passant squares of the whole turn (a later turn then writes
// three: `-,-,-`). Around each play of these variants the turn, sub-turn,
// move counter and en-passant squares are saved, and put back by the undo.
const RESTORE_TURN = new Set(["Doublemove1", "Doublemove2", "Monster", "Progressive1", "Progressive2"]);
// Yote's undo() does not put back its record of each side's last step
// (a black step taken back stays recorded; taking back a black capture
// drops White's entry, and later plays then throw on an empty record), so
// a move tried while listing would change the game: its record and its
// capture stack are saved around each play and put back by the undo.
const RESTORE_LAST_MOVE = new Set(["Yote"]);
// Emergo's undo() of an entry tells the entering side by the piece's
// letter being `A` (White) or not: taking back a White shadow piece of two
// or more (`B@`...) credits Black's hand and leaves White's empty, and a
// later entry of White's then throws on the missing hand. The hands are
// saved around each play and put back by the undo.
const RESTORE_RESERVE = new Set(["Emergo"]);
// Chakart's postUndo takes back from its captured counts a capture its
// postPlay never counted (it counts one only when the move leaves no
// object behind, its postUndo whatever the move left), so a move tried
// while listing drives the counts below zero; and after taking back a
// Toadette placement onto an object it drops the reserve the placement
// came from; and its postUndo immobilizes again the last piece the move
// freed, by its letter after the undo (a piece Luigi turned, freed as its
// new side's, is written `bundefined`). The counts, the reserve and the
// board are saved around each play and put back by the undo.
const RESTORE_CAPTURED = new Set(["Chakart"]);

// Rococo's postPlay does not follow a king that an enemy swapper moved
// (it updates kingPos only for the moving piece): vchess then looks for
// that king on its old square until it moves itself. Before each move it
// plays, the oracle finds the kings on the board again, so the forgetting
// shows only at the position right after such a swap, where the listed
// deviation rococo-swapped-king-forgotten recognises it.
const REFIND_KINGS = new Set(["Rococo"]);

function refindKings() {
  for (let x = 0; x < vr.board.length; x++) {
    for (let y = 0; y < vr.board[x].length; y++) {
      const cell = vr.board[x][y];
      if (cell && cell.charAt(1) === "k") vr.kingPos[cell.charAt(0)] = [x, y];
    }
  }
}

function playMove(m) {
  if (REFIND_KINGS.has(name)) refindKings();
  if (RESTORE_TURN.has(name)) {
    const eps = vr.epSquares && vr.epSquares.map(e => (Array.isArray(e) ? e.slice() : e));
    m.__turn = [vr.turn, vr.subTurn, vr.movesCount, eps];
  }
  if (RESTORE_LAST_MOVE.has(name)) {
    m.__lastMove = [JSON.stringify(vr.lastMove), vr.captures.slice()];
  }
  if (RESTORE_RESERVE.has(name)) m.__reserve = JSON.stringify(vr.reserve);
  if (RESTORE_CAPTURED.has(name)) {
    const reserve = vr.reserve === vr.captured ? "captured" : JSON.stringify(vr.reserve);
    m.__captured = [
      JSON.stringify(vr.captured),
      vr.reserve === undefined ? null : reserve,
      vr.board.map(r => r.slice()),
    ];
  }
  oracle.playMove(vr, m);
}

function undoMove(m) {
  oracle.undoMove(vr, m);
  // Synchrone1's undo of Black's move (back to the middle of the turn)
  // leaves the kings' squares of the resolved turn (a king taken stays
  // taken); vchess's own interface never undoes. Read them from the board.
  if (name === "Synchrone1" || name === "Synchrone2") vr.scanKings();
  if (m.__turn !== undefined) {
    const [turn, subTurn, movesCount, eps] = m.__turn;
    [vr.turn, vr.subTurn, vr.movesCount] = [turn, subTurn, movesCount];
    if (eps !== undefined) vr.epSquares = eps;
    delete m.__turn;
  }
  if (m.__captured !== undefined) {
    const [captured, reserve, board] = m.__captured;
    for (let i = 0; i < board.length; i++) vr.board[i] = board[i];
    vr.captured = JSON.parse(captured);
    vr.reserve = reserve === null ? undefined : reserve === "captured" ? vr.captured : JSON.parse(reserve);
    delete m.__captured;
  }
  if (m.__reserve !== undefined) {
    vr.reserve = JSON.parse(m.__reserve);
    delete m.__reserve;
  }
  if (m.__lastMove !== undefined) {
    vr.lastMove = JSON.parse(m.__lastMove[0]);
    vr.captures = m.__lastMove[1];
    delete m.__lastMove;
  }
}

// Hiddenqueen's moves are its player's view: vchess's interface asks
// getPossibleMovesFrom, which sets `side` to the player to move (a hidden
// queen is a queen to her owner, a pawn to the opponent); its move list
// (getAllValidMoves) leaves `side` as it was, unset in the oracle, and would
// move every hidden queen as a pawn only.
const SIDE_IS_TURN = new Set(["Hiddenqueen"]);

function legalMoves() {
  if (SIDE_IS_TURN.has(name)) vr.side = vr.turn;
  if (name === "Otage") return holderMoves();
  if (name === "Synchrone1") return interfaceMoves();
  if (name === "Chakart") return chakartMoves();
  const moves = oracle.legalMoves(vr);
  if (name === "Interweave") return chainMoves(moves);
  if (name === "Football") return withKicks(moves);
  if (name === "Dynamo") return withEmptySecondPart(moves);
  if (name === "Eightpieces") return withLancerTurns(moves);
  return name === "Dice" ? perRoll(moves) : moves;
}

// Interweave's capture chain: after a capture its piece can follow, the
// site's interface (getPossibleMovesFrom) offers that piece's captures
// only, as the page says ("the move continue with this new capture");
// its move list (getAllValidMoves) would let any piece capture.
function chainMoves(moves) {
  const end = vr.lastMoveEnd[vr.lastMoveEnd.length - 1];
  if (!end) return moves;
  return moves.filter(m => m.start.x === end.x && m.start.y === end.y);
}

// Football's kicks: vchess's move list (getAllValidMoves) looks at the
// mover's pieces only, never at the ball, which belongs to no one; its
// interface lists a click on the ball (getPossibleMovesFrom: the kicks and
// the end of the turn, filtered), as the page says ("to play a kick, click
// on the ball"). The end of the turn is listed once, as for its bot.
function withKicks(moves) {
  const [x, y] = vr.ballPos;
  if (x < 0) return moves;
  return moves.concat(vr.filterValid(vr.getPotentialMovesFrom([x, y], "computer")));
}

// Otage's moves as the site's interface offers them: from every square
// its player may take (canIplay: a lone piece, or a union that player
// holds). Its move list (getAllValidMoves) asks getColor, which for a
// union is its holder code, and never moves a union whose code is 'a' or
// 'v' (the other side's piece first).
function holderMoves() {
  const moves = [];
  for (let x = 0; x < V.size.x; x++) {
    for (let y = 0; y < V.size.y; y++) {
      if (vr.board[x][y] != V.EMPTY && vr.canIplay(vr.turn, [x, y])) {
        moves.push(...vr.getPotentialMovesFrom([x, y]));
      }
    }
  }
  return vr.filterValid(moves);
}

// Synchrone1's moves as the site's interface offers them
// (getPossibleMovesFrom on each of the player's pieces): its anticipated
// recaptures only when the player is not in check, as the page says ("when
// the king is under check, a legal orthodox move must be played"); its
// move list (getAllValidMoves) adds them in check too.
function interfaceMoves() {
  const moves = [];
  for (let x = 0; x < V.size.x; x++) {
    for (let y = 0; y < V.size.y; y++) {
      if (vr.board[x][y] != V.EMPTY && vr.getColor(x, y) == vr.turn) {
        moves.push(...vr.getPossibleMovesFrom([x, y]));
      }
    }
  }
  return moves;
}

// Dynamo's empty second part: the site's interface sends it when the
// player clicks an empty square at the second part ("if an action is
// possible but you don't want to play a second part ... this will send an
// empty move"), when not in check and the first part alone does not undo
// the opponent's last turn (doClick); its move list (getAllValidMoves)
// never has it.
function withEmptySecondPart(moves) {
  if (vr.subTurn !== 2) return moves;
  const La = vr.amoves.length;
  const Lf = vr.firstMove.length;
  const undoes = La > 0 && vr.oppositeMoves(vr.amoves[La - 1], vr.firstMove[Lf - 1]);
  if (vr.underCheck(vr.turn) || undoes) return moves;
  return moves.concat([vr.getEmptyMove()]);
}

// Eightpieces' stuck lancers: the page says "to reorient a stuck lancer
// ... later in the game: click on the lancer"; the site's interface turns
// it in place then (doClick: a lancer of the side to move facing off the
// board, not just after a push), which its move list (getAllValidMoves)
// never has. Listed as legal moves (filterValid), each starting and
// ending on the lancer (doClick's end is off the board).
function withLancerTurns(moves) {
  if (vr.subTurn !== 1) return moves;
  const turns = [];
  for (let x = 0; x < V.size.x; x++) {
    for (let y = 0; y < V.size.y; y++) {
      const choices = vr.board[x][y] != V.EMPTY && vr.doClick([x, y]);
      for (const m of choices || []) {
        m.end = { x, y };
        turns.push(m);
      }
    }
  }
  return turns.length ? moves.concat(vr.filterValid(turns)) : moves;
}

// Chakart draws at random while it builds each move (getBasicMove: a
// banana's or bomb's direction, an egg's effect, the piece Luigi turns, the
// square of a rook's banana): each call of getBasicMove is run once per
// sequence of its draws (depth first, as fenpress does), and the move list
// is built again once per outcome rank, each call giving its k-th outcome
// (or, past its last, its first, marked as a repeat and dropped), so that
// the list's own steps (a pawn sent onto its last rank promotes, a queen's
// stealth copy) apply to every outcome. Its second part of a turn is the
// site's interface's (getPossibleMovesFrom on each of the player's pieces
// and, for Toadette, on each reserve square): its getAllValidMoves throws
// at King Boo's.
function allOutcomes(build) {
  const out = [];
  let script = [];
  for (;;) {
    const made = [];
    globalThis.__fenpressRandInt = (min, max) => {
      if (!max) [min, max] = [0, min];
      const k = made.length < script.length ? script[made.length] : 0;
      made.push([k, max - min]);
      return min + k;
    };
    try {
      out.push(build());
    } finally {
      delete globalThis.__fenpressRandInt;
    }
    let i = made.length - 1;
    while (i >= 0 && made[i][0] + 1 >= made[i][1]) i--;
    if (i < 0) return out;
    script = made.slice(0, i).map(m => m[0]).concat([made[i][0] + 1]);
  }
}

function chakartMoves() {
  const proto = Object.getPrototypeOf(vr);
  const basic = proto.getBasicMove;
  let calls = [];
  let rank = 0;
  let call = 0;
  vr.getBasicMove = function (...args) {
    if (call === calls.length) {
      calls.push(allOutcomes(() => JSON.stringify(basic.apply(this, args))));
    }
    const outcomes = calls[call++];
    const m = JSON.parse(outcomes[Math.min(rank, outcomes.length - 1)]);
    m.__repeat = rank >= outcomes.length;
    return m;
  };
  const list = () => {
    if (vr.subTurn === 1) return vr.getAllValidMoves();
    const moves = [];
    const toadette = vr.effects[vr.effects.length - 1] === "toadette";
    for (let x = 0; x < V.size.x; x++) {
      for (let y = 0; y < V.size.y; y++) {
        if (vr.board[x][y] != V.EMPTY && vr.getColor(x, y) == vr.turn)
          moves.push(...vr.getPotentialMovesFrom([x, y]));
      }
    }
    // Toadette's reserve: one square per kind of piece, the mover's row.
    const row = V.size.x + (vr.turn == "w" ? 0 : 1);
    if (toadette) {
      for (let y = 0; y < V.RESERVE_PIECES.length; y++)
        moves.push(...vr.getPotentialMovesFrom([row, y]));
    }
    // A second part where nothing appears (Peach's shell at Daisy's, a
    // piece a bomb sends back to its square):
    // vchess's postPlay then reads the first appearing piece and throws,
    // so it cannot be played; it is left out (listed deviation
    // chakart-daisy-shell).
    return moves.filter(m => m.appear.length > 0);
  };
  const out = [];
  try {
    for (rank = 0; rank === 0 || calls.some(c => c.length > rank); rank++) {
      call = 0;
      // A move not built by getBasicMove (Peach's shell) has no draws:
      // listed once, at the first rank.
      for (const m of list()) if (m.__repeat === false || (m.__repeat === undefined && rank === 0)) out.push(m);
    }
  } finally {
    delete vr.getBasicMove;
  }
  for (const m of out) delete m.__repeat;
  return out;
}

// Dice rolls the opponent's piece type inside getPotentialMovesFrom, at
// random among the types vchess's canMove finds after the move (the roll
// is `m.end.p`): each move is listed once per roll it may bring, each a
// copy of vchess's move with that roll, so that perft and the lists are
// the same for every roll (fenpress lists its moves so).
function perRoll(moves) {
  const out = [];
  for (const m of moves) {
    const opp = V.GetOppCol(vr.turn);
    V.PlayOnBoard(vr.board, m);
    const kinds = [];
    for (let i = 0; i < V.size.x; i++) {
      for (let j = 0; j < V.size.y; j++) {
        if (vr.board[i][j] == V.EMPTY || vr.getColor(i, j) != opp) continue;
        const p = vr.getPiece(i, j);
        if (!kinds.includes(p) && vr.canMove(p, opp, [i, j])) kinds.push(p);
      }
    }
    V.UndoOnBoard(vr.board, m);
    if (kinds.length === 0) out.push(m);
    for (const k of kinds) {
      const c = Object.assign(Object.create(Object.getPrototypeOf(m)), m);
      c.start = { ...m.start };
      c.end = { ...m.end, p: k };
      out.push(c);
    }
  }
  return out;
}

function piece(p) {
  return [oracle.sq(V, p), p.c, p.p];
}

// What a move does to the board, square by square (play, compare, undo):
// a simultaneous move (Apocalypse) is resolved in play(), not in its lists.
function boardEffect(m) {
  const before = vr.board.map(r => r.slice());
  const turn = vr.turn;
  playMove(m);
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
  undoMove(m);
  return kept ? { bv, ba, kept } : { bv, ba };
}

// Where a move starts and ends: Dynamo's empty second part (at -1, -1)
// is named by the mover's king's square, as fenpress names it.
function ends(m) {
  if (name === "Dynamo" && m.start.x < 0) {
    const [x, y] = vr.kingPos[vr.turn];
    const k = oracle.sq(V, { x, y });
    return [k, k];
  }
  return [oracle.sq(V, m.start), oracle.sq(V, m.end)];
}

function serialize(m, withNotation) {
  const [s, e] = ends(m);
  const o = {
    s,
    e,
    v: m.vanish.map(piece),
    a: m.appear.map(piece),
    ...boardEffect(m),
  };
  if (m.end.released) o.released = m.end.released;
  if (m.end.illegal) o.speculative = true;
  if (name === "Dice" && m.end.p) o.roll = m.end.p;
  if (name === "Chakart" && m.end.effect) o.effect = m.end.effect;
  if (withNotation) {
    try {
      o.n = vr.getNotation(m);
    } catch (e) {
      o.n = "?";
    }
  }
  return o;
}

// Variants whose getCurrentScore() asks atLeastOneMove(), which for them
// is exactly "getAllValidMoves() is not empty" (they override neither, and
// their filterValid judges each move alone): where the legal moves are
// already listed, the score takes the answer from the list instead of a
// move search of its own (a tenth of Allmate's oracle time).
const SCORE_FROM_LIST = new Set(["Allmate"]);

// `known`: the position's legal moves, when already listed.
function score(known) {
  // Teleport's placement step: vchess's score asks the pieces' moves, of
  // which there are none mid-turn, and would call every such position over.
  if (vr.subTurn === 2 && (name === "Teleport1" || name === "Teleport2")) return "*";
  // Swap's score mid-turn: vchess's test "the opponent had no swap" reads
  // the last swap made, none yet while the turn's own swap is to come (a
  // game from a FEN without one is won by whoever moves at move 2); the
  // game is scored after the turn.
  if (vr.subTurn === 2 && name === "Swap") return "*";
  // Dynamo's score mid-turn: vchess's atLeastOneMove looks at the mover's
  // own pieces only, so a second part that pulls an enemy piece is not
  // seen; the turn always has its second part (a first part is legal only
  // when one keeps the king safe) or its empty one.
  if (vr.subTurn === 2 && name === "Dynamo") return "*";
  // Chakart's score mid-turn: vchess's atLeastOneMove looks at the board's
  // pieces only, which have no move at Toadette's placement.
  if (vr.subTurn === 2 && name === "Chakart") return "*";
  const fromList = known !== undefined && SCORE_FROM_LIST.has(name);
  if (fromList) vr.atLeastOneMove = () => known.length > 0;
  try {
    return vr.getCurrentScore();
  } catch (e) {
    return "error: " + String(e);
  } finally {
    if (fromList) delete vr.atLeastOneMove;
  }
}

function gameOver(stopAtEnd, known) {
  return stopAtEnd && score(known) !== "*";
}

function count(depth, stopAtEnd) {
  if (depth === 0) return 1;
  const moves = legalMoves();
  // No move: the game is over whatever the score says; otherwise ask the
  // score only when it matters (it costs a move search of its own).
  if (moves.length === 0 || gameOver(stopAtEnd, moves)) return 0;
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    playMove(m);
    n += count(depth - 1, stopAtEnd);
    undoMove(m);
  }
  return n;
}

function currentMoves() {
  if (listed.length === played.length + 1) return listed[played.length];
  const moves = legalMoves();
  listed.length = played.length;
  listed.push(moves);
  return moves;
}

// The current moves serialized (boardEffect plays and undoes each one).
function currentSerialized(withNotation) {
  const ply = played.length;
  const moves = currentMoves();
  const done = serialized[ply];
  if (done && done.moves === moves && done.withNotation === withNotation) return done.list;
  const list = moves.map(m => serialize(m, withNotation));
  serialized.length = ply;
  serialized.push({ moves, withNotation, list });
  return list;
}

// Divide's leaves below one child at depth 1: its legal moves, kept for
// "play" (the same move from the same position gives the same list).
function childCount(index, stopAtEnd) {
  const moves = legalMoves();
  const ply = played.length - 1;
  childLists.length = Math.min(childLists.length, ply + 1);
  while (childLists.length <= ply) childLists.push([]);
  childLists[ply][index] = moves;
  return moves.length === 0 || gameOver(stopAtEnd, moves) ? 0 : moves.length;
}

// Checkered's game as the site creates it: "With switch" is ticked by
// default (its Options' `defaut: true`), while GenRandInitFen without
// options leaves the switch out (stage `1-`). Its start, and the fields a
// board-only FEN borrows from it, are the site's default game.
function siteDefault(variant, fen, given) {
  const full = (given || "").trim().split(/\s+/).length >= 3;
  if (variant === "Checkered" && !full) return fen.replace(/ 1-$/, " 1");
  return fen;
}

async function handle(req) {
  switch (req.cmd) {
    case "init": {
      const cls = await oracle.loadVariant(req.variant);
      return { fen: siteDefault(req.variant, oracle.initFen(cls), "") };
    }
    case "load": {
      V = await oracle.loadVariant(req.variant);
      name = req.variant;
      const fen = siteDefault(
        name,
        oracle.completeFen(name, V, req.fen || oracle.initFen(V), req.turn),
        req.fen
      );
      const valid = oracle.validity(V, fen);
      vr = null;
      played = [];
      listed = [];
      serialized = [];
      childLists = [];
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
      return { moves: currentSerialized(!!req.notation), score: score(currentMoves()) };
    case "play": {
      const moves = currentMoves();
      const m = moves[req.index];
      if (!m) throw new Error(`no move ${req.index} (${moves.length} listed)`);
      const known = childLists[played.length] && childLists[played.length][req.index];
      playMove(m);
      played.push(m);
      // The new position: nothing worked out there yet but what divide
      // listed for this child.
      listed.length = played.length;
      serialized.length = Math.min(serialized.length, played.length);
      childLists.length = Math.min(childLists.length, played.length);
      if (known) listed.push(known);
      return { fen: vr.getFen() };
    }
    case "undo": {
      const m = played.pop();
      if (!m) throw new Error("nothing to undo");
      undoMove(m);
      listed.length = played.length + 1;
      return { fen: vr.getFen() };
    }
    case "fen":
      return { fen: vr.getFen(), score: score() };
    case "here": {
      const moves = currentSerialized(!!req.notation);
      return { moves, fen: vr.getFen(), score: moves.length ? score(currentMoves()) : "no moves" };
    }
    case "perft":
      return { nodes: count(req.depth | 0, !!req.stopAtEnd) };
    case "divide": {
      const s = score(SCORE_FROM_LIST.has(name) ? currentMoves() : undefined);
      if (!!req.stopAtEnd && s !== "*") return { moves: [], score: s };
      const out = [];
      const moves = currentMoves();
      const list = currentSerialized(!!req.notation);
      const depth = req.depth | 0;
      moves.forEach((m, i) => {
        playMove(m);
        played.push(m);
        const nodes = depth === 2 ? childCount(i, !!req.stopAtEnd) : count(depth - 1, !!req.stopAtEnd);
        played.pop();
        undoMove(m);
        out.push({ ...list[i], nodes });
      });
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
