/* Casebook's site script.
 *
 * 1. Draws each game's turn diagram (.cb-diagram) with the vendored mermaid, into the
 *    page itself (Material draws its own mermaid blocks into a closed shadow root, where
 *    neither links nor tests can reach), then makes each phase a link to the clauses
 *    that govern it.  data-links maps each mermaid state id to {name, href}.
 * 2. Resolves permanent clause links: clauses/#CD-ELM-02 goes to the clause's section page.
 * 3. The two audiences: the "For engine authors" switch (.cb-audience-toggle) shows what only
 *    engine authors need (.cb-engine-only); the choice is kept across pages.
 */
(function () {
  "use strict";
  var drawn = 0;

  function schemeIsDark() {
    var body = document.body;
    return body && body.getAttribute("data-md-color-scheme") === "slate";
  }

  function phaseOf(node, names) {
    // mermaid names a state's group after the state: "<svg id>-state-<name>-<n>" (v11)
    var id = node.getAttribute("id") || "";
    var dataId = node.getAttribute("data-id") || "";
    for (var i = 0; i < names.length; i++) {
      var name = names[i];
      if (dataId === name || id.indexOf("state-" + name + "-") !== -1 || id.slice(-name.length - 1) === "-" + name) {
        return name;
      }
    }
    return null;
  }

  function linkPhases(box, figure) {
    var links = {};
    try { links = JSON.parse(box.getAttribute("data-links") || "{}"); } catch (e) { links = {}; }
    var ids = Object.keys(links).sort(function (a, b) { return b.length - a.length; });
    figure.querySelectorAll("g.node, g.stateGroup").forEach(function (node) {
      var id = phaseOf(node, ids);
      if (!id) { return; }
      var name = links[id].name;
      node.classList.add("cb-phase-link");
      node.setAttribute("data-phase", name);
      node.setAttribute("role", "link");
      node.setAttribute("tabindex", "0");
      var title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = "The clauses that govern " + name;
      node.appendChild(title);
      var go = function () { window.location.hash = links[id].href.replace(/^#/, ""); };
      node.addEventListener("click", go);
      node.addEventListener("keydown", function (e) { if (e.key === "Enter") { go(); } });
    });
  }

  function drawDiagrams() {
    var boxes = document.querySelectorAll(".cb-diagram:not([data-drawn])");
    if (!boxes.length) { return; }
    if (typeof mermaid === "undefined") {
      boxes.forEach(function (box) { box.setAttribute("data-drawn", "error"); box.setAttribute("data-error", "mermaid did not load"); });
      return;
    }
    mermaid.initialize({ startOnLoad: false, securityLevel: "strict", theme: schemeIsDark() ? "dark" : "default" });
    boxes.forEach(function (box) {
      box.setAttribute("data-drawn", "pending");
      var source = box.querySelector(".cb-mermaid-source").textContent;
      mermaid.render("cb-diagram-" + (drawn++), source).then(function (result) {
        var figure = document.createElement("div");
        figure.className = "cb-diagram-svg";
        figure.innerHTML = result.svg;
        box.insertBefore(figure, box.firstChild);
        linkPhases(box, figure);
        box.setAttribute("data-drawn", "yes");
      }).catch(function (error) {
        box.setAttribute("data-drawn", "error");
        box.setAttribute("data-error", String(error && error.message || error));
        var note = document.createElement("p");
        note.className = "cb-missing";
        note.textContent = "The diagram could not be drawn: " + String(error && error.message || error);
        box.insertBefore(note, box.firstChild);
      });
    });
  }

  function resolvePermalink() {
    var id = decodeURIComponent(window.location.hash.replace(/^#/, ""));
    if (!id) { return; }
    var links = document.querySelectorAll("a[data-permalink]");
    for (var i = 0; i < links.length; i++) {
      if (links[i].getAttribute("data-permalink") === id) {
        window.location.replace(links[i].href);
        return;
      }
    }
  }

  var ENGINE_KEY = "casebook.engine-authors";

  function audience() {
    var engine = false;
    try { engine = window.localStorage.getItem(ENGINE_KEY) === "yes"; } catch (e) { engine = false; }
    document.documentElement.classList.toggle("cb-engine", engine);
    document.querySelectorAll(".cb-audience-toggle").forEach(function (box) {
      box.checked = engine;
      if (box.getAttribute("data-bound")) { return; }
      box.setAttribute("data-bound", "yes");
      box.addEventListener("change", function () {
        try { window.localStorage.setItem(ENGINE_KEY, box.checked ? "yes" : "no"); } catch (e) { /* private mode: this page only */ }
        document.documentElement.classList.toggle("cb-engine", box.checked);
      });
    });
  }

  function onPage() {
    audience();
    resolvePermalink();
    drawDiagrams();
  }

  if (typeof document$ !== "undefined" && document$.subscribe) {
    document$.subscribe(onPage); // Material's page observable (also fires on instant navigation)
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", onPage);
  } else {
    onPage();
  }
  window.addEventListener("hashchange", resolvePermalink);
})();
