// The dark-mode toggle: the page follows the system until the reader
// presses the button; the choice is remembered (localStorage) and set on
// <html> before the page paints, since this script loads in <head>.
(function () {
  var root = document.documentElement;
  var saved = null;
  try { saved = localStorage.getItem("fp-theme"); } catch (e) { /* private mode */ }
  if (saved === "dark" || saved === "light") root.setAttribute("data-theme", saved);
  function isDark() {
    var set = root.getAttribute("data-theme");
    if (set) return set === "dark";
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  }
  document.addEventListener("DOMContentLoaded", function () {
    var button = document.querySelector(".theme-toggle");
    if (!button) return;
    button.hidden = false;
    button.setAttribute("aria-pressed", String(isDark()));
    button.addEventListener("click", function () {
      var next = isDark() ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try { localStorage.setItem("fp-theme", next); } catch (e) { /* not remembered */ }
      button.setAttribute("aria-pressed", String(next === "dark"));
    });
  });
})();
