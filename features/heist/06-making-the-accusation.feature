Feature: Making the accusation
  Transcribes the section "Making the accusation" ("Fer l'acusació"): from
  any place, name a gang member, a method and any of the nine places; once
  per game; the table sees the hideout opened and only the accuser sees its
  three cards; right wins and closes the case; wrong puts the accuser out of
  the turns and the accusations, though their cards still answer questions.
  When to feel sure (knowing the three cards) is advice, not a rule: anyone
  inside a place may accuse (HO-TRN-12).

  Background:
    Given a game of Anna, Bernat and Carla
    And the hideout holds Vera, the thermal lance and the Wine Cellar

  @HO-ACC-01
  Rule: An accusation names one gang member, one method and any of the nine places, not only the one the accuser stands in
    Source: Making the accusation ¶31

    Example: in the Kitchen Anna may accuse naming any place
      Given Anna has just entered the Kitchen
      Then Anna may accuse in 324 ways, naming each of the 9 places

    Example: Anna in the Kitchen names the Wine Cellar and is right
      Given Anna has just entered the Kitchen
      When Anna accuses Vera, the thermal lance and the Wine Cellar
      Then Anna has won the game

  @HO-ACC-02
  Rule: The accusation is made from inside a place
    Source: Your turn, step by step ¶17; Making the accusation ¶31

    Example: standing in the Study at the start of her turn, Anna may accuse
      Given Anna stands in the Study
      Then Anna may accuse Vera, the thermal lance and the Wine Cellar

    Example: standing in the hall at the start of her turn, Anna cannot accuse
      Given Anna stands on Hall 5
      When Anna tries to accuse Vera, the thermal lance and the Wine Cellar
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @HO-ACC-03
  Rule: Opening the hideout, the accuser sees its three cards; the others see only that it was opened
    Source: Making the accusation ¶32

    Example: Anna sees Vera, the thermal lance and the Wine Cellar; Bernat and Carla do not
      Given Anna has just entered the Kitchen
      When Anna accuses Otto, the thermal lance and the Wine Cellar
      Then Anna sees the hideout: Vera, the thermal lance and the Wine Cellar
      And nobody but Anna has seen the hideout

  @HO-ACC-04
  Rule: A right accusation wins: the case is closed and the game is over
    Source: Making the accusation ¶33

    Example: Anna is right
      Given Anna has just entered the Kitchen
      When Anna accuses Vera, the thermal lance and the Wine Cellar
      Then Anna has won the game
      And everybody sees the hideout: Vera, the thermal lance and the Wine Cellar
      And the game is over

  @HO-ACC-05
  Rule: A wrong accusation puts the accuser out: they take no more turns and cannot accuse again, whichever of the three cards was wrong
    Source: Making the accusation ¶32, ¶34

    Scenario Outline: Anna names the wrong <what>
      Given Anna has just entered the Kitchen
      When Anna accuses <gang>, <method> and <place>
      Then Anna is out
      And it is Bernat's turn

      Examples:
        | what        | gang | method            | place            |
        | gang member | Otto | the thermal lance | the Wine Cellar  |
        | method      | Vera | the drill         | the Wine Cellar  |
        | place       | Vera | the thermal lance | the Kitchen      |

    Example: the moment Bernat drops out, play passes over Carla, already out, to Anna
      Given Carla is out
      And Bernat has just entered the Kitchen
      When Bernat accuses Otto, the drill and the Garage
      Then it is Anna's turn

    Example: Anna, out, is passed over: after Carla comes Bernat
      Given Anna is out
      And Carla has just entered the Kitchen
      When Carla ends the turn
      Then it is Bernat's turn

  @HO-ACC-06
  Rule: A player who is out stays at the table and still shows a card when their hand matches a question
    Source: Making the accusation ¶34

    Example: Anna, out, must show Marcus to Carla
      Given Anna is out
      And Anna holds Marcus
      And Anna holds none of the drill and the Kitchen
      And Carla has just entered the Kitchen
      When Carla asks about Marcus, the drill and the Kitchen
      Then Anna must show a card

  @HO-ACC-07 @ruling
  Rule: The last player still in does not win by that alone: they play on and must accuse rightly to win
    The page makes only a right accusation a win.  A last player left in
    keeps taking turns until they accuse.

    Source: Making the accusation ¶33-34

    Example: with Anna and Bernat out, Carla plays turn after turn
      Given Anna is out
      And Bernat is out
      And Carla has just entered the Kitchen
      When Carla ends the turn
      Then it is Carla's turn

    @needs:HO-ACC-05
    Example: when Anna is wrong with Carla already out, the game goes on with Bernat
      Given Carla is out
      And Anna has just entered the Kitchen
      When Anna accuses Otto, the drill and the Garage
      Then it is Bernat's turn

  @HO-ACC-08 @ruling
  Rule: When every seat has accused wrongly the case stays unsolved: the game ends with no winner and the hideout is shown to all
    The page does not say how a game ends that nobody wins.  With nobody
    left to take a turn, it ends there; the hidden cards are shown and added
    to the case log (HO-LOG-06).

    Source: Making the accusation ¶34

    Example: Carla is the last to be wrong
      Given Anna is out
      And Bernat is out
      And Carla has just entered the Kitchen
      When Carla accuses Otto, the drill and the Garage
      Then the case remains unsolved
      And everybody sees the hideout: Vera, the thermal lance and the Wine Cellar
      And the case log ends with:
        | entry                                                       |
        | Carla opened the hideout and was wrong                      |
        | the case is closed: Vera, the thermal lance and the Wine Cellar |
      And the game is over

    @needs:HO-TRN-12 @needs:HO-ACC-05
    Example: standing in places, Anna, Bernat and Carla accuse wrongly in turn, and the game ends unsolved with Carla
      Given Anna stands in the Kitchen
      And Bernat stands in the Library
      And Carla stands in the Study
      And it is Anna's turn
      When Anna accuses Otto, the drill and the Garage
      And Bernat accuses Vera, the drill and the Wine Cellar
      Then the game goes on
      When Carla accuses Vera, the thermal lance and the Kitchen
      Then the case remains unsolved
      And the game is over

  @HO-ACC-09 @ruling
  Rule: A player who is out keeps their place in the answering order, and has the same 15 seconds to show a card
    Source: Making the accusation ¶34; The timer ¶36
    See also: HO-ACC-06, HO-QUE-10
    The page keeps the player at the table, showing cards, without saying when they are asked or how long they
    have.  Nothing sets them apart: they are asked where they sit, before the players after them, and the limit to
    show a card is always 15 seconds.

    @needs:HO-ACC-06 @needs:HO-QUE-10
    Example: Bernat, out, is asked before Carla, and his 15 seconds run
      Given Bernat is out
      And Bernat holds Marcus
      And Bernat holds none of the drill and the Kitchen
      And Carla holds the drill
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then Bernat must show a card
      And the clock may end the show timer of Bernat
