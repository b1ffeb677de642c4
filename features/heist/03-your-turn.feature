Feature: Your turn, step by step
  Transcribes the section "Your turn, step by step" ("El teu torn, pas a
  pas"): roll two dice; tap a place to see the path and tap it again to
  confirm, changing the selection freely until then; a secret passage
  instead of the move, after rolling, from the place where the turn began;
  a question once inside a place; the accusation, once per game, from inside
  a place.

  In the protocol, tapping a place is "select" and tapping it again
  is "confirm".  Distances come from our board (HO-MOD-02).

  Background:
    Given a game of Anna, Bernat and Carla
    And the hideout holds Vera, the thermal lance and the Wine Cellar

  @HO-TRN-01
  Rule: A turn begins with rolling two dice; their total is how far the pawn may go
    Source: Your turn, step by step ¶13

    Example: three and four give seven steps
      When Anna rolls 3 and 4
      Then the roll gives Anna 7 steps

    Example: nothing can be selected before rolling
      When Anna tries to select the Kitchen
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: the turn cannot be ended before rolling
      When Anna tries to end the turn
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: the dice are chance's, not the player's
      When Anna rolls the dice
      And Anna tries to send {"type": "roll", "dice": [6, 6]}
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @HO-TRN-02 @ruling @model-board
  Rule: The total is the most the pawn may walk: a place within it is entered and the steps left over are lost
    The page says the total is how far you can move, a limit and not an
    exact count, so no exact roll is needed to enter a place.

    Source: Your turn, step by step ¶13

    Example: twelve is more than enough for the Kitchen, three steps away
      When Anna rolls 6 and 6
      And Anna selects the Kitchen
      And Anna confirms the move
      Then Anna stands in the Kitchen
      And Anna may ask about Marcus, the drill and the Kitchen

    Example: three is exactly enough
      When Anna rolls 1 and 2
      And Anna selects the Kitchen
      And Anna confirms the move
      Then Anna stands in the Kitchen
      And Anna may ask about Marcus, the drill and the Kitchen

  @HO-TRN-03 @ruling @model-board
  Rule: A place beyond the total may be selected too: the pawn walks the whole total along the path shown and stops in the hall, and its turn ends
    The page does not say what happens when no place is in reach.  Tapping a
    place shows a path, so the pawn follows it as far as the roll goes; in
    the hall there is nothing to ask, so the turn passes.  A player may aim
    at a far place even when a nearer one is in reach.

    Source: Your turn, step by step ¶13-14

    Example: two steps toward the Kitchen stop on Hall 2
      When Anna rolls 1 and 1
      And Anna selects the Kitchen
      Then the path shown to Anna runs through Hall 1 and Hall 2 to the Kitchen
      And the pawn of Anna would stop on Hall 2
      When Anna confirms the move
      Then Anna stands on Hall 2
      And it is Bernat's turn

    Example: in the tutorial, a walk that stops on Hall 2 is the learner's first move, and enters no place (HO-TUT-03)
      Given the tutorial for Anna
      When Anna rolls 1 and 1
      And Anna selects the Kitchen
      And Anna confirms the move
      Then Anna stands on Hall 2
      And the coach has spoken to Anna about the first move

    Example: with the Kitchen in reach Anna may still head for the Library
      When Anna rolls 3 and 4
      And Anna selects the Library
      And Anna confirms the move
      Then Anna stands on Hall 7

  @HO-TRN-04
  Rule: Selecting a place only shows the path; the selection may be changed any number of times before it is confirmed
    Source: Your turn, step by step ¶14

    Example: Anna looks at the Kitchen, then the Wine Cellar, then the Kitchen again
      Given Anna stands in the Study
      When Anna rolls 3 and 4
      And Anna selects the Kitchen
      And Anna selects the Wine Cellar
      Then Anna stands in the Study
      And the path shown to Anna leads to the Wine Cellar
      When Anna selects the Kitchen
      Then the path shown to Anna leads to the Kitchen

    Example: a selection moves nothing and asks nothing
      Given Anna stands in the Study
      When Anna rolls 3 and 4
      And Anna selects the Kitchen
      Then Anna stands in the Study
      And Anna may not ask about Marcus, the drill and the Kitchen

  @HO-TRN-05
  Rule: Confirming moves the pawn along the selected path, and a confirmed move cannot be undone
    Source: Your turn, step by step ¶14

    Example: after confirming the Kitchen Anna cannot select another place
      Given Anna has selected the Kitchen, within reach of the roll
      When Anna confirms the move
      And Anna tries to select the Wine Cellar
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: nothing to confirm before a selection
      When Anna rolls 3 and 4
      And Anna tries to confirm the move
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @HO-TRN-06 @ruling
  Rule: The place the pawn stands in cannot be selected: after rolling the pawn must leave, so a player cannot stay in a place and ask there again
    The page puts the question after the move.  A player allowed to stay
    could question the same place turn after turn without moving.

    Source: Your turn, step by step ¶14, ¶16

    Example: Anna in the Kitchen may select every other place
      Given Anna stands in the Kitchen
      When Anna rolls 3 and 4
      Then Anna may select in 8 ways, naming each place but the Kitchen

  @HO-TRN-07 @model-passages
  Rule: After rolling, a player whose turn began in a place with a secret passage may take it instead of the move, arriving in the place at its other end
    Source: Your turn, step by step ¶15

    Example: from the Kitchen through the passage into the Library
      Given Anna stands in the Kitchen
      When Anna rolls 1 and 1
      And Anna takes the secret passage
      Then Anna stands in the Library
      And Anna may ask about Marcus, the drill and the Library

    Example: a selection does not stop Anna taking the passage instead
      Given Anna stands in the Kitchen
      When Anna rolls 3 and 4
      And Anna selects the Dining Room
      And Anna takes the secret passage
      Then Anna stands in the Library

  @HO-TRN-08 @model-passages
  Rule: The secret passage is taken only after rolling
    Source: Your turn, step by step ¶15

    Example: after rolling in the Kitchen, Anna may take the passage
      Given Anna stands in the Kitchen
      When Anna rolls 3 and 4
      Then Anna may take the secret passage

    Example: before rolling, the passage is refused
      Given Anna stands in the Kitchen
      When Anna tries to take the secret passage
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @HO-TRN-09 @model-passages
  Rule: The secret passage is taken only from the place where the turn began, and only from a place that has one
    Source: Your turn, step by step ¶15
    See also: HO-MOD-03 (which places have one, on our board)

    Example: having walked into the Kitchen, Anna cannot go on through its passage
      Given Anna has selected the Kitchen, within reach of the roll
      When Anna confirms the move
      And Anna tries to take the secret passage
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @HO-TRN-10 @ruling
  Rule: A question is asked only in a place the pawn entered this turn, by moving or by the passage
    The page allows the question once the player is inside a place, after the
    move (see HO-TRN-06): a player who begins the turn in a place must move
    before asking, and a pawn in the hall cannot ask.

    Source: Your turn, step by step ¶16

    Example: having just entered the Kitchen, Anna may ask there
      Given Anna has just entered the Kitchen
      Then Anna may ask about Marcus, the drill and the Kitchen

    Example: at the start of her turn in the Kitchen, Anna cannot ask there
      Given Anna stands in the Kitchen
      When Anna tries to ask about Marcus, the drill and the Kitchen
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @HO-TRN-11 @ruling
  Rule: The question is optional: after entering a place the player may end the turn without asking
    The page says the player can ask, not that they must.

    Source: Your turn, step by step ¶16

    Example: Anna ends her turn in the Kitchen without a question
      Given Anna has just entered the Kitchen
      When Anna ends the turn
      Then it is Bernat's turn
      And Anna stands in the Kitchen

  @HO-TRN-12 @ruling
  Rule: A player inside a place may accuse at any moment of their own turn but the move: before rolling, on entering, or after the question; once the dice are rolled the pawn moves first
    The page asks only that the accuser be inside a place; the order of the
    steps on the page is the usual order, not a ban.  Accusing ends the turn
    either way (HO-ACC-05, HO-ACC-06).  A roll is made to move, and after it
    the pawn must leave its place (HO-TRN-06), so between the roll and the
    move there is no accusation.

    Source: Your turn, step by step ¶17; Making the accusation ¶31

    Example: standing in the Kitchen, Anna accuses before rolling
      Given Anna stands in the Kitchen
      When Anna accuses Vera, the thermal lance and the Wine Cellar
      Then Anna has won the game

    Example: having rolled in the Kitchen, Anna must move before she may accuse
      Given Anna stands in the Kitchen
      When Anna rolls 3 and 4
      And Anna tries to accuse Vera, the thermal lance and the Wine Cellar
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: after her question Anna may accuse or end the turn, nothing else
      Given Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      And every question is answered
      Then Anna must accuse or end the turn
