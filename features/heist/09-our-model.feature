Feature: Our model of what the page leaves out — names, board and bots
  The rules page names only one card of each kind (Marcus, the drill, the
  kitchen), shows no board, and says only that bots come as Easy, Normal or
  Hard.  Each missing fact is modelled once, as data in the reference engine
  (statemachines/heist/rules.py and bots.py), and stated here as a ruling, so
  that an implementation with another model can decline the tags model-board
  and model-bots.  The rules every bot level keeps are in "Preparation"
  (HO-PRE-11 to HO-PRE-14).

  @HO-MOD-01 @ruling @setup
  Rule: The gang is Dex, Lena, Marcus, Otto, Rosa and Vera; the methods are the cloned keycard, the drill, the dynamite, the skeleton key, the stethoscope and the thermal lance; the places are the Kitchen, Dining Room, Ballroom, Conservatory, Library, Study, Garage, Attic and Wine Cellar
    The page's example names Marcus, the drill and the kitchen; the other
    names are ours.  The notes sheet lists them in this order.

    Source: What you must discover ¶5-7; Questioning ¶19

    Example: the names chance may hide
      Given a new game of Anna, Bernat and Carla
      Then the gang members are Dex, Lena, Marcus, Otto, Rosa and Vera
      And the methods are the cloned keycard, the drill, the dynamite, the skeleton key, the stethoscope and the thermal lance
      And the places are the Kitchen, the Dining Room, the Ballroom, the Conservatory, the Library, the Study, the Garage, the Attic and the Wine Cellar

  @HO-MOD-02 @ruling @model-board
  Rule: The board is a ring of 27 hall spaces, Hall 1 to Hall 27, with the nine places round it, each behind one door, three hall spaces apart; the Entrance joins Hall 1; a pawn goes by the shortest path
    The page shows no board.  In board order the doors are on Hall 2
    (Kitchen), 5 (Dining Room), 8 (Ballroom), 11 (Conservatory), 14
    (Library), 17 (Study), 20 (Garage), 23 (Attic) and 26 (Wine Cellar).
    The ring has an odd length, so the shortest path is always unique.

    Source: Preparation ¶10; Your turn, step by step ¶13-14

    Scenario Outline: from the Kitchen the <place> is <steps> steps away
      Given a game of Anna, Bernat and Carla
      And Anna stands in the Kitchen
      When Anna rolls 6 and 6
      And Anna selects the <place>
      Then the path shown to Anna is <steps> steps long

      Examples:
        | place        | steps |
        | Dining Room  | 5     |
        | Wine Cellar  | 5     |
        | Ballroom     | 8     |
        | Attic        | 8     |
        | Conservatory | 11    |
        | Garage       | 11    |
        | Library      | 14    |
        | Study        | 14    |

    Example: from the Entrance to the Wine Cellar by Hall 1, Hall 27 and Hall 26, after a look at the Kitchen
      Given a game of Anna, Bernat and Carla
      When Anna rolls 3 and 4
      And Anna selects the Kitchen
      And Anna selects the Wine Cellar
      Then the path shown to Anna runs through Hall 1, Hall 27 and Hall 26 to the Wine Cellar
      When Anna confirms the move
      Then Anna stands in the Wine Cellar

    Scenario Outline: from the Entrance the <place> is <steps> steps away
      Given a game of Anna, Bernat and Carla
      When Anna rolls 6 and 6
      And Anna selects the <place>
      Then the path shown to Anna is <steps> steps long

      Examples:
        | place       | steps |
        | Kitchen     | 3     |
        | Wine Cellar | 4     |
        | Dining Room | 6     |
        | Attic       | 7     |

  @HO-MOD-03 @ruling @model-board @model-passages
  Rule: Two secret passages join the Kitchen and the Library, and the Conservatory and the Wine Cellar, each both ways; no other place has one
    The page speaks of places with a secret passage without naming them; we
    join opposite sides of the ring, as far apart as two places can be.

    Source: Your turn, step by step ¶15

    Scenario Outline: from the <from> through the passage into the <to>
      Given a game of Anna, Bernat and Carla
      And Anna stands in the <from>
      When Anna rolls 1 and 1
      And Anna takes the secret passage
      Then Anna stands in the <to>

      Examples:
        | from         | to           |
        | Kitchen      | Library      |
        | Library      | Kitchen      |
        | Conservatory | Wine Cellar  |
        | Wine Cellar  | Conservatory |

    Scenario Outline: the <place> has no passage
      Given a game of Anna, Bernat and Carla
      And Anna stands in the <place>
      When Anna rolls 3 and 4
      And Anna tries to take the secret passage
      Then the action is rejected as illegal_action
      And the game is exactly as it was

      Examples:
        | place       |
        | Study       |
        | Dining Room |

    Example: the case log records the passage Anna took
      Given a game of Anna, Bernat and Carla
      And Anna stands in the Kitchen
      When Anna rolls 1 and 1
      And Anna takes the secret passage
      Then the case log ends with:
        | entry                                         |
        | Anna rolled 1 and 1                           |
        | Anna took the secret passage to the Library   |

  @HO-MOD-04 @ruling @model-board
  Rule: Pawns never block one another: a pawn may pass or share any space or place
    The page says nothing of pawns in the way; in a digital game they stack.

    Source: Your turn, step by step ¶14

    Example: Bernat on Hall 1 and Carla in the Kitchen do not stop Anna
      Given a game of Anna, Bernat and Carla
      And Bernat stands on Hall 1
      And Carla stands in the Kitchen
      When Anna rolls 1 and 2
      And Anna selects the Kitchen
      And Anna confirms the move
      Then Anna stands in the Kitchen

  @HO-MOD-05 @ruling @setup @model-tokens
  Rule: The gang members' and methods' tokens start in no place, until a question brings them to one
    The page says only where a question brings them.

    Source: Questioning ¶20

    Example: at the start no token is in a place
      Given a game of Anna, Bernat and Carla
      Then the tokens of Marcus and the drill stand in no place

  @HO-BOT-01 @ruling @model-bots
  Rule: Every bot keeps its notes sheet with the assistant always on, reads only its own view, and accuses as soon as it stands in a place and its sheet leaves one card under each heading; otherwise it rolls, asks on entering a place, and ends its turn after the question
    The page says nothing of how bots play.  A bot that only accuses when its
    notes prove the answer is never wrong, so it never has to accuse twice.

    Source: Preparation ¶11

    Example: the Easy bot Pip's sheet shows its cards although the room's assistant is off
      Given a game of Anna, Bernat and the Easy bot Pip
      Then the notes sheet of Pip marks 6 cards as in hand

    Example: the Normal bot Nyx, sure of the hideout, accuses before rolling
      Given a game of Anna, Bernat and the Normal bot Nyx
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And the notes sheet of Nyx marks every card but Vera, the thermal lance and the Wine Cellar
      And Nyx stands in the Kitchen
      And it is Nyx's turn
      Then the bot Nyx chooses to accuse Vera, the thermal lance and the Wine Cellar

    Example: with two places still open Nyx rolls
      Given a game of Anna, Bernat and the Normal bot Nyx
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Nyx holds none of the Attic
      And the notes sheet of Nyx marks every card but Vera, the thermal lance, the Wine Cellar and the Attic
      And Nyx stands in the Kitchen
      And it is Nyx's turn
      Then the bot Nyx chooses to roll the dice

  @HO-BOT-02 @ruling @model-bots
  Rule: An Easy bot tours the board: it heads for the next place clockwise from where it stands, never takes a passage, asks in turn about what its sheet leaves open, and shows the first named card it holds in the sheet's order
    Its n-th question (counting from 0) names, in the sheet's order, the
    open gang member n mod a and the open method n mod b, a and b being how
    many of each its sheet leaves open.  Touring and turning make it slow,
    never stuck.

    Source: Preparation ¶11

    Example: from the Entrance Pip heads for the Kitchen
      Given a game of Anna, Bernat and the Easy bot Pip
      And it is Pip's turn
      When Pip rolls 3 and 4
      Then the bot Pip chooses to select the Kitchen

    Example: from Hall 3 Pip heads for the Dining Room
      Given a game of Anna, Bernat and the Easy bot Pip
      And Pip stands on Hall 3
      And it is Pip's turn
      When Pip rolls 1 and 1
      Then the bot Pip chooses to select the Dining Room

    Example: in the Kitchen Pip walks on rather than take the passage
      Given a game of Anna, Bernat and the Easy bot Pip
      And Pip stands in the Kitchen
      And it is Pip's turn
      When Pip rolls 1 and 1
      Then the bot Pip chooses to select the Dining Room

    @needs:HO-BOT-01
    Example: with five gang members and five methods open, Pip's eighth question names the third of each
      Given a game of Anna, Bernat and the Easy bot Pip
      And Pip has asked 7 questions in the Kitchen
      And Pip has just entered the Kitchen
      And Pip holds Dex, the cloned keycard, the Study, the Garage, the Attic and the Library
      Then the bot Pip chooses to ask about Otto, the skeleton key and the Kitchen

    @needs:HO-BOT-01
    Example: only Pip's own questions count: after three of Anna's, Pip's first question names the first of each
      Given a game of Anna, Bernat and the Easy bot Pip
      And Anna has asked 3 questions in the Kitchen
      And Pip has just entered the Kitchen
      And Pip holds Dex, the cloned keycard, the Study, the Garage, the Attic and the Library
      Then the bot Pip chooses to ask about Lena, the drill and the Kitchen

    Example: holding Marcus and the Kitchen, Pip shows Marcus
      Given a game of Anna, the Easy bot Pip and Bernat
      And Pip holds Marcus and the Kitchen
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then the bot Pip chooses to show Marcus

  @HO-BOT-03 @ruling @model-bots
  Rule: A Normal bot heads for a place its sheet leaves unmarked, where it has asked least and then the nearest, taking the passage to one when none is in reach; asks about the unmarked gang member and method it has named least; and shows a card it has already shown the asker when it can
    Ties go to the first in board order or in the sheet's order.  A place
    whose card nobody can show (it is hidden, or face down elsewhere) stays
    unmarked; going where it asked least keeps the bot from asking there for
    ever.  Showing a card the asker has already seen tells them nothing new.

    Source: Preparation ¶11
    See also: HO-BOT-05 (the face-down cards of the two-seat game)

    @needs:HO-BOT-01
    Example: from the Entrance, with the Kitchen and the Wine Cellar marked, Nyx heads for the Dining Room
      Given a game of Anna, Bernat and the Normal bot Nyx
      And Nyx holds Dex, Lena, Marcus, the drill, the dynamite and the stethoscope
      And Anna has shown Nyx the Kitchen
      And Bernat has shown Nyx the Wine Cellar
      And it is Nyx's turn
      When Nyx rolls 3 and 4
      Then the bot Nyx chooses to select the Dining Room

    @needs:HO-BOT-01
    Example: having asked twice in the Dining Room, Nyx heads for the Attic, one step further
      Given a game of Anna, Bernat and the Normal bot Nyx
      And Nyx holds Dex, Lena, Marcus, the drill, the dynamite and the stethoscope
      And Anna has shown Nyx the Kitchen
      And Bernat has shown Nyx the Wine Cellar
      And Nyx has asked 2 questions in the Dining Room
      And it is Nyx's turn
      When Nyx rolls 3 and 4
      Then the bot Nyx chooses to select the Attic

    @model-passages
    Example: with only the Library and the Wine Cellar unmarked and a roll of two, Nyx takes the passage
      Given a game of Anna, Bernat and the Normal bot Nyx
      And Nyx holds none of Otto and the Library
      And the notes sheet of Nyx marks every card but Vera, Otto, the thermal lance, the Library and the Wine Cellar
      And Nyx stands in the Kitchen
      And it is Nyx's turn
      When Nyx rolls 1 and 1
      Then the bot Nyx chooses to take the secret passage

    Example: with a roll of six the Wine Cellar is in reach and Nyx walks there
      Given a game of Anna, Bernat and the Normal bot Nyx
      And Nyx holds none of Otto and the Library
      And the notes sheet of Nyx marks every card but Vera, Otto, the thermal lance, the Library and the Wine Cellar
      And Nyx stands in the Kitchen
      And it is Nyx's turn
      When Nyx rolls 3 and 3
      Then the bot Nyx chooses to select the Wine Cellar

    Example: Nyx asks about the first gang member and method left unmarked
      Given a game of Anna, Bernat and the Normal bot Nyx
      And Nyx holds none of Marcus and the drill
      And the notes sheet of Nyx marks only Dex, Lena and the cloned keycard
      And Nyx has just entered the Kitchen
      Then the bot Nyx chooses to ask about Marcus, the drill and the Kitchen

    @needs:HO-QUE-04
    Example: Nyx shows Anna the drill again rather than Marcus
      Given a game of Anna, the Normal bot Nyx and Bernat
      And Nyx holds Marcus and the drill
      And Nyx has shown Anna the drill
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then the bot Nyx chooses to show the drill

  @HO-BOT-04 @ruling @model-bots
  Rule: A Hard bot plays as a Normal one and also reads its own questions nobody answered: the named cards its sheet leaves open are in the hideout
    Source: Preparation ¶11
    See also: HO-BOT-05 (the two-seat game's face-down cards)

    Example: nobody can answer the Hard bot Rook, so Rook accuses and wins
      Given a game of Anna, Bernat and the Hard bot Rook
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Rook holds none of the Kitchen
      And the notes sheet of Rook marks every card but Vera, the thermal lance, the Wine Cellar and the Kitchen
      And Rook has just entered the Wine Cellar
      When the bots play
      Then Rook has won the game

    Example: Rook's own Kitchen, unshown, says nothing of the place: Rook ends its turn
      Given a game of Anna, Bernat and the Hard bot Rook
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Rook holds the Kitchen
      And Rook holds none of the Attic
      And the notes sheet of Rook marks every card but Vera, the thermal lance, the Wine Cellar and the Attic
      And Rook has just entered the Kitchen
      When the bots play
      Then it is Anna's turn
      And Rook is not out

    Example: the Normal bot Nyx, in the same spot, ends its turn
      Given a game of Anna, Bernat and the Normal bot Nyx
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Nyx holds none of the Kitchen
      And the notes sheet of Nyx marks every card but Vera, the thermal lance, the Wine Cellar and the Kitchen
      And Nyx has just entered the Wine Cellar
      When the bots play
      Then it is Anna's turn

  @HO-BOT-05 @ruling @model-bots @players-2
  Rule: In the two-seat game a Normal or Hard bot also heads for a place with a face-down card it has not seen, and a Hard bot reads nothing from an unanswered question while some face-down card is still unseen by it
    A face-down card is in nobody's hand (HO-DIS-10), so a question nobody
    answers may name it: it is not proved to be in the hideout until the bot
    has looked at every face-down card.  Looking is the only way to learn
    those cards, so the bot goes to look.

    Source: Preparation ¶11; What you must discover ¶8

    Example: with face-down cards Rook has not seen, silence proves nothing
      Given a game of Anna and the Hard bot Rook
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Rook holds none of the Kitchen
      And the notes sheet of Rook marks every card but Vera, the thermal lance, the Wine Cellar and the Kitchen
      And Rook has just entered the Wine Cellar
      When the bots play
      Then it is Anna's turn

    Example: Rook's question names the dynamite, face down where Rook has not looked: nobody shows it, and Rook does not accuse
      Given a game of Anna and the Hard bot Rook
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Dex lies face down in the Kitchen
      And the drill lies face down in the Dining Room
      And Lena lies face down in the Ballroom
      And the dynamite lies face down in the Library
      And Rook has looked at Dex face down in the Kitchen
      And Rook has looked at the drill face down in the Dining Room
      And Rook has looked at Lena face down in the Ballroom
      And Rook holds none of the Kitchen
      And the notes sheet of Rook marks every card but Vera, the thermal lance, the dynamite, the Wine Cellar and the Kitchen
      And Rook has just entered the Wine Cellar
      When the bots play
      Then it is Anna's turn
      And Rook is not out

    Example: once Rook has looked at every face-down card, silence proves the hideout: Rook accuses and wins
      Given a game of Anna and the Hard bot Rook
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Dex lies face down in the Kitchen
      And the drill lies face down in the Dining Room
      And Lena lies face down in the Ballroom
      And the dynamite lies face down in the Library
      And Rook has looked at Dex face down in the Kitchen
      And Rook has looked at the drill face down in the Dining Room
      And Rook has looked at Lena face down in the Ballroom
      And Rook has looked at the dynamite face down in the Library
      And Rook holds none of the Kitchen
      And the notes sheet of Rook marks every card but Vera, the thermal lance, the Wine Cellar and the Kitchen
      And Rook has just entered the Wine Cellar
      When the bots play
      Then Rook has won the game

    Example: the Normal bot Nyx heads for the Study, whose face-down card it has not seen, before the Wine Cellar it asked in twice
      Given a game of Anna and the Normal bot Nyx
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Dex lies face down in the Dining Room
      And Lena lies face down in the Ballroom
      And the dynamite lies face down in the Library
      And the drill lies face down in the Study
      And Nyx has looked at Dex face down in the Dining Room
      And Nyx has looked at Lena face down in the Ballroom
      And Nyx has looked at the dynamite face down in the Library
      And Nyx holds none of Otto
      And the notes sheet of Nyx marks every card but Vera, Otto, the thermal lance, the drill and the Wine Cellar
      And Nyx has asked 2 questions in the Wine Cellar
      And Nyx stands in the Garage
      And it is Nyx's turn
      When Nyx rolls 1 and 1
      Then the bot Nyx chooses to select the Study
