// fenpress serve: live reload and the build-error overlay. `fenpress serve`
// puts this into the HTML pages it serves (never into a built site); the
// messages come from one Server-Sent Events endpoint (src/serve/events.rs).
(function () {
  "use strict";
  var me = document.currentScript;
  var server = me.getAttribute("data-server");
  var build = Number(me.getAttribute("data-build"));
  var key = "fenpress-scroll:" + location.pathname;

  // Back where the page was before it reloaded itself.
  var saved = sessionStorage.getItem(key);
  if (saved !== null) {
    sessionStorage.removeItem(key);
    var xy = saved.split(",").map(Number);
    var restore = function () { window.scrollTo(xy[0], xy[1]); };
    if (document.readyState === "complete") restore();
    else window.addEventListener("load", restore);
  }

  function reload() {
    sessionStorage.setItem(key, window.scrollX + "," + window.scrollY);
    location.reload();
  }

  function here() {
    var path = location.pathname.replace(/index\.html$/, "");
    try { return decodeURI(path); } catch (e) { return path; }
  }

  var overlay = null;
  function hide() {
    if (overlay) { overlay.remove(); overlay = null; }
  }
  function show(message) {
    hide();
    overlay = document.createElement("div");
    overlay.id = "fenpress-overlay";
    overlay.setAttribute("role", "alert");
    overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;" +
      "margin:0;padding:1.5em 2em;background:rgba(24,24,24,.94);color:#eee;" +
      "font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;text-align:left";
    var close = document.createElement("button");
    close.textContent = "\u00d7";
    close.title = "Hide until the next build";
    close.style.cssText = "float:right;font-size:1.5em;background:none;color:inherit;border:0;cursor:pointer";
    close.onclick = hide;
    var title = document.createElement("div");
    title.textContent = message.summary;
    title.style.cssText = "color:#ff7b72;font-weight:bold;margin-bottom:1em";
    var text = document.createElement("pre");
    text.textContent = message.errors.join("\n");
    text.style.cssText = "white-space:pre-wrap;margin:0";
    var note = document.createElement("div");
    note.textContent = message.blocked
      ? "Still showing the last good build. Fix the sources and save: this page updates by itself."
      : "Each diagram shows its status over it in its page (proved, board only, or failed with the reason). Fix the sources and save: this page updates by itself.";
    note.style.cssText = "margin-top:1em;color:#aaa";
    overlay.append(close, title, text, note);
    document.documentElement.appendChild(overlay);
  }

  // Each diagram block's status over its diagram, for the author only:
  // the statuses come from serve (a built page never holds them), in the
  // order of the page's blocks, each drawn as a figure or an error box.
  function showStatuses() {
    var data = document.getElementById("fenpress-statuses");
    if (!data) return;
    var statuses;
    try { statuses = JSON.parse(data.textContent); } catch (e) { return; }
    var blocks = document.querySelectorAll("figure.fp-diagram, .fp-diagram-error");
    var colours = { proved: "#1a7f37", board: "#9a6700", failed: "#cf222e" };
    var marks = { proved: "\u2713 ", board: "\u25a1 ", failed: "\u2717 " };
    for (var i = 0; i < statuses.length && i < blocks.length; i++) {
      var s = statuses[i];
      var badge = document.createElement("div");
      badge.className = "fenpress-status fenpress-status-" + s.status;
      badge.textContent = (marks[s.status] || "? ") + s.word + (s.reason ? ": " + s.reason : "");
      badge.title = "fenpress serve: this diagram's verification (not shown in the built site)";
      badge.style.cssText = "position:absolute;top:0;left:0;z-index:2147483646;max-width:100%;" +
        "padding:.1em .4em;font:12px/1.4 system-ui,sans-serif;color:#fff;opacity:.92;" +
        "background:" + (colours[s.status] || "#57606a") + ";pointer-events:none";
      var block = blocks[i];
      if (getComputedStyle(block).position === "static") block.style.position = "relative";
      block.appendChild(badge);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showStatuses);
  else showStatuses();

  var events = new EventSource("/__fenpress/events");
  events.addEventListener("hello", function (e) {
    var m = JSON.parse(e.data);
    if (m.server !== server || m.build !== build) reload();
  });
  events.addEventListener("reload", function (e) {
    var m = JSON.parse(e.data);
    // A second reload of the same build (the search index, rebuilt after
    // the edited pages) keeps that build's overlay.
    if (m.build !== build) hide();
    build = m.build;
    if (m.all || m.changed.indexOf(here()) >= 0) reload();
  });
  events.addEventListener("overlay", function (e) {
    show(JSON.parse(e.data));
  });
})();
