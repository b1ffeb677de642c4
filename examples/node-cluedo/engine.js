#!/usr/bin/env node
// An independent engine for part of "Cluedo: Die drei ???", in plain Node (no npm packages),
// speaking Casebook's stdio protocol: JSON-RPC 2.0, one message per line (online.js: over WebSocket).
//
// It plays the set-up (the case file, the deal), the roll for who starts, the
// secret passages, and questioning with its answers.  Everything else (moving
// on the board, Advantage cards, accusations, the Duel) it declines in hello,
// and refuses with the typed error "unsupported" if asked.
//
// DELIBERATE DEVIATION (see README.md): it deals out *all* the clue cards, so
// with 4 or 5 players some hands hold one card more and nothing lies face up,
// where the rulebook deals evenly and puts the rest face up (CD-SET-02).
//
// Written from the rulebook and the published protocol and schema
// (casebook/schemas/cluedo_drei.json), not from the reference's code.
'use strict';

const readline = require('readline');
const fs = require('fs');
const path = require('path');

const GAME = 'cluedo_drei';
const SUSPECTS = ['Brittany', 'Dick Perry', 'Mr. Grey', 'Skinner Norris', 'Victor Hugenay', 'Wilbur Graham'];
const ITEMS = ['antique books', 'limited edition comics', 'painting', 'golden belt', 'the Super Parrot', 'treasure of gold coins'];
const LOCATIONS = ['Altes Stadttheater', 'Art Gallery Hall', 'Bibliothek', 'Friedhof', 'Highschool',
  'Marios Eispalast', 'Memorial Hospital', 'Palisades Park', 'Strand'];
const CARDS = [...SUSPECTS, ...ITEMS, ...LOCATIONS];
const INVESTIGATORS = ['Justus Jonas', 'Peter Shaw', 'Bob Andrews', 'Uncle Titus', 'Aunt Mathilda', 'Inspector Cotta'];
const FACES = ['?', 2, 3, 4, 5, 6];
const PIPS = { '?': 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6 };
const PASSAGES = { 'Friedhof': 'Memorial Hospital', 'Memorial Hospital': 'Friedhof', 'Bibliothek': 'Palisades Park', 'Palisades Park': 'Bibliothek' };
const ADVANTAGE_DECK = { taxi: 6, headquarters: 3, tip_off: 4 };
const TYPES = ['fill_case_file', 'set_aside', 'deal', 'roll', 'roll_dice', 'secret_passage', 'draw', 'follow', 'discard',
  'move', 'question', 'show', 'look', 'accuse', 'end_turn'];
const PLAYED = ['filling_case_file', 'dealing', 'rolling_for_start', 'starting_turn', 'rolling', 'questioning', 'answering'];
const DECLINES = JSON.parse(fs.readFileSync(path.join(__dirname, 'declines.json'), 'utf8')).declines;

class GameError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}
const bad = (m) => new GameError('bad_request', m);

// -- canonical JSON: sorted keys, no spaces, as the protocol sorts moves by it --------------
function canonical(v) {
  if (Array.isArray(v)) return '[' + v.map(canonical).join(',') + ']';
  if (v && typeof v === 'object') return '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canonical(v[k])).join(',') + '}';
  return JSON.stringify(v);
}
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const sortMoves = (ms) => ms.sort((x, y) => cmp(x.actor, y.actor) || cmp(canonical(x.action), canonical(y.action)));
const pips = (dice) => PIPS[dice[0]] + PIPS[dice[1]];
const clone = (v) => JSON.parse(JSON.stringify(v));

// -- options and a fresh table ----------------------------------------------------------------
function options(o) {
  if (!o || typeof o !== 'object' || Array.isArray(o)) throw bad('options must be an object');
  const extra = Object.keys(o).filter((k) => !['players', 'variant', 'advantage_cards'].includes(k));
  if (extra.length) throw bad(`unknown options ${extra}`);
  const players = o.players === undefined ? INVESTIGATORS.slice(0, 3) : o.players;
  if (!Array.isArray(players) || !players.every((p) => typeof p === 'string')) throw bad('players is a list of investigator names');
  if (!players.every((p) => INVESTIGATORS.includes(p))) throw bad('players must be investigators');
  if (new Set(players).size !== players.length) throw bad('each investigator is played once');
  if (players.length < 2 || players.length > 6) throw bad('2 to 6 players');
  // CD-DUE-08: a game of two is the Duel unless the classic game is asked for by name
  const variant = o.variant === undefined ? (players.length === 2 ? 'duel' : 'classic') : o.variant;
  if (variant !== 'classic') throw new GameError('unsupported', `this engine plays the classic game only, not ${JSON.stringify(variant)}`);
  const cards = o.advantage_cards === undefined ? true : o.advantage_cards;
  if (typeof cards !== 'boolean') throw bad('advantage_cards is true or false');
  return { players, variant, advantage_cards: cards };
}

const newTurn = () => ({ dice: null, pips: 0, card: null, question: null, answerer: null, tipped: null });

function fresh(opts) {
  const ps = opts.players;
  const each = (f) => Object.fromEntries(ps.map((p) => [p, f(p)]));
  return {
    game: GAME, options: clone(opts), players: [...ps], phase: 'filling_case_file', dealing_to: null,
    hand_sizes: each(() => 0), surplus: [], side_cards: 0, positions: each((p) => `start space of ${p}`),
    markers: Object.fromEntries([...SUSPECTS, ...ITEMS].map((m) => [m, null])),
    start_rolls: {}, start_waiting: [...ps], current: null, turn: newTurn(), out: [],
    advantage: opts.advantage_cards ? { stack: { ...ADVANTAGE_DECK }, discard: { taxi: 0, headquarters: 0, tip_off: 0 } } : null,
    outcome: null,
    secret: { case_file: null, undealt: [...CARDS] },
    private: each(() => ({ hand: [], shown: [] })),
  };
}

// -- the rules ------------------------------------------------------------------------------------
const dealt = (s) => s.players.reduce((n, p) => n + s.private[p].hand.length, 0);
const recipient = (s) => s.players[dealt(s) % s.players.length];
const leftOf = (s, p) => { const i = s.players.indexOf(p); return [...s.players.slice(i + 1), ...s.players.slice(0, i)]; };

function moves(s) {
  const me = s.current;
  switch (s.phase) {
    case 'solved': case 'unsolved': return [];
    case 'filling_case_file': {
      const out = [];
      for (const suspect of SUSPECTS) for (const item of ITEMS) for (const location of LOCATIONS)
        out.push({ actor: 'chance', action: { type: 'fill_case_file', suspect, item, location }, p: 1 / 324 });
      return out;
    }
    case 'dealing': return s.secret.undealt.map((card) => ({ actor: 'chance', action: { type: 'deal', card }, p: 1 / s.secret.undealt.length }));
    case 'rolling_for_start': case 'rolling': {
      const out = [];
      for (const a of FACES) for (const b of FACES) out.push({ actor: 'chance', action: { type: 'roll', dice: [a, b] }, p: 1 / 36 });
      return out;
    }
    case 'starting_turn': {
      const out = [{ actor: me, action: { type: 'roll_dice' } }];
      if (PASSAGES[s.positions[me]]) out.push({ actor: me, action: { type: 'secret_passage' } });
      return out;
    }
    case 'questioning': {
      const here = s.positions[me];
      const out = [];
      for (const suspect of SUSPECTS) for (const item of ITEMS) out.push({ actor: me, action: { type: 'question', suspect, item, location: here } });
      return out;
    }
    case 'answering': {
      const q = s.turn.question, who = s.turn.answerer;
      return s.private[who].hand.filter((c) => [q.suspect, q.item, q.location].includes(c)).map((card) => ({ actor: who, action: { type: 'show', card } }));
    }
    default:
      throw new GameError('unsupported', `this engine does not play the phase ${s.phase}`);
  }
}

function passTurn(s, events) {
  for (const q of [...leftOf(s, s.current), s.current]) if (!s.out.includes(q)) { s.current = q; break; }
  s.turn = newTurn();
  s.phase = 'starting_turn';
  events.push({ type: 'turn', player: s.current });
}

function perform(s, actor, a) {
  const events = [];
  const me = s.current;
  switch (a.type) {
    case 'fill_case_file': {
      s.secret.case_file = { suspect: a.suspect, item: a.item, location: a.location };
      s.secret.undealt = s.secret.undealt.filter((c) => ![a.suspect, a.item, a.location].includes(c));
      events.push({ type: 'case_file_filled', secret: { case_file: clone(s.secret.case_file) } });
      s.phase = 'dealing';
      break;
    }
    case 'deal': {
      const to = recipient(s);
      s.secret.undealt = s.secret.undealt.filter((c) => c !== a.card);
      s.private[to].hand = [...s.private[to].hand, a.card].sort(cmp);
      s.hand_sizes[to] += 1;
      events.push({ type: 'dealt', to, private: { [to]: { card: a.card } } });
      // DEVIATION (CD-SET-02): deal until the stack is empty, however uneven the hands come out.
      if (s.secret.undealt.length === 0) {
        s.surplus = [];
        events.push({ type: 'surplus', cards: [] });
        s.phase = 'rolling_for_start';
      }
      break;
    }
    case 'roll': {
      if (s.phase === 'rolling') {
        s.turn.dice = [...a.dice];
        s.turn.pips = pips(a.dice);
        events.push({ type: 'rolled', player: me, dice: [...a.dice], pips: s.turn.pips });
        s.phase = a.dice.includes('?') && s.advantage ? 'drawing' : 'moving';
        break;
      }
      const roller = s.start_waiting.shift();
      s.start_rolls[roller] = [...a.dice];
      events.push({ type: 'rolled', player: roller, dice: [...a.dice], pips: pips(a.dice) });
      if (s.start_waiting.length) break;
      // The highest total among the rolls on record starts; a tie at the top rolls again.
      const rolled = s.players.filter((p) => s.start_rolls[p] !== undefined);
      const best = Math.max(...rolled.map((p) => pips(s.start_rolls[p])));
      const top = rolled.filter((p) => pips(s.start_rolls[p]) === best);
      if (top.length === 1) {
        s.current = top[0];
        s.start_waiting = [];
        events.push({ type: 'turn', player: s.current });
        s.phase = 'starting_turn';
      } else {
        s.start_waiting = top;
        // only the tied roll again: the others' rolls leave the record (CD-TRN-02)
        s.start_rolls = Object.fromEntries(top.map((p) => [p, s.start_rolls[p]]));
        events.push({ type: 'tie', players: [...top] });
      }
      break;
    }
    case 'roll_dice': s.phase = 'rolling'; break;
    case 'secret_passage': {
      const to = PASSAGES[s.positions[me]];
      s.positions[me] = to;
      events.push({ type: 'entered', player: me, place: to, via: 'secret passage' });
      s.phase = 'questioning';
      break;
    }
    case 'question': {
      const named = [a.suspect, a.item, a.location];
      s.markers[a.suspect] = a.location;
      s.markers[a.item] = a.location;
      s.turn.question = { suspect: a.suspect, item: a.item, location: a.location };
      events.push({ type: 'questioned', player: me, suspect: a.suspect, item: a.item, location: a.location });
      let answerer = null;
      for (const q of leftOf(s, me)) {  // players out of the race still answer
        if (s.private[q].hand.some((c) => named.includes(c))) { answerer = q; break; }
        events.push({ type: 'no_evidence', player: q });
      }
      if (answerer === null) events.push({ type: 'nobody_showed' });
      s.turn.answerer = answerer;
      if (answerer) s.phase = 'answering'; else passTurn(s, events);
      break;
    }
    case 'show': {
      const by = s.turn.answerer;
      s.private[me].shown.push({ card: a.card, by });
      events.push({ type: 'shown', by, to: me, private: { [me]: { card: a.card }, [by]: { card: a.card } } });
      passTurn(s, events);
      break;
    }
    default: throw new GameError('unsupported', `this engine does not play ${a.type}`);
  }
  s.dealing_to = s.phase === 'dealing' ? recipient(s) : null;
  return events;
}

// -- the protocol ----------------------------------------------------------------------------------
const tables = new Map();
let nextId = 1;

function table(id) {
  if (!tables.has(String(id))) throw bad(`no table ${JSON.stringify(id)}`);
  return tables.get(String(id));
}

function redact(doc, viewer) {
  if (Array.isArray(doc)) return doc.map((v) => (v && typeof v === 'object' ? redact(v, viewer) : v));
  const out = {};
  for (const [k, v] of Object.entries(doc)) {
    if (k === 'secret') continue;
    if (k === 'private') out[k] = viewer !== null && v[viewer] !== undefined ? { [viewer]: clone(v[viewer]) } : {};
    else out[k] = v && typeof v === 'object' ? redact(v, viewer) : v;
  }
  return out;
}

const methods = {
  hello: () => ({
    name: 'node-cluedo-example', version: '0.1.0', protocol: '1.0',
    games: { [GAME]: { players: [2, 6], variants: ['classic'], optional: [], declines: DECLINES } },
  }),
  new: ({ game, options: o }) => {
    if (game !== GAME) throw new GameError('unsupported', `this engine plays ${GAME} only`);
    const id = String(nextId++);
    tables.set(id, fresh(options(o || {})));
    return { table: id };
  },
  load: ({ game, state }) => {
    if (game !== GAME) throw new GameError('unsupported', `this engine plays ${GAME} only`);
    if (!state || state.game !== GAME || !Array.isArray(state.players) || !state.private || !state.secret) throw bad('not a cluedo_drei state');
    const opts = options(state.options || {});
    if (canonical(opts.players) !== canonical(state.players)) throw bad('players and options.players differ');
    // Every clue card is somewhere exactly once: case file, a hand, face up, or still to deal.
    const cf = state.secret.case_file;
    const where = [...(cf ? [cf.suspect, cf.item, cf.location] : []), ...(state.surplus || []), ...(state.secret.undealt || []),
      ...state.players.flatMap((p) => (state.private[p] && state.private[p].hand) || [])];
    const missing = CARDS.filter((c) => where.filter((w) => w === c).length !== 1);
    if (missing.length || where.length !== CARDS.length) throw bad(`clue cards lost or doubled: ${missing.join(', ')}`);
    const id = String(nextId++);
    tables.set(id, clone(state));
    return { table: id };
  },
  state: ({ table: t }) => clone(table(t)),
  view: ({ table: t, player }) => {
    const s = table(t);
    if (player !== null && player !== undefined && !s.players.includes(player)) throw bad(`no player ${JSON.stringify(player)}`);
    return redact(s, player === undefined ? null : player);
  },
  legal: ({ table: t }) => {
    const ms = sortMoves(moves(table(t)));
    return { to_act: [...new Set(ms.map((m) => m.actor))].sort(cmp), moves: ms };
  },
  apply: ({ table: t, actor, action }) => {
    const s = table(t);
    if (typeof actor !== 'string') throw bad('actor must be a string');
    if (actor !== 'chance' && !s.players.includes(actor)) throw bad(`no player ${JSON.stringify(actor)}`);
    if (!action || typeof action !== 'object' || typeof action.type !== 'string') throw bad('an action is an object with a "type"');
    if (!TYPES.includes(action.type)) throw bad(`no action of type ${JSON.stringify(action.type)}`);
    // a face the dice do not have is a malformed roll, whatever the phase (CD-CMP-07)
    if (action.type === 'roll' && !(Array.isArray(action.dice) && action.dice.length === 2 && action.dice.every((d) => FACES.includes(d)))) {
      throw bad(`dice are two of ${JSON.stringify(FACES)}, got ${JSON.stringify(action.dice)}`);
    }
    const ms = moves(s);
    if (!ms.length) throw new GameError('illegal_action', 'the game is over');
    if (!ms.some((m) => m.actor === actor)) throw new GameError('not_your_turn', `${actor} may not act now`);
    const key = canonical(action);
    if (!ms.some((m) => m.actor === actor && canonical(m.action) === key)) throw new GameError('illegal_action', `${actor} may not ${key} now`);
    const copy = clone(s);  // nothing changes unless the move goes through
    const events = perform(copy, actor, clone(action));
    tables.set(String(t), copy);
    return { events };
  },
  close: ({ table: t }) => { table(t); tables.delete(String(t)); return {}; },
};

// One request (a line, or a WebSocket message) -> its answer, or null for a blank one.
// online.js serves the same answers over WebSocket.
function answer(line) {
  if (!line.trim()) return null;
  let request;
  try { request = JSON.parse(line); } catch (e) {
    return { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'not JSON' } };
  }
  const { id, method, params } = request;
  if (!methods[method]) return { jsonrpc: '2.0', id, error: { code: -32601, message: `no method ${method}` } };
  try {
    return { jsonrpc: '2.0', id, result: methods[method](params || {}) };
  } catch (e) {
    if (e instanceof GameError) return { jsonrpc: '2.0', id, error: { code: -32000, message: e.message, data: { code: e.code, message: e.message } } };
    return { jsonrpc: '2.0', id, error: { code: -32603, message: String(e && e.stack || e) } };
  }
}

module.exports = { answer, closeTable: (t) => tables.delete(String(t)) };

if (require.main === module) {
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  rl.on('line', (line) => {
    const message = answer(line);
    if (message !== null) process.stdout.write(JSON.stringify(message) + '\n');
  });
}
