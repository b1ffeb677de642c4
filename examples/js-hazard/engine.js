#!/usr/bin/env node
// Feuerdiamant's roll, hazard step and event step: a small engine in plain Node, wrapped through the kit over
// the wire (casebook/kit_bridge.py).  It answers pure calls on the whole state; Casebook does the views, the
// move order, the typed errors before a move, hello's checks and the declines.
//
//   casebook verify --impl "kit:node examples/js-hazard/engine.js" --game feuerdiamant
//
// It was written from the published schema (casebook/schemas/feuerdiamant.json: the state's fields, the actions,
// the events) and the clauses FD-TURN-01, FD-HAZ-01..05, FD-EVT-01..03, FD-OBS-06..10.  It never deals (the
// set-up is declined: every scenario loads the published deal), and declines every phase it does not play.
"use strict";
const path = require("path");
const fs = require("fs");

// ---- the rules ---------------------------------------------------------------------------------------------
const DIE_FACES = { brown: 1, blue: 1, red: 1, white: 1, star: 2 }; // FD-MOD-03: four colours, two stars of six
const COLOURS = ["brown", "blue", "red", "white"];
const FINAL_SPACE = 15; // the state says 1 to 15, and 15 loses the game (FD-END-04): a part this engine declines
const BOARD_TOKENS = ["shuffle two suspects", "Palisades Park and Hospital"]; // they touch the persons: declined

class Refusal extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}
const notPlayed = (what) =>
  new Refusal("unsupported", `js-hazard plays only the roll, hazard and event steps: ${what}`);

function doubled(state, obstacle) {
  // FD-OBS-06..10: an "x2" obstacle lying anywhere on the board doubles what it names
  return Object.values(state.board).some((place) => place.obstacle === obstacle) ? 2 : 1;
}

function tokenAt(state, at) {
  return state.tracks[at.colour].tokens.find((t) => t.space === at.space).token;
}

function legalMoves(state) {
  const who = state.current;
  if (state.phase === "rolling") {
    // FD-TURN-01: chance throws the hazard die and the movement die together
    const moves = [];
    for (const [face, count] of Object.entries(DIE_FACES))
      for (let pips = 1; pips <= 6; pips++)
        moves.push({ actor: "chance", action: { type: "roll", hazard: face, movement: pips }, p: count / 36 });
    return moves;
  }
  if (state.phase === "hazard") {
    // FD-HAZ-01/02: the colour shown, or on a star any colour the player picks
    const face = state.roll.hazard;
    return (face === "star" ? COLOURS : [face]).map((colour) => ({
      actor: who,
      action: { type: "move_hazard_indicator", colour },
    }));
  }
  if (state.phase === "events" && !BOARD_TOKENS.includes(tokenAt(state, state.activated[0])))
    return [{ actor: who, action: { type: "carry_out_event" } }];
  throw notPlayed(`not the ${state.phase} phase or that token`);
}

function climb(state, colour, steps, events) {
  // FD-HAZ-03/04, FD-EVT-01: every space the indicator enters wakes the token lying there, in that order
  const track = state.tracks[colour];
  for (let i = 0; i < steps; i++) {
    if (track.indicator + 1 === FINAL_SPACE) throw notPlayed("a full hazard track ends the game");
    track.indicator += 1;
    const lying = track.tokens.find((t) => t.space === track.indicator);
    if (lying) {
      state.activated.push({ colour, space: lying.space });
      events.push({ type: "event_activated", colour, space: lying.space, token: lying.token });
    }
  }
  events.push({ type: "hazard_indicator_moved", colour, to: track.indicator });
}

function carryOut(state, events) {
  // FD-HAZ-05: a roadblock is laid on the board, every other token goes to the box; FD-EVT-01..03: its effect
  const at = state.activated.shift();
  const token = tokenAt(state, at);
  const track = state.tracks[at.colour];
  track.tokens = track.tokens.filter((t) => t.space !== at.space);
  events.push({ type: "event_carried_out", colour: at.colour, space: at.space, token });
  if (token.startsWith("roadblock ")) return state.roadblocks.push(token.slice("roadblock ".length));
  state.box.events.push(token);
  if (token === "double the hazard die") climb(state, state.roll.colour, doubled(state, "Hazard Die x2"), events);
  else {
    const [count, colour] = token.split(" ");
    climb(state, colour, Number(count) * doubled(state, "Event Symbols x2"), events);
  }
}

function applyMove(before, move) {
  const state = structuredClone(before); // pure: the state given is never touched
  const { action } = move;
  const events = [];
  if (action.type === "roll") {
    state.roll = { hazard: action.hazard, movement: action.movement, colour: null, bonus: 0 };
    state.phase = "hazard";
    events.push({ type: "dice_rolled", hazard: action.hazard, movement: action.movement });
    return { state, events };
  }
  if (action.type === "move_hazard_indicator") {
    state.roll.colour = action.colour;
    climb(state, action.colour, doubled(state, "Hazard Die x2"), events);
  } else carryOut(state, events);
  state.phase = state.activated.length ? "events" : "movement"; // FD-HAZ-03: the tokens, then the figure
  return { state, events };
}

// ---- the adapter: the kit's calls over JSON-RPC lines (casebook/kit_bridge.schema.json) ---------------------
const PLAYED = ["rolling", "hazard", "events"];
const schema = JSON.parse(fs.readFileSync(path.join(__dirname, "../../casebook/schemas/feuerdiamant.json")));
const declines = new Set(["setup", "FD-EVT-04", "FD-EVT-05", "FD-EVT-06", "FD-EVT-07", "FD-HAZ-06"]);
for (const phase of schema.phases) if (!PLAYED.includes(phase.name)) phase.clauses.forEach((c) => declines.add(c));
for (let n = 1; n < 20; n++) declines.add(`FD-CARD-${String(n).padStart(2, "0")}`); // it plays no detective card
["FD-TURN-02", "FD-TURN-03", "FD-TURN-04"].forEach((c) => declines.add(c));

const CALLS = {
  hello: () => ({
    name: "js-hazard-example",
    version: "0.1",
    protocol: "1.1",
    games: { feuerdiamant: { players: [2, 4], declines: [...declines].sort() } },
  }),
  new: () => {
    throw new Refusal("unsupported", "js-hazard does not deal: load a dealt state");
  },
  legal: ({ state }) => legalMoves(state),
  apply: ({ state, move }) => applyMove(state, move),
};

require("readline")
  .createInterface({ input: process.stdin })
  .on("line", (line) => {
    const { id, method, params } = JSON.parse(line);
    const answer = { jsonrpc: "2.0", id };
    if (!CALLS[method]) answer.error = { code: -32601, message: `no call ${method}` };
    else
      try {
        answer.result = CALLS[method](params);
      } catch (e) {
        const code = e instanceof Refusal ? e.code : "internal_error"; // an engine bug, not a refusal
        answer.error = { code: -32000, message: e.message, data: { code, message: e.message } };
      }
    process.stdout.write(JSON.stringify(answer) + "\n");
  });
