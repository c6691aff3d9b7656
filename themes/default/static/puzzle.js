// fenpress puzzles: makes each `.fp-puzzle` playable. Everything about the
// rules was computed at build time and embedded as JSON (for each position
// the solver meets: every legal move, the board after it, which moves are
// accepted, the defender's reply), so this file knows no chess at all.
// Without JavaScript the page still shows the board and the solution in a
// <details>.
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  // The geometry of the server's diagrams (src/diagram/svg.rs).
  var SQ = 10, LEFT = 6, TOP = 1, BOTTOM = 6, RIGHT = 1;

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // Board text (FEN board part, decimal digit runs) to rows of cells:
  // null = empty, "#hole" = hole, else the FEN character.
  function readBoard(text, data) {
    return text.split("/").map(function (row) {
      var cells = [], run = "";
      for (var i = 0; i < row.length; i++) {
        var c = row[i];
        if (c >= "0" && c <= "9") { run += c; continue; }
        if (run) { for (var n = parseInt(run, 10); n > 0; n--) cells.push(null); run = ""; }
        cells.push(data.hole && c === data.hole ? "#hole" : c);
      }
      if (run) { for (var m = parseInt(run, 10); m > 0; m--) cells.push(null); }
      return cells;
    });
  }

  function squareName(row, col, data) {
    return String.fromCharCode(97 + col) + (data.rows - row);
  }

  // Normalise typed or SAN text so `Qxh5+`, `Qh5` and `qh5` variants match:
  // annotations, capture signs, dashes and `=` do not matter.
  function norm(text) {
    var t = text.replace(/[+#!?x:=\-\s]/g, "");
    // Castling written with zeros.
    return /^0{2,3}$/.test(t) ? t.replace(/0/g, "O") : t;
  }

  function Puzzle(root) {
    var script = root.querySelector(".fp-puzzle-data");
    this.data = JSON.parse(script.textContent);
    this.root = root;
    // FEN letter -> id of the page's piece symbol (drawn by the renderer).
    try { this.symbols = JSON.parse(root.getAttribute("data-symbols") || "{}"); } catch (e) { this.symbols = {}; }
    this.holder = root.querySelector(".fp-puzzle-board");
    this.feedback = root.querySelector(".fp-puzzle-feedback");
    this.choices = root.querySelector(".fp-puzzle-choices");
    this.input = root.querySelector(".fp-puzzle-form input");
    this.details = root.querySelector(".fp-puzzle-solution");
    var self = this;
    root.querySelector(".fp-puzzle-play").hidden = false;
    root.querySelector(".fp-puzzle-form").addEventListener("submit", function (ev) {
      ev.preventDefault();
      self.typed(self.input.value);
    });
    root.querySelector(".fp-puzzle-reset").addEventListener("click", function () { self.reset(); });
    root.querySelector(".fp-puzzle-show").addEventListener("click", function () {
      self.details.open = true;
      self.say(self.data.solution, "");
    });
    this.reset();
  }

  Puzzle.prototype.reset = function () {
    this.step = 0;
    this.selected = null;
    this.done = false;
    this.lastMove = null;
    this.board = this.data.start;
    this.choices.hidden = true;
    this.say("", "");
    this.draw();
  };

  Puzzle.prototype.say = function (text, kind) {
    this.feedback.textContent = text;
    this.feedback.className = "fp-puzzle-feedback" + (kind ? " fp-" + kind : "");
  };

  Puzzle.prototype.current = function () {
    return this.done ? null : this.data.steps[this.step];
  };

  Puzzle.prototype.draw = function () {
    var data = this.data, self = this;
    var rows = readBoard(this.board, data);
    var flip = data.flip;
    var width = LEFT + data.cols * SQ + RIGHT, height = TOP + data.rows * SQ + BOTTOM;
    var svg = el("svg", {
      viewBox: "0 0 " + width + " " + height,
      "class": "fp-board fp-puzzle-live",
      role: "img",
      "aria-label": this.holder.querySelector("svg") ?
        this.holder.querySelector("svg").getAttribute("aria-label") : ""
    });
    var step = this.current();
    var origin = function (r, c) {
      var rr = flip ? data.rows - 1 - r : r, cc = flip ? data.cols - 1 - c : c;
      return [LEFT + cc * SQ, TOP + rr * SQ];
    };
    var targets = {};
    if (step && this.selected) {
      step.moves.forEach(function (m) { if (m.from === self.selected) targets[m.to] = true; });
    }
    for (var r = 0; r < data.rows; r++) {
      for (var c = 0; c < data.cols; c++) {
        var cell = (rows[r] || [])[c];
        if (cell === "#hole") continue;
        var xy = origin(r, c), name = squareName(r, c, data);
        var dark = ((c + (data.rows - 1 - r)) % 2) === 0;
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
      el("text", { x: LEFT + f * SQ + SQ / 2, y: TOP + data.rows * SQ + 4 }, coords).textContent = String.fromCharCode(97 + file);
    }
    for (var k = 0; k < data.rows; k++) {
      el("text", { x: 3, y: TOP + k * SQ + SQ / 2 + 1 }, coords).textContent = flip ? k + 1 : data.rows - k;
    }
    for (r = 0; r < data.rows; r++) {
      for (c = 0; c < data.cols; c++) {
        var p = (rows[r] || [])[c];
        if (!p || p === "#hole") continue;
        this.piece(svg, origin(r, c), p, squareName(r, c, data));
      }
    }
    svg.addEventListener("click", function (ev) {
      var sq = ev.target.getAttribute && ev.target.getAttribute("data-square");
      if (!sq) {
        // A click on a piece: find the square under it.
        var g = ev.target.closest ? ev.target.closest("[data-square]") : null;
        sq = g && g.getAttribute("data-square");
      }
      if (sq) self.clicked(sq);
    });
    this.holder.innerHTML = "";
    this.holder.appendChild(svg);
  };

  // A piece: the page's piece symbol (named in `data-symbols`), else a
  // lettered disc as the server's diagrams draw it.
  Puzzle.prototype.piece = function (svg, xy, ch, square) {
    var cx = xy[0] + SQ / 2, cy = xy[1] + SQ / 2;
    var white = ch >= "A" && ch <= "Z", black = ch >= "a" && ch <= "z";
    var g = el("g", { "data-square": square, "class": "fp-piece" }, svg);
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

  Puzzle.prototype.clicked = function (sq) {
    var step = this.current();
    if (!step) return;
    var hasMoves = function (from) { return step.moves.some(function (m) { return m.from === from; }); };
    if (!this.selected || sq === this.selected) {
      this.selected = (!this.selected && hasMoves(sq)) ? sq : null;
      this.draw();
      return;
    }
    var from = this.selected;
    var found = step.moves.filter(function (m) { return m.from === from && m.to === sq; });
    if (!found.length && hasMoves(sq)) {
      this.selected = sq;
      this.draw();
      return;
    }
    this.selected = null;
    if (!found.length) {
      this.say(this.data.t.illegal, "illegal");
      this.draw();
      return;
    }
    this.offer(found);
  };

  Puzzle.prototype.typed = function (text) {
    var step = this.current();
    if (!step || !text.trim()) return;
    var want = norm(text.trim());
    var found = step.moves.filter(function (m) {
      return norm(m.san) === want || m.uci === text.trim().toLowerCase() ||
        norm(m.from + m.to) === want;
    });
    if (!found.length) {
      this.say(this.data.t.illegal, "illegal");
      return;
    }
    this.input.value = "";
    this.offer(found);
  };

  // One move, or a choice (promotions, Baroque moves that share squares).
  Puzzle.prototype.offer = function (found) {
    var self = this;
    if (found.length === 1) { this.play(found[0]); return; }
    this.choices.innerHTML = "";
    this.choices.appendChild(document.createTextNode(this.data.t.choose + " "));
    found.forEach(function (m) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = m.san;
      b.addEventListener("click", function () { self.choices.hidden = true; self.play(m); });
      self.choices.appendChild(b);
      self.choices.appendChild(document.createTextNode(" "));
    });
    this.choices.hidden = false;
  };

  Puzzle.prototype.play = function (m) {
    var step = this.current(), self = this, t = this.data.t;
    var index = step.moves.indexOf(m);
    if (step.expected.indexOf(index) < 0) {
      this.say(m.san + ": " + t.not_solution, "wrong");
      this.draw();
      return;
    }
    this.board = m.board;
    this.lastMove = [m.from, m.to];
    if (this.step + 1 >= this.data.steps.length) {
      this.done = true;
      this.say(m.san + " — " + t.solved, "solved");
      this.draw();
      return;
    }
    this.say(m.san + " — " + t.correct, "correct");
    this.draw();
    if (step.replies.length) {
      setTimeout(function () {
        var r = step.replies[step.replies.length - 1];
        self.board = r.board;
        self.lastMove = null;
        self.step += 1;
        self.say(m.san + " — " + t.correct + " " +
          step.replies.map(function (x) { return x.san; }).join(" ") + ". " + t.your_move + "?", "correct");
        self.draw();
      }, 500);
    } else {
      this.step += 1;
      this.draw();
    }
  };

  function start() {
    var all = document.querySelectorAll(".fp-puzzle");
    for (var i = 0; i < all.length; i++) {
      if (all[i].querySelector(".fp-puzzle-data")) {
        try { new Puzzle(all[i]); } catch (e) { /* the static page stays */ }
      }
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
