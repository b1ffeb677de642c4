Feature: Questioning
  Transcribes the section "Questioning" ("Interrogar"): a question names a
  gang member, a method and the place the asker is in; the named gang member
  and method come to that place; the question goes round the table from the
  asker's left; the first player holding a named card shows one, which only
  the asker sees; players with none say so; the answerer has 15 seconds to
  choose.  The page's closing remark (you learn a card, the others learn a
  little about who holds what) is what HO-QUE-09 makes exact.

  Background:
    Given a game of Anna, Bernat, Carla and Dani
    And the hideout holds Vera, the thermal lance and the Wine Cellar

  @HO-QUE-01
  Rule: A question names one gang member, one method and the place the asker is in
    Source: Questioning ¶19

    Example: in the Kitchen Anna may ask about any gang member and any method, and only about the Kitchen
      Given Anna has just entered the Kitchen
      Then Anna may ask in 36 ways, naming only the Kitchen

    Example: Anna in the Kitchen cannot ask about the Library
      Given Anna has just entered the Kitchen
      When Anna tries to ask about Marcus, the drill and the Library
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: a question that names two methods is malformed
      Given Anna has just entered the Kitchen
      When Anna tries to send {"type": "question", "gang": "drill", "method": "dynamite", "place": "Kitchen"}
      Then the action is rejected as bad_request
      And the game is exactly as it was

  @HO-QUE-02 @model-tokens
  Rule: The named gang member and method are brought to the asker's place, and stay there until another question moves them
    Source: Questioning ¶20

    Example: Marcus comes from nowhere and the drill from the Library; Dex stays in the Library
      Given the token of the drill stands in the Library
      And the token of Dex stands in the Library
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then the tokens of Marcus and the drill stand in the Kitchen
      And the token of Dex stands in the Library

  @HO-QUE-03
  Rule: The question goes round the table starting with the asker's left-hand neighbour
    Source: Questioning ¶20

    Example: Bernat, on Anna's left, answers before Carla
      Given Bernat holds Marcus
      And Carla holds the drill
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then Bernat must show a card

    Example: round the table from Dani, the last seat, Anna answers first
      Given Anna holds the drill
      And Bernat holds Marcus
      And Dani has just entered the Kitchen
      When Dani asks about Marcus, the drill and the Kitchen
      Then Anna must show a card

  @HO-QUE-04
  Rule: A player holding any of the named cards must show exactly one, chosen by them, to the asker alone
    Source: Questioning ¶21

    Example: Bernat holds two of the cards and chooses which to show
      Given Bernat holds Marcus and the drill
      And Bernat holds none of the Kitchen
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then Bernat must show one of Marcus and the drill

    Example: Bernat shows the drill; only Anna learns it
      Given Bernat holds Marcus and the drill
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      And Bernat shows the drill
      Then Anna has seen the drill
      And Anna has not seen Marcus
      And Carla has not seen the drill

    Example: Bernat cannot show a card that was not named
      Given Bernat holds Marcus and Dex
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      And Bernat tries to show Dex
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: Carla cannot answer in Bernat's place
      Given Bernat holds Marcus
      And Carla holds the drill
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      And Carla tries to show the drill
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @HO-QUE-05
  Rule: A player holding none of the named cards says so, and the question passes to the next player
    Source: Questioning ¶22

    Example: Bernat and Carla have nothing; Dani must show the Kitchen
      Given Dani holds the Kitchen
      And Bernat holds none of Marcus, the drill and the Kitchen
      And Carla holds none of Marcus, the drill and the Kitchen
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then the case log ends with:
        | entry                                            |
        | Anna asked about Marcus, the drill and the Kitchen |
        | Bernat had no card                               |
        | Carla had no card                                |
      And Dani must show a card

  @HO-QUE-06
  Rule: The question stops at the first player who shows a card; nobody after them is asked
    Source: Questioning ¶23

    Example: once Bernat has shown Marcus, Carla is not asked although she holds the drill
      Given Bernat holds Marcus
      And Bernat holds none of the drill and the Kitchen
      And Carla holds the drill
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      And Bernat shows Marcus
      Then the case log ends with:
        | entry                                            |
        | Anna asked about Marcus, the drill and the Kitchen |
        | Bernat showed Anna a card                        |
      And Carla is not asked

    Example: once Bernat has shown Marcus, Carla, who holds none of the cards, is not asked, nor is Dani
      Given Bernat holds Marcus
      And Carla holds none of Marcus, the drill and the Kitchen
      And Dani holds the drill
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      And Bernat shows Marcus
      Then Carla is not asked
      And Dani is not asked

  @HO-QUE-07
  Rule: When nobody can show a card, the case log says so, and the asker's turn goes on
    Source: Questioning ¶23

    Example: nobody holds Vera, the thermal lance or the Wine Cellar
      Given Anna has just entered the Wine Cellar
      When Anna asks about Vera, the thermal lance and the Wine Cellar
      Then the case log ends with:
        | entry                                                         |
        | Anna asked about Vera, the thermal lance and the Wine Cellar |
        | Bernat had no card                                            |
        | Carla had no card                                             |
        | Dani had no card                                              |
        | nobody could show a card                                      |
      And Anna must accuse or end the turn

  @HO-QUE-08 @ruling
  Rule: The asker's own cards are never asked for: the question goes round the others only
    The page sends the question round the table from the asker's left and
    says nothing of the asker, who knows their own hand.  A player may name
    cards they hold, to bluff or to narrow an answer.

    Source: Questioning ¶20, ¶23

    Example: Anna names her own Marcus and the Kitchen; nobody else can show
      Given Anna holds Marcus and the Kitchen
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the thermal lance and the Kitchen
      Then nobody could show a card

  @HO-QUE-09
  Rule: Everyone sees that a card was shown and who showed it; only the asker, and the one who showed it, see which card
    Source: Questioning ¶25

    Example: the card Bernat showed is in Anna's and Bernat's views only
      Given Bernat holds the drill
      And Bernat holds none of Marcus and the Kitchen
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      And Bernat shows the drill
      Then the case log ends with:
        | entry                     |
        | Bernat showed Anna a card |
      And only Anna and Bernat can see which card was shown

  @HO-QUE-10
  Rule: The player who must show a card has 15 seconds to choose it: while they choose, the clock may end their show timer, and no other timer
    Source: Questioning ¶24; The timer ¶36

    Example: Bernat's 15 seconds run while he chooses
      Given Bernat holds Marcus and the drill
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then the clock may end the show timer of Bernat

  @HO-QUE-11 @ruling
  Rule: When the 15 seconds run out, the game shows the first of the player's named cards in the order of the question (gang member, method, place), and the turn goes on as if they had shown it
    The page sets the limit so that the game does not stall; the card is
    still owed.  A fixed choice keeps the outcome a function of the moves,
    with no hidden randomness.

    Source: Questioning ¶24

    Example: Bernat holds the drill and the Kitchen and lets the time run out
      Given Bernat holds the drill and the Kitchen
      And Bernat holds none of Marcus
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      And the show timer runs out
      Then Anna has seen the drill
      And Anna has not seen the Kitchen
      And the case log ends with:
        | entry                          |
        | the show timer of Bernat ran out |
        | Bernat showed Anna a card      |
      And Anna must accuse or end the turn
