Feature: End of the Game
  Transcribes the rulebook section "End of the Game": a right report at the
  Police ends the game at once, and when every player but one has failed
  there, the one left wins.

  @SD-END-01
  Rule: The game ends the moment a player names the right culprit and weapon at the Police, and that player wins; nothing more can be played
    Source: End of the Game ¶86

    Example: after Red's right report, nobody may act and a card is refused
      Given a game of Red, Yellow and Green
      And the Police hides the Maid and the Rope
      And Red is at the Police at the end of the round
      When Red names the Maid and the Rope
      And Yellow tries to play Dead End
      Then the action is rejected as illegal_action
      And the game is exactly as it was
      And the game is over and Red has won

  @SD-END-02
  Rule: When every player but one has failed at the Police, the one left wins at once
    Source: End of the Game ¶86

    Example: of two players, one wrong report leaves the winner
      Given a game of Red and Yellow
      And the Police hides the Maid and the Rope
      And Red is at the Police at the end of the round
      When Red names the Butler and the Rope
      Then the game is over and Yellow has won

    Example: Yellow, next in line, wins without reporting when Red fails and Green is already out
      Given a game of Red, Yellow and Green
      And Green is out of the game
      And the Police hides the Maid and the Rope
      And Red and Yellow are at the Police at the end of the round, in that order
      When Red names the Cook and the Knife
      Then the game is over and Yellow has won
      And nobody may act

  @SD-END-03 @ruling
  Rule: Nothing else ends the game: a wrong report with two or more players left, or a round without any report, lets the game go on
    Source: End of the Game ¶86
    The rulebook gives two ends only and no limit on rounds.  So only a right
    report, or being the last player left, wins.

    Example: four players, one wrong report, three play on
      Given a game of Red, Yellow, Green and Blue
      And the Police hides the Maid and the Rope
      And Red is at the Police at the end of the round
      When Red names the Butler and the Rope
      Then the game is not over
      And Yellow, Green and Blue must choose a card

    Example: a round in which nobody reaches the Police
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on House 3
      And Green stands on House 5
      And Yellow has chosen Foot Patrol 002 and Green has chosen Foot Patrol 001
      And Red holds Dead End
      When Red plays Dead End
      Then the game is not over
      And round 2 begins
