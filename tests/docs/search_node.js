/* The site's search without a browser: casebook's search worker (docs/javascripts/search-worker.js)
 * around Material's own worker, both run in Node as a browser's worker runs them, on a built site's index.
 *
 *   node search_node.js SITE WORKER [TUNING] < questions.json > answers.json
 *
 * questions.json: [{"ask": "...", "game": "pi" | null}, ...]; game is the game whose pages the question is
 * typed on (what search-setup.js sends), null for the home page.  answers.json: for each question, {"results":
 * [[location, ...], ...] (each result as Material's answer holds it: one clause or page), "likely": [the
 * games the worker found the question's words point to, likeliest first]}.
 *
 * Used by tests/docs/search_eval.py (--node) and the search tests: the same code as the browser runs, in a
 * second for a hundred questions where the browser takes minutes.  Material's bundle (the page) is not run: it
 * only draws what the worker answers, and sends the worker the index and the query as sent here.
 */
"use strict";
var fs = require("fs"), path = require("path"), vm = require("vm");

var site = process.argv[2], worker = process.argv[3];
var folder = path.join(site, "assets", "javascripts", "workers");
var material = fs.readdirSync(folder).find(function (f) { return /^search\.[^/]*\.js$/.test(f); });
var questions = JSON.parse(fs.readFileSync(0, "utf8"));
var index = JSON.parse(fs.readFileSync(path.join(site, "search", "search_index.json"), "utf8"));
// a third argument (JSON): the worker's constants to try instead of its own ('{"DECAY": 0.2}'), for a sweep
if (process.argv[4]) {
  var casebook = index.config.casebook = index.config.casebook || {};
  casebook.tuning = Object.assign({}, casebook.tuning || {}, JSON.parse(process.argv[4]));
}

var listeners = [], posted = [];
var context = vm.createContext({
  console: console, URL: URL, setTimeout: setTimeout, clearTimeout: clearTimeout, Promise: Promise,
  location: { href: "file:///search-worker.js?material=" + encodeURIComponent(path.join(folder, material)) },
  addEventListener: function (type, listener) { if (type === "message") { listeners.push(listener); } },
  postMessage: function (message) { posted.push(message); },
  importScripts: function (url) { vm.runInContext(fs.readFileSync(decodeURIComponent(url), "utf8"), context); },
});
context.self = context;
vm.runInContext(fs.readFileSync(worker, "utf8"), context, { filename: worker });

function send(message) { listeners.forEach(function (listener) { listener({ data: message }); }); }

function reply(type) {
  return new Promise(function (resolve, reject) {
    var waited = 0;
    (function poll() {
      var found = posted.find(function (m) { return m && m.type === type; });
      if (found) {
        resolve(found);
      } else if ((waited += 5) > 20000) {
        reject(new Error("no answer"));
      } else {
        setTimeout(poll, 5);
      }
    })();
  });
}

(async function () {
  // what Material's bundle sends (its search.suggest feature is on in mkdocs.yml)
  send({ type: 0, data: { config: index.config, docs: index.docs, options: { suggest: true } } });
  await reply(1);
  var answers = [];
  for (var i = 0; i < questions.length; i++) {
    posted.length = 0;
    send({ type: 2, data: questions[i].ask, casebook: { game: questions[i].game || null } });
    var answer = await reply(3);
    answers.push({
      results: answer.data.items.map(function (group) { return group.map(function (doc) { return doc.location; }); }),
      likely: Array.from(context.likely || []),
      chances: Object.assign({}, context.chances || {}),
    });
  }
  process.stdout.write(JSON.stringify(answers));
})().catch(function (error) { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
