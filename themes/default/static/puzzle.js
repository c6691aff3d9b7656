// fenpress puzzles: makes each `.fp-puzzle` playable. Everything about the
// rules was computed at build time and embedded as JSON (for each position
// the solver meets: every legal move, the board after it, which moves are
// accepted, the defender's reply), so this file knows no chess at all.
// Without JavaScript the page still shows the board and the solution in a
// <details>. A move is played with the pointer (a piece, then its square),
// with the keyboard on the board (arrows move a cursor, Enter or Space
// picks, Escape drops the piece), or typed in the move box. In a variant
// with pieces in hand, each side's hand is a row above or below the board:
// a piece there is picked like a square (`@N`), then dropped on its square.
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  // The geometry of the server's diagrams (src/diagram/svg.rs).
  var SQ = 10, LEFT = 6, TOP = 1, BOTTOM = 6, RIGHT = 1, HAND_BAND = 12;
  // Standard FEN's order of a hand: queen, rook, bishop, knight, pawn.
  var HAND_ORDER = "qrbnp";
  // How long the reader sees their move before the defender replies.
  var REPLY_DELAY = 500;
  // Arrow key -> [rows, columns] on screen.
  var ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // Board text (FEN board part, decimal digit runs) to rows of cells:
  // null = empty, "#hole" = hole, else the FEN character.
  function readBoard(text, data) {
    var open = text.indexOf("[");
    if (open >= 0) text = text.slice(0, open);
    return text.split("/").map(function (row) {
      var cells = [], run = "";
      for (var i = 0; i < row.length; i++) {
        var c = row[i];
        if (c >= "0" && c <= "9") { run += c; continue; }
        if (run) { for (var n = parseInt(run, 10); n > 0; n--) cells.push(null); run = ""; }
        // An Emergo stack is two characters, one square (`a@`).
        if (data.pairs && i + 1 < row.length) { c += row[i + 1]; i++; }
        cells.push(data.hole && c === data.hole ? "#hole" : c);
      }
      if (run) { for (var m = parseInt(run, 10); m > 0; m--) cells.push(null); }
      return cells;
    });
  }

  // The hand after a board text (`...[QNn]`): per side, [letter, count]
  // pairs in standard FEN's order.
  function readHand(text) {
    var open = text.indexOf("["), hand = { white: [], black: [] }, counts = {};
    if (open < 0) return hand;
    text.slice(open + 1).replace("]", "").split("").forEach(function (c) {
      if (!/[A-Za-z]/.test(c)) return;
      if (!counts[c]) {
        counts[c] = 0;
        (c === c.toUpperCase() ? hand.white : hand.black).push(c);
      }
      counts[c] += 1;
    });
    var rank = function (c) {
      var i = HAND_ORDER.indexOf(c.toLowerCase());
      return i >= 0 ? i : HAND_ORDER.length + c.toLowerCase().charCodeAt(0);
    };
    ["white", "black"].forEach(function (side) {
      hand[side] = hand[side].sort(function (a, b) { return rank(a) - rank(b); })
        .map(function (c) { return [c, counts[c]]; });
    });
    return hand;
  }

  // Solved puzzles, remembered in this browser only (no server): page
  // path -> the day it was solved. puzzle-index.js reads the same key.
  var SOLVED_KEY = "fenpress-solved";
  function solvedMap() {
    try { return JSON.parse(localStorage.getItem(SOLVED_KEY) || "{}") || {}; } catch (e) { return {}; }
  }
  function rememberSolved(id) {
    if (!id) return;
    var all = solvedMap();
    all[id] = new Date().toISOString().slice(0, 10);
    // Private windows and full storage refuse: the puzzle still plays.
    try { localStorage.setItem(SOLVED_KEY, JSON.stringify(all)); } catch (e) { /* not remembered */ }
  }

  // Normalise typed or SAN text so that `Qxh5+` and `Qh5` match:
  // annotations, capture signs, dashes and `=` do not matter.
  function norm(text) {
    var t = text.replace(/[+#!?x:=\-\s]/g, "");
    // Castling written with zeros.
    return /^0{2,3}$/.test(t) ? t.replace(/0/g, "O") : t;
  }

  function Puzzle(root) {
    var self = this, data = JSON.parse(root.querySelector(".fp-puzzle-data").textContent);
    this.data = data;
    this.root = root;
    // FEN letter -> id of the page's piece symbol (drawn by the renderer).
    try { this.symbols = JSON.parse(root.getAttribute("data-symbols") || "{}"); } catch (e) { this.symbols = {}; }
    this.holder = root.querySelector(".fp-puzzle-board");
    this.feedback = root.querySelector(".fp-puzzle-feedback");
    this.choices = root.querySelector(".fp-puzzle-choices");
    this.input = root.querySelector(".fp-puzzle-form input");
    this.details = root.querySelector(".fp-puzzle-solution");
    // The server's text alternative of the start position; later boards
    // bring their own in the play data.
    var title = this.holder.querySelector("svg title");
    this.startText = title ? title.textContent : "";
    this.band = data.hands ? HAND_BAND : 0;
    this.svg = el("svg", {
      viewBox: "0 0 " + (LEFT + data.cols * SQ + RIGHT) + " " + (TOP + data.rows * SQ + BOTTOM + 2 * this.band),
      "class": "fp-board fp-puzzle-live",
      role: "img",
      tabindex: "0"
    });
    this.svg.addEventListener("click", function (ev) {
      var hit = ev.target.closest ? ev.target.closest("[data-square]") : null;
      if (!hit) return;
      self.keyboard = false;
      var name = hit.getAttribute("data-square");
      // A piece in hand is picked, but the keyboard cursor stays on the board.
      if (name.charAt(0) !== "@") self.cursor = name;
      self.clicked(name);
    });
    this.svg.addEventListener("keydown", function (ev) { self.key(ev); });
    this.svg.addEventListener("blur", function () {
      if (self.keyboard) { self.keyboard = false; self.draw(); }
    });
    root.querySelector(".fp-puzzle-form").addEventListener("submit", function (ev) {
      ev.preventDefault();
      self.typed(self.input.value);
    });
    this.choices.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape") self.dropChoices(true);
    });
    root.querySelector(".fp-puzzle-reset").addEventListener("click", function () { self.reset(); });
    root.querySelector(".fp-puzzle-show").addEventListener("click", function () {
      self.details.open = true;
      self.say(data.solution, "");
    });
    this.reset();
    this.holder.replaceChildren(this.svg);
    root.querySelector(".fp-puzzle-play").hidden = false;
  }

  Puzzle.prototype.reset = function () {
    // A reply still on its way belongs to the game being thrown away.
    clearTimeout(this.timer);
    this.timer = null;
    this.step = 0;
    this.selected = null;
    this.done = false;
    this.lastMove = null;
    this.board = this.data.start;
    this.text = this.startText;
    this.cursor = null;
    this.dropChoices(false);
    this.say("", "");
    this.draw();
  };

  Puzzle.prototype.say = function (text, kind) {
    this.feedback.textContent = text;
    this.feedback.className = "fp-puzzle-feedback" + (kind ? " fp-" + kind : "");
  };

  // The position the reader is to move in; none once solved or while the
  // defender's reply is pending.
  Puzzle.prototype.current = function () {
    return this.done || this.timer ? null : this.data.steps[this.step];
  };

  Puzzle.prototype.name = function (r, c) {
    return String.fromCharCode(97 + c) + (this.data.rows - r);
  };

  Puzzle.prototype.cell = function (name) {
    return [this.data.rows - parseInt(name.slice(1), 10), name.charCodeAt(0) - 97];
  };

  Puzzle.prototype.draw = function () {
    var data = this.data, svg = this.svg, self = this;
    var rows = readBoard(this.board, data);
    var flip = data.flip;
    var step = this.current();
    var top = TOP + this.band;
    var origin = function (r, c) {
      var rr = flip ? data.rows - 1 - r : r, cc = flip ? data.cols - 1 - c : c;
      return [LEFT + cc * SQ, top + rr * SQ];
    };
    var targets = {};
    if (step && this.selected) {
      step.moves.forEach(function (m) { if (m.from === self.selected) targets[m.to] = true; });
    }
    svg.replaceChildren();
    el("title", {}, svg).textContent = this.text;
    for (var r = 0; r < data.rows; r++) {
      for (var c = 0; c < data.cols; c++) {
        var cell = (rows[r] || [])[c];
        if (cell === "#hole") continue;
        var xy = origin(r, c), name = this.name(r, c);
        // As the server colours them: the top-left square of the FEN is light.
        var dark = (r + c) % 2 === 1;
        var cls = "fp-sq " + (dark ? "fp-dark" : "fp-light");
        if (name === this.selected) cls += " fp-selected";
        if (this.lastMove && (name === this.lastMove[0] || name === this.lastMove[1])) cls += " fp-last";
        var rect = el("rect", { x: xy[0], y: xy[1], width: SQ, height: SQ, "class": cls, "data-square": name }, svg);
        rect.style.fill = "var(" + (dark ? "--fp-dark,#b58863" : "--fp-light,#f0d9b5") + ")";
        if (targets[name]) {
          el("circle", { cx: xy[0] + SQ / 2, cy: xy[1] + SQ / 2, r: 1.6, "class": "fp-target", "pointer-events": "none" }, svg);
        }
      }
    }
    var coords = el("g", { "class": "fp-coord", "font-size": 3.6, "text-anchor": "middle", "font-family": "sans-serif" }, svg);
    coords.style.fill = "var(--fp-coord,#777)";
    for (var f = 0; f < data.cols; f++) {
      var file = flip ? data.cols - 1 - f : f;
      el("text", { x: LEFT + f * SQ + SQ / 2, y: top + data.rows * SQ + 4 }, coords).textContent = String.fromCharCode(97 + file);
    }
    for (var k = 0; k < data.rows; k++) {
      el("text", { x: 3, y: top + k * SQ + SQ / 2 + 1 }, coords).textContent = flip ? k + 1 : data.rows - k;
    }
    for (r = 0; r < data.rows; r++) {
      for (c = 0; c < data.cols; c++) {
        var p = (rows[r] || [])[c];
        if (!p || p === "#hole") continue;
        this.piece(origin(r, c), p, this.name(r, c));
      }
    }
    if (data.hands) {
      var hand = readHand(this.board);
      // The side at the bottom of the board has its hand below it.
      this.handRow(hand[flip ? "white" : "black"], TOP);
      this.handRow(hand[flip ? "black" : "white"], top + data.rows * SQ + BOTTOM + this.band - SQ - 1);
    }
    if (this.keyboard && this.cursor) {
      var at = this.cell(this.cursor), cxy = origin(at[0], at[1]);
      el("rect", {
        x: cxy[0] + 0.4, y: cxy[1] + 0.4, width: SQ - 0.8, height: SQ - 0.8,
        "class": "fp-cursor", "data-cursor": this.cursor, "pointer-events": "none"
      }, svg);
    }
  };

  // One side's hand from the board's left edge: a cell per kind held,
  // named `@` and the letter so that it is picked like a square, with its
  // piece and its count; the selected one is highlighted.
  Puzzle.prototype.handRow = function (pieces, y) {
    var self = this;
    pieces.forEach(function (held, i) {
      var name = "@" + held[0], x = LEFT + i * SQ;
      var cls = "fp-sq fp-hand" + (name === self.selected ? " fp-selected" : "");
      var rect = el("rect", { x: x, y: y, width: SQ, height: SQ, "class": cls, "data-square": name, "data-count": held[1] }, self.svg);
      rect.style.fill = "var(--fp-hand,#e4e0d8)";
      self.piece([x, y], held[0], name, "fp-hand-piece");
      var n = el("text", {
        x: x + SQ - 0.8, y: y + SQ - 0.8, "font-size": 4, "font-weight": "bold", "text-anchor": "end",
        "font-family": "sans-serif", "class": "fp-hand-count", "data-square": name, "paint-order": "stroke",
        "stroke-width": 0.8
      }, self.svg);
      n.style.fill = "var(--fp-coord-strong,#222)";
      n.style.stroke = "#fff";
      n.textContent = held[1];
    });
  };

  // A piece: the page's piece symbol (named in `data-symbols`), else a
  // lettered disc as the server's diagrams draw it.
  Puzzle.prototype.piece = function (xy, ch, square, cls) {
    var cx = xy[0] + SQ / 2, cy = xy[1] + SQ / 2;
    var white = ch >= "A" && ch <= "Z", black = ch >= "a" && ch <= "z";
    var g = el("g", { "data-square": square, "data-piece": ch, "class": cls || "fp-piece" }, this.svg);
    var id = this.symbols[ch];
    if (id && document.getElementById(id)) {
      el("use", { href: "#" + id, x: xy[0], y: xy[1], width: SQ, height: SQ, "data-square": square }, g);
      return;
    }
    var disc = el("circle", { cx: cx, cy: cy, r: 4.1, "stroke-width": 0.5, "data-square": square }, g);
    var text = el("text", {
      x: cx, y: cy + 1.9, "font-size": 5.5, "font-weight": "bold", "text-anchor": "middle",
      "font-family": "sans-serif", "data-square": square
    }, g);
    text.textContent = ch.toUpperCase();
    var kind = white ? "white" : black ? "black" : "other";
    var fallback = { white: ["#fff", "#222"], black: ["#222", "#fff"], other: ["#9a7fc0", "#fff"] }[kind];
    disc.style.fill = "var(--fp-piece-" + kind + "," + fallback[0] + ")";
    disc.style.stroke = "var(--fp-piece-edge,#555)";
    text.style.fill = "var(--fp-piece-" + kind + "-text," + fallback[1] + ")";
  };

  Puzzle.prototype.key = function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var arrow = ARROWS[ev.key];
    if (!arrow && ev.key !== "Enter" && ev.key !== " " && ev.key !== "Escape") return;
    ev.preventDefault();
    this.keyboard = true;
    if (!this.cursor) {
      // Start on a piece that can move: its first legal move's square (a
      // drop's square when only drops are left; the cursor stays on the board).
      var step = this.current() || this.data.steps[0];
      var first = step.moves.filter(function (m) { return m.from.charAt(0) !== "@"; })[0] || step.moves[0];
      this.cursor = this.selected && this.selected.charAt(0) !== "@" ? this.selected : (first.from.charAt(0) === "@" ? first.to : first.from);
      if (arrow) { this.draw(); return; }
    }
    if (arrow) this.moveCursor(arrow[0], arrow[1]);
    else if (ev.key === "Escape") this.selected = null;
    else { this.clicked(this.cursor); return; }
    this.draw();
  };

  // One square in a direction on screen; holes are jumped, the edge stops.
  Puzzle.prototype.moveCursor = function (dr, dc) {
    var data = this.data, rows = readBoard(this.board, data), at = this.cell(this.cursor);
    if (data.flip) { dr = -dr; dc = -dc; }
    for (var r = at[0] + dr, c = at[1] + dc; r >= 0 && r < data.rows && c >= 0 && c < data.cols; r += dr, c += dc) {
      if ((rows[r] || [])[c] !== "#hole") { this.cursor = this.name(r, c); return; }
    }
  };

  // A square picked with the pointer or the keyboard: select a piece, or
  // move the selected one there.
  Puzzle.prototype.clicked = function (sq) {
    var step = this.current();
    this.dropChoices(false);
    if (step) this.pick(step, sq);
    this.draw();
  };

  Puzzle.prototype.pick = function (step, sq) {
    var hasMoves = function (from) { return step.moves.some(function (m) { return m.from === from; }); };
    if (!this.selected || sq === this.selected) {
      this.selected = (!this.selected && hasMoves(sq)) ? sq : null;
      return;
    }
    var from = this.selected;
    var found = step.moves.filter(function (m) { return m.from === from && m.to === sq; });
    if (!found.length && hasMoves(sq)) {
      this.selected = sq;
      return;
    }
    this.selected = null;
    if (!found.length) {
      this.say(this.data.t.illegal, "illegal");
      return;
    }
    this.offer(found);
  };

  // Whether a typed text can be a move here: it names a square of the
  // board (`Qh5`, `d1h5`, `N@f7`) or castles (`O-O`). `zz9` cannot: the
  // reader is told it was not understood, not that it is illegal.
  Puzzle.prototype.readable = function (text) {
    if (/^[o0](-[o0]){1,2}/i.test(text)) return true;
    var squares = /([a-z])(\d+)/g, m;
    while ((m = squares.exec(text.toLowerCase()))) {
      var col = m[1].charCodeAt(0) - 97, rank = parseInt(m[2], 10);
      if (col < this.data.cols && rank >= 1 && rank <= this.data.rows) return true;
    }
    return false;
  };

  Puzzle.prototype.typed = function (text) {
    var step = this.current();
    text = text.trim();
    if (!step || !text) return;
    this.dropChoices(false);
    if (!this.readable(text)) {
      this.say(this.data.t.unreadable, "unreadable");
      return;
    }
    var want = norm(text), coords = norm(text.toLowerCase());
    var found = step.moves.filter(function (m) {
      return norm(m.san) === want || m.uci === coords || m.from + m.to === coords;
    });
    if (!found.length) {
      // `qh5` for `Qh5`, once the exact reading (`bxc3`, a pawn) found nothing.
      found = step.moves.filter(function (m) { return norm(m.san.toLowerCase()) === coords; });
    }
    if (!found.length) {
      this.say(this.data.t.illegal, "illegal");
      return;
    }
    this.input.value = "";
    this.selected = null;
    this.offer(found);
  };

  // One move, or a choice between the moves the reader's squares or text
  // leave open (promotions, Baroque moves that share squares).
  Puzzle.prototype.offer = function (found) {
    var self = this;
    if (found.length === 1) { this.play(found[0]); return; }
    this.back = document.activeElement;
    this.choices.replaceChildren(document.createTextNode(this.data.t.choose + " "));
    found.forEach(function (m) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = m.san;
      b.addEventListener("click", function () { self.dropChoices(true); self.play(m); });
      self.choices.appendChild(b);
      self.choices.appendChild(document.createTextNode(" "));
    });
    this.choices.hidden = false;
    this.choices.querySelector("button").focus();
  };

  // Hides the choice; with `refocus`, focus goes back where the move was
  // made (the board or the move box).
  Puzzle.prototype.dropChoices = function (refocus) {
    var back = this.back;
    this.back = null;
    if (this.choices.hidden) return;
    this.choices.hidden = true;
    this.choices.replaceChildren();
    if (refocus && back && back.focus) back.focus();
  };

  Puzzle.prototype.play = function (m) {
    var step = this.current(), self = this, t = this.data.t;
    if (!step) return;
    if (step.expected.indexOf(step.moves.indexOf(m)) < 0) {
      this.say(m.san + ": " + t.not_solution, "wrong");
      this.draw();
      return;
    }
    this.selected = null;
    this.board = m.board;
    this.text = m.text || this.text;
    this.lastMove = [m.from, m.to];
    if (this.step + 1 >= this.data.steps.length) {
      this.done = true;
      this.say(m.san + " — " + t.solved, "solved");
      this.draw();
      this.solved();
      return;
    }
    this.say(m.san + " — " + t.correct, "correct");
    var replies = step.replies;
    if (replies.length) {
      this.timer = setTimeout(function () {
        var last = replies[replies.length - 1];
        self.timer = null;
        self.board = last.board;
        self.text = last.text;
        self.lastMove = null;
        self.step += 1;
        self.say(m.san + " — " + t.correct + " " +
          replies.map(function (x) { return x.san; }).join(" ") + ". " + t.your_move + "?", "correct");
        self.draw();
      }, REPLY_DELAY);
    } else {
      this.step += 1;
    }
    this.draw();
  };

  // Solved: remember it, and bring the next puzzle forward (the link is
  // drawn as the page's main action; the focus stays where the reader is).
  Puzzle.prototype.solved = function () {
    var page = this.root.closest ? this.root.closest("[data-puzzle-id]") : null;
    if (page) rememberSolved(page.getAttribute("data-puzzle-id"));
    var next = document.querySelector(".fp-puzzle-next");
    if (next) next.classList.add("fp-puzzle-next-ready");
  };

  // A puzzle solved on an earlier visit says so.
  function markSolvedBefore() {
    var page = document.querySelector("[data-puzzle-id]");
    var note = document.querySelector(".fp-puzzle-solved-before");
    if (page && note && solvedMap()[page.getAttribute("data-puzzle-id")]) note.hidden = false;
  }

  function start() {
    markSolvedBefore();
    var all = document.querySelectorAll(".fp-puzzle");
    for (var i = 0; i < all.length; i++) {
      if (!all[i].querySelector(".fp-puzzle-data")) continue;
      // A puzzle that cannot start keeps its static board and solution.
      try { new Puzzle(all[i]); } catch (e) { console.error("fenpress puzzle:", e); }
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
