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
 *   after a query    each result's score raised for every pair of the question's words that stand close
 *                    together in its title or reading (PROXIMITY, WINDOW: the game pages' own order);
 *                    every clause its own result (Material groups by page and folds all but the
 *                    best of a page under "N more on this page"); from the home page, placed by
 *                    the chance that the question is about its game (grouped; a game's later results also by
 *                    how far their scores fall from its first: SPREAD), each under its page's title
 *                    with the game's name in front, pages and clauses ranked on one scale.
 *   from the home page  the question is sent once per game as that game's page sends it, and once
 *                    with every game's words (the guides' results, each game's best score on one
 *                    scale); Material answers them in turn and merged() makes one answer of them.
 *
 * Besides its title, section and examples, a clause's index entry holds the sentences of the game's
 * reading (features/<game>/reading.yml, the rulebook paraphrased) it transcribes: a player asks in the
 * rulebook's words (casebook/site/search.py: READING_BOOST).  Measured in Node on the players' question
 * files (first place / first five, game page | home page; 2026-12-05-tune measured on arrival, before):
 *   2026-12-04-tune      23/29 | 21/29  ->  23/29 | 20/28
 *   2026-12-04-heldout   21/28 | 14/25  ->  21/29 | 17/25
 *   2026-12-04b-tune     22/28 | 17/26  ->  21/28 | 19/25
 *   2026-12-04b-heldout  13/22 | 10/18  ->  18/26 | 14/22
 *   2026-12-05-tune      21/26 | 20/24  ->  22/28 | 20/25
 *   all 150             100/133 | 82/122 -> 105/140 | 90/125 (home 92 % -> 89 % of the game pages)
 *   table questions      84/133 | 64/116 ->  92/133 | 73/116
 * (after main's later edits of the features, no change here: home 123/150 and 117/133 in the first five).
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
var batch = null; // from the home page: the queries sent for one question, and the answers come back so far
self.postMessage = function (message) {
  if (!batch || !message || message.type !== RESULT) { nativePostMessage(answer(message)); return; }
  // Material answers each query in the order sent (its handler takes no turn between them)
  batch.answers.push(message);
  if (batch.answers.length < batch.asked.length) { return; }
  var done = batch;
  batch = null;
  nativePostMessage(merged(done));
};
importScripts(new URL(self.location.href).searchParams.get("material"));

var book = { games: {}, synonyms: [], filler: [], min_length: 4, forms: [] };
var filler = {};
var forms = {};   // a form of an irregular verb -> the verb's other forms ("draw" -> drew, drawn)
var pages = {};   // page location -> its page-level search document
var scope = null; // the game the last query named, if any
var here = null;  // the game of the page the query was typed on, if any
var wanted = null; // the clause id the query is, if it is one: that clause comes first
var asking = "";   // the query last sent (rewrite's terms), whose words ranked() looks for close together
var compared = []; // "the difference between a disc and a cube": the stems of the things compared
var near = {};    // location -> its title's and reading's words (tokens), each a run of its own
var lengths = {}; // location -> the number of words in its title and its reading (search.py: READING_BOOST)
var average = 1;  // the mean of those
// Material builds lunr's index with b = 0: a title's length does not count, so a long clause that
// names many things (a bot's whole strategy) outranks the short one that answers.  Scores are
// divided again by 1 - B + B * length / average (BM25's length normalisation, gently).  The length
// counts the reading's words too (issue 51, session 20): a clause that transcribes many sentences
// of the rulebook matches many words; without it the reading cost five table questions their place
// in the first five (B 0.3 -> 0.45 with it: seven more table questions answered from the home page).
var B = 0.45;
var PREFER = 10;  // how much a result of the page's own game is preferred (five games now: 3 let another game's clauses through)
var COMPARE = 2;  // how much a clause naming one of the things compared is preferred
var WORD = 6;     // the boost of a player's word (lunr's boosts are whole numbers: 6 shares into halves and thirds)
var PAGE = 0.5;   // a section page (its summary) against its clauses
// A clause where the question's words stand close together (within WINDOW words, stop words left out, in its title
// or in its reading sentences) is likelier the answer than one that has them far apart, in its examples, or one
// at a time: each pair of the query's distinct words found so multiplies its score by e^PROXIMITY (issue 51,
// session 22; tests/docs/questions/README.md).  On the 270 players' questions: game pages 181/245 -> 181/249
// (first / first five), home 153/213 -> 148/222; table questions 92/133 -> 97/133.  0.2 to 0.4 with WINDOW 4 to 8
// all gave the home page 219 to 222; a pair of two things a question compares does not count (their shared clause).
var PROXIMITY = 0.3;
var WINDOW = 5;
// From the home page, which game the question's words point to (issue 51): each game's words are
// counted over its pages and clauses at set-up (a model per game of its words, add-SMOOTH smoothing, and
// of its pairs of words, weighed PAIR against the words alone), and a question's words, each game's own
// players' words (synonyms.yml) and the general ones turned into that game's words, are scored against
// each game's model: naive Bayes, each game as likely before the question, the log-probabilities summed
// (times SHARPEN) give each game's chance.  The search's own answer then weighs in: each game's chance
// times its best result's score (against the best of all games) to the power EVIDENCE.
// Each game's model counts the reading's sentences too (the rulebook's words: 5 more first places from
// the home page on the 150 players' questions, none fewer in the first five).
// Tuned in Node (tests/docs/search_node.js) on the 60 players' questions of tests/docs/questions and the
// 133 table questions of features/*/questions.yml: the right game likeliest for 47 and 101 of them (the
// words alone, as before: 47 and 92); answers in the first five from the home page 54/60 and 116/133,
// against 57/60 and 133/133 on the games' pages (two results per game, as before: 50 and 95).
// Session 21 (issue 51), on the 210 players' questions of seven files and the 133 table questions: the
// question's words and the search's evidence both counted 1.2 times as much (SHARPEN 1 -> 1.2, EVIDENCE 3 ->
// 4 = 3.33 * 1.2), as a sharper temperature on each game's chance: home page 168 -> 171 of 210 in the first
// five, no players' file fewer, table questions 117 -> 116.  SHARPEN 1.15 to 1.5 with EVIDENCE 4 gave 171 to
// 174 and 113 to 116; EVIDENCE 4 alone, or SHARPEN 1.3 with EVIDENCE 3 or 5, 168 to 169 (README.md there).
var SMOOTH = 0.5;
var SHARPEN = 1.2;
var PAIR = 0.5;   // 0.3 to 0.8 alike (100 to 103 of the 133 right, 112 to 116 in the first five); 0: 94, 112
var EVIDENCE = 4; // 0: 94 right and 108 in the first five; 2 to 6 alike
// The results are then placed by how likely each is to be the answer: a game's chance times the share of
// questions a game page's search answers at that place (its k-th result: DECAY^(k-1) of its first).  A
// game sure of itself fills the first places as its own page would; two games about as likely share them.
// Each game's results come from a query of their own, the one that game's page sends (its players' words
// only), so that they are in the order its page gives them (issue 51, session 20).  Tried and left (no
// set gained without another losing): the measured share of each place (1, .2, .06, .045, .04) or a
// floor under DECAY's, DECAY 0.3, SHARPEN 0.5, each game's evidence from its own query, a question's
// log-chances divided by the root of its length.
var DECAY = 0.15;
// A game's k-th result is placed by how far its score fell from the game's first too, (its score / the first's)
// to the power SPREAD: a game whose second clause scores almost as its first offers both before another game's
// first, one whose second falls far behind its first gives the place to the next game (issue 51, session 24).
// On the 360 players' questions (tests/docs/questions, eleven files) from the home page 296 -> 299 in the first
// five (the game pages' 332: 89.2 % -> 90.1 %), the 133 table questions 120 -> 122.  SPREAD 2 and 3 alike (299),
// 1: 297; DECAY 0.15 to 0.25 with SPREAD 2 alike.  Tried and left for it: a floor under each game's chance,
// the best clause of the second (or third) likeliest game kept within the first five, a game's evidence
// weighed by its best clause's margin over its second (each the same or fewer).
var SPREAD = 2;
var model = { counts: {}, totals: {}, vocabulary: 1 };
var longestFirst = []; // book.synonyms, the longest phrases first (setup)
var likely = [];  // games, likeliest first, for the last query typed on the home page
var chances = {}; // game -> its chance, for that query

nativeAddEventListener("message", function (event) {
  var message = event.data;
  if (message && message.type === SETUP) {
    setup(message.data);
  } else if (message && message.type === QUERY) {
    here = message.casebook && message.casebook.game || null;
    var text = String(message.data || "");
    message = { type: QUERY, data: rewrite(text, here) };
    if (!here && !scope && !wanted && text.trim()) {
      // from the home page: the question once as each game's own page searches it (that game's players'
      // words only), so that each game's results come in the order its page gives them, and once with every
      // game's words (the guides' results, and each game's best score on one scale: grouped)
      var asked = [{ game: null, query: message.data }].concat(Object.keys(book.games).map(function (game) {
        return { game: game, query: rewrite(text, game) };
      }));
      batch = { asked: asked, answers: [] };
      asked.forEach(function (one) { send({ type: QUERY, data: one.query }); });
      return;
    }
    asking = String(message.data || "");
  }
  send(message);
});

function send(message) { handlers.forEach(function (listener) { listener({ data: message }); }); }

function setup(index) {
  book = Object.assign(book, (index.config && index.config.casebook) || {});
  var tuning = book.tuning || {}; // casebook/site/search.py: TUNING
  PROXIMITY = tuning.PROXIMITY !== undefined ? tuning.PROXIMITY : PROXIMITY; WINDOW = tuning.WINDOW || WINDOW;
  B = tuning.B || B; PREFER = tuning.PREFER || PREFER; WORD = tuning.WORD || WORD; PAGE = tuning.PAGE || PAGE;
  SMOOTH = tuning.SMOOTH || SMOOTH; SHARPEN = tuning.SHARPEN || SHARPEN; DECAY = tuning.DECAY || DECAY;
  PAIR = tuning.PAIR !== undefined ? tuning.PAIR : PAIR;
  SPREAD = tuning.SPREAD !== undefined ? tuning.SPREAD : SPREAD;
  EVIDENCE = tuning.EVIDENCE !== undefined ? tuning.EVIDENCE : EVIDENCE;
  filler = {};
  book.filler.forEach(function (word) { filler[word] = true; });
  forms = {};
  book.forms.forEach(function (group) {
    group.forEach(function (word) { forms[word] = group.filter(function (other) { return other !== word; }); });
  });
  pages = {};
  lengths = {};
  near = {};
  var sum = 0;
  index.docs.forEach(function (doc) {
    if (doc.location.indexOf("#") < 0) { pages[doc.location] = doc; }
    near[doc.location] = [tokens(String(doc.title || "")), tokens(String(doc.reading || ""))];
    lengths[doc.location] = words(doc.title) + words(doc.reading);
    sum += lengths[doc.location];
  });
  average = index.docs.length ? sum / index.docs.length : 1;
  model = { counts: {}, totals: {}, pairs: {}, vocabulary: 1 };
  // the players' phrases longest first: every game reads a question's words alike where a game's own shorter
  // phrase ("back") would take a word of a longer general one ("take it back") from it alone (rankGames)
  longestFirst = book.synonyms.slice().sort(function (a, b) { return b[0].split(" ").length - a[0].split(" ").length; });
  var seen = {};
  index.docs.forEach(function (doc) {
    var game = gameOf(doc.location);
    if (!game) { return; }
    var counts = model.counts[game] = model.counts[game] || {};
    var pairs = model.pairs[game] = model.pairs[game] || {};
    // the title, the section, the text and the reading apart: the last word of one and the first of the next are
    // no pair
    [doc.title, doc.section, doc.text, doc.reading].forEach(function (text) {
      tokens(String(text || "")).forEach(function (root, i, run) {
        if (i) { pairs[run[i - 1] + " " + root] = (pairs[run[i - 1] + " " + root] || 0) + 1; }
        counts[root] = (counts[root] || 0) + 1;
        model.totals[game] = (model.totals[game] || 0) + 1;
        seen[root] = true;
      });
    });
  });
  model.vocabulary = Object.keys(seen).length || 1;
}

/* A text's words as the model counts them: markup dropped, lower case, stop words out, stemmed. */
function tokens(text) {
  return text.replace(/<[^>]*>/g, " ").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f\u00b7]/g, "")
    .split(/[^a-z0-9\u00c0-\u024f]+/).filter(function (w) { return w.length > 1 && !isStopWord(w); }).map(stem);
}

/* Each game's chance that a question (its words joined: " word word ... ") is about it, and the games,
 * likeliest first: a player's word of that game, or of every game (search.py: GENERAL), counts as the
 * words the game's clauses use for it, the longest phrases first (longestFirst). */
function rankGames(joined) {
  var scored = Object.keys(model.counts).map(function (game) {
    // a player's word (or phrase) stands for the game's words: it counts as one word of the question, the
    // mean of what the game says for them, so that a game whose players' words stand for two of its words
    // each is neither the less nor the more likely for it
    var said = joined, sum = 0;
    longestFirst.forEach(function (entry) {
      if ((entry[2] === game || !entry[2]) && said.indexOf(" " + entry[0] + " ") >= 0) {
        said = said.split(" " + entry[0] + " ").join(" ");
        var n = 0, part = 0;
        entry[1].forEach(function (w) { part += logChance(game, tokens(w)); n += tokens(w).length; });
        sum += n ? part / n * Math.max(1, tokens(entry[0]).length) : 0;
      }
    });
    sum += logChance(game, tokens(said));
    return { game: game, score: sum * SHARPEN };
  });
  var best = Math.max.apply(null, scored.map(function (s) { return s.score; }));
  var all = scored.reduce(function (n, s) { return n + Math.exp(s.score - best); }, 0);
  chances = {};
  scored.forEach(function (s) { chances[s.game] = Math.exp(s.score - best) / all; });
  scored.sort(function (a, b) { return b.score - a.score; });
  return scored.map(function (s) { return s.game; });
}

/* How likely a game's text is to say a word (a stem) after the one before (null at a run's start): the
 * game's share of that pair, interpolated with its share of the word (PAIR: Jelinek-Mercer), so that two
 * words a game says together ("clue tokens", "case log") point to it more than each word alone. */
function chance(game, before, root) {
  var counts = model.counts[game], total = model.totals[game] || 0;
  var alone = ((counts[root] || 0) + SMOOTH) / (total + SMOOTH * model.vocabulary);
  var after = before === null ? 0 : counts[before] || 0;
  if (!after) { return alone; }
  return PAIR * (model.pairs[game][before + " " + root] || 0) / after + (1 - PAIR) * alone;
}

/* The log of how likely a game's text is to say a run of words, one after the other. */
function logChance(game, run) {
  return run.reduce(function (sum, root, i) { return sum + Math.log(chance(game, i ? run[i - 1] : null, root)); }, 0);
}

/* How many words a field holds (none: 0). */
function words(text) {
  return text ? String(text).split(/\s+/).length : 0;
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
function rewrite(text, game) {
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
  if (!game) { likely = rankGames(joined); }
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
    if ((!entry[2] || !(scope || game) || entry[2] === (scope || game)) && joined.indexOf(" " + entry[0] + " ") >= 0) {
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
  var found = ranked(message.data.items, scope || here, asking);
  return listed(message, found);
}

/* From the home page, the answers to the queries of one question (batch): each game's results from its own
 * query, in its page's order, and the guides' from the query with every game's words; placed by grouped(). */
function merged(done) {
  var every = ranked(done.answers[0].data && done.answers[0].data.items || [], null, done.asked[0].query);
  var own = {};
  done.asked.forEach(function (one, i) {
    if (one.game) { own[one.game] = ranked(done.answers[i].data && done.answers[i].data.items || [], one.game, one.query); }
  });
  return listed(done.answers[0], grouped(every, own));
}

/* Material's result (one list per page), each clause its own result, scored on one scale, best first;
 * a game's only (a game named in the query, the game of the page; the "Search all games" switch above the
 * results sends none), or every game's. */
function ranked(items, game, query) {
  var found = [];
  // the query's distinct words, as tokens() reads the clauses' (a term's boost, "^6", is no word)
  var roots = {};
  tokens(String(query || "").replace(/\^[\d.]+/g, " ")).forEach(function (root) { roots[root] = true; });
  roots = Object.keys(roots);
  items.forEach(function (group) {
    group.forEach(function (doc) {
      if (!doc.score) { return; } // the page Material adds to a group for its title only
      if (!wanted && game && gameOf(doc.location) !== game) { return; }
      var page = doc.location.indexOf("#") < 0;
      // Material multiplied lunr's score by (1 + b^2), b = (1 for a page) + the share of query
      // words matched: undone, and done again with the true share and no bonus for a page, so
      // that pages and clauses rank on one scale and a page does not outrank the clause.
      var base = doc.score / (1 + Math.pow((page ? 1 : 0) + share(doc.terms), 2));
      var terms = matched(doc, doc.terms);
      var score = base * (1 + Math.pow(share(terms), 2));
      if (compared.length > 1 && namesOne(doc)) { score *= COMPARE; }
      score /= 1 - B + B * (lengths[doc.location] || average) / average;
      score *= Math.exp(PROXIMITY * together(near[doc.location] || [], roots));
      // a section page's own text is its summary: the answer is one of its clauses
      if (page && gameOf(doc.location)) { score *= PAGE; }
      // "SD-TWO-05" also matches SD-CARD-05 on "sd" and "05": the clause that is the id wins
      if (wanted && doc.location.slice(-wanted.length - 1) === "#" + wanted) { score *= 1000; }
      found.push({ doc: Object.assign({}, doc, { terms: terms, score: score }), page: page, score: score, game: gameOf(doc.location) });
    });
  });
  found.sort(function (a, b) { return b.score - a.score; });
  return found;
}

/* How many pairs of the query's words (roots) stand within WINDOW words of each other in one of a clause's runs
 * (its title, its reading). */
function together(runs, roots) {
  var pairs = {};
  runs.forEach(function (run) {
    var at = {};
    run.forEach(function (root, i) { if (roots.indexOf(root) >= 0) { (at[root] = at[root] || []).push(i); } });
    var found = Object.keys(at);
    found.forEach(function (a, i) {
      found.slice(i + 1).forEach(function (b) {
        var close = at[a].some(function (x) { return at[b].some(function (y) { return Math.abs(x - y) <= WINDOW; }); });
        // two of the things a question compares together make the clause that says what they share, not the answer
        var both = compared.indexOf(a) >= 0 && compared.indexOf(b) >= 0;
        if (close && !both) { pairs[a < b ? a + " " + b : b + " " + a] = true; }
      });
    });
  });
  return Object.keys(pairs).length;
}

/* The results as Material's answer lists them: one item per clause (titled with its page) or page. */
function listed(message, found) {
  var items = found.map(function (hit) {
    if (hit.page) { return [titled(hit.doc, hit.score)]; }
    var parent = pages[hit.doc.location.split("#")[0]];
    return [titled(Object.assign({}, hit.doc, { title: (parent ? parent.title + " \u203a " : "") + hit.doc.title }), hit.score)];
  });
  return { type: RESULT, data: Object.assign({}, message.data, { items: items }) };
}

/* From the home page: each result placed by its chance of being the answer, its game's chance (rankGames)
 * times DECAY^(k-1) for its game's k-th result, and times its score's share of the game's first to the power
 * SPREAD; a page of no game (the guides) as a game of its own with the
 * least chance of the games.  So the likeliest game's best result comes first, and the next game's best comes
 * before the likeliest game's k-th as soon as that game is a DECAY^(k-1)-th as likely. */
function grouped(found, own) {
  // the question's words (chances) and what the search found in each game (its best score, to the
  // power EVIDENCE) together: a game whose clauses match the question well is the likelier
  var best = {}, top = 0, weighed = {}, all = 0;
  found.forEach(function (hit) {
    if (hit.game && best[hit.game] === undefined) { best[hit.game] = hit.score; top = Math.max(top, hit.score); }
  });
  Object.keys(chances).forEach(function (game) {
    weighed[game] = best[game] ? chances[game] * Math.pow(best[game] / top, EVIDENCE) : 0;
    all += weighed[game];
  });
  Object.keys(weighed).forEach(function (game) { weighed[game] = all ? weighed[game] / all : chances[game]; });
  likely = Object.keys(weighed).sort(function (a, b) { return weighed[b] - weighed[a]; });
  var seen = {}, first = {};
  var least = Math.min.apply(null, Object.keys(weighed).map(function (g) { return weighed[g]; }).concat([1]));
  // each game's results as its own page ranks them, the guides' from the query with every game's words
  found = found.filter(function (hit) { return !hit.game || !own[hit.game]; });
  Object.keys(own).forEach(function (game) { found = found.concat(own[game]); });
  found.forEach(function (hit) {
    var game = hit.game || "";
    seen[game] = (seen[game] || 0) + 1;
    if (seen[game] === 1) { first[game] = hit.score; }
    var drop = game && SPREAD && first[game] > 0 ? Math.pow(hit.score / first[game], SPREAD) : 1;
    hit.chance = (game && weighed[game] !== undefined ? weighed[game] : least) * Math.pow(DECAY, seen[game] - 1) * drop;
  });
  chances = weighed;
  // sort is stable: within a game, and between equal chances, the search's own order stays
  return found.slice().sort(function (a, b) { return b.chance - a.chance; });
}
