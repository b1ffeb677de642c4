/* Casebook's search worker: Material for MkDocs' own search worker (lunr), with a player's
 * question turned into a query before it, and one clause per result after it.
 *
 * Material's search offers, as configuration, what this site uses first (mkdocs.yml and the
 * pages' front matter): a separator, a pipeline with a stemmer and stop words, pages kept out of
 * the index, parts of pages kept out (data-search-exclude).  It offers no setting for the rest
 * of what a player typing a whole question needs (issue 17), so this worker adds, around the
 * unchanged Material worker:
 *
 *   before a query   stop words and question filler dropped before Material would add its
 *                    wildcard (lunr skips the stop-word filter for a wildcard term, so "to"
 *                    found "token"); no wildcard at all except on the word still being typed,
 *                    and none on a word shorter than MIN_LENGTH; each game's player words
 *                    (features/<game>/synonyms.yml: "room" -> "location"; on a game's pages only
 *                    that game's, from elsewhere every game's) added to the query,
 *                    a phrase ("goes first" -> "start") in place of its words; the other forms
 *                    of an irregular verb ("draw" -> "drawn"), which the stemmer leaves apart;
 *                    a game's name
 *                    in the query keeps the results to that game, and so does a game's page
 *                    (search-setup.js says which game the page is): name another game to search it.
 *   after a query    every clause its own result (Material groups by page and folds all but the
 *                    best of a page under "N more on this page"), each under its page's title
 *                    with the game's name in front, pages and clauses ranked on one scale.
 *
 * The data comes with the index: casebook/site/hooks.py adds "casebook" to its "config".
 * search-setup.js (loaded before Material's bundle) starts this worker in place of Material's,
 * passing that worker's address as ?material=.
 */
"use strict";

var SETUP = 0, QUERY = 2, RESULT = 3; // Material's SearchMessageType
var CLAUSE_ID = /\b[a-z]{2}-[a-z0-9]+-\d{2,}\b/i;
// The steps count in digits ("a game for 5 players"), players in words ("five people").
var NUMBERS = { one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9", ten: "10", eleven: "11", twelve: "12" };

var handlers = [];
var nativeAddEventListener = self.addEventListener.bind(self);
var nativePostMessage = self.postMessage.bind(self);
self.addEventListener = function (type, listener, options) {
  if (type === "message") { handlers.push(listener); } else { nativeAddEventListener(type, listener, options); }
};
self.postMessage = function (message) { nativePostMessage(answer(message)); };
importScripts(new URL(self.location.href).searchParams.get("material"));

var book = { games: {}, synonyms: [], filler: [], min_length: 4, forms: [] };
var filler = {};
var forms = {};   // a form of an irregular verb -> the verb's other forms ("draw" -> drew, drawn)
var pages = {};   // page location -> its page-level search document
var scope = null; // the game the last query named, if any
var here = null;  // the game of the page the query was typed on, if any
var wanted = null; // the clause id the query is, if it is one: that clause comes first
var compared = []; // "the difference between a disc and a cube": the stems of the things compared
var lengths = {}; // location -> the number of words in its title
var average = 1;  // the mean of those
// Material builds lunr's index with b = 0: a title's length does not count, so a long clause that
// names many things (a bot's whole strategy) outranks the short one that answers.  Scores are
// divided again by 1 - B + B * length / average (BM25's length normalisation, gently).
var B = 0.3;
var PREFER = 10;  // how much a result of the page's own game is preferred (five games now: 3 let another game's clauses through)
var COMPARE = 2;  // how much a clause naming one of the things compared is preferred
var WORD = 6;     // the boost of a player's word (lunr's boosts are whole numbers: 6 shares into halves and thirds)
var PAGE = 0.5;   // a section page (its summary) against its clauses
// From the home page, on the two tuning sets of players' questions written from the printed rulebooks
// (75 questions, issue 26): a game weighed by its best 2 results put the question's own game first for
// 50 against 44 with its best 1 (49 with 3), and 2 results of a game before the next game's kept more
// answers in the first five (46 against 42) than 3 or 1.
var GROUP = 2;    // from the home page: results of one game shown together before the next game's
var EVIDENCE = 2; // from the home page: a game weighs the sum of its best this many results
// From the home page, which game the question's words point to (issue 51): each game's words are
// counted over its pages and clauses at set-up (a unigram model per game, add-SMOOTH smoothing), and
// a question's words, each game's own players' words (synonyms.yml) turned into that game's words,
// are scored against each game's model.  The likeliest game's results come first.
var SMOOTH = 0.5;
var LIKELY = 1;   // 0: order the games by their results' evidence alone (as before issue 51)
var model = { counts: {}, totals: {}, vocabulary: 1 };
var likely = [];  // games, likeliest first, for the last query typed on the home page

nativeAddEventListener("message", function (event) {
  var message = event.data;
  if (message && message.type === SETUP) {
    setup(message.data);
  } else if (message && message.type === QUERY) {
    here = message.casebook && message.casebook.game || null;
    message = { type: QUERY, data: rewrite(String(message.data || "")) };
  }
  handlers.forEach(function (listener) { listener({ data: message }); });
});

function setup(index) {
  book = Object.assign(book, (index.config && index.config.casebook) || {});
  var tuning = book.tuning || {}; // casebook/site/search.py: TUNING
  B = tuning.B || B; PREFER = tuning.PREFER || PREFER; WORD = tuning.WORD || WORD; PAGE = tuning.PAGE || PAGE;
  GROUP = tuning.GROUP || GROUP; EVIDENCE = tuning.EVIDENCE || EVIDENCE;
  SMOOTH = tuning.SMOOTH || SMOOTH; LIKELY = tuning.LIKELY !== undefined ? tuning.LIKELY : LIKELY;
  filler = {};
  book.filler.forEach(function (word) { filler[word] = true; });
  forms = {};
  book.forms.forEach(function (group) {
    group.forEach(function (word) { forms[word] = group.filter(function (other) { return other !== word; }); });
  });
  pages = {};
  lengths = {};
  var sum = 0;
  index.docs.forEach(function (doc) {
    if (doc.location.indexOf("#") < 0) { pages[doc.location] = doc; }
    lengths[doc.location] = String(doc.title || "").split(/\s+/).length;
    sum += lengths[doc.location];
  });
  average = index.docs.length ? sum / index.docs.length : 1;
  model = { counts: {}, totals: {}, vocabulary: 1 };
  var seen = {};
  index.docs.forEach(function (doc) {
    var game = gameOf(doc.location);
    if (!game) { return; }
    var counts = model.counts[game] = model.counts[game] || {};
    var text = String(doc.title || "") + " " + String(doc.section || "") + " " + String(doc.text || "");
    tokens(text).forEach(function (root) {
      counts[root] = (counts[root] || 0) + 1;
      model.totals[game] = (model.totals[game] || 0) + 1;
      seen[root] = true;
    });
  });
  model.vocabulary = Object.keys(seen).length || 1;
}

/* A text's words as the model counts them: markup dropped, lower case, stop words out, stemmed. */
function tokens(text) {
  return text.replace(/<[^>]*>/g, " ").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f\u00b7]/g, "")
    .split(/[^a-z0-9\u00c0-\u024f]+/).filter(function (w) { return w.length > 1 && !isStopWord(w); }).map(stem);
}

/* The games, likeliest first, for a question's words (joined: " word word ... "): each game scores
 * the mean log-probability of the words under its model, a player's word of that game counting as
 * the game's own words for it. */
function rankGames(joined) {
  var scored = Object.keys(model.counts).map(function (game) {
    // a player's word of this game stands for the game's words: it is replaced by them, as in the query
    var said = joined, added = [];
    book.synonyms.forEach(function (entry) {
      if (entry[2] === game && said.indexOf(" " + entry[0] + " ") >= 0) {
        said = said.split(" " + entry[0] + " ").join(" ");
        entry[1].forEach(function (w) { added = added.concat(tokens(w)); });
      }
    });
    var roots = tokens(said).concat(added);
    var counts = model.counts[game], total = model.totals[game] || 0, sum = 0;
    roots.forEach(function (root) {
      sum += Math.log(((counts[root] || 0) + SMOOTH) / (total + SMOOTH * model.vocabulary));
    });
    return { game: game, score: roots.length ? sum / roots.length : 0 };
  });
  scored.sort(function (a, b) { return b.score - a.score; });
  return scored.map(function (s) { return s.game; });
}

function stem(word) {
  return typeof lunr !== "undefined" && lunr.stemmer ? lunr.stemmer(new lunr.Token(word, {})).toString() : word;
}

function isStopWord(word) {
  return filler[word] || (typeof lunr !== "undefined" && lunr.stopWordFilter && lunr.stopWordFilter(word) === undefined);
}

/* A question in a player's words -> a lunr query Material passes on as it is (Material adds no
 * wildcard to a term that carries a boost: the player's words carry ^WORD, a number's other
 * spelling half that, so that "two" finds "2 players" without counting twice). */
function rewrite(text) {
  scope = null;
  compared = [];
  wanted = CLAUSE_ID.test(text) ? text.trim().toUpperCase() : null;
  if (!text.trim() || wanted) { return text; } // a clause id: Material finds it, answer() puts it first
  var typing = !/[\s?!.,;:]$/.test(text);
  // accents folded, as the build folds the rulebooks' words (casebook/site/search.py: folded):
  // "penalite" finds what "pénalité" finds, and Catalan's "col·loca" is one word
  var lower = text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f\u00b7]/g, "")
    .replace(/[\u2019\u2018`]/g, "'")
    .replace(/\bcan't\b/g, "cannot")
    .replace(/n't\b/g, " not")
    .replace(/'(s|re|m|ll|ve|d)\b/g, "");
  var words = lower.split(/[^a-z0-9\u00c0-\u024f]+/).filter(Boolean);
  var joined = " " + words.join(" ") + " ";
  likely = rankGames(joined);
  var named = {}; // the words of the game's name the query holds: not searched for
  Object.keys(book.games).forEach(function (game) {
    (book.games[game].names || []).forEach(function (name) { // a whole name: "small detectives", "p i"
      if (joined.indexOf(" " + name + " ") >= 0) {
        scope = game;
        name.split(" ").forEach(function (w) { named[w] = true; });
      }
    });
  });
  // "what's the difference between X and Y", "X vs Y": the player wants what each one is, which a
  // clause naming that one alone says; a clause naming them all says what they share
  var comparing = /\b(?:difference|differences|differ) between (.+)$/.exec(words.join(" ")) ||
    /^(.+ (?:vs|versus) .+)$/.exec(words.join(" "));
  if (comparing) {
    compared = comparing[1].split(" ").filter(function (w) { return !isStopWord(w) && !/^(vs|versus)$/.test(w); }).map(stem);
  }
  var terms = [];
  var at = {}; // a word's stem -> where its boosted term is in terms: lunr stems a query's terms, so
               // "player^6 players^2" would count one word twice; each stem is searched once, at its highest boost
  var add = function (word, wildcard, weight) {
    if (!word || isStopWord(word) || word.length < 2 && !/\d/.test(word)) { return; }
    var term = wildcard && word.length >= book.min_length ? word : word + "^" + (weight || WORD);
    var root = term === word ? null : stem(word);
    if (root !== null && at[root] !== undefined) {
      if (Number(terms[at[root]].split("^")[1]) < (weight || WORD)) { terms[at[root]] = term; }
    } else if (terms.indexOf(term) < 0) {
      if (root !== null) { at[root] = terms.length; }
      terms.push(term);
    }
    if (!wildcard && NUMBERS[word]) { add(NUMBERS[word], false, WORD / 2); }
    // the other forms of the verb weigh less than the one typed: a title holding two of them ("shown",
    // "showed") must not outrank one that holds the typed word once
    if (!wildcard && !weight && forms[word]) { forms[word].forEach(function (form) { add(form, false, WORD / 2); }); }
  };
  words.forEach(function (word, i) {
    if (named[word]) { return; }
    add(word, false);
    if (typing && i === words.length - 1) { add(word, true); }
  });
  var replaced = {}, kept = {};
  book.synonyms.forEach(function (entry) { // [player phrase, [the features' words], game]
    // [phrase, words, game]: a game's players' words on its pages; general English (game null) everywhere
    if ((!entry[2] || !(scope || here) || entry[2] === (scope || here)) && joined.indexOf(" " + entry[0] + " ") >= 0) {
      // the features' words share the weight of the word they stand for ("markers" -> discs, cubes:
      // each half), so that what the features say two ways does not count twice
      var weight = Math.max(1, Math.round(WORD / entry[1].length));
      entry[1].forEach(function (word) { add(word, false, weight); kept[stem(word)] = true; });
      if (entry[0].indexOf(" ") > 0) { entry[0].split(" ").forEach(function (w) { replaced[stem(w)] = true; }); }
    }
  });
  // a phrase's words as typed go, unless a phrase also put the same word back ("two player" -> "two players")
  terms = terms.filter(function (term) {
    var word = term.split("^")[0], typed = term.slice(-("^" + WORD).length) === "^" + WORD;
    return !typed || !replaced[stem(word)] || kept[stem(word)];
  });
  return terms.length ? terms.join(" ") : text;
}

function gameOf(location) {
  var match = /(?:^|\/)games\/([^/#]+)\//.exec(location);
  return match ? match[1] : null;
}

function titled(doc, score) {
  var game = book.games[gameOf(doc.location)];
  var title = game && doc.title.indexOf(game.title) < 0 ? game.title + " \u203a " + doc.title : doc.title;
  return Object.assign({}, doc, { title: title, score: score, terms: doc.terms || {} });
}


function share(terms) {
  var keys = Object.keys(terms || {});
  return keys.length ? keys.filter(function (k) { return terms[k]; }).length / keys.length : 0;
}

/* Which query words a result matched.  Material compares each word with the index's terms by
 * prefix, which a stemmed index defeats ("cards" is not a prefix of "card"), so it would score
 * and show most words as missing; the words it marked in the result tell the truth. */
function matched(doc, terms) {
  var marked = {};
  var re = /<mark>([^<]*)<\/mark>/g, hit;
  var text = String(doc.title || "") + " " + String(doc.text || "");
  while ((hit = re.exec(text)) !== null) { marked[stem(hit[1].toLowerCase())] = true; }
  var out = {};
  Object.keys(terms || {}).forEach(function (word) { out[word] = !!marked[stem(word)] || terms[word]; });
  return out;
}

/* Whether a result names exactly one of the things a question compares (marked in its title). */
function namesOne(doc) {
  var marked = {};
  var re = /<mark>([^<]*)<\/mark>/g, hit;
  while ((hit = re.exec(String(doc.title || ""))) !== null) { marked[stem(hit[1].toLowerCase())] = true; }
  return compared.filter(function (w) { return marked[w]; }).length === 1;
}

/* Material's answer, one group per page -> one item per clause (and per page matched alone):
 * a clause is one result, titled with its game and section, so it takes one slot, not two. */
function answer(message) {
  if (!message || message.type !== RESULT || !message.data || !message.data.items) { return message; }
  var found = [];
  message.data.items.forEach(function (group) {
    group.forEach(function (doc) {
      if (!doc.score) { return; } // the page Material adds to a group for its title only
      // a game named in the query, else the game of the page: its results only (the "Search all
      // games" switch above the results sends no game); from the home page every game's
      if (!wanted && (scope || here) && gameOf(doc.location) !== (scope || here)) { return; }
      var page = doc.location.indexOf("#") < 0;
      // Material multiplied lunr's score by (1 + b^2), b = (1 for a page) + the share of query
      // words matched: undone, and done again with the true share and no bonus for a page, so
      // that pages and clauses rank on one scale and a page does not outrank the clause.
      var base = doc.score / (1 + Math.pow((page ? 1 : 0) + share(doc.terms), 2));
      var terms = matched(doc, doc.terms);
      var score = base * (1 + Math.pow(share(terms), 2));
      if (compared.length > 1 && namesOne(doc)) { score *= COMPARE; }
      score /= 1 - B + B * (lengths[doc.location] || average) / average;
      // a section page's own text is its summary: the answer is one of its clauses
      if (page && gameOf(doc.location)) { score *= PAGE; }
      // "SD-TWO-05" also matches SD-CARD-05 on "sd" and "05": the clause that is the id wins
      if (wanted && doc.location.slice(-wanted.length - 1) === "#" + wanted) { score *= 1000; }
      found.push({ doc: Object.assign({}, doc, { terms: terms, score: score }), page: page, score: score, game: gameOf(doc.location) });
    });
  });
  found.sort(function (a, b) { return b.score - a.score; });
  if (!here && !scope && !wanted) { found = grouped(found); }
  var items = found.map(function (hit) {
    if (hit.page) { return [titled(hit.doc, hit.score)]; }
    var parent = pages[hit.doc.location.split("#")[0]];
    return [titled(Object.assign({}, hit.doc, { title: (parent ? parent.title + " \u203a " : "") + hit.doc.title }), hit.score)];
  });
  return { type: RESULT, data: Object.assign({}, message.data, { items: items }) };
}

/* From the home page: results grouped by game.  Games are ordered by their evidence (the sum of
 * their best EVIDENCE scores: a game with several clauses about the question is likelier its
 * game than one with a single lucky word); each game shows its best GROUP results in its group,
 * so that the first screen holds more than one game when more than one answers, and the rest
 * follow in the same order. */
function grouped(found) {
  var order = [], by = {}, weight = {};
  found.forEach(function (hit) {
    var game = hit.game || "";
    if (!by[game]) { by[game] = []; order.push(game); weight[game] = 0; }
    if (by[game].length < EVIDENCE) { weight[game] += hit.score; }
    by[game].push(hit);
  });
  // the game the question's words point to first (the model's order), then by the evidence of the results
  var place = function (game) { var i = likely.indexOf(game); return i < 0 ? likely.length : i; };
  order.sort(function (a, b) { return LIKELY ? place(a) - place(b) || weight[b] - weight[a] : weight[b] - weight[a]; });
  var first = [], rest = [];
  order.forEach(function (game) {
    first = first.concat(by[game].slice(0, GROUP));
    rest = rest.concat(by[game].slice(GROUP));
  });
  return first.concat(rest);
}
