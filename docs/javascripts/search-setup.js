/* Loaded in the page's head, before Material's bundle (mkdocs.yml: extra.polyfills): when the
 * bundle starts Material's search worker, start Casebook's instead (javascripts/search-worker.js),
 * which loads Material's worker itself and wraps it (see that file for why).  Each query also
 * tells it which game's pages the reader is on (games/<id>/...): search looks in that game only,
 * unless the reader has turned on "Search all games" (casebook.js); elsewhere, the game the reader picked
 * above the results, if any.
 * Any other worker starts as it would. */
(function () {
  "use strict";
  var Native = window.Worker;
  if (!Native) { return; }
  var here = document.currentScript && document.currentScript.src;
  function CasebookWorker(url, options) {
    var address = new URL(String(url), document.baseURI);
    if (here && /\/workers\/search\.[^/]*\.js$/.test(address.pathname)) {
      var ours = new URL("search-worker.js", here);
      ours.searchParams.set("material", address.href);
      var worker = new Native(ours.href, options);
      var post = worker.postMessage.bind(worker);
      worker.postMessage = function (message, transfer) {
        if (message && message.type === 2) { // Material's query message
          var game = /\/games\/([^/]+)\//.exec(location.pathname);
          var all = false; // the "Search all games" switch above the results (casebook.js)
          try { all = window.localStorage.getItem("casebook.search-all-games") === "yes"; } catch (e) { all = false; }
          // off the games' pages: the game the reader picked above the results (casebook.js), if any
          var picked = null;
          try { picked = window.localStorage.getItem("casebook.search-game") || null; } catch (e) { picked = null; }
          var scope = game ? (all ? null : decodeURIComponent(game[1])) : picked;
          message = { type: message.type, data: message.data, casebook: { game: scope } };
        }
        return transfer ? post(message, transfer) : post(message);
      };
      return worker;
    }
    return new Native(url, options);
  }
  CasebookWorker.prototype = Native.prototype;
  window.Worker = CasebookWorker;
})();
