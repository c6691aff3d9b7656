// fenpress search page: reads ?q=, runs the query against this language's
// Pagefind bundle and lists the results. The markup (and its localized
// messages, as data- attributes) comes from templates/search.html; the index
// and pagefind.js are written by `fenpress build` under pagefind/<lang>/.
(() => {
  "use strict";

  const root = document.getElementById("search");
  if (!root) return;

  const form = root.querySelector("form");
  const input = root.querySelector("input[name=q]");
  const status = document.getElementById("search-status");
  const list = document.getElementById("search-results");
  const more = document.getElementById("search-more");
  const PAGE_SIZE = 20;
  const SECTIONS_PER_RESULT = 3;

  const message = (key, vars = {}) =>
    (root.dataset["msg" + key] || "").replace(/\{(\w+)\}/g, (_, name) => vars[name] ?? "");

  // One pagefind instance per page, loaded on the first query.
  let pagefind = null;
  const loadPagefind = () => {
    if (!pagefind) {
      const bundle = new URL(root.dataset.bundle, document.baseURI);
      // A large site splits a language's index into parts (the build's
      // memory stays bounded); fenpress-parts.json lists the ones after
      // the first, which are merged into this instance. Fetched beside the
      // engine, so one part costs no wait.
      const parts = fetch(new URL("fenpress-parts.json", bundle))
        .then((r) => (r.ok ? r.json() : { parts: [] }))
        .then((j) => (Array.isArray(j.parts) ? j.parts : []))
        .catch(() => []);
      pagefind = import(new URL("pagefind.js", bundle).href).then(async (pf) => {
        // No web worker: the index is small, and the worker script would be
        // one more download of the whole engine.
        // The index holds each page's path from the site root; results
        // link below the site's own path (the repository's name on the
        // pages of a GitHub repository): the folder holding pagefind/.
        const baseUrl = bundle.pathname.replace(/pagefind\/[^/]*\/?$/, "");
        await pf.options({ excerptLength: 30, noWorker: true, baseUrl });
        await pf.init();
        for (const part of await parts) {
          await pf.mergeIndex(new URL(part, bundle).href, { excerptLength: 30, baseUrl });
        }
        return pf;
      });
      pagefind.catch(() => { pagefind = null; });
    }
    return pagefind;
  };

  // Pagefind's excerpts are HTML whose only markup is <mark>; parse them
  // inertly and keep text and <mark> alone.
  const excerptNodes = (html) => {
    const template = document.createElement("template");
    template.innerHTML = html;
    const out = document.createDocumentFragment();
    for (const node of template.content.childNodes) {
      if (node.nodeName === "MARK") {
        const mark = document.createElement("mark");
        mark.textContent = node.textContent;
        out.append(mark);
      } else {
        out.append(document.createTextNode(node.textContent));
      }
    }
    return out;
  };
  const plainText = (html) => {
    const template = document.createElement("template");
    template.innerHTML = html || "";
    return template.content.textContent;
  };

  const element = (tag, className, children = []) => {
    const el = document.createElement(tag);
    if (className) el.className = className;
    el.append(...children);
    return el;
  };

  const renderResult = (data) => {
    const meta = data.meta || {};
    const titleText = plainText(meta.title);
    const title = element("a", "search-result-title", [titleText || data.url]);
    title.href = data.url;
    const head = element("p", "search-result-head", [title]);
    // What the page is, its variant (unless the title already is its name)
    // and its language: every page of this index is in the search page's.
    const variant = plainText(meta.variant);
    const labels = [
      ["kind", root.dataset["kind" + (meta.kind || "").replace(/^./, (c) => c.toUpperCase())]],
      ["variant", variant !== titleText ? variant : ""],
      ["lang", root.dataset.language],
    ].filter(([, text]) => text);
    if (labels.length) {
      const about = element("span", "search-result-about");
      labels.forEach(([name, text], i) => {
        if (i) about.append(" · ");
        about.append(element("span", "search-result-" + name, [text]));
      });
      head.append(" ", about);
    }
    const item = element("li", "search-result", [head]);
    if (root.dataset.lang) item.lang = root.dataset.lang;

    // Sections: sub-results that point at a heading of the page.
    const sections = (data.sub_results || [])
      .filter((sub) => sub.url && sub.url.includes("#"))
      .slice(0, SECTIONS_PER_RESULT);
    if (sections.length === 0) {
      item.append(element("p", "search-result-excerpt", [excerptNodes(data.excerpt || "")]));
    } else {
      const subs = element("ul", "search-result-sections");
      for (const sub of sections) {
        const link = element("a", "search-result-section", [plainText(sub.title)]);
        link.href = sub.url;
        subs.append(element("li", "", [
          link,
          element("p", "search-result-excerpt", [excerptNodes(sub.excerpt || "")]),
        ]));
      }
      item.append(subs);
    }
    return item;
  };

  const setUrl = (query) => {
    const url = new URL(window.location.href);
    if (query) url.searchParams.set("q", query);
    else url.searchParams.delete("q");
    if (url.href !== window.location.href) window.history.replaceState(null, "", url);
  };

  let generation = 0;
  let pending = [];

  // Shows the next results; returns the first one shown.
  const showMore = async (run) => {
    const batch = pending.splice(0, PAGE_SIZE);
    const data = await Promise.all(batch.map((r) => r.data()));
    if (run !== generation) return null;
    const items = data.map(renderResult);
    list.append(...items);
    more.hidden = pending.length === 0;
    return items[0] || null;
  };

  const search = async (raw) => {
    const query = raw.trim();
    const run = ++generation;
    setUrl(query);
    list.replaceChildren();
    more.hidden = true;
    pending = [];
    if (!query) {
      status.textContent = "";
      root.dataset.state = "idle";
      return;
    }
    root.dataset.state = "searching";
    status.textContent = message("Searching");
    try {
      const pf = await loadPagefind();
      const found = await pf.search(query);
      if (run !== generation) return;
      pending = found.results.slice();
      const count = pending.length;
      await showMore(run);
      if (run !== generation) return;
      status.textContent = message(count === 0 ? "None" : count === 1 ? "One" : "Many", { query, count });
      root.dataset.state = "done";
    } catch (error) {
      if (run !== generation) return;
      status.textContent = message("Error");
      root.dataset.state = "error";
      throw error;
    }
  };

  let typing = 0;
  input.addEventListener("input", () => {
    window.clearTimeout(typing);
    typing = window.setTimeout(() => search(input.value), 250);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    window.clearTimeout(typing);
    search(input.value);
  });
  // The button may hide once everything is shown: keyboard focus moves to
  // the first new result rather than being lost.
  more.addEventListener("click", async () => {
    const first = await showMore(generation);
    first?.querySelector("a")?.focus();
  });

  const initial = new URLSearchParams(window.location.search).get("q") || "";
  input.value = initial;
  search(initial);
})();
