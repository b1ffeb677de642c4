"""The online heist game — the turn as tables (data only): phases, transitions, actions, events, state, inventory.

Phases are the page's: the set-up the game does itself (hide, lay face down
with two seats, deal, the first roll), then a turn (start, dice, moving by
select and confirm or the secret passage, in a place, the question going
round, after the question) and two ends.  For one trigger the first row whose
conditions hold wins: row order is meaning.  Rows that end a turn hand it on
with ``pass_turn`` (HO-PRE-05: to the left, passing over players out).
The clock's ``expire`` is a row like any other (HO-TIM-04).  The guards and
callbacks named here live in engine.py.
"""

from statemachines.schemas import Enum, Int, ListOf, Maybe, MapOf, PerPlayer, Record, Spec, fail, spec, typed

from . import rules as R

TURN = ["starting_turn", "moving", "in_place", "after_question"]  # the turn timer runs in these (HO-TIM-05)
PLACED = ["starting_turn", "in_place", "after_question"]  # an accusation may come from these (HO-TRN-12)

STATES = [
    {"name": "hiding", "actor": "chance", "summary": "one gang member, one method and one place are hidden, unseen"},
    {"name": "laying", "actor": "chance", "summary": "two seats: four cards face down, each on its own place"},
    {"name": "dealing", "actor": "chance", "summary": "the rest dealt one card at a time from the first seat"},
    {
        "name": "rolling_for_start",
        "actor": "chance",
        "summary": "every seat rolls two dice; the highest starts, ties roll again",
    },
    {"name": "starting_turn", "actor": "player", "summary": "roll the dice, or accuse from inside a place"},
    {"name": "rolling", "actor": "chance", "summary": "the two dice: the most the pawn may walk"},
    {
        "name": "moving",
        "actor": "player",
        "summary": "select a place to see the path, confirm it, or take the secret passage",
    },
    {"name": "in_place", "actor": "player", "summary": "just entered a place: ask, accuse or end the turn"},
    {
        "name": "answering",
        "actor": "player",
        "summary": "the first player to the left holding a named card shows one, within 15 seconds",
    },
    {"name": "after_question", "actor": "player", "summary": "the question is answered: accuse or end the turn"},
    {"name": "solved", "final": True, "summary": "a right accusation closes the case"},
    {"name": "unsolved", "final": True, "summary": "every seat accused wrongly"},
]

TRANSITIONS = [
    # -- the set-up: all chance's (HO-PRE-01) -------------------------------------------------------
    {
        "trigger": "hide",
        "source": "hiding",
        "dest": "laying",
        "conditions": "is_two_seat_game",
        "before": "hide_cards",
        "clauses": ["HO-DIS-02", "HO-DIS-05", "HO-DIS-07"],
    },
    {"trigger": "hide", "source": "hiding", "dest": "dealing", "before": "hide_cards", "clauses": ["HO-DIS-02"]},
    {
        "trigger": "lay",
        "source": "laying",
        "dest": "dealing",
        "conditions": "lays_the_last",
        "before": "lay_face_down",
        "clauses": ["HO-DIS-05", "HO-DIS-06"],
    },
    {"trigger": "lay", "source": "laying", "dest": "laying", "before": "lay_face_down", "clauses": ["HO-DIS-06"]},
    {
        "trigger": "deal",
        "source": "dealing",
        "dest": "rolling_for_start",
        "conditions": "completes_deal",
        "before": "deal_card",
        "clauses": ["HO-DIS-03", "HO-DIS-04"],
    },
    {"trigger": "deal", "source": "dealing", "dest": "dealing", "before": "deal_card", "clauses": ["HO-DIS-04"]},
    {
        "trigger": "roll",
        "source": "rolling_for_start",
        "dest": "starting_turn",
        "conditions": "decides_start",
        "before": "record_start_roll",
        "after": "begin_first_turn",
        "clauses": ["HO-PRE-03"],
    },
    {
        "trigger": "roll",
        "source": "rolling_for_start",
        "dest": "rolling_for_start",
        "before": "record_start_roll",
        "after": "settle_start_round",
        "clauses": ["HO-PRE-04"],
    },
    # -- the accusation: from inside a place, at any moment of one's turn (HO-TRN-12) ------------------
    {
        "trigger": "accuse",
        "source": PLACED,
        "dest": "solved",
        "conditions": "accusation_is_right",
        "before": "open_hideout",
        "after": "close_case",
        "clauses": ["HO-ACC-01", "HO-ACC-03", "HO-ACC-04"],
    },
    {
        "trigger": "accuse",
        "source": PLACED,
        "dest": "unsolved",
        "conditions": "last_one_in",
        "before": "open_hideout",
        "after": "close_case",
        "clauses": ["HO-ACC-05", "HO-ACC-08"],
    },
    {
        "trigger": "accuse",
        "source": PLACED,
        "dest": "starting_turn",
        "before": "open_hideout",
        "after": "pass_turn",
        "clauses": ["HO-ACC-03", "HO-ACC-05", "HO-ACC-07"],
    },
    # -- rolling and moving -----------------------------------------------------------------------------
    {"trigger": "roll_dice", "source": "starting_turn", "dest": "rolling", "clauses": ["HO-TRN-01"]},
    {
        "trigger": "roll",
        "source": "rolling",
        "dest": "moving",
        "before": "record_roll",
        "clauses": ["HO-TRN-01", "HO-LOG-02"],
    },
    {
        "trigger": "select",
        "source": "moving",
        "dest": "moving",
        "before": "show_path",
        "clauses": ["HO-TRN-04", "HO-TRN-06"],
    },
    # a confirmed walk ends in the place when the roll reaches it (HO-TRN-02), else in the hall (HO-TRN-03)
    {
        "trigger": "confirm",
        "source": "moving",
        "dest": "in_place",
        "conditions": "reaches_the_place",
        "before": "walk",
        "clauses": ["HO-TRN-02", "HO-TRN-05", "HO-DIS-08"],
    },
    {
        "trigger": "confirm",
        "source": "moving",
        "dest": "starting_turn",
        "before": "walk",
        "after": "pass_turn",
        "clauses": ["HO-TRN-03", "HO-TRN-05"],
    },
    {
        "trigger": "take_secret_passage",
        "source": "moving",
        "dest": "in_place",
        "before": "go_through_passage",
        "clauses": ["HO-TRN-07", "HO-TRN-08", "HO-TRN-09", "HO-MOD-03"],
    },
    # -- the question ------------------------------------------------------------------------------------
    {
        "trigger": "question",
        "source": "in_place",
        "dest": "answering",
        "conditions": "someone_can_show",
        "before": "ask",
        "clauses": ["HO-QUE-01", "HO-QUE-02", "HO-QUE-03", "HO-QUE-05"],
    },
    {
        "trigger": "question",
        "source": "in_place",
        "dest": "after_question",
        "before": "ask",
        "clauses": ["HO-QUE-07", "HO-QUE-08", "HO-DIS-10"],
    },
    {
        "trigger": "show",
        "source": "answering",
        "dest": "after_question",
        "before": "show_card",
        "clauses": ["HO-QUE-04", "HO-QUE-06", "HO-QUE-09"],
    },
    {
        "trigger": "end_turn",
        "source": ["in_place", "after_question"],
        "dest": "starting_turn",
        "after": "pass_turn",
        "clauses": ["HO-TRN-11", "HO-PRE-05"],
    },
    # -- the clock (HO-TIM-04): the 15 seconds show the first named card (HO-QUE-11); the turn ends (HO-TIM-05)
    {
        "trigger": "expire",
        "source": "answering",
        "dest": "after_question",
        "before": "show_for_them",
        "clauses": ["HO-QUE-11"],
    },
    {
        "trigger": "expire",
        "source": TURN,
        "dest": "starting_turn",
        "before": "time_out_turn",
        "after": "pass_turn",
        "clauses": ["HO-TIM-05"],
    },
    # -- the notes assistant: switching does not use the move up (HO-NOT-10) --------------------------------
    {
        "trigger": "switch_notes_assistant",
        "source": TURN + ["answering"],
        "dest": None,
        "before": "switch_assistant",
        "clauses": ["HO-NOT-07", "HO-NOT-08", "HO-NOT-09", "HO-NOT-10"],
    },
]

# The clauses each phase cites (describe() and the site list them), kept below the tables so that a phase's
# row stays one line
PHASE_CLAUSES = {
    "hiding": [
        "HO-DIS-02",
        "HO-PRE-01",
        "HO-MOD-01",
        "HO-DIS-01",
        "HO-PRE-02",
        "HO-PRE-06",
        "HO-PRE-07",
        "HO-PRE-08",
        "HO-PRE-09",
        "HO-PRE-10",
        "HO-TIM-02",
        "HO-TIM-07",
        "HO-TUT-01",
        "HO-TUT-02",
        "HO-NOT-01",
        "HO-NOT-02",
        "HO-NOT-03",
        "HO-NOT-05",
        "HO-NOT-06",
        "HO-NOT-12",
        "HO-MOD-05",
        "HO-LOG-01",
    ],
    "laying": ["HO-DIS-05", "HO-DIS-06", "HO-DIS-07"],
    "dealing": ["HO-DIS-03", "HO-DIS-04", "HO-DIS-05", "HO-PRE-01", "HO-LOG-08", "HO-NOT-04"],
    "rolling_for_start": ["HO-PRE-03", "HO-PRE-04", "HO-LOG-02"],
    "starting_turn": [
        "HO-TRN-01",
        "HO-TRN-08",
        "HO-TRN-10",
        "HO-TRN-12",
        "HO-ACC-02",
        "HO-TIM-01",
        "HO-TIM-05",
        "HO-PRE-11",
        "HO-PRE-14",
        "HO-BOT-01",
        "HO-PRE-05",
        "HO-PRE-13",
        "HO-ACC-05",
        "HO-ACC-07",
        "HO-TIM-04",
        "HO-TIM-08",
        "HO-NOT-07",
        "HO-NOT-08",
        "HO-NOT-09",
        "HO-NOT-10",
    ],
    "rolling": ["HO-TRN-01", "HO-LOG-02"],
    "moving": [
        "HO-TRN-02",
        "HO-TRN-03",
        "HO-TRN-04",
        "HO-TRN-05",
        "HO-TRN-06",
        "HO-TRN-07",
        "HO-TRN-09",
        "HO-MOD-02",
        "HO-MOD-04",
        "HO-BOT-02",
        "HO-BOT-03",
        "HO-MOD-03",
        "HO-LOG-07",
        "HO-TUT-03",
        "HO-TUT-08",
        "HO-DIS-11",
    ],
    "in_place": [
        "HO-TRN-10",
        "HO-TRN-11",
        "HO-TRN-12",
        "HO-QUE-01",
        "HO-ACC-01",
        "HO-DIS-08",
        "HO-QUE-02",
        "HO-QUE-08",
        "HO-DIS-09",
        "HO-NOT-11",
        "HO-TUT-04",
        "HO-ACC-03",
    ],
    "answering": [
        "HO-QUE-03",
        "HO-QUE-04",
        "HO-QUE-10",
        "HO-QUE-11",
        "HO-TIM-06",
        "HO-ACC-06",
        "HO-PRE-12",
        "HO-QUE-05",
        "HO-QUE-09",
        "HO-LOG-03",
        "HO-LOG-04",
        "HO-TIM-03",
        "HO-TUT-05",
        "HO-TUT-07",
    ],
    "after_question": [
        "HO-TRN-12",
        "HO-QUE-06",
        "HO-QUE-07",
        "HO-DIS-10",
        "HO-TUT-06",
        "HO-BOT-04",
        "HO-BOT-05",
        "HO-LOG-05",
    ],
    "solved": ["HO-ACC-04", "HO-LOG-06"],
    "unsolved": ["HO-ACC-08", "HO-LOG-06"],
}

# -- the protocol's words for this machine ------------------------------------------------------
DICE = ListOf("face", 2, 2)
CASE = {"gang": "gang", "method": "method", "place": "place"}

ACTIONS = {
    "hide": ("chance hides one gang member, one method and one place", CASE),
    "lay": ("two seats: chance lays a card face down on a free place", {"card": "card", "place": "place"}),
    "deal": ("chance deals one card to the seat whose turn it is to receive", {"card": "card"}),
    "roll": ("chance rolls the two dice (for the start, or for a turn)", {"dice": DICE}),
    "roll_dice": ("the player starts the turn by rolling", {}),
    "select": ("the player taps a place: the path is shown, nothing moves", {"place": "place"}),
    "confirm": ("the player taps it again: the pawn walks, as far as the roll goes", {}),
    "take_secret_passage": (
        "after rolling, instead of the move: through the passage of the place the turn began in",
        {},
    ),
    "question": ("the player in a place just entered asks about a gang member, a method and that place", CASE),
    "show": ("the player the question stopped at shows one named card to the asker", {"card": "card"}),
    "accuse": ("the player inside a place opens the hideout, naming a gang member, a method and any place", CASE),
    "end_turn": ("the player ends the turn", {}),
    "expire": ("the clock: a running timer runs out", {"timer": "timer"}),
    "switch_notes_assistant": (
        "the player switches their own notes assistant off, or back on",
        {"on": (bool, "true: switch it back on (only where the room's default is on); false: switch it off")},
    ),
}

# each event: what it is, its line in the case log (HO-LOG-01), its public fields and the
# parts for some eyes only.  The lines are data the schema publishes ("facts": case_log) for the steps and the site:
# "{field}" is the field's value ("A, B and C" for a list or the values of an object; a method, a place and the
# Entrance take "the"), "{field:yes/no}" a word for a true or false field.
_EVENTS = {
    "hidden": ("the hideout is filled, unseen", "the hideout was filled", {}, {"secret": CASE}),
    "laid": (
        "a card is laid face down on a place",
        "a card was laid face down in {place}",
        {"place": "place"},
        {"secret": {"card": "card"}},
    ),
    "dealt": (
        "a card is dealt to a seat",
        "a card was dealt to {seat}",
        {"seat": "player"},
        {"private": MapOf("player", {"card": "card"})},
    ),
    "start_roll": (
        "a seat rolled to decide who starts",
        "{seat} rolled {dice} to decide who starts",
        {"seat": "player", "dice": DICE},
        {},
    ),
    "starts": ("the highest first roll: this seat plays first", "{seat} starts", {"seat": "player"}, {}),
    "rolled": ("a seat rolled the dice for its turn", "{seat} rolled {dice}", {"seat": "player", "dice": DICE}, {}),
    "moved": (
        "a pawn walked: into a place, or as far as the roll went",
        "{seat} moved to {to}",
        {"seat": "player", "to": "space"},
        {},
    ),
    "passage": (
        "a pawn took a secret passage",
        "{seat} took the secret passage to {to}",
        {"seat": "player", "to": "place"},
        {},
    ),
    "looked": (
        "two seats: a player looked at the face-down card of the place entered",
        "{seat} looked at the face-down card in {place}",
        {"seat": "player", "place": "place"},
        {"private": MapOf("player", {"card": "card"})},
    ),
    "asked": ("a question", "{seat} asked about {gang}, {method} and {place}", {"seat": "player", **CASE}, {}),
    "no_card": ("a player held none of the named cards", "{seat} had no card", {"seat": "player"}, {}),
    "showed": (
        "a card was shown: only the two players see which",
        "{seat} showed {to} a card",
        {"seat": "player", "to": "player"},
        {"private": MapOf("player", {"card": "card"})},
    ),
    "nobody_showed": ("nobody could show a card", "nobody could show a card", {}, {}),
    "timer_ran_out": (
        "a timer ran out",
        "the {timer} timer of {seat} ran out",
        {"timer": "timer", "seat": "player"},
        {},
    ),
    "accused": (
        "a player opened the hideout; only they see its cards and what they named",
        "{seat} opened the hideout and was {right:right/wrong}",
        {"seat": "player", "right": (bool, "whether the three cards named are the hideout's")},
        {
            "private": MapOf(
                "player",
                {
                    "named": (CASE, "the gang member, method and place the accuser named"),
                    "hideout": (CASE, "the hideout's three cards, seen by the accuser alone"),
                },
            )
        },
    ),
    "closed": (
        "the game is over: the hideout's cards, for everyone",
        "the case is closed: {hideout}",
        {"winner": Maybe("player"), "hideout": (CASE, "the hideout's three cards, now shown to everyone")},
        {},
    ),
}
CASE_LOG = {
    "lines": {kind: line for kind, (_, line, _, _) in _EVENTS.items()},
    "with_the": sorted(R.METHODS + R.PLACES + (R.ENTRANCE,)),
}
EVENTS = {
    kind: (doc, {**public, **{k + "?": v for k, v in hidden.items()}})
    for kind, (doc, _, public, hidden) in _EVENTS.items()
}
EVENTS["coach"] = (
    "tutorial: the coach speaks to the learner alone (never in the case log)",
    {"private": MapOf("player", {"moment": "moment"})},
)


class Tagged(Spec):
    """One of several typed objects, chosen by their "type" (a log entry): one check, not one per form."""

    def __init__(self, forms: dict):
        self.forms = {kind: spec(form) for kind, form in forms.items()}

    def schema(self, names):
        return {"oneOf": [form.schema(names) for form in self.forms.values()]}

    def check(self, value, ctx, path):
        kind = value.get("type") if type(value) is dict else None
        form = self.forms.get(kind) if type(kind) is str else None  # a mutated state may hold anything there
        if form is None:
            fail(path, f"is no log entry (types: {sorted(self.forms)})")
        form.check(value, ctx, path)


LOG_ENTRY = Tagged({kind: typed(kind, public) for kind, (_, _, public, _) in _EVENTS.items()})

SEEN = {
    "seen": (
        Enum("in hand", "shown", "face down"),
        "how the player knows the card: "
        "in their own hand, shown by a player (by), or looked at face down on a place (place)",
    ),
    "by?": "player",
    "place?": "place",
}
NOTED = "what the assistant wrote beside each name (null: nothing)"
NOTES = {
    "who": (Record("gang", Maybe(SEEN)), "who took it: " + NOTED),
    "how": (Record("method", Maybe(SEEN)), "how the safe was opened: " + NOTED),
    "where": (Record("place", Maybe(SEEN)), "where it is hidden: " + NOTED),
}

STATE = {
    "hand_sizes": (PerPlayer(Int(0)), "how many cards each seat holds (derived)"),
    "dealing_to": (Maybe("player"), "who receives the next card while dealing (derived)"),
    "face_down": (["place"], "two seats: the places carrying a face-down card"),
    "positions": (PerPlayer("space"), "where each pawn stands: a place, a hall space or the Entrance"),
    "tokens": (
        Record("token", Maybe("place")),
        "the place each gang member's and method's token stands in (null: none yet)",
    ),
    "start_rolls": (MapOf("player", DICE), "the first rolls of those still in the running"),
    "start_waiting": (["player"], "who still rolls to decide who starts, in order"),
    "current": (Maybe("player"), "whose turn it is"),
    "turn": (
        {
            "began": (Maybe("space"), "where the pawn stood when the dice were rolled"),
            "dice": (Maybe(DICE), "this turn's roll"),
            "selected": (Maybe("place"), "the place tapped, not yet confirmed"),
            "path": (["space"], "the path shown to the selected place, the place last"),
            "question": (Maybe(CASE), "the question asked this turn"),
            "answerer": (Maybe("player"), "who must show a card"),
        },
        "this turn so far",
    ),
    "timer": (
        Maybe(
            {
                "timer": "timer",
                "seconds": (
                    Int(1),
                    "its length in seconds: 15 to show a card, or the room's turn timer (30, 45 or 60); "
                    "only a clock move ends it",
                ),
                "seat": "player",
            }
        ),
        "the timer running now, if any (derived)",
    ),
    "out": (
        ListOf("player", unique=True),
        "the seats that accused wrongly, in that order",
    ),  # once each: the turn passes to someone still in
    "outcome": (
        Maybe(
            {
                "result": (
                    Enum("solved", "unsolved"),
                    "solved: a player accused rightly; unsolved: every seat accused wrongly",
                ),
                "winners": ["player"],
                "hideout": (CASE, "the hideout's three cards, shown to everyone at the end"),
            }
        ),
        "how the game ended",
    ),
    "log": (ListOf(LOG_ENTRY), "the case log: every public entry, in order (HO-LOG-01)"),
    "secret": (
        {
            "hideout": (Maybe(CASE), "the gang member, method and place in the hideout (null: not filled yet)"),
            "undealt": ["card"],
            "face_down": (MapOf("place", "card"), "two seats: the card lying face down on each place that has one"),
        },
        "what nobody sees",
    ),
    "private": (
        PerPlayer(
            {
                "hand": ["card"],
                "seen": (
                    [{"card": "card", "by?": "player", "place?": "place"}],
                    "the cards this player was shown, or looked at face down",
                ),
                "showed": ([{"card": "card", "to": "player"}], "the cards this player showed, and to whom"),
                "assistant": (bool, "whether this player's notes assistant is on"),
                "notes": (NOTES, "the notes sheet: what the assistant wrote under each heading (HO-NOT-01)"),
                "accused?": (CASE, "what this player named when accusing"),
                "hideout?": (CASE, "the hideout, seen when accusing (HO-ACC-03)"),
                "coach?": (["moment"], "tutorial: what the coach has told the learner, in order (HO-TUT-08)"),
            }
        ),
        "what only that player sees",
    ),
}

INVENTORY = {
    "card": (
        {card: 1 for card in R.CARDS},
        ["secret.hideout.*", "secret.undealt.*", "secret.face_down.*", "private.*.hand.*"],
    ),
}
