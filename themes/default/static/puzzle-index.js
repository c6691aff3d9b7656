// fenpress puzzle index: the filters (variant, goal, hide solved), the
// marks of puzzles solved in this browser, and the puzzle of the day. The
// list is the build's, easiest first; without JavaScript it shows whole.
// Solved puzzles are read from the key puzzle.js writes when one is solved.
(function () {
  "use strict";
  var SOLVED_KEY = "fenpress-solved";
  var DAY_MS = 24 * 60 * 60 * 1000;

  function solvedMap() {
    try { return JSON.parse(localStorage.getItem(SOLVED_KEY) || "{}") || {}; } catch (e) { return {}; }
  }

  function start() {
    var list = document.querySelector(".fp-puzzle-list");
    var form = document.querySelector(".fp-puzzle-filters");
    if (!list || !form) return;
    var fields = {
      variant: form.querySelector('[name="variant"]'),
      goal: form.querySelector('[name="goal"]'),
      unsolved: form.querySelector('[name="unsolved"]')
    };
    var items = Array.prototype.slice.call(list.querySelectorAll("li[data-id]"));
    var none = document.querySelector(".fp-puzzle-none");
    var solved = solvedMap();
    var solvedText = list.getAttribute("data-solved-text") || "";

    items.forEach(function (li) {
      if (!solved[li.getAttribute("data-id")]) return;
      li.classList.add("fp-solved");
      var mark = document.createElement("span");
      mark.className = "fp-solved-mark";
      mark.textContent = " ✓ " + solvedText;
      li.appendChild(mark);
    });

    // The filters' state lives in the address (`#variant=Chess&goal=mate-2`),
    // so a filtered list can be shared and survives going back.
    function readHash() {
      var state = {};
      location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
        var kv = pair.split("=");
        if (kv.length === 2) state[decodeURIComponent(kv[0])] = decodeURIComponent(kv[1]);
      });
      return state;
    }
    function apply() {
      var variant = fields.variant.value, goal = fields.goal.value;
      var unsolved = fields.unsolved.checked, shown = 0;
      items.forEach(function (li) {
        var show = (!variant || li.getAttribute("data-variant") === variant) &&
          (!goal || li.getAttribute("data-goal") === goal) &&
          !(unsolved && li.classList.contains("fp-solved"));
        li.hidden = !show;
        if (show) shown += 1;
      });
      if (none) none.hidden = shown > 0;
    }
    function choose(select, value) {
      for (var i = 0; i < select.options.length; i++) {
        if (select.options[i].value === value) { select.value = value; return; }
      }
    }
    var state = readHash();
    if (state.variant) choose(fields.variant, state.variant);
    if (state.goal) choose(fields.goal, state.goal);
    fields.unsolved.checked = state.unsolved === "1";
    form.addEventListener("change", function () {
      var parts = [];
      if (fields.variant.value) parts.push("variant=" + encodeURIComponent(fields.variant.value));
      if (fields.goal.value) parts.push("goal=" + encodeURIComponent(fields.goal.value));
      if (fields.unsolved.checked) parts.push("unsolved=1");
      history.replaceState(null, "", parts.length ? "#" + parts.join("&") : location.pathname + location.search);
      apply();
    });
    form.hidden = false;
    apply();

    // The puzzle of the day: the same for every reader on a given day
    // (UTC), taken from the build's list in its order.
    if (items.length) {
      var day = Math.floor(Date.now() / DAY_MS);
      var li = items[day % items.length];
      var link = li.querySelector("a"), meta = li.querySelector(".fp-puzzle-meta");
      var box = document.querySelector(".fp-puzzle-daily");
      if (box && link) {
        var target = box.querySelector(".fp-puzzle-daily-link");
        target.href = link.getAttribute("href");
        target.textContent = link.textContent;
        // The list's own meta (variant, goal, difficulty dots and their
        // words for screen readers), copied whole.
        var into = box.querySelector(".fp-puzzle-daily-meta");
        into.textContent = "";
        if (meta) into.appendChild(meta.cloneNode(true));
        box.hidden = false;
      }
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
