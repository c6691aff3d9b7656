// Explorable diagrams. A fully verified board carries its legal moves
// (`data-moves="g1:f3,h3;..."`, found by fenpress's rules core when the
// site was built) and its grid (`data-grid="cols rows left top size flip"`).
// Here a reader selects a piece with the mouse, a tap or the keyboard and
// sees the squares it can go to; a live region says the same in words.
// Without this script the board is the same drawing, still.
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var WORDS = {
    en: { moves: "{n} moves: {list}", one: "1 move: {list}", none: "{square}: no legal move", help: "Arrow keys choose a square, Enter shows the moves of the piece on it, Escape clears.", cleared: "Selection cleared" },
    fr: { moves: "{n} coups : {list}", one: "1 coup : {list}", none: "{square} : aucun coup légal", help: "Les flèches choisissent une case, Entrée montre les coups de la pièce qui s'y trouve, Échap efface.", cleared: "Sélection effacée" },
    es: { moves: "{n} movimientos: {list}", one: "1 movimiento: {list}", none: "{square}: ningún movimiento legal", help: "Las flechas eligen una casilla, Intro muestra los movimientos de la pieza que está en ella, Escape borra.", cleared: "Selección borrada" }
  };
  var lang = (document.documentElement.lang || "en").slice(0, 2);
  var words = WORDS[lang] || WORDS.en;
  var live = null;

  function say(text) {
    if (!live) return;
    // Emptied first so the same sentence twice is announced twice.
    live.textContent = "";
    window.setTimeout(function () { live.textContent = text; }, 30);
  }

  function parseMoves(text) {
    var moves = {};
    text.split(";").forEach(function (entry) {
      var parts = entry.split(":");
      if (parts.length === 2 && parts[1]) moves[parts[0]] = parts[1].split(",");
    });
    return moves;
  }

  function Board(svg) {
    var g = svg.getAttribute("data-grid").split(" ").map(Number);
    this.svg = svg;
    this.cols = g[0]; this.rows = g[1]; this.left = g[2]; this.top = g[3]; this.size = g[4];
    this.flip = g[5] === 1;
    this.moves = parseMoves(svg.getAttribute("data-moves"));
    this.layer = null;
    this.selected = null;
    // The keyboard cursor, in drawn cells (0,0 = top left as seen).
    this.cursor = null;
    var title = svg.querySelector("title");
    this.title = title ? title.textContent : "";
  }

  // A square's name from its drawn cell, and back.
  Board.prototype.name = function (drawnCol, drawnRow) {
    var col = this.flip ? this.cols - 1 - drawnCol : drawnCol;
    var row = this.flip ? this.rows - 1 - drawnRow : drawnRow;
    return String.fromCharCode(97 + col) + (this.rows - row);
  };
  Board.prototype.cell = function (name) {
    var col = name.charCodeAt(0) - 97;
    var row = this.rows - parseInt(name.slice(1), 10);
    return this.flip ? [this.cols - 1 - col, this.rows - 1 - row] : [col, row];
  };

  // The square under a pointer event, or null off the board.
  Board.prototype.squareAt = function (event) {
    var matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    var point = this.svg.createSVGPoint();
    point.x = event.clientX; point.y = event.clientY;
    var p = point.matrixTransform(matrix.inverse());
    var c = Math.floor((p.x - this.left) / this.size);
    var r = Math.floor((p.y - this.top) / this.size);
    if (c < 0 || r < 0 || c >= this.cols || r >= this.rows) return null;
    return this.name(c, r);
  };

  // "knight g1" from the text alternative ("White: king e1, knight g1").
  Board.prototype.pieceOn = function (square) {
    var pattern = new RegExp("([^,;:]*?)\\s*" + square + "(?![0-9])");
    var found = pattern.exec(this.title);
    var piece = found ? found[1].trim() : "";
    return piece ? piece + " " + square : square;
  };

  Board.prototype.draw = function () {
    if (this.layer) this.layer.remove();
    var layer = document.createElementNS(NS, "g");
    layer.setAttribute("class", "fp-explore");
    layer.setAttribute("aria-hidden", "true");
    var size = this.size, self = this;
    function at(square) {
      var cell = self.cell(square);
      return [self.left + cell[0] * size, self.top + cell[1] * size];
    }
    if (this.selected) {
      var from = at(this.selected);
      var frame = document.createElementNS(NS, "rect");
      frame.setAttribute("class", "fp-explore-from");
      frame.setAttribute("x", from[0] + 0.5); frame.setAttribute("y", from[1] + 0.5);
      frame.setAttribute("width", size - 1); frame.setAttribute("height", size - 1);
      frame.setAttribute("data-square", this.selected);
      layer.appendChild(frame);
      (this.moves[this.selected] || []).forEach(function (square) {
        var xy = at(square);
        var dot = document.createElementNS(NS, "circle");
        dot.setAttribute("class", "fp-explore-to");
        dot.setAttribute("cx", xy[0] + size / 2); dot.setAttribute("cy", xy[1] + size / 2);
        dot.setAttribute("r", size * 0.17);
        dot.setAttribute("data-square", square);
        layer.appendChild(dot);
      });
    }
    if (this.cursor) {
      var box = document.createElementNS(NS, "rect");
      box.setAttribute("class", "fp-explore-cursor");
      box.setAttribute("x", this.left + this.cursor[0] * size + 0.4);
      box.setAttribute("y", this.top + this.cursor[1] * size + 0.4);
      box.setAttribute("width", size - 0.8); box.setAttribute("height", size - 0.8);
      layer.appendChild(box);
    }
    this.svg.appendChild(layer);
    this.layer = layer;
  };

  // Selects the piece on `square` (again: clears), and says its moves.
  Board.prototype.choose = function (square) {
    if (!square || square === this.selected) {
      if (this.selected) say(words.cleared);
      this.selected = null;
    } else if (this.moves[square]) {
      this.selected = square;
      var list = this.moves[square];
      var sentence = (list.length === 1 ? words.one : words.moves)
        .replace("{n}", list.length).replace("{list}", list.join(", "));
      say(this.pieceOn(square) + ": " + sentence);
    } else {
      this.selected = null;
      if (this.pieceOn(square) !== square) say(words.none.replace("{square}", this.pieceOn(square)));
    }
    this.draw();
  };

  Board.prototype.key = function (event) {
    var steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (steps[event.key]) {
      var start = this.cursor || (this.selected ? this.cell(this.selected) : [0, this.rows - 1]);
      var step = steps[event.key];
      this.cursor = [
        Math.min(this.cols - 1, Math.max(0, start[0] + step[0])),
        Math.min(this.rows - 1, Math.max(0, start[1] + step[1]))
      ];
      var square = this.name(this.cursor[0], this.cursor[1]);
      say(this.pieceOn(square));
      this.draw();
    } else if (event.key === "Enter" || event.key === " ") {
      var here = this.cursor ? this.name(this.cursor[0], this.cursor[1]) : null;
      this.choose(here);
    } else if (event.key === "Escape") {
      this.cursor = null;
      this.choose(null);
    } else {
      return;
    }
    event.preventDefault();
  };

  function enhance(svg) {
    var board = new Board(svg);
    svg.classList.add("fp-explorable");
    svg.setAttribute("tabindex", "0");
    svg.addEventListener("click", function (event) {
      board.cursor = null;
      board.choose(board.squareAt(event));
    });
    svg.addEventListener("keydown", function (event) { board.key(event); });
    svg.addEventListener("focus", function () { say(words.help); });
    svg.addEventListener("blur", function () {
      board.cursor = null;
      board.draw();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var boards = document.querySelectorAll("svg.fp-board[data-moves][data-grid]");
    if (!boards.length) return;
    live = document.createElement("p");
    live.className = "fp-sr-only";
    live.setAttribute("aria-live", "polite");
    live.setAttribute("id", "fp-explore-live");
    document.body.appendChild(live);
    Array.prototype.forEach.call(boards, enhance);
  });
})();
