Feature: Taking notes — the notes sheet, the notes assistant and the case log
  Transcribes the section "Taking notes" ("Prendre notes"): each player's
  notes sheet lists every card under its three headings; the notes assistant
  fills it with the player's own cards and every card shown to them; it is
  always on in the tutorial, elsewhere the room's opener sets its default (off
  unless changed) and each player may switch it off for themselves; the case
  log keeps every roll, question, "no card", card shown and accusation.  The
  sheet is part of its player's view; the log is part of every view.

  @HO-NOT-01
  Rule: Each player's notes sheet lists every gang member under who took it, every method under how the safe was opened and every place under where it is hidden
    Source: Taking notes ¶27

    Example: Anna's sheet has 6, 6 and 9 lines under its three headings
      Given a game of Anna, Bernat and Carla
      Then the notes sheet of Anna lists 6 gang members, 6 methods and 9 places

  @HO-NOT-02
  Rule: A notes sheet is its player's alone: no other view shows it
    Source: Taking notes ¶27

    Example: Bernat and a spectator do not see Anna's sheet
      Given a game of Anna, Bernat and Carla, with the notes assistant on
      Then no view shows another player's notes sheet

  @HO-NOT-03 @ruling
  Rule: What a player marks by hand is their own business and not a move of the game: the sheet in the view holds what the assistant writes
    The page invites players to mark what they have seen with the sheet's
    symbols.  Such marks change nothing for anyone else; were marking a move,
    every player could move at every moment.  So marking is no move of the
    game, and the sheet a player sees is the assistant's.

    Source: Taking notes ¶27

    Example: there is no action to mark the sheet
      Given a game of Anna, Bernat and Carla
      When Anna tries to send {"type": "mark", "card": "Marcus"}
      Then the action is rejected as bad_request
      And the game is exactly as it was

  @HO-NOT-04
  Rule: The notes assistant writes the player's own cards on the sheet, and each card shown to them with who showed it
    Source: Taking notes ¶28

    @needs:HO-QUE-04
    Example: Anna's own Marcus, and the drill Bernat shows her
      Given a game of Anna, Bernat and Carla, with the notes assistant on
      And Anna holds Marcus
      And Bernat holds the drill
      And Bernat holds none of Dex and the Kitchen
      And Anna has just entered the Kitchen
      When Anna asks about Dex, the drill and the Kitchen
      And Bernat shows the drill
      Then the notes sheet of Anna marks Marcus as in hand
      And the notes sheet of Anna marks the drill as shown by Bernat
      And the notes sheet of Carla marks nothing for the drill

  @HO-NOT-05
  Rule: Unless the opener changes it, the assistant is off: the sheets stay blank
    Source: Taking notes ¶28

    @needs:HO-QUE-04
    Example: in a room opened with the defaults, Anna's sheet is blank although she holds cards and is shown one
      Given a game of Anna, Bernat and Carla
      And Bernat holds the drill
      And Bernat holds none of Dex and the Kitchen
      And Anna has just entered the Kitchen
      When Anna asks about Dex, the drill and the Kitchen
      And Bernat shows the drill
      Then the notes sheet of Anna is blank
      And Anna has seen the drill

  @HO-NOT-06
  Rule: Whoever opens the room may set the assistant on by default: every seat's sheet then shows its own cards from the deal
    Source: Taking notes ¶28

    Example: with the assistant on, Bernat's sheet shows his six cards
      Given a game of Anna, Bernat and Carla, with the notes assistant on
      Then the notes sheet of Bernat marks 6 cards as in hand

  @HO-NOT-07
  Rule: Each player may switch the assistant off for themselves alone; the others' assistants go on
    Source: Taking notes ¶28

    @needs:HO-QUE-04
    Example: Anna switches hers off while answering; Carla's still notes the card Anna shows her
      Given a game of Anna, Bernat and Carla, with the notes assistant on
      And Anna holds the drill
      And Carla has just entered the Kitchen
      When Carla asks about Dex, the drill and the Kitchen
      And Anna switches the notes assistant off
      And Anna shows the drill
      Then the notes sheet of Carla marks the drill as shown by Anna

    @needs:HO-QUE-04
    Example: after switching off, a card shown to Anna is not written on her sheet
      Given a game of Anna, Bernat and Carla, with the notes assistant on
      And Bernat holds the drill
      And Bernat holds none of Dex and the Kitchen
      And Anna has just entered the Kitchen
      When Anna switches the notes assistant off
      And Anna asks about Dex, the drill and the Kitchen
      And Bernat shows the drill
      Then the notes sheet of Anna marks nothing for the drill
      And Anna has seen the drill

  @HO-NOT-08 @ruling
  Rule: Switching the assistant off keeps what it has already written
    The page says only that a player may switch it off.  Erasing the sheet
    would punish the switch; the assistant simply stops writing.

    Source: Taking notes ¶28

    Example: Anna's own Marcus stays on her sheet
      Given a game of Anna, Bernat and Carla, with the notes assistant on
      And Anna holds Marcus
      When Anna switches the notes assistant off
      Then the notes sheet of Anna marks Marcus as in hand

  @HO-NOT-09 @ruling
  Rule: A player may switch the assistant back on only where the room's default is on, and it then writes everything they have seen so far; where the default is off, nobody may switch it on
    The page gives each player the switch to turn it off.  Turning it on
    where the opener left it off would overrule the opener; turning it back
    on returns to the room's setting, and the assistant writes what it would
    have written.

    Source: Taking notes ¶28

    Example: in a room with the default off, Anna cannot switch it on
      Given a game of Anna, Bernat and Carla
      When Anna tries to switch the notes assistant on
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: switched back on, Anna's sheet catches up with the drill Bernat showed her
      Given a game of Anna, Bernat and Carla, with the notes assistant on
      And Anna has switched the notes assistant off
      And Bernat has shown Anna the drill
      When Anna switches the notes assistant on
      Then the notes sheet of Anna marks the drill as shown by Bernat

  @HO-NOT-10 @ruling
  Rule: A player switches the assistant when it is their move (their turn, or their answer to a question), and switching does not use the move up
    The game knows whose move it is; a switch any player could make at
    any moment would make everybody always able to act.

    Source: Taking notes ¶28

    Example: Anna switches it off and still rolls
      Given a game of Anna, Bernat and Carla, with the notes assistant on
      When Anna switches the notes assistant off
      And Anna rolls 3 and 4
      Then the roll gives Anna 7 steps

    Example: Bernat cannot switch during Anna's turn
      Given a game of Anna, Bernat and Carla, with the notes assistant on
      When Bernat tries to switch the notes assistant off
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @HO-NOT-11 @ruling @players-2
  Rule: The assistant also writes a face-down card its player has looked at, with its place
    The page's assistant writes the cards shown to the player; a face-down
    card seen in private is shown to them by the game.

    Source: Taking notes ¶28; What you must discover ¶8

    Example: Anna's sheet marks the drill as face down in the Kitchen
      Given a game of Anna and Bernat, with the notes assistant on
      And the drill lies face down in the Kitchen
      And Anna has selected the Kitchen, within reach of the roll
      When Anna confirms the move
      Then the notes sheet of Anna marks the drill as face down in the Kitchen

  @HO-NOT-12
  Rule: In the tutorial the assistant is always on, and the learner cannot switch it off
    Source: Taking notes ¶28; Your first game ¶38

    Example: the learner's sheet shows her six cards
      Given the tutorial for Anna
      Then the notes sheet of Anna marks 6 cards as in hand

    Example: the learner cannot switch it off
      Given the tutorial for Anna
      When Anna tries to switch the notes assistant off
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @HO-LOG-01
  Rule: The case log is public: every player and a spectator read the same log, apart from a card shown privately to them
    Source: Taking notes ¶29

    @needs:HO-QUE-04
    Example: after a question and an answer every view reads the same entries
      Given a game of Anna, Bernat and Carla
      And Bernat holds the drill
      And Bernat holds none of Marcus and the Kitchen
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      And Bernat shows the drill
      Then the case log ends with:
        | entry                                              |
        | Anna asked about Marcus, the drill and the Kitchen |
        | Bernat showed Anna a card                          |

  @HO-LOG-02
  Rule: Every roll is in the case log, with its dice: the rolls for who starts and the roll of every turn
    Source: Taking notes ¶29

    Example: a turn's roll
      Given a game of Anna, Bernat and Carla
      When Anna rolls 3 and 4
      Then the case log ends with:
        | entry               |
        | Anna rolled 3 and 4 |

    @model-start-roll
    Example: the rolls for who starts, and then a turn's roll
      Given a dealt game of Anna, Bernat and Carla
      When the dice show 6 and 5
      And the dice show 1 and 2
      And the dice show 2 and 2
      And Anna rolls 3 and 4
      Then the case log ends with:
        | entry                                |
        | Anna rolled 6 and 5 to decide who starts |
        | Bernat rolled 1 and 2 to decide who starts |
        | Carla rolled 2 and 2 to decide who starts |
        | Anna starts                          |
        | Anna rolled 3 and 4                  |

  @HO-LOG-03
  Rule: Every question is in the case log, with who asked and the three cards named; and every player who had no card
    Source: Taking notes ¶29

    @needs:HO-QUE-05
    Example: Anna's question and Bernat's "no card"
      Given a game of Anna, Bernat and Carla
      And Carla holds Marcus
      And Bernat holds none of Marcus, the drill and the Kitchen
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then the case log ends with:
        | entry                                              |
        | Anna asked about Marcus, the drill and the Kitchen |
        | Bernat had no card                                 |

  @HO-LOG-04
  Rule: The case log records who showed a card and to whom, and never names the card to anyone else
    Source: Taking notes ¶29; Questioning ¶25

    @needs:HO-QUE-04
    Example: Carla reads that Bernat showed Anna a card, not which
      Given a game of Anna, Bernat and Carla
      And Bernat holds Marcus
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      And Bernat shows Marcus
      Then only Anna and Bernat can see which card was shown

  @HO-LOG-05 @ruling
  Rule: An accusation is in the case log as who opened the hideout and whether they were right; the three cards named are not
    The page lets the table see that the hideout is opened and lets only the
    accuser see the three cards.  A wrong accusation's cards would tell the
    others what the accuser believed, so they stay with the accuser.

    Source: Taking notes ¶29; Making the accusation ¶32

    Example: Anna's wrong accusation, as the others read it
      Given a game of Anna, Bernat and Carla
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Anna has just entered the Kitchen
      When Anna accuses Otto, the stethoscope and the Garage
      Then the case log ends with:
        | entry                                 |
        | Anna opened the hideout and was wrong |
      And the case log names none of Otto, the stethoscope and the Garage
      And only Anna can see which cards were named

  @HO-LOG-06 @ruling
  Rule: When the game ends, the three hidden cards are added to the case log for everyone
    The page closes the case on a right accusation and says no more.  The log
    keeps everything, and once the game is over nothing is left to hide.

    Source: Taking notes ¶29; Making the accusation ¶33

    Example: Anna's right accusation closes the case in the log
      Given a game of Anna, Bernat and Carla
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Anna has just entered the Kitchen
      When Anna accuses Vera, the thermal lance and the Wine Cellar
      Then the case log ends with:
        | entry                                                       |
        | Anna opened the hideout and was right                       |
        | the case is closed: Vera, the thermal lance and the Wine Cellar |

  @HO-LOG-07 @ruling
  Rule: The case log also records each move, each secret passage, each look at a face-down card and each timer that runs out: all a player at the table could see happen
    The page says the log keeps everything and lists the main entries; these
    happen in plain sight too.  What the log never holds is a card someone
    saw privately.

    Source: Taking notes ¶29

    Example: Anna walks into the Kitchen
      Given a game of Anna, Bernat and Carla
      And Anna has selected the Kitchen, within reach of the roll
      When Anna confirms the move
      Then the case log ends with:
        | entry                     |
        | Anna moved to the Kitchen |

    Example: a selection, not yet a move, adds nothing after the roll
      Given a game of Anna, Bernat and Carla
      When Anna rolls 1 and 2
      And Anna selects the Kitchen
      Then the case log ends with:
        | entry               |
        | Anna rolled 1 and 2 |

  @HO-LOG-08 @ruling @setup
  Rule: The set-up is in the case log without a card: that the hideout was filled, whom each card was dealt to, where each face-down card was laid
    Everybody sees the game shuffle and deal; nobody sees the cards.

    Source: Taking notes ¶29; What you must discover ¶8

    Example: after the deal no view's log names a card
      Given a new game of Anna, Bernat and Carla
      When the hideout is filled with Marcus, the drill and the Kitchen
      And Dex is dealt
      Then the case log ends with:
        | entry                  |
        | the hideout was filled |
        | a card was dealt to Anna |
      And no entry of the case log names a card
