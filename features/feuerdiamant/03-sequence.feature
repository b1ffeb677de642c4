Feature: Game sequence
  Transcribes the rulebook section "Game Sequence": who plays, and the order of
  the four steps of a turn after both dice are rolled.

  @FD-TURN-01
  Rule: A turn starts with rolling both dice at once
    Source: Game Sequence ¶26

    Example: after the deal, the dice are rolled before anybody acts
      Given a 2-player game at difficulty 1
      Then chance is to roll the dice
      When the dice show "red" and 3
      Then it is Justus's hazard step

  @FD-TURN-02 @model-board
  Rule: The steps follow in the order hazard, movement, action, detective cards
    Source: Game Sequence ¶26-30

    Example: Justus may not move before the hazard die is carried out
      Given a 2-player game at difficulty 1
      And no event token lies on the red track
      When the dice show "red" and 3
      And Justus tries to move to "Schrottplatz"
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: a whole turn, step by step
      Given a 2-player game at difficulty 1
      And no event token lies on the red track
      When the dice show "red" and 3
      And Justus moves the red hazard indicator
      Then it is Justus's movement step
      When Justus moves to "Schrottplatz"
      Then it is Justus's action step
      When Justus ends the action
      Then it is Justus's detective cards step

  @FD-TURN-03 @ruling
  Rule: Play passes clockwise; the first player named begins
    Source: Game Sequence ¶26
    The rulebook leaves open who begins ("one player"): we let the first player
    named in the options begin and take the list as the clockwise order.

    Example: after Justus comes Peter, after Peter Justus again
      Given a 2-player game at difficulty 1
      And it is Justus's detective cards step on "Zentrale"
      When Justus ends the turn
      Then it is Peter's roll step
      And chance is to roll the dice

    Example: with three players, Peter comes after Justus
      Given a 3-player game at difficulty 1
      And it is Justus's detective cards step on "Zentrale"
      When Justus ends the turn
      Then it is Peter's roll step

  @FD-TURN-04
  Rule: Only the player whose turn it is takes the steps of the turn
    A request that is not a move of the game is refused as malformed.
    Source: Game Sequence ¶26

    Example: Peter may not move the hazard indicator in Justus's turn
      Given a 2-player game at difficulty 1
      When the dice show "blue" and 2
      And Peter tries to move the blue hazard indicator
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

    Example: an unknown action is a bad request
      Given a 2-player game at difficulty 1
      When the dice show "blue" and 2
      And Justus tries to send {"type": "teleport"}
      Then the action is rejected as bad_request
      And the game is exactly as it was
