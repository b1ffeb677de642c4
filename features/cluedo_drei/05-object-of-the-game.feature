Feature: Object of the Game
  Transcribes the rulebook section "Basic Rules / Object of the Game": the
  first player to find the three cards of the case file wins.

  @CD-OBJ-01
  Rule: The first player to name the three cards of the case file wins, and the game ends there
    Source: Object of the Game ¶48
    Example: Justus names the case file and nobody plays on
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And the case file holds Brittany, the golden belt and the Memorial Hospital
      And Justus Jonas has just entered the Headquarters
      When Justus Jonas accuses Brittany, the golden belt and the Memorial Hospital
      Then Justus Jonas has won the game
      And the game is over

    Example: once the game is won, nobody can act any more
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And the case file holds Brittany, the golden belt and the Memorial Hospital
      And Justus Jonas has just entered the Headquarters
      When Justus Jonas accuses Brittany, the golden belt and the Memorial Hospital
      And Peter Shaw tries to accuse Brittany, the golden belt and the Memorial Hospital
      Then the action is rejected as illegal_action
      And the game is exactly as it was
