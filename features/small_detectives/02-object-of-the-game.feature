Feature: Object of the Game
  Transcribes the rulebook section "Object of the Game": every player is a
  detective looking for the murderer and the weapon, and the winner is the
  first to take the right answer to the Police.  How a report is made is in
  "3. Applying Tile Effects" (SD-POL-*), how the game ends in "End of the
  Game" (SD-END-*).

  Background:
    Given a game of Red, Yellow and Green
    And the Police hides the Maid and the Rope

  @SD-OBJ-01
  Rule: The case is one culprit and one weapon, and the first player to report both rightly at the Police wins
    Source: Object of the Game ¶28

    Example: naming the Maid and the Rope wins
      Given Red is at the Police at the end of the round
      When Red names the Maid and the Rope
      Then the game is over and Red has won

    Example: the right culprit with the wrong weapon is no win
      Given Red is at the Police at the end of the round
      When Red names the Maid and the Knife
      Then the game is not over
      And Red is out of the game

    Example: the right weapon with the wrong culprit is no win
      Given Red is at the Police at the end of the round
      When Red names the Cook and the Rope
      Then the game is not over
      And Red is out of the game

    Example: of two right reports only the first one counts
      Given Yellow and Red are at the Police at the end of the round, in that order
      When Yellow names the Maid and the Rope
      Then the game is over and Yellow has won
      And nobody may act
