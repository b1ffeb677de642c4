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
 * 4. Folds: some open on a desk and closed on a phone; a link into a closed fold opens it.
 * 5. Search's scope: on a game's pages, search looks in that game; a switch above the results
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
  // A phone's picture is drawn first with its words wrapped at ROOMIER's width, and kept so where it fits the column
  // with no fault (drawUncrossed): at 60 px Feuerdiamant's two-box set-up wrapped its one long box a word a line.
  var ROOMIER = { wrappingWidth: 150 };
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

  // Arrows across arrows (issue 51): mermaid's layout (dagre) orders the boxes of a row by a heuristic that the order
  // of the source's arrows sways (Small Detectives' "bar" and "police" both lead to "preparing": drawn in the
  // source's order their arrows crossed; in 2 of 12 other orders they did not).  A picture with an arrow across
  // another, or through a box it does not join, or (where it is shown) wider than the column, is drawn again with its
  // lines in other orders, up to ORDERS in all, until one has neither; of those with the fewest faults, the one that
  // runs least past the column is kept (Cluedo's third turn part: 1,052 px, past a 1280 px window's 983 px column, in
  // the source's order; 837 in another).  Two arrows that meet where they leave or enter one box (within NEAR_END
  // px) do not cross; an arrow within NEAR_BOX px of a box runs through it (2 px more than the browser test allows:
  // a layout kept here passes it).
  var ORDERS = 12, NEAR_END = 16, NEAR_BOX = 6;

  function arrowsOf(svg) {
    return Array.prototype.filter.call(svg.querySelectorAll("path.flowchart-link"), function (e) {
      return e.getAttribute("data-id") && !/invisible/.test(e.getAttribute("class") || "") &&
        getComputedStyle(e).strokeWidth !== "0px";
    }).map(function (e) {
      var length = e.getTotalLength(), points = [], m = e.getScreenCTM();
      var at = function (d) {
        var p = e.getPointAtLength(d);
        return [m.a * p.x + m.c * p.y + m.e, m.b * p.x + m.d * p.y + m.f];
      };
      for (var d = 0; d < length; d += 3) { points.push(at(d)); }
      points.push(at(length));
      var ends = e.getAttribute("data-id").split("_");  // L_<from>_<to>_<n>
      return { from: ends[1], to: ends[2], points: points };
    });
  }

  function faultsOf(svg) {
    var arrows = arrowsOf(svg), count = 0;
    var side = function (p, q, r) { return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]); };
    var cut = function (p, q, r, s) {
      return side(p, q, r) * side(p, q, s) < 0 && side(r, s, p) * side(r, s, q) < 0;
    };
    var endAt = function (arrow, box) {
      return box === arrow.from ? arrow.points[0] : arrow.points[arrow.points.length - 1];
    };
    arrows.forEach(function (x, i) {
      arrows.slice(i + 1).forEach(function (y) {
        var shared = [x.from, x.to].filter(function (b) { return b === y.from || b === y.to; });
        var ends = [];
        shared.forEach(function (b) { ends.push(endAt(x, b), endAt(y, b)); });
        var crossed = x.points.some(function (p, s) {
          return s > 0 && y.points.some(function (r, u) {
            return u > 0 && cut(x.points[s - 1], p, y.points[u - 1], r) && !ends.some(function (e) {
              return Math.hypot(e[0] - p[0], e[1] - p[1]) < NEAR_END;
            });
          });
        });
        if (crossed) { count += 1; }
      });
    });
    svg.querySelectorAll("g.node").forEach(function (node) {
      var name = (/flowchart-(.+)-\d+$/.exec(node.id) || [])[1], r = node.getBoundingClientRect();
      arrows.forEach(function (a) {
        if (a.from === name || a.to === name) { return; }
        if (a.points.some(function (p) {
          return p[0] > r.left - NEAR_BOX && p[0] < r.right + NEAR_BOX && p[1] > r.top - NEAR_BOX && p[1] < r.bottom + NEAR_BOX;
        })) { count += 1; }
      });
    });
    return count;
  }

  function shuffled(items, seed) {  // a fixed shuffle for each seed (Park and Miller's generator)
    var out = items.slice();
    for (var i = out.length - 1; i > 0; i--) {
      seed = (seed * 48271) % 2147483647;
      var j = seed % (i + 1), t = out[i];
      out[i] = out[j];
      out[j] = t;
    }
    return out;
  }

  function reordered(source, k) {
    // the k-th other order of the source's lines: its arrows rotated by k (even k), or its arrows and its boxes
    // shuffled with seed k (odd k: the order the boxes are named in sways the layout too)
    var lines = source.split("\n"), arrows = [], boxes = [];
    lines.forEach(function (line, i) {
      if (/-->/.test(line)) { arrows.push(i); } else if (/^\s+\w+\(?\["/.test(line)) { boxes.push(i); }
    });
    var out = lines.slice();
    var put = function (slots, order) { slots.forEach(function (slot, i) { out[slot] = lines[order[i]]; }); };
    if (k % 2) {
      put(arrows, shuffled(arrows, k));
      put(boxes, shuffled(boxes, k + 1));
    } else {
      put(arrows, arrows.map(function (_, i) { return arrows[(i + k) % arrows.length]; }));
    }
    return out.join("\n");
  }

  function drawUncrossed(box, source, column, fitting, roomier) {
    // each drawing measured laid out but unseen, at its own size (the picture's box may be hidden: the other
    // audience's, or the other screen's)
    var stage = document.createElement("div");
    stage.style.cssText = "position: absolute; left: -20000px; top: 0; width: 10000px; visibility: hidden;";
    document.body.appendChild(stage);
    var best = null, score = null;
    function trial(text) {  // a drawing on the stage, and its faults and how far it runs past the column
      return mermaid.render("cb-diagram-" + (drawn++), text).then(function (result) {
        var figure = document.createElement("div");
        figure.className = "cb-diagram-svg";
        figure.innerHTML = result.svg;
        stage.appendChild(figure);
        var svg = figure.querySelector("svg");
        naturalSize(svg);  // measured at the size it is shown (the stage is wider than any page)
        return [figure, [faultsOf(svg), Math.max(0, svg.viewBox.baseVal.width - column)]];
      });
    }
    function keep(figure) {
      box.insertBefore(figure, box.firstChild);
      stage.remove();
      return figure;
    }
    function attempt(k) {
      return trial(k ? reordered(source, k) : source).then(function (drawnAs) {
        var figure = drawnAs[0], mine = drawnAs[1];
        if (!best || mine[0] < score[0] || (mine[0] === score[0] && mine[1] < score[1])) {
          if (best) { best.remove(); }
          best = figure;
          score = mine;
        } else {
          figure.remove();
        }
        if ((score[0] === 0 && (score[1] === 0 || !fitting)) || k + 1 >= ORDERS) { return keep(best); }
        return attempt(k + 1);
      });
    }
    // on a phone, the picture with its words wrapped wider first, kept where it has no fault and fits the column
    var first = roomier ? trial(roomier).then(function (drawnAs) {
      if (drawnAs[1][0] === 0 && drawnAs[1][1] === 0) { return keep(drawnAs[0]); }
      drawnAs[0].remove();
      return attempt(0);
    }) : attempt(0);
    return first.catch(function (error) { stage.remove(); throw error; });
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
    var article = document.querySelector("article");
    var column = article ? article.getBoundingClientRect().width : Infinity;
    boxes.forEach(function (box) {
      box.setAttribute("data-drawn", "pending");
      var source = box.querySelector(".cb-mermaid-source").textContent;
      if (box.getAttribute("data-for") === "phone" && !phone) {  // a phone's picture is drawn at a phone's settings
        source = "%%{init: " + JSON.stringify({ flowchart: NARROW }) + "}%%\n" + source;
      }
      // the width counts where the picture is shown: a desk's on a desk, a phone's on a phone (on a phone the desk's
      // give way to the phone's when wider than the column)
      var fitting = box.getAttribute("data-for") !== (phone ? "desk" : "phone");
      var roomier = phone ? "%%{init: " + JSON.stringify({ flowchart: ROOMIER }) + "}%%\n" + source : null;
      drawing.push(drawUncrossed(box, source, column, fitting, roomier).then(function (figure) {
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

  // Folds (issue 51: a game's page was 9 to 16 screens long on a phone): a fold marked data-phone="closed" is open
  // on a desk and closed as the page opens on a phone; a link to what a closed fold holds (a phase clicked in a
  // picture, "#phase-rolling") opens it and shows the target (Chromium does so itself; browsers that do not, here).
  function foldsForScreen() {
    if (!window.matchMedia(PHONE).matches) { return; }
    document.querySelectorAll('article details[data-phone="closed"]').forEach(function (fold) {
      fold.removeAttribute("open");
    });
  }

  function openFoldOfTarget() {
    var id = decodeURIComponent(window.location.hash.replace(/^#/, ""));
    var target = id && document.getElementById(id);
    if (!target) { return; }
    var closed = false;
    for (var fold = target.closest("details"); fold; fold = fold.parentElement.closest("details")) {
      if (!fold.open) { fold.open = true; closed = true; }
    }
    if (closed) { target.scrollIntoView(); }
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
    foldsForScreen();
    openFoldOfTarget();
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
  window.addEventListener("hashchange", openFoldOfTarget);
  window.addEventListener("resize", choosePictures);
})();
