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
      : "Diagrams that fail verification are marked in their pages. Fix the sources and save: this page updates by itself.";
    note.style.cssText = "margin-top:1em;color:#aaa";
    overlay.append(close, title, text, note);
    document.documentElement.appendChild(overlay);
  }

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
