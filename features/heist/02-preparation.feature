Feature: Preparation — the set-up, the first roll, seats, rooms and bots
  Transcribes the section "Preparation" ("Preparació"): the game does the
  set-up itself, a first roll decides who starts, turns go round the table;
  a table has 2 to 6 seats, and whoever opens a private room may add Easy,
  Normal or Hard bots.  The room's options (seats, bots and their levels,
  the turn timer, the notes assistant's default) are checked when the room
  opens, and an impossible room cannot be opened.  How each
  bot level plays is our model (HO-BOT-01 to HO-BOT-04); the rules every
  level keeps are here.

  @HO-PRE-01 @setup
  Rule: The game does all the set-up (hiding, shuffling, dealing, placing the pawns); no player acts before the first turn
    Source: Preparation ¶10

    Example: while the cards are dealt, only chance acts
      Given a new game of Anna, Bernat and Carla
      When the hideout is filled with Marcus, the drill and the Kitchen
      Then chance is to act
      When Anna tries to roll the dice
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @HO-PRE-02 @ruling @model-board @setup
  Rule: Every pawn begins in the Entrance
    The page says the game places everyone on the board but not where; one
    common start keeps the seats equal.

    Source: Preparation ¶10

    Example: Carla's pawn is in the Entrance before anyone moves
      Given a game of Anna, Bernat and Carla
      Then Carla stands in the Entrance
      And Anna stands in the Entrance

  @HO-PRE-03 @ruling @model-start-roll
  Rule: For the first roll every seat rolls two dice once, in seat order, and the highest total starts
    The page says only that a first roll decides who starts; we take the
    highest total of two dice, as the turns' own roll uses two dice.

    Source: Preparation ¶10

    Example: Bernat's eleven beats seven and four
      Given a dealt game of Anna, Bernat and Carla
      Then the dice are rolled next for Anna
      When the dice show 3 and 4
      Then the dice are rolled next for Bernat
      When the dice show 6 and 5
      And the dice show 2 and 2
      Then it is Bernat's turn

    Example: the last seat's roll counts as much as the first: Carla's twelve beats seven and eleven
      Given a dealt game of Anna, Bernat and Carla
      When the dice show 3 and 4
      And the dice show 6 and 5
      And the dice show 6 and 6
      Then it is Carla's turn

  @HO-PRE-04 @ruling @model-start-roll
  Rule: When several seats share the highest total, only they roll again, until one total is highest
    Source: Preparation ¶10

    Example: Anna and Bernat tie on twelve; Carla does not roll again
      Given a dealt game of Anna, Bernat and Carla
      When the dice show 6 and 6
      And the dice show 6 and 6
      And the dice show 1 and 1
      Then the dice are rolled next for Anna
      When the dice show 2 and 3
      Then the dice are rolled next for Bernat
      When the dice show 4 and 4
      Then it is Bernat's turn

  @HO-PRE-05
  Rule: Turns go round the table: after a seat's turn the seat on its left plays, and after the last seat the first
    Our seat order is the order round the table: each seat's left is the next one.

    Source: Preparation ¶10

    Example: after Bernat comes Carla
      Given a game of Anna, Bernat and Carla
      And Bernat has just entered the Kitchen
      When Bernat ends the turn
      Then it is Carla's turn

    Example: after Carla, the last seat, comes Anna
      Given a game of Anna, Bernat and Carla
      And Carla has just entered the Kitchen
      When Carla ends the turn
      Then it is Anna's turn

  @HO-PRE-06 @setup
  Rule: A table has 2 to 6 seats, bots included; a room of any other size cannot be opened
    Source: Preparation ¶11

    Example: one seat is too few
      When a private room is requested for Anna
      Then the request is refused as bad_request

    Example: seven seats are too many, even when some are bots
      When a private room is requested for Anna, Bernat, Carla, Dani, Emma, the Easy bot Pip and the Hard bot Rook
      Then the request is refused as bad_request

    @setup
    Example: six seats open a room
      When a private room is requested for Anna, Bernat, Carla, Dani, Emma and the Hard bot Rook
      Then the room opens with 6 seats

  @HO-PRE-07 @setup
  Rule: Whoever opens a private room may add bots, each Easy, Normal or Hard; there is no other level
    Source: Preparation ¶11

    @setup
    Example: a bot of each level
      When a private room is requested for Anna, the Easy bot Pip, the Normal bot Nyx and the Hard bot Rook
      Then the room opens with 4 seats

    Example: there is no Expert level
      When a private room is requested for Anna, Bernat and the Expert bot Rook
      Then the request is refused as bad_request

  @HO-PRE-08 @ruling @setup
  Rule: Bots are added only to private rooms; a public room cannot have a bot
    The page offers bots to whoever opens a private room, and to nobody else.

    Source: Preparation ¶11

    Example: a public room with a bot
      When a public room is requested for Anna, Bernat and the Easy bot Pip
      Then the request is refused as bad_request

    Example: a public room of people opens
      When a public room is requested for Anna, Bernat and Carla
      Then the room opens with 3 seats

  @HO-PRE-09 @ruling @setup
  Rule: A room holds at least one person, the one who opened it; a room of bots only cannot be opened
    Somebody opens the room and adds the bots, so somebody sits at it.

    Source: Preparation ¶11

    Example: three bots alone
      When a private room is requested for the Easy bot Pip, the Normal bot Nyx and the Hard bot Rook
      Then the request is refused as bad_request

  @HO-PRE-10 @ruling @setup
  Rule: Room options are checked when the room opens: unknown options, malformed values and seat names that are missing, repeated or reserved are refused as bad_request, an unknown kind of room as unsupported
    Source: Preparation ¶11

    Example: two seats with one name, among three
      When a private room is requested for Anna, Bernat and Anna
      Then the request is refused as bad_request

    Example: a seat may not be named after the chance or clock actors
      When a private room is requested for Anna, Bernat and clock
      Then the request is refused as bad_request

    Example: an option the game does not know
      When a private room is requested for Anna, Bernat and Carla, with the option colour
      Then the request is refused as bad_request

    Example: a kind of room the game does not have
      When a league room is requested for Anna, Bernat and Carla
      Then the request is refused as unsupported

  @HO-PRE-11 @ruling
  Rule: A bot is a seat like any other, whose moves the game chooses: in its place only the move its level chooses can be made, and it is always a move a person in that seat could make
    The page gives bots no rules of their own.  So a bot holds cards, takes
    turns, answers questions and accuses under the same clauses as a person,
    and nobody else may choose for it.

    Source: Preparation ¶11

    Example: in the Kitchen the Easy bot Pip has one move; another a person could make there is refused
      Given a game of Anna, Bernat and the Easy bot Pip
      And Pip has just entered the Kitchen
      Then the bot Pip has exactly one move
      When Pip tries a move a person could make there but its level did not choose
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: the bot's choice is a move a person in its seat could make: the only card it can show
      Given a game of Anna, Bernat and the Easy bot Pip
      And the hideout holds Dex, the thermal lance and the Kitchen
      And Pip holds the drill
      And Anna has just entered the Kitchen
      When Anna asks about Dex, the drill and the Kitchen
      Then the bot Pip chooses to show the drill

  @HO-PRE-12
  Rule: A bot that holds a named card shows one when the question reaches it
    Source: Preparation ¶11; Questioning ¶21

    Example: the Normal bot Nyx must show the drill to Anna
      Given a game of Anna, the Normal bot Nyx and Bernat
      And Nyx holds the drill
      And Nyx holds none of Marcus and the Kitchen
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      And the bots play
      Then Anna has seen the drill

  @HO-PRE-13
  Rule: A bot never accuses twice: once out, it takes no more turns, and it still shows cards
    Source: Preparation ¶11; Making the accusation ¶32, ¶34

    Example: the Hard bot Rook, out, is passed over
      Given a game of Anna, the Hard bot Rook and Bernat
      And Rook is out
      And Anna has just entered the Kitchen
      When Anna ends the turn
      Then it is Bernat's turn

    @needs:HO-ACC-06
    Example: Rook, out, still shows Marcus
      Given a game of Anna, the Hard bot Rook and Bernat
      And Rook is out
      And Rook holds Marcus
      And Rook holds none of the drill and the Kitchen
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then the bot Rook chooses to show Marcus

  @HO-PRE-14 @ruling
  Rule: A bot acts at once: no timer runs while a bot is to act, so the clock never ends a bot's turn or its showing
    A bot needs no time to choose; the timers exist so that people do not
    stall the game.

    Source: Preparation ¶11; The timer ¶36

    Example: the turn timer does not run on Rook's turn
      Given a game of Anna, Bernat and the Hard bot Rook, with a 30-second turn timer
      And it is Rook's turn
      Then the clock may not end the turn timer

    @needs:HO-QUE-10
    Example: the 15 seconds do not run while Rook must show
      Given a game of Anna, the Hard bot Rook and Bernat
      And Rook holds Marcus
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then the clock may not end the show timer
