Feature: What you must discover
  Transcribes the section "What you must discover" ("Què has de descobrir"):
  the 21 cards in three kinds, one card of each kind hidden at random, the 18
  others dealt among the seats, and the rule for two active seats (four cards
  face down on four places, seven cards each, a private look on entering).
  The card names are our model (HO-MOD-01); the page names only Marcus, the
  drill and the kitchen.

  @HO-DIS-01
  Rule: The game has 21 cards: 6 gang members (who took it), 6 methods (how the safe was opened) and 9 places (where it is hidden)
    Source: What you must discover ¶2, ¶5-7

    Example: every card of a dealt game is in exactly one place, 6, 6 and 9 of a kind
      Given a game of Anna, Bernat and Carla
      Then there are 21 cards: 6 gang members, 6 methods and 9 places

    Example: a state that has lost the drill is refused
      Given a game of Anna, Bernat and Carla
      When a copy of the game without the drill is loaded
      Then the request is refused as bad_request

  @HO-DIS-02 @setup
  Rule: Before play the game hides one card of each kind, picked at random, and nobody sees them
    Source: What you must discover ¶8

    Example: any gang member, method and place may be hidden, each combination as likely
      Given a new game of Anna, Bernat and Carla
      Then chance may fill the hideout with any of 324 combinations of one gang member, one method and one place, each as likely

    Example: once filled, the hideout is in no view
      Given a new game of Anna, Bernat and Carla
      When the hideout is filled with Marcus, the drill and the Kitchen
      Then no view shows the hideout

    Example: a player cannot fill the hideout: the set-up is chance's
      Given a new game of Anna, Bernat and Carla
      When Anna tries to send {"type": "hide", "gang": "Marcus", "method": "drill", "place": "Kitchen"}
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @HO-DIS-03 @setup
  Rule: The 18 cards not hidden are all dealt among the seats, none set aside, except in the two-seat game
    Source: What you must discover ¶8

    Scenario Outline: <n> seats hold <each> cards each
      Given a game of <seats>
      Then the seats hold <counts> cards, in seat order
      And no card lies face down

      Examples:
        | n | seats                                    | each | counts              |
        | 3 | Anna, Bernat and Carla                   | 6    | 6, 6 and 6          |
        | 6 | Anna, Bernat, Carla, Dani, Emma and Ferran | 3  | 3, 3, 3, 3, 3 and 3 |

  @HO-DIS-04 @ruling @setup
  Rule: The deal goes one card at a time round the table from the first seat, so with 4 or 5 seats the first seats hold one card more
    The page says the 18 cards are shared out among the players and sets none
    aside, so with four or five seats the hands cannot be even.  Dealing card
    by card from the first seat gives the extra cards to the first seats; who
    receives the next card is public, the card is a chance outcome.

    Source: What you must discover ¶8

    Scenario Outline: <n> seats hold <counts> cards
      Given a game of <seats>
      Then the seats hold <counts> cards, in seat order
      And no card lies face down

      Examples:
        | n | seats                            | counts              |
        | 4 | Anna, Bernat, Carla and Dani       | 5, 5, 4 and 4       |
        | 5 | Anna, Bernat, Carla, Dani and Emma | 4, 4, 4, 3 and 3    |

    Example: the first card goes to the first seat, the second to the next
      Given a new game of Anna, Bernat and Carla
      When the hideout is filled with Marcus, the drill and the Kitchen
      Then the next card is dealt to Anna
      When Dex is dealt
      Then Anna holds Dex
      And the next card is dealt to Bernat

    Example: the card dealt to Anna is told to her alone, as it is dealt
      Given a new game of Anna, Bernat and Carla
      When the hideout is filled with Marcus, the drill and the Kitchen
      And Dex is dealt
      Then nobody but Anna knows Dex

  @HO-DIS-05 @players-2 @setup
  Rule: With two active seats, four of the 18 cards lie face down, each on its own place, and each seat holds seven
    Source: What you must discover ¶8

    Example: Anna and Bernat hold seven each and four places carry a card
      Given a game of Anna and Bernat
      Then the seats hold 7 and 7 cards, in seat order
      And 4 cards lie face down, on 4 different places
      And no view shows the face-down cards

  @HO-DIS-06 @ruling @players-2 @setup
  Rule: In the two-seat game the game lays the four cards before the deal, choosing each card and its place by chance among the places still free
    The page does not say which four places.  Chance picks them as it picks
    everything else the game shuffles; two cards never share a place, and a
    place may carry its own card.

    Source: What you must discover ¶8

    Example: after the hideout, chance lays a card on any of the nine places
      Given a new game of Anna and Bernat
      When the hideout is filled with Marcus, the drill and the Kitchen
      Then chance may lay any of the 18 other cards face down on any of the 9 places, each as likely

    Example: a place that carries a card gets no second one
      Given a new game of Anna and Bernat
      When the hideout is filled with Marcus, the drill and the Kitchen
      And Dex is laid face down in the Kitchen
      Then chance may lay any of the 17 other cards face down on any of the 8 places, each as likely
      And a card lies face down in the Kitchen

    Example: the card laid face down in the Kitchen shows nowhere, as it is laid
      Given a new game of Anna and Bernat
      When the hideout is filled with Marcus, the drill and the Kitchen
      And Dex is laid face down in the Kitchen
      Then no view shows the face-down cards

  @HO-DIS-07 @ruling @players-2 @setup
  Rule: Bots are active seats: a person and one bot play the two-seat game; empty seats do not count
    The page counts active seats without excluding bots, and a bot holds
    cards and answers like any seat, so a table of one person and one bot is
    a table of two.

    Source: What you must discover ¶8

    Example: Anna against the Easy bot Pip has four cards face down
      Given a game of Anna and the Easy bot Pip
      Then the seats hold 7 and 7 cards, in seat order
      And 4 cards lie face down, on 4 different places

    Example: two people and a bot play the ordinary game
      Given a game of Anna, Bernat and the Easy bot Pip
      Then the seats hold 6, 6 and 6 cards, in seat order
      And no card lies face down

  @HO-DIS-08 @players-2
  Rule: Entering a place that carries a face-down card, the player looks at it privately, and again on every later visit
    Source: What you must discover ¶8
    See also: HO-DIS-11 (on our board: the passage, and a walk that stops short)

    Example: Anna walks into the Kitchen and sees the drill; Bernat does not
      Given a game of Anna and Bernat
      And the drill lies face down in the Kitchen
      And Anna has selected the Kitchen, within reach of the roll
      When Anna confirms the move
      Then Anna has seen the drill
      And Bernat has not seen the drill

    Example: a later visit shows it again
      Given a game of Anna and Bernat
      And the drill lies face down in the Kitchen
      And Anna stands in the Dining Room
      And Anna has looked at the drill face down in the Kitchen
      And Anna has selected the Kitchen, within reach of the roll
      When Anna confirms the move
      Then the case log ends with:
        | entry                                        |
        | Anna moved to the Kitchen                    |
        | Anna looked at the face-down card in the Kitchen |

    Example: selecting the place, not yet confirmed, shows nothing
      Given a game of Anna and Bernat
      And the drill lies face down in the Kitchen
      And it is Anna's turn
      When Anna rolls 1 and 1
      And Anna selects the Kitchen
      Then Anna has not seen the drill

  @HO-DIS-09 @ruling @players-2
  Rule: The other player learns that a face-down card was looked at, and where, but never which card
    The page keeps the card private and says nothing of the look itself.
    Everyone sees the pawn enter the place, so hiding the look would hide
    nothing; the case log, which keeps everything, records it without the card.

    Source: What you must discover ¶8

    Example: Bernat reads that Anna looked in the Kitchen, not what she saw
      Given a game of Anna and Bernat
      And the drill lies face down in the Kitchen
      And Anna stands in the Dining Room
      And Anna has selected the Kitchen, within reach of the roll
      When Anna confirms the move
      Then the case log ends with:
        | entry                                        |
        | Anna moved to the Kitchen                    |
        | Anna looked at the face-down card in the Kitchen |
      And only Anna can see which card was looked at

  @HO-DIS-10 @ruling @players-2
  Rule: A face-down card is in nobody's hand, so nobody shows it; a question about it gets no answer for it
    A face-down card lies on the board, not in a hand.  So in the two-seat
    game "nobody could show a card" does not prove the three named cards are
    in the hideout.

    Source: What you must discover ¶8

    Example: Anna asks about the face-down drill; Bernat holds none of the three
      Given a game of Anna and Bernat
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And the drill lies face down in the Garage
      And Anna holds Marcus and the Kitchen
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then nobody could show a card

  @HO-DIS-11 @ruling @model-board @players-2
  Rule: On our board a secret passage enters the place at its other end, so its face-down card is looked at; a walk that stops in the hall short of the place enters nothing, so nothing is looked at
    The page ties the look to entering a place.  Which places a passage joins
    (HO-MOD-03) and where a short walk stops (HO-TRN-03) are our model of the
    board, so these examples hang on it.

    Source: What you must discover ¶8

    @model-passages
    Example: arriving by the secret passage also shows it
      Given a game of Anna and Bernat
      And the drill lies face down in the Library
      And Anna stands in the Kitchen
      When Anna rolls 1 and 1
      And Anna takes the secret passage
      Then Anna has seen the drill

    Example: stopping in the hall short of the place shows nothing
      Given a game of Anna and Bernat
      And the drill lies face down in the Kitchen
      When Anna rolls 1 and 1
      And Anna selects the Kitchen
      And Anna confirms the move
      Then Anna has not seen the drill

  @HO-DIS-12 @ruling @players-2
  Rule: The two-seat rule is settled once, at the deal: a seat going out later neither lays cards face down nor takes them away
    Source: What you must discover ¶8
    The page ties the four face-down cards to "two active seats" without saying when the seats are counted.  The
    cards are laid and dealt only once, before play, so we count the seats then: a game of three with one player
    out is not a two-seat game, and a two-seat game keeps its four face-down cards after a player goes out.

    @needs:HO-ACC-05
    Example: in a game of three, Anna's wrong accusation lays no card face down
      Given a game of Anna, Bernat and Carla
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Anna has just entered the Kitchen
      When Anna accuses Otto, the thermal lance and the Wine Cellar
      Then the seats hold 6, 6 and 6 cards, in seat order
      And no card lies face down

    Example: with Bernat out, Anna still looks at the drill face down in the Kitchen
      Given a game of Anna and Bernat
      And the drill lies face down in the Kitchen
      And Bernat is out
      And Anna has selected the Kitchen, within reach of the roll
      When Anna confirms the move
      Then Anna has seen the drill
      And Bernat has not seen the drill
