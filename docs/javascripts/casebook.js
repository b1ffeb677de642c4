/* Casebook's site script.
 *
 * 1. Draws each game's turn diagram (.cb-diagram) with the vendored mermaid, into the
 *    page itself (Material draws its own mermaid blocks into a closed shadow root, where
 *    neither links nor tests can reach), then makes each phase a link to the clauses
 *    that govern it.  data-links maps each mermaid state id to {name, href}.
 * 2. Resolves permanent clause links: clauses/#CD-ELM-02 goes to the clause's section page.
 * 3. The two audiences: the "For engine authors" switch (.cb-audience-toggle) shows what only
 *    engine authors need (.cb-engine-only); the choice is kept across pages.  A clause of theirs
 *    alone has its entry in the page's table of contents hidden with it.
 * 4. Search's scope: on a game's pages, search looks in that game; a switch above the results
 *    (.cb-scope) widens it to all games.  The choice is kept (search-setup.js reads it when it
 *    sends a query) and the query is sent again when it changes.  Off the games' pages a picker
 *    (.cb-pick) keeps search to one game the reader chose, or to none ("all games").
 */
(function () {
  "use strict";
  var drawn = 0;

  function schemeIsDark() {
    var body = document.body;
    return body && body.getAttribute("data-md-color-scheme") === "slate";
  }

  function phaseOf(node, names) {
    // mermaid names a node's group after the node: "<svg id>-flowchart-<name>-<n>" (v11; "-state-" in state diagrams)
    var id = node.getAttribute("id") || "";
    var dataId = node.getAttribute("data-id") || "";
    for (var i = 0; i < names.length; i++) {
      var name = names[i];
      if (dataId === name || id.indexOf("flowchart-" + name + "-") !== -1 || id.indexOf("state-" + name + "-") !== -1 || id.slice(-name.length - 1) === "-" + name) {
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

  // Mermaid draws a picture 100% wide: a small turn would be scaled up and its text with it.  At
  // its own size, at most the page's width, every game's text is the same size (mermaid's font).
  function naturalSize(svg) {
    var box = svg && svg.viewBox && svg.viewBox.baseVal;
    if (!box || !box.width) { return; }
    svg.setAttribute("width", String(box.width));
    svg.removeAttribute("height");
    svg.style.maxWidth = "100%";
    svg.style.height = "auto";
  }

  // A phone's settings (the page's narrow layout, as the boards' CSS): the same 14 px text, boxes closer, a label
  // wrapped at 60 px (issue 51: Cluedo's turn was 953 px wide in a 358 px column; 514 then).
  var NARROW = { useMaxWidth: true, htmlLabels: false, nodeSpacing: 6, rankSpacing: 30, wrappingWidth: 60,
                 padding: 4, curve: "basis" };
  // spacing close enough that every picture fits a 1400 x 900 screen at 14 px (issue 51)
  var WIDE = { useMaxWidth: true, htmlLabels: false, nodeSpacing: 18, rankSpacing: 36, curve: "basis" };
  var PHONE = "(max-width: 52.5em)";

  // A game with pictures of its own for a phone (data-for="phone": more, smaller parts) shows them instead of the
  // desk's (data-for="desk") when one of the desk's pictures, drawn at a phone's settings, is wider than the column
  // (issue 51: Cluedo's three turn parts, 412 to 571 px in a 343 px column, scrolled sideways): for each audience
  // apart (.cb-narrow for the players, .cb-narrow-engine for the engine authors: P.I.'s players' turn fits a phone,
  // its engine authors' turn, with its guards, was 520 px wide).
  function choosePictures() {
    var article = document.querySelector("article");
    if (!article) { return; }
    var column = article.getBoundingClientRect().width;
    var phone = window.matchMedia(PHONE).matches;
    [["cb-player-only", "cb-narrow"], ["cb-engine-only", "cb-narrow-engine"]].forEach(function (audience) {
      var wide = Array.prototype.some.call(
        article.querySelectorAll(".cb-diagram." + audience[0] + '[data-for="desk"] svg'), function (svg) {
          return svg.viewBox.baseVal.width > column + 0.5;
        });
      article.classList.toggle(audience[1], phone && wide);
    });
  }

  function drawDiagrams() {
    var boxes = document.querySelectorAll(".cb-diagram:not([data-drawn])");
    if (!boxes.length) { return; }
    if (typeof mermaid === "undefined") {
      boxes.forEach(function (box) { box.setAttribute("data-drawn", "error"); box.setAttribute("data-error", "mermaid did not load"); });
      return;
    }
    // One text size for every game's diagram: a fixed font, and a picture never scaled up (it is
    // scaled down only when wider than the page, which the sub-diagrams of a large turn avoid).
    var phone = window.matchMedia(PHONE).matches;
    mermaid.initialize({ startOnLoad: false, securityLevel: "strict", theme: schemeIsDark() ? "dark" : "default",
                         themeVariables: { fontSize: "14px" }, flowchart: phone ? NARROW : WIDE });
    var drawing = [];
    boxes.forEach(function (box) {
      box.setAttribute("data-drawn", "pending");
      var source = box.querySelector(".cb-mermaid-source").textContent;
      if (box.getAttribute("data-for") === "phone" && !phone) {  // a phone's picture is drawn at a phone's settings
        source = "%%{init: " + JSON.stringify({ flowchart: NARROW }) + "}%%\n" + source;
      }
      drawing.push(mermaid.render("cb-diagram-" + (drawn++), source).then(function (result) {
        var figure = document.createElement("div");
        figure.className = "cb-diagram-svg";
        figure.innerHTML = result.svg;
        naturalSize(figure.querySelector("svg"));
        box.insertBefore(figure, box.firstChild);
        linkPhases(box, figure);
        return function () { box.setAttribute("data-drawn", "yes"); };
      }).catch(function (error) {
        var note = document.createElement("p");
        note.className = "cb-missing";
        note.textContent = "The diagram could not be drawn: " + String(error && error.message || error);
        box.insertBefore(note, box.firstChild);
        return function () {
          box.setAttribute("data-drawn", "error");
          box.setAttribute("data-error", String(error && error.message || error));
        };
      }));
    });
    // each picture is marked drawn once all are and the phone's or the desk's are chosen: a reader (a test) that waits
    // for every picture drawn sees the ones shown
    Promise.all(drawing).then(function (marks) {
      choosePictures();
      marks.forEach(function (mark) { mark(); });
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

  // A clause only engine authors read (h2.cb-engine-only) has its entry in the page's table of contents (the nav)
  // too: that entry follows the switch as the clause does.
  function engineEntries() {
    document.querySelectorAll("article .cb-engine-only[id]").forEach(function (heading) {
      document.querySelectorAll('.md-nav a.md-nav__link[href="#' + heading.id + '"]').forEach(function (a) {
        (a.closest("li") || a).classList.add("cb-engine-only");
      });
    });
  }

  var SCOPE_KEY = "casebook.search-all-games";

  function gameHere() {
    var match = /\/games\/([^/]+)\//.exec(window.location.pathname);
    return match ? decodeURIComponent(match[1]) : null;
  }

  function searchScope() {
    var output = document.querySelector(".md-search__scrollwrap");
    var game = gameHere();
    var box = document.querySelector(".cb-scope");
    if (!output) { return; }
    if (!game) { if (box) { box.hidden = true; } pickGame(output); return; }
    var picker = document.querySelector(".cb-pick");
    if (picker) { picker.hidden = true; }
    if (!box) {
      box = document.createElement("div");
      box.className = "cb-scope";
      box.innerHTML = '<label><input type="checkbox" class="cb-scope-all"> <span class="cb-scope-text"></span></label>';
      output.insertBefore(box, output.firstChild);
      box.querySelector("input").addEventListener("change", function (event) {
        try { window.localStorage.setItem(SCOPE_KEY, event.target.checked ? "yes" : "no"); } catch (e) { /* private mode */ }
        label();
        askAgain();
      });
    }
    box.hidden = false;
    var all = false;
    try { all = window.localStorage.getItem(SCOPE_KEY) === "yes"; } catch (e) { all = false; }
    box.querySelector("input").checked = all;
    function label() {
      var wide = box.querySelector("input").checked;
      box.querySelector(".cb-scope-text").textContent = "Search all games" + (wide ? "" : " (now: this game only)");
      box.setAttribute("data-scope", wide ? "all" : game);
    }
    label();
  }

  var PICK_KEY = "casebook.search-game";

  /* Off the games' pages: a picker above the results, "All games" (the game the question's words point to
   * first) or one game, whose choice is kept (search-setup.js sends it with each query).  The games are the
   * site navigation's game pages (games/<id>/). */
  function pickGame(output) {
    var picker = document.querySelector(".cb-pick");
    if (!picker) {
      var games = {};
      Array.prototype.forEach.call(document.querySelectorAll(".md-nav a.md-nav__link[href]"), function (a) {
        var match = /\/games\/([^/#]+)\/$/.exec(new URL(a.getAttribute("href"), window.location.href).pathname);
        if (match && !games[match[1]]) { games[match[1]] = a.textContent.trim(); }
      });
      picker = document.createElement("div");
      picker.className = "cb-pick";
      picker.innerHTML = '<label>Search in <select class="cb-pick-game"><option value="">all games</option></select></label>';
      var select = picker.querySelector("select");
      Object.keys(games).forEach(function (id) {
        var option = document.createElement("option");
        option.value = id;
        option.textContent = games[id];
        select.appendChild(option);
      });
      output.insertBefore(picker, output.firstChild);
      select.addEventListener("change", function () {
        try { window.localStorage.setItem(PICK_KEY, select.value); } catch (e) { /* private mode */ }
        askAgain();
      });
    }
    picker.hidden = false;
    var picked = "";
    try { picked = window.localStorage.getItem(PICK_KEY) || ""; } catch (e) { picked = ""; }
    var choice = picker.querySelector("select");
    choice.value = picked;
    if (choice.value !== picked) { choice.value = ""; } // a game no longer on the site
  }

  function askAgain() {
    var input = document.querySelector(".md-search__input");
    if (input && input.value) { // Material sends a query only when the text changes: change it, and back
      var text = input.value;
      input.value = text + " ";
      input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
      input.value = text;
      input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
    }
  }

  // A board's tooltips (SVG titles) show on hover only: a tap on a place or a passage writes its title under the board.
  function boardNames() {
    document.querySelectorAll(".cb-board").forEach(function (figure) {
      var named = figure.querySelector(".cb-board-named");
      figure.addEventListener("click", function (event) {
        var part = event.target.closest(".cb-board-location, .cb-board-path, .cb-board-spaces");
        if (named && part && part.querySelector("title")) { named.textContent = part.querySelector("title").textContent; }
      });
    });
  }

  function onPage() {
    audience();
    boardNames();
    engineEntries();
    searchScope();
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
  window.addEventListener("resize", choosePictures);
})();
